// bandit/target.hpp: the question a run answers (best arm, epsilon-good or top m), the correctness a
// simulation counts, and the challenger's transformed mean that the certified rule reads (an
// upper bound of the exact value, checked in 50-digit arithmetic); and the practice's
// epsilon-GLR statistic of stopping/glr.hpp against its closed forms and a brute-force minimum.
#include <boost/test/unit_test.hpp>

#include "bandit_support.hpp"

#include "lilucb/random.hpp"
#include "lilucb/bandit/stopping/glr.hpp"
#include "lilucb/bandit/target.hpp"
#include "lilucb/theory/divergence.hpp"

#include <boost/multiprecision/cpp_bin_float.hpp>

#include <cmath>
#include <limits>
#include <vector>

namespace lb = lilucb::bandit;
namespace ls = lilucb::bandit::stopping;
using big = boost::multiprecision::cpp_bin_float_50;
using lilucb_test::expect_domain_error;

BOOST_AUTO_TEST_SUITE(answer_target)

BOOST_AUTO_TEST_CASE(good_answers_allow_ties_and_follow_the_target) {
  const std::vector<double> m{0.4, 0.4, 0.33, 0.2};
  // Best arm: either tied best arm is a best arm.
  BOOST_TEST(lb::is_good_answer({}, m, 0));
  BOOST_TEST(lb::is_good_answer({}, m, 1));
  BOOST_TEST(!lb::is_good_answer({}, m, 2));
  // Additive 0.07: 0.33 >= 0.4 - 0.07 (the boundary counts as good); 0.2 is not.
  BOOST_TEST(lb::is_good_answer({0.07, false}, m, 2) == (0.33 >= 0.4 - 0.07));
  BOOST_TEST(lb::is_good_answer({0.1, false}, m, 2));
  BOOST_TEST(!lb::is_good_answer({0.1, false}, m, 3));
  // Relative 0.1: at least 0.36; relative 0.5: at least 0.2.
  BOOST_TEST(!lb::is_good_answer({0.1, true}, m, 2));
  BOOST_TEST(lb::is_good_answer({0.5, true}, m, 3));
  BOOST_TEST(lb::to_string(lb::answer_target{}) == "best arm");
  BOOST_TEST(lb::to_string(lb::answer_target{0.25, true}) == "epsilon-good (epsilon = 0.25, relative)");
  for (const lb::answer_target bad : {lb::answer_target{-1e-9, false}, lb::answer_target{INFINITY, false},
                                      lb::answer_target{NAN, false}, lb::answer_target{1.0, true},
                                      lb::answer_target{-0.1, true}})
    expect_domain_error([&] { lb::check_target("test", bad); }, "epsilon");
}

// challenger_mean(t, m) >= the exact m - eps or (1 - eps) m (every rounding upwards), and within a
// few ulps of it, on means from subnormal to 1e300 of both signs.
BOOST_AUTO_TEST_CASE(transformed_mean_is_an_upper_bound) {
  lb::normal_stream rng(3, 0);
  std::size_t checked = 0;
  for (int i = 0; i < 20000; ++i) {
    const double scale = std::ldexp(1.0, int(rng.engine()() % 2100) - 1074);
    const double mean = (rng.engine().uniform01() < 0.5 ? -1 : 1) * scale * rng.engine().uniform01();
    const double eps = rng.engine().uniform01() < 0.5 ? rng.engine().uniform01() : std::ldexp(rng.engine().uniform01(), -40);
    if (!std::isfinite(mean)) continue;
    for (bool rel : {false, true}) {
      const lb::answer_target t{eps, rel};
      const double got = lb::challenger_mean(t, mean);
      if (!std::isfinite(got)) continue;  // mean - eps beyond DBL_MAX is not a run's mean
      const big exact = rel ? (big(1) - big(eps)) * big(mean) : big(mean) - big(eps);
      BOOST_REQUIRE_MESSAGE(big(got) >= exact, "mean " << mean << " eps " << eps << " rel " << rel);
      BOOST_REQUIRE_MESSAGE(big(got) - exact <= abs(exact) * big(std::ldexp(1.0, -48)) + big(std::ldexp(1.0, -1070)),
                            "mean " << mean << " eps " << eps << " rel " << rel << ": too far above");
      ++checked;
    }
  }
  BOOST_TEST(checked > 30000u);
  BOOST_TEST(lb::challenger_mean({}, 0.3) == 0.3);  // the best arm: the mean itself
}

// The practice's epsilon-GLR: Gaussian closed forms; Bernoulli against a brute-force minimum over
// the line of the alternative; 0 inside the alternative; epsilon = 0 is the best arm's statistic.
BOOST_AUTO_TEST_CASE(practice_statistic_matches_its_definition) {
  using ls::glr_model;
  const double z = ls::glr_statistic_target(glr_model::gaussian, 0.5, 100, 0.4, 50, 0.35, {0.1, false});
  BOOST_TEST(z == 0.15 * 0.15 / (2 * 0.25 * (1.0 / 100 + 1.0 / 50)), boost::test_tools::tolerance(1e-12));
  const double zr = ls::glr_statistic_target(glr_model::gaussian, 0.5, 100, 0.4, 50, 0.35, {0.2, true});
  BOOST_TEST(zr == (0.4 - 0.8 * 0.35) * (0.4 - 0.8 * 0.35) / (2 * 0.25 * (1.0 / 100 + 0.64 / 50)),
             boost::test_tools::tolerance(1e-12));
  BOOST_TEST(ls::glr_statistic_target(glr_model::gaussian, 0.5, 100, 0.3, 50, 0.45, {0.1, false}) == 0.0);
  BOOST_TEST(ls::glr_statistic_target(glr_model::bernoulli, 0.5, 100, 0.3, 50, 0.2, {}) ==
             ls::glr_statistic(glr_model::bernoulli, 0.5, 100, 0.3, 50, 0.2));
  for (const lb::answer_target t : {lb::answer_target{0.05, false}, lb::answer_target{0.3, true}})
    for (const auto& [na, ma, nb, mb] : std::vector<std::tuple<std::uint64_t, double, std::uint64_t, double>>{
             {100, 0.5, 40, 0.48}, {1000, 0.1, 300, 0.02}, {30, 0.95, 90, 0.99}, {500, 0.6, 500, 0.0}}) {
      const double got = ls::glr_statistic_target(glr_model::bernoulli, 0.5, na, ma, nb, mb, t);
      // Brute force over b's alternative mean y in [0, 1] on a fine grid (x = a's: y - eps or (1 - eps) y).
      double best = INFINITY;
      for (int k = 0; k <= 200000; ++k) {
        const double y = k / 200000.0;
        const double x = t.relative ? (1 - t.epsilon) * y : y - t.epsilon;
        if (x < 0) continue;
        // The alternative is y >= x + eps: with y above b's mean it also admits y = mb's side, so
        // the minimum is over x in [0, ma] with y(x) >= mb (otherwise take y = mb).
        const double yy = std::max(y, mb);
        const double v = double(na) * lilucb::bernoulli_kl(ma, std::min(x, ma)) + double(nb) * lilucb::bernoulli_kl(mb, yy);
        best = std::min(best, v);
      }
      BOOST_TEST(got <= best + 1e-9 * (1 + best), lb::to_string(t) << " " << ma << " vs " << mb << ": " << got << " > " << best);
      BOOST_TEST(got >= best - 1e-4 * (1 + best), lb::to_string(t) << " " << ma << " vs " << mb << ": " << got << " < " << best);
    }
}

// A top-m answer is judged as a set: m distinct arms, none beaten by an arm left out (by more than
// epsilon, or by the factor 1 - epsilon); ties at the m-th place allow several sets.  The set
// {0, 1} of means (0, 0, 1) is (0, 2)-good in Kalyanakrishnan et al.'s weaker sense, not here.
BOOST_AUTO_TEST_CASE(top_m_sets_are_judged_as_sets) {
  using set = std::vector<std::size_t>;
  lb::answer_target t;
  t.top = 2;
  const std::vector<double> tie{0.0, 0.0, 1.0};
  BOOST_TEST(!lb::is_good_answer_set(t, tie, set{0, 1}));
  BOOST_TEST(lb::is_good_answer_set(t, tie, set{2, 0}));
  BOOST_TEST(lb::is_good_answer_set(t, tie, set{1, 2}));
  BOOST_TEST(!lb::is_good_answer_set(t, tie, set{2, 2}));     // not distinct
  BOOST_TEST(!lb::is_good_answer_set(t, tie, set{2}));        // not m arms
  t.epsilon = 0.1;
  const std::vector<double> m{1.0, 0.5, 0.45};
  BOOST_TEST(lb::is_good_answer_set(t, m, set{0, 2}));         // 0.45 >= 0.5 - 0.1
  BOOST_TEST(!lb::is_good_answer_set(t, m, set{1, 2}));        // the best arm left out
  t.relative = true;
  BOOST_TEST(lb::is_good_answer_set(t, m, set{0, 2}));         // 0.45 >= 0.9 x 0.5
  BOOST_TEST(!lb::is_good_answer_set(t, std::vector<double>{1.0, 0.5, 0.44}, set{0, 2}));
  // top = 1 is is_good_answer.
  lb::answer_target one{0.1, false};
  BOOST_TEST(lb::is_good_answer_set(one, m, set{1}) == lb::is_good_answer(one, m, 1));
  BOOST_TEST(lb::to_string(t) == "top 2 (epsilon = 0.1, relative)");
  lb::answer_target plain;
  plain.top = 3;
  BOOST_TEST(lb::to_string(plain) == "top 3");
  BOOST_TEST(!plain.best_arm());
  plain.top = 0;
  expect_domain_error([&] { lb::check_target("test", plain); }, "top");
  plain.top = 4;
  expect_domain_error([&] { lb::check_target_arms("test", plain, 4); }, "top");
  lb::check_target_arms("test", plain, 5);
}

BOOST_AUTO_TEST_SUITE_END()
