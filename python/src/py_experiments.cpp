// Bindings of the experiment runner (experiments/: lilucb::experiments::run_experiment and the
// plots; every kind the `lilucb experiment` command runs) and of the verification suite
// (verification/: run_checks and the claims' JSON form that `lilucb verify --json` prints).
// Both run with the GIL released and stop on Ctrl-C (interruptible, py_common.hpp).

#include "py_common.hpp"

#include "lilucb_experiments/config.hpp"
#include "lilucb_experiments/runner.hpp"
#include "lilucb_verification/checks.hpp"
#include "lilucb_verification/claims_record.hpp"

#include <cstdint>
#include <sstream>

namespace lilucb::python {

namespace {

experiments::experiment_kind parse_kind(const std::string& kind) {
  for (auto k : {experiments::experiment_kind::stopping_times, experiments::experiment_kind::anytime,
                 experiments::experiment_kind::modern})
    if (kind == experiments::to_string(k)) return k;
  throw lilucb::domain_error("lilucb.experiment", "kind", "'" + kind + "'", "{stopping-times, anytime, modern}");
}

// Runs the experiment (as `lilucb experiment KIND`); the summary is read back from the files
// by the Python side (summary.csv or anytime.csv, with their column names).  progress: None or
// a callable progress(done, total) called from this thread as runs finish (at most every 50 ms).
py::dict experiment_py(const std::string& kind_name, const std::string& preset, const std::string& config_json,
                       const std::string& out, double threads, double shard_index, double shard_count,
                       const py::object& progress, bool plot, double max_seconds) {
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
  config.validate();
  experiments::runner_options ro;
  ro.threads = static_cast<unsigned>(whole_number(fn, "threads", threads, 0, "a whole number in [0, 1024] (0: all cores)"));
  if (ro.threads > 1024) throw lilucb::domain_error(fn, "threads", number_text(threads), "a whole number in [0, 1024] (0: all cores)");
  // shard = (I, K): named as the Python argument's elements
  ro.shard_count = whole_number(fn, "shard[1]", shard_count, 1, "a whole number in [1, 2^53] (the number of shards K)");
  ro.shard_index = whole_number(fn, "shard[0]", shard_index, 0, "a whole number in [0, K) (K = shard[1])");
  if (ro.shard_index >= ro.shard_count)
    throw lilucb::domain_error(fn, "shard[0]", number_text(shard_index),
                               "a whole number in [0, K) = [0, " + std::to_string(ro.shard_count) + ") (K = shard[1])");
  if (out.empty()) throw lilucb::domain_error(fn, "out", "''", "an output folder");
  if (!(max_seconds > 0)) throw lilucb::domain_error(fn, "max_seconds", number_text(max_seconds), "(0, inf] or None (no limit)");
  ro.max_seconds = max_seconds;
  ro.max_seconds_name = "max_seconds";
  experiments::check_plan_memory(config, ro, fn);
  progress_report progress_to(fn, progress);
  // No text on file descriptor 2 (a notebook would not show it): progress goes to `progress`,
  // the runner's messages (notes, resumption, anytime windows) are returned as "log".
  ro.progress = false;
  std::ostringstream log;
  ro.log = &log;
  ro.on_run_done = [&](std::uint64_t done, std::uint64_t todo) { progress_to.set(done, todo); };
  experiments::run_report report;
  std::vector<std::string> plots;
  interruptible(
      [&] {
        report = experiments::run_experiment(config, out, ro);
        if (plot) plots = experiments::write_plots(out);
      },
      progress_to.poll());
  py::dict d;
  d["out_dir"] = report.out_dir;
  d["total"] = report.total;
  d["resumed"] = report.resumed;
  d["executed"] = report.executed;
  d["wall_seconds"] = report.wall_seconds;
  d["notes"] = report.notes;
  d["log"] = log.str();
  d["plots"] = plots;
  d["config"] = py::module_::import("json").attr("loads")(config.to_json().dump());
  return d;
}

std::string verify_py(bool quick, const std::optional<std::string>& only, double seed, double threads,
                      double max_seconds) {
  constexpr const char* fn = "lilucb.verify";
  verification::verify_options vo;
  vo.level = quick ? verification::effort::quick : verification::effort::full;
  vo.seed = whole_number(fn, "seed", seed, 0, "a whole number in [0, 2^53]");
  vo.threads = static_cast<unsigned>(whole_number(fn, "threads", threads, 0, "a whole number in [0, 1024] (0: all cores)"));
  if (vo.threads > 1024) throw lilucb::domain_error(fn, "threads", number_text(threads), "a whole number in [0, 1024] (0: all cores)");
  if (!(max_seconds > 0)) throw lilucb::domain_error(fn, "max_seconds", number_text(max_seconds), "(0, inf] or None (no limit)");
  vo.max_seconds = max_seconds;
  vo.max_seconds_name = "max_seconds";
  vo.caller = fn;
  if (only) {  // validate before any work; None runs every check, '' is no check's name
    std::string names;
    for (const auto& c : verification::checks()) names += (names.empty() ? "" : ", ") + std::string(c.name);
    if (only->empty()) throw lilucb::domain_error(fn, "only", "''", "None (every check) or one of {" + names + "}");
    try {
      verification::find_check(*only);
    } catch (const lilucb::domain_error& e) {
      throw lilucb::domain_error(fn, "only", e.value(), e.admissible());  // the library calls it NAME
    }
  }
  std::vector<verification::claim> claims;
  const std::string selected = only.value_or("");
  interruptible([&] { claims = verification::run_checks(vo, selected); });
  return verification::to_json(claims).dump();
}

}  // namespace

void register_experiments(py::module_& m) {
  using py::arg;
  m.def("_experiment", &experiment_py, arg("kind"), arg("preset"), arg("config_json"), arg("out"), arg("threads"),
        arg("shard_index"), arg("shard_count"), arg("progress"), arg("plot"), arg("max_seconds"));
  m.def("_verify", &verify_py, arg("quick"), arg("only"), arg("seed"), arg("threads"), arg("max_seconds"));
  m.def("_verify_checks", [] {
    py::list l;
    for (const auto& c : verification::checks()) l.append(py::make_tuple(c.name, c.description));
    return l;
  });
}

}  // namespace lilucb::python
