#pragma once
// GLR stopping certified by a ONE-SIDED Gaussian mixture martingale per pair of arms
// (Proposition M1 of docs/certified-glr/propositions.md).  With i_hat the empirically best arm, stop when
//     min_{b != i_hat} S1_{i_hat, b} >= log((K - 1)/delta)
// and answer i_hat, where S1_{a,b} = inf_m h(m) is the one-sided mixture statistic of
// detail/one_sided_mixture.hpp: for a wrong answer a and the best arm a*, the prior of the pair's
// exponent is half-normal on lambda_a >= 0 and lambda_{a*} <= 0, the directions an error needs,
// so the mixture is about log 4 nats larger per pair than Proposition M's (glr_mixture.hpp).
// Domain: K >= 1, sigma in (0, inf), delta in (0, 1), a grid of 1 to 64 scales rho_k in (0, inf)
// with sum_k w_k <= 1 (default make_mixture_grid()).  A grid whose common_share alpha is below 1
// (make_joint_mixture_grid) is the joint prior alpha w_k on the common scales (rho_k, rho_k) plus
// (1 - alpha) w_j w_k on one scale per arm (rho_j, rho_k): S1 is then the infimum of
// one_sided_mixture::joint_pair's h, decided by the screen Z + 2 log 2, h at the GLR's point and
// the certified search (docs/certified-glr/epsilon-topm.md, section 8, "The prior over the scales").
// Guarantee (Proposition M1): for sigma-sub-Gaussian rewards and ANY sampling rule,
// P(stop with a wrong answer) <= delta.  The value compared with the threshold is a certified
// lower bound of S1, and every shortcut of the decision key (bounds from stale rows, a bound
// carried forward, searches stopped at a verdict, grouped scales) reaches the verdict of the
// reference search: proof in docs/certified-glr/numerics.md, "Cost: the decision key" and the
// sections it names.
// Epsilon-good answers (bandit/target.hpp): with a target epsilon > 0 the same rule evaluates S1
// with each challenger's mean replaced by challenger_mean(target, mu_hat_b) (rounded upwards), at
// the same threshold: Proposition Gε-M1 (docs/certified-glr/epsilon-topm.md, section 7),
// P(stop with an answer that is not epsilon-good) <= delta for any sampling rule, no unique best
// arm needed; the relative form needs means >= 0.
// Tests: tests/bandit/stopping/test_glr_one_sided.cpp (suite glr_one_sided: the rule's
// decision at every pull against the statistic) and tests/bandit/test_one_sided_mixture.cpp.

#include "lilucb/bandit/arm_stats.hpp"
#include "lilucb/bandit/detail/leader_pairwise.hpp"
#include "lilucb/bandit/detail/mixture_grid.hpp"
#include "lilucb/bandit/detail/one_sided_mixture.hpp"
#include "lilucb/bandit/target.hpp"
#include "lilucb/errors.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace lilucb::bandit::stopping {

/// The pair key and threshold of glr_one_sided (detail/leader_pairwise.hpp's Pair policy).
struct glr_one_sided_pair {
  double sigma;
  answer_target target;  ///< the question: the challengers' means are transformed by challenger_mean
  mixture_grid grid;
  std::size_t G;
  double threshold;
  bool sorted;
  // K rows of 3G: 1/2 log(1 + N_i/rho_k), then N_i/(sigma sqrt(N_i + rho_k)), then 1/N_i for the
  // count N_i each entry was computed at (0: never).
  mutable std::vector<double> pen;
  mutable std::vector<std::uint64_t> pen_count;  // the count of the row's last full refresh (0: never)
  struct carried {
    std::size_t leader = static_cast<std::size_t>(-1);  // the pair (leader, b) the bound is for
    double na = 0, nb = 0, d = 0, T = 0, Q = 0;          // counts, gap term, bound, largest quadratic part
  };
  mutable std::vector<carried> carry;  // per arm b: the last O(G) bound of (leader, b)
  std::vector<double> part_log;  // log sum_{k<s} w_k at s = 0..G, then log sum_{k>=e} w_k at e = 0..G (rounded up)

  /// The pair policy for K arms at a given threshold (the caches sized for K arms).  Domain: the
  /// caller has checked sigma, the grid and the target (glr_one_sided's constructor, glr_top_m's).
  static glr_one_sided_pair make(std::size_t K, double sigma, mixture_grid grid, answer_target target,
                                 double threshold);
  /// The decision key of the pair (leader a, challenger b): a certified lower bound of S1_{a,b}
  /// when it reaches the threshold, else a value below it that is an upper bound of S1 or (on the
  /// last path) S1's certified lower bound from the full search.
  /// Any two arms with counts >= 1 may be passed (the caches are per arm, and a carried bound is
  /// used only for the leader it was computed for).
  double key(const arm_stats& s, std::size_t a, std::size_t b) const;
  /// Entry k of arm i's row at the present count n (the same expressions every time: identical
  /// values); whether it changed.
  bool entry(double* r, std::size_t k, double n) const;
  /// Arm i's whole row at the present count; whether any entry changed.
  bool row_changed(const arm_stats& s, std::size_t i) const;
  const double* row(const arm_stats& s, std::size_t i) const;
  /// Entries 0 and lo..hi-1 of arm i's row at the present count (the whole row the first time:
  /// the bound above needs every entry at some count); whether any changed.
  bool entries(const arm_stats& s, std::size_t i, std::size_t lo, std::size_t hi) const;
  bool passes(double key, const arm_stats&) const { return key >= threshold; }
};

/// The prior over the scales the toolkit gives the one-sided rule for a question (the registry's
/// `one-sided` threshold, Gε-M1 and TM-M1 alike): make_joint_mixture_grid() for a top-m question,
/// make_epsilon_mixture_grid(sigma, epsilon) for an additive epsilon-good question of one arm
/// (epsilon > 0, not relative), else the default make_mixture_grid(40).  Each is fixed before the
/// first pull, as Propositions M1, Gε-M1 and TM-M1 need.  Why: docs/certified-glr/epsilon-topm.md,
/// sections 7 and 8, "The prior over the scales".
/// Domain: sigma in (0, inf) when the question is additive epsilon-good.
inline mixture_grid question_grid(double sigma, const answer_target& target) {
  if (target.top_m()) return make_joint_mixture_grid();
  if (target.epsilon > 0 && !target.relative) return make_epsilon_mixture_grid(sigma, target.epsilon);
  return make_mixture_grid(40);
}

/// S1_{a,b} (Proposition M1; its certified lower bound, detail/one_sided_mixture.hpp), computed
/// directly (tests, one-off use).  Domain: sigma > 0, na, nb >= 1, a grid of 1 to 64 scales.
double glr_one_sided_statistic(double sigma, const mixture_grid& g, std::uint64_t na, double ma,
                               std::uint64_t nb, double mb);

/// The rule: observe, should_stop, recommendation, name and min_statistic (the smallest decision
/// key now; tests) from detail::pairwise_rule.
class glr_one_sided : public bandit::detail::pairwise_rule<glr_one_sided_pair> {
 public:
  /// K arms, sigma (the rewards' sub-Gaussian scale), delta and the grid (detail/mixture_grid.hpp; its
  /// combine field is not used: S1 is the infimum of the log-sum).
  /// Domain: K >= 1, sigma in (0, inf), delta in (0, 1), 1 to 64 scales rho_k in (0, inf) with
  /// sum_k w_k <= 1.
  /// With a target (bandit/target.hpp; epsilon >= 0 finite, relative: < 1), the rule answers
  /// the target's question (Proposition Gε-M1).
  glr_one_sided(std::size_t K, double sigma, double delta, mixture_grid grid = make_mixture_grid(),
                answer_target target = {})
      : pairwise_rule(K, make_pair(K, sigma, delta, std::move(grid), target)), delta_(delta) {}

  static constexpr bool certified() { return true; }
  const answer_target& target() const { return pair().target; }
  std::string certificate() const;
  double threshold() const { return pair().threshold; }
  /// S1_{i_hat, b} (its certified lower bound, glr_one_sided_statistic, at b's transformed mean)
  /// against the threshold for every challenger b of the leader now.
  std::vector<challenger_evidence> evidence(const arm_stats& s) const;

 private:
  static glr_one_sided_pair make_pair(std::size_t K, double sigma, double delta, mixture_grid grid,
                                      answer_target target);

  double delta_;
};

}  // namespace lilucb::bandit::stopping
