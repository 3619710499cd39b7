#pragma once
// The reproduction runner: every (algorithm, scenario, n, repetition) of a config, on several
// threads, written to an output folder (docs/reproduction-method.md; the files: results.hpp):
//
//   stopping-times  runs.csv, summary.csv, manifest.json
//   anytime         runs.csv, windows.csv, anytime.csv, stopping.csv, manifest.json
//
// Each run's seed is run_seed(config seed, algorithm, scenario, n, repetition) and it uses
// stream 0 of it, so results are identical for any thread count.  Completed runs are appended
// to runs.csv as they finish; a rerun into the same folder with the same config checks the
// recorded rows against the config and runs only the missing ones (resumption).  The final
// files are written from the typed rows in memory, each atomically.  The folder is locked
// for the run (a second process is refused).  An interruption (lilucb/interrupt.hpp) stops it
// with lilucb::interrupted: the runs recorded stay, the runs in progress are discarded, and a
// rerun resumes.

#include "lilucb_experiments/config.hpp"
#include "lilucb_experiments/provenance.hpp"
#include "lilucb_experiments/results.hpp"
#include "lilucb_experiments/summaries.hpp"

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <limits>
#include <string>
#include <vector>

namespace lilucb::experiments {

struct run_report {
  std::string out_dir;
  std::uint64_t total = 0, resumed = 0, executed = 0;
  double wall_seconds = 0;
  std::vector<std::string> notes;   ///< e.g. which runs were skipped as in the paper
};

class run_executor;  // how the runs are executed (experiments/src/executor.hpp)

struct runner_options {
  unsigned threads = 0;     ///< 0: all hardware threads
  bool progress = true;     ///< progress on `log`
  std::ostream* log = nullptr;  ///< default std::cerr
  /// Called after each run recorded, with the runs of this invocation done and to do (resumed
  /// runs not counted), one call at a time from any of the runner's threads.  For a caller that
  /// shows progress its own way (the Python module); independent of `progress`.
  std::function<void(std::uint64_t done, std::uint64_t todo)> on_run_done;
  /// Sharding (`--shard I/K`): run only the runs whose index in the config's enumeration
  /// (algorithm, scenario, n, repetition; repetition fastest) is I modulo K, so that every shard
  /// holds about 1/K of every cell.  K = 1: the whole experiment.
  std::uint64_t shard_index = 0, shard_count = 1;
  /// Who computes the runs: nullptr, this process's `threads`; run_experiment_mpi (mpi.hpp)
  /// sets the ranks of an MPI job.
  run_executor* executor = nullptr;
  /// The longest the runs of this invocation may take, estimated before anything is written
  /// (check_plan_time); infinity: no estimate.  `max_seconds_name` names it in the refusal
  /// ("--max-seconds" for the CLI, "max_seconds" for Python).
  double max_seconds = std::numeric_limits<double>::infinity();
  std::string max_seconds_name = "max_seconds";
  /// How the output folder's argument is named in a refusal ("--out" for the CLI).
  std::string out_name = "out";
};

/// What an experiment's runs are estimated to take (estimate_work).
struct work_estimate {
  double seconds = 0;         ///< estimated wall seconds of the runs to make (a lower bound when cut)
  double timing_seconds = 0;  ///< what the timed runs took
  std::uint64_t runs = 0;     ///< runs to make: this shard's, less those recorded in the folder
  std::uint64_t cells = 0;    ///< cells (algorithm or method, scenario or instance, n or delta) timed
  std::uint64_t timed_runs = 0;
  bool cut = false;           ///< the timing alone passed the limit
};

/// Estimates the wall time of run_experiment(config, out_dir, opts): the first repetition of
/// each cell with runs to make is timed (at most 2 x 10^6 pulls of it: a run that reaches them is
/// extrapolated linearly to its cap, an upper estimate), times the cell's runs to make (this
/// shard's, less the rows already in out_dir/runs.csv), over the threads; anytime windows not yet
/// known are estimated from the first pilot run of each window algorithm, and the pilot runs are
/// counted.  Stops timing, with cut = true, once the timing itself has taken more than `limit`
/// seconds.  Runs nothing that is recorded: the timed runs are discarded.
work_estimate estimate_work(const experiment_config& config, const runner_options& opts, const std::string& out_dir,
                            double limit);

/// Throws lilucb::domain_error naming `parameter` (its value opts.max_seconds) with the estimate
/// and what to change when estimate_work's estimate exceeds opts.max_seconds; nothing when
/// opts.max_seconds is infinite.
void check_plan_time(const experiment_config& config, const runner_options& opts, const std::string& out_dir,
                     const std::string& function, const std::string& parameter);

/// An upper estimate of the memory run_experiment(config, ..., opts) needs, in bytes, computed
/// before anything is allocated: the instances' means (one copy per (scenario, n) or (instance,
/// delta)), the rows of the runs this shard records (256 bytes each plus one byte per anytime
/// checkpoint), and one run's memory (lilucb::run_memory_bytes of the largest instance) for
/// each run at once (the threads, at most the shard's runs).  The pilot runs of an anytime experiment run on the same threads.
double plan_memory_bytes(const experiment_config& config, const runner_options& opts);

/// lilucb::check_memory (resources.hpp) of plan_memory_bytes: throws lilucb::domain_error naming
/// `function` when the plan does not fit in the available memory, and the argument to change:
/// "threads" when one run at a time would fit, else "repetitions" when the rows are the largest
/// part, else the axis that sizes the instances ("sizes", or "instances" for the modern
/// experiment).  The runs at once are the threads, at most the shard's runs.
void check_plan_memory(const experiment_config& config, const runner_options& opts, const std::string& function);

/// Runs the experiment of `config` into `out_dir` (created if needed).  Refused first, before
/// anything is written, when its plan does not fit in memory (check_plan_memory) or, with a finite
/// opts.max_seconds, when its runs are estimated to take longer (check_plan_time).
///
/// Refused with lilucb::domain_error naming --out (nothing is run or written): a folder holding
/// another experiment, config or shard; result rows without a valid manifest.json; a recorded
/// row that is not one of the runs of this config and shard (its key and seed), or recorded
/// twice, or a line of runs.csv that is not a complete row (only an unterminated last line, an
/// interrupted append, is dropped and its run redone); a windows.csv that differs from the
/// windows the manifest recorded.  Throws io_error when the folder cannot be created, is
/// locked by another process, or a file cannot be written.
run_report run_experiment(const experiment_config& config, const std::string& out_dir, const runner_options& opts);

/// `lilucb experiment merge OUT SHARD_DIR...`: combines the complete folders of shards 0..K-1
/// of one experiment into `out_dir`, whose runs.csv, summaries and windows.csv are then
/// byte-identical to a single-process run of the whole experiment, and whose manifest has the
/// same config and windows (its times, machine and runs describe the shards: "merged_from").
/// Refused (lilucb::domain_error) when the shards differ in experiment, config, seed, toolkit
/// version or build commit, shares overlap or are missing, a shard is not complete, its rows do
/// not match its share, or `out_dir` already holds results.
run_report merge_experiment(const std::string& out_dir, const std::vector<std::string>& shard_dirs);

/// Writes the plots of the experiment in `out_dir` (PNG and SVG, with gnuplot), each with its
/// script and data under plot-data/: stopping-times: stopping-times-<scenario>.{png,svg} (medians
/// with their 95% intervals against n); anytime: anytime.{png,svg} (the rows-n by scenarios panel
/// figure, the Clopper-Pearson band shaded, a dotted line at nu); modern: modern-<instance>.{png,svg}
/// (the recommended method, the practice and the lower bound in every panel, at most 8 labelled
/// series a panel).  Each figure meets the checklist of docs/reproduction-method.md, "Plots".
/// Returns the files written; throws std::runtime_error if gnuplot fails.
std::vector<std::string> write_plots(const std::string& out_dir);

}  // namespace lilucb::experiments
