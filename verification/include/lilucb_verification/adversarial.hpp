#pragma once
// The `adversarial` check (issue 5, section 3): correctness under adversarial means.
//
// For every algorithm with a guarantee, Section 5 promises P(wrong answer) <= nu on EVERY
// instance; for lil'UCB Heuristic (no guarantee) it reports that the algorithm "never failed to
// terminate with the best arm" in tens of thousands of experiments.  This file searches for the
// mean configurations that make an algorithm fail most often and estimates their error rates
// with exact Clopper-Pearson bounds.
//
//   configuration        means, arm type (Gaussian with one sigma, or Bernoulli), nu, a label
//                        naming the family or move that produced it.
//   estimate_error_rate  R runs of an algorithm (any run_function) on one configuration, run k on
//                        stream (seed, first_run + k); tallied by outcome (see error_rate_estimate).
//   search_worst         structured families + random restarts + local moves, each candidate
//                        screened by a cheap estimate; the worst one is then CONFIRMED on a fresh
//                        sample whose streams are disjoint from every screening stream, and the
//                        confirmation is what is reported (the search's selection bias does not
//                        inflate it).
//
// Counting runs that exhaust the pull budget B.  A run that hits B is not a correct answer, but
// it is not a wrong answer of the unbudgeted algorithm either.  Both counts are kept:
//   stopped_wrong      runs that STOPPED on a wrong arm: on that event the budgeted run is the
//                      unbudgeted run, so P(stopped_wrong) <= P(unbudgeted run wrong) and the
//                      Clopper-Pearson LOWER bound of stopped_wrong is a valid lower bound on
//                      the algorithm's error probability, whatever B is;
//   budget_exhausted   runs that hit B (right or wrong current guess): P(unbudgeted wrong) <=
//                      P(stopped_wrong) + P(budget_exhausted), so the UPPER bound of
//                      stopped_wrong + budget_exhausted is a valid upper bound on it.
// The test of "P(wrong) <= nu" therefore rejects when lower(stopped_wrong) > nu (exact, level
// alpha, valid for the unbudgeted algorithm), and reports upper(stopped_wrong + budget_exhausted).
// For the heuristic ("never failed to terminate with the best arm") both kinds are failures and
// are reported separately.
//
// Determinism: every random draw comes from Philox streams keyed by (seed, index); runs are
// stored by index (parallel_for), candidates are evaluated in a fixed order, so the result is the
// same for any thread count.  Screening uses run streams [screen_stream_base + c * 2^20, ...)
// for candidate c, random restarts and moves draw from run_engine(seed, move_stream_base + i),
// confirmation uses streams [0, confirm_runs): the three ranges are disjoint.

#include "lilucb/bandit/run.hpp"
#include "lilucb/bandit/algorithms.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace lilucb::verification {

enum class arm_type { gaussian, bernoulli };

/// "gaussian" or "bernoulli".
std::string_view to_string(arm_type t);

/// One instance: what an adversary chooses.
struct configuration {
  std::vector<double> means;         ///< at least two; a unique largest mean (the best arm)
  arm_type arms = arm_type::gaussian;
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

/// The smallest k with clopper_pearson_lower(k, runs, alpha) > nu, or runs + 1 when none.
std::uint64_t critical_failures(std::uint64_t runs, double nu, double alpha);

/// What the search may do.  Costs are bounded by the counts below (never by wall-clock time, so
/// the result is deterministic).
struct search_options {
  std::vector<double> nus{0.1};            ///< the nu values configurations may use, each in (0, 1)
  std::vector<arm_type> arm_types{arm_type::gaussian, arm_type::bernoulli};
  std::size_t max_arms = 8;                ///< families and restarts use 2 .. max_arms arms (>= 2)
  double min_gap = 0.05;                   ///< no configuration has a smaller gap, (0, 1)
  double sigma = 0.5;                      ///< Gaussian sigma
  std::uint64_t screen_runs = 100;         ///< runs per screened candidate (1 .. 2^20)
  std::uint64_t restarts = 8;              ///< random configurations
  std::uint64_t rounds = 3;                ///< rounds of local moves
  std::uint64_t moves_per_round = 8;       ///< moves per round (from the current best few)
  std::uint64_t confirm_runs = 2000;       ///< runs of the confirmation sample (>= 1)
  std::uint64_t max_pulls = 200000;        ///< per-run pull budget B
  /// A candidate whose screening runs hit B in more than this fraction is dropped (its cost is
  /// the budget's, not the algorithm's): [0, 1].
  double max_exhausted_fraction = 0.05;
  /// Score of a screened candidate: stopped_wrong / runs / nu when false (guaranteed algorithms:
  /// how close to nu), stopped_wrong / runs when true (the heuristic: any failure counts).
  bool absolute_score = false;
  std::uint64_t seed = 0;
  unsigned threads = 0;
  double alpha = 1e-6;
};

struct screened {
  configuration config;
  error_rate_estimate screen;  ///< on screening streams
  double score = 0;            ///< see search_options::absolute_score; ties broken by mean pulls
  bool feasible = true;        ///< budget hits within max_exhausted_fraction
};

struct search_result {
  std::vector<screened> candidates;   ///< every screened candidate, in evaluation order
  std::size_t worst = 0;              ///< index of the selected (highest-scoring feasible) one
  error_rate_estimate confirmation;   ///< fresh runs on the worst: streams [0, confirm_runs)
  std::uint64_t total_runs = 0;       ///< screening + confirmation
  double total_pulls = 0;
};

/// The structured families (before any move), each a valid configuration:
///   two-arm        {1/2 + f/2, 1/2 - f/2} with gaps f in {1, 2, 4} x min_gap, best first and last;
///   near-ties      n = max_arms arms, the best g above n-1 arms spread within g/10 of each other,
///                  the best at the last index;
///   sparse         1-sparse with max_arms arms and one gap min_gap (best last);
///   alpha          alpha-like 1 - (i/n)^alpha scaled so the smallest gap is min_gap, alpha in
///                  {0.3, 0.6}, the best last;
///   bernoulli      means near 0 and 1: {g, 0} and {1, 1 - g} (low variance), and {1/2 + g, 1/2}
///                  (the largest variance), best last;
/// for every nu in options.nus and every arm type allowed (Bernoulli families only when
/// allowed; Gaussian families shifted to [0, 1] so they are valid Bernoulli means as well).
std::vector<configuration> structured_families(const search_options& options);

/// Search (see the file comment) with `run` as the algorithm.  Domain: as search_options says.
search_result search_worst(const run_function& run, const search_options& options);

}  // namespace lilucb::verification
