#pragma once
// Sampling rules for top-m questions (bandit/target.hpp, top = m): the pair the stopping rule
// waits for.  S_hat = the empirical top m arms (sorted by mean, ties to the lowest index); the
// weakest pair (a, b), a in S_hat, b outside, is the one of least GLR evidence
// Z_{a,b} = glr_statistic_target(model, sigma, N_a, mu_hat_a, N_b, mu_hat_b, target) (the model's
// divergence, epsilon-shifted; ties to the lowest (a, b)).  Then
//
//   lucb-glr     pull the less-pulled arm of the pair (ties: a).  LUCB's pair (Kalyanakrishnan,
//                Tewari, Auer & Stone 2012: the weakest arm of S_hat and the strongest outside)
//                chosen by the GLR instead of confidence bounds, as the prototype of
//                docs/certified-glr/epsilon-topm.md (section 5, "Top-m") ran it;
//   tt-topm      Top-Two style: a with probability N_b/(N_a + N_b), b otherwise (the
//                information-directed share of You, Qin, Wang & Yang 2023 for Gaussian arms, as
//                t3c-ids), the coin drawn from the run's stream.
//
// With empirical variances (Gaussian rewards of unknown, possibly different variances) the pair's
// evidence is Z_{a,b} = d_+^2/(2 (v_a/N_a + s^2 v_b/N_b)), d = mu_hat_a - s mu_hat_b + e the target's
// margin ((s, e) = (1, epsilon) additive, (1 - epsilon, 0) relative), v_a = (M2_a + V)/(N_a + 1)
// arm a's variance with one pseudo-reward of the arms' largest empirical variance
// V = max over b of M2_b/N_b (1 while every M2_b is 0; M2_a the sum of squared deviations), as
// Top-Two's unknown_variance model (top_two.hpp): sigma is not read, and the choices do not depend
// on the rewards' unit once some M2_b > 0.  lucb-glr then pulls the arm of fewer pulls per standard
// deviation, N_a/sqrt(v_a) (ties: a), and tt-topm pulls a with probability
// (N_b/v_b)/(N_a/v_a + N_b/v_b): both drive N_a/N_b towards sqrt(v_a/v_b) (the allocation that
// minimises the variance of the pair's mean difference at s = 1).  In a study the rewards reach v_a
// through observe_reward (take_rewards_apart).
//
// Matched to Proposition PT's paired blocks (paired_blocks, with the paired-t threshold): the pair is
// chosen by Z'_{a,b} = (k/2) log(1 + 2 Z_{a,b}/k), k = max(1, min(N_a, N_b)/4), the empirical-variance
// Z with the saturation of a t-test's evidence on k blocks (its few degrees of freedom when an arm of
// small variance is pulled rarely), so that such pairs are chosen sooner.  The form and the 1/4 are a
// measured choice, not derived (docs/certified-glr/paired-t.md, "Top-m: Proposition TM-T", "Measured").
//
// Both first pull an arm with N < sqrt(t/K) (the fewest pulls, lowest index), so that no
// estimate is starved.  With m = 1 the pair is (leader, the challenger of least Z): a best-arm rule.
// Domain: K >= 1, m = 1 or 1 < m <= K - 1, sigma in (0, inf), check_target.  Guarantee: none of its own
// (no sample-complexity statement is claimed); the stopping rule certifies the answer whatever the
// sampling.  Cost: O(m (K - m)) per pull (every pair's Z) plus a sort of K means, O(K log K).
// Tests: tests/bandit/sampling/test_top_m_pair.cpp.

#include "lilucb/bandit/arm_stats.hpp"
#include "lilucb/bandit/detail/running_variance.hpp"
#include "lilucb/bandit/stopping/glr.hpp"
#include "lilucb/bandit/target.hpp"
#include "lilucb/errors.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <numeric>
#include <vector>

namespace lilucb::bandit::sampling {

enum class top_m_choice { less_pulled, information_directed };
/// The pair's evidence: the GLR of the run's model at sigma, with the arms' empirical variances, or
/// with those and the saturation matched to paired blocks (file comment).
enum class top_m_evidence { model, empirical_variance, paired_blocks };

class top_m_pair {
 public:
  /// With empirical_variance or paired_blocks evidence the arms' variances replace sigma^2 (file
  /// comment); sigma is then not read.
  top_m_pair(std::size_t K, stopping::glr_model model, double sigma, answer_target target, top_m_choice choice,
             top_m_evidence evidence = top_m_evidence::model)
      : K_(K), model_(model), sigma_(sigma), target_(target), choice_(choice), order_(K),
        spread_(evidence != top_m_evidence::model ? K : 0), paired_blocks_(evidence == top_m_evidence::paired_blocks) {
    constexpr const char* fn = "lilucb::bandit::sampling::top_m_pair";
    check_at_least(fn, "K", double(K), 1.0);
    check_positive(fn, "sigma", sigma);
    check_target(fn, target);
    check_target_arms(fn, target, K);
    std::iota(order_.begin(), order_.end(), std::size_t{0});
  }
  const char* name() const { return choice_ == top_m_choice::less_pulled ? "lucb-glr" : "tt-topm"; }
  bool reads_variances() const { return !spread_.empty(); }

  template <class Session>
  std::size_t next(Session& s) {
    const arm_stats& st = s.stats();
    const std::size_t forced = least_pulled(st);
    if (static_cast<double>(st.count(forced)) < std::sqrt(static_cast<double>(st.total()) / static_cast<double>(K_)))
      return forced;
    const auto [a, b] = weakest_pair(st);
    const double na = static_cast<double>(st.count(a)), nb = static_cast<double>(st.count(b));
    if (!reads_variances()) {
      if (choice_ == top_m_choice::less_pulled) return nb < na ? b : a;
      return s.rng().engine().uniform01() < nb / (na + nb) ? a : b;
    }
    const double va = variance(a), vb = variance(b);
    if (choice_ == top_m_choice::less_pulled) return nb / std::sqrt(vb) < na / std::sqrt(va) ? b : a;
    const double pa = na / va, pb = nb / vb;
    return s.rng().engine().uniform01() < pb / (pa + pb) ? a : b;
  }
  /// Arm i was pulled once (s.last_added() its reward, read with empirical variances unless the
  /// rewards are told apart).
  void observe(std::size_t i, const arm_stats& s) {
    if (reads_variances() && !rewards_apart_) observe_reward(i, s.last_added());
  }
  /// A study's statistics carry no rewards: from now on the variances read each reward from
  /// observe_reward alone.  Call before the first observe.
  void take_rewards_apart() { rewards_apart_ = true; }
  /// Arm i's reward y, for the empirical variances; else nothing.
  void observe_reward(std::size_t i, double y) {
    if (!reads_variances()) return;
    spread_[i].add(y);
    pool_ = detail::largest_variance(spread_);
  }
  /// Arm a's variance estimate v_a (file comment).  Domain: reads_variances(), a < K.
  double variance(std::size_t a) const { return spread_[a].with_pseudo_reward(pool_); }

  /// The weakest pair (a in S_hat, b outside) now (see the file comment).
  std::pair<std::size_t, std::size_t> weakest_pair(const arm_stats& st) {
    std::stable_sort(order_.begin(), order_.end(), [&](std::size_t x, std::size_t y) {
      return st.mean(x) > st.mean(y) || (st.mean(x) == st.mean(y) && x < y);
    });
    const std::size_t m = target_.top;
    std::size_t ba = order_[0], bb = order_[m];
    double least = -1;
    for (std::size_t i = 0; i < m; ++i)
      for (std::size_t j = m; j < K_; ++j) {
        const std::size_t a = order_[i], b = order_[j];
        const double z = reads_variances() ? variance_statistic(st, a, b)
                                           : stopping::glr_statistic_target(model_, sigma_, st.count(a), st.mean(a),
                                                                            st.count(b), st.mean(b), target_);
        if (least < 0 || z < least || (z == least && (a < ba || (a == ba && b < bb)))) {
          least = z;
          ba = a;
          bb = b;
        }
      }
    return {ba, bb};
  }

 private:
  /// Z_{a,b} with empirical variances (file comment).
  double variance_statistic(const arm_stats& st, std::size_t a, std::size_t b) const {
    const double e = target_.epsilon, s = target_.relative ? 1 - e : 1.0;
    const double d = target_.relative ? st.mean(a) - s * st.mean(b) : st.mean(a) - st.mean(b) + e;
    if (!(d > 0)) return 0.0;
    const double na = static_cast<double>(st.count(a)), nb = static_cast<double>(st.count(b));
    const double z = d * d / (2 * (variance(a) / na + s * s * variance(b) / nb));
    if (!paired_blocks_) return z;
    const double k = std::max(1.0, std::min(na, nb) / 4);
    return k / 2 * std::log1p(2 * z / k);
  }
  std::size_t least_pulled(const arm_stats& st) const {
    std::size_t best = 0;
    for (std::size_t i = 1; i < K_; ++i)
      if (st.count(i) < st.count(best)) best = i;
    return best;
  }

  std::size_t K_;
  stopping::glr_model model_;
  double sigma_;
  answer_target target_;
  top_m_choice choice_;
  std::vector<std::size_t> order_;
  std::vector<detail::running_variance> spread_;  // with empirical variances: the rewards told, per arm
  double pool_ = 1;                               // the pseudo-reward's variance V (file comment)
  bool paired_blocks_ = false;                    // the evidence matched to paired blocks
  bool rewards_apart_ = false;                    // a study: rewards come through observe_reward only
};

}  // namespace lilucb::bandit::sampling
