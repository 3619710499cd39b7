// `lilucb experiment`: the paper's Section 5 reproduction (experiments/, docs/reproduction-method.md).
//
//   lilucb experiment stopping-times [--preset quick|paper] [--config FILE.json] [--out DIR] [--threads N]
//   lilucb experiment anytime        (same options)
//   lilucb experiment modern [--preset quick|full] ...   the price of certification
//   mpirun -np P lilucb experiment stopping-times|anytime ... --mpi   runs spread over P ranks
//   lilucb experiment plot DIR       redraw the plots of a finished experiment
//   lilucb experiment merge OUT SHARD_DIR...   combine the shard folders of one experiment

#include "cli_support.hpp"

#include "lilucb_experiments/config.hpp"
#include "lilucb_experiments/mpi.hpp"
#include "lilucb_experiments/runner.hpp"

#include "lilucb/errors.hpp"
#include "lilucb/io/safe_file.hpp"

#include <filesystem>
#include <iostream>
#include <algorithm>
#include <limits>
#include <memory>
#include <thread>

namespace lilucb::cli {

namespace {

struct experiment_cli_options {
  std::string preset, config, out, threads = "0", shard, max_seconds;
  bool json = false, no_plot = false, quiet = false, mpi = false;
  CLI::Option *preset_opt = nullptr, *config_opt = nullptr, *out_opt = nullptr;
};

// The largest config file read (a config is a few hundred bytes).
constexpr std::size_t max_config_bytes = std::size_t{1} << 20;

experiments::experiment_config make_config(experiments::experiment_kind kind, const experiment_cli_options& o) {
  // An option given with an empty value is invalid (it never silently means "the default").
  for (const auto* opt : {o.preset_opt, o.config_opt, o.out_opt}) reject_empty("lilucb experiment", opt);
  auto c = experiments::preset_config(kind, o.preset.empty() ? "quick" : o.preset);
  if (!o.config.empty()) {
    if (io::kind_of(o.config, io::link_policy::follow_links, "lilucb experiment --config") == io::file_kind::folder)
      throw lilucb::domain_error("lilucb experiment", "--config", o.config, "a readable JSON file (not a folder)");
    const std::string text = io::read_file(o.config, max_config_bytes, "lilucb experiment --config");
    c = experiments::apply_json(c, experiments::parse_config_text(text, "--config " + o.config), o.config);
  }
  c.validate();
  return c;
}

void print_outcome(const experiments::run_report& r, const std::vector<std::string>& plots, bool json) {
  if (json) {
    print_json({{"out", r.out_dir},
                {"runs", {{"total", r.total}, {"resumed", r.resumed}, {"executed", r.executed}}},
                {"wall_seconds", r.wall_seconds},
                {"notes", r.notes},
                {"plots", plots}});
    return;
  }
  std::cout << "results in " << r.out_dir << " (" << r.executed << " runs executed, " << r.resumed
            << " resumed, " << text_number(r.wall_seconds) << " s)\n";
  for (const auto& n : r.notes) std::cout << "note: " << n << '\n';
  for (const auto& p : plots) std::cout << "plot: " << p << '\n';
}

void run_kind(experiments::experiment_kind kind, const experiment_cli_options& o) {
  const auto c = make_config(kind, o);
  experiments::runner_options ro;
  ro.threads = static_cast<unsigned>(parse_count("--threads", o.threads, "[0, 1024] (0: all cores)"));
  if (ro.threads > 1024) throw lilucb::domain_error("lilucb experiment", "--threads", o.threads, "[0, 1024] (0: all cores)");
  ro.progress = !o.quiet;
  if (!o.shard.empty()) {
    const auto slash = o.shard.find('/');
    const std::string range = "I/K with whole numbers 0 <= I < K";
    if (slash == std::string::npos) throw lilucb::domain_error("lilucb experiment", "--shard", o.shard, range);
    ro.shard_index = parse_count("--shard", o.shard.substr(0, slash), range);
    ro.shard_count = parse_count("--shard", o.shard.substr(slash + 1), range);
    if (ro.shard_count < 1 || ro.shard_index >= ro.shard_count)
      throw lilucb::domain_error("lilucb experiment", "--shard", o.shard, range);
  }
  if (!o.max_seconds.empty()) {
    ro.max_seconds = parse_real("--max-seconds", o.max_seconds, "(0, inf]");
    if (!(ro.max_seconds > 0))
      throw lilucb::domain_error("lilucb experiment", "--max-seconds", o.max_seconds, "(0, inf]");
  }
  ro.max_seconds_name = "--max-seconds";
  ro.out_name = "--out";
  experiments::check_plan_memory(c, ro, "lilucb experiment");
  const std::string out = o.out.empty() ? "reproduction-" + c.preset + "/" + experiments::to_string(kind) : o.out;
  std::optional<experiments::run_report> report;
  if (o.mpi) report = experiments::run_experiment_mpi(c, out, ro);
  else report = experiments::run_experiment(c, out, ro);
  if (!report) return;  // an MPI rank other than 0: rank 0 writes the folder and reports
  const auto& r = *report;
  std::vector<std::string> plots;
  if (!o.no_plot) plots = experiments::write_plots(out);
  print_outcome(r, plots, o.json);
}

void add_kind(CLI::App* parent, experiments::experiment_kind kind, const char* help) {
  auto o = std::make_shared<experiment_cli_options>();
  auto* sub = parent->add_subcommand(experiments::to_string(kind), help);
  const bool modern = kind == experiments::experiment_kind::modern;
  o->preset_opt = sub->add_option("--preset", o->preset,
                                  modern ? "quick (default: n = 10, 100, 10 repetitions, about a minute on 2 cores) or full "
                                           "(n = 10, 100, 1000, 1000 repetitions)"
                                         : "quick (default: a reduced grid, a few minutes on 2 cores) or paper (Section 5's grid)");
  o->config_opt = sub->add_option("--config", o->config,
                                  modern ? "JSON file overriding the preset: methods, instances, deltas, repetitions, sigma, "
                                           "gap, budget, seed"
                                         : "JSON file overriding the preset: algorithms, scenarios, sizes, repetitions, "
                                           "nu, sigma, gap, budget, seed, ucb1_max_n, window, window_factor, ...");
  o->out_opt = sub->add_option("--out", o->out, "output folder (default reproduction-<preset>/<experiment>); rerunning into it resumes");
  declare_option(o->preset_opt, choice_spec(modern ? std::vector<std::string>{"quick", "full"}
                                                   : std::vector<std::string>{"quick", "paper"})
                                    .defaults_to("quick"));
  declare_option(o->config_opt, path_spec(value_kind::file_in).defaults_to(no_default));
  declare_option(o->out_opt, path_spec(value_kind::folder_out).defaults_to("reproduction-<preset>/<experiment>"));
  declare_option(sub->add_option("--threads", o->threads, "worker threads; 0 (default) = all cores; results do not depend on it"),
                 count_spec(0, 1024, "[0, 1024] (0: all cores)").defaults_to(o->threads));
  declare_option(sub->add_option("--shard", o->shard, "I/K: run only share I (0-based) of K, into its own --out folder"),
                 text_spec("I/K with whole numbers 0 <= I < K").defaults_to(no_default));
  declare_option(sub->add_option("--max-seconds", o->max_seconds,
                                 "refuse, before writing anything, an experiment whose runs are estimated (one timed run "
                                 "per cell) to take longer (default: no limit, no estimate)"),
                 real_spec(0, false, std::numeric_limits<double>::infinity(), true).defaults_to(no_default));
  auto* mpi = sub->add_flag("--mpi", o->mpi,
                std::string("under mpirun -np P: rank 0 writes --out, ranks 1..P-1 compute the runs "
                            "(same files as without it; not with --shard)") +
                    (lilucb::experiments::mpi_built() ? "" : " [this build has no MPI: refused]"));
  declare_option(mpi, flag_spec());
  declare_option(sub->add_flag("--no-plot", o->no_plot, "skip the gnuplot step"), flag_spec());
  declare_option(sub->add_flag("--quiet", o->quiet, "no progress on stderr"), flag_spec());
  declare_option(sub->add_flag("--json", o->json, "print one JSON object"), flag_spec());
  sub->callback([o, kind] { run_kind(kind, *o); });
}

}  // namespace

void add_experiment_command(CLI::App& app) {
  auto* sub = app.add_subcommand("experiment", "Reproduce Section 5's experiments (stopping times, anytime error)");
  sub->require_subcommand(1);
  add_kind(sub, experiments::experiment_kind::stopping_times,
           "Stopping times of every algorithm (figure fig:stoppingTimes)");
  add_kind(sub, experiments::experiment_kind::anytime, "P(empirically best arm is wrong) against pulls (fig:anyTimePlot)");
  add_kind(sub, experiments::experiment_kind::modern,
           "The price of certification: certified sampling x stopping combinations against the lil'UCB "
           "Heuristic, T* and the lower bound");
  auto merge_out = std::make_shared<std::string>();
  auto merge_shards = std::make_shared<std::vector<std::string>>();
  auto merge_json = std::make_shared<bool>(false);
  auto* merge = sub->add_subcommand("merge", "Combine the complete shard folders (--shard I/K) of one experiment into OUT");
  declare_option(merge->add_option("OUT", *merge_out, "output folder (new or empty)")->required(),
                 path_spec(value_kind::folder_out));
  declare_option(merge->add_option("SHARD_DIR", *merge_shards, "the folders of shards 0..K-1, in any order")->required(),
                 path_spec(value_kind::folder_in).many());
  declare_option(merge->add_flag("--json", *merge_json, "print one JSON object"), flag_spec());
  merge->callback([merge_out, merge_shards, merge_json] {
    const auto& shards = *merge_shards;
    const auto r = experiments::merge_experiment(*merge_out, shards);
    if (*merge_json)
      print_json({{"out", r.out_dir},
                  {"shards", shards.size()},
                  {"runs", {{"total", r.total}, {"resumed", r.resumed}, {"executed", r.executed}}}});
    else
      std::cout << "merged " << shards.size() << " shards into " << r.out_dir << " (" << r.total << " runs)\n";
  });
  auto dir = std::make_shared<std::string>();
  auto json = std::make_shared<bool>(false);
  auto* plot = sub->add_subcommand("plot", "Redraw the plots of a finished experiment folder");
  declare_option(plot->add_option("DIR", *dir, "experiment folder")->required(), path_spec(value_kind::folder_in));
  declare_option(plot->add_flag("--json", *json, "print one JSON object"), flag_spec());
  plot->callback([dir, json] {
    const auto files = experiments::write_plots(*dir);
    if (*json) print_json({{"plots", files}});
    else
      for (const auto& f : files) std::cout << "plot: " << f << '\n';
  });
}

}  // namespace lilucb::cli
