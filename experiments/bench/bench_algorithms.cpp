// ns per pull of every algorithm on Section 5's scenarios (Google Benchmark).
//
//   build/bin/lilucb_bench                                  all benchmarks
//   build/bin/lilucb_bench --benchmark_filter='heuristic'   one algorithm
//
// Each iteration is one whole run (seed = iteration number, so every iteration is a different,
// reproducible run) on Gaussian arms with sigma = 1/2, nu = 0.1; the counter ns_per_pull is wall
// time divided by the pulls made.  Runs are capped by a pull budget chosen so one iteration takes
// about a second at most (UCB1 is O(n) per pull); a capped run still measures cost per pull.
// The hot-loop benchmarks BM_lilucb_heuristic_* additionally go to n = 10^6 to show how the cost
// grows with n (the target: no faster than log n).
// BM_run_cost/{warm,cold}: one run at n = 10^4 (alpha 0.6, lil'UCB Heuristic, full
// budget) with the width tables already filled by earlier iterations (warm, as in the
// experiments, where a thread's runs share them) and with fresh tables (cold: each iteration on a
// new thread, whose thread_count_cache is empty, i.e. what one `lilucb run` pays).

#include "lilucb/bandit/presets/algorithms.hpp"
#include "lilucb/bandit/arms.hpp"
#include "lilucb/bandit/scenarios.hpp"

#include <benchmark/benchmark.h>

#include <cstdint>
#include <thread>
#include <string>
#include <vector>

namespace {

using namespace lilucb::bandit;

std::vector<double> scenario_means(int scenario, std::uint64_t n) {
  switch (scenario) {
    case 0: return sparse_means(n, 0.5);
    case 1: return alpha_means(n, 0.3);
    default: return alpha_means(n, 0.6);
  }
}

const char* scenario_name(int scenario) {
  return scenario == 0 ? "sparse" : scenario == 1 ? "alpha0.3" : "alpha0.6";
}

void run_benchmark(benchmark::State& state, algorithm alg, int scenario, std::uint64_t n) {
  const gaussian_arms arms(scenario_means(scenario, n), 0.5);
  run_options opts;
  opts.nu = 0.1;
  opts.sigma = 0.5;
  // Budget: 2e7 pulls; UCB1 (an O(n) scan per pull): its n initial pulls plus 2e9/n scans.
  opts.max_pulls = alg == algorithm::ucb1_ls ? n + 2000000000ULL / n : 20000000ULL;
  std::uint64_t pulls = 0, capped = 0, seed = 0;
  for (auto _ : state) {
    opts.seed = ++seed;
    const auto r = run_algorithm(alg, arms, opts);
    pulls += r.pulls;
    capped += r.status == run_status::budget_exhausted;
    benchmark::DoNotOptimize(r.best_arm);
  }
  state.counters["pulls_per_run"] = benchmark::Counter(static_cast<double>(pulls) / static_cast<double>(seed));
  state.counters["ns_per_pull"] =
      benchmark::Counter(static_cast<double>(pulls) * 1e-9, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  state.counters["capped_runs"] = benchmark::Counter(static_cast<double>(capped));
  state.SetLabel(std::string(to_string(alg)) + "/" + scenario_name(scenario));
}

void register_all() {
  for (algorithm alg : all_algorithms)
    for (int scenario = 0; scenario < 3; ++scenario)
      for (std::uint64_t n : {10ULL, 100ULL, 1000ULL, 10000ULL, 100000ULL}) {
        const std::string name = std::string("BM_") + to_string(alg) + "/" + scenario_name(scenario) + "/n:" + std::to_string(n);
        benchmark::RegisterBenchmark(name.c_str(), [=](benchmark::State& s) { run_benchmark(s, alg, scenario, n); })
            ->Unit(benchmark::kMillisecond)
            ->MinTime(0.5);
      }
  for (int scenario : {0, 2})
    for (std::uint64_t n : {10ULL, 100ULL, 1000ULL, 10000ULL, 100000ULL, 1000000ULL}) {
      const std::string name = std::string("BM_lilucb_heuristic_scaling/") + scenario_name(scenario) + "/n:" + std::to_string(n);
      benchmark::RegisterBenchmark(name.c_str(), [=](benchmark::State& s) {
        run_benchmark(s, algorithm::lilucb_heuristic, scenario, n);
      })->Unit(benchmark::kMillisecond)->MinTime(1.0);
    }
}

void run_cost(benchmark::State& state, bool cold) {
  const gaussian_arms arms(alpha_means(10000, 0.6), 0.5);
  run_options opts;
  opts.nu = 0.1;
  opts.sigma = 0.5;
  opts.max_pulls = 100000000ULL;
  std::uint64_t pulls = 0, seed = 0;
  for (auto _ : state) {
    opts.seed = ++seed;
    run_result r;
    if (cold) {
      std::thread t([&] { r = run_algorithm(algorithm::lilucb_heuristic, arms, opts); });
      t.join();
    } else {
      r = run_algorithm(algorithm::lilucb_heuristic, arms, opts);
    }
    pulls += r.pulls;
    benchmark::DoNotOptimize(r.best_arm);
  }
  state.counters["pulls_per_run"] = benchmark::Counter(static_cast<double>(pulls) / static_cast<double>(seed));
  state.counters["ns_per_pull"] =
      benchmark::Counter(static_cast<double>(pulls) * 1e-9, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

}  // namespace

int main(int argc, char** argv) {
  register_all();
  for (const bool cold : {false, true})
    benchmark::RegisterBenchmark(cold ? "BM_run_cost/cold/lilucb-heuristic/alpha0.6/n:10000"
                                      : "BM_run_cost/warm/lilucb-heuristic/alpha0.6/n:10000",
                                 [=](benchmark::State& s) { run_cost(s, cold); })
        ->MeasureProcessCPUTime()  // the cold runs' work is on their own threads
        ->Unit(benchmark::kMillisecond)
        ->MinTime(2.0);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
