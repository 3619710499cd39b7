// Statistical correctness of the bandit engine: every algorithm with a guarantee identifies the
// best arm with error probability consistent with its input nu.
//
// The exact statement tested, per generated case (error_rate_check.hpp has the details):
//   R independent runs (Philox streams 0 .. R-1 of a seed drawn with the case); F = number of
//   runs that stopped on an arm that is not the true best arm (the rule of the one error-rate
//   estimator, lilucb_verification/error_rate.hpp: runs that hit the budget are reported apart
//   and count only towards the upper bound); L(F) = Clopper-Pearson one-sided lower
//   confidence bound for the per-run error probability p at level 1e-6; the test FAILS when
//   L(F) > nu.  If the implementation honours P(wrong answer) <= nu, a case fails with
//   probability at most 1e-6 (P_p(L(F) > nu) <= P_p(L(F) > p) <= 1e-6 for p <= nu), so over the
//   whole executable (8 properties x max_success = 80 cases, plus one control case in
//   planted_failures) the false-alarm probability is below 1e-4.
//
// Suites:
//   guaranteed_algorithms  one RapidCheck property per algorithm with a guarantee, over
//                          adversarial instances (gen::adversarial_case), Gaussian and Bernoulli;
//   planted_failures       the same checker on deliberately broken algorithms: it must reject;
//   heuristic              lilucb-heuristic (no guarantee): valid answers, stops on easy instances;
//   budgets                runs that cannot stop report budget_exhausted with the budget used up.
//
// Cost: kept down by the instances (gap 0.02 only for n <= 10 and on at most 3 arms, other arms
// at gaps >= 0.2), by run counts chosen from pilot runs (20 to 200 runs, aiming at the cost of
// 2.5e7 lil'UCB pulls per case) and by few RapidCheck cases (max_success in CMakeLists.txt),
// never by the statistical level.  Shrinking is switched off there (noshrink=1): each case costs
// thousands of runs, and the failure message already prints the whole case, the runs' tally and
// RapidCheck's reproduce= string.
#include <boost/test/unit_test.hpp>
#include <rapidcheck/boost_test.h>

#include "error_rate_check.hpp"

#include "lilucb/bandit/detail/session.hpp"

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

using namespace lilucb_stats;
namespace lb = lilucb::bandit;

namespace {

// Totals over the executable, reported at the end (budget hits must be rare and visible).
struct totals {
  std::size_t cases = 0, runs = 0, wrong = 0, budget_exhausted = 0, budget_exhausted_correct = 0;
  double seconds = 0;
} g_totals;

struct report_totals {
  void setup() {}
  void teardown() {
    BOOST_TEST_MESSAGE("error-rate cases: " << g_totals.cases << ", counted runs: " << g_totals.runs
                                            << ", wrong answers: " << g_totals.wrong
                                            << ", budget-exhausted runs: " << g_totals.budget_exhausted
                                            << " (of which correct: " << g_totals.budget_exhausted_correct
                                            << "), seconds in error-rate cases: " << g_totals.seconds);
  }
};

void add_to_totals(const error_rate_report& r, double seconds) {
  ++g_totals.cases;
  g_totals.runs += r.runs();
  g_totals.wrong += r.wrong();
  g_totals.budget_exhausted += r.budget_exhausted();
  g_totals.budget_exhausted_correct += r.budget_exhausted_correct();
  g_totals.seconds += seconds;
}

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

run_options options_for(const bandit_case& c) {
  run_options o;
  o.nu = c.nu;
  o.sigma = c.width_sigma;
  o.inner = c.inner;
  o.seed = c.seed;
  return o;
}

// The property shared by every algorithm with a guarantee.  Under one RapidCheck seed every
// property draws the same random sequence, so all eight would see the same instances; `salt`
// throw-away picks first (each pick takes its own split of the random source) make the instances
// differ from property to property.
void error_rate_is_consistent_with_nu(algorithm alg, int salt) {
  RC_ASSERT(lb::has_guarantee(alg));
  for (int k = 0; k < salt; ++k) (void)*rc::gen::just(k);
  const bandit_case c = *gen::adversarial_case();
  // The generator's promise: a unique best arm, at least 0.02 above every other arm.
  RC_ASSERT(c.min_gap >= 0.02 - 1e-9);
  const auto t0 = std::chrono::steady_clock::now();
  const error_rate_report rep = with_arms(c, [&](const auto& arms) {
    auto run_one = [&](const run_options& o) { return lb::run_algorithm(alg, arms, o); };
    run_options base = options_for(c);
    const run_plan plan = plan_runs(base, draws_batches(alg), cost_per_pull(alg, c.means.size()), run_one);
    base.max_pulls = plan.budget;
    return check_error_rate(lb::to_string(alg), c.means.size(), c.best, c.nu, base, plan.runs, run_one);
  });
  const double secs = seconds_since(t0);
  add_to_totals(rep, secs);
  BOOST_TEST_MESSAGE(short_description(c) << " | " << rep.summary() << " | " << secs << " s");
  if (rep.budget_exhausted() > 0)
    BOOST_TEST_MESSAGE("  budget hit: " << rep.budget_exhausted() << " of " << rep.runs() << " runs of "
                                        << rep.algorithm << " exhausted the budget " << rep.estimate.budget << " ("
                                        << rep.budget_exhausted_correct() << " with the right answer)");
  RC_LOG() << rep.summary() << "\n";
  RC_ASSERT(rep.violations.empty());
  RC_ASSERT(!rep.rejected());
}

// A hard instance for the planted failures: 20 Gaussian arms (sigma 0.5), the best (index 7,
// mean 0.3) 0.02 above two exactly tied arms and 0.0205 above a third; the rest in two clusters
// at gaps 0.25 and 0.5 with exact and near ties.
bandit_case hard_case() {
  bandit_case c;
  c.family = reward_family::gaussian;
  const double top = 0.3;
  c.means.assign(20, top - 0.5);
  for (std::size_t i : {0, 1, 3, 4, 5, 6, 8, 9}) c.means[i] = top - 0.25 - (i % 3) * 1e-4;
  c.means[7] = top;
  c.means[2] = c.means[11] = top - 0.02;
  c.means[15] = top - 0.0205;
  c.means[18] = top - 0.5003;
  c.sigmas.assign(20, 0.5);
  c.nu = 0.2;
  c.width_sigma = 0.5;
  c.seed = 0x9e3779b97f4a7c15ULL;
  describe(c);
  return c;
}

// An easy instance for the power check: 5 Gaussian arms (sigma 0.5), best index 3.
bandit_case easy_fixed_case() {
  bandit_case c;
  c.family = reward_family::gaussian;
  c.means = {0.1, 0.05, 0.15, 0.45, 0.0};
  c.sigmas.assign(5, 0.5);
  c.nu = 0.2;
  c.width_sigma = 0.5;
  c.seed = 20261125;
  describe(c);
  return c;
}

// Broken algorithm 1: pull each arm once, answer the empirically best arm (ignores every
// confidence bound).
template <class Arms>
run_result single_pull_each(const Arms& arms, const run_options& o) {
  lb::null_observer none;
  lb::detail::session<Arms> s(arms, o, none);
  for (std::size_t i = 0; i < arms.size(); ++i) s.pull(i);
  return s.finish("single-pull-each", s.stats().empirical_best(), run_status::stopped, "broken", {});
}

// The rejection every planted failure must meet, with the report in the log either way.
void require_rejected(const bandit_case& c, const error_rate_report& rep) {
  BOOST_TEST_MESSAGE("planted: " << short_description(c) << " | " << rep.summary());
  BOOST_TEST(rep.violations.empty(), rep.summary());  // rejected for its error rate, not its contract
  BOOST_TEST(rep.rejected(), "planted failure NOT rejected: " << rep.summary());
}

}  // namespace

BOOST_TEST_GLOBAL_FIXTURE(report_totals);

// ---------------------------------------------------------------------------------------------
BOOST_AUTO_TEST_SUITE(guaranteed_algorithms)

RC_BOOST_PROP(lilucb, ()) { error_rate_is_consistent_with_nu(algorithm::lilucb, 0); }
RC_BOOST_PROP(lilucb_ls, ()) { error_rate_is_consistent_with_nu(algorithm::lilucb_ls, 1); }
RC_BOOST_PROP(lilucb_certified, ()) { error_rate_is_consistent_with_nu(algorithm::lilucb_certified, 2); }
RC_BOOST_PROP(ucb1_ls, ()) { error_rate_is_consistent_with_nu(algorithm::ucb1_ls, 3); }
RC_BOOST_PROP(successive_elimination, ()) {
  error_rate_is_consistent_with_nu(algorithm::successive_elimination, 4);
}
RC_BOOST_PROP(exp_gap, ()) { error_rate_is_consistent_with_nu(algorithm::exp_gap, 5); }
RC_BOOST_PROP(exp_gap_ls, ()) { error_rate_is_consistent_with_nu(algorithm::exp_gap_ls, 6); }
RC_BOOST_PROP(nonadaptive_ls, ()) { error_rate_is_consistent_with_nu(algorithm::nonadaptive_ls, 7); }

// Every algorithm but lilucb-heuristic is covered above.
BOOST_AUTO_TEST_CASE(the_properties_cover_every_guaranteed_algorithm) {
  std::size_t guaranteed = 0;
  for (algorithm a : lb::all_algorithms) guaranteed += lb::has_guarantee(a);
  BOOST_TEST(guaranteed == 8u);
  BOOST_TEST(!lb::has_guarantee(algorithm::lilucb_heuristic));
}

BOOST_AUTO_TEST_SUITE_END()

// ---------------------------------------------------------------------------------------------
// Tests of the test: the same checker must reject algorithms that are broken.
BOOST_AUTO_TEST_SUITE(planted_failures)

// Ignoring the confidence bounds: one pull per arm, then the empirically best arm.  Also the
// library's own lil'UCB with a = 0.05 (far below the theorem's a_min): its stopping rule fires
// after n + 1 pulls, so it too answers from one sample per arm.
BOOST_AUTO_TEST_CASE(one_sample_per_arm_is_rejected) {
  const bandit_case c = hard_case();
  run_options base = options_for(c);
  base.max_pulls = 1'000'000;
  lb::gaussian_arms arms(c.means, c.sigmas);
  require_rejected(c, check_error_rate("single-pull-each", c.means.size(), c.best, c.nu, base, kMaxRuns,
                                       [&](const run_options& o) { return single_pull_each(arms, o); }));
  lb::lilucb_config broken;
  broken.a = 0.05;
  broken.delta = 0.01;
  broken.sigma = 0.5;
  require_rejected(c, check_error_rate("lilucb(a=0.05)", c.means.size(), c.best, c.nu, base, kMaxRuns,
                                       [&](const run_options& o) {
                                         lb::null_observer none;
                                         return lb::run_lilucb(arms, broken, o, none);
                                       }));
}

// Confidence widths 100 times too narrow (run_options::sigma = 0.005 for rewards of scale 0.5):
// every guaranteed algorithm, unchanged otherwise, loses its guarantee and must be rejected.
BOOST_AUTO_TEST_CASE(widths_for_the_wrong_sigma_are_rejected) {
  const bandit_case c = hard_case();
  lb::gaussian_arms arms(c.means, c.sigmas);
  for (algorithm alg : lb::all_algorithms) {
    if (!lb::has_guarantee(alg)) continue;
    BOOST_TEST_CONTEXT(lb::to_string(alg)) {
      run_options base = options_for(c);
      base.sigma = 0.005;
      base.max_pulls = draws_batches(alg) ? kBatchedBudget : 10'000'000;
      require_rejected(
          c, check_error_rate(std::string(lb::to_string(alg)) + "(sigma/100)", c.means.size(), c.best, c.nu, base,
                              kMaxRuns, [&](const run_options& o) { return lb::run_algorithm(alg, arms, o); }));
    }
  }
}

// Power beyond gross failures: successive elimination whose answer is replaced by a wrong arm
// with probability 1/2 (a coin from a Philox stream of its own) has error probability about 0.5
// against nu = 0.2: 200 runs reject from 70 failures on.  The same runs without the sabotage
// are accepted, so the rejection is the sabotage's doing.
BOOST_AUTO_TEST_CASE(error_probability_one_half_is_rejected_at_nu_one_fifth) {
  const bandit_case c = easy_fixed_case();
  lb::gaussian_arms arms(c.means, c.sigmas);
  run_options base = options_for(c);
  base.max_pulls = 10'000'000;
  auto honest = [&](const run_options& o) {
    return lb::run_algorithm(algorithm::successive_elimination, arms, o);
  };
  const auto clean =
      check_error_rate("successive-elimination", c.means.size(), c.best, c.nu, base, kMaxRuns, honest);
  BOOST_TEST_MESSAGE("unsabotaged: " << clean.summary());
  BOOST_TEST(clean.violations.empty(), clean.summary());
  BOOST_TEST(!clean.rejected(), clean.summary());
  require_rejected(c, check_error_rate("successive-elimination(sabotaged 1/2)", c.means.size(), c.best, c.nu, base,
                                       kMaxRuns, [&](const run_options& o) {
                                         run_result r = honest(o);
                                         lilucb::random::philox_engine coin(o.seed ^ 0x5ab07a9e5ab07a9eULL, o.run);
                                         if (coin.uniform01() < 0.5) r.best_arm = (r.best_arm + 1) % arms.size();
                                         return r;
                                       }));
}

// The contract check itself: a valid result passes, and each clause catches its violation.
BOOST_AUTO_TEST_CASE(contract_check_catches_each_violation) {
  run_result ok;
  ok.best_arm = 1;
  ok.counts = {3, 4, 5};
  ok.pulls = 12;
  ok.status = run_status::stopped;
  ok.stopped_by = "lilucb";
  auto violations_of = [](const run_result& r, std::uint64_t budget) {
    std::vector<std::string> v;
    check_contract(r, 3, budget, 0, v);
    return v.size();
  };
  BOOST_TEST(violations_of(ok, 100) == 0u);
  BOOST_TEST(violations_of(ok, 12) == 0u);
  run_result r = ok;
  r.status = static_cast<run_status>(7);
  BOOST_TEST(violations_of(r, 100) >= 1u);
  r = ok;
  r.best_arm = 3;
  BOOST_TEST(violations_of(r, 100) == 1u);
  r = ok;
  r.counts = {3, 4};
  BOOST_TEST(violations_of(r, 100) == 1u);
  r = ok;
  r.pulls = 13;
  BOOST_TEST(violations_of(r, 100) == 1u);
  BOOST_TEST(violations_of(ok, 11) == 1u);  // over budget
  r = ok;
  r.status = run_status::budget_exhausted;
  r.stopped_by = "budget";
  BOOST_TEST(violations_of(r, 12) == 0u);
  BOOST_TEST(violations_of(r, 20) == 1u);  // exhausted but budget not used up
  r.stopped_by = "lilucb";
  BOOST_TEST(violations_of(r, 12) == 1u);  // exhausted, not by the budget
  r = ok;
  r.stopped_by = "budget";
  BOOST_TEST(violations_of(r, 100) == 1u);  // stopped "by the budget"
  r = ok;
  r.counts = {0, 7, 5};
  BOOST_TEST(violations_of(r, 100) == 1u);  // stopped with an arm never sampled
}

// The tally (the one estimator's rule): failures are the runs that stopped on a wrong arm; budget
// hits are counted apart (with their wrong guesses) and enter only the upper bound.
BOOST_AUTO_TEST_CASE(tally_counts_stopped_wrong_runs_and_budget_hits_apart) {
  auto make = [](std::size_t best_arm, run_status st) {
    run_result r;
    r.best_arm = best_arm;
    r.counts = {5, 5};
    r.pulls = 10;
    r.status = st;
    r.stopped_by = st == run_status::stopped ? "ls" : "budget";
    return r;
  };
  const std::vector<run_result> results{make(0, run_status::stopped), make(1, run_status::stopped),
                                        make(0, run_status::budget_exhausted),
                                        make(1, run_status::budget_exhausted)};
  const auto rep = tally("t", results, 2, 0, 0.3, 10);
  BOOST_TEST(rep.runs() == 4u);
  BOOST_TEST(rep.wrong() == 1u);
  BOOST_TEST(rep.budget_exhausted() == 2u);
  BOOST_TEST(rep.budget_exhausted_correct() == 1u);
  BOOST_TEST(rep.violations.empty());
  BOOST_TEST(rep.estimate.lower == lilucb::clopper_pearson_lower(1, 4, kAlpha));
  BOOST_TEST(rep.estimate.upper == lilucb::clopper_pearson_upper(3, 4, kAlpha));
  BOOST_TEST(!rep.rejected());
  // Every run stopped wrong: 20 runs reject nu = 0.3 (L = 1e-6^(1/20) = 0.50) ...
  const auto all_wrong = tally("t", std::vector<run_result>(20, make(1, run_status::stopped)), 2, 0, 0.3, 10);
  BOOST_TEST(all_wrong.rejected());
  // ... but 20 runs that never stop cannot be rejected (they are not wrong answers), while their
  // upper bound is 1: the budget can hide a failure from the test, never invent one.
  const auto none_stop =
      tally("t", std::vector<run_result>(20, make(1, run_status::budget_exhausted)), 2, 0, 0.3, 10);
  BOOST_TEST(!none_stop.rejected());
  BOOST_TEST(none_stop.estimate.upper == 1.0);
}

BOOST_AUTO_TEST_SUITE_END()

// ---------------------------------------------------------------------------------------------
// lilucb-heuristic has no guarantee: no error rate is asserted, but on easy instances (best gap
// >= 0.2, every other pair of arms >= 0.05 apart, so no ties can keep its stopping rule from
// firing) every run must stop within the budget with a valid, contract-abiding answer.
BOOST_AUTO_TEST_SUITE(heuristic)

RC_BOOST_PROP(lilucb_heuristic_stops_with_a_valid_arm_on_easy_instances, ()) {
  const bandit_case c = *gen::easy_case();
  RC_ASSERT(c.min_gap >= 0.2 - 1e-9);
  constexpr std::size_t runs = 30;
  run_options base = options_for(c);
  base.max_pulls = 10'000'000;
  const auto rep = with_arms(c, [&](const auto& arms) {
    return check_error_rate(
        "lilucb-heuristic", c.means.size(), c.best, c.nu, base, runs,
        [&](const run_options& o) { return lb::run_algorithm(algorithm::lilucb_heuristic, arms, o); });
  });
  BOOST_TEST_MESSAGE(short_description(c)
                     << " | lilucb-heuristic (no guarantee, error rate not asserted): wrong=" << rep.wrong() << "/"
                     << rep.runs() << " budget_exhausted=" << rep.budget_exhausted()
                     << " mean_pulls=" << rep.estimate.mean_pulls << " max_pulls=" << rep.estimate.max_pulls);
  RC_LOG() << rep.summary() << "\n";
  RC_ASSERT(rep.runs() == runs);
  RC_ASSERT(rep.violations.empty());
  RC_ASSERT(rep.budget_exhausted() == 0u);
}

BOOST_AUTO_TEST_SUITE_END()

// ---------------------------------------------------------------------------------------------
// Runs that cannot stop.  Bernoulli arms with means {0, 1, 1}: arms 1 and 2 always pay 1, so no
// confidence bound ever separates them; lil'UCB alternates between them (neither reaches the
// fraction a/(1+a) of the pulls), the LS rule never fires, elimination never drops either.  Every
// algorithm must run to its budget exactly and say so, whatever the budget (also below n; with a budget of a few
// pulls the answer may be arm 0, e.g. lil'UCB's most-pulled arm with ties to the lowest index).
BOOST_AUTO_TEST_SUITE(budgets)

BOOST_AUTO_TEST_CASE(exact_ties_run_to_the_budget_and_report_it) {
  const lb::bernoulli_arms arms({0.0, 1.0, 1.0});
  for (algorithm alg : lb::all_algorithms)
    for (std::uint64_t budget :
         {std::uint64_t{2}, std::uint64_t{3}, std::uint64_t{12'345}, std::uint64_t{200'000}})
      for (std::uint64_t run = 0; run < 3; ++run) {
        BOOST_TEST_CONTEXT(lb::to_string(alg) << " budget=" << budget << " run=" << run) {
          run_options o;
          o.nu = 0.1;
          o.seed = 5;
          o.run = run;
          o.max_pulls = budget;
          const run_result r = lb::run_algorithm(alg, arms, o);
          std::vector<std::string> violations;
          check_contract(r, arms.size(), budget, run, violations);
          BOOST_TEST(violations.empty());
          for (const auto& v : violations) BOOST_TEST_MESSAGE(v);
          BOOST_TEST((r.status == run_status::budget_exhausted));
          BOOST_TEST(r.pulls == budget);
          BOOST_TEST(r.stopped_by == "budget");
          if (budget > 100) BOOST_TEST((r.best_arm == 1u || r.best_arm == 2u), "best_arm=" << r.best_arm);
        }
      }
}

BOOST_AUTO_TEST_SUITE_END()
