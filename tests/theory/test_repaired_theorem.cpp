// Theorem R (docs/repaired-theorem.md, lib/include/lilucb/theory/repaired_theorem.hpp):
// repaired_delta_max, repaired_kappa, repaired_a_min, repaired_failure_bound,
// check_repaired_theorem, and the certified setting that rests on them.
//
// Reference values: (a) tests/reference/reference_values.hpp from make_reference.py (mpmath, an
// independent transcription of docs/repaired-theorem.md: the upper-event sum term by term, the
// binomial blocks with mpmath's generalised binomial); (b) the cpp_bin_float_50 instantiation.
#include <boost/test/unit_test.hpp>
#include <rapidcheck/boost_test.h>

#include "domain_table.hpp"
#include "generators.hpp"
#include "mp50.hpp"
#include "reference_values.hpp"

#include "lilucb/theory/parameters.hpp"
#include "lilucb/theory/repaired_theorem.hpp"
#include "lilucb/theory/theorem.hpp"

#include <cmath>
#include <optional>

// Every case of this file is in the suite repaired_theorem (one executable holds the directory's files).
BOOST_AUTO_TEST_SUITE(repaired_theorem)

namespace tt = boost::test_tools;
namespace ref = lilucb_reference;
using namespace lilucb_test;

BOOST_AUTO_TEST_SUITE(repaired_reference)

BOOST_AUTO_TEST_CASE(failure_bound_a_min_kappa_against_mpmath) {
  for (const auto& c : ref::repaired_cases) {
    BOOST_TEST_CONTEXT("eps=" << c.eps << " beta=" << c.beta << " delta=" << c.delta) {
      const auto f = lilucb::repaired_failure_bound(c.eps, c.delta);
      BOOST_TEST(f.has_value() == !std::isnan(c.failure_bound));
      if (f && !std::isnan(c.failure_bound)) BOOST_TEST(*f == c.failure_bound, tt::tolerance(1e-12));
      BOOST_TEST(lilucb::repaired_a_min(c.beta, c.delta, c.eps) == c.a_min, tt::tolerance(1e-12));
      BOOST_TEST(lilucb::repaired_kappa(c.beta, c.delta, c.eps) == c.kappa, tt::tolerance(1e-12));
      const auto fm = lilucb::repaired_failure_bound(mp50(c.eps), mp50(c.delta));
      BOOST_TEST(fm.has_value() == f.has_value());
      if (fm && c.failure50) check_50_digits(*fm, c.failure50);
    }
  }
}

BOOST_AUTO_TEST_CASE(delta_max_against_mpmath) {
  for (const auto& c : ref::repaired_delta_max_cases)
    BOOST_TEST(lilucb::repaired_delta_max(c.eps) == c.value, tt::tolerance(1e-12));
}

BOOST_AUTO_TEST_CASE(delta_nu_against_mpmath) {
  for (const auto& c : ref::repaired_delta_nu_cases) {
    BOOST_TEST_CONTEXT("nu=" << c.nu << " eps=" << c.eps) {
      const auto r = lilucb::certified_setting(c.nu, c.eps, 1.0);
      BOOST_TEST(r.delta_nu.has_value() == !std::isnan(c.delta_nu));
      if (r.delta_nu && !std::isnan(c.delta_nu)) BOOST_TEST(*r.delta_nu == c.delta_nu, tt::tolerance(1e-10));
    }
  }
}

BOOST_AUTO_TEST_CASE(double_against_50_digits_on_a_grid) {
  for (double eps : {0.001, 0.01, 0.1, 0.5, 0.9})
    for (double frac : {1e-200, 1e-20, 1e-6, 1e-3, 0.1, 0.5, 0.9}) {
      const double delta = frac * lilucb::repaired_delta_max(eps);
      BOOST_TEST_CONTEXT("eps=" << eps << " delta=" << delta) {
        const auto f = lilucb::repaired_failure_bound(eps, delta);
        const auto m = lilucb::repaired_failure_bound(mp50(eps), mp50(delta));
        BOOST_TEST(f.has_value() == m.has_value());
        if (f && m) BOOST_TEST(*f == to_double(*m), tt::tolerance(1e-12));
        BOOST_TEST(lilucb::repaired_a_min(1.0, delta, eps) ==
                       to_double(lilucb::repaired_a_min(mp50(1.0), mp50(delta), mp50(eps))),
                   tt::tolerance(1e-12));
      }
    }
}

BOOST_AUTO_TEST_SUITE_END()

// ---------------------------------------------------------------------------------------------
BOOST_AUTO_TEST_SUITE(repaired_properties)

// The repaired failure bound increases with delta.
RC_BOOST_PROP(failure_bound_monotone_in_delta, ()) {
  const double eps = *gen::log_uniform(1e-3, 0.99);
  const double dmax = lilucb::repaired_delta_max(eps);
  const double f1 = *gen::log_uniform(1e-30, 0.999);
  const double f2 = *gen::log_uniform(1e-30, 0.999);
  const double d1 = std::min(f1, f2) * dmax, d2 = std::max(f1, f2) * dmax;
  RC_PRE(d1 < d2);
  const auto b1 = lilucb::repaired_failure_bound(eps, d1);
  const auto b2 = lilucb::repaired_failure_bound(eps, d2);
  if (b2) {
    RC_ASSERT(b1.has_value());
    RC_ASSERT(*b1 <= *b2);
  }
}

// The repaired a_min is at least the stated a_min (the repair only strengthens the condition).
RC_BOOST_PROP(repaired_a_min_at_least_stated, ()) {
  const double eps = *gen::log_uniform(1e-3, 0.99);
  const double beta = *gen::log_uniform(1e-2, 1e2);
  const double delta = *gen::log_uniform(1e-300, 0.999) * lilucb::repaired_delta_max(eps);
  const auto stated = lilucb::a_min(beta, delta);
  RC_ASSERT(stated.has_value());
  RC_ASSERT(lilucb::repaired_a_min(beta, delta, eps) >= *stated);
  // and at least the proof's form with rho delta (F4), which the repair contains
  const auto proof = lilucb::a_min_proof(beta, delta, eps);
  RC_ASSERT(proof.has_value());
  RC_ASSERT(lilucb::repaired_a_min(beta, delta, eps) >= *proof);
}

// The certified setting: its repaired failure bound is <= nu (and equal to nu within 1e-12 relative
// when nu limits delta), a = repaired a_min, delta in the repaired range, guarantees_nu.
RC_BOOST_PROP(certified_setting_rests_on_theorem_r, ()) {
  const double nu = *gen::log_uniform(1e-12, 0.99);
  const double eps = *gen::log_uniform(1e-3, 0.9);
  const double beta = *gen::log_uniform(0.1, 10.0);
  const auto r = lilucb::certified_setting(nu, eps, beta);
  const auto& s = r.setting;
  RC_ASSERT(s.repaired.holds());
  RC_ASSERT(s.guarantees_nu());
  RC_ASSERT(s.a == lilucb::repaired_a_min(beta, s.delta, eps));
  const auto f = lilucb::repaired_failure_bound(eps, s.delta);
  RC_ASSERT(f.has_value());
  RC_ASSERT(*f <= nu);
  if (r.limited_by_nu) {
    RC_ASSERT(std::fabs(*f - nu) <= 1e-12 * nu);
    RC_ASSERT(s.delta == *r.delta_nu);
  } else {
    RC_ASSERT(s.delta == r.delta_opt);
  }
  if (r.delta_nu) {
    const auto fn = lilucb::repaired_failure_bound(eps, *r.delta_nu);
    RC_ASSERT(fn.has_value());
    RC_ASSERT(*fn <= nu);
    RC_ASSERT(std::fabs(*fn - nu) <= 1e-12 * nu);
  }
  // delta_opt minimises (1 + a) log(1/delta): no better at 0.9x or 1.1x (where in range).
  const double h = lilucb::repaired_sample_factor(beta, r.delta_opt, eps);
  RC_ASSERT(h <= lilucb::repaired_sample_factor(beta, 0.9 * r.delta_opt, eps));
  if (1.1 * r.delta_opt < lilucb::repaired_delta_max(eps))
    RC_ASSERT(h <= lilucb::repaired_sample_factor(beta, 1.1 * r.delta_opt, eps));
}

BOOST_AUTO_TEST_CASE(setting_nu_0_1) {
  // The main job's example (lilucb params --nu 0.1): the stated-theorem setting (delta = 2.764e-7, a = 12.199) does not meet
  // Theorem R; the certified one does.
  const auto st = lilucb::stated_theorem_setting(0.1, 0.01, 1.0).setting;
  BOOST_TEST(st.delta == 2.76449e-7, tt::tolerance(1e-5));
  BOOST_TEST(st.a == 12.199, tt::tolerance(1e-4));
  BOOST_TEST(st.meets_stated_theorem_nu());
  BOOST_TEST(!st.guarantees_nu());
  BOOST_TEST(st.repaired.a_min.has_value());
  BOOST_TEST(*st.repaired.a_min > st.a);
  const auto c = lilucb::certified_setting(0.1, 0.01, 1.0);
  BOOST_TEST(c.setting.guarantees_nu());
  BOOST_TEST(c.certificate == lilucb::repaired_certificate);
  const auto m = lilucb::certified_setting(mp50(0.1), mp50(0.01), mp50(1.0));
  // delta is delta_opt here, a minimiser found by Brent to about sqrt(machine epsilon) relative in
  // log delta (docs/theory.md, Optimal beta): delta agrees to ~|log delta| 2^-26 ~ 4e-7; the
  // minimised value is flat there, so the sample factor agrees to 1e-12.
  BOOST_TEST(!c.limited_by_nu);
  BOOST_TEST(c.setting.delta == to_double(m.setting.delta), tt::tolerance(1e-6));
  BOOST_TEST(lilucb::repaired_sample_factor(1.0, c.setting.delta, 0.01) ==
                 to_double(lilucb::repaired_sample_factor(mp50(1.0), m.setting.delta, mp50(0.01))),
             tt::tolerance(1e-12));
}

BOOST_AUTO_TEST_CASE(check_repaired_theorem_logic) {
  const double eps = 0.01, beta = 1.0, delta = 1e-8;
  const double am = lilucb::repaired_a_min(beta, delta, eps);
  BOOST_TEST(lilucb::check_repaired_theorem(eps, beta, delta, am).holds());
  BOOST_TEST(!lilucb::check_repaired_theorem(eps, beta, delta, std::nextafter(am, 0.0)).holds());
  BOOST_TEST(!lilucb::check_repaired_theorem(eps, beta, lilucb::repaired_delta_max(eps), 1e9).holds());
  BOOST_TEST(!lilucb::check_repaired_theorem(0.0, beta, delta, 1e9).holds());
  BOOST_TEST(!lilucb::check_repaired_theorem(eps, 0.0, delta, 1e9).holds());
  BOOST_CHECK_THROW(lilucb::check_repaired_theorem(kNaN, beta, delta, am), lilucb::domain_error);
}

BOOST_AUTO_TEST_SUITE_END()

// ---------------------------------------------------------------------------------------------
BOOST_AUTO_TEST_SUITE(repaired_domains)

BOOST_AUTO_TEST_CASE(repaired_delta_max_domain) {
  domain_table<1> t{"lilucb::repaired_delta_max", {"eps"}, {0.5},
                    {{0, 0.0}, {0, 1.0}, {0, -kTiny}, {0, up(1.0)}},
                    {{1e-150}, {down(1.0)}}};
  check_domain_table(t, [](const auto& a) { return lilucb::repaired_delta_max(a[0]); });
}

BOOST_AUTO_TEST_CASE(repaired_failure_bound_domain) {
  const double dmax = lilucb::repaired_delta_max(0.5);
  domain_table<2> t{"lilucb::repaired_failure_bound", {"eps", "delta"}, {0.5, 1e-6},
                    {{0, 0.0}, {0, 1.0}, {0, -kTiny}, {1, 0.0}, {1, -kTiny}, {1, dmax}, {1, up(dmax)}, {1, 1.0}},
                    {{0.5, 1e-300}, {0.5, down(dmax)}, {1e-3, 1e-20}, {down(1.0), 1e-6}}};
  check_domain_table(t, [](const auto& a) { return lilucb::repaired_failure_bound(a[0], a[1]); });
}

BOOST_AUTO_TEST_CASE(repaired_a_min_domain) {
  const double dmax = lilucb::repaired_delta_max(0.01);
  domain_table<3> t{"lilucb::repaired_a_min", {"beta", "delta", "eps"}, {1.0, 1e-8, 0.01},
                    {{0, 0.0}, {0, -1.0}, {1, 0.0}, {1, dmax}, {1, 0.5}, {2, 0.0}, {2, 1.0}},
                    {{1e-3, 1e-8, 0.01}, {1e3, 1e-8, 0.01}, {1.0, 1e-300, 0.01}, {1.0, down(dmax) * (1 - 1e-9), 0.01}}};
  check_domain_table(t, [](const auto& a) { return lilucb::repaired_a_min(a[0], a[1], a[2]); });
}

BOOST_AUTO_TEST_CASE(certified_setting_domain) {
  domain_table<3> t{"lilucb::certified_setting", {"nu", "eps", "beta"}, {0.1, 0.01, 1.0},
                    {{0, 0.0}, {0, 1.0}, {0, -0.1}, {1, 0.0}, {1, 1.0}, {2, 0.0}, {2, -1.0}},
                    {{1e-12, 0.01, 1.0}, {down(1.0), 0.01, 1.0}, {0.1, 1e-3, 1.0}, {0.1, 0.9, 1.0}, {0.1, 0.01, 1e-2}}};
  check_domain_table(t, [](const auto& a) { return lilucb::certified_setting(a[0], a[1], a[2]); });
}

// Extreme valid arguments: a certified setting, or a domain_error naming the parameter.
BOOST_AUTO_TEST_CASE(certified_setting_extremes) {
  auto clean = [](auto f, const std::string& parameter) {
    try {
      const auto r = f();
      return r.setting.delta > 0 && r.setting.guarantees_nu();
    } catch (const lilucb::domain_error& e) {
      return e.function() == "lilucb::certified_setting" && e.parameter() == parameter;
    }
  };
  BOOST_TEST(clean([] { return lilucb::certified_setting(0.1, kTiny, 1.0); }, "eps"));
  BOOST_TEST(clean([] { return lilucb::certified_setting(kTiny, 0.5, 1.0); }, "nu"));
  BOOST_TEST(clean([] { return lilucb::certified_setting(1e-160, 0.5, 1.0); }, "nu"));
  BOOST_TEST(clean([] { return lilucb::certified_setting(0.1, 0.5, kTiny); }, "beta"));
  BOOST_TEST(clean([] { return lilucb::certified_setting(0.1, 1e-100, 1.0); }, "eps"));
  BOOST_TEST(clean([] { return lilucb::certified_setting(0.1, 0.5, kMax); }, "beta"));
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE_END()  // repaired_theorem
