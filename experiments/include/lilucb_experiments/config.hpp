#pragma once
// The configuration of a paper-reproduction experiment (Section 5 of the paper): which
// algorithms, scenarios and sizes, how many repetitions, nu, sigma, the pull budget and the
// seed.  Presets `paper` (Section 5's grid) and `quick` (a reduced grid that finishes in about
// two minutes on a 2-core machine), and a JSON form for custom sweeps (docs/reproduction-method.md).
// The experiment `modern` (the price of certification; modern.hpp) has presets `quick` and `full` and
// its own axes: methods x instances x deltas.

#include "lilucb_experiments/algorithm_table.hpp"
#include "lilucb_experiments/modern.hpp"

#include "lilucb/bandit/presets/algorithm_id.hpp"
#include "lilucb/bandit/target.hpp"

#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace lilucb::experiments {

enum class experiment_kind { stopping_times, anytime, modern };

const char* to_string(experiment_kind k);

/// A scenario of Section 5: "sparse" (n arms, mu_1 = gap, others 0) or "alphaA"
/// (n + 1 arms, mu_i = 1 - (i/n)^A), e.g. "alpha0.3".
struct scenario {
  std::string label;  ///< "sparse", "alpha0.3", ...
  bool sparse = true;
  double alpha = 0;   ///< alpha scenarios only
};

/// Parses a label; throws lilucb::domain_error naming `parameter` otherwise.
scenario parse_scenario(const std::string& parameter, const std::string& label);

/// The means of `s` with n arms (sparse, best arm mean `gap`) or n + 1 arms (alpha).
std::vector<double> scenario_means(const scenario& s, std::uint64_t n, double gap);

/// The most runs one experiment plans (validate() refuses more): 10^9.
inline constexpr std::uint64_t max_runs = 1'000'000'000;

struct experiment_config {
  experiment_kind kind = experiment_kind::stopping_times;
  std::string preset;                          ///< "paper", "quick" or "custom"
  std::vector<bandit::algorithm> algorithms;   ///< in plotting order
  std::vector<scenario> scenarios;
  std::vector<std::uint64_t> sizes;            ///< the paper's n
  std::uint64_t repetitions = 40;
  double nu = 0.1;
  double sigma = 0.5;                          ///< Gaussian rewards' standard deviation (variance 1/4)
  double gap = 0.5;                            ///< sparse scenario's best mean (docs/findings.md F7)
  std::uint64_t budget = 0;                    ///< pull budget per run (a run reaching it is censored)
  std::uint64_t seed = 1;
  std::uint64_t ucb1_max_n = 1000;             ///< ucb1-ls is skipped for n above this (O(n) per pull)
  // anytime only
  double window_factor = 3;                    ///< window = factor x slowest pilot median stopping time
  std::uint64_t window = 0;                    ///< fixed window (pulls); 0: from the pilot runs
  std::uint64_t pilot_repetitions = 10;        ///< runs per algorithm that fix the window
  /// The algorithms whose pilot median stopping times fix the window (default: all but exp-gap,
  /// whose stopping time is orders of magnitude beyond the others'; its curve is still drawn).
  std::vector<bandit::algorithm> window_from;
  std::uint64_t checkpoints_per_decade = 10;   ///< log-spaced checkpoints
  // modern only: its axes replace algorithms, scenarios and sizes; sigma
  // and gap apply to Section 5's scenarios among the instances.
  std::vector<modern_method> methods;          ///< in the table's order or the config's
  std::vector<std::string> instances;          ///< instance labels (parse_instance)
  std::vector<double> deltas;                  ///< the target error probabilities, each in (0, 1/2]
  /// The question (config keys "epsilon", "epsilon_relative"): the best arm, or an epsilon-good arm
  /// (every method a combination that answers it; ties for the best mean allowed; T* is T*_eps).
  bandit::answer_target target{};

  /// Whether (algorithm, n) is run; false only for ucb1-ls above ucb1_max_n.
  bool runs(bandit::algorithm a, std::uint64_t n) const;
  /// Throws lilucb::domain_error naming the first inadmissible field.
  void validate() const;
  nlohmann::json to_json() const;
};

/// The instance `i` of a modern config (parse_instance with the config's sigma and gap).
modern_instance instance_of(const experiment_config& c, std::size_t i);

/// "quick" or "paper" for `kind` ("quick" or "full" for modern); throws lilucb::domain_error
/// for another name.
experiment_config preset_config(experiment_kind kind, const std::string& name);

/// `base` with the fields present in `j` replaced (keys: algorithms, scenarios, sizes,
/// repetitions, nu, sigma, gap, budget, seed, ucb1_max_n, window, window_factor,
/// pilot_repetitions, checkpoints_per_decade; modern: methods, instances, deltas, repetitions,
/// sigma, gap, budget, seed, epsilon, epsilon_relative).  Unknown keys and ill-typed values throw
/// lilucb::domain_error naming the key.
experiment_config apply_json(experiment_config base, const nlohmann::json& j, const std::string& source);

/// The config a manifest records (`to_json()`'s form, with its "experiment" key); throws
/// lilucb::domain_error naming `source` when it is not exactly the form to_json() writes.
experiment_config config_from_json(const nlohmann::json& j, const std::string& source);

/// A config object as written by a manifest, with each method label in its one spelling
/// (bandit::canonical_combination_name: "eb-tci+ls-stitched:stitched" becomes
/// "eb-tci+ls-stitched"), so that folders written before the one-name labels are still resumed,
/// merged and compared; any other content is returned unchanged.
nlohmann::json canonical_config_json(nlohmann::json j);

/// Parses a config file's text strictly: one JSON value and nothing after it, no key twice in
/// an object.  Throws lilucb::domain_error naming `source` otherwise.
nlohmann::json parse_config_text(const std::string& text, const std::string& source);

/// The seed of one run, a fixed function of (config seed, algorithm, scenario, n, repetition)
/// (SplitMix64 over a FNV-1a hash of the names); the run uses stream 0 of this seed, so
/// `lilucb run --seed S` with the same instance and budget repeats it exactly.
std::uint64_t run_seed(std::uint64_t seed, const std::string& algorithm, const std::string& scenario,
                       std::uint64_t n, std::uint64_t repetition);

/// `means` in a random order that is a fixed function of `seed` (Fisher–Yates driven by
/// SplitMix64, portable).  Every run of the reproduction shuffles its arms this way: the
/// scenarios put the best arm at index 0 and the algorithms initialise in index order, so an
/// unshuffled instance would let the order, not the information, decide the empirically best arm
/// early in a run (docs/reproduction-method.md).
std::vector<double> shuffled_means(std::vector<double> means, std::uint64_t seed);

}  // namespace lilucb::experiments
