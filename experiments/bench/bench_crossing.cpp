// Cost of the crossing probabilities (lilucb/boundaries/crossing.hpp): crossing_probability, the
// Nystrom engine's two discretisations as `lilucb crossing` runs them (default resolution 4), at
// T = 10^3, 10^4, 10^5 for the constant boundary 2 and the stitched and mixture boundaries at
// alpha = 0.05 (sigma = 1); each of the two discretisations alone (nystrom_finer: step sigma/2
// and 12 end terms; nystrom_coarser: step 0.625 sigma and 8 terms); and, for reference in the
// same run, the grid engine's pair (crossing_probability_two_grids at q = 4, 8, the two-level
// grid of crossing.hpp).
//
//   build/bin/lilucb_bench_crossing [--benchmark_filter=...]
//
// Reported per call: wall time and the CPU time of the whole process (both threads of a pair:
// the cost on one core).  The boundary's values are computed inside the timed call, as
// crossing_probability does.

#include "lilucb/boundaries/crossing.hpp"
#include "lilucb/boundaries/monte_carlo.hpp"

#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>
#include <vector>

namespace {

using namespace lilucb::boundaries;

boundary_spec spec_named(const std::string& kind) {
  boundary_spec s;
  if (kind == "constant") {
    s.kind = boundary_kind::constant;
    s.c_const = 2;
  } else {
    s.kind = kind == "stitched" ? boundary_kind::stitched : boundary_kind::mixture;
    s.alpha = 0.05;
  }
  return s;
}

void register_all() {
  for (const std::string kind : {"constant", "stitched", "mixture"})
    for (const std::uint64_t T : {1000u, 10000u, 100000u}) {
      const std::string suffix = kind + "/" + std::to_string(T);
      const boundary_spec s = spec_named(kind);
      const int iterations = T >= 100000 ? 1 : T >= 10000 ? 3 : 10;
      benchmark::RegisterBenchmark(("crossing_probability/" + suffix).c_str(),
                                   [s, T](benchmark::State& st) {
                                     for (auto _ : st) benchmark::DoNotOptimize(crossing_probability(s, T).estimate);
                                   })
          ->Unit(benchmark::kMillisecond)
          ->MeasureProcessCPUTime()
          ->UseRealTime()
          ->Iterations(iterations);
      for (const bool finer : {true, false})
        benchmark::RegisterBenchmark(
            ((finer ? "nystrom_finer/" : "nystrom_coarser/") + suffix).c_str(),
            [s, T, finer](benchmark::State& st) {
              nystrom_options o;
              if (!finer) {
                o.step = 0.625;
                o.correction_terms = 8;
                o.coarse_base_steps = 9;
              }
              for (auto _ : st)
                benchmark::DoNotOptimize(crossing_probability_nystrom(boundary_radii(s, T), s.sigma, o).probability);
            })
            ->Unit(benchmark::kMillisecond)
            ->MeasureProcessCPUTime()
            ->UseRealTime()
            ->Iterations(iterations);
      benchmark::RegisterBenchmark(("two_grids_reference/" + suffix).c_str(),
                                   [s, T](benchmark::State& st) {
                                     for (auto _ : st)
                                       benchmark::DoNotOptimize(crossing_probability_two_grids(s, T, 4).estimate);
                                   })
          ->Unit(benchmark::kMillisecond)
          ->MeasureProcessCPUTime()
          ->UseRealTime()
          ->Iterations(iterations);
    }
}

}  // namespace

int main(int argc, char** argv) {
  register_all();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
