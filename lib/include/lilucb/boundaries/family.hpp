#pragma once
// One run-time description of every boundary family the toolkit offers, so that the crossing
// engine (crossing.hpp), the calibration (calibration.hpp), the CLI and the verification rows
// handle them through one interface.  Each family is indexed by one real `alpha`: its stated
// one-sided crossing probability, except for the paper's finite-LIL bound, where `alpha` is the
// delta of Lemma `lem:lil` (the stated probability is lil_failure_probability(eps, delta)).
//
// Radii are on the sum S_t of t centred sigma-sub-Gaussian rewards (intrinsic time
// v = sigma^2 t); width = radius / t.

#include "lilucb/boundaries/lil_tail.hpp"
#include "lilucb/boundaries/linear.hpp"
#include "lilucb/boundaries/normal_mixture.hpp"
#include "lilucb/boundaries/stitching.hpp"
#include "lilucb/errors.hpp"
#include "lilucb/theory/finite_lil.hpp"

#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

namespace lilucb::boundaries {

enum class boundary_kind {
  lil,                ///< Lemma lem:lil, inner log as `inner` (default lemma); alpha = delta
  lil_plus2,          ///< Lemma lem:lil with footnote fnt:delta_foot's log((1+eps)t + 2); alpha = delta
  stitched,           ///< polynomial stitching (stitching.hpp)
  mixture,            ///< one-sided normal mixture (normal_mixture.hpp)
  mixture_two_sided,  ///< two-sided normal mixture (bounds |S_t|; used here one-sidedly)
  linear,             ///< a + b t (no alpha)
  constant            ///< c (no alpha)
};

/// "lil", "lil-plus2", "stitched", "mixture", "mixture-two-sided", "linear", "constant".
inline const char* to_string(boundary_kind k) noexcept {
  switch (k) {
    case boundary_kind::lil: return "lil";
    case boundary_kind::lil_plus2: return "lil-plus2";
    case boundary_kind::stitched: return "stitched";
    case boundary_kind::mixture: return "mixture";
    case boundary_kind::mixture_two_sided: return "mixture-two-sided";
    case boundary_kind::linear: return "linear";
    case boundary_kind::constant: return "constant";
  }
  return "?";
}

/// The inverse of to_string; throws lilucb::domain_error naming "kind" otherwise.
inline boundary_kind parse_boundary_kind(std::string_view text) {
  for (auto k : {boundary_kind::lil, boundary_kind::lil_plus2, boundary_kind::stitched,
                 boundary_kind::mixture, boundary_kind::mixture_two_sided, boundary_kind::linear,
                 boundary_kind::constant})
    if (text == to_string(k)) return k;
  lilucb::detail::raise_domain_error("lilucb::boundaries::parse_boundary_kind", "kind",
                                     lilucb::detail::quoted(text),
                                     "{lil, lil-plus2, stitched, mixture, mixture-two-sided, linear, constant}");
}

/// Whether the family is indexed by alpha (all but linear and constant).
inline bool has_alpha(boundary_kind k) noexcept {
  return k != boundary_kind::linear && k != boundary_kind::constant;
}

/// A boundary: its family and parameters.  Fields a family does not use are ignored.
struct boundary_spec {
  boundary_kind kind = boundary_kind::stitched;
  double alpha = 0.05;  ///< crossing probability (delta for lil, lil_plus2)
  double sigma = 1;     ///< sub-Gaussian scale of one reward
  // lil, lil_plus2
  double eps = 0.01;
  inner_log inner = inner_log::lemma;  ///< lil only; lil_plus2 is always plus2
  // stitched (Howard et al. 2021, Theorem 1); m = 0 means m = sigma^2 (the first sample)
  double eta = 2, s = 1.4, m = 0, c = 0;
  // mixtures: rho tightest at v_opt (= sigma^2 t_opt) for crossing probability alpha_opt;
  // v_opt = 0 means sigma^2 * 100, alpha_opt = 0 means alpha
  double v_opt = 0, alpha_opt = 0;
  // linear: a + b t; constant: c_const
  double a = 1, b = 0.1, c_const = 3;
  bool operator==(const boundary_spec&) const = default;
};

/// The spec with alpha replaced (calibration varies only alpha; a mixture keeps its rho, so
/// alpha_opt is pinned to the old alpha when it was defaulted).
inline boundary_spec with_alpha(boundary_spec spec, double alpha) {
  if ((spec.kind == boundary_kind::mixture || spec.kind == boundary_kind::mixture_two_sided) &&
      spec.alpha_opt == 0)
    spec.alpha_opt = spec.alpha;
  spec.alpha = alpha;
  return spec;
}

namespace detail {
inline inner_log lil_inner(const boundary_spec& b) {
  return b.kind == boundary_kind::lil_plus2 ? inner_log::plus2 : b.inner;
}
inline mixture_sides sides(const boundary_spec& b) {
  return b.kind == boundary_kind::mixture ? mixture_sides::one_sided : mixture_sides::two_sided;
}
inline double stitching_m(const boundary_spec& b) { return b.m == 0 ? b.sigma * b.sigma : b.m; }
inline double mixture_rho(const boundary_spec& b) {
  const double v_opt = b.v_opt == 0 ? b.sigma * b.sigma * 100 : b.v_opt;
  const double a_opt = b.alpha_opt == 0 ? b.alpha : b.alpha_opt;
  return normal_mixture_rho(v_opt, a_opt, sides(b));
}
}  // namespace detail

/// Checks every parameter the family uses (throws lilucb::domain_error naming it).
/// The families on intrinsic time v = sigma^2 t (stitched, mixtures) also need sigma^2 to be a
/// normal double, sigma in [sqrt(min_normal), sqrt(max_real)] = [1.49e-154, 1.34e154] (a
/// sigma^2 that underflows to 0 made the default m = sigma^2 zero and the error named m; one
/// that overflows made every radius inf), and the mixtures a normal rho (v_opt = the smallest
/// normal double printed inf).
inline void check_boundary_spec(const boundary_spec& b) {
  constexpr const char* fn = "lilucb::boundaries::check_boundary_spec";
  check_positive(fn, "sigma", b.sigma);
  if (b.kind == boundary_kind::stitched || b.kind == boundary_kind::mixture || b.kind == boundary_kind::mixture_two_sided) {
    const double s2 = b.sigma * b.sigma;
    if (!(s2 >= (std::numeric_limits<double>::min)() && s2 <= (std::numeric_limits<double>::max)()))
      lilucb::detail::raise_domain_error(
          fn, "sigma", lilucb::detail::format_value(b.sigma),
          "[sqrt(min_normal), sqrt(max_real)] = [" +
              lilucb::detail::format_bound(std::sqrt((std::numeric_limits<double>::min)())) + ", " +
              lilucb::detail::format_bound(std::sqrt((std::numeric_limits<double>::max)())) +
              "] (sigma^2 must be a normal double)");
  }
  switch (b.kind) {
    case boundary_kind::lil:
    case boundary_kind::lil_plus2:
      lilucb::detail::check_lil_eps_delta(fn, b.eps, b.alpha, detail::lil_inner(b));
      if (b.eps == 0) lilucb::detail::raise_domain_error(fn, "eps", "0", "(0, 1) (eps = 0 has no guarantee)");
      break;
    case boundary_kind::stitched:
      check_open_interval(fn, "alpha", b.alpha, 0.0, 1.0);
      detail::check_stitching(fn, b.eta, b.s, detail::stitching_m(b));
      check_at_least(fn, "c", b.c, 0.0);
      break;
    case boundary_kind::mixture:
    case boundary_kind::mixture_two_sided:
      check_open_interval(fn, "alpha", b.alpha, 0.0, 1.0);
      check_at_least(fn, "v_opt", b.v_opt, 0.0);
      check_half_open_interval(fn, "alpha_opt", b.alpha_opt, 0.0, 1.0);
      check_finite(fn, "v_opt", b.v_opt);
      if (const double rho = detail::mixture_rho(b);  // checks alpha_opt < 1/2 for the one-sided mixture
          !(rho >= (std::numeric_limits<double>::min)())) {
        // rho = v_opt / k with k = 2 log(1/a) + log(1 + 2 log(1/a)) (normal_mixture_rho).
        const double a_opt = b.alpha_opt == 0 ? b.alpha : b.alpha_opt;
        const double l = -std::log(detail::sides(b) == mixture_sides::two_sided ? a_opt : 2 * a_opt);
        const double k = 2 * l + std::log1p(2 * l);
        lilucb::detail::raise_domain_error(
            fn, "v_opt", lilucb::detail::format_value(b.v_opt),
            "[min_normal k, inf) = [" + lilucb::detail::format_bound((std::numeric_limits<double>::min)() * k) +
                ", inf) with k = 2 log(1/a) + log(1 + 2 log(1/a)) at this alpha_opt (rho = v_opt/k must be a "
                "normal double)");
      }
      break;
    case boundary_kind::linear:
      check_at_least(fn, "a", b.a, 0.0);
      check_at_least(fn, "b", b.b, 0.0);
      break;
    case boundary_kind::constant:
      check_at_least(fn, "c", b.c_const, 0.0);
      break;
  }
}

/// The radius u(t) on S_t.  Domain: t in [1, inf) and a spec passing check_boundary_spec.
inline double boundary_radius(const boundary_spec& b, double t) {
  check_at_least("lilucb::boundaries::boundary_radius", "t", t, 1.0);
  const double v = b.sigma * b.sigma * t;
  // Intrinsic time must be a double (`--t 1e308` with sigma > 1): t in [1, max_real/sigma^2].
  if (!(v <= (std::numeric_limits<double>::max)()) && b.kind != boundary_kind::linear &&
      b.kind != boundary_kind::constant && b.kind != boundary_kind::lil && b.kind != boundary_kind::lil_plus2)
    lilucb::detail::raise_domain_error("lilucb::boundaries::boundary_radius", "t", lilucb::detail::format_value(t),
                                       "[1, max_real/sigma^2] = [1, " +
                                           lilucb::detail::format_bound((std::numeric_limits<double>::max)() /
                                                                        (b.sigma * b.sigma)) +
                                           "] (v = sigma^2 t must be a double)");
  switch (b.kind) {
    case boundary_kind::lil:
    case boundary_kind::lil_plus2:
      return lil_bound(t, b.eps, b.alpha, b.sigma, detail::lil_inner(b));
    case boundary_kind::stitched:
      try {
        return stitched_radius(v, b.alpha, b.eta, b.s, detail::stitching_m(b), b.c);
      } catch (const lilucb::domain_error& e) {
        if (e.parameter() != "v") throw;
        try {
          (void)stitched_radius(1.0, b.alpha, b.eta, b.s, detail::stitching_m(b), b.c);
        } catch (const lilucb::domain_error&) {
          throw e;  // no admissible v at all: the spec's own parameters are the cause
        }
        // The radius overflows at this intrinsic time: name t (the caller's parameter) with its
        // admissible range, the largest v whose radius is a double found by bisection in log v.
        double lo = 1, hi = v;  // stitched_radius accepts v = 1 whenever the spec is valid
        for (int it = 0; it < 200 && hi / lo > 1 + 1e-12; ++it) {
          const double mid = std::sqrt(lo) * std::sqrt(hi);
          try {
            (void)stitched_radius(mid, b.alpha, b.eta, b.s, detail::stitching_m(b), b.c);
            lo = mid;
          } catch (const lilucb::domain_error&) {
            hi = mid;
          }
        }
        lilucb::detail::raise_domain_error("lilucb::boundaries::boundary_radius", "t", lilucb::detail::format_value(t),
                                           "[1, " + lilucb::detail::format_value(lo / (b.sigma * b.sigma)) +
                                               "] (the stitched radius at v = sigma^2 t must be a double)");
      }
    case boundary_kind::mixture:
    case boundary_kind::mixture_two_sided:
      return normal_mixture_radius(v, b.alpha, detail::mixture_rho(b), detail::sides(b));
    case boundary_kind::linear:
      return linear_radius(t, b.a, b.b);
    case boundary_kind::constant:
      return b.c_const;
  }
  return 0;
}

/// The one-sided crossing probability the family states (P(exists t: S_t >= u(t)) <= it), or
/// nullopt when none is stated (linear, constant) or it is vacuous (>= 1).
inline std::optional<double> stated_crossing_probability(const boundary_spec& b) {
  switch (b.kind) {
    case boundary_kind::lil:
    case boundary_kind::lil_plus2: {
      const double p = lil_failure_probability(b.eps, b.alpha, detail::lil_inner(b));
      if (p < 1) return p;
      return std::nullopt;
    }
    case boundary_kind::linear:
    case boundary_kind::constant:
      return std::nullopt;
    default:
      return b.alpha;
  }
}

/// A proven upper bound on P(exists t > T : S_t >= u(t)) for Gaussian rewards N(0, sigma^2),
/// from the family's own proof restricted to t > T, or nullopt where none is proven (constant;
/// lil with delta outside the lemma's range).  Domain: T in [1, inf).
inline std::optional<double> boundary_tail_bound(const boundary_spec& b, double T) {
  check_at_least("lilucb::boundaries::boundary_tail_bound", "T", T, 1.0);
  const double s2 = b.sigma * b.sigma;
  switch (b.kind) {
    case boundary_kind::lil:
    case boundary_kind::lil_plus2:
      if (!(b.alpha < lil_delta_max(b.eps, inner_log::lemma))) return std::nullopt;
      return lil_tail_probability(T, b.eps, b.alpha);
    case boundary_kind::stitched:
      return stitched_tail_probability(s2 * T, b.alpha, b.eta, b.s, detail::stitching_m(b));
    case boundary_kind::mixture:
    case boundary_kind::mixture_two_sided:
      return normal_mixture_tail_probability(s2 * T, b.alpha, detail::mixture_rho(b), detail::sides(b));
    case boundary_kind::linear:
      if (b.b > 0) return linear_tail_probability(T, b.a, b.b, b.sigma);
      return std::nullopt;
    case boundary_kind::constant:
      return std::nullopt;
  }
  return std::nullopt;
}

}  // namespace lilucb::boundaries
