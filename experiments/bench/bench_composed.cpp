// ns per pull of every combination of the rule registry (combination.hpp's all_combinations) that
// the registry admits on Gaussian or on Bernoulli arms, the LS rule with its default boundary (lil)
// only, at K = 10 and K = 1000 (targets: <= 60 ns/pull at K = 10, <= 2 us/pull at K = 1000), and
// the growth in K (K = 100 in between); and the recommended certified methods up to K = 10^5.
//
//   build/bin/lilucb_bench_composed [--benchmark_filter=...]
//
// Each iteration is one run (seed = iteration number) of the alpha 0.6 scenario of Section 5 (the
// K = n + 1 arm means 1 - (i/n)^0.6, here n = K - 1), sigma 1/2, nu = 0.1, capped at 200000 pulls
// (or at $LILUCB_BENCH_MAX_PULLS: a smaller cap makes the slowest rules finish on a loaded
// machine): a capped run still measures the cost per pull, which is what is reported (ns_per_pull
// = wall time / pulls).  A combination runs on Gaussian arms if the registry admits it there
// (bandit::admits), on Bernoulli arms with the same means otherwise.  Each benchmark's label
// names its arms' reward model.

#include "lilucb/bandit/arms_spec.hpp"
#include "lilucb/bandit/compose.hpp"
#include "lilucb/bandit/scenarios.hpp"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdlib>
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
  if (const char* cap = std::getenv("LILUCB_BENCH_MAX_PULLS")) opts.max_pulls = std::strtoull(cap, nullptr, 10);
  state.SetLabel(to_string(reward_model_of<Arms>()));
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

// Calls f with arms of model m (Gaussian of sigma 1/2, Bernoulli, or Beta of concentration 9 in
// [0, 1]: arms_spec's defaults) and the given means.
template <class F>
void with_arms(reward_model m, const std::vector<double>& means, F&& f) {
  arms_spec a;
  a.model = m;
  a.means = means;
  visit_arms(a, f);
}

void register_all() {
  // $LILUCB_BENCH_MIN_TIME (seconds per benchmark, default 0.3): smaller on a loaded machine.
  const char* mt = std::getenv("LILUCB_BENCH_MIN_TIME");
  const double min_time = mt ? std::strtod(mt, nullptr) : 0.3;
  // The arms of the alpha scenario, in order of preference (its means include 0 and 1, outside
  // bounded arms' open range).
  constexpr std::array scenario_models{reward_model::gaussian, reward_model::bernoulli};
  for (const combination& c : all_combinations) {
    // The LS rule with its default boundary only: one capped run of weakest-pair with LS at
    // K = 1000 takes minutes, and each further boundary would add one.
    if (c.stopping == stopping_rule::ls && c.boundary != stopping::ls_boundary::lil) continue;
    const auto* m = std::find_if(scenario_models.begin(), scenario_models.end(),
                                 [&](reward_model model) { return admits(c, model); });
    if (m == scenario_models.end()) continue;  // runs on no arms of the scenario
    const reward_model model = *m;
    for (std::uint64_t K : {10ULL, 100ULL, 1000ULL}) {
      const std::string name = "BM_" + to_string(c) + "/K:" + std::to_string(K);
      auto means = alpha_means(K - 1, 0.6);
      benchmark::RegisterBenchmark(name.c_str(), [=](benchmark::State& st) {
        with_arms(model, means, [&](const auto& arms) { run_benchmark(st, c, arms); });
      })->Unit(benchmark::kMillisecond)->MinTime(min_time);
    }
  }
  // The recommended certified methods (recommended_combination) at scale: K = 10 ... 10^5 arms
  // (target: <= 2 us/pull at K = 10^4); the growth in K and the memory are in docs/benchmarks.md.
  for (auto m : {reward_model::gaussian, reward_model::bernoulli}) {
    const combination c = recommended_combination(m);
    for (std::uint64_t K : {10ULL, 100ULL, 1000ULL, 10000ULL, 100000ULL}) {
      const std::string name = "BM_recommended_" + std::string(to_string(m)) + "_" + to_string(c) +
                               "/K:" + std::to_string(K);
      auto means = alpha_means(K - 1, 0.6);
      benchmark::RegisterBenchmark(name.c_str(), [=](benchmark::State& st) {
        with_arms(m, means, [&](const auto& arms) { run_benchmark(st, c, arms); });
      })->Unit(benchmark::kMillisecond)->MinTime(min_time);
    }
  }
  // Item: the recommended certified method per reward model against GLR with the heuristic
  // threshold and the same sampling rule, at K = 10 and K = 1000, on runs long enough that the
  // cost per pull is the rules' and not the run's set-up: means 0.5 - 0.1 (i/(K-1))^0.6 (gaps
  // from 0.1 down to about 0.1 (1/(K-1))^0.6), sigma 1/2 (Gaussian), Bernoulli arms, and Beta
  // arms of concentration 9 in [0, 1] (bounded).  The ratio of ns_per_pull within a pair is the
  // cost of certification per pull.
  for (const auto& model : reward_models) {
    if (!model.chosen_by_name) continue;  // the models with an arm set of their own
    const reward_model m = model.id;
    const combination cert = recommended_combination(m);
    combination practice = cert;
    practice.threshold = glr_threshold::heuristic;
    for (const combination& c : {practice, cert})
      for (std::uint64_t K : {10ULL, 1000ULL}) {
        const std::string name = "BM_cost_" + std::string(to_string(m)) + "_" + to_string(c) + "/K:" + std::to_string(K);
        std::vector<double> means(K);
        for (std::uint64_t i = 0; i < K; ++i)
          means[i] = 0.5 - 0.1 * std::pow(static_cast<double>(i) / static_cast<double>(K - 1), 0.6);
        benchmark::RegisterBenchmark(name.c_str(), [=](benchmark::State& st) {
          with_arms(m, means, [&](const auto& arms) { run_benchmark(st, c, arms); });
        })->Unit(benchmark::kMillisecond)->MinTime(min_time);
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
