// The planner (sample_size.hpp): repeated runs, their summary, the plan and its outputs.

#include "lilucb_experiments/sample_size.hpp"

#include "runner_detail.hpp"

#include "lilucb_experiments/modern.hpp"
#include "lilucb_experiments/statistics.hpp"

#include "lilucb/bandit/arms.hpp"
#include "lilucb/bandit/parallel.hpp"
#include "lilucb/theory/characteristic_time.hpp"
#include "lilucb/theory/characteristic_time_unknown_variance.hpp"
#include "lilucb/errors.hpp"
#include "lilucb/theory/instance.hpp"
#include "lilucb/io/safe_file.hpp"
#include "lilucb/resources.hpp"

#include <boost/math/distributions/students_t.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <mutex>
#include <sstream>
#include <variant>

namespace lilucb::experiments {

// Helpers of this file in a namespace of their own (the library is one unity translation unit).
namespace sample_size_impl {

constexpr const char* kPlanFn = "lilucb::experiments::plan_sample_size";

using lilucb::detail::format_value;

/// The model as the plan's JSON names it: its registry name, Gaussian arms of unknown variance as
/// "gaussian" (with "unknown_variance": true beside it).
std::string model_name(bandit::reward_model m) {
  return m == bandit::reward_model::gaussian_unknown_variance ? "gaussian" : bandit::model_name(m);
}

std::string method_name(const bandit::method& m) {
  if (const auto* c = std::get_if<bandit::combination>(&m)) return bandit::to_string(*c);
  return bandit::to_string(std::get<bandit::algorithm>(m));
}

/// A number for reading: six significant digits (pulls to the unit up to 999999).
std::string short_number(double x) {
  char b[32];
  std::snprintf(b, sizeof b, "%.6g", x);
  return b;
}

}  // namespace sample_size_impl

runs_summary summarize_runs(const std::vector<bandit::composed_result>& runs, std::size_t truth, double level) {
  std::size_t arms = truth + 1;
  for (const auto& r : runs) arms = std::max(arms, r.run.best_arm + 1);
  std::vector<bool> good(arms, false);
  good[truth] = true;
  return summarize_runs(runs, good, level);
}

namespace {
// The summary's statistics of the pulls x (their sum `sum`) and of the errors counted in s.
runs_summary finish_summary(runs_summary s, const std::vector<double>& x, double sum) {
  s.censored = s.runs - s.stopped;
  const double m = static_cast<double>(x.size());
  s.mean = sum / m;
  if (x.size() >= 2) {
    double ss = 0;
    for (double v : x) ss += (v - s.mean) * (v - s.mean);
    const double sd = std::sqrt(ss / (m - 1));
    const boost::math::students_t t(m - 1);
    const double half = boost::math::quantile(t, (1 + s.level) / 2) * sd / std::sqrt(m);
    s.mean_low = s.mean - half;
    s.mean_high = s.mean + half;
  }
  s.median = quantile(x, 0.5);
  if (const auto ci = median_interval(x, s.level)) {
    s.median_low = ci->low;
    s.median_high = ci->high;
  }
  s.q10 = quantile(x, 0.1);
  s.q90 = quantile(x, 0.9);
  if (s.stopped > 0) {
    const auto ci = clopper_pearson(s.errors, s.stopped, s.level);
    s.error_rate = static_cast<double>(s.errors) / static_cast<double>(s.stopped);
    s.error_low = ci.low;
    s.error_high = ci.high;
  }
  return s;
}

// The summary with run r's correctness `correct(r)` (called for every run: it checks the answer's domain).
template <class Correct>
runs_summary summarize(const std::vector<bandit::composed_result>& runs, double level, Correct correct) {
  constexpr const char* fn = "lilucb::experiments::summarize_runs";
  if (runs.empty()) lilucb::detail::raise_domain_error(fn, "runs", "[] (empty)", "at least one run");
  if (!(level > 0 && level < 1)) lilucb::detail::raise_domain_error(fn, "level", lilucb::detail::format_value(level), "(0, 1)");
  runs_summary s;
  s.method = runs.front().run.algorithm;
  s.certified = runs.front().certified;
  s.certificate = runs.front().certificate;
  s.level = level;
  s.runs = runs.size();
  std::vector<double> x;
  x.reserve(runs.size());
  double sum = 0;
  for (const auto& r : runs) {
    const bool stopped = r.run.status == bandit::run_status::stopped;
    s.stopped += stopped;
    const bool ok = correct(r.run);
    s.errors += stopped && !ok;
    s.pulls.push_back(r.run.pulls);
    x.push_back(static_cast<double>(r.run.pulls));
    sum += x.back();
  }
  return finish_summary(std::move(s), x, sum);
}
}  // namespace

runs_summary summarize_runs(const std::vector<bandit::composed_result>& runs, const std::vector<bool>& good,
                            double level) {
  return summarize(runs, level, [&](const bandit::run_result& r) {
    if (!(r.best_arm < good.size()))
      lilucb::detail::raise_domain_error("lilucb::experiments::summarize_runs", "good",
                                         std::to_string(good.size()) + " arms",
                                         "an entry for every answer (answer " + std::to_string(r.best_arm) + ")");
    return bool(good[r.best_arm]);
  });
}

runs_summary summarize_runs(const std::vector<bandit::composed_result>& runs, const bandit::answer_target& target,
                            const std::vector<double>& means, double level) {
  return summarize(runs, level, [&](const bandit::run_result& r) {
    std::vector<std::size_t> answer = r.answer_set.empty() ? std::vector<std::size_t>{r.best_arm} : r.answer_set;
    for (std::size_t a : answer)
      if (!(a < means.size()))
        lilucb::detail::raise_domain_error("lilucb::experiments::summarize_runs", "means",
                                           std::to_string(means.size()) + " arms",
                                           "an entry for every answer (answer " + std::to_string(a) + ")");
    return bandit::is_good_answer_set(target, means, answer);
  });
}


std::vector<bandit::composed_result> repeat_runs(const bandit::method& m, const bandit::arms_spec& arms,
                                                 const bandit::run_options& opts, std::size_t count, unsigned threads,
                                                 const std::function<void(std::size_t)>& progress) {
  // Checked before anything is allocated: the results (their counts: 8 bytes per arm) and one run
  // per thread.  Named: threads when one run at a time would fit, else runs.
  {
    const double k = static_cast<double>(arms.means.size()), r = static_cast<double>(count);
    const double parallel = std::min(r, static_cast<double>(bandit::thread_count(threads)));
    const double results = r * (8 * k + 512), one_run = run_memory_bytes(k);
    const std::string what = std::to_string(count) + " runs' results and " + sample_size_impl::short_number(parallel) +
                             " parallel run(s) on " + std::to_string(arms.means.size()) + " arms";
    if (const auto have = available_memory_bytes(); have && results + parallel * one_run > *have) {
      if (fits_with_one_run(parallel, results, one_run, *have))
        check_memory("lilucb::experiments::repeat_runs", "threads", std::to_string(threads), results + parallel * one_run, what);
      check_memory("lilucb::experiments::repeat_runs", "runs", std::to_string(count), results + parallel * one_run, what);
    }
  }
  std::vector<bandit::composed_result> out(count);
  std::mutex lock;
  std::size_t done = 0;
  bandit::visit_arms(arms, [&](const auto& a) {
    bandit::parallel_for(count, threads, [&](std::size_t k) {
      bandit::run_options o = opts;
      o.run = opts.run + k;
      out[k] = bandit::run_method(m, a, o);
      if (progress) {
        std::lock_guard<std::mutex> g(lock);
        progress(++done);
      }
    });
  });
  return out;
}

bandit::combination practice_combination(bandit::reward_model model) {
  bandit::combination c = bandit::recommended_combination(model);
  c.stopping = bandit::stopping_rule::glr;
  c.threshold = model == bandit::reward_model::bounded || model == bandit::reward_model::gaussian_unknown_variance
                    ? bandit::glr_threshold::heuristic_ev
                    : bandit::glr_threshold::heuristic;
  return c;
}

sample_size_plan plan_sample_size(const plan_request& q) {
  using namespace sample_size_impl;
  const auto& a = q.arms;
  if (a.means.size() < 2)
    lilucb::detail::raise_domain_error(kPlanFn, "means", std::to_string(a.means.size()) + " arm(s)",
                                       "at least two arms (one arm needs no sample)");
  // nu >= 1/max_real keeps the practice's threshold log((1 + log t)/nu) finite (as `hardness`).
  if (!(q.nu >= 1 / std::numeric_limits<double>::max() && q.nu <= 0.5))
    lilucb::detail::raise_domain_error(kPlanFn, "nu", format_value(q.nu),
                                       "[1/max_real, 1/2] = [" + format_value(1 / std::numeric_limits<double>::max()) +
                                           ", 0.5] (the lower bound's kl(nu, 1 - nu) needs nu <= 1/2, the threshold "
                                           "log((1 + log t)/nu) a finite 1/nu)");
  if (q.runs < 1 || q.runs > 1'000'000)
    lilucb::detail::raise_domain_error(kPlanFn, "runs", std::to_string(q.runs), "[1, 10^6]");
  sample_size_plan p;
  p.arms = a;
  p.nu = q.nu;
  p.seed = q.seed;
  p.max_pulls = q.max_pulls;
  p.best_arm = best_arm(a.means);  // finite means with a unique largest one
  // The arms' constructors check the model's parameters (sigma, range, concentration, means inside).
  bandit::visit_arms(a, [](const auto&) {});
  const auto ct = plan_characteristic_time(a);
  p.t_star = ct.t_star;
  p.w_star = ct.w_star;
  p.lower_bound = bai_lower_bound(ct.t_star, q.nu);

  std::vector<std::pair<std::string, bandit::method>> methods;
  if (q.method.empty()) {
    methods.emplace_back("recommended", bandit::recommended_combination(a.model));
  } else {
    // A name the library cannot read, or a combination that does not run on the model, is refused
    // naming the method (the part it could not read in the range).
    try {
      const bandit::method m = bandit::parse_method(q.method);
      if (const auto* c = std::get_if<bandit::combination>(&m)) bandit::check_combination(kPlanFn, *c, a.model);
      else if (a.model == bandit::reward_model::gaussian_unknown_variance)
        lilucb::detail::raise_domain_error(kPlanFn, "preset", q.method, "a combination (every preset reads sigma)");
      methods.emplace_back("requested", m);
    } catch (const lilucb::domain_error& e) {
      lilucb::detail::raise_domain_error(kPlanFn, "method", "'" + q.method + "'",
                                         "a preset or a combination's name that runs on " +
                                             std::string(bandit::to_string(a.model)) + " arms (its " + e.parameter() + " = " + e.value() + ": " + e.admissible() + ")");
    }
  }
  methods.emplace_back("practice", practice_combination(a.model));

  bandit::run_options opts;
  opts.nu = q.nu;
  opts.sigma = a.model == bandit::reward_model::gaussian ? a.sigma : 0;  // 0: the arms' own scale
  opts.unknown_variance = a.model == bandit::reward_model::gaussian_unknown_variance;  // the rules read no sigma
  opts.seed = q.seed;
  opts.max_pulls = q.max_pulls;
  const std::size_t total = methods.size() * q.runs;
  std::size_t before = 0;
  for (const auto& [role, m] : methods) {
    method_plan mp;
    mp.role = role;
    const std::string name = method_name(m);
    if (std::holds_alternative<bandit::combination>(m)) {
      const modern_method mm = method_of(method_row{name.c_str()}, "method");
      // A T* so large (near-tied means) that t = T* beta(t) has no solution below 2^64 pulls (or in
      // doubles) leaves no prediction; the simulation still runs (within --max-pulls).
      try {
        mp.predicted = predicted_stopping_time(mm, p.t_star, q.nu, a.means.size());
      } catch (const lilucb::domain_error&) {
        mp.prediction_note = "t = T* beta(t, nu) has no solution below 2^64 pulls at T* = " + format_value(p.t_star);
      }
    }
    if (!mp.predicted && mp.prediction_note.empty())
      mp.prediction_note = std::holds_alternative<bandit::combination>(m) &&
                                   std::get<bandit::combination>(m).stopping == bandit::stopping_rule::glr
                               ? "its threshold depends on the counts, not on t alone: no fixed point in t"
                               : "not a GLR rule with a threshold of t alone: no fixed point in t";
    std::function<void(std::size_t)> progress;
    if (q.progress) progress = [&, before](std::size_t done) { q.progress(before + done, total); };
    // lilucb-certified always runs Figure 1's index, the form Theorem R covers (as `lilucb run`).
    bandit::run_options mo = opts;
    if (const auto* preset = std::get_if<bandit::algorithm>(&m); preset && *preset == bandit::algorithm::lilucb_certified)
      mo.inner = inner_log::lemma;
    mp.simulation = summarize_runs(repeat_runs(m, a, mo, q.runs, q.threads, progress), p.best_arm);
    before += q.runs;
    p.methods.push_back(std::move(mp));
  }
  return p;
}

characteristic_time_result<double> plan_characteristic_time(const bandit::arms_spec& a) {
  using namespace sample_size_impl;
  // Beta arms on [lo, hi] are an affine image of Beta arms on [0, 1], and the divergence is
  // invariant under it.
  if (a.model == bandit::reward_model::gaussian)
    return a.sigmas.empty() ? characteristic_time_gaussian(a.means, a.sigma) : characteristic_time_gaussian(a.means, a.sigmas);
  if (a.model == bandit::reward_model::gaussian_unknown_variance) {
    const std::vector<double> sigmas = a.sigmas.empty() ? std::vector<double>(a.means.size(), a.sigma) : a.sigmas;
    return characteristic_time_gaussian_unknown_variance(a.means, sigmas);
  }
  if (a.model == bandit::reward_model::bernoulli) return characteristic_time_bernoulli(a.means);
  if (a.model != bandit::reward_model::bounded)
    lilucb::detail::raise_domain_error(kPlanFn, "model", bandit::model_name(a.model),
                                       "gaussian, bernoulli or bounded (the models with a characteristic time)");
  std::vector<double> unit(a.means);
  for (double& m : unit) m = (m - a.lo) / (a.hi - a.lo);
  // The Beta divergence needs digamma and log-Beta of kappa mu and kappa (1 - mu): a concentration
  // at which Boost.Math cannot evaluate them (a pole, an overflow) has no T* in doubles.
  try {
    return characteristic_time_beta(unit, a.concentration);
  } catch (const lilucb::domain_error&) {
    throw;
  } catch (const std::exception& e) {
    lilucb::detail::raise_domain_error(kPlanFn, "concentration", format_value(a.concentration),
                                       "values at which T* of these Beta arms is computable in doubles (" +
                                           std::string(e.what()) + ")");
  }
}

std::string arms_text(const bandit::arms_spec& a) {
  using sample_size_impl::short_number;
  const auto sigmas = [&] {
    if (a.sigmas.empty()) return "sigma " + short_number(a.sigma);
    std::string s = "sigmas ";
    for (std::size_t i = 0; i < a.sigmas.size(); ++i) s += (i ? ", " : "") + short_number(a.sigmas[i]);
    return s;
  };
  if (a.model == bandit::reward_model::gaussian) return "Gaussian arms of " + sigmas();
  if (a.model == bandit::reward_model::gaussian_unknown_variance)
    return "Gaussian arms of " + sigmas() + ", unknown to the method";
  if (a.model == bandit::reward_model::bernoulli) return "Bernoulli arms";
  return "bounded arms in [" + short_number(a.lo) + ", " + short_number(a.hi) + "] (Beta, concentration " +
         short_number(a.concentration) + ")";
}

nlohmann::json to_json(const runs_summary& s) {
  const auto opt = [](const std::optional<double>& x) { return x ? nlohmann::json(*x) : nlohmann::json(nullptr); };
  return {{"method", s.method},
          {"certified", s.certified},
          {"certificate", s.certificate},
          {"level", s.level},
          {"runs", s.runs},
          {"stopped", s.stopped},
          {"censored", s.censored},
          {"errors", s.errors},
          {"error_rate", opt(s.error_rate)},
          {"error_ci", {opt(s.error_low), opt(s.error_high)}},
          {"mean", s.mean},
          {"mean_ci", {opt(s.mean_low), opt(s.mean_high)}},
          {"median", s.median},
          {"median_ci", {opt(s.median_low), opt(s.median_high)}},
          {"q10", s.q10},
          {"q90", s.q90}};
}

nlohmann::json to_json(const bandit::arms_spec& a) {
  nlohmann::json arms{{"model", sample_size_impl::model_name(a.model)}, {"means", a.means}};
  if (a.model == bandit::reward_model::gaussian || a.model == bandit::reward_model::gaussian_unknown_variance) {
    if (a.sigmas.empty()) arms["sigma"] = a.sigma;
    else arms["sigmas"] = a.sigmas;
  }
  if (a.model == bandit::reward_model::gaussian_unknown_variance) arms["unknown_variance"] = true;
  if (a.model == bandit::reward_model::bounded) {
    arms["range"] = {a.lo, a.hi};
    arms["concentration"] = a.concentration;
  }
  return arms;
}

nlohmann::json to_json(const sample_size_plan& p) {
  const nlohmann::json arms = to_json(p.arms);
  nlohmann::json methods = nlohmann::json::array();
  for (const auto& m : p.methods) {
    nlohmann::json j{{"role", m.role},
                     {"predicted", m.predicted ? nlohmann::json(*m.predicted) : nlohmann::json(nullptr)},
                     {"simulation", to_json(m.simulation)}};
    if (!m.prediction_note.empty()) j["prediction_note"] = m.prediction_note;
    methods.push_back(std::move(j));
  }
  return {{"arms", arms},       {"nu", p.nu},
          {"best_arm", p.best_arm}, {"seed", p.seed},
          {"max_pulls", p.max_pulls}, {"t_star", p.t_star},
          {"w_star", p.w_star}, {"lower_bound", p.lower_bound},
          {"methods", methods}};
}

std::string summary_text(const runs_summary& s, const std::string& in) {
  using sample_size_impl::short_number;
  const auto pct = [](double level) { return short_number(100 * level) + "%"; };
  const auto pair = [](const std::optional<double>& lo, const std::optional<double>& hi) {
    return lo && hi ? "[" + short_number(*lo) + ", " + short_number(*hi) + "]" : std::string("(too few runs)");
  };
  std::ostringstream o;
  o << in << "runs           " << s.runs << " (" << s.stopped << " stopped, " << s.censored
    << " reached the pull budget and count at it)\n"
    << in << "mean pulls     " << short_number(s.mean) << "  " << pct(s.level) << " interval "
    << pair(s.mean_low, s.mean_high) << " (Student t)\n"
    << in << "median pulls   " << short_number(s.median) << "  " << pct(s.level) << " interval "
    << pair(s.median_low, s.median_high) << " (exact, order statistics)\n"
    << in << "10-90% range   " << short_number(s.q10) << " to " << short_number(s.q90) << "\n"
    << in << "wrong answers  " << s.errors << " of " << s.stopped << " stopped runs";
  if (s.error_rate)
    o << ", rate " << short_number(*s.error_rate) << "  " << pct(s.level) << " interval "
      << pair(s.error_low, s.error_high) << " (exact, Clopper-Pearson)";
  o << "\n" << in << "certified      " << (s.certified ? "yes: " : "no: ") << s.certificate << "\n";
  return o.str();
}

std::string plan_text(const sample_size_plan& p) {
  using sample_size_impl::short_number;
  const auto& a = p.arms;
  std::ostringstream o;
  o << "Plan for " << a.means.size() << " " << arms_text(a) << ", best arm " << p.best_arm
    << " (0-based), error probability nu = " << short_number(p.nu) << " (confidence " << short_number(1 - p.nu) << "):\n"
    << "  characteristic time T* = " << short_number(p.t_star) << "\n"
    << "  lower bound T* kl(nu, 1-nu) = " << short_number(p.lower_bound) << ": the expected pulls of every method "
    << (a.model == bandit::reward_model::gaussian_unknown_variance
            ? "correct for Gaussian arms of unknown variances, erring with probability <= nu on each\n"
            : "that errs with probability <= nu\n");
  for (const auto& m : p.methods) {
    o << "\n"
      << (m.role == "practice"    ? "The field's practice (UNCERTIFIED: no guarantee at nu): "
          : m.role == "requested" ? "The requested method: "
                                  : "The recommended certified method: ")
      << m.simulation.method << "\n";
    if (m.predicted)
      o << "  predicted pulls, the fixed point t = T* beta(t, nu): " << short_number(*m.predicted) << "\n";
    else
      o << "  predicted pulls: none (" << m.prediction_note << ")\n";
    o << "  simulated, seed " << p.seed << ":\n" << summary_text(m.simulation, "    ");
  }
  return o.str();
}

std::string distribution_csv(const sample_size_plan& p) {
  std::ostringstream o;
  o << "method,role,run,pulls\n";
  for (const auto& m : p.methods)
    for (std::size_t k = 0; k < m.simulation.pulls.size(); ++k)
      o << m.simulation.method << ',' << m.role << ',' << k << ',' << m.simulation.pulls[k] << '\n';
  return o.str();
}

std::vector<std::string> write_distribution_plot(const sample_size_plan& p, const std::filesystem::path& plot) {
  using sample_size_impl::format_value;
  // Absolute paths: a name such as "-1" would otherwise reach gnuplot as an option.
  const std::filesystem::path target = std::filesystem::absolute(plot);
  const std::filesystem::path data = target.string() + ".dat", script = target.string() + ".gp";
  std::ostringstream d;
  for (const auto& m : p.methods) {
    std::vector<std::uint64_t> x = m.simulation.pulls;
    std::sort(x.begin(), x.end());
    d << "# " << m.simulation.method << " (" << m.role << "): pulls, fraction of runs stopped by then\n";
    for (std::size_t k = 0; k < x.size(); ++k)
      d << x[k] << ' ' << format_value(static_cast<double>(k + 1) / static_cast<double>(x.size())) << '\n';
    d << "\n\n";
  }
  for (const auto& [what, x] : {std::pair<const char*, double>{"lower bound", p.lower_bound}, {"T*", p.t_star}})
    d << "# " << what << "\n" << format_value(x) << " 0\n" << format_value(x) << " 1\n\n\n";
  io::write_file_atomically(data, d.str(), "lilucb plan");
  const bool svg = plot.extension() == ".svg";
  // gnuplot draws into a file of its own beside the plot, which then replaces the plot atomically
  // (io::write_file_atomically: a link stays a link, a failed write leaves the old plot).
  const std::filesystem::path drawn = target.string() + ".gnuplot-output";
  const auto gq = [](const std::string& s) {  // a gnuplot string in double quotes
    std::string r = "\"";
    for (char c : s) {
      if (c == '"' || c == '\\') r += '\\';
      r += c;
    }
    return r + "\"";
  };
  std::ostringstream g;
  g << "# The stopping-time distribution of `lilucb plan`: one empirical CDF per method (solid: the\n"
       "# certified or requested method; dashed: the uncertified practice); vertical lines: T* (dash-dotted grey)\n"
       "# and the lower bound T* kl(nu, 1-nu) (solid black).  Redraw with: gnuplot "
    << script.filename().string() << "\n"
    << "set terminal " << (svg ? "svg enhanced font 'DejaVu Sans,11' size 760,420 background '#ffffff'"
                              : "pngcairo enhanced font 'DejaVu Sans,11' size 760,420")
    << "\nset output " << gq(drawn.string()) << "\n"
    << "set title " << gq("Pulls until the answer, " + std::to_string(p.methods.front().simulation.runs) +
                          " runs per method, nu = " + format_value(p.nu)) << "\n"
    << "set xlabel 'pulls at stopping (log scale)'\nset ylabel 'fraction of runs stopped'\n"
    << "set logscale x\nset yrange [0:1.02]\nset key outside below\nset grid\n"
    << "plot " << gq(data.string()) << " index 0 using 1:2 with steps lw 2 lc rgb '#1f77b4' title "
    << gq(p.methods[0].simulation.method + " (" + p.methods[0].role +
          (p.methods[0].simulation.certified ? ", certified)" : ", uncertified)"));
  for (std::size_t i = 1; i < p.methods.size(); ++i)
    g << ", \\\n     " << gq(data.string()) << " index " << i << " using 1:2 with steps lw 2 dt 2 lc rgb '#d62728' title "
      << gq(p.methods[i].simulation.method + " (" + p.methods[i].role + (p.methods[i].simulation.certified ? ")" : ", uncertified)"));
  const std::size_t marks = p.methods.size();  // the two vertical lines' blocks follow the methods'
  g << ", \\\n     " << gq(data.string()) << " index " << marks << " using 1:2 with lines lw 2 lc rgb '#000000' title "
    << gq("lower bound T* kl(nu, 1-nu) = " + sample_size_impl::short_number(p.lower_bound)) << ", \\\n     " << gq(data.string())
    << " index " << marks + 1 << " using 1:2 with lines lw 2 dt 4 lc rgb '#7f7f7f' title "
    << gq("T* = " + sample_size_impl::short_number(p.t_star)) << "\n";
  io::write_file_atomically(script, g.str(), "lilucb plan");
  try {
    detail::run_gnuplot(script);
    io::write_file_atomically(plot, io::read_file(drawn.string(), std::size_t{1} << 28, "lilucb plan"), "lilucb plan");
  } catch (...) {
    std::error_code ignored;
    std::filesystem::remove(drawn, ignored);
    throw;
  }
  std::filesystem::remove(drawn);
  return {plot.string(), plot.string() + ".gp", plot.string() + ".dat"};
}

}  // namespace lilucb::experiments
