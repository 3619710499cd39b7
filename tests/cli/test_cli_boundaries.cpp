// `lilucb boundary`, `lilucb crossing`, `lilucb calibrate` through the real binary:
// the JSON keys the issue names, agreement with the library called directly, and the
// invalid-input contract (one line on stderr naming the parameter, exit 2).
#include <boost/test/unit_test.hpp>

#include "cli_harness.hpp"

#include "lilucb/boundaries.hpp"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

using cli_harness::check_one_line_error;
using cli_harness::contains;
using cli_harness::run_cli;
using json = nlohmann::json;
namespace tt = boost::test_tools;
namespace b = lilucb::boundaries;

namespace {
json run_json(const std::vector<std::string>& args) {
  const auto r = run_cli(args);
  BOOST_TEST(r.status == 0, "stderr: " << r.err);
  BOOST_TEST(r.err == "");
  if (r.status != 0) return json::object();
  return json::parse(r.out);
}
}  // namespace

BOOST_AUTO_TEST_CASE(boundary_json_agrees_with_library) {
  const json j = run_json({"boundary", "--kind", "stitched", "--alpha", "0.05", "--t", "1000", "--json"});
  b::boundary_spec s;
  s.kind = b::boundary_kind::stitched;
  s.alpha = 0.05;
  BOOST_TEST(j.at("radius").get<double>() == b::boundary_radius(s, 1000.0), tt::tolerance(1e-15));
  BOOST_TEST(j.at("width").get<double>() == b::boundary_radius(s, 1000.0) / 1000, tt::tolerance(1e-15));
  BOOST_TEST(j.at("alpha").get<double>() == 0.05);
  const json c = run_json({"boundary", "--kind", "constant", "--c", "3", "--t", "7", "--json"});
  BOOST_TEST(c.at("radius").get<double>() == 3.0);
  BOOST_TEST(c.at("alpha").is_null());
  const json l = run_json({"boundary", "--kind", "lil", "--alpha", "0.001", "--eps", "0.5", "--t", "100", "--json"});
  BOOST_TEST(l.at("radius").get<double>() == lilucb::lil_bound(100.0, 0.5, 0.001, 1.0, lilucb::inner_log::lemma),
             tt::tolerance(1e-15));
}

BOOST_AUTO_TEST_CASE(crossing_json_has_the_issue_keys) {
  const json j = run_json({"crossing", "--kind", "linear", "--a", "2", "--b", "0.2", "--horizon", "300", "--json"});
  for (const char* k : {"probability_lower", "probability_upper", "tail_bound", "method"})
    BOOST_TEST(j.contains(k), "missing key " << k);
  BOOST_TEST(j.at("probability_lower").get<double>() <= j.at("probability_upper").get<double>());
  BOOST_TEST(j.at("probability_upper").get<double>() <= b::brownian_linear_crossing_probability(2.0, 0.2, 1.0));
  const json c = run_json({"crossing", "--kind", "constant", "--c", "3", "--horizon", "5", "--json"});
  BOOST_TEST(c.at("tail_bound").is_null());
}

BOOST_AUTO_TEST_CASE(calibrate_json_has_the_issue_keys) {
  const json j = run_json({"calibrate", "--kind", "stitched", "--target", "0.05", "--horizon", "300", "--json"});
  BOOST_TEST(j.at("alpha").get<double>() >= 0.05);
  BOOST_TEST(j.at("alpha_ratio").get<double>() >= 1.0);
  BOOST_TEST(j.at("width_ratio").size() == 3u);
  BOOST_TEST(j.at("achieved").get<double>() <= 0.05);
}

// calibrate ignores --alpha: the finite-LIL family at its default eps = 0.01 (where the unused
// default alpha 0.05 is outside Lemma lem:lil's delta range) calibrates from the target's stated alpha.
BOOST_AUTO_TEST_CASE(calibrate_lil_at_the_default_eps) {
  const json j = run_json({"calibrate", "--kind", "lil", "--target", "0.001", "--horizon", "30", "--json"});
  BOOST_TEST(j.at("alpha").get<double>() > 0.0);
  BOOST_TEST(j.at("alpha_ratio").get<double>() >= 1.0);
  BOOST_TEST(j.at("achieved").get<double>() <= 0.001);
}

BOOST_AUTO_TEST_CASE(bad_input_is_one_line_naming_the_parameter) {
  struct c_t { std::vector<std::string> args; std::string names; };
  for (const auto& c : std::vector<c_t>{
           {{"boundary", "--kind", "stitched", "--alpha", "1.5", "--t", "10"}, "alpha"},
           {{"boundary", "--kind", "stitched", "--alpha", "0.05", "--t", "0.5"}, "t"},
           {{"boundary", "--kind", "stitched", "--t", "10"}, "--alpha"},
           {{"boundary", "--kind", "nope", "--alpha", "0.05", "--t", "10"}, "kind"},
           {{"boundary", "--kind", "stitched", "--alpha", "0.05", "--eta", "1", "--t", "10"}, "eta"},
           {{"boundary", "--kind", "mixture", "--alpha", "abc", "--t", "10"}, "--alpha"},
           // the lemma's form: alpha (its delta) below log(1+eps)/e, said as --alpha
           {{"boundary", "--kind", "lil", "--alpha", "0.05", "--t", "10"}, "--alpha = 0.05; admissible: (0, log(1+eps)/e) = (0, 0.00366"},
           {{"crossing", "--kind", "stitched", "--alpha", "0.05", "--horizon", "0"}, "--horizon"},
           {{"crossing", "--kind", "stitched", "--alpha", "0.05", "--horizon", "10", "--sigma", "-1"}, "sigma"},
           {{"calibrate", "--kind", "constant", "--c", "2", "--target", "0.05"}, "kind"},
           {{"calibrate", "--kind", "stitched", "--target", "0.7"}, "--target"},
           {{"calibrate", "--kind", "stitched", "--eta", "1", "--target", "0.05"}, "eta"},
           {{"calibrate", "--kind", "lil", "--eps", "1.5", "--target", "0.001"}, "eps"},
           // valid numbers whose result overflows
           {{"boundary", "--kind", "linear", "--b", "1e308", "--t", "10"}, "b"},
           {{"crossing", "--kind", "linear", "--b", "1e308", "--horizon", "10"}, "b"},
           {{"boundary", "--kind", "mixture-two-sided", "--alpha", "0.05", "--v-opt", "2.2250738585072014e-308",
             "--t", "10"}, "v_opt"},
           {{"boundary", "--kind", "mixture-two-sided", "--alpha", "0.05", "--sigma", "2", "--t", "1e308"}, "t"},
           {{"boundary", "--kind", "stitched", "--alpha", "0.05", "--t", "1e308"}, "lilucb boundary: --t = 1e308; admissible: [1, "},
           {{"boundary", "--kind", "stitched", "--alpha", "0.05", "--sigma", "1e-300", "--t", "10"}, "sigma"},
           {{"crossing", "--kind", "mixture", "--alpha", "0.05", "--sigma", "4.9e-324", "--horizon", "10"}, "sigma"},
           {{"calibrate", "--kind", "stitched", "--sigma", "1e200", "--target", "0.05"}, "sigma"}}) {
    const auto r = run_cli(c.args);
    BOOST_TEST_CONTEXT(c.args[0] << " " << c.args[2] << ": " << r.err) {
      check_one_line_error(r);
      BOOST_TEST(contains(r.err, c.names));
    }
  }
}

// Extreme but valid: a finite answer.
BOOST_AUTO_TEST_CASE(extreme_valid_input_gets_a_finite_answer) {
  const json j = run_json({"boundary", "--kind", "mixture-two-sided", "--alpha", "0.05", "--t", "1e308", "--json"});
  BOOST_TEST(j.value("radius", -1.0) > 1e154);
  const json c = run_json({"crossing", "--kind", "constant", "--c", "1e15", "--horizon", "1000", "--json"});
  BOOST_TEST(c.value("probability_upper", 1.0) < 1e-15);
}
