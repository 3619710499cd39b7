#pragma once
// The pulled arms grouped by pull count, with each group's largest means: the minimum over the
// pulled arms j outside two excluded arms of a statistic f(N_j, mu_j) that is non-decreasing in
// the count N_j and non-increasing in the mean mu_j (as computed in doubles) is attained at one of
// the arms visit_staircase() names: per group, in increasing count, the group's best arm outside
// the excluded two, when its mean is above every mean named before it.  Every other arm j is
// dominated: an arm i named at a count N_i <= N_j has mu_i >= mu_j, so f(N_i, mu_i) <= f(N_j, mu_j).
// Cost: O(D) per visit for D distinct counts (instead of O(K)); per set(), a binary search among
// the groups (O(D) moves when a group appears or empties), and a group's rescan at the next visit
// when the excluded arms hide every best arm it knows; the proof and the use
// (glr-pooled-weighted's weights): docs/certified-glr/unpooling.md, "The library rule".
// Tested against the O(K) scan in tests/bandit/stopping/test_glr_pooled_weighted.cpp.

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

namespace lilucb::bandit::detail {

class count_groups {
 public:
  explicit count_groups(std::size_t K) : count_(K, 0), mean_(K, 0.0), slot_(K, 0) {}

  std::size_t size() const { return count_.size(); }
  /// The largest count of a pulled arm (0 when none is pulled).
  std::uint64_t max_count() const { return groups_.empty() ? 0 : groups_.back().n; }
  /// Arm a's count and mean as last set.  Domain: a < size().
  std::uint64_t count(std::size_t a) const { return count_[a]; }
  double mean(std::size_t a) const { return mean_[a]; }

  /// Arm a now has count n (0: not pulled, in no group) and mean m.  Domain: a < size().
  void set(std::size_t a, std::uint64_t n, double m) {
    if (count_[a] > 0) remove(a);
    count_[a] = n;
    mean_[a] = m;
    if (n == 0) return;
    group& g = find_or_add(n);
    slot_[a] = g.arms.size();
    g.arms.push_back(a);
    // The known best arms stay the group's best ones with a inserted in its place among them when
    // it beats the last of them; otherwise they are still the best ones.
    if (g.known < 3 && g.known + 1 == g.arms.size()) {
      insert_known(g, a);
    } else if (g.known > 0 && m > mean_[g.top[g.known - 1]]) {
      insert_known(g, a);
    }
  }

  /// Calls visit(j) for the staircase of the file comment, over the pulled arms other than x and y
  /// (either may be size(): none).  Between calls no set() may happen.
  template <class Visit>
  void visit_staircase(std::size_t x, std::size_t y, Visit&& visit) {
    double above = -std::numeric_limits<double>::infinity();
    bool any = false;
    for (group& g : groups_) {
      std::size_t best = best_outside(g, x, y);
      if (best == size()) continue;
      if (!any || mean_[best] > above) {
        any = true;
        above = mean_[best];
        visit(best);
      }
    }
  }

 private:
  struct group {
    std::uint64_t n = 0;
    std::vector<std::size_t> arms;
    std::array<std::size_t, 3> top{};  // top[0..known): the group's known best arms, by decreasing mean
    std::size_t known = 0;
  };

  // The group's best arm outside x and y (size() when it has none), rescanning the group when the
  // known best arms are all x or y and the group has more arms.
  std::size_t best_outside(group& g, std::size_t x, std::size_t y) {
    for (int pass = 0; pass < 2; ++pass) {
      for (std::size_t k = 0; k < g.known; ++k)
        if (g.top[k] != x && g.top[k] != y) return g.top[k];
      if (g.known == g.arms.size()) return size();
      rescan(g);
    }
    return size();
  }
  void rescan(group& g) {
    g.known = 0;
    for (const std::size_t a : g.arms)
      if (g.known < 3 || mean_[a] > mean_[g.top[g.known - 1]]) insert_known(g, a);
  }
  // a into the known best arms, keeping at most three.
  void insert_known(group& g, std::size_t a) {
    std::size_t k = g.known < 3 ? g.known++ : 2;
    while (k > 0 && mean_[g.top[k - 1]] < mean_[a]) {
      g.top[k] = g.top[k - 1];
      --k;
    }
    g.top[k] = a;
  }
  std::vector<group>::iterator lower(std::uint64_t n) {
    return std::lower_bound(groups_.begin(), groups_.end(), n, [](const group& g, std::uint64_t v) { return g.n < v; });
  }
  group& find_or_add(std::uint64_t n) {
    auto it = lower(n);
    if (it == groups_.end() || it->n != n) {
      it = groups_.insert(it, group{});
      it->n = n;
    }
    return *it;
  }
  void remove(std::size_t a) {
    const auto it = lower(count_[a]);
    group& g = *it;
    const std::size_t s = slot_[a], last = g.arms.back();
    g.arms[s] = last;
    slot_[last] = s;
    g.arms.pop_back();
    if (g.arms.empty()) {
      groups_.erase(it);
      return;
    }
    // The known best arms without a are still the group's best ones.
    const auto end = g.top.begin() + static_cast<std::ptrdiff_t>(g.known);
    const auto at = std::find(g.top.begin(), end, a);
    if (at != end) {
      std::copy(at + 1, end, at);
      --g.known;
    }
  }

  std::vector<std::uint64_t> count_;
  std::vector<double> mean_;
  std::vector<std::size_t> slot_;  // the arm's place in its group's arms
  std::vector<group> groups_;      // by increasing count
};

}  // namespace lilucb::bandit::detail
