// detail/round_robin_ls.hpp: the LS rule of a round robin against the heaps of detail/ls_rule.hpp
// (basic_ls_rule), decision and leader after every pull, on random orders and rewards with few
// distinct values (ties of means within and across the two counts of a cycle), with widths that
// let the rule fire early and late; and Nonadaptive + LS runs against a loop over the heaps.
#include <boost/test/unit_test.hpp>

#include "lilucb/bandit/arms.hpp"
#include "lilucb/bandit/detail/ls_rule.hpp"
#include "lilucb/bandit/detail/round_robin_ls.hpp"
#include "lilucb/bandit/presets/nonadaptive_algorithm.hpp"
#include "lilucb/bandit/scenarios.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <numeric>
#include <random>
#include <vector>

namespace {
namespace lb = lilucb::bandit;
namespace lbd = lilucb::bandit::detail;

// B(T) = c / sqrt(T): c = 0 fires as soon as the leader's mean reaches every other mean.
struct scaled_width {
  double c;
  double operator()(std::uint64_t T) const { return c / std::sqrt(static_cast<double>(T)); }
  bool operator==(const scaled_width&) const = default;
};

}  // namespace

BOOST_AUTO_TEST_SUITE(round_robin_ls)

BOOST_AUTO_TEST_CASE(decisions_and_leader_match_the_heaps_after_every_pull) {
  std::mt19937_64 gen(20261204);
  std::size_t checks = 0, fired = 0, held = 0;
  for (const std::size_t K : {1, 2, 3, 5, 17, 64}) {
    for (const double c : {0.0, 0.3, 1.0, 3.0}) {
      for (int trial = 0; trial < 3; ++trial) {
        std::vector<std::size_t> order(K);
        std::iota(order.begin(), order.end(), std::size_t{0});
        std::shuffle(order.begin(), order.end(), gen);
        const scaled_width w{c};
        lbd::basic_ls_rule<scaled_width> heaps(K, w);
        lbd::round_robin_ls<scaled_width> rr(order, w);
        lb::arm_stats s(K);
        for (std::size_t k = 0, pulls = 0; pulls < 40 * K + 200; k = (k + 1 == K ? 0 : k + 1), ++pulls) {
          if (s.total() >= K) {
            if (k == 0) rr.begin_cycle(s);
            const bool expected = heaps.satisfied(s);
            BOOST_TEST(rr.satisfied(k) == expected, "K " << K << ", c " << c << ", pull " << pulls);
            BOOST_TEST(rr.leader() == heaps.leader(), "K " << K << ", c " << c << ", pull " << pulls);
            ++checks;
            (expected ? fired : held) += 1;
          }
          const std::size_t arm = order[k];
          s.add(arm, 0.25 * static_cast<double>(gen() % 5) + (arm == order[0] ? 0.25 : 0.0));  // few values: ties
          heaps.update(arm, s);
          rr.pulled(k, s);
        }
      }
    }
  }
  BOOST_TEST(checks > 20000u);
  BOOST_TEST(fired > 1000u);  // both answers were compared many times
  BOOST_TEST(held > 1000u);
}

// The run as it was before round_robin_ls: the same permutation, the heaps checked after every pull.
lb::run_result nonadaptive_over_the_heaps(const lb::gaussian_arms& arms, double sigma, double eps, double delta,
                                          const lb::run_options& opts) {
  lb::null_observer observer;
  lbd::session<lb::gaussian_arms, lb::null_observer> s(arms, opts, observer);
  const std::size_t n = arms.size();
  lbd::ls_rule ls(n, eps, delta, sigma);
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), std::size_t{0});
  auto& eng = s.rng().engine();
  for (std::size_t i = n; i > 1; --i) {
    const std::uint64_t bound = i, limit = std::uint64_t(-1) - std::uint64_t(-1) % bound;
    std::uint64_t x;
    do x = eng(); while (x >= limit);
    std::swap(order[i - 1], order[x % bound]);
  }
  const auto& st = s.stats();
  for (std::size_t k = 0;; k = (k + 1 == n ? 0 : k + 1)) {
    if (st.total() >= n && ls.satisfied(st)) return s.finish("nonadaptive-ls", ls.leader(), lb::run_status::stopped, "ls", {});
    if (!s.can_pull()) return s.finish("nonadaptive-ls", st.empirical_best(), lb::run_status::budget_exhausted, "budget", {});
    s.pull(order[k]);
    ls.update(order[k], st);
  }
}

BOOST_AUTO_TEST_CASE(nonadaptive_runs_match_the_heap_loop) {
  const double sigma = 0.5, eps = 0.01, delta = 0.01;
  for (const std::size_t n : {2, 7, 40}) {
    const lb::gaussian_arms arms(lb::sparse_means(n, 0.5), sigma);
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      lb::run_options o;
      o.seed = seed;
      lb::null_observer observer;
      const auto got = lb::run_nonadaptive_ls(arms, sigma, eps, delta, o, observer);
      const auto want = nonadaptive_over_the_heaps(arms, sigma, eps, delta, o);
      BOOST_TEST(got.pulls == want.pulls, "n " << n << ", seed " << seed);
      BOOST_TEST(got.best_arm == want.best_arm);
      BOOST_TEST(got.counts == want.counts, boost::test_tools::per_element());
      BOOST_TEST((got.status == lb::run_status::stopped));
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()
