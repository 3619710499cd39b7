#pragma once
// One row of the claims table: a statement of the paper that a computer can check, where the
// paper makes it, what we computed, the verdict and its evidence (`lilucb verify`).
//
// Verdicts say what the computation shows, whatever the paper says:
//   holds              the computation supports the claim (a proof on a stated domain, or a
//                      Monte-Carlo estimate whose exact interval is consistent with it);
//   fails              the computation contradicts it (a counterexample, an exact interval that
//                      excludes the claimed value);
//   holds_with_caveat  true as the paper uses it, but only on a smaller domain, with a gap in the
//                      argument, or up to a stated correction;
//   undecided          the budget ran out before either side was shown.

#include <cstdint>
#include <filesystem>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

namespace lilucb::verification {

enum class verdict_kind { holds, fails, holds_with_caveat, undecided };

/// "holds", "fails", "holds with caveat", "undecided".
std::string_view to_string(verdict_kind v);

/// Inverse of to_string; throws lilucb::domain_error on anything else.
verdict_kind parse_verdict(std::string_view text);

struct claim {
  std::string id;        ///< stable identifier, "<check>.<name>", e.g. "inequalities.step3"
  std::string claim;     ///< the statement checked, in words and formulas
  std::string source;    ///< where the paper makes it: section, lemma, equation label
  std::string computed;  ///< what we computed (the numbers that decide it)
  verdict_kind verdict = verdict_kind::undecided;
  std::string evidence;  ///< counterexample, interval box, sample size and confidence, ...
  /// True when the row is the same for --quick and --full (exact computations with a fixed
  /// budget): CI then checks the published row against a fresh --quick computation.
  bool effort_independent = false;
  /// True when the verdict rests on wall-clock measurements (ns per pull): it may differ on
  /// another machine or under other load, so CI checks only that the row is still produced.
  bool machine_dependent = false;
};

/// How much work a check may do.  quick: fits in CI (the whole suite in a few minutes on two
/// cores); full: what docs/generated/claims.md publishes.
enum class effort { quick, full };

/// docs/reproduction of the source tree this library was built from.
std::filesystem::path default_reproduction_dir();

struct verify_options {
  effort level = effort::quick;
  std::uint64_t seed = 20261126;  ///< every Monte-Carlo check derives its streams from it
  unsigned threads = 0;           ///< 0 = all cores; results do not depend on it
  /// The committed reproduction data the `reproduction` check judges (docs/reproduction).
  std::filesystem::path reproduction_dir = default_reproduction_dir();
  /// Refuse to start when the estimated wall time exceeds this (cost.hpp); infinity: no limit.
  double max_seconds = std::numeric_limits<double>::infinity();
  /// How the limit is named in the refusal ("--max-seconds" for the CLI, "max_seconds" for Python).
  std::string max_seconds_name = "max_seconds";
  /// Who refuses a run over the limit, as the user called it ("lilucb verify", "lilucb.verify").
  std::string caller = "lilucb::verification::run_checks";
};

}  // namespace lilucb::verification
