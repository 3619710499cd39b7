#include "cli_support.hpp"

#include "lilucb/errors.hpp"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <limits>

namespace lilucb::cli {

double parse_real(const std::string& option, const std::string& text, const std::string& admissible) {
  // Decimal or scientific notation, or the words nan/inf/infinity (left to the library's domain
  // checks); hexadecimal floats are refused.  Underflow to a denormal or 0 is accepted (it is a
  // real number the library can judge); overflow is refused here, naming the text typed.
  const char* begin = text.c_str();
  char* end = nullptr;
  errno = 0;
  const double x = std::strtod(begin, &end);
  const bool overflow = errno == ERANGE && std::fabs(x) == HUGE_VAL;
  const bool whole = !text.empty() && end == begin + text.size() &&
                     text.find_first_of(" \t\n") == std::string::npos &&
                     text.find_first_of("xX") == std::string::npos;
  if (!whole)
    throw lilucb::domain_error("lilucb", option, "'" + text + "' (not a real number)", admissible);
  if (overflow)
    throw lilucb::domain_error("lilucb", option, "'" + text + "' (overflows a double)", admissible);
  return x;
}

std::uint64_t parse_count(const std::string& option, const std::string& text, const std::string& admissible) {
  const bool digits = !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
  errno = 0;
  char* end = nullptr;
  const unsigned long long v = digits ? std::strtoull(text.c_str(), &end, 10) : 0;
  if (!digits || errno == ERANGE)
    throw lilucb::domain_error("lilucb", option, "'" + text + "' (not a whole number)", admissible);
  return v;
}

std::vector<double> parse_real_list(const std::string& option, const std::string& text) {
  std::vector<double> out;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = text.find(',', start);
    const std::string item = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    const std::string name = option + "[" + std::to_string(out.size()) + "]";
    const double x = parse_real(name, item, "a finite real number");
    if (!std::isfinite(x)) throw lilucb::domain_error("lilucb", name, item, "a finite real number");
    out.push_back(x);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return out;
}

void reject_empty(const char* command, const CLI::Option* option) {
  if (option && option->count() > 0 && option->as<std::string>().empty())
    throw lilucb::domain_error(command, option->get_name(), "''", "a non-empty value");
}

std::uint64_t run_memory_bytes(std::uint64_t arms) {
  constexpr std::uint64_t per_arm = 160, fixed = std::uint64_t{64} << 20;
  return arms > (UINT64_MAX - fixed) / per_arm ? UINT64_MAX : fixed + per_arm * arms;
}

void check_memory(const char* command, const char* option, std::uint64_t arms, std::uint64_t parallel) {
  std::ifstream info("/proc/meminfo");
  std::uint64_t available_kb = 0;
  for (std::string key; info >> key;) {
    if (key == "MemAvailable:") {
      info >> available_kb;
      break;
    }
    info.ignore(std::numeric_limits<std::streamsize>::max(), '\n');
  }
  if (available_kb == 0) return;
  const double need = static_cast<double>(run_memory_bytes(arms)) * static_cast<double>(parallel);
  const double have = static_cast<double>(available_kb) * 1024.0;
  if (need <= have) return;
  char text[160];
  std::snprintf(text, sizeof text, "at most what fits in memory: %llu arms x %llu parallel run(s) need about %.3g GB, %.3g GB available",
                static_cast<unsigned long long>(arms), static_cast<unsigned long long>(parallel), need / 1e9, have / 1e9);
  throw lilucb::domain_error(command, option, std::to_string(arms), text);
}

nlohmann::json json_or_null(const std::optional<double>& x) {
  return x ? nlohmann::json(*x) : nlohmann::json(nullptr);
}

std::string text_number(double x) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.10g", x);
  return buf;
}

void print_json(const nlohmann::json& j) { std::cout << j.dump(2) << '\n'; }

}  // namespace lilucb::cli
