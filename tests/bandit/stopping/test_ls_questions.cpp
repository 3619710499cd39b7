// stopping/ls.hpp with an epsilon-good or top-m target (detail/ls_set_rule.hpp, detail/top_set.hpp):
// lil'UCB's own LS rule asked the set question.  Its decision against a naive evaluation at every
// pull (the top set by a sort; every answered arm's lower boundary mean - B(T) against T(every other
// arm's upper boundary), B from lilucb::ls_bound or the boundary's own width), for the finite-LIL
// width and a stitched boundary, with epsilon = 0, additive and relative; its answers and
// certificate through run_combination; refusals by name.
#include <boost/test/unit_test.hpp>

#include "bandit_support.hpp"
#include "naive_top_set.hpp"

#include "lilucb/bandit/compose.hpp"
#include "lilucb/bandit/stopping/ls.hpp"
#include "lilucb/bandit/stopping/ls_boundary.hpp"
#include "lilucb/bandit/target.hpp"
#include "lilucb/theory/ls_bound.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <numeric>
#include <vector>

namespace lb = lilucb::bandit;
namespace ls = lilucb::bandit::stopping;
using lilucb_test::expect_domain_error;

BOOST_AUTO_TEST_SUITE(ls_questions)

namespace {

// Runs `rule` on Gaussian rewards with a random sampler, comparing its decision at every pull with
// the naive one; returns the counts of (continue, stop) decisions.
template <class Rule>
std::pair<std::size_t, std::size_t> check(Rule& rule, const std::vector<double>& means, const lb::answer_target& t,
                                          int pulls, const std::function<double(std::uint64_t)>& width) {
  const std::size_t K = means.size(), m = t.top;
  lb::arm_stats st(K);
  lb::normal_stream rng(5, 0);
  std::size_t decided[2] = {0, 0};
  for (int n = 0; n < pulls; ++n) {
    const std::size_t i = n < int(K) ? std::size_t(n) : std::size_t(rng.engine()() % K);
    st.add(i, means[i] + 0.5 * rng());
    rule.observe(i, st);
    const bool got = rule.should_stop(st);
    if (n + 1 < int(K)) {
      BOOST_REQUIRE(!got);
      continue;
    }
    const auto top = lilucb_test::naive_top(st, m);
    double lowest = INFINITY, highest = -INFINITY;
    for (std::size_t a = 0; a < K; ++a) {
      const double b = width(st.count(a));
      if (std::binary_search(top.begin(), top.end(), a)) lowest = std::min(lowest, st.mean(a) - b);
      else highest = std::max(highest, st.mean(a) + b);
    }
    const bool want = lowest >= lb::challenger_mean(t, highest);
    BOOST_REQUIRE_MESSAGE(got == want, "pull " << n << " " << lb::to_string(t) << ": rule " << got << ", naive " << want);
    BOOST_REQUIRE(std::binary_search(top.begin(), top.end(), rule.recommendation(st)));
    if (m > 1) BOOST_REQUIRE(rule.recommended_set(st) == top);
    else BOOST_REQUIRE(rule.recommended_set(st).empty());
    if (want) {  // the evidence says why: every left-out arm's threshold at most the statistic
      const auto ev = rule.evidence(st);
      BOOST_REQUIRE(ev.size() == K - m);
      for (const auto& e : ev) BOOST_REQUIRE(e.statistic >= e.threshold);
    }
    ++decided[want];
  }
  return {decided[0], decided[1]};
}

std::vector<lb::answer_target> questions() {
  std::vector<lb::answer_target> out;
  for (std::size_t m : {1u, 2u, 3u})
    for (const lb::answer_target& q : {lb::answer_target{0.0, false}, lb::answer_target{0.1, false},
                                       lb::answer_target{0.1, true}}) {
      lb::answer_target t = q;
      t.top = m;
      if (!t.best_arm()) out.push_back(t);  // the best arm is basic_ls_rule's (test_ls.cpp)
    }
  return out;
}

}  // namespace

// The finite-LIL width (Section 5, Lemma lem:lil) at nu = 0.1: B(T) = ls_bound(T, 0.01, delta, 1/2, K).
BOOST_AUTO_TEST_CASE(finite_lil_decision_matches_the_naive_one) {
  const std::vector<double> means{1.5, 0.2, 1.2, 0.9, 0.0, 0.6};
  const double delta = lilucb::ls_delta_for_failure_probability(0.01, 0.1);
  for (const auto& t : questions()) {
    auto rule = ls::finite_lil_ls(means.size(), 0.1, 0.5, 0.01, t);
    BOOST_TEST(rule.certificate().find(lb::to_string(t)) != std::string::npos, rule.certificate());
    const auto [go, stop] = check(rule, means, t, 6000, [&](std::uint64_t T) {
      return lilucb::ls_bound(double(T), 0.01, delta, 0.5, means.size());
    });
    BOOST_TEST(go > 0u, lb::to_string(t));
    BOOST_TEST(stop > 0u, lb::to_string(t));
  }
}

// A boundary of lilucb/boundaries (stitched): the same decision with its own width.
BOOST_AUTO_TEST_CASE(stitched_decision_matches_the_naive_one) {
  const std::vector<double> means{1.5, 0.2, 1.2, 0.9, 0.0, 0.6};
  for (const auto& t : questions()) {
    auto rule = ls::boundary_ls(means.size(), 0.1, 0.5, ls::ls_boundary::stitched, ls::ls_calibration_defaults, t);
    lilucb::boundaries::boundary_spec spec;
    spec.kind = lilucb::boundaries::boundary_kind::stitched;
    spec.sigma = 0.5;
    spec.alpha = 0.1 / (2.0 * double(means.size()));
    const ls::boundary_width B{spec};
    const auto [go, stop] = check(rule, means, t, 6000, [&](std::uint64_t T) { return B(T); });
    BOOST_TEST(go > 0u, lb::to_string(t));
    BOOST_TEST(stop > 0u, lb::to_string(t));
  }
}

// Bernoulli rewards (exact ties in the data) and a skewed sampler (arm 0 or the last arm half the
// time, so an exchanged arm may wait long for its next pull): the rule's own set is an empirical
// top set at every pull and its decision the naive one on that set.
BOOST_AUTO_TEST_CASE(ties_and_a_skewed_sampler) {
  const std::vector<double> p{0.9, 0.2, 0.8, 0.55, 0.2, 0.05};  // ties in the true means: 0.2
  const double delta = lilucb::ls_delta_for_failure_probability(0.01, 0.2);
  for (const auto& t : questions()) {
    auto rule = ls::finite_lil_ls(p.size(), 0.2, 0.5, 0.01, t);
    const std::size_t K = p.size(), m = t.top;
    lb::arm_stats st(K);
    lb::normal_stream rng(9, 0);
    std::size_t stops = 0;
    for (int n = 0; n < 20000; ++n) {
      const auto u = rng.engine()();
      const std::size_t i = n < int(K) ? std::size_t(n) : u % 2 ? (u % 4 == 1 ? 0 : K - 1) : std::size_t((u >> 8) % K);
      st.add(i, rng.engine().uniform01() < p[i] ? 1.0 : 0.0);
      rule.observe(i, st);
      const bool got = rule.should_stop(st);
      if (n + 1 < int(K)) continue;
      std::vector<std::size_t> top = m > 1 ? rule.recommended_set(st) : std::vector<std::size_t>{rule.recommendation(st)};
      BOOST_REQUIRE(top.size() == m);
      double lowest = INFINITY, highest = -INFINITY, in = INFINITY, out = -INFINITY;
      for (std::size_t a = 0; a < K; ++a) {
        const double b = lilucb::ls_bound(double(st.count(a)), 0.01, delta, 0.5, K);
        if (std::binary_search(top.begin(), top.end(), a)) {
          lowest = std::min(lowest, st.mean(a) - b);
          in = std::min(in, st.mean(a));
        } else {
          highest = std::max(highest, st.mean(a) + b);
          out = std::max(out, st.mean(a));
        }
      }
      BOOST_REQUIRE_MESSAGE(in >= out, "pull " << n << ": not an empirical top set");
      // The rule's bounds are rounded outwards (one ulp): the naive ones are within a few ulps,
      // so only decisions clear of that margin are compared.
      const double margin = 4e-15 * (1 + std::fabs(highest));
      const double target_high = lb::challenger_mean(t, highest);
      if (std::fabs(lowest - target_high) > margin) {
        BOOST_REQUIRE_MESSAGE(got == (lowest >= target_high), "pull " << n << " " << lb::to_string(t));
      }
      stops += got;
    }
    BOOST_TEST(stops > 0u, lb::to_string(t));
  }
}

// Through the registry: `ls` answers top-m and epsilon-good questions with any boundary and says
// so; its sets are correct on a separated instance; the glr-only refusals now name ls too.
BOOST_AUTO_TEST_CASE(combinations_answer_the_question) {
  lb::run_options o;
  o.nu = 0.1;
  o.seed = 3;
  const std::vector<double> means{1.0, 0.2, 0.8, 0.5, 0.0};
  const lb::gaussian_arms arms(means, 0.5);
  for (const char* name : {"lucb-glr+ls", "uniform+ls-stitched", "tt-topm+ls-mixture"}) {
    lb::combination c = lb::parse_combination(name);
    c.target.top = 2;
    const auto r = lb::run_combination(c, arms, o);
    BOOST_TEST((r.run.status == lb::run_status::stopped), name);
    BOOST_TEST(r.certified, name);
    BOOST_TEST(r.certificate.find("top 2") != std::string::npos, r.certificate);
    BOOST_TEST(r.run.answer_set == (std::vector<std::size_t>{0, 2}), name);
    c.target = {0.25, false, 1};  // epsilon-good: 0 and 2 are good
    const auto e = lb::run_combination(c, arms, o);
    BOOST_TEST((e.run.status == lb::run_status::stopped), name);
    BOOST_TEST((e.run.best_arm == 0u || e.run.best_arm == 2u), name);
    BOOST_TEST(e.run.answer_set.empty());
  }
  // Refusals: top >= K by name; the lil'UCB stopping rule answers the best arm only.
  lb::combination c = lb::parse_combination("uniform+ls");
  c.target.top = 5;
  expect_domain_error([&] { lb::run_combination(c, arms, o); }, "top");
  lb::combination f = lb::parse_combination("lilucb+lilucb");
  f.target.top = 2;
  expect_domain_error([&] { lb::check_combination("test", f, lb::reward_model::gaussian); }, "top");
  expect_domain_error([&] { ls::finite_lil_ls(5, 0.1, 0.5, 0.01, lb::answer_target{-1.0, false}); }, "epsilon");
}

BOOST_AUTO_TEST_SUITE_END()
