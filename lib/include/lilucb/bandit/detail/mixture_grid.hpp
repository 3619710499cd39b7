#pragma once
// The prior over the mixture scales of the certified GLR rules: a grid of scales rho_k with prior
// weights w_k (sum_k w_k <= 1, at most 64 scales), the grids the toolkit offers, and the penalty
// 1/2 log(1 + n/rho) of an arm with count n at scale rho (Proposition M of docs/certified-glr/propositions.md,
// step 2: the log of the normal mixture's normalisation).  Shared by the mixture stopping rules
// (stopping/glr_mixture.hpp, glr_one_sided.hpp, glr_pooled.hpp) and the weakest-pair sampling rule,
// which include this header rather than each other.  The names belong to lilucb::bandit::stopping,
// where users meet them.
// Guarantee: every grid built here has sum_k w_k <= 1, the condition Propositions M, M1, P and P2
// need of a fixed grid; check_mixture_rule rejects any other.

#include "lilucb/errors.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace lilucb::bandit::stopping {

/// How S_{a,b} combines the grid: the max over k of Zmix + log w_k (Proposition M of
/// docs/certified-glr/propositions.md), or the log-sum log sum_k w_k exp(Zmix^{(rho_k)}) (>= the max, so it stops no later; valid by
/// Proposition M, remark (iii): the sum of infima is at most the infimum of the sum).
enum class mixture_combine { max, log_sum };

/// The mixture scales rho_k and the logs of their prior weights w_k (sum_k w_k <= 1); at most 64.
struct mixture_grid {
  std::vector<double> rho;
  std::vector<double> log_weight;
  std::string label;  ///< "grid" or "rho=R"
  mixture_combine combine = mixture_combine::max;
  /// The one-sided pair rule's prior over the pair's two scales (Proposition M1 and its forms):
  /// weight common_share w_k on the common scales (rho_k, rho_k), and (1 - common_share) w_j w_k on
  /// one scale per arm (rho_j, rho_k) from the same grid; total <= 1 when sum_k w_k <= 1
  /// (docs/certified-glr/epsilon-topm.md, section 8, "The prior over the scales").  In [0, 1]; 1 (the
  /// default) is M1's common scale alone.  The other rules read
  /// only rho and log_weight, and refuse a grid whose common_share is not 1.
  double common_share = 1.0;
};

/// The default grid rho_k = 2^k, k = 0..k_max, w_k = 1/((k+1)(k+2)) (sum over all k >= 0 is 1).
/// Domain: k_max in [0, 60].
mixture_grid make_mixture_grid(unsigned k_max = 40, mixture_combine combine = mixture_combine::max);

/// A banded prior over the scales (docs/certified-glr/results.md, "The prior over the scales"; NOT the
/// default): rho_k = 2^k for k = min(band_lo, 0)..k_max, with weights
///     w_k = band_mass/(band_hi - band_lo + 1)  [band_lo <= k <= band_hi]
///         + (1 - band_mass)/((k+1)(k+2))       [k >= 0]
/// i.e. a share band_mass of the prior flat on the band 2^band_lo..2^band_hi (where the binding
/// scale of the pairs that stop a run lies on Section 5's scenarios and on the instances of docs/certified-glr/results.md) and
/// the rest on the default prior (make_mixture_grid), so that no scale >= 1 costs more than
/// log(1/(1 - band_mass)) nats above the default.  Sum: band_mass + (1 - band_mass)(1 - 1/(k_max + 2))
/// < 1 (sum_{k=0}^{m} 1/((k+1)(k+2)) = 1 - 1/(m+2), telescoping), so Propositions M and M1 hold
/// (they need only a fixed grid with sum_k w_k <= 1).  A scale rho < 1 is a prior on the gap wider
/// than sigma (rho = sigma^2/(prior variance of the mean)).
/// Domain: k_max in [0, 60]; band_lo in [k_max - 63, band_hi] (at most 64 scales); band_hi in
/// [band_lo, k_max]; band_mass in (0, 1).
mixture_grid make_banded_mixture_grid(int band_lo = -2, int band_hi = 7, double band_mass = 0.75,
                                      unsigned k_max = 40);

/// The prior for an additive epsilon-good question (Proposition Gε-M1 with epsilon > 0; why and
/// what it gains: docs/certified-glr/epsilon-topm.md, section 7, "The prior over the scales"):
///     make_banded_mixture_grid(0, hi, 0.9, 40),  hi = min(40, max(0, ceil(log2(4 sigma^2/epsilon^2)))),
/// hi exact (from the binary exponents and significands: the same on every platform).
/// The pair (leader a, challenger b) is tested at the shifted gap mu_hat_a - (mu_hat_b - epsilon) >=
/// epsilon, and a pair whose gap is g reaches its threshold near the scale rho = 4 sigma^2/g^2, so
/// the scales above 2^hi serve no pair that the shift has not already made easy; 0.9 of the weight
/// sits flat on 2^0..2^hi and 0.1 keeps the default prior (no scale >= 1 costs more than log 10
/// nats above the default).  The prior depends on sigma and epsilon only, both fixed before the
/// first pull, so Propositions M1 and Gε-M1 hold (sum_k w_k < 1, make_banded_mixture_grid).
/// Domain: sigma in (0, inf), epsilon in (0, inf).
mixture_grid make_epsilon_mixture_grid(double sigma, double epsilon);

/// The prior of a top-m question (Proposition TM-M1; why and what it gains:
/// docs/certified-glr/epsilon-topm.md, section 8, "The prior over the scales"): the banded grid
/// make_banded_mixture_grid(-4, 16, 0.9, 40) (Proposition P2's) with common_share 1/2, i.e. half the
/// weight on a common scale for the pair and half on one scale per arm (a joint prior of total
/// weight < 1: Proposition M1's proof holds with it, same section).  A pair whose arms have far
/// apart counts binds at scales far apart, which a common scale cannot serve.
mixture_grid make_joint_mixture_grid();

/// One fixed mixture scale rho (weight 1).  Domain: rho in (0, inf).
mixture_grid make_fixed_rho(double rho);

/// The grid as a certificate states it: make_mixture_grid's formula when the scales and weights
/// are exactly those of make_mixture_grid(G - 1) (whatever the label), a fixed scale by its label
/// ("rho=R"), and otherwise the grid's size, range and total prior weight (with its label, if any).
std::string describe_grid(const mixture_grid& g);

namespace mixture_detail {
/// The penalty of an arm with count n at mixture scale rho, 1/2 log(1 + n/rho): the log of the
/// normal mixture's normalisation (Proposition M; every mixture rule's rows use this one expression,
/// so a value computed twice is the same bits).
inline double mixture_penalty(double n, double rho) { return 0.5 * std::log1p(n / rho); }
inline void mixture_penalties(std::uint64_t n, const mixture_grid& g, double* out) {
  for (std::size_t k = 0; k < g.rho.size(); ++k) out[k] = mixture_penalty(static_cast<double>(n), g.rho[k]);
}
/// The checks of a mixture rule's arguments (glr_mixture's, glr_one_sided's and glr_pooled's), naming `fn`:
/// K >= 1, sigma in (0, inf), delta in (0, 1), 1 to 64 scales rho_k in (0, inf) with one weight
/// each and sum_k w_k <= 1, common_share in [0, 1].  Returns the weights w_k and the threshold log((K - 1)/delta) (0 for K = 1).
/// Throws lilucb::domain_error naming `fn` and "grid common_share" unless the grid's common_share is
/// in [0, 1] (only_one == nullptr: the one-sided pair rules, which take joint priors) or exactly 1
/// (a rule whose prior is not the pair's joint prior; only_one says why, in the admissible range).
void check_common_share(const char* fn, const mixture_grid& g, const char* only_one = nullptr);
struct checked_rule {
  std::vector<double> w;
  double threshold;
};
checked_rule check_mixture_rule(const char* fn, std::size_t K, double sigma, double delta, const mixture_grid& grid);
}  // namespace mixture_detail

}  // namespace lilucb::bandit::stopping
