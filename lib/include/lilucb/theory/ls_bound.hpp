#pragma once
// The LIL stopping (LS) rule of Section 5 ("LIL Stopping (LS)"):
//   |mu_hat_{i,T} - mu_i| <= B_{i,T} := (1+sqrt(eps)) sqrt(2 sigma^2 (1+eps)
//                                         log(2n log((1+eps) T + 2)/delta) / T)
// for all T >= 1 and all n arms, with probability at least
//   1 - (2+eps)/eps (delta/log(1+eps))^(1+eps),
// by Lemma `lem:lil` (footnote form) applied to each arm and each sign with delta/(2n),
// and a union bound over those 2n events.

#include "lilucb/errors.hpp"
#include "lilucb/theory/finite_lil.hpp"

#include <boost/math/special_functions/log1p.hpp>

#include <cmath>
#include <cstdint>
#include <limits>

namespace lilucb {

/// B_{i,T} of Section 5.  Domain: T >= 1; eps in [0,1); delta in (0,1); sigma > 0; n >= 1.
/// This is lil_width(T, eps, delta/(2n), sigma, inner_log::plus2), computed by the same code
/// (detail::lil_evaluate) with the union size 2n inside the logarithm, so that delta/(2n) is
/// never formed (it could underflow).  Policies and sentinel as lil_width (n = 0 is outside
/// the domain: +infinity under return_sentinel).  Mixed argument types promote.
template <class T1, class T2, class T3, class T4, class Policy = policies::throw_on_error>
detail::promote_t<T1, T2, T3, T4> ls_bound(T1 T, T2 eps, T3 delta, T4 sigma, std::uint64_t n,
                                           const Policy& = Policy()) {
  using Real = detail::promote_t<T1, T2, T3, T4>;
  constexpr const char* fn = "lilucb::ls_bound";
  const Real T_(T), eps_(eps), delta_(delta), sigma_(sigma);
  if (!detail::lil_arguments_ok<Policy>(fn, "T", T_, eps_, delta_, sigma_, inner_log::plus2))
    return std::numeric_limits<Real>::infinity();
  if (n < 1) {
    if constexpr (policies::throws_v<Policy>) detail::raise_domain_error(fn, "n", "0", "[1, 2^64)");
    else return std::numeric_limits<Real>::infinity();
  }
  return detail::lil_evaluate_finite<detail::lil_form::width, Policy>(fn, T_, eps_, delta_, sigma_, inner_log::plus2,
                                                                      Real(2 * Real(n)));
}

/// The LS rule's failure probability as Section 5 states it:
/// (2+eps)/eps (delta/log(1+eps))^(1+eps), independent of n.  Domain: eps in (0,1), delta in (0,1).
template <class T1, class T2>
detail::promote_t<T1, T2> ls_failure_probability(T1 eps_in, T2 delta_in) {
  using Real = detail::promote_t<T1, T2>;
  const Real eps(eps_in), delta(delta_in);
  constexpr const char* fn = "lilucb::ls_failure_probability";
  check_open_interval(fn, "eps", eps, Real(0), Real(1));
  check_open_interval(fn, "delta", delta, Real(0), Real(1));
  return lil_failure_probability(eps, delta, inner_log::plus2);
}

/// The union bound behind the LS rule, summed as it is: 2n events (n arms, two signs), each
/// Lemma `lem:lil` (footnote form) at delta/(2n):
///   2n (2+eps)/eps (delta/(2n log(1+eps)))^(1+eps) = (2n)^(-eps) ls_failure_probability.
/// Domain: eps in (0,1), delta in (0,1), n >= 1.
template <class T1, class T2>
detail::promote_t<T1, T2> ls_failure_probability_union(T1 eps_in, T2 delta_in, std::uint64_t n) {
  using std::pow;
  using Real = detail::promote_t<T1, T2>;
  const Real eps(eps_in), delta(delta_in);
  constexpr const char* fn = "lilucb::ls_failure_probability_union";
  check_open_interval(fn, "eps", eps, Real(0), Real(1));
  check_open_interval(fn, "delta", delta, Real(0), Real(1));
  if (n < 1) detail::raise_domain_error(fn, "n", "0", "[1, 2^64)");
  // 2n (2+eps)/eps (delta/(2n log(1+eps)))^(1+eps), written so that delta/(2n) cannot underflow.
  const Real two_n = 2 * Real(n);
  const Real x = delta / boost::math::log1p(eps);
  return (2 + eps) / eps * pow(x, Real(1 + eps)) * pow(two_n, Real(-eps));
}

/// The delta at which the LS rule's stated failure probability equals p (its share of the
/// user's error probability).  Domain: eps in (0,1), p in (0,1).
template <class T1, class T2>
detail::promote_t<T1, T2> ls_delta_for_failure_probability(T1 eps_in, T2 p_in) {
  using Real = detail::promote_t<T1, T2>;
  const Real eps(eps_in), p(p_in);
  constexpr const char* fn = "lilucb::ls_delta_for_failure_probability";
  check_open_interval(fn, "eps", eps, Real(0), Real(1));
  check_open_interval(fn, "p", p, Real(0), Real(1));
  return lil_delta_for_failure_probability(eps, p, inner_log::plus2);
}

}  // namespace lilucb
