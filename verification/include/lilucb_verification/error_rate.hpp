#pragma once
// The error-rate estimator: how often an algorithm fails on one instance, with exact bounds.
// It is the one estimator of the toolkit: the adversarial check (adversarial.hpp) and the
// statistical tests of the bandit engine (tests/bandit_stats/error_rate_check.hpp) both call it.
//
//   configuration        means, arm type (Gaussian with one sigma, or Bernoulli), nu, a label.
//   estimate_error_rate  R runs of an algorithm (any run_function) on one configuration, run k on
//                        stream (seed, first_run + k), tallied by tally_error_rate.
//   tally_error_rate     the rule below applied to R run outcomes.
//
// What is estimated.  p = P(the algorithm, run without a budget, does not stop with the best arm):
// it stops on a wrong arm, or it never stops.  This is the event Section 5's guarantee bounds by nu.
//
// The rule for runs that hit the pull budget B (the one rule; every caller uses it).  A run that
// hits B has not answered: it is neither a correct nor a wrong answer of the unbudgeted algorithm.
//   stopped_wrong      runs that STOPPED on a wrong arm within B: on that event the budgeted run
//                      is the unbudgeted run, so these are certain failures, and the one-sided
//                      Clopper-Pearson LOWER bound of stopped_wrong is a valid lower bound on p,
//                      whatever B is;
//   budget_exhausted   runs that hit B (whatever their current guess): each may or may not be a
//                      failure of the unbudgeted algorithm, so p <= P(stopped_wrong) +
//                      P(budget_exhausted), and the UPPER bound of stopped_wrong +
//                      budget_exhausted is a valid upper bound on p.
// The exact test of "p <= nu" rejects when lower(stopped_wrong) > nu (level alpha, valid for the
// unbudgeted algorithm whatever B is: a budget can hide a failure from the test, never invent
// one); [lower, upper] brackets p.  Budget hits, and how many of them had a wrong current guess,
// are reported apart: a caller that wants no budget hit (e.g. "the algorithm always stops")
// checks budget_exhausted itself.

#include "lilucb/bandit/presets/algorithms.hpp"
#include "lilucb/bandit/reward_model.hpp"
#include "lilucb/bandit/run.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace lilucb::bandit {
struct combination;  // bandit/compose.hpp
}

namespace lilucb::verification {

/// One instance: what an adversary chooses.
struct configuration {
  std::vector<double> means;         ///< at least two; a unique largest mean (the best arm)
  bandit::reward_model arms = bandit::reward_model::gaussian;  ///< gaussian or bernoulli (reward_model.hpp)
  double sigma = 0.5;                ///< Gaussian rewards' standard deviation (ignored for Bernoulli)
  double nu = 0.1;                   ///< the user's error probability given to the algorithm
  std::string label;                 ///< the family or move that produced it (for reports)
};

/// Throws lilucb::domain_error unless: >= 2 finite means with a unique maximum, Bernoulli means
/// in [0, 1], sigma > 0 finite, nu in (0, 1).  `fn` names the calling function.
void check_configuration(const char* fn, const configuration& c);

/// Index of the largest mean (the configuration must be valid).
std::size_t best_arm(const configuration& c);

/// The smallest gap mu_best - mu_i over i != best.
double min_gap(const configuration& c);

/// "gaussian(sigma=0.5) nu=0.1 [0.5, 0.48, ...]" (all means, 17 significant digits).
std::string describe(const configuration& c);

/// Runs one algorithm once on a configuration: options.seed, options.run, options.max_pulls and
/// options.nu (= c.nu) are set by the caller.
using run_function = std::function<bandit::run_result(const configuration&, const bandit::run_options&)>;

/// The library's algorithm `alg` on Gaussian or Bernoulli arms built from the configuration;
/// widths use the arms' own sub-Gaussian scale (sigma, or 1/2 for Bernoulli).
run_function algorithm_runner(bandit::algorithm alg);

/// The composition `combination` (bandit/compose.hpp: a sampling rule with a stopping rule) on
/// Gaussian or Bernoulli arms built from the configuration, through bandit::run_combination;
/// statistics and widths use the arms' own sub-Gaussian scale (sigma, or 1/2 for Bernoulli).
run_function combination_runner(const bandit::combination& combination);

struct estimate_options {
  std::uint64_t runs = 1000;       ///< R >= 1
  std::uint64_t max_pulls = 0;     ///< per-run pull budget B >= 1 (mandatory: the heuristic need not stop, F8)
  std::uint64_t seed = 0;
  std::uint64_t first_run = 0;     ///< run k uses stream (seed, first_run + k)
  unsigned threads = 0;            ///< 0: all cores; the result does not depend on it
  double alpha = 1e-6;             ///< level of the one-sided Clopper-Pearson bounds, (0, 1)
};

/// The tally of R runs on one configuration and its exact bounds (see the file comment).
struct error_rate_estimate {
  std::uint64_t runs = 0;
  std::uint64_t stopped_wrong = 0;             ///< stopped on a wrong arm
  std::uint64_t budget_exhausted = 0;          ///< hit the budget B
  std::uint64_t budget_exhausted_wrong = 0;    ///< of which the current guess was wrong
  double mean_pulls = 0;
  std::uint64_t max_pulls = 0;                 ///< the largest pull count of a run
  std::uint64_t budget = 0;                    ///< B
  double alpha = 1e-6;
  double nu = 0;
  double lower = 0;   ///< one-sided CP lower bound of P(stopped wrong) at level alpha
  double upper = 1;   ///< one-sided CP upper bound of P(stopped wrong or budget exhausted) at alpha
  /// The exact test of H0: P(wrong) <= nu rejects (lower > nu).
  bool rejects = false;
  /// The smallest stopped_wrong count that would have rejected (runs + 1 if none can).
  std::uint64_t critical_count = 0;
  /// stopped_wrong / runs.
  double rate() const { return runs ? double(stopped_wrong) / double(runs) : 0.0; }
  /// "12/5000 stopped wrong (rate 0.0024), 3 budget-exhausted (1 wrong guess), CP[1e-6] ..."
  std::string summary() const;
};

/// R runs of `run` on `c` (see estimate_options).  Domain: a valid configuration, runs >= 1,
/// max_pulls >= 1, alpha in (0, 1), a non-empty run function; every run must return an arm in
/// range and respect the budget (otherwise lilucb::domain_error naming the run).
error_rate_estimate estimate_error_rate(const run_function& run, const configuration& c,
                                        const estimate_options& options);

/// What one run contributes to the tally: its pull count, the arm it reports and whether it hit the budget.
struct run_outcome {
  std::uint64_t pulls = 0;
  std::size_t answer = 0;
  bool budget_exhausted = false;
};

/// The outcome of a finished run.
run_outcome outcome_of(const bandit::run_result& r);

/// The rule (see the file comment) applied to `runs` (at least one): counts, the exact one-sided
/// Clopper-Pearson bounds at level alpha, the test of P <= nu and its critical count.  Domain:
/// runs not empty, best < every answer's arm count is not checked here (estimate_error_rate
/// checks its runs), nu in [0, 1], alpha in (0, 1); otherwise lilucb::domain_error.
error_rate_estimate tally_error_rate(const std::vector<run_outcome>& runs, std::size_t best, double nu, double alpha,
                                     std::uint64_t budget);

}  // namespace lilucb::verification
