#pragma once
// The registry of verification checks run by `lilucb verify`.  Each check is one group of
// claims with its own source file in verification/src/:
//   paper-numbers  the paper's numeric statements and parameter settings (paper_numbers.cpp)
//   inequalities   interval-arithmetic proofs of the inequalities the proofs use (inequalities.cpp)
//   coverage       Monte-Carlo coverage of the finite-LIL and LS bounds (coverage.cpp)
//   adversarial    searches for means that make the algorithms fail (adversarial.cpp)
//   practice       the field's GLR practice against an adaptive sampler, and the certified rules
//                  against the same sampler (practice.cpp, ratio_adversary.cpp)
//   complexity     sample- and time-complexity claims against measurement (complexity.cpp)
//   reproduction   Section 5's statements about its experiments, from the committed data (reproduction.cpp)
// Every verdict comes from the rubric's functions (rubric.hpp).

#include "lilucb_verification/claim.hpp"
#include "lilucb_verification/cost.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace lilucb::verification {

struct check {
  std::string name;         ///< the name `lilucb verify --only` takes
  std::string description;  ///< one line
  std::vector<claim> (*run)(const verify_options&);
  /// CPU seconds (all threads) the check took at effort quick and full on the reference machine,
  /// and the share of its work that runs on one thread (from the quick run's wall and CPU time on
  /// two threads, w and c: (2w - c)/c, clamped to [0, 1]): the inputs of estimate_verify
  /// (cost.hpp).  Refreshed from a record's per-check costs.
  double reference_cpu_quick = 0, reference_cpu_full = 0, serial_fraction = 1;
};

/// Every registered check, in the order of the claims table.
const std::vector<check>& checks();

/// The check called `name`; throws lilucb::domain_error naming the known ones otherwise.
const check& find_check(std::string_view name);

/// The checks `only` names: that one (throws as find_check), or every check when it is empty.
std::vector<const check*> select_checks(std::string_view only);

/// Runs every check (or only `only`, when not empty) and returns their claims in order.  First
/// refuses, without running anything, a run estimated above options.max_seconds (cost.hpp).
/// When `costs` is given, appends what each check cost (wall and CPU seconds).
std::vector<claim> run_checks(const verify_options& options, std::string_view only = {},
                              std::vector<check_cost>* costs = nullptr);

// The checks themselves (one per source file).
std::vector<claim> paper_numbers_claims(const verify_options& options);
std::vector<claim> inequalities_claims(const verify_options& options);
std::vector<claim> coverage_claims(const verify_options& options);
std::vector<claim> adversarial_claims(const verify_options& options);
std::vector<claim> practice_claims(const verify_options& options);
std::vector<claim> complexity_claims(const verify_options& options);
std::vector<claim> reproduction_claims(const verify_options& options);

}  // namespace lilucb::verification
