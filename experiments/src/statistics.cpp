#include "lilucb_experiments/statistics.hpp"

#include "lilucb/clopper_pearson.hpp"
#include "lilucb/errors.hpp"

#include <boost/math/distributions/binomial.hpp>

#include <algorithm>
#include <cmath>
#include <string>

namespace lilucb::experiments {

double quantile(std::vector<double> x, double p) {
  constexpr const char* fn = "lilucb::experiments::quantile";
  if (x.empty()) lilucb::detail::raise_domain_error(fn, "x", "[] (empty)", "at least one value");
  if (!(p >= 0 && p <= 1)) lilucb::detail::raise_domain_error(fn, "p", lilucb::detail::format_value(p), "[0, 1]");
  std::sort(x.begin(), x.end());
  const double h = static_cast<double>(x.size() - 1) * p;
  const auto lo = static_cast<std::size_t>(std::floor(h));
  const std::size_t hi = std::min(lo + 1, x.size() - 1);
  return x[lo] + (h - static_cast<double>(lo)) * (x[hi] - x[lo]);
}

interval clopper_pearson(std::uint64_t k, std::uint64_t m, double level) {
  constexpr const char* fn = "lilucb::experiments::clopper_pearson";
  if (!(level > 0 && level < 1))
    lilucb::detail::raise_domain_error(fn, "level", lilucb::detail::format_value(level), "(0, 1)");
  if (k > m) lilucb::detail::raise_domain_error(fn, "k", std::to_string(k), "[0, m = " + std::to_string(m) + "]");
  interval r;
  if (m == 0) return r;
  const auto ci = lilucb::clopper_pearson_interval(k, m, level);  // lilucb/clopper_pearson.hpp
  r.low = ci.low;
  r.high = ci.high;
  return r;
}

std::optional<interval> median_interval(std::vector<double> x, double level) {
  constexpr const char* fn = "lilucb::experiments::median_interval";
  if (!(level > 0 && level < 1))
    lilucb::detail::raise_domain_error(fn, "level", lilucb::detail::format_value(level), "(0, 1)");
  const std::size_t m = x.size();
  if (m == 0) return std::nullopt;
  const boost::math::binomial_distribution<double> b(static_cast<double>(m), 0.5);
  // j - 1 = the largest k with 2 P(B <= k) <= 1 - level (P(B <= k) increases with k).
  std::size_t j = 0;
  while (j < m / 2 && 2 * boost::math::cdf(b, static_cast<double>(j)) <= 1 - level) ++j;
  if (j == 0) return std::nullopt;
  std::sort(x.begin(), x.end());
  return interval{x[j - 1], x[m - j]};
}

std::vector<std::uint64_t> log_checkpoints(std::uint64_t window, std::uint64_t per_decade, std::uint64_t first) {
  constexpr const char* fn = "lilucb::experiments::log_checkpoints";
  if (window < 1) lilucb::detail::raise_domain_error(fn, "window", std::to_string(window), "[1, 2^64)");
  if (per_decade < 1) lilucb::detail::raise_domain_error(fn, "per_decade", std::to_string(per_decade), "[1, 2^64)");
  if (first < 1 || first > window)
    lilucb::detail::raise_domain_error(fn, "first", std::to_string(first), "[1, window = " + std::to_string(window) + "]");
  std::vector<std::uint64_t> c;
  if (first < window) c.push_back(first);
  for (std::uint64_t j = 0;; ++j) {
    const double v = std::round(std::pow(10.0, static_cast<double>(j) / static_cast<double>(per_decade)));
    if (v >= static_cast<double>(window)) break;
    const auto u = static_cast<std::uint64_t>(v);
    if (u > first && (c.empty() || u > c.back())) c.push_back(u);
  }
  c.push_back(window);
  return c;
}

}  // namespace lilucb::experiments
