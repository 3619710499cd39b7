#pragma once
// One check shared by the pair rules' tests: the lazy decision of a leader_pairwise rule against
// the naive one recomputed from every challenger's statistic, at every pull of a run.

#include "lilucb/bandit/arm_stats.hpp"
#include "lilucb/random.hpp"

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <vector>

namespace lilucb_test {

/// Runs `rule` on four Gaussian arms of standard deviations far apart (means 0.6, 0.45, 0.4, 0.3;
/// sds 0.2, 1, 0.5, 0.3): 40 round-robin pulls, then arms drawn uniformly, until it stops (at most
/// 60000 pulls).  At every pull its should_stop is compared with min over the leader's challengers
/// b of statistic(rule, leader, b) >= rule.threshold(), except within `tolerance` of the threshold.
/// Then: it stopped, on arm 0, after more than 100 checks, and its evidence passes for every
/// challenger.
template <class Rule, class Statistic>
void lazy_decision_matches_naive(Rule& rule, Statistic statistic, double tolerance) {
  lilucb::bandit::normal_stream rng(46, 0);
  const std::vector<double> mu{0.6, 0.45, 0.4, 0.3}, sd{0.2, 1.0, 0.5, 0.3};
  lilucb::bandit::arm_stats s(4);
  bool stopped = false;
  std::size_t checks = 0;
  for (int step = 0; step < 60000 && !stopped; ++step) {
    const std::size_t i = step < 40 ? std::size_t(step % 4) : std::size_t(rng.engine().uniform01() * 4) % 4;
    s.add(i, mu[i] + sd[i] * rng());
    rule.observe(i, s);
    const bool lazy = rule.should_stop(s);
    double m = std::numeric_limits<double>::infinity();
    const std::size_t L = s.empirical_best();
    for (std::size_t b = 0; b < 4; ++b)
      if (b != L) m = std::min(m, statistic(rule, L, b));
    const bool naive = m >= rule.threshold();
    if (!(std::fabs(m - rule.threshold()) <= tolerance)) BOOST_TEST(lazy == naive, "step " << step << ", min " << m);
    ++checks;
    stopped = lazy;
  }
  BOOST_TEST(stopped);
  BOOST_TEST(rule.recommendation(s) == 0u);
  BOOST_TEST(checks > 100u);
  const auto ev = rule.evidence(s);
  BOOST_TEST(ev.size() == 3u);
  for (const auto& e : ev) BOOST_TEST(e.statistic >= e.threshold);
}

}  // namespace lilucb_test
