#pragma once
// Reference computations of the one-sided (half-normal) Gaussian mixture of Proposition M1
// (docs/certified-glr/propositions.md), written from the proposition's formulas and independent of the kernel
// under test (lib/include/lilucb/bandit/detail/one_sided_mixture.hpp): numerical integration of
// one arm's half-normal mixture, F(u) = u^2/2 + log Phi(u) in long double, h(m) from its
// definition, and the minimum of h on the line m_a = m_b = m by a grid and a ternary search.
// Shared by tests/bandit/test_one_sided_mixture.cpp and tests/bandit/stopping/test_glr_one_sided.cpp.

#include "lilucb/bandit/detail/mixture_grid.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace lilucb_test {

// log of the half-normal mixture of one arm, by the trapezoid rule over lambda in [0, 12 sd]:
// int_0^inf exp(lambda X - lambda^2 sigma^2 N/2) 2 phi_v(lambda) dlambda, v = 1/(sigma^2 rho).
inline double half_normal_mixture_by_quadrature(double X, double N, double sigma, double rho) {
  const double v = 1 / (sigma * sigma * rho), sd = std::sqrt(v);
  const double mode = std::max(0.0, v * X / (1 + v * sigma * sigma * N));  // the integrand's peak
  const double hi = mode + 12 * sd + 12 / std::sqrt(sigma * sigma * N + 1 / v);
  const int steps = 200000;
  const double h = hi / steps;
  long double sum = 0;
  for (int i = 0; i <= steps; ++i) {
    const long double l = h * i;
    const long double f = std::exp((long double)l * X - l * l * sigma * sigma * N / 2 - l * l / (2 * v)) * 2 /
                          std::sqrt(2 * M_PI * v);
    sum += (i == 0 || i == steps ? 0.5L : 1.0L) * f;
  }
  return double(std::log(sum * h));
}

// F(u) = u^2/2 + log Phi(u) in long double: from erfc while it is a normal long double, else from
// the asymptotic series of erfcx (x = -u/sqrt 2 > 60: truncation error below 1e-15 relative).
inline long double reference_F(long double u) {
  const long double x = -u / std::sqrt(2.0L);
  if (x < 60) return u * u / 2 + std::log(0.5L * std::erfc(x));
  const long double y = 1 / (x * x);
  const long double ex = (1 - y / 2 + 3 * y * y / 4 - 15 * y * y * y / 8 + 105 * y * y * y * y / 16) / (x * std::sqrt(M_PIl));
  return std::log(0.5L * ex);
}

// log sum_i exp(v_i) in long double.
inline long double reference_log_sum(const std::vector<long double>& v) {
  long double best = -INFINITY;
  for (long double x : v) best = std::max(best, x);
  if (!std::isfinite(best)) return best;
  long double s = 0;
  for (long double x : v) s += std::exp(x - best);
  return best + std::log(s);
}

// h(m) of Proposition M1 in long double, from the definition of F (u^2/2 + log Phi(u)).  A grid
// whose common_share alpha is below 1 is the joint prior: alpha on the common scales, 1 - alpha on
// the product of one half-normal mixture per arm, each over the grid (docs/certified-glr/epsilon-topm.md,
// section 8, "The prior over the scales").
inline long double direct_h(double sigma, const lilucb::bandit::stopping::mixture_grid& g, double na, double ma, double nb, double mb, long double m) {
  if (g.common_share < 1) {
    auto common = g;
    common.common_share = 1;
    std::vector<long double> va, vb;
    for (std::size_t k = 0; k < g.rho.size(); ++k) {
      const long double rho = g.rho[k];
      const long double ua = na * (ma - m) / (sigma * std::sqrt(na + rho)), ub = nb * (m - mb) / (sigma * std::sqrt(nb + rho));
      va.push_back(g.log_weight[k] + std::log(2.0L) - 0.5L * std::log1p(na / rho) + reference_F(ua));
      vb.push_back(g.log_weight[k] + std::log(2.0L) - 0.5L * std::log1p(nb / rho) + reference_F(ub));
    }
    std::vector<long double> two{std::log((long double)g.common_share) + direct_h(sigma, common, na, ma, nb, mb, m),
                                 std::log1p(-(long double)g.common_share) + reference_log_sum(va) + reference_log_sum(vb)};
    return reference_log_sum(two);
  }
  std::vector<long double> v;
  long double best = -INFINITY;
  for (std::size_t k = 0; k < g.rho.size(); ++k) {
    const long double rho = g.rho[k];
    const long double ua = na * (ma - m) / (sigma * std::sqrt(na + rho)), ub = nb * (m - mb) / (sigma * std::sqrt(nb + rho));
    const long double x = g.log_weight[k] + 2 * std::log(2.0L) - 0.5L * std::log1p(na / rho) - 0.5L * std::log1p(nb / rho) +
                          reference_F(ua) + reference_F(ub);
    v.push_back(x);
    best = std::max(best, x);
  }
  long double s = 0;
  for (long double x : v) s += std::exp(x - best);
  return best + std::log(s);
}

// The minimum of direct_h on the line m_a = m_b = m: a grid of n + 1 points on
// [mu_hat_b - 2, mu_hat_a + 2], then a ternary search between the grid minimum's neighbours (h is
// convex: Proposition M1, step 3).
inline long double line_minimum(double sigma, const lilucb::bandit::stopping::mixture_grid& g, double na, double ma, double nb, double mb, int n) {
  const double lo = mb - 2.0, hi = ma + 2.0;
  int best_i = 0;
  long double line_min = INFINITY;
  for (int i = 0; i <= n; ++i) {
    const long double v = direct_h(sigma, g, na, ma, nb, mb, lo + (hi - lo) * i / n);
    if (v < line_min) {
      line_min = v;
      best_i = i;
    }
  }
  long double l = lo + (hi - lo) * std::max(0, best_i - 1) / n, r = lo + (hi - lo) * std::min(n, best_i + 1) / n;
  for (int it = 0; it < 100; ++it) {
    const long double m1 = l + (r - l) / 3, m2 = r - (r - l) / 3;
    if (direct_h(sigma, g, na, ma, nb, mb, m1) < direct_h(sigma, g, na, ma, nb, mb, m2)) r = m2;
    else l = m1;
  }
  return std::min(line_min, direct_h(sigma, g, na, ma, nb, mb, (l + r) / 2));
}

}  // namespace lilucb_test
