#pragma once
// Calibration: the alpha at which a boundary family's crossing probability for Gaussian
// rewards, computed by the crossing engine (crossing.hpp) and made certain beyond the horizon
// by the family's own tail bound, equals a target p:
//   find alpha with  upper(alpha; T) + tail(alpha; T) = p,
// upper the engine's upper bracket of P(exists t <= T : S_t >= u(t)) and tail the proven bound
// on P(exists t > T : ...).  Both increase with alpha; the root is bracketed by growing alpha
// geometrically from the stated alpha (the alpha whose stated crossing probability is p) and
// found with Boost.Math's TOMS 748 in log alpha.  The calibrated boundary's crossing
// probability is then at most p up to the engine's stated error, for Gaussian arms of the
// given sigma (docs/boundaries.md: why this makes the LS-style stopping rule nu-correct under
// any sampling rule at p = nu/(2K)).

#include "lilucb/boundaries/crossing.hpp"
#include "lilucb/boundaries/family.hpp"
#include "lilucb/errors.hpp"

#include <boost/math/tools/roots.hpp>

#include <array>
#include <cmath>
#include <cstdint>
#include <optional>

namespace lilucb::boundaries {

struct calibration_options {
  std::uint64_t horizon = 10000;  ///< T of the crossing computation; beyond it the tail bound
  unsigned resolution = 4;        ///< q of crossing_probability (step min(sigma/2, 2 sigma/q); the other run uses 1.25 times that)
};

struct calibration_result {
  double target = 0;          ///< p
  double stated_alpha = 0;    ///< the alpha (delta for lil) whose stated probability is p
  double alpha = 0;           ///< the calibrated alpha
  double alpha_ratio = 0;     ///< alpha / stated_alpha
  double effective_at_stated = 0;  ///< upper + tail at the stated alpha: the stated bound's true level
  double achieved = 0;        ///< upper + tail at the calibrated alpha (= target to the solver's tolerance)
  static constexpr std::array<double, 3> width_times{10.0, 1e3, 1e5};
  std::array<double, 3> width_ratio{};  ///< u_calibrated(t) / u_stated(t) at width_times
  std::uint64_t evaluations = 0;        ///< crossing computations run
};

/// The alpha of the family whose stated crossing probability is p: p itself, or for the lil
/// families the delta of lil_delta_for_failure_probability.  Domain: p in (0, 1/2).
inline double stated_alpha_for(const boundary_spec& spec, double p) {
  constexpr const char* fn = "lilucb::boundaries::stated_alpha_for";
  check_open_interval(fn, "p", p, 0.0, 0.5, "(0, 1/2)");
  if (!has_alpha(spec.kind))
    lilucb::detail::raise_domain_error(fn, "kind", to_string(spec.kind), "a family indexed by alpha");
  if (spec.kind == boundary_kind::lil || spec.kind == boundary_kind::lil_plus2)
    return lil_delta_for_failure_probability(spec.eps, p, detail::lil_inner(spec));
  return p;
}

/// upper + tail for the spec (tail = 1 where none is proven: then nothing is certified).
inline double certified_crossing_probability(const boundary_spec& spec, const calibration_options& o) {
  const crossing_result r = crossing_probability(spec, o.horizon, o.resolution);
  const double tail = r.tail_bound ? *r.tail_bound : 1.0;
  return std::min(1.0, r.probability_upper + tail);
}

/// Calibrates spec's family to the target p (spec.alpha is ignored; the other parameters are
/// kept; a mixture's rho stays the one tightest at v_opt for alpha_opt = the stated alpha).
/// Domain: a family indexed by alpha, p in (0, 1/2), horizon >= 1, resolution in [1, 1024].
inline calibration_result calibrate(boundary_spec spec, double p, const calibration_options& o = {}) {
  constexpr const char* fn = "lilucb::boundaries::calibrate";
  calibration_result r;
  r.target = p;
  r.stated_alpha = stated_alpha_for(spec, p);
  if (o.horizon < 1) lilucb::detail::raise_domain_error(fn, "horizon", "0", "[1, 2^64)");
  if (o.resolution < 1 || o.resolution > 1024)
    lilucb::detail::raise_domain_error(fn, "resolution", std::to_string(o.resolution), "[1, 1024]");
  spec.alpha = r.stated_alpha;
  check_boundary_spec(spec);
  const boundary_spec stated = with_alpha(spec, r.stated_alpha);  // pins a mixture's rho
  // The largest admissible alpha of the family.
  double alpha_max = 0.5;
  if (spec.kind == boundary_kind::lil || spec.kind == boundary_kind::lil_plus2)
    alpha_max = lil_delta_max(spec.eps, inner_log::lemma);  // beyond it no tail bound is proven
  auto g = [&](double log_alpha) {
    ++r.evaluations;
    return certified_crossing_probability(with_alpha(stated, std::exp(log_alpha)), o) - p;
  };
  const double x0 = std::log(r.stated_alpha);
  const double g0 = g(x0);
  r.effective_at_stated = g0 + p;
  double lo = x0, hi = x0, glo = g0, ghi = g0;
  const double x_max = std::log(alpha_max) - 1e-12;
  if (g0 <= 0) {
    while (ghi <= 0 && hi < x_max) {
      lo = hi;
      glo = ghi;
      hi = std::min(hi + std::log(4.0), x_max);
      ghi = g(hi);
    }
    if (ghi <= 0) {  // even the largest alpha stays below p
      r.alpha = std::exp(hi);
      r.achieved = ghi + p;
    }
  } else {
    while (glo > 0 && lo > x0 - 60) {
      hi = lo;
      ghi = glo;
      lo -= std::log(4.0);
      glo = g(lo);
    }
  }
  if (r.alpha == 0) {
    std::uintmax_t iterations = 40;
    const auto root = boost::math::tools::toms748_solve(g, lo, hi, glo, ghi,
                                                        boost::math::tools::eps_tolerance<double>(12), iterations);
    // The lower end keeps upper + tail <= p.
    r.alpha = std::exp(root.first);
    r.achieved = g(root.first) + p;
    if (r.achieved > p) {  // toms748 returns a bracket; fall back to its certified side
      r.alpha = std::exp(lo);
      r.achieved = glo + p;
    }
  }
  r.alpha_ratio = r.alpha / r.stated_alpha;
  const boundary_spec calibrated = with_alpha(stated, r.alpha);
  for (std::size_t i = 0; i < r.width_times.size(); ++i)
    r.width_ratio[i] = boundary_radius(calibrated, r.width_times[i]) / boundary_radius(stated, r.width_times[i]);
  return r;
}

}  // namespace lilucb::boundaries
