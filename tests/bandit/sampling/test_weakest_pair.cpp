// sampling/weakest_pair.hpp: weakest-pair sampling pull for pull against its O(K) definition
// (naive_weakest_pair.hpp), with the one-sided GLR stopping the same stop; its one-term lower
// bounds against the statistic S1.  (Moved from test_compose.cpp.)
#include <boost/test/unit_test.hpp>

#include "bandit_support.hpp"
#include "naive_weakest_pair.hpp"
#include "sampling_support.hpp"

#include "lilucb/bandit/compose.hpp"
#include "lilucb/bandit/scenarios.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>

namespace lb = lilucb::bandit;
using lilucb_test::expect_domain_error;
using lilucb_test::never_stop;
using lilucb_test::same_pulls;

namespace {
/// The weakest-pair rule and its O(K) definition (naive_weakest_pair.hpp) make the same pulls:
/// `pulls` pulls with a stopping rule that never fires, then the run with the one-sided GLR
/// stopping (same stop, same answer).
template <class Arms>
void same_weakest_pair_pulls(const Arms& arms, double sigma, std::uint64_t seed, std::uint64_t pulls,
                             const std::string& what) {
  lb::sampling::weakest_pair fast(arms.size(), sigma);
  lilucb_test::naive_weakest_pair naive(sigma);
  same_pulls(arms, fast, naive, seed, pulls, what);
  BOOST_TEST(fast.exact_evaluations() > 0u);
}
}  // namespace

BOOST_AUTO_TEST_SUITE(weakest_pair)

// The one-term lower bounds of weakest_pair.hpp ("levels 1 and 2") are below the statistic S1 of
// glr_one_sided_statistic on random pairs (counts 1..10^5, gaps of either sign, every scale), and
// Psi is below F (glr_one_sided.hpp) on a grid of u.  (How close they are is reported, not tested:
// the pull-for-pull test below counts the work they save.)
BOOST_AUTO_TEST_CASE(weakest_pair_bounds_are_bounds) {
  namespace wd = lb::sampling::weakest_pair_detail;
  const wd::psi_table t;
  for (double u = -200; u <= 200; u += 0.01) {
    double v, d;
    t.at(u, &v, &d);
    BOOST_TEST(v <= lb::one_sided_mixture::F(u).f + 1e-12 * (1 + std::fabs(v)), "u " << u);
  }
  const auto g = lb::stopping::make_mixture_grid();
  const double sigma = 0.5;
  std::mt19937_64 rng(11);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::size_t checked = 0, close = 0;
  for (int i = 0; i < 400; ++i) {
    const auto na = std::uint64_t(std::exp(unit(rng) * std::log(1e5))), nb = std::uint64_t(std::exp(unit(rng) * std::log(1e5)));
    const double ma = unit(rng), mb = ma - (unit(rng) * 1.2 - 0.2);
    const double s1 = lb::stopping::glr_one_sided_statistic(sigma, g, na, ma, nb, mb);
    double best = -std::numeric_limits<double>::infinity();
    for (std::size_t k = 0; k < g.rho.size(); ++k) {
      const double sa = double(na) / (sigma * std::sqrt(double(na) + g.rho[k]));
      const double sb = double(nb) / (sigma * std::sqrt(double(nb) + g.rho[k]));
      const double lb_k = g.log_weight[k] + 2 * std::log(2.0) - 0.5 * std::log1p(double(na) / g.rho[k]) -
                          0.5 * std::log1p(double(nb) / g.rho[k]) + wd::psi_pair_lower(t, sa, ma, sb, mb);
      BOOST_TEST(lb_k <= s1 + 1e-9 * (1 + std::fabs(s1)), "na " << na << " ma " << ma << " nb " << nb << " mb " << mb << " k " << k);
      best = std::max(best, lb_k);
      ++checked;
    }
    close += s1 - best < 2.5;
  }
  BOOST_TEST(checked == 400u * g.rho.size());
  BOOST_TEST_MESSAGE("weakest-pair one-term bounds within 2.5 nats of S1: " << close << " of 400 random pairs");
}

// Weakest-pair sampling (sampling/weakest_pair.hpp): its kept keys, lower bounds and lazy
// refinement make exactly the pulls of the O(K) pass over every S1_{L,b}, ties included (the
// Bernoulli instances tie often), at K = 3, 10 and 101; and with the one-sided GLR stopping the
// same stop.  The bounds do spare work: at K = 101 well under one exact statistic per pull, not K - 1.
BOOST_AUTO_TEST_CASE(weakest_pair_matches_naive_pull_for_pull) {
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    same_weakest_pair_pulls(lb::bernoulli_arms({0.5, 0.5, 0.5}), 0.5, seed, 1500, "bernoulli K = 3 tied");
    same_weakest_pair_pulls(lb::bernoulli_arms({0.9, 0.5, 0.5, 0.1, 0.9, 0.3, 0.5, 0.2, 0.9, 0.6}), 0.5, seed, 800,
                            "bernoulli K = 10");
    same_weakest_pair_pulls(lb::gaussian_arms({1.0, 0.8, 0.6}, 0.5), 0.5, seed, 1500, "gaussian K = 3");
    same_weakest_pair_pulls(lb::gaussian_arms(lb::alpha_means(9, 0.6), 0.5), 0.5, seed, 800, "gaussian alpha K = 10");
  }
  // (The O(K) pass costs about 3.5 ms per pull at K = 101: a few hundred pulls per seed.)
  for (std::uint64_t seed = 1; seed <= 2; ++seed)
    same_weakest_pair_pulls(lb::gaussian_arms(lb::alpha_means(100, 0.6), 0.5), 0.5, seed, 350, "gaussian alpha K = 101");
  // With the one-sided GLR stopping (Proposition M1): the same stopping time and answer.
  const lb::gaussian_arms arms(lb::alpha_means(9, 0.6), 0.5);
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    lb::run_options o;
    o.nu = 0.1;
    o.seed = seed;
    lb::sampling::weakest_pair fast(arms.size(), 0.5);
    lilucb_test::naive_weakest_pair naive(0.5);
    lb::stopping::glr_one_sided st1(arms.size(), 0.5, 0.1), st2(arms.size(), 0.5, 0.1);
    const auto r1 = lb::run_composed(arms, fast, st1, o), r2 = lb::run_composed(arms, naive, st2, o);
    BOOST_TEST(r1.run.status == lb::run_status::stopped);
    BOOST_TEST(r1.run.pulls == r2.run.pulls);
    BOOST_TEST(r1.run.best_arm == r2.run.best_arm);
    BOOST_TEST(r1.certified);
  }
  // Forced exploration: an arm far below the others (never the leader, its S1 never the smallest)
  // is still pulled whenever its count falls below sqrt(t/K); without it, it keeps its first pull.
  {
    const lb::gaussian_arms far({1.0, 0.98, -5.0}, 0.5);
    lb::run_options o;
    o.nu = 0.1;
    o.seed = 3;
    o.max_pulls = 20000;
    lb::sampling::weakest_pair fast(far.size(), 0.5);
    never_stop st;
    lb::pull_log log;
    lb::run_composed(far, fast, st, o, log);
    const auto n2 = std::count(log.arms.begin(), log.arms.end(), std::size_t{2});
    BOOST_TEST(double(n2) >= std::sqrt(double(o.max_pulls) / 3.0) - 1, n2);
    BOOST_TEST(double(n2) <= std::sqrt(double(o.max_pulls) / 3.0) + 2, n2);  // and only then
  }
  // Exact statistics per pull at K = 101 (the bounds' saving; K - 1 = 100 for the O(K) pass).
  {
    const lb::gaussian_arms big(lb::alpha_means(100, 0.6), 0.5);
    lb::run_options o;
    o.nu = 0.1;
    o.seed = 7;
    o.max_pulls = 3000;
    lb::sampling::weakest_pair fast(big.size(), 0.5);
    never_stop st;
    lb::run_composed(big, fast, st, o);
    const double per_pull = double(fast.exact_evaluations()) / double(o.max_pulls - big.size());
    const double n = double(o.max_pulls - big.size());
    BOOST_TEST_MESSAGE("weakest-pair K = 101: " << per_pull << " exact S1, " << double(fast.tangent_refinements()) / n
                                                << " tangent bounds, " << double(fast.level2_refinements()) / n
                                                << " level-2 bounds, " << double(fast.key_rebuilds()) / n
                                                << " key rebuilds per pull");
    BOOST_TEST(per_pull < 1.0);  // about 0.14 when this test was written
  }
  expect_domain_error([] { lb::sampling::weakest_pair(3, 0.0); }, "sigma");
  expect_domain_error([] { lb::sampling::weakest_pair(3, 0.5, lb::stopping::mixture_grid{}); }, "grid");
  BOOST_TEST(lb::to_string(lb::parse_sampling_rule("weakest-pair")) == std::string("weakest-pair"));
}

BOOST_AUTO_TEST_SUITE_END()
