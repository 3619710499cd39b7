// lil'UCB's O(log n) machinery agrees pull for pull with the naive O(n) loop.
//
//  - run_lilucb with lilucb_config::use_heap (a heap vs a left-to-right argmax scan) and
//    lilucb_config::tabulate_width (count_cache vs computing the width at every pull): all four
//    combinations give identical pull logs and bit-identical results, on random instances
//    (n = 2..200, means with exact ties, Gaussian and Bernoulli rewards, both inner logs,
//    eps 0 and 0.01, with and without the LS rule).
//  - the same across the switch from root_heap to the radix heaps (n = 1023, 1024, 3000), and
//    the 4-bit against the 1-bit radix heap across radix16_until.
//  - root_heap and the radix heaps, 1-bit and 4-bit digits (update_top, next_top_key, and
//    leaving a staying top's key
//    unstored as lil'UCB does) and indexed_max_heap (update, update_top, erase, second) against a
//    naive argmax with ties to the lowest index, under random operations with keys drawn from a
//    small set (many ties) including +-infinity.
//  - slope_argmax (UCB1's lazy argmax) against the naive scan of mean_j + c slope_j under random
//    updates and factors c (nondecreasing, as in UCB1, and also falling), with exact and
//    near ties; and run_ucb1_ls against a copy of its former scanning loop, pull for pull.

#include <boost/test/unit_test.hpp>
#include <rapidcheck/boost_test.h>

#include "bandit_support.hpp"

#include "lilucb/bandit/detail/indexed_heap.hpp"
#include "lilucb/bandit/presets/lilucb_algorithm.hpp"
#include "lilucb/bandit/detail/radix_root_heap.hpp"
#include "lilucb/bandit/detail/root_heap.hpp"
#include "lilucb/bandit/detail/slope_argmax.hpp"
#include "lilucb/bandit/presets/ucb1_algorithm.hpp"
#include "lilucb/bandit/scenarios.hpp"

#include <limits>
#include <optional>

// Every case of this file is in the suite fast_paths (one executable holds the directory's files).
BOOST_AUTO_TEST_SUITE(fast_paths)

using namespace lilucb_test;

namespace {

constexpr double inf = std::numeric_limits<double>::infinity();

struct combo_result {
  bandit::run_result result;
  event_log log;
};

template <class Arms>
combo_result run_combo(const Arms& arms, bandit::lilucb_config c, const bandit::run_options& o, bool heap, bool table) {
  c.use_heap = heap;
  c.tabulate_width = table;
  combo_result out;
  out.result = bandit::run_lilucb(arms, c, o, out.log);
  return out;
}

/// Runs the four combinations and asserts they agree with the naive one (no heap, no table).
template <class Arms>
void check_four_agree(const Arms& arms, const bandit::lilucb_config& c, const bandit::run_options& o) {
  const auto naive = run_combo(arms, c, o, false, false);
  for (bool heap : {false, true})
    for (bool table : {false, true}) {
      if (!heap && !table) continue;
      const auto fast = run_combo(arms, c, o, heap, table);
      RC_ASSERT(fast.log.pulls.arms == naive.log.pulls.arms);
      RC_ASSERT(fast.log.events == naive.log.events);
      RC_ASSERT(result_difference(fast.result, naive.result) == std::string());
    }
}

/// Keys from a small set, so that ties are frequent.
rc::Gen<double> tie_prone_key() {
  return gen::one_of(std::vector<double>{-inf, -1.0, -0.5, 0.0, 0.25, 0.5, 1.0, 2.0, inf});
}

/// argmax over present arms, ties to the lowest index; nullopt when none present.
std::optional<std::size_t> naive_argmax(const std::vector<double>& key, const std::vector<char>& present,
                                        std::optional<std::size_t> skip = std::nullopt) {
  std::optional<std::size_t> best;
  for (std::size_t i = 0; i < key.size(); ++i) {
    if (!present[i] || (skip && i == *skip)) continue;
    if (!best || key[i] > key[*best]) best = i;
  }
  return best;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
RC_BOOST_PROP(heap_and_table_agree_with_naive_pull_for_pull, ()) {
  const auto n = static_cast<std::size_t>(*gen::count(2, 200));
  const auto means = *gen::unit_means(n);
  bandit::lilucb_config c;
  c.eps = *gen::one_of(std::vector<double>{0.0, 0.01});
  c.inner = *gen::one_of(std::vector<lilucb::inner_log>{lilucb::inner_log::lemma, lilucb::inner_log::plus2});
  c.beta = *gen::one_of(std::vector<double>{0.5, 1.0});
  c.a = *gen::one_of(std::vector<double>{0.5, 1 + 10.0 / static_cast<double>(n), 9.0});
  c.delta = *gen::one_of(std::vector<double>{1e-4, 0.02, 0.3});
  c.sigma = 0.5;
  if (*rc::gen::arbitrary<bool>()) c.ls_delta = bandit::ls_delta_for_share(0.05);
  bandit::run_options o;
  o.seed = *rc::gen::arbitrary<std::uint64_t>();
  o.run = *gen::count(0, 100);
  o.max_pulls = *gen::count(1, 3000);
  if (*rc::gen::arbitrary<bool>()) check_four_agree(bandit::gaussian_arms(means, 0.5), c, o);
  else check_four_agree(bandit::bernoulli_arms(means), c, o);
}

// Streaks (session::pull_streak: the top arm's pulls with its statistics held in registers)
// run only without an observer; with one, every pull goes through session::pull.  Both make the
// same run: counts, pulls, answer and stopping reason, including budgets that end a streak and
// the while condition failing inside one (a below 1 stops early).
RC_BOOST_PROP(streaks_agree_with_pull_by_pull, ()) {
  const auto n = static_cast<std::size_t>(*rc::gen::element<std::size_t>(2, 3, 10, 200, 1500));
  const auto means = *gen::unit_means(n);
  bandit::lilucb_config c;
  c.eps = *gen::one_of(std::vector<double>{0.0, 0.01});
  c.beta = *gen::one_of(std::vector<double>{0.5, 1.0});
  c.a = *gen::one_of(std::vector<double>{0.05, 0.5, 1 + 10.0 / static_cast<double>(n), 9.0});
  c.delta = *gen::one_of(std::vector<double>{1e-4, 0.02, 0.3});
  bandit::run_options o;
  o.seed = *rc::gen::arbitrary<std::uint64_t>();
  o.max_pulls = *gen::one_of(std::vector<std::uint64_t>{n + 1, 20 * n + 3, 50000});
  const auto check = [&](const auto& arms) {
    bandit::null_observer none;
    const auto streaks = bandit::run_lilucb(arms, c, o, none);
    event_log log;
    const auto pulls = bandit::run_lilucb(arms, c, o, log);
    RC_ASSERT(result_difference(streaks, pulls) == std::string());
  };
  if (*rc::gen::arbitrary<bool>()) check(bandit::gaussian_arms(means, 0.5));
  else check(bandit::bernoulli_arms(means));
}

// Deterministic cases: every arm tied (the heap's tie order is all that decides), and the
// lemma's infinite widths at T = 1 with eps = 0.
BOOST_AUTO_TEST_CASE(all_arms_tied) {
  for (std::size_t n : {2u, 3u, 17u, 64u, 200u})
    for (auto inner : {lilucb::inner_log::lemma, lilucb::inner_log::plus2}) {
      BOOST_TEST_CONTEXT("n=" << n) {
        const std::vector<double> means(n, 0.5);
        bandit::lilucb_config c;
        c.eps = 0;
        c.inner = inner;
        bandit::run_options o;
        o.max_pulls = 20 * n;
        const auto naive = run_combo(bandit::bernoulli_arms(std::vector<double>(n, 1.0)), c, o, false, false);
        const auto fast = run_combo(bandit::bernoulli_arms(std::vector<double>(n, 1.0)), c, o, true, true);
        // Identical rewards (all 1): the arms are pulled round-robin in index order.
        for (std::size_t k = 0; k < naive.log.pulls.arms.size(); ++k) BOOST_TEST(naive.log.pulls.arms[k] == k % n);
        BOOST_TEST(fast.log.pulls.arms == naive.log.pulls.arms, boost::test_tools::per_element());
        const auto g0 = run_combo(bandit::gaussian_arms(means, 0.5), c, o, false, false);
        const auto g1 = run_combo(bandit::gaussian_arms(means, 0.5), c, o, true, false);
        const auto g2 = run_combo(bandit::gaussian_arms(means, 0.5), c, o, false, true);
        BOOST_TEST(g1.log.pulls.arms == g0.log.pulls.arms, boost::test_tools::per_element());
        BOOST_TEST(g2.log.pulls.arms == g0.log.pulls.arms, boost::test_tools::per_element());
      }
    }
}

// ---------------------------------------------------------------------------------------------
// root_heap and radix_root_heap: only the top's key ever changes.
template <class Heap>
void check_root_heap_matches_naive_argmax() {
  const auto n = static_cast<std::size_t>(*gen::count(1, 300));
  auto keys = *rc::gen::container<std::vector<double>>(n, tie_prone_key());
  const std::vector<char> all(n, 1);
  Heap h(keys);
  RC_ASSERT(h.size() == n);
  const auto steps = *gen::count(0, 600);
  for (std::uint64_t s = 0; s <= steps; ++s) {
    const std::size_t expect = *naive_argmax(keys, all);
    RC_ASSERT(h.top() == expect);
    if constexpr (requires { h.top_key(); }) RC_ASSERT(h.top_key() == keys[expect]);
    const std::size_t candidate = h.next_top_candidate();
    // next_top_key: the candidate's key, the largest but the top's (-infinity with one arm).
    if (n == 1) RC_ASSERT(h.next_top_key() == -inf);
    else {
      RC_ASSERT(h.next_top_key() == keys[candidate]);
      RC_ASSERT(h.next_top_key() == keys[*naive_argmax(keys, all, expect)]);
    }
    const double k = *tie_prone_key();
    keys[expect] = k;
    h.update_top(k);
    // The prefetch hint names the next top unless the top stays.
    RC_ASSERT(h.top() == expect || h.top() == candidate);
  }
}

// lil'UCB's shortcut: a new top key above next_top_key() may be left unstored (the top stays);
// the heap still answers as the naive argmax of the true keys.
template <class Heap>
void check_skipping_a_staying_top() {
  const auto n = static_cast<std::size_t>(*gen::count(1, 300));
  auto keys = *rc::gen::container<std::vector<double>>(n, tie_prone_key());
  const std::vector<char> all(n, 1);
  Heap h(keys);
  const auto steps = *gen::count(0, 600);
  for (std::uint64_t s = 0; s <= steps; ++s) {
    const std::size_t expect = *naive_argmax(keys, all);
    RC_ASSERT(h.top() == expect);
    const double k = *tie_prone_key();
    keys[expect] = k;
    if (!(k > h.next_top_key())) h.update_top(k);
  }
}

RC_BOOST_PROP(root_heap_allows_skipping_a_staying_top, ()) { check_skipping_a_staying_top<bandit::detail::root_heap>(); }
RC_BOOST_PROP(radix_root_heap_allows_skipping_a_staying_top, ()) {
  check_skipping_a_staying_top<bandit::detail::radix_root_heap>();
}
RC_BOOST_PROP(radix16_root_heap_allows_skipping_a_staying_top, ()) {
  check_skipping_a_staying_top<bandit::detail::radix16_root_heap>();
}

RC_BOOST_PROP(root_heap_matches_naive_argmax, ()) { check_root_heap_matches_naive_argmax<bandit::detail::root_heap>(); }
RC_BOOST_PROP(radix_root_heap_matches_naive_argmax, ()) {
  check_root_heap_matches_naive_argmax<bandit::detail::radix_root_heap>();
}
RC_BOOST_PROP(radix16_root_heap_matches_naive_argmax, ()) {
  check_root_heap_matches_naive_argmax<bandit::detail::radix16_root_heap>();
}

// Every small case: n = 1 ... 4 arms, every start from keys {-1, 0, 1} and every sequence of
// three new top keys from {-1, 0, 1, 2} (the sizes where the top and runner-up held apart from
// the buckets are all there is).
template <class Heap>
void check_small_heaps_exhaustively() {
  const std::vector<double> start_keys{-1, 0, 1}, new_keys{-1, 0, 1, 2};
  std::size_t cases = 0;
  for (std::size_t n = 1; n <= 4; ++n) {
    std::size_t starts = 1;
    for (std::size_t i = 0; i < n; ++i) starts *= start_keys.size();
    for (std::size_t code = 0; code < starts; ++code)
      for (std::size_t seq = 0; seq < 64; ++seq) {
        std::vector<double> keys(n);
        for (std::size_t i = 0, c = code; i < n; ++i, c /= 3) keys[i] = start_keys[c % 3];
        const std::vector<char> all(n, 1);
        Heap h(keys);
        bool ok = h.top() == *naive_argmax(keys, all);
        for (std::size_t step = 0, q = seq; step < 3; ++step, q /= 4) {
          const std::size_t top = *naive_argmax(keys, all);
          keys[top] = new_keys[q % 4];
          h.update_top(keys[top]);
          ok = ok && h.top() == *naive_argmax(keys, all);
        }
        BOOST_TEST(ok, "n=" << n << " start code " << code << " sequence " << seq);
        ++cases;
      }
  }
  BOOST_TEST(cases == (3u + 9u + 27u + 81u) * 64u);
}

BOOST_AUTO_TEST_CASE(small_root_heaps_exhaustively) { check_small_heaps_exhaustively<bandit::detail::root_heap>(); }
BOOST_AUTO_TEST_CASE(small_radix_root_heaps_exhaustively) { check_small_heaps_exhaustively<bandit::detail::radix_root_heap>(); }
BOOST_AUTO_TEST_CASE(small_radix16_root_heaps_exhaustively) {
  check_small_heaps_exhaustively<bandit::detail::radix16_root_heap>();
}

// The radix heap orders keys through their bits: -0.0 and +0.0 are equal (ties to the lowest
// arm, as ==), negative keys below positive ones, subnormals and infinities in place.
template <class Heap>
void check_signed_and_extreme_keys() {
  const auto n = static_cast<std::size_t>(*gen::count(1, 100));
  const std::vector<double> pool{-inf, -std::numeric_limits<double>::max(), -1.5, -std::numeric_limits<double>::denorm_min(),
                                 -0.0, 0.0, std::numeric_limits<double>::denorm_min(), std::numeric_limits<double>::min(),
                                 1.5, std::numeric_limits<double>::max(), inf};
  auto keys = *rc::gen::container<std::vector<double>>(n, rc::gen::elementOf(pool));
  const std::vector<char> all(n, 1);
  Heap h(keys);
  const auto steps = *gen::count(0, 300);
  for (std::uint64_t s = 0; s <= steps; ++s) {
    const std::size_t expect = *naive_argmax(keys, all);
    RC_ASSERT(h.top() == expect);
    const double k = *rc::gen::elementOf(pool);
    keys[expect] = k;
    h.update_top(k);
  }
}
RC_BOOST_PROP(radix_root_heap_orders_signed_and_extreme_keys, ()) {
  check_signed_and_extreme_keys<bandit::detail::radix_root_heap>();
}
RC_BOOST_PROP(radix16_root_heap_orders_signed_and_extreme_keys, ()) {
  check_signed_and_extreme_keys<bandit::detail::radix16_root_heap>();
}

BOOST_AUTO_TEST_CASE(radix_root_heaps_reject_nan_keys) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  BOOST_CHECK_THROW(bandit::detail::radix_root_heap(std::vector<double>{1.0, nan}), lilucb::domain_error);
  BOOST_CHECK_THROW(bandit::detail::radix16_root_heap(std::vector<double>{1.0, nan}), lilucb::domain_error);
  bandit::detail::radix_root_heap h(std::vector<double>{1.0, 2.0, 3.0});
  BOOST_CHECK_THROW(h.update_top(nan), lilucb::domain_error);
  bandit::detail::radix16_root_heap h16(std::vector<double>{1.0, 2.0, 3.0});
  BOOST_CHECK_THROW(h16.update_top(nan), lilucb::domain_error);
}

// Large heaps with lil'UCB's pattern: the top's key drops a little (it sinks) or stays the
// largest; many ties.
template <class Heap>
void check_large_heap_matches_naive_argmax() {
  for (const std::size_t n : {1024u, 5000u, 40000u}) {
    BOOST_TEST_CONTEXT("n=" << n) {
      bandit::run_engine rng(7, n);
      std::vector<double> keys(n);
      for (auto& k : keys) k = std::floor(rng.uniform01() * 64) / 8;  // many ties
      const std::vector<char> all(n, 1);
      Heap h(keys);
      std::size_t mismatches = 0, candidate_misses = 0;
      for (int step = 0; step < 3000; ++step) {
        const std::size_t expect = *naive_argmax(keys, all);
        mismatches += h.top() != expect;
        const std::size_t candidate = h.next_top_candidate();
        const double k = keys[expect] - std::floor(rng.uniform01() * 4) / 16;  // drop 0 ... 3/16
        keys[expect] = k;
        h.update_top(k);
        candidate_misses += h.top() != expect && h.top() != candidate;
      }
      BOOST_TEST(mismatches == 0u);
      BOOST_TEST(candidate_misses == 0u);
    }
  }
}

BOOST_AUTO_TEST_CASE(large_root_heap_matches_naive_argmax) { check_large_heap_matches_naive_argmax<bandit::detail::root_heap>(); }
BOOST_AUTO_TEST_CASE(large_radix_root_heap_matches_naive_argmax) {
  check_large_heap_matches_naive_argmax<bandit::detail::radix_root_heap>();
}
BOOST_AUTO_TEST_CASE(large_radix16_root_heap_matches_naive_argmax) {
  check_large_heap_matches_naive_argmax<bandit::detail::radix16_root_heap>();
}

// lil'UCB switches from root_heap to radix_root_heap at radix_heap_from arms: runs just below,
// at and above the switch agree pull for pull with the naive scan (Gaussian and Bernoulli arms,
// both inner logarithms, with and without the LS rule).
BOOST_AUTO_TEST_CASE(lilucb_agrees_with_naive_scan_across_the_radix_switch) {
  for (const std::size_t n : {bandit::radix_heap_from - 1, bandit::radix_heap_from, std::size_t(3000)})
    for (const bool bernoulli : {false, true}) {
      BOOST_TEST_CONTEXT("n=" << n << " bernoulli=" << bernoulli) {
        auto means = bandit::alpha_means(n - 1, 0.6);
        for (auto& m : means) m = 0.25 + m / 2;  // in [0.25, 0.75] for Bernoulli arms
        bandit::lilucb_config c;  // lil'UCB Heuristic's parameters (Section 5)
        c.eps = 0;
        c.beta = 0.5;
        c.a = 1 + 10.0 / static_cast<double>(n);
        c.delta = 0.1 / 5;
        c.inner = bernoulli ? lilucb::inner_log::lemma : lilucb::inner_log::plus2;
        if (n == 3000) c.ls_delta = bandit::ls_delta_for_share(0.05);
        bandit::run_options o;
        o.seed = 20261126 + n;
        o.max_pulls = 40 * n;
        const auto check = [&](const auto& arms) {
          const auto naive = run_combo(arms, c, o, false, true);
          BOOST_TEST(naive.log.pulls.arms.size() > n);
          for (const bool table : {true, false}) {
            const auto fast = run_combo(arms, c, o, true, table);
            BOOST_TEST(fast.log.pulls.arms == naive.log.pulls.arms);
            BOOST_TEST(result_difference(fast.result, naive.result) == std::string());
          }
        };
        if (bernoulli) check(bandit::bernoulli_arms(means));
        else check(bandit::gaussian_arms(means, 0.5));
      }
    }
}

// From radix16_until arms lil'UCB's tabulated loop reads 1-bit digits, below it 4-bit digits;
// the untabulated loop reads 1-bit digits at both sizes.  Runs just below and at the switch
// (capped at three pulls per arm: the exploration, where the heap works hardest) make the same
// pulls either way; each heap is checked against the naive argmax above.
BOOST_AUTO_TEST_CASE(lilucb_radix_digits_agree_across_their_switch) {
  for (const std::size_t n : {bandit::radix16_until - 1, bandit::radix16_until}) {
    BOOST_TEST_CONTEXT("n=" << n) {
      bandit::lilucb_config c;  // lil'UCB Heuristic's parameters (Section 5)
      c.eps = 0;
      c.beta = 0.5;
      c.a = 1 + 10.0 / static_cast<double>(n);
      c.delta = 0.1 / 5;
      bandit::run_options o;
      o.seed = 20261205;
      o.max_pulls = 3 * n;
      const bandit::gaussian_arms arms(bandit::sparse_means(n), 0.5);
      const auto digits = run_combo(arms, c, o, true, true), bits = run_combo(arms, c, o, true, false);
      BOOST_TEST(digits.log.pulls.arms.size() == 3 * n);
      BOOST_TEST((digits.log.pulls.arms == bits.log.pulls.arms));
      BOOST_TEST(result_difference(digits.result, bits.result) == std::string());
    }
  }
}

// indexed_max_heap under random update / update_top / erase.
RC_BOOST_PROP(indexed_heap_matches_naive_argmax, ()) {
  const auto n = static_cast<std::size_t>(*gen::count(1, 300));
  auto keys = *rc::gen::container<std::vector<double>>(n, tie_prone_key());
  std::vector<char> present(n, 1);
  std::vector<std::size_t> alive(n);
  for (std::size_t i = 0; i < n; ++i) alive[i] = i;
  bandit::detail::indexed_max_heap h(keys);
  const auto steps = *gen::count(0, 600);
  for (std::uint64_t s = 0; s <= steps && !alive.empty(); ++s) {
    RC_ASSERT(h.size() == alive.size());
    RC_ASSERT(!h.empty());
    const std::size_t top = *naive_argmax(keys, present);
    RC_ASSERT(h.top() == top);
    RC_ASSERT(h.top_key() == keys[top]);
    if (alive.size() >= 2) RC_ASSERT(h.second() == *naive_argmax(keys, present, top));
    for (std::size_t a : alive) RC_ASSERT(h.key(a) == keys[a]);
    const int op = *gen::one_of(std::vector<int>{0, 0, 0, 1, 1, 2});
    if (op == 0) {  // update any present arm
      const std::size_t arm = alive[*gen::count(0, alive.size() - 1)];
      const double k = *tie_prone_key();
      keys[arm] = k;
      h.update(arm, k);
    } else if (op == 1) {  // update the root
      const double k = *tie_prone_key();
      keys[top] = k;
      h.update_top(k);
    } else {  // erase a present arm
      const std::size_t pos = *gen::count(0, alive.size() - 1);
      const std::size_t arm = alive[pos];
      alive.erase(alive.begin() + static_cast<std::ptrdiff_t>(pos));
      present[arm] = 0;
      h.erase(arm);
    }
  }
  if (alive.empty()) RC_ASSERT(h.empty());
}

// Erasing every arm in a random order leaves the maxima right at every step.
RC_BOOST_PROP(indexed_heap_erase_all, ()) {
  const auto n = static_cast<std::size_t>(*gen::count(1, 100));
  const auto keys = *rc::gen::container<std::vector<double>>(n, tie_prone_key());
  std::vector<std::size_t> order(n);
  for (std::size_t i = 0; i < n; ++i) order[i] = i;
  for (std::size_t i = n; i-- > 1;) std::swap(order[i], order[*gen::count(0, i)]);
  std::vector<char> present(n, 1);
  bandit::detail::indexed_max_heap h(keys);
  for (std::size_t arm : order) {
    RC_ASSERT(h.top() == *naive_argmax(keys, present));
    h.erase(arm);
    present[arm] = 0;
    if (!h.empty()) RC_ASSERT(h.top() == *naive_argmax(keys, present));
    if (h.size() >= 2) RC_ASSERT(h.second() == *naive_argmax(keys, present, h.top()));
  }
  RC_ASSERT(h.empty());
}

// ---------------------------------------------------------------------------------------------
// UCB1's lazy argmax (detail/slope_argmax.hpp).

namespace {

/// The naive scan of UCB1's former loop: argmax_j mean_j + c slope_j, ties to the lowest j.
std::size_t scan_argmax(const std::vector<double>& mean, const std::vector<double>& slope, double c) {
  std::size_t best = 0;
  double best_index = mean[0] + c * slope[0];
  for (std::size_t j = 1; j < mean.size(); ++j) {
    const double idx = mean[j] + c * slope[j];
    if (idx > best_index) {
      best_index = idx;
      best = j;
    }
  }
  return best;
}

/// Means from a small set (exact ties) or a hair apart (ties decided by rounding).
rc::Gen<double> tie_prone_mean() {
  return gen::one_of(std::vector<double>{-1.0, 0.0, 0.25, 0.5, 0.5 + 0x1p-52, 0.5 - 0x1p-53, 0.75, 1.0, 3.0});
}

/// Slopes in [0, 1]: 1/sqrt(T) for small T, and the edges.
rc::Gen<double> ucb1_slope() {
  return rc::gen::map(gen::count(0, 12), [](std::uint64_t k) {
    return k == 0 ? 0.0 : 1.0 / std::sqrt(static_cast<double>(k));
  });
}

/// UCB1 + LS as it was before slope_argmax (an O(n) scan per pull): the reference.
template <class Arms, class Observer>
bandit::run_result ucb1_ls_by_scan(const Arms& arms, double sigma, double ls_eps, double ls_delta,
                                   const bandit::run_options& opts, Observer& observer) {
  const char* name = "ucb1-ls";
  bandit::detail::session<Arms, Observer> s(arms, opts, observer);
  const std::size_t n = arms.size();
  bandit::detail::ls_rule ls(n, ls_eps, ls_delta, sigma);
  const auto& st = s.stats();
  for (std::size_t i = 0; i < n; ++i) {
    if (!s.can_pull()) return s.finish(name, st.empirical_best(), bandit::run_status::budget_exhausted, "budget", {});
    s.pull(i);
    ls.update(i, st);
  }
  std::vector<double> mean(n), inv_sqrt_count(n, 1.0);
  for (std::size_t i = 0; i < n; ++i) mean[i] = st.mean(i);
  while (true) {
    if (ls.satisfied(st)) return s.finish(name, ls.leader(), bandit::run_status::stopped, "ls", {});
    if (!s.can_pull()) return s.finish(name, ls.leader(), bandit::run_status::budget_exhausted, "budget", {});
    const double c = 2 * sigma * std::sqrt(2 * std::log(static_cast<double>(st.total())));
    const std::size_t best = scan_argmax(mean, inv_sqrt_count, c);
    s.pull(best);
    mean[best] = st.mean(best);
    inv_sqrt_count[best] = 1.0 / std::sqrt(static_cast<double>(st.count(best)));
    ls.update(best, st);
  }
}

template <class Arms>
void check_ucb1_matches_scan(const Arms& arms, const bandit::run_options& o, double ls_delta) {
  event_log fast_log, scan_log;
  const auto fast = bandit::run_ucb1_ls(arms, 0.5, 0.01, ls_delta, o, fast_log);
  const auto scan = ucb1_ls_by_scan(arms, 0.5, 0.01, ls_delta, o, scan_log);
  RC_ASSERT(fast_log.pulls.arms == scan_log.pulls.arms);
  RC_ASSERT(fast_log.events == scan_log.events);
  RC_ASSERT(result_difference(fast, scan) == std::string());
}

}  // namespace

// Random updates and factors: the lazy argmax is the scan's answer at every step.  The factor
// mostly grows (by nothing, a hair, or a lot), as UCB1's does, and sometimes falls.
RC_BOOST_PROP(slope_argmax_matches_naive_scan, ()) {
  const auto n = static_cast<std::size_t>(*gen::count(1, 130));
  auto mean = *rc::gen::container<std::vector<double>>(n, tie_prone_mean());
  auto slope = *rc::gen::container<std::vector<double>>(n, ucb1_slope());
  bandit::detail::slope_argmax tree(mean, slope);
  double c = 0;
  const auto steps = *gen::count(1, 300);
  for (std::uint64_t k = 0; k < steps; ++k) {
    switch (*gen::count(0, 5)) {
      case 0: break;
      case 1: c = std::nextafter(c, inf); break;
      case 2: c += 1e-9; break;
      case 3: c += static_cast<double>(*gen::count(0, 100)) / 16; break;
      case 4: c = std::max(0.0, c - static_cast<double>(*gen::count(0, 100)) / 64); break;
      default: c *= 1.001; break;
    }
    const std::size_t got = tree.argmax(c);
    RC_ASSERT(got == scan_argmax(mean, slope, c));
    // As UCB1 does, mostly update the winner; sometimes any arm.
    const std::size_t j = *rc::gen::arbitrary<bool>() ? got : static_cast<std::size_t>(*gen::count(0, n - 1));
    mean[j] = *tie_prone_mean();
    slope[j] = *ucb1_slope();
    tree.set(j, mean[j], slope[j], c);
  }
}

// run_ucb1_ls against its former scanning loop on random instances (exact ties among the means
// on the coarse grid; Gaussian and Bernoulli rewards; budgets that censor and that do not).
RC_BOOST_PROP(ucb1_agrees_with_scanning_loop_pull_for_pull, ()) {
  const auto n = static_cast<std::size_t>(*gen::count(2, 200));
  const auto means = *gen::unit_means(n);
  bandit::run_options o;
  o.seed = *rc::gen::arbitrary<std::uint64_t>();
  o.run = *gen::count(0, 100);
  o.max_pulls = *gen::count(1, 5000);
  const double ls_delta = bandit::ls_delta_for_share(*gen::one_of(std::vector<double>{0.05, 0.1, 0.5}));
  if (*rc::gen::arbitrary<bool>()) check_ucb1_matches_scan(bandit::gaussian_arms(means, 0.5), o, ls_delta);
  else check_ucb1_matches_scan(bandit::bernoulli_arms(means), o, ls_delta);
}

// Section 5's instances at n = 1000 for a long run (10^5 pulls: the indices bunch together, the
// case the bounds must resolve), and an instance with every arm tied.
BOOST_AUTO_TEST_CASE(ucb1_agrees_with_scanning_loop_on_section5_instances) {
  const double ls_delta = bandit::ls_delta_for_share(0.1);
  bandit::run_options o;
  o.seed = 20261126;
  o.max_pulls = 100000;
  for (const auto& means : {bandit::alpha_means(999, 0.6), bandit::sparse_means(999, 0.5), std::vector<double>(300, 0.5)}) {
    event_log fast_log, scan_log;
    const auto fast = bandit::run_ucb1_ls(bandit::gaussian_arms(means, 0.5), 0.5, 0.01, ls_delta, o, fast_log);
    const auto scan = ucb1_ls_by_scan(bandit::gaussian_arms(means, 0.5), 0.5, 0.01, ls_delta, o, scan_log);
    BOOST_TEST(fast_log.pulls.arms.size() > 2 * means.size());
    BOOST_TEST(fast_log.pulls.arms == scan_log.pulls.arms);
    BOOST_TEST(result_difference(fast, scan) == std::string());
  }
  // Every arm tied, Bernoulli arms of mean 1 (all rewards 1): every index ties, the lowest wins.
  event_log fast_log, scan_log;
  const bandit::bernoulli_arms ones(std::vector<double>(50, 1.0));
  o.max_pulls = 5000;
  const auto fast = bandit::run_ucb1_ls(ones, 0.5, 0.01, ls_delta, o, fast_log);
  const auto scan = ucb1_ls_by_scan(ones, 0.5, 0.01, ls_delta, o, scan_log);
  BOOST_TEST(fast_log.pulls.arms == scan_log.pulls.arms);
  BOOST_TEST(result_difference(fast, scan) == std::string());
}

BOOST_AUTO_TEST_SUITE_END()  // fast_paths
