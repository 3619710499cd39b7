// Calibration (lib/include/lilucb/boundaries/calibration.hpp): the round trip (the calibrated
// alpha gives the target within the solver's tolerance and never above it), monotonicity, and
// the direction of the result (calibration widens nothing: alpha_ratio >= 1 for the
// conservative families).
#include <boost/test/unit_test.hpp>

#include "domain_table.hpp"

#include "lilucb/boundaries.hpp"

#include <cmath>

// Every case of this file is in the suite calibration (one executable holds the directory's files).
BOOST_AUTO_TEST_SUITE(calibration)

namespace tt = boost::test_tools;
using namespace lilucb::boundaries;
using lilucb_test::names_parameter;

BOOST_AUTO_TEST_CASE(round_trip) {
  calibration_options o;
  o.horizon = 2000;
  o.resolution = 4;
  for (auto k : {boundary_kind::stitched, boundary_kind::mixture, boundary_kind::mixture_two_sided}) {
    boundary_spec s;
    s.kind = k;
    const calibration_result r = calibrate(s, 0.05, o);
    BOOST_TEST_CONTEXT(to_string(k) << ": alpha " << r.alpha << " (x" << r.alpha_ratio << "), achieved " << r.achieved
                                    << ", at stated " << r.effective_at_stated) {
      BOOST_TEST(r.achieved <= 0.05);
      BOOST_TEST(r.achieved >= 0.05 * 0.99);  // eps_tolerance(12): within ~0.1% in log alpha
      BOOST_TEST(r.effective_at_stated <= 0.05);
      BOOST_TEST(r.alpha_ratio >= 1.0);
      for (double w : r.width_ratio) {
        BOOST_TEST(w <= 1.0);
        BOOST_TEST(w > 0.5);
      }
      // Recomputing at the calibrated alpha reproduces `achieved`.
      const double again = certified_crossing_probability(with_alpha(with_alpha(s, 0.05), r.alpha), o);
      BOOST_TEST(again == r.achieved, tt::tolerance(1e-12));
    }
  }
}

BOOST_AUTO_TEST_CASE(certified_probability_increases_with_alpha) {
  calibration_options o;
  o.horizon = 500;
  boundary_spec s;
  s.kind = boundary_kind::stitched;
  double prev = 0;
  for (double a : {0.001, 0.01, 0.05, 0.2}) {
    const double p = certified_crossing_probability(with_alpha(s, a), o);
    BOOST_TEST(p > prev);
    prev = p;
  }
}

BOOST_AUTO_TEST_CASE(calibration_domain) {
  boundary_spec s;
  BOOST_CHECK_EXCEPTION(calibrate(s, 0.0), lilucb::domain_error, (names_parameter{"", "p"}));
  BOOST_CHECK_EXCEPTION(calibrate(s, 0.5), lilucb::domain_error, (names_parameter{"", "p"}));
  s.kind = boundary_kind::constant;
  BOOST_CHECK_EXCEPTION(calibrate(s, 0.05), lilucb::domain_error, (names_parameter{"", "kind"}));
  s.kind = boundary_kind::stitched;
  calibration_options o;
  o.horizon = 0;
  BOOST_CHECK_EXCEPTION(calibrate(s, 0.05, o), lilucb::domain_error, (names_parameter{"", "horizon"}));
}

// The time estimates (crossing_time.hpp): no timing is asserted, only what the estimate is made
// of: nothing is timed up to untimed_horizon; past it, the first 16, 64, 256 or 1024 steps are
// timed and scaled linearly to the horizon; a calibration counts typical_calibration_evaluations
// crossing computations.  Domains as the computations'.
BOOST_AUTO_TEST_CASE(time_estimates_are_the_timed_first_steps_scaled_to_the_horizon) {
  boundary_spec s;
  s.kind = boundary_kind::stitched;
  s.alpha = 0.05;
  const computing_time none = estimate_crossing_time(s, untimed_horizon);
  BOOST_TEST(none.timed_horizon == 0u);
  BOOST_TEST(none.seconds == 0.0);
  const std::uint64_t T = 50000;
  const computing_time e = estimate_crossing_time(s, T);
  BOOST_TEST((e.timed_horizon == 16u || e.timed_horizon == 64u || e.timed_horizon == 256u || e.timed_horizon == 1024u));
  BOOST_TEST(e.timed_seconds >= 0.0);
  BOOST_TEST(e.seconds == e.timed_seconds * double(T) / double(e.timed_horizon));
  calibration_options o;
  o.horizon = T;
  const computing_time c = estimate_calibration_time(s, 0.05, o);
  BOOST_TEST(c.timed_horizon > 0u);
  BOOST_TEST(c.seconds == c.timed_seconds * double(T) / double(c.timed_horizon) * typical_calibration_evaluations);
  BOOST_CHECK_EXCEPTION(estimate_crossing_time(s, 0), lilucb::domain_error, (names_parameter{"", "horizon"}));
  BOOST_CHECK_EXCEPTION(estimate_crossing_time(s, T, 0), lilucb::domain_error, (names_parameter{"", "resolution"}));
  BOOST_CHECK_EXCEPTION(estimate_calibration_time(s, 0.7, o), lilucb::domain_error, (names_parameter{"", "p"}));
}

BOOST_AUTO_TEST_SUITE_END()  // calibration
