// The anytime windows: fixed by the config, read back from windows.csv, or from pilot runs
// (docs/reproduction-method.md, "The anytime experiment").

#include "runner_detail.hpp"

#include "progress.hpp"

#include "lilucb_experiments/statistics.hpp"

#include "lilucb/bandit/parallel.hpp"
#include "lilucb/errors.hpp"
#include "lilucb/io/safe_file.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <ostream>

namespace lilucb::experiments::detail {

std::vector<window_row> anytime_windows(const experiment_plan& p, const std::filesystem::path& dir, unsigned threads,
                                        bool progress, std::ostream& log) {
  const auto& c = p.config();
  const auto wf = dir / "windows.csv";
  std::map<std::pair<std::string, std::uint64_t>, std::uint64_t> stored;
  for (const auto& w : read_windows(wf)) stored[{w.scenario, w.n}] = w.window;

  std::vector<window_row> windows;
  std::vector<std::size_t> need;  // positions in `windows` still to fix by pilot runs
  for (const auto& sc : c.scenarios)
    for (auto n : c.sizes) {
      window_row w{sc.label, n, 0};
      if (c.window) w.window = c.window;
      else if (const auto it = stored.find({sc.label, n}); it != stored.end()) w.window = it->second;
      else need.push_back(windows.size());
      windows.push_back(w);
    }

  // Pilot runs: pilot_repetitions runs of every algorithm of window_from at the full budget.
  std::vector<run_coords> pilot;
  for (std::size_t k : need) {
    const std::size_t s = k / c.sizes.size(), z = k % c.sizes.size();
    for (std::size_t a = 0; a < c.algorithms.size(); ++a)
      if (c.runs(c.algorithms[a], c.sizes[z]) &&
          std::find(c.window_from.begin(), c.window_from.end(), c.algorithms[a]) != c.window_from.end())
        for (std::uint64_t r = 0; r < c.pilot_repetitions; ++r) pilot.push_back({a, s, z, r});
  }
  std::vector<std::uint64_t> pilot_pulls(pilot.size());
  {
    progress_reporter bar("anytime pilot runs (window)", pilot.size(), progress, log);
    bandit::parallel_for(pilot.size(), threads, [&](std::size_t k) {
      pilot_pulls[k] = one_run(p, pilot[k], "/pilot", c.budget, nullptr).pulls;
      bar.tick();
    });
  }
  std::map<std::size_t, std::map<std::size_t, std::vector<double>>> by;  // window position -> algorithm -> pulls
  for (std::size_t k = 0; k < pilot.size(); ++k)
    by[pilot[k].s * c.sizes.size() + pilot[k].z][pilot[k].a].push_back(static_cast<double>(pilot_pulls[k]));
  for (std::size_t k : need) {
    double slowest = 0;
    std::string who;
    for (auto& [a, v] : by[k]) {
      const double m = quantile(v, 0.5);
      if (m > slowest) slowest = m, who = bandit::to_string(c.algorithms[a]);
    }
    // No pilot algorithm (window_from disjoint from algorithms): the budget.
    const double w = who.empty() ? static_cast<double>(c.budget) : std::ceil(c.window_factor * slowest);
    const double capped = std::min(static_cast<double>(c.budget), w);
    windows[k].window = std::max<std::uint64_t>(2, static_cast<std::uint64_t>(capped));
    log << "lilucb experiment: anytime window for " << windows[k].scenario << ", n = " << windows[k].n << ": "
        << windows[k].window << " pulls (" << lilucb::detail::format_value(c.window_factor) << " x pilot median of "
        << who << ")\n";
  }
  for (const auto& w : windows)
    if (w.window < 1 || w.window > c.budget)
      throw lilucb::domain_error("lilucb experiment", "windows.csv", wf.string(),
                                 "windows in [1, budget = " + std::to_string(c.budget) + "] (" + w.scenario +
                                     ", n = " + std::to_string(w.n) + " has " + std::to_string(w.window) + ")");
  io::write_file_atomically(wf, csv_text(windows_header(), windows), "lilucb experiment");
  return windows;
}

}  // namespace lilucb::experiments::detail
