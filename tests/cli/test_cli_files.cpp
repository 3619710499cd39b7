// Every option of the `lilucb` command that writes or reads a file, given each kind of file
// system object (docs/files.md): a FIFO, a character device (a node made in the test's folder
// when the suite runs as root; skipped otherwise), a socket, a dangling symlink, a hard link, a
// folder, a symlink to a regular file and a user's own NAME.tmp.  A refusal is exit 3 (a folder:
// exit 2) with one line naming the path, the object is unchanged and the folder holds nothing
// new; a reader given a FIFO returns at once (each command runs under an alarm, so a blocked
// reader fails the test instead of hanging it).  No system path is written.

#include <boost/test/unit_test.hpp>

#include "cli_harness.hpp"
#include "../text_files.hpp"

#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using namespace cli_harness;
using test_files::read_text;

namespace {

/// run_cli, killed by SIGALRM after `seconds`: a reader that blocks shows up as status 128 + SIGALRM.
cli_result run_cli_within(const std::vector<std::string>& args, unsigned seconds = 30) {
  const char* env = std::getenv("LILUCB_CLI");
  return run_program(env && *env ? env : LILUCB_CLI_PATH, args, "", seconds);
}

/// Exit 3 (I/O failure), nothing on stdout, one line naming `path` and containing `why`.
void check_refused(const cli_result& r, const std::string& path, const std::string& why, int status = 3) {
  BOOST_TEST(!r.signaled, "killed (blocked?): status " << r.status << "; stderr: " << r.err);
  BOOST_TEST(r.status == status, "stderr: " << r.err);
  BOOST_TEST(r.out == "");
  BOOST_TEST(count_char(r.err, '\n') == 1u, r.err);
  BOOST_TEST(r.err.rfind("lilucb: error: ", 0) == 0u, r.err);
  BOOST_TEST(contains(r.err, path), r.err);
  BOOST_TEST(contains(r.err, why), r.err);
}

std::set<std::string> names_in(const fs::path& dir) {
  std::set<std::string> s;
  for (const auto& e : fs::directory_iterator(dir)) s.insert(e.path().filename().string());
  return s;
}

mode_t mode_of(const fs::path& p) {
  struct stat st {};
  ::lstat(p.c_str(), &st);
  return st.st_mode;
}

/// A character device with /dev/null's numbers made in `dir` (never under /dev); nullopt when
/// this process may not make device nodes (not root, or no CAP_MKNOD).
std::optional<fs::path> test_device(const fs::path& dir, const std::string& name = "device") {
  const fs::path node = dir / name;
  if (::geteuid() != 0 || ::mknod(node.c_str(), S_IFCHR | 0666, ::makedev(1, 3)) != 0) return std::nullopt;
  return node;
}

/// The special objects of a matrix case, made in `dir`: name -> (path, the reason's words).
struct special_objects {
  std::vector<std::pair<fs::path, std::string>> refused;  // exit 3
  int socket_fd = -1;
  explicit special_objects(const fs::path& dir) {
    const fs::path fifo = dir / "fifo";
    if (::mkfifo(fifo.c_str(), 0644) != 0) throw std::runtime_error("mkfifo failed");
    refused.emplace_back(fifo, "FIFO");
    const fs::path sock = dir / "sock";
    socket_fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
    sockaddr_un a{};
    a.sun_family = AF_UNIX;
    std::strncpy(a.sun_path, sock.c_str(), sizeof a.sun_path - 1);
    if (socket_fd < 0 || ::bind(socket_fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0)
      throw std::runtime_error("socket failed");
    refused.emplace_back(sock, "socket");
    if (const auto node = test_device(dir)) refused.emplace_back(*node, "character device");
    else BOOST_TEST_MESSAGE("device cases skipped: device nodes can be made by root only");
  }
  ~special_objects() {
    if (socket_fd >= 0) ::close(socket_fd);
  }
  special_objects(const special_objects&) = delete;
  special_objects& operator=(const special_objects&) = delete;
};

const char* kStoppingConfig = R"({"algorithms": ["lilucb-heuristic"], "scenarios": ["sparse"], "sizes": [5],
                                   "repetitions": 2, "budget": 20000, "seed": 11})";

}  // namespace

// ---- writers ----------------------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(verify_record_refuses_every_object_but_a_regular_file_before_any_work) {
  temp_dir tmp;
  special_objects objects(tmp.path);
  auto cases = objects.refused;
  fs::create_symlink(tmp.path / "nowhere", tmp.path / "dangling");
  cases.emplace_back(tmp.path / "dangling", "symlink to a missing file");
  const auto file = tmp.file("record.json", "{}");
  fs::create_hard_link(file, tmp.path / "backup.json");
  cases.emplace_back(file, "2 hard links");
  const auto before = names_in(tmp.path);
  for (const auto& [path, why] : cases) {
    BOOST_TEST_CONTEXT(path) {
      const mode_t kind = mode_of(path) & S_IFMT;
      check_refused(run_cli_within({"verify", "--only", "paper-numbers", "--record", path.string()}), path.string(), why);
      BOOST_TEST((mode_of(path) & S_IFMT) == kind);
    }
  }
  BOOST_TEST(names_in(tmp.path) == before);
  BOOST_TEST(read_text(file) == "{}");
  BOOST_TEST(read_text(tmp.path / "backup.json") == "{}");
  BOOST_TEST(fs::is_symlink(tmp.path / "dangling"));
  // A folder is invalid input (exit 2), as everywhere a file is expected.
  fs::create_directories(tmp.path / "folder");
  check_refused(run_cli_within({"verify", "--only", "paper-numbers", "--record", (tmp.path / "folder").string()}),
                "folder", "a file, not a folder", 2);
  BOOST_TEST(fs::is_empty(tmp.path / "folder"));
}

BOOST_AUTO_TEST_CASE(verify_record_through_a_symlink_replaces_its_target_and_keeps_the_link) {
  temp_dir tmp;
  fs::create_directories(tmp.path / "real");
  const auto target = tmp.file("real/claims.json", "old");
  fs::create_symlink(target, tmp.path / "link.json");
  const auto mine = tmp.file("link.json.tmp", "the user's own file");
  const auto r = run_cli_within({"verify", "--only", "paper-numbers", "--record", (tmp.path / "link.json").string()}, 120);
  BOOST_TEST_REQUIRE(r.status == 0, r.err);
  BOOST_TEST(fs::is_symlink(tmp.path / "link.json"));
  BOOST_TEST(read_text(target).rfind("{", 0) == 0u);
  BOOST_TEST(read_text(mine) == "the user's own file");
  BOOST_TEST(names_in(tmp.path) == (std::set<std::string>{"real", "link.json", "link.json.tmp"}));
  BOOST_TEST(names_in(tmp.path / "real") == std::set<std::string>{"claims.json"});
}

BOOST_AUTO_TEST_CASE(docs_write_keeps_a_symlinked_document_a_link_and_refuses_a_fifo) {
  temp_dir tmp;
  const fs::path dir = tmp.path / "generated";
  fs::create_directories(dir);
  // params.md through a symlink into another folder: replaced there, the link kept.
  fs::create_directories(tmp.path / "elsewhere");
  const auto target = tmp.file("elsewhere/params.md", "old");
  fs::create_symlink(target, dir / "params.md");
  const auto ok = run_cli_within({"docs", "--write", dir.string()}, 120);
  BOOST_TEST_REQUIRE(ok.status == 0, ok.err);
  BOOST_TEST(fs::is_symlink(dir / "params.md"));
  BOOST_TEST(read_text(target) != "old");
  BOOST_TEST(names_in(tmp.path / "elsewhere") == std::set<std::string>{"params.md"});
  // A FIFO where a document goes: exit 3 naming it, the FIFO left as it is, no temporary file.
  fs::remove(dir / "params.md");
  BOOST_TEST_REQUIRE(::mkfifo((dir / "params.md").c_str(), 0644) == 0);
  const auto before = names_in(dir);
  check_refused(run_cli_within({"docs", "--write", dir.string()}), (dir / "params.md").string(), "FIFO");
  BOOST_TEST(S_ISFIFO(mode_of(dir / "params.md")));
  BOOST_TEST(names_in(dir) == before);
  // docs --check reads its data files: a FIFO there is refused at once, not waited on (the
  // tables checked before it are listed on stdout).
  fs::remove(dir / "params.md");
  BOOST_TEST_REQUIRE(::mkfifo((dir / "claims.json").c_str(), 0644) == 0);
  const auto check = run_cli_within({"docs", "--check", dir.string()});
  BOOST_TEST(!check.signaled, "killed (blocked?): " << check.err);
  BOOST_TEST(check.status == 3, check.err);
  BOOST_TEST(count_char(check.err, '\n') == 1u, check.err);
  BOOST_TEST(contains(check.err, (dir / "claims.json").string()), check.err);
  BOOST_TEST(contains(check.err, "FIFO"), check.err);
}

BOOST_AUTO_TEST_CASE(an_experiment_writes_through_a_symlink_and_refuses_a_fifo_in_its_folder) {
  temp_dir tmp;
  const auto cfg = tmp.file("st.json", kStoppingConfig);
  const auto run = [&](const fs::path& out) {
    return run_cli_within({"experiment", "stopping-times", "--config", cfg, "--out", out.string(), "--no-plot", "--quiet"},
                          120);
  };
  const fs::path whole = tmp.path / "whole";
  BOOST_TEST_REQUIRE(run(whole).status == 0);
  // summary.csv a symlink to a file elsewhere: the file is replaced, the link kept.
  const fs::path linked = tmp.path / "linked";
  fs::create_directories(linked);
  const auto target = tmp.file("summary-elsewhere.csv", "old");
  fs::create_symlink(target, linked / "summary.csv");
  const auto r = run(linked);
  BOOST_TEST_REQUIRE(r.status == 0, r.err);
  BOOST_TEST(fs::is_symlink(linked / "summary.csv"));
  BOOST_TEST(read_text(target) == read_text(whole / "summary.csv"));
  // summary.csv a FIFO: exit 3 naming it, the FIFO unchanged, no temporary file left.
  const fs::path fifo_out = tmp.path / "fifo";
  fs::create_directories(fifo_out);
  BOOST_TEST_REQUIRE(::mkfifo((fifo_out / "summary.csv").c_str(), 0644) == 0);
  const auto refused = run(fifo_out);
  check_refused(refused, "summary.csv", "FIFO");
  BOOST_TEST(S_ISFIFO(mode_of(fifo_out / "summary.csv")));
  for (const auto& name : names_in(fifo_out)) BOOST_TEST(name.rfind(".summary.csv.", 0) != 0u, name);
}

// ---- readers ----------------------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(every_reader_refuses_a_fifo_a_socket_and_a_device_at_once) {
  temp_dir tmp;
  special_objects objects(tmp.path);
  const auto cfg = tmp.file("st.json", kStoppingConfig);
  for (const auto& [path, why] : objects.refused) {
    const std::string p = path.string();
    for (const auto& args : std::vector<std::vector<std::string>>{
             {"run", "--algorithm", "lilucb-ls", "--means-file", p, "--nu", "0.1"},
             {"experiment", "stopping-times", "--config", p, "--out", (tmp.path / "out").string(), "--no-plot"},
             {"verify", "--only", "paper-numbers", "--check-against", p}}) {
      BOOST_TEST_CONTEXT(show(args)) {
        check_refused(run_cli_within(args), p, why);
        BOOST_TEST(!fs::exists(tmp.path / "out"));
      }
    }
  }
  // A symlink to a FIFO is the FIFO.
  fs::create_symlink(tmp.path / "fifo", tmp.path / "fifo-link");
  check_refused(run_cli_within({"run", "--algorithm", "lilucb-ls", "--means-file", (tmp.path / "fifo-link").string(),
                                "--nu", "0.1"}),
                "fifo-link", "FIFO");
}

BOOST_AUTO_TEST_CASE(a_config_over_its_limit_is_refused_with_the_size_and_the_limit) {
  temp_dir tmp;
  const auto big = tmp.file("big.json", std::string(2 << 20, ' '));
  check_refused(run_cli_within({"experiment", "stopping-times", "--config", big, "--out", (tmp.path / "out").string(),
                                "--no-plot"}),
                big, "limit of 1 MiB");
  BOOST_TEST(!fs::exists(tmp.path / "out"));
}
