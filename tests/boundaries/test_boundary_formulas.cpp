// Boundary formulas (lib/include/lilucb/boundaries): polynomial stitching, normal mixtures,
// Kaufmann & Koolen's Gaussian GLR threshold and the heuristic threshold, linear boundaries,
// the finite-LIL tail, and the run-time family interface.
//
// Reference values: boundary_reference_values.hpp, written by
// tests/reference/make_boundary_reference.py (mpmath, 50 digits, an independent derivation:
// mixtures as integrals, C_G by root-finding on the derivative, Brownian tails by quadrature).
// The double code is checked to 1e-12 relative (root-finders to 1e-10), the cpp_bin_float_50
// instantiation to 1e-40.
#include <boost/test/unit_test.hpp>
#include <rapidcheck/boost_test.h>

#include "boundary_reference_values.hpp"
#include "domain_table.hpp"
#include "mp50.hpp"

#include "lilucb/boundaries.hpp"

#include <cmath>
#include <cstdint>

// Every case of this file is in the suite boundary_formulas (one executable holds the directory's files).
BOOST_AUTO_TEST_SUITE(boundary_formulas)

namespace tt = boost::test_tools;
namespace ref = lilucb_boundary_reference;
using namespace lilucb::boundaries;
using namespace lilucb_test;

namespace {
// A double in [lo, hi] from a 64-bit draw (rc::gen::inRange is integer-only; the whole range from
// the first case).
rc::Gen<double> in_range(double lo, double hi) {
  return rc::gen::resize(rc::kNominalSize, rc::gen::map(rc::gen::arbitrary<std::uint64_t>(), [lo, hi](std::uint64_t w) {
    return lo + (hi - lo) * (static_cast<double>(w >> 11) * 0x1.0p-53);
  }));
}
rc::Gen<double> log_range(double lo, double hi) {
  return rc::gen::map(in_range(std::log(lo), std::log(hi)), [](double x) { return std::exp(x); });
}
mixture_sides side(bool two) { return two ? mixture_sides::two_sided : mixture_sides::one_sided; }
}  // namespace

BOOST_AUTO_TEST_SUITE(reference_50_digits)

BOOST_AUTO_TEST_CASE(stitched_radius_matches_reference) {
  for (const auto& r : ref::stitched) {
    BOOST_TEST_CONTEXT("v = " << r.v << ", alpha = " << r.alpha << ", eta = " << r.eta << ", s = " << r.s
                              << ", m = " << r.m << ", c = " << r.c) {
      BOOST_TEST(stitched_radius(r.v, r.alpha, r.eta, r.s, r.m, r.c) == r.radius, tt::tolerance(1e-12));
      check_50_digits(stitched_radius(mp50(r.v), mp50(r.alpha), mp50(r.eta), mp50(r.s), mp50(r.m), mp50(r.c)),
                      r.radius50);
    }
  }
}

BOOST_AUTO_TEST_CASE(mixture_radius_matches_reference) {
  for (const auto& r : ref::mixture) {
    BOOST_TEST_CONTEXT("v = " << r.v << ", alpha = " << r.alpha << ", two-sided = " << r.two_sided) {
      const double rho = normal_mixture_rho(r.v_opt, r.alpha_opt, side(r.two_sided));
      BOOST_TEST(rho == r.rho, tt::tolerance(1e-13));
      BOOST_TEST(normal_mixture_radius(r.v, r.alpha, rho, side(r.two_sided)) == r.radius, tt::tolerance(1e-12));
      const mp50 rho50 = normal_mixture_rho(mp50(r.v_opt), mp50(r.alpha_opt), side(r.two_sided));
      check_50_digits(normal_mixture_radius(mp50(r.v), mp50(r.alpha), rho50, side(r.two_sided)), r.radius50);
    }
  }
}

BOOST_AUTO_TEST_CASE(mixture_tail_matches_reference) {
  for (const auto& r : ref::mixture_tail) {
    BOOST_TEST_CONTEXT("v_T = " << r.vT << ", alpha = " << r.alpha << ", two-sided = " << r.two_sided) {
      const double rho = normal_mixture_rho(r.v_opt, r.alpha, side(r.two_sided));
      BOOST_TEST(normal_mixture_tail_probability(r.vT, r.alpha, rho, side(r.two_sided)) == r.tail, tt::tolerance(1e-10));
    }
  }
}

BOOST_AUTO_TEST_CASE(kaufmann_koolen_calibration_matches_reference) {
  for (const auto& r : ref::calibration_gaussian) {
    BOOST_TEST_CONTEXT("x = " << r.x) {
      BOOST_TEST(kk_calibration_gaussian(r.x) == r.value, tt::tolerance(1e-12));
      check_50_digits(kk_calibration_gaussian(mp50(r.x)), r.value50);
    }
  }
}

BOOST_AUTO_TEST_CASE(glr_thresholds_match_reference) {
  for (const auto& r : ref::glr) {
    BOOST_TEST_CONTEXT("t = " << r.t << ", delta = " << r.delta << ", K = " << r.K) {
      BOOST_TEST(glr_threshold_gaussian(r.t, r.delta, r.K) == r.value, tt::tolerance(1e-12));
      BOOST_TEST(glr_threshold_heuristic(r.t, r.delta) == r.heuristic, tt::tolerance(1e-14));
    }
  }
}

BOOST_AUTO_TEST_CASE(linear_bounds_match_reference) {
  for (const auto& r : ref::linear_tail) {
    BOOST_TEST_CONTEXT("T = " << r.T << ", a = " << r.a << ", b = " << r.b << ", sigma = " << r.sigma) {
      BOOST_TEST(linear_tail_probability(r.T, r.a, r.b, r.sigma) == r.tail, tt::tolerance(1e-11));
      BOOST_TEST(brownian_linear_crossing_probability(r.a, r.b, r.sigma) == r.brownian, tt::tolerance(1e-14));
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(properties)

// u >= 0, finite, increasing in t (v) and decreasing in alpha, for every family.
RC_BOOST_PROP(stitched_monotone, ()) {
  const double v = *log_range(1e-3, 1e12), alpha = *log_range(1e-12, 0.99), c = *in_range(0, 3);
  const double eta = *in_range(1.05, 5), s = *in_range(1.05, 3), m = *log_range(1e-2, 1e2);
  const double u = stitched_radius(v, alpha, eta, s, m, c);
  RC_ASSERT(std::isfinite(u) && u > 0);
  RC_ASSERT(stitched_radius(v * 1.5, alpha, eta, s, m, c) >= u);
  RC_ASSERT(stitched_radius(v, alpha / 2, eta, s, m, c) > u);
}

RC_BOOST_PROP(mixture_monotone, (bool two)) {
  const double v = *log_range(1e-3, 1e10), alpha = *log_range(1e-12, 0.45), v_opt = *log_range(1, 1e6);
  const double rho = normal_mixture_rho(v_opt, alpha, side(two));
  const double u = normal_mixture_radius(v, alpha, rho, side(two));
  RC_ASSERT(std::isfinite(u) && u > 0);
  RC_ASSERT(normal_mixture_radius(v * 1.5, alpha, rho, side(two)) > u);
  RC_ASSERT(normal_mixture_radius(v, alpha / 2, rho, side(two)) > u);
  // The root really solves log M(u, v) = log(1/alpha).
  RC_ASSERT(std::abs(normal_mixture_log_supermartingale(u, v, rho, side(two)) + std::log(alpha)) < 1e-9 * (1 - std::log(alpha)));
}

RC_BOOST_PROP(one_sided_mixture_below_two_sided_at_double_alpha, ()) {
  // The one-sided mixture at alpha is the two-sided one's sibling: M_one >= M_two at s >= 0
  // (half the prior mass doubled), so its radius at alpha is at most the two-sided radius at
  // alpha with the same rho... checked as u_one(alpha) <= u_two(alpha).
  const double v = *log_range(1e-2, 1e8), alpha = *log_range(1e-10, 0.45), rho = *log_range(1e-2, 1e4);
  RC_ASSERT(normal_mixture_radius(v, alpha, rho, mixture_sides::one_sided) <=
            normal_mixture_radius(v, alpha, rho, mixture_sides::two_sided) * (1 + 1e-12));
}

RC_BOOST_PROP(glr_threshold_monotone, ()) {
  const double t = *log_range(1, 1e12), delta = *log_range(1e-12, 0.99), K = *in_range(2, 1e4);
  const double b = glr_threshold_gaussian(t, delta, K);
  RC_ASSERT(std::isfinite(b) && b > 0);
  RC_ASSERT(glr_threshold_gaussian(t * 2, delta, K) > b);
  RC_ASSERT(glr_threshold_gaussian(t, delta / 2, K) > b);
  RC_ASSERT(glr_threshold_heuristic(t, delta) > 0);
  RC_ASSERT(glr_threshold_heuristic(t, delta / 2) > glr_threshold_heuristic(t, delta));
}

// C_G(x) is a minimum: no point of a dense scan of (1/2, 1) is below it.
RC_BOOST_PROP(calibration_gaussian_is_the_minimum, ()) {
  const double x = *log_range(1e-3, 1e3);
  const double c = kk_calibration_gaussian(x);
  for (int k = 1; k < 2000; ++k) {
    const double l = 0.5 + 0.5 * k / 2000.0;
    RC_ASSERT((kk_g_gaussian(l) + x) / l >= c - 1e-12 * std::abs(c));
  }
}

RC_BOOST_PROP(tails_are_probabilities_and_shrink, ()) {
  const double T = *log_range(1, 1e8), alpha = *log_range(1e-9, 0.45);
  const double st = stitched_tail_probability(T, alpha, 2.0, 1.4, 1.0);
  RC_ASSERT(st > 0 && st <= alpha);
  RC_ASSERT(stitched_tail_probability(T * 4, alpha, 2.0, 1.4, 1.0) <= st);
  const double rho = normal_mixture_rho(100.0, alpha, mixture_sides::one_sided);
  const double mt = normal_mixture_tail_probability(T, alpha, rho, mixture_sides::one_sided);
  RC_ASSERT(mt > 0 && mt <= 1);
}

BOOST_AUTO_TEST_CASE(stitched_tail_from_the_start_is_alpha) {
  BOOST_TEST(stitched_tail_probability(1.0, 0.05, 2.0, 1.4, 1.0) == 0.05);
  // far out, the epoch sum is a small fraction of alpha
  BOOST_TEST(stitched_tail_probability(1e9, 0.05, 2.0, 1.4, 1.0) < 0.02);
}

BOOST_AUTO_TEST_CASE(lil_tail_is_at_most_the_proof_sum) {
  // From T = 1 on, the tail is the proof's whole sum except t = 1 (Chernoff), plus the
  // remainder bound: at most the stated failure probability... compared to the proof's sum.
  for (double eps : {0.05, 0.1, 0.5, 0.9})
    for (double frac : {1e-6, 1e-3, 0.3}) {
      const double delta = frac * lilucb::lil_delta_max(eps, lilucb::inner_log::lemma);
      const double whole = lil_tail_probability(1.0, eps, delta);
      const double stated = lilucb::lil_failure_probability(eps, delta, lilucb::inner_log::lemma);
      BOOST_TEST_CONTEXT("eps = " << eps << ", delta = " << delta) {
        BOOST_TEST(whole <= std::min(1.0, stated * 1.0000001));
        BOOST_TEST(lil_tail_probability(1e6, eps, delta) <= whole);
        BOOST_TEST(lil_tail_probability(1e6, eps, delta) > 0);
      }
    }
}

BOOST_AUTO_TEST_CASE(family_interface_agrees_with_the_formulas) {
  boundary_spec s;
  s.kind = boundary_kind::stitched;
  s.alpha = 0.01;
  s.sigma = 2;
  BOOST_TEST(boundary_radius(s, 100.0) == stitched_radius(400.0, 0.01, 2.0, 1.4, 4.0, 0.0));
  s.kind = boundary_kind::lil;
  s.alpha = 1e-4;
  s.eps = 0.5;
  BOOST_TEST(boundary_radius(s, 100.0) == lilucb::lil_bound(100.0, 0.5, 1e-4, 2.0, lilucb::inner_log::lemma));
  s.kind = boundary_kind::lil_plus2;
  BOOST_TEST(boundary_radius(s, 100.0) == lilucb::lil_bound(100.0, 0.5, 1e-4, 2.0, lilucb::inner_log::plus2));
  BOOST_TEST(*stated_crossing_probability(s) == lilucb::lil_failure_probability(0.5, 1e-4, lilucb::inner_log::plus2));
  s.kind = boundary_kind::mixture;
  s.alpha = 0.05;
  const double rho = normal_mixture_rho(400.0, 0.05, mixture_sides::one_sided);  // v_opt = sigma^2 100
  BOOST_TEST(boundary_radius(s, 10.0) == normal_mixture_radius(40.0, 0.05, rho, mixture_sides::one_sided));
  for (auto k : {boundary_kind::lil, boundary_kind::lil_plus2, boundary_kind::stitched, boundary_kind::mixture,
                 boundary_kind::mixture_two_sided, boundary_kind::linear, boundary_kind::constant})
    BOOST_TEST((parse_boundary_kind(to_string(k)) == k));
  BOOST_CHECK_EXCEPTION(parse_boundary_kind("lil2"), lilucb::domain_error, (names_parameter{"", "kind"}));
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(domains)

BOOST_AUTO_TEST_CASE(stitched_radius_domain) {
  domain_table<6> t{"lilucb::boundaries::stitched_radius",
                    {"v", "alpha", "eta", "s", "m", "c"},
                    {10, 0.05, 2, 1.4, 1, 0},
                    {{0, -1e-300}, {1, 0}, {1, 1}, {1, -0.5}, {2, 1}, {2, 0.5}, {3, 1}, {3, 0}, {4, 0}, {4, -1}, {5, -1e-9}},
                    {{0, 0.05, 2, 1.4, 1, 0}, {1e300, 1e-300, 2, 1.4, 1, 0}, {10, down(1.0), up(1.0), up(1.0), kTiny, 0},
                     {10, 0.05, 2, 1.4, 1, 1e10}}};
  check_domain_table(t, [](const std::array<double, 6>& a) { return stitched_radius(a[0], a[1], a[2], a[3], a[4], a[5]); });
}

BOOST_AUTO_TEST_CASE(mixture_domain) {
  domain_table<3> t{"lilucb::boundaries::normal_mixture_radius",
                    {"v", "alpha", "rho"},
                    {10, 0.05, 3},
                    {{0, -1}, {1, 0}, {1, 1}, {2, 0}, {2, -3}},
                    {{0, 0.05, 3}, {1e12, 1e-300, 3}, {10, down(1.0), 1e-10}}};
  check_domain_table(t, [](const std::array<double, 3>& a) {
    return normal_mixture_radius(a[0], a[1], a[2], mixture_sides::one_sided) +
           normal_mixture_radius(a[0], a[1], a[2], mixture_sides::two_sided);
  });
  domain_table<2> r{"lilucb::boundaries::normal_mixture_rho", {"v_opt", "alpha_opt"}, {100, 0.05},
                    {{0, 0}, {0, -1}, {1, 0}, {1, 0.5}, {1, 1}}, {{1e-300, 0.05}, {100, down(0.5)}}};
  check_domain_table(r, [](const std::array<double, 2>& a) { return normal_mixture_rho(a[0], a[1], mixture_sides::one_sided); });
}

BOOST_AUTO_TEST_CASE(glr_domain) {
  domain_table<3> t{"lilucb::boundaries::glr_threshold_gaussian",
                    {"t", "delta", "K"},
                    {100, 0.05, 5},
                    {{0, 0.5}, {0, 0}, {1, 0}, {1, 1}, {2, 1.5}, {2, 1}},
                    {{1, 0.05, 2}, {1e300, 1e-300, 1e6}, {100, down(1.0), 2}}};
  check_domain_table(t, [](const std::array<double, 3>& a) { return glr_threshold_gaussian(a[0], a[1], a[2]); });
  domain_table<1> g{"lilucb::boundaries::kk_g_gaussian", {"lambda"}, {0.7}, {{0, 0.5}, {0, 1}, {0, 0}}, {{up(0.5)}, {down(1.0)}}};
  check_domain_table(g, [](const std::array<double, 1>& a) { return kk_g_gaussian(a[0]); });
}

BOOST_AUTO_TEST_CASE(linear_domain) {
  domain_table<4> t{"lilucb::boundaries::linear_tail_probability",
                    {"T", "a", "b", "sigma"},
                    {10, 1, 0.1, 1},
                    {{0, 0.5}, {1, -1}, {2, 0}, {2, -1}, {3, 0}},
                    {{1, 0, 1e-300, 1}, {1e12, 1e3, 1e3, 1e-3}}};
  check_domain_table(t, [](const std::array<double, 4>& a) { return linear_tail_probability(a[0], a[1], a[2], a[3]); });
}

BOOST_AUTO_TEST_CASE(spec_domain) {
  boundary_spec s;
  s.kind = boundary_kind::stitched;
  s.alpha = 1.5;
  BOOST_CHECK_EXCEPTION(check_boundary_spec(s), lilucb::domain_error, (names_parameter{"", "alpha"}));
  s.alpha = 0.05;
  s.eta = 1;
  BOOST_CHECK_EXCEPTION(check_boundary_spec(s), lilucb::domain_error, (names_parameter{"", "eta"}));
  s = {};
  s.kind = boundary_kind::lil;
  s.alpha = 0.1;  // above log(1.01)/e for the lemma's form
  BOOST_CHECK_EXCEPTION(check_boundary_spec(s), lilucb::domain_error, (names_parameter{"", "delta"}));
  s.kind = boundary_kind::mixture;
  s.alpha_opt = 0.6;
  BOOST_CHECK_EXCEPTION(check_boundary_spec(s), lilucb::domain_error, (names_parameter{"", "alpha_opt"}));
  s = {};
  s.sigma = 0;
  BOOST_CHECK_EXCEPTION(check_boundary_spec(s), lilucb::domain_error, (names_parameter{"", "sigma"}));
}

BOOST_AUTO_TEST_SUITE_END()

// Valid numbers whose stitched radius leaves the doubles (e.g. `boundary --kind stitched --s
// 1e308`, which must not print nan, or `--m 1e308`, inf): refused, naming the parameter that is large.
BOOST_AUTO_TEST_CASE(stitched_overflow_is_refused) {
  auto names = [](const char* p) { return [p](const lilucb::domain_error& e) { return e.parameter() == p; }; };
  BOOST_CHECK_EXCEPTION(stitched_radius(100.0, 0.05, 2.0, 1e308, 1.0, 0.0), lilucb::domain_error, names("s"));
  BOOST_CHECK_EXCEPTION(stitched_radius(100.0, 0.05, 2.0, 1.4, 1e308, 0.0), lilucb::domain_error, names("m"));
  BOOST_CHECK_EXCEPTION(stitched_radius(1e308, 0.05, 2.0, 1.4, 1.0, 0.0), lilucb::domain_error, names("v"));
  BOOST_CHECK_EXCEPTION(stitched_radius(100.0, 0.05, 2.0, 1.4, 1.0, 1e300), lilucb::domain_error, names("c"));
  BOOST_TEST(std::isfinite(stitched_radius(1e300, 0.05, 2.0, 1.4, 1.0, 0.0)));
}

// The other radii: valid numbers whose linear or mixture radius leaves the doubles
// (`boundary --kind linear --b 1e308` and `mixture-two-sided --t 1e308` must not print inf, nor
// `crossing --kind linear --b 1e308` end in Boost's internal error).  Refused naming the
// parameter, or a finite answer checked against an independent form.
BOOST_AUTO_TEST_CASE(linear_and_mixture_overflow_is_refused_or_finite) {
  auto names = [](const char* p) { return [p](const lilucb::domain_error& e) { return e.parameter() == p; }; };
  BOOST_CHECK_EXCEPTION(linear_radius(10.0, 1.0, 1e308), lilucb::domain_error, names("b"));
  BOOST_CHECK_EXCEPTION(linear_radius(1.0, 1.7e308, 1e308), lilucb::domain_error, names("a"));
  BOOST_CHECK_EXCEPTION(linear_tail_probability(10.0, 1.0, 1e308, 1.0), lilucb::domain_error, names("b"));
  BOOST_TEST(linear_radius(1.0, 1.0, 1e308) == 1e308);
  // 2bT overflows here (the tail is now formed from a - bT): both terms are 0.
  BOOST_TEST(linear_tail_probability(1.0, 0.0, 1e308, 1.0) == 0.0);
  // 2ab/sigma^2 = 0/0 when sigma^2 underflows: a = 0 never crosses less than surely.
  BOOST_TEST(brownian_linear_crossing_probability(0.0, 1.0, 1e-200) == 1.0);
  BOOST_TEST(brownian_linear_crossing_probability(1e-200, 1e-200, 1e-200) == std::exp(-2.0), tt::tolerance(1e-15));
  BOOST_TEST(brownian_linear_crossing_probability(1e200, 1e200, 1e-200) == 0.0);
  // Two-sided mixture at v = 1e308, rho = 1: u = sqrt(v + rho) sqrt(log(1 + v/rho) + 2 log(1/alpha))
  // with log(1 + v/rho) = log(1e308) to 1e-308.
  const double u2 = normal_mixture_radius(1e308, 0.05, 1.0, mixture_sides::two_sided);
  BOOST_TEST(u2 == 1e154 * std::sqrt(308 * std::log(10.0) + 2 * std::log(20.0)), tt::tolerance(1e-13));
  const double u1 = normal_mixture_radius(1e308, 0.05, 1.0, mixture_sides::one_sided);
  BOOST_TEST(std::isfinite(u1));
  BOOST_TEST(u1 > normal_mixture_radius(1e306, 0.05, 1.0, mixture_sides::one_sided));
  // A subnormal rho: log(1 + v/rho) as log(v + rho) - log(rho).
  const double rho = 1e-310;
  BOOST_TEST(normal_mixture_radius(1.0, 0.05, rho, mixture_sides::two_sided) ==
                 std::sqrt(-std::log(rho) + 2 * std::log(20.0)), tt::tolerance(1e-13));
  BOOST_TEST(std::isfinite(normal_mixture_radius(1.0, 0.05, rho, mixture_sides::one_sided)));
}

BOOST_AUTO_TEST_CASE(family_scales_are_refused_with_their_range) {
  auto names = [](const char* p) { return [p](const lilucb::domain_error& e) { return e.parameter() == p; }; };
  boundary_spec s;
  s.kind = boundary_kind::mixture_two_sided;
  s.v_opt = 2.2250738585072014e-308;  // the smallest normal double: rho = v_opt/k is subnormal
  BOOST_CHECK_EXCEPTION(check_boundary_spec(s), lilucb::domain_error, names("v_opt"));
  s.v_opt = 1e308;
  BOOST_TEST(std::isfinite(boundary_radius(s, 10.0)));
  s = {};
  s.kind = boundary_kind::mixture_two_sided;
  BOOST_TEST(std::isfinite(boundary_radius(s, 1e308)));
  s.sigma = 2;
  BOOST_CHECK_EXCEPTION(boundary_radius(s, 1e308), lilucb::domain_error, names("t"));
  for (auto k : {boundary_kind::stitched, boundary_kind::mixture, boundary_kind::mixture_two_sided})
    for (double sigma : {1e-308, 4.9e-324, 1e-200, 1e200, 1e308}) {
      s = {};
      s.kind = k;
      s.sigma = sigma;
      BOOST_TEST_CONTEXT(to_string(k) << ", sigma = " << sigma) {
        BOOST_CHECK_EXCEPTION(check_boundary_spec(s), lilucb::domain_error, names("sigma"));
      }
    }
  s = {};
  s.sigma = 1.5e-154;  // sigma^2 just normal
  BOOST_CHECK_NO_THROW(check_boundary_spec(s));
}

BOOST_AUTO_TEST_SUITE_END()  // boundary_formulas
