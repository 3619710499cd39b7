#pragma once
// The Kaufmann-Koolen threshold for the Gaussian GLR stopping rule (glr.hpp), certified:
//   beta(t, delta) = 2 C_G(1/2 log((K-1)/delta)) + 4 log(4 + log(t/2))
// (lilucb/boundaries/glr_threshold.hpp: Kaufmann & Koolen 2021, JMLR 22(246), Gaussian deviation
// inequality for a pair of arms, a union bound over the K - 1 challengers of the empirical best
// arm).  With the Gaussian statistic Z_{a,b} = N_a N_b/(N_a+N_b) (mu_hat_a - mu_hat_b)^2/(2 sigma^2)
// the rule "stop when min_b Z_{a_hat,b} > beta(t, delta)" answers a wrong arm with probability
// <= delta under ANY sampling rule, for Gaussian arms of standard deviation sigma_i <= sigma
// (docs/boundaries.md: a smaller sigma_i only shrinks the statistic's deviation term).
// The constant part is computed once; operator() adds the time term, so the value is
// bit-identical to boundaries::glr_threshold_gaussian(t, delta, K) (tested).

#include "lilucb/errors.hpp"

#include <cstddef>
#include <cstdint>
#include <string>

namespace lilucb::bandit::stopping {

struct kk21_threshold {
  double delta;
  double K;
  double constant;  ///< 2 C_G(1/2 log((K-1)/delta))
  /// beta(t, delta) for t >= 1.
  double operator()(std::uint64_t t) const;
  bool operator==(const kk21_threshold&) const = default;
  static constexpr bool certified() { return true; }
  static std::string certificate() {
    return "GLR stopping with the Kaufmann-Koolen threshold 2 C_G(log((K-1)/delta)/2) + 4 log(4 + log(t/2)) at "
           "delta = nu (Kaufmann & Koolen 2021, JMLR 22(246), Gaussian deviation inequality for a pair of arms; "
           "union bound over the K-1 challengers): P(wrong answer) <= nu under any sampling rule, for Gaussian arms "
           "of standard deviation <= sigma (docs/boundaries.md)";
  }
  std::string label() const { return "kk21"; }
};

/// The threshold at delta for K arms.  Domain: delta in (0, 1), K >= 2.
kk21_threshold make_kk21_threshold(double delta, std::size_t K);

}  // namespace lilucb::bandit::stopping
