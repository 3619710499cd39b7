#pragma once
// The reproduction runner: every (algorithm, scenario, n, repetition) of a config, on several
// threads, written to an output folder (docs/reproduction-method.md):
//
//   stopping-times  runs.csv     one row per run
//                   summary.csv  per (algorithm, scenario, n): mean, median, quartiles, censored
//                                count, error rate with its Clopper–Pearson 95% interval, /H1
//   anytime         runs.csv     one row per run, plus `wrong_at`: one character per checkpoint
//                                ('1': the empirically best arm is not the best arm)
//                   windows.csv  per (scenario, n): the window (fixed by pilot runs, or the config)
//                   anytime.csv  per (scenario, n, algorithm, checkpoint): P(î ≠ i*) and its band
//                   stopping.csv per (scenario, n, algorithm): median stopping time in the window
//   both            manifest.json  config, toolkit version, git commit, machine, times
//
// Each run's seed is run_seed(config seed, algorithm, scenario, n, repetition) and it uses
// stream 0 of it, so results are identical for any thread count.  A rerun into the same
// folder with the same config skips the runs already in runs.csv (resumption).

#include "lilucb_experiments/config.hpp"

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

namespace lilucb::experiments {

/// One line of runs.csv.
struct run_row {
  std::string algorithm, scenario;
  std::uint64_t n = 0, repetition = 0, seed = 0, pulls = 0;
  std::string status;           ///< "stopped" or "censored" (the pull budget ran out)
  std::uint64_t chosen_arm = 0;
  bool correct = false;
  std::string wrong_at;         ///< anytime only
};

/// runs.csv's header for `kind`.
std::string runs_header(experiment_kind kind);

/// Reads runs.csv; lines that are not complete rows (an interrupted write) are dropped.
/// Throws lilucb::domain_error when the header is not runs_header(kind).
std::vector<run_row> read_runs(const std::string& path, experiment_kind kind);

/// One line of summary.csv (stopping-times).
struct stopping_summary {
  std::string algorithm, scenario;
  std::uint64_t n = 0, runs = 0, censored = 0, stopped = 0, errors = 0;
  double h1 = 0, mean = 0, median = 0, q1 = 0, q3 = 0;
  double error_rate = 0, error_low = 0, error_high = 1;  ///< over stopped runs; CP 95%
};

std::string summary_header();
std::string to_csv(const stopping_summary& s);

/// The summary of `rows` per (algorithm, scenario, n) in the config's order.  Pull statistics
/// include censored runs at their budget (so they are lower bounds when censored > 0); the
/// error rate counts the stopped runs that chose a wrong arm.
std::vector<stopping_summary> summarize_stopping_times(const experiment_config& config,
                                                       const std::vector<run_row>& rows);

/// One point of anytime.csv.
struct anytime_point {
  std::string scenario, algorithm;
  std::uint64_t n = 0, pulls = 0, runs = 0, wrong = 0;
  double p_wrong = 0, low = 0, high = 1;
};

struct run_report {
  std::string out_dir;
  std::uint64_t total = 0, resumed = 0, executed = 0;
  double wall_seconds = 0;
  std::vector<std::string> notes;   ///< e.g. which runs were skipped as in the paper
};

struct runner_options {
  unsigned threads = 0;     ///< 0: all hardware threads
  bool progress = true;     ///< progress on `log`
  std::ostream* log = nullptr;  ///< default std::cerr
  /// Sharding (`--shard I/K`): run only the runs whose index in the config's enumeration
  /// (algorithm, scenario, n, repetition; repetition fastest) is I modulo K, so that every shard
  /// holds about 1/K of every cell.  K = 1: the whole experiment.
  std::uint64_t shard_index = 0, shard_count = 1;
};

/// Runs the experiment of `config` into `out_dir` (created if needed).
run_report run_experiment(const experiment_config& config, const std::string& out_dir, const runner_options& opts);

/// Writes the plots of the experiment in `out_dir` (PNG and SVG, with gnuplot): stopping-times:
/// stopping-times-<scenario>.{png,svg}; anytime: anytime.{png,svg} (the 4 x 3 panel figure).
/// Returns the files written; throws std::runtime_error if gnuplot fails.
std::vector<std::string> write_plots(const std::string& out_dir);

/// The git commit the running binary was built from (recorded at build time by
/// experiments/cmake/build_commit.cmake), or "" when the source was not a git checkout.
/// Provenance for manifests and claims records.
std::string build_commit();
/// Whether tracked files differed from build_commit() when the binary was built.
bool build_tree_dirty();

/// The git commit the source tree is at now (`git rev-parse HEAD` in it, at run time), or "".
/// Manifests record it beside build_commit() when the two differ (a binary older than its tree).
std::string source_commit();

}  // namespace lilucb::experiments
