// T* of Gaussian arms of unknown variances (lilucb/theory/characteristic_time_unknown_variance.hpp states
// the program and the solver; the derivation: docs/bandit.md).

#include "lilucb/theory/characteristic_time_unknown_variance.hpp"

#include "lilucb/errors.hpp"

#include <cmath>
#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace lilucb {

namespace uv_time_impl {

/// The pair in units of its gap: z = (mu_1 - m)/Delta in [0, 1] and w = 1 - z, s1 = sigma_1/Delta,
/// sa = sigma_a/Delta; h = d_1 + x d_a with d_1 = (1/2) log1p(z^2/s1^2), d_a = (1/2) log1p(w^2/sa^2).
/// A point is kept as the pair (z, w), each to its own relative precision (the minimizer may sit
/// within 1e-9 of either end, where 1 - z would lose it).
struct pair_problem {
  double s1sq, sasq, x;
  double d1(double z) const { return 0.5 * std::log1p(z * z / s1sq); }
  double da(double w) const { return 0.5 * std::log1p(w * w / sasq); }
};

/// The roots in [lo, hi] of c3 t^3 + c2 t^2 + c1 t + c0 (c3 > 0): bisection on the monotone pieces
/// between the roots of the derivative, each to the last bit.
std::vector<double> cubic_roots(double c3, double c2, double c1, double c0, double lo, double hi) {
  const auto f = [&](double t) { return ((c3 * t + c2) * t + c1) * t + c0; };
  std::vector<double> cuts{lo};
  const double A = 3 * c3, B = 2 * c2, C = c1, disc = B * B - 4 * A * C;
  if (disc > 0) {
    const double r = std::sqrt(disc);
    const double q = -0.5 * (B + (B < 0 ? -r : r));  // stable roots q/A and C/q
    std::vector<double> crit{q / A};
    if (q != 0) crit.push_back(C / q);
    std::sort(crit.begin(), crit.end());
    for (double c : crit)
      if (c > lo && c < hi) cuts.push_back(c);
  }
  cuts.push_back(hi);
  std::vector<double> roots;
  for (std::size_t i = 0; i + 1 < cuts.size(); ++i) {
    double a = cuts[i], b = cuts[i + 1];
    const bool neg_a = f(a) <= 0;
    if (neg_a == (f(b) <= 0)) continue;
    for (int k = 0; k < 1100; ++k) {
      const double mid = a + (b - a) / 2;
      if (!(mid > a && mid < b)) break;
      if ((f(mid) <= 0) == neg_a) a = mid;
      else b = mid;
    }
    roots.push_back(a + (b - a) / 2);
  }
  return roots;
}

/// A global minimizer (z, w) of h: the two ends and the stationary points, found as roots of the
/// stationarity cubic in z on [0, 3/4] (z (sa^2 + w^2) = x w (s1^2 + z^2)) and of the same cubic in
/// w on [0, 3/4], so that each candidate near an end is computed from that end.
std::pair<double, double> minimizer(const pair_problem& p) {
  if (p.x == 0) return {0.0, 1.0};
  std::vector<std::pair<double, double>> cand{{0.0, 1.0}, {1.0, 0.0}};
  const double x = p.x, s1 = p.s1sq, sa = p.sasq;
  // In z: (1 + x) z^3 - (2 + x) z^2 + (sa^2 + 1 + x s1^2) z - x s1^2.
  // The two searches overlap (each on [0, 3/4]) so that no root sits on a search's end; 1 - t is
  // exact for t in [1/2, 3/4].
  for (double z : cubic_roots(1 + x, -(2 + x), sa + 1 + x * s1, -x * s1, 0.0, 0.75)) cand.push_back({z, 1 - z});
  // In w: (x + 1) w^3 - (2x + 1) w^2 + (x s1^2 + x + sa^2) w - sa^2.
  for (double w : cubic_roots(x + 1, -(2 * x + 1), x * s1 + x + sa, -sa, 0.0, 0.75)) cand.push_back({1 - w, w});
  std::pair<double, double> best = cand[0];
  double best_h = std::numeric_limits<double>::infinity();
  for (const auto& [z, w] : cand) {
    const double h = p.d1(z) + x * p.da(w);
    if (h < best_h) best_h = h, best = {z, w};
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
  const auto [z, w] = uv_time_impl::minimizer(p);
  return {p.d1(z), p.da(w)};
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
    const auto [z, w] = uv_time_impl::minimizer(p);
    return std::pair<double, double>(p.d1(z), p.da(w));
  };
  const auto g = [&](std::size_t a, double x) {
    const auto [d1, da] = at(a, x);
    return d1 + x * da;
  };
  // x_a(y): the smallest x with g_a(x) >= y (g_a increases from 0 towards d_1(mu_a) > y), by
  // bisection on that predicate.  Past a jump of the pair's minimizer g_a can be flat to a few ulps
  // of y over a long stretch of x: the smallest such x is the optimum's, a root finder's midpoint
  // would not be.
  const auto x_of = [&](std::size_t a, double y) {
    double lo = 0, hi = 1;
    while (g(a, hi) < y && hi < 1e300) lo = hi, hi *= 2;
    for (int k = 0; k < 2200; ++k) {
      const double mid = lo + (hi - lo) / 2;
      if (!(mid > lo && mid < hi)) break;
      if (g(a, mid) >= y) hi = mid;
      else lo = mid;
    }
    return hi;
  };
  // F(y) = sum_a d_1/d_a at x_a(y), minus 1: nondecreasing, with jumps where a pair's minimizer
  // jumps.  1/T* = max over y of y/(1 + sum x_a(y)), whose derivative has the sign of -F: the
  // optimum is where F changes sign (at a jump too, where F = 0 fails).
  const auto F_nonnegative = [&](double y) {
    double s = -1;
    for (std::size_t a = 0; a < n; ++a) {
      if (a == best) continue;
      const auto [d1, da] = at(a, x_of(a, y));
      if (!(da > 0)) return true;  // d_1/d_a = +inf
      s += d1 / da;
    }
    return s >= 0;
  };
  // Bisection on F >= 0 over (0, y_top); the answer is read at the end where F < 0 (x_a continuous
  // there), or at the top when F stays negative up to the last double below y_top.
  double lo = 0, hi = y_top;
  for (int k = 0; k < 2200; ++k) {
    const double mid = lo + (hi - lo) / 2;
    if (!(mid > lo && mid < hi)) break;
    if (F_nonnegative(mid)) hi = mid;
    else lo = mid;
  }
  const double y = lo > 0 ? lo : hi;
  auto res = detail::proportions_from_root<double>(best, n, y, [&](std::size_t a) { return x_of(a, y); });
  if (!(std::isfinite(res.t_star) && res.t_star > 0))
    detail::raise_domain_error(fn, "means", "T* = " + detail::format_value(res.t_star),
                               "values whose T* is a finite positive number");
  return res;
}

}  // namespace lilucb
