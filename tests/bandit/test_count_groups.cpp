// detail/count_groups.hpp: the minimum over the staircase it names against the scan over every
// pulled arm outside the two excluded ones, for statistics non-decreasing in the count and
// non-increasing in the mean, on random sequences of set() with few distinct counts and means
// (ties of both), counts jumping and returning to 0, and every pair of exclusions.
#include <boost/test/unit_test.hpp>

#include "lilucb/bandit/detail/count_groups.hpp"
#include "lilucb/bandit/stopping/glr.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

namespace {
namespace lbd = lilucb::bandit::detail;
namespace lbs = lilucb::bandit::stopping;
}  // namespace

BOOST_AUTO_TEST_SUITE(count_groups)

BOOST_AUTO_TEST_CASE(staircase_minimum_against_scan) {
  std::mt19937_64 gen(20261204);
  std::size_t checks = 0;
  for (const std::size_t K : {1, 2, 3, 5, 17, 40}) {
    lbd::count_groups g(K);
    std::vector<std::uint64_t> n(K, 0);
    std::vector<double> m(K, 0.0);
    for (int step = 0; step < 4000; ++step) {
      const std::size_t a = gen() % K;
      n[a] = gen() % 4 == 0 ? gen() % 3 : n[a] + 1 + gen() % 2;  // to 0..2, or up by 1 or 2
      m[a] = 0.125 * double(gen() % 9);                           // few means: ties
      g.set(a, n[a], m[a]);
      const std::size_t x = gen() % (K + 1), y = gen() % (K + 1);  // K: no exclusion
      // Statistics non-decreasing in the count and non-increasing in the mean: the GLR of an arm
      // d of mean 0.6 against j, and a product form.
      for (const std::uint64_t nd : {1, 7, 1000}) {
        const auto f1 = [&](std::size_t j) { return lbs::glr_statistic(lbs::glr_model::gaussian, 0.5, nd, 0.6, n[j], m[j]); };
        const auto f2 = [&](std::size_t j) { return double(n[j]) * (2.0 - m[j]); };
        double s1 = std::numeric_limits<double>::infinity(), s2 = s1, r1 = s1, r2 = s1;
        g.visit_staircase(x, y, [&](std::size_t j) {
          BOOST_TEST((j != x && j != y && n[j] > 0));
          s1 = std::min(s1, f1(j));
          s2 = std::min(s2, f2(j));
        });
        for (std::size_t j = 0; j < K; ++j)
          if (j != x && j != y && n[j] > 0) {
            r1 = std::min(r1, f1(j));
            r2 = std::min(r2, f2(j));
          }
        BOOST_TEST(s1 == r1, "K " << K << ", step " << step);
        BOOST_TEST(s2 == r2, "K " << K << ", step " << step);
        ++checks;
      }
      std::uint64_t top = 0;
      for (const std::uint64_t c : n) top = std::max(top, c);
      BOOST_TEST(g.max_count() == top);
    }
  }
  BOOST_TEST(checks == 72000u);
}

BOOST_AUTO_TEST_SUITE_END()
