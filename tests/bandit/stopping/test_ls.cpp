// stopping/ls.hpp and detail/ls_rule.hpp: the LS stopping rule at its boundary.
//
// LS rule (Section 5): mu_hat_i - B(T_i) >= mu_hat_j + B(T_j) for all j != i, i the empirical
// leader.  ls_rule is fed hand-made arm_stats states exactly at, one ulp above and one ulp below
// that boundary, with B computed independently by lilucb::ls_bound.  In full runs (lilucb-ls,
// ucb1-ls, nonadaptive-ls) an observer evaluates the LS condition after every pull and checks the
// run stops at the first pull where it holds.
// (Figure 1's rule, checked by the same monitor: test_lilucb.cpp.)

#include <boost/test/unit_test.hpp>

#include "bandit_support.hpp"
#include "stopping_conditions.hpp"

#include "lilucb/bandit/presets/lilucb_algorithm.hpp"
#include "lilucb/bandit/detail/ls_rule.hpp"
#include "lilucb/theory/ls_bound.hpp"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <random>
#include <stdexcept>

using namespace lilucb_test;
using bandit::algorithm;
using bandit::run_status;

// =============================================================================================
BOOST_AUTO_TEST_SUITE(ls_rule_boundary)

namespace {

const ls_params P{0.01, 1e-3, 0.5};

/// Arm stats where arm i has count T[i] and mean exactly m[i] (T a power of two, so T m is exact).
bandit::arm_stats make_stats(const std::vector<std::uint64_t>& T, const std::vector<double>& m) {
  bandit::arm_stats s(T.size());
  for (std::size_t i = 0; i < T.size(); ++i)
    if (T[i]) s.add_batch(i, T[i], static_cast<double>(T[i]) * m[i]);
  for (std::size_t i = 0; i < T.size(); ++i)
    if (T[i]) BOOST_TEST_REQUIRE(s.mean(i) == m[i]);
  return s;
}

bool rule_says(const bandit::arm_stats& s) {
  bandit::detail::ls_rule rule(s.size(), P.eps, P.delta, P.sigma);
  for (std::size_t i = 0; i < s.size(); ++i)
    if (s.count(i)) rule.update(i, s);
  return rule.satisfied(s);
}

/// The smallest double mean x with x - B >= target (floating-point subtraction, as the rule).
double smallest_mean_reaching(double target, double B) {
  double x = target + B;
  while (x - B < target) x = std::nextafter(x, std::numeric_limits<double>::infinity());
  while (std::nextafter(x, -std::numeric_limits<double>::infinity()) - B >= target)
    x = std::nextafter(x, -std::numeric_limits<double>::infinity());
  return x;
}

}  // namespace

BOOST_AUTO_TEST_CASE(bound_is_ls_bound) {
  for (std::size_t n : {2u, 3u, 1000u}) {
    bandit::detail::ls_rule rule(n, P.eps, P.delta, P.sigma);
    for (std::uint64_t T : {1u, 2u, 3u, 100u, 65536u, 10000000u})
      BOOST_TEST(rule.bound(T) == lilucb::ls_bound(static_cast<double>(T), P.eps, P.delta, P.sigma, n));
  }
}

// Two arms, equal counts: leader 0 with mean x, arm 1 with mean 0.25.  Exactly at the boundary
// (x - B == 0.25 + B) the rule fires (>=); one ulp of x below it does not; above it does.
BOOST_AUTO_TEST_CASE(two_arms_at_above_below) {
  for (std::uint64_t T : {1u, 16u, 1024u, 1u << 20}) {
    BOOST_TEST_CONTEXT("T=" << T) {
      const double B = lilucb::ls_bound(static_cast<double>(T), P.eps, P.delta, P.sigma, 2);
      const double upper1 = 0.25 + B;
      const double at = smallest_mean_reaching(upper1, B);
      BOOST_TEST_REQUIRE(at - B == upper1);  // exactly at the boundary
      const double below = std::nextafter(at, 0.0);
      const double above = std::nextafter(at, 10.0);
      BOOST_TEST_REQUIRE(below - B < upper1);
      BOOST_TEST(rule_says(make_stats({T, T}, {at, 0.25})));
      BOOST_TEST(rule_says(make_stats({T, T}, {above, 0.25})));
      BOOST_TEST(!rule_says(make_stats({T, T}, {below, 0.25})));
      // Same with the arms' roles swapped: the leader is arm 1.
      BOOST_TEST(rule_says(make_stats({T, T}, {0.25, at})));
      BOOST_TEST(!rule_says(make_stats({T, T}, {0.25, below})));
      // The independent evaluation agrees.
      BOOST_TEST(ls_condition(make_stats({T, T}, {at, 0.25}), P));
      BOOST_TEST(!ls_condition(make_stats({T, T}, {below, 0.25}), P));
    }
  }
}

// Past the width table (2^22 counts), at counts that are not multiples of 64: the rule first
// compares the leader's mean minus a lower bound of B(T) (count_cache::lower_bound) and needs
// B(T) itself only when that does not settle it.  Leader means one ulp apart around the boundary
// (the arm_stats mean of sum x T, so the reference reads the same means): the rule agrees with
// the independent evaluation on both sides.
BOOST_AUTO_TEST_CASE(past_the_width_table_at_above_below) {
  std::size_t fired = 0, held = 0;
  for (const std::uint64_t T : {(std::uint64_t(1) << 22) + 1, (std::uint64_t(1) << 23) - 1,
                                (std::uint64_t(1) << 23) + 37, (std::uint64_t(1) << 27) + 5}) {
    for (const std::uint64_t T1 : {T, std::uint64_t(1000)}) {
      const double B = lilucb::ls_bound(static_cast<double>(T), P.eps, P.delta, P.sigma, 2);
      const double B1 = lilucb::ls_bound(static_cast<double>(T1), P.eps, P.delta, P.sigma, 2);
      double x = smallest_mean_reaching(0.25 + B1, B);
      for (int k = 0; k < 4; ++k) x = std::nextafter(x, 0.0);
      for (int k = 0; k < 9; ++k, x = std::nextafter(x, 10.0)) {
        bandit::arm_stats s(2);
        s.add_batch(0, T, x * static_cast<double>(T));
        s.add_batch(1, T1, 0.25 * static_cast<double>(T1));
        const bool expected = ls_condition(s, P);
        BOOST_TEST(rule_says(s) == expected, "T " << T << ", T1 " << T1 << ", step " << k);
        (expected ? fired : held) += 1;
      }
    }
  }
  BOOST_TEST(fired > 0u);
  BOOST_TEST(held > 0u);
}

// Random pulls and jumps of the counts past the width table, means with few values (ties),
// leaders changing: after every update the rule (whose leader's upper bound is stored only when
// it stops leading) agrees with the independent evaluation, and its leader with a scan.
BOOST_AUTO_TEST_CASE(agrees_with_the_scan_after_every_update) {
  std::mt19937_64 gen(20261204);
  std::size_t fired = 0, held = 0;
  for (const std::size_t K : {1, 2, 3, 5, 9}) {
    for (int trial = 0; trial < 4; ++trial) {
      bandit::arm_stats s(K);
      bandit::detail::ls_rule rule(K, P.eps, P.delta, P.sigma);
      for (int step = 0; step < 3000; ++step) {
        const std::size_t a = gen() % K;
        const std::uint64_t m = gen() % 16 == 0 ? 1 + gen() % (std::uint64_t(1) << 23) : 1;
        const double value = 0.0625 * static_cast<double>(gen() % 5) + (a == 0 ? 0.01 : 0.0);
        s.add_batch(a, m, value * static_cast<double>(m));
        rule.update(a, s);
        std::size_t leader = K;
        for (std::size_t i = 0; i < K; ++i)
          if (s.count(i) && (leader == K || s.mean(i) > s.mean(leader))) leader = i;
        BOOST_TEST(rule.leader() == leader, "K " << K << ", step " << step);
        const bool expected = ls_condition(s, P);
        BOOST_TEST(rule.satisfied(s) == expected, "K " << K << ", step " << step);
        (expected ? fired : held) += 1;
      }
    }
  }
  BOOST_TEST(fired > 1000u);  // both answers were compared many times
  BOOST_TEST(held > 1000u);
}

// Three arms, different counts: the binding competitor is the arm with the largest upper
// bound (few pulls, wide interval), not the second-best mean.
BOOST_AUTO_TEST_CASE(binding_arm_is_the_largest_upper_bound) {
  const std::uint64_t T0 = 1u << 16, T1 = 1u << 16, T2 = 64;
  const std::size_t n = 3;
  auto B = [&](std::uint64_t T) { return lilucb::ls_bound(static_cast<double>(T), P.eps, P.delta, P.sigma, n); };
  const double m1 = 0.30, m2 = 0.10;
  BOOST_TEST_REQUIRE(m2 + B(T2) > m1 + B(T1));  // arm 2 binds
  const double target = m2 + B(T2);
  const double at = smallest_mean_reaching(target, B(T0));
  const double below = std::nextafter(at, 0.0);
  BOOST_TEST(rule_says(make_stats({T0, T1, T2}, {at, m1, m2})));
  BOOST_TEST(!rule_says(make_stats({T0, T1, T2}, {below, m1, m2})));
  // If only arm 1 were the competitor, a much smaller leader mean would do.
  const double vs_arm1 = smallest_mean_reaching(m1 + B(T1), B(T0));
  BOOST_TEST(vs_arm1 < below);
  BOOST_TEST(!rule_says(make_stats({T0, T1, T2}, {vs_arm1, m1, m2})));
  // Put arm 2 at arm 1's count: now arm 1 (higher mean, same width) binds.
  BOOST_TEST(rule_says(make_stats({T0, T1, T1}, {vs_arm1, m1, m2})));
  BOOST_TEST(!rule_says(make_stats({T0, T1, T1}, {std::nextafter(vs_arm1, 0.0), m1, m2})));
}

// An arm never pulled has upper bound +infinity: the rule cannot fire, however large the gap.
BOOST_AUTO_TEST_CASE(unpulled_arm_blocks) {
  BOOST_TEST(!rule_says(make_stats({1u << 30, 1u << 30, 0}, {100.0, -100.0, 0.0})));
  BOOST_TEST(rule_says(make_stats({1u << 30, 1u << 30, 1}, {100.0, -100.0, -100.0})));
}

// The leader is the highest empirical mean, ties to the lowest index, and follows updates.
BOOST_AUTO_TEST_CASE(leader_follows_updates) {
  bandit::arm_stats s(3);
  bandit::detail::ls_rule rule(3, P.eps, P.delta, P.sigma);
  s.add(1, 0.5);
  rule.update(1, s);
  BOOST_TEST(rule.leader() == 1u);
  s.add(2, 0.5);
  rule.update(2, s);
  BOOST_TEST(rule.leader() == 1u);  // tie: lower index
  s.add(0, 0.5);
  rule.update(0, s);
  BOOST_TEST(rule.leader() == 0u);
  s.add(0, -1.0);
  rule.update(0, s);
  BOOST_TEST(rule.leader() == 1u);
  s.add(2, 1.0);
  rule.update(2, s);
  BOOST_TEST(rule.leader() == 2u);
}

BOOST_AUTO_TEST_SUITE_END()

// =============================================================================================
// Full runs: an algorithm checking the LS rule after every pull stops at the first pull after
// which it holds, and outputs the leader.
BOOST_AUTO_TEST_SUITE(ls_rule_in_runs)

BOOST_AUTO_TEST_CASE(stops_at_first_pull_where_ls_holds) {
  for (algorithm alg : {algorithm::lilucb_ls, algorithm::ucb1_ls, algorithm::nonadaptive_ls})
    for (std::uint64_t seed : {1u, 2u, 3u})
      for (const auto& means : {std::vector<double>{0.1, 0.9}, std::vector<double>{0.5, 0.2, 0.1, 0.0},
                                std::vector<double>{0.0, 0.3, 0.6, 0.3, 0.0}}) {
        BOOST_TEST_CONTEXT(alg << " n=" << means.size() << " seed=" << seed) {
          bandit::run_options o;
          o.seed = seed;
          o.nu = 0.1;
          const auto dry = run_on(alg, arm_kind::gaussian, means, o);
          condition_monitor m;
          const auto& ls = recorded(dry.parameters.ls, "ls");
          m.ls = ls_params{ls.eps, ls.delta, 0.5};
          if (alg == algorithm::lilucb_ls) m.a = to_dyadic(recorded(recorded(dry.parameters.lilucb, "lilucb").a, "a"));
          const auto r = run_on(alg, arm_kind::gaussian, means, o, m);
          BOOST_TEST(result_difference(r, dry) == "");
          const std::size_t n = means.size();
          BOOST_TEST_REQUIRE(m.ls_holds.size() == r.pulls);
          BOOST_TEST_REQUIRE(r.pulls >= n);
          std::uint64_t first_hold = 0;
          for (std::uint64_t k = n; k < r.pulls && !first_hold; ++k)
            if (m.ls_holds[k - 1]) first_hold = k;
          BOOST_TEST(first_hold == 0u, "LS held after pull " << first_hold << " but the run went on to " << r.pulls);
          BOOST_TEST(m.ls_holds[r.pulls - 1] == (r.stopped_by == "ls"));
          if (r.stopped_by == "ls") {
            BOOST_TEST(r.status == run_status::stopped);
            // The output is the empirical leader of the final state (ties to the lowest index).
            BOOST_TEST_REQUIRE(m.last_stats.has_value());
            std::size_t leader = 0;
            for (std::size_t i = 1; i < n; ++i)
              if (m.last_stats->mean(i) > m.last_stats->mean(leader)) leader = i;
            BOOST_TEST(r.best_arm == leader);
          }
          if (alg == algorithm::lilucb_ls) check_figure1_run(r, m, n);
          else BOOST_TEST(r.stopped_by == "ls");
        }
      }
}

BOOST_AUTO_TEST_SUITE_END()
