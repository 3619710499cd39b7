#include "lilucb/resources.hpp"

#include "lilucb/errors.hpp"

#include <cstdio>
#include <fstream>
#include <limits>

namespace lilucb {

std::optional<double> available_memory_bytes() {
  std::ifstream info("/proc/meminfo");
  for (std::string key; info >> key;) {
    if (key == "MemAvailable:") {
      double kb = 0;
      if (info >> kb && kb > 0) return kb * 1024.0;
      return std::nullopt;
    }
    info.ignore(std::numeric_limits<std::streamsize>::max(), '\n');
  }
  return std::nullopt;
}

double run_memory_bytes(double arms) { return 64.0 * 1024 * 1024 + 256.0 * arms; }

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
