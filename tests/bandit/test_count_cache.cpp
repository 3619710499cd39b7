// count_cache and thread_count_cache (confidence.hpp): a tabulated f(T) is bit-identical (==,
// and the same bits) to calling f(T), inside the table, at its limit and past it (computed
// directly), whatever the order of the queries; thread_count_cache hands out one table per
// function value per thread.  ucb_width is lilucb::lil_width under policies::return_sentinel:
// its finite values are checked against the same template in cpp_bin_float_50 (the reference
// instantiation; test_finite_lil checks that one against mpmath), its infinities (the
// sentinel where the width is undefined) are pinned by hand.  The faster evaluators the tables
// use (lilucb_bonus::evaluator, ls_width::evaluator: lil_width_evaluator) are checked bit for bit
// against the function objects over every parameter set of the generators, dense ranges of T
// and the sentinel, overflow and refusal paths; the cache past the table against walks of the
// most-pulled arm's count interleaved with other counts, some in the same slot.  lower_bound is at most the value over
// the generators, and the evaluators' certificate (decreasing_from) holds over dense ranges.

#include <boost/test/unit_test.hpp>
#include <rapidcheck/boost_test.h>

#include "bandit_support.hpp"

#include "lilucb/bandit/detail/confidence.hpp"
#include "lilucb/bandit/detail/ls_rule.hpp"
#include "lilucb/theory/ls_bound.hpp"

#include <boost/multiprecision/cpp_bin_float.hpp>

#include <cmath>
#include <limits>
#include <thread>

using namespace lilucb_test;
using bandit::detail::count_cache;
using bandit::detail::lilucb_bonus;

namespace {

constexpr double inf = std::numeric_limits<double>::infinity();

struct ls_fn {
  double eps, delta, sigma;
  std::uint64_t n;
  double operator()(std::uint64_t T) const { return lilucb::ls_bound(static_cast<double>(T), eps, delta, sigma, n); }
  bool operator==(const ls_fn&) const = default;
};

rc::Gen<lilucb_bonus> bonus_gen() {
  return rc::gen::apply(
      [](double beta, double eps, double delta, double sigma, lilucb::inner_log inner) {
        return lilucb_bonus{1 + beta, eps, delta, sigma, inner};
      },
      gen::one_of(std::vector<double>{0.0, 0.5, 1.0, 1.66}),
      gen::one_of(std::vector<double>{0.0, 1e-3, 0.01, 0.5, 0.99}),
      gen::one_of(std::vector<double>{1e-12, 1e-4, 0.05, 0.3, 0.9}),
      gen::one_of(std::vector<double>{0.5, 1.0, 3.0}),
      gen::one_of(std::vector<lilucb::inner_log>{lilucb::inner_log::lemma, lilucb::inner_log::plus2}));
}

}  // namespace

BOOST_AUTO_TEST_SUITE(ucb_width)

BOOST_AUTO_TEST_CASE(matches_the_formula_and_its_infinities) {
  using lilucb::inner_log;
  // T = 1, eps = 0, lemma: log(1) = 0, undefined: +infinity (pulled first).
  BOOST_TEST(bandit::detail::ucb_width(1, 0.0, 0.01, 0.5, inner_log::lemma) == inf);
  // T = 1, eps = 0.01, lemma: log(log(1.01)/delta) > 0 only for delta < log(1.01).
  BOOST_TEST(bandit::detail::ucb_width(1, 0.01, 0.5, 0.5, inner_log::lemma) == inf);
  BOOST_TEST(std::isfinite(bandit::detail::ucb_width(1, 0.01, 1e-3, 0.5, inner_log::lemma)));
  // plus2 is finite at T = 1 for delta < log 3.
  BOOST_TEST(std::isfinite(bandit::detail::ucb_width(1, 0.0, 0.9, 0.5, inner_log::plus2)));
  // Away from the sentinel's boundary the double width is the 50-digit one rounded (a few ulp).
  using mp50 = boost::multiprecision::cpp_bin_float_50;
  for (std::uint64_t T : {1u, 2u, 3u, 10u, 1000u, 1u << 30})
    for (double eps : {0.0, 0.01, 0.5})
      for (double delta : {1e-6, 0.02, 0.5, 0.99})
        for (auto inner : {inner_log::lemma, inner_log::plus2}) {
          const double w = bandit::detail::ucb_width(T, eps, delta, 0.5, inner);
          const mp50 r = lilucb::lil_width(mp50(T), mp50(eps), mp50(delta), mp50(0.5), inner,
                                           lilucb::policies::return_sentinel{});
          BOOST_TEST_CONTEXT("T=" << T << " eps=" << eps << " delta=" << delta) {
            if (boost::multiprecision::isinf(r)) BOOST_TEST(w == inf);
            else BOOST_TEST(w == r.convert_to<double>(), boost::test_tools::tolerance(1e-14));
          }
        }
  // The sentinel set, independently: T = 1, lemma: log(log(1+eps)/delta) <= 0 iff delta >= log(1+eps).
  BOOST_TEST(bandit::detail::ucb_width(1, 0.5, std::log1p(0.5), 0.5, inner_log::lemma) == inf);
  BOOST_TEST(std::isfinite(bandit::detail::ucb_width(1, 0.5, 0.99 * std::log1p(0.5), 0.5, inner_log::lemma)));
  // Outside its arguments' range the sentinel policy returns +infinity instead of throwing.
  BOOST_TEST(bandit::detail::ucb_width(0, 0.5, 0.1, 0.5, inner_log::plus2) == inf);
  BOOST_TEST(bandit::detail::ucb_width(5, 1.0, 0.1, 0.5, inner_log::plus2) == inf);
  BOOST_TEST(bandit::detail::ucb_width(5, 0.5, 0.0, 0.5, inner_log::plus2) == inf);
  BOOST_TEST(bandit::detail::ucb_width(5, 0.5, 0.1, 0.0, inner_log::plus2) == inf);
}

BOOST_AUTO_TEST_SUITE_END()

// ---------------------------------------------------------------------------------------------
RC_BOOST_PROP(cached_bonus_is_bit_identical, ()) {
  const auto f = *bonus_gen();
  const auto limit = *gen::count(1, 5000);
  count_cache<lilucb_bonus> cache(f, limit);
  // Queries in random order, inside the table, at the limit and past it; each twice.
  const auto queries = *rc::gen::container<std::vector<std::uint64_t>>(
      rc::gen::oneOf(gen::count(1, 2 * limit + 2), gen::count(limit - 1 ? limit - 1 : 1, limit + 1),
                     gen::count(1, std::uint64_t(1) << 40)));
  for (int pass = 0; pass < 2; ++pass)
    for (std::uint64_t T : queries) {
      const double cached = cache(T);
      const double direct = f(T);
      RC_ASSERT(same_bits(cached, direct));
      RC_ASSERT(cached == direct);
    }
  RC_ASSERT(cache.function() == f);
}

RC_BOOST_PROP(cached_ls_bound_is_bit_identical, ()) {
  const ls_fn f{*gen::one_of(std::vector<double>{0.0, 0.01, 0.5}), *gen::one_of(std::vector<double>{1e-9, 1e-3, 0.5}),
                *gen::one_of(std::vector<double>{0.25, 0.5, 2.0}), *gen::count(1, 1000000)};
  count_cache<ls_fn> cache(f, 3000);
  const auto queries = *rc::gen::container<std::vector<std::uint64_t>>(gen::count(1, 6000));
  for (std::uint64_t T : queries) RC_ASSERT(same_bits(cache(T), f(T)));
}

BOOST_AUTO_TEST_SUITE(cache_mechanics)

// Every T from 1 to past the default limit (lilucb_bonus::table_limit = 2^16), in order, then
// backwards.
BOOST_AUTO_TEST_CASE(dense_sweep) {
  const lilucb_bonus f{2.0, 0.01, 1e-3, 0.5, lilucb::inner_log::lemma};
  count_cache<lilucb_bonus> cache(f);
  for (std::uint64_t T = 1; T <= 200000; ++T)
    if (!same_bits(cache(T), f(T))) BOOST_FAIL("T = " << T);
  for (std::uint64_t T = 200000; T >= 1; --T)
    if (!same_bits(cache(T), f(T))) BOOST_FAIL("T = " << T << " (second pass)");
  // Far past the table: computed directly, still identical.
  for (std::uint64_t T : {std::uint64_t(1) << 22, (std::uint64_t(1) << 22) + 1, std::uint64_t(1) << 40})
    BOOST_TEST(same_bits(cache(T), f(T)));
}

// A first query far into the table fills everything below it.
BOOST_AUTO_TEST_CASE(jump_then_fill) {
  const lilucb_bonus f{1.5, 0.0, 0.02, 0.5, lilucb::inner_log::lemma};
  count_cache<lilucb_bonus> cache(f, 1000);
  BOOST_TEST(same_bits(cache(999), f(999)));
  BOOST_TEST(cache(1) == inf);  // eps = 0, lemma: undefined at T = 1
  for (std::uint64_t T = 1; T < 1100; ++T) BOOST_TEST(same_bits(cache(T), f(T)));
}

BOOST_AUTO_TEST_CASE(thread_cache_one_table_per_function) {
  const lilucb_bonus f{2.0, 0.01, 1e-3, 0.5, lilucb::inner_log::plus2};
  const lilucb_bonus g{2.0, 0.01, 2e-3, 0.5, lilucb::inner_log::plus2};
  const auto cf = bandit::detail::thread_count_cache(f);
  BOOST_TEST(cf.get() == bandit::detail::thread_count_cache(f).get());          // same function: same table
  BOOST_TEST(cf.get() == bandit::detail::thread_count_cache(lilucb_bonus(f)).get());  // equal copy: same table
  const auto cg = bandit::detail::thread_count_cache(g);
  BOOST_TEST(cg.get() != cf.get());
  BOOST_TEST((cf->function() == f));
  BOOST_TEST((cg->function() == g));
  for (std::uint64_t T = 1; T < 3000; T += 7) {
    BOOST_TEST(same_bits((*cf)(T), f(T)));
    BOOST_TEST(same_bits((*cg)(T), g(T)));
  }
  // Another thread has its own table, with the same values.
  const bandit::detail::count_cache<lilucb_bonus>* other = nullptr;
  bool other_ok = true;
  std::thread t([&] {
    const auto c = bandit::detail::thread_count_cache(f);
    other = c.get();
    for (std::uint64_t T = 1; T < 3000; ++T) other_ok = other_ok && same_bits((*c)(T), f(T));
  });
  t.join();
  BOOST_TEST(other != cf.get());
  BOOST_TEST(other_ok);
}

// Five functions on one thread: the pool keeps four, but a table held by a user stays valid and
// correct after eviction, and a fresh request returns a correct table.
BOOST_AUTO_TEST_CASE(eviction_keeps_held_tables_valid) {
  std::vector<std::shared_ptr<count_cache<lilucb_bonus>>> held;
  std::vector<lilucb_bonus> fs;
  for (int k = 0; k < 6; ++k) {
    fs.push_back(lilucb_bonus{2.0, 0.01, 1e-3 * (k + 1), 0.5, lilucb::inner_log::plus2});
    held.push_back(bandit::detail::thread_count_cache(fs.back()));
    (*held.back())(500);
  }
  for (int k = 0; k < 6; ++k) {
    BOOST_TEST((held[k]->function() == fs[k]));
    for (std::uint64_t T = 1; T < 1000; T += 13) BOOST_TEST(same_bits((*held[k])(T), fs[k](T)));
    const auto again = bandit::detail::thread_count_cache(fs[k]);
    BOOST_TEST((again->function() == fs[k]));
    BOOST_TEST(same_bits((*again)(777), fs[k](777)));
  }
}

BOOST_AUTO_TEST_SUITE_END()

// ---------------------------------------------------------------------------------------------
// lil_width_evaluator: the same bits as the function object, for T in a dense range, at powers of
// two up to 2^62 and at random counts.
BOOST_AUTO_TEST_SUITE(evaluators)

namespace {

template <class F>
void check_evaluator(const F& f, const std::vector<std::uint64_t>& extra) {
  const auto e = f.evaluator();
  for (std::uint64_t T = 1; T <= 3000; ++T)
    if (!same_bits(e(T), f(T))) BOOST_FAIL("T = " << T);
  for (int k = 0; k <= 62; ++k) {
    const std::uint64_t T = std::uint64_t(1) << k;
    for (std::uint64_t u : {T, T + 1, T + 3})
      if (!same_bits(e(u), f(u))) BOOST_FAIL("T = " << u);
  }
  for (std::uint64_t T : extra)
    if (!same_bits(e(T), f(T))) BOOST_FAIL("T = " << T);
}

}  // namespace

RC_BOOST_PROP(bonus_evaluator_is_bit_identical, ()) {
  const auto f = *bonus_gen();
  const auto e = f.evaluator();
  const auto queries = *rc::gen::container<std::vector<std::uint64_t>>(
      rc::gen::oneOf(gen::count(1, 100000), gen::count(1, std::uint64_t(1) << 50)));
  for (std::uint64_t T : queries) RC_ASSERT(same_bits(e(T), f(T)));
  for (std::uint64_t T = 1; T < 200; ++T) RC_ASSERT(same_bits(e(T), f(T)));
}

RC_BOOST_PROP(ls_evaluator_is_bit_identical, ()) {
  const bandit::detail::ls_width f{*gen::one_of(std::vector<double>{0.0, 1e-3, 0.01, 0.5, 0.99}),
                                   *gen::one_of(std::vector<double>{1e-300, 1e-9, 1e-3, 0.5, 0.99}),
                                   *gen::one_of(std::vector<double>{0.25, 0.5, 2.0}),
                                   static_cast<std::size_t>(*gen::count(1, std::uint64_t(1) << 40))};
  const auto e = f.evaluator();
  const auto queries = *rc::gen::container<std::vector<std::uint64_t>>(
      rc::gen::oneOf(gen::count(1, 100000), gen::count(1, std::uint64_t(1) << 50)));
  for (std::uint64_t T : queries) RC_ASSERT(same_bits(e(T), f(T)));
  for (std::uint64_t T = 1; T < 200; ++T) RC_ASSERT(same_bits(e(T), f(T)));
}

// The paper's settings (Section 5 through algorithms.hpp: lil'UCB at nu and nu/2, the heuristic,
// the certified setting with the lemma's inner log) and the edges: the sentinel at T = 1 (eps = 0,
// lemma), a delta so small that log(x/delta) overflows into the alternative formula, a sigma
// so large that the width overflows (the bonus returns it; ls_bound refuses it), and parameters
// outside the domain (the bonus answers +infinity, ls_bound throws).
BOOST_AUTO_TEST_CASE(settings_and_edges) {
  using lilucb::inner_log;
  const std::vector<std::uint64_t> extra{(std::uint64_t(1) << 22) - 1, 20000000, 123456789, std::uint64_t(-1)};
  for (const auto inner : {inner_log::lemma, inner_log::plus2}) {
    check_evaluator(lilucb_bonus{2.0, 0.01, 5.5e-4, 0.5, inner}, extra);
    check_evaluator(lilucb_bonus{1.5, 0.0, 0.02, 0.5, inner}, extra);
    check_evaluator(lilucb_bonus{2.0, 0.01, 6.208e-11, 0.5, inner}, extra);
    check_evaluator(lilucb_bonus{2.0, 0.5, 4.9e-324, 1.0, inner}, extra);  // subnormal delta: x/delta overflows
    check_evaluator(lilucb_bonus{2.0, 0.5, 0.01, 1e306, inner}, extra);     // the width overflows: +infinity
    check_evaluator(lilucb_bonus{2.0, 1.0, 0.01, 0.5, inner}, extra);       // eps outside [0,1): sentinel
    check_evaluator(lilucb_bonus{2.0, 0.01, 0.0, 0.5, inner}, extra);       // delta = 0: sentinel
  }
  const lilucb_bonus undefined_at_one{1.5, 0.0, 0.02, 0.5, inner_log::lemma};
  BOOST_TEST(undefined_at_one.evaluator()(1) == inf);
  for (const std::size_t n : {std::size_t(1), std::size_t(10), std::size_t(10000), std::size_t(1) << 62}) {
    check_evaluator(bandit::detail::ls_width{0.01, bandit::ls_delta_for_share(0.1), 0.5, n}, extra);
    check_evaluator(bandit::detail::ls_width{0.01, 4.9e-324, 0.5, n}, extra);
  }
  // ls_bound refuses (a value past the largest double, eps outside [0,1), n = 0): the evaluator
  // throws the same error; where ls_bound answers, the same bits.
  const std::vector<bandit::detail::ls_width> refused{
      {0.01, 0.1, 1.7e308, 10}, {1.0, 0.1, 0.5, 10}, {0.01, 0.1, 0.5, 0}};
  for (const auto& f : refused) {
    const auto e = f.evaluator();
    for (std::uint64_t T : {std::uint64_t(1), std::uint64_t(1000)}) {
      std::string direct = "no error", evaluated = "no error";
      double vd = 0, ve = 0;
      try { vd = f(T); } catch (const std::exception& x) { direct = x.what(); }
      try { ve = e(T); } catch (const std::exception& x) { evaluated = x.what(); }
      if (T == 1) BOOST_TEST(direct != "no error");
      BOOST_TEST(evaluated == direct);
      BOOST_TEST(same_bits(vd, ve));
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()

// Past the table: the most-pulled arm's count walks up one at a time through several rounds of
// the direct-mapped cache while other counts (below the table's end, past it behind the walk,
// far ahead, and in the walk's own slot) are asked in between, as the LS rule asks for the
// leader's count after every pull.
RC_BOOST_PROP(cache_past_the_table_is_bit_identical, ()) {
  const auto f = *bonus_gen();
  const auto limit = *gen::count(1, 3000);
  constexpr std::uint64_t slots = count_cache<lilucb_bonus>::recent;
  count_cache<lilucb_bonus> cache(f, limit);
  std::uint64_t walk = limit + *gen::count(0, 600);
  const auto steps = *gen::count(1, 3 * slots);
  for (std::uint64_t k = 0; k < steps; ++k) {
    RC_ASSERT(same_bits(cache(walk), f(walk)));
    switch (*gen::count(0, 5)) {
      case 0: {
        const auto T = *gen::count(1, walk);
        RC_ASSERT(same_bits(cache(T), f(T)));
        break;
      }
      case 1: {
        const auto T = walk + *gen::count(0, 3 * slots);
        RC_ASSERT(same_bits(cache(T), f(T)));
        break;
      }
      case 2: {  // the walk's slot, another count: evicts the walk's entry, then asks it again
        const auto T = walk + slots * *gen::count(1, 4);
        RC_ASSERT(same_bits(cache(T), f(T)));
        RC_ASSERT(same_bits(cache(walk), f(walk)));
        break;
      }
      default: break;
    }
    walk += *gen::count(0, 2) ? 1 : *gen::count(0, 600);
  }
}

// ---------------------------------------------------------------------------------------------
// lower_bound(T) <= f(T), with the table's values unchanged, in any order of queries, inside the
// table, at its limit and past it; for the bonus and the LS width.
RC_BOOST_PROP(lower_bound_is_at_most_the_value, ()) {
  const auto f = *bonus_gen();
  const auto limit = *gen::count(1, 5000);
  count_cache<lilucb_bonus> cache(f, limit);
  const auto queries = *rc::gen::container<std::vector<std::uint64_t>>(
      rc::gen::oneOf(gen::count(1, 2 * limit + 2), gen::count(1, 200), gen::count(limit, 65 * limit + 64),
                     gen::count(1, std::uint64_t(1) << 40)));
  for (int pass = 0; pass < 2; ++pass)
    for (std::uint64_t T : queries) {
      const double direct = f(T);
      RC_ASSERT(cache.lower_bound(T) <= direct);
      if (*rc::gen::arbitrary<bool>()) RC_ASSERT(same_bits(cache(T), direct));
    }
}

RC_BOOST_PROP(ls_lower_bound_is_at_most_the_value, ()) {
  const bandit::detail::ls_width f{*gen::one_of(std::vector<double>{0.0, 1e-3, 0.01, 0.5, 0.99}),
                                   *gen::one_of(std::vector<double>{1e-300, 1e-9, 1e-3, 0.5, 0.99}),
                                   *gen::one_of(std::vector<double>{0.25, 0.5, 2.0}),
                                   static_cast<std::size_t>(*gen::count(1, std::uint64_t(1) << 40))};
  count_cache<bandit::detail::ls_width> cache(f, *gen::count(1, 5000));
  const auto queries = *rc::gen::container<std::vector<std::uint64_t>>(gen::count(1, 12000));
  for (std::uint64_t T : queries) {
    RC_ASSERT(cache.lower_bound(T) <= f(T));
    RC_ASSERT(same_bits(cache(T), f(T)));
  }
}

// The certificate itself, densely, for Section 5's settings and edges: from decreasing_from() on,
// every value is at least the values up to 64 counts later times (1 - 2^-40); and the settings
// Section 5 runs are certified from T = 1 or 2 on, so that lower_bound spares most entries.
BOOST_AUTO_TEST_CASE(decreasing_from_certifies_the_margin) {
  using lilucb::inner_log;
  auto check = [](const auto& f, std::uint64_t certified_by) {
    const auto e = f.evaluator();
    const std::uint64_t T0 = e.decreasing_from();
    BOOST_TEST_CONTEXT("T0 = " << T0) {
      if (certified_by) BOOST_TEST((T0 >= 1 && T0 <= certified_by));
      if (T0 == 0) return;
      std::vector<double> v(40000 + 65);
      for (std::uint64_t k = 0; k < v.size(); ++k) v[k] = e(T0 + k);
      for (std::uint64_t k = 0; k + 64 < v.size(); ++k)
        for (std::uint64_t d = 0; d <= 64; ++d)
          if (!(v[k] >= v[k + d] * (1 - 0x1p-40))) BOOST_FAIL("T = " << T0 + k << ", U = " << T0 + k + d);
      // Far out, at a sparser grid.
      for (std::uint64_t T = T0 + 40000; T < (std::uint64_t(1) << 22); T += 997)
        if (!(e(T) >= e(T + 64) * (1 - 0x1p-40))) BOOST_FAIL("T = " << T);
    }
  };
  for (const auto inner : {inner_log::lemma, inner_log::plus2}) {
    check(lilucb_bonus{2.0, 0.01, 5.5e-4, 0.5, inner}, 2);      // lil'UCB (Section 5)
    check(lilucb_bonus{1.5, 0.0, 0.02, 0.5, inner}, 2);         // lil'UCB Heuristic
    check(lilucb_bonus{2.0, 0.01, 6.208e-11, 0.5, inner}, 2);   // certified
    check(lilucb_bonus{2.0, 0.5, 0.9, 3.0, inner}, 0);          // delta near 1
    check(lilucb_bonus{1.0, 0.99, 0.9, 0.5, inner}, 0);
    check(lilucb_bonus{2.0, 0.5, 4.9e-324, 1.0, inner}, 0);     // subnormal delta
  }
  for (const std::size_t n : {std::size_t(1), std::size_t(10001), std::size_t(1) << 40})
    check(bandit::detail::ls_width{0.01, bandit::ls_delta_for_share(0.05), 0.5, n}, 1);
  // Parameters the function answers with its sentinel: no certificate.
  const lilucb_bonus refused{2.0, 1.0, 0.01, 0.5, inner_log::plus2};
  BOOST_TEST(refused.evaluator().decreasing_from() == 0u);
}

// lil'UCB Heuristic's bonus over a dense sweep as the most-pulled arm walks: lower_bound is at
// most the value everywhere and leaves most entries uncomputed (it reads one entry in 64).
BOOST_AUTO_TEST_CASE(lower_bound_dense_sweep) {
  const lilucb_bonus f{1.5, 0.0, 0.02, 0.5, lilucb::inner_log::plus2};
  count_cache<lilucb_bonus> cache(f);
  std::uint64_t inexact = 0;
  for (std::uint64_t T = 1; T <= 300000; ++T) {
    const double lb = cache.lower_bound(T), v = f(T);
    if (!(lb <= v)) BOOST_FAIL("T = " << T);
    inexact += lb != v;
  }
  BOOST_TEST(inexact > 290000u);
  for (std::uint64_t T = 300000; T >= 1; --T)
    if (!same_bits(cache(T), f(T))) BOOST_FAIL("T = " << T);
  // Past a small table (limit 1000): the sparse table of multiples of 64 answers up to
  // sparse_reach (2^28, more than 64 times the limit here), exact values beyond.
  count_cache<lilucb_bonus> small(f, 1000);
  std::uint64_t sparse_answers = 0;
  for (std::uint64_t T = 1000; T <= 70000; ++T) {
    const double lb = small.lower_bound(T), v = f(T);
    if (!(lb <= v)) BOOST_FAIL("past the table: T = " << T);
    sparse_answers += lb != v;
  }
  BOOST_TEST(sparse_answers > 67000u);
  constexpr std::uint64_t reach = count_cache<lilucb_bonus>::sparse_reach;
  for (std::uint64_t T = reach - 300; T <= reach + 300; ++T) {
    const double lb = small.lower_bound(T), v = f(T);
    if (!(lb <= v)) BOOST_FAIL("below the sparse table's reach: T = " << T);
    if (T >= reach - 63 && !same_bits(lb, v)) BOOST_FAIL("past the sparse table: T = " << T);
    if (T < reach - 64 && T % 64 && same_bits(lb, v)) BOOST_FAIL("not read from the sparse table: T = " << T);
  }
  for (std::uint64_t T = 1; T <= 70000; T += 7)
    if (!same_bits(small(T), f(T))) BOOST_FAIL("T = " << T);
}
