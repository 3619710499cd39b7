// compose.hpp: any sampling rule x any stopping rule (issue 14).
//   - lilucb x lilucb makes exactly the pulls of run_lilucb / the lilucb-certified preset
//     (root heap and radix heap paths);
//   - every combination runs, answers a valid arm, stops on an easy instance, and is
//     reproducible (same seed, same pulls);
//   - the incremental statistics against the obvious slow ones: the GLR minimum statistic, the
//     KL upper confidence bound against bisection;
//   - Track-and-Stop's schedule of w* recomputations;
//   - domain errors (lilucb stopping without lilucb sampling, kl-lucb on Gaussian arms, kk21
//     before issue 13).
#include <boost/test/unit_test.hpp>

#include "bandit_support.hpp"

#include "lilucb/bandit/compose.hpp"

#include <cmath>
#include <vector>

namespace lb = lilucb::bandit;
namespace tt = boost::test_tools;
using lilucb_test::expect_domain_error;

namespace {

std::vector<lb::combination> every_combination() {
  std::vector<lb::combination> out;
  for (auto s : lb::all_sampling_rules) {
    if (s == lb::sampling_rule::lilucb) out.push_back({s, lb::stopping_rule::lilucb});
    out.push_back({s, lb::stopping_rule::ls});
    out.push_back({s, lb::stopping_rule::glr, lb::glr_threshold::heuristic});
  }
  return out;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(compose)

BOOST_AUTO_TEST_CASE(lilucb_lilucb_is_the_preset_pull_for_pull) {
  for (std::size_t n : {2, 7, 40, 1100}) {
    std::vector<double> means(n);
    for (std::size_t i = 0; i < n; ++i) means[i] = 0.6 - 0.5 * std::pow(double(i + 1) / double(n), 0.6);
    means[n / 3] = 0.9;
    const lb::gaussian_arms arms(means, 0.5);
    lb::run_options o;
    o.nu = 0.1;
    o.seed = 11 + n;
    o.max_pulls = 300000;
    lb::pull_log a, b;
    const auto preset = lb::run_algorithm(lb::algorithm::lilucb_certified, arms, o, a);
    const auto comp = lb::run_combination({lb::sampling_rule::lilucb, lb::stopping_rule::lilucb}, arms, o, b);
    BOOST_TEST(a.arms == b.arms, "n = " << n);
    BOOST_TEST(preset.best_arm == comp.run.best_arm);
    BOOST_TEST(preset.pulls == comp.run.pulls);
    BOOST_TEST(lb::to_string(preset.status) == lb::to_string(comp.run.status));
    BOOST_TEST(comp.certified);
  }
}

BOOST_AUTO_TEST_CASE(every_combination_runs_and_is_reproducible) {
  const std::vector<double> g{0.2, 0.9, 0.1, 0.0, 0.3};
  const std::vector<double> be{0.2, 0.8, 0.1, 0.05, 0.3};
  for (const auto& c : every_combination()) {
    for (bool bern : {false, true}) {
      if (c.sampling == lb::sampling_rule::kl_lucb && !bern) continue;
      lb::run_options o;
      o.nu = 0.1;
      o.seed = 5;
      o.max_pulls = 2'000'000;  // far above what any rule needs here; a hang would show as budget_exhausted
      BOOST_TEST_MESSAGE(lb::to_string(c) << (bern ? " bernoulli" : " gaussian"));
      lb::pull_log a, b;
      lb::composed_result r1, r2;
      if (bern) {
        const lb::bernoulli_arms arms(be);
        r1 = lb::run_combination(c, arms, o, a);
        r2 = lb::run_combination(c, arms, o, b);
      } else {
        const lb::gaussian_arms arms(g, 0.5);
        r1 = lb::run_combination(c, arms, o, a);
        r2 = lb::run_combination(c, arms, o, b);
      }
      const std::string what = lb::to_string(c) + (bern ? " bernoulli" : " gaussian");
      BOOST_TEST(a.arms == b.arms, what);
      BOOST_TEST(r1.run.status == lb::run_status::stopped, what);
      BOOST_TEST(r1.run.best_arm == 1u, what);
      BOOST_TEST(r1.run.pulls == a.arms.size(), what);
      BOOST_TEST(r1.certified == lb::is_certified(c), what);
      BOOST_TEST(!r1.certificate.empty(), what);
      // The first K pulls are arms 0..K-1.
      for (std::size_t i = 0; i < 5; ++i) BOOST_TEST(a.arms[i] == i, what);
    }
  }
}

BOOST_AUTO_TEST_CASE(budget_and_single_arm) {
  const lb::gaussian_arms arms({0.5, 0.5 - 1e-9, 0.1}, 0.5);
  lb::run_options o;
  o.max_pulls = 1000;
  for (const auto& c : every_combination()) {
    if (c.sampling == lb::sampling_rule::kl_lucb) continue;
    const auto r = lb::run_combination(c, arms, o);
    BOOST_TEST(r.run.status == lb::run_status::budget_exhausted, lb::to_string(c));
    BOOST_TEST(r.run.pulls == 1000u);
  }
  const lb::gaussian_arms one({0.5}, 0.5);
  const auto r = lb::run_combination({lb::sampling_rule::tas_d, lb::stopping_rule::glr}, one, o);
  BOOST_TEST(r.run.pulls == 0u);
  BOOST_TEST(r.run.best_arm == 0u);
}

// The incremental GLR minimum equals the obvious O(K) recomputation after every pull.
BOOST_AUTO_TEST_CASE(glr_minimum_matches_naive) {
  for (bool bern : {false, true}) {
    const std::size_t K = 9;
    std::vector<double> means{0.3, 0.5, 0.45, 0.5 - 1e-3, 0.1, 0.2, 0.48, 0.0, 0.3};
    const auto model = bern ? lb::stopping::glr_model::bernoulli : lb::stopping::glr_model::gaussian;
    lb::stopping::glr<lb::stopping::heuristic_threshold> rule(K, model, 0.5, {1e-12});
    lb::arm_stats st(K);
    lb::normal_stream rng(3, 0);
    for (int t = 0; t < 20000; ++t) {
      const std::size_t i = t < int(K) ? std::size_t(t) : std::size_t(rng.engine()() % K);
      const double r = bern ? (rng.engine().uniform01() < means[i] ? 1.0 : 0.0) : means[i] + 0.5 * rng();
      st.add(i, r);
      rule.observe(i, st);
      if (t + 1 < int(K)) continue;
      const std::size_t lead = st.empirical_best();
      double zmin = INFINITY;
      for (std::size_t b = 0; b < K; ++b)
        if (b != lead)
          zmin = std::min(zmin, lb::stopping::glr_statistic(model, 0.5, st.count(lead), st.mean(lead), st.count(b),
                                                            st.mean(b)));
      BOOST_REQUIRE_MESSAGE(rule.min_statistic() == zmin, "pull " << t << ": " << rule.min_statistic() << " vs " << zmin);
      BOOST_REQUIRE(rule.recommendation(st) == lead);
    }
  }
}

BOOST_AUTO_TEST_CASE(kl_upper_bound_matches_bisection) {
  for (double p : {0.0, 1e-6, 0.1, 0.5, 0.9, 0.999999, 1.0})
    for (double level : {0.0, 1e-8, 1e-3, 0.1, 1.0, 5.0, 40.0}) {
      const double q = lb::sampling::kl_upper_bound(p, level);
      // bisection on [p, 1] in long double, kl written with log1p (accurate near p and near 0)
      long double lo = p, hi = 1;
      auto kl = [p](long double q) {
        const long double P = p;
        return (P > 0 ? P * std::log(P / q) : 0.0L) + (1 - P) * std::log1p((q - P) / (1 - q));
      };
      for (int k = 0; k < 200; ++k) {
        const long double mid = (lo + hi) / 2;
        (mid < 1 && kl(mid) <= level ? lo : hi) = mid;
      }
      BOOST_TEST(q == double(lo), tt::tolerance(1e-9));
      BOOST_TEST(q >= p);
      BOOST_TEST(q <= 1.0);
    }
}

BOOST_AUTO_TEST_CASE(track_and_stop_schedule) {
  // w* recomputed after the initial round and then at t >= t_last + max(K, t_last/16).
  const std::size_t K = 4;
  const lb::gaussian_arms arms({0.5, 0.4, 0.3, 0.0}, 0.5);
  lb::run_options o;
  o.max_pulls = 100000;
  lb::sampling::tas_d samp(K, false, 0.5);
  lb::stopping::glr<lb::stopping::heuristic_threshold> stop(K, lb::stopping::glr_model::gaussian, 0.5, {1e-300});
  const auto r = lb::run_composed(arms, samp, stop, o);
  std::uint64_t t = K, n = 1;
  while (true) {
    const std::uint64_t next = t + std::max<std::uint64_t>(K, t / 16);
    if (next >= r.run.pulls) break;  // the last pull chosen is number pulls (t = pulls - 1)
    t = next;
    ++n;
  }
  BOOST_TEST(samp.updates() == n);
  // Tracking: every arm's share is near its w* at the end.
  const auto w = lilucb::characteristic_time_gaussian(std::vector<double>{0.5, 0.4, 0.3, 0.0}, 0.5).w_star;
  for (std::size_t a = 0; a < K; ++a)
    BOOST_TEST(double(r.run.counts[a]) / double(r.run.pulls) == w[a], tt::tolerance(0.1));
}

BOOST_AUTO_TEST_CASE(domain_errors) {
  const lb::gaussian_arms g({0.5, 0.1}, 0.5);
  const lb::bernoulli_arms b({0.5, 0.1});
  lb::run_options o;
  expect_domain_error([&] { lb::run_combination({lb::sampling_rule::uniform, lb::stopping_rule::lilucb}, g, o); },
                      "stopping");
  expect_domain_error([&] { lb::run_combination({lb::sampling_rule::kl_lucb, lb::stopping_rule::ls}, g, o); },
                      "sampling");
  expect_domain_error(
      [&] { lb::run_combination({lb::sampling_rule::tas_c, lb::stopping_rule::glr, lb::glr_threshold::kk21}, b, o); },
      "threshold");
  lb::combination c{lb::sampling_rule::uniform, lb::stopping_rule::ls};
  c.boundary = "stitched";
  expect_domain_error([&] { lb::run_combination(c, g, o); }, "boundary");
  expect_domain_error([&] { lb::parse_sampling_rule("tas"); }, "sampling");
  expect_domain_error([&] { lb::parse_stopping_rule("chernoff"); }, "stopping");
  o.nu = 1.0;
  expect_domain_error([&] { lb::run_combination({lb::sampling_rule::uniform, lb::stopping_rule::ls}, g, o); }, "nu");
}

BOOST_AUTO_TEST_SUITE_END()
