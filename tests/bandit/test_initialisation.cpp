// Figure `fig:lilucb`'s initialisation, "sample each arm once": every algorithm that starts that
// way (the four lil'UCB identifiers and ucb1-ls) pulls arms 0, 1, ..., n-1, in that order, as its
// first n pulls, whatever the means, the arm kind and the seed.  The pull sequence is observed
// with observers.hpp's pull_log.  The other algorithms' first rounds are pinned too
// (successive elimination: 0..n-1; exp-gap: 0..n-1 in batches; nonadaptive: a permutation).

#include <boost/test/unit_test.hpp>
#include <rapidcheck/boost_test.h>

#include "bandit_support.hpp"

#include "lilucb/bandit/presets/lilucb_algorithm.hpp"
#include "lilucb/bandit/scenarios.hpp"

#include <algorithm>
#include <numeric>

// Every case of this file is in the suite initialisation (one executable holds the directory's files).
BOOST_AUTO_TEST_SUITE(initialisation)

using namespace lilucb_test;
using bandit::algorithm;

namespace {

std::vector<std::size_t> iota_arms(std::size_t n) {
  std::vector<std::size_t> v(n);
  std::iota(v.begin(), v.end(), std::size_t{0});
  return v;
}

std::vector<std::size_t> prefix(const std::vector<std::size_t>& v, std::size_t k) {
  return std::vector<std::size_t>(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(std::min(k, v.size())));
}

// Instances where index order is not the order of the means: best arm last, in the middle, ties.
const std::vector<std::vector<double>> instances = {
    {0.1, 0.5},
    {0.5, 0.1},
    {0.0, 0.1, 0.2, 0.3, 0.9},
    {0.9, 0.3, 0.3, 0.3, 0.1, 0.0, 0.2},
    {0.2, 0.2, 0.8, 0.2, 0.2, 0.2, 0.2, 0.2, 0.2, 0.2, 0.2},
};

}  // namespace

BOOST_AUTO_TEST_SUITE(first_n_pulls)

BOOST_AUTO_TEST_CASE(every_arm_once_in_index_order) {
  for (algorithm alg : sample_each_once_first())
    for (const auto& means : instances)
      for (arm_kind kind : {arm_kind::gaussian, arm_kind::bernoulli})
        for (std::uint64_t seed : {0u, 1u, 99u}) {
          const std::size_t n = means.size();
          BOOST_TEST_CONTEXT(alg << " n=" << n << " bernoulli=" << (kind == arm_kind::bernoulli) << " seed=" << seed) {
            bandit::run_options o;
            o.seed = seed;
            o.max_pulls = 5000;  // only the start matters
            bandit::pull_log log;
            const auto r = run_on(alg, kind, means, o, log);
            BOOST_TEST_REQUIRE(log.arms.size() >= n);
            BOOST_TEST(prefix(log.arms, n) == iota_arms(n), boost::test_tools::per_element());
            BOOST_TEST(log.arms.size() == r.pulls);
          }
        }
}

// The budget cuts the initialisation short: the log is exactly 0..B-1.
BOOST_AUTO_TEST_CASE(budget_inside_initialisation) {
  const std::vector<double> means = {0.0, 0.1, 0.9, 0.3, 0.2, 0.4};
  for (algorithm alg : sample_each_once_first())
    for (std::uint64_t budget = 1; budget < means.size(); ++budget) {
      BOOST_TEST_CONTEXT(alg << " budget=" << budget) {
        bandit::run_options o;
        o.max_pulls = budget;
        bandit::pull_log log;
        run_on(alg, arm_kind::gaussian, means, o, log);
        BOOST_TEST(log.arms == iota_arms(budget), boost::test_tools::per_element());
      }
    }
}

// With eps = 0 and the lemma's inner log, Figure 1's width at T = 1 is undefined (+infinity):
// after the initialisation every index is +infinity and argmax ties go to the lowest index, so
// the second round is 0..n-1 again (the width at T = 2 is finite for delta < log 2).
BOOST_AUTO_TEST_CASE(infinite_widths_give_a_second_round_in_order) {
  for (bool heap : {true, false})
    for (bool table : {true, false}) {
      BOOST_TEST_CONTEXT("use_heap=" << heap << " tabulate=" << table) {
        const std::vector<double> means = {0.0, 0.7, 0.1, 0.9, 0.2};
        const std::size_t n = means.size();
        bandit::lilucb_config c;
        c.eps = 0;
        c.beta = 0.5;
        c.a = 1 + 10.0 / static_cast<double>(n);
        c.delta = 0.02;
        c.inner = lilucb::inner_log::lemma;
        c.use_heap = heap;
        c.tabulate_width = table;
        bandit::run_options o;
        o.max_pulls = 2 * n;
        bandit::pull_log log;
        bandit::run_lilucb(bandit::gaussian_arms(means, 0.5), c, o, log);
        std::vector<std::size_t> two_rounds = iota_arms(n);
        const auto again = iota_arms(n);
        two_rounds.insert(two_rounds.end(), again.begin(), again.end());
        BOOST_TEST(log.arms == two_rounds, boost::test_tools::per_element());
      }
    }
}

BOOST_AUTO_TEST_SUITE_END()

// Random instances, sizes, seeds, arm kinds and inner logs.
RC_BOOST_PROP(first_n_pulls_are_0_to_n_minus_1, ()) {
  const auto n = static_cast<std::size_t>(*gen::count(2, 120));
  const auto means = *gen::unit_means(n);
  const auto alg = *gen::one_of(sample_each_once_first());
  const auto kind = *gen::one_of(std::vector<arm_kind>{arm_kind::gaussian, arm_kind::bernoulli});
  bandit::run_options o;
  o.seed = *rc::gen::arbitrary<std::uint64_t>();
  o.run = *gen::count(0, 1000);
  o.inner = *gen::one_of(std::vector<lilucb::inner_log>{lilucb::inner_log::lemma, lilucb::inner_log::plus2});
  o.max_pulls = n + *gen::count(0, 200);
  bandit::pull_log log;
  run_on(alg, kind, means, o, log);
  RC_ASSERT(log.arms.size() >= n);
  RC_ASSERT(prefix(log.arms, n) == iota_arms(n));
}

BOOST_AUTO_TEST_SUITE(other_algorithms_first_round)

BOOST_AUTO_TEST_CASE(successive_elimination_samples_0_to_n_minus_1) {
  const std::vector<double> means = {0.0, 0.1, 0.9, 0.3, 0.2, 0.4};
  bandit::pull_log log;
  bandit::run_options o;
  o.max_pulls = 100;
  run_on(algorithm::successive_elimination, arm_kind::gaussian, means, o, log);
  BOOST_TEST(prefix(log.arms, means.size()) == iota_arms(means.size()), boost::test_tools::per_element());
}

// Exp-gap's first round: each arm's t_1 samples, arm by arm in index order.
BOOST_AUTO_TEST_CASE(exp_gap_first_round_in_index_order) {
  const std::vector<double> means = {0.0, 0.1, 0.9, 0.3};
  for (algorithm alg : {algorithm::exp_gap, algorithm::exp_gap_ls}) {
    BOOST_TEST_CONTEXT(alg) {
      lilucb_test::event_log log;
      bandit::run_options o;
      run_on(alg, arm_kind::gaussian, means, o, log);
      BOOST_TEST_REQUIRE(log.events.size() >= means.size());
      const std::uint64_t t1 = log.events[0].m;
      BOOST_TEST(t1 > 1u);
      for (std::size_t i = 0; i < means.size(); ++i) {
        BOOST_TEST(log.events[i].arm == i);
        BOOST_TEST(log.events[i].m == t1);
      }
    }
  }
}

// Nonadaptive + LS: the first n pulls are a permutation of the arms (each exactly once), and
// the permutation is not always the identity.
BOOST_AUTO_TEST_CASE(nonadaptive_first_cycle_is_a_permutation) {
  const std::size_t n = 12;
  const auto means = bandit::sparse_means(n);
  int identity = 0;
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    bandit::pull_log log;
    bandit::run_options o;
    o.seed = seed;
    o.max_pulls = 3 * n;
    run_on(algorithm::nonadaptive_ls, arm_kind::gaussian, means, o, log);
    BOOST_TEST_REQUIRE(log.arms.size() == 3 * n);
    auto first = prefix(log.arms, n);
    identity += first == iota_arms(n);
    // Cycling: the second and third cycles repeat the first.
    for (std::size_t k = n; k < 3 * n; ++k) BOOST_TEST(log.arms[k] == log.arms[k - n]);
    std::sort(first.begin(), first.end());
    BOOST_TEST(first == iota_arms(n), boost::test_tools::per_element());
  }
  BOOST_TEST(identity < 2);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE_END()  // initialisation
