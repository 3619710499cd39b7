#pragma once
// GLR stopping certified WITHOUT the union over the K - 1 wrong answers (issue 14; Proposition P,
// "the leader's pooled arm", docs/certified-glr.md).
//
// For each arm c, the pooled arm V_c collects the rewards of every pull made, after the first
// round, of the arm that was then the empirical leader among the arms other than c:
//     V_c = { Y_t : I_t = L_{-c}(t - 1) },  L_{-c}(t - 1) = the empirically best arm other than c
// after step t - 1 (among the arms pulled at least once; ties to the lowest index).  The choice
// is made before the reward is seen, so it is predictable.  If c = a* (the best arm), every pull
// in V_c is of an arm whose mean is at most mu_{a*}; with a half-normal prior on lambda_V >= 0 the
// pair supermartingale of Proposition M1 (glr_one_sided.hpp) built on (V_c, c) is bounded below
// by its value with V_c's unknown means all replaced by mu_c, and the infimum over that ONE
// unknown mean is Proposition M1's statistic of the pair, with V_c in the place of arm a:
//     S1(V_c, c) = inf_m log sum_k w_k exp(h_k(m))  (glr_one_sided.hpp's h_k at N_V, mu_hat_V; N_c, mu_hat_c)
// Stop at the first t (after every arm has been pulled once) with
//     S1(V_c, c) >= log(1/delta)   for every c != i_hat,
// and answer i_hat, the empirical leader.  An error needs the check at c = a* to pass, which by
// Ville's inequality on ONE supermartingale has probability <= delta: no union over the wrong
// answers, so the threshold is log(1/delta) instead of Proposition M1's log((K - 1)/delta).
//
// Certificate (Proposition P): for sigma-sub-Gaussian rewards, a unique best arm and ANY
// sampling rule, P(stop with a wrong answer) <= delta.  The price: V_c holds the pulls of earlier
// leaders too (lower means), which dilutes its evidence while the leader changes.
//
// Bookkeeping, O(1) per pull besides the leader's upkeep.  With L and L2 the leader and the
// runner-up after step t - 1: a pull of L goes to V_c for every c != L (one shared pool G);
// a pull of L2 goes to V_L.  So V_c = G - P_c + Q_c, with P_c the pulls of c while it led and
// Q_c the pulls of the runner-up while c led (compensated sums: arm_stats).
//
// Decision.  S1 <= Z + 2 log 2 (glr_one_sided.hpp, "Cost"; Z the plain GLR statistic of the
// pair), so a pair with Z + 2 log 2 below the threshold fails at O(1).  The last failing c is
// checked first; when it passes, every c is checked (the O(1) bound first for all, then the
// others).  Beyond the O(1) bound: h at the minimiser of c's last full search is an upper bound of
// S1 (fail), the one-scale infimum a lower bound (pass), and otherwise the full search of
// glr_one_sided.hpp decides, with its certified lower bound.  Every pass rests on a certified
// lower bound of S1 and every fail on an upper bound, so the verdict is the full search's except
// within the search's margin of 1e-9 (1 + |S1|) (tested at every pull).  The rows of the pair's
// constants are cached by count (a pull moves one count by one).

#include "lilucb/bandit/arm_stats.hpp"
#include "lilucb/bandit/stopping/glr.hpp"
#include "lilucb/bandit/stopping/glr_mixture.hpp"
#include "lilucb/bandit/stopping/glr_one_sided.hpp"
#include "lilucb/errors.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace lilucb::bandit::stopping {

/// The pooled arm V_c's count and sum (see the file comment), and a bound on the rounding of the
/// sum: it is formed as G - P_c + Q_c from three compensated sums, so its error scales with their
/// magnitudes, not with its own (about 2.5 ulps of |G| + |P_c| + |Q_c| from the three roundings
/// and two additions, the compensated sums' second-order terms far below; `rounding` is 1e-15
/// times that sum, about 4.5 ulps).  S1 increases with V_c's mean, so the rule evaluates it at low_mean(): a lower bound.
struct pooled_arm {
  std::uint64_t count = 0;
  double sum = 0;
  double rounding = 0;
  double mean() const { return count ? sum / static_cast<double>(count) : 0.0; }
  double low_mean() const { return count ? (sum - rounding) / static_cast<double>(count) : 0.0; }
};

class glr_pooled {
 public:
  /// K arms, sigma (the rewards' sub-Gaussian scale), delta, the grid of mixture scales
  /// (glr_mixture.hpp; its combine field is not used: S1 is the infimum of the log-sum).
  /// Domain: K >= 1, sigma in (0, inf), delta in (0, 1), 1 to 64 scales rho_k in (0, inf) with
  /// sum_k w_k <= 1.
  glr_pooled(std::size_t K, double sigma, double delta, mixture_grid grid = make_mixture_grid())
      : K_(K), sigma_(sigma), delta_(delta), grid_(std::move(grid)), pool_(1), led_(K), runner_(K) {
    constexpr const char* fn = "lilucb::bandit::stopping::glr_pooled";
    (void)mixture_detail::check_mixture_rule(fn, K, sigma, delta, grid_);
    threshold_ = std::log(1 / delta);
    const std::size_t G = grid_.rho.size();
    c_.resize(G);
    base_.resize(G);
    for (std::size_t k = 0; k < G; ++k) base_[k] = grid_.log_weight[k] + 2 * std::log(2.0);
    argmin_.assign(K, std::numeric_limits<double>::quiet_NaN());
    leader_ = runner_up_ = blocker_ = K;
  }

  static const char* name() { return "glr"; }
  static constexpr bool certified() { return true; }
  std::string certificate() const {
    return "Proposition P (docs/certified-glr.md): GLR stopping against a one-sided (half-normal) Gaussian mixture "
           "martingale per arm c, paired with the pooled pulls of the predictable leader among the other arms (" +
           describe_grid(grid_) +
           ", infimum of the log-sum over the best arm's mean), Ville's inequality at threshold log(1/delta), no "
           "union over the wrong answers; valid for any sampling rule, a unique best arm and sigma-sub-Gaussian "
           "rewards (sigma = " + std::to_string(sigma_) + "): P(wrong answer) <= delta = " + std::to_string(delta_);
  }
  double threshold() const { return threshold_; }

  /// After arm i's pull (stats already updated; s.last_added() is its reward).
  void observe(std::size_t i, const arm_stats& s) {
    if (leader_ < K_) {  // roles are fixed by the leader and runner-up after the previous step
      const double y = s.last_added();
      if (i == leader_) {
        pool_.add(0, y);
        led_.add(leader_, y);
      } else if (i == runner_up_) {
        runner_.add(leader_, y);
      }
    }
    update_leaders(i, s);
  }

  /// V_c of the file comment.  Domain: c < K.
  pooled_arm pooled(std::size_t c) const {
    check_index(c);
    const double g = pool_.sum(0), p = led_.sum(c), q = runner_.sum(c);
    return {pool_.count(0) - led_.count(c) + runner_.count(c), g - p + q,
            1e-15 * (std::fabs(g) + std::fabs(p) + std::fabs(q))};
  }

  /// The certified lower bound of S1(V_c, c), at V_c's mean lowered by its rounding bound (-inf
  /// when V_c or c has no pull).  Domain: c < K.
  double statistic(std::size_t c, const arm_stats& s) {
    check_index(c);
    const pooled_arm v = pooled(c);
    if (v.count == 0 || s.count(c) == 0) return -std::numeric_limits<double>::infinity();
    return s1(v, s.count(c), s.mean(c));
  }

  bool should_stop(const arm_stats& s) {
    if (K_ < 2) return true;
    if (leader_ >= K_) return false;
    if (blocker_ < K_ && blocker_ != leader_ && !passes(blocker_, s)) return false;
    for (std::size_t c = 0; c < K_; ++c)  // the O(1) bound of every pair first
      if (c != leader_ && c != blocker_ && !may_pass(c, s)) {
        blocker_ = c;
        return false;
      }
    for (std::size_t c = 0; c < K_; ++c)  // every O(1) bound passed: the rest of the decision
      if (c != leader_ && c != blocker_ && !passes_beyond_bound(c, s)) {
        blocker_ = c;
        return false;
      }
    return true;
  }
  std::size_t recommendation(const arm_stats& s) const { return leader_ < K_ ? leader_ : s.empirical_best(); }
  /// The leader and runner-up after the last observe (K when undefined).
  std::size_t leader() const { return leader_; }
  std::size_t runner_up() const { return runner_up_; }

 private:
  void check_index(std::size_t c) const {
    if (c >= K_)
      lilucb::detail::raise_domain_error("lilucb::bandit::stopping::glr_pooled", "c", std::to_string(c),
                                         "[0, K - 1] = [0, " + std::to_string(K_ - 1) + "]");
  }
  // The empirical leader and runner-up among pulled arms, ties to the lowest index.
  static bool better(const arm_stats& s, std::size_t i, std::size_t j) {
    return s.mean(i) > s.mean(j) || (s.mean(i) == s.mean(j) && i < j);
  }
  void update_leaders(std::size_t i, const arm_stats& s) {
    if (leader_ < K_ && i != leader_ && i != runner_up_) {  // only arm i moved
      if (better(s, i, leader_)) {
        runner_up_ = leader_;
        leader_ = i;
      } else if (runner_up_ >= K_ || better(s, i, runner_up_)) {
        runner_up_ = i;
      }
      return;
    }
    leader_ = runner_up_ = K_;
    for (std::size_t j = 0; j < K_; ++j) {
      if (s.count(j) == 0) continue;
      if (leader_ >= K_ || better(s, j, leader_)) {
        runner_up_ = leader_;
        leader_ = j;
      } else if (runner_up_ >= K_ || better(s, j, runner_up_)) {
        runner_up_ = j;
      }
    }
  }
  // S1 <= Z + 2 log 2: false when the pair cannot pass.
  bool may_pass(std::size_t c, const arm_stats& s) const {
    const pooled_arm v = pooled(c);
    if (v.count == 0 || s.count(c) == 0) return false;
    return (z_of(v, s.count(c), s.mean(c)) + 2 * std::log(2.0)) * (1 + 1e-12) + 1e-12 >= threshold_;
  }
  double z_of(const pooled_arm& v, std::uint64_t nc, double mc) const {
    return glr_statistic(glr_model::gaussian, sigma_, v.count, v.mean(), nc, mc);
  }
  // The decision for arm c (file comment, "Decision"): the O(1) bound; h at the minimiser of the
  // last full search for c (an upper bound of S1: fails most failing pairs at one evaluation);
  // the one-scale infimum at the scale nearest min(N_V, N_c)/Z (a lower bound: passes most
  // passing pairs); else the full search.  A pass rests on a certified lower bound.
  bool passes(std::size_t c, const arm_stats& s) { return may_pass(c, s) && passes_beyond_bound(c, s); }
  // The decision after the O(1) bound has not ruled the pair out.
  bool passes_beyond_bound(std::size_t c, const arm_stats& s) {
    const pooled_arm v = pooled(c);
    const one_sided_detail::pair_data p = pair_of(v, s.count(c), s.mean(c));
    if (std::isfinite(argmin_[c])) {
      const double up = one_sided_detail::h_at(p, argmin_[c]).h;
      if (up + 1e-9 * (1 + std::fabs(up)) < threshold_) return false;
    }
    const double z = z_of(v, s.count(c), s.mean(c));
    const double target = double(std::min<std::uint64_t>(v.count, s.count(c))) / std::max(z, 1e-300);
    std::size_t kstar = 0;
    double best = std::numeric_limits<double>::infinity();
    for (std::size_t k = 0; k < p.G; ++k) {
      const double r = grid_.rho[k] > target ? grid_.rho[k] / target : target / grid_.rho[k];
      if (r < best) {
        best = r;
        kstar = k;
      }
    }
    const one_sided_detail::pair_data one{p.ma, p.mb, p.sigma, p.sa + kstar, p.sb + kstar, p.c + kstar, 1};
    if (one_sided_detail::infimum_lower_bound(one) >= threshold_) return true;
    double m = 0;
    const double full = one_sided_detail::infimum_lower_bound(p, &m);
    argmin_[c] = m;
    return full >= threshold_;
  }
  double s1(const pooled_arm& v, std::uint64_t nc, double mc) {
    return one_sided_detail::infimum_lower_bound(pair_of(v, nc, mc));
  }
  // The pair's data from the two arms' rows (cached by count: a pull moves one count by one).
  one_sided_detail::pair_data pair_of(const pooled_arm& v, std::uint64_t nc, double mc) {
    const std::size_t G = grid_.rho.size();
    const std::size_t ia = row_of(v.count, rows_.size());
    const row& ra = rows_[ia];
    const row& rb = rows_[row_of(nc, ia)];
    for (std::size_t k = 0; k < G; ++k) c_[k] = base_[k] - ra.pen[k] - rb.pen[k];
    return {v.low_mean(), mc, sigma_, ra.s.data(), rb.s.data(), c_.data(), G};
  }
  struct row {
    std::uint64_t n = 0;  // 0: empty
    std::vector<double> s, pen;  // N/(sigma sqrt(N + rho_k)), 1/2 log(1 + N/rho_k)
  };
  // The index of the row for count n, filling one (never the slot `keep`) when none has it.
  std::size_t row_of(std::uint64_t n, std::size_t keep) {
    for (std::size_t j = 0; j < rows_.size(); ++j)
      if (rows_[j].n == n) return j;
    if (next_row_ == keep) next_row_ = (next_row_ + 1) % rows_.size();
    const std::size_t j = next_row_;
    row& r = rows_[j];
    next_row_ = (next_row_ + 1) % rows_.size();
    const std::size_t G = grid_.rho.size();
    r.n = n;
    r.s.resize(G);
    r.pen.resize(G);
    for (std::size_t k = 0; k < G; ++k) {
      r.s[k] = double(n) / (sigma_ * std::sqrt(double(n) + grid_.rho[k]));
      r.pen[k] = 0.5 * std::log1p(double(n) / grid_.rho[k]);
    }
    return j;
  }

  std::size_t K_;
  double sigma_, delta_, threshold_ = 0;
  mixture_grid grid_;
  arm_stats pool_, led_, runner_;  // G; P_c; Q_c (file comment)
  std::size_t leader_, runner_up_, blocker_;
  std::vector<double> c_, base_;  // the pair's constants; log w_k + 2 log 2
  std::vector<double> argmin_;     // per arm c: the minimiser of its last full search (NaN: none)
  std::array<row, 8> rows_;
  std::size_t next_row_ = 0;
};

}  // namespace lilucb::bandit::stopping
