// characteristic_time.hpp: T*(mu), w*(mu) (Garivier & Kaufmann 2016, Theorem 5), the lower bound
// T* kl(delta, 1-delta) and the fixed-point predictor t = T* beta(t).
//
// Reference values: (a) closed forms (two arms: T* = 8 sigma^2/Delta^2; K-1 equal
// gaps: T* = 2 sigma^2 (1 + sqrt(K-1))^2/Delta^2), evaluated in cpp_bin_float_50; (b) 50-digit
// values from tests/reference/make_characteristic_time_reference.py (mpmath, 80 digits, plain
// bisection on the same program written out independently); (c) the optimality conditions of
// the program (every arm's pairwise cost equals 1/T*; no other weight vector does better),
// checked as RapidCheck properties.
#include <boost/test/unit_test.hpp>
#include <rapidcheck/boost_test.h>

#include "domain_table.hpp"
#include "mp50.hpp"

#include "lilucb/theory/characteristic_time.hpp"

#include <boost/math/special_functions/trigamma.hpp>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

// Every case of this file is in the suite characteristic_time (one executable holds the directory's files).
BOOST_AUTO_TEST_SUITE(characteristic_time)

namespace tt = boost::test_tools;
using namespace lilucb_test;

namespace {

struct reference_case {
  bool gaussian;
  std::vector<const char*> means;  // decimal strings: the mp50 run reads them exactly
  double sigma;
  const char* t_star;
  std::vector<const char*> w_star;
};

// Written by tests/reference/make_characteristic_time_reference.py.
const std::vector<reference_case> kReferences = {
  {true, {"1", "0.8", "0.6", "0.4", "0.2"}, 1, "223.38613047331833754270544244967532759213781376939", {"0.45045583668306073399604464360463341778246861452206", "0.44488950109393459449117707295177139057832567552279", "0.06389401982532818316862181576235861619878307592124", "0.02632304214345577237285382154273156264076870541077", "0.014437600254220715971302646138505012799653928623138"}},
  {true, {"0.5", "0", "0", "0"}, 0.5, "14.928203230275509174109785366023489467771221015242", {"0.36602540378443864676372317075293618347140262690519", "0.21132486540518711774542560974902127217619912436494", "0.21132486540518711774542560974902127217619912436494", "0.21132486540518711774542560974902127217619912436494"}},
  {true, {"0.25", "0.3", "0.125", "-0.5"}, 0.75, "1840.0587543624473909972014755444715842344170515325", {"0.48889303835723742876059510841930850518377361338289", "0.48933679595770594297477257653354371554756743822724", "0.020812994682510147154168750283904578345664376256576", "0.00095717100254648111046356476324320092299457213329483"}},
  {false, {"0.5", "0.45", "0.4375", "0.375"}, 0, "1017.1051315472458055485383404951277671112373157141", {"0.4141649519228520923704976198827439067123148812961", "0.37237286118970793496881213595045661794179083082419", "0.1798341819930670549083169612279960250111150115676", "0.033628004894372917752373282938803450334779276312109"}},
  {false, {"0.125", "0.875", "0.5"}, 0, "12.400678849149087010653433095225305380791942808993", {"0.067185439550911313643578831203168420804010961882423", "0.49885587498541332231279807561267349838793104009184", "0.43395868546367536404362309318415808080805799802574"}},
  {false, {"0.75", "0", "0.5"}, 0, "30.310191024764379286617629994554828936933312362832", {"0.4991270724049878991216164177427562887777794008245", "0.025056729042174163144616474058534484003897948797428", "0.47581619855283793773376710819870922721832265037808"}},
};

template <class Real>
lilucb::characteristic_time_result<Real> solve(const reference_case& c) {
  std::vector<Real> mu;
  for (const char* m : c.means) mu.push_back(Real(mp50(m)));
  if (c.gaussian) return lilucb::characteristic_time_gaussian(mu, Real(c.sigma));
  return lilucb::characteristic_time_bernoulli(mu);
}

/// min_{a != best} (w_best + w_a) I_{w_best/(w_best+w_a)}(mu_best, mu_a): the program's objective
/// (Garivier & Kaufmann 2016, Lemma 3), written out directly.
double objective(const std::vector<double>& mu, const std::vector<double>& w, bool gaussian, double sigma) {
  const std::size_t b = static_cast<std::size_t>(std::max_element(mu.begin(), mu.end()) - mu.begin());
  double best = INFINITY;
  for (std::size_t a = 0; a < mu.size(); ++a) {
    if (a == b) continue;
    const double m = (w[b] * mu[b] + w[a] * mu[a]) / (w[b] + w[a]);
    double cost;
    if (gaussian) {
      cost = (w[b] * (mu[b] - m) * (mu[b] - m) + w[a] * (mu[a] - m) * (mu[a] - m)) / (2 * sigma * sigma);
    } else {
      cost = w[b] * lilucb::bernoulli_kl(mu[b], m) + w[a] * lilucb::bernoulli_kl(mu[a], m);
    }
    best = std::min(best, cost);
  }
  return best;
}

rc::Gen<double> unit_double() {
  return rc::gen::resize(rc::kNominalSize, rc::gen::map(rc::gen::inRange<std::uint64_t>(1, std::uint64_t{1} << 53),
                                                        [](std::uint64_t k) { return std::ldexp(double(k), -53); }));
}

}  // namespace

BOOST_AUTO_TEST_SUITE(closed_forms)

BOOST_AUTO_TEST_CASE(two_arms) {
  for (double gap : {0.01, 0.1, 0.5, 1.0, 3.0})
    for (double sigma : {0.25, 0.5, 1.0, 2.0}) {
      const std::vector<double> mu{0.0, -gap};
      const auto r = lilucb::characteristic_time_gaussian(mu, sigma);
      const mp50 g(gap), s(sigma);
      const mp50 closed = 8 * s * s / (g * g);
      BOOST_TEST(r.t_star == to_double(closed), tt::tolerance(1e-13));
      BOOST_TEST(r.w_star[0] == 0.5, tt::tolerance(1e-13));
      BOOST_TEST(r.w_star[1] == 0.5, tt::tolerance(1e-13));
      const auto r50 = lilucb::characteristic_time_gaussian(std::vector<mp50>{mp50(0), mp50(-gap)}, s);
      BOOST_TEST((abs(r50.t_star - closed) / closed < mp50("1e-40")), "mp50 two arms, gap " << gap);
    }
}

BOOST_AUTO_TEST_CASE(equal_gaps) {
  for (std::size_t K : {2, 3, 4, 5, 10, 20, 100, 1000})
    for (double gap : {0.05, 0.5, 2.0}) {
      const double sigma = 0.5;
      std::vector<double> mu(K, 1.0 - gap);
      mu[K / 2] = 1.0;
      const auto r = lilucb::characteristic_time_gaussian(mu, sigma);
      const mp50 g = mp50(1) - mp50(1.0 - gap), s(sigma), k(K);
      const mp50 root = sqrt(k - 1);
      const mp50 closed = 2 * s * s * (1 + root) * (1 + root) / (g * g);
      BOOST_TEST(r.t_star == to_double(closed), tt::tolerance(1e-12));
      // w_best = sqrt(K-1)/(K-1+sqrt(K-1)) = 1/(1+sqrt(K-1)), the others equal.
      BOOST_TEST(r.w_star[K / 2] == to_double(1 / (1 + root)), tt::tolerance(1e-12));
      BOOST_TEST(r.w_star[0] == to_double(1 / (root * (1 + root))), tt::tolerance(1e-12));
      if (K <= 20) {
        std::vector<mp50> m50(K, mp50(1.0 - gap));
        m50[K / 2] = 1;
        const auto r50 = lilucb::characteristic_time_gaussian(m50, s);
        BOOST_TEST((abs(r50.t_star - closed) / closed < mp50("1e-40")), "mp50 K = " << K);
      }
    }
}

BOOST_AUTO_TEST_CASE(lower_bound_factor) {
  // kl(delta, 1 - delta) = (1 - 2 delta) log((1 - delta)/delta), and kl(1/2, 1/2) = 0.
  for (double d : {1e-9, 1e-3, 0.01, 0.1, 0.25}) {
    const mp50 dd(d);
    const mp50 closed = (1 - 2 * dd) * log((1 - dd) / dd);
    BOOST_TEST(lilucb::kl_delta(d) == to_double(closed), tt::tolerance(1e-13));
    // (only where 1 - (1 - d) is accurate in double)
    if (d >= 0.01) BOOST_TEST(lilucb::kl_delta(d) == lilucb::bernoulli_kl(d, 1 - d), tt::tolerance(1e-12));
    BOOST_TEST(lilucb::bai_lower_bound(37.5, d) == 37.5 * to_double(closed), tt::tolerance(1e-13));
  }
  BOOST_TEST(lilucb::kl_delta(0.5) == 0.0);
}

BOOST_AUTO_TEST_CASE(fixed_point) {
  // Constant threshold c: t = T* c exactly.
  BOOST_TEST(lilucb::fixed_point_stopping_time(100.0, [](double) { return std::log(1000.0); }) ==
                 100.0 * std::log(1000.0),
             tt::tolerance(1e-12));
  // The heuristic threshold log((1 + log t)/delta): the returned t solves t = T* beta(t).
  for (double ts : {5.0, 223.4, 1e5})
    for (double delta : {0.1, 1e-3}) {
      auto beta = [delta](double t) { return std::log((1 + std::log(t)) / delta); };
      const double t = lilucb::fixed_point_stopping_time(ts, beta);
      BOOST_TEST(t == ts * beta(t), tt::tolerance(1e-12));
      BOOST_TEST(t > ts * std::log(1 / delta));
    }
  // Below the threshold at t = 1 already: 1.
  BOOST_TEST(lilucb::fixed_point_stopping_time(0.5, [](double) { return 1.0; }) == 1.0);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(references_50_digits)

BOOST_AUTO_TEST_CASE(mpmath_values) {
  for (const auto& c : kReferences) {
    const auto r50 = solve<mp50>(c);
    const auto r = solve<double>(c);
    check_50_digits(r50.t_star, c.t_star);
    BOOST_TEST(r.t_star == to_double(mp50(c.t_star)), tt::tolerance(1e-11));
    for (std::size_t a = 0; a < c.means.size(); ++a) {
      check_50_digits(r50.w_star[a], c.w_star[a]);
      BOOST_TEST(r.w_star[a] == to_double(mp50(c.w_star[a])), tt::tolerance(1e-10));
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(optimality)

// At w*, every pairwise cost equals 1/T*, and the objective is 1/T*.
RC_BOOST_PROP(gaussian_optimality, ()) {
  const auto n = *rc::gen::resize(rc::kNominalSize, rc::gen::inRange<std::size_t>(2, 30));
  std::vector<double> mu(n);
  for (auto& m : mu) m = 4 * *unit_double() - 2;
  const std::size_t b = *rc::gen::resize(rc::kNominalSize, rc::gen::inRange<std::size_t>(0, n));
  mu[b] = *std::max_element(mu.begin(), mu.end()) + 0.01 + *unit_double();
  const double sigma = 0.1 + 2 * *unit_double();
  const auto r = lilucb::characteristic_time_gaussian(mu, sigma);
  double s = 0;
  for (double w : r.w_star) {
    RC_ASSERT(w > 0);
    s += w;
  }
  RC_ASSERT(std::fabs(s - 1) < 1e-12);
  RC_ASSERT(std::fabs(objective(mu, r.w_star, true, sigma) * r.t_star - 1) < 1e-9);
  for (std::size_t a = 0; a < n; ++a) {
    if (a == b) continue;
    std::vector<double> only{mu[b], mu[a]}, w{r.w_star[b], r.w_star[a]};
    RC_ASSERT(std::fabs(objective(only, w, true, sigma) * r.t_star - 1) < 1e-9);
  }
  // No random weight vector beats w*.
  for (int k = 0; k < 20; ++k) {
    std::vector<double> w(n);
    double sw = 0;
    for (auto& x : w) sw += x = *unit_double();
    for (auto& x : w) x /= sw;
    RC_ASSERT(objective(mu, w, true, sigma) <= (1 + 1e-12) / r.t_star);
  }
  // Lower bound of the closed form: T* >= 2 sigma^2 (1/Delta_min^2 + ...) is not exact, but
  // T* >= 8 sigma^2/Delta_min^2 (removing arms cannot make the problem harder... the other way:
  // the two-arm problem with the closest arm is easier).
  double dmin = INFINITY;
  for (std::size_t a = 0; a < n; ++a)
    if (a != b) dmin = std::min(dmin, mu[b] - mu[a]);
  RC_ASSERT(r.t_star >= 8 * sigma * sigma / (dmin * dmin) * (1 - 1e-12));
}

// Different known standard deviations: the pair cost of arm a against the best arm b at weights w
// is Delta_a^2/(2 (sigma_b^2/w_b + sigma_a^2/w_a)) (the precision-weighted alternative), written
// here independently of the library's program.  At w*, every pair cost equals 1/T*; no random
// weight vector does better; equal sigmas give characteristic_time_gaussian(mu, sigma); two arms
// give 2 (sigma_1 + sigma_2)^2/Delta^2 with w proportional to sigma.
RC_BOOST_PROP(gaussian_different_sigmas_optimality, ()) {
  const auto n = *rc::gen::resize(rc::kNominalSize, rc::gen::inRange<std::size_t>(2, 20));
  std::vector<double> mu(n), sd(n);
  for (auto& m : mu) m = 4 * *unit_double() - 2;
  for (auto& x : sd) x = std::exp(4 * *unit_double() - 2);  // e^-2 to e^2
  const std::size_t b = *rc::gen::resize(rc::kNominalSize, rc::gen::inRange<std::size_t>(0, n));
  mu[b] = *std::max_element(mu.begin(), mu.end()) + 0.01 + *unit_double();
  const auto r = lilucb::characteristic_time_gaussian(mu, sd);
  const auto min_cost = [&](const std::vector<double>& w) {
    double c = INFINITY;
    for (std::size_t a = 0; a < n; ++a)
      if (a != b) {
        const double g = mu[b] - mu[a];
        c = std::min(c, g * g / (2 * (sd[b] * sd[b] / w[b] + sd[a] * sd[a] / w[a])));
      }
    return c;
  };
  double s = 0;
  for (double w : r.w_star) {
    RC_ASSERT(w > 0);
    s += w;
  }
  RC_ASSERT(std::fabs(s - 1) < 1e-12);
  for (std::size_t a = 0; a < n; ++a) {
    if (a == b) continue;
    const double g = mu[b] - mu[a];
    const double cost = g * g / (2 * (sd[b] * sd[b] / r.w_star[b] + sd[a] * sd[a] / r.w_star[a]));
    RC_ASSERT(std::fabs(cost * r.t_star - 1) < 1e-9);
  }
  for (int k = 0; k < 20; ++k) {
    std::vector<double> w(n);
    double sw = 0;
    for (auto& x : w) sw += x = *unit_double() + 1e-9;
    for (auto& x : w) x /= sw;
    RC_ASSERT(min_cost(w) <= (1 + 1e-12) / r.t_star);
  }
  // Equal sigmas: the one-sigma program.
  const std::vector<double> same(n, sd[0]);
  const auto one = lilucb::characteristic_time_gaussian(mu, sd[0]);
  RC_ASSERT(std::fabs(lilucb::characteristic_time_gaussian(mu, same).t_star / one.t_star - 1) < 1e-12);
}

BOOST_AUTO_TEST_CASE(gaussian_different_sigmas_two_arms_and_domain) {
  const auto r = lilucb::characteristic_time_gaussian(std::vector<double>{1.0, 0.5}, std::vector<double>{0.5, 2.0});
  BOOST_TEST(r.t_star == 2 * 2.5 * 2.5 / 0.25, tt::tolerance(1e-12));
  BOOST_TEST(r.w_star[0] == 0.2, tt::tolerance(1e-12));
  BOOST_TEST(r.w_star[1] == 0.8, tt::tolerance(1e-12));
  const auto refused = [](const std::vector<double>& mu, const std::vector<double>& sd, const std::string& parameter) {
    try {
      (void)lilucb::characteristic_time_gaussian(mu, sd);
      BOOST_ERROR("accepted; expected a refusal naming " + parameter);
    } catch (const lilucb::domain_error& e) {
      BOOST_TEST(std::string(e.parameter()).rfind(parameter, 0) == 0, e.parameter());  // "means" or "means[i]"
    }
  };
  refused({1.0, 0.5}, {1.0}, "sigmas");
  refused({1.0, 0.5}, {1.0, 0.0}, "sigma");
  refused({1.0, 0.5}, {1.0, NAN}, "sigma");
  refused({1.0, 1.0}, {1.0, 1.0}, "means");
  refused({1.0}, {1.0}, "means");
}

RC_BOOST_PROP(bernoulli_optimality, ()) {
  const auto n = *rc::gen::resize(rc::kNominalSize, rc::gen::inRange<std::size_t>(2, 12));
  std::vector<double> mu(n);
  const bool edges = *rc::gen::arbitrary<bool>();
  for (auto& m : mu) m = 0.9 * *unit_double();
  if (edges) mu[0] = 0;  // a mean at the edge of [0, 1]
  const std::size_t b = *rc::gen::resize(rc::kNominalSize, rc::gen::inRange<std::size_t>(1, n));
  mu[b] = std::min(1.0, *std::max_element(mu.begin(), mu.end()) + 0.02 + 0.1 * *unit_double());
  if (edges && *rc::gen::arbitrary<bool>()) mu[b] = 1;
  const auto r = lilucb::characteristic_time_bernoulli(mu);
  double s = 0;
  for (double w : r.w_star) {
    RC_ASSERT(w > 0);
    s += w;
  }
  RC_ASSERT(std::fabs(s - 1) < 1e-12);
  RC_ASSERT(std::fabs(objective(mu, r.w_star, false, 0) * r.t_star - 1) < 1e-8);
  for (int k = 0; k < 20; ++k) {
    std::vector<double> w(n);
    double sw = 0;
    for (auto& x : w) sw += x = *unit_double();
    for (auto& x : w) x /= sw;
    RC_ASSERT(objective(mu, w, false, 0) <= (1 + 1e-10) / r.t_star);
  }
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(beta_family)

namespace {

/// KL(Beta(k p, k (1 - p)) || Beta(k q, k (1 - q))) from the textbook formula of two Beta laws.
double beta_kl(double p, double q, double k) {
  const double a1 = k * p, b1 = k * (1 - p), a2 = k * q, b2 = k * (1 - q);
  const auto lbeta = [](double a, double b) { return std::lgamma(a) + std::lgamma(b) - std::lgamma(a + b); };
  return lbeta(a2, b2) - lbeta(a1, b1) + (a1 - a2) * boost::math::digamma(a1) + (b1 - b2) * boost::math::digamma(b1) +
         (a2 - a1 + b2 - b1) * boost::math::digamma(a1 + b1);
}

/// The program's objective for Beta arms written out in the means: the pair's infimum over the
/// alternative's common mean x in [mu_a, mu_best] (convex in x) by golden-section search.
double beta_objective(const std::vector<double>& mu, const std::vector<double>& w, double k) {
  const std::size_t b = static_cast<std::size_t>(std::max_element(mu.begin(), mu.end()) - mu.begin());
  double best = INFINITY;
  for (std::size_t a = 0; a < mu.size(); ++a) {
    if (a == b) continue;
    const auto f = [&](double x) { return w[b] * beta_kl(mu[b], x, k) + w[a] * beta_kl(mu[a], x, k); };
    const double g = (std::sqrt(5.0) - 1) / 2;
    double lo = mu[a], hi = mu[b];
    for (int i = 0; i < 200; ++i) {
      const double x1 = hi - g * (hi - lo), x2 = lo + g * (hi - lo);
      (f(x1) < f(x2) ? hi : lo) = f(x1) < f(x2) ? x2 : x1;
    }
    best = std::min(best, f((lo + hi) / 2));
  }
  return best;
}

}  // namespace

// The optimality conditions against the objective written out in the means (independent of the
// solver's expectation parameter and of its divergence code): w* attains 1/T*, and no other
// weight vector does better.
BOOST_AUTO_TEST_CASE(optimality) {
  const std::vector<std::vector<double>> instances{
      {0.5, 0.45, 0.43, 0.4}, {0.3, 0.21, 0.2, 0.19, 0.18}, {0.05, 0.04, 0.03, 0.02, 0.01}, {0.9, 0.2}, {0.6, 0.1, 0.59}};
  std::uint64_t state = 12345;
  const auto uniform = [&] {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<double>(state >> 11) * 0x1.0p-53;
  };
  for (double k : {0.5, 2.0, 9.0, 100.0})
    for (const auto& mu : instances) {
      const auto r = lilucb::characteristic_time_beta(mu, k);
      double s = 0;
      for (double w : r.w_star) {
        BOOST_TEST(w > 0);
        s += w;
      }
      BOOST_TEST(s == 1.0, tt::tolerance(1e-12));
      BOOST_TEST(beta_objective(mu, r.w_star, k) * r.t_star == 1.0, tt::tolerance(1e-8));
      for (int i = 0; i < 50; ++i) {
        std::vector<double> w(mu.size());
        double sw = 0;
        for (auto& x : w) sw += x = uniform();
        for (auto& x : w) x /= sw;
        BOOST_TEST(beta_objective(mu, w, k) <= (1 + 1e-10) / r.t_star);
      }
    }
}

// Near a tie KL(mu + Delta/2 || mu - Delta/2) = I(mu) Delta^2/2 to second order, I(mu) the Fisher
// information of the mean, kappa^2 (psi'(kappa mu) + psi'(kappa (1 - mu))) (the natural parameter
// kappa mu, the sufficient statistic's variance the trigamma sum; more than 1/Var(y) =
// (kappa + 1)/(mu (1 - mu)): y is not the family's sufficient statistic), so two arms a gap Delta
// apart have T* = 8/(I(mu) Delta^2) to first order in Delta.
BOOST_AUTO_TEST_CASE(near_tie) {
  for (double k : {1.0, 9.0, 50.0})
    for (double m : {0.1, 0.5, 0.8}) {
      const double gap = 1e-4, info = k * k * (boost::math::trigamma(k * m) + boost::math::trigamma(k * (1 - m)));
      const auto r = lilucb::characteristic_time_beta(std::vector<double>{m + gap / 2, m - gap / 2}, k);
      BOOST_TEST(r.t_star == 8 / (info * gap * gap), tt::tolerance(1e-6));
      BOOST_TEST(info > (k + 1) / (m * (1 - m)));
      BOOST_TEST(r.w_star[0] == 0.5, tt::tolerance(1e-3));
    }
}

// Beta arms of concentration kappa have less variance than Bernoulli arms of the same means, and
// are easier: T*_Beta < T*_Bernoulli.
BOOST_AUTO_TEST_CASE(easier_than_bernoulli) {
  const std::vector<double> mu{0.5, 0.45, 0.43, 0.4};
  BOOST_TEST(lilucb::characteristic_time_beta(mu, 9.0).t_star < lilucb::characteristic_time_bernoulli(mu).t_star / 5);
}

BOOST_AUTO_TEST_CASE(invalid_values) {
  const std::vector<double> ok{0.5, 0.2};
  for (double k : {0.0, -1.0, kNaN, kInf})
    BOOST_CHECK_EXCEPTION(lilucb::characteristic_time_beta(ok, k), lilucb::domain_error, (names_parameter{"", "kappa"}));
  BOOST_CHECK_EXCEPTION(lilucb::characteristic_time_beta(std::vector<double>{0.5, 0.0}, 9.0), lilucb::domain_error,
                        (names_parameter{"", "means[1]"}));
  BOOST_CHECK_EXCEPTION(lilucb::characteristic_time_beta(std::vector<double>{1.0, 0.5}, 9.0), lilucb::domain_error,
                        (names_parameter{"", "means[0]"}));
  BOOST_CHECK_EXCEPTION(lilucb::characteristic_time_beta(std::vector<double>{0.5}, 9.0), lilucb::domain_error,
                        (names_parameter{"", "means"}));
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(domain)

BOOST_AUTO_TEST_CASE(invalid_values) {
  const std::vector<double> ok{0.5, 0.2};
  for (double s : {0.0, -1.0, kNaN, kInf})
    BOOST_CHECK_EXCEPTION(lilucb::characteristic_time_gaussian(ok, s), lilucb::domain_error,
                          (names_parameter{"", "sigma"}));
  BOOST_CHECK_EXCEPTION(lilucb::characteristic_time_gaussian(std::vector<double>{0.5}, 1.0), lilucb::domain_error,
                        (names_parameter{"", "means"}));
  BOOST_CHECK_EXCEPTION(lilucb::characteristic_time_gaussian(std::vector<double>{0.5, 0.5, 0.1}, 1.0),
                        lilucb::domain_error, (names_parameter{"", "means[1]"}));
  BOOST_CHECK_EXCEPTION(lilucb::characteristic_time_gaussian(std::vector<double>{0.5, kNaN}, 1.0),
                        lilucb::domain_error, (names_parameter{"", "means[1]"}));
  BOOST_CHECK_EXCEPTION(lilucb::characteristic_time_bernoulli(std::vector<double>{0.5, 1.5}), lilucb::domain_error,
                        (names_parameter{"", "means[1]"}));
  BOOST_CHECK_EXCEPTION(lilucb::characteristic_time_bernoulli(std::vector<double>{-0.1, 0.5}), lilucb::domain_error,
                        (names_parameter{"", "means[0]"}));
  for (double d : {0.0, -0.1, 0.5000001, 1.0, kNaN, kInf})
    BOOST_CHECK_EXCEPTION(lilucb::kl_delta(d), lilucb::domain_error, (names_parameter{"", "delta"}));
  for (double t : {0.0, -1.0, kNaN, kInf})
    BOOST_CHECK_EXCEPTION(lilucb::bai_lower_bound(t, 0.1), lilucb::domain_error, (names_parameter{"", "t_star"}));
  BOOST_CHECK_EXCEPTION(lilucb::fixed_point_stopping_time(10.0, [](double t) { return t; }), lilucb::domain_error,
                        (names_parameter{"", "beta"}));
  // The edges: a Bernoulli arm at 0 with the best at 1 (infinite divergence between them).
  const auto r = lilucb::characteristic_time_bernoulli(std::vector<double>{1.0, 0.0});
  BOOST_TEST(std::isfinite(r.t_star));
  BOOST_TEST(r.w_star[0] == 0.5, tt::tolerance(1e-12));  // symmetric: kl(1, m) at m = 1/2 both sides
}

BOOST_AUTO_TEST_SUITE_END()

// Valid numbers whose T* leaves the doubles (e.g. `hardness --sigma 1e-300`, which must
// not end in the root finder's "do not bracket" internal error): refused, naming the instance or sigma.
BOOST_AUTO_TEST_CASE(extreme_sigma_is_refused_not_an_internal_error) {
  const std::vector<double> m{0.5, 0.4, 0.1};
  // 2 sigma^2 not a finite positive normal number: refused naming sigma (not the means).
  for (double sigma : {1e-300, 1e-160, 4.9e-324, 1e308})
    BOOST_CHECK_EXCEPTION(lilucb::characteristic_time_gaussian(m, sigma), lilucb::domain_error,
                          [](const lilucb::domain_error& e) { return e.parameter() == "sigma"; });
  // A gap whose square over 2 sigma^2 underflows: refused naming the means.
  BOOST_CHECK_EXCEPTION(lilucb::characteristic_time_gaussian(std::vector<double>{1e-160, 0.0}, 1.0),
                        lilucb::domain_error, [](const lilucb::domain_error& e) { return e.parameter() == "means"; });
  // kl(delta, 1 - delta) is finite for a subnormal delta (the quotient (1 - delta)/delta overflows):
  // log(1/delta) = 744.44 at the smallest subnormal.
  BOOST_TEST(lilucb::kl_delta(4.9e-324) == std::log(2.0) * 1074, tt::tolerance(1e-12));
  // Large but representable: T* = 2 sigma^2/Delta^2-scale, finite.
  BOOST_TEST(std::isfinite(lilucb::characteristic_time_gaussian(m, 1e150).t_star));
  // The lower bound T* kl(delta, 1-delta) is refused past max_real / kl, naming t_star.
  BOOST_CHECK_EXCEPTION(lilucb::bai_lower_bound(1e308, 1e-10), lilucb::domain_error,
                        [](const lilucb::domain_error& e) { return e.parameter() == "t_star"; });
  BOOST_TEST(std::isfinite(lilucb::bai_lower_bound(1e300, 1e-10)));
}

BOOST_AUTO_TEST_SUITE(near_ties)

// Two Bernoulli arms a tiny gap Delta apart around q: T* = 8 q(1-q)/Delta^2 (1 + O(Delta^2)) (the
// Gaussian closed form with the Bernoulli variance at the midpoint; the first-order term cancels
// at the midpoint), and w* = (1/2, 1/2) + O(Delta/(q(1-q))).  Gaps down to 10^-14 q(1-q), a few ulps of the means.
RC_BOOST_PROP(two_bernoulli_arms_at_a_near_tie, ()) {
  const double q = 0.01 + 0.98 * *unit_double();
  const double k = 5 + 9 * *unit_double();
  const double mu1 = q + q * (1 - q) * std::pow(10.0, -k) / 2, mu2 = q - q * (1 - q) * std::pow(10.0, -k) / 2;
  RC_PRE(mu1 > mu2);
  const double gap = mu1 - mu2, mid = mu2 + gap / 2;  // both exact
  const auto r = lilucb::characteristic_time_bernoulli(std::vector<double>{mu1, mu2});
  RC_ASSERT(std::fabs(r.t_star * gap * gap / (8 * mid * (1 - mid)) - 1) < 1e-8);
  RC_ASSERT(std::fabs(r.w_star[0] - 0.5) <= std::pow(10.0, -k));  // first order in Delta/(q(1-q))
}

// K near-tied Bernoulli arms (gaps 10^-4 to 10^-14 relative to the best mean's variance): T* is
// computed (no root-bracket failure), w* is a probability vector, T* is at least the two-arm T*
// with the closest arm, and the double result agrees with the cpp_bin_float_50 instantiation.
RC_BOOST_PROP(bernoulli_near_ties_are_computed, ()) {
  const auto n = *rc::gen::resize(rc::kNominalSize, rc::gen::inRange<std::size_t>(2, 7));
  const double q = 0.01 + 0.98 * *unit_double();
  const double scale = q * (1 - q) * std::pow(10.0, -4 - 10 * *unit_double());
  std::vector<double> mu{q};
  for (std::size_t a = 1; a < n; ++a) mu.push_back(q - scale * (0.5 + 4 * *unit_double()));
  const double closest = *std::max_element(mu.begin() + 1, mu.end());
  RC_PRE(closest < q);
  const auto r = lilucb::characteristic_time_bernoulli(mu);
  RC_ASSERT(std::isfinite(r.t_star));
  double s = 0;
  for (double w : r.w_star) {
    RC_ASSERT(w > 0);
    s += w;
  }
  RC_ASSERT(std::fabs(s - 1) < 1e-12);
  const auto two = lilucb::characteristic_time_bernoulli(std::vector<double>{q, closest});
  RC_ASSERT(r.t_star >= two.t_star * (1 - 1e-12));
  const std::vector<mp50> mu50(mu.begin(), mu.end());
  const auto r50 = lilucb::characteristic_time_bernoulli(mu50);
  RC_ASSERT(std::fabs(r.t_star / to_double(r50.t_star) - 1) < 1e-9);
  for (std::size_t a = 0; a < n; ++a) RC_ASSERT(std::fabs(r.w_star[a] - to_double(r50.w_star[a])) < 1e-9);
}

// A regression found by the property above: three Bernoulli arms 35 and 5 ulps below the best (q
// near 0.9135).  The alternative's mean m = mu_1 - t gap rounds to mu_1 when t gap is below half an
// ulp; the divergence was then taken as 0 (p == q) although delta = t gap is not, and the double T*
// was 4.8e-5 off the 50-digit one (w* 1% off).  Now both agree to 1e-12.
BOOST_AUTO_TEST_CASE(divergence_of_a_mean_that_rounds_onto_the_best) {
  const double q = 0.01 + 0.98 * 0.921945;
  const double scale = q * (1 - q) * std::pow(10.0, -4 - 10 * 0.986851);
  const std::vector<double> mu{q, q - scale * (0.5 + 4 * 0.796273), q - scale * 0.5};
  const auto r = lilucb::characteristic_time_bernoulli(mu);
  const auto r50 = lilucb::characteristic_time_bernoulli(std::vector<mp50>(mu.begin(), mu.end()));
  BOOST_TEST(std::fabs(r.t_star / to_double(r50.t_star) - 1) < 1e-12);
  for (std::size_t a = 0; a < 3; ++a) BOOST_TEST(std::fabs(r.w_star[a] - to_double(r50.w_star[a])) < 1e-12);
  // The divergence itself: q equal to p in double, delta a quarter ulp: delta^2/(2 p (1 - p)).
  const double delta = (std::nextafter(q, 1.0) - q) / 4;
  const double d = lilucb::detail::bernoulli_kl_accurate(q, q, delta);
  BOOST_TEST(std::fabs(d / (delta * delta / (2 * q * (1 - q))) - 1) < 1e-12);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE_END()  // characteristic_time
