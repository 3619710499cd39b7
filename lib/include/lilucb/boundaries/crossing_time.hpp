#pragma once
// How long a crossing computation (crossing.hpp), a calibration (calibration.hpp) or a
// Monte-Carlo crossing count (monte_carlo.hpp) will take, estimated before it starts, so that a
// caller can say so or refuse it past a stated bound.
//
// The estimate times the same computation on its first steps (horizons 16, 64, 256, 1024, until
// one takes 0.2 s) and extrapolates linearly in the horizon: the engine's cost per time step is
// nearly constant in t (docs/boundaries.md, "How long a computation takes": from t = 1024 to
// 10^6 within a factor 2.5 for every family measured, the early steps being the dearer).  It is
// wall-clock time on this machine under its present load: an estimate, not a bound.  A horizon
// up to 1024 is not estimated (the computation is at most a few seconds at resolution 256).

#include "lilucb/boundaries/calibration.hpp"
#include "lilucb/boundaries/crossing.hpp"
#include "lilucb/boundaries/monte_carlo.hpp"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <optional>
#include <vector>

namespace lilucb::boundaries {

struct computing_time {
  double seconds = 0;                ///< the estimated wall-clock seconds of the whole computation
  std::uint64_t timed_horizon = 0;   ///< the horizon of the timed first steps (0: none timed)
  double timed_seconds = 0;          ///< their wall-clock seconds
};

/// The horizons up to which a computation is not estimated: it is short at any resolution the
/// command line and Python accept (at most 256).
inline constexpr std::uint64_t untimed_horizon = 1024;

/// The estimate for crossing_probability(spec, horizon, resolution): {0, 0, 0} for horizon <=
/// untimed_horizon.  Domain: as crossing_probability.  Costs the timed computations (at most
/// 16 + 64 + 256 + 1024 = 1360 steps, about 1.4% of a computation of 10^5 steps).
inline computing_time estimate_crossing_time(const boundary_spec& spec, std::uint64_t horizon, unsigned resolution = 4) {
  detail::check_crossing_arguments("lilucb::boundaries::estimate_crossing_time", spec, horizon, resolution);
  computing_time r;
  if (horizon <= untimed_horizon) return r;
  for (std::uint64_t t0 = 16;; t0 *= 4) {
    const auto start = std::chrono::steady_clock::now();
    (void)crossing_probability(spec, t0, resolution);
    r.timed_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    r.timed_horizon = t0;
    if (r.timed_seconds >= 0.2 || t0 >= untimed_horizon) break;
  }
  r.seconds = r.timed_seconds * static_cast<double>(horizon) / static_cast<double>(r.timed_horizon);
  return r;
}

/// The crossing computations a calibration is estimated to run: 7 or 8 were measured for every
/// family and target (calibration_result::evaluations); the root finder may take more (at most
/// about 90).
inline constexpr double typical_calibration_evaluations = 10;

/// The estimate for calibrate(spec, p, o): typical_calibration_evaluations times the estimate of
/// one crossing computation at the stated alpha.  Domain: as calibrate.
inline computing_time estimate_calibration_time(boundary_spec spec, double p, const calibration_options& o = {}) {
  spec.alpha = stated_alpha_for(spec, p);
  computing_time r = estimate_crossing_time(with_alpha(spec, spec.alpha), o.horizon, o.resolution);
  r.seconds *= typical_calibration_evaluations;
  return r;
}

/// The estimate for crossing_monte_carlo(radius, sigma, paths, seed): the first 1, 4, 16, ...
/// paths (until they take 0.2 s, or all of them) are run and timed, and the time is scaled
/// linearly to `paths` (the paths are independent and alike, so this is an unbiased estimate of
/// the rest).  timed_horizon holds the number of paths timed; when it is `paths` the estimate is
/// the time taken, and the count of every path is stored in `*all` (when not null), so the
/// caller need not run them again.  Domain: as crossing_monte_carlo.
inline computing_time estimate_monte_carlo_time(const std::vector<double>& radius, double sigma, std::uint64_t paths,
                                                std::uint64_t seed, std::optional<crossing_count>* all = nullptr) {
  computing_time r;
  for (std::uint64_t p = 1;; p *= 4) {
    const std::uint64_t run = std::min(p, paths);
    const auto start = std::chrono::steady_clock::now();
    const crossing_count counted = crossing_monte_carlo(radius, sigma, run, seed);
    if (all && run == paths) *all = counted;
    r.timed_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    r.timed_horizon = run;
    if (r.timed_seconds >= 0.2 || run == paths) break;
  }
  r.seconds = r.timed_seconds * static_cast<double>(paths) / static_cast<double>(r.timed_horizon);
  return r;
}

}  // namespace lilucb::boundaries
