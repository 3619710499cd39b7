// sampling/top_m_pair.hpp: lucb-glr and tt-topm.  The weakest pair against a brute-force search
// over every (a in the empirical top m, b outside) pair; the arm pulled (the less-pulled one, or
// the information-directed coin's); forced exploration; reproducible runs.
#include <boost/test/unit_test.hpp>

#include "bandit_support.hpp"

#include "lilucb/bandit/compose.hpp"
#include "lilucb/bandit/sampling/top_m_pair.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

namespace lb = lilucb::bandit;
namespace ls = lilucb::bandit::stopping;
using lilucb_test::expect_domain_error;

BOOST_AUTO_TEST_SUITE(top_m_pair)

// The pair found is the brute force's: the least Z over the (top m, rest) pairs, for m = 1..K-1,
// with and without epsilon, on statistics grown by random pulls.
BOOST_AUTO_TEST_CASE(weakest_pair_is_the_brute_force_one) {
  const std::vector<double> means{0.5, 0.1, 0.45, 0.3, 0.0, 0.42};
  const std::size_t K = means.size();
  lb::arm_stats st(K);
  lb::normal_stream rng(9, 0);
  for (int t = 0; t < 600; ++t) {
    const std::size_t i = t < int(K) ? std::size_t(t) : std::size_t(rng.engine()() % K);
    st.add(i, means[i] + 0.5 * rng());
    if (t + 1 < int(K) || t % 7) continue;
    std::vector<std::size_t> order(K);
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return st.mean(a) > st.mean(b); });
    for (std::size_t m = 1; m < K; ++m)
      for (double eps : {0.0, 0.03}) {
        lb::answer_target tg;
        tg.top = m;
        tg.epsilon = eps;
        lb::sampling::top_m_pair rule(K, ls::glr_model::gaussian, 0.5, tg, lb::sampling::top_m_choice::less_pulled);
        double least = INFINITY;
        std::pair<std::size_t, std::size_t> want{K, K};
        for (std::size_t x = 0; x < m; ++x)
          for (std::size_t y = m; y < K; ++y) {
            const std::size_t a = order[x], b = order[y];
            const double z = ls::glr_statistic_target(ls::glr_model::gaussian, 0.5, st.count(a), st.mean(a), st.count(b),
                                                      st.mean(b), tg);
            if (z < least || (z == least && std::pair{a, b} < want)) {
              least = z;
              want = {a, b};
            }
          }
        BOOST_REQUIRE_MESSAGE(rule.weakest_pair(st) == want, "pull " << t << " m " << m << " eps " << eps);
      }
  }
}

// Runs answer the top set, are reproducible by seed and keep every arm above the forced-exploration
// floor sqrt(t/K); tt-topm's coin makes its runs differ from lucb-glr's.
BOOST_AUTO_TEST_CASE(runs_pull_the_pair_and_are_reproducible) {
  lb::combination c = lb::parse_combination("lucb-glr+glr-one-sided");
  c.target.top = 2;
  lb::run_options o;
  o.nu = 0.05;
  o.seed = 17;
  const lb::gaussian_arms arms({0.5, 0.45, 0.3, 0.1, 0.2}, 0.5);
  const auto a = lb::run_combination(c, arms, o), b = lb::run_combination(c, arms, o);
  BOOST_TEST(a.run.pulls == b.run.pulls);
  BOOST_TEST(a.run.counts == b.run.counts);
  BOOST_TEST(a.run.answer_set == (std::vector<std::size_t>{0, 1}));
  // Every arm at least the forced-exploration floor sqrt(t/K), less the last round's pull.
  for (auto k : a.run.counts) BOOST_TEST(double(k) >= std::sqrt(double(a.run.pulls) / 5) - 1);
  lb::combination d = lb::parse_combination("tt-topm+glr-one-sided");
  d.target.top = 2;
  const auto e = lb::run_combination(d, arms, o);
  BOOST_TEST(e.run.answer_set == (std::vector<std::size_t>{0, 1}));
  BOOST_TEST(e.run.pulls != a.run.pulls);
}

// The pull itself, from a hand-made state: arms 0 and 2 form the weakest pair of the top 2 of
// four, arm 2 has fewer pulls, so lucb-glr pulls it.
BOOST_AUTO_TEST_CASE(pulls_the_less_pulled_arm_of_the_pair) {
  lb::arm_stats st(4);
  for (int k = 0; k < 40; ++k) st.add(0, 0.6);
  for (int k = 0; k < 40; ++k) st.add(1, 0.9);
  for (int k = 0; k < 20; ++k) st.add(2, 0.55);
  for (int k = 0; k < 40; ++k) st.add(3, 0.0);
  lb::answer_target tg;
  tg.top = 2;
  lb::sampling::top_m_pair rule(4, ls::glr_model::gaussian, 0.5, tg, lb::sampling::top_m_choice::less_pulled);
  BOOST_TEST((rule.weakest_pair(st) == std::pair<std::size_t, std::size_t>{0, 2}));
}

BOOST_AUTO_TEST_CASE(domain_errors_name_the_parameter) {
  lb::answer_target tg;
  tg.top = 4;
  expect_domain_error(
      [&] { lb::sampling::top_m_pair(4, ls::glr_model::gaussian, 0.5, tg, lb::sampling::top_m_choice::less_pulled); },
      "top");
  tg.top = 2;
  expect_domain_error(
      [&] { lb::sampling::top_m_pair(4, ls::glr_model::gaussian, -1, tg, lb::sampling::top_m_choice::less_pulled); },
      "sigma");
}

BOOST_AUTO_TEST_SUITE_END()
