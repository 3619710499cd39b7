#pragma once
// The repaired correctness part of Theorem `th:lilucb` (docs/repaired-theorem.md, Theorem R).
//
// The paper's proof of Lemma `lem:2` has three gaps (docs/findings.md F4, F10, F11) and leans
// on Lemma `lem:lil`, whose proof omits t = 1 (F1).  docs/repaired-theorem.md states and proves
// a corrected Lemma `lem:2` (Lemma R2) with the paper's structure, changing only:
//   (R1) eq. `stupidinequality2` divides by log(log(1+eps)/delta) instead of log(1/delta): that
//        is what holds for every s = T_j(t) >= 1 (the paper's form fails near s = 1);
//   (R2) the last display of Lemma `lem:2`'s proof is replaced by a union bound over k-subsets:
//        P(at least K of m independent events fail) <= C(m, K) q^K;
//   (R3) the condition on a uses delta' = rho delta, as the proof does;
//   (R4) every failure probability of Lemma `lem:lil` is the one its proof establishes,
//        `lil_failure_probability_proof` (with the t = 1 term).
// Theorem R (correctness): for eps in (0,1), beta > 0, delta in (0, repaired_delta_max(eps)) and
// a >= repaired_a_min(beta, delta, eps), with probability at least
// 1 - repaired_failure_bound(eps, delta), for every n, lil'UCB (Figure `fig:lilucb`) never meets
// its stopping condition at a suboptimal arm: whenever it stops it outputs the best arm.
// Not covered (not re-proved here): that it stops, and the number of samples (Lemma `lem:1`).
//
//   repaired_delta_max(eps)        = min(log(1+eps)/e, x*/rho(eps)), x* the root of
//                                    1 - x - sqrt(sqrt(x) log(1/x)) (x* = 0.14237...)
//   repaired_kappa(beta,delta,eps) = kappa(beta,delta) log(1/delta)/log(log(1+eps)/delta)
//   repaired_a_min(beta,delta,eps) = repaired_kappa/(1 - d - sqrt(sqrt(d) log(1/d))), d = rho delta
//   repaired_failure_bound(eps,delta)
//     = sum_{m>=1} p(delta^m) + sum_{m>=1} C(m, ceil(alpha m)) q^ceil(alpha m),
//       p = lil_failure_probability_proof(eps, .), q = p(delta), alpha = d + sqrt(sqrt(d) log(1/d)),
//     evaluated as a closed form (first sum) plus an upper bound of the second sum by blocks of
//     equal K = ceil(alpha m) with a summed geometric tail (details at the function).
// Mixed argument types promote as in Boost.Math (detail/promotion.hpp), as lil_bound's do:
// repaired_a_min(1, 1e-7, 0.01) is the all-double call.

#include "lilucb/detail/promotion.hpp"
#include "lilucb/errors.hpp"
#include "lilucb/theory/finite_lil.hpp"
#include "lilucb/theory/theorem.hpp"

#include <boost/math/constants/constants.hpp>
#include <boost/math/special_functions/fpclassify.hpp>
#include <boost/math/special_functions/log1p.hpp>
#include <boost/math/special_functions/zeta.hpp>
#include <boost/math/tools/roots.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>

namespace lilucb {

/// The statement the certified setting rests on (for reports and the CLI).
inline constexpr const char* repaired_certificate =
    "Theorem R of docs/repaired-theorem.md (repaired Lemma lem:2 with the proof's failure probability of "
    "Lemma lem:lil): P(lil'UCB ever stops on a suboptimal arm) <= repaired_failure_bound; every new "
    "inequality machine-checked (lilucb verify --only inequalities, rows *-repaired); termination and the "
    "sample bound (Lemma lem:1) are not certified";

/// The statement the stated-theorem setting rests on.
inline constexpr const char* stated_certificate =
    "meets the paper's stated hypotheses of Theorem th:lilucb; the paper's proof does not establish it "
    "(docs/findings.md F1, F4, F10, F11)";

namespace detail {
// The root x* in (0, 1) of 1 - x - sqrt(sqrt(x) log(1/x)) (the denominator of a_min as a
// function of x = rho delta): positive below x*, negative above (row
// inequalities.theorem-condition-a proves the sign on both sides).  TOMS 748 on [0.1, 0.2].
template <class Real>
Real repaired_x_star() {
  using boost::math::tools::eps_tolerance;
  std::uintmax_t iters = 200;
  const auto r = boost::math::tools::toms748_solve(
      [](const Real& x) { return a_min_denominator(x); }, Real(1) / 10, Real(1) / 5,
      eps_tolerance<Real>(std::numeric_limits<Real>::digits), iters);
  return r.first;  // lower end: the denominator is > 0 there (or zero within an ulp)
}

// q^K C(x, K+1) for a real x >= K (generalised binomial, increasing in x on [K, inf)); the K
// factors carrying q are interleaved so that no intermediate overflows.
template <class Real>
Real q_pow_binom(const Real& q, std::uint64_t K, const Real& x) {
  if (!(x > Real(K))) return Real(0);
  Real v = x - Real(K);  // i = 1 factor (x - K)/1
  for (std::uint64_t i = 2; i <= K + 1; ++i) v *= (x - Real(K) - 1 + Real(i)) * q / Real(i);
  return v;
}
}  // namespace detail

/// The repaired theorem's admissible delta range is (0, repaired_delta_max(eps)):
/// delta < log(1+eps)/e (Lemma `lem:lil`) and rho delta < x* (the repaired condition on a has a
/// positive denominator, i.e. alpha < 1).  Domain: eps in (0,1).
template <class T1>
detail::promote_t<T1> repaired_delta_max(T1 eps_in) {
  using Real = detail::promote_t<T1>;
  const Real eps(eps_in);
  constexpr const char* fn = "lilucb::repaired_delta_max";
  check_open_interval(fn, "eps", eps, Real(0), Real(1));
  const Real cap = lil_delta_max(eps, inner_log::lemma);
  const Real by_alpha = detail::repaired_x_star<Real>() / rho(eps);
  return by_alpha < cap ? by_alpha : cap;
}

namespace detail {
template <class Real>
void check_repaired_eps_delta(const char* fn, const Real& eps, const Real& delta) {
  check_open_interval(fn, "eps", eps, Real(0), Real(1));
  check_open_interval(fn, "delta", delta, Real(0), repaired_delta_max(eps),
                      "(0, min(log(1+eps)/e, x*/rho(eps))), x* = 0.142376...");
}
}  // namespace detail

/// kappa of the repaired Lemma R2: kappa(beta, delta) log(1/delta)/log(log(1+eps)/delta)
/// = ((2+beta)/beta)^2 (log(1/delta) + log(2 log(((2+beta)/beta)^2/delta)))/log(log(1+eps)/delta).
/// The paper's kappa divides by log(1/delta); eq. `stupidinequality2` holds for every s >= 1 only
/// with log(log(1+eps)/delta) (its value at s = 1), docs/repaired-theorem.md (R1).
/// Domain: beta > 0, eps in (0,1), delta in (0, repaired_delta_max(eps)).
template <class T1, class T2, class T3>
detail::promote_t<T1, T2, T3> repaired_kappa(T1 beta_in, T2 delta_in, T3 eps_in) {
  using std::log;
  using Real = detail::promote_t<T1, T2, T3>;
  const Real beta(beta_in), delta(delta_in), eps(eps_in);
  constexpr const char* fn = "lilucb::repaired_kappa";
  check_positive(fn, "beta", beta);
  detail::check_repaired_eps_delta(fn, eps, delta);
  const Real d = -log(delta);
  const Real d1 = log(Real(boost::math::log1p(eps))) + d;  // log(log(1+eps)/delta) > 1 on the range
  return Real(kappa(beta, delta) * d / d1);
}

/// The repaired condition on a (Theorem R): a >= repaired_kappa(beta, delta, eps) /
/// (1 - d - sqrt(sqrt(d) log(1/d))), d = rho(eps) delta (the proof's delta', F4).  Finite and
/// positive on the domain.  Domain: beta > 0, eps in (0,1), delta in (0, repaired_delta_max(eps)).
template <class T1, class T2, class T3>
detail::promote_t<T1, T2, T3> repaired_a_min(T1 beta_in, T2 delta_in, T3 eps_in) {
  using Real = detail::promote_t<T1, T2, T3>;
  const Real beta(beta_in), delta(delta_in), eps(eps_in);
  constexpr const char* fn = "lilucb::repaired_a_min";
  check_positive(fn, "beta", beta);
  detail::check_repaired_eps_delta(fn, eps, delta);
  const Real den = detail::a_min_denominator(Real(rho(eps) * delta));
  if (!(den > 0))  // only within rounding of the range's end
    detail::raise_domain_error(fn, "delta", detail::format_value(delta),
                               "values with 1 - rho delta - sqrt(sqrt(rho delta) log(1/(rho delta))) > 0");
  return Real(repaired_kappa(beta, delta, eps) / den);
}

/// The alpha of Lemma `lem:2`'s Step 2 as the proof chooses it: d + sqrt(sqrt(d) log(1/d)),
/// d = rho(eps) delta.  In (0,1) on the repaired range.
template <class T1, class T2>
detail::promote_t<T1, T2> repaired_alpha(T1 eps_in, T2 delta_in) {
  using std::log;
  using std::sqrt;
  using Real = detail::promote_t<T1, T2>;
  const Real eps(eps_in), delta(delta_in);
  constexpr const char* fn = "lilucb::repaired_alpha";
  detail::check_repaired_eps_delta(fn, eps, delta);
  const Real d = rho(eps) * delta;
  return d + sqrt(Real(sqrt(d) * -log(d)));
}

/// Theorem R's failure bound: P(lil'UCB ever stops on a suboptimal arm) <=
///   sum_{m>=1} p(delta^m)                                    [arm m+1's upper event E(delta^m)]
/// + sum_{m>=1} C(m, K_m) q^K_m,  K_m = ceil(alpha m)          [>= alpha m of the m better arms'
///                                                              lower events E(delta) fail]
/// with p = lil_failure_probability_proof(eps, .), q = p(delta), alpha = repaired_alpha.
/// Evaluation (every step an upper bound, so the value is a bound whatever the rounding):
///  - first sum in closed form: (2 zeta(1+eps) - 1) x^(1+eps)/(1 - delta^(1+eps))
///    + x^g/(1 - delta^g), x = delta/log(1+eps), g = (1+sqrt(eps))^2 (1+eps);
///  - second sum by blocks of equal K: the m with K_m = K lie in ((K-1)/alpha, K/alpha], and
///    sum_{m=m0}^{m1} C(m,K) = C(m1+1, K+1) - C(m0, K+1) (hockey stick) <= C(x_hi, K+1) -
///    C(max(K, x_lo), K+1) with the real ends x_hi = K/alpha + 1, x_lo = (K-1)/alpha moved
///    outward by 8 ulps (generalised binomial, increasing on [K, inf));
///  - blocks K > K_max: C(m,K) q^K <= (e m q/K)^K <= r^K, r = e q (1/alpha + 1/(K_max+1)), at
///    most 1/alpha + 1 values of m per block: tail <= (1/alpha + 1) r^(K_max+1)/(1 - r), added.
///    K_max is the first K at which that tail is below the machine epsilon times the total.
/// Returns std::nullopt ("vacuous") when the value is >= 1 or the tail does not converge
/// (r >= 1 after 5000 blocks).  Domain: eps in (0,1), delta in (0, repaired_delta_max(eps)).
template <class T1, class T2>
std::optional<detail::promote_t<T1, T2>> repaired_failure_bound(T1 eps_in, T2 delta_in) {
  using std::ceil;
  using std::log;
  using std::pow;
  using std::sqrt;
  using Real = detail::promote_t<T1, T2>;
  const Real eps(eps_in), delta(delta_in);
  constexpr const char* fn = "lilucb::repaired_failure_bound";
  detail::check_repaired_eps_delta(fn, eps, delta);
  const Real u = std::numeric_limits<Real>::epsilon();
  const Real l = boost::math::log1p(eps);
  const Real x = delta / l;
  const Real s1 = 1 + eps;
  const Real z = detail::zeta_one_plus(eps);  // zeta(1+eps), as lil_failure_probability_proof
  const Real sq = 1 + sqrt(eps);
  const Real g = sq * sq * (1 + eps);
  const Real lil_sum = (2 * z - 1) * pow(x, s1) / (1 - pow(delta, s1)) + pow(x, g) / (1 - pow(delta, g));
  const Real q = lil_failure_probability_proof(eps, delta);
  const Real alpha = repaired_alpha(eps, delta);
  const Real e = boost::math::constants::e<Real>();
  Real bin_sum = 0;
  constexpr std::uint64_t max_blocks = 5000;
  for (std::uint64_t K = 1;; ++K) {
    const Real x_hi = Real(K) / alpha * (1 + 8 * u) + 1;
    Real x_lo = Real(K - 1) / alpha * (1 - 8 * u);
    if (x_lo < Real(K)) x_lo = Real(K);
    bin_sum += detail::q_pow_binom(q, K, x_hi) - detail::q_pow_binom(q, K, x_lo);
    const Real r = e * q * (1 / alpha + 1 / Real(K + 1)) * (1 + 8 * u);
    if (!(lil_sum + bin_sum < 1)) return std::nullopt;
    if (r < 1) {
      const Real tail = (1 / alpha + 1) * pow(r, Real(K + 1)) / (1 - r);
      if (tail <= u * (lil_sum + bin_sum) || K == max_blocks) {
        const Real total = lil_sum + bin_sum + tail;
        if (!(total < 1)) return std::nullopt;
        return total;
      }
    } else if (K == max_blocks) {
      return std::nullopt;
    }
  }
}

/// The delta-dependent factor of the theorem's sample bound 2 + (1+a) B (docs/theory.md) when
/// B's H1 log(1/delta) term dominates, at a = repaired_a_min: (1 + repaired_a_min) log(1/delta).
/// Domain: as repaired_a_min.
template <class T1, class T2, class T3>
detail::promote_t<T1, T2, T3> repaired_sample_factor(T1 beta_in, T2 delta_in, T3 eps_in) {
  using std::log;
  using Real = detail::promote_t<T1, T2, T3>;
  const Real beta(beta_in), delta(delta_in), eps(eps_in);
  return (1 + repaired_a_min(beta, delta, eps)) * -log(delta);
}

/// Which of Theorem R's hypotheses a setting meets (no throw for out-of-range values).
template <class Real>
struct repaired_check {
  bool eps_in_range = false;          ///< eps in (0,1)
  bool beta_in_range = false;         ///< beta > 0
  bool delta_in_range = false;        ///< delta in (0, repaired_delta_max(eps))
  Real delta_max{};                   ///< repaired_delta_max(eps) (0 when eps is out of range)
  std::optional<Real> a_min;          ///< repaired_a_min; nullopt when undefined
  bool a_sufficient = false;          ///< a >= repaired_a_min
  std::optional<Real> failure_bound;  ///< repaired_failure_bound; nullopt: vacuous or undefined
  bool holds() const { return eps_in_range && beta_in_range && delta_in_range && a_sufficient; }
};

/// Reports which hypotheses of Theorem R the setting (eps, beta, delta, a) meets, and its
/// failure bound.  Throws only for non-finite arguments.
template <class T1, class T2, class T3, class T4>
repaired_check<detail::promote_t<T1, T2, T3, T4>> check_repaired_theorem(T1 eps_in, T2 beta_in, T3 delta_in,
                                                                         T4 a_in) {
  using Real = detail::promote_t<T1, T2, T3, T4>;
  const Real eps(eps_in), beta(beta_in), delta(delta_in), a(a_in);
  constexpr const char* fn = "lilucb::check_repaired_theorem";
  check_finite(fn, "eps", eps);
  check_finite(fn, "beta", beta);
  check_finite(fn, "delta", delta);
  check_finite(fn, "a", a);
  repaired_check<Real> r;
  r.eps_in_range = eps > 0 && eps < 1;
  r.beta_in_range = beta > 0 && (boost::math::isfinite)(Real((2 + beta) / beta));
  if (!r.eps_in_range) return r;
  r.delta_max = repaired_delta_max(eps);
  r.delta_in_range = delta > 0 && delta < r.delta_max;
  if (!r.delta_in_range) return r;
  if (r.beta_in_range) {
    const Real am = repaired_a_min(beta, delta, eps);
    if ((boost::math::isfinite)(am)) r.a_min = am;
  }
  r.a_sufficient = r.a_min.has_value() && a >= *r.a_min;
  r.failure_bound = repaired_failure_bound(eps, delta);
  return r;
}

}  // namespace lilucb
