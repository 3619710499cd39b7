// `lilucb experiment modern` at the library level: the method table, the
// instances, the presets and the JSON config, the plan (its runs, their seeds), one run repeated
// by a direct library call, and the summary (T*, lower bound, prediction, error counts) against
// independent values.  The command end to end: tests/cli/test_cli_modern.cpp.

#include <boost/test/unit_test.hpp>

#include "lilucb_experiments/config.hpp"
#include "lilucb_experiments/modern.hpp"
#include "lilucb_experiments/results.hpp"
#include "lilucb_experiments/summaries.hpp"

#include "lilucb/bandit/compose.hpp"
#include "lilucb/theory/characteristic_time.hpp"
#include "lilucb/theory/characteristic_time_unknown_variance.hpp"
#include "lilucb/errors.hpp"
#include "lilucb/io/safe_file.hpp"

#include "../../experiments/src/runner_detail.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>

namespace fs = std::filesystem;
namespace tt = boost::test_tools;
using namespace lilucb::experiments;

namespace {

experiment_config tiny_config() {
  auto c = preset_config(experiment_kind::modern, "quick");
  c = apply_json(c, nlohmann::json::parse(R"({"methods": ["lilucb-heuristic", "eb-tci+ls", "tas-d+glr-heuristic"],
      "instances": ["onegap4", "sparse-n5"], "deltas": [0.1, 0.01], "repetitions": 3, "budget": 1000000, "seed": 7})"),
                 "test");
  c.validate();
  return c;
}

template <class F>
bool refused(F f, const std::string& names) {
  try {
    f();
  } catch (const lilucb::domain_error& e) {
    return std::string(e.what()).find(names) != std::string::npos;
  }
  return false;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(modern_experiment)

BOOST_AUTO_TEST_CASE(method_table_parses_and_certifies_as_compose_says) {
  const auto all = all_modern_methods();
  BOOST_TEST(all.size() == method_table.size());
  std::set<std::string> labels;
  for (const auto& m : all) BOOST_TEST(labels.insert(m.label).second, m.label << " twice");
  // Certified: lil'UCB's own rule and every sampling rule with LS (lil boundary); not the
  // Heuristic preset nor the heuristic GLR threshold.
  for (const char* c : {"lilucb+lilucb", "uniform+ls", "lilucb+ls", "lucb1+ls", "tas-d+ls", "tas-c+ls", "ttts+ls",
                        "t3c+ls", "eb-tci+ls"})
    BOOST_TEST(parse_method("methods", c).certified(), c);
  for (const char* c : {"lilucb-heuristic", "tas-d+glr-heuristic", "eb-tci+glr-heuristic"})
    BOOST_TEST(!parse_method("methods", c).certified(), c);
  BOOST_TEST(labels.count(modern_baseline) == 1u);
  BOOST_TEST(parse_method("methods", "lilucb-heuristic").preset.has_value());
  // A Bernoulli-only rule runs only on Bernoulli instances (the config checks each method against
  // each instance's model); no preset other than the reference; no lil'UCB stopping without its sampling.
  BOOST_TEST(refused([] { parse_method("methods", "kl-lucb+ls"); }, "methods"));
  BOOST_TEST(!method_of({"kl-lucb+ls"}).preset);
  const auto with = [](const char* method, const char* instance) {
    auto c = preset_config(experiment_kind::modern, "quick");
    c = apply_json(c, nlohmann::json{{"methods", {method}}, {"instances", {instance}}}, "test");
    c.validate();
  };
  BOOST_TEST(refused([&] { with("t3c-ids+glr-pooled-kl", "onegap4"); }, "methods"));
  BOOST_TEST(refused([&] { with("tas-d+glr-kk21", "gk-mu1"); }, "methods"));
  BOOST_CHECK_NO_THROW(with("t3c-ids+glr-pooled-kl", "gk-mu1"));
  BOOST_CHECK_NO_THROW(with("t3c-ids+glr-heuristic", "lowrate5"));
  BOOST_CHECK_NO_THROW(with("t3c-ids+glr-pooled-eb", "beta-mu1"));  // a rule for a known range on bounded arms
  BOOST_TEST(refused([&] { with("t3c-ids+glr-pooled-eb", "linear5"); }, "methods"));
  BOOST_TEST(refused([] { method_of({"lilucb-ls"}); }, "lilucb-heuristic"));
  BOOST_TEST(refused([] { method_of({"tas-d+lilucb"}); }, "lil'UCB's stopping rule"));
  BOOST_TEST(refused([] { method_of({"tas-d+glr-bogus"}); }, "threshold"));
}

// The method table's labels are the combinations' one names (bandit::to_string); LS boundaries
// keep their runs' older seed key, and a config or result file with the older label is read.
BOOST_AUTO_TEST_CASE(one_name_per_method_and_the_older_spelling_is_read) {
  for (const auto& m : all_modern_methods()) {
    BOOST_TEST(m.label.find(':') == std::string::npos, m.label);
    if (!m.preset) BOOST_TEST(m.label == lilucb::bandit::to_string(m.combination));
  }
  const auto stitched = parse_method("methods", "eb-tci+ls-stitched:stitched");
  BOOST_TEST(stitched.label == "eb-tci+ls-stitched");
  BOOST_TEST(stitched.seed_key == "eb-tci+ls-stitched:stitched");
  BOOST_TEST(parse_method("methods", "t3c-ids+glr-pooled-per-arm").seed_key == "t3c-ids+glr-pooled-per-arm");
  // A manifest's config written with the older labels is read (resume, merge) as the same config.
  const auto q = preset_config(experiment_kind::modern, "quick");
  nlohmann::json old = q.to_json();
  std::size_t renamed = 0;
  for (auto& m : old["methods"])
    if (const auto l = m.get<std::string>(); l.find("+ls-") != std::string::npos) {
      std::string older = l;  // "X+ls-B" -> "X+ls-B:B" (built in place: GCC 12 warns falsely on the replace chain)
      older.push_back(':');
      older.append(l, l.rfind('-') + 1, std::string::npos);
      m = older;
      ++renamed;
    }
  BOOST_TEST(renamed == 4u);  // eb-tci+ls-stitched, tas-d+ls-mixture, t3c+ls-mixture, eb-tci+ls-mixture
  BOOST_TEST(old.dump().find("eb-tci+ls-stitched:stitched") != std::string::npos);
  BOOST_TEST(canonical_config_json(old) == q.to_json());
  BOOST_TEST(config_from_json(old, "old manifest").to_json() == q.to_json());
}

// Every rule of the registry that runs on the experiment's Gaussian instances is in the method
// table: each sampling rule accepted on Gaussian arms, each GLR threshold and each LS boundary.
BOOST_AUTO_TEST_CASE(method_table_covers_every_rule_of_the_registry) {
  namespace lb = lilucb::bandit;
  const auto all = all_modern_methods();
  const auto has = [&](auto pred) {
    return std::any_of(all.begin(), all.end(), [&](const modern_method& m) { return !m.preset && pred(m.combination); });
  };
  for (const auto& d : lb::sampling_rules)
    if (lb::accepts(d.models, lb::reward_model::gaussian))
      BOOST_TEST(has([&](const lb::combination& c) { return c.sampling == d.id; }), d.name);
  for (const auto& d : lb::stopping_rules)
    BOOST_TEST(has([&](const lb::combination& c) { return c.stopping == d.id; }), d.name);
  for (const auto& d : lb::glr_thresholds)
    BOOST_TEST(has([&](const lb::combination& c) { return c.stopping == lb::stopping_rule::glr && c.threshold == d.id; }),
               d.name);
  for (const auto& d : lb::ls_boundaries)
    BOOST_TEST(has([&](const lb::combination& c) { return c.stopping == lb::stopping_rule::ls && c.boundary == d.id; }),
               d.name);
}

BOOST_AUTO_TEST_CASE(instances_are_the_issues) {
  const auto a = parse_instance("instances", "linear5", 0.5, 0.5);
  BOOST_TEST(a.means == (std::vector<double>{1.0, 0.8, 0.6, 0.4, 0.2}));
  BOOST_TEST(a.sigma == 1.0);
  const auto b = parse_instance("instances", "onegap4", 1.0, 0.5);
  BOOST_TEST(b.means == (std::vector<double>{0.5, 0.0, 0.0, 0.0}));
  BOOST_TEST(b.sigma == 0.5);
  const auto s = parse_instance("instances", "sparse-n10", 0.5, 0.5);
  BOOST_TEST(s.means.size() == 10u);
  BOOST_TEST(s.means[0] == 0.5);
  BOOST_TEST(s.sigma == 0.5);
  const auto al = parse_instance("instances", "alpha0.3-n100", 0.5, 0.5);
  BOOST_TEST(al.means.size() == 101u);  // Section 5: n + 1 arms
  const auto beta = parse_instance("instances", "beta-mu1", 1.0, 0.5);  // bounded: Beta arms in [0, 1]
  BOOST_TEST(beta.means == (std::vector<double>{0.5, 0.45, 0.43, 0.4}));
  BOOST_TEST((beta.model == lilucb::bandit::reward_model::bounded));
  BOOST_TEST(beta.sigma == 0.5);
  const auto low = parse_instance("instances", "beta-low4", 1.0, 0.5);
  BOOST_TEST(low.means == (std::vector<double>{0.1, 0.08, 0.07, 0.05}));
  BOOST_TEST((low.model == lilucb::bandit::reward_model::bounded));
  for (const char* bad : {"", "linear6", "sparse", "sparse-n", "sparse-n1", "sparse-n010", "sparse-n1e3", "dense-n10",
                          "alpha0.30-n10", "sparse-n4294967296", "-n10"})
    BOOST_TEST(refused([&] { parse_instance("instances", bad, 0.5, 0.5); }, "instances"), bad);
}

BOOST_AUTO_TEST_CASE(presets_and_config_round_trip) {
  const auto q = preset_config(experiment_kind::modern, "quick");
  q.validate();
  BOOST_TEST(q.instances.size() == 8u);
  BOOST_TEST(q.deltas == (std::vector<double>{0.1, 0.01, 0.001}));
  BOOST_TEST(q.methods.size() == preset_methods("quick").size());
  const auto f = preset_config(experiment_kind::modern, "full");
  f.validate();
  const auto runs = [](const experiment_config& cfg, const modern_method& m) {
    return std::find_if(cfg.methods.begin(), cfg.methods.end(), [&](const auto& x) { return x.label == m.label; }) !=
           cfg.methods.end();
  };
  bool some_quick_only = false;
  for (const auto& m : all_modern_methods()) {  // each preset runs every method without a stated reason
    BOOST_TEST(runs(q, m) == m.not_in_presets.empty(), m.label);
    BOOST_TEST(runs(f, m) == (m.not_in_presets.empty() && m.not_in_full.empty()), m.label);
    BOOST_TEST(preset_omission(m, "full").empty() == runs(f, m), m.label);
    some_quick_only = some_quick_only || (runs(q, m) && !runs(f, m));
  }
  BOOST_TEST(some_quick_only);  // weakest-pair: in the quick preset, not in the full one
  BOOST_TEST(f.instances.size() == 11u);
  BOOST_TEST((std::find(f.instances.begin(), f.instances.end(), "alpha0.6-n1000") != f.instances.end()));
  BOOST_TEST(f.repetitions > q.repetitions);
  BOOST_TEST(refused([] { preset_config(experiment_kind::modern, "paper"); }, "--preset"));
  // The manifest's config reads back to the same config.
  const auto c = tiny_config();
  BOOST_TEST(config_from_json(c.to_json(), "m").to_json() == c.to_json());
  BOOST_TEST(c.to_json()["experiment"] == "modern");
}

BOOST_AUTO_TEST_CASE(invalid_configs_name_the_field) {
  const auto base = preset_config(experiment_kind::modern, "quick");
  struct bad_case {
    const char* json;
    const char* names;
  };
  const bad_case cases[] = {
      {R"({"algorithms": ["lilucb"]})", "algorithms"},
      {R"({"sizes": [10]})", "sizes"},
      {R"({"nu": 0.1})", "nu"},
      {R"({"methods": ["thompson"]})", "thompson"},
      {R"({"methods": "eb-tci+ls"})", "methods"},
      {R"({"instances": ["dense-n10"]})", "dense-n10"},
      {R"({"deltas": ["0.1"]})", "deltas"},
      {R"({"report": "modern-x.md"})", "report"},
  };
  for (const auto& b : cases)
    BOOST_TEST(refused([&] { apply_json(base, nlohmann::json::parse(b.json), "cfg").validate(); }, b.names), b.json);
  const bad_case invalid[] = {
      {R"({"methods": []})", "methods"},
      {R"({"methods": ["eb-tci+ls", "eb-tci+ls"]})", "each method once"},
      {R"({"instances": []})", "instances"},
      {R"({"instances": ["onegap4", "onegap4"]})", "each instance once"},
      {R"({"deltas": []})", "deltas"},
      {R"({"deltas": [0]})", "(0, 1/2]"},
      {R"({"deltas": [0.6]})", "(0, 1/2]"},
      {R"({"deltas": [0.1, 0.1]})", "each delta once"},
      {R"({"repetitions": 0})", "repetitions"},
      {R"({"budget": 0})", "budget"},
      {R"({"sigma": -1})", "sigma"},
      {R"({"gap": 0, "instances": ["sparse-n3"]})", "gap"},
  };
  for (const auto& b : invalid)
    BOOST_TEST(refused([&] { apply_json(base, nlohmann::json::parse(b.json), "cfg").validate(); }, b.names), b.json);
  // And the other experiments refuse the modern keys.
  BOOST_TEST(refused(
      [] { apply_json(preset_config(experiment_kind::stopping_times, "quick"), nlohmann::json::parse(R"({"deltas": [0.1]})"), "cfg"); },
      "modern experiment only"));
  BOOST_TEST(refused(
      [] { apply_json(preset_config(experiment_kind::anytime, "quick"), nlohmann::json::parse(R"({"report": {}})"), "cfg"); },
      "modern experiment only"));
  // A report object declares the run's page for `lilucb docs` and leaves the run as it is.
  const auto with_report = apply_json(
      base, nlohmann::json::parse(R"({"seed": 9, "report": {"page": "modern-x.md", "title": "x"}})"), "cfg");
  with_report.validate();
  BOOST_TEST(with_report.to_json() == apply_json(base, nlohmann::json::parse(R"({"seed": 9})"), "cfg").to_json());
}

BOOST_AUTO_TEST_CASE(plan_enumerates_methods_instances_deltas_with_order_free_seeds) {
  const auto c = tiny_config();
  const detail::experiment_plan p(c);
  BOOST_TEST(p.total() == 3u * 2u * 2u * 3u);
  std::set<std::uint64_t> seeds;
  std::uint64_t expected = 0;
  p.for_each_run([&](std::uint64_t i, const detail::run_coords& x) {
    BOOST_TEST(i == expected++);
    seeds.insert(p.seed_of(x));
  });
  BOOST_TEST(seeds.size() == p.total());
  // Reversed axes: every run keeps its seed (seeds follow labels, not positions).
  auto r = c;
  std::reverse(r.methods.begin(), r.methods.end());
  std::reverse(r.instances.begin(), r.instances.end());
  std::reverse(r.deltas.begin(), r.deltas.end());
  const detail::experiment_plan q(r);
  q.for_each_run([&](std::uint64_t, const detail::run_coords& x) {
    const auto row = detail::planned_run(q, x);
    const auto back = p.locate(row);
    BOOST_REQUIRE(back.has_value());
    BOOST_TEST(p.seed_of(*back) == row.seed);
  });
}

BOOST_AUTO_TEST_CASE(a_run_is_the_library_call) {
  const auto c = tiny_config();
  const detail::experiment_plan p(c);
  p.for_each_run([&](std::uint64_t, const detail::run_coords& x) {
    const auto row = detail::planned_run(p, x);
    lilucb::bandit::run_options o;
    o.nu = c.deltas[x.z];
    o.sigma = p.instance_of(x.s, x.z).sigma;
    o.max_pulls = c.budget;
    o.seed = row.seed;
    const auto means = shuffled_means(p.instance_of(x.s, x.z).means, row.seed);
    const lilucb::bandit::gaussian_arms arms(means, o.sigma);
    const auto& m = c.methods[x.a];
    const auto res = m.preset ? lilucb::bandit::run_algorithm(*m.preset, arms, o)
                              : lilucb::bandit::run_combination(m.combination, arms, o).run;
    BOOST_TEST(row.pulls == res.pulls);
    BOOST_TEST(row.chosen_arm == res.best_arm);
    BOOST_TEST(row.correct == (res.best_arm == lilucb::best_arm(means)));
    BOOST_TEST(row.method == m.label);
    // The row survives its CSV line.
    const auto parsed = parse_run(to_csv(row, experiment_kind::modern), experiment_kind::modern);
    BOOST_REQUIRE(parsed.has_value());
    BOOST_TEST(to_csv(*parsed, experiment_kind::modern) == to_csv(row, experiment_kind::modern));
    BOOST_TEST(parsed->delta == row.delta);
  });
}

// An epsilon-good config: ties allowed, each run the library's run with the config's target and
// correct when epsilon-good, the summary's T* the T*_eps of characteristic_time.hpp and H1 of the
// raised gaps; the manifest writes epsilon only when set; presets, bounded instances and thresholds
// that do not answer the question are refused, naming the field.
BOOST_AUTO_TEST_CASE(an_epsilon_good_config_runs_the_question) {
  const auto base = preset_config(experiment_kind::modern, "quick");
  BOOST_TEST(base.to_json().dump().find("epsilon") == std::string::npos);
  auto c = apply_json(base, nlohmann::json::parse(R"({"methods": ["t3c-ids+glr-one-sided", "t3c-ids+glr-heuristic"],
      "instances": ["tie4", "bern-near4"], "deltas": [0.1], "epsilon": 0.05, "repetitions": 3, "seed": 2})"), "cfg");
  c.validate();
  BOOST_TEST(c.to_json()["epsilon"] == 0.05);
  BOOST_TEST(config_from_json(c.to_json(), "m").to_json() == c.to_json());
  const detail::experiment_plan p(c);
  std::vector<run_row> rows;
  p.for_each_run([&](std::uint64_t, const detail::run_coords& x) {
    const auto row = detail::planned_run(p, x);
    rows.push_back(row);
    const auto& in = p.instance_of(x.s, x.z);
    lilucb::bandit::run_options o;
    o.nu = c.deltas[x.z];
    o.sigma = in.sigma;
    o.max_pulls = c.budget;
    o.seed = row.seed;
    const auto means = shuffled_means(in.means, row.seed);
    auto comb = c.methods[x.a].combination;
    comb.target = c.target;
    const auto res = in.model == lilucb::bandit::reward_model::bernoulli
                         ? lilucb::bandit::run_combination(comb, lilucb::bandit::bernoulli_arms(means), o).run
                         : lilucb::bandit::run_combination(comb, lilucb::bandit::gaussian_arms(means, in.sigma), o).run;
    BOOST_TEST(row.pulls == res.pulls);
    BOOST_TEST((row.status == lilucb::bandit::run_status::stopped));
    BOOST_TEST(row.correct == lilucb::bandit::is_good_answer(c.target, means, res.best_arm));
  });
  const auto sums = summarize_modern(c, rows);
  BOOST_REQUIRE(!sums.empty());
  for (const auto& s : sums) {
    if (s.instance != "tie4") continue;
    BOOST_TEST(s.t_star == 2 * 0.25 * std::pow(1 + std::sqrt(3.0), 2) / (0.05 * 0.05), boost::test_tools::tolerance(1e-9));
    BOOST_TEST(s.h1 == 3 / (0.05 * 0.05), boost::test_tools::tolerance(1e-12));
  }
  const char* refusals[][2] = {
      {R"({"methods": ["lilucb-heuristic"], "epsilon": 0.05})", "methods"},
      {R"({"methods": ["t3c-ids+glr-pooled-per-arm"], "epsilon": 0.05})", "methods"},
      {R"({"methods": ["t3c-ids+glr-one-sided"], "instances": ["beta-mu1"], "epsilon": 0.05})", "instances"},
      {R"({"methods": ["t3c-ids+glr-one-sided"], "instances": ["tie4"]})", "unique best arm"},
      {R"({"methods": ["t3c-ids+glr-one-sided"], "epsilon": -1})", "epsilon"},
      {R"({"methods": ["t3c-ids+glr-one-sided"], "epsilon_relative": true})", "epsilon_relative"},
  };
  for (const auto& r : refusals)
    BOOST_TEST(refused([&] { apply_json(base, nlohmann::json::parse(r[0]), "cfg").validate(); }, r[1]), r[0]);
}

// The quick preset with the settings `json`, run run by run: each row's pulls and answer must be
// those of the library call `call(p, x, row, o, combination)` (o: the run's options with nu, budget
// and seed set); returns the config's summaries, checked to exist.
template <class Call>
std::vector<modern_summary> rows_are_library_calls(const char* json, Call call) {
  auto c = preset_config(experiment_kind::modern, "quick");
  c = apply_json(c, nlohmann::json::parse(json), "test");
  c.validate();
  const detail::experiment_plan p(c);
  std::vector<run_row> rows;
  p.for_each_run([&](std::uint64_t, const detail::run_coords& x) {
    const auto row = detail::planned_run(p, x);
    lilucb::bandit::run_options o;
    o.nu = c.deltas[x.z];
    o.max_pulls = c.budget;
    o.seed = row.seed;
    const lilucb::bandit::run_result res = call(p, x, row, o, c.methods[x.a].combination);
    BOOST_TEST(row.pulls == res.pulls);
    BOOST_TEST(row.chosen_arm == res.best_arm);
    rows.push_back(row);
  });
  BOOST_TEST(rows.size() == 4u);
  auto summaries = summarize_modern(c, rows);
  BOOST_REQUIRE(!summaries.empty());
  return summaries;
}

// A bounded instance runs on Beta arms in [0, 1] (bounded_arms, concentration 9), and its summary's
// T* is the Beta family's.
BOOST_AUTO_TEST_CASE(a_bounded_run_is_the_library_call_on_beta_arms) {
  const auto summaries = rows_are_library_calls(
      R"({"methods": ["t3c-ids+glr-pooled-eb", "t3c-ids+glr-heuristic"], "instances": ["beta-mu1"], "deltas": [0.1],
          "repetitions": 2, "budget": 1000000, "seed": 3})",
      [](const detail::experiment_plan& p, const detail::run_coords& x, const run_row& row,
         lilucb::bandit::run_options o, const lilucb::bandit::combination& comb) {
        o.sigma = 0.5;
        const lilucb::bandit::bounded_arms arms(shuffled_means(p.instance_of(x.s, x.z).means, row.seed), 0, 1);
        return lilucb::bandit::run_combination(comb, arms, o).run;
      });
  const double t_star = lilucb::characteristic_time_beta(std::vector<double>{0.5, 0.45, 0.43, 0.4},
                                                         lilucb::bandit::bounded_arms::default_concentration)
                            .t_star;
  for (const auto& sm : summaries) BOOST_TEST(sm.t_star == t_star);
}

// An instance of unknown variances runs on Gaussian arms whose means and sigmas are shuffled by
// the same permutation, with run_options::unknown_variance (the rules read no sigma; the sampling
// rules' nominal scale is the largest); its summary's T* is the known-different-sigmas program's;
// a sigma rule and an epsilon-good question are refused on it.
BOOST_AUTO_TEST_CASE(an_unknown_variance_run_is_the_library_call_with_unknown_variance) {
  const auto in = parse_instance("instances", "uv-spread4", 1.0, 0.5);
  BOOST_TEST((in.model == lilucb::bandit::reward_model::gaussian_unknown_variance));
  BOOST_TEST(in.sigmas == (std::vector<double>{0.25, 1.0, 0.5, 2.0}));
  BOOST_TEST(in.sigma == 2.0);
  const char* json = R"({"methods": ["t3c-ids+glr-paired-t", "t3c-ids+glr-heuristic-ev"], "instances": ["uv-spread4"],
      "deltas": [0.1], "repetitions": 2, "budget": 1000000, "seed": 3})";
  const auto summaries = rows_are_library_calls(
      json, [](const detail::experiment_plan& p, const detail::run_coords& x, const run_row& row,
               lilucb::bandit::run_options o, const lilucb::bandit::combination& comb) {
        o.sigma = 0;
        o.unknown_variance = true;
        const auto& inst = p.instance_of(x.s, x.z);
        const auto mu = shuffled_means(inst.means, row.seed), sd = shuffled_means(inst.sigmas, row.seed);
        // One permutation for both: each mean keeps its sigma (0.5 with 0.25, 0 with 2).
        for (std::size_t i = 0; i < mu.size(); ++i)
          BOOST_TEST(sd[i] == inst.sigmas[static_cast<std::size_t>(
                                  std::find(inst.means.begin(), inst.means.end(), mu[i]) - inst.means.begin())]);
        return lilucb::bandit::run_combination(comb, lilucb::bandit::gaussian_arms(mu, sd), o).run;
      });
  // The lower bound: T* of the unknown-variance model, above the same laws' known-variance T*.
  const double t_star = lilucb::characteristic_time_gaussian_unknown_variance(in.means, in.sigmas).t_star;
  BOOST_TEST(t_star > lilucb::characteristic_time_gaussian(in.means, in.sigmas).t_star);
  for (const auto& sm : summaries) BOOST_TEST(sm.t_star == t_star);
  auto c = apply_json(preset_config(experiment_kind::modern, "quick"), nlohmann::json::parse(json), "test");
  const auto with = [&](const char* change) { apply_json(c, nlohmann::json::parse(change), "test").validate(); };
  BOOST_TEST(refused([&] { with(R"({"methods": ["t3c-ids+glr-pooled-per-arm"]})"); }, "methods"));
  BOOST_TEST(refused([&] { with(R"({"epsilon": 0.05})"); }, "instances"));
}

BOOST_AUTO_TEST_CASE(summary_against_independent_values) {
  const auto c = tiny_config();
  // Planted rows on onegap4 at delta 0.01: pulls 100, 300, 200, 1000 (censored), one wrong answer.
  std::vector<run_row> rows;
  auto add = [&](const char* method, std::uint64_t pulls, bool correct, bool censored) {
    run_row r;
    r.method = method;
    r.scenario = "onegap4";
    r.delta = 0.01;
    r.pulls = pulls;
    r.correct = correct;
    r.status = censored ? run_status::budget_exhausted : run_status::stopped;
    rows.push_back(r);
  };
  add("tas-d+glr-heuristic", 100, true, false);
  add("tas-d+glr-heuristic", 300, false, false);
  add("tas-d+glr-heuristic", 200, true, false);
  add("tas-d+glr-heuristic", 1000, true, true);
  add("eb-tci+ls", 500, true, false);
  const auto s = summarize_modern(c, rows);
  BOOST_REQUIRE(s.size() == 2u);
  const auto& e = s[0];  // the config's method order: eb-tci+ls before tas-d+glr-heuristic
  const auto& g = s[1];
  BOOST_TEST(e.method == "eb-tci+ls");
  BOOST_TEST(e.certified);
  BOOST_TEST(!e.predicted.has_value());
  BOOST_TEST(g.method == "tas-d+glr-heuristic");
  BOOST_TEST(!g.certified);
  BOOST_TEST(g.runs == 4u);
  BOOST_TEST(g.stopped == 3u);
  BOOST_TEST(g.censored == 1u);
  BOOST_TEST(g.errors == 1u);
  BOOST_TEST(g.mean == 400.0);
  BOOST_TEST(g.median == 250.0);
  // K - 1 = 3 equal gaps Delta = 0.5, sigma = 0.5: T* = 2 sigma^2 (1 + sqrt 3)^2 / Delta^2.
  const double t_star = 2 * 0.25 * std::pow(1 + std::sqrt(3.0), 2) / 0.25;
  BOOST_TEST(g.t_star == t_star, tt::tolerance(1e-9));
  BOOST_TEST(g.h1 == 12.0, tt::tolerance(1e-12));
  BOOST_TEST(g.lower_bound == t_star * (1 - 0.02) * std::log(0.99 / 0.01), tt::tolerance(1e-9));
  BOOST_TEST(g.mean_over_tstar_log() == 400.0 / (t_star * std::log(100.0)), tt::tolerance(1e-12));
  // The prediction solves t = T* log((1 + log ceil t)/delta) (the heuristic threshold at the next integer).
  BOOST_REQUIRE(g.predicted.has_value());
  const double t = *g.predicted;
  BOOST_TEST(t == t_star * std::log((1 + std::log(std::ceil(t))) / 0.01), tt::tolerance(1e-6));
  // The CSV line reads back.
  const auto dir = fs::temp_directory_path() / ("lilucb-modern-summary-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  lilucb::io::write_file_atomically(dir / "summary.csv", csv_text(modern_summary_header(), s));
  const auto back = read_modern_summary(dir / "summary.csv");
  BOOST_REQUIRE(back.size() == 2u);
  BOOST_TEST(to_csv(back[1]) == to_csv(g));
  std::ofstream(dir / "bad.csv") << modern_summary_header() << "\n" << to_csv(g).substr(0, 20) << "\n";
  BOOST_TEST(refused([&] { read_modern_summary(dir / "bad.csv"); }, "bad.csv"));
  fs::remove_all(dir);
}

BOOST_AUTO_TEST_SUITE_END()
