// Proposition PE's pair statistic (lilucb/bandit/detail/eb_mixture.hpp; the proof and the
// numerics' argument: docs/certified-glr/pooled-eb.md).

#include "lilucb/bandit/detail/eb_mixture.hpp"

#include "lilucb/bandit/detail/log_sum_bound.hpp"
#include "lilucb/errors.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <queue>
#include <string>
#include <vector>

namespace lilucb::bandit::eb_mixture {

namespace {
constexpr double inf = std::numeric_limits<double>::infinity();
constexpr std::size_t max_bets = 128;

[[noreturn]] void bad_grid(const char* fn, const std::string& what) {
  ::lilucb::detail::raise_domain_error(
      fn, "grid", what,
      "1 to 128 increasing bets in (0, 0.99] (the first may be 0), finite log-weights with sum of weights <= 1, "
      "psi_k >= psi_E(lambda_k)");
}

/// One side's terms at a point: t_k (computed) and eta, the largest bound on |t_k computed - t_k
/// exact| (the arithmetic's rounding and the sums' rounding; pooled-eb.md, "Numerics").
struct side_terms {
  std::array<double, max_bets> t;
  double eta;
};

/// The terms of one side at m: up (the pooled arm, bets on rewards above m) or down (arm c).
void terms(const bet_grid& g, const side_data& d, double m, bool up, side_terms& out) {
  const std::size_t G = g.lambda.size();
  const double nm = d.n * m;
  const double diff = up ? d.s - nm : nm - d.s;
  const double quad = d.q - 2 * m * d.s + nm * m;  // sum of (y - m)^2, up to rounding
  const double mag_lin = std::fabs(d.s) + nm, mag_quad = std::fabs(d.q) + 2 * m * std::fabs(d.s) + nm * m;
  double eta = 0;
  for (std::size_t k = 0; k < G; ++k) {
    const double l = g.lambda[k], ps = g.psi[k];
    out.t[k] = g.log_weight[k] + l * diff - ps * quad;
    // Arithmetic: about seven roundings, each within 2^-53 of a magnitude below M; 4e-15 M is
    // 36 of them.  Data: |dt/dS| <= lambda + 2 m psi, |dt/dQ| = psi.
    const double M = std::fabs(g.log_weight[k]) + l * mag_lin + ps * mag_quad;
    const double e = 4e-15 * M + (l + 2 * m * ps) * d.err_s + ps * d.err_q;
    eta = std::max(eta, e);
  }
  out.eta = eta;
}

using lse_value = ::lilucb::bandit::detail::bounded_log_sum;
lse_value lse(const double* x, std::size_t G) { return ::lilucb::bandit::detail::log_sum_exp_bounded(x, G); }

struct point_eval {
  double m;
  side_terms v, c;
  double lower, upper;
};

void evaluate(const pair_data& p, double m, point_eval& e) {
  const std::size_t G = p.grid->lambda.size();
  e.m = m;
  terms(*p.grid, p.v, m, true, e.v);
  terms(*p.grid, p.c, m, false, e.c);
  const lse_value a = lse(e.v.t.data(), G), b = lse(e.c.t.data(), G);
  const double ea = e.v.eta + a.err, eb = e.c.eta + b.err;
  const double h = a.value + b.value;
  const double slack = 1e-15 * (1 + std::fabs(h));
  e.lower = h - ea - eb - slack;
  e.upper = h + ea + eb + slack;
}

/// One side's affine minorant on a cell (pooled-eb.md, Lemma 3 (v)): with q the distribution
/// e_k / sum e, e_k = exp(d_k) computed from d_k = c_k - max c (c_k the chord's values at the
/// cell's middle), LSE(x) >= sum_k q_k x_k + H(q) for every x, and sum_k q_k x_k + H(q) =
/// sum_k q_k (x_k - log e_k) + log sum e.  Returns the value at x = the terms at one end, computed
/// with log e_k replaced by d_k (|log e_k - d_k| within 2 ulps, exp's rounding), less a bound on
/// its rounding.
struct minorant_weights {
  std::array<double, max_bets> d, e;
  double sum;
};
void weights_at_middle(const side_terms& a, const side_terms& b, std::size_t G, minorant_weights& w) {
  double top = -inf;
  for (std::size_t k = 0; k < G; ++k) {
    w.d[k] = 0.5 * (a.t[k] + b.t[k]);
    top = std::max(top, w.d[k]);
  }
  w.sum = 0;
  for (std::size_t k = 0; k < G; ++k) {
    w.d[k] -= top;
    w.e[k] = std::exp(w.d[k]);
    w.sum += w.e[k];
  }
}
double minorant_at(const minorant_weights& w, const side_terms& x, std::size_t G) {
  // sum_k e_k (x_k - d_k) / sum + log sum: G products and sums of magnitude at most
  // max |x_k - d_k| (the weights' mean), each within one ulp; the weights' own rounding moves the
  // mean by at most 3 G ulps of the largest |x_k - d_k|; log e_k - d_k within 2 ulps of 1.
  double acc = 0, big = 0;
  for (std::size_t k = 0; k < G; ++k) {
    const double diff = x.t[k] - w.d[k];
    acc += w.e[k] * diff;
    big = std::max(big, std::fabs(diff));
  }
  const double ls = std::log(w.sum);
  const double v = acc / w.sum + ls;
  return v - 1e-15 * (double(G) + 4) * (1 + big + std::fabs(ls)) - 1e-15 * std::fabs(v);
}

/// inf over [a, b] of h, bounded from below two ways (pooled-eb.md, Lemma 3 (ii) and (v)): the
/// log-sums of the terms' smaller end values (each term is a concave quadratic in m), and the
/// affine minorant through the chords with the weights of the cell's middle, whose value at a
/// point of [a, b] is at least the smaller of its values at a and b.  Each less the larger of the
/// two ends' term bounds and its own rounding.
double cell_bound(const pair_data& p, const point_eval& a, const point_eval& b) {
  const std::size_t G = p.grid->lambda.size();
  std::array<double, max_bets> x, y;
  for (std::size_t k = 0; k < G; ++k) {
    x[k] = std::min(a.v.t[k], b.v.t[k]);
    y[k] = std::min(a.c.t[k], b.c.t[k]);
  }
  const lse_value la = lse(x.data(), G), lb = lse(y.data(), G);
  const double eta = std::max(a.v.eta, b.v.eta) + std::max(a.c.eta, b.c.eta);
  const double h = la.value + lb.value;
  const double ends = h - eta - la.err - lb.err - 1e-15 * (1 + std::fabs(h));
  minorant_weights wv, wc;
  weights_at_middle(a.v, b.v, G, wv);
  weights_at_middle(a.c, b.c, G, wc);
  const double at_a = minorant_at(wv, a.v, G) + minorant_at(wc, a.c, G);
  const double at_b = minorant_at(wv, b.v, G) + minorant_at(wc, b.c, G);
  const double lin = std::min(at_a, at_b);
  const double chords = lin - eta - 1e-15 * (1 + std::fabs(lin));
  const double best = std::max(ends, chords);
  return std::isnan(best) ? -inf : best;
}
}  // namespace

// The exponents and their bound as terms() forms them; a reward y adds lambda (y - m) - psi (y - m)^2
// (up) or lambda (m - y) - psi (y - m)^2 (down), a quadratic in y.
::lilucb::bandit::detail::tracked_log_sum track_side(const bet_grid& g, const side_data& d, double m, bool up) {
  const std::size_t G = g.lambda.size();
  side_terms st;
  terms(g, d, m, up, st);
  std::vector<double> x(st.t.begin(), st.t.begin() + static_cast<std::ptrdiff_t>(G)), a(G), b(G), c(G);
  for (std::size_t k = 0; k < G; ++k) {
    const double l = g.lambda[k], ps = g.psi[k];
    a[k] = (up ? l : -l) + 2 * ps * m;
    b[k] = (up ? -l * m : l * m) - ps * m * m;
    c[k] = -ps;
  }
  ::lilucb::bandit::detail::tracked_log_sum t;
  t.reset(x, st.eta, a, b, c);
  return t;
}

double psi_upper(double lambda) {
  const long double l = lambda;
  long double v;
  if (lambda < 0.25) {  // sum over n >= 2 of l^n / n: positive terms, ratio below 1/4
    long double term = l * l, sum = 0;
    for (int n = 2; n < 200 && term > 0; ++n, term *= l) {
      const long double t = term / n;
      sum += t;
      if (t < sum * 1e-22L) break;
    }
    v = sum;
  } else {
    v = -std::log1p(-l) - l;
  }
  // The long double evaluation is within 1e-16 relative (1e-15 where long double is double);
  // 1e-13 more, then rounding to nearest, stays above the exact value.
  return static_cast<double>(v * (1 + 1e-13L));
}

bet_grid make_bet_grid(double top, int per_octave, int count, bool abstain) {
  constexpr const char* fn = "lilucb::bandit::eb_mixture::make_bet_grid";
  if (!(top > 0 && top <= 0.99))
    ::lilucb::detail::raise_domain_error(fn, "top", ::lilucb::detail::format_value(top), "(0, 0.99]");
  if (per_octave < 1) ::lilucb::detail::raise_domain_error(fn, "per_octave", std::to_string(per_octave), "[1, inf)");
  if (count < 1 || count + int(abstain) > int(max_bets))
    ::lilucb::detail::raise_domain_error(fn, "count", std::to_string(count), abstain ? "[1, 127]" : "[1, 128]");
  if (top * std::exp2(-double(count - 1) / per_octave) < std::exp2(-60.0))
    ::lilucb::detail::raise_domain_error(fn, "count", std::to_string(count),
                                         "bets top * 2^(-k/per_octave) >= 2^-60 for k < count");
  bet_grid g;
  const double lw = -std::log(double(count + int(abstain))) - 1e-13;
  if (abstain) {  // lambda = 0: the factor 1, so each side's log-sum is at least log w everywhere
    g.lambda.push_back(0.0);
    g.log_weight.push_back(lw);
    g.psi.push_back(0.0);
  }
  for (int k = count - 1; k >= 0; --k) {
    const double l = top * std::exp2(-double(k) / per_octave);
    g.lambda.push_back(l);
    g.log_weight.push_back(lw);
    g.psi.push_back(psi_upper(l));
  }
  return g;
}

bet_grid make_default_bet_grid() { return make_bet_grid(0.9, 3, 24, true); }

void check_bet_grid(const char* fn, const bet_grid& g) {
  const std::size_t G = g.lambda.size();
  if (G == 0 || G > max_bets || g.log_weight.size() != G || g.psi.size() != G)
    bad_grid(fn, std::to_string(G) + " bets");
  long double mass = 0;
  for (std::size_t k = 0; k < G; ++k) {
    const double l = g.lambda[k];
    if (!(std::isfinite(l) && (l > 0 || (k == 0 && l == 0)) && l <= 0.99) || (k > 0 && !(l > g.lambda[k - 1])))
      bad_grid(fn, "bet " + ::lilucb::detail::format_value(l));
    if (!std::isfinite(g.log_weight[k])) bad_grid(fn, "log-weight " + ::lilucb::detail::format_value(g.log_weight[k]));
    if (!(g.psi[k] >= psi_upper(l))) bad_grid(fn, "psi " + ::lilucb::detail::format_value(g.psi[k]) + " below psi_E");
    mass += std::exp(static_cast<long double>(g.log_weight[k]));
  }
  // Each exp and each addition is within one ulp of its magnitude in long double, whose ulp is at
  // most double's (where long double is double): the sum is within 2 (G + 1) 2^-53 of the exact
  // mass, which the margin 2.5e-16 (G + 1) covers.
  if (!(mass * (1 + 2.5e-16L * static_cast<long double>(G + 1)) <= 1)) bad_grid(fn, "weights summing to " + ::lilucb::detail::format_value(double(mass)));
}

std::string describe(const bet_grid& g) {
  const bool abstain = g.lambda.front() == 0;
  const std::size_t n = g.lambda.size() - std::size_t(abstain);
  return std::to_string(n) + " empirical-Bernstein bets from " +
         ::lilucb::detail::format_value(g.lambda[std::size_t(abstain)]) + " to " +
         ::lilucb::detail::format_value(g.lambda.back()) + (abstain ? " and the bet 0" : "");
}

point_bounds h_bounds(const pair_data& p, double m) {
  point_eval e;
  evaluate(p, m, e);
  return {e.lower, e.upper};
}

double cell_lower_bound(const pair_data& p, double a, double b) {
  point_eval ea, eb;
  evaluate(p, a, ea);
  evaluate(p, b, eb);
  return cell_bound(p, ea, eb);
}

// f(D, Q) = sup over lambda in [0, 1) of lambda D - psi_E(lambda) Q: its derivative in lambda,
// D - Q lambda/(1 - lambda), vanishes at lambda = D/(D + Q), where the value is D + Q log(Q/(D + Q));
// increasing in D (slope lambda* <= 1) and decreasing in Q (slope -psi_E(lambda*), |slope| <=
// log(1 + D/Q)).  The data's rounding: |dD/dS| = 1, |dQ/dS| <= 2, |dQ/dq| = 1; the arithmetic:
// about ten roundings of magnitudes below |D| + Q + |S| + N, 1e-14 of that covers them.
double h_upper_o1(const pair_data& p, double m) {
  const auto side = [m](const side_data& d, bool up) {
    const double nm = d.n * m;
    const double D = up ? d.s - nm : nm - d.s;
    const double Q = std::max(d.q - 2 * m * d.s + nm * m, 0.0);
    const double slack = 1e-14 * (std::fabs(D) + std::fabs(d.q) + 2 * std::fabs(d.s) + d.n + 1);
    if (!(D + d.err_s + slack > 0)) return 0.0;
    const double Dp = D + d.err_s + slack;  // the largest D the exact sums allow
    const double Qm = std::max(Q - 2 * d.err_s - d.err_q - slack, 0.0);  // the smallest Q
    if (Qm <= 0) return Dp;
    // D - Q log1p(D/Q) cancels when D << Q: its rounding is a few ulps of D, not of the result.
    const double f = Dp - Qm * std::log1p(Dp / Qm);
    return std::max(f, 0.0) * (1 + 1e-14) + 1e-14 * (1 + Dp);
  };
  return side(p.v, true) + side(p.c, false);
}

double gaussian_guess(const pair_data& p) {
  const auto precision_and_mean = [](const side_data& d, double& mean) {
    mean = d.s / d.n;
    const double var = std::max(d.q / d.n - mean * mean, 0.0) + 1e-6;
    return d.n / var;
  };
  double mv, mc;
  const double pv = precision_and_mean(p.v, mv), pc = precision_and_mean(p.c, mc);
  const double m = (pv * mv + pc * mc) / (pv + pc);
  return std::isfinite(m) ? std::clamp(m, 0.0, 1.0) : 0.5;
}

search_result search(const pair_data& p, double m0, double thr, int max_cells) {
  const bool deciding = !std::isnan(thr);
  search_result out{-inf, inf, m0, 0};
  std::vector<point_eval> pts;
  pts.reserve(std::size_t(max_cells) + 4);
  const auto add_point = [&](double m) {
    pts.emplace_back();
    evaluate(p, m, pts.back());
    if (pts.back().upper < out.upper) {
      out.upper = pts.back().upper;
      out.argmin = m;
    }
    return pts.size() - 1;
  };
  // The guess first: most pairs that cannot pass fail here, in O(G).
  const std::size_t i0 = add_point(m0);
  if (deciding && out.upper < thr) return out;
  struct cell {
    double lower;
    std::size_t a, b;
    bool operator>(const cell& o) const { return lower > o.lower; }
  };
  std::priority_queue<cell, std::vector<cell>, std::greater<cell>> open;
  const auto push = [&](std::size_t a, std::size_t b) {
    ++out.cells;
    open.push({cell_bound(p, pts[a], pts[b]), a, b});
  };
  if (m0 > 0) push(add_point(0.0), i0);
  if (m0 < 1) push(i0, add_point(1.0));
  if (deciding && out.upper < thr) {
    out.lower = open.top().lower;
    return out;
  }
  while (true) {
    const cell top = open.top();
    out.lower = top.lower;  // the smallest lower bound over cells covering [0, 1]
    if (deciding && top.lower >= thr) return out;
    if (!deciding && out.upper - top.lower <= 1e-6 * (1 + std::fabs(top.lower))) return out;
    if (out.cells >= max_cells) return out;
    const double a = pts[top.a].m, b = pts[top.b].m, mid = 0.5 * (a + b);
    if (!(mid > a && mid < b)) return out;  // the cell cannot be split in floating point
    open.pop();
    const std::size_t im = add_point(mid);
    if (deciding && out.upper < thr) {
      push(top.a, im);
      push(im, top.b);
      out.lower = open.top().lower;
      return out;
    }
    push(top.a, im);
    push(im, top.b);
  }
}

double pooled_eb_statistic(const bet_grid& g, double nv, double sv, double qv, double nc, double sc, double qc) {
  constexpr const char* fn = "lilucb::bandit::eb_mixture::pooled_eb_statistic";
  check_bet_grid(fn, g);
  check_at_least(fn, "nv", nv, 1.0);
  check_at_least(fn, "nc", nc, 1.0);
  const auto check_side = [&](const char* sname, const char* qname, double n, double s, double q) {
    if (!(s >= 0 && s <= n))
      ::lilucb::detail::raise_domain_error(fn, sname, ::lilucb::detail::format_value(s), "[0, n] (rewards in [0, 1])");
    if (!(q <= s * (1 + 1e-12) && q >= s * s / n * (1 - 1e-12)))
      ::lilucb::detail::raise_domain_error(fn, qname, ::lilucb::detail::format_value(q),
                                           "[s^2/n, s] (a sum of squares of rewards in [0, 1])");
  };
  check_side("sv", "qv", nv, sv, qv);
  check_side("sc", "qc", nc, sc, qc);
  const pair_data p{{nv, sv, qv, 0.0, 0.0}, {nc, sc, qc, 0.0, 0.0}, &g};
  return search(p, gaussian_guess(p), std::numeric_limits<double>::quiet_NaN()).lower;
}

}  // namespace lilucb::bandit::eb_mixture
