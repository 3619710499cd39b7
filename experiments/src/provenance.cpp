// Provenance for manifests and claims records (provenance.hpp).

#include "lilucb_experiments/provenance.hpp"

#include <nlohmann/json.hpp>
#include <sys/utsname.h>

#include <chrono>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <thread>

#ifndef LILUCB_SOURCE_DIR
#define LILUCB_SOURCE_DIR "."
#endif

namespace lilucb::experiments {

namespace {

std::string command_output(const std::string& cmd) {
  std::string out;
  if (FILE* p = popen(cmd.c_str(), "r")) {
    char buf[256];
    while (fgets(buf, sizeof buf, p)) out += buf;
    pclose(p);
  }
  while (!out.empty() && (out.back() == '\n' || out.back() == '\r')) out.pop_back();
  return out;
}

}  // namespace

std::string now_iso() {
  const auto t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

nlohmann::json machine_json(unsigned threads) {
  nlohmann::json m;
  utsname u{};
  if (uname(&u) == 0) {
    m["hostname"] = u.nodename;
    m["system"] = std::string(u.sysname) + " " + u.release;
    m["arch"] = u.machine;
  }
  m["hardware_threads"] = std::thread::hardware_concurrency();
  m["threads_used"] = threads;
  std::ifstream cpu("/proc/cpuinfo");
  for (std::string line; std::getline(cpu, line);)
    if (line.rfind("model name", 0) == 0) {
      m["cpu"] = line.substr(line.find(':') + 2);
      break;
    }
  return m;
}

std::string source_commit() {
  return command_output(std::string("git -C '") + LILUCB_SOURCE_DIR + "' rev-parse HEAD 2>/dev/null");
}

// The commit the binary was built from, and whether the tree had uncommitted changes then; the
// tree's HEAD at run time too when it has moved on since the build.
nlohmann::json git_json() {
  nlohmann::json g;
  const std::string commit = build_commit();
  g["commit"] = commit.empty() ? nlohmann::json(nullptr) : nlohmann::json(commit);
  if (!commit.empty()) g["dirty"] = build_tree_dirty();
  const std::string head = source_commit();
  if (!head.empty() && head != commit) g["head_at_run"] = head;
  return g;
}

}  // namespace lilucb::experiments
