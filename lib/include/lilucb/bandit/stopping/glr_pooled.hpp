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
// Domain: K >= 1, sigma in (0, inf), delta in (0, 1), 1 to 64 scales rho_k in (0, inf) with
// sum_k w_k <= 1.  Cost: O(1) per pull besides the leader's upkeep (O(log K)); the decision of
// each pair rests on a certified lower bound (pass) or an upper bound (fail), so it is the full
// search's except within the search's margin of 1e-9 (1 + |S1|).  Bookkeeping of the pools, the
// decision steps and the proof that they give the full search's verdict:
// docs/certified-glr/numerics.md, "The pooled rule: bookkeeping and decision".
// Tests: tests/bandit/test_glr_pooled.cpp.

#include "lilucb/bandit/arm_stats.hpp"
#include "lilucb/bandit/rules.hpp"
#include "lilucb/bandit/detail/pooled_designation.hpp"
#include "lilucb/bandit/stopping/glr.hpp"
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
/// One arm's log-sum log sum_k exp(c[k] + F(sign * s[k] (x - m))) and its slope in m; *largest
/// (if given) receives the index of its largest term (the first, on ties).
inline one_sided_mixture::h_and_slope arm_log_sum(const double* s, const double* c, std::size_t G, double x, double m,
                                                 double sign, std::size_t* largest = nullptr) {
  double v[64], d[64];
  double best = -std::numeric_limits<double>::infinity();
  std::size_t at = 0;
  for (std::size_t k = 0; k < G; ++k) {
    const one_sided_mixture::f_and_slope f = one_sided_mixture::F(sign * (x - m) * s[k]);
    v[k] = c[k] + f.f;
    d[k] = -sign * s[k] * f.df;
    if (v[k] > best) {
      best = v[k];
      at = k;
    }
  }
  if (largest) *largest = at;
  if (!std::isfinite(best)) return {best, 0.0};
  double sum = 0, dsum = 0;
  for (std::size_t k = 0; k < G; ++k) {
    const double e = std::exp(v[k] - best);
    sum += e;
    dsum += e * d[k];
  }
  return {best + std::log(sum), dsum / sum};
}
inline one_sided_mixture::h_and_slope h_at(const split_pair& p, double m) {
  const one_sided_mixture::h_and_slope a = arm_log_sum(p.sa, p.ca, p.G, p.ma, m, 1.0);
  const one_sided_mixture::h_and_slope b = arm_log_sum(p.sb, p.cb, p.G, p.mb, m, -1.0);
  return {a.h + b.h, a.dh + b.dh};
}
/// h(m) with F(u) <= u^2/2 in every term: an upper bound at one exponential per term (the kernel's
/// quadratic_upper for the product prior), rounded up by 1e-12 (1 + |value|).
inline double quadratic_upper(const split_pair& p, double m) {
  double va[64], vb[64];
  for (std::size_t k = 0; k < p.G; ++k) {
    const double ua = (p.ma - m) * p.sa[k], ub = (m - p.mb) * p.sb[k];
    va[k] = p.ca[k] + 0.5 * ua * ua;
    vb[k] = p.cb[k] + 0.5 * ub * ub;
  }
  const double up = one_sided_mixture::log_sum_exp(va, p.G) + one_sided_mixture::log_sum_exp(vb, p.G);
  return up + 1e-12 * (1 + std::fabs(up));
}
/// A certified lower bound of inf_m h(m) from one term per arm, V's term ka and c's term kb (any
/// pair of terms: a log-sum is at least each of its terms, at every m), i.e. the one-scale search
/// of detail/one_sided_mixture.hpp (pair_data with G = 1) on c = the two terms' constants, slopes s_V,ka, s_c,kb.
inline double one_term_lower_bound(const split_pair& p, std::size_t ka, std::size_t kb) {
  const double c1 = p.ca[ka] + p.cb[kb];
  return one_sided_mixture::infimum_lower_bound({p.ma, p.mb, p.sigma, p.sa + ka, p.sb + kb, &c1, 1});
}
/// The same with each arm's largest term at m0 (the rule's choice: the terms that dominate near
/// the last minimiser).
inline double one_term_lower_bound(const split_pair& p, double m0) {
  std::size_t ka = 0, kb = 0;
  (void)arm_log_sum(p.sa, p.ca, p.G, p.ma, m0, 1.0, &ka);
  (void)arm_log_sum(p.sb, p.cb, p.G, p.mb, m0, -1.0, &kb);
  return one_term_lower_bound(p, ka, kb);
}
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
inline double glr_pooled_per_arm_statistic(double sigma, const mixture_grid& g, std::uint64_t nv, double mv,
                                           std::uint64_t nc, double mc) {
  constexpr const char* fn = "lilucb::bandit::stopping::glr_pooled_per_arm_statistic";
  one_sided_mixture::check_pair_arguments(fn, sigma, "nv", nv, "nc", nc, g);
  if (!std::isfinite(mv)) ::lilucb::detail::raise_domain_error(fn, "mv", std::to_string(mv), "a finite mean");
  if (!std::isfinite(mc)) ::lilucb::detail::raise_domain_error(fn, "mc", std::to_string(mc), "a finite mean");
  const std::size_t G = g.rho.size();
  double sa[64], ca[64], sb[64], cb[64];
  for (std::size_t k = 0; k < G; ++k) {
    sa[k] = one_sided_mixture::slope(double(nv), g.rho[k], sigma);
    sb[k] = one_sided_mixture::slope(double(nc), g.rho[k], sigma);
    ca[k] = g.log_weight[k] + std::log(2.0) - one_sided_mixture::mixture_penalty(double(nv), g.rho[k]);
    cb[k] = g.log_weight[k] + std::log(2.0) - one_sided_mixture::mixture_penalty(double(nc), g.rho[k]);
  }
  return one_sided_mixture::search_infimum(pooled_detail::split_pair{mv, mc, sigma, sa, ca, sb, cb, G});
}

class glr_pooled {
 public:
  /// K arms, sigma (the rewards' sub-Gaussian scale), delta, the grid of mixture scales
  /// (detail/mixture_grid.hpp; its combine field is not used: S1 is the infimum of the log-sum).
  /// The prior: one scale shared by the pair (Proposition P) or one per arm (P2; grid usually
  /// make_per_arm_grid()).  Domain: K >= 1, sigma in (0, inf), delta in (0, 1), 1 to 64 scales
  /// rho_k in (0, inf) with sum_k w_k <= 1.
  glr_pooled(std::size_t K, double sigma, double delta, mixture_grid grid = make_mixture_grid(),
             pooled_prior prior = pooled_prior::shared)
      : K_(K), sigma_(sigma), delta_(delta), prior_(prior), grid_(std::move(grid)), pools_(K) {
    constexpr const char* fn = "lilucb::bandit::stopping::glr_pooled";
    (void)mixture_detail::check_mixture_rule(fn, K, sigma, delta, grid_);
    threshold_ = std::log(1 / delta);
    const std::size_t G = grid_.rho.size();
    c_.resize(G);
    cb_.resize(G);
    base_.resize(G);
    const double factors = prior_ == pooled_prior::shared ? 2 : 1;  // log 2 per half-normal in each term
    for (std::size_t k = 0; k < G; ++k) base_[k] = grid_.log_weight[k] + factors * std::log(2.0);
    argmin_.assign(K, std::numeric_limits<double>::quiet_NaN());
    blocker_ = K;
  }

  static const char* name() { return "glr"; }
  static constexpr bool certified() { return true; }
  std::string certificate() const {
    const bool split = prior_ == pooled_prior::per_arm;
    return std::string(split ? "Proposition P2" : "Proposition P") +
           " (docs/certified-glr/propositions.md): GLR stopping against a one-sided (half-normal) Gaussian mixture "
           "martingale per arm c, paired with the pooled pulls of the predictable leader among the other arms (" +
           (split ? "one scale per arm, each from its own copy of the grid (product prior), " : "") + describe_grid(grid_) +
           ", infimum of the log-sum over the best arm's mean), Ville's inequality at threshold log(1/delta), no "
           "union over the wrong answers; valid for any sampling rule, a unique best arm and sigma-sub-Gaussian "
           "rewards (sigma = " + std::to_string(sigma_) + "): P(wrong answer) <= delta = " + std::to_string(delta_);
  }
  double threshold() const { return threshold_; }
  pooled_prior prior() const { return prior_; }

  /// After arm i's pull (stats already updated; s.last_added() is its reward).
  void observe(std::size_t i, const arm_stats& s) { pools_.observe(i, s); }

  /// V_c of the file comment.  Domain: c < K.
  pooled_arm pooled(std::size_t c) const {
    check_index(c);
    return pools_.pooled(c);
  }

  /// The certified lower bound of S1(V_c, c) (S2 under the prior per arm), at V_c's mean lowered by its rounding bound (-inf
  /// when V_c or c has no pull).  Domain: c < K.
  double statistic(std::size_t c, const arm_stats& s) {
    check_index(c);
    const pooled_arm v = pooled(c);
    if (v.count == 0 || s.count(c) == 0) return -std::numeric_limits<double>::infinity();
    return s1(v, s.count(c), s.mean(c));
  }

  bool should_stop(const arm_stats& s) {
    if (K_ < 2) return true;
    const std::size_t leader_ = pools_.leader();
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
  std::size_t recommendation(const arm_stats& s) const {
    return pools_.leader() < K_ ? pools_.leader() : s.empirical_best();
  }
  /// statistic(c) against the threshold log(1/delta) for every challenger c of the answer now.
  std::vector<challenger_evidence> evidence(const arm_stats& s) {
    std::vector<challenger_evidence> out;
    const std::size_t L = recommendation(s);
    for (std::size_t c = 0; c < K_; ++c)
      if (c != L) out.push_back({c, statistic(c, s), threshold_});
    return out;
  }
  /// The leader and runner-up after the last observe (K when undefined).
  std::size_t leader() const { return pools_.leader(); }
  std::size_t runner_up() const { return pools_.runner_up(); }

 private:
  void check_index(std::size_t c) const {
    if (c >= K_)
      lilucb::detail::raise_domain_error("lilucb::bandit::stopping::glr_pooled", "c", std::to_string(c),
                                         "[0, K - 1] = [0, " + std::to_string(K_ - 1) + "]");
  }
  // S1 <= Z + 2 log 2 (and S2 <= Z + 2 log 2: numerics.md, "The pooled rule: bookkeeping and
  // decision"): false when the pair cannot pass.
  bool may_pass(std::size_t c, const arm_stats& s) const {
    const pooled_arm v = pooled(c);
    if (v.count == 0 || s.count(c) == 0) return false;
    return (z_of(v, s.count(c), s.mean(c)) + 2 * std::log(2.0)) * (1 + 1e-12) + 1e-12 >= threshold_;
  }
  double z_of(const pooled_arm& v, std::uint64_t nc, double mc) const {
    return glr_statistic(glr_model::gaussian, sigma_, v.count, v.mean(), nc, mc);
  }
  // An upper bound of S1 (S2) below the threshold by the search's margin: the pair fails.  The
  // margin grows with the bound (x + 1e-9 (1 + |x|) increases in x), so a bound above h(m0) rules
  // a pair out only when h(m0) itself would: the quadratic bound tried first changes no verdict.
  bool rules_out(double upper) const { return upper + 1e-9 * (1 + std::fabs(upper)) < threshold_; }
  // The decision for arm c (docs/certified-glr/numerics.md, "The pooled rule: bookkeeping and
  // decision"): the O(1) bound; h at c's last minimiser (an upper bound of S1, first with
  // F(u) <= u^2/2: fails most failing pairs at one evaluation); the one-scale infimum at the scale
  // nearest min(N_V, N_c)/Z (a lower bound: passes most passing pairs); else the deciding search,
  // then the full search.  A pass rests on a certified lower bound.
  bool passes(std::size_t c, const arm_stats& s) { return may_pass(c, s) && passes_beyond_bound(c, s); }
  // The decision after the O(1) bound has not ruled the pair out.
  bool passes_beyond_bound(std::size_t c, const arm_stats& s) {
    const pooled_arm v = pooled(c);
    if (prior_ == pooled_prior::per_arm) return split_passes(c, v, s);
    const one_sided_mixture::pair_data p = pair_of(v, s.count(c), s.mean(c));
    const bool known = std::isfinite(argmin_[c]);
    const double m0 = known ? argmin_[c] : glr_point(p, v.count, s.count(c));
    one_sided_mixture::h_and_slope h0{};
    if (known) {
      if (rules_out(one_sided_mixture::quadratic_upper(p, m0))) return false;
      h0 = one_sided_mixture::h_at(p, m0);
      if (rules_out(h0.h)) return false;
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
    const one_sided_mixture::pair_data one{p.ma, p.mb, p.sigma, p.sa + kstar, p.sb + kstar, p.c + kstar, 1};
    if (one_sided_mixture::infimum_lower_bound(one) >= threshold_) return true;
    if (!known) h0 = one_sided_mixture::h_at(p, m0);
    return decide(c, p, m0, h0);
  }
  // The same decision under the prior per arm (numerics.md, "The pooled rule", P2): h at the last
  // minimiser (fail), the search on each arm's largest term there (pass), else the deciding and
  // the full search.
  bool split_passes(std::size_t c, const pooled_arm& v, const arm_stats& s) {
    const pooled_detail::split_pair p = split_of(v, s.count(c), s.mean(c));
    if (!std::isfinite(argmin_[c])) {
      const double m0 = glr_point(p, v.count, s.count(c));
      return decide(c, p, m0, pooled_detail::h_at(p, m0));
    }
    // h at the last minimiser (an upper bound), keeping each arm's largest term there for the
    // one-term lower bound: one evaluation of the 2G terms serves both.
    const double m0 = argmin_[c];
    if (rules_out(pooled_detail::quadratic_upper(p, m0))) return false;
    std::size_t ka = 0, kb = 0;
    const one_sided_mixture::h_and_slope a = pooled_detail::arm_log_sum(p.sa, p.ca, p.G, p.ma, m0, 1.0, &ka),
                                        b = pooled_detail::arm_log_sum(p.sb, p.cb, p.G, p.mb, m0, -1.0, &kb);
    const one_sided_mixture::h_and_slope h0{a.h + b.h, a.dh + b.dh};
    if (rules_out(h0.h)) return false;
    if (pooled_detail::one_term_lower_bound(p, ka, kb) >= threshold_) return true;
    return decide(c, p, m0, h0);
  }
  // The GLR's point, the count-weighted mean of the pair: the first starting point of the searches.
  template <class Pair>
  static double glr_point(const Pair& p, std::uint64_t nv, std::uint64_t nc) {
    return (double(nv) * p.ma + double(nc) * p.mb) / (double(nv) + double(nc));
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
  double s1(const pooled_arm& v, std::uint64_t nc, double mc) {
    if (prior_ == pooled_prior::per_arm) return one_sided_mixture::search_infimum(split_of(v, nc, mc));
    return one_sided_mixture::infimum_lower_bound(pair_of(v, nc, mc));
  }
  // The pair's data under the prior per arm: each arm's constants log w_k + log 2 - pen_k.
  pooled_detail::split_pair split_of(const pooled_arm& v, std::uint64_t nc, double mc) {
    const std::size_t G = grid_.rho.size();
    const std::size_t ia = row_of(v.count, rows_.size());
    const row& ra = rows_[ia];
    const row& rb = rows_[row_of(nc, ia)];
    for (std::size_t k = 0; k < G; ++k) {
      c_[k] = base_[k] - ra.pen[k];
      cb_[k] = base_[k] - rb.pen[k];
    }
    return {v.low_mean(), mc, sigma_, ra.s.data(), c_.data(), rb.s.data(), cb_.data(), G};
  }
  // The pair's data from the two arms' rows (cached by count: a pull moves one count by one).
  one_sided_mixture::pair_data pair_of(const pooled_arm& v, std::uint64_t nc, double mc) {
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
      r.s[k] = one_sided_mixture::slope(double(n), grid_.rho[k], sigma_);
      r.pen[k] = one_sided_mixture::mixture_penalty(double(n), grid_.rho[k]);
    }
    return j;
  }

  std::size_t K_;
  double sigma_, delta_, threshold_ = 0;
  pooled_prior prior_;
  mixture_grid grid_;
  pooled_designation pools_;  // V_c for every c (detail/pooled_designation.hpp)
  std::size_t blocker_;
  std::vector<double> c_, cb_, base_;  // the pair's constants (per arm: V's, c's); log w_k + 2 log 2 (per arm: + log 2)
  std::vector<double> argmin_;     // per arm c: the point of smallest h of its last search (NaN: none yet)
  std::array<row, 8> rows_;
  std::size_t next_row_ = 0;
};

}  // namespace lilucb::bandit::stopping
