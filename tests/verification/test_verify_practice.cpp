// Tests of the `practice` check (verification/src/practice.cpp) and its adversary
// (verification/include/lilucb_verification/ratio_adversary.hpp):
//   sampler     the ratio-steering rule's choices on planted statistics, against its definition;
//   practice    against the adversary, GLR at log((1 + log t)/delta) errs more often than delta:
//               the exact Clopper-Pearson lower bound at level 1e-6 exceeds delta = 0.1;
//   certified   against the same adversary, certified stopping rules do not: the test of
//               P(wrong) <= delta at level 1e-6 does not reject;
//   determinism the same seed gives the same tally for 1 and 2 threads;
//   domain      the runner refuses what it cannot run.
// Every statistical assertion is a test at level 1e-6 with a fixed seed: a correct implementation
// essentially never fails it.
#include <boost/test/unit_test.hpp>

#include "lilucb_verification/checks.hpp"
#include "lilucb_verification/ratio_adversary.hpp"

#include "lilucb/bandit/combination.hpp"
#include "lilucb/clopper_pearson.hpp"
#include "lilucb/errors.hpp"

#include <cmath>

namespace lv = lilucb::verification;
namespace lb = lilucb::bandit;

namespace {

/// Arm statistics with counts n and empirical means mean.
lb::arm_stats stats(std::uint64_t n0, double mean0, std::uint64_t n1, double mean1) {
  lb::arm_stats s(2);
  s.add_batch(0, n0, mean0 * double(n0));
  s.add_batch(1, n1, mean1 * double(n1));
  return s;
}

/// The sampler's choice after observing `s` (means 0.001 and 0, sigma 1).
std::size_t choice(const lb::arm_stats& s, std::vector<double> means = {0.001, 0.0}) {
  lv::ratio_steering_sampler r(means, 1.0);
  r.observe(0, s);
  return r.choose();
}

/// The practice check's instance (verification/src/practice.cpp).
lv::configuration instance(double nu) {
  lv::configuration c;
  c.means = {1e-6, 0.0};
  c.sigma = 1.0;
  c.nu = nu;
  return c;
}

lv::estimate_options options(std::uint64_t runs, unsigned threads = 2) {
  lv::estimate_options o;
  o.runs = runs;
  o.max_pulls = 10'000;
  o.seed = 20261126;
  o.first_run = 0;
  o.threads = threads;
  o.alpha = 1e-6;
  return o;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(ratio_adversary)

BOOST_AUTO_TEST_CASE(sampler_follows_its_definition) {
  // Both deviations favour the wrong answer (arm 0 below its mean, arm 1 above): the target
  // ratio N_0/N_1 = (u_1/u_0)^2.  u_0 = sqrt(100)(-0.099 - 0.001) = -1, u_1 = sqrt(100) 0.2 = 2:
  // target 4; N_0/N_1 = 1 < 4, so arm 0.
  BOOST_TEST(choice(stats(100, -0.099, 100, 0.2)) == 0u);
  // The same deviations with N_0/N_1 = 5 > 4 (u_0 = sqrt(500)(-0.045 - 0.001) ~ -1.03,
  // u_1 = 2): target ~3.8 < 5, so arm 1.
  BOOST_TEST(choice(stats(500, -0.045, 100, 0.2)) == 1u);
  // Only arm 1's deviation favours the wrong answer: pull arm 0 (drawn again).
  BOOST_TEST(choice(stats(100, 0.101, 100, 0.2)) == 0u);
  // Only arm 0's: pull arm 1.
  BOOST_TEST(choice(stats(100, -0.099, 100, -0.2)) == 1u);
  // Neither: the arm with fewer pulls, ties to the best arm.
  BOOST_TEST(choice(stats(100, 0.101, 50, -0.2)) == 1u);
  BOOST_TEST(choice(stats(50, 0.101, 100, -0.2)) == 0u);
  BOOST_TEST(choice(stats(100, 0.101, 100, -0.2)) == 0u);
  // The best arm listed second: the roles follow the means.
  BOOST_TEST(choice(stats(100, 0.2, 100, -0.099), {0.0, 0.001}) == 1u);
}

BOOST_AUTO_TEST_CASE(the_steered_ratio_maximises_the_wrong_statistic) {
  // At the gap's limit the wrong answer's statistic is (sqrt(w) u_1 - sqrt(1 - w) u_0)^2/2 with
  // w = N_0/(N_0 + N_1); over w it is largest, (u_0^2 + u_1^2)/2, at N_0/N_1 = (u_1/u_0)^2.
  const double u0 = -1.3, u1 = 0.7;
  const auto z = [&](double w) { return std::pow(std::sqrt(w) * u1 - std::sqrt(1 - w) * u0, 2) / 2; };
  const double r = (u1 / u0) * (u1 / u0), w_star = r / (1 + r);
  BOOST_TEST(z(w_star) == (u0 * u0 + u1 * u1) / 2, boost::test_tools::tolerance(1e-12));
  for (double w = 0.01; w < 1; w += 0.01) BOOST_TEST(z(w) <= z(w_star) * (1 + 1e-12));
}

BOOST_AUTO_TEST_CASE(the_practice_errs_more_often_than_delta) {
  lb::combination heuristic;
  heuristic.stopping = lb::stopping_rule::glr;
  heuristic.threshold = lb::glr_threshold::heuristic;
  const lv::error_rate_estimate e = lv::estimate_error_rate(lv::ratio_adversary_runner(heuristic), instance(0.1),
                                                            options(8000));
  BOOST_TEST_MESSAGE("glr-heuristic vs ratio adversary, delta 0.1: " << e.summary());
  BOOST_TEST(e.lower > 0.1);
  BOOST_TEST(e.rejects);
}

BOOST_AUTO_TEST_CASE(certified_rules_stay_below_delta) {
  // The cheap certified rules of each kind (a GLR threshold of t alone, a count-dependent one,
  // an LS boundary) at delta = 0.1, where the practice's error rate is about 0.13.
  for (const char* name : {"uniform+glr-kk21", "uniform+glr-pooled", "uniform+ls-stitched"}) {
    const lv::error_rate_estimate e = lv::estimate_error_rate(
        lv::ratio_adversary_runner(lb::parse_combination(name)), instance(0.1), options(200));
    BOOST_TEST_MESSAGE(name << " vs ratio adversary, delta 0.1: " << e.summary());
    BOOST_TEST(!e.rejects, name);
    BOOST_TEST(e.lower <= 0.1, name);
  }
}

BOOST_AUTO_TEST_CASE(same_seed_same_tally_whatever_the_threads) {
  const auto run = lv::ratio_adversary_runner(lb::parse_combination("uniform+glr-heuristic"));
  const lv::error_rate_estimate a = lv::estimate_error_rate(run, instance(0.1), options(300, 1));
  const lv::error_rate_estimate b = lv::estimate_error_rate(run, instance(0.1), options(300, 2));
  BOOST_TEST(a.stopped_wrong == b.stopped_wrong);
  BOOST_TEST(a.budget_exhausted == b.budget_exhausted);
  BOOST_TEST(a.mean_pulls == b.mean_pulls);
  BOOST_TEST(a.stopped_wrong > 0u);
}

BOOST_AUTO_TEST_CASE(domain) {
  BOOST_CHECK_THROW(lv::ratio_adversary_runner(lb::parse_combination("lilucb+lilucb")), lilucb::domain_error);
  // pooled-kl is certified for rewards in [0, 1] only.
  BOOST_CHECK_THROW(lv::ratio_adversary_runner(lb::parse_combination("uniform+glr-pooled-kl")), lilucb::domain_error);
  BOOST_CHECK_THROW(lv::ratio_steering_sampler({0.0, 0.0}, 1.0), lilucb::domain_error);
  BOOST_CHECK_THROW(lv::ratio_steering_sampler({0.0, 1.0, 2.0}, 1.0), lilucb::domain_error);
  BOOST_CHECK_THROW(lv::ratio_steering_sampler({0.0, 1.0}, 0.0), lilucb::domain_error);
  const auto run = lv::ratio_adversary_runner(lb::parse_combination("uniform+glr-heuristic"));
  lv::configuration three = instance(0.1);
  three.means = {0.1, 0.0, -0.1};
  BOOST_CHECK_THROW(lv::estimate_error_rate(run, three, options(1)), lilucb::domain_error);
  lv::configuration bern = instance(0.1);
  bern.arms = lilucb::bandit::reward_model::bernoulli;
  bern.means = {0.5, 0.4};
  BOOST_CHECK_THROW(lv::estimate_error_rate(run, bern, options(1)), lilucb::domain_error);
  BOOST_CHECK_NO_THROW(lv::find_check("practice"));
}

BOOST_AUTO_TEST_SUITE_END()
