// End-to-end tests of `lilucb run`.
//
// As every test of tests/cli/ (cli_harness.hpp): the real binary (LILUCB_CLI_PATH, or the environment variable
// LILUCB_CLI) is run with fork/execv (no shell), stdin from /dev/null, stdout and stderr
// captured separately; JSON is parsed with nlohmann_json.  The CLI is thin parsing over lib, so
// every run is compared with the library called directly in this process (same arms, options
// and seed): chosen arm, pulls, counts, status, stopped_by and every recorded parameter must be
// identical.
//
// Covered: every algorithm name with --json (exactly one object with the documented keys,
// counts summing to pulls, the same seed giving the same output); --scenario sparse/alpha,
// --means, --means-file, --model bernoulli, --max-pulls (budget_exhausted), --inner lemma,
// --sigma; one arm; the certified combinations of the anytime-boundary stopping rules (--threshold kk21,
// --boundary stitched|mixture); the text line lists the parameters in run_parameters::named()'s
// order.  Invalid input: exit 2, nothing on stdout, exactly one line on stderr naming
// the parameter.

#include <boost/test/unit_test.hpp>

#include "lilucb/bandit/presets/algorithms.hpp"
#include "lilucb/bandit/compose.hpp"
#include "lilucb/bandit/arms.hpp"
#include "lilucb/bandit/scenarios.hpp"

#include <nlohmann/json.hpp>

#include "cli_harness.hpp"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <numeric>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace fs = std::filesystem;
namespace bandit = lilucb::bandit;
using json = nlohmann::json;

using namespace cli_harness;

namespace {

/// The one stderr line of an uncertified run's answer: "lilucb run: note: NAME is not certified
/// (CERTIFICATE); the answer carries no guarantee at nu".
std::string uncertified_note(const json& j) {
  return "lilucb run: note: " + j.value("algorithm", std::string("?")) + " is not certified (" +
         j.value("certificate", std::string("?")) + "); the answer carries no guarantee at nu\n";
}

/// Successful --json run: exit 0, exactly one JSON object on stdout, and on stderr nothing, or
/// exactly the uncertified note when the JSON says certified: false.
json expect_json(const std::vector<std::string>& args, std::string* raw = nullptr) {
  const auto r = run_cli(args);
  BOOST_TEST(r.status == 0);
  BOOST_TEST(!r.signaled);
  {
    const json head = json::parse(r.out, nullptr, false);
    const bool uncertified = head.is_object() && head.contains("certified") && !head["certified"].get<bool>();
    BOOST_TEST(r.err == (uncertified ? uncertified_note(head) : std::string()), "stderr: " << r.err);
  }
  if (raw) *raw = r.out;
  if (r.out.empty()) {
    BOOST_TEST(false, "no output");
    return json();
  }
  BOOST_TEST(r.out.front() == '{');
  BOOST_TEST(r.out.back() == '\n');
  json j;
  try {
    j = json::parse(r.out);  // rejects anything after the first value
  } catch (const std::exception& e) {
    BOOST_TEST(false, "stdout is not exactly one JSON value: " << e.what() << "\n" << r.out);
    return json();
  }
  BOOST_TEST(j.is_object());
  return j.is_object() ? j : json();
}

// ---------------------------------------------------------------------------------------
// Comparing with the library
// ---------------------------------------------------------------------------------------

const std::vector<std::string> required_keys = {"algorithm", "parameters", "best_arm", "true_best_arm",
                                                "correct",   "pulls",      "counts",   "status"};

/// The JSON of a run must be the library's run_result, field by field; parameters bitwise
/// (nlohmann prints round-trip digits) plus "inner" and "arms".
void check_against_library(const json& j, const bandit::run_result& r, const std::string& inner, const std::string& arms,
                           std::size_t true_best) {
  if (!j.is_object()) return;
  for (const auto& k : required_keys) BOOST_TEST(j.contains(k), "missing key " << k);
  for (const auto& k : required_keys)
    if (!j.contains(k)) return;
  BOOST_TEST(j["algorithm"] == r.algorithm);
  BOOST_TEST(j["best_arm"].is_number_unsigned());
  BOOST_TEST(j["best_arm"].get<std::uint64_t>() == r.best_arm);
  BOOST_TEST(j["true_best_arm"].get<std::uint64_t>() == true_best);
  BOOST_TEST(j["correct"].is_boolean());
  BOOST_TEST(j["correct"].get<bool>() == (r.best_arm == true_best));
  BOOST_TEST(j["pulls"].get<std::uint64_t>() == r.pulls);
  BOOST_TEST(j["status"] == bandit::to_string(r.status));
  BOOST_TEST(j.value("stopped_by", std::string("?")) == r.stopped_by);
  const auto counts = j["counts"].get<std::vector<std::uint64_t>>();
  BOOST_TEST(counts == r.counts, boost::test_tools::per_element());
  BOOST_TEST(std::accumulate(counts.begin(), counts.end(), std::uint64_t{0}) == j["pulls"].get<std::uint64_t>());
  const json& p = j["parameters"];
  BOOST_TEST(p.is_object());
  std::set<std::string> expected_names = {"inner", "model", "arms"};
  for (const auto& [name_view, value] : r.parameters.named()) {
    const std::string name(name_view);
    expected_names.insert(name);
    BOOST_TEST_CONTEXT("parameter " << name) {
      BOOST_TEST(p.contains(name));
      if (p.contains(name) && p[name].is_number()) BOOST_TEST(p[name].get<double>() == value);
      else BOOST_TEST(false, "not a number: " << p.dump());
    }
  }
  // lilucb-certified always runs Figure 1's index, the form Theorem R covers (the lemma's inner log).
  BOOST_TEST(p.value("inner", std::string("?")) == (r.algorithm == "lilucb-certified" ? std::string("lemma") : inner));
  BOOST_TEST(p.value("arms", std::string("?")) == arms);
  std::set<std::string> names;
  for (const auto& [k, v] : p.items()) names.insert(k);
  BOOST_TEST((names == expected_names), "parameters " << p.dump());
}

std::vector<std::string> algorithm_names() {
  std::vector<std::string> v;
  for (auto a : bandit::all_algorithms) v.push_back(bandit::to_string(a));
  return v;
}

}  // namespace

// =========================================================================================
BOOST_AUTO_TEST_SUITE(json_output)

BOOST_AUTO_TEST_CASE(every_algorithm_agrees_with_library) {
  const auto means = bandit::sparse_means(4);
  for (const auto& name : algorithm_names()) {
    const std::vector<std::string> args = {"run", "--algorithm", name, "--scenario", "sparse", "--n", "4",
                                           "--nu", "0.1", "--seed", "3", "--json"};
    BOOST_TEST_CONTEXT(show(args)) {
      std::string raw1, raw2;
      const json j = expect_json(args, &raw1);
      bandit::run_options o;
      o.nu = 0.1;
      o.sigma = 0.5;
      o.seed = 3;
      const auto r = bandit::run_algorithm(bandit::parse_algorithm(name), bandit::gaussian_arms(means, 0.5), o);
      check_against_library(j, r, "plus2", "gaussian", 0);
      BOOST_TEST(j.value("status", "") == "stopped");
      BOOST_TEST(j["counts"].size() == 4u);
      BOOST_TEST(j.value("seed", std::uint64_t{0}) == 3u);
      // Same seed, same output, byte for byte.
      expect_json(args, &raw2);
      BOOST_TEST(raw1 == raw2);
    }
  }
}

// The certified stopping rules (boundaries and thresholds) from the command line agree with run_combination and
// report their certificates.
BOOST_AUTO_TEST_CASE(certified_boundary_combinations_agree_with_library) {
  const auto means = bandit::sparse_means(4);
  struct item {
    std::vector<std::string> extra;
    bandit::combination c;
    std::string cite;
  };
  std::vector<item> items;
  bandit::combination kk21;  // (member by member: GCC 12 warns on the aggregate form)
  kk21.sampling = bandit::sampling_rule::tas_d;
  kk21.stopping = bandit::stopping_rule::glr;
  kk21.threshold = bandit::glr_threshold::kk21;
  items.push_back({{"--sampling", "tas-d", "--stopping", "glr", "--threshold", "kk21"}, kk21, "Kaufmann"});
  for (const char* b : {"stitched", "mixture"}) {
    bandit::combination c{bandit::sampling_rule::eb_tci, bandit::stopping_rule::ls};
    c.boundary = bandit::stopping::parse_ls_boundary(b);
    items.push_back({{"--sampling", "eb-tci", "--stopping", "ls", "--boundary", b}, c, "Howard"});
  }
  for (const auto& it : items) {
    std::vector<std::string> args = {"run", "--scenario", "sparse", "--n", "4", "--nu", "0.1", "--seed", "3", "--json"};
    args.insert(args.begin() + 1, it.extra.begin(), it.extra.end());
    BOOST_TEST_CONTEXT(show(args)) {
      const json j = expect_json(args);
      bandit::run_options o;
      o.nu = 0.1;
      o.sigma = 0.5;
      o.seed = 3;
      const auto r = bandit::run_combination(it.c, bandit::gaussian_arms(means, 0.5), o);
      check_against_library(j, r.run, "plus2", "gaussian", 0);
      BOOST_TEST(j.value("certified", false));
      BOOST_TEST(j.value("certificate", std::string()) == r.certificate);
      BOOST_TEST(contains(r.certificate, it.cite));
    }
  }
}

BOOST_AUTO_TEST_CASE(seed_changes_the_run) {
  std::set<std::vector<std::uint64_t>> counts;
  for (const char* seed : {"1", "2", "3", "4"}) {
    const json j = expect_json({"run", "--algorithm", "lilucb-ls", "--scenario", "sparse", "--n", "5", "--nu", "0.1",
                                "--seed", seed, "--json"});
    if (j.contains("counts")) counts.insert(j["counts"].get<std::vector<std::uint64_t>>());
  }
  BOOST_TEST(counts.size() >= 3u);
  // Default seed is 1.
  std::string a, b;
  expect_json({"run", "--algorithm", "lilucb", "--scenario", "sparse", "--n", "3", "--nu", "0.1", "--json"}, &a);
  expect_json({"run", "--algorithm", "lilucb", "--scenario", "sparse", "--n", "3", "--nu", "0.1", "--seed", "1", "--json"},
              &b);
  BOOST_TEST(a == b);
}

// A Gaussian run without --sigma says which sigma it assumed; one with --sigma, or of Bernoulli
// arms, does not.
BOOST_AUTO_TEST_CASE(a_gaussian_run_without_sigma_says_which_it_assumed) {
  const auto assumed = run_cli({"run", "--means", "1,0", "--nu", "0.1"});
  BOOST_TEST_REQUIRE(assumed.status == 0, assumed.err);
  BOOST_TEST(contains(assumed.out, "  sigma       0.5 assumed (--sigma not given"), assumed.out);
  const auto given = run_cli({"run", "--means", "1,0", "--nu", "0.1", "--sigma", "0.5"});
  BOOST_TEST_REQUIRE(given.status == 0, given.err);
  BOOST_TEST(!contains(given.out, "assumed"), given.out);
  const auto bern = run_cli({"run", "--means", "0.9,0.1", "--nu", "0.1", "--model", "bernoulli"});
  BOOST_TEST_REQUIRE(bern.status == 0, bern.err);
  BOOST_TEST(!contains(bern.out, "assumed"), bern.out);
}

// --arms MODEL is the old name of --model in run, plan and hardness: the same output, one note on
// stderr saying so, and refused beside --model (the two would set one value); the options that
// apply only to a model (--range) read it as --model.
BOOST_AUTO_TEST_CASE(arms_is_the_old_name_of_model) {
  const std::vector<std::vector<std::string>> commands = {
      {"run", "--means", "3,2,1", "--nu", "0.1", "--seed", "4", "--json", "--range", "0,4"},
      {"plan", "--means", "3,2,1", "--nu", "0.1", "--runs", "3", "--threads", "1", "--json", "--range", "0,4"},
      {"hardness", "--means", "3,2,1", "--nu", "0.1", "--json", "--range", "0,4"}};
  for (const auto& base : commands) {
    auto current = base, old = base, both = base;
    current.insert(current.end(), {"--model", "bounded"});
    old.insert(old.end(), {"--arms", "bounded"});
    both.insert(both.end(), {"--model", "bounded", "--arms", "bounded"});
    const auto a = run_cli(current), b = run_cli(old), c = run_cli(both);
    BOOST_TEST_REQUIRE(a.status == 0, a.err);
    BOOST_TEST_REQUIRE(b.status == 0, b.err);
    BOOST_TEST(a.out == b.out, base.front());
    BOOST_TEST(json::parse(a.out).dump().find("\"bounded\"") != std::string::npos, a.out);
    BOOST_TEST(!contains(a.err, "old name"), a.err);
    BOOST_TEST(contains(b.err, "lilucb " + base.front() + ": note: --arms is the old name of --model; it still works"),
               b.err);
    BOOST_TEST(c.status == 2, c.err);
    BOOST_TEST(contains(c.err, "--arms = bounded; admissible: absent with --model"), c.err);
  }
}

// Counts in scientific notation (cli/cli_support.cpp parse_count): "1e3" is the run of "1000",
// digit for digit; a count that is not whole, or exceeds 2^64 - 1, is refused naming its text.
BOOST_AUTO_TEST_CASE(counts_in_scientific_notation) {
  std::string digits, scientific;
  expect_json({"run", "--algorithm", "lilucb-heuristic", "--scenario", "sparse", "--n", "10", "--nu", "0.1",
               "--seed", "300", "--max-pulls", "1000", "--json"}, &digits);
  expect_json({"run", "--algorithm", "lilucb-heuristic", "--scenario", "sparse", "--n", "1e1", "--nu", "0.1",
               "--seed", "3e2", "--max-pulls", "1.0e3", "--json"}, &scientific);
  BOOST_TEST(digits == scientific);
  for (const char* bad : {"2.5e0", "1e-1", "1e20", "0x10", "1e"}) {
    const auto r = run_cli({"run", "--algorithm", "lilucb", "--scenario", "sparse", "--n", "3", "--nu", "0.1",
                            "--seed", bad});
    BOOST_TEST_CONTEXT(bad) {
      BOOST_TEST(r.status == 2);
      BOOST_TEST(r.err.find(std::string("--seed = '") + bad + "'") != std::string::npos, r.err);
    }
  }
}

BOOST_AUTO_TEST_CASE(scenario_alpha) {
  for (const char* alg : {"lilucb-heuristic", "successive-elimination"}) {
    const std::vector<std::string> args = {"run", "--algorithm", alg, "--scenario", "alpha", "--n", "5", "--alpha",
                                           "0.6", "--nu", "0.1", "--seed", "9", "--json"};
    BOOST_TEST_CONTEXT(show(args)) {
      const json j = expect_json(args);
      BOOST_TEST(j.value("n", 0) == 6);  // n + 1 arms
      bandit::run_options o;
      o.nu = 0.1;
      o.sigma = 0.5;
      o.seed = 9;
      const auto r =
          bandit::run_algorithm(bandit::parse_algorithm(alg), bandit::gaussian_arms(bandit::alpha_means(5, 0.6), 0.5), o);
      check_against_library(j, r, "plus2", "gaussian", 0);
      BOOST_TEST(r.counts.size() == 6u);
    }
  }
}

BOOST_AUTO_TEST_CASE(means_and_means_file_give_the_same_run) {
  temp_dir dir;
  const std::string file = dir.file("means.txt", "# three arms\n0.1\n\n  0.5\r\n0.3\n");
  const std::vector<double> means = {0.1, 0.5, 0.3};
  for (const char* alg : {"lilucb", "ucb1-ls", "exp-gap-ls"}) {
    BOOST_TEST_CONTEXT(alg) {
      std::string from_list, from_file;
      const json j = expect_json(
          {"run", "--algorithm", alg, "--means", "0.1,0.5,0.3", "--nu", "0.2", "--seed", "5", "--json"}, &from_list);
      expect_json({"run", "--algorithm", alg, "--means-file", file, "--nu", "0.2", "--seed", "5", "--json"}, &from_file);
      BOOST_TEST(from_list == from_file);
      bandit::run_options o;
      o.nu = 0.2;
      o.sigma = 0.5;
      o.seed = 5;
      const auto r = bandit::run_algorithm(bandit::parse_algorithm(alg), bandit::gaussian_arms(means, 0.5), o);
      check_against_library(j, r, "plus2", "gaussian", 1);
    }
  }
}

BOOST_AUTO_TEST_CASE(bernoulli_arms) {
  const std::vector<double> means = {0.2, 0.8, 0.5};
  // One algorithm of each engine (lil'UCB with and without LS, UCB1, elimination, batched, round robin).
  for (const std::string name : {"lilucb", "lilucb-ls", "ucb1-ls", "successive-elimination", "exp-gap-ls", "nonadaptive-ls"}) {
    const std::vector<std::string> args = {"run",  "--algorithm", name, "--means", "0.2,0.8,0.5", "--model",
                                           "bernoulli", "--nu", "0.1", "--seed", "2", "--json"};
    BOOST_TEST_CONTEXT(show(args)) {
      const json j = expect_json(args);
      bandit::run_options o;
      o.nu = 0.1;
      o.sigma = 0.5;
      o.seed = 2;
      const auto r = bandit::run_algorithm(bandit::parse_algorithm(name), bandit::bernoulli_arms(means), o);
      check_against_library(j, r, "plus2", "bernoulli", 1);
    }
  }
}

BOOST_AUTO_TEST_CASE(max_pulls_exhausts_the_budget) {
  // n = 4: no algorithm can stop within 10 pulls (lil'UCB heuristic, a = 3.5, needs
  // T_max >= 1 + 3.5 * 3); a budget of 2 is smaller than n.
  for (const auto& name : algorithm_names())
    for (const char* budget : {"10", "2"}) {
      if (std::string(budget) == "2" && name != "lilucb" && name != "ucb1-ls" && name != "exp-gap") continue;
      const std::vector<std::string> args = {"run",  "--algorithm", name, "--scenario", "sparse", "--n", "4",
                                             "--nu", "0.1", "--max-pulls", budget, "--json"};
      BOOST_TEST_CONTEXT(show(args)) {
        const json j = expect_json(args);
        BOOST_TEST(j.value("status", "") == "budget_exhausted");
        BOOST_TEST(j.value("stopped_by", "") == "budget");
        BOOST_TEST(j.value("pulls", std::uint64_t{0}) == std::stoull(budget));
        BOOST_TEST(j.value("best_arm", std::uint64_t{99}) < 4u);
        bandit::run_options o;
        o.nu = 0.1;
        o.sigma = 0.5;
        o.seed = 1;
        o.max_pulls = std::stoull(budget);
        const auto r =
            bandit::run_algorithm(bandit::parse_algorithm(name), bandit::gaussian_arms(bandit::sparse_means(4), 0.5), o);
        check_against_library(j, r, "plus2", "gaussian", 0);
      }
    }
}

BOOST_AUTO_TEST_CASE(inner_lemma_and_sigma) {
  for (const char* alg : {"lilucb", "lilucb-heuristic", "lilucb-ls"}) {
    const std::vector<std::string> args = {"run",     "--algorithm", alg, "--means", "0.5,0,0.25", "--inner", "lemma",
                                           "--sigma", "1",           "--nu", "0.1",  "--seed", "4", "--json"};
    BOOST_TEST_CONTEXT(show(args)) {
      const json j = expect_json(args);
      bandit::run_options o;
      o.nu = 0.1;
      o.sigma = 1;
      o.seed = 4;
      o.inner = lilucb::inner_log::lemma;
      const auto r = bandit::run_algorithm(bandit::parse_algorithm(alg), bandit::gaussian_arms({0.5, 0, 0.25}, 1.0), o);
      check_against_library(j, r, "lemma", "gaussian", 0);
      if (j.contains("parameters")) {
        BOOST_TEST(j["parameters"].value("inner_c", -1.0) == 0.0);
        BOOST_TEST(j["parameters"].value("sigma", -1.0) == 1.0);
      }
    }
  }
  // The lemma's form changes the run (at least for one of these seeds) compared with plus2.
  int differ = 0;
  for (const char* seed : {"1", "2", "3"}) {
    std::string lemma, plus2;
    expect_json({"run", "--algorithm", "lilucb", "--means", "0.5,0,0.25", "--inner", "lemma", "--nu", "0.1", "--seed",
                 seed, "--json"},
                &lemma);
    expect_json({"run", "--algorithm", "lilucb", "--means", "0.5,0,0.25", "--nu", "0.1", "--seed", seed, "--json"},
                &plus2);
    const json a = json::parse(lemma, nullptr, false), b = json::parse(plus2, nullptr, false);
    differ += a.value("counts", json()) != b.value("counts", json());
  }
  BOOST_TEST(differ > 0);
}

BOOST_AUTO_TEST_CASE(one_arm_answers_at_once) {
  for (const auto& name : algorithm_names()) {
    const json j = expect_json({"run", "--algorithm", name, "--means", "0.3", "--nu", "0.1", "--json"});
    BOOST_TEST_CONTEXT(name) {
      BOOST_TEST(j.value("pulls", std::uint64_t{99}) == 0u);
      BOOST_TEST(j.value("status", "") == "stopped");
      BOOST_TEST(j.value("stopped_by", "") == "single-arm");
      BOOST_TEST(j.value("best_arm", std::uint64_t{99}) == 0u);
      BOOST_TEST(j.value("correct", false));
    }
  }
}

// Text output; every run says whether it is certified, and an uncertified one (the paper's
// lilucb preset: Theorem th:lilucb's proof has gaps) also says so in one line on stderr.
BOOST_AUTO_TEST_CASE(text_mode) {
  const auto r = run_cli({"run", "--algorithm", "lilucb", "--scenario", "sparse", "--n", "3", "--nu", "0.1"});
  BOOST_TEST(r.status == 0);
  const std::string why = std::string(bandit::certificate_of(bandit::algorithm::lilucb).statement);
  BOOST_TEST(r.err == "lilucb run: note: lilucb is not certified (" + why + "); the answer carries no guarantee at nu\n");
  BOOST_TEST(!r.out.empty());
  BOOST_TEST(r.out.front() != '{');
  for (const char* s : {"lilucb", "status", "pulls", "chosen arm", "parameters"})
    BOOST_TEST(contains(r.out, s), "text output lacks " << s << ":\n" << r.out);
  BOOST_TEST(contains(r.out, "  certified   no: " + why), r.out);
  const auto c = run_cli({"run", "--algorithm", "lilucb-certified", "--scenario", "sparse", "--n", "3", "--nu", "0.1"});
  BOOST_TEST(c.status == 0);
  BOOST_TEST(c.err == "");
  BOOST_TEST(contains(c.out, "  certified   yes: Theorem R"), c.out);
  // The same preset with --sigma below the arms' scale (Bernoulli arms: 0.5): not certified, and why.
  const auto below = run_cli({"run", "--algorithm", "lilucb-certified", "--means", "0.6,0.4", "--model", "bernoulli",
                              "--nu", "0.1", "--sigma", "0.1", "--max-pulls", "100000", "--json"});
  BOOST_TEST(below.status == 0);
  const json j = json::parse(below.out);
  BOOST_TEST(!j["certified"].get<bool>());
  BOOST_TEST(contains(j["certificate"].get<std::string>(), "is below the arms' sub-Gaussian scale 0.5"));
  BOOST_TEST(below.err == uncertified_note(j));
}

// The text line "  parameters  name=value ..." lists the library's run_parameters::named() in its
// order (the JSON object is sorted by key, so only this line shows the order), each value to the
// ten significant digits the text prints.
BOOST_AUTO_TEST_CASE(text_parameters_in_named_order) {
  const auto means = bandit::sparse_means(4);
  bandit::run_options o;
  o.nu = 0.1;
  o.sigma = 0.5;
  o.seed = 3;
  const bandit::gaussian_arms arms(means, 0.5);
  struct item {
    std::vector<std::string> what;
    bandit::run_parameters library;
  };
  std::vector<item> items;
  for (const auto& name : algorithm_names())
    items.push_back({{"--algorithm", name}, bandit::run_algorithm(bandit::parse_algorithm(name), arms, o).parameters});
  auto combo = [&](std::vector<std::string> what, bandit::combination c) {
    items.push_back({std::move(what), bandit::run_combination(c, arms, o).run.parameters});
  };
  combo({"--sampling", "lilucb", "--stopping", "lilucb"}, {bandit::sampling_rule::lilucb, bandit::stopping_rule::lilucb});
  combo({"--sampling", "lilucb", "--stopping", "ls"}, {bandit::sampling_rule::lilucb, bandit::stopping_rule::ls});
  combo({"--sampling", "lucb1", "--stopping", "glr"}, {bandit::sampling_rule::lucb1, bandit::stopping_rule::glr});
  combo({"--sampling", "t3c", "--stopping", "glr", "--threshold", "mixture", "--rho", "2"},
        {bandit::sampling_rule::t3c, bandit::stopping_rule::glr, bandit::glr_threshold::mixture, bandit::stopping::ls_boundary::lil, 2.0});
  combo({"--sampling", "eb-tci", "--stopping", "ls", "--boundary", "stitched"},
        {bandit::sampling_rule::eb_tci, bandit::stopping_rule::ls, bandit::glr_threshold::heuristic, bandit::stopping::ls_boundary::stitched});
  for (const auto& it : items) {
    std::vector<std::string> args = {"run", "--scenario", "sparse", "--n", "4", "--nu", "0.1", "--seed", "3"};
    args.insert(args.begin() + 1, it.what.begin(), it.what.end());
    BOOST_TEST_CONTEXT(show(args)) {
      const auto r = run_cli(args);
      BOOST_TEST(r.status == 0);
      const std::string key = "\n  parameters ";
      const auto at = r.out.find(key);
      BOOST_TEST_REQUIRE(at != std::string::npos, r.out);
      std::istringstream line(r.out.substr(at + key.size(), r.out.find('\n', at + 1) - at - key.size()));
      std::vector<std::string> names;
      std::vector<double> values;
      for (std::string tok; line >> tok;) {
        const auto eq = tok.find('=');
        BOOST_TEST_REQUIRE(eq != std::string::npos, tok);
        names.push_back(tok.substr(0, eq));
        values.push_back(std::stod(tok.substr(eq + 1)));
      }
      const auto want = it.library.named();
      std::vector<std::string> want_names;
      for (const auto& [k, v] : want) want_names.emplace_back(k);
      BOOST_TEST(names == want_names, boost::test_tools::per_element());
      if (values.size() == want.size())
        for (std::size_t k = 0; k < want.size(); ++k)
          BOOST_TEST(values[k] == want[k].second, boost::test_tools::tolerance(1e-9));
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()

// =========================================================================================
BOOST_AUTO_TEST_SUITE(invalid_input)

namespace {
struct invalid_case {
  std::vector<std::string> args;
  std::vector<std::string> must_contain;  // the parameter (and the offending value)
};

std::vector<std::string> sparse(std::vector<std::string> extra, const std::string& alg = "lilucb") {
  std::vector<std::string> v = {"run", "--algorithm", alg, "--scenario", "sparse", "--n", "3"};
  v.insert(v.end(), extra.begin(), extra.end());
  v.push_back("--json");
  return v;
}

std::vector<std::string> with_means(const std::string& means, std::vector<std::string> extra = {}) {
  std::vector<std::string> v = {"run", "--algorithm", "lilucb", "--means", means, "--nu", "0.1"};
  v.insert(v.end(), extra.begin(), extra.end());
  v.push_back("--json");
  return v;
}

std::vector<std::string> with_file(const std::string& file) {
  return {"run", "--algorithm", "lilucb", "--means-file", file, "--nu", "0.1", "--json"};
}
}  // namespace

BOOST_AUTO_TEST_CASE(exit_2_and_one_line_naming_the_parameter) {
  temp_dir dir;
  const std::string junk = dir.file("junk.txt", "0.5\nabc\n");
  const std::string nan_file = dir.file("nan.txt", "# c\n0.5\nnan\n");
  const std::string empty = dir.file("empty.txt", "");
  const std::string comments = dir.file("comments.txt", "# nothing\n\n");
  const std::string tie_file = dir.file("tie.txt", "0.5\n0.5\n");
  const std::string missing = (dir.path / "no-such-file.txt").string();
  const std::string good = dir.file("good.txt", "0.5\n0.1\n");

  const std::vector<invalid_case> cases = {
      // unknown algorithm
      {sparse({"--nu", "0.1"}, "foo"), {"algorithm", "foo"}},
      {sparse({"--nu", "0.1"}, "LILUCB"), {"algorithm", "LILUCB"}},
      // half a combination (neither half runs the recommended method: certified_by_default)
      {{"run", "--sampling", "t3c", "--scenario", "sparse", "--n", "3", "--nu", "0.1"}, {"--stopping", "(missing)"}},
      {{"run", "--stopping", "glr", "--scenario", "sparse", "--n", "3", "--nu", "0.1"}, {"--sampling", "(missing)"}},
      // nu outside (0, 1)
      {sparse({"--nu", "0"}), {"nu = 0;"}},
      {sparse({"--nu", "1"}), {"nu = 1;"}},
      {sparse({"--nu", "-0.5"}), {"nu", "-0.5"}},
      {sparse({"--nu", "1.5"}), {"nu", "1.5"}},
      {sparse({"--nu", "nan"}), {"nu", "nan"}},
      {sparse({"--nu", "inf"}), {"nu", "inf"}},
      {sparse({"--nu", "abc"}), {"--nu", "'abc'"}},
      {sparse({}), {"--nu"}},
      // n < 1, n missing or not a count
      {{"run", "--algorithm", "lilucb", "--scenario", "sparse", "--n", "0", "--nu", "0.1"}, {"n = 0"}},
      {{"run", "--algorithm", "lilucb", "--scenario", "alpha", "--alpha", "0.3", "--n", "0", "--nu", "0.1"}, {"n = 0"}},
      {{"run", "--algorithm", "lilucb", "--scenario", "sparse", "--nu", "0.1"}, {"--n"}},
      {{"run", "--algorithm", "lilucb", "--scenario", "sparse", "--n", "-2", "--nu", "0.1"}, {"--n", "'-2'"}},
      {{"run", "--algorithm", "lilucb", "--scenario", "sparse", "--n", "2.5", "--nu", "0.1"}, {"--n", "'2.5'"}},
      // sigma <= 0
      {sparse({"--nu", "0.1", "--sigma", "0"}), {"sigma = 0;"}},
      {sparse({"--nu", "0.1", "--sigma", "-1"}), {"sigma", "-1"}},
      {sparse({"--nu", "0.1", "--sigma", "nan"}), {"sigma", "nan"}},
      {sparse({"--nu", "0.1", "--sigma", "inf"}), {"sigma", "inf"}},
      // a tie for the best mean
      {with_means("0.5,0.5,0.1"), {"means[1]", "0.5"}},
      {with_means("0.1,0.7,0.7"), {"means[2]", "0.7"}},
      {with_file(tie_file), {"means[1]", "0.5"}},
      // Bernoulli means outside [0, 1]
      {with_means("0.5,1.5", {"--model", "bernoulli"}), {"means[1]", "1.5"}},
      {with_means("-0.5,0.2", {"--model", "bernoulli"}), {"means[0]", "-0.5"}},
      {sparse({"--nu", "0.1", "--gap", "2", "--model", "bernoulli"}), {"means[0]", "2"}},
      // means: junk, NaN, empty
      {with_means("0.5,abc"), {"--means[1]", "'abc'"}},
      {with_means("0.5,,0.1"), {"--means[1]", "''"}},
      {with_means("0.5,nan"), {"means[1]", "nan"}},
      // An empty --means is an empty value, refused before anything runs (never "absent").
      {with_means(""), {"--means", "non-empty"}},
      {{"run", "--algorithm", "lilucb", "--means", "", "--scenario", "sparse", "--n", "3", "--nu", "0.1"},
       {"--means"}},
      {with_file(junk), {junk + ":2", "'abc'"}},
      {with_file(nan_file), {nan_file + ":3", "nan"}},
      {with_file(empty), {empty, "no means"}},
      {with_file(comments), {comments, "no means"}},
      // two (or no) instance sources
      {{"run", "--algorithm", "lilucb", "--means", "0.5,0.1", "--scenario", "sparse", "--n", "3", "--nu", "0.1"},
       {"instance", "2 sources"}},
      {{"run", "--algorithm", "lilucb", "--means", "0.5,0.1", "--means-file", good, "--nu", "0.1"}, {"instance", "2 sources"}},
      {{"run", "--algorithm", "lilucb", "--means", "0.5,0.1", "--means-file", good, "--scenario", "sparse", "--n", "3",
        "--nu", "0.1"},
       {"instance", "3 sources"}},
      {{"run", "--algorithm", "lilucb", "--nu", "0.1"}, {"instance", "0 sources"}},
      // alpha scenario
      {{"run", "--algorithm", "lilucb", "--scenario", "alpha", "--n", "5", "--nu", "0.1"}, {"--alpha"}},
      {{"run", "--algorithm", "lilucb", "--scenario", "alpha", "--n", "5", "--alpha", "0", "--nu", "0.1"}, {"alpha = 0"}},
      {{"run", "--algorithm", "lilucb", "--scenario", "alpha", "--n", "5", "--alpha", "x", "--nu", "0.1"}, {"--alpha", "'x'"}},
      // other options
      {sparse({"--nu", "0.1", "--gap", "0"}), {"gap = 0"}},
      {{"run", "--algorithm", "lilucb", "--scenario", "dense", "--n", "3", "--nu", "0.1"}, {"--scenario", "dense"}},
      {sparse({"--nu", "0.1", "--model", "poisson"}), {"--model", "poisson"}},
      {sparse({"--nu", "0.1", "--inner", "foo"}), {"inner", "foo"}},
      {sparse({"--nu", "0.1", "--max-pulls", "-1"}), {"--max-pulls", "'-1'"}},
      {sparse({"--nu", "0.1", "--seed", "abc"}), {"--seed", "'abc'"}},
      {sparse({"--nu", "0.1", "--bogus"}), {"--bogus"}},
      // the anytime-boundary stopping rules: an unknown boundary; kk21 and calibrated on Bernoulli arms
      {{"run", "--sampling", "uniform", "--stopping", "ls", "--boundary", "stiched", "--scenario", "sparse", "--n", "3",
        "--nu", "0.1"},
       {"boundary", "stiched"}},
      {{"run", "--sampling", "uniform", "--stopping", "glr", "--threshold", "kk21", "--model", "bernoulli", "--scenario",
        "sparse", "--n", "3", "--nu", "0.1"},
       {"threshold", "kk21"}},
      {{"run", "--sampling", "uniform", "--stopping", "ls", "--boundary", "calibrated", "--model", "bernoulli",
        "--scenario", "sparse", "--n", "3", "--nu", "0.1"},
       {"boundary", "calibrated"}},
      // a rule option that does not complete the chosen stopping rule, or given with a preset
      {{"run", "--sampling", "uniform", "--stopping", "ls", "--threshold", "kk21", "--scenario", "sparse", "--n", "3",
        "--nu", "0.1"},
       {"--threshold", "kk21", "--stopping ls"}},
      {{"run", "--sampling", "uniform", "--stopping", "glr", "--boundary", "stitched", "--scenario", "sparse", "--n",
        "3", "--nu", "0.1"},
       {"--boundary", "stitched", "--stopping glr"}},
      {{"run", "--sampling", "lilucb", "--stopping", "lilucb", "--threshold", "heuristic", "--scenario", "sparse",
        "--n", "3", "--nu", "0.1"},
       {"--threshold", "--stopping lilucb"}},
      {{"run", "--algorithm", "lilucb-heuristic", "--boundary", "lil", "--scenario", "sparse", "--n", "3", "--nu",
        "0.1"},
       {"--boundary", "--algorithm"}},
      {{"run", "--algorithm", "t3c+glr-heuristic", "--threshold", "kk21", "--scenario", "sparse", "--n", "3", "--nu",
        "0.1"},
       {"--threshold", "--algorithm"}},
      {{"run", "--sampling", "uniform", "--stopping", "glr", "--threshold", "kk21", "--rho", "2", "--scenario",
        "sparse", "--n", "3", "--nu", "0.1"},
       {"--rho", "mixture"}},
  };
  for (const auto& c : cases) {
    BOOST_TEST_CONTEXT(show(c.args)) {
      const auto r = run_cli(c.args);
      check_one_line_error(r);
      for (const auto& s : c.must_contain) BOOST_TEST(contains(r.err, s), "stderr lacks \"" << s << "\": " << r.err);
    }
  }
  // A means file that does not exist is a file problem: exit 3 with the path and the reason.
  const auto r = run_cli(with_file(missing));
  BOOST_TEST(r.status == 3, r.err);
  BOOST_TEST(r.out == "");
  BOOST_TEST(count_char(r.err, '\n') == 1u, r.err);
  for (const std::string& s : {std::string("--means-file"), missing, std::string("No such file or directory")})
    BOOST_TEST(contains(r.err, s), "stderr lacks \"" << s << "\": " << r.err);
}

// `lilucb run --help` lists every rule of the registry (lilucb/bandit/rules.hpp) by name, with
// each certified threshold's and boundary's statement.
BOOST_AUTO_TEST_CASE(help_lists_every_rule_of_the_registry) {
  const auto r = run_cli({"run", "--help"});
  BOOST_TEST(r.status == 0);
  const auto listed = [&](std::string_view option, std::string_view name) {
    const auto at = r.out.find("\n  " + std::string(option) + " ");
    const auto next = r.out.find("\n  --", at + 1);
    return at != std::string::npos &&
           r.out.substr(at, next == std::string::npos ? std::string::npos : next - at).find(std::string(name) + " (") !=
               std::string::npos;
  };
  for (const auto& d : bandit::sampling_rules) BOOST_TEST(listed("--sampling", d.name), d.name);
  for (const auto& d : bandit::stopping_rules) BOOST_TEST(listed("--stopping", d.name), d.name);
  for (const auto& d : bandit::glr_thresholds) {
    BOOST_TEST(listed("--threshold", d.name), d.name);
    if (d.certified) BOOST_TEST(contains(r.out, std::string(d.statement)), d.statement);
  }
  for (const auto& d : bandit::ls_boundaries) BOOST_TEST(listed("--boundary", d.name), d.name);
}

// The valid edges next to the invalid ones succeed.
BOOST_AUTO_TEST_CASE(valid_edges_succeed) {
  const std::vector<std::vector<std::string>> ok = {
      sparse({"--nu", "1e-12", "--max-pulls", "50"}),
      sparse({"--nu", "0.999999", "--max-pulls", "50"}),
      {"run", "--algorithm", "lilucb", "--scenario", "sparse", "--n", "1", "--nu", "0.1", "--json"},
      {"run", "--algorithm", "lilucb", "--scenario", "alpha", "--n", "1", "--alpha", "0.3", "--nu", "0.1", "--json"},
      with_means("0,1", {"--model", "bernoulli"}),
      with_means("0.5,0.5000001", {"--max-pulls", "100"}),
      sparse({"--nu", "0.1", "--sigma", "1e-300", "--max-pulls", "50"}),
  };
  for (const auto& args : ok) {
    BOOST_TEST_CONTEXT(show(args)) {
      const auto r = run_cli(args);
      BOOST_TEST(r.status == 0);
      // Nothing on stderr, or the one note of an uncertified preset (lilucb: the paper's setting).
      BOOST_TEST((r.err == "" || (r.err.rfind("lilucb run: note: lilucb is not certified (", 0) == 0 &&
                                  count_char(r.err, '\n') == 1u)),
                 r.err);
      BOOST_TEST(!r.out.empty());
    }
  }
}

// GLR with the mixture threshold (Proposition M, docs/certified-glr/propositions.md): certified, named, the
// fixed scale recorded; --rho only with --stopping glr --threshold mixture, and positive.
BOOST_AUTO_TEST_CASE(glr_mixture_threshold) {
  const std::vector<std::string> base{"run", "--sampling", "t3c", "--stopping", "glr", "--threshold", "mixture",
                                      "--means", "0.5,0,0.1", "--nu", "0.1", "--json"};
  const json j = expect_json(base);
  BOOST_TEST(j["certified"].get<bool>());
  BOOST_TEST(j["threshold"].get<std::string>() == "mixture");
  BOOST_TEST(j["certificate"].get<std::string>().find("Proposition M") != std::string::npos);
  BOOST_TEST(j["correct"].get<bool>());
  auto with_rho = base;
  with_rho.insert(with_rho.end(), {"--rho", "2"});
  const json f = expect_json(with_rho);
  BOOST_TEST(f["parameters"]["mixture_rho"].get<double>() == 2.0);
  BOOST_TEST(f["certificate"].get<std::string>().find("rho=2") != std::string::npos);
  const std::vector<std::pair<std::vector<std::string>, std::string>> bad{
      {{"run", "--sampling", "t3c", "--stopping", "glr", "--means", "0.5,0", "--nu", "0.1", "--rho", "2"}, "--rho"},
      {{"run", "--algorithm", "lilucb", "--means", "0.5,0", "--nu", "0.1", "--rho", "2"}, "--rho"},
      {{"run", "--sampling", "t3c", "--stopping", "glr", "--threshold", "mixture", "--means", "0.5,0", "--nu", "0.1",
        "--rho", "0"},
       "--rho = 0"},
      {{"run", "--sampling", "t3c", "--stopping", "glr", "--threshold", "mixture", "--means", "0.5,0", "--nu", "0.1",
        "--rho", "nan"},
       "--rho"},
      {{"run", "--sampling", "t3c", "--stopping", "glr", "--threshold", "mix", "--means", "0.5,0", "--nu", "0.1"},
       "mixture"}};
  for (const auto& [args, must] : bad) {
    BOOST_TEST_CONTEXT(show(args)) {
      const auto r = run_cli(args);
      check_one_line_error(r);
      BOOST_TEST(contains(r.err, must), r.err);
    }
  }
}

// --algorithm also takes a combination's name as `run` prints it: the same run, byte for byte, as
// --sampling/--stopping; a malformed name is exit 2 naming the combination.
BOOST_AUTO_TEST_CASE(algorithm_takes_a_combination_name) {
  const std::vector<std::string> tail = {"--scenario", "alpha", "--n", "12", "--alpha", "0.6", "--nu", "0.05", "--seed", "4", "--json"};
  const auto with = [&](std::vector<std::string> what) {
    std::vector<std::string> args = {"run"};
    args.insert(args.end(), what.begin(), what.end());
    args.insert(args.end(), tail.begin(), tail.end());
    return run_cli(args);
  };
  for (const auto& [name, parts] : std::vector<std::pair<std::string, std::vector<std::string>>>{
           {"t3c-ids+glr-pooled-per-arm", {"--sampling", "t3c-ids", "--stopping", "glr", "--threshold", "pooled-per-arm"}},
           {"eb-tci+ls-stitched", {"--sampling", "eb-tci", "--stopping", "ls", "--boundary", "stitched"}},
           {"lilucb+lilucb", {"--sampling", "lilucb", "--stopping", "lilucb"}}}) {
    const auto a = with({"--algorithm", name}), b = with(parts);
    BOOST_TEST_CONTEXT(name) {
      BOOST_TEST(a.status == 0, a.err);
      BOOST_TEST(a.out == b.out);
      BOOST_TEST(contains(a.out, "\"algorithm\": \"" + name + "\""));
    }
  }
  const auto bad = with({"--algorithm", "t3c-ids+glr"});
  BOOST_TEST(bad.status == 2);
  BOOST_TEST(contains(bad.err, "combination = 't3c-ids+glr'"), bad.err);
}

// With neither --algorithm nor --sampling/--stopping, `run` runs the recommended certified method
// for the arms (t3c-ids+glr-pooled-per-arm; t3c-ids+glr-pooled-kl on Bernoulli arms); --stopping glr
// without --threshold takes the recommended certified threshold (the same run); the heuristic
// threshold still runs, and says on stderr, in one line, that its answer is not certified.
BOOST_AUTO_TEST_CASE(certified_by_default) {
  const auto cat = [](std::vector<std::string> head, const std::vector<std::string>& tail) {
    head.insert(head.end(), tail.begin(), tail.end());
    return head;
  };
  const std::vector<std::string> gaussian{"--means", "0.5,0.3,0.2", "--nu", "0.1", "--seed", "2", "--json"};
  const std::vector<std::string> bernoulli{"--means", "0.5,0.3,0.2", "--model", "bernoulli", "--nu", "0.1", "--seed", "2", "--json"};
  BOOST_TEST(bandit::to_string(bandit::recommended_combination(bandit::reward_model::gaussian)) ==
             "t3c-ids+glr-pooled-weighted");
  BOOST_TEST(bandit::to_string(bandit::recommended_combination(bandit::reward_model::bernoulli)) ==
             "t3c-ids+glr-pooled-kl");
  BOOST_TEST(bandit::to_string(bandit::recommended_combination(bandit::reward_model::bounded)) ==
             "t3c-ids-matched+glr-pooled-betting");
  const std::vector<std::string> bounded{"--means", "3,2,1", "--model", "bounded", "--range", "0,4", "--nu", "0.1", "--seed", "2", "--json"};
  const std::vector<std::string> unknown{"--means", "0.5,0.3,0.2", "--sigma", "unknown", "--arm-sigmas", "0.2,1,0.5",
                                        "--nu", "0.1", "--seed", "2", "--json"};
  BOOST_TEST(bandit::to_string(bandit::recommended_combination(bandit::reward_model::gaussian_unknown_variance)) ==
             "t3c-ids-matched+glr-paired-t");
  for (const auto& [tail, model] : {std::pair{gaussian, bandit::reward_model::gaussian},
                                    std::pair{bernoulli, bandit::reward_model::bernoulli},
                                    std::pair{bounded, bandit::reward_model::bounded},
                                    std::pair{unknown, bandit::reward_model::gaussian_unknown_variance}}) {
    const std::string name = bandit::to_string(bandit::recommended_combination(model));
    BOOST_TEST_CONTEXT(name) {
      const json plain = expect_json(cat({"run"}, tail));
      BOOST_TEST(plain["algorithm"].get<std::string>() == name);
      BOOST_TEST(plain["certified"].get<bool>());
      BOOST_TEST(plain["correct"].get<bool>());
      const std::string sampler(bandit::describe(bandit::recommended_combination(model).sampling).name);
      const json glr = expect_json(cat({"run", "--sampling", sampler, "--stopping", "glr"}, tail));
      BOOST_TEST(glr.dump() == plain.dump());
      const json named = expect_json(cat({"run", "--algorithm", name}, tail));
      BOOST_TEST(named.dump() == plain.dump());
    }
  }
  const auto h = run_cli(cat({"run", "--sampling", "t3c-ids", "--stopping", "glr", "--threshold", "heuristic"}, gaussian));
  BOOST_TEST(h.status == 0, h.err);
  BOOST_TEST(count_char(h.err, '\n') == 1u, h.err);
  BOOST_TEST(contains(h.err, "lilucb run: note: t3c-ids+glr-heuristic is not certified"), h.err);
  BOOST_TEST(!json::parse(h.out)["certified"].get<bool>());
  // A rule option without a rule is still refused: it completes --stopping.
  const auto t = run_cli(cat({"run", "--threshold", "heuristic"}, gaussian));
  check_one_line_error(t);
  BOOST_TEST(contains(t.err, "--algorithm"), t.err);
}

// --model bounded --range LO,HI [--concentration K]: the run is the library's on bounded_arms (same
// pulls and answer); pooled-kl and pooled-eb are certified there (no sigma); a sigma rule is
// certified only for sigma >= (HI - LO)/2; --range is required with bounded arms and refused
// without them, as --concentration; means outside the range are refused.  Exit 2 and one line.
BOOST_AUTO_TEST_CASE(bounded_arms_with_a_range) {
  const std::vector<double> means{3, 2.6, 1};
  for (const char* threshold : {"pooled-eb", "pooled-kl", "pooled-per-arm"})
    for (const char* sigma : {"", "1.5", "2"}) {
      std::vector<std::string> args{"run", "--sampling", "t3c-ids", "--stopping", "glr", "--threshold", threshold,
                                    "--means", "3,2.6,1", "--model", "bounded", "--range", "0,4", "--concentration",
                                    "4", "--nu", "0.1", "--seed", "3", "--json"};
      if (*sigma) args.insert(args.end(), {"--sigma", sigma});
      BOOST_TEST_CONTEXT(show(args)) {
        const auto r = run_cli(args);
        BOOST_TEST(r.status == 0, r.err);
        const json j = json::parse(r.out);
        bandit::run_options o;
        o.nu = 0.1;
        o.seed = 3;
        o.sigma = *sigma ? std::stod(sigma) : 0.5;
        bandit::combination c;
        c.sampling = bandit::sampling_rule::t3c_ids;
        c.stopping = bandit::stopping_rule::glr;
        c.threshold = bandit::parse_glr_threshold(threshold);
        const auto lib = bandit::run_combination(c, bandit::bounded_arms(means, 0, 4, 4), o);
        BOOST_TEST(j["pulls"].get<std::uint64_t>() == lib.run.pulls);
        BOOST_TEST(j["counts"].get<std::vector<std::uint64_t>>() == lib.run.counts, boost::test_tools::per_element());
        BOOST_TEST(j["best_arm"].get<std::uint64_t>() == lib.run.best_arm);
        BOOST_TEST(j["certified"].get<bool>() == lib.certified);
        BOOST_TEST(j["parameters"]["model"].get<std::string>() == "bounded");
        BOOST_TEST(j["parameters"]["arms"] == j["parameters"]["model"]);
        BOOST_TEST(j["parameters"]["range"] == json::array({0.0, 4.0}));
        BOOST_TEST(j["parameters"]["concentration"].get<double>() == 4.0);
        // Certified: pooled-kl and pooled-eb always; pooled-per-arm only at sigma >= 2 (the
        // default 0.5 and 1.5 are below the range's sub-Gaussian scale).
        const bool sigma_rule = std::string(threshold) == "pooled-per-arm";
        BOOST_TEST(j["certified"].get<bool>() == (!sigma_rule || std::string(sigma) == "2"));
        BOOST_TEST(contains(r.err, "is not certified") == (sigma_rule && std::string(sigma) != "2"), r.err);
      }
    }
  // The recommended method on bounded arms is certified (certified_by_default runs it too).
  const json d = expect_json({"run", "--means", "0.9,0.5", "--model", "bounded", "--range", "-1,1", "--nu", "0.05", "--json"});
  BOOST_TEST(d["certified"].get<bool>());
  BOOST_TEST(d["correct"].get<bool>());
  BOOST_TEST(d["parameters"]["concentration"].get<double>() == 9.0);
  const std::vector<std::pair<std::vector<std::string>, std::string>> refused{
      {{"run", "--means", "3,2", "--nu", "0.1", "--range", "0,4"}, "--range"},
      {{"run", "--means", "0.3,0.2", "--model", "bernoulli", "--nu", "0.1", "--range", "0,1"}, "--range"},
      {{"run", "--means", "3,2", "--nu", "0.1", "--concentration", "3"}, "--concentration"},
      {{"run", "--means", "3,2", "--model", "bounded", "--nu", "0.1"}, "--range"},
      {{"run", "--means", "3,2", "--model", "bounded", "--range", "4,0", "--nu", "0.1"}, "--range"},
      {{"run", "--means", "3,2", "--model", "bounded", "--range", "0", "--nu", "0.1"}, "--range"},
      {{"run", "--means", "3,2", "--model", "bounded", "--range", "0,inf", "--nu", "0.1"}, "--range"},
      {{"run", "--means", "3,2", "--model", "bounded", "--range", "0,3", "--nu", "0.1"}, "--means"},
      {{"run", "--means", "3,-1", "--model", "bounded", "--range", "0,4", "--nu", "0.1"}, "--means"},
      {{"run", "--means", "3,2", "--model", "bounded", "--range", "0,4", "--concentration", "0", "--nu", "0.1"},
       "--concentration"},
      {{"run", "--means", "3,2", "--model", "bounded", "--range", "0,4", "--nu", "0.1", "--sampling", "kl-lucb",
        "--stopping", "glr"},
       "sampling"},
      {{"run", "--means", "3,2", "--nu", "0.1", "--sampling", "t3c", "--stopping", "glr", "--threshold", "pooled-eb"},
       "threshold"},
      // An unknown variance: the rules that read sigma, presets, non-Gaussian arms and bad --arm-sigmas.
      {{"run", "--means", "1,0", "--nu", "0.1", "--sigma", "unknown", "--sampling", "t3c", "--stopping", "glr",
        "--threshold", "one-sided"},
       "threshold"},
      {{"run", "--means", "1,0", "--nu", "0.1", "--sigma", "unknown", "--sampling", "t3c", "--stopping", "ls"},
       "boundary"},
      {{"run", "--means", "1,0", "--nu", "0.1", "--sigma", "unknown", "--algorithm", "lilucb"}, "unknown_variance"},
      {{"run", "--means", "0.5,0.4", "--nu", "0.1", "--sigma", "unknown", "--model", "bernoulli"}, "--sigma"},
      {{"run", "--means", "1,0", "--nu", "0.1", "--sigma", "unknown", "--arm-sigmas", "1,2,3"}, "--arm-sigmas"},
      {{"run", "--means", "1,0", "--nu", "0.1", "--sigma", "unknown", "--arm-sigmas", "1,0"}, "--arm-sigmas"},
      {{"run", "--means", "1,0", "--nu", "0.1", "--sigma", "unknowable"}, "--sigma"},
      {{"run", "--means", "0.5,0.4", "--nu", "0.1", "--model", "bernoulli", "--threshold", "gu", "--sampling", "t3c",
        "--stopping", "glr"},
       "threshold"},
  };
  for (const auto& [args, name] : refused)
    BOOST_TEST_CONTEXT(show(args)) {
      const auto r = run_cli(args);
      check_one_line_error(r);
      BOOST_TEST(contains(r.err, name), r.err);
    }
}

BOOST_AUTO_TEST_SUITE_END()

// --epsilon E: an epsilon-good question.  On tied best arms the recommended method
// (eb-tci-ids+glr-one-sided, Proposition Gε-M1) stops, is certified and counts any epsilon-good arm
// as correct; the library's run is the CLI's; --threshold heuristic (the practice) says it is not
// certified; a preset, a threshold that does not answer it, a relative epsilon with a negative
// mean and --epsilon-relative alone are refused with exit 2, naming the option.
BOOST_AUTO_TEST_CASE(epsilon_good_question) {
  const json j = expect_json({"run", "--means", "0.5,0.5,0.45,0.1", "--sigma", "0.5", "--epsilon", "0.1", "--nu", "0.1",
                              "--seed", "4", "--json"});
  BOOST_TEST(j["algorithm"] == "eb-tci-ids+glr-one-sided");
  BOOST_TEST(j["status"] == "stopped");
  BOOST_TEST(j["certified"] == true);
  BOOST_TEST(j["question"] == "epsilon-good (epsilon = 0.1)");
  BOOST_TEST(j["good_arms"] == json::array({0, 1, 2}));
  BOOST_TEST(j["correct"] == (j["best_arm"].get<int>() <= 2));
  BOOST_TEST(j["parameters"]["epsilon"] == 0.1);
  BOOST_TEST(j["certificate"].get<std::string>().find("Proposition Gε-M1") != std::string::npos);
  bandit::combination c = bandit::recommended_combination(bandit::reward_model::gaussian, {0.1, false});
  bandit::run_options o;
  o.nu = 0.1;
  o.sigma = 0.5;
  o.seed = 4;
  const auto lib = bandit::run_combination(c, bandit::gaussian_arms({0.5, 0.5, 0.45, 0.1}, 0.5), o);
  BOOST_TEST(j["pulls"].get<std::uint64_t>() == lib.run.pulls);
  BOOST_TEST(j["best_arm"].get<std::size_t>() == lib.run.best_arm);
  // The practice, relative, Bernoulli.
  const auto p = run_cli({"run", "--means", "0.5,0.5,0.3", "--model", "bernoulli", "--epsilon", "0.1", "--epsilon-relative",
                          "--sampling", "t3c-ids", "--stopping", "glr", "--threshold", "heuristic", "--nu", "0.1", "--json"});
  BOOST_TEST(p.status == 0, p.err);
  BOOST_TEST(p.err.find("not certified") != std::string::npos, p.err);
  const json pj = json::parse(p.out);
  BOOST_TEST(pj["parameters"]["epsilon_relative"] == 0.1);
  BOOST_TEST(pj["certified"] == false);
  // Refusals.
  for (const auto& [args, name] : std::vector<std::pair<std::vector<std::string>, std::string>>{
           {{"--algorithm", "lilucb-heuristic", "--epsilon", "0.1"}, "--epsilon"},
           {{"--sampling", "t3c", "--stopping", "glr", "--threshold", "pooled-per-arm", "--epsilon", "0.1"}, "epsilon"},
           {{"--epsilon-relative"}, "--epsilon-relative"},
           {{"--epsilon", "1", "--epsilon-relative"}, "epsilon"},
           {{"--epsilon", "-0.1"}, "--epsilon"}}) {
    std::vector<std::string> a{"run", "--means", "0.5,0.4", "--nu", "0.1"};
    a.insert(a.end(), args.begin(), args.end());
    const auto r = run_cli(a);
    BOOST_TEST_CONTEXT(args.back()) {
      BOOST_TEST(r.status == 2, r.err);
      BOOST_TEST(r.err.find(name) != std::string::npos, r.err);
    }
  }
  const auto neg = run_cli({"run", "--means", "0.5,-0.4", "--nu", "0.1", "--epsilon", "0.1", "--epsilon-relative"});
  BOOST_TEST(neg.status == 2, neg.err);
  BOOST_TEST(neg.err.find("means") != std::string::npos, neg.err);
}

// A top-m question: the answer is a set (JSON "answer", "true_top"), judged as a set; the default
// method is lucb-glr+glr-one-sided (Proposition TM-M1), the same run as the library's; --runs
// counts wrong sets; refusals name --top or top.
BOOST_AUTO_TEST_CASE(top_m_question) {
  const json j = expect_json({"run", "--means", "0.5,0.1,0.45,0.2,0.3", "--sigma", "0.5", "--top", "2", "--nu", "0.1",
                              "--seed", "4", "--json"});
  BOOST_TEST(j["algorithm"] == "lucb-glr+glr-one-sided");
  BOOST_TEST(j["status"] == "stopped");
  BOOST_TEST(j["certified"] == true);
  BOOST_TEST(j["question"] == "top 2");
  BOOST_TEST(j["answer"] == json::array({0, 2}));
  BOOST_TEST(j["true_top"] == json::array({0, 2}));
  BOOST_TEST(j["correct"] == true);
  BOOST_TEST(j["parameters"]["top"] == 2);
  BOOST_TEST(j["certificate"].get<std::string>().find("Proposition TM-M1") != std::string::npos);
  bandit::answer_target t;
  t.top = 2;
  const auto lib = bandit::run_combination(bandit::recommended_combination(bandit::reward_model::gaussian, t),
                                           bandit::gaussian_arms({0.5, 0.1, 0.45, 0.2, 0.3}, 0.5),
                                           [] { bandit::run_options o; o.nu = 0.1; o.sigma = 0.5; o.seed = 4; return o; }());
  BOOST_TEST(j["pulls"].get<std::uint64_t>() == lib.run.pulls);
  const auto practice = run_cli({"run", "--means", "0.5,0.1,0.45,0.2,0.3", "--top", "2", "--nu", "0.1", "--runs", "20",
                                 "--threshold", "heuristic", "--sampling", "tt-topm", "--stopping", "glr", "--json"});
  BOOST_TEST(practice.status == 0, practice.err);
  BOOST_TEST(practice.err.find("not certified") != std::string::npos, practice.err);
  const json many = json::parse(practice.out);
  BOOST_TEST(many["runs"] == 20);
  BOOST_TEST(many["true_top"] == json::array({0, 2}));
  for (const auto& [args, name] : std::vector<std::pair<std::vector<std::string>, std::string>>{
           {{"--algorithm", "lilucb-heuristic", "--top", "2"}, "--top"},
           {{"--sampling", "t3c", "--stopping", "glr", "--threshold", "pooled", "--top", "2"}, "top"},
           {{"--top", "3"}, "top"},
           {{"--top", "0"}, "--top"}}) {
    std::vector<std::string> a{"run", "--means", "0.5,0.4,0.3", "--nu", "0.1"};
    a.insert(a.end(), args.begin(), args.end());
    const auto r = run_cli(a);
    BOOST_TEST_CONTEXT(args.front() << " " << args.back()) {
      BOOST_TEST(r.status == 2, r.err);
      BOOST_TEST(r.err.find(name) != std::string::npos, r.err);
    }
  }
}
