// The prior over the mixture scales (docs/certified-glr/results.md, "The prior over the scales";
// output docs/data/prior_diagnosis.tsv):
// does a different grid / prior weights w_k in Proposition M1's one-sided mixture
// (stopping/glr_one_sided.hpp, detail/one_sided_mixture.hpp) stop earlier with weakest-pair
// sampling (sampling/weakest_pair.hpp)?
// Proposition M1 holds for ANY fixed grid and weights with sum_k w_k <= 1, so every row whose
// weights sum to <= 1 is certified; the row "unit" (every weight 1) is NOT a certificate: it bounds
// what any re-weighting of the default grid's scales can gain (log sum_k w_k e^{h_k} <= log sum_k e^{h_k}).
//
//   build/bin/lilucb_prior_diagnosis INSTANCE DELTA RUNS GRID[,GRID...] [t3c-ids]
//
// With the optional last argument t3c-ids, the sampling rule is t3c-ids (top_two.hpp) instead of
// weakest-pair, and the grid is used by the stopping rule only (a change of the stopping rule alone).
//
// INSTANCE: alpha0.6-n100, alpha0.3-n100, sparse-n10 (sigma 0.5, gap 0.5), linear5 (sigma 1),
// onegap4 (sigma 0.5), twogapD (two arms, means D and 0, sigma 0.5: a hard pair needing large
// scales when D is small): the means of `lilucb experiment modern` (not shuffled; arm 0 is the best).
// Run k uses stream k of seed 20261126 (as price_diagnosis.cpp).  The SAME grid is used by the
// sampling rule (weakest-pair's challenger argmin_b S1_{L,b}) and by the stopping rule.
// GRID (rho_k, weights w_k; "sum" is sum_k w_k):
//   default        rho = 2^k, k = 0..40, w_k = 1/((k+1)(k+2))           (make_mixture_grid(40))
//   unit           rho = 2^k, k = 0..40, w_k = 1                          (NOT a certificate)
//   flat-A-B       rho = 2^k, k = A..B, w_k = 1/(B - A + 1)  (A may be negative: flat--4-11)
//   half           rho = 2^(k/2), k = 0..63, w_k = 2/((k+2)(k+3))        (sum over k >= 0: 1)
//   flathalf-A-B   rho = 2^(k/2), k = 2A..2B, w_k = 1/(2(B - A) + 1)
//   core-A-B       rho = 2^k, k = min(A, 0)..40, w_k = [k >= 0]/(2(k+1)(k+2)) + [A <= k <= B]/(2(B - A + 1)):
//                  half the default prior and half a flat prior on A..B (never more than log 2
//                  nats worse than the default, log(2(B - A + 1)) at most on A..B)
//   core-A-B-P     the same with P% on the flat part and (100 - P)% on the default prior
//   shift-S        rho = 2^(k - S), k = 0..40, w_k = 1/((k+1)(k+2)): the default prior from 2^-S
//   heuristic      not a grid: the lil'UCB Heuristic (uncertified) on the same streams
//   loglog         rho = 2^k, k = 0..40, w_k = c/((k+1) log^2(k+2)) normalised to sum 1 over 0..40
// A trailing '!' (e.g. default!) stops with the direct statistic instead (a check: same times).
// A leading "samp:" (e.g. samp:core--2-7-75) gives the grid to weakest-pair only, the stopping
// rule keeping the default grid (where the gain comes from).
// Certified rows stop with glr_one_sided (the library's rule, exact); the unit row with the
// statistic glr_one_sided_statistic of every pair (screened by S1 <= Z + 2 log 2 + log sum_k w_k).
// Columns: instance, delta, grid, certified, median, mean, q1, q3 of the stopping times, wrong/runs,
// and at the stop, for the last pair (the pair (i_hat, b) with the smallest S1): the median, q1 and
// q3 of log2 rho of the binding scale (the k with the largest term h_k at the minimiser m of the
// log-sum), the median log(1/w_k) there, the median gain of the log-sum over that largest term,
// and the median counts N_L, N_b of the pair; then over EVERY pair (i_hat, b) at the stop (each
// pair's binding scale as above), the median over runs of the median over pairs of log2 rho and
// of log(1/w_k) at the binding scale.
#include "lilucb/bandit/compose.hpp"
#include "lilucb/bandit/detail/one_sided_mixture.hpp"
#include "lilucb_experiments/statistics.hpp"
#include "lilucb/bandit/scenarios.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

using namespace lilucb::bandit;

namespace {

stopping::mixture_grid make_grid(const std::string& spec) {
  stopping::mixture_grid g;
  g.label = spec;
  int a = 0, b = 0, pc = 50;
  if (spec == "default") return stopping::make_mixture_grid(40);
  if (spec == "unit") {
    g = stopping::make_mixture_grid(40);
    for (auto& w : g.log_weight) w = 0;
    g.label = spec;
  } else if (spec == "half") {
    for (int k = 0; k <= 63; ++k) {
      g.rho.push_back(std::exp2(k / 2.0));
      g.log_weight.push_back(std::log(2.0) - std::log((k + 2.0) * (k + 3.0)));
    }
  } else if (std::sscanf(spec.c_str(), "shift-%d", &a) == 1 && 0 <= a && a <= 20) {
    for (int k = 0; k <= 40; ++k) {
      g.rho.push_back(std::exp2(k - a));
      g.log_weight.push_back(-std::log((k + 1.0) * (k + 2.0)));
    }
  } else if (std::sscanf(spec.c_str(), "flathalf-%d-%d", &a, &b) == 2 && -20 <= a && a <= b && b - a <= 31) {
    for (int k = 2 * a; k <= 2 * b; ++k) {
      g.rho.push_back(std::exp2(k / 2.0));
      g.log_weight.push_back(-std::log(2.0 * (b - a) + 1));
    }
  } else if (std::sscanf(spec.c_str(), "flat-%d-%d", &a, &b) == 2 && -20 <= a && a <= b && b - a < 64) {
    for (int k = a; k <= b; ++k) {
      g.rho.push_back(std::exp2(k));
      g.log_weight.push_back(-std::log(double(b - a + 1)));
    }
  } else if ((std::sscanf(spec.c_str(), "core-%d-%d-%d", &a, &b, &pc) == 3 ||
              std::sscanf(spec.c_str(), "core-%d-%d", &a, &b) == 2) &&
             -23 <= a && a <= b && b <= 40 && 0 < pc && pc < 100) {
    const double f = pc / 100.0;
    for (int k = std::min(a, 0); k <= 40; ++k) {
      g.rho.push_back(std::exp2(k));
      const double w = (k >= 0 ? (1 - f) / ((k + 1.0) * (k + 2.0)) : 0.0) + (k >= a && k <= b ? f / (b - a + 1) : 0.0);
      g.log_weight.push_back(std::log(w));
    }
  } else if (spec == "loglog") {
    double c = 0;
    for (int k = 0; k <= 40; ++k) c += 1 / ((k + 1.0) * std::pow(std::log(k + 2.0), 2));
    for (int k = 0; k <= 40; ++k) {
      g.rho.push_back(std::exp2(k));
      g.log_weight.push_back(-std::log((k + 1.0) * std::pow(std::log(k + 2.0), 2) * c * (1 + 1e-12)));
    }
  } else {
    std::fprintf(stderr, "unknown grid '%s'\n", spec.c_str());
    std::exit(2);
  }
  return g;
}

double weight_sum(const stopping::mixture_grid& g) {
  double s = 0;
  for (double lw : g.log_weight) s += std::exp(lw);
  return s;
}

/// S1_{L,b} with every pair's statistic (the unit row: not a certificate), the last failing pair
/// tried first, screened by S1 <= Z + 2 log 2 + log sum_k w_k.
struct direct_stop {
  double sigma;
  stopping::mixture_grid grid;
  double threshold, slack;
  std::size_t last_fail = 0;
  const char* name() const { return "direct"; }
  void observe(std::size_t, const arm_stats&) {}
  std::size_t recommendation(const arm_stats& s) const { return s.empirical_best(); }
  bool certified() const { return false; }
  std::string certificate() const { return "none"; }
  bool pass(const arm_stats& s, std::size_t L, std::size_t b) const {
    const double nl = double(s.count(L)), nb = double(s.count(b)), d = s.mean(L) - s.mean(b);
    const double z = d <= 0 ? 0.0 : nl * nb / (nl + nb) * d * d / (2 * sigma * sigma);
    if (z + slack < threshold) return false;
    return stopping::glr_one_sided_statistic(sigma, grid, s.count(L), s.mean(L), s.count(b), s.mean(b)) >= threshold;
  }
  bool should_stop(const arm_stats& s) {
    const std::size_t L = s.empirical_best(), K = s.size();
    if (last_fail != L && last_fail < K && !pass(s, L, last_fail)) return false;
    for (std::size_t b = 0; b < K; ++b) {
      if (b == L || b == last_fail) continue;
      if (!pass(s, L, b)) {
        last_fail = b;
        return false;
      }
    }
    return true;
  }
};

/// At the stop: the pair (L, b) with the smallest S1, its binding scale and the log-sum's gain.
struct binding {
  double log2_rho = 0, log_inv_w = 0, gain = 0, nl = 0, nb = 0;
  double pairs_log2_rho = 0, pairs_log_inv_w = 0;  // medians over every pair (i_hat, b) at the stop
};
double quantile(std::vector<double> v, double q);
binding binding_of_pair(const arm_stats& s, double sigma, const stopping::mixture_grid& g, std::size_t L, std::size_t bb);
binding binding_at_stop(const arm_stats& s, double sigma, const stopping::mixture_grid& g) {
  const std::size_t L = s.empirical_best(), K = s.size();
  double best = std::numeric_limits<double>::infinity();
  std::size_t bb = 0;
  std::vector<double> k2s, liws;
  for (std::size_t b = 0; b < K; ++b) {
    if (b == L) continue;
    const double v = stopping::glr_one_sided_statistic(sigma, g, s.count(L), s.mean(L), s.count(b), s.mean(b));
    const binding one = binding_of_pair(s, sigma, g, L, b);
    k2s.push_back(one.log2_rho);
    liws.push_back(one.log_inv_w);
    if (v < best) {
      best = v;
      bb = b;
    }
  }
  binding out = binding_of_pair(s, sigma, g, L, bb);
  out.pairs_log2_rho = quantile(k2s, 0.5);
  out.pairs_log_inv_w = quantile(liws, 0.5);
  return out;
}
binding binding_of_pair(const arm_stats& s, double sigma, const stopping::mixture_grid& g, std::size_t L, std::size_t bb) {
  const std::size_t G = g.rho.size();
  // The pair data of glr_one_sided_statistic, its minimiser m, and the terms h_k(m).
  const double na = double(s.count(L)), nb = double(s.count(bb));
  std::vector<double> sa(G), sb(G), c(G);
  for (std::size_t k = 0; k < G; ++k) {
    sa[k] = na / (sigma * std::sqrt(na + g.rho[k]));
    sb[k] = nb / (sigma * std::sqrt(nb + g.rho[k]));
    c[k] = g.log_weight[k] + 2 * std::log(2.0) - 0.5 * std::log1p(na / g.rho[k]) - 0.5 * std::log1p(nb / g.rho[k]);
  }
  const one_sided_mixture::pair_data p{s.mean(L), s.mean(bb), sigma, sa.data(), sb.data(), c.data(), G};
  double m = 0;
  one_sided_mixture::infimum_lower_bound(p, &m);
  double hmax = -std::numeric_limits<double>::infinity();
  std::size_t kmax = 0;
  for (std::size_t k = 0; k < G; ++k) {
    const double h = c[k] + one_sided_mixture::F((p.ma - m) * sa[k]).f +
                     one_sided_mixture::F((m - p.mb) * sb[k]).f;
    if (h > hmax) {
      hmax = h;
      kmax = k;
    }
  }
  const double hall = one_sided_mixture::h_at(p, m).h;
  return {std::log2(g.rho[kmax]), -g.log_weight[kmax], hall - hmax, na, nb, 0, 0};
}

/// Wraps a stopping rule and records the binding scale when it stops.
template <class Stop>
struct recording {
  Stop& stop;
  double sigma;
  const stopping::mixture_grid& grid;
  binding at;
  const char* name() const { return stop.name(); }
  void observe(std::size_t i, const arm_stats& s) { stop.observe(i, s); }
  std::size_t recommendation(const arm_stats& s) const { return stop.recommendation(s); }
  bool certified() const { return stop.certified(); }
  std::string certificate() const { return stop.certificate(); }
  bool should_stop(const arm_stats& s) {
    if (!stop.should_stop(s)) return false;
    at = binding_at_stop(s, sigma, grid);
    return true;
  }
};

/// The q-quantile (lilucb::experiments::quantile, type 7), NaN for no values (printed as "nan").
double quantile(std::vector<double> v, double q) {
  return v.empty() ? std::nan("") : lilucb::experiments::quantile(std::move(v), q);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 5 && !(argc == 6 && std::string(argv[5]) == "t3c-ids")) {
    std::fprintf(stderr, "usage: lilucb_prior_diagnosis INSTANCE DELTA RUNS GRID[,GRID...] [t3c-ids]\n");
    return 2;
  }
  const std::string inst = argv[1];
  const bool t3c_sampling = argc == 6;  // t3c-ids sampling (the grid then only in the stopping rule)
  const double delta = std::strtod(argv[2], nullptr);
  const std::size_t runs = std::strtoul(argv[3], nullptr, 10);
  if (runs < 1 || !(delta > 0 && delta < 1)) {
    std::fprintf(stderr, "usage: lilucb_prior_diagnosis INSTANCE DELTA RUNS GRID[,GRID...]\n");
    return 2;
  }
  std::vector<double> means;
  double sigma = 0.5;
  if (inst == "alpha0.6-n100") means = alpha_means(100, 0.6);
  else if (inst == "alpha0.3-n100") means = alpha_means(100, 0.3);
  else if (inst == "sparse-n10") means = sparse_means(10, 0.5);
  else if (inst == "linear5") {
    means = {1.0, 0.8, 0.6, 0.4, 0.2};
    sigma = 1;
  } else if (inst == "onegap4") means = {0.5, 0.0, 0.0, 0.0};
  else if (inst.rfind("twogap", 0) == 0) means = {std::strtod(inst.c_str() + 6, nullptr), 0.0};
  else {
    std::fprintf(stderr, "unknown instance '%s'\n", inst.c_str());
    return 2;
  }
  const std::size_t K = means.size(), truth = 0;
  const gaussian_arms arms(means, sigma);
  const double threshold = std::log(double(K - 1) / delta);

  // Run r: stream r of seed 20261126 at nu = delta (every row runs the same streams).
  const auto run_r = [&](std::size_t r) {
    run_options o;
    o.nu = delta;
    o.sigma = sigma;
    o.seed = 20261126;
    o.run = r;
    return o;
  };
  std::stringstream list(argv[4]);
  for (std::string spec; std::getline(list, spec, ',');) {
    if (spec == "heuristic") {  // the uncertified reference: lil'UCB Heuristic on the same streams
      std::vector<double> pulls;
      std::size_t wrong = 0;
      for (std::size_t r = 0; r < runs; ++r) {
        const run_options o = run_r(r);
        const run_result res = run_algorithm(algorithm::lilucb_heuristic, arms, o);
        pulls.push_back(double(res.pulls));
        wrong += res.best_arm != truth;
      }
      double mean = 0;
      for (double p : pulls) mean += p / double(pulls.size());
      std::printf("%s\t%g\theuristic\tno\t%.0f\t%.0f\t%.0f\t%.0f\t%zu/%zu\t-\t-\t-\t-\t-\t-\t-\t-\t-\n", inst.c_str(), delta,
                  quantile(pulls, 0.5), mean, quantile(pulls, 0.25), quantile(pulls, 0.75), wrong, runs);
      std::fflush(stdout);
      continue;
    }
    // A trailing '!' stops with direct_stop even for a certified grid (a check of the two paths).
    const bool force_direct = !spec.empty() && spec.back() == '!';
    // A leading "samp:" gives the grid to the sampling rule only; the stopping rule keeps the default.
    const bool sampler_only = spec.rfind("samp:", 0) == 0;
    const std::string gspec = sampler_only ? spec.substr(5) : spec;
    const stopping::mixture_grid sgrid = make_grid(force_direct ? gspec.substr(0, gspec.size() - 1) : gspec);
    const stopping::mixture_grid grid = sampler_only ? stopping::make_mixture_grid(40) : sgrid;
    const double wsum = weight_sum(grid);
    const bool certified = wsum <= 1 + 1e-12;
    std::vector<double> pulls, k2, liw, gain, nl, nb, pk2, pliw;
    std::size_t wrong = 0;
    for (std::size_t r = 0; r < runs; ++r) {
      const run_options o = run_r(r);
      null_observer none;
      composed_result res;
      binding at;
      const auto run_with = [&](auto& samp) {
        if (certified && !force_direct) {
          stopping::glr_one_sided rule(K, sigma, delta, grid);
          recording<stopping::glr_one_sided> rec{rule, sigma, grid, {}};
          res = run_composed(arms, samp, rec, o, none);
          at = rec.at;
        } else {
          direct_stop rule{sigma, grid, threshold, 2 * std::log(2.0) + std::log(wsum)};
          recording<direct_stop> rec{rule, sigma, grid, {}};
          res = run_composed(arms, samp, rec, o, none);
          at = rec.at;
        }
      };
      if (t3c_sampling) {
        auto samp = sampling::t3c(K, sigma, sampling::top_two_selection::ids);
        run_with(samp);
      } else {
        sampling::weakest_pair samp(K, sigma, sgrid);
        run_with(samp);
      }
      pulls.push_back(double(res.run.pulls));
      wrong += res.run.best_arm != truth;
      k2.push_back(at.log2_rho);
      liw.push_back(at.log_inv_w);
      gain.push_back(at.gain);
      nl.push_back(at.nl);
      nb.push_back(at.nb);
      pk2.push_back(at.pairs_log2_rho);
      pliw.push_back(at.pairs_log_inv_w);
    }
    double mean = 0;
    for (double p : pulls) mean += p / double(pulls.size());
    std::printf("%s\t%g\t%s\t%s\t%.0f\t%.0f\t%.0f\t%.0f\t%zu/%zu\t%.1f\t%.1f\t%.1f\t%.2f\t%.2f\t%.0f\t%.0f\t%.1f\t%.2f\n",
                inst.c_str(), delta, spec.c_str(), certified ? "yes" : "no", quantile(pulls, 0.5), mean,
                quantile(pulls, 0.25), quantile(pulls, 0.75), wrong, runs, quantile(k2, 0.5), quantile(k2, 0.25),
                quantile(k2, 0.75), quantile(liw, 0.5), quantile(gain, 0.5), quantile(nl, 0.5), quantile(nb, 0.5),
                quantile(pk2, 0.5), quantile(pliw, 0.5));
    std::fflush(stdout);
  }
}
