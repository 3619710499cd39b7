#include "lilucb_experiments/config.hpp"

#include "lilucb/bandit/combination.hpp"
#include "lilucb/bandit/scenarios.hpp"
#include "lilucb/errors.hpp"
#include "lilucb/theory/instance.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <functional>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <set>

namespace lilucb::experiments {

namespace {
constexpr const char* kConfigFn = "lilucb experiment";

[[noreturn]] void bad(const std::string& name, const std::string& value, const std::string& admissible) {
  throw lilucb::domain_error(kConfigFn, name, value, admissible);
}

std::uint64_t get_count(const nlohmann::json& v, const std::string& name, const std::string& admissible) {
  if (!v.is_number_unsigned() && !(v.is_number_integer() && v.get<std::int64_t>() >= 0))
    bad(name, v.dump(), admissible);
  return v.get<std::uint64_t>();
}

double get_real(const nlohmann::json& v, const std::string& name, const std::string& admissible) {
  if (!v.is_number()) bad(name, v.dump(), admissible);
  return v.get<double>();
}

/// A real option that must lie in (0, inf) (sigma, gap): throws naming it otherwise.
void check_positive_finite(const std::string& name, double x) {
  if (!(x > 0 && std::isfinite(x))) bad(name, lilucb::detail::format_value(x), "(0, inf)");
}
}  // namespace

const char* to_string(experiment_kind k) {
  return k == experiment_kind::stopping_times ? "stopping-times" : k == experiment_kind::anytime ? "anytime" : "modern";
}

scenario parse_scenario(const std::string& parameter, const std::string& label) {
  scenario s;
  s.label = label;
  if (label == "sparse") return s;
  if (label.rfind("alpha", 0) == 0 && label.size() > 5) {
    const std::string num = label.substr(5);
    char* end = nullptr;
    const double a = std::strtod(num.c_str(), &end);
    if (end == num.c_str() + num.size() && std::isfinite(a) && a > 0) {
      // One label per scenario: alpha0.30 or alpha3e-1 would name alpha0.3's runs differently.
      const std::string canonical = "alpha" + lilucb::detail::format_value(a);
      if (label != canonical) bad(parameter, "'" + label + "'", "the canonical label " + canonical);
      s.sparse = false;
      s.alpha = a;
      return s;
    }
  }
  bad(parameter, "'" + label + "'", "sparse or alphaA with A > 0 (e.g. alpha0.3)");
}

std::vector<double> scenario_means(const scenario& s, std::uint64_t n, double gap) {
  return s.sparse ? bandit::sparse_means(n, gap) : bandit::alpha_means(n, s.alpha);
}

bool experiment_config::runs(bandit::algorithm a, std::uint64_t n) const {
  return kind == experiment_kind::modern || !(a == bandit::algorithm::ucb1_ls && n > ucb1_max_n);
}

modern_instance instance_of(const experiment_config& c, std::size_t i) {
  return parse_instance("instances", c.instances.at(i), c.sigma, c.gap);
}

namespace {
/// The modern experiment's fields (its axes, repetitions, sigma, gap, budget).
void validate_modern(const experiment_config& c) {
  if (c.methods.empty()) bad("methods", "[]", "at least one of " + method_labels());
  if (c.instances.empty()) bad("instances", "[]", "at least one of linear5, onegap4, SCENARIO-nN");
  if (c.deltas.empty()) bad("deltas", "[]", "at least one delta in (0, 1/2]");
  if (!(c.target.epsilon >= 0) || !std::isfinite(c.target.epsilon) || (c.target.relative && !(c.target.epsilon < 1)))
    bad("epsilon", lilucb::detail::format_value(c.target.epsilon), "[0, inf); [0, 1) with epsilon_relative");
  if (c.target.relative && c.target.epsilon == 0) bad("epsilon_relative", "true", "absent (or false) without epsilon > 0");
  if (c.target.relative && c.target.top_m())
    bad("epsilon_relative", "true", "absent with top (T*_m is computed for an additive epsilon)");
  std::set<std::string> seen;
  for (const auto& m : c.methods)
    if (!seen.insert(m.label).second) bad("methods", m.label, "each method once");
  seen.clear();
  for (const auto& label : c.instances)
    if (!seen.insert(label).second) bad("instances", label, "each instance once");
  std::set<double> ds;
  for (double d : c.deltas) {
    // kl(delta, 1 - delta) of the lower bound needs delta <= 1/2 (characteristic_time.hpp).
    if (!(d > 0 && d <= 0.5)) bad("deltas", lilucb::detail::format_value(d), "(0, 1/2]");
    if (!ds.insert(d).second) bad("deltas", lilucb::detail::format_value(d), "each delta once");
  }
  check_positive_finite("sigma", c.sigma);
  check_positive_finite("gap", c.gap);
  for (std::size_t i = 0; i < c.instances.size(); ++i) {
    const auto in = instance_of(c, i);
    // T*, H1 and the correctness of an answer need one best arm (not an epsilon-good question:
    // T*_eps is finite on ties, and every epsilon-good arm is a correct answer).
    const double top = *std::max_element(in.means.begin(), in.means.end());
    if (in.means.size() < 2 || (c.target.best_arm() && std::count(in.means.begin(), in.means.end(), top) != 1))
      bad("instances", in.label, c.target.best_arm() ? "an instance with a unique best arm" : "at least two arms");
    // A top-m question: m < K, and T*_m finite (mu_(m) > mu_(m+1), or epsilon > 0).
    if (c.target.top_m()) {
      std::vector<double> sorted = in.means;
      std::sort(sorted.begin(), sorted.end(), std::greater<>());
      if (c.target.top >= sorted.size())
        bad("top", std::to_string(c.target.top), "at most K - 1 on every instance (" + in.label + " has " +
                                                     std::to_string(sorted.size()) + " arms)");
      if (c.target.epsilon == 0 && !(sorted[c.target.top - 1] > sorted[c.target.top]))
        bad("instances", in.label, "an instance whose m-th and (m+1)-th means differ (top " +
                                       std::to_string(c.target.top) + " without epsilon)");
    }
    if (c.target.relative && *std::min_element(in.means.begin(), in.means.end()) < 0)
      bad("instances", in.label, "an instance whose means are >= 0 with epsilon_relative");
    if (!c.target.best_arm() && !c.target.top_m() && in.model == bandit::reward_model::gaussian_unknown_variance)
      bad("instances", in.label,
          "an instance of known variance with an epsilon-good question (T* of unknown variances is computed for the "
          "best arm, and T*_m of their laws with the variances known for a top-m question)");
    if (!c.target.best_arm() && in.model == bandit::reward_model::bounded)
      bad("instances", in.label,
          "a Gaussian or Bernoulli instance with an epsilon-good question (T*_eps of the Beta laws is not computed)");
    // Every method runs on every instance: its rules must accept the instance's reward model.
    for (const auto& m : c.methods) {
      if (m.preset) {
        if (!c.target.best_arm())
          bad("methods", m.label, "a combination with an epsilon-good or top-m question (a preset answers the best arm)");
        continue;
      }
      try {
        bandit::combination comb = m.combination;
        comb.target = c.target;
        bandit::check_combination("lilucb experiment", comb, in.model);
      } catch (const lilucb::domain_error& e) {
        bad("methods", m.label, std::string("a method that runs on instance ") + in.label + " (" +
                                    bandit::to_string(in.model) + " arms): " + e.what());
      }
    }
  }
  if (c.repetitions < 1 || c.repetitions > max_runs) bad("repetitions", std::to_string(c.repetitions), "[1, 10^9]");
  const double planned = static_cast<double>(c.methods.size()) * static_cast<double>(c.instances.size()) *
                         static_cast<double>(c.deltas.size()) * static_cast<double>(c.repetitions);
  if (planned > static_cast<double>(max_runs))
    bad("repetitions", std::to_string(c.repetitions),
        "at most 10^9 runs in all (methods x instances x deltas x repetitions = " + lilucb::detail::format_value(planned) + ")");
  if (c.budget < 1) bad("budget", std::to_string(c.budget), "[1, 2^64)");
}
}  // namespace

void experiment_config::validate() const {
  if (kind == experiment_kind::modern) return validate_modern(*this);
  if (algorithms.empty()) bad("algorithms", "[]", "at least one of " + algorithm_identifiers());
  if (scenarios.empty()) bad("scenarios", "[]", "at least one of sparse, alphaA");
  if (sizes.empty()) bad("sizes", "[]", "at least one n in [2, 2^32)");
  for (std::uint64_t n : sizes)
    if (n < 2 || n >= (std::uint64_t(1) << 32)) bad("sizes", std::to_string(n), "[2, 2^32)");
  if (std::set<std::uint64_t>(sizes.begin(), sizes.end()).size() != sizes.size())
    bad("sizes", "a repeated n", "each n once");
  std::set<std::string> seen;
  for (auto a : algorithms)
    if (!seen.insert(bandit::to_string(a)).second) bad("algorithms", bandit::to_string(a), "each algorithm once");
  seen.clear();
  for (const auto& s : scenarios)
    if (!seen.insert(s.label).second) bad("scenarios", s.label, "each scenario once");
  if (repetitions < 1 || repetitions > max_runs) bad("repetitions", std::to_string(repetitions), "[1, 10^9]");
  // Every run is planned (and becomes a row of runs.csv) before the first one starts: the whole
  // experiment is capped at 10^9 runs (~100 GB of runs.csv) instead of growing memory for ever.
  const double planned = static_cast<double>(algorithms.size()) * static_cast<double>(scenarios.size()) *
                         static_cast<double>(sizes.size()) * static_cast<double>(repetitions);
  if (planned > static_cast<double>(max_runs))
    bad("repetitions", std::to_string(repetitions),
        "at most 10^9 runs in all (algorithms x scenarios x sizes x repetitions = " +
            lilucb::detail::format_value(planned) + ")");
  if (!(nu > 0 && nu < 1)) bad("nu", lilucb::detail::format_value(nu), "(0, 1)");
  check_positive_finite("sigma", sigma);
  check_positive_finite("gap", gap);
  // The sparse instance (bandit::sparse_means: one arm at gap, n - 1 at 0) has H1 = (n - 1)/gap^2,
  // and summary.csv reports mean_over_h1 and median_over_h1 = pulls/H1 with pulls <= budget.  All
  // of them are finite (and H1 a positive normal double, lilucb::hardness_h1's range) iff
  // budget/max_real <= H1 <= max_real, i.e. sqrt((n-1)/max_real) <= gap <= sqrt((n-1) max_real/budget)
  // for every n of the grid: the smallest n bounds gap above, the largest below.
  if (std::any_of(scenarios.begin(), scenarios.end(), [](const scenario& s) { return s.sparse; })) {
    constexpr double max_real = std::numeric_limits<double>::max();
    const double n_lo = static_cast<double>(*std::min_element(sizes.begin(), sizes.end())) - 1;
    const double n_hi = static_cast<double>(*std::max_element(sizes.begin(), sizes.end())) - 1;
    const double floor_h1 = std::max(static_cast<double>(budget) / max_real, std::numeric_limits<double>::min());
    const double h_lo = n_lo / (gap * gap), h_hi = n_hi / (gap * gap);
    if (!(h_lo >= floor_h1 && h_hi <= max_real))
      bad("gap", lilucb::detail::format_value(gap),
          "[sqrt((n-1)/max_real), sqrt((n-1) max_real/budget)] for every size n = [" +
              lilucb::detail::format_bound(std::sqrt(n_hi / max_real)) + ", " +
              lilucb::detail::format_bound(std::sqrt(n_lo / floor_h1)) +
              "] (the sparse scenario's H1 = (n-1)/gap^2 and pulls/H1 must be finite)");
  }
  if (budget < 1) bad("budget", std::to_string(budget), "[1, 2^64)");
  if (!(window_factor >= 1 && std::isfinite(window_factor)))
    bad("window_factor", lilucb::detail::format_value(window_factor), "[1, inf)");
  if (window > budget) bad("window", std::to_string(window), "[0, budget = " + std::to_string(budget) + "] (0: from pilot runs)");
  if (pilot_repetitions < 1) bad("pilot_repetitions", std::to_string(pilot_repetitions), "[1, 2^64)");
  if (checkpoints_per_decade < 1 || checkpoints_per_decade > 1000)
    bad("checkpoints_per_decade", std::to_string(checkpoints_per_decade), "[1, 1000]");
}

nlohmann::json experiment_config::to_json() const {
  nlohmann::json j;
  j["experiment"] = to_string(kind);
  j["preset"] = preset;
  if (kind == experiment_kind::modern) {
    j["methods"] = nlohmann::json::array();
    for (const auto& m : methods) j["methods"].push_back(m.label);
    j["instances"] = instances;
    j["deltas"] = deltas;
    j["repetitions"] = repetitions;
    j["sigma"] = sigma;
    j["gap"] = gap;
    j["budget"] = budget;
    j["seed"] = seed;
    // Written only for an epsilon-good or top-m question (a best-arm run's manifest is as before).
    if (target.epsilon != 0) {
      j["epsilon"] = target.epsilon;
      if (target.relative) j["epsilon_relative"] = true;
    }
    if (target.top_m()) j["top"] = target.top;
    return j;
  }
  j["algorithms"] = nlohmann::json::array();
  for (auto a : algorithms) j["algorithms"].push_back(bandit::to_string(a));
  j["scenarios"] = nlohmann::json::array();
  for (const auto& s : scenarios) j["scenarios"].push_back(s.label);
  j["sizes"] = sizes;
  j["repetitions"] = repetitions;
  j["nu"] = nu;
  j["sigma"] = sigma;
  j["gap"] = gap;
  j["budget"] = budget;
  j["seed"] = seed;
  j["ucb1_max_n"] = ucb1_max_n;
  if (kind == experiment_kind::anytime) {
    j["window"] = window;
    j["window_factor"] = window_factor;
    j["pilot_repetitions"] = pilot_repetitions;
    j["checkpoints_per_decade"] = checkpoints_per_decade;
    j["window_from"] = nlohmann::json::array();
    for (auto a : window_from) j["window_from"].push_back(bandit::to_string(a));
  }
  return j;
}

experiment_config preset_config(experiment_kind kind, const std::string& name) {
  experiment_config c;
  c.kind = kind;
  c.preset = name;
  if (kind == experiment_kind::modern) {
    // The modern comparison's presets: instances (a) linear5, (b) onegap4 and Section 5's scenarios with
    // sigma = 0.5 (the config default); delta in {0.1, 0.01, 0.001}; the table's methods but
    // those it keeps out of the presets (not_in_presets: ttts with LS or the mixture
    // GLR statistic, the calibrated boundary; not_in_full: weakest-pair in the full preset).
    c.methods = preset_methods(name);
    c.deltas = {0.1, 0.01, 0.001};
    c.instances = {"linear5", "onegap4"};
    std::vector<std::uint64_t> ns;
    if (name == "quick") {
      ns = {10, 100};
      c.repetitions = 10;
      c.budget = 10'000'000;
    } else if (name == "full") {
      ns = {10, 100, 1000};
      c.repetitions = 1000;
      c.budget = 100'000'000;
    } else {
      bad("--preset", name, "{quick, full}");
    }
    for (auto n : ns)
      for (const char* sc : {"sparse", "alpha0.3", "alpha0.6"}) c.instances.push_back(std::string(sc) + "-n" + std::to_string(n));
    c.seed = 1;
    return c;
  }
  c.algorithms.assign(bandit::all_algorithms.begin(), bandit::all_algorithms.end());
  for (auto a : bandit::all_algorithms)
    if (a != bandit::algorithm::exp_gap) c.window_from.push_back(a);
  c.scenarios = {parse_scenario("scenarios", "sparse"), parse_scenario("scenarios", "alpha0.3"),
                 parse_scenario("scenarios", "alpha0.6")};
  if (name == "paper") {
    c.sizes = {10, 100, 1000, 10000};
    c.repetitions = kind == experiment_kind::stopping_times ? 40 : 5000;
    c.budget = kind == experiment_kind::stopping_times ? 100'000'000 : 20'000'000;
    c.ucb1_max_n = 1000;
  } else if (name == "quick") {
    c.sizes = kind == experiment_kind::stopping_times ? std::vector<std::uint64_t>{10, 100, 1000}
                                                      : std::vector<std::uint64_t>{10, 100};
    c.repetitions = kind == experiment_kind::stopping_times ? 20 : 200;
    c.budget = kind == experiment_kind::stopping_times ? 10'000'000 : 2'000'000;
    c.ucb1_max_n = 100;
  } else {
    bad("--preset", name, "{quick, paper}");
  }
  return c;
}

nlohmann::json parse_config_text(const std::string& text, const std::string& source) {
  // Strict JSON: one value and nothing after it (parse() refuses trailing content), and no key
  // twice in an object (nlohmann would keep the last one silently).  A NUL byte is refused
  // wherever it is: the parser reads it as the end of the input, which would accept any bytes
  // after it.
  if (const auto nul = text.find('\0'); nul != std::string::npos)
    bad(source, "(a NUL byte at byte " + std::to_string(nul) + ")", "one JSON object and nothing after it (no NUL byte)");
  std::vector<std::set<std::string>> keys;
  const nlohmann::json::parser_callback_t strict = [&](int, nlohmann::json::parse_event_t event, nlohmann::json& parsed) {
    if (event == nlohmann::json::parse_event_t::object_start) keys.emplace_back();
    else if (event == nlohmann::json::parse_event_t::object_end && !keys.empty()) keys.pop_back();
    else if (event == nlohmann::json::parse_event_t::key && !keys.empty() &&
             !keys.back().insert(parsed.get<std::string>()).second)
      bad(source, "duplicate key '" + parsed.get<std::string>() + "'", "each key once in an object");
    return true;
  };
  try {
    return nlohmann::json::parse(text, strict);
  } catch (const nlohmann::json::exception& e) {
    bad(source, "(not valid JSON)", std::string("one JSON object and nothing after it (") + e.what() + ")");
  }
}

experiment_config apply_json(experiment_config c, const nlohmann::json& j, const std::string& source) {
  if (!j.is_object()) bad(source, j.type_name(), "a JSON object");
  c.preset = "custom";
  for (const auto& [key, v] : j.items()) {
    const std::string name = source + ": " + key;
    // "report": how `lilucb docs` presents the run (cli/documents.cpp); it does not change the run.
    static const std::set<std::string> modern_keys = {"experiment", "preset", "methods",  "instances",
                                                      "deltas",     "repetitions", "sigma", "gap",
                                                      "budget",     "seed",   "report",  "epsilon",
                                                      "epsilon_relative", "top"};
    static const std::set<std::string> modern_only = {"methods", "instances", "deltas", "report", "epsilon",
                                                      "epsilon_relative", "top"};
    if (c.kind == experiment_kind::modern && !modern_keys.count(key))
      bad(source, "unknown key '" + key + "'",
          "methods, instances, deltas, repetitions, sigma, gap, budget, seed, report, epsilon, epsilon_relative, top");
    if (c.kind != experiment_kind::modern && modern_only.count(key))
      bad(name, v.dump(), "absent: '" + key + "' applies to the modern experiment only");
    static const std::set<std::string> anytime_only = {"window", "window_factor", "pilot_repetitions",
                                                        "window_from", "checkpoints_per_decade"};
    if (c.kind == experiment_kind::stopping_times && anytime_only.count(key))
      bad(name, v.dump(), "absent: '" + key + "' applies to the anytime experiment only");
    if (key == "experiment") {
      if (!v.is_string() || v.get<std::string>() != to_string(c.kind))
        bad(name, v.dump(), std::string("\"") + to_string(c.kind) + "\" (or absent)");
    } else if (key == "preset") {
      if (!v.is_string()) bad(name, v.dump(), "a string");
    } else if (key == "algorithms") {
      if (!v.is_array()) bad(name, v.dump(), "an array of algorithm identifiers");
      c.algorithms.clear();
      for (const auto& x : v) {
        if (!x.is_string()) bad(name, x.dump(), "an algorithm identifier: " + algorithm_identifiers());
        c.algorithms.push_back(bandit::parse_algorithm(x.get<std::string>()));
      }
    } else if (key == "scenarios") {
      if (!v.is_array()) bad(name, v.dump(), "an array of scenario labels");
      c.scenarios.clear();
      for (const auto& x : v) {
        if (!x.is_string()) bad(name, x.dump(), "sparse or alphaA");
        c.scenarios.push_back(parse_scenario(name, x.get<std::string>()));
      }
    } else if (key == "sizes") {
      if (!v.is_array()) bad(name, v.dump(), "an array of n in [2, 2^32)");
      c.sizes.clear();
      for (const auto& x : v) c.sizes.push_back(get_count(x, name, "[2, 2^32)"));
    } else if (key == "repetitions") {
      c.repetitions = get_count(v, name, "[1, 10^9]");
    } else if (key == "nu") {
      c.nu = get_real(v, name, "(0, 1)");
    } else if (key == "sigma") {
      c.sigma = get_real(v, name, "(0, inf)");
    } else if (key == "gap") {
      c.gap = get_real(v, name, "(0, inf)");
    } else if (key == "budget") {
      c.budget = get_count(v, name, "[1, 2^64)");
    } else if (key == "seed") {
      c.seed = get_count(v, name, "[0, 2^64)");
    } else if (key == "ucb1_max_n") {
      c.ucb1_max_n = get_count(v, name, "[0, 2^64)");
    } else if (key == "window") {
      c.window = get_count(v, name, "[0, budget]");
    } else if (key == "window_factor") {
      c.window_factor = get_real(v, name, "[1, inf)");
    } else if (key == "pilot_repetitions") {
      c.pilot_repetitions = get_count(v, name, "[1, 2^64)");
    } else if (key == "window_from") {
      if (!v.is_array()) bad(name, v.dump(), "an array of algorithm identifiers");
      c.window_from.clear();
      for (const auto& x : v) {
        if (!x.is_string()) bad(name, x.dump(), "an algorithm identifier: " + algorithm_identifiers());
        c.window_from.push_back(bandit::parse_algorithm(x.get<std::string>()));
      }
    } else if (key == "methods") {
      if (!v.is_array()) bad(name, v.dump(), "an array of method labels");
      c.methods.clear();
      for (const auto& x : v) {
        if (!x.is_string()) bad(name, x.dump(), "a method label: " + method_labels());
        c.methods.push_back(parse_method(name, x.get<std::string>()));
      }
    } else if (key == "instances") {
      if (!v.is_array()) bad(name, v.dump(), "an array of instance labels");
      c.instances.clear();
      for (const auto& x : v) {
        if (!x.is_string()) bad(name, x.dump(), "linear5, onegap4 or SCENARIO-nN");
        c.instances.push_back(x.get<std::string>());
        parse_instance(name, c.instances.back(), 1.0, 1.0);  // the label's form; sigma and gap checked by validate()
      }
    } else if (key == "deltas") {
      if (!v.is_array()) bad(name, v.dump(), "an array of delta in (0, 1/2]");
      c.deltas.clear();
      for (const auto& x : v) c.deltas.push_back(get_real(x, name, "(0, 1/2]"));
    } else if (key == "epsilon") {
      c.target.epsilon = get_real(v, name, "[0, inf); [0, 1) with epsilon_relative");
      bandit::check_target(name.c_str(), bandit::answer_target{c.target.epsilon, false});
    } else if (key == "top") {
      const double m = get_real(v, name, "an integer m >= 1 (the top-m question; 1: one arm)");
      if (!(m >= 1 && m < 4294967296.0 && std::floor(m) == m))
        bad(name, v.dump(), "an integer m >= 1 (the top-m question; 1: one arm)");
      c.target.top = static_cast<std::size_t>(m);
    } else if (key == "epsilon_relative") {
      if (!v.is_boolean()) bad(name, v.dump(), "true or false");
      c.target.relative = v.get<bool>();
    } else if (key == "report") {
      if (!v.is_object()) bad(name, v.dump(), "an object: the run's page of docs/generated (cli/documents.cpp)");
    } else if (key == "checkpoints_per_decade") {
      c.checkpoints_per_decade = get_count(v, name, "[1, 1000]");
    } else {
      bad(source, "unknown key '" + key + "'",
          "algorithms, scenarios, sizes, repetitions, nu, sigma, gap, budget, seed, ucb1_max_n, window, "
          "window_factor, window_from, pilot_repetitions, checkpoints_per_decade");
    }
  }
  return c;
}

nlohmann::json canonical_config_json(nlohmann::json j) {
  if (j.is_object() && j.contains("methods") && j["methods"].is_array())
    for (auto& m : j["methods"])
      if (m.is_string()) m = bandit::canonical_combination_name(m.get<std::string>());
  return j;
}

experiment_config config_from_json(const nlohmann::json& j, const std::string& source) {
  if (!j.is_object() || !j.contains("experiment") || !j["experiment"].is_string())
    bad(source, j.dump().substr(0, 200), "a config object with \"experiment\"");
  const std::string e = j["experiment"].get<std::string>();
  if (e != to_string(experiment_kind::stopping_times) && e != to_string(experiment_kind::anytime) &&
      e != to_string(experiment_kind::modern))
    bad(source + ": experiment", e, "stopping-times, anytime or modern");
  const auto kind = e == "anytime"  ? experiment_kind::anytime
                    : e == "modern" ? experiment_kind::modern
                                    : experiment_kind::stopping_times;
  auto c = apply_json(preset_config(kind, "quick"), j, source);
  c.preset = j.value("preset", std::string("custom"));
  c.validate();
  if (c.to_json() != canonical_config_json(j)) bad(source, j.dump().substr(0, 200), "a config as the toolkit writes it");
  return c;
}

namespace {
std::uint64_t splitmix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}
std::uint64_t fnv1a(const std::string& s) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char ch : s) h = (h ^ ch) * 0x100000001b3ULL;
  return h;
}
}  // namespace

std::uint64_t run_seed(std::uint64_t seed, const std::string& algorithm, const std::string& scenario,
                       std::uint64_t n, std::uint64_t repetition) {
  std::uint64_t h = splitmix(seed);
  h = splitmix(h ^ fnv1a(algorithm));
  h = splitmix(h ^ fnv1a(scenario));
  h = splitmix(h ^ n);
  h = splitmix(h ^ repetition);
  return h;
}

}  // namespace lilucb::experiments

namespace lilucb::experiments {
std::vector<double> shuffled_means(std::vector<double> means, std::uint64_t seed) {
  std::uint64_t state = seed ^ 0x5eed5eed5eed5eedULL;
  for (std::size_t i = means.size(); i > 1; --i) {
    state = splitmix(state);
    const std::size_t j = static_cast<std::size_t>(state % i);
    std::swap(means[i - 1], means[j]);
  }
  return means;
}
}  // namespace lilucb::experiments
