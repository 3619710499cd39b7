#pragma once
// Runs the real `lilucb` binary for the CLI tests: fork/execv (no shell), stdin from /dev/null,
// stdout and stderr captured separately, exit status (128 + signal when killed).  The binary
// is LILUCB_CLI_PATH, or the environment variable LILUCB_CLI when set (to run a suite against
// an installed or deliberately broken binary).  Also the invalid-input contract check and a
// temporary directory.

#include <boost/test/unit_test.hpp>

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace cli_harness {

namespace fs = std::filesystem;

struct cli_result {
  int status = -1;       ///< exit status; 128 + signal number when killed by a signal
  bool signaled = false;
  std::string out, err;
};

inline std::string slurp(std::FILE* f) {
  std::fflush(f);
  std::rewind(f);
  std::string s;
  char buf[4096];
  std::size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) s.append(buf, n);
  return s;
}

/// Runs the program `path` with `args` (argv[1..]) and returns its status, stdout and stderr;
/// in the folder `cwd` when it is not empty.  With `alarm_seconds` > 0 the program is killed by
/// SIGALRM after that long (the alarm survives exec): a program that blocks shows up as status
/// 128 + SIGALRM instead of hanging the test.
inline cli_result run_program(const char* path, const std::vector<std::string>& args, const std::string& cwd = "",
                              unsigned alarm_seconds = 0) {
  std::FILE* out = std::tmpfile();
  std::FILE* err = std::tmpfile();
  if (!out || !err) throw std::runtime_error("tmpfile failed");
  std::vector<std::string> storage;
  storage.reserve(args.size() + 1);
  storage.push_back(path);
  storage.insert(storage.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& s : storage) argv.push_back(s.data());
  argv.push_back(nullptr);

  std::fflush(nullptr);
  const pid_t pid = ::fork();
  if (pid < 0) throw std::runtime_error(std::string("fork failed: ") + std::strerror(errno));
  if (pid == 0) {
    const int in = ::open("/dev/null", O_RDONLY);
    if (in < 0 || ::dup2(in, 0) < 0 || ::dup2(::fileno(out), 1) < 0 || ::dup2(::fileno(err), 2) < 0)
      ::_exit(126);
    if (!cwd.empty() && ::chdir(cwd.c_str()) != 0) ::_exit(126);
    if (alarm_seconds > 0) ::alarm(alarm_seconds);
    ::execv(path, argv.data());
    ::_exit(127);
  }
  int wstatus = 0;
  while (::waitpid(pid, &wstatus, 0) < 0)
    if (errno != EINTR) throw std::runtime_error("waitpid failed");
  cli_result r;
  if (WIFEXITED(wstatus)) {
    r.status = WEXITSTATUS(wstatus);
  } else {
    r.signaled = true;
    r.status = 128 + WTERMSIG(wstatus);
  }
  r.out = slurp(out);
  r.err = slurp(err);
  std::fclose(out);
  std::fclose(err);
  return r;
}

/// Runs lilucb with `args` (argv[1..]).
/// The binary under test: LILUCB_CLI_PATH, or the environment variable LILUCB_CLI when set
/// (to run the suite against an installed or deliberately broken binary).
inline cli_result run_cli(const std::vector<std::string>& args, const std::string& cwd = "") {
  const char* env = std::getenv("LILUCB_CLI");
  return run_program(env && *env ? env : LILUCB_CLI_PATH, args, cwd);
}

/// The command line as one readable string, for BOOST_TEST_CONTEXT.
inline std::string show(const std::vector<std::string>& args) {
  std::string s = "lilucb";
  for (const auto& a : args) {
    s += ' ';
    if (a.empty() || a.find_first_of(" \t'\",") != std::string::npos) s += "'" + a + "'";
    else s += a;
  }
  return s;
}

/// True when `s` is one line of printable bytes (no control byte or DEL before its final newline).
inline bool printable_line(const std::string& s) {
  for (std::size_t i = 0; i + 1 < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x20 || c == 0x7f) return false;
  }
  return !s.empty() && s.back() == '\n';
}

inline bool contains(const std::string& haystack, const std::string& needle) {
  return haystack.find(needle) != std::string::npos;
}

inline std::size_t count_char(const std::string& s, char c) {
  return static_cast<std::size_t>(std::count(s.begin(), s.end(), c));
}

/// Invalid-input contract: exit 2, nothing on stdout, exactly one line on stderr ("lilucb:
/// error: ..."), ending with its only newline.
inline void check_one_line_error(const cli_result& r) {
  BOOST_TEST(r.status == 2);
  BOOST_TEST(!r.signaled);
  BOOST_TEST(r.out == "", "stdout should be empty, got: " << r.out);
  BOOST_TEST(!r.err.empty());
  BOOST_TEST(count_char(r.err, '\n') == 1u, "stderr should be one line, got: " << r.err);
  BOOST_TEST((!r.err.empty() && r.err.back() == '\n'));
  BOOST_TEST(count_char(r.err, '\r') == 0u);
  BOOST_TEST(r.err.rfind("lilucb: error: ", 0) == 0u, "stderr: " << r.err);
}

/// A fresh temporary directory, removed on destruction.
struct temp_dir {
  fs::path path;
  temp_dir() {
    std::string templ = (fs::temp_directory_path() / "lilucb-cli-test-XXXXXX").string();
    if (!::mkdtemp(templ.data())) throw std::runtime_error("mkdtemp failed");
    path = templ;
  }
  ~temp_dir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  temp_dir(const temp_dir&) = delete;
  temp_dir& operator=(const temp_dir&) = delete;
  /// Writes `text` to a file `name` in the directory; returns its path.
  std::string file(const std::string& name, const std::string& text) const {
    const fs::path p = path / name;
    std::ofstream(p, std::ios::binary) << text;
    return p.string();
  }
};

}  // namespace cli_harness
