#pragma once
// The LIL stopping (LS) rule of Section 5 ("LIL Stopping (LS)"):
//   |mu_hat_{i,T} - mu_i| <= B_{i,T} := (1+sqrt(eps)) sqrt(2 sigma^2 (1+eps)
//                                         log(2n log((1+eps) T + 2)/delta) / T)
// for all T >= 1 and all n arms, with probability at least
//   1 - (2+eps)/eps (delta/log(1+eps))^(1+eps),
// by Lemma `lem:lil` (footnote form) applied to each arm and each sign with delta/(2n),
// and a union bound over those 2n events.

#include "lilucb/errors.hpp"
#include "lilucb/finite_lil.hpp"

#include <boost/math/special_functions/log1p.hpp>

#include <cmath>
#include <cstdint>

namespace lilucb {

/// B_{i,T} of Section 5.  Domain: T >= 1; eps in [0,1); delta in (0,1); sigma > 0; n >= 1.
/// This is lil_width(T, eps, delta/(2n), sigma, inner_log::plus2), written out.
template <class Real>
Real ls_bound(Real T, Real eps, Real delta, Real sigma, std::uint64_t n) {
  using std::log;
  using std::sqrt;
  constexpr const char* fn = "lilucb::ls_bound";
  check_at_least(fn, "T", T, Real(1));
  check_half_open_interval(fn, "eps", eps, Real(0), Real(1));
  check_open_interval(fn, "delta", delta, Real(0), Real(1));
  check_positive(fn, "sigma", sigma);
  if (n < 1) detail::raise_domain_error(fn, "n", "0", "[1, 2^64)");
  // log(2n log((1+eps) T + 2)/delta), with log((1+eps)T + 2) = log T + log(1 + eps + 2/T).
  const Real inner = log(T) + boost::math::log1p(Real(eps + 2 / T));
  const Real x = 2 * Real(n) * inner;
  const Real outer = (boost::math::isinf)(x) ? Real(log(Real(2 * Real(n))) + log(inner) - log(delta))
                                               : detail::log_ratio(x, delta);
  return (1 + sqrt(eps)) * sigma * sqrt(Real(2 * (1 + eps) * outer / T));
}

/// The LS rule's failure probability as Section 5 states it:
/// (2+eps)/eps (delta/log(1+eps))^(1+eps), independent of n.  Domain: eps in (0,1), delta in (0,1).
template <class Real>
Real ls_failure_probability(Real eps, Real delta) {
  constexpr const char* fn = "lilucb::ls_failure_probability";
  check_open_interval(fn, "eps", eps, Real(0), Real(1));
  check_open_interval(fn, "delta", delta, Real(0), Real(1));
  return lil_failure_probability(eps, delta, inner_log::plus2);
}

/// The union bound behind the LS rule, summed as it is: 2n events (n arms, two signs), each
/// Lemma `lem:lil` (footnote form) at delta/(2n):
///   2n (2+eps)/eps (delta/(2n log(1+eps)))^(1+eps) = (2n)^(-eps) ls_failure_probability.
/// Domain: eps in (0,1), delta in (0,1), n >= 1.
template <class Real>
Real ls_failure_probability_union(Real eps, Real delta, std::uint64_t n) {
  using std::pow;
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
template <class Real>
Real ls_delta_for_failure_probability(Real eps, Real p) {
  constexpr const char* fn = "lilucb::ls_delta_for_failure_probability";
  check_open_interval(fn, "eps", eps, Real(0), Real(1));
  check_open_interval(fn, "p", p, Real(0), Real(1));
  return lil_delta_for_failure_probability(eps, p, inner_log::plus2);
}

}  // namespace lilucb
