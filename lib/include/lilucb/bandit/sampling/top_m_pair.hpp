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
// Both first pull an arm with N < sqrt(t/K) (the fewest pulls, lowest index), so that no
// estimate is starved.  With m = 1 the pair is (leader, the challenger of least Z): a best-arm rule.
// Domain: K >= 1, m = 1 or 1 < m <= K - 1, sigma in (0, inf), check_target.  Guarantee: none of its own
// (no sample-complexity statement is claimed); the stopping rule certifies the answer whatever the
// sampling.  Cost: O(m (K - m)) per pull (every pair's Z) plus a sort of K means, O(K log K).
// Tests: tests/bandit/sampling/test_top_m_pair.cpp.

#include "lilucb/bandit/arm_stats.hpp"
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

class top_m_pair {
 public:
  top_m_pair(std::size_t K, stopping::glr_model model, double sigma, answer_target target, top_m_choice choice)
      : K_(K), model_(model), sigma_(sigma), target_(target), choice_(choice), order_(K) {
    constexpr const char* fn = "lilucb::bandit::sampling::top_m_pair";
    check_at_least(fn, "K", double(K), 1.0);
    check_positive(fn, "sigma", sigma);
    check_target(fn, target);
    check_target_arms(fn, target, K);
    std::iota(order_.begin(), order_.end(), std::size_t{0});
  }
  const char* name() const { return choice_ == top_m_choice::less_pulled ? "lucb-glr" : "tt-topm"; }

  template <class Session>
  std::size_t next(Session& s) {
    const arm_stats& st = s.stats();
    const std::size_t forced = least_pulled(st);
    if (static_cast<double>(st.count(forced)) < std::sqrt(static_cast<double>(st.total()) / static_cast<double>(K_)))
      return forced;
    const auto [a, b] = weakest_pair(st);
    const double na = static_cast<double>(st.count(a)), nb = static_cast<double>(st.count(b));
    if (choice_ == top_m_choice::less_pulled) return nb < na ? b : a;
    return s.rng().engine().uniform01() < nb / (na + nb) ? a : b;
  }
  void observe(std::size_t, const arm_stats&) {}

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
        const double z =
            stopping::glr_statistic_target(model_, sigma_, st.count(a), st.mean(a), st.count(b), st.mean(b), target_);
        if (least < 0 || z < least || (z == least && (a < ba || (a == ba && b < bb)))) {
          least = z;
          ba = a;
          bb = b;
        }
      }
    return {ba, bb};
  }

 private:
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
};

}  // namespace lilucb::bandit::sampling
