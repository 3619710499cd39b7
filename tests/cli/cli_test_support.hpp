#pragma once
// Shared by the end-to-end tests of the `lilucb` command, one file per command
// (test_cli_params.cpp, test_cli_bound.cpp, ...; all linked into the test_cli executable):
//
// Every test runs the real binary (LILUCB_CLI_PATH, set by tests/cli/CMakeLists.txt; the
// environment variable LILUCB_CLI overrides it) with fork/execv (no shell, so no quoting),
// stdin from /dev/null and stdout/stderr redirected to two anonymous temporary files, and
// inspects the exit status, stdout and stderr separately.
// JSON output is parsed with nlohmann_json and compared with the library called directly in
// this process: the CLI is thin parsing over lib, so its numbers must be the library's to
// 1e-15 relative (in practice they are bit-identical: nlohmann prints round-trip digits).

#include <boost/test/unit_test.hpp>

#include <rapidcheck.h>
#include <rapidcheck/boost_test.h>

#include "lilucb/theory/finite_lil.hpp"
#include "lilucb_docs/generated_tables.hpp"
#include "lilucb/theory/instance.hpp"
#include "lilucb/theory/parameters.hpp"
#include "lilucb_docs/report_table.hpp"
#include "lilucb/theory/theorem.hpp"
#include "lilucb/version.hpp"

#include <nlohmann/json.hpp>

#include "cli_harness.hpp"
#include "../text_files.hpp"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

namespace tt = boost::test_tools;
namespace fs = std::filesystem;
using json = nlohmann::json;

using namespace cli_harness;
using test_files::read_text;
using run_result = cli_harness::cli_result;

namespace cli_test {

inline std::vector<std::string> split_lines(const std::string& s) {
  std::vector<std::string> lines;
  std::istringstream in(s);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

/// "%.10g", the CLI's text-mode number format.
inline std::string text_number(double x) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.10g", x);
  return buf;
}

/// "%.17g": a decimal text that reads back as exactly x.
inline std::string exact_text(double x) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.17g", x);
  return buf;
}

/// Successful --json run: exit 0, nothing on stderr, exactly one JSON object on stdout
/// (nlohmann's parse rejects anything after the first value).  Returns the object, or a null
/// json after recording the failure.
inline json expect_json(const std::vector<std::string>& args) {
  const auto r = run_cli(args);
  BOOST_TEST(r.status == 0);
  BOOST_TEST(!r.signaled);
  BOOST_TEST(r.err == "", "stderr should be empty, got: " << r.err);
  BOOST_TEST(!r.out.empty());
  if (r.out.empty()) return json();
  BOOST_TEST(r.out.back() == '\n');
  json j;
  try {
    j = json::parse(r.out);
  } catch (const std::exception& e) {
    BOOST_TEST(false, "stdout is not exactly one JSON value: " << e.what() << "\n" << r.out);
    return json();
  }
  BOOST_TEST(j.is_object());
  BOOST_TEST(r.out.front() == '{');
  return j.is_object() ? j : json();
}

/// The value at a JSON pointer like "/certified/delta", or nullopt (with a failed check).
inline std::optional<json> at(const json& j, const std::string& ptr) {
  const json::json_pointer p(ptr);
  const bool present = j.is_object() && j.contains(p);
  BOOST_TEST(present, "missing key " << ptr);
  if (!present) return std::nullopt;
  return j.at(p);
}

inline void check_number(const json& j, const std::string& ptr, double expected) {
  BOOST_TEST_CONTEXT("key " << ptr) {
    const auto v = at(j, ptr);
    if (!v) return;
    BOOST_TEST(v->is_number(), ptr << " is " << v->dump() << ", not a number");
    if (!v->is_number()) return;
    BOOST_TEST(v->get<double>() == expected, tt::tolerance(1e-15));
  }
}

/// A number equal to *expected, or null when expected is nullopt.
inline void check_optional(const json& j, const std::string& ptr, const std::optional<double>& expected) {
  BOOST_TEST_CONTEXT("key " << ptr) {
    const auto v = at(j, ptr);
    if (!v) return;
    if (!expected) {
      BOOST_TEST(v->is_null(), ptr << " should be null, is " << v->dump());
      return;
    }
    BOOST_TEST(v->is_number(), ptr << " should be " << *expected << ", is " << v->dump());
    if (v->is_number()) BOOST_TEST(v->get<double>() == *expected, tt::tolerance(1e-15));
  }
}

inline void check_bool(const json& j, const std::string& ptr, bool expected) {
  BOOST_TEST_CONTEXT("key " << ptr) {
    const auto v = at(j, ptr);
    if (!v) return;
    BOOST_TEST(v->is_boolean(), ptr << " is " << v->dump() << ", not a bool");
    if (v->is_boolean()) BOOST_TEST(v->get<bool>() == expected);
  }
}

inline void check_integer(const json& j, const std::string& ptr, std::uint64_t expected) {
  BOOST_TEST_CONTEXT("key " << ptr) {
    const auto v = at(j, ptr);
    if (!v) return;
    BOOST_TEST(v->is_number_unsigned(), ptr << " is " << v->dump() << ", not an unsigned integer");
    if (v->is_number_unsigned()) BOOST_TEST(v->get<std::uint64_t>() == expected);
  }
}

/// RFC 4180 parsing, enough for the toolkit's CSV (quoted cells, doubled quotes).
inline std::vector<std::vector<std::string>> parse_csv(const std::string& text) {
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> row;
  std::string cell;
  bool quoted = false, any = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quoted) {
      if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
        cell += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        cell += c;
      }
    } else if (c == '"') {
      quoted = true;
      any = true;
    } else if (c == ',') {
      row.push_back(cell);
      cell.clear();
      any = true;
    } else if (c == '\n') {
      row.push_back(cell);
      rows.push_back(row);
      row.clear();
      cell.clear();
      any = false;
    } else {
      cell += c;
      any = true;
    }
  }
  if (any || !cell.empty()) {
    row.push_back(cell);
    rows.push_back(row);
  }
  return rows;
}

/// `lilucb bound --t T --eps E --delta D [extra] --json`.
inline std::vector<std::string> bound_args(const std::string& t, const std::string& eps,
                                    const std::string& delta,
                                    std::vector<std::string> extra = {}) {
  std::vector<std::string> v = {"bound", "--t", t, "--eps", eps, "--delta", delta};
  v.insert(v.end(), extra.begin(), extra.end());
  v.push_back("--json");
  return v;
}

}  // namespace cli_test

using namespace cli_test;
