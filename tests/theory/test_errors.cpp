// errors.hpp: lilucb::domain_error and the argument checks every public function uses
// (check_finite, check_open_interval, check_half_open_interval, check_positive,
// check_at_least): what they accept, what they reject, and what the error reports (function,
// parameter, the offending value so that it reads back exactly, the admissible range).
#include <boost/test/unit_test.hpp>
#include <rapidcheck/boost_test.h>

#include "domain_table.hpp"

#include "lilucb/errors.hpp"

#include <boost/multiprecision/cpp_bin_float.hpp>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <string>

// Every case of this file is in the suite errors (one executable holds the directory's files).
BOOST_AUTO_TEST_SUITE(errors)

using mp50 = boost::multiprecision::cpp_bin_float_50;
using namespace lilucb_test;

namespace {

// Runs f, which must throw lilucb::domain_error; returns it (or a blank one after a failure).
lilucb::domain_error caught(const std::function<void()>& f) {
  try {
    f();
  } catch (const lilucb::domain_error& e) {
    return e;
  }
  BOOST_ERROR("no lilucb::domain_error thrown");
  return lilucb::domain_error("", "", "", "");
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

}  // namespace

BOOST_AUTO_TEST_SUITE(domain_error_type)

BOOST_AUTO_TEST_CASE(fields_and_message) {
  const lilucb::domain_error e("lilucb::f", "eps", "1.5", "(0, 1)");
  BOOST_TEST(e.function() == "lilucb::f");
  BOOST_TEST(e.parameter() == "eps");
  BOOST_TEST(e.value() == "1.5");
  BOOST_TEST(e.admissible() == "(0, 1)");
  const std::string what = e.what();
  BOOST_TEST(what.rfind("lilucb::f: ", 0) == 0u);
  BOOST_TEST(contains(what, "eps = 1.5"));
  BOOST_TEST(contains(what, "(0, 1)"));
  // It is a std::domain_error, catchable as such.
  BOOST_CHECK_THROW(throw lilucb::domain_error("f", "x", "0", "(0, 1)"), std::domain_error);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(checks)

BOOST_AUTO_TEST_CASE(check_finite) {
  for (double x : {0.0, -0.0, 1.0, -kMax, kMax, kTiny})
    BOOST_CHECK_NO_THROW(lilucb::check_finite("fn", "x", x));
  for (double x : {kNaN, kInf, -kInf}) {
    const auto e = caught([x] { lilucb::check_finite("fn", "x", x); });
    BOOST_TEST(e.function() == "fn");
    BOOST_TEST(e.parameter() == "x");
    BOOST_TEST(e.value() == (std::isnan(x) ? "nan" : x > 0 ? "inf" : "-inf"));
  }
}

BOOST_AUTO_TEST_CASE(check_open_interval) {
  auto check = [](double x) { lilucb::check_open_interval("fn", "delta", x, 0.0, 0.25, "(0, c)"); };
  for (double x : {kTiny, 0.1, down(0.25)}) BOOST_CHECK_NO_THROW(check(x));
  for (double x : {0.0, -0.0, 0.25, up(0.25), -kTiny, kNaN, kInf, -kInf}) {
    BOOST_TEST_CONTEXT("x=" << x) {
      const auto e = caught([&] { check(x); });
      BOOST_TEST(e.parameter() == "delta");
      // The symbolic range, then its numeric ends.
      BOOST_TEST(e.admissible() == "(0, c) = (0, 0.25)");
    }
  }
  // Without a symbolic range, the numeric one alone, ends with 6 significant digits.
  const auto e = caught([] { lilucb::check_open_interval("fn", "p", 2.0, 0.0, 1.0 / 3); });
  BOOST_TEST(e.admissible() == "(0, 0.333333)");
}

BOOST_AUTO_TEST_CASE(check_half_open_interval) {
  auto check = [](double x) { lilucb::check_half_open_interval("fn", "eps", x, 0.0, 1.0); };
  for (double x : {0.0, -0.0, kTiny, 0.5, down(1.0)}) BOOST_CHECK_NO_THROW(check(x));
  for (double x : {-kTiny, 1.0, up(1.0), kNaN, kInf, -kInf}) {
    BOOST_TEST_CONTEXT("x=" << x) {
      const auto e = caught([&] { check(x); });
      BOOST_TEST(e.parameter() == "eps");
      BOOST_TEST(e.admissible() == "[0, 1)");
    }
  }
}

BOOST_AUTO_TEST_CASE(check_positive) {
  for (double x : {kTiny, 1.0, kMax}) BOOST_CHECK_NO_THROW(lilucb::check_positive("fn", "sigma", x));
  for (double x : {0.0, -0.0, -kTiny, -1.0, kNaN, kInf, -kInf}) {
    BOOST_TEST_CONTEXT("x=" << x) {
      const auto e = caught([x] { lilucb::check_positive("fn", "sigma", x); });
      BOOST_TEST(e.parameter() == "sigma");
      BOOST_TEST(e.admissible() == "(0, inf)");
    }
  }
}

BOOST_AUTO_TEST_CASE(check_at_least) {
  for (double x : {1.0, up(1.0), kMax}) BOOST_CHECK_NO_THROW(lilucb::check_at_least("fn", "t", x, 1.0));
  for (double x : {down(1.0), 0.0, -kMax, kNaN, kInf, -kInf}) {
    BOOST_TEST_CONTEXT("x=" << x) {
      const auto e = caught([x] { lilucb::check_at_least("fn", "t", x, 1.0); });
      BOOST_TEST(e.parameter() == "t");
      BOOST_TEST(e.admissible() == "[1, inf)");
    }
  }
}

// The reported value reads back as exactly the offending double, for any double.
RC_BOOST_PROP(reported_value_reads_back, ()) {
  const std::uint64_t bits = *rc::gen::resize(rc::kNominalSize, rc::gen::arbitrary<std::uint64_t>());
  const double x = std::bit_cast<double>(bits);
  RC_PRE(std::isfinite(x));
  try {
    lilucb::check_open_interval("fn", "x", x, 1.0, 1.0);  // empty interval: always throws
    RC_FAIL("no exception");
  } catch (const lilucb::domain_error& e) {
    const double back = std::strtod(e.value().c_str(), nullptr);
    RC_ASSERT(std::bit_cast<std::uint64_t>(back) == bits);
    RC_ASSERT(contains(e.what(), "x = " + e.value()));
  }
}

BOOST_AUTO_TEST_CASE(multiprecision_value_reads_back) {
  const mp50 x = mp50(1) / 3;
  const auto e = caught([&] { lilucb::check_open_interval("fn", "x", x, mp50(0), mp50(0.25)); });
  BOOST_TEST(mp50(e.value()) == x);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE_END()  // errors
