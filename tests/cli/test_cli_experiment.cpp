// End-to-end tests of `lilucb experiment` (stopping-times, anytime, plot) through the real
// binary, and of the reproduction report's renderer (experiments/src/report.cpp) on a small
// planted summary.
//
// The runner's library-level behaviour (statistics against hand-computed values, one row
// repeated by a direct library call, the anytime curve recounted from runs.csv, censoring at an
// anytime window) is tested in tests/experiments/test_experiments.cpp; this file tests what the
// command adds on top: option parsing and the JSON config file, the output folder and its files
// as the command writes them, --json output, --threads through the command line, resumption of an
// interrupted folder by rerunning the command, the gnuplot step (PNG and SVG signatures) and the
// `plot` subcommand, and the invalid-input contract (exit 2, nothing on stdout, one line on
// stderr naming the parameter); the results files' promises (a failed write is exit 3 and one line,
// bad --out paths, a folder in use, a refused folder is exit 2, SIGKILL then rerun gives the same
// bytes, at timed moments and at every atomic rewrite through the fault hook, a second real process
// on the same folder, a read-only runs.csv or folder) and `experiment merge`.

#include <boost/test/unit_test.hpp>

#include "lilucb_experiments/report.hpp"
#include "../text_files.hpp"

#include "lilucb/errors.hpp"

#include <nlohmann/json.hpp>

#include "cli_harness.hpp"

#include <sys/file.h>
#include <sys/wait.h>
#include <sys/resource.h>
#include <fcntl.h>
#include <grp.h>
#include <unistd.h>

#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using json = nlohmann::json;
using namespace cli_harness;
using namespace test_files;

namespace {

bool is_count(const std::string& s) { return !s.empty() && s.find_first_not_of("0123456789") == std::string::npos; }

/// Runs a command that must succeed with --json: exit 0 and exactly one JSON object on stdout.
json run_json(const std::vector<std::string>& args, cli_result* raw = nullptr) {
  const auto r = run_cli(args);
  BOOST_TEST_CONTEXT(show(args)) {
    BOOST_TEST(r.status == 0, "stderr: " << r.err);
    BOOST_TEST(!r.signaled);
  }
  if (raw) *raw = r;
  try {
    const auto j = json::parse(r.out);
    BOOST_TEST(j.is_object());
    return j;
  } catch (const std::exception& e) {
    BOOST_TEST(false, "stdout is not exactly one JSON value: " << e.what() << "\n" << r.out);
    return json::object();
  }
}

// 4 algorithms x 2 scenarios x 2 sizes x 3 repetitions; ucb1-ls skipped at n = 20; exp-gap
// needs millions of pulls at these sizes, so a budget of 20000 censors every one of its runs.
const char* kStoppingConfig = R"({
  "algorithms": ["lilucb-heuristic", "successive-elimination", "ucb1-ls", "exp-gap"],
  "scenarios": ["sparse", "alpha0.3"], "sizes": [5, 20], "repetitions": 3,
  "budget": 20000, "ucb1_max_n": 5, "seed": 11})";
constexpr std::size_t kStoppingRuns = (4 * 2 * 2 - 2) * 3;

const char* kAnytimeConfig = R"({
  "algorithms": ["lilucb-heuristic", "exp-gap"], "scenarios": ["sparse"], "sizes": [4],
  "repetitions": 6, "budget": 50000, "pilot_repetitions": 3, "window_factor": 2,
  "window_from": ["lilucb-heuristic"], "checkpoints_per_decade": 4, "seed": 5})";

}  // namespace

BOOST_AUTO_TEST_CASE(stopping_times_writes_the_documented_files) {
  temp_dir tmp;
  const auto cfg = tmp.file("st.json", kStoppingConfig);
  const fs::path out = tmp.path / "st";
  cli_result raw;
  const auto j = run_json({"experiment", "stopping-times", "--config", cfg, "--out", out.string(), "--threads", "2",
                           "--no-plot", "--json"},
                          &raw);
  BOOST_TEST(j.at("out") == out.string());
  BOOST_TEST(j.at("runs").at("total") == kStoppingRuns);
  BOOST_TEST(j.at("runs").at("executed") == kStoppingRuns);
  BOOST_TEST(j.at("runs").at("resumed") == 0);
  BOOST_TEST(j.at("wall_seconds").is_number());
  BOOST_TEST(j.at("plots").empty());  // --no-plot
  BOOST_TEST_REQUIRE(j.at("notes").size() == 1u);
  BOOST_TEST(contains(j.at("notes")[0].get<std::string>(), "ucb1-ls skipped at n = 20"));
  // stderr is not a terminal: the note and plain progress lines, no carriage returns.
  BOOST_TEST(contains(raw.err, "ucb1-ls skipped at n = 20"));
  BOOST_TEST(contains(raw.err, "stopping-times: " + std::to_string(kStoppingRuns) + "/" +
                                   std::to_string(kStoppingRuns) + " runs (100.0%)"));
  BOOST_TEST(count_char(raw.err, '\r') == 0u);

  // runs.csv: the header, one row per run, the documented fields and types.
  const auto runs = lines_of(out / "runs.csv");
  BOOST_TEST_REQUIRE(runs.size() == 1 + kStoppingRuns);
  BOOST_TEST(runs[0] == "algorithm,scenario,n,repetition,seed,pulls,status,chosen_arm,correct");
  std::set<std::string> keys;
  std::size_t censored = 0;
  for (std::size_t i = 1; i < runs.size(); ++i) {
    const auto f = fields(runs[i]);
    BOOST_TEST_REQUIRE(f.size() == 9u, runs[i]);
    BOOST_TEST((f[0] == "lilucb-heuristic" || f[0] == "successive-elimination" || f[0] == "ucb1-ls" || f[0] == "exp-gap"));
    BOOST_TEST((f[1] == "sparse" || f[1] == "alpha0.3"));
    BOOST_TEST((f[2] == "5" || f[2] == "20"));
    for (int k : {3, 4, 5, 7}) BOOST_TEST(is_count(f[k]), runs[i]);
    BOOST_TEST(std::stoull(f[3]) < 3u);
    BOOST_TEST((f[6] == "stopped" || f[6] == "censored"));
    BOOST_TEST((f[8] == "0" || f[8] == "1"));
    // Arms: n (sparse) or n + 1 (alpha).
    BOOST_TEST(std::stoull(f[7]) < std::stoull(f[2]) + (f[1] == "sparse" ? 0 : 1));
    BOOST_TEST(!(f[0] == "ucb1-ls" && f[2] == "20"));
    if (f[6] == "censored") {
      ++censored;
      BOOST_TEST(f[5] == "20000", runs[i]);  // kept at the budget, never dropped
    } else {
      BOOST_TEST(std::stoull(f[5]) < 20000u);
    }
    if (f[0] == "exp-gap") BOOST_TEST(f[6] == "censored");
    keys.insert(f[0] + "|" + f[1] + "|" + f[2] + "|" + f[3]);
  }
  BOOST_TEST(censored >= 12u);
  BOOST_TEST(keys.size() == kStoppingRuns);

  // summary.csv: one row per (algorithm, scenario, n) that ran, counts consistent with runs.csv.
  const auto summary = lines_of(out / "summary.csv");
  BOOST_TEST_REQUIRE(summary.size() == 1u + 14u);
  BOOST_TEST(summary[0] ==
             "algorithm,scenario,n,h1,runs,stopped,censored,mean_pulls,median_pulls,q1_pulls,q3_pulls,"
             "mean_over_h1,median_over_h1,errors,error_rate,error_ci_low,error_ci_high,median_ci_low,median_ci_high");
  for (std::size_t i = 1; i < summary.size(); ++i) {
    const auto s = fields(summary[i]);
    BOOST_TEST_REQUIRE(s.size() == 19u);
    BOOST_TEST(s[4] == "3");
    BOOST_TEST(std::stoull(s[5]) + std::stoull(s[6]) == 3u);
    std::size_t c = 0;
    for (std::size_t k = 1; k < runs.size(); ++k) {
      const auto f = fields(runs[k]);
      if (f[0] == s[0] && f[1] == s[1] && f[2] == s[2] && f[6] == "censored") ++c;
    }
    BOOST_TEST(std::to_string(c) == s[6], summary[i]);
  }

  // manifest.json: the full config as given, complete.
  const auto m = json::parse(read_text(out / "manifest.json"));
  BOOST_TEST(m.at("status") == "complete");
  BOOST_TEST(m.at("experiment") == "stopping-times");
  BOOST_TEST(m.at("config").at("preset") == "custom");
  BOOST_TEST(m.at("config").at("sizes") == json::parse("[5, 20]"));
  BOOST_TEST(m.at("config").at("budget") == 20000);
  BOOST_TEST(m.at("config").at("seed") == 11);
  BOOST_TEST(m.at("machine").at("threads_used") == 2);
  for (const char* k : {"git", "toolkit", "start_time", "end_time", "wall_seconds", "runs", "notes"})
    BOOST_TEST(m.contains(k), k);
  BOOST_TEST(!fs::exists(out / "stopping-times-sparse.png"));  // --no-plot

  // `plot DIR` draws them afterwards: PNG and SVG per scenario.
  const auto p = run_json({"experiment", "plot", out.string(), "--json"});
  BOOST_TEST_REQUIRE(p.at("plots").size() == 4u);
  for (const auto& f : p.at("plots")) {
    const std::string file = f.get<std::string>();
    BOOST_TEST_REQUIRE(fs::exists(file), file);
    const auto text = read_text(file);
    BOOST_TEST(text.size() > 1000u, file);
    if (file.ends_with(".png")) BOOST_TEST(text.substr(0, 8) == std::string("\x89PNG\r\n\x1a\n", 8), file);
    else BOOST_TEST((file.ends_with(".svg") && contains(text, "<svg") && contains(text, "</svg>")), file);
  }
  // Without --json: one "plot: FILE" line per file.
  const auto r = run_cli({"experiment", "plot", out.string()});
  BOOST_TEST(r.status == 0);
  BOOST_TEST(count_char(r.out, '\n') == 4u);
  BOOST_TEST(contains(r.out, "plot: " + (out / "stopping-times-alpha0.3.svg").string() + "\n"));
}

BOOST_AUTO_TEST_CASE(identical_files_for_one_and_two_threads) {
  temp_dir tmp;
  const auto cfg = tmp.file("st.json", kStoppingConfig);
  for (const char* t : {"1", "2"})
    run_json({"experiment", "stopping-times", "--config", cfg, "--out", (tmp.path / t).string(), "--threads", t,
              "--no-plot", "--quiet", "--json"});
  for (const char* f : {"runs.csv", "summary.csv"}) {
    const auto a = read_text(tmp.path / "1" / f), b = read_text(tmp.path / "2" / f);
    BOOST_TEST(!a.empty(), f);
    BOOST_TEST(a == b, f);
  }
  BOOST_TEST(json::parse(read_text(tmp.path / "1" / "manifest.json")).at("machine").at("threads_used") == 1);
}

BOOST_AUTO_TEST_CASE(rerunning_resumes_an_interrupted_folder) {
  temp_dir tmp;
  const auto cfg = tmp.file("st.json", kStoppingConfig);
  const std::string out = (tmp.path / "st").string();
  const std::vector<std::string> cmd = {"experiment", "stopping-times", "--config", cfg, "--out", out, "--no-plot",
                                        "--quiet", "--json"};
  run_json(cmd);
  const auto full = read_text(fs::path(out) / "runs.csv");
  const auto summary = read_text(fs::path(out) / "summary.csv");
  // An interruption: only the header and 7 rows written, the 8th cut mid-line.
  const auto lines = lines_of(fs::path(out) / "runs.csv");
  {
    std::ofstream f(fs::path(out) / "runs.csv", std::ios::trunc);
    for (std::size_t i = 0; i <= 7; ++i) f << lines[i] << '\n';
    f << lines[8].substr(0, lines[8].size() / 2);
  }
  const auto j = run_json(cmd);
  BOOST_TEST(j.at("runs").at("resumed") == 7);
  BOOST_TEST(j.at("runs").at("executed") == kStoppingRuns - 7);
  BOOST_TEST(read_text(fs::path(out) / "runs.csv") == full);
  BOOST_TEST(read_text(fs::path(out) / "summary.csv") == summary);
  // A complete folder: nothing to run.
  const auto again = run_json(cmd);
  BOOST_TEST(again.at("runs").at("executed") == 0);
  BOOST_TEST(again.at("runs").at("resumed") == kStoppingRuns);
  // Another config into the same folder is refused, naming --out.
  const auto other = tmp.file("other.json", R"({"algorithms": ["lilucb-heuristic"], "sizes": [5], "repetitions": 2})");
  const auto r = run_cli({"experiment", "stopping-times", "--config", other, "--out", out, "--quiet"});
  check_one_line_error(r);
  BOOST_TEST(contains(r.err, "--out"));
  BOOST_TEST(read_text(fs::path(out) / "runs.csv") == full);
}

BOOST_AUTO_TEST_CASE(anytime_writes_curves_and_the_panel_figure) {
  temp_dir tmp;
  const auto cfg = tmp.file("any.json", kAnytimeConfig);
  const fs::path out = tmp.path / "any";
  const auto j = run_json({"experiment", "anytime", "--config", cfg, "--out", out.string(), "--quiet", "--json"});
  BOOST_TEST(j.at("runs").at("total") == 12);
  for (const char* f : {"runs.csv", "windows.csv", "anytime.csv", "stopping.csv", "manifest.json"})
    BOOST_TEST(fs::exists(out / f), f);
  const auto windows = lines_of(out / "windows.csv");
  BOOST_TEST_REQUIRE(windows.size() == 2u);
  BOOST_TEST(windows[0] == "scenario,n,window");
  const auto w = fields(windows[1]);
  BOOST_TEST_REQUIRE(w.size() == 3u);
  BOOST_TEST((w[0] == "sparse" && w[1] == "4" && is_count(w[2])));
  const std::uint64_t window = std::stoull(w[2]);
  BOOST_TEST(window >= 4u);
  BOOST_TEST(window < 50000u);  // 2 x the heuristic's pilot median at n = 4: far below the budget

  const auto runs = lines_of(out / "runs.csv");
  BOOST_TEST_REQUIRE(runs.size() == 13u);
  BOOST_TEST(runs[0] == "algorithm,scenario,n,repetition,seed,pulls,status,chosen_arm,correct,wrong_at");
  std::size_t checkpoints = 0;
  for (std::size_t i = 1; i < runs.size(); ++i) {
    const auto f = fields(runs[i]);
    BOOST_TEST_REQUIRE(f.size() == 10u);
    BOOST_TEST(std::stoull(f[5]) <= window);  // each run is capped at the window
    BOOST_TEST((!f[9].empty() && f[9].find_first_not_of("01") == std::string::npos));
    if (checkpoints == 0) checkpoints = f[9].size();
    BOOST_TEST(f[9].size() == checkpoints);
    if (f[0] == "exp-gap") BOOST_TEST(f[6] == "censored");  // millions of pulls needed
  }
  // anytime.csv: one line per (algorithm, checkpoint), the last checkpoint the window.
  const auto curve = lines_of(out / "anytime.csv");
  BOOST_TEST_REQUIRE(curve.size() == 1 + 2 * checkpoints);
  BOOST_TEST(curve[0] == "scenario,n,algorithm,pulls,runs,wrong,p_wrong,ci_low,ci_high");
  BOOST_TEST(fields(curve[1])[3] == "4");  // the curves start at the number of arms
  BOOST_TEST(fields(curve[checkpoints])[3] == w[2]);
  for (std::size_t i = 1; i < curve.size(); ++i) {
    const auto f = fields(curve[i]);
    BOOST_TEST_REQUIRE(f.size() == 9u);
    BOOST_TEST(f[4] == "6");
    BOOST_TEST(std::stod(f[7]) <= std::stod(f[6]));
    BOOST_TEST(std::stod(f[6]) <= std::stod(f[8]));
  }
  const auto stop = lines_of(out / "stopping.csv");
  BOOST_TEST_REQUIRE(stop.size() == 3u);
  BOOST_TEST(stop[0] == "scenario,n,algorithm,window,runs,stopped,median_stopping_time");
  BOOST_TEST(stop[2] == "sparse,4,exp-gap," + w[2] + ",6,0,");  // no arrow: none stopped in the window

  // The panel figure, PNG and SVG, on a linear P(wrong) axis, each panel with the dotted line at nu
  // and the legend explaining the band and the arrows.
  BOOST_TEST_REQUIRE(j.at("plots").size() == 2u);
  const std::string script = read_text(out / "plot-data" / "anytime.gp");
  BOOST_TEST(!contains(script, "set logscale y"));
  BOOST_TEST(contains(script, "shaded: 95% CI"));
  BOOST_TEST(contains(script, "nohead lc rgb '#000000' lw 1.5 dt 3"));  // the line at nu
  BOOST_TEST(contains(script, "arrow: median stopping time"));
  for (const auto& f : j.at("plots")) {
    const auto text = read_text(f.get<std::string>());
    BOOST_TEST(text.size() > 1000u);
    BOOST_TEST((text.substr(1, 3) == "PNG" || contains(text, "<svg")));
  }
}

BOOST_AUTO_TEST_CASE(invalid_input_is_one_line_and_exit_2) {
  temp_dir tmp;
  const std::string out = (tmp.path / "x").string();
  struct bad_case {
    std::vector<std::string> args;
    std::string names;
  };
  std::vector<bad_case> cases = {
      {{"experiment", "stopping-times", "--preset", "huge", "--out", out}, "--preset"},
      {{"experiment", "anytime", "--preset", "paperish", "--out", out}, "--preset"},
      {{"experiment", "stopping-times", "--threads", "two", "--out", out}, "--threads"},
      {{"experiment", "stopping-times", "--threads", "5000", "--out", out}, "--threads"},
      {{"experiment", "stopping-times", "--config", tmp.file("bad.json", "{\"sizes\": [10,"), "--out", out}, "bad.json"},
      {{"experiment", "stopping-times", "--config", tmp.file("key.json", R"({"repetitons": 3})"), "--out", out}, "repetitons"},
      {{"experiment", "stopping-times", "--config", tmp.file("n.json", R"({"sizes": [1]})"), "--out", out}, "sizes"},
      {{"experiment", "stopping-times", "--config", tmp.file("nu.json", R"({"nu": 1.5})"), "--out", out}, "nu"},
      {{"experiment", "stopping-times", "--config", tmp.file("alg.json", R"({"algorithms": ["lilucb", "thompson"]})"),
        "--out", out},
       "thompson"},
      {{"experiment", "anytime", "--config", tmp.file("sc.json", R"({"scenarios": ["dense"]})"), "--out", out}, "dense"},
      {{"experiment", "anytime", "--config", tmp.file("win.json", R"({"budget": 100, "window": 1000})"), "--out", out},
       "window"},
      {{"experiment", "plot", tmp.path.string()}, "DIR"},
      {{"experiment", "stopping-times", "--no-such-option"}, "--no-such-option"},
  };
  // The binary under test says in its --mpi help whether it was built with MPI; without the
  // LILUCB_CLI override that must be what this build configured (LILUCB_TEST_MPI).  scripts/test
  // runs these tests against the sanitizer build's binary too, which is built without MPI.
  const auto help = run_cli({"experiment", "anytime", "--help"});
  BOOST_TEST(help.status == 0);
  const bool binary_has_mpi = !contains(help.out, "this build has no MPI");
  const char* override_cli = std::getenv("LILUCB_CLI");
  if (!(override_cli && *override_cli)) BOOST_TEST(binary_has_mpi == static_cast<bool>(LILUCB_TEST_MPI));
  cases.push_back(binary_has_mpi
                      // --mpi or --shard, not both (more in test_cli_mpi.cpp)
                      ? bad_case{{"experiment", "stopping-times", "--mpi", "--shard", "0/2", "--out", out}, "--shard"}
                      // a build without MPI refuses --mpi as invalid input
                      : bad_case{{"experiment", "anytime", "--mpi", "--out", out}, "built without"});
  for (const auto& c : cases) {
    BOOST_TEST_CONTEXT(show(c.args)) {
      const auto r = run_cli(c.args);
      check_one_line_error(r);
      BOOST_TEST(contains(r.err, c.names), r.err);
    }
  }
  // A config that does not exist is a file problem: exit 3 naming the path and the reason.
  const auto missing = run_cli({"experiment", "stopping-times", "--config", (tmp.path / "missing.json").string(), "--out", out});
  BOOST_TEST(missing.status == 3, missing.err);
  BOOST_TEST(missing.out == "");
  BOOST_TEST(count_char(missing.err, '\n') == 1u, missing.err);
  for (const std::string& s : {std::string("--config"), std::string("missing.json"), std::string("No such file or directory")})
    BOOST_TEST(contains(missing.err, s), missing.err);
  BOOST_TEST(!fs::exists(tmp.path / "x" / "runs.csv"));  // nothing ran
}

// ---- results files: failures, locks, refusals and merge -------------------------------

namespace {

/// An I/O failure: exit 3, nothing on stdout, one line on stderr naming `path`.
void check_io_failure(const cli_result& r, const std::string& path) {
  BOOST_TEST(r.status == 3, "stderr: " << r.err);
  BOOST_TEST(!r.signaled);
  BOOST_TEST(r.out == "");
  BOOST_TEST(count_char(r.err, '\n') == 1u, r.err);
  BOOST_TEST(r.err.rfind("lilucb: error: ", 0) == 0u, r.err);
  BOOST_TEST(contains(r.err, path), r.err);
}

/// run_cli with a file-size limit of `bytes` (RLIMIT_FSIZE binds root too) and SIGXFSZ
/// ignored, so a write beyond it fails with EFBIG as on a full disk.
cli_result run_cli_file_limit(const std::vector<std::string>& args, rlim_t bytes) {
  rlimit old{};
  ::getrlimit(RLIMIT_FSIZE, &old);
  rlimit lim = old;
  lim.rlim_cur = bytes;
  auto* prev = std::signal(SIGXFSZ, SIG_IGN);  // inherited by the child through exec
  ::setrlimit(RLIMIT_FSIZE, &lim);
  auto r = run_cli(args);
  ::setrlimit(RLIMIT_FSIZE, &old);
  std::signal(SIGXFSZ, prev);
  return r;
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_failed_write_is_exit_3_and_one_line) {
  temp_dir tmp;
  // ucb1-ls runs at every n here: no note on stderr, whose only line is then the error.
  auto config = json::parse(kStoppingConfig);
  config["ucb1_max_n"] = 20;
  const auto cfg = tmp.file("st.json", config.dump());
  constexpr std::size_t runs = 4 * 2 * 2 * 3;
  const std::string out = (tmp.path / "st").string();
  // 2000 bytes: the manifest fits, runs.csv holds about 25 of its 42 rows: the append fails mid-run.
  const auto r = run_cli_file_limit({"experiment", "stopping-times", "--config", cfg, "--out", out, "--no-plot", "--quiet"}, 2000);
  check_io_failure(r, "runs.csv");
  BOOST_TEST(!contains(r.out, "runs executed"));
  BOOST_TEST(json::parse(read_text(fs::path(out) / "manifest.json")).at("status") == "running");
  // Without the limit the rerun resumes the rows that reached the file and completes.
  const auto j = run_json({"experiment", "stopping-times", "--config", cfg, "--out", out, "--no-plot", "--quiet", "--json"});
  BOOST_TEST(j.at("runs").at("resumed").get<std::uint64_t>() > 0u);
  BOOST_TEST(j.at("runs").at("resumed").get<std::uint64_t>() < runs);
  const auto again = (tmp.path / "again").string();
  run_json({"experiment", "stopping-times", "--config", cfg, "--out", again, "--no-plot", "--quiet", "--json"});
  BOOST_TEST(read_text(fs::path(out) / "runs.csv") == read_text(fs::path(again) / "runs.csv"));
  BOOST_TEST(read_text(fs::path(out) / "summary.csv") == read_text(fs::path(again) / "summary.csv"));
}

BOOST_AUTO_TEST_CASE(bad_out_paths_name_the_path_and_the_reason) {
  temp_dir tmp;
  const auto cfg = tmp.file("st.json", kStoppingConfig);
  const auto file = tmp.file("plain-file", "x");
  struct bad_out {
    std::string path, reason;
  };
  const std::vector<bad_out> cases = {
      {file, "not a folder"},
      {file + "/sub", "cannot be created"},
      {"/proc/lilucb-results", "cannot be created"},
      {"/dev/full/x", "cannot be created"},
      {(tmp.path / std::string(300, 'n')).string(), "File name too long"},
  };
  for (const auto& c : cases) {
    BOOST_TEST_CONTEXT(c.path) {
      const auto r = run_cli({"experiment", "stopping-times", "--config", cfg, "--out", c.path, "--no-plot", "--quiet"});
      check_io_failure(r, c.path);
      BOOST_TEST(contains(r.err, c.reason), r.err);
    }
  }
}

BOOST_AUTO_TEST_CASE(a_folder_in_use_is_refused) {
  temp_dir tmp;
  const auto cfg = tmp.file("st.json", kStoppingConfig);
  const fs::path out = tmp.path / "st";
  fs::create_directories(out);
  const int fd = ::open((out / ".lilucb.lock").c_str(), O_RDWR | O_CREAT, 0644);  // another process's lock
  BOOST_TEST_REQUIRE(fd >= 0);
  BOOST_TEST_REQUIRE(::flock(fd, LOCK_EX | LOCK_NB) == 0);
  const auto r = run_cli({"experiment", "stopping-times", "--config", cfg, "--out", out.string(), "--no-plot", "--quiet"});
  ::close(fd);
  check_io_failure(r, out.string());
  BOOST_TEST(contains(r.err, "folder in use"), r.err);
  BOOST_TEST(!fs::exists(out / "runs.csv"));
}

BOOST_AUTO_TEST_CASE(a_refused_folder_is_exit_2_and_one_line) {
  temp_dir tmp;
  const auto cfg = tmp.file("st.json", kStoppingConfig);
  const fs::path out = tmp.path / "st";
  const std::vector<std::string> cmd = {"experiment", "stopping-times", "--config", cfg, "--out", out.string(), "--no-plot", "--quiet"};
  BOOST_TEST(run_cli(cmd).status == 0);
  const auto rows = read_text(out / "runs.csv");
  fs::remove(out / "manifest.json");  // rows whose config is unknown
  auto r = run_cli(cmd);
  check_one_line_error(r);
  BOOST_TEST(contains(r.err, "no manifest.json"), r.err);
  BOOST_TEST(read_text(out / "runs.csv") == rows);
}

BOOST_AUTO_TEST_CASE(sigkill_at_any_moment_then_rerun_gives_the_same_files) {
  temp_dir tmp;
  auto config = json::parse(kAnytimeConfig);
  config["repetitions"] = 150;
  const auto cfg = tmp.file("any.json", config.dump());
  auto cmd = [&](const fs::path& out) {
    return std::vector<std::string>{"experiment", "anytime", "--config", cfg, "--out", out.string(), "--threads", "2",
                                    "--no-plot", "--quiet"};
  };
  BOOST_TEST_REQUIRE(run_cli(cmd(tmp.path / "whole")).status == 0);
  const char* env = std::getenv("LILUCB_CLI");
  const std::string bin = env && *env ? env : LILUCB_CLI_PATH;
  // Killed before, during and (perhaps) after the runs: whatever the moment, the rerun resumes and
  // every data file equals the uninterrupted run's.
  for (int ms : {5, 40, 120, 300}) {
    BOOST_TEST_CONTEXT("SIGKILL after " << ms << " ms") {
      fs::path out = tmp.path / "killed-after-ms-";
      out += std::to_string(ms);
      auto args = cmd(out);
      args.insert(args.begin(), bin);
      std::vector<char*> argv;
      for (auto& a : args) argv.push_back(a.data());
      argv.push_back(nullptr);
      const pid_t pid = ::fork();
      BOOST_TEST_REQUIRE(pid >= 0);
      if (pid == 0) {
        const int null = ::open("/dev/null", O_WRONLY);
        ::dup2(null, 1);
        ::dup2(null, 2);
        ::execv(bin.c_str(), argv.data());
        ::_exit(127);
      }
      ::usleep(static_cast<useconds_t>(ms) * 1000);
      ::kill(pid, SIGKILL);
      int st = 0;
      ::waitpid(pid, &st, 0);
      const auto r = run_cli(cmd(out));
      BOOST_TEST(r.status == 0, r.err);
      for (const char* f : {"runs.csv", "windows.csv", "anytime.csv", "stopping.csv"})
        BOOST_TEST(read_text(out / f) == read_text(tmp.path / "whole" / f), f);
    }
  }
}

BOOST_AUTO_TEST_CASE(merge_gives_the_files_of_the_whole_run) {
  temp_dir tmp;
  const auto cfg = tmp.file("any.json", kAnytimeConfig);
  const fs::path whole = tmp.path / "whole";
  run_json({"experiment", "anytime", "--config", cfg, "--out", whole.string(), "--no-plot", "--quiet", "--json"});
  std::vector<std::string> merge = {"experiment", "merge", (tmp.path / "merged").string()};
  for (const char* i : {"0", "1"}) {
    const auto d = (tmp.path / (std::string("shard-") + i)).string();
    run_json({"experiment", "anytime", "--config", cfg, "--out", d, "--shard", std::string(i) + "/2", "--no-plot",
              "--quiet", "--json"});
    merge.push_back(d);
  }
  auto m = merge;
  m.push_back("--json");
  const auto j = run_json(m);
  BOOST_TEST(j.at("runs").at("total") == 12);
  for (const char* f : {"runs.csv", "windows.csv", "anytime.csv", "stopping.csv"})
    BOOST_TEST(read_text(tmp.path / "merged" / f) == read_text(whole / f), f);
  const auto a = json::parse(read_text(tmp.path / "merged" / "manifest.json"));
  const auto b = json::parse(read_text(whole / "manifest.json"));
  BOOST_TEST(a.at("config") == b.at("config"));
  BOOST_TEST(a.at("windows") == b.at("windows"));
  // A missing share: one line, exit 2, nothing written.
  const auto r = run_cli({"experiment", "merge", (tmp.path / "m2").string(), merge[3]});
  check_one_line_error(r);
  BOOST_TEST(contains(r.err, "missing shares of 2: 1"), r.err);
  BOOST_TEST(!fs::exists(tmp.path / "m2" / "runs.csv"));
  check_one_line_error(run_cli({"experiment", "merge", (tmp.path / "m3").string()}));
}

// --max-seconds: the runs are estimated first (one timed run per cell); an experiment estimated
// above the limit is refused with the estimate, before anything is written; the estimate counts
// only the runs still to make, so a finished folder reruns under any limit.
BOOST_AUTO_TEST_CASE(max_seconds_refuses_before_writing_anything) {
  temp_dir tmp;
  const auto cfg = tmp.file("st.json", kStoppingConfig);
  const fs::path out = tmp.path / "st";
  const auto r = run_cli({"experiment", "stopping-times", "--config", cfg, "--out", out.string(), "--max-seconds", "1e-7"});
  check_one_line_error(r);
  BOOST_TEST(contains(r.err, "--max-seconds = 1e-07"), r.err);
  BOOST_TEST(contains(r.err, "timing one run of each cell already took"), r.err);
  BOOST_TEST(!fs::exists(out));
  // A limit the estimate fits: the whole experiment runs.
  const auto j = run_json({"experiment", "stopping-times", "--config", cfg, "--out", out.string(), "--max-seconds", "600",
                           "--no-plot", "--quiet", "--json"});
  BOOST_TEST(j.at("runs").at("executed") == kStoppingRuns);
  // Nothing left to run: no run is timed, any limit passes.
  const auto again = run_json({"experiment", "stopping-times", "--config", cfg, "--out", out.string(), "--max-seconds",
                               "1e-7", "--no-plot", "--quiet", "--json"});
  BOOST_TEST(again.at("runs").at("resumed") == kStoppingRuns);
  for (const char* bad : {"0", "-1", "nan", "x"}) {
    const auto b = run_cli({"experiment", "modern", "--out", (tmp.path / "m").string(), "--max-seconds", bad});
    check_one_line_error(b);
    BOOST_TEST(contains(b.err, "--max-seconds"), b.err);
  }
  // The modern and anytime experiments are estimated the same way (anytime: its pilot runs too).
  for (const char* kind : {"modern", "anytime"}) {
    const auto m = run_cli({"experiment", kind, "--out", (tmp.path / kind).string(), "--max-seconds", "1e-7"});
    check_one_line_error(m);
    BOOST_TEST(contains(m.err, "--max-seconds = 1e-07"), m.err);
    BOOST_TEST(!fs::exists(tmp.path / kind));
  }
}

// A shard may hold no run of a scenario, or no run at all: its plots draw what it has (a
// scenario without runs gets no figure, an anytime panel without runs says so) and exit 0.
BOOST_AUTO_TEST_CASE(a_shard_without_runs_of_a_cell_still_plots) {
  temp_dir tmp;
  const auto st = tmp.file("st.json", kStoppingConfig);
  for (const std::string shard : {"41/100", "99/100"}) {
    const fs::path out = tmp.path / ("st-" + shard.substr(0, 2));
    const auto j = run_json({"experiment", "stopping-times", "--config", st, "--out", out.string(), "--shard", shard,
                             "--quiet", "--json"});
    BOOST_TEST(j.at("runs").at("total") == (shard == "41/100" ? 1 : 0), shard);
    // One run (the 42nd, in the second scenario) draws that scenario's figures, PNG and SVG; none, no figure.
    BOOST_TEST(j.at("plots").size() == (shard == "41/100" ? 2u : 0u), shard);
    for (const auto& f : j.at("plots")) BOOST_TEST(fs::file_size(f.get<std::string>()) > 1000u);
    const auto again = run_cli({"experiment", "plot", out.string()});
    BOOST_TEST(again.status == 0, again.err);
  }
  const auto any = tmp.file("any.json", kAnytimeConfig);
  const fs::path out = tmp.path / "any-none";
  const auto j = run_json({"experiment", "anytime", "--config", any, "--out", out.string(), "--shard", "19/20",
                           "--quiet", "--json"});
  BOOST_TEST(j.at("runs").at("total") == 0);
  BOOST_TEST(contains(read_text(out / "plot-data" / "anytime.gp"), "no runs in this folder"));
  for (const auto& f : j.at("plots")) BOOST_TEST(fs::file_size(f.get<std::string>()) > 1000u);
}

// ---- the report renderer ------------------------------------------------------------------

namespace {

const char* kSummaryHeader =
    "algorithm,scenario,n,h1,runs,stopped,censored,mean_pulls,median_pulls,q1_pulls,q3_pulls,"
    "mean_over_h1,median_over_h1,errors,error_rate,error_ci_low,error_ci_high";

/// A planted quick-preset stopping-time summary: one scenario, one n, six algorithms, with
/// medians chosen so that each statement's rule has a known outcome.
void plant(const fs::path& root, const std::string& summary_rows) {
  const fs::path d = root / "reproduction" / "quick" / "stopping-times";
  fs::create_directories(d);
  fs::create_directories(root / "generated");
  std::ofstream(d / "summary.csv") << kSummaryHeader << '\n' << summary_rows;
  std::ofstream(d / "manifest.json") << R"({"experiment": "stopping-times", "config": {"algorithms": ["lilucb", "lilucb-ls", "lilucb-heuristic",
      "successive-elimination", "exp-gap-ls", "nonadaptive-ls"], "scenarios": ["sparse"], "sizes": [10],
      "nu": 0.1, "sigma": 0.5, "gap": 0.5, "budget": 100000, "seed": 1, "repetitions": 10, "ucb1_max_n": 100,
      "preset": "quick"}, "status": "complete", "start_time": "2026-01-01T00:00:00Z"})";
}

// lil'UCB 4x slower than lil'UCB + LS; successive elimination leads the guaranteed algorithms;
// Exp-Gap + LS twice as slow as nonadaptive; one heuristic run wrong; exp-gap-ls censored 6 of 10.
const char* kPlanted =
    "lilucb,sparse,10,36,10,10,0,4000,3600,3000,4400,111,100,0,0,0,0.308\n"
    "lilucb-ls,sparse,10,36,10,10,0,1000,900,800,1000,27.8,25,0,0,0,0.308\n"
    "lilucb-heuristic,sparse,10,36,10,10,0,300,360,300,400,8.33,10,1,0.1,0.00253,0.445\n"
    "successive-elimination,sparse,10,36,10,10,0,800,720,700,900,22.2,20,0,0,0,0.308\n"
    "exp-gap-ls,sparse,10,36,10,4,6,90000,100000,50000,100000,2500,2777.78,0,0,0,0.602\n"
    "nonadaptive-ls,sparse,10,36,10,10,0,50000,50000,40000,60000,1389,1388.89,0,0,0,0.308\n";

}  // namespace

// The report renders the claims that judge Section 5's statements (it does not judge: the verdicts
// are the verification suite's, tested in tests/verification/test_verify_rubric.cpp).
const std::vector<lilucb::experiments::statement_claim> kClaims = {
    {"reproduction.s4-ls-impact", "S4. ...", "Section 5, stopping times", "holds", "planted computed text",
     "planted evidence text"}};

BOOST_AUTO_TEST_CASE(report_renders_the_planted_summary) {
  temp_dir tmp;
  BOOST_TEST(!lilucb::experiments::render_reproduction_report(tmp.path / "generated", kClaims).has_value());  // no data
  plant(tmp.path, kPlanted);
  const auto doc = lilucb::experiments::render_reproduction_report(tmp.path / "generated", kClaims);
  BOOST_TEST_REQUIRE(doc.has_value());
  const std::string& t = *doc;
  // The tables: median (median / H1), censored medians as lower bounds, errors with intervals.
  BOOST_TEST(contains(t, "| lil'UCB | 3600 (100) |"), t);
  BOOST_TEST(contains(t, "| lil'UCB + LS | 900 (25) |"));
  BOOST_TEST(contains(t, "| Exponential-Gap Elimination + LS | ≥1e5 (≥2.78e3) |"));
  BOOST_TEST(contains(t, "| lil'UCB Heuristic | 1/10 [0.00253, 0.445] |"));
  BOOST_TEST(contains(t, "| Exponential-Gap Elimination + LS | 0/4 [0, 0.602], c = 6 |"));
  BOOST_TEST(contains(t, "| *H₁* | 36 |"));
  // Missing parts are said to be missing, never invented.
  BOOST_TEST(contains(t, "No committed run (`docs/reproduction/quick/anytime/`)"));
  BOOST_TEST(contains(t, "No committed run (`docs/reproduction/paper/stopping-times/`)"));
  // The statements: the given claim rendered with its verdict, a claim not given said to be missing.
  BOOST_TEST(contains(t, "- `reproduction.s4-ls-impact` (Section 5, stopping times): **holds** — planted computed text"));
  BOOST_TEST(contains(t, "  - planted evidence text"));
  BOOST_TEST(contains(t, "- `reproduction.s1-expgap-vs-nonadaptive`: not in the claims record"));
  BOOST_TEST(contains(t, "- data, quick preset: 1 wrong answers among 10 stopped runs of the heuristic, 0 censored"));
  BOOST_TEST(contains(t, "| S5 |"));
  // Rendering is a function of the data: the same text twice, and a changed number changes it.
  BOOST_TEST(*lilucb::experiments::render_reproduction_report(tmp.path / "generated", kClaims) == t);
  std::string changed = kPlanted;
  changed.replace(changed.find("3600"), 4, "3700");
  plant(tmp.path, changed);
  BOOST_TEST(*lilucb::experiments::render_reproduction_report(tmp.path / "generated", kClaims) != t);
}

BOOST_AUTO_TEST_CASE(report_rejects_malformed_data) {
  temp_dir tmp;
  plant(tmp.path, "lilucb,sparse,10,36,10,10,0,4000,3600,3000\n");  // 10 fields, not 17
  BOOST_CHECK_THROW(lilucb::experiments::render_reproduction_report(tmp.path / "generated", kClaims), lilucb::domain_error);
  plant(tmp.path, "lilucb,sparse,10,36,10,10,0,4000,x3600,3000,4400,111,100,0,0,0,0.308\n");
  BOOST_CHECK_THROW(lilucb::experiments::render_reproduction_report(tmp.path / "generated", kClaims), lilucb::domain_error);
  plant(tmp.path, "lilucb,sparse,10,36,10,9,0,4000,3600,3000,4400,111,100,0,0,0,0.308\n");  // 9 + 0 != 10
  BOOST_CHECK_THROW(lilucb::experiments::render_reproduction_report(tmp.path / "generated", kClaims), lilucb::domain_error);
  try {
    plant(tmp.path, "lilucb,sparse,10\n");
    lilucb::experiments::render_reproduction_report(tmp.path / "generated", kClaims);
    BOOST_TEST(false, "no exception");
  } catch (const lilucb::domain_error& e) {
    BOOST_TEST(contains(e.what(), "summary.csv"), e.what());
  }
  // The manifest is read by the results module's reader: one of another experiment is refused.
  plant(tmp.path, kPlanted);
  {
    const fs::path m = tmp.path / "reproduction" / "quick" / "stopping-times" / "manifest.json";
    std::ifstream in(m);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    text.replace(text.find("stopping-times"), 14, "anytime");
    std::ofstream(m) << text;
  }
  try {
    lilucb::experiments::render_reproduction_report(tmp.path / "generated", kClaims);
    BOOST_TEST(false, "no exception");
  } catch (const lilucb::domain_error& e) {
    BOOST_TEST(contains(e.what(), "manifest.json"), e.what());
    BOOST_TEST(contains(e.what(), "stopping-times experiment"), e.what());
  }
}

// ---- crash consistency around every atomic rewrite -------------------------------------------
// The binary's fault hook (lib/src/safe_file.cpp, LILUCB_TEST_FAULT) stops or kills it at an
// exact point of lilucb::io::write_file_atomically: with the temporary file written but not renamed, and just
// after the rename.  Whatever the point, a rerun gives the uninterrupted run's files byte for byte.
namespace {

struct spawned {
  pid_t pid;
  fs::path err;  // the child's stderr
};

// The binary with `args`, LILUCB_TEST_FAULT=fault (none when empty), as user `uid` (unchanged when
// 0), stdout to /dev/null and stderr to `err`.
spawned spawn_cli(const std::vector<std::string>& args, const std::string& fault, const fs::path& err, uid_t uid = 0) {
  const char* env = std::getenv("LILUCB_CLI");
  std::string bin = env && *env ? env : LILUCB_CLI_PATH;
  std::vector<std::string> all{bin};
  all.insert(all.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : all) argv.push_back(a.data());
  argv.push_back(nullptr);
  const pid_t pid = ::fork();
  if (pid == 0) {
    if (uid != 0 && (::setgroups(0, nullptr) != 0 || ::setgid(uid) != 0 || ::setuid(uid) != 0)) ::_exit(126);
    if (fault.empty()) ::unsetenv("LILUCB_TEST_FAULT");
    else ::setenv("LILUCB_TEST_FAULT", fault.c_str(), 1);
    const int null = ::open("/dev/null", O_WRONLY);
    const int e = ::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0666);
    ::dup2(null, 1);
    ::dup2(e, 2);
    ::execv(bin.c_str(), argv.data());
    ::_exit(127);
  }
  return {pid, err};
}

int wait_for(pid_t pid, int options = 0) {
  int st = 0;
  ::waitpid(pid, &st, options);
  return st;
}

bool killed(int st) { return WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL; }

}  // namespace

BOOST_AUTO_TEST_CASE(sigkill_around_every_atomic_rewrite_then_rerun_gives_the_same_files) {
  temp_dir tmp;
  const auto cfg = tmp.file("any.json", kAnytimeConfig);
  auto cmd = [&](const fs::path& out) {
    return std::vector<std::string>{"experiment", "anytime", "--config", cfg, "--out", out.string(), "--threads", "1",
                                    "--no-plot", "--quiet"};
  };
  BOOST_TEST_REQUIRE(run_cli(cmd(tmp.path / "whole")).status == 0);
  const auto same_files = [&](const fs::path& out) {
    for (const char* f : {"runs.csv", "windows.csv", "anytime.csv", "stopping.csv"})
      BOOST_TEST(read_text(out / f) == read_text(tmp.path / "whole" / f), f);
    BOOST_TEST(json::parse(read_text(out / "manifest.json")).at("status") == "complete");
  };
  // Every atomic write of an anytime run, in order: the manifest (start, windows, end), windows.csv
  // (from the pilot runs, and with the results), runs.csv (the start's rewrite, the final one),
  // anytime.csv, stopping.csv; each killed before and after its rename.
  const std::vector<std::pair<std::string, int>> writes = {
      {"manifest.json", 1}, {"manifest.json", 2}, {"manifest.json", 3}, {"windows.csv", 1}, {"windows.csv", 2},
      {"runs.csv", 1},      {"runs.csv", 2},      {"anytime.csv", 1},   {"stopping.csv", 1}};
  for (const auto& [file, k] : writes)
    for (const char* stage : {"written", "renamed"}) {
      const std::string fault = file + ":" + stage + ":" + std::to_string(k) + ":kill";
      BOOST_TEST_CONTEXT(fault) {
        const fs::path out = tmp.path / ("killed-" + file + "-" + std::to_string(k) + "-" + stage);
        BOOST_TEST(killed(wait_for(spawn_cli(cmd(out), fault, tmp.path / "err.txt").pid)));
        const auto r = run_cli(cmd(out));
        BOOST_TEST(r.status == 0, r.err);
        same_files(out);
      }
    }
  // A resume killed inside its own rewrite of runs.csv (which then holds every row), then rerun.
  for (const char* stage : {"written", "renamed"}) {
    BOOST_TEST_CONTEXT("resume killed at runs.csv " << stage) {
      const fs::path out = tmp.path / (std::string("resume-") + stage);
      BOOST_TEST(killed(wait_for(spawn_cli(cmd(out), "runs.csv:written:2:kill", tmp.path / "err.txt").pid)));
      BOOST_TEST(killed(wait_for(spawn_cli(cmd(out), std::string("runs.csv:") + stage + ":1:kill", tmp.path / "err.txt").pid)));
      BOOST_TEST(run_cli(cmd(out)).status == 0);
      same_files(out);
    }
  }
}

// Two processes on one folder: the first holds the lock (stopped by the hook mid-run); the second
// is refused with one line (exit 3) and writes nothing; the first, continued, completes the run.
BOOST_AUTO_TEST_CASE(a_second_process_on_the_same_folder_is_refused) {
  temp_dir tmp;
  const auto cfg = tmp.file("any.json", kAnytimeConfig);
  auto cmd = [&](const fs::path& out) {
    return std::vector<std::string>{"experiment", "anytime", "--config", cfg, "--out", out.string(), "--threads", "1",
                                    "--no-plot", "--quiet"};
  };
  BOOST_TEST_REQUIRE(run_cli(cmd(tmp.path / "whole")).status == 0);
  const fs::path out = tmp.path / "shared";
  const auto first = spawn_cli(cmd(out), "runs.csv:written:1:stop", tmp.path / "first.txt");
  const int st = wait_for(first.pid, WUNTRACED);
  BOOST_TEST_REQUIRE(WIFSTOPPED(st));
  const auto second = run_cli(cmd(out));
  ::kill(first.pid, SIGCONT);
  check_io_failure(second, out.string());
  BOOST_TEST(contains(second.err, "folder in use"), second.err);
  const int done = wait_for(first.pid);
  BOOST_TEST((WIFEXITED(done) && WEXITSTATUS(done) == 0), read_text(first.err));
  for (const char* f : {"runs.csv", "windows.csv", "anytime.csv", "stopping.csv"})
    BOOST_TEST(read_text(out / f) == read_text(tmp.path / "whole" / f), f);
}

// A read-only runs.csv in a writable folder, as a user the permissions bind (nobody when the test
// runs as root): the rerun replaces the file whole (temporary file and rename), every run reaches
// it, and the files equal the uninterrupted run's.  A read-only folder: exit 3, one line naming it.
BOOST_AUTO_TEST_CASE(a_read_only_results_file_loses_nothing) {
  temp_dir tmp;
  const uid_t user = ::geteuid() == 0 ? 65534 : 0;  // 0: unchanged (already bound by permissions)
  fs::permissions(tmp.path, fs::perms::all);        // the other user can work in it
  const auto cfg = tmp.file("any.json", kAnytimeConfig);
  fs::permissions(cfg, fs::perms::all);
  auto cmd = [&](const fs::path& out) {
    return std::vector<std::string>{"experiment", "anytime", "--config", cfg, "--out", out.string(), "--threads", "1",
                                    "--no-plot", "--quiet"};
  };
  BOOST_TEST_REQUIRE(run_cli(cmd(tmp.path / "whole")).status == 0);
  const fs::path out = tmp.path / "ro";
  // Interrupted after the first rewrite of runs.csv: a header and no rows, every run still to do.
  BOOST_TEST_REQUIRE(killed(wait_for(spawn_cli(cmd(out), "runs.csv:renamed:1:kill", tmp.path / "e1.txt", user).pid)));
  fs::permissions(out / "runs.csv", fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read);
  const int st = wait_for(spawn_cli(cmd(out), "", tmp.path / "e2.txt", user).pid);
  BOOST_TEST((WIFEXITED(st) && WEXITSTATUS(st) == 0), read_text(tmp.path / "e2.txt"));
  for (const char* f : {"runs.csv", "windows.csv", "anytime.csv", "stopping.csv"})
    BOOST_TEST(read_text(out / f) == read_text(tmp.path / "whole" / f), f);
  // The folder itself read-only (and the files in it): refused on one line, nothing changed.
  fs::remove(out / "anytime.csv");
  const auto runs_before = read_text(out / "runs.csv");
  fs::permissions(out, fs::perms::owner_read | fs::perms::owner_exec | fs::perms::group_read | fs::perms::group_exec |
                           fs::perms::others_read | fs::perms::others_exec);
  for (const auto& e : fs::directory_iterator(out))
    fs::permissions(e.path(), fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read);
  const auto refused = spawn_cli(cmd(out), "", tmp.path / "e3.txt", user);
  const int rst = wait_for(refused.pid);
  const auto err = read_text(refused.err);
  fs::permissions(out, fs::perms::all);
  BOOST_TEST((WIFEXITED(rst) && WEXITSTATUS(rst) == 3), err);
  BOOST_TEST(std::count(err.begin(), err.end(), '\n') == 1, err);
  BOOST_TEST(contains(err, out.string()), err);
  BOOST_TEST(read_text(out / "runs.csv") == runs_before);
}
