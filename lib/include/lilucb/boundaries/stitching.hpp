#pragma once
// Polynomial stitching boundary: Howard, Ramdas, McAuliffe and Sekhon (2021), "Time-uniform,
// nonparametric, nonasymptotic confidence sequences", Ann. Statist. 49(2), Theorem 1 with the
// polynomial stitching function h(k) = (k+1)^s zeta(s), eq. (10).
//
// For a sub-psi process S_t with intrinsic time V_t (sigma-sub-Gaussian rewards: c = 0,
// V_t = sigma^2 t), eta > 1, s > 1, m > 0, c >= 0, alpha in (0,1):
//   P(exists t : S_t >= u(V_t)) <= alpha,
//   u(v) = sqrt(k1^2 v' l(v) + (k2 c l(v))^2) + k2 c l(v),        v' = max(v, m),
//   l(v) = s log log(eta v'/m) + log(zeta(s) / (alpha (log eta)^s)),
//   k1 = (eta^(1/4) + eta^(-1/4))/sqrt(2),   k2 = (sqrt(eta) + 1)/2.
// This closed form (the largest root of the quadratic bound of Theorem 1) is the one of the
// authors' confseq library (PolyStitchingBound); checked against it, see docs/boundaries.md.
// The proof is a union bound over the epochs v in [m eta^k, m eta^(k+1)), k = 0, 1, ..., with
// error alpha / h(k) = alpha / (zeta(s) (k+1)^s) in epoch k; stitched_tail_probability sums
// the epochs from a given v on.

#include "lilucb/detail/promotion.hpp"
#include "lilucb/errors.hpp"

#include <boost/math/special_functions/fpclassify.hpp>
#include <boost/math/special_functions/zeta.hpp>

#include <cmath>
#include <limits>

namespace lilucb::boundaries {

namespace detail {
template <class Real>
void check_stitching(const char* fn, const Real& eta, const Real& s, const Real& m) {
  using std::isfinite;
  if (!(eta > 1 && (boost::math::isfinite)(eta)))
    lilucb::detail::raise_domain_error(fn, "eta", lilucb::detail::format_value(eta), "(1, inf)");
  if (!(s > 1 && (boost::math::isfinite)(s)))
    lilucb::detail::raise_domain_error(fn, "s", lilucb::detail::format_value(s), "(1, inf)");
  check_positive(fn, "m", m);
}
}  // namespace detail

namespace detail {
// stitched_radius computed in one floating-point type Real.
template <class Real>
Real stitched_radius_impl(Real v, Real alpha, Real eta, Real s, Real m, Real c) {
  using std::log;
  using std::pow;
  using std::sqrt;
  constexpr const char* fn = "lilucb::boundaries::stitched_radius";
  check_at_least(fn, "v", v, Real(0));
  check_open_interval(fn, "alpha", alpha, Real(0), Real(1));
  detail::check_stitching(fn, eta, s, m);
  check_at_least(fn, "c", c, Real(0));
  const Real vp = v > m ? v : m;
  const Real log_eta = log(eta);
  // log log(eta v'/m) = log(log(eta) + log(v'/m)): no overflow for huge v'/m.
  const Real ratio = vp / m;  // log(v'/m), without overflow for a subnormal m
  const Real log_ratio = (boost::math::isinf)(ratio) ? Real(log(vp) - log(m)) : Real(log(ratio));
  const Real ell = s * log(Real(log_eta + log_ratio)) + log(boost::math::zeta(s)) -
                   s * log(log_eta) - log(alpha);
  // l(v) is s times L = log(1 + log(v'/m)/log eta) plus terms that stay small: past
  // s = max_real / L it overflows (`boundary --kind stitched --s 1e308` printed nan: inf * c = 0 * inf).
  if (!(boost::math::isfinite)(ell))
    lilucb::detail::raise_domain_error(
        fn, "s", lilucb::detail::format_value(s),
        "(1, max_real / log(1 + log(v'/m)/log eta)) = (1, " +
            lilucb::detail::format_bound(Real((std::numeric_limits<Real>::max)() /
                                              Real(log(Real(log_eta + log_ratio)) - log(log_eta)))) +
            ") at this v (past it l(v) overflows)");
  const Real k1 = (pow(eta, Real(0.25)) + pow(eta, Real(-0.25))) / sqrt(Real(2));
  const Real k2 = (sqrt(eta) + 1) / 2;
  const Real term2 = k2 * c * ell;
  const Real u = sqrt(k1 * k1 * vp * ell + term2 * term2) + term2;
  // The radius's square k1^2 v' l(v) + (k2 c l(v))^2 must be a finite Real: it grows with
  // v' = max(v, m) and with c (`--m 1e308` printed inf).  Name the one that is large.
  if (!(boost::math::isfinite)(u)) {
    const bool by_c = !(boost::math::isfinite)(Real(term2 * term2));
    const char* name = by_c ? "c" : (m >= v ? "m" : "v");
    const Real value = by_c ? c : (m >= v ? m : v);
    lilucb::detail::raise_domain_error(fn, name, lilucb::detail::format_value(value),
                                       "values with k1^2 max(v, m) l(v) + (k2 c l(v))^2 <= max_real (the radius's "
                                       "square; here it overflows)");
  }
  return u;
}
}  // namespace detail

/// The polynomial stitching radius u(v) above (Howard et al. 2021, Theorem 1, eq. (10)).
/// Domain: v in [0, inf) (v < m is treated as m), alpha in (0,1), eta > 1, s > 1, m > 0,
/// c in [0, inf).  Positive and finite on the domain.
/// Mixed argument types promote as in Boost.Math (integers count as double); the value is
/// computed in the promoted type, so an all-double call is the double computation itself.
template <class T1, class T2, class T3, class T4, class T5, class T6>
lilucb::detail::promote_t<T1, T2, T3, T4, T5, T6> stitched_radius(T1 v, T2 alpha, T3 eta, T4 s, T5 m, T6 c) {
  using Real = lilucb::detail::promote_t<T1, T2, T3, T4, T5, T6>;
  return detail::stitched_radius_impl<Real>(Real(v), Real(alpha), Real(eta), Real(s), Real(m), Real(c));
}

namespace detail {
// stitched_tail_probability computed in one floating-point type Real.
template <class Real>
Real stitched_tail_probability_impl(Real v_from, Real alpha, Real eta, Real s, Real m) {
  using std::floor;
  using std::log;
  using std::pow;
  constexpr const char* fn = "lilucb::boundaries::stitched_tail_probability";
  check_at_least(fn, "v_from", v_from, Real(0));
  check_open_interval(fn, "alpha", alpha, Real(0), Real(1));
  detail::check_stitching(fn, eta, s, m);
  const Real vp = v_from > m ? v_from : m;
  const Real ratio = vp / m;
  const Real log_ratio = (boost::math::isinf)(ratio) ? Real(log(vp) - log(m)) : Real(log(ratio));
  const Real k0 = floor(Real(log_ratio / log(eta)));
  if (k0 < 1) return alpha;
  const Real n = k0 + 1;
  const Real bound = alpha / boost::math::zeta(s) * (pow(n, -s) + pow(n, Real(1 - s)) / (s - 1));
  return bound < alpha ? bound : alpha;
}
}  // namespace detail

/// An upper bound on P(exists t with V_t >= v_from : S_t >= u(V_t)) from the proof of Theorem 1
/// restricted to the epochs k >= k0 = floor(log_eta(max(v_from, m)/m)):
///   sum_{k >= k0} alpha/(zeta(s) (k+1)^s) <= alpha/zeta(s) * (N^-s + N^(1-s)/(s-1)), N = k0+1
/// (the sum is taken exactly for N = 1, where it is alpha).
/// Domain: v_from in [0, inf), alpha in (0,1), eta > 1, s > 1, m > 0.
/// Mixed argument types promote as in Boost.Math (integers count as double); the value is
/// computed in the promoted type, so an all-double call is the double computation itself.
template <class T1, class T2, class T3, class T4, class T5>
lilucb::detail::promote_t<T1, T2, T3, T4, T5> stitched_tail_probability(T1 v_from, T2 alpha, T3 eta, T4 s, T5 m) {
  using Real = lilucb::detail::promote_t<T1, T2, T3, T4, T5>;
  return detail::stitched_tail_probability_impl<Real>(Real(v_from), Real(alpha), Real(eta), Real(s), Real(m));
}

}  // namespace lilucb::boundaries
