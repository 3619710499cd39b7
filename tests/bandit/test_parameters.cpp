// Section 5's mapping from the user's error probability nu to each algorithm's parameters, as
// recorded in run_result::parameters, and the LS rule's delta for a share p of nu.
//
// Reference values are computed here independently of the code under test: Section 5's delta
// (nu eps/(5(2+eps)))^(1/(1+eps)) and the LS delta log(1+eps) (p eps/(2+eps))^(1/(1+eps)) in
// 50-digit arithmetic; the certified setting from lilucb::certified_setting (its own tests are
// in tests/theory).  The recorded parameters are then shown to be the ones used: running the
// algorithm's engine directly with them reproduces the run pull for pull.

#include <boost/test/unit_test.hpp>

#include "bandit_support.hpp"

#include "lilucb/bandit/algorithms.hpp"
#include "lilucb/errors.hpp"
#include "lilucb/ls_bound.hpp"
#include "lilucb/parameters.hpp"

#include <boost/multiprecision/cpp_bin_float.hpp>

#include <cmath>
#include <map>
#include <set>

namespace tt = boost::test_tools;
using namespace lilucb_test;
using bandit::algorithm;
using mp50 = boost::multiprecision::cpp_bin_float_50;

namespace {

/// Section 5, lil'UCB: delta = (nu eps/(5(2+eps)))^(1/(1+eps)), eps = 0.01, in 50 digits.
double paper_delta(double nu) {
  const mp50 eps = mp50(1) / 100;
  return pow(mp50(nu) * eps / (5 * (2 + eps)), 1 / (1 + eps)).convert_to<double>();
}

/// The LS delta for a share p: log(1+eps) (p eps/(2+eps))^(1/(1+eps)), eps = 0.01, in 50 digits.
double ls_delta(double p) {
  const mp50 eps = mp50(1) / 100;
  return (log1p(eps) * pow(mp50(p) * eps / (2 + eps), 1 / (1 + eps))).convert_to<double>();
}

struct expected_parameter {
  double value;
  double tolerance;  // relative; 0: exactly equal
};
using expectation = std::map<std::string, expected_parameter>;

expectation expected_for(algorithm alg, double nu, double sigma, std::size_t n, lilucb::inner_log inner) {
  expectation e{{"nu", {nu, 0}}, {"sigma", {sigma, 0}}};
  const double inner_c = inner == lilucb::inner_log::lemma ? 0 : 2;
  auto lil = [&](double eps, double beta, double a, double delta, double tol) {
    e["eps"] = {eps, 0};
    e["beta"] = {beta, 0};
    e["a"] = {a, tol};
    e["delta"] = {delta, tol};
    e["inner_c"] = {inner_c, 0};
  };
  auto ls = [&](double share) {
    e["ls_nu"] = {share, 0};
    e["ls_eps"] = {0.01, 0};
    e["ls_delta"] = {ls_delta(share), 1e-14};
  };
  switch (alg) {
    case algorithm::lilucb:
      lil(0.01, 1, 9, paper_delta(nu), 1e-14);
      break;
    case algorithm::lilucb_ls:
      e["lilucb_nu"] = {nu / 2, 0};
      lil(0.01, 1, 9, paper_delta(nu / 2), 1e-14);
      ls(nu / 2);
      break;
    case algorithm::lilucb_heuristic:
      lil(0, 0.5, 1 + 10.0 / static_cast<double>(n), nu / 5, 1e-15);
      break;
    case algorithm::lilucb_certified: {
      const auto c = lilucb::certified_setting(nu, 0.01, 1.0).setting;
      BOOST_TEST(c.eps == 0.01);
      BOOST_TEST(c.beta == 1.0);
      BOOST_TEST(c.guarantees_nu());
      lil(0.01, 1, c.a, c.delta, 0);
      e["inner_c"] = {0, 0};  // Theorem R covers Figure 1's index: always the lemma's inner log
      break;
    }
    case algorithm::ucb1_ls:
    case algorithm::successive_elimination:
    case algorithm::nonadaptive_ls:
      ls(nu);
      break;
    case algorithm::exp_gap:
      e["delta"] = {nu, 0};
      break;
    case algorithm::exp_gap_ls:
      e["delta"] = {nu / 2, 0};
      ls(nu / 2);
      break;
  }
  return e;
}

void check_parameters(const bandit::run_result& r, const expectation& e) {
  std::set<std::string> recorded;
  for (const auto& [name, value] : r.parameters) {
    recorded.insert(name);
    const auto it = e.find(name);
    BOOST_TEST((it != e.end()), "unexpected parameter " << name << " = " << value);
    if (it == e.end()) continue;
    BOOST_TEST_CONTEXT("parameter " << name) {
      if (it->second.tolerance == 0) BOOST_TEST(value == it->second.value);
      else BOOST_TEST(value == it->second.value, tt::tolerance(it->second.tolerance));
    }
  }
  for (const auto& [name, _] : e) BOOST_TEST(recorded.count(name) == 1u, "parameter " << name << " not recorded");
}

/// Reruns the algorithm's engine directly with the recorded parameters.
template <class Arms>
bandit::run_result rerun_with_recorded(algorithm alg, const Arms& arms, const bandit::run_result& r,
                                       const bandit::run_options& o, event_log& log) {
  const double sigma = parameter(r, "sigma");
  switch (alg) {
    case algorithm::lilucb:
    case algorithm::lilucb_ls:
    case algorithm::lilucb_heuristic:
    case algorithm::lilucb_certified: {
      bandit::lilucb_config c;
      c.eps = parameter(r, "eps");
      c.beta = parameter(r, "beta");
      c.a = parameter(r, "a");
      c.delta = parameter(r, "delta");
      c.inner = parameter(r, "inner_c") == 0 ? lilucb::inner_log::lemma : lilucb::inner_log::plus2;
      c.sigma = sigma;
      if (has_parameter(r, "ls_delta")) {
        c.ls_delta = parameter(r, "ls_delta");
        c.ls_eps = parameter(r, "ls_eps");
      }
      return bandit::run_lilucb(arms, c, o, log, r.algorithm, r.parameters);
    }
    case algorithm::ucb1_ls:
      return bandit::run_ucb1_ls(arms, sigma, parameter(r, "ls_eps"), parameter(r, "ls_delta"), o, log, r.parameters);
    case algorithm::successive_elimination:
      return bandit::run_successive_elimination(arms, sigma, parameter(r, "ls_eps"), parameter(r, "ls_delta"), o, log,
                                                r.parameters);
    case algorithm::nonadaptive_ls:
      return bandit::run_nonadaptive_ls(arms, sigma, parameter(r, "ls_eps"), parameter(r, "ls_delta"), o, log,
                                        r.parameters);
    case algorithm::exp_gap:
      return bandit::run_exp_gap(arms, sigma, parameter(r, "delta"), std::nullopt, 0.01, o, log, r.parameters);
    case algorithm::exp_gap_ls:
      return bandit::run_exp_gap(arms, sigma, parameter(r, "delta"), parameter(r, "ls_delta"), parameter(r, "ls_eps"),
                                 o, log, r.parameters);
  }
  return {};
}

}  // namespace

// ---------------------------------------------------------------------------------------------
BOOST_AUTO_TEST_SUITE(ls_delta_derivation)

BOOST_AUTO_TEST_CASE(stated_failure_probability_equals_the_share) {
  for (double p : {1e-12, 1e-6, 1e-3, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 0.9, 0.999}) {
    BOOST_TEST_CONTEXT("p=" << p) {
      const double d = bandit::ls_delta_for_share(p);
      BOOST_TEST(d > 0.0);
      BOOST_TEST(d < 1.0);
      BOOST_TEST(lilucb::ls_failure_probability(0.01, d) == p, tt::tolerance(1e-12));
      BOOST_TEST(d == ls_delta(p), tt::tolerance(1e-14));
      for (std::uint64_t n : {std::uint64_t{1}, std::uint64_t{10}, std::uint64_t{1000000}})
        BOOST_TEST(lilucb::ls_failure_probability_union(0.01, d, n) <= p, "n=" << n);
      BOOST_TEST(bandit::ls_eps == 0.01);
    }
  }
}

BOOST_AUTO_TEST_CASE(share_outside_0_1_rejected) {
  for (double p : {0.0, 1.0, -0.5, 1.5, std::nan(""), HUGE_VAL})
    BOOST_CHECK_THROW(bandit::ls_delta_for_share(p), lilucb::domain_error);
}

BOOST_AUTO_TEST_SUITE_END()

// ---------------------------------------------------------------------------------------------
BOOST_AUTO_TEST_SUITE(section5_mapping)

BOOST_AUTO_TEST_CASE(recorded_parameters_follow_section5) {
  for (algorithm alg : bandit::all_algorithms)
    for (double nu : {0.01, 0.1, 0.5})
      for (std::size_t n : {2u, 10u, 40u})
        for (auto inner : {lilucb::inner_log::plus2, lilucb::inner_log::lemma}) {
          BOOST_TEST_CONTEXT(alg << " nu=" << nu << " n=" << n << " inner=" << lilucb::to_string(inner)) {
            std::vector<double> means(n, 0.0);
            means[0] = 0.5;
            bandit::run_options o;
            o.nu = nu;
            o.inner = inner;
            o.max_pulls = 2000;  // the parameters are fixed before the first pull
            const auto r = run_on(alg, arm_kind::gaussian, means, o);
            BOOST_TEST(r.algorithm == bandit::to_string(alg));
            check_parameters(r, expected_for(alg, nu, 0.5, n, inner));
          }
        }
}

// sigma: opts.sigma when given, else the arms' own scale (Gaussian: the largest sigma_i;
// Bernoulli: 1/2).
BOOST_AUTO_TEST_CASE(sigma_recorded_and_used) {
  const std::vector<double> means = {0.2, 0.7, 0.4};
  const bandit::gaussian_arms g(means, std::vector<double>{0.5, 2.0, 1.0});
  const bandit::bernoulli_arms b(means);
  for (algorithm alg : bandit::all_algorithms) {
    BOOST_TEST_CONTEXT(alg) {
      bandit::run_options o;
      o.max_pulls = 500;
      BOOST_TEST(parameter(bandit::run_algorithm(alg, g, o), "sigma") == 2.0);
      BOOST_TEST(parameter(bandit::run_algorithm(alg, b, o), "sigma") == 0.5);
      o.sigma = 3.0;
      BOOST_TEST(parameter(bandit::run_algorithm(alg, g, o), "sigma") == 3.0);
      BOOST_TEST(parameter(bandit::run_algorithm(alg, b, o), "sigma") == 3.0);
      o.sigma = -1;
      BOOST_CHECK_THROW(bandit::run_algorithm(alg, g, o), lilucb::domain_error);
    }
  }
}

// The recorded parameters are the ones used: the engine run directly with them reproduces the
// run (every event, every result field).
BOOST_AUTO_TEST_CASE(recorded_parameters_are_used) {
  const std::vector<double> means = {0.2, 0.6, 0.35, 0.0};
  for (algorithm alg : bandit::all_algorithms)
    for (auto inner : {lilucb::inner_log::plus2, lilucb::inner_log::lemma})
      for (bool bernoulli : {false, true}) {
        BOOST_TEST_CONTEXT(alg << " inner=" << lilucb::to_string(inner) << " bernoulli=" << bernoulli) {
          bandit::run_options o;
          o.nu = 0.05;
          o.inner = inner;
          o.seed = 17;
          event_log a, b;
          bandit::run_result ra, rb;
          if (bernoulli) {
            const bandit::bernoulli_arms arms(means);
            ra = bandit::run_algorithm(alg, arms, o, a);
            rb = rerun_with_recorded(alg, arms, ra, o, b);
          } else {
            const bandit::gaussian_arms arms(means, 0.5);
            ra = bandit::run_algorithm(alg, arms, o, a);
            rb = rerun_with_recorded(alg, arms, ra, o, b);
          }
          BOOST_TEST(result_difference(ra, rb) == "");
          BOOST_TEST((a.events == b.events));
        }
      }
}

// Each parameter is recorded once (a name-value list with a name twice is ambiguous; the CLI's
// JSON object would silently keep one of them).
BOOST_AUTO_TEST_CASE(parameter_names_are_unique) {
  for (algorithm alg : bandit::all_algorithms) {
    BOOST_TEST_CONTEXT(alg) {
      bandit::run_options o;
      o.max_pulls = 100;
      const auto r = run_on(alg, arm_kind::gaussian, {0.5, 0.1}, o);
      std::map<std::string, int> times;
      for (const auto& [name, value] : r.parameters) ++times[name];
      for (const auto& [name, k] : times) BOOST_TEST(k == 1, "parameter " << name << " recorded " << k << " times");
    }
  }
}

// Section 5's heuristic: a = 1 + 10/n uses the number of arms actually run (n + 1 for alpha).
BOOST_AUTO_TEST_CASE(heuristic_a_follows_n) {
  for (std::size_t n : {2u, 3u, 7u, 11u, 1000u}) {
    std::vector<double> means(n, 0.0);
    means[n - 1] = 1;
    bandit::run_options o;
    o.max_pulls = 10;
    const auto r = run_on(algorithm::lilucb_heuristic, arm_kind::gaussian, means, o);
    BOOST_TEST(parameter(r, "a") == 1 + 10.0 / static_cast<double>(n));
  }
}

BOOST_AUTO_TEST_SUITE_END()

// ---------------------------------------------------------------------------------------------
BOOST_AUTO_TEST_SUITE(identifiers)

BOOST_AUTO_TEST_CASE(names_round_trip_and_unknown_names_throw) {
  const std::vector<std::string> names = {"lilucb",  "lilucb-ls", "lilucb-heuristic", "lilucb-certified", "ucb1-ls",
                                          "successive-elimination", "exp-gap", "exp-gap-ls", "nonadaptive-ls"};
  BOOST_TEST_REQUIRE(bandit::all_algorithms.size() == names.size());
  for (std::size_t k = 0; k < names.size(); ++k) {
    BOOST_TEST(bandit::to_string(bandit::all_algorithms[k]) == names[k]);
    BOOST_TEST((bandit::parse_algorithm(names[k]) == bandit::all_algorithms[k]));
    BOOST_TEST(bandit::has_guarantee(bandit::all_algorithms[k]) == (names[k] != "lilucb-heuristic"));
  }
  for (const char* bad : {"", "LILUCB", "lilucb ", "ucb1", "exp_gap"})
    BOOST_CHECK_THROW(bandit::parse_algorithm(bad), lilucb::domain_error);
}

BOOST_AUTO_TEST_SUITE_END()
