// Statistical correctness of the stopping rules for Gaussian rewards of unknown, possibly different
// variances, Proposition GU (docs/certified-glr/epsilon-topm.md, section 3) and Proposition PT
// (docs/certified-glr/paired-t.md): each must answer a g-good arm (the best arm, or an epsilon-good
// one) with probability >= 1 - delta for ANY sampling rule, whatever the arms' standard deviations,
// without reading them.
//
// Statement tested, per cell: R runs on streams (seed, k), F = the runs that STOPPED with an arm
// that is not g-good (bandit/target.hpp, is_good_answer); F is Binomial(R, p') with p' at most the
// rule's error probability; the test FAILS when the exact one-sided Clopper-Pearson lower bound of
// F at level 1e-6 (Boost.Math's beta quantile, lilucb/clopper_pearson.hpp) exceeds delta = 1/2.
// The cells: near-tied Gaussian arms with standard deviations far apart (0.2, 2, 0.5, 1), best arm
// and additive and relative epsilon-good questions.  The samplers: round robin, T3C-IDS (through
// run_combination with run_options::unknown_variance), for PT also T3C-IDS matched to the arms'
// empirical variances (the recommended method), and an adversary that starves the best arm
// (large_delta.hpp).  The planted failures beside, which the
// same test must reject so that it can fail: GU asked a question a hundred times too generous, and
// PT whose blocks sum the rewards instead of averaging them (a ratio r:1 then tests r mu_a - mu_c,
// positive for a bad leader with positive means).  The
// over-confident variant with each arm's predictable Student-t predictive replaced by the
// maximum-likelihood Gaussian density of its included pulls (fitted to the very rewards it scores:
// not predictable), i.e. the t-type GLR at GU's threshold log((K - 1)/delta), errs above delta but
// too rarely to reject with these run counts: its error rate is reported (measurements below).
#include <boost/test/unit_test.hpp>

#include "large_delta.hpp"

#include "lilucb/bandit/compose.hpp"
#include "lilucb/random.hpp"
#include "lilucb/bandit/parallel.hpp"
#include "lilucb/bandit/stopping/glr_paired_t.hpp"
#include "lilucb/bandit/stopping/glr_unknown_variance.hpp"
#include "lilucb/bandit/target.hpp"
#include "lilucb/clopper_pearson.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <sstream>
#include <string>
#include <vector>

namespace lb = lilucb::bandit;
namespace ls = lilucb::bandit::stopping;
using lilucb_stats::large_delta_runs;

namespace {

constexpr double kNu = 0.5;
constexpr double kAlpha = 1e-6;

/// The planted over-confident rule: GU's statistic with L_i replaced by the arm's maximum
/// log-likelihood -(n/2) log(2 pi e v) (the ML density at the current estimate, which has seen the
/// rewards it scores), at log((K - 1)/delta).
class planted_ml {
 public:
  planted_ml(std::size_t K, double delta, lb::answer_target t)
      : arms_(K), target_(t), threshold_(std::log(static_cast<double>(K - 1) / delta)) {}
  static constexpr const char* name() { return "planted-ml"; }
  static constexpr bool certified() { return false; }
  static std::string certificate() { return "none: planted"; }
  void observe(std::size_t i, const lb::arm_stats& s) { arms_[i].add(s.last_added()); }
  std::size_t recommendation(const lb::arm_stats& s) const { return s.empirical_best(); }
  bool should_stop(const lb::arm_stats& s) const {
    const std::size_t a = s.empirical_best();
    const double log2pie = std::log(2 * std::numbers::pi * std::numbers::e);
    for (std::size_t c = 0; c < arms_.size(); ++c) {
      if (c == a) continue;
      const auto &A = arms_[a], &C = arms_[c];
      if (A.n < 2 || C.n < 2 || !(A.v() > 0) || !(C.v() > 0)) return false;
      const double na = static_cast<double>(A.n), nc = static_cast<double>(C.n);
      const double lmax = -0.5 * na * (log2pie + std::log(A.v())) - 0.5 * nc * (log2pie + std::log(C.v()));
      const double budget = lmax - threshold_;  // the pair passes when the sup is at most this
      if (lmax - ls::gu_sup_upper(na, A.mean, A.v(), nc, C.mean, C.v(), target_, budget, budget) < threshold_)
        return false;
    }
    return true;
  }

 private:
  std::vector<ls::gu_arm> arms_;
  lb::answer_target target_;
  double threshold_;
};

/// The planted PT variant: Proposition PT's statistic on blocks that SUM each side's rewards (no
/// division by the ratio), at PT's threshold.
class planted_block_sums {
 public:
  planted_block_sums(std::size_t K, double delta)
      : tapes_(K),
        threshold_(std::log(static_cast<double>(K - 1) * static_cast<double>(ls::paired_t_ratios.size()) / delta)) {}
  static constexpr const char* name() { return "planted-block-sums"; }
  static constexpr bool certified() { return false; }
  static std::string certificate() { return "none: planted"; }
  void observe(std::size_t i, const lb::arm_stats& s) { tapes_[i].push_back(s.last_added()); }
  std::size_t recommendation(const lb::arm_stats& s) const { return s.empirical_best(); }
  /// Every challenger c of the leader passes; the one that failed last is tried first (the same
  /// verdict: all must pass).
  bool should_stop(const lb::arm_stats& s) const {
    const std::size_t a = s.empirical_best();
    if (failed_ != a && !passes(a, failed_)) return false;
    for (std::size_t c = 0; c < tapes_.size(); ++c)
      if (c != a && c != failed_ && !passes(a, c)) {
        failed_ = c;
        return false;
      }
    return true;
  }

 private:
  bool passes(std::size_t a, std::size_t c) const {
    double best = -std::numeric_limits<double>::infinity();
    for (const auto& [ra, rc] : ls::paired_t_ratios) {
      const std::size_t k = std::min(tapes_[a].size() / ra, tapes_[c].size() / rc);
      double mean = 0, m2 = 0;
      for (std::size_t j = 0; j < k; ++j) {
        double d = 0;
        for (std::size_t n = 0; n < ra; ++n) d += tapes_[a][j * ra + n];
        for (std::size_t n = 0; n < rc; ++n) d -= tapes_[c][j * rc + n];
        const double dm = d - mean;
        mean += dm / static_cast<double>(j + 1);
        m2 += dm * (d - mean);
      }
      best = std::max(best, ls::paired_t_log_evalue(k, mean, m2));
    }
    return best >= threshold_;
  }

  std::vector<std::vector<double>> tapes_;
  double threshold_;
  mutable std::size_t failed_ = 0;  // the challenger that failed last
};

/// The certified rule under test.
enum class rule { gu, pt };

enum class sampler { uniform, t3c_ids, starve, planted, planted_sums, t3c_ids_matched };

struct cell {
  std::string label;
  std::vector<double> means, sigmas;
  lb::answer_target target;
};

using tally = lilucb_stats::error_tally;

/// R runs of `which` on cell c, the rule asked c.target (or `rule_target` when given: a planted
/// question), the answers counted against c.target.
tally run_cell(rule certified, const cell& c, sampler which, std::size_t runs, std::uint64_t max_pulls = 400'000,
               double nu = kNu, const lb::answer_target* rule_target = nullptr) {
  const lb::answer_target asked = rule_target ? *rule_target : c.target;
  std::vector<bool> good(c.means.size());
  for (std::size_t i = 0; i < c.means.size(); ++i) good[i] = lb::is_good_answer(c.target, c.means, i);
  std::size_t best = 0;
  for (std::size_t i = 1; i < c.means.size(); ++i)
    if (c.means[i] > c.means[best]) best = i;
  const lb::gaussian_arms arms(c.means, c.sigmas);
  lb::run_options o;
  o.nu = nu;
  o.seed = 20261203;
  o.max_pulls = max_pulls;
  o.unknown_variance = true;
  auto run_one = [&](const lb::run_options& oo) {
    const std::size_t K = arms.size();
    // The certified rule's run with sampler s.
    auto with_rule = [&](auto& s) {
      if (certified == rule::gu) {
        ls::glr_unknown_variance stop(K, nu, asked);
        return lb::run_composed(arms, s, stop, oo).run;
      }
      ls::glr_paired_t stop(K, nu, asked);
      return lb::run_composed(arms, s, stop, oo).run;
    };
    switch (which) {
      case sampler::uniform: {
        lb::sampling::uniform s;
        return with_rule(s);
      }
      case sampler::starve: {
        lilucb_stats::starve_the_best s(best);
        return with_rule(s);
      }
      case sampler::planted: {
        lb::sampling::uniform s;
        planted_ml stop(K, nu, asked);
        return lb::run_composed(arms, s, stop, oo).run;
      }
      case sampler::planted_sums: {
        lb::sampling::uniform s;
        planted_block_sums stop(K, nu);
        return lb::run_composed(arms, s, stop, oo).run;
      }
      case sampler::t3c_ids: break;
      case sampler::t3c_ids_matched: break;
    }
    const std::string top_two = which == sampler::t3c_ids_matched ? "t3c-ids-matched" : "t3c-ids";
    lb::combination comb = lb::parse_combination(top_two + (certified == rule::gu ? "+glr-gu" : "+glr-paired-t"));
    comb.target = asked;
    return lb::run_combination(comb, arms, oo).run;
  };
  const auto results = lb::run_many(o, runs, 0, run_one);
  tally t;
  const char* samplers[] = {"uniform", "t3c-ids", "starve-the-best", "uniform", "uniform", "t3c-ids-matched"};
  const char* stops[] = {"+glr-gu", "+glr-paired-t"};
  t.name = std::string(samplers[int(which)]) +
           (which == sampler::planted ? "+planted-ml" : which == sampler::planted_sums ? "+planted-block-sums" : stops[int(certified)]) +
           " at " + lb::to_string(asked) + ", delta " + std::to_string(nu) +
           " on " + c.label;
  t.count(results, good, kAlpha);
  return t;
}

// Near-tied arms, standard deviations far apart (the prototype's u-far): the best arm; an additive
// epsilon with the bad arms just below mu* - epsilon; a relative one (means >= 0).
std::vector<cell> gu_cells() {
  const std::vector<double> sd{0.2, 2.0, 0.5, 1.0};
  return {
      {"u-far (0, -0.2, -0.2, -0.3; sd 0.2, 2, 0.5, 1)", {0.0, -0.2, -0.2, -0.3}, sd, {}},
      {"eps-far (0, -0.12, -0.12, -0.2; sd 0.2, 2, 0.5, 1), eps 0.1", {0.0, -0.12, -0.12, -0.2}, sd, {0.1, false}},
      {"rel-far (1, 0.88, 0.88, 0.8; sd 0.2, 2, 0.5, 1), relative eps 0.1", {1.0, 0.88, 0.88, 0.8}, sd, {0.1, true}},
  };
}

}  // namespace

BOOST_AUTO_TEST_SUITE(gu_large_delta)

BOOST_AUTO_TEST_CASE(certified_at_delta_half_for_every_sampler) {
  for (const auto& c : gu_cells())
    for (auto s : {sampler::uniform, sampler::t3c_ids, sampler::starve}) {
      const auto t = run_cell(rule::gu, c, s, large_delta_runs());
      BOOST_TEST_MESSAGE(t.summary());
      BOOST_TEST(t.stopped > t.runs / 2, t.summary());  // the rule stops (the cells are not vacuous)
      BOOST_TEST(!t.rejected(kNu), t.summary());
    }
}

// The planted failure, so that the test above can fail: GU answering a question a hundred times too
// generous (epsilon 10, counted at epsilon 0.1) on one good arm (sd 0.2) and eleven at mu* - 1.1
// epsilon (sd 1, 2), round robin: it stops once the predictors' start-up cost is paid, on a leader
// that is mostly a noisy bad arm.  It must be rejected at delta = 1/2.  (Measured on the way, at
// epsilon 1 with bad arms at mu* - 1.2 epsilon: 121 wrong of 300 with three bad arms, 149 and 150
// of 300 with eleven: GU pays its start-up first, and by then the good arm often leads.)
//
// The ML variant (planted_ml: L replaced by each arm's maximum log-likelihood, i.e. the t-type GLR at
// GU's threshold) was measured and is NOT rejectable with these run counts, so it is reported, not
// asserted: on near4 (0, -0.02, -0.02, -0.02; sd 0.2, 2, 0.5, 1) it erred in 111 of 300 runs at
// delta = 1/2 under round robin (budget 4e5; 127 of 300 under the starving sampler, budget 1e5) and in
// 20 and 21 of 300 at delta = 0.05 (budget 1e5): above 0.05, below the 1e-6-level bound's reach.
BOOST_AUTO_TEST_CASE(planted_overconfident_rule_is_rejected) {
  cell one_good{"one-good12 (0, eleven at -0.11; sd 0.2, then 1, 2 in turn), eps 0.1", {0.0}, {0.2}, {0.1, false}};
  for (int i = 0; i < 11; ++i) {
    one_good.means.push_back(-0.11);
    one_good.sigmas.push_back(i % 2 == 0 ? 1.0 : 2.0);
  }
  const lb::answer_target generous{10.0, false};
  const auto t = run_cell(rule::gu, one_good, sampler::uniform, large_delta_runs(), 400'000, kNu, &generous);
  BOOST_TEST_MESSAGE(t.summary());
  BOOST_TEST(t.rejected(kNu), t.summary());
  // The ML variant's error rate is reported (see above), the upper bound only checked to be real.
  const cell near{"near4 (0, -0.02, -0.02, -0.02; sd 0.2, 2, 0.5, 1)", {0.0, -0.02, -0.02, -0.02}, {0.2, 2.0, 0.5, 1.0}, {}};
  const auto ml = run_cell(rule::gu, near, sampler::planted, large_delta_runs(), 100'000, 0.05);
  BOOST_TEST_MESSAGE(ml.summary());
  BOOST_TEST(ml.stopped > 0u, ml.summary());
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(pt_large_delta)

// The same cells and samplers as GU's (near ties, standard deviations a factor 10 apart), and the
// recommended sampler, matched to the arms' empirical variances.
BOOST_AUTO_TEST_CASE(certified_at_delta_half_for_every_sampler) {
  for (const auto& c : gu_cells())
    for (auto s : {sampler::uniform, sampler::t3c_ids, sampler::starve, sampler::t3c_ids_matched}) {
      const auto t = run_cell(rule::pt, c, s, large_delta_runs());
      BOOST_TEST_MESSAGE(t.summary());
      BOOST_TEST(t.stopped > t.runs / 2, t.summary());
      BOOST_TEST(!t.rejected(kNu), t.summary());
    }
}

// The planted failure: blocks that sum instead of averaging, on one good arm (mean 1, sd 0.2) and
// eleven bad ones (0.9; sd 1, 2 in turn), round robin.  At ratio 2:1 a bad leader's D has mean
// 2 (0.9) - 1 > 0, so the rule stops within a few blocks on whichever arm leads: rarely the good one.
BOOST_AUTO_TEST_CASE(planted_block_sums_are_rejected) {
  cell one_good{"one-good12 (1, eleven at 0.9; sd 0.2, then 1, 2 in turn)", {1.0}, {0.2}, {}};
  for (int i = 0; i < 11; ++i) {
    one_good.means.push_back(0.9);
    one_good.sigmas.push_back(i % 2 == 0 ? 1.0 : 2.0);
  }
  const auto t = run_cell(rule::pt, one_good, sampler::planted_sums, large_delta_runs());
  BOOST_TEST_MESSAGE(t.summary());
  BOOST_TEST(t.rejected(kNu), t.summary());
  // The certified rule on the same cell, so that the rejection is the variant's, not the cell's.
  const auto ok = run_cell(rule::pt, one_good, sampler::uniform, large_delta_runs());
  BOOST_TEST_MESSAGE(ok.summary());
  BOOST_TEST(ok.stopped > ok.runs / 2, ok.summary());
  BOOST_TEST(!ok.rejected(kNu), ok.summary());
}

BOOST_AUTO_TEST_SUITE_END()

// Lemma T of Proposition PT tested directly, on the tape (docs/certified-glr/paired-t.md): for
// i.i.d. N(0, 1) block differences (the boundary delta = 0 of the null, the worst case), the
// probability that the certified log e-value ever reaches log x over k = 1..1000 is at most 1/x.
// R = 20000 sequences (streams of one seed), x = 20; the test FAILS when the exact one-sided
// Clopper-Pearson lower bound at level 1e-6 exceeds 1/x.  The planted variant, the MAXIMUM over
// the scale grid instead of the mean (no price for choosing g after seeing the data), must be
// rejected by the same test (the second reading measured 0.068 against 1/x = 0.05).
BOOST_AUTO_TEST_SUITE(pt_tape_level)

BOOST_AUTO_TEST_CASE(ville_holds_for_the_mean_and_fails_for_the_max_over_scales) {
  constexpr std::size_t R = 20000;
  constexpr int kmax = 1000;
  const double x = 20, log_x = std::log(x), log_G = std::log(static_cast<double>(ls::paired_t_g_count));
  std::size_t crossed = 0, crossed_max = 0;
  for (std::size_t r = 0; r < R; ++r) {
    lb::normal_stream rng(20261204, r);
    ls::paired_t_blocks b;
    bool mean_done = false, max_done = false;
    for (int k = 1; k <= kmax && !(mean_done && max_done); ++k) {
      b.add(rng());
      // The screen (every t CDF at 1) bounds both statistics from above, the maximum within log |G|.
      const double screen = ls::paired_t_log_evalue(b.k, b.mean, b.m2, true);
      if (!mean_done && screen >= log_x && ls::paired_t_log_evalue(b.k, b.mean, b.m2) >= log_x) mean_done = true;
      if (!max_done && screen + log_G >= log_x && b.mean > 0 && b.m2 > 0) {
        double top = -std::numeric_limits<double>::infinity();
        for (int i = 0; i < ls::paired_t_g_count; ++i)
          top = std::max(top, ls::paired_t_log_bf(b.k, b.mean, b.m2,
                                                  std::ldexp(1.0, ls::paired_t_g_min_exponent + ls::paired_t_g_step * i)));
        if (top >= log_x) max_done = true;
      }
    }
    crossed += mean_done;
    crossed_max += max_done;
  }
  const double lower = lilucb::clopper_pearson_lower(crossed, R, kAlpha);
  const double lower_max = lilucb::clopper_pearson_lower(crossed_max, R, kAlpha);
  BOOST_TEST_MESSAGE("PT's mean over scales crossed log " << x << " in " << crossed << " of " << R
                                                          << " sequences, lower bound " << lower);
  BOOST_TEST_MESSAGE("the planted maximum over scales crossed in " << crossed_max << " of " << R
                                                                   << ", lower bound " << lower_max);
  BOOST_TEST(lower <= 1 / x);
  BOOST_TEST(crossed > 0u);  // the level is reached sometimes: the check is not vacuous
  BOOST_TEST(lower_max > 1 / x);
}

BOOST_AUTO_TEST_SUITE_END()
