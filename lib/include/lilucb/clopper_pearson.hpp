#pragma once
// Exact (Clopper–Pearson) confidence bounds for a binomial proportion: the one way the toolkit
// turns "k events in m independent trials" into a statement about the probability p.
//
//   lower bound at level alpha  L = 0 if k = 0, else the alpha quantile of Beta(k, m-k+1);
//   upper bound at level alpha  U = 1 if k = m, else the 1-alpha quantile of Beta(k+1, m-k);
//
// (P_p(K >= k) = I_p(k, m-k+1) is increasing in p.)  For every p: P_p(L > p) <= alpha and
// P_p(U < p) <= alpha, so "reject p <= nu when L > nu" is an exact one-sided test of level
// alpha.  The two-sided interval of level `level` is [L, U] at alpha = (1-level)/2.  Boost.Math
// computes the Beta quantiles (ibeta_inv, ibetac_inv).  Coverage is checked exactly (by
// summing binomial probabilities) in tests/bandit_stats/test_clopper_pearson.cpp.

#include "lilucb/errors.hpp"

#include <boost/math/special_functions/beta.hpp>

#include <cstdint>
#include <string>

namespace lilucb {

namespace detail {
inline void check_binomial(const char* fn, std::uint64_t k, std::uint64_t m, double alpha) {
  if (m == 0) raise_domain_error(fn, "m", "0", "[1, 2^64) trials");
  if (k > m) raise_domain_error(fn, "k", std::to_string(k), "[0, m = " + std::to_string(m) + "]");
  if (!(alpha > 0 && alpha < 1)) raise_domain_error(fn, "alpha", format_value(alpha), "(0, 1)");
}
}  // namespace detail

/// One-sided lower Clopper–Pearson bound at level alpha from k events in m trials.
/// Domain: m >= 1, k <= m, alpha in (0, 1).
inline double clopper_pearson_lower(std::uint64_t k, std::uint64_t m, double alpha) {
  detail::check_binomial("lilucb::clopper_pearson_lower", k, m, alpha);
  if (k == 0) return 0.0;
  return boost::math::ibeta_inv(static_cast<double>(k), static_cast<double>(m - k + 1), alpha);
}

/// One-sided upper Clopper–Pearson bound at level alpha.  Domain: as clopper_pearson_lower.
inline double clopper_pearson_upper(std::uint64_t k, std::uint64_t m, double alpha) {
  detail::check_binomial("lilucb::clopper_pearson_upper", k, m, alpha);
  if (k == m) return 1.0;
  return boost::math::ibetac_inv(static_cast<double>(k + 1), static_cast<double>(m - k), alpha);
}

struct proportion_interval {
  double low = 0, high = 1;
};

/// Two-sided Clopper–Pearson interval of confidence `level`: the one-sided bounds at
/// alpha = (1 - level)/2.  Domain: m >= 1, k <= m, level in (0, 1).
inline proportion_interval clopper_pearson_interval(std::uint64_t k, std::uint64_t m, double level) {
  constexpr const char* fn = "lilucb::clopper_pearson_interval";
  if (!(level > 0 && level < 1)) detail::raise_domain_error(fn, "level", detail::format_value(level), "(0, 1)");
  detail::check_binomial(fn, k, m, (1 - level) / 2);
  return {clopper_pearson_lower(k, m, (1 - level) / 2), clopper_pearson_upper(k, m, (1 - level) / 2)};
}

/// The exact one-sided test of H0: p <= nu at level alpha: true (reject) when the lower bound
/// exceeds nu.  Domain: as clopper_pearson_lower, nu in [0, 1].
inline bool binomial_test_rejects(std::uint64_t k, std::uint64_t m, double nu, double alpha) {
  if (!(nu >= 0 && nu <= 1))
    detail::raise_domain_error("lilucb::binomial_test_rejects", "nu", detail::format_value(nu), "[0, 1]");
  return clopper_pearson_lower(k, m, alpha) > nu;
}

/// Which one-sided bound a critical count is taken on (binomial_critical_count).
enum class cp_bound {
  lower_exceeds,  ///< the smallest k with clopper_pearson_lower(k, trials, alpha) >  p
  upper_reaches,  ///< the smallest k with clopper_pearson_upper(k, trials, alpha) >= p
};

/// The critical count of the exact one-sided Clopper–Pearson bounds: the smallest k in
/// [0, trials] at which the chosen bound crosses p (see cp_bound), or trials + 1 when no k does.
/// Both bounds are increasing in k, so the counts at or above it are exactly the crossing ones;
/// found by bisection on k (O(log trials) Beta quantiles).  With cp_bound::lower_exceeds it is
/// the count from which binomial_test_rejects(k, trials, p, alpha) rejects H0: P <= p.  This is
/// the one bisection every Monte-Carlo verdict uses (tests/bandit_stats, the adversarial and
/// coverage checks).  Domain: trials >= 1, p in [0, 1], alpha in (0, 1).
inline std::uint64_t binomial_critical_count(std::uint64_t trials, double p, double alpha,
                                             cp_bound bound = cp_bound::lower_exceeds) {
  constexpr const char* fn = "lilucb::binomial_critical_count";
  if (trials == 0) detail::raise_domain_error(fn, "trials", "0", "[1, 2^64)");
  detail::check_binomial(fn, 0, trials, alpha);
  if (!(p >= 0 && p <= 1)) detail::raise_domain_error(fn, "p", detail::format_value(p), "[0, 1]");
  const auto crosses = [&](std::uint64_t k) {
    return bound == cp_bound::lower_exceeds ? clopper_pearson_lower(k, trials, alpha) > p
                                            : clopper_pearson_upper(k, trials, alpha) >= p;
  };
  if (crosses(0)) return 0;
  if (!crosses(trials)) return trials + 1;
  std::uint64_t lo = 0, hi = trials;  // invariant: !crosses(lo), crosses(hi)
  while (hi - lo > 1) {
    const std::uint64_t mid = lo + (hi - lo) / 2;
    (crosses(mid) ? hi : lo) = mid;
  }
  return hi;
}

}  // namespace lilucb
