#pragma once
// The problem instances of Section 5, and means read from text.
//
//   sparse(n, gap)   n arms, mu_1 = gap, all others 0.  The text says mu_1 = 1/4, the figure
//                    captions 1/2 (which matches the stated H1 = 4n); default 1/2
//                    (docs/findings.md, F7).  Here arm 0 is the best arm.
//   alpha(n, alpha)  n + 1 arms, mu_0 = 1, mu_i = 1 - (i/n)^alpha, i = 1..n (alpha = 0.3, 0.6 in
//                    the paper).

#include "lilucb/errors.hpp"

#include <cmath>
#include <cstdlib>
#include <cstddef>
#include <cstdint>
#include <istream>
#include <string>
#include <vector>

namespace lilucb::bandit {

/// Domain: n >= 1, gap finite and > 0.
inline std::vector<double> sparse_means(std::uint64_t n, double gap = 0.5) {
  constexpr const char* fn = "lilucb::bandit::sparse_means";
  if (n < 1 || n > (std::uint64_t(1) << 32))
    lilucb::detail::raise_domain_error(fn, "n", std::to_string(n), "[1, 2^32]");
  check_positive(fn, "gap", gap);
  std::vector<double> m(n, 0.0);
  m[0] = gap;
  return m;
}

/// Domain: n >= 1, alpha finite and > 0.
inline std::vector<double> alpha_means(std::uint64_t n, double alpha) {
  constexpr const char* fn = "lilucb::bandit::alpha_means";
  if (n < 1 || n >= (std::uint64_t(1) << 32))
    lilucb::detail::raise_domain_error(fn, "n", std::to_string(n), "[1, 2^32)");
  check_positive(fn, "alpha", alpha);
  std::vector<double> m(n + 1);
  m[0] = 1.0;
  for (std::uint64_t i = 1; i <= n; ++i)
    m[i] = 1.0 - std::pow(static_cast<double>(i) / static_cast<double>(n), alpha);
  return m;
}

/// The largest means file read_means accepts (bytes), and the longest line in it.  A file of
/// 10^7 arms at ~25 bytes a line is ~250 MB; anything larger is refused before it is read whole
/// (`--means-file /dev/zero` read a gigabyte before failing).
inline constexpr std::uint64_t max_means_bytes = std::uint64_t{1} << 30;
inline constexpr std::size_t max_means_line = 4096;

/// Means from text, one per line (blank lines and lines starting with '#' are skipped).
/// Throws lilucb::domain_error naming the line for anything that is not one finite number, for
/// a line longer than max_means_line bytes, for input beyond max_means_bytes, and for input with
/// no mean at all.  Reading stops at the first invalid line.  `source` names the input in messages
/// (e.g. the file name); the offending text is shown with unprintable bytes escaped.
inline std::vector<double> read_means(std::istream& in, const std::string& source) {
  constexpr const char* fn = "lilucb::bandit::read_means";
  std::vector<double> means;
  std::string line;
  std::uint64_t total = 0;
  for (std::size_t number = 1;; ++number) {
    line.clear();
    bool eof = true, newline = false;
    for (int c; (c = in.get()) != std::char_traits<char>::eof();) {
      eof = false;
      if (c == '\n') {
        newline = true;
        break;
      }
      line.push_back(static_cast<char>(c));
      if (line.size() > max_means_line) {
        const std::string where = source + ":" + std::to_string(number);
        std::string shown(1, '\'');  // appended, not "'" + string&& (a GCC 12 false -Wstringop-overflow)
        shown.append(line, 0, 32).append("...' (a longer line)");
        lilucb::detail::raise_domain_error(fn, where.c_str(), shown,
                                           "lines of at most " + std::to_string(max_means_line) + " bytes");
      }
    }
    if (eof && !newline) break;
    total += line.size() + 1;
    if (total > max_means_bytes)
      lilucb::detail::raise_domain_error(fn, source.c_str(), "(more than " + std::to_string(max_means_bytes) + " bytes)",
                                         "a means file of at most 1 GiB");
    const auto first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos || line[first] == '#') continue;
    const auto last = line.find_last_not_of(" \t\r");
    const std::string text = line.substr(first, last - first + 1);
    char* end = nullptr;
    const double x = std::strtod(text.c_str(), &end);
    const std::string where = source + ":" + std::to_string(number);
    // Decimal or scientific notation only (as the CLI's numbers): no hexadecimal floats.
    if (end != text.c_str() + text.size() || text.empty() || text.find_first_of("xX") != std::string::npos)
      lilucb::detail::raise_domain_error(fn, where.c_str(), "'" + text + "'", "one finite real number per line");
    if (!std::isfinite(x)) lilucb::detail::raise_domain_error(fn, where.c_str(), text, "a finite real number");
    means.push_back(x);
  }
  if (means.empty()) lilucb::detail::raise_domain_error(fn, source.c_str(), "(no means)", "at least one mean");
  return means;
}

}  // namespace lilucb::bandit
