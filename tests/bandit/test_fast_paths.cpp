// lil'UCB's O(log n) machinery agrees pull for pull with the naive O(n) loop.
//
//  - run_lilucb with lilucb_config::use_heap (a heap vs a left-to-right argmax scan) and
//    lilucb_config::tabulate_width (count_cache vs computing the width at every pull): all four
//    combinations give identical pull logs and bit-identical results, on random instances
//    (n = 2..200, means with exact ties, Gaussian and Bernoulli rewards, both inner logs,
//    eps 0 and 0.01, with and without the LS rule).
//  - the same across the switch from root_heap to radix_root_heap (n = 1023, 1024, 3000).
//  - root_heap and radix_root_heap (update_top) and indexed_max_heap (update, update_top, erase, second) against a
//    naive argmax with ties to the lowest index, under random operations with keys drawn from a
//    small set (many ties) including +-infinity.

#include <boost/test/unit_test.hpp>
#include <rapidcheck/boost_test.h>

#include "bandit_support.hpp"

#include "lilucb/bandit/detail/indexed_heap.hpp"
#include "lilucb/bandit/lilucb_algorithm.hpp"
#include "lilucb/bandit/detail/radix_root_heap.hpp"
#include "lilucb/bandit/detail/root_heap.hpp"
#include "lilucb/bandit/scenarios.hpp"

#include <limits>
#include <optional>

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
    const double k = *tie_prone_key();
    keys[expect] = k;
    h.update_top(k);
    // The prefetch hint names the next top unless the top stays.
    RC_ASSERT(h.top() == expect || h.top() == candidate);
  }
}

RC_BOOST_PROP(root_heap_matches_naive_argmax, ()) { check_root_heap_matches_naive_argmax<bandit::detail::root_heap>(); }
RC_BOOST_PROP(radix_root_heap_matches_naive_argmax, ()) {
  check_root_heap_matches_naive_argmax<bandit::detail::radix_root_heap>();
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

// The radix heap orders keys through their bits: -0.0 and +0.0 are equal (ties to the lowest
// arm, as ==), negative keys below positive ones, subnormals and infinities in place.
RC_BOOST_PROP(radix_root_heap_orders_signed_and_extreme_keys, ()) {
  const auto n = static_cast<std::size_t>(*gen::count(1, 100));
  const std::vector<double> pool{-inf, -std::numeric_limits<double>::max(), -1.5, -std::numeric_limits<double>::denorm_min(),
                                 -0.0, 0.0, std::numeric_limits<double>::denorm_min(), std::numeric_limits<double>::min(),
                                 1.5, std::numeric_limits<double>::max(), inf};
  auto keys = *rc::gen::container<std::vector<double>>(n, rc::gen::elementOf(pool));
  const std::vector<char> all(n, 1);
  bandit::detail::radix_root_heap h(keys);
  const auto steps = *gen::count(0, 300);
  for (std::uint64_t s = 0; s <= steps; ++s) {
    const std::size_t expect = *naive_argmax(keys, all);
    RC_ASSERT(h.top() == expect);
    const double k = *rc::gen::elementOf(pool);
    keys[expect] = k;
    h.update_top(k);
  }
}

BOOST_AUTO_TEST_CASE(radix_root_heap_rejects_nan_keys) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  BOOST_CHECK_THROW(bandit::detail::radix_root_heap(std::vector<double>{1.0, nan}), lilucb::domain_error);
  bandit::detail::radix_root_heap h(std::vector<double>{1.0, 2.0, 3.0});
  BOOST_CHECK_THROW(h.update_top(nan), lilucb::domain_error);
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
