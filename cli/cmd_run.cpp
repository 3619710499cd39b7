// `lilucb run`: one run of one algorithm on a scenario of Section 5 or on given means.

#include "cli_support.hpp"

#include "lilucb/bandit/algorithms.hpp"
#include "lilucb/bandit/arms.hpp"
#include "lilucb/bandit/scenarios.hpp"
#include "lilucb/instance.hpp"

#include <fstream>
#include <iostream>
#include <memory>

namespace lilucb::cli {

namespace {

struct run_cli_options {
  std::string algorithm, scenario, n, gap = "0.5", alpha, means, means_file, nu, sigma, arms = "gaussian",
      seed = "1", max_pulls = "0", inner = "plus2";
  bool json = false;
  // Whether each instance source was given (an empty value is given, and invalid).
  CLI::Option *scenario_opt = nullptr, *means_opt = nullptr, *means_file_opt = nullptr;
};

std::vector<double> instance_means(const run_cli_options& o) {
  const bool scenario = o.scenario_opt->count() > 0, means = o.means_opt->count() > 0,
             means_file = o.means_file_opt->count() > 0;
  const int sources = scenario + means + means_file;
  if (sources != 1)
    throw lilucb::domain_error("lilucb run", "instance", std::to_string(sources) + " sources given",
                               "exactly one of --scenario, --means, --means-file");
  if (means) return parse_real_list("--means", o.means);
  if (means_file) {
    std::ifstream in(o.means_file);
    if (!in) throw lilucb::domain_error("lilucb run", "--means-file", o.means_file, "a readable file");
    return bandit::read_means(in, o.means_file);
  }
  if (o.n.empty()) throw lilucb::domain_error("lilucb run", "--n", "(missing)", "[1, 2^32) with --scenario");
  const std::uint64_t n = parse_count("--n", o.n, "[1, 2^32)");
  if (o.scenario == "sparse") return bandit::sparse_means(n, parse_real("--gap", o.gap, "(0, inf)"));
  if (o.scenario == "alpha") {
    if (o.alpha.empty()) throw lilucb::domain_error("lilucb run", "--alpha", "(missing)", "(0, inf) with --scenario alpha");
    return bandit::alpha_means(n, parse_real("--alpha", o.alpha, "(0, inf)"));
  }
  throw lilucb::domain_error("lilucb run", "--scenario", o.scenario, "{sparse, alpha}");
}

template <class Arms>
bandit::run_result run_on(bandit::algorithm alg, const Arms& arms, const bandit::run_options& opts) {
  return bandit::run_algorithm(alg, arms, opts);
}

void run_run(const run_cli_options& o) {
  const auto alg = bandit::parse_algorithm(o.algorithm);
  const auto means = instance_means(o);
  const std::size_t truth = best_arm(means);  // a tie for the best mean is an error: correctness is reported
  bandit::run_options opts;
  opts.nu = parse_real("--nu", o.nu, "(0, 1)");
  opts.inner = parse_inner_log(o.inner);
  // lilucb-certified always runs Figure 1's index (the form Theorem R covers).
  if (alg == bandit::algorithm::lilucb_certified) opts.inner = inner_log::lemma;
  opts.seed = parse_count("--seed", o.seed, "[0, 2^64)");
  opts.max_pulls = parse_count("--max-pulls", o.max_pulls, "[0, 2^64) (0: unlimited)");
  const double sigma = o.sigma.empty() ? 0.5 : parse_real("--sigma", o.sigma, "(0, inf)");
  check_positive("lilucb run", "--sigma", sigma);
  opts.sigma = sigma;
  bandit::run_result r;
  if (o.arms == "gaussian") {
    r = run_on(alg, bandit::gaussian_arms(means, sigma), opts);
  } else if (o.arms == "bernoulli") {
    r = run_on(alg, bandit::bernoulli_arms(means), opts);
  } else {
    throw lilucb::domain_error("lilucb run", "--arms", o.arms, "{gaussian, bernoulli}");
  }
  const bool correct = r.best_arm == truth;
  if (o.json) {
    nlohmann::json params = nlohmann::json::object();
    for (const auto& [k, v] : r.parameters) params[k] = v;
    params["inner"] = to_string(opts.inner);
    params["arms"] = o.arms;
    print_json({{"algorithm", r.algorithm},
                {"parameters", params},
                {"n", means.size()},
                {"seed", opts.seed},
                {"best_arm", r.best_arm},
                {"true_best_arm", truth},
                {"correct", correct},
                {"pulls", r.pulls},
                {"counts", r.counts},
                {"status", bandit::to_string(r.status)},
                {"stopped_by", r.stopped_by}});
    return;
  }
  std::cout << r.algorithm << " on " << means.size() << " " << o.arms << " arms (seed " << opts.seed << "):\n"
            << "  status      " << bandit::to_string(r.status) << " (" << r.stopped_by << ")\n"
            << "  pulls       " << r.pulls << "\n"
            << "  chosen arm  " << r.best_arm << " (true best " << truth << ": "
            << (correct ? "correct" : "WRONG") << ")\n"
            << "  parameters ";
  for (const auto& [k, v] : r.parameters) std::cout << ' ' << k << '=' << text_number(v);
  std::cout << '\n';
}

}  // namespace

void add_run_command(CLI::App& app) {
  auto o = std::make_shared<run_cli_options>();
  auto* sub = app.add_subcommand("run", "Run one best-arm algorithm once");
  sub->add_option("--algorithm", o->algorithm,
                  "lilucb, lilucb-ls, lilucb-heuristic, lilucb-certified, ucb1-ls, successive-elimination, "
                  "exp-gap, exp-gap-ls, nonadaptive-ls")
      ->required();
  o->scenario_opt = sub->add_option("--scenario", o->scenario, "sparse (n arms) or alpha (n+1 arms), Section 5");
  sub->add_option("--n", o->n, "number of arms for --scenario");
  sub->add_option("--gap", o->gap, "sparse: mean of the best arm (others 0); default 0.5");
  sub->add_option("--alpha", o->alpha, "alpha: exponent (paper: 0.3, 0.6)");
  o->means_opt = sub->add_option("--means", o->means, "comma-separated means");
  o->means_file_opt = sub->add_option("--means-file", o->means_file, "file with one mean per line");
  sub->add_option("--nu", o->nu, "error probability, in (0,1)")->required();
  sub->add_option("--sigma", o->sigma, "reward standard deviation (Gaussian) and width scale; default 0.5");
  sub->add_option("--arms", o->arms, "gaussian (default) or bernoulli");
  sub->add_option("--seed", o->seed, "random seed (default 1)");
  sub->add_option("--max-pulls", o->max_pulls, "pull budget; 0 = unlimited (default)");
  sub->add_option("--inner", o->inner, "lil'UCB's inner log: plus2 (default) or lemma");
  sub->add_flag("--json", o->json, "print one JSON object");
  sub->callback([o] { run_run(*o); });
}

}  // namespace lilucb::cli
