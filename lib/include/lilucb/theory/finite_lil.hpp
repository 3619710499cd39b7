#pragma once
// The finite law of the iterated logarithm: Lemma `lem:lil` of Jamieson, Malloy, Nowak and
// Bubeck, "lil' UCB", and its variant from footnote `fnt:delta_foot`.
//
// For i.i.d. centred sub-Gaussian X_s of scale sigma, eps in (0,1) and
// delta in (0, log(1+eps)/e), with probability at least
//     1 - (2+eps)/eps * (delta/log(1+eps))^(1+eps)
// for every t >= 1
//     S_t = sum_{s<=t} X_s <= (1+sqrt(eps)) sqrt(2 sigma^2 (1+eps) t log(log((1+eps) t)/delta)).
// Footnote `fnt:delta_foot` replaces log((1+eps) t) by log((1+eps) t + 2) and allows every
// delta in (0,1) "with the same theoretical guarantees".

#include "lilucb/detail/promotion.hpp"
#include "lilucb/errors.hpp"
#include "lilucb/theory/inner_log.hpp"
#include "lilucb/policies.hpp"

#include <boost/math/constants/constants.hpp>
#include <boost/math/special_functions/fpclassify.hpp>
#include <boost/math/special_functions/log1p.hpp>
#include <boost/math/special_functions/next.hpp>
#include <boost/math/special_functions/zeta.hpp>

#include <cmath>
#include <limits>
#include <string>
#include <string_view>

namespace lilucb {

/// Upper end of the admissible delta range, exclusive: log(1+eps)/e for the lemma's form
/// (Lemma `lem:lil`, Theorem `th:lilucb`), 1 for footnote `fnt:delta_foot`'s form.
/// Domain: eps in (0,1) for the lemma's form, eps in [0,1) for plus2.
template <class T1>
detail::promote_t<T1> lil_delta_max(T1 eps_in, inner_log inner) {
  using Real = detail::promote_t<T1>;
  const Real eps(eps_in);
  constexpr const char* fn = "lilucb::lil_delta_max";
  if (inner == inner_log::lemma) {
    check_open_interval(fn, "eps", eps, Real(0), Real(1));
    return boost::math::log1p(eps) / boost::math::constants::e<Real>();
  }
  check_half_open_interval(fn, "eps", eps, Real(0), Real(1));
  return Real(1);
}

namespace detail {
// Checks (eps, delta) against the range of the chosen form; shared by the bound functions.
template <class Real>
void check_lil_eps_delta(const char* fn, const Real& eps, const Real& delta, inner_log inner) {
  using std::log;
  if (inner == inner_log::lemma) {
    check_open_interval(fn, "eps", eps, Real(0), Real(1));
    check_open_interval(fn, "delta", delta, Real(0),
                        Real(boost::math::log1p(eps) / boost::math::constants::e<Real>()),
                        "(0, log(1+eps)/e)");
  } else {
    check_half_open_interval(fn, "eps", eps, Real(0), Real(1));
    check_open_interval(fn, "delta", delta, Real(0), Real(1));
  }
}

// log(x / delta) for x > 0, delta in (0,1): the ratio, or log(x) - log(delta) where the ratio
// would overflow (subnormal delta).
template <class Real>
Real log_ratio(const Real& x, const Real& delta) {
  using std::log;
  const Real r = x / delta;
  if ((boost::math::isinf)(r)) return log(x) - log(delta);
  return log(r);
}

// The lemma's outer logarithm at confidence delta/k: log(k log((1+eps) t + c) / delta), k >= 1
// (k = 1 for the lemma itself, k = 2n for the LS rule's union bound over n arms and two signs).
// Computed without forming (1+eps) t or delta/k, either of which could overflow or underflow:
// log((1+eps) t + c) = log(t) + log1p(eps + c/t), where log1p keeps tiny eps exact at t = 1.
template <class Real>
Real lil_log_term(const Real& t, const Real& eps, const Real& delta, inner_log inner, const Real& k) {
  using std::log;
  const Real inner_value = log(t) + boost::math::log1p(Real(eps + inner_log_offset<Real>(inner) / t));
  const Real x = k * inner_value;
  if ((boost::math::isinf)(x)) return Real(log(k) + log(inner_value) - log(delta));
  return log_ratio(x, delta);
}

// The arguments of lil_bound / lil_width / ls_bound under a policy.  throw_on_error: the
// lemma's domain for the chosen form (t >= 1, the (eps, delta) range of the form, sigma > 0),
// checked, true or a throw.  return_sentinel: false (the caller returns +infinity) unless t >= 1,
// eps in [0,1), delta in (0,1) and sigma > 0 are finite reals; the form's tighter delta range
// (delta < log(1+eps)/e for the lemma's form) is not required: the value there carries no
// guarantee, which the heuristic (eps = 0) accepts on purpose.
template <class Policy, class Real>
bool lil_arguments_ok(const char* fn, const char* t_name, const Real& t, const Real& eps, const Real& delta,
                      const Real& sigma, inner_log inner) {
  static_assert(policies::is_policy_v<Policy>, "lilucb: unknown error policy");
  if constexpr (policies::throws_v<Policy>) {
    check_at_least(fn, t_name, t, Real(1));
    check_lil_eps_delta(fn, eps, delta, inner);
    check_positive(fn, "sigma", sigma);
    return true;
  } else {
    return t >= 1 && (boost::math::isfinite)(t) && eps >= 0 && eps < 1 && delta > 0 && delta < 1 &&
           sigma > 0 && (boost::math::isfinite)(sigma);
  }
}

enum class lil_form { bound, width };

// THE formula of Lemma `lem:lil` (every bound and width of the library is this function):
//   bound: (1+sqrt(eps)) sigma sqrt(2 (1+eps) L) sqrt(t),   width: (1+sqrt(eps)) sigma sqrt(2 (1+eps) L / t),
//   L = lil_log_term(t, eps, delta, inner, k),
// for arguments that passed lil_arguments_ok.  On the lemma's domain L > 0; elsewhere (only
// reachable under return_sentinel) L <= 0 or NaN gives +infinity.
template <lil_form Form, class Policy, class Real>
Real lil_evaluate(const Real& t, const Real& eps, const Real& delta, const Real& sigma, inner_log inner,
                  const Real& k) {
  using std::sqrt;
  const Real log_term = lil_log_term(t, eps, delta, inner, k);
  if constexpr (!policies::throws_v<Policy>) {
    if (!(log_term > 0)) return std::numeric_limits<Real>::infinity();
  }
  if constexpr (Form == lil_form::width) return (1 + sqrt(eps)) * sigma * sqrt(Real(2 * (1 + eps) * log_term / t));
  else return (1 + sqrt(eps)) * sigma * sqrt(Real(2 * (1 + eps) * log_term)) * sqrt(t);
}

// The formula at valid arguments, refusing (throw_on_error) a value that exceeds the largest Real.
// On the domain every factor but sigma is bounded: sqrt(t) <= sqrt(max_real) and the outer
// logarithm L is at most log(log(max_real)/min_delta) (~751 in double), so the value at sigma = 1
// is finite and the bound is linear in sigma: it is finite exactly for
// sigma <= max_real / value(sigma = 1) (up to rounding), the range the error states.  Under
// return_sentinel +infinity is the documented sentinel and is returned as is.
template <lil_form Form, class Policy, class Real>
Real lil_evaluate_finite(const char* fn, const Real& t, const Real& eps, const Real& delta, const Real& sigma,
                         inner_log inner, const Real& k) {
  const Real v = lil_evaluate<Form, Policy>(t, eps, delta, sigma, inner, k);
  if constexpr (policies::throws_v<Policy>) {
    if (!(boost::math::isfinite)(v)) {
      const Real at_one = lil_evaluate<Form, Policy>(t, eps, delta, Real(1), inner, k);
      raise_domain_error(fn, "sigma", format_value(sigma),
                         "(0, max_real / (the value at sigma = 1)) = (0, " +
                             format_bound(Real(std::numeric_limits<Real>::max() / at_one)) +
                             ") at these t, eps, delta (the bound is linear in sigma; past it it overflows)");
    }
  }
  return v;
}

// lil_bound and lil_width: the lemma itself (k = 1), its arguments checked under the policy.
template <lil_form Form, class Policy, class Real>
Real lil_checked(const char* fn, const Real& t, const Real& eps, const Real& delta, const Real& sigma,
                 inner_log inner) {
  if (!lil_arguments_ok<Policy>(fn, "t", t, eps, delta, sigma, inner)) return std::numeric_limits<Real>::infinity();
  return lil_evaluate_finite<Form, Policy>(fn, t, eps, delta, sigma, inner, Real(1));
}
}  // namespace detail

namespace detail {
// zeta(1+eps) for eps in (0,1): 1/eps + (zeta(s) - 1/(s-1)) with s = 1+eps rounded (s - 1 is
// exact, and the bracket is smooth at s = 1, so rounding 1+eps costs nothing near the pole).
// When 1 + eps rounds to 1 the bracket is its limit at s = 1, Euler's gamma (error O(eps)).
template <class Real>
Real zeta_one_plus(const Real& eps) {
  const Real s1 = 1 + eps;
  if (!(s1 > 1)) return 1 / eps + boost::math::constants::euler<Real>();
  return 1 / eps + (boost::math::zeta(s1) - 1 / Real(s1 - 1));
}
}  // namespace detail

/// The right-hand side of Lemma `lem:lil`:
///   (1+sqrt(eps)) sqrt(2 sigma^2 (1+eps) t log(log((1+eps) t + c)/delta)),
/// c = 0 (inner_log::lemma) or c = 2 (inner_log::plus2, footnote `fnt:delta_foot`).
/// Domain: t >= 1; sigma > 0; lemma: eps in (0,1), delta in (0, log(1+eps)/e);
/// plus2: eps in [0,1) (eps = 0 is the heuristic's width, which carries no guarantee),
/// delta in (0,1).  On this domain the outer logarithm is positive, so the value is
/// a positive real (never NaN); a sigma so large that the value exceeds the largest Real
/// (sigma > max_real / value at sigma = 1) is refused, naming sigma and that range.
/// Policy (policies.hpp): throw_on_error (default) throws lilucb::domain_error outside the
/// domain; return_sentinel returns the formula's value wherever t >= 1, eps in [0,1),
/// delta in (0,1), sigma > 0 and the outer logarithm is positive (whether or not delta is in
/// the lemma's range), and +infinity everywhere else.
/// Mixed argument types promote as in Boost.Math (integers count as double).
template <class T1, class T2, class T3, class T4, class Policy = policies::throw_on_error>
detail::promote_t<T1, T2, T3, T4> lil_bound(T1 t, T2 eps, T3 delta, T4 sigma, inner_log inner,
                                            const Policy& = Policy()) {
  using Real = detail::promote_t<T1, T2, T3, T4>;
  return detail::lil_checked<detail::lil_form::bound, Policy>("lilucb::lil_bound", Real(t), Real(eps), Real(delta),
                                                              Real(sigma), inner);
}

/// The per-sample width of Lemma `lem:lil`: lil_bound(t, ...) / t, i.e. the bound on the
/// deviation of an empirical mean of t samples (the U(t, delta) of Section `sec:analysis`
/// when sigma = 1 and c = 0).  Same domain, policies and sentinel as lil_bound.  The engine's
/// width (bandit::ucb_width) is this function under policies::return_sentinel.
template <class T1, class T2, class T3, class T4, class Policy = policies::throw_on_error>
detail::promote_t<T1, T2, T3, T4> lil_width(T1 t, T2 eps, T3 delta, T4 sigma, inner_log inner,
                                            const Policy& = Policy()) {
  using Real = detail::promote_t<T1, T2, T3, T4>;
  return detail::lil_checked<detail::lil_form::width, Policy>("lilucb::lil_width", Real(t), Real(eps), Real(delta),
                                                              Real(sigma), inner);
}

/// The failure probability stated in Lemma `lem:lil`: (2+eps)/eps * (delta/log(1+eps))^(1+eps).
/// It bounds P(exists t >= 1 : S_t > lil_bound(t, ...)).  Values >= 1 are vacuous; callers
/// that report a probability treat them as "no guarantee".
/// Domain: eps in (0,1); delta in (0, log(1+eps)/e) (lemma) or (0,1) (plus2, as the
/// footnote claims the same guarantee there).
template <class T1, class T2>
detail::promote_t<T1, T2> lil_failure_probability(T1 eps_in, T2 delta_in, inner_log inner) {
  using std::pow;
  using Real = detail::promote_t<T1, T2>;
  const Real eps(eps_in), delta(delta_in);
  constexpr const char* fn = "lilucb::lil_failure_probability";
  check_open_interval(fn, "eps", eps, Real(0), Real(1));
  detail::check_lil_eps_delta(fn, eps, delta, inner);
  return (2 + eps) / eps * pow(Real(delta / boost::math::log1p(eps)), Real(1 + eps));
}

/// The inverse of lil_failure_probability in delta: the delta whose stated failure
/// probability equals p, delta = log(1+eps) (p eps/(2+eps))^(1/(1+eps)).
/// Domain: eps in (0,1); p in (0, p_max) with p_max = min(1, (2+eps)/eps e^-(1+eps)) for the
/// lemma's form (so that delta < log(1+eps)/e) and p_max = 1 for plus2.
template <class T1, class T2>
detail::promote_t<T1, T2> lil_delta_for_failure_probability(T1 eps_in, T2 p_in, inner_log inner) {
  using std::exp;
  using std::pow;
  using std::min;
  using Real = detail::promote_t<T1, T2>;
  const Real eps(eps_in), p(p_in);
  constexpr const char* fn = "lilucb::lil_delta_for_failure_probability";
  check_open_interval(fn, "eps", eps, Real(0), Real(1));
  if (inner == inner_log::lemma) {
    const Real p_cap = (2 + eps) / eps * exp(Real(-(1 + eps)));
    check_open_interval(fn, "p", p, Real(0), Real(p_cap < 1 ? p_cap : Real(1)),
                        "(0, min(1, (2+eps)/eps e^-(1+eps)))");
  } else {
    check_open_interval(fn, "p", p, Real(0), Real(1));
  }
  Real delta = boost::math::log1p(eps) * pow(Real(p * eps / (2 + eps)), Real(1 / (1 + eps)));
  // At p just below p_max rounding can land delta on the cap itself; stay inside the range.
  const Real cap = lil_delta_max(eps, inner);
  if (!(delta < cap)) delta = boost::math::float_prior(cap);
  return delta;
}

/// What the proof of Lemma `lem:lil` actually establishes, summed exactly:
///   Step 1 (k >= 1):            zeta(1+eps) x^(1+eps),            x = delta/log(1+eps)
///   Step 2 (k >= 1; the k = 0 block {u_0+1, ..., u_1-1} is empty since u_1 = 2):
///                               (zeta(1+eps) - 1) x^(1+eps)
///   t = 1, which neither step covers (Step 3 would need psi(u_0) = psi(1), undefined):
///                               x^((1+sqrt(eps))^2 (1+eps))       (Chernoff)
/// The stated constant (2+eps)/eps = 1 + 2/eps dominates 2 zeta(1+eps) - 1 because
/// zeta(1+eps) <= 1 + 1/eps; whether it also absorbs the t = 1 term depends on (eps, delta):
/// see docs/findings.md.  Domain: eps in (0,1), delta in (0, log(1+eps)/e).
template <class T1, class T2>
detail::promote_t<T1, T2> lil_failure_probability_proof(T1 eps_in, T2 delta_in) {
  using std::pow;
  using std::sqrt;
  using Real = detail::promote_t<T1, T2>;
  const Real eps(eps_in), delta(delta_in);
  constexpr const char* fn = "lilucb::lil_failure_probability_proof";
  detail::check_lil_eps_delta(fn, eps, delta, inner_log::lemma);
  const Real x = delta / boost::math::log1p(eps);
  const Real z = detail::zeta_one_plus(eps);
  const Real s = 1 + sqrt(eps);
  return (2 * z - 1) * pow(x, Real(1 + eps)) + pow(x, Real(s * s * (1 + eps)));
}

}  // namespace lilucb
