// experiments/prototypes/unpooling_library.cpp -- a MEASUREMENT of the library's rules, not a
// product program (docs/certified-glr/unpooling.md, "Measured with the library").
//
// Runs t3c-ids with the GLR practice (threshold heuristic), Proposition P2 (pooled-per-arm) and
// Proposition U (pooled-weighted) through bandit::run_combination on the same streams (seed,
// run index r = 0..RUNS-1; the instance's means in their order, not shuffled as `lilucb
// experiment modern` shuffles them), and prints per (instance, delta) the mean pulls, U/P2 with
// the standard error of the paired mean difference, U/practice, P2/practice and the wrong answers.
//
// Build (after the library and the experiments library of build-u):
//   g++ -O2 -std=c++20 -Ilib/include -Iexperiments/include -Ibuild-u/lib/include \
//     experiments/prototypes/unpooling_library.cpp build-u/experiments/liblilucb_experiments.a \
//     build-u/lib/liblilucb.a -lpthread -o /tmp/unpooling_library
// Run: /tmp/unpooling_library RUNS SEED DELTA,... INSTANCE...   (instances as `lilucb experiment
// modern` names them: linear5, onegap4, sparse-n10, alpha0.3-n100, ...; sigma 0.5 for Section 5's)
#include "lilucb/bandit/arms.hpp"
#include "lilucb/bandit/compose.hpp"
#include "lilucb_experiments/modern.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

int main(int argc, char** argv) {
  if (argc < 5) {
    std::fprintf(stderr, "usage: unpooling_library RUNS SEED DELTA,... INSTANCE...\n");
    return 2;
  }
  namespace lb = lilucb::bandit;
  const int runs = std::atoi(argv[1]);
  const std::uint64_t seed = std::strtoull(argv[2], nullptr, 10);
  std::vector<double> deltas;
  {
    std::stringstream ss(argv[3]);
    std::string x;
    while (std::getline(ss, x, ',')) deltas.push_back(std::stod(x));
  }
  const char* names[3] = {"t3c-ids+glr-heuristic", "t3c-ids+glr-pooled-per-arm", "t3c-ids+glr-pooled-weighted"};
  std::printf("instance\tdelta\truns\tpractice_mean\tP2_mean\tU_mean\tU/P2\tse(U-P2)/P2\tU/practice\tP2/practice\tU_faster_runs\twrong_practice\twrong_P2\twrong_U\n");
  for (int a = 4; a < argc; ++a) {
    const auto in = lilucb::experiments::parse_instance("instance", argv[a], 0.5, 0.5);
    const lb::gaussian_arms arms(in.means, in.sigma);
    std::size_t best = 0;
    for (std::size_t i = 1; i < in.means.size(); ++i)
      if (in.means[i] > in.means[best]) best = i;
    for (double delta : deltas) {
      double mean[3] = {0, 0, 0}, d = 0, d2 = 0;
      int wrong[3] = {0, 0, 0}, faster = 0;
      for (int r = 0; r < runs; ++r) {
        double pulls[3];
        for (int q = 0; q < 3; ++q) {
          lb::run_options o;
          o.nu = delta;
          o.sigma = in.sigma;
          o.seed = seed;
          o.run = std::uint64_t(r);
          o.max_pulls = 20000000;
          const auto res = lb::run_combination(lb::parse_combination(names[q]), arms, o).run;
          pulls[q] = double(res.pulls);
          mean[q] += pulls[q];
          wrong[q] += res.best_arm != best;
        }
        d += pulls[2] - pulls[1];
        d2 += (pulls[2] - pulls[1]) * (pulls[2] - pulls[1]);
        faster += pulls[2] < pulls[1];
      }
      for (double& m : mean) m /= runs;
      d /= runs;
      const double se = std::sqrt(std::max(0.0, d2 / runs - d * d) / runs);
      std::printf("%s\t%g\t%d\t%.1f\t%.1f\t%.1f\t%.4f\t%.4f\t%.4f\t%.4f\t%d\t%d\t%d\t%d\n", argv[a], delta, runs, mean[0],
                  mean[1], mean[2], mean[2] / mean[1], se / mean[1], mean[2] / mean[0], mean[1] / mean[0], faster, wrong[0],
                  wrong[1], wrong[2]);
      std::fflush(stdout);
    }
  }
  return 0;
}
