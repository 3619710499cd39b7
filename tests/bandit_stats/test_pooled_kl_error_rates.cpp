// Statistical correctness of the pooled rule with Bernoulli tilts (Proposition PK,
// docs/certified-glr/pooled-kl.md) at a LARGE delta (1/2), where a rule that broke its guarantee
// would show it: the exact one-sided Clopper-Pearson test of error_rate_check.hpp at level 1e-6
// (the test FAILS when the lower bound of the error rate exceeds delta).
//
// Instances (K = 8 Bernoulli arms, best at index 3): five arms tied just below the best, so the
// lead changes hands and the pooled arm mixes several arms' pulls, at low rates (best 0.05, five
// at 0.04, two at 0.01), at rates near 1 (0.97, 0.96, 0.9) and at the largest variance (0.5,
// 0.45, 0.3), and weak arms beside two near the best (0.3 best, 0.285 and 0.27, then 0.2 down to
// 0.02: arms with few pulls and means near 0 against a pooled side pulled on and on, where the
// mass at zero acts).  Sampling rules: T3C, round robin, and an adversarial rule written for this
// test that knows the best arm and starves it (a fifth of the pulls go to a random arm; the rest to the
// best non-leading arm other than the best, which pushes it past the leader: the lead switches
// as often as the rewards allow).  Each row runs the rule as shipped (its default grid has the
// mass at zero of docs/certified-glr/pooled-kl.md, "No stalls").
//
// The planted failure: the same statistic credited with 8 unearned nats (a prior of mass e^8) must
// be rejected by the same test, so the test can fail.  LILUCB_LARGE_DELTA_RUNS sets the run count
// (default 300: CI runs each instance with one or two samplers; the long entry runs all of them at
// 3000).
#include <boost/test/unit_test.hpp>

#include "error_rate_check.hpp"
#include "large_delta.hpp"

#include "lilucb/bandit/compose.hpp"
#include "lilucb/bandit/sampling/top_two.hpp"
#include "lilucb/bandit/stopping/glr_pooled_kl.hpp"

#include <cstdlib>
#include <string>
#include <vector>

using namespace lilucb_stats;
namespace lb = lilucb::bandit;

namespace {

struct instance {
  const char* label;
  std::vector<double> means;
};
const std::vector<instance> instances{
    {"low rates", {0.04, 0.01, 0.04, 0.05, 0.04, 0.01, 0.04, 0.04}},
    {"near one", {0.96, 0.9, 0.96, 0.97, 0.96, 0.9, 0.96, 0.96}},
    {"largest variance", {0.45, 0.3, 0.45, 0.5, 0.45, 0.3, 0.45, 0.45}},
    {"weak arms", {0.285, 0.05, 0.27, 0.3, 0.02, 0.2, 0.1, 0.27}},
};
constexpr std::size_t best = 3;

enum class sampler { t3c, uniform, starve };

/// The runs' options: delta = 1/2 (the rule's and the test's), the test's seed, a budget far above
/// every run's pulls.
run_options large_delta_options() {
  run_options o;
  o.nu = 0.5;
  o.seed = 20261128;
  o.max_pulls = 4'000'000;
  return o;
}

/// The rule as shipped (the default grid: 31 tilts and a mass at zero).
error_rate_report report(const instance& in, sampler which, std::size_t runs) {
  const lb::bernoulli_arms arms(in.means);
  const auto run_one = [&](const run_options& oo) {
    if (which == sampler::starve) {
      lb::stopping::glr_pooled_kl stop(arms.size(), oo.nu);
      starve_the_best s(best);
      return lb::run_composed(arms, s, stop, oo).run;
    }
    const auto c = lb::parse_combination(which == sampler::t3c ? "t3c+glr-pooled-kl" : "uniform+glr-pooled-kl");
    return lb::run_combination(c, arms, oo).run;
  };
  const char* names[] = {"t3c", "uniform", "starve-the-best"};
  return check_error_rate(std::string(names[int(which)]) + "+glr-pooled-kl on " + in.label,
                          arms.size(), best, 0.5, large_delta_options(), runs, run_one);
}


/// The planted failure: Proposition PK's statistic credited with 8 nats it has not earned (as if
/// each arm's prior weighed e^4, total mass e^8 instead of at most 1), in the same decision: stop
/// when every challenger c of the leader has statistic(c) + 8 >= log(1/delta).
class overconfident_pooled_kl {
 public:
  overconfident_pooled_kl(std::size_t K, double delta) : rule_(K, delta), K_(K) {}
  static const char* name() { return "glr"; }
  static constexpr bool certified() { return false; }
  static std::string certificate() { return "none: planted"; }
  void observe(std::size_t i, const lb::arm_stats& s) { rule_.observe(i, s); }
  bool should_stop(const lb::arm_stats& s) const {
    const std::size_t L = rule_.leader();
    if (L >= K_) return false;
    for (std::size_t c = 0; c < K_; ++c)
      if (c != L && rule_.statistic(c, s) + 8 < rule_.threshold()) return false;
    return true;
  }
  std::size_t recommendation(const lb::arm_stats& s) const { return rule_.recommendation(s); }

 private:
  lb::stopping::glr_pooled_kl rule_;
  std::size_t K_;
};

error_rate_report planted_report(sampler which, std::size_t runs) {
  const instance& in = instances[0];
  const lb::bernoulli_arms arms(in.means);
  const auto run_one = [&](const run_options& oo) {
    overconfident_pooled_kl stop(arms.size(), oo.nu);
    if (which == sampler::starve) {
      starve_the_best s(best);
      return lb::run_composed(arms, s, stop, oo).run;
    }
    auto s = lb::sampling::t3c(arms.size(), 0.5);
    return lb::run_composed(arms, s, stop, oo).run;
  };
  return check_error_rate(std::string(which == sampler::starve ? "starve-the-best" : "t3c") +
                              "+planted-overconfident-pooled-kl on low rates",
                          arms.size(), best, 0.5, large_delta_options(), runs, run_one);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(pooled_kl_large_delta)

// CI: each instance with at least one sampler (the starving one on a third of the runs: its runs
// are ten times longer); the long entry runs every sampler on every instance at 3000 runs.
BOOST_AUTO_TEST_CASE(samplers_and_instances_at_delta_half) {
  const bool long_mode = large_delta_runs() > 300;
  struct row {
    std::size_t instance;
    sampler which;
    std::size_t share;  // runs = large_delta_runs() / share
  };
  // The weak arms (instance 3) stop thanks to the mass at zero: on the positive tilts alone, 42 of
  // 300 runs stalled until the budget (docs/certified-glr/pooled-kl.md, "No stalls").
  std::vector<row> rows{{0, sampler::t3c, 1},    {0, sampler::starve, 3}, {1, sampler::t3c, 1},
                        {2, sampler::starve, 3}, {3, sampler::t3c, 1},    {3, sampler::starve, 3}};
  if (long_mode) {
    rows.clear();
    for (std::size_t i = 0; i < instances.size(); ++i)
      for (auto s : {sampler::t3c, sampler::uniform, sampler::starve}) rows.push_back({i, s, 1});
  }
  for (const auto& r : rows) {
    const auto rep = report(instances[r.instance], r.which, large_delta_runs() / r.share);
    BOOST_TEST_MESSAGE(rep.summary());
    BOOST_TEST(rep.violations.empty(), rep.summary());
    BOOST_TEST(!rep.rejected(), rep.summary());
  }
}

BOOST_AUTO_TEST_CASE(planted_overconfident_rule_is_rejected) {
  for (auto s : {sampler::t3c, sampler::starve}) {
    const auto rep = planted_report(s, large_delta_runs());
    BOOST_TEST_MESSAGE(rep.summary());
    BOOST_TEST(rep.rejected(), rep.summary());
  }
}

BOOST_AUTO_TEST_SUITE_END()
