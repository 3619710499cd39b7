#pragma once
// The committed data of the paper reproduction, as the report (report.hpp) and the verification
// check `reproduction` (verification/src/reproduction.cpp) read it:
//
//   <root>/<preset>/stopping-times/  manifest.json, summary.csv
//   <root>/<preset>/anytime/         manifest.json, windows.csv, anytime.csv, stopping.csv
//
// and the quantities both derive from it: medians that may be bounds (censored runs), the pulls
// from which P(î ≠ i*) stays at or below nu, their ratios.  The files are read by the results
// module's readers (results.hpp: read_manifest, read_summary, read_anytime, read_stopping,
// read_windows), the same ones the runner and the plots use; this header only indexes the rows.

#include "lilucb_experiments/config.hpp"
#include "lilucb_experiments/results.hpp"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace lilucb::experiments {

struct experiment_data {
  bool present = false;
  std::filesystem::path dir;
  nlohmann::json manifest;
  std::vector<std::string> algorithms, scenarios;
  std::vector<std::uint64_t> sizes;
  double nu = 0.1;
  std::map<std::string, stopping_summary> summary;            // key alg|scen|n (stopping-times)
  std::map<std::string, std::vector<anytime_point>> curve;    // key alg|scen|n (anytime), in file order
  std::map<std::string, stopping_mark> marks;                 // key alg|scen|n (anytime)
  std::map<std::string, std::uint64_t> windows;               // key scen|n (anytime)
};

struct preset_data {
  std::string name;
  experiment_data st, any;
};

/// "alg|scen|n", the key of experiment_data's maps.
std::string key(const std::string& alg, const std::string& scen, std::uint64_t n);

/// The experiment in `dir` (present = false when it has no manifest.json).  Throws
/// lilucb::domain_error naming the file when a data file is malformed (wrong header, wrong field
/// count, a number that does not parse, a manifest that is not JSON).
experiment_data read_experiment(const std::filesystem::path& dir, experiment_kind kind);

/// Both experiments of the preset `name` under `root` (docs/reproduction).
preset_data read_preset(const std::filesystem::path& root, const std::string& name);

/// Three significant digits; integers below 10^5 in full; exponents as "e6".
std::string fmt(double x);
/// Ratios: three significant digits ("58.2", "256", "2.53e4").
std::string fmt_ratio(double x);

/// A value that may be a bound: a median of runs of which too many were censored is a lower
/// bound (the censored runs sit at the budget); a "pulls until P(wrong) <= nu" that the curve
/// never reaches inside its window is a lower bound (the window).
struct bounded {
  double v = NAN;
  enum kind_t { exact, lower, upper, unknown } kind = unknown;
};

/// "12.3", "≥12.3", "≤12.3" or "?".
std::string text(const bounded& b, bool is_ratio = true);
/// a / b with the bound kinds combined (unknown when both are lower bounds).
bounded ratio(const bounded& a, const bounded& b);
/// Whether b >= t: true or false when decided, nullopt when the bound leaves it open.
std::optional<bool> at_least(const bounded& b, double t);
/// The median of a summary row, exact when the order statistics it interpolates are below the
/// censored runs.
bounded median_of(const stopping_summary& s);
const stopping_summary* find_summary(const experiment_data& d, const std::string& alg, const std::string& scen,
                                     std::uint64_t n);
bounded median_pulls(const experiment_data& d, const std::string& alg, const std::string& scen, std::uint64_t n);
/// The first checkpoint from which P(î ≠ i*) stays at or below nu up to the window; the window
/// as a lower bound when the curve ends above nu.
bounded pulls_to_nu(const experiment_data& d, const std::string& alg, const std::string& scen, std::uint64_t n);
/// The paper's name of an algorithm identifier (the identifier itself when unknown).
std::string pname(const std::string& alg);

}  // namespace lilucb::experiments
