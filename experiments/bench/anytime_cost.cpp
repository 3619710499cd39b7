// CPU time of the anytime experiment per (scenario, n, algorithm): "where the time
// goes" (docs/reproduction-method.md).
//
//   build/bin/lilucb_anytime_cost WINDOWS_CSV [REPETITIONS [FIRST_REPETITION]] [--preset quick|paper]
//                                 [--only SUBSTRING]
//
// Runs the preset's anytime runs (its algorithms, scenarios and sizes; the windows of WINDOWS_CSV,
// e.g. docs/reproduction/paper/anytime/windows.csv, so no pilot runs) exactly as the runner does
// (planned_run: same seeds, caps, checkpoints), repetitions FIRST .. FIRST + REPETITIONS - 1 of
// each cell, on one thread, and prints one CSV line per cell: the thread CPU seconds per run, the
// pulls per run and the CPU ns per pull.  Before a cell is timed, one untimed run of it (the
// repetition after the timed ones) fills the per-thread width tables, as the thousands of runs
// of a cell on a thread of the real experiment share them: the figures are the warm cost.  The
// last line is the sum over the cells, i.e. the CPU seconds of one repetition of the grid.
// `--only` keeps the cells whose "scenario/n/algorithm" contains the substring.

#include "../src/runner_detail.hpp"

#include "lilucb_experiments/config.hpp"
#include "lilucb_experiments/results.hpp"

#include "lilucb/bandit/presets/algorithms.hpp"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <exception>
#include <iostream>
#include <string>
#include <vector>

namespace {

double thread_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

}  // namespace

int main(int argc, char** argv) {
  using namespace lilucb::experiments;
  try {
    std::vector<std::string> pos;
    std::string preset = "paper", only;
    for (int k = 1; k < argc; ++k) {
      const std::string a = argv[k];
      if (a == "--preset" && k + 1 < argc) preset = argv[++k];
      else if (a == "--only" && k + 1 < argc) only = argv[++k];
      else pos.push_back(a);
    }
    if (pos.empty() || pos.size() > 3) {
      std::cerr << "usage: lilucb_anytime_cost WINDOWS_CSV [REPETITIONS [FIRST_REPETITION]] [--preset quick|paper] "
                   "[--only SUBSTRING]\n";
      return 2;
    }
    const std::uint64_t reps = pos.size() > 1 ? std::stoull(pos[1]) : 4;
    const std::uint64_t first = pos.size() > 2 ? std::stoull(pos[2]) : 0;
    experiment_config c = preset_config(experiment_kind::anytime, preset);
    c.repetitions = first + reps + 1;
    detail::experiment_plan plan(c);
    plan.set_windows(read_windows(pos[0]));

    std::printf("scenario,n,algorithm,window,runs,cpu_s_per_run,pulls_per_run,ns_per_pull\n");
    double total = 0;
    for (std::size_t s = 0; s < plan.axis_s(); ++s)
      for (std::size_t z = 0; z < plan.axis_z(); ++z)
        for (std::size_t a = 0; a < plan.axis_a(); ++a) {
          if (!plan.cell_base(a, s, z)) continue;
          const std::string label = c.scenarios[s].label + "/" + std::to_string(c.sizes[z]) + "/" +
                                    lilucb::bandit::to_string(c.algorithms[a]);
          if (!only.empty() && label.find(only) == std::string::npos) continue;
          detail::planned_run(plan, {a, s, z, first + reps});  // warm-up: fills the width tables
          double pulls = 0;
          const double t0 = thread_cpu_seconds();
          for (std::uint64_t r = first; r < first + reps; ++r)
            pulls += static_cast<double>(detail::planned_run(plan, {a, s, z, r}).pulls);
          const double cpu = thread_cpu_seconds() - t0;
          const double per_run = cpu / static_cast<double>(reps);
          total += per_run;
          std::printf("%s,%llu,%s,%llu,%llu,%.6f,%.0f,%.1f\n", c.scenarios[s].label.c_str(),
                      static_cast<unsigned long long>(c.sizes[z]), lilucb::bandit::to_string(c.algorithms[a]),
                      static_cast<unsigned long long>(plan.cap(s, z)), static_cast<unsigned long long>(reps), per_run,
                      pulls / static_cast<double>(reps), pulls > 0 ? 1e9 * cpu / pulls : 0.0);
          std::fflush(stdout);
        }
    std::printf("total,,,,,%.6f,,\n", total);
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "lilucb_anytime_cost: " << e.what() << "\n";
    return 2;
  }
}
