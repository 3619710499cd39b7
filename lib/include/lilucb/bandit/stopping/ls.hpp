#pragma once
// LS-style stopping (Section 5's LIL stopping rule, generalised to any per-arm boundary): stop
// when the empirically best arm's lower boundary reaches every other arm's upper boundary,
//     mu_hat_{i_hat} - B(T_{i_hat}) >= max_{j != i_hat} mu_hat_j + B(T_j),
// and answer i_hat.  O(log K) per pull (basic_ls_rule: two indexed heaps).
//
// Certificate, valid for ANY sampling rule: each arm's rewards form one i.i.d. sequence whatever
// the sampling (the k-th reward of arm i is the k-th draw of its own sequence), so if
// P(exists T: |mu_hat_i(T) - mu_i| > B(T)) <= p_i for each arm and sum_i p_i <= nu, then with
// probability >= 1 - nu every arm stays within its boundary at every count; on that event the
// rule can only stop with i_hat the true best arm (its lower boundary is below its mean, which
// is then above every other arm's upper boundary, hence above that arm's mean).  For the
// finite-LIL width (Lemma `lem:lil`) at delta = ls_delta_for_failure_probability(eps, nu) the
// sum of the two-sided, per-arm crossing bounds is exactly nu (ls_bound.hpp).  Other boundaries
// (the anytime boundaries of lilucb/boundaries: stitched, mixture, calibrated) plug in as the Width type.
//
// An epsilon-good or top-m question (bandit/target.hpp; lil'UCB's own extension of the rule): stop
// when every arm of the empirical top set S_hat has its lower boundary at or above T(every other
// arm's upper boundary), T(x) = x - epsilon or (1 - epsilon) x, and answer S_hat
// (detail/ls_set_rule.hpp).  On the same event (every arm inside its boundary at every count) a
// stop gives mu_a >= T(mu_b) for every answered a and left-out b: P(the answer is not good) <= nu,
// with no union beyond the LS rule's own (docs/bandit.md, "LS stopping for epsilon-good and top-m
// questions").

#include "lilucb/bandit/detail/ls_rule.hpp"
#include "lilucb/bandit/detail/ls_set_rule.hpp"
#include "lilucb/bandit/target.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace lilucb::bandit::stopping {

template <class Width = detail::ls_width>
class ls {
 public:
  /// K arms; width: B(T) with per-arm two-sided crossing probabilities summing to the error
  /// probability stated in `certificate`; the question (an epsilon-good or top-m target: see the
  /// file comment).  Domain: a valid target, top <= K - 1 for a top-m one.
  ls(std::size_t K, const Width& width, std::string certificate, const answer_target& target = {})
      : rule_(K, width), certificate_(std::move(certificate)) {
    constexpr const char* fn = "lilucb::bandit::stopping::ls";
    check_target(fn, target);
    if (target.best_arm()) return;
    check_target_arms(fn, target, K);
    if (K < 2) return;  // one arm (an epsilon-good question): answered at once, as the best arm
    set_.emplace(K, width, target);
    top_ = target.top;
    certificate_ += "; the same event certifies the question (" + to_string(target) +
                    "): stop when every answered arm's lower boundary reaches " +
                    (target.epsilon == 0 ? std::string("every other arm's upper boundary")
                                         : std::string("T(every other arm's upper boundary), T(x) = ") +
                                               (target.relative ? "(1 - epsilon) x" : "x - epsilon")) +
                    " (docs/bandit.md, \"LS stopping for epsilon-good and top-m questions\"): P(the answer is not " +
                    (target.top_m() ? "a set of the " : "") + to_string(target) + ") <= nu";
  }

  static constexpr const char* name() { return "ls"; }
  void observe(std::size_t i, const arm_stats& s) {
    if (set_) set_->update(i, s);
    else rule_.update(i, s);
  }
  bool should_stop(const arm_stats& s) { return set_ ? set_->satisfied() : rule_.satisfied(s); }
  std::size_t recommendation(const arm_stats&) const { return set_ ? set_->best() : rule_.leader(); }
  /// A top-m question's answer set (increasing arms); empty for a one-arm question.
  std::vector<std::size_t> recommended_set(const arm_stats&) const {
    return set_ && top_ > 1 ? set_->members() : std::vector<std::size_t>{};
  }
  bool certified() const { return true; }
  const std::string& certificate() const { return certificate_; }
  /// The leader's lower bound against every other arm's upper bound (detail::basic_ls_rule); for
  /// an epsilon-good or top-m question, the answered arms' least lower bound against T(each
  /// left-out arm's upper bound) (detail::ls_set_rule).
  std::vector<challenger_evidence> evidence(const arm_stats& s) { return set_ ? set_->evidence() : rule_.evidence(s); }

 private:
  detail::basic_ls_rule<Width> rule_;  // the best-arm question's (unused with a set rule)
  std::optional<detail::ls_set_rule<Width>> set_;  // an epsilon-good or top-m question's rule
  std::size_t top_ = 1;                           // the question's m
  std::string certificate_;
};

/// The LS rule with Section 5's finite-LIL width at error probability nu (eps = 0.01).
/// Domain: K >= 1, nu in (0, 1), sigma > 0.
/// With an epsilon-good or top-m target, the question's form (the file comment).
/// Domain: K >= 1, nu in (0, 1), sigma > 0, a valid target.
inline ls<detail::ls_width> finite_lil_ls(std::size_t K, double nu, double sigma, double eps = 0.01,
                                          const answer_target& target = {}) {
  const double delta = ls_delta_for_failure_probability(eps, nu);
  detail::ls_rule check(K, eps, delta, sigma);  // validates (throws on bad input)
  (void)check;
  return ls<detail::ls_width>(K, detail::ls_width{eps, delta, sigma, K},
                      "LS rule with the finite-LIL boundary (Lemma lem:lil, eps = " + std::to_string(eps) +
                          ") at delta/(2K) per arm and sign: union bound over arms, valid for any sampling rule; "
                          "P(wrong answer) <= nu",
                      target);
}

}  // namespace lilucb::bandit::stopping
