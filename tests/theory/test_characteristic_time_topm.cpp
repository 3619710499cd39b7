// characteristic_time.hpp, top-m part: T*_m(mu), its proportions, answer set and certified lower
// end (docs/certified-glr/epsilon-topm.md section 4, "Top-m"), for Gaussian and Bernoulli arms,
// with the additive (eps, m)-good relaxation, and the lower bound T*_m kl(delta, 1 - delta).
//
// Reference values: (a) closed forms derived by hand (two clusters; below), evaluated in
// cpp_bin_float_50; (b) at m = 1 the best-arm and epsilon-good solvers of the same header (another
// parametrisation and root search), and at m = K - 1 the Gaussian best-arm program of -mu; (c) a
// brute force written from the definition: each pair's cost C_eps(a, b; w) from its infimum over
// x by golden-section search on the whole admissible range (Bernoulli: x and x + eps in [0, 1]),
// the maximum over the simplex by nested golden-section search (K = 3, 4; the objective is
// concave) and on a grid of the simplex: the solver within 1e-6 of the first, and beaten by
// neither, nor by any grid point of another answer set; (d) the
// certified bracket t_star_lower <= t_star, attained by w*.  Deterministic: no random draws.
#include <boost/test/unit_test.hpp>

#include "domain_table.hpp"
#include "mp50.hpp"

#include "lilucb/theory/characteristic_time.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

BOOST_AUTO_TEST_SUITE(characteristic_time_top_m)

namespace tt = boost::test_tools;
using namespace lilucb_test;

// Named (not anonymous): the directory's files compile as one unity source.
namespace ct_topm {

struct family {
  bool gaussian;
  double sigma;  // Gaussian only
};

/// d(p, q) of the family, from its definition (0 log 0 = 0).
double divergence(const family& f, double p, double q) {
  if (f.gaussian) return (p - q) * (p - q) / (2 * f.sigma * f.sigma);
  if (!(q >= 0 && q <= 1)) return INFINITY;
  double r = 0;
  if (p > 0) r += q > 0 ? p * std::log(p / q) : INFINITY;
  if (p < 1) r += q < 1 ? (1 - p) * std::log((1 - p) / (1 - q)) : INFINITY;
  return r;
}

/// The minimum of a convex function on [lo, hi] by golden-section search, the ends included.
double golden_min(const std::function<double(double)>& g, double lo, double hi, int iterations) {
  const double r = (std::sqrt(5.0) - 1) / 2;
  double a = lo, b = hi, best = std::min(g(lo), g(hi));
  double x1 = b - r * (b - a), x2 = a + r * (b - a), f1 = g(x1), f2 = g(x2);
  for (int k = 0; k < iterations && x1 < x2; ++k) {
    if (f1 < f2) {
      b = x2, x2 = x1, f2 = f1, x1 = b - r * (b - a), f1 = g(x1);
    } else {
      a = x1, x1 = x2, f1 = f2, x2 = a + r * (b - a), f2 = g(x2);
    }
  }
  return std::min({best, f1, f2});
}

/// C_eps(a, b; w) = inf_x [w_a d(mu_a, x) + w_b d(mu_b, x + eps)], 0 if mu_b >= mu_a + eps; an arm
/// without weight pays nothing (0 inf = 0).
double pair_cost(const family& f, double mu_a, double mu_b, double wa, double wb, double eps) {
  if (mu_b >= mu_a + eps) return 0;
  const auto cost = [&](double x) {
    return (wa > 0 ? wa * divergence(f, mu_a, x) : 0.0) + (wb > 0 ? wb * divergence(f, mu_b, x + eps) : 0.0);
  };
  if (f.gaussian) return golden_min(cost, std::min(mu_a, mu_b) - eps - 10, std::max(mu_a, mu_b) + 10, 90);
  return golden_min(cost, 0.0, 1 - eps, 90);
}

/// min over a in S, b not in S of C_eps(a, b; w).
double objective(const family& f, const std::vector<double>& mu, const std::vector<std::size_t>& S,
                 const std::vector<double>& w, double eps) {
  double m = INFINITY;
  for (std::size_t a : S)
    for (std::size_t b = 0; b < mu.size(); ++b)
      if (std::find(S.begin(), S.end(), b) == S.end()) m = std::min(m, pair_cost(f, mu[a], mu[b], w[a], w[b], eps));
  return m;
}

/// The largest objective(S, .) on the grid of the simplex of step 1/n (K = 3 or 4).
double grid_value(const family& f, const std::vector<double>& mu, const std::vector<std::size_t>& S, double eps) {
  const std::size_t K = mu.size();
  const int n = K == 3 ? 60 : 24;
  double best = -INFINITY;
  std::vector<int> idx(K - 1, 0);
  std::vector<double> w(K);
  for (;;) {
    int used = 0;
    for (std::size_t i = 0; i + 1 < K; ++i) used += idx[i], w[i] = double(idx[i]) / n;
    if (used <= n) {
      w[K - 1] = double(n - used) / n;
      best = std::max(best, objective(f, mu, S, w, eps));
    }
    std::size_t i = 0;
    while (i + 1 < K && ++idx[i] > n) idx[i++] = 0;
    if (i + 1 == K) break;
  }
  return best;
}

/// max over the simplex of objective(S, .) by nested golden-section search: w_1 in [0, 1], then the
/// share v of the rest given to the next arm, and so on (for fixed earlier coordinates w is affine
/// in each share, and a partial maximum of a concave function is concave: each level is unimodal).
double nested_value(const family& f, const std::vector<double>& mu, const std::vector<std::size_t>& S, double eps) {
  const std::size_t K = mu.size();
  std::vector<double> w(K);
  std::function<double(std::size_t, double)> level = [&](std::size_t i, double rest) -> double {
    if (i + 1 == K) {
      w[i] = rest;
      return objective(f, mu, S, w, eps);
    }
    return -golden_min(
        [&](double v) {
          w[i] = rest * v;
          return -level(i + 1, rest * (1 - v));
        },
        0.0, 1.0, 36);
  };
  return level(0, 1.0);
}

lilucb::top_m_characteristic_time_result<double> solve(const family& f, const std::vector<double>& mu, std::size_t m,
                                                       double eps) {
  return f.gaussian ? lilucb::characteristic_time_top_m_gaussian(mu, f.sigma, m, eps)
                    : lilucb::characteristic_time_top_m_bernoulli(mu, m, eps);
}

/// The checks (d) of the file comment: w* a probability vector attaining 1/t_star, the bracket.
void check_result(const family& f, const std::vector<double>& mu, std::size_t m, double eps,
                  const lilucb::top_m_characteristic_time_result<double>& r) {
  BOOST_TEST(r.answer.size() == m);
  BOOST_TEST(std::is_sorted(r.answer.begin(), r.answer.end()));
  double s = 0;
  for (double w : r.w_star) {
    BOOST_TEST(w >= 0.0);
    s += w;
  }
  BOOST_TEST(s == 1.0, tt::tolerance(1e-12));
  BOOST_TEST(r.t_star_lower <= r.t_star);
  BOOST_TEST(r.t_star_lower == r.t_star, tt::tolerance(1e-7));
  BOOST_TEST(objective(f, mu, r.answer, r.w_star, eps) * r.t_star == 1.0, tt::tolerance(1e-9));
}

}  // namespace ct_topm

BOOST_AUTO_TEST_SUITE(closed_forms)

// Gaussian, two clusters: m arms at mu_1 and K - m at mu_2, D = mu_1 - mu_2 + eps > 0 (eps > 0
// allows mu_2 >= mu_1, a tie at the m-th place included).  Every pair costs
// D^2/(2 sigma^2 (1/w_a + 1/w_b)), and the program is invariant under permutations inside each
// cluster; it is concave, so the average of an optimal w over those permutations is optimal:
// w_a = alpha/m in the top cluster and (1 - alpha)/(K - m) in the other.  Then
//   1/T = max_alpha D^2/(2 sigma^2 (m/alpha + (K - m)/(1 - alpha))),
// and m/alpha + (K - m)/(1 - alpha) is least at alpha = sqrt(m)/(sqrt(m) + sqrt(K - m)) (its
// derivative -m/alpha^2 + (K - m)/(1 - alpha)^2 vanishes where (1 - alpha)/alpha = sqrt((K - m)/m)),
// where it is sqrt(m)(sqrt(m) + sqrt(K - m)) + sqrt(K - m)(sqrt(m) + sqrt(K - m)). Hence
//   T*_m = 2 sigma^2 (sqrt(m) + sqrt(K - m))^2/D^2,  w_a = 1/(sqrt(m)(sqrt(m) + sqrt(K - m))) (top),
//   w_b = 1/(sqrt(K - m)(sqrt(m) + sqrt(K - m))) (bottom);
// m = 1 is the best-arm form 2 sigma^2 (1 + sqrt(K - 1))^2/D^2, K = 2m gives 8 m sigma^2/D^2.
BOOST_AUTO_TEST_CASE(gaussian_two_clusters) {
  for (std::size_t K : {2, 3, 4, 6, 9})
    for (std::size_t m = 1; m < K; ++m)
      for (double sigma : {0.5, 2.0})
        for (const auto& [top, bottom, eps] : std::vector<std::array<double, 3>>{
                 {1.0, 0.75, 0.0}, {0.3, -2.0, 0.0}, {1.0, 0.75, 0.1}, {0.5, 0.5, 0.2}, {0.5, 0.45, 0.01}}) {
          std::vector<double> mu(K, bottom);
          for (std::size_t a = 0; a < m; ++a) mu[(3 * a + 1) % K] = top;  // the top cluster spread over the indices
          std::size_t in_top = 0;
          for (double x : mu) in_top += x == top;
          if (in_top != m) continue;  // (3a + 1) mod K repeats: skip
          BOOST_TEST_CONTEXT("K " << K << " m " << m << " sigma " << sigma << " means " << top << "/" << bottom
                                  << " eps " << eps) {
            const auto r = lilucb::characteristic_time_top_m_gaussian(mu, sigma, m, eps);
            const mp50 s(sigma), D = mp50(top) - mp50(bottom) + mp50(eps), rm = sqrt(mp50(m)), rk = sqrt(mp50(K - m));
            BOOST_TEST(r.t_star == to_double(2 * s * s * (rm + rk) * (rm + rk) / (D * D)), tt::tolerance(1e-11));
            for (std::size_t a = 0; a < K; ++a) {
              const bool is_top = mu[a] == top && (top != bottom || a < m);
              BOOST_TEST(r.w_star[a] == to_double(1 / ((is_top ? rm : rk) * (rm + rk))), tt::tolerance(1e-6));
            }
            if (top != bottom)
              for (std::size_t a : r.answer) BOOST_TEST(mu[a] == top);
            ct_topm::check_result(ct_topm::family{true, sigma}, mu, m, eps, r);
          }
        }
  // The 50-digit instantiation: the closed form to 1e-30, a certified bracket below 1e-25 (on this
  // degenerate instance, every pair active, short of its tolerance eps_machine^(2/3) = 2e-34).
  const std::vector<mp50> mu50{mp50("0.5"), mp50("0.25"), mp50("0.5"), mp50("0.25"), mp50("0.25")};
  const auto r50 = lilucb::characteristic_time_top_m_gaussian(mu50, mp50("1.5"), 2, mp50("0.125"));
  const mp50 D("0.375"), c = sqrt(mp50(2)) + sqrt(mp50(3)), closed = 2 * mp50("2.25") * c * c / (D * D);
  BOOST_TEST((abs(r50.t_star / closed - 1) < mp50("1e-30")));
  BOOST_TEST((r50.t_star_lower <= r50.t_star && r50.t_star / r50.t_star_lower - 1 < mp50("1e-25")));
  BOOST_TEST((r50.t_star_lower <= closed));
  BOOST_TEST((r50.answer == std::vector<std::size_t>{0, 2}));
}

// Bernoulli, K = 2m, m arms at p >= 1/2 and m at 1 - p, p > (1 - eps)/2 (the top cluster at p).  The map mu -> 1 - mu with
// x -> 1 - eps - x sends kl(mu_a, x) + ... of the pair (a, b) to the pair's cost with the clusters
// exchanged (kl(p, x) = kl(1 - p, 1 - x); x + eps -> 1 - x), so with the permutations inside the
// clusters the concave program has an optimum at the uniform w = 1/(2m).  There every pair costs
// (1/(2m)) inf_x [kl(p, x) + kl(1 - p, x + eps)], a convex function of x symmetric about
// x = (1 - eps)/2 (the same map), where it is 2 kl(p, (1 - eps)/2).  Hence T*_m = m/kl(p, (1 - eps)/2).
BOOST_AUTO_TEST_CASE(bernoulli_two_clusters) {
  for (std::size_t m : {1, 2, 3})
    for (const auto& [p, eps] : std::vector<std::array<double, 2>>{
             {0.75, 0.0}, {0.9, 0.0}, {0.55, 0.0}, {0.999, 0.0}, {0.75, 0.1}, {0.5, 0.05}, {0.55, 0.2}, {0.5, 0.5}}) {
      std::vector<double> mu;
      for (std::size_t a = 0; a < m; ++a) mu.push_back(1 - p), mu.push_back(p);  // interleaved
      BOOST_TEST_CONTEXT("m " << m << " p " << p << " eps " << eps) {
        const auto r = lilucb::characteristic_time_top_m_bernoulli(mu, m, eps);
        const mp50 pp(p), x = (1 - mp50(eps)) / 2;
        const mp50 kl = pp * log(pp / x) + (1 - pp) * log((1 - pp) / (1 - x));
        BOOST_TEST(r.t_star == to_double(mp50(m) / kl), tt::tolerance(1e-10));
        for (double w : r.w_star) BOOST_TEST(w == 1.0 / (2 * m), tt::tolerance(1e-6));
        ct_topm::check_result(ct_topm::family{false, 0}, mu, m, eps, r);
      }
    }
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(best_arm)

// m = 1 is best-arm identification: T*_1 = T* of characteristic_time_gaussian/bernoulli at eps = 0
// and T*_eps (additive) of characteristic_time_epsilon_* at eps > 0 (the top set is the best arm,
// optimal among the epsilon-good answers), with the same proportions; m = K - 1 is, for Gaussian
// arms, the best-arm program of -mu (the pairs (a, b) with b the one arm left out).
BOOST_AUTO_TEST_CASE(m_equals_one) {
  const std::vector<std::vector<double>> instances{{0.5, 0.45, 0.4375, 0.375}, {0.125, 0.875, 0.5}, {0.75, 0, 0.5},
                                                   {1.0, 0.0},                 {0.3, 0.2999},     {0.01, 0.02, 0.9, 0.95},
                                                   {0.5, 0.4, 0.3, 0.2, 0.1},  {0.2, 0.7, 0.7, 0.1, 0.69}};
  for (const auto& mu : instances)
    for (double eps : {0.0, 0.01, 0.2}) {
      if (eps == 0 && mu[1] == 0.7) continue;  // a tie for the best arm
      BOOST_TEST_CONTEXT("means " << mu[0] << ", " << mu[1] << ", ... eps " << eps) {
        const auto g = lilucb::characteristic_time_top_m_gaussian(mu, 0.5, 1, eps);
        const auto g0 = lilucb::characteristic_time_epsilon_gaussian(mu, 0.5, eps);
        BOOST_TEST(g.t_star == g0.t_star, tt::tolerance(1e-10));
        BOOST_TEST(g.answer == std::vector<std::size_t>{g0.answer});
        const auto b = lilucb::characteristic_time_top_m_bernoulli(mu, 1, eps);
        const auto b0 = lilucb::characteristic_time_epsilon_bernoulli(mu, eps);
        BOOST_TEST(b.t_star == b0.t_star, tt::tolerance(1e-10));
        BOOST_TEST(b.answer == std::vector<std::size_t>{b0.answer});
        for (std::size_t a = 0; a < mu.size(); ++a) {
          BOOST_TEST(g.w_star[a] == g0.w_star[a], tt::tolerance(1e-5));
          BOOST_TEST(b.w_star[a] == b0.w_star[a], tt::tolerance(1e-5));
        }
        if (eps == 0) {
          BOOST_TEST(g.t_star == lilucb::characteristic_time_gaussian(mu, 0.5).t_star, tt::tolerance(1e-10));
          BOOST_TEST(b.t_star == lilucb::characteristic_time_bernoulli(mu).t_star, tt::tolerance(1e-10));
        }
        std::vector<double> negated(mu);
        for (auto& x : negated) x = -x;
        const auto last = lilucb::characteristic_time_top_m_gaussian(mu, 0.5, mu.size() - 1, eps);
        BOOST_TEST(last.t_star == lilucb::characteristic_time_epsilon_gaussian(negated, 0.5, eps).t_star,
                   tt::tolerance(1e-10));
      }
    }
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(brute_force)

// K = 3 and 4, every m, eps = 0 and > 0 (ties at the m-th place among them, arms at 0 and 1), both
// families: the solver's 1/t_star within 1e-6 of the nested search's maximum, and neither it nor
// any grid point (of any set of m arms) above it by more than 1e-9.
BOOST_AUTO_TEST_CASE(small_instances) {
  struct instance {
    std::vector<double> mu;
    double eps;
  };
  const std::vector<instance> instances{
      {{0.5, 0.3, 0.2}, 0.0},         {{0.2, 0.6, 0.45}, 0.05},       {{0.7, 0.7, 0.4}, 0.1},
      {{0.9, 0.1, 0.5}, 0.0},         {{0.6, 0.5, 0.4, 0.1}, 0.0},    {{0.3, 0.8, 0.35, 0.75}, 0.02},
      {{0.5, 0.5, 0.5, 0.5}, 0.1},    {{0.95, 0.05, 0.6, 0.55}, 0.0}, {{0.98, 1.0, 0.4, 0.0}, 0.05},
      {{0.02, 0.0, 0.01}, 0.05}};
  for (const auto& c : instances)
    for (std::size_t m = 1; m < c.mu.size(); ++m)
      for (const auto& f : {ct_topm::family{true, 0.5}, ct_topm::family{false, 0}}) {
        BOOST_TEST_CONTEXT((f.gaussian ? "Gaussian" : "Bernoulli")
                           << " m " << m << " eps " << c.eps << " means " << c.mu[0] << ", " << c.mu[1] << ", "
                           << c.mu[2] << (c.mu.size() > 3 ? ", ..." : "")) {
          const auto r = ct_topm::solve(f, c.mu, m, c.eps);
          BOOST_TEST(ct_topm::grid_value(f, c.mu, r.answer, c.eps) * r.t_star <= 1 + 1e-9);
          const double nested = ct_topm::nested_value(f, c.mu, r.answer, c.eps);
          BOOST_TEST(nested * r.t_star <= 1 + 1e-9);
          BOOST_TEST(nested * r.t_star == 1.0, tt::tolerance(1e-6));
          ct_topm::check_result(f, c.mu, m, c.eps, r);
          // The top set is optimal among the (eps, m)-good sets: no other set does better.
          std::vector<std::size_t> other;
          for (std::size_t mask = 0; mask < (1u << c.mu.size()); ++mask) {
            other.clear();
            for (std::size_t a = 0; a < c.mu.size(); ++a)
              if (mask >> a & 1) other.push_back(a);
            if (other.size() != m || other == r.answer) continue;
            BOOST_TEST(ct_topm::grid_value(f, c.mu, other, c.eps) * r.t_star <= 1 + 1e-9);
          }
        }
      }
}

BOOST_AUTO_TEST_SUITE_END()

// eps > 0 makes a tie between the m-th and (m+1)-th means finite (at eps = 0 it is refused), and
// T*_m falls as eps grows.
BOOST_AUTO_TEST_CASE(epsilon_ties) {
  const std::vector<double> tied{0.6, 0.5, 0.4, 0.4, 0.2};  // m = 3: means[2] and means[3] tie at the 3rd place
  const std::vector<double> mu{0.6, 0.4, 0.5, 0.4, 0.2};    // a tie at the 3rd and 4th places
  const std::string g = "lilucb::characteristic_time_top_m_gaussian";
  const std::string b = "lilucb::characteristic_time_top_m_bernoulli";
  BOOST_CHECK_EXCEPTION(lilucb::characteristic_time_top_m_gaussian(tied, 1.0, 3), lilucb::domain_error,
                        (names_parameter{g, "means[3]"}));
  BOOST_CHECK_EXCEPTION(lilucb::characteristic_time_top_m_bernoulli(tied, 3), lilucb::domain_error,
                        (names_parameter{b, "means[3]"}));
  double previous_g = INFINITY, previous_b = INFINITY;
  for (double eps : {1e-6, 1e-3, 0.01, 0.1, 0.3}) {
    const auto rg = lilucb::characteristic_time_top_m_gaussian(tied, 1.0, 3, eps);
    const auto rb = lilucb::characteristic_time_top_m_bernoulli(tied, 3, eps);
    BOOST_TEST(std::isfinite(rg.t_star));
    BOOST_TEST(std::isfinite(rb.t_star));
    BOOST_TEST(rg.t_star < previous_g);
    BOOST_TEST(rb.t_star < previous_b);
    BOOST_TEST((rg.answer == std::vector<std::size_t>{0, 1, 2}));  // the first index among equal means
    BOOST_TEST((rb.answer == std::vector<std::size_t>{0, 1, 2}));
    previous_g = rg.t_star, previous_b = rb.t_star;
  }
  // Ties elsewhere are allowed at eps = 0: m = 2 on `mu` (0.6, 0.5 | 0.4, 0.4, 0.2), m = 1 on `tied`.
  BOOST_TEST(std::isfinite(lilucb::characteristic_time_top_m_gaussian(mu, 1.0, 2).t_star));
  BOOST_TEST(std::isfinite(lilucb::characteristic_time_top_m_bernoulli(tied, 1).t_star));
  BOOST_TEST((lilucb::characteristic_time_top_m_gaussian(mu, 1.0, 2).answer == std::vector<std::size_t>{0, 2}));
}

BOOST_AUTO_TEST_SUITE(domain)

BOOST_AUTO_TEST_CASE(invalid_values) {
  const std::vector<double> ok{0.5, 0.2, 0.3};
  const auto gauss = [](const std::vector<double>& mu, double sigma, std::size_t m, double eps) {
    return lilucb::characteristic_time_top_m_gaussian(mu, sigma, m, eps);
  };
  const auto bern = [](const std::vector<double>& mu, std::size_t m, double eps) {
    return lilucb::characteristic_time_top_m_bernoulli(mu, m, eps);
  };
  const std::string g = "lilucb::characteristic_time_top_m_gaussian";
  const std::string b = "lilucb::characteristic_time_top_m_bernoulli";
  for (std::size_t m : {std::size_t(0), std::size_t(3), std::size_t(4), std::size_t(-1)}) {
    BOOST_CHECK_EXCEPTION(gauss(ok, 1.0, m, 0.0), lilucb::domain_error, (names_parameter{g, "m"}));
    BOOST_CHECK_EXCEPTION(bern(ok, m, 0.0), lilucb::domain_error, (names_parameter{b, "m"}));
  }
  for (double s : {0.0, -1.0, kNaN, kInf, 1e-300, 1e308})
    BOOST_CHECK_EXCEPTION(gauss(ok, s, 1, 0.1), lilucb::domain_error, (names_parameter{g, "sigma"}));
  for (double e : {-0.1, -kInf, kNaN, kInf})
    BOOST_CHECK_EXCEPTION(gauss(ok, 1.0, 1, e), lilucb::domain_error, (names_parameter{g, "epsilon"}));
  for (double e : {1.0, 2.0, -0.1, kNaN, kInf})
    BOOST_CHECK_EXCEPTION(bern(ok, 1, e), lilucb::domain_error, (names_parameter{b, "epsilon"}));
  for (double x : {kNaN, kInf, -kInf}) {
    BOOST_CHECK_EXCEPTION(gauss({0.5, x, 0.1}, 1.0, 1, 0.0), lilucb::domain_error, (names_parameter{g, "means[1]"}));
    BOOST_CHECK_EXCEPTION(bern({0.5, 0.1, x}, 1, 0.0), lilucb::domain_error, (names_parameter{b, "means[2]"}));
  }
  for (double x : {-0.1, 1.5, -1e-300, up(1.0)})
    BOOST_CHECK_EXCEPTION(bern({0.5, x, 0.1}, 1, 0.1), lilucb::domain_error, (names_parameter{b, "means[1]"}));
  BOOST_CHECK_EXCEPTION(gauss({0.5}, 1.0, 1, 0.1), lilucb::domain_error, (names_parameter{g, "means"}));
  BOOST_CHECK_EXCEPTION(bern({}, 1, 0.1), lilucb::domain_error, (names_parameter{b, "means"}));
  // Gaussian gaps whose square over 2 sigma^2 overflows (naming epsilon or the means), or underflows.
  BOOST_CHECK_EXCEPTION(gauss({0.0, 0.0}, 1.0, 1, 1e300), lilucb::domain_error, (names_parameter{g, "epsilon"}));
  BOOST_CHECK_EXCEPTION(gauss({1.0, 0.0, -1e160}, 1.0, 1, 0.1), lilucb::domain_error, (names_parameter{g, "means"}));
  BOOST_CHECK_EXCEPTION(gauss({0.0, 0.0}, 1.0, 1, 1e-170), lilucb::domain_error, (names_parameter{g, "epsilon"}));
  BOOST_CHECK_EXCEPTION(gauss({1e-170, 0.0}, 1.0, 1, 0.0), lilucb::domain_error, (names_parameter{g, "means"}));
  // The lower bound: bai_lower_bound's domain, errors naming the new function.
  for (double t : {0.0, -1.0, kNaN, kInf})
    BOOST_CHECK_EXCEPTION(lilucb::top_m_lower_bound(t, 0.1), lilucb::domain_error,
                          (names_parameter{"lilucb::top_m_lower_bound", "t_star"}));
  for (double d : {0.0, 0.6, kNaN})
    BOOST_CHECK_EXCEPTION(lilucb::top_m_lower_bound(10.0, d), lilucb::domain_error,
                          (names_parameter{"", "delta"}));
}

// The edges of each range, just inside: finite results.
BOOST_AUTO_TEST_CASE(valid_edges) {
  const auto finite = [](const lilucb::top_m_characteristic_time_result<double>& r) {
    return std::isfinite(r.t_star) && r.t_star > 0 && r.t_star_lower <= r.t_star;
  };
  BOOST_TEST(finite(lilucb::characteristic_time_top_m_bernoulli(std::vector<double>{1.0, 0.0, 0.5}, 2)));
  BOOST_TEST(finite(lilucb::characteristic_time_top_m_bernoulli(std::vector<double>{0.5, 0.2, 0.3}, 1, down(1.0))));
  BOOST_TEST(finite(lilucb::characteristic_time_top_m_bernoulli(std::vector<double>{1.0, 1.0, 1.0}, 2, 0.3)));
  BOOST_TEST(finite(lilucb::characteristic_time_top_m_bernoulli(std::vector<double>{0.0, 0.0, 0.0}, 1, 0.3)));
  BOOST_TEST(finite(lilucb::characteristic_time_top_m_gaussian(std::vector<double>{0.5, 0.5}, 1.0, 1, 0.3)));
  BOOST_TEST(finite(lilucb::characteristic_time_top_m_gaussian(std::vector<double>{0.0, 0.0}, 1.0, 1, 1e140)));
  // Mixed argument types promote: integer means; m = 1 of two arms 1 apart at sigma 1 is 8.
  BOOST_TEST(lilucb::characteristic_time_top_m_gaussian(std::vector<int>{1, 0}, 1, 1).t_star == 8.0,
             tt::tolerance(1e-12));
}

BOOST_AUTO_TEST_SUITE_END()

// The lower bound T*_m kl(delta, 1 - delta): the factor of bai_lower_bound.
BOOST_AUTO_TEST_CASE(lower_bound) {
  for (double d : {1e-9, 0.01, 0.25, 0.5}) {
    const mp50 dd(d);
    BOOST_TEST(lilucb::top_m_lower_bound(937.8, d) == 937.8 * to_double((1 - 2 * dd) * log((1 - dd) / dd)),
               tt::tolerance(1e-13));
    BOOST_TEST(lilucb::top_m_lower_bound(937.8, d) == lilucb::bai_lower_bound(937.8, d));
  }
  // The prototype's instance t-reg of docs/certified-glr/epsilon-topm.md section 4 (tstar.txt: 937.81).
  const auto r = lilucb::characteristic_time_top_m_gaussian(std::vector<double>{0.5, 0.4, 0.3, 0.2, 0.1}, 1.0, 2);
  BOOST_TEST(r.t_star == 937.81, tt::tolerance(1e-5));
}

// Gaussian arms of different KNOWN standard deviations (characteristic_time_top_m_gaussian with a
// vector of sigmas): (a) equal sigmas give the one-sigma value; m = 1 at eps = 0 the best-arm
// characteristic_time_gaussian(means, sigmas) (another program: the root of F); two arms the
// closed form 2 (s1 + s2)^2/D^2 with D = gap + eps; (c) the brute force of the definition, each
// arm with its own divergence (p - q)^2/(2 sigma_a^2), the pair's infimum over x and the simplex's
// maximum by nested golden-section search: within 1e-6 of 1/t_star; (d) the certified bracket, and
// w* attains 1/t_star.  Domain: one sigma per mean, each positive, by name.
BOOST_AUTO_TEST_CASE(gaussian_different_sigmas) {
  const auto brute_objective = [](const std::vector<double>& mu, const std::vector<double>& sd,
                                  const std::vector<std::size_t>& S, const std::vector<double>& w, double eps) {
    double least = INFINITY;
    for (std::size_t a : S)
      for (std::size_t b = 0; b < mu.size(); ++b) {
        if (std::find(S.begin(), S.end(), b) != S.end()) continue;
        const auto cost = [&](double x) {
          return (w[a] > 0 ? w[a] * (mu[a] - x) * (mu[a] - x) / (2 * sd[a] * sd[a]) : 0.0) +
                 (w[b] > 0 ? w[b] * (mu[b] - x - eps) * (mu[b] - x - eps) / (2 * sd[b] * sd[b]) : 0.0);
        };
        least = std::min(least, mu[b] >= mu[a] + eps ? 0.0
                                                     : ct_topm::golden_min(cost, std::min(mu[a], mu[b]) - eps - 10,
                                                                           std::max(mu[a], mu[b]) + 10, 90));
      }
    return least;
  };
  const std::vector<double> mu{1.0, 0.8, 0.5, 0.2}, sd{0.3, 1.0, 0.5, 2.0};
  for (std::size_t m : {1u, 2u, 3u})
    for (double eps : {0.0, 0.1}) {
      BOOST_TEST_CONTEXT("m " << m << " eps " << eps) {
        const auto r = lilucb::characteristic_time_top_m_gaussian(mu, sd, m, eps);
        BOOST_TEST(r.answer.size() == m);
        BOOST_TEST(r.t_star_lower <= r.t_star);
        BOOST_TEST(r.t_star_lower == r.t_star, tt::tolerance(1e-7));
        BOOST_TEST(brute_objective(mu, sd, r.answer, r.w_star, eps) * r.t_star == 1.0, tt::tolerance(1e-9));
        // The nested golden-section maximum over the simplex (the objective is concave in w).
        std::vector<double> w(mu.size());
        std::function<double(std::size_t, double)> level = [&](std::size_t i, double rest) -> double {
          if (i + 1 == mu.size()) {
            w[i] = rest;
            return brute_objective(mu, sd, r.answer, w, eps);
          }
          return -ct_topm::golden_min(
              [&](double v) {
                w[i] = rest * v;
                return -level(i + 1, rest * (1 - v));
              },
              0.0, 1.0, 36);
        };
        BOOST_TEST(level(0, 1.0) * r.t_star == 1.0, tt::tolerance(1e-6));
        if (m == 1 && eps == 0)
          BOOST_TEST(r.t_star == lilucb::characteristic_time_gaussian(mu, sd).t_star, tt::tolerance(1e-9));
      }
    }
  // Equal sigmas: the one-sigma function.
  const std::vector<double> same(mu.size(), 0.7);
  for (std::size_t m : {1u, 2u, 3u})
    BOOST_TEST(lilucb::characteristic_time_top_m_gaussian(mu, same, m, 0.05).t_star ==
                   lilucb::characteristic_time_top_m_gaussian(mu, 0.7, m, 0.05).t_star,
               tt::tolerance(1e-10));
  // Two arms: 2 (s1 + s2)^2/D^2, w proportional to sigma.
  const auto two = lilucb::characteristic_time_top_m_gaussian(std::vector<double>{0.5, 0.2}, std::vector<double>{0.4, 1.2}, 1, 0.1);
  BOOST_TEST(two.t_star == 2 * 1.6 * 1.6 / (0.4 * 0.4), tt::tolerance(1e-10));
  BOOST_TEST(two.w_star[0] == 0.25, tt::tolerance(1e-6));
  // Domain: one sigma per mean, each positive, by name.
  const auto refused = [](const std::function<void()>& f, const std::string& parameter) {
    try {
      f();
      BOOST_ERROR("accepted; expected a refusal naming " + parameter);
    } catch (const lilucb::domain_error& e) {
      BOOST_TEST(e.parameter() == parameter);
    }
  };
  refused([&] { (void)lilucb::characteristic_time_top_m_gaussian(mu, std::vector<double>{1.0, 1.0}, 2); }, "sigmas");
  refused([&] { (void)lilucb::characteristic_time_top_m_gaussian(mu, std::vector<double>{1.0, 0.0, 1.0, 1.0}, 2); },
          "sigma");
  refused([&] { (void)lilucb::characteristic_time_top_m_gaussian(mu, sd, 4); }, "m");
}

BOOST_AUTO_TEST_SUITE_END()  // characteristic_time_top_m
