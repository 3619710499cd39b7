// Invalid input to every command: exit 2, nothing on stdout, one line on stderr naming the parameter and value; the valid edges next to them succeed.
// Part of the test_cli executable; shared helpers in cli_test_support.hpp.

#include "cli_test_support.hpp"

// =========================================================================================
// 4. Invalid input: exit 2, nothing on stdout, one line on stderr naming parameter and value
// =========================================================================================

namespace {
struct invalid_case {
  std::vector<std::string> args;
  std::vector<std::string> must_contain;  // the parameter and the offending value
};


const std::vector<invalid_case> invalid_cases = {
    // bound: delta out of range, both inner forms
    {bound_args("100", "0.01", "1.5"), {"delta", "1.5"}},
    {bound_args("100", "0.01", "1"), {"delta = 1;"}},
    {bound_args("100", "0.01", "0"), {"delta = 0;"}},
    {bound_args("100", "0.01", "-0.5"), {"delta", "-0.5"}},
    {bound_args("100", "0.01", "0.01", {"--inner", "lemma"}), {"delta", "0.01"}},  // > log(1.01)/e
    {bound_args("100", "0.5", "0.2", {"--inner", "lemma"}), {"delta", "0.2"}},
    {bound_args("100", "0.01", "1.5", {"--inner", "lemma"}), {"delta", "1.5"}},
    {bound_args("100", "0.01", "0", {"--inner", "lemma"}), {"delta = 0;"}},
    // bound: eps out of range, both inner forms
    {bound_args("100", "1", "0.01"), {"eps = 1;"}},
    {bound_args("100", "-0.5", "0.01"), {"eps", "-0.5"}},
    {bound_args("100", "1.5", "0.01"), {"eps", "1.5"}},
    {bound_args("100", "0", "0.001", {"--inner", "lemma"}), {"eps = 0;"}},
    {bound_args("100", "1", "0.001", {"--inner", "lemma"}), {"eps = 1;"}},
    // bound: t < 1, sigma <= 0
    {bound_args("0.5", "0.1", "0.01"), {"t = 0.5"}},
    {bound_args("0", "0.1", "0.01"), {"t = 0;"}},
    {bound_args("-3", "0.1", "0.01"), {"t = -3"}},
    {bound_args("10", "0.1", "0.01", {"--sigma", "0"}), {"sigma = 0;"}},
    {bound_args("10", "0.1", "0.01", {"--sigma", "-2"}), {"sigma", "-2"}},
    // NaN and infinities
    {bound_args("nan", "0.1", "0.01"), {"t = nan"}},
    {bound_args("inf", "0.1", "0.01"), {"t = inf"}},
    {bound_args("10", "nan", "0.01"), {"eps", "nan"}},
    {bound_args("10", "inf", "0.01"), {"eps", "inf"}},
    {bound_args("10", "0.1", "nan"), {"delta", "nan"}},
    {bound_args("10", "0.1", "-inf"), {"delta", "-inf"}},
    {bound_args("10", "0.1", "0.01", {"--sigma", "inf"}), {"sigma", "inf"}},
    {bound_args("10", "0.1", "0.01", {"--sigma", "nan"}), {"sigma", "nan"}},
    // text where a number belongs
    {bound_args("10", "abc", "0.01"), {"--eps", "'abc'"}},
    {bound_args("10", "0.1", "1e"), {"--delta", "'1e'"}},
    {bound_args("0.1x", "0.1", "0.01"), {"--t", "'0.1x'"}},
    {bound_args("10", "0.1", ""), {"--delta", "''"}},
    {bound_args("10", "0.1", " 0.01"), {"--delta", "' 0.01'"}},
    {bound_args("10", "0.1", "0.01 "), {"--delta", "'0.01 '"}},
    {bound_args("1e400", "0.1", "0.01"), {"--t", "1e400"}},
    {bound_args("10", "0.1", "0.01", {"--sigma", "two"}), {"--sigma", "'two'"}},
    // unknown --inner
    {bound_args("10", "0.1", "0.01", {"--inner", "foo"}), {"inner", "foo"}},
    {bound_args("10", "0.1", "0.01", {"--inner", "Lemma"}), {"inner", "Lemma"}},
    // unknown option, stray argument, missing required option or value
    {bound_args("10", "0.1", "0.01", {"--bogus"}), {"--bogus"}},
    {bound_args("10", "0.1", "0.01", {"stray"}), {"stray"}},
    {{"bound", "--t", "10", "--eps", "0.1", "--json"}, {"--delta"}},
    {{"bound", "--eps", "0.1", "--delta", "0.01"}, {"--t"}},
    {{"bound", "--t", "10", "--delta", "0.01"}, {"--eps"}},
    {{"bound", "--t", "10", "--eps", "0.1", "--delta"}, {"--delta"}},
    {{"bound", "--t", "10", "--t", "20", "--eps", "0.1", "--delta", "0.01"}, {"--t"}},
    // params
    {{"params", "--nu", "0", "--json"}, {"nu = 0;"}},
    {{"params", "--nu", "1", "--json"}, {"nu = 1;"}},
    {{"params", "--nu", "-0.5", "--json"}, {"nu", "-0.5"}},
    {{"params", "--nu", "1.5", "--json"}, {"nu", "1.5"}},
    {{"params", "--nu", "nan", "--json"}, {"nu", "nan"}},
    {{"params", "--nu", "inf", "--json"}, {"nu", "inf"}},
    {{"params", "--nu", "abc", "--json"}, {"--nu", "'abc'"}},
    {{"params", "--nu", "", "--json"}, {"--nu", "''"}},
    {{"params", "--nu", "0.1", "--beta", "0", "--json"}, {"beta = 0;"}},
    {{"params", "--nu", "0.1", "--beta", "-1", "--json"}, {"beta", "-1"}},
    {{"params", "--nu", "0.1", "--beta", "inf", "--json"}, {"beta", "inf"}},
    {{"params", "--nu", "0.1", "--eps", "0", "--json"}, {"eps = 0;"}},
    {{"params", "--nu", "0.1", "--eps", "1", "--json"}, {"eps = 1;"}},
    {{"params", "--nu", "0.1", "--eps", "0.1x", "--json"}, {"--eps", "'0.1x'"}},
    {{"params", "--nu", "0.1", "--n", "0", "--json"}, {"n = 0;"}},
    {{"params", "--nu", "0.1", "--n", "-1", "--json"}, {"--n", "'-1'"}},
    {{"params", "--nu", "0.1", "--n", "1.5", "--json"}, {"--n", "'1.5'"}},
    {{"params", "--nu", "0.1", "--n", "abc", "--json"}, {"--n", "'abc'"}},
    {{"params", "--nu", "0.1", "--n", "99999999999999999999999", "--json"},
     {"--n", "99999999999999999999999"}},
    {{"params", "--json"}, {"--nu"}},
    {{"params", "--nu"}, {"--nu"}},
    {{"params", "--nu", "0.1", "--bogus"}, {"--bogus"}},
    // hardness
    {{"hardness", "--means", "0.5,0.5,0.1", "--json"}, {"means[1]", "0.5", "unique"}},
    {{"hardness", "--means", "0.1,0.75,0.75", "--json"}, {"means[2]", "0.75"}},
    {{"hardness", "--means", "0.5,,0.1", "--json"}, {"--means[1]", "''"}},
    {{"hardness", "--means", "0.5,0.1,", "--json"}, {"--means[2]", "''"}},
    {{"hardness", "--means", "", "--json"}, {"--means", "non-empty"}},
    {{"hardness", "--means", "0.5,abc", "--json"}, {"--means[1]", "'abc'"}},
    {{"hardness", "--means", "nan,0.1", "--json"}, {"means[0]", "nan"}},
    {{"hardness", "--means", "0.5,inf", "--json"}, {"means[1]", "inf"}},
    {{"hardness", "--means", "0.5,0.1", "--delta", "0", "--json"}, {"delta = 0;"}},
    {{"hardness", "--means", "0.5,0.1", "--delta", "1.5", "--json"}, {"delta", "1.5"}},
    {{"hardness", "--means", "0.5,0.1", "--delta", "0.5", "--json"}, {"--delta", "0.5"}},  // a_min infeasible
    {{"hardness", "--means", "0.5,0.1", "--eps", "0", "--json"}, {"eps = 0;"}},
    {{"hardness", "--means", "0.5,0.1", "--beta", "0", "--json"}, {"beta = 0;"}},
    {{"hardness", "--means", "0.5,0.1", "--a", "0", "--json"}, {"a = 0;"}},
    {{"hardness", "--means", "0.5,0.1", "--a", "-1", "--json"}, {"a = -1"}},
    {{"hardness", "--means", "0.5,0.1", "--nu", "0", "--json"}, {"nu = 0;"}},
    {{"hardness", "--means", "0,100", "--json"}, {"gap", "10000"}},  // Delta^2 >= gamma (1+eps)
    {{"hardness", "--json"}, {"--means"}},
    // table and docs
    {{"table", "params", "--format", "xml"}, {"format", "xml"}},
    {{"table", "params", "--format", "CSV"}, {"format", "CSV"}},
    {{"table", "nosuch"}, {"table", "nosuch"}},
    {{"table"}, {"NAME"}},
    {{"docs", "/nonexistent-lilucb-dir"}, {"--check", "--write"}},
    {{"docs", "--check", "--write", "/nonexistent-lilucb-dir"}, {"--check", "--write"}},
    {{"docs", "--check"}, {"DIR"}},
    // subcommands
    {{}, {"subcommand"}},
    {{"nosuch"}, {"nosuch"}},
};
}  // namespace

BOOST_AUTO_TEST_SUITE(invalid_input)

BOOST_AUTO_TEST_CASE(exit_2_and_one_line_naming_parameter_and_value) {
  for (const auto& c : invalid_cases) {
    BOOST_TEST_CONTEXT(show(c.args)) {
      const auto r = run_cli(c.args);
      check_one_line_error(r);
      for (const auto& s : c.must_contain)
        BOOST_TEST(contains(r.err, s), "stderr lacks \"" << s << "\": " << r.err);
    }
  }
}

// The valid edges next to the invalid ones above succeed: the boundaries are where stated.
BOOST_AUTO_TEST_CASE(valid_edges_succeed) {
  const double cap = lilucb::lil_delta_max(0.01, lilucb::inner_log::lemma);
  const std::vector<std::vector<std::string>> ok = {
      bound_args("1", "0", "0.999"),                   // t = 1, eps = 0 (plus2)
      bound_args("1", "0.999", "1e-300"),
      bound_args("1", "0.01", exact_text(std::nextafter(cap, 0.0)), {"--inner", "lemma"}),
      bound_args("1", "1e-9", "1e-300", {"--inner", "lemma"}),
      bound_args("10", "0.1", "0.01", {"--sigma", "1e-300"}),
      {"params", "--nu", "1e-12", "--json"},
      {"params", "--nu", "0.5", "--n", "1", "--beta", "1e-3", "--json"},
      {"params", "--nu", "0.5", "--n", "18446744073709551615", "--json"},
      {"hardness", "--means", "0.5,0.499", "--json"},
  };
  for (const auto& args : ok) {
    BOOST_TEST_CONTEXT(show(args)) {
      const auto r = run_cli(args);
      BOOST_TEST(r.status == 0);
      BOOST_TEST(r.err == "", r.err);
      BOOST_TEST(!r.out.empty());
    }
  }
  // Just past the lemma's cap fails.
  const auto r =
      run_cli(bound_args("1", "0.01", exact_text(cap), {"--inner", "lemma"}));
  BOOST_TEST(r.status == 2);
}

BOOST_AUTO_TEST_SUITE_END()
