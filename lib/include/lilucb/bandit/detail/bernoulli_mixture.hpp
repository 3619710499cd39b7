#pragma once
// The pair statistic of Proposition PK (docs/certified-glr/pooled-kl.md): a mixture of Bernoulli
// tilts for rewards in [0, 1], one prior per arm of the pair.
//
// For a pooled arm V (count N_V, sum S_V) against an arm c (N_c, S_c), with the Bernoulli
// log-moment function psi_m(lambda) = log(1 - m + m e^lambda) and a grid of tilts lambda_k >= 0
// (only the first may be 0) with weights w_k (sum_k w_k <= 1),
//     A(m) = log sum_k w_k exp( lambda_k S_V - N_V psi_m( lambda_k)),
//     B(m) = log sum_j w_j exp(-lambda_j S_c - N_c psi_m(-lambda_j)),
//     S_K  = inf over m in [0, 1] of h(m) = A(m) + B(m).
// h is convex on [0, 1] (Lemma 2 of the proposition's page), so a bracket of its minimiser gives a
// certified lower bound of S_K from two tangent lines (numerics below).  A weight w_0 at lambda = 0
// is a term no pull changes: one side's pulls at its own mean then lower S_K
// by at most log(sum_k w_k / w_0) (Lemma 5 of the proposition's page, "No stalls").
//
// Numerics: each term is formed from e^{+-lambda_k} tabulated with the grid, as
// log((1 - m) + m e^{+-lambda}) (a sum of two nonnegative numbers, no cancellation); h_at returns
// with h and h' bounds on their rounding (err_h, err_d).  The search's lower bound: h(lo) and h(hi)
// at the nearest points whose slope's sign is certain beyond its rounding (h is monotone beyond
// them), and between them the tangent lines at the bracket's ends, each moved down by err_h +
// err_d (hi - lo); less a final 1e-12 (1 + |value|).
// The sums enter monotonically (A increases with S_V, B decreases with S_c), so a caller holding
// rounded sums passes S_V lowered and S_c raised by their rounding bounds.

#include "lilucb/bandit/detail/tracked_log_sum.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace lilucb::bandit::bernoulli_mixture {

/// One arm's prior: increasing tilts lambda_k >= 0 (only lambda_1 may be 0: a mass at zero) with
/// finite log-weights log w_k, sum_k w_k <= 1, and the tabulated e^{lambda_k}, e^{-lambda_k} and
/// their expm1.
struct tilt_grid {
  std::vector<double> lambda, log_weight, up, down, up_m1, down_m1;  // up = e^lambda, down = e^-lambda
};

/// The grid lambda_k = 2^(k / per_octave), k = lo .. hi, preceded by lambda = 0 when zero_mass,
/// with equal weights 1/(hi - lo + 1 + zero_mass).
/// Domain: lo <= hi, per_octave >= 1, at most 128 tilts (the zero included), every positive tilt in
/// [2^-60, 2^6].
tilt_grid make_tilt_grid(int lo, int hi, int per_octave, bool zero_mass = false);

/// The default: a mass at zero and lambda = 2^(k/3), k = -24 .. 6 (31 tilts from 2^-8 ~ 0.004 to
/// 4), equal weights 1/32 (make_tilt_grid(-24, 6, 3, true)): the tilts stop a pair whose arms have
/// 100 to 10^6 pulls and variances from 0.04 to 1/4 (lambda* ~ sqrt(2 x 10 nats / (N var))); pairs
/// outside still collect evidence at the nearest tilt; the mass at zero keeps either side's pulls
/// at its own mean from taking more than log 32 nats from the pair (no stalls: Lemma 5 of
/// docs/certified-glr/pooled-kl.md, "No stalls").  The choice and its measured overhead: the same
/// document, "The grid and the measurements".
tilt_grid make_default_tilt_grid();

/// The prior for an additive epsilon (a pair's shift s = epsilon in [0, 1] units, in [0, 1)): the
/// default grid's tilts 2^(k/3) from the largest one at most s/2 (not below 2^-8) up to 4, and the
/// mass at zero, equal weights.  A pair of shifted gap at least s is tested by tilts near s/v
/// (v <= 1/4 its variance) and Lemma T of docs/certified-glr/epsilon-topm.md needs one in
/// [2^(-1/3) s, s]: the tilts below s/2 serve none of them, and their weight goes to the others
/// (measured: epsilon-topm.md, section 9).  s <= 2^-7 gives the default grid.  Domain: s in [0, 1).
tilt_grid make_epsilon_tilt_grid(double s);

/// Checks a grid (1 to 128 tilts, each finite, increasing, > 0 except the first, which may be 0,
/// finite log-weights with sum_k w_k <= 1 + 1e-12, the tables matching): throws
/// lilucb::domain_error naming fn and "grid".
void check_tilt_grid(const char* fn, const tilt_grid& g);

/// "a mass at 0 and 31 Bernoulli tilts from 0.0039... to 4" (or "31 Bernoulli tilts from ..."
/// without the mass at zero): for certificates and reports.
std::string describe(const tilt_grid& g);

/// The pair: V's count and sum, c's count and sum (rewards in [0, 1]; sums in [0, count] up to
/// rounding), the grid (both arms use it), and a shift s >= 0 of V's point: with s > 0 the pair's
/// function is h_s(m) = A(m - s) + B(m) on [s, 1] (an additive epsilon: V's arm is tested against
/// c's mean less s), convex as h is (A is, and m - s is affine).  s must be a multiple of 2^-30 in
/// [0, 1): then m - s is exact for every double m in [s, 1] (both are multiples of 2^-52 ulp(m)
/// units, and the difference is representable), so the search evaluates h_s itself.
struct pair_data {
  double nv, sv, nc, sc;
  const tilt_grid* grid;
  double shift = 0;
};

/// The largest multiple of 2^-30 at most eps (eps in [0, 1)): a pair's shift for an additive
/// epsilon (testing against a smaller shift is conservative).
double shift_of(double eps);

/// h_s(m), h_s'(m) and bounds on their rounding (see the file comment).  Domain: m in [s, 1].
struct value {
  double h, dh, err_h, err_d;
};
value h_at(const pair_data& p, double m);

/// The outcome of a search: a certified lower bound of S_K, the smallest upper bound seen
/// (min over the evaluated m of h + err), and the evaluated point with the smallest h.
struct search_result {
  double lower, upper, argmin;
};

/// Searches inf over [s, 1] of h_s (s = p.shift; h when s = 0) from m0 in [s, 1] (a guess near the
/// minimiser): the bracket
/// from m0 downhill by steps growing fourfold, then secant steps on h' (bisection every third).
/// With thr finite it stops as soon as lower >= thr (the pair passes) or upper < thr (it fails);
/// it always stops when upper - lower <= 1e-9 (1 + |lower|), when the bracket cannot shrink in
/// floating point, or after max_eval evaluations.  Domain: m0 in [s, 1], s a multiple of 2^-30 in
/// [0, 1) (else lilucb::domain_error naming m0 or shift), max_eval >= 1.
search_result search(const pair_data& p, double m0, double thr, int max_eval = 200);

/// One side at a fixed m as a tracked log-sum (detail/tracked_log_sum.hpp): A(m) (up) or B(m)
/// (down) at n pulls of sum s, each term's exponent within its rounding bound, and each reward y
/// adding +-lambda_k y - psi_m(+-lambda_k) to term k.  Its upper() bounds the side at the exact sums
/// whenever s bounds the exact sum from the side's favourable direction (up: s >= it; down: s <=
/// it) and every add() is given the exact reward.  Domain: m in [0, 1], n >= 0, s finite; g as
/// check_tilt_grid admits.
::lilucb::bandit::detail::tracked_log_sum track_side(const tilt_grid& g, double n, double s, double m, bool up);

/// S_K's certified lower bound for a pooled arm (nv, sv) against an arm (nc, sc) on grid g,
/// from the count-weighted mean.  Domain: nv, nc >= 1; sv in [0, nv], sc in [0, nc] (rewards in
/// [0, 1]); g as check_tilt_grid admits.  Throws lilucb::domain_error naming the argument.
double pooled_kl_statistic(const tilt_grid& g, double nv, double sv, double nc, double sc);

}  // namespace lilucb::bandit::bernoulli_mixture
