#pragma once
// GLR stopping for top-m questions (bandit/target.hpp, top = m > 1): the answer is the empirical
// top set S_hat (the m arms of largest empirical mean), and the rule stops when every pair
// (a in S_hat, b not in S_hat) clears the threshold:
//
//   certified (Proposition TM-M1, docs/certified-glr/epsilon-topm.md, section 8):
//       S1_{a,b} >= log(m (K - m)/delta), S1 the one-sided mixture statistic of Proposition M1
//       (stopping::glr_one_sided_statistic: its certified lower bound) at b's transformed mean
//       challenger_mean(target, mu_hat_b); for sigma-sub-Gaussian rewards and ANY sampling rule,
//       P(stop with a set that is not (epsilon, m)-correct: some answered a and left-out b with
//       mu_a < T(mu_b), target.hpp's is_good_answer_set) <= delta (relative epsilon: means >= 0);
//   certified on rewards in [0, 1] (Proposition TM-K, docs/certified-glr/epsilon-topm.md, section 9;
//       with m = 1 and an epsilon, Proposition Kε-U of section 1):
//       S_K(a, b) >= log(m (K - m)/delta), S_K Proposition PK's pair statistic with arm a in the
//       pooled arm's place (bernoulli_mixture.hpp: Bernoulli tilts, one prior per arm, infimum over
//       the common point; its certified lower bound), a's point shifted by an additive epsilon
//       (bernoulli_mixture::shift_of: rounded down to a multiple of 2^-30 in [0, 1] units); for
//       rewards in [0, 1] (Bernoulli arms, or bounded rewards read as (y - lo)/(hi - lo)) and ANY
//       sampling rule, P(stop with a set that is not (epsilon, m)-correct) <= delta; additive
//       epsilon only;
//   certified for Gaussian rewards of unknown, possibly different variances (Proposition TM-T,
//       docs/certified-glr/paired-t.md, "Top-m: Proposition TM-T"):
//       Lambda(a, b) >= log(m (K - m) J/delta), Lambda Proposition PT's paired-block statistic
//       (glr_paired_t.hpp: the one-sided t-test Bayes factor of the block differences of a's and
//       b's rewards, the best of the J block ratios; its certified lower bound) for the question
//       (s, e) of the target; for Gaussian rewards N(mu_i, sigma_i^2), the sigma_i unknown, and ANY
//       sampling rule, P(stop with a set that is not (epsilon, m)-correct) <= delta (relative
//       epsilon: mu_(m) >= 0); reads no sigma;
//   practice (no guarantee): Z_{a,b} > log((1 + log t)/delta), Z the model's GLR for the target
//       (glr_statistic_target: Gaussian or Bernoulli), as the top-m experiments of the field run it;
//       for unknown variances the GLR with the arms' empirical variances (glr_ev.hpp's EV-GLR at
//       b's transformed mean, b's variance scaled by the square of the relative factor).
//
// S_hat: after every pull, arms cross between S_hat and its complement only when an outside mean
// is strictly above an inside one (the set is a function of the history: two heaps, O(log K) per
// pull).  Cost of the decision: one failing witness pair is watched; while neither of its arms is
// pulled and S_hat is unchanged it still fails (its statistic is unchanged, the practice's
// threshold only grows), so "continue" costs nothing; otherwise the witness is re-evaluated, and
// when it passes every pair is, a failing one the new witness (any failing pair gives the same
// verdict).  The certified form evaluates each pair by glr_one_sided's decision key (on M1's grid:
// cheap upper bounds rule failing pairs out, a one-term search passes most passing ones; on the
// joint prior the registry gives it: the screen Z + 2 log 2, h at the GLR's point, then the full
// certified search): a pass rests on a certified lower bound of S1 >= the threshold (docs/certified-glr/numerics.md, "Cost: the decision
// key"); the verdict is glr_one_sided_statistic's but within about 2e-9 (1 + threshold) above the
// threshold, where the key may pass first (epsilon-topm.md, section 8).  The Bernoulli-tilt form
// fails a pair on the pair's Bernoulli GLR (an upper bound of S_K; without epsilon) in O(1) and
// otherwise decides it by bernoulli_mixture::search at the threshold (a pass rests on its certified
// lower bound); the sums enter with their rounding bounds (a's lowered, b's raised: pooled_rounding).
// Domain: K >= 2, 1 <= m <= K - 1, sigma in (0, inf), delta in (0, 1), check_target; the
// certified form takes M1's grid (1 to 64 scales, sum of weights <= 1; the registry gives it
// make_joint_mixture_grid(), glr_one_sided.hpp's question_grid); the Bernoulli-tilt form takes an
// additive epsilon with epsilon/(hi - lo) in [0, 1), a grid as bernoulli_mixture::check_tilt_grid
// admits and lo < hi finite; the paired-block form and the empirical-variance practice take one
// reward per observe (a batched observe is refused naming "count") and reads every arm's rewards (memory: all of them, as glr_paired_t).  The
// paired-block form's pair decision is glr_paired_t_pair::statistic at the threshold (a pass rests
// on a ratio's certified value; a fail on values below it).
// Tests: tests/bandit/stopping/test_glr_top_m.cpp (the decision at every pull against a naive
// evaluation; m = 1 against glr_one_sided) and tests/bandit_stats/test_top_m_error_rates.cpp.

#include "lilucb/bandit/arm_stats.hpp"
#include "lilucb/bandit/detail/bernoulli_mixture.hpp"
#include "lilucb/bandit/detail/top_set.hpp"
#include "lilucb/bandit/detail/mixture_grid.hpp"
#include "lilucb/bandit/detail/pooled_designation.hpp"
#include "lilucb/bandit/rules.hpp"
#include "lilucb/bandit/stopping/glr.hpp"
#include "lilucb/bandit/stopping/glr_ev.hpp"
#include "lilucb/bandit/stopping/glr_one_sided.hpp"
#include "lilucb/bandit/stopping/glr_paired_t.hpp"
#include "lilucb/bandit/target.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace lilucb::bandit::stopping {

class glr_top_m {
 public:
  /// The certified rule (Proposition TM-M1) on M1's grid.  Domain: see the file comment.
  glr_top_m(std::size_t K, double sigma, double delta, answer_target target, mixture_grid grid = make_mixture_grid());
  /// The practice: the model's GLR statistic at the heuristic threshold (uncertified).
  static glr_top_m practice(std::size_t K, glr_model model, double sigma, double delta, answer_target target);
  /// The certified rule on rewards in [lo, hi] read as (y - lo)/(hi - lo) (Proposition TM-K): Bernoulli
  /// tilts on `grid` for each arm of every pair.  Domain: see the file comment.
  static glr_top_m bernoulli_tilts(std::size_t K, double delta, answer_target target,
                                   bernoulli_mixture::tilt_grid grid = bernoulli_mixture::make_default_tilt_grid(),
                                   double lo = 0, double hi = 1);
  /// The certified rule for Gaussian rewards of unknown, possibly different variances (Proposition
  /// TM-T): Proposition PT's paired blocks for every pair.  Domain: see the file comment.
  static glr_top_m paired_t(std::size_t K, double delta, answer_target target);
  /// The practice for unknown variances: the EV-GLR of every pair at the heuristic threshold
  /// (uncertified).  Domain: see the file comment.
  static glr_top_m practice_empirical_variance(std::size_t K, double delta, answer_target target);

  static constexpr const char* name() { return "glr"; }
  bool certified() const { return certified_; }
  std::string certificate() const;
  const answer_target& target() const { return target_; }

  /// After every pull of arm i (s already holds it).
  void observe(std::size_t i, const arm_stats& s);  // (Bernoulli tilts: s.last_added() is i's reward, in [lo, hi])
  /// Whether every pair (a in S_hat, b not in S_hat) passes now (exact; see the file comment).
  bool should_stop(const arm_stats& s);
  /// The best arm of S_hat (largest empirical mean, ties to the lowest index).
  std::size_t recommendation(const arm_stats& s) const;
  /// S_hat, in increasing arm order.
  std::vector<std::size_t> recommended_set(const arm_stats& s) const;
  /// The statistic of the pair (a, b) (certified: S1's lower bound at b's transformed mean, S_K's
  /// on Bernoulli tilts, or Lambda's on paired blocks, -inf when no block ratio counts; practice: Z).
  double statistic(const arm_stats& s, std::size_t a, std::size_t b) const;
  /// The threshold at t pulls.
  double threshold(std::uint64_t t) const;
  /// The smallest statistic over the pairs of S_hat now (evaluates all of them; tests).
  double min_statistic(const arm_stats& s) const;
  /// For every arm b outside S_hat (increasing), the smallest statistic of its pairs (a in S_hat, b)
  /// against the threshold at s.total(): the rule stops when every one passes (up to the decision's
  /// resolution, see the file comment).  Empty until every arm has been pulled.  With m = 1, each
  /// challenger of the answer, as glr_one_sided::evidence.
  std::vector<challenger_evidence> evidence(const arm_stats& s) const;
  /// Whether arm i is in S_hat now.
  bool in_answer(std::size_t i) const { return set_.contains(i); }

 private:
  glr_top_m(std::size_t K, bool certified, glr_model model, double sigma, double delta, answer_target target,
            mixture_grid grid);
  bool passes(double v, std::uint64_t t) const;
  /// The pair's value for the decision: the decision key (certified) or the statistic (practice).
  double decision_value(const arm_stats& s, std::size_t a, std::size_t b);
  /// Bernoulli tilts: the statistics the rule reads (the run's, or the rescaled ones), the pair's
  /// data with a's sum lowered and b's raised by their rounding bounds, and the decision.
  const arm_stats& view(const arm_stats& s) const { return rescaled_ ? scaled_ : s; }
  double rounding(const arm_stats& v, std::size_t i) const;
  bernoulli_mixture::pair_data kl_pair(const arm_stats& v, std::size_t a, std::size_t b) const;
  double kl_decision(const arm_stats& v, std::size_t a, std::size_t b) const;

  std::size_t K_, m_;
  bool certified_;
  glr_model model_;
  double sigma_, delta_;
  answer_target target_;
  mixture_grid grid_;
  double fixed_threshold_ = 0;  // certified: log(m (K - m)/delta)
  std::optional<glr_one_sided_pair> key_;  // certified: the decision key at fixed_threshold_
  bool tilts_ = false;                      // certified on Bernoulli tilts (TM-K)
  bernoulli_mixture::tilt_grid tilt_grid_;  // TM-K: each arm's prior
  double lo_ = 0, hi_ = 1, width_ = 1;      // TM-K: the rewards' range [lo, hi], width = hi - lo
  double shift_ = 0;                        // TM-K: a's shift in [0, 1] units (bernoulli_mixture::shift_of)
  bool rescaled_ = false;                   // TM-K on a range other than [0, 1]
  arm_stats scaled_{0};                     // TM-K rescaled: the rescaled rewards' counts and sums
  abs_sums abs_{0};                         // TM-K: the plain sums of |reward| read (pooled_rounding's abs_sum)
  std::optional<glr_paired_t_pair> paired_;  // TM-T: every arm's rewards and the pairs' block summaries
  std::vector<running_variance> ev_;          // the empirical-variance practice: each arm's (empty otherwise)
  detail::top_set set_;          // S_hat
  std::size_t wa_ = 0, wb_ = 0;  // the witness pair
  bool watching_ = false;        // it fails, neither arm was pulled and S_hat did not change since
};

}  // namespace lilucb::bandit::stopping
