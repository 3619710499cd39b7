// The bodies of GLR stopping with the one-sided mixture, Proposition M1
// (lilucb/bandit/stopping/glr_one_sided.hpp states the contract; the proof of the decision key's
// shortcuts is in docs/certified-glr/numerics.md, "Cost: the decision key" and the sections it names).

#include "lilucb/bandit/stopping/glr_one_sided.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace lilucb::bandit::stopping {

namespace {
/// The constants of the pair's terms from the two arms' penalties at the present counts: c for the
/// common scales (M1's, whatever the grid), ca and cb for one scale per arm (a joint prior only).
struct pair_terms {
  double c[64], ca[64], cb[64];
};
pair_terms pair_constants(const mixture_grid& g, const double* pa, const double* pb) {
  const std::size_t G = g.rho.size();
  pair_terms t;
  for (std::size_t k = 0; k < G; ++k) {
    t.c[k] = g.log_weight[k] + 2 * std::log(2.0) - pa[k] - pb[k];
    t.ca[k] = g.log_weight[k] + std::log(2.0) - pa[k];
    t.cb[k] = g.log_weight[k] + std::log(2.0) - pb[k];
  }
  return t;
}
/// The pair under the grid's joint prior (common_share < 1), from its slopes and constants.
one_sided_mixture::joint_pair joint_of(const mixture_grid& g, double ma, double mb, double sigma, const double* sa,
                                       const double* sb, const pair_terms& t) {
  return {ma, mb, sigma, sa, sb, t.c, t.ca, t.cb, g.rho.size(), std::log(g.common_share), std::log1p(-g.common_share)};
}
}  // namespace

double glr_one_sided_pair::key(const arm_stats& s, std::size_t a, std::size_t b) const {
  const double Na = double(s.count(a)), Nb = double(s.count(b));
  const double ma = s.mean(a), mb = challenger_mean(target, s.mean(b));
  const double gap = ma > mb ? ma - mb : 0.0;
  const double z = gap * gap / (2 * sigma * sigma) / (1 / Na + 1 / Nb);
  const double upper = z + 2 * std::log(2.0);
  if (upper * (1 + 1e-12) + 1e-12 < threshold) return upper;  // cannot pass (numerics.md, "Cost: the decision key")
  if (grid.common_share < 1) {
    // The joint prior: h at the GLR's point m0 is an upper bound of the infimum; else the full search.
    const double* ra = row(s, a);
    const double* rb = row(s, b);
    const pair_terms t = pair_constants(grid, ra, rb);
    const one_sided_mixture::joint_pair p = joint_of(grid, ma, mb, sigma, ra + G, rb + G, t);
    const double m0 = (Na * ma + Nb * mb) / (Na + Nb);
    const double at = one_sided_mixture::h_at(p, m0).h;
    if (at + 2e-9 * (1 + std::fabs(at)) < threshold) return std::max(0.0, at);
    return std::max(0.0, one_sided_mixture::search_infimum(p));
  }
  std::size_t j = 0;
  if (sorted && z > 0) {
    const double rho_wanted = std::min(Na, Nb) / z;
    j = static_cast<std::size_t>(std::lower_bound(grid.rho.begin(), grid.rho.end(), rho_wanted) - grid.rho.begin());
    if (j == G) j = G - 1;
  }
  // A tighter bound of the same kind, O(G) without transcendental functions: at the GLR's
  // point m0 (the count-weighted mean), F(u) <= u^2/2 and sum_k w_k <= 1 give
  // S1 <= 2 log 2 + max_k [ q_a,k + q_b,k - pen_a[k] - pen_b[k] ], q_i,k = u_i,k(m0)^2/2.
  // First from the rows as they are (numerics.md, "Stale rows"): a row computed at a count
  // c <= N holds penalties <= the present ones and slopes s_k(c) with s_k(N) <= s_k(c) N/c.
  // The pair's last O(G) bound carried forward (numerics.md, "Carried bound"): O(1).
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
    // The one-term search, deciding (numerics.md, "Deciding search"): a pass by a margin, else a
    // starting point for the search below.
    double v = 0;
    if (one_sided_mixture::coarse_infimum(one, threshold + margin, 1e-2, &v, &m_one)) return v;
  }
  // The scales s0 <= k < e0 around j exactly, the others bounded by two terms (numerics.md,
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
  // Every scale (no term dropped).
  double c[64];
  for (std::size_t k = 0; k < G; ++k) c[k] = grid.log_weight[k] + 2 * std::log(2.0) - ra[k] - rb[k];
  const one_sided_mixture::pair_data all{ma, mb, sigma, ra + G, rb + G, c, G};
  // h at the one-scale minimiser is >= the infimum: below the threshold (with the search's
  // margin) the pair cannot pass, at one evaluation instead of a search.
  const one_sided_mixture::h_and_slope h_one = one_sided_mixture::h_at(all, m_one);
  const double at = h_one.h;
  if (at + 2e-9 * (1 + std::fabs(at)) < threshold) return std::max(0.0, at);
  // The deciding search from m_one (numerics.md, "Deciding search"): a bound clearing the threshold by 1e-8 (1 + threshold).
  {
    double v = 0;
    const int verdict = one_sided_mixture::decide_infimum(
        [&](double m) { return one_sided_mixture::whole(all, m); }, m_one, {h_one.h, h_one.dh, h_one.h}, threshold,
        margin, 1e-3 * (gap > 0 ? gap : sigma), 12, &v);
    if (verdict != 0) return std::max(0.0, v);
  }
  return std::max(0.0, one_sided_mixture::infimum_lower_bound(all));
}

bool glr_one_sided_pair::entry(double* r, std::size_t k, double n) const {
  if (r[2 * G + k] == 1 / n) return false;  // 1/n tells the counts apart (below 2^50)
  r[k] = one_sided_mixture::mixture_penalty(n, grid.rho[k]);
  r[G + k] = one_sided_mixture::slope(n, grid.rho[k], sigma);
  r[2 * G + k] = 1 / n;
  return true;
}

bool glr_one_sided_pair::row_changed(const arm_stats& s, std::size_t i) const {
  if (pen_count[i] == s.count(i)) return false;
  double* r = &pen[i * 3 * G];
  bool changed = false;
  for (std::size_t k = 0; k < G; ++k) changed = entry(r, k, double(s.count(i))) || changed;
  pen_count[i] = s.count(i);
  return changed;
}

const double* glr_one_sided_pair::row(const arm_stats& s, std::size_t i) const {
  row_changed(s, i);
  return &pen[i * 3 * G];
}

bool glr_one_sided_pair::entries(const arm_stats& s, std::size_t i, std::size_t lo, std::size_t hi) const {
  if (pen_count[i] == 0 || pen_count[i] == s.count(i)) return row_changed(s, i);
  double* r = &pen[i * 3 * G];
  const double n = double(s.count(i));
  bool changed = entry(r, 0, n);
  for (std::size_t k = lo; k < hi; ++k) changed = entry(r, k, n) || changed;
  return changed;
}

double glr_one_sided_statistic(double sigma, const mixture_grid& g, std::uint64_t na, double ma,
                               std::uint64_t nb, double mb) {
  one_sided_mixture::check_pair_arguments("lilucb::bandit::stopping::glr_one_sided_statistic", sigma, "na", na, "nb", nb, g);
  const std::size_t G = g.rho.size();
  double sa[64], sb[64], pa[64], pb[64];
  for (std::size_t k = 0; k < G; ++k) {
    sa[k] = one_sided_mixture::slope(double(na), g.rho[k], sigma);
    sb[k] = one_sided_mixture::slope(double(nb), g.rho[k], sigma);
    pa[k] = one_sided_mixture::mixture_penalty(double(na), g.rho[k]);
    pb[k] = one_sided_mixture::mixture_penalty(double(nb), g.rho[k]);
  }
  const pair_terms t = pair_constants(g, pa, pb);
  if (g.common_share < 1) return one_sided_mixture::search_infimum(joint_of(g, ma, mb, sigma, sa, sb, t));
  return one_sided_mixture::infimum_lower_bound({ma, mb, sigma, sa, sb, t.c, G});
}

std::string glr_one_sided::certificate() const {
  const auto& p = pair();
  if (p.target.epsilon != 0)
    return "Proposition Gε-M1 (docs/certified-glr/epsilon-topm.md, section 7): Proposition M1's one-sided (half-normal) "
           "Gaussian mixture per pair of arms (" + describe_grid(p.grid) +
           ") with each challenger's mean " + (p.target.relative ? "scaled by 1 - epsilon" : "lowered by epsilon") +
           ", Ville's inequality and a union over the K-1 arms; valid for any sampling rule and sigma-sub-Gaussian "
           "rewards (sigma = " + std::to_string(p.sigma) + (p.target.relative ? ", means >= 0" : "") +
           "): P(the answer is not " + to_string(p.target) + ") <= delta = " + std::to_string(delta_);
  return "Proposition M1 (docs/certified-glr/propositions.md): GLR stopping against a one-sided (half-normal) Gaussian mixture "
         "martingale per pair of arms (" + describe_grid(p.grid) +
         ", infimum of the log-sum over the alternative), Ville's inequality and a union "
         "over the K-1 arms; valid for any sampling rule and sigma-sub-Gaussian rewards (sigma = " +
         std::to_string(p.sigma) + "): P(wrong answer) <= delta = " + std::to_string(delta_);
}

std::vector<challenger_evidence> glr_one_sided::evidence(const arm_stats& s) const {
  const auto& p = pair();
  return challengers(s, p.threshold, [&](std::size_t a, std::size_t b) {
    return glr_one_sided_statistic(p.sigma, p.grid, s.count(a), s.mean(a), s.count(b),
                                   challenger_mean(p.target, s.mean(b)));
  });
}

glr_one_sided_pair glr_one_sided_pair::make(std::size_t K, double sigma, mixture_grid grid, answer_target target,
                                            double threshold) {
  const std::size_t G = grid.rho.size();
  const bool sorted = std::is_sorted(grid.rho.begin(), grid.rho.end());
  // The partial sums of the weights, their logarithms rounded up by the factor 1 + 1e-12 (which
  // covers the rounding of exp, + and log): bounds of groups of terms ("Fewer terms").
  std::vector<double> part(2 * (G + 1), -std::numeric_limits<double>::infinity());
  if (sorted && G > 16) {
    double head = 0, tail = 0;
    for (std::size_t k = 0; k < G; ++k) {
      head += std::exp(grid.log_weight[k]);
      part[k + 1] = std::log(head * (1 + 1e-12));
      tail += std::exp(grid.log_weight[G - 1 - k]);
      part[G + 1 + G - 1 - k] = std::log(tail * (1 + 1e-12));
    }
  }
  return glr_one_sided_pair{sigma,     target, std::move(grid), G, threshold, sorted, std::vector<double>(3 * K * G, 0.0),
                            std::vector<std::uint64_t>(K, 0), std::vector<glr_one_sided_pair::carried>(K),
                            std::move(part)};
}

glr_one_sided_pair glr_one_sided::make_pair(std::size_t K, double sigma, double delta, mixture_grid grid,
                                            answer_target target) {
  const double threshold =
      mixture_detail::check_mixture_rule("lilucb::bandit::stopping::glr_one_sided", K, sigma, delta, grid).threshold;
  check_target("lilucb::bandit::stopping::glr_one_sided", target);
  return glr_one_sided_pair::make(K, sigma, std::move(grid), target, threshold);
}

}  // namespace lilucb::bandit::stopping
