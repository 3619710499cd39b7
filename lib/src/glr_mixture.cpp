// The bodies of GLR stopping with the two-sided Gaussian mixture, Proposition M
// (lilucb/bandit/stopping/glr_mixture.hpp states the contract; the proof of the decision key is in
// docs/certified-glr/numerics.md, "The two-sided mixture's decision key").

#include "lilucb/bandit/stopping/glr_mixture.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace lilucb::bandit::stopping {

double mixture_detail::mixture_pair(double d, double alpha, double beta, const double* pen_a, const double* pen_b,
                                    const mixture_grid& g, const double* decide_at) {
  double best = -std::numeric_limits<double>::infinity();
  const std::size_t G = g.rho.size();
  double v[64];
  for (std::size_t k = 0; k < G; ++k) {
    v[k] = d / (alpha + g.rho[k] * beta) - pen_a[k] - pen_b[k] + g.log_weight[k];
    best = v[k] > best ? v[k] : best;
  }
  if (g.combine == mixture_combine::max) return best;
  if (decide_at) {
    // The log-sum lies in [best, best + log G] (each of the G terms exp(v_k - best) <= 1; the
    // floating-point sum of G numbers <= 1 is <= G, and the margin covers the rounding of log and +):
    // when the threshold is outside that interval, a bound on its side decides the pair.
    if (best >= *decide_at) return best;
    const double upper = best + (std::log(static_cast<double>(G)) + 1e-12) * (1 + 1e-12) + 1e-12 * std::fabs(best);
    if (upper < *decide_at) return upper;
  }
  double sum = 0;
  for (std::size_t k = 0; k < G; ++k) sum += std::exp(v[k] - best);
  return best + std::log(sum);
}

double mixture_detail::mixture_upper(double d, double alpha, double beta, const double* pen_a, const double* pen_b,
                                     const mixture_grid& g, std::size_t end, double tail_log_weight,
                                     const double* decide_at) {
  double u[65];
  double best = -std::numeric_limits<double>::infinity();
  for (std::size_t k = 0; k < end; ++k) {
    u[k] = d / (alpha + g.rho[k] * beta) - pen_a[k] - pen_b[k] + g.log_weight[k];
    best = u[k] > best ? u[k] : best;
  }
  std::size_t n = end;
  if (end < g.rho.size()) {
    u[n] = d / (alpha + g.rho[end] * beta) + tail_log_weight;
    best = u[n] > best ? u[n] : best;
    ++n;
  }
  if (g.combine == mixture_combine::max) return best;
  double sum = 0;
  for (std::size_t k = 0; k < n; ++k) {
    const double t = best - u[k];
    sum += 1 / (1 + t * (1 + t * (1.0 / 2 + t * (1.0 / 6 + t * (1.0 / 24 + t * (1.0 / 120 + t * (1.0 / 720)))))));
  }
  // log(sum) <= sum - 1: the cheaper bound when it already decides (sum is in [1, n]).
  if (decide_at && best + (sum - 1) < *decide_at) return best + (sum - 1);
  return best + std::log(sum);
}

double glr_mixture_statistic(double sigma, const mixture_grid& g, std::uint64_t na, double ma, std::uint64_t nb,
                             double mb) {
  constexpr const char* fn = "lilucb::bandit::stopping::glr_mixture_statistic";
  check_positive(fn, "sigma", sigma);
  check_at_least(fn, "na", double(na), 1.0);
  check_at_least(fn, "nb", double(nb), 1.0);
  if (g.rho.empty() || g.rho.size() > 64 || g.rho.size() != g.log_weight.size())
    ::lilucb::detail::raise_domain_error(fn, "grid", std::to_string(g.rho.size()) + " scales",
                                       "1 to 64 scales with one weight each");
  std::vector<double> pa(g.rho.size()), pb(g.rho.size());
  mixture_detail::mixture_penalties(na, g, pa.data());
  mixture_detail::mixture_penalties(nb, g, pb.data());
  const double Na = double(na), Nb = double(nb);
  return mixture_detail::mixture_pair(mixture_detail::mixture_gap_term(sigma, ma, mb), 1 / Na + 1 / Nb, 1 / (Na * Na) + 1 / (Nb * Nb),
                              pa.data(), pb.data(), g);
}

double glr_mixture_pair::tail_log_weight(std::size_t m) const {
  if (std::isnan(tail_log[m])) tail_log[m] = std::log(tail_weight[m] * (1 + 1e-12));
  return tail_log[m];
}

double glr_mixture_pair::key(const arm_stats& s, std::size_t a, std::size_t b) const {
  const double Na = double(s.count(a)), Nb = double(s.count(b));
  const double d = mixture_detail::mixture_gap_term(sigma, s.mean(a), s.mean(b));
  // The last upper bound U0 of this pair, carried forward (O(1), no division): while
  // d N_a^2 < N0_a^2 D and d N_b^2 < N0_b^2 D (counts N0 and the stored D of the last bound),
  // S_{a,b} is below the threshold by the margin and the key is U0 (docs/certified-glr/numerics.md,
  // "The two-sided mixture's decision key", "The carried bound").
  {
    const cached_bound& c = cache[b];
    if (c.leader == a && c.na <= Na && c.nb <= Nb && d * Na * Na < c.na * c.na * c.dmax && d * Nb * Nb < c.nb * c.nb * c.dmax)
      return c.upper;
  }
  const double alpha = 1 / Na + 1 / Nb, beta = 1 / (Na * Na) + 1 / (Nb * Nb);
  const double z = d / alpha;
  if (z < threshold) return z;
  const double margin = 1e-9 * (1 + std::fabs(z) + std::fabs(threshold));
  std::size_t j = 0;
  if (sorted) {
    const double target = std::min(Na, Nb) / z;
    j = static_cast<std::size_t>(std::lower_bound(grid.rho.begin(), grid.rho.end(), target) - grid.rho.begin());
    if (j == G) j = G - 1;
  }
  // Cheap bounds first, from the rows as they are (no logarithm), each with a margin of 1e-9
  // (1 + |z| + threshold), far above the rounding of any of these sums of at most 66 terms of
  // size <= |z| + penalties + |log w|: a bound that clears the threshold by the margin is on the
  // same side as the floating-point S_{a,b} of the exact path, so the decision is the exact one.
  const double* pa = &pen[a * G];
  const double* pb = &pen[b * G];
  const double q = d / (alpha + grid.rho[j] * beta) + grid.log_weight[j];
  // Lower bound at scale j: a row computed at count c <= N gives 1/2 log(1 + N/rho) <=
  // 1/2 log(1 + c/rho) + 1/2 (N - c)/(rho + c) (log(1 + x + h) - log(1 + x) <= h/(1 + x)); a row
  // never computed (c = 0, entries 0) gives 1/2 N/rho (log(1 + x) <= x).
  {
    const double ca = double(pen_count[a]), cb = double(pen_count[b]);
    const double lo = q - pa[j] - 0.5 * (Na - ca) / (grid.rho[j] + ca) - pb[j] - 0.5 * (Nb - cb) / (grid.rho[j] + cb) -
                      margin;
    if (lo >= threshold) return lo;
  }
  // Upper bound: a row computed at a count <= N_i holds lower bounds on the penalties
  // (1/2 log(1 + N/rho) grows with N); mixture_upper bounds the log-sum without exponentials,
  // with the scales above j + 5 bounded together (sorted grids).
  {
    const std::size_t end = sorted ? std::min(G, j + 6) : G;
    const double at = threshold - margin;
    const double upper =
        mixture_detail::mixture_upper(d, alpha, beta, pa, pb, grid, end, end < G ? tail_log_weight(end) : 0.0, &at);
    {
      const double margin2 = 1e-9 * (1 + std::fabs(z) + 2 * std::fabs(threshold));
      const double slack = threshold - upper - 2 * margin2;
      cache[b] = cached_bound{a, Na, Nb, slack > 0 ? d * (1 + slack / z) * (1 - 1e-12) : 0.0, upper};
    }
    if (upper + margin < threshold) return upper;
  }
  // The penalties at scale j alone (the same expression as a row entry: identical values).
  const double pja = mixture_detail::mixture_penalty(Na, grid.rho[j]), pjb = mixture_detail::mixture_penalty(Nb, grid.rho[j]);
  const double lower = d / (alpha + grid.rho[j] * beta) - pja - pjb + grid.log_weight[j];
  if (lower >= threshold) return lower;
  // Near the threshold: the scales k < j + 10 exactly (their penalties written into the rows:
  // entries at the current count are lower bounds later on as well), the others bounded
  // together as in mixture_upper.  The log-sum over the exact scales is a lower bound on S_{a,b},
  // the same plus the tail's bound an upper bound; only when the threshold is within the margin
  // of that interval (about 1e-3 wide in the K = 10 runs) is the whole grid evaluated.
  if (sorted && j + 10 < G) {
    double* ra = &pen[a * G];
    double* rb = &pen[b * G];
    const std::size_t end = j + 10;
    double v[64];
    double best = -std::numeric_limits<double>::infinity();
    for (std::size_t k = 0; k < end; ++k) {
      ra[k] = mixture_detail::mixture_penalty(Na, grid.rho[k]);
      rb[k] = mixture_detail::mixture_penalty(Nb, grid.rho[k]);
      v[k] = d / (alpha + grid.rho[k] * beta) - ra[k] - rb[k] + grid.log_weight[k];
      best = v[k] > best ? v[k] : best;
    }
    const double tail = d / (alpha + grid.rho[end] * beta) + tail_log_weight(end);
    double lo, hi;
    if (grid.combine == mixture_combine::max) {
      lo = best;
      hi = std::max(best, tail);
    } else {
      double sum = 0;
      for (std::size_t k = 0; k < end; ++k) sum += std::exp(v[k] - best);
      lo = best + std::log(sum);
      hi = best + std::log(sum + std::exp(tail - best));
    }
    if (lo - margin >= threshold) return lo - margin;
    if (hi + margin < threshold) return hi;
  }
  return mixture_detail::mixture_pair(d, alpha, beta, row(s, a), row(s, b), grid, &threshold);
}

const double* glr_mixture_pair::row(const arm_stats& s, std::size_t i) const {
  if (pen_count[i] != s.count(i)) {
    mixture_detail::mixture_penalties(s.count(i), grid, &pen[i * G]);
    pen_count[i] = s.count(i);
  }
  return &pen[i * G];
}

std::string glr_mixture::certificate() const {
  const auto& p = pair();
  return "Proposition M (docs/certified-glr/propositions.md): GLR stopping against a Gaussian mixture martingale per pair of "
         "arms (" + describe_grid(p.grid) +
         (p.G > 1 ? (p.grid.combine == mixture_combine::log_sum ? ", log-sum over k" : ", max over k") : "") +
         "), Ville's inequality and a union over the K-1 arms; valid for any sampling rule and sigma-sub-Gaussian "
         "rewards (sigma = " + std::to_string(p.sigma) + "): P(wrong answer) <= delta = " + std::to_string(delta_);
}

std::vector<challenger_evidence> glr_mixture::evidence(const arm_stats& s) const {
  const auto& p = pair();
  return challengers(s, p.threshold, [&](std::size_t a, std::size_t b) {
    return glr_mixture_statistic(p.sigma, p.grid, s.count(a), s.mean(a), s.count(b), s.mean(b));
  });
}

glr_mixture_pair glr_mixture::make_pair(std::size_t K, double sigma, double delta, mixture_grid grid) {
  auto [w, threshold] = mixture_detail::check_mixture_rule("lilucb::bandit::stopping::glr_mixture", K, sigma, delta, grid);
  mixture_detail::check_common_share("lilucb::bandit::stopping::glr_mixture", grid,
                                     "Proposition M's prior is a common scale");
  const std::size_t G = grid.rho.size();
  const bool sorted = std::is_sorted(grid.rho.begin(), grid.rho.end());
  // sum_{k >= m} w_k (its logarithm, rounded up by the factor 1 + 1e-12 that covers the
  // rounding of exp, + and log, is taken on first use).
  double acc = 0;
  for (std::size_t m = G; m-- > 0;) w[m] = acc += w[m];
  return glr_mixture_pair{sigma,
                          std::move(grid),
                          G,
                          threshold,
                          sorted,
                          std::vector<double>(K * G, 0.0),
                          std::vector<std::uint64_t>(K, 0),
                          std::move(w),
                          std::vector<double>(G, std::numeric_limits<double>::quiet_NaN()),
                          std::vector<glr_mixture_pair::cached_bound>(K)};
}

}  // namespace lilucb::bandit::stopping
