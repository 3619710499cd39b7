// ns per pull of every sampling rule of issue 14 (compose.hpp), with the stopping rules (GLR with
// the heuristic and with the mixture threshold of Proposition M), at
// K = 10 and K = 1000 (targets: <= 60 ns/pull at K = 10, <= 2 us/pull at K = 1000), and the
// growth in K (K = 100 in between).
//
//   build/bin/lilucb_bench_composed [--benchmark_filter=...]
//
// Each iteration is one run (seed = iteration number) on Gaussian arms (sigma 1/2, nu = 0.1) of
// the alpha 0.6 scenario of Section 5 (the K = n + 1 arm means 1 - (i/n)^0.6, here n = K - 1),
// capped at 200000 pulls: a capped run still measures the cost per pull, which is what is
// reported (ns_per_pull = wall time / pulls).  kl-lucb runs on Bernoulli arms with the same means.

#include "lilucb/bandit/compose.hpp"
#include "lilucb/bandit/scenarios.hpp"

#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>
#include <vector>

namespace {

using namespace lilucb::bandit;

template <class Arms>
void run_benchmark(benchmark::State& state, const combination& c, const Arms& arms) {
  run_options opts;
  opts.nu = 0.1;
  opts.sigma = 0.5;
  opts.max_pulls = 200000;
  std::uint64_t pulls = 0, seed = 0, capped = 0;
  for (auto _ : state) {
    opts.seed = ++seed;
    const auto r = run_combination(c, arms, opts);
    pulls += r.run.pulls;
    capped += r.run.status == run_status::budget_exhausted;
    benchmark::DoNotOptimize(r.run.best_arm);
  }
  state.counters["pulls_per_run"] = benchmark::Counter(static_cast<double>(pulls) / static_cast<double>(seed));
  state.counters["ns_per_pull"] =
      benchmark::Counter(static_cast<double>(pulls) * 1e-9, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  state.counters["capped_runs"] = benchmark::Counter(static_cast<double>(capped));
}

void register_all() {
  for (auto s : all_sampling_rules)
    for (auto stop : all_stopping_rules) {
      if (stop == stopping_rule::lilucb && s != sampling_rule::lilucb) continue;
      for (auto th : {glr_threshold::heuristic, glr_threshold::mixture}) {
      if (th == glr_threshold::mixture && stop != stopping_rule::glr) continue;
      const combination c{s, stop, th};
      for (std::uint64_t K : {10ULL, 100ULL, 1000ULL}) {
        const std::string name = "BM_" + to_string(c) + "/K:" + std::to_string(K);
        auto means = alpha_means(K - 1, 0.6);
        benchmark::RegisterBenchmark(name.c_str(), [=](benchmark::State& st) {
          if (s == sampling_rule::kl_lucb) run_benchmark(st, c, bernoulli_arms(means));
          else run_benchmark(st, c, gaussian_arms(means, 0.5));
        })->Unit(benchmark::kMillisecond)->MinTime(0.3);
      }
      }
    }
}

}  // namespace

int main(int argc, char** argv) {
  register_all();
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
