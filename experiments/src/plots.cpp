// Plots of the reproduction with gnuplot (Debian's gnuplot-nox: pngcairo and svg terminals,
// no X or Qt; docs/reproduction-method.md).  Each plot is a gnuplot script and its data files
// under DIR/plot-data/, so a figure can be restyled and redrawn by hand.

#include "lilucb_experiments/runner.hpp"

#include "lilucb_experiments/algorithm_table.hpp"
#include "lilucb_experiments/config.hpp"
#include "lilucb_experiments/results.hpp"
#include "lilucb_experiments/sample_size.hpp"

#include "lilucb/bandit/presets/algorithms.hpp"
#include "lilucb/bandit/combination.hpp"
#include "lilucb/errors.hpp"
#include "lilucb/io/safe_file.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <sstream>
#include <stdexcept>
#include <utility>

namespace fs = std::filesystem;

namespace lilucb::experiments {

namespace {

using lilucb::detail::format_value;

std::string scenario_title(const std::string& label, const std::string& gap) {
  if (label == "sparse") return "1-sparse (μ_1 = " + gap + "), H_1 = n/μ_1^2";
  return "α = " + label.substr(5) + ", μ_i = 1 − (i/n)^α";
}

std::string quote(const std::string& s) {
  std::string q = "\"";
  for (char c : s) {
    if (c == '"') q += '\\';
    q += c;
  }
  return q + "\"";
}

}  // namespace

namespace detail {

void run_gnuplot(const fs::path& script) {
  const std::string cmd = "gnuplot " + quote(script.string()) + " 2>" + quote(script.string() + ".log");
  if (std::system(cmd.c_str()) != 0) {
    std::string first;
    try {
      const std::string log = io::read_file(script.string() + ".log", 1 << 20, "lilucb experiment");
      first = log.substr(0, log.find('\n'));
    } catch (const io_error&) {  // no log to quote: the failure is reported without its first line
    }
    throw std::runtime_error("gnuplot failed on " + script.string() + " (" + first +
                             "); scripts/setup installs gnuplot-nox");
  }
}

}  // namespace detail

namespace {

using detail::run_gnuplot;

const std::string kTerminals[2][2] = {
    {"pngcairo enhanced font 'DejaVu Sans,11' size %W%,%H%", "png"},
    {"svg enhanced font 'DejaVu Sans,11' size %W%,%H% background '#ffffff'", "svg"}};

std::string terminal(int k, int w, int h) {
  std::string t = kTerminals[k][0];
  t.replace(t.find("%W%"), 3, std::to_string(w));
  t.replace(t.find("%H%"), 3, std::to_string(h));
  return t;
}

// ---- what every figure shares (docs/reproduction-method.md, "Plots") ----------------------------

/// The most labelled series one panel shows; a figure with more is cut into small multiples.
constexpr std::size_t kMaxSeries = 8;

/// The caption of the bars on a median (statistics.hpp, median_interval).
const char* const kMedianBars = "bars: 95% CI of the median (exact, order statistics; censored runs at the budget)";
/// The caption added when a cell has no interval to draw.
const char* const kNoBar = "no bar: fewer than 6 runs";
/// The caption when no cell has an interval (a summary.csv written before it existed).
const char* const kNoInterval = "no bars: this summary.csv was written before it held the median's interval (rerun for it)";

/// A plot area in screen fractions.
struct box {
  double left, right, bottom, top;
};

/// The commands that fix a panel's plot area to `b`: panels whose keys differ in length keep
/// aligned axes, and a key placed below stays in the space under the area.
std::string place(const box& b) {
  std::ostringstream g;
  g << "set lmargin at screen " << b.left << "\nset rmargin at screen " << b.right << "\nset bmargin at screen " << b.bottom
    << "\nset tmargin at screen " << b.top << "\n";
  return g.str();
}

/// A grid of `panels` panels of pw x ph pixels (each: a title line, the plot area, its x axis and
/// a key of `key_rows` lines below) under a header of `header` pixels, at most `max_cols` a row.
struct panel_grid {
  std::size_t cols = 1, rows = 1;
  int pw = 0, ph = 0, header = 0, key_rows = 0, width = 0, height = 0;
  panel_grid(std::size_t panels, std::size_t max_cols, int pw_, int ph_, int header_, int key_rows_)
      : cols(std::min(panels, max_cols)), rows((panels + cols - 1) / cols), pw(pw_), ph(ph_), header(header_),
        key_rows(key_rows_), width(pw_ * static_cast<int>(cols)), height(header_ + ph_ * static_cast<int>(rows)) {}
  box area(std::size_t i) const {
    const double x0 = static_cast<double>(static_cast<int>(i % cols) * pw);
    const double y0 = static_cast<double>(header + static_cast<int>(i / cols) * ph);  // from the top
    const double key = 18.0 * key_rows + 70;  // key lines, x tics and x label
    return {(x0 + 78) / width, (x0 + pw - 22) / width, 1 - (y0 + ph - key) / height, 1 - (y0 + 30) / height};
  }
  /// The key of panel i: under its plot area and x label, centred on its cell, in columns of
  /// key_rows lines.
  std::string key(std::size_t i) const {
    const double x0 = static_cast<double>(static_cast<int>(i % cols) * pw);
    std::ostringstream g;
    g << "set key at screen " << (x0 + pw / 2.0) / width << ", screen " << area(i).bottom - 58.0 / height
      << " center top vertical maxrows " << key_rows << " noenhanced spacing 1.0 width 1 font ',10'\n";
    return g.str();
  }
};

/// The commands of a logarithmic axis `axis` ("x" or "y") holding [lo, hi] (0 < lo <= hi) with a
/// margin of a factor 1.6 either side: tics at the powers of 10 when the range spans more than two
/// decades, else at 1, 2 and 5 times them (so that a narrow range has labelled tics).
std::string log_axis(const std::string& axis, double lo, double hi) {
  const double a = lo / 1.6, b = hi * 1.6;
  std::ostringstream g;
  g << "set logscale " << axis << "\nset " << axis << "range [" << format_value(a) << ":" << format_value(b) << "]\n";
  if (b / a > 100) {
    g << "set format " << axis << " '10^{%L}'\n";
    return g.str();
  }
  g << "set format " << axis << " '%g'\nset " << axis << "tics (";
  bool first = true;
  for (double decade = std::pow(10.0, std::floor(std::log10(a))); decade <= b; decade *= 10)
    for (double f : {1.0, 2.0, 5.0})
      if (f * decade >= a && f * decade <= b) g << (std::exchange(first, false) ? "" : ", ") << format_value(f * decade);
  g << ")\n";
  return g.str();
}

struct algorithm_panel {
  std::string title;
  std::vector<bandit::algorithm> algorithms;
};

/// The algorithms of a paper figure in panels of at most `capacity` each: one untitled panel when
/// they fit, else lil'UCB and its variants apart from the other algorithms, each part cut into
/// panels of at most `capacity` (config order kept).  Domain: capacity >= 1.
std::vector<algorithm_panel> algorithm_panels(const std::vector<bandit::algorithm>& algs, std::size_t capacity) {
  if (algs.size() <= capacity) return {{"", algs}};
  std::vector<algorithm_panel> out;
  for (const bool family : {true, false}) {
    std::vector<bandit::algorithm> part;
    for (auto a : algs)
      if ((std::string(bandit::to_string(a)).rfind("lilucb", 0) == 0) == family) part.push_back(a);
    const std::size_t pieces = (part.size() + capacity - 1) / capacity;
    for (std::size_t k = 0; k < pieces; ++k) {
      algorithm_panel p;
      p.title = family ? "lil'UCB and its variants" : "the other algorithms";
      if (pieces > 1) p.title += " (" + std::to_string(k + 1) + "/" + std::to_string(pieces) + ")";
      p.algorithms.assign(part.begin() + static_cast<std::ptrdiff_t>(k * part.size() / pieces),
                          part.begin() + static_cast<std::ptrdiff_t>((k + 1) * part.size() / pieces));
      out.push_back(std::move(p));
    }
  }
  return out;
}

std::vector<bandit::algorithm> config_algorithms(const nlohmann::json& m) {
  std::vector<bandit::algorithm> a;
  for (const auto& x : m.at("config").at("algorithms")) a.push_back(bandit::parse_algorithm(x.get<std::string>()));
  return a;
}

std::string gap_text(const nlohmann::json& m) {
  std::ostringstream s;
  s << m.at("config").at("gap").get<double>();
  return s.str();
}

// Stopping times (the paper's Figure 1): per scenario, the median stopping time against n with its
// 95% interval as bars, one line per algorithm; more algorithms than a panel labels go to small
// multiples with the same axes (algorithm_panels); a median that more than half of the runs did not
// reach (censored at the budget) is ringed.
std::vector<std::string> stopping_plots(const fs::path& dir, const nlohmann::json& m) {
  const auto rows = read_summary(dir / "summary.csv");
  const auto algs = config_algorithms(m);
  fs::create_directories(dir / "plot-data");
  std::vector<std::string> files;
  for (const auto& sj : m.at("config").at("scenarios")) {
    const std::string sc = sj.get<std::string>();
    const fs::path data = dir / "plot-data" / ("stopping-times-" + sc + ".dat");
    std::ostringstream d;
    std::vector<bandit::algorithm> shown;
    std::map<bandit::algorithm, std::vector<const stopping_summary*>> cells;
    double lo = 1e300, hi = 0, n_lo = 1e300, n_hi = 0;
    std::uint64_t runs = 0;
    bool no_bar = false, any_bar = false;
    for (auto a : algs) {
      for (const auto& r : rows)
        if (r.algorithm == bandit::to_string(a) && r.scenario == sc) cells[a].push_back(&r);
      if (cells[a].empty()) continue;
      d << "# " << bandit::to_string(a) << ": n median median_ci_low median_ci_high (no interval: the median)\n";
      for (const auto* r : cells[a]) {
        const double l = r->median_low.value_or(r->median), h = r->median_high.value_or(r->median);
        d << r->n << ' ' << format_value(r->median) << ' ' << format_value(l) << ' ' << format_value(h) << '\n';
        no_bar = no_bar || !r->median_low;
        any_bar = any_bar || r->median_low;
        if (l > 0) lo = std::min(lo, l);
        hi = std::max(hi, h);
        n_lo = std::min(n_lo, static_cast<double>(r->n));
        n_hi = std::max(n_hi, static_cast<double>(r->n));
        runs = std::max(runs, r->runs);
      }
      d << "\n\n";
      shown.push_back(a);
    }
    if (shown.empty()) {  // a shard with no run of this scenario: no plot to draw
      io::write_file_atomically(data, d.str(), "lilucb experiment");
      continue;
    }
    const auto panels = algorithm_panels(shown, kMaxSeries - 1);  // one entry for the censored rings
    // After the algorithms' blocks, one block per panel: its censored medians (n median).
    std::vector<bool> panel_censored;
    std::size_t widest = 0;
    for (const auto& p : panels) {
      d << "# censored medians of the panel: n median\n";
      bool any = false;
      for (auto a : p.algorithms)
        for (const auto* r : cells[a])
          if (2 * r->censored > r->runs) d << r->n << ' ' << format_value(r->median) << '\n', any = true;
      d << (any ? "" : "nan nan\n") << "\n\n";
      panel_censored.push_back(any);
      widest = std::max(widest, p.algorithms.size() + (any ? 1 : 0));
    }
    io::write_file_atomically(data, d.str(), "lilucb experiment");
    const panel_grid grid(panels.size(), 3, 660, 540 + 18 * static_cast<int>((widest + 1) / 2), 78,
                          static_cast<int>((widest + 1) / 2));
    const fs::path gp = dir / "plot-data" / ("stopping-times-" + sc + ".gp");
    std::ostringstream g;
    g << "set encoding utf8\nset datafile separator whitespace\n";
    const std::string caption = "Stopping times — " + scenario_title(sc, gap_text(m)) + ", ν = " +
                                std::to_string(m.at("config").at("nu").get<double>()).substr(0, 5) + "\\npoints: median of " +
                                std::to_string(runs) + " runs\\n" +
                                (any_bar ? std::string(kMedianBars) + (no_bar ? std::string("; ") + kNoBar : "") : kNoInterval);
    for (int k = 0; k < 2; ++k) {
      const fs::path out = dir / ("stopping-times-" + sc + "." + kTerminals[k][1]);
      g << "set terminal " << terminal(k, grid.width, grid.height) << "\nset output " << quote(out.string()) << "\n"
        << "set multiplot title " << quote(caption) << " font ',11'\n";
      for (std::size_t p = 0; p < panels.size(); ++p) {
        g << "reset\n" << place(grid.area(p))
          << log_axis("x", n_lo, n_hi) << log_axis("y", lo, hi) << "set grid xtics ytics mxtics mytics lc rgb '#dddddd'\n"
          << "set xlabel 'number of arms n'\nset ylabel 'stopping time (total pulls)'\n"
          << "set title " << quote(panels[p].title) << " font ',11'\n"
          << grid.key(p) << "set bars 2\nplot ";
        for (std::size_t i = 0; i < panels[p].algorithms.size(); ++i) {
          const auto a = panels[p].algorithms[i];
          const auto index = std::find(shown.begin(), shown.end(), a) - shown.begin();
          const auto st = info_of(a).style;
          g << (i ? ", \\\n     " : "") << quote(data.string()) << " index " << index
            << (any_bar ? " using 1:2:3:4 with yerrorlines" : " using 1:2 with linespoints") << " lc rgb '" << st.colour
            << "' lw 2 dt " << st.dash << " pt " << st.point
            << " ps 1.2 title " << quote(paper_name(a));
        }
        if (panel_censored[p])
          g << ", \\\n     " << quote(data.string()) << " index " << shown.size() + p
            << " using 1:2 with points lc rgb '#000000' pt 6 ps 2.6 title 'median censored (budget reached)'";
        g << "\n";
      }
      g << "unset multiplot\nunset output\n";
      files.push_back(out.string());
    }
    io::write_file_atomically(gp, g.str(), "lilucb experiment");
    run_gnuplot(gp);
  }
  return files;
}

// The anytime figure (the paper's Figure 2): panels of rows n and columns the scenarios, P(î ≠ i*)
// against the total pulls with its 95% Clopper–Pearson band shaded, the median stopping times as
// arrows and the target nu dotted.  More algorithms than a panel labels (with the band, nu and
// arrow entries) go to blocks of panels side by side (algorithm_panels), each with its key below.
std::vector<std::string> anytime_plot(const fs::path& dir, const nlohmann::json& m) {
  const auto curve = read_anytime(dir / "anytime.csv");
  const auto stops = read_stopping(dir / "stopping.csv");
  const auto algs = config_algorithms(m);
  const auto blocks = algorithm_panels(algs, kMaxSeries - 3);
  std::vector<std::string> scen, sizes;
  for (const auto& s : m.at("config").at("scenarios")) scen.push_back(s.get<std::string>());
  for (const auto& n : m.at("config").at("sizes")) sizes.push_back(std::to_string(n.get<std::uint64_t>()));
  fs::create_directories(dir / "plot-data");
  const std::string nu = format_value(m.at("config").at("nu").get<double>());
  // Per cell (scenario, n): the algorithms with a curve and their median stop (empty: none).
  std::map<std::string, std::vector<std::pair<bandit::algorithm, std::string>>> cell;
  std::uint64_t runs = 0;
  for (std::size_t r = 0; r < sizes.size(); ++r)
    for (std::size_t c = 0; c < scen.size(); ++c) {
      const std::string tag = scen[c] + "-" + sizes[r];
      std::ostringstream d;
      for (auto a : algs) {
        std::ostringstream block;
        int points = 0;
        for (const auto& x : curve)
          if (x.scenario == scen[c] && std::to_string(x.n) == sizes[r] && x.algorithm == bandit::to_string(a)) {
            block << x.pulls << ' ' << format_value(x.p_wrong) << ' ' << format_value(x.low) << ' ' << format_value(x.high) << '\n';
            runs = std::max(runs, x.runs);
            ++points;
          }
        if (!points) continue;
        std::string median;
        for (const auto& x : stops)
          if (x.scenario == scen[c] && std::to_string(x.n) == sizes[r] && x.algorithm == bandit::to_string(a) && x.median)
            median = format_value(*x.median);
        d << "# " << bandit::to_string(a) << ": pulls p_wrong ci_low ci_high\n" << block.str() << "\n\n";
        cell[tag].emplace_back(a, median);
      }
      io::write_file_atomically(dir / "plot-data" / ("anytime-" + tag + ".dat"), d.str(), "lilucb experiment");
    }
  // Pixels: a block is a y-label strip and one column per scenario; the header holds the caption
  // and the block titles, the footer the x label and the blocks' keys.
  const int pw = 330, ph = 230, strip = 28, header = 104, footer = 130;
  const int block_w = strip + pw * static_cast<int>(scen.size()) + 20;
  const int width = block_w * static_cast<int>(blocks.size()), height = header + ph * static_cast<int>(sizes.size()) + footer;
  const double W = width, H = height;
  const fs::path gp = dir / "plot-data" / "anytime.gp";
  std::ostringstream g;
  const std::string caption = "P(î ≠ i*), the probability that the empirically best arm is not the best, against the total pulls (" +
                              std::to_string(runs) + " runs a curve)\\nline: estimate; shaded: its 95% CI (exact, Clopper–Pearson); "
                              "arrow: median stopping time; dotted: the target ν = " + nu;
  std::vector<std::string> files;
  for (int k = 0; k < 2; ++k) {
    const fs::path out = dir / (std::string("anytime.") + kTerminals[k][1]);
    files.push_back(out.string());
    g << "set encoding utf8\nset terminal " << terminal(k, width, height) << "\nset output " << quote(out.string())
      << "\nset multiplot title " << quote(caption) << " noenhanced font ',11'\n";
    for (std::size_t b = 0; b < blocks.size(); ++b) {
      const double x0 = static_cast<double>(b) * block_w + strip;
      for (std::size_t r = 0; r < sizes.size(); ++r)
        for (std::size_t c = 0; c < scen.size(); ++c) {
          const std::string tag = scen[c] + "-" + sizes[r];
          const fs::path data = dir / "plot-data" / ("anytime-" + tag + ".dat");
          const double cx = x0 + pw * static_cast<double>(c), cy = header + ph * static_cast<double>(r);
          g << "reset\n"
            << place({(cx + 36) / W, (cx + pw - 14) / W, 1 - (cy + ph - 24) / H, 1 - (cy + 38) / H})
            << "set logscale x\nset format x '10^{%L}'\nset yrange [0:1.02]\nset grid lc rgb '#dddddd'\n"
            << "unset key\nset tics font ',9'\n";
          g << "set title " << quote(r == 0 ? scenario_title(scen[c], gap_text(m)) + "\\nn = " + sizes[r] : "n = " + sizes[r])
            << " font ',10'\n";
          if (r == 0 && c == 0 && !blocks[b].title.empty())
            g << "set label 98 " << quote(blocks[b].title) << " at screen " << (x0 + pw * static_cast<double>(scen.size()) / 2) / W
              << ", screen " << 1 - (header - 34) / H << " center font ',12'\n";
          // The target error probability nu, dotted.
          g << "set arrow 99 from graph 0, first " << nu << " to graph 1, first " << nu << " nohead lc rgb '#000000' lw 1.5 dt 3\n";
          if (r + 1 == sizes.size()) g << "set xlabel 'total pulls' font ',10'\n";
          if (c == 0) g << "set ylabel 'probability P(î ≠ i*)' noenhanced font ',10' offset 1, 0\n";
          std::vector<std::pair<std::size_t, bandit::algorithm>> drawn;  // block index in the data file, algorithm
          const auto& shown = cell[tag];
          for (std::size_t i = 0; i < shown.size(); ++i)
            if (std::find(blocks[b].algorithms.begin(), blocks[b].algorithms.end(), shown[i].first) != blocks[b].algorithms.end())
              drawn.emplace_back(i, shown[i].first);
          // The paper's arrows: each algorithm's median stopping time, in its colour.
          int arrow = 1;
          for (const auto& [i, a] : drawn)
            if (!shown[i].second.empty())
              g << "set arrow " << arrow++ << " from " << shown[i].second << ", graph 0.22 to " << shown[i].second
                << ", graph 0.02 lc rgb '" << info_of(a).style.colour << "' lw 2 head filled size screen 0.008,25\n";
          // A panel with no run (a shard holding none of this cell's runs) says so.
          if (drawn.empty()) g << "set label 1 'no runs in this folder' at graph 0.5, graph 0.5 center\nplot NaN notitle";
          else g << "plot ";
          for (std::size_t j = 0; j < drawn.size(); ++j) {
            const auto [i, a] = drawn[j];
            const auto st = info_of(a).style;
            g << (j ? ", \\\n     " : "") << quote(data.string()) << " index " << i << " using 1:3:4 with filledcurves lc rgb '"
              << st.colour << "' fs transparent solid 0.18 noborder title " << quote(paper_name(a)) << ", \\\n     "
              << quote(data.string()) << " index " << i << " using 1:2 with lines lc rgb '" << st.colour << "' lw 2 dt "
              << st.dash << " title " << quote(paper_name(a));
          }
          g << "\n";
        }
      // The block's key, below its panels: its algorithms, then the marks.
      g << "reset\nset origin " << (x0 - strip) / W << ", 0\nset size " << block_w / W << ", " << (footer - 30) / H
        << "\nunset border\nunset tics\nset xrange [0:1]\nset yrange [0:1]\n"
           "set key center center horizontal maxcols 2 noenhanced width 1 font ',10'\nplot ";
      for (std::size_t i = 0; i < blocks[b].algorithms.size(); ++i) {
        const auto st = info_of(blocks[b].algorithms[i]).style;
        g << "NaN with lines lc rgb '" << st.colour << "' lw 3 dt " << st.dash << " title " << quote(paper_name(blocks[b].algorithms[i]))
          << ", ";
      }
      g << "keyentry with filledcurves fc rgb '#999999' fs transparent solid 0.35 noborder title "
        << quote("shaded: 95% CI of P(î ≠ i*) (Clopper–Pearson)")
        << ", NaN with lines lc rgb '#000000' lw 1.5 dt 3 title " << quote("dotted: ν = " + nu + " (target)")
        << ", NaN with points lc rgb '#555555' pt 11 ps 1.6 title 'arrow: median stopping time (colour: algorithm)'\n";
    }
    g << "unset multiplot\nunset output\n";
  }
  io::write_file_atomically(gp, g.str(), "lilucb experiment");
  run_gnuplot(gp);
  return files;
}

// The modern experiment (the price of certification, docs/generated/modern.md): per instance, the
// median stopping time of every method against log(1/delta) with its 95% interval as bars,
// certified methods solid, uncertified dashed.  Every panel shows the recommended certified method
// (bandit::recommended_combination of the instance's model and the config's question: thick blue,
// filled circles), the practice (practice_combination: vermilion, dashed) when they ran, and the
// lower bound T* kl(delta, 1 - delta) (black, dashed, no points: a style no method has); the other
// methods, fastest at the smallest delta first, fill panels up to kMaxSeries labelled series each,
// as small multiples with the same axes.  A median that is censored (more than half the runs
// reached the budget) is ringed.
std::vector<std::string> modern_plots(const fs::path& dir, const nlohmann::json& m) {
  const auto rows = read_modern_summary(dir / "summary.csv");
  // The manifest's config over the quick preset's (a folder written before a key existed has its default).
  const auto config = apply_json(preset_config(experiment_kind::modern, "quick"), m.at("config"),
                                 (dir / "manifest.json").string() + ": config");
  // Okabe-Ito's colour-blind-safe colours other than the two references' and black, with a dark
  // yellow and a grey; the references' colours join last when their method is absent.
  static const char* const kRecommended = "#0072B2";
  static const char* const kPractice = "#D55E00";
  static const char* const kOthers[] = {"#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#B8A800", "#666666"};
  static const int kPoints[] = {5, 9, 11, 13, 4, 8, 10, 12};
  std::vector<std::string> methods;
  for (const auto& x : m.at("config").at("methods")) methods.push_back(x.get<std::string>());
  fs::create_directories(dir / "plot-data");
  std::vector<std::string> files;
  for (std::size_t ii = 0; ii < config.instances.size(); ++ii) {
    const auto instance = instance_of(config, ii);
    const std::string inst = instance.label;
    const std::string recommended = bandit::to_string(bandit::recommended_combination(instance.model, config.target));
    const std::string practice = config.target.best_arm() ? bandit::to_string(practice_combination(instance.model)) : "";
    const fs::path data = dir / "plot-data" / ("modern-" + inst + ".dat");
    std::ostringstream d;
    struct shown_method {
      std::string name;
      bool certified = false;
      double hardest_median = 0;  // the median at the smallest delta
      std::size_t index = 0;      // block in the data file
    };
    std::vector<shown_method> shown;
    std::vector<std::pair<double, double>> censored;  // log(1/delta), median
    std::ostringstream bound;
    std::string title;
    double lo = 1e300, hi = 0;
    std::uint64_t runs = 0;
    bool no_bar = false;
    for (const auto& method : methods) {
      std::ostringstream block;
      shown_method s{method, false, 0, shown.size()};
      double smallest_delta = 2;
      int points = 0;
      for (const auto& r : rows)
        if (r.method == method && r.instance == inst) {
          const double l = r.median_low.value_or(r.median), h = r.median_high.value_or(r.median);
          block << format_value(std::log(1 / r.delta)) << ' ' << format_value(r.median) << ' ' << format_value(l) << ' '
                << format_value(h) << '\n';
          no_bar = no_bar || !r.median_low;
          if (2 * r.censored > r.runs) censored.emplace_back(std::log(1 / r.delta), r.median);
          s.certified = r.certified;
          if (r.delta < smallest_delta) smallest_delta = r.delta, s.hardest_median = r.median;
          if (l > 0) lo = std::min(lo, l);
          hi = std::max(hi, h);
          runs = std::max(runs, r.runs);
          ++points;
          if (title.empty())
            title = inst + " (K = " + std::to_string(r.arms) + ", T* = " + format_value(std::round(r.t_star * 10) / 10) + ")";
          if (shown.empty()) {
            bound << format_value(std::log(1 / r.delta)) << ' ' << format_value(r.lower_bound) << '\n';
            if (r.lower_bound > 0) lo = std::min(lo, r.lower_bound);
          }
        }
      if (!points) continue;
      d << "# " << method << ": log(1/delta) median median_ci_low median_ci_high (no interval: the median)\n" << block.str() << "\n\n";
      shown.push_back(s);
    }
    const std::size_t bound_index = shown.size(), censored_index = shown.size() + 1;
    d << "# lower bound: log(1/delta) T* kl(delta, 1-delta)\n" << bound.str() << "\n\n";
    d << "# censored medians: log(1/delta) median\n";
    for (const auto& [x, y] : censored) d << format_value(x) << ' ' << format_value(y) << '\n';
    d << (censored.empty() ? "nan nan\n" : "") << "\n\n";
    io::write_file_atomically(data, d.str(), "lilucb experiment");
    if (shown.empty()) continue;
    // The references, then the others by their median at the smallest delta.
    std::vector<const shown_method*> refs, others;
    for (const auto& name : {recommended, practice})
      for (const auto& s : shown)
        if (!name.empty() && s.name == name) refs.push_back(&s);
    for (const auto& s : shown)
      if (std::find(refs.begin(), refs.end(), &s) == refs.end()) others.push_back(&s);
    std::stable_sort(others.begin(), others.end(),
                     [](const shown_method* a, const shown_method* b) { return a->hardest_median < b->hardest_median; });
    std::vector<std::string> palette(std::begin(kOthers), std::end(kOthers));
    const bool has_rec = std::any_of(refs.begin(), refs.end(), [&](const shown_method* s) { return s->name == recommended; });
    const bool has_practice = std::any_of(refs.begin(), refs.end(), [&](const shown_method* s) { return s->name == practice; });
    if (!has_rec) palette.push_back(kRecommended);
    if (!has_practice) palette.push_back(kPractice);
    const std::size_t capacity =
        std::min(palette.size(), kMaxSeries - refs.size() - 1 - (censored.empty() ? 0 : 1));  // 1: the lower bound
    const std::size_t panels = std::max<std::size_t>(1, (others.size() + capacity - 1) / capacity);
    const std::size_t per = (others.size() + panels - 1) / std::max<std::size_t>(panels, 1);
    const std::size_t entries = refs.size() + 1 + (censored.empty() ? 0 : 1) + per;
    const int key_rows = static_cast<int>((entries + 1) / 2);
    const panel_grid grid(panels, 3, panels == 1 ? 900 : 680, 500 + 18 * key_rows, 78, key_rows);
    std::string caption = title + ": median stopping time of " + std::to_string(runs) + " runs against log(1/δ)\\n" + kMedianBars +
                          "\\nsolid: certified, dashed: uncertified" + (no_bar ? std::string("; ") + kNoBar : "");
    if (panels > 1)
      caption += "; every panel repeats the recommended method, the practice and the lower bound; the " +
                 std::to_string(others.size()) + " other methods fastest first (median at the smallest δ)";
    const fs::path gp = dir / "plot-data" / ("modern-" + inst + ".gp");
    std::ostringstream g;
    g << "set encoding utf8\nset datafile separator whitespace\n";
    for (int k = 0; k < 2; ++k) {
      const fs::path out = dir / ("modern-" + inst + "." + kTerminals[k][1]);
      g << "set terminal " << terminal(k, grid.width, grid.height) << "\nset output " << quote(out.string()) << "\n"
        << "set multiplot title " << quote(caption) << " noenhanced font ',11'\n";
      for (std::size_t p = 0; p < panels; ++p) {
        const std::size_t first = p * per, last = std::min(others.size(), first + per);
        g << "reset\n" << place(grid.area(p))
          << log_axis("y", lo, hi) << "set grid xtics ytics mytics lc rgb '#dddddd'\n"
          << "set xlabel 'log(1/δ), δ: target error probability'\nset ylabel 'stopping time (total pulls)'\n"
          << "set title " << quote(panels == 1 ? std::string()
                                               : "other methods " + std::to_string(first + 1) + "–" + std::to_string(last) + " of " +
                                                     std::to_string(others.size()))
          << " font ',11'\n"
          << "set offsets graph 0.05, graph 0.05, 0, 0\n" << grid.key(p) << "set bars 2\nplot ";
        bool comma = false;
        const auto sep = [&] { return std::exchange(comma, true) ? ", \\\n     " : ""; };
        for (std::size_t j = first; j < last; ++j) {
          const auto* s = others[j];
          const std::size_t c = j - first;
          g << sep() << quote(data.string()) << " index " << s->index << " using 1:2:3:4 with yerrorlines lc rgb '" << palette[c]
            << "' lw 2 dt " << (s->certified ? 1 : 2) << " pt " << kPoints[c] << " ps 1.1 title " << quote(s->name);
        }
        for (const auto* s : refs) {
          const bool rec = s->name == recommended;
          g << sep() << quote(data.string()) << " index " << s->index << " using 1:2:3:4 with yerrorlines lc rgb '"
            << (rec ? kRecommended : kPractice) << "' lw " << (rec ? 3.5 : 2.5) << " dt " << (s->certified ? 1 : 2) << " pt "
            << (rec ? 7 : 5) << " ps 1.3 title "
            << quote((rec ? "recommended: " : "practice: ") + s->name);
        }
        g << sep() << quote(data.string()) << " index " << bound_index
          << " using 1:2 with lines lc rgb '#000000' lw 2.5 dt 2 title 'lower bound T* kl(δ, 1−δ)'";
        if (!censored.empty())
          g << sep() << quote(data.string()) << " index " << censored_index
            << " using 1:2 with points lc rgb '#000000' pt 6 ps 2.4 title 'median censored (budget reached)'";
        g << "\n";
      }
      g << "unset multiplot\nunset output\n";
      files.push_back(out.string());
    }
    io::write_file_atomically(gp, g.str(), "lilucb experiment");
    run_gnuplot(gp);
  }
  return files;
}

}  // namespace

std::vector<std::string> write_plots(const std::string& out_dir) {
  const fs::path dir(out_dir);
  std::string invalid;
  const auto manifest = read_manifest(dir, &invalid);
  if (!manifest)
    throw lilucb::domain_error("lilucb experiment plot", "DIR", out_dir,
                               "an experiment folder with a valid manifest.json" + (invalid.empty() ? std::string() : " (it is " + invalid + ")"));
  const nlohmann::json& m = *manifest;
  if (m.value("status", "") != "complete")
    throw lilucb::domain_error("lilucb experiment plot", "DIR", out_dir, "a completed experiment (manifest status complete)");
  if (m.at("experiment") == "modern") return modern_plots(dir, m);
  return m.at("experiment") == "anytime" ? anytime_plot(dir, m) : stopping_plots(dir, m);
}

}  // namespace lilucb::experiments
