// stopping/glr_pooled_betting.hpp and detail/hat_mixture.hpp: the pooled rule with range-scaled
// bets bounded by hat sums (Proposition PB of docs/certified-glr/pooled-betting.md).  References
// are independent of the kernel's code:
//   - Lemma 2 (the hat bound): log(1 - beta + beta y/m) >= sum_j phi_j(y) log(1 - beta + beta y_j/m)
//     (and the challenger's side) in long double on a grid of (y, beta, m), and its failure for a
//     convex function (so the check can fail);
//   - log1p within 2 ulps of log1pl (the numerics' assumption on this platform);
//   - h(m) from hat sums written per reward in long double against the kernel's enclosure;
//   - the certified statistic against the reference's minimum (dense grid in logit(m), then golden
//     section): never above it, within 1e-6 of it;
//   - the supermartingale at m = mu*: E[exp(h(mu*))] <= 1 by exact enumeration of every reward
//     sequence of a small adaptive Bernoulli run (and > 1 with the sides' bets swapped, so the check
//     can fail);
//   - the rule: its pooled hat sums against a naive designation written here, the rescaling, the
//     fail test at the tracked point against the search (the same decisions), the evidence at the
//     stop, domain errors, the registry.
#include <boost/test/unit_test.hpp>

#include "bandit_support.hpp"
#include "fast_and_slow.hpp"

#include "lilucb/bandit/compose.hpp"
#include "lilucb/bandit/detail/hat_mixture.hpp"
#include "lilucb/bandit/stopping/glr_pooled_betting.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <iomanip>
#include <limits>
#include <random>
#include <string>
#include <vector>

namespace lb = lilucb::bandit;
namespace ls = lilucb::bandit::stopping;
namespace hm = lilucb::bandit::hat_mixture;
using lilucb_test::expect_domain_error;

namespace {

constexpr std::size_t B = hm::cells;

/// The hats of one reward, written from the definition phi_j(y) = max(0, 1 - B |y - j/B|).
std::array<long double, hm::knots> hats_of(double y) {
  std::array<long double, hm::knots> phi{};
  for (std::size_t j = 0; j < hm::knots; ++j)
    phi[j] = std::max(0.0L, 1.0L - static_cast<long double>(B) * std::fabs(static_cast<long double>(y) - static_cast<long double>(j) / B));
  return phi;
}

/// A side's hat sums from its rewards, in long double.
std::array<long double, hm::knots> hat_sums_of(const std::vector<double>& ys) {
  std::array<long double, hm::knots> h{};
  for (const double y : ys) {
    const auto phi = hats_of(y);
    for (std::size_t j = 0; j < hm::knots; ++j) h[j] += phi[j];
  }
  return h;
}

/// h(m) at long double hat sums (the definition of the page, section 2).
long double reference_h(const hm::bet_prior& p, const std::array<long double, hm::knots>& hv,
                        const std::array<long double, hm::knots>& hc, long double m) {
  const auto side = [&](const std::array<long double, hm::knots>& h, bool pooled) {
    std::vector<long double> x;
    for (std::size_t k = 0; k < p.beta.size(); ++k) {
      const long double b = p.beta[k];
      long double a = p.log_weight[k];
      for (std::size_t j = 0; j < hm::knots; ++j) {
        const long double y = static_cast<long double>(j) / B;
        if (h[j] != 0) a += h[j] * std::log(1 - b + b * (pooled ? y / m : (1 - y) / (1 - m)));
      }
      x.push_back(a);
    }
    const long double top = *std::max_element(x.begin(), x.end());
    long double s = 0;
    for (const long double v : x) s += std::exp(v - top);
    return top + std::log(s);
  };
  return side(hv, true) + side(hc, false);
}

/// inf over (0, 1) of reference_h: a dense grid in logit(m), then golden section around the best.
long double reference_inf(const hm::bet_prior& p, const std::array<long double, hm::knots>& hv,
                          const std::array<long double, hm::knots>& hc) {
  const auto at = [&](long double t) { return reference_h(p, hv, hc, 1 / (1 + std::exp(-t))); };
  long double best = std::numeric_limits<long double>::infinity(), bt = 0;
  for (int i = 0; i <= 400; ++i) {
    const long double t = -18 + 36.0L * i / 400;
    const long double v = at(t);
    if (v < best) best = v, bt = t;
  }
  long double a = bt - 0.09L, b = bt + 0.09L;
  const long double g = (std::sqrt(5.0L) - 1) / 2;
  for (int i = 0; i < 80; ++i) {
    const long double c = b - g * (b - a), d = a + g * (b - a);
    (at(c) < at(d) ? b : a) = (at(c) < at(d) ? d : c);
  }
  return std::min(best, at((a + b) / 2));
}

/// The kernel's pair from rewards (exact hat sums from the rewards, their errors 0).
hm::pair_hats pair_of(const hm::bet_prior& p, const std::vector<double>& v, const std::vector<double>& c) {
  hm::pair_hats out{{}, {}, &p};
  const auto hv = hat_sums_of(v), hc = hat_sums_of(c);
  for (std::size_t j = 0; j < hm::knots; ++j) {
    out.v.h[j] = static_cast<double>(hv[j]);
    out.c.h[j] = static_cast<double>(hc[j]);
    // The long double sums rounded to double: within half an ulp, and the long double sum's own
    // rounding (far below it).
    out.v.err[j] = 1e-15 * std::fabs(out.v.h[j]);
    out.c.err[j] = 1e-15 * std::fabs(out.c.h[j]);
  }
  out.v.n = static_cast<double>(v.size());
  out.c.n = static_cast<double>(c.size());
  return out;
}

std::vector<double> beta_rewards(double mean, double kappa, int n, std::mt19937_64& rng) {
  std::gamma_distribution<double> ga(mean * kappa, 1.0), gb((1 - mean) * kappa, 1.0);
  std::vector<double> out;
  for (int i = 0; i < n; ++i) {
    const double x = ga(rng), y = gb(rng);
    out.push_back(x / (x + y));
  }
  return out;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(glr_pooled_betting)

// Lemma 2 of the page: a concave function of y lies above its chord interpolation on the knots.
BOOST_AUTO_TEST_CASE(the_hat_bound_holds_for_both_sides_and_fails_for_a_convex_function) {
  std::mt19937_64 rng(20261204);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  int violations = 0, convex_violations = 0, checked = 0;
  for (int trial = 0; trial < 20000; ++trial) {
    const double y = trial % 10 == 0 ? std::floor(unit(rng) * B) / B : unit(rng);
    const long double beta = trial % 7 == 0 ? 0.995L : unit(rng) * 0.999L;
    const long double m = 1e-4L + unit(rng) * (1 - 2e-4L);
    const auto phi = hats_of(y);
    // locate() returns the same two hats.
    const hm::cell_of cell = hm::locate(y);
    BOOST_TEST_REQUIRE(static_cast<double>(phi[cell.j]) == 1 - cell.theta);
    BOOST_TEST_REQUIRE(static_cast<double>(phi[cell.j + 1]) == cell.theta);
    long double v_hat = 0, c_hat = 0, convex_hat = 0;
    for (std::size_t j = 0; j < hm::knots; ++j) {
      const long double yj = static_cast<long double>(j) / B;
      v_hat += phi[j] * std::log(1 - beta + beta * yj / m);
      c_hat += phi[j] * std::log(1 - beta + beta * (1 - yj) / (1 - m));
      convex_hat += phi[j] * std::exp(3 * yj);
    }
    const long double slack = 1e-15L * (1 + std::fabs(v_hat) + std::fabs(c_hat));
    violations += std::log(1 - beta + beta * y / m) < v_hat - slack;
    violations += std::log(1 - beta + beta * (1 - y) / (1 - m)) < c_hat - slack;
    convex_violations += std::exp(3.0L * y) < convex_hat - 1e-15L;
    ++checked;
  }
  BOOST_TEST(violations == 0);
  BOOST_TEST(convex_violations > checked / 2);  // the chord lies above a convex function off the knots
}

BOOST_AUTO_TEST_CASE(log1p_is_within_two_ulps_on_this_platform) {
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  double worst = 0;
  for (int i = 0; i < 200000; ++i) {
    // Half in [-0.9999, 0], half log-uniform in [1e-8, 1e15] (the terms' arguments reach 1e15
    // where m is near 0).
    const double x = i % 2 ? -0.9999 * unit(rng) : std::exp(std::log(1e-8) + unit(rng) * (std::log(1e15) - std::log(1e-8)));
    const long double ref = std::log1p(static_cast<long double>(x));
    const double got = std::log1p(x);
    if (ref == 0) continue;
    const double ulp = std::nextafter(std::fabs(static_cast<double>(ref)), 2.0 * std::fabs(static_cast<double>(ref)) + 1) -
                       std::fabs(static_cast<double>(ref));
    worst = std::max(worst, static_cast<double>(std::fabs(static_cast<long double>(got) - ref) / ulp));
  }
  BOOST_TEST(worst <= 2.0, "worst log1p error " << worst << " ulps");
}

BOOST_AUTO_TEST_CASE(point_bounds_enclose_a_per_reward_reference) {
  const hm::bet_prior p = hm::make_default_bet_prior();
  std::mt19937_64 rng(11);
  for (int trial = 0; trial < 40; ++trial) {
    const int nv = 1 + int(rng() % 3000), nc = 1 + int(rng() % 3000);
    const double mv = 0.05 + 0.9 * double(rng() % 1000) / 1000, mc = 0.05 + 0.9 * double(rng() % 1000) / 1000;
    const auto v = beta_rewards(mv, trial % 2 ? 9 : 1, nv, rng), c = beta_rewards(mc, trial % 3 ? 9 : 0.5, nc, rng);
    const hm::pair_hats pair = pair_of(p, v, c);
    const auto hv = hat_sums_of(v), hc = hat_sums_of(c);
    for (const double m : {1e-9, 0.001, 0.2, mv, mc, 0.7, 0.999, 1 - 1e-9}) {
      const hm::point_bounds b = hm::h_bounds(pair, m);
      const long double ref = reference_h(p, hv, hc, m);
      BOOST_TEST_REQUIRE(static_cast<long double>(b.lower) <= ref, "trial " << trial << " m " << m);
      BOOST_TEST_REQUIRE(static_cast<long double>(b.upper) >= ref, "trial " << trial << " m " << m);
      BOOST_TEST(b.upper - b.lower <= 1e-6 * (1 + std::fabs(b.upper)), "width at m " << m);
      // The table's upper bound of each side at m is an upper bound too, close to the point's.
      const double up = hm::side_table(p, m, true).upper(p, pair.v) + hm::side_table(p, m, false).upper(p, pair.c);
      BOOST_TEST_REQUIRE(static_cast<long double>(up) >= ref);
      BOOST_TEST(up <= b.upper + 1e-6 * (1 + std::fabs(up)));
    }
  }
}

BOOST_AUTO_TEST_CASE(the_certified_statistic_is_below_the_reference_minimum_and_close) {
  const hm::bet_prior p = hm::make_default_bet_prior();
  std::mt19937_64 rng(12);
  int certified = 0;
  long double worst = 0;
  for (int trial = 0; trial < 30; ++trial) {
    const int nv = 2 + int(rng() % 20000), nc = 2 + int(rng() % 4000);
    const double mv = 0.05 + 0.9 * double(rng() % 1000) / 1000;
    const double mc = std::clamp(mv - 0.1 * double(rng() % 1000) / 1000, 0.01, 0.99);
    const auto v = beta_rewards(mv, trial % 2 ? 9 : 2, nv, rng), c = beta_rewards(mc, 9, nc, rng);
    const hm::pair_hats pair = pair_of(p, v, c);
    const long double ref = reference_inf(p, hat_sums_of(v), hat_sums_of(c));
    const hm::search_result r = hm::search(pair, hm::guess(pair), std::numeric_limits<double>::quiet_NaN());
    BOOST_TEST_REQUIRE(static_cast<long double>(r.lower) <= ref + 1e-12L * (1 + std::fabs(ref)), "trial " << trial << std::setprecision(17) << " lower " << r.lower << " ref " << double(ref) << " upper " << r.upper << " argmin " << r.argmin << " diff " << double(r.lower - ref));
    BOOST_TEST(static_cast<long double>(r.lower) >= ref - 1e-6L, "trial " << trial << ": " << std::setprecision(17) << r.lower << " vs " << double(ref) << " upper " << r.upper << " evals " << r.evaluations << " argmin " << r.argmin);
    BOOST_TEST(static_cast<long double>(r.upper) >= ref);
    worst = std::max(worst, ref - static_cast<long double>(r.lower));
    certified += r.lower > -std::numeric_limits<double>::infinity();
    // As a decision: passes exactly below the certified value, fails above the upper bound.
    BOOST_TEST(hm::search(pair, hm::guess(pair), r.lower - 1e-3).lower >= r.lower - 1e-3);
    BOOST_TEST(!(hm::search(pair, hm::guess(pair), r.upper + 1e-3).lower >= r.upper + 1e-3));
  }
  BOOST_TEST(certified == 30);
  BOOST_TEST_MESSAGE("the certificate's largest loss: " << double(worst) << " nats");
  // Ends: a challenger whose rewards are all 1 against a pooled side of 1s: the minimum sits at
  // m -> 1, nothing is certified (the pair cannot pass).
  const hm::pair_hats ends = pair_of(p, std::vector<double>(50, 1.0), std::vector<double>(50, 1.0));
  BOOST_TEST(hm::search(ends, 0.5, std::numeric_limits<double>::quiet_NaN()).lower < 1.0);
}

// Step 1-2 of the proof: at m = mu*, E[exp(A(mu*) + B(mu*))] <= 1 (the hat sums are exact on
// Bernoulli rewards), by exact enumeration of every reward sequence of an adaptive run on two arms
// (the pooled side is arm 1's pulls after its first); with the two sides' bets swapped (V betting
// down, c up) the same expectation exceeds 1, so the check can fail.
BOOST_AUTO_TEST_CASE(supermartingale_at_the_best_mean_by_exact_enumeration) {
  const hm::bet_prior p = hm::make_default_bet_prior();
  const double mu[2] = {0.6, 0.45};
  constexpr int T = 12;
  long double expect = 0, swapped = 0, total = 0;
  for (unsigned bits = 0; bits < (1u << T); ++bits) {
    std::vector<double> y[2];
    long double prob = 1;
    for (int t = 0; t < T; ++t) {
      std::size_t i = std::size_t(t);
      if (t >= 2) {
        const double m0 = std::count(y[0].begin(), y[0].end(), 1.0) / double(y[0].size());
        const double m1 = std::count(y[1].begin(), y[1].end(), 1.0) / double(y[1].size());
        i = m0 < m1 ? 0 : 1;  // pull the empirically worse arm: the pooled side grows when it leads
      }
      const double r = (bits >> t) & 1u ? 1.0 : 0.0;
      prob *= r == 1.0 ? mu[i] : 1 - mu[i];
      y[i].push_back(r);
    }
    const std::vector<double> v(y[1].begin() + 1, y[1].end());
    total += prob;
    const hm::pair_hats pair = pair_of(p, v.empty() ? std::vector<double>{} : v, y[0]);
    const hm::point_bounds b = hm::h_bounds(pair, mu[0]);
    expect += prob * std::exp(static_cast<long double>(b.upper));
    hm::pair_hats sw{pair.c, pair.v, &p};
    swapped += prob * std::exp(static_cast<long double>(hm::h_bounds(sw, mu[0]).lower));
  }
  BOOST_TEST(std::fabs(total - 1) < 1e-15L);
  BOOST_TEST(expect <= 1.0L, "E[M_T] = " << double(expect));
  BOOST_TEST(swapped > 1.0L, "E[M_T] with the bets swapped = " << double(swapped));
}

// The rule's hat sums: V_c from the three pooled sums per cell against a naive designation (the
// best rescaled mean among the arms other than c after the previous step, ties to the lowest index)
// with the hats written from the definition; arm c's from its rewards.
BOOST_AUTO_TEST_CASE(the_rules_pooled_hat_sums_against_a_naive_designation) {
  const double lo = -2, hi = 6;
  std::mt19937_64 rng(5);
  const std::vector<double> means{0.5, 0.45, 0.55, 0.3};
  const std::size_t K = means.size();
  ls::glr_pooled_betting rule(K, 0.1, lo, hi);
  lb::arm_stats st(K), scaled(K);
  std::vector<std::vector<double>> pooled(K), own(K);
  for (int t = 0; t < 3000; ++t) {
    const std::size_t i = t < int(K) ? std::size_t(t) : std::size_t(rng() % K);
    const double y = lilucb_test::spread_reward(means[i], lo, hi, rng);
    // The designation after the previous step.
    for (std::size_t c = 0; c < K; ++c) {
      std::size_t d = K;
      for (std::size_t a = 0; a < K; ++a)
        if (a != c && scaled.count(a) > 0 && (d == K || scaled.mean(a) > scaled.mean(d))) d = a;
      if (d == i) pooled[c].push_back((y - lo) / (hi - lo));
    }
    st.add(i, y);
    scaled.add(i, (y - lo) / (hi - lo));
    own[i].push_back((y - lo) / (hi - lo));
    rule.observe(i, st);
  }
  for (std::size_t c = 0; c < K; ++c) {
    const hm::pair_hats p = rule.pair(c);
    const auto hv = hat_sums_of(pooled[c]), hc = hat_sums_of(own[c]);
    BOOST_TEST(p.v.n == double(pooled[c].size()));
    BOOST_TEST(p.c.n == double(own[c].size()));
    for (std::size_t j = 0; j < hm::knots; ++j) {
      // The long double reference sums at most 3000 hats in [0, 1]: within 3000 * 2^-64 of exact.
      BOOST_TEST(std::fabs(p.v.h[j] - hv[j]) <= p.v.err[j] + 2e-16L, "c " << c << " knot " << j);
      BOOST_TEST(std::fabs(p.c.h[j] - hc[j]) <= p.c.err[j] + 2e-16L, "c " << c << " knot " << j);
      BOOST_TEST(p.v.err[j] < 1e-9);
    }
  }
}

BOOST_AUTO_TEST_CASE(the_tracked_fail_test_changes_no_decision) {
  const std::vector<std::vector<double>> instances{
      {0.3, 0.1, 0.15, 0.05}, {0.9, 0.7, 0.75, 0.6, 0.3}, {0.6, 0.45, 0.43, 0.4}};
  lilucb_test::fast_and_slow_totals all;
  for (int bounded = 0; bounded < 2; ++bounded) {
    const double lo = bounded ? -2.0 : 0.0, hi = bounded ? 6.0 : 1.0;
    const auto r = lilucb_test::compare_fast_and_slow(
        instances, 2, 5000, 20261204 + bounded,
        [&](std::size_t K, bool fast) {
          return ls::glr_pooled_betting(K, 0.2, lo, hi, hm::make_default_bet_prior(), fast);
        },
        [&](double mean, std::mt19937_64& rng) {
          return bounded ? lilucb_test::spread_reward(mean, lo, hi, rng)
                         : std::bernoulli_distribution(mean)(rng) ? 1.0 : 0.0;
        },
        [](const ls::glr_pooled_betting& rule) { return rule.fast_fails(); },
        // The tracked test's bound is h's upper bound at a point (checked against the reference
        // above): nothing is carried from pull to pull, so there is nothing further to audit.
        [](const ls::glr_pooled_betting&, const lb::arm_stats&) { return true; });
    all.stops += r.stops;
    all.decisions += r.decisions;
    all.fast_fails += r.fast_fails;
    all.tracked_fails += r.tracked_fails;
  }
  BOOST_TEST(all.stops >= 16);
  BOOST_TEST(all.decisions > 5000u);
  BOOST_TEST(all.fast_fails * 2 > all.decisions);  // the tracked test decides most pulls
}

BOOST_AUTO_TEST_CASE(runs_evidence_and_the_registry) {
  const lb::combination pb = lb::parse_combination("t3c-ids+glr-pooled-betting");
  BOOST_TEST(lb::to_string(pb) == "t3c-ids+glr-pooled-betting");
  BOOST_TEST(lb::is_certified(pb));
  BOOST_TEST(!lb::sigma_premise(pb));
  BOOST_TEST(lb::certifying_statement(pb) == "Proposition PB (docs/certified-glr/pooled-betting.md)");
  lb::run_options o;
  o.nu = 0.05;
  o.seed = 4;
  const lb::bounded_arms arms({3.0, 2.2, 1.0}, 0, 4);
  for (const char* name : {"t3c-ids+glr-pooled-betting", "uniform+glr-pooled-betting"}) {
    const auto r = lb::run_combination(lb::parse_combination(name), arms, o);
    BOOST_TEST(r.certified, name);
    BOOST_TEST(r.run.best_arm == 0u, name);
    BOOST_TEST(r.run.status == lb::run_status::stopped, name);
    BOOST_TEST(r.certificate.find("[0, 4]") != std::string::npos, name << ": " << r.certificate);
  }
  // Bernoulli arms: rewards in [0, 1] as they are.
  const auto rb = lb::run_combination(pb, lb::bernoulli_arms({0.7, 0.5, 0.4}), o);
  BOOST_TEST(rb.certified);
  BOOST_TEST(rb.run.best_arm == 0u);
  BOOST_TEST(rb.certificate.find("rewards in [0, 1]") != std::string::npos, rb.certificate);
  // Gaussian arms are refused, naming the threshold.
  expect_domain_error([&] { (void)lb::run_combination(pb, lb::gaussian_arms({0.0, 1.0}, 0.5), o); }, "threshold");

  // At the stop every challenger's certified statistic is at least log(1/delta).
  ls::glr_pooled_betting rule(3, 0.05);
  lb::arm_stats st(3);
  std::mt19937_64 rng(9);
  const double mu[3] = {0.7, 0.5, 0.4};
  bool stopped = false;
  for (int t = 0; t < 200000 && !stopped; ++t) {
    const std::size_t i = std::size_t(t % 3);
    st.add(i, std::bernoulli_distribution(mu[i])(rng) ? 1.0 : 0.0);
    rule.observe(i, st);
    stopped = rule.should_stop(st);
  }
  BOOST_TEST_REQUIRE(stopped);
  BOOST_TEST(rule.recommendation(st) == 0u);
  const auto ev = rule.evidence(st);
  BOOST_TEST(ev.size() == 2u);
  for (const auto& e : ev) {
    BOOST_TEST(e.statistic >= e.threshold, "arm " << e.arm);
    BOOST_TEST(e.threshold == rule.threshold());
  }
  BOOST_TEST(rule.threshold() >= std::log(1 / 0.05));
  BOOST_TEST(rule.searches() > 0u);
}

BOOST_AUTO_TEST_CASE(domain_errors) {
  expect_domain_error([] { ls::glr_pooled_betting(3, 1.0); }, "delta");
  expect_domain_error([] { ls::glr_pooled_betting(3, 0.0); }, "delta");
  expect_domain_error([] { ls::glr_pooled_betting(0, 0.1); }, "K");
  expect_domain_error([] { ls::glr_pooled_betting(3, 0.1, 1, 1); }, "hi");
  expect_domain_error([] { ls::glr_pooled_betting(3, 0.1, 0, std::numeric_limits<double>::infinity()); }, "hi");
  hm::bet_prior p = hm::make_default_bet_prior();
  p.log_weight[0] = 0;  // weights summing above 1
  expect_domain_error([&] { ls::glr_pooled_betting(3, 0.1, 0, 1, p); }, "prior");
  p = hm::make_default_bet_prior();
  std::swap(p.beta[1], p.beta[2]);
  expect_domain_error([&] { hm::check_bet_prior("f", p); }, "prior");
  p = hm::make_default_bet_prior();
  p.beta.back() = 1.0;  // a bet of the whole range: the factor can vanish
  expect_domain_error([&] { hm::check_bet_prior("f", p); }, "prior");
  p = hm::make_default_bet_prior();
  p.log_weight.pop_back();
  expect_domain_error([&] { hm::check_bet_prior("f", p); }, "prior");
  expect_domain_error([] { hm::check_bet_prior("f", hm::bet_prior{}); }, "prior");
  const hm::bet_prior d = hm::make_default_bet_prior();
  BOOST_TEST(d.beta.size() == 56u);
  BOOST_TEST(d.beta.front() == 0.0);
  BOOST_TEST(d.beta.back() == 0.995);
  std::array<double, hm::knots> hv{}, hc{};
  hc[3] = 2;
  expect_domain_error([&] { (void)hm::pooled_betting_statistic(d, hv, hc); }, "sum of hv");
  hv[5] = -1;
  expect_domain_error([&] { (void)hm::pooled_betting_statistic(d, hv, hc); }, "hv[5]");
  hv[5] = 3;
  hc[4] = std::numeric_limits<double>::quiet_NaN();
  expect_domain_error([&] { (void)hm::pooled_betting_statistic(d, hv, hc); }, "hc[4]");
  ls::glr_pooled_betting rule(2, 0.1, 0, 4);
  expect_domain_error([&] { (void)rule.statistic(2); }, "c");
  lb::arm_stats st(2);
  st.add(0, 4.5);  // outside the stated range
  expect_domain_error([&] { rule.observe(0, st); }, "reward");
}

BOOST_AUTO_TEST_SUITE_END()
