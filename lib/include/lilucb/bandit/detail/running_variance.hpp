#pragma once
// One arm's running variance (Welford's update): the count, mean and sum of squared deviations of
// the rewards added, for the rules that read the arms' own variances (stopping/glr_ev.hpp's
// practice statistic, sampling/top_two.hpp's variance models).  m2 >= 0 after every update (each
// increment d (y - mean) is a product of two numbers of d's sign).

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

namespace lilucb::bandit::detail {

struct running_variance {
  std::uint64_t n = 0;
  double mean = 0, m2 = 0;
  void add(double y) {
    ++n;
    const double d = y - mean;
    mean += d / static_cast<double>(n);
    m2 += d * (y - mean);
  }
  /// The empirical (maximum-likelihood) variance (1/n) sum (y - mean)^2; 0 before any pull.
  double variance() const { return n ? (m2 > 0 ? m2 : 0.0) / static_cast<double>(n) : 0.0; }
  /// The variance with one pseudo-reward of variance v0 added, (m2 + v0)/(n + 1): positive before
  /// any reward and on constant rewards (the samplers' variance estimate).  Domain: v0 > 0.
  double with_pseudo_reward(double v0) const { return ((m2 > 0 ? m2 : 0.0) + v0) / (static_cast<double>(n) + 1); }

  /// A study's snapshot (detail/state_archive.hpp): a loaded state holds a finite mean and a
  /// finite m2 >= 0.
  template <class Archive>
  void archive_state(Archive& ar) {
    ar(n, mean, m2);
  }
  bool state_is_valid() const { return std::isfinite(mean) && m2 >= 0 && m2 < std::numeric_limits<double>::infinity(); }
};

/// The largest empirical variance among the arms, 1 while every one is 0: the pseudo-reward's
/// variance of the samplers that read no unit (sampling/top_two.hpp's unknown_variance model,
/// sampling/top_m_pair.hpp).  O(K).
inline double largest_variance(const std::vector<running_variance>& arms) {
  double v = 0;
  for (const auto& r : arms) v = std::max(v, r.variance());
  return v > 0 ? v : 1.0;
}

}  // namespace lilucb::bandit::detail
