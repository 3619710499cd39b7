#include "lilucb_verification/cost.hpp"

#include "lilucb_verification/checks.hpp"

#include "lilucb/bandit/parallel.hpp"
#include "lilucb/errors.hpp"

#include <time.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <thread>

namespace lilucb::verification {

namespace {

/// The probe's work: 2^21 Box-Muller normals from a splitmix64 stream, each through a log and a
/// square root: the mix of integer hashing and transcendental calls the Monte-Carlo checks make.
double probe_work() {
  std::uint64_t state = 0x9e3779b97f4a7c15ULL;
  auto next = [&state] {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  };
  double sum = 0;
  for (int i = 0; i < (1 << 21); ++i) {
    const double u = (static_cast<double>(next() >> 11) + 0.5) * 0x1p-53;
    const double v = (static_cast<double>(next() >> 11) + 0.5) * 0x1p-53;
    sum += std::sqrt(-2 * std::log(u)) * std::cos(6.283185307179586 * v);
  }
  return sum;
}

/// CPU seconds of the calling thread (the probe's time is CPU time, as the references are, so
/// other processes sharing the cores do not inflate it).
double thread_cpu_seconds() {
  timespec t{};
  ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

}  // namespace

double machine_probe_seconds() {
  double best = std::numeric_limits<double>::infinity();
  volatile double sink = 0;
  for (int k = 0; k < 3; ++k) {
    const double t0 = thread_cpu_seconds();
    sink = sink + probe_work();
    best = std::min(best, thread_cpu_seconds() - t0);
  }
  return std::max(best, 1e-6);
}

// Measured on the reference machine (2 cores, the CI machine's kind) with the Release build.
double reference_probe_seconds() { return 0.054; }

verify_estimate estimate_verify(const verify_options& options, std::string_view only) {
  verify_estimate e;
  // Threads beyond the cores do not run at once: the work spreads over at most the cores.
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  e.threads = std::min(bandit::thread_count(options.threads), cores);
  const std::vector<const check*> selected = select_checks(only);
  e.machine_factor = machine_probe_seconds() / reference_probe_seconds();
  for (const check* c : selected) {
    const double cpu =
        e.machine_factor * (options.level == effort::full ? c->reference_cpu_full : c->reference_cpu_quick);
    // Amdahl: the serial share on one thread, the rest spread over the threads.
    const double wall = cpu * (c->serial_fraction + (1 - c->serial_fraction) / e.threads);
    e.per_check.push_back({c->name, wall, cpu});
    e.seconds += wall;
  }
  return e;
}

void check_verify_time(const verify_options& options, std::string_view only) {
  if (!(options.max_seconds > 0))  // also NaN
    throw lilucb::domain_error(options.caller, options.max_seconds_name,
                               std::to_string(options.max_seconds), "(0, inf]");
  if (std::isinf(options.max_seconds)) return;
  const verify_estimate e = estimate_verify(options, only);
  if (e.seconds <= options.max_seconds) return;
  char limit[64], how[256];
  std::snprintf(limit, sizeof limit, "%g", options.max_seconds);
  std::snprintf(how, sizeof how, "about %.3g s (%.3g h) on %u thread(s), this machine %.2f times the reference machine's time",
                e.seconds, e.seconds / 3600, e.threads, e.machine_factor);
  std::string longest;
  double most = -1;
  for (const auto& c : e.per_check)
    if (c.wall_seconds > most) most = c.wall_seconds, longest = c.name;
  char part[160];
  std::snprintf(part, sizeof part, " (the longest check: %s, about %.3g s)", longest.c_str(), most);
  throw lilucb::domain_error(options.caller, options.max_seconds_name, limit,
                             std::string("a limit above the run's estimated time; this one would take ") + how +
                                 (e.per_check.size() > 1 ? part : "") +
                                 ": run one check (--only), the quick effort, more threads, or raise " +
                                 options.max_seconds_name);
}

}  // namespace lilucb::verification
