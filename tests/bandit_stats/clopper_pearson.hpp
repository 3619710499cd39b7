#pragma once
// Test support for the statistical tests of the bandit engine (test_error_rates.cpp): the
// library's exact (Clopper-Pearson) one-sided bounds (lilucb/clopper_pearson.hpp) in the order
// (trials, failures), the one-sided binomial test, and its critical count.  The library's
// implementation is what test_clopper_pearson.cpp checks.
//
// X ~ Binomial(N, p) counts failures in N independent trials.  For a level alpha in (0, 1):
//
//   lower bound  L(X) = 0                              if X = 0,
//                     = the p at which P_p(X' >= X) = alpha, i.e. the alpha quantile of
//                       Beta(X, N - X + 1)             otherwise;
//   upper bound  U(X) = 1                              if X = N,
//                     = the p at which P_p(X' <= X) = alpha, i.e. the 1 - alpha quantile of
//                       Beta(X + 1, N - X)             otherwise.
//
// (P_p(X' >= x) = I_p(x, N - x + 1), the regularized incomplete beta function, which is
// increasing in p.)  Coverage: for every p in [0, 1], P_p(L(X) > p) <= alpha and
// P_p(U(X) < p) <= alpha.  Hence the one-sided test "reject H0: p <= nu when L(X) > nu" has
// false-alarm probability at most alpha whenever the true p is at most nu: P_p(L(X) > nu) <=
// P_p(L(X) > p) <= alpha.  The coverage statement itself is checked exactly (by summing the
// binomial probabilities) in test_clopper_pearson.cpp.
//
// Boost.Math computes the Beta quantiles (ibeta_inv / ibetac_inv); this is what
// boost::math::binomial_distribution<>::find_lower_bound_on_p(N, X, alpha) and
// find_upper_bound_on_p(N, X, alpha) return for the Clopper-Pearson interval as well.

#include "lilucb/clopper_pearson.hpp"

#include <cstdint>

namespace lilucb_stats {

// The library's bounds (lilucb/clopper_pearson.hpp) in the tests' argument order
// (trials, failures); test_clopper_pearson.cpp checks their exact coverage.

/// Clopper-Pearson one-sided lower confidence bound at level alpha for the failure probability,
/// from `failures` failures in `trials` trials.  Throws a std::domain_error (lilucb::domain_error)
/// for trials = 0, failures > trials or alpha outside (0, 1).
inline double clopper_pearson_lower(std::uint64_t trials, std::uint64_t failures, double alpha) {
  return lilucb::clopper_pearson_lower(failures, trials, alpha);
}

/// Clopper-Pearson one-sided upper confidence bound at level alpha.  Domain: as the lower bound.
inline double clopper_pearson_upper(std::uint64_t trials, std::uint64_t failures, double alpha) {
  return lilucb::clopper_pearson_upper(failures, trials, alpha);
}

/// The exact one-sided binomial test of H0: p <= nu against p > nu at level alpha: rejects
/// when the Clopper-Pearson lower bound exceeds nu.  If p <= nu, it rejects with probability
/// at most alpha.  Domain: as clopper_pearson_lower, nu in [0, 1].
inline bool binomial_test_rejects(std::uint64_t trials, std::uint64_t failures, double nu, double alpha) {
  return lilucb::binomial_test_rejects(failures, trials, nu, alpha);
}

/// The smallest failure count that the test rejects (trials + 1 if none does): a measure of the
/// test's power.  Domain: as binomial_test_rejects.
inline std::uint64_t binomial_test_critical_failures(std::uint64_t trials, double nu, double alpha) {
  // L is increasing in the failure count: bisect on it.
  std::uint64_t lo = 0, hi = trials + 1;  // invariant: lo does not reject, hi rejects (or is N+1)
  if (binomial_test_rejects(trials, 0, nu, alpha)) return 0;
  while (hi - lo > 1) {
    const std::uint64_t mid = lo + (hi - lo) / 2;
    if (binomial_test_rejects(trials, mid, nu, alpha))
      hi = mid;
    else
      lo = mid;
  }
  return hi;
}

}  // namespace lilucb_stats
