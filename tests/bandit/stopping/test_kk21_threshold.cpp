// stopping/kk21_threshold.hpp: the Kaufmann-Koolen threshold against glr_threshold_gaussian and
// an independent scan of C_G.  (Moved from test_compose.cpp; the GLR-kk21 decision after every
// pull is in test_ls_boundary.cpp, together with the LS widths it was checked with.)
#include <boost/test/unit_test.hpp>

#include "lilucb/bandit/compose.hpp"
#include "lilucb/boundaries/glr_threshold.hpp"

#include <boost/math/special_functions/zeta.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace lb = lilucb::bandit;
namespace tt = boost::test_tools;

BOOST_AUTO_TEST_SUITE(kk21_threshold)

// C_G(x) by a dense scan of (g_G(lambda) + x)/lambda over (1/2, 1), g_G written out here (not the
// library's): an upper bound on the minimum, within 1e-9 of it at this spacing (1e-5).
static double c_g_by_scan(double x) {
  double best = INFINITY;
  for (int k = 1; k < 50000; ++k) {
    const double l = 0.5 + 0.5 * k / 50000.0;
    const double g = 2 * l - 2 * l * std::log(4 * l) + std::log(boost::math::zeta(2 * l)) - 0.5 * std::log(1 - l);
    best = std::min(best, (g + x) / l);
  }
  return best;
}

BOOST_AUTO_TEST_CASE(kk21_threshold_matches_direct_formula) {
  for (double delta : {0.3, 0.1, 1e-3, 1e-8})
    for (std::size_t K : {2, 3, 10, 1000}) {
      const auto thr = lb::stopping::make_kk21_threshold(delta, K);
      const double scan = 2 * c_g_by_scan(std::log((double(K) - 1) / delta) / 2);
      BOOST_TEST(thr.constant <= scan * (1 + 1e-14), "delta " << delta << " K " << K);
      BOOST_TEST(thr.constant == scan, tt::tolerance(1e-7));
      for (std::uint64_t t : {1ull, 2ull, 3ull, 10ull, 12345ull, 1ull << 40}) {
        BOOST_TEST(thr(t) == lilucb::boundaries::glr_threshold_gaussian(double(t), delta, double(K)));
        BOOST_TEST(thr(t) == scan + 4 * std::log(4 + std::log(double(t) / 2)), tt::tolerance(1e-7));
      }
      BOOST_TEST(thr.certified());
    }
}

BOOST_AUTO_TEST_SUITE_END()
