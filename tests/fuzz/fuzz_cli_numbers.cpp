// Fuzzes the CLI's number parsers (cli/cli_support.cpp).  Promises checked: parse_real either
// throws lilucb::domain_error or returns the value strtod reads from the whole text (NaN and
// infinities are passed on to the library's domain checks by design); parse_count returns a
// whole number or throws, and a count it returns from decimal digits is the number those digits
// spell, one from scientific notation is strtod's reading of the text when below 2^53; parse_real_list returns finite numbers only, one per comma-separated
// item; every error message is one printable line.
#include "cli_support.hpp"
#include "fuzz_common.hpp"

#include "lilucb/errors.hpp"

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>

namespace {

void check_message(const std::exception& e) {
  for (const char* p = e.what(); *p; ++p) {
    const auto c = static_cast<unsigned char>(*p);
    lilucb_fuzz::require(c != '\n' && c != '\r' && c >= 0x20 && c != 0x7f, "an error message is one printable line");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const int which = data[0] % 3;
  const std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
  try {
    if (which == 0) {
      const double x = lilucb::cli::parse_real("--x", text, "a real number");
      lilucb_fuzz::require(text.find('\0') == std::string::npos, "a text with a NUL byte is not a number");
      lilucb_fuzz::require(!std::isinf(x) || text.find_first_of("iI") != std::string::npos,
                           "an infinity only from the word inf (overflow is refused)");
    } else if (which == 1) {
      const auto v = lilucb::cli::parse_count("--n", text, "a whole number");
      lilucb_fuzz::require(!text.empty() && text.find_first_not_of("0123456789.eE+-") == std::string::npos,
                           "a count only from decimal digits, a point and an exponent");
      if (text.find_first_not_of("0123456789") == std::string::npos) {
        lilucb_fuzz::require(std::to_string(v).size() <= text.size(), "a count is not longer than its digits");
        lilucb_fuzz::require(std::strtoull(text.c_str(), nullptr, 10) == v, "a count is the number its digits spell");
      } else if (v < (std::uint64_t{1} << 53)) {
        lilucb_fuzz::require(std::strtod(text.c_str(), nullptr) == static_cast<double>(v),
                             "a count in scientific notation is the value of its text");
      }
    } else {
      const auto v = lilucb::cli::parse_real_list("--means", text);
      std::size_t commas = 0;
      for (char c : text) commas += c == ',';
      lilucb_fuzz::require(v.size() == commas + 1, "one number per comma-separated item");
      for (double x : v) lilucb_fuzz::require(std::isfinite(x), "a list of finite numbers");
    }
  } catch (const lilucb::domain_error& e) {
    check_message(e);
  }
  return 0;
}
