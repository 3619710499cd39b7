#pragma once
// GLR stopping certified by a Gaussian mixture martingale per pair of arms
// (Proposition M of docs/certified-glr/propositions.md).  With i_hat the empirically best arm, stop when
//     min_{b != i_hat} S_{i_hat, b} >= log((K - 1)/delta)
// and answer i_hat, where for a pair (a, b), counts N_a, N_b >= 1 and a grid of mixture scales
// rho_k with prior weights w_k (sum_k w_k <= 1),
//     S_{a,b}   = max_k [ Zmix^{(rho_k)}_{a,b} + log w_k ],
//     Zmix^{(rho)}_{a,b} = D_{a,b}/(c_a + c_b) - 1/2 log(1 + N_a/rho) - 1/2 log(1 + N_b/rho),
//     c_i = (N_i + rho)/N_i^2,   D_{a,b} = (mu_hat_a - mu_hat_b)^2/(2 sigma^2) if mu_hat_a > mu_hat_b, else 0.
// D/(c_a + c_b) is the infimum, over the alternative {mu'_b >= mu'_a}, of the quadratic part of
// the log mixture martingale (Proposition M, step 3: a weighted projection onto a half-plane).
//
// (That is the grid's `max` combination; with `log_sum`, S_{a,b} = log sum_k w_k exp(Zmix^{(rho_k)}),
// >= the max: the combination the registry's `mixture` threshold uses, rules.hpp.)
// Domain: K >= 1, sigma in (0, inf), delta in (0, 1), a grid of 1 to 64 scales rho_k in (0, inf)
// with sum_k w_k <= 1 (detail/mixture_grid.hpp; default rho_k = 2^k, k = 0..40, w_k = 1/((k+1)(k+2)),
// no tuning; a fixed rho, one grid point of weight 1, is offered too).  The threshold does not
// depend on t.
// Guarantee (Proposition M): for sigma-sub-Gaussian rewards (Gaussian with standard deviation
// sigma; Bernoulli with sigma = 1/2) and ANY sampling rule, P(stop with a wrong answer) <= delta.
// The rule is exact and lazy: the decision key (bounds from stale rows, a carried bound, partial
// grids, and S_{a,b} itself only near the threshold) passes exactly when S_{a,b} >= the threshold,
// so the decision is the exact rule's; proof in docs/certified-glr/numerics.md, "The two-sided
// mixture's decision key".  Memory: K x G doubles.  Tests: tests/bandit/stopping/test_glr_mixture.cpp.

#include "lilucb/bandit/arm_stats.hpp"
#include "lilucb/bandit/detail/leader_pairwise.hpp"
#include "lilucb/bandit/detail/mixture_grid.hpp"
#include "lilucb/errors.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace lilucb::bandit::stopping {

namespace mixture_detail {
/// max_k [ d/(alpha + rho_k beta) - pen_a[k] - pen_b[k] + log w_k ] (or the log-sum of the
/// exponentials), the one kernel of S_{a,b} (alpha = 1/N_a + 1/N_b, beta = 1/N_a^2 + 1/N_b^2, so
/// c_a + c_b = alpha + rho beta).
/// With decide_at (a threshold), the log-sum may be replaced by a bound on the same side of
/// *decide_at (the decision key of glr_mixture): the exponentials are then skipped.
double mixture_pair(double d, double alpha, double beta, const double* pen_a, const double* pen_b,
                    const mixture_grid& g, const double* decide_at = nullptr);
/// An upper bound on mixture_pair(d, alpha, beta, pen_a, pen_b, g) when pen_a, pen_b are lower
/// bounds on the penalties there (rows computed at smaller counts; 0 for a row never computed),
/// without exponentials or logarithms of the terms: the terms k < end one by one and, if end < G
/// (sorted grids only), the terms k >= end together as one term with weight exp(tail_log_weight)
/// >= sum_{k>=end} w_k; the log-sum bounded through the Taylor polynomial of degree 6 of e^t.
/// Exact up to rounding (a few ulps of the terms: the caller's margin).  Proof:
/// docs/certified-glr/numerics.md, "The two-sided mixture's decision key".
double mixture_upper(double d, double alpha, double beta, const double* pen_a, const double* pen_b,
                     const mixture_grid& g, std::size_t end, double tail_log_weight,
                     const double* decide_at = nullptr);
inline double mixture_gap_term(double sigma, double ma, double mb) {
  if (!(ma > mb)) return 0.0;  // already in the alternative: the infimum is 0
  const double d = ma - mb;
  return d * d / (2 * sigma * sigma);
}
}  // namespace mixture_detail

/// S_{a,b} (Proposition M), computed directly (tests, one-off use).  Domain: sigma > 0,
/// na, nb >= 1, a non-empty grid.
double glr_mixture_statistic(double sigma, const mixture_grid& g, std::uint64_t na, double ma, std::uint64_t nb,
                             double mb);

/// The pair key and threshold of glr_mixture (detail/leader_pairwise.hpp's Pair policy): the
/// decision key (docs/certified-glr/numerics.md, "The two-sided mixture's decision key"), passing when >= log((K-1)/delta).  Holds the K x G penalties.
struct glr_mixture_pair {
  double sigma;
  mixture_grid grid;
  std::size_t G;
  double threshold;
  bool sorted;
  mutable std::vector<double> pen;                // K x G: 1/2 log(1 + N_i/rho_k) at N_i = pen_count[i]
  mutable std::vector<std::uint64_t> pen_count;   // the count each row was computed at (0: never)
  std::vector<double> tail_weight;                // sum_{k >= m} w_k, rounded up (sorted grids)
  mutable std::vector<double> tail_log;           // its logarithm, computed on first use (NaN: not yet)
  double tail_log_weight(std::size_t m) const;
  struct cached_bound {
    std::size_t leader = static_cast<std::size_t>(-1);  // the pair (leader, b) it bounds
    double na = 0, nb = 0, dmax = 0, upper = 0;           // counts, the bound D on d, the upper bound
  };
  mutable std::vector<cached_bound> cache;         // per arm b: the last upper bound of (leader, b)

  /// The decision key of the pair (leader a, challenger b): >= threshold exactly when
  /// S_{a,b} >= threshold (a bound on the same side of the threshold otherwise).
  double key(const arm_stats& s, std::size_t a, std::size_t b) const;
  /// Arm i's row of penalties 1/2 log(1 + N_i/rho_k), recomputed only when N_i has changed since
  /// it was last needed (G log1p's): most keys are decided by the O(1) bounds and need no row.
  const double* row(const arm_stats& s, std::size_t i) const;
  bool passes(double key, const arm_stats&) const { return key >= threshold; }
};

/// The rule: observe, should_stop, recommendation, name and min_statistic (the smallest decision
/// key now: >= the threshold exactly when every S_{i_hat,b} is; tests) from detail::pairwise_rule.
class glr_mixture : public bandit::detail::pairwise_rule<glr_mixture_pair> {
 public:
  /// K arms, sigma (the rewards' sub-Gaussian scale), delta and the grid.
  /// Domain: K >= 1, sigma in (0, inf), delta in (0, 1), a non-empty grid with rho_k in (0, inf)
  /// and sum_k w_k <= 1.
  glr_mixture(std::size_t K, double sigma, double delta, mixture_grid grid = make_mixture_grid())
      : pairwise_rule(K, make_pair(K, sigma, delta, std::move(grid))), delta_(delta) {}

  static constexpr bool certified() { return true; }
  std::string certificate() const;
  /// The threshold log((K-1)/delta) and the grid (tests).
  double threshold() const { return pair().threshold; }
  const mixture_grid& grid() const { return pair().grid; }
  /// S_{i_hat, b} (glr_mixture_statistic) against the threshold for every challenger b of the
  /// leader now.
  std::vector<challenger_evidence> evidence(const arm_stats& s) const;

 private:
  static glr_mixture_pair make_pair(std::size_t K, double sigma, double delta, mixture_grid grid);

  double delta_;
};

}  // namespace lilucb::bandit::stopping
