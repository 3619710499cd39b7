// The result files: one writer and one reader per row type (results.hpp).

#include "lilucb_experiments/results.hpp"

#include "lilucb/bandit/combination.hpp"
#include "lilucb/errors.hpp"
#include "lilucb/io/safe_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cmath>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <map>
#include <mutex>
#include <system_error>

namespace fs = std::filesystem;

namespace lilucb::experiments {

void raise_io_error(const fs::path& path, const std::string& what, int err) {
  throw io_error("lilucb experiment", path.string(), what + (err ? std::string(" (") + std::strerror(err) + ")" : ""));
}

const char* status_text(run_status s) { return s == run_status::stopped ? "stopped" : "censored"; }

namespace {

// A modern method's label as read from a file: the one name of a combination, also for the older
// spelling "LABEL:BOUNDARY" of LS boundaries (bandit::canonical_combination_name).
std::string method_label(const std::string& field) {
  return field.find(':') == std::string::npos ? field : bandit::canonical_combination_name(field);
}

constexpr const char* kResultsFn = "lilucb experiment";

[[noreturn]] void malformed_results(const fs::path& file, const std::string& what) {
  throw lilucb::domain_error(kResultsFn, "results file", file.string(), what);
}

std::vector<std::string> split(const std::string& line) {
  std::vector<std::string> out(1);
  for (char c : line) {
    if (c == ',') out.emplace_back();
    else out.back() += c;
  }
  return out;
}

bool parse_u64(const std::string& s, std::uint64_t& v) {
  if (s.empty() || s.find_first_not_of("0123456789") != std::string::npos) return false;
  const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
  return r.ec == std::errc() && r.ptr == s.data() + s.size();
}

bool parse_real(const std::string& s, double& x) {
  if (s.empty()) return false;
  const auto r = std::from_chars(s.data(), s.data() + s.size(), x);
  return r.ec == std::errc() && r.ptr == s.data() + s.size() && std::isfinite(x);
}

using lilucb::detail::format_value;

/// The whole file, or nullopt when it does not exist; malformed_results() when it is not a regular
/// file (a symlink to one is followed), io_error when it cannot be read or exceeds the limit.
std::optional<std::string> slurp(const fs::path& p) {
  const auto kind = io::kind_of(p, io::link_policy::follow_links, kResultsFn);
  if (kind == io::file_kind::missing) return std::nullopt;
  if (kind != io::file_kind::regular) malformed_results(p, "a regular file");
  return io::read_file_if_present(p, max_results_bytes, kResultsFn);
}

/// Lines of `text` (without '\n'; a trailing '\r' removed); `cut` set when the last line has no '\n'.
std::vector<std::string> lines(const std::string& text, bool* cut = nullptr) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start < text.size()) {
    const auto nl = text.find('\n', start);
    std::string l = text.substr(start, nl == std::string::npos ? std::string::npos : nl - start);
    if (!l.empty() && l.back() == '\r') l.pop_back();
    out.push_back(std::move(l));
    if (nl == std::string::npos) {
      if (cut) *cut = true;
      break;
    }
    start = nl + 1;
  }
  return out;
}

/// The field rows of a summary file (header checked, field counts checked); a missing file throws.
std::vector<std::vector<std::string>> table(const fs::path& p, const std::string& header) {
  const auto text = slurp(p);
  if (!text) malformed_results(p, "an existing file");
  const auto ls = lines(*text);
  if (ls.empty() || ls[0] != header) malformed_results(p, "a CSV with header " + header);
  const std::size_t n = split(header).size();
  std::vector<std::vector<std::string>> rows;
  for (std::size_t k = 1; k < ls.size(); ++k) {
    if (ls[k].empty()) continue;
    auto f = split(ls[k]);
    if (f.size() != n)
      malformed_results(p, "rows of " + std::to_string(n) + " fields (line " + std::to_string(k + 1) + " has " +
                       std::to_string(f.size()) + ")");
    rows.push_back(std::move(f));
  }
  return rows;
}

std::uint64_t count_at(const fs::path& p, const std::string& s) {
  std::uint64_t v = 0;
  if (!parse_u64(s, v)) malformed_results(p, "counts, not '" + s + "'");
  return v;
}

double real_at(const fs::path& p, const std::string& s) {
  double x = 0;
  if (!parse_real(s, x)) malformed_results(p, "finite numbers, not '" + s + "'");
  return x;
}

/// Whether the summary file `p` has the header `v1` (written before the median's interval, its
/// last two columns, was added).
bool is_v1(const fs::path& p, const std::string& v1) {
  const auto text = slurp(p);
  if (!text) return false;
  const auto ls = lines(*text);  // (as table() reads it: CR stripped, no final newline needed)
  return !ls.empty() && ls[0] == v1;
}

/// The median's interval of a summary row from its fields `low` and `high` (both empty: none).
void read_median_interval(const fs::path& p, const std::string& low, const std::string& high, double median,
                          std::optional<double>& median_low, std::optional<double>& median_high) {
  if (low.empty() != high.empty()) malformed_results(p, "both ends of the median's interval, or neither");
  if (low.empty()) return;
  median_low = real_at(p, low);
  median_high = real_at(p, high);
  if (!(*median_low <= median && median <= *median_high)) malformed_results(p, "the median inside its interval");
}

std::string optional_value(const std::optional<double>& x) { return x ? format_value(*x) : std::string(); }

}  // namespace

// ---- runs.csv ---------------------------------------------------------------------------------

std::string runs_header(experiment_kind kind) {
  if (kind == experiment_kind::modern) return "method,instance,delta,repetition,seed,pulls,status,chosen_arm,correct";
  std::string h = "algorithm,scenario,n,repetition,seed,pulls,status,chosen_arm,correct";
  if (kind == experiment_kind::anytime) h += ",wrong_at";
  return h;
}

std::string to_csv(const run_row& r, experiment_kind kind) {
  if (kind == experiment_kind::modern)
    return r.method + "," + r.scenario + "," + format_value(r.delta) + "," + std::to_string(r.repetition) + "," +
           std::to_string(r.seed) + "," + std::to_string(r.pulls) + "," + status_text(r.status) + "," +
           std::to_string(r.chosen_arm) + "," + (r.correct ? "1" : "0");
  std::string s = std::string(bandit::to_string(r.algorithm)) + "," + r.scenario + "," + std::to_string(r.n) + "," +
                  std::to_string(r.repetition) + "," + std::to_string(r.seed) + "," + std::to_string(r.pulls) + "," +
                  status_text(r.status) + "," + std::to_string(r.chosen_arm) + "," + (r.correct ? "1" : "0");
  if (kind == experiment_kind::anytime) s += "," + r.wrong_at;
  return s;
}

std::optional<run_row> parse_run(const std::string& line, experiment_kind kind) {
  const auto f = split(line);
  if (f.size() != (kind == experiment_kind::anytime ? 10u : 9u)) return std::nullopt;
  run_row r;
  if (kind == experiment_kind::modern) {
    // The method label is checked against the config by the runner (check_rows).
    if (f[0].empty() || f[1].empty() || !parse_real(f[2], r.delta)) return std::nullopt;
    r.method = method_label(f[0]);
  } else {
    try {
      r.algorithm = bandit::parse_algorithm(f[0]);  // the library's one list of identifiers
    } catch (const lilucb::domain_error&) {
      return std::nullopt;
    }
    if (f[1].empty()) return std::nullopt;
  }
  r.scenario = f[1];
  if ((kind != experiment_kind::modern && !parse_u64(f[2], r.n)) || !parse_u64(f[3], r.repetition) || !parse_u64(f[4], r.seed) || !parse_u64(f[5], r.pulls) ||
      !parse_u64(f[7], r.chosen_arm))
    return std::nullopt;
  if (f[6] == "stopped") r.status = run_status::stopped;
  else if (f[6] == "censored") r.status = run_status::budget_exhausted;
  else return std::nullopt;
  if (f[8] != "0" && f[8] != "1") return std::nullopt;
  r.correct = f[8] == "1";
  if (kind == experiment_kind::anytime) {
    r.wrong_at = f[9];
    if (r.wrong_at.empty() || r.wrong_at.find_first_not_of("01") != std::string::npos) return std::nullopt;
  }
  return r;
}

runs_file read_runs_file(const fs::path& path, experiment_kind kind) {
  runs_file out;
  const auto text = slurp(path);
  if (!text) return out;
  out.exists = true;
  const auto ls = lines(*text, &out.cut_last_line);
  if (ls.empty()) {
    out.cut_last_line = false;
    return out;  // an empty file: created, nothing written yet
  }
  if (ls[0] != runs_header(kind)) {
    if (ls.size() == 1 && out.cut_last_line && runs_header(kind).rfind(ls[0], 0) == 0) return out;  // header cut
    malformed_results(path, "a CSV with header " + runs_header(kind));
  }
  for (std::size_t k = 1; k < ls.size(); ++k) {
    auto r = parse_run(ls[k], kind);
    if (k + 1 == ls.size() && out.cut_last_line) break;  // an interrupted append: the run is redone
    if (!r) malformed_results(path, "complete rows of " + runs_header(kind) + " (line " + std::to_string(k + 1) + " is '" +
                                ls[k].substr(0, 80) + "')");
    out.rows.push_back(std::move(*r));
  }
  return out;
}

std::vector<run_row> read_runs(const std::string& path, experiment_kind kind) { return read_runs_file(path, kind).rows; }

// ---- summary.csv --------------------------------------------------------------------------------

namespace {
/// summary.csv before the median's interval (its last two columns) was added.
std::string summary_header_v1() {
  return "algorithm,scenario,n,h1,runs,stopped,censored,mean_pulls,median_pulls,q1_pulls,q3_pulls,"
         "mean_over_h1,median_over_h1,errors,error_rate,error_ci_low,error_ci_high";
}
}  // namespace

std::string summary_header() { return summary_header_v1() + ",median_ci_low,median_ci_high"; }

std::string to_csv(const stopping_summary& s) {
  return s.algorithm + "," + s.scenario + "," + std::to_string(s.n) + "," + format_value(s.h1) + "," + std::to_string(s.runs) +
         "," + std::to_string(s.stopped) + "," + std::to_string(s.censored) + "," + format_value(s.mean) + "," + format_value(s.median) +
         "," + format_value(s.q1) + "," + format_value(s.q3) + "," + format_value(s.mean / s.h1) + "," + format_value(s.median / s.h1) + "," +
         std::to_string(s.errors) + "," + format_value(s.error_rate) + "," + format_value(s.error_low) + "," + format_value(s.error_high) +
         "," + optional_value(s.median_low) + "," + optional_value(s.median_high);
}

std::vector<stopping_summary> read_summary(const fs::path& p) {
  std::vector<stopping_summary> out;
  const bool v1 = is_v1(p, summary_header_v1());
  for (const auto& r : table(p, v1 ? summary_header_v1() : summary_header())) {
    stopping_summary s;
    s.algorithm = r[0];
    s.scenario = r[1];
    s.n = count_at(p, r[2]);
    s.h1 = real_at(p, r[3]);
    s.runs = count_at(p, r[4]);
    s.stopped = count_at(p, r[5]);
    s.censored = count_at(p, r[6]);
    s.mean = real_at(p, r[7]);
    s.median = real_at(p, r[8]);
    s.q1 = real_at(p, r[9]);
    s.q3 = real_at(p, r[10]);
    s.errors = count_at(p, r[13]);
    s.error_rate = real_at(p, r[14]);
    s.error_low = real_at(p, r[15]);
    s.error_high = real_at(p, r[16]);
    if (!v1) read_median_interval(p, r[17], r[18], s.median, s.median_low, s.median_high);
    if (s.stopped + s.censored != s.runs || s.errors > s.stopped) malformed_results(p, "consistent counts");
    out.push_back(std::move(s));
  }
  return out;
}

// ---- summary.csv (modern) -----------------------------------------------------------------------

double modern_summary::mean_over_tstar_log() const { return mean / (t_star * std::log(1 / delta)); }

namespace {
/// summary.csv before the median's interval (its last two columns) was added.
std::string modern_summary_header_v1() {
  return "method,instance,delta,certified,arms,h1,t_star,lower_bound,runs,stopped,censored,mean_pulls,median_pulls,"
         "q1_pulls,q3_pulls,mean_over_tstar_log,mean_over_h1,predicted_pulls,errors,error_rate,error_ci_low,error_ci_high";
}
}  // namespace

std::string modern_summary_header() { return modern_summary_header_v1() + ",median_ci_low,median_ci_high"; }

std::string to_csv(const modern_summary& s) {
  return s.method + "," + s.instance + "," + format_value(s.delta) + "," + (s.certified ? "1" : "0") + "," + std::to_string(s.arms) +
         "," + format_value(s.h1) + "," + format_value(s.t_star) + "," + format_value(s.lower_bound) + "," + std::to_string(s.runs) + "," +
         std::to_string(s.stopped) + "," + std::to_string(s.censored) + "," + format_value(s.mean) + "," + format_value(s.median) + "," +
         format_value(s.q1) + "," + format_value(s.q3) + "," + format_value(s.mean_over_tstar_log()) + "," + format_value(s.mean / s.h1) + "," +
         (s.predicted ? format_value(*s.predicted) : std::string()) + "," + std::to_string(s.errors) + "," + format_value(s.error_rate) +
         "," + format_value(s.error_low) + "," + format_value(s.error_high) + "," + optional_value(s.median_low) + "," +
         optional_value(s.median_high);
}

std::vector<modern_summary> read_modern_summary(const fs::path& p) {
  std::vector<modern_summary> out;
  const bool v1 = is_v1(p, modern_summary_header_v1());
  for (const auto& r : table(p, v1 ? modern_summary_header_v1() : modern_summary_header())) {
    modern_summary s;
    s.method = method_label(r[0]);
    s.instance = r[1];
    s.delta = real_at(p, r[2]);
    if (r[3] != "0" && r[3] != "1") malformed_results(p, "certified 0 or 1, not '" + r[3] + "'");
    s.certified = r[3] == "1";
    s.arms = count_at(p, r[4]);
    s.h1 = real_at(p, r[5]);
    s.t_star = real_at(p, r[6]);
    s.lower_bound = real_at(p, r[7]);
    s.runs = count_at(p, r[8]);
    s.stopped = count_at(p, r[9]);
    s.censored = count_at(p, r[10]);
    s.mean = real_at(p, r[11]);
    s.median = real_at(p, r[12]);
    s.q1 = real_at(p, r[13]);
    s.q3 = real_at(p, r[14]);
    if (!r[17].empty()) s.predicted = real_at(p, r[17]);
    s.errors = count_at(p, r[18]);
    s.error_rate = real_at(p, r[19]);
    s.error_low = real_at(p, r[20]);
    s.error_high = real_at(p, r[21]);
    if (!v1) read_median_interval(p, r[22], r[23], s.median, s.median_low, s.median_high);
    if (s.stopped + s.censored != s.runs || s.errors > s.stopped) malformed_results(p, "consistent counts");
    if (!(s.delta > 0 && s.delta < 1) || !(s.t_star > 0) || !(s.h1 > 0)) malformed_results(p, "delta in (0, 1), T* > 0, H1 > 0");
    out.push_back(std::move(s));
  }
  return out;
}

// ---- anytime.csv, stopping.csv, windows.csv ------------------------------------------------------

std::string anytime_header() { return "scenario,n,algorithm,pulls,runs,wrong,p_wrong,ci_low,ci_high"; }

std::string to_csv(const anytime_point& p) {
  return p.scenario + "," + std::to_string(p.n) + "," + p.algorithm + "," + std::to_string(p.pulls) + "," +
         std::to_string(p.runs) + "," + std::to_string(p.wrong) + "," + format_value(p.p_wrong) + "," + format_value(p.low) + "," +
         format_value(p.high);
}

std::vector<anytime_point> read_anytime(const fs::path& p) {
  std::vector<anytime_point> out;
  for (const auto& r : table(p, anytime_header())) {
    anytime_point a;
    a.scenario = r[0];
    a.n = count_at(p, r[1]);
    a.algorithm = r[2];
    a.pulls = count_at(p, r[3]);
    a.runs = count_at(p, r[4]);
    a.wrong = count_at(p, r[5]);
    a.p_wrong = real_at(p, r[6]);
    a.low = real_at(p, r[7]);
    a.high = real_at(p, r[8]);
    if (a.wrong > a.runs) malformed_results(p, "consistent counts");
    out.push_back(std::move(a));
  }
  return out;
}

std::string stopping_header() { return "scenario,n,algorithm,window,runs,stopped,median_stopping_time"; }

std::string to_csv(const stopping_mark& m) {
  return m.scenario + "," + std::to_string(m.n) + "," + m.algorithm + "," + std::to_string(m.window) + "," +
         std::to_string(m.runs) + "," + std::to_string(m.stopped) + "," + (m.median ? format_value(*m.median) : std::string());
}

std::vector<stopping_mark> read_stopping(const fs::path& p) {
  std::vector<stopping_mark> out;
  for (const auto& r : table(p, stopping_header())) {
    stopping_mark m;
    m.scenario = r[0];
    m.n = count_at(p, r[1]);
    m.algorithm = r[2];
    m.window = count_at(p, r[3]);
    m.runs = count_at(p, r[4]);
    m.stopped = count_at(p, r[5]);
    if (!r[6].empty()) m.median = real_at(p, r[6]);
    if (m.stopped > m.runs) malformed_results(p, "consistent counts");
    out.push_back(std::move(m));
  }
  return out;
}

std::string windows_header() { return "scenario,n,window"; }

std::string to_csv(const window_row& w) {
  return w.scenario + "," + std::to_string(w.n) + "," + std::to_string(w.window);
}

std::vector<window_row> read_windows(const fs::path& p) {
  std::vector<window_row> out;
  if (!slurp(p)) return out;
  for (const auto& r : table(p, windows_header())) {
    window_row w;
    w.scenario = r[0];
    w.n = count_at(p, r[1]);
    w.window = count_at(p, r[2]);
    out.push_back(std::move(w));
  }
  return out;
}

nlohmann::json windows_json(const std::vector<window_row>& w) {
  nlohmann::json j = nlohmann::json::array();
  for (const auto& x : w) j.push_back({{"scenario", x.scenario}, {"n", x.n}, {"window", x.window}});
  return j;
}

std::optional<std::vector<window_row>> windows_from_json(const nlohmann::json& j) {
  if (!j.is_array()) return std::nullopt;
  std::vector<window_row> out;
  for (const auto& x : j) {
    if (!x.is_object() || !x.contains("scenario") || !x.contains("n") || !x.contains("window") ||
        !x["scenario"].is_string() || !x["n"].is_number_unsigned() || !x["window"].is_number_unsigned())
      return std::nullopt;
    out.push_back({x["scenario"].get<std::string>(), x["n"].get<std::uint64_t>(), x["window"].get<std::uint64_t>()});
  }
  return out;
}

// ---- manifest.json ------------------------------------------------------------------------------

std::optional<nlohmann::json> read_manifest(const fs::path& dir, std::string* invalid) {
  const fs::path p = dir / "manifest.json";
  std::error_code ec;
  if (!fs::exists(fs::symlink_status(p, ec))) return std::nullopt;
  auto fail = [&](const std::string& why) -> std::optional<nlohmann::json> {
    if (invalid) *invalid = why;
    return std::nullopt;
  };
  if (io::kind_of(p, io::link_policy::follow_links, kResultsFn) != io::file_kind::regular)
    return fail("not a regular file");
  const auto text = io::read_file_if_present(p, max_manifest_bytes, kResultsFn);
  if (!text) return fail("not a regular file");
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(*text);
  } catch (const nlohmann::json::exception&) {
    return fail("not valid JSON");
  }
  if (!j.is_object() || !j.contains("experiment") || !j["experiment"].is_string() || !j.contains("config") ||
      !j["config"].is_object())
    return fail("not a manifest (no \"experiment\" and \"config\")");
  return j;
}

void write_manifest(const fs::path& dir, const nlohmann::json& manifest) {
  io::write_file_atomically(dir / "manifest.json", manifest.dump(2) + '\n', kResultsFn);
}

}  // namespace lilucb::experiments
