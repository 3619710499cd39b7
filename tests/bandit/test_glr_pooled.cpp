// stopping/glr_pooled.hpp: GLR stopping against the leader's pooled pulls (Proposition P of
// docs/certified-glr.md).  References are independent of the rule's bookkeeping:
//   - the pooled arm V_c after every pull against a replay of its definition (the rewards of the
//     pulls, after the first round, of the arm that led among the others after the previous step,
//     recomputed from scratch with an O(K) scan);
//   - the rule's statistic against glr_one_sided_statistic at the replay's pooled count and mean;
//   - the decision after every pull against "every c != leader has S1(V_c, c) >= log(1/delta)";
//   - domain errors, the certificate, and the rule through run_combination and by name.
#include <boost/test/unit_test.hpp>

#include "bandit_support.hpp"

#include "lilucb/bandit/compose.hpp"
#include "lilucb/bandit/stopping/glr_pooled.hpp"

#include <cmath>
#include <limits>
#include <string>
#include <vector>

namespace lb = lilucb::bandit;
namespace ls = lilucb::bandit::stopping;
using lilucb_test::expect_domain_error;

namespace {

// The empirically best arm other than c among pulled arms (ties to the lowest index), from the
// replay's own sums; K when none.
std::size_t leader_without(const std::vector<std::uint64_t>& n, const std::vector<long double>& sum, std::size_t c) {
  std::size_t best = n.size();
  long double bm = 0;
  for (std::size_t j = 0; j < n.size(); ++j) {
    if (j == c || n[j] == 0) continue;
    const long double m = sum[j] / n[j];
    if (best == n.size() || m > bm) {
      best = j;
      bm = m;
    }
  }
  return best;
}

struct replay {
  std::size_t K;
  std::vector<std::uint64_t> n, vn;
  std::vector<long double> sum, vsum;
  explicit replay(std::size_t k) : K(k), n(k, 0), vn(k, 0), sum(k, 0), vsum(k, 0) {}
  // Step t pulls arm i with reward y: first the designations after step t - 1, then the update.
  void pull(std::size_t i, double y, bool first_round) {
    if (!first_round)
      for (std::size_t c = 0; c < K; ++c)
        if (leader_without(n, sum, c) == i) {
          ++vn[c];
          vsum[c] += y;
        }
    ++n[i];
    sum[i] += y;
  }
};

// A sampler that mixes the leader, the runner-up and uniform draws, so that the leader changes.
std::size_t next_arm(lb::normal_stream& rng, const ls::glr_pooled& rule, std::size_t K) {
  const double u = rng.engine().uniform01();
  if (u < 0.4 && rule.leader() < K) return rule.leader();
  if (u < 0.6 && rule.runner_up() < K) return rule.runner_up();
  return std::size_t(rng.engine()() % K);
}

// One run: the rule, the statistics and the replay, fed the same pulls (arms 0..K-1 first).
struct pooled_run {
  std::vector<double> means;
  ls::glr_pooled rule;
  lb::arm_stats st;
  replay ref;
  lb::normal_stream rng;
  pooled_run(std::vector<double> m, double delta, std::uint64_t seed)
      : means(std::move(m)), rule(means.size(), 0.5, delta), st(means.size()), ref(means.size()), rng(seed, 0) {}
  // Pull number t; true while in the first round.
  bool pull(int t) {
    const std::size_t K = means.size();
    const bool first = t < int(K);
    const std::size_t i = first ? std::size_t(t) : next_arm(rng, rule, K);
    const double y = means[i] + 0.5 * rng();
    st.add(i, y);
    rule.observe(i, st);
    ref.pull(i, y, first);
    return first;
  }
};

}  // namespace

BOOST_AUTO_TEST_SUITE(glr_pooled)

BOOST_AUTO_TEST_CASE(pooled_arm_matches_its_definition) {
  for (const std::vector<double>& means : {std::vector<double>{0.3, 0.5, 0.45, 0.5 - 1e-3, 0.1, 0.2, 0.48},
                                           std::vector<double>{0.2, 0.2, 0.2, 0.2, 0.2}}) {
    const std::size_t K = means.size();
    pooled_run run(means, 0.1, 7);
    const auto& rule = run.rule;
    const auto& ref = run.ref;
    std::size_t leader_changes = 0, last_leader = K;
    for (int t = 0; t < 3000; ++t) {
      run.pull(t);
      BOOST_REQUIRE(rule.leader() == leader_without(ref.n, ref.sum, K));  // c = K: no arm excluded
      leader_changes += rule.leader() != last_leader;
      last_leader = rule.leader();
      for (std::size_t c = 0; c < K; ++c) {
        const ls::pooled_arm v = rule.pooled(c);
        BOOST_REQUIRE_MESSAGE(v.count == ref.vn[c], "pull " << t << " arm " << c);
        BOOST_REQUIRE_MESSAGE(std::fabs(v.sum - double(ref.vsum[c])) <= 1e-9 * (1 + std::fabs(double(ref.vsum[c]))),
                              "pull " << t << " arm " << c << ": " << v.sum << " vs " << double(ref.vsum[c]));
      }
    }
    BOOST_TEST(leader_changes > 5u);  // the bookkeeping of earlier leaders was exercised
  }
}

BOOST_AUTO_TEST_CASE(decision_matches_the_statistic_at_every_pull) {
  const std::vector<double> means{0.3, 0.9, 0.45, 0.6, 0.1, 0.2, 0.48, 0.0, 0.3};
  const std::size_t K = means.size();
  const double delta = 0.05;
  pooled_run run(means, delta, 11);
  auto& rule = run.rule;
  const auto& st = run.st;
  const auto& ref = run.ref;
  BOOST_TEST(rule.threshold() == std::log(1 / delta));
  const auto g = ls::make_mixture_grid(40);
  std::size_t decided[2] = {0, 0}, near = 0;
  for (int t = 0; t < 4000; ++t) {
    const bool first = run.pull(t);
    const bool got = rule.should_stop(st);
    if (first && t + 1 < int(K)) {
      BOOST_REQUIRE(!got);
      continue;
    }
    const std::size_t lead = leader_without(ref.n, ref.sum, K);
    double smin = INFINITY;
    for (std::size_t c = 0; c < K; ++c) {
      if (c == lead) continue;
      const double s = ref.vn[c] == 0 ? -INFINITY
                                      : ls::glr_one_sided_statistic(0.5, g, ref.vn[c], double(ref.vsum[c] / ref.vn[c]),
                                                                    st.count(c), st.mean(c));
      BOOST_REQUIRE(rule.statistic(c, st) == s || std::fabs(rule.statistic(c, st) - s) <= 1e-9 * (1 + std::fabs(s)));
      smin = std::min(smin, s);
    }
    if (std::fabs(smin - rule.threshold()) < 1e-6) {
      ++near;
      continue;
    }
    const bool want = smin >= rule.threshold();
    BOOST_REQUIRE_MESSAGE(got == want, "pull " << t << ": rule " << got << ", statistic " << smin);
    BOOST_REQUIRE(rule.recommendation(st) == lead);
    ++decided[want];
  }
  BOOST_TEST(near == 0u);
  BOOST_TEST(decided[0] > 0u);
  BOOST_TEST(decided[1] > 0u);
}

BOOST_AUTO_TEST_CASE(domain_errors) {
  const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  for (double sigma : {0.0, -1.0, nan, inf}) expect_domain_error([&] { ls::glr_pooled(3, sigma, 0.1); }, "sigma");
  for (double delta : {0.0, 1.0, -0.1, nan, inf}) expect_domain_error([&] { ls::glr_pooled(3, 0.5, delta); }, "delta");
  expect_domain_error([&] { ls::glr_pooled(0, 0.5, 0.1); }, "K");
  ls::mixture_grid heavy = ls::make_fixed_rho(1.0);
  heavy.log_weight[0] = 0.5;
  expect_domain_error([&] { ls::glr_pooled(3, 0.5, 0.1, heavy); }, "grid weights");
  ls::glr_pooled rule(3, 0.5, 0.1);
  expect_domain_error([&] { (void)rule.pooled(3); }, "c");
}

BOOST_AUTO_TEST_CASE(through_run_combination) {
  const lb::combination c{lb::sampling_rule::t3c_ids, lb::stopping_rule::glr, lb::glr_threshold::pooled};
  BOOST_TEST(lb::is_certified(c));
  BOOST_TEST(lb::to_string(c) == "t3c-ids+glr-pooled");
  BOOST_TEST(lb::to_string(lb::parse_glr_threshold("pooled")) == std::string("pooled"));
  const lb::gaussian_arms arms({0.5, 0.2, 0.2, 0.1, 0.45}, 0.5);
  lb::run_options o;
  o.nu = 0.1;
  o.seed = 3;
  const auto r = lb::run_combination(c, arms, o);
  BOOST_TEST(r.certified);
  BOOST_TEST(r.certificate.find("Proposition P") != std::string::npos);
  BOOST_TEST(r.certificate.find("k = 0..40") != std::string::npos);
  BOOST_TEST(r.run.status == lb::run_status::stopped);
  BOOST_TEST(r.run.best_arm == 0u);
  BOOST_TEST(r.run.parameters.glr_delta.value() == 0.1);
  // Same seed, same run.
  const auto again = lb::run_combination(c, arms, o);
  BOOST_TEST(again.run.pulls == r.run.pulls);
  BOOST_TEST(again.run.counts == r.run.counts);
}

BOOST_AUTO_TEST_SUITE_END()
