// The work an experiment will take, estimated before it starts (runner.hpp, estimate_work and
// check_plan_time): one timed run per cell, extrapolated to the cell's runs.
#include "lilucb_experiments/runner.hpp"

#include "runner_detail.hpp"

#include "lilucb/bandit/parallel.hpp"
#include "lilucb/errors.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace lilucb::experiments {

namespace fs = std::filesystem;

namespace {

using clock_type = std::chrono::steady_clock;

double seconds_since(clock_type::time_point t0) {
  return std::chrono::duration<double>(clock_type::now() - t0).count();
}

// The runs of this invocation not yet recorded in out_dir/runs.csv (a folder that cannot be read
// is estimated as empty: the runner itself reports what is wrong with it).
std::vector<bool> recorded_runs(const detail::experiment_plan& plan, const std::string& out_dir) {
  std::vector<bool> done(plan.total(), false);
  if (out_dir.empty()) return done;
  try {
    const fs::path runs = fs::path(out_dir) / "runs.csv";
    if (!fs::is_regular_file(runs)) return done;
    for (const auto& r : read_runs_file(runs, plan.config().kind).rows)
      if (const auto x = plan.locate(r)) done[plan.index_of(*x)] = true;
  } catch (const std::exception&) {
    return std::vector<bool>(plan.total(), false);
  }
  return done;
}

}  // namespace

work_estimate estimate_work(const experiment_config& c, const runner_options& opts, const std::string& out_dir,
                            double limit) {
  c.validate();
  const auto t0 = clock_type::now();
  work_estimate e;
  detail::experiment_plan plan(c);
  const unsigned threads = bandit::thread_count(opts.threads);
  const std::uint64_t shards = std::max<std::uint64_t>(1, opts.shard_count);
  // A timed run makes at most this many pulls: a longer one is extrapolated linearly to its cap
  // (an upper estimate for a run that would stop before its cap).
  constexpr std::uint64_t timing_cap = 2'000'000;
  struct timing {
    double seconds;  // extrapolated to the cap
    double pulls;    // the cap when the timed pulls reached the timing cap
  };
  const auto extrapolate = [&](double t, std::uint64_t pulls, std::uint64_t timed_cap, std::uint64_t cap) {
    ++e.timed_runs;
    if (pulls >= timed_cap && timed_cap < cap)
      return timing{t * static_cast<double>(cap) / static_cast<double>(timed_cap), static_cast<double>(cap)};
    return timing{t, static_cast<double>(pulls)};
  };
  const auto time_run = [&](const detail::run_coords& x, std::uint64_t cap) {
    const auto s0 = clock_type::now();
    const run_row r = detail::truncated_run(plan, x, timing_cap);
    return extrapolate(seconds_since(s0), r.pulls, std::min(cap, timing_cap), cap);
  };
  const auto time_pilot = [&](const detail::run_coords& x) {
    const std::uint64_t cap = std::min(c.budget, timing_cap);
    const auto s0 = clock_type::now();
    const run_row r = detail::one_run(plan, x, "/pilot", cap, nullptr);
    return extrapolate(seconds_since(s0), r.pulls, cap, c.budget);
  };
  const auto over = [&] { return seconds_since(t0) > limit; };

  // Anytime: the windows fix the runs' caps.  Known ones (the config's, or the folder's
  // windows.csv) are used as they are; the others come from pilot runs (pilot_repetitions runs of
  // each window_from algorithm at the budget, every shard its own), estimated from the first one
  // of each: window ~ window_factor x its pulls.
  double pilot_cpu = 0;
  if (c.kind == experiment_kind::anytime) {
    std::map<std::pair<std::string, std::uint64_t>, std::uint64_t> stored;
    if (!out_dir.empty()) {
      try {
        const fs::path wf = fs::path(out_dir) / "windows.csv";
        if (fs::is_regular_file(wf))
          for (const auto& w : read_windows(wf)) stored[{w.scenario, w.n}] = w.window;
      } catch (const std::exception&) {
        stored.clear();
      }
    }
    std::vector<window_row> windows;
    for (std::size_t s = 0; s < c.scenarios.size(); ++s)
      for (std::size_t z = 0; z < c.sizes.size(); ++z) {
        window_row w{c.scenarios[s].label, c.sizes[z], c.window};
        if (!w.window)
          if (const auto it = stored.find({w.scenario, w.n}); it != stored.end()) w.window = it->second;
        if (!w.window) {
          double slowest = 0;
          bool any = false;
          for (std::size_t a = 0; a < c.algorithms.size() && !over(); ++a) {
            if (!c.runs(c.algorithms[a], c.sizes[z]) ||
                std::find(c.window_from.begin(), c.window_from.end(), c.algorithms[a]) == c.window_from.end())
              continue;
            const timing t = time_pilot(detail::run_coords{a, s, z, 0});
            pilot_cpu += t.seconds * static_cast<double>(c.pilot_repetitions);
            slowest = std::max(slowest, t.pulls);
            any = true;
          }
          const double wnd = any ? std::ceil(c.window_factor * slowest) : static_cast<double>(c.budget);
          w.window = std::max<std::uint64_t>(2, static_cast<std::uint64_t>(std::min(static_cast<double>(c.budget), wnd)));
        }
        windows.push_back(w);
      }
    if (over()) {
      e.cut = true;
      e.seconds = seconds_since(t0);
      return e;
    }
    plan.set_windows(std::move(windows));
  }

  // One timed run per cell (its first repetition), times the cell's runs still to make here.
  const std::vector<bool> done = recorded_runs(plan, out_dir);
  std::map<std::uint64_t, std::uint64_t> todo_per_cell;  // cell base index -> runs to make
  std::map<std::uint64_t, detail::run_coords> first_of_cell;
  plan.for_each_run([&](std::uint64_t i, const detail::run_coords& x) {
    if (i % shards != opts.shard_index || done[i]) return;
    const std::uint64_t base = i - x.rep;
    ++todo_per_cell[base];
    first_of_cell.emplace(base, detail::run_coords{x.a, x.s, x.z, 0});
    ++e.runs;
  });
  double cpu = 0;
  for (const auto& [base, count] : todo_per_cell) {
    if (over()) {
      e.cut = true;
      e.seconds = seconds_since(t0);
      return e;
    }
    const auto& x = first_of_cell.at(base);
    cpu += time_run(x, plan.cap(x.s, x.z)).seconds * static_cast<double>(count);
    ++e.cells;
  }
  const double parallel = std::max(1.0, std::min(static_cast<double>(threads), static_cast<double>(std::max<std::uint64_t>(1, e.runs))));
  e.timing_seconds = seconds_since(t0);
  e.seconds = (cpu + pilot_cpu) / parallel;
  return e;
}

void check_plan_time(const experiment_config& c, const runner_options& opts, const std::string& out_dir,
                     const std::string& function, const std::string& parameter) {
  if (!std::isfinite(opts.max_seconds)) return;
  const work_estimate e = estimate_work(c, opts, out_dir, opts.max_seconds);
  char limit[64], how[320];
  std::snprintf(limit, sizeof limit, "%g", opts.max_seconds);
  const unsigned threads = bandit::thread_count(opts.threads);
  if (e.cut)
    std::snprintf(how, sizeof how, "more: timing one run of each cell already took %.3g s (%llu runs timed)", e.seconds,
                  static_cast<unsigned long long>(e.timed_runs));
  else
    std::snprintf(how, sizeof how, "about %.3g s (%.3g h): %llu runs in %llu cells, one run of each timed in %.3g s, on %u thread(s)",
                  e.seconds, e.seconds / 3600, static_cast<unsigned long long>(e.runs),
                  static_cast<unsigned long long>(e.cells), e.timing_seconds, threads);
  if (e.cut || e.seconds > opts.max_seconds)
    throw lilucb::domain_error(function, parameter, limit,
                               std::string("a limit above the experiment's estimated time; this one would take ") + how +
                                   ": lower repetitions, sizes or the budget, run a share of it (--shard), or raise " +
                                   parameter);
}

}  // namespace lilucb::experiments
