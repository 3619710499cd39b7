// Indexing the committed reproduction data (reproduction_data.hpp).  The files are read by the
// results module (results.hpp), the one reader per row type that the runner and the plots use.

#include "lilucb_experiments/reproduction_data.hpp"

#include "lilucb_experiments/algorithm_table.hpp"

#include "lilucb/errors.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace fs = std::filesystem;

namespace lilucb::experiments {

namespace {

constexpr const char* kReadFn = "lilucb::experiments::read_experiment";

[[noreturn]] void malformed_data(const fs::path& file, const std::string& what) {
  throw lilucb::domain_error(kReadFn, "data file", file.string(), what);
}

/// The file must exist: an experiment with a manifest has all its files.
fs::path required(const fs::path& file) {
  std::error_code ec;
  if (!fs::exists(file, ec)) malformed_data(file, "an existing file");
  return file;
}

}  // namespace

std::string key(const std::string& alg, const std::string& scen, std::uint64_t n) {
  return alg + "|" + scen + "|" + std::to_string(n);
}

experiment_data read_experiment(const fs::path& dir, experiment_kind kind) {
  experiment_data d;
  d.dir = dir;
  std::string invalid;
  auto manifest = read_manifest(dir, &invalid);
  if (!manifest) {
    if (invalid.empty()) return d;  // no manifest.json: the experiment is not there
    malformed_data(dir / "manifest.json", "a manifest (" + invalid + ")");
  }
  if ((*manifest)["experiment"] != to_string(kind))
    malformed_data(dir / "manifest.json", std::string("the manifest of a ") + to_string(kind) + " experiment");
  d.present = true;
  d.manifest = std::move(*manifest);
  try {
    const auto& c = d.manifest.at("config");
    d.algorithms = c.at("algorithms").get<std::vector<std::string>>();
    d.scenarios = c.at("scenarios").get<std::vector<std::string>>();
    d.sizes = c.at("sizes").get<std::vector<std::uint64_t>>();
    d.nu = c.at("nu").get<double>();
  } catch (const nlohmann::json::exception& e) {
    malformed_data(dir / "manifest.json", std::string("a manifest with a config (") + e.what() + ")");
  }
  if (kind == experiment_kind::stopping_times) {
    for (auto& s : read_summary(dir / "summary.csv")) {
      const auto k = key(s.algorithm, s.scenario, s.n);
      d.summary[k] = std::move(s);
    }
  } else {
    for (auto& p : read_anytime(dir / "anytime.csv")) d.curve[key(p.algorithm, p.scenario, p.n)].push_back(std::move(p));
    for (auto& m : read_stopping(dir / "stopping.csv")) {
      const auto k = key(m.algorithm, m.scenario, m.n);
      d.marks[k] = std::move(m);
    }
    for (const auto& w : read_windows(required(dir / "windows.csv")))
      d.windows[w.scenario + "|" + std::to_string(w.n)] = w.window;
  }
  return d;
}

preset_data read_preset(const fs::path& root, const std::string& name) {
  preset_data p;
  p.name = name;
  p.st = read_experiment(root / name / "stopping-times", experiment_kind::stopping_times);
  p.any = read_experiment(root / name / "anytime", experiment_kind::anytime);
  return p;
}

// ---- numbers as text ----------------------------------------------------------------------

/// Three significant digits; integers below 10^5 in full; exponents as "e6".
std::string fmt(double x) {
  if (!std::isfinite(x)) return "—";
  char buf[64];
  if (std::fabs(x) < 1e5 && std::fabs(x) >= 100) {
    std::snprintf(buf, sizeof buf, "%.0f", x);
    return buf;
  }
  std::snprintf(buf, sizeof buf, "%.3g", x);
  std::string s = buf;
  const auto e = s.find('e');
  if (e != std::string::npos) {
    std::string mant = s.substr(0, e), ex = s.substr(e + 1);
    const bool neg = ex[0] == '-';
    ex = ex.substr(1);
    while (ex.size() > 1 && ex[0] == '0') ex.erase(0, 1);
    s = mant + "e" + (neg ? "-" : "") + ex;
  }
  return s;
}

/// Ratios: three significant digits ("58.2", "256", "2.53e4").
std::string fmt_ratio(double x) {
  if (!std::isfinite(x) || std::fabs(x) < 1000) return fmt(x);
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.3g", x);
  std::string s = buf;
  const auto e = s.find('e');
  if (e == std::string::npos) return s;
  std::string ex = s.substr(e + 2);
  while (ex.size() > 1 && ex[0] == '0') ex.erase(0, 1);
  return s.substr(0, e) + "e" + (s[e + 1] == '-' ? "-" : "") + ex;
}

std::string text(const bounded& b, bool is_ratio) {
  const std::string v = is_ratio ? fmt_ratio(b.v) : fmt(b.v);
  switch (b.kind) {
    case bounded::exact: return v;
    case bounded::lower: return "≥" + v;
    case bounded::upper: return "≤" + v;
    case bounded::unknown: return "?";
  }
  return "?";
}

bounded ratio(const bounded& a, const bounded& b) {
  bounded r;
  if (a.kind == bounded::unknown || b.kind == bounded::unknown || !(b.v > 0)) return r;
  r.v = a.v / b.v;
  const bool al = a.kind == bounded::lower, bl = b.kind == bounded::lower;
  if (al && bl) r.kind = bounded::unknown;
  else if (al) r.kind = bounded::lower;
  else if (bl) r.kind = bounded::upper;
  else r.kind = bounded::exact;
  return r;
}

/// Whether b >= t: true or false when decided, nullopt when the bound leaves it open.
std::optional<bool> at_least(const bounded& b, double t) {
  if (b.kind == bounded::unknown) return std::nullopt;
  if (b.v >= t) return b.kind != bounded::upper ? std::optional<bool>(true) : std::nullopt;
  return b.kind != bounded::lower ? std::optional<bool>(false) : std::nullopt;
}

/// The median of a summary row, exact when the order statistics it interpolates are below the
/// censored runs (type-7 quantile at p = 1/2 uses positions floor((m-1)/2) and the next).
bounded median_of(const stopping_summary& s) {
  const std::uint64_t m = s.runs, c = s.censored;
  const bool exact = c == 0 || (m >= 2 && c + 2 + (m - 1) / 2 <= m);
  return {s.median, exact ? bounded::exact : bounded::lower};
}

const stopping_summary* find_summary(const experiment_data& d, const std::string& alg, const std::string& scen,
                                     std::uint64_t n) {
  const auto it = d.summary.find(key(alg, scen, n));
  return it == d.summary.end() ? nullptr : &it->second;
}

bounded median_pulls(const experiment_data& d, const std::string& alg, const std::string& scen, std::uint64_t n) {
  const auto* s = find_summary(d, alg, scen, n);
  return s ? median_of(*s) : bounded{};
}

/// The first checkpoint from which P(î ≠ i*) stays at or below nu up to the window; the window
/// as a lower bound when the curve ends above nu.
bounded pulls_to_nu(const experiment_data& d, const std::string& alg, const std::string& scen, std::uint64_t n) {
  const auto it = d.curve.find(key(alg, scen, n));
  if (it == d.curve.end() || it->second.empty()) return {};
  const auto& c = it->second;
  std::size_t k = c.size();
  while (k > 0 && c[k - 1].p_wrong <= d.nu) --k;
  if (k == c.size()) return {static_cast<double>(c.back().pulls), bounded::lower};
  return {static_cast<double>(c[k].pulls), bounded::exact};
}

std::string pname(const std::string& alg) {
  try {
    return paper_name(bandit::parse_algorithm(alg));
  } catch (const lilucb::domain_error&) {
    return alg;
  }
}


}  // namespace lilucb::experiments
