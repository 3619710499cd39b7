// `lilucb run`: one run of one algorithm on a scenario of Section 5 or on given means.

#include "arms_options.hpp"
#include "cli_support.hpp"

#include "lilucb/bandit/presets/algorithms.hpp"
#include "lilucb/bandit/arms.hpp"
#include "lilucb/bandit/arms_spec.hpp"
#include "lilucb/bandit/compose.hpp"
#include "lilucb/bandit/reward_model.hpp"
#include "lilucb/bandit/defaults.hpp"
#include "lilucb/bandit/scenarios.hpp"
#include "lilucb/theory/instance.hpp"
#include "lilucb/io/safe_file.hpp"
#include "lilucb_experiments/algorithm_table.hpp"
#include "lilucb_experiments/sample_size.hpp"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <sstream>
#include <iostream>
#include <limits>
#include <memory>
#include <variant>

namespace lilucb::cli {

namespace {

struct run_cli_options {
  std::string algorithm, sampling, stopping, boundary, threshold, scenario, n, gap = "0.5", alpha, means, means_file, nu, sigma, model = bandit::model_name(bandit::reward_model::gaussian),
      range, concentration, seed = "1", runs = "1", threads = "0", rho, max_pulls = std::to_string(bandit::default_max_pulls), inner = "plus2",
      epsilon, top, arm_sigmas;
  bool json = false, epsilon_relative = false;
  // Whether each instance source was given (an empty value is given, and invalid).
  CLI::Option *scenario_opt = nullptr, *means_opt = nullptr, *means_file_opt = nullptr, *gap_opt = nullptr,
              *alpha_opt = nullptr, *boundary_opt = nullptr, *threshold_opt = nullptr, *range_opt = nullptr,
              *concentration_opt = nullptr, *threads_opt = nullptr, *arm_sigmas_opt = nullptr;
};

std::vector<double> instance_means(const run_cli_options& o) {
  const bool scenario = o.scenario_opt->count() > 0, means = o.means_opt->count() > 0,
             means_file = o.means_file_opt->count() > 0;
  const int sources = scenario + means + means_file;
  if (sources != 1)
    throw lilucb::domain_error("lilucb run", "instance", std::to_string(sources) + " sources given",
                               "exactly one of --scenario, --means, --means-file");
  // Means given by the user are read first (8 bytes per arm), then the run's memory is checked.
  if (means) {
    auto m = parse_real_list("--means", o.means);
    check_memory("lilucb run", "--means", m.size(), 1);
    return m;
  }
  if (means_file) {
    std::istringstream in(io::read_file(o.means_file, bandit::max_means_bytes, "lilucb run --means-file"));
    auto m = bandit::read_means(in, o.means_file);
    check_memory("lilucb run", "--means-file", m.size(), 1);
    return m;
  }
  if (o.n.empty()) throw lilucb::domain_error("lilucb run", "--n", "(missing)", "[1, 2^32) with --scenario");
  const std::uint64_t n = parse_count("--n", o.n, "[1, 2^32)");
  check_memory("lilucb run", "--n", o.scenario == "alpha" ? n + 1 : n, 1);
  // Options that do not apply to the chosen scenario are refused, not ignored.
  if (o.scenario == "sparse" && o.alpha_opt->count() > 0)
    throw lilucb::domain_error("lilucb run", "--alpha", o.alpha, "absent with --scenario sparse (it applies to alpha)");
  if (o.scenario == "alpha" && o.gap_opt->count() > 0)
    throw lilucb::domain_error("lilucb run", "--gap", o.gap, "absent with --scenario alpha (it applies to sparse)");
  if (o.scenario == "sparse") return bandit::sparse_means(n, parse_real("--gap", o.gap, "(0, inf)"));
  if (o.scenario == "alpha") {
    if (o.alpha.empty()) throw lilucb::domain_error("lilucb run", "--alpha", "(missing)", "(0, inf) with --scenario alpha");
    return bandit::alpha_means(n, parse_real("--alpha", o.alpha, "(0, inf)"));
  }
  throw lilucb::domain_error("lilucb run", "--scenario", o.scenario, "{sparse, alpha}");
}


// A progress line on stderr for runs longer than a few seconds, when stderr is a terminal: the
// pulls so far, the time per pull and what the pull budget allows at that pace (an expensive
// rule at many arms can take tens of microseconds per pull).  The clock is read every `step_`
// pulls, a step that doubles while two reads are less than 0.25 s apart (at most 2^22 pulls) and
// halves when they are more than 1 s apart, so a cheap run pays nothing measurable and a slow one
// still reports within seconds.
class progress_observer {
 public:
  static constexpr bool active = true;
  explicit progress_observer(std::uint64_t max_pulls) : max_pulls_(max_pulls) {}
  template <class Stats>
  void on_pulls(std::size_t, std::uint64_t m, double, const Stats&) {
    pulls_ += m;
    if (pulls_ < next_check_) return;
    const auto now = clock::now();
    const double since = std::chrono::duration<double>(now - last_).count();
    last_ = now;
    if (since < 0.25 && step_ < (std::uint64_t{1} << 22)) step_ *= 2;
    if (since > 1 && step_ > 1) step_ /= 2;
    next_check_ = pulls_ + step_;
    const double s = std::chrono::duration<double>(now - start_).count();
    if (s < 3) return;
    const double per_pull = s / static_cast<double>(pulls_);
    char budget[96] = "";
    if (max_pulls_ > 0)
      std::snprintf(budget, sizeof budget, "; the budget of %llu pulls: at most %.3g s more",
                    static_cast<unsigned long long>(max_pulls_),
                    per_pull * static_cast<double>(max_pulls_ > pulls_ ? max_pulls_ - pulls_ : 0));
    std::fprintf(stderr, "\rlilucb run: %llu pulls, %.0f s (%.3g us per pull%s); Ctrl-C stops it   ",
                 static_cast<unsigned long long>(pulls_), s, per_pull * 1e6, budget);
    printed_ = true;
  }
  ~progress_observer() {
    if (printed_) std::fputc('\n', stderr);
  }

 private:
  using clock = std::chrono::steady_clock;
  std::uint64_t max_pulls_;
  clock::time_point start_ = clock::now(), last_ = start_;
  std::uint64_t pulls_ = 0, step_ = 1024, next_check_ = 1024;
  bool printed_ = false;
};

template <class Arms>
bandit::composed_result run_on(const bandit::method& m, const Arms& arms, const bandit::run_options& opts) {
  if (!isatty(fileno(stderr))) return bandit::run_method(m, arms, opts);
  progress_observer progress(opts.max_pulls);
  return bandit::run_method(m, arms, opts, progress);
}

// The reward model --model names (one chosen by name).
bandit::reward_model named_model(const run_cli_options& o) {
  return bandit::parse_reward_model("lilucb run", "--model", o.model);
}

// The run's reward model: --model's, gaussian_unknown_variance for gaussian with --sigma unknown.
bandit::reward_model model_of(const run_cli_options& o) {
  const auto m = named_model(o);
  return m == bandit::reward_model::gaussian && o.sigma == "unknown" ? bandit::reward_model::gaussian_unknown_variance : m;
}

// The simulated Gaussian arms' standard deviations: --arm-sigmas S1,...,SK, or sigma for every arm.
std::vector<double> arm_sigmas(const run_cli_options& o, std::size_t arms, double sigma) {
  if (o.arm_sigmas_opt->count() == 0) return std::vector<double>(arms, sigma);
  return parse_arm_sigmas("lilucb run", o.arm_sigmas, arms);
}

// --range LO,HI: required with --model bounded and refused otherwise (as --concentration); its
// values are checked with the arms (bandit::check_arms_spec).
std::pair<double, double> bounded_range(const run_cli_options& o) {
  if (named_model(o) != bandit::reward_model::bounded) {
    if (o.range_opt->count() > 0)
      throw lilucb::domain_error("lilucb run", "--range", o.range, "absent unless --model bounded");
    if (o.concentration_opt->count() > 0)
      throw lilucb::domain_error("lilucb run", "--concentration", o.concentration, "absent unless --model bounded");
    return {0.0, 1.0};
  }
  if (o.range_opt->count() == 0)
    throw lilucb::domain_error("lilucb run", "--range", "(missing)", "LO,HI with LO < HI finite, with --model bounded");
  return parse_range("lilucb run", o.range);
}

// The question: --top M (a set of M arms), --epsilon E (additive; --epsilon-relative: a fraction
// of the best mean, or of the M-th best), or the best arm.
bandit::answer_target target_of(const run_cli_options& o) {
  bandit::answer_target t;
  if (!o.top.empty()) t.top = parse_count("--top", o.top, "[1, K - 1] (K the number of arms)");
  if (t.top < 1) throw lilucb::domain_error("lilucb run", "--top", o.top, "[1, K - 1] (K the number of arms)");
  if (o.epsilon.empty()) {
    if (o.epsilon_relative)
      throw lilucb::domain_error("lilucb run", "--epsilon-relative", "given", "only with --epsilon E");
    return t;
  }
  t.relative = o.epsilon_relative;
  t.epsilon = parse_real("--epsilon", o.epsilon, t.relative ? "[0, 1) with --epsilon-relative" : "[0, inf)");
  bandit::check_target("lilucb run", t);
  return t;
}

// A preset (--algorithm NAME, or a combination's name), a combination (--sampling with --stopping),
// or, with neither, the recommended certified method for the arms and the question
// (recommended_combination).  An epsilon-good question goes to the combination (a preset answers
// the best arm only).
bandit::method parse_what(const run_cli_options& o) {
  const auto target = target_of(o);
  auto with_target = [&](bandit::method m) {
    if (target.best_arm()) return m;
    auto* c = std::get_if<bandit::combination>(&m);
    if (!c && target.top_m())
      throw lilucb::domain_error("lilucb run", "--top", o.top,
                                 "absent with a preset (--algorithm " + o.algorithm +
                                     " answers the best arm): give a combination, e.g. lucb-glr+glr-one-sided");
    if (!c)
      throw lilucb::domain_error("lilucb run", "--epsilon", o.epsilon,
                                 "absent with a preset (--algorithm " + o.algorithm +
                                     " answers the best arm): give a combination, e.g. t3c-ids+glr-one-sided");
    c->target = target;
    return m;
  };
  const bool preset = !o.algorithm.empty(), combo = !o.sampling.empty() || !o.stopping.empty();
  if (!preset && !combo && o.boundary_opt->count() == 0 && o.threshold_opt->count() == 0 && o.rho.empty())
    return bandit::recommended_combination(model_of(o), target);
  if (preset == combo)
    throw lilucb::domain_error("lilucb run", "--algorithm", preset ? o.algorithm : "(missing)",
                               "exactly one of --algorithm NAME or --sampling RULE --stopping RULE "
                               "(or neither: the recommended certified method)");
  if (preset) {
    // A rule option completes --stopping only; a preset or a combination's name fixes its rules.
    for (const auto* opt : {o.boundary_opt, o.threshold_opt})
      if (opt->count() > 0)
        throw lilucb::domain_error("lilucb run", opt->get_name(), opt == o.boundary_opt ? o.boundary : o.threshold,
                                   "absent with --algorithm (it completes --stopping)");
    if (!o.rho.empty())
      throw lilucb::domain_error("lilucb run", "--rho", o.rho, "absent unless --stopping glr --threshold mixture");
    // A combination's name as this command prints it ("t3c-ids+glr-pooled-per-arm") is accepted too.
    return with_target(bandit::parse_method(o.algorithm));
  }
  if (o.sampling.empty()) throw lilucb::domain_error("lilucb run", "--sampling", "(missing)", "a sampling rule with --stopping");
  if (o.stopping.empty()) throw lilucb::domain_error("lilucb run", "--stopping", "(missing)", "a stopping rule with --sampling");
  bandit::combination c;
  c.sampling = bandit::parse_sampling_rule(o.sampling);
  c.stopping = bandit::parse_stopping_rule(o.stopping);
  // --boundary completes a stopping rule that takes a boundary, --threshold one that takes a
  // threshold (the registry's descriptors say which); given to another, each is refused.
  const auto takes = bandit::describe(c.stopping).takes;
  if (o.boundary_opt->count() > 0 && takes != bandit::stopping_parameter::boundary)
    throw lilucb::domain_error("lilucb run", "--boundary", o.boundary,
                               "absent with --stopping " + o.stopping + " (it applies to --stopping ls)");
  if (o.threshold_opt->count() > 0 && takes != bandit::stopping_parameter::threshold)
    throw lilucb::domain_error("lilucb run", "--threshold", o.threshold,
                               "absent with --stopping " + o.stopping + " (it applies to --stopping glr)");
  // Without --threshold, GLR stopping is certified: the recommended threshold for the arms and
  // the question.
  c.threshold = o.threshold_opt->count() > 0 ? bandit::parse_glr_threshold(o.threshold)
                                             : bandit::recommended_combination(model_of(o), target).threshold;
  if (o.boundary_opt->count() > 0) c.boundary = bandit::stopping::parse_ls_boundary(o.boundary);
  if (!o.rho.empty()) {
    if (takes != bandit::stopping_parameter::threshold || !bandit::describe(c.threshold).takes_rho)
      throw lilucb::domain_error("lilucb run", "--rho", o.rho, "absent unless --stopping glr --threshold mixture");
    c.rho = parse_real("--rho", o.rho, "(0, inf)");
    check_positive("lilucb run", "--rho", c.rho);
  }
  return with_target(c);
}

// "NAME (summary[; the reward models it needs][; certified: STATEMENT | uncertified]); ..." for a
// registry table (thresholds, boundaries and lil'UCB's own stopping rule carry a certificate).
template <class Table>
std::string rule_help(const Table& table) {
  std::string s;
  for (const auto& d : table) {
    s += (s.empty() ? "" : "; ") + std::string(d.name) + " (" + std::string(d.summary);
    if constexpr (requires { d.models_note; })
      if (!d.models_note.empty()) s += "; " + std::string(d.models_note);
    bool certifies = false;  // sampling rules do not; ls and glr through their boundary or threshold
    if constexpr (requires { d.takes; }) certifies = d.takes == bandit::stopping_parameter::none;
    else if constexpr (requires { d.certified; }) certifies = true;
    if constexpr (requires { d.certified; d.statement; })
      if (certifies) s += d.certified ? "; certified: " + std::string(d.statement) : std::string("; uncertified");
    s += ")";
  }
  return s;
}

// "{0, 2, 5}": a set of arms, for the text output.
std::string arm_list(const std::vector<std::size_t>& arms) {
  std::string out = "{";
  for (std::size_t i = 0; i < arms.size(); ++i) {
    if (i) out += ", ";
    out += std::to_string(arms[i]);
  }
  return out + "}";
}

// The m arms of largest mean (ties to the lowest index), increasing.
std::vector<std::size_t> true_top(const std::vector<double>& means, std::size_t m) {
  std::vector<std::size_t> order(means.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return means[a] > means[b]; });
  order.resize(m);
  std::sort(order.begin(), order.end());
  return order;
}

// The indices of the good arms, for --json.
std::vector<std::size_t> good_arms(const std::vector<bool>& good) {
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < good.size(); ++i)
    if (good[i]) out.push_back(i);
  return out;
}

void run_run(const run_cli_options& o) {
  const bandit::reward_model named = named_model(o);
  const auto [lo, hi] = bounded_range(o);
  const auto what = parse_what(o);
  bandit::arms_spec arms;  // the means here; the model's parameters once they are read below
  arms.means = instance_means(o);
  const std::vector<double>& means = arms.means;
  // The option the instance came from, for the refusals below.
  const char* source = o.means_opt->count() ? "--means" : o.means_file_opt->count() ? "--means-file"
                       : o.scenario == "alpha"  ? "--alpha"
                                                : "--gap";
  const bandit::answer_target target = target_of(o);
  bandit::check_target_arms("lilucb run", target, means.size());
  // The correct answers: the best arm, which must be unique for that question (a tie is an error:
  // correctness is reported), or every epsilon-good arm (ties allowed); a top-m answer is judged as
  // a set (is_good_answer_set; ties allowed).
  std::vector<bool> good(means.size(), false);
  std::size_t truth = 0;
  if (target.top_m()) {
    truth = static_cast<std::size_t>(std::max_element(means.begin(), means.end()) - means.begin());
  } else if (target.best_arm()) {
    try {
      truth = best_arm(means);
    } catch (const lilucb::domain_error& e) {
      if (o.scenario_opt->count() == 0 || o.scenario != "alpha") throw;
      throw lilucb::domain_error("lilucb run", "--alpha", o.alpha,
                                 "values whose alpha scenario has a unique best mean in double precision (" + e.value() + ")");
    }
    good[truth] = true;
  } else {
    for (std::size_t i = 0; i < means.size(); ++i) good[i] = bandit::is_good_answer(target, means, i);
    truth = static_cast<std::size_t>(std::max_element(means.begin(), means.end()) - means.begin());
  }
  bandit::run_options opts;
  opts.nu = parse_real("--nu", o.nu, "(0, 1)");
  opts.inner = parse_inner_log(o.inner);
  // lilucb-certified always runs Figure 1's index (the form Theorem R covers).
  const auto* preset = std::get_if<bandit::algorithm>(&what);
  if (preset && *preset == bandit::algorithm::lilucb_certified) opts.inner = inner_log::lemma;
  opts.seed = parse_count("--seed", o.seed, "[0, 2^64)");
  opts.max_pulls = parse_count("--max-pulls", o.max_pulls, "[0, 2^64) (0: unlimited)");
  // --sigma unknown: the rules read no sigma (opts.sigma 0: the sampling rules' nominal scale is the
  // arms' largest standard deviation); the simulated arms have --arm-sigmas (default 0.5 each).
  opts.unknown_variance = parse_unknown_variance("lilucb run", o.sigma, o.model);
  const double sigma = o.sigma.empty() || opts.unknown_variance ? bandit::default_sigma
                                                                : parse_real("--sigma", o.sigma, "(0, inf) or unknown");
  check_positive("lilucb run", "--sigma", sigma);
  opts.sigma = opts.unknown_variance ? 0.0 : sigma;
  const std::vector<double> sigmas = arm_sigmas(o, means.size(), sigma);
  const double largest_sigma = *std::max_element(sigmas.begin(), sigmas.end());
  arms.model = model_of(o);
  arms.sigma = sigma;
  if (named == bandit::reward_model::gaussian) arms.sigmas = sigmas;
  arms.lo = lo;
  arms.hi = hi;
  if (o.concentration_opt->count() > 0) arms.concentration = parse_real("--concentration", o.concentration, "(0, inf)");
  bandit::check_arms_spec("lilucb run", arms, arms_option_names(source));
  // Every arm's reward sum stays a finite double over the whole pull budget: |mean| + 40 sigma
  // at most max_real / (2 budget) (an unlimited budget counts as 2^64 pulls).
  {
    const double budget = opts.max_pulls ? static_cast<double>(opts.max_pulls) : 18446744073709551616.0;
    const double limit = std::numeric_limits<double>::max() / (2 * budget);
    const std::string range = "at most max_real / (2 x pull budget) = " + text_number(limit) +
                              " (every arm's reward sum must stay a finite double)";
    double largest = 0;
    for (double m : means) {
      if (!(std::fabs(m) <= limit))
        throw lilucb::domain_error("lilucb run", source, text_number(m), "means of magnitude " + range);
      largest = std::max(largest, std::fabs(m));
    }
    if (named == bandit::reward_model::bounded && !(std::max(std::fabs(lo), std::fabs(hi)) <= limit))
      throw lilucb::domain_error("lilucb run", "--range", o.range, "ends of magnitude " + range);
    if (named == bandit::reward_model::gaussian && !(40 * largest_sigma <= limit - largest))
      throw lilucb::domain_error("lilucb run", o.arm_sigmas_opt->count() ? "--arm-sigmas" : "--sigma",
                                 o.arm_sigmas_opt->count() ? o.arm_sigmas : o.sigma, "|mean| + 40 sigma " + range);
  }
  // --runs R > 1: R runs, run k on stream k of the seed (run 0 is the single run of --runs 1),
  // summarised as `lilucb plan` summarises a method (lilucb_experiments/sample_size.hpp).
  const std::uint64_t runs = parse_count("--runs", o.runs, "[1, 10^6]");
  if (runs == 1 && o.threads_opt->count() > 0)
    throw lilucb::domain_error("lilucb run", "--threads", o.threads, "absent unless --runs R > 1 (one run uses one thread)");
  if (runs > 1) {
    const auto threads = static_cast<unsigned>(parse_count("--threads", o.threads, "[0, 1024] (0: all cores)"));
    count_progress progress("lilucb run", "runs");
    std::function<void(std::size_t)> each;
    if (auto line = progress.callback()) each = [line, runs](std::size_t done) { line(done, runs); };
    const auto results = experiments::repeat_runs(what, arms, opts, runs, threads, each);
    progress.end();
    const auto summary = experiments::summarize_runs(results, target, means);
    if (!summary.certified)
      std::cerr << "lilucb run: note: " << summary.method << " is not certified (" << summary.certificate
                << "); the answers carry no guarantee at nu\n";
    if (o.json) {
      auto j = experiments::to_json(summary);
      j["n"] = means.size();
      j["model"] = o.model;
      j["arms"] = o.model;  // the old name of "model"
      if (opts.unknown_variance) j["variance"] = "unknown";
      j["seed"] = opts.seed;
      j["true_best_arm"] = truth;
      if (target.top_m()) j["true_top"] = true_top(means, target.top);
      else if (!target.best_arm()) j["good_arms"] = good_arms(good);
      print_json(j);
      return;
    }
    std::cout << summary.method << " on " << means.size() << " " << o.model << " arms, " << runs << " runs (seed "
              << opts.seed << ", run k on stream k):\n"
              << experiments::summary_text(summary);
    return;
  }
  const bandit::composed_result cr = bandit::visit_arms(arms, [&](const auto& a) { return run_on(what, a, opts); });
  const bandit::run_result& r = cr.run;
  const std::vector<std::size_t> answer = r.answer_set.empty() ? std::vector<std::size_t>{r.best_arm} : r.answer_set;
  const bool correct = bandit::is_good_answer_set(target, means, answer);
  // An uncertified method (a preset without a certificate; --threshold heuristic, the field's
  // practice) answers without a guarantee: one line on stderr says so, whatever the output format.
  if (!cr.certified)
    std::cerr << "lilucb run: note: " << r.algorithm << " is not certified (" << cr.certificate
              << "); the answer carries no guarantee at nu\n";
  if (o.json) {
    nlohmann::json params = nlohmann::json::object();
    for (const auto& [k, v] : r.parameters.named()) params[std::string(k)] = v;
    params["inner"] = to_string(opts.inner);
    params["model"] = o.model;
    params["arms"] = o.model;  // the old name of "model"
    if (opts.unknown_variance) {
      // No rule read a sigma: the run's sigma is only the sampling rules' nominal scale.
      params["variance"] = "unknown";
      params["sampling_scale"] = params["sigma"];
      params.erase("sigma");
    }
    if (o.arm_sigmas_opt->count()) params["arm_sigmas"] = sigmas;
    if (named == bandit::reward_model::bounded) {
      params["range"] = {lo, hi};
      params["concentration"] = arms.concentration;
    }
    nlohmann::json j{{"algorithm", r.algorithm},
                {"parameters", params},
                {"n", means.size()},
                {"seed", opts.seed},
                {"best_arm", r.best_arm},
                {"answer", answer},
                {"true_best_arm", truth},
                {"question", bandit::to_string(target)},
                {"correct", correct},
                {"pulls", r.pulls},
                {"counts", r.counts},
                {"status", bandit::to_string(r.status)},
                {"stopped_by", r.stopped_by}};
    if (const auto* c = std::get_if<bandit::combination>(&what)) {
      j["sampling"] = bandit::to_string(c->sampling);
      j["stopping"] = bandit::to_string(c->stopping);
      const auto takes = bandit::describe(c->stopping).takes;
      if (takes == bandit::stopping_parameter::threshold) j["threshold"] = bandit::to_string(c->threshold);
      if (takes == bandit::stopping_parameter::boundary) j["boundary"] = bandit::stopping::to_string(c->boundary);
    }
    if (target.top_m()) j["true_top"] = true_top(means, target.top);
    else if (!target.best_arm()) j["good_arms"] = good_arms(good);
    j["certified"] = cr.certified;
    j["certificate"] = cr.certificate;
    print_json(j);
    return;
  }
  std::cout << r.algorithm << " on " << means.size() << " " << o.model << " arms (seed " << opts.seed << "):\n"
            << "  status      " << bandit::to_string(r.status) << " (" << r.stopped_by << ")\n"
            << "  pulls       " << r.pulls << "\n"
            << (target.top_m() ? "  chosen arms " + arm_list(answer) : "  chosen arm  " + std::to_string(r.best_arm))
            << (target.best_arm() ? " (true best " + std::to_string(truth)
                : target.top_m()  ? " (" + bandit::to_string(target) + "; true top set " + arm_list(true_top(means, target.top))
                                  : " (" + bandit::to_string(target) + "; true best " + std::to_string(truth))
            << ": " << (correct ? "correct" : "WRONG") << ")\n"
            << "  parameters ";
  for (const auto& [k, v] : r.parameters.named()) std::cout << ' ' << k << '=' << text_number(v);
  std::cout << '\n';
  // A Gaussian run whose sigma the user did not give says which one it assumed, and whence.
  if (o.sigma.empty() && named == bandit::reward_model::gaussian && o.arm_sigmas_opt->count() == 0)
    std::cout << "  sigma       " << text_number(bandit::default_sigma)
              << " assumed (--sigma not given: the paper's Section 5 rewards); the rules and the simulated arms use it\n";
  std::cout << "  certified   " << (cr.certified ? "yes" : "no") << ": " << cr.certificate << '\n';
}

}  // namespace

void add_run_command(CLI::App& app) {
  constexpr double inf = std::numeric_limits<double>::infinity();
  constexpr auto u64_max = std::numeric_limits<std::uint64_t>::max();
  auto o = std::make_shared<run_cli_options>();
  auto* sub = app.add_subcommand("run", "Run one best-arm algorithm once");
  // The recommendation's names come from the library (recommended_combination, recommended_threshold).
  const auto recommended = [](bandit::reward_model m) { return bandit::to_string(bandit::recommended_combination(m)); };
  const auto threshold = [](bandit::reward_model m) {
    return std::string(bandit::to_string(bandit::recommended_threshold(m)));
  };
  sub->footer("Which method should I use?  Give neither --algorithm nor --sampling/--stopping: the run uses the "
              "recommended certified method, " + recommended(bandit::reward_model::gaussian) +
              " (Gaussian or sub-Gaussian rewards), " + recommended(bandit::reward_model::bernoulli) +
              " (--model bernoulli), " + recommended(bandit::reward_model::bounded) +
              " (--model bounded) or " + recommended(bandit::reward_model::gaussian_unknown_variance) +
              " (--sigma unknown: Gaussian arms of unknown, possibly different variances), whose answer is wrong with probability at most nu.  The presets reproduce "
              "the paper's Section 5; --threshold heuristic is the field's uncertified practice (a reference: "
              "it stops earlier, without a guarantee, and says so on stderr).  docs/README.md compares them.");
  // The known names come from the library's lists (one place per name).
  sub->add_option("--algorithm", o->algorithm,
                  experiments::algorithm_identifiers() +
                      " (a preset; or give --sampling and --stopping, or a combination's name as printed, "
                      "e.g. t3c-ids+glr-pooled-per-arm)");
  // The rules and their help come from the registry (lilucb/bandit/rules.hpp).
  sub->add_option("--sampling", o->sampling,
                  "sampling rule (with --stopping): " + rule_help(bandit::sampling_rules));
  sub->add_option("--stopping", o->stopping, "stopping rule: " + rule_help(bandit::stopping_rules));
  o->boundary_opt = sub->add_option("--boundary", o->boundary,
                                    "--stopping ls: the per-arm boundary (default lil): " +
                                        rule_help(bandit::ls_boundaries));
  o->threshold_opt = sub->add_option("--threshold", o->threshold,
                                     "--stopping glr: the threshold (default: the recommended certified one, " +
                                         threshold(bandit::reward_model::gaussian) + ", or " +
                                         threshold(bandit::reward_model::bernoulli) + " with --model bernoulli, " +
                                         threshold(bandit::reward_model::bounded) + " with --model bounded, " +
                                         threshold(bandit::reward_model::gaussian_unknown_variance) +
                                         " with --sigma unknown): " +
                                         rule_help(bandit::glr_thresholds));
  sub->add_option("--rho", o->rho,
                  "glr mixture: a fixed mixture scale rho > 0 (default: the grid rho = 2^k, k = 0..40, no tuning)");
  o->scenario_opt = declare_option(sub->add_option("--scenario", o->scenario, "sparse (n arms) or alpha (n+1 arms), Section 5"),
                                   choice_spec({"sparse", "alpha"}));
  declare_option(sub->add_option("--n", o->n, "number of arms for --scenario"),
                 count_spec(1, (std::uint64_t{1} << 32) - 1, "[1, 2^32)").when("--scenario", {"sparse", "alpha"}).defaults_to(no_default));
  o->gap_opt = declare_option(sub->add_option("--gap", o->gap, "sparse: mean of the best arm (others 0); default 0.5"),
                              real_spec(0, false, inf, false).when("--scenario", {"sparse"}).defaults_to(o->gap));
  o->alpha_opt = declare_option(sub->add_option("--alpha", o->alpha, "alpha: exponent (paper: 0.3, 0.6)"),
                                real_spec(0, false, inf, false).when("--scenario", {"alpha"}).defaults_to(no_default));
  o->means_opt = declare_option(sub->add_option("--means", o->means, "comma-separated means"), real_list_spec().defaults_to(no_default));
  o->means_file_opt = declare_option(sub->add_option("--means-file", o->means_file, "file with one mean per line"),
                                     path_spec(value_kind::file_in));
  declare_option(sub->add_option("--nu", o->nu, "error probability, in (0,1)")->required(),
                 real_spec(std::numeric_limits<double>::min(), true, 1, false));  // nu/5 stays positive
  // Appended in place: "literal" + std::string&& trips GCC 12's -Wrestrict (a false positive).
  std::string sigma_help = "reward standard deviation (Gaussian) and width scale, > 0; default ";
  sigma_help += text_number(bandit::default_sigma);
  sigma_help += ": the scale of the paper's Section 5 experiments (rewards of variance 1/4); with --model bounded the "
                "sigma rules are certified only for sigma >= (HI - LO)/2 (Hoeffding's lemma); unknown (--model "
                "gaussian): the rules may not read the arms' standard deviations, which may differ (--arm-sigmas): "
                "--threshold paired-t is certified (Proposition PT; the default; with --top, Proposition TM-T), so "
                "is gu (Proposition GU; no --top), heuristic-ev the practice";
  declare_option(sub->add_option("--sigma", o->sigma, sigma_help),
                 real_spec(0, false, inf, false).or_words({"unknown"}).defaults_to(text_number(bandit::default_sigma)));
  o->arm_sigmas_opt = declare_arm_sigmas_option(
      *sub, o->arm_sigmas,
      "the rules read --sigma (none with --sigma unknown): a known --sigma below the largest makes a certified rule's "
      "premise fail (the run is then reported uncertified)");
  declare_model_option(*sub, o->model,
                       "gaussian (default), bernoulli, or bounded (Beta rewards in --range: lo + (hi - lo) X, "
                       "X ~ Beta(p K, (1 - p) K), p = (mean - lo)/(hi - lo), K = --concentration)");
  o->range_opt = declare_option(sub->add_option("--range", o->range,
                                                "--model bounded (required): LO,HI, the rewards' range, LO < HI finite; "
                                                "the means lie strictly inside"),
                                real_list_spec().when("--model", {bandit::model_name(bandit::reward_model::bounded)}).defaults_to(no_default));
  o->concentration_opt = declare_option(
      sub->add_option("--concentration", o->concentration,
                      "--model bounded: the Beta concentration K > 0 (default 9: variance (hi - lo)^2 p (1 - p)/(K + 1))"),
      real_spec(0, false, inf, false).when("--model", {bandit::model_name(bandit::reward_model::bounded)}).defaults_to(text_number(bandit::bounded_arms::default_concentration)));
  declare_option(sub->add_option("--seed", o->seed, "random seed (default 1)"), count_spec(0, u64_max, "[0, 2^64)").defaults_to(o->seed));
  declare_option(sub->add_option("--runs", o->runs,
                                 "repeat the run R times (run k on stream k of the seed) and print their summary, as "
                                 "`lilucb plan` does (default 1: one run)"),
                 count_spec(1, 1'000'000, "[1, 10^6]").defaults_to(o->runs));
  o->threads_opt = declare_option(sub->add_option("--threads", o->threads,
                                 "with --runs: worker threads; 0 (default) = all cores; results do not depend on it"),
                 count_spec(0, 1024, "[0, 1024] (0: all cores)").defaults_to(o->threads));
  static_assert(bandit::default_max_pulls == 1'000'000'000, "--max-pulls' help says 10^9");
  declare_option(sub->add_option("--max-pulls", o->max_pulls, "pull budget (default 10^9; the run then ends as budget_exhausted); 0 = unlimited"),
                 count_spec(0, u64_max, "[0, 2^64) (0: unlimited)").defaults_to(o->max_pulls));
  declare_option(sub->add_option("--inner", o->inner, "lil'UCB's inner log: plus2 (default) or lemma"), choice_spec({"plus2", "lemma"}).defaults_to(o->inner));
  declare_option(sub->add_flag("--json", o->json, "print one JSON object"), flag_spec());
  declare_option(sub->add_option("--epsilon", o->epsilon,
                                 "answer an epsilon-good arm instead of the best: one whose mean is at least the best "
                                 "mean minus E (default: the best arm); certified with --threshold one-sided "
                                 "(Proposition Gε-M1; the default with --epsilon) and, on Bernoulli or bounded arms, "
                                 "--threshold pooled-kl (Proposition Kε-U: earlier on low rates), with --sigma unknown "
                                 "--threshold paired-t, and --stopping ls (lil'UCB's LS rule, any boundary); "
                                 "--threshold heuristic is the practice; ties for the best mean are allowed"),
                 real_spec(0, true, inf, false).defaults_to(no_default));
  declare_option(sub->add_flag("--epsilon-relative", o->epsilon_relative,
                               "with --epsilon E in [0, 1): at least (1 - E) times the best mean (means >= 0)"),
                 flag_spec());
  declare_option(sub->add_option("--top", o->top,
                                 "answer the M best arms instead of the best one (1 <= M <= K - 1; with --epsilon E, "
                                 "M arms each within E of the M-th best mean); certified with --threshold one-sided "
                                 "(Proposition TM-M1; the default with --top, sampled by lucb-glr), on Bernoulli "
                                 "arms also --threshold pooled-kl (Proposition TM-K; their default), with --sigma "
                                 "unknown --threshold paired-t (Proposition TM-T; the default there), and --stopping ls "
                                 "(lil'UCB's LS rule: every answered arm's lower boundary above the others' upper ones); "
                                 "--threshold heuristic is the practice"),
                 count_spec(1, u64_max, "[1, K - 1] (K the number of arms)").defaults_to(no_default));
  // The rule options' declarations (their names are checked by the library's parsers).
  for (const char* rule : {"--algorithm", "--sampling", "--stopping", "--boundary", "--threshold"})
    declare_option(sub->get_option(rule), text_spec("a name the library's rule tables define"));
  declare_option(sub->get_option("--rho"), real_spec(0, false, inf, false));
  sub->callback([o] { run_run(*o); });
}

}  // namespace lilucb::cli
