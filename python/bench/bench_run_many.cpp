// Google Benchmark: the C++ side of the Python overhead measurement (bench_run_many.py).  One
// iteration runs the same `runs` runs that lilucb.run_many(algorithm, means, nu=0.1, sigma=0.5,
// runs=runs, threads=1, seed=1) runs: bandit::parallel_for on one thread over run_algorithm with
// stream k of seed 1 on Gaussian arms.  Counter ns_per_pull: CPU time divided by pulls.
//
//   build/bin/lilucb_python_bench --benchmark_format=json

#include "lilucb/bandit/presets/algorithms.hpp"
#include "lilucb/bandit/arms.hpp"
#include "lilucb/bandit/parallel.hpp"
#include "lilucb/bandit/scenarios.hpp"

#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>
#include <vector>

namespace {

namespace bandit = lilucb::bandit;

// The cases bench_run_many.py times from Python: (algorithm, scenario, n, runs).
void run_many_cpp(benchmark::State& state, bandit::algorithm alg, std::vector<double> means, std::size_t runs) {
  const bandit::gaussian_arms arms(means, 0.5);
  bandit::run_options opts;
  opts.nu = 0.1;
  opts.sigma = 0.5;
  opts.seed = 1;
  std::uint64_t pulls = 0;
  std::vector<std::uint64_t> out(runs);
  for (auto _ : state) {
    bandit::parallel_for(runs, 1, [&](std::size_t k) {
      bandit::run_options o = opts;
      o.run = k;
      out[k] = bandit::run_algorithm(alg, arms, o).pulls;
    });
    for (auto p : out) pulls += p;
    benchmark::DoNotOptimize(out.data());
  }
  state.counters["pulls_per_run"] = benchmark::Counter(static_cast<double>(pulls) / (state.iterations() * runs));
  state.counters["ns_per_pull"] =
      benchmark::Counter(static_cast<double>(pulls) * 1e-9, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

}  // namespace

// Every run has more than 10^5 pulls (the condition for the 5% target).
BENCHMARK_CAPTURE(run_many_cpp, lilucb_heuristic_alpha0_6_n1000, bandit::algorithm::lilucb_heuristic,
                  bandit::alpha_means(1000, 0.6), 64)
    ->Unit(benchmark::kMillisecond)->MinTime(1.0);
BENCHMARK_CAPTURE(run_many_cpp, lilucb_ls_sparse_n3000, bandit::algorithm::lilucb_ls, bandit::sparse_means(3000), 64)
    ->Unit(benchmark::kMillisecond)->MinTime(1.0);
BENCHMARK_CAPTURE(run_many_cpp, successive_elimination_sparse_n1000, bandit::algorithm::successive_elimination,
                  bandit::sparse_means(1000), 64)
    ->Unit(benchmark::kMillisecond)->MinTime(1.0);

BENCHMARK_MAIN();
