// The crossing engines (lib/include/lilucb/boundaries/crossing.hpp, crossing_nystrom.hpp) on
// cases with independently known answers.
//
// The Nystrom engine behind crossing_probability:
//   T = 1: p = Phi(-u(1)/sigma) exactly;
//   T = 2, 3: nested Gauss–Kronrod quadrature (Boost.Math, independent of any grid), to 2e-13;
//   the observed orders of the rule (2, 4, 6 in h for 0, 1, 2 end terms);
//   Richardson extrapolation of the plain trapezoid rule over h = 1/2, 1/4, 1/8, 1/16 (no end
//   derivatives, no bulk lattice: a second method, sharing only the step code) at T = 10, 100, 10^4, to 1e-8,
//   with its observed orders (4, then 16);
//   the reported bracket: at most 1e-8 wide at T <= 10^4, inside the grid engine's bracket, and
//   the estimate against reference values of a Gauss–Legendre panel Nystrom method to 1e-13;
//   the bulk lattice (two-level scheme) changes nothing measurable (1e-12) on regular and
//   irregular boundaries; boundaries far above, far below, +-inf, NaN; checkpoints.
// The grid engine (crossing_probability_on_grid, crossing_probability_two_grids):
//   T = 1 exactly, T = 2 by quadrature with its measured order and bracket;
//   linear boundaries: the walk never crosses more often than Brownian motion, exp(-2ab/sigma^2)
//   (checked with crossing_probability);
//   the tail bound after T covers what the engine finds between T and 4T; resolutions agree;
//   Monte Carlo with exact Clopper–Pearson intervals at level 1e-6 on each side (checked with
//   crossing_probability).
#include <boost/test/unit_test.hpp>

#include "domain_table.hpp"

#include "lilucb/boundaries.hpp"
#include "lilucb/clopper_pearson.hpp"

#include <boost/math/distributions/normal.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <string>
#include <utility>
#include <vector>

// Every case of this file is in the suite crossing (one executable holds the directory's files).
BOOST_AUTO_TEST_SUITE(crossing)

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

// T = 2 and 3 by (nested) quadrature on finite intervals, sigma = 1 after scaling:
//   p(2) = Phibar(u1) + int_{x <= u1} phi(x) Phibar(u2 - x) dx,
//   p(3) = Phibar(u1) + int_{x <= u1} phi(x) [Phibar(u2 - x) + int_{y <= u2} phi(y - x) Phibar(u3 - y) dy] dx,
// the lower limits 12 sd below where the Gaussian factors fall under 1e-32.
double phi_pdf(double z) { return std::exp(-0.5 * z * z) / std::sqrt(2 * M_PI); }
using gk61 = boost::math::quadrature::gauss_kronrod<double, 61>;
double p_two_steps_finite(double u1, double u2, double sigma) {
  u1 /= sigma;
  u2 /= sigma;
  auto f = [&](double x) { return phi_pdf(x) * Phi(x - u2); };
  return Phi(-u1) + gk61::integrate(f, std::min(0.0, u1) - 12, u1, 10, 1e-14);
}
double p_three_steps(double u1, double u2, double u3, double sigma) {
  u1 /= sigma;
  u2 /= sigma;
  u3 /= sigma;
  auto inner = [&](double x) {
    auto g = [&](double y) { return phi_pdf(y - x) * Phi(y - u3); };
    return Phi(x - u2) + gk61::integrate(g, std::min(x, u2) - 12, u2, 10, 1e-14);
  };
  auto f = [&](double x) { return phi_pdf(x) * inner(x); };
  return Phi(-u1) + gk61::integrate(f, std::min(0.0, u1) - 12, u1, 10, 1e-14);
}

double nystrom(const std::vector<double>& u, double sigma, double step, unsigned terms, bool bulk = true) {
  nystrom_options o;
  o.step = step;
  o.correction_terms = terms;
  o.coarse_bulk = bulk;
  return crossing_probability_nystrom(u, sigma, o).probability;
}

boundary_spec constant_boundary(double c) {
  boundary_spec s;
  s.kind = boundary_kind::constant;
  s.c_const = c;
  return s;
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

// The grid engine, one step.
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

// The grid engine, two steps: the error shrinks like h^2 (ratio 4 per halving; accepted
// 2.5..6) and the bracket [lower, upper] of its pair (crossing_probability_two_grids) holds the
// quadrature value.
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
        const crossing_result r = crossing_probability_two_grids(s, 2, 8);
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
  BOOST_CHECK_EXCEPTION(crossing_probability_nystrom(u, 1.0), lilucb::domain_error, (names_parameter{"", "radius"}));
  // The grid engine's pair caps the same way.
  c.c_const = 1e15;
  c.sigma = 1;
  const crossing_result old = crossing_probability_two_grids(c, 200, 4);
  BOOST_TEST(old.estimate == 0.0);
  BOOST_TEST(old.probability_upper < 1e-15);
}

// ---- the Nystrom engine (crossing_nystrom.hpp) behind crossing_probability ----

BOOST_AUTO_TEST_CASE(nystrom_one_step_is_exact) {
  for (double sigma : {0.5, 1.0, 3.0})
    for (double u1 : {-0.7, 0.0, 0.3, 2.0, 5.5})
      for (double step : {0.25, 0.5, 1.0}) {
        BOOST_TEST_CONTEXT("sigma = " << sigma << ", u(1) = " << u1 << ", step = " << step) {
          BOOST_TEST(nystrom({0, u1}, sigma, step, 12) == Phi(-u1 / sigma), tt::tolerance(1e-14));
        }
      }
  const crossing_result r = crossing_probability(constant_boundary(2), 1);
  BOOST_TEST(r.estimate == Phi(-2.0), tt::tolerance(1e-14));
  BOOST_TEST(r.probability_lower <= Phi(-2.0));
  BOOST_TEST(Phi(-2.0) <= r.probability_upper);
}

// T = 2 and 3 against nested Gauss–Kronrod quadrature, to 2e-13 (boundaries above and below 0,
// rising and falling, several sigma), at the default step and at h = 1/4.
BOOST_AUTO_TEST_CASE(nystrom_two_and_three_steps_by_nested_quadrature) {
  struct c_t { double u1, u2, u3, sigma; };
  for (const c_t& c : {c_t{2, 2, 2, 1}, c_t{3, 3.5, 3.7, 1}, c_t{0.5, 2, 1, 1}, c_t{1, -0.5, 0.3, 1},
                       c_t{1, 4, 2.5, 2}, c_t{4, 4.2, 4.4, 1.5}, c_t{-1, -2, -3, 0.7}}) {
    const double e2 = p_two_steps_finite(c.u1, c.u2, c.sigma), e3 = p_three_steps(c.u1, c.u2, c.u3, c.sigma);
    for (double step : {0.5, 0.25}) {
      const double p2 = nystrom({0, c.u1, c.u2}, c.sigma, step, 12);
      const double p3 = nystrom({0, c.u1, c.u2, c.u3}, c.sigma, step, 12);
      BOOST_TEST_CONTEXT("u = (" << c.u1 << ", " << c.u2 << ", " << c.u3 << "), sigma = " << c.sigma << ", step "
                                 << step << ": T = 2 " << p2 << " vs " << e2 << ", T = 3 " << p3 << " vs " << e3) {
        BOOST_TEST(std::abs(p2 - e2) <= 2e-13);
        BOOST_TEST(std::abs(p3 - e3) <= 2e-13);
      }
    }
  }
}

// The rule's order: with K end terms the error falls like h^(2K + 2), so successive differences
// over h = 1/2, 1/4, 1/8, 1/16 fall by 4, 16, 64 for K = 0, 1, 2 (accepted within 10%, finest
// pair).  Without the bulk lattice, so that only the rule is measured.
BOOST_AUTO_TEST_CASE(nystrom_observed_orders) {
  for (std::size_t T : {10u, 100u}) {
    const std::vector<double> u(T + 1, 2.0);
    for (unsigned K : {0u, 1u, 2u}) {
      double p[4];
      int i = 0;
      for (double h : {0.5, 0.25, 0.125, 0.0625}) p[i++] = nystrom(u, 1.0, h, K, false);
      const double ratio = (p[1] - p[2]) / (p[2] - p[3]), want = std::pow(2.0, 2 * K + 2);
      BOOST_TEST_CONTEXT("T = " << T << ", K = " << K << ": ratio " << ratio << ", want " << want) {
        BOOST_TEST(std::abs(ratio / want - 1) < 0.1);
      }
    }
  }
}

namespace {

struct richardson_t {
  double value, previous, ratio_plain, ratio_first;
};
// Richardson extrapolation of the plain trapezoid rule (no end terms, no bulk lattice) over
// h = 1/2, 1/4, 1/8, 1/16: the expansion is in h^2, h^4, ..., so three eliminations leave
// O(h^8).  Also returns the previous column's best value and the observed ratios (4 and 16).
richardson_t richardson(const std::vector<double>& u, double sigma) {
  double p[4];
  int i = 0;
  for (double h : {0.5, 0.25, 0.125, 0.0625}) p[i++] = nystrom(u, sigma, h, 0, false);
  double r1[3], r2[2];
  for (int k = 0; k < 3; ++k) r1[k] = (4 * p[k + 1] - p[k]) / 3;
  for (int k = 0; k < 2; ++k) r2[k] = (16 * r1[k + 1] - r1[k]) / 15;
  return {(64 * r2[1] - r2[0]) / 63, r2[1], (p[1] - p[2]) / (p[2] - p[3]), (r1[0] - r1[1]) / (r1[1] - r1[2])};
}

}  // namespace

// crossing_probability against the second, independent method (Richardson extrapolation of the
// plain trapezoid rule), with its observed orders (the ratios of successive differences: 4 for
// the plain rule, 16 for the first extrapolated column, which even powers of h predict and odd
// powers, 8 or 32, would not); T = 10^4 for the constant and stitched boundaries, 10^3 for the
// mixture (about 5 s each for the four plain runs at 10^4).
BOOST_AUTO_TEST_CASE(nystrom_agrees_with_richardson_of_the_plain_trapezoid) {
  struct c_t { boundary_spec s; std::uint64_t T; };
  std::vector<c_t> cases;
  for (std::uint64_t T : {10u, 100u, 10000u}) {
    cases.push_back({constant_boundary(2), T});
    cases.push_back({spec_of(boundary_kind::stitched, 0.05), T});
  }
  for (std::uint64_t T : {10u, 100u, 1000u}) cases.push_back({spec_of(boundary_kind::mixture, 0.05), T});
  for (const c_t& c : cases) {
    const richardson_t rich = richardson(boundary_radii(c.s, c.T), c.s.sigma);
    const crossing_result r = crossing_probability(c.s, c.T);
    BOOST_TEST_CONTEXT(to_string(c.s.kind) << " at T = " << c.T << ": estimate " << r.estimate << ", Richardson "
                                           << rich.value << " (previous column " << rich.previous << "), ratios "
                                           << rich.ratio_plain << ", " << rich.ratio_first) {
      BOOST_TEST(std::abs(rich.ratio_plain / 4 - 1) < 0.1);
      // h = 1/2 still feels the h^6 term in the first column (19 measured at T = 10)
      BOOST_TEST(std::abs(rich.ratio_first / 16 - 1) < 0.25);
      BOOST_TEST(std::abs(r.estimate - rich.value) <= 1e-8);
      // within Richardson's own error estimate
      BOOST_TEST(std::abs(r.estimate - rich.value) <= std::abs(rich.value - rich.previous));
    }
  }
}

// The reported bracket is at most 1e-8 wide for T <= 10^4 and lies inside the grid engine's
// bracket (about 1e-3 wide) for the constant boundary 2; the grid engine's bracket holds the new
// estimate; and the estimate matches reference values of a third method to 1e-13.
BOOST_AUTO_TEST_CASE(nystrom_bracket_is_narrow_and_inside_the_grid_engines) {
  for (const boundary_spec& s :
       {constant_boundary(2), spec_of(boundary_kind::stitched, 0.05), spec_of(boundary_kind::mixture, 0.05),
        spec_of(boundary_kind::mixture_two_sided, 0.05)})
    for (std::uint64_t T : {10u, 100u, 10000u}) {
      const crossing_result r = crossing_probability(s, T);
      BOOST_TEST_CONTEXT(to_string(s.kind) << " at T = " << T << ": [" << r.probability_lower << ", "
                                           << r.probability_upper << "], estimates " << r.estimate << ", "
                                           << r.coarse_estimate << ", dropped " << r.dropped) {
        BOOST_TEST(std::abs(r.estimate - r.coarse_estimate) <= 1e-8);
        BOOST_TEST(r.probability_upper - r.probability_lower <= 1e-8);
        BOOST_TEST(r.method.find("measured") != std::string::npos);
        if (T <= 1000 || s.kind == boundary_kind::constant) {
          const crossing_result old = crossing_probability_two_grids(s, T, 8);
          BOOST_TEST(old.probability_lower <= r.estimate);
          BOOST_TEST(r.estimate <= old.probability_upper);
        }
      }
    }
  const crossing_result r10 = crossing_probability(constant_boundary(2), 10);
  const crossing_result r100 = crossing_probability(constant_boundary(2), 100);
  BOOST_TEST(0.41952 <= r10.probability_lower);
  BOOST_TEST(r10.probability_upper <= 0.42087);
  BOOST_TEST(0.79628 <= r100.probability_lower);
  BOOST_TEST(r100.probability_upper <= 0.79692);
  // p(T) for the constant boundary 2, sigma = 1, by a Gauss–Legendre panel Nystrom method (a
  // different quadrature rule on fixed panels, refined until stable; computed in numpy for the
  // method's second reading, docs/boundaries.md).
  const std::pair<std::uint64_t, double> reference[] = {
      {10, 0.419973207885464}, {100, 0.796491238279879}, {1000, 0.934932232168335}};
  for (const auto& [T, p] : reference) {
    const crossing_result r = crossing_probability(constant_boundary(2), T);
    BOOST_TEST_CONTEXT("T = " << T << ": " << r.estimate << " vs " << p) { BOOST_TEST(std::abs(r.estimate - p) <= 1e-13); }
  }
}

// The bulk lattice (split off every k steps, advanced k steps at a time) changes nothing
// measurable: against every node on the step-h grid, on the families and on boundaries that rise,
// fall, oscillate and dip to far below the walk and back.
BOOST_AUTO_TEST_CASE(nystrom_bulk_lattice_agrees_with_the_full_grid) {
  const std::size_t T = 3000;
  std::vector<std::pair<const char*, std::vector<double>>> cases;
  cases.emplace_back("stitched", boundary_radii(spec_of(boundary_kind::stitched, 0.05), T));
  cases.emplace_back("lil", boundary_radii(spec_of(boundary_kind::lil, 0.001), T));
  std::vector<double> u(T + 1);
  for (std::size_t t = 1; t <= T; ++t) u[t] = 2 + 0.2 * double(t);
  cases.emplace_back("linear 2 + 0.2 t", u);
  for (std::size_t t = 1; t <= T; ++t) u[t] = 50 - 0.02 * double(t);
  cases.emplace_back("falling 50 - 0.02 t", u);
  for (std::size_t t = 1; t <= T; ++t) u[t] = 1 + 2 * std::sqrt(double(t)) * std::sin(0.01 * double(t));
  cases.emplace_back("oscillating", u);
  for (std::size_t t = 1; t <= T; ++t) u[t] = t % 500 < 250 ? 3 * std::sqrt(double(t)) : -5;
  cases.emplace_back("jumping between 3 sqrt(t) and -5", u);
  for (std::size_t t = 1; t <= T; ++t) u[t] = t % 97 == 0 ? -40.0 : 2 + std::sqrt(double(t));
  cases.emplace_back("dips far below the walk", u);
  for (const auto& [name, radius] : cases)
    for (double sigma : {1.0, 0.3}) {
      std::vector<double> scaled = radius;
      for (double& x : scaled) x *= sigma;
      nystrom_options with, without;
      without.coarse_bulk = false;
      const nystrom_crossing a = crossing_probability_nystrom(scaled, sigma, with);
      const nystrom_crossing b = crossing_probability_nystrom(scaled, sigma, without);
      BOOST_TEST_CONTEXT(name << ", sigma = " << sigma << ": " << a.probability << " (" << a.bulk_updates
                              << " bulk updates) vs " << b.probability) {
        BOOST_TEST(std::abs(a.probability - b.probability) <= 1e-12);
        BOOST_TEST(a.bulk_updates > 0u);
        BOOST_TEST(b.bulk_updates == 0u);
        BOOST_TEST(a.dropped < 1e-12);
      }
    }
}

// Boundaries far below the walk (everything crosses), at +-inf, negative; checkpoints; domains.
BOOST_AUTO_TEST_CASE(nystrom_edge_cases_and_domain) {
  const double inf = std::numeric_limits<double>::infinity();
  for (const std::vector<double>& u : {std::vector<double>{0, 2, -inf}, std::vector<double>{0, 2, -1e9, 2},
                                       std::vector<double>{0, -inf, 5}}) {
    const nystrom_crossing r = crossing_probability_nystrom(u, 1.0);
    BOOST_TEST(r.probability == 1.0, tt::tolerance(1e-15));
  }
  const nystrom_crossing above = crossing_probability_nystrom(std::vector<double>(300, inf), 1.0);
  BOOST_TEST(above.probability == 0.0);
  BOOST_TEST(above.dropped < 1e-15);
  // checkpoints: p(t) of a long run is the p of the run stopped at t
  const auto u = boundary_radii(spec_of(boundary_kind::stitched, 0.05), 2000);
  const nystrom_crossing r = crossing_probability_nystrom(u, 1.0, {}, {1, 10, 10, 500, 2000});
  BOOST_REQUIRE(r.at_checkpoints.size() == 5u);
  BOOST_TEST(r.at_checkpoints[1] == r.at_checkpoints[2]);
  BOOST_TEST(r.at_checkpoints[4] == r.probability);
  for (std::size_t i : {0u, 1u, 3u}) {
    const std::uint64_t t = std::vector<std::uint64_t>{1, 10, 10, 500, 2000}[i];
    const std::vector<double> head(u.begin(), u.begin() + static_cast<std::ptrdiff_t>(t) + 1);
    BOOST_TEST(r.at_checkpoints[i] == crossing_probability_nystrom(head, 1.0).probability, tt::tolerance(1e-12));
  }
  const std::vector<double> v{0, 1, 2};
  const auto names = [](const char* p) { return names_parameter{"", p}; };
  BOOST_CHECK_EXCEPTION(crossing_probability_nystrom(v, 0.0), lilucb::domain_error, names("sigma"));
  BOOST_CHECK_EXCEPTION(crossing_probability_nystrom({0.0}, 1.0), lilucb::domain_error, names("radius"));
  BOOST_CHECK_EXCEPTION(crossing_probability_nystrom(v, 1.0, {}, {3}), lilucb::domain_error, names("checkpoints"));
  BOOST_CHECK_EXCEPTION(crossing_probability_nystrom(v, 1.0, {}, {2, 1}), lilucb::domain_error, names("checkpoints"));
  nystrom_options o;
  o.step = 0;
  BOOST_CHECK_EXCEPTION(crossing_probability_nystrom(v, 1.0, o), lilucb::domain_error, names("step"));
  o = {};
  o.step = 2.5;
  BOOST_CHECK_EXCEPTION(crossing_probability_nystrom(v, 1.0, o), lilucb::domain_error, names("step"));
  o = {};
  o.correction_terms = 21;
  BOOST_CHECK_EXCEPTION(crossing_probability_nystrom(v, 1.0, o), lilucb::domain_error, names("correction_terms"));
  o = {};
  o.reach_sds = 3;
  BOOST_CHECK_EXCEPTION(crossing_probability_nystrom(v, 1.0, o), lilucb::domain_error, names("reach_sds"));
  o = {};
  o.window_sds = std::numeric_limits<double>::quiet_NaN();
  BOOST_CHECK_EXCEPTION(crossing_probability_nystrom(v, 1.0, o), lilucb::domain_error, names("window_sds"));
  o = {};
  o.coarse_base_steps = 1;
  BOOST_CHECK_EXCEPTION(crossing_probability_nystrom(v, 1.0, o), lilucb::domain_error, names("coarse_base_steps"));
  BOOST_CHECK_EXCEPTION(crossing_probability_two_grids(spec_of(boundary_kind::stitched, 0.05), 0), lilucb::domain_error,
                        names("horizon"));
}

BOOST_AUTO_TEST_SUITE_END()  // crossing
