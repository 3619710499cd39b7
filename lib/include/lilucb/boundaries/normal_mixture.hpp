#pragma once
// Normal-mixture boundaries (Robbins' method of mixtures), in the form of Howard, Ramdas,
// McAuliffe and Sekhon (2021), Proposition 5 / eq. (14) (two-sided) and the one-sided
// half-normal mixture of their Section 3.2, as implemented in the authors' confseq library
// (TwoSidedNormalMixture / OneSidedNormalMixture).
//
// For sigma-sub-Gaussian rewards and intrinsic time v = sigma^2 t, the mixture
// supermartingales are
//   two-sided  M(s, v) = sqrt(rho/(v+rho)) exp(s^2/(2(v+rho))),
//   one-sided  M(s, v) = sqrt(4 rho/(v+rho)) exp(s^2/(2(v+rho))) Phi(s/sqrt(v+rho)),
// and Ville's inequality gives P(exists t : M(S_t, V_t) >= 1/alpha) <= alpha.  The radius is
// the s >= 0 with log M(s, v) = log(1/alpha):
//   two-sided  u = sqrt((v+rho) (log(1 + v/rho) + 2 log(1/alpha)))   (crossing of |S_t|),
//   one-sided  the root of 1/2 log(4 rho/(v+rho)) + u^2/(2(v+rho)) + log Phi(u/sqrt(v+rho))
//              = log(1/alpha), found with Boost.Math's TOMS 748 bracketing solver.
// rho is chosen so that the two-sided radius is tightest at v = v_opt:
//   rho = v_opt / (2 log(1/a) + log(1 + 2 log(1/a))),  a = alpha_opt (two-sided),
//                                                      a = 2 alpha_opt (one-sided, confseq).

#include "lilucb/detail/promotion.hpp"
#include "lilucb/errors.hpp"

#include <boost/math/distributions/normal.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <boost/math/special_functions/erf.hpp>
#include <boost/math/special_functions/fpclassify.hpp>
#include <boost/math/special_functions/log1p.hpp>
#include <boost/math/tools/roots.hpp>

#include <cmath>
#include <cstdint>
#include <limits>

namespace lilucb::boundaries {

/// Which side(s) a normal mixture bounds.
enum class mixture_sides { one_sided, two_sided };

namespace detail {
// normal_mixture_rho computed in one floating-point type Real.
template <class Real>
Real normal_mixture_rho_impl(Real v_opt, Real alpha_opt, mixture_sides sides) {
  using std::log;
  constexpr const char* fn = "lilucb::boundaries::normal_mixture_rho";
  check_positive(fn, "v_opt", v_opt);
  if (sides == mixture_sides::two_sided) {
    check_open_interval(fn, "alpha_opt", alpha_opt, Real(0), Real(1));
  } else {
    check_open_interval(fn, "alpha_opt", alpha_opt, Real(0), Real(0.5), "(0, 1/2)");
  }
  const Real a = sides == mixture_sides::two_sided ? alpha_opt : Real(2 * alpha_opt);
  const Real l = -log(a);
  return v_opt / (2 * l + boost::math::log1p(Real(2 * l)));
}
}  // namespace detail

/// rho tightest at v_opt for crossing probability alpha_opt (see the header comment).
/// Domain: v_opt > 0; alpha_opt in (0,1) (two-sided), (0, 1/2) (one-sided, as 2 alpha_opt < 1).
/// Mixed argument types promote as in Boost.Math (integers count as double); the value is
/// computed in the promoted type, so an all-double call is the double computation itself.
template <class T1, class T2>
lilucb::detail::promote_t<T1, T2> normal_mixture_rho(T1 v_opt, T2 alpha_opt, mixture_sides sides) {
  using Real = lilucb::detail::promote_t<T1, T2>;
  return detail::normal_mixture_rho_impl<Real>(Real(v_opt), Real(alpha_opt), sides);
}

namespace detail {
// normal_mixture_log_supermartingale computed in one floating-point type Real.
template <class Real>
Real normal_mixture_log_supermartingale_impl(Real s, Real v, Real rho, mixture_sides sides) {
  using std::log;
  using std::sqrt;
  constexpr const char* fn = "lilucb::boundaries::normal_mixture_log_supermartingale";
  check_finite(fn, "s", s);
  check_at_least(fn, "v", v, Real(0));
  check_positive(fn, "rho", rho);
  const Real vr = v + rho;
  const Real z = s / sqrt(vr);
  // Extreme scales (v near max_real, rho subnormal): log(rho/vr) through the
  // difference of logs when the quotient underflows, s^2/(2vr) as z^2/2 when s^2 or 2vr
  // overflows.  The usual forms otherwise.
  const Real ratio = rho / vr;
  const Real log_ratio = ratio >= (std::numeric_limits<Real>::min)() ? Real(log(ratio)) : Real(log(rho) - log(vr));
  const Real ss = s * s, vr2 = 2 * vr;
  const Real quad = (boost::math::isfinite)(ss) && (boost::math::isfinite)(vr2) ? Real(ss / vr2) : Real(z * z / 2);
  if (sides == mixture_sides::two_sided) return log_ratio / 2 + quad;
  // log Phi(z) = log(erfc(-z/sqrt 2)/2): accurate in both tails.
  const Real log_phi = log(Real(boost::math::erfc(Real(-z / sqrt(Real(2)))) / 2));
  const Real log_4ratio = ratio >= (std::numeric_limits<Real>::min)() ? Real(log(Real(4 * rho / vr)))
                                                                       : Real(log(Real(4)) + log_ratio);
  return log_4ratio / 2 + quad + log_phi;
}
}  // namespace detail

/// log M(s, v) of the chosen mixture (header comment).  Domain: s real finite, v >= 0, rho > 0.
/// Mixed argument types promote as in Boost.Math (integers count as double); the value is
/// computed in the promoted type, so an all-double call is the double computation itself.
template <class T1, class T2, class T3>
lilucb::detail::promote_t<T1, T2, T3> normal_mixture_log_supermartingale(T1 s, T2 v, T3 rho, mixture_sides sides) {
  using Real = lilucb::detail::promote_t<T1, T2, T3>;
  return detail::normal_mixture_log_supermartingale_impl<Real>(Real(s), Real(v), Real(rho), sides);
}

namespace detail {
// normal_mixture_radius computed in one floating-point type Real.
template <class Real>
Real normal_mixture_radius_impl(Real v, Real alpha, Real rho, mixture_sides sides) {
  using std::log;
  using std::sqrt;
  constexpr const char* fn = "lilucb::boundaries::normal_mixture_radius";
  check_at_least(fn, "v", v, Real(0));
  check_open_interval(fn, "alpha", alpha, Real(0), Real(1));
  check_positive(fn, "rho", rho);
  check_finite(fn, "v", v);
  const Real vr = v + rho;
  const Real l = -log(alpha);
  const Real v_rho = v / rho;
  const Real log_growth = (boost::math::isfinite)(v_rho) ? Real(boost::math::log1p(v_rho)) : Real(log(vr) - log(rho));
  if (sides == mixture_sides::two_sided) {
    const Real sq = vr * (log_growth + 2 * l);
    return (boost::math::isfinite)(sq) ? Real(sqrt(sq)) : Real(sqrt(vr) * sqrt(Real(log_growth + 2 * l)));
  }
  // f(0) = 1/2 log(rho/(v+rho)) - l < 0, and at u_hi the quadratic term alone exceeds
  // l + 1/2 log((v+rho)/rho) + log 2, so f(u_hi) >= log 4 + log(1/2) > 0; f is increasing.
  auto f = [&](const Real& u) { return normal_mixture_log_supermartingale(u, v, rho, sides) - l; };
  const Real hi = sqrt(Real(2)) * sqrt(vr) * sqrt(Real(l + log_growth / 2 + log(Real(2))));
  std::uintmax_t iterations = 200;
  const auto r = boost::math::tools::toms748_solve(
      f, Real(0), hi, f(Real(0)), f(hi),
      boost::math::tools::eps_tolerance<Real>(std::numeric_limits<Real>::digits - 3), iterations);
  return (r.first + r.second) / 2;
}
}  // namespace detail

/// The mixture radius u(v) at crossing probability alpha (header comment).
/// Domain: v in [0, max_real], alpha in (0,1), rho > 0.  Positive and finite on the domain
/// (`boundary --kind mixture-two-sided --t 1e308` printed inf: the products below are split
/// where they would overflow, log(1 + v/rho) taken as log(v + rho) - log(rho) where v/rho does).
/// Mixed argument types promote as in Boost.Math (integers count as double); the value is
/// computed in the promoted type, so an all-double call is the double computation itself.
template <class T1, class T2, class T3>
lilucb::detail::promote_t<T1, T2, T3> normal_mixture_radius(T1 v, T2 alpha, T3 rho, mixture_sides sides) {
  using Real = lilucb::detail::promote_t<T1, T2, T3>;
  return detail::normal_mixture_radius_impl<Real>(Real(v), Real(alpha), Real(rho), sides);
}

namespace detail {
// normal_mixture_tail_probability computed in one floating-point type Real.
template <class Real>
Real normal_mixture_tail_probability_impl(Real v_T, Real alpha, Real rho, mixture_sides sides) {
  using std::exp;
  using std::sqrt;
  constexpr const char* fn = "lilucb::boundaries::normal_mixture_tail_probability";
  check_positive(fn, "v_T", v_T);
  check_open_interval(fn, "alpha", alpha, Real(0), Real(1));
  check_positive(fn, "rho", rho);
  const Real u = normal_mixture_radius(v_T, alpha, rho, sides);
  const boost::math::normal_distribution<Real> n01;
  const Real sd = sqrt(v_T);
  if (sides == mixture_sides::two_sided) {
    const Real tau = sqrt(Real(v_T * (v_T + rho) / rho));
    const Real inside = 2 * boost::math::cdf(n01, Real(u / tau)) - 1;
    const Real r = alpha * inside + 2 * boost::math::cdf(boost::math::complement(n01, Real(u / sd)));
    return r < 1 ? r : Real(1);
  }
  const Real pi_scale = 1 / sqrt(rho);
  auto integrand = [&](const Real& lambda) {
    const Real z = lambda / pi_scale;
    const Real density = 2 * exp(-z * z / 2) / (pi_scale * sqrt(2 * boost::math::constants::pi<Real>()));
    return density * boost::math::cdf(n01, Real((u - lambda * v_T) / sd));
  };
  const Real inside = boost::math::quadrature::gauss_kronrod<Real, 61>::integrate(
      integrand, Real(0), std::numeric_limits<Real>::infinity(), 15, Real(1e-14));
  const Real r = alpha * inside + boost::math::cdf(boost::math::complement(n01, Real(u / sd)));
  return r < 1 ? r : Real(1);
}
}  // namespace detail

/// For Gaussian rewards N(0, sigma^2): an upper bound, from Ville's inequality applied after
/// time T, on P(exists t >= T : S_t >= u(sigma^2 t)) given by E[min(1, alpha M(S_T, v_T))]
/// with v_T = sigma^2 T, S_T ~ N(0, v_T).  It is exact in closed form for the two-sided mixture
///   alpha (2 Phi(u/tau) - 1) + 2 Phi(-u/sqrt(v_T)),  tau^2 = v_T (v_T + rho)/rho,
/// and for the one-sided mixture
///   alpha int_0^inf Phi((u - lambda v_T)/sqrt(v_T)) pi(dlambda) + Phi(-u/sqrt(v_T)),
/// pi the half-normal prior of scale 1/sqrt(rho) (Gauss–Kronrod quadrature), u = u(v_T).
/// Domain: v_T > 0, alpha in (0,1), rho > 0.
/// Mixed argument types promote as in Boost.Math (integers count as double); the value is
/// computed in the promoted type, so an all-double call is the double computation itself.
template <class T1, class T2, class T3>
lilucb::detail::promote_t<T1, T2, T3> normal_mixture_tail_probability(T1 v_T, T2 alpha, T3 rho, mixture_sides sides) {
  using Real = lilucb::detail::promote_t<T1, T2, T3>;
  return detail::normal_mixture_tail_probability_impl<Real>(Real(v_T), Real(alpha), Real(rho), sides);
}

}  // namespace lilucb::boundaries
