// Statistical correctness of the sampling x stopping combinations (compose.hpp).
//
// Certified combinations (every sampling rule with the LS stopping rule at the finite-LIL
// boundary; lil'UCB with its own Figure-1 rule at certified_setting; the anytime boundaries' certified
// stopping rules with several sampling rules each: GLR with the Kaufmann-Koolen threshold, LS
// with the stitched, mixture and calibrated boundaries): the same exact statement as
// test_error_rates.cpp, per generated adversarial case (error_rate_check.hpp): R independent runs,
// F wrong answers (budget-exhausted runs included unless right), L(F) the one-sided
// Clopper-Pearson lower bound at level 1e-6; the test FAILS when L(F) > nu.  A correct
// combination fails a case with probability <= 1e-6.
//
// GLR with the mixture threshold (Proposition M of docs/certified-glr/propositions.md, certified for any
// sampling rule): the same property for every sampling rule (long mode), and a test at a LARGE
// delta (0.5) on an instance with many exactly tied near-best arms and many runs, where a rule that
// broke its guarantee would show it (T3C, Track-and-Stop D and the two IDS rules; CI); the planted failure beside it
// (the statistic computed with sigma/20, a rule twenty times too confident, which stops after the
// first round) must be rejected by the same test, so the test can fail.
//
// Uncertified combinations (GLR with the heuristic threshold): their error rates on a fixed
// instance are REPORTED with exact two-sided 1 - 1e-6 intervals, not tested against nu (the
// contract of each run is still checked: a valid arm, the pulls adding up).
#include <boost/test/unit_test.hpp>
#include <rapidcheck/boost_test.h>

#include "error_rate_check.hpp"
#include "large_delta.hpp"

#include "lilucb/bandit/compose.hpp"

#include <chrono>
#include <cstdlib>
#include <set>
#include <string>
#include <string_view>
#include <vector>

using namespace lilucb_stats;
namespace lb = lilucb::bandit;

namespace {

run_options options_for(const bandit_case& c) {
  run_options o;
  o.nu = c.nu;
  o.sigma = c.width_sigma;
  o.inner = c.inner;
  o.seed = c.seed;
  return o;
}

/// Relative cost of one pull against lil'UCB's (see cost_per_pull): the O(K) rules scale with K.
double combination_cost(lb::sampling_rule s, std::size_t n) {
  const double K = double(n);
  switch (s) {
    case lb::sampling_rule::tas_d:
    case lb::sampling_rule::tas_c: return std::max(2.0, K / 4);
    case lb::sampling_rule::ttts: return std::max(4.0, K);
    case lb::sampling_rule::t3c:
    case lb::sampling_rule::eb_tci:
    case lb::sampling_rule::t3c_ids:
    case lb::sampling_rule::eb_tci_ids: return std::max(2.0, K / 4);
    case lb::sampling_rule::weakest_pair: return 40;  // about one exact one-sided statistic per pull
    case lb::sampling_rule::kl_lucb: return 6;
    default: return 2;
  }
}

void certified_error_rate(lb::combination comb, int salt) {
  RC_ASSERT(lb::is_certified(comb));
  for (int k = 0; k < salt; ++k) (void)*rc::gen::just(k);
  const bandit_case c = *gen::adversarial_case();
  // The registry says which reward models each rule accepts (kl-lucb, pooled-kl and pooled-eb: Bernoulli;
  // kk21 and the calibrated boundary: Gaussian); a case of another model is discarded.
  const auto model = c.family == reward_family::bernoulli ? lb::reward_model::bernoulli : lb::reward_model::gaussian;
  RC_PRE(lb::admits(comb, model));
  RC_ASSERT(c.min_gap >= 0.02 - 1e-9);
  const auto t0 = std::chrono::steady_clock::now();
  const error_rate_report rep = with_arms(c, [&](const auto& arms) {
    auto run_one = [&](const run_options& o) { return lb::run_combination(comb, arms, o).run; };
    run_options base = options_for(c);
    const run_plan plan = plan_runs(base, false, combination_cost(comb.sampling, c.means.size()), run_one);
    base.max_pulls = plan.budget;
    return check_error_rate(lb::to_string(comb), c.means.size(), c.best, c.nu, base, plan.runs, run_one);
  });
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  BOOST_TEST_MESSAGE(short_description(c) << " | " << rep.summary() << " | " << secs << " s");
  RC_LOG() << rep.summary() << "\n";
  RC_ASSERT(rep.violations.empty());
  RC_ASSERT(!rep.rejected());
}

lb::combination mixture_with(lb::sampling_rule s, lb::glr_threshold t = lb::glr_threshold::mixture) {
  return {s, lb::stopping_rule::glr, t};
}

// K = 8 Gaussian arms, sigma 0.5: best 0.5 at index 3, five arms tied at 0.4, two at 0.2; delta 0.5.
struct large_delta_instance {
  std::vector<double> means{0.4, 0.2, 0.4, 0.5, 0.4, 0.2, 0.4, 0.4};
  std::size_t best = 3;
  double nu = 0.5;
};

error_rate_report large_delta_report(lb::sampling_rule s, double stat_sigma, std::size_t runs,
                                     lb::glr_threshold t = lb::glr_threshold::mixture,
                                     std::uint64_t max_pulls = 2'000'000) {
  const large_delta_instance inst;
  const lb::gaussian_arms arms(inst.means, 0.5);
  run_options o;
  o.nu = inst.nu;
  o.sigma = stat_sigma;
  o.seed = 20261126;
  o.max_pulls = max_pulls;  // default about 100 x a run's pulls here
  auto run_one = [&](const run_options& oo) { return lb::run_combination(mixture_with(s, t), arms, oo).run; };
  return check_error_rate(lb::to_string(mixture_with(s, t)) + " sigma_stat=" + std::to_string(stat_sigma),
                          inst.means.size(), inst.best, inst.nu, o, runs, run_one);
}

}  // namespace

// The certified combinations tested, by name (the registry's grammar, bandit::parse_combination):
// every sampling rule with LS stopping at the finite-LIL boundary, lil'UCB with its own rule, and
// each certified threshold and boundary with several sampling rules.  Each becomes the property
// certified_combinations/NAME (NAME with '+' and '-' written '_'); `long` marks the cases whose runs
// cost minutes (posterior resampling, KL solves, crossing calibrations, mixture statistics, or a
// second sampling rule for a rule already tested in CI): label "long", run by `ctest -L long`.
// A case's RapidCheck stream is moved by its row index (salt 10 + index), so each draws its own cases.
struct tested_combination {
  const char* name;
  bool long_mode;
};
const std::vector<tested_combination> tested_combinations{
    {"lilucb+lilucb", false},
    {"uniform+ls", false},
    {"lilucb+ls", false},
    {"lucb1+ls", false},
    {"tas-d+ls", false},
    {"tas-c+ls", false},
    {"ttts+ls", true},
    {"t3c+ls", false},
    {"eb-tci+ls", false},
    {"kl-lucb+ls", true},
    {"uniform+glr-kk21", false},
    {"tas-d+glr-kk21", true},
    {"eb-tci+glr-kk21", true},
    {"lilucb+glr-kk21", true},
    {"uniform+ls-stitched", false},
    {"tas-c+ls-stitched", true},
    {"lilucb+ls-stitched", true},
    {"uniform+ls-mixture", true},
    {"eb-tci+ls-mixture", true},
    {"uniform+ls-calibrated", true},
    {"tas-d+ls-calibrated", true},
    {"t3c+glr-mixture", true},
    {"tas-d+glr-mixture", true},
    {"tas-d-every+glr-mixture", true},
    {"tas-c-every+glr-one-sided", true},
    {"eb-tci+glr-mixture", true},
    {"lucb1+glr-mixture", true},
    {"lilucb+glr-mixture", true},
    {"uniform+glr-mixture", true},
    {"tas-c+glr-mixture", true},
    {"ttts+glr-mixture", true},
    {"kl-lucb+glr-mixture", true},
    {"t3c-ids+glr-mixture", true},
    {"eb-tci-ids+glr-mixture", true},
    {"t3c+glr-one-sided", true},
    {"tas-d+glr-one-sided", true},
    {"eb-tci-ids+glr-one-sided", true},
    {"t3c-ids+glr-one-sided", true},
    {"uniform+glr-one-sided", true},
    {"weakest-pair+glr-one-sided", true},
    {"lucb-glr+glr-one-sided", false},  // a top-m sampler asked for the best arm (top-m: test_top_m_error_rates)
    {"tt-topm+glr-one-sided", true},
    {"t3c+glr-pooled", true},
    {"uniform+glr-pooled", true},
    {"t3c-ids+glr-pooled", true},
    {"lucb1+glr-pooled", true},
    {"weakest-pair+glr-pooled", true},
    {"t3c-ids+glr-pooled-per-arm", true},
    {"uniform+glr-pooled-per-arm", true},
    {"weakest-pair+glr-pooled-per-arm", true},
    {"t3c-ids+glr-pooled-weighted", true},  // long: CI runs pooled_weighted_at_delta_half and test_glr_pooled_weighted
    {"uniform+glr-pooled-weighted", true},
    {"t3c-ids+glr-pooled-kl", false},
    {"t3c-ids-matched+glr-pooled-kl", false},  // (its capped and variance models: test_known_range_error_rates)
    {"uniform+glr-pooled-kl", true},
    {"t3c-ids+glr-pooled-eb", true},  // long: CI runs test_known_range_error_rates (delta = 1/2, planted variants)
    {"uniform+glr-pooled-eb", true},
    {"t3c-ids+glr-pooled-betting", true},  // long: the same
    {"uniform+glr-pooled-betting", true},
    {"t3c-ids+glr-gu", true},  // long: CI runs test_unknown_variance_error_rates (delta = 1/2, planted variants)
    {"t3c-ids+glr-paired-t", true},  // long: the same
};

std::string test_name(std::string_view combination) {
  std::string s(combination);
  for (char& ch : s)
    if (ch == '+' || ch == '-') ch = '_';
  return s;
}


// Every certified rule of the registry is tested: each certified GLR threshold and LS boundary
// with at least one sampling rule, lil'UCB's own stopping rule, and every sampling rule with at
// least one certified stopping rule.  A rule added to the registry without a row here fails.
void tested_combinations_cover_the_registry() {
  std::set<lb::sampling_rule> samplings;
  std::set<lb::glr_threshold> thresholds;
  std::set<lb::stopping::ls_boundary> boundaries;
  std::set<lb::stopping_rule> stoppings;
  for (const auto& row : tested_combinations) {
    const lb::combination c = lb::parse_combination(row.name);
    BOOST_TEST(lb::to_string(c) == row.name);
    BOOST_TEST(lb::is_certified(c), row.name);
    samplings.insert(c.sampling);
    stoppings.insert(c.stopping);
    if (c.stopping == lb::stopping_rule::glr) thresholds.insert(c.threshold);
    if (c.stopping == lb::stopping_rule::ls) boundaries.insert(c.boundary);
  }
  for (const auto& d : lb::sampling_rules) BOOST_TEST(samplings.count(d.id) == 1u, d.name);
  for (const auto& d : lb::stopping_rules) BOOST_TEST(stoppings.count(d.id) == 1u, d.name);
  for (const auto& d : lb::glr_thresholds)
    if (d.certified) BOOST_TEST(thresholds.count(d.id) == 1u, d.name);
  for (const auto& d : lb::ls_boundaries) BOOST_TEST(boundaries.count(d.id) == 1u, d.name);
}

// Registers, in suite certified_combinations, the coverage check above and one property per row,
// at static initialisation (as BOOST_AUTO_TEST_CASE does).  A long row is labelled "long" and
// disabled by default: a run selects it by that label (`--run_test=@long`).
struct register_tested_combinations {
  register_tested_combinations() {
    auto* suite = BOOST_TEST_SUITE("certified_combinations");
    suite->add(BOOST_TEST_CASE(&tested_combinations_cover_the_registry));
    for (std::size_t i = 0; i < tested_combinations.size(); ++i) {
      const lb::combination comb = lb::parse_combination(tested_combinations[i].name);
      const int salt = 10 + static_cast<int>(i);
      auto* tc = boost::unit_test::make_test_case(
          [comb, salt] { rc::detail::checkBoostTest([comb, salt] { certified_error_rate(comb, salt); }); },
          test_name(tested_combinations[i].name), __FILE__, __LINE__);
      if (tested_combinations[i].long_mode) {
        tc->add_label("long");
        tc->p_default_status.value = boost::unit_test::test_unit::RS_DISABLED;
      }
      suite->add(tc);
    }
    boost::unit_test::framework::master_test_suite().add(suite);
  }
} const registrar;

// GLR mixture at delta = 0.5 (see the file comment).  LILUCB_LARGE_DELTA_RUNS sets the run count
// (default 300: the CI entry; the long entry uses 3000).
BOOST_AUTO_TEST_SUITE(glr_mixture_large_delta)

BOOST_AUTO_TEST_CASE(top_two_and_tas_d_at_delta_half) {
  for (auto s : {lb::sampling_rule::t3c, lb::sampling_rule::tas_d, lb::sampling_rule::t3c_ids,
                 lb::sampling_rule::eb_tci_ids}) {
    const auto rep = large_delta_report(s, 0.5, large_delta_runs());
    BOOST_TEST_MESSAGE(rep.summary());
    BOOST_TEST(rep.violations.empty(), rep.summary());
    BOOST_TEST(!rep.rejected(), rep.summary());
  }
}

// The one-sided mixture (Proposition M1) on the same instance, also with the weakest-pair sampling
// rule (sampling/weakest_pair.hpp), whose challenger is the pair farthest from passing M1's statistic.
BOOST_AUTO_TEST_CASE(one_sided_at_delta_half) {
  for (auto s : {lb::sampling_rule::t3c, lb::sampling_rule::eb_tci_ids, lb::sampling_rule::weakest_pair}) {
    // Weakest-pair: a third of the runs (about one exact statistic per pull).  Its forced
    // exploration keeps an unlucky best arm from starving behind exactly tied arms (without it,
    // one run in 300 took 1.1e6 pulls here), so the default budget applies.
    const bool wp = s == lb::sampling_rule::weakest_pair;
    const auto rep = large_delta_report(s, 0.5, wp ? large_delta_runs() / 3 : large_delta_runs(),
                                        lb::glr_threshold::one_sided);
    BOOST_TEST_MESSAGE(rep.summary());
    BOOST_TEST(rep.violations.empty(), rep.summary());
    BOOST_TEST(!rep.rejected(), rep.summary());
  }
}

// The leader's pooled arm (Proposition P) on the same instance: five arms tied just below the best
// make the lead change hands, which is where the pooled arm mixes the pulls of several arms.
BOOST_AUTO_TEST_CASE(pooled_at_delta_half) {
  for (auto s : {lb::sampling_rule::t3c, lb::sampling_rule::eb_tci_ids, lb::sampling_rule::uniform,
                 lb::sampling_rule::weakest_pair}) {
    const bool wp = s == lb::sampling_rule::weakest_pair;
    const auto rep =
        large_delta_report(s, 0.5, wp ? large_delta_runs() / 3 : large_delta_runs(), lb::glr_threshold::pooled);
    BOOST_TEST_MESSAGE(rep.summary());
    BOOST_TEST(rep.violations.empty(), rep.summary());
    BOOST_TEST(!rep.rejected(), rep.summary());
  }
}

// The same with one mixture scale per arm (Proposition P2).
BOOST_AUTO_TEST_CASE(pooled_per_arm_at_delta_half) {
  for (auto s : {lb::sampling_rule::t3c_ids, lb::sampling_rule::uniform, lb::sampling_rule::t3c}) {
    const auto rep = large_delta_report(s, 0.5, large_delta_runs(), lb::glr_threshold::pooled_per_arm);
    BOOST_TEST_MESSAGE(rep.summary());
    BOOST_TEST(rep.violations.empty(), rep.summary());
    BOOST_TEST(!rep.rejected(), rep.summary());
  }
}

// The same with Proposition U's un-pooling weights (pooled-weighted).
BOOST_AUTO_TEST_CASE(pooled_weighted_at_delta_half) {
  for (auto s : {lb::sampling_rule::t3c_ids, lb::sampling_rule::uniform}) {
    const auto rep = large_delta_report(s, 0.5, large_delta_runs(), lb::glr_threshold::pooled_weighted);
    BOOST_TEST_MESSAGE(rep.summary());
    BOOST_TEST(rep.violations.empty(), rep.summary());
    BOOST_TEST(!rep.rejected(), rep.summary());
  }
}

// The planted failure: the same rules with the statistic at sigma/20 must be rejected.
BOOST_AUTO_TEST_CASE(planted_overconfident_rule_is_rejected) {
  for (auto t : {lb::glr_threshold::mixture, lb::glr_threshold::one_sided, lb::glr_threshold::pooled,
                 lb::glr_threshold::pooled_per_arm, lb::glr_threshold::pooled_weighted}) {
    const auto rep = large_delta_report(lb::sampling_rule::t3c, 0.5 / 20, large_delta_runs(), t);
    BOOST_TEST_MESSAGE(rep.summary());
    BOOST_TEST(rep.rejected(), rep.summary());
  }
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(uncertified_combinations, *boost::unit_test::label("long") * boost::unit_test::disabled())

// Reported, not tested against nu: GLR with the heuristic threshold on a hard fixed instance
// (10 Gaussian arms, sigma 0.5, best 0.5, two arms at gap 0.05, the rest at gap 0.3), nu = 0.1.
BOOST_AUTO_TEST_CASE(glr_heuristic_error_rates_reported) {
  std::vector<double> means(10, 0.2);
  means[4] = 0.5;
  means[1] = means[7] = 0.45;
  const lb::gaussian_arms arms(means, 0.5);
  for (auto s : lb::all_sampling_rules) {
    const lb::combination comb{s, lb::stopping_rule::glr, lb::glr_threshold::heuristic};
    if (!lb::admits(comb, lb::reward_model::gaussian)) continue;  // kl-lucb
    BOOST_TEST(!lb::is_certified(comb));
    run_options o;
    o.nu = 0.1;
    o.sigma = 0.5;
    o.seed = 20261126;
    o.max_pulls = 5'000'000;
    auto run_one = [&](const run_options& oo) { return lb::run_combination(comb, arms, oo).run; };
    const std::size_t runs = s == lb::sampling_rule::ttts ? 100 : 200;
    const auto rep = check_error_rate(lb::to_string(comb), means.size(), 4, o.nu, o, runs, run_one);
    BOOST_TEST(rep.violations.empty(), rep.summary());
    BOOST_TEST_MESSAGE("uncertified " << rep.summary() << " | exact 1-1e-6 interval of P(wrong) ["
                                      << lilucb::clopper_pearson_lower(rep.wrong(), rep.runs(), kAlpha) << ", "
                                      << lilucb::clopper_pearson_upper(rep.wrong(), rep.runs(), kAlpha) << "]");
  }
}

BOOST_AUTO_TEST_SUITE_END()
