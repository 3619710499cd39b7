#pragma once
// Helpers of the `complexity` check (verification/src/complexity.cpp): the paper's sample- and
// time-complexity claims against measurement.
//
//   least_squares_line     ordinary least squares y = intercept + slope x
//   classify_cost_growth   which of O(1), O(log n), O(n) fits measured cost per pull against n
//                          best (Section 5's remark on computation per time step)
//   compare_to_bound       measured values against a bound that should fail with probability at
//                          most p (Lemma lem:1): exceedances, their exact Clopper-Pearson
//                          interval, the exact test of "exceedance probability <= p", and the
//                          ratios measured/bound
//
// Every function checks its domain and throws lilucb::domain_error naming the function, the
// parameter, the value and the admissible range.  tests/verification/test_verify_complexity.cpp
// tests them on planted data.

#include "lilucb/clopper_pearson.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace lilucb::verification {

/// y ~ intercept + slope x by ordinary least squares; rss is the residual sum of squares.
struct line_fit {
  double slope = 0;
  double intercept = 0;
  double rss = 0;
  std::size_t points = 0;
};

/// The least-squares line through (x[k], y[k]).  Domain: x.size() == y.size() >= 2, every value
/// finite, x not all equal.
line_fit least_squares_line(const std::vector<double>& x, const std::vector<double>& y);

/// The orders of growth Section 5 states for the computation per time step.
enum class cost_order { constant, logarithmic, linear };

/// "O(1)", "O(log n)", "O(n)".
std::string_view to_string(cost_order order);

/// How measured cost per pull grows with the number of arms n.
struct cost_growth {
  /// Slope of log(cost) on log(n): ~0 for O(1), ~1 for O(n), small and positive for O(log n).
  double exponent = 0;
  /// cost ~ log_intercept + log_slope ln(n) by least squares (the fit against log n).
  double log_intercept = 0;
  double log_slope = 0;
  /// Residual sums of squares in log space of the one-scale models cost = c f(n),
  /// f = 1, ln n, n (indexed by cost_order): sum_k (log cost_k - log f(n_k) - m)^2, m the mean.
  std::array<double, 3> rss{};
  /// The model with the smallest rss (the lower order on a tie).
  cost_order best = cost_order::constant;
};

/// Classifies cost[k] measured at n[k].  Domain: n.size() == cost.size() >= 2, every n finite
/// and > 1 (ln n > 0), not all equal, every cost finite and > 0.
cost_growth classify_cost_growth(const std::vector<double>& n, const std::vector<double>& cost);

/// Measured values against a bound they should exceed with probability at most `allowed`.
struct bound_comparison {
  std::uint64_t runs = 0;
  std::uint64_t exceed = 0;          ///< runs with measured > bound
  proportion_interval interval;      ///< two-sided exact Clopper-Pearson interval of `level`
  bool rejects = false;              ///< exact test of H0: P(measured > bound) <= allowed at alpha
  double median_ratio = 0;           ///< median of measured/bound
  double max_ratio = 0;              ///< largest measured/bound
};

/// Domain: measured not empty with finite values >= 0, bound finite and > 0, allowed in [0,1],
/// alpha in (0,1), level in (0,1).
bound_comparison compare_to_bound(const std::vector<double>& measured, double bound, double allowed,
                                  double alpha = 1e-6, double level = 0.99);

/// The median of values (mean of the two middle ones for an even count).  Domain: not empty,
/// no NaN.
double median(std::vector<double> values);

}  // namespace lilucb::verification
