#pragma once
// Parameter settings of lil'UCB for a target error probability nu (Section 5 and
// Theorem `th:lilucb`):
//   paper_theory_setting  Section 5's "lil'UCB": eps = 0.01, beta = 1, a = ((2+beta)/beta)^2 = 9,
//                         delta = (nu eps/(5(2+eps)))^(1/(1+eps)), with a check of the theorem;
//   certified_setting     rests on the repaired theorem (Theorem R, docs/repaired-theorem.md):
//                         the largest delta whose repaired failure bound is <= nu, but not past
//                         the delta minimising the sample-bound factor (1 + a) log(1/delta);
//                         a = repaired_a_min(beta, delta, eps);
//   stated_theorem_setting the largest delta whose stated failure bound is <= nu, a = a_min:
//                         meets the paper's stated hypotheses; the paper's proof does not
//                         establish it (docs/findings.md F1, F4, F10, F11);
//   heuristic_setting     Section 5's "lil'UCB Heuristic": eps = 0, beta = 1/2, a = 1 + 10/n,
//                         delta = nu/5; no guarantee;
//   optimal_beta          the beta minimising the theorem's leading constant (paper: ~1.66).

#include "lilucb/errors.hpp"
#include "lilucb/detail/promotion.hpp"
#include "lilucb/theory/finite_lil.hpp"
#include "lilucb/theory/repaired_theorem.hpp"
#include "lilucb/theory/theorem.hpp"

#include <boost/math/special_functions/fpclassify.hpp>
#include <boost/math/special_functions/next.hpp>
#include <boost/math/tools/minima.hpp>
#include <boost/math/tools/roots.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <utility>

namespace lilucb {

/// A full lil'UCB parameter setting and what Theorem `th:lilucb` says about it.
template <class Real>
struct lilucb_setting {
  Real nu{};     ///< the target error probability it was made for
  Real eps{};
  Real beta{};
  Real a{};
  Real delta{};
  theorem_check<Real> theorem;    ///< the paper's stated hypotheses, a_min, failure bound (nullopt: vacuous)
  repaired_check<Real> repaired;  ///< Theorem R (docs/repaired-theorem.md): hypotheses and failure bound
  /// True when a proven statement guarantees error probability <= nu: Theorem R's hypotheses
  /// hold and its failure bound is <= nu.
  bool guarantees_nu() const {
    return repaired.holds() && repaired.failure_bound.has_value() && *repaired.failure_bound <= nu;
  }
  /// True when the paper's stated Theorem `th:lilucb` would give nu (every stated hypothesis and
  /// the stated failure bound <= nu).  The paper's proof does not establish this.
  bool meets_stated_theorem_nu() const {
    return theorem.satisfies_theorem() && theorem.failure_bound.has_value() &&
           *theorem.failure_bound <= nu;
  }
};

namespace detail {
template <class Real>
void fill_checks(lilucb_setting<Real>& s) {
  s.theorem = check_theorem(s.eps, s.beta, s.delta, s.a);
  s.repaired = check_repaired_theorem(s.eps, s.beta, s.delta, s.a);
}
}  // namespace detail

namespace detail {
template <class Real>
void check_nu(const char* fn, const Real& nu) {
  check_open_interval(fn, "nu", nu, Real(0), Real(1));
}
}  // namespace detail

/// Section 5's lil'UCB setting for input confidence nu: eps = 0.01, beta = 1,
/// a = ((2+beta)/beta)^2 = 9, delta = (nu eps/(5(2+eps)))^(1/(1+eps)).  Domain: nu in (0,1).
template <class T1>
lilucb_setting<detail::promote_t<T1>> paper_theory_setting(T1 nu_in) {
  using Real = detail::promote_t<T1>;
  const Real nu(nu_in);
  using std::pow;
  detail::check_nu("lilucb::paper_theory_setting", nu);
  lilucb_setting<Real> s;
  s.nu = nu;
  s.eps = Real(1) / 100;
  s.beta = Real(1);
  s.a = exploration_ratio(s.beta);
  // (nu eps/(5(2+eps)))^(1/(1+eps)) through logarithms, so a tiny nu cannot underflow the base.
  using std::exp;
  using std::log;
  s.delta = exp(Real((log(nu) + log(s.eps) - log(Real(5 * (2 + s.eps)))) / (1 + s.eps)));
  detail::fill_checks(s);
  return s;
}

/// Section 5's lil'UCB Heuristic for input confidence nu and n arms: eps = 0, beta = 1/2,
/// a = 1 + 10/n, delta = nu/5.  It does not meet the theorem's hypotheses (eps = 0): no
/// guarantee.  Domain: nu in (0,1), n >= 1.
template <class T1>
lilucb_setting<detail::promote_t<T1>> heuristic_setting(T1 nu_in, std::uint64_t n) {
  using Real = detail::promote_t<T1>;
  const Real nu(nu_in);
  constexpr const char* fn = "lilucb::heuristic_setting";
  detail::check_nu(fn, nu);
  if (n < 1) detail::raise_domain_error(fn, "n", "0", "[1, 2^64)");
  lilucb_setting<Real> s;
  s.nu = nu;
  s.eps = Real(0);
  s.beta = Real(1) / 2;
  s.a = 1 + Real(10) / Real(n);
  s.delta = nu / 5;
  detail::fill_checks(s);
  return s;
}

/// A setting chosen for nu (certified or stated-theorem) and how it was found.
template <class Real>
struct certified_result {
  lilucb_setting<Real> setting;  ///< the recommended setting
  bool delta_at_cap = false;     ///< stated: the failure bound stays <= nu up to the range's cap
  std::uintmax_t iterations = 0; ///< root-finder iterations (0 when no root was needed)
  /// certified: true when nu limits delta (the repaired bound equals nu at delta, to full
  /// precision); false when delta is the sample-bound optimum delta_opt, whose bound is below nu.
  bool limited_by_nu = true;
  Real delta_opt{};              ///< certified: the delta minimising (1 + repaired_a_min) log(1/delta)
  /// certified: the largest delta whose repaired bound is <= nu; nullopt when the bound stays
  /// below nu up to the end of Theorem R's range (where repaired_a_min grows without bound)
  std::optional<Real> delta_nu;
  const char* certificate = "";  ///< the statement the setting rests on
};

/// Setting for nu under the paper's STATED Theorem `th:lilucb` (kept under its own name; the
/// paper's proof does not establish it, docs/findings.md): for given eps and beta, the largest
/// delta in (0, log(1+eps)/e) whose stated failure bound sqrt(rho delta) + 4 rho delta/(1 - rho
/// delta) is <= nu, found with Boost.Math's TOMS 748 bracketing solver to full precision of
/// Real, and a = a_min(beta, delta).  The bound is increasing in delta, and <= nu forces
/// rho delta <= nu^2, so [0, nu^2/rho] brackets the root; the solver's lower end is returned,
/// so the bound at the returned delta is <= nu.  Domain: nu in (0,1), eps in (0,1), beta > 0.
template <class T1, class T2, class T3>
certified_result<detail::promote_t<T1, T2, T3>> stated_theorem_setting(T1 nu_in, T2 eps_in, T3 beta_in) {
  using Real = detail::promote_t<T1, T2, T3>;
  const Real nu(nu_in), eps(eps_in), beta(beta_in);
  using boost::math::tools::eps_tolerance;
  using boost::math::tools::toms748_solve;
  constexpr const char* fn = "lilucb::stated_theorem_setting";
  detail::check_nu(fn, nu);
  check_open_interval(fn, "eps", eps, Real(0), Real(1));
  check_positive(fn, "beta", beta);

  certified_result<Real> r;
  const Real rh = rho(eps);
  const Real cap = lil_delta_max(eps, inner_log::lemma);
  // The bound as a function of delta, evaluated exactly as theorem_failure_bound does.
  auto bound_at = [&](const Real& delta) { return detail::theorem_failure_raw(Real(rh * delta)); };
  Real hi = nu * nu / rh;
  // The root lies below nu^2/rho; if that is not a positive normal number the certified delta is
  // not representable in Real.
  if (!(hi >= (std::numeric_limits<Real>::min)())) {
    if (!(nu * nu >= (std::numeric_limits<Real>::min)()))
      detail::raise_domain_error(fn, "nu", detail::format_value(nu),
                                 "values whose certified delta ~ nu^2/rho(eps) is a normal number of this type");
    detail::raise_domain_error(fn, "eps", detail::format_value(eps),
                               "values whose certified delta ~ nu^2/rho(eps) is a normal number of this type");
  }
  if (!(boost::math::isfinite)(exploration_ratio(beta)))
    detail::raise_domain_error(fn, "beta", detail::format_value(beta),
                               "values with a finite ((2+beta)/beta)^2");
  Real delta;
  if (hi >= cap && bound_at(cap) <= nu) {
    r.delta_at_cap = true;
    delta = boost::math::float_prior(cap);
  } else {
    if (hi > cap) hi = cap;
    std::uintmax_t iters = 200;
    const auto bracket = toms748_solve([&](const Real& d) { return Real(bound_at(d) - nu); },
                                       Real(0), hi, Real(-nu), Real(bound_at(hi) - nu),
                                       eps_tolerance<Real>(std::numeric_limits<Real>::digits),
                                       iters);
    r.iterations = iters;
    delta = bracket.first;
    // The bracket's lower end satisfies bound <= nu; step down an ulp at a time if rounding
    // says otherwise (at most a few steps).
    while (delta > 0 && bound_at(delta) > nu) delta = boost::math::float_prior(delta);
  }
  auto& s = r.setting;
  s.nu = nu;
  s.eps = eps;
  s.beta = beta;
  s.delta = delta;
  const auto am = a_min(beta, delta);
  if (!am || !(boost::math::isfinite)(*am))
    detail::raise_domain_error(fn, "beta", detail::format_value(beta),
                               "values for which a_min(beta, certified delta) is finite and feasible");
  s.a = *am;
  detail::fill_checks(s);
  r.certificate = stated_certificate;
  return r;
}

/// The certified setting for nu (Theorem R, docs/repaired-theorem.md): for given eps and beta,
///   delta = min(delta_nu, delta_opt), a = repaired_a_min(beta, delta, eps), where
///   delta_nu  = the largest delta in Theorem R's range whose repaired_failure_bound is <= nu
///               (TOMS 748 on log delta to full precision of Real; lower bracket end, stepped
///               down an ulp at a time while the bound exceeds nu);
///   delta_opt = the minimiser of the sample-bound factor (1 + repaired_a_min) log(1/delta)
///               (Brent on log delta in [-690, log repaired_delta_max)): past it a larger delta
///               makes the guarantee's sample bound worse, since repaired_a_min grows without
///               bound at the end of the range.
/// Every nu in (0,1) is feasible (the repaired bound tends to 0 with delta); a nu whose delta is
/// not a normal number of Real throws.  Domain: nu in (0,1), eps in (0,1), beta > 0.
template <class T1, class T2, class T3>
certified_result<detail::promote_t<T1, T2, T3>> certified_setting(T1 nu_in, T2 eps_in, T3 beta_in) {
  using Real = detail::promote_t<T1, T2, T3>;
  const Real nu(nu_in), eps(eps_in), beta(beta_in);
  using boost::math::tools::eps_tolerance;
  using boost::math::tools::toms748_solve;
  using std::exp;
  using std::log;
  constexpr const char* fn = "lilucb::certified_setting";
  detail::check_nu(fn, nu);
  check_open_interval(fn, "eps", eps, Real(0), Real(1));
  check_positive(fn, "beta", beta);
  if (!(boost::math::isfinite)(exploration_ratio(beta)))
    detail::raise_domain_error(fn, "beta", detail::format_value(beta),
                               "values with a finite ((2+beta)/beta)^2");
  certified_result<Real> r;
  r.certificate = repaired_certificate;
  const Real u_min = -690;  // delta = e^-690 ~ 2.3e-300, a normal double
  const Real dmax = repaired_delta_max(eps);
  if (!(dmax > 0) || !(log(dmax) > u_min + 1))
    detail::raise_domain_error(fn, "eps", detail::format_value(eps),
                               "values whose repaired delta range (0, x*/rho(eps)) reaches above e^-689");
  const Real u_max = log(dmax);
  // Brent keeps its trial points inside the open interval; stay one part in 10^6 below the end.
  const Real u_top = u_max - Real(1) / 1000000;
  const auto opt = boost::math::tools::brent_find_minima(
      [&](const Real& u) { return repaired_sample_factor(beta, Real(exp(u)), eps); }, u_min, u_top,
      std::numeric_limits<Real>::digits / 2);
  r.delta_opt = exp(opt.first);
  auto bound_at = [&](const Real& delta) {
    const auto b = repaired_failure_bound(eps, delta);
    return b ? *b : Real(1);
  };
  // delta_nu: the root of bound = nu in u = log delta, bracketed below u_top by stepping down.
  if (bound_at(Real(exp(u_top))) > nu) {
    Real hi = u_top, lo = u_top;
    Real step = 1;
    while (bound_at(Real(exp(lo))) > nu) {
      hi = lo;
      lo -= step;
      step *= 2;
      if (lo < u_min)
        detail::raise_domain_error(fn, "nu", detail::format_value(nu),
                                   "values whose certified delta is a normal number of this type");
    }
    std::uintmax_t iters = 300;
    const auto bracket = toms748_solve(
        [&](const Real& u) { return Real(bound_at(Real(exp(u))) - nu); }, lo, hi,
        eps_tolerance<Real>(std::numeric_limits<Real>::digits), iters);
    r.iterations = iters;
    Real dn = exp(bracket.first);
    while (dn > 0 && bound_at(dn) > nu) dn = boost::math::float_prior(dn);
    r.delta_nu = dn;
  }
  Real delta = r.delta_opt;
  r.limited_by_nu = r.delta_nu.has_value() && *r.delta_nu < r.delta_opt;
  if (r.limited_by_nu) delta = *r.delta_nu;
  auto& s = r.setting;
  s.nu = nu;
  s.eps = eps;
  s.beta = beta;
  s.delta = delta;
  s.a = repaired_a_min(beta, delta, eps);
  if (!(boost::math::isfinite)(s.a))
    detail::raise_domain_error(fn, "beta", detail::format_value(beta),
                               "values for which repaired_a_min(beta, certified delta, eps) is finite");
  detail::fill_checks(s);
  return r;
}

/// The theorem's leading constant as a function of beta, up to factors free of beta
/// (end of Section `sec:analysis`): (2+beta)^2 (1 + c_a ((2+beta)/beta)^2) with c_a = 1.
/// The (2+beta)^2 comes from gamma (Lemma `lem:1`), the second factor from the stopping
/// rule's a = c_a ((2+beta)/beta)^2 (Lemma `lem:2`).  Domain: beta > 0.
template <class T1>
detail::promote_t<T1> leading_constant(T1 beta_in) {
  using Real = detail::promote_t<T1>;
  const Real beta(beta_in);
  check_positive("lilucb::leading_constant", "beta", beta);
  return (2 + beta) * (2 + beta) * (1 + exploration_ratio(beta));
}

/// The beta minimising leading_constant, found with Boost.Math's Brent minimiser on
/// [0.1, 10] (the function is convex there with a single minimum).  Brent locates a minimum
/// to about sqrt(machine epsilon) in beta.  The paper states beta ~ 1.66; the exact minimiser
/// is the real root of beta^3 + beta^2 - 2 beta - 4 = 0 (docs/theory.md).
template <class Real>
Real optimal_beta() {
  const auto r = boost::math::tools::brent_find_minima(
      [](const Real& b) { return leading_constant(b); }, Real(1) / 10, Real(10),
      std::numeric_limits<Real>::digits / 2);
  return r.first;
}

}  // namespace lilucb
