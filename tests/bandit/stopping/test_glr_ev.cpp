// stopping/glr_ev.hpp: the GLR with the arms' empirical variances (EV-GLR) at the heuristic
// threshold, an uncertified reference rule.
//   - the running variance against a two-pass computation in long double, also far from zero;
//   - the statistic against its definition (the infimum over a common mean, by a scan);
//   - the rule's lazy decision against the naive O(K) decision from the raw rewards at every pull;
//   - pairs with fewer than two pulls never pass, zero variances do;
//   - the registry: the name, no certificate, refused on Bernoulli arms, runs on bounded arms;
//   - the domain.
#include <boost/test/unit_test.hpp>

#include "bandit_support.hpp"

#include "lilucb/bandit/compose.hpp"
#include "lilucb/random.hpp"
#include "lilucb/bandit/stopping/glr_ev.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

namespace lb = lilucb::bandit;
namespace ls = lilucb::bandit::stopping;
using lilucb_test::expect_domain_error;

namespace {
// The mean and the (1/n) variance of the rewards, two passes in long double.
struct two_pass {
  long double mean = 0, var = 0;
};
two_pass of(const std::vector<double>& y) {
  two_pass r;
  for (double v : y) r.mean += v;
  r.mean /= static_cast<long double>(y.size());
  for (double v : y) r.var += (v - r.mean) * (v - r.mean);
  r.var /= static_cast<long double>(y.size());
  return r;
}
// inf_m sum_i N_i (mu_i - m)^2/(2 v_i) by a golden-section search on [mu_b, mu_a] (convex in m).
double scanned_statistic(double na, double ma, double va, double nb, double mb, double vb) {
  const auto f = [&](double m) { return na * (ma - m) * (ma - m) / (2 * va) + nb * (mb - m) * (mb - m) / (2 * vb); };
  double l = mb, r = ma;
  const double g = (std::sqrt(5.0) - 1) / 2;
  for (int it = 0; it < 200; ++it) {
    const double x1 = r - g * (r - l), x2 = l + g * (r - l);
    if (f(x1) < f(x2)) r = x2;
    else l = x1;
  }
  return f(0.5 * (l + r));
}
}  // namespace

BOOST_AUTO_TEST_SUITE(glr_ev)

// Welford's update against two passes in long double, on rewards near 0 and near 10^6 (where
// sum y^2 - n mean^2 in double would lose every digit of a variance of 1).
BOOST_AUTO_TEST_CASE(running_variance_matches_two_passes) {
  lb::normal_stream rng(41, 0);
  for (double offset : {0.0, 1e6}) {
    ls::running_variance rv;
    std::vector<double> y;
    BOOST_TEST(rv.variance() == 0.0);
    for (int t = 0; t < 5000; ++t) {
      y.push_back(offset + rng());
      rv.add(y.back());
      if (t % 97 == 0 || t < 5) {
        const two_pass ref = of(y);
        BOOST_TEST(rv.n == y.size());
        BOOST_TEST(rv.mean == double(ref.mean), boost::test_tools::tolerance(1e-12));
        BOOST_TEST(std::fabs(rv.variance() - double(ref.var)) <= 1e-9 * (1 + double(ref.var)));
      }
    }
  }
  ls::running_variance one;
  one.add(3.0);
  BOOST_TEST(one.variance() == 0.0);
}

// The closed form equals the infimum over a common mean, and the special cases.
BOOST_AUTO_TEST_CASE(statistic_matches_its_definition) {
  lb::normal_stream rng(43, 0);
  for (int it = 0; it < 500; ++it) {
    const std::uint64_t na = 2 + rng.engine()() % 5000, nb = 2 + rng.engine()() % 5000;
    const double mb = rng(), ma = mb + std::exp(-4 * rng.engine().uniform01()) * 0.5;
    const double va = std::exp(3 * rng()), vb = std::exp(3 * rng());
    const double z = ls::glr_ev_statistic(na, ma, va, nb, mb, vb);
    BOOST_TEST(z == scanned_statistic(double(na), ma, va, double(nb), mb, vb), boost::test_tools::tolerance(1e-9));
    BOOST_TEST(ls::glr_ev_statistic(nb, mb, vb, na, ma, va) == 0.0);  // the leader's mean below: 0
  }
  BOOST_TEST(ls::glr_ev_statistic(1, 1.0, 0.1, 5, 0.0, 0.1) == 0.0);  // fewer than two pulls
  BOOST_TEST(ls::glr_ev_statistic(5, 1.0, 0.1, 1, 0.0, 0.1) == 0.0);
  BOOST_TEST(ls::glr_ev_statistic(2, 1.0, 0.0, 2, 0.0, 0.0) == INFINITY);  // no spread, a gap
  BOOST_TEST(ls::glr_ev_statistic(2, 1.0, 0.0, 2, 1.0, 0.0) == 0.0);       // no gap
  // With equal variances sigma^2 it is glr.hpp's Gaussian statistic at that sigma.
  BOOST_TEST(ls::glr_ev_statistic(30, 0.7, 0.25, 50, 0.5, 0.25) ==
                 ls::glr_statistic(ls::glr_model::gaussian, 0.5, 30, 0.7, 50, 0.5),
             boost::test_tools::tolerance(1e-14));
}

// The rule's decision at every pull equals the naive one, from the raw rewards: stop iff every
// challenger b of the empirical leader has Z > log((1 + log t)/delta); the evidence reports the
// same statistics.  Uniform-random pulls on Gaussian arms of different scales, and on arms with a
// Beta-like spread near 0, at two deltas.
BOOST_AUTO_TEST_CASE(decision_matches_naive_at_every_pull) {
  const std::vector<double> means{0.3, 0.7, 0.45, 0.1, 0.55}, scales{0.05, 0.2, 0.1, 0.02, 0.3};
  std::size_t stops = 0, checks = 0;
  for (double delta : {0.5, 1e-6})
    for (std::uint64_t seed : {1u, 2u, 3u}) {
      const std::size_t K = means.size();
      ls::glr_ev rule(K, delta);
      lb::arm_stats st(K);
      std::vector<std::vector<double>> y(K);
      lb::normal_stream rng(seed, 0);
      for (int t = 0; t < 4000; ++t) {
        const std::size_t i = t < int(2 * K) ? std::size_t(t) % K : std::size_t(rng.engine()() % K);
        const double r = means[i] + scales[i] * rng();
        y[i].push_back(r);
        st.add(i, r);
        rule.observe(i, st);
        const std::size_t lead = st.empirical_best();
        bool all = true;
        for (std::size_t b = 0; b < K; ++b) {
          if (b == lead) continue;
          double z = 0;
          if (y[lead].size() >= 2 && y[b].size() >= 2 && st.mean(lead) > st.mean(b)) {
            const two_pass a = of(y[lead]), c = of(y[b]);
            const double d = st.mean(lead) - st.mean(b);
            z = d * d / (2 * (double(a.var) / double(y[lead].size()) + double(c.var) / double(y[b].size())));
          }
          all = all && z > std::log((1 + std::log(double(st.total()))) / delta);
        }
        const bool stop = rule.should_stop(st);
        BOOST_TEST(stop == all, "t = " << t << ", delta = " << delta << ", seed " << seed);
        ++checks;
        if (stop) {
          ++stops;
          break;
        }
      }
      for (std::size_t i = 0; i < K; ++i)
        BOOST_TEST(std::fabs(rule.variance(i) - double(of(y[i]).var)) <= 1e-9 * (1 + double(of(y[i]).var)));
      for (const auto& e : rule.evidence(st)) BOOST_TEST(e.threshold > 0);
    }
  BOOST_TEST(stops == 6u);  // every run is exercised up to its stop
  BOOST_TEST(checks > 1000u);
}

// No stop while an arm has fewer than two pulls; two pulls each with no spread and a gap stop at once.
BOOST_AUTO_TEST_CASE(two_pulls_per_arm_and_zero_variances) {
  ls::glr_ev rule(2, 0.1);
  lb::arm_stats st(2);
  for (double r : {1.0, 0.0, 1.0}) {
    const std::size_t i = st.count(0) <= st.count(1) ? 0 : 1;
    st.add(i, r);
    rule.observe(i, st);
    BOOST_TEST(!rule.should_stop(st));
  }
  st.add(1, 0.0);
  rule.observe(1, st);
  BOOST_TEST(rule.should_stop(st));  // (1, 1) against (0, 0): variances 0, the statistic +inf
  BOOST_TEST(rule.recommendation(st) == 0u);
}

// The registry: "heuristic-ev", uncertified, refused on Bernoulli arms (with the note), and a
// reproducible run on bounded arms through run_combination.
BOOST_AUTO_TEST_CASE(registry_and_runs) {
  const lb::combination c = lb::parse_combination("t3c-ids+glr-heuristic-ev");
  BOOST_TEST((c.threshold == lb::glr_threshold::heuristic_ev));
  BOOST_TEST(lb::to_string(c) == "t3c-ids+glr-heuristic-ev");
  BOOST_TEST(!lb::is_certified(c));
  expect_domain_error([&] { lb::check_combination("test", c, lb::reward_model::bernoulli); }, "threshold");
  lb::check_combination("test", c, lb::reward_model::bounded);
  lb::check_combination("test", c, lb::reward_model::gaussian);
  lb::run_options o;
  o.nu = 0.05;
  o.sigma = 0.5;
  o.seed = 11;
  o.max_pulls = 200000;
  const lb::bounded_arms arms({0.5, 0.45, 0.43, 0.4}, 0, 1);
  const auto r1 = lb::run_combination(c, arms, o), r2 = lb::run_combination(c, arms, o);
  BOOST_TEST(r1.run.status == lb::run_status::stopped);
  BOOST_TEST(r1.run.pulls == r2.run.pulls);
  BOOST_TEST(r1.run.best_arm == r2.run.best_arm);
  BOOST_TEST(!r1.certified);
}

BOOST_AUTO_TEST_CASE(domain_errors) {
  expect_domain_error([] { ls::glr_ev(3, 0.0); }, "delta");
  expect_domain_error([] { ls::glr_ev(3, 1.0); }, "delta");
  expect_domain_error([] { ls::glr_ev(0, 0.1); }, "K");
  const ls::glr_ev rule(3, 0.1);
  expect_domain_error([&] { (void)rule.variance(3); }, "i");
}

BOOST_AUTO_TEST_SUITE_END()
