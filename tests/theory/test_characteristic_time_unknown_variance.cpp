// characteristic_time_unknown_variance.hpp: T*(mu, sigma) of Gaussian arms of unknown variances.
// Reference values: (a) the definition by brute force: the program's objective
// min_a inf_m [w_1 d_1(m) + w_a d_a(m)] with the inner infimum on a fine grid of m refined by
// golden-section search around its best point, at the solver's w* (equal to 1/T*) and on a grid of
// the simplex (never above 1/T*); (b) the pair's inner minimum against a grid; (c) properties:
// T* at least the known-variance T*, equal to it in the small-gap limit, invariant under a common
// affine change of units, w* a probability vector; (d) the domain.
#include <boost/test/unit_test.hpp>

#include <rapidcheck/boost_test.h>

#include "lilucb/theory/characteristic_time.hpp"
#include "lilucb/theory/characteristic_time_unknown_variance.hpp"
#include "lilucb/errors.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

BOOST_AUTO_TEST_SUITE(characteristic_time_unknown_variance)

// Named (not anonymous): the directory's files compile as one unity source.
namespace ct_uv {

double d(double mu, double s, double m) { return 0.5 * std::log1p((mu - m) * (mu - m) / (s * s)); }

/// inf over m in [mu_a, mu_1] of w1 d_1(m) + wa d_a(m): a 4001-point grid, then golden section on
/// the two cells around the best point.
double pair_inf(double mu1, double s1, double mua, double sa, double w1, double wa) {
  const auto f = [&](double m) { return w1 * d(mu1, s1, m) + wa * d(mua, sa, m); };
  const int N = 4000;
  int arg = 0;
  double best = f(mua);
  for (int j = 1; j <= N; ++j) {
    const double v = f(mua + (mu1 - mua) * j / N);
    if (v < best) best = v, arg = j;
  }
  double lo = mua + (mu1 - mua) * std::max(arg - 1, 0) / N, hi = mua + (mu1 - mua) * std::min(arg + 1, N) / N;
  const double r = (std::sqrt(5.0) - 1) / 2;
  for (int i = 0; i < 200; ++i) {
    const double a = hi - r * (hi - lo), b = lo + r * (hi - lo);
    if (f(a) < f(b)) hi = b;
    else lo = a;
  }
  return std::min(best, f((lo + hi) / 2));
}

double objective(const std::vector<double>& mu, const std::vector<double>& s, const std::vector<double>& w) {
  const std::size_t b = static_cast<std::size_t>(std::max_element(mu.begin(), mu.end()) - mu.begin());
  double v = std::numeric_limits<double>::infinity();
  for (std::size_t a = 0; a < mu.size(); ++a)
    if (a != b) v = std::min(v, pair_inf(mu[b], s[b], mu[a], s[a], w[b], w[a]));
  return v;
}

rc::Gen<double> unit_double() {
  return rc::gen::map(rc::gen::inRange<int>(0, 1'000'001), [](int k) { return k / 1e6; });
}

}  // namespace ct_uv

// The solver against the definition, two to four arms, sigmas far apart.
BOOST_AUTO_TEST_CASE(solver_attains_the_program_and_no_grid_point_beats_it) {
  struct cell {
    std::vector<double> mu, s;
  };
  const std::vector<cell> cells{{{1, 0}, {1, 1}},
                                {{1, 0}, {0.3, 2}},
                                {{5, 0}, {1, 0.2}},
                                {{0.5, 0.3, 0.25}, {0.25, 1, 0.5}},
                                {{0.5, 0.3, 0.25, 0}, {0.25, 1, 0.5, 2}}};
  for (const auto& c : cells) {
    const auto r = lilucb::characteristic_time_gaussian_unknown_variance(c.mu, c.s);
    const double at_w = ct_uv::objective(c.mu, c.s, r.w_star);
    BOOST_TEST(std::fabs(at_w * r.t_star - 1) < 1e-7, "K = " << c.mu.size() << ": " << at_w * r.t_star);
    double sum = 0;
    for (double w : r.w_star) {
      BOOST_TEST(w > 0);
      sum += w;
    }
    BOOST_TEST(std::fabs(sum - 1) < 1e-12);
    // No point of a simplex grid does better (K = 2: 2000 points; K = 3: 120^2; K = 4: 40^3).
    const std::size_t K = c.mu.size();
    const int n = K == 2 ? 2000 : K == 3 ? 120 : 40;
    double top = 0;
    std::vector<double> w(K);
    std::vector<int> k(K - 1, 0);
    while (true) {
      int used = 0;
      for (int v : k) used += v;
      if (used < n) {
        for (std::size_t i = 0; i + 1 < K; ++i) w[i] = (k[i] + 0.5) / (n + K * 0.5);
        double rest = 1;
        for (std::size_t i = 0; i + 1 < K; ++i) rest -= w[i];
        w[K - 1] = rest;
        if (rest > 0) top = std::max(top, ct_uv::objective(c.mu, c.s, w));
      }
      std::size_t i = 0;
      while (i < k.size() && ++k[i] > n) k[i++] = 0;
      if (i == k.size()) break;
    }
    BOOST_TEST(top <= at_w * (1 + 1e-9), "K = " << K);
    BOOST_TEST(top >= at_w * (1 - 1e-2), "K = " << K);  // the grid gets close: the check is not vacuous
  }
}

// The inner minimum against a grid, where d_a is not convex (a far mean, small sigma) and x varies.
BOOST_AUTO_TEST_CASE(pair_minimum_against_a_grid) {
  for (double x : {0.0, 0.01, 0.3, 1.0, 7.0, 300.0})
    for (double sa : {0.05, 0.5, 3.0}) {
      const auto [d1, da] = lilucb::unknown_variance_pair_minimum(2.0, 0.2, -1.0, sa, x);
      const double v = d1 + x * da;
      const double ref = ct_uv::pair_inf(2.0, 0.2, -1.0, sa, 1.0, x);
      BOOST_TEST(v <= ref + 1e-12 * (1 + ref), "x " << x << " sa " << sa);
      BOOST_TEST(v >= ref - 1e-9 * (1 + ref), "x " << x << " sa " << sa);
    }
}

// Where the pair's minimizer jumps (a sigma small against the gap): the optimum sits at the jump,
// and the first solver overstated T* there by 1e-6 to 7%.  Reference values: a second reader's
// brute force (long double inner minimum on a grid refined by golden section, golden section over
// w), printed to 12 digits.
BOOST_AUTO_TEST_CASE(minimizer_jumps_against_an_independent_brute_force) {
  struct cell {
    std::vector<double> mu, s;
    double t_star;
  };
  const std::vector<cell> cells{
      {{1, 0}, {1, 1e-6}, 2.95784008254},
      {{1, 0}, {1, 1e-7}, 2.94747452604},
      {{1, 0}, {1e-3, 1e-6}, 0.217147231783},
      {{1, 0}, {1e-2, 1e-5}, 0.304003930734},
      {{1, 0}, {1e-5, 1e-6}, 0.159241310031},
      {{0.81221821288315188, 0.47855909004223524}, {1.7188346022221449e-6, 1.1636381595033375e-7}, 0.149381666518},
      {{1, 0, 0.2}, {1e-5, 1e-6, 1e-6}, 0.234528787188},
  };
  for (const auto& c : cells) {
    const auto r = lilucb::characteristic_time_gaussian_unknown_variance(c.mu, c.s);
    BOOST_TEST(std::fabs(r.t_star / c.t_star - 1) < 1e-10, r.t_star << " vs " << c.t_star);
  }
}

// Two arms: m -> mu_1 + mu_2 - m maps the program onto itself with the sigmas swapped, so T* must not
// change; sigma/gap from 1e-12 to 1e12 (every pair of decades two apart): no exception, finite.
BOOST_AUTO_TEST_CASE(two_arm_mirror_symmetry_over_twenty_four_decades) {
  double worst = 0;
  for (int i = -12; i <= 12; i += 2)
    for (int j = -12; j <= 12; j += 2) {
      const double s1 = std::pow(10.0, i), sa = std::pow(10.0, j);
      const auto r = lilucb::characteristic_time_gaussian_unknown_variance(std::vector<double>{1, 0}, std::vector<double>{s1, sa});
      const auto q = lilucb::characteristic_time_gaussian_unknown_variance(std::vector<double>{1, 0}, std::vector<double>{sa, s1});
      BOOST_TEST(std::isfinite(r.t_star));
      BOOST_TEST(std::fabs(r.w_star[0] - q.w_star[1]) < 1e-9, s1 << " " << sa);
      worst = std::max(worst, std::fabs(r.t_star / q.t_star - 1));
    }
  BOOST_TEST(worst < 1e-11);
}

// T* >= the known-variance T* ((1/2) log(1 + z^2) <= z^2/2); invariance under y -> c y + b; w* a
// probability vector.
RC_BOOST_PROP(bounds_and_invariance, ()) {
  const auto K = *rc::gen::inRange<std::size_t>(2, 6);
  std::vector<double> mu(K), s(K);
  for (std::size_t a = 0; a < K; ++a) {
    mu[a] = 4 * *ct_uv::unit_double() - 2;
    s[a] = 0.1 + 2.9 * *ct_uv::unit_double();
  }
  const double top = *std::max_element(mu.begin(), mu.end());
  RC_PRE(std::count(mu.begin(), mu.end(), top) == 1);
  for (double m : mu) RC_PRE(m == top || top - m > 1e-3);
  const auto r = lilucb::characteristic_time_gaussian_unknown_variance(mu, s);
  const auto known = lilucb::characteristic_time_gaussian(mu, s);
  RC_ASSERT(r.t_star >= known.t_star * (1 - 1e-9));
  double sum = 0;
  for (double w : r.w_star) {
    RC_ASSERT(w > 0);
    sum += w;
  }
  RC_ASSERT(std::fabs(sum - 1) < 1e-12);
  const double c = 0.05 + 20 * *ct_uv::unit_double(), b = 10 * *ct_uv::unit_double() - 5;
  std::vector<double> mu2(K), s2(K);
  for (std::size_t a = 0; a < K; ++a) mu2[a] = c * mu[a] + b, s2[a] = c * s[a];
  const auto r2 = lilucb::characteristic_time_gaussian_unknown_variance(mu2, s2);
  RC_ASSERT(std::fabs(r2.t_star / r.t_star - 1) < 1e-7);
}

// Small gaps against the sigmas: (1/2) log(1 + z^2) = z^2/2 (1 + O(z^2)), so T* tends to the
// known-variance one.
BOOST_AUTO_TEST_CASE(small_gap_limit_is_the_known_variance_time) {
  const std::vector<double> mu{1e-4, 0.5e-4, 0.2e-4, 0}, s{1, 2, 0.5, 1.5};
  const auto r = lilucb::characteristic_time_gaussian_unknown_variance(mu, s);
  const auto k = lilucb::characteristic_time_gaussian(mu, s);
  BOOST_TEST(std::fabs(r.t_star / k.t_star - 1) < 1e-6);
  for (std::size_t a = 0; a < mu.size(); ++a) BOOST_TEST(std::fabs(r.w_star[a] - k.w_star[a]) < 1e-6);
}

BOOST_AUTO_TEST_CASE(domain) {
  const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  const auto refused = [](auto f, const std::string& name) {
    BOOST_CHECK_EXCEPTION(f(), lilucb::domain_error,
                          [&](const lilucb::domain_error& e) { return e.parameter() == name; });
  };
  using V = std::vector<double>;
  refused([&] { lilucb::characteristic_time_gaussian_unknown_variance(V{1}, V{1}); }, "means");
  refused([&] { lilucb::characteristic_time_gaussian_unknown_variance(V{1, 1}, V{1, 1}); }, "means[1]");
  refused([&] { lilucb::characteristic_time_gaussian_unknown_variance(V{1, nan}, V{1, 1}); }, "means[1]");
  refused([&] { lilucb::characteristic_time_gaussian_unknown_variance(V{1, 0}, V{1}); }, "sigmas");
  refused([&] { lilucb::characteristic_time_gaussian_unknown_variance(V{1, 0}, V{1, 0}); }, "sigma");
  refused([&] { lilucb::characteristic_time_gaussian_unknown_variance(V{1, 0}, V{1, inf}); }, "sigma");
  refused([&] { lilucb::characteristic_time_gaussian_unknown_variance(V{1e200, 0}, V{1e-100, 1}); }, "means");
  refused([&] { lilucb::unknown_variance_pair_minimum(0, 1, 1, 1, 1); }, "mua");
  refused([&] { lilucb::unknown_variance_pair_minimum(1, 1, 0, 1, -1); }, "x");
  refused([&] { lilucb::unknown_variance_pair_minimum(1, 1, 0, 1, nan); }, "x");
}

BOOST_AUTO_TEST_SUITE_END()
