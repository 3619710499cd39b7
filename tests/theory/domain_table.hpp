#pragma once
// Valid / invalid argument tables in the style of Stan Math's valid_values() /
// invalid_values(): a function of N real parameters, one valid base point, a list of
// (parameter, value) replacements that must each throw lilucb::domain_error naming that
// parameter, and a list of valid points (the edges just inside each range) that must not
// throw and must return a finite value.
//
// NaN, +inf and -inf are added for every parameter automatically.

#include "lilucb/errors.hpp"
#include "lilucb/theory/parameters.hpp"

#include <boost/test/unit_test.hpp>

#include <array>
#include <cmath>
#include <cstddef>
#include <limits>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace lilucb_test {

inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
inline constexpr double kInf = std::numeric_limits<double>::infinity();
inline constexpr double kMax = std::numeric_limits<double>::max();
inline constexpr double kTiny = std::numeric_limits<double>::denorm_min();

/// The next double above / below x.
inline double up(double x) { return std::nextafter(x, kInf); }
inline double down(double x) { return std::nextafter(x, -kInf); }

/// Whether a result is finite: a real, an optional (nullopt, "vacuous"/"infeasible", is a
/// value, not a failure), or a whole parameter setting.
inline bool finite_result(double x) { return std::isfinite(x); }
inline bool finite_result(const std::optional<double>& x) { return !x || std::isfinite(*x); }
inline bool finite_result(std::size_t) { return true; }
inline bool finite_result(const std::vector<double>& v) {
  for (double x : v)
    if (!std::isfinite(x)) return false;
  return true;
}
inline bool finite_result(const lilucb::lilucb_setting<double>& s) {
  return std::isfinite(s.nu) && std::isfinite(s.eps) && std::isfinite(s.beta) &&
         std::isfinite(s.a) && std::isfinite(s.delta) && std::isfinite(s.theorem.delta_max) &&
         finite_result(s.theorem.a_min) && finite_result(s.theorem.failure_bound);
}
inline bool finite_result(const lilucb::certified_result<double>& r) {
  return finite_result(r.setting);
}

/// A predicate for BOOST_CHECK_EXCEPTION: the error names `function` (when not empty) and
/// `parameter`, and its message says "parameter = ".
struct names_parameter {
  std::string function;
  std::string parameter;
  bool operator()(const lilucb::domain_error& e) const {
    const std::string what = e.what();
    bool ok = true;
    if (e.parameter() != parameter) {
      BOOST_TEST_MESSAGE("parameter() is '" << e.parameter() << "', expected '" << parameter << "'");
      ok = false;
    }
    if (what.find(parameter + " = ") == std::string::npos) {
      BOOST_TEST_MESSAGE("message '" << what << "' does not name " << parameter);
      ok = false;
    }
    if (!function.empty() && e.function() != function) {
      BOOST_TEST_MESSAGE("function() is '" << e.function() << "', expected '" << function << "'");
      ok = false;
    }
    if (!function.empty() && what.rfind(function + ": ", 0) != 0) {
      BOOST_TEST_MESSAGE("message '" << what << "' does not start with " << function);
      ok = false;
    }
    return ok;
  }
};

template <std::size_t N>
std::string show(const std::array<double, N>& a) {
  std::ostringstream out;
  out.precision(17);
  out << '(';
  for (std::size_t i = 0; i < N; ++i) out << (i ? ", " : "") << a[i];
  out << ')';
  return out.str();
}

/// One invalid replacement: parameter index and value.
struct invalid_value {
  std::size_t index;
  double value;
};

template <std::size_t N>
struct domain_table {
  std::string function;                  ///< e.g. "lilucb::lil_bound"
  std::array<std::string, N> names;      ///< parameter names, as the error reports them
  std::array<double, N> base;            ///< a valid point
  std::vector<invalid_value> invalid;    ///< each must throw naming names[index]
  std::vector<std::array<double, N>> valid;  ///< each must not throw and be finite
};

/// Runs the table against `call`, a callable taking std::array<double, N>.
template <std::size_t N, class F>
void check_domain_table(const domain_table<N>& table, F call) {
  std::vector<invalid_value> invalid;
  for (std::size_t i = 0; i < N; ++i)
    for (double v : {kNaN, kInf, -kInf}) invalid.push_back({i, v});
  invalid.insert(invalid.end(), table.invalid.begin(), table.invalid.end());

  BOOST_TEST_CONTEXT(table.function << " base point " << show(table.base)) {
    BOOST_CHECK_NO_THROW(call(table.base));
  }
  for (const auto& iv : invalid) {
    auto args = table.base;
    args[iv.index] = iv.value;
    BOOST_TEST_CONTEXT(table.function << show(args) << ": " << table.names[iv.index] << " = "
                                      << iv.value << " is invalid") {
      BOOST_CHECK_EXCEPTION(call(args), lilucb::domain_error,
                            (names_parameter{table.function, table.names[iv.index]}));
    }
  }
  for (const auto& args : table.valid) {
    BOOST_TEST_CONTEXT(table.function << show(args) << " is valid") {
      bool finite = false;
      BOOST_CHECK_NO_THROW(finite = finite_result(call(args)));
      BOOST_TEST(finite);
    }
  }
}

}  // namespace lilucb_test
