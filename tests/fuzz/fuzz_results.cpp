// Fuzzes the results reader that a resume reads a folder with (experiments/src/results.cpp):
// runs.csv (read_runs_file, both kinds), windows.csv (read_windows), manifest.json
// (read_manifest, then windows_from_json on its "windows" as the runner's check_manifest does),
// and the summary readers a merge and a report use (read_summary, read_anytime, read_stopping).
// The first byte of the input picks the file: '0' runs.csv (stopping-times), '1' runs.csv (anytime),
// '2' windows.csv, '3' manifest.json, '4' summary.csv, '5' anytime.csv, '6' stopping.csv (any byte b:
// (b + 1) mod 7, so '0' is 0); the rest is the file's content,
// written to a scratch folder and read back through the real path-taking reader.
// Promises checked:
//   - every reader returns or throws lilucb::domain_error (a file the runner did not write);
//     never another exception, never a crash, leak or UB;
//   - an accepted runs.csv row is well formed: parse_run(to_csv(row)) is the same row, its
//     scenario holds no ',' '\n', the anytime wrong_at is a non-empty 0/1 string;
//   - an accepted windows.csv writes back (csv_text) to a file that reads back the same, and
//     windows_json/windows_from_json round-trip;
//   - read_manifest returns an object with an "experiment" string and a "config" object, or
//     nullopt with a reason;
//   - summary readers' real fields are finite and their counts consistent.
#include "fuzz_common.hpp"

#include "lilucb_experiments/results.hpp"

#include "lilucb/errors.hpp"

#include <unistd.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

namespace {

namespace fs = std::filesystem;
using namespace lilucb::experiments;

const fs::path& scratch() {
  static const fs::path dir = [] {
    std::string tmpl = (fs::temp_directory_path() / "lilucb-fuzz-results-XXXXXX").string();
    if (!::mkdtemp(tmpl.data())) lilucb_fuzz::broken("a scratch folder");
    // Removed at exit through a plain array (never destroyed, unlike this static path).
    static char name[4096];
    if (tmpl.size() >= sizeof name) lilucb_fuzz::broken("a short scratch path");
    tmpl.copy(name, tmpl.size());
    std::atexit([] {
      std::error_code ec;
      fs::remove_all(fs::path(name), ec);
    });
    return fs::path(tmpl);
  }();
  return dir;
}

void write(const fs::path& p, const std::uint8_t* data, std::size_t size) {
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  if (!out) lilucb_fuzz::broken("the scratch file is written");
}

bool same(const run_row& a, const run_row& b) {
  return a.algorithm == b.algorithm && a.scenario == b.scenario && a.n == b.n && a.repetition == b.repetition &&
         a.seed == b.seed && a.pulls == b.pulls && a.status == b.status && a.chosen_arm == b.chosen_arm &&
         a.correct == b.correct && a.wrong_at == b.wrong_at;
}

void check_runs(const fs::path& p, experiment_kind kind) {
  const auto file = read_runs_file(p, kind);
  lilucb_fuzz::require(file.exists, "an existing runs.csv is reported as existing");
  for (const auto& r : file.rows) {
    lilucb_fuzz::require(!r.scenario.empty() && r.scenario.find_first_of(",\n") == std::string::npos,
                         "a row's scenario is one non-empty field");
    if (kind == experiment_kind::anytime)
      lilucb_fuzz::require(!r.wrong_at.empty() && r.wrong_at.find_first_not_of("01") == std::string::npos,
                           "wrong_at is a 0/1 string");
    const auto back = parse_run(to_csv(r, kind), kind);
    lilucb_fuzz::require(back && same(*back, r), "a row writes back to itself");
  }
}

void check_windows(const fs::path& p) {
  const auto rows = read_windows(p);
  const auto back = windows_from_json(windows_json(rows));
  lilucb_fuzz::require(back && *back == rows, "windows round-trip through the manifest's JSON");
  const std::string text = csv_text(windows_header(), rows);
  write(p, reinterpret_cast<const std::uint8_t*>(text.data()), text.size());
  lilucb_fuzz::require(read_windows(p) == rows, "windows.csv writes back to itself");
}

void check_manifest(const fs::path& dir) {
  std::string invalid;
  const auto m = read_manifest(dir, &invalid);
  if (!m) {
    lilucb_fuzz::require(!invalid.empty(), "a refused manifest says why");
    return;
  }
  lilucb_fuzz::require(m->is_object() && (*m)["experiment"].is_string() && (*m)["config"].is_object(),
                       "an accepted manifest has an experiment and a config");
  if (m->contains("windows"))
    if (const auto w = windows_from_json((*m)["windows"]))
      lilucb_fuzz::require(windows_from_json(windows_json(*w)) == w, "the manifest's windows round-trip");
}

void check_summaries(int which, const fs::path& p) {
  if (which == 4) {
    for (const auto& s : read_summary(p))
      lilucb_fuzz::require(std::isfinite(s.h1) && std::isfinite(s.mean) && std::isfinite(s.median) &&
                               std::isfinite(s.error_rate) && s.stopped + s.censored == s.runs && s.errors <= s.stopped,
                           "summary rows are finite and consistent");
  } else if (which == 5) {
    for (const auto& a : read_anytime(p))
      lilucb_fuzz::require(std::isfinite(a.p_wrong) && std::isfinite(a.low) && std::isfinite(a.high) && a.wrong <= a.runs,
                           "anytime rows are finite and consistent");
  } else {
    for (const auto& m : read_stopping(p))
      lilucb_fuzz::require((!m.median || std::isfinite(*m.median)) && m.stopped <= m.runs,
                           "stopping rows are finite and consistent");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const int which = (data[0] + 1) % 7;  // '0' (48) -> 0, ..., '6' -> 6
  static const char* const names[] = {"runs.csv", "runs.csv", "windows.csv", "manifest.json",
                                      "summary.csv", "anytime.csv", "stopping.csv"};
  const fs::path p = scratch() / names[which];
  write(p, data + 1, size - 1);
  try {
    switch (which) {
      case 0: check_runs(p, experiment_kind::stopping_times); break;
      case 1: check_runs(p, experiment_kind::anytime); break;
      case 2: check_windows(p); break;
      case 3: check_manifest(scratch()); break;
      default: check_summaries(which, p); break;
    }
  } catch (const lilucb::domain_error&) {
  }
  std::error_code ec;
  fs::remove(p, ec);
  return 0;
}
