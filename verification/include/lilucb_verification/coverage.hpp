#pragma once
// Monte-Carlo coverage of the finite LIL (docs/verification.md, "The checks"): simulate random walks
// S_t = X_1 + ... + X_t to a horizon T and record which walks cross a boundary, and when.
//
// The boundaries of Lemma `lem:lil`, of footnote `fnt:delta_foot` and of Section 5's LS rule all
// have the form
//     b(t; delta) = a(t) sqrt(g(t) + log(1/delta)),                                  (*)
// a(t) = (1+sqrt(eps)) sigma sqrt(2(1+eps) t), g(t) = log log((1+eps) t + c) (+ log(2n) for LS).
// So S_t > b(t; delta) exactly when S_t > 0 and S_t^2/a(t)^2 - g(t) > log(1/delta) (for the
// two-sided event |S_t| > b(t; delta): |S_t| > 0 and the same inequality).  Every walk is
// checked at every t <= T (no time is skipped); per walk we keep
//     critical = max over t <= T of S_t^2/a(t)^2 - g(t)   (over t with S_t > 0, resp. S_t != 0),
// and the walk crosses b(.; delta) before T iff critical > log(1/delta): one simulation gives the
// crossing count for every delta at once, with common random numbers (used to find the delta at
// which the observed rate reaches a nominal level).  For a list of deltas the first crossing
// time is recorded as well.  The comparison is (*) rearranged; it agrees with S_t > b(t; delta)
// up to rounding (relative 1e-16), which can matter only for a walk within that distance of
// the boundary.
//
// Walk w draws from the stream (seed, w) of random.hpp, whatever thread runs it: the result is
// the same for every thread count.

#include "lilucb/theory/finite_lil.hpp"
#include "lilucb_verification/claim.hpp"

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace lilucb::verification {

/// The increment laws of the check, each centred and sub-Gaussian with *optimal* scale sigma
/// (E exp(lambda X) <= exp(sigma^2 lambda^2/2) for all lambda, and no smaller sigma works):
///   gaussian    N(0, sigma^2);
///   rademacher  +-sigma with probability 1/2 each (cosh(x) <= exp(x^2/2));
///   uniform     uniform on [-sigma sqrt(3), sigma sqrt(3)] (variance sigma^2; the uniform law
///               is strictly sub-Gaussian, so its optimal scale is its standard deviation,
///               where Hoeffding's lemma would give the larger sigma sqrt(3));
///   bernoulli   (B - p) sigma/s(p), B ~ Bernoulli(p), s(p) the optimal scale of B - p
///               (Kearns and Saul 1998: s(p)^2 = (1-2p)/(2 log((1-p)/p)), s(1/2)^2 = 1/4, where
///               Hoeffding's lemma would give 1/2 for every p).
enum class increment_kind { gaussian, rademacher, uniform, bernoulli };

/// "gaussian", "rademacher", "uniform", "bernoulli".
const char* to_string(increment_kind kind) noexcept;

struct increment_distribution {
  increment_kind kind = increment_kind::gaussian;
  double sigma = 1;  ///< the optimal sub-Gaussian scale of one increment
  double p = 0.5;    ///< success probability, bernoulli only
};

/// The optimal sub-Gaussian scale of B - p, B ~ Bernoulli(p) (Kearns and Saul 1998):
/// sqrt((1-2p)/(2 log((1-p)/p))), and 1/2 at p = 1/2.  Domain: p in (0, 1).
double bernoulli_optimal_scale(double p);

/// Which deviations count as a crossing.
enum class crossing_sides {
  upper,  ///< S_t > b(t): Lemma `lem:lil` as stated
  both    ///< |S_t| > b(t): the events E_i(omega) of Section `sec:analysis`, the LS rule
};

/// A boundary family (*) on t = 1..horizon and the deltas whose first crossing times are kept.
struct boundary_family {
  std::string name;
  crossing_sides sides = crossing_sides::upper;
  std::vector<double> inv_scale_sq;  ///< 1/a(t)^2, index t-1
  std::vector<double> offset;        ///< g(t), index t-1
  std::vector<double> deltas;        ///< levels for first-crossing times; g(t) + log(1/delta) > 0
};

/// Lemma `lem:lil`'s bound (inner_log::lemma) or footnote `fnt:delta_foot`'s (plus2) as a
/// family (*): a(t) = (1+sqrt(eps)) sigma sqrt(2(1+eps)t), g(t) = log log((1+eps)t + c) + log_shift.
/// At log_shift = 0 it is lilucb::lil_bound(t, eps, delta, sigma, inner); Section 5's LS bound
/// T*ls_bound(T, eps, delta, sigma, n) is plus2 at delta/(2n), i.e. log_shift = log(2n).
/// Domain: horizon >= 1; eps in (0,1) (lemma) or [0,1) (plus2); sigma > 0; log_shift >= 0
/// finite; every delta in (0, log(1+eps)) (lemma; the formula's own range, which contains the
/// lemma's (0, log(1+eps)/e)) or (0, 1) (plus2).
boundary_family lil_boundary_family(std::uint64_t horizon, double eps, double sigma, inner_log inner,
                                    crossing_sides sides, std::vector<double> deltas,
                                    double log_shift = 0);

/// A fixed boundary b(t) (index t-1) as a family: a = b, g = 0, recorded at delta = 1/e,
/// where (*) gives b(t) itself.  Domain: non-empty, every b(t) > 0 and finite.
boundary_family fixed_boundary_family(const std::vector<double>& boundary, crossing_sides sides);

/// What one family's crossings were.
struct family_crossings {
  /// Per walk, max_t S_t^2/a(t)^2 - g(t) over the t counted by the family's sides (-inf when
  /// there is none), sorted ascending.  The walk crosses b(.; delta) by T iff critical > log(1/delta).
  std::vector<double> critical;
  std::vector<std::uint64_t> crossings;  ///< per family delta: walks that cross by T
  /// Per family delta: first crossing times by decade, entry d counts t in [10^d, 10^(d+1)).
  std::vector<std::vector<std::uint64_t>> first_crossing_by_decade;
  /// Per family delta: sum of the first crossing times (for the mean), 0 when none.
  std::vector<double> first_crossing_time_sum;
};

struct crossing_simulation {
  increment_distribution increments;
  std::uint64_t walks = 0, horizon = 0, seed = 0;
  std::vector<family_crossings> families;  ///< in the order given
};

/// Simulates `walks` walks of `increments` to the common horizon of `families` and records each
/// family's crossings (see the file comment).  Deterministic in (seed, walk) for any `threads`
/// (0 = all cores).  Domain: walks >= 1; families non-empty, all of the same horizon in
/// [1, 2^32), with matching table sizes, finite tables, inv_scale_sq > 0, every delta > 0 with
/// g(t) + log(1/delta) > 0 for all t; increments.sigma > 0 finite, p in (0,1) for bernoulli.
crossing_simulation simulate_crossings(const increment_distribution& increments,
                                       const std::vector<boundary_family>& families,
                                       std::uint64_t walks, std::uint64_t seed, unsigned threads);

/// Walks of `result` that cross b(.; delta) by the horizon: #{critical > log(1/delta)}.
/// Domain: delta > 0.
std::uint64_t crossings_at(const family_crossings& result, double delta);

/// The smallest delta at which at least k walks cross by the horizon: exp(-c) for the k-th
/// largest critical value c (delta = exp(-c) itself does not cross: "just above").  Returns
/// +inf when fewer than k walks ever come above 0 on the counted side.  Domain: k in [1, walks].
double delta_reaching_count(const family_crossings& result, std::uint64_t k);

/// An upper bound on P(exists t > T : S_t > lil_bound(t, eps, delta, sigma, inner)) from the
/// proof of Lemma `lem:lil` applied from T on: a crossing at t in {u_k+1, ..., u_{k+1}} needs
/// Step 1's event at u_k or Step 2's in block k, so the tail is at most
///   sum over k >= K of  (delta/L(u_k))^(1+eps)                                    (Step 1)
///                     + exp(-eps u_{k+1}/(u_{k+1}-u_k-1) log(L(u_{k+1})/delta))   (Step 2)
/// with K = min{k >= 1 : u_{k+1} > T}, u_0 = 1, u_{k+1} = ceil((1+eps)u_k) (exact integers),
/// L(u) = log(u + c).  Terms are summed exactly until u_k passes 2^52, the rest is bounded by
/// log u_k >= k log(1+eps) and an integral.  (For c = 2 this is the same proof with the
/// footnote's psi.)  Domain: T >= 2 (so t = 1, which the proof does not cover, is not in the
/// tail); eps, delta as lil_bound.
double lil_tail_bound_after(std::uint64_t T, double eps, double delta, inner_log inner);

/// The verdict of one coverage comparison, at one-sided level alpha for each direction.
struct coverage_assessment {
  std::uint64_t crossings = 0, walks = 0;
  double claimed = 0;     ///< the stated failure probability
  double tail_bound = 0;  ///< bound on first crossings after the horizon (+inf: none)
  double alpha = 0;
  double rate_low = 0, rate_high = 1;  ///< Clopper–Pearson bounds on P(cross by T), level alpha each
  double ratio_low = 0;   ///< claimed / rate_high: the bound is at least this conservative
  double ratio_high = 0;  ///< claimed / rate_low (+inf when rate_low = 0)
  /// holds: rate_high + tail_bound <= claimed (all t); holds_with_caveat: rate_high <= claimed
  /// but the tail bound does not fit (shown to the horizon only); fails: rate_low > claimed
  /// (crossings by T alone exceed the claim); undecided otherwise.
  verdict_kind verdict = verdict_kind::undecided;
};

/// Compares `crossings` of `walks` with `claimed` (see coverage_assessment).
/// Domain: walks >= 1, crossings <= walks, claimed >= 0 finite, tail_bound >= 0 (inf allowed),
/// alpha in (0, 1).
coverage_assessment assess_coverage(std::uint64_t crossings, std::uint64_t walks, double claimed,
                                    double tail_bound, double alpha);

/// How much the coverage check simulates per setting.  coverage_claims(options) uses
/// {20000 walks, T = 1000, sigma in {1}} for effort::quick and {200000, 10000, {0.5, 1}} for
/// effort::full.
struct coverage_budget {
  std::uint64_t walks = 20000;
  std::uint64_t horizon = 1000;
  std::vector<double> sigmas = {1.0};
};

/// The coverage check's claims at an explicit budget (coverage_claims(options) picks it from
/// options.level).  Domain: walks >= 1, horizon in [2, 2^32), sigmas non-empty and positive.
std::vector<claim> coverage_claims(const verify_options& options, const coverage_budget& budget);

}  // namespace lilucb::verification
