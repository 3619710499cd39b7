// Fuzzes the means-file reader (lilucb::bandit::read_means).  Promises checked: it returns at
// least one mean and every mean is finite, or it throws lilucb::domain_error whose message is one
// printable line (unprintable bytes escaped); it never reads past max_means_bytes.
#include "fuzz_common.hpp"

#include "lilucb/bandit/scenarios.hpp"
#include "lilucb/errors.hpp"

#include <cstdint>
#include <sstream>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  try {
    const auto means = lilucb::bandit::read_means(in, "fuzz.txt");
    lilucb_fuzz::require(!means.empty(), "at least one mean");
    for (double m : means) lilucb_fuzz::require(std::isfinite(m), "finite means");
  } catch (const lilucb::domain_error& e) {
    for (const char* p = e.what(); *p; ++p) {
      const auto c = static_cast<unsigned char>(*p);
      lilucb_fuzz::require(c >= 0x20 && c != 0x7f, "an error message is one printable line");
    }
  }
  return 0;
}
