// Proposition PB's pair statistic (lilucb/bandit/detail/hat_mixture.hpp; the proof and the
// numerics' argument: docs/certified-glr/pooled-betting.md).

#include "lilucb/bandit/detail/hat_mixture.hpp"

#include "lilucb/bandit/detail/log_sum_bound.hpp"
#include "lilucb/errors.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

namespace lilucb::bandit::hat_mixture {

namespace {
constexpr double unit_roundoff = 0x1p-53;
constexpr double infinity = std::numeric_limits<double>::infinity();
constexpr std::size_t max_prior_bets = max_bets;

/// The knot y_j = j/32 (exact).
double knot_at(std::size_t j) { return static_cast<double>(j) / static_cast<double>(cells); }

/// The bound on |fl(log1p(fl(beta fl(z)))) - log1p(beta z)| for a term F whose z was computed by
/// at most three roundings (the page, "Numerics of the library rule"): the argument within
/// 5u beta (|z| + 1), magnified by at most max(1, 2 beta/(1 - beta)) over [-1, inf), and log1p's
/// own 2 ulps (4u |F|); 5.1 and 4.1 cover the second-order terms.
double term_rounding(double beta, double f) {
  return 5.1 * unit_roundoff * std::max(1.0, 2 * beta / (1 - beta)) + 4.1 * unit_roundoff * std::fabs(f);
}

/// z_j and its first two derivatives in m, for the pooled side (y/m - 1) or arm c's
/// ((1 - y)/(1 - m) - 1).
struct knot_z {
  double z, dz, d2z;
};
knot_z z_at(double y, double m, double om, bool pooled) {
  if (pooled) return {y / m - 1, -y / (m * m), 2 * y / (m * m * m)};
  const double r = 1 - y;  // exact: y is a multiple of 1/32 in [0, 1]
  return {r / om - 1, r / (om * om), 2 * r / (om * om * om)};
}

using log_sum = ::lilucb::bandit::detail::bounded_log_sum;
log_sum log_sum_exp(const double* x, std::size_t g) { return ::lilucb::bandit::detail::log_sum_exp_bounded(x, g); }

struct side_result {
  double value, eta, d1, d2;
};

/// The side's log-sum (A or B) at m with its certified rounding bound eta, and (derivs) its first
/// two derivatives in m as computed (for the search's Newton steps; not certified).  Each bet's
/// exponent log w_k + sum_j H_j F_kj carries the hat sums' errors times |F|, each term's rounding
/// times H, the products' and the (knots + 1)-term sum's rounding, and the final addition; the
/// log-sum adds its own; eta is twice the total (second-order terms, magnitudes read as computed).
side_result side_at(const bet_prior& p, const hat_sums& s, double m, bool pooled, bool derivs) {
  const std::size_t g = p.beta.size();
  const double om = 1 - m;
  // The knots with mass or error, packed: their z (and derivatives), hat sums and errors.
  std::array<knot_z, knots> zs;
  std::array<double, knots> hs, es;
  std::size_t n_used = 0;
  for (std::size_t j = 0; j < knots; ++j)
    if (s.h[j] != 0 || s.err[j] != 0) {
      zs[n_used] = z_at(knot_at(j), m, om, pooled);
      hs[n_used] = s.h[j];
      es[n_used] = s.err[j];
      ++n_used;
    }
  // The terms F_ik = log1p(beta_k z_i) first (a loop of calls), then every bet's sums, knot by
  // knot in knot order: each bet's sums take the same operations in the same order as a pass per
  // bet, and the bets run side by side.
  std::array<double, knots * max_prior_bets> f;
  std::array<double, max_prior_bets> lead, acc{}, abs_acc{}, errs{}, da{}, d2a{};
  for (std::size_t k = 0; k < g; ++k) {
    const double beta = p.beta[k];
    for (std::size_t i = 0; i < n_used; ++i) f[i * g + k] = std::log1p(beta * zs[i].z);
    // term_rounding(beta, F) = lead + 4.1 u |F|, its first term computed once per bet.
    lead[k] = 5.1 * unit_roundoff * std::max(1.0, 2 * beta / (1 - beta));
  }
  for (std::size_t i = 0; i < n_used; ++i) {
    const double h = hs[i], ah = std::fabs(h), e = es[i];
    const double* fi = f.data() + i * g;
    for (std::size_t k = 0; k < g; ++k) {
      const double hf = h * fi[k];
      acc[k] += hf;
      abs_acc[k] += std::fabs(hf);
      errs[k] += e * std::fabs(fi[k]) + ah * (lead[k] + 4.1 * unit_roundoff * std::fabs(fi[k]));
    }
    if (derivs) {
      const knot_z z = zs[i];
      for (std::size_t k = 0; k < g; ++k) {
        const double beta = p.beta[k];
        const double q = 1 + beta * z.z;
        const double f1 = beta * z.dz / q;
        da[k] += h * f1;
        d2a[k] += h * (beta * z.d2z / q - f1 * f1);
      }
    }
  }
  std::array<double, max_prior_bets> v;
  double emax = 0;
  for (std::size_t k = 0; k < g; ++k) {
    v[k] = p.log_weight[k] + acc[k];
    const double e = errs[k] + static_cast<double>(knots + 3) * unit_roundoff * abs_acc[k] + 2 * unit_roundoff * std::fabs(v[k]);
    emax = std::max(emax, e);
  }
  const log_sum ls = log_sum_exp(v.data(), g);
  side_result r{ls.value, 2 * (emax + ls.err), 0, 0};
  if (derivs) {
    double m1 = 0, m2 = 0;
    for (std::size_t k = 0; k < g; ++k) {
      const double w = std::exp(v[k] - ls.value);
      m1 += w * da[k];
      m2 += w * (d2a[k] + da[k] * da[k]);
    }
    r.d1 = m1;
    r.d2 = m2 - m1 * m1;
  }
  return r;
}

struct point {
  double m, lower, upper, d1, d2;
};
point evaluate(const pair_hats& p, double m, bool derivs) {
  const side_result a = side_at(*p.prior, p.v, m, true, derivs), b = side_at(*p.prior, p.c, m, false, derivs);
  const double value = a.value + b.value;
  const double eta = a.eta + b.eta + 2 * unit_roundoff * std::fabs(value);
  return {m, value - eta, value + eta, a.d1 + b.d1, a.d2 + b.d2};
}

/// min over [0, 1] of max(La, Lb) for two lines given by their values at the ends (a0, a1) and
/// (b0, b1): at an end or where they cross.
double min_of_max(double a0, double a1, double b0, double b1) {
  double v = std::min(std::max(a0, b0), std::max(a1, b1));
  const double d0 = a0 - b0, d1 = a1 - b1;
  if ((d0 < 0 && d1 > 0) || (d0 > 0 && d1 < 0)) {
    const double t = d0 / (d0 - d1);
    v = std::min(v, a0 + t * (a1 - a0));
  }
  return v;
}

/// The line through (xn, yn) (near) and (xf, yf) (far) at x, on the side of xn away from xf.
double extend(double xn, double yn, double xf, double yf, double x) {
  const double r = std::fabs(x - xn) / std::fabs(xn - xf);
  return yn * (1 + r) - yf * r;
}

/// The five-point certificate (the page, section 4): a lower bound of inf over (0, 1) of a
/// convex h from enclosures at x0 < ... < x4; -inf when the enclosures do not bracket a minimum
/// (u1 <= l0 and u3 <= l4) or when the points' spacings are not within a factor 2 of eps (then
/// every extension ratio is in [1/4, 4]).  Each chord is extended with the nearer point's lower and the farther
/// point's upper bound (the extension increases in the first and decreases in the second); the
/// slack covers the few operations' rounding.
double five_point_bound(const std::array<point, 5>& q, double eps) {
  for (int i = 0; i < 4; ++i) {  // the points as evaluated: spacings within a factor 2 of eps
    const double d = q[i + 1].m - q[i].m;
    if (!(d >= 0.5 * eps && d <= 2 * eps)) return -infinity;
  }
  for (const point& e : q)
    if (std::isnan(e.lower) || std::isnan(e.upper)) return -infinity;
  if (!(q[1].upper <= q[0].lower && q[3].upper <= q[4].lower)) return -infinity;
  const auto& x = q;
  // (0, x0] and [x4, 1): the ends' values.
  double bound = std::min(q[0].lower, q[4].lower);
  // [x0, x1]: the chord (x1, x2) extended left; [x3, x4]: the chord (x3, x2) extended right.
  bound = std::min(bound, std::min(q[1].lower, extend(x[1].m, q[1].lower, x[2].m, q[2].upper, x[0].m)));
  bound = std::min(bound, std::min(q[3].lower, extend(x[3].m, q[3].lower, x[2].m, q[2].upper, x[4].m)));
  // [x1, x2]: chord (x0, x1) extended right, chord (x2, x3) extended left.
  bound = std::min(bound, min_of_max(q[1].lower, extend(x[1].m, q[1].lower, x[0].m, q[0].upper, x[2].m),
                                     extend(x[2].m, q[2].lower, x[3].m, q[3].upper, x[1].m), q[2].lower));
  // [x2, x3]: chord (x1, x2) extended right, chord (x3, x4) extended left.
  bound = std::min(bound, min_of_max(q[2].lower, extend(x[2].m, q[2].lower, x[1].m, q[1].upper, x[3].m),
                                     extend(x[3].m, q[3].lower, x[4].m, q[4].upper, x[2].m), q[3].lower));
  double mag = 1;
  for (const point& e : q) mag = std::max({mag, std::fabs(e.lower), std::fabs(e.upper)});
  return bound - 128 * unit_roundoff * mag;
}

double logistic(double t) { return 1 / (1 + std::exp(-t)); }
double logit(double m) { return std::log(m / (1 - m)); }

[[noreturn]] void bad_prior(const char* fn, const std::string& what) {
  ::lilucb::detail::raise_domain_error(fn, "prior", what,
                                       "1 to 128 increasing bets in [0, 0.9999], finite log-weights whose weights "
                                       "sum to at most 1 - 1e-14");
}
}  // namespace

bet_prior make_default_bet_prior() {
  bet_prior p;
  const auto add = [&](double beta, double w) {
    p.beta.push_back(beta);
    p.log_weight.push_back(std::log(w * (1 - 1e-12)));
  };
  add(0, 0.04);
  for (const double b : {0.9, 0.95, 0.98, 0.995}) add(b, 0.30 / 4);  // increasing order: sorted below
  for (int k = 0; k < 51; ++k) add(0.8 * std::exp2(-k / 3.0), k < 15 ? 0.56 / 15 : 0.10 / 36);
  // Sort by bet (the band and the tail decrease; the cap cluster lies above the band).
  std::vector<std::size_t> order(p.beta.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return p.beta[a] < p.beta[b]; });
  bet_prior sorted;
  for (const std::size_t i : order) {
    sorted.beta.push_back(p.beta[i]);
    sorted.log_weight.push_back(p.log_weight[i]);
  }
  return sorted;
}

void check_bet_prior(const char* fn, const bet_prior& p) {
  const std::size_t g = p.beta.size();
  if (g == 0 || g > max_prior_bets) bad_prior(fn, std::to_string(g) + " bets");
  if (p.log_weight.size() != g) bad_prior(fn, "log_weight of size " + std::to_string(p.log_weight.size()));
  double mass = 0;
  for (std::size_t k = 0; k < g; ++k) {
    const double b = p.beta[k], lw = p.log_weight[k];
    if (!(b >= 0 && b <= 0.9999)) bad_prior(fn, "bet " + ::lilucb::detail::format_value(b));
    if (k > 0 && !(b > p.beta[k - 1])) bad_prior(fn, "bets not increasing at " + std::to_string(k));
    if (!std::isfinite(lw)) bad_prior(fn, "log-weight " + ::lilucb::detail::format_value(lw));
    mass += std::exp(lw);
  }
  if (!(mass <= 1 - 1e-14)) bad_prior(fn, "weights summing to " + ::lilucb::detail::format_value(mass));
}

std::string describe(const bet_prior& p) {
  std::ostringstream o;
  const bool zero = !p.beta.empty() && p.beta.front() == 0;
  const std::size_t positive = p.beta.size() - (zero ? 1 : 0);
  o << positive << " range-scaled bets";
  if (positive > 0) {
    o.precision(2);
    o << " from " << p.beta[zero ? 1 : 0] << " to " << p.beta.back();
  }
  if (zero) o << " and the bet 0";
  return o.str();
}

hat_sums from_cells(const std::array<double, cells>& count, const std::array<double, cells>& theta,
                    const std::array<double, cells>& theta_err) {
  hat_sums s;
  for (std::size_t j = 0; j < knots; ++j) {
    const double c = j < cells ? count[j] : 0, t = j < cells ? theta[j] : 0, te = j < cells ? theta_err[j] : 0;
    const double prev = j > 0 ? theta[j - 1] : 0, prev_err = j > 0 ? theta_err[j - 1] : 0;
    s.h[j] = (c - t) + prev;
    // Raised to at least 2^-900 when positive (still a bound): a subnormal bound (the sums'
    // absolute terms, pooled_designation.hpp) would make every product with it slow.
    const double e = te + prev_err + 2.01 * unit_roundoff * (c + std::fabs(prev));
    s.err[j] = e > 0 ? std::max(e, 0x1p-900) : 0.0;
    s.n += c;
  }
  return s;
}

cell_of locate(double y) {
  const double t = static_cast<double>(cells) * y;  // exact: a power-of-two scaling
  const std::size_t j = std::min(static_cast<std::size_t>(t), cells - 1);
  return {j, t - static_cast<double>(j)};  // exact (Sterbenz for j >= 1)
}

point_bounds h_bounds(const pair_hats& p, double m) {
  const point e = evaluate(p, m, false);
  return {e.lower, e.upper};
}

double guess(const pair_hats& p) {
  const auto moments = [](const hat_sums& s) {
    double s1 = 0, s2 = 0;
    for (std::size_t j = 0; j < knots; ++j) {
      s1 += s.h[j] * knot_at(j);
      s2 += s.h[j] * knot_at(j) * knot_at(j);
    }
    const double mean = s1 / s.n;
    return std::array<double, 2>{mean, std::max(1e-4, s2 / s.n - mean * mean)};
  };
  const auto [mv, vv] = moments(p.v);
  const auto [mc, vc] = moments(p.c);
  const double wv = p.v.n / vv, wc = p.c.n / vc;
  return std::clamp((wv * mv + wc * mc) / (wv + wc), 1e-6, 1 - 1e-6);
}

search_result search(const pair_hats& p, double m0, double thr) {
  const bool decide = !std::isnan(thr);
  search_result r{-infinity, infinity, m0, 0};
  const auto eval = [&](double m, bool derivs) {
    const point e = evaluate(p, m, derivs);
    ++r.evaluations;
    if (e.upper < r.upper) {
      r.upper = e.upper;
      r.argmin = m;
    }
    return e;
  };
  // Newton on h' (h convex: h' nondecreasing), kept inside the bracket (a, b) of the minimiser;
  // a step that leaves it is replaced by the bracket's midpoint in logit(m) (or a factor 16
  // towards an end still open).
  double a = 0, b = 1, x = std::clamp(m0, 1e-15, 1 - 1e-15), curvature = 0, width = 0;
  for (int it = 0; it < 80; ++it) {
    const point e = eval(x, true);
    if (decide && r.upper < thr) return r;
    curvature = e.d2;
    width = e.upper - e.lower;
    if (e.d1 == 0) break;
    (e.d1 > 0 ? b : a) = x;
    double next = e.d2 > 0 ? x - e.d1 / e.d2 : std::numeric_limits<double>::quiet_NaN();
    if (!(next > a && next < b)) {
      next = a == 0 ? b / 16 : b == 1 ? 1 - (1 - a) / 16 : logistic(0.5 * (logit(a) + logit(b)));
      if (!(next > a && next < b)) next = 0.5 * (a + b);
    }
    const double scale = std::min(x, 1 - x);
    const bool converged = std::fabs(next - x) <= 1e-12 * scale || (b - a) <= 1e-13 * std::min(b, 1 - a);
    x = next;
    if (x < 1e-15 || 1 - x < 1e-15) return r;  // the minimiser at an end: nothing certified
    if (converged) break;
  }
  // The certificate at a few spacings around the approximate minimiser.  The chords lose about
  // h'' eps^2 and need h'' eps^2 above the enclosures' width: the first spacing balances the two
  // (eps = 3 sqrt(width / h'') from the last Newton step), the others are fallbacks.
  const double scale = std::min(x, 1 - x);
  std::array<double, 6> spacings{1e-5 * scale, 1e-3 * scale, 1e-7 * scale, 1e-4 * scale, 1e-6 * scale, 0};
  if (curvature > 0 && width > 0) {
    const double balanced = std::min(3 * std::sqrt(width / curvature), 1e-2 * scale);
    spacings = {balanced, 3 * balanced, balanced / 3, 10 * balanced, 1e-5 * scale, 1e-3 * scale};
  }
  int successes = 0;
  for (const double eps : spacings) {
    if (!(eps > 4e-16 * scale)) continue;
    std::array<point, 5> q;
    for (int i = 0; i < 5; ++i) q[i] = eval(x + (i - 2) * eps, false);
    if (decide && r.upper < thr) return r;
    const double bound = five_point_bound(q, eps);
    r.lower = std::max(r.lower, bound);
    if (decide && r.lower >= thr) return r;
    if (bound > -infinity && ++successes >= (decide ? 1 : 2)) break;
  }
  return r;
}

side_table::side_table(const bet_prior& p, double m, bool pooled)
    : m_(m), pooled_(pooled), ready_(knots, 0), f_(knots * p.beta.size()), df_(knots * p.beta.size()) {}

void side_table::fill(const bet_prior& p, std::size_t j) {
  const std::size_t g = p.beta.size();
  const double z = z_at(knot_at(j), m_, 1 - m_, pooled_).z;
  for (std::size_t k = 0; k < g; ++k) {
    const double f = std::log1p(p.beta[k] * z);
    f_[j * g + k] = f;
    df_[j * g + k] = term_rounding(p.beta[k], f);
  }
  ready_[j] = 1;
}

// N5-N6 of the page read upwards from the table's terms (the same bounds as side_at's).
side_table::bounds side_table::upper_bounds(const bet_prior& p, const hat_sums& s) {
  const std::size_t g = p.beta.size();
  std::array<double, max_prior_bets> acc, abs_acc, errs;
  std::fill_n(acc.begin(), g, 0.0);
  std::fill_n(abs_acc.begin(), g, 0.0);
  std::fill_n(errs.begin(), g, 0.0);
  for (std::size_t j = 0; j < knots; ++j) {
    if (s.h[j] == 0 && s.err[j] == 0) continue;  // contributes exactly 0
    if (!ready_[j]) fill(p, j);
    const double h = s.h[j], ah = std::fabs(h), e = s.err[j];
    const double* f = f_.data() + j * g;
    const double* df = df_.data() + j * g;
    for (std::size_t k = 0; k < g; ++k) {
      const double hf = h * f[k];
      acc[k] += hf;
      abs_acc[k] += std::fabs(hf);
      errs[k] += e * std::fabs(f[k]) + ah * df[k];
    }
  }
  // Each exponent a_k within errs + 36u sum |H F| of the exact one (N5).
  bounds out;
  out.g = g;
  out.emax = 0;
  double loose = -infinity;
  for (std::size_t k = 0; k < g; ++k) {
    const double ek = errs[k] + static_cast<double>(knots + 3) * unit_roundoff * abs_acc[k];
    loose = std::max(loose, acc[k] + ek);
    out.v[k] = p.log_weight[k] + acc[k];
    out.emax = std::max(out.emax, ek + 2 * unit_roundoff * std::fabs(out.v[k]));
  }
  out.loose = loose + 2 * unit_roundoff * std::fabs(loose);
  return out;
}

double side_table::bounds::tight() const {
  const log_sum ls = log_sum_exp(v.data(), g);
  const double value = ls.value + 2 * (emax + ls.err);
  return value + 2 * unit_roundoff * std::fabs(value);
}

double pooled_betting_statistic(const bet_prior& p, const std::array<double, knots>& hv,
                                const std::array<double, knots>& hc) {
  constexpr const char* fn = "lilucb::bandit::hat_mixture::pooled_betting_statistic";
  check_bet_prior(fn, p);
  pair_hats pair{{}, {}, &p};
  for (std::size_t j = 0; j < knots; ++j) {
    if (!(hv[j] >= 0 && std::isfinite(hv[j])))
      ::lilucb::detail::raise_domain_error(fn, ("hv[" + std::to_string(j) + "]").c_str(), ::lilucb::detail::format_value(hv[j]),
                                           "finite and >= 0");
    if (!(hc[j] >= 0 && std::isfinite(hc[j])))
      ::lilucb::detail::raise_domain_error(fn, ("hc[" + std::to_string(j) + "]").c_str(), ::lilucb::detail::format_value(hc[j]),
                                           "finite and >= 0");
    pair.v.h[j] = hv[j];
    pair.c.h[j] = hc[j];
    pair.v.n += hv[j];
    pair.c.n += hc[j];
  }
  if (!(pair.v.n >= 1)) ::lilucb::detail::raise_domain_error(fn, "sum of hv", ::lilucb::detail::format_value(pair.v.n), ">= 1");
  if (!(pair.c.n >= 1)) ::lilucb::detail::raise_domain_error(fn, "sum of hc", ::lilucb::detail::format_value(pair.c.n), ">= 1");
  return search(pair, guess(pair), std::numeric_limits<double>::quiet_NaN()).lower;
}

}  // namespace lilucb::bandit::hat_mixture
