// Theorem th:lilucb and Lemmas lem:1, lem:2: rho, gamma, exploration_ratio, kappa,
// a_min_denominator, a_min, a_min_proof, theorem_failure_bound, lemma2_success_probability,
// lemma1_success_probability, check_theorem.
//
// Reference values: (a) the cpp_bin_float_50 instantiation over grids, (b)
// tests/reference/reference_values.hpp from tests/reference/make_reference.py (mpmath).
#include <boost/test/unit_test.hpp>
#include <rapidcheck/boost_test.h>

#include "domain_table.hpp"
#include "generators.hpp"
#include "mp50.hpp"
#include "reference_values.hpp"

#include "lilucb/theory/finite_lil.hpp"
#include "lilucb/theory/theorem.hpp"

#include <boost/math/constants/constants.hpp>
#include <boost/math/special_functions/log1p.hpp>

#include <cmath>
#include <limits>
#include <optional>

// Every case of this file is in the suite theorem (one executable holds the directory's files).
BOOST_AUTO_TEST_SUITE(theorem)

namespace tt = boost::test_tools;
namespace ref = lilucb_reference;
using namespace lilucb_test;

namespace {


// A double optional against a 50-digit optional: both empty, or both set and within tol.
void check_optional(const std::optional<double>& d, const std::optional<mp50>& m, double tol) {
  BOOST_TEST(d.has_value() == m.has_value());
  if (d && m) BOOST_TEST(*d == to_double(*m), tt::tolerance(tol));
}

// Against an independent reference, where NaN (kNone) stands for nullopt.
void check_optional(const std::optional<double>& d, double expected, double tol) {
  BOOST_TEST(d.has_value() == !std::isnan(expected));
  if (d && !std::isnan(expected)) BOOST_TEST(*d == expected, tt::tolerance(tol));
}

constexpr double kEpsGrid[] = {1e-12, 1e-6, 1e-3, 0.01, 0.1, 0.5, 0.9, 0.9999999999999999};
constexpr double kBetaGrid[] = {1e-3, 0.5, 1.0, 1.66, 2.0, 1e3};
// Deltas away from the zero of the a_min denominator (~0.1405); delta near 1 is in
// known_library_bugs.
constexpr double kDeltaGrid[] = {1e-300, 1e-100, 1e-20, 1e-10, 1e-6, 1e-4, 1e-2, 0.1, 0.5, 0.9};

}  // namespace

// ---------------------------------------------------------------------------------------------
BOOST_AUTO_TEST_SUITE(reference_50_digits)

BOOST_AUTO_TEST_CASE(rho_gamma_exploration_ratio) {
  for (double eps : kEpsGrid) {
    BOOST_TEST_CONTEXT("eps=" << eps) {
      BOOST_TEST(lilucb::rho(eps) == to_double(lilucb::rho(mp50(eps))), tt::tolerance(1e-12));
      for (double beta : kBetaGrid)
        BOOST_TEST(lilucb::gamma(beta, eps) == to_double(lilucb::gamma(mp50(beta), mp50(eps))),
                   tt::tolerance(1e-12));
    }
  }
  for (double beta : {1e-100, 1e-6, 0.5, 1.0, 1.66, 1e6, 1e100})
    BOOST_TEST(lilucb::exploration_ratio(beta) == to_double(lilucb::exploration_ratio(mp50(beta))),
               tt::tolerance(1e-12));
}

BOOST_AUTO_TEST_CASE(kappa_and_a_min) {
  for (double delta : kDeltaGrid) {
    BOOST_TEST_CONTEXT("delta=" << delta) {
      BOOST_TEST(lilucb::a_min_denominator(delta) == to_double(lilucb::a_min_denominator(mp50(delta))),
                 tt::tolerance(1e-12));
      for (double beta : kBetaGrid) {
        BOOST_TEST_CONTEXT("beta=" << beta) {
          BOOST_TEST(lilucb::kappa(beta, delta) == to_double(lilucb::kappa(mp50(beta), mp50(delta))),
                     tt::tolerance(1e-12));
          check_optional(lilucb::a_min(beta, delta), lilucb::a_min(mp50(beta), mp50(delta)), 1e-12);
          for (double eps : kEpsGrid) {
            BOOST_TEST_CONTEXT("eps=" << eps) {
              check_optional(lilucb::a_min_proof(beta, delta, eps),
                             lilucb::a_min_proof(mp50(beta), mp50(delta), mp50(eps)), 1e-12);
            }
          }
        }
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(failure_and_success_probabilities) {
  int vacuous = 0, proper = 0;
  for (double eps : kEpsGrid)
    for (double delta : kDeltaGrid) {
      BOOST_TEST_CONTEXT("eps=" << eps << " delta=" << delta) {
        const auto fb = lilucb::theorem_failure_bound(eps, delta);
        check_optional(fb, lilucb::theorem_failure_bound(mp50(eps), mp50(delta)), 1e-12);
        check_optional(lilucb::lemma2_success_probability(eps, delta),
                       lilucb::lemma2_success_probability(mp50(eps), mp50(delta)), 1e-12);
        check_optional(lilucb::lemma1_success_probability(eps, delta),
                       lilucb::lemma1_success_probability(mp50(eps), mp50(delta)), 1e-12);
        (fb ? proper : vacuous)++;
      }
    }
  // The grid covers both outcomes.
  BOOST_TEST(vacuous > 10);
  BOOST_TEST(proper > 10);
}

BOOST_AUTO_TEST_SUITE_END()

// ---------------------------------------------------------------------------------------------
BOOST_AUTO_TEST_SUITE(reference_independent)

BOOST_AUTO_TEST_CASE(rho_values) {
  for (const auto& c : ref::rho_cases) {
    BOOST_TEST_CONTEXT("eps=" << c.eps) {
      BOOST_TEST(lilucb::rho(c.eps) == c.value, tt::tolerance(1e-12));
      check_50_digits(lilucb::rho(mp50(c.eps)), c.value50);
    }
  }
}

BOOST_AUTO_TEST_CASE(gamma_values) {
  for (const auto& c : ref::gamma_cases) {
    BOOST_TEST_CONTEXT("beta=" << c.beta << " eps=" << c.eps) {
      BOOST_TEST(lilucb::gamma(c.beta, c.eps) == c.value, tt::tolerance(1e-12));
      check_50_digits(lilucb::gamma(mp50(c.beta), mp50(c.eps)), c.value50);
    }
  }
  // Hand-checkable: gamma(1, eps -> 0) -> 2 * 9 = 18; ((2+beta)/beta)^2 at beta = 1, 2, 0.5.
  BOOST_TEST(lilucb::gamma(1.0, 1e-300) == 18.0, tt::tolerance(1e-14));
  BOOST_TEST(lilucb::exploration_ratio(1.0) == 9.0);
  BOOST_TEST(lilucb::exploration_ratio(2.0) == 4.0);
  BOOST_TEST(lilucb::exploration_ratio(0.5) == 25.0);
}

BOOST_AUTO_TEST_CASE(kappa_and_a_min_values) {
  int infeasible = 0;
  for (const auto& c : ref::a_min_cases) {
    BOOST_TEST_CONTEXT("beta=" << c.beta << " delta=" << c.delta) {
      BOOST_TEST(lilucb::kappa(c.beta, c.delta) == c.kappa, tt::tolerance(1e-12));
      check_50_digits(lilucb::kappa(mp50(c.beta), mp50(c.delta)), c.kappa50);
      BOOST_TEST(lilucb::a_min_denominator(c.delta) == c.denominator, tt::tolerance(1e-12));
      check_optional(lilucb::a_min(c.beta, c.delta), c.a_min, 1e-12);
      infeasible += std::isnan(c.a_min);
    }
  }
  BOOST_TEST(infeasible >= 1);
}

BOOST_AUTO_TEST_CASE(a_min_proof_values) {
  for (const auto& c : ref::a_min_proof_cases) {
    BOOST_TEST_CONTEXT("beta=" << c.beta << " delta=" << c.delta << " eps=" << c.eps) {
      check_optional(lilucb::a_min_proof(c.beta, c.delta, c.eps), c.value, 1e-12);
    }
  }
}

BOOST_AUTO_TEST_CASE(failure_bound_and_success_values) {
  for (const auto& c : ref::theorem_cases) {
    BOOST_TEST_CONTEXT("eps=" << c.eps << " delta=" << c.delta) {
      check_optional(lilucb::theorem_failure_bound(c.eps, c.delta), c.failure_bound, 1e-12);
      check_optional(lilucb::lemma2_success_probability(c.eps, c.delta), c.lemma2_success, 1e-12);
      check_optional(lilucb::lemma1_success_probability(c.eps, c.delta), c.lemma1_success, 1e-12);
    }
  }
}

// check_theorem on Section 5's lil'UCB setting for nu = 0.1 (eps = 0.01, beta = 1, a = 9,
// delta from the reference script): delta is in range, a = 9 < a_min ~ 17.47, rho delta ~ 2.31
// >= 1 so the failure bound is vacuous.
BOOST_AUTO_TEST_CASE(check_theorem_on_paper_setting) {
  const auto& c = ref::paper_setting_cases[0];
  BOOST_TEST(c.nu == 0.1);
  BOOST_TEST(c.delta < c.delta_max);
  BOOST_TEST(c.a_min > 9.0);
  BOOST_TEST(c.rho_delta >= 1.0);
  const auto r = lilucb::check_theorem(0.01, 1.0, c.delta, 9.0);
  BOOST_TEST(r.eps_in_range);
  BOOST_TEST(r.beta_in_range);
  BOOST_TEST(r.delta_in_range);
  BOOST_TEST(r.delta_max == c.delta_max, tt::tolerance(1e-12));
  BOOST_TEST_REQUIRE(r.a_min.has_value());
  BOOST_TEST(*r.a_min == c.a_min, tt::tolerance(1e-12));
  BOOST_TEST(!r.a_sufficient);
  BOOST_TEST(!r.failure_bound.has_value());
  BOOST_TEST(!r.satisfies_theorem());
  // With a = a_min (rounded up) every hypothesis holds, although the bound stays vacuous.
  const auto s = lilucb::check_theorem(0.01, 1.0, c.delta, c.a_min * (1 + 1e-12));
  BOOST_TEST(s.a_sufficient);
  BOOST_TEST(s.satisfies_theorem());
  BOOST_TEST(!s.failure_bound.has_value());
}

BOOST_AUTO_TEST_SUITE_END()

// ---------------------------------------------------------------------------------------------
BOOST_AUTO_TEST_SUITE(properties)

rc::Gen<double> any_delta() {
  return rc::gen::oneOf(gen::small_or_uniform(1.0), gen::log_uniform(1e-300, 1.0));
}

RC_BOOST_PROP(a_min_is_at_least_exploration_ratio, ()) {
  const double beta = *gen::log_uniform(1e-3, 1e3);
  const double delta = *any_delta();
  const auto a = lilucb::a_min(beta, delta);
  const double c = ((2 + beta) / beta) * ((2 + beta) / beta);
  if (a) {
    RC_ASSERT(std::isfinite(*a));
    RC_ASSERT(*a >= c);
  }
  // The denominator decides feasibility.
  RC_ASSERT(a.has_value() == (lilucb::a_min_denominator(delta) > 0));
}

// The proof's condition uses delta' = rho delta > delta: it is stronger than the statement's.
RC_BOOST_PROP(a_min_proof_exceeds_a_min, ()) {
  const double beta = *gen::log_uniform(1e-3, 1e3);
  const double delta = *any_delta();
  const double eps = *gen::uniform_open(0.0, 1.0);
  const auto p = lilucb::a_min_proof(beta, delta, eps);
  if (p) {
    const auto a = lilucb::a_min(beta, delta);
    RC_ASSERT(a.has_value());
    RC_ASSERT(*p >= *a);
  }
}

RC_BOOST_PROP(rho_decreases_in_eps, ()) {
  const double e1 = *gen::uniform_open(0.0, 1.0);
  const double e2 = e1 + (1 - e1) * *gen::uniform_open(1e-9, 1.0);
  RC_PRE(e2 < 1.0);
  RC_ASSERT(lilucb::rho(e2) < lilucb::rho(e1));
}

// The theorem's failure bound increases in delta and exceeds Lemma lem:2's failure
// probability sqrt(rho d) + 2 rho d/(1 - rho d) (it adds Lemma lem:1's 2 rho d).
RC_BOOST_PROP(failure_bound_monotone_and_above_lemma2, ()) {
  const double eps = *gen::uniform_open(0.0, 1.0);
  const double d1 = *any_delta();
  const double d2 = d1 * (1 + *gen::log_uniform(1e-6, 1e3));
  RC_PRE(d2 < 1.0);
  const auto b1 = lilucb::theorem_failure_bound(eps, d1);
  const auto b2 = lilucb::theorem_failure_bound(eps, d2);
  if (b2) {
    RC_ASSERT(b1.has_value());
    RC_ASSERT(*b1 < *b2);
  }
  if (b1) {
    const auto s = lilucb::lemma2_success_probability(eps, d1);
    RC_ASSERT(s.has_value());
    // s is a number near 1 rounded to double: absolute error up to ~2 ulp(1)/2.
    RC_ASSERT(*b1 >= (1 - *s) - 2.3e-16);
  }
}

// No NaN, no negative or > 1 probability on any valid input.
RC_BOOST_PROP(no_nan_no_negative_probability, ()) {
  const double eps = *rc::gen::oneOf(gen::uniform_open(0.0, 1.0), gen::log_uniform(1e-100, 1.0));
  const double beta = *gen::log_uniform(1e-3, 1e3);
  const double delta = *any_delta();
  const double r = lilucb::rho(eps);
  RC_ASSERT(std::isfinite(r));
  RC_ASSERT(r > 0);
  const double g = lilucb::gamma(beta, eps);
  RC_ASSERT(std::isfinite(g));
  RC_ASSERT(g > 0);
  RC_ASSERT(std::isfinite(lilucb::kappa(beta, delta)));
  RC_ASSERT(std::isfinite(lilucb::a_min_denominator(delta)));
  for (const auto& p : {lilucb::theorem_failure_bound(eps, delta),
                        lilucb::lemma2_success_probability(eps, delta),
                        lilucb::lemma1_success_probability(eps, delta)}) {
    if (p) {
      RC_ASSERT(std::isfinite(*p));
      RC_ASSERT(*p >= 0);
      RC_ASSERT(*p <= 1);
    }
  }
  const auto a = lilucb::a_min_proof(beta, delta, eps);
  if (a) RC_ASSERT(std::isfinite(*a));
}

// check_theorem never throws for finite input, and its flags are the theorem's hypotheses.
RC_BOOST_PROP(check_theorem_flags, ()) {
  const double eps = *gen::uniform_open(-0.5, 1.5);
  const double beta = *gen::uniform_open(-1.0, 5.0);
  const double delta = *rc::gen::oneOf(gen::uniform_open(-0.2, 1.2), gen::small_or_uniform(0.3));
  const double a = *gen::uniform_open(-10.0, 1000.0);
  const auto r = lilucb::check_theorem(eps, beta, delta, a);
  RC_ASSERT(r.eps_in_range == (eps > 0 && eps < 1));
  RC_ASSERT(r.beta_in_range == (beta > 0));
  const double cap = r.eps_in_range ? std::log1p(eps) / boost::math::constants::e<double>() : 0.0;
  if (r.eps_in_range) RC_ASSERT(std::fabs(r.delta_max - cap) <= 1e-15 * cap);
  // Away from the cap by more than rounding, delta_in_range is 0 < delta < log(1+eps)/e.
  if (std::fabs(delta - cap) > 1e-14 * cap)
    RC_ASSERT(r.delta_in_range == (r.eps_in_range && delta > 0 && delta < cap));
  if (r.a_min) RC_ASSERT(r.a_sufficient == (a >= *r.a_min));
  else RC_ASSERT(!r.a_sufficient);
  RC_ASSERT(r.a_min.has_value() == (beta > 0 && delta > 0 && delta < 1 && lilucb::a_min_denominator(delta) > 0));
  RC_ASSERT(r.satisfies_theorem() ==
            (r.eps_in_range && r.beta_in_range && r.delta_in_range && r.a_sufficient));
  if (r.failure_bound) {
    RC_ASSERT(r.eps_in_range);
    RC_ASSERT(*r.failure_bound < 1);
  }
}

BOOST_AUTO_TEST_SUITE_END()

// ---------------------------------------------------------------------------------------------
BOOST_AUTO_TEST_SUITE(domain)

BOOST_AUTO_TEST_CASE(rho_domain) {
  domain_table<1> t{"lilucb::rho", {"eps"}, {0.5},
                    {{0, 0.0}, {0, 1.0}, {0, -kTiny}, {0, up(1.0)}, {0, -0.5}},
                    {{1e-150}, {down(1.0)}}};
  check_domain_table(t, [](const auto& a) { return lilucb::rho(a[0]); });
}

BOOST_AUTO_TEST_CASE(gamma_domain) {
  domain_table<2> t{"lilucb::gamma", {"beta", "eps"}, {1.0, 0.5},
                    {{0, 0.0}, {0, -kTiny}, {0, -1.0}, {1, 0.0}, {1, 1.0}, {1, -kTiny}, {1, up(1.0)}},
                    {{kTiny, 0.5}, {1e150, 0.5}, {1.0, kTiny}, {1.0, down(1.0)}}};
  check_domain_table(t, [](const auto& a) { return lilucb::gamma(a[0], a[1]); });
}

BOOST_AUTO_TEST_CASE(exploration_ratio_domain) {
  domain_table<1> t{"lilucb::exploration_ratio", {"beta"}, {1.0},
                    {{0, 0.0}, {0, -kTiny}, {0, -1.0}},
                    {{1e-150}, {kMax}}};
  check_domain_table(t, [](const auto& a) { return lilucb::exploration_ratio(a[0]); });
}

// The lower delta edge is tested at 1e-300 (c/delta stays finite); smaller deltas are in
// known_library_bugs.
BOOST_AUTO_TEST_CASE(kappa_domain) {
  domain_table<2> t{"lilucb::kappa", {"beta", "delta"}, {1.0, 0.1},
                    {{0, 0.0}, {0, -kTiny}, {0, -1.0}, {1, 0.0}, {1, 1.0}, {1, -kTiny}, {1, up(1.0)}},
                    {{1e-100, 0.1}, {kMax, 0.1}, {1.0, 1e-300}, {1.0, down(1.0)}}};
  check_domain_table(t, [](const auto& a) { return lilucb::kappa(a[0], a[1]); });
}

BOOST_AUTO_TEST_CASE(a_min_denominator_domain) {
  domain_table<1> t{"lilucb::a_min_denominator", {"delta"}, {0.1},
                    {{0, 0.0}, {0, 1.0}, {0, -kTiny}, {0, up(1.0)}},
                    {{std::numeric_limits<double>::min()}, {down(1.0)}}};
  check_domain_table(t, [](const auto& a) { return lilucb::a_min_denominator(a[0]); });
}

BOOST_AUTO_TEST_CASE(a_min_domain) {
  domain_table<2> t{"lilucb::a_min", {"beta", "delta"}, {1.0, 0.01},
                    {{0, 0.0}, {0, -kTiny}, {0, -1.0}, {1, 0.0}, {1, 1.0}, {1, -kTiny}, {1, up(1.0)}},
                    {{1e-100, 0.01}, {kMax, 0.01}, {1.0, 1e-300}, {1.0, down(1.0)}}};
  check_domain_table(t, [](const auto& a) { return lilucb::a_min(a[0], a[1]); });
  // Feasible at the small end, infeasible at the large end.
  BOOST_TEST(lilucb::a_min(1.0, 1e-300).has_value());
  BOOST_TEST(!lilucb::a_min(1.0, down(1.0)).has_value());
}

BOOST_AUTO_TEST_CASE(a_min_proof_domain) {
  domain_table<3> t{"lilucb::a_min_proof", {"beta", "delta", "eps"}, {1.0, 1e-6, 0.5},
                    {{0, 0.0}, {0, -kTiny}, {1, 0.0}, {1, 1.0}, {1, -kTiny}, {2, 0.0}, {2, 1.0}, {2, -kTiny}},
                    {{1e-100, 1e-6, 0.5}, {kMax, 1e-6, 0.5}, {1.0, 1e-300, 0.5}, {1.0, down(1.0), 0.5},
                     {1.0, 1e-6, kTiny}, {1.0, 1e-6, down(1.0)}}};
  check_domain_table(t, [](const auto& a) { return lilucb::a_min_proof(a[0], a[1], a[2]); });
}

template <class F>
void check_eps_delta_probability(const std::string& fn, F f) {
  domain_table<2> t{fn, {"eps", "delta"}, {0.5, 1e-4},
                    {{0, 0.0}, {0, 1.0}, {0, -kTiny}, {0, up(1.0)}, {1, 0.0}, {1, 1.0}, {1, -kTiny}, {1, up(1.0)}},
                    {{kTiny, 1e-4}, {down(1.0), 1e-4}, {0.5, kTiny}, {0.5, down(1.0)}}};
  check_domain_table(t, f);
}

BOOST_AUTO_TEST_CASE(probability_domains) {
  check_eps_delta_probability("lilucb::theorem_failure_bound",
                              [](const auto& a) { return lilucb::theorem_failure_bound(a[0], a[1]); });
  check_eps_delta_probability("lilucb::lemma2_success_probability",
                              [](const auto& a) { return lilucb::lemma2_success_probability(a[0], a[1]); });
  check_eps_delta_probability("lilucb::lemma1_success_probability",
                              [](const auto& a) { return lilucb::lemma1_success_probability(a[0], a[1]); });
}

// check_theorem reports rather than throws: only non-finite arguments throw.
BOOST_AUTO_TEST_CASE(check_theorem_domain) {
  domain_table<4> t{"lilucb::check_theorem", {"eps", "beta", "delta", "a"}, {0.01, 1.0, 1e-4, 20.0},
                    {},
                    {{0.0, 1.0, 1e-4, 20.0}, {1.0, 1.0, 1e-4, 20.0}, {-3.0, 1.0, 1e-4, 20.0},
                     {0.01, 0.0, 1e-4, 20.0}, {0.01, -2.0, 1e-4, 20.0}, {0.01, 1.0, 0.0, 20.0},
                     {0.01, 1.0, 1.0, 20.0}, {0.01, 1.0, -1.0, 20.0}, {0.01, 1.0, 2.0, 20.0},
                     {0.01, 1.0, 1e-4, 0.0}, {0.01, 1.0, 1e-4, -kMax}, {kMax, kMax, kMax, kMax}}};
  check_domain_table(t, [](const auto& a) {
    const auto r = lilucb::check_theorem(a[0], a[1], a[2], a[3]);
    return std::isfinite(r.delta_max) && (!r.a_min || std::isfinite(*r.a_min)) ? 0.0 : kNaN;
  });
  // Each edge of each hypothesis.
  // The exact double the library compares against (same expression as lil_delta_max).
  const double cap = boost::math::log1p(0.01) / boost::math::constants::e<double>();
  BOOST_TEST(!lilucb::check_theorem(0.0, 1.0, 1e-4, 20.0).eps_in_range);
  BOOST_TEST(!lilucb::check_theorem(1.0, 1.0, 1e-4, 20.0).eps_in_range);
  BOOST_TEST(lilucb::check_theorem(down(1.0), 1.0, 1e-4, 20.0).eps_in_range);
  BOOST_TEST(lilucb::check_theorem(kTiny, 1.0, 1e-300, 20.0).eps_in_range);
  BOOST_TEST(!lilucb::check_theorem(0.01, 0.0, 1e-4, 20.0).beta_in_range);
  BOOST_TEST(lilucb::check_theorem(0.01, kTiny, 1e-4, 20.0).beta_in_range);
  BOOST_TEST(!lilucb::check_theorem(0.01, 1.0, 0.0, 20.0).delta_in_range);
  BOOST_TEST(lilucb::check_theorem(0.01, 1.0, kTiny, 20.0).delta_in_range);
  BOOST_TEST(!lilucb::check_theorem(0.01, 1.0, cap, 20.0).delta_in_range);
  BOOST_TEST(!lilucb::check_theorem(0.01, 1.0, up(cap), 20.0).delta_in_range);
  BOOST_TEST(lilucb::check_theorem(0.01, 1.0, down(cap), 20.0).delta_in_range);
  BOOST_TEST(!lilucb::check_theorem(0.5, 1.0, 0.2, 1e9).delta_in_range);  // log(1.5)/e = 0.149
  // a_sufficient at a = a_min exactly and one ulp below.
  const double am = *lilucb::a_min(1.0, 1e-4);
  BOOST_TEST(lilucb::check_theorem(0.01, 1.0, 1e-4, am).a_sufficient);
  BOOST_TEST(!lilucb::check_theorem(0.01, 1.0, 1e-4, down(am)).a_sufficient);
}

BOOST_AUTO_TEST_SUITE_END()

// ---------------------------------------------------------------------------------------------
// Regression tests for library defects found by this suite (now fixed).
BOOST_AUTO_TEST_SUITE(fixed_library_bugs)

// kappa computes log(c/delta) and log(1/delta), a_min_denominator log(1/d): for subnormal
// (or, for c/delta, near-subnormal) delta the ratio overflows to inf.  kappa then returns
// inf or NaN (inf/inf), a_min_denominator returns -inf, and a_min reports "infeasible"
// although the true a_min(1, delta) is about 9.09 and feasible.  log(c) - log(delta) and
// -log(delta) would not overflow.
BOOST_AUTO_TEST_CASE(tiny_delta_overflow) {
  const double dmin = std::numeric_limits<double>::min();
  BOOST_TEST(std::isfinite(lilucb::kappa(1.0, dmin)));    // inf
  BOOST_TEST(!std::isnan(lilucb::kappa(1.0, kTiny)));     // NaN
  BOOST_TEST(std::isfinite(lilucb::a_min_denominator(kTiny)));  // -inf
  const auto a = lilucb::a_min(1.0, kTiny);               // nullopt
  BOOST_TEST(a.has_value());
  const auto r = lilucb::check_theorem(0.5, 1.0, kTiny, 10.0);
  BOOST_TEST(r.a_sufficient);                              // a = 10 >= a_min ~ 9.09
}

// log(1/delta) for delta near 1 rounds 1/delta first: relative error ~1e-16/(1 - delta)
// (2e-11 at delta = 1 - 1e-6); -log(delta) is accurate.  Affects kappa and a_min_denominator.
BOOST_AUTO_TEST_CASE(delta_near_one_accuracy) {
  const double delta = 1 - 1e-6;
  BOOST_TEST(lilucb::kappa(1.0, delta) == to_double(lilucb::kappa(mp50(1), mp50(delta))),
             tt::tolerance(1e-12));
  BOOST_TEST(lilucb::a_min_denominator(delta) == to_double(lilucb::a_min_denominator(mp50(delta))),
             tt::tolerance(1e-12));
}

BOOST_AUTO_TEST_SUITE_END()

// ---------------------------------------------------------------------------------------------
// Valid numbers whose gamma would overflow: gamma(beta, eps) is refused past
// gamma_beta_max = sqrt(max/16) - 2, naming beta and that range; up to it it is finite.
BOOST_AUTO_TEST_SUITE(overflow_refused)

BOOST_AUTO_TEST_CASE(gamma_beta_range) {
  const double bmax = lilucb::gamma_beta_max<double>();
  // The derivation's bound, computed independently in 50 digits: sqrt(DBL_MAX/16) - 2.
  BOOST_TEST(bmax == to_double(mp50(sqrt(mp50(kMax) / 16) - 2)), tt::tolerance(1e-15));
  // Finite at the edge for every eps, including eps just below 1 where (1+sqrt(eps))^2 (1+eps) -> 8.
  for (double eps : {1e-300, 0.01, 0.5, down(1.0)}) {
    BOOST_TEST_CONTEXT("eps = " << eps) {
      double g = kNaN;
      BOOST_CHECK_NO_THROW(g = lilucb::gamma(bmax, eps));
      BOOST_TEST(std::isfinite(g));
    }
  }
  for (double beta : {up(bmax), 1e300, kMax}) {
    BOOST_TEST_CONTEXT("beta = " << beta) {
      BOOST_CHECK_EXCEPTION(lilucb::gamma(beta, 0.5), lilucb::domain_error,
                            (names_parameter{"lilucb::gamma", "beta"}));
    }
  }
  try {
    lilucb::gamma(1e300, 0.01);
    BOOST_ERROR("gamma(1e300, 0.01) did not throw");
  } catch (const lilucb::domain_error& e) {
    BOOST_TEST(e.admissible().find("3.35195e+153") != std::string::npos, e.admissible());
  }
  // The range is not needlessly tight: 1% past it, the exact gamma at eps near 1 exceeds DBL_MAX.
  BOOST_TEST((lilucb::gamma(mp50(mp50(bmax) * mp50("1.01")), mp50(down(1.0))) > mp50(kMax)));
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE_END()  // theorem
