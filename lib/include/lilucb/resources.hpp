#pragma once
// Bounded resources: the memory a plan of runs will need, estimated before anything is
// allocated, and refused with the estimate and the limit when it does not fit.  `lilucb run`,
// `lilucb experiment` (run_experiment itself) and the Python module's runs, scenarios and
// experiments check their plans here, so a request that cannot fit in what is available when it
// is checked ends as a lilucb::domain_error naming the argument instead of an allocation failure
// half-way.  What other processes take after the check is not foreseen.

#include <cstdint>
#include <optional>
#include <string>

namespace lilucb {

/// The memory the system can still give this process without swapping: MemAvailable of
/// /proc/meminfo, and below it the room left under this process's cgroup limit (memory.max -
/// memory.current of cgroup v2) where one is set, in bytes; nullopt where neither can be read
/// (no check is then made).
std::optional<double> available_memory_bytes();

/// An upper estimate of the memory one run on `arms` arms holds, in bytes: 256 bytes per arm plus
/// a fixed 64 MiB (a run's width tables can reach tens of MB for counts past 2^22).  Measured for
/// a whole `lilucb run` process: 294-311 MB at 10^6 arms for lil'UCB (the estimate: 323 MB), 30 MB
/// at 10^5 arms for T3C-IDS with the pooled-per-arm GLR (docs/bandit.md).  Exact in double for
/// every arms (no overflow).
double run_memory_bytes(double arms);

/// Throws lilucb::domain_error(function, parameter, value, ...) when `bytes` exceed the available
/// memory, saying what needs it (`what`, e.g. "4 parallel runs on 10^9 arms"), how much (GB) and
/// how much is available.  `bytes` may be inf (a size that overflows): always refused.
void check_memory(const std::string& function, const std::string& parameter, const std::string& value,
                  double bytes, const std::string& what);

/// Whether a plan refused for `parallel` runs at once (each holding `one_run` bytes, beside `rest`
/// bytes the plan needs whatever its thread count) would fit in `available` bytes with one run at
/// a time: then the thread count is the argument to name in the refusal.
bool fits_with_one_run(double parallel, double rest, double one_run, double available);

}  // namespace lilucb
