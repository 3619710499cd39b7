#pragma once
// Monte-Carlo crossing counts for Gaussian walks: the independent check of the crossing engine
// (crossing.hpp).  Path i draws its rewards from the normal stream (seed, i), so the count is
// the same whatever the order or number of threads that run the paths.

#include "lilucb/random.hpp"
#include "lilucb/boundaries/family.hpp"
#include "lilucb/errors.hpp"
#include "lilucb/interrupt.hpp"

#include <cstdint>
#include <vector>

namespace lilucb::boundaries {

struct crossing_count {
  std::uint64_t crossed = 0;  ///< paths with S_t >= u(t) for some t <= horizon
  std::uint64_t paths = 0;
};

/// Simulates `paths` walks of N(0, sigma^2) rewards against radius[t] (t = 1..horizon; radius[0]
/// unused) and counts those that cross.  Domain: sigma > 0, radius.size() >= 2, paths >= 1.
inline crossing_count crossing_monte_carlo(const std::vector<double>& radius, double sigma,
                                           std::uint64_t paths, std::uint64_t seed) {
  constexpr const char* fn = "lilucb::boundaries::crossing_monte_carlo";
  check_positive(fn, "sigma", sigma);
  if (radius.size() < 2) lilucb::detail::raise_domain_error(fn, "radius", "size < 2", "u(1), ..., u(T), T >= 1");
  if (paths < 1) lilucb::detail::raise_domain_error(fn, "paths", "0", "[1, 2^64)");
  crossing_count c;
  c.paths = paths;
  for (std::uint64_t i = 0; i < paths; ++i) {
    check_interrupt();  // interrupt.hpp: one poll per path
    lilucb::random::normal_stream z(seed, i);
    double s = 0;
    for (std::size_t t = 1; t < radius.size(); ++t) {
      s += sigma * z();
      if (s >= radius[t]) {
        ++c.crossed;
        break;
      }
    }
  }
  return c;
}

/// The radii u(1..T) of a spec, as crossing_monte_carlo takes them.
inline std::vector<double> boundary_radii(const boundary_spec& spec, std::uint64_t horizon) {
  check_boundary_spec(spec);
  std::vector<double> u(static_cast<std::size_t>(horizon) + 1, 0.0);
  for (std::uint64_t t = 1; t <= horizon; ++t) {
    if (t % 4096 == 0) check_interrupt();  // interrupt.hpp
    u[t] = boundary_radius(spec, double(t));
  }
  return u;
}

}  // namespace lilucb::boundaries
