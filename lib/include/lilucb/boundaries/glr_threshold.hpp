#pragma once
// Stopping thresholds for the Gaussian GLR (Chernoff) stopping rule of best-arm identification.
//
// Kaufmann and Koolen (2021), "Mixture martingales revisited with applications to sequential
// tests and confidence intervals", JMLR 22(246) (arXiv:1811.11419), Gaussian case of their
// deviation inequality for a subset S of arms: for Gaussian arms of variance sigma^2, any
// sampling rule and x > 0,
//   P(exists t : sum_{a in S} [N_a(t) (mu_hat_a(t) - mu_a)^2/(2 sigma^2) - 2 log(4 + log N_a(t))]
//                >= |S| C_G(x/|S|))  <=  exp(-x),
//   C_G(x) = min over lambda in (1/2, 1] of (g_G(lambda) + x)/lambda,
//   g_G(lambda) = 2 lambda - 2 lambda log(4 lambda) + log zeta(2 lambda) - 1/2 log(1 - lambda).
// Applied to the GLR statistic of the empirical best arm a against each b != a (S = {a, b},
// x = log((K-1)/delta): a union bound over the K - 1 challengers; Z_{a,b} is at most the sum over
// S when mu_a <= mu_b) and with 2 log(4 + log N_a) + 2 log(4 + log N_b) <= 4 log(4 + log(t/2))
// (x -> log(4 + log x) is concave and increasing, N_a + N_b <= t), it gives the pairwise threshold
//   beta(t, delta) = 2 C_G(1/2 log((K-1)/delta)) + 4 log(4 + log(t/2))
// and a delta-correct GLR stopping rule under any sampling rule.  This is the form of Jourdan,
// Degenne, Baudry, de Heide & Kaufmann (2022, "Top two algorithms revisited"); Shang et al.
// (2020, "Fixed-confidence guarantees for Bayesian best-arm identification") use the looser
// 4 log(4 + log t).  What was checked, and how, is in docs/boundaries.md: the JMLR text itself
// was not in the reference corpus, so the theorem number there is recalled, not read.
// At lambda = 1, g_G is +inf, so the minimum is over the open interval (1/2, 1), where
// (g_G + x)/lambda tends to +inf at both ends.
//
// glr_threshold_heuristic is log((1 + log t)/delta), the threshold used in most published
// experiments (Garivier & Kaufmann 2016 and followers).  It is UNCERTIFIED: no theorem gives
// delta-correctness with it.

#include "lilucb/detail/promotion.hpp"
#include "lilucb/errors.hpp"

#include <boost/math/special_functions/zeta.hpp>
#include <boost/math/tools/minima.hpp>

#include <cmath>
#include <cstdint>
#include <limits>

namespace lilucb::boundaries {

namespace detail {
// kk_g_gaussian computed in one floating-point type Real.
template <class Real>
Real kk_g_gaussian_impl(Real lambda) {
  using std::log;
  constexpr const char* fn = "lilucb::boundaries::kk_g_gaussian";
  check_open_interval(fn, "lambda", lambda, Real(0.5), Real(1));
  return 2 * lambda - 2 * lambda * log(Real(4 * lambda)) + log(boost::math::zeta(Real(2 * lambda))) -
         log(Real(1 - lambda)) / 2;
}
}  // namespace detail

/// g_G(lambda) of Kaufmann & Koolen (header comment).  Domain: lambda in (1/2, 1).
/// Mixed argument types promote as in Boost.Math (integers count as double); the value is
/// computed in the promoted type, so an all-double call is the double computation itself.
template <class T1>
lilucb::detail::promote_t<T1> kk_g_gaussian(T1 lambda) {
  using Real = lilucb::detail::promote_t<T1>;
  return detail::kk_g_gaussian_impl<Real>(Real(lambda));
}

namespace detail {
// kk_calibration_gaussian computed in one floating-point type Real.
template <class Real>
Real kk_calibration_gaussian_impl(Real x) {
  constexpr const char* fn = "lilucb::boundaries::kk_calibration_gaussian";
  check_at_least(fn, "x", x, Real(0));
  auto f = [&](const Real& lambda) { return (kk_g_gaussian(lambda) + x) / lambda; };
  // Stay strictly inside (1/2, 1): the objective is +inf at both ends.
  const Real lo = Real(0.5) + Real(1) / 4096 / 1024;
  const Real hi = Real(1) - Real(1) / 4096 / 1024;
  std::uintmax_t iterations = 500;
  const auto r = boost::math::tools::brent_find_minima(f, lo, hi, std::numeric_limits<Real>::digits / 2, iterations);
  return r.second;
}
}  // namespace detail

/// C_G(x) = min over lambda in (1/2, 1) of (g_G(lambda) + x)/lambda, by Brent's minimiser
/// (Boost.Math brent_find_minima; the minimiser is unique, tested against a dense scan).
/// Domain: x in [0, inf).
/// Mixed argument types promote as in Boost.Math (integers count as double); the value is
/// computed in the promoted type, so an all-double call is the double computation itself.
template <class T1>
lilucb::detail::promote_t<T1> kk_calibration_gaussian(T1 x) {
  using Real = lilucb::detail::promote_t<T1>;
  return detail::kk_calibration_gaussian_impl<Real>(Real(x));
}

namespace detail {
// glr_threshold_gaussian_constant computed in one floating-point type Real.
template <class Real>
Real glr_threshold_gaussian_constant_impl(Real delta, Real K) {
  using std::log;
  constexpr const char* fn = "lilucb::boundaries::glr_threshold_gaussian_constant";
  check_open_interval(fn, "delta", delta, Real(0), Real(1));
  check_at_least(fn, "K", K, Real(2));
  return 2 * kk_calibration_gaussian(Real(log(Real((K - 1) / delta)) / 2));
}
}  // namespace detail

/// The constant part of beta: 2 C_G(1/2 log((K-1)/delta)) (header comment).
/// Domain: delta in (0, 1), K in [2, inf).
/// Mixed argument types promote as in Boost.Math (integers count as double); the value is
/// computed in the promoted type, so an all-double call is the double computation itself.
template <class T1, class T2>
lilucb::detail::promote_t<T1, T2> glr_threshold_gaussian_constant(T1 delta, T2 K) {
  using Real = lilucb::detail::promote_t<T1, T2>;
  return detail::glr_threshold_gaussian_constant_impl<Real>(Real(delta), Real(K));
}

namespace detail {
// glr_threshold_gaussian_time_term computed in one floating-point type Real.
template <class Real>
Real glr_threshold_gaussian_time_term_impl(Real t) {
  using std::log;
  check_at_least("lilucb::boundaries::glr_threshold_gaussian_time_term", "t", t, Real(1));
  return 4 * log(Real(4 + log(Real(t / 2))));
}
}  // namespace detail

/// The time part of beta: 4 log(4 + log(t/2)), the two arms' 2 log(4 + log N) terms bounded by
/// concavity with N_a + N_b <= t (header comment).  Domain: t in [1, inf).
/// Mixed argument types promote as in Boost.Math (integers count as double); the value is
/// computed in the promoted type, so an all-double call is the double computation itself.
template <class T1>
lilucb::detail::promote_t<T1> glr_threshold_gaussian_time_term(T1 t) {
  using Real = lilucb::detail::promote_t<T1>;
  return detail::glr_threshold_gaussian_time_term_impl<Real>(Real(t));
}

namespace detail {
// glr_threshold_gaussian computed in one floating-point type Real.
template <class Real>
Real glr_threshold_gaussian_impl(Real t, Real delta, Real K) {
  constexpr const char* fn = "lilucb::boundaries::glr_threshold_gaussian";
  check_at_least(fn, "t", t, Real(1));
  check_open_interval(fn, "delta", delta, Real(0), Real(1));
  check_at_least(fn, "K", K, Real(2));
  return glr_threshold_gaussian_constant(delta, K) + glr_threshold_gaussian_time_term(t);
}
}  // namespace detail

/// beta(t, delta) = 2 C_G(1/2 log((K-1)/delta)) + 4 log(4 + log(t/2)) (header comment): the sum
/// of glr_threshold_gaussian_constant and glr_threshold_gaussian_time_term.
/// Domain: t in [1, inf), delta in (0, 1), K in [2, inf) (number of arms).
/// Mixed argument types promote as in Boost.Math (integers count as double); the value is
/// computed in the promoted type, so an all-double call is the double computation itself.
template <class T1, class T2, class T3>
lilucb::detail::promote_t<T1, T2, T3> glr_threshold_gaussian(T1 t, T2 delta, T3 K) {
  using Real = lilucb::detail::promote_t<T1, T2, T3>;
  return detail::glr_threshold_gaussian_impl<Real>(Real(t), Real(delta), Real(K));
}

namespace detail {
// glr_threshold_heuristic computed in one floating-point type Real.
template <class Real>
Real glr_threshold_heuristic_impl(Real t, Real delta) {
  using std::log;
  constexpr const char* fn = "lilucb::boundaries::glr_threshold_heuristic";
  check_at_least(fn, "t", t, Real(1));
  check_open_interval(fn, "delta", delta, Real(0), Real(1));
  return log((1 + log(t)) / delta);  // the form the GLR stopping rule and `lilucb hardness` use
}
}  // namespace detail

/// The heuristic threshold log((1 + log t)/delta): UNCERTIFIED (header comment).
/// Domain: t in [1, inf), delta in (0, 1).
/// Mixed argument types promote as in Boost.Math (integers count as double); the value is
/// computed in the promoted type, so an all-double call is the double computation itself.
template <class T1, class T2>
lilucb::detail::promote_t<T1, T2> glr_threshold_heuristic(T1 t, T2 delta) {
  using Real = lilucb::detail::promote_t<T1, T2>;
  return detail::glr_threshold_heuristic_impl<Real>(Real(t), Real(delta));
}

}  // namespace lilucb::boundaries
