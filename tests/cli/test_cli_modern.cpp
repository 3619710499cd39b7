// `lilucb experiment modern` through the real binary: a tiny config (a few
// seconds) writes runs.csv, summary.csv, manifest.json and the plots; a rerun of an interrupted
// folder resumes to the same bytes; invalid input is exit 2 and one line naming the parameter;
// docs/generated/modern.md's renderer on the tiny folder.  The library side: tests/experiments/test_modern.cpp.

#include <boost/test/unit_test.hpp>

#include "lilucb_experiments/report.hpp"
#include "lilucb_experiments/reproduction_data.hpp"
#include "../text_files.hpp"

#include "lilucb/errors.hpp"

#include <nlohmann/json.hpp>

#include "cli_harness.hpp"

#include <filesystem>
#include <algorithm>
#include <fstream>
#include <map>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using json = nlohmann::json;
using namespace cli_harness;
using namespace test_files;

namespace {

// 3 methods x 2 instances x 2 deltas x 3 repetitions.
const char* kModernConfig = R"({
  "methods": ["lilucb-heuristic", "eb-tci+ls", "tas-d+glr-heuristic"],
  "instances": ["onegap4", "sparse-n5"], "deltas": [0.1, 0.01], "repetitions": 3, "budget": 1000000, "seed": 3})";
constexpr std::size_t kModernRuns = 3 * 2 * 2 * 3;

json run_ok(const std::vector<std::string>& args) {
  const auto r = run_cli(args);
  BOOST_TEST_CONTEXT(show(args)) {
    BOOST_TEST(r.status == 0, "stderr: " << r.err);
    BOOST_TEST(!r.signaled);
  }
  try {
    return json::parse(r.out);
  } catch (const std::exception& e) {
    BOOST_TEST(false, "stdout is not one JSON value: " << e.what() << "\n" << r.out);
    return json::object();
  }
}

}  // namespace

BOOST_AUTO_TEST_CASE(modern_writes_its_files_and_resumes_byte_identically) {
  temp_dir tmp;
  const auto cfg = tmp.file("m.json", kModernConfig);
  const fs::path out = tmp.path / "modern";
  const std::vector<std::string> cmd = {"experiment", "modern", "--config", cfg, "--out", out.string(),
                                        "--quiet", "--json", "--threads", "2"};
  const auto j = run_ok(cmd);
  BOOST_TEST(j.at("runs").at("executed") == kModernRuns);
  const auto runs = lines_of(out / "runs.csv");
  BOOST_REQUIRE(runs.size() == kModernRuns + 1);
  BOOST_TEST(runs[0] == "method,instance,delta,repetition,seed,pulls,status,chosen_arm,correct");
  const auto summary = lines_of(out / "summary.csv");
  BOOST_REQUIRE(summary.size() == 3u * 2 * 2 + 1);
  BOOST_TEST(fields(summary[1]).size() == fields(summary[0]).size());
  BOOST_TEST(summary[1].rfind("lilucb-heuristic,onegap4,0.1,0,4,", 0) == 0u, summary[1]);  // uncertified, 4 arms
  BOOST_TEST(contains(read_text(out / "summary.csv"), "eb-tci+ls,onegap4,0.1,1,4,"));       // certified
  const auto m = json::parse(read_text(out / "manifest.json"));
  BOOST_TEST(m.at("experiment") == "modern");
  BOOST_TEST(m.at("status") == "complete");
  BOOST_TEST(m.at("config").at("deltas") == json::parse("[0.1, 0.01]"));
  // One plot per instance, PNG and SVG.
  BOOST_TEST(j.at("plots").size() == 4u);
  for (const char* f : {"modern-onegap4.png", "modern-sparse-n5.svg"}) BOOST_TEST(fs::exists(out / f), f);
  const std::string png = read_text(out / "modern-onegap4.png");
  BOOST_TEST(png.substr(1, 3) == "PNG");

  // An interrupted append: 10 rows kept, the 11th cut; the rerun redoes the rest, same bytes.
  const auto full = read_text(out / "runs.csv");
  const auto full_summary = read_text(out / "summary.csv");
  {
    std::ofstream f(out / "runs.csv", std::ios::trunc);
    for (std::size_t i = 0; i <= 10; ++i) f << runs[i] << '\n';
    f << runs[11].substr(0, runs[11].size() / 2);
  }
  auto again = cmd;
  again.push_back("--no-plot");
  const auto k = run_ok(again);
  BOOST_TEST(k.at("runs").at("resumed") == 10);
  BOOST_TEST(k.at("runs").at("executed") == kModernRuns - 10);
  BOOST_TEST(read_text(out / "runs.csv") == full);
  BOOST_TEST(read_text(out / "summary.csv") == full_summary);
  // One thread gives the same files.
  const fs::path one = tmp.path / "one";
  run_ok({"experiment", "modern", "--config", cfg, "--out", one.string(), "--quiet", "--json", "--threads", "1", "--no-plot"});
  BOOST_TEST(read_text(one / "runs.csv") == full);

  // docs/generated/modern.md's renderer on this folder, laid out as docs/reproduction/quick/modern.
  const fs::path docs = tmp.path / "docs";
  fs::create_directories(docs / "generated");
  fs::create_directories(docs / "reproduction" / "quick" / "modern");
  for (const char* f : {"summary.csv", "manifest.json", "modern-onegap4.png"})
    fs::copy_file(out / f, docs / "reproduction" / "quick" / "modern" / f);
  const auto text = lilucb::experiments::render_modern_report(docs / "generated");
  BOOST_REQUIRE(text.has_value());
  BOOST_TEST(contains(*text, "## Best certified method per instance and δ"));
  BOOST_TEST(contains(*text, "| onegap4 | 0.01 | eb-tci+ls |"));  // the only certified method of the config
  BOOST_TEST(contains(*text, "- **sparse-n5**: the best certified method is eb-tci+ls at 2 of 2 values of δ."));
  BOOST_TEST(contains(*text, "](../reproduction/quick/modern/modern-onegap4.png)"));
  BOOST_TEST(!contains(*text, "modern-sparse-n5.png"));  // not copied: not linked
  // A malformed summary is refused, naming the file.
  std::ofstream(docs / "reproduction" / "quick" / "modern" / "summary.csv", std::ios::app) << "x,y\n";
  BOOST_CHECK_THROW(lilucb::experiments::render_modern_report(docs / "generated"), lilucb::domain_error);
  fs::remove(docs / "reproduction" / "quick" / "modern" / "summary.csv");
  BOOST_TEST(!lilucb::experiments::render_modern_report(docs / "generated").has_value());
}

// summary.csv's median interval (statistics.hpp, median_interval) is the order statistics of the
// cell's pulls in runs.csv; the report then compares the best single certified method with the
// Heuristic cell by cell; a summary written before the interval existed still renders, without it.
// A panel with more methods than it may label: every panel shows the recommended certified method
// and the lower bound (black, dashed, a style no method has), the other methods in small multiples
// of at most 8 labelled series each, every one titled.
BOOST_AUTO_TEST_CASE(modern_plot_small_multiples_label_every_method) {
  temp_dir tmp;
  const std::vector<std::string> methods{"uniform+glr-heuristic", "t3c+glr-heuristic", "eb-tci+glr-heuristic",
                                         "tas-d+glr-heuristic", "ttts+glr-heuristic", "t3c-ids+glr-pooled",
                                         "eb-tci-ids+glr-pooled", "weakest-pair+glr-pooled",
                                         "weakest-pair+glr-pooled-per-arm", "t3c-ids+glr-pooled-weighted"};
  nlohmann::json j{{"methods", methods}, {"instances", {"onegap4"}}, {"deltas", {0.1}}, {"repetitions", 2}, {"seed", 3}};
  const auto cfg = tmp.file("m.json", j.dump());
  const fs::path out = tmp.path / "many";
  run_ok({"experiment", "modern", "--config", cfg, "--out", out.string(), "--quiet", "--json", "--threads", "2"});
  const std::string script = read_text(out / "plot-data" / "modern-onegap4.gp");
  const auto count = [&](const std::string& needle) {
    std::size_t n = 0;
    for (auto at = script.find(needle); at != std::string::npos; at = script.find(needle, at + 1)) ++n;
    return n;
  };
  BOOST_TEST(count("notitle") == 0u);
  BOOST_TEST(count("#c8c8c8") == 0u);  // no unlabelled grey lines
  const std::size_t panels = count("plot \"");
  BOOST_TEST(panels == 2u * 2u);  // 9 others in panels of at most 6 (with the recommended method and the bound), PNG and SVG
  BOOST_TEST(count("title \"recommended: t3c-ids+glr-pooled-weighted\"") == panels);
  BOOST_TEST(count("with lines lc rgb '#000000' lw 2.5 dt 2 title 'lower bound") == panels);
  for (const auto& m : methods)
    if (m != "t3c-ids+glr-pooled-weighted") BOOST_TEST(count("title \"" + m + "\"") == 2u, m);  // once per terminal
}

BOOST_AUTO_TEST_CASE(modern_median_intervals_in_summary_and_report) {
  temp_dir tmp;
  const auto cfg = tmp.file("m.json", R"({"methods": ["lilucb-heuristic", "eb-tci+ls"], "instances": ["onegap4"],
    "deltas": [0.1], "repetitions": 8, "budget": 1000000, "seed": 3})");
  const fs::path out = tmp.path / "modern";
  run_ok({"experiment", "modern", "--config", cfg, "--out", out.string(), "--quiet", "--json", "--no-plot"});
  const auto summary = lines_of(out / "summary.csv");
  BOOST_REQUIRE(summary.size() == 3u);
  BOOST_TEST(summary[0].size() > 30u);
  BOOST_TEST(summary[0].substr(summary[0].size() - 28) == "median_ci_low,median_ci_high");
  // 8 runs: 2 P(Bin(8, 1/2) <= 0) = 0.0078 <= 0.05 < 2 P(B <= 1) = 0.07, so [x_(1), x_(8)].
  std::map<std::string, std::vector<double>> pulls;
  const auto runs = lines_of(out / "runs.csv");
  for (std::size_t k = 1; k < runs.size(); ++k) {
    const auto f = fields(runs[k]);
    pulls[f[0]].push_back(std::stod(f[5]));
  }
  for (std::size_t k = 1; k < summary.size(); ++k) {
    const auto f = fields(summary[k]);
    const auto& p = pulls.at(f[0]);
    BOOST_REQUIRE(p.size() == 8u);
    BOOST_TEST(std::stod(f[22]) == *std::min_element(p.begin(), p.end()), f[0]);
    BOOST_TEST(std::stod(f[23]) == *std::max_element(p.begin(), p.end()), f[0]);
  }
  const fs::path docs = tmp.path / "docs";
  const fs::path data = docs / "reproduction" / "quick" / "modern";
  fs::create_directories(docs / "generated");
  fs::create_directories(data);
  for (const char* f : {"summary.csv", "manifest.json"}) fs::copy_file(out / f, data / f);
  auto text = lilucb::experiments::render_modern_report(docs / "generated");
  BOOST_REQUIRE(text.has_value());
  BOOST_TEST(contains(*text, "### eb-tci+ls against the lil'UCB Heuristic, cell by cell"));
  BOOST_TEST(contains(*text, "The method is the config's only certified one, fixed before the runs."));
  const auto h = fields(summary[1]), e = fields(summary[2]);
  BOOST_REQUIRE(h[0] == "lilucb-heuristic");
  // (numbers as the report prints them: lilucb::experiments::fmt of the summary's values)
  const auto f = [](const std::string& x) { return lilucb::experiments::fmt(std::stod(x)); };
  const auto row = "| onegap4 | 0.1 | " + f(e[12]) + " [" + f(e[22]) + ", " + f(e[23]) + "] | " + f(h[12]) + " [" +
                   f(h[22]) + ", " + f(h[23]) + "] |";
  BOOST_TEST(contains(*text, row), row);
  // The same summary without its last two columns (as written before them): no comparison section.
  {
    std::ofstream f(data / "summary.csv", std::ios::trunc);
    for (const auto& l : summary) {
      const auto cut = l.rfind(',', l.rfind(',') - 1);
      f << l.substr(0, cut) << '\n';
    }
  }
  text = lilucb::experiments::render_modern_report(docs / "generated");
  BOOST_REQUIRE(text.has_value());
  BOOST_TEST(contains(*text, "## One certified method for every cell"));
  BOOST_TEST(!contains(*text, "cell by cell"));
  // The same with CRLF line ends and no final newline: still read as the old format.
  {
    std::ofstream f(data / "summary.csv", std::ios::trunc | std::ios::binary);
    for (std::size_t k = 0; k < summary.size(); ++k) {
      const auto& l = summary[k];
      f << l.substr(0, l.rfind(',', l.rfind(',') - 1)) << (k + 1 < summary.size() ? "\r\n" : "");
    }
  }
  BOOST_TEST(lilucb::experiments::render_modern_report(docs / "generated").has_value());
  // One end of the interval without the other is refused.
  {
    std::ofstream f(data / "summary.csv", std::ios::trunc);
    f << summary[0] << '\n' << summary[1].substr(0, summary[1].rfind(',') + 1) << '\n';
  }
  BOOST_CHECK_THROW(lilucb::experiments::render_modern_report(docs / "generated"), lilucb::domain_error);
}

// The full preset is meant to be run in shards (or under MPI): shards 0..K-1 merged give the
// single-process run's data files byte for byte (K = 2, 3), as for the paper's experiments.
BOOST_AUTO_TEST_CASE(modern_shards_merge_to_the_single_process_files) {
  temp_dir tmp;
  const auto cfg = tmp.file("m.json", kModernConfig);
  const fs::path whole = tmp.path / "whole";
  run_ok({"experiment", "modern", "--config", cfg, "--out", whole.string(), "--quiet", "--json", "--no-plot"});
  for (int K : {2, 3}) {
    std::vector<std::string> merge = {"experiment", "merge", (tmp.path / ("merged" + std::to_string(K))).string()};
    std::size_t rows = 0;
    for (int i = 0; i < K; ++i) {
      const fs::path d = tmp.path / ("shard" + std::to_string(K) + "-" + std::to_string(i));
      const auto j = run_ok({"experiment", "modern", "--config", cfg, "--out", d.string(), "--quiet", "--json",
                             "--no-plot", "--shard", std::to_string(i) + "/" + std::to_string(K)});
      rows += lines_of(d / "runs.csv").size() - 1;
      BOOST_TEST(j.at("runs").at("executed") < kModernRuns);  // a share, not the whole
      merge.push_back(d.string());
    }
    BOOST_TEST(rows == kModernRuns);
    merge.push_back("--json");
    run_ok(merge);
    const fs::path merged = tmp.path / ("merged" + std::to_string(K));
    BOOST_TEST_CONTEXT("K = " << K) {
      BOOST_TEST(read_text(merged / "runs.csv") == read_text(whole / "runs.csv"));
      BOOST_TEST(read_text(merged / "summary.csv") == read_text(whole / "summary.csv"));
      BOOST_TEST(json::parse(read_text(merged / "manifest.json")).at("config") ==
                 json::parse(read_text(whole / "manifest.json")).at("config"));
    }
  }
}

BOOST_AUTO_TEST_CASE(modern_invalid_input_is_one_line_and_exit_2) {
  temp_dir tmp;
  const std::string out = (tmp.path / "x").string();
  struct bad_case {
    std::vector<std::string> args;
    std::string names;
  };
  const std::vector<bad_case> cases = {
      {{"experiment", "modern", "--preset", "paper", "--out", out}, "--preset"},
      {{"experiment", "modern", "--config", tmp.file("a.json", R"({"algorithms": ["lilucb"]})"), "--out", out}, "algorithms"},
      {{"experiment", "modern", "--config", tmp.file("m.json", R"({"methods": ["kl-lucb+ls"]})"), "--out", out}, "kl-lucb+ls"},
      {{"experiment", "modern", "--config", tmp.file("d.json", R"({"deltas": [0.7]})"), "--out", out}, "deltas"},
      {{"experiment", "modern", "--config", tmp.file("i.json", R"({"instances": ["dense-n3"]})"), "--out", out}, "dense-n3"},
      {{"experiment", "modern", "--config", tmp.file("r.json", R"({"repetitions": 0})"), "--out", out}, "repetitions"},
      {{"experiment", "stopping-times", "--config", tmp.file("s.json", R"({"deltas": [0.1]})"), "--out", out}, "deltas"},
  };
  for (const auto& c : cases) {
    BOOST_TEST_CONTEXT(show(c.args)) {
      const auto r = run_cli(c.args);
      check_one_line_error(r);
      BOOST_TEST(r.status == 2);
      BOOST_TEST(contains(r.err, c.names), r.err);
    }
  }
  BOOST_TEST(!fs::exists(tmp.path / "x" / "runs.csv"));
  // A stopping-times folder is refused as a modern one (and left alone).
  const auto cfg = tmp.file("st.json", R"({"algorithms": ["lilucb-heuristic"], "scenarios": ["sparse"], "sizes": [3],
                                          "repetitions": 1, "budget": 10000})");
  const std::string st = (tmp.path / "st").string();
  BOOST_TEST(run_cli({"experiment", "stopping-times", "--config", cfg, "--out", st, "--quiet", "--no-plot"}).status == 0);
  const auto r = run_cli({"experiment", "modern", "--config", tmp.file("m2.json", kModernConfig), "--out", st, "--quiet"});
  check_one_line_error(r);
  BOOST_TEST(contains(r.err, "--out"));
}
