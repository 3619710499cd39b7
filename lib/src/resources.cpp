#include "lilucb/resources.hpp"

#include "lilucb/errors.hpp"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <limits>

namespace lilucb {

namespace {

// A number of bytes read from a one-line cgroup file; nullopt for "max", a missing file or text.
std::optional<double> cgroup_bytes(const char* path) {
  std::ifstream in(path);
  double x = 0;
  if (in >> x && x >= 0) return x;
  return std::nullopt;
}

}  // namespace

std::optional<double> available_memory_bytes() {
  std::optional<double> have;
  std::ifstream info("/proc/meminfo");
  for (std::string key; info >> key;) {
    if (key == "MemAvailable:") {
      double kb = 0;
      if (info >> kb && kb > 0) have = kb * 1024.0;
      break;
    }
    info.ignore(std::numeric_limits<std::streamsize>::max(), '\n');
  }
  // This process's memory cgroup: v2 ("0::/path" in /proc/self/cgroup; memory.max and
  // memory.current) or v1 ("N:memory:/path"; memory.limit_in_bytes and memory.usage_in_bytes,
  // where "no limit" reads as about 2^63).
  std::optional<double> limit, used;
  std::ifstream self("/proc/self/cgroup");
  for (std::string line; std::getline(self, line);) {
    if (line.rfind("0::", 0) == 0) {
      const std::string group = line.substr(3), dir = "/sys/fs/cgroup" + (group == "/" ? std::string() : group);
      if (auto l = cgroup_bytes((dir + "/memory.max").c_str())) {
        limit = l;
        used = cgroup_bytes((dir + "/memory.current").c_str());
      }
    } else if (const auto at = line.find(":memory:"); at != std::string::npos) {
      const std::string dir = "/sys/fs/cgroup/memory" + line.substr(at + 8);
      if (auto l = cgroup_bytes((dir + "/memory.limit_in_bytes").c_str()); l && *l < 0x1p62) {
        limit = l;
        used = cgroup_bytes((dir + "/memory.usage_in_bytes").c_str());
      }
    }
  }
  if (limit && used) {
    const double room = *limit > *used ? *limit - *used : 0.0;
    have = have ? std::min(*have, room) : room;
  }
  return have;
}

double run_memory_bytes(double arms) { return 64.0 * 1024 * 1024 + 256.0 * arms; }

bool fits_with_one_run(double parallel, double rest, double one_run, double available) {
  return parallel > 1 && rest + one_run <= available;
}

void check_memory(const std::string& function, const std::string& parameter, const std::string& value,
                  double bytes, const std::string& what) {
  const std::optional<double> have = available_memory_bytes();
  if (!have || bytes <= *have) return;
  char text[256];
  std::snprintf(text, sizeof text, "at most what fits in memory: %s need about %.3g GB, %.3g GB available",
                what.c_str(), bytes / 1e9, *have / 1e9);
  throw domain_error(function, parameter, value, text);
}

}  // namespace lilucb
