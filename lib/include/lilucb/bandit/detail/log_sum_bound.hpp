#pragma once
// log sum_k exp(x_k) as the certified pooled rules compute it, with a bound on its rounding
// (docs/certified-glr/pooled-eb.md, "A log-sum"): each summand exp(x_k - max) within
// (2 + |x_k - max|) ulps of itself, i.e. within 2 ulps of 1 absolutely (e^-x (x + 2) <= 2); the sum
// (>= 1) relatively within 3 G ulps; the logarithm and the final addition one ulp each.
// Domain: 1 <= G, finite or -inf exponents with at least one finite.

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>

namespace lilucb::bandit::detail {

struct bounded_log_sum {
  double value, err;  ///< |value - log sum_k exp(x_k)| <= err for the x_k as given
};

inline bounded_log_sum log_sum_exp_bounded(const double* x, std::size_t g) {
  double best = -std::numeric_limits<double>::infinity();
  for (std::size_t k = 0; k < g; ++k) best = std::max(best, x[k]);
  double sum = 0;
  for (std::size_t k = 0; k < g; ++k) sum += std::exp(x[k] - best);
  const double v = best + std::log(sum);
  return {v, 1e-15 * (static_cast<double>(g) + 2) + 1e-15 * std::fabs(v)};
}

}  // namespace lilucb::bandit::detail
