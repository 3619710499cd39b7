#pragma once
// Bounded resources: the memory a plan of runs will need, estimated before anything is
// allocated, and refused with the estimate and the limit when it does not fit.  The CLI, the
// experiment runner's callers and the Python module check every plan here, so a request that
// cannot fit ends as a lilucb::domain_error naming the argument, never as an allocation failure
// half-way or the kernel's out-of-memory killer.

#include <cstdint>
#include <optional>
#include <string>

namespace lilucb {

/// The memory the system can still give this process without swapping: MemAvailable of
/// /proc/meminfo, in bytes; nullopt where it cannot be read (no check is then made).
std::optional<double> available_memory_bytes();

/// An upper estimate of the memory one run on `arms` arms holds, in bytes: 256 bytes per arm
/// (the measured peak is about 150 at 10^6 arms for lil'UCB with the radix heap and about 220 at
/// 10^5 arms for the certified rules with a posterior, docs/bandit.md) plus a fixed 64 MiB.
/// Exact in double for every arms (no overflow).
double run_memory_bytes(double arms);

/// Throws lilucb::domain_error(function, parameter, value, ...) when `bytes` exceed the available
/// memory, saying what needs it (`what`, e.g. "4 parallel runs on 10^9 arms"), how much (GB) and
/// how much is available.  `bytes` may be inf (a size that overflows): always refused.
void check_memory(const std::string& function, const std::string& parameter, const std::string& value,
                  double bytes, const std::string& what);

}  // namespace lilucb
