// `lilucb plan`: how many samples a best-arm identification on given means needs: T*, the lower
// bound, and for the recommended certified method and the field's practice the fixed-point
// prediction and R simulated runs (the library's planner, lilucb_experiments/sample_size.hpp).

#include "arms_options.hpp"
#include "cli_support.hpp"

#include "lilucb/bandit/arms.hpp"
#include "lilucb/bandit/defaults.hpp"
#include "lilucb/errors.hpp"
#include "lilucb/io/safe_file.hpp"
#include "lilucb_experiments/sample_size.hpp"


#include <cmath>
#include <cstdio>
#include <iostream>
#include <limits>
#include <memory>

namespace lilucb::cli {

namespace {

struct plan_cli_options {
  arms_cli_options arms;
  std::string nu, runs = "200", seed = "1", threads = "0", max_pulls = std::to_string(bandit::default_max_pulls), method,
      plot, csv;
  bool json = false;
};

void run_plan(const plan_cli_options& o) {
  experiments::plan_request q;
  q.arms = parse_arms_options("lilucb plan", o.arms);
  q.nu = parse_real("--nu", o.nu, "(0, 1/2]");
  q.runs = parse_count("--runs", o.runs, "[1, 10^6]");
  q.seed = parse_count("--seed", o.seed, "[0, 2^64)");
  q.threads = static_cast<unsigned>(parse_count("--threads", o.threads, "[0, 1024] (0: all cores)"));
  q.max_pulls = parse_count("--max-pulls", o.max_pulls, "[0, 2^64) (0: unlimited)");
  q.method = o.method;
  // A progress line on stderr when it is a terminal: the runs can take minutes.
  count_progress progress("lilucb plan", "runs");
  q.progress = progress.callback();
  const experiments::sample_size_plan p = experiments::plan_sample_size(q);
  progress.end();
  std::vector<std::string> written;
  if (!o.csv.empty()) {
    io::write_file_atomically(o.csv, experiments::distribution_csv(p), "lilucb plan --csv");
    written.push_back(o.csv);
  }
  if (!o.plot.empty())
    for (auto& f : experiments::write_distribution_plot(p, o.plot)) written.push_back(std::move(f));
  // The practice (and a requested uncertified method) answers without a guarantee: stderr says so,
  // once every file is written (a failure is then the one line on stderr).
  for (const auto& m : p.methods)
    if (!m.simulation.certified)
      std::cerr << "lilucb plan: note: " << m.simulation.method << " is not certified (" << m.simulation.certificate
                << "); its answers carry no guarantee at nu\n";
  if (o.json) {
    auto j = experiments::to_json(p);
    if (!written.empty()) j["files"] = written;
    print_json(j);
    return;
  }
  std::cout << experiments::plan_text(p);
  for (const auto& f : written) std::cout << "wrote " << f << "\n";
}

}  // namespace

void add_plan_command(CLI::App& app) {
  constexpr auto u64_max = std::numeric_limits<std::uint64_t>::max();
  auto o = std::make_shared<plan_cli_options>();
  auto* sub = app.add_subcommand(
      "plan", "How many samples will I need? The recommended certified method and the field's practice on given means: "
              "T*, the lower bound, the predicted pulls and R simulated runs (mean, median, 10-90% range, intervals)");
  // Appended in place: "literal" + std::string&& trips GCC 12's -Wrestrict (a false positive).
  std::string sigma_help = "Gaussian reward standard deviation, > 0; default ";
  sigma_help += text_number(bandit::default_sigma);
  sigma_help += ": the scale of the paper's Section 5 experiments (rewards of variance 1/4); unknown: Gaussian arms "
                "whose standard deviations (--arm-sigmas) the rules may not read, planned with the recommended "
                "certified method for them, ";
  sigma_help += bandit::to_string(bandit::recommended_combination(bandit::reward_model::gaussian_unknown_variance));
  sigma_help += ", and T* of unknown variances";
  declare_arms_options(*sub, o->arms, sigma_help,
                       "the simulated arms draw at them and T* reads them; the rules read --sigma (none with --sigma "
                       "unknown): a known --sigma below the largest makes a certified rule's premise fail (its runs "
                       "are then reported uncertified)");
  declare_option(sub->add_option("--nu", o->nu, "error probability nu, in (0, 1/2] (confidence 1 - nu)")->required(),
                 real_spec(std::numeric_limits<double>::min(), true, 0.5, true));
  declare_option(sub->add_option("--runs", o->runs, "simulated runs per method (default 200)"),
                 count_spec(1, 1'000'000, "[1, 10^6]").defaults_to(o->runs));
  declare_option(sub->add_option("--seed", o->seed, "random seed (default 1); run k uses stream k of it"),
                 count_spec(0, u64_max, "[0, 2^64)").defaults_to(o->seed));
  declare_option(sub->add_option("--threads", o->threads, "worker threads; 0 (default) = all cores; results do not depend on it"),
                 count_spec(0, 1024, "[0, 1024] (0: all cores)").defaults_to(o->threads));
  declare_option(sub->add_option("--max-pulls", o->max_pulls,
                                 "pull budget per run (default 10^9; a run reaching it counts at it); 0 = unlimited"),
                 count_spec(0, u64_max, "[0, 2^64) (0: unlimited)").defaults_to(o->max_pulls));
  declare_option(sub->add_option("--method", o->method,
                                 "plan this method instead of the recommended certified one: a preset or a combination's "
                                 "name as `lilucb run` prints it"),
                 text_spec("a name the library's rule tables define").defaults_to("recommended"));
  declare_option(sub->add_option("--plot", o->plot,
                                 "also draw the stopping-time distributions with gnuplot (PNG; SVG for a name ending in "
                                 ".svg), its script FILE.gp and data FILE.dat beside it"),
                 path_spec(value_kind::file_out).defaults_to(no_default));
  declare_option(sub->add_option("--csv", o->csv, "also write every run's pulls as CSV (method,role,run,pulls)"),
                 path_spec(value_kind::file_out).defaults_to(no_default));
  declare_option(sub->add_flag("--json", o->json, "print one JSON object (docs/planner.md lists its fields)"), flag_spec());
  sub->callback([o] { run_plan(*o); });
}

}  // namespace lilucb::cli
