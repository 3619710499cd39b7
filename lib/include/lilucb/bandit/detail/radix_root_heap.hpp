#pragma once
// A radix heap (Ahuja, Mehlhorn, Orlin, Tarjan, "Faster algorithms for the shortest path
// problem", J. ACM 1990) with root_heap's interface, for lil'UCB on many arms.
//
// Why it fits lil'UCB.  Each pull takes the arm with the largest index and then changes only
// that arm's index.  Seen as a priority queue, a pull extracts the maximum M and re-inserts the
// pulled arm with its new key k; if k is still the largest the arm stays on top, otherwise
// k < M, so every key inserted is below the last key extracted: a monotone priority queue, the
// case radix heaps are built for.
//
// How.  Keys are ordered as 96-bit integers: the 64 bits of the double mapped so that integer
// order is the order of the doubles (sign-magnitude to two's-complement-like order; -0 is taken
// as +0, as == does), followed by the 32 bits of ~arm, so that equal keys go to the lowest arm:
// the order is exactly root_heap's and a left-to-right argmax scan's (tested pull for pull).
// The top and the runner-up ("next") are held outside; the order is read as digits of
// DigitBits bits, and every other item sits in bucket (d, v): d the highest digit where it
// differs from next, v its value there (below next's).  Items in a lower bucket (lower d, or
// the same d and larger v) are larger, so next's successor is the largest item of the lowest
// non-empty bucket; when it becomes next, the rest of that bucket moves to buckets of lower
// digits (they agree with the new next above and at that digit), and every other bucket stays
// valid as it is (an item of (d, v') with v' below the new next's v still differs from it first
// at d with v').  An item therefore moves at most 96 / DigitBits times between its insertion
// and its extraction: O(1) amortised per pull, independent of n, where a binary heap walks
// log2 n levels.  With 1-bit digits this is the textbook radix heap (bucket d: v is always 0).
//
// Memory.  Buckets are vectors scanned and filled front to back, so at 10^5 arms and more a
// pull streams through memory instead of taking a chain of dependent cache misses down a heap
// (docs/benchmarks.md).  The vectors keep their capacity between pulls, and large ones get
// transparent huge pages (large_page_allocator): a run on 10^6 arms peaks at about 100 MB
// more memory than with a binary heap of 16 MB (measured, lil'UCB Heuristic on sparse).
//
// For few arms a binary heap is faster (an item may move more often than log2 n levels), so
// lil'UCB picks by n (radix_heap_from in lilucb_algorithm.hpp).  Keys must not be NaN
// (lil'UCB's indices are a finite mean plus a width in [0, +inf]); a NaN key is a domain_error.

#include "lilucb/bandit/detail/large_pages.hpp"
#include "lilucb/errors.hpp"

#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace lilucb::bandit::detail {

template <int DigitBits>
class basic_radix_root_heap {
  static_assert(DigitBits == 1 || DigitBits == 2 || DigitBits == 4, "digits of 1, 2 or 4 bits");

 public:
  basic_radix_root_heap() = default;

  /// Builds the queue from keys[i] for arm i in O(n).  Domain: no NaN key; fewer than 2^32 arms.
  explicit basic_radix_root_heap(const std::vector<double>& keys) : size_(keys.size()) {
    constexpr const char* fn = "lilucb::bandit::radix_root_heap";
    if (size_ > max_arms)
      lilucb::detail::raise_domain_error(fn, "n", std::to_string(size_), "[0, 2^32 - 1] arms");
    std::vector<item> items(size_);
    for (std::size_t i = 0; i < size_; ++i) items[i] = make(fn, keys[i], i);
    if (size_ == 0) return;
    std::size_t t = 0;  // the largest item
    for (std::size_t i = 1; i < size_; ++i)
      if (greater(items[i], items[t])) t = i;
    top_ = items[t];
    if (size_ == 1) return;
    std::size_t s = t == 0 ? 1 : 0;  // the second largest
    for (std::size_t i = 0; i < size_; ++i)
      if (i != t && greater(items[i], items[s])) s = i;
    next_ = items[s];
    for (std::size_t i = 0; i < size_; ++i)
      if (i != t && i != s) insert(items[i]);
  }

  std::size_t size() const { return size_; }
  /// The arm with the largest key (ties: the lowest arm).
  std::size_t top() const { return arm_of(top_); }
  /// The arm that becomes top() if the top's new key is not the largest; either it or the
  /// current top is the next top().
  std::size_t next_top_candidate() const { return size_ < 2 ? arm_of(top_) : arm_of(next_); }

  /// The key of next_top_candidate() (-infinity with one arm).  update_top(key) with
  /// key > next_top_key() only replaces the top's key, which no member reads: a caller that
  /// knows this may leave the old key in place.
  double next_top_key() const {
    if (size_ < 2) return -std::numeric_limits<double>::infinity();
    const std::uint64_t b = next_.key;  // make()'s mapping, inverted
    return std::bit_cast<double>((b >> 63) ? (b & ~(std::uint64_t(1) << 63)) : ~b);
  }

  /// Gives the top arm a new key.  Domain: key not NaN.
  void update_top(double key) {
    const item c = make("lilucb::bandit::radix_root_heap::update_top", key, arm_of(top_));
    if (size_ < 2 || greater(c, next_)) {  // still the largest
      top_ = c;
      return;
    }
    top_ = next_;
    if (size_ == 2) {
      next_ = c;
      return;
    }
    insert(c);  // c < next_: the monotone case
    extract_next();
  }

 private:
  struct item {
    std::uint64_t key;  // the double key, mapped to an order-preserving unsigned integer
    std::uint32_t inv;  // ~arm: larger for lower arms
  };
  // The 96-bit order (key, inv) read as digits of DigitBits bits, digit 0 the lowest of inv.
  static constexpr int digit_values = 1 << DigitBits, digits = 96 / DigitBits;
  // Bucket (d, v): the items that agree with next_ above digit d and have v < next_'s value
  // there, so v takes digit_values - 1 values.
  static constexpr int bucket_count = digits * (digit_values - 1);
  static constexpr int mask_words = (bucket_count + 63) / 64;
  static constexpr std::size_t max_arms = 0xFFFFFFFFu;

  static item make(const char* fn, double key, std::size_t arm) {
    if (std::isnan(key)) lilucb::detail::raise_domain_error(fn, "key", "nan", "a number (not NaN)");
    std::uint64_t b = std::bit_cast<std::uint64_t>(key + 0.0);  // -0.0 + 0.0 = +0.0
    // Non-negative doubles order like their bits with the sign bit set; negative doubles
    // order reversed, which flipping every bit puts below them.
    b = (b >> 63) ? ~b : (b | (std::uint64_t(1) << 63));
    return {b, ~static_cast<std::uint32_t>(arm)};
  }
  static std::size_t arm_of(const item& x) { return static_cast<std::uint32_t>(~x.inv); }
  static bool greater(const item& a, const item& b) { return a.key > b.key || (a.key == b.key && a.inv > b.inv); }

  // The bucket of x < next_: d, the highest digit where x differs from next_, and x's value v
  // there (v < next_'s): bucket d (digit_values - 1) + digit_values - 2 - v, so that a lower
  // bucket holds larger items (with 1-bit digits, bucket d: v is always 0).
  int bucket_of(const item& x) const {
    const std::uint64_t high = x.key ^ next_.key;
    if constexpr (DigitBits == 1) {
      if (high) return 32 + 63 - std::countl_zero(high);
      return 31 - std::countl_zero(x.inv ^ next_.inv);
    }
    int d;
    std::uint64_t v;
    if (high) {
      d = (63 - std::countl_zero(high)) / DigitBits;
      v = x.key >> (d * DigitBits);
      d += 32 / DigitBits;
    } else {
      d = (31 - std::countl_zero(x.inv ^ next_.inv)) / DigitBits;
      v = x.inv >> (d * DigitBits);
    }
    return d * (digit_values - 1) + (digit_values - 2) - static_cast<int>(v & (digit_values - 1));
  }
  void insert(const item& x) {
    const int b = bucket_of(x);
    buckets_[b].push_back(x);
    nonempty_[b >> 6] |= std::uint64_t(1) << (b & 63);
    if constexpr (mask_words > 2) words_ |= 1u << (b >> 6);
  }
  // next_ := the largest bucketed item: the largest of the lowest non-empty bucket, whose other
  // items move to lower buckets relative to it (they share its digits from that bucket's up);
  // every other bucket stays as it is relative to the new next_.
  void extract_next() {
    int w;
    if constexpr (mask_words > 2) w = std::countr_zero(words_);
    else w = nonempty_[0] ? 0 : 1;
    const int j = w * 64 + std::countr_zero(nonempty_[w]);
    auto& v = buckets_[j];
    std::size_t m = 0;
    for (std::size_t k = 1; k < v.size(); ++k)
      if (greater(v[k], v[m])) m = k;
    next_ = v[m];
    nonempty_[w] &= ~(std::uint64_t(1) << (j & 63));
    if constexpr (mask_words > 2)
      if (!nonempty_[w]) words_ &= ~(1u << w);
    for (std::size_t k = 0; k < v.size(); ++k)
      if (k != m) insert(v[k]);
    v.clear();
  }

  std::size_t size_ = 0;
  item top_{}, next_{};
  std::uint64_t nonempty_[mask_words] = {};  // bit b: bucket b holds items
  unsigned words_ = 0;                       // bit w: nonempty_[w] != 0 (kept from 3 words on)
  std::vector<item, large_page_allocator<item>> buckets_[bucket_count];
};

/// Bits per digit (buckets per level): 4 bits, 15 buckets per digit, move an item at most 24
/// times and measured 5-12% faster per lil'UCB pull than 1 bit from 2000 to 2.5 10^5 arms;
/// 1 bit (one bucket per bit of the order) holds less memory and is faster from about 5 10^5
/// arms (docs/benchmarks.md, cold runs).
using radix_root_heap = basic_radix_root_heap<1>;
using radix16_root_heap = basic_radix_root_heap<4>;

}  // namespace lilucb::bandit::detail
