#pragma once
// The pair statistic of Proposition PE (docs/certified-glr/pooled-eb.md): a mixture of
// empirical-Bernstein bets for rewards in [0, 1], one prior per arm of the pair.
//
// For a pooled arm V (count N_V, sum S_V, sum of squares Q_V) against an arm c (N_c, S_c, Q_c),
// with psi_E(lambda) = -log(1 - lambda) - lambda and a grid of bets lambda_k in (0, 1) with
// weights w_k (sum_k w_k <= 1) and table values psi_k >= psi_E(lambda_k),
//     Q(m)   = Q - 2 m S + N m^2                         (= sum over the pulls of (y - m)^2),
//     g_k(m) = lambda_k (S_V - N_V m) - psi_k Q_V(m),    A(m) = log sum_k w_k exp(g_k(m)),
//     gt_j(m) = lambda_j (N_c m - S_c) - psi_j Q_c(m),   B(m) = log sum_j w_j exp(gt_j(m)),
//     S_E    = inf over m in [0, 1] of h(m) = A(m) + B(m).
// h is not convex, but every g_k and gt_j is a concave quadratic in m (coefficient of m^2:
// -psi N <= 0), so on a cell [a, b] each term is at least the smaller of its values at a and b,
// and the log-sums of those minima bound h from below on the whole cell (Lemma 3 of the
// proposition's page: the end-value bound L1; its chord bound L2 is used beside it).  The decision "S_E >= thr" is a branch and bound over cells of [0, 1].
//
// Numerics (the proposition's page, "Numerics"): every term is computed with a bound on its
// rounding and on the rounding of the sums it reads; a log-sum is 1-Lipschitz in the sup norm of
// its terms, so a side's computed log-sum less the largest term bound and less the log-sum's own
// rounding bound is a certified lower bound (plus: an upper bound).  The table's psi_k is rounded
// upwards, which the proposition allows (any psi_k >= psi_E(lambda_k) gives a supermartingale).

#include "lilucb/bandit/detail/tracked_log_sum.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace lilucb::bandit::eb_mixture {

/// One arm's prior: bets 0 <= lambda_1 < ... < lambda_G < 1 (only the first may be 0), finite
/// log-weights with sum_k w_k <= 1, and psi_k >= psi_E(lambda_k) (the table make_bet_grid fills).
struct bet_grid {
  std::vector<double> lambda, log_weight, psi;
};

/// psi_E(lambda) = -log(1 - lambda) - lambda, rounded upwards (the returned double is >= the
/// exact value; relative excess below 1e-13).  Domain: lambda in [0, 1).
double psi_upper(double lambda);

/// The grid lambda_k = top * 2^(-k / per_octave), k = 0 .. count - 1, increasing, and with
/// `abstain` the bet 0 first (its term is log w: each side's log-sum is at least log w at every
/// m), with equal weights (each log-weight -log(count + abstain) - 1e-13, so the weights sum to
/// less than 1).  Domain: top in (0, 0.99], per_octave >= 1, 1 <= count + abstain <= 128, the
/// smallest positive bet >= 2^-60.
bet_grid make_bet_grid(double top, int per_octave, int count, bool abstain = true);

/// The default: the bet 0 and lambda_k = 0.9 * 2^(-k/3), k = 0 .. 23 (24 bets from
/// 0.9 * 2^(-23/3) ~ 0.0044 to 0.9; equal weights 1/25): the choice and its reasons are in
/// docs/certified-glr/pooled-eb.md, "The grid".
bet_grid make_default_bet_grid();

/// Checks a grid (1 to 128 bets, increasing, each in (0, 0.99] or the first 0; finite log-weights
/// whose weights sum to at most 1; psi_k >= psi_upper's value): throws lilucb::domain_error naming
/// fn and "grid".
void check_bet_grid(const char* fn, const bet_grid& g);

/// "24 empirical-Bernstein bets from 0.0044 to 0.9 and the bet 0": for certificates and reports.
std::string describe(const bet_grid& g);

/// One side's data: count, sum and sum of squares of rewards in [0, 1], and absolute bounds on the
/// rounding of the sums (the exact sums of the rewards as computed lie within err_s, err_q).
struct side_data {
  double n, s, q, err_s, err_q;
};

/// The pair: V (bet upwards against m) and c (bet downwards), and the grid both use.
struct pair_data {
  side_data v, c;
  const bet_grid* grid;
};

/// Certified bounds of h at one point: lower <= h(m) <= upper.  Domain: m in [0, 1].
struct point_bounds {
  double lower, upper;
};
point_bounds h_bounds(const pair_data& p, double m);

/// A certified lower bound of inf over [a, b] of h (from the terms' values at a and b).
/// Domain: 0 <= a <= b <= 1.
double cell_lower_bound(const pair_data& p, double a, double b);

/// The minimiser of the pair's Gaussian approximation (each side's exponent N (mean - m)^2 /
/// (2 var)): the precision-weighted mean of the two empirical means, clamped to [0, 1]; a
/// cheap guess of h's minimiser.  Domain: counts >= 1.
double gaussian_guess(const pair_data& p);

/// The outcome of a search: `lower` a certified lower bound of S_E (-inf when nothing is
/// certified), `upper` the smallest certified upper bound seen, `argmin` the point where it was
/// seen, `cells` the cells examined.
struct search_result {
  double lower, upper, argmin;
  int cells;
};

/// Branch and bound over [0, 1] from a guess m0 in [0, 1].  With thr finite: decides
/// "S_E >= thr": returns as soon as upper < thr (fails: lower is then the bound reached so far)
/// or every cell's lower bound is >= thr (passes: lower >= thr); a search that runs out of
/// max_cells cells ends undecided with lower < thr (the caller fails the pair: only a pass
/// needs a certificate).  With thr NaN: refines the cell of smallest lower bound until
/// upper - lower <= 1e-6 (1 + |lower|) or max_cells; lower is always certified.
/// Domain: m0 in [0, 1], max_cells >= 1.
search_result search(const pair_data& p, double m0, double thr, int max_cells = 400);

/// An upper bound of h(m), so of S_E, in O(1): each side's log-sum is at most its largest term
/// (the weights sum to at most 1), and every term at most the supremum over all bets lambda in
/// [0, 1) of lambda D - psi_E(lambda) Q, which is D - Q log(1 + D/Q) for D > 0 (at lambda = D/(D +
/// Q); D when Q = 0) and 0 for D <= 0, with D = S - N m (up) or N m - S (down) and Q = Q(m); the
/// sums' and the arithmetic's rounding added (pooled-eb.md, "An upper bound in O(1)").  For a
/// rule that fails a pair early; never for a pass.  Domain: m in [0, 1]; p as a rule holds it.
double h_upper_o1(const pair_data& p, double m);

/// One side at a fixed m as a tracked log-sum (detail/tracked_log_sum.hpp): A(m) (up, the pooled
/// arm) or B(m) (down, arm c) from the side's data, each term's exponent within its bound on the
/// arithmetic's and the sums' rounding, and each reward y adding +-lambda_k (y - m) - psi_k (y - m)^2
/// to term k.  Its upper() bounds the side at the exact sums as long as every add() is given the
/// exact reward.  Domain: m in [0, 1]; d as a pair's side holds it; g as check_bet_grid admits.
::lilucb::bandit::detail::tracked_log_sum track_side(const bet_grid& g, const side_data& d, double m, bool up);

/// S_E's certified lower bound for a pooled arm (nv, sv, qv) against an arm (nc, sc, qc) with
/// exact sums, on grid g.  Domain: nv, nc >= 1; 0 <= s <= n and s^2/n <= q <= s (rewards in
/// [0, 1], up to 1e-12 relative); g as check_bet_grid admits.  Throws lilucb::domain_error
/// naming the argument.
double pooled_eb_statistic(const bet_grid& g, double nv, double sv, double qv, double nc, double sc, double qc);

}  // namespace lilucb::bandit::eb_mixture
