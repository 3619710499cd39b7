// Plots of the reproduction with gnuplot (Debian's gnuplot-nox: pngcairo and svg terminals,
// no X or Qt; docs/reproduction-method.md).  Each plot is a gnuplot script and its data files
// under DIR/plot-data/, so a figure can be restyled and redrawn by hand.

#include "lilucb_experiments/runner.hpp"

#include "lilucb_experiments/algorithm_table.hpp"
#include "lilucb_experiments/results.hpp"

#include "lilucb/bandit/algorithms.hpp"
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

// The plot series that ring censored medians: for each of the `blocks` data blocks, a black
// circle at (x, median) where column `flag` is 1 (more than half of the runs did not reach the
// median: censored at the budget), one key entry for all.
std::string censored_rings(const fs::path& data, std::size_t blocks, int flag, double size) {
  std::ostringstream g;
  for (std::size_t i = 0; i < blocks; ++i)
    g << ", \\\n     " << quote(data.string()) << " index " << i << " using 1:($" << flag
      << " > 0 ? $2 : 1/0) with points lc rgb '#000000' pt 6 ps " << size << ' '
      << (i ? "notitle" : "title 'median censored (budget reached)'");
  return g.str();
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
    bool any_censored = false;
    for (auto a : algs) {
      std::ostringstream block;
      int points = 0;
      for (const auto& r : rows)
        if (r.algorithm == bandit::to_string(a) && r.scenario == sc) {
          block << r.n << ' ' << format_value(r.median) << ' ' << format_value(r.q1) << ' ' << format_value(r.q3) << ' ' << r.censored << ' '
                << (2 * r.censored > r.runs ? 1 : 0) << '\n';
          any_censored = any_censored || 2 * r.censored > r.runs;
          ++points;
        }
      if (!points) continue;
      d << "# " << bandit::to_string(a) << ": n median q1 q3 censored median_censored\n" << block.str() << "\n\n";
      shown.push_back(a);
    }
    io::write_file_atomically(data, d.str(), "lilucb experiment");
    if (shown.empty()) continue;  // a shard with no run of this scenario: no plot to draw
    const fs::path gp = dir / "plot-data" / ("stopping-times-" + sc + ".gp");
    std::ostringstream g;
    g << "set encoding utf8\nset datafile separator whitespace\n";
    for (int k = 0; k < 2; ++k) {
      const fs::path out = dir / ("stopping-times-" + sc + "." + kTerminals[k][1]);
      g << "set terminal " << terminal(k, 900, 650) << "\nset output " << quote(out.string()) << "\n"
        << "set logscale xy\nset format x '10^{%L}'\nset format y '10^{%L}'\nset grid xtics ytics mxtics mytics lc rgb '#dddddd'\n"
        << "set xlabel 'number of arms n'\nset ylabel 'stopping time (total pulls): median, bars: quartiles'\n"
        << "set title " << quote("Stopping times — " + scenario_title(sc, gap_text(m)) + ", ν = " +
                                     std::to_string(m.at("config").at("nu").get<double>()).substr(0, 5))
        << "\nset key outside right top noenhanced spacing 1.0 width -2 font ',10'\nset offsets graph 0.05, graph 0.05, 0, 0\n"
        << "set bars 2\nplot ";
      for (std::size_t i = 0; i < shown.size(); ++i) {
        const auto st = info_of(shown[i]).style;
        g << (i ? ", \\\n     " : "") << quote(data.string()) << " index " << i
          << " using 1:2:3:4 with yerrorlines lc rgb '" << st.colour << "' lw 2 dt " << st.dash << " pt " << st.point
          << " ps 1.2 title " << quote(paper_name(shown[i]));
      }
      if (any_censored) g << censored_rings(data, shown.size(), 6, 2.6);
      g << "\nunset output\n";
      files.push_back(out.string());
    }
    io::write_file_atomically(gp, g.str(), "lilucb experiment");
    run_gnuplot(gp);
  }
  return files;
}

std::vector<std::string> anytime_plot(const fs::path& dir, const nlohmann::json& m) {
  const auto curve = read_anytime(dir / "anytime.csv");
  const auto stops = read_stopping(dir / "stopping.csv");
  const auto algs = config_algorithms(m);
  std::vector<std::string> scen, sizes;
  for (const auto& s : m.at("config").at("scenarios")) scen.push_back(s.get<std::string>());
  for (const auto& n : m.at("config").at("sizes")) sizes.push_back(std::to_string(n.get<std::uint64_t>()));
  fs::create_directories(dir / "plot-data");
  const fs::path gp = dir / "plot-data" / "anytime.gp";
  std::ostringstream g;
  const double rows = static_cast<double>(sizes.size()), cols = static_cast<double>(scen.size());
  const int width = 480 * static_cast<int>(cols) + 80, height = 300 * static_cast<int>(rows) + 170;
  const double legend_h = 130.0 / height, left = 50.0 / width;
  const double pw = (1 - left) / cols, ph = (1 - legend_h) / rows;
  const std::string nu = format_value(m.at("config").at("nu").get<double>());
  std::vector<std::string> files;
  // Two versions: a linear axis for P(wrong) (the paper's figure) and a logarithmic one
  // (anytime-logy), on which small error probabilities and the line at nu can be read.
  for (int plot = 0; plot < 4; ++plot) {
    const int k = plot % 2;
    const bool logy = plot >= 2;
    const fs::path out = dir / (std::string(logy ? "anytime-logy." : "anytime.") + kTerminals[k][1]);
    files.push_back(out.string());
    g << "set encoding utf8\nset terminal " << terminal(k, width, height) << "\nset output " << quote(out.string())
      << "\nset multiplot\n";
    for (std::size_t r = 0; r < sizes.size(); ++r)
      for (std::size_t c = 0; c < scen.size(); ++c) {
        const std::string tag = scen[c] + "-" + sizes[r];
        const fs::path data = dir / "plot-data" / ("anytime-" + tag + ".dat");
        std::ostringstream d;
        std::vector<std::pair<bandit::algorithm, std::string>> shown;  // algorithm, median stop
        for (auto a : algs) {
          std::ostringstream block;
          int points = 0;
          for (const auto& x : curve)
            if (x.scenario == scen[c] && std::to_string(x.n) == sizes[r] && x.algorithm == bandit::to_string(a)) {
              block << x.pulls << ' ' << format_value(x.p_wrong) << ' ' << format_value(x.low) << ' ' << format_value(x.high) << '\n';
              ++points;
            }
          if (!points) continue;
          std::string median;
          for (const auto& x : stops)
            if (x.scenario == scen[c] && std::to_string(x.n) == sizes[r] && x.algorithm == bandit::to_string(a) && x.median)
              median = format_value(*x.median);
          d << "# " << bandit::to_string(a) << ": pulls p_wrong ci_low ci_high\n" << block.str() << "\n\n";
          shown.emplace_back(a, median);
        }
        io::write_file_atomically(data, d.str(), "lilucb experiment");
        g << "reset\nset logscale x\nset format x '10^{%L}'\n"
          << (logy ? "set logscale y\nset format y '10^{%L}'\nset yrange [1e-4:1.05]\n" : "set yrange [0:1.02]\n")
          << "set grid lc rgb '#dddddd'\n"
          << "set origin " << left + pw * static_cast<double>(c) << ", "
          << legend_h + ph * (rows - 1 - static_cast<double>(r)) << "\nset size " << pw << ", " << ph << "\n"
          << "unset key\nset tics font ',9'\n";
        g << "set title " << quote(r == 0 ? scenario_title(scen[c], gap_text(m)) + "\\nn = " + sizes[r]
                                          : "n = " + sizes[r])
          << " font ',10'\n";
        // The target error probability nu, dotted.
        g << "set arrow 99 from graph 0, first " << nu << " to graph 1, first " << nu
          << " nohead lc rgb '#000000' lw 1.5 dt 3\n";
        if (r + 1 == sizes.size()) g << "set xlabel 'total pulls' font ',10'\n";
        if (c == 0) g << "set ylabel 'P(î ≠ i*)' noenhanced font ',10'\n";
        // The paper's arrows: each algorithm's median stopping time, on its own colour.
        int arrow = 1;
        for (const auto& [a, median] : shown)
          if (!median.empty())
            g << "set arrow " << arrow++ << " from " << median << ", graph 0.22 to " << median
              << ", graph 0.02 lc rgb '" << info_of(a).style.colour << "' lw 2 head filled size screen 0.008,25\n";
        // A panel with no run (a shard holding none of this cell's runs) says so.
        if (shown.empty()) g << "set label 1 'no runs in this folder' at graph 0.5, graph 0.5 center\nplot NaN notitle";
        else g << "plot ";
        for (std::size_t i = 0; i < shown.size(); ++i) {
          const auto st = info_of(shown[i].first).style;
          // On the logarithmic axis a zero estimate has no place: its band and line are not drawn.
          const std::string band = logy ? "1:($2 > 0 ? $3 : 1/0):($2 > 0 ? $4 : 1/0)" : "1:3:4";
          const std::string line = logy ? "1:($2 > 0 ? $2 : 1/0)" : "1:2";
          g << (i ? ", \\\n     " : "") << quote(data.string()) << " index " << i << " using " << band
            << " with filledcurves lc rgb '" << st.colour << "' fs transparent solid 0.18 noborder notitle, \\\n     "
            << quote(data.string()) << " index " << i << " using " << line << " with lines lc rgb '" << st.colour
            << "' lw 2 dt " << st.dash << " notitle";
        }
        g << "\n";
      }
    // The legend, below the panels.
    g << "reset\nset origin 0, 0\nset size 1, " << legend_h
      << "\nunset border\nunset tics\nset xrange [0:1]\nset yrange [0:1]\n"
         "set key center center horizontal maxrows 3 noenhanced width 2 font ',11'\nplot ";
    for (std::size_t i = 0; i < algs.size(); ++i) {
      const auto st = info_of(algs[i]).style;
      g << (i ? ", " : "") << "NaN with lines lc rgb '" << st.colour << "' lw 3 dt " << st.dash << " title "
        << quote(paper_name(algs[i]));
    }
    g << ", NaN with lines lc rgb '#000000' lw 1.5 dt 3 title " << quote("ν = " + nu + " (target)")
      << ", NaN with points lc rgb '#555555' pt 11 ps 1.6 title 'arrow: median stopping time (colour: algorithm)'";
    g << "\nunset multiplot\nunset output\n";
  }
  io::write_file_atomically(gp, g.str(), "lilucb experiment");
  run_gnuplot(gp);
  return files;
}

// Which methods of a modern panel are drawn in colour (at most kHighlighted; the others grey):
// the recommended certified methods (recommended_combination) present, then the fastest
// certified ones (median at the smallest delta) up to half, then the fastest of the rest.
constexpr std::size_t kHighlighted = 8;

std::vector<bool> highlighted_methods(const std::vector<std::pair<std::string, bool>>& shown,
                                      const std::vector<double>& hardest_median) {
  std::vector<bool> pick(shown.size(), false);
  std::size_t picked = 0;
  const auto choose = [&](std::size_t i) {
    if (!pick[i] && picked < kHighlighted) pick[i] = true, ++picked;
  };
  for (auto model : {bandit::reward_model::gaussian, bandit::reward_model::bernoulli, bandit::reward_model::bounded}) {
    const std::string name = bandit::to_string(bandit::recommended_combination(model));
    for (std::size_t i = 0; i < shown.size(); ++i)
      if (shown[i].first == name) choose(i);
  }
  std::vector<std::size_t> order(shown.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return hardest_median[a] < hardest_median[b]; });
  for (std::size_t i : order)
    if (shown[i].second && picked < kHighlighted / 2) choose(i);
  for (std::size_t i : order) choose(i);
  return pick;
}

// The modern experiment (the price of certification, docs/generated/modern.md): per instance, the median
// stopping time of every method against log(1/delta) (bars: quartiles), certified methods solid,
// uncertified dashed, and the lower bound T* kl(delta, 1 - delta) in black.  At most
// kHighlighted methods in colour with their quartile bars (highlighted_methods), the others thin
// and grey under one key entry; a median that is censored (more than half the runs reached the
// budget) is ringed.
std::vector<std::string> modern_plots(const fs::path& dir, const nlohmann::json& m) {
  const auto rows = read_modern_summary(dir / "summary.csv");
  // Okabe-Ito: eight colours told apart also with colour-blindness.
  static const char* const palette[kHighlighted] = {"#0072B2", "#D55E00", "#009E73", "#CC79A7",
                                                     "#E69F00", "#56B4E9", "#B8A800", "#000000"};
  std::vector<std::string> methods;
  for (const auto& x : m.at("config").at("methods")) methods.push_back(x.get<std::string>());
  fs::create_directories(dir / "plot-data");
  std::vector<std::string> files;
  for (const auto& ij : m.at("config").at("instances")) {
    const std::string inst = ij.get<std::string>();
    const fs::path data = dir / "plot-data" / ("modern-" + inst + ".dat");
    std::ostringstream d;
    std::vector<std::pair<std::string, bool>> shown;  // method, certified
    std::vector<double> hardest_median;               // median at the smallest delta
    bool any_censored = false;
    std::ostringstream bound;
    std::string title;
    for (const auto& method : methods) {
      std::ostringstream block;
      int points = 0;
      bool certified = false;
      double smallest_delta = 2, median_there = 0;
      for (const auto& r : rows)
        if (r.method == method && r.instance == inst) {
          block << format_value(std::log(1 / r.delta)) << ' ' << format_value(r.median) << ' ' << format_value(r.q1) << ' ' << format_value(r.q3) << ' '
                << (2 * r.censored > r.runs ? 1 : 0) << '\n';
          any_censored = any_censored || 2 * r.censored > r.runs;
          certified = r.certified;
          if (r.delta < smallest_delta) smallest_delta = r.delta, median_there = r.median;
          ++points;
          if (shown.empty()) {
            bound << format_value(std::log(1 / r.delta)) << ' ' << format_value(r.lower_bound) << '\n';
            title = inst + " (K = " + std::to_string(r.arms) + ", T* = " + format_value(std::round(r.t_star * 10) / 10) + ")";
          }
        }
      if (!points) continue;
      d << "# " << method << ": log(1/delta) median q1 q3 median_censored\n" << block.str() << "\n\n";
      shown.emplace_back(method, certified);
      hardest_median.push_back(median_there);
    }
    d << "# lower bound: log(1/delta) T* kl(delta, 1-delta)\n" << bound.str() << "\n\n";
    io::write_file_atomically(data, d.str(), "lilucb experiment");
    if (shown.empty()) continue;
    const auto pick = highlighted_methods(shown, hardest_median);
    const auto others = static_cast<std::size_t>(std::count(pick.begin(), pick.end(), false));
    const fs::path gp = dir / "plot-data" / ("modern-" + inst + ".gp");
    std::ostringstream g;
    g << "set encoding utf8\nset datafile separator whitespace\n";
    for (int k = 0; k < 2; ++k) {
      const fs::path out = dir / ("modern-" + inst + "." + kTerminals[k][1]);
      g << "set terminal " << terminal(k, 1100, 800) << "\nset output " << quote(out.string()) << "\n"
        << "set logscale y\nset format y '10^{%L}'\nset grid xtics ytics mytics lc rgb '#dddddd'\n"
        << "set xlabel 'log(1/δ)'\nset ylabel 'stopping time (total pulls): median, bars: quartiles'\n"
        << "set title " << quote(title + "\\nsolid: certified, dashed: uncertified; in colour: the recommended method and the fastest at the smallest δ")
        << " noenhanced\nset key outside right top noenhanced spacing 1.1 width 1 font ',10'\n"
        << "set offsets graph 0.05, graph 0.05, 0, 0\n"
        << "set bars 2\nplot ";
      bool first = true;
      bool grey_titled = false;
      // The grey ones first, so that the coloured ones are drawn over them.
      for (std::size_t i = 0; i < shown.size(); ++i) {
        if (pick[i]) continue;
        g << (first ? "" : ", \\\n     ") << quote(data.string()) << " index " << i
          << " using 1:2 with lines lc rgb '#c8c8c8' lw 1 dt " << (shown[i].second ? 1 : 2) << " "
          << (grey_titled ? std::string("notitle") : "title " + quote("other methods (" + std::to_string(others) + ")"));
        grey_titled = true;
        first = false;
      }
      std::size_t colour = 0;
      for (std::size_t i = 0; i < shown.size(); ++i) {
        if (!pick[i]) continue;
        g << (first ? "" : ", \\\n     ") << quote(data.string()) << " index " << i
          << " using 1:2:3:4 with yerrorlines lc rgb '" << palette[colour] << "' lw 2 dt " << (shown[i].second ? 1 : 2)
          << " pt " << (5 + 2 * static_cast<int>(colour % 4)) << " ps 1.1 title " << quote(shown[i].first);
        ++colour;
        first = false;
      }
      g << ", \\\n     " << quote(data.string()) << " index " << shown.size()
        << " using 1:2 with lines lc rgb '#000000' lw 3 title 'lower bound T* kl(δ, 1−δ)'";
      if (any_censored) g << censored_rings(data, shown.size(), 5, 2.4);
      g << "\nunset output\n";
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
