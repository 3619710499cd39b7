#pragma once
// The characteristic time T*(mu) of fixed-confidence best-arm identification, the optimal
// proportions w*(mu), the lower bound E[tau] >= T*(mu) kl(delta, 1 - delta) and the fixed-point
// predictor t = T*(mu) beta(t, delta).
//
// Garivier & Kaufmann (2016), "Optimal best arm identification with fixed confidence", COLT:
//   T*(mu)^-1 = sup_{w in simplex} min_{a != 1} (w_1 + w_a) I_{w_1/(w_1+w_a)}(mu_1, mu_a),
//   I_alpha(mu_1, mu_a) = alpha d(mu_1, m) + (1 - alpha) d(mu_a, m), m = alpha mu_1 + (1-alpha) mu_a
// (their Lemma 3 and Theorem 5).  With g_a(x) = d(mu_1, m_a(x)) + x d(mu_a, m_a(x)),
// m_a(x) = (mu_1 + x mu_a)/(1 + x), and x_a(y) the solution of g_a(x) = y, the optimum is at the
// unique y* in (0, min_a d(mu_1, mu_a)) with
//   F(y) = sum_{a != 1} d(mu_1, m_a(x_a(y))) / d(mu_a, m_a(x_a(y))) = 1,
// and then w_1 = 1/(1 + sum x_a), w_a = x_a w_1, T* = (1 + sum x_a)/y*.
//
// Gaussian arms with known sigma, d(p, q) = (p - q)^2/(2 sigma^2): g_a(x) = d_a x/(1 + x),
// d_a = Delta_a^2/(2 sigma^2), so x_a = y/(d_a - y) and F(y) = sum_a (y/(d_a - y))^2 (issue 14's
// form).  The root lies in (0, min_a d_a / 2]: the arm with the smallest d_a alone contributes
// (y/(d_min - y))^2, which is 1 at y = d_min/2.  Closed forms (tested): two arms T* = 8 sigma^2/Delta^2;
// K-1 equal gaps T* = 2 sigma^2 (1 + sqrt(K-1))^2/Delta^2.
//
// Bernoulli arms: d is the Bernoulli KL divergence; x_a(y) and y* by bracketing root finding
// (boost::math::tools::toms748_solve), brackets expanded until the sign changes.
//
// Every function is a template on the real type (double or cpp_bin_float_50) and checks its
// domain: finite means with a unique largest one; sigma > 0; Bernoulli means in [0, 1].

#include "lilucb/errors.hpp"
#include "lilucb/instance.hpp"

#include <boost/math/tools/roots.hpp>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace lilucb {

/// T*(mu) and w*(mu) (w* in the order of the means, summing to 1).
template <class Real>
struct characteristic_time_result {
  Real t_star;
  std::vector<Real> w_star;
};

/// Bernoulli KL divergence kl(p, q) = p log(p/q) + (1-p) log((1-p)/(1-q)), 0 log 0 = 0;
/// +infinity where q in {0, 1} and p != q.  Domain: p, q in [0, 1].
template <class Real>
Real bernoulli_kl(Real p, Real q) {
  using std::log;
  constexpr const char* fn = "lilucb::bernoulli_kl";
  if (!(p >= 0 && p <= 1)) detail::raise_domain_error(fn, "p", detail::format_value(p), "[0, 1]");
  if (!(q >= 0 && q <= 1)) detail::raise_domain_error(fn, "q", detail::format_value(q), "[0, 1]");
  if (p == q) return Real(0);
  const Real inf = std::numeric_limits<Real>::infinity();
  Real r(0);
  if (p > 0) r += q > 0 ? Real(p * log(Real(p / q))) : inf;
  if (p < 1) r += q < 1 ? Real((1 - p) * log(Real((1 - p) / (1 - q)))) : inf;
  return r;
}

/// kl(delta, 1 - delta) = (1 - 2 delta) log((1 - delta)/delta): the factor of the lower bound
/// (Garivier & Kaufmann 2016, Theorem 1; Kaufmann, Cappe & Garivier 2016).  Domain: delta in (0, 1/2].
template <class Real>
Real kl_delta(Real delta) {
  using std::log;
  if (!(delta > 0 && delta <= Real(0.5)))
    detail::raise_domain_error("lilucb::kl_delta", "delta", detail::format_value(delta), "(0, 1/2]");
  return (1 - 2 * delta) * log((1 - delta) / delta);
}

namespace detail {

template <class Real>
boost::math::tools::eps_tolerance<Real> root_tolerance() {
  return boost::math::tools::eps_tolerance<Real>(std::numeric_limits<Real>::digits - 4);
}

/// Root of an increasing f on [lo, hi] with f(lo) < 0 <= f(hi), to the type's precision.
template <class Real, class F>
Real increasing_root(F f, Real lo, Real hi, Real flo, Real fhi) {
  if (fhi == 0) return hi;
  std::uintmax_t it = 400;
  const auto r = boost::math::tools::toms748_solve(f, lo, hi, flo, fhi, root_tolerance<Real>(), it);
  return (r.first + r.second) / 2;
}

/// The solution x of g(x) = y on (0, inf) for an increasing g with g(0) = 0 < y < sup g.
template <class Real, class G>
Real solve_increasing_from_zero(G g, Real y) {
  Real lo(0), hi(1), flo = -y, fhi = g(hi) - y;
  for (int k = 0; fhi < 0 && k < 4000; ++k) {
    lo = hi;
    flo = fhi;
    hi *= 2;
    fhi = g(hi) - y;
  }
  return increasing_root<Real>([&](const Real& x) { return g(x) - y; }, lo, hi, flo, fhi);
}

/// The program of the file comment for divergence d: y* by root finding on F, then x_a, w, T*.
template <class Real, class D>
characteristic_time_result<Real> optimal_proportions(const std::vector<Real>& mu, std::size_t best, D d,
                                                     bool gaussian_closed_x, const std::vector<Real>& dgap) {
  const std::size_t n = mu.size();
  auto x_of = [&](std::size_t a, const Real& y) -> Real {
    if (gaussian_closed_x) return y / (dgap[a] - y);
    const Real m1 = mu[best], ma = mu[a];
    auto g = [&](const Real& x) {
      const Real m = (m1 + x * ma) / (1 + x);
      return Real(d(m1, m) + x * d(ma, m));
    };
    return solve_increasing_from_zero<Real>(g, y);
  };
  auto F = [&](const Real& y) -> Real {
    Real s(0);
    for (std::size_t a = 0; a < n; ++a) {
      if (a == best) continue;
      const Real x = x_of(a, y);
      if (gaussian_closed_x) {
        s += x * x;
      } else {
        const Real m = (mu[best] + x * mu[a]) / (1 + x);
        s += d(mu[best], m) / d(mu[a], m);
      }
    }
    return s - 1;
  };
  Real dmin = std::numeric_limits<Real>::infinity();
  for (std::size_t a = 0; a < n; ++a)
    if (a != best && dgap[a] < dmin) dmin = dgap[a];
  Real lo(0), flo(-1), hi, fhi;
  if (gaussian_closed_x) {
    hi = dmin / 2;  // F(d_min/2) >= 0 (file comment)
    fhi = F(hi);
  } else if ((boost::math::isfinite)(dmin)) {
    // F -> infinity as y -> d_min: approach d_min until F changes sign.
    Real step = dmin / 2;
    hi = step;
    fhi = F(hi);
    for (int k = 0; fhi < 0 && k < 2000; ++k) {
      lo = hi;
      flo = fhi;
      step /= 2;
      hi = dmin - step;
      fhi = F(hi);
    }
  } else {
    hi = 1;
    fhi = F(hi);
    for (int k = 0; fhi < 0 && k < 4000; ++k) {
      lo = hi;
      flo = fhi;
      hi *= 2;
      fhi = F(hi);
    }
  }
  const Real y = increasing_root<Real>(F, lo, hi, flo, fhi);
  characteristic_time_result<Real> r;
  r.w_star.assign(n, Real(0));
  Real sum_x(0);
  for (std::size_t a = 0; a < n; ++a)
    if (a != best) {
      r.w_star[a] = x_of(a, y);
      sum_x += r.w_star[a];
    }
  const Real w1 = 1 / (1 + sum_x);
  for (std::size_t a = 0; a < n; ++a) r.w_star[a] = a == best ? w1 : Real(r.w_star[a] * w1);
  r.t_star = (1 + sum_x) / y;
  return r;
}

}  // namespace detail

/// T*(mu) and w*(mu) for Gaussian arms N(mu_a, sigma^2) (Garivier & Kaufmann 2016, Theorem 5 with
/// the Gaussian divergence; file comment).  Domain: at least two finite means with a unique
/// largest one; sigma > 0 finite.
template <class Range, class Real = detail::range_value_t<Range>>
characteristic_time_result<Real> characteristic_time_gaussian(const Range& means, Real sigma) {
  constexpr const char* fn = "lilucb::characteristic_time_gaussian";
  check_positive(fn, "sigma", sigma);
  const std::size_t best = detail::best_arm_checked(fn, means);
  std::vector<Real> mu(std::begin(means), std::end(means));
  if (mu.size() < 2)
    detail::raise_domain_error(fn, "means", "1 arm", "at least two arms (T* is defined for K >= 2)");
  std::vector<Real> dgap(mu.size());
  for (std::size_t a = 0; a < mu.size(); ++a) {
    const Real g = mu[best] - mu[a];
    dgap[a] = g * g / (2 * sigma * sigma);
    // d_a = Delta_a^2/(2 sigma^2) must be a finite positive normal number: a gap so small (or a
    // sigma so large) that it underflows, or a sigma so small that 2 sigma^2 underflows to 0 and
    // d_a overflows (`hardness --sigma 1e-300` ended in the root finder's "do not bracket" error),
    // leaves T* undefined in floating point.
    if (a != best && !(dgap[a] >= (std::numeric_limits<Real>::min)() && (boost::math::isfinite)(dgap[a])))
      detail::raise_domain_error(fn, "means", "gap " + detail::format_value(g) + " at sigma = " + detail::format_value(sigma),
                                 "gaps whose square over 2 sigma^2 is a finite positive normal number");
  }
  auto d = [&](const Real& p, const Real& q) { return Real((p - q) * (p - q) / (2 * sigma * sigma)); };
  auto r = detail::optimal_proportions<Real>(mu, best, d, true, dgap);
  // T* ~ 1/min_a d_a: with d_a near the smallest normal number it exceeds the largest Real.
  if (!(boost::math::isfinite)(r.t_star))
    detail::raise_domain_error(fn, "sigma", detail::format_value(sigma),
                               "values whose T* = (about) 2 sigma^2/Delta_min^2 is finite (here T* = " +
                                   detail::format_value(r.t_star) + ")");
  return r;
}

/// T*(mu) and w*(mu) for Bernoulli arms (Garivier & Kaufmann 2016, Theorem 5 with the Bernoulli
/// KL divergence).  Domain: at least two means in [0, 1] with a unique largest one.
template <class Range, class Real = detail::range_value_t<Range>>
characteristic_time_result<Real> characteristic_time_bernoulli(const Range& means) {
  constexpr const char* fn = "lilucb::characteristic_time_bernoulli";
  const std::size_t best = detail::best_arm_checked(fn, means);
  std::vector<Real> mu(std::begin(means), std::end(means));
  if (mu.size() < 2)
    detail::raise_domain_error(fn, "means", "1 arm", "at least two arms (T* is defined for K >= 2)");
  for (std::size_t a = 0; a < mu.size(); ++a)
    if (!(mu[a] >= 0 && mu[a] <= 1)) {
      const std::string name = "means[" + std::to_string(a) + "]";
      detail::raise_domain_error(fn, name.c_str(), detail::format_value(mu[a]), "[0, 1] for Bernoulli arms");
    }
  std::vector<Real> dgap(mu.size());
  for (std::size_t a = 0; a < mu.size(); ++a) dgap[a] = bernoulli_kl(mu[best], mu[a]);
  auto d = [](const Real& p, const Real& q) { return bernoulli_kl(p, q); };
  return detail::optimal_proportions<Real>(mu, best, d, false, dgap);
}

/// The lower bound on the expected stopping time of any delta-correct algorithm,
/// T*(mu) kl(delta, 1 - delta) (Garivier & Kaufmann 2016, Theorem 1).
/// Domain: t_star > 0 finite, delta in (0, 1/2].
template <class Real>
Real bai_lower_bound(Real t_star, Real delta) {
  constexpr const char* fn = "lilucb::bai_lower_bound";
  check_positive(fn, "t_star", t_star);
  const Real k = kl_delta(delta);
  const Real lb = t_star * k;
  // Linear in T*: finite exactly for T* <= max_real / kl(delta, 1 - delta).
  if (!(boost::math::isfinite)(lb))
    detail::raise_domain_error(fn, "t_star", detail::format_value(t_star),
                               "(0, max_real / kl(delta, 1-delta)] = (0, " +
                                   detail::format_bound(Real((std::numeric_limits<Real>::max)() / k)) +
                                   "] at this delta (past it the bound overflows)");
  return lb;
}

/// The fixed-point prediction of a GLR-type stopping time: the smallest t >= 1 with
/// t >= T* beta(t) (an asymptotic prediction, Garivier & Kaufmann 2016 Section 3: the GLR statistic
/// grows like t / T* under optimal sampling).  `beta` must be finite and grow slower than t.
/// Domain: t_star > 0 finite.  Returns 1 when 1 >= T* beta(1).
template <class Real, class Beta>
Real fixed_point_stopping_time(Real t_star, Beta beta) {
  constexpr const char* fn = "lilucb::fixed_point_stopping_time";
  check_positive(fn, "t_star", t_star);
  auto f = [&](const Real& t) { return Real(t - t_star * Real(beta(t))); };
  Real lo(1), flo = f(lo);
  if (!(flo < 0)) return lo;
  Real hi(2), fhi = f(hi);
  for (int k = 0; !(fhi >= 0) && k < 2000; ++k) {
    lo = hi;
    flo = fhi;
    hi *= 2;
    fhi = f(hi);
  }
  if (!(fhi >= 0))
    detail::raise_domain_error(fn, "beta", "t - T* beta(t) < 0 up to t = " + detail::format_value(hi),
                               "a threshold growing slower than t");
  return detail::increasing_root<Real>(f, lo, hi, flo, fhi);
}

}  // namespace lilucb
