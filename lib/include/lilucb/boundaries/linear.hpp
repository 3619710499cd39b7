#pragma once
// Linear and constant boundaries u(t) = a + b t and u(t) = c.  They carry no anytime guarantee
// of their own; they exist so that the crossing engine (crossing.hpp) can be checked on cases
// with known answers.  For Gaussian rewards N(0, sigma^2) the walk S_t is Brownian motion
// sigma B observed at integer times, so every crossing of the walk is a crossing of the
// Brownian path, and for a, b >= 0 (the law of the maximum of Brownian motion with drift)
//   P(exists t >= 0 : sigma B_t >= a + b t) = exp(-2 a b / sigma^2)
// bounds the walk's crossing probability at every horizon.

#include "lilucb/detail/promotion.hpp"
#include "lilucb/errors.hpp"

#include <boost/math/distributions/normal.hpp>
#include <boost/math/special_functions/fpclassify.hpp>

#include <cmath>
#include <limits>

namespace lilucb::boundaries {

namespace detail {
// linear_radius computed in one floating-point type Real.
template <class Real>
Real linear_radius_impl(Real t, Real a, Real b) {
  constexpr const char* fn = "lilucb::boundaries::linear_radius";
  check_at_least(fn, "t", t, Real(0));
  check_at_least(fn, "a", a, Real(0));
  check_at_least(fn, "b", b, Real(0));
  const Real u = a + b * t;
  if (!(boost::math::isfinite)(u)) {
    const Real max = (std::numeric_limits<Real>::max)();
    const Real bt = b * t;
    if ((boost::math::isfinite)(bt) && a >= bt)
      lilucb::detail::raise_domain_error(fn, "a", lilucb::detail::format_value(a),
                                         "[0, max_real - b t] = [0, " + lilucb::detail::format_bound(Real(max - bt)) +
                                             "] at this b and t (past it a + b t overflows)");
    lilucb::detail::raise_domain_error(fn, "b", lilucb::detail::format_value(b),
                                       "[0, (max_real - a)/t] = [0, " + lilucb::detail::format_bound(Real((max - a) / t)) +
                                           "] at this a and t (past it a + b t overflows)");
  }
  return u;
}
}  // namespace detail

/// a + b t.  Domain: t in [0, inf), a in [0, inf), b in [0, inf), and a + b t <= max_real
/// (`boundary --kind linear --b 1e308` printed inf): past it the larger term is named, with
/// its range at the other's value, b in [0, (max_real - a)/t] or a in [0, max_real - b t].
/// Mixed argument types promote as in Boost.Math (integers count as double); the value is
/// computed in the promoted type, so an all-double call is the double computation itself.
template <class T1, class T2, class T3>
lilucb::detail::promote_t<T1, T2, T3> linear_radius(T1 t, T2 a, T3 b) {
  using Real = lilucb::detail::promote_t<T1, T2, T3>;
  return detail::linear_radius_impl<Real>(Real(t), Real(a), Real(b));
}

namespace detail {
// 2ab/sigma^2 without a spurious nan: a or b = 0 gives 0 (also when sigma^2 underflows to 0),
// and an overflowing or underflowing quotient is taken through logarithms (exp of it is then
// 0 or 1, as it should be).
template <class Real>
Real two_ab_over_sigma2(Real a, Real b, Real sigma) {
  using std::exp;
  using std::log;
  if (a == 0 || b == 0) return Real(0);
  const Real x = 2 * a * b / (sigma * sigma);
  if ((boost::math::isfinite)(x) && x > 0 && sigma * sigma >= (std::numeric_limits<Real>::min)()) return x;
  const Real fa = a / sigma, fb = b / sigma;  // 2 fa fb may overflow to inf: then exp(-x) = 0
  if (fa >= (std::numeric_limits<Real>::min)() && fb >= (std::numeric_limits<Real>::min)() &&
      (boost::math::isfinite)(fa) && (boost::math::isfinite)(fb))
    return 2 * fa * fb;
  return exp(Real(log(Real(2)) + log(a) + log(b) - 2 * log(sigma)));
}
}  // namespace detail

namespace detail {
// brownian_linear_crossing_probability computed in one floating-point type Real.
template <class Real>
Real brownian_linear_crossing_probability_impl(Real a, Real b, Real sigma) {
  using std::exp;
  constexpr const char* fn = "lilucb::boundaries::brownian_linear_crossing_probability";
  check_at_least(fn, "a", a, Real(0));
  check_at_least(fn, "b", b, Real(0));
  check_positive(fn, "sigma", sigma);
  return exp(Real(-detail::two_ab_over_sigma2(a, b, sigma)));
}
}  // namespace detail

/// exp(-2ab/sigma^2): the probability that sigma B ever crosses a + b t (header comment), an
/// upper bound for the Gaussian walk.  Domain: a, b in [0, inf), sigma > 0.
/// Mixed argument types promote as in Boost.Math (integers count as double); the value is
/// computed in the promoted type, so an all-double call is the double computation itself.
template <class T1, class T2, class T3>
lilucb::detail::promote_t<T1, T2, T3> brownian_linear_crossing_probability(T1 a, T2 b, T3 sigma) {
  using Real = lilucb::detail::promote_t<T1, T2, T3>;
  return detail::brownian_linear_crossing_probability_impl<Real>(Real(a), Real(b), Real(sigma));
}

namespace detail {
// linear_tail_probability computed in one floating-point type Real.
template <class Real>
Real linear_tail_probability_impl(Real T, Real a, Real b, Real sigma) {
  using std::exp;
  using std::sqrt;
  constexpr const char* fn = "lilucb::boundaries::linear_tail_probability";
  check_at_least(fn, "T", T, Real(1));
  check_at_least(fn, "a", a, Real(0));
  check_positive(fn, "b", b);
  check_positive(fn, "sigma", sigma);
  const boost::math::normal_distribution<Real> n01;
  const Real m = linear_radius(T, a, b);
  const Real sd = sigma * sqrt(T);
  // z = m/sd and (a - bT)/sd: +-inf when sd is tiny (then Phi is 0 or 1), never nan.
  auto ratio = [&](const Real& x) {
    const Real z = x / sd;
    return (boost::math::isnan)(z) ? Real(0) : z;
  };
  const Real r = boost::math::cdf(boost::math::complement(n01, ratio(m))) +
                 exp(Real(-detail::two_ab_over_sigma2(a, b, sigma))) * boost::math::cdf(n01, ratio(Real(a - b * T)));
  return r < 1 ? r : Real(1);
}
}  // namespace detail

/// An upper bound on P(exists t > T : S_t >= a + b t) for Gaussian rewards: conditioning on
/// x = sigma B_T, the Brownian path crosses after T with probability min(1, exp(-2b(m - x)/sigma^2)),
/// m = a + b T, so the bound is
///   Phi(-m/(sigma sqrt T)) + exp(2b(bT - m)/sigma^2) Phi((m - 2bT)/(sigma sqrt T)),
/// evaluated as Phi(-m/(sigma sqrt T)) + exp(-2ab/sigma^2) Phi((a - bT)/(sigma sqrt T)) (the
/// same numbers: bT - m = -a, m - 2bT = a - bT), which cannot overflow when m does not
/// (`crossing --kind linear --b 1e308` ended in Boost's internal error on a nan argument).
/// Domain: T in [1, inf), a in [0, inf), b in (0, inf), sigma > 0, m = a + bT <= max_real
/// (linear_radius's check).
/// Mixed argument types promote as in Boost.Math (integers count as double); the value is
/// computed in the promoted type, so an all-double call is the double computation itself.
template <class T1, class T2, class T3, class T4>
lilucb::detail::promote_t<T1, T2, T3, T4> linear_tail_probability(T1 T, T2 a, T3 b, T4 sigma) {
  using Real = lilucb::detail::promote_t<T1, T2, T3, T4>;
  return detail::linear_tail_probability_impl<Real>(Real(T), Real(a), Real(b), Real(sigma));
}

}  // namespace lilucb::boundaries
