#pragma once
// The finite-LIL boundary of Lemma `lem:lil` beyond a horizon: the proof's union bound
// restricted to the times t > T.
//
// The proof uses u_0 = 1, u_{k+1} = ceil((1+eps) u_k) and, with x = delta/log(1+eps),
//   Step 1 (k >= 1): P(S_{u_k} >= sqrt(1+eps) psi(u_k)) <= (delta/log u_k)^(1+eps),
//   Step 2 (k >= 1): P(exists t in (u_k, u_{k+1}) : S_t - S_{u_k} >= sqrt(eps) psi(u_{k+1}))
//                    <= exp(-eps u_{k+1}/(u_{k+1} - u_k - 1) log(log(u_{k+1})/delta))
//                    (0 when the block is empty),
// and Step 3 shows that outside these events S_t <= lil_bound(t) for every t in
// (u_k, u_{k+1}].  A time t > T needs Step 1 at k and Step 2 at k for its block k, and Step 1
// at every u_k > T.  So P(exists t > T : S_t > lil_bound(t)) is at most the sum of these terms
// over the blocks that reach beyond T, computed exactly up to u_k <= 1e15 and beyond by
// (delta/log u_k)^(1+eps) <= (x/k)^(1+eps) and the integral bound
//   sum_{k > K} 2 (x/k)^(1+eps) <= 2 x^(1+eps) K^(-eps)/eps.
// The footnote form (log((1+eps) t + 2)) is larger than the lemma's at the same delta, so the
// bound holds for it too, for delta in the lemma's range.

#include "lilucb/errors.hpp"
#include "lilucb/theory/finite_lil.hpp"

#include <boost/math/special_functions/log1p.hpp>

#include <cmath>

namespace lilucb::boundaries {

/// The bound described above on P(exists t > T : S_t > lil_bound(t, eps, delta, sigma, inner))
/// (either inner form).  Domain: T in [1, inf), eps in (0,1), delta in (0, log(1+eps)/e).
/// Computed in double (the u_k are integers up to 1e15, exact in long double).
inline double lil_tail_probability(double T, double eps, double delta) {
  constexpr const char* fn = "lilucb::boundaries::lil_tail_probability";
  check_at_least(fn, "T", T, 1.0);
  lilucb::detail::check_lil_eps_delta(fn, eps, delta, inner_log::lemma);
  const double p = 1 + eps;
  auto step1 = [&](long double u) { return std::pow(delta / std::log(static_cast<double>(u)), p); };
  auto step2 = [&](long double u, long double v) {
    if (v - u - 1 < 1) return 0.0;
    const double ratio = static_cast<double>(v / (v - u - 1));
    return std::exp(-eps * ratio * std::log(std::log(static_cast<double>(v)) / delta));
  };
  long double u = 1;
  long double next = std::ceil((1 + static_cast<long double>(eps)) * u);
  double k = 0;
  double sum = 0;
  constexpr long double kLimit = 1e15L;
  while (u <= kLimit) {
    // block k: t in (u, next]; it reaches beyond T when next > T.
    if (k >= 1 && (next > T || u > T)) {
      sum += step1(u);
      if (next - 1 > T) sum += step2(u, next);
    }
    u = next;
    next = std::ceil((1 + static_cast<long double>(eps)) * u);
    k += 1;
  }
  // blocks k' >= k not visited: Step 1 and Step 2 terms, each <= (x/k')^(1+eps).
  const double x = delta / boost::math::log1p(eps);
  sum += 2 * std::pow(x, p) * (std::pow(k, -p) + std::pow(k, -eps) / eps);
  return sum < 1 ? sum : 1.0;
}

}  // namespace lilucb::boundaries
