#include "lilucb/resources.hpp"

#include "lilucb/errors.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include <fcntl.h>
#include <unistd.h>

namespace lilucb {

namespace {

// A small file's text (at most 64 KiB: /proc and cgroup files of a line or a few dozen), read with
// one open and a few reads (no stream: a study checks memory at every open); nullopt when it
// cannot be opened.
std::optional<std::string> small_file(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return std::nullopt;
  std::string text;
  char buf[4096];
  for (ssize_t n; text.size() < 65536 && (n = ::read(fd, buf, sizeof buf)) > 0;) text.append(buf, static_cast<std::size_t>(n));
  ::close(fd);
  return text;
}

// The number at the start of `text` after blanks (as `stream >> double` reads it); nullopt for
// none.
std::optional<double> leading_number(std::string_view text) {
  const std::string s(text.substr(0, 64));
  const char* begin = s.c_str();
  char* end = nullptr;
  const double x = std::strtod(begin, &end);
  if (end == begin) return std::nullopt;
  return x;
}

// A number of bytes read from a one-line cgroup file; nullopt for "max", a missing file or text.
std::optional<double> cgroup_bytes(const std::string& path) {
  const auto text = small_file(path);
  if (!text) return std::nullopt;
  const auto x = leading_number(*text);
  if (x && *x >= 0) return x;
  return std::nullopt;
}

}  // namespace

std::optional<double> available_memory_bytes() {
  std::optional<double> have;
  if (const auto info = small_file("/proc/meminfo")) {
    constexpr std::string_view key = "MemAvailable:";
    for (std::size_t at = 0; at < info->size();) {
      const std::size_t eol = std::min(info->find('\n', at), info->size());
      const std::string_view line(info->data() + at, eol - at);
      if (line.substr(0, key.size()) == key) {
        if (const auto kb = leading_number(line.substr(key.size())); kb && *kb > 0) have = *kb * 1024.0;
        break;
      }
      at = eol + 1;
    }
  }
  // This process's memory cgroup: v2 ("0::/path" in /proc/self/cgroup; memory.max and
  // memory.current) or v1 ("N:memory:/path"; memory.limit_in_bytes and memory.usage_in_bytes,
  // where "no limit" reads as about 2^63).
  std::optional<double> limit, used;
  const std::string self = small_file("/proc/self/cgroup").value_or("");
  for (std::size_t at = 0; at < self.size();) {
    const std::size_t eol = std::min(self.find('\n', at), self.size());
    const std::string line = self.substr(at, eol - at);
    at = eol + 1;
    if (line.rfind("0::", 0) == 0) {
      const std::string group = line.substr(3), dir = "/sys/fs/cgroup" + (group == "/" ? std::string() : group);
      if (auto l = cgroup_bytes(dir + "/memory.max")) {
        limit = l;
        used = cgroup_bytes(dir + "/memory.current");
      }
    } else if (const auto c = line.find(":memory:"); c != std::string::npos) {
      const std::string dir = "/sys/fs/cgroup/memory" + line.substr(c + 8);
      if (auto l = cgroup_bytes(dir + "/memory.limit_in_bytes"); l && *l < 0x1p62) {
        limit = l;
        used = cgroup_bytes(dir + "/memory.usage_in_bytes");
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
