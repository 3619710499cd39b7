// detail/one_sided_mixture.hpp: the numeric kernel of the one-sided (half-normal) Gaussian
// mixture of Proposition M1 (docs/certified-glr/propositions.md), whose numerics are proved in
// docs/certified-glr/numerics.md.  Reference values come from independent computations
// (one_sided_reference.hpp), never from the kernel under test:
//   - F and the half-normal closed form (step 2) against numerical integration and long double;
//   - h and its slope against the definition in long double, the quadratic upper bound above h;
//   - the certified search (step 3) against a brute-force minimisation over the alternative;
//   - the bounds the stopping rules decide by (stale rows, grouped scales, the carried bound) on
//     random pairs and points, against the long-double h and the certified search;
//   - the searches stopped at a verdict (coarse_infimum, decide_infimum) against the full search;
//   - the domain of a pair statistic.
#include <boost/test/unit_test.hpp>

#include "bandit_support.hpp"
#include "one_sided_reference.hpp"

#include "lilucb/bandit/detail/mixture_grid.hpp"
#include "lilucb/bandit/detail/one_sided_mixture.hpp"
#include "lilucb/random.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

// Every case of this file is in the suite one_sided_mixture (one executable holds the directory's files).
BOOST_AUTO_TEST_SUITE(one_sided_mixture)

namespace lb = lilucb::bandit;
namespace ls = lilucb::bandit::stopping;
namespace os = lilucb::bandit::one_sided_mixture;
namespace tt = boost::test_tools;
using lilucb_test::direct_h;
using lilucb_test::expect_domain_error;
using lilucb_test::half_normal_mixture_by_quadrature;
using lilucb_test::line_minimum;
using lilucb_test::reference_F;

namespace {

// The pair's data on grid g (slopes s_i,k and constants c_k of the kernel's h), in the arrays given.
os::pair_data make_pair(double sigma, const ls::mixture_grid& g, double na, double ma, double nb, double mb,
                        std::vector<double>& sa, std::vector<double>& sb, std::vector<double>& c) {
  const std::size_t G = g.rho.size();
  sa.resize(G);
  sb.resize(G);
  c.resize(G);
  for (std::size_t k = 0; k < G; ++k) {
    sa[k] = os::slope(na, g.rho[k], sigma);
    sb[k] = os::slope(nb, g.rho[k], sigma);
    c[k] = g.log_weight[k] + 2 * std::log(2.0) - os::mixture_penalty(na, g.rho[k]) - os::mixture_penalty(nb, g.rho[k]);
  }
  return {ma, mb, sigma, sa.data(), sb.data(), c.data(), G};
}

// S1 as the kernel computes it: the certified search on the whole grid.
double s1_statistic(double sigma, const ls::mixture_grid& g, std::uint64_t na, double ma, std::uint64_t nb, double mb) {
  std::vector<double> sa, sb, c;
  return os::infimum_lower_bound(make_pair(sigma, g, double(na), ma, double(nb), mb, sa, sb, c));
}

}  // namespace

BOOST_AUTO_TEST_SUITE(one_sided_mixture)

// Step 2 of Proposition M1: the half-normal mixture is 2 (1 + N/rho)^(-1/2) exp(F(u)), u = X/(sigma sqrt(N + rho)).
BOOST_AUTO_TEST_CASE(half_normal_closed_form_matches_quadrature) {
  for (double sigma : {0.5, 1.3})
    for (double rho : {0.5, 16.0})
      for (double N : {1.0, 7.0, 120.0})
        for (double X : {-6.0, -0.4, 0.0, 0.7, 5.0}) {
          const double u = X / (sigma * std::sqrt(N + rho));
          const double closed = std::log(2.0) - 0.5 * std::log1p(N / rho) + os::F(u).f;
          BOOST_TEST(closed == half_normal_mixture_by_quadrature(X, N, sigma, rho), tt::tolerance(1e-7));
        }
}

// F and its slope: every branch agrees with the long double reference (a lower bound past
// x = -u/sqrt 2 = 100, within 1e-8 there); F' is F's derivative and increases (F convex).
BOOST_AUTO_TEST_CASE(f_branches_slope_and_convexity) {
  double prev_slope = -INFINITY;
  for (double u = -200; u <= 40; u += 0.0731) {
    const auto f = os::F(u);
    const double ref = double(reference_F(u));
    if (-u / std::sqrt(2.0) <= 100) {
      BOOST_TEST(f.f == ref, tt::tolerance(1e-11));
    } else {
      BOOST_TEST(f.f <= ref);
      BOOST_TEST(f.f >= ref - 1e-8);
    }
    const double e = 1e-4;
    BOOST_TEST(f.df == (os::F(u + e).f - os::F(u - e).f) / (2 * e), tt::tolerance(1e-6));
    BOOST_TEST(f.df > prev_slope);
    prev_slope = f.df;
  }
}

// The tangent bound of F: every entry of the table bounds F at every u (a fine grid over
// [-200, 40], the points where the nearest entry changes, and u = 0 from both sides) up to the
// evaluation's own rounding (1e-15 (1 + |F|), which the callers' margins of 1e-12 cover: beyond
// u = 8, log Phi(u) is below the rounding of u^2/2), F_upper is within 4.91e-3 of F on [0, 6.125]
// and is u^2/2 beyond, and a planted intercept lowered by 1e-6 is caught at its own tangent point.
BOOST_AUTO_TEST_CASE(tangent_bound_of_f) {
  const os::phi_tangent* t = os::phi_tangents();
  BOOST_TEST(t[os::phi_tangent_count - 1].a == 0.0);
  BOOST_TEST(t[os::phi_tangent_count - 1].b == 0.0);
  std::vector<double> us;
  for (double u = -200; u <= 40; u += 0.01731) us.push_back(u);
  for (std::size_t j = 0; j + 1 < os::phi_tangent_count; ++j) {
    us.push_back(0.25 * double(j));  // the tangent points: the bound is tightest there
    us.push_back(0.25 * double(j) + 0.125);
    us.push_back(std::nextafter(0.25 * double(j) + 0.125, 0.0));
  }
  us.push_back(-0.0);
  us.push_back(-1e-300);
  double worst = 0;
  for (double u : us) {
    const long double f = reference_F(u);
    const double up = u > 0 ? u : 0.0;
    const long double round = 1e-15L * (1 + std::fabs(f));
    for (std::size_t j = 0; j < os::phi_tangent_count; ++j)
      BOOST_TEST(t[j].a + up * (t[j].b + 0.5 * up) + round >= f, "entry " << j << " at u = " << u);
    const double fu = os::F_upper(u);
    BOOST_TEST(fu + round >= f, "F_upper at u = " << u);
    if (u >= 0 && u <= 6.125) worst = std::max(worst, double(fu - f));
    if (u > 6.125) BOOST_TEST(fu == 0.5 * u * u);
  }
  BOOST_TEST(worst <= 4.91e-3);
  BOOST_TEST(worst >= 4.5e-3);  // the largest gaps are half-way between the first tangents
  // The margin is needed: an intercept 1e-6 too low fails at its tangent point.
  for (std::size_t j = 0; j + 1 < os::phi_tangent_count; ++j) {
    const double u = 0.25 * double(j);
    BOOST_TEST((t[j].a - 1e-6) + u * (t[j].b + 0.5 * u) < reference_F(u), "planted entry " << j);
  }
  BOOST_TEST(std::isnan(os::F_upper(std::nan(""))));
  BOOST_TEST(os::F_upper(INFINITY) == INFINITY);
}

// h and its slope against the definition (long double) on random pairs and points, also outside
// [mu_hat_b, mu_hat_a]; the quadratic upper bound (F_upper in place of F) is >= h and within 2 nats of it
// where the terms that dominate have u >= -1.
BOOST_AUTO_TEST_CASE(h_slope_and_quadratic_upper_on_random_pairs) {
  const auto g = ls::make_mixture_grid(40);
  const double sigma = 0.5;
  lb::normal_stream rng(29, 0);
  std::vector<double> sa, sb, c;
  for (int trial = 0; trial < 200; ++trial) {
    const double Na = std::floor(std::exp(8 * rng.engine().uniform01())) + 1;
    const double Nb = std::floor(std::exp(8 * rng.engine().uniform01())) + 1;
    const double mb = 0.3 * rng();
    const double ma = mb + 8 * rng.engine().uniform01() * sigma * std::sqrt(1 / Na + 1 / Nb);
    const os::pair_data p = make_pair(sigma, g, Na, ma, Nb, mb, sa, sb, c);
    for (int i = 0; i < 3; ++i) {
      const double m = mb - 0.5 + (ma - mb + 1.0) * rng.engine().uniform01();
      const double ref = double(direct_h(sigma, g, Na, ma, Nb, mb, m));
      const os::h_and_slope h = os::h_at(p, m);
      BOOST_TEST_CONTEXT("trial " << trial << " Na " << Na << " Nb " << Nb << " m " << m) {
        BOOST_TEST(h.h == ref, tt::tolerance(1e-9));
        const double e = 1e-6 * (1 + std::fabs(m));
        BOOST_TEST(h.dh == (os::h_at(p, m + e).h - os::h_at(p, m - e).h) / (2 * e), tt::tolerance(1e-3));
        BOOST_TEST(os::quadratic_upper(p, m) >= ref);
      }
    }
  }
}

// Step 3: the certified search's value is a lower bound of the infimum of the log mixture over the alternative
// {m_a <= m_b} (brute force on a 2-D grid, long double) and within 1e-6 of its minimum on the line.
BOOST_AUTO_TEST_CASE(infimum_matches_brute_force) {
  const auto g = ls::make_mixture_grid(40);
  const double sigma = 0.5;
  for (auto [na, nb] : std::vector<std::pair<double, double>>{{10, 10}, {300, 20}, {5, 900}, {5960, 6}, {1, 1}})
    for (double gap : {0.0, 0.05, 0.3, 1.1}) {
      const double ma = 0.4 + gap, mb = 0.4;
      const double s1 = s1_statistic(sigma, g, std::uint64_t(na), ma, std::uint64_t(nb), mb);
      const long double line_min = line_minimum(sigma, g, na, ma, nb, mb, 1500);
      BOOST_TEST_CONTEXT("na " << na << " nb " << nb << " gap " << gap) {
        BOOST_TEST(s1 <= double(line_min) + 1e-9);
        BOOST_TEST(s1 >= double(line_min) - 1e-6);
        // Off the line (m_a < m_b) the log mixture is larger (each factor is monotone).
        for (double da : {-0.3, -0.01})
          for (double mm : {mb, 0.5 * (ma + mb), ma}) {
            // at means (mm + da, mm): arm a's factor at m_a = mm + da, arm b's at m_b = mm
            std::vector<long double> v;
            long double best = -INFINITY;
            for (std::size_t k = 0; k < g.rho.size(); ++k) {
              const long double rho = g.rho[k];
              const long double ua = na * (ma - (mm + da)) / (sigma * std::sqrt(na + rho));
              const long double ub = nb * (mm - mb) / (sigma * std::sqrt(nb + rho));
              const long double x = g.log_weight[k] + 2 * std::log(2.0L) - 0.5L * std::log1p(na / rho) -
                                    0.5L * std::log1p(nb / rho) + reference_F(ua) + reference_F(ub);
              v.push_back(x);
              best = std::max(best, x);
            }
            long double s = 0;
            for (long double x : v) s += std::exp(x - best);
            BOOST_TEST(s1 <= double(best + std::log(s)) + 1e-9);
          }
      }
    }
}

// The bounds behind the rule's key (docs/certified-glr/numerics.md, "Stale rows" and "Fewer terms"), on random
// pairs (counts from 1 to about 3000, gaps up to about 8 standard errors) and random points m
// (also outside [mu_hat_b, mu_hat_a], where the u's are negative): the O(G) bound from rows at
// smaller counts c <= N (slopes scaled by N/c) is >= S1; the log-sum over the scales s0..e0-1 is
// <= h(m) and the grouped upper bound >= h(m) (h from the definition, long double).  The groups
// are made to matter (random j, small counts): in many trials they move the upper bound by more
// than 1e-3, so a wrong group bound would show.
BOOST_AUTO_TEST_CASE(stale_and_grouped_bounds_are_bounds) {
  // The default grid and the epsilon band (question_grid), whose weights jump at the band's end.
  for (const ls::mixture_grid& g : {ls::make_mixture_grid(40), ls::make_epsilon_mixture_grid(0.5, 0.05)}) {
    const std::size_t G = g.rho.size();
    const double sigma = 0.5;
    // Entry k of a row (penalty, slope, count) at count n.
    const auto entry = [&](double n, std::vector<double>& r, std::size_t k) {
      r[k] = 0.5 * std::log1p(n / g.rho[k]);
      r[G + k] = n / (sigma * std::sqrt(n + g.rho[k]));
      r[2 * G + k] = 1 / n;
    };
    const auto rows = [&](double n, std::vector<double>& r) {
      r.assign(3 * G, 0.0);
      for (std::size_t k = 0; k < G; ++k) entry(n, r, k);
    };
    std::vector<double> ra, rb;
    lb::normal_stream rng(17, 0);
    int groups_matter = 0, stale_used = 0;
    for (int trial = 0; trial < 400; ++trial) {
      const double Na = std::floor(std::exp(8 * rng.engine().uniform01())), Nb = std::floor(std::exp(8 * rng.engine().uniform01()));
      const double mb = 0.3 * rng();
      const double ma = mb + 8 * rng.engine().uniform01() * sigma * std::sqrt(1 / Na + 1 / Nb);
      // Stale rows: counts c <= N, a random part of the entries refreshed at N.
      const double ca = 1 + std::floor(rng.engine().uniform01() * Na), cb = 1 + std::floor(rng.engine().uniform01() * Nb);
      rows(std::min(ca, Na), ra);
      rows(std::min(cb, Nb), rb);
      for (std::size_t k = 0; k < G; ++k) {
        if (rng.engine().uniform01() < 0.3) entry(Na, ra, k);
        if (rng.engine().uniform01() < 0.3) entry(Nb, rb, k);
      }
      const double s1 = s1_statistic(sigma, g, std::uint64_t(Na), ma, std::uint64_t(Nb), mb);
      const double up = os::tight_upper(Na, ma, ra.data(), Nb, mb, rb.data(), G);
      BOOST_TEST_CONTEXT("trial " << trial << " Na " << Na << " ca " << ca << " Nb " << Nb << " cb " << cb) {
        if (ma > mb) BOOST_TEST(up >= s1 - 1e-9);
      }
      stale_used += (ca < Na || cb < Nb) && ma > mb;
      // The grouped bounds at the present rows.
      rows(Na, ra);
      rows(Nb, rb);
      const std::size_t j = std::size_t(rng.engine()() % G);
      const std::size_t s0 = j >= 5 ? j - 5 : 0, e0 = std::min(G, j + 7);
      double cs[64];
      for (std::size_t k = s0; k < e0; ++k) cs[k - s0] = g.log_weight[k] + 2 * std::log(2.0) - ra[k] - rb[k];
      double head = 0, tail = 0;
      for (std::size_t k = 0; k < G; ++k) {
        if (k < s0) head += std::exp(g.log_weight[k]);
        if (k >= e0) tail += std::exp(g.log_weight[k]);
      }
      const double ninf = -INFINITY;
      const os::grouped_pair gp{{ma, mb, sigma, ra.data() + G + s0, rb.data() + G + s0, cs, e0 - s0},
                                ra.data(), rb.data(), s0, e0, G,
                                s0 > 0 ? std::log(head * (1 + 1e-12)) + 2 * std::log(2.0) - ra[s0 - 1] - rb[s0 - 1] : ninf,
                                e0 < G ? std::log(tail * (1 + 1e-12)) + 2 * std::log(2.0) : ninf};
      for (int i = 0; i < 4; ++i) {
        const double m = mb - 0.5 + (ma - mb + 1.0) * rng.engine().uniform01();
        const double h = double(direct_h(sigma, g, Na, ma, Nb, mb, m));
        const auto b = os::grouped_at(gp, m);
        BOOST_TEST_CONTEXT("trial " << trial << " j " << j << " m " << m << " h " << h) {
          BOOST_TEST(b.h <= h + 1e-9 * (1 + std::fabs(h)));
          BOOST_TEST(b.up >= h - 1e-9 * (1 + std::fabs(h)));
        }
        groups_matter += b.up - b.h > 1e-3;
      }
    }
    BOOST_TEST(groups_matter > 200);
    BOOST_TEST(stale_used > 200);
  }
}

// The carried bound (docs/certified-glr/numerics.md, "Carried bound"): the O(G) bound of a pair at counts A0, B0
// (rows partly stale) carried forward to counts A >= A0, B >= B0 and new means is >= S1 there, on
// random pairs; the new data are a few pulls on (the case the rule meets: lambda near 1, where a
// bound that ignored the change of counts or means would fall below S1), and sometimes close to it.
BOOST_AUTO_TEST_CASE(carried_bound_is_a_bound) {
  // The default grid and the epsilon band (question_grid), whose weights jump at the band's end.
  for (const ls::mixture_grid& g : {ls::make_mixture_grid(40), ls::make_epsilon_mixture_grid(0.5, 0.05)}) {
    const std::size_t G = g.rho.size();
    const double sigma = 0.5;
    const auto rows = [&](double n, std::vector<double>& r) {
      r.assign(3 * G, 0.0);
      for (std::size_t k = 0; k < G; ++k) {
        r[k] = 0.5 * std::log1p(n / g.rho[k]);
        r[G + k] = n / (sigma * std::sqrt(n + g.rho[k]));
        r[2 * G + k] = 1 / n;
      }
    };
    std::vector<double> ra, rb;
    lb::normal_stream rng(23, 0);
    int close = 0, checked = 0;
    for (int trial = 0; trial < 2000; ++trial) {
      const double A0 = 1 + std::floor(std::exp(7 * rng.engine().uniform01())), B0 = 1 + std::floor(std::exp(7 * rng.engine().uniform01()));
      const double mb0 = 0.3 * rng();
      const double ma0 = mb0 + (0.5 + 8 * rng.engine().uniform01()) * sigma * std::sqrt(1 / A0 + 1 / B0);
      rows(A0, ra);
      rows(B0, rb);
      double Q0 = 0;
      const double T0 = os::tight_upper(A0, ma0, ra.data(), B0, mb0, rb.data(), G, &Q0);
      // A few pulls of either arm, the means moved by their rewards.
      double A = A0, B = B0, sa = ma0 * A0, sb = mb0 * B0;
      for (int p = int(rng.engine()() % 4); p >= 0; --p) {
        if (rng.engine()() % 2) {
          A += 1;
          sa += ma0 + sigma * rng();
        } else {
          B += 1;
          sb += mb0 + sigma * rng();
        }
      }
      const double ma = sa / A, mb = sb / B;
      if (!(ma > mb)) continue;
      const double d0 = (ma0 - mb0) * (ma0 - mb0) / (2 * sigma * sigma), d = (ma - mb) * (ma - mb) / (2 * sigma * sigma);
      const double up = os::carried_upper(T0, Q0, d0, A0 * B0 / (A0 + B0), d, A * B / (A + B));
      const double s1 = s1_statistic(sigma, g, std::uint64_t(A), ma, std::uint64_t(B), mb);
      BOOST_TEST(up >= s1, "trial " << trial << " A0 " << A0 << " B0 " << B0 << " A " << A << " B " << B);
      ++checked;
      close += up - s1 < 2.0;
    }
    BOOST_TEST(checked > 1500);
    BOOST_TEST(close > 100);
  }
}

// The searches stopped at a verdict (docs/certified-glr/numerics.md, "Deciding search" and "Fewer
// terms") give the full search's verdict: on random pairs and thresholds placed around S1 (by
// 1e-6 to a few nats), a pass (+1) of decide_infimum, on the whole grid or with the scales
// grouped, comes only with S1 >= the threshold and a fail (-1) only with S1 < the threshold; a pass
// of coarse_infimum (one scale) likewise, and its value is <= the brute-force minimum.
BOOST_AUTO_TEST_CASE(deciding_searches_give_the_full_search_verdict) {
  const auto g = ls::make_mixture_grid(40);
  const std::size_t G = g.rho.size();
  const double sigma = 0.5;
  lb::normal_stream rng(31, 0);
  std::vector<double> sa, sb, c, ra(3 * G), rb(3 * G);
  int verdicts[3] = {0, 0, 0}, grouped_verdicts[3] = {0, 0, 0}, coarse_passes = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const double Na = std::floor(std::exp(8 * rng.engine().uniform01())) + 1;
    const double Nb = std::floor(std::exp(8 * rng.engine().uniform01())) + 1;
    const double mb = 0.3 * rng();
    const double gap = (0.5 + 8 * rng.engine().uniform01()) * sigma * std::sqrt(1 / Na + 1 / Nb);
    const double ma = mb + gap;
    const os::pair_data all = make_pair(sigma, g, Na, ma, Nb, mb, sa, sb, c);
    const double s1 = os::infimum_lower_bound(all);
    const double offset = (rng.engine()() % 2 ? 1 : -1) * std::pow(10.0, -6 + 6.5 * rng.engine().uniform01());
    const double thr = std::max(0.5, s1 + offset);
    const double margin = 1e-8 * (1 + thr);
    // The one-term search at the scale nearest min(N_a, N_b)/Z, as the rule runs it.
    const double z = gap * gap / (2 * sigma * sigma) / (1 / Na + 1 / Nb);
    std::size_t j = std::size_t(std::lower_bound(g.rho.begin(), g.rho.end(), std::min(Na, Nb) / z) - g.rho.begin());
    if (j == G) j = G - 1;
    const double c1 = c[j];
    const os::pair_data one{ma, mb, sigma, sa.data() + j, sb.data() + j, &c1, 1};
    double v = 0, m_one = 0;
    BOOST_TEST_CONTEXT("trial " << trial << " Na " << Na << " Nb " << Nb << " S1 " << s1 << " thr " << thr) {
      if (os::coarse_infimum(one, thr + margin, 1e-2, &v, &m_one)) {
        ++coarse_passes;
        BOOST_TEST(s1 >= thr);
        BOOST_TEST(v <= double(line_minimum(sigma, g, Na, ma, Nb, mb, 400)) + 1e-9);
        continue;
      }
      const os::h_and_slope h0 = os::h_at(all, m_one);
      const int verdict = os::decide_infimum([&](double m) { return os::whole(all, m); }, m_one, {h0.h, h0.dh, h0.h},
                                             thr, margin, 1e-3 * gap, 12, &v);
      ++verdicts[verdict + 1];
      if (verdict == 1) BOOST_TEST(s1 >= thr);
      if (verdict == -1) BOOST_TEST(s1 < thr);
      // The same with the scales j - 5..j + 6 exact and the others grouped (rows at the present counts).
      for (std::size_t k = 0; k < G; ++k) {
        ra[k] = os::mixture_penalty(Na, g.rho[k]);
        ra[G + k] = sa[k];
        ra[2 * G + k] = 1 / Na;
        rb[k] = os::mixture_penalty(Nb, g.rho[k]);
        rb[G + k] = sb[k];
        rb[2 * G + k] = 1 / Nb;
      }
      const std::size_t s0 = j >= 5 ? j - 5 : 0, e0 = std::min(G, j + 7);
      double cs[64], head = 0, tail = 0;
      for (std::size_t k = s0; k < e0; ++k) cs[k - s0] = c[k];
      for (std::size_t k = 0; k < G; ++k) {
        if (k < s0) head += std::exp(g.log_weight[k]);
        if (k >= e0) tail += std::exp(g.log_weight[k]);
      }
      const double ninf = -INFINITY;
      const os::grouped_pair gp{{ma, mb, sigma, sa.data() + s0, sb.data() + s0, cs, e0 - s0},
                                ra.data(), rb.data(), s0, e0, G,
                                s0 > 0 ? std::log(head * (1 + 1e-12)) + 2 * std::log(2.0) - ra[s0 - 1] - rb[s0 - 1] : ninf,
                                e0 < G ? std::log(tail * (1 + 1e-12)) + 2 * std::log(2.0) : ninf};
      const auto ev = [&](double m) { return os::grouped_at(gp, m, thr - margin); };
      const int gv = os::decide_infimum(ev, m_one, ev(m_one), thr, margin, 1e-3 * gap, 12, &v);
      ++grouped_verdicts[gv + 1];
      if (gv == 1) BOOST_TEST(s1 >= thr);
      if (gv == -1) BOOST_TEST(s1 < thr);
    }
  }
  BOOST_TEST_MESSAGE("decide_infimum fail/undecided/pass " << verdicts[0] << "/" << verdicts[1] << "/" << verdicts[2]
                     << ", grouped " << grouped_verdicts[0] << "/" << grouped_verdicts[1] << "/" << grouped_verdicts[2]
                     << ", coarse passes " << coarse_passes);
  BOOST_TEST(verdicts[0] > 20);
  BOOST_TEST(verdicts[2] > 5);
  BOOST_TEST(grouped_verdicts[0] > 20);
  BOOST_TEST(coarse_passes > 5);
}

// The domain of a pair statistic, each violation naming its parameter: sigma in (0, inf), counts
// >= 1, 1 to 64 scales with one weight each.
BOOST_AUTO_TEST_CASE(pair_arguments_domain) {
  const auto g = ls::make_mixture_grid(40);
  const char* fn = "test";
  const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  for (double sigma : {0.0, -1.0, nan, inf})
    expect_domain_error([&] { os::check_pair_arguments(fn, sigma, "na", 1, "nb", 1, g); }, "sigma");
  expect_domain_error([&] { os::check_pair_arguments(fn, 0.5, "na", 0, "nb", 1, g); }, "na");
  expect_domain_error([&] { os::check_pair_arguments(fn, 0.5, "na", 1, "nv", 0, g); }, "nv");
  ls::mixture_grid empty{};
  expect_domain_error([&] { os::check_pair_arguments(fn, 0.5, "na", 1, "nb", 1, empty); }, "grid");
  ls::mixture_grid wide = ls::make_banded_mixture_grid(-23, 7);  // 64 scales: accepted
  os::check_pair_arguments(fn, 0.5, "na", 1, "nb", 1, wide);
  wide.rho.push_back(1.0);
  wide.log_weight.push_back(-50.0);  // 65
  expect_domain_error([&] { os::check_pair_arguments(fn, 0.5, "na", 1, "nb", 1, wide); }, "grid");
  ls::mixture_grid unweighted = g;
  unweighted.log_weight.pop_back();
  expect_domain_error([&] { os::check_pair_arguments(fn, 0.5, "na", 1, "nb", 1, unweighted); }, "grid");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE_END()  // one_sided_mixture
