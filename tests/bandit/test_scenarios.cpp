// Section 5's instances and means read from text (scenarios.hpp).
//  - sparse_means(n, gap): n arms, mu_0 = gap (default 1/2), all others 0.
//  - alpha_means(n, alpha): n + 1 arms, mu_0 = 1, mu_i = 1 - (i/n)^alpha (50-digit reference).
//  - read_means: one finite number per line, '#' comments and blank lines skipped; junk, NaN,
//    infinities and input without a mean throw lilucb::domain_error whose message names the
//    source and the line.
//  - invalid n, gap, alpha throw lilucb::domain_error.

#include <boost/test/unit_test.hpp>

#include "bandit_support.hpp"

#include "lilucb/bandit/scenarios.hpp"
#include "lilucb/errors.hpp"

#include <boost/multiprecision/cpp_bin_float.hpp>

#include <cmath>
#include <limits>
#include <sstream>

// Every case of this file is in the suite scenarios (one executable holds the directory's files).
BOOST_AUTO_TEST_SUITE(scenarios)

namespace tt = boost::test_tools;
using namespace lilucb_test;
using mp50 = boost::multiprecision::cpp_bin_float_50;

namespace {

constexpr double nan_ = std::numeric_limits<double>::quiet_NaN();
constexpr double inf = std::numeric_limits<double>::infinity();

std::vector<double> read(const std::string& text, const std::string& source = "means.txt") {
  std::istringstream in(text);
  return bandit::read_means(in, source);
}

/// read_means(text) throws lilucb::domain_error whose message contains every string of `must`.
void expect_read_error(const std::string& text, const std::vector<std::string>& must) {
  BOOST_TEST_CONTEXT("input '" << text << "'") {
    try {
      read(text);
      BOOST_TEST(false, "no exception");
    } catch (const lilucb::domain_error& e) {
      const std::string what = e.what();
      for (const auto& s : must) BOOST_TEST(what.find(s) != std::string::npos, "message lacks '" << s << "': " << what);
      BOOST_TEST(what.find('\n') == std::string::npos);
    }
  }
}

}  // namespace

BOOST_AUTO_TEST_SUITE(sparse)

BOOST_AUTO_TEST_CASE(values) {
  for (std::uint64_t n : {1u, 2u, 10u, 1000u}) {
    const auto m = bandit::sparse_means(n);
    BOOST_TEST_REQUIRE(m.size() == n);
    BOOST_TEST(m[0] == 0.5);  // the captions' mu_1 = 1/2 (H1 = 4n)
    for (std::size_t i = 1; i < n; ++i) BOOST_TEST(m[i] == 0.0);
    const auto q = bandit::sparse_means(n, 0.25);  // the text's mu_1 = 1/4
    BOOST_TEST(q[0] == 0.25);
    for (std::size_t i = 1; i < n; ++i) BOOST_TEST(q[i] == 0.0);
  }
}

BOOST_AUTO_TEST_CASE(domain) {
  BOOST_CHECK_THROW(bandit::sparse_means(0), lilucb::domain_error);
  for (double gap : {0.0, -0.5, nan_, inf, -inf}) BOOST_CHECK_THROW(bandit::sparse_means(3, gap), lilucb::domain_error);
  try {
    bandit::sparse_means(0);
  } catch (const lilucb::domain_error& e) {
    BOOST_TEST(e.parameter() == "n");
    BOOST_TEST(e.value() == "0");
  }
  try {
    bandit::sparse_means(3, -1.0);
  } catch (const lilucb::domain_error& e) {
    BOOST_TEST(e.parameter() == "gap");
  }
  BOOST_CHECK_NO_THROW(bandit::sparse_means(1, 1e-300));
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(alpha)

BOOST_AUTO_TEST_CASE(values) {
  for (std::uint64_t n : {1u, 2u, 7u, 100u})
    for (double a : {0.3, 0.6, 1.0, 2.5}) {
      BOOST_TEST_CONTEXT("n=" << n << " alpha=" << a) {
        const auto m = bandit::alpha_means(n, a);
        BOOST_TEST_REQUIRE(m.size() == n + 1);  // n + 1 arms
        BOOST_TEST(m[0] == 1.0);                // mu_0 = 1
        BOOST_TEST(m[n] == 0.0);                // mu_n = 1 - 1^alpha
        for (std::uint64_t i = 1; i <= n; ++i) {
          const double ref = (1 - pow(mp50(i) / mp50(n), mp50(a))).convert_to<double>();
          BOOST_TEST(m[i] == ref, tt::tolerance(1e-14));
          BOOST_TEST(m[i] < m[i - 1]);  // strictly decreasing: arm 0 is the unique best
        }
      }
    }
  // alpha = 1: mu_i = 1 - i/n, e.g. n = 4: 1, 0.75, 0.5, 0.25, 0.
  const auto m = bandit::alpha_means(4, 1.0);
  BOOST_TEST(m == (std::vector<double>{1.0, 0.75, 0.5, 0.25, 0.0}), tt::per_element());
}

BOOST_AUTO_TEST_CASE(domain) {
  BOOST_CHECK_THROW(bandit::alpha_means(0, 0.3), lilucb::domain_error);
  for (double a : {0.0, -0.3, nan_, inf}) BOOST_CHECK_THROW(bandit::alpha_means(3, a), lilucb::domain_error);
  try {
    bandit::alpha_means(3, 0.0);
  } catch (const lilucb::domain_error& e) {
    BOOST_TEST(e.parameter() == "alpha");
  }
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(read_means)

BOOST_AUTO_TEST_CASE(valid_text) {
  BOOST_TEST(read("0.5\n0.25\n") == (std::vector<double>{0.5, 0.25}), tt::per_element());
  BOOST_TEST(read("0.5") == (std::vector<double>{0.5}), tt::per_element());  // no final newline
  BOOST_TEST(read("# means\n\n  0.5 \n\t-1e-3\r\n# end\n   \n1E2\n") == (std::vector<double>{0.5, -1e-3, 100.0}),
             tt::per_element());
  BOOST_TEST(read("  # indented comment\n0\n") == (std::vector<double>{0.0}), tt::per_element());
  // Exact round trip of a 17-digit value.
  BOOST_TEST(read("0.10000000000000001\n")[0] == 0.1);
}

BOOST_AUTO_TEST_CASE(errors_name_source_and_line) {
  expect_read_error("0.5\nabc\n", {"means.txt:2", "'abc'"});
  expect_read_error("0.5\n0.25\n\n0.1x\n", {"means.txt:4", "0.1x"});
  expect_read_error("1 2\n", {"means.txt:1", "1 2"});
  expect_read_error("0.5,0.25\n", {"means.txt:1"});
  expect_read_error("# c\nnan\n", {"means.txt:2", "nan"});
  expect_read_error("0.5\n-inf\n", {"means.txt:2", "inf"});
  expect_read_error("1e400\n", {"means.txt:1"});  // overflows to infinity
  expect_read_error("", {"means.txt", "no means"});
  expect_read_error("\n\n# only comments\n  \n", {"means.txt"});
}

BOOST_AUTO_TEST_CASE(errors_are_domain_errors_with_the_line_as_parameter) {
  try {
    read("0.5\n0.25\nnan\n", "file.txt");
    BOOST_TEST(false, "no exception");
  } catch (const lilucb::domain_error& e) {
    BOOST_TEST(e.parameter() == "file.txt:3");
    BOOST_TEST(e.function() == "lilucb::bandit::read_means");
  }
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE_END()  // scenarios
