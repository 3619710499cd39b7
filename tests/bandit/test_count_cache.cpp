// count_cache and thread_count_cache (confidence.hpp): a tabulated f(T) is bit-identical (==,
// and the same bits) to calling f(T), inside the table, at its limit and past it (computed
// directly), whatever the order of the queries; thread_count_cache hands out one table per
// function value per thread.  ucb_width is lilucb::lil_width under policies::return_sentinel:
// its finite values are checked against the same template in cpp_bin_float_50 (the reference
// instantiation; test_finite_lil checks that one against mpmath), its infinities (the
// sentinel where the width is undefined) are pinned by hand.

#include <boost/test/unit_test.hpp>
#include <rapidcheck/boost_test.h>

#include "bandit_support.hpp"

#include "lilucb/bandit/detail/confidence.hpp"
#include "lilucb/ls_bound.hpp"

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

// Every T from 1 to past the default limit's first fill, in order, then backwards.
BOOST_AUTO_TEST_CASE(dense_sweep) {
  const lilucb_bonus f{2.0, 0.01, 1e-3, 0.5, lilucb::inner_log::lemma};
  count_cache<lilucb_bonus> cache(f);
  for (std::uint64_t T = 1; T <= 200000; ++T)
    if (!same_bits(cache(T), f(T))) BOOST_FAIL("T = " << T);
  for (std::uint64_t T = 200000; T >= 1; --T)
    if (!same_bits(cache(T), f(T))) BOOST_FAIL("T = " << T << " (second pass)");
  // Past the default table limit: computed directly, still identical.
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
