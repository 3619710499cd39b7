#pragma once
// The reproduction's result files, one writer and one reader per row type
// (docs/reproduction-method.md, "Files"):
//
//   runs.csv      run_row            one row per run (anytime: plus wrong_at; modern: method,
//                                    instance, delta in place of algorithm, scenario, n)
//   summary.csv   stopping_summary   per (algorithm, scenario, n), stopping-times
//   summary.csv   modern_summary     per (method, instance, delta), modern
//   anytime.csv   anytime_point      per (scenario, n, algorithm, checkpoint)
//   stopping.csv  stopping_mark      per (scenario, n, algorithm): median stopping time in the window
//   windows.csv   window_row         per (scenario, n): the anytime window
//   manifest.json                    JSON; read_manifest / write_manifest
//
// Rows stay typed (enums, numbers) until the writer here turns them into text, and come back
// through the reader here; nothing else in the toolkit formats or splits these lines.  Every
// file is written whole by lilucb::io::write_file_atomically (a unique temporary file in the same
// folder, fsync, rename; lilucb/io/safe_file.hpp), so an interruption leaves either the old or the
// new file, never a truncated one, and read through lilucb::io::read_file (regular files only, at
// most max_results_bytes; a manifest at most max_manifest_bytes).

#include "lilucb_experiments/config.hpp"

#include "lilucb/bandit/presets/algorithm_id.hpp"
#include "lilucb/bandit/run.hpp"
#include "lilucb/errors.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace lilucb::experiments {

/// A failure of the file system (a write, a rename, a folder that cannot be created or locked):
/// lilucb::io_error, which the command prints as one line naming the path and the reason, with
/// exit status 3 (invalid input, including a refused folder: 2).
using lilucb::io_error;

/// Throws io_error("lilucb experiment", path, what + " (strerror(err))").
[[noreturn]] void raise_io_error(const std::filesystem::path& path, const std::string& what, int err);

/// The largest result file read (4 GiB: about 60 million rows of runs.csv) and the largest
/// manifest.json (16 MiB; a manifest is a few kilobytes).
inline constexpr std::size_t max_results_bytes = std::size_t{4} << 30;
inline constexpr std::size_t max_manifest_bytes = std::size_t{16} << 20;

using bandit::run_status;  ///< stopped, or budget_exhausted (written "censored")

/// runs.csv's text of a status: "stopped" or "censored".
const char* status_text(run_status s);

// ---- runs.csv -------------------------------------------------------------------------------

/// One line of runs.csv.
struct run_row {
  bandit::algorithm algorithm = bandit::algorithm::lilucb;
  std::string scenario;
  std::uint64_t n = 0, repetition = 0, seed = 0, pulls = 0;
  run_status status = run_status::stopped;
  std::uint64_t chosen_arm = 0;
  bool correct = false;
  std::string wrong_at;  ///< anytime only: one '0'/'1' per checkpoint ('1': the empirically best arm is wrong)
  // modern only: the method's label and delta (`scenario` holds the instance label; algorithm
  // and n are unused)
  std::string method;
  double delta = 0;
};

/// runs.csv's header for `kind`.
std::string runs_header(experiment_kind kind);
/// The line of `r` (no newline).
std::string to_csv(const run_row& r, experiment_kind kind);
/// The row of a line, or nullopt when it is not a complete, well-formed row of `kind`.
std::optional<run_row> parse_run(const std::string& line, experiment_kind kind);

/// runs.csv as read: the rows, and whether its last line was cut (no newline at its end: an
/// interrupted append, dropped).
struct runs_file {
  std::vector<run_row> rows;
  bool exists = false;
  bool cut_last_line = false;
};

/// Reads runs.csv.  A missing file gives no rows.  Throws lilucb::domain_error naming the file
/// when it is not a regular file, its header is not runs_header(kind), or a line other than an
/// unterminated last one is not a complete row (a file the runner did not write).
runs_file read_runs_file(const std::filesystem::path& path, experiment_kind kind);
/// read_runs_file(path, kind).rows.
std::vector<run_row> read_runs(const std::string& path, experiment_kind kind);

// ---- summary.csv (stopping-times) ------------------------------------------------------------

struct stopping_summary {
  std::string algorithm, scenario;
  std::uint64_t n = 0, runs = 0, censored = 0, stopped = 0, errors = 0;
  double h1 = 0, mean = 0, median = 0, q1 = 0, q3 = 0;
  double error_rate = 0, error_low = 0, error_high = 1;  ///< over stopped runs; CP 95%
  /// The median's distribution-free 95% interval (statistics.hpp, median_interval; censored runs
  /// at their budget): absent with fewer than 6 runs, and in summaries written before it existed.
  std::optional<double> median_low, median_high;
};

/// The header summary.csv is written with; read_summary also reads the files written before the
/// median's interval was added (without its two last columns).
std::string summary_header();
std::string to_csv(const stopping_summary& s);
std::vector<stopping_summary> read_summary(const std::filesystem::path& path);

// ---- summary.csv (modern) ---------------------------------------------------------------------

/// Per (method, instance, delta) of the modern experiment (the price of certification, docs/generated/modern.md).
struct modern_summary {
  std::string method, instance;
  double delta = 0;
  bool certified = false;
  std::uint64_t arms = 0;
  double h1 = 0, t_star = 0;
  double lower_bound = 0;               ///< T* kl(delta, 1 - delta) (Garivier & Kaufmann 2016, Theorem 1)
  std::uint64_t runs = 0, stopped = 0, censored = 0, errors = 0;
  double mean = 0, median = 0, q1 = 0, q3 = 0;
  std::optional<double> predicted;      ///< fixed point t = T* beta(t, delta) (GLR stopping only)
  double error_rate = 0, error_low = 0, error_high = 1;  ///< over stopped runs; CP 95%
  /// The median's distribution-free 95% interval (statistics.hpp, median_interval; censored runs
  /// at their budget): absent with fewer than 6 runs, and in summaries written before it existed.
  std::optional<double> median_low, median_high;
  /// E[tau]/(T* log(1/delta)): the measured mean over the asymptotic lower bound's rate.
  double mean_over_tstar_log() const;
};

/// The header summary.csv is written with; read_modern_summary also reads the files written before
/// the median's interval was added (without its two last columns).
std::string modern_summary_header();
std::string to_csv(const modern_summary& s);
std::vector<modern_summary> read_modern_summary(const std::filesystem::path& path);

// ---- anytime.csv, stopping.csv, windows.csv (anytime) ------------------------------------------

struct anytime_point {
  std::string scenario, algorithm;
  std::uint64_t n = 0, pulls = 0, runs = 0, wrong = 0;
  double p_wrong = 0, low = 0, high = 1;
};
std::string anytime_header();
std::string to_csv(const anytime_point& p);
std::vector<anytime_point> read_anytime(const std::filesystem::path& path);

/// The median stopping time of an algorithm inside the window: known (`median`) only when more
/// than half the runs stopped in it.
struct stopping_mark {
  std::string scenario, algorithm;
  std::uint64_t n = 0, window = 0, runs = 0, stopped = 0;
  std::optional<double> median;
};
std::string stopping_header();
std::string to_csv(const stopping_mark& m);
std::vector<stopping_mark> read_stopping(const std::filesystem::path& path);

struct window_row {
  std::string scenario;
  std::uint64_t n = 0, window = 0;
  bool operator==(const window_row&) const = default;
};
std::string windows_header();
std::string to_csv(const window_row& w);
/// Reads windows.csv; a missing file gives no rows.
std::vector<window_row> read_windows(const std::filesystem::path& path);
/// The manifest's "windows" array of `w`, and back (nullopt: not an array of such objects).
nlohmann::json windows_json(const std::vector<window_row>& w);
std::optional<std::vector<window_row>> windows_from_json(const nlohmann::json& j);

/// Header line, then to_csv of each row, each line ended by '\n'.
template <class Row, class... Extra>
std::string csv_text(const std::string& header, const std::vector<Row>& rows, const Extra&... extra) {
  std::string s = header + '\n';
  for (const auto& r : rows) s += to_csv(r, extra...) + '\n';
  return s;
}

// ---- manifest.json ---------------------------------------------------------------------------

/// The manifest of folder `dir`: nullopt when manifest.json does not exist; a manifest that
/// is not a JSON object with "experiment" and "config" objects gives std::nullopt too and sets
/// *invalid (when given) to the reason.
std::optional<nlohmann::json> read_manifest(const std::filesystem::path& dir, std::string* invalid = nullptr);
/// Writes dir/manifest.json atomically (2-space indented JSON and a newline).
void write_manifest(const std::filesystem::path& dir, const nlohmann::json& manifest);

}  // namespace lilucb::experiments
