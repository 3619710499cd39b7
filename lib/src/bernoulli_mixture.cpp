// Proposition PK's pair statistic (lilucb/bandit/detail/bernoulli_mixture.hpp; the proof and the
// numerics' argument: docs/certified-glr/pooled-kl.md).

#include "lilucb/bandit/detail/bernoulli_mixture.hpp"

#include "lilucb/errors.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <string>

namespace lilucb::bandit::bernoulli_mixture {

namespace {
constexpr double inf = std::numeric_limits<double>::infinity();
constexpr std::size_t max_tilts = 128;

[[noreturn]] void bad_grid(const char* fn, const std::string& what) {
  ::lilucb::detail::raise_domain_error(fn, "grid", what,
                                       "1 to 128 increasing finite tilts, > 0 except the first, which may be 0, finite "
                                       "log-weights with sum of weights <= 1");
}

/// One arm's log-sum log sum_k exp(c_k + sign lambda_k s - n psi_m(sign lambda_k)), its slope in m
/// and the rounding bounds of both (header: value).
struct side {
  double h, dh, err_h, err_d;
};
side arm_side(const tilt_grid& g, double n, double s, double m, bool up) {
  const std::size_t G = g.lambda.size();
  std::array<double, max_tilts> v, d, eta;
  const double q = 1 - m;
  double best = -inf, eta_max = 0;
  for (std::size_t k = 0; k < G; ++k) {
    const double e = up ? g.up[k] : g.down[k];
    const double em1 = up ? g.up_m1[k] : g.down_m1[k];  // e^{+-lambda} - 1, to full relative accuracy
    const double base = q + m * e;  // 1 - m + m e^{+-lambda}: two nonnegative terms
    const double psi = std::log(base);
    const double ls = g.lambda[k] * s;
    v[k] = g.log_weight[k] + (up ? ls : -ls) - n * psi;
    d[k] = -n * em1 / base;
    // The term's rounding: a product, a logarithm of a number with relative error <= 3 ulps and
    // three additions, each within one ulp of its magnitude; 1e-15 per unit of magnitude is about
    // 9 ulps.
    eta[k] = 1e-15 * (std::fabs(ls) + n * (1 + std::fabs(psi)) + std::fabs(g.log_weight[k]));
    eta_max = std::max(eta_max, eta[k]);
    best = std::max(best, v[k]);
  }
  if (!(best > -inf)) return {best, 0.0, 0.0, 0.0};
  double sum = 0, dsum = 0, dabs = 0, eta_w = 0, deta = 0;
  for (std::size_t k = 0; k < G; ++k) {
    const double w = std::exp(v[k] - best);
    sum += w;
    dsum += w * d[k];
    dabs += w * std::fabs(d[k]);
    eta_w += w * eta[k];
    deta += w * std::fabs(d[k]) * eta[k];
  }
  const double h = best + std::log(sum);
  // log sum_k e^{v_k + e_k} - log sum_k e^{v_k} = log sum_k p_k e^{e_k} <= sum_k p_k (e^{eta_k} - 1)
  // <= 1.72 sum_k p_k eta_k when every eta_k <= 1 (p_k the weights e^{v_k}/sum), else <= max eta_k;
  // 2 covers the weights' own rounding.  The slope sum_k p_k d_k: each d_k within a few ulps,
  // each p_k relatively within 1.72 (eta_k + that bound).
  const double dmean = dabs / sum;
  const double err_h = (eta_max <= 1 ? 2 * eta_w / sum : eta_max) + 1e-15 * (1 + std::fabs(h));
  const double err_d = 1e-14 * dmean + 2 * deta / sum + 2 * err_h * dmean;
  return {h, dsum / sum, err_h, err_d};
}
}  // namespace

tilt_grid make_tilt_grid(int lo, int hi, int per_octave, bool zero_mass) {
  constexpr const char* fn = "lilucb::bandit::bernoulli_mixture::make_tilt_grid";
  if (per_octave < 1) ::lilucb::detail::raise_domain_error(fn, "per_octave", std::to_string(per_octave), "[1, inf)");
  if (hi < lo) ::lilucb::detail::raise_domain_error(fn, "hi", std::to_string(hi), "[lo, inf) = [" + std::to_string(lo) + ", inf)");
  const long count = long(hi) - long(lo) + 1 + (zero_mass ? 1 : 0);
  if (count > long(max_tilts))
    ::lilucb::detail::raise_domain_error(fn, "hi", std::to_string(hi),
                                         "at most 128 tilts: hi - lo + 1 + zero_mass <= 128");
  if (double(lo) / per_octave < -60 || double(hi) / per_octave > 6)
    ::lilucb::detail::raise_domain_error(fn, "lo", std::to_string(lo), "tilts 2^(k/per_octave) within [2^-60, 2^6]");
  tilt_grid g;
  const double lw = -std::log(double(count));
  if (zero_mass) {
    g.lambda.push_back(0);
    g.log_weight.push_back(lw);
    g.up.push_back(1);
    g.down.push_back(1);
    g.up_m1.push_back(0);
    g.down_m1.push_back(0);
  }
  for (int k = lo; k <= hi; ++k) {
    const double l = std::exp2(double(k) / per_octave);
    g.lambda.push_back(l);
    g.log_weight.push_back(lw);
    g.up.push_back(std::exp(l));
    g.down.push_back(std::exp(-l));
    g.up_m1.push_back(std::expm1(l));
    g.down_m1.push_back(std::expm1(-l));
  }
  return g;
}

tilt_grid make_default_tilt_grid() { return make_tilt_grid(-24, 6, 3, true); }

void check_tilt_grid(const char* fn, const tilt_grid& g) {
  const std::size_t G = g.lambda.size();
  if (G == 0 || G > max_tilts || g.log_weight.size() != G || g.up.size() != G || g.down.size() != G ||
      g.up_m1.size() != G || g.down_m1.size() != G)
    bad_grid(fn, std::to_string(G) + " tilts");
  double mass = 0;
  for (std::size_t k = 0; k < G; ++k) {
    const double l = g.lambda[k];
    if (!(std::isfinite(l) && (l > 0 || (k == 0 && l == 0)) && l <= 64) || (k > 0 && !(l > g.lambda[k - 1])))
      bad_grid(fn, "tilt " + ::lilucb::detail::format_value(l));
    if (!std::isfinite(g.log_weight[k])) bad_grid(fn, "log-weight " + ::lilucb::detail::format_value(g.log_weight[k]));
    if (g.up[k] != std::exp(l) || g.down[k] != std::exp(-l) || g.up_m1[k] != std::expm1(l) ||
        g.down_m1[k] != std::expm1(-l))
      bad_grid(fn, "tables not e^lambda, e^-lambda and their expm1");
    mass += std::exp(g.log_weight[k]);
  }
  if (!(mass <= 1 + 1e-12)) bad_grid(fn, "weights summing to " + ::lilucb::detail::format_value(mass));
}

std::string describe(const tilt_grid& g) {
  const bool zero = g.lambda.front() == 0;
  if (zero && g.lambda.size() == 1) return "a mass at 0 only (no Bernoulli tilt)";
  const std::size_t first = zero ? 1 : 0;
  return (zero ? std::string("a mass at 0 and ") : std::string()) + std::to_string(g.lambda.size() - first) +
         " Bernoulli tilts from " + ::lilucb::detail::format_value(g.lambda[first]) + " to " +
         ::lilucb::detail::format_value(g.lambda.back());
}

// The exponents as arm_side forms them, with its rounding bound eta_k per term (the largest is
// passed on); a reward y adds +-lambda_k y - psi_k, psi_k = log((1 - m) + m e^{+-lambda_k}).
::lilucb::bandit::detail::tracked_log_sum track_side(const tilt_grid& g, double n, double s, double m, bool up) {
  const std::size_t G = g.lambda.size();
  std::vector<double> x(G), a(G), b(G), c(G, 0.0);
  const double q = 1 - m;
  double eta = 0;
  for (std::size_t k = 0; k < G; ++k) {
    const double psi = std::log(q + m * (up ? g.up[k] : g.down[k]));
    const double ls = g.lambda[k] * s;
    x[k] = g.log_weight[k] + (up ? ls : -ls) - n * psi;
    eta = std::max(eta, 1e-15 * (std::fabs(ls) + n * (1 + std::fabs(psi)) + std::fabs(g.log_weight[k])));
    a[k] = up ? g.lambda[k] : -g.lambda[k];
    b[k] = -psi;
  }
  ::lilucb::bandit::detail::tracked_log_sum t;
  t.reset(x, eta, a, b, c);
  return t;
}

tilt_grid make_epsilon_tilt_grid(double s) {
  if (!(s >= 0 && s < 1))
    ::lilucb::detail::raise_domain_error("lilucb::bandit::bernoulli_mixture::make_epsilon_tilt_grid", "s",
                                         ::lilucb::detail::format_value(s), "[0, 1)");
  // The largest k in [-24, 6] whose tilt, as make_tilt_grid computes it, is at most s/2.
  int lo = -24;
  while (lo < 6 && std::exp2(double(lo + 1) / 3) <= s / 2) ++lo;
  return make_tilt_grid(lo, 6, 3, true);
}

double shift_of(double eps) { return std::floor(eps * 0x1p30) * 0x1p-30; }

value h_at(const pair_data& p, double m) {
  const side a = arm_side(*p.grid, p.nv, p.sv, m - p.shift, true);  // exact (pair_data)
  const side b = arm_side(*p.grid, p.nc, p.sc, m, false);
  return {a.h + b.h, a.dh + b.dh, a.err_h + b.err_h + 1e-15 * (std::fabs(a.h) + std::fabs(b.h)),
          a.err_d + b.err_d + 1e-15 * (std::fabs(a.dh) + std::fabs(b.dh))};
}

namespace {
/// What the search knows: the current bracket (l, r) and the certain one (lo, hi): lo the largest
/// evaluated point with h' <= 0 beyond its rounding (or the domain's left end s, unevaluated), hi
/// the smallest with h' >= 0 (or 1).  By convexity h is nonincreasing on [s, lo] and nondecreasing
/// on [hi, 1], and lo <= l <= r <= hi.
struct knowledge {
  double l, r;
  value vl, vr;
  double lo = 0, hi = 1;
  value vlo{}, vhi{};
  bool has_lo = false, has_hi = false;
  void learn(double m, const value& v) {
    if (v.dh + v.err_d <= 0 && (!has_lo || m > lo)) {
      lo = m;
      vlo = v;
      has_lo = true;
    }
    if (v.dh - v.err_d >= 0 && (!has_hi || m < hi)) {
      hi = m;
      vhi = v;
      has_hi = true;
    }
  }
};

/// A certified lower bound of inf over [s, 1] of h: on [s, lo] h >= h(lo), on [hi, 1] h >= h(hi),
/// and on [lo, hi] h is above the tangent lines at l and r, each moved down by err_h + err_d
/// (hi - lo) (its slope's rounding over the longest distance within [lo, hi]); the max of two lines
/// is convex and piecewise linear, so its minimum over [lo, hi] is at an end or the crossing.
/// Less 1e-12 (1 + |bound|) for the bound's own arithmetic.
double lower_bound(const knowledge& k) {
  const double w = k.hi - k.lo;
  const double ha = k.vl.h - k.vl.err_h - k.vl.err_d * w, hb = k.vr.h - k.vr.err_h - k.vr.err_d * w;
  const auto line_l = [&](double m) { return ha + k.vl.dh * (m - k.l); };
  const auto line_r = [&](double m) { return hb + k.vr.dh * (m - k.r); };
  double best = std::min(std::max(line_l(k.lo), line_r(k.lo)), std::max(line_l(k.hi), line_r(k.hi)));
  // With slopes of one sign the upper envelope is monotone on [lo, hi]: its minimum is at an end.
  // Otherwise, at any point the lower of the two lines is at most the crossing value of the moved
  // lines (the lower envelope of two lines is largest at their crossing), so the crossing's
  // rounding does not matter.
  const bool one_sign = (k.vl.dh > 0 && k.vr.dh > 0) || (k.vl.dh < 0 && k.vr.dh < 0);
  if (k.vl.dh != k.vr.dh && !one_sign) {
    const double x = (hb - ha + k.vl.dh * k.l - k.vr.dh * k.r) / (k.vl.dh - k.vr.dh);
    if (std::isfinite(x)) {
      const double xc = std::clamp(x, k.lo, k.hi);
      best = std::min(best, std::min(line_l(xc), line_r(xc)));
    }
  }
  if (k.has_lo) best = std::min(best, k.vlo.h - k.vlo.err_h);
  if (k.has_hi) best = std::min(best, k.vhi.h - k.vhi.err_h);
  if (!std::isfinite(best)) return -inf;
  return best - 1e-12 * (1 + std::fabs(best));
}
}  // namespace

search_result search(const pair_data& p, double m0, double thr, int max_eval) {
  // The shift's form (pair_data) and the start's domain: a wrong one would evaluate A off [0, 1].
  if (!(p.shift >= 0 && p.shift < 1 && shift_of(p.shift) == p.shift)) [[unlikely]]
    ::lilucb::detail::raise_domain_error("lilucb::bandit::bernoulli_mixture::search", "shift",
                                         ::lilucb::detail::format_value(p.shift), "a multiple of 2^-30 in [0, 1)");
  if (!(m0 >= p.shift && m0 <= 1)) [[unlikely]]
    ::lilucb::detail::raise_domain_error("lilucb::bandit::bernoulli_mixture::search", "m0",
                                         ::lilucb::detail::format_value(m0),
                                         "[shift, 1] = [" + ::lilucb::detail::format_value(p.shift) + ", 1]");
  const bool deciding = std::isfinite(thr);
  search_result out{-inf, inf, m0};
  double best_h = inf;
  int evals = 0;
  const double left = p.shift;  // the domain [left, 1]
  knowledge k;
  k.lo = left;
  const auto ev = [&](double m) {
    ++evals;
    const value v = h_at(p, m);
    if (std::isfinite(v.h)) out.upper = std::min(out.upper, v.h + v.err_h);
    if (v.h < best_h) {
      best_h = v.h;
      out.argmin = m;
    }
    if (std::isfinite(v.h) && std::isfinite(v.dh)) k.learn(m, v);
    return v;
  };
  const auto done = [&] {
    if (deciding && (out.lower >= thr || out.upper < thr)) return true;
    return out.upper - out.lower <= 1e-9 * (1 + std::fabs(out.lower));
  };
  // The bracket [l, r]: h'(l) <= 0 <= h'(r), or an end of [left, 1] where h's slope points outward.
  k.l = k.r = m0;
  k.vl = k.vr = ev(m0);
  if (!std::isfinite(k.vl.h) || !std::isfinite(k.vl.dh)) return out;
  if (deciding && out.upper < thr) return out;
  const double scale = std::max(1e-3 * std::fabs(p.sv / p.nv - p.sc / p.nc), 1e-12);
  if (k.vl.dh > 0) {
    for (double step = scale; k.vl.dh > 0 && k.l > left; step *= 4) {
      if (evals >= max_eval) return out;
      k.r = k.l;
      k.vr = k.vl;
      k.l = std::max(left, k.l - step);
      k.vl = ev(k.l);
      if (!std::isfinite(k.vl.h) || !std::isfinite(k.vl.dh)) return out;
      if (deciding && out.upper < thr) return out;
    }
  } else if (k.vl.dh < 0) {
    for (double step = scale; k.vr.dh < 0 && k.r < 1; step *= 4) {
      if (evals >= max_eval) return out;
      k.l = k.r;
      k.vl = k.vr;
      k.r = std::min(1.0, k.r + step);
      k.vr = ev(k.r);
      if (!std::isfinite(k.vr.h) || !std::isfinite(k.vr.dh)) return out;
      if (deciding && out.upper < thr) return out;
    }
  }
  // The certain bracket: from the bracket's ends outwards until the slope's sign is certain
  // beyond its rounding (near the minimiser it is not), so the lines' slope error is paid over a
  // short distance only.
  for (double x = k.l, step = scale; !k.has_lo && x > left && evals < max_eval; step *= 4) {
    x = std::max(left, x - step);
    if (!std::isfinite(ev(x).h)) return out;
  }
  for (double x = k.r, step = scale; !k.has_hi && x < 1 && evals < max_eval; step *= 4) {
    x = std::min(1.0, x + step);
    if (!std::isfinite(ev(x).h)) return out;
  }
  if (deciding && out.upper < thr) return out;
  out.lower = lower_bound(k);
  for (int it = 0; !done() && evals < max_eval; ++it) {
    if (k.vl.dh > 0 || k.vr.dh < 0) break;  // the minimum is at an end (left or 1): the bound is final
    double m = (it % 3 == 2 || !(k.vr.dh > k.vl.dh)) ? 0.5 * (k.l + k.r) : k.l - k.vl.dh * (k.r - k.l) / (k.vr.dh - k.vl.dh);
    const double w = k.r - k.l;
    m = std::clamp(m, k.l + 1e-3 * w, k.r - 1e-3 * w);
    if (!(m > k.l && m < k.r)) break;
    const value vm = ev(m);
    if (!std::isfinite(vm.h) || !std::isfinite(vm.dh)) break;
    if (vm.dh <= 0) {
      k.l = m;
      k.vl = vm;
    } else {
      k.r = m;
      k.vr = vm;
    }
    out.lower = std::max(out.lower, lower_bound(k));
  }
  return out;
}

double pooled_kl_statistic(const tilt_grid& g, double nv, double sv, double nc, double sc) {
  constexpr const char* fn = "lilucb::bandit::bernoulli_mixture::pooled_kl_statistic";
  check_tilt_grid(fn, g);
  check_at_least(fn, "nv", nv, 1.0);
  check_at_least(fn, "nc", nc, 1.0);
  if (!(sv >= 0 && sv <= nv))
    ::lilucb::detail::raise_domain_error(fn, "sv", ::lilucb::detail::format_value(sv), "[0, nv] (rewards in [0, 1])");
  if (!(sc >= 0 && sc <= nc))
    ::lilucb::detail::raise_domain_error(fn, "sc", ::lilucb::detail::format_value(sc), "[0, nc] (rewards in [0, 1])");
  const double m0 = (sv + sc) / (nv + nc);
  return search({nv, sv, nc, sc, &g}, m0, std::numeric_limits<double>::quiet_NaN()).lower;
}

}  // namespace lilucb::bandit::bernoulli_mixture
