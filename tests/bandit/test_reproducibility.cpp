// Reproducibility (docs/bandit.md, "Reproducibility"): run k of seed s draws from Philox stream
// (s, k) only.  For every algorithm and both arm kinds:
//  - the same (seed, run) twice gives identical results (every field) and identical event
//    sequences (arm, number of pulls, reward sum, bitwise);
//  - another run index, or another seed, gives a different reward sequence;
//  - run_many gives identical result vectors for 1 and for 2 threads, and result k is the run
//    with run index opts.run + k.

#include <boost/test/unit_test.hpp>

#include "bandit_support.hpp"

#include "lilucb/bandit/parallel.hpp"

#include <atomic>
#include <chrono>
#include <mutex>
#include <set>
#include <stdexcept>
#include <thread>

using namespace lilucb_test;
using bandit::algorithm;

namespace {

// Unique best arm; small gaps so that runs last a while, ties among the others.
const std::vector<double> means = {0.3, 0.6, 0.3, 0.1, 0.45};

}  // namespace

BOOST_AUTO_TEST_SUITE(same_seed_same_run)

BOOST_AUTO_TEST_CASE(identical_results_and_pull_sequences) {
  for (algorithm alg : bandit::all_algorithms)
    for (arm_kind kind : {arm_kind::gaussian, arm_kind::bernoulli})
      for (std::uint64_t seed : {0u, 12345u}) {
        BOOST_TEST_CONTEXT(alg << " bernoulli=" << (kind == arm_kind::bernoulli) << " seed=" << seed) {
          bandit::run_options o;
          o.seed = seed;
          o.run = 3;
          event_log a, b;
          const auto ra = run_on(alg, kind, means, o, a);
          const auto rb = run_on(alg, kind, means, o, b);
          BOOST_TEST(result_difference(ra, rb) == "");
          BOOST_TEST(a.pulls.arms == b.pulls.arms, boost::test_tools::per_element());
          BOOST_TEST((a.events == b.events));
          BOOST_TEST(a.pulls.arms.size() == ra.pulls);
          // An unobserved run gives the same result: observing changes nothing.
          BOOST_TEST(result_difference(run_on(alg, kind, means, o), ra) == "");
        }
      }
}

BOOST_AUTO_TEST_CASE(other_run_index_or_seed_differs) {
  for (algorithm alg : bandit::all_algorithms)
    for (arm_kind kind : {arm_kind::gaussian, arm_kind::bernoulli}) {
      BOOST_TEST_CONTEXT(alg << " bernoulli=" << (kind == arm_kind::bernoulli)) {
        bandit::run_options o;
        o.seed = 5;
        o.run = 0;
        event_log base;
        run_on(alg, kind, means, o, base);
        for (std::uint64_t run : {1u, 2u, 1000u}) {
          o.run = run;
          event_log other;
          run_on(alg, kind, means, o, other);
          BOOST_TEST(!(other.events == base.events), "run " << run << " repeats run 0");
        }
        o.run = 0;
        o.seed = 6;
        event_log other_seed;
        run_on(alg, kind, means, o, other_seed);
        BOOST_TEST(!(other_seed.events == base.events), "seed 6 repeats seed 5");
        // (seed, run) = (0, 5) is not (5, 0): the key is ordered.
        o.seed = 0;
        o.run = 5;
        event_log swapped;
        run_on(alg, kind, means, o, swapped);
        BOOST_TEST(!(swapped.events == base.events), "(0, 5) repeats (5, 0)");
      }
    }
}

// Different runs of the adaptive algorithms usually pull in a different order as well.
BOOST_AUTO_TEST_CASE(pull_sequences_differ_between_runs) {
  for (algorithm alg : {algorithm::lilucb, algorithm::lilucb_ls, algorithm::lilucb_heuristic, algorithm::ucb1_ls,
                        algorithm::nonadaptive_ls}) {
    BOOST_TEST_CONTEXT(alg) {
      std::set<std::vector<std::size_t>> sequences;
      for (std::uint64_t run = 0; run < 8; ++run) {
        bandit::run_options o;
        o.seed = 1;
        o.run = run;
        o.max_pulls = 400;
        bandit::pull_log log;
        run_on(alg, arm_kind::gaussian, means, o, log);
        sequences.insert(log.arms);
      }
      BOOST_TEST(sequences.size() >= 6u);
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(run_many)

BOOST_AUTO_TEST_CASE(one_and_two_threads_identical) {
  constexpr std::size_t runs = 12;
  for (algorithm alg : bandit::all_algorithms)
    for (arm_kind kind : {arm_kind::gaussian, arm_kind::bernoulli}) {
      BOOST_TEST_CONTEXT(alg << " bernoulli=" << (kind == arm_kind::bernoulli)) {
        bandit::run_options o;
        o.seed = 2024;
        o.run = 7;
        o.nu = 0.05;
        auto one = [&](const bandit::run_options& opts) { return run_on(alg, kind, means, opts); };
        const auto r1 = bandit::run_many(o, runs, 1, one);
        const auto r2 = bandit::run_many(o, runs, 2, one);
        BOOST_TEST_REQUIRE(r1.size() == runs);
        BOOST_TEST_REQUIRE(r2.size() == runs);
        std::set<std::vector<std::uint64_t>> distinct_counts;
        for (std::size_t k = 0; k < runs; ++k) {
          BOOST_TEST_CONTEXT("k=" << k) {
            BOOST_TEST(result_difference(r1[k], r2[k]) == "");
            // Result k is run opts.run + k, computed alone.
            bandit::run_options ok = o;
            ok.run = o.run + k;
            BOOST_TEST(result_difference(r1[k], one(ok)) == "");
            BOOST_TEST(r1[k].algorithm == bandit::to_string(alg));
            BOOST_TEST(r1[k].parameters.nu == o.nu);  // recorded, not a default result
            distinct_counts.insert(r1[k].counts);
          }
        }
        // The runs are not all the same run (exp-gap's counts are fixed by its schedule).
        if (alg != algorithm::exp_gap && alg != algorithm::exp_gap_ls) BOOST_TEST(distinct_counts.size() > 1u);
      }
    }
}

// Two threads really run in parallel_for (not a silent fallback to one thread), and every
// index is visited exactly once.
BOOST_AUTO_TEST_CASE(parallel_for_uses_the_threads_and_visits_each_index_once) {
  std::vector<std::atomic<int>> visits(1000);
  std::mutex m;
  std::set<std::thread::id> ids;
  bandit::parallel_for(visits.size(), 2, [&](std::size_t k) {
    ++visits[k];
    {
      std::lock_guard<std::mutex> lock(m);
      ids.insert(std::this_thread::get_id());
    }
    if (k == 0)  // hold the thread that takes index 0 until the other one has taken work
      for (int wait = 0; wait < 2000; ++wait) {
        {
          std::lock_guard<std::mutex> lock(m);
          if (ids.size() >= 2) break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
      }
  });
  for (std::size_t k = 0; k < visits.size(); ++k) BOOST_TEST(visits[k].load() == 1);
  BOOST_TEST(ids.size() == 2u);
}

BOOST_AUTO_TEST_CASE(exceptions_are_rethrown) {
  for (unsigned threads : {1u, 2u}) {
    BOOST_CHECK_THROW(bandit::parallel_for(50, threads,
                                           [](std::size_t k) {
                                             if (k == 17) throw std::runtime_error("run 17");
                                           }),
                      std::runtime_error);
    // An invalid option thrown inside a run reaches the caller of run_many.
    bandit::run_options o;
    o.nu = 2;
    BOOST_CHECK_THROW(bandit::run_many(o, 4, threads,
                                       [](const bandit::run_options& opts) {
                                         return run_on(algorithm::lilucb, arm_kind::gaussian, means, opts);
                                       }),
                      lilucb::domain_error);
  }
}

BOOST_AUTO_TEST_SUITE_END()
