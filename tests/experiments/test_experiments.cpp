// The paper-reproduction runner (experiments/): statistics against hand-computed values, and
// small grids of both experiments end to end (files, row counts, CSV schema, censored runs,
// resumption, identical results for 1 and 2 threads, plots); the result files' one writer and
// reader; resumption's refusals (rows not of the config, no manifest, edited windows); the
// folder lock and write failures; shards merged into the whole run's files (K = 1, 2, 3) and
// merge's refusals.
#include <boost/test/unit_test.hpp>

#include "lilucb_experiments/config.hpp"
#include "lilucb_experiments/results.hpp"
#include "lilucb_experiments/runner.hpp"
#include "lilucb_experiments/statistics.hpp"

#include "lilucb/bandit/presets/algorithms.hpp"
#include "lilucb/bandit/arms.hpp"
#include "lilucb/errors.hpp"
#include "lilucb/theory/instance.hpp"
#include "lilucb/version.hpp"

#include "../text_files.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <sstream>

namespace fs = std::filesystem;
namespace tt = boost::test_tools;
using namespace lilucb::experiments;
using namespace test_files;
using lilucb::bandit::algorithm;

namespace {

fs::path fresh_dir(const std::string& name) {
  static std::mt19937_64 rng(std::random_device{}());
  const fs::path p = fs::temp_directory_path() / ("lilucb-exp-test-" + name + "-" + std::to_string(rng()));
  fs::remove_all(p);
  return p;
}

runner_options quiet(unsigned threads) {
  runner_options o;
  o.threads = threads;
  o.progress = false;
  static std::ostringstream sink;
  o.log = &sink;
  return o;
}

// 4 algorithms x 2 scenarios x 2 sizes x 3 repetitions, ucb1-ls skipped at n = 20, and a
// budget that exp-gap (millions of pulls at these sizes) always exhausts.
experiment_config small_stopping_config() {
  auto c = preset_config(experiment_kind::stopping_times, "quick");
  c = apply_json(c, nlohmann::json::parse(R"({
      "algorithms": ["lilucb-heuristic", "successive-elimination", "ucb1-ls", "exp-gap"],
      "scenarios": ["sparse", "alpha0.3"], "sizes": [5, 20], "repetitions": 3,
      "budget": 20000, "ucb1_max_n": 5, "seed": 7})"),
                 "test");
  return c;
}

experiment_config small_anytime_config() {
  auto c = preset_config(experiment_kind::anytime, "quick");
  c = apply_json(c, nlohmann::json::parse(R"({
      "algorithms": ["lilucb-heuristic", "nonadaptive-ls"], "scenarios": ["sparse", "alpha0.6"],
      "sizes": [4], "repetitions": 25, "budget": 100000, "pilot_repetitions": 3,
      "window_factor": 2, "checkpoints_per_decade": 5, "seed": 3})"),
                 "test");
  return c;
}

}  // namespace

// ---- statistics ---------------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(quantile_type7_hand_values) {
  // Order statistics 1 2 3 4: h = 3p; p = 1/4 -> 1 + 0.75 = 1.75, p = 1/2 -> 2.5, p = 3/4 -> 3.25.
  const std::vector<double> x{4, 1, 3, 2};
  BOOST_TEST(quantile(x, 0.25) == 1.75);
  BOOST_TEST(quantile(x, 0.5) == 2.5);
  BOOST_TEST(quantile(x, 0.75) == 3.25);
  BOOST_TEST(quantile(x, 0.0) == 1.0);
  BOOST_TEST(quantile(x, 1.0) == 4.0);
  BOOST_TEST(quantile({7}, 0.5) == 7.0);
  BOOST_TEST(quantile({1, 2, 10}, 0.5) == 2.0);
  BOOST_CHECK_THROW(quantile({}, 0.5), lilucb::domain_error);
  BOOST_CHECK_THROW(quantile({1}, 1.5), lilucb::domain_error);
  BOOST_CHECK_THROW(quantile({1}, std::nan("")), lilucb::domain_error);
}

// The median's order-statistic interval: the standard table's indices (n = 6: x_(1), x_(6) at
// 96.9%; n = 100: x_(40), x_(61) at 96.5%), none for n <= 5 at 95%, and its coverage on 4000
// exponential samples of 100 against its exact level 1 - 2 P(Bin(100, 1/2) <= 39) = 0.9648,
// two-sided exact Clopper-Pearson test at 1e-6 (too rare: not the interval; too frequent: the
// interval is wider than it states).
BOOST_AUTO_TEST_CASE(median_interval_order_statistics_and_coverage) {
  std::vector<double> x;
  for (int k = 1; k <= 100; ++k) x.push_back(101 - k);  // unsorted on purpose
  const auto i100 = median_interval(x);
  BOOST_TEST_REQUIRE(i100.has_value());
  BOOST_TEST(i100->low == 40.0);
  BOOST_TEST(i100->high == 61.0);
  const auto i6 = median_interval({6, 5, 4, 3, 2, 1});
  BOOST_TEST_REQUIRE(i6.has_value());
  BOOST_TEST(i6->low == 1.0);
  BOOST_TEST(i6->high == 6.0);
  BOOST_TEST(!median_interval({1, 2, 3, 4, 5}).has_value());
  BOOST_TEST(!median_interval({}).has_value());
  const auto i10_90 = median_interval({1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, 0.9);  // 2 P(B <= 1) = 0.0215
  BOOST_TEST_REQUIRE(i10_90.has_value());
  BOOST_TEST(i10_90->low == 2.0);  // 2 P(B <= 2) = 0.109 > 0.1
  BOOST_TEST(i10_90->high == 9.0);
  BOOST_CHECK_THROW(median_interval({1, 2}, 1.0), lilucb::domain_error);

  std::mt19937_64 g(20261127);
  std::exponential_distribution<double> e(1.0);
  const double median = std::log(2.0);
  const std::uint64_t trials = 4000;
  std::uint64_t covered = 0;
  for (std::uint64_t t = 0; t < trials; ++t) {
    std::vector<double> s(100);
    for (auto& v : s) v = e(g);
    const auto i = median_interval(s);
    covered += i->low <= median && median <= i->high;
  }
  const double level = 1 - 2 * 0.017600100108852;  // P(Bin(100, 1/2) <= 39)
  const auto ci = clopper_pearson(covered, trials, 1 - 1e-6);
  BOOST_TEST_CONTEXT("covered " << covered << " of " << trials) {
    BOOST_TEST(ci.low <= level);
    BOOST_TEST(ci.high >= level);
  }
}

BOOST_AUTO_TEST_CASE(clopper_pearson_closed_forms) {
  // k = 0: high solves (1-p)^m = 0.025; k = m: low solves p^m = 0.025.
  auto a = clopper_pearson(0, 10);
  BOOST_TEST(a.low == 0.0);
  BOOST_TEST(a.high == 1 - std::pow(0.025, 0.1), tt::tolerance(1e-12));
  auto b = clopper_pearson(10, 10);
  BOOST_TEST(b.low == std::pow(0.025, 0.1), tt::tolerance(1e-12));
  BOOST_TEST(b.high == 1.0);
  // k = 1, m = 2: low is the 0.025 quantile of Beta(1,2): 1-(1-x)^2 = 0.025; high the 0.975
  // quantile of Beta(2,1): x^2 = 0.975.
  auto c = clopper_pearson(1, 2);
  BOOST_TEST(c.low == 1 - std::sqrt(0.975), tt::tolerance(1e-12));
  BOOST_TEST(c.high == std::sqrt(0.975), tt::tolerance(1e-12));
  // k = 1, m = 3: high is the 0.975 quantile of Beta(2,2), whose CDF is 3x^2 - 2x^3.
  auto d = clopper_pearson(1, 3);
  BOOST_TEST(d.low == 1 - std::cbrt(0.975), tt::tolerance(1e-12));
  BOOST_TEST(3 * d.high * d.high - 2 * d.high * d.high * d.high == 0.975, tt::tolerance(1e-12));
  // Level 0.9 changes the tail: (1-p)^m = 0.05.
  BOOST_TEST(clopper_pearson(0, 5, 0.9).high == 1 - std::pow(0.05, 0.2), tt::tolerance(1e-12));
  auto e = clopper_pearson(0, 0);
  BOOST_TEST(e.low == 0.0);
  BOOST_TEST(e.high == 1.0);
  BOOST_CHECK_THROW(clopper_pearson(3, 2), lilucb::domain_error);
  BOOST_CHECK_THROW(clopper_pearson(1, 2, 1.0), lilucb::domain_error);
}

BOOST_AUTO_TEST_CASE(log_checkpoints_are_log_spaced_and_end_at_the_window) {
  BOOST_TEST(log_checkpoints(100, 2) == (std::vector<std::uint64_t>{1, 3, 10, 32, 100}), tt::per_element());
  BOOST_TEST(log_checkpoints(50, 1, 5) == (std::vector<std::uint64_t>{5, 10, 50}), tt::per_element());
  BOOST_TEST(log_checkpoints(7, 1, 7) == (std::vector<std::uint64_t>{7}), tt::per_element());
  BOOST_CHECK_THROW(log_checkpoints(0, 1), lilucb::domain_error);
  BOOST_CHECK_THROW(log_checkpoints(10, 1, 11), lilucb::domain_error);
}

BOOST_AUTO_TEST_CASE(summary_against_hand_computed_values) {
  auto c = small_stopping_config();
  c.algorithms = {algorithm::lilucb};
  c.scenarios = {parse_scenario("s", "sparse")};
  c.sizes = {10};
  auto row = [](std::uint64_t rep, std::uint64_t pulls, lilucb::bandit::run_status status, bool correct) {
    run_row r;
    r.algorithm = algorithm::lilucb;
    r.scenario = "sparse";
    r.n = 10;
    r.repetition = rep;
    r.pulls = pulls;
    r.status = status;
    r.correct = correct;
    return r;
  };
  // pulls 100, 200, 300 (stopped; one wrong) and 1000 (censored at the budget).
  using lilucb::bandit::run_status;
  const std::vector<run_row> rows{row(0, 300, run_status::stopped, true), row(1, 100, run_status::stopped, false),
                                  row(2, 1000, run_status::budget_exhausted, true), row(3, 200, run_status::stopped, true)};
  const auto s = summarize_stopping_times(c, rows);
  BOOST_TEST_REQUIRE(s.size() == 1u);
  BOOST_TEST(s[0].runs == 4u);
  BOOST_TEST(s[0].stopped == 3u);
  BOOST_TEST(s[0].censored == 1u);
  BOOST_TEST(s[0].mean == 400.0);
  BOOST_TEST(s[0].median == 250.0);
  BOOST_TEST(s[0].q1 == 175.0);
  BOOST_TEST(s[0].q3 == 475.0);
  BOOST_TEST(s[0].h1 == 36.0, tt::tolerance(1e-14));  // 9 arms with gap 1/2: 9 * 4
  BOOST_TEST(s[0].errors == 1u);
  BOOST_TEST(s[0].error_rate == 1.0 / 3.0, tt::tolerance(1e-15));
  BOOST_TEST(s[0].error_low == 1 - std::cbrt(0.975), tt::tolerance(1e-12));
  const auto f = fields(to_csv(s[0]));
  BOOST_TEST(f.size() == fields(summary_header()).size());
  BOOST_TEST(std::stod(f[12]) == 250.0 / 36.0, tt::tolerance(1e-12));  // median_over_h1
  // 4 runs: too few for a 95% interval of the median (2 P(Bin(4, 1/2) = 0) = 1/8 > 0.05).
  BOOST_TEST(!s[0].median_low.has_value());
  BOOST_TEST(f[17].empty());
  BOOST_TEST(f[18].empty());
}

// The median's interval in summary.csv: 6 runs give [x_(1), x_(6)] (2 P(Bin(6, 1/2) = 0) = 1/32
// <= 0.05 < 2 P(Bin(6, 1/2) <= 1) = 7/32); written and read back, and a summary written before the
// two columns existed is still read, without it.
BOOST_AUTO_TEST_CASE(stopping_summary_median_interval_round_trip) {
  auto c = preset_config(experiment_kind::stopping_times, "quick");
  c.algorithms = {algorithm::lilucb_ls};
  c.scenarios = {parse_scenario("scenarios", "sparse")};
  c.sizes = {10};
  std::vector<run_row> rows;
  for (std::uint64_t k = 0; k < 6; ++k) {
    run_row r;
    r.algorithm = algorithm::lilucb_ls;
    r.scenario = "sparse";
    r.n = 10;
    r.repetition = k;
    r.pulls = 100 * (k + 1);
    r.correct = true;
    rows.push_back(r);
  }
  const auto s = summarize_stopping_times(c, rows);
  BOOST_TEST_REQUIRE(s.size() == 1u);
  BOOST_TEST_REQUIRE(s[0].median_low.has_value());
  BOOST_TEST(*s[0].median_low == 100.0);
  BOOST_TEST(*s[0].median_high == 600.0);
  const fs::path dir = fresh_dir("summary-ci");
  fs::create_directories(dir);
  std::ofstream(dir / "summary.csv") << csv_text(summary_header(), s);
  const auto back = read_summary(dir / "summary.csv");
  BOOST_TEST_REQUIRE(back.size() == 1u);
  BOOST_TEST_REQUIRE(back[0].median_low.has_value());
  BOOST_TEST(*back[0].median_low == 100.0);
  BOOST_TEST(*back[0].median_high == 600.0);
  // Without the two last columns (the header and every row cut before them): read, no interval.
  std::string v1;
  for (const auto& l : lines_of(dir / "summary.csv")) v1 += l.substr(0, l.rfind(',', l.rfind(',') - 1)) + "\n";
  std::ofstream(dir / "summary.csv") << v1;
  const auto old = read_summary(dir / "summary.csv");
  BOOST_TEST_REQUIRE(old.size() == 1u);
  BOOST_TEST(old[0].median == 350.0);
  BOOST_TEST(!old[0].median_low.has_value());
  fs::remove_all(dir);
}

BOOST_AUTO_TEST_CASE(shuffled_means_is_a_seeded_permutation) {
  std::vector<double> m(50);
  for (std::size_t i = 0; i < m.size(); ++i) m[i] = static_cast<double>(i);
  const auto a = shuffled_means(m, 1), b = shuffled_means(m, 1), d = shuffled_means(m, 2);
  BOOST_TEST(a == b, tt::per_element());
  BOOST_TEST(a != d);
  BOOST_TEST(a != m);
  auto sorted = a;
  std::sort(sorted.begin(), sorted.end());
  BOOST_TEST(sorted == m, tt::per_element());
  // The best arm lands everywhere: over 200 seeds it is not always at index 0.
  std::set<std::size_t> where;
  for (std::uint64_t s = 0; s < 200; ++s) where.insert(lilucb::best_arm(shuffled_means(m, s)));
  BOOST_TEST(where.size() > 40u);
}

BOOST_AUTO_TEST_CASE(config_validation_and_presets) {
  const auto p = preset_config(experiment_kind::stopping_times, "paper");
  BOOST_TEST(p.sizes == (std::vector<std::uint64_t>{10, 100, 1000, 10000}), tt::per_element());
  BOOST_TEST(p.repetitions == 40u);
  BOOST_TEST(p.nu == 0.1);
  BOOST_TEST(p.sigma == 0.5);  // variance 1/4
  BOOST_TEST(p.algorithms.size() == lilucb::bandit::all_algorithms.size());
  BOOST_TEST(preset_config(experiment_kind::anytime, "paper").repetitions == 5000u);
  BOOST_CHECK_NO_THROW(preset_config(experiment_kind::anytime, "quick").validate());
  BOOST_CHECK_THROW(preset_config(experiment_kind::anytime, "huge"), lilucb::domain_error);
  auto base = preset_config(experiment_kind::stopping_times, "quick");
  BOOST_CHECK_THROW(apply_json(base, nlohmann::json::parse(R"({"sizez": [10]})"), "f"), lilucb::domain_error);
  BOOST_CHECK_THROW(apply_json(base, nlohmann::json::parse(R"({"nu": "x"})"), "f"), lilucb::domain_error);
  BOOST_CHECK_THROW(apply_json(base, nlohmann::json::parse(R"({"algorithms": ["ucb2"]})"), "f"), lilucb::domain_error);
  BOOST_CHECK_THROW(apply_json(base, nlohmann::json::parse(R"({"scenarios": ["beta0.3"]})"), "f"), lilucb::domain_error);
  BOOST_CHECK_THROW(apply_json(base, nlohmann::json::parse(R"({"nu": 1.0})"), "f").validate(), lilucb::domain_error);
  BOOST_CHECK_THROW(apply_json(base, nlohmann::json::parse(R"({"sizes": [1]})"), "f").validate(), lilucb::domain_error);
  BOOST_CHECK_THROW(apply_json(base, nlohmann::json::parse(R"({"repetitions": 0})"), "f").validate(), lilucb::domain_error);
  // A gap whose sparse instance has H1 = (n-1)/gap^2 or pulls/H1 outside the doubles (e.g. a
  // gap of 1e300, which must not write mean_over_h1 = inf) is refused by validate, naming gap; the edges of the
  // derived range [sqrt((n-1)/max), sqrt((n-1) max/budget)] are accepted.
  {
    auto g = apply_json(base, nlohmann::json::parse(R"({"sizes": [10, 100], "scenarios": ["sparse"], "budget": 1000000})"), "f");
    const double max = std::numeric_limits<double>::max();
    for (double gap : {1e300, 1e160, 1e-200, 0.999 * std::sqrt(99 / max)}) {
      g.gap = gap;
      BOOST_TEST_CONTEXT("gap = " << gap) {
        BOOST_CHECK_EXCEPTION(g.validate(), lilucb::domain_error,
                              [](const lilucb::domain_error& e) { return e.parameter() == "gap"; });
      }
    }
    for (double gap : {1.001 * std::sqrt(99 / max), 0.999 * std::sqrt(9 / 1e6 * max), 0.5}) {
      g.gap = gap;
      BOOST_TEST_CONTEXT("gap = " << gap) {
        BOOST_CHECK_NO_THROW(g.validate());
        const double h1 = lilucb::hardness_h1(scenario_means(parse_scenario("s", "sparse"), 10, gap));
        BOOST_TEST((std::isfinite(1e6 / h1) && h1 >= std::numeric_limits<double>::min()));
      }
    }
    g.scenarios = {parse_scenario("s", "alpha0.3")};  // the gap does not enter an alpha scenario
    g.gap = 1e300;
    BOOST_CHECK_NO_THROW(g.validate());
  }
  const auto s = parse_scenario("s", "alpha0.6");
  BOOST_TEST(!s.sparse);
  BOOST_TEST(s.alpha == 0.6);
  // Seeds depend on every coordinate.
  const auto s0 = run_seed(1, "lilucb", "sparse", 10, 0);
  BOOST_TEST(s0 == run_seed(1, "lilucb", "sparse", 10, 0));
  BOOST_TEST(s0 != run_seed(2, "lilucb", "sparse", 10, 0));
  BOOST_TEST(s0 != run_seed(1, "lilucb-ls", "sparse", 10, 0));
  BOOST_TEST(s0 != run_seed(1, "lilucb", "alpha0.3", 10, 0));
  BOOST_TEST(s0 != run_seed(1, "lilucb", "sparse", 100, 0));
  BOOST_TEST(s0 != run_seed(1, "lilucb", "sparse", 10, 1));
}

// ---- stopping-times end to end ----------------------------------------------------------

BOOST_AUTO_TEST_CASE(stopping_times_small_grid_end_to_end) {
  const auto c = small_stopping_config();
  const auto dir = fresh_dir("st");
  const auto rep = run_experiment(c, dir.string(), quiet(2));
  // (4 x 2 x 2 - ucb1-ls at n = 20 in 2 scenarios) x 3 repetitions.
  BOOST_TEST(rep.total == 42u);
  BOOST_TEST(rep.executed == 42u);
  BOOST_TEST(rep.resumed == 0u);
  BOOST_TEST_REQUIRE(rep.notes.size() == 1u);
  BOOST_TEST(rep.notes[0].find("ucb1-ls skipped at n = 20") != std::string::npos);

  for (const char* f : {"runs.csv", "summary.csv", "manifest.json"}) BOOST_TEST(fs::exists(dir / f), f);
  const auto runs = lines_of(dir / "runs.csv");
  BOOST_TEST_REQUIRE(runs.size() == 43u);
  BOOST_TEST(runs[0] == "algorithm,scenario,n,repetition,seed,pulls,status,chosen_arm,correct");
  std::size_t censored = 0;
  std::set<std::string> keys;
  for (std::size_t i = 1; i < runs.size(); ++i) {
    const auto f = fields(runs[i]);
    BOOST_TEST_REQUIRE(f.size() == 9u);
    BOOST_TEST((f[6] == "stopped" || f[6] == "censored"));
    BOOST_TEST((f[8] == "0" || f[8] == "1"));
    BOOST_TEST(std::stoull(f[5]) <= c.budget);
    BOOST_TEST(std::stoull(f[4]) == run_seed(c.seed, f[0], f[1], std::stoull(f[2]), std::stoull(f[3])));
    BOOST_TEST(!(f[0] == "ucb1-ls" && f[2] == "20"));
    if (f[6] == "censored") {
      ++censored;
      BOOST_TEST(f[0] == "exp-gap");  // millions of pulls needed; the budget is 20000
    }
    keys.insert(f[0] + f[1] + f[2] + f[3]);
  }
  BOOST_TEST(censored == 12u);  // every exp-gap run is kept and marked
  BOOST_TEST(keys.size() == 42u);

  // One row repeated by a direct library call with its recorded seed (stream 0).
  const auto f = fields(runs[1]);
  const auto means = shuffled_means(scenario_means(parse_scenario("s", f[1]), std::stoull(f[2]), c.gap), std::stoull(f[4]));
  lilucb::bandit::gaussian_arms arms(means, c.sigma);
  lilucb::bandit::run_options o;
  o.nu = c.nu;
  o.sigma = c.sigma;
  o.max_pulls = c.budget;
  o.seed = std::stoull(f[4]);
  const auto r = lilucb::bandit::run_algorithm(lilucb::bandit::parse_algorithm(f[0]), arms, o);
  BOOST_TEST(r.pulls == std::stoull(f[5]));
  BOOST_TEST(r.best_arm == std::stoull(f[7]));
  BOOST_TEST((r.best_arm == lilucb::best_arm(means)) == (f[8] == "1"));

  // Summary: one row per (algorithm, scenario, n) that ran, consistent with runs.csv.
  const auto summary = lines_of(dir / "summary.csv");
  BOOST_TEST(summary.size() == 1u + 14u);
  BOOST_TEST(summary[0] == summary_header());
  for (std::size_t i = 1; i < summary.size(); ++i) {
    const auto s = fields(summary[i]);
    BOOST_TEST_REQUIRE(s.size() == 19u);
    BOOST_TEST(s[4] == "3");
    BOOST_TEST(std::stoull(s[5]) + std::stoull(s[6]) == 3u);
    if (s[0] == "exp-gap") BOOST_TEST(s[6] == "3");
  }

  std::ifstream mf(dir / "manifest.json");
  const auto m = nlohmann::json::parse(mf);
  BOOST_TEST(m.at("status") == "complete");
  BOOST_TEST(m.at("toolkit").at("version") == lilucb::version());
  BOOST_TEST(m.at("config") == c.to_json());
  for (const char* k : {"git", "machine", "start_time", "end_time", "wall_seconds", "notes"})
    BOOST_TEST(m.contains(k), k);
  BOOST_TEST(m.at("runs").at("executed") == 42);
  // Provenance: the commit this binary was built from (a 40-digit hash in a git checkout).
  const std::string built = build_commit();
  if (built.empty()) {
    BOOST_TEST(m.at("git").at("commit").is_null());
  } else {
    BOOST_TEST(built.size() == 40u);
    BOOST_TEST(built.find_first_not_of("0123456789abcdef") == std::string::npos, built);
    BOOST_TEST(m.at("git").at("commit") == built);
    BOOST_TEST(m.at("git").at("dirty") == build_tree_dirty());
    const std::string head = source_commit();
    if (head == built) BOOST_TEST(!m.at("git").contains("head_at_run"));
    else BOOST_TEST(m.at("git").at("head_at_run") == head);
  }

  // Plots: non-empty PNG and SVG per scenario.
  const auto plots = write_plots(dir.string());
  BOOST_TEST(plots.size() == 4u);
  for (const auto& p : plots) {
    BOOST_TEST_REQUIRE(fs::exists(p), p);
    BOOST_TEST(fs::file_size(p) > 1000u, p);
    const auto text = read_text(p);
    if (p.ends_with(".png")) BOOST_TEST(text.substr(1, 3) == "PNG", p);
    if (p.ends_with(".svg")) BOOST_TEST(text.find("<svg") != std::string::npos, p);
  }
  fs::remove_all(dir);
}

BOOST_AUTO_TEST_CASE(stopping_times_identical_for_1_and_2_threads) {
  const auto c = small_stopping_config();
  const auto d1 = fresh_dir("t1"), d2 = fresh_dir("t2");
  run_experiment(c, d1.string(), quiet(1));
  run_experiment(c, d2.string(), quiet(2));
  BOOST_TEST(read_text(d1 / "runs.csv") == read_text(d2 / "runs.csv"));
  BOOST_TEST(read_text(d1 / "summary.csv") == read_text(d2 / "summary.csv"));
  BOOST_TEST(lines_of(d1 / "runs.csv").size() == 43u);
  fs::remove_all(d1);
  fs::remove_all(d2);
}

BOOST_AUTO_TEST_CASE(resumption_skips_recorded_runs) {
  const auto c = small_stopping_config();
  const auto dir = fresh_dir("resume");
  run_experiment(c, dir.string(), quiet(2));
  const std::string full = read_text(dir / "runs.csv");
  const std::string summary = read_text(dir / "summary.csv");
  // Simulate an interruption: 10 rows lost, the last one cut in the middle of a write.
  auto lines = lines_of(dir / "runs.csv");
  {
    std::ofstream out(dir / "runs.csv", std::ios::trunc);
    for (std::size_t i = 0; i + 10 < lines.size(); ++i) out << lines[i] << '\n';
    out << lines.back().substr(0, lines.back().size() / 2);
  }
  const auto rep = run_experiment(c, dir.string(), quiet(2));
  BOOST_TEST(rep.total == 42u);
  BOOST_TEST(rep.resumed == 32u);
  BOOST_TEST(rep.executed == 10u);
  BOOST_TEST(read_text(dir / "runs.csv") == full);
  BOOST_TEST(read_text(dir / "summary.csv") == summary);
  // A rerun of a complete folder runs nothing.
  BOOST_TEST(run_experiment(c, dir.string(), quiet(2)).executed == 0u);
  // Another config into the same folder is refused.
  auto other = c;
  other.repetitions = 4;
  BOOST_CHECK_THROW(run_experiment(other, dir.string(), quiet(1)), lilucb::domain_error);
  fs::remove_all(dir);
}

// ---- anytime end to end -------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(anytime_small_grid_end_to_end) {
  const auto c = small_anytime_config();
  const auto d1 = fresh_dir("any1"), d2 = fresh_dir("any2");
  const auto rep = run_experiment(c, d1.string(), quiet(1));
  run_experiment(c, d2.string(), quiet(2));
  BOOST_TEST(rep.total == 100u);
  BOOST_TEST(fs::exists(d1 / "manifest.json"));  // differs: times, threads used
  for (const char* f : {"runs.csv", "anytime.csv", "stopping.csv", "windows.csv"}) {
    BOOST_TEST(fs::exists(d1 / f), f);
    BOOST_TEST(read_text(d1 / f) == read_text(d2 / f), f);  // identical for 1 and 2 threads
  }
  const auto runs = read_runs((d1 / "runs.csv").string(), experiment_kind::anytime);
  BOOST_TEST_REQUIRE(runs.size() == 100u);
  const auto curve = lines_of(d1 / "anytime.csv");
  BOOST_TEST(curve[0] == "scenario,n,algorithm,pulls,runs,wrong,p_wrong,ci_low,ci_high");
  // Recount P(wrong) at every checkpoint from runs.csv.
  std::size_t checked = 0;
  for (std::size_t i = 1; i < curve.size(); ++i) {
    const auto f = fields(curve[i]);
    BOOST_TEST_REQUIRE(f.size() == 9u);
    std::uint64_t wrong = 0, m = 0;
    std::size_t k = 0;
    // k: the position of this checkpoint among the group's lines.
    for (std::size_t j = 1; j < i; ++j) {
      const auto g = fields(curve[j]);
      if (g[0] == f[0] && g[1] == f[1] && g[2] == f[2]) ++k;
    }
    for (const auto& r : runs)
      if (r.scenario == f[0] && std::to_string(r.n) == f[1] && lilucb::bandit::to_string(r.algorithm) == f[2]) {
        ++m;
        BOOST_TEST_REQUIRE(k < r.wrong_at.size());
        wrong += r.wrong_at[k] == '1';
      }
    BOOST_TEST(m == 25u);
    BOOST_TEST(std::to_string(wrong) == f[5]);
    BOOST_TEST(std::stod(f[6]) == static_cast<double>(wrong) / 25.0, tt::tolerance(1e-12));
    const auto ci = clopper_pearson(wrong, 25);
    BOOST_TEST(std::stod(f[7]) == ci.low, tt::tolerance(1e-12));
    ++checked;
  }
  std::size_t expected = 0;  // each scenario's window has its own checkpoints; 2 algorithms each
  for (const auto& r : runs)
    if (r.repetition == 0) expected += r.wrong_at.size();
  BOOST_TEST(checked == expected);
  BOOST_TEST(expected > 8u);
  // The first checkpoint is the number of arms; the window is the last.
  BOOST_TEST(fields(curve[1])[3] == "4");
  const auto stop = lines_of(d1 / "stopping.csv");
  BOOST_TEST(stop.size() == 1u + 4u);
  // Runs that stop inside the window: heuristic lil'UCB at n = 4 always does.
  for (std::size_t i = 1; i < stop.size(); ++i) {
    const auto f = fields(stop[i]);
    if (f[2] == "lilucb-heuristic") BOOST_TEST(!f[6].empty());
  }
  const auto plots = write_plots(d1.string());  // anytime, PNG and SVG
  BOOST_TEST(plots.size() == 2u);
  for (const auto& p : plots) BOOST_TEST(fs::file_size(p) > 1000u, p);
  fs::remove_all(d1);
  fs::remove_all(d2);
}

BOOST_AUTO_TEST_CASE(anytime_censored_runs_are_recorded) {
  auto c = small_anytime_config();
  c.algorithms = {algorithm::exp_gap, algorithm::lilucb_heuristic};
  c.scenarios = {parse_scenario("s", "sparse")};
  c.window = 300;  // exp-gap needs far more: every run is censored at the window
  c.repetitions = 5;
  const auto dir = fresh_dir("anycens");
  run_experiment(c, dir.string(), quiet(2));
  const auto runs = read_runs((dir / "runs.csv").string(), experiment_kind::anytime);
  BOOST_TEST_REQUIRE(runs.size() == 10u);
  for (const auto& r : runs)
    if (r.algorithm == algorithm::exp_gap) {
      BOOST_TEST((r.status == lilucb::bandit::run_status::budget_exhausted));
      BOOST_TEST(r.pulls <= 300u);
    }
  for (const auto& l : lines_of(dir / "stopping.csv"))
    if (l.rfind("sparse,4,exp-gap,", 0) == 0) BOOST_TEST(l == "sparse,4,exp-gap,300,5,0,");
  fs::remove_all(dir);
}

// ---- result files: one writer, one reader ---------------------------------------------------

BOOST_AUTO_TEST_CASE(run_rows_round_trip_through_the_one_writer_and_reader) {
  run_row r;
  r.algorithm = algorithm::exp_gap_ls;
  r.scenario = "alpha0.3";
  r.n = 1000;
  r.repetition = 17;
  r.seed = 18446744073709551615ull;
  r.pulls = 123456789;
  r.status = lilucb::bandit::run_status::budget_exhausted;
  r.chosen_arm = 999;
  r.correct = false;
  r.wrong_at = "1100";
  const auto line = to_csv(r, experiment_kind::anytime);
  BOOST_TEST(line == "exp-gap-ls,alpha0.3,1000,17,18446744073709551615,123456789,censored,999,0,1100");
  const auto back = parse_run(line, experiment_kind::anytime);
  BOOST_TEST_REQUIRE(back.has_value());
  BOOST_TEST(to_csv(*back, experiment_kind::anytime) == line);
  BOOST_TEST((back->status == lilucb::bandit::run_status::budget_exhausted));
  BOOST_TEST((back->algorithm == algorithm::exp_gap_ls));
  r.status = lilucb::bandit::run_status::stopped;
  const auto st = to_csv(r, experiment_kind::stopping_times);
  BOOST_TEST(st == "exp-gap-ls,alpha0.3,1000,17,18446744073709551615,123456789,stopped,999,0");
  BOOST_TEST(to_csv(*parse_run(st, experiment_kind::stopping_times), experiment_kind::stopping_times) == st);
  // Not rows: wrong field count, unknown algorithm or status, a sign, an overflow, a bad wrong_at.
  for (const char* bad : {"exp-gap-ls,alpha0.3,1000,17,1,5,stopped,9,0", "ucb2,alpha0.3,1000,17,1,5,stopped,9,0,1",
                          "exp-gap-ls,alpha0.3,1000,17,1,5,halted,9,0,1", "exp-gap-ls,alpha0.3,+1000,17,1,5,stopped,9,0,1",
                          "exp-gap-ls,alpha0.3,1000,17,18446744073709551616,5,stopped,9,0,1",
                          "exp-gap-ls,alpha0.3,1000,17,1,5,stopped,9,2,1", "exp-gap-ls,alpha0.3,1000,17,1,5,stopped,9,0,12"})
    BOOST_TEST(!parse_run(bad, experiment_kind::anytime).has_value(), bad);
}

namespace {

/// The folder's data files (every file but manifest.json, the lock and plots), name -> text.
std::map<std::string, std::string> data_files(const fs::path& dir) {
  std::map<std::string, std::string> m;
  for (const char* f : {"runs.csv", "summary.csv", "anytime.csv", "stopping.csv", "windows.csv"})
    if (fs::exists(dir / f)) m[f] = read_text(dir / f);
  return m;
}

nlohmann::json manifest_of(const fs::path& dir) { return nlohmann::json::parse(read_text(dir / "manifest.json")); }

runner_options shard(std::uint64_t i, std::uint64_t k) {
  auto o = quiet(2);
  o.shard_index = i;
  o.shard_count = k;
  return o;
}

void write_text(const fs::path& p, const std::string& text) { std::ofstream(p, std::ios::binary | std::ios::trunc) << text; }

}  // namespace

// ---- resumption: every recorded row is one of the config's runs, once --------------------------

BOOST_AUTO_TEST_CASE(resume_refuses_rows_the_config_does_not_define) {
  const auto c = small_stopping_config();
  const auto dir = fresh_dir("refuse");
  run_experiment(c, dir.string(), quiet(2));
  const std::string full = read_text(dir / "runs.csv");
  const auto lines = lines_of(dir / "runs.csv");
  const std::string header = lines[0] + "\n";
  auto row_line = [&](std::size_t i) { return lines[i] + "\n"; };
  auto edited = [&](std::size_t i, std::size_t field, const std::string& value) {
    auto f = fields(lines[i]);
    f[field] = value;
    std::string s;
    for (std::size_t k = 0; k < f.size(); ++k) s += (k ? "," : "") + f[k];
    return s + "\n";
  };
  struct bad_file {
    std::string name, text, says;
  };
  const std::vector<bad_file> cases = {
      {"duplicate row", header + row_line(1) + row_line(2) + row_line(1), "duplicate"},
      {"extra repetition", header + row_line(1) + edited(2, 3, "3"), "not a run of the config"},
      {"wrong seed", header + row_line(1) + edited(2, 4, "12345"), "seed 12345"},
      {"algorithm not in the config", header + edited(1, 0, "lilucb-ls"), "not a run of the config"},
      {"unknown algorithm", header + edited(1, 0, "thompson") + row_line(2), "line 2"},
      {"n not in the config", header + edited(1, 2, "7"), "not a run of the config"},
      {"skipped cell (ucb1-ls at n = 20)", header + [&] {
         for (std::size_t i = 1; i < lines.size(); ++i)
           if (fields(lines[i])[0] == "ucb1-ls") return edited(i, 2, "20");
         return std::string();
       }(), "not a run of the config"},
      {"garbage in the middle", header + row_line(1) + "garbage\n" + row_line(2), "line 3"},
      {"pulls above the budget", header + edited(1, 5, "20001"), "cap"},
      {"another kind's header", "algorithm,scenario,n,repetition,seed,pulls,status,chosen_arm,correct,wrong_at\n", "header"},
  };
  for (const auto& bc : cases) {
    BOOST_TEST_CONTEXT(bc.name) {
      write_text(dir / "runs.csv", bc.text);
      try {
        run_experiment(c, dir.string(), quiet(1));
        BOOST_TEST(false, "accepted");
      } catch (const lilucb::domain_error& e) {
        BOOST_TEST(std::string(e.what()).find(bc.says) != std::string::npos, e.what());
      }
      BOOST_TEST(read_text(dir / "runs.csv") == bc.text);  // refused before anything is written
    }
  }
  // The complete file again: resumes with nothing to run, same bytes.
  write_text(dir / "runs.csv", full);
  BOOST_TEST(run_experiment(c, dir.string(), quiet(1)).executed == 0u);
  BOOST_TEST(read_text(dir / "runs.csv") == full);
  fs::remove_all(dir);
}

BOOST_AUTO_TEST_CASE(rows_without_a_valid_manifest_are_refused) {
  const auto c = small_stopping_config();
  const auto dir = fresh_dir("nomanifest");
  run_experiment(c, dir.string(), quiet(2));
  const auto rows = read_text(dir / "runs.csv");
  fs::remove(dir / "manifest.json");
  BOOST_CHECK_THROW(run_experiment(c, dir.string(), quiet(1)), lilucb::domain_error);
  write_text(dir / "manifest.json", "{\"experiment\": \"stopping-times\", \"conf");  // cut
  BOOST_CHECK_THROW(run_experiment(c, dir.string(), quiet(1)), lilucb::domain_error);
  write_text(dir / "manifest.json", "[1, 2]");
  BOOST_CHECK_THROW(run_experiment(c, dir.string(), quiet(1)), lilucb::domain_error);
  BOOST_TEST(read_text(dir / "runs.csv") == rows);
  // Without rows (only the header), the folder is usable: the run starts afresh.
  write_text(dir / "runs.csv", lines_of(dir / "runs.csv")[0] + "\n");
  BOOST_TEST(run_experiment(c, dir.string(), quiet(2)).executed == 42u);
  BOOST_TEST(read_text(dir / "runs.csv") == rows);
  fs::remove_all(dir);
}

BOOST_AUTO_TEST_CASE(an_edited_windows_file_of_a_finished_anytime_folder_is_refused) {
  auto c = small_anytime_config();
  c.repetitions = 3;
  const auto dir = fresh_dir("windows");
  run_experiment(c, dir.string(), quiet(2));
  const auto before = data_files(dir);
  const auto w = lines_of(dir / "windows.csv");
  auto f = fields(w[1]);
  f[2] = std::to_string(std::stoull(f[2]) + 1);
  write_text(dir / "windows.csv", w[0] + "\n" + f[0] + "," + f[1] + "," + f[2] + "\n" + w[2] + "\n");
  const auto edited = read_text(dir / "windows.csv");
  BOOST_CHECK_THROW(run_experiment(c, dir.string(), quiet(1)), lilucb::domain_error);
  BOOST_TEST(read_text(dir / "windows.csv") == edited);
  fs::remove(dir / "windows.csv");
  BOOST_CHECK_THROW(run_experiment(c, dir.string(), quiet(1)), lilucb::domain_error);
  write_text(dir / "windows.csv", before.at("windows.csv"));
  BOOST_TEST(run_experiment(c, dir.string(), quiet(1)).executed == 0u);
  BOOST_TEST((data_files(dir) == before));
  fs::remove_all(dir);
}

// ---- the folder: a lock, and every write failure stops the run ----------------------------------

BOOST_AUTO_TEST_CASE(a_locked_folder_is_refused) {
  const auto c = small_stopping_config();
  const auto dir = fresh_dir("lock");
  fs::create_directories(dir);
  // Another holder of the lock (flock locks belong to open file descriptions: a second open in
  // this process conflicts as another process would).
  const int fd = ::open((dir / ".lilucb.lock").c_str(), O_RDWR | O_CREAT, 0644);
  BOOST_TEST_REQUIRE(fd >= 0);
  BOOST_TEST_REQUIRE(::flock(fd, LOCK_EX | LOCK_NB) == 0);
  try {
    run_experiment(c, dir.string(), quiet(1));
    BOOST_TEST(false, "ran in a locked folder");
  } catch (const io_error& e) {
    BOOST_TEST(std::string(e.what()).find("folder in use") != std::string::npos, e.what());
  }
  BOOST_TEST(!fs::exists(dir / "runs.csv"));
  ::close(fd);
  BOOST_TEST(run_experiment(c, dir.string(), quiet(2)).executed == 42u);
  BOOST_TEST(!fs::exists(dir / ".lilucb.lock"));  // released and removed
  fs::remove_all(dir);
}

BOOST_AUTO_TEST_CASE(a_failed_write_stops_the_run_with_io_error) {
  const auto c = small_stopping_config();
  const auto dir = fresh_dir("wfail");
  fs::create_directories(dir / "summary.csv");  // the final summary cannot replace a folder
  BOOST_CHECK_THROW(run_experiment(c, dir.string(), quiet(2)), io_error);
  // The runs reached runs.csv before the failure, and the manifest still says "running".
  BOOST_TEST(read_runs((dir / "runs.csv").string(), experiment_kind::stopping_times).size() == 42u);
  BOOST_TEST(manifest_of(dir).at("status") == "running");
  fs::remove(dir / "summary.csv");
  const auto rep = run_experiment(c, dir.string(), quiet(2));
  BOOST_TEST(rep.resumed == 42u);
  BOOST_TEST(fs::exists(dir / "summary.csv"));
  // A file where the folder should be, a folder under a file: io_error naming the path.
  const auto file = dir / "summary.csv";
  for (const auto& bad : {file, file / "sub"}) {
    try {
      run_experiment(c, bad.string(), quiet(1));
      BOOST_TEST(false, "accepted " << bad);
    } catch (const io_error& e) {
      BOOST_TEST(std::string(e.what()).find(bad.string()) != std::string::npos, e.what());
    }
  }
  fs::remove_all(dir);
}

// ---- shards and merge ---------------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(merged_shards_are_byte_identical_to_the_whole_run) {
  for (const auto kind : {experiment_kind::stopping_times, experiment_kind::anytime}) {
    auto c = kind == experiment_kind::anytime ? small_anytime_config() : small_stopping_config();
    if (kind == experiment_kind::anytime) c.repetitions = 5;
    BOOST_TEST_CONTEXT(to_string(kind)) {
      const auto whole = fresh_dir("whole");
      run_experiment(c, whole.string(), quiet(2));
      const auto expected = data_files(whole);
      BOOST_TEST(expected.size() == (kind == experiment_kind::anytime ? 4u : 2u));
      for (std::uint64_t k : {1u, 2u, 3u}) {
        BOOST_TEST_CONTEXT("K = " << k) {
          std::vector<std::string> dirs;
          std::uint64_t rows = 0;
          for (std::uint64_t i = 0; i < k; ++i) {
            dirs.push_back(fresh_dir("shard").string());
            rows += run_experiment(c, dirs.back(), shard(i, k)).total;
          }
          BOOST_TEST(rows == read_runs((whole / "runs.csv").string(), kind).size());
          std::reverse(dirs.begin(), dirs.end());  // any order
          const auto out = fresh_dir("merged");
          const auto rep = merge_experiment(out.string(), dirs);
          BOOST_TEST(rep.total == rows);
          BOOST_TEST((data_files(out) == expected));
          const auto a = manifest_of(out), b = manifest_of(whole);
          BOOST_TEST(a.at("config") == b.at("config"));
          BOOST_TEST(a.value("windows", nlohmann::json()) == b.value("windows", nlohmann::json()));
          BOOST_TEST(a.at("status") == "complete");
          BOOST_TEST(!a.contains("shard"));
          BOOST_TEST(a.at("merged_from").size() == k);
          // The merged folder is a complete folder of the whole experiment: a rerun resumes all.
          BOOST_TEST(run_experiment(c, out.string(), quiet(1)).executed == 0u);
          BOOST_TEST((data_files(out) == expected));
          for (const auto& d : dirs) fs::remove_all(d);
          fs::remove_all(out);
        }
      }
      fs::remove_all(whole);
    }
  }
}

BOOST_AUTO_TEST_CASE(merge_refuses_shards_that_do_not_make_one_experiment) {
  const auto c = small_stopping_config();
  std::vector<std::string> s;
  for (std::uint64_t i = 0; i < 3; ++i) {
    s.push_back(fresh_dir("m").string());
    run_experiment(c, s.back(), shard(i, 3));
  }
  auto other = c;
  other.seed = 8;
  const auto reseeded = fresh_dir("m").string();
  run_experiment(other, reseeded, shard(2, 3));
  auto two = c;
  const auto of_two = fresh_dir("m").string();
  run_experiment(two, of_two, shard(1, 2));
  const auto out = fresh_dir("mout");
  auto refused = [&](const std::vector<std::string>& dirs, const std::string& says) {
    try {
      merge_experiment(out.string(), dirs);
      BOOST_TEST(false, "merged");
    } catch (const lilucb::domain_error& e) {
      BOOST_TEST(std::string(e.what()).find(says) != std::string::npos, e.what());
    }
    BOOST_TEST(!fs::exists(out / "runs.csv"));
  };
  refused({s[0], s[1]}, "missing shares of 3: 2");
  refused({s[0], s[1], s[1], s[2]}, "overlapping shares");
  refused({s[0], s[1], reseeded}, "seed");
  refused({s[0], s[1], of_two}, "one of 3");
  // A toolkit version or build commit that differs.
  auto m = manifest_of(s[2]);
  const auto saved = read_text(fs::path(s[2]) / "manifest.json");
  m["toolkit"]["version"] = "0.0.0-other";
  write_text(fs::path(s[2]) / "manifest.json", m.dump(2));
  refused({s[0], s[1], s[2]}, "toolkit version");
  m = nlohmann::json::parse(saved);
  m["git"]["commit"] = "0000000000000000000000000000000000000000";
  write_text(fs::path(s[2]) / "manifest.json", m.dump(2));
  refused({s[0], s[1], s[2]}, "build commit");
  // An incomplete shard: running, or a row missing, or a row of another share.
  m = nlohmann::json::parse(saved);
  m["status"] = "running";
  write_text(fs::path(s[2]) / "manifest.json", m.dump(2));
  refused({s[0], s[1], s[2]}, "not complete");
  write_text(fs::path(s[2]) / "manifest.json", saved);
  const auto runs = lines_of(fs::path(s[2]) / "runs.csv");
  const auto runs_text = read_text(fs::path(s[2]) / "runs.csv");
  std::string fewer;
  for (std::size_t i = 0; i + 1 < runs.size(); ++i) fewer += runs[i] + "\n";
  write_text(fs::path(s[2]) / "runs.csv", fewer);
  refused({s[0], s[1], s[2]}, "runs.csv holds");
  write_text(fs::path(s[2]) / "runs.csv", runs_text + lines_of(fs::path(s[1]) / "runs.csv")[1] + "\n");
  refused({s[0], s[1], s[2]}, "belongs to shard 1/3");
  write_text(fs::path(s[2]) / "runs.csv", runs_text);
  // An output folder that already holds results.
  try {
    merge_experiment(s[0], {s[0], s[1], s[2]});
    BOOST_TEST(false, "merged into a shard");
  } catch (const lilucb::domain_error& e) {
    BOOST_TEST(std::string(e.what()).find("OUT") != std::string::npos, e.what());
  }
  BOOST_CHECK_NO_THROW(merge_experiment(out.string(), {s[2], s[0], s[1]}));
  for (const auto& d : s) fs::remove_all(d);
  fs::remove_all(reseeded);
  fs::remove_all(of_two);
  fs::remove_all(out);
}
