// T* of Gaussian arms of unknown variances (lilucb/characteristic_time_unknown_variance.hpp states
// the program and the solver; the derivation: docs/bandit.md).

#include "lilucb/characteristic_time_unknown_variance.hpp"

#include "lilucb/errors.hpp"

#include <cmath>
#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace lilucb {

namespace uv_time_impl {

/// The pair in units of its gap: z = (mu_1 - m)/Delta in [0, 1], s1 = sigma_1/Delta, sa = sigma_a/Delta;
/// h(z) = d_1 + x d_a with d_1 = (1/2) log1p(z^2/s1^2), d_a = (1/2) log1p((1 - z)^2/sa^2).
struct pair_problem {
  double s1sq, sasq, x;
  double d1(double z) const { return 0.5 * std::log1p(z * z / s1sq); }
  double da(double z) const {
    const double w = 1 - z;  // exact for z in [1/2, 1]
    return 0.5 * std::log1p(w * w / sasq);
  }
  double h(double z) const { return d1(z) + x * da(z); }
  /// The stationarity cubic (h'(z) = 0 after clearing the denominators):
  /// phi(z) = (1 + x) z^3 - (2 + x) z^2 + (sa^2 + 1 + x s1^2) z - x s1^2, phi(0) <= 0 < phi(1).
  double phi(double z) const { return ((1 + x) * z - (2 + x)) * z * z + (sasq + 1 + x * s1sq) * z - x * s1sq; }
};

/// A root of phi on [lo, hi] where phi changes sign, by bisection to the last bit.
double bisect(const pair_problem& p, double lo, double hi) {
  double flo = p.phi(lo);
  for (int i = 0; i < 200; ++i) {
    const double mid = lo + (hi - lo) / 2;
    if (!(mid > lo && mid < hi)) break;
    const double f = p.phi(mid);
    if ((f <= 0) == (flo <= 0)) {
      lo = mid;
      flo = f;
    } else {
      hi = mid;
    }
  }
  return lo + (hi - lo) / 2;
}

/// The global minimizer of h on [0, 1]: the ends and the cubic's roots, found on the monotone
/// pieces between the quadratic phi' = 3(1 + x) z^2 - 2(2 + x) z + (sa^2 + 1 + x s1^2)'s roots.
double minimizer(const pair_problem& p) {
  std::vector<double> cuts{0.0};
  const double A = 3 * (1 + p.x), B = -2 * (2 + p.x), C = p.sasq + 1 + p.x * p.s1sq;
  const double disc = B * B - 4 * A * C;
  if (disc > 0) {
    const double r = std::sqrt(disc);
    // Stable roots of the quadratic (B < 0).
    const double q = -0.5 * (B - r);
    for (double c : {q / A, C / q})
      if (c > 0 && c < 1) cuts.push_back(c);
    if (cuts.size() == 3 && cuts[1] > cuts[2]) std::swap(cuts[1], cuts[2]);
  }
  cuts.push_back(1.0);
  double best = 0, best_h = p.h(0);
  const double h1 = p.h(1);
  if (h1 < best_h) best = 1, best_h = h1;
  for (std::size_t i = 0; i + 1 < cuts.size(); ++i) {
    const double lo = cuts[i], hi = cuts[i + 1];
    if ((p.phi(lo) <= 0) == (p.phi(hi) <= 0)) continue;
    const double z = bisect(p, lo, hi);
    const double v = p.h(z);
    if (v < best_h) best = z, best_h = v;
  }
  return best;
}

}  // namespace uv_time_impl

std::pair<double, double> unknown_variance_pair_minimum(double mu1, double sigma1, double mua, double sigmaa,
                                                        double x) {
  constexpr const char* fn = "lilucb::unknown_variance_pair_minimum";
  check_finite(fn, "mu1", mu1);
  check_finite(fn, "mua", mua);
  if (!(mu1 > mua)) detail::raise_domain_error(fn, "mua", detail::format_value(mua), "below mu1 = " + detail::format_value(mu1));
  detail::check_gaussian_sigma(fn, sigma1);
  detail::check_gaussian_sigma(fn, sigmaa);
  if (!(x >= 0 && std::isfinite(x))) detail::raise_domain_error(fn, "x", detail::format_value(x), "[0, inf) finite");
  const double gap = mu1 - mua;
  const double s1 = sigma1 / gap, sa = sigmaa / gap;
  const uv_time_impl::pair_problem p{s1 * s1, sa * sa, x};
  if (!(p.s1sq > 0 && p.sasq > 0 && std::isfinite(p.s1sq) && std::isfinite(p.sasq) && 1 / p.s1sq < 1e300 &&
        1 / p.sasq < 1e300))
    detail::raise_domain_error(fn, "mua", detail::format_value(mua),
                               "a gap whose ratios to the sigmas and back are finite (at most 1e150)");
  const double z = uv_time_impl::minimizer(p);
  return {p.d1(z), p.da(z)};
}

characteristic_time_result<double> characteristic_time_gaussian_unknown_variance(std::span<const double> means,
                                                                                 std::span<const double> sigmas) {
  constexpr const char* fn = "lilucb::characteristic_time_gaussian_unknown_variance";
  const std::vector<double> mu(means.begin(), means.end());
  const std::size_t best = detail::best_arm_checked(fn, mu);
  const std::size_t n = mu.size();
  if (n < 2) detail::raise_domain_error(fn, "means", "1 arm", "at least two arms (T* is defined for K >= 2)");
  if (sigmas.size() != n)
    detail::raise_domain_error(fn, "sigmas", std::to_string(sigmas.size()) + " values",
                               "one standard deviation per mean (" + std::to_string(n) + ")");
  for (double s : sigmas) detail::check_gaussian_sigma(fn, s);
  // Each pair's problem in gap units; y's range (0, min_a d_1(mu_a)).
  std::vector<uv_time_impl::pair_problem> pairs(n);
  double y_top = std::numeric_limits<double>::infinity();
  for (std::size_t a = 0; a < n; ++a) {
    if (a == best) continue;
    const double gap = mu[best] - mu[a];
    const double s1 = sigmas[best] / gap, sa = sigmas[a] / gap;
    pairs[a] = {s1 * s1, sa * sa, 0.0};
    if (!(gap > 0 && std::isfinite(gap) && pairs[a].s1sq > 0 && pairs[a].sasq > 0 && std::isfinite(pairs[a].s1sq) &&
          std::isfinite(pairs[a].sasq) && 1 / pairs[a].s1sq < 1e300 && 1 / pairs[a].sasq < 1e300))
      detail::raise_domain_error(fn, "means", "gap " + detail::format_value(gap) + " at sigmas " +
                                                 detail::format_value(sigmas[best]) + ", " + detail::format_value(sigmas[a]),
                                 "gaps whose ratios to the sigmas and back are finite (at most 1e150)");
    y_top = std::min(y_top, pairs[a].d1(1.0));
  }
  // g_a(x) and its minimizer's divergences.
  const auto at = [&](std::size_t a, double x) {
    uv_time_impl::pair_problem p = pairs[a];
    p.x = x;
    const double z = uv_time_impl::minimizer(p);
    return std::pair<double, double>(p.d1(z), p.da(z));
  };
  const auto g = [&](std::size_t a, double x) {
    const auto [d1, da] = at(a, x);
    return d1 + x * da;
  };
  // x_a(y): g_a(x) = y, g_a increasing from 0 towards d_1(mu_a) > y.
  const auto x_of = [&](std::size_t a, double y) {
    double lo = 0, hi = 1;
    while (g(a, hi) < y && hi < 1e300) lo = hi, hi *= 2;
    const auto f = [&](double x) { return g(a, x) - y; };
    return detail::increasing_root<double>(f, lo, hi, -y, f(hi));
  };
  const auto F = [&](double y) {
    double s = -1;
    for (std::size_t a = 0; a < n; ++a) {
      if (a == best) continue;
      const auto [d1, da] = at(a, x_of(a, y));
      s += da > 0 ? d1 / da : std::numeric_limits<double>::infinity();
    }
    return s;
  };
  // F rises from -1 at y = 0 to +inf at y_top: move the bracket's top towards y_top until F >= 0.
  double hi = y_top / 2, f_hi = F(hi);
  for (int k = 0; k < 200 && f_hi < 0; ++k) {
    const double next = hi + (y_top - hi) / 2;
    if (!(next > hi && next < y_top)) break;
    hi = next;
    f_hi = F(hi);
  }
  if (!(f_hi >= 0))
    detail::raise_domain_error(fn, "means", "F(y) < 0 up to y = " + detail::format_value(hi),
                               "means and sigmas where the program's root is found");
  const double y = detail::increasing_root<double>(F, 0.0, hi, -1.0, f_hi);
  auto res = detail::proportions_from_root<double>(best, n, y, [&](std::size_t a) { return x_of(a, y); });
  if (!(std::isfinite(res.t_star) && res.t_star > 0))
    detail::raise_domain_error(fn, "means", "T* = " + detail::format_value(res.t_star),
                               "values whose T* is a finite positive number");
  return res;
}

}  // namespace lilucb
