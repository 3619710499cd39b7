// sampling/track_and_stop.hpp: Track-and-Stop's schedule of w* recomputations and its tracking.
// (Moved from test_compose.cpp.)
#include <boost/test/unit_test.hpp>

#include "lilucb/bandit/compose.hpp"
#include "lilucb/characteristic_time.hpp"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace lb = lilucb::bandit;
namespace tt = boost::test_tools;

BOOST_AUTO_TEST_SUITE(track_and_stop)

BOOST_AUTO_TEST_CASE(track_and_stop_schedule) {
  // w* recomputed after the initial round and then at t >= t_last + max(K, t_last/16).
  const std::size_t K = 4;
  const lb::gaussian_arms arms({0.5, 0.4, 0.3, 0.0}, 0.5);
  lb::run_options o;
  o.max_pulls = 100000;
  lb::sampling::tas_d samp(K, false, 0.5);
  lb::stopping::glr<lb::stopping::heuristic_threshold> stop(K, lb::stopping::glr_model::gaussian, 0.5, {1e-300});
  const auto r = lb::run_composed(arms, samp, stop, o);
  std::uint64_t t = K, n = 1;
  while (true) {
    const std::uint64_t next = t + std::max<std::uint64_t>(K, t / 16);
    if (next >= r.run.pulls) break;  // the last pull chosen is number pulls (t = pulls - 1)
    t = next;
    ++n;
  }
  BOOST_TEST(samp.updates() == n);
  // Tracking: every arm's share is near its w* at the end.
  const auto w = lilucb::characteristic_time_gaussian(std::vector<double>{0.5, 0.4, 0.3, 0.0}, 0.5).w_star;
  for (std::size_t a = 0; a < K; ++a)
    BOOST_TEST(double(r.run.counts[a]) / double(r.run.pulls) == w[a], tt::tolerance(0.1));
}

BOOST_AUTO_TEST_SUITE_END()
