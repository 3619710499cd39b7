#pragma once
// "How many more pulls will this study need?": the planner of `lilucb study plan` and Python's
// Identification.plan.  It continues a live study (study/identification.hpp) R times in
// simulation, each continuation a fork() of the study now: the study's own sampling and stopping
// rules in their current state, the asks in flight told first (in id order), then
// ask, draw, tell until the rule stops.  Rewards are drawn from the study's reward model at the
// empirical means (Gaussian at the study's sigma, or with an unknown variance at each arm's sample
// standard deviation, an arm without a spread yet at the largest of the others'; Bernoulli;
// bounded: Beta of concentration `concentration` on the study's range, means kept 1e-6 of the
// range inside it), so the answer is
// an estimate under "the means are what they look like now", not a guarantee; the summary's error
// rate counts wrong answers against those means.  docs/planner.md, "A study's plan".
//
// Seeds: continuation k draws its rewards from stream k of `seed` (lilucb::random::normal_stream),
// whatever thread runs it, and results are kept by k: the plan is the same for any thread count.
#include "lilucb/study/identification.hpp"
#include "lilucb_experiments/sample_size.hpp"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace lilucb::experiments {

/// What plan_study needs besides the study.
struct study_plan_request {
  std::size_t runs = 200;  ///< continuations, in [1, 10^6]
  std::uint64_t seed = 1;
  unsigned threads = 0;  ///< 0: all cores
  /// New asks per continuation at most (a continuation that reaches it is censored and counts at
  /// it); in [1, 2^63].
  std::uint64_t max_pulls = 1'000'000;
  double concentration = bandit::bounded_arms::default_concentration;  ///< bounded studies, > 0
  std::function<void(std::size_t done, std::size_t total)> progress;
};

/// A study's plan: where it stands and the simulated rest.
struct study_plan {
  std::string method;
  bool done = false;           ///< the study has stopped: nothing to simulate (remaining is empty)
  bandit::arms_spec arms;  ///< the model and the empirical means the rewards are drawn from
  double nu = 0;
  std::uint64_t told = 0, in_flight = 0;
  bandit::study_status status;  ///< the study's status (its T*(mu_hat) log(1/nu) estimate and range)
  std::uint64_t seed = 0, max_pulls = 0;
  /// Per continuation, the new asks until the rule stopped (the asks in flight not counted); the
  /// summary's pulls are these.  Its errors: answers wrong for the empirical means.
  runs_summary remaining;
  /// The total the study would reach: told + in flight + remaining, mean and 10-90% range.
  double total_mean = 0, total_q10 = 0, total_q90 = 0;
};

/// The plan of `study` (unchanged: every continuation is a fork()).  Throws lilucb::domain_error
/// naming the parameter: runs in [1, 10^6], max_pulls in [1, 2^63], concentration > 0 (bounded),
/// "study" when an arm has no reward told yet (no empirical mean to simulate from: `lilucb plan
/// --means` plans a study before it starts).
study_plan plan_study(const bandit::identification& study, const study_plan_request& q);

/// The JSON contract of a study's plan (docs/planner.md lists the fields) and its text.
nlohmann::json to_json(const study_plan& p);
std::string study_plan_text(const study_plan& p);

}  // namespace lilucb::experiments
