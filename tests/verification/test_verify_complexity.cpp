// Tests of the `complexity` check's helpers (verification/src/complexity.cpp) on planted data:
// the least-squares line recovers a planted slope exactly, planted O(1) / O(log n) / O(n) costs
// are classified as such, the Lemma lem:1 comparison catches a bound that is too small (planted
// values and real lil'UCB runs against a shrunken bound), and every helper rejects bad input.
// No timing is asserted.

#include "lilucb_verification/complexity.hpp"

#include "lilucb/bandit/presets/algorithms.hpp"
#include "lilucb/bandit/arms.hpp"
#include "lilucb/bandit/parallel.hpp"
#include "lilucb/errors.hpp"
#include "lilucb/theory/instance.hpp"
#include "lilucb/theory/parameters.hpp"
#include "lilucb/theory/theorem.hpp"

#include <boost/test/unit_test.hpp>

#include <cmath>
#include <limits>
#include <vector>

namespace v = lilucb::verification;
namespace tt = boost::test_tools;

namespace {
const double kNaN = std::numeric_limits<double>::quiet_NaN();
const double kInf = std::numeric_limits<double>::infinity();
const std::vector<double> sizes{10, 100, 1000, 10000, 100000};
}  // namespace

BOOST_AUTO_TEST_SUITE(fitting)

BOOST_AUTO_TEST_CASE(least_squares_recovers_a_planted_line) {
  const std::vector<double> x{-2, 0.5, 1, 3, 7.25};
  std::vector<double> y;
  for (double t : x) y.push_back(1.5 - 0.75 * t);
  const auto f = v::least_squares_line(x, y);
  BOOST_TEST(f.slope == -0.75, tt::tolerance(1e-13));
  BOOST_TEST(f.intercept == 1.5, tt::tolerance(1e-13));
  BOOST_TEST(f.rss <= 1e-24);
  BOOST_TEST(f.points == 5u);
}

BOOST_AUTO_TEST_CASE(least_squares_matches_the_normal_equations_on_noisy_points) {
  // Points (0,0), (1,1), (2,1), (3,3): slope = Sxy/Sxx = 4.5/5 = 0.9, intercept = 1.25 - 1.35 = -0.1,
  // residuals 0.1, 0.2, -0.7, 0.4 -> rss = 0.7 (worked by hand).
  const auto f = v::least_squares_line({0, 1, 2, 3}, {0, 1, 1, 3});
  BOOST_TEST(f.slope == 0.9, tt::tolerance(1e-14));
  BOOST_TEST(f.intercept == -0.1, tt::tolerance(1e-13));
  BOOST_TEST(f.rss == 0.7, tt::tolerance(1e-13));
}

BOOST_AUTO_TEST_CASE(planted_costs_are_classified_with_their_exponents) {
  std::vector<double> c1, clog, clin, csq;
  for (double n : sizes) {
    c1.push_back(12.5);
    clog.push_back(3.0 * std::log(n));
    clin.push_back(0.7 * n);
    csq.push_back(0.01 * n * n);
  }
  const auto g1 = v::classify_cost_growth(sizes, c1);
  BOOST_TEST(std::abs(g1.exponent) < 1e-12);
  BOOST_TEST(std::abs(g1.log_slope) < 1e-12);
  BOOST_TEST((g1.best == v::cost_order::constant));

  const auto glog = v::classify_cost_growth(sizes, clog);
  BOOST_TEST((glog.best == v::cost_order::logarithmic));
  BOOST_TEST(glog.log_slope == 3.0, tt::tolerance(1e-12));
  BOOST_TEST(std::abs(glog.log_intercept) < 1e-9);
  BOOST_TEST(glog.exponent > 0.1);
  BOOST_TEST(glog.exponent < 0.5);

  const auto glin = v::classify_cost_growth(sizes, clin);
  BOOST_TEST(glin.exponent == 1.0, tt::tolerance(1e-12));
  BOOST_TEST((glin.best == v::cost_order::linear));

  // Faster than linear: the largest of the three orders, with the exponent saying 2.
  const auto gsq = v::classify_cost_growth(sizes, csq);
  BOOST_TEST(gsq.exponent == 2.0, tt::tolerance(1e-12));
  BOOST_TEST((gsq.best == v::cost_order::linear));
}

BOOST_AUTO_TEST_CASE(noisy_planted_costs_keep_their_class) {
  // +-10% multiplicative noise (a fixed pattern) does not move any of the three classes.
  const std::vector<double> noise{1.1, 0.92, 1.05, 0.9, 1.08};
  std::vector<double> c1, clog, clin;
  for (std::size_t k = 0; k < sizes.size(); ++k) {
    c1.push_back(20 * noise[k]);
    clog.push_back(5 * std::log(sizes[k]) * noise[k]);
    clin.push_back(2 * sizes[k] * noise[k]);
  }
  BOOST_TEST((v::classify_cost_growth(sizes, c1).best == v::cost_order::constant));
  BOOST_TEST((v::classify_cost_growth(sizes, clog).best == v::cost_order::logarithmic));
  BOOST_TEST((v::classify_cost_growth(sizes, clin).best == v::cost_order::linear));
  BOOST_TEST(v::to_string(v::cost_order::logarithmic) == "O(log n)");
}

BOOST_AUTO_TEST_CASE(median_of_odd_and_even_counts) {
  BOOST_TEST(v::median({3, 1, 2}) == 2.0);
  BOOST_TEST(v::median({4, 1, 3, 2}) == 2.5);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(lemma1_comparison)

BOOST_AUTO_TEST_CASE(planted_values_against_a_bound) {
  std::vector<double> m;
  for (int k = 0; k < 1000; ++k) m.push_back(k);  // 0 ... 999
  // Bound 899.5: exactly 100 exceed (900 ... 999).
  const auto c = v::compare_to_bound(m, 899.5, 0.01);
  BOOST_TEST(c.runs == 1000u);
  BOOST_TEST(c.exceed == 100u);
  BOOST_TEST(c.rejects);  // 10% exceedance is not <= 1%
  BOOST_TEST(c.interval.low < 0.1);
  BOOST_TEST(c.interval.high > 0.1);
  BOOST_TEST(c.median_ratio == 499.5 / 899.5, tt::tolerance(1e-14));
  BOOST_TEST(c.max_ratio == 999 / 899.5, tt::tolerance(1e-14));
  // A bound above every value: nothing exceeds, nothing rejected.
  const auto ok = v::compare_to_bound(m, 2000, 0.01);
  BOOST_TEST(ok.exceed == 0u);
  BOOST_TEST(!ok.rejects);
  BOOST_TEST(ok.interval.low == 0.0);
  // 1% allowed, 12 of 1000 exceed: consistent at alpha = 1e-6, not rejected.
  const auto near = v::compare_to_bound(m, 987.5, 0.01);
  BOOST_TEST(near.exceed == 12u);
  BOOST_TEST(!near.rejects);
}

BOOST_AUTO_TEST_CASE(real_runs_catch_a_lemma1_bound_that_is_too_small) {
  // lilucb-certified on two Gaussian arms (sigma = 1, so the lemma applies to the means as they
  // are); the lemma's own bound is never exceeded, a bound shrunk 100-fold is caught.
  namespace b = lilucb::bandit;
  const std::vector<double> means{1.0, 0.5};
  const b::gaussian_arms arms(means, 1.0);
  const double eps = 0.01, beta = 1.0, nu = 0.1;
  const double delta = lilucb::certified_setting(nu, eps, beta).setting.delta;
  const double allowed = 2 * lilucb::rho(eps) * delta;
  b::run_options ro;
  ro.nu = nu;
  ro.seed = 7;
  ro.inner = lilucb::inner_log::lemma;
  const auto res = b::run_many(ro, 40, 0, [&](const b::run_options& r) {
    return b::run_algorithm(b::algorithm::lilucb_certified, arms, r);
  });
  std::vector<double> sub;
  for (const auto& r : res) {
    BOOST_TEST((r.status == b::run_status::stopped));
    sub.push_back(static_cast<double>(r.counts[1]));
  }
  const double bound = lilucb::lemma1_bound(means, eps, beta, delta);
  const auto honest = v::compare_to_bound(sub, bound, allowed);
  BOOST_TEST(!honest.rejects);
  const auto planted = v::compare_to_bound(sub, bound / 100, allowed);
  BOOST_TEST(planted.rejects);
  BOOST_TEST(planted.exceed >= 20u);  // about 3 in 4 runs exceed 1% of the bound
  BOOST_TEST(planted.max_ratio == 100 * honest.max_ratio, tt::tolerance(1e-12));
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(domain_errors)

BOOST_AUTO_TEST_CASE(least_squares_line_rejects_bad_input) {
  BOOST_CHECK_THROW(v::least_squares_line({1}, {1}), lilucb::domain_error);
  BOOST_CHECK_THROW(v::least_squares_line({}, {}), lilucb::domain_error);
  BOOST_CHECK_THROW(v::least_squares_line({1, 2}, {1, 2, 3}), lilucb::domain_error);
  BOOST_CHECK_THROW(v::least_squares_line({1, 1, 1}, {1, 2, 3}), lilucb::domain_error);
  BOOST_CHECK_THROW(v::least_squares_line({1, kNaN}, {1, 2}), lilucb::domain_error);
  BOOST_CHECK_THROW(v::least_squares_line({1, 2}, {kInf, 2}), lilucb::domain_error);
}

BOOST_AUTO_TEST_CASE(classify_cost_growth_rejects_bad_input) {
  BOOST_CHECK_THROW(v::classify_cost_growth({10}, {1}), lilucb::domain_error);
  BOOST_CHECK_THROW(v::classify_cost_growth({10, 100}, {1}), lilucb::domain_error);
  BOOST_CHECK_THROW(v::classify_cost_growth({1, 100}, {1, 2}), lilucb::domain_error);  // ln 1 = 0
  BOOST_CHECK_THROW(v::classify_cost_growth({0.5, 100}, {1, 2}), lilucb::domain_error);
  BOOST_CHECK_THROW(v::classify_cost_growth({10, kInf}, {1, 2}), lilucb::domain_error);
  BOOST_CHECK_THROW(v::classify_cost_growth({10, 100}, {0, 2}), lilucb::domain_error);
  BOOST_CHECK_THROW(v::classify_cost_growth({10, 100}, {-1, 2}), lilucb::domain_error);
  BOOST_CHECK_THROW(v::classify_cost_growth({10, 100}, {kNaN, 2}), lilucb::domain_error);
  BOOST_CHECK_THROW(v::classify_cost_growth({10, 10}, {1, 2}), lilucb::domain_error);
}

BOOST_AUTO_TEST_CASE(compare_to_bound_rejects_bad_input) {
  BOOST_CHECK_THROW(v::compare_to_bound({}, 1, 0.1), lilucb::domain_error);
  BOOST_CHECK_THROW(v::compare_to_bound({1, -1}, 1, 0.1), lilucb::domain_error);
  BOOST_CHECK_THROW(v::compare_to_bound({1, kNaN}, 1, 0.1), lilucb::domain_error);
  BOOST_CHECK_THROW(v::compare_to_bound({1}, 0, 0.1), lilucb::domain_error);
  BOOST_CHECK_THROW(v::compare_to_bound({1}, kInf, 0.1), lilucb::domain_error);
  BOOST_CHECK_THROW(v::compare_to_bound({1}, 1, -0.1), lilucb::domain_error);
  BOOST_CHECK_THROW(v::compare_to_bound({1}, 1, 1.5), lilucb::domain_error);
  BOOST_CHECK_THROW(v::compare_to_bound({1}, 1, kNaN), lilucb::domain_error);
  BOOST_CHECK_THROW(v::compare_to_bound({1}, 1, 0.1, 0.0), lilucb::domain_error);
  BOOST_CHECK_THROW(v::compare_to_bound({1}, 1, 0.1, 1.0), lilucb::domain_error);
  BOOST_CHECK_THROW(v::compare_to_bound({1}, 1, 0.1, 1e-6, 1.0), lilucb::domain_error);
  // The edges that are admissible.
  BOOST_CHECK_NO_THROW(v::compare_to_bound({0}, 1, 0.0));
  BOOST_CHECK_NO_THROW(v::compare_to_bound({0}, 1, 1.0));
}

BOOST_AUTO_TEST_CASE(median_rejects_bad_input) {
  BOOST_CHECK_THROW(v::median({}), lilucb::domain_error);
  BOOST_CHECK_THROW(v::median({1, kNaN}), lilucb::domain_error);
}

BOOST_AUTO_TEST_CASE(messages_name_function_parameter_and_range) {
  try {
    v::compare_to_bound({1}, -2, 0.1);
    BOOST_FAIL("no throw");
  } catch (const lilucb::domain_error& e) {
    const std::string what = e.what();
    BOOST_TEST(what.find("compare_to_bound") != std::string::npos);
    BOOST_TEST(what.find("bound") != std::string::npos);
    BOOST_TEST(what.find("-2") != std::string::npos);
    BOOST_TEST(what.find("(0, inf)") != std::string::npos);
  }
}

BOOST_AUTO_TEST_SUITE_END()
