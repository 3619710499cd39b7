#pragma once
// Weakest-pair sampling (this toolkit's rule, NOT from a paper): a Top-Two rule whose challenger
// is the pair farthest from passing the certified one-sided GLR stopping statistic.
//
//   leader      L = the empirical best arm (ties to the lowest index, as arm_stats::empirical_best);
//   challenger  C = argmin_{b != L} S1_{L,b} (ties to the lowest index), S1 the statistic of
//               Proposition M1 of docs/certified-glr/propositions.md as computed by
//               stopping::glr_one_sided_statistic(sigma, grid, N_L, mu_hat_L, N_b, mu_hat_b)
//               (the rule's grid, by default make_mixture_grid(), and the run's sigma; the kernel
//               of detail/one_sided_mixture.hpp);
//   forced      first, if some arm has N_a < sqrt(t/K) after t pulls, the arm with the fewest pulls
//               (ties to the lowest index) is pulled instead, and no coin is drawn;
//   choice      L with probability h = N_C/(N_L + N_C), C otherwise: the information-directed
//               selection of You, Qin, Wang & Yang (2023), "Information-directed selection for
//               top-two algorithms", ICML, for Gaussian arms (as t3c-ids in top_two.hpp), the coin
//               drawn from the run's stream (s.rng().engine().uniform01() < h).
//
// Domain: K >= 1, sigma in (0, inf), a grid of 1 to 64 scales (detail/mixture_grid.hpp).
// Guarantee: the rule carries none of its own (no sample-complexity statement is claimed); paired
// with glr-one-sided stopping it is certified, since Proposition M1 holds for ANY sampling rule
// (P(wrong answer) <= delta for sigma-sub-Gaussian rewards).  The forced exploration makes every
// N_a grow at least like sqrt(t/K), so every estimate converges and the best arm is not starved.
// The pulls are exactly those of the O(K) pass that computes every S1_{L,b} (lazy lower bounds
// refined only where they cannot separate two arms).  Why the rule exists, and the proof that its
// lazy challenger is the O(K) pass's: docs/certified-glr/numerics.md, "Weakest-pair sampling".
// Tests: tests/bandit/sampling/test_weakest_pair.cpp (pull for pull against tests/bandit/naive_weakest_pair.hpp).

#include "lilucb/bandit/arm_stats.hpp"
#include "lilucb/bandit/detail/mixture_grid.hpp"
#include "lilucb/bandit/detail/one_sided_mixture.hpp"
#include "lilucb/errors.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace lilucb::bandit::sampling {

namespace weakest_pair_detail {

inline constexpr double c = 0.79788456080286535588;  // F'(0) = sqrt(2/pi)

/// The convex lower bound of F (docs/certified-glr/numerics.md, "Weakest-pair sampling", levels 1
/// and 2): Psi(u) = max(-log 2 + psi(u), the tangents of F at the points u0 below).  Each tangent
/// is <= F (F is convex), so Psi <= F.
struct psi_table {
  static constexpr int T = 10;
  double u0[T] = {-8, -4, -2, -1, -0.5, 0.5, 1, 2, 3, 4.5};
  double f0[T], d0[T];
  psi_table();
  /// Psi(u) and a slope of it at u (the active piece's).
  void at(double u, double* v, double* d) const {
    double best = u <= 2 * c ? -0.69314718055994530942 + c * u : 0.5 * u * u - 0.69314718055994530942;
    double slope = u <= 2 * c ? c : u;
    for (int i = 0; i < T; ++i) {
      const double t = f0[i] + d0[i] * (u - u0[i]);
      if (t > best) {
        best = t;
        slope = d0[i];
      }
    }
    *v = best;
    *d = slope;
  }
};

/// A lower bound of min over m of Psi(sa (ma - m)) + Psi(sb (m - mb)) (sa, sb > 0): the function
/// is convex, so for a bracket l < r with slopes g(l) <= 0 <= g(r) its minimum is at least
/// max(f(l) + g(l)(r - l), f(r) - g(r)(r - l)) (the tangent bound of the kernel's search);
/// the bracket is narrowed (secant steps, bisection every third) until that bound is within 0.05
/// of min(f(l), f(r)), at most 30 steps (a looser bound is still a bound).
double psi_pair_lower(const psi_table& t, double sa, double ma, double sb, double mb);

}  // namespace weakest_pair_detail

class weakest_pair {
  static constexpr double inf = std::numeric_limits<double>::infinity();
  enum level : std::uint8_t { stale = 0, bound1 = 1, bound2 = 2, tangent = 3, exact = 4 };

 public:
  /// K arms, sigma (the rewards' sub-Gaussian scale, as the stopping rule's) and the grid of the
  /// one-sided statistic.  Domain: K >= 1, sigma in (0, inf), 1 to 64 scales rho_k in (0, inf)
  /// with one finite log-weight each.
  weakest_pair(std::size_t K, double sigma, stopping::mixture_grid grid = stopping::make_mixture_grid());
  const char* name() const { return "weakest-pair"; }

  template <class Session>
  std::size_t next(Session& s) {
    // Forced exploration (file comment): an arm with N_a < sqrt(t/K) is pulled first.
    if (static_cast<double>(min_n_) < forced_floor(s.stats().total(), K_)) return first_least();
    const std::size_t L = best_[1];  // the empirical best (tournament root)
    const std::size_t C = challenger(L);
    const double h = double(n_[C]) / double(n_[L] + n_[C]);
    return s.rng().engine().uniform01() < h ? L : C;
  }
  void observe(std::size_t i, const arm_stats& s) {
    mean_[i] = s.mean(i);
    const std::uint64_t before = n_[i];
    n_[i] = s.count(i);
    if (before == min_n_ && n_[i] != before && --at_min_ == 0) recount_least();
    for (std::size_t v = (leaves_ + i) >> 1; v >= 1; v >>= 1) best_[v] = best_winner(best_[2 * v], best_[2 * v + 1]);
    if (i == keys_leader_) leader_pulled_ = true;
    else if (level_[i] != stale) {
      level_[i] = stale;
      changed_.push_back(i);
    }
  }
  /// The forced-exploration floor after t pulls of K arms: an arm with fewer than sqrt(t/K) pulls
  /// is pulled before any leader or challenger (tests/bandit/naive_weakest_pair.hpp uses it too).
  static double forced_floor(std::uint64_t t, std::size_t K) {
    return std::sqrt(static_cast<double>(t) / static_cast<double>(K));
  }
  /// The number of exact statistics computed so far (benchmarks, tests).
  std::uint64_t exact_evaluations() const { return exact_count_; }
  /// The refinements made so far to level 2 and to the tangent bound, and the full recomputations
  /// of the keys (leader pulled or replaced) (benchmarks, tests).
  std::uint64_t level2_refinements() const { return level2_count_; }
  std::uint64_t tangent_refinements() const { return tangent_count_; }
  std::uint64_t key_rebuilds() const { return rebuild_count_; }

 private:
  /// The means' tournament: r (> l) wins only with a strictly larger mean (ties to the lowest index).
  std::size_t best_winner(std::size_t l, std::size_t r) const { return mean_[r] > mean_[l] ? r : l; }
  /// The keys' tournament: the leader and the padding never win; else r (> l) only with a strictly
  /// smaller key (ties to the lowest index).
  std::size_t weak_winner(std::size_t l, std::size_t r) const {
    if (l >= K_ || l == keys_leader_) return r;
    if (r >= K_ || r == keys_leader_) return l;
    return keys_[r] < keys_[l] ? r : l;
  }
  /// The lowest index among the arms with the fewest pulls (O(K); only on forced pulls, at most
  /// about sqrt(tK) of the first t).
  std::size_t first_least() const {
    for (std::size_t a = 0; a < K_; ++a)
      if (n_[a] == min_n_) return a;
    return 0;
  }
  /// min_n_ and at_min_ from the counts (O(K); each time the last arm at the minimum is pulled,
  /// so at most once per value of the minimum, which is below t/K).
  void recount_least() {
    min_n_ = n_[0];
    for (std::size_t a = 1; a < K_; ++a) min_n_ = std::min(min_n_, n_[a]);
    at_min_ = static_cast<std::size_t>(std::count(n_.begin(), n_.end(), min_n_));
  }
  void weak_update(std::size_t i) {
    for (std::size_t v = (leaves_ + i) >> 1; v >= 1; v >>= 1) weak_[v] = weak_winner(weak_[2 * v], weak_[2 * v + 1]);
  }
  /// Entry k of arm i's row (pen_i,k, s_i,k) at its present count.
  void entry(std::size_t i, std::size_t k) {
    const std::size_t at = i * G_ + k;
    if (stamp_[at] == n_[i]) return;
    const double n = double(n_[i]);
    pen_[at] = one_sided_mixture::mixture_penalty(n, grid_.rho[k]);
    slope_[at] = one_sided_mixture::slope(n, grid_.rho[k], sigma_);
    stamp_[at] = n_[i];
  }
  /// The scale j nearest min(N_L, N_b)/Z_{L,b} (0 for an unsorted grid).
  std::size_t scale_index(std::size_t L, std::size_t b) const {
    if (!sorted_) return 0;
    const double nl = double(n_[L]), nb = double(n_[b]);
    const double gap = mean_[L] > mean_[b] ? mean_[L] - mean_[b] : 0.0;
    const double z = gap * gap / (2 * sigma_ * sigma_) / (1 / nl + 1 / nb);
    if (!(z > 0)) return G_ - 1;
    const double target = std::min(nl, nb) / z;
    const std::size_t j =
        static_cast<std::size_t>(std::lower_bound(grid_.rho.begin(), grid_.rho.end(), target) - grid_.rho.begin());
    return j == G_ ? G_ - 1 : j;
  }
  /// The one-term lower bound of S1_{L,b} at scale k (numerics.md, "Weakest-pair sampling", levels 1 and 2).
  double term_bound(std::size_t L, std::size_t b, std::size_t k);
  static double as_key(double bound) {
    if (std::isnan(bound)) return -inf;  // no information: refined first
    return bound - 1e-7 * (1 + std::fabs(bound));
  }
  void set_bound1(std::size_t L, std::size_t b);
  /// The pair's data for one_sided_mixture (the expressions of glr_one_sided_statistic, so the
  /// search below returns its value bit for bit).
  one_sided_mixture::pair_data pair(std::size_t L, std::size_t b);
  /// The tangent bound (numerics.md, "Weakest-pair sampling", level 3) around the pair's last
  /// minimiser: true and *bound set when a bracket l < r with h'(l) <= 0 <= h'(r) is found within a few evaluations.
  bool tangent_bound(std::size_t L, std::size_t b, double* bound);
  void refine(std::size_t L, std::size_t b);
  /// argmin_{b != L} S1_{L,b}, ties to the lowest index (file comment).
  std::size_t challenger(std::size_t L);

  std::size_t K_;
  double sigma_;
  stopping::mixture_grid grid_;
  std::size_t G_;
  bool sorted_ = true;
  std::vector<double> mean_;       // mean_[a] == arm_stats::mean(a); mean_[K] = -inf (padding)
  std::vector<std::uint64_t> n_;   // N_a
  std::size_t leaves_ = 1;
  std::vector<std::size_t> best_;  // the means' tournament (node v's children 2v, 2v + 1)
  std::vector<std::size_t> weak_;  // the keys' tournament
  std::vector<double> keys_;       // per arm: a lower bound of S1_{keys_leader_, b} or its exact value
  std::vector<std::uint8_t> level_;
  std::vector<double> at_;              // per arm: the pair's last minimiser (a starting point only)
  std::vector<std::uint8_t> has_at_;
  std::vector<double> upper_;           // per arm at level tangent: an upper bound of its value (+inf: none)
  double sa_[64], sb_[64], cc_[64];     // one pair's data (pair())
  weakest_pair_detail::psi_table psi_;  // the tangents of F (level-1 and level-2 bounds)
  std::vector<double> pen_, slope_;     // rows pen_i,k and s_i,k (K x G)
  std::vector<std::uint64_t> stamp_;    // the count each entry was computed at (0: never)
  std::vector<std::size_t> changed_;    // arms other than the leader pulled since the keys were set
  std::uint64_t min_n_ = 0;  // min_a N_a
  std::size_t at_min_;       // the number of arms with N_a == min_n_
  std::size_t keys_leader_ = static_cast<std::size_t>(-1);
  bool leader_pulled_ = false;
  std::uint64_t exact_count_ = 0, level2_count_ = 0, tangent_count_ = 0, rebuild_count_ = 0;
};

}  // namespace lilucb::bandit::sampling
