// stopping/glr_unknown_variance.hpp: GLR stopping for Gaussian rewards of unknown variance,
// Proposition GU (docs/certified-glr/epsilon-topm.md, section 3).
//   - the log predictive sum L against the Student-t density in long double (lgammal: an
//     independent evaluation), and L's certified lower bound below it;
//   - the included pulls' Welford mean and M2 against two passes in long double;
//   - the certified sup never below a brute-force sup (a fine grid in long double) and within the
//     grid's own curvature bound of it, additive and relative, variances far apart and counts large;
//   - the statistic's certified value below the brute-force one (and close to it);
//   - the rule's lazy decision against the naive decision from gu_statistic at every pull;
//   - the registry and the runs: gu certified, the known-sigma rules refused with an unknown
//     variance, presets refused, GU refused on non-Gaussian arms;
//   - the domain.
#include <boost/test/unit_test.hpp>

#include "bandit_support.hpp"
#include "lazy_against_naive.hpp"

#include "lilucb/bandit/compose.hpp"
#include "lilucb/random.hpp"
#include "lilucb/bandit/stopping/glr_unknown_variance.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numbers>
#include <vector>

namespace lb = lilucb::bandit;
namespace ls = lilucb::bandit::stopping;
using lilucb_test::expect_domain_error;

namespace gu_test {

// log of the Student-t density t_nu(mu, scale^2) at y, in long double.
long double t_logpdf(long double y, long double nu, long double mu, long double scale2) {
  const long double z2 = (y - mu) * (y - mu) / scale2;
  return std::lgamma((nu + 1) / 2) - std::lgamma(nu / 2) - 0.5L * std::log(nu * std::numbers::pi_v<long double>) -
         0.5L * std::log(scale2) - (nu + 1) / 2 * std::log1p(z2 / nu);
}

struct reference_arm {
  std::vector<double> y;
  long double L = 0;  // the included pulls' log predictive sum
  void add(double v) {
    const std::size_t N = y.size();
    if (N >= ls::gu_burn_in) {
      long double m = 0, ss = 0;
      for (double x : y) m += x;
      m /= N;
      for (double x : y) ss += (x - m) * (x - m);
      long double scale2 = ss / (N - 1) * (1 + 1.0L / N);
      if (scale2 < ls::gu_variance_floor) scale2 = ls::gu_variance_floor;
      L += t_logpdf(v, N - 1, m, scale2);
    }
    y.push_back(v);
  }
  // The included pulls' count, mean and mean squared deviation.
  long double n() const { return y.size() > ls::gu_burn_in ? y.size() - ls::gu_burn_in : 0; }
  long double mean() const {
    long double m = 0;
    for (std::size_t i = ls::gu_burn_in; i < y.size(); ++i) m += y[i];
    return m / n();
  }
  long double v() const {
    const long double m = mean();
    long double ss = 0;
    for (std::size_t i = ls::gu_burn_in; i < y.size(); ++i) ss += (y[i] - m) * (y[i] - m);
    return ss / n();
  }
};

long double profile(long double n, long double ybar, long double v, long double x, bool upper) {
  const long double d = std::max(upper ? ybar - x : x - ybar, 0.0L);
  return -0.5L * n * (std::log(2 * std::numbers::pi_v<long double> * std::numbers::e_v<long double>) + std::log(v + d * d));
}

// The brute-force sup over m of l+_a(g(m)) + l-_c(m): the max over a grid of G + 1 points of the
// interval where it lies (long double), and the grid's global curvature bound (h^2/8)(k^2 na/va + nc/vc):
// the true sup is in [max, max + bound].
struct brute {
  long double max, bound;
};
brute brute_sup(double na, double ya, double va, double nc, double yc, double vc, lb::answer_target t, int G = 200000) {
  const long double k = t.relative ? 1 - static_cast<long double>(t.epsilon) : 1.0L;
  const long double A = t.relative ? ya / k : static_cast<long double>(ya) + t.epsilon;
  long double p = std::min<long double>(yc, A), q = std::max<long double>(yc, A);
  if (t.relative) {
    p = std::max(p, 0.0L);
    q = std::max(q, 0.0L);
  }
  const auto g = [&](long double m) { return t.relative ? k * m : m - static_cast<long double>(t.epsilon); };
  long double best = -std::numeric_limits<long double>::infinity();
  for (int j = 0; j <= G; ++j) {
    const long double m = p + (q - p) * j / G;
    best = std::max(best, profile(na, ya, va, g(m), true) + profile(nc, yc, vc, m, false));
  }
  const long double h = (q - p) / G;
  return {best, h * h / 8 * (k * k * na / va + nc / vc)};
}

// A draw in [lo, hi] from the stream.
double uniform(lb::normal_stream& rng, double lo, double hi) { return lo + (hi - lo) * rng.engine().uniform01(); }

}  // namespace gu_test

BOOST_AUTO_TEST_SUITE(glr_unknown_variance)

// L, the included count/mean/M2 against long double references, on rewards near 0 and near 10^4.
BOOST_AUTO_TEST_CASE(predictive_sum_and_welford_match_long_double) {
  lb::normal_stream rng(43, 0);
  for (double offset : {0.0, 1e4})
    for (double sd : {0.01, 1.0, 30.0}) {
      ls::gu_arm a;
      gu_test::reference_arm r;
      for (int s = 0; s < 400; ++s) {
        const double y = offset + sd * rng();
        a.add(y);
        r.add(y);
      }
      BOOST_TEST_CONTEXT("offset " << offset << ", sd " << sd) {
        BOOST_TEST(a.n == 400 - ls::gu_burn_in);
        BOOST_TEST(a.mean == static_cast<double>(r.mean()), boost::test_tools::tolerance(1e-13));
        BOOST_TEST(a.v() == static_cast<double>(r.v()), boost::test_tools::tolerance(1e-10));
        BOOST_TEST(a.L + a.L_comp == static_cast<double>(r.L), boost::test_tools::tolerance(1e-11));
        BOOST_TEST(a.L_lower() <= static_cast<double>(r.L));
        BOOST_TEST(static_cast<double>(r.L) - a.L_lower() < 1e-8);
      }
    }
  // Equal rewards: the floored predictive still gives a density; a different reward after them
  // costs a lot, and L stays finite or becomes -inf (never NaN).
  ls::gu_arm eq;
  for (int s = 0; s < 10; ++s) eq.add(1.0);
  BOOST_TEST(std::isfinite(eq.L_lower()));
  eq.add(2.0);
  BOOST_TEST(!(eq.L_lower() > 0));
  BOOST_TEST(!std::isnan(eq.L_lower()));
}

// The certified sup is never below the brute-force sup and is within the grid's bound of it.
BOOST_AUTO_TEST_CASE(certified_sup_is_an_upper_bound_and_tight) {
  lb::normal_stream rng(44, 0);
  int cases = 0;
  for (int it = 0; it < 300; ++it) {
    const double na = std::floor(std::exp(gu_test::uniform(rng, std::log(2.0), std::log(1e6))));
    const double nc = std::floor(std::exp(gu_test::uniform(rng, std::log(2.0), std::log(1e6))));
    const double va = std::exp(gu_test::uniform(rng, std::log(1e-4), std::log(1e2)));
    const double vc = std::exp(gu_test::uniform(rng, std::log(1e-4), std::log(1e2)));
    const double yc = gu_test::uniform(rng, -1, 1);
    const double ya = yc + gu_test::uniform(rng, -0.5, 2.0);
    lb::answer_target t;
    const int kind = it % 3;
    if (kind == 1) t = {gu_test::uniform(rng, 0, 0.5), false};
    if (kind == 2) t = {gu_test::uniform(rng, 0, 0.9), true};
    const double yc2 = kind == 2 ? std::fabs(yc) : yc, ya2 = kind == 2 ? std::fabs(ya) : ya;
    const double up = ls::gu_sup_upper(na, ya2, va, nc, yc2, vc, t);
    const auto b = gu_test::brute_sup(na, ya2, va, nc, yc2, vc, t);
    BOOST_TEST_CONTEXT("na " << na << " ya " << ya2 << " va " << va << " nc " << nc << " yc " << yc2 << " vc " << vc
                             << " eps " << t.epsilon << (t.relative ? " relative" : "")) {
      BOOST_TEST(static_cast<long double>(up) >= b.max);
      // Within the refinement's tolerance of the true sup (<= max + bound), plus the long double
      // grid's own rounding.
      BOOST_TEST(static_cast<long double>(up) <= b.max + b.bound + 2e-7L + 1e-11L * std::fabs(b.max));
    }
    ++cases;
  }
  BOOST_TEST(cases == 300);
  // Degenerate: a v of 0 makes the sup +inf; equal means give the two maxima.
  BOOST_TEST(ls::gu_sup_upper(3, 0, 0, 3, 0, 1, {}) == std::numeric_limits<double>::infinity());
  const double both = ls::gu_sup_upper(4, 0, 1, 5, 0.5, 2, {});  // ya <= yc: both at their maxima
  BOOST_TEST(both >= ls::gu_profile(4, 0, 1, 0, true) + ls::gu_profile(5, 0.5, 2, 0.5, false));
  BOOST_TEST(both <= ls::gu_profile(4, 0, 1, 0, true) + ls::gu_profile(5, 0.5, 2, 0.5, false) + 1e-9);
}

// The statistic's certified value against the brute-force one on simulated arms of variances far
// apart: never above it, and close.
BOOST_AUTO_TEST_CASE(statistic_is_a_lower_bound_of_the_brute_force_one) {
  lb::normal_stream rng(45, 0);
  const double sd[] = {0.2, 2.0, 0.5, 1.0}, mu[] = {0.0, -0.2, -0.2, -0.3};
  for (int n : {5, 40, 400, 3000}) {
    std::vector<ls::gu_arm> arms(4);
    std::vector<gu_test::reference_arm> refs(4);
    for (int i = 0; i < 4; ++i)
      for (int s = 0; s < n * (i + 1); ++s) {
        const double y = mu[i] + sd[i] * rng();
        arms[i].add(y);
        refs[i].add(y);
      }
    for (lb::answer_target t : {lb::answer_target{}, lb::answer_target{0.1, false}})
      for (int c = 1; c < 4; ++c) {
        const double lam = ls::gu_statistic(arms[0], arms[c], t);
        const auto& ra = refs[0];
        const auto& rc = refs[c];
        const auto b = gu_test::brute_sup(static_cast<double>(ra.n()), static_cast<double>(ra.mean()),
                                          static_cast<double>(ra.v()), static_cast<double>(rc.n()),
                                          static_cast<double>(rc.mean()), static_cast<double>(rc.v()), t);
        const long double brute_lambda = ra.L + rc.L - b.max;  // >= the true Lambda
        BOOST_TEST_CONTEXT("n " << n << ", c " << c << ", eps " << t.epsilon) {
          BOOST_TEST(static_cast<long double>(lam) <= brute_lambda + 1e-9L);
          BOOST_TEST(static_cast<long double>(lam) >= brute_lambda - b.bound - 1e-5L);
        }
      }
  }
  // Fewer than two included pulls: -inf.
  ls::gu_arm few, many;
  for (int s = 0; s < 4; ++s) few.add(s);
  for (int s = 0; s < 40; ++s) many.add(s % 7);
  BOOST_TEST(ls::gu_statistic(few, many, {}) == -std::numeric_limits<double>::infinity());
}

// The lazy decision against the naive one (gu_statistic of every challenger of the leader) at every
// pull of a run; the verdicts agree except within 1e-6 nats of the threshold.
BOOST_AUTO_TEST_CASE(lazy_decision_matches_naive) {
  for (lb::answer_target t : {lb::answer_target{}, lb::answer_target{0.05, false}, lb::answer_target{0.1, true}}) {
    BOOST_TEST_CONTEXT(lb::to_string(t)) {
      ls::glr_unknown_variance rule(4, 0.1, t);
      lilucb_test::lazy_decision_matches_naive(
          rule, [&](const auto& r, std::size_t a, std::size_t b) { return ls::gu_statistic(r.arm(a), r.arm(b), t); },
          1e-6);
    }
  }
}

// The registry and runs: gu and paired-t are certified and run on Gaussian arms of known or unknown
// variance (the default there is paired-t, Proposition PT); with an unknown variance every rule that
// reads sigma is refused, and so are presets and non-Gaussian arms.
BOOST_AUTO_TEST_CASE(registry_and_unknown_variance_runs) {
  const auto& d = lb::describe(lb::glr_threshold::gu);
  BOOST_TEST(d.name == "gu");
  BOOST_TEST(d.certified);
  BOOST_TEST(d.statement == "Proposition GU (docs/certified-glr/epsilon-topm.md, section 3)");
  BOOST_TEST(!d.sigma_premise);
  BOOST_TEST(d.answers_epsilon);
  BOOST_TEST((lb::recommended_threshold(lb::reward_model::gaussian_unknown_variance) == lb::glr_threshold::paired_t));
  BOOST_TEST(lb::to_string(lb::recommended_combination(lb::reward_model::gaussian_unknown_variance)) ==
             "t3c-ids-matched+glr-paired-t");
  BOOST_TEST(lb::to_string(lb::recommended_combination(lb::reward_model::gaussian_unknown_variance, {0.1, false})) ==
             "t3c-ids-matched+glr-paired-t");
  const auto gu = lb::parse_combination("t3c+glr-gu");
  const auto unknown = lb::reward_model::gaussian_unknown_variance;
  BOOST_TEST(lb::admits(lb::parse_combination("t3c+glr-heuristic-ev"), unknown));
  // No rule that reads sigma is offered (certified or not) with an unknown variance.
  for (const lb::combination& c : lb::all_combinations) {
    if (!lb::admits(c, unknown)) continue;
    BOOST_TEST((c.stopping == lb::stopping_rule::glr &&
                (c.threshold == lb::glr_threshold::gu || c.threshold == lb::glr_threshold::paired_t ||
                 c.threshold == lb::glr_threshold::heuristic_ev)),
               lb::to_string(c));
  }
  // Every sampling rule that runs on Gaussian arms runs with GU.
  for (const auto& s : lb::sampling_rules) {
    lb::combination c = gu;
    c.sampling = s.id;
    BOOST_TEST(lb::admits(c, unknown) == lb::accepts(s.models, lb::reward_model::gaussian), s.name);
  }

  const lb::gaussian_arms arms({0.5, 0.0, -0.1}, std::vector<double>{0.2, 1.5, 0.5});
  lb::run_options o;
  o.nu = 0.1;
  o.seed = 7;
  o.unknown_variance = true;
  o.max_pulls = 2'000'000;
  // The two certified rules for unknown variances: admitted on Gaussian arms only, certified runs.
  for (const auto& [method, statement] : {std::pair{"t3c+glr-gu", "Proposition GU"},
                                          std::pair{"t3c-ids+glr-paired-t", "Proposition PT"}}) {
    BOOST_TEST_CONTEXT(method) {
      const auto c = lb::parse_combination(method);
      BOOST_TEST(lb::admits(c, unknown));
      BOOST_TEST(lb::admits(c, lb::reward_model::gaussian));
      BOOST_TEST(!lb::admits(c, lb::reward_model::bernoulli));
      BOOST_TEST(!lb::admits(c, lb::reward_model::bounded));
      BOOST_TEST(!lb::admits(c, lb::reward_model::sub_gaussian));
      const auto r = lb::run_combination(c, arms, o);
      BOOST_TEST(r.certified);
      BOOST_TEST(r.certificate.find(statement) != std::string::npos);
      BOOST_TEST((r.run.status == lb::run_status::stopped));
      BOOST_TEST(r.run.best_arm == 0u);
      auto known = o;
      known.unknown_variance = false;
      expect_domain_error([&] { lb::run_combination(c, lb::bernoulli_arms({0.5, 0.4}), o); }, "unknown_variance");
      expect_domain_error([&] { lb::run_combination(c, lb::bernoulli_arms({0.5, 0.4}), known); }, "threshold");
    }
  }
  const auto rec = lb::run_combination(lb::recommended_combination(unknown), arms, o);
  BOOST_TEST((rec.run.status == lb::run_status::stopped));
  expect_domain_error([&] { lb::run_combination(lb::parse_combination("t3c+glr-one-sided"), arms, o); }, "threshold");
  expect_domain_error([&] { lb::run_combination(lb::parse_combination("t3c+glr-heuristic"), arms, o); }, "threshold");
  expect_domain_error([&] { lb::run_combination(lb::parse_combination("t3c+ls"), arms, o); }, "boundary");
  expect_domain_error([&] { lb::run_combination(lb::parse_combination("lilucb+lilucb"), arms, o); }, "stopping");
  expect_domain_error([&] { lb::run_method(lb::algorithm::lilucb, arms, o); }, "unknown_variance");
}

// Regressions of the second reading of "As implemented": a relative flag with epsilon = 0 is the
// best-arm question on the whole line (negative means included: the sup is the additive one's, and
// it is attained at a negative m); outside the range guard the sup is +inf (the pair never passes).
BOOST_AUTO_TEST_CASE(relative_without_epsilon_and_the_range_guard) {
  lb::answer_target rel;
  rel.relative = true;
  const lb::answer_target add;
  const double with_flag = ls::gu_sup_upper(50, -1.0, 0.04, 50, -1.02, 0.05, rel);
  const double without = ls::gu_sup_upper(50, -1.0, 0.04, 50, -1.02, 0.05, add);
  BOOST_TEST(with_flag == without);
  // The sup over the line is at m between the two means (both negative), above any value at m >= 0.
  BOOST_TEST(with_flag >= ls::gu_profile(50, -1.0, 0.04, -1.01, true) + ls::gu_profile(50, -1.02, 0.05, -1.01, false));
  BOOST_TEST(with_flag > ls::gu_profile(50, -1.0, 0.04, 0.0, true) + ls::gu_profile(50, -1.02, 0.05, 0.0, false) + 1);
  const double inf = std::numeric_limits<double>::infinity();
  BOOST_TEST(ls::gu_sup_upper(50, 1e80, 1.0, 50, 0.0, 1.0, add) == inf);
  BOOST_TEST(ls::gu_sup_upper(50, 1.0, 1e-160, 50, 0.0, 1.0, add) == inf);
  BOOST_TEST(ls::gu_sup_upper(50, 1.0, 1.0, 50, 0.0, 1e160, add) == inf);
  lb::answer_target far;
  far.epsilon = 1e80;
  BOOST_TEST(ls::gu_sup_upper(50, 1.0, 1.0, 50, 0.0, 1.0, far) == inf);
  BOOST_TEST(std::isfinite(ls::gu_sup_upper(50, 1.0, 1.0, 50, 0.0, 1.0, add)));
}

BOOST_AUTO_TEST_CASE(domain) {
  const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  expect_domain_error([] { ls::glr_unknown_variance(0, 0.1); }, "K");
  for (double d : {0.0, 1.0, nan, -0.5}) expect_domain_error([&] { ls::glr_unknown_variance(3, d); }, "delta");
  expect_domain_error([] { ls::glr_unknown_variance(3, 0.1, {-0.1, false}); }, "epsilon");
  expect_domain_error([] { ls::glr_unknown_variance(3, 0.1, {1.0, true}); }, "epsilon");
  expect_domain_error([&] { ls::glr_unknown_variance(3, 0.1, {inf, false}); }, "epsilon");
  expect_domain_error([] { ls::gu_sup_upper(0.5, 0, 1, 3, 0, 1, {}); }, "na");
  expect_domain_error([] { ls::gu_sup_upper(3, 0, 1, 0, 0, 1, {}); }, "nc");
  expect_domain_error([&] { ls::gu_sup_upper(3, nan, 1, 3, 0, 1, {}); }, "ya");
  expect_domain_error([&] { ls::gu_sup_upper(3, 0, 1, 3, inf, 1, {}); }, "yc");
  expect_domain_error([] { ls::gu_sup_upper(3, 0, -1, 3, 0, 1, {}); }, "va");
  expect_domain_error([&] { ls::gu_sup_upper(3, 0, 1, 3, 0, nan, {}); }, "vc");
  // One reward per observe: a batch is refused; so is an arm out of range.
  ls::glr_unknown_variance rule(2, 0.1);
  lb::arm_stats s(2);
  s.add_batch(0, 2, 1.0);
  expect_domain_error([&] { rule.observe(0, s); }, "count");
  expect_domain_error([&] { rule.observe(5, s); }, "i");
  expect_domain_error([&] { (void)rule.arm(2); }, "i");
  // K = 1 answers at once; the threshold is log((K - 1)/delta) rounded upwards.
  ls::glr_unknown_variance one(1, 0.1);
  lb::arm_stats s1(1);
  BOOST_TEST(one.should_stop(s1));
  ls::glr_unknown_variance four(4, 0.1);
  BOOST_TEST(four.threshold() >= std::log(30.0));
  BOOST_TEST(four.threshold() <= std::log(30.0) * (1 + 1e-14));
}

BOOST_AUTO_TEST_SUITE_END()
