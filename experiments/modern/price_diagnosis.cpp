// Where the price of certification goes on Section 5's alpha = 0.6, n = 100 scenario
// (docs/certified-glr/results.md, "Where the price of certification remains under M1"): the cell
// where the certified rules with a union over the wrong answers (Propositions M and M1) stay later
// than the lil'UCB Heuristic.  Its output is docs/data/price_diagnosis.tsv.  A measurement, not a
// product rule: rows 2 and 3 are NOT certificates; they bound what a change of the threshold could
// gain, and row 4 measures a change of the sampling rule that keeps Proposition M1's certificate.
//
//   build/bin/lilucb_price_diagnosis [runs = 20] [delta = 0.1]
//
// Gaussian arms, sigma = 0.5, the alpha = 0.6 means with n = 100 (K = 101 arms); run k uses stream
// k of seed 20261126 (row 1 makes exactly the runs of `lilucb run --sampling t3c-ids --stopping glr
// --threshold one-sided`); K - 1 pairs (i_hat, b) must pass, i_hat the empirical best.  Rows:
//   1 t3c-ids + M1         the library's certified combination (S1 >= log((K-1)/delta), Prop. M1);
//   2 t3c-ids + union floor  stop when every plain GLR statistic Z >= log((K-1)/delta): the union's
//                           threshold with no time-uniform cost at all (not a certificate);
//   3 t3c-ids + M1, weights 1  S1 with every grid weight set to 1 (not a certificate; log sum_k w_k
//                           e^{h_k} <= max_k h_k, so no prior over the grid's scales stops earlier);
//   4 weakest-pair + M1    a sampling rule whose challenger is the pair farthest from passing,
//                           argmin_b S1_{i_hat, b}, with the IDS coin N_C/(N_L + N_C) of t3c-ids
//                           (leader = the empirical best): M1 holds for any sampling rule, so this
//                           row is certified; the library's sampling::weakest_pair
//                           (sampling/weakest_pair.hpp: the pulls of the O(K) pass over every
//                           S1, tested pull for pull, at well under one exact S1 per pull);
//   5 lil'UCB Heuristic    the uncertified reference.
// Columns: rule, certified, median, mean and quartiles of the stopping times, wrong answers/runs,
// and for rows 1 and 4 the median count N_b of the arm of the last pair to pass and the median time
// at which every pair whose arm b has N_b >= 30 passed (from then on, only sparsely sampled arms
// hold the stop back).
#include "lilucb/bandit/compose.hpp"
#include "lilucb_experiments/statistics.hpp"
#include "lilucb/bandit/scenarios.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <string>
#include <utility>
#include <vector>

using namespace lilucb::bandit;

namespace {

constexpr double sigma = 0.5;

enum class statistic { m1, union_floor, m1_unit_weights };

/// Stops when every pair (i_hat, b) passes `stat` at the threshold log((K - 1)/delta); records the
/// arm count of the last pair to pass and when the pairs of well-sampled arms (N_b >= 30) passed.
struct diagnosed_stop {
  statistic stat;
  stopping::mixture_grid grid;
  double threshold;
  std::uint64_t last_count = 0, well_sampled_passed_at = 0;

  const char* name() const { return "diagnosed"; }
  void observe(std::size_t, const arm_stats&) {}
  std::size_t recommendation(const arm_stats& s) const { return s.empirical_best(); }
  bool certified() const { return stat == statistic::m1; }
  std::string certificate() const { return certified() ? "Proposition M1" : "none"; }

  double pair(const arm_stats& s, std::size_t L, std::size_t b) const {
    const double nl = double(s.count(L)), nb = double(s.count(b)), d = s.mean(L) - s.mean(b);
    if (stat == statistic::union_floor) return d <= 0 ? 0.0 : nl * nb / (nl + nb) * d * d / (2 * sigma * sigma);
    return stopping::glr_one_sided_statistic(sigma, grid, s.count(L), s.mean(L), s.count(b), s.mean(b));
  }
  bool should_stop(const arm_stats& s) {
    const std::size_t L = s.empirical_best(), K = s.size();
    // Screen: S1 <= Z + 2 log 2 + max_k log w_k (docs/certified-glr/numerics.md, "Cost: the
    // decision key"), so a pair below it fails.
    const double slack = stat == statistic::union_floor
                             ? 0.0
                             : 2 * std::log(2.0) + *std::max_element(grid.log_weight.begin(), grid.log_weight.end());
    const double nl = double(s.count(L));
    bool screened_out = false;
    for (std::size_t b = 0; b < K && !screened_out; ++b) {
      if (b == L) continue;
      const double nb = double(s.count(b)), d = s.mean(L) - s.mean(b);
      const double z = d <= 0 ? 0.0 : nl * nb / (nl + nb) * d * d / (2 * sigma * sigma);
      screened_out = z + slack < threshold;
    }
    const bool check_well_sampled = well_sampled_passed_at == 0 && s.total() % 10 == 0;
    if (screened_out && !check_well_sampled) return false;
    bool all = true, well = true, any_well = false;
    double weakest = std::numeric_limits<double>::infinity();
    std::uint64_t weakest_count = 0;
    for (std::size_t b = 0; b < K; ++b) {
      if (b == L) continue;
      const double v = pair(s, L, b);
      const bool pass = v >= threshold;
      all = all && pass;
      if (s.count(b) >= 30) {
        any_well = true;
        well = well && pass;
      }
      if (v < weakest) {
        weakest = v;
        weakest_count = s.count(b);
      }
    }
    if (check_well_sampled && any_well && well) well_sampled_passed_at = s.total();
    if (all && !screened_out) {
      last_count = weakest_count;
      if (well_sampled_passed_at == 0) well_sampled_passed_at = s.total();
      return true;
    }
    return false;
  }
};

struct row {
  std::vector<double> pulls, last_count, well_at;
  std::size_t wrong = 0;
};

/// The q-quantile (lilucb::experiments::quantile, type 7), NaN for no values (printed as "nan").
double quantile(std::vector<double> v, double q) {
  return v.empty() ? std::nan("") : lilucb::experiments::quantile(std::move(v), q);
}

}  // namespace

int main(int argc, char** argv) {
  const std::size_t runs = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 20;
  const double delta = argc > 2 ? std::strtod(argv[2], nullptr) : 0.1;
  if (runs < 1 || !(delta > 0 && delta < 1)) {
    std::fprintf(stderr, "usage: lilucb_price_diagnosis [runs >= 1] [delta in (0, 1)]\n");
    return 2;
  }
  const auto means = alpha_means(100, 0.6);
  const std::size_t K = means.size(), truth = 0;
  const gaussian_arms arms(means, sigma);
  const double threshold = std::log(double(K - 1) / delta);
  const stopping::mixture_grid grid = stopping::make_mixture_grid();
  stopping::mixture_grid unit = grid;
  for (auto& w : unit.log_weight) w = 0;

  std::printf("rule\tcertified\tmedian\tmean\tq1\tq3\twrong/runs\tmedian N_b of the last pair\t"
              "median time the pairs with N_b >= 30 passed\n");
  auto report = [&](const char* label, bool certified, const row& r, bool diagnosed) {
    double mean = 0;
    for (double p : r.pulls) mean += p / double(r.pulls.size());
    std::printf("%s\t%s\t%.0f\t%.0f\t%.0f\t%.0f\t%zu/%zu", label, certified ? "yes" : "no", quantile(r.pulls, 0.5),
                mean, quantile(r.pulls, 0.25), quantile(r.pulls, 0.75), r.wrong, r.pulls.size());
    if (diagnosed)
      std::printf("\t%.0f\t%.0f\n", quantile(r.last_count, 0.5), quantile(r.well_at, 0.5));
    else
      std::printf("\t-\t-\n");
    std::fflush(stdout);
  };
  auto options = [&](std::size_t k) {
    run_options o;
    o.nu = delta;
    o.sigma = sigma;
    o.seed = 20261126;
    o.run = k;
    return o;
  };
  struct variant {
    const char* label;
    statistic stat;
    bool weakest_pair;
  };
  for (const variant v : {variant{"t3c-ids + M1", statistic::m1, false},
                          variant{"t3c-ids + union floor (Z >= log((K-1)/delta); not a certificate)",
                                  statistic::union_floor, false},
                          variant{"t3c-ids + M1 with every weight 1 (not a certificate)", statistic::m1_unit_weights, false},
                          variant{"weakest-pair + M1", statistic::m1, true}}) {
    row r;
    for (std::size_t k = 0; k < runs; ++k) {
      diagnosed_stop stop{v.stat, v.stat == statistic::m1_unit_weights ? unit : grid, threshold};
      null_observer none;
      composed_result res;
      if (v.weakest_pair) {
        sampling::weakest_pair samp(K, sigma, grid);
        res = run_composed(arms, samp, stop, options(k), none);
      } else {
        auto samp = sampling::t3c(K, sigma, sampling::top_two_selection::ids);
        res = run_composed(arms, samp, stop, options(k), none);
      }
      r.pulls.push_back(double(res.run.pulls));
      r.last_count.push_back(double(stop.last_count));
      r.well_at.push_back(double(stop.well_sampled_passed_at));
      r.wrong += res.run.best_arm != truth;
    }
    report(v.label, v.stat == statistic::m1, r, true);
  }
  row h;
  for (std::size_t k = 0; k < runs; ++k) {
    const run_result res = run_algorithm(algorithm::lilucb_heuristic, arms, options(k));
    h.pulls.push_back(double(res.pulls));
    h.wrong += res.best_arm != truth;
  }
  report("lilucb-heuristic", false, h, false);
}
