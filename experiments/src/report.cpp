// docs/reproduction.md rendered from the committed summaries of the reproduction runs
// (report.hpp; method and decision rules: docs/reproduction-method.md, "The report").

#include "lilucb_experiments/report.hpp"

#include "lilucb_experiments/config.hpp"
#include "lilucb_experiments/runner.hpp"
#include "lilucb_experiments/statistics.hpp"

#include "lilucb/errors.hpp"

#include <boost/math/special_functions/zeta.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>
#include <vector>

namespace fs = std::filesystem;

namespace lilucb::experiments {

namespace {

constexpr const char* kFn = "lilucb::experiments::render_reproduction_report";

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

struct curve_point {
  std::uint64_t pulls = 0, runs = 0, wrong = 0;
  double p = 0;
};

struct stop_mark {
  std::uint64_t window = 0, runs = 0, stopped = 0;
  std::optional<double> median;
};

struct experiment_data {
  bool present = false;
  fs::path dir;
  nlohmann::json manifest;
  std::vector<std::string> algorithms, scenarios;
  std::vector<std::uint64_t> sizes;
  double nu = 0.1;
  std::map<std::string, stopping_summary> summary;            // key alg|scen|n (stopping-times)
  std::map<std::string, std::vector<curve_point>> curve;      // key alg|scen|n (anytime)
  std::map<std::string, stop_mark> marks;                     // key alg|scen|n (anytime)
  std::map<std::string, std::uint64_t> windows;               // key scen|n (anytime)
};

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

struct preset_data {
  std::string name;
  experiment_data st, any;
};

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

// A value that may be a bound: a median of runs of which too many were censored is a lower
// bound (the censored runs sit at the budget); a "pulls until P(wrong) <= nu" that the curve
// never reaches inside its window is a lower bound (the window).
struct bounded {
  double v = NAN;
  enum kind_t { exact, lower, upper, unknown } kind = unknown;
};

std::string text(const bounded& b, bool is_ratio = true) {
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

template <class T>
bool has(const std::vector<T>& v, const T& x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

// ---- sections -----------------------------------------------------------------------------

std::string provenance(const experiment_data& d) {
  const auto& m = d.manifest;
  std::ostringstream o;
  const auto& c = m.at("config");
  auto get = [&](const nlohmann::json& j, const char* k) {
    if (!j.contains(k)) return std::string("—");
    return j.at(k).is_string() ? j.at(k).get<std::string>() : j.at(k).dump();
  };
  o << "- config: sizes " << get(c, "sizes") << ", " << get(c, "repetitions") << " repetitions, ν = " << get(c, "nu")
    << ", σ = " << get(c, "sigma") << ", sparse gap " << get(c, "gap") << ", budget " << get(c, "budget")
    << " pulls, seed " << get(c, "seed") << ", UCB1 + LS up to n = " << get(c, "ucb1_max_n");
  if (c.contains("window_factor"))
    o << ", window " << get(c, "window_factor") << " × the slowest pilot median (" << get(c, "pilot_repetitions")
      << " pilot runs per algorithm, Exponential-Gap excluded), " << get(c, "checkpoints_per_decade")
      << " checkpoints per decade";
  o << "; preset `" << c.value("preset", std::string("?")) << "`\n";
  std::string commit = "—";
  if (m.contains("git") && m["git"].contains("commit") && m["git"]["commit"].is_string())
    commit = m["git"]["commit"].get<std::string>().substr(0, 7) +
             (m["git"].value("dirty", false) ? " (working tree had uncommitted changes)" : "");
  o << "- source tree at run time: " << commit << "; toolkit " << (m.contains("toolkit") ? get(m["toolkit"], "version") : "—")
    << "\n";
  if (m.contains("machine")) {
    const auto& h = m["machine"];
    o << "- machine: " << h.value("cpu", std::string("?")) << ", " << get(h, "hardware_threads") << " hardware threads, "
      << get(h, "threads_used") << " used; " << h.value("system", std::string("")) << "\n";
  }
  o << "- started " << m.value("start_time", std::string("?")) << ", ended " << m.value("end_time", std::string("?"))
    << ", wall time of the last invocation " << (m.contains("wall_seconds") ? fmt(m["wall_seconds"].get<double>()) : "—")
    << " s";
  if (m.contains("runs"))
    o << " (" << get(m["runs"], "executed") << " runs executed, " << get(m["runs"], "resumed") << " resumed from an interrupted invocation)";
  o << "; status " << m.value("status", std::string("?")) << "\n";
  if (m.contains("notes"))
    for (const auto& n : m["notes"]) o << "- note: " << n.get<std::string>() << "\n";
  return o.str();
}

// The head of a table with one row per algorithm and one column per number of arms.
std::string sizes_head(const std::vector<std::uint64_t>& sizes) {
  std::string h = "| algorithm |";
  for (auto n : sizes) h += " n = " + std::to_string(n) + " |";
  h += "\n|---|";
  for (std::size_t k = 0; k < sizes.size(); ++k) h += "---|";
  return h + "\n";
}

std::string stopping_section(const preset_data& p, const std::string& rel) {
  const auto& d = p.st;
  std::ostringstream o;
  o << "### Stopping times (`fig:stoppingTimes`)\n\n" << provenance(d) << "\n";
  o << "Median pulls to stop, and in parentheses the median divided by H₁. A value marked ≥ is a lower "
       "bound: so many runs hit the pull budget (censored) that the median is the budget.\n\n";
  for (const auto& sc : d.scenarios) {
    o << "**" << sc << "**\n\n" << sizes_head(d.sizes);
    for (const auto& a : d.algorithms) {
      o << "| " << pname(a) << " |";
      for (auto n : d.sizes) {
        const auto* s = find_summary(d, a, sc, n);
        if (!s) {
          o << " not run |";
          continue;
        }
        const auto m = median_of(*s);
        o << " " << text(m, false) << " (" << (m.kind == bounded::lower ? "≥" : "") << fmt_ratio(s->median / s->h1) << ") |";
      }
      o << "\n";
    }
    o << "| *H₁* |";
    for (auto n : d.sizes) {
      const stopping_summary* any = nullptr;
      for (const auto& a : d.algorithms)
        if (!any) any = find_summary(d, a, sc, n);
      o << " " << (any ? fmt(any->h1) : std::string("—")) << " |";
    }
    o << "\n\nWrong answers among the runs that stopped, with the exact Clopper–Pearson 95% interval of the "
         "error rate; c = runs censored at the budget (kept, not counted as errors).\n\n"
      << sizes_head(d.sizes);
    for (const auto& a : d.algorithms) {
      o << "| " << pname(a) << " |";
      for (auto n : d.sizes) {
        const auto* s = find_summary(d, a, sc, n);
        if (!s) {
          o << " not run |";
          continue;
        }
        if (s->stopped == 0) o << " none stopped";
        else o << " " << s->errors << "/" << s->stopped << " [" << fmt(s->error_low) << ", " << fmt(s->error_high) << "]";
        if (s->censored) o << ", c = " << s->censored;
        o << " |";
      }
      o << "\n";
    }
    o << "\n";
    const fs::path png = d.dir / ("stopping-times-" + sc + ".png");
    if (fs::exists(png))
      o << "![stopping times, " << sc << "](" << rel << "/stopping-times/stopping-times-" << sc << ".png)\n\n";
  }
  return o.str();
}

std::string anytime_section(const preset_data& p, const std::string& rel) {
  const auto& d = p.any;
  std::ostringstream o;
  o << "### Anytime error (`fig:anyTimePlot`)\n\n" << provenance(d) << "\n";
  o << "Pulls from which the estimated P(î ≠ i*) stays at or below ν = " << fmt(d.nu)
    << " up to the window (≥ window: the curve ends above ν), and in parentheses the median stopping "
       "time inside the window (the figure's arrow; — when half the runs or more did not stop in it).\n\n";
  for (const auto& sc : d.scenarios) {
    o << "**" << sc << "**\n\n" << sizes_head(d.sizes);
    for (const auto& a : d.algorithms) {
      o << "| " << pname(a) << " |";
      for (auto n : d.sizes) {
        const auto t = pulls_to_nu(d, a, sc, n);
        if (t.kind == bounded::unknown) {
          o << " not run |";
          continue;
        }
        const auto m = d.marks.find(key(a, sc, n));
        o << " " << text(t, false) << " ("
          << (m != d.marks.end() && m->second.median ? fmt(*m->second.median) : std::string("—")) << ") |";
      }
      o << "\n";
    }
    o << "| *window* |";
    for (auto n : d.sizes) {
      const auto w = d.windows.find(sc + "|" + std::to_string(n));
      o << " " << (w == d.windows.end() ? std::string("—") : fmt(static_cast<double>(w->second))) << " |";
    }
    o << "\n\n";
  }
  if (fs::exists(d.dir / "anytime.png"))
    o << "![anytime error, rows n, columns the scenarios](" << rel << "/anytime/anytime.png)\n\n";
  return o.str();
}

// ---- Section 5's statements ---------------------------------------------------------------

struct verdict {
  std::string word = "undecided";  // holds, fails, holds with caveat, undecided
  std::string summary;
  std::vector<std::pair<std::string, std::string>> cells;  // "scenario, n = N" -> deciding numbers
};

struct statement {
  std::string id, quote, source, rule;
  std::function<verdict(const preset_data&)> decide;
};

std::string cell_name(const std::string& sc, std::uint64_t n) { return sc + ", n = " + std::to_string(n); }

/// Folds per-cell outcomes: all true -> holds; at least half true -> with caveat; else fails.
std::string fold(std::size_t yes, std::size_t decided, std::size_t cells) {
  if (cells == 0 || decided == 0) return "undecided";
  if (yes == cells) return "holds";
  if (2 * yes >= cells) return "holds with caveat";
  return "fails";
}

verdict expgap_vs_nonadaptive_stop(const preset_data& p) {
  verdict v;
  const auto& d = p.st;
  if (!d.present) return v;
  std::size_t cells = 0, barely = 0, slower = 0, decided = 0;
  double worst = 0;
  for (const auto& sc : d.scenarios)
    for (auto n : d.sizes) {
      const auto na = median_pulls(d, "nonadaptive-ls", sc, n);
      const auto r = ratio(median_pulls(d, "exp-gap-ls", sc, n), na);
      const auto r0 = ratio(median_pulls(d, "exp-gap", sc, n), na);
      if (r.kind == bounded::unknown && r0.kind == bounded::unknown) continue;
      ++cells;
      const auto ge1 = at_least(r, 1), ge_half = at_least(r, 0.5);
      if (ge1) ++decided;
      if (ge1 && *ge1) ++slower, worst = std::max(worst, r.v);
      if (ge1 && !*ge1 && ge_half && *ge_half) ++barely;
      v.cells.push_back({cell_name(sc, n), "Exp-Gap + LS / Nonadaptive + LS " + text(r) + "; Exp-Gap / Nonadaptive + LS " + text(r0)});
    }
  if (!cells) return v;
  if (barely == cells) v.word = "holds";
  else if (2 * slower > cells) v.word = "fails";
  else v.word = decided ? "holds with caveat" : "undecided";
  v.summary = "Exp-Gap + LS's median stopping time is within [0.5, 1) of Nonadaptive + LS's in " + std::to_string(barely) +
              " of " + std::to_string(cells) + " cells and at least as large in " + std::to_string(slower) +
              (slower ? " (up to " + fmt(worst) + "×)" : std::string()) +
              "; where it is larger, Exponential-Gap does not beat nonadaptive sampling at all (the paper's conclusion, "
              "that median elimination's constants make it impractical, holds a fortiori)";
  return v;
}

bounded best_ucb_ls(const experiment_data& d, const std::string& sc, std::uint64_t n) {
  const auto a = median_pulls(d, "lilucb-ls", sc, n), b = median_pulls(d, "ucb1-ls", sc, n);
  if (b.kind == bounded::unknown) return a;
  if (a.kind == bounded::unknown) return b;
  return a.v <= b.v ? a : b;
}

verdict se_neck_and_neck(const preset_data& p) {
  verdict v;
  const auto& d = p.st;
  if (!d.present) return v;
  std::size_t cells = 0, within = 0, decided = 0;
  for (const auto& sc : d.scenarios)
    for (auto n : d.sizes) {
      const auto r = ratio(median_pulls(d, "successive-elimination", sc, n), best_ucb_ls(d, sc, n));
      if (r.kind == bounded::unknown) continue;
      ++cells;
      const auto lo = at_least(r, 0.5), hi = at_least(r, 2.0000001);
      if (lo && hi) ++decided;
      if (lo && *lo && hi && !*hi) ++within;
      v.cells.push_back({cell_name(sc, n), "Successive Elimination / min(lil'UCB + LS, UCB1 + LS) " + text(r)});
    }
  v.word = fold(within, decided, cells);
  v.summary = "median stopping time of Successive Elimination within a factor 2 of the faster of lil'UCB + LS and "
              "UCB1 + LS in " + std::to_string(within) + " of " + std::to_string(cells) + " cells";
  return v;
}

verdict ls_algorithms_lead(const preset_data& p) {
  verdict v;
  const auto& d = p.st;
  if (!d.present) return v;
  std::size_t cells = 0, lead = 0, comparable = 0, pairs = 0;
  for (const auto& sc : d.scenarios)
    for (auto n : d.sizes) {
      std::string leader;
      double best = INFINITY;
      for (const auto& a : d.algorithms) {
        if (a == "lilucb-heuristic") continue;  // no guarantee (Section 5)
        const auto m = median_pulls(d, a, sc, n);
        if (m.kind == bounded::exact && m.v < best) best = m.v, leader = a;
      }
      if (leader.empty()) continue;
      ++cells;
      const bool ok = leader == "lilucb-ls" || leader == "ucb1-ls";
      lead += ok;
      const auto r = ratio(median_pulls(d, "ucb1-ls", sc, n), median_pulls(d, "lilucb-ls", sc, n));
      std::string t = "fastest with a guarantee: " + pname(leader);
      if (!ok) t += " (lil'UCB + LS " + fmt(median_pulls(d, "lilucb-ls", sc, n).v / best) + "× its median)";
      if (r.kind != bounded::unknown) {
        ++pairs;
        const auto lo = at_least(r, 0.5), hi = at_least(r, 2.0000001);
        if (lo && *lo && hi && !*hi) ++comparable;
        t += "; UCB1 + LS / lil'UCB + LS " + text(r);
      }
      v.cells.push_back({cell_name(sc, n), t});
    }
  if (!cells) return v;
  if (lead == cells && comparable == pairs) v.word = "holds";
  else if (2 * lead >= cells) v.word = "holds with caveat";
  else v.word = "fails";
  v.summary = "lil'UCB + LS or UCB1 + LS has the smallest median stopping time among the algorithms with guarantees in " +
              std::to_string(lead) + " of " + std::to_string(cells) + " cells; UCB1 + LS within a factor 2 of lil'UCB + LS in " +
              std::to_string(comparable) + " of " + std::to_string(pairs) + " cells where both ran";
  return v;
}

verdict ls_impact_on_lilucb(const preset_data& p) {
  verdict v;
  const auto& d = p.st;
  if (!d.present) return v;
  std::size_t cells = 0, twice = 0, faster = 0;
  double lo = INFINITY, hi = 0;
  for (const auto& sc : d.scenarios)
    for (auto n : d.sizes) {
      const auto r = ratio(median_pulls(d, "lilucb", sc, n), median_pulls(d, "lilucb-ls", sc, n));
      if (r.kind == bounded::unknown) continue;
      ++cells;
      const auto g2 = at_least(r, 2), g1 = at_least(r, 1.0000001);
      twice += g2 && *g2;
      faster += g1 && *g1;
      lo = std::min(lo, r.v), hi = std::max(hi, r.v);
      v.cells.push_back({cell_name(sc, n), "lil'UCB / lil'UCB + LS " + text(r)});
    }
  if (!cells) return v;
  v.word = twice == cells ? "holds" : faster == cells ? "holds with caveat" : "fails";
  v.summary = "LS shortens lil'UCB's median stopping time by a factor " + fmt(lo) + " to " + fmt(hi) + "; at least 2× in " +
              std::to_string(twice) + " of " + std::to_string(cells) + " cells";
  return v;
}

verdict heuristic_ls(const preset_data&) {
  verdict v;
  v.summary = "not run: the toolkit has no lil'UCB Heuristic + LS variant (the paper does not plot it either)";
  return v;
}

verdict heuristic_never_failed(const preset_data& p) {
  verdict v;
  std::uint64_t stopped = 0, errors = 0, censored = 0;
  for (const auto& sc : p.st.scenarios)
    for (auto n : p.st.sizes) {
      const auto* f = find_summary(p.st, "lilucb-heuristic", sc, n);
      if (!f) continue;
      const auto& s = *f;
      stopped += s.stopped, errors += s.errors, censored += s.censored;
      v.cells.push_back({cell_name(s.scenario, s.n), "stopping times: " + std::to_string(s.errors) + " wrong of " +
                                                          std::to_string(s.stopped) + " stopped, " +
                                                          std::to_string(s.censored) + " censored"});
    }
  std::uint64_t any_runs = 0, any_stopped = 0, any_wrong_end = 0;
  for (const auto& [k, m] : p.any.marks)
    if (k.rfind("lilucb-heuristic|", 0) == 0) {
      any_runs += m.runs, any_stopped += m.stopped;
      const auto c = p.any.curve.find(k);
      if (c != p.any.curve.end() && !c->second.empty()) any_wrong_end += c->second.back().wrong;
    }
  if (!stopped && !censored) return v;
  const auto ci = clopper_pearson(errors, stopped);
  v.word = errors ? "fails" : censored ? "holds with caveat" : "holds";
  v.summary = "stopping-time runs: " + std::to_string(errors) + " wrong answers in " + std::to_string(stopped) +
              " stopped runs (95% Clopper–Pearson upper bound on the error rate " + fmt(ci.high) + "), " +
              std::to_string(censored) + " runs censored at the budget";
  if (any_runs)
    v.summary += "; anytime runs: " + std::to_string(any_stopped) + " of " + std::to_string(any_runs) +
                 " stopped inside the window, " + std::to_string(any_wrong_end) +
                 " wrong at the window's end (so at most that many stopped with a wrong arm)";
  v.summary += ". It has no guarantee and need not stop at all on other instances (docs/findings.md, F8)";
  return v;
}

verdict hardness_forms(const preset_data& p) {
  verdict v;
  const auto& d = p.st;
  if (!d.present) return v;
  struct form {
    std::string scen, stated;
    std::function<double(double)> f;
    double asymptotic;
  };
  // H1 = sum over the n suboptimal arms of (n/i)^(2 alpha): n/(1 - 2 alpha) + o(n) for 2 alpha < 1,
  // zeta(2 alpha) n^(2 alpha) + o(n^(2 alpha)) for 2 alpha > 1; sparse: 4(n - 1) with gap 1/2.
  const std::vector<form> forms = {
      {"sparse", "4n", [](double n) { return 4 * n; }, 1.0},
      {"alpha0.3", "3/2 n", [](double n) { return 1.5 * n; }, (1 / (1 - 0.6)) / 1.5},
      {"alpha0.6", "6 n^1.2", [](double n) { return 6 * std::pow(n, 1.2); }, boost::math::zeta(1.2) / 6}};
  std::size_t cells = 0, ok = 0;
  std::string worst;
  for (const auto& f : forms) {
    if (!has(d.scenarios, f.scen)) continue;
    const std::uint64_t n = d.sizes.back();
    const stopping_summary* s = nullptr;
    for (const auto& a : d.algorithms)
      if (!s) s = find_summary(d, a, f.scen, n);
    if (!s) continue;
    std::string t;
    for (auto m : d.sizes) {
      const stopping_summary* r = nullptr;
      for (const auto& a : d.algorithms)
        if (!r) r = find_summary(d, a, f.scen, m);
      if (r) t += (t.empty() ? "" : ", ") + std::string("n = ") + std::to_string(m) + ": " + fmt(r->h1 / f.f(static_cast<double>(m)));
    }
    const double q = s->h1 / f.f(static_cast<double>(n));
    ++cells;
    const bool good = q >= 0.8 && q <= 1.25;
    ok += good;
    if (!good) worst += (worst.empty() ? "" : "; ") + f.scen + ": H₁ / (" + f.stated + ") = " + fmt(q) + " at n = " + std::to_string(n);
    v.cells.push_back({f.scen, "H₁ / (" + f.stated + ") " + t + "; n → ∞: " + fmt(f.asymptotic)});
  }
  if (!cells) return v;
  v.word = ok == cells ? "holds" : "fails";
  v.summary = ok == cells ? "every stated form within 25% of the computed H₁ at the largest n"
                          : "outside 25% at the largest n: " + worst;
  return v;
}

verdict expgap_vs_nonadaptive_anytime(const preset_data& p) {
  verdict v;
  const auto& d = p.any;
  if (!d.present) return v;
  std::size_t cells = 0, same = 0, decided = 0;
  for (const auto& sc : d.scenarios)
    for (auto n : d.sizes) {
      const auto na = pulls_to_nu(d, "nonadaptive-ls", sc, n);
      const auto r0 = ratio(pulls_to_nu(d, "exp-gap", sc, n), na);
      const auto r1 = ratio(pulls_to_nu(d, "exp-gap-ls", sc, n), na);
      if (r0.kind == bounded::unknown && r1.kind == bounded::unknown) continue;
      ++cells;
      auto within = [](const bounded& r) -> std::optional<bool> {
        const auto lo = at_least(r, 0.5), hi = at_least(r, 2.0000001);
        if (!lo || !hi) return std::nullopt;
        return *lo && !*hi;
      };
      const auto w0 = within(r0), w1 = within(r1);
      if (w0 || w1) ++decided;
      if ((!w0 || *w0) && (!w1 || *w1) && (w0 || w1)) ++same;
      v.cells.push_back({cell_name(sc, n), "pulls to P(wrong) ≤ ν: Exp-Gap / Nonadaptive + LS " + text(r0) +
                                               "; Exp-Gap + LS / Nonadaptive + LS " + text(r1) +
                                               " (Nonadaptive + LS: " + text(na, false) + " pulls)"});
    }
  v.word = fold(same, decided, cells);
  v.summary = "Exponential-Gap (+LS) reaches P(î ≠ i*) ≤ ν within a factor 2 of Nonadaptive + LS in " +
              std::to_string(same) + " of " + std::to_string(cells) + " cells (? or ≥: a curve that never reaches ν " +
              "inside the window)";
  return v;
}

verdict ucb_twice_as_fast(const preset_data& p) {
  verdict v;
  const auto& d = p.any;
  if (!d.present) return v;
  const std::vector<std::string> ucb = {"lilucb", "lilucb-ls", "lilucb-heuristic", "ucb1-ls"};
  std::size_t cells = 0, all2 = 0, best2 = 0;
  for (const auto& sc : d.scenarios)
    for (auto n : d.sizes) {
      const auto se = pulls_to_nu(d, "successive-elimination", sc, n);
      if (se.kind == bounded::unknown) continue;
      bool every = true, any = false, some = false;
      std::string t = "Successive Elimination / X:";
      for (const auto& a : ucb) {
        const auto r = ratio(se, pulls_to_nu(d, a, sc, n));
        if (r.kind == bounded::unknown && pulls_to_nu(d, a, sc, n).kind == bounded::unknown) continue;
        some = true;
        // Pull counts to P(wrong) <= nu lie on the checkpoint grid 10^(k/10): the grid's ratio
        // nearest to 2 is 10^0.3 = 1.995, so "at least twice" is "at least 3 grid steps".
        const auto g = at_least(r, 1.99);
        every = every && g && *g;
        any = any || (g && *g);
        t += std::string(t.back() == ':' ? " " : ", ") + pname(a) + " " + text(r);
      }
      if (!some) continue;
      ++cells;
      all2 += every;
      best2 += any;
      t += " (Successive Elimination: " + text(se, false) + " pulls)";
      v.cells.push_back({cell_name(sc, n), t});
    }
  if (!cells) return v;
  v.word = all2 == cells ? "holds" : best2 == cells ? "holds with caveat" : "fails";
  v.summary = "every UCB algorithm reaches P(î ≠ i*) ≤ ν at least twice as fast as Successive Elimination in " +
              std::to_string(all2) + " of " + std::to_string(cells) + " cells; the best UCB algorithm does in " +
              std::to_string(best2) + " of " + std::to_string(cells);
  return v;
}

verdict ucb_stopping_conservative(const preset_data& p) {
  verdict v;
  if (!p.any.present || !p.st.present) return v;
  std::size_t cells = 0, twice = 0, later = 0;
  for (const auto& sc : p.any.scenarios)
    for (auto n : p.any.sizes) {
      std::string t;
      bool every2 = true, every1 = true, some = false;
      for (const std::string a : {"lilucb-ls", "ucb1-ls"}) {
        const auto r = ratio(median_pulls(p.st, a, sc, n), pulls_to_nu(p.any, a, sc, n));
        if (r.kind == bounded::unknown) continue;
        some = true;
        const auto g2 = at_least(r, 2), g1 = at_least(r, 1.0000001);
        every2 = every2 && g2 && *g2;
        every1 = every1 && g1 && *g1;
        t += (t.empty() ? "" : "; ") + pname(a) + " " + text(r);
      }
      if (!some) continue;
      ++cells;
      twice += every2;
      later += every1;
      v.cells.push_back({cell_name(sc, n), "median stopping time / pulls to P(wrong) ≤ ν: " + t});
    }
  if (!cells) return v;
  v.word = twice == cells ? "holds" : later == cells ? "holds with caveat" : fold(later, cells, cells);
  v.summary = "lil'UCB + LS and UCB1 + LS stop at least twice as late as their empirically best arm reaches error ν in " +
              std::to_string(twice) + " of " + std::to_string(cells) + " cells, later at all in " + std::to_string(later) +
              " (stopping medians from this preset's stopping-time runs)";
  return v;
}

verdict heuristic_strong(const preset_data& p) {
  verdict v;
  if (!p.st.present) return v;
  std::size_t cells = 0, first_stop = 0, near_any = 0, any_cells = 0;
  for (const auto& sc : p.st.scenarios)
    for (auto n : p.st.sizes) {
      const auto h = median_pulls(p.st, "lilucb-heuristic", sc, n);
      if (h.kind != bounded::exact) continue;
      ++cells;
      std::string fastest = "lilucb-heuristic";
      double best = h.v;
      for (const auto& a : p.st.algorithms) {
        const auto m = median_pulls(p.st, a, sc, n);
        if (m.kind == bounded::exact && m.v < best) best = m.v, fastest = a;
      }
      first_stop += fastest == "lilucb-heuristic";
      std::string t = "stops first: " + pname(fastest) + (fastest != "lilucb-heuristic" ? " (heuristic " + fmt(h.v / best) + "× its median)" : "");
      if (p.any.present && has(p.any.sizes, n) && has(p.any.scenarios, sc)) {
        const auto th = pulls_to_nu(p.any, "lilucb-heuristic", sc, n);
        double bt = INFINITY;
        for (const auto& a : p.any.algorithms) {
          const auto m = pulls_to_nu(p.any, a, sc, n);
          if (m.kind == bounded::exact) bt = std::min(bt, m.v);
        }
        if (th.kind != bounded::unknown && std::isfinite(bt)) {
          ++any_cells;
          const auto r = ratio(th, bounded{bt, bounded::exact});
          const auto g = at_least(r, 2.0000001);
          near_any += g && !*g;
          t += "; pulls to P(wrong) ≤ ν: " + text(r) + "× the best algorithm's";
        }
      }
      v.cells.push_back({cell_name(sc, n), t});
    }
  if (!cells) return v;
  const bool all = first_stop == cells && near_any == any_cells;
  v.word = all ? "holds" : (2 * first_stop >= cells ? "holds with caveat" : "fails");
  v.summary = "the heuristic has the smallest median stopping time in " + std::to_string(first_stop) + " of " +
              std::to_string(cells) + " cells, and reaches P(î ≠ i*) ≤ ν within a factor 2 of the best algorithm in " +
              std::to_string(near_any) + " of " + std::to_string(any_cells) + " anytime cells";
  return v;
}

const std::vector<statement>& statements() {
  static const std::vector<statement> all = {
      {"S1", "Exponential-Gap Elimination (+LS) appears to barely perform better than uniform sampling with the LIL stopping criterion.",
       "Section 5, stopping times (fig:stoppingTimes)",
       "per (scenario, n): median stopping time of Exp-Gap + LS (and Exp-Gap) over Nonadaptive + LS's; holds when every ratio is in [0.5, 1), fails when Exp-Gap + LS is at least as slow in most cells",
       expgap_vs_nonadaptive_stop},
      {"S2", "It should not come as a great surprise that successive elimination performs so well [...] (fig:anyTimePlot paragraph: \"successive elimination appears neck-and-neck with the UCB algorithms\").",
       "Section 5, stopping times",
       "per cell: Successive Elimination's median over the smaller of lil'UCB + LS's and UCB1 + LS's; holds when every ratio is in [0.5, 2], with caveat when at least half are",
       se_neck_and_neck},
      {"S3", "The lil'UCB+LS and UCB1+LS algorithms seem to behave comparably and lead the pack of algorithms with theoretical [guarantees].",
       "Section 5, stopping times",
       "per cell: the algorithm with guarantees (all but the heuristic) with the smallest median; UCB1 + LS over lil'UCB + LS; holds when they lead in every cell and are within a factor 2, with caveat when they lead in at least half",
       ls_algorithms_lead},
      {"S4", "The LIL stopping criterion seems to have a large impact on performance of the regular lil'UCB algorithm.",
       "Section 5, stopping times",
       "per cell: lil'UCB's median over lil'UCB + LS's; holds when every ratio is at least 2, with caveat when every ratio exceeds 1",
       ls_impact_on_lilucb},
      {"S5", "[...] but it had no impact on the lil'UCB Heuristic variant (not plotted).", "Section 5, stopping times",
       "would need a heuristic + LS variant", heuristic_ls},
      {"S6", "Over the course of all of our tens of thousands of experiments, the [lil'UCB Heuristic] never failed to terminate with the best arm.",
       "Section 5, stopping times",
       "all heuristic runs: holds when none stopped with a wrong arm and none was censored, with caveat when some were censored but none was wrong, fails otherwise",
       heuristic_never_failed},
      {"S7", "1-sparse: H₁ = 4n; α = 0.3: H₁ ≈ 3/2 n; α = 0.6: H₁ ≈ 6 n^1.2.", "Section 5, scenarios (and the captions of both figures)",
       "H₁ computed (lilucb::hardness_h1) over the stated form; holds when within 25% at the largest n",
       hardness_forms},
      {"A1", "Again we see essentially no difference between nonadaptive sampling and the exponential-gap procedure.",
       "Section 5, anytime (fig:anyTimePlot)",
       "per cell: pulls until P(î ≠ i*) stays ≤ ν, Exp-Gap (+LS) over Nonadaptive + LS; holds when every decided ratio is in [0.5, 2], with caveat when at least half.  Caveat on the method: our Exponential-Gap samples each arm's batch in one go, arm after arm (docs/reproduction-method.md), so its curve stays near (n−1)/n until the best arm's first batch; the paper does not say in which order its implementation sampled within a round, and one interleaving the arms would look like nonadaptive sampling early on",
       expgap_vs_nonadaptive_anytime},
      {"A2", "The UCB algorithms are collecting sufficient information to output the best arm at least twice as fast as successive elimination.",
       "Section 5, anytime (fig:anyTimePlot)",
       "per cell: pulls until P(î ≠ i*) stays ≤ ν, Successive Elimination's over each UCB algorithm's (lil'UCB, lil'UCB + LS, Heuristic, UCB1 + LS); holds when every ratio is at least 2 (on the checkpoint grid: at least 10^0.3 ≈ 1.995, printed 2), with caveat when the best UCB algorithm's is in every cell",
       ucb_twice_as_fast},
      {"A3", "This tells us that the stopping conditions for the UCB algorithms are still too conservative in practice.",
       "Section 5, anytime (fig:anyTimePlot)",
       "per cell: median stopping time over pulls until P(î ≠ i*) stays ≤ ν, for lil'UCB + LS and UCB1 + LS; holds when at least 2 everywhere, with caveat when above 1 everywhere",
       ucb_stopping_conservative},
      {"A4", "[The] lil'UCB Heuristic algorithm [...] appears to perform very strongly across all metrics.",
       "Section 5, anytime (fig:anyTimePlot)",
       "per cell: whether the heuristic has the smallest median stopping time, and its pulls until P(î ≠ i*) ≤ ν over the best algorithm's; holds when it stops first everywhere and is within a factor 2 of the best everywhere, with caveat when it stops first in at least half the cells",
       heuristic_strong},
  };
  return all;
}

std::string claims_section(const std::vector<preset_data>& presets) {
  std::ostringstream o;
  o << "## Section 5's statements, one by one\n\n"
       "Each statement is decided by the rule under it from the committed summaries of each preset (a cell is a "
       "(scenario, n)); the numbers that decide it follow.  Ratios marked ≥ or ≤ are bounds (a censored median or a "
       "curve that never reaches ν in its window); ? means both sides are such bounds.  \"P(wrong) ≤ ν\" is the first "
       "checkpoint from which the estimated P(î ≠ i*) stays at or below ν; checkpoints are 10 per decade, so these "
       "pull counts have a resolution of a factor 10^0.1 ≈ 1.26.\n\n";
  o << "| | statement | source |";
  for (const auto& p : presets) o << " " << p.name << " |";
  o << "\n|---|---|---|";
  for (std::size_t k = 0; k < presets.size(); ++k) o << "---|";
  o << "\n";
  std::vector<std::vector<verdict>> all;
  for (const auto& s : statements()) {
    std::vector<verdict> vs;
    o << "| " << s.id << " | " << s.quote << " | " << s.source << " |";
    for (const auto& p : presets) {
      vs.push_back(s.decide(p));
      o << " **" << vs.back().word << "** |";
    }
    o << "\n";
    all.push_back(std::move(vs));
  }
  o << "\n";
  for (std::size_t i = 0; i < statements().size(); ++i) {
    const auto& s = statements()[i];
    o << "### " << s.id << ". " << s.quote << "\n\n*Rule:* " << s.rule << ".\n\n";
    for (std::size_t k = 0; k < presets.size(); ++k) {
      const auto& v = all[i][k];
      o << "- **" << presets[k].name << " preset: " << v.word << "**" << (v.summary.empty() ? "" : " — " + v.summary)
        << (presets[k].st.present || presets[k].any.present ? "" : " (no data)") << ".\n";
    }
    // The deciding numbers of the largest preset that has them.
    for (std::size_t k = presets.size(); k-- > 0;) {
      const auto& v = all[i][k];
      if (v.cells.empty()) continue;
      o << "\n| " << presets[k].name << " preset | numbers |\n|---|---|\n";
      for (const auto& [c, t] : v.cells) o << "| " << c << " | " << t << " |\n";
      break;
    }
    o << "\n";
  }
  return o.str();
}

}  // namespace

std::optional<std::string> render_reproduction_report(const fs::path& generated_dir) {
  const fs::path root = generated_dir / ".." / "reproduction";
  if (!fs::exists(generated_dir / reproduction_report_data)) return std::nullopt;
  std::vector<preset_data> presets;
  for (const char* name : {"quick", "paper"}) {
    preset_data p;
    p.name = name;
    p.st = read_experiment(root / name / "stopping-times", experiment_kind::stopping_times);
    p.any = read_experiment(root / name / "anytime", experiment_kind::anytime);
    presets.push_back(std::move(p));
  }
  std::ostringstream o;
  o << "# Reproduction of Section 5\n\n"
       "<!-- Generated by `lilucb docs --write docs/generated` from docs/reproduction/ (experiments/src/report.cpp); "
       "do not edit: `lilucb docs --check docs/generated` fails on any difference. -->\n\n"
       "The paper's experiments (Section 5, figures `fig:stoppingTimes` and `fig:anyTimePlot`) run by "
       "`lilucb experiment` (method: [reproduction-method.md](reproduction-method.md)).  Everything below is "
       "rendered from the committed summaries in `docs/reproduction/<preset>/` (manifest, summary CSVs and "
       "plots; the raw per-run CSVs are not committed and are rebuilt by rerunning the command with the "
       "manifest's config and seed).  The quick preset is what `bash scripts/run` produces; the paper preset "
       "is one full run.\n\n";
  for (const auto& p : presets) {
    o << "## " << (p.name == "quick" ? "Quick" : "Paper") << " preset\n\n";
    const std::string rel = "reproduction/" + p.name;
    if (p.st.present) o << stopping_section(p, rel);
    else o << "### Stopping times\n\nNo committed run (`docs/reproduction/" << p.name << "/stopping-times/`).\n\n";
    if (p.any.present) o << anytime_section(p, rel);
    else o << "### Anytime error\n\nNo committed run (`docs/reproduction/" << p.name << "/anytime/`).\n\n";
  }
  o << claims_section(presets);
  return o.str();
}

}  // namespace lilucb::experiments
