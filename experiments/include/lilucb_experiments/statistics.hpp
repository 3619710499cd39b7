#pragma once
// Summary statistics of the reproduction: quantiles and the exact Clopper–Pearson interval.

#include <cstdint>
#include <optional>
#include <vector>

namespace lilucb::experiments {

/// The p-quantile of `x` by linear interpolation between order statistics (Hyndman & Fan
/// type 7, R's default): h = (m-1)p, x_(floor h) + (h - floor h)(x_(floor h + 1) - x_(floor h)),
/// 0-based order statistics.  Domain: x non-empty, p in [0,1].
double quantile(std::vector<double> x, double p);

struct interval {
  double low = 0, high = 1;
};

/// Exact (Clopper–Pearson) two-sided interval of level `level` for a binomial proportion with
/// k successes in m trials: low = Beta quantile (1-level)/2 with (k, m-k+1), high = Beta quantile
/// (1+level)/2 with (k+1, m-k) (Boost.Math ibeta_inv); low = 0 when k = 0, high = 1 when k = m.
/// Domain: m >= 1, k <= m, level in (0,1).  m = 0 gives [0, 1].
interval clopper_pearson(std::uint64_t k, std::uint64_t m, double level = 0.95);

/// The distribution-free interval of the median of `x` at confidence `level`: the order statistics
/// [x_(j), x_(m+1-j)] (1-based, m = x.size()) with the largest j such that
/// 2 P(Bin(m, 1/2) <= j - 1) <= 1 - level.  For any distribution, continuous or not, it covers the
/// population median with probability >= 1 - 2 P(Bin(m, 1/2) <= j - 1) >= level (x_(j) lies above
/// the median only if fewer than j values are <= it, and their number is Bin(m, p) with p >= 1/2;
/// likewise for x_(m+1-j) below it).  No such j exists when 2^(1-m) > 1 - level
/// (m <= 5 at 95%): nullopt.  Domain: level in (0, 1).
std::optional<interval> median_interval(std::vector<double> x, double level = 0.95);

/// The checkpoints of the anytime experiment: `first`, then round(10^(j/per_decade)) for
/// j = 0, 1, ... above `first`, deduplicated, up to and including `window` (always the last).
/// The runner starts at first = the number of arms: before every arm has been pulled once the
/// empirically best arm reflects the order of initialisation, not information.
/// Domain: 1 <= first <= window, per_decade >= 1.
std::vector<std::uint64_t> log_checkpoints(std::uint64_t window, std::uint64_t per_decade, std::uint64_t first = 1);

}  // namespace lilucb::experiments
