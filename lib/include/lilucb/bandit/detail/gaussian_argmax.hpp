#pragma once
// The argmax of one draw of independent Gaussians theta_a = m_a + s_a Z_a (the Gaussian
// posterior sample of TTTS and T3C, lib/include/lilucb/bandit/sampling/top_two.hpp), and the
// argmax over the arms other than a given one, without drawing all K normals
// (docs/bandit.md, "Top-two sampling: cost per pull").
//
// Exact in law: the pair (argmax, argmax over a != avoid) has the distribution of the full draw.
// With the cut T = 3 and the arm's upper value u_a = m_a + s_a T, raised by 4 eps (|m_a| + s_a T)
// (eps = 2^-52) so that Z_a <= T gives theta_a <= u_a for the computed doubles too, whatever
// the rounding or contraction into a fused multiply-add of either expression (each is within
// eps (|m_a| + s_a T) of the exact value):
//   1. arms in decreasing order of u_a (kept sorted; one arm's value changes per pull) get a full
//      normal Z_a from the run's normal stream, until the next arm's u_a is <= S, the largest
//      theta drawn so far among the arms other than `avoid` (S <= the overall maximum);
//   2. every remaining arm has u_a <= S: it can change either argmax only if Z_a > T, an event of
//      probability q = Phi(-T) (1.35e-3), independent across arms.  The remaining arms are walked
//      in the same order with geometric gaps (number of arms with Z_a <= T before the next with
//      Z_a > T: floor(log U / log(1 - q)), U uniform in (0, 1], Devroye (1986) X.2); each
//      (the gap is >= the n arms left, i.e. no arm is selected, exactly when U <= (1 - q)^n:
//      this is checked first against a table, and the logarithm is taken only otherwise); each
//      selected arm gets Z_a from the normal tail beyond T by Marsaglia's (1964) method
//      (X = sqrt(T^2 - 2 log U) until V X < T; Devroye (1986) IX.1.2), and competes.
//      The unselected arms' theta stays <= S, so neither argmax depends on it.
// Ties between two drawn thetas (probability zero for the Gaussian law) go to the arm met first
// in this order, not to the lowest index.  Randomness: the near arms' normals from the stream's
// normal buffer, the gaps and tail draws from its engine's uniforms, in the order above, so a
// run is reproducible from its seed.  Cost per draw: the near arms (those whose posterior can
// still reach the best drawn value: a few once the arms are separated) plus about 1 + q K
// logarithms, instead of K normals; tested in law against quadrature of
// P(argmax = a) = int phi(z) prod_{b != a} Phi((m_a + s_a z - m_b)/s_b) dz
// (tests/bandit/sampling/test_top_two.cpp) and through whole runs.

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <numeric>
#include <vector>

namespace lilucb::bandit::detail {

class gaussian_argmax {
 public:
  static constexpr double cut = 3.0;  // T

  explicit gaussian_argmax(std::size_t K)
      : mean_(K, 0.0), scale_(K, std::numeric_limits<double>::infinity()),
        upper_(K, std::numeric_limits<double>::infinity()), no_tail_pow_(K + 1), order_(K) {
    for (std::size_t n = 0; n <= K; ++n) no_tail_pow_[n] = std::exp(static_cast<double>(n) * log_no_tail_);
    std::iota(order_.begin(), order_.end(), std::size_t{0});
  }

  std::size_t size() const { return mean_.size(); }
  double mean(std::size_t a) const { return mean_[a]; }
  double scale(std::size_t a) const { return scale_[a]; }

  /// Sets arm a's mean m_a and standard deviation s_a (finite, s_a > 0 for the law to be Gaussian).
  void set(std::size_t a, double mean, double scale) {
    const double old_upper = upper_[a];
    mean_[a] = mean;
    scale_[a] = scale;
    const double exact_upper = mean + scale * cut;  // theta_a at Z_a = T, up to rounding
    upper_[a] = exact_upper + 4 * std::numeric_limits<double>::epsilon() * (std::fabs(mean) + scale * cut);
    if (unsorted_) return;  // sorted again, whole, at the next draw
    // The arm moves to its place in the sorted order: found by binary search (its old key, then
    // its new one, among the other arms, whose keys did not change), then one rotation
    // (O(distance), a memmove).  Once the rotations since the last sort have moved more entries
    // than a sort costs (sort_work: the first pull of each arm, many arms changed at once), the
    // order is left to one sort at the next draw instead.  before() is a total order, so the
    // order (and every draw) is the same either way.
    const auto at = [this](std::size_t i) { return order_.begin() + static_cast<std::ptrdiff_t>(i); };
    const double new_upper = upper_[a];
    const auto precedes = [this, a](double u) {  // x (another arm) before a when a's key is (u, a)
      return [this, a, u](std::size_t x) { return x != a && (upper_[x] > u || (upper_[x] == u && x < a)); };
    };
    // The first place in [from, to) whose arm is not before a with key (u, a).
    const auto place = [&](std::size_t from, std::size_t to, double u) {
      return static_cast<std::size_t>(std::partition_point(at(from), at(to), precedes(u)) - at(0));
    };
    const std::size_t p = place(0, order_.size(), old_upper);
    std::size_t lo = p, hi = p;  // a moves from p to lo (up) or hi (down); [lo, hi] shifts by one
    if (p > 0 && before(a, order_[p - 1]))
      lo = place(0, p, new_upper);
    else if (p + 1 < order_.size() && before(order_[p + 1], a))
      hi = place(p + 1, order_.size(), new_upper) - 1;
    else
      return;
    rotated_ += hi - lo;
    if (rotated_ > sort_work()) {
      unsorted_ = true;
      return;
    }
    if (lo < p) std::rotate(at(lo), at(p), at(p + 1));  // a up to lo, [lo, p) one place down
    else std::rotate(at(p), at(p + 1), at(hi + 1));     // a down to hi, (p, hi] one place up
  }

  struct draw {
    std::size_t top;     ///< argmax_a theta_a
    std::size_t second;  ///< argmax_{a != avoid} theta_a (size() when no such arm)
  };

  /// One draw (file comment).  avoid >= size() means none.
  template <class NormalStream>
  draw sample(NormalStream& rng, std::size_t avoid) const {
    if (unsorted_) sort_order();
    const std::size_t K = mean_.size();
    constexpr double ninf = -std::numeric_limits<double>::infinity();
    draw d{K, K};
    double top_v = ninf, second_v = ninf;
    auto compete = [&](std::size_t a, double v) {
      if (v > top_v) {
        top_v = v;
        d.top = a;
      }
      if (a != avoid && v > second_v) {
        second_v = v;
        d.second = a;
      }
    };
    std::size_t p = 0;
    for (; p < K; ++p) {
      const std::size_t a = order_[p];
      if (upper_[a] <= second_v) break;
      compete(a, mean_[a] + scale_[a] * rng());
    }
    if (p == K) return d;
    auto& engine = rng.engine();
    while (true) {
      const double u = 1.0 - engine.uniform01();  // in (0, 1]
      if (u <= no_tail_pow_[K - p]) break;     // gap >= K - p: no arm left has Z_a > T
      const double gap = std::floor(std::log(u) / log_no_tail_);
      if (!(gap < static_cast<double>(K - p))) break;
      p += static_cast<std::size_t>(gap);
      const std::size_t a = order_[p];
      compete(a, mean_[a] + scale_[a] * tail(engine));
      ++p;
    }
    return d;
  }

  /// Over the arms other than x and y, drawn independently as in sample(): how many have theta_a >
  /// level, with the argmax of those raised into (best, best_v) (pass an arm already above level).
  /// The same two phases as sample() with the cut at `level` instead of the best value drawn: the
  /// arms with u_a > level get full normals, every other arm has theta_a <= u_a <= level unless
  /// Z_a > T (geometric gaps and tail draws); x and y draw nothing (their gap positions are
  /// skipped, the others' selections staying independent with probability q each).
  template <class NormalStream>
  std::size_t exceed(NormalStream& rng, std::size_t x, std::size_t y, double level, std::size_t& best,
                     double& best_v) const {
    const std::size_t K = mean_.size();
    std::size_t count = 0;
    auto compete = [&](std::size_t a, double v) {
      if (!(v > level)) return;
      ++count;
      if (v > best_v) {
        best_v = v;
        best = a;
      }
    };
    std::size_t p = 0;
    for (; p < K; ++p) {
      const std::size_t a = order_[p];
      if (upper_[a] <= level) break;
      if (a == x || a == y) continue;
      compete(a, mean_[a] + scale_[a] * rng());
    }
    if (p == K) return count;
    auto& engine = rng.engine();
    while (true) {
      const double u = 1.0 - engine.uniform01();  // in (0, 1]
      if (u <= no_tail_pow_[K - p]) break;
      const double gap = std::floor(std::log(u) / log_no_tail_);
      if (!(gap < static_cast<double>(K - p))) break;
      p += static_cast<std::size_t>(gap);
      const std::size_t a = order_[p];
      if (a != x && a != y) compete(a, mean_[a] + scale_[a] * tail(engine));
      ++p;
    }
    return count;
  }

  /// Z conditioned on Z > a, exactly: plain rejection from the normal stream for a <= 1/2
  /// (acceptance >= 0.3), Marsaglia's tail method beyond (acceptance >= 0.4).
  template <class NormalStream>
  static double normal_above(NormalStream& rng, double a) {
    if (a <= 0.5)
      while (true) {
        const double z = rng();
        if (z > a) return z;
      }
    auto& engine = rng.engine();
    while (true) {
      const double x = std::sqrt(a * a - 2.0 * std::log(1.0 - engine.uniform01()));
      if (engine.uniform01() * x < a) return x;
    }
  }

   /// Every member that changes after construction, for a study's snapshot (detail/state_archive.hpp).
   template <class Archive>
   void archive_state(Archive& ar) {
     ar(mean_, scale_, upper_, order_, unsorted_, rotated_);
   }
  /// A loaded state's order is a permutation of the arms, sorted unless flagged unsorted
  /// (detail/state_archive.hpp).  O(K).
  bool state_is_valid() const {
    const std::size_t K = order_.size();
    if (mean_.size() != K || scale_.size() != K || upper_.size() != K) return false;
    std::vector<bool> seen(K, false);
    for (std::size_t p = 0; p < K; ++p) {
      const std::size_t a = order_[p];
      if (a >= K || seen[a]) return false;
      seen[a] = true;
      if (!unsorted_ && p > 0 && !before(order_[p - 1], a)) return false;
    }
    return true;
  }

 private:
  /// The whole order, sorted (after set() left it unsorted).
  void sort_order() const {
    std::sort(order_.begin(), order_.end(), [this](std::size_t x, std::size_t y) { return before(x, y); });
    unsorted_ = false;
    rotated_ = 0;
  }
  /// The rotated entries that cost about as much as one sort: 8 K log2 K (a rotation moves an
  /// entry for far less than a sort's comparison and swap).
  std::size_t sort_work() const {
    const std::size_t K = order_.size();
    return 8 * K * static_cast<std::size_t>(std::bit_width(K));
  }
  /// Order of the sorted arms: larger upper value first, then lower index.
  bool before(std::size_t x, std::size_t y) const {
    return upper_[x] > upper_[y] || (upper_[x] == upper_[y] && x < y);
  }
  /// Z conditioned on Z > T: Marsaglia's tail method (file comment).
  template <class Engine>
  static double tail(Engine& engine) {
    while (true) {
      const double x = std::sqrt(cut * cut - 2.0 * std::log(1.0 - engine.uniform01()));
      if (engine.uniform01() * x < cut) return x;
    }
  }

  static inline const double log_no_tail_ = std::log1p(-0.5 * std::erfc(cut / std::sqrt(2.0)));  // log(1 - q)
  std::vector<double> mean_, scale_, upper_;
  std::vector<double> no_tail_pow_;  // (1 - q)^n, n = 0..K
  // Arms sorted by before() (unless unsorted_: then a permutation, sorted at the next draw).
  // Mutable: sorting it changes no value the class reports.
  mutable std::vector<std::size_t> order_;
  mutable bool unsorted_ = false;
  mutable std::size_t rotated_ = 0;  // entries moved by rotations since the last sort
};

}  // namespace lilucb::bandit::detail
