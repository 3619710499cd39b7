// stopping/glr_pooled_kl.hpp and detail/bernoulli_mixture.hpp: the pooled rule with Bernoulli
// tilts (Proposition PK of docs/certified-glr/pooled-kl.md).  References are independent of the
// kernel's code:
//   - h(m) = A(m) + B(m) against the definition written out in long double (psi_m(lambda) =
//     log(1 - m + m e^lambda), the weighted sums of the exponentials), and h' against a central
//     difference of that reference;
//   - the certified lower bound against the reference's minimum over [0, 1] by golden-section
//     search in long double (no shared search code): never above it, within 1e-7 of it;
//   - S_K <= the pair's Bernoulli GLR statistic (the proposition's step 7);
//   - the rule's decision after every pull against "every c != leader has statistic(c) >=
//     log(1/delta)", and its pooled arm against glr_pooled's (the same designation);
//   - domain errors, the certificate, the rule by name (Bernoulli arms only; no sigma premise);
//   - the point of the rule: on low-rate Bernoulli arms it stops with a fraction of the pulls of
//     the sub-Gaussian pooled rule (Proposition P2 at sigma = 1/2);
//   - no stalls (Lemma 5 of the proposition's page): a side pulled at its own mean lowers the
//     statistic by at most log(sum of weights / w_0), w_0 the mass at zero (a property over random
//     pairs, and the stall it excludes, shown by the grid without the mass).
#include <boost/test/unit_test.hpp>
#include <rapidcheck/boost_test.h>

#include "bandit_support.hpp"
#include "fast_and_slow.hpp"

#include "lilucb/bandit/compose.hpp"
#include "lilucb/bandit/detail/bernoulli_mixture.hpp"
#include "lilucb/bandit/stopping/glr.hpp"
#include "lilucb/bandit/stopping/glr_pooled.hpp"
#include "lilucb/bandit/stopping/glr_pooled_kl.hpp"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <limits>
#include <random>
#include <string>
#include <vector>

namespace lb = lilucb::bandit;
namespace ls = lilucb::bandit::stopping;
namespace bm = lilucb::bandit::bernoulli_mixture;
using lilucb_test::expect_domain_error;

namespace {

// h(m) from the definition, in long double (each log-sum shifted by its largest term); with a
// shift s, V's side at m - s.
long double reference_h(const bm::tilt_grid& g, long double nv, long double sv, long double nc, long double sc,
                        long double m, long double shift = 0) {
  std::vector<long double> a, b;
  for (std::size_t k = 0; k < g.lambda.size(); ++k) {
    const long double l = g.lambda[k], lw = g.log_weight[k], mv = m - shift;
    a.push_back(lw + l * sv - nv * std::log(1 - mv + mv * std::exp(l)));
    b.push_back(lw - l * sc - nc * std::log(1 - m + m * std::exp(-l)));
  }
  const auto log_sum = [](const std::vector<long double>& v) {
    const long double top = *std::max_element(v.begin(), v.end());
    long double s = 0;
    for (long double x : v) s += std::exp(x - top);
    return top + std::log(s);
  };
  return log_sum(a) + log_sum(b);
}

// min over [s, 1] of the reference by golden-section search (h is convex), in long double.
long double reference_min(const bm::tilt_grid& g, long double nv, long double sv, long double nc, long double sc,
                          long double shift = 0) {
  long double lo = shift, hi = 1;
  const long double r = (std::sqrt(5.0L) - 1) / 2;
  long double x1 = hi - r * (hi - lo), x2 = lo + r * (hi - lo);
  long double f1 = reference_h(g, nv, sv, nc, sc, x1, shift), f2 = reference_h(g, nv, sv, nc, sc, x2, shift);
  for (int it = 0; it < 200; ++it) {
    if (f1 < f2) {
      hi = x2;
      x2 = x1;
      f2 = f1;
      x1 = hi - r * (hi - lo);
      f1 = reference_h(g, nv, sv, nc, sc, x1, shift);
    } else {
      lo = x1;
      x1 = x2;
      f1 = f2;
      x2 = lo + r * (hi - lo);
      f2 = reference_h(g, nv, sv, nc, sc, x2, shift);
    }
  }
  return std::min({f1, f2, reference_h(g, nv, sv, nc, sc, shift, shift), reference_h(g, nv, sv, nc, sc, 1, shift)});
}

struct pair_case {
  double nv, sv, nc, sc;
};
// Low rates, rates near 1, mid rates, unbalanced counts, large counts, reversed means, equal means.
const std::vector<pair_case> cases{
    {2000, 100, 2000, 80},   {50000, 2500, 40000, 1600}, {3000, 2940, 3000, 2850}, {500, 250, 500, 200},
    {100000, 50500, 100000, 49500}, {10, 9, 10, 1}, {30, 30, 30, 0}, {1000, 400, 50, 10},
    {200, 40, 200, 60},      {1e6, 5.1e5, 1e6, 5e5},     {400, 200, 400, 200}, {1, 1, 1, 0}};

}  // namespace

// In the executable of every stopping rule (test_bandit_stopping): this rule's suites are
// glr_pooled_kl/kernel and glr_pooled_kl/rule.
BOOST_AUTO_TEST_SUITE(glr_pooled_kl)

BOOST_AUTO_TEST_SUITE(kernel)

// On the default grid (with the mass at zero) and on the same tilts without it.
BOOST_AUTO_TEST_CASE(h_and_its_slope_match_the_definition) {
  for (const bm::tilt_grid& g : {bm::make_default_tilt_grid(), bm::make_tilt_grid(-24, 6, 3)})
    for (const auto& c : cases)
      for (double m : {0.0, 1e-3, 0.03, 0.2, 0.5, 0.77, 0.98, 1.0}) {
        const bm::value v = bm::h_at({c.nv, c.sv, c.nc, c.sc, &g}, m);
        const long double want = reference_h(g, c.nv, c.sv, c.nc, c.sc, m);
        if (!std::isfinite(double(want))) continue;
        BOOST_TEST(std::fabs(v.h - double(want)) <= 1e-9 * (1 + std::fabs(double(want))), c.nv << " " << m);
        BOOST_TEST(std::fabs(v.h - double(want)) <= v.err_h + 1e-12 * (1 + std::fabs(double(want))));
        if (m > 1e-4 && m < 1 - 1e-4) {
          const long double e = 1e-7L;
          const long double d = (reference_h(g, c.nv, c.sv, c.nc, c.sc, m + e) - reference_h(g, c.nv, c.sv, c.nc, c.sc, m - e)) / (2 * e);
          BOOST_TEST(std::fabs(v.dh - double(d)) <= 1e-5 * (1 + std::fabs(double(d))), c.nv << " " << m);
        }
      }
}

// track_side: started at a pair's sums and m, then fed rewards (0, 1, and values between: rescaled
// bounded rewards), its cheap_upper() (increments pending) and upper() (applied) are at least the
// reference's side at the exact sums, and upper() is within its carried rounding of it (1.72e-15
// per unit of the exponents' magnitudes, about 1.6e-14 per pull: 1.6e-8 nats at 10^6 pulls; at
// most 3e-14 (1 + N + the side) here), after every 20 rewards; from a sum raised (up) or lowered
// (down) at reset it stays above.
BOOST_AUTO_TEST_CASE(the_tracked_sides_bound_the_definition_from_above) {
  const bm::tilt_grid g = bm::make_default_tilt_grid();
  // One side of the reference: the pair's h with the other arm at zero pulls (its log-sum is then
  // log sum_k w_k, subtracted here).
  long double log_mass = 0;
  for (double lw : g.log_weight) log_mass += std::exp(static_cast<long double>(lw));
  log_mass = std::log(log_mass);
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (const auto& c : cases)
    for (double m : {0.001, 0.05, 0.3, 0.5, 0.77, 0.999})
      for (int kind = 0; kind < 3; ++kind) {
        auto up = bm::track_side(g, c.nv, c.sv, m, true);
        auto down = bm::track_side(g, c.nc, c.sc, m, false);
        long double nv = c.nv, sv = c.sv, nc = c.nc, sc = c.sc;
        for (int t = 0; t < 400; ++t) {
          const double y = kind == 0 ? double(rng() % 2) : kind == 1 ? unit(rng) : (t % 7 == 0 ? 1.0 : 0.0);
          if (t % 3 == 0) {
            down.add(y);
            nc += 1;
            sc += y;
          } else {
            up.add(y);
            nv += 1;
            sv += y;
          }
          if (t % 20 != 19) continue;
          BOOST_REQUIRE(up.healthy() && down.healthy());
          const long double a = reference_h(g, nv, sv, 0, 0, m) - log_mass;
          const long double b = reference_h(g, 0, 0, nc, sc, m) - log_mass;
          // The O(1) bound with the increments pending, then the bound with them applied.
          BOOST_REQUIRE_MESSAGE(up.cheap_upper() >= a && down.cheap_upper() >= b, "m " << m << " kind " << kind);
          const double ua = up.upper(), ub = down.upper();
          BOOST_REQUIRE_MESSAGE(ua >= a && ua <= a + 3e-14L * (1 + nv + std::fabs(a)),
                                "up " << std::setprecision(20) << ua << " vs " << static_cast<double>(a) << " m " << m);
          BOOST_REQUIRE_MESSAGE(ub >= b && ub <= b + 3e-14L * (1 + nc + std::fabs(b)),
                                "down " << std::setprecision(20) << ub << " vs " << static_cast<double>(b) << " m " << m);
        }
      }
  // A side reset from a favourable sum (up: higher; down: lower) stays above the exact one.
  auto up = bm::track_side(g, 1000, 500.5, 0.45, true);
  auto down = bm::track_side(g, 1000, 399.5, 0.45, false);
  BOOST_TEST(up.upper() >= reference_h(g, 1000, 500, 0, 0, 0.45) - log_mass);
  BOOST_TEST(down.upper() >= reference_h(g, 0, 0, 1000, 400, 0.45) - log_mass);
}

// A term that starts negligible and comes to dominate: at n = 1e5, s = 3e4, m = 0.5 the largest
// tilts' terms are far below e^-745 of the largest, and 50000 rewards of 1 make them the largest.
// A term let underflow to 0 would stay 0 (after the 50000 rewards the bound would be about half
// the exact side, 164 against 329 nats, while the side still looks healthy); the floor keeps the
// bound above the definition (its floored terms overshoot until the side starts again).
BOOST_AUTO_TEST_CASE(a_negligible_term_that_comes_to_dominate) {
  const bm::tilt_grid g = bm::make_default_tilt_grid();
  long double log_mass = 0;
  for (double lw : g.log_weight) log_mass += std::exp(static_cast<long double>(lw));
  log_mass = std::log(log_mass);
  auto up = bm::track_side(g, 1e5, 3e4, 0.5, true);
  int checked = 0, restarts = 0;
  for (int t = 1; t <= 50000; ++t) {
    up.add(1.0);
    if (!up.healthy()) {  // as a rule does: start the side again from the sums
      up = bm::track_side(g, 1e5 + t, 3e4 + t, 0.5, true);
      ++restarts;
    }
    if (t % 250 != 0) continue;
    const long double exact = reference_h(g, 1e5 + t, 3e4 + t, 0, 0, 0.5) - log_mass;
    BOOST_REQUIRE_MESSAGE(up.cheap_upper() >= exact && up.upper() >= exact, "t = " << t);
    ++checked;
  }
  BOOST_TEST(checked == 200);
  BOOST_TEST(restarts >= 1);  // the floored terms overshoot and the side starts again
}

// On the default grid (with the mass at zero) and on the same tilts without it.
BOOST_AUTO_TEST_CASE(the_lower_bound_is_below_the_minimum_and_close_to_it) {
  for (const bm::tilt_grid& g : {bm::make_default_tilt_grid(), bm::make_tilt_grid(-24, 6, 3)})
    for (const auto& c : cases) {
      const double got = bm::pooled_kl_statistic(g, c.nv, c.sv, c.nc, c.sc);
      const double want = double(reference_min(g, c.nv, c.sv, c.nc, c.sc));
      BOOST_TEST(got <= want, c.nv << " " << c.sv << " " << c.nc << " " << c.sc);
      BOOST_TEST(got >= want - 1e-7 * (1 + std::fabs(want)), c.nv << " " << c.sv << " " << c.nc << " " << c.sc << " got " << std::setprecision(12) << got << " want " << want);
      // From any starting point and in deciding mode, the bound stays certified.
      for (double m0 : {0.0, 0.3, 1.0}) {
        const bm::search_result r = bm::search({c.nv, c.sv, c.nc, c.sc, &g}, m0, 2.0);
        BOOST_TEST(r.lower <= want);
        BOOST_TEST(r.upper >= want - 1e-12 * (1 + std::fabs(want)));
        if (r.lower < 2.0 && r.upper >= 2.0) BOOST_TEST(false, "undecided against 2 from " << m0);
      }
    }
}

// A shifted pair (an additive epsilon: V's side at m - s, on [s, 1]): shift_of rounds down to a
// multiple of 2^-30; h_at matches the definition; the search's lower bound is below the minimum
// over [s, 1] and close to it, from any start and in deciding mode; a larger shift never raises it.
BOOST_AUTO_TEST_CASE(a_shifted_pair_is_searched_on_its_domain) {
  for (double eps : {0.0, 0.02, 0.1, 1.0 / 3.0, 0.5}) {
    const double s = bm::shift_of(eps);
    BOOST_TEST(s <= eps);
    BOOST_TEST(s > eps - 0x1p-30);
    BOOST_TEST(std::ldexp(s, 30) == std::floor(std::ldexp(s, 30)));
  }
  const bm::tilt_grid g = bm::make_default_tilt_grid();
  for (double eps : {0.01, 0.05, 0.2})
    for (const auto& c : cases) {
      const double s = bm::shift_of(eps);
      for (double m : {s, s + 1e-3, 0.3, 0.77, 1.0}) {
        BOOST_TEST(m - s + s == m);  // the shift is exact on the domain
        const bm::value v = bm::h_at({c.nv, c.sv, c.nc, c.sc, &g, s}, m);
        const long double want = reference_h(g, c.nv, c.sv, c.nc, c.sc, m, s);
        if (!std::isfinite(double(want))) continue;
        BOOST_TEST(std::fabs(v.h - double(want)) <= v.err_h + 1e-12 * (1 + std::fabs(double(want))), c.nv << " " << m);
      }
      const double want = double(reference_min(g, c.nv, c.sv, c.nc, c.sc, s));
      for (double m0 : {s, 0.5 * (s + 1), 1.0}) {
        const bm::search_result r = bm::search({c.nv, c.sv, c.nc, c.sc, &g, s}, m0, std::nan(""));
        BOOST_TEST(r.lower <= want, c.nv << " " << c.sv << " " << c.nc << " " << c.sc << " eps " << eps);
        BOOST_TEST(r.lower >= want - 1e-7 * (1 + std::fabs(want)),
                   c.nv << " " << c.sv << " " << c.nc << " " << c.sc << " eps " << eps << " got " << r.lower << " want " << want);
        BOOST_TEST(r.argmin >= s);
        const bm::search_result d = bm::search({c.nv, c.sv, c.nc, c.sc, &g, s}, m0, 2.0);
        BOOST_TEST(d.lower <= want);
        if (d.lower < 2.0 && d.upper >= 2.0) BOOST_TEST(false, "undecided against 2 from " << m0);
      }
      // The unshifted statistic is at most the shifted one (A is nonincreasing in its point).
      BOOST_TEST(bm::pooled_kl_statistic(g, c.nv, c.sv, c.nc, c.sc) <= want + 1e-9 * (1 + std::fabs(want)));
    }
  // The minimum at the domain's left end (h' > 0 at s: c's mean below s, c pulled far more): the
  // bound is the value there, not a line's far below it, from any start.
  for (double eps : {0.01, 0.05}) {
    const double s = bm::shift_of(eps);
    const double want = double(reference_min(g, 1, 0, 1000, 0, s));
    for (double m0 : {s, 0.5 * (s + 1), 1.0}) {
      const bm::search_result r = bm::search({1, 0, 1000, 0, &g, s}, m0, std::nan(""));
      BOOST_TEST(r.lower <= want);
      BOOST_TEST(r.lower >= want - 1e-7 * (1 + std::fabs(want)), "eps " << eps << " from " << m0 << " got " << r.lower << " want " << want);
    }
  }
  // The shift's form and the start's domain are checked.
  expect_domain_error([&] { bm::search({10, 5, 10, 2, &g, 0.05}, 0.5, 1.0); }, "shift");
  expect_domain_error([&] { bm::search({10, 5, 10, 2, &g, bm::shift_of(0.05)}, 0.01, 1.0); }, "m0");
}

// The prior fitted to an additive epsilon: the default grid's tilts from the largest at most s/2
// (so one lies in [2^(-1/3) s, s], as Lemma T needs) to 4, the mass at zero, weights summing to 1;
// small shifts give the default grid.
BOOST_AUTO_TEST_CASE(the_epsilon_prior_keeps_the_tilts_from_half_the_shift) {
  const bm::tilt_grid d = bm::make_default_tilt_grid();
  for (double s : {0.0, 0.005, 0.01, 0.02, 0.05, 0.2, 0.5, 0.9}) {
    const bm::tilt_grid g = bm::make_epsilon_tilt_grid(s);
    BOOST_TEST(g.lambda.front() == 0.0);
    BOOST_TEST(g.lambda.back() == d.lambda.back());
    double w = 0;
    for (double lw : g.log_weight) w += std::exp(lw);
    BOOST_TEST(std::fabs(w - 1) <= 1e-12);
    if (s <= 2 * d.lambda[1]) {
      BOOST_TEST(g.lambda == d.lambda);
      continue;
    }
    BOOST_TEST(g.lambda[1] <= s / 2, s);
    BOOST_TEST(g.lambda[1] * std::exp2(1.0 / 3) > s / 2 * (1 - 1e-12), s);
    // Every tilt of g is one of the default grid's.
    for (double l : g.lambda) BOOST_TEST(std::count(d.lambda.begin(), d.lambda.end(), l) == 1);
    if (s >= 0x1p-8 && s <= 4)
      BOOST_TEST(std::any_of(g.lambda.begin(), g.lambda.end(),
                             [&](double l) { return l >= s * std::exp2(-1.0 / 3) * (1 - 1e-12) && l <= s * (1 + 1e-12); }));
  }
  expect_domain_error([] { bm::make_epsilon_tilt_grid(1.0); }, "s");
  expect_domain_error([] { bm::make_epsilon_tilt_grid(-0.1); }, "s");
}

BOOST_AUTO_TEST_CASE(the_statistic_is_below_the_bernoulli_glr) {
  const bm::tilt_grid g = bm::make_default_tilt_grid();
  for (const auto& c : cases) {
    const double s = bm::pooled_kl_statistic(g, c.nv, c.sv, c.nc, c.sc);
    const double z = ls::glr_statistic(ls::glr_model::bernoulli, 0.5, std::uint64_t(c.nv), c.sv / c.nv,
                                       std::uint64_t(c.nc), c.sc / c.nc);
    BOOST_TEST(s <= z + 1e-9 * (1 + z), c.nv << " " << c.sv << " " << c.nc << " " << c.sc);
  }
}

// The gain over the sub-Gaussian statistic where the variance is small: at rates 0.05 and 0.04
// with 20000 pulls each, PK's statistic (rewards in [0, 1]) is several times P2's at sigma 1/2.
BOOST_AUTO_TEST_CASE(low_rates_collect_more_evidence_than_the_sub_gaussian_statistic) {
  const double kl = bm::pooled_kl_statistic(bm::make_default_tilt_grid(), 20000, 1000, 20000, 800);
  const double p2 = ls::glr_pooled_per_arm_statistic(0.5, ls::make_per_arm_grid(), 20000, 0.05, 20000, 0.04);
  BOOST_TEST(kl > 3 * std::max(p2, 1.0), "PK " << kl << " P2 " << p2);
}

BOOST_AUTO_TEST_CASE(domains) {
  const bm::tilt_grid g = bm::make_default_tilt_grid();  // the mass at zero and 31 tilts
  BOOST_TEST(g.lambda.size() == 32u);
  BOOST_TEST(g.lambda.front() == 0.0);
  BOOST_TEST(g.log_weight.front() == -std::log(32.0));
  BOOST_TEST(bm::describe(g) == "a mass at 0 and 31 Bernoulli tilts from 0.00390625 to 4");
  const bm::tilt_grid without_zero = bm::make_tilt_grid(-24, 6, 3);
  BOOST_TEST(without_zero.lambda.size() == 31u);
  BOOST_TEST(bm::describe(without_zero) == "31 Bernoulli tilts from 0.00390625 to 4");
  const bm::tilt_grid with_zero = g;
  bm::tilt_grid only_zero = with_zero;  // admitted (a statistic that never passes), and said so
  for (auto* v : {&only_zero.lambda, &only_zero.up, &only_zero.down, &only_zero.up_m1, &only_zero.down_m1})
    v->resize(1);
  only_zero.log_weight.assign(1, 0.0);
  BOOST_TEST(bm::describe(only_zero) == "a mass at 0 only (no Bernoulli tilt)");
  BOOST_TEST(bm::pooled_kl_statistic(only_zero, 5, 5, 5, 0) <= 1e-12);
  expect_domain_error([&] { (void)bm::pooled_kl_statistic(g, 0, 0, 5, 1); }, "nv");
  expect_domain_error([&] { (void)bm::pooled_kl_statistic(g, 5, 1, 0.5, 0); }, "nc");
  expect_domain_error([&] { (void)bm::pooled_kl_statistic(g, 5, 6, 5, 1); }, "sv");
  expect_domain_error([&] { (void)bm::pooled_kl_statistic(g, 5, 1, 5, -1); }, "sc");
  expect_domain_error([&] { (void)bm::pooled_kl_statistic(g, 5, std::nan(""), 5, 1); }, "sv");
  expect_domain_error([&] { (void)bm::pooled_kl_statistic(bm::tilt_grid{}, 5, 1, 5, 1); }, "grid");
  bm::tilt_grid heavy = g;
  for (auto& w : heavy.log_weight) w += 1;  // weights summing to e > 1: an over-confident prior
  expect_domain_error([&] { (void)bm::pooled_kl_statistic(heavy, 5, 1, 5, 1); }, "grid");
  bm::tilt_grid zero = g;
  zero.log_weight[3] = -std::numeric_limits<double>::infinity();  // a zero weight: refused (finite log-weights)
  expect_domain_error([&] { (void)bm::pooled_kl_statistic(zero, 5, 1, 5, 1); }, "grid");
  bm::tilt_grid stale = g;
  stale.up_m1[1] = 0;  // tables that do not match the tilts (index 1: the first tilt is the mass at zero)
  expect_domain_error([&] { (void)bm::pooled_kl_statistic(stale, 5, 1, 5, 1); }, "grid");
  bm::tilt_grid second_zero = bm::make_tilt_grid(0, 3, 1, true);  // only the first tilt may be 0
  second_zero.lambda[1] = 0;
  second_zero.up[1] = second_zero.down[1] = 1;
  second_zero.up_m1[1] = second_zero.down_m1[1] = 0;
  expect_domain_error([&] { (void)bm::pooled_kl_statistic(second_zero, 5, 1, 5, 1); }, "grid");
  bm::tilt_grid negative = bm::make_tilt_grid(0, 3, 1);
  negative.lambda[0] = -1;
  negative.up[0] = std::exp(-1.0);
  negative.down[0] = std::exp(1.0);
  negative.up_m1[0] = std::expm1(-1.0);
  negative.down_m1[0] = std::expm1(1.0);
  expect_domain_error([&] { (void)bm::pooled_kl_statistic(negative, 5, 1, 5, 1); }, "grid");
  expect_domain_error([&] { (void)bm::make_tilt_grid(0, 127, 1, true); }, "hi");
  expect_domain_error([&] { (void)bm::make_tilt_grid(3, 2, 1); }, "hi");
  expect_domain_error([&] { (void)bm::make_tilt_grid(0, 200, 1); }, "hi");
  expect_domain_error([&] { (void)bm::make_tilt_grid(0, 3, 0); }, "per_octave");
  expect_domain_error([&] { (void)ls::glr_pooled_kl(3, 0.0); }, "delta");
  expect_domain_error([&] { (void)ls::glr_pooled_kl(3, 1.0); }, "delta");
  expect_domain_error([&] { (void)ls::glr_pooled_kl(0, 0.1); }, "K");
  ls::glr_pooled_kl rule(3, 0.1);
  expect_domain_error([&] { (void)rule.pooled(3); }, "c");
}

// The stall that the mass at zero removes (docs/certified-glr/pooled-kl.md, "No stalls"): a weak
// arm with 45 pulls and no success against a pooled side at mean 0.3 pulled from 10^3 to 3 10^6
// times.  On the default grid (31 tilts and a mass at zero) the statistic stays within log 32 of
// its value at 10^3 pulls; the same tilts without the mass fall below -100 by 10^5 pulls, which
// the property below would reject.
BOOST_AUTO_TEST_CASE(a_weak_arm_keeps_its_evidence_while_the_pooled_side_is_pulled) {
  const bm::tilt_grid g = bm::make_default_tilt_grid(), bare = bm::make_tilt_grid(-24, 6, 3);
  const double start = bm::pooled_kl_statistic(g, 1000, 300, 45, 0);
  BOOST_TEST(start > 10.0);
  for (double nv : {3e3, 1e4, 3e4, 1e5, 3e5, 1e6, 3e6}) {
    const double s = bm::pooled_kl_statistic(g, nv, 0.3 * nv, 45, 0);
    BOOST_TEST(s >= start - std::log(32.0) - 1e-8 * (1 + std::fabs(start)), nv << ": " << s << " from " << start);
  }
  BOOST_TEST(bm::pooled_kl_statistic(bare, 1e5, 3e4, 45, 0) < -100.0);
}

namespace {
// An integer in [lo, hi], the whole range from the first case.
int draw(int lo, int hi) { return *rc::gen::resize(rc::kNominalSize, rc::gen::inRange(lo, hi + 1)); }
}  // namespace

// Lemma 5 (No stalls): from a pair (nv, sv; nc, sc), one side's count multiplied by f with its sum
// multiplied by f too (new pulls at the side's own mean) lowers the certified statistic by at most
// log 32 (the bookkeeping of the default grid: total weight 1 over the mass 1/32 at zero), up to the
// search's margin of 1e-9 (1 + |S|) on each of the two values compared.  Means as fractions a/q so
// that the sums stay exact integers.
RC_BOOST_PROP(one_side_pulled_at_its_mean_loses_at_most_the_bookkeeping, ()) {
  static const bm::tilt_grid g = bm::make_default_tilt_grid();
  const int qv = draw(1, 20), qc = draw(1, 20);
  const int av = draw(0, qv), ac = draw(0, qc);
  const double rv = draw(1, 3000), rc_ = draw(1, 300);
  const double nv = qv * rv, sv = av * rv, nc = qc * rc_, sc = ac * rc_;
  const double f = draw(2, 3000);
  const bool pooled_side = *rc::gen::arbitrary<bool>();
  const double before = bm::pooled_kl_statistic(g, nv, sv, nc, sc);
  const double after = pooled_side ? bm::pooled_kl_statistic(g, f * nv, f * sv, nc, sc)
                                   : bm::pooled_kl_statistic(g, nv, sv, f * nc, f * sc);
  const double slack = 1e-9 * (2 + std::fabs(before) + std::fabs(after));
  RC_ASSERT(after >= before - std::log(32.0) - slack);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(rule)

// After every pull of random runs (uniform, leader-heavy and random sampling on Bernoulli arms
// with near ties and low rates): the pooled arm equals glr_pooled's (same designation), and
// should_stop is "every challenger's statistic >= log(1/delta)".
BOOST_AUTO_TEST_CASE(decisions_match_the_statistic_at_every_pull) {
  const std::vector<std::vector<double>> instances{
      {0.05, 0.04, 0.045, 0.02}, {0.9, 0.85, 0.85, 0.6, 0.3}, {0.5, 0.3}, {0.02, 0.01, 0.015}};
  std::mt19937_64 rng(20261128);
  int stops = 0;
  for (const auto& means : instances)
    for (int policy = 0; policy < 3; ++policy) {
      const std::size_t K = means.size();
      ls::glr_pooled_kl rule(K, 0.2);
      ls::glr_pooled reference(K, 0.5, 0.2);
      lb::arm_stats st(K);
      std::bernoulli_distribution coin(0.5);
      for (int t = 0; t < 6000; ++t) {
        std::size_t i = std::size_t(t) % K;
        if (t >= int(K)) {
          if (policy == 1) i = coin(rng) ? st.empirical_best() : std::size_t(rng() % K);
          if (policy == 2) i = std::size_t(rng() % K);
        }
        std::bernoulli_distribution y(means[i]);
        st.add(i, y(rng) ? 1.0 : 0.0);
        rule.observe(i, st);
        reference.observe(i, st);
        if (t + 1 < int(K)) continue;
        for (std::size_t c = 0; c < K; ++c) {
          const ls::pooled_arm a = rule.pooled(c), b = reference.pooled(c);
          BOOST_REQUIRE(a.count == b.count);
          BOOST_REQUIRE(a.sum == b.sum);
        }
        bool want = true;
        const std::size_t L = rule.leader();
        for (std::size_t c = 0; c < K; ++c)
          if (c != L && rule.statistic(c, st) < rule.threshold()) want = false;
        const bool got = rule.should_stop(st);
        BOOST_REQUIRE_MESSAGE(got == want, "t = " << t << " policy " << policy);
        if (got) {
          ++stops;
          break;
        }
      }
    }
  BOOST_TEST(stops >= 4);
}

// The O(G)-multiplication fail test (fast) changes no decision: the rule with and without it
// makes the same decision after every pull, on Bernoulli arms and on bounded rewards rescaled from
// a range (continuous rewards), under sampling rules that pool differently.
// On the default grid (with the mass at zero) and on the same tilts without it, each checked on its own.
BOOST_AUTO_TEST_CASE(the_tracked_fail_test_changes_no_decision) {
  const std::vector<std::vector<double>> instances{
      {0.05, 0.04, 0.045, 0.02}, {0.9, 0.85, 0.85, 0.6, 0.3}, {0.5, 0.45, 0.43, 0.4}, {0.02, 0.01, 0.015}};
  for (const bm::tilt_grid& grid : {bm::make_default_tilt_grid(), bm::make_tilt_grid(-24, 6, 3)}) {
    lilucb_test::fast_and_slow_totals all;
    for (int bounded = 0; bounded < 2; ++bounded) {  // Bernoulli rewards; continuous ones rescaled from [-2, 6]
      const double lo = bounded ? -2.0 : 0.0, hi = bounded ? 6.0 : 1.0;
      const auto r = lilucb_test::compare_fast_and_slow(
          instances, 3, 60000, 20261129 + bounded,
          [&](std::size_t K, bool fast) { return ls::glr_pooled_kl(K, 0.2, grid, lo, hi, fast); },
          [&](double mean, std::mt19937_64& rng) {
            return bounded ? lilucb_test::spread_reward(mean, lo, hi, rng) : std::bernoulli_distribution(mean)(rng) ? 1.0 : 0.0;
          },
          [](const ls::glr_pooled_kl& rule) { return rule.fast_fails(); },
          [](const ls::glr_pooled_kl& rule, const lb::arm_stats& st) { return rule.audit_tracked_bound(st); });
      all.stops += r.stops;
      all.decisions += r.decisions;
      all.fast_fails += r.fast_fails;
    }
    BOOST_TEST(all.stops >= 24);
    BOOST_TEST(all.decisions > 200000u);
    BOOST_TEST(all.fast_fails * 4 > all.decisions);  // the tracked test decides a large share of the pulls
  }
}

BOOST_AUTO_TEST_CASE(certificate_evidence_and_names) {
  const lb::bernoulli_arms arms({0.3, 0.6, 0.2});
  const lb::combination c = lb::parse_combination("t3c-ids+glr-pooled-kl");
  BOOST_TEST(lb::to_string(c) == "t3c-ids+glr-pooled-kl");
  BOOST_TEST(lb::is_certified(c));
  BOOST_TEST(!lb::sigma_premise(c));
  lb::run_options o;
  o.nu = 0.05;
  o.seed = 7;
  const auto r = lb::run_combination(c, arms, o);
  BOOST_TEST(r.certified);
  BOOST_TEST(r.certificate.find("Proposition PK") != std::string::npos);
  BOOST_TEST(r.run.best_arm == 1u);
  BOOST_TEST(r.run.status == lb::run_status::stopped);
  // No sigma in the statement: a small sigma (which the sampling rule uses) leaves the certificate alone.
  o.sigma = 0.05;
  BOOST_TEST(lb::run_combination(c, arms, o).certified);
  // Gaussian arms are refused, naming the threshold.
  expect_domain_error([&] { (void)lb::run_combination(c, lb::gaussian_arms({0.0, 1.0}, 0.5), o); }, "threshold");
  // Evidence at the stop: every challenger at or above log(1/nu).
  ls::glr_pooled_kl rule(3, 0.05);
  lb::arm_stats st(3);
  std::mt19937_64 rng(3);
  for (int t = 0; t < 200000 && !(t >= 3 && rule.should_stop(st)); ++t) {
    const std::size_t i = std::size_t(t) % 3;
    st.add(i, std::bernoulli_distribution(arms.means()[i])(rng) ? 1.0 : 0.0);
    rule.observe(i, st);
  }
  const auto ev = rule.evidence(st);
  BOOST_TEST(ev.size() == 2u);
  for (const auto& e : ev) BOOST_TEST(e.statistic >= e.threshold);
}

// What the rule is for: on low-rate arms (conversion rates 5% and 4%) the sub-Gaussian pooled rule
// (P2 at sigma 1/2) needs several times the pulls.  Twenty seeds each; mean pulls compared.
BOOST_AUTO_TEST_CASE(low_rates_stop_several_times_earlier_than_the_sub_gaussian_rule) {
  const lb::bernoulli_arms arms({0.05, 0.04, 0.03});
  double kl = 0, p2 = 0;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    lb::run_options o;
    o.nu = 0.1;
    o.seed = seed;
    kl += double(lb::run_combination(lb::parse_combination("t3c-ids+glr-pooled-kl"), arms, o).run.pulls);
    p2 += double(lb::run_combination(lb::parse_combination("t3c-ids+glr-pooled-per-arm"), arms, o).run.pulls);
  }
  BOOST_TEST(p2 > 3 * kl, "P2 " << p2 / 20 << " PK " << kl / 20);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE_END()  // glr_pooled_kl
