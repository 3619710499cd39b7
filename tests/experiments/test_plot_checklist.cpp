// The figures' checklist (docs/reproduction-method.md, "Plots"): every gnuplot script that
// write_plots produces for small experiment folders of each kind (stopping-times, anytime, modern)
// is read back and checked, figure by figure (one `set output` each) and panel by panel (one
// `plot` command each):
//   - every data series has a title (no `notitle`, no default title), at most 8 titles in one plot
//     command (a line and its shaded band under one title count once);
//   - a panel that hides its key draws only series that a visible key of the same figure lists
//     (same title, colour and dash); a visible key of a data panel is placed outside the data
//     (outside, below, above, in a margin, or at a screen height under the panel's bottom margin);
//   - every axis of a data panel is labelled (in a multiplot: by a panel of the same column for x,
//     of the same row for y; a column or row is a panel's `set origin` or margin at screen), and
//     every axis label names its unit: pulls, arms or probability;
//   - a series titled as a bound has a colour and dash pattern that no other series of its figure has;
//   - every mark is explained in a title, label or key entry: error bars as a confidence interval
//     ("bars: ... CI"), shaded bands as one ("shaded: ... CI"), arrows ("arrow: ...").
// The checker itself is tested first on scripts that break each rule.
#include <boost/test/unit_test.hpp>

#include "lilucb_experiments/config.hpp"
#include "lilucb_experiments/runner.hpp"

#include "../text_files.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>
#include <random>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using namespace lilucb::experiments;

namespace {

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

bool has(const std::string& text, const std::string& needle) { return lower(text).find(lower(needle)) != std::string::npos; }

std::string trim(const std::string& s) {
  const auto a = s.find_first_not_of(" \t");
  if (a == std::string::npos) return "";
  return s.substr(a, s.find_last_not_of(" \t") - a + 1);
}

/// The first quoted string ('...' or "..." with backslash escapes) of `s`, if any.
std::optional<std::string> first_quoted(const std::string& s) {
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '\'' && s[i] != '"') continue;
    const char q = s[i];
    std::string out;
    for (std::size_t j = i + 1; j < s.size(); ++j) {
      if (q == '"' && s[j] == '\\' && j + 1 < s.size()) {
        out += s[++j];
        continue;
      }
      if (s[j] == q) return out;
      out += s[j];
    }
    return out;
  }
  return std::nullopt;
}

/// The elements of a plot command (after "plot "), split at top-level commas.
std::vector<std::string> plot_elements(const std::string& s) {
  std::vector<std::string> out(1);
  int depth = 0;
  char quote = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (quote) {
      if (quote == '"' && c == '\\' && i + 1 < s.size()) {
        out.back() += c;
        out.back() += s[++i];
        continue;
      }
      if (c == quote) quote = 0;
    } else if (c == '\'' || c == '"') {
      quote = c;
    } else if (c == '(' || c == '[') {
      ++depth;
    } else if (c == ')' || c == ']') {
      --depth;
    } else if (c == ',' && depth == 0) {
      out.emplace_back();
      continue;
    }
    out.back() += c;
  }
  for (auto& e : out) e = trim(e);
  return out;
}

struct series {
  bool data = false;  ///< draws from a file (not a NaN legend entry)
  std::optional<std::string> title;
  std::string with, colour;
  int dash = 1;
};

series parse_series(const std::string& e) {
  series s;
  s.data = !e.empty() && (e[0] == '"' || e[0] == '\'');
  std::smatch m;
  // The title: the quoted string after the keyword `title` outside the file name.
  const std::string rest = s.data ? e.substr(first_quoted(e)->size() + 2) : e;
  static const std::regex title_re(R"((^|\s)title\s+(["']))");
  if (std::regex_search(rest, m, title_re)) s.title = first_quoted(rest.substr(static_cast<std::size_t>(m.position(2))));
  static const std::regex with_re(R"((^|\s)(with|w)\s+(\w+))");
  if (std::regex_search(rest, m, with_re)) s.with = m[3];
  static const std::regex lc_re(R"(lc\s+rgb\s+["']([^"']*)["'])");
  if (std::regex_search(rest, m, lc_re)) s.colour = lower(m[1]);
  static const std::regex dt_re(R"((^|\s)dt\s+(\d+))");
  if (std::regex_search(rest, m, dt_re)) s.dash = std::stoi(m[2]);
  return s;
}

struct panel {
  std::string xlabel, ylabel, origin_x = "0", origin_y = "0";
  bool data = false, axes = true, key_visible = true;
};

/// The checklist's violations of one gnuplot script (`name` prefixes each message).
std::vector<std::string> checklist(const std::string& script, const std::string& name) {
  std::vector<std::string> bad;
  // Logical lines: a trailing backslash continues a line.
  std::vector<std::string> lines;
  {
    std::istringstream in(script);
    std::string acc;
    for (std::string l; std::getline(in, l);) {
      if (!l.empty() && l.back() == '\r') l.pop_back();
      if (!l.empty() && l.back() == '\\') {
        acc += l.substr(0, l.size() - 1);
        continue;
      }
      lines.push_back(trim(acc + l));
      acc.clear();
    }
  }
  struct figure {
    std::string output;
    bool multiplot = false, arrows = false;
    std::vector<panel> panels;
    std::vector<std::string> texts;           // titles, labels, key entries
    std::vector<series> keyed, hidden, all;   // series in a visible key, series of hidden keys, every series
  };
  std::vector<figure> figures;
  panel state;
  std::string key_spec;
  const auto fig = [&]() -> figure& {
    if (figures.empty()) figures.emplace_back();
    return figures.back();
  };
  const auto reset = [&] {
    state = panel{};
    key_spec.clear();
  };
  for (const auto& l : lines) {
    const auto starts = [&](const char* p) { return l.rfind(p, 0) == 0; };
    if (starts("set output")) {
      figures.emplace_back();
      figures.back().output = first_quoted(l).value_or("?");
      reset();
    } else if (starts("set multiplot")) {
      fig().multiplot = true;
      if (const auto t = first_quoted(l)) fig().texts.push_back(*t);
    } else if (l == "reset") {
      reset();
    } else if (starts("set xlabel")) {
      state.xlabel = first_quoted(l).value_or("");
    } else if (starts("unset xlabel")) {
      state.xlabel.clear();
    } else if (starts("set ylabel")) {
      state.ylabel = first_quoted(l).value_or("");
    } else if (starts("unset ylabel")) {
      state.ylabel.clear();
    } else if (starts("unset key")) {
      state.key_visible = false;
    } else if (starts("set key")) {
      state.key_visible = true;
      key_spec = l;
    } else if (starts("unset border") || starts("unset tics")) {
      state.axes = false;
    } else if (starts("set origin")) {
      const auto comma = l.find(',');
      state.origin_x = trim(l.substr(10, comma - 10));
      state.origin_y = trim(l.substr(comma + 1));
    } else if (starts("set lmargin at screen")) {  // a panel placed by its margins: its column
      state.origin_x = trim(l.substr(21));
    } else if (starts("set bmargin at screen")) {  // and its row
      state.origin_y = trim(l.substr(21));
    } else if (starts("set title") || starts("set label")) {
      if (const auto t = first_quoted(l)) fig().texts.push_back(*t);
    } else if (starts("set arrow")) {
      if (!has(l, "nohead")) fig().arrows = true;
    } else if (starts("plot ")) {
      auto& f = fig();
      panel p = state;
      std::vector<std::string> titles;  // a line and its band under one title are one labelled series
      for (const auto& e : plot_elements(l.substr(5))) {
        const auto s = parse_series(e);
        const bool nan = e.rfind("NaN", 0) == 0;
        if (nan && !s.title) continue;  // an empty plot (a panel with no runs)
        if (s.title && std::find(titles.begin(), titles.end(), *s.title) == titles.end()) titles.push_back(*s.title);
        if (s.data) {
          p.data = true;
          if (!s.title || s.title->empty())
            bad.push_back(name + ": " + f.output + ": a data series without a title: " + e.substr(0, 120));
        }
        if (s.title) {
          f.texts.push_back(*s.title);
          (p.key_visible ? f.keyed : f.hidden).push_back(s);
        }
        f.all.push_back(s);
      }
      if (titles.size() > 8)
        bad.push_back(name + ": " + f.output + ": " + std::to_string(titles.size()) + " titled series in one plot command (at most 8)");
      // A key placed `at screen x, screen y` (its top) is outside the data when y is at or below
      // the panel's bottom margin.
      const auto at = key_spec.find("at screen");
      const auto second = at == std::string::npos ? at : key_spec.find("screen", at + 9);
      const bool under = second != std::string::npos && state.origin_y != "0" &&
                         std::stod(key_spec.substr(second + 6)) <= std::stod(state.origin_y);
      if (p.data && p.axes && p.key_visible &&
          !(under || has(key_spec, "outside") || has(key_spec, "below") || has(key_spec, "above") || has(key_spec, "margin")))
        bad.push_back(name + ": " + f.output + ": a key inside the data (" + (key_spec.empty() ? "default" : key_spec) + ")");
      f.panels.push_back(p);
    }
  }
  for (const auto& f : figures) {
    const std::string at = name + ": " + f.output + ": ";
    // Axis labels: each data panel's, or (multiplot) a panel's of the same column (x) or row (y).
    for (const auto& p : f.panels) {
      if (!p.data || !p.axes) continue;
      const auto labelled = [&](bool x) {
        if (!(x ? p.xlabel : p.ylabel).empty()) return true;
        if (!f.multiplot) return false;
        for (const auto& q : f.panels)
          if (q.data && q.axes && (x ? q.origin_x == p.origin_x && !q.xlabel.empty()
                                     : q.origin_y == p.origin_y && !q.ylabel.empty()))
            return true;
        return false;
      };
      if (!labelled(true)) bad.push_back(at + "an x axis without a label");
      if (!labelled(false)) bad.push_back(at + "a y axis without a label");
      for (const auto& label : {p.xlabel, p.ylabel})
        if (!label.empty() && !has(label, "pulls") && !has(label, "arms") && !has(label, "probability"))
          bad.push_back(at + "the axis label '" + label + "' names no unit (pulls, arms or probability)");
    }
    // Series of a hidden key: listed, same title and style (a band: same colour), in a visible key
    // of the figure.
    for (const auto& s : f.hidden) {
      if (!s.data) continue;
      const bool band = has(s.with, "filledcurve");
      const bool listed = std::any_of(f.keyed.begin(), f.keyed.end(), [&](const series& k) {
        return k.title == s.title && k.colour == s.colour && (band || k.dash == s.dash);
      });
      if (!listed) bad.push_back(at + "the series '" + *s.title + "' is in no visible key with its style");
    }
    // A bound's style is its own.
    for (const auto& b : f.all) {
      if (!b.title || !has(*b.title, "bound")) continue;
      for (const auto& s : f.all)
        if (!(s.title && has(*s.title, "bound")) && s.colour == b.colour && s.dash == b.dash)
          bad.push_back(at + "the bound '" + *b.title + "' has the style (" + b.colour + ", dt " + std::to_string(b.dash) +
                        ") of '" + s.title.value_or("an untitled series") + "'");
    }
    // Every mark explained.
    std::string text;
    for (const auto& t : f.texts) text += t + "\n";
    // "CI" as a word, case-sensitive (not the letters of "eb-tci" or "precision"); "bars:" not as
    // "no bars:".
    static const std::regex ci_word(R"((^|[^A-Za-z])CI([^A-Za-z]|$))");
    const bool ci = std::regex_search(text, ci_word) || has(text, "confidence");
    const bool bars = std::any_of(f.all.begin(), f.all.end(), [](const series& s) { return has(s.with, "error"); });
    const bool bands = std::any_of(f.all.begin(), f.all.end(), [](const series& s) { return has(s.with, "filledcurve"); });
    const auto bars_said = [](const std::string& t) {
      const std::string l = lower(t);
      for (auto at = l.find("bars:"); at != std::string::npos; at = l.find("bars:", at + 1))
        if (at < 3 || l.compare(at - 3, 3, "no ") != 0) return true;
      return false;
    };
    if (bars && !(bars_said(text) && ci)) bad.push_back(at + "error bars not explained as a confidence interval ('bars: ... CI')");
    if (bands && !(has(text, "shaded") && ci)) bad.push_back(at + "shaded bands not explained as a confidence interval ('shaded: ... CI')");
    if (f.arrows && !has(text, "arrow")) bad.push_back(at + "arrows not explained ('arrow: ...')");
  }
  return bad;
}

std::string joined(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += "\n  " + x;
  return s;
}

fs::path fresh_dir(const std::string& name) {
  static std::mt19937_64 rng(std::random_device{}());
  const fs::path p = fs::temp_directory_path() / ("lilucb-plot-checklist-" + name + "-" + std::to_string(rng()));
  fs::remove_all(p);
  return p;
}

runner_options quiet() {
  runner_options o;
  o.threads = 2;
  o.progress = false;
  static std::ostringstream sink;
  o.log = &sink;
  return o;
}

/// Runs `c` into a fresh folder, draws its plots and returns the checklist's violations of every
/// script in plot-data/ (and fails when no script or no figure was written).
std::vector<std::string> check_experiment(const experiment_config& c, const std::string& name) {
  const fs::path dir = fresh_dir(name);
  run_experiment(c, dir.string(), quiet());
  const auto figures = write_plots(dir.string());
  BOOST_TEST(!figures.empty());
  for (const auto& f : figures) BOOST_TEST(fs::file_size(f) > 1000u, f);
  std::vector<std::string> bad;
  int scripts = 0;
  for (const auto& e : fs::directory_iterator(dir / "plot-data"))
    if (e.path().extension() == ".gp") {
      ++scripts;
      const auto v = checklist(test_files::read_text(e.path()), e.path().filename().string());
      bad.insert(bad.end(), v.begin(), v.end());
    }
  BOOST_TEST(scripts > 0);
  fs::remove_all(dir);
  return bad;
}

const char* const kAllAlgorithms = R"(["lilucb", "lilucb-ls", "lilucb-heuristic", "lilucb-certified", "ucb1-ls",
    "successive-elimination", "exp-gap", "exp-gap-ls", "nonadaptive-ls"])";

}  // namespace

BOOST_AUTO_TEST_SUITE(plot_checklist)

// The checker: a compliant script passes, and each rule catches a script that breaks it.
BOOST_AUTO_TEST_CASE(checker_catches_each_rule) {
  const std::string head = "set output 'a.png'\nset xlabel 'number of arms n'\nset ylabel 'stopping time (total pulls)'\n"
                           "set key below\nset title 'bars: 95% CI of the median'\n";
  const std::string good = head + "plot 'd' using 1:2:3:4 with yerrorlines lc rgb '#0072B2' dt 1 title 'A', \\\n"
                                  "     'd' index 1 using 1:2 with lines lc rgb '#000000' dt 2 title 'lower bound'\n";
  BOOST_TEST(checklist(good, "good").empty(), joined(checklist(good, "good")));
  const auto fails = [](const std::string& script, const std::string& what) {
    const auto v = checklist(script, "s");
    return std::any_of(v.begin(), v.end(), [&](const std::string& m) { return has(m, what); });
  };
  BOOST_TEST(fails(head + "plot 'd' using 1:2 with lines notitle\n", "without a title"));
  BOOST_TEST(fails(head + "plot 'd' using 1:2 with lines\n", "without a title"));
  std::string nine = head + "plot ";
  for (int i = 0; i < 9; ++i) nine += (i ? ", " : "") + std::string("'d' index ") + std::to_string(i) + " using 1:2 with lines title 'm" + std::to_string(i) + "'";
  BOOST_TEST(fails(nine + "\n", "9 titled series"));
  BOOST_TEST(fails("set output 'a.png'\nset ylabel 'stopping time (total pulls)'\nset key below\nplot 'd' using 1:2 with lines title 'A'\n",
                   "x axis without a label"));
  BOOST_TEST(fails("set output 'a.png'\nset xlabel 'n'\nset ylabel 'pulls'\nset key below\nplot 'd' using 1:2 with lines title 'A'\n",
                   "names no unit"));
  BOOST_TEST(fails(head + "plot 'd' using 1:2 with lines lc rgb '#000000' dt 2 title 'A', 'd' using 1:3 with lines lc rgb '#000000' dt 2 title 'lower bound'\n",
                   "has the style"));
  BOOST_TEST(fails("set output 'a.png'\nset xlabel 'n arms'\nset ylabel 'pulls'\nset key below\nset title 'bars: quartiles'\n"
                   "plot 'd' using 1:2:3:4 with yerrorlines title 'A'\n",
                   "error bars not explained"));
  // "CI" only as a word, and "no bars:" does not explain bars.
  BOOST_TEST(fails("set output 'a.png'\nset xlabel 'n arms'\nset ylabel 'pulls'\nset key below\nset title 'bars: quartiles'\n"
                   "plot 'd' using 1:2:3:4 with yerrorlines title 'eb-tci'\n",
                   "error bars not explained"));
  BOOST_TEST(fails("set output 'a.png'\nset xlabel 'n arms'\nset ylabel 'pulls'\nset key below\nset title 'no bars: 95% CI absent'\n"
                   "plot 'd' using 1:2:3:4 with yerrorlines title 'A'\n",
                   "error bars not explained"));
  BOOST_TEST(fails(head + "plot 'd' using 1:3:4 with filledcurves title 'A'\n", "shaded bands"));
  BOOST_TEST(fails(head + "set arrow 1 from 1, graph 0.2 to 1, graph 0\nplot 'd' using 1:2 with lines title 'A'\n", "arrows not"));
  BOOST_TEST(fails("set output 'a.png'\nset xlabel 'n arms'\nset ylabel 'pulls'\nplot 'd' using 1:2 with lines title 'A'\n", "key inside"));
  BOOST_TEST(fails(head + "unset key\nplot 'd' using 1:2 with lines lc rgb '#111111' title 'A'\n", "no visible key"));
}

BOOST_AUTO_TEST_CASE(stopping_times_figures_pass) {
  auto c = preset_config(experiment_kind::stopping_times, "quick");
  c = apply_json(c, nlohmann::json::parse(std::string(R"({"algorithms": )") + kAllAlgorithms + R"(,
      "scenarios": ["sparse", "alpha0.3"], "sizes": [5, 10], "repetitions": 6, "budget": 20000, "ucb1_max_n": 10, "seed": 5})"),
                 "test");
  const auto bad = check_experiment(c, "stopping");
  BOOST_TEST(bad.empty(), joined(bad));
}

BOOST_AUTO_TEST_CASE(anytime_figure_passes) {
  auto c = preset_config(experiment_kind::anytime, "quick");
  c = apply_json(c, nlohmann::json::parse(std::string(R"({"algorithms": )") + kAllAlgorithms + R"(,
      "scenarios": ["sparse", "alpha0.6"], "sizes": [4], "repetitions": 10, "budget": 100000, "pilot_repetitions": 3,
      "window_factor": 2, "checkpoints_per_decade": 5, "seed": 3})"),
                 "test");
  const auto bad = check_experiment(c, "anytime");
  BOOST_TEST(bad.empty(), joined(bad));
}

// More methods than a panel may label: the recommended certified method, the practice and the
// lower bound in every panel, the others spread over small multiples.
BOOST_AUTO_TEST_CASE(modern_figures_pass) {
  auto c = preset_config(experiment_kind::modern, "quick");
  c = apply_json(c, nlohmann::json::parse(R"({
    "methods": ["uniform+glr-heuristic", "t3c+glr-heuristic", "eb-tci+glr-heuristic", "tas-d+glr-heuristic",
                "ttts+glr-heuristic", "t3c-ids+glr-heuristic", "eb-tci-ids+glr-pooled", "weakest-pair+glr-pooled",
                "weakest-pair+glr-pooled-per-arm", "t3c-ids+glr-pooled-weighted", "eb-tci+ls", "lilucb-heuristic"],
    "instances": ["onegap4"], "deltas": [0.1, 0.01], "repetitions": 6, "budget": 1000000, "seed": 3})"),
                 "test");
  const auto bad = check_experiment(c, "modern");
  BOOST_TEST(bad.empty(), joined(bad));
}

BOOST_AUTO_TEST_SUITE_END()
