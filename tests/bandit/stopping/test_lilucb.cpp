// stopping/lilucb.hpp: lil'UCB's stopping rule at its boundary (the preset run_lilucb and the
// condition monitor of stopping_conditions.hpp).
//
// Figure `fig:lilucb`: "while T_i(t) < 1 + a sum_{j != i} T_j(t) for all i": checked after every
// pull, the run goes on while it holds and stops at the first pull after which it fails.  An
// observer evaluates the condition after every pull from the counts alone, for every arm, in
// exact integer arithmetic (a is a dyadic rational a = M / 2^K, so the condition is
// T_i 2^K < 2^K + M (t - T_i) in 128-bit integers), independently of the library's O(1)
// most-pulled-arm shortcut.  Hand-computed cases pin the strict inequality: with n arms and
// a = 1/(n-1), the first pull after the initialisation gives some arm T = 2 = 1 + a (n-1), so
// the run stops after exactly n + 1 pulls; one ulp more of a and it must go on.
// (The LS rule, checked by the same monitor in full runs: test_ls.cpp.)

#include <boost/test/unit_test.hpp>
#include <rapidcheck/boost_test.h>

#include "bandit_support.hpp"
#include "stopping_conditions.hpp"

#include "lilucb/bandit/presets/lilucb_algorithm.hpp"
#include "lilucb/theory/ls_bound.hpp"

#include <cmath>
#include <limits>
#include <optional>
#include <stdexcept>

using namespace lilucb_test;
using bandit::algorithm;
using bandit::run_status;

namespace {

bandit::lilucb_config config(double a, double eps = 0.01, double beta = 1, double delta = 0.01,
                             lilucb::inner_log inner = lilucb::inner_log::plus2) {
  bandit::lilucb_config c;
  c.a = a;
  c.eps = eps;
  c.beta = beta;
  c.delta = delta;
  c.inner = inner;
  c.sigma = 0.5;
  return c;
}

}  // namespace

// =============================================================================================
BOOST_AUTO_TEST_SUITE(figure1_rule)

// n arms, a = 1/(n-1): after the initialisation (all T_i = 1) the condition holds
// (1 < 1 + a(n-1) = 2); the next pull makes some T_i = 2 = 1 + a(n-1), which is not < : stop
// after exactly n + 1 pulls, output the arm pulled twice.
BOOST_AUTO_TEST_CASE(stops_exactly_at_equality) {
  for (std::size_t n : {2u, 3u, 5u, 9u, 17u, 65u})
    for (std::uint64_t seed : {1u, 2u, 3u}) {
      BOOST_TEST_CONTEXT("n=" << n << " seed=" << seed) {
        const double a = 1.0 / static_cast<double>(n - 1);  // exact: n - 1 is a power of two
        std::vector<double> means(n);
        for (std::size_t i = 0; i < n; ++i) means[i] = 0.05 * static_cast<double>((i * 7) % n);
        bandit::run_options o;
        o.seed = seed;
        condition_monitor m;
        m.a = to_dyadic(a);
        const auto r = bandit::run_lilucb(bandit::gaussian_arms(means, 0.5), config(a), o, m);
        BOOST_TEST(r.pulls == n + 1);
        BOOST_TEST(r.status == run_status::stopped);
        BOOST_TEST(r.stopped_by == "lilucb");
        BOOST_TEST_REQUIRE(r.counts.size() == n);
        BOOST_TEST(r.counts[r.best_arm] == 2u);
        check_figure1_run(r, m, n);
      }
    }
}

// One ulp more of a: 2 < 1 + a (n-1) now holds, so the run must go on after pull n + 1.
BOOST_AUTO_TEST_CASE(one_ulp_above_goes_on) {
  for (std::size_t n : {2u, 3u, 5u, 9u, 17u, 65u}) {
    BOOST_TEST_CONTEXT("n=" << n) {
      const double a = std::nextafter(1.0 / static_cast<double>(n - 1), 2.0);
      std::vector<double> means(n, 0.0);
      means[n / 2] = 0.5;
      condition_monitor m;
      m.a = to_dyadic(a);
      bandit::run_options o;
      const auto r = bandit::run_lilucb(bandit::gaussian_arms(means, 0.5), config(a), o, m);
      BOOST_TEST(r.pulls > n + 1);
      BOOST_TEST(r.stopped_by == "lilucb");
      check_figure1_run(r, m, n);
    }
  }
}

// n = 2, a = 1/2: stop as soon as some T_i >= 1 + T_j / 2, i.e. after (2,1): 3 pulls.
// n = 2, a = 3: stop at the first (T_0, T_1) with T_i >= 1 + 3 T_j: from (1,1), the first
// state with max >= 4 and min = 1, or max >= 7 and min = 2, ...  The monitor checks every pull.
BOOST_AUTO_TEST_CASE(two_arms_small_a) {
  for (double a : {0.5, 1.0, 2.0, 3.0, 4.5}) {
    for (std::uint64_t seed = 0; seed < 10; ++seed) {
      BOOST_TEST_CONTEXT("a=" << a << " seed=" << seed) {
        condition_monitor m;
        m.a = to_dyadic(a);
        bandit::run_options o;
        o.seed = seed;
        const auto r = bandit::run_lilucb(bandit::gaussian_arms({0.2, 0.6}, 0.5), config(a), o, m);
        check_figure1_run(r, m, 2);
        BOOST_TEST(r.stopped_by == "lilucb");
        // By hand: the final state (T_max, T_min) satisfies T_max >= 1 + a T_min, and the
        // state one pull earlier did not.
        const std::uint64_t hi = std::max(r.counts[0], r.counts[1]), lo = std::min(r.counts[0], r.counts[1]);
        BOOST_TEST(static_cast<double>(hi) >= 1 + a * static_cast<double>(lo));
        if (a <= 1) BOOST_TEST(r.pulls == 3u);
      }
    }
  }
}

// Section 5's settings through run_algorithm (a = 9 for lilucb and lilucb-ls; a = 1 + 10/n
// for the heuristic, dyadic for these n), and a_min for the certified setting (checked in
// exact arithmetic of its double value).
BOOST_AUTO_TEST_CASE(section5_settings) {
  for (algorithm alg : {algorithm::lilucb, algorithm::lilucb_ls, algorithm::lilucb_heuristic,
                        algorithm::lilucb_certified})
    for (std::size_t n : {2u, 5u, 10u, 20u})
      for (std::uint64_t seed : {1u, 2u}) {
        BOOST_TEST_CONTEXT(alg << " n=" << n << " seed=" << seed) {
          std::vector<double> means(n, 0.1);
          means[n - 1] = 0.9;
          bandit::run_options o;
          o.seed = seed;
          o.nu = 0.1;
          // Parameters first (a is recorded), then the observed run.
          const auto dry = run_on(alg, arm_kind::gaussian, means, o);
          condition_monitor m;
          m.a = to_dyadic(recorded(recorded(dry.parameters.lilucb, "lilucb").a, "a"));
          const auto r = run_on(alg, arm_kind::gaussian, means, o, m);
          BOOST_TEST(result_difference(r, dry) == "");
          check_figure1_run(r, m, n);
          BOOST_TEST(r.status == run_status::stopped);
          if (alg != algorithm::lilucb_ls) BOOST_TEST(r.stopped_by == "lilucb");
        }
      }
}

BOOST_AUTO_TEST_SUITE_END()

// Random instances, dyadic a, both inner forms, eps 0 and 0.01, with and without the LS rule.
RC_BOOST_PROP(figure1_condition_checked_after_every_pull, ()) {
  const auto n = static_cast<std::size_t>(*gen::count(2, 8));
  const auto means = *gen::unit_means(n);
  const double a = *gen::one_of(std::vector<double>{0.125, 0.25, 0.5, 0.75, 1, 1.5, 2, 3, 4.25, 9});
  const double eps = *gen::one_of(std::vector<double>{0.0, 0.01});
  const auto inner = *gen::one_of(std::vector<lilucb::inner_log>{lilucb::inner_log::lemma, lilucb::inner_log::plus2});
  const bool with_ls = *rc::gen::arbitrary<bool>();
  auto c = config(a, eps, *gen::one_of(std::vector<double>{0.5, 1.0}), *gen::one_of(std::vector<double>{1e-3, 0.05}), inner);
  if (with_ls) c.ls_delta = bandit::ls_delta_for_share(0.05);
  bandit::run_options o;
  o.seed = *rc::gen::arbitrary<std::uint64_t>();
  // Means tied for the best can keep Figure 1's rule from ever firing: a budget ends those runs.
  o.max_pulls = 20000;
  condition_monitor m;
  m.a = to_dyadic(a);
  const auto r = bandit::run_lilucb(bandit::gaussian_arms(means, 0.5), c, o, m);
  RC_ASSERT(m.fig1_holds.size() == r.pulls);
  RC_ASSERT(r.pulls >= n);
  for (std::uint64_t k = n; k < r.pulls; ++k) RC_ASSERT(m.fig1_holds[k - 1] != 0);
  RC_ASSERT((m.fig1_holds[r.pulls - 1] == 0) == (r.stopped_by == "lilucb"));
  RC_ASSERT((r.status == run_status::budget_exhausted) == (r.stopped_by == "budget"));
  if (r.status == run_status::budget_exhausted) RC_ASSERT(r.pulls == o.max_pulls);
  if (r.stopped_by == "lilucb") RC_ASSERT(r.best_arm == argmax_count(r.counts));
  if (!with_ls) RC_ASSERT(r.stopped_by != "ls");
}
