// sampling/lucb.hpp: KL-LUCB's upper confidence bound against bisection.  (Moved from
// test_compose.cpp.)
#include <boost/test/unit_test.hpp>

#include "lilucb/bandit/compose.hpp"

#include <cmath>

namespace lb = lilucb::bandit;
namespace tt = boost::test_tools;

BOOST_AUTO_TEST_SUITE(lucb)

BOOST_AUTO_TEST_CASE(kl_upper_bound_matches_bisection) {
  for (double p : {0.0, 1e-6, 0.1, 0.5, 0.9, 0.999999, 1.0})
    for (double level : {0.0, 1e-8, 1e-3, 0.1, 1.0, 5.0, 40.0}) {
      const double q = lb::sampling::kl_upper_bound(p, level);
      // bisection on [p, 1] in long double, kl written with log1p (accurate near p and near 0)
      long double lo = p, hi = 1;
      auto kl = [p](long double q) {
        const long double P = p;
        return (P > 0 ? P * std::log(P / q) : 0.0L) + (1 - P) * std::log1p((q - P) / (1 - q));
      };
      for (int k = 0; k < 200; ++k) {
        const long double mid = (lo + hi) / 2;
        (mid < 1 && kl(mid) <= level ? lo : hi) = mid;
      }
      BOOST_TEST(q == double(lo), tt::tolerance(1e-9));
      BOOST_TEST(q >= p);
      BOOST_TEST(q <= 1.0);
    }
}

BOOST_AUTO_TEST_SUITE_END()
