// End-to-end tests of `lilucb plan` and `lilucb run --runs`: the JSON equals the library's planner
// called in this process (same request, same seed), the text names the certified method, the
// practice as uncertified and the numbers, --csv and --plot write the distribution, the thread
// count changes nothing, run --runs summarises as the planner does, and invalid input is one line
// naming the option.

#include <boost/test/unit_test.hpp>

#include "lilucb_experiments/sample_size.hpp"

#include "lilucb/bandit/compose.hpp"
#include "lilucb/theory/characteristic_time.hpp"
#include "lilucb/theory/characteristic_time_unknown_variance.hpp"

#include <nlohmann/json.hpp>

#include "cli_harness.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>

namespace fs = std::filesystem;
using json = nlohmann::json;
using namespace cli_harness;
namespace lb = lilucb::bandit;
namespace ex = lilucb::experiments;

namespace {

json parse_out(const cli_result& r, const std::vector<std::string>& args) {
  BOOST_TEST_REQUIRE(r.status == 0, show(args) << ": " << r.err);
  return json::parse(r.out);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(plan_command)

BOOST_AUTO_TEST_CASE(json_equals_the_library_planner) {
  const std::vector<std::string> args{"plan", "--means", "0.6,0.4,0.3", "--model", "bernoulli", "--nu", "0.1",
                                      "--runs", "20", "--seed", "5", "--json"};
  const json j = parse_out(run_cli(args), args);
  ex::plan_request q;
  q.arms.means = {0.6, 0.4, 0.3};
  q.arms.model = lb::reward_model::bernoulli;
  q.nu = 0.1;
  q.runs = 20;
  q.seed = 5;
  const json expected = ex::to_json(ex::plan_sample_size(q));
  BOOST_TEST(j.dump() == expected.dump());
  // The contract's fields (docs/planner.md).
  for (const char* key : {"arms", "nu", "best_arm", "seed", "max_pulls", "t_star", "w_star", "lower_bound", "methods"})
    BOOST_TEST(j.contains(key), key);
  BOOST_TEST_REQUIRE(j.at("methods").size() == 2u);
  BOOST_TEST(j.at("methods")[0].at("role") == "recommended");
  BOOST_TEST(j.at("methods")[0].at("simulation").at("certified") == true);
  BOOST_TEST(j.at("methods")[1].at("role") == "practice");
  BOOST_TEST(j.at("methods")[1].at("simulation").at("certified") == false);
  for (const char* key : {"method", "certified", "certificate", "level", "runs", "stopped", "censored", "errors",
                          "error_rate", "error_ci", "mean", "mean_ci", "median", "median_ci", "q10", "q90"})
    BOOST_TEST(j.at("methods")[0].at("simulation").contains(key), key);
}

// --sigma unknown: Gaussian arms whose standard deviations (--arm-sigmas, or 0.5 each) the rules
// may not read, planned with the recommended certified method for them and T* of unknown
// variances; --arm-sigmas alone: different known variances (the rules read --sigma).
BOOST_AUTO_TEST_CASE(unknown_variances_and_arm_sigmas_equal_the_library_planner) {
  struct plan_case {
    std::vector<std::string> options;
    lb::reward_model model;
    std::vector<double> sigmas;  // empty: 0.5 each (--sigma's default)
    double sigma;
  };
  const std::vector<plan_case> cases{
      {{"--sigma", "unknown", "--arm-sigmas", "0.3,1,0.5"}, lb::reward_model::gaussian_unknown_variance, {0.3, 1, 0.5}, 0.5},
      {{"--sigma", "unknown"}, lb::reward_model::gaussian_unknown_variance, {}, 0.5},
      {{"--sigma", "1", "--arm-sigmas", "0.3,1,0.5"}, lb::reward_model::gaussian, {0.3, 1, 0.5}, 1},
  };
  const std::vector<double> means{0.5, 0.4, 0.1};
  for (const auto& c : cases) {
    std::vector<std::string> args{"plan", "--means", "0.5,0.4,0.1", "--nu", "0.1", "--runs", "8", "--seed", "3", "--json"};
    args.insert(args.end() - 1, c.options.begin(), c.options.end());
    BOOST_TEST_CONTEXT(show(args)) {
      const json j = parse_out(run_cli(args), args);
      ex::plan_request q;
      q.arms.means = means;
      q.arms.model = c.model;
      q.arms.sigma = c.sigma;
      q.arms.sigmas = c.sigmas;
      q.nu = 0.1;
      q.runs = 8;
      q.seed = 3;
      const auto p = ex::plan_sample_size(q);
      BOOST_TEST(j.dump() == ex::to_json(p).dump());
      const std::vector<double> sigmas = c.sigmas.empty() ? std::vector<double>(3, c.sigma) : c.sigmas;
      const bool unknown = c.model == lb::reward_model::gaussian_unknown_variance;
      const double t_star = unknown ? lilucb::characteristic_time_gaussian_unknown_variance(means, sigmas).t_star
                                    : lilucb::characteristic_time_gaussian(means, sigmas).t_star;
      BOOST_TEST(j.at("t_star").get<double>() == t_star);
      BOOST_TEST(j.at("arms").value("unknown_variance", false) == unknown);
      BOOST_TEST_REQUIRE(j.at("methods").size() == 2u);
      BOOST_TEST(j.at("methods")[0].at("simulation").at("method").get<std::string>() ==
                 lb::to_string(lb::recommended_combination(c.model)));
      if (unknown) {
        BOOST_TEST(j.at("methods")[0].at("simulation").at("certified") == true);
        // Run k of the plan is the run of `lilucb run --sigma unknown` on stream k of the seed.
        lb::run_options o;
        o.nu = 0.1;
        o.sigma = 0;
        o.unknown_variance = true;
        o.seed = 3;
        o.run = 5;
        const auto r = lb::run_method(lb::recommended_combination(c.model), lb::gaussian_arms(means, sigmas), o);
        BOOST_TEST(p.methods[0].simulation.pulls[5] == r.run.pulls);
      }
    }
  }
  const auto text = run_cli({"plan", "--means", "0.5,0.4,0.1", "--nu", "0.1", "--runs", "4", "--sigma", "unknown",
                             "--arm-sigmas", "0.3,1,0.5"});
  BOOST_TEST_REQUIRE(text.status == 0, text.err);
  for (const std::string& s : {std::string("Gaussian arms of sigmas 0.3, 1, 0.5, unknown to the method"),
                              "The recommended certified method: " +
                                  lb::to_string(lb::recommended_combination(lb::reward_model::gaussian_unknown_variance)),
                              std::string("correct for Gaussian arms of unknown variances")})
    BOOST_TEST(text.out.find(s) != std::string::npos, "lacks " << s << ":\n" << text.out);
}

BOOST_AUTO_TEST_CASE(text_names_the_methods_and_the_threads_change_nothing) {
  const std::vector<std::string> base{"plan", "--means", "0.5,0.4,0.1", "--nu", "0.1", "--runs", "10"};
  auto one = base, two = base;
  one.insert(one.end(), {"--threads", "1"});
  two.insert(two.end(), {"--threads", "2"});
  const auto r1 = run_cli(one), r2 = run_cli(two);
  BOOST_TEST_REQUIRE(r1.status == 0, r1.err);
  BOOST_TEST(r1.out == r2.out);
  const std::string rec = lb::to_string(lb::recommended_combination(lb::reward_model::gaussian));
  for (const std::string& s : {"The recommended certified method: " + rec, std::string("UNCERTIFIED"),
                              std::string("lower bound T* kl(nu, 1-nu)"), std::string("median pulls"),
                              std::string("10-90% range"), std::string("Gaussian arms of sigma 0.5")})
    BOOST_TEST(r1.out.find(s) != std::string::npos, "lacks " << s << ":\n" << r1.out);
  // The practice is uncertified: a note on stderr says so.
  BOOST_TEST(r1.err.find("is not certified") != std::string::npos, r1.err);
}

BOOST_AUTO_TEST_CASE(csv_and_plot_hold_every_run) {
  temp_dir d;
  const std::string csv = (d.path / "runs.csv").string(), png = (d.path / "plan.png").string();
  const std::vector<std::string> args{"plan", "--means", "0.5,0.2", "--nu", "0.1", "--runs", "7", "--csv", csv,
                                      "--plot", png, "--json"};
  const json j = parse_out(run_cli(args), args);
  std::ifstream in(csv);
  std::string line;
  std::getline(in, line);
  BOOST_TEST(line == "method,role,run,pulls");
  std::size_t rows = 0;
  while (std::getline(in, line)) ++rows;
  BOOST_TEST(rows == 14u);  // 7 runs of 2 methods
  BOOST_TEST(fs::file_size(png) > 0u);
  BOOST_TEST(fs::exists(png + ".gp"));
  BOOST_TEST(fs::exists(png + ".dat"));
  BOOST_TEST(!fs::exists(png + ".gnuplot-output"));
  BOOST_TEST(j.at("files").size() == 4u);
}

// run --runs R: its summary is the planner's summary of the same runs (run k on stream k).
BOOST_AUTO_TEST_CASE(run_runs_summarises_as_the_planner) {
  const std::vector<std::string> args{"run", "--means", "0.5,0.4,0.1", "--nu", "0.1", "--runs", "9", "--seed", "3",
                                      "--json"};
  const json j = parse_out(run_cli(args), args);
  lb::arms_spec arms;
  arms.means = {0.5, 0.4, 0.1};
  arms.sigma = 0.5;
  lb::run_options o;
  o.nu = 0.1;
  o.sigma = 0.5;
  o.seed = 3;
  o.max_pulls = 1'000'000'000;
  const auto s = ex::summarize_runs(
      ex::repeat_runs(lb::recommended_combination(lb::reward_model::gaussian), arms, o, 9, 1), 0);
  json expected = ex::to_json(s);
  for (const auto& [k, v] : expected.items()) BOOST_TEST(j.at(k).dump() == v.dump(), k);
  // Run 0 is the single run of the same seed.
  const std::vector<std::string> single{"run", "--means", "0.5,0.4,0.1", "--nu", "0.1", "--seed", "3", "--json"};
  const json r0 = parse_out(run_cli(single), single);
  BOOST_TEST(r0.at("pulls").get<std::uint64_t>() == s.pulls[0]);
  const auto text = run_cli({"run", "--means", "0.5,0.4,0.1", "--nu", "0.1", "--runs", "9", "--seed", "3"});
  BOOST_TEST(text.status == 0);
  BOOST_TEST(text.out.find(ex::summary_text(s)) != std::string::npos, text.out);
}

// A requested preset runs as `lilucb run` runs it (lilucb-certified with Figure 1's index): run 0
// of the plan is the single run of the same seed.
BOOST_AUTO_TEST_CASE(a_requested_preset_runs_as_run_does) {
  for (const std::string name : {"lilucb-certified", "lilucb-heuristic", "exp-gap-ls"}) {
    const std::vector<std::string> plan{"plan", "--means", "0.5,0.2,0.1", "--nu", "0.1", "--runs", "1", "--seed", "4",
                                        "--method", name, "--json"};
    const std::vector<std::string> run{"run", "--means", "0.5,0.2,0.1", "--nu", "0.1", "--seed", "4", "--algorithm", name,
                                       "--json"};
    const json p = parse_out(run_cli(plan), plan), r = parse_out(run_cli(run), run);
    BOOST_TEST(p.at("methods")[0].at("role") == "requested");
    BOOST_TEST(p.at("methods")[0].at("simulation").at("mean").get<double>() == r.at("pulls").get<double>(), name);
    BOOST_TEST(p.at("methods")[0].at("simulation").at("certified") == r.at("certified"), name);
  }
}

BOOST_AUTO_TEST_CASE(invalid_input_is_one_line_naming_the_option) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases{
      {{"plan", "--means", "0.5", "--nu", "0.1"}, "means"},
      {{"plan", "--means", "0.5,0.5", "--nu", "0.1"}, "means[1]"},
      {{"plan", "--means", "0.5,0.4", "--nu", "0.7"}, "--nu"},
      {{"plan", "--means", "0.5,0.4", "--nu", "0.1", "--runs", "0"}, "--runs"},
      {{"plan", "--means", "0.5,1.4", "--model", "bernoulli", "--nu", "0.1"}, "means[1]"},
      {{"plan", "--means", "0.5,0.4", "--model", "bernoulli", "--sigma", "1", "--nu", "0.1"}, "--sigma"},
      {{"plan", "--means", "0.5,0.4", "--model", "bounded", "--nu", "0.1"}, "--range"},
      {{"plan", "--means", "0.5,2", "--model", "bounded", "--range", "0,1", "--nu", "0.1"}, "--means[1]"},
      {{"plan", "--means", "0.5,0.4", "--nu", "0.1", "--method", "t3c-ids+glr-pooled-kl"}, "--method"},
      {{"plan", "--means", "0.5,0.4", "--nu", "0.1", "--method", "nonsense"}, "--method: "},
      {{"plan", "--means", "0.5,0.4", "--nu", "0.1", "--sigma", "unknown", "--arm-sigmas", "1,2,3"}, "--arm-sigmas"},
      {{"plan", "--means", "0.5,0.4", "--nu", "0.1", "--sigma", "unknown", "--arm-sigmas", "1,0"}, "--arm-sigmas"},
      {{"plan", "--means", "0.5,0.4", "--nu", "0.1", "--sigma", "unknown", "--model", "bernoulli"}, "--sigma"},
      {{"plan", "--means", "0.5,0.4", "--nu", "0.1", "--arm-sigmas", "1,1", "--model", "bernoulli"}, "--arm-sigmas"},
      {{"plan", "--means", "0.5,0.4", "--nu", "0.1", "--sigma", "unknown", "--method", "lilucb-heuristic"}, "--method"},
      {{"plan", "--means", "0.5,0.4", "--nu", "0.1", "--sigma", "unknown", "--method", "t3c-ids+glr-mixture"}, "--method"},
      {{"run", "--means", "0.5,0.4", "--nu", "0.1", "--runs", "0"}, "--runs"},
      {{"run", "--means", "0.5,0.4", "--nu", "0.1", "--threads", "2"}, "--threads"},
  };
  for (const auto& [args, name] : cases) {
    const auto r = run_cli(args);
    BOOST_TEST_CONTEXT(show(args)) {
      BOOST_TEST(r.status == 2);
      BOOST_TEST(r.out == "");
      BOOST_TEST(std::count(r.err.begin(), r.err.end(), '\n') == 1);
      BOOST_TEST(r.err.find(name) != std::string::npos, r.err);
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()
