// Bindings of the bandit engine: one run (lilucb.run) and many runs on C++ threads with the GIL
// released (lilucb.run_many).  Run k of run_many uses stream first_run + k of the seed, as
// bandit::run_many does, and its results are stored by k: run_many(..., seed=s)[k] equals
// run(..., seed=s, run=first_run + k) for any thread count.

#include "py_common.hpp"

#include "lilucb/bandit/presets/algorithms.hpp"
#include "lilucb/bandit/arms.hpp"
#include "lilucb/bandit/compose.hpp"
#include "lilucb/bandit/defaults.hpp"
#include "lilucb/bandit/observers.hpp"
#include "lilucb/bandit/parallel.hpp"
#include "lilucb/theory/instance.hpp"
#include "lilucb/resources.hpp"
#include "lilucb_experiments/sample_size.hpp"

#include <algorithm>
#include <cstring>
#include <optional>
#include <string>
#include <utility>
#include <variant>

namespace lilucb::python {

namespace {

struct run_request {
  bandit::method method;  // a preset, or a "SAMPLING+STOPPING" combination (bandit::parse_method)
  bandit::arms_spec arms;  // the simulated arms (Gaussian ones with one sigma per arm)
  std::size_t true_best = 0;
  std::vector<bool> good;  // the correct answers: the best arm, or every epsilon-good arm
  bandit::answer_target target;  // the question
  bandit::run_options options;
  std::vector<std::uint64_t> checkpoints;  // empty: no anytime recorder
};


// Every argument of run/run_many checked and converted, with the caller's name in messages.

run_request make_request(const char* fn, const std::string& algorithm, const py::object& means, double nu,
                         double sigma, double seed, const char* run_name, double run, const std::string& model,
                         double max_pulls, const std::string& inner, const py::object& checkpoints,
                         const py::object& range, const py::object& concentration, double epsilon,
                         bool epsilon_relative, double top, bool unknown_variance, const py::object& arm_sigmas) {
  run_request r;
  // A preset name, or a sampling x stopping combination as `lilucb run` prints it.
  r.method = bandit::parse_method(algorithm);
  r.arms.means = means_vector(fn, means);
  // The question: the best arm (unique: a tie for the best mean is an error, correctness is
  // reported), or an epsilon-good arm (ties allowed), asked of a combination (a preset answers
  // the best arm only).
  bandit::answer_target target{epsilon, epsilon_relative};
  target.top = whole_number(fn, "top", top, 1, "a whole number in [1, K - 1] (K the number of arms)");
  bandit::check_target(fn, target);
  bandit::check_target_arms(fn, target, r.arms.means.size());
  r.target = target;
  r.good.assign(r.arms.means.size(), false);
  if (target.top_m()) {
    auto* c = std::get_if<bandit::combination>(&r.method);
    if (!c)
      throw lilucb::domain_error(fn, "top", number_text(top),
                                 "1 with a preset ('" + algorithm + "' answers the best arm): a top-m question "
                                 "needs a combination, e.g. 'lucb-glr+glr-one-sided'");
    c->target = target;
    // A set's correctness is is_good_answer_set's (answers_correctly), not an arm's.
    r.true_best = static_cast<std::size_t>(std::max_element(r.arms.means.begin(), r.arms.means.end()) - r.arms.means.begin());
  } else if (target.best_arm()) {
    r.true_best = best_arm(r.arms.means);
    r.good[r.true_best] = true;
  } else {
    auto* c = std::get_if<bandit::combination>(&r.method);
    if (!c)
      throw lilucb::domain_error(fn, "epsilon", number_text(epsilon),
                                 "0 with a preset ('" + algorithm + "' answers the best arm): an epsilon-good question "
                                 "needs a combination, e.g. 't3c-ids+glr-one-sided'");
    c->target = target;
    r.true_best = static_cast<std::size_t>(std::max_element(r.arms.means.begin(), r.arms.means.end()) - r.arms.means.begin());
    for (std::size_t i = 0; i < r.arms.means.size(); ++i) r.good[i] = bandit::is_good_answer(target, r.arms.means, i);
  }
  r.arms.model = bandit::parse_reward_model(fn, "model", model);
  // range and concentration: the bounded arms' [lo, hi] (required) and Beta concentration, and only theirs.
  bounded_arms_args(fn, std::string(fn) + "()", r.arms, range, concentration, model);
  // nu is checked by the library (bandit::run_algorithm), sigma here as the CLI does.
  check_positive(fn, "sigma", sigma);
  r.options.nu = nu;
  r.options.sigma = sigma;
  // Unknown variance (Gaussian arms; as `lilucb run --sigma unknown --arm-sigmas`): the rules read
  // no sigma (only gu, certified, and heuristic-ev stop); the simulated arms have arm_sigmas, or
  // sigma each.
  r.arms.sigma = sigma;
  if (r.arms.model == bandit::reward_model::gaussian || !arm_sigmas.is_none())
    r.arms.sigmas = arm_sigmas_arg(fn, arm_sigmas, model, r.arms.means.size()).value_or(std::vector<double>(r.arms.means.size(), sigma));
  bandit::check_arms_spec(fn, r.arms, arms_keywords());
  if (unknown_variance) {
    if (r.arms.model != bandit::reward_model::gaussian)
      throw lilucb::domain_error(fn, "unknown_variance", "True with model '" + model + "'", "False: model 'gaussian' only");
    r.options.unknown_variance = true;
    r.options.sigma = 0;
  }
  r.options.inner = parse_inner_log(inner);
  // lilucb-certified always runs Figure 1's index, the form Theorem R covers (as `lilucb run`).
  if (const auto* p = std::get_if<bandit::algorithm>(&r.method); p && *p == bandit::algorithm::lilucb_certified)
    r.options.inner = inner_log::lemma;
  r.options.seed = whole_number(fn, "seed", seed, 0, "a whole number in [0, 2^53]");
  r.options.run = whole_number(fn, run_name, run, 0, "a whole number in [0, 2^53]");
  r.options.max_pulls = whole_number(fn, "max_pulls", max_pulls, 0, "a whole number in [0, 2^53] (0: unlimited)");
  if (!checkpoints.is_none()) {
    const auto c = real_vector_arg(std::string(fn) + "()", "checkpoints", checkpoints, "pull counts (or None)");
    for (py::ssize_t k = 0; k < c.size(); ++k) {
      const std::string name = "checkpoints[" + std::to_string(k) + "]";
      const double lo = k == 0 ? 1.0 : static_cast<double>(r.checkpoints.back()) + 1;
      r.checkpoints.push_back(
          whole_number(fn, name.c_str(), c.data()[k], lo, "increasing whole numbers >= 1"));
    }
    if (r.checkpoints.empty()) throw lilucb::domain_error(fn, "checkpoints", "[]", "at least one checkpoint (or None)");
  }
  return r;
}

// One run on prepared arms (a preset, or a combination with its certificate); `best` receives the
// empirically best arm per checkpoint.
template <class Arms>
bandit::composed_result run_one(const run_request& q, const Arms& arms, const bandit::run_options& o,
                                std::vector<std::size_t>* best) {
  const auto go = [&](auto& observer) { return bandit::run_method(q.method, arms, o, observer); };
  if (q.checkpoints.empty()) {
    bandit::null_observer none;
    return go(none);
  }
  bandit::empirical_best_recorder rec(q.checkpoints);
  auto r = go(rec);
  *best = rec.best();
  return r;
}

py::dict parameters_dict(const run_request& q, const bandit::run_result& r) {
  py::dict p;
  for (const auto& [k, v] : r.parameters.named()) p[py::str(k.data(), k.size())] = v;
  p["inner"] = to_string(q.options.inner);
  p["model"] = bandit::model_name(q.arms.model);
  p["arms"] = bandit::model_name(q.arms.model);  // the old name of "model", as `lilucb run --json`
  if (q.arms.model == bandit::reward_model::bounded) {  // as `lilucb run --json`
    p["range"] = py::make_tuple(q.arms.lo, q.arms.hi);
    p["concentration"] = q.arms.concentration;
  }
  return p;
}

std::int64_t checkpoint_arm(std::size_t b) {
  return b == bandit::empirical_best_recorder::kNotReached ? -1 : static_cast<std::int64_t>(b);
}

// A library error about a quantity the run derives from the arguments names those arguments: the
// algorithm's delta comes from nu (nu = 5e-324 gives delta = 0); the sum of an arm's rewards
// overflows with the rewards' scale, sigma and the means (sigma = 1e308).
template <class Body>
void naming_arguments(const run_request& q, double nu, double sigma, Body body) {
  try {
    body();
  } catch (const lilucb::domain_error& e) {
    if (e.parameter() == "delta")
      throw lilucb::domain_error(e.function(), "nu", number_text(nu),
                                 "values at which the algorithm's delta is admissible: " + e.admissible() + " (here delta = " +
                                     e.value() + ")");
    if (e.parameter() == "reward sum") {
      std::string means;
      for (std::size_t k = 0; k < q.arms.means.size() && k < 4; ++k) means += (k ? "," : "") + number_text(q.arms.means[k]);
      if (q.arms.means.size() > 4) means += ",...";
      throw lilucb::domain_error(e.function(), "sigma, means", number_text(sigma) + ", [" + means + "]",
                                 "rewards whose sums stay finite doubles: " + e.admissible());
    }
    throw;
  }
}

// Whether run r answered q's question (its answer_set for a top-m question, its best arm otherwise).
bool answers_correctly(const run_request& q, const bandit::run_result& r) {
  if (!q.target.top_m()) return r.best_arm < q.good.size() && q.good[r.best_arm];
  return bandit::is_good_answer_set(q.target, q.arms.means, r.answer_set);
}

py::dict run_py(const std::string& algorithm, const array_like& means, double nu, double sigma, double seed,
                double run, const std::string& model, double max_pulls, const std::string& inner,
                const py::object& checkpoints, const py::object& range, const py::object& concentration,
                double epsilon, bool epsilon_relative, double top, bool unknown_variance, const py::object& arm_sigmas) {
  const auto q = make_request("lilucb.run", algorithm, means, nu, sigma, seed, "run", run, model, max_pulls, inner, checkpoints,
                              range, concentration, epsilon, epsilon_relative, top, unknown_variance, arm_sigmas);
  const double n = static_cast<double>(q.arms.means.size());
  lilucb::check_memory("lilucb.run", "means", std::to_string(q.arms.means.size()) + " arms",
                       lilucb::run_memory_bytes(n) + 16 * n, "one run and its counts");
  bandit::composed_result c;
  std::vector<std::size_t> best;
  naming_arguments(q, nu, sigma, [&] {
    interruptible([&] { bandit::visit_arms(q.arms, [&](const auto& a) { c = run_one(q, a, q.options, &best); }); });
  });
  const bandit::run_result& r = c.run;
  py::dict d;
  d["certified"] = c.certified;  // as `lilucb run --json`
  d["certificate"] = c.certificate;
  d["algorithm"] = r.algorithm;
  d["parameters"] = parameters_dict(q, r);
  d["n"] = q.arms.means.size();
  d["seed"] = q.options.seed;
  d["run"] = q.options.run;
  d["best_arm"] = r.best_arm;
  d["true_best_arm"] = q.true_best;
  d["correct"] = answers_correctly(q, r);
  if (q.target.top_m()) d["answer"] = r.answer_set;
  d["pulls"] = r.pulls;
  d["counts"] = to_numpy(std::vector<std::int64_t>(r.counts.begin(), r.counts.end()));  // signed, as run_many
  d["status"] = bandit::to_string(r.status);
  d["stopped_by"] = r.stopped_by;
  if (!q.checkpoints.empty()) {
    std::vector<std::int64_t> b(best.size());
    for (std::size_t k = 0; k < best.size(); ++k) b[k] = checkpoint_arm(best[k]);
    d["checkpoints"] = to_numpy(q.checkpoints);
    d["empirical_best"] = to_numpy(b);
  }
  return d;
}

py::dict run_many_py(const std::string& algorithm, const array_like& means, double nu, double sigma, double seed,
                     double runs_real, const py::object& threads_obj, double first_run, const std::string& model,
                     double max_pulls, const std::string& inner, const py::object& checkpoints, bool keep_counts,
                     const py::object& progress, const py::object& range, const py::object& concentration,
                     double epsilon, bool epsilon_relative, double top, bool unknown_variance,
                     const py::object& arm_sigmas) {
  constexpr const char* fn = "lilucb.run_many";
  const auto q = make_request(fn, algorithm, means, nu, sigma, seed, "first_run", first_run, model, max_pulls, inner, checkpoints,
                              range, concentration, epsilon, epsilon_relative, top, unknown_variance, arm_sigmas);
  const std::size_t runs = whole_number(fn, "runs", runs_real, 1, "a whole number in [1, 2^53]");
  unsigned threads = 0;
  if (!threads_obj.is_none()) {
    if (!is_real_number(threads_obj))
      throw py::type_error(std::string(fn) + "(): threads must be None or a whole number, got " + python_type_name(threads_obj));
    const double t = threads_obj.cast<double>();
    threads = static_cast<unsigned>(whole_number(fn, "threads", t, 0, "None or a whole number in [0, 1024] (0: all cores)"));
    if (t > 1024) throw lilucb::domain_error(fn, "threads", number_text(t), "None or a whole number in [0, 1024] (0: all cores)");
  }
  const std::size_t n = q.arms.means.size(), nc = q.checkpoints.size();
  {
    // Checked before anything is allocated (runs * n may not even fit in size_t): the result
    // arrays, built here and copied into numpy, and one run per thread.  Named: threads when one
    // run at a time would fit, else runs (keep_counts) when the results are the larger part, else
    // means.
    const double r = static_cast<double>(runs), arms = static_cast<double>(n);
    const double row = 8 * 3 + 1 + 8.0 * static_cast<double>(nc) + (keep_counts ? 8 * arms : 0);
    const double parallel = std::min(r, static_cast<double>(bandit::thread_count(threads)));
    const double results = 2 * r * row, one_run = lilucb::run_memory_bytes(arms), need = results + parallel * one_run;
    const std::optional<double> have = lilucb::available_memory_bytes();
    if (have && need > *have) {
      const std::string what = std::to_string(runs) + " runs' results" +
                               (keep_counts ? " with their counts on " + std::to_string(n) + " arms" : "") + " and " +
                               number_text(parallel) + " parallel run(s) on " + std::to_string(n) + " arms";
      if (lilucb::fits_with_one_run(parallel, results, one_run, *have))
        lilucb::check_memory(fn, "threads", number_text(parallel) + " parallel runs", need, what);
      if (results > one_run)
        lilucb::check_memory(fn, keep_counts ? "keep_counts" : "runs",
                             keep_counts ? "True (with runs = " + std::to_string(runs) + ")" : std::to_string(runs), need,
                             what);
      lilucb::check_memory(fn, "means", std::to_string(n) + " arms", need, what);
    }
  }
  std::vector<std::int64_t> pulls(runs);
  std::vector<std::int64_t> chosen(runs);
  std::vector<std::uint8_t> stopped(runs), correct(runs);
  const std::size_t m = q.target.top_m() ? q.target.top : 0;  // the answer sets' size (top-m questions)
  std::vector<std::int64_t> answers(runs * m);
  std::vector<std::int64_t> counts(keep_counts ? runs * n : 0);
  std::vector<std::int64_t> best(runs * nc);
  progress_report report(fn, progress, runs);
  bandit::composed_result first;
  const auto work = [&] {
    bandit::visit_arms(q.arms, [&](const auto& a) {
      bandit::parallel_for(runs, threads, [&](std::size_t k) {
        bandit::run_options o = q.options;
        o.run = q.options.run + k;
        std::vector<std::size_t> b;
        auto c = run_one(q, a, o, &b);
        const bandit::run_result& r = c.run;
        pulls[k] = static_cast<std::int64_t>(r.pulls);
        chosen[k] = static_cast<std::int64_t>(r.best_arm);
        stopped[k] = r.status == bandit::run_status::stopped;
        correct[k] = answers_correctly(q, r);
        for (std::size_t i = 0; i < m && i < r.answer_set.size(); ++i)
          answers[k * m + i] = static_cast<std::int64_t>(r.answer_set[i]);
        if (keep_counts)
          std::transform(r.counts.begin(), r.counts.end(), counts.begin() + k * n,
                         [](std::uint64_t c) { return static_cast<std::int64_t>(c); });
        for (std::size_t c = 0; c < nc; ++c) best[k * nc + c] = checkpoint_arm(b[c]);
        if (k == 0) first = std::move(c);
        report.add_one();
      });
    });
  };
  naming_arguments(q, nu, sigma, [&] { interruptible(work, report.poll()); });
  py::dict d;
  d["algorithm"] = first.run.algorithm;
  d["parameters"] = parameters_dict(q, first.run);
  d["certified"] = first.certified;
  d["certificate"] = first.certificate;
  d["n"] = n;
  d["seed"] = q.options.seed;
  d["first_run"] = q.options.run;
  d["true_best_arm"] = q.true_best;
  d["pulls"] = to_numpy(pulls);
  d["best_arm"] = to_numpy(chosen);
  py::array_t<bool> ok(static_cast<py::ssize_t>(runs)), st(static_cast<py::ssize_t>(runs));
  for (std::size_t k = 0; k < runs; ++k) {
    ok.mutable_data()[k] = correct[k] != 0;
    st.mutable_data()[k] = stopped[k] != 0;
  }
  d["correct"] = ok;
  d["stopped"] = st;
  if (m) {
    py::array_t<std::int64_t> a({static_cast<py::ssize_t>(runs), static_cast<py::ssize_t>(m)});
    std::copy(answers.begin(), answers.end(), a.mutable_data());
    d["answers"] = a;
  }
  if (keep_counts) {
    py::array_t<std::int64_t> c({static_cast<py::ssize_t>(runs), static_cast<py::ssize_t>(n)});
    std::copy(counts.begin(), counts.end(), c.mutable_data());
    d["counts"] = c;
  }
  if (nc) {
    py::array_t<std::int64_t> b({static_cast<py::ssize_t>(runs), static_cast<py::ssize_t>(nc)});
    std::copy(best.begin(), best.end(), b.mutable_data());
    d["checkpoints"] = to_numpy(q.checkpoints);
    d["empirical_best"] = b;
  }
  return d;
}

// lilucb.plan: the planner of `lilucb plan` (lilucb_experiments/sample_size.hpp), its JSON as text
// (the one writer of the plan's fields; the Python side parses it).
std::string plan_py(const array_like& means, double nu, const std::string& model, const py::object& sigma, double runs,
                    double seed, const py::object& threads_obj, double max_pulls, const py::object& method,
                    const py::object& range, const py::object& concentration, const py::object& progress) {
  constexpr const char* fn = "lilucb.plan";
  const std::string sig = std::string(fn) + "()";
  experiments::plan_request q;
  q.arms.means = means_vector(fn, means);
  q.arms.model = bandit::parse_reward_model(fn, "model", model);
  // sigma, range and concentration: each only for the model it describes (as the CLI's declarations).
  if (!sigma.is_none()) {
    const double s = run_real_arg(sig, "sigma", sigma);
    if (q.arms.model != bandit::reward_model::gaussian)
      throw lilucb::domain_error(fn, "sigma", number_text(s), "None: sigma applies to model 'gaussian' only (model '" + model + "')");
    q.arms.sigma = s;
  } else {
    q.arms.sigma = bandit::default_sigma;
  }
  bounded_arms_args(fn, sig, q.arms, range, concentration, model);
  bandit::check_arms_spec(fn, q.arms, arms_keywords());
  q.nu = nu;
  q.runs = whole_number(fn, "runs", runs, 1, "a whole number in [1, 10^6]");
  if (runs > 1e6) throw lilucb::domain_error(fn, "runs", number_text(runs), "a whole number in [1, 10^6]");
  q.seed = whole_number(fn, "seed", seed, 0, "a whole number in [0, 2^53]");
  q.max_pulls = whole_number(fn, "max_pulls", max_pulls, 0, "a whole number in [0, 2^53] (0: unlimited)");
  if (!threads_obj.is_none()) {
    if (!is_real_number(threads_obj))
      throw py::type_error(sig + ": threads must be None or a whole number, got " + python_type_name(threads_obj));
    const double t = threads_obj.cast<double>();
    q.threads = static_cast<unsigned>(whole_number(fn, "threads", t, 0, "None or a whole number in [0, 1024] (0: all cores)"));
    if (t > 1024) throw lilucb::domain_error(fn, "threads", number_text(t), "None or a whole number in [0, 1024] (0: all cores)");
  }
  if (!method.is_none()) {
    if (!py::isinstance<py::str>(method))
      throw py::type_error(sig + ": method must be None or a str, got " + python_type_name(method));
    q.method = method.cast<std::string>();
    if (q.method.empty()) throw lilucb::domain_error(fn, "method", "''", "None or a preset's or a combination's name");
  }
  // A method name, the means and the model's parameters are checked before any run starts.
  progress_report report(fn, progress);
  q.progress = [&report](std::size_t done, std::size_t total) { report.set(done, total); };
  experiments::sample_size_plan p;
  interruptible([&] { p = experiments::plan_sample_size(q); }, report.poll());
  return experiments::to_json(p).dump();
}

/// The rule registry (lilucb/bandit/rules.hpp) as plain records: one dict per descriptor, in the
/// tables' order (sampling rules, stopping rules, GLR thresholds, LS boundaries).
py::list rule_registry() {
  const auto model_names = [](unsigned set) {
    py::list l;
    for (const auto& d : bandit::reward_models)
      if (bandit::accepts(set, d.id)) l.append(d.name);
    return py::tuple(l);
  };
  const auto recommended = [&](const bandit::recommendation& r) {
    py::dict d;
    d["best_arm"] = model_names(r.best_arm);
    d["epsilon_good"] = model_names(r.epsilon_good);
    d["top_m"] = model_names(r.top_m);
    return d;
  };
  const auto record = [](const char* kind, std::string_view name, std::string_view summary) {
    py::dict d;
    d["kind"] = kind;
    d["name"] = std::string(name);
    d["summary"] = std::string(summary);
    return d;
  };
  const auto cost = [](bandit::rule_cost c) { return c == bandit::rule_cost::cheap ? "cheap" : "costly"; };
  py::list out;
  for (const auto& s : bandit::sampling_rules) {
    auto d = record("sampling", s.name, s.summary);
    d["parameters"] = std::string(s.parameters);
    d["models"] = model_names(s.models);
    d["cost"] = cost(s.cost);
    d["epsilon_good"] = s.knows_epsilon;
    d["top_m"] = s.knows_top_m;
    d["practice"] = s.practice;
    d["recommended"] = recommended(s.recommended);
    out.append(d);
  }
  for (const auto& s : bandit::stopping_rules) {
    auto d = record("stopping", s.name, s.summary);
    if (s.takes == bandit::stopping_parameter::none) {
      d["certified"] = s.certified;
      d["statement"] = std::string(s.statement);
    }
    d["takes"] = s.takes == bandit::stopping_parameter::threshold  ? "threshold"
                 : s.takes == bandit::stopping_parameter::boundary ? "boundary"
                                                                    : "none";
    d["in_studies"] = s.in_studies;
    d["epsilon_good"] = s.answers_epsilon;  // the rule's own (glr: its threshold's)
    d["top_m"] = s.answers_top_m;
    out.append(d);
  }
  for (const auto& t : bandit::glr_thresholds) {
    auto d = record("threshold", t.name, t.summary);
    d["parameters"] = std::string(t.parameters);
    d["certified"] = t.certified;
    d["statement"] = std::string(t.statement);
    d["models"] = model_names(t.models);
    d["cost"] = cost(t.cost);
    d["epsilon_good"] = t.answers_epsilon;
    d["top_m"] = t.answers_top_m;
    d["time_only"] = t.beta != nullptr;
    d["practice"] = t.practice;
    d["recommended"] = recommended(t.recommended);
    out.append(d);
  }
  for (const auto& b : bandit::ls_boundaries) {
    auto d = record("boundary", b.name, b.summary);
    d["certified"] = b.certified;
    d["statement"] = std::string(b.statement);
    d["models"] = model_names(b.models);
    d["cost"] = cost(b.cost);
    out.append(d);
  }
  return out;
}

}  // namespace

void register_runs(py::module_& m) {
  using py::arg;
  m.def("_run", &run_py, arg("algorithm"), arg("means"), arg("nu"), arg("sigma"), arg("seed"), arg("run"),
        arg("model"), arg("max_pulls"), arg("inner"), arg("checkpoints"), arg("range"), arg("concentration"),
        arg("epsilon"), arg("epsilon_relative"), arg("top"), arg("unknown_variance"), arg("arm_sigmas"));
  m.def("_run_many", &run_many_py, arg("algorithm"), arg("means"), arg("nu"), arg("sigma"), arg("seed"),
        arg("runs"), arg("threads"), arg("first_run"), arg("model"), arg("max_pulls"), arg("inner"),
        arg("checkpoints"), arg("keep_counts"), arg("progress"), arg("range"), arg("concentration"), arg("epsilon"),
        arg("epsilon_relative"), arg("top"), arg("unknown_variance"), arg("arm_sigmas"));
  m.def("_plan", &plan_py, arg("means"), arg("nu"), arg("model"), arg("sigma"), arg("runs"), arg("seed"), arg("threads"),
        arg("max_pulls"), arg("method"), arg("range"), arg("concentration"), arg("progress"));
  // The defaults every interface shares (lilucb/bandit/defaults.hpp): run and run_many take them.
  m.attr("DEFAULT_SIGMA") = bandit::default_sigma;
  m.attr("DEFAULT_MAX_PULLS") = bandit::default_max_pulls;
  py::list names;
  for (auto a : bandit::all_algorithms) names.append(bandit::to_string(a));
  m.attr("ALGORITHMS") = py::tuple(names);
  // The parts of a combination name "SAMPLING+STOPPING" (bandit::parse_combination), from the
  // rule registry (lilucb/bandit/rules.hpp), in its order.
  const auto rule_names = [](const auto& table) {
    py::list l;
    for (const auto& d : table) l.append(std::string(d.name));
    return py::tuple(l);
  };
  m.attr("SAMPLING_RULES") = rule_names(bandit::sampling_rules);
  m.attr("STOPPING_RULES") = rule_names(bandit::stopping_rules);
  m.attr("GLR_THRESHOLDS") = rule_names(bandit::glr_thresholds);
  m.attr("LS_BOUNDARIES") = rule_names(bandit::ls_boundaries);
  m.def("_rules", &rule_registry);
}

}  // namespace lilucb::python
