// The bodies of GLR stopping with the leader's pooled arm, Propositions P and P2
// (lilucb/bandit/stopping/glr_pooled.hpp states the contract; the bookkeeping, the decision steps
// and the proof that they give the full search's verdict are in docs/certified-glr/numerics.md,
// "The pooled rule: bookkeeping and decision").

#include "lilucb/bandit/stopping/glr_pooled.hpp"

#include "lilucb/bandit/stopping/glr.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace lilucb::bandit::stopping {

one_sided_mixture::h_and_slope pooled_detail::h_at(const split_pair& p, double m) {
  const one_sided_mixture::h_and_slope a = one_sided_mixture::arm_log_sum(p.sa, p.ca, p.G, p.ma, m, 1.0);
  const one_sided_mixture::h_and_slope b = one_sided_mixture::arm_log_sum(p.sb, p.cb, p.G, p.mb, m, -1.0);
  return {a.h + b.h, a.dh + b.dh};
}

double pooled_detail::quadratic_upper(const split_pair& p, double m) {
  const one_sided_mixture::phi_tangent* t = one_sided_mixture::phi_tangents();
  double va[64], vb[64];
  for (std::size_t k = 0; k < p.G; ++k) {
    const double ua = (p.ma - m) * p.sa[k], ub = (m - p.mb) * p.sb[k];
    va[k] = p.ca[k] + one_sided_mixture::F_upper(ua, t);
    vb[k] = p.cb[k] + one_sided_mixture::F_upper(ub, t);
  }
  const double up = one_sided_mixture::log_sum_exp(va, p.G) + one_sided_mixture::log_sum_exp(vb, p.G);
  return up + 1e-12 * (1 + std::fabs(up));
}

double pooled_detail::one_term_lower_bound(const split_pair& p, std::size_t ka, std::size_t kb) {
  const double c1 = p.ca[ka] + p.cb[kb];
  return one_sided_mixture::infimum_lower_bound({p.ma, p.mb, p.sigma, p.sa + ka, p.sb + kb, &c1, 1});
}

double pooled_detail::one_term_lower_bound(const split_pair& p, double m0) {
  std::size_t ka = 0, kb = 0;
  (void)one_sided_mixture::arm_log_sum(p.sa, p.ca, p.G, p.ma, m0, 1.0, &ka);
  (void)one_sided_mixture::arm_log_sum(p.sb, p.cb, p.G, p.mb, m0, -1.0, &kb);
  return one_term_lower_bound(p, ka, kb);
}

double glr_pooled_per_arm_statistic(double sigma, const mixture_grid& g, std::uint64_t nv, double mv,
                                    std::uint64_t nc, double mc) {
  constexpr const char* fn = "lilucb::bandit::stopping::glr_pooled_per_arm_statistic";
  one_sided_mixture::check_pair_arguments(fn, sigma, "nv", nv, "nc", nc, g);
  mixture_detail::check_common_share(fn, g, "one scale per arm");
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

double glr_pooled_weighted_statistic(double sigma, const mixture_grid& g, double w1, double w2, double sw,
                                     std::uint64_t nc, double mc) {
  constexpr const char* fn = "lilucb::bandit::stopping::glr_pooled_weighted_statistic";
  one_sided_mixture::check_pair_arguments(fn, sigma, "nc", nc, "nc", nc, g);
  if (!(w1 > 0 && w1 < std::numeric_limits<double>::infinity()))
    ::lilucb::detail::raise_domain_error(fn, "w1", std::to_string(w1), "(0, inf)");
  if (!(w2 > 0 && w2 < std::numeric_limits<double>::infinity()))
    ::lilucb::detail::raise_domain_error(fn, "w2", std::to_string(w2), "(0, inf)");
  if (!std::isfinite(sw)) ::lilucb::detail::raise_domain_error(fn, "sw", std::to_string(sw), "a finite sum");
  if (!std::isfinite(mc)) ::lilucb::detail::raise_domain_error(fn, "mc", std::to_string(mc), "a finite mean");
  glr_pooled rule(2, sigma, 0.5, g, pooled_prior::per_arm, false, make_unpooling_weights(0.0));
  pooled_arm v;
  v.count = 1;
  v.sum = sw;
  v.w1 = w1;
  v.w2 = w2;
  return one_sided_mixture::search_infimum(rule.split_of(v, nc, mc));
}

std::string glr_pooled::certificate() const {
  const bool split = prior_ == pooled_prior::per_arm;
  if (weighting_.on)
    return "Proposition U (docs/certified-glr/unpooling.md): Proposition P2's GLR stopping with predictable "
           "un-pooling weights on the pooled pulls (weight min(1, z/" + std::to_string(weighting_.z0) +
           ") in steps of 1/16, z the designation's GLR lead over the arms other than the leader and the runner-up), "
           "one half-normal mixture scale per arm from its own copy of the grid (" + describe_grid(grid_) +
           "), infimum over the best arm's mean, Ville's inequality at threshold log(1/delta), no union over the "
           "wrong answers; valid for any sampling rule, a unique best arm and sigma-sub-Gaussian rewards (sigma = " +
           std::to_string(sigma_) + "): P(wrong answer) <= delta = " + std::to_string(delta_);
  return std::string(split ? "Proposition P2" : "Proposition P") +
         " (docs/certified-glr/propositions.md): GLR stopping against a one-sided (half-normal) Gaussian mixture "
         "martingale per arm c, paired with the pooled pulls of the predictable leader among the other arms (" +
         (split ? "one scale per arm, each from its own copy of the grid (product prior), " : "") + describe_grid(grid_) +
         ", infimum of the log-sum over the best arm's mean), Ville's inequality at threshold log(1/delta), no "
         "union over the wrong answers; valid for any sampling rule, a unique best arm and sigma-sub-Gaussian "
         "rewards (sigma = " + std::to_string(sigma_) + "): P(wrong answer) <= delta = " + std::to_string(delta_);
}

double glr_pooled::statistic(std::size_t c, const arm_stats& s) {
  check_index(c);
  const pooled_arm v = pooled(c);
  if (!has_pooled(v) || s.count(c) == 0) return -std::numeric_limits<double>::infinity();
  return s1(v, s.count(c), pools_.high_mean(c, s));
}

bool glr_pooled::should_stop(const arm_stats& s) {
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

std::vector<challenger_evidence> glr_pooled::evidence(const arm_stats& s) {
  std::vector<challenger_evidence> out;
  const std::size_t L = recommendation(s);
  for (std::size_t c = 0; c < K_; ++c)
    if (c != L) out.push_back({c, statistic(c, s), threshold_});
  return out;
}

void glr_pooled::check_index(std::size_t c) const {
  if (c >= K_)
    ::lilucb::detail::raise_domain_error("lilucb::bandit::stopping::glr_pooled", "c", std::to_string(c),
                                       "[0, K - 1] = [0, " + std::to_string(K_ - 1) + "]");
}

bool glr_pooled::may_pass(std::size_t c, const arm_stats& s) const {
  const pooled_arm v = pooled(c);
  if (!has_pooled(v) || s.count(c) == 0) return false;
  return (z_of(v, s.count(c), s.mean(c)) + 2 * std::log(2.0)) * (1 + 1e-12) + 1e-12 >= threshold_;
}

double glr_pooled::z_of(const pooled_arm& v, std::uint64_t nc, double mc) const {
  if (weighting_.on) {  // Z_eff: the plain GLR of a side of mean S_w/W1 (not lowered) and count W1^2/W2
    const double d = v.sum / v.w1 - mc;
    return d > 0 ? d * d / (2 * sigma_ * sigma_ * (v.w2 / (v.w1 * v.w1) + 1 / double(nc))) : 0.0;
  }
  return glr_statistic(glr_model::gaussian, sigma_, v.count, v.mean(), nc, mc);
}

// min(1, z/z0) floored to a multiple of 1/16 for a pull of d, z = min over the pulled arms j other
// than the leader and the runner-up of Z_{d,j} (glr_pooled.hpp's file comment); computed after the
// step, from the statistics the next pull's reward is not in: predictable.  z is the minimum over
// the count groups' staircase (detail/count_groups.hpp): Z_{d,j} = N_d N_j/(N_d + N_j) (mu_d -
// mu_j)_+^2/(2 sigma^2) is non-decreasing in N_j and non-increasing in mu_j as computed while
// N_d N_j and N_d + N_j are exact (counts below 2^26), so the minimum is the scan's, the same
// double; beyond, the O(K) scan (docs/certified-glr/unpooling.md, "The library rule").
void glr_pooled::next_weights(const arm_stats& s) {
  const std::size_t L = pools_.leader(), L2 = pools_.runner_up();
  const auto z_of_pair = [&](std::size_t d, std::size_t j) {
    return glr_statistic(glr_model::gaussian, sigma_, s.count(d), s.mean(d), s.count(j), s.mean(j));
  };
  const auto weight = [&](double z) {
    if (!(z < weighting_.z0)) return 1.0;
    return std::floor(16 * (z / weighting_.z0)) / 16;
  };
  const bool on_l = L < K_ && weighting_.z0 > 0, on_r = L2 < K_ && weighting_.z0 > 0;
  double zl = std::numeric_limits<double>::infinity(), zr = zl;
  if (on_l || on_r) {
    if (!groups_built_) {  // the groups are a cache of the statistics (not saved): built at first use
      for (std::size_t j = 0; j < K_; ++j) groups_.set(j, s.count(j), s.count(j) ? s.mean(j) : 0.0);
      groups_built_ = true;
    }
    constexpr std::uint64_t exact = std::uint64_t{1} << 26;
    if (groups_.max_count() < exact) {
      // The groups hold each arm's count and mean as observed: the same doubles as s's.
      const std::uint64_t nl = on_l ? s.count(L) : 0, nr = on_r ? s.count(L2) : 0;
      const double ml = on_l ? s.mean(L) : 0, mr = on_r ? s.mean(L2) : 0;
      groups_.visit_staircase(L, L2, [&](std::size_t j) {
        const std::uint64_t nj = groups_.count(j);
        const double mj = groups_.mean(j);
        if (on_l) zl = std::min(zl, glr_statistic(glr_model::gaussian, sigma_, nl, ml, nj, mj));
        if (on_r) zr = std::min(zr, glr_statistic(glr_model::gaussian, sigma_, nr, mr, nj, mj));
      });
    } else {
      for (std::size_t j = 0; j < K_; ++j)
        if (j != L && j != L2 && s.count(j) > 0) {
          if (on_l) zl = std::min(zl, z_of_pair(L, j));
          if (on_r) zr = std::min(zr, z_of_pair(L2, j));
        }
    }
  }
  w_leader_ = weight(zl);
  w_runner_ = weight(zr);
}

bool glr_pooled::passes_beyond_bound(std::size_t c, const arm_stats& s) {
  const pooled_arm v = pooled(c);
  if (prior_ == pooled_prior::per_arm) return split_passes(c, v, s);
  const one_sided_mixture::pair_data p = pair_of(v, s.count(c), pools_.high_mean(c, s));
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

bool glr_pooled::split_passes(std::size_t c, const pooled_arm& v, const arm_stats& s) {
  if (fails_at_tracked_point(c, v, s)) return false;  // (false before c's first search)
  const pooled_detail::split_pair p = split_of(v, s.count(c), pools_.high_mean(c, s));
  if (!std::isfinite(argmin_[c])) {
    const double m0 = glr_point(p, point_count(v), s.count(c));
    return decide(c, p, m0, pooled_detail::h_at(p, m0));
  }
  // h at the last minimiser (an upper bound), keeping each arm's largest term there for the
  // one-term lower bound: one evaluation of the 2G terms serves both.
  const double m0 = argmin_[c];
  if (rules_out(pooled_detail::quadratic_upper(p, m0))) return false;
  std::size_t ka = 0, kb = 0;
  const one_sided_mixture::h_and_slope a = one_sided_mixture::arm_log_sum(p.sa, p.ca, p.G, p.ma, m0, 1.0, &ka),
                                      b = one_sided_mixture::arm_log_sum(p.sb, p.cb, p.G, p.mb, m0, -1.0, &kb);
  const one_sided_mixture::h_and_slope h0{a.h + b.h, a.dh + b.dh};
  if (rules_out(h0.h)) return false;
  if (pooled_detail::one_term_lower_bound(p, ka, kb) >= threshold_) return true;
  return decide(c, p, m0, h0);
}

// D's arithmetic rounded outwards: |N m| and the sums' magnitudes, two ulps each (sc_low: arm c's
// sum lowered by its rounding bound).
void glr_pooled::outward_d(const pooled_arm& v, std::uint64_t nc, double sc_low, double m, double* dv, double* dc) const {
  const double sv = v.sum + v.rounding, nm_v = double(v.count) * m, nm_c = double(nc) * m;
  *dv = sv - nm_v + 2.3e-16 * 2 * (std::fabs(sv) + std::fabs(nm_v));
  *dc = nm_c - sc_low + 2.3e-16 * 2 * (std::fabs(sc_low) + std::fabs(nm_c));
}

// The start of the bound below: each side's log-sum with the tangent bound F(u) <= a_j + b_j u+ +
// (u+)^2/2 in place of F (the kernel's phi_tangents; j nearest u+ here, or the last start's), at the
// outward D's, the log-sums rounded up.  u+ = D+ s_k/N with the rows' slopes
// s_k = N/(sigma sqrt(N + rho_k)).  Sets *dv and *dc to the two D's when given.
double glr_pooled::quadratic_bound(const pooled_arm& v, std::uint64_t nc, double sc_low, double m, double* dv, double* dc,
                                   bool keep_tangents) {
  double d_v = 0, d_c = 0;
  outward_d(v, nc, sc_low, m, &d_v, &d_c);
  if (dv) *dv = d_v;
  if (dc) *dc = d_c;
  const std::size_t G = grid_.rho.size();
  const double av = std::max(d_v, 0.0) / double(v.count), ac = std::max(d_c, 0.0) / double(nc);
  const std::size_t ia = row_of(v.count, rows_.size());  // the penalties and slopes, from the rows split_of reads
  const row& ra = rows_[ia];
  const row& rb = rows_[row_of(nc, ia)];
  tv_.resize(G);
  tc_.resize(G);
  if (!keep_tangents) {
    jv_.resize(G);
    jc_.resize(G);
  }
  const one_sided_mixture::phi_tangent* t = one_sided_mixture::phi_tangents();
  const auto side = [&](const row& r, double a, std::vector<double>& terms, std::vector<unsigned char>& js) {
    double bmax = 0;
    for (std::size_t k = 0; k < G; ++k) {
      const double u = a * r.s[k];
      if (!keep_tangents) js[k] = static_cast<unsigned char>(one_sided_mixture::phi_tangent_index(u));
      const one_sided_mixture::phi_tangent& tj = t[js[k]];
      terms[k] = base_[k] - r.pen[k] + tj.a + u * (tj.b + 0.5 * u);
      bmax = std::max(bmax, tj.b);
    }
    return bmax;
  };
  const double bv = side(ra, av, tv_, jv_), bc = side(rb, ac, tc_, jc_);
  if (!keep_tangents) {
    bv_ = bv;
    bc_ = bc;
  }
  const double up = one_sided_mixture::log_sum_exp(tv_.data(), G) + one_sided_mixture::log_sum_exp(tc_.data(), G);
  return up + 1e-12 * (1 + std::fabs(up));
}

bool glr_pooled::audit_tracked_bound(const arm_stats& s) {
  if (!tracking_) return true;
  const std::size_t c = track_c_;
  const pooled_arm v = pools_.pooled(c);
  const double fresh = quadratic_bound(v, s.count(c), s.sum(c) - pools_.arm_rounding(c, s), track_m_, nullptr, nullptr, true);
  // h itself at the sums the search reads (the bound's claim), and the start with the same tangents.
  const double h = pooled_detail::h_at(split_of(v, s.count(c), pools_.high_mean(c, s)), track_m_).h;
  return last_bound_ >= fresh - 1e-9 * (1 + std::fabs(fresh)) && last_bound_ >= h - 1e-12 * (1 + std::fabs(h));
}

// Each term of a side is at most T_k(N, x) = c_k(N) + a_k + b_k x/(sigma sqrt(N + rho_k)) +
// x^2/(2 sigma^2 (N + rho_k)) with x = D+, D = S - N m for V and N m - S for c, and (a_k, b_k) the
// term's tangent chosen at the start (the kernel's phi_tangents: valid for every u).  T_k increases
// in x and decreases in N (c_k = log w_k + log 2 - 1/2 log(1 + N/rho_k)), so from the start (N0, y)
// to now (N >= N0, x), with B = max(N - 1, N0) (N0 <= B <= N):
//     T_k(N, x) - T_k(N0, y) <= (x^2 - y^2)/(2 sigma^2 (B + rho_k)) + b_k (x - y)/(sigma sqrt(B + rho_k))
//                            <= ((x^2 - y^2)/(2 sigma^2 B) + b_max (x - y)/(sigma sqrt B))^+,
// and a side's log-sum moves by at most the largest move of its terms.  x and y are upper bounds
// of D+ (the sums moved outwards by their rounding bounds, D's arithmetic rounded outwards), and
// the start's log-sums are rounded up, so the bound holds at the sums the search reads: a fail
// here is a fail of the search at m.  O(1) per test, whatever happened since the start.  After a
// test that does not fail, the next one starts again; after a test that does not fail just after
// a start, the next 8 tests are skipped (the pair is then close to passing at m, where the start's
// cost would be spent twice).
bool glr_pooled::fails_at_tracked_point(std::size_t c, const pooled_arm& v, const arm_stats& s) {
  const double m = argmin_[c];
  if (!fast_ || !std::isfinite(m)) return false;
  if (cooldown_ > 0) {  // the bound just started did not fail: leave the next pulls to the search
    --cooldown_;
    stale_ = true;
    return false;
  }
  const std::uint64_t nc = s.count(c);
  const bool fresh = stale_ || !tracking_ || track_c_ != c || track_m_ != m || v.count < n0v_ || nc < n0c_;
  double dv = 0, dc = 0;
  if (fresh) {
    start_upper_ = quadratic_bound(v, nc, s.sum(c) - pools_.arm_rounding(c, s), m, &dv, &dc);
    tracking_ = true;
    track_c_ = c;
    track_m_ = m;
    n0v_ = v.count;
    n0c_ = nc;
    yv_ = std::max(dv, 0.0);
    yc_ = std::max(dc, 0.0);
  } else {
    outward_d(v, nc, s.sum(c) - pools_.arm_rounding(c, s), m, &dv, &dc);
  }
  const double pos2 = 1 / (2 * sigma_ * sigma_);
  const auto move = [&](double y, double d, std::uint64_t n0, std::uint64_t n, double bmax) {
    const double x = std::max(d, 0.0);
    if (x <= y) return 0.0;  // (NaN goes on: a NaN bound fails nothing)
    const double B = std::max(double(n) - 1, double(n0));
    return ((x - y) * (x + y) * pos2 / B + bmax * (x - y) / (sigma_ * std::sqrt(B))) * (1 + 1e-12);
  };
  last_bound_ = start_upper_ + move(yv_, dv, n0v_, v.count, bv_) + move(yc_, dc, n0c_, nc, bc_);
  stale_ = !rules_out(last_bound_);
  if (stale_ && fresh) cooldown_ = 8;
  fast_fails_ += !stale_;
  return !stale_;
}

double glr_pooled::s1(const pooled_arm& v, std::uint64_t nc, double mc) {
  if (prior_ == pooled_prior::per_arm) return one_sided_mixture::search_infimum(split_of(v, nc, mc));
  return one_sided_mixture::infimum_lower_bound(pair_of(v, nc, mc));
}

pooled_detail::split_pair glr_pooled::split_of(const pooled_arm& v, std::uint64_t nc, double mc) {
  const std::size_t G = grid_.rho.size();
  if (weighting_.on) {
    // V's side at (W1, W2): slopes W1/(sigma sqrt(W2 + rho_k)) (the rows' expression at W2, times
    // W1/W2: the same bits when every weight is 1) and penalties 1/2 log(1 + W2/rho_k), kept while
    // (W1, W2) do not change; the mean (S_w - rounding)/W1, lowered as the unweighted one.
    if (v.w1 != sw_w1_ || v.w2 != sw_w2_) {
      const double r = v.w1 / v.w2;
      for (std::size_t k = 0; k < G; ++k) {
        sw_[k] = one_sided_mixture::slope(v.w2, grid_.rho[k], sigma_) * r;
        pw_[k] = one_sided_mixture::mixture_penalty(v.w2, grid_.rho[k]);
      }
      sw_w1_ = v.w1;
      sw_w2_ = v.w2;
    }
    const row& rb = rows_[row_of(nc, rows_.size())];
    for (std::size_t k = 0; k < G; ++k) {
      c_[k] = base_[k] - pw_[k];
      cb_[k] = base_[k] - rb.pen[k];
    }
    return {(v.sum - v.rounding) / v.w1, mc, sigma_, sw_.data(), c_.data(), rb.s.data(), cb_.data(), G};
  }
  const std::size_t ia = row_of(v.count, rows_.size());
  const row& ra = rows_[ia];
  const row& rb = rows_[row_of(nc, ia)];
  for (std::size_t k = 0; k < G; ++k) {
    c_[k] = base_[k] - ra.pen[k];
    cb_[k] = base_[k] - rb.pen[k];
  }
  return {v.low_mean(), mc, sigma_, ra.s.data(), c_.data(), rb.s.data(), cb_.data(), G};
}

one_sided_mixture::pair_data glr_pooled::pair_of(const pooled_arm& v, std::uint64_t nc, double mc) {
  const std::size_t G = grid_.rho.size();
  const std::size_t ia = row_of(v.count, rows_.size());
  const row& ra = rows_[ia];
  const row& rb = rows_[row_of(nc, ia)];
  for (std::size_t k = 0; k < G; ++k) c_[k] = base_[k] - ra.pen[k] - rb.pen[k];
  return {v.low_mean(), mc, sigma_, ra.s.data(), rb.s.data(), c_.data(), G};
}

std::size_t glr_pooled::row_of(std::uint64_t n, std::size_t keep) {
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

bool glr_pooled::state_is_valid() const {
  const std::size_t G = grid_.rho.size();
  if (blocker_ > K_ || next_row_ >= rows_.size() || (tracking_ && track_c_ >= K_)) return false;
  // The values against a fresh computation, within 1e-12 relative (a build with other rounding
  // in its logarithms reads the same snapshot).
  const auto near = [](double saved, double fresh) { return std::fabs(saved - fresh) <= 1e-12 * (1 + std::fabs(fresh)); };
  const double factors = prior_ == pooled_prior::shared ? 2 : 1;
  for (std::size_t k = 0; k < G; ++k)
    if (!near(base_[k], grid_.log_weight[k] + factors * std::log(2.0))) return false;
  for (const row& r : rows_) {
    if (r.n == 0 && r.s.empty() && r.pen.empty()) continue;
    if (r.s.size() != G || r.pen.size() != G) return false;
    for (std::size_t k = 0; k < G; ++k)
      if (!near(r.s[k], one_sided_mixture::slope(double(r.n), grid_.rho[k], sigma_)) ||
          !near(r.pen[k], one_sided_mixture::mixture_penalty(double(r.n), grid_.rho[k])))
        return false;
  }
  const std::size_t terms = tracking_ ? G : tv_.size();
  if ((terms != 0 && terms != G) || tv_.size() != terms || tc_.size() != terms || jv_.size() != terms || jc_.size() != terms)
    return false;
  for (std::size_t k = 0; k < terms; ++k)
    if (jv_[k] >= one_sided_mixture::phi_tangent_count || jc_[k] >= one_sided_mixture::phi_tangent_count) return false;
  if (weighting_.on) {
    const auto weight_ok = [](double w) { return w >= 0 && w <= 1 && std::floor(16 * w) == 16 * w; };
    if (tracking_ || !weight_ok(w_leader_) || !weight_ok(w_runner_)) return false;
  }
  return true;
}

glr_pooled::glr_pooled(std::size_t K, double sigma, double delta, mixture_grid grid, pooled_prior prior, bool fast,
                       pooled_weighting weighting)
    : K_(K), sigma_(sigma), delta_(delta), prior_(prior), weighting_(weighting), grid_(std::move(grid)), pools_(K),
      weights_(weighting.on ? K : 0), groups_(weighting.on ? K : 0), fast_(fast && !weighting.on) {
  constexpr const char* fn = "lilucb::bandit::stopping::glr_pooled";
  (void)mixture_detail::check_mixture_rule(fn, K, sigma, delta, grid_);
  mixture_detail::check_common_share(fn, grid_, "the prior argument chooses a shared or per-arm prior");
  if (weighting_.on) {
    if (prior_ != pooled_prior::per_arm)
      ::lilucb::detail::raise_domain_error(fn, "prior", "shared", "per_arm (the un-pooling weights need the prior per arm)");
    if (!(weighting_.z0 >= 0 && weighting_.z0 < std::numeric_limits<double>::infinity()))
      ::lilucb::detail::raise_domain_error(fn, "z0", std::to_string(weighting_.z0), "[0, inf)");
    sw_.resize(grid_.rho.size());
    pw_.resize(grid_.rho.size());
  }
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

}  // namespace lilucb::bandit::stopping
