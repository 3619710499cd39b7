#pragma once
// The 50-digit instantiation used as a reference: the same templates in
// boost::multiprecision::cpp_bin_float_50, compared with the double results at the same
// (exactly representable) arguments; and its own check against the 45-digit strings of
// tests/reference/reference_values.hpp, which shows it really carries ~50 digits.

#include <boost/multiprecision/cpp_bin_float.hpp>
#include <boost/test/unit_test.hpp>

namespace lilucb_test {

using mp50 = boost::multiprecision::cpp_bin_float_50;

inline double to_double(const mp50& x) { return x.convert_to<double>(); }

/// BOOST_TESTs that x agrees with the decimal string `expected` to 1e-40 relative.
inline void check_50_digits(const mp50& x, const char* expected) {
  const mp50 e(expected);
  const mp50 err = abs(x - e) / abs(e);
  BOOST_TEST((err <= mp50("1e-40")), "50-digit value " << x.str(45) << " vs " << expected
                                                       << ": relative error " << err.str(3));
}

}  // namespace lilucb_test
