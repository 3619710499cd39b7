#pragma once
// The `adversarial` check (docs/verification.md, "The checks"): correctness under adversarial means.
//
// For every algorithm with a guarantee, Section 5 promises P(wrong answer) <= nu on EVERY
// instance; for lil'UCB Heuristic (no guarantee) it reports that the algorithm "never failed to
// terminate with the best arm" in tens of thousands of experiments.  This file searches for the
// mean configurations that make an algorithm fail most often and estimates their error rates
// with exact Clopper-Pearson bounds.
//
//   configuration        means, arm type (Gaussian with one sigma, or Bernoulli), nu, a label
//                        naming the family or move that produced it.
//   estimate_error_rate  (error_rate.hpp) R runs of an algorithm on one configuration, tallied by
//                        the one rule for runs that hit the budget.
//   search_worst         structured families + random restarts + local moves, each candidate
//                        screened by a cheap estimate; the worst one is then CONFIRMED on a fresh
//                        sample whose streams are disjoint from every screening stream, and the
//                        confirmation is what is reported (the search's selection bias does not
//                        inflate it).
//
// Determinism: every random draw comes from Philox streams keyed by (seed, index); runs are
// stored by index (parallel_for), candidates are evaluated in a fixed order, so the result is the
// same for any thread count.  Screening uses run streams [screen_stream_base + c * 2^20, ...)
// for candidate c, random restarts and moves draw from run_engine(seed, move_stream_base + i),
// confirmation uses streams [0, confirm_runs): the three ranges are disjoint.

#include "lilucb_verification/error_rate.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace lilucb::verification {

/// What the search may do.  Costs are bounded by the counts below (never by wall-clock time, so
/// the result is deterministic).
struct search_options {
  std::vector<double> nus{0.1};            ///< the nu values configurations may use, each in (0, 1)
  std::vector<bandit::reward_model> arm_types{bandit::reward_model::gaussian, bandit::reward_model::bernoulli};
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

/// The sampling x stopping combinations the adversarial check searches, by name
/// (bandit::parse_combination), in the order of their claims.  Every GLR threshold of the rule
/// registry is searched with at least one sampling rule (the certificates hold under any sampling
/// rule; the samplers are chosen to stress each statement: adversarial.cpp; the uncertified
/// heuristic threshold is reported as a finding) but heuristic-ev, an uncertified reference for
/// rewards of unknown variance whose error rates experiments/modern/bounded.json reports, and gu and
/// paired-t (Propositions GU and PT, Gaussian rewards of unknown variance: not yet searched, which
/// would add rows to docs/generated/claims.md; tests/bandit_stats/test_unknown_variance_error_rates.cpp
/// runs them under an adversary); and
/// every LS boundary but two: lil, which the
/// presets with LS stopping (lilucb-ls, ucb1-ls, ...) cover, and calibrated, whose crossing
/// calibration for each new level nu/(2K) (10 s to minutes) the search cannot afford per point.
inline constexpr std::array<const char*, 14> searched_combination_names{
    "t3c+glr-mixture",         "eb-tci-ids+glr-one-sided",   "weakest-pair+glr-one-sided", "weakest-pair+glr-pooled",
    "t3c+glr-pooled",          "t3c-ids+glr-pooled-per-arm", "tas-d+glr-kk21",             "eb-tci+ls-mixture",
    "lucb1+ls-stitched",       "t3c+glr-heuristic",          "t3c+glr-pooled-kl",          "t3c+glr-pooled-eb",
    "t3c-ids+glr-pooled-weighted", "t3c+glr-pooled-betting"};

}  // namespace lilucb::verification
