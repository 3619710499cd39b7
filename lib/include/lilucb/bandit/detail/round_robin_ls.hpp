#pragma once
// The LS rule (detail/ls_rule.hpp) for a round robin over a fixed order of the arms (Nonadaptive
// + LS, Section 5): the same decisions and the same leader as basic_ls_rule after every pull,
// in O(1) per pull and O(n) per cycle instead of two O(log n) heap updates per pull.
//
// Contract.  The caller pulls the arms in `order` cyclically from position 0 and calls
// pulled(k, s) after each pull of order[k]; begin_cycle(s) at position 0 once every arm has the
// same count c >= 1.  Within the cycle, the arms at positions < k have count c + 1 and means
// that do not change until the next cycle, and those at positions >= k have count c and the
// means they had when the cycle began.  The largest upper bound mean_j + B(T_j) over a group of
// one count is max_j mean_j + B(that count): rounding is monotone, so fl(m + B) is largest at
// the largest m, and the value equals the heap's stored key bit for bit.  Each group's top two
// means (larger mean first, then lower arm index, the heap's order) give the leader and the
// largest upper bound among the other arms: the suffix maxima of the cycle's order for the
// arms not yet pulled, a running top two for the others.  Tested pull for pull against
// basic_ls_rule (tests/bandit/test_round_robin_ls.cpp).

#include "lilucb/bandit/arm_stats.hpp"
#include "lilucb/bandit/detail/confidence.hpp"

#include <cstddef>
#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

namespace lilucb::bandit::detail {

template <class Width>
class round_robin_ls {
 public:
  /// order: a permutation of the arms 0..n-1 (n >= 1), the round robin's cycle.
  round_robin_ls(std::vector<std::size_t> order, const Width& width)
      : bound_(thread_count_cache(width)), order_(std::move(order)), mean_(order_.size()), suffix_(order_.size() + 1) {}

  /// Records the pull of order[k] (its mean changed).
  void pulled(std::size_t k, const arm_stats& s) {
    const std::size_t arm = order_[k];
    mean_[k] = s.mean(arm);
    if (in_cycle_) pulled_.insert(mean_[k], arm);
  }

  /// Starts a cycle: every arm has count c >= 1 (the pulls recorded since the last cycle began).
  void begin_cycle(const arm_stats& s) {
    const std::size_t n = order_.size();
    const std::uint64_t c = s.count(order_[0]);
    b_now_ = (*bound_)(c);
    b_next_ = (*bound_)(c + 1);
    suffix_[n] = top_two{};
    for (std::size_t k = n; k-- > 0;) {
      suffix_[k] = suffix_[k + 1];
      suffix_[k].insert(mean_[k], order_[k]);
    }
    pulled_ = top_two{};
    in_cycle_ = true;
  }

  /// Whether the LS condition holds before the pull of order[k] (after begin_cycle).
  bool satisfied(std::size_t k) {
    if (order_.size() < 2) return true;
    const top_two& a = pulled_;      // count c + 1
    const top_two& b = suffix_[k];   // count c
    const bool from_a = a.has_first() && (!b.has_first() || before(a.first, b.first));
    const double lead_mean = from_a ? a.first.mean : b.first.mean;
    const double lower = lead_mean - (from_a ? b_next_ : b_now_);
    const entry& other_a = from_a ? a.second : a.first;
    const entry& other_b = from_a ? b.first : b.second;
    double upper = -std::numeric_limits<double>::infinity();
    if (other_a.arm != none) upper = other_a.mean + b_next_;
    if (other_b.arm != none && other_b.mean + b_now_ > upper) upper = other_b.mean + b_now_;
    leader_ = from_a ? a.first.arm : b.first.arm;
    return lower >= upper;
  }

  /// The leader at the last satisfied() (highest mean, ties to the lowest index).
  std::size_t leader() const { return leader_; }

 private:
  static constexpr std::size_t none = std::numeric_limits<std::size_t>::max();
  struct entry {
    double mean = -std::numeric_limits<double>::infinity();
    std::size_t arm = none;
  };
  // a before b: larger mean, then lower arm index (indexed_max_heap's order).
  static bool before(const entry& a, const entry& b) {
    return a.mean > b.mean || (a.mean == b.mean && a.arm < b.arm);
  }
  struct top_two {
    entry first, second;
    bool has_first() const { return first.arm != none; }
    void insert(double mean, std::size_t arm) {
      const entry e{mean, arm};
      if (first.arm == none || before(e, first)) {
        second = first;
        first = e;
      } else if (second.arm == none || before(e, second)) {
        second = e;
      }
    }
  };

  thread_cache_ref<Width> bound_;
  std::vector<std::size_t> order_;
  std::vector<double> mean_;     // mean_[k]: the mean of order[k] after its last pull
  std::vector<top_two> suffix_;  // suffix_[k]: the top two of positions k..n-1 at the cycle's start
  top_two pulled_;               // the top two of the positions pulled in this cycle
  double b_now_ = 0, b_next_ = 0;
  bool in_cycle_ = false;
  std::size_t leader_ = 0;
};

}  // namespace lilucb::bandit::detail
