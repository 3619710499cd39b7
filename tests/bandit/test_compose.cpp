// compose.hpp: any sampling rule x any stopping rule, the composition itself.
//   - lilucb x lilucb makes exactly the pulls of run_lilucb / the lilucb-certified preset
//     (root heap and radix heap paths);
//   - every combination runs, answers a valid arm, stops on an easy instance, and is
//     reproducible (same seed, same pulls); a certificate checks its sigma premise, a preset's
//     too (run_method); budget and a single arm;
//   - whole runs against the runs recorded before the shared leader/pair core
//     (composed_reference.hpp, tests/reference/make_composed_reference.py);
//   - domain errors (lilucb stopping without lilucb sampling, kl-lucb on Gaussian arms, kk21 and
//     calibrated on Bernoulli arms, unknown boundaries);
//   - the certified combinations of the anytime boundaries run and state their certificates;
//   - admits is check_combination's rule; all_combinations names each combination once;
//   - combination and method names: parse_combination inverts to_string; parse_method.
// Each rule's own tests: tests/bandit/stopping/test_<rule>.cpp and
// tests/bandit/sampling/test_<rule>.cpp.
#include <boost/test/unit_test.hpp>

#include "bandit_support.hpp"
#include "composed_reference.hpp"

#include "lilucb/bandit/compose.hpp"
#include "lilucb/bandit/scenarios.hpp"

#include <cmath>
#include <cstdint>
#include <limits>
#include <set>
#include <string>
#include <vector>

// Every case of this file is in the suite compose (one executable holds the directory's files).
BOOST_AUTO_TEST_SUITE(compose)

namespace lb = lilucb::bandit;
namespace tt = boost::test_tools;
using lilucb_test::expect_domain_error;

namespace {

std::vector<lb::combination> every_combination() {
  std::vector<lb::combination> out;
  for (auto s : lb::all_sampling_rules) {
    if (s == lb::sampling_rule::lilucb) out.push_back({s, lb::stopping_rule::lilucb});
    out.push_back({s, lb::stopping_rule::ls});
    out.push_back({s, lb::stopping_rule::glr, lb::glr_threshold::heuristic});
  }
  return out;
}

/// One combination run twice with the same seed on an easy instance whose best arm is 1
/// (Gaussian arms of sigma 1/2 or Bernoulli arms); checks that both runs make the same pulls and
/// that the first stops on arm 1.  Returns the first run and its pull log.
struct run_twice_result {
  lb::composed_result run;
  lb::pull_log log;
  std::string what;  ///< the combination and the arm kind, for messages
};

run_twice_result run_twice_on_easy_instance(const lb::combination& c, bool bernoulli, std::uint64_t seed) {
  const std::vector<double> g{0.2, 0.9, 0.1, 0.0, 0.3};
  const std::vector<double> be{0.2, 0.8, 0.1, 0.05, 0.3};
  lb::run_options o;
  o.nu = 0.1;
  o.seed = seed;
  o.max_pulls = 2'000'000;  // far above what any rule needs here; a hang would show as budget_exhausted
  run_twice_result out;
  out.what = lb::to_string(c) + (bernoulli ? " bernoulli" : " gaussian");
  BOOST_TEST_MESSAGE(out.what);
  lb::pull_log again;
  if (bernoulli) {
    const lb::bernoulli_arms arms(be);
    out.run = lb::run_combination(c, arms, o, out.log);
    lb::run_combination(c, arms, o, again);
  } else {
    const lb::gaussian_arms arms(g, 0.5);
    out.run = lb::run_combination(c, arms, o, out.log);
    lb::run_combination(c, arms, o, again);
  }
  BOOST_TEST(out.log.arms == again.arms, out.what);
  BOOST_TEST(out.run.run.status == lb::run_status::stopped, out.what);
  BOOST_TEST(out.run.run.best_arm == 1u, out.what);
  return out;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(compose)

BOOST_AUTO_TEST_CASE(lilucb_lilucb_is_the_preset_pull_for_pull) {
  for (std::size_t n : {2, 7, 40, 1100}) {
    std::vector<double> means(n);
    for (std::size_t i = 0; i < n; ++i) means[i] = 0.6 - 0.5 * std::pow(double(i + 1) / double(n), 0.6);
    means[n / 3] = 0.9;
    const lb::gaussian_arms arms(means, 0.5);
    lb::run_options o;
    o.nu = 0.1;
    o.seed = 11 + n;
    o.max_pulls = 300000;
    lb::pull_log a, b;
    const auto preset = lb::run_algorithm(lb::algorithm::lilucb_certified, arms, o, a);
    const auto comp = lb::run_combination({lb::sampling_rule::lilucb, lb::stopping_rule::lilucb}, arms, o, b);
    BOOST_TEST(a.arms == b.arms, "n = " << n);
    BOOST_TEST(preset.best_arm == comp.run.best_arm);
    BOOST_TEST(preset.pulls == comp.run.pulls);
    BOOST_TEST(lb::to_string(preset.status) == lb::to_string(comp.run.status));
    BOOST_TEST(comp.certified);
  }
}

BOOST_AUTO_TEST_CASE(every_combination_runs_and_is_reproducible) {
  for (const auto& c : every_combination()) {
    for (bool bern : {false, true}) {
      if (!lb::admits(c, bern ? lb::reward_model::bernoulli : lb::reward_model::gaussian)) continue;  // kl-lucb
      const auto [r1, a, what] = run_twice_on_easy_instance(c, bern, 5);
      BOOST_TEST(r1.run.pulls == a.arms.size(), what);
      BOOST_TEST(r1.certified == lb::is_certified(c), what);
      BOOST_TEST(!r1.certificate.empty(), what);
      // The first K pulls are arms 0..K-1.
      for (std::size_t i = 0; i < 5; ++i) BOOST_TEST(a.arms[i] == i, what);
    }
  }
}

// A certificate checks its premise: statistics at a scale below the rewards' sub-Gaussian scale
// (Bernoulli arms with sigma < 1/2; Gaussian arms with sigma below the largest sigma_i) are
// labelled uncertified, saying why; at the scale they stay certified.  Every certified rule, on
// each reward model it accepts.
BOOST_AUTO_TEST_CASE(a_certificate_checks_its_sigma_premise) {
  for (const auto& c : every_combination()) {
    if (!lb::is_certified(c) || c.boundary == lb::stopping::ls_boundary::calibrated) continue;
    for (bool bern : {false, true}) {
      const auto model = bern ? lb::reward_model::bernoulli : lb::reward_model::gaussian;
      if (!lb::admits(c, model)) continue;  // kl-lucb on Gaussian arms
      const std::string what = lb::to_string(c) + (bern ? " on Bernoulli arms" : " on Gaussian arms");
      lb::run_options o;
      o.max_pulls = 200;
      o.nu = 0.1;
      const auto run = [&](double sigma) {
        o.sigma = sigma;
        return bern ? lb::run_combination(c, lb::bernoulli_arms({0.5, 0.4, 0.3}), o)
                    : lb::run_combination(c, lb::gaussian_arms({0.5, 0.4, 0.3}, std::vector<double>{0.5, 1.0, 0.25}), o);
      };
      const double scale = bern ? 0.5 : 1.0;
      const auto below = run(scale / 10);
      BOOST_TEST(!below.certified, what);
      BOOST_TEST(below.certificate.find("below the arms' sub-Gaussian scale") != std::string::npos, what);
      const auto at = run(scale);
      BOOST_TEST(at.certified, what);
    }
  }
}

// The presets through run_method: each carries certificate_of's label, and a certified preset's
// premise (sigma at least the arms' sub-Gaussian scale) is checked as a combination's is.
BOOST_AUTO_TEST_CASE(a_preset_carries_its_certificate_and_premise) {
  std::size_t certified = 0;
  for (lb::algorithm a : lb::all_algorithms) {
    const auto label = lb::certificate_of(a);
    certified += label.certified;
    BOOST_TEST(!label.statement.empty());
    for (bool bern : {false, true}) {
      const std::string what = std::string(lb::to_string(a)) + (bern ? " on Bernoulli arms" : " on Gaussian arms");
      lb::run_options o;
      o.max_pulls = 300;
      o.nu = 0.1;
      const auto run = [&](double sigma) {
        o.sigma = sigma;
        return bern ? lb::run_method(a, lb::bernoulli_arms({0.5, 0.4, 0.3}), o)
                    : lb::run_method(a, lb::gaussian_arms({0.5, 0.4, 0.3}, std::vector<double>{0.5, 1.0, 0.25}), o);
      };
      const double scale = bern ? 0.5 : 1.0;
      const auto at = run(scale);
      BOOST_TEST(at.certified == label.certified, what);
      BOOST_TEST(at.certificate == std::string(label.statement), what);
      // The run itself is run_algorithm's, pull for pull.
      const auto plain = bern ? lb::run_algorithm(a, lb::bernoulli_arms({0.5, 0.4, 0.3}), o)
                              : lb::run_algorithm(a, lb::gaussian_arms({0.5, 0.4, 0.3}, std::vector<double>{0.5, 1.0, 0.25}), o);
      BOOST_TEST(at.run.counts == plain.counts, what);
      BOOST_TEST(at.run.best_arm == plain.best_arm, what);
      const auto below = run(scale / 10);
      BOOST_TEST(!below.certified, what);
      if (label.certified)
        BOOST_TEST(below.certificate.find("below the arms' sub-Gaussian scale") != std::string::npos, what);
      else
        BOOST_TEST(below.certificate == std::string(label.statement), what);
    }
  }
  // lilucb-certified, ucb1-ls, successive-elimination and nonadaptive-ls (docs/bandit.md).
  BOOST_TEST(certified == 4u);
  BOOST_TEST(lb::certificate_of(lb::algorithm::lilucb_certified).certified);
  BOOST_TEST(!lb::certificate_of(lb::algorithm::lilucb).certified);
  BOOST_TEST(!lb::certificate_of(lb::algorithm::lilucb_heuristic).certified);
}

BOOST_AUTO_TEST_CASE(budget_and_single_arm) {
  const lb::gaussian_arms arms({0.5, 0.5 - 1e-9, 0.1}, 0.5);
  lb::run_options o;
  o.max_pulls = 1000;
  for (const auto& c : every_combination()) {
    if (!lb::admits(c, lb::reward_model::gaussian)) continue;  // kl-lucb
    const auto r = lb::run_combination(c, arms, o);
    BOOST_TEST(r.run.status == lb::run_status::budget_exhausted, lb::to_string(c));
    BOOST_TEST(r.run.pulls == 1000u);
  }
  const lb::gaussian_arms one({0.5}, 0.5);
  const auto r = lb::run_combination({lb::sampling_rule::tas_d, lb::stopping_rule::glr}, one, o);
  BOOST_TEST(r.run.pulls == 0u);
  BOOST_TEST(r.run.best_arm == 0u);
}


// Whole runs (every sampling rule with GLR heuristic/kk21/mixture and LS, fixed seeds) make the
// stopping times, answers and pull counts recorded by the binary of commit 34fe0e9, before the
// shared leader/pair core and its lazy check: composed_reference.hpp (the t3c rows by the binary
// of commit 5f6cd05, the ttts rows by that of 316ae15: their posterior sampler, and TTTS's
// challenger, draw the same law from another stream).
// Rows of more than 20000 pulls (long TTTS runs) are skipped here to keep the test to about a second.
BOOST_AUTO_TEST_CASE(runs_match_recorded_reference) {
  const std::vector<std::vector<double>> means{lb::alpha_means(20, 0.6), lb::sparse_means(12, 0.5),
                                               {1, 0.8, 0.6, 0.4, 0.2}, {0.7, 0.5, 0.45, 0.3, 0.2, 0.1}};
  std::size_t checked = 0;
  for (const auto& row : lilucb_test::composed_reference()) {
    if (row.pulls > 20000) continue;
    lb::combination c{lb::parse_sampling_rule(row.sampling), lb::parse_stopping_rule(row.stopping)};
    if (c.stopping == lb::stopping_rule::glr) c.threshold = lb::parse_glr_threshold(row.threshold);
    lb::run_options o;
    o.nu = 0.1;
    o.seed = row.seed;
    o.max_pulls = 300000;
    o.sigma = row.instance == 2 ? 1.0 : 0.5;
    const auto r = row.instance == 3 ? lb::run_combination(c, lb::bernoulli_arms(means[3]), o)
                                     : lb::run_combination(c, lb::gaussian_arms(means[row.instance], o.sigma), o);
    const std::string what = lb::to_string(c) + " instance " + std::to_string(row.instance) + " seed " +
                             std::to_string(row.seed);
    BOOST_TEST((r.run.status == lb::run_status::stopped) == row.stopped, what);
    BOOST_TEST(r.run.pulls == row.pulls, what);
    BOOST_TEST(r.run.best_arm == row.best_arm, what);
    BOOST_TEST(r.run.counts == row.counts, what);
    ++checked;
  }
  BOOST_TEST(checked > 300u);
}


BOOST_AUTO_TEST_CASE(domain_errors) {
  const lb::gaussian_arms g({0.5, 0.1}, 0.5);
  const lb::bernoulli_arms b({0.5, 0.1});
  lb::run_options o;
  expect_domain_error([&] { lb::run_combination({lb::sampling_rule::uniform, lb::stopping_rule::lilucb}, g, o); },
                      "stopping");
  expect_domain_error([&] { lb::run_combination({lb::sampling_rule::kl_lucb, lb::stopping_rule::ls}, g, o); },
                      "sampling");
  expect_domain_error(
      [&] { lb::run_combination({lb::sampling_rule::tas_c, lb::stopping_rule::glr, lb::glr_threshold::kk21}, b, o); },
      "threshold");
  lb::combination c{lb::sampling_rule::uniform, lb::stopping_rule::ls};
  expect_domain_error([&] { (void)lb::stopping::parse_ls_boundary("stiched"); }, "boundary");
  c.boundary = lb::stopping::ls_boundary::calibrated;
  expect_domain_error([&] { lb::run_combination(c, b, o); }, "boundary");
  expect_domain_error([&] { lb::stopping::make_kk21_threshold(0.0, 3); }, "delta");
  expect_domain_error([&] { lb::stopping::make_kk21_threshold(0.1, 1); }, "K");
  expect_domain_error([&] { lb::stopping::boundary_ls(3, 0.1, 0.5, lb::stopping::ls_boundary::lil); }, "boundary");
  expect_domain_error([&] { lb::stopping::boundary_ls(3, 0.1, -1.0, lb::stopping::ls_boundary::stitched); }, "sigma");
  expect_domain_error([&] { lb::parse_sampling_rule("tas"); }, "sampling");
  expect_domain_error([&] { lb::parse_stopping_rule("chernoff"); }, "stopping");
  o.nu = 1.0;
  expect_domain_error([&] { lb::run_combination({lb::sampling_rule::uniform, lb::stopping_rule::ls}, g, o); }, "nu");
}

// admits is check_combination's rule as a value: on every combination the tables name, every
// reward model and fixed mixture scales valid and not, admits(c, m) holds exactly when
// check_combination(c, m) does not throw; and admits never throws.
BOOST_AUTO_TEST_CASE(admits_is_check_combinations_rule) {
  static_assert(noexcept(lb::admits(lb::combination{}, lb::reward_model::gaussian)));
  const double inf = std::numeric_limits<double>::infinity();
  std::size_t cases = 0, admitted = 0;
  for (lb::combination c : lb::all_combinations)
    for (unsigned bit = 1; bit <= lb::all_reward_models; bit <<= 1) {
      const auto model = static_cast<lb::reward_model>(bit);
      for (double rho : {0.0, 0.5, -1.0, inf, std::numeric_limits<double>::quiet_NaN()}) {
        c.rho = rho;
        bool throws = false;
        try {
          lb::check_combination("test", c, model);
        } catch (const lilucb::domain_error&) {
          throws = true;
        }
        const bool a = lb::admits(c, model);
        BOOST_TEST(a == !throws, lb::to_string(c) << " on " << lb::to_string(model) << " arms, rho " << rho);
        ++cases;
        admitted += a;
      }
    }
  BOOST_TEST(cases == lb::all_combinations.size() * 5 * 5);
  BOOST_TEST(admitted > 0u);
  BOOST_TEST(admitted < cases);
  // Cases read off the descriptors' documented domains.
  const auto adm = [](const char* name, lb::reward_model m) { return lb::admits(lb::parse_combination(name), m); };
  BOOST_TEST(!adm("uniform+lilucb", lb::reward_model::gaussian));
  BOOST_TEST(adm("lilucb+lilucb", lb::reward_model::bernoulli));
  BOOST_TEST(!adm("kl-lucb+ls", lb::reward_model::gaussian));
  BOOST_TEST(adm("kl-lucb+ls", lb::reward_model::bernoulli));
  BOOST_TEST(!adm("tas-c+glr-kk21", lb::reward_model::bernoulli));
  BOOST_TEST(!adm("uniform+ls-calibrated", lb::reward_model::bounded));
  BOOST_TEST(!adm("t3c+glr-pooled-kl", lb::reward_model::gaussian));
  BOOST_TEST(adm("t3c+glr-pooled-kl", lb::reward_model::bounded));
  BOOST_TEST(!adm("t3c+glr-heuristic-ev", lb::reward_model::bernoulli));
  BOOST_TEST(adm("t3c+glr-heuristic-ev", lb::reward_model::sub_gaussian));
  lb::combination c = lb::parse_combination("t3c+glr-mixture");
  c.rho = 0.5;
  BOOST_TEST(lb::admits(c, lb::reward_model::gaussian));
  c.threshold = lb::glr_threshold::one_sided;
  BOOST_TEST(!lb::admits(c, lb::reward_model::gaussian));
}

// all_combinations holds every name the tables make once: each sampling rule with lil'UCB's
// stopping rule, each LS boundary and each GLR threshold.
BOOST_AUTO_TEST_CASE(all_combinations_names_each_once) {
  std::set<std::string> names;
  for (const auto& c : lb::all_combinations) {
    BOOST_TEST(c.rho == 0.0);
    names.insert(lb::to_string(c));
  }
  BOOST_TEST(names.size() == lb::all_combinations.size());
  BOOST_TEST(names.size() ==
             lb::all_sampling_rules.size() * (1 + lb::all_ls_boundaries.size() + lb::all_glr_thresholds.size()));
}

// The registry's recommendation per (model, question), pinned: a change of the defaults is a
// deliberate edit of the descriptors, seen here.
BOOST_AUTO_TEST_CASE(the_registry_recommends_one_method_per_model_and_question) {
  using M = lb::reward_model;
  const lb::answer_target best{}, eps{0.1, false}, top{0, false, 2}, top_eps{0.1, false, 2}, top_rel{0.1, true, 2};
  const auto name = [](M m, const lb::answer_target& t) { return lb::to_string(lb::recommended_combination(m, t)); };
  BOOST_TEST(name(M::gaussian, best) == "t3c-ids+glr-pooled-weighted");
  BOOST_TEST(name(M::sub_gaussian, best) == "t3c-ids+glr-pooled-weighted");
  BOOST_TEST(name(M::bernoulli, best) == "t3c-ids+glr-pooled-kl");
  BOOST_TEST(name(M::bounded, best) == "t3c-ids-matched+glr-pooled-betting");
  BOOST_TEST(name(M::gaussian_unknown_variance, best) == "t3c-ids-matched+glr-paired-t");
  for (M m : {M::gaussian, M::bernoulli, M::sub_gaussian, M::bounded}) {
    BOOST_TEST(name(m, eps) == "eb-tci-ids+glr-one-sided");
    // Bernoulli arms: Proposition TM-K (Bernoulli tilts), which answers an additive epsilon only.
    BOOST_TEST(name(m, top) == (m == M::bernoulli ? "lucb-glr+glr-pooled-kl" : "lucb-glr+glr-one-sided"));
    BOOST_TEST(name(m, top_eps) == (m == M::bernoulli ? "lucb-glr+glr-pooled-kl" : "lucb-glr+glr-one-sided"));
    BOOST_TEST(name(m, top_rel) == "lucb-glr+glr-one-sided");
    BOOST_TEST(lb::to_string(lb::recommended_threshold(m)) == lb::to_string(lb::recommended_combination(m).threshold));
  }
  BOOST_TEST(name(M::gaussian_unknown_variance, eps) == "t3c-ids-matched+glr-paired-t");
  // Unknown variances, top-m: Proposition TM-T, with or without an epsilon.
  for (const auto& t : {top, top_eps, top_rel}) BOOST_TEST(name(M::gaussian_unknown_variance, t) == "lucb-glr+glr-paired-t");
  // Every recommendation is certified and admitted on its model.
  for (M m : {M::gaussian, M::bernoulli, M::sub_gaussian, M::bounded, M::gaussian_unknown_variance})
    for (const auto& t : {best, eps, top, top_eps, top_rel}) {
      auto c = lb::recommended_combination(m, t);
      BOOST_TEST(lb::is_certified(c), lb::to_string(c));
      BOOST_TEST(lb::admits(c, m), lb::to_string(c));
      BOOST_TEST((c.target == t));
    }
}

BOOST_AUTO_TEST_CASE(the_registry_says_which_combinations_are_the_practice) {
  for (const char* practice : {"tas-d+glr-heuristic", "tas-c-every+glr-heuristic", "ttts+glr-heuristic",
                               "t3c-ids+glr-heuristic-ev", "eb-tci+glr-heuristic", "lucb-glr+glr-heuristic",
                               "tt-topm+glr-heuristic-ev"})
    BOOST_TEST(lb::is_practice(lb::parse_combination(practice)), practice);
  for (const char* other : {"uniform+glr-heuristic", "lilucb+glr-heuristic", "lucb1+glr-heuristic",
                            "kl-lucb+glr-heuristic", "weakest-pair+glr-heuristic", "t3c-ids+glr-one-sided",
                            "tas-d+glr-kk21", "tas-d+ls", "lilucb+lilucb"})
    BOOST_TEST(!lb::is_practice(lb::parse_combination(other)), other);
}

BOOST_AUTO_TEST_CASE(time_only_thresholds_carry_their_beta) {
  std::set<std::string> time_only;
  for (const auto& d : lb::glr_thresholds)
    if (d.beta) time_only.insert(std::string(d.name));
  BOOST_TEST((time_only == std::set<std::string>{"heuristic", "kk21", "heuristic-ev"}));
  const auto heuristic = lb::describe(lb::glr_threshold::heuristic).beta(0.01, 5);
  const auto kk21 = lb::describe(lb::glr_threshold::kk21).beta(0.01, 5);
  for (std::uint64_t t : {1u, 2u, 100u, 1000000u}) {
    BOOST_TEST(heuristic(t) == std::log((1 + std::log(static_cast<double>(t))) / 0.01));
    BOOST_TEST(kk21(t) == lb::stopping::make_kk21_threshold(0.01, 5)(t));
  }
}

BOOST_AUTO_TEST_CASE(studies_admit_the_stopping_rules_their_descriptors_admit) {
  for (const auto& d : lb::stopping_rules) {
    BOOST_TEST(d.in_studies == (d.id != lb::stopping_rule::lilucb), d.name);
    BOOST_TEST(d.in_studies == d.studies_note.empty(), d.name);
  }
}

// ---------------------------------------------------------------------------------------------
// The anytime boundaries (lilucb/boundaries) in the stopping rules.


// Every new certified combination runs on Gaussian arms, answers the best arm on an easy instance,
// is reproducible and reports its certificate; stitched and mixture also on Bernoulli arms.
BOOST_AUTO_TEST_CASE(certified_boundary_combinations_run) {
  std::vector<lb::combination> combos;
  for (auto s : {lb::sampling_rule::uniform, lb::sampling_rule::lilucb, lb::sampling_rule::tas_d,
                 lb::sampling_rule::eb_tci}) {
    combos.push_back({s, lb::stopping_rule::glr, lb::glr_threshold::kk21});
    for (auto bd : {lb::stopping::ls_boundary::stitched, lb::stopping::ls_boundary::mixture}) {
      lb::combination c{s, lb::stopping_rule::ls};
      c.boundary = bd;
      combos.push_back(c);
    }
  }
  for (const auto& c : combos)
    for (bool bern : {false, true}) {
      if (bern && c.stopping == lb::stopping_rule::glr) continue;
      const auto [r1, a, what] = run_twice_on_easy_instance(c, bern, 9);
      BOOST_TEST(r1.certified, what);
      BOOST_TEST(lb::is_certified(c), what);
      BOOST_TEST(r1.certificate.find("nu") != std::string::npos, what);
    }
  lb::combination c{lb::sampling_rule::uniform, lb::stopping_rule::ls};
  c.boundary = lb::stopping::ls_boundary::mixture;
  BOOST_TEST(lb::to_string(c) == "uniform+ls-mixture");
  c.boundary = lb::stopping::ls_boundary::lil;
  BOOST_TEST(lb::to_string(c) == "uniform+ls");
}

BOOST_AUTO_TEST_SUITE_END()

// parse_combination is the inverse of to_string(combination) on every name it prints, and refuses
// anything else naming "combination" (or the part it could not read).
BOOST_AUTO_TEST_CASE(combination_names_round_trip) {
  std::size_t n = 0;
  for (auto s : lb::all_sampling_rules) {
    std::vector<lb::combination> cs;
    for (auto st : lb::all_stopping_rules) {
      lb::combination c;
      c.sampling = s;
      c.stopping = st;
      if (st == lb::stopping_rule::glr) {
        for (auto t : lb::all_glr_thresholds) {
          c.threshold = t;
          cs.push_back(c);
        }
      } else if (st == lb::stopping_rule::ls) {
        for (auto b : lb::all_ls_boundaries) {
          c.boundary = b;
          cs.push_back(c);
        }
      } else {
        cs.push_back(c);
      }
    }
    for (const auto& c : cs) {
      const std::string name = lb::to_string(c);
      const lb::combination back = lb::parse_combination(name);
      BOOST_TEST_CONTEXT(name) {
        BOOST_TEST(lb::to_string(back) == name);
        BOOST_TEST((back.sampling == c.sampling && back.stopping == c.stopping));
        if (c.stopping == lb::stopping_rule::glr) BOOST_TEST((back.threshold == c.threshold));
        if (c.stopping == lb::stopping_rule::ls) BOOST_TEST((back.boundary == c.boundary));
      }
      ++n;
    }
  }
  BOOST_TEST(n == lb::all_sampling_rules.size() * (1 + lb::all_ls_boundaries.size() + lb::all_glr_thresholds.size()));
  // The experiment tables' older spelling of LS boundaries is read from files as the one name;
  // a user's name has one spelling.
  BOOST_TEST(lb::canonical_combination_name("eb-tci+ls-stitched:stitched") == "eb-tci+ls-stitched");
  BOOST_TEST(lb::canonical_combination_name("tas-d+ls-calibrated:calibrated") == "tas-d+ls-calibrated");
  for (const char* other : {"lilucb-heuristic", "eb-tci+ls-stitched:mixture", "eb-tci+ls:lil", "t3c+glr-mixture:mixture"})
    BOOST_TEST(lb::canonical_combination_name(other) == other);
  expect_domain_error([&] { (void)lb::parse_combination("eb-tci+ls-stitched:stitched"); }, "boundary");
  BOOST_TEST(lb::to_string(lb::parse_combination("t3c-ids+glr-pooled-per-arm")) == "t3c-ids+glr-pooled-per-arm");
  for (const char* bad : {"t3c-ids", "t3c-ids+", "t3c-ids+glr", "t3c-ids+ls-lil", "t3c-ids+ls+ls"})
    expect_domain_error([&] { (void)lb::parse_combination(bad); }, "combination");
  for (const char* bad : {"t3c-idz+ls", "+ls"}) expect_domain_error([&] { (void)lb::parse_combination(bad); }, "sampling");
  for (const char* bad : {"t3c-ids+glr-pooled-per-armz", "t3c-ids+glr-"})
    expect_domain_error([&] { (void)lb::parse_combination(bad); }, "threshold");
  expect_domain_error([&] { (void)lb::parse_combination("t3c-ids+ls-stiched"); }, "boundary");
}

// parse_method: a preset's name gives the preset, a name with '+' the combination parse_combination
// reads, and an unknown name is refused naming the part it could not read.
BOOST_AUTO_TEST_CASE(method_names_are_presets_or_combinations) {
  for (auto a : lb::all_algorithms) {
    const lb::method m = lb::parse_method(lb::to_string(a));
    BOOST_TEST_REQUIRE(std::holds_alternative<lb::algorithm>(m));
    BOOST_TEST((std::get<lb::algorithm>(m) == a));
  }
  for (const char* name : {"t3c-ids+glr-pooled-per-arm", "lilucb+lilucb", "uniform+ls-stitched", "tas-d+glr-kk21"}) {
    const lb::method m = lb::parse_method(name);
    BOOST_TEST_REQUIRE(std::holds_alternative<lb::combination>(m));
    BOOST_TEST(lb::to_string(std::get<lb::combination>(m)) == name);
  }
  expect_domain_error([] { (void)lb::parse_method("lilucb-heuristik"); }, "algorithm");
  expect_domain_error([] { (void)lb::parse_method("t3c-ids+glr"); }, "combination");
  expect_domain_error([] { (void)lb::parse_method("t3c-idz+ls"); }, "sampling");
}

BOOST_AUTO_TEST_SUITE_END()  // compose
