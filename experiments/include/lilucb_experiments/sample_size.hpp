#pragma once
// "How many samples will I need?": the planner of `lilucb plan`, `lilucb run --runs R` and
// Python's lilucb.plan.  For arms of a reward model with given means and an error probability nu:
// the characteristic time T*, the lower bound T* kl(nu, 1 - nu) every nu-correct method obeys in
// expectation (Garivier & Kaufmann 2016, Theorem 1), and per method (the recommended certified one
// and the field's uncertified practice) the fixed-point prediction t = T* beta(t, nu) where the
// method's threshold is a function of t alone, and R simulated runs summarised (runs_summary).
// docs/planner.md documents the JSON fields and how to read them.
//
// Seeds: run k of a method uses stream k of the seed (bandit::run_options::run = k, as
// bandit::run_many and `lilucb run`'s run 0), whatever thread runs it, and results are kept by k:
// every number here is the same for any thread count.

#include "lilucb/bandit/arms.hpp"
#include "lilucb/bandit/arms_spec.hpp"
#include "lilucb/bandit/compose.hpp"
#include "lilucb/bandit/rules.hpp"
#include "lilucb/bandit/target.hpp"
#include "lilucb/theory/characteristic_time.hpp"
#include "lilucb/errors.hpp"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace lilucb::experiments {

/// T*(mu) and w*(mu) of the arms' reward model: the Gaussian divergence at sigma, or at each arm's
/// sigmas when given (characteristic_time_gaussian, characteristic_time.hpp); for
/// gaussian_unknown_variance the divergence of Gaussian arms of unknown variances at the sigmas
/// (sigma for every arm when empty; characteristic_time_unknown_variance.hpp); Bernoulli KL; or
/// for bounded arms the Beta family's divergence at the concentration (the means rescaled to
/// [0, 1]).  Domain: as those functions (at least two means, a unique largest; a sigma or sigmas
/// > 0 finite, one per mean, refused naming sigma or sigmas); a concentration at which the Beta
/// divergence is not computable in doubles refused naming "concentration".
characteristic_time_result<double> plan_characteristic_time(const bandit::arms_spec& a);

/// R runs of one method summarised: the one summary `plan`, `run --runs` and lilucb.plan print.
/// Censored runs (the pull budget reached) count at their budget in the pull statistics; errors
/// count the stopped runs whose answer is not the best arm.
struct runs_summary {
  std::string method;
  bool certified = false;
  std::string certificate;
  double level = 0.95;  ///< the confidence level of every interval below
  std::uint64_t runs = 0, stopped = 0, censored = 0, errors = 0;
  double mean = 0;
  /// Student-t interval of the mean, mean -/+ t_{(1+level)/2, R-1} s/sqrt(R): asymptotically of
  /// the stated level (a normal approximation of the mean of R i.i.d. runs); absent for R < 2.
  std::optional<double> mean_low, mean_high;
  double median = 0;  ///< type-7 quantile 0.5 (statistics.hpp, quantile)
  /// The exact distribution-free interval of the median (statistics.hpp, median_interval: order
  /// statistics at binomial ranks); absent when R is too small for the level (R <= 5 at 95%).
  std::optional<double> median_low, median_high;
  double q10 = 0, q90 = 0;  ///< type-7 quantiles 0.1 and 0.9 (the 10-90% range)
  /// errors / stopped with the exact two-sided Clopper-Pearson interval at `level`; absent when no
  /// run stopped.
  std::optional<double> error_rate, error_low, error_high;
  std::vector<std::uint64_t> pulls;  ///< every run's pulls, by run index k
};

/// The summary of `runs` (by run index) of a method whose true best arm is `truth`.
/// Domain: runs non-empty, level in (0, 1).
runs_summary summarize_runs(const std::vector<bandit::composed_result>& runs, std::size_t truth, double level = 0.95);
/// The same where the correct answers are the arms a with good[a] (an epsilon-good question:
/// bandit/target.hpp, is_good_answer).  Domain: as above; every answer < good.size().
runs_summary summarize_runs(const std::vector<bandit::composed_result>& runs, const std::vector<bool>& good,
                            double level = 0.95);
/// The same for any question (bandit/target.hpp): a run's answer, its answer_set for a top-m
/// question (its best_arm otherwise), is correct when is_good_answer_set(target, means, answer).
/// Domain: as above; every answer's arms < means.size().
runs_summary summarize_runs(const std::vector<bandit::composed_result>& runs, const bandit::answer_target& target,
                            const std::vector<double>& means, double level = 0.95);

/// `count` runs of method `m` on `arms`: run k with opts.run = opts.run + k, on `threads` threads
/// (0: all cores); `progress(done)` (if set) is called after each run, from the thread that ran it
/// under a lock.  Results in run order.  Domain: as bandit::run_method and the arms' constructors;
/// the results and one run per thread must fit in the available memory (resources.hpp), else a
/// lilucb::domain_error names threads (when one run at a time would fit) or runs.
std::vector<bandit::composed_result> repeat_runs(const bandit::method& m, const bandit::arms_spec& arms,
                                                 const bandit::run_options& opts, std::size_t count, unsigned threads,
                                                 const std::function<void(std::size_t)>& progress = {});

/// The field's uncertified practice on model `model`: the recommended certified method's sampling
/// rule with GLR stopping at the heuristic threshold log((1 + log t)/nu) (bounded arms: its
/// empirical-variance form heuristic-ev, the practice for an unknown variance).
bandit::combination practice_combination(bandit::reward_model model);

/// One method of a plan.
struct method_plan {
  std::string role;  ///< "recommended" (certified), "requested" (--method) or "practice" (uncertified)
  /// The fixed point t = T* beta(t, nu) (modern.hpp, predicted_stopping_time) when the method's
  /// threshold is a function of t alone; absent otherwise (`prediction_note` says why).
  std::optional<double> predicted;
  std::string prediction_note;
  runs_summary simulation;
};

/// What plan_sample_size needs.
struct plan_request {
  bandit::arms_spec arms;
  double nu = 0.05;
  std::size_t runs = 200;
  std::uint64_t seed = 1;
  unsigned threads = 0;
  std::uint64_t max_pulls = 1'000'000'000;
  /// A method to plan instead of the recommended certified one (a preset or a combination's name,
  /// bandit::parse_method); empty: the recommended one.
  std::string method;
  std::function<void(std::size_t done, std::size_t total)> progress;  ///< over all methods' runs
};

/// A plan: the instance's quantities and its methods (the certified or requested one first, then
/// the practice).
struct sample_size_plan {
  bandit::arms_spec arms;
  double nu = 0;
  std::size_t best_arm = 0;
  std::uint64_t seed = 0, max_pulls = 0;
  double t_star = 0;            ///< T*(mu) of the reward model (characteristic_time.hpp)
  std::vector<double> w_star;   ///< w*(mu)
  double lower_bound = 0;       ///< T* kl(nu, 1 - nu), nu <= 1/2 (bai_lower_bound)
  std::vector<method_plan> methods;
};

/// The plan of `q` (see the file comment).  Gaussian arms of unknown variances
/// (gaussian_unknown_variance) are simulated with run_options::unknown_variance: the rules read no
/// sigma, the arms draw at their sigmas.  Throws lilucb::domain_error naming the parameter, its
/// value and the admissible range: means (at least two, finite, a unique largest; Bernoulli in
/// [0, 1]; bounded strictly inside (lo, hi)), nu in (0, 1/2], runs in [1, 10^6], sigma > 0,
/// sigmas (one per mean, each > 0 finite), lo < hi, concentration > 0, method a name
/// bandit::parse_method reads that runs on the model.
sample_size_plan plan_sample_size(const plan_request& q);

/// How the arms read in output: "Gaussian arms of sigma S" or "of sigmas S1, ..., SK" (with
/// ", unknown to the method" for gaussian_unknown_variance), "Bernoulli arms", "bounded arms in
/// [LO, HI] (Beta, concentration K)"; numbers to 6 significant digits.
std::string arms_text(const bandit::arms_spec& a);

/// The JSON contract of a plan's arms ({model, means, sigma | sigmas, unknown_variance | range and
/// concentration}), of a summary and of a plan (docs/planner.md lists the fields).
nlohmann::json to_json(const bandit::arms_spec& a);
nlohmann::json to_json(const runs_summary& s);
nlohmann::json to_json(const sample_size_plan& p);

/// The text of a summary (indented lines) and of a plan, as `lilucb run --runs` and `lilucb plan` print them.
std::string summary_text(const runs_summary& s, const std::string& indent = "  ");
std::string plan_text(const sample_size_plan& p);

/// The stopping-time distribution as CSV: the header "method,role,run,pulls", then one row per run
/// of every method of the plan (role as method_plan::role, run the stream index k).
std::string distribution_csv(const sample_size_plan& p);

/// Writes the distribution of every method (an empirical CDF of the pulls, log x) with T* and the
/// lower bound marked, as a gnuplot script `plot.gp` beside its data, and draws `plot` (PNG, or
/// SVG when the name ends in .svg) with gnuplot.  Returns the files written.  Throws
/// lilucb::io_error for a file that cannot be written, std::runtime_error when gnuplot fails.
std::vector<std::string> write_distribution_plot(const sample_size_plan& p, const std::filesystem::path& plot);

}  // namespace lilucb::experiments
