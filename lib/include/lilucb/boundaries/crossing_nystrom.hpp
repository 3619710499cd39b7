#pragma once
// Crossing probabilities of Gaussian random walks by a Nystrom method with Euler–Maclaurin end
// corrections: p(t) = P(exists s <= t : S_s >= u(s)) for S_s = X_1 + ... + X_s, X_i i.i.d.
// N(0, sigma^2), for any boundary given as its values u(1), ..., u(T).
//
// What is computed (positions in units of sigma, U_t = u(t)/sigma).  The density f_t of the
// walks that have not crossed by t lives on (-inf, U_t]: f_1 = phi, and
//   f_{t+1}(y) = int_{-inf}^{U_t} f_t(x) phi(y - x) dx,
//   p(t+1) - p(t) = int_{-inf}^{U_t} f_t(x) Phibar(U_{t+1} - x) dx,   p(1) = Phibar(U_1).
// f_t is the restriction of an entire function (a Gaussian convolution), so the integrands are
// smooth up to the end point U_t.  The nodes are x_j = U_t - j h (j = 0, 1, ...), aligned with
// the boundary at every step, so each step is one Toeplitz product with a kernel sampled once
// per step (one fractional shift U_{t+1} - U_t).  The rule is the trapezoid rule plus the
// Euler–Maclaurin end terms at U_t,
//   int_{-inf}^{U} g = h (g(U)/2 + g(U - h) + g(U - 2h) + ...) - sum_{m=1}^{K} B_2m/(2m)! h^2m g^(2m-1)(U),
// with the derivatives of g = f_t kernel computed exactly: f_t^(i)(U_t) from the previous
// step's Nystrom formula (Gaussians and Hermite functions, whose derivatives are closed-form).
// Away from the end point the trapezoid rule's error is the aliasing of a Gaussian-smoothed
// integrand, of order exp(-pi^2/h^2) (7e-18 at h = 1/2); at the end point the first K
// Euler–Maclaurin terms are removed, so the rule has order 2K + 2 in h, and the Nystrom
// solution inherits the expansion of its rule.  The tests measure the orders (2, 4, 6 for
// K = 0, 1, 2) and the error against independent answers; docs/boundaries.md has the numbers.
//
// Far below the boundary (two-level scheme, `coarse_bulk`): every k steps the density is split
// by a smooth partition of unity chi (an erf step) into a part near the boundary, kept on the
// nodes above and advanced step by step, and a bulk part ending `reach_sds` sd(k steps) below
// every boundary value of the last k steps, of now and of the next k steps, which cannot reach
// the boundary in those steps except with the probability bounded below (added to `dropped`),
// holds no cut of the density less than k steps old, and is advanced freely by one k-step
// Gaussian kernel on a lattice of spacing about sqrt(k)/2 (the trapezoid rule on a function
// smooth on that scale: again an aliasing error).  At the next split each part is evaluated at
// the other's nodes (each is a Nystrom sum, defined everywhere).  k = coarse_base_steps x 4^m is
// chosen at each split by a cost model (or no split: early times, boundaries that dip), which
// makes a step cost O(sqrt(k)) instead of O(sqrt(t)): about 0.5 s of CPU at T = 1e5 for h = 1/2.
//
// Approximations whose effect is bounded and returned as `dropped` (an upper-side term): the
// kernels cut at `reach_sds` sd (2 Phibar(reach) of the mass per step), the mass below the floor
// -window_sds sd(S_t) (or below the near part's nodes), the bulk's crossing probability within
// its k steps (2 Phibar(distance / sqrt k) per unit mass, by the reflection principle for the
// Brownian motion that the walk samples), and a boundary capped at window_sds sd(S_t) above 0
// (what crosses the cap is dropped, never counted as crossed).
//
// Error statement: the result is a discretisation with the orders above, NOT a rigorous
// bracket; crossing_probability (crossing.hpp) runs two independent discretisations and
// reports their difference (docs/boundaries.md: what is proved, what is measured).

#include <cstdint>
#include <vector>

namespace lilucb::boundaries {

struct nystrom_options {
  double step = 0.5;               ///< h, the node spacing in units of sigma; (0, 2]
  unsigned correction_terms = 12;  ///< K, Euler–Maclaurin terms at the boundary; [0, 20] (0: plain trapezoid)
  double reach_sds = 9;            ///< kernels cut at this many of their sd; [4, 30]
  double window_sds = 10;          ///< floor at -window_sds sd(S_t), cap at +window_sds sd(S_t); [4, 30]
  bool coarse_bulk = true;         ///< the two-level scheme (false: every node on the step-h grid)
  unsigned coarse_base_steps = 4;  ///< the bulk's step counts are k = this x 4^m (m = 0, 1, ...); [2, 64]
};

/// One discretisation's result.
struct nystrom_crossing {
  double probability = 0;              ///< p(T) by this discretisation
  double dropped = 0;                  ///< bound on the mass removed (see the header comment)
  std::vector<double> at_checkpoints;  ///< p(t) at each requested checkpoint
  std::uint64_t bulk_updates = 0;      ///< k-step updates of the bulk (0: the bulk was never split off)
};

/// p(t) for the boundary radius[1..T] (radius[0] unused, as boundary_radii returns it), T =
/// radius.size() - 1, at t = T and at each sorted checkpoint in [1, T].  Domain: sigma > 0 finite,
/// radius.size() >= 2, no NaN in radius[1..T] (+inf is capped, -inf makes everything cross),
/// options as documented on nystrom_options.  Polls check_interrupt() (interrupt.hpp) once per
/// time step.
nystrom_crossing crossing_probability_nystrom(const std::vector<double>& radius, double sigma,
                                              const nystrom_options& options = {},
                                              const std::vector<std::uint64_t>& checkpoints = {});

}  // namespace lilucb::boundaries
