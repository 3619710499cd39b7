// Statistical correctness of epsilon-good stopping (Proposition Gε-M1,
// docs/certified-glr/epsilon-topm.md, section 7): GLR stopping at the one-sided threshold with an
// epsilon-good target must answer an arm whose mean is at least the target's threshold (mu* - eps,
// or (1 - eps) mu*) with probability >= 1 - delta, for ANY sampling rule and with tied best arms.
//
// Statement tested, per cell: R runs on streams (seed, k), F = the runs that STOPPED with an arm
// that is not epsilon-good (bandit/target.hpp, is_good_answer); F is Binomial(R, p') with p' at
// most the rule's error probability; the test FAILS when the exact one-sided Clopper-Pearson lower
// bound of F at level 1e-6 exceeds delta.  At delta = 1/2 a rule that broke its guarantee shows
// it; the planted failures beside (the same rule with a statistic twenty times too confident, and
// the rule at a target ten times too generous) must be rejected by the same test, so it can fail.
// The samplers: EB-TCI-IDS and T3C-IDS with EB-TCε's challenger (the first is the recommended
// method), uniform, and an adversary that starves the epsilon-good arms (a fifth of the pulls
// uniform, the rest to the empirically best arm that is not epsilon-good).  Each rule is built on
// the prior the toolkit gives the question (question_grid: the epsilon band for an additive
// epsilon).  Every run must also stop within its budget (runs on exact ties stop: the statistic
// grows linearly).
#include <boost/test/unit_test.hpp>

#include "large_delta.hpp"

#include "lilucb/bandit/compose.hpp"
#include "lilucb/bandit/parallel.hpp"
#include "lilucb/bandit/stopping/glr_one_sided.hpp"
#include "lilucb/bandit/target.hpp"
#include "lilucb/clopper_pearson.hpp"

#include <sstream>
#include <string>
#include <vector>

namespace lb = lilucb::bandit;
using lilucb_stats::large_delta_runs;
using lilucb_stats::starve_the_good;

namespace {

enum class sampler { eb_tci_ids, t3c_ids, uniform, starve };

struct cell {
  std::string label;
  std::vector<double> means;
  bool bernoulli = false;
  lb::answer_target target;  ///< the question asked (and counted)
};

using tally = lilucb_stats::error_tally;

constexpr double kNu = 0.5;
constexpr double kAlpha = 1e-6;

/// R runs of `which` sampler with GLR one-sided stopping at `rule_target` (sigma_stat its sigma),
/// counted against the cell's own target.
tally run_cell(const cell& c, sampler which, std::size_t runs, lb::answer_target rule_target, double sigma_stat) {
  std::vector<bool> good(c.means.size());
  for (std::size_t i = 0; i < c.means.size(); ++i) good[i] = lb::is_good_answer(c.target, c.means, i);
  lb::run_options o;
  o.nu = kNu;
  o.sigma = sigma_stat;
  o.seed = 20261203;
  o.max_pulls = 5'000'000;
  auto run_one = [&](const lb::run_options& oo) {
    auto go = [&](const auto& arms) {
      if (which == sampler::starve) {
        starve_the_good s(good);
        lb::stopping::glr_one_sided stop(arms.size(), sigma_stat, kNu, lb::stopping::question_grid(sigma_stat, rule_target),
                                         rule_target);
        return lb::run_composed(arms, s, stop, oo).run;
      }
      const char* method[] = {"eb-tci-ids+glr-one-sided", "t3c-ids+glr-one-sided", "uniform+glr-one-sided"};
      lb::combination comb = lb::parse_combination(method[int(which)]);
      comb.target = rule_target;
      return lb::run_combination(comb, arms, oo).run;
    };
    return c.bernoulli ? go(lb::bernoulli_arms(c.means)) : go(lb::gaussian_arms(c.means, 0.5));
  };
  const auto results = lb::run_many(o, runs, 0, run_one);
  tally t;
  const char* names[] = {"eb-tci-ids", "t3c-ids", "uniform", "starve-the-good"};
  t.name = std::string(names[int(which)]) + "+glr-one-sided at " + lb::to_string(rule_target) + " (sigma_stat " +
           std::to_string(sigma_stat) + ") on " + c.label;
  t.count(results, good, kAlpha);
  return t;
}

// The cells: exact ties among the best arms with a bad arm just below the target's threshold,
// additive and relative, Gaussian (sigma 1/2) and Bernoulli (sigma 1/2 by Hoeffding's lemma).
std::vector<cell> cells() {
  return {
      {"tie3 + bad at mu* - 1.2 eps (Gaussian, eps 0.1)", {0.4, 0.4, 0.4, 0.28, 0.28}, false, {0.1, false}},
      {"tie2 + bad at 0.82 mu* (Gaussian, relative eps 0.1)", {0.4, 0.4, 0.33, 0.2}, false, {0.1, true}},
      {"tie2 + bad at mu* - 1.6 eps (Bernoulli, eps 0.05)", {0.5, 0.5, 0.42, 0.3}, true, {0.05, false}},
  };
}

}  // namespace

BOOST_AUTO_TEST_SUITE(epsilon_good_large_delta)

BOOST_AUTO_TEST_CASE(certified_at_delta_half_for_every_sampler) {
  for (const auto& c : cells())
    for (auto s : {sampler::eb_tci_ids, sampler::t3c_ids, sampler::uniform, sampler::starve}) {
      const auto t = run_cell(c, s, large_delta_runs(), c.target, 0.5);
      BOOST_TEST_MESSAGE(t.summary());
      BOOST_TEST(t.stopped == t.runs, t.summary());  // every run stops within its budget
      BOOST_TEST(!t.rejected(kNu), t.summary());
    }
}

// On an exact tie of every arm every answer is epsilon-good: the runs must stop (Lemma T's point:
// the epsilon-good statistic grows linearly), well inside the budget.
BOOST_AUTO_TEST_CASE(runs_stop_on_exact_ties) {
  const cell tie{"all tied (Gaussian, eps 0.1)", {0.3, 0.3, 0.3, 0.3}, false, {0.1, false}};
  const auto t = run_cell(tie, sampler::eb_tci_ids, 100, tie.target, 0.5);
  BOOST_TEST_MESSAGE(t.summary());
  BOOST_TEST(t.stopped == t.runs, t.summary());
  BOOST_TEST(t.wrong == 0u, t.summary());
}

// The planted failures, each on an instance where one arm only is epsilon-good and eleven are just
// below the threshold, sampled round robin: the rule twenty times too confident (sigma/20: it stops after a round) and
// the rule answering a question ten times too generous (eps 1 counted at eps 0.1).  Both must be
// rejected, so the tests above can fail.  (At three times too generous, eps 0.3, with five bad
// arms and the starving sampler: 48 wrong answers in 300 runs, an error rate near 0.16, too small
// to reject at delta = 1/2.)
BOOST_AUTO_TEST_CASE(planted_overconfident_rules_are_rejected) {
  cell one_good{"one good, eleven at mu* - 1.2 eps (Gaussian, eps 0.1)", {0.4}, false, {0.1, false}};
  one_good.means.resize(12, 0.28);
  const auto sharp = run_cell(one_good, sampler::uniform, large_delta_runs(), one_good.target, 0.5 / 20);
  BOOST_TEST_MESSAGE(sharp.summary());
  BOOST_TEST(sharp.rejected(kNu), sharp.summary());
  const auto generous = run_cell(one_good, sampler::uniform, large_delta_runs(), {1.0, false}, 0.5);
  BOOST_TEST_MESSAGE(generous.summary());
  BOOST_TEST(generous.rejected(kNu), generous.summary());
}

BOOST_AUTO_TEST_SUITE_END()
