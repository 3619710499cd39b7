// Proposition M's GLR mixture threshold against the LS stopping rules on Section 5's scenarios at
// delta = 0.1, with rows for fixed mixture scales rho: median and mean stopping times and error
// counts of these certified combinations, the lil'UCB Heuristic preset and the GLR-heuristic
// references.  Its output is docs/data/price_of_certification.tsv, read by
// docs/certified-glr/results.md ("Proposition M against the LS rules").  The fixed-rho rows are
// what it adds to `lilucb experiment modern` (docs/generated/modern.md), which measures every
// other method, at several deltas.
//
//   build/bin/lilucb_price_of_certification [runs_n10 = 50] [runs_n100 = 20] [runs_n1000 = 0]
//
// Gaussian arms, sigma = 0.5, nu = 0.1; sparse (best 0.5, others 0), alpha 0.3, alpha 0.6 at
// n = 10 and 100 (and 1000 when runs_n1000 > 0: there only the Heuristic, the GLR rows and the
// Top-Two / Track-and-Stop LS rows, the others costing 10^6-10^8 pulls per run); run k uses
// stream k of seed 20261126; pull budget 10^8.  The certified GLR rows use the mixture threshold
// (Proposition M of docs/certified-glr/propositions.md; default grid of mixture scales, and fixed rho rows
// labelled rho=R).  One line per cell:
// scenario, n, rule, certified, median pulls, mean pulls, wrong answers / runs, T*, and the median
// over the Heuristic's median.
#include "lilucb/bandit/compose.hpp"
#include "lilucb/bandit/scenarios.hpp"
#include "lilucb/theory/characteristic_time.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

using namespace lilucb::bandit;

namespace {

struct cell {
  double median = 0, mean = 0;
  std::size_t wrong = 0, runs = 0;
};

template <class Run>
cell measure(std::size_t runs, std::size_t truth, Run run) {
  std::vector<double> pulls;
  cell c;
  c.runs = runs;
  for (std::size_t k = 0; k < runs; ++k) {
    run_options o;
    o.nu = 0.1;
    o.sigma = 0.5;
    o.seed = 20261126;
    o.run = k;
    o.max_pulls = 100'000'000;
    const run_result r = run(o);
    pulls.push_back(double(r.pulls));
    c.wrong += r.best_arm != truth;
    c.mean += double(r.pulls) / double(runs);
  }
  std::sort(pulls.begin(), pulls.end());
  c.median = runs % 2 ? pulls[runs / 2] : (pulls[runs / 2 - 1] + pulls[runs / 2]) / 2;
  return c;
}

}  // namespace

int main(int argc, char** argv) {
  const std::size_t runs10 = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 50;
  const std::size_t runs100 = argc > 2 ? std::strtoul(argv[2], nullptr, 10) : 20;
  const std::size_t runs1000 = argc > 3 ? std::strtoul(argv[3], nullptr, 10) : 0;
  std::vector<combination> combos;
  combos.push_back({sampling_rule::lilucb, stopping_rule::lilucb});
  for (auto s : {sampling_rule::uniform, sampling_rule::lilucb, sampling_rule::lucb1, sampling_rule::tas_d,
                 sampling_rule::tas_c, sampling_rule::t3c, sampling_rule::eb_tci})
    combos.push_back({s, stopping_rule::ls});
  for (auto s : {sampling_rule::t3c, sampling_rule::eb_tci, sampling_rule::tas_d, sampling_rule::lucb1,
                 sampling_rule::lilucb})
    combos.push_back({s, stopping_rule::glr, glr_threshold::mixture});
  for (double rho : {1.0, 8.0, 64.0}) {
    combination c{sampling_rule::t3c, stopping_rule::glr, glr_threshold::mixture};
    c.rho = rho;
    combos.push_back(c);
  }
  for (auto s : {sampling_rule::tas_d, sampling_rule::t3c, sampling_rule::eb_tci})
    combos.push_back({s, stopping_rule::glr, glr_threshold::heuristic});
  auto label = [](const combination& c) {
    std::string l = to_string(c);
    if (c.rho > 0) l += "(rho=" + std::to_string(int(c.rho)) + ")";
    return l;
  };
  // Too slow at n = 1000 (see the file comment).
  auto skip1000 = [](const combination& c) {
    return c.stopping == stopping_rule::lilucb ||
           (c.stopping == stopping_rule::ls && (c.sampling == sampling_rule::uniform || c.sampling == sampling_rule::lilucb ||
                                                c.sampling == sampling_rule::lucb1 || c.sampling == sampling_rule::tas_c)) ||
           (c.stopping == stopping_rule::glr && c.rho > 0);
  };
  std::printf("scenario\tn\trule\tcertified\tmedian\tmean\twrong/runs\tT*\tmedian/heuristic\n");
  for (const char* sc : {"sparse", "alpha0.3", "alpha0.6"})
    for (std::uint64_t n : {10ULL, 100ULL, 1000ULL}) {
      if (n == 1000 && runs1000 == 0) continue;
      const std::string s = sc;
      const auto means = s == "sparse" ? sparse_means(n, 0.5) : alpha_means(n, s == "alpha0.3" ? 0.3 : 0.6);
      const std::size_t truth = lilucb::best_arm(means);
      const gaussian_arms arms(means, 0.5);
      const double tstar = lilucb::characteristic_time_gaussian(means, 0.5).t_star;
      const std::size_t runs = n == 10 ? runs10 : n == 100 ? runs100 : runs1000;
      const cell h = measure(runs, truth, [&](const run_options& o) {
        return run_algorithm(algorithm::lilucb_heuristic, arms, o);
      });
      std::printf("%s\t%llu\tlilucb-heuristic\tno\t%.0f\t%.0f\t%zu/%zu\t%.1f\t1\n", sc, (unsigned long long)n, h.median,
                  h.mean, h.wrong, h.runs, tstar);
      for (const auto& c : combos) {
        if (n == 1000 && skip1000(c)) continue;
        const cell m = measure(runs, truth, [&](const run_options& o) { return run_combination(c, arms, o).run; });
        std::printf("%s\t%llu\t%s\t%s\t%.0f\t%.0f\t%zu/%zu\t%.1f\t%.2f\n", sc, (unsigned long long)n,
                    label(c).c_str(), is_certified(c) ? "yes" : "no", m.median, m.mean, m.wrong, m.runs, tstar,
                    m.median / h.median);
        std::fflush(stdout);
      }
    }
}
