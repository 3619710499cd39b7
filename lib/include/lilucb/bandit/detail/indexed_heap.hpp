#pragma once
// An indexed binary max-heap over arms 0..n-1 keyed by a double, with the total order
// "larger key first, then lower arm index": the root is exactly argmax_i key_i with ties to
// the lowest index, the same answer as a naive left-to-right scan (tested pull for pull).
//
// lil'UCB always pulls the root, and only the pulled arm's key changes, so one pull costs one
// sift from the root: O(log n) (the footnote of Section 5).  Keys may be +infinity (an
// undefined confidence width); NaN keys are never stored (callers check).

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace lilucb::bandit::detail {

class indexed_max_heap {
 public:
  indexed_max_heap() = default;

  /// Builds the heap from keys[i] for arm i in O(n).
  explicit indexed_max_heap(std::vector<double> keys)
      : key_(std::move(keys)), heap_(key_.size()), pos_(key_.size()) {
    for (std::size_t i = 0; i < heap_.size(); ++i) heap_[i] = pos_[i] = static_cast<std::uint32_t>(i);
    for (std::size_t i = heap_.size() / 2; i-- > 0;) sift_down(i);
  }

  std::size_t size() const { return heap_.size(); }
  bool empty() const { return heap_.empty(); }
  std::size_t top() const { return heap_[0]; }
  double top_key() const { return key_[heap_[0]]; }
  double key(std::size_t arm) const { return key_[arm]; }

  /// The best arm other than the root (size() >= 2): the better of the root's children.
  std::size_t second() const {
    if (heap_.size() == 2) return heap_[1];
    return before(heap_[1], heap_[2]) ? heap_[1] : heap_[2];
  }

  /// Sets the root's key and restores the heap by sifting down: the lil'UCB fast path.
  void update_top(double new_key) {
    key_[heap_[0]] = new_key;
    sift_down(0);
  }

  /// Sets any arm's key and restores the heap (sift up or down).
  void update(std::size_t arm, double new_key) {
    key_[arm] = new_key;
    sift_up(pos_[arm]);
    sift_down(pos_[arm]);
  }

  /// Removes an arm (elimination algorithms).
  void erase(std::size_t arm) {
    const std::size_t p = pos_[arm];
    const std::size_t last = heap_.size() - 1;
    swap_nodes(p, last);
    heap_.pop_back();
    if (p < heap_.size()) {
      const std::uint32_t moved = heap_[p];
      sift_up(p);
      sift_down(pos_[moved]);
    }
  }

   /// Every member that changes after construction, for a study's snapshot (detail/state_archive.hpp).
   template <class Archive>
   void archive_state(Archive& ar) {
     ar(key_, heap_, pos_);
   }
  /// A loaded state is a heap of distinct arms below key_.size(), pos_ its inverse, no key NaN,
  /// every parent before its children (detail/state_archive.hpp).  O(n).
  bool state_is_valid() const {
    const std::size_t n = key_.size();
    if (heap_.size() > n || pos_.size() != n) return false;
    for (std::size_t i = 0; i < heap_.size(); ++i) {
      const std::uint32_t a = heap_[i];
      if (a >= n || pos_[a] != i || key_[a] != key_[a]) return false;
      if (i > 0 && before(a, heap_[(i - 1) / 2])) return false;
    }
    return true;
  }

 private:
  // a comes before b: larger key, then lower index.
  bool before(std::uint32_t a, std::uint32_t b) const {
    return key_[a] > key_[b] || (key_[a] == key_[b] && a < b);
  }
  void swap_nodes(std::size_t i, std::size_t j) {
    std::swap(heap_[i], heap_[j]);
    pos_[heap_[i]] = static_cast<std::uint32_t>(i);
    pos_[heap_[j]] = static_cast<std::uint32_t>(j);
  }
  void sift_up(std::size_t i) {
    const std::uint32_t a = heap_[i];
    while (i > 0) {
      const std::size_t parent = (i - 1) / 2;
      if (!before(a, heap_[parent])) break;
      heap_[i] = heap_[parent];
      pos_[heap_[i]] = static_cast<std::uint32_t>(i);
      i = parent;
    }
    heap_[i] = a;
    pos_[a] = static_cast<std::uint32_t>(i);
  }
  void sift_down(std::size_t i) {
    const std::size_t n = heap_.size();
    const std::uint32_t a = heap_[i];
    while (true) {
      std::size_t child = 2 * i + 1;
      if (child >= n) break;
      if (child + 1 < n && before(heap_[child + 1], heap_[child])) ++child;
      if (!before(heap_[child], a)) break;
      heap_[i] = heap_[child];
      pos_[heap_[i]] = static_cast<std::uint32_t>(i);
      i = child;
    }
    heap_[i] = a;
    pos_[a] = static_cast<std::uint32_t>(i);
  }

  std::vector<double> key_;
  std::vector<std::uint32_t> heap_;  // heap_[position] = arm
  std::vector<std::uint32_t> pos_;   // pos_[arm] = position
};

}  // namespace lilucb::bandit::detail
