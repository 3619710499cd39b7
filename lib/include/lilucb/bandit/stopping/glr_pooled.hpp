#pragma once
// GLR stopping certified WITHOUT the union over the K - 1 wrong answers (Proposition P, "the
// leader's pooled arm", docs/certified-glr/propositions.md).
//
// For each arm c, the pooled arm V_c collects the rewards of every pull made, after the first
// round, of the arm that was then the empirical leader among the arms other than c:
//     V_c = { Y_t : I_t = L_{-c}(t - 1) },  L_{-c}(t - 1) = the empirically best arm other than c
// after step t - 1 (among the arms pulled at least once; ties to the lowest index).  The choice
// is made before the reward is seen, so it is predictable.  If c = a* (the best arm), every pull
// in V_c is of an arm whose mean is at most mu_{a*}; with a half-normal prior on lambda_V >= 0 the
// pair supermartingale of Proposition M1 (detail/one_sided_mixture.hpp) built on (V_c, c) is
// bounded below by its value with V_c's unknown means all replaced by mu_c, and the infimum over that ONE
// unknown mean is Proposition M1's statistic of the pair, with V_c in the place of arm a:
//     S1(V_c, c) = inf_m log sum_k w_k exp(h_k(m))  (the kernel's h_k at N_V, mu_hat_V; N_c, mu_hat_c)
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
// A prior per arm (pooled_prior::per_arm; Proposition P2 of docs/certified-glr/propositions.md): each arm of
// the pair draws its own scale from its own copy of the grid (the product prior, of total mass
// (sum_k w_k)^2 <= 1), and the statistic becomes
//     S2(V_c, c) = inf_m [ A(m) + B(m) ],  A(m) = log sum_k w_k exp(log 2 - pen_V,k + F(u_V,k(m))),
//                                          B(m) = log sum_j w_j exp(log 2 - pen_c,j + F(u_c,j(m)))
// (detail/one_sided_mixture.hpp's notation), convex in m; the same threshold and certificate.
// Default grid: make_per_arm_grid() below.
//
// Un-pooling weights (pooled_weighting; Proposition U of docs/certified-glr/unpooling.md): under the
// prior per arm, each pooled pull may carry a predictable weight w_s in [0, 1], and V_c's count and
// sum become W1 = sum w_s, W2 = sum w_s^2, S_w = sum w_s Y_s:
//     SU(V_c, c) = inf_m [ A_w(m) + B(m) ],  A_w(m) = log sum_k w_k exp(log 2 - 1/2 log(1 + W2/rho_k)
//                                                     + F((S_w - m W1)/(sigma sqrt(W2 + rho_k)))),
// the same threshold and certificate (P(wrong answer) <= delta, any sampling rule).  The weight of
// a pull of the designation d (the leader, or the runner-up for V_leader) is min(1, z/z0) floored
// to a multiple of 1/16, z = min over the pulled arms j other than the leader and the runner-up of
// the plain GLR Z_{d,j} after the previous step (1 when there is no such j, or z0 = 0): the same
// weight for every c, so V_c stays G - P_c + Q_c with weighted sums (detail/pooled_designation.hpp's
// weighted_pools).  With every weight 1 the rule is P2's, decision for decision (without the
// tracked bound, which the weighted rule does not use).  Certified numerics (W1, W2 exact, S_w's
// rounding, the screen Z_eff + 2 log 2): docs/certified-glr/unpooling.md, "Certified numerics of U".
//
// Domain: K >= 1, sigma in (0, inf), delta in (0, 1), 1 to 64 scales rho_k in (0, inf) with
// sum_k w_k <= 1; weighted: the prior per arm, z0 in [0, inf), fewer than 2^44 pulls.  Cost: O(1) per pull besides the leader's upkeep (O(log K)); the decision of
// each pair rests on a certified lower bound (pass) or an upper bound (fail), so it is the full
// search's except within the search's margin of 1e-9 (1 + |S1|).  Bookkeeping of the pools, the
// decision steps and the proof that they give the full search's verdict:
// docs/certified-glr/numerics.md, "The pooled rule: bookkeeping and decision".
// Tests: tests/bandit/stopping/test_glr_pooled.cpp.

#include "lilucb/bandit/arm_stats.hpp"
#include "lilucb/bandit/rules.hpp"
#include "lilucb/bandit/detail/count_groups.hpp"
#include "lilucb/bandit/detail/pooled_designation.hpp"
#include "lilucb/bandit/detail/mixture_grid.hpp"
#include "lilucb/bandit/detail/one_sided_mixture.hpp"
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

/// The prior of the mixture (file comment): one scale shared by the pair (Proposition P), or one
/// scale per arm from independent copies of the grid (Proposition P2).
enum class pooled_prior { shared, per_arm };

/// Proposition U's un-pooling weights (file comment): off (P and P2), or the weight
/// min(1, z/z0) floored to a multiple of 1/16 (z0 = 0: every weight 1).
struct pooled_weighting {
  bool on = false;
  double z0 = 2.0;
};
/// The weights glr-pooled-weighted runs with: z0 = 2 nats (docs/certified-glr/unpooling.md, "The
/// library rule").
inline pooled_weighting make_unpooling_weights(double z0 = 2.0) { return {true, z0}; }

/// The per-arm grid of Proposition P2: rho = 2^k, k = -4..40, 0.9 of the weight flat on
/// k = -4..16 (gaps from about 4 sigma down to sigma/256 in the rough rule rho ~ sigma^2/gap^2),
/// 0.1 as 1/((k+1)(k+2)) on k >= 0 (detail/mixture_grid.hpp's make_banded_mixture_grid): sum_k w_k < 1.
/// The flat core costs log(21/0.9) = 3.15 nats per arm at any one scale, but the log-sum over
/// neighbouring scales recovers most of it; docs/certified-glr/results.md measures the evidence each
/// prior needs (the overhead table of Proposition P2).
inline mixture_grid make_per_arm_grid() { return make_banded_mixture_grid(-4, 16, 0.9, 40); }

namespace pooled_detail {
/// The pair (V_c, c) under the prior per arm: h(m) = A(m) + B(m) (file comment) and its slope.
struct split_pair {
  double ma, mb, sigma;
  const double* sa;  // s_V,k
  const double* ca;  // log w_k + log 2 - pen_V,k
  const double* sb;  // s_c,k
  const double* cb;  // log w_k + log 2 - pen_c,k
  std::size_t G;
};
one_sided_mixture::h_and_slope h_at(const split_pair& p, double m);
/// h(m) with the kernel's F_upper in place of F in every term: an upper bound at one exponential
/// per term (the kernel's quadratic_upper for the product prior), rounded up by 1e-12 (1 + |value|).
double quadratic_upper(const split_pair& p, double m);
/// A certified lower bound of inf_m h(m) from one term per arm, V's term ka and c's term kb (any
/// pair of terms: a log-sum is at least each of its terms, at every m), i.e. the one-scale search
/// of detail/one_sided_mixture.hpp (pair_data with G = 1) on c = the two terms' constants, slopes s_V,ka, s_c,kb.
double one_term_lower_bound(const split_pair& p, std::size_t ka, std::size_t kb);
/// The same with each arm's largest term at m0 (the rule's choice: the terms that dominate near
/// the last minimiser).
double one_term_lower_bound(const split_pair& p, double m0);
/// The kernel's deciding search (docs/certified-glr/numerics.md, "Deciding search") on a pair (pair_data or
/// split_pair) from m0 with h0 = h(m0): +1 when a certified lower bound of the infimum clears thr by
/// M = 1e-8 (1 + |thr|) (the rule's thresholds log(1/delta) are > 0), -1 when h at an evaluated point is below thr - M, 0 when undecided (within
/// about M of thr, or no bracket in 12 evaluations); *best_m receives the evaluated point with the
/// smallest h (m0 included).  The pooled rule's step before its full search.
template <class Pair>
int decide_pair(const Pair& p, double m0, one_sided_mixture::h_and_slope h0, double thr, double* best_m) {
  *best_m = m0;
  if (!std::isfinite(h0.h) || !std::isfinite(h0.dh)) return 0;
  double best_h = h0.h, v = 0;
  const auto ev = [&](double m) {
    const one_sided_mixture::h_and_slope r = h_at(p, m);  // the pair type's h (argument-dependent lookup)
    if (r.h < best_h) {
      best_h = r.h;
      *best_m = m;
    }
    return one_sided_mixture::bounds_at{r.h, r.dh, r.h};
  };
  return one_sided_mixture::decide_infimum(ev, m0, {h0.h, h0.dh, h0.h}, thr, 1e-8 * (1 + std::fabs(thr)),
                                          1e-3 * one_sided_mixture::bracket_scale(p), 12, &v);
}
}  // namespace pooled_detail

/// Proposition P2's statistic S2 (file comment) of a pooled arm with count nv and mean mv against
/// an arm with count nc and mean mc, on grid g: a certified lower bound (the kernel's
/// search).  glr_pooled's statistic(c) under the prior per arm is this function at V_c (its mean
/// lowered by its rounding bound).  Domain: sigma in (0, inf); nv, nc >= 1; mv, mc finite; 1 to 64
/// scales, one weight each.
double glr_pooled_per_arm_statistic(double sigma, const mixture_grid& g, std::uint64_t nv, double mv,
                                    std::uint64_t nc, double mc);

/// Proposition U's statistic SU (file comment) of a weighted pooled side (W1 = w1, W2 = w2,
/// S_w = sw) against an arm with count nc and mean mc, on grid g: a certified lower bound (the
/// kernel's search on V's slopes W1/(sigma sqrt(W2 + rho_k)) and penalties 1/2 log(1 + W2/rho_k) at
/// the mean S_w/W1).  glr_pooled's statistic(c) when weighted is this function at V_c's sums with
/// S_w lowered by its rounding bound.  Domain: sigma in (0, inf); w1, w2 in (0, inf) finite, sw
/// finite; nc >= 1; mc finite; 1 to 64 scales, one weight each.
double glr_pooled_weighted_statistic(double sigma, const mixture_grid& g, double w1, double w2, double sw,
                                     std::uint64_t nc, double mc);

class glr_pooled {
 public:
  /// K arms, sigma (the rewards' sub-Gaussian scale), delta, the grid of mixture scales
  /// (detail/mixture_grid.hpp; its combine field is not used: S1 is the infimum of the log-sum).
  /// The prior: one scale shared by the pair (Proposition P) or one per arm (P2; grid usually
  /// make_per_arm_grid()).  Domain: K >= 1, sigma in (0, inf), delta in (0, 1), 1 to 64 scales
  /// rho_k in (0, inf) with sum_k w_k <= 1.
  /// fast = false skips the tracked fail test of the prior per arm (tests compare the two).
  /// weighting.on: Proposition U's weights (prior per arm only; z0 in [0, inf)).
  glr_pooled(std::size_t K, double sigma, double delta, mixture_grid grid = make_mixture_grid(),
             pooled_prior prior = pooled_prior::shared, bool fast = true, pooled_weighting weighting = {});

  static const char* name() { return "glr"; }
  /// How many decisions the tracked fail test made (prior per arm; for tests and benchmarks).
  std::uint64_t fast_fails() const { return fast_fails_; }
  /// For tests: whether the last tracked bound is at least the bound started afresh from the same
  /// pair's current data at the same point with the same tangents (within 1e-9 relative) and at
  /// least h there at the sums the search reads (within 1e-12 relative); true when nothing is tracked.
  bool audit_tracked_bound(const arm_stats& s);
  static constexpr bool certified() { return true; }
  std::string certificate() const;
  double threshold() const { return threshold_; }
  pooled_prior prior() const { return prior_; }
  const pooled_weighting& weighting() const { return weighting_; }

  /// After arm i's pull (stats already updated; s.last_added() is its reward).
  void observe(std::size_t i, const arm_stats& s) {
    if (weighting_.on) {
      weights_.observe(i, s.last_added(), pools_.leader(), pools_.runner_up(), w_leader_, w_runner_);
      pools_.observe(i, s);
      if (groups_built_) groups_.set(i, s.count(i), s.mean(i));
      next_weights(s);
    } else {
      pools_.observe(i, s);
    }
  }

  /// V_c of the file comment (weighted: its weighted sums, pooled_arm's comment).  Domain: c < K.
  pooled_arm pooled(std::size_t c) const {
    check_index(c);
    return weighting_.on ? weights_.pooled(c) : pools_.pooled(c);
  }
  /// Arm c's mean raised by the rounding bound of its sum, as the statistic reads it (the
  /// statistics decrease with c's mean; pooled_designation::high_mean).  Domain: c < K; s the
  /// statistics the rule observes.
  double raised_mean(std::size_t c, const arm_stats& s) const {
    check_index(c);
    return pools_.high_mean(c, s);
  }
  /// The weights fixed after the last observe for a pull of the leader and of the runner-up
  /// (weighted; 1 otherwise).
  double leader_weight() const { return w_leader_; }
  double runner_up_weight() const { return w_runner_; }

  /// The certified lower bound of S1(V_c, c) (S2 under the prior per arm), at V_c's mean lowered by its rounding bound (-inf
  /// when V_c or c has no pull).  Domain: c < K.
  double statistic(std::size_t c, const arm_stats& s);

  bool should_stop(const arm_stats& s);
  std::size_t recommendation(const arm_stats& s) const {
    return pools_.leader() < K_ ? pools_.leader() : s.empirical_best();
  }
  /// statistic(c) against the threshold log(1/delta) for every challenger c of the answer now.
  std::vector<challenger_evidence> evidence(const arm_stats& s);
  /// The leader and runner-up after the last observe (K when undefined).
  std::size_t leader() const { return pools_.leader(); }
  std::size_t runner_up() const { return pools_.runner_up(); }

   /// Every member that changes after construction, for a study's snapshot (detail/state_archive.hpp).
   template <class Archive>
   void archive_state(Archive& ar) {
     ar(pools_, blocker_, c_, cb_, base_, argmin_, rows_, next_row_, stale_, tracking_, cooldown_, fast_fails_, track_c_, track_m_, n0v_, n0c_, yv_, yc_, start_upper_, last_bound_, tv_, tc_, jv_, jc_, bv_, bc_);
     if (weighting_.on) ar(weights_, w_leader_, w_runner_);
   }
  /// A loaded state's blocker and tracked arm are arms (K: no blocker), its cached rows are
  /// empty or hold exactly the values their count gives, the constants are the grid's, and the
  /// tracked start's terms and tangents have the grid's size and index the tangent table, and
  /// (weighted) the weights are multiples of 1/16 in [0, 1] and nothing is tracked
  /// (detail/state_archive.hpp).  O(G) for the grid's G scales.
  bool state_is_valid() const;

 private:
  // The weighted statistic on given sums: split_of's weighted side, the one construction of it.
  friend double glr_pooled_weighted_statistic(double, const mixture_grid&, double, double, double, std::uint64_t, double);
  void check_index(std::size_t c) const;
  // S1 <= Z + 2 log 2 (and S2 <= Z + 2 log 2: numerics.md, "The pooled rule: bookkeeping and
  // decision"): false when the pair cannot pass.
  bool may_pass(std::size_t c, const arm_stats& s) const;
  double z_of(const pooled_arm& v, std::uint64_t nc, double mc) const;
  // Weighted: the weights for the next pull of the leader and of the runner-up (file comment).
  void next_weights(const arm_stats& s);
  // V_c has evidence: a pooled pull (unweighted), a positive weight (weighted).
  bool has_pooled(const pooled_arm& v) const { return weighting_.on ? v.w1 > 0 : v.count > 0; }
  // The count of the GLR's point (the searches' first start): N_V, or W1^2/W2 weighted.
  double point_count(const pooled_arm& v) const { return weighting_.on ? v.w1 * v.w1 / v.w2 : double(v.count); }
  // An upper bound of S1 (S2) below the threshold by the search's margin: the pair fails.  The
  // margin grows with the bound (x + 1e-9 (1 + |x|) increases in x), so a bound above h(m0) rules
  // a pair out only when h(m0) itself would: the quadratic bound tried first changes no verdict.
  bool rules_out(double upper) const { return upper + 1e-9 * (1 + std::fabs(upper)) < threshold_; }
  // The decision for arm c (docs/certified-glr/numerics.md, "The pooled rule: bookkeeping and
  // decision"): the O(1) bound; h at c's last minimiser (an upper bound of S1, first with the
  // kernel's F_upper in place of F: fails most failing pairs at one exponential per term); the one-scale infimum at the scale
  // nearest min(N_V, N_c)/Z (a lower bound: passes most passing pairs); else the deciding search,
  // then the full search.  A pass rests on a certified lower bound.
  bool passes(std::size_t c, const arm_stats& s) { return may_pass(c, s) && passes_beyond_bound(c, s); }
  // The decision after the O(1) bound has not ruled the pair out.
  bool passes_beyond_bound(std::size_t c, const arm_stats& s);
  // The same decision under the prior per arm (numerics.md, "The pooled rule", P2): h at the last
  // minimiser (fail), the search on each arm's largest term there (pass), else the deciding and
  // the full search.
  bool split_passes(std::size_t c, const pooled_arm& v, const arm_stats& s);
  // Prior per arm: true when pair c certainly fails at its last minimiser, from an upper bound of
  // h there kept from a start in O(1) (numerics.md, "The pooled rule: a bound kept pull by pull").
  bool fails_at_tracked_point(std::size_t c, const pooled_arm& v, const arm_stats& s);
  // D_V = S_V - N_V m and D_c = N_c m - S_c at the current sums, moved up by their rounding (V's
  // sum raised and c's lowered by their rounding bounds, the arithmetic rounded outwards).
  void outward_d(const pooled_arm& v, std::uint64_t nc, double sc_low, double m, double* dv, double* dc) const;
  // The bound's start at point m (see the source); *dv and *dc receive its two D's.  Each term's
  // tangent of log Phi (the kernel's phi_tangents) is chosen here, or, with keep_tangents, the
  // last start's are used again (the audit).
  double quadratic_bound(const pooled_arm& v, std::uint64_t nc, double sc_low, double m, double* dv = nullptr,
                         double* dc = nullptr, bool keep_tangents = false);
  // The GLR's point, the count-weighted mean of the pair: the first starting point of the searches.
  template <class Pair>
  static double glr_point(const Pair& p, double nv, std::uint64_t nc) {
    return (nv * p.ma + double(nc) * p.mb) / (nv + double(nc));
  }
  // The deciding search from m0 (numerics.md, "Deciding search"; h0 = h(m0)): a pass when
  // its tangent bound clears the threshold by M = 1e-8 (1 + threshold), a fail when h at a point is
  // below it by M, the full search's verdicts at a few evaluations; else the full search.  The
  // point with the smallest h seen (the full search's minimiser) is the next starting point (any
  // point serves the upper bound).
  template <class Pair>
  bool decide(std::size_t c, const Pair& p, double m0, one_sided_mixture::h_and_slope h0) {
    double best_m = m0;
    const int verdict = pooled_detail::decide_pair(p, m0, h0, threshold_, &best_m);
    if (verdict != 0) {
      argmin_[c] = best_m;
      return verdict > 0;
    }
    double m = 0;
    const double full = one_sided_mixture::search_infimum(p, &m);
    argmin_[c] = m;
    return full >= threshold_;
  }
  double s1(const pooled_arm& v, std::uint64_t nc, double mc);
  // The pair's data under the prior per arm: each arm's constants log w_k + log 2 - pen_k.
  pooled_detail::split_pair split_of(const pooled_arm& v, std::uint64_t nc, double mc);
  // The pair's data from the two arms' rows (cached by count: a pull moves one count by one).
  one_sided_mixture::pair_data pair_of(const pooled_arm& v, std::uint64_t nc, double mc);
  struct row {
    std::uint64_t n = 0;  // 0: empty
    std::vector<double> s, pen;  // N/(sigma sqrt(N + rho_k)), 1/2 log(1 + N/rho_k)
    template <class Archive>
    void archive_state(Archive& ar) {
      ar(n, s, pen);
    }
  };
  // The index of the row for count n, filling one (never the slot `keep`) when none has it.
  std::size_t row_of(std::uint64_t n, std::size_t keep);

  std::size_t K_;
  double sigma_, delta_, threshold_ = 0;
  pooled_prior prior_;
  pooled_weighting weighting_;
  mixture_grid grid_;
  pooled_designation pools_;  // V_c for every c (detail/pooled_designation.hpp)
  weighted_pools weights_;  // weighted: V_c's weighted sums
  double w_leader_ = 1, w_runner_ = 1;  // weighted: the weights fixed after the last observe
  // Weighted: the pulled arms by count (detail/count_groups.hpp), for the weights' minimum; a cache
  // of the statistics, not saved: built from them at the first weights a (loaded) rule computes.
  detail::count_groups groups_;
  bool groups_built_ = false;
  // Weighted: V's slopes W1/(sigma sqrt(W2 + rho_k)) and penalties at (sw_w1_, sw_w2_) (NaN: none;
  // a cache of values computed from the pools, not saved: a loaded rule computes them again).
  std::vector<double> sw_, pw_;
  double sw_w1_ = std::numeric_limits<double>::quiet_NaN(), sw_w2_ = std::numeric_limits<double>::quiet_NaN();
  std::size_t blocker_;
  std::vector<double> c_, cb_, base_;  // the pair's constants (per arm: V's, c's); log w_k + 2 log 2 (per arm: + log 2)
  std::vector<double> argmin_;     // per arm c: the point of smallest h of its last search (NaN: none yet)
  std::array<row, 8> rows_;
  std::size_t next_row_ = 0;
  // The tracked pair (prior per arm): arm c, its point m, the pair's counts and D+ bounds at the
  // last start, the bound then and the last bound.
  bool fast_, stale_ = true, tracking_ = false;
  int cooldown_ = 0;
  std::uint64_t fast_fails_ = 0;
  std::size_t track_c_ = 0;
  double track_m_ = 0;
  std::uint64_t n0v_ = 0, n0c_ = 0;
  double yv_ = 0, yc_ = 0, start_upper_ = 0, last_bound_ = 0;
  std::vector<double> tv_, tc_;  // the start's terms (V's, c's)
  std::vector<unsigned char> jv_, jc_;  // each term's tangent (an index of the kernel's phi_tangents)
  double bv_ = 0, bc_ = 0;  // the largest slope among them, per side
};

}  // namespace lilucb::bandit::stopping
