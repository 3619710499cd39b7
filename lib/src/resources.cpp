#include "lilucb/resources.hpp"

#include "lilucb/errors.hpp"
#include "lilucb/io/safe_file.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string_view>


namespace lilucb {

namespace {

// A /proc or cgroup file's text (a line or a few dozen; at most 64 KiB); nullopt when it cannot
// be read.
std::optional<std::string> small_file(const std::string& path) { return io::read_file_if_readable(path, 65536); }

// Calls f(line) for each line of `text` (without its newline) until f returns true.
template <class F>
void find_line(std::string_view text, F f) {
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t eol = std::min(text.find('\n', at), text.size());
    if (f(text.substr(at, eol - at))) return;
    at = eol + 1;
  }
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
    find_line(*info, [&](std::string_view line) {
      if (line.substr(0, key.size()) != key) return false;
      if (const auto kb = leading_number(line.substr(key.size())); kb && *kb > 0) have = *kb * 1024.0;
      return true;
    });
  }
  // This process's memory cgroup: v2 ("0::/path" in /proc/self/cgroup; memory.max and
  // memory.current) or v1 ("N:memory:/path"; memory.limit_in_bytes and memory.usage_in_bytes,
  // where "no limit" reads as about 2^63).
  std::optional<double> limit, used;
  find_line(small_file("/proc/self/cgroup").value_or(""), [&](std::string_view line) {
    if (line.substr(0, 3) == "0::") {
      const std::string group(line.substr(3)), dir = "/sys/fs/cgroup" + (group == "/" ? std::string() : group);
      if (auto l = cgroup_bytes(dir + "/memory.max")) {
        limit = l;
        used = cgroup_bytes(dir + "/memory.current");
      }
    } else if (const auto c = line.find(":memory:"); c != std::string_view::npos) {
      const std::string dir = "/sys/fs/cgroup/memory" + std::string(line.substr(c + 8));
      if (auto l = cgroup_bytes(dir + "/memory.limit_in_bytes"); l && *l < 0x1p62) {
        limit = l;
        used = cgroup_bytes(dir + "/memory.usage_in_bytes");
      }
    }
    return false;
  });
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
