// characteristic_time.hpp, epsilon-good part: T*_eps(mu), its optimal proportions and answer
// (Garivier & Kaufmann 2021; Jourdan, Degenne & Kaufmann 2023), additive and relative, for Gaussian
// and Bernoulli arms, and the lower bound T*_eps kl(delta, 1 - delta).
//
// Reference values: (a) closed forms (K tied arms, additive and relative; two Gaussian arms,
// 8 sigma^2/(Delta + eps)^2; the Gaussian additive program as the best-arm program of mu with the
// answer raised by eps), evaluated in cpp_bin_float_50; (b) at eps = 0, the best-arm solvers of the
// same header (a different parametrisation and root search); (c) a brute force written from the
// definition: each pair's infimum over the alternative by golden-section search on its whole
// feasible interval, the maximum over the simplex by nested golden-section search (the objective is
// concave in w), the maximum over the answers by enumeration; (d) optimality, as RapidCheck
// properties: w* attains 1/T*_eps at its answer, and no random w at any epsilon-good answer does
// better; (e) the cpp_bin_float_50 instantiation, for the double results at the edges of [0, 1].
#include <boost/test/unit_test.hpp>
#include <rapidcheck/boost_test.h>

#include "domain_table.hpp"
#include "generators.hpp"
#include "mp50.hpp"

#include "lilucb/theory/characteristic_time.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

BOOST_AUTO_TEST_SUITE(characteristic_time_epsilon)

namespace tt = boost::test_tools;
using namespace lilucb_test;
using lilucb::epsilon_shift;

// Named (not anonymous): the directory's files compile as one unity source.
namespace ct_eps {

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

/// w d(p, q) with 0 inf = 0 (an arm without samples pays nothing).
double weighted(const family& f, double w, double p, double q) { return w > 0 ? w * divergence(f, p, q) : 0.0; }

/// The minimum of a convex function on [lo, hi] by golden-section search, the ends included (the
/// maximum of a concave f is -golden(-f)).
double golden(const std::function<double(double)>& g, double lo, double hi, int iterations = 120) {
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

/// C_eps(i, j; w) from its definition: 0 when mu itself is an alternative, else the infimum over
/// the alternatives on the boundary lambda_j = lambda_i + eps (additive) or (1 - eps) lambda_j =
/// lambda_i (relative), over every admissible lambda (Bernoulli: both in [0, 1]).
double pair_cost(const family& f, const std::vector<double>& mu, std::size_t i, std::size_t j,
                 const std::vector<double>& w, double eps, bool relative) {
  const double r = 1 - eps;
  if (relative ? r * mu[j] >= mu[i] : mu[j] >= mu[i] + eps) return 0;
  // Parametrised by lambda_j = y: lambda_i = y - eps or r y.
  const auto cost = [&](double y) {
    const double li = relative ? r * y : y - eps;
    return weighted(f, w[i], mu[i], li) + weighted(f, w[j], mu[j], y);
  };
  double lo, hi;
  if (f.gaussian) {  // every y between mu_j and h^{-1}(mu_i), with room
    lo = std::min(mu[i], mu[j]) - 10, hi = std::max(mu[i], mu[j]) / r + eps + 10;
  } else {
    lo = relative ? 0.0 : eps, hi = 1;
  }
  return golden(cost, lo, hi, 80);
}

/// min_{j != i} C_eps(i, j; w).
double objective(const family& f, const std::vector<double>& mu, std::size_t i, const std::vector<double>& w,
                 double eps, bool relative) {
  double m = INFINITY;
  for (std::size_t j = 0; j < mu.size(); ++j)
    if (j != i) m = std::min(m, pair_cost(f, mu, i, j, w, eps, relative));
  return m;
}

/// max over w in the simplex of objective(i, w), for K = 2 or 3: golden-section search on w_i and,
/// for K = 3, on the split v of the rest between the two other arms (concave in each, the outer
/// function a partial maximum of a concave function).
double brute_answer(const family& f, const std::vector<double>& mu, std::size_t i, double eps, bool relative) {
  const std::size_t K = mu.size();
  const auto at = [&](double wi, double v) {
    std::vector<double> w(K, 0.0);
    w[i] = wi;
    std::size_t k = 0;
    for (std::size_t j = 0; j < K; ++j)
      if (j != i) w[j] = (1 - wi) * (k++ == 0 ? v : 1 - v);
    return objective(f, mu, i, w, eps, relative);
  };
  const auto inner = [&](double wi) {
    if (K == 2) return at(wi, 1.0);
    return -golden([&](double v) { return -at(wi, v); }, 0.0, 1.0, 64);
  };
  return -golden([&](double wi) { return -inner(wi); }, 0.0, 1.0, 64);
}

/// T*_eps by brute force: 1/max over every arm i of brute_answer (0 for an answer that is not
/// epsilon-good: its alternative contains mu).
double brute_t_star(const family& f, const std::vector<double>& mu, double eps, bool relative, std::size_t* answer) {
  double best = 0;
  for (std::size_t i = 0; i < mu.size(); ++i) {
    const double v = brute_answer(f, mu, i, eps, relative);
    if (v > best) best = v, *answer = i;
  }
  return 1 / best;
}

lilucb::epsilon_characteristic_time_result<double> solve(const family& f, const std::vector<double>& mu, double eps,
                                                         bool relative) {
  const auto shift = relative ? epsilon_shift::relative : epsilon_shift::additive;
  return f.gaussian ? lilucb::characteristic_time_epsilon_gaussian(mu, f.sigma, eps, shift)
                    : lilucb::characteristic_time_epsilon_bernoulli(mu, eps, shift);
}

/// Whether arm i is an epsilon-good answer with a positive cost to every other arm.
bool strictly_good(const std::vector<double>& mu, std::size_t i, double eps, bool relative) {
  for (std::size_t j = 0; j < mu.size(); ++j)
    if (j != i && (relative ? (1 - eps) * mu[j] >= mu[i] : mu[j] >= mu[i] + eps)) return false;
  return true;
}

/// The checks (d) of the file comment on one instance; a failure message, or empty.
std::string optimality_failure(const family& f, const std::vector<double>& mu, double eps, bool relative,
                               const std::function<double()>& uniform) {
  const auto r = solve(f, mu, eps, relative);
  double s = 0;
  for (double w : r.w_star) {
    if (!(w >= 0)) return "negative weight";
    s += w;
  }
  if (!(std::fabs(s - 1) < 1e-12)) return "weights sum to " + std::to_string(s);
  if (!strictly_good(mu, r.answer, eps, relative))
    return "answer " + std::to_string(r.answer) + " is not epsilon-good";
  const double at_w = objective(f, mu, r.answer, r.w_star, eps, relative) * r.t_star;
  if (!(std::fabs(at_w - 1) < 1e-8)) return "objective(w*) T* = " + std::to_string(at_w);
  for (std::size_t i = 0; i < mu.size(); ++i) {
    if (!strictly_good(mu, i, eps, relative)) continue;
    for (int k = 0; k < 10; ++k) {
      std::vector<double> w(mu.size());
      double sw = 0;
      for (auto& x : w) sw += x = uniform();
      for (auto& x : w) x /= sw;
      if (!(objective(f, mu, i, w, eps, relative) <= (1 + 1e-10) / r.t_star))
        return "a random w at answer " + std::to_string(i) + " beats w*";
    }
  }
  return {};
}

}  // namespace ct_eps

BOOST_AUTO_TEST_SUITE(closed_forms)

// K arms tied at m, additive: T*_eps = 2 sigma^2 (1 + sqrt(K - 1))^2/eps^2, w_answer = 1/(1 + sqrt(K - 1)).
BOOST_AUTO_TEST_CASE(gaussian_ties_additive) {
  for (std::size_t K : {2, 3, 4, 5, 10, 50})
    for (double sigma : {0.5, 1.0, 2.0})
      for (double eps : {0.01, 0.1, 1.0})
        for (double m : {0.0, 0.3, -2.0}) {
          const std::vector<double> mu(K, m);
          const auto r = lilucb::characteristic_time_epsilon_gaussian(mu, sigma, eps);
          const mp50 s(sigma), e(eps), root = sqrt(mp50(K - 1));
          BOOST_TEST(r.t_star == to_double(2 * s * s * (1 + root) * (1 + root) / (e * e)), tt::tolerance(1e-12));
          BOOST_TEST(r.answer == 0u);
          BOOST_TEST(r.w_star[0] == to_double(1 / (1 + root)), tt::tolerance(1e-12));
          BOOST_TEST(r.w_star[K - 1] == to_double(1 / (root * (1 + root))), tt::tolerance(1e-12));
        }
  // The number of docs/certified-glr/epsilon-topm.md section 4: K = 4, sigma = 1, eps = 0.1.
  const auto r = lilucb::characteristic_time_epsilon_gaussian(std::vector<double>{0.5, 0.5, 0.5, 0.5}, 1.0, 0.1);
  BOOST_TEST(r.t_star == 1492.8203230275509, tt::tolerance(1e-13));
  // The same at 50 digits.
  const std::vector<mp50> mu50(4, mp50("0.5"));
  const auto r50 = lilucb::characteristic_time_epsilon_gaussian(mu50, mp50(1), mp50("0.1"));
  check_50_digits(r50.t_star, "1492.8203230275509174109785366023489467771221015242");
}

// K arms tied at m > 0, relative: T*_eps = 2 sigma^2 (1 + (1 - eps) sqrt(K - 1))^2/(eps m)^2,
// w_answer = 1/(1 + (1 - eps) sqrt(K - 1)).
BOOST_AUTO_TEST_CASE(gaussian_ties_relative) {
  for (std::size_t K : {2, 3, 4, 10})
    for (double sigma : {0.5, 2.0})
      for (double eps : {0.01, 0.1, 0.5, 0.9})
        for (double m : {0.25, 1.0, 7.0}) {
          const std::vector<double> mu(K, m);
          const auto r = lilucb::characteristic_time_epsilon_gaussian(mu, sigma, eps, epsilon_shift::relative);
          const mp50 s(sigma), e(eps), mm(m), c = (1 - e) * sqrt(mp50(K - 1));
          BOOST_TEST(r.t_star == to_double(2 * s * s * (1 + c) * (1 + c) / (e * e * mm * mm)), tt::tolerance(1e-12));
          BOOST_TEST(r.w_star[0] == to_double(1 / (1 + c)), tt::tolerance(1e-12));
        }
  const std::vector<mp50> mu50(4, mp50("0.6"));
  const auto r50 =
      lilucb::characteristic_time_epsilon_gaussian(mu50, mp50("0.5"), mp50("0.1"), epsilon_shift::relative);
  const mp50 c = mp50("0.9") * sqrt(mp50(3));
  const mp50 closed = 2 * mp50("0.25") * (1 + c) * (1 + c) / (mp50("0.06") * mp50("0.06"));
  BOOST_TEST((abs(r50.t_star - closed) / closed < mp50("1e-40")));
}

// Two arms, the answer the better by Delta: T*_eps = 8 sigma^2/(Delta + eps)^2, w = (1/2, 1/2).  Where
// the worse arm is epsilon-good too (Delta < eps) its own value 8 sigma^2/(eps - Delta)^2 is larger.
BOOST_AUTO_TEST_CASE(gaussian_two_arms_additive) {
  for (double gap : {0.0, 0.01, 0.1, 0.5, 2.0})
    for (double eps : {0.0, 0.05, 0.5, 3.0})
      for (double sigma : {0.25, 1.0}) {
        if (gap == 0 && eps == 0) continue;
        const std::vector<double> mu{-gap, 0.0};
        const auto r = lilucb::characteristic_time_epsilon_gaussian(mu, sigma, eps);
        const mp50 g(gap), e(eps), s(sigma);
        BOOST_TEST(r.t_star == to_double(8 * s * s / ((g + e) * (g + e))), tt::tolerance(1e-13));
        BOOST_TEST(r.answer == (gap > 0 ? 1u : 0u));
        BOOST_TEST(r.w_star[0] == 0.5, tt::tolerance(1e-13));
      }
}

// The Gaussian additive program is the best-arm program of mu with the answer raised by eps.
BOOST_AUTO_TEST_CASE(gaussian_additive_is_the_shifted_best_arm_program) {
  const std::vector<std::vector<double>> instances{
      {1, 0.8, 0.6, 0.4, 0.2}, {0.5, 0.5, 0.1}, {0.25, 0.3, 0.125, -0.5}, {3, 2.99, 2.98, 0}};
  for (const auto& mu : instances)
    for (double eps : {0.001, 0.05, 0.3})
      for (double sigma : {0.5, 1.5}) {
        const auto r = lilucb::characteristic_time_epsilon_gaussian(mu, sigma, eps);
        std::vector<double> raised = mu;
        raised[r.answer] += eps;
        const auto bai = lilucb::characteristic_time_gaussian(raised, sigma);
        BOOST_TEST(r.t_star == bai.t_star, tt::tolerance(1e-12));
        for (std::size_t a = 0; a < mu.size(); ++a) BOOST_TEST(r.w_star[a] == bai.w_star[a], tt::tolerance(1e-11));
        BOOST_TEST(mu[r.answer] == *std::max_element(mu.begin(), mu.end()));
      }
}

// Bernoulli closed forms: an answer above 1 - eps against an arm at 1 (T = 1/kl(mu_i, 1 - eps), all
// weight on the answer), and an answer at 0 with every arm below eps (T = sum_j 1/kl(mu_j, eps)).
BOOST_AUTO_TEST_CASE(bernoulli_edges) {
  for (double eps : {0.01, 0.2, 0.7}) {
    const auto r = lilucb::characteristic_time_epsilon_bernoulli(std::vector<double>{1.0, 1.0}, eps);
    BOOST_TEST(r.t_star == -1 / std::log1p(-eps), tt::tolerance(1e-13));
    BOOST_TEST(r.w_star[0] == 1.0);
    BOOST_TEST(r.w_star[1] == 0.0);
    const auto rel =
        lilucb::characteristic_time_epsilon_bernoulli(std::vector<double>{1.0, 1.0}, eps, epsilon_shift::relative);
    BOOST_TEST(rel.t_star == r.t_star, tt::tolerance(1e-13));
    // Both at 0, additive: the answer is never sampled; the other arm must be shown below eps.
    const auto z = lilucb::characteristic_time_epsilon_bernoulli(std::vector<double>{0.0, 0.0}, eps);
    BOOST_TEST(z.t_star == -1 / std::log1p(-eps), tt::tolerance(1e-13));
    BOOST_TEST(z.w_star[0] == 0.0);
  }
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(epsilon_zero)

// At eps = 0 (distinct means) T*_eps is T*(mu), by either shift, with the same proportions.
BOOST_AUTO_TEST_CASE(equals_best_arm_identification) {
  const std::vector<std::vector<double>> instances{{0.5, 0.45, 0.4375, 0.375}, {0.125, 0.875, 0.5}, {0.75, 0, 0.5},
                                                   {1.0, 0.0}, {0.3, 0.2999}, {0.01, 0.02, 0.9, 0.95}};
  for (const auto& mu : instances)
    for (const auto shift : {epsilon_shift::additive, epsilon_shift::relative}) {
      const auto g = lilucb::characteristic_time_epsilon_gaussian(mu, 0.5, 0.0, shift);
      const auto g0 = lilucb::characteristic_time_gaussian(mu, 0.5);
      BOOST_TEST(g.t_star == g0.t_star, tt::tolerance(1e-14));
      const auto b = lilucb::characteristic_time_epsilon_bernoulli(mu, 0.0, shift);
      const auto b0 = lilucb::characteristic_time_bernoulli(mu);
      BOOST_TEST(b.t_star == b0.t_star, tt::tolerance(1e-11));
      BOOST_TEST(b.answer == lilucb::best_arm(mu));
      for (std::size_t a = 0; a < mu.size(); ++a) {
        BOOST_TEST(g.w_star[a] == g0.w_star[a], tt::tolerance(1e-13));
        BOOST_TEST(b.w_star[a] == b0.w_star[a], tt::tolerance(1e-9));
      }
    }
}

// Near ties at eps = 0 (gaps 10^-4 to 10^-12 of q (1 - q)): the Bernoulli program in t keeps its
// precision (against the best-arm solver's, searched in x).
RC_BOOST_PROP(bernoulli_near_ties, ()) {
  const auto n = *rc::gen::resize(rc::kNominalSize, rc::gen::inRange<std::size_t>(2, 6));
  const double q = *gen::uniform_open(0.01, 0.99);
  const double scale = q * (1 - q) * *gen::log_uniform(1e-12, 1e-4);
  std::vector<double> mu{q};
  for (std::size_t a = 1; a < n; ++a) mu.push_back(q - scale * *gen::uniform_open(0.5, 4.5));
  RC_PRE(*std::max_element(mu.begin() + 1, mu.end()) < q);
  const auto r = lilucb::characteristic_time_epsilon_bernoulli(mu, 0.0);
  const auto r0 = lilucb::characteristic_time_bernoulli(mu);
  RC_ASSERT(std::fabs(r.t_star / r0.t_star - 1) < 1e-9);
  for (std::size_t a = 0; a < n; ++a) RC_ASSERT(std::fabs(r.w_star[a] - r0.w_star[a]) < 1e-8);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(brute_force)

// Small instances against the brute force of the file comment, T*_eps and the answer; the edges of
// the Bernoulli program among them (an answer above 1 - eps, arms at 0 and 1, arms below eps, ties).
BOOST_AUTO_TEST_CASE(small_instances) {
  struct instance {
    std::vector<double> mu;
    double eps;
  };
  const std::vector<instance> bernoulli{
      {{0.5, 0.45, 0.3}, 0.05},  {{0.9, 0.85, 0.2}, 0.1},  {{0.97, 0.9, 0.5}, 0.05}, {{1.0, 0.95, 0.6}, 0.1},
      {{0.04, 0.02, 0.0}, 0.05}, {{0.5, 0.5, 0.5}, 0.1},   {{0.3, 0.25}, 0.0},       {{0.6, 0.5, 0.3}, 0.2},
      {{1.0, 0.9, 0.2}, 0.2},    {{0.2, 0.1}, 0.5},        {{0.99, 0.01}, 0.3},      {{0.0, 0.0, 0.01}, 0.02},
      {{1.0, 1.0, 0.0}, 0.4},    {{0.7, 0.69}, 0.001},     {{0.15, 0.1, 0.05}, 0.9}};
  for (const auto& c : bernoulli)
    for (const bool relative : {false, true}) {
      const ct_eps::family f{false, 0};
      std::size_t answer = 0;
      BOOST_TEST_CONTEXT("Bernoulli " << (relative ? "relative" : "additive") << " eps " << c.eps << " means "
                                      << c.mu[0] << ", " << c.mu[1] << (c.mu.size() > 2 ? ", ..." : "")) {
        const auto r = ct_eps::solve(f, c.mu, c.eps, relative);
        const double bf = ct_eps::brute_t_star(f, c.mu, c.eps, relative, &answer);
        BOOST_TEST(r.t_star == bf, tt::tolerance(1e-9));
        BOOST_TEST(c.mu[r.answer] == c.mu[answer]);  // the same answer, or a tied one
        BOOST_TEST(ct_eps::objective(f, c.mu, r.answer, r.w_star, c.eps, relative) * r.t_star == 1.0,
                   tt::tolerance(1e-9));
      }
    }
  const std::vector<instance> gaussian{
      {{1, 0.8, 0.5}, 0.3}, {{2, 1.9, 0.1}, 0.05}, {{0.6, 0.6, 0.6}, 0.1}, {{0.3, 0.25}, 0.5}};
  for (const auto& c : gaussian)
    for (const bool relative : {false, true}) {
      const ct_eps::family f{true, 0.75};
      std::size_t answer = 0;
      const auto r = ct_eps::solve(f, c.mu, c.eps, relative);
      BOOST_TEST(r.t_star == ct_eps::brute_t_star(f, c.mu, c.eps, relative, &answer), tt::tolerance(1e-9));
      BOOST_TEST(c.mu[r.answer] == c.mu[answer]);
    }
}

// The double result against the cpp_bin_float_50 instantiation of the same program, on instances
// at the edges of its precision: means within 1e-11 of 1 beside an arm at 1 (the answer at 1 is
// better than the one beside it by 1e-9 relative), arms far below eps with a tiny best mean (the
// optimum within e^-1000 of lambda_i = 0: the limit without samples of the answer), eps tiny.
BOOST_AUTO_TEST_CASE(double_agrees_with_50_digits) {
  struct instance {
    std::vector<const char*> mu;
    const char* eps;
  };
  const std::vector<instance> instances{
      {{"0.5", "0.45", "0.3"}, "0.05"},
      {{"0.97", "0.9", "0.5"}, "0.05"},
      {{"0.04", "0.02", "0"}, "0.05"},
      {{"0.78731874547516278", "0.1943686413077145", "0.99999999996784572", "1", "0.99999999998234668"},
       "0.33323061046554675"},
      {{"6.8583535718695961e-09", "3.7083531474850251e-05", "1.8005003854457971e-08", "6.8583535718695961e-09"},
       "0.035864761102679561"},
      {{"0.39629444447341039", "0", "1", "1"}, "1.1907935373948075e-13"},
      {{"0.9999999999999", "0.99999999999", "0.5"}, "1e-12"}};
  for (const auto& c : instances)
    for (const auto shift : {epsilon_shift::additive, epsilon_shift::relative}) {
      std::vector<double> mu;
      std::vector<mp50> mu50;
      for (const char* x : c.mu) mu.push_back(std::stod(x)), mu50.push_back(mp50(mu.back()));
      const double eps = std::stod(c.eps);
      BOOST_TEST_CONTEXT("eps " << c.eps << ", means " << c.mu[0] << ", " << c.mu[1] << ", ...") {
        const auto r = lilucb::characteristic_time_epsilon_bernoulli(mu, eps, shift);
        const auto r50 = lilucb::characteristic_time_epsilon_bernoulli(mu50, mp50(eps), shift);
        BOOST_TEST(r.t_star == to_double(r50.t_star), tt::tolerance(1e-12));
        BOOST_TEST(r.answer == r50.answer);
        for (std::size_t a = 0; a < mu.size(); ++a)
          BOOST_TEST(r.w_star[a] == to_double(r50.w_star[a]), tt::tolerance(1e-10));
      }
    }
  // Two arms tied far below eps: the answer is never sampled, T = 1/kl(m, eps).
  for (double m : {1e-12, 1e-9, 1e-6}) {
    const auto r = lilucb::characteristic_time_epsilon_bernoulli(std::vector<double>{m, m}, 0.5);
    const mp50 mm(m), e("0.5");
    const mp50 kl = mm * log(mm / e) + (1 - mm) * log((1 - mm) / (1 - e));
    BOOST_TEST(r.t_star == to_double(1 / kl), tt::tolerance(1e-12));
  }
}

// The same on random instances whose means sit at 0, at 1, within 10^-15..10^-1 of either, or
// anywhere, with eps in (10^-15, 1), either shift (every result a probability vector and a finite
// T*_eps; one case in three against the 50-digit instantiation, the costly part).
RC_BOOST_PROP(bernoulli_edges_agree_with_50_digits, ()) {
  const auto n = *rc::gen::resize(rc::kNominalSize, rc::gen::inRange<std::size_t>(2, 5));
  std::vector<double> mu(n);
  for (auto& m : mu) {
    const int kind = *rc::gen::resize(rc::kNominalSize, rc::gen::inRange(0, 5));
    const double near = *gen::log_uniform(1e-15, 1e-1);
    m = kind == 0 ? 0.0 : kind == 1 ? 1.0 : kind == 2 ? 1 - near : kind == 3 ? near : *gen::uniform_open(0.0, 1.0);
  }
  if (*rc::gen::arbitrary<bool>()) mu[n - 1] = mu[0];
  const double eps = *rc::gen::arbitrary<bool>() ? *gen::log_uniform(1e-15, 0.999) : *gen::uniform_open(0.0, 1.0);
  const auto shift = *rc::gen::arbitrary<bool>() ? epsilon_shift::relative : epsilon_shift::additive;
  RC_PRE(shift == epsilon_shift::additive || *std::max_element(mu.begin(), mu.end()) > 0);
  const auto r = lilucb::characteristic_time_epsilon_bernoulli(mu, eps, shift);
  RC_ASSERT(std::isfinite(r.t_star) && r.t_star > 0);
  double s = 0;
  for (double w : r.w_star) {
    RC_ASSERT(w >= 0);
    s += w;
  }
  RC_ASSERT(std::fabs(s - 1) < 1e-12);
  if (*rc::gen::resize(rc::kNominalSize, rc::gen::inRange(0, 3)) != 0) return;
  const std::vector<mp50> mu50(mu.begin(), mu.end());
  const auto r50 = lilucb::characteristic_time_epsilon_bernoulli(mu50, mp50(eps), shift);
  RC_ASSERT(std::fabs(r.t_star / to_double(r50.t_star) - 1) < 1e-12);
  RC_ASSERT(mu[r.answer] == mu[r50.answer]);
  if (r.answer == r50.answer)
    for (std::size_t a = 0; a < n; ++a) RC_ASSERT(std::fabs(r.w_star[a] - to_double(r50.w_star[a])) < 1e-10);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(optimality)

RC_BOOST_PROP(bernoulli, ()) {
  const auto n = *rc::gen::resize(rc::kNominalSize, rc::gen::inRange<std::size_t>(2, 6));
  std::vector<double> mu(n);
  for (auto& m : mu) m = *gen::uniform_closed_open(0.0, 1.0);
  if (*rc::gen::arbitrary<bool>()) mu[0] = *rc::gen::element(0.0, 1.0);  // an arm at an edge
  if (*rc::gen::arbitrary<bool>()) mu[n - 1] = mu[0];                      // a tie
  const double eps = *gen::uniform_open(0.0, 0.5);
  const bool relative = *rc::gen::arbitrary<bool>();
  RC_PRE(!relative || *std::max_element(mu.begin(), mu.end()) > 0);
  std::uint64_t state = *rc::gen::arbitrary<std::uint64_t>();
  const std::function<double()> uniform = [&] {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (static_cast<double>(state >> 11) + 0.5) * 0x1.0p-53;
  };
  const auto failure = ct_eps::optimality_failure(ct_eps::family{false, 0}, mu, eps, relative, uniform);
  RC_ASSERT(failure == std::string());
}

RC_BOOST_PROP(gaussian, ()) {
  const auto n = *rc::gen::resize(rc::kNominalSize, rc::gen::inRange<std::size_t>(2, 8));
  const bool relative = *rc::gen::arbitrary<bool>();
  std::vector<double> mu(n);
  for (auto& m : mu) m = relative ? *gen::uniform_closed_open(0.0, 3.0) : *gen::uniform_open(-2.0, 2.0);
  if (*rc::gen::arbitrary<bool>()) mu[n - 1] = mu[0];
  const double eps = relative ? *gen::uniform_open(0.0, 0.9) : *gen::uniform_open(0.0, 1.0);
  RC_PRE(*std::max_element(mu.begin(), mu.end()) > 0);
  const double sigma = *gen::uniform_open(0.1, 2.0);
  std::uint64_t state = *rc::gen::arbitrary<std::uint64_t>();
  const std::function<double()> uniform = [&] {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (static_cast<double>(state >> 11) + 0.5) * 0x1.0p-53;
  };
  const auto failure = ct_eps::optimality_failure(ct_eps::family{true, sigma}, mu, eps, relative, uniform);
  RC_ASSERT(failure == std::string());
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(domain)

BOOST_AUTO_TEST_CASE(invalid_values) {
  const std::vector<double> ok{0.5, 0.2};
  const auto gauss = [](const std::vector<double>& mu, double sigma, double eps,
                        epsilon_shift s = epsilon_shift::additive) {
    return lilucb::characteristic_time_epsilon_gaussian(mu, sigma, eps, s);
  };
  const auto bern = [](const std::vector<double>& mu, double eps, epsilon_shift s = epsilon_shift::additive) {
    return lilucb::characteristic_time_epsilon_bernoulli(mu, eps, s);
  };
  const std::string g = "lilucb::characteristic_time_epsilon_gaussian";
  const std::string b = "lilucb::characteristic_time_epsilon_bernoulli";
  for (double s : {0.0, -1.0, kNaN, kInf, 1e-300, 1e308})
    BOOST_CHECK_EXCEPTION(gauss(ok, s, 0.1), lilucb::domain_error, (names_parameter{g, "sigma"}));
  for (double e : {-0.1, -kInf, kNaN, kInf})
    BOOST_CHECK_EXCEPTION(gauss(ok, 1.0, e), lilucb::domain_error, (names_parameter{g, "epsilon"}));
  for (double e : {1.0, 1.5, -0.1, kNaN})
    BOOST_CHECK_EXCEPTION(gauss(ok, 1.0, e, epsilon_shift::relative), lilucb::domain_error,
                          (names_parameter{g, "epsilon"}));
  for (double e : {1.0, 2.0, -0.1, kNaN, kInf})
    for (const auto s : {epsilon_shift::additive, epsilon_shift::relative})
      BOOST_CHECK_EXCEPTION(bern(ok, e, s), lilucb::domain_error, (names_parameter{b, "epsilon"}));
  BOOST_CHECK_EXCEPTION(gauss({0.5}, 1.0, 0.1), lilucb::domain_error, (names_parameter{g, "means"}));
  BOOST_CHECK_EXCEPTION(bern({}, 0.1), lilucb::domain_error, (names_parameter{b, "means"}));
  BOOST_CHECK_EXCEPTION(gauss({0.5, kNaN}, 1.0, 0.1), lilucb::domain_error, (names_parameter{g, "means[1]"}));
  BOOST_CHECK_EXCEPTION(gauss({0.5, -0.1}, 1.0, 0.1, epsilon_shift::relative), lilucb::domain_error,
                        (names_parameter{g, "means[1]"}));
  BOOST_CHECK_EXCEPTION(bern({1.5, 0.5}, 0.1), lilucb::domain_error, (names_parameter{b, "means[0]"}));
  BOOST_CHECK_EXCEPTION(bern({0.5, -0.5}, 0.1, epsilon_shift::relative), lilucb::domain_error,
                        (names_parameter{b, "means[1]"}));
  // eps = 0 needs a unique best arm (the best-arm error); relative eps with every mean 0 has T* = inf.
  BOOST_CHECK_EXCEPTION(gauss({0.5, 0.5, 0.1}, 1.0, 0.0), lilucb::domain_error, (names_parameter{g, "means[1]"}));
  BOOST_CHECK_EXCEPTION(bern({0.2, 0.5, 0.5}, 0.0, epsilon_shift::relative), lilucb::domain_error,
                        (names_parameter{b, "means[2]"}));
  BOOST_CHECK_EXCEPTION(gauss({0.0, 0.0}, 1.0, 0.5, epsilon_shift::relative), lilucb::domain_error,
                        (names_parameter{g, "means"}));
  BOOST_CHECK_EXCEPTION(bern({0.0, 0.0, 0.0}, 0.5, epsilon_shift::relative), lilucb::domain_error,
                        (names_parameter{b, "means"}));
  // Gaussian gaps whose square over 2 sigma^2 overflows: refused naming epsilon, or the means.
  BOOST_CHECK_EXCEPTION(gauss({0.0, 0.0}, 1.0, 1e300), lilucb::domain_error, (names_parameter{g, "epsilon"}));
  BOOST_CHECK_EXCEPTION(gauss({1.0, 0.0, -1e160}, 1.0, 0.1), lilucb::domain_error, (names_parameter{g, "means"}));
  // ... and an epsilon whose square underflows on exact ties.
  BOOST_CHECK_EXCEPTION(gauss({0.0, 0.0}, 1.0, 1e-170), lilucb::domain_error, (names_parameter{g, "epsilon"}));
  // The lower bound: the domain of bai_lower_bound, errors naming the new function.
  for (double t : {0.0, -1.0, kNaN, kInf})
    BOOST_CHECK_EXCEPTION(lilucb::epsilon_good_lower_bound(t, 0.1), lilucb::domain_error,
                          (names_parameter{"lilucb::epsilon_good_lower_bound", "t_star"}));
  for (double d : {0.0, 0.6, kNaN})
    BOOST_CHECK_EXCEPTION(lilucb::epsilon_good_lower_bound(10.0, d), lilucb::domain_error,
                          (names_parameter{"", "delta"}));
}

// The edges of each range, just inside: finite results.
BOOST_AUTO_TEST_CASE(valid_edges) {
  const auto finite_bernoulli = [](std::vector<double> mu, double eps, epsilon_shift s) {
    return std::isfinite(lilucb::characteristic_time_epsilon_bernoulli(mu, eps, s).t_star);
  };
  const auto finite_gaussian = [](std::vector<double> mu, double sigma, double eps, epsilon_shift s) {
    return std::isfinite(lilucb::characteristic_time_epsilon_gaussian(mu, sigma, eps, s).t_star);
  };
  for (const auto s : {epsilon_shift::additive, epsilon_shift::relative}) {
    BOOST_TEST(finite_bernoulli({0.5, 0.2}, 0.0, s));
    BOOST_TEST(finite_bernoulli({0.5, 0.2}, 0.999, s));
    BOOST_TEST(finite_bernoulli({0.5, 0.2}, down(1.0), s));
    BOOST_TEST(finite_bernoulli({1.0, 0.0}, 0.3, s));
    BOOST_TEST(finite_gaussian({0.5, 0.5}, 1.0, 0.3, s));
  }
  BOOST_TEST(finite_gaussian({0.5, 0.0}, 1.0, down(1.0), epsilon_shift::relative));
  BOOST_TEST(finite_gaussian({0.0, 0.0}, 1.0, 1e140, epsilon_shift::additive));
  // Mixed argument types promote: integer means, sigma and epsilon.
  BOOST_TEST(lilucb::characteristic_time_epsilon_gaussian(std::vector<int>{1, 1}, 1, 1).t_star == 8.0,
             tt::tolerance(1e-14));
}

BOOST_AUTO_TEST_SUITE_END()

// The lower bound T*_eps kl(delta, 1 - delta): the factor of bai_lower_bound.
BOOST_AUTO_TEST_CASE(lower_bound) {
  for (double d : {1e-9, 0.01, 0.25, 0.5}) {
    const mp50 dd(d);
    BOOST_TEST(lilucb::epsilon_good_lower_bound(1492.8, d) == 1492.8 * to_double((1 - 2 * dd) * log((1 - dd) / dd)),
               tt::tolerance(1e-13));
    BOOST_TEST(lilucb::epsilon_good_lower_bound(1492.8, d) == lilucb::bai_lower_bound(1492.8, d));
  }
}

BOOST_AUTO_TEST_SUITE_END()  // characteristic_time_epsilon
