// Hostile and careless input to the `lilucb` command ("strict input", docs/reliability.md): every case of
// tests/cli/hostile_inputs.json is run against the real binary.  A refusal is one printable line
// on stderr with the case's expected exit status (2 invalid input, 3 I/O failure; README.md),
// nothing on stdout, and the strings the case names.  A case with status 0 is an extreme but
// valid input that must get a finite answer: exit 0, nothing on stderr, and no inf or nan on
// stdout (text and --json), with the strings the case names in its "stdout".  The fixtures the
// cases refer to ({tmp}/...) are written here.  docs/reliability.md's table is rendered from the
// same JSON file.

#include "cli_harness.hpp"

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include <sys/resource.h>

#include <cctype>
#include <csignal>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

using namespace cli_harness;

namespace {

std::string replace_all(std::string s, const std::string& from, const std::string& to) {
  for (std::size_t p = s.find(from); p != std::string::npos; p = s.find(from, p + to.size())) s.replace(p, from.size(), to);
  return s;
}

void write_fixtures(const temp_dir& tmp) {
  tmp.file("trailing.json", R"({"repetitions": 2} trailing)");
  tmp.file("duplicate-key.json", R"({"repetitions": 2, "repetitions": 3})");
  tmp.file("duplicate-size.json", R"({"sizes": [10, 10], "repetitions": 2})");
  tmp.file("alias.json", R"({"scenarios": ["alpha0.3", "alpha0.30"], "sizes": [10], "repetitions": 1})");
  tmp.file("hex.json", R"({"scenarios": ["alpha0x1p-2"], "sizes": [10], "repetitions": 1})");
  tmp.file("window.json", R"({"window": 100, "sizes": [10], "repetitions": 1})");
  fs::create_directories(tmp.path / "folder");
  tmp.file("binary-means.txt", std::string("0.5\n") + std::string(1, '\0') + "\x01\x7f\xff garbage\n0.4\n");
  tmp.file("a-file", "x");
  tmp.file("many.json", R"({"repetitions": 18446744073709551615})");
  tmp.file("huge-gap.json", R"({"gap": 1e300, "scenarios": ["sparse"], "sizes": [10], "repetitions": 1})");
  tmp.file("nul.json", std::string(R"({"repetitions": 2})") + std::string(1, '\0') + "garbage");
  tmp.file("record.json", "{}");
  tmp.file("huge-sizes.json", R"({"sizes": [1000000000, 2000000000]})");
  const std::string row = R"({"id": "a.b", "claim": "c", "source": "s", "computed": "x", "verdict": "holds", )"
                          R"("evidence": "e", "effort_independent": true, "machine_dependent": false})";
  tmp.file("duplicate-id-record.json", R"({"effort": "quick", "seed": 1, "version": "0", "commit": "", )"
                                       R"("wall_seconds": 1, "threads": 1, "claims": [)" + row + ", " + row + "]}");
  fs::create_symlink(tmp.path / "nowhere", tmp.path / "dangling");
  fs::create_symlink(tmp.path / "loop", tmp.path / "loop");
}

// True when `s` holds a word inf, infinity or nan (any case): a non-finite number on stdout.
bool has_non_finite(const std::string& s) {
  auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  std::string lower(s);
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (const std::string w : {"inf", "infinity", "nan"})
    for (std::size_t p = lower.find(w); p != std::string::npos; p = lower.find(w, p + 1)) {
      const bool left = p == 0 || !word(lower[p - 1]);
      const bool right = p + w.size() == lower.size() || !word(lower[p + w.size()]);
      if (left && right) return true;
    }
  return false;
}

}  // namespace

BOOST_AUTO_TEST_CASE(every_hostile_input_is_refused_on_one_line) {
  std::ifstream in(LILUCB_HOSTILE_CASES);
  BOOST_TEST_REQUIRE(static_cast<bool>(in), "cannot read " << LILUCB_HOSTILE_CASES);
  const auto cases = nlohmann::json::parse(in).at("cases");
  BOOST_TEST_REQUIRE(cases.size() >= 15u);
  for (const auto& c : cases) {
    temp_dir tmp;
    write_fixtures(tmp);
    std::vector<std::string> args;
    for (const auto& a : c.at("args")) args.push_back(replace_all(a.get<std::string>(), "{tmp}", tmp.path.string()));
    BOOST_TEST_CONTEXT(c.at("why").get<std::string>() << ": " << show(args)) {
      const auto r = run_cli(args);
      if (c.at("status").get<int>() == 0) {  // an extreme valid input: a finite answer
        BOOST_TEST(!r.signaled);
        BOOST_TEST(r.status == 0, "status " << r.status << ", stderr: " << r.err);
        BOOST_TEST(r.err == "", "stderr: " << r.err);
        BOOST_TEST(r.out != "");
        BOOST_TEST(!has_non_finite(r.out), "stdout holds inf or nan: " << r.out);
        for (const auto& s : c.at("stdout"))
          BOOST_TEST(contains(r.out, s.get<std::string>()), "stdout lacks \"" << s.get<std::string>() << "\": " << r.out);
        continue;
      }
      BOOST_TEST(!r.signaled);
      BOOST_TEST(r.status == c.at("status").get<int>(), "status " << r.status << ", stderr: " << r.err);
      BOOST_TEST(r.out == "", "stdout: " << r.out);
      BOOST_TEST(count_char(r.err, '\n') == 1u, "stderr: " << r.err);
      BOOST_TEST(printable_line(r.err), "stderr is not one printable line: " << r.err);
      for (const auto& s : c.at("stderr"))
        BOOST_TEST(contains(r.err, s.get<std::string>()), "stderr lacks \"" << s.get<std::string>() << "\": " << r.err);
      // A refused experiment leaves no output folder behind.
      BOOST_TEST(!fs::exists(tmp.path / "out" / "runs.csv"));
    }
  }
}

// The exit-status contract beyond invalid input: 1 for a check that found differences.
BOOST_AUTO_TEST_CASE(a_stale_document_is_status_1_not_2) {
  temp_dir tmp;
  const fs::path dir = tmp.path / "generated";
  BOOST_TEST_REQUIRE(run_cli({"docs", "--write", dir.string()}).status == 0);
  std::ofstream(dir / "params.md", std::ios::app) << "edited\n";
  const auto r = run_cli({"docs", "--check", dir.string()});
  BOOST_TEST(r.status == 1, "stderr: " << r.err);
  BOOST_TEST(count_char(r.err, '\n') == 1u, r.err);
}

// `lilucb run` has a default budget: a near-tie ends as budget_exhausted with exit 0 instead of
// running for ever (here with a small explicit budget; the default is 10^9, see --help).
BOOST_AUTO_TEST_CASE(run_reports_an_exhausted_budget_as_a_status) {
  const auto r = run_cli({"run", "--algorithm", "lilucb-ls", "--means", "0.5,0.4999999", "--nu", "0.1",
                          "--max-pulls", "100000", "--json"});
  BOOST_TEST_REQUIRE(r.status == 0, r.err);
  const auto j = nlohmann::json::parse(r.out);
  BOOST_TEST(j.at("status").get<std::string>() == "budget_exhausted");
  BOOST_TEST(j.at("pulls").get<std::uint64_t>() == 100000u);
  const auto help = run_cli({"run", "--help"});
  BOOST_TEST(contains(help.out, "default 10^9"), help.out);
}

// Output that cannot be written is a failure, never exit 0: stdout on a full device (ENOSPC), and
// a file-size limit (EFBIG, where SIGXFSZ would otherwise kill the process silently).
BOOST_AUTO_TEST_CASE(unwritable_output_is_exit_3) {
  temp_dir tmp;
  const std::string out = (tmp.path / "out.txt").string(), err = (tmp.path / "err.txt").string();
  // stdout on /dev/full
  {
    const pid_t pid = ::fork();
    BOOST_TEST_REQUIRE(pid >= 0);
    if (pid == 0) {
      const int full = ::open("/dev/full", O_WRONLY);
      const int e = ::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      if (full < 0 || e < 0 || ::dup2(full, 1) < 0 || ::dup2(e, 2) < 0) ::_exit(126);
      const char* env = std::getenv("LILUCB_CLI");
      const std::string cli = env && *env ? env : LILUCB_CLI_PATH;
      ::execl(cli.c_str(), cli.c_str(), "params", "--nu", "0.1", static_cast<char*>(nullptr));
      ::_exit(127);
    }
    int ws = 0;
    ::waitpid(pid, &ws, 0);
    BOOST_TEST_REQUIRE(WIFEXITED(ws));
    BOOST_TEST(WEXITSTATUS(ws) == 3);
    std::ifstream in(err);
    std::string line((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    BOOST_TEST(count_char(line, '\n') == 1u, line);
    BOOST_TEST(contains(line, "standard output"), line);
    BOOST_TEST(contains(line, "No space left on device"), line);
  }
  // A file-size limit of 1000 bytes (RLIMIT_FSIZE binds root too), SIGXFSZ at its default
  // disposition: the output of `params` (about 2 KB) passes it.
  {
    struct rlimit old {};
    ::getrlimit(RLIMIT_FSIZE, &old);
    struct rlimit lim = old;
    lim.rlim_cur = 1000;
    auto* prev = std::signal(SIGXFSZ, SIG_DFL);
    ::setrlimit(RLIMIT_FSIZE, &lim);
    const auto r = run_cli({"params", "--nu", "0.1"});
    ::setrlimit(RLIMIT_FSIZE, &old);
    std::signal(SIGXFSZ, prev);
    BOOST_TEST(!r.signaled, "killed by signal " << r.status - 128);
    BOOST_TEST(r.status == 3, "status " << r.status << ", stderr: " << r.err);
    BOOST_TEST(count_char(r.err, '\n') == 1u, r.err);
    BOOST_TEST(contains(r.err, "File too large"), r.err);
  }
}

// verify --record is written whole after the run: comparing with a record never truncates or
// replaces that record, the new record is complete whether or not the comparison passes, and
// a record naming the compared file is refused with both files untouched.
BOOST_AUTO_TEST_CASE(a_verify_record_is_written_whole_and_never_over_its_input) {
  temp_dir tmp;
  const std::string published = (tmp.path / "published.json").string(), fresh = (tmp.path / "fresh.json").string();
  BOOST_TEST_REQUIRE(run_cli({"verify", "--only", "paper-numbers", "--record", published}).status == 0);
  std::ifstream in(published);
  const std::string original((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  BOOST_TEST_REQUIRE(original.size() > 100u);
  const auto same = run_cli({"verify", "--only", "paper-numbers", "--check-against", published, "--record", published});
  check_one_line_error(same);
  BOOST_TEST(contains(same.err, "--record"), same.err);
  const auto ok = run_cli({"verify", "--only", "paper-numbers", "--check-against", published, "--record", fresh});
  BOOST_TEST(ok.status == 0, ok.err);
  std::ifstream again(published), written(fresh);
  const std::string after((std::istreambuf_iterator<char>(again)), std::istreambuf_iterator<char>());
  const std::string record((std::istreambuf_iterator<char>(written)), std::istreambuf_iterator<char>());
  BOOST_TEST(after == original);
  BOOST_TEST_REQUIRE(record.size() > 100u);
  BOOST_TEST(nlohmann::json::parse(record).at("claims").size() == nlohmann::json::parse(original).at("claims").size());
  BOOST_TEST(!fs::exists(fresh + ".tmp"));
}

// experiment merge refuses a shard whose manifest index is not below its count (three shards
// with indices 0, 1, 5 of 3 passed the count check and lost a third of the runs) and a shard
// whose runs.csv is empty; nothing is written to OUT.
BOOST_AUTO_TEST_CASE(merge_refuses_a_bad_shard_index_and_an_empty_runs_file) {
  temp_dir tmp;
  const std::string cfg = tmp.file("m.json", R"({"methods": ["lilucb-heuristic"], "instances": ["sparse-n5"],
                                                 "deltas": [0.1], "repetitions": 3, "budget": 100000, "seed": 3})");
  std::vector<std::string> dirs;
  for (const char* shard : {"0/3", "1/3", "2/3"}) {
    dirs.push_back((tmp.path / (std::string("s") + shard[0])).string());
    const auto r = run_cli({"experiment", "modern", "--config", cfg, "--shard", shard, "--out", dirs.back(), "--no-plot",
                            "--quiet"});
    BOOST_TEST_REQUIRE(r.status == 0, r.err);
  }
  const auto merge = [&](const std::string& out) {
    std::vector<std::string> args{"experiment", "merge", out};
    args.insert(args.end(), dirs.begin(), dirs.end());
    return run_cli(args);
  };
  BOOST_TEST_REQUIRE(merge((tmp.path / "whole").string()).status == 0);
  const fs::path manifest = fs::path(dirs[2]) / "manifest.json";
  std::ifstream in(manifest);
  auto m = nlohmann::json::parse(in);
  in.close();
  const auto original = m;
  m["shard"]["index"] = 5;
  std::ofstream(manifest) << m.dump(2) << '\n';
  const auto bad_index = merge((tmp.path / "bad-index").string());
  check_one_line_error(bad_index);
  BOOST_TEST(contains(bad_index.err, "5/3"), bad_index.err);
  BOOST_TEST(!fs::exists(tmp.path / "bad-index" / "runs.csv"));
  std::ofstream(manifest) << original.dump(2) << '\n';
  std::ofstream(fs::path(dirs[1]) / "runs.csv", std::ios::trunc).close();
  const auto empty = merge((tmp.path / "empty").string());
  check_one_line_error(empty);
  BOOST_TEST(contains(empty.err, "runs.csv is empty"), empty.err);
  BOOST_TEST(!fs::exists(tmp.path / "empty" / "runs.csv"));
}

// A means file that cannot be read (mode 000, run as nobody when the suite runs as root, so the
// permissions bind): exit 3 with the path and the system's reason, before any work.
BOOST_AUTO_TEST_CASE(an_unreadable_means_file_is_exit_3) {
  temp_dir tmp;
  const std::string file = tmp.file("means.txt", "0.5\n0.4\n"), err = (tmp.path / "err.txt").string();
  fs::permissions(tmp.path, fs::perms::all);
  fs::permissions(file, fs::perms::none);
  const pid_t pid = ::fork();
  BOOST_TEST_REQUIRE(pid >= 0);
  if (pid == 0) {
    const int e = ::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int null = ::open("/dev/null", O_RDWR);
    if (e < 0 || null < 0 || ::dup2(null, 0) < 0 || ::dup2(null, 1) < 0 || ::dup2(e, 2) < 0) ::_exit(126);
    if (::geteuid() == 0 && (::setgid(65534) != 0 || ::setuid(65534) != 0)) ::_exit(125);
    const char* env = std::getenv("LILUCB_CLI");
    const std::string cli = env && *env ? env : LILUCB_CLI_PATH;
    ::execl(cli.c_str(), cli.c_str(), "run", "--algorithm", "lilucb-ls", "--means-file", file.c_str(), "--nu", "0.1",
            static_cast<char*>(nullptr));
    ::_exit(127);
  }
  int ws = 0;
  ::waitpid(pid, &ws, 0);
  BOOST_TEST_REQUIRE(WIFEXITED(ws));
  std::ifstream in(err);
  const std::string line((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  BOOST_TEST(WEXITSTATUS(ws) == 3, "status " << WEXITSTATUS(ws) << ": " << line);
  BOOST_TEST(count_char(line, '\n') == 1u, line);
  BOOST_TEST(contains(line, "--means-file"), line);
  BOOST_TEST(contains(line, "means.txt"), line);
  BOOST_TEST(contains(line, "Permission denied"), line);
}
