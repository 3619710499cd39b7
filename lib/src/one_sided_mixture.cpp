// The bodies of the one-sided mixture's kernel (lilucb/bandit/detail/one_sided_mixture.hpp states
// each function's contract; the proofs are in docs/certified-glr/numerics.md).

#include "lilucb/bandit/detail/one_sided_mixture.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>

namespace lilucb::bandit::one_sided_mixture {

f_and_slope F(double u) {
  constexpr double inv_sqrt_2pi = 0.39894228040143267794;  // 1/sqrt(2 pi)
  constexpr double sqrt_2_over_pi = 0.79788456080286535588;
  constexpr double inv_sqrt_pi = 0.56418958354775628695;
  const double x = -u * 0.70710678118654752440;
  if (x <= 0) {
    const double Phi = 0.5 * std::erfc(x);  // in [1/2, 1]
    return {0.5 * u * u + std::log(Phi), u + inv_sqrt_2pi * std::exp(-0.5 * u * u) / Phi};
  }
  if (x <= 25) {
    const double ex = std::exp(x * x) * std::erfc(x);
    return {std::log(0.5 * ex), u + sqrt_2_over_pi / ex};
  }
  if (x <= 100) {  // exp(x^2) and erfc(x) are normal long doubles up to x = 106
    const long double xl = x, ex = std::exp(xl * xl) * std::erfc(xl);
    return {double(std::log(0.5L * ex)), double(u + sqrt_2_over_pi / ex)};
  }
  // The lower bound of Abramowitz & Stegun 7.1.13, log(1/(sqrt(pi) (x + sqrt(x^2 + 2)))), and its own slope.
  const double r = std::sqrt(x * x + 2);
  return {std::log(inv_sqrt_pi / (x + r)), 0.70710678118654752440 / r};
}

const phi_tangent* phi_tangents() {
  // In long double: the slope b = phi(u_j)/Phi(u_j) rounded up to a double, the intercept of the
  // line through (u_j, log Phi(u_j)) with that slope, rounded up with a margin of 1e-14 (1 + |a|):
  // it covers the rounding of the long double values (about 1e-18 with a 64-bit mantissa; a long
  // double that is a double leaves about 1e-16, still inside), of the conversion (1.1e-16 |a|) and
  // the slope's excess over the tangent's on [0, u_j] (at most 1.5 ulp of b < 1, times u_j <= 6:
  // below 1.1e-15); for u >= u_j a larger slope only raises the line.
  static const std::array<phi_tangent, phi_tangent_count> table = [] {
    std::array<phi_tangent, phi_tangent_count> t{};
    for (std::size_t j = 0; j + 1 < phi_tangent_count; ++j) {
      const long double u = 0.25L * static_cast<long double>(j);
      const long double Phi = 0.5L * std::erfc(-u / std::sqrt(2.0L));
      const long double phi = std::exp(-0.5L * u * u) / std::sqrt(2 * 3.14159265358979323846264338327950288L);
      const double b = std::nextafter(static_cast<double>(phi / Phi), std::numeric_limits<double>::infinity());
      const double a = static_cast<double>(std::log(Phi) - static_cast<long double>(b) * u);
      t[j] = {a + 1e-14 * (1 + std::fabs(a)), b};
    }
    t[phi_tangent_count - 1] = {0.0, 0.0};  // log Phi <= 0
    return t;
  }();
  return table.data();
}

h_and_slope h_at(const pair_data& p, double m) {
  double v[64], d[64];
  double best = -std::numeric_limits<double>::infinity();
  for (std::size_t k = 0; k < p.G; ++k) {
    const f_and_slope fa = F((p.ma - m) * p.sa[k]), fb = F((m - p.mb) * p.sb[k]);
    v[k] = p.c[k] + fa.f + fb.f;
    d[k] = -p.sa[k] * fa.df + p.sb[k] * fb.df;
    best = v[k] > best ? v[k] : best;
  }
  // One term: the same values as the sum below (exp(0) = 1, log 1 = 0 exactly).
  if (p.G == 1 && std::isfinite(v[0])) return {v[0], d[0]};
  double sum = 0, dsum = 0;
  for (std::size_t k = 0; k < p.G; ++k) {
    const double e = std::exp(v[k] - best);
    sum += e;
    dsum += e * d[k];
  }
  return {best + std::log(sum), dsum / sum};
}

double log_sum_exp(const double* v, std::size_t G) {
  double best = -std::numeric_limits<double>::infinity();
  for (std::size_t k = 0; k < G; ++k) best = v[k] > best ? v[k] : best;
  if (!std::isfinite(best)) return best;
  double sum = 0;
  for (std::size_t k = 0; k < G; ++k) sum += std::exp(v[k] - best);
  return best + std::log(sum);
}

double quadratic_upper(const pair_data& p, double m) {
  const phi_tangent* t = phi_tangents();
  double v[64];
  for (std::size_t k = 0; k < p.G; ++k) {
    const double ua = (p.ma - m) * p.sa[k], ub = (m - p.mb) * p.sb[k];
    v[k] = p.c[k] + F_upper(ua, t) + F_upper(ub, t);
  }
  const double up = log_sum_exp(v, p.G);
  return up + 1e-12 * (1 + std::fabs(up));
}

bool coarse_infimum(const pair_data& p, double pass_at, double rel_width, double* value, double* argmin) {
  bracket b;
  const bool bracketed = find_bracket(p, b);
  auto [l, r, hl, hr] = b;
  *argmin = 0.5 * (p.ma + p.mb);
  if (!bracketed) return false;
  for (int it = 0; it < 200; ++it) {
    const double bound = std::max(hl.h + hl.dh * (r - l), hr.h - hr.dh * (r - l));
    if (bound - 1e-9 * (1 + std::fabs(bound)) >= pass_at) {
      *value = bound - 1e-9 * (1 + std::fabs(bound));
      return true;
    }
    if (r - l <= rel_width * bracket_scale(p)) break;
    if (!shrink_bracket(p, it, l, r, hl, hr)) break;
  }
  *argmin = hl.h <= hr.h ? l : r;
  return false;
}

bounds_at whole(const pair_data& p, double m) {
  const h_and_slope v = h_at(p, m);
  return {v.h, v.dh, v.h};
}

double tight_upper(double Na, double ma, const double* ra, double Nb, double mb, const double* rb,
                   std::size_t G, double* qmax) {
  const double m0 = (Na * ma + Nb * mb) / (Na + Nb);
  const double da = ma - m0, db = m0 - mb;
  double best = -std::numeric_limits<double>::infinity();
  for (std::size_t k = 0; k < G; ++k) {
    const double ua = da * (Na * ra[2 * G + k]) * ra[G + k], ub = db * (Nb * rb[2 * G + k]) * rb[G + k];
    const double q = 0.5 * (ua * ua + ub * ub);
    const double y = q - ra[k] - rb[k];
    best = y > best ? y : best;
    if (qmax) *qmax = k == 0 || q > *qmax ? q : *qmax;
  }
  return best + 2 * std::log(2.0);
}

bounds_at grouped_at(const grouped_pair& g, double m,
                     double need_up_below) {
  constexpr double ninf = -std::numeric_limits<double>::infinity();
  const h_and_slope v = h_at(g.sub, m);
  if (v.h >= need_up_below) return {v.h, v.dh, std::numeric_limits<double>::infinity()};
  const double da = g.sub.ma - m, db = m - g.sub.mb;
  const std::size_t G = g.G;
  double hd = ninf, tl = ninf;
  if (g.s0 > 0)
    hd = g.head_c + F(std::max(da * g.ra[G], da * g.ra[G + g.s0 - 1])).f +
         F(std::max(db * g.rb[G], db * g.rb[G + g.s0 - 1])).f;
  if (g.e0 < G) tl = g.tail_c + F(std::max(da * g.ra[G + g.e0], 0.0)).f + F(std::max(db * g.rb[G + g.e0], 0.0)).f;
  const double mx = std::max({v.h, hd, tl});
  return {v.h, v.dh, mx + std::log(std::exp(v.h - mx) + std::exp(hd - mx) + std::exp(tl - mx))};
}

void check_pair_arguments(const char* fn, double sigma, const char* na_name, std::uint64_t na,
                          const char* nb_name, std::uint64_t nb, const stopping::mixture_grid& g) {
  check_positive(fn, "sigma", sigma);
  check_at_least(fn, na_name, double(na), 1.0);
  check_at_least(fn, nb_name, double(nb), 1.0);
  const std::size_t G = g.rho.size();
  if (G == 0 || G > 64 || G != g.log_weight.size())
    ::lilucb::detail::raise_domain_error(fn, "grid", std::to_string(G) + " scales", "1 to 64 scales with one weight each");
  stopping::mixture_detail::check_common_share(fn, g);
}

double infimum_lower_bound(const pair_data& p, double* argmin) { return search_infimum(p, argmin); }

h_and_slope arm_log_sum(const double* s, const double* c, std::size_t G, double x, double m, double sign,
                        std::size_t* largest) {
  double v[64], d[64];
  double best = -std::numeric_limits<double>::infinity();
  std::size_t at = 0;
  for (std::size_t k = 0; k < G; ++k) {
    const f_and_slope f = F(sign * (x - m) * s[k]);
    v[k] = c[k] + f.f;
    d[k] = -sign * s[k] * f.df;
    if (v[k] > best) {
      best = v[k];
      at = k;
    }
  }
  if (largest) *largest = at;
  if (!std::isfinite(best)) return {best, 0.0};
  double sum = 0, dsum = 0;
  for (std::size_t k = 0; k < G; ++k) {
    const double e = std::exp(v[k] - best);
    sum += e;
    dsum += e * d[k];
  }
  return {best + std::log(sum), dsum / sum};
}

h_and_slope h_at(const joint_pair& p, double m) {
  const h_and_slope s = h_at(pair_data{p.ma, p.mb, p.sigma, p.sa, p.sb, p.c, p.G}, m);
  const h_and_slope a = arm_log_sum(p.sa, p.ca, p.G, p.ma, m, 1.0);
  const h_and_slope b = arm_log_sum(p.sb, p.cb, p.G, p.mb, m, -1.0);
  const double x = p.log_common + s.h, y = p.log_product + a.h + b.h;
  const double top = std::max(x, y);
  if (!std::isfinite(top)) return {top, 0.0};
  const double ex = std::exp(x - top), ey = std::exp(y - top);
  return {top + std::log(ex + ey), (ex * s.dh + ey * (a.dh + b.dh)) / (ex + ey)};
}

}  // namespace lilucb::bandit::one_sided_mixture
