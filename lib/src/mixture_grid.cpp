// The bodies of the mixture grids (lilucb/bandit/detail/mixture_grid.hpp states each function's
// contract).

#include "lilucb/bandit/detail/mixture_grid.hpp"

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

mixture_grid make_mixture_grid(unsigned k_max, mixture_combine combine) {
  check_half_open_interval("lilucb::bandit::stopping::make_mixture_grid", "k_max", double(k_max), 0.0, 61.0);
  const auto build = [](unsigned km, mixture_combine c) {
    mixture_grid g;
    for (unsigned k = 0; k <= km; ++k) {
      g.rho.push_back(std::ldexp(1.0, int(k)));
      g.log_weight.push_back(-std::log((double(k) + 1) * (double(k) + 2)));
    }
    g.label = c == mixture_combine::max ? "grid" : "grid, log-sum";
    g.combine = c;
    return g;
  };
  // The default grid is built once (a run constructs its stopping rule each time).
  if (k_max == 40) {
    static const mixture_grid default_max = build(40, mixture_combine::max);
    static const mixture_grid default_log_sum = build(40, mixture_combine::log_sum);
    return combine == mixture_combine::max ? default_max : default_log_sum;
  }
  return build(k_max, combine);
}

mixture_grid make_banded_mixture_grid(int band_lo, int band_hi, double band_mass,
                                      unsigned k_max) {
  constexpr const char* fn = "lilucb::bandit::stopping::make_banded_mixture_grid";
  check_half_open_interval(fn, "k_max", double(k_max), 0.0, 61.0);
  const double lo_min = double(k_max) - 63;
  if (!(double(band_lo) >= lo_min && band_lo <= band_hi))
    ::lilucb::detail::raise_domain_error(fn, "band_lo", std::to_string(band_lo),
                                       "[" + std::to_string(int(k_max) - 63) + ", band_hi = " + std::to_string(band_hi) + "]");
  if (!(band_hi >= band_lo && band_hi <= int(k_max)))
    ::lilucb::detail::raise_domain_error(fn, "band_hi", std::to_string(band_hi),
                                       "[band_lo = " + std::to_string(band_lo) + ", k_max = " + std::to_string(k_max) + "]");
  check_open_interval(fn, "band_mass", band_mass, 0.0, 1.0);
  mixture_grid g;
  const double flat = band_mass / double(band_hi - band_lo + 1);
  for (int k = std::min(band_lo, 0); k <= int(k_max); ++k) {
    g.rho.push_back(std::ldexp(1.0, k));
    const double w = (k >= band_lo && k <= band_hi ? flat : 0.0) +
                     (k >= 0 ? (1 - band_mass) / ((double(k) + 1) * (double(k) + 2)) : 0.0);
    g.log_weight.push_back(std::log(w));
  }
  char buf[160];
  std::snprintf(buf, sizeof buf, "banded prior: rho = 2^k, k = %d..%u, %g of the weight flat on k = %d..%d, %g as 1/((k+1)(k+2)) on k >= 0",
                std::min(band_lo, 0), k_max, band_mass, band_lo, band_hi, 1 - band_mass);
  g.label = buf;
  return g;
}

mixture_grid make_epsilon_mixture_grid(double sigma, double epsilon) {
  constexpr const char* fn = "lilucb::bandit::stopping::make_epsilon_mixture_grid";
  check_positive(fn, "sigma", sigma);
  check_positive(fn, "epsilon", epsilon);
  // sigma = fs 2^es, epsilon = fe 2^ee with fs, fe in [1/2, 1), so 4 sigma^2/epsilon^2 = q^2 2^(2(es - ee) + 2)
  // with q = fs/fe in (1/2, 2), and hi = 2(es - ee) + 2 + ceil(log2 q^2), ceil(log2 q^2) in {-1, 0, 1, 2}:
  // 0 exactly when fs == fe (a power-of-two ratio, compared exactly); otherwise the boundary is q^2 = 1/2
  // or 2, which no pair of doubles reaches (sqrt 2 is irrational), so the rounded comparison decides it.
  int es = 0, ee = 0;
  const double fs = std::frexp(sigma, &es), fe = std::frexp(epsilon, &ee);
  const int c = fs == fe ? 0 : fs < fe ? (2 * fs * fs > fe * fe ? 0 : -1) : (fs * fs > 2 * fe * fe ? 2 : 1);
  const int hi = std::clamp(2 * (es - ee) + 2 + c, 0, 40);
  return make_banded_mixture_grid(0, hi, 0.9, 40);
}

mixture_grid make_joint_mixture_grid() {
  mixture_grid g = make_banded_mixture_grid(-4, 16, 0.9, 40);
  g.common_share = 0.5;
  return g;
}

mixture_grid make_fixed_rho(double rho) {
  check_positive("lilucb::bandit::stopping::make_fixed_rho", "rho", rho);
  mixture_grid g;
  g.rho = {rho};
  g.log_weight = {0.0};
  char buf[64];
  std::snprintf(buf, sizeof buf, "rho=%g", rho);
  g.label = buf;
  return g;
}

std::string describe_grid(const mixture_grid& g) {
  const std::size_t G = g.rho.size();
  bool dyadic = G >= 1 && G == g.log_weight.size() && g.common_share == 1;
  for (std::size_t k = 0; dyadic && k < G; ++k)
    dyadic = g.rho[k] == std::ldexp(1.0, int(k)) &&
             g.log_weight[k] == -std::log((double(k) + 1) * (double(k) + 2));
  if (dyadic) return "grid rho = 2^k, k = 0.." + std::to_string(G - 1) + ", weights 1/((k+1)(k+2))";
  if (G == 1 && g.log_weight.size() == 1 && g.log_weight[0] == 0.0 && g.common_share == 1 && g.label.rfind("rho=", 0) == 0)
    return g.label;
  double lo = std::numeric_limits<double>::infinity(), hi = 0, total = 0;
  for (std::size_t k = 0; k < G; ++k) {
    lo = std::min(lo, g.rho[k]);
    hi = std::max(hi, g.rho[k]);
    if (k < g.log_weight.size()) total += std::exp(g.log_weight[k]);
  }
  char buf[160];
  std::snprintf(buf, sizeof buf, "a grid of %zu scales rho in [%g, %g] with prior weights summing to %.6g", G, lo, hi,
                total);
  std::string out = std::string(buf) + (g.label.empty() ? "" : " (" + g.label + ")");
  if (g.common_share < 1) {
    char share[128];
    std::snprintf(share, sizeof share, "%g of it on a common scale, %g on one scale per arm", g.common_share,
                  1 - g.common_share);
    out += std::string("; a joint prior over the pair's two scales: ") + share +
           " (docs/certified-glr/epsilon-topm.md, section 8)";
  }
  return out;
}

void mixture_detail::check_common_share(const char* fn, const mixture_grid& g, const char* only_one) {
  const bool ok = only_one ? g.common_share == 1 : g.common_share >= 0 && g.common_share <= 1;
  if (!ok)
    ::lilucb::detail::raise_domain_error(fn, "grid common_share", std::to_string(g.common_share),
                                       only_one ? std::string("1 (") + only_one + ")" : std::string("[0, 1]"));
}

mixture_detail::checked_rule mixture_detail::check_mixture_rule(const char* fn, std::size_t K, double sigma, double delta, const mixture_grid& grid) {
  check_at_least(fn, "K", double(K), 1.0);
  check_positive(fn, "sigma", sigma);
  check_open_interval(fn, "delta", delta, 0.0, 1.0);
  const std::size_t G = grid.rho.size();
  if (G == 0 || G > 64 || grid.log_weight.size() != G)
    ::lilucb::detail::raise_domain_error(fn, "grid", std::to_string(G) + " scales", "1 to 64 scales with one weight each");
  double wsum = 0;
  std::vector<double> w(G);
  for (std::size_t k = 0; k < G; ++k) {
    check_positive(fn, "rho", grid.rho[k]);
    w[k] = std::exp(grid.log_weight[k]);
    wsum += w[k];
  }
  if (!(wsum <= 1 + 1e-12)) ::lilucb::detail::raise_domain_error(fn, "grid weights", std::to_string(wsum), "a sum <= 1");
  check_common_share(fn, grid);
  return {std::move(w), K >= 2 ? std::log(double(K - 1) / delta) : 0.0};
}

}  // namespace lilucb::bandit::stopping
