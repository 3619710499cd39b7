#pragma once
// The error-rate checker of the bandit statistical tests and its adversarial instances.
//
// Statistical statement (what check_error_rate decides).  Fix an instance with a unique best
// arm i*, an algorithm, its input error probability nu, a pull budget B and a seed s.  Run k
// (k = 0 .. R-1) uses Philox stream (s, k) (run_options::run = k), so the R runs are
// independent and identically distributed (modelling the Philox streams as independent uniform
// random sequences).  The runs are tallied by the toolkit's one error-rate estimator,
// lilucb::verification::tally_error_rate (verification/include/lilucb_verification/error_rate.hpp),
// whose documented rule this file does not repeat: F = the runs that STOPPED on a wrong arm is
// Binomial(R, p') with p' <= p = P(the unbudgeted algorithm does not stop with the best arm); the
// check REJECTS (the test fails) when the exact one-sided Clopper-Pearson lower bound L(F) at
// level alpha = 1e-6 exceeds nu.  If the algorithm honours its guarantee, p <= nu and the check
// fails with probability at most 1e-6 per case; an algorithm whose error probability is well
// above nu is rejected (e.g. every run wrong: rejected from 12 runs on for nu = 0.3; 20 runs from
// 17 failures on; 200 runs and nu = 0.2 from 70 failures on).  Runs that hit B are reported
// apart (with how many had a wrong current guess); B is 20 x the largest pull count of two
// independent pilot runs, so budget hits are rare, and every one is printed.

// Run counts.  R is chosen before the counted runs, from two pilot runs on streams disjoint from
// them (run index 2^40 and 2^40 + 1), so R is independent of the counted runs and F is exactly
// binomial given R: R = clamp(work budget / (pilot mean pulls x cost per pull), 20, 200); algorithms
// that draw batches (exp-gap, exp-gap-ls) cost nothing per pull and always get 200 runs.  Only
// the power depends on R, never the level.

#include "lilucb_verification/error_rate.hpp"

#include "lilucb/clopper_pearson.hpp"

#include "lilucb/bandit/presets/algorithms.hpp"
#include "lilucb/bandit/parallel.hpp"

#include <rapidcheck.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

namespace lilucb_stats {

using lilucb::bandit::algorithm;
using lilucb::bandit::run_options;
using lilucb::bandit::run_result;
using lilucb::bandit::run_status;

/// The level of every binomial test: a correct implementation fails a case with probability <= 1e-6.
inline constexpr double kAlpha = 1e-6;
/// Run counts per case (see the file comment).
inline constexpr std::size_t kMinRuns = 20;
inline constexpr std::size_t kMaxRuns = 200;
/// Work per case, in pulls of lil'UCB (~30 ns each in Release): the run count aims at this.
inline constexpr double kWorkPerCase = 2.5e7;
/// Pilot runs: their stream offset, count and pull cap.
inline constexpr std::uint64_t kPilotStream = std::uint64_t{1} << 40;
inline constexpr std::size_t kPilotRuns = 2;
inline constexpr std::uint64_t kPerPullCap = 50'000'000;
/// Budget of the batched algorithms (a batch of any size costs one draw).
inline constexpr std::uint64_t kBatchedBudget = std::uint64_t{100'000'000'000'000};
/// Budget = kBudgetFactor x the pilots' largest pull count (at least kMinBudget).
inline constexpr std::uint64_t kBudgetFactor = 20;
inline constexpr std::uint64_t kMinBudget = 100'000;

// ---------------------------------------------------------------------------------------------
// Instances

enum class reward_family { gaussian, bernoulli };

/// One generated test case: an instance, the algorithm's inputs and the seed of its runs.
struct bandit_case {
  reward_family family = reward_family::gaussian;
  std::vector<double> means;
  std::vector<double> sigmas;  ///< Gaussian only: per-arm standard deviations (all <= 0.5)
  std::size_t best = 0;        ///< the unique best arm
  double min_gap = 0;          ///< mu_best - max_{i != best} mu_i
  std::size_t close_arms = 0;  ///< arms within min_gap + 1e-3 of the best
  double nu = 0.1;
  double width_sigma = 0.5;  ///< run_options::sigma (0: the arms' own scale)
  lilucb::inner_log inner = lilucb::inner_log::plus2;
  std::uint64_t seed = 0;
};

inline const char* to_string(reward_family f) { return f == reward_family::gaussian ? "gaussian" : "bernoulli"; }

inline void showValue(const bandit_case& c, std::ostream& os) {
  os << to_string(c.family) << " n=" << c.means.size() << " best=" << c.best << " min_gap=" << c.min_gap
     << " close_arms=" << c.close_arms << " nu=" << c.nu << " width_sigma=" << c.width_sigma
     << " inner=" << (c.inner == lilucb::inner_log::plus2 ? "plus2" : "lemma") << " seed=" << c.seed
     << "\n  means = {";
  os.precision(17);
  for (std::size_t i = 0; i < c.means.size(); ++i) os << (i ? ", " : "") << c.means[i];
  os << "}";
  if (!c.sigmas.empty()) {
    os << "\n  sigmas = {";
    for (std::size_t i = 0; i < c.sigmas.size(); ++i) os << (i ? ", " : "") << c.sigmas[i];
    os << "}";
  }
  os.precision(6);
}

inline std::string short_description(const bandit_case& c) {
  std::ostringstream os;
  os << to_string(c.family) << " n=" << c.means.size() << " best=" << c.best << " mu*=" << c.means[c.best]
     << " min_gap=" << c.min_gap << " close=" << c.close_arms << " nu=" << c.nu;
  return os.str();
}

/// Calls f(arms) with the case's arm set.
template <class F>
decltype(auto) with_arms(const bandit_case& c, F&& f) {
  if (c.family == reward_family::gaussian) return f(lilucb::bandit::gaussian_arms(c.means, c.sigmas));
  return f(lilucb::bandit::bernoulli_arms(c.means));
}

/// Fills best, min_gap and close_arms from the means.
inline void describe(bandit_case& c) {
  c.best = static_cast<std::size_t>(std::max_element(c.means.begin(), c.means.end()) - c.means.begin());
  double second = -INFINITY;
  for (std::size_t i = 0; i < c.means.size(); ++i)
    if (i != c.best) second = std::max(second, c.means[i]);
  c.min_gap = c.means[c.best] - second;
  c.close_arms = 0;
  for (std::size_t i = 0; i < c.means.size(); ++i)
    if (i != c.best && c.means[c.best] - c.means[i] < c.min_gap + 1e-3) ++c.close_arms;
}

namespace gen {

/// Bounded doubles from a 53-bit integer draw, full range from the first case (rc::gen::inRange is integer-only).
inline rc::Gen<double> uniform(double lo, double hi) {
  return rc::gen::resize(
      rc::kNominalSize,
      rc::gen::map(rc::gen::inRange<std::uint64_t>(0, std::uint64_t{1} << 53), [lo, hi](std::uint64_t k) {
        const double x = lo + (hi - lo) * std::ldexp(double(k), -53);
        return std::min(std::max(x, lo), hi);
      }));
}
inline rc::Gen<double> log_uniform(double lo, double hi) {
  return rc::gen::map(uniform(std::log(lo), std::log(hi)),
                      [lo, hi](double t) { return std::min(std::max(std::exp(t), lo), hi); });
}
inline rc::Gen<std::size_t> count(std::size_t lo, std::size_t hi) {
  return rc::gen::resize(rc::kNominalSize, rc::gen::inRange<std::size_t>(lo, hi + 1));
}
inline rc::Gen<std::uint64_t> seed() {
  return rc::gen::resize(rc::kNominalSize, rc::gen::arbitrary<std::uint64_t>());
}
/// A near-tie offset: exactly 0 (an exact tie) or uniform in [0, 1e-3).
inline rc::Gen<double> tie_jitter() { return rc::gen::oneOf(rc::gen::just(0.0), uniform(0.0, 1e-3)); }

/// Adversarial instances with a unique best arm (see the test file's comment):
///  - n in [2, 50] (half the cases in [2, 10]), the best arm at a uniformly random index;
///  - 1 to 3 "close" arms at gap Delta + jitter, Delta = the floor max(0.02, sqrt(n/25000)) in half
///    the cases, log-uniform on [floor, 0.2] otherwise (gaps down to 0.02 for n <= 10; the floor
///    keeps n/Delta^2, the cost of uniform sampling, at most 25000), jitter 0 (exact ties among
///    them) or in [0, 1e-3);
///  - every other arm in one of 1 to 3 clusters at gaps in [max(0.2, Delta), 0.9], plus jitter:
///    many exact and near ties;
///  - Gaussian: best mean 0, uniform in [-1, 1] or +-log-uniform in [1, 1e3] (negative and large
///    means); sigma 0.5 for every arm or per-arm uniform in [0.05, 0.5];
///  - Bernoulli: best mean 1, the largest gap (so some arm has mean 0) or uniform in between;
///  - nu in {0.05, 0.1, 0.2, 0.3}; widths at sigma 0.5 or at the arms' own scale; both inner logs.
inline rc::Gen<bandit_case> adversarial_case() {
  return rc::gen::exec([] {
    bandit_case c;
    c.family = *rc::gen::element(reward_family::gaussian, reward_family::bernoulli);
    const std::size_t n = *rc::gen::oneOf(count(2, 10), count(2, 50));
    const std::size_t best = *count(0, n - 1);
    const double floor = std::max(0.02, std::sqrt(double(n) / 25000.0));
    const double delta = *rc::gen::oneOf(rc::gen::just(floor), log_uniform(floor, 0.2));
    const std::size_t n_close = *count(1, std::min<std::size_t>(3, n - 1));
    const std::size_t n_clusters = *count(1, 3);
    const auto cluster_gaps =
        *rc::gen::container<std::vector<double>>(n_clusters, uniform(std::max(0.2, delta), 0.9));
    std::vector<double> gaps;  // of the n - 1 other arms
    for (std::size_t k = 0; k < n - 1; ++k) {
      const double base = k < n_close ? delta : cluster_gaps[*count(0, n_clusters - 1)];
      gaps.push_back(base + *tie_jitter());
    }
    // Random positions for the other arms.
    const auto keys = *rc::gen::container<std::vector<std::uint64_t>>(n - 1, seed());
    std::vector<std::size_t> order(n - 1);
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return keys[a] < keys[b]; });

    const double max_gap = *std::max_element(gaps.begin(), gaps.end());
    double top;
    if (c.family == reward_family::gaussian) {
      top = *rc::gen::oneOf(rc::gen::just(0.0), uniform(-1.0, 1.0),
                            rc::gen::map(rc::gen::pair(rc::gen::element(-1.0, 1.0), log_uniform(1.0, 1e3)),
                                         [](std::pair<double, double> sm) { return sm.first * sm.second; }));
    } else {
      top = *rc::gen::oneOf(rc::gen::just(1.0), rc::gen::just(max_gap), uniform(max_gap, 1.0));
    }
    c.means.assign(n, top);
    for (std::size_t k = 0, slot = 0; k < n; ++k) {
      if (k == best) continue;
      double m = top - gaps[order[slot++]];
      if (c.family == reward_family::bernoulli) m = std::min(1.0, std::max(0.0, m));
      c.means[k] = m;
    }
    if (c.family == reward_family::gaussian) {
      if (*rc::gen::arbitrary<bool>())
        c.sigmas.assign(n, 0.5);
      else
        c.sigmas = *rc::gen::container<std::vector<double>>(n, uniform(0.05, 0.5));
    }
    c.nu = *rc::gen::element(0.05, 0.1, 0.2, 0.3);
    c.width_sigma = *rc::gen::element(0.5, 0.0);
    c.inner = *rc::gen::element(lilucb::inner_log::plus2, lilucb::inner_log::lemma);
    c.seed = *seed();
    describe(c);
    return c;
  });
}

/// Easy instances for lilucb-heuristic: n in [2, 20] (Bernoulli: [2, 8]), best gap in
/// [0.2, 0.4], every other pair of arms at least 0.05 apart (no ties), best at a random index.
inline rc::Gen<bandit_case> easy_case() {
  return rc::gen::exec([] {
    bandit_case c;
    c.family = *rc::gen::element(reward_family::gaussian, reward_family::bernoulli);
    const std::size_t n = *count(2, c.family == reward_family::gaussian ? 20 : 8);
    const std::size_t best = *count(0, n - 1);
    std::vector<double> gaps{*uniform(0.2, 0.4)};
    while (gaps.size() < n - 1) gaps.push_back(gaps.back() + *uniform(0.05, 0.075));
    const auto keys = *rc::gen::container<std::vector<std::uint64_t>>(n - 1, seed());
    std::vector<std::size_t> order(n - 1);
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return keys[a] < keys[b]; });
    const double top = c.family == reward_family::gaussian ? *uniform(-10.0, 10.0) : *uniform(gaps.back(), 1.0);
    c.means.assign(n, top);
    for (std::size_t k = 0, slot = 0; k < n; ++k) {
      if (k == best) continue;
      const double m = top - gaps[order[slot++]];
      c.means[k] = c.family == reward_family::bernoulli ? std::max(0.0, m) : m;  // rounding below 0
    }
    if (c.family == reward_family::gaussian) c.sigmas.assign(n, 0.5);
    c.nu = *rc::gen::element(0.05, 0.1, 0.2, 0.3);
    c.width_sigma = *rc::gen::element(0.5, 0.0);
    c.inner = *rc::gen::element(lilucb::inner_log::plus2, lilucb::inner_log::lemma);
    c.seed = *seed();
    describe(c);
    return c;
  });
}

}  // namespace gen

// ---------------------------------------------------------------------------------------------
// Runs and their tally

/// Contract of every run (docs/bandit.md): a valid status and arm, counts that add up, the budget
/// respected (and used up exactly when reported exhausted), every arm sampled before a stop.
/// Appends a description of each violation to `out`.
inline void check_contract(const run_result& r, std::size_t n, std::uint64_t budget, std::uint64_t run,
                           std::vector<std::string>& out) {
  auto bad = [&](const std::string& what) {
    out.push_back("run " + std::to_string(run) + ": " + what + " (status " + lilucb::bandit::to_string(r.status) +
                  ", stopped_by " + r.stopped_by + ", pulls " + std::to_string(r.pulls) + ")");
  };
  if (r.status != run_status::stopped && r.status != run_status::budget_exhausted) bad("invalid status");
  if (r.best_arm >= n) bad("best_arm " + std::to_string(r.best_arm) + " out of range");
  if (r.counts.size() != n)
    bad("counts.size() " + std::to_string(r.counts.size()) + " != n");
  else if (std::accumulate(r.counts.begin(), r.counts.end(), std::uint64_t{0}) != r.pulls)
    bad("counts do not add up to pulls");
  if (budget != 0 && r.pulls > budget) bad("more pulls than the budget " + std::to_string(budget));
  if (r.status == run_status::budget_exhausted && r.pulls != budget)
    bad("budget_exhausted with pulls != budget " + std::to_string(budget));
  if (r.status == run_status::budget_exhausted && r.stopped_by != "budget")
    bad("budget_exhausted not by \"budget\"");
  if (r.status == run_status::stopped && r.stopped_by == "budget") bad("stopped by \"budget\"");
  if (r.status == run_status::stopped && n >= 2 && r.counts.size() == n &&
      *std::min_element(r.counts.begin(), r.counts.end()) == 0)
    bad("stopped before sampling every arm");
}

/// The outcome of one error-rate check (see the file comment): the one estimator's tally and the
/// contract violations.
struct error_rate_report {
  std::string algorithm;
  lilucb::verification::error_rate_estimate estimate;  ///< tally_error_rate at level kAlpha
  std::vector<std::string> violations;                 ///< contract violations (check_contract)

  std::uint64_t runs() const { return estimate.runs; }
  std::uint64_t wrong() const { return estimate.stopped_wrong; }  ///< F: the counted failures
  std::uint64_t budget_exhausted() const { return estimate.budget_exhausted; }
  std::uint64_t budget_exhausted_correct() const {
    return estimate.budget_exhausted - estimate.budget_exhausted_wrong;
  }
  bool rejected() const { return estimate.rejects; }  ///< L(F) > nu

  std::string summary() const {
    std::ostringstream os;
    os << algorithm << ": " << estimate.summary() << " | test of P(wrong) <= " << estimate.nu << " at level "
       << estimate.alpha << " rejects from " << estimate.critical_count << " failures -> "
       << (rejected() ? "REJECTED" : "consistent with nu");
    for (const auto& v : violations) os << "\n  contract violation: " << v;
    return os.str();
  }
};

/// Checks every run's contract and tallies `results` against the best arm with the one estimator.
inline error_rate_report tally(std::string name, const std::vector<run_result>& results, std::size_t n,
                               std::size_t best, double nu, std::uint64_t budget) {
  error_rate_report rep;
  rep.algorithm = std::move(name);
  std::vector<lilucb::verification::run_outcome> outcomes;
  outcomes.reserve(results.size());
  for (std::size_t k = 0; k < results.size(); ++k) {
    check_contract(results[k], n, budget, k, rep.violations);
    outcomes.push_back(lilucb::verification::outcome_of(results[k]));
  }
  rep.estimate = lilucb::verification::tally_error_rate(outcomes, best, nu, kAlpha, budget);
  return rep;
}

/// `runs` runs of run_one (streams 0 .. runs-1 of base.seed, budget base.max_pulls) on one
/// thread, tallied.  `name` labels the report.
template <class RunOne>
error_rate_report check_error_rate(std::string name, std::size_t n, std::size_t best, double nu,
                                   const run_options& base, std::size_t runs, RunOne&& run_one) {
  run_options o = base;
  o.run = 0;
  const auto results = lilucb::bandit::run_many(o, runs, 1, run_one);
  return tally(std::move(name), results, n, best, nu, base.max_pulls);
}

/// Relative cost of one pull (lil'UCB = 1), measured in Release: UCB1 scans all n arms.
inline double cost_per_pull(algorithm a, std::size_t n) {
  switch (a) {
    case algorithm::lilucb_ls:
      return 2;
    case algorithm::ucb1_ls:
      return std::max(2.0, double(n) / 3);
    case algorithm::successive_elimination:
      return 1.5;
    case algorithm::nonadaptive_ls:
      return 2;
    default:
      return 1;
  }
}
inline bool draws_batches(algorithm a) { return a == algorithm::exp_gap || a == algorithm::exp_gap_ls; }

/// How many counted runs and which budget (see the file comment).
struct run_plan {
  std::size_t runs = kMinRuns;
  std::uint64_t budget = kPerPullCap;
};

template <class RunOne>
run_plan plan_runs(run_options base, bool batched, double cost, RunOne&& run_one) {
  base.run = kPilotStream;
  base.max_pulls = batched ? kBatchedBudget : kPerPullCap;
  const auto pilot = lilucb::bandit::run_many(base, kPilotRuns, 1, run_one);
  double mean = 0;
  std::uint64_t mx = 0;
  bool capped = false;
  for (const auto& r : pilot) {
    mean += double(r.pulls) / double(pilot.size());
    mx = std::max(mx, r.pulls);
    capped = capped || r.status == run_status::budget_exhausted;
  }
  run_plan p;
  if (batched) {
    p.runs = kMaxRuns;
    p.budget = kBatchedBudget;
  } else if (capped) {  // a pilot did not stop within kPerPullCap: keep the cost bounded
    p.runs = kMinRuns;
    p.budget = kPerPullCap;
  } else {
    const double r = kWorkPerCase / (std::max(mean, 1.0) * cost);
    p.runs = static_cast<std::size_t>(std::clamp(r, double(kMinRuns), double(kMaxRuns)));
    p.budget = std::max(kMinBudget, kBudgetFactor * mx);
  }
  return p;
}

}  // namespace lilucb_stats
