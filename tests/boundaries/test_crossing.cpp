// The crossing engine (lib/include/lilucb/boundaries/crossing.hpp) on cases with independently
// known answers:
//   T = 1: p = Phi(-u(1)/sigma) exactly;
//   T = 2: p = Phi(-u1/sigma) + int_{-inf}^{u1} phi_sigma(x) Phi((x - u2)/sigma) dx, by
//          Boost.Math's Gauss–Kronrod quadrature (independent of the grid);
//   the measured order of convergence in the cell width, and the bracket holding the answer;
//   linear boundaries: the walk never crosses more often than Brownian motion, exp(-2ab/sigma^2);
//   the tail bound after T covers what the engine finds between T and 4T;
//   Monte Carlo with exact Clopper–Pearson intervals at level 1e-6 on each side.
#include <boost/test/unit_test.hpp>

#include "domain_table.hpp"

#include "lilucb/boundaries.hpp"
#include "lilucb/clopper_pearson.hpp"

#include <boost/math/distributions/normal.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>

#include <cmath>
#include <limits>
#include <utility>
#include <vector>

namespace tt = boost::test_tools;
using namespace lilucb::boundaries;
using lilucb_test::names_parameter;

namespace {

double Phi(double z) { return boost::math::cdf(boost::math::normal_distribution<>(), z); }

double p_two_steps(double u1, double u2, double sigma) {
  auto f = [&](double x) {
    return std::exp(-x * x / (2 * sigma * sigma)) / (sigma * std::sqrt(2 * M_PI)) * Phi((x - u2) / sigma);
  };
  const double inner = boost::math::quadrature::gauss_kronrod<double, 61>::integrate(
      f, -std::numeric_limits<double>::infinity(), u1, 20, 1e-15);
  return Phi(-u1 / sigma) + inner;
}

grid_crossing on_grid(const std::vector<double>& u, double sigma, unsigned q, std::vector<std::uint64_t> at = {}) {
  crossing_grid_options o;
  o.resolution = q;
  return crossing_probability_on_grid([&](std::uint64_t t) { return u[t]; }, sigma, u.size() - 1, o, at);
}

boundary_spec spec_of(boundary_kind k, double alpha) {
  boundary_spec s;
  s.kind = k;
  s.alpha = alpha;
  return s;
}

}  // namespace

BOOST_AUTO_TEST_CASE(one_step_is_exact) {
  for (double sigma : {0.5, 1.0, 3.0})
    for (double u1 : {-0.7, 0.0, 0.3, 2.0, 5.5}) {
      const std::vector<double> u{0, u1};
      for (unsigned q : {2u, 8u}) {
        BOOST_TEST_CONTEXT("sigma = " << sigma << ", u(1) = " << u1 << ", q = " << q) {
          BOOST_TEST(on_grid(u, sigma, q).probability == Phi(-u1 / sigma), tt::tolerance(1e-13));
        }
      }
    }
}

// Two steps: the error shrinks like h^2 (ratio 4 per halving; accepted 2.5..6) and the bracket
// [lower, upper] of crossing_probability holds the quadrature value.
BOOST_AUTO_TEST_CASE(two_steps_by_quadrature_and_order_of_convergence) {
  struct c_t { double u1, u2, sigma; };
  for (const c_t& c : {c_t{2.0, 2.0, 1.0}, c_t{3.0, 3.5, 1.0}, c_t{1.0, 4.0, 2.0}, c_t{4.0, 4.2, 1.5}}) {
    const std::vector<double> u{0, c.u1, c.u2};
    const double exact = p_two_steps(c.u1, c.u2, c.sigma);
    const double e4 = std::abs(on_grid(u, c.sigma, 4).probability - exact);
    const double e8 = std::abs(on_grid(u, c.sigma, 8).probability - exact);
    const double e16 = std::abs(on_grid(u, c.sigma, 16).probability - exact);
    BOOST_TEST_CONTEXT("u = (" << c.u1 << ", " << c.u2 << "), sigma = " << c.sigma << ", exact " << exact
                               << ", errors " << e4 << " " << e8 << " " << e16) {
      BOOST_TEST(e8 < e4);
      BOOST_TEST(e16 < e8);
      BOOST_TEST(e4 / e8 > 2.5);
      BOOST_TEST(e4 / e8 < 6.0);
      BOOST_TEST(e8 / e16 > 2.5);
      BOOST_TEST(e8 / e16 < 6.0);
      boundary_spec s;
      s.kind = boundary_kind::linear;
      s.sigma = c.sigma;
      s.a = c.u1 - (c.u2 - c.u1);
      s.b = c.u2 - c.u1;
      if (s.a >= 0 && s.b >= 0) {
        const crossing_result r = crossing_probability(s, 2, 8);
        BOOST_TEST(r.probability_lower <= exact);
        BOOST_TEST(exact <= r.probability_upper);
      }
    }
  }
}

// sigma B crosses a + b t with probability exp(-2ab/sigma^2); the walk sees a subset of the
// path's times, so the engine's whole bracket must stay below it, and it approaches it only
// from below (the discrete walk overshoots).
BOOST_AUTO_TEST_CASE(linear_boundary_below_the_brownian_bound) {
  struct c_t { double a, b, sigma; std::uint64_t T; };
  for (const c_t& c : {c_t{2, 0.2, 1, 3000}, c_t{4, 0.5, 1, 1000}, c_t{1, 0.05, 0.5, 3000}, c_t{6, 0.3, 2, 3000}}) {
    boundary_spec s;
    s.kind = boundary_kind::linear;
    s.a = c.a;
    s.b = c.b;
    s.sigma = c.sigma;
    const crossing_result r = crossing_probability(s, c.T, 4);
    const double bm = brownian_linear_crossing_probability(c.a, c.b, c.sigma);
    BOOST_TEST_CONTEXT("a = " << c.a << ", b = " << c.b << ", sigma = " << c.sigma << ": engine ["
                              << r.probability_lower << ", " << r.probability_upper << "], Brownian " << bm) {
      BOOST_TEST(r.probability_upper <= bm);
      BOOST_TEST(r.probability_lower > 0.2 * bm);  // not vacuous: the same order as the limit
      BOOST_REQUIRE(r.tail_bound.has_value());
      BOOST_TEST(*r.tail_bound < 1e-3);  // the horizon is long enough to leave a small tail
    }
  }
}

// The tail bound after T covers the crossings the engine finds between T and 4T.
BOOST_AUTO_TEST_CASE(tail_bound_covers_later_crossings) {
  for (auto k : {boundary_kind::stitched, boundary_kind::mixture, boundary_kind::mixture_two_sided}) {
    const auto s = spec_of(k, 0.05);
    const auto u = boundary_radii(s, 2000);
    const auto g = on_grid(u, 1.0, 8, {500, 2000});
    const auto tail = boundary_tail_bound(s, 500.0);
    BOOST_TEST_CONTEXT(to_string(k)) {
      BOOST_REQUIRE(tail.has_value());
      BOOST_TEST(g.at_checkpoints[1] - g.at_checkpoints[0] <= *tail);
      BOOST_TEST(g.at_checkpoints[1] <= 0.05);  // the stated alpha holds
    }
  }
}

BOOST_AUTO_TEST_CASE(two_resolutions_agree) {
  for (auto k : {boundary_kind::stitched, boundary_kind::mixture}) {
    const auto u = boundary_radii(spec_of(k, 0.05), 3000);
    const double p8 = on_grid(u, 1.0, 8).probability, p16 = on_grid(u, 1.0, 16).probability;
    BOOST_TEST_CONTEXT(to_string(k) << ": " << p8 << " vs " << p16) {
      BOOST_TEST(std::abs(p8 - p16) < 0.01 * p16);
    }
  }
}

// Monte Carlo: the engine's bracket meets the exact Clopper–Pearson interval (level 1e-6 on
// each side) of a fixed-seed simulation.
BOOST_AUTO_TEST_CASE(monte_carlo_agrees) {
  struct c_t { boundary_spec s; std::uint64_t T, paths; };
  boundary_spec constant;
  constant.kind = boundary_kind::constant;
  constant.c_const = 3;
  boundary_spec linear;
  linear.kind = boundary_kind::linear;
  linear.a = 2;
  linear.b = 0.2;
  for (const c_t& c : {c_t{spec_of(boundary_kind::stitched, 0.2), 400, 40000},
                      c_t{spec_of(boundary_kind::mixture, 0.2), 400, 40000}, c_t{constant, 30, 40000},
                      c_t{linear, 200, 40000}}) {
    const auto cnt = crossing_monte_carlo(boundary_radii(c.s, c.T), c.s.sigma, c.paths, 20261126);
    const double lo = lilucb::clopper_pearson_lower(cnt.crossed, cnt.paths, 1e-6);
    const double hi = lilucb::clopper_pearson_upper(cnt.crossed, cnt.paths, 1e-6);
    const crossing_result r = crossing_probability(c.s, c.T, 8);
    BOOST_TEST_CONTEXT(to_string(c.s.kind) << ": Monte Carlo " << cnt.crossed << "/" << cnt.paths << " -> [" << lo
                                           << ", " << hi << "], engine [" << r.probability_lower << ", "
                                           << r.probability_upper << "]") {
      BOOST_TEST(r.probability_upper >= lo);
      BOOST_TEST(r.probability_lower <= hi);
      BOOST_TEST(cnt.crossed > 100u);  // the check has power
    }
  }
}

BOOST_AUTO_TEST_CASE(seeded_monte_carlo_is_reproducible) {
  const auto u = boundary_radii(spec_of(boundary_kind::stitched, 0.3), 50);
  const auto a = crossing_monte_carlo(u, 1.0, 2000, 7), b = crossing_monte_carlo(u, 1.0, 2000, 7);
  BOOST_TEST(a.crossed == b.crossed);
}

BOOST_AUTO_TEST_CASE(crossing_domain) {
  const auto s = spec_of(boundary_kind::stitched, 0.05);
  BOOST_CHECK_EXCEPTION(crossing_probability(s, 0), lilucb::domain_error, (names_parameter{"", "horizon"}));
  BOOST_CHECK_EXCEPTION(crossing_probability(s, 10, 0), lilucb::domain_error, (names_parameter{"", "resolution"}));
  auto bad = s;
  bad.sigma = -1;
  BOOST_CHECK_EXCEPTION(crossing_probability(bad, 10), lilucb::domain_error, (names_parameter{"", "sigma"}));
  const std::vector<double> u{0, 1, 2};
  crossing_grid_options o;
  BOOST_CHECK_EXCEPTION(crossing_probability_on_grid([&](std::uint64_t t) { return u[t]; }, 1.0, 2, o, {3}),
                        lilucb::domain_error, (names_parameter{"", "checkpoints"}));
}

// A boundary far above the walk (a huge constant, a tiny sigma, an inf from u q/sigma) is capped
// at window_sds sd(S_t): the grid no longer spans it (`crossing --kind constant --c 1e15` ran for
// minutes), and what passes the cap is dropped, not crossed.
BOOST_AUTO_TEST_CASE(boundary_far_above_is_capped) {
  boundary_spec c;
  c.kind = boundary_kind::constant;
  for (auto [value, sigma] : {std::pair{1e15, 1.0}, std::pair{3.0, 1e-17}, std::pair{1e308, 1e-300}}) {
    c.c_const = value;
    c.sigma = sigma;
    const crossing_result r = crossing_probability(c, 200, 4);
    BOOST_TEST_CONTEXT("c = " << value << ", sigma = " << sigma) {
      BOOST_TEST(r.probability_lower == 0.0);
      BOOST_TEST(r.estimate == 0.0);
      BOOST_TEST(r.probability_upper < 1e-15);  // the long-jump and cap terms only
    }
  }
  boundary_spec lin;
  lin.kind = boundary_kind::linear;
  lin.b = 1e308;
  BOOST_CHECK_EXCEPTION(crossing_probability(lin, 10), lilucb::domain_error, (names_parameter{"", "b"}));
  const std::vector<double> u{0, 1, std::numeric_limits<double>::quiet_NaN()};
  BOOST_CHECK_EXCEPTION(on_grid(u, 1.0, 4), lilucb::domain_error, (names_parameter{"", "radius"}));
}
