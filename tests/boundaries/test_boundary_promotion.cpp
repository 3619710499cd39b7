// Mixed argument types in the boundaries' functions (lib/include/lilucb/boundaries): each public
// function on reals takes one template parameter per real argument and computes in the type
// Boost.Math's promote_args gives (integers count as double, the widest floating type wins), as
// the theory layer does (finite_lil.hpp).  So stitched_radius(1000, 0.05, 2, 1.5f, 1, 0) compiles
// and is the all-double call, bit for bit; the float arguments below are exact in float, so the
// double call sees the same numbers.
#include <boost/test/unit_test.hpp>

#include "lilucb/boundaries.hpp"

#include <cmath>
#include <type_traits>

// Every case of this file is in the suite boundary_promotion (one executable holds the directory's files).
BOOST_AUTO_TEST_SUITE(boundary_promotion)

using namespace lilucb::boundaries;

namespace {
constexpr auto one = mixture_sides::one_sided;
constexpr auto two = mixture_sides::two_sided;
}  // namespace

// The result types: promote_args, as in Boost.Math.
static_assert(std::is_same_v<decltype(stitched_radius(1000, 0.05, 2, 1.5f, 1, 0)), double>);
static_assert(std::is_same_v<decltype(stitched_radius(1000.0f, 0.25f, 2.0f, 1.5f, 1.0f, 0.0f)), float>);
static_assert(std::is_same_v<decltype(linear_radius(1.0f, 2, 0.5f)), double>);  // int counts as double
static_assert(std::is_same_v<decltype(linear_radius(1.0f, 2.0f, 0.5f)), float>);
static_assert(std::is_same_v<decltype(linear_radius(1.0L, 2, 0.5)), long double>);
static_assert(std::is_same_v<decltype(kk_calibration_gaussian(3)), double>);  // not int
static_assert(std::is_same_v<decltype(glr_threshold_gaussian(1000, 0.05, 10)), double>);
static_assert(std::is_same_v<decltype(normal_mixture_rho(100, 0.25f, two)), double>);

BOOST_AUTO_TEST_CASE(stitching_mixed_arguments_are_the_double_call) {
  BOOST_TEST(stitched_radius(1000, 0.05, 2, 1.5f, 1, 0) == stitched_radius(1000.0, 0.05, 2.0, 1.5, 1.0, 0.0));
  BOOST_TEST(stitched_radius(1000.0, 0.05, 2.0f, 1.5, 1, 0.5f) == stitched_radius(1000.0, 0.05, 2.0, 1.5, 1.0, 0.5));
  BOOST_TEST(stitched_tail_probability(100000, 0.05, 2.0f, 1.5, 1) ==
             stitched_tail_probability(100000.0, 0.05, 2.0, 1.5, 1.0));
  BOOST_TEST(stitched_tail_probability(1, 0.25f, 2, 1.5f, 1.0) == stitched_tail_probability(1.0, 0.25, 2.0, 1.5, 1.0));
}

BOOST_AUTO_TEST_CASE(normal_mixture_mixed_arguments_are_the_double_call) {
  for (auto sides : {one, two}) {
    BOOST_TEST(normal_mixture_rho(100, 0.25f, sides) == normal_mixture_rho(100.0, 0.25, sides));
    BOOST_TEST(normal_mixture_rho(100.0f, 0.05, sides) == normal_mixture_rho(100.0, 0.05, sides));
    BOOST_TEST(normal_mixture_log_supermartingale(3, 10.0, 2.5f, sides) ==
               normal_mixture_log_supermartingale(3.0, 10.0, 2.5, sides));
    BOOST_TEST(normal_mixture_radius(1000, 0.05, 12.5f, sides) == normal_mixture_radius(1000.0, 0.05, 12.5, sides));
    BOOST_TEST(normal_mixture_tail_probability(1000, 0.05, 12.5f, sides) ==
               normal_mixture_tail_probability(1000.0, 0.05, 12.5, sides));
  }
}

BOOST_AUTO_TEST_CASE(linear_mixed_arguments_are_the_double_call) {
  BOOST_TEST(linear_radius(10, 1.0f, 0.5) == linear_radius(10.0, 1.0, 0.5));
  BOOST_TEST(linear_radius(10.0, 1, 0.1) == linear_radius(10.0, 1.0, 0.1));
  BOOST_TEST(brownian_linear_crossing_probability(1, 0.5f, 2) == brownian_linear_crossing_probability(1.0, 0.5, 2.0));
  BOOST_TEST(linear_tail_probability(100, 1, 0.5f, 1.0) == linear_tail_probability(100.0, 1.0, 0.5, 1.0));
}

BOOST_AUTO_TEST_CASE(glr_thresholds_mixed_arguments_are_the_double_call) {
  BOOST_TEST(kk_calibration_gaussian(3) == kk_calibration_gaussian(3.0));
  BOOST_TEST(glr_threshold_gaussian_constant(0.05, 10) == glr_threshold_gaussian_constant(0.05, 10.0));
  BOOST_TEST(glr_threshold_gaussian_constant(0.25f, 2) == glr_threshold_gaussian_constant(0.25, 2.0));
  BOOST_TEST(glr_threshold_gaussian_time_term(1000) == glr_threshold_gaussian_time_term(1000.0));
  BOOST_TEST(glr_threshold_gaussian(1000, 0.05, 10) == glr_threshold_gaussian(1000.0, 0.05, 10.0));
  BOOST_TEST(glr_threshold_gaussian(1000.0f, 0.05, 10) == glr_threshold_gaussian(1000.0, 0.05, 10.0));
  BOOST_TEST(glr_threshold_heuristic(1000, 0.25f) == glr_threshold_heuristic(1000.0, 0.25));
  // kk_g_gaussian has one argument, in (1/2, 1), where no integer lies: a float argument stays
  // float (it is not promoted) and agrees with the double computation to float precision.
  static_assert(std::is_same_v<decltype(kk_g_gaussian(0.75f)), float>);
  BOOST_TEST(kk_g_gaussian(0.75f) == kk_g_gaussian(0.75), boost::test_tools::tolerance(1e-6));
  BOOST_TEST(kk_g_gaussian(0.75f) != 0.0f);
}

// lil_tail_probability and the family interface (boundary_radius, boundary_tail_bound) are
// functions of double, not templates: their integer and float arguments convert to double.
BOOST_AUTO_TEST_CASE(double_functions_take_mixed_arguments) {
  BOOST_TEST(lil_tail_probability(1000, 0.25f, 0.01) == lil_tail_probability(1000.0, 0.25, 0.01));
  boundary_spec spec;
  spec.kind = boundary_kind::stitched;
  spec.alpha = 0.05;
  BOOST_TEST(boundary_radius(spec, 1000) == boundary_radius(spec, 1000.0));
}

BOOST_AUTO_TEST_SUITE_END()  // boundary_promotion
