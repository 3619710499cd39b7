#pragma once
// The numeric kernel of the one-sided (half-normal) Gaussian mixture: Proposition M1 of
// docs/certified-glr/propositions.md.  For a pair (a, b) with counts N_a, N_b >= 1, means mu_hat_a, mu_hat_b,
// sigma > 0 and a grid of 1 to 64 scales rho_k with weights w_k (detail/mixture_grid.hpp),
//     S1_{a,b} = inf_m h(m),   h(m) = log sum_k exp(c_k + F(s_a,k (mu_hat_a - m)) + F(s_b,k (m - mu_hat_b))),
//     F(u) = u^2/2 + log Phi(u),   s_i,k = N_i/(sigma sqrt(N_i + rho_k)),
//     c_k = log w_k + 2 log 2 - 1/2 log(1 + N_a/rho_k) - 1/2 log(1 + N_b/rho_k);
// h is convex in m.  Provides F and its slope, h and its slope (pair_data, h_at), the certified
// search for inf h (search_infimum, infimum_lower_bound), the searches stopped at a verdict
// (coarse_infimum, decide_infimum), and the bounds the stopping rules decide by (quadratic_upper,
// tight_upper, carried_upper, grouped_at).  Used by stopping/glr_one_sided.hpp (S1),
// stopping/glr_pooled.hpp (S1 and the per-arm S2) and sampling/weakest_pair.hpp (its challenger).
// Guarantee: every value returned as a lower bound is <= the exact infimum and every upper bound
// >= h at its point (the margins cover the rounding); so a pass decided on a lower bound and a
// fail on an upper bound are the verdicts of the exact statistic.  Proofs: docs/certified-glr/
// numerics.md ("Numerics of the one-sided mixture", "Stale rows", "Carried bound", "Deciding
// search", "Fewer terms").  Tests: tests/bandit/test_one_sided_mixture.cpp.

#include "lilucb/bandit/detail/mixture_grid.hpp"
#include "lilucb/errors.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>

namespace lilucb::bandit::one_sided_mixture {

/// F(u) = u^2/2 + log Phi(u) and F'(u) = u + phi(u)/Phi(u), for every real u; beyond x = -u/sqrt 2 > 100
/// a lower bound of F within 3e-9 relative, with its own slope (docs/certified-glr/numerics.md, "Numerics of the
/// one-sided mixture").
struct f_and_slope {
  double f, df;
};
f_and_slope F(double u);

/// Tangents of the concave function log Phi at u_j = j/4, j = 0..24, and a last entry (0, 0):
/// every entry satisfies log Phi(u) <= a + b u for u >= 0 and a >= log Phi(0) = -log 2, so
///     F(u) <= a + b u+ + (u+)^2/2   for EVERY real u (u+ = max(u, 0)) and every entry
/// (for u <= 0, F(u) <= F(0) = -log 2 <= a: F increases).  a is rounded up and b is the tangent's
/// slope rounded up, with a's margin covering the slope's rounding on [0, 6]; evaluated in double
/// the bound holds up to the evaluation's rounding, 1e-15 (1 + |F|), which every caller's margin of
/// 1e-12 covers (docs/certified-glr/numerics.md, "Tangent bound of F").
struct phi_tangent {
  double a, b;
};
inline constexpr std::size_t phi_tangent_count = 26;
const phi_tangent* phi_tangents();
/// The entry nearest u+ (u+ = 0 for u <= 0; the last entry, log Phi <= 0, from u+ >= 6.125 on):
/// within 4.91e-3 nats of F for u in [0, 6.125].
inline std::size_t phi_tangent_index(double u) {
  const double up = u > 0 ? u : 0.0;
  return up < 6.125 ? static_cast<std::size_t>(up * 4 + 0.5) : phi_tangent_count - 1;
}
/// An upper bound of F(u) at a few multiplications: the tangent bound above with the entry nearest
/// u+; +inf for u = +inf, NaN for NaN u (so neither rules anything out).  `table` is phi_tangents()
/// (taken once by a caller's loop).
inline double F_upper(double u, const phi_tangent* table) {
  if (!(u < 6.125)) return 0.5 * u * u;  // log Phi <= 0 (the last entry); NaN and +inf pass through
  const double up = u > 0 ? u : 0.0;
  const phi_tangent& t = table[phi_tangent_index(up)];
  return t.a + up * (t.b + 0.5 * up);
}
inline double F_upper(double u) { return F_upper(u, phi_tangents()); }

/// An arm's slope at scale rho, s = n/(sigma sqrt(n + rho)) (u = s (mu_hat - m)), and
/// its penalty (detail/mixture_grid.hpp's mixture_penalty): the one expression of each that every
/// one-sided and pooled rule and statistic uses, so that a value computed twice is the same bits.
inline double slope(double n, double rho, double sigma) { return n / (sigma * std::sqrt(n + rho)); }
using stopping::mixture_detail::mixture_penalty;

/// The pair (a, b) on G <= 64 scales: h(m) and h'(m) (the file comment's h, with c_k given), from the
/// pair's data.
struct pair_data {
  double ma, mb, sigma;
  const double* sa;   // s_{a,k} = N_a/(sigma sqrt(N_a + rho_k))
  const double* sb;   // s_{b,k}
  const double* c;    // log w_k + 2 log 2 - pen_a[k] - pen_b[k]
  std::size_t G;
};
struct h_and_slope {
  double h, dh;
};
h_and_slope h_at(const pair_data& p, double m);

/// One arm's log-sum under a prior of one scale per arm, log sum_k exp(c[k] + F(sign s[k] (x - m))),
/// and its slope in m; *largest (if given) receives the index of its largest term (the first, on
/// ties).  sign +1 for the arm whose mean x is tested from above, -1 from below.
h_and_slope arm_log_sum(const double* s, const double* c, std::size_t G, double x, double m, double sign,
                        std::size_t* largest = nullptr);

/// The pair (a, b) on G <= 64 scales under a joint prior over its two scales (mixture_grid's
/// common_share alpha): alpha w_k on the common scales (rho_k, rho_k), (1 - alpha) w_j w_k on the
/// product (rho_j, rho_k), so
///     h(m) = log( alpha exp(h_common(m)) + (1 - alpha) exp(A(m) + B(m)) ),
/// h_common pair_data's h, A and B each arm's arm_log_sum with c_a,k = log w_k + log 2 - pen_a[k]
/// (and b's).  Each term is log-convex in m, so h is convex: search_infimum applies.
struct joint_pair {
  double ma, mb, sigma;
  const double* sa;  // s_{a,k}
  const double* sb;  // s_{b,k}
  const double* c;   // common scales: log w_k + 2 log 2 - pen_a[k] - pen_b[k]
  const double* ca;  // one scale per arm, arm a: log w_k + log 2 - pen_a[k]
  const double* cb;  // arm b: log w_k + log 2 - pen_b[k]
  std::size_t G;
  double log_common, log_product;  // log alpha, log(1 - alpha) (-inf at alpha = 1 or 0)
};
h_and_slope h_at(const joint_pair& p, double m);

/// log sum_k exp(v[k]) with the largest term factored out (-inf for an empty or all -inf sum).
double log_sum_exp(const double* v, std::size_t G);
/// An upper bound of h(m) at one exponential per term: F_upper in place of F in every term,
/// rounded up by 1e-12 (1 + |value|), far above the rounding of the sum.  It is within 4.91e-3
/// nats per F of h where the terms' u are in [0, 6.125] (F(u) <= u^2/2 lost -log Phi(u): 0.17 nats
/// at u = 1), so the pooled rule (stopping/glr_pooled.hpp) tries it before h itself to rule a pair out.
double quadratic_upper(const pair_data& p, double m);

/// A bracket l < r with h'(l) <= 0 <= h'(r), found from the two means outwards (doubling steps);
/// false when none exists in floating point (then the pair cannot be certified).
struct bracket {
  double l, r;
  h_and_slope hl, hr;
};
template <class Pair>
double bracket_scale(const Pair& p) { return std::max({std::fabs(p.ma - p.mb), p.sigma * 1e-8, 1e-300}); }
template <class Pair>
bool find_bracket(const Pair& p, bracket& b) {
  const double scale = bracket_scale(p);
  double l = std::min(p.ma, p.mb), r = std::max(p.ma, p.mb);
  if (!(r > l)) {
    l -= scale;
    r += scale;
  }
  h_and_slope hl = h_at(p, l), hr = h_at(p, r);
  for (double step = scale; hl.dh > 0 && std::isfinite(l); step *= 2) {
    r = l;
    hr = hl;
    l -= step;
    hl = h_at(p, l);
  }
  for (double step = scale; hr.dh < 0 && std::isfinite(r); step *= 2) {
    l = r;
    hl = hr;
    r += step;
    hr = h_at(p, r);
  }
  b = {l, r, hl, hr};
  return std::isfinite(l) && std::isfinite(r) && std::isfinite(hl.h) && std::isfinite(hr.h);
}

/// One step of the searches: the secant root of h' in (l, r), kept away from the ends (bisection
/// every third step), replaces the end with the same sign of h'; false when the bracket cannot
/// shrink further in floating point.
template <class Pair>
bool shrink_bracket(const Pair& p, int it, double& l, double& r, h_and_slope& hl, h_and_slope& hr) {
  double m = (it % 3 == 2 || !(hr.dh > hl.dh)) ? 0.5 * (l + r) : l - hl.dh * (r - l) / (hr.dh - hl.dh);
  const double w = r - l;
  m = std::clamp(m, l + 1e-3 * w, r - 1e-3 * w);
  if (!(m > l && m < r)) return false;
  const h_and_slope hm = h_at(p, m);
  if (!std::isfinite(hm.h) || !std::isfinite(hm.dh)) return false;  // no tangent to keep (not met for finite data)
  if (hm.dh <= 0) {
    l = m;
    hl = hm;
  } else {
    r = m;
    hr = hm;
  }
  return true;
}

/// A certified lower bound of inf_m h(m) (docs/certified-glr/numerics.md, "Numerics of the one-sided
/// mixture"), or -inf when no bracket exists in floating point; *argmin (if given) receives the end of
/// the final bracket with the smaller h.  Pair: pair_data, or any type with the fields ma, mb,
/// sigma and an h_at(pair, m) found by argument-dependent lookup whose h is convex in m (the
/// pooled rule's prior per arm, stopping/glr_pooled.hpp); the search and its margins are the same.
template <class Pair>
double search_infimum(const Pair& p, double* argmin = nullptr) {
  bracket b;
  if (!find_bracket(p, b)) return -std::numeric_limits<double>::infinity();  // the pair cannot be certified
  auto [l, r, hl, hr] = b;
  for (int it = 0; it < 200; ++it) {
    const double bound = hl.h + hl.dh * (r - l);
    if (std::min(hl.h, hr.h) - bound <= 1e-9 * (1 + std::fabs(bound))) break;
    if (!shrink_bracket(p, it, l, r, hl, hr)) break;
  }
  if (argmin) *argmin = hl.h <= hr.h ? l : r;
  const double bound = std::max(hl.h + hl.dh * (r - l), hr.h - hr.dh * (r - l));
  if (!std::isfinite(bound)) return -std::numeric_limits<double>::infinity();  // no certified bound
  return bound - 1e-9 * (1 + std::fabs(bound));
}
double infimum_lower_bound(const pair_data& p, double* argmin = nullptr);

/// The search of infimum_lower_bound, stopped early (docs/certified-glr/numerics.md, "Deciding search"): true when
/// its lower bound reaches pass_at (*value receives it), else false once the bracket is narrower
/// than rel_width |mu_hat_a - mu_hat_b| (*argmin receives its end with the smaller h: a starting
/// point only, no bound rests on it) or the search ends.
bool coarse_infimum(const pair_data& p, double pass_at, double rel_width, double* value, double* argmin);

/// A convex lower function of h at m, its slope, and an upper bound of h at m (docs/certified-glr/numerics.md,
/// "Fewer terms"; for the whole grid lower = upper = h).
struct bounds_at {
  double h, dh, up;
};
bounds_at whole(const pair_data& p, double m);

/// The O(G) upper bound of S1 at the count-weighted mean m0 (docs/certified-glr/numerics.md, "Cost: the
/// decision key" and "Stale rows"): 2 log 2 + max_k [ (f_a,k u_a,k)^2/2 + (f_b,k u_b,k)^2/2 - pen_a[k] - pen_b[k] ] from rows
/// ra, rb (G penalties, G slopes, then 1/c_k for the count c_k, 1 <= c_k <= N, each entry was
/// computed at) and f_i,k = N_i/c_i,k (1 for entries at the present count; computed as N_i (1/c_i,k),
/// within 2 ulps above or below, which the caller's relative margin 1e-12 covers).  For ma > mb.
double tight_upper(double Na, double ma, const double* ra, double Nb, double mb, const double* rb,
                   std::size_t G, double* qmax = nullptr);

/// tight_upper's bound T0 (and Q0, the largest of its quadratic parts), found at counts A0, B0 and
/// gap term d0 = (mu_hat_a - mu_hat_b)^2/(2 sigma^2), carried forward to counts A >= A0, B >= B0
/// and gap term d (docs/certified-glr/numerics.md, "Carried bound"): T0 + (lambda - 1)^+ Q0, lambda = (d/d0) (H/H0)^2,
/// H = A B/(A + B), rounded up.
inline double carried_upper(double T0, double Q0, double d0, double H0, double d, double H) {
  const double lambda = d / d0 * (H / H0) * (H / H0) * (1 + 1e-12);
  return T0 + (lambda > 1 ? (lambda - 1) * Q0 * (1 + 1e-12) : 0.0);
}

/// The pair with the scales s0 <= k < e0 of a sorted grid exact and the others in two groups
/// (docs/certified-glr/numerics.md, "Fewer terms"): sub the exact scales; ra, rb the rows (G penalties, then G
/// slopes) at the present counts; head_c = log sum_{k<s0} w_k + 2 log 2 - pen_a[s0-1] - pen_b[s0-1]
/// and tail_c = log sum_{k>=e0} w_k + 2 log 2 (-inf for an empty group).
struct grouped_pair {
  pair_data sub;
  const double* ra;
  const double* rb;
  std::size_t s0, e0, G;
  double head_c, tail_c;
};
/// At m: the log-sum of the exact scales (<= h(m)) and its slope, and an upper bound of h(m), or
/// +inf when the log-sum is already >= need_up_below (then no upper bound below it exists: the
/// deciding search needs none).
bounds_at grouped_at(const grouped_pair& g, double m,
                     double need_up_below = std::numeric_limits<double>::infinity());

/// Decides inf_m h(m) against thr from a point m0 near the minimiser (docs/certified-glr/numerics.md,
/// "Deciding search"), with ev(m) a bounds_at: +1 when a certified lower bound (the tangent bound of ev's
/// convex lower function, less the search's rounding margin) reaches thr + margin, -1 when ev's
/// upper bound at a point is below thr - margin, 0 when neither within max_eval evaluations.
/// *value receives the bound.
template <class Eval>
int decide_infimum(const Eval& ev, double m0, bounds_at h0, double thr, double margin, double step0, int max_eval,
                   double* value) {
  if (h0.up < thr - margin) {
    *value = h0.up;
    return -1;
  }
  double l = m0, r = m0;
  bounds_at hl = h0, hr = h0;
  int evals = 0;
  // The bracket: from m0 downhill by steps growing fourfold until the slope changes sign.
  const bool left = h0.dh > 0;
  for (double step = step0; left ? hl.dh > 0 : hr.dh < 0; step *= 4) {
    if (++evals > max_eval || !(step > 0) || !std::isfinite(step)) return 0;
    const double m = left ? l - step : r + step;
    const bounds_at hm = ev(m);
    if (!std::isfinite(hm.h)) return 0;  // (an upper bound of +inf only never fails)
    if (hm.up < thr - margin) {
      *value = hm.up;
      return -1;
    }
    if (left) {
      r = l;
      hr = hl;
      l = m;
      hl = hm;
    } else {
      l = r;
      hl = hr;
      r = m;
      hr = hm;
    }
  }
  for (int it = 0;; ++it) {
    const double bound = std::max(hl.h + hl.dh * (r - l), hr.h - hr.dh * (r - l));
    const double lower = bound - 1e-9 * (1 + std::fabs(bound));
    if (lower >= thr + margin) {
      *value = lower;
      return 1;
    }
    if (++evals > max_eval) return 0;
    double m = (it % 3 == 2 || !(hr.dh > hl.dh)) ? 0.5 * (l + r) : l - hl.dh * (r - l) / (hr.dh - hl.dh);
    const double w = r - l;
    m = std::clamp(m, l + 1e-3 * w, r - 1e-3 * w);
    if (!(m > l && m < r)) return 0;
    const bounds_at hm = ev(m);
    if (!std::isfinite(hm.h)) return 0;  // (an upper bound of +inf only never fails)
    if (hm.up < thr - margin) {
      *value = hm.up;
      return -1;
    }
    if (hm.dh <= 0) {
      l = m;
      hl = hm;
    } else {
      r = m;
      hr = hm;
    }
  }
}

/// The domain of a pair statistic (glr_one_sided_statistic's, glr_pooled's): sigma in (0, inf), both counts
/// >= 1 (named na_name, nb_name), 1 to 64 scales with one weight each, common_share in [0, 1].
void check_pair_arguments(const char* fn, double sigma, const char* na_name, std::uint64_t na,
                          const char* nb_name, std::uint64_t nb, const stopping::mixture_grid& g);

}  // namespace lilucb::bandit::one_sided_mixture
