// Tests of the coverage check (verification/src/coverage.cpp) on planted cases: the crossing
// counter against exact dynamic programming over lattice walks, the increment laws against their
// exact one-step tails, a boundary made too small is caught, the claims do not depend on the
// thread count, bad arguments throw.  Every Monte-Carlo comparison
// is an exact Clopper–Pearson test at level 1e-6 per side with a fixed seed.
#include <boost/test/unit_test.hpp>

#include "lilucb/clopper_pearson.hpp"
#include "lilucb/errors.hpp"
#include "lilucb/theory/finite_lil.hpp"
#include "lilucb/theory/ls_bound.hpp"
#include "lilucb_verification/coverage.hpp"

#include <boost/math/special_functions/zeta.hpp>

#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <vector>

namespace lv = lilucb::verification;
namespace tt = boost::test_tools;

namespace {

constexpr double level = 1e-6;  // one-sided, per side
constexpr std::uint64_t seed = 424242;

// True when k events in m trials are consistent with probability p: neither exact one-sided
// Clopper–Pearson bound excludes p.
bool consistent(std::uint64_t k, std::uint64_t m, double p) {
  return lilucb::clopper_pearson_lower(k, m, level) <= p && p <= lilucb::clopper_pearson_upper(k, m, level);
}

// Exact first-crossing probabilities, index t-1, of a lattice walk whose position after t steps
// with j up-steps is value(t, j), up-steps having probability q: dynamic programming over j with
// the walks that have crossed removed.
std::vector<double> first_crossing_probabilities(std::size_t T, double q, const std::function<double(std::size_t, std::size_t)>& value,
                                                 const std::vector<double>& b, bool two_sided) {
  std::vector<double> alive(T + 1, 0.0), next(T + 1, 0.0), first(T, 0.0);
  alive[0] = 1;
  for (std::size_t t = 1; t <= T; ++t) {
    std::fill(next.begin(), next.end(), 0.0);
    for (std::size_t j = 0; j < t; ++j) {
      next[j + 1] += alive[j] * q;
      next[j] += alive[j] * (1 - q);
    }
    for (std::size_t j = 0; j <= t; ++j) {
      const double s = value(t, j);
      if (s > b[t - 1] || (two_sided && -s > b[t - 1])) {
        first[t - 1] += next[j];
        next[j] = 0;
      }
    }
    alive.swap(next);
  }
  return first;
}

void check_against_dp(const lv::increment_distribution& inc, const std::vector<double>& b, lv::crossing_sides sides,
                      const std::vector<double>& first, std::uint64_t walks) {
  const auto family = lv::fixed_boundary_family(b, sides);
  const auto sim = lv::simulate_crossings(inc, {family}, walks, seed, 2);
  const auto& fc = sim.families[0];
  double total = 0, decade0 = 0;
  for (std::size_t t = 1; t <= first.size(); ++t) {
    total += first[t - 1];
    if (t < 10) decade0 += first[t - 1];
  }
  BOOST_TEST_MESSAGE(lv::to_string(inc.kind) << ": " << fc.crossings[0] << "/" << walks << " vs exact " << total);
  BOOST_TEST(consistent(fc.crossings[0], walks, total), fc.crossings[0] << "/" << walks << " vs exact " << total);
  BOOST_TEST(consistent(fc.first_crossing_by_decade[0][0], walks, decade0),
             fc.first_crossing_by_decade[0][0] << "/" << walks << " first crossings in [1,10) vs exact " << decade0);
  // The critical values give the same count at the recorded level (delta = 1).
  BOOST_TEST(lv::crossings_at(fc, 1.0) == fc.crossings[0]);
}

}  // namespace

BOOST_AUTO_TEST_CASE(rademacher_walk_against_dynamic_programming) {
  const std::size_t T = 30;
  const double sigma = 0.5;
  auto value = [sigma](std::size_t t, std::size_t j) { return sigma * (2.0 * double(j) - double(t)); };
  // A constant and a linear boundary, off the lattice (multiples of sigma) by at least sigma/4.
  std::vector<double> constant(T, 1.25), linear;
  for (std::size_t t = 1; t <= T; ++t) linear.push_back(0.625 + 0.1 * double(t));
  const lv::increment_distribution inc{lv::increment_kind::rademacher, sigma};
  for (const auto* b : {&constant, &linear}) {
    for (auto sides : {lv::crossing_sides::upper, lv::crossing_sides::both}) {
      const auto first = first_crossing_probabilities(T, 0.5, value, *b, sides == lv::crossing_sides::both);
      check_against_dp(inc, *b, sides, first, 40000);
    }
  }
}

BOOST_AUTO_TEST_CASE(bernoulli_walk_against_dynamic_programming) {
  const std::size_t T = 40;
  const double p = 0.3, sigma = 1.0, scale = sigma / lv::bernoulli_optimal_scale(p);
  auto value = [&](std::size_t t, std::size_t j) { return scale * (double(j) - p * double(t)); };
  std::vector<double> b(T, 1.7);
  // Precondition: the boundary is far from every lattice point (rounding of the running sum
  // cannot decide a crossing).
  double gap = 1e300;
  for (std::size_t t = 1; t <= T; ++t)
    for (std::size_t j = 0; j <= t; ++j) gap = std::min({gap, std::abs(value(t, j) - 1.7), std::abs(value(t, j) + 1.7)});
  BOOST_TEST_REQUIRE(gap > 1e-6);
  const lv::increment_distribution inc{lv::increment_kind::bernoulli, sigma, p};
  for (auto sides : {lv::crossing_sides::upper, lv::crossing_sides::both}) {
    const auto first = first_crossing_probabilities(T, p, value, b, sides == lv::crossing_sides::both);
    check_against_dp(inc, b, sides, first, 40000);
  }
}

BOOST_AUTO_TEST_CASE(bernoulli_optimal_scale_values) {
  BOOST_TEST(lv::bernoulli_optimal_scale(0.5) == 0.5);
  // Kearns–Saul at p = 0.1: (1-0.2)/(2 log 9), computed here from the formula's definition.
  BOOST_TEST(lv::bernoulli_optimal_scale(0.1) == std::sqrt(0.8 / (2 * std::log(9.0))), tt::tolerance(1e-14));
  // Continuity at 1/2, and the Hoeffding scale 1/2 is an upper bound.
  BOOST_TEST(lv::bernoulli_optimal_scale(0.5 - 1e-6) == 0.5, tt::tolerance(1e-6));
  for (double p : {0.01, 0.1, 0.3, 0.7, 0.99}) BOOST_TEST(lv::bernoulli_optimal_scale(p) < 0.5);
}

BOOST_AUTO_TEST_CASE(one_step_tails_of_every_law) {
  // With T = 1 the crossing probability is the increment's tail, known exactly for each law.
  const double sigma = 0.5, b = 0.4;
  const std::uint64_t walks = 40000;
  struct expectation {
    lv::increment_distribution inc;
    double upper, both;
  };
  const double h = sigma * std::sqrt(3.0);
  const double s01 = sigma / lv::bernoulli_optimal_scale(0.1);
  const std::vector<expectation> cases = {
      {{lv::increment_kind::gaussian, sigma}, 0.5 * std::erfc(b / (sigma * std::sqrt(2.0))), std::erfc(b / (sigma * std::sqrt(2.0)))},
      {{lv::increment_kind::rademacher, sigma}, 0.5, 1.0},
      {{lv::increment_kind::uniform, sigma}, (h - b) / (2 * h), (h - b) / h},
      // up-step 0.9 s01 > b with probability 0.1; down-step -0.1 s01 has |.| < b.
      {{lv::increment_kind::bernoulli, sigma, 0.1}, 0.1, 0.1},
  };
  BOOST_TEST_REQUIRE(0.9 * s01 > b);
  BOOST_TEST_REQUIRE(0.1 * s01 < b);
  for (const auto& c : cases) {
    const auto sim = lv::simulate_crossings(
        c.inc, {lv::fixed_boundary_family({b}, lv::crossing_sides::upper), lv::fixed_boundary_family({b}, lv::crossing_sides::both)},
        walks, seed, 2);
    BOOST_TEST(consistent(sim.families[0].crossings[0], walks, c.upper), lv::to_string(c.inc.kind) << " upper");
    BOOST_TEST(consistent(sim.families[1].crossings[0], walks, c.both), lv::to_string(c.inc.kind) << " two-sided");
  }
}

BOOST_AUTO_TEST_CASE(lil_family_is_the_library_bound) {
  // a(t) sqrt(g(t) + log(1/delta)) against lilucb::lil_bound and T ls_bound (independent code).
  for (auto inner : {lilucb::inner_log::lemma, lilucb::inner_log::plus2}) {
    const double eps = 0.1, sigma = 0.7, delta = 0.01;
    const auto f = lv::lil_boundary_family(1000, eps, sigma, inner, lv::crossing_sides::upper, {delta});
    for (std::size_t t : {1, 2, 7, 100, 1000}) {
      const double b = std::sqrt((f.offset[t - 1] + std::log(1 / delta)) / f.inv_scale_sq[t - 1]);
      BOOST_TEST(b == lilucb::lil_bound<double>(double(t), eps, delta, sigma, inner), tt::tolerance(1e-13));
    }
  }
  const double eps = 0.1, sigma = 0.7, delta = 0.05;
  const std::uint64_t n = 10;
  const auto f = lv::lil_boundary_family(1000, eps, sigma, lilucb::inner_log::plus2, lv::crossing_sides::both, {delta},
                                         std::log(2.0 * n));
  for (std::size_t t : {1, 3, 50, 1000}) {
    const double b = std::sqrt((f.offset[t - 1] + std::log(1 / delta)) / f.inv_scale_sq[t - 1]);
    BOOST_TEST(b == double(t) * lilucb::ls_bound<double>(double(t), eps, delta, sigma, n), tt::tolerance(1e-13));
  }
}

BOOST_AUTO_TEST_CASE(critical_values_agree_with_recorded_crossings) {
  const double eps = 0.5;
  const std::vector<double> deltas = {0.1, 0.01, 0.001};
  const auto up = lv::lil_boundary_family(500, eps, 1.0, lilucb::inner_log::lemma, lv::crossing_sides::upper, deltas);
  const auto both = lv::lil_boundary_family(500, eps, 1.0, lilucb::inner_log::lemma, lv::crossing_sides::both, deltas);
  const std::uint64_t walks = 20000;
  const auto sim = lv::simulate_crossings({lv::increment_kind::uniform, 1.0}, {up, both}, walks, seed, 2);
  for (std::size_t f = 0; f < 2; ++f) {
    for (std::size_t j = 0; j < deltas.size(); ++j) {
      const auto& fc = sim.families[f];
      BOOST_TEST(lv::crossings_at(fc, deltas[j]) == fc.crossings[j]);
      std::uint64_t in_decades = 0;
      for (auto c : fc.first_crossing_by_decade[j]) in_decades += c;
      BOOST_TEST(in_decades == fc.crossings[j]);
      if (fc.crossings[j] > 0) {
        // At the delta that reaches count k, just above it k walks cross, and not at it.
        const std::uint64_t k = fc.crossings[j];
        const double d = lv::delta_reaching_count(fc, k);
        BOOST_TEST(d < deltas[j]);
        BOOST_TEST(lv::crossings_at(fc, d) < k);
        BOOST_TEST(lv::crossings_at(fc, d * (1 + 1e-12)) >= k);
      }
    }
    // Monotone in delta; every two-sided crossing count dominates the one-sided one.
    BOOST_TEST(sim.families[0].crossings[0] >= sim.families[0].crossings[1]);
    BOOST_TEST(sim.families[1].crossings[0] >= sim.families[0].crossings[0]);
  }
}

BOOST_AUTO_TEST_CASE(too_small_bound_is_caught) {
  // Lemma lem:lil's bound at eps = 0.1, stated probability 0.1, scaled by 1/3: the check must
  // find that it fails (its crossing rate exceeds the stated probability at level 1e-6), while
  // the bound as stated is not found to fail.  (Scaled by 1/2 it still holds to T = 1000 with
  // rate ~0.05: the lemma is that conservative.)
  const double eps = 0.1, p0 = 0.1;
  const double delta = lilucb::lil_delta_for_failure_probability(eps, p0, lilucb::inner_log::lemma);
  const std::uint64_t T = 1000, walks = 20000;
  auto right = lv::lil_boundary_family(T, eps, 1.0, lilucb::inner_log::lemma, lv::crossing_sides::upper, {delta});
  auto small = right;
  for (auto& x : small.inv_scale_sq) x *= 9;  // a(t) divided by 3
  const double claimed = lilucb::lil_failure_probability(eps, delta, lilucb::inner_log::lemma);
  const double tail = lv::lil_tail_bound_after(T, eps, delta, lilucb::inner_log::lemma);
  for (auto kind : {lv::increment_kind::gaussian, lv::increment_kind::rademacher}) {
    const auto sim = lv::simulate_crossings({kind, 1.0}, {right, small}, walks, seed, 2);
    const auto ok = lv::assess_coverage(sim.families[0].crossings[0], walks, claimed, tail, level);
    const auto bad = lv::assess_coverage(sim.families[1].crossings[0], walks, claimed, tail, level);
    BOOST_TEST_MESSAGE(lv::to_string(kind) << ": stated bound " << sim.families[0].crossings[0] << ", a third "
                                           << sim.families[1].crossings[0] << " of " << walks);
    BOOST_TEST((ok.verdict != lilucb::verification::verdict_kind::fails));
    BOOST_TEST((bad.verdict == lilucb::verification::verdict_kind::fails));
  }
  // A claimed probability below the truth: the bound scaled by 1/2 (observed rate ~0.05 by
  // T = 1000) against a claim 1e-2 times the stated one.
  auto half = right;
  for (auto& x : half.inv_scale_sq) x *= 4;
  const auto sim = lv::simulate_crossings({lv::increment_kind::gaussian, 1.0}, {half}, walks, seed, 2);
  const auto tiny = lv::assess_coverage(sim.families[0].crossings[0], walks, 1e-2 * claimed, 0, level);
  BOOST_TEST((tiny.verdict == lilucb::verification::verdict_kind::fails));
}

BOOST_AUTO_TEST_CASE(assessment_rule) {
  using lilucb::verification::verdict_kind;
  // 0 of 10^6: upper bound log(1e6)/1e6 ~ 1.4e-5.
  BOOST_TEST((lv::assess_coverage(0, 1000000, 0.01, 0.001, level).verdict == verdict_kind::holds));
  BOOST_TEST((lv::assess_coverage(0, 1000000, 0.01, 0.0099999, level).verdict == verdict_kind::holds_with_caveat));
  BOOST_TEST((lv::assess_coverage(500, 1000, 0.1, 0, level).verdict == verdict_kind::fails));
  BOOST_TEST((lv::assess_coverage(100, 1000, 0.1, 0, level).verdict == verdict_kind::undecided));
  const auto a = lv::assess_coverage(10, 100000, 0.5, 0, level);
  BOOST_TEST(a.ratio_low == 0.5 / a.rate_high);
  BOOST_TEST(a.ratio_high == 0.5 / a.rate_low);
  BOOST_TEST(lv::assess_coverage(0, 10, 0.5, 0, level).ratio_high == std::numeric_limits<double>::infinity());
}

BOOST_AUTO_TEST_CASE(tail_bound_is_the_proofs_sum) {
  // From T = 2 on the tail covers every block k >= 1: at most Step 1 + Step 2 summed with
  // log u_k >= k log(1+eps), i.e. (2 zeta(1+eps) - 1) x^(1+eps), plus the remainder bound's
  // overshoot, which is at most 2 x^(1+eps) k1^-(1+eps) with k1 >= 1000 exact terms.
  for (double eps : {0.01, 0.1, 0.5}) {
    const double delta = 0.5 * std::log1p(eps) / std::exp(1.0), x = delta / std::log1p(eps);
    const double proof = (2 * boost::math::zeta(1 + eps) - 1 + 2e-3) * std::pow(x, 1 + eps);
    const double t2 = lv::lil_tail_bound_after(2, eps, delta, lilucb::inner_log::lemma);
    BOOST_TEST(t2 <= proof);
    double previous = t2;
    for (std::uint64_t T : {10, 100, 10000, 1000000}) {
      const double t = lv::lil_tail_bound_after(T, eps, delta, lilucb::inner_log::lemma);
      BOOST_TEST(t <= previous);
      BOOST_TEST(t > 0);
      previous = t;
    }
    BOOST_TEST(lv::lil_tail_bound_after(100, eps, delta, lilucb::inner_log::plus2) <=
               lv::lil_tail_bound_after(100, eps, delta, lilucb::inner_log::lemma));
  }
}

BOOST_AUTO_TEST_CASE(same_seed_same_claims_for_one_and_two_threads) {
  const lv::coverage_budget budget{400, 60, {0.5, 1.0}};
  lv::verify_options one, two;
  one.threads = 1;
  two.threads = 2;
  const auto a = lv::coverage_claims(one, budget);
  const auto b = lv::coverage_claims(two, budget);
  const auto c = lv::coverage_claims(two, budget);
  BOOST_TEST_REQUIRE(a.size() == b.size());
  BOOST_TEST(a.size() >= 10u);
  for (std::size_t i = 0; i < a.size(); ++i) {
    BOOST_TEST(a[i].id == b[i].id);
    BOOST_TEST(a[i].computed == b[i].computed);
    BOOST_TEST(a[i].evidence == b[i].evidence);
    BOOST_TEST((a[i].verdict == b[i].verdict));
    BOOST_TEST(b[i].computed == c[i].computed);
  }
  // The simulator itself: identical critical values and first-crossing records.
  const auto f = lv::lil_boundary_family(300, 0.1, 1.0, lilucb::inner_log::plus2, lv::crossing_sides::both, {0.1, 0.5});
  for (auto kind : {lv::increment_kind::gaussian, lv::increment_kind::rademacher, lv::increment_kind::uniform,
                    lv::increment_kind::bernoulli}) {
    const auto s1 = lv::simulate_crossings({kind, 1.0, 0.2}, {f}, 3000, seed, 1);
    const auto s2 = lv::simulate_crossings({kind, 1.0, 0.2}, {f}, 3000, seed, 2);
    BOOST_TEST(s1.families[0].critical == s2.families[0].critical);
    BOOST_TEST(s1.families[0].crossings == s2.families[0].crossings);
    BOOST_TEST(s1.families[0].first_crossing_by_decade == s2.families[0].first_crossing_by_decade);
  }
}

BOOST_AUTO_TEST_CASE(bad_arguments_throw) {
  const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  using lilucb::inner_log;
  using E = lilucb::domain_error;
  const auto up = lv::crossing_sides::upper;
  // bernoulli_optimal_scale: p in (0, 1).
  for (double p : {0.0, 1.0, -0.1, nan, inf}) BOOST_CHECK_THROW(lv::bernoulli_optimal_scale(p), E);
  // lil_boundary_family
  BOOST_CHECK_THROW(lv::lil_boundary_family(0, 0.1, 1.0, inner_log::lemma, up, {}), E);
  for (double eps : {0.0, 1.0, nan, -0.1}) BOOST_CHECK_THROW(lv::lil_boundary_family(10, eps, 1.0, inner_log::lemma, up, {}), E);
  for (double sigma : {0.0, -1.0, nan, inf}) BOOST_CHECK_THROW(lv::lil_boundary_family(10, 0.1, sigma, inner_log::lemma, up, {}), E);
  // delta beyond the formula's range log(1+eps) (lemma), nonpositive, NaN.
  for (double d : {std::log1p(0.1), 0.0, -1.0, nan})
    BOOST_CHECK_THROW(lv::lil_boundary_family(10, 0.1, 1.0, inner_log::lemma, up, {d}), E);
  BOOST_CHECK_THROW(lv::lil_boundary_family(10, 0.1, 1.0, inner_log::plus2, up, {0.01}, -1.0), E);
  // fixed_boundary_family
  BOOST_CHECK_THROW(lv::fixed_boundary_family({}, up), E);
  for (double b : {0.0, -1.0, nan, inf}) BOOST_CHECK_THROW(lv::fixed_boundary_family({1.0, b}, up), E);
  // simulate_crossings
  const auto f = lv::fixed_boundary_family({1.0, 2.0}, up);
  const auto g = lv::fixed_boundary_family({1.0, 2.0, 3.0}, up);
  BOOST_CHECK_THROW(lv::simulate_crossings({lv::increment_kind::gaussian, 1.0}, {f}, 0, seed, 1), E);
  BOOST_CHECK_THROW(lv::simulate_crossings({lv::increment_kind::gaussian, 1.0}, {}, 10, seed, 1), E);
  BOOST_CHECK_THROW(lv::simulate_crossings({lv::increment_kind::gaussian, 1.0}, {f, g}, 10, seed, 1), E);
  for (double sigma : {0.0, nan, inf}) BOOST_CHECK_THROW(lv::simulate_crossings({lv::increment_kind::uniform, sigma}, {f}, 10, seed, 1), E);
  for (double p : {0.0, 1.0, nan}) BOOST_CHECK_THROW(lv::simulate_crossings({lv::increment_kind::bernoulli, 1.0, p}, {f}, 10, seed, 1), E);
  auto h = f;
  h.inv_scale_sq.pop_back();
  BOOST_CHECK_THROW(lv::simulate_crossings({lv::increment_kind::gaussian, 1.0}, {h}, 10, seed, 1), E);
  h = f;
  h.deltas = {10.0};  // g = 1: needs delta < e
  BOOST_CHECK_THROW(lv::simulate_crossings({lv::increment_kind::gaussian, 1.0}, {h}, 10, seed, 1), E);
  // crossings_at, delta_reaching_count
  const auto sim = lv::simulate_crossings({lv::increment_kind::gaussian, 1.0}, {f}, 10, seed, 1);
  for (double d : {0.0, -1.0, nan}) BOOST_CHECK_THROW(lv::crossings_at(sim.families[0], d), E);
  BOOST_CHECK_THROW(lv::delta_reaching_count(sim.families[0], 0), E);
  BOOST_CHECK_THROW(lv::delta_reaching_count(sim.families[0], 11), E);
  // lil_tail_bound_after
  BOOST_CHECK_THROW(lv::lil_tail_bound_after(1, 0.1, 0.01, inner_log::lemma), E);
  BOOST_CHECK_THROW(lv::lil_tail_bound_after(10, 0.0, 0.01, inner_log::lemma), E);
  BOOST_CHECK_THROW(lv::lil_tail_bound_after(10, 0.1, std::log1p(0.1) / std::exp(1.0), inner_log::lemma), E);
  BOOST_CHECK_THROW(lv::lil_tail_bound_after(10, 0.1, 1.0, inner_log::plus2), E);
  // assess_coverage
  BOOST_CHECK_THROW(lv::assess_coverage(0, 0, 0.1, 0, level), E);
  BOOST_CHECK_THROW(lv::assess_coverage(11, 10, 0.1, 0, level), E);
  for (double c : {-0.1, nan, inf}) BOOST_CHECK_THROW(lv::assess_coverage(1, 10, c, 0, level), E);
  for (double t : {-0.1, nan}) BOOST_CHECK_THROW(lv::assess_coverage(1, 10, 0.1, t, level), E);
  for (double a : {0.0, 1.0, nan}) BOOST_CHECK_THROW(lv::assess_coverage(1, 10, 0.1, 0, a), E);
  // coverage_claims budget
  lv::verify_options o;
  BOOST_CHECK_THROW(lv::coverage_claims(o, lv::coverage_budget{0, 100, {1.0}}), E);
  BOOST_CHECK_THROW(lv::coverage_claims(o, lv::coverage_budget{10, 1, {1.0}}), E);
  BOOST_CHECK_THROW(lv::coverage_claims(o, lv::coverage_budget{10, 100, {}}), E);
  BOOST_CHECK_THROW(lv::coverage_claims(o, lv::coverage_budget{10, 100, {0.0}}), E);
}
