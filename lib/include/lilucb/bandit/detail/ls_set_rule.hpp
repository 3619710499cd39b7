#pragma once
// The LS rule for an epsilon-good or top-m question (bandit/target.hpp): lil'UCB's own stopping
// rule (Section 5's LS rule) asked the question of the target.  S_hat is the empirical top set
// (detail/top_set.hpp; m = 1: one arm, the empirical best), and the rule fires when
//     min over a in S_hat of (mu_hat_a - B(T_a))  >=  T( max over b not in S_hat of (mu_hat_b + B(T_b)) ),
// T(x) = x - epsilon (additive) or (1 - epsilon) x (relative), computed rounded upwards
// (target.hpp's challenger_mean); the bounds mean -/+ B(T) rounded outwards (the rounding of the
// computed mean itself is not bounded, as for basic_ls_rule).
// With epsilon = 0 and m = 1 this is basic_ls_rule's condition.  Certificate: docs/bandit.md,
// "LS stopping for epsilon-good and top-m questions" (the LS event, every arm inside its boundary
// at every count, makes every stop (epsilon, m)-correct: no union beyond the LS rule's own).
// Two indexed heaps of the bounds (the answered arms' lower bounds, the others' upper bounds),
// updated for the pulled arm and for the two arms of an exchange: O(log K) per pull.  An arm never
// pulled has bounds -inf and +inf, so the rule cannot fire before every arm has been pulled.
// Domain: K >= 2, 1 <= m <= K - 1, a valid target (the caller checks).

#include "lilucb/bandit/arm_stats.hpp"
#include "lilucb/bandit/detail/confidence.hpp"
#include "lilucb/bandit/detail/indexed_heap.hpp"
#include "lilucb/bandit/detail/top_set.hpp"
#include "lilucb/bandit/rules.hpp"
#include "lilucb/bandit/target.hpp"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

namespace lilucb::bandit::detail {

template <class Width>
class ls_set_rule {
 public:
  ls_set_rule(std::size_t K, const Width& width, const answer_target& target)
      : bound_(thread_count_cache(width)), target_(target), set_(K, target.top), lower_(K, -inf), upper_(K, inf),
        low_in_(std::vector<double>(K, -inf)), high_out_(std::vector<double>(K, -inf)) {
    for (std::size_t i = 0; i < K; ++i) place(i);
  }

  /// After arm i's pull (s already holds it).
  void update(std::size_t i, const arm_stats& s) {
    const std::uint64_t n = s.count(i);
    const double b = (*bound_)(n), m = s.mean(i);
    lower_[i] = std::nextafter(m - b, -inf);  // rounded outwards: at most the exact m - b
    upper_[i] = std::nextafter(m + b, inf);   // at least the exact m + b
    if (set_.update(i, m, n == 1)) {
      place(set_.entered());
      place(set_.left());
    }
    place(i);
  }

  /// Whether the condition holds now.
  bool satisfied() const {
    if (set_.unsampled() > 0) return false;
    return -low_in_.top_key() >= challenger_mean(target_, high_out_.top_key());
  }

  std::size_t best() const { return set_.best(); }
  std::vector<std::size_t> members() const { return set_.members(); }

  /// For every arm b outside S_hat (increasing): the answered arms' least lower bound (statistic)
  /// against T(b's upper bound) (threshold).  Empty until every arm has been pulled.
  std::vector<challenger_evidence> evidence() const {
    std::vector<challenger_evidence> out;
    if (set_.unsampled() > 0) return out;
    for (std::size_t b = 0; b < lower_.size(); ++b)
      if (!set_.contains(b)) out.push_back({b, -low_in_.top_key(), challenger_mean(target_, upper_[b])});
    return out;
  }

 private:
  static constexpr double inf = std::numeric_limits<double>::infinity();
  /// Arm j's keys as its membership says: -lower inside, upper outside (-inf in the other heap).
  void place(std::size_t j) {
    const bool in = set_.contains(j);
    low_in_.update(j, in ? -lower_[j] : -inf);
    high_out_.update(j, in ? -inf : upper_[j]);
  }

  thread_cache_ref<Width> bound_;
  answer_target target_;
  top_set set_;
  std::vector<double> lower_, upper_;  // mean -/+ B(count): -inf/+inf before the first pull
  indexed_max_heap low_in_;            // S_hat's arms keyed by -lower: its root the least lower bound
  indexed_max_heap high_out_;          // the other arms keyed by upper: its root the largest
};

}  // namespace lilucb::bandit::detail
