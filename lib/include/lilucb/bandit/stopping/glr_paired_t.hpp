#pragma once
// Stopping for Gaussian rewards of UNKNOWN, possibly different variances by paired blocks:
// Proposition PT (docs/certified-glr/paired-t.md), one scale-invariant one-sided t-test Bayes factor
// per (answer, challenger) pair and block ratio, a union over the ratios and the wrong answers.
//
// Arm i's rewards in pull order are its tape.  For the answer a, a challenger c and a block ratio
// (r_a, r_c), block j's difference is
//     D_j = (mean of a's tape entries r_a(j-1)+1 .. r_a j) - s (mean of c's entries r_c(j-1)+1 .. r_c j) + e,
// (s, e) = (1, epsilon) for an additive question and (1 - epsilon, 0) for a relative one
// (bandit/target.hpp), over k = min(floor(N_a/r_a), floor(N_c/r_c)) complete blocks.  With S, V the
// sum and the sum of squared deviations of D_1..D_k, Q = V + S^2/k, W = Q + g k V:
//     log BF+(g) = log 2 + ((k - 1)/2) log(1 + k g) - (k/2) log(1 + g k V/Q) + log F_{t_k}(S sqrt(k g/W))
// (F_{t_k} Student's t CDF; paired-t.md (PT-1)), and the pair's statistic is
//     Lambda(a, c) = max over the J ratios of log( mean over the grid's g of BF+(g) ),
// a ratio counting only when k >= 1, S > 0 and V > 0.  Stop when Lambda(i_hat, c) >=
// log((K - 1) J/delta) for every c != i_hat; answer i_hat, the empirical leader of all pulls.
//
// Guarantee (Proposition PT): for Gaussian rewards N(mu_i, sigma_i^2), the sigma_i unknown and
// possibly different, and ANY sampling rule, P(stop with an answer that is not good) <= delta (good:
// a best arm for epsilon = 0; mu >= mu* - epsilon; mu >= (1 - epsilon) mu* when mu* >= 0, the
// relative question's premise).  Gaussian rewards exactly: heavy tails, skew and coarse rounding
// are not covered (a ratio whose differences are all equal, V = 0, gives no evidence).
//
// Numerics (the value compared is never above the true statistic of the stored summaries): each
// log BF+ lowered by 1e-13 times its terms' magnitudes plus 1e-10 for the t CDF; the grid's
// log-sum-exp lowered by its own rounding.  Not bounded: the rounding of the block means and of
// their Welford summaries (paired-t.md, "As implemented").
//
// Cost: O(1) per pull (the reward is appended to its arm's tape); a pair's evaluation extends its
// J Welford summaries by the blocks completed since it was last evaluated (every block is read once
// per pair and ratio over a run) and evaluates |G| Bayes factors per ratio (a t CDF only near the
// threshold).  Memory: every reward, and J summaries per pair evaluated.  One reward per observe.
// Domain: K >= 1, delta in (0, 1), an answer_target that is not top-m (epsilon >= 0 finite,
// relative < 1).
// Tests: tests/bandit/stopping/test_glr_paired_t.cpp and tests/bandit_stats/test_unknown_variance_error_rates.cpp.

#include "lilucb/bandit/arm_stats.hpp"
#include "lilucb/bandit/detail/leader_pairwise.hpp"
#include "lilucb/bandit/target.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace lilucb::bandit::stopping {

/// The block ratios (answer : challenger) of the union, J = 9: 1:16 to 16:1 a factor 2 apart.
inline constexpr std::array<std::pair<unsigned, unsigned>, 9> paired_t_ratios{
    {{1, 16}, {1, 8}, {1, 4}, {1, 2}, {1, 1}, {2, 1}, {4, 1}, {8, 1}, {16, 1}}};
/// The scale grid G = {2^e : e = -18, -16, ..., 2} of the half-normal priors (|G| = 11).
inline constexpr int paired_t_g_min_exponent = -18, paired_t_g_step = 2, paired_t_g_count = 11;

/// One ratio's block differences: count, mean, sum of squared deviations (Welford).
struct paired_t_blocks {
  std::uint64_t k = 0;
  double mean = 0, m2 = 0;
  void add(double d);
};

/// A certified lower bound of log( (1/|G|) sum over g of BF+_k(g) ) (paired-t.md (PT-1)) for k
/// blocks of mean `mean` (S = k mean) and sum of squared deviations v; -inf unless k >= 1,
/// mean > 0 and v >= the smallest normal double (finite).  Evaluated after an exact rescaling by a
/// power of 2 (v into [1, 4)); a rescaled mean below 2^-400 gives -inf and one above 2^200 is
/// lowered to 2^200 (a lower bound: the value increases with the mean at fixed v).  Never NaN.
/// When `upper_only`, the bound with every t CDF replaced by 1, an upper bound (a screen; not
/// certified as a lower bound).
double paired_t_log_evalue(std::uint64_t k, double mean, double v, bool upper_only = false);

/// log BF+_k(g) of (PT-1) for one g > 0, in double without margins (tests, references).
double paired_t_log_bf(std::uint64_t k, double mean, double v, double g);

/// The pair key and threshold (detail/leader_pairwise.hpp's Pair policy).
struct glr_paired_t_pair {
  // Updated by glr_paired_t::observe and by key() through the core's const access to its policy.
  mutable std::vector<std::vector<double>> tapes;
  mutable std::unordered_map<std::uint64_t, std::array<paired_t_blocks, paired_t_ratios.size()>> blocks;
  answer_target target;
  double threshold;
  /// Lambda(a, b) of the file comment (certified lower bound; clamped at 0).
  double key(const arm_stats& s, std::size_t a, std::size_t b) const;
  bool passes(double key, const arm_stats&) const { return key >= threshold; }
  /// The pair's summaries, extended to the blocks complete now.
  const std::array<paired_t_blocks, paired_t_ratios.size()>& extended(std::size_t a, std::size_t b) const;
  /// Lambda(a, b), -inf when no ratio counts; with a finite pass_at, only as far as the verdict
  /// against it needs (at or above pass_at: some ratio's certified value; below: possibly an
  /// upper bound of the statistic, itself below pass_at).
  double statistic(std::size_t a, std::size_t b, double pass_at) const;
};

/// The rule: observe, should_stop, recommendation, name and min_statistic from
/// detail::pairwise_rule.
class glr_paired_t : public bandit::detail::pairwise_rule<glr_paired_t_pair> {
 public:
  /// K arms, delta, the question.  Domain: K >= 1, delta in (0, 1), target valid and not top-m.
  glr_paired_t(std::size_t K, double delta, answer_target target = {});

  static constexpr bool certified() { return true; }
  std::string certificate() const;
  const answer_target& target() const { return pair().target; }
  double threshold() const { return pair().threshold; }
  /// Arm i's rewards in pull order.  Domain: i < K.
  const std::vector<double>& tape(std::size_t i) const;
  /// Lambda(a, b) now (certified lower bound, -inf when no ratio counts).  Domain: a, b < K, a != b.
  double statistic(std::size_t a, std::size_t b) const;

  /// After arm i's pull (s already holds it; s.last_added() is its one reward).  Domain: one
  /// reward per observe (s.count(i) is one more than at the last observe of i).
  void observe(std::size_t i, const arm_stats& s);

  /// Lambda(i_hat, b) against the threshold for every challenger b of the leader.
  std::vector<challenger_evidence> evidence(const arm_stats& s) const;
};

}  // namespace lilucb::bandit::stopping
