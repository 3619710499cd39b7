// Bindings of the paper reproduction (experiments/: lilucb::experiments::run_experiment, the
// runs.csv reader and the stopping-time summary) and of the verification suite
// (verification/: run_checks and the claims' JSON form that `lilucb verify --json` prints).
// Both run with the GIL released.

#include "common.hpp"

#include "lilucb_experiments/config.hpp"
#include "lilucb_experiments/runner.hpp"
#include "lilucb_verification/checks.hpp"
#include "lilucb_verification/claims_record.hpp"

#include <filesystem>

namespace lilucb::python {

namespace {

experiments::experiment_kind parse_kind(const std::string& kind) {
  if (kind == "stopping-times") return experiments::experiment_kind::stopping_times;
  if (kind == "anytime") return experiments::experiment_kind::anytime;
  throw lilucb::domain_error("lilucb.experiment", "kind", "'" + kind + "'", "{stopping-times, anytime}");
}

py::dict summary_dict(const experiments::stopping_summary& s) {
  py::dict d;
  d["algorithm"] = s.algorithm;
  d["scenario"] = s.scenario;
  d["n"] = s.n;
  d["runs"] = s.runs;
  d["censored"] = s.censored;
  d["stopped"] = s.stopped;
  d["errors"] = s.errors;
  d["h1"] = s.h1;
  d["mean"] = s.mean;
  d["median"] = s.median;
  d["q1"] = s.q1;
  d["q3"] = s.q3;
  d["error_rate"] = s.error_rate;
  d["error_low"] = s.error_low;
  d["error_high"] = s.error_high;
  return d;
}

py::dict experiment_py(const std::string& kind_name, const std::string& preset, const std::string& config_json,
                       const std::string& out, double threads, double shard_index, double shard_count,
                       bool progress, bool plot) {
  constexpr const char* fn = "lilucb.experiment";
  const auto kind = parse_kind(kind_name);
  auto config = experiments::preset_config(kind, preset);
  if (!config_json.empty()) {
    nlohmann::json j;
    try {
      j = nlohmann::json::parse(config_json);
    } catch (const nlohmann::json::exception& e) {
      throw lilucb::domain_error(fn, "config", "(not JSON)", std::string("a JSON object (") + e.what() + ")");
    }
    config = experiments::apply_json(config, j, "config");
  }
  experiments::runner_options ro;
  ro.threads = static_cast<unsigned>(whole_number(fn, "threads", threads, 0, "a whole number in [0, 1024] (0: all cores)"));
  if (ro.threads > 1024) throw lilucb::domain_error(fn, "threads", number_text(threads), "a whole number in [0, 1024] (0: all cores)");
  ro.shard_count = whole_number(fn, "shard_count", shard_count, 1, "a whole number >= 1");
  ro.shard_index = whole_number(fn, "shard_index", shard_index, 0, "a whole number in [0, shard_count)");
  if (ro.shard_index >= ro.shard_count)
    throw lilucb::domain_error(fn, "shard_index", number_text(shard_index), "a whole number in [0, shard_count)");
  ro.progress = progress;
  if (out.empty()) throw lilucb::domain_error(fn, "out", "''", "an output folder");
  experiments::run_report report;
  std::vector<std::string> plots;
  std::vector<experiments::stopping_summary> summary;
  {
    py::gil_scoped_release release;
    report = experiments::run_experiment(config, out, ro);
    if (plot) plots = experiments::write_plots(out);
    if (kind == experiments::experiment_kind::stopping_times) {
      const auto rows = experiments::read_runs((std::filesystem::path(out) / "runs.csv").string(), kind);
      summary = experiments::summarize_stopping_times(config, rows);
    }
  }
  py::dict d;
  d["out_dir"] = report.out_dir;
  d["total"] = report.total;
  d["resumed"] = report.resumed;
  d["executed"] = report.executed;
  d["wall_seconds"] = report.wall_seconds;
  d["notes"] = report.notes;
  d["plots"] = plots;
  d["config"] = py::module_::import("json").attr("loads")(config.to_json().dump());
  py::list rows;
  for (const auto& s : summary) rows.append(summary_dict(s));
  d["summary"] = rows;
  return d;
}

std::string verify_py(bool quick, const std::string& only, double seed, double threads) {
  constexpr const char* fn = "lilucb.verify";
  verification::verify_options vo;
  vo.level = quick ? verification::effort::quick : verification::effort::full;
  vo.seed = whole_number(fn, "seed", seed, 0, "a whole number in [0, 2^53]");
  vo.threads = static_cast<unsigned>(whole_number(fn, "threads", threads, 0, "a whole number in [0, 1024] (0: all cores)"));
  if (vo.threads > 1024) throw lilucb::domain_error(fn, "threads", number_text(threads), "a whole number in [0, 1024] (0: all cores)");
  if (!only.empty()) verification::find_check(only);  // validate before any work
  std::vector<verification::claim> claims;
  {
    py::gil_scoped_release release;
    claims = verification::run_checks(vo, only);
  }
  return verification::to_json(claims).dump();
}

}  // namespace

void register_experiments(py::module_& m) {
  using py::arg;
  m.def("_experiment", &experiment_py, arg("kind"), arg("preset"), arg("config_json"), arg("out"), arg("threads"),
        arg("shard_index"), arg("shard_count"), arg("progress"), arg("plot"));
  m.def("_verify", &verify_py, arg("quick"), arg("only"), arg("seed"), arg("threads"));
  m.def("_verify_checks", [] {
    py::list l;
    for (const auto& c : verification::checks()) l.append(py::make_tuple(c.name, c.description));
    return l;
  });
}

}  // namespace lilucb::python
