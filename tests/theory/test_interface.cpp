// The public interface of the theory module (lilucb/theory.hpp) as Boost.Math users expect it:
//  - mixed argument types promote (detail::promote_t = boost::math::tools::promote_args):
//    every public function on reals called with integers where the domain allows them equals
//    the all-double call bit for bit, and cpp_bin_float_50 mixed with integer literals equals
//    the all-cpp_bin_float_50 call (the result type is checked at compile time), Theorem R's
//    functions (repaired_theorem.hpp) included;
//  - the error policy (lilucb/policies.hpp) of lil_bound, lil_width and ls_bound:
//    return_sentinel gives the throwing form's value bit for bit on the lemma's domain, the
//    formula outside the lemma's delta range (the heuristic's case), and +infinity, instead of
//    an exception, for every invalid argument of the domain tables of test_finite_lil.
#include <boost/test/unit_test.hpp>

#include "mp50.hpp"

#include "lilucb/theory.hpp"

#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <vector>

// Every case of this file is in the suite interface (one executable holds the directory's files).
BOOST_AUTO_TEST_SUITE(interface)

using lilucb::inner_log;
using lilucb_test::mp50;
namespace policies = lilucb::policies;

namespace {
constexpr double inf = std::numeric_limits<double>::infinity();
constexpr double qnan = std::numeric_limits<double>::quiet_NaN();

template <class T>
bool same_optional(const std::optional<T>& a, const std::optional<T>& b) {
  return a.has_value() == b.has_value() && (!a || *a == *b);
}
}  // namespace

BOOST_AUTO_TEST_SUITE(promotion)

BOOST_AUTO_TEST_CASE(result_types) {
  static_assert(std::is_same_v<decltype(lilucb::lil_bound(1000, 0.01, 1e-3, 0.5, inner_log::plus2)), double>);
  static_assert(std::is_same_v<decltype(lilucb::lil_width(1000, 1, 1, 1, inner_log::plus2)), double>);
  static_assert(std::is_same_v<decltype(lilucb::lil_bound(1000, mp50(0.01), 1e-3, 1, inner_log::plus2)), mp50>);
  static_assert(std::is_same_v<decltype(lilucb::gamma(1, 0.5f)), double>);
  static_assert(std::is_same_v<decltype(lilucb::gamma(1.0f, 0.5f)), float>);
  static_assert(std::is_same_v<decltype(lilucb::a_min(2, mp50(0.001))), std::optional<mp50>>);
  static_assert(std::is_same_v<decltype(lilucb::certified_setting(0.1, 0.01, 1)), lilucb::certified_result<double>>);
  static_assert(std::is_same_v<decltype(lilucb::hardness_h1(std::vector<int>{1, 0})), double>);
  // Theorem R's functions (repaired_theorem.hpp) promote like the others.
  static_assert(std::is_same_v<decltype(lilucb::repaired_a_min(1, 1e-7, 0.01)), double>);
  static_assert(std::is_same_v<decltype(lilucb::repaired_kappa(1, mp50(1e-7), 0.01)), mp50>);
  static_assert(std::is_same_v<decltype(lilucb::repaired_failure_bound(0.01f, 1e-7)), std::optional<double>>);
  static_assert(std::is_same_v<decltype(lilucb::repaired_alpha(0.01f, 1e-4f)), float>);
  static_assert(std::is_same_v<decltype(lilucb::repaired_delta_max(mp50(0.5))), mp50>);
  static_assert(std::is_same_v<decltype(lilucb::check_repaired_theorem(0.01, 1, 1e-7, 50)),
                               lilucb::repaired_check<double>>);
  BOOST_TEST(true);
}

BOOST_AUTO_TEST_CASE(integers_equal_the_all_double_call) {
  // The example, then every public function on reals with an integer where its domain
  // admits one (eps, delta, nu and p are in (0,1), so they stay double).
  BOOST_TEST(lilucb::lil_bound(1000, 0.01, 1e-3, 0.5, inner_log::plus2) ==
             lilucb::lil_bound(1000.0, 0.01, 1e-3, 0.5, inner_log::plus2));
  for (auto in : {inner_log::lemma, inner_log::plus2}) {
    BOOST_TEST(lilucb::lil_bound(7, 0.5, 1e-3, 2, in) == lilucb::lil_bound(7.0, 0.5, 1e-3, 2.0, in));
    BOOST_TEST(lilucb::lil_width(7, 0.5, 1e-3, 2, in) == lilucb::lil_width(7.0, 0.5, 1e-3, 2.0, in));
  }
  BOOST_TEST(lilucb::ls_bound(50, 0.01, 0.1, 1, 10) == lilucb::ls_bound(50.0, 0.01, 0.1, 1.0, 10));
  BOOST_TEST(lilucb::gamma(1, 0.01) == lilucb::gamma(1.0, 0.01));
  BOOST_TEST(lilucb::exploration_ratio(2) == lilucb::exploration_ratio(2.0));
  BOOST_TEST(lilucb::kappa(1, 1e-4) == lilucb::kappa(1.0, 1e-4));
  BOOST_TEST(same_optional(lilucb::a_min(1, 1e-4), lilucb::a_min(1.0, 1e-4)));
  BOOST_TEST(same_optional(lilucb::a_min_proof(1, 1e-6, 0.01), lilucb::a_min_proof(1.0, 1e-6, 0.01)));
  const auto c = lilucb::check_theorem(0.01, 1, 1e-4, 9);
  const auto d = lilucb::check_theorem(0.01, 1.0, 1e-4, 9.0);
  BOOST_TEST((c.satisfies_theorem() == d.satisfies_theorem() && same_optional(c.a_min, d.a_min) &&
              same_optional(c.failure_bound, d.failure_bound)));
  BOOST_TEST(lilucb::leading_constant(1) == lilucb::leading_constant(1.0));
  BOOST_TEST(lilucb::total_samples_bound(100, 9) == lilucb::total_samples_bound(100.0, 9.0));
  const auto s = lilucb::certified_setting(0.1, 0.01, 1);
  const auto t = lilucb::certified_setting(0.1, 0.01, 1.0);
  BOOST_TEST((s.setting.delta == t.setting.delta && s.setting.a == t.setting.a));
  // Theorem R (repaired_theorem.hpp): beta and a admit integers.
  BOOST_TEST(lilucb::repaired_kappa(1, 1e-7, 0.01) == lilucb::repaired_kappa(1.0, 1e-7, 0.01));
  BOOST_TEST(lilucb::repaired_a_min(2, 1e-7, 0.01) == lilucb::repaired_a_min(2.0, 1e-7, 0.01));
  BOOST_TEST(lilucb::repaired_sample_factor(1, 1e-7, 0.01) == lilucb::repaired_sample_factor(1.0, 1e-7, 0.01));
  const auto rc = lilucb::check_repaired_theorem(0.01, 1, 1e-7, 50);
  const auto rd = lilucb::check_repaired_theorem(0.01, 1.0, 1e-7, 50.0);
  BOOST_TEST(rc.holds());  // a = 50 >= repaired_a_min(1, 1e-7, 0.01) (about 40)
  BOOST_TEST((rc.holds() == rd.holds() && same_optional(rc.a_min, rd.a_min) &&
              same_optional(rc.failure_bound, rd.failure_bound) && rc.delta_max == rd.delta_max));
  // float arguments promote to float, and a float mixed with a double to double.
  BOOST_TEST(lilucb::repaired_alpha(0.01f, 1e-7) == lilucb::repaired_alpha(double(0.01f), 1e-7));
  BOOST_TEST(same_optional(lilucb::repaired_failure_bound(0.01f, 1e-7),
                           lilucb::repaired_failure_bound(double(0.01f), 1e-7)));
  // Instance functions: the real type is the means' element type, promoted (integers -> double).
  BOOST_TEST(lilucb::hardness_h1(std::vector<int>{1, 0, 0}) == lilucb::hardness_h1(std::vector<double>{1, 0, 0}));
  BOOST_TEST(lilucb::lemma1_bound(std::vector<double>{1, 0.5}, 0.01, 1, 1e-4) ==
             lilucb::lemma1_bound(std::vector<double>{1, 0.5}, 0.01, 1.0, 1e-4));
}

BOOST_AUTO_TEST_CASE(multiprecision_with_integer_literals) {
  const mp50 eps("0.01"), delta("0.001"), half("0.5");
  BOOST_TEST((lilucb::lil_bound(1000, eps, delta, half, inner_log::plus2) ==
              lilucb::lil_bound(mp50(1000), eps, delta, half, inner_log::plus2)));
  BOOST_TEST((lilucb::lil_width(1000, eps, delta, 1, inner_log::lemma) ==
              lilucb::lil_width(mp50(1000), eps, delta, mp50(1), inner_log::lemma)));
  BOOST_TEST((lilucb::ls_bound(1000, eps, delta, 2, 10) == lilucb::ls_bound(mp50(1000), eps, delta, mp50(2), 10)));
  BOOST_TEST((lilucb::gamma(1, eps) == lilucb::gamma(mp50(1), eps)));
  BOOST_TEST((lilucb::kappa(1, delta) == lilucb::kappa(mp50(1), delta)));
  BOOST_TEST((*lilucb::a_min(2, delta) == *lilucb::a_min(mp50(2), delta)));
  BOOST_TEST((lilucb::total_samples_bound(100, mp50(9)) == lilucb::total_samples_bound(mp50(100), mp50(9))));
  BOOST_TEST((lilucb::lil_failure_probability(eps, delta, inner_log::lemma) ==
              lilucb::lil_failure_probability(eps, delta, inner_log::lemma)));
  const mp50 small_delta("1e-7");
  BOOST_TEST((lilucb::repaired_kappa(1, small_delta, eps) == lilucb::repaired_kappa(mp50(1), small_delta, eps)));
  BOOST_TEST((lilucb::repaired_a_min(2, small_delta, eps) == lilucb::repaired_a_min(mp50(2), small_delta, eps)));
  BOOST_TEST((lilucb::repaired_sample_factor(1, small_delta, eps) ==
              lilucb::repaired_sample_factor(mp50(1), small_delta, eps)));
  const auto rm = lilucb::check_repaired_theorem(eps, 1, small_delta, 50);
  const auto rn = lilucb::check_repaired_theorem(eps, mp50(1), small_delta, mp50(50));
  BOOST_TEST((rm.holds() && rn.holds() && *rm.a_min == *rn.a_min && *rm.failure_bound == *rn.failure_bound));
  // ... and a double argument promotes to the multiprecision type (the double's exact value).
  BOOST_TEST((lilucb::repaired_alpha(eps, 1e-7) == lilucb::repaired_alpha(eps, mp50(1e-7))));
  BOOST_TEST((lilucb::lil_bound(1000, eps, 0.5, half, inner_log::plus2) ==
              lilucb::lil_bound(mp50(1000), eps, mp50(0.5), half, inner_log::plus2)));
}

BOOST_AUTO_TEST_SUITE_END()

// ---------------------------------------------------------------------------------------------
BOOST_AUTO_TEST_SUITE(error_policy)

BOOST_AUTO_TEST_CASE(sentinel_equals_the_throwing_form_on_the_domain) {
  const policies::return_sentinel sentinel;
  for (double t : {1.0, 2.0, 37.0, 1e6, 1e300})
    for (double eps : {1e-12, 0.01, 0.5, 0.99})
      for (double sigma : {0.5, 3.0})
        for (auto in : {inner_log::lemma, inner_log::plus2}) {
          const double delta = 0.5 * lilucb::lil_delta_max(eps, in);
          BOOST_TEST_CONTEXT("t=" << t << " eps=" << eps << " sigma=" << sigma) {
            BOOST_TEST(lilucb::lil_width(t, eps, delta, sigma, in, sentinel) == lilucb::lil_width(t, eps, delta, sigma, in));
            BOOST_TEST(lilucb::lil_bound(t, eps, delta, sigma, in, sentinel) == lilucb::lil_bound(t, eps, delta, sigma, in));
            if (in == inner_log::plus2)
              BOOST_TEST(lilucb::ls_bound(t, eps, delta, sigma, 7, sentinel) == lilucb::ls_bound(t, eps, delta, sigma, 7));
          }
        }
}

BOOST_AUTO_TEST_CASE(sentinel_evaluates_outside_the_lemmas_delta_range) {
  // eps = 0 with the lemma's inner log (the heuristic): the lemma needs eps > 0 and
  // delta < log(1+eps)/e, so the throwing form throws; the sentinel form gives the formula,
  // +infinity where log(log t / delta) <= 0 (t = 1: log 1 = 0) and the value elsewhere,
  // checked against the 50-digit instantiation of the same policy.
  const policies::return_sentinel sentinel;
  BOOST_CHECK_THROW(lilucb::lil_width(10.0, 0.0, 0.02, 0.5, inner_log::lemma), lilucb::domain_error);
  BOOST_TEST(lilucb::lil_width(1.0, 0.0, 0.02, 0.5, inner_log::lemma, sentinel) == inf);
  for (double t : {2.0, 10.0, 1e4}) {
    const double w = lilucb::lil_width(t, 0.0, 0.02, 0.5, inner_log::lemma, sentinel);
    const double by_hand = 0.5 * std::sqrt(2 * std::log(std::log(t) / 0.02) / t);
    BOOST_TEST(w == by_hand, boost::test_tools::tolerance(1e-14));
  }
  // delta above log(1+eps) at t = 1: log(log(1+eps)/delta) < 0, +infinity.
  BOOST_TEST(lilucb::lil_width(1.0, 0.5, 0.9, 1.0, inner_log::lemma, sentinel) == inf);
}

BOOST_AUTO_TEST_CASE(sentinel_instead_of_every_exception) {
  const policies::return_sentinel sentinel;
  struct args { double t, eps, delta, sigma; };
  const std::vector<args> invalid{
      {0.5, 0.5, 0.1, 1}, {0, 0.5, 0.1, 1},   {qnan, 0.5, 0.1, 1}, {inf, 0.5, 0.1, 1},
      {2, -0.1, 0.1, 1},  {2, 1, 0.1, 1},     {2, qnan, 0.1, 1},   {2, 0.5, 0, 1},
      {2, 0.5, 1, 1},     {2, 0.5, qnan, 1},   {2, 0.5, 0.1, 0},   {2, 0.5, 0.1, -1},
      {2, 0.5, 0.1, qnan}, {2, 0.5, 0.1, inf}};
  for (const auto& a : invalid)
    for (auto in : {inner_log::lemma, inner_log::plus2}) {
      BOOST_TEST_CONTEXT("t=" << a.t << " eps=" << a.eps << " delta=" << a.delta << " sigma=" << a.sigma) {
        BOOST_CHECK_THROW(lilucb::lil_width(a.t, a.eps, a.delta, a.sigma, in), lilucb::domain_error);
        BOOST_CHECK_THROW(lilucb::lil_bound(a.t, a.eps, a.delta, a.sigma, in), lilucb::domain_error);
        BOOST_TEST(lilucb::lil_width(a.t, a.eps, a.delta, a.sigma, in, sentinel) == inf);
        BOOST_TEST(lilucb::lil_bound(a.t, a.eps, a.delta, a.sigma, in, sentinel) == inf);
      }
    }
  for (const auto& a : invalid) {
    BOOST_CHECK_THROW(lilucb::ls_bound(a.t, a.eps, a.delta, a.sigma, 3), lilucb::domain_error);
    BOOST_TEST(lilucb::ls_bound(a.t, a.eps, a.delta, a.sigma, 3, sentinel) == inf);
  }
  BOOST_CHECK_THROW(lilucb::ls_bound(2.0, 0.5, 0.1, 1.0, 0), lilucb::domain_error);
  BOOST_TEST(lilucb::ls_bound(2.0, 0.5, 0.1, 1.0, 0, sentinel) == inf);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE_END()  // interface
