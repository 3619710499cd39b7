// stopping/glr_one_sided.hpp: the rule of Proposition M1 (docs/certified-glr/propositions.md):
// the rule's gain over Proposition M, its lazy decision against the statistic at every pull, its
// grids, domain errors and certificates (the kernel's own tests: test_one_sided_mixture.cpp).
// References again from independent computations (one_sided_reference.hpp: long double
// formulas, minimisation on the line).
#include <boost/test/unit_test.hpp>

#include "bandit_support.hpp"
#include "one_sided_reference.hpp"

#include "lilucb/bandit/compose.hpp"
#include "lilucb/bandit/stopping/glr_mixture.hpp"
#include "lilucb/bandit/stopping/glr_one_sided.hpp"
#include "lilucb/bandit/stopping/glr_pooled.hpp"

#include <cmath>
#include <limits>
#include <vector>

namespace lb = lilucb::bandit;
namespace ls = lilucb::bandit::stopping;
namespace tt = boost::test_tools;
using lilucb_test::expect_domain_error;

using lilucb_test::line_minimum;

BOOST_AUTO_TEST_SUITE(glr_one_sided)

// The one-sided mixture gains about log 4 over Proposition M's statistic on balanced pairs (the
// reason it exists), and never more than log 4 plus the log-sum's own slack.
BOOST_AUTO_TEST_CASE(gains_about_log_four_on_balanced_pairs) {
  const auto g1 = ls::make_mixture_grid(40);
  const auto g2 = ls::make_mixture_grid(40, ls::mixture_combine::log_sum);
  for (double n : {30.0, 100.0, 1000.0})
    for (double z : {6.0, 8.0, 12.0}) {
      const double d = std::sqrt(2 * z / (n / 2)) * 0.5;  // sigma 0.5: Z = d^2/(2 sigma^2) n/2
      const double one = ls::glr_one_sided_statistic(0.5, g1, std::uint64_t(n), d, std::uint64_t(n), 0.0);
      const double two = ls::glr_mixture_statistic(0.5, g2, std::uint64_t(n), d, std::uint64_t(n), 0.0);
      BOOST_TEST(one - two >= 1.0, "n " << n << " Z " << z << ": " << one << " vs " << two);
      BOOST_TEST(one - two <= 2 * std::log(2.0) + 0.05, "n " << n << " Z " << z);
    }
}

// The rule's lazy decision (the shared leader/pair core and the key's bounds) is the statistic's
// at every pull, except within 1e-6 of the threshold (the bounds' margins; none occur here).
BOOST_AUTO_TEST_CASE(lazy_decision_matches_statistic) {
  const std::size_t K = 9;
  for (const std::vector<double>& means : {std::vector<double>{0.3, 0.5, 0.45, 0.5 - 1e-3, 0.1, 0.2, 0.48, 0.0, 0.3},
                                           std::vector<double>{0.3, 0.9, 0.45, 0.6, 0.1, 0.2, 0.48, 0.0, 0.3}}) {
    ls::glr_one_sided rule(K, 0.5, 0.05);
    BOOST_TEST(rule.threshold() == std::log(8 / 0.05));
    const auto g = ls::make_mixture_grid(40);
    lb::arm_stats st(K);
    lb::normal_stream rng(11, 0);
    std::size_t decided[2] = {0, 0}, near = 0;
    for (int t = 0; t < 6000; ++t) {
      std::size_t i = t < int(K) ? std::size_t(t) : std::size_t(rng.engine()() % K);
      if (t >= int(K) && rng.engine().uniform01() < 0.5) i = st.empirical_best();
      st.add(i, means[i] + 0.5 * rng());
      rule.observe(i, st);
      const bool got = rule.should_stop(st);
      if (t + 1 < int(K)) {
        BOOST_REQUIRE(!got);
        continue;
      }
      const std::size_t lead = st.empirical_best();
      double smin = INFINITY;
      for (std::size_t b = 0; b < K; ++b)
        if (b != lead) smin = std::min(smin, ls::glr_one_sided_statistic(0.5, g, st.count(lead), st.mean(lead), st.count(b), st.mean(b)));
      const bool want = smin >= rule.threshold();
      if (std::fabs(smin - rule.threshold()) < 1e-6) {
        ++near;
        continue;
      }
      BOOST_REQUIRE_MESSAGE(got == want, "pull " << t << ": lazy " << got << " statistic " << smin);
      BOOST_REQUIRE(rule.recommendation(st) == lead);
      ++decided[want];
    }
    BOOST_TEST(near == 0u);
    BOOST_TEST(decided[0] > 0u);
    if (means[1] == 0.9) BOOST_TEST(decided[1] > 0u);
  }
}

// With an epsilon-good target (Proposition Gε-M1) the lazy decision is the statistic's at each
// challenger's transformed mean (challenger_mean: mean - eps, or (1 - eps) mean, rounded up), on
// tied best arms, additive and relative, on the default grid and on the question's prior; the rule
// stops on the tie, and the certificate names the proposition and the question.
BOOST_AUTO_TEST_CASE(epsilon_target_decides_at_the_transformed_means) {
  const std::size_t K = 6;
  const std::vector<double> means{0.4, 0.4, 0.35, 0.4, 0.1, 0.3};
  for (const lb::answer_target target : {lb::answer_target{0.1, false}, lb::answer_target{0.25, true}})
  for (const bool question_prior : {false, true}) {
    // The default grid, and the prior the toolkit gives the question (question_grid: the epsilon
    // band for the additive target, the default for the relative one).
    const auto g = question_prior ? ls::question_grid(0.5, target) : ls::make_mixture_grid(40);
    ls::glr_one_sided rule(K, 0.5, 0.05, g, target);
    lb::arm_stats st(K);
    lb::normal_stream rng(12, 0);
    std::size_t decided[2] = {0, 0}, near = 0;
    for (int t = 0; t < 20000 && decided[1] == 0; ++t) {
      const std::size_t i = std::size_t(t) % K;
      st.add(i, means[i] + 0.5 * rng());
      rule.observe(i, st);
      const bool got = rule.should_stop(st);
      if (t + 1 < int(K)) continue;
      const std::size_t lead = st.empirical_best();
      double smin = INFINITY;
      for (std::size_t b = 0; b < K; ++b)
        if (b != lead)
          smin = std::min(smin, ls::glr_one_sided_statistic(0.5, g, st.count(lead), st.mean(lead), st.count(b),
                                                            lb::challenger_mean(target, st.mean(b))));
      if (std::fabs(smin - rule.threshold()) < 1e-6) {
        ++near;
        continue;
      }
      const bool want = smin >= rule.threshold();
      BOOST_REQUIRE_MESSAGE(got == want, lb::to_string(target) << " pull " << t << ": lazy " << got << " statistic " << smin);
      ++decided[want];
    }
    BOOST_TEST(near == 0u);
    BOOST_TEST(decided[0] > 0u);
    BOOST_TEST(decided[1] > 0u, lb::to_string(target) << ": the rule stops on tied best arms");
    const std::string cert = rule.certificate();
    BOOST_TEST(cert.find("Proposition Gε-M1") != std::string::npos, cert);
    BOOST_TEST(cert.find(lb::to_string(target)) != std::string::npos, cert);
  }
  expect_domain_error([] { ls::glr_one_sided(3, 0.5, 0.1, ls::make_mixture_grid(40), {-0.1, false}); }, "epsilon");
  expect_domain_error([] { ls::glr_one_sided(3, 0.5, 0.1, ls::make_mixture_grid(40), {1.0, true}); }, "epsilon");
  expect_domain_error([] { ls::glr_one_sided(3, 0.5, 0.1, ls::make_mixture_grid(40), {NAN, false}); }, "epsilon");
}

BOOST_AUTO_TEST_CASE(runs_composed_and_is_certified) {
  const lb::gaussian_arms arms({0.2, 0.9, 0.1, 0.0, 0.3}, 0.5);
  lb::run_options o;
  o.nu = 0.1;
  o.seed = 5;
  for (auto s : {lb::sampling_rule::uniform, lb::sampling_rule::t3c, lb::sampling_rule::eb_tci_ids}) {
    const lb::combination c{s, lb::stopping_rule::glr, lb::glr_threshold::one_sided};
    BOOST_TEST(lb::is_certified(c));
    const auto r = lb::run_combination(c, arms, o);
    BOOST_TEST(r.run.status == lb::run_status::stopped);
    BOOST_TEST(r.run.best_arm == 1u);
    BOOST_TEST(r.certified);
    BOOST_TEST(r.certificate.find("Proposition M1") != std::string::npos, r.certificate);
    BOOST_TEST(lb::to_string(c) == std::string(lb::to_string(s)) + "+glr-one-sided");
  }
  BOOST_TEST(lb::to_string(lb::parse_glr_threshold("one-sided")) == std::string("one-sided"));
  const lb::bernoulli_arms b({0.2, 0.8, 0.1});
  const auto r = lb::run_combination({lb::sampling_rule::t3c, lb::stopping_rule::glr, lb::glr_threshold::one_sided}, b, o);
  BOOST_TEST(r.run.best_arm == 1u);
  // rho stays a parameter of the two-sided mixture only.
  lb::combination c{lb::sampling_rule::t3c, lb::stopping_rule::glr, lb::glr_threshold::one_sided};
  c.rho = 2.0;
  expect_domain_error([&] { lb::run_combination(c, arms, o); }, "rho");
}

// make_banded_mixture_grid (detail/mixture_grid.hpp; docs/certified-glr/results.md, "The prior over the scales"):
// its weights sum to <= 1 (long double, against the telescoped closed form), its scales are 2^k
// for k = min(band_lo, 0)..k_max, and glr_one_sided_statistic with it is the infimum of the
// log-sum over the scales (direct_h, long double, minimised on the line by a grid and a ternary
// search as in test_one_sided_mixture.cpp's infimum_matches_brute_force); the rule accepts it and names it in its certificate.
BOOST_AUTO_TEST_CASE(banded_grid_sums_to_at_most_one_and_gives_the_log_sum) {
  struct params {
    int lo, hi;
    double mass;
    unsigned k_max;
  };
  for (const params& q : {params{-2, 7, 0.75, 40}, params{-23, 40, 0.5, 40}, params{0, 0, 0.01, 0},
                          params{3, 20, 0.999, 60}, params{-3, -1, 0.3, 60}}) {
    const auto g = ls::make_banded_mixture_grid(q.lo, q.hi, q.mass, q.k_max);
    const int first = std::min(q.lo, 0);
    BOOST_TEST_CONTEXT("band " << q.lo << ".." << q.hi << " mass " << q.mass << " k_max " << q.k_max) {
      BOOST_REQUIRE(g.rho.size() == std::size_t(int(q.k_max) - first + 1));
      BOOST_REQUIRE(g.log_weight.size() == g.rho.size());
      long double sum = 0;
      for (std::size_t i = 0; i < g.rho.size(); ++i) {
        BOOST_TEST(g.rho[i] == std::ldexp(1.0, first + int(i)));
        sum += std::exp((long double)g.log_weight[i]);
      }
      const long double closed = q.mass + (1 - (long double)q.mass) * (1 - 1.0L / (q.k_max + 2));
      BOOST_TEST(double(sum) == double(closed), tt::tolerance(1e-13));
      BOOST_TEST(double(sum) <= 1.0);
      // The band's scales carry at least band_mass/(band width); the default's share elsewhere.
      for (std::size_t i = 0; i < g.rho.size(); ++i) {
        const int k = first + int(i);
        if (k >= q.lo && k <= q.hi) BOOST_TEST(g.log_weight[i] >= std::log(q.mass / (q.hi - q.lo + 1)) - 1e-15);
        else BOOST_TEST(g.log_weight[i] == std::log((1 - q.mass) / ((k + 1.0) * (k + 2.0))), tt::tolerance(1e-14));
      }
    }
  }
  const auto g = ls::make_banded_mixture_grid();
  BOOST_TEST(g.rho.size() == 43u);
  const double sigma = 0.5;
  for (auto [na, nb] : std::vector<std::pair<double, double>>{{10, 10}, {3000, 60}, {5, 900}, {1, 1}})
    for (double gap : {0.05, 0.6}) {
      const double ma = 0.3 + gap, mb = 0.3;
      const double s1 = ls::glr_one_sided_statistic(sigma, g, std::uint64_t(na), ma, std::uint64_t(nb), mb);
      const long double line_min = line_minimum(sigma, g, na, ma, nb, mb, 1200);
      BOOST_TEST_CONTEXT("na " << na << " nb " << nb << " gap " << gap) {
        BOOST_TEST(s1 <= double(line_min) + 1e-9);
        BOOST_TEST(s1 >= double(line_min) - 1e-6);
      }
    }
  // The rule accepts the grid, stops on a clear instance and names the prior in its certificate.
  const lb::gaussian_arms arms({0.2, 0.9, 0.1, 0.0, 0.3}, 0.5);
  lb::run_options o;
  o.nu = 0.1;
  o.seed = 5;
  ls::glr_one_sided rule(arms.size(), 0.5, 0.1, g);
  auto samp = lb::sampling::t3c(arms.size(), 0.5, lb::sampling::top_two_selection::ids);
  const auto r = lb::run_composed(arms, samp, rule, o);
  BOOST_TEST(r.run.status == lb::run_status::stopped);
  BOOST_TEST(r.run.best_arm == 1u);
  BOOST_TEST(r.certificate.find("banded prior") != std::string::npos, r.certificate);
  // Domain errors, each naming its parameter.
  const double nan = std::numeric_limits<double>::quiet_NaN();
  for (double m : {0.0, 1.0, -0.5, 1.5, nan}) expect_domain_error([&] { (void)ls::make_banded_mixture_grid(-2, 7, m); }, "band_mass");
  expect_domain_error([&] { (void)ls::make_banded_mixture_grid(8, 7); }, "band_lo");
  expect_domain_error([&] { (void)ls::make_banded_mixture_grid(-24, 7); }, "band_lo");  // 65 scales
  expect_domain_error([&] { (void)ls::make_banded_mixture_grid(-2, 41); }, "band_hi");
  expect_domain_error([&] { (void)ls::make_banded_mixture_grid(-2, 7, 0.75, 61); }, "k_max");
  BOOST_TEST(ls::make_banded_mixture_grid(-23, 7).rho.size() == 64u);
}

// make_epsilon_mixture_grid (detail/mixture_grid.hpp) and question_grid (docs/certified-glr/epsilon-topm.md,
// section 7, "The prior over the scales"): the banded prior with 0.9 flat on 2^0..2^hi, hi the least integer
// in [0, 40] with 2^hi >= 4 sigma^2/epsilon^2 (found here by counting in long double), the same bits
// as make_banded_mixture_grid(0, hi, 0.9, 40), weights summing to < 1; the registry gives it to an
// additive epsilon-good question, the joint prior to a top-m one and the default grid to the
// others (relative epsilon, the best arm), and each certificate names its prior.
BOOST_AUTO_TEST_CASE(epsilon_grid_bands_the_scales_the_shifted_gaps_need) {
  struct params {
    double sigma, epsilon;
  };
  for (const params& q : {params{0.5, 0.05}, params{1, 0.1}, params{0.5, 0.5}, params{0.5, 2}, params{2, 0.3},
                          params{1, 1e-300}, params{1e300, 1e-300}, params{1e-300, 1e300}, params{0.5, 0.0501},
                          // ratios that are powers of two of significands that are not: log2(sigma) -
                          // log2(epsilon) may round above the integer, the exact hi may not
                          params{0.1, 0.05}, params{0.15, 0.3}, params{0.2, 0.05}, params{0.4, 0.8}, params{0.3, 0.0375},
                          params{5e-324, 1}, params{1, 5e-324}}) {
    BOOST_TEST_CONTEXT("sigma " << q.sigma << " epsilon " << q.epsilon) {
      const long double target = 4.0L * q.sigma / q.epsilon * q.sigma / q.epsilon;
      int hi = 0;
      while (hi < 40 && std::ldexp(1.0L, hi) < target) ++hi;
      const auto g = ls::make_epsilon_mixture_grid(q.sigma, q.epsilon);
      const auto want = ls::make_banded_mixture_grid(0, hi, 0.9, 40);
      BOOST_TEST(g.rho == want.rho, tt::per_element());
      BOOST_TEST(g.log_weight == want.log_weight, tt::per_element());
      BOOST_TEST(g.label == want.label);
      long double sum = 0;
      for (double lw : g.log_weight) sum += std::exp((long double)lw);
      BOOST_TEST(double(sum) < 1.0);
    }
  }
  BOOST_TEST(ls::make_epsilon_mixture_grid(0.5, 0.05).label.find("k = 0..9") != std::string::npos);
  const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  for (double bad : {0.0, -1.0, nan, inf}) {
    expect_domain_error([&] { (void)ls::make_epsilon_mixture_grid(bad, 0.05); }, "sigma");
    expect_domain_error([&] { (void)ls::make_epsilon_mixture_grid(0.5, bad); }, "epsilon");
  }
  // question_grid: the band for an additive epsilon of one arm, the default otherwise.
  const auto same = [](const ls::mixture_grid& a, const ls::mixture_grid& b) {
    return a.rho == b.rho && a.log_weight == b.log_weight && a.label == b.label && a.common_share == b.common_share;
  };
  BOOST_TEST(same(ls::question_grid(0.5, {0.05, false}), ls::make_epsilon_mixture_grid(0.5, 0.05)));
  BOOST_TEST(same(ls::question_grid(0.5, {}), ls::make_mixture_grid(40)));
  BOOST_TEST(same(ls::question_grid(0.5, {0.1, true}), ls::make_mixture_grid(40)));
  BOOST_TEST(same(ls::question_grid(0.5, {0.05, false, 2}), ls::make_joint_mixture_grid()));  // top-m: section 8
  BOOST_TEST(same(ls::question_grid(0.5, {0, false, 2}), ls::make_joint_mixture_grid()));
  // The registry's choice, read from the certificates of composed runs.
  const lb::gaussian_arms arms({0.5, 0.3, 0.2, 0.1}, 0.5);  // a clear best arm: every question stops soon
  lb::run_options o;
  o.nu = 0.1;
  o.seed = 3;
  const std::string band = "banded prior: rho = 2^k, k = 0..40, 0.9 of the weight flat on k = 0..9";
  const std::string dflt = "grid rho = 2^k, k = 0..40, weights 1/((k+1)(k+2))";
  auto certificate = [&](const char* method, lb::answer_target t) {
    lb::combination c = lb::parse_combination(method);
    c.target = t;
    const auto r = lb::run_combination(c, arms, o);
    BOOST_TEST(r.certified);
    BOOST_TEST(r.run.status == lb::run_status::stopped);
    return r.certificate;
  };
  const std::string additive = certificate("eb-tci-ids+glr-one-sided", {0.05, false});
  BOOST_TEST(additive.find(band) != std::string::npos, additive);
  BOOST_TEST(additive.find("Proposition Gε-M1") != std::string::npos, additive);
  for (const lb::answer_target t : {lb::answer_target{0.1, true}, lb::answer_target{}}) {
    const std::string c = certificate("eb-tci-ids+glr-one-sided", t);
    BOOST_TEST(c.find(dflt) != std::string::npos, c);
  }
  lb::answer_target top;
  top.epsilon = 0.05;
  top.top = 2;
  const std::string c = certificate("lucb-glr+glr-one-sided", top);
  BOOST_TEST(c.find("a joint prior over the pair's two scales") != std::string::npos, c);
}

// The joint prior (mixture_grid::common_share < 1; make_joint_mixture_grid, the top-m question's
// prior; docs/certified-glr/epsilon-topm.md, section 8, "The prior over the scales"):
// glr_one_sided_statistic is the infimum on the line of h from its definition (direct_h, long
// double, the two families summed), at least log alpha plus the common family's and log(1 - alpha)
// plus the product family's infimum, at most Z + 2 log 2; the lazy decision of the rule on it is
// the statistic's at every pull; its certificate states the joint prior; the rules whose prior is
// not M1's refuse it, and a share outside [0, 1] is refused.
BOOST_AUTO_TEST_CASE(joint_prior_is_the_infimum_of_the_two_families) {
  const auto g = ls::make_joint_mixture_grid();
  BOOST_TEST(g.common_share == 0.5);
  auto common = g;
  common.common_share = 1;
  auto product = g;
  product.common_share = 0;
  const double sigma = 0.5;
  for (auto [na, nb] : std::vector<std::pair<double, double>>{{10, 10}, {3000, 60}, {5, 900}, {300, 300}, {2000, 2000}})
    for (double z : {2.0, 6.0, 12.0}) {
      const double gap = sigma * std::sqrt(2 * z * (1 / na + 1 / nb));  // Z = z
      const double ma = 0.3 + gap, mb = 0.3;
      const double s = ls::glr_one_sided_statistic(sigma, g, std::uint64_t(na), ma, std::uint64_t(nb), mb);
      const long double line_min = line_minimum(sigma, g, na, ma, nb, mb, 1200);
      const double sc = ls::glr_one_sided_statistic(sigma, common, std::uint64_t(na), ma, std::uint64_t(nb), mb);
      const double sp = ls::glr_one_sided_statistic(sigma, product, std::uint64_t(na), ma, std::uint64_t(nb), mb);
      BOOST_TEST_CONTEXT("na " << na << " nb " << nb << " Z " << z) {
        BOOST_TEST(s <= double(line_min) + 1e-9);
        BOOST_TEST(s >= double(line_min) - 1e-6);
        BOOST_TEST(s >= std::log(0.5) + sc - 1e-6);
        BOOST_TEST(s >= std::log(0.5) + sp - 1e-6);
        BOOST_TEST(s <= z + 2 * std::log(2.0) + 1e-9);
        BOOST_TEST(sp <= double(line_minimum(sigma, product, na, ma, nb, mb, 1200)) + 1e-9);
      }
    }
  // The lazy decision on the joint prior against the statistic at every pull (as
  // lazy_decision_matches_statistic on the default grid).
  const std::vector<double> means{0.6, 0.55, 0.3, 0.1};
  ls::glr_one_sided rule(means.size(), sigma, 0.05, g);
  lb::arm_stats st(means.size());
  lb::normal_stream rng(21, 0);
  std::size_t decided[2] = {0, 0};
  for (int t = 0; t < 40000 && decided[1] == 0; ++t) {
    // Lopsided counts: arm 0 pulled half the time, the others in turn.
    const std::size_t i = t % 2 == 0 ? 0 : 1 + std::size_t(t / 2) % (means.size() - 1);
    st.add(i, means[i] + sigma * rng());
    rule.observe(i, st);
    const bool got = rule.should_stop(st);
    if (t + 1 < int(2 * means.size())) continue;
    const std::size_t lead = st.empirical_best();
    double smin = INFINITY;
    for (std::size_t b = 0; b < means.size(); ++b)
      if (b != lead)
        smin = std::min(smin, ls::glr_one_sided_statistic(sigma, g, st.count(lead), st.mean(lead), st.count(b), st.mean(b)));
    if (std::fabs(smin - rule.threshold()) < 1e-6) continue;
    const bool want = smin >= rule.threshold();
    BOOST_REQUIRE_MESSAGE(got == want, "pull " << t << ": lazy " << got << " statistic " << smin);
    ++decided[want];
  }
  BOOST_TEST(decided[0] > 0u);
  BOOST_TEST(decided[1] > 0u);
  const std::string cert = rule.certificate();
  BOOST_TEST(cert.find("a joint prior over the pair's two scales: 0.5 of it on a common scale, 0.5 on one scale per arm") !=
                 std::string::npos,
             cert);
  // The registry gives a top-m question the joint prior, and says so.
  lb::combination c = lb::parse_combination("lucb-glr+glr-one-sided");
  c.target.top = 2;
  lb::run_options o;
  o.nu = 0.1;
  o.seed = 2;
  const auto r = lb::run_combination(c, lb::gaussian_arms({0.9, 0.7, 0.2, 0.1}, 0.5), o);
  BOOST_TEST(r.certified);
  BOOST_TEST(r.certificate.find("a joint prior over the pair's two scales") != std::string::npos, r.certificate);
  BOOST_TEST(r.run.answer_set == (std::vector<std::size_t>{0, 1}));
  // Domain: the share in [0, 1]; the rules whose prior is not M1's refuse a joint grid.
  const double nan = std::numeric_limits<double>::quiet_NaN();
  for (double bad : {-0.1, 1.5, nan}) {
    auto x = g;
    x.common_share = bad;
    expect_domain_error([&] { ls::glr_one_sided(3, 0.5, 0.1, x); }, "grid common_share");
  }
  expect_domain_error([&] { ls::glr_mixture(3, 0.5, 0.1, g); }, "grid common_share");
  expect_domain_error([&] { ls::glr_pooled(3, 0.5, 0.1, g); }, "grid common_share");
}

BOOST_AUTO_TEST_CASE(domain_errors) {
  const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  for (double sigma : {0.0, -1.0, nan, inf}) {
    expect_domain_error([&] { ls::glr_one_sided(3, sigma, 0.1); }, "sigma");
    expect_domain_error([&] { (void)ls::glr_one_sided_statistic(sigma, ls::make_mixture_grid(), 1, 0.5, 1, 0.0); }, "sigma");
  }
  for (double delta : {0.0, 1.0, -0.1, nan, inf}) expect_domain_error([&] { ls::glr_one_sided(3, 0.5, delta); }, "delta");
  expect_domain_error([&] { ls::glr_one_sided(0, 0.5, 0.1); }, "K");
  expect_domain_error([&] { (void)ls::glr_one_sided_statistic(0.5, ls::make_mixture_grid(), 0, 0.5, 1, 0.0); }, "na");
  ls::mixture_grid heavy{{1.0, 2.0}, {std::log(0.6), std::log(0.6)}, "bad"};
  expect_domain_error([&] { ls::glr_one_sided(3, 0.5, 0.1, heavy); }, "grid weights");
  ls::mixture_grid empty{};
  expect_domain_error([&] { ls::glr_one_sided(3, 0.5, 0.1, empty); }, "grid");
}

// The certificates state the grid the rule was given: the default's formula, a fixed scale, or a
// custom grid's size, range and total weight (not the default's formula under a custom grid).
BOOST_AUTO_TEST_CASE(certificates_state_the_grid) {
  namespace st = lb::stopping;
  const std::string dflt = "grid rho = 2^k, k = 0..40, weights 1/((k+1)(k+2))";
  BOOST_TEST(st::describe_grid(st::make_mixture_grid()) == dflt);
  BOOST_TEST(st::describe_grid(st::make_mixture_grid(5, st::mixture_combine::log_sum)) ==
             "grid rho = 2^k, k = 0..5, weights 1/((k+1)(k+2))");
  BOOST_TEST(st::describe_grid(st::make_fixed_rho(3)) == "rho=3");
  st::mixture_grid custom;
  custom.rho = {1, 4, 16};
  custom.log_weight = {std::log(0.25), std::log(0.25), std::log(0.25)};
  custom.label = "grid";  // a label alone does not make it the default grid
  const std::string d = st::describe_grid(custom);
  BOOST_TEST(d == "a grid of 3 scales rho in [1, 16] with prior weights summing to 0.75 (grid)", d);
  BOOST_TEST(st::glr_one_sided(3, 0.5, 0.1).certificate().find(dflt) != std::string::npos);
  const std::string one = st::glr_one_sided(3, 0.5, 0.1, custom).certificate();
  BOOST_TEST(one.find(d) != std::string::npos, one);
  BOOST_TEST(one.find("1/((k+1)(k+2))") == std::string::npos, one);
  const std::string two = st::glr_mixture(3, 0.5, 0.1, custom).certificate();
  BOOST_TEST(two.find(d + ", max over k") != std::string::npos, two);
  BOOST_TEST(st::glr_mixture(3, 0.5, 0.1, st::make_fixed_rho(2)).certificate().find("(rho=2)") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()
