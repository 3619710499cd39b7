// The `complexity` check's statistics (complexity.hpp): least-squares lines, the growth class of a
// measured cost, the median, and the comparison of measurements with a bound.  The claims that use
// them are complexity.cpp.

#include "lilucb_verification/complexity.hpp"

#include "lilucb/clopper_pearson.hpp"
#include "lilucb/errors.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

namespace lilucb::verification {

namespace {

void check_same_size(const char* fn, const char* name, std::size_t got, std::size_t want) {
  if (got != want)
    lilucb::detail::raise_domain_error(fn, name, std::to_string(got), "equal to x.size() = " + std::to_string(want));
}

void check_all_finite(const char* fn, const char* what, const std::vector<double>& v) {
  for (std::size_t k = 0; k < v.size(); ++k) {
    const std::string name = std::string(what) + "[" + std::to_string(k) + "]";
    check_finite(fn, name.c_str(), v[k]);
  }
}

}  // namespace

line_fit least_squares_line(const std::vector<double>& x, const std::vector<double>& y) {
  constexpr const char* fn = "lilucb::verification::least_squares_line";
  if (x.size() < 2)
    lilucb::detail::raise_domain_error(fn, "x.size()", std::to_string(x.size()), "at least 2 points");
  check_same_size(fn, "y.size()", y.size(), x.size());
  check_all_finite(fn, "x", x);
  check_all_finite(fn, "y", y);
  const double m = static_cast<double>(x.size());
  double mx = 0, my = 0;
  for (std::size_t k = 0; k < x.size(); ++k) {
    mx += x[k];
    my += y[k];
  }
  mx /= m;
  my /= m;
  double sxx = 0, sxy = 0;
  for (std::size_t k = 0; k < x.size(); ++k) {
    sxx += (x[k] - mx) * (x[k] - mx);
    sxy += (x[k] - mx) * (y[k] - my);
  }
  if (!(sxx > 0))
    lilucb::detail::raise_domain_error(fn, "x", "all equal to " + lilucb::detail::format_value(x[0]),
                               "at least two distinct values");
  line_fit f;
  f.slope = sxy / sxx;
  f.intercept = my - f.slope * mx;
  f.points = x.size();
  for (std::size_t k = 0; k < x.size(); ++k) {
    const double r = y[k] - (f.intercept + f.slope * x[k]);
    f.rss += r * r;
  }
  return f;
}

std::string_view to_string(cost_order order) {
  switch (order) {
    case cost_order::constant: return "O(1)";
    case cost_order::logarithmic: return "O(log n)";
    case cost_order::linear: return "O(n)";
  }
  return "?";
}

cost_growth classify_cost_growth(const std::vector<double>& n, const std::vector<double>& cost) {
  constexpr const char* fn = "lilucb::verification::classify_cost_growth";
  if (n.size() < 2) lilucb::detail::raise_domain_error(fn, "n.size()", std::to_string(n.size()), "at least 2 points");
  if (cost.size() != n.size())
    lilucb::detail::raise_domain_error(fn, "cost.size()", std::to_string(cost.size()),
                               "equal to n.size() = " + std::to_string(n.size()));
  for (std::size_t k = 0; k < n.size(); ++k) {
    const std::string nn = "n[" + std::to_string(k) + "]", cn = "cost[" + std::to_string(k) + "]";
    if (!(n[k] > 1 && std::isfinite(n[k]))) lilucb::detail::raise_domain_error(fn, nn.c_str(), lilucb::detail::format_value(n[k]), "(1, inf)");
    check_positive(fn, cn.c_str(), cost[k]);
  }
  std::vector<double> log_n(n.size()), ln_n(n.size()), log_cost(n.size());
  for (std::size_t k = 0; k < n.size(); ++k) {
    ln_n[k] = std::log(n[k]);
    log_n[k] = ln_n[k];
    log_cost[k] = std::log(cost[k]);
  }
  cost_growth g;
  g.exponent = least_squares_line(log_n, log_cost).slope;  // throws if the n are all equal
  const line_fit lf = least_squares_line(ln_n, cost);
  g.log_intercept = lf.intercept;
  g.log_slope = lf.slope;
  // One-scale models in log space: log cost = m + log f(n); the best m is the mean residual.
  for (int model = 0; model < 3; ++model) {
    std::vector<double> r(n.size());
    for (std::size_t k = 0; k < n.size(); ++k) {
      const double log_f = model == 0 ? 0.0 : model == 1 ? std::log(ln_n[k]) : ln_n[k];
      r[k] = log_cost[k] - log_f;
    }
    double mean = 0;
    for (double v : r) mean += v;
    mean /= static_cast<double>(r.size());
    double rss = 0;
    for (double v : r) rss += (v - mean) * (v - mean);
    g.rss[static_cast<std::size_t>(model)] = rss;
  }
  std::size_t best = 0;
  for (std::size_t m = 1; m < 3; ++m)
    if (g.rss[m] < g.rss[best]) best = m;
  g.best = static_cast<cost_order>(best);
  return g;
}

double median(std::vector<double> values) {
  constexpr const char* fn = "lilucb::verification::median";
  if (values.empty()) lilucb::detail::raise_domain_error(fn, "values", "[] (empty)", "at least one value");
  for (std::size_t k = 0; k < values.size(); ++k)
    if (std::isnan(values[k])) {
      const std::string name = "values[" + std::to_string(k) + "]";
      lilucb::detail::raise_domain_error(fn, name.c_str(), "nan", "a number (not NaN)");
    }
  std::sort(values.begin(), values.end());
  const std::size_t h = values.size() / 2;
  return values.size() % 2 == 1 ? values[h] : (values[h - 1] + values[h]) / 2;
}

bound_comparison compare_to_bound(const std::vector<double>& measured, double bound, double allowed,
                                  double alpha, double level) {
  constexpr const char* fn = "lilucb::verification::compare_to_bound";
  if (measured.empty()) lilucb::detail::raise_domain_error(fn, "measured", "[] (empty)", "at least one value");
  for (std::size_t k = 0; k < measured.size(); ++k) {
    const std::string name = "measured[" + std::to_string(k) + "]";
    check_at_least(fn, name.c_str(), measured[k], 0.0);
  }
  check_positive(fn, "bound", bound);
  if (!(allowed >= 0 && allowed <= 1))
    lilucb::detail::raise_domain_error(fn, "allowed", lilucb::detail::format_value(allowed), "[0, 1]");
  check_open_interval(fn, "alpha", alpha, 0.0, 1.0);
  check_open_interval(fn, "level", level, 0.0, 1.0);
  bound_comparison c;
  c.runs = measured.size();
  std::vector<double> ratio(measured.size());
  for (std::size_t k = 0; k < measured.size(); ++k) {
    if (measured[k] > bound) ++c.exceed;
    ratio[k] = measured[k] / bound;
  }
  c.interval = clopper_pearson_interval(c.exceed, c.runs, level);
  c.rejects = binomial_test_rejects(c.exceed, c.runs, allowed, alpha);
  c.median_ratio = median(ratio);
  c.max_ratio = *std::max_element(ratio.begin(), ratio.end());
  return c;
}

}  // namespace lilucb::verification
