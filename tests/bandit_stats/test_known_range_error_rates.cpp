// Statistical correctness of the pooled rules for rewards in a known range, with
// empirical-Bernstein bets (Proposition PE, docs/certified-glr/pooled-eb.md) and with range-scaled
// betting bounded by hat sums (Proposition PB, docs/certified-glr/pooled-betting.md), at a LARGE
// delta (1/2), where a rule that broke its guarantee would show it: the exact one-sided
// Clopper-Pearson test of error_rate_check.hpp at level 1e-6 (the test FAILS when the lower bound
// of the error rate exceeds delta).
//
// Instances (K = 8 arms, best at index 3, five arms tied just below it, so the lead changes hands
// and the pooled arm mixes several arms' pulls): Bernoulli at low rates (best 0.05, five at 0.04,
// two at 0.01) and near 1 (0.97, 0.96, 0.9), and Beta rewards on [-2, 6] (bounded_arms,
// concentration 9: the rules read them rescaled to [0, 1]; means 3, 2.8, 1).  Sampling rules: T3C,
// round robin, and the adversarial rule of test_pooled_kl_error_rates.cpp (it knows the best arm
// and starves it: a fifth of the pulls go to a random arm, the rest to the best non-leading arm
// other than the best, which switches the lead as often as the rewards allow).
//
// The planted failures, which the same test must reject (so it can fail): each rule at the
// threshold log(1/delta) - 8 (as if its prior had mass e^8) and at log(1/delta) - 2.
// LILUCB_LARGE_DELTA_RUNS sets the run count (default 300: CI runs the rows of
// each suite's samplers_and_instances_at_delta_half comment; the long entry runs all of them at 3000).
#include <boost/test/unit_test.hpp>

#include "error_rate_check.hpp"
#include "large_delta.hpp"

#include "lilucb/bandit/compose.hpp"
#include "lilucb/bandit/sampling/top_two.hpp"
#include "lilucb/bandit/detail/eb_mixture.hpp"
#include "lilucb/bandit/detail/hat_mixture.hpp"
#include "lilucb/bandit/stopping/glr_pooled_betting.hpp"
#include "lilucb/bandit/stopping/glr_pooled_eb.hpp"

#include <cstdlib>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

using namespace lilucb_stats;
namespace lb = lilucb::bandit;

namespace {

struct instance {
  const char* label;
  std::vector<double> means;
  bool beta;  // bounded_arms on [lo, hi] (else Bernoulli)
};
constexpr double lo = -2, hi = 6;
const std::vector<instance> instances{
    {"low rates", {0.04, 0.01, 0.04, 0.05, 0.04, 0.01, 0.04, 0.04}, false},
    {"near one", {0.96, 0.9, 0.96, 0.97, 0.96, 0.9, 0.96, 0.96}, false},
    {"Beta on [-2, 6]", {2.8, 1.0, 2.8, 3.0, 2.8, 1.0, 2.8, 2.8}, true},
};
constexpr std::size_t best = 3;

// matched: t3c-ids-matched, whose costs are the stopping statistic's (capped betting rates with
// pooled-betting, empirical variances with pooled-eb) on the rescaled rewards.
enum class sampler { t3c, uniform, starve, matched };

run_options large_delta_options() {
  run_options o;
  o.nu = 0.5;
  o.seed = 20261129;
  o.max_pulls = 4'000'000;
  return o;
}

using any_arms = std::variant<lb::bernoulli_arms, lb::bounded_arms>;
any_arms arms_of(const instance& in) {
  if (in.beta) return lb::bounded_arms(in.means, lo, hi);
  return lb::bernoulli_arms(in.means);
}

/// The rule of the instance's model: rescaled from [lo, hi] on Beta arms.
template <class Rule>
Rule rule_for(const instance& in, std::size_t K, double delta) {
  return in.beta ? Rule(K, delta, lo, hi) : Rule(K, delta);
}

/// The threshold's name in combinations, per rule.
template <class Rule>
std::string threshold_name() {
  return std::is_same_v<Rule, lb::stopping::glr_pooled_eb> ? "glr-pooled-eb" : "glr-pooled-betting";
}

template <class Rule>
error_rate_report report(const instance& in, sampler which, std::size_t runs) {
  const any_arms arms = arms_of(in);
  const auto run_one = [&](const run_options& oo) {
    return std::visit(
        [&](const auto& a) {
          if (which == sampler::starve) {
            auto stop = rule_for<Rule>(in, a.size(), oo.nu);
            starve_the_best s(best);
            return lb::run_composed(a, s, stop, oo).run;
          }
          const char* prefix = which == sampler::t3c ? "t3c+" : which == sampler::matched ? "t3c-ids-matched+" : "uniform+";
          const auto c = lb::parse_combination(prefix + threshold_name<Rule>());
          return lb::run_combination(c, a, oo).run;
        },
        arms);
  };
  const char* names[] = {"t3c", "uniform", "starve-the-best", "t3c-ids-matched"};
  return check_error_rate(std::string(names[int(which)]) + "+" + threshold_name<Rule>() + " on " + in.label,
                          in.means.size(), best, 0.5, large_delta_options(), runs, run_one);
}

/// Whether pair c passes the rule's own certified search at threshold thr.
bool pair_passes(const lb::stopping::glr_pooled_eb& rule, std::size_t c, double thr) {
  const auto p = rule.pair(c);
  if (p.v.n == 0 || p.c.n == 0) return false;
  return lb::eb_mixture::search(p, lb::eb_mixture::gaussian_guess(p), thr).lower >= thr;
}
bool pair_passes(const lb::stopping::glr_pooled_betting& rule, std::size_t c, double thr) {
  const auto p = rule.pair(c);
  if (p.v.n == 0 || p.c.n == 0) return false;
  return lb::hat_mixture::search(p, lb::hat_mixture::guess(p), thr).lower >= thr;
}

/// A planted failure: a rule at the threshold log(1/delta) - bonus (its statistic credited with
/// `bonus` nats it has not earned), the decision otherwise the rule's own: stop when every
/// challenger c of the leader passes the rule's certified search at that threshold.  The
/// challenger that failed last is searched first (the same verdict: all must pass), so a pull
/// that does not stop usually costs one search.
template <class Rule>
class overconfident {
 public:
  overconfident(Rule rule, std::size_t K, double bonus) : rule_(std::move(rule)), K_(K), thr_(rule_.threshold() - bonus) {}
  static const char* name() { return "glr"; }
  static constexpr bool certified() { return false; }
  static std::string certificate() { return "none: planted"; }
  void observe(std::size_t i, const lb::arm_stats& s) { rule_.observe(i, s); }
  bool should_stop(const lb::arm_stats&) const {
    const std::size_t L = rule_.leader();
    if (L >= K_) return false;
    if (failed_ != L && !pair_passes(rule_, failed_, thr_)) return false;
    for (std::size_t c = 0; c < K_; ++c)
      if (c != L && c != failed_ && !pair_passes(rule_, c, thr_)) {
        failed_ = c;
        return false;
      }
    return true;
  }
  std::size_t recommendation(const lb::arm_stats& s) const { return rule_.recommendation(s); }

 private:
  Rule rule_;
  std::size_t K_;
  double thr_;
  mutable std::size_t failed_ = 0;  // the challenger that failed last
};

template <class Rule>
error_rate_report planted_report(const instance& in, sampler which, double bonus, std::size_t runs) {
  const any_arms arms = arms_of(in);
  const auto run_one = [&](const run_options& oo) {
    return std::visit(
        [&](const auto& a) {
          overconfident<Rule> stop(rule_for<Rule>(in, a.size(), oo.nu), a.size(), bonus);
          if (which == sampler::starve) {
            starve_the_best s(best);
            return lb::run_composed(a, s, stop, oo).run;
          }
          auto s = lb::sampling::t3c(a.size(), 0.5);
          return lb::run_composed(a, s, stop, oo).run;
        },
        arms);
  };
  return check_error_rate(std::string(which == sampler::starve ? "starve-the-best" : "t3c") + "+planted-overconfident-" +
                              threshold_name<Rule>() + " (+" + std::to_string(int(bonus)) + " nats) on " + in.label,
                          in.means.size(), best, 0.5, large_delta_options(), runs, run_one);
}

struct row {
  std::size_t instance;
  sampler which;
  std::size_t share;  // runs = large_delta_runs() / share
};

/// The rows a suite runs: `ci` at the default run count, every sampler on every instance in the
/// long entry.
template <class Rule>
void check_rows(std::vector<row> ci) {
  if (large_delta_runs() > 300) {
    ci.clear();
    for (std::size_t i = 0; i < instances.size(); ++i)
      for (auto s : {sampler::t3c, sampler::uniform, sampler::starve, sampler::matched}) ci.push_back({i, s, 1});
  }
  for (const auto& r : ci) {
    const auto rep = report<Rule>(instances[r.instance], r.which, large_delta_runs() / r.share);
    BOOST_TEST_MESSAGE(rep.summary());
    BOOST_TEST(rep.violations.empty(), rep.summary());
    BOOST_TEST(!rep.rejected(), rep.summary());
  }
}

template <class Rule>
void check_planted() {
  for (auto s : {sampler::t3c, sampler::starve}) {
    const auto rep = planted_report<Rule>(instances[0], s, 8, large_delta_runs());
    BOOST_TEST_MESSAGE(rep.summary());
    BOOST_TEST(rep.rejected(), rep.summary());
  }
  const auto rep = planted_report<Rule>(instances[2], sampler::starve, 2, large_delta_runs());
  BOOST_TEST_MESSAGE(rep.summary());
  BOOST_TEST(rep.rejected(), rep.summary());
}

}  // namespace

BOOST_AUTO_TEST_SUITE(pooled_eb_large_delta)

// CI: the low rates with T3C and the Beta arms with T3C and (on a third of the runs) the starving
// sampler, whose runs are longer; the near-one rates and the starving sampler on the low rates
// (10^5 to 10^6 pulls a run) only in the long entry, which runs every sampler on every instance at
// 3000 runs.
BOOST_AUTO_TEST_CASE(samplers_and_instances_at_delta_half) {
  check_rows<lb::stopping::glr_pooled_eb>({{0, sampler::t3c, 1}, {2, sampler::t3c, 1}, {2, sampler::starve, 3}});
}

BOOST_AUTO_TEST_CASE(planted_overconfident_rules_are_rejected) { check_planted<lb::stopping::glr_pooled_eb>(); }

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(pooled_betting_large_delta)

// CI: as PE's suite, and the matched sampler (capped betting costs) on the Beta arms; the long
// entry runs every sampler on every instance at 3000 runs.
BOOST_AUTO_TEST_CASE(samplers_and_instances_at_delta_half) {
  check_rows<lb::stopping::glr_pooled_betting>(
      {{0, sampler::t3c, 1}, {2, sampler::t3c, 1}, {2, sampler::starve, 3}, {2, sampler::matched, 1}});
}

BOOST_AUTO_TEST_CASE(planted_overconfident_rules_are_rejected) { check_planted<lb::stopping::glr_pooled_betting>(); }

BOOST_AUTO_TEST_SUITE_END()
