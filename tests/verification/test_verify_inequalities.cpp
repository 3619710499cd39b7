// Tests of the interval prover (verification/include/lilucb_verification/interval_prover.hpp)
// on planted inequalities, and of the `inequalities` check (verification/src/inequalities.cpp):
//   - a planted false inequality gets a counterexample, and the point really violates it
//     (checked again in long double);
//   - a planted true inequality gets a proof; a true but hard one with a tiny budget stays
//     undecided and reports its worst box;
//   - implications, unbounded boxes, domain errors;
//   - the arithmetic and exp/log/pow/sqrt enclosures contain 50-digit values at random points
//     (RapidCheck), and exact results stay exact;
//   - every row of inequalities_claims(quick) has the expected verdict, and the paper's two
//     counterexamples are confirmed independently in long double.
#include <boost/test/unit_test.hpp>
#include <rapidcheck.h>
#include <rapidcheck/boost_test.h>

#include "lilucb/errors.hpp"
#include "lilucb_verification/checks.hpp"
#include "lilucb_verification/interval_prover.hpp"

#include <boost/multiprecision/cpp_bin_float.hpp>

#include <cmath>
#include <cstdint>
#include <map>
#include <string>

namespace pv = lilucb::verification::prover;
using pv::interval;
using lilucb::verification::verdict_kind;
using mp50 = boost::multiprecision::cpp_bin_float_50;

namespace {

// A double drawn uniformly from [lo, hi] through a 64-bit integer (rc::gen::inRange is
// integer-only; resize so the whole range is used from the first case).
double draw(double lo, double hi) {
  const std::uint64_t bits = *rc::gen::resize(rc::kNominalSize, rc::gen::arbitrary<std::uint64_t>());
  return lo + (hi - lo) * (static_cast<double>(bits >> 11) * 0x1.0p-53);
}

bool contains(const interval& x, const mp50& v) { return mp50(x.lower()) <= v && v <= mp50(x.upper()); }

}  // namespace

// ---- planted inequalities -------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(planted_false_polynomial_gets_a_real_counterexample) {
  // x^2 + y^2 <= 1.5 on [-1,1]^2 is false near the corners.
  const pv::predicate<2> g{[](const pv::box<2>& b) { return b[0] * b[0] + b[1] * b[1] - interval(1.5); }, false};
  const auto r = pv::prove(g, pv::box<2>{interval(-1.0, 1.0), interval(-1.0, 1.0)});
  BOOST_TEST_REQUIRE(r.verdict == pv::outcome::counterexample);
  const long double x = r.counterexample[0], y = r.counterexample[1];
  BOOST_TEST(x * x + y * y > 1.5L);
  BOOST_TEST(std::fabs(x) <= 1.0L);
  BOOST_TEST(std::fabs(y) <= 1.0L);
  BOOST_TEST(r.concl_at_counterexample.lower() > 0.0);
}

BOOST_AUTO_TEST_CASE(planted_false_transcendental_gets_a_real_counterexample) {
  // exp(x) <= 1 + x + x^2/2 + x^3/6 + 0.001 on [0, 2]: false for x near 2 (Taylor remainder).
  const pv::predicate<1> g{[](const pv::box<1>& b) {
                             const interval& x = b[0];
                             return boost::numeric::exp(x) -
                                    (interval(1.0) + x + x * x / interval(2.0) + x * x * x / interval(6.0) +
                                     interval(0.001));
                           },
                           false};
  const auto r = pv::prove(g, pv::box<1>{interval(0.0, 2.0)});
  BOOST_TEST_REQUIRE(r.verdict == pv::outcome::counterexample);
  const long double x = r.counterexample[0];
  BOOST_TEST(std::exp(x) > 1 + x + x * x / 2 + x * x * x / 6 + 0.001L);
}

BOOST_AUTO_TEST_CASE(planted_true_inequalities_are_proved) {
  // (x - 1.5)^2 + 0.01 > 0 written with dependency: x^2 - 3x + 2.26 > 0 on [-10, 10].
  const pv::predicate<1> quad{[](const pv::box<1>& b) {
                                const interval& x = b[0];
                                return -(x * x - interval(3.0) * x + interval(2.26));
                              },
                              true};
  const auto r1 = pv::prove(quad, pv::box<1>{interval(-10.0, 10.0)});
  BOOST_TEST(r1.verdict == pv::outcome::proved);
  BOOST_TEST(r1.boxes > 1u);  // needs branching: the naive enclosure on the whole box is useless
  // exp(x) - x > 0.9 on [-5, 5] (minimum 1 at x = 0).
  const pv::predicate<1> ex{[](const pv::box<1>& b) { return interval(0.9) - (boost::numeric::exp(b[0]) - b[0]); },
                            true};
  BOOST_TEST(pv::prove(ex, pv::box<1>{interval(-5.0, 5.0)}).verdict == pv::outcome::proved);
  // A positive definite form: x^2 - x y + y^2 + 0.1 > 0 on [-3, 3]^2.
  const pv::predicate<2> form{[](const pv::box<2>& b) {
                                return -(b[0] * b[0] - b[0] * b[1] + b[1] * b[1] + interval(0.1));
                              },
                              true};
  BOOST_TEST(pv::prove(form, pv::box<2>{interval(-3.0, 3.0), interval(-3.0, 3.0)}).verdict == pv::outcome::proved);
}

BOOST_AUTO_TEST_CASE(true_but_hard_inequality_with_tiny_budget_is_undecided) {
  const pv::predicate<1> quad{[](const pv::box<1>& b) {
                                const interval& x = b[0];
                                return -(x * x - interval(3.0) * x + interval(2.26));
                              },
                              true};
  pv::budget tiny;
  tiny.max_boxes = 3;
  const auto r = pv::prove(quad, pv::box<1>{interval(-10.0, 10.0)}, tiny);
  BOOST_TEST(r.verdict == pv::outcome::undecided);
  BOOST_TEST(r.boxes <= 3u);
  BOOST_TEST_REQUIRE(r.worst_box.has_value());
  BOOST_TEST(r.worst_value.upper() >= 0.0);  // the remaining box was not discharged
  // The worst box lies in the domain.
  BOOST_TEST((*r.worst_box)[0].lower() >= -10.0);
  BOOST_TEST((*r.worst_box)[0].upper() <= 10.0);
}

BOOST_AUTO_TEST_CASE(implications) {
  // x >= 2  =>  x^2 >= 3.9 on [-5, 5]: true.
  const pv::predicate<1> x_ge_2{[](const pv::box<1>& b) { return interval(2.0) - b[0]; }, false};
  const pv::predicate<1> sq_ge_39{[](const pv::box<1>& b) { return interval(3.9) - b[0] * b[0]; }, false};
  BOOST_TEST(pv::prove_implication(x_ge_2, sq_ge_39, pv::box<1>{interval(-5.0, 5.0)}).verdict ==
             pv::outcome::proved);
  // x >= 1  =>  x^2 >= 4: false on [1, 2).
  const pv::predicate<1> x_ge_1{[](const pv::box<1>& b) { return interval(1.0) - b[0]; }, false};
  const pv::predicate<1> sq_ge_4{[](const pv::box<1>& b) { return interval(4.0) - b[0] * b[0]; }, false};
  const auto r = pv::prove_implication(x_ge_1, sq_ge_4, pv::box<1>{interval(-5.0, 5.0)});
  BOOST_TEST_REQUIRE(r.verdict == pv::outcome::counterexample);
  const long double x = r.counterexample[0];
  BOOST_TEST(x >= 1.0L);
  BOOST_TEST(x * x < 4.0L);
  // Without the hypothesis the conclusion alone is false (x = 0).
  BOOST_TEST(pv::prove(sq_ge_39, pv::box<1>{interval(-5.0, 5.0)}).verdict == pv::outcome::counterexample);
}

BOOST_AUTO_TEST_CASE(unbounded_boxes) {
  // 1 - 1/x > 0 on [2, inf]: decided on the whole ray by its enclosure.
  const pv::predicate<1> g{[](const pv::box<1>& b) { return -(interval(1.0) - interval(1.0) / b[0]); }, true};
  const auto r = pv::prove(g, pv::box<1>{interval(2.0, pv::inf)});
  BOOST_TEST(r.verdict == pv::outcome::proved);
  // x/(1+x) < 0.999 on [0, inf] is false for x > 999: found by splitting the infinite side.
  const pv::predicate<1> h{[](const pv::box<1>& b) { return b[0] / (interval(1.0) + b[0]) - interval(0.999); }, true};
  const auto rh = pv::prove(h, pv::box<1>{interval(0.0, pv::inf)});
  BOOST_TEST_REQUIRE(rh.verdict == pv::outcome::counterexample);
  const long double x = rh.counterexample[0];
  BOOST_TEST(x / (1 + x) >= 0.999L);
  BOOST_TEST(std::isfinite(rh.counterexample[0]));
}

BOOST_AUTO_TEST_CASE(undefined_enclosures_never_decide) {
  // log(x) on [-1, 1] is undefined on part of the box: never a proof, never a counterexample
  // from an undefined value; the search ends undecided at its budget or minimum width.
  const pv::predicate<1> g{[](const pv::box<1>& b) { return boost::numeric::log(b[0]) - interval(10.0); }, false};
  pv::budget small;
  small.max_boxes = 200;
  const auto r = pv::prove(g, pv::box<1>{interval(-1.0, 0.0)}, small);
  BOOST_TEST(r.verdict == pv::outcome::undecided);
}

BOOST_AUTO_TEST_CASE(domain_errors) {
  const pv::predicate<1> g{[](const pv::box<1>& b) { return b[0]; }, false};
  pv::budget none;
  none.max_boxes = 0;
  BOOST_CHECK_THROW(pv::prove(g, pv::box<1>{interval(0.0, 1.0)}, none), lilucb::domain_error);
  const pv::predicate<1> empty{};
  BOOST_CHECK_THROW(pv::prove(empty, pv::box<1>{interval(0.0, 1.0)}), lilucb::domain_error);
  BOOST_CHECK_THROW(pv::prove(g, pv::box<1>{interval::empty()}), lilucb::domain_error);
}

// ---- enclosures against 50-digit values -------------------------------------------------------

RC_BOOST_PROP(arithmetic_enclosures_contain_exact_values, ()) {
  // Operands over many orders of magnitude, both signs; the exact result in 50 digits.
  const double x = (draw(0.0, 1.0) < 0.5 ? -1 : 1) * std::exp(draw(-300.0, 300.0));
  const double y = (draw(0.0, 1.0) < 0.5 ? -1 : 1) * std::exp(draw(-300.0, 300.0));
  const interval X(x), Y(y);
  RC_ASSERT(contains(X + Y, mp50(x) + mp50(y)));
  RC_ASSERT(contains(X - Y, mp50(x) - mp50(y)));
  const mp50 p = mp50(x) * mp50(y);
  if (boost::multiprecision::abs(p) < mp50(1e300)) RC_ASSERT(contains(X * Y, p));
  const mp50 q = mp50(x) / mp50(y);
  if (boost::multiprecision::abs(q) < mp50(1e300)) RC_ASSERT(contains(X / Y, q));
  RC_ASSERT(contains(boost::numeric::sqrt(interval(std::fabs(x))), boost::multiprecision::sqrt(mp50(std::fabs(x)))));
}

BOOST_AUTO_TEST_CASE(exact_results_stay_exact_and_inexact_ones_are_widened) {
  const interval three = interval(1.0) + interval(2.0);
  BOOST_TEST(three.lower() == 3.0);
  BOOST_TEST(three.upper() == 3.0);
  const interval ninth = interval(1.0) / interval(9.0);
  BOOST_TEST(ninth.lower() < ninth.upper());
  BOOST_TEST(contains(ninth, mp50(1) / 9));
  const interval tenth_sum = interval(0.1) + interval(0.2);
  BOOST_TEST(contains(tenth_sum, mp50(0.1) + mp50(0.2)));
  BOOST_TEST(boost::numeric::sqrt(interval(4.0)).upper() == 2.0);
  BOOST_TEST(boost::numeric::log(interval(1.0)).upper() == 0.0);
}

RC_BOOST_PROP(exp_log_sqrt_pow_enclosures_contain_exact_values, ()) {
  const double x = draw(-40.0, 40.0);
  RC_ASSERT(contains(boost::numeric::exp(interval(x)), boost::multiprecision::exp(mp50(x))));
  const double p = std::exp(draw(-30.0, 30.0));  // positive, over many orders of magnitude
  RC_ASSERT(contains(boost::numeric::log(interval(p)), boost::multiprecision::log(mp50(p))));
  RC_ASSERT(contains(boost::numeric::sqrt(interval(p)), boost::multiprecision::sqrt(mp50(p))));
  const double y = draw(-3.0, 3.0);
  RC_ASSERT(contains(pv::interval_pow(interval(p), interval(y)), boost::multiprecision::pow(mp50(p), mp50(y))));
  const double u = draw(-0.9, 10.0);
  RC_ASSERT(contains(pv::interval_log1p(interval(u)), boost::multiprecision::log1p(mp50(u))));
}

RC_BOOST_PROP(enclosures_of_wide_intervals_contain_inner_points, ()) {
  const double a = draw(0.01, 20.0), w = draw(0.0, 5.0), f = draw(0.0, 1.0);
  const double b = a + w, m = a + f * w;
  const interval X(a, b);
  RC_ASSERT(contains(boost::numeric::exp(X), boost::multiprecision::exp(mp50(m))));
  RC_ASSERT(contains(boost::numeric::log(X), boost::multiprecision::log(mp50(m))));
  RC_ASSERT(contains(pv::interval_pow(X, interval(-1.5, 0.5)), boost::multiprecision::pow(mp50(m), mp50(-0.25))));
}

// ---- the paper's claims -------------------------------------------------------------------------

namespace {
const std::vector<lilucb::verification::claim>& quick_claims() {
  static const auto claims = lilucb::verification::inequalities_claims({});
  return claims;
}
}  // namespace

BOOST_AUTO_TEST_CASE(paper_claims_have_the_expected_verdicts) {
  const std::map<std::string, verdict_kind> expected{
      {"inequalities.stupid-1", verdict_kind::holds},
      {"inequalities.stupid-2", verdict_kind::fails},
      {"inequalities.step1-sum-integral", verdict_kind::holds},
      {"inequalities.step1-zeta", verdict_kind::holds},
      {"inequalities.step2-exponent", verdict_kind::holds},
      {"inequalities.step3-combination", verdict_kind::holds_with_caveat},
      {"inequalities.lemma2-final-sum", verdict_kind::fails},
      {"inequalities.theorem-probability", verdict_kind::holds_with_caveat},
      {"inequalities.theorem-condition-a", verdict_kind::fails},
      {"inequalities.stupid-2-repaired", verdict_kind::holds},
      {"inequalities.lemma2-kappa-repaired", verdict_kind::holds},
      {"inequalities.lemma2-binomial-repaired", verdict_kind::holds},
      {"inequalities.theorem-condition-a-repaired", verdict_kind::holds},
  };
  const auto& claims = quick_claims();
  BOOST_TEST(claims.size() == expected.size());
  for (const auto& c : claims) {
    BOOST_TEST_CONTEXT(c.id) {
      const auto it = expected.find(c.id);
      BOOST_TEST_REQUIRE((it != expected.end()));
      BOOST_TEST(lilucb::verification::to_string(c.verdict) == lilucb::verification::to_string(it->second));
      BOOST_TEST(c.effort_independent);
      BOOST_TEST(!c.claim.empty());
      BOOST_TEST(!c.source.empty());
      BOOST_TEST(!c.computed.empty());
      BOOST_TEST(!c.evidence.empty());
      // The searches that decide a row finished within their budgets (the evidence may also
      // report cross-checks that did not).
      BOOST_TEST(c.computed.find("undecided") == std::string::npos);
    }
  }
}

// A planted false step in the repaired proof (docs/repaired-theorem.md) is caught:
//  (1) the repaired eq. stupidinequality2 with the paper's denominator log(1/delta) put back
//      instead of log(log(1+eps)/delta): a certain counterexample near s = 1, while the repaired
//      form has none on the same box;
//  (2) the reduction's inequality log(B + log(2(A+B))) < A + 2B - 1 with 2B weakened to B:
//      a certain counterexample.
BOOST_AUTO_TEST_CASE(planted_false_steps_of_the_repaired_proof_are_caught) {
  const interval c = interval(1.0) / interval(9.0);
  const interval one(1.0), two(2.0);
  auto delta_of = [](const interval& eps, const interval& theta) {
    return theta * pv::interval_log1p(eps) / boost::numeric::exp(interval(1.0));
  };
  const pv::predicate<4> hyp{[&](const pv::box<4>& x) {
                               const interval l1 = pv::interval_log1p(x[2]);
                               const interval d = delta_of(x[2], x[3]);
                               return c / x[1] * boost::numeric::log((boost::numeric::log(x[1]) + l1) / d) -
                                      boost::numeric::log((boost::numeric::log(x[0]) + l1) / d) / x[0];
                             },
                             false};
  auto concl_with = [&](bool repaired) {
    return pv::predicate<4>{[&, repaired](const pv::box<4>& x) {
                              const interval l1 = pv::interval_log1p(x[2]);
                              const interval d = delta_of(x[2], x[3]);
                              const interval num = boost::numeric::log(one / d) +
                                                   boost::numeric::log(two * boost::numeric::log(one / (c * d)));
                              const interval den = repaired ? boost::numeric::log(l1 / d) : boost::numeric::log(one / d);
                              return x[0] - x[1] / c * num / den;
                            },
                            false};
  };
  const pv::box<4> near_s1{interval(1.0, 100.0), interval(1.0, 1.5), interval(0.001, 0.3), interval(0.001, 0.999)};
  pv::budget b;
  b.max_boxes = 200000;
  b.relative_widths = false;
  const auto planted = pv::prove_implication(hyp, concl_with(false), near_s1, b);
  BOOST_TEST(pv::to_string(planted.verdict) == std::string("counterexample"));
  pv::budget b2 = b;
  b2.max_boxes = 20000;
  const auto repaired = pv::prove_implication(hyp, concl_with(true), near_s1, b2);
  BOOST_TEST(pv::to_string(repaired.verdict) != std::string("counterexample"));

  const pv::predicate<2> weakened{[](const pv::box<2>& x) {
                                    const interval one(1.0), two(2.0);
                                    return -(x[0] + x[1] - one - boost::numeric::log(x[1] + boost::numeric::log(two * (x[0] + x[1]))));
                                  },
                                  true};
  const double b0 = 1 + std::log(1 / std::log(2.0));
  const auto rw = pv::prove(weakened, pv::box<2>{interval(0.0, 10.0), interval(b0, 10.0)});
  BOOST_TEST(pv::to_string(rw.verdict) == std::string("counterexample"));
}

BOOST_AUTO_TEST_CASE(stupid_inequality_2_counterexample_in_long_double) {
  // Independent of the prover: eps = 0.01, s = 1, omega = delta = 0.0036 < log(1.01)/e, c = 1/9.
  const long double eps = 0.01L, s = 1, delta = 0.0036L, omega = delta, c = 1.0L / 9, t = 50;
  BOOST_TEST_REQUIRE(delta < std::log1p(eps) / std::exp(1.0L));
  const long double lhs = std::log(std::log((1 + eps) * t) / omega) / t;
  const long double rhs = c / s * std::log(std::log((1 + eps) * s) / delta);
  BOOST_TEST(lhs >= rhs);  // the hypothesis holds
  const long double bound = s / c * std::log(2 * std::log(1 / (c * omega)) / omega) / std::log(1 / delta);
  BOOST_TEST(t > bound);  // and the conclusion fails
}

BOOST_AUTO_TEST_CASE(lemma2_final_sum_counterexample_in_long_double) {
  // delta' = 1e-3 and n = 9 arms: the finite sum over i = 2..9 already exceeds the bound.
  const long double d = 1e-3L, a = std::sqrt(d) * std::log(1 / d);
  long double sum = 0;
  for (int j = 1; j <= 8; ++j) sum += std::pow(d, j) + std::min(j * d, std::exp(-2 * j * a));
  BOOST_TEST(sum > std::sqrt(d) + 2 * d / (1 - d));
  // while at delta' = 0.05 the whole series stays below it
  const long double d2 = 0.05L, a2 = std::sqrt(d2) * std::log(1 / d2);
  long double sum2 = 0;
  for (int j = 1; j <= 100000; ++j) sum2 += std::pow(d2, j) + std::min(j * d2, std::exp(-2 * j * a2));
  BOOST_TEST(sum2 < std::sqrt(d2) + 2 * d2 / (1 - d2));
}
