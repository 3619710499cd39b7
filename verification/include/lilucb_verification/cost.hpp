#pragma once
// The time `lilucb verify` will take, estimated before any check starts, so that a run can be
// refused against a limit (`--max-seconds`, Python `max_seconds`) instead of running for hours.
//
// Model: each check carries its reference CPU seconds at each effort (checks.hpp, measured on the
// reference machine and refreshed from the per-check costs `lilucb verify --record` writes); the
// estimate scales them by this machine's speed relative to the reference machine (a fixed
// arithmetic probe's CPU time now, best of three) and spreads the check's parallel share over
// the worker threads (Amdahl, with each check's serial share).  It estimates an unloaded machine.  How the
// references were measured: docs/verification.md, "Time limits".

#include "lilucb_verification/claim.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace lilucb::verification {

/// What one check cost in a run (written to the record by `lilucb verify --record`).
struct check_cost {
  std::string name;
  double wall_seconds = 0;
  double cpu_seconds = 0;  ///< process CPU time (all threads) while the check ran
};

/// CPU seconds the fixed probe workload takes on this machine (the best of three timings of the
/// calling thread's CPU time).  Deterministic work; only its duration varies.
double machine_probe_seconds();

/// The probe's seconds on the reference machine, where the checks' reference costs were measured.
double reference_probe_seconds();

struct verify_estimate {
  double seconds = 0;          ///< estimated wall time of the run
  double machine_factor = 1;   ///< this machine's probe time over the reference machine's
  unsigned threads = 1;        ///< worker threads the work spreads over (at most the cores)
  std::vector<check_cost> per_check;  ///< estimated wall (and CPU) seconds of each check to run
};

/// The estimate for running `only` (every check when empty) with `options`.  Throws
/// lilucb::domain_error for an unknown check name.
verify_estimate estimate_verify(const verify_options& options, std::string_view only = {});

/// Throws lilucb::domain_error from options.caller naming options.max_seconds_name (its value, and the estimate in
/// the admissible text) when the estimate exceeds options.max_seconds; nothing when that limit is
/// infinite (the default).
void check_verify_time(const verify_options& options, std::string_view only = {});

}  // namespace lilucb::verification
