// What batching costs an ask-tell study: the pulls to a certified answer when the study asks M
// pulls at a time and is told their rewards only when the whole batch is done (M = 1, 10, 100),
// on Section 5's scenarios (sparse, alpha 0.3, alpha 0.6; Gaussian arms, sigma 1/2), nu = 0.1,
// with the recommended method.  Each run's rewards come from the study's own stream (run r:
// seed r), so M = 1 is run_combination's run.  Prints a Markdown table: mean and median pulls
// and their ratio to M = 1, and the wrong answers.
//
//   build/bin/lilucb_study_batches [RUNS] [N...]   (defaults: 100 runs, n = 10 and 100)
#include "lilucb/bandit/arms.hpp"
#include "lilucb/study/identification.hpp"
#include "lilucb/bandit/scenarios.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

using namespace lilucb::bandit;

namespace {

struct row {
  double mean = 0, median = 0;
  std::uint64_t wrong = 0;
};

row measure(const std::vector<double>& means, std::size_t batch, std::size_t runs) {
  const gaussian_arms arms(means, 0.5);
  const std::size_t best = static_cast<std::size_t>(std::max_element(means.begin(), means.end()) - means.begin());
  std::vector<double> pulls;
  row out;
  for (std::size_t r = 0; r < runs; ++r) {
    study_settings s;
    s.arms = means.size();
    s.sigma = 0.5;
    s.nu = 0.1;
    s.seed = r;
    identification study(s);
    while (!study.done()) {
      const auto asks = study.ask(batch);
      for (const auto& a : asks) study.tell(a.id, arms.sample(a.arm, study.random_stream()));
    }
    pulls.push_back(static_cast<double>(study.status().total_pulls));
    out.wrong += study.answer().best_arm != best;
  }
  for (double p : pulls) out.mean += p / static_cast<double>(runs);
  std::sort(pulls.begin(), pulls.end());
  out.median = runs % 2 ? pulls[runs / 2] : (pulls[runs / 2 - 1] + pulls[runs / 2]) / 2;
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  const std::size_t runs = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 100;
  std::vector<std::uint64_t> sizes;
  for (int i = 2; i < argc; ++i) sizes.push_back(std::strtoull(argv[i], nullptr, 10));
  if (sizes.empty()) sizes = {10, 100};
  std::printf("| scenario | n | batch M | mean pulls | median pulls | mean / M = 1 | median / M = 1 | wrong of %zu |\n", runs);
  std::printf("|---|---:|---:|---:|---:|---:|---:|---:|\n");
  for (const std::uint64_t n : sizes)
    for (const char* scenario : {"sparse", "alpha-0.3", "alpha-0.6"}) {
      const std::string sc = scenario;
      const auto means = sc == "sparse" ? sparse_means(n) : alpha_means(n, sc == "alpha-0.3" ? 0.3 : 0.6);
      row one;
      for (const std::size_t m : {std::size_t{1}, std::size_t{10}, std::size_t{100}}) {
        const row x = measure(means, m, runs);
        if (m == 1) one = x;
        std::printf("| %s | %llu | %zu | %.0f | %.0f | %.3f | %.3f | %llu |\n", scenario,
                    static_cast<unsigned long long>(n), m, x.mean, x.median, x.mean / one.mean, x.median / one.median,
                    static_cast<unsigned long long>(x.wrong));
        std::fflush(stdout);
      }
    }
}
