// Reading the committed reproduction data (reproduction_data.hpp).  This is the file to swap for
// the experiments' results reader (results.hpp) once it lands: the report and the verification
// check `reproduction` see only reproduction_data.hpp.

#include "lilucb_experiments/reproduction_data.hpp"

#include "lilucb_experiments/runner.hpp"

#include "lilucb/errors.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>

namespace fs = std::filesystem;

namespace lilucb::experiments {

namespace {

constexpr const char* kFn = "lilucb::experiments::read_experiment";

[[noreturn]] void malformed(const fs::path& file, const std::string& what) {
  throw lilucb::domain_error(kFn, "data file", file.string(), what);
}

// ---- reading the committed data -----------------------------------------------------------

std::vector<std::string> split(const std::string& line) {
  std::vector<std::string> out(1);
  for (char c : line) {
    if (c == ',') out.emplace_back();
    else if (c != '\r') out.back() += c;
  }
  return out;
}

/// The rows of a CSV file whose header must be `header`; every row must have its field count.
std::vector<std::vector<std::string>> read_table(const fs::path& file, const std::string& header) {
  std::ifstream in(file, std::ios::binary);
  if (!in) malformed(file, "a readable file");
  std::string line;
  if (!std::getline(in, line) || split(line) != split(header)) malformed(file, "a CSV with header " + header);
  const std::size_t fields = split(header).size();
  std::vector<std::vector<std::string>> rows;
  for (std::size_t k = 2; std::getline(in, line); ++k) {
    if (line.empty() || line == "\r") continue;
    auto f = split(line);
    if (f.size() != fields)
      malformed(file, "rows of " + std::to_string(fields) + " fields (line " + std::to_string(k) + " has " +
                          std::to_string(f.size()) + ")");
    rows.push_back(std::move(f));
  }
  return rows;
}

double real_of(const fs::path& file, const std::string& s) {
  char* end = nullptr;
  const double x = std::strtod(s.c_str(), &end);
  if (s.empty() || end != s.c_str() + s.size() || !std::isfinite(x)) malformed(file, "numbers, not '" + s + "'");
  return x;
}

std::uint64_t count_of(const fs::path& file, const std::string& s) {
  if (s.empty() || s.find_first_not_of("0123456789") != std::string::npos)
    malformed(file, "counts, not '" + s + "'");
  return std::stoull(s);
}

}  // namespace

std::string key(const std::string& alg, const std::string& scen, std::uint64_t n) {
  return alg + "|" + scen + "|" + std::to_string(n);
}

experiment_data read_experiment(const fs::path& dir, experiment_kind kind) {
  experiment_data d;
  d.dir = dir;
  const fs::path mf = dir / "manifest.json";
  if (!fs::exists(mf)) return d;
  d.present = true;
  {
    std::ifstream in(mf, std::ios::binary);
    try {
      d.manifest = nlohmann::json::parse(in);
      const auto& c = d.manifest.at("config");
      d.algorithms = c.at("algorithms").get<std::vector<std::string>>();
      d.scenarios = c.at("scenarios").get<std::vector<std::string>>();
      d.sizes = c.at("sizes").get<std::vector<std::uint64_t>>();
      d.nu = c.at("nu").get<double>();
    } catch (const nlohmann::json::exception& e) {
      malformed(mf, std::string("a manifest with a config (") + e.what() + ")");
    }
  }
  if (kind == experiment_kind::stopping_times) {
    const fs::path f = dir / "summary.csv";
    for (const auto& r : read_table(f, summary_header())) {
      stopping_summary s;
      s.algorithm = r[0];
      s.scenario = r[1];
      s.n = count_of(f, r[2]);
      s.h1 = real_of(f, r[3]);
      s.runs = count_of(f, r[4]);
      s.stopped = count_of(f, r[5]);
      s.censored = count_of(f, r[6]);
      s.mean = real_of(f, r[7]);
      s.median = real_of(f, r[8]);
      s.q1 = real_of(f, r[9]);
      s.q3 = real_of(f, r[10]);
      s.errors = count_of(f, r[13]);
      s.error_rate = real_of(f, r[14]);
      s.error_low = real_of(f, r[15]);
      s.error_high = real_of(f, r[16]);
      if (s.stopped + s.censored != s.runs || s.errors > s.stopped) malformed(f, "consistent counts");
      d.summary[key(s.algorithm, s.scenario, s.n)] = s;
    }
  } else {
    const fs::path fc = dir / "anytime.csv";
    for (const auto& r : read_table(fc, "scenario,n,algorithm,pulls,runs,wrong,p_wrong,ci_low,ci_high")) {
      curve_point p;
      p.pulls = count_of(fc, r[3]);
      p.runs = count_of(fc, r[4]);
      p.wrong = count_of(fc, r[5]);
      p.p = real_of(fc, r[6]);
      d.curve[key(r[2], r[0], count_of(fc, r[1]))].push_back(p);
    }
    const fs::path fs_ = dir / "stopping.csv";
    for (const auto& r : read_table(fs_, "scenario,n,algorithm,window,runs,stopped,median_stopping_time")) {
      stop_mark m;
      m.window = count_of(fs_, r[3]);
      m.runs = count_of(fs_, r[4]);
      m.stopped = count_of(fs_, r[5]);
      if (!r[6].empty()) m.median = real_of(fs_, r[6]);
      d.marks[key(r[2], r[0], count_of(fs_, r[1]))] = m;
    }
    const fs::path fw = dir / "windows.csv";
    for (const auto& r : read_table(fw, "scenario,n,window"))
      d.windows[r[0] + "|" + std::to_string(count_of(fw, r[1]))] = count_of(fw, r[2]);
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
  while (k > 0 && c[k - 1].p <= d.nu) --k;
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
