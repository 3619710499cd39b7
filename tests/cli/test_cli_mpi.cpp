// `lilucb experiment ... --mpi` under mpirun (label mpi; built when LILUCB_MPI is on): the
// folder an MPI job writes equals a single-process run's, byte for byte, for every file but
// manifest.json, whose experiment, config, windows, toolkit, build and status must match
// (its times, machine and runs describe the job; "mpi" records the ranks).  With 2 ranks one
// worker computes every run; with 3 two workers take runs dynamically, in an order that changes
// from job to job.  Also: resumption across --mpi and plain runs, refusals.
//
// mpirun runs with --allow-run-as-root (CI runs as root) and --oversubscribe (more ranks than
// cores on a 2-core machine).

#include <boost/test/unit_test.hpp>

#include "../text_files.hpp"
#include "cli_harness.hpp"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using json = nlohmann::json;
using namespace cli_harness;
using namespace test_files;

namespace {

// Anytime with pilot windows (two sizes, so rank 0 sends windows the workers must use) and a
// grid where one algorithm is skipped at one size; stopping-times with a censored algorithm.
const char* kAnytimeConfig = R"({
  "algorithms": ["lilucb-heuristic", "exp-gap", "ucb1-ls"], "scenarios": ["sparse", "alpha0.3"], "sizes": [4, 12],
  "repetitions": 7, "budget": 50000, "pilot_repetitions": 3, "window_factor": 2, "ucb1_max_n": 4,
  "window_from": ["lilucb-heuristic"], "checkpoints_per_decade": 4, "seed": 8})";
const char* kStoppingConfig = R"({
  "algorithms": ["lilucb-heuristic", "successive-elimination", "exp-gap"],
  "scenarios": ["sparse"], "sizes": [5, 20], "repetitions": 9, "budget": 3000, "seed": 13})";

std::string cli_path() {
  const char* env = std::getenv("LILUCB_CLI");
  return env && *env ? env : LILUCB_CLI_PATH;
}

/// lilucb under `mpirun -np ranks`, with --mpi.
cli_result run_mpi(int ranks, const std::vector<std::string>& args) {
  std::vector<std::string> a = {"--allow-run-as-root", "--oversubscribe", "--bind-to", "none", "-np", std::to_string(ranks),
                                cli_path()};
  a.insert(a.end(), args.begin(), args.end());
  a.push_back("--mpi");
  return run_program(LILUCB_MPIEXEC, a);
}

/// The command of one run (run_mpi adds --mpi).
std::vector<std::string> run_args(const std::string& kind, const std::string& cfg, const fs::path& out) {
  return {"experiment", kind, "--config", cfg, "--out", out.string(), "--no-plot", "--quiet", "--json"};
}

json ok_json(const cli_result& r) {
  BOOST_TEST_REQUIRE(r.status == 0, "exit " << r.status << "; stderr: " << r.err);
  return json::parse(r.out);
}

/// The files of a folder (names, without the lock file) and their contents.
std::map<std::string, std::string> files_of(const fs::path& dir) {
  std::map<std::string, std::string> m;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.is_regular_file() && e.path().filename() != ".lilucb.lock") m[e.path().filename().string()] = read_text(e.path());
  return m;
}

/// Every file of `mpi` but manifest.json equals `single`'s byte for byte; the manifests agree
/// on what the files depend on.
void check_same_folder(const fs::path& single, const fs::path& mpi, int ranks) {
  auto a = files_of(single), b = files_of(mpi);
  BOOST_TEST_REQUIRE(a.count("manifest.json") == 1u);
  BOOST_TEST_REQUIRE(b.count("manifest.json") == 1u);
  const auto ma = json::parse(a["manifest.json"]), mb = json::parse(b["manifest.json"]);
  a.erase("manifest.json");
  b.erase("manifest.json");
  std::vector<std::string> na, nb;
  for (const auto& [k, v] : a) na.push_back(k);
  for (const auto& [k, v] : b) nb.push_back(k);
  BOOST_TEST(na == nb, boost::test_tools::per_element());
  for (const auto& [name, text] : a) {
    BOOST_TEST_CONTEXT(name) {
      BOOST_TEST(!text.empty());
      BOOST_TEST((b.count(name) && b[name] == text), name << " differs between " << single << " and " << mpi);
    }
  }
  for (const char* key : {"experiment", "config", "windows", "toolkit", "git", "status", "notes"})
    BOOST_TEST(ma.value(key, json()) == mb.value(key, json()), "manifest " << key);
  BOOST_TEST(ma.at("runs").at("total") == mb.at("runs").at("total"));
  BOOST_TEST(!ma.contains("mpi"));
  BOOST_TEST(mb.at("mpi").at("ranks") == ranks);
}

}  // namespace

BOOST_AUTO_TEST_CASE(anytime_under_mpi_equals_the_single_process_run) {
  temp_dir tmp;
  const auto cfg = tmp.file("any.json", kAnytimeConfig);
  const auto single = ok_json(run_cli(run_args("anytime", cfg, tmp.path / "single")));
  for (int ranks : {2, 3}) {
    BOOST_TEST_CONTEXT("ranks " << ranks) {
      const fs::path out = tmp.path / ("mpi" + std::to_string(ranks));
      const auto j = ok_json(run_mpi(ranks, run_args("anytime", cfg, out)));
      BOOST_TEST(j.at("runs") == single.at("runs"));
      check_same_folder(tmp.path / "single", out, ranks);
    }
  }
}

BOOST_AUTO_TEST_CASE(stopping_times_under_mpi_equals_the_single_process_run) {
  temp_dir tmp;
  const auto cfg = tmp.file("st.json", kStoppingConfig);
  const auto single = ok_json(run_cli(run_args("stopping-times", cfg, tmp.path / "single")));
  const auto j = ok_json(run_mpi(3, run_args("stopping-times", cfg, tmp.path / "mpi")));
  BOOST_TEST(j.at("runs") == single.at("runs"));
  check_same_folder(tmp.path / "single", tmp.path / "mpi", 3);
}

// A folder cut short (runs.csv down to its first rows, as after a killed job) is completed by a
// plain rerun and by an MPI rerun, each into the files of the uninterrupted run.
BOOST_AUTO_TEST_CASE(mpi_and_plain_runs_resume_each_other) {
  temp_dir tmp;
  const auto cfg = tmp.file("any.json", kAnytimeConfig);
  ok_json(run_cli(run_args("anytime", cfg, tmp.path / "single")));
  const auto full = lines_of(tmp.path / "single" / "runs.csv");
  BOOST_TEST_REQUIRE(full.size() > 20u);
  const std::size_t kept = 17;
  auto cut = [&](const fs::path& dir) {
    std::string text;
    for (std::size_t k = 0; k <= kept; ++k) text += full[k] + "\n";  // the header and `kept` rows
    for (const char* f : {"anytime.csv", "stopping.csv"}) fs::remove(dir / f);
    std::ofstream(dir / "runs.csv", std::ios::binary | std::ios::trunc) << text;
  };
  // An MPI job's folder, cut, resumed by a plain run.
  ok_json(run_mpi(3, run_args("anytime", cfg, tmp.path / "a")));
  cut(tmp.path / "a");
  const auto ja = ok_json(run_cli(run_args("anytime", cfg, tmp.path / "a")));
  BOOST_TEST(ja.at("runs").at("resumed") == kept);
  BOOST_TEST(files_of(tmp.path / "a").at("runs.csv") == files_of(tmp.path / "single").at("runs.csv"));
  BOOST_TEST(files_of(tmp.path / "a").at("anytime.csv") == files_of(tmp.path / "single").at("anytime.csv"));
  // A plain run's folder, cut, resumed by an MPI job.
  fs::copy(tmp.path / "single", tmp.path / "b");
  cut(tmp.path / "b");
  const auto jb = ok_json(run_mpi(2, run_args("anytime", cfg, tmp.path / "b")));
  BOOST_TEST(jb.at("runs").at("resumed") == kept);
  BOOST_TEST(jb.at("runs").at("executed") == full.size() - 1 - kept);
  check_same_folder(tmp.path / "single", tmp.path / "b", 2);
}

BOOST_AUTO_TEST_CASE(mpi_refusals) {
  temp_dir tmp;
  const auto cfg = tmp.file("st.json", kStoppingConfig);
  // Rank 0 refuses a folder of another experiment: the job fails with rank 0's one error line
  // (the workers end quietly), and the folder is untouched.
  ok_json(run_cli(run_args("stopping-times", tmp.file("other.json", R"({"sizes": [5], "repetitions": 2})"), tmp.path / "y")));
  const auto before = files_of(tmp.path / "y");
  const auto m = run_mpi(3, run_args("stopping-times", cfg, tmp.path / "y"));
  BOOST_TEST(m.status != 0);
  BOOST_TEST(m.out == "");
  std::size_t errors = 0;
  for (std::size_t p = m.err.find("lilucb: error: "); p != std::string::npos; p = m.err.find("lilucb: error: ", p + 1)) ++errors;
  BOOST_TEST(errors == 1u, m.err);
  BOOST_TEST(contains(m.err, "--out"));
  BOOST_TEST((files_of(tmp.path / "y") == before));
}
