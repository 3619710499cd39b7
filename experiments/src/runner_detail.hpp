#pragma once
// Private parts of the runner shared by its sources: the plan of an experiment (its runs in
// enumeration order, their seeds, instances, windows and checkpoints), one run, the check of
// recorded rows against the plan, the anytime windows, the output folder (lock, append), and
// the final files.

#include "lilucb_experiments/config.hpp"
#include "lilucb_experiments/results.hpp"
#include "lilucb_experiments/runner.hpp"

#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace lilucb::experiments::detail {

struct instance {
  std::string label;          ///< the scenario's label, or (modern) the instance's
  std::vector<double> means;  ///< in the scenario's order; each run shuffles them
  double h1 = 0;
  double sigma = 0;           ///< the rewards' standard deviation (Bernoulli: their scale 1/2)
  std::vector<double> sigmas;  ///< gaussian_unknown_variance: one per arm, in the means' order
  bandit::reward_model model = bandit::reward_model::gaussian;
};

/// A run's place in the config: indices into algorithms, scenarios, sizes, and the repetition
/// (modern: into methods, instances, deltas).
struct run_coords {
  std::size_t a = 0, s = 0, z = 0;
  std::uint64_t rep = 0;
};

/// The runs a config defines, enumerated (algorithm, scenario, n, repetition), repetition
/// fastest, skipping the (algorithm, n) the config does not run; a run's index in this
/// enumeration decides its shard (index mod K).  The modern experiment's axes are (method,
/// instance, delta) in the same places.
class experiment_plan {
 public:
  explicit experiment_plan(const experiment_config& c);
  const experiment_config& config() const { return c_; }
  const instance& instance_of(std::size_t s, std::size_t z) const { return instances_[s * nz_ + z]; }
  /// The lengths of the three axes: algorithms (methods), scenarios (instances), sizes (deltas).
  std::size_t axis_a() const { return na_; }
  std::size_t axis_s() const { return ns_; }
  std::size_t axis_z() const { return nz_; }
  /// The index of the first repetition of cell (a, s, z), or nullopt when (a, n) is not run.
  std::optional<std::uint64_t> cell_base(std::size_t a, std::size_t s, std::size_t z) const {
    return base_[(a * ns_ + s) * nz_ + z];
  }
  std::uint64_t total() const { return total_; }
  std::uint64_t index_of(const run_coords& x) const;
  /// The coordinates of a row, or nullopt when its algorithm, scenario, n or repetition is not
  /// one of the config's runs.
  std::optional<run_coords> locate(const run_row& r) const;
  /// The run seed of run x (run_seed with the experiment's tag: "/anytime" for anytime runs).
  std::uint64_t seed_of(const run_coords& x) const;
  /// The calls f(index, coords) over the runs, in enumeration order.
  template <class F>
  void for_each_run(F f) const {
    for (std::size_t a = 0; a < na_; ++a)
      for (std::size_t s = 0; s < ns_; ++s)
        for (std::size_t z = 0; z < nz_; ++z) {
          const auto base = cell_base(a, s, z);
          if (!base) continue;
          for (std::uint64_t r = 0; r < c_.repetitions; ++r) f(*base + r, run_coords{a, s, z, r});
        }
  }
  /// Anytime: one window per (scenario, n) in the config's order (scenario outer); fixes the
  /// checkpoints.
  void set_windows(std::vector<window_row> w);
  const std::vector<window_row>& windows() const { return windows_; }
  /// The pull cap of a run in (s, z): the budget, or the window (anytime).
  std::uint64_t cap(std::size_t s, std::size_t z) const;
  const std::vector<std::uint64_t>* checkpoints(std::size_t s, std::size_t z) const;

 private:
  experiment_config c_;
  std::size_t na_ = 0, ns_ = 0, nz_ = 0;
  std::vector<instance> instances_;
  std::vector<std::optional<std::uint64_t>> base_;  ///< per (a, s, z): index of its repetition 0
  std::uint64_t total_ = 0;
  std::vector<window_row> windows_;
  std::vector<std::vector<std::uint64_t>> checkpoints_;  ///< per (s, z), anytime
};

/// One run: run `x` of the plan at pull cap `budget`, recording the checkpoints when given;
/// `tag` is appended to the algorithm's name in its seed ("", "/anytime", "/pilot").
run_row one_run(const experiment_plan& p, const run_coords& x, const std::string& tag, std::uint64_t budget,
                const std::vector<std::uint64_t>* checkpoints);

/// Run `x` as the experiment runs it: at its cap, with its tag and (anytime) its checkpoints.
run_row planned_run(const experiment_plan& p, const run_coords& x);

/// The first `cap` pulls of run `x` (its seed and tag; no checkpoints): what the work estimate
/// times (estimate_work).
run_row truncated_run(const experiment_plan& p, const run_coords& x, std::uint64_t cap);

/// Checks recorded rows against the plan: every row is one of the runs of shard I of K (key
/// and seed), at most once, with a pull count within its cap, a chosen arm among the arms and
/// (anytime) one character per checkpoint.  Throws lilucb::domain_error naming `param`, `file`
/// and the first offending row.  Returns the run indices of the rows, in their order.
std::vector<std::uint64_t> check_rows(const experiment_plan& p, const std::vector<run_row>& rows, std::uint64_t shard_index,
                                      std::uint64_t shard_count, const std::string& param, const std::string& file);

/// The rows sorted by run index (the files are identical for any thread count).
void sort_canonical(const experiment_plan& p, std::vector<run_row>& rows);

/// Anytime: the window of each (scenario, n): the config's fixed window, or the one recorded
/// in dir/windows.csv, or from pilot runs.  Writes dir/windows.csv.
std::vector<window_row> anytime_windows(const experiment_plan& p, const std::filesystem::path& dir, unsigned threads,
                                        bool progress, std::ostream& log);

/// The output folder, created (with its parents) if needed; io_error naming the path and the
/// reason when it cannot be (a file in the way, /proc, a name too long, no permission).
void make_folder(const std::filesystem::path& dir, const std::string& option);

/// An exclusive lock on a folder (flock on DIR/.lilucb.lock), held for the object's lifetime;
/// io_error "folder in use" when another process holds it.
class folder_lock {
 public:
  explicit folder_lock(const std::filesystem::path& dir);
  ~folder_lock();
  folder_lock(const folder_lock&) = delete;
  folder_lock& operator=(const folder_lock&) = delete;

 private:
  std::filesystem::path path_;
  int fd_ = -1;
};

/// Lines appended to a file with write(2), every failure an io_error; sync() before closing.
class appender {
 public:
  explicit appender(const std::filesystem::path& file);
  ~appender();
  void append(const std::string& line);
  void sync();
  appender(const appender&) = delete;
  appender& operator=(const appender&) = delete;

 private:
  std::filesystem::path path_;
  int fd_ = -1;
};

/// Writes the final files of a folder from its rows in canonical order: runs.csv, and
/// summary.csv (stopping-times) or windows.csv, anytime.csv, stopping.csv (anytime).
void write_results(const experiment_plan& p, const std::filesystem::path& dir, const std::vector<run_row>& rows);

/// The manifest's shard key: {"index", "count"}, or null for the whole experiment.
nlohmann::json shard_json(std::uint64_t index, std::uint64_t count);

/// Runs gnuplot on `script` (its log beside it, SCRIPT.log).  Throws std::runtime_error quoting
/// the log's first line when gnuplot fails (plots.cpp).
void run_gnuplot(const std::filesystem::path& script);

}  // namespace lilucb::experiments::detail
