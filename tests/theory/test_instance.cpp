// Quantities of a bandit instance: best_arm, gaps, hardness_h1, hardness_h3 (Section 3),
// lemma1_bound and lemma1_bound_proof (Lemma lem:1), total_samples_bound, farrell_lower_bound
// (Section 2).
//
// Reference values: (a) the cpp_bin_float_50 instantiation on several instances, (b)
// tests/reference/reference_values.hpp from tests/reference/make_reference.py (mpmath).
#include <boost/test/unit_test.hpp>
#include <rapidcheck/boost_test.h>

#include "domain_table.hpp"
#include "generators.hpp"
#include "mp50.hpp"
#include "reference_values.hpp"

#include "lilucb/theory/instance.hpp"
#include "lilucb/theory/theorem.hpp"

#include <Eigen/Core>

#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>
#include <random>
#include <string>
#include <vector>

// Every case of this file is in the suite instance (one executable holds the directory's files).
BOOST_AUTO_TEST_SUITE(instance)

namespace tt = boost::test_tools;
namespace ref = lilucb_reference;
using namespace lilucb_test;

namespace {


std::vector<double> means_of(const ref::instance_case& c) {
  return std::vector<double>(c.means, c.means + c.n);
}

std::vector<mp50> to_mp(const std::vector<double>& v) { return std::vector<mp50>(v.begin(), v.end()); }

// Section 5's scenarios: 1-sparse (mu_1 = 1/4, others 0) and alpha (mu_0 = 1, mu_i = 1 - (i/n)^alpha).
std::vector<double> sparse_instance(int n) {
  std::vector<double> m(n, 0.0);
  m[0] = 0.25;
  return m;
}
std::vector<double> alpha_instance(int n, double alpha) {
  std::vector<double> m{1.0};
  for (int i = 1; i <= n; ++i) m.push_back(1 - std::pow(double(i) / n, alpha));
  return m;
}

std::vector<std::vector<double>> grid_instances() {
  return {sparse_instance(2), sparse_instance(50), alpha_instance(10, 0.3), alpha_instance(40, 0.6),
          {0.5, 0.49, 0.2, 0.1, 0.9, 0.3}, {0.0, -0.5, 0.999, 0.998, -1.0}};
}

}  // namespace

// ---------------------------------------------------------------------------------------------
BOOST_AUTO_TEST_SUITE(reference_50_digits)

BOOST_AUTO_TEST_CASE(hardness_and_bounds) {
  for (const auto& m : grid_instances()) {
    const auto mm = to_mp(m);
    BOOST_TEST_CONTEXT("instance with " << m.size() << " arms, first mean " << m[0]) {
      BOOST_TEST(lilucb::hardness_h1(m) == to_double(lilucb::hardness_h1(mm)), tt::tolerance(1e-12));
      BOOST_TEST(lilucb::hardness_h3(m) == to_double(lilucb::hardness_h3(mm)), tt::tolerance(1e-12));
      for (double delta : {1e-10, 0.01, 0.1, 0.49})
        BOOST_TEST(lilucb::farrell_lower_bound(m, delta) ==
                       to_double(lilucb::farrell_lower_bound(mm, mp50(delta))),
                   tt::tolerance(1e-12));
      for (double eps : {1e-3, 0.01, 0.5, 0.99})
        for (double beta : {0.1, 1.0, 1.66, 10.0})
          for (double delta : {1e-10, 1e-3, 0.1, 0.9}) {
            BOOST_TEST_CONTEXT("eps=" << eps << " beta=" << beta << " delta=" << delta) {
              BOOST_TEST(lilucb::lemma1_bound(m, eps, beta, delta) ==
                             to_double(lilucb::lemma1_bound(mm, mp50(eps), mp50(beta), mp50(delta))),
                         tt::tolerance(1e-12));
              BOOST_TEST(lilucb::lemma1_bound_proof(m, eps, beta, delta) ==
                             to_double(lilucb::lemma1_bound_proof(mm, mp50(eps), mp50(beta), mp50(delta))),
                         tt::tolerance(1e-12));
            }
          }
    }
  }
  for (double b : {0.0, 1.0, 1e6})
    for (double a : {1e-3, 1.0, 9.0, 1e3})
      BOOST_TEST(lilucb::total_samples_bound(b, a) ==
                     to_double(lilucb::total_samples_bound(mp50(b), mp50(a))),
                 tt::tolerance(1e-14));
}

BOOST_AUTO_TEST_SUITE_END()

// ---------------------------------------------------------------------------------------------
BOOST_AUTO_TEST_SUITE(reference_independent)

BOOST_AUTO_TEST_CASE(small_instances) {
  for (const auto& c : ref::instance_cases) {
    const auto m = means_of(c);
    BOOST_TEST_CONTEXT("instance " << c.name) {
      BOOST_TEST(lilucb::hardness_h1(m) == c.h1, tt::tolerance(1e-12));
      BOOST_TEST(lilucb::hardness_h3(m) == c.h3, tt::tolerance(1e-12));
      BOOST_TEST(lilucb::lemma1_bound(m, c.eps, c.beta, c.delta) == c.lemma1, tt::tolerance(1e-12));
      BOOST_TEST(lilucb::lemma1_bound_proof(m, c.eps, c.beta, c.delta) == c.lemma1_proof,
                 tt::tolerance(1e-12));
      BOOST_TEST(lilucb::farrell_lower_bound(m, c.farrell_delta) == c.farrell, tt::tolerance(1e-12));
      const auto mm = to_mp(m);
      check_50_digits(lilucb::hardness_h3(mm), c.h3_50);
      check_50_digits(lilucb::lemma1_bound(mm, mp50(c.eps), mp50(c.beta), mp50(c.delta)), c.lemma1_50);
      check_50_digits(lilucb::lemma1_bound_proof(mm, mp50(c.eps), mp50(c.beta), mp50(c.delta)), c.lemma1_proof50);
    }
  }
}

// Hand-checked values.
BOOST_AUTO_TEST_CASE(hand_checked) {
  // Section 5's 1-sparse scenario (mu_1 = 1/4, n - 1 arms at 0): Delta^-2 = 16, H1 = 16 (n - 1).
  // (Section 5 says H1 = 4n, which would need gaps of 1/2.)
  BOOST_TEST(lilucb::hardness_h1(sparse_instance(11)) == 160.0);
  const std::vector<double> m{0.2, 0.7, 0.5};
  BOOST_TEST(lilucb::best_arm(m) == 1u);
  const auto g = lilucb::gaps(m);
  BOOST_TEST(g.size() == 3u);
  BOOST_TEST(g[0] == 0.7 - 0.2);
  BOOST_TEST(g[1] == 0.0);
  BOOST_TEST(g[2] == 0.7 - 0.5);
  // One arm: no suboptimal arms.  Lemma lem:1's stated bound is then n = 1, the proof's 0.
  const std::vector<double> one{0.3};
  BOOST_TEST(lilucb::best_arm(one) == 0u);
  BOOST_TEST(lilucb::hardness_h1(one) == 0.0);
  BOOST_TEST(lilucb::hardness_h3(one) == 0.0);
  BOOST_TEST(lilucb::lemma1_bound(one, 0.5, 1.0, 0.1) == 1.0);
  BOOST_TEST(lilucb::lemma1_bound_proof(one, 0.5, 1.0, 0.1) == 0.0);
  BOOST_TEST(lilucb::farrell_lower_bound(one, 0.1) == 0.0);
  // A gap of exactly 1: log log(e/1) = 0, so H3 gets nothing from it; gaps > 1 are clipped.
  BOOST_TEST(lilucb::hardness_h3(std::vector<double>{1.0, 0.0}) == 0.0);
  BOOST_TEST(lilucb::hardness_h3(std::vector<double>{3.0, 0.0}) == 0.0);
  BOOST_TEST(lilucb::hardness_h1(std::vector<double>{3.0, 0.0}) == 1.0 / 9.0, tt::tolerance(1e-15));
  // Farrell: a gap with Delta^-2 <= e (Delta >= e^-1/2 = 0.60653) contributes 0, one just
  // below contributes its (tiny, positive) term; (2 - 4 delta) factor.
  BOOST_TEST(lilucb::farrell_lower_bound(std::vector<double>{0.61, 0.0}, 0.1) == 0.0);
  BOOST_TEST(lilucb::farrell_lower_bound(std::vector<double>{0.607, 0.0}, 0.1) == 0.0);
  BOOST_TEST(lilucb::farrell_lower_bound(std::vector<double>{0.6065, 0.0}, 0.1) > 0.0);
  BOOST_TEST(lilucb::farrell_lower_bound(std::vector<double>{0.6065, 0.0}, 0.1) < 1e-3);
  const double d = 0.1, inv = 1 / (d * d);
  BOOST_TEST(lilucb::farrell_lower_bound(std::vector<double>{d, 0.0}, 0.25) ==
                 (2 - 4 * 0.25) * inv * std::log(std::log(inv)),
             tt::tolerance(1e-14));
  // total_samples_bound: 2 + (1 + a) B.
  BOOST_TEST(lilucb::total_samples_bound(10.0, 9.0) == 102.0);
  BOOST_TEST(lilucb::total_samples_bound(0.0, 5.0) == 2.0);
}

// Any range: std::vector, std::array, Eigen vectors, mp50 vectors give the same answers.
BOOST_AUTO_TEST_CASE(range_types) {
  const std::array<double, 4> a{0.8, 0.6, 0.5, 0.1};
  const std::vector<double> v(a.begin(), a.end());
  Eigen::VectorXd e(4);
  e << 0.8, 0.6, 0.5, 0.1;
  const auto& c = ref::instance_cases[0];  // the same means
  for (double h : {lilucb::hardness_h1(a), lilucb::hardness_h1(v), lilucb::hardness_h1(e)})
    BOOST_TEST(h == c.h1, tt::tolerance(1e-12));
  BOOST_TEST(lilucb::best_arm(e) == 0u);
  BOOST_TEST(lilucb::hardness_h3(e) == c.h3, tt::tolerance(1e-12));
  BOOST_TEST(lilucb::lemma1_bound(e, c.eps, c.beta, c.delta) == c.lemma1, tt::tolerance(1e-12));
  BOOST_TEST(to_double(lilucb::hardness_h1(to_mp(v))) == c.h1, tt::tolerance(4e-16));
  BOOST_TEST(to_double(lilucb::lemma1_bound(to_mp(v), mp50(c.eps), mp50(c.beta), mp50(c.delta))) ==
                 c.lemma1,
             tt::tolerance(4e-16));
}

BOOST_AUTO_TEST_SUITE_END()

// ---------------------------------------------------------------------------------------------
BOOST_AUTO_TEST_SUITE(properties)

RC_BOOST_PROP(best_arm_invariant_under_shift_and_gaps, ()) {
  auto means = *gen::grid_means(30);
  RC_PRE(gen::unique_max(means));
  const std::size_t b = lilucb::best_arm(means);
  RC_ASSERT(b < means.size());
  for (std::size_t i = 0; i < means.size(); ++i)
    if (i != b) RC_ASSERT(means[i] < means[b]);
  // Shifts on the same 2^-20 grid keep every mean and difference exact.
  const int k = *rc::gen::resize(rc::kNominalSize, rc::gen::inRange(-(1 << 24), (1 << 24) + 1));
  const double shift = std::ldexp(static_cast<double>(k), -20);
  std::vector<double> shifted = means;
  for (double& m : shifted) m += shift;
  RC_ASSERT(lilucb::best_arm(shifted) == b);
  const auto g = lilucb::gaps(means);
  RC_ASSERT(g.size() == means.size());
  for (std::size_t i = 0; i < g.size(); ++i) {
    RC_ASSERT(g[i] >= 0);
    RC_ASSERT((g[i] == 0) == (i == b));
  }
  RC_ASSERT(lilucb::gaps(shifted) == g);
}

// Reordering the arms moves the best arm with them and keeps H1, H3 (up to summation order).
RC_BOOST_PROP(hardness_invariant_under_permutation, ()) {
  auto means = *gen::unit_means(30);
  RC_PRE(gen::unique_max(means));
  const std::size_t b = lilucb::best_arm(means);
  std::vector<std::size_t> perm(means.size());
  std::iota(perm.begin(), perm.end(), 0);
  const auto seed = *rc::gen::resize(rc::kNominalSize, rc::gen::arbitrary<unsigned>());
  std::shuffle(perm.begin(), perm.end(), std::mt19937(seed));
  std::vector<double> permuted(means.size());
  for (std::size_t i = 0; i < perm.size(); ++i) permuted[i] = means[perm[i]];
  RC_ASSERT(perm[lilucb::best_arm(permuted)] == b);
  const double h1 = lilucb::hardness_h1(means), h3 = lilucb::hardness_h3(means);
  RC_ASSERT(std::fabs(lilucb::hardness_h1(permuted) - h1) <= 1e-12 * h1);
  RC_ASSERT(std::fabs(lilucb::hardness_h3(permuted) - h3) <= 1e-12 * h3);
}

// On means in [0, 1] (the paper's setting) every quantity is finite and of the right sign.
RC_BOOST_PROP(no_nan_on_unit_means, ()) {
  auto means = *gen::unit_means(30);
  RC_PRE(gen::unique_max(means));
  const double eps = *gen::uniform_open(0.0, 1.0);
  const double beta = *gen::log_uniform(1e-3, 1e3);
  const double delta = *rc::gen::oneOf(gen::small_or_uniform(1.0), gen::log_uniform(1e-300, 1.0));
  const double fdelta = *gen::uniform_open(0.0, 0.5);
  const double h1 = lilucb::hardness_h1(means), h3 = lilucb::hardness_h3(means);
  RC_ASSERT(std::isfinite(h1));
  RC_ASSERT(h1 > 0);
  RC_ASSERT(std::isfinite(h3));
  RC_ASSERT(h3 >= 0);
  const double l1 = lilucb::lemma1_bound(means, eps, beta, delta);
  const double l1p = lilucb::lemma1_bound_proof(means, eps, beta, delta);
  RC_ASSERT(std::isfinite(l1));
  RC_ASSERT(l1 > static_cast<double>(means.size()));
  RC_ASSERT(std::isfinite(l1p));
  RC_ASSERT(l1p > 0);
  const double f = lilucb::farrell_lower_bound(means, fdelta);
  RC_ASSERT(std::isfinite(f));
  RC_ASSERT(f >= 0);
  RC_ASSERT(std::isfinite(lilucb::total_samples_bound(l1, 9.0)));
}

// The proof's form exceeds the statement's by gamma H1 log(1/delta) - 1 (instance.hpp), so it
// is the larger one whenever gamma H1 log(1/delta) >= 1.
RC_BOOST_PROP(lemma1_proof_exceeds_statement, ()) {
  auto means = *gen::unit_means(20);
  RC_PRE(gen::unique_max(means));
  const double eps = *gen::uniform_open(0.0, 1.0);
  const double beta = *gen::log_uniform(1e-3, 1e3);
  const double delta = *rc::gen::oneOf(gen::small_or_uniform(1.0), gen::uniform_open(0.999, 1.0));
  const double excess = lilucb::gamma(beta, eps) * lilucb::hardness_h1(means) * std::log(1 / delta);
  const double stated = lilucb::lemma1_bound(means, eps, beta, delta);
  const double proof = lilucb::lemma1_bound_proof(means, eps, beta, delta);
  if (excess >= 1) RC_ASSERT(proof >= stated);
  RC_ASSERT(std::fabs((proof - stated) - (excess - 1)) <= 1e-12 * proof);
}

RC_BOOST_PROP(total_samples_bound_monotone, ()) {
  const double b = *rc::gen::oneOf(gen::log_uniform(1e-10, 1e12), rc::gen::just(0.0));
  const double a = *gen::log_uniform(1e-6, 1e6);
  const double t = lilucb::total_samples_bound(b, a);
  RC_ASSERT(t >= 2);
  const double b2 = b + *gen::log_uniform(1e-3, 1e6) * (b > 0 ? b : 1.0);
  const double a2 = a * (1 + *gen::log_uniform(1e-6, 1e3));
  RC_ASSERT(lilucb::total_samples_bound(b2, a) > t);
  // Increasing in a when B > 0; strictly visible in double once B >= 1 (the increase is then
  // >= 1e-12 relative); constant when B = 0.
  const double t2 = lilucb::total_samples_bound(b, a2);
  RC_ASSERT(t2 >= t);
  if (b >= 1) RC_ASSERT(t2 > t);
  if (b == 0) RC_ASSERT(t2 == t);
}

RC_BOOST_PROP(farrell_decreases_in_delta, ()) {
  auto means = *gen::unit_means(20);
  RC_PRE(gen::unique_max(means));
  const double d1 = *gen::uniform_open(0.0, 0.5);
  const double d2 = d1 + (0.5 - d1) * *gen::uniform_open(0.0, 1.0);
  RC_PRE(d2 < 0.5 && d2 > d1);
  const double f1 = lilucb::farrell_lower_bound(means, d1);
  const double f2 = lilucb::farrell_lower_bound(means, d2);
  RC_ASSERT(f2 <= f1);
  if (f1 > 0 && d2 - d1 > 1e-12) RC_ASSERT(f2 < f1);
  if (f1 == 0) RC_ASSERT(f2 == 0);
}

BOOST_AUTO_TEST_SUITE_END()

// ---------------------------------------------------------------------------------------------
BOOST_AUTO_TEST_SUITE(domain)

// The means checks of every instance function.  They all go through best_arm, whose name the
// error carries (see known_library_bugs): `function` is checked only for best_arm itself.
// For the Delta^-2 sums (sums = true) the extremes of the doubles ({max, 0}, {0, -max}: H1
// underflows to 0; {denorm_min, 0}: it overflows) either give a finite value or are refused naming
// means (never an infinite or zero H1).
bool finite_value(double x) { return std::isfinite(x); }
bool finite_value(std::size_t) { return true; }
bool finite_value(const std::vector<double>& v) {
  return std::all_of(v.begin(), v.end(), [](double x) { return std::isfinite(x); });
}

template <class F>
void check_means_domain(const std::string& what, const std::string& function, F f, bool sums = false) {
  struct invalid_means {
    std::vector<double> means;
    std::string parameter;
  };
  const std::vector<invalid_means> invalid{
      {{}, "means"},
      {{0.5, kNaN}, "means[1]"},
      {{kNaN, 0.5}, "means[0]"},
      {{0.5, kInf}, "means[1]"},
      {{0.5, 0.2, -kInf}, "means[2]"},
      {{0.9, 0.5, 0.9}, "means[2]"},        // a tie for the best
      {{0.1, 0.3, 0.3}, "means[2]"},
      {{-0.0, 0.0}, "means[1]"},            // -0 == 0: a tie
      {{0.2, 0.9, 0.4, 0.9, 0.9}, "means[3]"},
  };
  for (const auto& c : invalid) {
    BOOST_TEST_CONTEXT(what << " with " << c.means.size() << " means, expecting " << c.parameter) {
      BOOST_CHECK_EXCEPTION(f(c.means), lilucb::domain_error, (names_parameter{function, c.parameter}));
    }
  }
  // Valid: one arm, ties among suboptimal arms, the extremes of the doubles.
  for (const auto& m : std::vector<std::vector<double>>{
           {0.5}, {0.9, 0.5, 0.5}, {0.3, down(0.3)}, {kMax, 0.0}, {0.0, -kMax}, {kTiny, 0.0}}) {
    BOOST_TEST_CONTEXT(what << " with valid means " << m.size() << " (first " << m[0] << ")") {
      if (!sums || m.size() == 1 || m[0] == 0.9 || m[0] == 0.3) {
        BOOST_CHECK_NO_THROW(BOOST_TEST(finite_value(f(m))));
      } else {
        try {
          BOOST_TEST(finite_value(f(m)));
        } catch (const lilucb::domain_error& e) {
          BOOST_TEST(e.parameter() == "means", e.what());
        }
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(means) {
  check_means_domain("best_arm", "lilucb::best_arm", [](const auto& m) { return lilucb::best_arm(m); });
  check_means_domain("gaps", "", [](const auto& m) { return lilucb::gaps(m); });
  check_means_domain("hardness_h1", "", [](const auto& m) { return lilucb::hardness_h1(m); }, true);
  check_means_domain("hardness_h3", "", [](const auto& m) { return lilucb::hardness_h3(m); }, true);
  check_means_domain("farrell_lower_bound", "", [](const auto& m) { return lilucb::farrell_lower_bound(m, 0.1); }, true);
  // Lemma lem:1's bound needs gaps below sqrt(gamma (1+eps)): use small means.
  auto scaled = [](std::vector<double> m) {
    for (double& x : m) x = std::isfinite(x) && std::fabs(x) > 1 ? std::copysign(1.0, x) * 0.75 : x;
    return m;
  };
  check_means_domain("lemma1_bound", "", [&](const auto& m) { return lilucb::lemma1_bound(scaled(m), 0.5, 1.0, 0.1); }, true);
  check_means_domain("lemma1_bound_proof", "",
                     [&](const auto& m) { return lilucb::lemma1_bound_proof(scaled(m), 0.5, 1.0, 0.1); }, true);
  // Exact results at the valid extremes.
  BOOST_TEST(lilucb::best_arm(std::vector<double>{0.3, down(0.3)}) == 0u);
  BOOST_TEST(lilucb::best_arm(std::vector<double>{0.0, -kMax}) == 0u);
  BOOST_TEST(lilucb::best_arm(std::vector<double>{0.9, 0.5, 0.5}) == 0u);
}

BOOST_AUTO_TEST_CASE(lemma1_parameters) {
  const std::vector<double> m{0.8, 0.6, 0.5, 0.1};
  for (const std::string fn : {"lilucb::lemma1_bound", "lilucb::lemma1_bound_proof"}) {
    domain_table<3> t{fn, {"eps", "beta", "delta"}, {0.5, 1.0, 0.1},
                      {{0, 0.0}, {0, 1.0}, {0, -kTiny}, {1, 0.0}, {1, -kTiny}, {1, -1.0},
                       {2, 0.0}, {2, 1.0}, {2, -kTiny}, {2, up(1.0)}},
                      {{kTiny, 1.0, 0.1}, {down(1.0), 1.0, 0.1}, {0.5, kTiny, 0.1}, {0.5, 1e100, 0.1},
                       {0.5, 1.0, 1e-300}, {0.5, 1.0, down(1.0)}}};
    check_domain_table(t, [&](const auto& a) {
      return fn == "lilucb::lemma1_bound" ? lilucb::lemma1_bound(m, a[0], a[1], a[2])
                                          : lilucb::lemma1_bound_proof(m, a[0], a[1], a[2]);
    });
  }
}

// Lemma lem:1's log(2 log(gamma (1+eps)/Delta^2)) needs Delta^2 < gamma (1+eps).  The edge is
// found on the doubles: the smallest gap g whose square (rounded as the library rounds it)
// reaches gamma (1+eps) must throw naming gap[1]^2; the gap one ulp below must not.
BOOST_AUTO_TEST_CASE(lemma1_gap_edge) {
  const double eps = 0.5, beta = 1.0, delta = 0.1;
  const double c = lilucb::gamma(beta, eps) * (1 + eps);
  double g = std::sqrt(c);
  while (g * g >= c) g = down(g);
  while (g * g < c) g = up(g);
  const double inside = down(g);
  BOOST_TEST(inside * inside < c);
  BOOST_TEST(g * g >= c);
  for (const std::string fn : {"lilucb::lemma1_bound", "lilucb::lemma1_bound_proof"}) {
    auto call = [&](double gap) {
      const std::vector<double> m{gap, 0.0};
      return fn == "lilucb::lemma1_bound" ? lilucb::lemma1_bound(m, eps, beta, delta)
                                          : lilucb::lemma1_bound_proof(m, eps, beta, delta);
    };
    BOOST_TEST_CONTEXT(fn) {
      BOOST_CHECK_EXCEPTION(call(g), lilucb::domain_error, (names_parameter{fn, "gap[1]^2"}));
      BOOST_CHECK_EXCEPTION(call(2 * g), lilucb::domain_error, (names_parameter{fn, "gap[1]^2"}));
      double v = kNaN;
      BOOST_CHECK_NO_THROW(v = call(inside));
      BOOST_TEST(std::isfinite(v));
    }
  }
  // The index names the offending arm.
  BOOST_CHECK_EXCEPTION(lilucb::lemma1_bound(std::vector<double>{0.5, 0.4, -30.0, 0.3}, eps, beta, delta),
                        lilucb::domain_error, (names_parameter{"lilucb::lemma1_bound", "gap[2]^2"}));
}

BOOST_AUTO_TEST_CASE(total_samples_bound_domain) {
  domain_table<2> t{"lilucb::total_samples_bound", {"suboptimal_pulls_bound", "a"}, {100.0, 9.0},
                    {{0, -kTiny}, {0, -1.0}, {0, -kMax}, {1, 0.0}, {1, -kTiny}, {1, -1.0}},
                    {{0.0, 9.0}, {-0.0, 9.0}, {1e300, 9.0}, {100.0, kTiny}, {100.0, 1e300}}};
  check_domain_table(t, [](const auto& a) { return lilucb::total_samples_bound(a[0], a[1]); });
}

BOOST_AUTO_TEST_CASE(farrell_delta_domain) {
  const std::vector<double> m{0.8, 0.6, 0.5, 0.1};
  domain_table<1> t{"lilucb::farrell_lower_bound", {"delta"}, {0.1},
                    {{0, 0.0}, {0, 0.5}, {0, up(0.5)}, {0, -kTiny}, {0, 1.0}},
                    {{kTiny}, {down(0.5)}}};
  check_domain_table(t, [&](const auto& a) { return lilucb::farrell_lower_bound(m, a[0]); });
}

BOOST_AUTO_TEST_SUITE_END()

// ---------------------------------------------------------------------------------------------
// Regression tests for library defects found by this suite (now fixed).
BOOST_AUTO_TEST_SUITE(fixed_library_bugs)

// gaps, hardness_h1, hardness_h3, lemma1_bound, lemma1_bound_proof and farrell_lower_bound
// validate `means` by calling best_arm, so their errors name lilucb::best_arm instead of the
// function called (errors.hpp: the error names the function).
BOOST_AUTO_TEST_CASE(means_errors_name_best_arm) {
  const std::vector<double> empty;
  BOOST_CHECK_EXCEPTION(lilucb::gaps(empty), lilucb::domain_error, (names_parameter{"lilucb::gaps", "means"}));
  BOOST_CHECK_EXCEPTION(lilucb::hardness_h1(empty), lilucb::domain_error,
                        (names_parameter{"lilucb::hardness_h1", "means"}));
  BOOST_CHECK_EXCEPTION(lilucb::hardness_h3(empty), lilucb::domain_error,
                        (names_parameter{"lilucb::hardness_h3", "means"}));
  BOOST_CHECK_EXCEPTION(lilucb::lemma1_bound(empty, 0.5, 1.0, 0.1), lilucb::domain_error,
                        (names_parameter{"lilucb::lemma1_bound", "means"}));
  BOOST_CHECK_EXCEPTION(lilucb::lemma1_bound_proof(empty, 0.5, 1.0, 0.1), lilucb::domain_error,
                        (names_parameter{"lilucb::lemma1_bound_proof", "means"}));
  BOOST_CHECK_EXCEPTION(lilucb::farrell_lower_bound(empty, 0.1), lilucb::domain_error,
                        (names_parameter{"lilucb::farrell_lower_bound", "means"}));
}

BOOST_AUTO_TEST_SUITE_END()

// ---------------------------------------------------------------------------------------------
// Valid numbers whose results would overflow or underflow (e.g. `hardness --a 1e308`, which
// must not print inf, or a config gap of 1e300, which must not write mean_over_h1 = inf).  Each is refused, naming the parameter.
BOOST_AUTO_TEST_SUITE(overflow_refused)

BOOST_AUTO_TEST_CASE(total_samples_bound_a) {
  const double b = 1e10;
  const double a_max = (kMax - 2) / b - 1;
  BOOST_TEST(std::isfinite(lilucb::total_samples_bound(b, 0.999 * a_max)));
  for (double a : {1.001 * a_max, 1e308, kMax})
    BOOST_CHECK_EXCEPTION(lilucb::total_samples_bound(b, a), lilucb::domain_error,
                          (names_parameter{"lilucb::total_samples_bound", "a"}));
  // B itself at the largest double: (1 + a) B overflows for every a that is not negligible, and
  // (max - 2)/B - 1 rounds to 0, so no a > 0 is admissible: B is named.
  BOOST_TEST(lilucb::total_samples_bound(kMax, 1e-300) == kMax);
  BOOST_CHECK_EXCEPTION(lilucb::total_samples_bound(kMax, 1.0), lilucb::domain_error,
                        (names_parameter{"lilucb::total_samples_bound", "suboptimal_pulls_bound"}));
  try {
    lilucb::total_samples_bound(b, 1e308);
  } catch (const lilucb::domain_error& e) {
    BOOST_TEST(e.admissible().find(lilucb::detail::format_bound(a_max)) != std::string::npos, e.admissible());
  }
}

BOOST_AUTO_TEST_CASE(gaps_that_overflow) {
  // Means more than max_real apart: the gap is not a double.
  BOOST_CHECK_EXCEPTION(lilucb::gaps(std::vector<double>{1e308, -1e308}), lilucb::domain_error,
                        (names_parameter{"lilucb::gaps", "means[1]"}));
  BOOST_TEST(lilucb::gaps(std::vector<double>{1e308, -7e307})[1] == 1.7e308, boost::test_tools::tolerance(1e-15));
}

BOOST_AUTO_TEST_CASE(h1_must_be_positive_and_finite) {
  const double lo = 1 / std::sqrt(kMax), hi = 1 / std::sqrt(std::numeric_limits<double>::min());
  // Inside: a single gap at either end of the derived range gives a finite positive normal H1.
  for (double gap : {lo * 1.01, hi / 1.01}) {
    const double h = lilucb::hardness_h1(std::vector<double>{gap, 0.0});
    BOOST_TEST(std::isfinite(h));
    BOOST_TEST(h >= std::numeric_limits<double>::min());
  }
  // Outside: a gap of 1e300 (the config) underflows H1 to 0; 1e-200 overflows it; many
  // gaps each inside the range can still overflow the sum.
  for (const auto& m : {std::vector<double>{1e300, 0.0}, std::vector<double>{2 * hi, 0.0},
                        std::vector<double>{1e-200, 0.0}, std::vector<double>{0.0, -1e-154, -1e-154, -1e-154}}) {
    BOOST_CHECK_EXCEPTION(lilucb::hardness_h1(m), lilucb::domain_error,
                          (names_parameter{"lilucb::hardness_h1", "means"}));
  }
  // One huge gap beside an ordinary one: H1 is the ordinary arm's term (the other's is < 1e-600).
  BOOST_TEST(lilucb::hardness_h1(std::vector<double>{0.5, 0.0, -1e300}) == 4.0);
  // One arm: H1 = 0, the empty sum.
  BOOST_TEST(lilucb::hardness_h1(std::vector<double>{0.5}) == 0.0);
}

BOOST_AUTO_TEST_CASE(other_sums_must_be_finite) {
  const std::vector<double> tiny{1e-160, 0.0};
  BOOST_CHECK_EXCEPTION(lilucb::hardness_h3(tiny), lilucb::domain_error,
                        (names_parameter{"lilucb::hardness_h3", "means"}));
  BOOST_CHECK_EXCEPTION(lilucb::lemma1_bound(tiny, 0.5, 1.0, 0.1), lilucb::domain_error,
                        (names_parameter{"lilucb::lemma1_bound", "means"}));
  BOOST_CHECK_EXCEPTION(lilucb::lemma1_bound_proof(tiny, 0.5, 1.0, 0.1), lilucb::domain_error,
                        (names_parameter{"lilucb::lemma1_bound_proof", "means"}));
  BOOST_CHECK_EXCEPTION(lilucb::farrell_lower_bound(tiny, 0.1), lilucb::domain_error,
                        (names_parameter{"lilucb::farrell_lower_bound", "means"}));
  // Large gaps are exact zeros for H3 and Farrell (their terms vanish by definition), not errors.
  BOOST_TEST(lilucb::hardness_h3(std::vector<double>{1e300, 0.0}) == 0.0);
  BOOST_TEST(lilucb::farrell_lower_bound(std::vector<double>{1e300, 0.0}, 0.1) == 0.0);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE_END()  // instance
