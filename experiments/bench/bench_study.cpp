// The ask-tell study's costs (lilucb/study/identification.hpp), against the same method's
// simulated run:
//   - study/<method>/K: ns per ask + tell, one at a time, on the alpha 0.6 means (sigma 1/2,
//     nu = 0.1), rewards drawn from the study's own stream (so the pulls are run_combination's);
//   - run/<method>/K: ns per pull of run_combination on the same instance, for the overhead;
//   - batch/<method>/K/M: ns per pull with ask(M) then M tells (the view of pulls in flight);
//   - save_load/K: one to_json + from_json round trip of a study that has pulled every arm
//     twice (K = 10^4: the state holds 4 K events, replayed on load).
//
//   build/bin/lilucb_bench_study [--benchmark_filter=...]
#include "lilucb/bandit/compose.hpp"
#include "lilucb/study/identification.hpp"
#include "lilucb/bandit/scenarios.hpp"

#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>
#include <vector>

namespace {

using namespace lilucb::bandit;

constexpr std::uint64_t kCap = 100000;

/// ns per pull over the whole measurement (wall time / pulls).
void report_per_pull(benchmark::State& state, std::uint64_t pulls) {
  state.counters["ns_per_pull"] =
      benchmark::Counter(static_cast<double>(pulls) * 1e-9, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

study_settings settings_for(const std::string& method, std::size_t K, std::uint64_t seed) {
  study_settings s;
  s.arms = K;
  s.sigma = 0.5;
  s.nu = 0.1;
  s.method = method;
  s.seed = seed;
  return s;
}

void study_one_at_a_time(benchmark::State& state, const std::string& method) {
  const std::size_t K = static_cast<std::size_t>(state.range(0));
  const gaussian_arms arms(alpha_means(K - 1, 0.6), 0.5);
  std::uint64_t pulls = 0, seed = 0;
  for (auto _ : state) {
    identification s(settings_for(method, K, ++seed));
    for (std::uint64_t t = 0; t < kCap && !s.done(); ++t) {
      const auto a = s.ask();
      s.tell(a.id, arms.sample(a.arm, s.random_stream()));
    }
    pulls += s.status().total_pulls;
  }
  report_per_pull(state, pulls);
}

void run_simulated(benchmark::State& state, const std::string& method) {
  const std::size_t K = static_cast<std::size_t>(state.range(0));
  const gaussian_arms arms(alpha_means(K - 1, 0.6), 0.5);
  run_options opts;
  opts.nu = 0.1;
  opts.sigma = 0.5;
  opts.max_pulls = kCap;
  std::uint64_t pulls = 0, seed = 0;
  for (auto _ : state) {
    opts.seed = ++seed;
    pulls += run_combination(parse_combination(method), arms, opts).run.pulls;
  }
  report_per_pull(state, pulls);
}

void study_batches(benchmark::State& state, const std::string& method) {
  const std::size_t K = static_cast<std::size_t>(state.range(0));
  const std::size_t M = static_cast<std::size_t>(state.range(1));
  const gaussian_arms arms(alpha_means(K - 1, 0.6), 0.5);
  std::uint64_t pulls = 0, seed = 0;
  for (auto _ : state) {
    identification s(settings_for(method, K, ++seed));
    while (!s.done() && s.status().total_pulls < kCap) {
      const auto batch = s.ask(M);
      for (const auto& a : batch) s.tell(a.id, arms.sample(a.arm, s.random_stream()));
    }
    pulls += s.status().total_pulls;
  }
  report_per_pull(state, pulls);
}

void save_load(benchmark::State& state) {
  const std::size_t K = static_cast<std::size_t>(state.range(0));
  identification s(settings_for(to_string(recommended_combination(reward_model::gaussian)), K, 1));
  std::uint64_t k = 0;
  for (const auto& a : s.ask(2 * K)) s.tell(a.id, 0.001 * static_cast<double>(++k % 997));
  std::size_t bytes = 0;
  for (auto _ : state) {
    const std::string text = s.to_json();
    bytes = text.size();
    identification back = identification::from_json(text);
    benchmark::DoNotOptimize(back.done());
  }
  state.counters["state_bytes"] = static_cast<double>(bytes);
}

const std::vector<std::string> kMethods = {to_string(recommended_combination(reward_model::gaussian)), "tas-d+glr-heuristic", "lilucb+ls"};

}  // namespace

int main(int argc, char** argv) {
  for (const auto& m : kMethods) {
    benchmark::RegisterBenchmark(("study/" + m).c_str(), study_one_at_a_time, m)->Arg(10)->Arg(1000)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("run/" + m).c_str(), run_simulated, m)->Arg(10)->Arg(1000)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("batch/" + m).c_str(), study_batches, m)->Args({10, 10})->Args({10, 100})->Unit(benchmark::kMillisecond);
  }
  benchmark::RegisterBenchmark("save_load", save_load)->Arg(10)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond);
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
}
