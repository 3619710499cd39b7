// arm_stats: 64-bit counts and compensated reward sums (docs/bandit.md, "Accuracy over long runs").
//
// Bound stated and tested: after T rewards each equal to the double 0.1 (T = 10^7 single adds,
// or T = 10^10 pulls added as 10^5 batches of ~10^5 whose sums are the correctly rounded m * 0.1), the
// empirical mean is within 4 ulps of 0.1 (|mean - 0.1| <= 4 * 2^-56 ~ 5.6e-17: the batch sums
// carry a relative error <= 2^-53 each, the compensated sum adds about one rounding, the
// division one more).  The same rewards summed in a plain double drift by far more (checked, so
// the test could tell the two apart), and the counts are exact in 64 bits (also past 2^32 and
// 2^53, where a 32-bit or a double count would fail).  A running sum that would overflow is a
// domain_error (never an infinite or NaN mean), in arm_stats and through a run.

#include <boost/test/unit_test.hpp>
#include <rapidcheck/boost_test.h>

#include "bandit_support.hpp"

#include "lilucb/bandit/presets/algorithms.hpp"
#include "lilucb/bandit/arm_stats.hpp"
#include "lilucb/bandit/arms.hpp"

#include <boost/math/special_functions/next.hpp>
#include <boost/multiprecision/cpp_bin_float.hpp>

#include <cmath>
#include <limits>
#include <vector>

// Every case of this file is in the suite arm_stats (one executable holds the directory's files).
BOOST_AUTO_TEST_SUITE(arm_stats)

using namespace lilucb_test;
using bandit::arm_stats;
using boost::math::float_distance;

namespace {
constexpr double kUlpBound = 4;  // the bound stated in the file comment
}  // namespace

BOOST_AUTO_TEST_SUITE(long_runs)

BOOST_AUTO_TEST_CASE(ten_million_single_adds_of_0_1) {
  constexpr std::uint64_t T = 10'000'000;
  arm_stats s(2);
  double naive = 0;
  for (std::uint64_t k = 0; k < T; ++k) {
    s.add(1, 0.1);
    naive += 0.1;
  }
  BOOST_TEST(s.count(1) == T);
  BOOST_TEST(s.total() == T);
  BOOST_TEST(s.count(0) == 0u);
  const double mean = s.mean(1);
  BOOST_TEST(std::fabs(float_distance(mean, 0.1)) <= kUlpBound, "mean " << mean << " is " << float_distance(mean, 0.1) << " ulps from 0.1");
  // The plain sum has visibly drifted (999999.99983897...): a million ulps of the mean.
  const double naive_mean = naive / static_cast<double>(T);
  BOOST_TEST(std::fabs(float_distance(naive_mean, 0.1)) > 1e5);
  BOOST_TEST(std::fabs(naive - 1e6) > 1e-4);
  // The compensated sum itself is within a few ulps of T * 0.1 (exact value 1e6 + 5.55e-11).
  BOOST_TEST(std::fabs(float_distance(s.sum(1), 1e6)) <= kUlpBound);
}

BOOST_AUTO_TEST_CASE(ten_billion_pulls_in_batches) {
  // 99,999 batches of 99,999 pulls and a last one of 10^10 - 99,999^2 = 199,999 pulls:
  // 10^10 pulls in 10^5 batches; the batch sums fl(m * 0.1) are not integers, so a plain running sum
  // rounds at every batch, always the same way (it drifts by ~10^4 ulps of the mean).
  constexpr std::uint64_t T = 10'000'000'000ULL;
  arm_stats s(3);
  double naive = 0;
  std::uint64_t pulls = 0;
  for (int k = 0; k < 100'000; ++k) {
    const std::uint64_t m = k < 99'999 ? 99'999 : T - 99'999ULL * 99'999ULL;
    const double batch = static_cast<double>(m) * 0.1;
    s.add_batch(2, m, batch);
    naive += batch;
    pulls += m;
  }
  BOOST_TEST_REQUIRE(pulls == T);
  BOOST_TEST(s.count(2) == T);  // exact, and past 2^32
  BOOST_TEST(s.total() == T);
  const double mean = s.mean(2);
  BOOST_TEST(std::fabs(float_distance(mean, 0.1)) <= kUlpBound, "mean " << mean << " is " << float_distance(mean, 0.1) << " ulps from 0.1");
  BOOST_TEST(std::fabs(mean - 0.1) <= 1e-15 * 0.1);  // docs: ~1e-15 relative after 10^10 pulls
  const double naive_mean = naive / static_cast<double>(T);
  BOOST_TEST(std::fabs(float_distance(naive_mean, 0.1)) > 1000, "the plain sum did not drift: " << naive_mean);
}

// Counts are 64-bit and exact where a double would round (2^53 + 1) or a 32-bit count wrap.
BOOST_AUTO_TEST_CASE(counts_are_exact_64_bit) {
  arm_stats s(2);
  const std::uint64_t two53 = std::uint64_t(1) << 53;
  s.add_batch(0, two53, 0.0);
  s.add(0, 1.0);
  BOOST_TEST(s.count(0) == two53 + 1);
  BOOST_TEST(s.total() == two53 + 1);
  s.add_batch(1, std::uint64_t(1) << 32, 0.0);
  BOOST_TEST(s.count(1) == std::uint64_t(1) << 32);
  BOOST_TEST(s.total() == two53 + 1 + (std::uint64_t(1) << 32));
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(compensation)

// 1e16 + 1 - 1e16: a plain sum loses the 1 (1e16 + 1 rounds to 1e16); the compensated sum keeps it.
BOOST_AUTO_TEST_CASE(cancellation) {
  arm_stats s(1);
  s.add(0, 1e16);
  s.add(0, 1.0);
  s.add(0, -1e16);
  BOOST_TEST(s.sum(0) == 1.0);
  BOOST_TEST(s.mean(0) == 1.0 / 3.0);
  double naive = 1e16;
  naive += 1.0;
  naive -= 1e16;
  BOOST_TEST(naive != 1.0);  // the case really needs compensation
}

// Small after large, in either order of magnitude (Neumaier's case that plain Kahan misses).
BOOST_AUTO_TEST_CASE(large_after_small) {
  arm_stats s(1);
  s.add(0, 1.0);
  s.add(0, 1e100);
  s.add(0, 1.0);
  s.add(0, -1e100);
  BOOST_TEST(s.sum(0) == 2.0);
}

BOOST_AUTO_TEST_SUITE_END()

// Random rewards over many magnitudes: |compensated sum - exact sum| <= 2u|S| + 2 n u^2 sum|x|
// (u = 2^-53; the bound for compensated summation), the exact sum from a 200-bit float.
RC_BOOST_PROP(compensated_sum_error_bound, ()) {
  using big = boost::multiprecision::number<boost::multiprecision::cpp_bin_float<400>>;
  const auto rewards = *rc::gen::container<std::vector<double>>(rc::gen::map(
      rc::gen::pair(rc::gen::inRange<std::int64_t>(-(std::int64_t(1) << 53), std::int64_t(1) << 53),
                    rc::gen::inRange(-40, 41)),
      [](std::pair<std::int64_t, int> p) { return std::ldexp(static_cast<double>(p.first), p.second - 53); }));
  arm_stats s(1);
  big exact = 0, abs_sum = 0;
  for (double x : rewards) {
    s.add(0, x);
    exact += x;
    abs_sum += std::fabs(x);
  }
  RC_ASSERT(s.count(0) == rewards.size());
  const double u = std::ldexp(1.0, -53);
  const big err = abs(big(s.sum(0)) - exact);
  const big bound = 2 * u * abs(exact) + 2 * static_cast<double>(rewards.size()) * u * u * abs_sum;
  RC_ASSERT(err <= bound);
}

// A running sum that overflows (finite rewards near DBL_MAX) is a domain_error, never an
// infinite or NaN mean; sums up to DBL_MAX stay valid.  Through a run: the same error whatever
// ordered structure lil'UCB uses (binary heap below 1024 arms, radix heap from 1024).
BOOST_AUTO_TEST_CASE(overflowing_sum_is_a_domain_error) {
  const double big = std::numeric_limits<double>::max();
  arm_stats s(2);
  s.add(0, big);
  BOOST_TEST(s.mean(0) == big);
  s.add(1, big / 2);
  s.add(1, big / 2);
  BOOST_TEST(s.sum(1) == big);
  expect_domain_error([&] { s.add(0, big); }, "reward sum");
  arm_stats negative(1);
  negative.add_batch(0, 3, -big);
  expect_domain_error([&] { negative.add(0, -big / 2); }, "reward sum");  // below -DBL_MAX
  for (const std::size_t n : {std::size_t(1023), std::size_t(1024)}) {
    BOOST_TEST_CONTEXT("n=" << n) {
      bandit::custom_arms arms(std::vector<double>(n, 0.5), 0.5,
                               [=](std::size_t arm, bandit::run_engine&) { return arm == 0 ? big : 0.5; });
      bandit::run_options o;
      o.max_pulls = 3 * n;
      expect_domain_error([&] { bandit::run_algorithm(bandit::algorithm::lilucb_heuristic, arms, o); }, "reward sum");
    }
  }
}

BOOST_AUTO_TEST_SUITE(choices)

// mean() is 0 for an arm never pulled, and the empirical best ignores such arms (a pulled arm
// with a negative mean still wins over unpulled arms).
BOOST_AUTO_TEST_CASE(empirical_best_ignores_unpulled_arms) {
  arm_stats s(3);
  BOOST_TEST(s.empirical_best() == 0u);  // nothing pulled: arm 0
  BOOST_TEST(s.mean(1) == 0.0);
  s.add(1, -5.0);
  BOOST_TEST(s.empirical_best() == 1u);
  s.add(2, -5.0);
  BOOST_TEST(s.empirical_best() == 1u);  // tie: lowest index
  s.add(0, -5.5);
  BOOST_TEST(s.empirical_best() == 1u);
  s.add(2, -4.0);
  BOOST_TEST(s.empirical_best() == 2u);  // mean -4.5
}

BOOST_AUTO_TEST_CASE(most_pulled_ties_to_lowest_index) {
  arm_stats s(4);
  BOOST_TEST(s.most_pulled() == 0u);
  s.add(2, 0.0);
  BOOST_TEST(s.most_pulled() == 2u);
  s.add(3, 0.0);
  BOOST_TEST(s.most_pulled() == 2u);
  s.add_batch(3, 2, 0.0);
  BOOST_TEST(s.most_pulled() == 3u);
  s.add_batch(1, 3, 0.0);
  BOOST_TEST(s.most_pulled() == 1u);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE_END()  // arm_stats
