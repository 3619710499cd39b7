// The two stopping rules, at their boundaries.
//
// Figure `fig:lilucb`: "while T_i(t) < 1 + a sum_{j != i} T_j(t) for all i": checked after every
// pull, the run goes on while it holds and stops at the first pull after which it fails.  An
// observer evaluates the condition after every pull from the counts alone, for every arm, in
// exact integer arithmetic (a is a dyadic rational a = M / 2^K, so the condition is
// T_i 2^K < 2^K + M (t - T_i) in 128-bit integers), independently of the library's O(1)
// most-pulled-arm shortcut.  Hand-computed cases pin the strict inequality: with n arms and
// a = 1/(n-1), the first pull after the initialisation gives some arm T = 2 = 1 + a (n-1), so
// the run stops after exactly n + 1 pulls; one ulp more of a and it must go on.
//
// LS rule (Section 5): mu_hat_i - B(T_i) >= mu_hat_j + B(T_j) for all j != i, i the empirical
// leader.  ls_rule is fed hand-made arm_stats states exactly at, one ulp above and one ulp below
// that boundary, with B computed independently by lilucb::ls_bound.  In full runs (lilucb-ls,
// ucb1-ls, nonadaptive-ls) an observer evaluates the LS condition after every pull and checks the
// run stops at the first pull where it holds.

#include <boost/test/unit_test.hpp>
#include <rapidcheck/boost_test.h>

#include "bandit_support.hpp"

#include "lilucb/bandit/lilucb_algorithm.hpp"
#include "lilucb/bandit/detail/ls_rule.hpp"
#include "lilucb/ls_bound.hpp"

#include <cmath>
#include <limits>
#include <optional>
#include <stdexcept>

using namespace lilucb_test;
using bandit::algorithm;
using bandit::run_status;

namespace {

using u128 = unsigned __int128;

/// a = M / 2^K exactly (a > 0 dyadic with K >= 0).
struct dyadic {
  std::uint64_t M;
  int K;
};

dyadic to_dyadic(double a) {
  int e = 0;
  const double f = std::frexp(a, &e);  // a = f 2^e, f in [0.5, 1)
  dyadic d{static_cast<std::uint64_t>(std::ldexp(f, 53)), 53 - e};
  while (d.K > 0 && d.M % 2 == 0) {
    d.M /= 2;
    --d.K;
  }
  BOOST_TEST_REQUIRE(d.K >= 0);
  BOOST_TEST_REQUIRE(d.K <= 64);
  BOOST_TEST_REQUIRE(std::ldexp(static_cast<double>(d.M), -d.K) == a);
  return d;
}

/// Figure 1's while condition for every arm, exactly: T_i < 1 + a sum_{j != i} T_j for all i.
bool figure1_condition(const std::vector<std::uint64_t>& T, const dyadic& a) {
  std::uint64_t t = 0;
  for (auto x : T) t += x;
  const u128 one = u128(1) << a.K;
  if (t >= (std::uint64_t(1) << 40)) throw std::logic_error("figure1_condition: counts too large for 128 bits");
  for (auto Ti : T)
    if (!(u128(Ti) * one < one + u128(a.M) * u128(t - Ti))) return false;
  return true;
}

/// The LS condition, written out from Section 5 with lilucb::ls_bound: the leader (highest
/// empirical mean among pulled arms, ties to the lowest index) has lower bound >= every other
/// arm's upper bound; an unpulled arm's upper bound is +infinity.
struct ls_params {
  double eps, delta, sigma;
};

bool ls_condition(const bandit::arm_stats& s, const ls_params& p) {
  const std::size_t n = s.size();
  std::optional<std::size_t> leader;
  for (std::size_t i = 0; i < n; ++i)
    if (s.count(i) && (!leader || s.mean(i) > s.mean(*leader))) leader = i;
  if (!leader) return false;
  auto B = [&](std::size_t i) { return lilucb::ls_bound(static_cast<double>(s.count(i)), p.eps, p.delta, p.sigma, n); };
  const double lower = s.mean(*leader) - B(*leader);
  for (std::size_t j = 0; j < n; ++j) {
    if (j == *leader) continue;
    if (s.count(j) == 0) return false;
    if (!(lower >= s.mean(j) + B(j))) return false;
  }
  return true;
}

/// After every pull: Figure 1's condition (if a is given) and the LS condition (if LS is given),
/// each evaluated independently of the library.
struct condition_monitor {
  static constexpr bool active = true;
  std::optional<dyadic> a;
  std::optional<ls_params> ls;
  std::vector<char> fig1_holds, ls_holds;
  std::vector<std::uint64_t> last_counts;
  std::optional<bandit::arm_stats> last_stats;
  bool only_single_pulls = true;

  void on_pulls(std::size_t, std::uint64_t m, double, const bandit::arm_stats& s) {
    only_single_pulls = only_single_pulls && m == 1;
    last_counts.resize(s.size());
    for (std::size_t i = 0; i < s.size(); ++i) last_counts[i] = s.count(i);
    if (a) fig1_holds.push_back(figure1_condition(last_counts, *a));
    if (ls) ls_holds.push_back(ls_condition(s, *ls));
    last_stats = s;
  }
};

/// The checks of Figure 1's rule on one observed run with n >= 2 arms and no budget hit:
/// the condition held after every pull from the end of the initialisation up to the one
/// before the last (the run went on), and after the last pull it fails exactly when the
/// run was stopped by Figure 1's rule; the output is then argmax_i T_i (ties to the lowest).
void check_figure1_run(const bandit::run_result& r, const condition_monitor& m, std::size_t n) {
  BOOST_TEST_REQUIRE(m.only_single_pulls);
  BOOST_TEST_REQUIRE(m.fig1_holds.size() == r.pulls);
  BOOST_TEST_REQUIRE(r.pulls >= n);
  std::uint64_t first_failure = 0;  // the first pull k in [n, pulls) after which the condition failed
  for (std::uint64_t k = n; k < r.pulls && !first_failure; ++k)
    if (!m.fig1_holds[k - 1]) first_failure = k;
  BOOST_TEST(first_failure == 0u, "Figure 1's condition failed after pull " << first_failure
                                      << " but the run went on to " << r.pulls);
  const bool holds_at_end = m.fig1_holds[r.pulls - 1];
  BOOST_TEST(holds_at_end == (r.stopped_by != "lilucb"), "stopped_by=" << r.stopped_by);
  if (r.stopped_by == "lilucb") {
    BOOST_TEST(r.status == run_status::stopped);
    BOOST_TEST(r.best_arm == argmax_count(r.counts));
  }
}

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
