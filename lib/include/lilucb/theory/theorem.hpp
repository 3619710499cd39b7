#pragma once
// The constants of Theorem `th:lilucb` and of Lemmas `lem:1` and `lem:2`.
//
//   rho(eps)        = (2+eps)/eps (1/log(1+eps))^(1+eps)                  (Lemmas lem:1, lem:2)
//   gamma(beta,eps) = 2 (2+beta)^2 (1+sqrt(eps))^2 (1+eps)                (Lemma lem:1)
//   kappa(beta,delta) = ((2+beta)/beta)^2 (1 + log(2 log(((2+beta)/beta)^2/delta))/log(1/delta))
//                                                                          (proof of lem:2, Step 2)
//   a_min(beta,delta) = kappa / (1 - delta - sqrt(sqrt(delta) log(1/delta)))  (th:lilucb, lem:2)
//   failure bound    = sqrt(rho delta) + 4 rho delta/(1 - rho delta)        (th:lilucb)
//   Lemma 2's probability = 1 - sqrt(rho delta) - 2 rho delta/(1 - rho delta)
//
// Where the paper's proof gives something other than its statement, the stated form keeps
// its name and the proof's form is a separate function with the suffix `_proof`
// (docs/findings.md).

#include "lilucb/detail/promotion.hpp"
#include "lilucb/errors.hpp"
#include "lilucb/theory/finite_lil.hpp"

#include <boost/math/constants/constants.hpp>
#include <boost/math/special_functions/log1p.hpp>

#include <cmath>
#include <limits>
#include <optional>

namespace lilucb {

/// rho(eps) = (2+eps)/eps (1/log(1+eps))^(1+eps) (Lemmas `lem:1`, `lem:2`, Theorem `th:lilucb`):
/// Lemma `lem:lil`'s failure probability is rho omega^(1+eps) <= rho omega for omega <= 1.
/// Domain: eps in (0,1).
template <class T1>
detail::promote_t<T1> rho(T1 eps_in) {
  using Real = detail::promote_t<T1>;
  const Real eps(eps_in);
  using std::pow;
  check_open_interval("lilucb::rho", "eps", eps, Real(0), Real(1));
  return (2 + eps) / eps * pow(Real(1 / boost::math::log1p(eps)), Real(1 + eps));
}

/// The largest beta for which gamma(beta, eps) is a finite Real for every eps in (0,1):
/// gamma = 2 (2+beta)^2 (1+sqrt(eps))^2 (1+eps) < 16 (2+beta)^2 because (1+sqrt(eps))^2 (1+eps)
/// < 4 * 2 = 8 on eps < 1, so (2+beta)^2 <= max_real/16, i.e. beta <= sqrt(max_real/16) - 2
/// (3.35e153 in double), keeps it finite.  Beyond it, gamma (and Lemma `lem:1`'s bound built on
/// it) exceeds the largest Real for eps near 1: such a beta is refused, not answered with +inf.
template <class Real>
Real gamma_beta_max() {
  using std::sqrt;
  return Real(sqrt(Real(std::numeric_limits<Real>::max() / 16)) - 2);
}

/// gamma(beta, eps) = 2 (2+beta)^2 (1+sqrt(eps))^2 (1+eps), Lemma `lem:1`.
/// Domain: beta in (0, gamma_beta_max()] = (0, sqrt(max_real/16) - 2] (3.35e153 in double: past
/// it gamma overflows, see gamma_beta_max), eps in (0,1).
template <class T1, class T2>
detail::promote_t<T1, T2> gamma(T1 beta_in, T2 eps_in) {
  using Real = detail::promote_t<T1, T2>;
  const Real beta(beta_in), eps(eps_in);
  using std::sqrt;
  constexpr const char* fn = "lilucb::gamma";
  check_positive(fn, "beta", beta);
  if (!(beta <= gamma_beta_max<Real>()))
    detail::raise_domain_error(fn, "beta", detail::format_value(beta),
                               "(0, sqrt(max_real/16) - 2] = (0, " + detail::format_bound(gamma_beta_max<Real>()) +
                                   "] (past it gamma = 2 (2+beta)^2 (1+sqrt(eps))^2 (1+eps) overflows)");
  check_open_interval(fn, "eps", eps, Real(0), Real(1));
  const Real s = 1 + sqrt(eps);
  return 2 * (2 + beta) * (2 + beta) * s * s * (1 + eps);
}

/// ((2+beta)/beta)^2: the paper's recommended a, and the leading factor of kappa and a_min.
/// Domain: beta in (0, inf).
template <class T1>
detail::promote_t<T1> exploration_ratio(T1 beta_in) {
  using Real = detail::promote_t<T1>;
  const Real beta(beta_in);
  check_positive("lilucb::exploration_ratio", "beta", beta);
  const Real r = (2 + beta) / beta;
  return r * r;
}

/// kappa(beta, delta) of Lemma `lem:2`'s proof (Step 2), the numerator of a_min.
/// Domain: beta in (0, inf), delta in (0,1) (where every logarithm in it is defined; the
/// theorem further requires delta < log(1+eps)/e, see theorem_conditions).
template <class T1, class T2>
detail::promote_t<T1, T2> kappa(T1 beta_in, T2 delta_in) {
  using Real = detail::promote_t<T1, T2>;
  const Real beta(beta_in), delta(delta_in);
  using std::log;
  constexpr const char* fn = "lilucb::kappa";
  check_positive(fn, "beta", beta);
  check_open_interval(fn, "delta", delta, Real(0), Real(1));
  const Real c = exploration_ratio(beta);
  const Real log_inv_delta = -log(delta);  // log(1/delta) without forming 1/delta
  return c * (1 + log(Real(2 * (log(c) + log_inv_delta))) / log_inv_delta);
}

namespace detail {
// 1 - d - sqrt(sqrt(d) log(1/d)) for d in (0,1).
template <class Real>
Real a_min_denominator(const Real& d) {
  using std::log;
  using std::sqrt;
  return 1 - d - sqrt(Real(sqrt(d) * -log(d)));
}

// sqrt(x) + 4x/(1-x), the theorem's failure bound as a function of x = rho delta < 1.
template <class Real>
Real theorem_failure_raw(const Real& x) {
  using std::sqrt;
  return sqrt(x) + 4 * x / (1 - x);
}
}  // namespace detail

/// The denominator of the theorem's condition on a: 1 - delta - sqrt(sqrt(delta) log(1/delta)).
/// Domain: delta in (0,1).  It is positive only for small delta (a_min is infeasible otherwise).
template <class T1>
detail::promote_t<T1> a_min_denominator(T1 delta_in) {
  using Real = detail::promote_t<T1>;
  const Real delta(delta_in);
  check_open_interval("lilucb::a_min_denominator", "delta", delta, Real(0), Real(1));
  return detail::a_min_denominator(delta);
}

/// The theorem's lower bound on a (Theorem `th:lilucb`, Lemma `lem:2`):
///   a_min = kappa(beta, delta) / (1 - delta - sqrt(sqrt(delta) log(1/delta))).
/// Returns std::nullopt ("infeasible") where the denominator is <= 0: no a satisfies the
/// condition.  Domain: beta in (0, inf), delta in (0,1).
template <class T1, class T2>
std::optional<detail::promote_t<T1, T2>> a_min(T1 beta_in, T2 delta_in) {
  using Real = detail::promote_t<T1, T2>;
  const Real beta(beta_in), delta(delta_in);
  constexpr const char* fn = "lilucb::a_min";
  check_positive(fn, "beta", beta);
  check_open_interval(fn, "delta", delta, Real(0), Real(1));
  const Real den = detail::a_min_denominator(delta);
  if (!(den > 0)) return std::nullopt;
  return Real(kappa(beta, delta) / den);
}

/// The condition on a as the last display of Lemma `lem:2`'s proof derives it: there the
/// denominator is 1 - delta' - sqrt(sqrt(delta') log(1/delta')) with delta' = rho delta, not
/// delta as in the statement (docs/findings.md).  nullopt where that denominator is <= 0 or
/// rho delta >= 1.  Domain: beta in (0, inf), delta in (0,1), eps in (0,1).
template <class T1, class T2, class T3>
std::optional<detail::promote_t<T1, T2, T3>> a_min_proof(T1 beta_in, T2 delta_in, T3 eps_in) {
  using Real = detail::promote_t<T1, T2, T3>;
  const Real beta(beta_in), delta(delta_in), eps(eps_in);
  constexpr const char* fn = "lilucb::a_min_proof";
  check_positive(fn, "beta", beta);
  check_open_interval(fn, "delta", delta, Real(0), Real(1));
  check_open_interval(fn, "eps", eps, Real(0), Real(1));
  const Real d = rho(eps) * delta;
  if (!(d < 1)) return std::nullopt;
  const Real den = detail::a_min_denominator(d);
  if (!(den > 0)) return std::nullopt;
  return Real(kappa(beta, delta) / den);
}

/// Theorem `th:lilucb`'s failure bound sqrt(rho delta) + 4 rho delta/(1 - rho delta).
/// std::nullopt ("vacuous") when rho delta >= 1 or the bound is >= 1.
/// Domain: eps in (0,1), delta in (0,1) (footnote `fnt:delta_foot`'s range; for
/// delta >= log(1+eps)/e the bound is vacuous anyway since rho log(1+eps)/e > 1).
template <class T1, class T2>
std::optional<detail::promote_t<T1, T2>> theorem_failure_bound(T1 eps_in, T2 delta_in) {
  using Real = detail::promote_t<T1, T2>;
  const Real eps(eps_in), delta(delta_in);
  constexpr const char* fn = "lilucb::theorem_failure_bound";
  check_open_interval(fn, "eps", eps, Real(0), Real(1));
  check_open_interval(fn, "delta", delta, Real(0), Real(1));
  const Real x = rho(eps) * delta;
  if (!(x < 1)) return std::nullopt;
  const Real b = detail::theorem_failure_raw(x);
  if (!(b < 1)) return std::nullopt;
  return b;
}

/// Lemma `lem:2`'s success probability 1 - sqrt(rho delta) - 2 rho delta/(1 - rho delta).
/// std::nullopt ("vacuous") when rho delta >= 1 or the value is <= 0.
/// Domain: eps in (0,1), delta in (0,1).
template <class T1, class T2>
std::optional<detail::promote_t<T1, T2>> lemma2_success_probability(T1 eps_in, T2 delta_in) {
  using Real = detail::promote_t<T1, T2>;
  const Real eps(eps_in), delta(delta_in);
  using std::sqrt;
  constexpr const char* fn = "lilucb::lemma2_success_probability";
  check_open_interval(fn, "eps", eps, Real(0), Real(1));
  check_open_interval(fn, "delta", delta, Real(0), Real(1));
  const Real x = rho(eps) * delta;
  if (!(x < 1)) return std::nullopt;
  const Real p = 1 - sqrt(x) - 2 * x / (1 - x);
  if (!(p > 0)) return std::nullopt;
  return p;
}

/// Lemma `lem:1`'s success probability 1 - 2 rho delta; std::nullopt when it is <= 0.
/// Domain: eps in (0,1), delta in (0,1).
template <class T1, class T2>
std::optional<detail::promote_t<T1, T2>> lemma1_success_probability(T1 eps_in, T2 delta_in) {
  using Real = detail::promote_t<T1, T2>;
  const Real eps(eps_in), delta(delta_in);
  constexpr const char* fn = "lilucb::lemma1_success_probability";
  check_open_interval(fn, "eps", eps, Real(0), Real(1));
  check_open_interval(fn, "delta", delta, Real(0), Real(1));
  const Real p = 1 - 2 * rho(eps) * delta;
  if (!(p > 0)) return std::nullopt;
  return p;
}

/// Which of Theorem `th:lilucb`'s hypotheses a setting (eps, beta, delta, a) meets.
template <class Real>
struct theorem_check {
  bool eps_in_range = false;         ///< eps in (0,1) (Lemma `lem:lil`, on which the theorem rests)
  bool beta_in_range = false;        ///< beta > 0
  bool delta_in_range = false;       ///< delta in (0, log(1+eps)/e)
  Real delta_max{};                  ///< log(1+eps)/e (0 when eps is out of range)
  std::optional<Real> a_min;         ///< the theorem's bound on a; nullopt: infeasible or undefined
  bool a_sufficient = false;         ///< a >= a_min
  std::optional<Real> failure_bound; ///< sqrt(rho delta) + 4 rho delta/(1-rho delta); nullopt: vacuous
  /// Every hypothesis holds: eps, beta, delta in range and a >= a_min.
  bool satisfies_theorem() const { return eps_in_range && beta_in_range && delta_in_range && a_sufficient; }
};

/// Reports, without throwing for out-of-range values, which hypotheses of Theorem
/// `th:lilucb` the setting meets and the failure bound it would carry.  Throws only for
/// non-finite arguments.
template <class T1, class T2, class T3, class T4>
theorem_check<detail::promote_t<T1, T2, T3, T4>> check_theorem(T1 eps_in, T2 beta_in, T3 delta_in, T4 a_in) {
  using Real = detail::promote_t<T1, T2, T3, T4>;
  const Real eps(eps_in), beta(beta_in), delta(delta_in), a(a_in);
  constexpr const char* fn = "lilucb::check_theorem";
  check_finite(fn, "eps", eps);
  check_finite(fn, "beta", beta);
  check_finite(fn, "delta", delta);
  check_finite(fn, "a", a);
  theorem_check<Real> r;
  r.eps_in_range = eps > 0 && eps < 1;
  r.beta_in_range = beta > 0;
  if (r.eps_in_range) {
    r.delta_max = lil_delta_max(eps, inner_log::lemma);
    r.delta_in_range = delta > 0 && delta < r.delta_max;
  }
  if (r.beta_in_range && delta > 0 && delta < 1) r.a_min = lilucb::a_min(beta, delta);
  r.a_sufficient = r.a_min.has_value() && a >= *r.a_min;
  if (r.eps_in_range && delta > 0 && delta < 1) r.failure_bound = theorem_failure_bound(eps, delta);
  return r;
}

}  // namespace lilucb
