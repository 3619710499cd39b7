// stopping/glr_paired_t.hpp: stopping by paired blocks for Gaussian rewards of unknown variance,
// Proposition PT (docs/certified-glr/paired-t.md).
//   - (PT-1) against the Bayes factor's definition: the ratio of the two marginal likelihoods of the
//     data D_1..D_k (half-normal prior on the standardized effect, 1/tau on the scale), by nested
//     quadrature in long double;
//   - the certified log e-value below the mean of the grid's Bayes factors and within 1e-9 of it;
//     the screen above it; and below an independent 50-digit evaluation of (PT-1) from the raw
//     summaries, also at magnitudes where double arithmetic overflows or V is subnormal;
//   - the blocks: the rule's statistic equals the one built by hand from the tapes (additive and
//     relative questions), and it is invariant under a common affine change of units;
//   - the rule's lazy decision against the naive one at every pull;
//   - the registry and runs; the domain.
#include <boost/test/unit_test.hpp>

#include "bandit_support.hpp"
#include "lazy_against_naive.hpp"

#include "lilucb/bandit/compose.hpp"
#include "lilucb/random.hpp"
#include "lilucb/bandit/stopping/glr_paired_t.hpp"

#include <boost/math/distributions/students_t.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <boost/multiprecision/cpp_bin_float.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numbers>
#include <vector>

namespace lb = lilucb::bandit;
namespace ls = lilucb::bandit::stopping;
using lilucb_test::expect_domain_error;

namespace pt_test {

/// log of the Bayes factor by its definition, for data with k, S = sum D, Q = sum D^2:
///   numerator   = int_0^inf d delta 2 phi(delta; 0, g) int_0^inf (dtau/tau) prod_j phi(D_j; delta tau, tau^2),
///   denominator = int_0^inf (dtau/tau) prod_j phi(D_j; 0, tau^2),
/// with u = 1/tau: prod_j phi = (2 pi)^(-k/2) u^k exp(-(u^2 Q - 2 u delta S + k delta^2)/2).  Each
/// integrand is scaled by its peak and integrated on a finite range holding all its mass.
long double log_bf_by_definition(int k, long double S, long double Q, long double g) {
  using boost::math::quadrature::gauss_kronrod;
  // log of the u-integrand at delta (without (2 pi)^(-k/2), common to both): (k-1) log u - (u^2 Q - 2 u delta S)/2.
  auto log_f = [&](long double u, long double d) { return (k - 1) * std::log(u) - (u * u * Q - 2 * u * d * S) / 2; };
  auto u_integral_log = [&](long double d) {
    const long double b = d * S;  // peak of the exponent: Q u^2 - b u - (k - 1) = 0
    const long double peak = (b + std::sqrt(b * b + 4 * Q * (k - 1))) / (2 * Q);
    const long double width = 1 / std::sqrt(Q);
    const long double lo = std::max<long double>(0, peak - 40 * width), hi = peak + 40 * width;
    const long double c = log_f(std::max(peak, 1e-30L), d);
    const long double v = gauss_kronrod<long double, 61>::integrate(
        [&](long double u) { return u > 0 ? std::exp(log_f(u, d) - c) : 0.0L; }, lo, hi, 12, 1e-14L);
    return c + std::log(v);
  };
  const long double den = u_integral_log(0);
  // Outer: delta >= 0 with weight 2 phi(delta; 0, g) exp(-k delta^2/2); its log-integrand's peak is
  // found on a grid, the range chosen around it.
  auto log_outer = [&](long double d) {
    return std::log(2.0L) - 0.5L * std::log(2 * std::numbers::pi_v<long double> * g) - d * d / (2 * g) -
           k * d * d / 2 + u_integral_log(d) - den;
  };
  long double best = -1e300L, arg = 0;
  const long double top = 10 * std::sqrt(g) + 20;
  for (int i = 0; i <= 4000; ++i) {
    const long double d = top * i / 4000;
    const long double v = log_outer(d);
    if (v > best) best = v, arg = d;
  }
  const long double spread = 12 / std::sqrt(1 / g + k) + top / 4000;
  const long double lo = std::max<long double>(0, arg - spread), hi = arg + spread;
  const long double v = gauss_kronrod<long double, 61>::integrate([&](long double d) { return std::exp(log_outer(d) - best); },
                                                                 lo, hi, 12, 1e-13L);
  return best + std::log(v);
}

}  // namespace pt_test

BOOST_AUTO_TEST_SUITE(glr_paired_t)

// (PT-1) against the definition, on data vectors of several lengths, signs of effect and scales.
BOOST_AUTO_TEST_CASE(closed_form_matches_the_definition) {
  lb::normal_stream rng(2026, 1);
  int checked = 0;
  for (int k : {2, 3, 5, 12, 40})
    for (double shift : {0.1, 0.6, 2.0})
      for (double g : {std::ldexp(1.0, -7), 0.25, 4.0}) {
        std::vector<double> D(static_cast<std::size_t>(k));
        for (auto& d : D) d = 3.0 * (shift + rng());
        long double S = 0, Q = 0;
        for (double d : D) S += d, Q += static_cast<long double>(d) * d;
        if (!(S > 0)) continue;
        const double mean = static_cast<double>(S / k);
        double m2 = 0;
        for (double d : D) m2 += (d - mean) * (d - mean);
        const double closed = ls::paired_t_log_bf(static_cast<std::uint64_t>(k), mean, m2, g);
        const long double def = pt_test::log_bf_by_definition(k, S, Q, g);
        BOOST_TEST(std::fabs(closed - static_cast<double>(def)) <= 1e-8 * (1 + std::fabs(closed)),
                   "k " << k << ", S " << static_cast<double>(S) << ", g " << g << ": " << closed << " vs "
                        << static_cast<double>(def));
        ++checked;
      }
  BOOST_TEST(checked >= 30);
}

// The certified value: below the grid's mean Bayes factor (computed term by term in long double
// from paired_t_log_bf), within its documented margin of it; the screen is above; -inf without a positive mean or spread.
BOOST_AUTO_TEST_CASE(certified_value_and_screen) {
  for (std::uint64_t k : {2ull, 10ull, 1000ull, 1000000ull})
    for (double mean : {1e-3, 0.05, 0.3, 2.0})
      for (double v : {0.5, 1.0 * static_cast<double>(k), 30.0 * static_cast<double>(k)}) {
        // log of the mean of exp(log BF+) by a log-sum-exp in long double (the values reach 1e7 nats).
        std::vector<long double> logs;
        for (int i = 0; i < ls::paired_t_g_count; ++i)
          logs.push_back(
              ls::paired_t_log_bf(k, mean, v, std::ldexp(1.0, ls::paired_t_g_min_exponent + ls::paired_t_g_step * i)));
        const long double top = *std::max_element(logs.begin(), logs.end());
        long double sum = 0;
        for (long double l : logs) sum += std::exp(l - top);
        const double ref = static_cast<double>(top + std::log(sum / ls::paired_t_g_count));
        const double cert = ls::paired_t_log_evalue(k, mean, v);
        const double screen = ls::paired_t_log_evalue(k, mean, v, true);
        BOOST_TEST(cert <= ref, k << " " << mean << " " << v);
        // The documented margin: 1e-13 of the terms' magnitudes (each at most (k/2) log(1 + 4k)) and 1e-10.
        const double kk = static_cast<double>(k);
        BOOST_TEST(cert >= ref - 1e-9 * (1 + std::fabs(ref)) - 1e-13 * kk * std::log1p(4 * kk),
                   k << " " << mean << " " << v);
        BOOST_TEST(screen >= cert);
        BOOST_TEST(screen <= cert + std::log(2.0) + 1e-11 * (1 + std::fabs(cert)));  // F_t in (1/2, 1), and the margins
      }
  const double ninf = -std::numeric_limits<double>::infinity();
  BOOST_TEST(ls::paired_t_log_evalue(10, 0.0, 1.0) == ninf);
  BOOST_TEST(ls::paired_t_log_evalue(10, -0.2, 1.0) == ninf);
  BOOST_TEST(ls::paired_t_log_evalue(10, 0.2, 0.0) == ninf);
  BOOST_TEST(ls::paired_t_log_evalue(0, 0.2, 1.0) == ninf);
}

// The certified value against (PT-1) evaluated in cpp_bin_float_50 from the raw summaries (no
// rescaling, no shared code): never above it, and within its margin of it where no guard applies; at
// magnitudes where double arithmetic would overflow (a mean of 1e150, k mean of 1e310) or V is
// subnormal, the value is a lower bound or -inf, never NaN and never a throw.
BOOST_AUTO_TEST_CASE(certified_value_against_fifty_digits) {
  using mp = boost::multiprecision::cpp_bin_float_50;
  const auto reference = [](double k_, double mean_, double v_) {
    const mp k(k_), S = mp(mean_) * k, V(v_), Q = V + S * S / k;
    mp sum(0);
    for (int i = 0; i < ls::paired_t_g_count; ++i) {
      const mp g = boost::multiprecision::ldexp(mp(1), ls::paired_t_g_min_exponent + ls::paired_t_g_step * i);
      const mp W = Q + g * k * V;
      const boost::math::students_t_distribution<mp> t(k);
      const mp F = boost::math::cdf(t, mp(S * sqrt(k * g / W)));
      sum += 2 * exp((k - 1) / 2 * log1p(k * g) - k / 2 * log1p(g * k * V / Q)) * F;
    }
    return log(sum / ls::paired_t_g_count);
  };
  struct cell {
    double k, mean, v;
    bool guarded;  // a guard applies: only "never above" is asserted
  };
  const std::vector<cell> cells{{2, 0.3, 0.5, false},     {5, 1.0, 4.0, false},    {40, 0.2, 30.0, false},
                                {1000, 0.05, 900.0, false}, {1e5, 0.01, 1e5, false}, {1e6, 0.003, 2e6, false},
                                {12, 3e-5, 1e-9, false},    {30, 7e40, 1e80, false}, {10, 1e150, 1.0, true},
                                {100, 1e150, 1e-10, true},  {1e4, 1e306, 1.0, true}};
  for (const auto& c : cells) {
    const double cert = ls::paired_t_log_evalue(static_cast<std::uint64_t>(c.k), c.mean, c.v);
    const mp ref = reference(c.k, c.mean, c.v);
    BOOST_TEST(!std::isnan(cert));
    BOOST_TEST(mp(cert) <= ref, c.k << " " << c.mean << " " << c.v << ": " << cert << " vs " << ref);
    // Within the documented margin (1e-13 of the terms' magnitudes, at most k log(1 + 4k), and 1e-10).
    if (!c.guarded)
      BOOST_TEST(mp(cert) >= ref - mp(1e-9) * (1 + abs(ref)) - mp(1e-13 * c.k * std::log1p(4 * c.k)),
                 c.k << " " << c.mean << " " << c.v << ": " << cert);
  }
  // V subnormal: its bits are not its value; no evidence.
  BOOST_TEST(ls::paired_t_log_evalue(50, 3e-162, 2e-320) == -std::numeric_limits<double>::infinity());
}

// The blocks: feed a rule a fixed interleaving, build each ratio's differences by hand from the
// tapes and compare the statistic; then the same rewards in other units (y -> 7 y - 3) give the same
// statistic for the best-arm question (scale and location invariance).
BOOST_AUTO_TEST_CASE(blocks_by_hand_and_invariance) {
  for (lb::answer_target t : {lb::answer_target{}, lb::answer_target{0.05, false}, lb::answer_target{0.1, true}}) {
    lb::normal_stream rng(7, 3);
    ls::glr_paired_t rule(3, 0.1, t), scaled(3, 0.1, t);
    lb::arm_stats s(3), s2(3);
    const std::vector<double> mu{1.0, 0.7, 0.2}, sd{0.3, 1.0, 2.0};
    for (int step = 0; step < 700; ++step) {
      const std::size_t i = step % 7 < 4 ? 0 : step % 7 < 6 ? 1 : 2;
      const double y = mu[i] + sd[i] * rng();
      s.add(i, y);
      rule.observe(i, s);
      s2.add(i, 7 * y - 3);
      scaled.observe(i, s2);
    }
    const double se = t.relative ? 1 - t.epsilon : 1.0, e = t.relative ? 0.0 : t.epsilon;
    for (std::size_t c : {std::size_t(1), std::size_t(2)}) {
      const auto &A = rule.tape(0), &C = rule.tape(c);
      double best = -std::numeric_limits<double>::infinity();
      for (const auto& [ra, rc] : ls::paired_t_ratios) {
        const std::size_t k = std::min(A.size() / ra, C.size() / rc);
        std::vector<double> D;
        for (std::size_t j = 0; j < k; ++j) {
          double a = 0, cc = 0;
          for (std::size_t n = 0; n < ra; ++n) a += A[j * ra + n];
          for (std::size_t n = 0; n < rc; ++n) cc += C[j * rc + n];
          D.push_back(a / ra - se * (cc / rc) + e);
        }
        long double mean = 0, m2 = 0;
        for (double d : D) mean += d;
        mean /= static_cast<long double>(k);
        for (double d : D) m2 += (d - mean) * (d - mean);
        best = std::max(best, ls::paired_t_log_evalue(k, static_cast<double>(mean), static_cast<double>(m2)));
      }
      const double stat = rule.statistic(0, c);
      BOOST_TEST(std::isfinite(stat));
      BOOST_TEST(std::fabs(stat - best) <= 1e-9 * (1 + std::fabs(best)), lb::to_string(t) << " c " << c << ": " << stat << " vs " << best);
      if (t.best_arm()) BOOST_TEST(std::fabs(scaled.statistic(0, c) - stat) <= 1e-8 * (1 + std::fabs(stat)));
    }
    // The reversed pair has S < 0 at every ratio with the best arm's clear lead: no evidence.
    if (t.best_arm()) BOOST_TEST(rule.statistic(2, 0) == -std::numeric_limits<double>::infinity());
  }
}

// The lazy decision against the naive one (statistic of every challenger of the leader) at every
// pull of a run: both compare the same certified values, so the verdicts agree exactly.
BOOST_AUTO_TEST_CASE(lazy_decision_matches_naive) {
  for (lb::answer_target t : {lb::answer_target{}, lb::answer_target{0.05, false}, lb::answer_target{0.1, true}}) {
    BOOST_TEST_CONTEXT(lb::to_string(t)) {
      ls::glr_paired_t rule(4, 0.1, t);
      lilucb_test::lazy_decision_matches_naive(
          rule, [](const auto& r, std::size_t a, std::size_t b) { return r.statistic(a, b); }, 0.0);
    }
  }
}

// The registry: paired-t is certified and answers epsilon-good questions and, by Proposition TM-T
// (glr_top_m::paired_t), top-m ones; the glr_paired_t class itself answers one arm.
BOOST_AUTO_TEST_CASE(registry_and_runs) {
  const auto& d = lb::describe(lb::glr_threshold::paired_t);
  BOOST_TEST(d.name == "paired-t");
  BOOST_TEST(d.certified);
  BOOST_TEST(d.statement == "Proposition PT (docs/certified-glr/paired-t.md); top-m: Proposition TM-T (the same page)");
  BOOST_TEST(!d.sigma_premise);
  BOOST_TEST(d.answers_epsilon);
  BOOST_TEST(d.answers_top_m);
  // Its runs and refusals beside GU's: test_glr_unknown_variance.cpp, registry_and_unknown_variance_runs.
  lb::combination top = lb::parse_combination("t3c-ids+glr-paired-t");
  top.target.top = 2;
  lb::run_options o;
  o.nu = 0.1;
  o.seed = 2;
  o.unknown_variance = true;
  const auto r = lb::run_combination(top, lb::gaussian_arms({0.5, 0.0, -0.1}, std::vector<double>{0.2, 1.5, 0.5}), o);
  BOOST_TEST(r.certificate.find("Proposition TM-T") != std::string::npos, r.certificate);
  BOOST_TEST((r.run.status == lb::run_status::stopped));
  BOOST_TEST(r.run.answer_set.size() == 2u);
  top.target.top = 3;  // m = K
  expect_domain_error([&] { lb::run_combination(top, lb::gaussian_arms({0.5, 0.0, -0.1}, std::vector<double>{0.2, 1.5, 0.5}), o); },
                      "top");
}

BOOST_AUTO_TEST_CASE(domain) {
  const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  expect_domain_error([] { ls::glr_paired_t(0, 0.1); }, "K");
  for (double d : {0.0, 1.0, nan, -0.5}) expect_domain_error([&] { ls::glr_paired_t(3, d); }, "delta");
  expect_domain_error([] { ls::glr_paired_t(3, 0.1, {-0.1, false}); }, "epsilon");
  expect_domain_error([] { ls::glr_paired_t(3, 0.1, {1.0, true}); }, "epsilon");
  expect_domain_error([&] { ls::glr_paired_t(3, 0.1, {inf, false}); }, "epsilon");
  expect_domain_error([] { ls::glr_paired_t(3, 0.1, {0.0, false, 2}); }, "top");
  ls::glr_paired_t rule(2, 0.1);
  lb::arm_stats s(2);
  s.add_batch(0, 2, 1.0);
  expect_domain_error([&] { rule.observe(0, s); }, "count");
  expect_domain_error([&] { rule.observe(5, s); }, "i");
  expect_domain_error([&] { (void)rule.tape(2); }, "i");
  expect_domain_error([&] { (void)rule.statistic(0, 0); }, "a");
  expect_domain_error([&] { (void)rule.statistic(0, 3); }, "b");
  // K = 1 answers at once; the threshold is log((K - 1) J/delta) rounded upwards.
  ls::glr_paired_t one(1, 0.1);
  lb::arm_stats s1(1);
  BOOST_TEST(one.should_stop(s1));
  ls::glr_paired_t four(4, 0.1);
  const double J = static_cast<double>(ls::paired_t_ratios.size());
  BOOST_TEST(four.threshold() >= std::log(30.0 * J));
  BOOST_TEST(four.threshold() <= std::log(30.0 * J) * (1 + 1e-14));
}

BOOST_AUTO_TEST_SUITE_END()
