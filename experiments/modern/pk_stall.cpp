// The stall of Proposition PK's statistic on weak arms, and the mass at zero that removes it
// (docs/certified-glr/pooled-kl.md, "No stalls: the mass at zero").
//
//   build/bin/lilucb_pk_stall pair          the statistic of one pair (arm c: 45 pulls, S_c = 0;
//                                           V at mean 0.3) as V's count grows, on the positive
//                                           tilts only (the grid shipped before the mass at zero) and
//                                           on the default grid (the same tilts with a mass at zero)
//   build/bin/lilucb_pk_stall runs R        the K = 20 instance (0.30, 0.285, 0.27, then 0.25 down
//                                           to 0.09 by 0.01; delta = 0.05; T3C-IDS sampling) for
//                                           seeds 1..R: PK as shipped (with the mass at zero), PK on the
//                                           positive tilts only (the grid shipped before), the
//                                           practice (GLR at the heuristic threshold), P2
//                                           (pooled-per-arm) and PE (pooled-eb); one line
//                                           per run (seed, rule, pulls, answer), then a summary
//                                           (mean, median, 99th percentile = the floor(0.99 R)-th
//                                           smallest, largest, wrong answers).
// The runs are those of `lilucb run --sampling t3c-ids --stopping glr --threshold pooled-kl
// --model bernoulli --means ... --nu 0.05 --seed S` (the same streams).
#include "lilucb/bandit/arms.hpp"
#include "lilucb/bandit/compose.hpp"
#include "lilucb/bandit/detail/bernoulli_mixture.hpp"
#include "lilucb/bandit/sampling/top_two.hpp"
#include "lilucb/bandit/stopping/glr_pooled_kl.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace lb = lilucb::bandit;
namespace bm = lilucb::bandit::bernoulli_mixture;

namespace {

void pair_table() {
  const bm::tilt_grid bare = bm::make_tilt_grid(-24, 6, 3), zero = bm::make_default_tilt_grid();
  std::printf("N_V\tS_K_positive_tilts\targmin\tA\tB\tS_K_mass_at_zero\targmin\n");
  for (double nv : {1e3, 3e3, 1e4, 3e4, 1e5, 3e5, 1e6, 3e6}) {
    const bm::pair_data p{nv, 0.3 * nv, 45, 0, &bare}, q{nv, 0.3 * nv, 45, 0, &zero};
    const double m0 = 0.3 * nv / (nv + 45);
    const bm::search_result r = bm::search(p, m0, NAN), s = bm::search(q, m0, NAN);
    // A alone: the pair with no pull of c, whose side is log sum_k w_k = 0.
    const double a_side = bm::h_at({nv, 0.3 * nv, 0, 0, &bare}, r.argmin).h;
    const double b_side = bm::h_at(p, r.argmin).h - a_side;
    std::printf("%g\t%.3f\t%.4f\t%.3f\t%.3f\t%.3f\t%.4f\n", nv, r.lower, r.argmin, a_side, b_side, s.lower, s.argmin);
  }
}

struct summary {
  std::vector<double> pulls;
  int wrong = 0;
};

void runs(int R) {
  const std::vector<double> means = [] {
    std::vector<double> m{0.30, 0.285, 0.27};
    for (int k = 0; k < 17; ++k) m.push_back(0.25 - 0.01 * k);
    return m;
  }();
  const lb::bernoulli_arms arms(means);
  const std::size_t K = means.size();
  const char* names[] = {"pooled-kl", "pooled-kl-positive-tilts", "heuristic", "pooled-per-arm", "pooled-eb"};
  constexpr int rules = 5;
  summary sum[rules];
  for (int seed = 1; seed <= R; ++seed) {
    lb::run_options o;
    o.nu = 0.05;
    o.seed = std::uint64_t(seed);
    for (int rule = 0; rule < rules; ++rule) {
      lb::composed_result r;
      if (rule == 1) {
        auto samp = lb::sampling::t3c(K, 0.5, lb::sampling::top_two_selection::ids);
        lb::stopping::glr_pooled_kl stop(K, o.nu, bm::make_tilt_grid(-24, 6, 3));
        r = lb::run_composed(arms, samp, stop, o);
      } else {
        r = lb::run_combination(lb::parse_combination("t3c-ids+glr-" + std::string(names[rule])), arms, o);
      }
      sum[rule].pulls.push_back(double(r.run.pulls));
      sum[rule].wrong += r.run.best_arm != 0;
      std::printf("%d\t%s\t%llu\t%zu\n", seed, names[rule], static_cast<unsigned long long>(r.run.pulls), r.run.best_arm);
    }
  }
  std::printf("rule\tmean\tmedian\tp99\tlargest\twrong\n");
  for (int rule = 0; rule < rules; ++rule) {
    std::vector<double> v = sum[rule].pulls;
    std::sort(v.begin(), v.end());
    double mean = 0;
    for (double x : v) mean += x;
    mean /= double(v.size());
    const std::size_t n = v.size();
    const double median = n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
    const std::size_t i99 = std::max<std::size_t>(1, std::size_t(std::floor(0.99 * double(n)))) - 1;
    std::printf("%s\t%.0f\t%.1f\t%.0f\t%.0f\t%d\n", names[rule], mean, median, v[i99], v.back(), sum[rule].wrong);
  }
}

}  // namespace

int main(int argc, char** argv) {
  const std::string what = argc > 1 ? argv[1] : "";
  if (what == "pair") {
    pair_table();
    return 0;
  }
  if (what == "runs" && argc > 2) {
    runs(std::atoi(argv[2]));
    return 0;
  }
  std::fprintf(stderr, "usage: %s pair | runs R\n", argv[0]);
  return 2;
}
