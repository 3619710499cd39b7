// How much evidence beyond the union's threshold Proposition M1 needs, and how much of it any prior
// over the mixture scales could remove (docs/certified-glr/results.md, "The floor of the one-sided
// mixture").  A computation, not a product rule.
//
//   build/bin/lilucb_mixture_floor > docs/data/mixture_floor.tsv
//
// For a pair with counts (N_a, N_b), sigma = 0.5, and a threshold c = log((K - 1)/delta), the
// overhead of a statistic is Z* - c, where Z* is the plain GLR statistic
// Z = (mu_hat_a - mu_hat_b)^2/(2 sigma^2 (1/N_a + 1/N_b)) at which the statistic reaches c (the gap
// is found by bisection; every statistic here grows with the gap).  Columns:
//   default   S1 of glr_one_sided_statistic with the library's grid (rho_k = 2^k, k = 0..40,
//             w_k = 1/((k+1)(k+2)));
//   floor     inf over m of sup over rho > 0 of h_rho(m), the one-scale exponent of
//             detail/one_sided_mixture.hpp with weight 1.  For ANY prior over the scales (a grid or a density,
//             total weight <= 1), log sum_k w_k e^{h_k(m)} <= sup_rho h_rho(m) at every m, so its S1
//             is at most this infimum: no prior makes a pair pass with less evidence.  Computed
//             with sup over log2(rho) in [-6, 26] by steps of 0.01 and a golden-section search in m
//             (h_rho is convex in m, and so is their supremum), to about 0.01 nat.
//   oracle_rho  the scale attaining the supremum at the floor's minimiser;
//   per_arm_floor  the same floor when each arm of the pair has its own scale (a product of one
//             prior per arm, as Proposition P2 of docs/certified-glr/propositions.md uses): the
//             exponent separates, sup over (rho_a, rho_b) = sup_rho_a [arm a's half] + sup_rho_b
//             [arm b's half], so no such prior makes a pair pass with less evidence either.
//             Equal to the floor when the counts are equal (the two scales then agree).
//
//   build/bin/lilucb_mixture_floor pooled > docs/data/pooled_overhead.tsv
//
// The same overhead for the pooled pair (V_c, c) of Propositions P and P2 (stopping/glr_pooled.hpp)
// at their threshold c = log(1/delta) (no union): N_a is the pooled arm's count, N_b arm c's.
// Columns: shared (Proposition P: S1 with the default grid, one scale for the pair), per_arm
// (Proposition P2: glr_pooled_per_arm_statistic with make_per_arm_grid(), one scale per arm),
// per_arm_default (P2's product prior on the default grid), and per_arm_floor as above; and two
// joint priors over the pair's scales (rho_V, rho_c) = (2^a, 2^(a + r)), a = -4..16 (P2's flat
// core), |r| <= 3 (scales within a factor 8): band (weight 1/147 on each of these 147 pairs) and
// band_product (half the weight on the band, half on P2's product prior).  Any sub-probability
// prior over pairs of scales gives a supermartingale with M_0 <= 1 (Proposition P2's step 2 with a
// joint weight w_{a,b} in place of w_a w_b), so each is a certified candidate; their statistic is
// the infimum over m of a log-sum of convex functions of m (golden-section search, as the floor).
#include "lilucb/bandit/detail/one_sided_mixture.hpp"
#include "lilucb/bandit/stopping/glr_mixture.hpp"
#include "lilucb/bandit/stopping/glr_one_sided.hpp"
#include "lilucb/bandit/stopping/glr_pooled.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <utility>
#include <vector>

namespace st = lilucb::bandit::stopping;
namespace od = lilucb::bandit::one_sided_mixture;

namespace {

constexpr double sigma = 0.5;

/// sup over the scan of log2(rho) of h_rho(m), weight 1, for arm a at mean g and arm b at mean 0.
double sup_h(double na, double nb, double g, double m, double* arg_rho = nullptr) {
  double sup = -INFINITY;
  for (double lr = -6; lr <= 26; lr += 0.01) {
    const double rho = std::exp2(lr);
    const double ua = na * (g - m) / (sigma * std::sqrt(na + rho));
    const double ub = nb * m / (sigma * std::sqrt(nb + rho));
    const double h = 2 * std::log(2.0) - 0.5 * std::log1p(na / rho) - 0.5 * std::log1p(nb / rho) + od::F(ua).f + od::F(ub).f;
    if (h > sup) {
      sup = h;
      if (arg_rho) *arg_rho = rho;
    }
  }
  return sup;
}

/// sup over the scan of log2(rho) of one arm's half of h_rho: log 2 - 1/2 log(1 + N/rho) + F(u),
/// u = N d/(sigma sqrt(N + rho)) (d = mu_hat_a - m for arm a, m - mu_hat_b for arm b).
double sup_half(double n, double d) {
  double sup = -INFINITY;
  for (double lr = -6; lr <= 26; lr += 0.01) {
    const double rho = std::exp2(lr);
    sup = std::max(sup, std::log(2.0) - 0.5 * std::log1p(n / rho) + od::F(n * d / (sigma * std::sqrt(n + rho))).f);
  }
  return sup;
}

/// inf over m in [0, g] of a convex function of m (golden-section search; the minimiser lies
/// between the means).
template <class Fn>
double golden_min(double g, Fn f, double* at = nullptr) {
  const double r = (std::sqrt(5.0) - 1) / 2;
  double lo = 0, hi = g, x1 = hi - r * (hi - lo), x2 = lo + r * (hi - lo);
  double f1 = f(x1), f2 = f(x2);
  for (int i = 0; i < 50; ++i) {
    if (f1 <= f2) {
      hi = x2; x2 = x1; f2 = f1; x1 = hi - r * (hi - lo); f1 = f(x1);
    } else {
      lo = x1; x1 = x2; f1 = f2; x2 = lo + r * (hi - lo); f2 = f(x2);
    }
  }
  if (at) *at = 0.5 * (lo + hi);
  return f(0.5 * (lo + hi));
}

/// One arm's half of a term at scale rho: log 2 - 1/2 log(1 + N/rho) + F(u), u = N d/(sigma sqrt(N + rho)).
double half_term(double n, double d, double rho) {
  return std::log(2.0) - 0.5 * std::log1p(n / rho) + od::F(n * d / (sigma * std::sqrt(n + rho))).f;
}

/// log sum_i exp(v_i) of a non-empty list.
double log_sum(const std::vector<double>& v) {
  const double top = *std::max_element(v.begin(), v.end());
  double s = 0;
  for (double x : v) s += std::exp(x - top);
  return top + std::log(s);
}

/// The joint priors of the file comment: inf over m of the log-sum over the band's pairs of scales
/// (weight `band_weight` spread evenly), plus (when band_weight < 1) the rest of the weight on P2's
/// product prior (make_per_arm_grid() for each arm).
double joint_statistic(double na, double nb, double g, double band_weight, const st::mixture_grid& per_arm) {
  const auto h = [&](double m) {
    std::vector<double> band;
    for (int a = -4; a <= 16; ++a)
      for (int r = -3; r <= 3; ++r)
        band.push_back(std::log(band_weight / 147.0) + half_term(na, g - m, std::exp2(a)) +
                       half_term(nb, m, std::exp2(a + r)));
    if (band_weight >= 1) return log_sum(band);
    std::vector<double> va, vb;
    for (std::size_t k = 0; k < per_arm.rho.size(); ++k) {
      va.push_back(per_arm.log_weight[k] + half_term(na, g - m, per_arm.rho[k]));
      vb.push_back(per_arm.log_weight[k] + half_term(nb, m, per_arm.rho[k]));
    }
    return log_sum({log_sum(band), std::log(1 - band_weight) + log_sum(va) + log_sum(vb)});
  };
  return golden_min(g, h);
}

/// The per-arm floor's statistic: inf over m of sup_half(a) + sup_half(b).
double per_arm_floor_statistic(double na, double nb, double g) {
  return golden_min(g, [&](double m) { return sup_half(na, g - m) + sup_half(nb, m); });
}

/// inf over m in [0, g] of sup_h (golden-section search; the minimiser lies between the means).
double floor_statistic(double na, double nb, double g, double* arg_rho = nullptr) {
  double m = 0;
  golden_min(g, [&](double x) { return sup_h(na, nb, g, x); }, &m);
  return sup_h(na, nb, g, m, arg_rho);
}

/// Z at which `stat(gap)` reaches c (bisection on the gap).
template <class Stat>
double z_needed(double na, double nb, double c, Stat stat) {
  double lo = 0, hi = 1;
  while (stat(hi) < c) hi *= 2;
  for (int i = 0; i < 50; ++i) {
    const double mid = 0.5 * (lo + hi);
    (stat(mid) >= c ? hi : lo) = mid;
  }
  return hi * hi / (2 * sigma * sigma) / (1 / na + 1 / nb);
}

/// The table of the pooled pair (file comment).
void pooled_table() {
  const auto grid = st::make_mixture_grid(40), per_arm = st::make_per_arm_grid();
  std::printf("delta\tthreshold\tN_a\tN_b\tshared_overhead\tper_arm_overhead\tper_arm_default_overhead\tper_arm_floor_overhead"
              "\tjoint_band_overhead\tjoint_band_product_overhead\n");
  for (const double delta : {0.1, 0.01, 0.001}) {
    const double c = std::log(1 / delta);
    for (const auto& [na, nb] : {std::pair{30.0, 30.0}, {300.0, 300.0}, {3000.0, 3000.0}, {3000.0, 1000.0},
                                 {3000.0, 300.0}, {3000.0, 100.0}, {3000.0, 30.0}, {30000.0, 300.0},
                                 {100000.0, 100000.0}}) {
      const auto na64 = std::uint64_t(na), nb64 = std::uint64_t(nb);
      const double zs = z_needed(na, nb, c, [&](double g) { return st::glr_one_sided_statistic(sigma, grid, na64, g, nb64, 0.0); });
      const double zp = z_needed(na, nb, c, [&](double g) { return st::glr_pooled_per_arm_statistic(sigma, per_arm, na64, g, nb64, 0.0); });
      const double zd = z_needed(na, nb, c, [&](double g) { return st::glr_pooled_per_arm_statistic(sigma, grid, na64, g, nb64, 0.0); });
      const double zf = z_needed(na, nb, c, [&](double gap) { return per_arm_floor_statistic(na, nb, gap); });
      const double zb = z_needed(na, nb, c, [&](double gap) { return joint_statistic(na, nb, gap, 1.0, per_arm); });
      const double zbp = z_needed(na, nb, c, [&](double gap) { return joint_statistic(na, nb, gap, 0.5, per_arm); });
      std::printf("%g\t%.3f\t%.0f\t%.0f\t%.2f\t%.2f\t%.2f\t%.2f\t%.2f\t%.2f\n", delta, c, na, nb, zs - c, zp - c, zd - c,
                  zf - c, zb - c, zbp - c);
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 1 && std::strcmp(argv[1], "pooled") == 0) {
    pooled_table();
    return 0;
  }
  const auto grid = st::make_mixture_grid(40);
  std::printf("K\tdelta\tthreshold\tN_a\tN_b\tdefault_overhead\tfloor_overhead\toracle_rho\tper_arm_floor_overhead\n");
  for (const auto& [K, delta] : {std::pair{101, 0.1}, {101, 0.01}, {101, 0.001}, {5, 0.1}, {5, 0.01}, {5, 0.001}}) {
    const double c = std::log((K - 1) / delta);
    for (const auto& [na, nb] : {std::pair{30.0, 30.0}, {300.0, 300.0}, {3000.0, 3000.0}, {3000.0, 1000.0},
                                 {3000.0, 300.0}, {3000.0, 30.0}}) {
      const double zd = z_needed(na, nb, c, [&](double g) {
        return st::glr_one_sided_statistic(sigma, grid, std::uint64_t(na), g, std::uint64_t(nb), 0.0);
      });
      const double zf = z_needed(na, nb, c, [&](double g) { return floor_statistic(na, nb, g); });
      double rho = 0;
      const double g = std::sqrt(zf * 2 * sigma * sigma * (1 / na + 1 / nb));
      floor_statistic(na, nb, g, &rho);
      const double zp = z_needed(na, nb, c, [&](double gap) { return per_arm_floor_statistic(na, nb, gap); });
      std::printf("%d\t%g\t%.3f\t%.0f\t%.0f\t%.2f\t%.2f\t%.3g\t%.2f\n", K, delta, c, na, nb, zd - c, zf - c, rho, zp - c);
    }
  }
}
