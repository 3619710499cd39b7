// Section 5's LIL stopping (LS) rule: ls_bound (B_{i,T}), ls_failure_probability,
// ls_failure_probability_union, ls_delta_for_failure_probability.
//
// Reference values: (a) the cpp_bin_float_50 instantiation over a grid, (b)
// tests/reference/reference_values.hpp from tests/reference/make_reference.py (mpmath).
#include <boost/test/unit_test.hpp>
#include <rapidcheck/boost_test.h>

#include "domain_table.hpp"
#include "generators.hpp"
#include "mp50.hpp"
#include "reference_values.hpp"

#include "lilucb/theory/finite_lil.hpp"
#include "lilucb/theory/ls_bound.hpp"


#include <cmath>
#include <cstdint>
#include <limits>
#include <utility>

// Every case of this file is in the suite ls_bound (one executable holds the directory's files).
BOOST_AUTO_TEST_SUITE(ls_bound)

namespace tt = boost::test_tools;
namespace ref = lilucb_reference;
using lilucb::inner_log;
using namespace lilucb_test;

namespace {
constexpr std::uint64_t kMaxN = std::numeric_limits<std::uint64_t>::max();
}  // namespace

// ---------------------------------------------------------------------------------------------
BOOST_AUTO_TEST_SUITE(reference_50_digits)

BOOST_AUTO_TEST_CASE(ls_bound_grid) {
  for (double T : {1.0, 2.0, 1e3, 1e9, 1e100})
    for (double eps : {0.0, 1e-3, 0.1, 0.5, 0.99})
      for (double delta : {1e-12, 1e-3, 0.1, 0.9})
        for (double sigma : {0.5, 2.0})
          for (std::uint64_t n : {std::uint64_t{1}, std::uint64_t{2}, std::uint64_t{1000},
                                  std::uint64_t{1} << 40}) {
            BOOST_TEST_CONTEXT("T=" << T << " eps=" << eps << " delta=" << delta << " sigma="
                                    << sigma << " n=" << n) {
              const mp50 b = lilucb::ls_bound(mp50(T), mp50(eps), mp50(delta), mp50(sigma), n);
              BOOST_TEST(lilucb::ls_bound(T, eps, delta, sigma, n) == to_double(b),
                         tt::tolerance(1e-12));
            }
          }
}

BOOST_AUTO_TEST_CASE(failure_probabilities_grid) {
  for (double eps : {1e-6, 1e-3, 0.01, 0.1, 0.5, 0.999})
    for (double delta : {1e-300, 1e-12, 1e-3, 0.1, 0.5, 0.999}) {
      BOOST_TEST_CONTEXT("eps=" << eps << " delta=" << delta) {
        BOOST_TEST(lilucb::ls_failure_probability(eps, delta) ==
                       to_double(lilucb::ls_failure_probability(mp50(eps), mp50(delta))),
                   tt::tolerance(1e-12));
        for (std::uint64_t n : {std::uint64_t{1}, std::uint64_t{7}, std::uint64_t{1} << 40})
          BOOST_TEST(lilucb::ls_failure_probability_union(eps, delta, n) ==
                         to_double(lilucb::ls_failure_probability_union(mp50(eps), mp50(delta), n)),
                     tt::tolerance(1e-12));
        BOOST_TEST(lilucb::ls_delta_for_failure_probability(eps, delta) ==
                       to_double(lilucb::ls_delta_for_failure_probability(mp50(eps), mp50(delta))),
                   tt::tolerance(1e-12));
      }
    }
}

BOOST_AUTO_TEST_SUITE_END()

// ---------------------------------------------------------------------------------------------
BOOST_AUTO_TEST_SUITE(reference_independent)

BOOST_AUTO_TEST_CASE(ls_bound_values) {
  for (const auto& c : ref::ls_bound_cases) {
    BOOST_TEST_CONTEXT("T=" << c.T << " eps=" << c.eps << " delta=" << c.delta << " n=" << c.n) {
      BOOST_TEST(lilucb::ls_bound(c.T, c.eps, c.delta, c.sigma, c.n) == c.value, tt::tolerance(1e-12));
      check_50_digits(lilucb::ls_bound(mp50(c.T), mp50(c.eps), mp50(c.delta), mp50(c.sigma), c.n), c.value50);
    }
  }
}

BOOST_AUTO_TEST_CASE(failure_probability_values) {
  for (const auto& c : ref::ls_failure_cases) {
    BOOST_TEST_CONTEXT("eps=" << c.eps << " delta=" << c.delta << " n=" << c.n) {
      BOOST_TEST(lilucb::ls_failure_probability(c.eps, c.delta) == c.stated, tt::tolerance(1e-12));
      BOOST_TEST(lilucb::ls_failure_probability_union(c.eps, c.delta, c.n) == c.union_sum,
                 tt::tolerance(1e-12));
    }
  }
}

// The LS rule's delta for a share p of the error probability inverts the stated probability.
BOOST_AUTO_TEST_CASE(delta_for_failure_probability_values) {
  for (const auto& c : ref::lil_delta_for_p_cases) {
    if (c.inner != 1) continue;  // the LS rule uses the footnote's form
    BOOST_TEST_CONTEXT("eps=" << c.eps << " p=" << c.p) {
      BOOST_TEST(lilucb::ls_delta_for_failure_probability(c.eps, c.p) == c.delta, tt::tolerance(1e-12));
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()

// ---------------------------------------------------------------------------------------------
BOOST_AUTO_TEST_SUITE(properties)

// B_{i,T} is Lemma lem:lil's width (footnote form) at delta/(2n): ls_bound.hpp's own claim,
// computed along a different path.
RC_BOOST_PROP(ls_bound_is_lil_width_at_delta_over_2n, ()) {
  const double T = *gen::log_uniform(1.0, 1e15);
  const double eps = *gen::uniform_closed_open(0.0, 1.0);
  const double delta = *gen::small_or_uniform(1.0);
  const double sigma = *gen::log_uniform(1e-3, 1e3);
  const std::uint64_t n = *gen::arms();
  const double b = lilucb::ls_bound(T, eps, delta, sigma, n);
  const double w = lilucb::lil_width(T, eps, delta / (2 * static_cast<double>(n)), sigma, inner_log::plus2);
  RC_ASSERT(std::fabs(b - w) <= 1e-12 * w);
}

RC_BOOST_PROP(ls_bound_monotone, ()) {
  const double T = *gen::log_uniform(1.0, 1e15);
  const double eps = *gen::uniform_closed_open(0.0, 1.0);
  const double delta = *gen::small_or_uniform(1.0);
  const std::uint64_t n = *gen::arms();
  const double b = lilucb::ls_bound(T, eps, delta, 1.0, n);
  RC_ASSERT(std::isfinite(b));
  RC_ASSERT(b > 0);
  // Decreasing in T: B^2 is proportional to L(T)/T with L = log(2n log((1+eps)T + 2)/delta)
  // > log(2 log 3) = 0.79, and T L'(T) = x/((x+2) log(x+2)) <= 0.38 for x = (1+eps)T >= 1,
  // so (L/T)' = (T L' - L)/T^2 < 0.
  RC_ASSERT(lilucb::ls_bound(T * (1 + *gen::log_uniform(1e-6, 1e3)), eps, delta, 1.0, n) < b);
  // Increasing in n, decreasing in delta.
  RC_ASSERT(lilucb::ls_bound(T, eps, delta, 1.0, n + 1) > b);
  const double d2 = delta * (1 - *gen::uniform_open(1e-6, 1.0));
  RC_ASSERT(lilucb::ls_bound(T, eps, d2, 1.0, n) > b);
}

// The union over 2n events, each at delta/(2n), sums to (2n)^-eps times the stated
// probability, so it is never above it.  eps >= 1e-12: there the margin 1 - (2n)^-eps >= 6.9e-13
// exceeds the rounding error of either side (~1e-15).
RC_BOOST_PROP(union_sum_is_below_stated_probability, ()) {
  const double eps = *rc::gen::oneOf(gen::uniform_open(0.0, 1.0), gen::log_uniform(1e-12, 1.0));
  const double delta = *gen::small_or_uniform(1.0);
  const std::uint64_t n = *gen::arms();
  const double stated = lilucb::ls_failure_probability(eps, delta);
  const double u = lilucb::ls_failure_probability_union(eps, delta, n);
  RC_ASSERT(std::isfinite(u));
  RC_ASSERT(u >= 0);
  RC_ASSERT(u <= stated);
  const double expected = std::pow(2 * static_cast<double>(n), -eps) * stated;
  RC_ASSERT(std::fabs(u - expected) <= 1e-12 * expected);
}

RC_BOOST_PROP(delta_for_failure_probability_inverts, ()) {
  const double eps = *rc::gen::oneOf(gen::uniform_open(0.0, 1.0), gen::log_uniform(1e-6, 1.0));
  const double p = *gen::small_or_uniform(1.0);
  const double delta = lilucb::ls_delta_for_failure_probability(eps, p);
  RC_ASSERT(delta > 0);
  RC_ASSERT(delta < 1);
  const double back = lilucb::ls_failure_probability(eps, delta);
  RC_ASSERT(std::fabs(back - p) <= 1e-12 * p);
}

BOOST_AUTO_TEST_SUITE_END()

// ---------------------------------------------------------------------------------------------
BOOST_AUTO_TEST_SUITE(domain)

// The lower delta edge is tested at 1e-300 (2n inner/delta stays finite for n <= 1000);
// smaller deltas are in known_library_bugs.
BOOST_AUTO_TEST_CASE(bound) {
  domain_table<4> table{
      "lilucb::ls_bound",
      {"T", "eps", "delta", "sigma"},
      {10.0, 0.5, 0.1, 1.0},
      {{0, 0.0}, {0, down(1.0)}, {0, -1.0},
       {1, -kTiny}, {1, 1.0}, {1, -0.5}, {1, 2.0},
       {2, 0.0}, {2, 1.0}, {2, -kTiny}, {2, up(1.0)},
       {3, 0.0}, {3, -kTiny}, {3, -1.0}},
      {{1.0, 0.5, 0.1, 1.0}, {kMax, 0.5, 0.1, 1.0}, {10.0, 0.0, 0.1, 1.0}, {10.0, down(1.0), 0.1, 1.0},
       {10.0, 0.5, down(1.0), 1.0}, {1.0, 0.5, 1e-300, 1.0}, {10.0, 0.5, 0.1, kTiny},
       {10.0, 0.5, 0.1, 1e300}}};
  for (std::uint64_t n : {std::uint64_t{1}, std::uint64_t{1000}})
    check_domain_table(table, [n](const auto& a) { return lilucb::ls_bound(a[0], a[1], a[2], a[3], n); });
  // n: [1, 2^64).
  BOOST_CHECK_EXCEPTION(lilucb::ls_bound(10.0, 0.5, 0.1, 1.0, 0), lilucb::domain_error,
                        (names_parameter{"lilucb::ls_bound", "n"}));
  BOOST_TEST(std::isfinite(lilucb::ls_bound(10.0, 0.5, 0.1, 1.0, kMaxN)));
  BOOST_TEST(std::isfinite(lilucb::ls_bound(10.0, 0.5, 0.1, 1.0, 1)));
}

BOOST_AUTO_TEST_CASE(failure_probability) {
  domain_table<2> table{"lilucb::ls_failure_probability",
                        {"eps", "delta"},
                        {0.5, 0.5},
                        {{0, 0.0}, {0, 1.0}, {0, -kTiny}, {1, 0.0}, {1, 1.0}, {1, -kTiny}, {1, up(1.0)}},
                        {{1e-150, 1e-160}, {down(1.0), 0.5}, {0.5, kTiny}, {0.5, down(1.0)}}};
  check_domain_table(table, [](const auto& a) { return lilucb::ls_failure_probability(a[0], a[1]); });
}

BOOST_AUTO_TEST_CASE(failure_probability_union) {
  // The lower delta edge is tested at 1e-300; subnormal deltas are in known_library_bugs.
  domain_table<2> table{"lilucb::ls_failure_probability_union",
                        {"eps", "delta"},
                        {0.5, 0.5},
                        {{0, 0.0}, {0, 1.0}, {0, -kTiny}, {1, 0.0}, {1, 1.0}, {1, -kTiny}, {1, up(1.0)}},
                        {{1e-150, 1e-160}, {down(1.0), 0.5}, {0.5, 1e-300}, {0.5, down(1.0)}}};
  for (std::uint64_t n : {std::uint64_t{1}, kMaxN})
    check_domain_table(table, [n](const auto& a) { return lilucb::ls_failure_probability_union(a[0], a[1], n); });
  BOOST_CHECK_EXCEPTION(lilucb::ls_failure_probability_union(0.5, 0.5, 0), lilucb::domain_error,
                        (names_parameter{"lilucb::ls_failure_probability_union", "n"}));
}

// The function forwards to lil_delta_for_failure_probability, whose name the error carries
// (see known_library_bugs); here only the parameter is checked.
BOOST_AUTO_TEST_CASE(delta_for_failure_probability) {
  domain_table<2> table{"",
                        {"eps", "p"},
                        {0.5, 0.5},
                        {{0, 0.0}, {0, 1.0}, {0, -kTiny}, {1, 0.0}, {1, 1.0}, {1, -kTiny}, {1, up(1.0)}},
                        {{kTiny, 0.5}, {down(1.0), 0.5}, {0.5, kTiny}, {0.5, down(1.0)}}};
  check_domain_table(table, [](const auto& a) { return lilucb::ls_delta_for_failure_probability(a[0], a[1]); });
}

BOOST_AUTO_TEST_SUITE_END()

// ---------------------------------------------------------------------------------------------
// Regression tests for library defects found by this suite (now fixed).
BOOST_AUTO_TEST_SUITE(fixed_library_bugs)

// log(2 n inner/delta) overflows when 2 n inner/delta > DBL_MAX (large n, small delta): the
// bound itself is about 80 here.  log(2n) + log(inner) - log(delta) would not overflow.
BOOST_AUTO_TEST_CASE(large_n_small_delta_overflows) {
  BOOST_TEST(std::isfinite(lilucb::ls_bound(1.0, 0.5, 1e-300, 1.0, kMaxN)));
  BOOST_TEST(std::isfinite(lilucb::ls_bound(1.0, 0.5, kTiny, 1.0, 1)));
}

// For a subnormal delta, delta/(2n) underflows to 0 and the inner call
// lil_failure_probability(eps, 0, plus2) throws "lilucb::lil_failure_probability: delta = 0 is
// outside the admissible range", although delta is valid; the value (which underflows to 0)
// should be returned.
BOOST_AUTO_TEST_CASE(union_subnormal_delta_throws) {
  for (const auto& [delta, n] : {std::pair{kTiny, std::uint64_t{1}}, std::pair{1e-320, std::uint64_t{1} << 40}}) {
    double u = -1;
    BOOST_CHECK_NO_THROW(u = lilucb::ls_failure_probability_union(0.5, delta, n));
    BOOST_TEST(u == 0.0);
  }
}

// ls_delta_for_failure_probability forwards to lil_delta_for_failure_probability without
// checking its arguments, so its errors name lilucb::lil_delta_for_failure_probability, not the
// function the user called (errors.hpp: the error names the function).
BOOST_AUTO_TEST_CASE(delta_for_failure_probability_error_names_callee) {
  BOOST_CHECK_EXCEPTION(lilucb::ls_delta_for_failure_probability(0.5, 1.0), lilucb::domain_error,
                        (names_parameter{"lilucb::ls_delta_for_failure_probability", "p"}));
  BOOST_CHECK_EXCEPTION(lilucb::ls_delta_for_failure_probability(0.0, 0.5), lilucb::domain_error,
                        (names_parameter{"lilucb::ls_delta_for_failure_probability", "eps"}));
}

BOOST_AUTO_TEST_SUITE_END()

// Valid numbers whose width would overflow: ls_bound is lil_width's formula, and a
// sigma past max_real / (value at sigma = 1) is refused naming sigma.
BOOST_AUTO_TEST_SUITE(overflow_refused)

BOOST_AUTO_TEST_CASE(sigma_past_the_largest_width) {
  const double w1 = lilucb::ls_bound(1.0, 0.01, 0.05, 1.0, 1000);
  const double inside = 0.999 * (kMax / w1);
  BOOST_TEST(lilucb::ls_bound(1.0, 0.01, 0.05, inside, 1000) == inside * w1, boost::test_tools::tolerance(1e-14));
  BOOST_CHECK_EXCEPTION(lilucb::ls_bound(1.0, 0.01, 0.05, kMax, 1000), lilucb::domain_error,
                        (names_parameter{"lilucb::ls_bound", "sigma"}));
  BOOST_TEST(std::isinf(lilucb::ls_bound(1.0, 0.01, 0.05, kMax, 1000, lilucb::policies::return_sentinel{})));
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE_END()  // ls_bound
