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
// From banded_min_arms arms on (or the size given to the constructor) the draw is banded: the
// same law, another stream (docs/bandit.md, "Top-two sampling: cost per pull", has the proof).
// The arms are kept in buckets of scale (bucket b holds the scales in (h_{b+1}, h_b],
// h_b = 2^{(256 - b)/4}), each in decreasing order of mean (stored in blocks of at most 512, so
// that set() moves at most one block).  For S the largest theta drawn so far among the arms other
// than `avoid`, an arm a at or below place p of bucket b (m_a <= m_p, s_a <= h_b) with S > m_p
// needs Z_a > c_a = (S - m_a)/s_a >= c = (S - m_p)/h_b to change either argmax; c is computed with
// a margin so that Z_a <= c gives theta_a <= S in doubles too (lowered_cut).
//   1. the top arm of every bucket gets a full normal;
//   2. each bucket is walked from its top: an arm with c <= 1 gets a full normal; from an arm
//      with c > 1 on, a band of arms gets the cut c_k = 1 + k/8 <= c (at most 7; beyond, the band
//      is the rest of the bucket), of length about 1/h_k, h_k = -log(1 - q_k), q_k = Phi(-c_k).
//      Each arm of a band is proposed independently with probability q_k by one exponential clock
//      E ~ Exp(1) run across bands and buckets (arm j of a band is the first proposed when
//      j h_k <= E < (j + 1) h_k; past a band of hazard H, E - H runs on: Devroye (1986) X.2); a
//      proposed arm is kept with probability q_{k'}/q_k for the grid cut c_{k'} >= c_k of its own
//      (S - m_a)/s_a (thinning: selected with probability q_{k'}), gets Z_a from the normal tail
//      beyond c_{k'} (Marsaglia's method) and competes; the clock restarts after each proposal.
// The cost then grows with the buckets and the arms whose posterior can still reach S (their
// proposals), not with the arms within 3 posterior widths of it.  exceed() walks the same way
// with S the level.  Tested in law against quadrature (tests/bandit/sampling/test_top_two.cpp).
// Ties between two drawn thetas (probability zero for the Gaussian law) go to the arm met first
// in this order, not to the lowest index.  Randomness: the near arms' normals from the stream's
// normal buffer, the gaps and tail draws from its engine's uniforms, in the order above, so a
// run is reproducible from its seed.  Cost per draw: the near arms (those whose posterior can
// still reach the best drawn value: a few once the arms are separated) plus about 1 + q K
// logarithms, instead of K normals; tested in law against quadrature of
// P(argmax = a) = int phi(z) prod_{b != a} Phi((m_a + s_a z - m_b)/s_b) dz
// (tests/bandit/sampling/test_top_two.cpp) and through whole runs.

#include <algorithm>
#include <array>
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
  /// The size from which the draw is banded (file comment): below it every draw is the one of the
  /// two-phase scheme, stream for stream.
  static constexpr std::size_t banded_min_arms = 4096;

  /// K arms, banded from `banded_from` arms on (tests pass a smaller size to test the banded draw
  /// on small instances).
  explicit gaussian_argmax(std::size_t K, std::size_t banded_from = banded_min_arms)
      : banded_(K >= banded_from), mean_(K, 0.0), scale_(K, std::numeric_limits<double>::infinity()),
        upper_(banded_ ? 0 : K, std::numeric_limits<double>::infinity()), no_tail_pow_(banded_ ? 0 : K + 1),
        order_(banded_ ? 0 : K) {
    if (banded_) return;
    for (std::size_t n = 0; n <= K; ++n) no_tail_pow_[n] = std::exp(static_cast<double>(n) * log_no_tail_);
    std::iota(order_.begin(), order_.end(), std::size_t{0});
  }
  bool banded() const { return banded_; }

  std::size_t size() const { return mean_.size(); }
  double mean(std::size_t a) const { return mean_[a]; }
  double scale(std::size_t a) const { return scale_[a]; }

  /// Sets arm a's mean m_a and standard deviation s_a (finite, s_a > 0 for the law to be Gaussian).
  void set(std::size_t a, double mean, double scale) {
    if (banded_) {
      if (built_) bands_remove(a);
      mean_[a] = mean;
      scale_[a] = scale;
      if (built_) bands_insert(a);
      return;
    }
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

 private:
  /// A draw's two running maxima: the largest value met, and the largest at an arm other than avoid
  /// (ties to the arm met first).
  struct leaders {
    draw d;
    std::size_t avoid;
    double top_v = -std::numeric_limits<double>::infinity(), second_v = -std::numeric_limits<double>::infinity();
    void compete(std::size_t a, double v) {
      if (v > top_v) {
        top_v = v;
        d.top = a;
      }
      if (a != avoid && v > second_v) {
        second_v = v;
        d.second = a;
      }
    }
  };

 public:

  /// One draw (file comment).  avoid >= size() means none.
  template <class NormalStream>
  draw sample(NormalStream& rng, std::size_t avoid) const {
    if (banded_) return banded_sample(rng, avoid);
    if (unsorted_) sort_order();
    const std::size_t K = mean_.size();
    leaders best{draw{K, K}, avoid};
    const auto compete = [&best](std::size_t a, double v) { best.compete(a, v); };
    std::size_t p = 0;
    for (; p < K; ++p) {
      const std::size_t a = order_[p];
      if (upper_[a] <= best.second_v) break;
      compete(a, mean_[a] + scale_[a] * rng());
    }
    if (p == K) return best.d;
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
    return best.d;
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
    if (banded_) return banded_exceed(rng, x, y, level, best, best_v);
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
  /// Banded (K >= banded_min_arms): the buckets are a cache of mean_ and scale_, built again at the
  /// next draw; a snapshot written before the banded draw existed also holds the walk's upper_ and
  /// order_ (K entries each), which the banded draw does not read: they are dropped on load, so such
  /// a study loads and continues (with the banded draw's stream, the same law).
  template <class Archive>
  void archive_state(Archive& ar) {
    ar(mean_, scale_, upper_, order_, unsorted_, rotated_);
    if (banded_) {
      built_ = false;
      if (upper_.size() == mean_.size() && order_.size() == mean_.size()) {
        upper_.clear();
        order_.clear();
        unsorted_ = false;
        rotated_ = 0;
      }
    }
  }
  /// A loaded state's order is a permutation of the arms, sorted unless flagged unsorted
  /// (detail/state_archive.hpp).  O(K).
  bool state_is_valid() const {
    if (banded_) return upper_.empty() && order_.empty() && scale_.size() == mean_.size();
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

  // ---- The banded draw (file comment) ----
  static constexpr std::size_t per_octave = 4;   // buckets per factor 2 of scale (h_{b+1} = 2^{-1/4} h_b)
  static constexpr std::size_t bucket_count = 128 * per_octave + 2;  // 0: no finite scale > 0 or mean
  static constexpr double band_low = 1.0;        // c_0: below it an arm gets a full normal
  static constexpr std::size_t band_steps = 48;  // c_k = 1 + k/8, k = 0..48 (c = 7: q = 1.3e-12)
  static constexpr double band_load = 1.0;       // a band's hazard, about: its length is band_load/h_k
  struct entry {
    double mean;     // mean_[arm], kept beside it for the walk
    std::size_t arm;
  };
  /// Stored order of a bucket: increasing mean, then decreasing index, so that the walk from the
  /// top (larger mean first, then lower index) runs from the end and the arms pulled most (near
  /// the top) move near the end of the vector.
  static bool stored_before(const entry& x, const entry& y) {
    return x.mean < y.mean || (x.mean == y.mean && x.arm > y.arm);
  }
  /// A bucket: its arms in stored order, cut into blocks of at most block_split entries (an
  /// insertion or removal moves at most one block's entries), the blocks in stored order.
  static constexpr std::size_t block_split = 512;
  struct bucket {
    std::vector<std::vector<entry>> blocks;
    std::size_t n = 0;  // arms in the bucket
  };
  /// h_b = 2^{(64 R - b)/R} (R = per_octave), the largest scale of bucket b >= 1 (a table: a scale
  /// s is put in the b with h_{b+1} < s <= h_b by comparison with it).
  static const std::vector<double>& bucket_high() {
    static const std::vector<double> h = [] {
      std::vector<double> v(bucket_count + 1);
      for (std::size_t b = 0; b <= bucket_count; ++b)
        v[b] = std::exp2((64.0 * per_octave - static_cast<double>(b)) / static_cast<double>(per_octave));
      return v;
    }();
    return h;
  }
  /// 1/h_b, rounded (lowered_cut's margin covers it).
  static const std::vector<double>& high_inverse() {
    static const std::vector<double> v = [] {
      std::vector<double> r(bucket_count + 1);
      for (std::size_t b = 0; b <= bucket_count; ++b) r[b] = 1 / bucket_high()[b];
      return r;
    }();
    return v;
  }
  static double band_cut(std::size_t k) { return band_low + static_cast<double>(k) / 8.0; }
  /// Per cut c_k: q_k = Phi(-c_k), the hazard -log(1 - q_k) of one arm, and the band length
  /// max(1, floor(band_load / hazard)).
  struct band_row {
    double q, hazard;
    std::size_t length;
  };
  static const std::array<band_row, band_steps + 1>& bands() {
    static const std::array<band_row, band_steps + 1> t = [] {
      std::array<band_row, band_steps + 1> v{};
      for (std::size_t k = 0; k <= band_steps; ++k) {
        v[k].q = 0.5 * std::erfc(band_cut(k) / std::sqrt(2.0));
        v[k].hazard = -std::log1p(-v[k].q);
        const double len = std::floor(band_load / v[k].hazard);
        v[k].length = len >= 1e15 ? std::size_t{1} << 50 : std::max<std::size_t>(1, static_cast<std::size_t>(len));
      }
      return v;
    }();
    return t;
  }
  /// The grid index of a cut c > 1: the largest k with c_k <= c (c_k <= c whatever the rounding).
  static std::size_t band_index(double c) {
    if (c >= band_cut(band_steps)) return band_steps;
    std::size_t k = static_cast<std::size_t>(std::floor((c - band_low) * 8.0));
    while (k > 0 && band_cut(k) > c) --k;
    return k;
  }
  /// The cut of an arm of mean m and scale at most h against S: (S - m)/h lowered by a margin that
  /// covers the rounding of the expression and of every theta = m' + s' Z with m' <= m, s' <= h,
  /// Z <= 7 computed in doubles, so that Z <= the cut gives theta <= S (docs/bandit.md).
  static double lowered_cut(double S, double m, double h, double inv_h) {
    constexpr double eps = std::numeric_limits<double>::epsilon();
    return (S - m - 8 * eps * (std::fabs(S) + std::fabs(m) + 7 * h)) * inv_h * (1 - 8 * eps);
  }
  std::size_t bucket_of(std::size_t a) const {
    const double s = scale_[a];
    if (!(s > 0 && s < std::numeric_limits<double>::infinity() && std::isfinite(mean_[a]))) return 0;
    const auto& h = bucket_high();
    if (!(s <= h[1])) return 0;
    if (s <= h[bucket_count - 1]) return bucket_count - 1;  // the smallest scales: the last bucket
    std::size_t b = static_cast<std::size_t>(std::clamp(
        std::floor(64.0 * per_octave - static_cast<double>(per_octave) * std::log2(s)), 1.0,
        static_cast<double>(bucket_count - 2)));
    while (b > 1 && s > h[b]) --b;
    while (b + 1 < bucket_count && s <= h[b + 1]) ++b;
    return b;
  }
  void build_buckets() const {
    buckets_.assign(bucket_count, bucket{});
    where_.assign(mean_.size(), 0);
    std::vector<std::vector<entry>> all(bucket_count);
    for (std::size_t a = 0; a < mean_.size(); ++a) {
      where_[a] = static_cast<std::uint32_t>(bucket_of(a));
      all[where_[a]].push_back({mean_[a], a});
    }
    live_.clear();
    for (std::size_t b = 0; b < bucket_count; ++b) {
      std::vector<entry>& v = all[b];
      if (v.empty()) continue;
      live_.push_back(static_cast<std::uint32_t>(b));
      std::sort(v.begin(), v.end(), stored_before);
      bucket& g = buckets_[b];
      g.n = v.size();
      for (std::size_t i = 0; i < v.size(); i += block_split / 2)
        g.blocks.emplace_back(v.begin() + static_cast<std::ptrdiff_t>(i),
                              v.begin() + static_cast<std::ptrdiff_t>(std::min(v.size(), i + block_split / 2)));
    }
    built_ = true;
  }
  // The block of bucket g where key is or belongs: the first whose last entry is not before key
  // (the last block if none).
  static std::size_t block_of(const bucket& g, const entry& key) {
    const auto it = std::partition_point(g.blocks.begin(), g.blocks.end(),
                                         [&](const std::vector<entry>& v) { return stored_before(v.back(), key); });
    return it == g.blocks.end() ? g.blocks.size() - 1 : static_cast<std::size_t>(it - g.blocks.begin());
  }
  // Arm a out of its bucket (at its key, before the change), a into the bucket of its new key.
  void bands_remove(std::size_t a) {
    const std::uint32_t b = where_[a];
    bucket& g = buckets_[b];
    const entry key{mean_[a], a};
    const std::size_t i = block_of(g, key);
    std::vector<entry>& v = g.blocks[i];
    v.erase(std::lower_bound(v.begin(), v.end(), key, stored_before));
    if (v.empty()) g.blocks.erase(g.blocks.begin() + static_cast<std::ptrdiff_t>(i));
    if (--g.n == 0) live_.erase(std::lower_bound(live_.begin(), live_.end(), b));
  }
  void bands_insert(std::size_t a) {
    const std::uint32_t b = static_cast<std::uint32_t>(bucket_of(a));
    where_[a] = b;
    bucket& g = buckets_[b];
    const entry key{mean_[a], a};
    if (g.n++ == 0) {
      live_.insert(std::lower_bound(live_.begin(), live_.end(), b), b);
      g.blocks.assign(1, std::vector<entry>{key});
      return;
    }
    const std::size_t i = block_of(g, key);
    std::vector<entry>& v = g.blocks[i];
    v.insert(std::lower_bound(v.begin(), v.end(), key, stored_before), key);
    if (v.size() > block_split) {  // split in two halves
      std::vector<entry> upper(v.begin() + static_cast<std::ptrdiff_t>(block_split / 2), v.end());
      v.resize(block_split / 2);
      g.blocks.insert(g.blocks.begin() + static_cast<std::ptrdiff_t>(i) + 1, std::move(upper));
    }
  }
  /// Z conditioned on Z > c, c >= 1: Marsaglia's tail method (file comment).
  template <class Engine>
  static double tail_above(Engine& engine, double c) {
    while (true) {
      const double x = std::sqrt(c * c - 2.0 * std::log(1.0 - engine.uniform01()));
      if (engine.uniform01() * x < c) return x;
    }
  }
  /// The walk of the file comment over every bucket: level() is S (non-decreasing during the walk),
  /// take(a, theta) receives each drawn arm, skip(a) arms draw nothing; with tops_drawn, the top
  /// arm of every bucket but bucket 0 was drawn before the walk.
  template <class NormalStream, class Level, class Take, class Skip>
  void walk(NormalStream& rng, bool tops_drawn, Level&& level, Take&& take, Skip&& skip) const {
    auto& engine = rng.engine();
    const auto& high = bucket_high();
    const auto& row = bands();
    double E = -std::log(1.0 - engine.uniform01());
    for (const std::uint32_t b : live_) {
      const bucket& g = buckets_[b];
      const double h = high[b], inv = high_inverse()[b];
      // The cursor: block i, p places below its top; `left` arms of the bucket from it on.
      std::size_t i = g.blocks.size() - 1, p = 0, left = g.n;
      const auto at = [&]() -> const entry& { return g.blocks[i][g.blocks[i].size() - 1 - p]; };
      const auto advance = [&](std::size_t count) {
        left -= count;
        p += count;
        while (left > 0 && p >= g.blocks[i].size()) {
          p -= g.blocks[i].size();
          --i;
        }
      };
      if (tops_drawn && b != 0) advance(1);
      while (left > 0) {
        const entry& e = at();
        const double S = level();
        const double c = b == 0 ? -std::numeric_limits<double>::infinity() : lowered_cut(S, e.mean, h, inv);
        if (!(c > band_low)) {  // (no finite scale, S = -inf, NaN: a full normal)
          const std::size_t a = e.arm;
          if (!skip(a)) take(a, mean_[a] + scale_[a] * rng());
          advance(1);
          continue;
        }
        // A band from the cursor: every arm in it has cut >= c_k (lower mean, scale <= h); its
        // length makes its hazard about band_load, or it is the rest of the bucket (c_k = 7).
        const std::size_t k = band_index(c);
        const std::size_t len = k == band_steps ? left : std::min(left, row[k].length);
        const double H = static_cast<double>(len) * row[k].hazard;
        if (E >= H) {
          E -= H;
          if (len == left) break;  // the rest of the bucket (no cursor to move)
          advance(len);
          continue;
        }
        // Arm j of the band proposed (probability q_k each, independently); kept with probability
        // q_{k'}/q_k for its own cut c_{k'} >= c_k (thinning: selected with probability q_{k'}).
        advance(std::min(len - 1, static_cast<std::size_t>(E / row[k].hazard)));
        const std::size_t sel = at().arm;
        advance(1);
        E = -std::log(1.0 - engine.uniform01());
        const double cs = lowered_cut(S, mean_[sel], scale_[sel], 1 / scale_[sel]);
        const std::size_t ks = cs > c ? std::max(k, band_index(cs)) : k;
        if (ks > k && !(engine.uniform01() * row[k].q < row[ks].q)) continue;
        if (!skip(sel)) take(sel, mean_[sel] + scale_[sel] * tail_above(engine, band_cut(ks)));
      }
    }
  }
  template <class NormalStream>
  draw banded_sample(NormalStream& rng, std::size_t avoid) const {
    if (!built_) build_buckets();
    const std::size_t K = mean_.size();
    leaders best{draw{K, K}, avoid};
    const auto compete = [&best](std::size_t a, double v) { best.compete(a, v); };
    // 1. The top arm of every bucket (but bucket 0) first, 2. the walk.
    for (const std::uint32_t b : live_) {
      if (b == 0) continue;
      const std::size_t a = buckets_[b].blocks.back().back().arm;
      compete(a, mean_[a] + scale_[a] * rng());
    }
    walk(rng, true, [&best] { return best.second_v; }, compete, [](std::size_t) { return false; });
    return best.d;
  }
  template <class NormalStream>
  std::size_t banded_exceed(NormalStream& rng, std::size_t x, std::size_t y, double level, std::size_t& best,
                            double& best_v) const {
    if (!built_) build_buckets();
    std::size_t count = 0;
    auto take = [&](std::size_t a, double v) {
      if (!(v > level)) return;
      ++count;
      if (v > best_v) {
        best_v = v;
        best = a;
      }
    };
    walk(rng, false, [&] { return level; }, take, [&](std::size_t a) { return a == x || a == y; });
    return count;
  }

  static inline const double log_no_tail_ = std::log1p(-0.5 * std::erfc(cut / std::sqrt(2.0)));  // log(1 - q)
  bool banded_;
  std::vector<double> mean_, scale_, upper_;
  std::vector<double> no_tail_pow_;  // (1 - q)^n, n = 0..K
  // Arms sorted by before() (unless unsorted_: then a permutation, sorted at the next draw).
  // Mutable: sorting it changes no value the class reports.
  mutable std::vector<std::size_t> order_;
  mutable bool unsorted_ = false;
  mutable std::size_t rotated_ = 0;  // entries moved by rotations since the last sort
  // Banded: the buckets (built at the first draw from mean_ and scale_, a cache not saved), each
  // arm's bucket, and the non-empty buckets in increasing order.  Mutable as order_.
  mutable std::vector<bucket> buckets_;
  mutable std::vector<std::uint32_t> where_;
  mutable std::vector<std::uint32_t> live_;
  mutable bool built_ = false;
};

}  // namespace lilucb::bandit::detail
