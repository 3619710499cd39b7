// Reward sources (arms.hpp).
//  - Domains: no arm, a non-finite mean, a Bernoulli mean outside [0, 1], sigma <= 0 (or not
//    finite), sigmas of the wrong length, a custom scale <= 0, an empty sampler or a sampler's
//    non-finite reward (also inside a run) all throw
//    lilucb::domain_error naming the parameter; the edges (Bernoulli 0 and 1) are valid.
//  - Draws: a Gaussian reward is mu_i + sigma_i z with z the run's next standard normal; a
//    Bernoulli reward is 1 exactly when the run's next uniform is < mu_i; a custom sampler
//    is called with the arm and the run's engine; batch sums are in range and consistent.
//  - Sub-Gaussian scales: Gaussian the largest sigma_i, Bernoulli 1/2, custom as given.

#include <boost/test/unit_test.hpp>

#include "bandit_support.hpp"

#include "lilucb/bandit/arms.hpp"
#include "lilucb/errors.hpp"

#include <cmath>
#include <functional>
#include <limits>

// Every case of this file is in the suite arms (one executable holds the directory's files).
BOOST_AUTO_TEST_SUITE(arms)

using namespace lilucb_test;

namespace {

constexpr double nan_ = std::numeric_limits<double>::quiet_NaN();
constexpr double inf = std::numeric_limits<double>::infinity();

}  // namespace

BOOST_AUTO_TEST_SUITE(domains)

BOOST_AUTO_TEST_CASE(bernoulli_means_outside_unit_interval) {
  expect_domain_error([] { bandit::bernoulli_arms({0.5, 1.5}); }, "means[1]");
  expect_domain_error([] { bandit::bernoulli_arms({-0.1, 0.5}); }, "means[0]");
  expect_domain_error([] { bandit::bernoulli_arms({0.5, 0.2, std::nextafter(1.0, 2.0)}); }, "means[2]");
  expect_domain_error([] { bandit::bernoulli_arms({0.5, -0.0, std::nextafter(0.0, -1.0)}); }, "means[2]");
  expect_domain_error([] { bandit::bernoulli_arms({nan_, 0.5}); }, "means[0]");
  expect_domain_error([] { bandit::bernoulli_arms({0.5, inf}); }, "means[1]");
  expect_domain_error([] { bandit::bernoulli_arms({}); }, "means");
  BOOST_CHECK_NO_THROW(bandit::bernoulli_arms({0.0, 1.0, 0.5}));
}

BOOST_AUTO_TEST_CASE(gaussian_sigma_and_means) {
  for (double s : {0.0, -1.0, -0.0, nan_, inf, -inf}) {
    BOOST_TEST_CONTEXT("sigma=" << s) {
      expect_domain_error([s] { bandit::gaussian_arms({0.5, 0.1}, s); }, "sigma");
      expect_domain_error([s] { bandit::gaussian_arms({0.5, 0.1}, std::vector<double>{1.0, s}); }, "sigma");
    }
  }
  expect_domain_error([] { bandit::gaussian_arms({0.5, 0.1}, std::vector<double>{1.0}); }, "sigmas.size()");
  expect_domain_error([] { bandit::gaussian_arms({0.5, nan_}, 1.0); }, "means[1]");
  expect_domain_error([] { bandit::gaussian_arms({-inf, 0.5}, 1.0); }, "means[0]");
  expect_domain_error([] { bandit::gaussian_arms(std::vector<double>{}, 1.0); }, "means");
  BOOST_CHECK_NO_THROW(bandit::gaussian_arms({-5.0, 100.0}, 1e-300));
}

BOOST_AUTO_TEST_CASE(custom_scale_and_sampler) {
  auto sampler = [](std::size_t, bandit::run_engine&) { return 0.0; };
  for (double s : {0.0, -1.0, nan_, inf})
    expect_domain_error([&] { bandit::custom_arms({0.5, 0.1}, s, sampler); }, "scale");
  expect_domain_error([] { bandit::custom_arms({0.5, 0.1}, 0.5, nullptr); }, "sampler");
  expect_domain_error([&] { bandit::custom_arms({0.5, nan_}, 0.5, sampler); }, "means[1]");
  expect_domain_error([&] { bandit::custom_arms({}, 0.5, sampler); }, "means");
}

// Invalid arms never reach an algorithm: run_algorithm on valid arms with invalid options
// throws as well (nu, sigma).
BOOST_AUTO_TEST_CASE(run_options_checked) {
  const bandit::gaussian_arms arms({0.5, 0.1}, 0.5);
  for (double nu : {0.0, 1.0, nan_, -1.0, 2.0}) {
    bandit::run_options o;
    o.nu = nu;
    BOOST_CHECK_THROW(bandit::run_algorithm(bandit::algorithm::lilucb, arms, o), lilucb::domain_error);
  }
  for (double s : {-1.0, nan_, inf}) {
    bandit::run_options o;
    o.sigma = s;
    BOOST_CHECK_THROW(bandit::run_algorithm(bandit::algorithm::ucb1_ls, arms, o), lilucb::domain_error);
  }
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(draws)

BOOST_AUTO_TEST_CASE(gaussian_reward_is_mean_plus_sigma_z) {
  // Per-arm sigmas, and one sigma shared by every arm, given as equal entries or as a scalar;
  // prefetch() is a hint that changes nothing.
  const std::vector<std::vector<double>> sigma_sets{{0.25, 3.0}, {0.5, 0.5}};
  for (const auto& sigmas : sigma_sets) {
    BOOST_TEST_CONTEXT("sigmas " << sigmas[0] << ", " << sigmas[1]) {
      const bandit::gaussian_arms arms({0.5, -2.0}, sigmas);
      BOOST_TEST(arms.subgaussian_scale() == std::max(sigmas[0], sigmas[1]));
      BOOST_TEST(arms.size() == 2u);
      bandit::normal_stream a(4, 2), z(4, 2);
      for (int k = 0; k < 600; ++k) {
        const std::size_t i = static_cast<std::size_t>(k % 2);
        arms.prefetch(i);  // a hint only
        const double r = arms.sample(i, a);
        const double expect = arms.means()[i] + sigmas[i] * z();
        BOOST_TEST(r == expect);
        const double batch = arms.sample_sum(i, 9, a);
        BOOST_TEST(batch == 9 * arms.means()[i] + sigmas[i] * 3.0 * z());
      }
    }
  }
  const bandit::gaussian_arms scalar({0.5, -2.0}, 0.5);
  bandit::normal_stream a(5, 0), b(5, 0);
  for (int k = 0; k < 100; ++k) BOOST_TEST(scalar.sample(k % 2, a) == scalar.means()[k % 2] + 0.5 * b());
}

BOOST_AUTO_TEST_CASE(bernoulli_reward_is_uniform_below_mean) {
  const bandit::bernoulli_arms arms({0.0, 1.0, 0.3});
  BOOST_TEST(arms.subgaussian_scale() == 0.5);
  bandit::normal_stream a(8, 1);
  bandit::run_engine u(8, 1);
  int ones = 0;
  constexpr int N = 30000;
  for (int k = 0; k < N; ++k) {
    BOOST_REQUIRE(arms.sample(0, a) == 0.0);
    u.uniform01();
    BOOST_REQUIRE(arms.sample(1, a) == 1.0);
    u.uniform01();
    const double r = arms.sample(2, a);
    BOOST_REQUIRE(r == (u.uniform01() < 0.3 ? 1.0 : 0.0));
    ones += r == 1.0;
  }
  // 0.3 +- 5 standard errors (sd of the mean: sqrt(0.21/N) ~ 0.0026).
  BOOST_TEST(std::fabs(static_cast<double>(ones) / N - 0.3) < 0.014);
}

BOOST_AUTO_TEST_CASE(batch_sums) {
  const bandit::bernoulli_arms b({0.0, 1.0, 0.4});
  const bandit::gaussian_arms g({0.25, -1.0}, 0.5);
  bandit::normal_stream rng(3, 3);
  for (std::uint64_t m : {1u, 2u, 10u, 1000u, 1000000u}) {
    BOOST_TEST(b.sample_sum(0, m, rng) == 0.0);
    BOOST_TEST(b.sample_sum(1, m, rng) == static_cast<double>(m));
    const double s = b.sample_sum(2, m, rng);
    BOOST_TEST(s >= 0.0);
    BOOST_TEST(s <= static_cast<double>(m));
    BOOST_TEST(s == std::floor(s));  // a count of successes
  }
  // Gaussian sum of m rewards: m mu + sigma sqrt(m) z with the stream's next normal.
  bandit::normal_stream a(5, 5), z(5, 5);
  for (std::uint64_t m : {1u, 4u, 100u, 1000000u}) {
    const double s = g.sample_sum(1, m, a);
    const double md = static_cast<double>(m);
    BOOST_TEST(s == md * -1.0 + 0.5 * std::sqrt(md) * z());
  }
  // Binomial sums have the right mean: 200 sums of 1000 pulls at 0.4, mean within 5 sd.
  double total = 0;
  for (int k = 0; k < 200; ++k) total += b.sample_sum(2, 1000, rng);
  BOOST_TEST(std::fabs(total / 200000.0 - 0.4) < 5 * std::sqrt(0.24 / 200000.0));
}

// A sampler's non-finite reward is an error, not a NaN index.
BOOST_AUTO_TEST_CASE(custom_sampler_non_finite_reward) {
  for (const double bad : {nan_, std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity()}) {
    BOOST_TEST_CONTEXT("reward=" << bad) {
      bandit::custom_arms arms({0.1, 0.9}, 0.5, [=](std::size_t arm, bandit::run_engine&) { return arm == 1 ? bad : 0.0; });
      bandit::normal_stream s(6, 0);
      BOOST_TEST(arms.sample(0, s) == 0.0);
      expect_domain_error([&] { arms.sample(1, s); }, "reward");
      expect_domain_error([&] { arms.sample_sum(1, 2, s); }, "reward");
      bandit::run_options o;
      o.max_pulls = 100;
      expect_domain_error([&] { bandit::run_algorithm(bandit::algorithm::lilucb, arms, o); }, "reward");
    }
  }
}

BOOST_AUTO_TEST_CASE(custom_sampler_gets_arm_and_engine) {
  std::vector<std::size_t> called;
  bandit::custom_arms arms({0.1, 0.9}, 0.75, [&](std::size_t arm, bandit::run_engine& e) {
    called.push_back(arm);
    return static_cast<double>(arm) + e.uniform01();
  });
  BOOST_TEST(arms.subgaussian_scale() == 0.75);
  BOOST_TEST(arms.means() == (std::vector<double>{0.1, 0.9}), boost::test_tools::per_element());
  bandit::normal_stream s(6, 0);
  bandit::run_engine ref(6, 0);
  BOOST_TEST(arms.sample(1, s) == 1.0 + ref.uniform01());
  BOOST_TEST(arms.sample(0, s) == 0.0 + ref.uniform01());
  const double sum = arms.sample_sum(1, 3, s);
  double expect = 0;
  for (int k = 0; k < 3; ++k) expect += 1.0 + ref.uniform01();
  BOOST_TEST(sum == expect);
  BOOST_TEST(called == (std::vector<std::size_t>{1, 0, 1, 1, 1}), boost::test_tools::per_element());
  // And it runs under every algorithm (the engine is the run's stream).
  for (bandit::algorithm alg : bandit::all_algorithms) {
    bandit::run_options o;
    o.max_pulls = 300;
    const auto r = bandit::run_algorithm(alg, arms, o);
    BOOST_TEST(r.pulls > 0u);
    BOOST_TEST(r.parameters.sigma == 0.75);
  }
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE_END()  // arms
