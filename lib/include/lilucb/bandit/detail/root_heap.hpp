#pragma once
// A binary max-heap of (key, arm) pairs for algorithms that only ever change the root's key:
// lil'UCB pulls the arm with the largest index, and only that arm's index changes, so one
// sift-down from the root restores the heap (O(log n), Section 5's footnote).  Keys live in the
// heap nodes themselves (no indirection, no position map): this is the hot loop of lil'UCB.
//
// Order: larger key first, then lower arm index, so top() is argmax_i key_i with ties to the
// lowest index, exactly what a naive left-to-right scan returns (tested pull for pull).
//
// Layout: node i lives at slot i + 1 of a 64-byte aligned array, so two siblings never
// straddle a cache line.  lil'UCB uses this heap below radix_heap_from = 1024 arms
// (lilucb_algorithm.hpp), where it fits in the first-level cache; for more arms it uses
// radix_root_heap, whose memory traffic does not grow with the height of a heap.

#include "lilucb/bandit/detail/large_pages.hpp"

#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

namespace lilucb::bandit::detail {

class root_heap {
 public:
  root_heap() = default;

  /// Builds the heap from keys[i] for arm i in O(n).
  explicit root_heap(const std::vector<double>& keys)
      : size_(keys.size()), slots_(keys.size() + offset) {
    node* h = base();
    for (std::size_t i = 0; i < size_; ++i) h[i] = {keys[i], static_cast<std::uint32_t>(i)};
    for (std::size_t i = size_ / 2; i-- > 0;) sift_down(i, h[i]);
  }

  std::size_t size() const { return size_; }
  std::size_t top() const { return base()[0].arm; }
  double top_key() const { return base()[0].key; }

  /// The root's larger child (the root itself when it has none): the arm that becomes the root
  /// if the root's new key sinks.  Either it or the current root is the next top().
  std::size_t next_top_candidate() const {
    const node* h = base();
    if (size_ < 2) return h[0].arm;
    if (size_ == 2) return h[1].arm;
    return h[before(h[2], h[1]) ? 2 : 1].arm;
  }

  /// The key of next_top_candidate() (-infinity with one arm).  update_top(key) with
  /// key > next_top_key() only stores key at the root: the root's key is read by no other member
  /// but top_key(), so a caller that knows this may leave the old key in place.
  double next_top_key() const {
    const node* h = base();
    if (size_ < 2) return -std::numeric_limits<double>::infinity();
    if (size_ == 2) return h[1].key;
    return h[before(h[2], h[1]) ? 2 : 1].key;
  }

  /// Gives the root a new key and sifts it down.
  void update_top(double key) { sift_down(0, node{key, base()[0].arm}); }

 private:
  struct node {
    double key;
    std::uint32_t arm;
  };
  static constexpr std::size_t offset = 1;  // node i lives at slot i + offset
  static_assert(large_page_allocator<node>::line % sizeof(node) == 0);  // siblings share a line

  node* base() { return slots_.data() + offset; }
  const node* base() const { return slots_.data() + offset; }

  static bool before(const node& a, const node& b) { return a.key > b.key || (a.key == b.key && a.arm < b.arm); }
  // The same order without short-circuit branches, for the choice between two children (data
  // dependent and unpredictable).
  static bool before_branchless(const node& a, const node& b) {
    return (a.key > b.key) | ((a.key == b.key) & (a.arm < b.arm));
  }

  // Top-down sift with a branch-free choice of the larger child: the only data-dependent branch
  // left is the loop exit, taken once per sift.
  void sift_down(std::size_t i, node x) {
    node* h = base();
    const std::size_t n = size_;
    if (n > 1) {
      const std::size_t last_pair = n - 1;  // children c, c+1 both exist iff c < last_pair
      while (true) {
        std::size_t c = 2 * i + 1;
        if (c >= last_pair) {
          if (c < n && before(h[c], x)) {  // a single child at the end
            h[i] = h[c];
            i = c;
          }
          break;
        }
        c += static_cast<std::size_t>(before_branchless(h[c + 1], h[c]));
        if (!before(h[c], x)) break;
        h[i] = h[c];
        i = c;
      }
    }
    h[i] = x;
  }

  std::size_t size_ = 0;
  std::vector<node, large_page_allocator<node>> slots_;  // 64-byte aligned
};

}  // namespace lilucb::bandit::detail
