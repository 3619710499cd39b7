#include "cli_support.hpp"

#include "lilucb/errors.hpp"

#include <algorithm>
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
  // Decimal digits, or decimal scientific notation whose value is a whole number ("1e5",
  // "2.5e3"): the digits are shifted exactly (no rounding through a double), so "1e19" is
  // 10^19 and "1.5" or "1e-3" are refused.  No sign, no hexadecimal, no spaces.
  const auto refuse = [&](const char* why) {
    return lilucb::domain_error("lilucb", option, "'" + text + "' (" + why + ")", admissible);
  };
  const std::size_t e = text.find_first_of("eE");
  const std::string mantissa = text.substr(0, e);
  const std::size_t point = mantissa.find('.');
  std::string digits = mantissa.substr(0, point);
  std::string fraction = point == std::string::npos ? "" : mantissa.substr(point + 1);
  const auto all_digits = [](const std::string& t) { return t.find_first_not_of("0123456789") == std::string::npos; };
  if ((digits.empty() && fraction.empty()) || !all_digits(digits) || !all_digits(fraction))
    throw refuse("not a whole number");
  long long shift = 0;  // the value is (digits fraction) x 10^(shift - |fraction|)
  if (e != std::string::npos) {
    std::string exponent = text.substr(e + 1);
    const bool negative = !exponent.empty() && exponent[0] == '-';
    if (!exponent.empty() && (exponent[0] == '+' || exponent[0] == '-')) exponent.erase(0, 1);
    if (exponent.empty() || !all_digits(exponent)) throw refuse("not a whole number");
    exponent.erase(0, std::min(exponent.find_first_not_of('0'), exponent.size()));
    if (exponent.size() > 4) {  // |exponent| >= 10^4: overflows, or is a fraction unless the mantissa is 0
      if ((digits + fraction).find_first_not_of('0') == std::string::npos) return 0;
      throw refuse(negative ? "not a whole number" : "exceeds 2^64 - 1");
    }
    shift = exponent.empty() ? 0 : std::stoll(exponent);
    if (negative) shift = -shift;
  }
  std::string whole = digits + fraction;
  const long long scale = shift - static_cast<long long>(fraction.size());
  if (scale >= 0) {
    if (whole.find_first_not_of('0') != std::string::npos) whole.append(static_cast<std::size_t>(scale), '0');
  } else {
    const std::size_t drop = static_cast<std::size_t>(-scale);
    const std::size_t keep = drop >= whole.size() ? 0 : whole.size() - drop;
    if (whole.find_first_not_of('0', keep) != std::string::npos) throw refuse("not a whole number");
    whole.resize(keep);
  }
  whole.erase(0, std::min(whole.find_first_not_of('0'), whole.size()));
  if (whole.empty()) return 0;
  errno = 0;
  const unsigned long long v = whole.size() > 20 ? 0 : std::strtoull(whole.c_str(), nullptr, 10);
  if (whole.size() > 20 || errno == ERANGE) throw refuse("exceeds 2^64 - 1");
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
