#pragma once
// GLR stopping certified by a ONE-SIDED Gaussian mixture martingale per pair of arms (issue 14;
// Proposition M1 of docs/certified-glr.md).  As Proposition M (glr_mixture.hpp), with the prior of
// the pair's exponent restricted to the directions an error needs: for a wrong answer a and the
// best arm a*, lambda_a >= 0 (a's mean overestimated) and lambda_{a*} <= 0 (a*'s underestimated),
// each half-normal.  On the deviations that matter the mixture is then about twice as large per
// arm, i.e. log 4 nats more evidence per pair for the same data.
//
// With i_hat the empirically best arm, stop when
//     min_{b != i_hat} S1_{i_hat, b} >= log((K - 1)/delta)
// and answer i_hat, where for counts N_a, N_b >= 1, empirical means mu_hat_a, mu_hat_b and the grid
// of mixture scales rho_k with prior weights w_k (sum_k w_k <= 1; glr_mixture.hpp's default grid)
//     S1_{a,b} = inf_{m real} h(m),   h(m) = log sum_k w_k exp(h_k(m)),
//     h_k(m)   = 2 log 2 - 1/2 log(1 + N_a/rho_k) - 1/2 log(1 + N_b/rho_k) + F(u_a) + F(u_b),
//     u_a = N_a (mu_hat_a - m)/(sigma sqrt(N_a + rho_k)),  u_b = N_b (m - mu_hat_b)/(sigma sqrt(N_b + rho_k)),
//     F(u) = u^2/2 + log Phi(u)  (Phi the standard normal distribution function).
// exp(h_k) is the half-normal mixture of the pair's supermartingale at means (m, m) (Proposition
// M1, step 2); the infimum over the alternative {m_a <= m_b} is on the line m_a = m_b = m because
// each factor is monotone (step 3).  F is increasing and convex (F'' is the variance of a
// truncated standard normal, in (0, 1)), so h is convex in m and its infimum is found by a
// bracketing search on h' with a certified lower bound (below).
//
// Certificate (Proposition M1): for sigma-sub-Gaussian rewards and ANY sampling rule,
// P(stop with a wrong answer) <= delta.
//
// Numerics (the value used is a LOWER bound of S1, so the certificate holds as computed):
//   - F(u) = log(erfcx(x)/2), x = -u/sqrt 2, erfcx(x) = exp(x^2) erfc(x): computed as
//     u^2/2 + log(erfc(x)/2) for x <= 0, as exp(x^2) erfc(x) for 0 < x <= 25 (in long double for
//     25 < x <= 100), and replaced by the lower bound 2/(sqrt(pi) (x + sqrt(x^2 + 2))) of
//     Abramowitz & Stegun 7.1.13 for x > 100 (141 standard deviations on the wrong side; the
//     bound is within 1/(4 x^4) < 3e-9 relative of erfcx there, convex in u, with its own slope:
//     the join's jump is below the search's margin);
//   - the search keeps l < r with h'(l) <= 0 <= h'(r); for convex h, inf h >= h(l) + h'(l)(r - l)
//     (the tangent at l, h'(l) <= 0, on [l, r], and h increases beyond r); it stops when that
//     bound is within 1e-9 of min(h(l), h(r)), and a margin of 1e-9 (1 + |h|) covers the rounding
//     of the sums (each term within a few ulps).
//   - terms of the grid may be dropped (a smaller sum: a lower bound); none are.
//
// Cost.  The leader/pair core of glr.hpp (detail/leader_pairwise.hpp) with a decision key exact
// where it matters: S1_{a,b} <= Z_{a,b} + 2 log 2 (Z the plain GLR statistic: at m = the
// count-weighted mean, F(u) <= u^2/2, N^2/(N + rho) <= N, and sum_k w_k <= 1), so a pair with
// Z + 2 log 2 below the threshold cannot pass (key: that bound, O(1)); the same at m0 with the
// penalties kept, 2 log 2 + max_k [u_a,k^2/2 + u_b,k^2/2 - pen_a[k] - pen_b[k]] (O(G), no
// transcendental functions: the rows are cached per count) rules out most of the rest; one grid term (the scale
// nearest min(N_a, N_b)/Z) minimised alone is a lower bound, which passes most passing pairs; h
// at that term's minimiser is an upper bound (one evaluation of the G = 41 terms), which rules
// out most of the others; the full search (about ten evaluations) decides the rest.  A pair is
// passed exactly when one of the two searches' lower bounds reaches the threshold and the upper
// bound did not rule it out first: every pass rests on a certified lower bound.  That is the
// reference path; the key now reaches the same verdict earlier, in this order: the O(1) bound;
// the O(G) bound from the rows as they are ("Stale rows"), then from the 14 entries refreshed;
// the one-term search, stopped at a pass by the margin M below ("Deciding search"); the deciding
// search on 12 scales with the others grouped ("Fewer terms"); and only if that is undecided,
// the reference path above, unchanged, on whole rows.  Every shortcut's pass rests on a certified
// lower bound of S1 >= threshold + M and every fail on an upper bound (the O(G) ones with the
// margins above, the searches' with M), so the verdict is the reference path's.
//
// Stale rows.  Each arm's row (penalties and slopes, each entry with the count it was computed
// at) is refreshed only where a key needs it at the present count: the entries 0 and
// s0 - 1..e0 the searches below read ("Fewer terms"), the whole row only the first time and on
// the full path.  Before that, the O(G) bound above is tried from the rows as they are: an entry
// computed at count c, 1 <= c <= N (counts only grow during a run), holds pen_k(c) <= pen_k(N)
// (1/2 log(1 + N/rho) grows with N) and a slope s_k(c) with s_k(N) = s_k(c) (N/c)
// sqrt((c + rho_k)/(N + rho_k)) <= s_k(c) N/c, so the bound with each slope scaled by its N/c
// and the old penalties is >= the bound with the present rows, hence >= S1: a pair it rules out
// fails.  (Entries are computed by the same expressions whenever computed: identical values.)
//
// Carried bound (carried_upper).  With d = (mu_hat_a - mu_hat_b)^2/(2 sigma^2) and H = N_a N_b/(N_a + N_b),
// the quadratic part of the O(G) bound at scale k is Q_k = (u_a,k^2 + u_b,k^2)/2 = d H^2 (1/(N_a + rho_k)
// + 1/(N_b + rho_k)) (u_a,k = N_a (mu_hat_a - m0)/(sigma sqrt(N_a + rho_k)), mu_hat_a - m0 = N_b gap/(N_a + N_b)).
// Between a bound T0 computed at counts A0, B0 and gap term d0 and now (counts A >= A0, B >= B0:
// counts only grow), each Q_k is at most lambda times its value then, lambda = (d/d0) (H/H0)^2
// (1/(A + rho) <= 1/(A0 + rho)), which was at most the Q~_k used then (slopes scaled up, "Stale
// rows"), and each penalty has only grown.  So the bound now is at most
//   2 log 2 + max_k [lambda Q~_k - pen~_k] <= T0 + (lambda - 1)^+ max_k Q~_k,
// an upper bound of S1 in O(1) (with lambda and the product rounded up by 1e-12 relative): a pair
// it puts below the threshold (by the O(G) bound's margin) fails.  Each O(G) bound computed is kept
// per arm b with the leader it was for.
//
// Deciding search (decide_infimum).  The full search converges to 1e-9, but a pair only needs to
// be put on one side of the threshold: from the one-term minimiser m_one (h is already known
// there) the bracket is grown downhill by steps 4^i 1e-3 |mu_hat_a - mu_hat_b| until h' changes
// sign, then narrowed as in the full search, and it stops as soon as
//   (pass) the tangent bound of the bracket, less the same rounding margin 1e-9 (1 + |bound|),
//          is >= threshold + M, or
//   (fail) h at an evaluated point is < threshold - M,   M = 1e-8 (1 + threshold),
// at most 12 evaluations (else the full search decides, as before).  The one-term search is run
// the same way first (coarse_infimum: a pass when its bound reaches threshold + M, a lower bound
// of S1 since the one term alone is; else it stops once its bracket is narrower than 1e-2
// |mu_hat_a - mu_hat_b| and hands its end over as the starting point m_one, on which no bound
// rests); only an undecided pair goes through the old path (the one-term search to its tolerance,
// its pass, h at its minimiser, the searches on the whole grid), so the verdicts are the old ones.  Both verdicts are the full
// search's: (pass) the bound is <= S1 (the tangent inequality above), so S1 >= threshold + M, and
// the full search, which stops within 1e-9 (1 + |bound|) of min(h(l), h(r)) >= S1 and subtracts
// as much again, returns >= S1 - 2e-9 (1 + |S1|) + rounding >= threshold (M is five times that
// near the threshold); (fail) h(m) >= S1 for every m up to a few ulps, so S1 < threshold - M and
// every lower bound the full path computes is below the threshold.  So the decision at every key
// is the one the full search gives when that search stops by its tolerance (it does in every key
// of the runs checked: the stopping times of 300 seeds x 11 sampling rules at K = 10 and 40 seeds
// x 10 rules at K = 100 are identical), at 3 to 4 evaluations of h instead of about ten.
//
// Fewer terms (grouped_at; sorted grids of more than 16 scales).  Before the whole grid, the
// deciding search runs with the scales s0 = max(0, j - 5) <= k < e0 = min(G, j + 7) exact (j the
// scale nearest min(N_a, N_b)/Z) and the others bounded in two groups, so each evaluation costs
// 12 terms and 8 F's more instead of 41 terms.  Its convex lower function is the log-sum over the
// exact scales (dropping terms of a sum of positive terms: <= h, and convex as h is); its upper
// bound at m adds the two groups, each bounded by one term:
//   k >= e0: s_i,k = N_i/(sigma sqrt(N_i + rho_k)) decreases in rho_k, so u_a,k = (mu_hat_a - m) s_a,k
//            <= max(u_a,e0, 0) (between 0 and u_a,e0), likewise u_b,k; F increases and the
//            penalties are >= 0, so sum_{k>=e0} w_k e^{h_k(m)} <= W_tail 4 e^{F(max(u_a,e0, 0)) + F(max(u_b,e0, 0))};
//   k < s0:  u_a,k lies between u_a,s0-1 and u_a,0, so u_a,k <= max(u_a,0, u_a,s0-1) (likewise b),
//            and pen_i[k] >= pen_i[s0 - 1] (the penalty decreases in rho), so
//            sum_{k<s0} w_k e^{h_k(m)} <= W_head 4 e^{-pen_a[s0-1] - pen_b[s0-1] + F(max(..)) + F(max(..))};
// W_head = sum_{k<s0} w_k and W_tail = sum_{k>=e0} w_k, their logarithms rounded up by 1 + 1e-12.
// The deciding search's verdicts rest on these as on h itself (a pass on the lower function's
// tangent bound, <= S1; a fail on the upper bound, >= h(m) >= S1), so they are the full search's
// for the same reasons; only when it is undecided (13 keys in 88000 pulls of eb-tci-ids at K = 10)
// does the whole grid follow.  Tested as bounds on random pairs and points (test_glr_mixture.cpp).

#include "lilucb/bandit/arm_stats.hpp"
#include "lilucb/bandit/detail/leader_pairwise.hpp"
#include "lilucb/bandit/detail/mixture_grid.hpp"
#include "lilucb/bandit/detail/one_sided_mixture.hpp"
#include "lilucb/errors.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace lilucb::bandit::stopping {

/// The kernel's former name, kept for code that still spells it.
namespace one_sided_detail = ::lilucb::bandit::one_sided_mixture;


/// The pair key and threshold of glr_one_sided (detail/leader_pairwise.hpp's Pair policy).
struct glr_one_sided_pair {
  double sigma;
  mixture_grid grid;
  std::size_t G;
  double threshold;
  bool sorted;
  // K rows of 3G: 1/2 log(1 + N_i/rho_k), then N_i/(sigma sqrt(N_i + rho_k)), then 1/N_i for the
  // count N_i each entry was computed at (0: never).
  mutable std::vector<double> pen;
  mutable std::vector<std::uint64_t> pen_count;  // the count of the row's last full refresh (0: never)
  struct carried {
    std::size_t leader = static_cast<std::size_t>(-1);  // the pair (leader, b) the bound is for
    double na = 0, nb = 0, d = 0, T = 0, Q = 0;          // counts, gap term, bound, largest quadratic part
  };
  mutable std::vector<carried> carry;  // per arm b: the last O(G) bound of (leader, b)
  std::vector<double> part_log;  // log sum_{k<s} w_k at s = 0..G, then log sum_{k>=e} w_k at e = 0..G (rounded up)

  double key(const arm_stats& s, std::size_t a, std::size_t b) const {
    const double Na = double(s.count(a)), Nb = double(s.count(b));
    const double ma = s.mean(a), mb = s.mean(b);
    const double gap = ma > mb ? ma - mb : 0.0;
    const double z = gap * gap / (2 * sigma * sigma) / (1 / Na + 1 / Nb);
    const double upper = z + 2 * std::log(2.0);
    if (upper * (1 + 1e-12) + 1e-12 < threshold) return upper;  // cannot pass (file comment)
    std::size_t j = 0;
    if (sorted && z > 0) {
      const double target = std::min(Na, Nb) / z;
      j = static_cast<std::size_t>(std::lower_bound(grid.rho.begin(), grid.rho.end(), target) - grid.rho.begin());
      if (j == G) j = G - 1;
    }
    // A tighter bound of the same kind, O(G) without transcendental functions: at the GLR's
    // point m0 (the count-weighted mean), F(u) <= u^2/2 and sum_k w_k <= 1 give
    // S1 <= 2 log 2 + max_k [ q_a,k + q_b,k - pen_a[k] - pen_b[k] ], q_i,k = u_i,k(m0)^2/2.
    // First from the rows as they are (file comment, "Stale rows"): a row computed at a count
    // c <= N holds penalties <= the present ones and slopes s_k(c) with s_k(N) <= s_k(c) N/c.
    // The pair's last O(G) bound carried forward (file comment, "Carried bound"): O(1).
    const double d = gap * gap / (2 * sigma * sigma), H = Na * Nb / (Na + Nb);
    if (gap > 0) {
      const carried& c = carry[b];
      if (c.leader == a && c.na <= Na && c.nb <= Nb && c.d > 0) {
        const double up = one_sided_mixture::carried_upper(c.T, c.Q, c.d, c.na * c.nb / (c.na + c.nb), d, H);
        if (up * (1 + 1e-12) + 1e-12 < threshold) return up;
      }
    }
    const auto remember = [&](double T, double Q) { carry[b] = carried{a, Na, Nb, d, T, Q}; };
    const bool known = pen_count[a] > 0 && pen_count[b] > 0;
    if (gap > 0 && known) {
      double q = 0;
      const double tight = one_sided_mixture::tight_upper(Na, ma, &pen[a * 3 * G], Nb, mb, &pen[b * 3 * G], G, &q);
      remember(tight, q);
      if (tight * (1 + 1e-12) + 1e-12 < threshold) return tight;
    }
    // The entries the searches below read, at the present counts (the whole rows for a grid
    // searched whole, or the first time), and the bound again if any was stale.
    const bool grouped = sorted && G > 16;
    const std::size_t s0 = grouped && j >= 5 ? j - 5 : 0, e0 = grouped ? std::min(G, j + 7) : G;
    bool changed = grouped ? entries(s, a, s0 > 0 ? s0 - 1 : 0, std::min(G, e0 + 1)) : row_changed(s, a);
    changed = (grouped ? entries(s, b, s0 > 0 ? s0 - 1 : 0, std::min(G, e0 + 1)) : row_changed(s, b)) || changed;
    const double* ra = &pen[a * 3 * G];
    const double* rb = &pen[b * 3 * G];
    if (gap > 0 && (changed || !known)) {
      double q = 0;
      const double tight = one_sided_mixture::tight_upper(Na, ma, ra, Nb, mb, rb, G, &q);
      remember(tight, q);
      if (tight * (1 + 1e-12) + 1e-12 < threshold) return tight;
    }
    double c1 = grid.log_weight[j] + 2 * std::log(2.0) - ra[j] - rb[j];
    const one_sided_mixture::pair_data one{ma, mb, sigma, ra + G + j, rb + G + j, &c1, 1};
    const double margin = 1e-8 * (1 + threshold);
    double m_one = 0;
    {
      // The one-term search, deciding (file comment, "Deciding search"): a pass by a margin, else a
      // starting point for the search below.
      double v = 0;
      if (one_sided_mixture::coarse_infimum(one, threshold + margin, 1e-2, &v, &m_one)) return v;
    }
    // The scales s0 <= k < e0 around j exactly, the others bounded by two terms (file comment,
    // "Fewer terms"): a deciding search on about a third of the grid.
    if (grouped) {
      double cs[64];
      for (std::size_t k = s0; k < e0; ++k) cs[k - s0] = grid.log_weight[k] + 2 * std::log(2.0) - ra[k] - rb[k];
      const one_sided_mixture::pair_data sub{ma, mb, sigma, ra + G + s0, rb + G + s0, cs, e0 - s0};
      constexpr double ninf = -std::numeric_limits<double>::infinity();
      const one_sided_mixture::grouped_pair gp{
          sub, ra, rb, s0, e0, G, s0 > 0 ? part_log[s0] + 2 * std::log(2.0) - ra[s0 - 1] - rb[s0 - 1] : ninf,
          e0 < G ? part_log[G + 1 + e0] + 2 * std::log(2.0) : ninf};
      const auto ev = [&](double m) { return one_sided_mixture::grouped_at(gp, m, threshold - margin); };
      double v = 0;
      const int verdict = one_sided_mixture::decide_infimum(ev, m_one, ev(m_one), threshold, margin,
                                                           1e-3 * (gap > 0 ? gap : sigma), 12, &v);
      if (verdict != 0) return std::max(0.0, v);
    }
    // Undecided so far (rare): the full path (whole rows), from the one-term search to its tolerance.
    row(s, a);
    row(s, b);
    const double lower = one_sided_mixture::infimum_lower_bound(one, &m_one);
    if (lower >= threshold) return lower;
    // Every scale (no term dropped: the file comment).
    double c[64];
    for (std::size_t k = 0; k < G; ++k) c[k] = grid.log_weight[k] + 2 * std::log(2.0) - ra[k] - rb[k];
    const one_sided_mixture::pair_data all{ma, mb, sigma, ra + G, rb + G, c, G};
    // h at the one-scale minimiser is >= the infimum: below the threshold (with the search's
    // margin) the pair cannot pass, at one evaluation instead of a search.
    const one_sided_mixture::h_and_slope h_one = one_sided_mixture::h_at(all, m_one);
    const double at = h_one.h;
    if (at + 2e-9 * (1 + std::fabs(at)) < threshold) return std::max(0.0, at);
    // The deciding search from m_one (file comment): a bound clearing the threshold by 1e-8 (1 + threshold).
    {
      double v = 0;
      const int verdict = one_sided_mixture::decide_infimum(
          [&](double m) { return one_sided_mixture::whole(all, m); }, m_one, {h_one.h, h_one.dh, h_one.h}, threshold,
          margin, 1e-3 * (gap > 0 ? gap : sigma), 12, &v);
      if (verdict != 0) return std::max(0.0, v);
    }
    return std::max(0.0, one_sided_mixture::infimum_lower_bound(all));
  }
  /// Entry k of arm i's row at the present count n (the same expressions every time: identical
  /// values); whether it changed.
  bool entry(double* r, std::size_t k, double n) const {
    if (r[2 * G + k] == 1 / n) return false;  // 1/n tells the counts apart (below 2^50)
    r[k] = one_sided_mixture::mixture_penalty(n, grid.rho[k]);
    r[G + k] = one_sided_mixture::slope(n, grid.rho[k], sigma);
    r[2 * G + k] = 1 / n;
    return true;
  }
  /// Arm i's whole row at the present count; whether any entry changed.
  bool row_changed(const arm_stats& s, std::size_t i) const {
    if (pen_count[i] == s.count(i)) return false;
    double* r = &pen[i * 3 * G];
    bool changed = false;
    for (std::size_t k = 0; k < G; ++k) changed = entry(r, k, double(s.count(i))) || changed;
    pen_count[i] = s.count(i);
    return changed;
  }
  const double* row(const arm_stats& s, std::size_t i) const {
    row_changed(s, i);
    return &pen[i * 3 * G];
  }
  /// Entries 0 and lo..hi-1 of arm i's row at the present count (the whole row the first time:
  /// the bound above needs every entry at some count); whether any changed.
  bool entries(const arm_stats& s, std::size_t i, std::size_t lo, std::size_t hi) const {
    if (pen_count[i] == 0 || pen_count[i] == s.count(i)) return row_changed(s, i);
    double* r = &pen[i * 3 * G];
    const double n = double(s.count(i));
    bool changed = entry(r, 0, n);
    for (std::size_t k = lo; k < hi; ++k) changed = entry(r, k, n) || changed;
    return changed;
  }
  bool passes(double key, const arm_stats&) const { return key >= threshold; }
};


inline double glr_one_sided_statistic(double sigma, const mixture_grid& g, std::uint64_t na, double ma,
                                      std::uint64_t nb, double mb) {
  one_sided_mixture::check_pair_arguments("lilucb::bandit::stopping::glr_one_sided_statistic", sigma, "na", na, "nb", nb, g);
  const std::size_t G = g.rho.size();
  std::vector<double> sa(G), sb(G), c(G);
  for (std::size_t k = 0; k < G; ++k) {
    sa[k] = one_sided_mixture::slope(double(na), g.rho[k], sigma);
    sb[k] = one_sided_mixture::slope(double(nb), g.rho[k], sigma);
    c[k] = g.log_weight[k] + 2 * std::log(2.0) - one_sided_mixture::mixture_penalty(double(na), g.rho[k]) -
           one_sided_mixture::mixture_penalty(double(nb), g.rho[k]);
  }
  return one_sided_mixture::infimum_lower_bound({ma, mb, sigma, sa.data(), sb.data(), c.data(), G});
}

/// The rule: observe, should_stop, recommendation, name and min_statistic (the smallest decision
/// key now; tests) from detail::pairwise_rule.
class glr_one_sided : public bandit::detail::pairwise_rule<glr_one_sided_pair> {
 public:
  /// K arms, sigma (the rewards' sub-Gaussian scale), delta and the grid (glr_mixture.hpp's; its
  /// combine field is not used: S1 is the infimum of the log-sum).
  /// Domain: K >= 1, sigma in (0, inf), delta in (0, 1), 1 to 64 scales rho_k in (0, inf) with
  /// sum_k w_k <= 1.
  glr_one_sided(std::size_t K, double sigma, double delta, mixture_grid grid = make_mixture_grid())
      : pairwise_rule(K, make_pair(K, sigma, delta, std::move(grid))), delta_(delta) {}

  static constexpr bool certified() { return true; }
  std::string certificate() const {
    const auto& p = pair();
    return "Proposition M1 (docs/certified-glr.md): GLR stopping against a one-sided (half-normal) Gaussian mixture "
           "martingale per pair of arms (" + describe_grid(p.grid) +
           ", infimum of the log-sum over the alternative), Ville's inequality and a union "
           "over the K-1 arms; valid for any sampling rule and sigma-sub-Gaussian rewards (sigma = " +
           std::to_string(p.sigma) + "): P(wrong answer) <= delta = " + std::to_string(delta_);
  }
  double threshold() const { return pair().threshold; }

 private:
  static glr_one_sided_pair make_pair(std::size_t K, double sigma, double delta, mixture_grid grid) {
    auto [w, threshold] = mixture_detail::check_mixture_rule("lilucb::bandit::stopping::glr_one_sided", K, sigma, delta, grid);
    const std::size_t G = grid.rho.size();
    const bool sorted = std::is_sorted(grid.rho.begin(), grid.rho.end());
    // The partial sums of the weights, their logarithms rounded up by the factor 1 + 1e-12 (which
    // covers the rounding of exp, + and log): bounds of groups of terms ("Fewer terms").
    std::vector<double> part(2 * (G + 1), -std::numeric_limits<double>::infinity());
    if (sorted && G > 16) {
      double head = 0, tail = 0;
      for (std::size_t k = 0; k < G; ++k) {
        head += w[k];
        part[k + 1] = std::log(head * (1 + 1e-12));
        tail += w[G - 1 - k];
        part[G + 1 + G - 1 - k] = std::log(tail * (1 + 1e-12));
      }
    }
    return glr_one_sided_pair{sigma,     std::move(grid), G, threshold, sorted, std::vector<double>(3 * K * G, 0.0),
                              std::vector<std::uint64_t>(K, 0), std::vector<glr_one_sided_pair::carried>(K),
                              std::move(part)};
  }

  double delta_;
};

}  // namespace lilucb::bandit::stopping
