#pragma once
// Private helpers shared by the adversarial check's files (error_rate.cpp, adversarial_search.cpp,
// adversarial.cpp): number formatting for the rows and the common argument checks.

#include "lilucb/errors.hpp"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace lilucb::verification::detail {

inline std::string fmt(double x, int digits = 4) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*g", digits, x);
  return buf;
}

/// The shortest decimal that reads back as x (round trip), for reporting configurations.
inline std::string exact(double x) {
  for (int digits = 6; digits < 17; ++digits) {
    const std::string t = fmt(x, digits);
    if (std::strtod(t.c_str(), nullptr) == x) return t;
  }
  return fmt(x, 17);
}

inline void check_alpha(const char* fn, double alpha) {
  if (!(alpha > 0 && alpha < 1))
    lilucb::detail::raise_domain_error(fn, "alpha", lilucb::detail::format_value(alpha), "(0, 1)");
}

inline void check_nu(const char* fn, const char* name, double nu) {
  if (!(nu > 0 && nu < 1)) lilucb::detail::raise_domain_error(fn, name, lilucb::detail::format_value(nu), "(0, 1)");
}

/// Screening streams of candidate c start at kScreenBase + c * kScreenStride.
inline constexpr std::uint64_t kScreenBase = std::uint64_t{1} << 40;
inline constexpr std::uint64_t kScreenStride = std::uint64_t{1} << 20;
/// Random restarts and moves draw from run_engine(seed, kMoveBase + i).
inline constexpr std::uint64_t kMoveBase = std::uint64_t{1} << 62;
/// Candidates are bounded so that screening streams stay below kMoveBase.
inline constexpr std::uint64_t kMaxCandidates = std::uint64_t{1} << 21;

}  // namespace lilucb::verification::detail
