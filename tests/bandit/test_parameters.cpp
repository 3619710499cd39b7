// Section 5's mapping from the user's error probability nu to each algorithm's parameters, as
// recorded in run_result::parameters (the typed run_parameters of bandit/run.hpp), the LS rule's
// delta for a share p of nu, and the printing order of run_parameters::named() for every
// producer (run_algorithm's presets, run_combination's combinations) as docs/bandit.md documents it.
//
// Reference values are computed here independently of the code under test: Section 5's delta
// (nu eps/(5(2+eps)))^(1/(1+eps)) and the LS delta log(1+eps) (p eps/(2+eps))^(1/(1+eps)) in
// 50-digit arithmetic; the certified setting from lilucb::certified_setting (its own tests are
// in tests/theory).  The recorded parameters are then shown to be the ones used: running the
// algorithm's engine directly with them reproduces the run pull for pull.

#include <boost/test/unit_test.hpp>

#include "bandit_support.hpp"

#include "lilucb/bandit/presets/algorithms.hpp"
#include "lilucb/bandit/compose.hpp"
#include "lilucb/errors.hpp"
#include "lilucb/theory/ls_bound.hpp"
#include "lilucb/theory/parameters.hpp"

#include <boost/multiprecision/cpp_bin_float.hpp>

#include <cmath>
#include <map>
#include <set>
#include <string>
#include <vector>

// Every case of this file is in the suite parameters (one executable holds the directory's files).
BOOST_AUTO_TEST_SUITE(parameters)

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

/// Section 5's parameters of one run, and the relative tolerance of each value computed here in
/// 50 digits, by its printed name (a name without one is compared exactly).
struct expectation {
  bandit::run_parameters p;
  std::map<std::string, double> tolerance;
};

expectation expected_for(algorithm alg, double nu, double sigma, std::size_t n, lilucb::inner_log inner) {
  expectation e;
  e.p.nu = nu;
  e.p.sigma = sigma;
  const double inner_c = inner == lilucb::inner_log::lemma ? 0 : 2;
  auto lil = [&](double eps, double beta, double a, double delta, double tol) {
    e.p.lilucb = bandit::run_parameters::lil_index{eps, beta, a, delta, inner_c};
    e.tolerance["a"] = tol;
    e.tolerance["delta"] = tol;
  };
  auto ls = [&](double share) {
    e.p.ls = bandit::run_parameters::ls_rule{share, 0.01, ls_delta(share)};
    e.tolerance["ls_delta"] = 1e-14;
  };
  switch (alg) {
    case algorithm::lilucb:
      lil(0.01, 1, 9, paper_delta(nu), 1e-14);
      break;
    case algorithm::lilucb_ls:
      e.p.lilucb_nu = nu / 2;
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
      e.p.lilucb->inner_c = 0;  // Theorem R covers Figure 1's index: always the lemma's inner log
      break;
    }
    case algorithm::ucb1_ls:
    case algorithm::successive_elimination:
    case algorithm::nonadaptive_ls:
      ls(nu);
      break;
    case algorithm::exp_gap:
      e.p.exp_gap_delta = nu;
      break;
    case algorithm::exp_gap_ls:
      e.p.exp_gap_delta = nu / 2;
      ls(nu / 2);
      break;
  }
  return e;
}

/// The recorded parameters set exactly the expected groups and fields (the same names in the
/// same order) with the expected values.
void check_parameters(const bandit::run_result& r, const expectation& e) {
  const auto got = r.parameters.named(), want = e.p.named();
  BOOST_TEST(parameter_names(r.parameters) == parameter_names(e.p), boost::test_tools::per_element());
  if (got.size() != want.size()) return;
  for (std::size_t k = 0; k < got.size(); ++k) {
    const std::string name(want[k].first);
    BOOST_TEST_CONTEXT("parameter " << name) {
      const auto t = e.tolerance.find(name);
      if (t == e.tolerance.end() || t->second == 0) BOOST_TEST(got[k].second == want[k].second);
      else BOOST_TEST(got[k].second == want[k].second, tt::tolerance(t->second));
    }
  }
}

/// Reruns the algorithm's engine directly with the recorded parameters.
template <class Arms>
bandit::run_result rerun_with_recorded(algorithm alg, const Arms& arms, const bandit::run_result& r,
                                       const bandit::run_options& o, event_log& log) {
  const bandit::run_parameters& p = r.parameters;
  const double sigma = p.sigma;
  switch (alg) {
    case algorithm::lilucb:
    case algorithm::lilucb_ls:
    case algorithm::lilucb_heuristic:
    case algorithm::lilucb_certified: {
      const auto& lil = recorded(p.lilucb, "lilucb");
      bandit::lilucb_config c;
      c.eps = lil.eps;
      c.beta = lil.beta;
      c.a = recorded(lil.a, "a");
      c.delta = lil.delta;
      c.inner = recorded(lil.inner_c, "inner_c") == 0 ? lilucb::inner_log::lemma : lilucb::inner_log::plus2;
      c.sigma = sigma;
      if (p.ls) {
        c.ls_delta = p.ls->delta;
        c.ls_eps = p.ls->eps;
      }
      return bandit::run_lilucb(arms, c, o, log, r.algorithm, p);
    }
    case algorithm::ucb1_ls: {
      const auto& ls = recorded(p.ls, "ls");
      return bandit::run_ucb1_ls(arms, sigma, ls.eps, ls.delta, o, log, p);
    }
    case algorithm::successive_elimination: {
      const auto& ls = recorded(p.ls, "ls");
      return bandit::run_successive_elimination(arms, sigma, ls.eps, ls.delta, o, log, p);
    }
    case algorithm::nonadaptive_ls: {
      const auto& ls = recorded(p.ls, "ls");
      return bandit::run_nonadaptive_ls(arms, sigma, ls.eps, ls.delta, o, log, p);
    }
    case algorithm::exp_gap:
      return bandit::run_exp_gap(arms, sigma, recorded(p.exp_gap_delta, "exp_gap_delta"), std::nullopt, 0.01, o, log, p);
    case algorithm::exp_gap_ls: {
      const auto& ls = recorded(p.ls, "ls");
      return bandit::run_exp_gap(arms, sigma, recorded(p.exp_gap_delta, "exp_gap_delta"), ls.delta, ls.eps, o, log, p);
    }
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
      BOOST_TEST(bandit::run_algorithm(alg, g, o).parameters.sigma == 2.0);
      BOOST_TEST(bandit::run_algorithm(alg, b, o).parameters.sigma == 0.5);
      o.sigma = 3.0;
      BOOST_TEST(bandit::run_algorithm(alg, g, o).parameters.sigma == 3.0);
      BOOST_TEST(bandit::run_algorithm(alg, b, o).parameters.sigma == 3.0);
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
      for (const auto& name : parameter_names(r.parameters)) ++times[name];
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
    BOOST_TEST(recorded(recorded(r.parameters.lilucb, "lilucb").a, "a") == 1 + 10.0 / static_cast<double>(n));
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

// ---------------------------------------------------------------------------------------------
// The printing order (docs/bandit.md, "The parameters of a run"): run_parameters::named() spells
// every member in member order, and every producer sets the groups that give the documented list.
// The lists are written out here, not derived from named().
BOOST_AUTO_TEST_SUITE(name_order)

using names = std::vector<std::string>;

BOOST_AUTO_TEST_CASE(named_spells_every_member_in_member_order) {
  BOOST_TEST(parameter_names(bandit::run_parameters{}) == (names{"nu", "sigma"}), tt::per_element());
  bandit::run_parameters p;
  p.nu = 1;
  p.sigma = 2;
  p.lilucb_nu = 3;
  p.exp_gap_delta = 4;
  p.stopping_a = 5;
  p.ls = bandit::run_parameters::ls_rule{6, 7, 8};
  p.ls_boundary = bandit::run_parameters::ls_crossing{9, 10};
  p.glr_delta = 11;
  p.mixture_rho = 12;
  p.lilucb = bandit::run_parameters::lil_index{13, 14, 15, 16, 17};
  p.lucb_delta = 18;
  const names all{"nu",       "sigma",    "lilucb_nu",         "delta",    "a",         "ls_nu",
                  "ls_eps",   "ls_delta", "ls_crossing_share", "ls_alpha", "glr_delta", "mixture_rho",
                  "eps",      "beta",     "a",                 "delta",    "inner_c",   "lucb_delta"};
  BOOST_TEST(parameter_names(p) == all, tt::per_element());
  const auto v = p.named();
  for (std::size_t k = 0; k < v.size(); ++k) BOOST_TEST(v[k].second == static_cast<double>(k + 1), v[k].first);
  // Unset optional fields inside a set group are left out.
  p.ls->nu.reset();
  p.ls_boundary->alpha.reset();
  p.lilucb->a.reset();
  p.lilucb->inner_c.reset();
  BOOST_TEST(parameter_names(p) == (names{"nu", "sigma", "lilucb_nu", "delta", "a", "ls_eps", "ls_delta",
                                          "ls_crossing_share", "glr_delta", "mixture_rho", "eps", "beta", "delta",
                                          "lucb_delta"}),
             tt::per_element());
}

BOOST_AUTO_TEST_CASE(every_preset_gives_the_documented_order) {
  const names lil{"eps", "beta", "a", "delta", "inner_c"}, ls{"ls_nu", "ls_eps", "ls_delta"};
  auto cat = [](names a, const names& b) {
    a.insert(a.end(), b.begin(), b.end());
    return a;
  };
  const names base{"nu", "sigma"};
  const std::map<algorithm, names> documented{
      {algorithm::lilucb, cat(base, lil)},
      {algorithm::lilucb_ls, cat(cat(cat(base, {"lilucb_nu"}), ls), lil)},
      {algorithm::lilucb_heuristic, cat(base, lil)},
      {algorithm::lilucb_certified, cat(base, lil)},
      {algorithm::ucb1_ls, cat(base, ls)},
      {algorithm::successive_elimination, cat(base, ls)},
      {algorithm::exp_gap, cat(base, {"delta"})},
      {algorithm::exp_gap_ls, cat(cat(base, {"delta"}), ls)},
      {algorithm::nonadaptive_ls, cat(base, ls)}};
  BOOST_TEST_REQUIRE(documented.size() == bandit::all_algorithms.size());
  for (algorithm alg : bandit::all_algorithms)
    for (arm_kind kind : {arm_kind::gaussian, arm_kind::bernoulli}) {
      BOOST_TEST_CONTEXT(alg << " bernoulli=" << (kind == arm_kind::bernoulli)) {
        bandit::run_options o;
        o.max_pulls = 50;  // the parameters are fixed before the first pull
        BOOST_TEST(parameter_names(run_on(alg, kind, {0.6, 0.1, 0.3}, o).parameters) == documented.at(alg),
                   tt::per_element());
        // One arm: answered at once, with nu and sigma only.
        BOOST_TEST(parameter_names(run_on(alg, kind, {0.6}, o).parameters) == base, tt::per_element());
      }
    }
}

// A combination gives nu, sigma, then its stopping rule's parameters, then its sampling rule's,
// with any number of arms (one arm included).
BOOST_AUTO_TEST_CASE(every_combination_gives_the_documented_order) {
  struct stopping_case {
    bandit::stopping_rule rule;
    bandit::stopping::ls_boundary boundary;
    bandit::glr_threshold threshold;
    double rho;
    names documented;
  };
  using bandit::glr_threshold;
  using bandit::stopping_rule;
  // The calibrated boundary (ls_crossing_share, ls_alpha) is left out: its calibration takes
  // seconds; the place of its names is checked by named_spells_every_member_in_member_order.
  const std::vector<stopping_case> stoppings{
      {stopping_rule::lilucb, bandit::stopping::ls_boundary::lil, glr_threshold::heuristic, 0, {"a"}},
      {stopping_rule::ls, bandit::stopping::ls_boundary::lil, glr_threshold::heuristic, 0, {"ls_eps", "ls_delta"}},
      {stopping_rule::ls, bandit::stopping::ls_boundary::stitched, glr_threshold::heuristic, 0, {"ls_crossing_share"}},
      {stopping_rule::ls, bandit::stopping::ls_boundary::mixture, glr_threshold::heuristic, 0, {"ls_crossing_share"}},
      {stopping_rule::glr, bandit::stopping::ls_boundary::lil, glr_threshold::heuristic, 0, {"glr_delta"}},
      {stopping_rule::glr, bandit::stopping::ls_boundary::lil, glr_threshold::kk21, 0, {"glr_delta"}},
      {stopping_rule::glr, bandit::stopping::ls_boundary::lil, glr_threshold::mixture, 0, {"glr_delta"}},
      {stopping_rule::glr, bandit::stopping::ls_boundary::lil, glr_threshold::mixture, 2, {"glr_delta", "mixture_rho"}},
      {stopping_rule::glr, bandit::stopping::ls_boundary::lil, glr_threshold::one_sided, 0, {"glr_delta"}},
      {stopping_rule::glr, bandit::stopping::ls_boundary::lil, glr_threshold::pooled, 0, {"glr_delta"}},
      {stopping_rule::glr, bandit::stopping::ls_boundary::lil, glr_threshold::pooled_per_arm, 0, {"glr_delta"}}};
  auto sampling_names = [](bandit::sampling_rule s) {
    if (s == bandit::sampling_rule::lilucb) return names{"eps", "beta", "delta"};
    if (s == bandit::sampling_rule::lucb1 || s == bandit::sampling_rule::kl_lucb) return names{"lucb_delta"};
    return names{};
  };
  int runs = 0;
  for (bandit::sampling_rule s : bandit::all_sampling_rules)
    for (const auto& st : stoppings) {
      const bandit::combination c{s, st.rule, st.threshold, st.boundary, st.rho};
      // Gaussian arms where the registry admits the combination, Bernoulli arms otherwise.
      const bool bernoulli = !bandit::admits(c, bandit::reward_model::gaussian);
      if (bernoulli && !bandit::admits(c, bandit::reward_model::bernoulli)) continue;
      names expected{"nu", "sigma"};
      expected.insert(expected.end(), st.documented.begin(), st.documented.end());
      const names samp = sampling_names(s);
      expected.insert(expected.end(), samp.begin(), samp.end());
      for (const std::vector<double>& means : {std::vector<double>{0.6, 0.1, 0.3}, std::vector<double>{0.6}}) {
        BOOST_TEST_CONTEXT(bandit::to_string(c) << " rho=" << st.rho << " K=" << means.size()) {
          bandit::run_options o;
          o.max_pulls = 50;
          const auto r = bernoulli ? bandit::run_combination(c, bandit::bernoulli_arms(means), o)
                                   : bandit::run_combination(c, bandit::gaussian_arms(means, 0.5), o);
          BOOST_TEST(parameter_names(r.run.parameters) == expected, tt::per_element());
          ++runs;
        }
      }
    }
  // lilucb stopping with lilucb sampling only; kl-lucb without kk21
  BOOST_TEST(runs == 2 * (1 + int(bandit::all_sampling_rules.size()) * 10 - 1));
  BOOST_TEST(bandit::all_sampling_rules.size() == 17u);  // a new rule must be added to sampling_names above
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE_END()  // parameters
