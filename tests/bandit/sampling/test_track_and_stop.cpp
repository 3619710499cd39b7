// sampling/track_and_stop.hpp: Track-and-Stop's schedule of w* recomputations and its tracking.
// (Moved from test_compose.cpp.)
#include <boost/test/unit_test.hpp>

#include "lilucb/bandit/compose.hpp"
#include "lilucb/theory/characteristic_time.hpp"

#include <algorithm>
#include <cstdint>
#include <string>
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

BOOST_AUTO_TEST_CASE(track_and_stop_every_round_schedule) {
  // The authors' schedule: w* recomputed before every pull from t = K on (pulls - K solves), and
  // the same rule otherwise: with a w* that never changes (one arm far ahead, the others tied and
  // far below) both schedules pull alike until the lazy one's first stale w* matters.
  const std::size_t K = 4;
  const lb::gaussian_arms arms({0.5, 0.4, 0.3, 0.0}, 0.5);
  lb::run_options o;
  o.max_pulls = 20000;
  for (bool d : {true, false}) {
    BOOST_TEST_CONTEXT((d ? "tas-d-every" : "tas-c-every")) {
      lb::stopping::glr<lb::stopping::heuristic_threshold> stop(K, lb::stopping::glr_model::gaussian, 0.5, {0.01});
      std::uint64_t updates = 0, pulls = 0;
      if (d) {
        lb::sampling::tas_d samp(K, false, 0.5, lb::sampling::w_schedule::every_round);
        BOOST_TEST(std::string(samp.name()) == "tas-d-every");
        const auto r = lb::run_composed(arms, samp, stop, o);
        updates = samp.updates(), pulls = r.run.pulls;
      } else {
        lb::sampling::tas_c samp(K, false, 0.5, lb::sampling::w_schedule::every_round);
        BOOST_TEST(std::string(samp.name()) == "tas-c-every");
        const auto r = lb::run_composed(arms, samp, stop, o);
        updates = samp.updates(), pulls = r.run.pulls;
      }
      BOOST_TEST(pulls > K);
      BOOST_TEST(updates == pulls - K);
    }
  }
  // The registry's names run the every-round rules, and they differ from the lazy ones in pulls
  // only through the schedule: on a run long enough, the lazy schedule solves far fewer times.
  lb::sampling::tas_d lazy(K, false, 0.5);
  lb::stopping::glr<lb::stopping::heuristic_threshold> stop(K, lb::stopping::glr_model::gaussian, 0.5, {0.01});
  const auto r = lb::run_composed(arms, lazy, stop, o);
  BOOST_TEST(lazy.updates() < r.run.pulls / 4);
  const auto every = lb::run_combination(lb::parse_combination("tas-d-every+glr-heuristic"), arms, o);
  BOOST_TEST((every.run.status == lb::run_status::stopped));
}

BOOST_AUTO_TEST_SUITE_END()
