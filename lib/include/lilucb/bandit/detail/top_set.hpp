#pragma once
// The empirical top set of a top-m question (bandit/target.hpp): the m arms of largest empirical
// mean, kept as the means change one pull at a time.  Arms cross between the set and its
// complement only when an outside mean is strictly above an inside one, so on exact ties the
// previous members stay (the set is a function of the history).  It starts as arms 0..m-1; an
// arm never pulled has mean -inf (inside the set, it is the set's weakest until its first pull).  Two indexed heaps: O(log K) per update.  Used by the top-m stopping rules
// (stopping/glr_top_m.hpp, detail/ls_set_rule.hpp).
// Domain: 1 <= m <= K - 1 (unchecked: the rules check the target).

#include "lilucb/bandit/detail/indexed_heap.hpp"

#include <cstddef>
#include <limits>
#include <vector>

namespace lilucb::bandit::detail {

class top_set {
 public:
  top_set() = default;
  top_set(std::size_t K, std::size_t m) : inside_(K, 0), mean_(K, -inf), unsampled_(K) {
    std::vector<double> low(K, -inf), high(K, -inf);
    for (std::size_t i = 0; i < m; ++i) {
      inside_[i] = 1;
      low[i] = inf;
    }
    in_low_ = indexed_max_heap(std::move(low));
    out_high_ = indexed_max_heap(std::move(high));
  }

  /// Arm i's mean is now `mean` (`first` on its first pull).  Returns whether the set changed
  /// (then entered() and left() name the exchanged arms).
  bool update(std::size_t i, double mean, bool first) {
    if (first) --unsampled_;
    mean_[i] = mean;
    if (inside_[i]) in_low_.update(i, -mean);
    else out_high_.update(i, mean);
    bool changed = false;
    // One update moves one mean, so at most one exchange is needed; the loop makes it plain.
    while (true) {
      const std::size_t o = out_high_.top(), w = in_low_.top();
      if (inside_[o] || !inside_[w] || !(mean_[o] > mean_[w])) return changed;
      inside_[o] = 1;
      inside_[w] = 0;
      in_low_.update(o, -mean_[o]);
      out_high_.update(o, -inf);
      in_low_.update(w, -inf);
      out_high_.update(w, mean_[w]);
      entered_ = o;
      left_ = w;
      changed = true;
    }
  }

  /// The arms of the last exchange: the one that entered the set and the one that left it.
  std::size_t entered() const { return entered_; }
  std::size_t left() const { return left_; }
  /// Whether arm i is in the set.
  bool contains(std::size_t i) const { return inside_[i] != 0; }
  /// How many arms have not been pulled yet.
  std::size_t unsampled() const { return unsampled_; }
  /// The set, in increasing arm order.
  std::vector<std::size_t> members() const {
    std::vector<std::size_t> out;
    for (std::size_t i = 0; i < inside_.size(); ++i)
      if (inside_[i]) out.push_back(i);
    return out;
  }
  /// The set's arm of largest mean (ties to the lowest index).
  std::size_t best() const {
    std::size_t b = inside_.size();
    for (std::size_t i = 0; i < inside_.size(); ++i)
      if (inside_[i] && (b == inside_.size() || mean_[i] > mean_[b])) b = i;
    return b;
  }

 private:
  static constexpr double inf = std::numeric_limits<double>::infinity();
  std::vector<char> inside_;     // 1 for the set's arms
  std::vector<double> mean_;     // the arms' means (-inf before the first pull)
  indexed_max_heap in_low_;      // the set's arms keyed by -mean (others -inf): its root is the set's weakest
  indexed_max_heap out_high_;    // the other arms keyed by mean (the set's -inf): its root the best outside
  std::size_t unsampled_ = 0;
  std::size_t entered_ = 0, left_ = 0;
};

}  // namespace lilucb::bandit::detail
