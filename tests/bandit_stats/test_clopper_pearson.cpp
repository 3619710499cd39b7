// lilucb/clopper_pearson.hpp (arguments in the order (successes, trials) everywhere): exact one-sided binomial confidence bounds and the binomial test used by
// the bandit error-rate tests.
//
// Reference values: (a) closed forms (X = 0, X = N, N = 2); (b) an independent derivation:
// bisection in cpp_bin_float_50 on the binomial tail summed term by term (no incomplete beta
// function involved); (c) Boost.Math's binomial_distribution<>::find_lower/upper_bound_on_p,
// the documented interface for the same interval.  The coverage statement the error-rate tests
// rely on, P_p(L(X) > p) <= alpha, is checked exactly by summing binomial probabilities.
#include <boost/test/unit_test.hpp>
#include <rapidcheck/boost_test.h>

#include "lilucb/clopper_pearson.hpp"

#include <boost/math/distributions/binomial.hpp>
#include <boost/multiprecision/cpp_bin_float.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <vector>

namespace tt = boost::test_tools;
using lilucb::binomial_critical_count;
using lilucb::binomial_test_rejects;
using lilucb::clopper_pearson_lower;
using lilucb::clopper_pearson_upper;
using mp50 = boost::multiprecision::cpp_bin_float_50;

namespace {

// P_p(X >= x) (upper = true) or P_p(X <= x) (upper = false) for X ~ Binomial(N, p), summed term
// by term from the recurrence t_{k+1} = t_k (N-k)/(k+1) p/q, t_0 = q^N.  Only positive terms are
// added (no cancellation).
mp50 binomial_tail(std::uint64_t N, std::uint64_t x, const mp50& p, bool upper) {
  const mp50 q = 1 - p;
  if (p == 0) return upper ? mp50(x == 0 ? 1 : 0) : mp50(1);
  if (q == 0) return upper ? mp50(1) : mp50(x == N ? 1 : 0);
  mp50 term = pow(q, static_cast<long>(N)), sum = 0;
  const mp50 ratio = p / q;
  for (std::uint64_t k = 0; k <= N; ++k) {
    if ((upper && k >= x) || (!upper && k <= x)) sum += term;
    if (k < N) term *= mp50(N - k) / mp50(k + 1) * ratio;
  }
  return sum;
}

// The p in [0, 1] at which P_p(X >= x) = alpha (lower bound) or P_p(X <= x) = alpha (upper
// bound), by bisection: P_p(X >= x) increases and P_p(X <= x) decreases in p.
double bisection_bound(std::uint64_t N, std::uint64_t x, double alpha, bool lower) {
  mp50 lo = 0, hi = 1;
  const mp50 a = alpha;
  for (int it = 0; it < 130; ++it) {
    const mp50 mid = (lo + hi) / 2;
    const bool above = lower ? binomial_tail(N, x, mid, true) > a : binomial_tail(N, x, mid, false) < a;
    // lower: P_mid(X >= x) > alpha means mid is past the root.  upper: P_mid(X <= x) < alpha too.
    if (above)
      hi = mid;
    else
      lo = mid;
  }
  return static_cast<double>((lo + hi) / 2);
}

// Exact probabilities P_p(L(X) > p) and P_p(U(X) < p): the non-coverage of each bound.
struct non_coverage {
  double lower = 0, upper = 0;
};
non_coverage exact_non_coverage(std::uint64_t N, double p, double alpha) {
  const boost::math::binomial_distribution<double> bin(static_cast<double>(N), p);
  non_coverage r;
  for (std::uint64_t x = 0; x <= N; ++x) {
    const double px = boost::math::pdf(bin, static_cast<double>(x));
    if (clopper_pearson_lower(x, N, alpha) > p) r.lower += px;
    if (clopper_pearson_upper(x, N, alpha) < p) r.upper += px;
  }
  return r;
}

// Bounded doubles from a 53-bit integer draw, full range from the first case (rc::gen::inRange is integer-only).
rc::Gen<double> uniform_open(double lo, double hi) {
  return rc::gen::resize(
      rc::kNominalSize,
      rc::gen::map(rc::gen::inRange<std::uint64_t>(1, std::uint64_t{1} << 53), [lo, hi](std::uint64_t k) {
        const double x = lo + (hi - lo) * std::ldexp(double(k), -53);
        return x > lo && x < hi ? x : (lo + hi) / 2;
      }));
}
rc::Gen<double> log_uniform(double lo, double hi) {
  return rc::gen::map(uniform_open(std::log(lo), std::log(hi)), [](double t) { return std::exp(t); });
}
rc::Gen<std::uint64_t> count(std::uint64_t lo, std::uint64_t hi) {
  return rc::gen::resize(rc::kNominalSize, rc::gen::inRange<std::uint64_t>(lo, hi + 1));
}
rc::Gen<double> alpha_gen() { return rc::gen::elementOf(std::vector<double>{1e-6, 1e-3, 0.05, 0.3}); }

}  // namespace

// ---------------------------------------------------------------------------------------------
BOOST_AUTO_TEST_SUITE(closed_forms)

// X = 0: L = 0 and P_U(X <= 0) = (1-U)^N = alpha, so U = 1 - alpha^(1/N).
// X = N: U = 1 and P_L(X >= N) = L^N = alpha, so L = alpha^(1/N).
BOOST_AUTO_TEST_CASE(no_failures_and_all_failures) {
  for (std::uint64_t N : {1u, 2u, 3u, 10u, 20u, 100u, 1000u, 100000u})
    for (double alpha : {1e-12, 1e-6, 0.01, 0.05, 0.5, 0.9}) {
      BOOST_TEST_CONTEXT("N=" << N << " alpha=" << alpha) {
        const double root = std::pow(alpha, 1.0 / static_cast<double>(N));
        BOOST_TEST(clopper_pearson_lower(0, N, alpha) == 0.0);
        BOOST_TEST(clopper_pearson_upper(0, N, alpha) == -std::expm1(std::log(alpha) / double(N)),
                   tt::tolerance(1e-12));
        BOOST_TEST(clopper_pearson_lower(N, N, alpha) == root, tt::tolerance(1e-12));
        BOOST_TEST(clopper_pearson_upper(N, N, alpha) == 1.0);
      }
    }
}

// N = 1, X = 1: P_L(X >= 1) = L = alpha.  N = 2, X = 1: P_L(X >= 1) = 1 - (1-L)^2 = alpha gives
// L = 1 - sqrt(1 - alpha); P_U(X <= 1) = 1 - U^2 = alpha gives U = sqrt(1 - alpha).
BOOST_AUTO_TEST_CASE(one_and_two_trials) {
  for (double alpha : {1e-9, 1e-6, 0.05, 0.5}) {
    BOOST_TEST_CONTEXT("alpha=" << alpha) {
      BOOST_TEST(clopper_pearson_lower(1, 1, alpha) == alpha, tt::tolerance(1e-13));
      BOOST_TEST(clopper_pearson_upper(0, 1, alpha) == 1 - alpha, tt::tolerance(1e-13));
      BOOST_TEST(clopper_pearson_lower(1, 2, alpha) == -std::expm1(0.5 * std::log1p(-alpha)),
                 tt::tolerance(1e-12));
      BOOST_TEST(clopper_pearson_upper(1, 2, alpha) == std::sqrt(1 - alpha), tt::tolerance(1e-13));
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()

// ---------------------------------------------------------------------------------------------
BOOST_AUTO_TEST_SUITE(independent_values)

// Against bisection on the term-by-term binomial tail in 50 digits.
BOOST_AUTO_TEST_CASE(against_bisection_on_the_binomial_tail) {
  struct nx {
    std::uint64_t N, x;
  };
  const std::vector<nx> grid{{1, 1},   {2, 1},     {3, 2},    {10, 1},     {10, 5},    {10, 9},   {20, 3},
                             {20, 17}, {50, 0},    {60, 12},  {60, 40},    {100, 1},   {100, 50}, {100, 99},
                             {200, 7}, {300, 120}, {1000, 2}, {1000, 500}, {1000, 999}};
  for (const auto& [N, x] : grid)
    for (double alpha : {1e-6, 0.05}) {
      BOOST_TEST_CONTEXT("N=" << N << " x=" << x << " alpha=" << alpha) {
        if (x > 0)
          BOOST_TEST(clopper_pearson_lower(x, N, alpha) == bisection_bound(N, x, alpha, true),
                     tt::tolerance(1e-10));
        if (x < N)
          BOOST_TEST(clopper_pearson_upper(x, N, alpha) == bisection_bound(N, x, alpha, false),
                     tt::tolerance(1e-10));
      }
    }
}

// The bisection itself, on a closed form: N = 2, x = 1.
BOOST_AUTO_TEST_CASE(bisection_reference_is_right) {
  BOOST_TEST(bisection_bound(2, 1, 0.05, true) == 1 - std::sqrt(0.95), tt::tolerance(1e-14));
  BOOST_TEST(bisection_bound(2, 1, 0.05, false) == std::sqrt(0.95), tt::tolerance(1e-14));
  BOOST_TEST(bisection_bound(7, 7, 1e-6, true) == std::pow(1e-6, 1.0 / 7), tt::tolerance(1e-14));
}

// Boost.Math's documented interface for the Clopper-Pearson interval (the brief's
// find_lower_bound_on_p(trials, failures, 1e-6)) gives the same numbers.
BOOST_AUTO_TEST_CASE(matches_boost_binomial_interface) {
  using bd = boost::math::binomial_distribution<double>;
  for (std::uint64_t N : {1u, 5u, 20u, 137u, 1000u})
    for (std::uint64_t x : {0u, 1u, 3u, 19u, 100u, 999u, 1000u}) {
      if (x > N) continue;
      for (double alpha : {1e-6, 0.025}) {
        BOOST_TEST_CONTEXT("N=" << N << " x=" << x << " alpha=" << alpha) {
          BOOST_TEST(clopper_pearson_lower(x, N, alpha) == bd::find_lower_bound_on_p(double(N), double(x), alpha),
                     tt::tolerance(1e-13));
          BOOST_TEST(clopper_pearson_upper(x, N, alpha) == bd::find_upper_bound_on_p(double(N), double(x), alpha),
                     tt::tolerance(1e-13));
        }
      }
    }
}

BOOST_AUTO_TEST_SUITE_END()

// ---------------------------------------------------------------------------------------------
BOOST_AUTO_TEST_SUITE(test_decision)

// The decision and its critical count: L(c) > nu >= L(c - 1).
BOOST_AUTO_TEST_CASE(critical_failures_separate_accept_from_reject) {
  for (std::uint64_t N : {1u, 10u, 20u, 60u, 200u, 1000u})
    for (double nu : {0.0, 0.01, 0.05, 0.2, 0.3, 0.99})
      for (double alpha : {1e-6, 0.05}) {
        BOOST_TEST_CONTEXT("N=" << N << " nu=" << nu << " alpha=" << alpha) {
          const std::uint64_t c = binomial_critical_count(N, nu, alpha);
          if (c <= N) BOOST_TEST(binomial_test_rejects(c, N, nu, alpha));
          if (c >= 1) BOOST_TEST(!binomial_test_rejects(c - 1, N, nu, alpha));
        }
      }
  // nu = 0: a single failure rejects; no failure never does.
  BOOST_TEST(binomial_critical_count(50, 0.0, 1e-6) == 1u);
  // With alpha = 1e-6 one trial can never reject nu >= 1e-6 (L(1 of 1) = alpha).
  BOOST_TEST(binomial_critical_count(1, 0.01, 1e-6) == 2u);
}

// The other critical count: the smallest k whose upper bound reaches p (U(c) >= p > U(c - 1)),
// trials + 1 when none does; and the domain.
BOOST_AUTO_TEST_CASE(critical_count_on_the_upper_bound) {
  for (std::uint64_t N : {1u, 10u, 200u, 1000u})
    for (double p : {0.0, 1e-4, 0.05, 0.5, 1.0})
      for (double alpha : {1e-6, 0.05}) {
        BOOST_TEST_CONTEXT("N=" << N << " p=" << p << " alpha=" << alpha) {
          const std::uint64_t c = binomial_critical_count(N, p, alpha, lilucb::cp_bound::upper_reaches);
          BOOST_TEST(c <= N);  // U(N) = 1 >= p
          BOOST_TEST(clopper_pearson_upper(c, N, alpha) >= p);
          if (c >= 1) BOOST_TEST(clopper_pearson_upper(c - 1, N, alpha) < p);
        }
      }
  const double nan = std::numeric_limits<double>::quiet_NaN();
  BOOST_CHECK_THROW(binomial_critical_count(0, 0.1, 0.05), std::domain_error);
  for (double p : {-0.1, 1.1, nan}) BOOST_CHECK_THROW(binomial_critical_count(10, p, 0.05), std::domain_error);
  for (double alpha : {0.0, 1.0, nan}) BOOST_CHECK_THROW(binomial_critical_count(10, 0.1, alpha), std::domain_error);
}

// The power figures quoted in test_error_rates.cpp: 20 runs all wrong reject nu = 0.3
// (L = 1e-6^(1/20) = 0.501), and 200 runs reject nu = 0.2 from 70 failures on (and 20 runs from 17).
BOOST_AUTO_TEST_CASE(power_figures_used_by_the_error_rate_tests) {
  BOOST_TEST(clopper_pearson_lower(20, 20, 1e-6) == std::pow(1e-6, 0.05), tt::tolerance(1e-12));
  BOOST_TEST(binomial_test_rejects(20, 20, 0.3, 1e-6));
  BOOST_TEST(!binomial_test_rejects(16, 20, 0.3, 1e-6));
  BOOST_TEST(binomial_critical_count(200, 0.2, 1e-6) == 70u);
  BOOST_TEST(binomial_critical_count(20, 0.3, 1e-6) == 17u);
}

BOOST_AUTO_TEST_CASE(invalid_arguments_throw) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  BOOST_CHECK_THROW(clopper_pearson_lower(0, 0, 0.05), std::domain_error);
  BOOST_CHECK_THROW(clopper_pearson_upper(0, 0, 0.05), std::domain_error);
  BOOST_CHECK_THROW(clopper_pearson_lower(6, 5, 0.05), std::domain_error);
  BOOST_CHECK_THROW(clopper_pearson_upper(6, 5, 0.05), std::domain_error);
  for (double alpha : {0.0, 1.0, -0.1, 1.5, nan, std::numeric_limits<double>::infinity()}) {
    BOOST_TEST_CONTEXT("alpha=" << alpha) {
      BOOST_CHECK_THROW(clopper_pearson_lower(2, 5, alpha), std::domain_error);
      BOOST_CHECK_THROW(clopper_pearson_upper(2, 5, alpha), std::domain_error);
    }
  }
  for (double nu : {-0.1, 1.1, nan}) BOOST_CHECK_THROW(binomial_test_rejects(2, 5, nu, 0.05), std::domain_error);
  // Edges that are valid.
  BOOST_CHECK_NO_THROW(clopper_pearson_lower(0, 1, 1e-300));
  BOOST_CHECK_NO_THROW(binomial_test_rejects(5, 5, 1.0, 0.05));
}

BOOST_AUTO_TEST_SUITE_END()

// ---------------------------------------------------------------------------------------------
BOOST_AUTO_TEST_SUITE(properties)

// The statement the error-rate tests rely on, exactly: for every N and p, the lower bound
// exceeds p with probability at most alpha, and the upper bound falls below p with probability
// at most alpha (binomial probabilities summed; 1e-9 relative slack for their rounding).
RC_BOOST_PROP(exact_coverage, ()) {
  const auto N = *count(1, 200);
  const double p = *rc::gen::oneOf(uniform_open(0.0, 1.0), log_uniform(1e-9, 1.0));
  const double alpha = *alpha_gen();
  const auto nc = exact_non_coverage(N, p, alpha);
  RC_LOG() << "P(L > p) = " << nc.lower << ", P(U < p) = " << nc.upper << "\n";
  RC_ASSERT(nc.lower <= alpha * (1 + 1e-9));
  RC_ASSERT(nc.upper <= alpha * (1 + 1e-9));
}

// The bounds are exact, not merely valid: just below L(x) the lower bound's non-coverage is
// P_p(X >= x), which tends to alpha as p -> L(x); a looser (smaller) bound would leave it well
// below alpha.
RC_BOOST_PROP(coverage_is_attained_just_below_the_bound, ()) {
  const auto N = *count(1, 200);
  const auto x = *count(1, N);
  const double alpha = *alpha_gen();
  const double L = clopper_pearson_lower(x, N, alpha);
  const double p = L * (1 - 1e-9);
  const double nc = exact_non_coverage(N, p, alpha).lower;
  RC_LOG() << "L = " << L << ", P(L > p) = " << nc << "\n";
  RC_ASSERT(nc > alpha * 0.999);
  RC_ASSERT(nc <= alpha * (1 + 1e-9));
}

RC_BOOST_PROP(bounds_bracket_the_proportion_and_are_monotone, ()) {
  const auto N = *count(1, 5000);
  const auto x = *count(0, N);
  const double alpha = *rc::gen::oneOf(alpha_gen(), log_uniform(1e-12, 0.5));
  const double L = clopper_pearson_lower(x, N, alpha), U = clopper_pearson_upper(x, N, alpha);
  const double phat = double(x) / double(N);
  RC_ASSERT(0.0 <= L);
  RC_ASSERT(L <= phat);
  RC_ASSERT(phat <= U);
  RC_ASSERT(U <= 1.0);
  if (x < N) {
    RC_ASSERT(clopper_pearson_lower(x + 1, N, alpha) > L);  // more failures: larger bounds
    RC_ASSERT(clopper_pearson_upper(x + 1, N, alpha) > U);
  }
  if (x > 0) RC_ASSERT(clopper_pearson_lower(x, N + 1, alpha) < L);  // more trials, same failures
  if (x > 0) RC_ASSERT(clopper_pearson_lower(x, N, alpha / 2) < L);  // higher confidence: lower
}

BOOST_AUTO_TEST_SUITE_END()
