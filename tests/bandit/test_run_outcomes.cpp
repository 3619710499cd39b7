// How a run ends, for every algorithm (run_algorithm):
//  - one arm: answered at once, no pull, status stopped, stopped_by "single-arm", arm 0;
//  - a pull budget that runs out first: status budget_exhausted, pulls == budget (also for a
//    budget smaller than n), counts summing to it, a valid best guess of the documented kind
//    (lil'UCB: most-pulled; LS algorithms: empirically best; elimination: best pulled
//    survivor), and the pulls made are exactly the first `budget` pulls of the unlimited run;
//  - a budget equal to the natural stopping time does not change the result; one less does;
//  - an interruption (interrupt.hpp) throws lilucb::interrupted at the run's first poll.

#include <boost/test/unit_test.hpp>

#include "bandit_support.hpp"

#include "lilucb/bandit/scenarios.hpp"
#include "lilucb/bandit/detail/session.hpp"
#include "lilucb/bandit/parallel.hpp"
#include "lilucb/errors.hpp"
#include "lilucb/interrupt.hpp"

#include <atomic>
#include <numeric>
#include <optional>
#include <thread>

// Every case of this file is in the suite run_outcomes (one executable holds the directory's files).
BOOST_AUTO_TEST_SUITE(run_outcomes)

using namespace lilucb_test;
using bandit::algorithm;
using bandit::run_status;

namespace {

/// event_log plus a copy of the statistics after the last event.
struct final_state {
  static constexpr bool active = true;
  bandit::pull_log log;
  std::optional<bandit::arm_stats> stats;
  void on_pulls(std::size_t arm, std::uint64_t m, double r, const bandit::arm_stats& s) {
    log.on_pulls(arm, m, r, s);
    stats = s;
  }
};

/// Highest empirical mean among pulled arms, ties to the lowest index (independent of arm_stats).
std::optional<std::size_t> empirical_leader(const bandit::arm_stats& s) {
  std::optional<std::size_t> best;
  for (std::size_t i = 0; i < s.size(); ++i)
    if (s.count(i) && (!best || s.mean(i) > s.mean(*best))) best = i;
  return best;
}

std::uint64_t sum(const std::vector<std::uint64_t>& v) { return std::accumulate(v.begin(), v.end(), std::uint64_t{0}); }

bool is_prefix(const std::vector<std::size_t>& p, const std::vector<std::size_t>& v) {
  return p.size() <= v.size() && std::equal(p.begin(), p.end(), v.begin());
}

}  // namespace

BOOST_AUTO_TEST_SUITE(single_arm)

BOOST_AUTO_TEST_CASE(answers_at_once_for_every_algorithm) {
  for (algorithm alg : bandit::all_algorithms)
    for (arm_kind kind : {arm_kind::gaussian, arm_kind::bernoulli})
      for (std::uint64_t budget : {0u, 1u, 5u})
        for (auto inner : {lilucb::inner_log::plus2, lilucb::inner_log::lemma}) {
          BOOST_TEST_CONTEXT(alg << " bernoulli=" << (kind == arm_kind::bernoulli) << " budget=" << budget) {
            bandit::run_options o;
            o.max_pulls = budget;
            o.inner = inner;
            o.seed = 7;
            event_log log;
            const auto r = run_on(alg, kind, {0.3}, o, log);
            BOOST_TEST(r.pulls == 0u);
            BOOST_TEST(r.counts == std::vector<std::uint64_t>{0}, boost::test_tools::per_element());
            BOOST_TEST(r.status == run_status::stopped);
            BOOST_TEST(r.stopped_by == "single-arm");
            BOOST_TEST(r.best_arm == 0u);
            BOOST_TEST(r.algorithm == bandit::to_string(alg));
            BOOST_TEST(log.events.empty());
          }
        }
}

// nu is still checked with one arm.
BOOST_AUTO_TEST_CASE(nu_checked_with_one_arm) {
  for (algorithm alg : bandit::all_algorithms)
    for (double nu : {0.0, 1.0, -0.1, std::nan("")}) {
      bandit::run_options o;
      o.nu = nu;
      BOOST_CHECK_THROW(run_on(alg, arm_kind::gaussian, {0.3}, o), lilucb::domain_error);
    }
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(budget)

BOOST_AUTO_TEST_CASE(exhausted_for_every_algorithm_and_budget) {
  const std::vector<std::vector<double>> instances = {
      {0.2, 0.1, 0.6, 0.0, 0.3, 0.4},  // n = 6, best arm in the middle
      bandit::sparse_means(3),
  };
  for (algorithm alg : bandit::all_algorithms)
    for (const auto& means : instances)
      for (arm_kind kind : {arm_kind::gaussian, arm_kind::bernoulli}) {
        const std::size_t n = means.size();
        bandit::run_options o;
        o.seed = 11;
        final_state unlimited;
        run_on(alg, kind, means, o, unlimited);
        for (std::uint64_t budget : {std::uint64_t{1}, std::uint64_t{n - 1}, std::uint64_t{n},
                                     std::uint64_t{n + 1}, std::uint64_t{2 * n + 1}, std::uint64_t{37}}) {
          BOOST_TEST_CONTEXT(alg << " n=" << n << " bernoulli=" << (kind == arm_kind::bernoulli)
                                 << " budget=" << budget) {
            o.max_pulls = budget;
            final_state f;
            const auto r = run_on(alg, kind, means, o, f);
            BOOST_TEST(r.status == run_status::budget_exhausted);
            BOOST_TEST(r.stopped_by == "budget");
            BOOST_TEST(r.pulls == budget);
            BOOST_TEST(sum(r.counts) == budget);
            BOOST_TEST_REQUIRE(r.counts.size() == n);
            BOOST_TEST_REQUIRE(r.best_arm < n);
            BOOST_TEST(r.counts[r.best_arm] > 0u);  // a guess among the arms seen
            BOOST_TEST(f.log.arms.size() == budget);
            BOOST_TEST(is_prefix(f.log.arms, unlimited.log.arms), "the budgeted pulls are not the start of the unlimited run");
            BOOST_TEST_REQUIRE(f.stats.has_value());
            for (std::size_t i = 0; i < n; ++i) BOOST_TEST(f.stats->count(i) == r.counts[i]);
            // The documented best guess.
            if (is_lilucb_family(alg)) {
              BOOST_TEST(r.best_arm == argmax_count(r.counts));
            } else if (alg == algorithm::ucb1_ls || alg == algorithm::nonadaptive_ls || budget <= n) {
              // LS algorithms always; elimination algorithms before any elimination can happen
              // (within the first round every arm survives): the empirical leader.
              BOOST_TEST(r.best_arm == *empirical_leader(*f.stats));
            }
          }
        }
      }
}

// The budget never stops a run that ends by its own rule at exactly that many pulls; one pull
// less and the run reports the budget (or, for rules checked after a cut-short batch, its rule)
// with exactly budget pulls.
BOOST_AUTO_TEST_CASE(budget_at_natural_stopping_time) {
  const std::vector<double> means = {0.1, 0.7, 0.2, 0.0};
  for (algorithm alg : bandit::all_algorithms)
    for (std::uint64_t seed : {3u, 4u}) {
      BOOST_TEST_CONTEXT(alg << " seed=" << seed) {
        bandit::run_options o;
        o.seed = seed;
        const auto free_run = run_on(alg, arm_kind::gaussian, means, o);
        BOOST_TEST_REQUIRE(free_run.status == run_status::stopped);
        BOOST_TEST_REQUIRE(free_run.pulls > means.size());
        o.max_pulls = free_run.pulls;
        const auto exact = run_on(alg, arm_kind::gaussian, means, o);
        BOOST_TEST(result_difference(exact, free_run) == "");
        o.max_pulls = free_run.pulls - 1;
        const auto short_run = run_on(alg, arm_kind::gaussian, means, o);
        BOOST_TEST(short_run.pulls == free_run.pulls - 1);
        if (alg == algorithm::exp_gap_ls && short_run.status == run_status::stopped) {
          // exp-gap-ls checks LS after a batch, also after one cut short by the budget.
          BOOST_TEST(short_run.stopped_by == "ls");
        } else {
          BOOST_TEST(short_run.status == run_status::budget_exhausted);
          BOOST_TEST(short_run.stopped_by == "budget");
        }
      }
    }
}

BOOST_AUTO_TEST_SUITE_END()

// An interruption (lilucb/interrupt.hpp) pending when a run starts ends it with
// lilucb::interrupted at its first poll: at most poll_period(n) pulls (the poll of can_pull()),
// none for Exponential-Gap (it polls before every batch); once withdrawn, runs go to their end
// again.  A stop token stops the calls of its thread only; parallel_for passes it to its threads
// and stops handing out bodies.
BOOST_AUTO_TEST_SUITE(interruption)

using poll_session = bandit::detail::session<bandit::gaussian_arms>;

// Withdraws the process-wide request when a test case ends, whatever happened in it.
struct withdraw_request {
  ~withdraw_request() { lilucb::clear_interrupt(); }
};

BOOST_FIXTURE_TEST_CASE(a_pending_interruption_ends_every_algorithm_at_its_first_poll, withdraw_request) {
  const std::vector<double> means = {0.5, 0.49999, 0.49998};  // gaps of 1e-5: billions of pulls
  for (algorithm alg : bandit::all_algorithms)
    BOOST_TEST_CONTEXT(alg) {
      bandit::run_options o;
      o.seed = 3;
      o.nu = 0.01;
      final_state f;
      lilucb::request_interrupt();
      BOOST_CHECK_THROW(run_on(alg, arm_kind::gaussian, means, o, f), lilucb::interrupted);
      lilucb::clear_interrupt();
      BOOST_TEST(f.log.arms.size() <= poll_session::poll_period(means.size()));
      o.max_pulls = 3 * poll_session::kPollPulls;
      const auto r = run_on(alg, arm_kind::gaussian, means, o);
      BOOST_TEST(r.pulls <= o.max_pulls);
      BOOST_TEST(r.status == run_status::budget_exhausted);
    }
}

BOOST_AUTO_TEST_CASE(the_poll_period_shrinks_with_the_arms) {
  BOOST_TEST(poll_session::poll_period(1) == poll_session::kPollPulls);
  BOOST_TEST(poll_session::poll_period(64) == poll_session::kPollPulls);
  BOOST_TEST(poll_session::poll_period(1024) == 4096u);
  BOOST_TEST(poll_session::poll_period(1000000) == 64u);
}

BOOST_FIXTURE_TEST_CASE(a_stop_token_stops_its_own_thread_only, withdraw_request) {
  const std::vector<double> means = {0.5, 0.49999, 0.49998};
  bandit::run_options o;
  o.seed = 3;
  o.nu = 0.01;
  std::atomic<bool> stop{true};
  {
    const lilucb::scoped_stop_token token(&stop);
    BOOST_TEST(lilucb::interrupt_requested());
    BOOST_CHECK_THROW(run_on(algorithm::lilucb_heuristic, arm_kind::gaussian, means, o), lilucb::interrupted);
    // Another thread does not see this thread's token.
    bool other_sees_it = true;
    std::thread([&] { other_sees_it = lilucb::interrupt_requested(); }).join();
    BOOST_TEST(!other_sees_it);
  }
  BOOST_TEST(!lilucb::interrupt_requested());  // the guard restored "no token"
  o.max_pulls = 1000;
  BOOST_TEST(run_on(algorithm::lilucb_heuristic, arm_kind::gaussian, means, o).pulls == 1000u);
}

BOOST_FIXTURE_TEST_CASE(parallel_for_stops_handing_out_bodies, withdraw_request) {
  // One thread: the body after the request is never started.
  std::size_t calls = 0;
  BOOST_CHECK_THROW(bandit::parallel_for(1000, 1,
                                         [&](std::size_t k) {
                                           ++calls;
                                           if (k == 10) lilucb::request_interrupt();
                                         }),
                    lilucb::interrupted);
  BOOST_TEST(calls == 11u);
  lilucb::clear_interrupt();
  // Two threads: the caller's stop token holds on both, so no body starts.
  std::atomic<bool> stop{true};
  std::atomic<std::size_t> started{0};
  const lilucb::scoped_stop_token token(&stop);
  BOOST_CHECK_THROW(bandit::parallel_for(1000, 2, [&](std::size_t) { ++started; }), lilucb::interrupted);
  BOOST_TEST(started.load() == 0u);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE_END()  // run_outcomes
