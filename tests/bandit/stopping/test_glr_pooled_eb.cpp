// stopping/glr_pooled_eb.hpp and detail/eb_mixture.hpp: the pooled rule with empirical-Bernstein
// bets (Proposition PE of docs/certified-glr/pooled-eb.md), and bounded_arms.  References are
// independent of the kernel's code:
//   - Fan's inequality log(1 + lambda x) >= lambda x - psi_E(lambda) x^2 on a grid of (lambda, x)
//     in long double (and its failure below x = -1, so the check can fail);
//   - psi_upper against psi_E summed as a series in long double (never below it);
//   - h(m) written per pull, sum over the rewards of lambda (y - m) - psi (y - m)^2 in long double
//     (not from the counts and sums the kernel reads); each term's second difference in m;
//   - the cell bound never above the reference's minimum over a fine grid of the cell;
//   - the certified statistic against the reference's minimum (dense grid in m, then golden
//     section around the best point): never above it, within 1e-5 of it;
//   - the supermartingale at m = mu*: E[M_t] <= 1 by exact enumeration of every reward sequence of
//     a small adaptive Bernoulli run (and > 1 when psi is dropped, so the check can fail);
//   - each single bet (k, j) of the product supermartingale: E[exp(lambda sum x - psi sum x^2)] <= 1
//     by exact enumeration of few-point laws (pooled side mean <= m, best arm mean = m, horizons 1
//     to 6) for every bet of the default grid and three near 0.99, with the grid's psi; and > 1 for
//     every positive bet with psi times 0.7, so the check can fail;
//   - large counts (10^6 to 2^40 pulls) with Q - 2 m S + N m^2 nearly cancelling at m within 4 ulps
//     of a mean: point, cell and search bounds against h at the exact sums (rational arithmetic for
//     one-bet grids, 50 digits for the default grid), zero tolerance, and within twice the
//     numerics section's error bound;
//   - the rule: its pooled arm against glr_pooled_kl's, the rescaling, the evidence at the stop,
//     domain errors, the registry (certified, no sigma premise, Bernoulli and bounded arms only),
//     the sigma premise of the sub-Gaussian rules on bounded arms;
//   - bounded_arms: range, mean and variance of the Beta draws, reproducibility, domain errors.
#include <boost/test/unit_test.hpp>

#include "bandit_support.hpp"
#include "fast_and_slow.hpp"

#include "lilucb/bandit/compose.hpp"
#include "lilucb/bandit/detail/eb_mixture.hpp"
#include "lilucb/bandit/stopping/glr_pooled_eb.hpp"
#include "lilucb/bandit/stopping/glr_pooled_kl.hpp"

#include <boost/multiprecision/cpp_bin_float.hpp>
#include <boost/multiprecision/cpp_int.hpp>

#include <algorithm>
#include <iomanip>
#include <cmath>
#include <limits>
#include <numeric>
#include <random>
#include <string>
#include <vector>

namespace lb = lilucb::bandit;
namespace ls = lilucb::bandit::stopping;
namespace em = lilucb::bandit::eb_mixture;
using lilucb_test::expect_domain_error;

namespace {

long double eb_psi_series(long double l) {  // sum over n >= 2 of l^n / n
  long double term = l * l, sum = 0;
  for (int n = 2; n < 5000; ++n, term *= l) sum += term / n;
  return sum;
}

// One side's log-sum written per pull: log sum_k w_k exp(sum_s [lambda_k x_s - psi_k x_s^2]), x_s =
// y_s - m (up) or m - y_s (down).
long double eb_side_per_pull(const em::bet_grid& g, const std::vector<double>& ys, long double m, bool up) {
  std::vector<long double> v;
  for (std::size_t k = 0; k < g.lambda.size(); ++k) {
    long double e = g.log_weight[k];
    for (double y : ys) {
      const long double x = up ? y - m : m - y;
      e += g.lambda[k] * x - g.psi[k] * x * x;
    }
    v.push_back(e);
  }
  const long double top = *std::max_element(v.begin(), v.end());
  long double s = 0;
  for (long double x : v) s += std::exp(x - top);
  return top + std::log(s);
}

long double eb_h_per_pull(const em::bet_grid& g, const std::vector<double>& yv, const std::vector<double>& yc,
                          long double m) {
  return eb_side_per_pull(g, yv, m, true) + eb_side_per_pull(g, yc, m, false);
}

// The reference minimum over [0, 1]: a grid of 2001 points, then golden section on the two grid
// cells around the best point (h is smooth; near its minimum unimodal at this resolution).
long double eb_reference_min(const em::bet_grid& g, const std::vector<double>& yv, const std::vector<double>& yc) {
  constexpr int n = 2000;
  long double best = std::numeric_limits<long double>::infinity();
  int at = 0;
  for (int i = 0; i <= n; ++i) {
    const long double h = eb_h_per_pull(g, yv, yc, (long double)i / n);
    if (h < best) best = h, at = i;
  }
  long double lo = std::max(0, at - 1) / (long double)n, hi = std::min(n, at + 1) / (long double)n;
  const long double r = (std::sqrt(5.0L) - 1) / 2;
  long double x1 = hi - r * (hi - lo), x2 = lo + r * (hi - lo);
  long double f1 = eb_h_per_pull(g, yv, yc, x1), f2 = eb_h_per_pull(g, yv, yc, x2);
  for (int it = 0; it < 80; ++it) {
    if (f1 < f2) {
      hi = x2, x2 = x1, f2 = f1, x1 = hi - r * (hi - lo), f1 = eb_h_per_pull(g, yv, yc, x1);
    } else {
      lo = x1, x1 = x2, f1 = f2, x2 = lo + r * (hi - lo), f2 = eb_h_per_pull(g, yv, yc, x2);
    }
  }
  return std::min({best, f1, f2});
}

struct eb_sample {
  std::vector<double> yv, yc;
  em::pair_data pair(const em::bet_grid& g) const {
    const auto side = [](const std::vector<double>& ys) {
      long double s = 0, q = 0;
      for (double y : ys) s += y, q += (long double)y * y;
      return em::side_data{double(ys.size()), double(s), double(q), 1e-15 * double(s), 2e-15 * double(q)};
    };
    return {side(yv), side(yc), &g};
  }
};

// Beta(a, b) rewards in [0, 1] (or Bernoulli when bernoulli is set) for both sides.
eb_sample eb_draw(std::mt19937_64& rng, std::size_t nv, double mv, std::size_t nc, double mc, double kappa,
                  bool bernoulli) {
  eb_sample s;
  const auto one = [&](double mean) {
    if (bernoulli) return std::bernoulli_distribution(mean)(rng) ? 1.0 : 0.0;
    const double a = std::gamma_distribution<double>(mean * kappa)(rng);
    const double b = std::gamma_distribution<double>((1 - mean) * kappa)(rng);
    return a / (a + b);
  };
  for (std::size_t i = 0; i < nv; ++i) s.yv.push_back(one(mv));
  for (std::size_t i = 0; i < nc; ++i) s.yc.push_back(one(mc));
  return s;
}

// --- Per-bet supermartingale by exact enumeration (pooled-eb.md, Lemma 2 and Step 1) ---------

// A reward law on [0, 1] with finitely many values, in long double.
struct pe_enum_law {
  std::vector<long double> y, p;
};
pe_enum_law pe_enum_bernoulli(long double mean) { return {{0.0L, 1.0L}, {1 - mean, mean}}; }
// Values 0, 1/2, 1 with mass `mid` on 1/2 and the given mean (mid <= 2 mean, mid <= 2 (1 - mean)).
pe_enum_law pe_enum_three_point(long double mean, long double mid) {
  const long double top = mean - mid / 2;
  return {{0.0L, 0.5L, 1.0L}, {1 - mid - top, mid, top}};
}
// Values a < b with the given mean in [a, b].
pe_enum_law pe_enum_two_point(long double a, long double b, long double mean) {
  const long double pb = (mean - a) / (b - a);
  return {{a, b}, {1 - pb, pb}};
}

// E[exp(lambda sum_s x_s - psi sum_s x_s^2)] over every outcome sequence of independent pulls with
// laws laws[0], laws[1], ... (x = y - m when up, m - y otherwise), by enumeration in long double.
long double pe_enum_bet_expectation(long double lambda, long double psi, const std::vector<pe_enum_law>& laws,
                                    long double m, bool up) {
  const std::size_t T = laws.size();
  std::vector<std::size_t> idx(T, 0);
  long double total = 0;
  while (true) {
    long double prob = 1, sx = 0, sxx = 0;
    for (std::size_t s = 0; s < T; ++s) {
      const long double y = laws[s].y[idx[s]];
      const long double x = up ? y - m : m - y;
      prob *= laws[s].p[idx[s]];
      sx += x;
      sxx += x * x;
    }
    total += prob * std::exp(lambda * sx - psi * sxx);
    std::size_t s = 0;
    while (s < T && ++idx[s] == laws[s].y.size()) idx[s++] = 0;
    if (s == T) break;
  }
  return total;
}

// The scenarios: for each m, sequences of pull laws for the pooled side (means <= m, bets up) and
// for the best arm's side (means = m, bets down), horizons 1 to 6.
struct pe_enum_scenario {
  long double m;
  bool up;
  std::vector<pe_enum_law> laws;
};
std::vector<pe_enum_scenario> pe_enum_scenarios() {
  std::vector<pe_enum_scenario> out;
  for (long double m : {0.001L, 0.005L, 0.02L, 0.05L, 0.25L, 0.5L, 0.75L, 0.95L, 0.98L, 0.995L, 0.999L}) {
    const long double mid = std::min({0.3L, m, 1 - m});
    for (bool up : {true, false}) {
      for (std::size_t T : {1u, 3u, 6u}) out.push_back({m, up, std::vector<pe_enum_law>(T, pe_enum_bernoulli(m))});
      out.push_back({m, up, std::vector<pe_enum_law>(4, pe_enum_three_point(m, mid))});
      out.push_back({m, up, std::vector<pe_enum_law>(3, pe_enum_two_point(m / 2, (1 + m) / 2, m))});
      if (up)  // pooled pulls of different arms, each of mean at most m
        out.push_back({m, up, {pe_enum_bernoulli(m / 2), pe_enum_bernoulli(m), pe_enum_three_point(m * 0.9L, mid * 0.9L),
                               pe_enum_bernoulli(m), pe_enum_two_point(0, m, m / 3)}});
      else  // the best arm: mean m at every pull, varying laws
        out.push_back({m, up, {pe_enum_three_point(m, mid), pe_enum_bernoulli(m), pe_enum_two_point(m / 2, (1 + m) / 2, m),
                               pe_enum_bernoulli(m)}});
    }
  }
  return out;
}

// --- Exact reference for large counts (pooled-eb.md, Lemma 3 (iv), "Numerics") ----------------

using pe_exact_rat = boost::multiprecision::cpp_rational;
using pe_exact_f50 = boost::multiprecision::cpp_bin_float_50;

pe_exact_rat pe_exact_from_i128(__int128 v) {  // exact, via two 64-bit halves
  const bool neg = v < 0;
  unsigned __int128 u = neg ? (unsigned __int128)(-v) : (unsigned __int128)v;
  boost::multiprecision::cpp_int r = (unsigned long long)(u >> 64);
  r <<= 64;
  r += (unsigned long long)(u & ~0ULL);
  return neg ? pe_exact_rat(-r) : pe_exact_rat(r);
}

// One side: n0 rewards a/2^d and n1 rewards b/2^d (integers 0 <= a, b <= 2^d): N, and S, Q as
// integers over 2^d and 2^(2d), exactly.
struct pe_exact_side {
  __int128 n, s_num, q_num;
  int d;
  static pe_exact_side make(__int128 n0, __int128 a, __int128 n1, __int128 b, int d) {
    return {n0 + n1, n0 * a + n1 * b, n0 * a * a + n1 * b * b, d};
  }
  pe_exact_rat n_r() const { return pe_exact_from_i128(n); }
  pe_exact_rat s_r() const { return pe_exact_from_i128(s_num) / pe_exact_rat(pe_exact_from_i128((__int128)1 << d)); }
  pe_exact_rat q_r() const { return pe_exact_from_i128(q_num) / pe_exact_rat(pe_exact_from_i128((__int128)1 << (2 * d))); }
  double s_double() const { return std::ldexp(double(s_num), -d); }      // correctly rounded
  double q_double() const { return std::ldexp(double(q_num), -2 * d); }  // correctly rounded
  double mean_double() const { return std::ldexp(double(s_num), -d) / double(n); }
};

// The exact term t_k(m) = log w_k + lambda_k (S - N m) - psi_k (Q - 2 m S + N m^2) (up), or with
// N m - S (down), at the exact sums and the doubles lambda_k, psi_k, log w_k, m.
pe_exact_rat pe_exact_term(const em::bet_grid& g, std::size_t k, const pe_exact_side& sd, double m, bool up) {
  const pe_exact_rat M(m), N = sd.n_r(), S = sd.s_r(), Q = sd.q_r();
  const pe_exact_rat lin = up ? pe_exact_rat(S - N * M) : pe_exact_rat(N * M - S);
  return pe_exact_rat(g.log_weight[k]) + pe_exact_rat(g.lambda[k]) * lin -
         pe_exact_rat(g.psi[k]) * (Q - 2 * M * S + N * M * M);
}

// h(m) at the exact sums: exact (a rational) for a one-bet grid, else the log-sums in 50 digits.
pe_exact_f50 pe_exact_h(const em::bet_grid& g, const pe_exact_side& v, const pe_exact_side& c, double m) {
  pe_exact_f50 h = 0;
  for (int side = 0; side < 2; ++side) {
    std::vector<pe_exact_f50> t;
    for (std::size_t k = 0; k < g.lambda.size(); ++k)
      t.push_back(pe_exact_f50(pe_exact_term(g, k, side == 0 ? v : c, m, side == 0)));
    const pe_exact_f50 top = *std::max_element(t.begin(), t.end());
    pe_exact_f50 s = 0;
    for (const auto& x : t) s += boost::multiprecision::exp(x - top);
    h += top + boost::multiprecision::log(s);
  }
  return h;
}
pe_exact_rat pe_exact_h_one_bet(const em::bet_grid& g, const pe_exact_side& v, const pe_exact_side& c, double m) {
  return pe_exact_term(g, 0, v, m, true) + pe_exact_term(g, 0, c, m, false);
}

// The numerics section's bound on |h computed - h exact| at a point (eta of each side, the
// log-sums' rounding, the last additions), evaluated in long double from the formula of the page.
long double pe_exact_doc_bound(const em::bet_grid& g, const em::side_data& v, const em::side_data& c, double m,
                               long double h) {
  const std::size_t G = g.lambda.size();
  long double total = 0;
  for (const em::side_data* d : {&v, &c}) {
    long double eta = 0, lse_max = 0;
    for (std::size_t k = 0; k < G; ++k) {
      const long double l = g.lambda[k], ps = g.psi[k], mm = m;
      const long double M = std::fabs((long double)g.log_weight[k]) + l * (std::fabs((long double)d->s) + d->n * mm) +
                            ps * (std::fabs((long double)d->q) + 2 * mm * std::fabs((long double)d->s) + d->n * mm * mm);
      eta = std::max(eta, 4e-15L * M + (l + 2 * mm * ps) * d->err_s + ps * d->err_q);
      lse_max = std::max(lse_max, M);  // |LSE| <= max_k |t_k| + log G <= max M_k + log G
    }
    total += eta + 1e-15L * (G + 2) + 1e-15L * (lse_max + std::log((long double)G));
  }
  return total + 1e-15L * (1 + std::fabs(h));
}

}  // namespace

BOOST_AUTO_TEST_SUITE(glr_pooled_eb)

BOOST_AUTO_TEST_CASE(fans_inequality_on_a_grid_and_its_failure_below_minus_one) {
  int checked = 0;
  for (long double l : {0.0L, 1e-6L, 1e-3L, 0.01L, 0.1L, 0.25L, 0.5L, 0.7L, 0.9L, 0.99L}) {
    const long double psi = eb_psi_series(l);
    for (int i = 0; i <= 800; ++i) {
      const long double x = -1 + i / 200.0L;  // [-1, 3]
      // The reference's own rounding: a few long double ulps of the terms' magnitudes.
      const long double slack = 1e-17L * (1 + std::fabs(std::log1p(l * x)) + std::fabs(l * x) + psi * x * x);
      BOOST_TEST(std::log1p(l * x) >= l * x - psi * x * x - slack, "lambda " << double(l) << " x " << double(x));
      ++checked;
    }
    // Equality at x = -1: log(1 - lambda) = -lambda - psi_E(lambda).
    BOOST_TEST(std::fabs(std::log1p(-l) - (-l - psi)) <= 1e-17L * (1 + std::fabs(std::log1p(-l))));
  }
  BOOST_TEST(checked == 8010);
  // Below -1 the inequality fails (the check can fail): lambda = 1/2, x = -1.5.
  const long double l = 0.5L, x = -1.5L;
  BOOST_TEST(!(std::log1p(l * x) >= l * x - eb_psi_series(l) * x * x));
}

BOOST_AUTO_TEST_CASE(psi_upper_is_above_psi_and_close) {
  for (double l : {1e-9, 1e-5, 0.004, 0.01, 0.1, 0.2499, 0.25, 0.5, 0.9, 0.99}) {
    const long double ref = eb_psi_series(l);
    BOOST_TEST((long double)em::psi_upper(l) >= ref, "lambda " << l);
    BOOST_TEST((long double)em::psi_upper(l) <= ref * (1 + 1e-12L), "lambda " << l);
  }
  const em::bet_grid g = em::make_default_bet_grid();
  BOOST_TEST(g.lambda.size() == 25u);
  BOOST_TEST(g.lambda.back() == 0.9);
  BOOST_TEST(g.lambda.front() == 0.0);
  BOOST_TEST(g.psi.front() == 0.0);
  BOOST_TEST(std::fabs(g.lambda[1] - 0.9 * std::exp2(-23.0 / 3)) < 1e-15);
  BOOST_TEST(em::make_bet_grid(0.9, 3, 24, false).lambda.size() == 24u);
  long double mass = 0;
  for (std::size_t k = 0; k < g.lambda.size(); ++k) {
    mass += std::exp((long double)g.log_weight[k]);
    BOOST_TEST((long double)g.psi[k] >= eb_psi_series(g.lambda[k]));
    if (k) BOOST_TEST(g.lambda[k] > g.lambda[k - 1]);
  }
  BOOST_TEST(mass < 1.0L);
  BOOST_TEST(mass > 1.0L - 1e-11L);
}

BOOST_AUTO_TEST_CASE(terms_are_concave_in_m_and_cells_bound_h_from_below) {
  const em::bet_grid g = em::make_default_bet_grid();
  std::mt19937_64 rng(11);
  for (int trial = 0; trial < 6; ++trial) {
    const eb_sample s = eb_draw(rng, 40 + 30 * trial, 0.55, 30 + 20 * trial, 0.45, 3 + trial, trial % 2 == 0);
    const em::pair_data p = s.pair(g);
    // Concavity: every per-pull term's second difference in m is <= 0 (each is a quadratic).
    for (std::size_t k = 0; k < g.lambda.size(); k += 5)
      for (int i = 1; i < 20; ++i) {
        const auto term = [&](long double m) {
          long double e = 0;
          for (double y : s.yv) e += g.lambda[k] * (y - m) - g.psi[k] * (y - m) * (y - m);
          return e;
        };
        const long double m = i / 20.0L, d = 0.05L;
        BOOST_TEST(term(m - d) + term(m + d) - 2 * term(m) <= 1e-12L);
      }
    // The point bounds bracket the reference; a cell's bound is below the reference on the cell.
    for (double m : {0.0, 0.2, 0.45, 0.5, 0.55, 0.8, 1.0}) {
      const em::point_bounds b = em::h_bounds(p, m);
      const long double ref = eb_h_per_pull(g, s.yv, s.yc, m);
      BOOST_TEST((long double)b.lower <= ref);
      BOOST_TEST((long double)b.upper >= ref);
      BOOST_TEST(b.upper - b.lower < 1e-9);
    }
    for (auto [a, b] : {std::pair{0.0, 1.0}, {0.4, 0.6}, {0.48, 0.52}, {0.5, 0.5}, {0.0, 0.3}}) {
      const double low = em::cell_lower_bound(p, a, b);
      long double ref_min = std::numeric_limits<long double>::infinity();
      for (int i = 0; i <= 200; ++i) ref_min = std::min(ref_min, eb_h_per_pull(g, s.yv, s.yc, a + (b - a) * i / 200.0L));
      BOOST_TEST((long double)low <= ref_min, "cell [" << a << ", " << b << "]");
    }
  }
}

BOOST_AUTO_TEST_CASE(certified_statistic_against_the_reference_minimum) {
  const em::bet_grid g = em::make_default_bet_grid();
  std::mt19937_64 rng(5);
  struct spec {
    std::size_t nv;
    double mv;
    std::size_t nc;
    double mc, kappa;
    bool bernoulli;
  };
  const std::vector<spec> specs{{200, 0.6, 150, 0.4, 9, false},  {500, 0.52, 400, 0.5, 9, false},
                                {60, 0.9, 80, 0.2, 2, false},     {300, 0.05, 300, 0.02, 0, true},
                                {100, 0.5, 100, 0.5, 0, true},    {50, 0.3, 400, 0.6, 20, false},
                                {1000, 0.97, 900, 0.95, 0, true}, {1, 0.5, 1, 0.5, 1, false}};
  for (const auto& sp : specs) {
    const eb_sample s = eb_draw(rng, sp.nv, sp.mv, sp.nc, sp.mc, sp.kappa, sp.bernoulli);
    const em::pair_data p = s.pair(g);
    const double cert = em::search(p, em::gaussian_guess(p), std::numeric_limits<double>::quiet_NaN(), 2000).lower;
    const long double ref = eb_reference_min(g, s.yv, s.yc);
    BOOST_TEST((long double)cert <= ref + 1e-12L * (1 + std::fabs(ref)), "nv " << sp.nv << " ref " << double(ref));
    BOOST_TEST((long double)cert >= ref - 1e-5L * (1 + std::fabs(ref)), "nv " << sp.nv << " cert " << cert << " ref " << double(ref));
    // The decision agrees with the reference away from the threshold.
    for (double thr : {double(ref) - 0.01, double(ref) + 0.01}) {
      const auto r = em::search(p, em::gaussian_guess(p), thr);
      BOOST_TEST((r.lower >= thr) == (thr < ref), "thr " << thr << " ref " << double(ref));
    }
  }
}

// E[M_t] <= 1 at m = mu* exactly: two Bernoulli arms (a* = 0, mean 0.6; arm 1, mean 0.5), ten pulls
// of an adaptive rule (each arm once, then the arm of smaller empirical mean, ties to arm 1), every
// one of the 2^10 reward sequences weighted by its probability.  V_{a*} holds arm 1's pulls after
// its first (the only other arm).  M_t = exp(A(mu*) + B(mu*)) from the per-pull reference.
BOOST_AUTO_TEST_CASE(supermartingale_at_the_best_mean_by_exact_enumeration) {
  const em::bet_grid g = em::make_default_bet_grid();
  em::bet_grid no_psi = g;  // the planted variant: psi dropped
  std::fill(no_psi.psi.begin(), no_psi.psi.end(), 0.0);
  const double mu[2] = {0.6, 0.5};
  constexpr int T = 10;
  long double expect = 0, expect_no_psi = 0, total = 0;
  for (unsigned bits = 0; bits < (1u << T); ++bits) {
    std::vector<double> y[2];
    long double prob = 1;
    for (int t = 0; t < T; ++t) {
      std::size_t i;
      if (t < 2) i = std::size_t(t);
      else {
        const double m0 = std::accumulate(y[0].begin(), y[0].end(), 0.0) / double(y[0].size());
        const double m1 = std::accumulate(y[1].begin(), y[1].end(), 0.0) / double(y[1].size());
        i = m0 < m1 ? 0 : 1;
      }
      const double r = (bits >> t) & 1u ? 1.0 : 0.0;
      prob *= r == 1.0 ? mu[i] : 1 - mu[i];
      y[i].push_back(r);
    }
    // V: arm 1's pulls after its first (before it, no arm other than a* had been pulled, so
    // nothing was designated: pooled_designation.hpp).
    const std::vector<double> v(y[1].begin() + 1, y[1].end());
    total += prob;
    expect += prob * std::exp(eb_h_per_pull(g, v, y[0], mu[0]));
    expect_no_psi += prob * std::exp(eb_h_per_pull(no_psi, v, y[0], mu[0]));
  }
  BOOST_TEST(std::fabs(total - 1) < 1e-15L);
  BOOST_TEST(expect <= 1.0L, "E[M_T] = " << double(expect));
  BOOST_TEST(expect_no_psi > 1.0L, "E[M_T] without psi = " << double(expect_no_psi));
}

// Checks Lemma 2 and Step 1 of pooled-eb.md per pair of bets: for each single bet lambda of the
// default grid (and three bets near 0.99), E[exp(lambda sum x - psi sum x^2)] <= 1 by exact
// enumeration, on the pooled side (means <= m, x = y - m) and the best arm's (mean m, x = m - y);
// the same check rejects the table's psi times 0.7 at every positive bet (so it can fail).
BOOST_AUTO_TEST_CASE(each_bet_is_a_supermartingale_factor_by_exact_enumeration) {
  em::bet_grid g = em::make_default_bet_grid();
  const em::bet_grid near_one = em::make_bet_grid(0.99, 24, 3, false);  // 0.99 * 2^(-k/24), k = 0, 1, 2
  for (std::size_t k = 0; k < near_one.lambda.size(); ++k) {
    g.lambda.push_back(near_one.lambda[k]);
    g.psi.push_back(near_one.psi[k]);
  }
  // The enumeration's own rounding (sums of at most 3^6 long double products and exps).
  constexpr long double slack = 1e-12L;
  const std::vector<pe_enum_scenario> scen = pe_enum_scenarios();
  BOOST_TEST_REQUIRE(scen.size() == 132u);
  for (const auto& sc : scen) {  // the laws: probabilities, and the means the lemma assumes
    long double mass_sum = 0;
    for (const auto& law : sc.laws) {
      long double mass = 0, mean = 0;
      for (std::size_t i = 0; i < law.y.size(); ++i) {
        BOOST_TEST_REQUIRE((law.p[i] >= 0 && law.y[i] >= 0 && law.y[i] <= 1));
        mass += law.p[i], mean += law.p[i] * law.y[i];
      }
      BOOST_TEST_REQUIRE(std::fabs(mass - 1) < 1e-15L);
      BOOST_TEST_REQUIRE((sc.up ? mean <= sc.m + 1e-15L : std::fabs(mean - sc.m) < 1e-15L));
      mass_sum += mass;
    }
    BOOST_TEST_REQUIRE(mass_sum > 0);
  }
  int planted_rejected = 0;
  for (std::size_t k = 0; k < g.lambda.size(); ++k) {
    const long double l = g.lambda[k], psi = g.psi[k];
    long double worst = 0, worst_planted = 0;
    for (const auto& sc : scen) {
      worst = std::max(worst, pe_enum_bet_expectation(l, psi, sc.laws, sc.m, sc.up));
      worst_planted = std::max(worst_planted, pe_enum_bet_expectation(l, 0.7L * psi, sc.laws, sc.m, sc.up));
    }
    BOOST_TEST(worst <= 1 + slack, "lambda " << double(l) << ": max E = " << double(worst));
    if (l > 0) {
      BOOST_TEST(worst_planted > 1 + slack, "lambda " << double(l) << ": planted max E = " << double(worst_planted));
      planted_rejected += worst_planted > 1 + slack;
    }
  }
  BOOST_TEST(planted_rejected == 27);
}

// Checks the "Numerics" section of pooled-eb.md (term and log-sum bounds, with the sums' own
// errors) and Lemma 3 (ii), (iv), (v) at large counts (10^6 to 2^40 pulls) where Q - 2 m S + N m^2
// nearly cancels (m within 4 ulps of a side's mean): the kernel's point, cell and search bounds
// against h at the exact sums (integers over 2^d), exact rationals for one-bet grids and 50 digits
// for the default grid; zero tolerance, and the lower bound within twice the page's error bound.
BOOST_AUTO_TEST_CASE(large_counts_near_cancellation_against_an_exact_reference) {
  const em::bet_grid def = em::make_default_bet_grid();
  std::vector<em::bet_grid> grids{def};
  for (std::size_t k : {1u, 12u, 24u})  // one-bet grids (weight 1): h is then an exact rational
    grids.push_back(em::bet_grid{{def.lambda[k]}, {0.0}, {def.psi[k]}});
  struct pe_case {
    pe_exact_side v, c;
    bool exact_doubles;  // S and Q representable: pass them with zero error bounds
  };
  const __int128 e6 = 1000000, p40 = (__int128)1 << 40, p39 = (__int128)1 << 39, p33 = (__int128)1 << 33;
  const std::vector<pe_case> cases{
      {pe_exact_side::make(e6 - 1, 512, 1, 513, 10), pe_exact_side::make(e6 - 3, 511, 3, 512, 10), false},
      {pe_exact_side::make(p40 - 1, 700, 1, 701, 10), pe_exact_side::make(p39 - 7, 699, 7, 700, 10), false},
      {pe_exact_side::make(p40 / 2, 300, p40 / 2, 301, 10), pe_exact_side::make(p33, 299, 5, 1024, 10), false},
      {pe_exact_side::make(p40 - 5, 32, 5, 33, 6), pe_exact_side::make(p40 / 4, 31, 7, 32, 6), true},
      {pe_exact_side::make(e6 * 3, 63, 1, 64, 6), pe_exact_side::make(e6, 0, 2, 1, 6), true}};
  int points = 0;
  for (const auto& cs : cases) {
    if (cs.exact_doubles)  // representable: the doubles are the sums
      for (const pe_exact_side* sd : {&cs.v, &cs.c}) {
        BOOST_TEST_REQUIRE(bool((__int128)std::ldexp(sd->s_double(), sd->d) == sd->s_num));
        BOOST_TEST_REQUIRE(bool((__int128)std::ldexp(sd->q_double(), 2 * sd->d) == sd->q_num));
      }
    // The sums passed: exact, or moved a few ulps off the correctly rounded sums with the
    // rule's error bounds (arm_stats: 1e-15 |S|, 2e-15 Q), which cover the move.
    const auto data = [&](const pe_exact_side& sd) {
      if (cs.exact_doubles) return em::side_data{double(sd.n), sd.s_double(), sd.q_double(), 0.0, 0.0};
      double s = sd.s_double(), q = sd.q_double();
      s = std::nextafter(std::nextafter(s, 2 * s + 1), 2 * s + 1);
      q = std::nextafter(std::nextafter(std::nextafter(q, -1.0), -1.0), -1.0);
      return em::side_data{double(sd.n), s, q, 1e-15 * std::fabs(sd.s_double()), 2e-15 * sd.q_double()};
    };
    const em::side_data dv = data(cs.v), dc = data(cs.c);
    for (const auto& g : grids) {
      const em::pair_data p{dv, dc, &g};
      const bool one_bet = g.lambda.size() == 1;
      for (double centre : {cs.v.mean_double(), cs.c.mean_double()}) {
        std::vector<double> ms{centre};
        for (int i = 0; i < 4; ++i) ms.insert(ms.begin(), std::nextafter(ms.front(), -1.0));
        for (int i = 0; i < 4; ++i) ms.push_back(std::nextafter(ms.back(), 2.0));
        pe_exact_f50 min_h = std::numeric_limits<double>::infinity();
        for (double m : ms) {
          BOOST_TEST_REQUIRE((m >= 0 && m <= 1));
          const em::point_bounds b = em::h_bounds(p, m);
          pe_exact_f50 h;
          if (one_bet) {
            const pe_exact_rat hr = pe_exact_h_one_bet(g, cs.v, cs.c, m);
            BOOST_TEST((pe_exact_rat(b.lower) <= hr && hr <= pe_exact_rat(b.upper)), "one bet " << g.lambda[0] << " m " << m);
            h = pe_exact_f50(hr);
          } else {
            h = pe_exact_h(g, cs.v, cs.c, m);  // 50 digits: its error is below 1e-35 here
            BOOST_TEST((pe_exact_f50(b.lower) <= h && h <= pe_exact_f50(b.upper)), "default grid m " << m);
          }
          const long double bound = pe_exact_doc_bound(g, dv, dc, m, static_cast<long double>(h));
          BOOST_TEST(static_cast<long double>(pe_exact_f50(h - pe_exact_f50(b.lower))) <= 2.01L * bound,
                     "m " << m << " h " << double(h) << " lower " << b.lower << " bound " << double(bound));
          min_h = std::min(min_h, h);
          ++points;
        }
        // A cell of 8 ulps around the mean: its bound is below h at each of its 9 doubles (the
        // infimum over the cell is at most their minimum).
        BOOST_TEST(pe_exact_f50(em::cell_lower_bound(p, ms.front(), ms.back())) <= min_h, "cell at " << centre);
        if (one_bet)  // h concave (Lemma 3 (i)): the cell's infimum is at an end, and the bound is
                      // within the ends' error bounds of it
          BOOST_TEST(static_cast<long double>(pe_exact_f50(min_h - pe_exact_f50(em::cell_lower_bound(p, ms.front(), ms.back())))) <=
                     2.01L * std::max(pe_exact_doc_bound(g, dv, dc, ms.front(), static_cast<long double>(min_h)),
                                      pe_exact_doc_bound(g, dv, dc, ms.back(), static_cast<long double>(min_h))));
        // The certified statistic is below h at every point (Lemma 3 (iv)).
        const auto r = em::search(p, em::gaussian_guess(p), std::numeric_limits<double>::quiet_NaN());
        BOOST_TEST(pe_exact_f50(r.lower) <= min_h);
        if (cs.exact_doubles && !one_bet)
          BOOST_TEST(pe_exact_f50(em::pooled_eb_statistic(g, dv.n, dv.s, dv.q, dc.n, dc.s, dc.q)) <= min_h);
      }
    }
  }
  BOOST_TEST(points == 5 * 4 * 2 * 9);
}

BOOST_AUTO_TEST_CASE(the_rules_pooled_arm_rescaling_and_evidence) {
  // On Bernoulli rewards the rule's pooled arm is glr_pooled_kl's, and Q = S (y^2 = y).
  const std::vector<double> means{0.3, 0.5, 0.45, 0.2};
  ls::glr_pooled_eb eb(4, 0.05);
  ls::glr_pooled_kl kl(4, 0.05);
  lb::arm_stats st(4);
  std::mt19937_64 rng(9);
  for (int t = 0; t < 3000; ++t) {
    const std::size_t i = t < 4 ? std::size_t(t) : std::size_t(rng() % 4);
    st.add(i, std::bernoulli_distribution(means[i])(rng) ? 1.0 : 0.0);
    eb.observe(i, st);
    kl.observe(i, st);
  }
  for (std::size_t c = 0; c < 4; ++c) {
    const em::pair_data p = eb.pair(c);
    const ls::pooled_arm v = kl.pooled(c);
    BOOST_TEST(p.v.n == double(v.count));
    BOOST_TEST(p.v.s == v.sum);
    BOOST_TEST(p.v.q == p.v.s);
    BOOST_TEST(p.c.q == p.c.s);
    BOOST_TEST(p.c.n == double(st.count(c)));
  }
  BOOST_TEST(eb.leader() == kl.leader());
  // A range [lo, hi]: the rule fed raw rewards makes the decisions of the rule on [0, 1] fed the
  // rescaled ones (pull for pull), and PK's likewise.
  const double lo = -3, hi = 5;
  ls::glr_pooled_eb raw(3, 0.1, lo, hi), unit(3, 0.1);
  ls::glr_pooled_kl raw_kl(3, 0.1, lilucb::bandit::bernoulli_mixture::make_default_tilt_grid(), lo, hi), unit_kl(3, 0.1);
  lb::arm_stats sr(3), su(3);
  const lb::bounded_arms arms({2.0, 1.0, 0.0}, lo, hi);
  lilucb::random::normal_stream ns(17, 0);
  bool stopped = false;
  for (int t = 0; t < 20000 && !stopped; ++t) {
    const std::size_t i = std::size_t(t) % 3;
    const double y = arms.sample(i, ns);
    BOOST_TEST((y >= lo && y <= hi));
    sr.add(i, y);
    su.add(i, (y - lo) / (hi - lo));
    raw.observe(i, sr);
    unit.observe(i, su);
    raw_kl.observe(i, sr);
    unit_kl.observe(i, su);
    if (t >= 2) {
      const bool a = raw.should_stop(sr), b = unit.should_stop(su);
      BOOST_TEST(a == b);
      BOOST_TEST(raw_kl.should_stop(sr) == unit_kl.should_stop(su));
      stopped = a;
    }
  }
  BOOST_TEST(stopped);
  BOOST_TEST(raw.recommendation(sr) == 0u);
  // Evidence at the stop: every challenger's certified statistic at the threshold (up to the
  // reporting search's tolerance), and the statistic of an unknown arm refused.
  const auto ev = raw.evidence(sr);
  BOOST_TEST(ev.size() == 2u);
  for (const auto& e : ev) BOOST_TEST(e.statistic >= e.threshold - 1e-5 * (1 + e.threshold));
  expect_domain_error([&] { (void)raw.statistic(3); }, "c");
}

// track_side: started from a side's sums at m and fed rewards (0/1, and continuous ones), its
// cheap_upper() (increments pending) and upper() (applied) are at least the side written per pull in long double and within 1e-13 (1 + N + |side|)
// of it (the terms' stated rounding, 4e-15 per unit of their magnitudes, carried), after every 25
// rewards.
BOOST_AUTO_TEST_CASE(the_tracked_sides_bound_the_per_pull_side_from_above) {
  const em::bet_grid g = em::make_default_bet_grid();
  std::mt19937_64 rng(11);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (double m : {0.01, 0.2, 0.5, 0.81, 0.99})
    for (int kind = 0; kind < 2; ++kind)
      for (bool up : {true, false}) {
        std::vector<double> ys;
        for (int i = 0; i < 300; ++i) ys.push_back(kind == 0 ? double(rng() % 2) : unit(rng));
        double s = 0, q = 0;
        for (double y : ys) s += y, q += y * y;
        auto t = em::track_side(g, em::side_data{double(ys.size()), s, q, 1e-13, 1e-13}, m, up);
        for (int i = 0; i < 200; ++i) {
          const double y = kind == 0 ? double(rng() % 3 == 0) : unit(rng);
          t.add(y);
          ys.push_back(y);
          if (i % 25 != 24) continue;
          BOOST_REQUIRE(t.healthy());
          const long double ref = eb_side_per_pull(g, ys, m, up);
          BOOST_REQUIRE(t.cheap_upper() >= ref);  // the O(1) bound, increments pending
          const double u = t.upper();
          BOOST_REQUIRE_MESSAGE(u >= ref && u <= ref + 1e-13L * (1 + ys.size() + std::fabs(ref)),
                                "m " << m << " kind " << kind << " up " << up << " i " << i << ": "
                                     << std::setprecision(20) << u << " vs " << static_cast<double>(ref));
        }
      }
}

// h_upper_o1 bounds h from above at every m (against h written per pull in long double), for
// random pairs with rewards in [0, 1], including constant ones (Q(m) = 0 at m = the reward).
BOOST_AUTO_TEST_CASE(the_o1_bound_is_above_h) {
  const em::bet_grid g = em::make_default_bet_grid();
  std::mt19937_64 rng(5);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  int checked = 0;
  for (int trial = 0; trial < 60; ++trial) {
    std::vector<double> yv, yc;
    const double mv = unit(rng), mc = unit(rng);
    const int nv = 1 + int(rng() % 400), nc = 1 + int(rng() % 400);
    for (int i = 0; i < nv; ++i) yv.push_back(trial % 5 == 0 ? 0.25 : std::clamp(mv + 0.3 * (unit(rng) - 0.5), 0.0, 1.0));
    for (int i = 0; i < nc; ++i) yc.push_back(trial % 7 == 0 ? double(rng() % 2) : std::clamp(mc + 0.3 * (unit(rng) - 0.5), 0.0, 1.0));
    const auto side = [](const std::vector<double>& y) {
      double s = 0, q = 0;
      for (double x : y) s += x, q += x * x;
      return em::side_data{double(y.size()), s, q, 1e-15 * s, 2e-15 * q};
    };
    const em::pair_data p{side(yv), side(yc), &g};
    for (double m : {0.0, 0.1, 0.25, 0.4, 0.5, 0.77, 1.0, mv, mc}) {
      const long double h = eb_h_per_pull(g, yv, yc, m);
      BOOST_REQUIRE_MESSAGE(em::h_upper_o1(p, m) >= h, "trial " << trial << " m " << m);
      ++checked;
    }
  }
  BOOST_TEST(checked == 540);
}

// The tracked fail test changes no decision: the rule with and without it decides the same after
// every pull, on Bernoulli arms and on bounded rewards rescaled from a range.
BOOST_AUTO_TEST_CASE(the_tracked_fail_test_changes_no_decision) {
  const std::vector<std::vector<double>> instances{
      {0.05, 0.04, 0.045, 0.02}, {0.9, 0.85, 0.85, 0.6, 0.3}, {0.5, 0.45, 0.43, 0.4}};
  lilucb_test::fast_and_slow_totals all;
  for (int bounded = 0; bounded < 2; ++bounded) {  // Bernoulli rewards; continuous ones rescaled from [-2, 6]
    const double lo = bounded ? -2.0 : 0.0, hi = bounded ? 6.0 : 1.0;
    const auto r = lilucb_test::compare_fast_and_slow(
        instances, 2, 40000, 20261129 + bounded,
        [&](std::size_t K, bool fast) { return ls::glr_pooled_eb(K, 0.2, lo, hi, em::make_default_bet_grid(), fast); },
        [&](double mean, std::mt19937_64& rng) {
          return bounded ? lilucb_test::spread_reward(mean, lo, hi, rng) : std::bernoulli_distribution(mean)(rng) ? 1.0 : 0.0;
        },
        [](const ls::glr_pooled_eb& rule) { return rule.tracked_fails(); },
        [](const ls::glr_pooled_eb& rule, const lb::arm_stats&) { return rule.audit_tracked_bound(); });
    all.stops += r.stops;
    all.decisions += r.decisions;
    all.fast_fails += r.fast_fails;
    all.tracked_fails += r.tracked_fails;
  }
  BOOST_TEST(all.tracked_fails > 1000u);  // the tracked test fires (the rest are the O(1) bound's)
  BOOST_TEST(all.stops >= 16);
  BOOST_TEST(all.decisions > 40000u);
  BOOST_TEST(all.fast_fails * 2 > all.decisions);  // the O(1) and tracked tests decide most pulls
}

BOOST_AUTO_TEST_CASE(domain_errors) {
  expect_domain_error([] { (void)em::make_bet_grid(1.0, 3, 24); }, "top");
  expect_domain_error([] { (void)em::make_bet_grid(0.0, 3, 24); }, "top");
  expect_domain_error([] { (void)em::make_bet_grid(0.9, 0, 24); }, "per_octave");
  expect_domain_error([] { (void)em::make_bet_grid(0.9, 3, 0); }, "count");
  expect_domain_error([] { (void)em::make_bet_grid(0.9, 3, 128); }, "count");  // with the bet 0: 129
  expect_domain_error([] { (void)em::make_bet_grid(0.9, 3, 129, false); }, "count");
  em::bet_grid g = em::make_default_bet_grid();
  g.psi[3] = g.psi[3] * (1 - 1e-10);  // below psi_E
  expect_domain_error([&] { em::check_bet_grid("f", g); }, "grid");
  g = em::make_default_bet_grid();
  g.log_weight[0] = 0;  // weights summing above 1
  expect_domain_error([&] { em::check_bet_grid("f", g); }, "grid");
  g = em::make_default_bet_grid();
  std::swap(g.lambda[1], g.lambda[2]);
  expect_domain_error([&] { em::check_bet_grid("f", g); }, "grid");
  g = em::make_bet_grid(0.9, 3, 24, false);
  g.lambda[1] = 0;  // only the first bet may be 0
  expect_domain_error([&] { em::check_bet_grid("f", g); }, "grid");
  const em::bet_grid d = em::make_default_bet_grid();
  expect_domain_error([&] { (void)em::pooled_eb_statistic(d, 0, 0, 0, 1, 0.5, 0.25); }, "nv");
  expect_domain_error([&] { (void)em::pooled_eb_statistic(d, 2, 3, 3, 1, 0.5, 0.25); }, "sv");
  expect_domain_error([&] { (void)em::pooled_eb_statistic(d, 2, 1, 0.1, 1, 0.5, 0.25); }, "qv");
  expect_domain_error([&] { (void)em::pooled_eb_statistic(d, 2, 1, 0.5, 1, 0.5, 0.9); }, "qc");
  expect_domain_error([] { ls::glr_pooled_eb(3, 1.0); }, "delta");
  expect_domain_error([] { ls::glr_pooled_eb(0, 0.1); }, "K");
  expect_domain_error([] { ls::glr_pooled_eb(3, 0.1, 1, 1); }, "hi");
  expect_domain_error([] { ls::glr_pooled_eb(3, 0.1, 0, std::numeric_limits<double>::infinity()); }, "hi");
  expect_domain_error([] { ls::glr_pooled_kl(3, 0.1, lb::bernoulli_mixture::make_default_tilt_grid(), 2, 1); }, "hi");
  expect_domain_error([] { lb::bounded_arms({0.5, 1.0}, 0, 1); }, "means[1]");
  expect_domain_error([] { lb::bounded_arms({0.5, 0.0}, 0, 1); }, "means[1]");
  expect_domain_error([] { lb::bounded_arms({0.5}, 1, 0); }, "hi");
  expect_domain_error([] { lb::bounded_arms({0.5}, 0, 1, 0); }, "kappa");
  expect_domain_error([] { lb::bounded_arms({0.5}, 0, 1, -1); }, "kappa");
  expect_domain_error([] { lb::bounded_arms({0.5}, -std::numeric_limits<double>::infinity(), 1); }, "lo");
  expect_domain_error([] { lb::bounded_arms({-1e308}, -1.5e308, 1.5e308); }, "hi");
}

BOOST_AUTO_TEST_CASE(bounded_arms_draw_beta_rewards) {
  const double lo = 10, hi = 14;
  const lb::bounded_arms arms({13.0, 11.0, 10.2}, lo, hi, 4);
  BOOST_TEST(arms.subgaussian_scale() == 2.0);
  lilucb::random::normal_stream a(3, 0), b(3, 0);
  for (std::size_t i = 0; i < 3; ++i) {
    const double p = (arms.means()[i] - lo) / (hi - lo);
    const double var = (hi - lo) * (hi - lo) * p * (1 - p) / 5;
    constexpr int n = 200000;
    double s = 0, q = 0;
    for (int k = 0; k < n; ++k) {
      const double y = arms.sample(i, a);
      BOOST_TEST_REQUIRE((y >= lo && y <= hi));
      s += y;
      q += (y - arms.means()[i]) * (y - arms.means()[i]);
    }
    // Within 5 standard errors (the seed is fixed: the draws are the same on every run).
    BOOST_TEST(std::fabs(s / n - arms.means()[i]) < 5 * std::sqrt(var / n), "arm " << i << " mean " << s / n);
    BOOST_TEST(std::fabs(q / n - var) < 0.02 * var, "arm " << i << " variance " << q / n << " vs " << var);
  }
  // The same stream draws the same rewards; a sum of m draws is the m draws.
  lilucb::random::normal_stream c(3, 0);
  double first = 0;
  for (int k = 0; k < 5; ++k) first += arms.sample(1, b);
  BOOST_TEST(arms.sample_sum(1, 5, c) == first);
}

BOOST_AUTO_TEST_CASE(registry_and_certificates_on_bounded_arms) {
  const lb::combination eb = lb::parse_combination("t3c-ids+glr-pooled-eb");
  BOOST_TEST(lb::to_string(eb) == "t3c-ids+glr-pooled-eb");
  BOOST_TEST(lb::is_certified(eb));
  BOOST_TEST(!lb::sigma_premise(eb));
  BOOST_TEST(lb::certifying_statement(eb) == "Proposition PE (docs/certified-glr/pooled-eb.md)");
  lb::run_options o;
  o.nu = 0.05;
  o.seed = 4;
  const lb::bounded_arms arms({3.0, 2.2, 1.0}, 0, 4);
  for (const char* name : {"t3c-ids+glr-pooled-eb", "t3c-ids+glr-pooled-kl", "uniform+glr-pooled-eb"}) {
    const auto r = lb::run_combination(lb::parse_combination(name), arms, o);
    BOOST_TEST(r.certified, name);
    BOOST_TEST(r.run.best_arm == 0u, name);
    BOOST_TEST(r.run.status == lb::run_status::stopped, name);
    BOOST_TEST(r.certificate.find("[0, 4]") != std::string::npos, name << ": " << r.certificate);
  }
  // No sigma in PE's statement: a small sigma leaves it certified.
  o.sigma = 0.01;
  BOOST_TEST(lb::run_combination(eb, arms, o).certified);
  // A sigma rule on bounded arms: certified only at sigma >= (hi - lo)/2 = 2 (Hoeffding's lemma).
  const lb::combination p2 = lb::parse_combination("t3c-ids+glr-pooled-per-arm");
  o.sigma = 1.5;
  const auto below = lb::run_combination(p2, arms, o);
  BOOST_TEST(!below.certified);
  BOOST_TEST(below.certificate.find("below the arms' sub-Gaussian scale 2") != std::string::npos, below.certificate);
  o.sigma = 0;  // the arms' own scale
  BOOST_TEST(lb::run_combination(p2, arms, o).certified);
  // Gaussian arms are refused, naming the threshold; kl-lucb stays Bernoulli-only.
  expect_domain_error([&] { (void)lb::run_combination(eb, lb::gaussian_arms({0.0, 1.0}, 0.5), o); }, "threshold");
  expect_domain_error([&] { (void)lb::run_combination(lb::parse_combination("kl-lucb+glr-pooled-eb"), arms, o); },
                      "sampling");
  BOOST_TEST(std::string(lb::to_string(lb::reward_model::bounded)) == "bounded");
}

BOOST_AUTO_TEST_SUITE_END()  // glr_pooled_eb
