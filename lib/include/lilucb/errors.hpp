#pragma once
// The library's error type and its argument checks.
//
// Every public function checks its arguments with the helpers below (real code, never
// `assert`), in the style of Stan Math's check_positive(function, name, value): an
// invalid argument throws lilucb::domain_error, which names the function, the
// parameter, the offending value and the admissible range.  An algorithm's outcome
// (stopped, budget exhausted, a vacuous guarantee) is a value, not an exception.

#include <charconv>
#include <cmath>
#include <iomanip>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>

namespace lilucb {

/// Thrown for an argument outside its admissible range (NaN and infinities included).
class domain_error : public std::domain_error {
 public:
  domain_error(std::string function, std::string parameter, std::string value,
               std::string admissible);

  const std::string& function() const noexcept { return function_; }
  const std::string& parameter() const noexcept { return parameter_; }
  const std::string& value() const noexcept { return value_; }
  const std::string& admissible() const noexcept { return admissible_; }

 private:
  std::string function_;
  std::string parameter_;
  std::string value_;
  std::string admissible_;
};

/// Thrown when a file or folder cannot be read or written (a full disk, a read-only file, a
/// path that is a file where a folder is needed...).  Not an invalid argument: the CLI reports it
/// with its own exit status (3).  The message names the path and the reason on one line.
class io_error : public std::runtime_error {
 public:
  io_error(std::string function, std::string path, std::string reason);

  const std::string& path() const noexcept { return path_; }
  const std::string& reason() const noexcept { return reason_; }

 private:
  std::string path_;
  std::string reason_;
};

namespace detail {

/// Classification of a real number: std::isfinite, std::isnan, std::isinf for the built-in types,
/// and the functions of the same name found next to a class type (argument-dependent lookup:
/// Boost.Multiprecision's numbers declare them in boost::multiprecision).  The same answers as
/// boost::math::isfinite, isnan, isinf, without their headers.
template <class Real>
bool is_finite(const Real& x) {
  using std::isfinite;
  return isfinite(x);
}
template <class Real>
bool is_nan(const Real& x) {
  using std::isnan;
  return isnan(x);
}
template <class Real>
bool is_inf(const Real& x) {
  using std::isinf;
  return isinf(x);
}

/// Shortest text that reads back as the same value: std::to_chars for built-in floating
/// types, max_digits10 significant digits otherwise (multiprecision types).
template <class Real>
std::string format_value(const Real& x) {
  if (detail::is_nan(x)) return "nan";
  if (detail::is_inf(x)) return x > 0 ? "inf" : "-inf";
  if constexpr (std::is_floating_point_v<Real>) {
    char buf[64];
    const auto r = std::to_chars(buf, buf + sizeof buf, x);
    return std::string(buf, r.ptr);
  } else {
    std::ostringstream out;
    out << std::setprecision(std::numeric_limits<Real>::max_digits10) << x;
    return out.str();
  }
}

/// A number for an error message's range text: 6 significant digits are plenty there.
template <class Real>
std::string format_bound(const Real& x) {
  if (detail::is_inf(x)) return x > 0 ? "inf" : "-inf";
  std::ostringstream out;
  out << std::setprecision(6) << x;
  return out.str();
}

/// 'text' in single quotes (so an empty value stays visible in a message).
std::string quoted(std::string_view text);

/// "range = (lo, hi)" (or just "(lo, hi)" without a symbolic range).
std::string interval_text(const char* range, const char* open, const std::string& lo,
                          const std::string& hi, const char* close);

[[noreturn]] void raise_domain_error(const char* function, const char* parameter,
                                     const std::string& value, const std::string& admissible);

}  // namespace detail

/// Throws unless x is finite.
template <class Real>
void check_finite(const char* function, const char* name, const Real& x) {
  if (!detail::is_finite(x))
    detail::raise_domain_error(function, name, detail::format_value(x), "a finite real number");
}

/// Throws unless lo < x < hi.  `range` spells the interval symbolically, e.g. "(0, log(1+eps)/e)";
/// the numeric ends are appended.
template <class Real>
void check_open_interval(const char* function, const char* name, const Real& x, const Real& lo,
                         const Real& hi, const char* range = nullptr) {
  if (!(lo < x && x < hi)) {
    detail::raise_domain_error(function, name, detail::format_value(x),
                               detail::interval_text(range, "(", detail::format_bound(lo),
                                                     detail::format_bound(hi), ")"));
  }
}

/// Throws unless lo <= x < hi.
template <class Real>
void check_half_open_interval(const char* function, const char* name, const Real& x,
                              const Real& lo, const Real& hi, const char* range = nullptr) {
  if (!(lo <= x && x < hi)) {
    detail::raise_domain_error(function, name, detail::format_value(x),
                               detail::interval_text(range, "[", detail::format_bound(lo),
                                                     detail::format_bound(hi), ")"));
  }
}

/// Throws unless x is finite and x > 0.
template <class Real>
void check_positive(const char* function, const char* name, const Real& x) {
  if (!(x > 0 && detail::is_finite(x)))
    detail::raise_domain_error(function, name, detail::format_value(x), "(0, inf)");
}

/// Throws unless x is finite and x >= lo.
template <class Real>
void check_at_least(const char* function, const char* name, const Real& x, const Real& lo) {
  if (!(x >= lo && detail::is_finite(x))) {
    // Appended in place: "literal" + std::string&& trips GCC 12's -Wrestrict (a false positive).
    std::string range = "[";
    range += detail::format_bound(lo);
    range += ", inf)";
    detail::raise_domain_error(function, name, detail::format_value(x), range);
  }
}

}  // namespace lilucb
