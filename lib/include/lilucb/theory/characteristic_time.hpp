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
// d_a = Delta_a^2/(2 sigma^2), so x_a = y/(d_a - y) and F(y) = sum_a (y/(d_a - y))^2.
// The root lies in (0, min_a d_a / 2]: the arm with the smallest d_a alone contributes
// (y/(d_min - y))^2, which is 1 at y = d_min/2.  Closed forms (tested): two arms T* = 8 sigma^2/Delta^2;
// K-1 equal gaps T* = 2 sigma^2 (1 + sqrt(K-1))^2/Delta^2.
//
// Bernoulli arms: d is the Bernoulli KL divergence, computed so that it keeps its relative
// accuracy for near-equal means (bernoulli_kl_accurate).  The root is sought in x = x_b, the
// proportion of the arm b with the smallest d(mu_1, mu_b), instead of y: y = g_b(x) is computed
// directly, and for every other arm a, g_a >= g_b pointwise (g_a(x) = min_m d(mu_1, m) + x d(mu_a, m),
// and d(mu_a, m) >= d(mu_b, m) for m >= mu_b while d(mu_1, m) >= d(mu_1, mu_b) >= g_b(x) for
// m < mu_b), so x_a(g_b(x)) lies in [0, x]: every bracket is known before the search and none
// depends on how close y comes to d(mu_1, mu_b) in floating point.  F(x) rises from -1 at x = 0
// and exceeds 0 once x_b^2 > 1 for near ties (about x log x for far-apart means), so doubling
// x from 1 brackets the root.  Roots by boost::math::tools::toms748_solve.
//
// Beta arms of a common concentration kappa (Beta(kappa mu, kappa (1 - mu)), the bounded arms of
// bandit/arms.hpp) form a one-parameter exponential family in the natural parameter kappa mu with
// sufficient statistic log(y/(1 - y)); the program above holds in its expectation parameter
// nu(mu) = psi(kappa mu) - psi(kappa (1 - mu)) (psi the digamma function), where the pair's
// optimal alternative is the weighted mean of the nu's.  d is the Beta divergence,
//   KL(mu_p || mu_q) = log B(kappa mu_q, kappa (1 - mu_q)) - log B(kappa mu_p, kappa (1 - mu_p))
//                      + kappa (mu_p - mu_q) nu(mu_p),
// and nu is inverted by root finding (it is increasing in mu).
//
// The characteristic time T*_eps of epsilon-good identification (additive or relative epsilon),
// its optimal proportions and answer, and its lower bound, for Gaussian and Bernoulli arms: the
// epsilon-good section below.
//
// The characteristic time T*_m of top-m identification (with the additive (eps, m)-good
// relaxation), its proportions, answer set and certified lower end, and its lower bound, for
// Gaussian and Bernoulli arms: the top-m section below.
//
// Every function is a template on the real type (double or cpp_bin_float_50) and checks its
// domain: finite means with a unique largest one (for epsilon-good identification, ties allowed
// at eps > 0); sigma > 0; Bernoulli means in [0, 1]; Beta means in (0, 1), kappa > 0.

#include "lilucb/theory/divergence.hpp"
#include "lilucb/errors.hpp"
#include "lilucb/theory/instance.hpp"

#include <boost/math/special_functions/digamma.hpp>
#include <boost/math/special_functions/fpclassify.hpp>
#include <boost/math/special_functions/gamma.hpp>
#include <boost/math/special_functions/log1p.hpp>
#include <boost/math/tools/roots.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
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

namespace detail {

/// t - log(1 + t) for t > -1, to the type's relative precision also for small |t| (where the
/// subtraction would cancel): the alternating series sum_{k >= 2} (-t)^k / k for |t| < 1/4.
template <class Real>
Real log1p_remainder(const Real& t) {
  using std::abs;
  if (!(abs(t) < Real(0.25))) return Real(t - boost::math::log1p(t));
  const Real eps = std::numeric_limits<Real>::epsilon();
  Real sum(0), power = t * t;
  for (int k = 2; k < 1000; ++k) {
    const Real term = power / k;
    sum += k % 2 == 0 ? term : Real(-term);
    if (abs(term) <= eps * abs(sum)) break;
    power *= t;
  }
  return sum;
}

/// bernoulli_kl(p, q) given also delta = p - q (computed without rounding error by the caller
/// where p and q are close), to the type's relative precision also for near-equal p and q: with
/// u = delta/q and v = -delta/(1 - q), p u + (1 - p) v = delta^2/(q (1 - q)) exactly, so
/// kl = delta^2/(q (1 - q)) - p r(u) - (1 - p) r(v) with r(t) = t - log(1 + t), whose
/// subtraction loses about one bit (the second term is about half the first).  Used where both
/// |u| and |v| are below 1/4; elsewhere it is bernoulli_kl(p, q).  delta, not p - q, decides: a
/// q formed as p - delta may round to p itself (delta below half an ulp of p), and the divergence
/// is then delta^2/(2 q (1 - q)) to first order, not 0.  Domain: p, q in [0, 1].
template <class Real>
Real bernoulli_kl_accurate(Real p, Real q, Real delta) {
  using std::abs;
  if (delta == 0 || !(q > 0 && q < 1) || !(p >= 0 && p <= 1)) return bernoulli_kl(p, q);
  const Real u = delta / q, v = -delta / (1 - q);
  if (!(abs(u) < Real(0.25) && abs(v) < Real(0.25))) return bernoulli_kl(p, q);
  const Real r = delta * delta / (q * (1 - q)) - p * log1p_remainder(u) - (1 - p) * log1p_remainder(v);
  return r > 0 ? r : Real(0);
}

}  // namespace detail

/// kl(delta, 1 - delta) = (1 - 2 delta) log((1 - delta)/delta): the factor of the lower bound
/// (Garivier & Kaufmann 2016, Theorem 1; Kaufmann, Cappe & Garivier 2016).  Domain: delta in (0, 1/2].
template <class Real>
Real kl_delta(Real delta) {
  using std::log;
  if (!(delta > 0 && delta <= Real(0.5)))
    detail::raise_domain_error("lilucb::kl_delta", "delta", detail::format_value(delta), "(0, 1/2]");
  // log((1 - delta)/delta) as log1p(-delta) - log(delta): the quotient overflows for a
  // subnormal delta, the difference is finite for every delta in the domain.
  return (1 - 2 * delta) * (boost::math::log1p(-delta) - log(delta));
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

/// The program's answer from its root: x_a = x(a) for the arms a != best, w_best = 1/(1 + sum x_a),
/// w_a = x_a w_best, T* = (1 + sum x_a)/y.
template <class Real, class X>
characteristic_time_result<Real> proportions_from_root(std::size_t best, std::size_t n, const Real& y, X x) {
  characteristic_time_result<Real> r;
  r.w_star.assign(n, Real(0));
  Real sum_x(0);
  for (std::size_t a = 0; a < n; ++a)
    if (a != best) {
      r.w_star[a] = x(a);
      sum_x += r.w_star[a];
    }
  const Real w1 = 1 / (1 + sum_x);
  for (std::size_t a = 0; a < n; ++a) r.w_star[a] = a == best ? w1 : Real(r.w_star[a] * w1);
  r.t_star = (1 + sum_x) / y;
  return r;
}

/// The Gaussian program of the file comment: x_a = y/(d_a - y) in closed form, y* by root
/// finding on F in (0, d_min/2], then w and T*.
template <class Real>
characteristic_time_result<Real> gaussian_proportions(std::size_t best, const std::vector<Real>& dgap) {
  const std::size_t n = dgap.size();
  auto x_of = [&](std::size_t a, const Real& y) -> Real { return y / (dgap[a] - y); };
  auto F = [&](const Real& y) -> Real {
    Real s(0);
    for (std::size_t a = 0; a < n; ++a) {
      if (a == best) continue;
      const Real x = x_of(a, y);
      s += x * x;
    }
    return s - 1;
  };
  Real dmin = std::numeric_limits<Real>::infinity();
  for (std::size_t a = 0; a < n; ++a)
    if (a != best && dgap[a] < dmin) dmin = dgap[a];
  const Real lo(0), flo(-1), hi = dmin / 2;  // F(d_min/2) >= 0 (file comment)
  const Real y = increasing_root<Real>(F, lo, hi, flo, F(hi));
  return proportions_from_root<Real>(best, n, y, [&](std::size_t a) { return x_of(a, y); });
}

/// The Gaussian program with pair costs d_a/(1/w_i + c/w_a), c in (0, 1] (the epsilon-good programs:
/// c = 1 additive, (1 - eps)^2 relative), searched in u = x_b/sqrt(c) in [0, 1] of the arm b with
/// the smallest d_b: y = d_b u/(sqrt(c) + u), and for every arm
/// x_a/sqrt(c) = c y/(sqrt(c) (d_a - y)) = sqrt(c) d_b u/(d_a sqrt(c) + (d_a - d_b) u) (no cancellation:
/// d_a >= d_b; b's own is u), so that F(u) = sum_a (x_a/sqrt(c))^2 - 1 rises from -1 at u = 0 to
/// F(1) >= 0 for every c, however close y* comes to d_b.  Then w_i = 1/(1 + sum x_a), T = (1 + sum x_a)/y.
template <class Real>
characteristic_time_result<Real> gaussian_proportions_scaled(std::size_t i, const std::vector<Real>& dgap,
                                                             const Real& c) {
  using std::sqrt;
  const std::size_t n = dgap.size();
  std::size_t b = n;
  for (std::size_t a = 0; a < n; ++a)
    if (a != i && (b == n || dgap[a] < dgap[b])) b = a;
  const Real rc = sqrt(c), db = dgap[b];
  const auto xi = [&](std::size_t a, const Real& u) -> Real {
    return a == b ? u : Real(rc * db * u / (dgap[a] * rc + (dgap[a] - db) * u));
  };
  const auto F = [&](const Real& u) -> Real {
    Real s(0);
    for (std::size_t a = 0; a < n; ++a)
      if (a != i) {
        const Real x = xi(a, u);
        s += x * x;
      }
    return s - 1;
  };
  const Real u = increasing_root<Real>(F, Real(0), Real(1), Real(-1), F(Real(1)));
  const Real y = db * u / (rc + u);
  return proportions_from_root<Real>(i, n, y, [&](std::size_t a) { return Real(rc * xi(a, u)); });
}

/// The program of the file comment for a divergence d(p, q, p - q) of a one-parameter
/// exponential family (Bernoulli), searched in x = x_b of the arm b with the smallest d(mu_1, mu_b) (file comment).
/// Throws lilucb::domain_error naming the means if no root is found (it always is for finite
/// means with a unique largest one).
template <class Real, class D>
characteristic_time_result<Real> optimal_proportions_by_closest_arm(const char* fn, const std::vector<Real>& mu,
                                                                    std::size_t best, D d,
                                                                    const std::vector<Real>& dgap) {
  const std::size_t n = mu.size();
  std::size_t b = best;
  for (std::size_t a = 0; a < n; ++a)
    if (a != best && (b == best || dgap[a] < dgap[b])) b = a;
  // At proportion x of arm a: m = mu_1 - t gap with t = x/(1 + x), gap = mu_1 - mu_a, and the
  // two differences mu_1 - m = t gap and mu_a - m = -(1 - t) gap formed without cancellation.
  const auto divergences = [&](std::size_t a, const Real& x) {
    const Real gap = mu[best] - mu[a];
    const Real t = 1 / (1 + 1 / x), s = 1 / (1 + x);
    const Real m = mu[best] - t * gap;
    return std::pair<Real, Real>(d(mu[best], m, Real(t * gap)), d(mu[a], m, Real(-s * gap)));
  };
  const auto g = [&](std::size_t a, const Real& x) {
    if (x == 0) return Real(0);
    const auto [d1, da] = divergences(a, x);
    return Real(d1 + x * da);
  };
  // x_a with g_a(x_a) = y = g_b(x): in [0, x] since g_a >= g_b; where rounding makes g_a(x) <= y
  // (arms as close as b), x_a = x.
  const auto x_of = [&](std::size_t a, const Real& x, const Real& y) -> Real {
    if (a == b || mu[a] == mu[b]) return x;
    if (!(y > 0)) return Real(0);
    const auto f = [&](const Real& t) { return Real(g(a, t) - y); };
    const Real fx = f(x);
    if (!(fx > 0)) return x;
    return increasing_root<Real>(f, Real(0), x, Real(-y), fx);
  };
  const auto F = [&](const Real& x) -> Real {
    const Real y = g(b, x);
    Real s(0);
    for (std::size_t a = 0; a < n; ++a) {
      if (a == best) continue;
      const Real xa = x_of(a, x, y);
      if (xa == 0) continue;
      const auto [num, den] = divergences(a, xa);
      s += num == 0 ? Real(0) : den > 0 ? Real(num / den) : std::numeric_limits<Real>::infinity();
    }
    return s - 1;
  };
  const auto fail = [&](const std::string& why) {
    std::string text, admissible("means where T* is found (");
    for (std::size_t a = 0; a < n; ++a) {
      if (a) text += ',';
      text += format_value(mu[a]);
    }
    admissible += why;
    admissible += ')';
    raise_domain_error(fn, "means", text, admissible);
  };
  Real lo(0), flo(-1), hi(1), fhi = F(hi);
  for (int k = 0; fhi < 0 && hi < (std::numeric_limits<Real>::max)() / 4; ++k) {
    lo = hi;
    flo = fhi;
    hi *= 2;
    fhi = F(hi);
  }
  if (!(fhi >= 0)) fail("no sign change of F up to x = " + format_value(hi));
  // F = inf where d(mu_a, m) rounds to 0: halve the bracket until F is finite at its top.
  for (int k = 0; !(boost::math::isfinite)(fhi) && k < 4000; ++k) {
    const Real mid = lo + (hi - lo) / 2;
    if (!(mid > lo && mid < hi)) break;
    const Real fm = F(mid);
    if (fm < 0) {
      lo = mid;
      flo = fm;
    } else {
      hi = mid;
      fhi = fm;
    }
  }
  const Real x = (boost::math::isfinite)(fhi) ? increasing_root<Real>(F, lo, hi, flo, fhi) : hi;
  const Real y = g(b, x);
  if (!(y > 0 && (boost::math::isfinite)(y))) fail("y* = " + format_value(y));
  auto r = proportions_from_root<Real>(best, n, y, [&](std::size_t a) { return x_of(a, x, y); });
  if (!((boost::math::isfinite)(r.t_star) && r.t_star > 0)) fail("T* = " + format_value(r.t_star));
  return r;
}

/// sigma > 0 with 2 sigma^2, the Gaussian divergence's denominator, a finite positive normal number.
template <class Real>
void check_gaussian_sigma(const char* fn, const Real& sigma) {
  using std::sqrt;
  check_positive(fn, "sigma", sigma);
  const Real two_var = 2 * sigma * sigma;
  if (!(two_var >= (std::numeric_limits<Real>::min)() && (boost::math::isfinite)(two_var)))
    raise_domain_error(fn, "sigma", format_value(sigma),
                       "[sqrt(min_normal/2), sqrt(max_real/2)] = [" +
                           format_bound(Real(sqrt((std::numeric_limits<Real>::min)() / 2))) + ", " +
                           format_bound(Real(sqrt((std::numeric_limits<Real>::max)() / 2))) +
                           "] (2 sigma^2 a finite positive normal number)");
}

}  // namespace detail

/// T*(mu) and w*(mu) for Gaussian arms N(mu_a, sigma^2) (Garivier & Kaufmann 2016, Theorem 5 with
/// the Gaussian divergence; file comment).  Domain: at least two finite means with a unique
/// largest one; sigma > 0 finite.
template <class Range, class Real = detail::range_value_t<Range>>
characteristic_time_result<Real> characteristic_time_gaussian(const Range& means, Real sigma) {
  constexpr const char* fn = "lilucb::characteristic_time_gaussian";
  detail::check_gaussian_sigma(fn, sigma);
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
  auto r = detail::gaussian_proportions<Real>(best, dgap);
  // T* ~ 1/min_a d_a: with d_a near the smallest normal number it exceeds the largest Real.
  if (!(boost::math::isfinite)(r.t_star))
    detail::raise_domain_error(fn, "sigma", detail::format_value(sigma),
                               "values whose T* = (about) 2 sigma^2/Delta_min^2 is finite (here T* = " +
                                   detail::format_value(r.t_star) + ")");
  return r;
}

/// T*(mu) and w*(mu) for Gaussian arms N(mu_a, sigma_a^2) of KNOWN, possibly different standard
/// deviations (Garivier & Kaufmann 2016, Theorem 5 with arm a's divergence (p - q)^2/(2 sigma_a^2);
/// the derivation: docs/bandit.md, "T*(μ)", different known variances).  With the best arm 1,
/// d_a = Delta_a^2/(2 sigma_1^2) and r_a = sigma_a^2/sigma_1^2: g_a(x) = d_a x/(x + r_a), so
/// x_a(y) = y r_a/(d_a - y), and the pair's optimal alternative (the precision-weighted mean) gives
/// F(y) = sum_a x_a^2/r_a - 1, increasing on (0, min_a d_a) with F >= 0 at d_a/(1 + sqrt(r_a)) for
/// every a; then w_1 = 1/(1 + sum x_a), w_a = x_a w_1, T* = (1 + sum x_a)/y*.  Two arms:
/// T* = 2 (sigma_1 + sigma_2)^2/Delta^2, w proportional to sigma.  For an algorithm
/// delta-correct on Gaussian arms of UNKNOWN variances (Proposition GU's model) this is a valid
/// lower-bound characteristic time too (that model contains these known-variance laws), below the
/// unknown-variance model's own.  Domain: at least two finite means with a unique largest one; one
/// sigma per mean, each > 0 finite (2 sigma^2 a finite positive normal number).
template <class Range, class Real = detail::range_value_t<Range>>
characteristic_time_result<Real> characteristic_time_gaussian(const Range& means, const std::vector<Real>& sigmas) {
  using std::sqrt;
  constexpr const char* fn = "lilucb::characteristic_time_gaussian";
  const std::size_t best = detail::best_arm_checked(fn, means);
  std::vector<Real> mu(std::begin(means), std::end(means));
  if (mu.size() < 2)
    detail::raise_domain_error(fn, "means", "1 arm", "at least two arms (T* is defined for K >= 2)");
  if (sigmas.size() != mu.size())
    detail::raise_domain_error(fn, "sigmas", std::to_string(sigmas.size()) + " values",
                               "one standard deviation per mean (" + std::to_string(mu.size()) + ")");
  for (const Real& s : sigmas) detail::check_gaussian_sigma(fn, s);
  const std::size_t n = mu.size();
  std::vector<Real> d(n), r(n);
  Real hi = std::numeric_limits<Real>::infinity();
  for (std::size_t a = 0; a < n; ++a) {
    if (a == best) continue;
    const Real g = mu[best] - mu[a];
    d[a] = g * g / (2 * sigmas[best] * sigmas[best]);
    r[a] = (sigmas[a] / sigmas[best]) * (sigmas[a] / sigmas[best]);
    if (!(d[a] >= (std::numeric_limits<Real>::min)() && (boost::math::isfinite)(d[a]) && r[a] > 0 &&
          (boost::math::isfinite)(r[a])))
      detail::raise_domain_error(fn, "means", "gap " + detail::format_value(g) + " at sigmas " +
                                                 detail::format_value(sigmas[best]) + ", " + detail::format_value(sigmas[a]),
                                 "gaps whose square over 2 sigma_1^2 is a finite positive normal number, and "
                                 "standard deviations whose squared ratio is finite and positive");
    hi = (std::min)(hi, Real(d[a] / (1 + sqrt(r[a]))));
  }
  const auto x_of = [&](std::size_t a, const Real& y) { return Real(y * r[a] / (d[a] - y)); };
  const auto F = [&](const Real& y) {
    Real f(-1);
    for (std::size_t a = 0; a < n; ++a)
      if (a != best) {
        const Real x = x_of(a, y);
        f += x * x / r[a];
      }
    return f;
  };
  // F(hi) >= 0 in exact arithmetic (an arm's own term is 1 there); where rounding leaves it just
  // below 0, the bracket's top moves halfway to the nearest pole d_min (F -> inf there).
  Real d_min = std::numeric_limits<Real>::infinity();
  for (std::size_t a = 0; a < n; ++a)
    if (a != best) d_min = (std::min)(d_min, d[a]);
  Real f_hi = F(hi);
  for (int k = 0; k < 200 && f_hi < 0; ++k) {
    const Real next = hi + (d_min - hi) / 2;
    if (!(next > hi && next < d_min)) break;
    hi = next;
    f_hi = F(hi);
  }
  if (!(f_hi >= 0))
    detail::raise_domain_error(fn, "means", "F(y) < 0 up to y = " + detail::format_value(hi),
                               "means and sigmas where the program's root is found");
  const Real y = detail::increasing_root<Real>(F, Real(0), hi, Real(-1), f_hi);
  auto res = detail::proportions_from_root<Real>(best, n, y, [&](std::size_t a) { return x_of(a, y); });
  if (!((boost::math::isfinite)(res.t_star) && res.t_star > 0))
    detail::raise_domain_error(fn, "means", "T* = " + detail::format_value(res.t_star),
                               "values whose T* is a finite positive number");
  return res;
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
  auto d = [](const Real& p, const Real& q, const Real& p_minus_q) { return detail::bernoulli_kl_accurate(p, q, p_minus_q); };
  std::vector<Real> dgap(mu.size());
  for (std::size_t a = 0; a < mu.size(); ++a) dgap[a] = d(mu[best], mu[a], Real(mu[best] - mu[a]));
  return detail::optimal_proportions_by_closest_arm<Real>(fn, mu, best, d, dgap);
}

namespace detail {

/// The Beta family of concentration kappa in its expectation parameter (file comment).
template <class Real>
struct beta_family {
  Real kappa;
  /// nu(mu) = psi(kappa mu) - psi(kappa (1 - mu)).  Domain: mu in (0, 1).
  Real nu(const Real& mu) const { return boost::math::digamma(Real(kappa * mu)) - boost::math::digamma(Real(kappa * (1 - mu))); }
  /// The mean mu in (0, 1) with nu(mu) = v (nu is increasing), to the type's precision.
  Real mean(const Real& v) const {
    const auto f = [&](const Real& m) { return Real(nu(m) - v); };
    Real lo(0.5), hi(0.5);
    while (f(lo) > 0) lo /= 2;
    while (f(hi) < 0) hi = (1 + hi) / 2;
    return lo == hi ? lo : increasing_root<Real>(f, lo, hi, f(lo), f(hi));
  }
  /// log B(kappa mu, kappa (1 - mu)).
  Real log_beta(const Real& mu) const {
    return boost::math::lgamma(Real(kappa * mu)) + boost::math::lgamma(Real(kappa * (1 - mu))) - boost::math::lgamma(kappa);
  }
  /// KL(Beta at mean p || Beta at mean q), both in (0, 1).
  Real kl(const Real& p, const Real& q) const { return log_beta(q) - log_beta(p) + kappa * (p - q) * nu(p); }
};

}  // namespace detail

/// T*(mu) and w*(mu) for Beta arms Beta(kappa mu_a, kappa (1 - mu_a)) of a common concentration
/// kappa (Garivier & Kaufmann 2016, Theorem 5 for the one-parameter exponential family of the
/// file comment; the lower bound of their Theorem 1 holds for any algorithm that is
/// delta-correct on that family, so also for one certified for every law on [0, 1]).
/// Domain: at least two means in (0, 1) with a unique largest one; kappa > 0 finite.
template <class Range, class Real = detail::range_value_t<Range>>
characteristic_time_result<Real> characteristic_time_beta(const Range& means, Real kappa) {
  constexpr const char* fn = "lilucb::characteristic_time_beta";
  check_positive(fn, "kappa", kappa);
  const std::size_t best = detail::best_arm_checked(fn, means);
  std::vector<Real> mu(std::begin(means), std::end(means));
  if (mu.size() < 2)
    detail::raise_domain_error(fn, "means", "1 arm", "at least two arms (T* is defined for K >= 2)");
  for (std::size_t a = 0; a < mu.size(); ++a)
    if (!(mu[a] > 0 && mu[a] < 1)) {
      const std::string name = "means[" + std::to_string(a) + "]";
      detail::raise_domain_error(fn, name.c_str(), detail::format_value(mu[a]), "(0, 1) for Beta arms");
    }
  const detail::beta_family<Real> fam{kappa};
  std::vector<Real> nu(mu.size());
  for (std::size_t a = 0; a < mu.size(); ++a) nu[a] = fam.nu(mu[a]);
  // The program in the expectation parameter: d(nu_p, nu_q) = KL(mean(nu_p) || mean(nu_q)), the
  // arms' own means used where nu is theirs (no round trip through the inversion).
  const auto mean_of = [&](const Real& v) {
    for (std::size_t a = 0; a < nu.size(); ++a)
      if (nu[a] == v) return mu[a];
    return fam.mean(v);
  };
  auto d = [&](const Real& p, const Real& q, const Real&) { return fam.kl(mean_of(p), mean_of(q)); };
  std::vector<Real> dgap(mu.size());
  for (std::size_t a = 0; a < mu.size(); ++a) dgap[a] = d(nu[best], nu[a], Real(nu[best] - nu[a]));
  for (std::size_t a = 0; a < mu.size(); ++a)
    if (a != best && !(dgap[a] > 0 && (boost::math::isfinite)(dgap[a])))
      detail::raise_domain_error(fn, "means", "gap " + detail::format_value(Real(mu[best] - mu[a])) +
                                                  " at kappa = " + detail::format_value(kappa),
                                 "gaps whose Beta divergence is a finite positive number");
  return detail::optimal_proportions_by_closest_arm<Real>(fn, nu, best, d, dgap);
}

// ---- epsilon-good identification --------------------------------------------------------------
//
// An answer i is epsilon-good when mu_i >= mu* - eps (additive) or mu_i >= (1 - eps) mu* (relative,
// means >= 0).  The characteristic time (Garivier & Kaufmann 2021, "Nonasymptotic sequential tests
// for overlapping hypotheses..."; Jourdan, Degenne & Kaufmann 2023; docs/certified-glr/epsilon-topm.md
// section 4):
//   T*_eps(mu)^-1 = max over epsilon-good i of max_{w in simplex} min_{j != i} C_eps(i, j; w),
//   additive: C_eps(i, j; w) = inf_x [w_i d(mu_i, x) + w_j d(mu_j, x + eps)]     (0 if mu_j >= mu_i + eps),
//   relative: C_eps(i, j; w) = inf_y [w_i d(mu_i, (1 - eps) y) + w_j d(mu_j, y)] (0 if (1 - eps) mu_j >= mu_i).
// The alternative moves arm i down by u to q = mu_i - u and arm j up by v to lambda = mu_j + v with
// u + v/h' = D_j: D_j = mu_i + eps - mu_j, h' = 1 (additive) or D_j = mu_i - (1 - eps) mu_j,
// h' = 1/(1 - eps) (relative).  An answer with some D_j = 0 (on the edge of epsilon-good) has T_i = inf.
//
// For one answer i the program has the structure of Garivier & Kaufmann (2016)'s: with x_j = w_j/w_i
// and g_j(x) = C_eps(i, j; (1, x)) (concave and nondecreasing: an infimum of affine functions of x),
// the optimum equalises g_j(x_j) = y, and maximising y/(1 + sum_j x_j(y)) gives, by the envelope
// theorem g_j'(x) = d(mu_j, lambda_j(x)), the condition
//   F(y) = sum_j d(mu_i, q_j)/d(mu_j, lambda_j) = 1
// at each pair's optimal alternative, F nondecreasing in y; then w_i = 1/(1 + sum_j x_j) and
// T_i = (1 + sum_j x_j)/y.
//
// Gaussian arms: C_eps(i, j; w) = D_j^2/(2 sigma^2 (1/w_i + c/w_j)), c = 1 (additive) or (1 - eps)^2
// (relative), solved by detail::gaussian_proportions_scaled with d_j = D_j^2/(2 sigma^2).  Additive,
// it is the best-arm program of mu with mu_i raised by eps.  Closed forms (tested): K arms tied at m,
//   additive T*_eps = 2 sigma^2 (1 + sqrt(K - 1))^2/eps^2, w_i = 1/(1 + sqrt(K - 1)),
//   relative T*_eps = 2 sigma^2 (1 + (1 - eps) sqrt(K - 1))^2/(eps m)^2, w_i = 1/(1 + (1 - eps) sqrt(K - 1));
// two arms, the answer the better by Delta >= 0, additive T*_eps = 8 sigma^2/(Delta + eps)^2.
//
// Bernoulli arms: the stationarity of a + x b in u, a = kl(mu_i, q), b = kl(mu_j, lambda), gives the
// weight ratio at which an alternative is optimal in closed form,
//   x_j = (u/v) (lambda/q) ((1 - lambda)/(1 - q))/h',   g_j = a + x_j b  (increasing in u).
// The alternative needs lambda_i <= 1 - eps: where mu_i > 1 - eps, u starts at mu_i - 1 + eps, where
// g_j = kl(mu_i, 1 - eps) > 0; additive with mu_j < eps, lambda_i >= 0 ends u at mu_i, where
// g_j -> inf.  Two answers have closed forms: mu_i > 1 - eps with an arm at 1 (every alternative
// moves arm i below 1 - eps and the arm at 1 needs no samples: T_i = 1/kl(mu_i, 1 - eps), w = e_i);
// mu_i = 0, additive (the alternative keeps arm i at 0: T_i = sum_j 1/kl(mu_j, eps), w_i = 0 and
// w_j proportional to 1/kl(mu_j, eps); also the limit taken where every mu_j < eps and the optimum
// lies within eps_machine^8 of lambda_i = 0, as it does for a tiny mu_i).  Otherwise the root of F is
// sought in the position of the opponent b with the smallest sup g_j (as the best-arm solver
// searches in the closest arm's x), F rising from -1 to +inf along it; every other pair's g_j = y
// then has its root inside its own interval.  A position is the log-odds l of the share s in [0, 1]
// of the pair's interval (s and 1 - s both to relative precision; |l| <= 8 log(1/eps_machine), the
// optimum taken at the end where it lies within eps_machine^8 of it), and each alternative mean and
// its complement are formed from their nearest end (detail::epsilon_bernoulli_pair).
//
// T*_eps is the smallest T_i over the epsilon-good arms, solved in the order of decreasing means
// (arms of equal means once; an answer whose two-arm program against the best other arm already
// exceeds the smallest T_i so far is not solved: T_i is at least that); the result names the
// answer (the first index among equal means).  At eps = 0 it is T*(mu), a unique best arm required.
// Cost: Gaussian, O(K) per answer; Bernoulli, O(K) nested root searches per answer solved.

/// How epsilon relaxes the best mean: additive (mu_i >= mu* - eps) or relative (mu_i >= (1 - eps) mu*).
enum class epsilon_shift { additive, relative };

/// T*_eps(mu), the optimal proportions w* of the answer that attains it (in the order of the means,
/// summing to 1), and that answer.
template <class Real>
struct epsilon_characteristic_time_result : characteristic_time_result<Real> {
  std::size_t answer = 0;
};

namespace detail {

/// The means of an epsilon-good program: finite, at least two, >= 0 for the relative shift.
template <class Range>
std::vector<range_value_t<Range>> epsilon_means_checked(const char* fn, const Range& means, epsilon_shift shift) {
  std::vector<range_value_t<Range>> mu;
  for (const auto& value : means) {
    const range_value_t<Range> m = value;
    const std::string name = "means[" + std::to_string(mu.size()) + "]";
    if (!(boost::math::isfinite)(m)) raise_domain_error(fn, name.c_str(), format_value(m), "a finite real number");
    if (shift == epsilon_shift::relative && !(m >= 0))
      raise_domain_error(fn, name.c_str(), format_value(m), "[0, inf) (the relative shift needs means >= 0)");
    mu.push_back(m);
  }
  if (mu.size() < 2)
    raise_domain_error(fn, "means", std::to_string(mu.size()) + " arm(s)",
                       "at least two arms (T*_eps is defined for K >= 2)");
  return mu;
}

/// epsilon >= 0 finite, and < 1 where `below_one` says why.
template <class Real>
void check_epsilon(const char* fn, const Real& eps, const char* below_one) {
  if (!(eps >= 0 && (boost::math::isfinite)(eps)) || (below_one && !(eps < 1)))
    raise_domain_error(fn, "epsilon", format_value(eps), below_one ? std::string("[0, 1) ") + below_one : "[0, inf)");
}

/// D_j of the file comment: (mu_i - mu_j) + eps or (mu_i - mu_j) + eps mu_j (exact ties give eps
/// and eps mu_j to one rounding).
template <class Real>
Real epsilon_distance(const Real& mu_i, const Real& mu_j, const Real& eps, epsilon_shift shift) {
  return shift == epsilon_shift::additive ? Real((mu_i - mu_j) + eps) : Real((mu_i - mu_j) + eps * mu_j);
}

/// T_i and w for Gaussian arms (file comment); nothing when T_i is infinite (some D_j <= 0) or
/// beyond 1/min_normal (some d_j below the smallest normal number) or overflows.  A d_j that
/// overflows is refused (as characteristic_time_gaussian refuses it), naming the means, or epsilon
/// where eps^2/(2 sigma^2) alone overflows.
template <class Real>
std::optional<characteristic_time_result<Real>> gaussian_epsilon_answer(const char* fn, const std::vector<Real>& mu,
                                                                       std::size_t i, const Real& sigma,
                                                                       const Real& eps, epsilon_shift shift) {
  std::vector<Real> dgap(mu.size(), Real(0));
  for (std::size_t j = 0; j < mu.size(); ++j) {
    if (j == i) continue;
    const Real D = epsilon_distance(mu[i], mu[j], eps, shift);
    dgap[j] = D * D / (2 * sigma * sigma);
    if (!(D > 0)) return std::nullopt;
    if (!(boost::math::isfinite)(dgap[j])) {
      const bool by_eps = !(boost::math::isfinite)(Real(eps * eps / (2 * sigma * sigma)));
      raise_domain_error(fn, by_eps ? "epsilon" : "means",
                         by_eps ? format_value(eps) : "gap " + format_value(D) + " at sigma = " + format_value(sigma),
                         "values whose every D_j^2/(2 sigma^2) is finite");
    }
    if (!(dgap[j] >= (std::numeric_limits<Real>::min)())) return std::nullopt;
  }
  const Real one_minus = 1 - eps;
  const Real c = shift == epsilon_shift::additive ? Real(1) : Real(one_minus * one_minus);
  auto r = gaussian_proportions_scaled<Real>(i, dgap, c);
  if (!((boost::math::isfinite)(r.t_star) && r.t_star > 0)) return std::nullopt;
  return r;
}

/// kl(p, q) from p, 1 - p, q, 1 - q and delta = p - q, each to its own relative precision (so that
/// means near 0 and near 1 keep theirs): delta^2/(q qbar) - p r(delta/q) - pbar r(-delta/qbar),
/// r(t) = t - log(1 + t), where both ratios are below 1/4 (bernoulli_kl_accurate's form), else
/// p log1p(delta/q) + pbar log1p(-delta/qbar); 0 log 0 = 0, +inf where q or qbar is 0 (and p != q).
template <class Real>
Real bernoulli_kl_complements(const Real& p, const Real& pbar, const Real& q, const Real& qbar, const Real& delta) {
  using std::abs;
  if (delta == 0) return Real(0);
  if (!(q > 0 && qbar > 0)) return std::numeric_limits<Real>::infinity();
  const Real u = delta / q, v = -delta / qbar;
  Real r(0);
  if (abs(u) < Real(0.25) && abs(v) < Real(0.25)) {
    r = delta * delta / (q * qbar) - p * log1p_remainder(u) - pbar * log1p_remainder(v);
  } else {
    if (p > 0) r += p * boost::math::log1p(u);
    if (pbar > 0) r += pbar * boost::math::log1p(v);
  }
  return r > 0 ? r : Real(0);
}

/// One pair (i, j) of the Bernoulli program (file comment), at s in [0, 1]: arm i moves down by
/// u = u_lo + s W, arm j up by v = (v_end + (1 - s) W) h'.  Every mean of the alternative and its
/// complement is formed from its nearest end, so that none loses its relative precision:
///   q = q_end + (1 - s) W,   1 - q = (1 - mu_i) + u,   1 - lambda = (lbar_end + s W) h',
/// where (u_lo, W) is (0, D_j), (e0, (1 - mu_j)/h'), (0, mu_i) or (e0, 1 - eps) as lambda_i <= 1 - eps
/// and lambda_i >= 0 bind, e0 = mu_i - (1 - eps).
template <class Real>
struct epsilon_bernoulli_pair {
  Real mu_i, mu_j, hp, eps;
  Real u_lo, W, q_end, v_end, lbar_end;
  Real g_sup;  // g_j at s = 1: kl(mu_i, mu_i - D_j), or +inf where lambda_i >= 0 binds

  struct point {
    Real x;       // w_j/w_i at which s is optimal
    Real excess;  // C_eps(i, j; (1, x)) - a0, a0 = kl(mu_i, 1 - eps) where lambda_i <= 1 - eps binds, else 0
    Real ratio;   // kl(mu_i, q)/kl(mu_j, lambda), the pair's term of F
  };

  /// The pair at s, given s and 1 - s (both to their relative precision).  x is the stationarity
  /// of a + x b in s, x = (u/v) (lambda/q) ((1 - lambda)/(1 - q))/h'.  Where lambda_i <= 1 - eps
  /// binds, a - a0 = mu_i log1p(s W/q) - (1 - mu_i) log1p(s W/eps) (q = 1 - eps - s W): the excess
  /// keeps its relative precision where the interval is short (mu_j near 1).
  point at(const Real& s, const Real& s_bar) const {
    const Real inf = std::numeric_limits<Real>::infinity();
    const Real u = u_lo + s * W, q = q_end + s_bar * W, qbar = (1 - mu_i) + u;
    const Real v = (v_end + s_bar * W) * hp, lambda = mu_j + v, lbar = (lbar_end + s * W) * hp;
    const Real a = bernoulli_kl_complements(mu_i, Real(1 - mu_i), q, qbar, u);
    const Real b = bernoulli_kl_complements(mu_j, Real(1 - mu_j), lambda, lbar, Real(-v));
    const Real x = u / v * (lambda / q) * (lbar / qbar) / hp;
    Real excess = a;
    if (u_lo > 0) {
      const Real moved = s * W;
      excess = mu_i * boost::math::log1p(Real(moved / q));
      if (mu_i < 1) excess -= (1 - mu_i) * boost::math::log1p(Real(moved / eps));
    }
    if (x > 0) excess += x * b;
    return {x, excess, b > 0 ? Real(a / b) : inf};
  }

  /// The pair at the log-odds l = log(s/(1 - s)).
  point at_log_odds(const Real& l) const {
    using std::exp;
    return at(Real(1 / (1 + exp(-l))), Real(1 / (1 + exp(l))));
  }
};

/// The root in l in [-L, L] of a nondecreasing f, to an absolute tolerance near 0 and a relative one
/// beyond 1 (roots near l = 0 are common: s = 1/2 on symmetric pairs); -L or L where f has no sign
/// change on [-L, L] (s then within e^-L of an end).
template <class Real, class F>
Real log_odds_root(F f, const Real& L) {
  using std::abs;
  using std::ldexp;
  const Real flo = f(Real(-L));
  if (!(flo < 0)) return -L;
  const Real fhi = f(L);
  if (!(fhi > 0)) return L;
  const Real tol = ldexp(Real(1), 5 - std::numeric_limits<Real>::digits);
  const auto close = [&](const Real& a, const Real& b) {
    const Real m = abs(a) < abs(b) ? abs(a) : abs(b);
    return abs(a - b) <= tol * (m > 1 ? m : Real(1));
  };
  std::uintmax_t it = 400;
  const auto r = boost::math::tools::toms748_solve(f, Real(-L), L, flo, fhi, close, it);
  return (r.first + r.second) / 2;
}

/// T_i and w for Bernoulli arms (file comment); nothing when T_i is infinite (some D_j <= 0) or
/// overflows.
template <class Real>
std::optional<characteristic_time_result<Real>> bernoulli_epsilon_answer(const std::vector<Real>& mu, std::size_t i,
                                                                        const Real& eps, epsilon_shift shift) {
  using std::log;
  const std::size_t n = mu.size();
  const Real inf = std::numeric_limits<Real>::infinity();
  const bool additive = shift == epsilon_shift::additive;
  const Real zmax = 1 - eps;  // the largest lambda_i of an alternative
  const Real hp = additive ? Real(1) : Real(1 / zmax);
  const Real e0 = (mu[i] - 1) + eps;  // mu_i - zmax
  const auto closed = [&](std::vector<Real> w, const Real& t_star) -> std::optional<characteristic_time_result<Real>> {
    if (!((boost::math::isfinite)(t_star) && t_star > 0)) return std::nullopt;
    characteristic_time_result<Real> r;
    r.t_star = t_star;
    r.w_star = std::move(w);
    return r;
  };
  std::vector<Real> D(n, Real(0));
  for (std::size_t j = 0; j < n; ++j)
    if (j != i && !((D[j] = epsilon_distance(mu[i], mu[j], eps, shift)) > 0)) return std::nullopt;
  std::vector<Real> w(n, Real(0));
  // a0 = g_j at s = 0, the same for every j: the cost of moving arm i down to 1 - eps.
  const Real a0 = e0 > 0 ? bernoulli_kl_complements(mu[i], Real(1 - mu[i]), zmax, eps, e0) : Real(0);
  for (std::size_t j = 0; j < n; ++j)
    if (j != i && e0 > 0 && mu[j] == 1) {  // the closed form: all weight on i
      w[i] = 1;
      return closed(std::move(w), Real(1 / a0));
    }
  // No weight on i: every C_eps(i, j; w) = w_j kl(mu_j, eps) (arm i's alternative at 0).
  const auto unsampled_answer = [&] {
    std::vector<Real> v(n, Real(0));
    Real sum(0);
    for (std::size_t j = 0; j < n; ++j)
      if (j != i) {
        v[j] = 1 / bernoulli_kl_complements(mu[j], Real(1 - mu[j]), eps, zmax, Real(mu[j] - eps));
        sum += v[j];
      }
    for (auto& x : v) x /= sum;
    return closed(std::move(v), sum);
  };
  if (mu[i] == 0) return unsampled_answer();  // additive (relative answers at 0 have D_j <= 0)
  std::vector<epsilon_bernoulli_pair<Real>> pair(n);
  std::size_t b = n;
  for (std::size_t j = 0; j < n; ++j) {
    if (j == i) continue;
    auto& p = pair[j];
    p.mu_i = mu[i];
    p.mu_j = mu[j];
    p.hp = hp;
    p.eps = eps;
    const bool floor = D[j] > mu[i];  // lambda_i >= 0 binds (additive, mu_j < eps)
    const bool ceiling = e0 > 0;      // lambda_i <= 1 - eps binds
    p.u_lo = ceiling ? e0 : Real(0);
    p.W = floor ? (ceiling ? zmax : mu[i]) : (ceiling ? Real(additive ? 1 - mu[j] : (1 - mu[j]) * zmax) : D[j]);
    p.q_end = floor ? Real(0) : Real(additive ? mu[j] - eps : mu[j] * zmax);
    p.v_end = floor ? Real(eps - mu[j]) : Real(0);
    p.lbar_end = ceiling ? Real(0) : Real((1 - mu[i]) - eps);
    p.g_sup = floor ? inf : bernoulli_kl_complements(mu[i], Real(1 - mu[i]), p.q_end, Real((1 - mu[i]) + D[j]), D[j]);
    if (b == n || p.g_sup < pair[b].g_sup) b = j;
  }
  using point = typename epsilon_bernoulli_pair<Real>::point;
  // s within e^-L of an end is as far as the search goes (e^-L = eps_machine^8).
  const Real L = -8 * log(std::numeric_limits<Real>::epsilon());
  std::vector<point> pts(n);
  // Every pair at y = g_b (its excess over a0 equal to b's): x_j and the term of F (pairs as
  // close as b share its point).
  const auto others = [&](const point& pb) {
    for (std::size_t j = 0; j < n; ++j) {
      if (j == i) continue;
      if (j == b || mu[j] == mu[b]) {
        pts[j] = pb;
        continue;
      }
      const auto& p = pair[j];
      pts[j] = p.at_log_odds(
          log_odds_root<Real>([&](const Real& l) { return Real(p.at_log_odds(l).excess - pb.excess); }, L));
    }
  };
  const auto F = [&](const Real& l) -> Real {
    const point pb = pair[b].at_log_odds(l);
    others(pb);
    Real s(0);
    for (std::size_t j = 0; j < n; ++j)
      if (j != i) s += pts[j].ratio;
    return s - 1;
  };
  const Real l = log_odds_root<Real>(F, L);
  // Every pair ends at lambda_i = 0 and the optimum lies within e^-L of it: the limit w_i -> 0.
  if (l == L && !(boost::math::isfinite)(pair[b].g_sup)) return unsampled_answer();
  const point pb = pair[b].at_log_odds(l);
  const Real y = a0 + pb.excess;
  if (!(y > 0 && (boost::math::isfinite)(y))) return std::nullopt;
  others(pb);
  Real sum_x(0);
  for (std::size_t j = 0; j < n; ++j)
    if (j != i) sum_x += pts[j].x;
  w[i] = 1 / (1 + sum_x);
  for (std::size_t j = 0; j < n; ++j)
    if (j != i) w[j] = pts[j].x * w[i];
  return closed(std::move(w), Real((1 + sum_x) / y));
}

/// The answer with the smallest T_i = answer_program(i) (T*_eps and its proportions), in the order
/// of decreasing means; an arm whose mean equals an earlier arm's is the same program permuted and
/// is not solved again (the first index of equal means answers).  `lower_bound(i)` <= T_i: an
/// answer whose bound exceeds the best T_i so far is not solved.
template <class Real, class Program, class Bound>
std::optional<epsilon_characteristic_time_result<Real>> best_epsilon_answer(const std::vector<Real>& mu,
                                                                           Program answer_program, Bound lower_bound) {
  std::vector<std::size_t> order(mu.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return mu[a] > mu[b]; });
  std::optional<epsilon_characteristic_time_result<Real>> best;
  for (std::size_t k = 0; k < order.size(); ++k) {
    const std::size_t i = order[k];
    if (k > 0 && mu[order[k - 1]] == mu[i]) continue;
    if (best && lower_bound(i) > best->t_star) continue;
    auto r = answer_program(i);
    if (!r || (best && !(r->t_star < best->t_star || (r->t_star == best->t_star && i < best->answer)))) continue;
    best.emplace();
    best->t_star = r->t_star;
    best->w_star = std::move(r->w_star);
    best->answer = i;
  }
  return best;
}

/// The error of an instance without a finite T*_eps (a tie at eps = 0 is refused before): with the
/// relative shift every mean 0; otherwise (Gaussian gaps out of the normal range) `otherwise`.
template <class Real>
[[noreturn]] void raise_no_epsilon_answer(const char* fn, const std::vector<Real>& mu, const Real& eps,
                                          epsilon_shift shift, const std::string& otherwise) {
  Real top = mu[0];
  for (const auto& m : mu) top = m > top ? m : top;
  if (shift == epsilon_shift::relative && top == 0)
    raise_domain_error(fn, "means", "every mean 0",
                       "a positive largest mean (relative epsilon: with every mean 0 each answer has an "
                       "alternative at distance 0 and T*_eps is infinite)");
  raise_domain_error(fn, eps > 0 ? "epsilon" : "means", format_value(eps > 0 ? eps : mu[0]), otherwise);
}

}  // namespace detail

/// T*_eps(mu), w* and the answer attaining T*_eps for Gaussian arms N(mu_a, sigma^2) (Garivier &
/// Kaufmann 2021; epsilon-good section above).  Domain: at least two finite means (ties allowed
/// for eps > 0; a unique largest one at eps = 0), >= 0 for the relative shift and not all 0 there;
/// sigma > 0 finite; epsilon >= 0 finite, < 1 for the relative shift.  An instance whose T*_eps
/// is infinite (relative shift, every mean 0) or leaves the reals (gaps whose (D_j)^2/(2 sigma^2)
/// is not a positive normal number) is refused, naming the means or epsilon.
template <class Range>
epsilon_characteristic_time_result<detail::range_value_t<Range>> characteristic_time_epsilon_gaussian(
    const Range& means, detail::range_value_t<Range> sigma, detail::range_value_t<Range> epsilon,
    epsilon_shift shift = epsilon_shift::additive) {
  using Real = detail::range_value_t<Range>;
  constexpr const char* fn = "lilucb::characteristic_time_epsilon_gaussian";
  detail::check_gaussian_sigma(fn, sigma);
  detail::check_epsilon(fn, epsilon, shift == epsilon_shift::relative ? "for the relative shift" : nullptr);
  const std::vector<Real> mu = detail::epsilon_means_checked(fn, means, shift);
  if (epsilon == 0) detail::best_arm_checked(fn, mu);
  auto best = detail::best_epsilon_answer<Real>(
      mu, [&](std::size_t i) { return detail::gaussian_epsilon_answer<Real>(fn, mu, i, sigma, epsilon, shift); },
      [](std::size_t) { return Real(0); });
  if (!best)
    detail::raise_no_epsilon_answer(fn, mu, epsilon, shift,
                                    "instances where some epsilon-good answer has every D_j^2/(2 sigma^2) a positive "
                                    "normal real and a finite T_i (sigma = " + detail::format_value(sigma) + ")");
  return *best;
}

/// T*_eps(mu), w* and the answer attaining T*_eps for Bernoulli arms (Garivier & Kaufmann 2021;
/// epsilon-good section above).  Domain: at least two means in [0, 1] (ties allowed for eps > 0; a
/// unique largest one at eps = 0), not all 0 for the relative shift; epsilon in [0, 1) finite.
template <class Range>
epsilon_characteristic_time_result<detail::range_value_t<Range>> characteristic_time_epsilon_bernoulli(
    const Range& means, detail::range_value_t<Range> epsilon, epsilon_shift shift = epsilon_shift::additive) {
  using Real = detail::range_value_t<Range>;
  constexpr const char* fn = "lilucb::characteristic_time_epsilon_bernoulli";
  detail::check_epsilon(fn, epsilon, "for Bernoulli arms (at eps >= 1 every arm is epsilon-good on every instance)");
  const std::vector<Real> mu = detail::epsilon_means_checked(fn, means, shift);
  for (std::size_t a = 0; a < mu.size(); ++a)
    if (!(mu[a] >= 0 && mu[a] <= 1)) {
      const std::string name = "means[" + std::to_string(a) + "]";
      detail::raise_domain_error(fn, name.c_str(), detail::format_value(mu[a]), "[0, 1] for Bernoulli arms");
    }
  if (epsilon == 0) detail::best_arm_checked(fn, mu);
  // T_i >= the two-arm program of i against the best other arm (the minimum over opponents relaxed to it).
  const auto pair_bound = [&](std::size_t i) {
    std::size_t top = i == 0 ? 1 : 0;
    for (std::size_t j = 0; j < mu.size(); ++j)
      if (j != i && mu[j] > mu[top]) top = j;
    const auto two = detail::bernoulli_epsilon_answer<Real>(std::vector<Real>{mu[i], mu[top]}, 0, epsilon, shift);
    return two ? two->t_star : std::numeric_limits<Real>::infinity();
  };
  auto best = detail::best_epsilon_answer<Real>(
      mu, [&](std::size_t i) { return detail::bernoulli_epsilon_answer<Real>(mu, i, epsilon, shift); }, pair_bound);
  if (!best)
    detail::raise_no_epsilon_answer(fn, mu, epsilon, shift,
                                    "instances where some epsilon-good answer has a finite T_i");
  return *best;
}

namespace detail {

/// t_star kl(delta, 1 - delta), checked for `fn`: t_star > 0 finite, delta in (0, 1/2], the product finite.
template <class Real>
Real lower_bound_checked(const char* fn, const Real& t_star, const Real& delta) {
  check_positive(fn, "t_star", t_star);
  const Real k = kl_delta(delta);
  const Real lb = t_star * k;
  // Linear in T*: finite exactly for T* <= max_real / kl(delta, 1 - delta).
  if (!(boost::math::isfinite)(lb))
    raise_domain_error(fn, "t_star", format_value(t_star),
                       "(0, max_real / kl(delta, 1-delta)] = (0, " +
                           format_bound(Real((std::numeric_limits<Real>::max)() / k)) +
                           "] at this delta (past it the bound overflows)");
  return lb;
}

}  // namespace detail

/// The lower bound on the expected stopping time of any delta-correct algorithm,
/// T*(mu) kl(delta, 1 - delta) (Garivier & Kaufmann 2016, Theorem 1).
/// Domain: t_star > 0 finite, delta in (0, 1/2].
template <class Real>
Real bai_lower_bound(Real t_star, Real delta) {
  return detail::lower_bound_checked("lilucb::bai_lower_bound", t_star, delta);
}

/// The lower bound T*_eps(mu) kl(delta, 1 - delta) of epsilon-good identification, t_star = T*_eps(mu)
/// from characteristic_time_epsilon_*.  The change of measure of Garivier & Kaufmann (2016, Theorem 1)
/// on the event {answer = i}, against each alternative to answer i, gives it for every
/// delta-correct algorithm that returns one fixed arm with probability at least 1 - delta on mu
/// (so whenever mu has a single epsilon-good arm).  An algorithm that spreads its answer over
/// several epsilon-good arms is bounded asymptotically, liminf E[tau]/log(1/delta) >= T*_eps
/// (Degenne & Koolen 2019, Theorem 1, for problems with several correct answers).
/// Domain: t_star > 0 finite, delta in (0, 1/2].
template <class Real>
Real epsilon_good_lower_bound(Real t_star, Real delta) {
  return detail::lower_bound_checked("lilucb::epsilon_good_lower_bound", t_star, delta);
}

// ---- top-m identification ---------------------------------------------------------------------
//
// docs/certified-glr/epsilon-topm.md, section 4 ("Top-m"): for an answer set S of m arms,
//   T_S(mu)^-1 = max_{w in simplex} min_{a in S, b not in S} C_eps(a, b; w),
//   C_eps(a, b; w) = inf_x [w_a d(mu_a, x) + w_b d(mu_b, x + eps)]   (0 if mu_b >= mu_a + eps),
//   Gaussian: C_eps(a, b; w) = (mu_a - mu_b + eps)_+^2/(2 sigma^2 (1/w_a + 1/w_b)),
// and T*_m(mu) = min over the (eps, m)-good sets S of T_S (at eps = 0: the top set; the doc's outer
// max over answers of 1/T_S).  The pairs are those of the stopping rule TM (section 2): for
// eps = 0 their union is exactly the alternative to S (S is not a top-m set of lambda iff some
// lambda_b > lambda_a, a in S, b not in S); for eps > 0 and m >= 2 it contains the (eps, m)-good
// alternative (lambda_a < lambda_(m) - eps needs m arms above lambda_a + eps, not one), so T_S is
// then at least the characteristic time of that alternative.
//
// The outer minimum is attained at a top-m set of the means (so no search over sets is needed):
// C_eps(a, b; w) is nondecreasing in mu_a and nonincreasing in mu_b (it is also the infimum of
// w_a d+(mu_a, x) + w_b d-(mu_b, x + eps) over x, with the one-sided divergences d+(p, x) =
// d(p, x) [x < p] and d-(q, y) = d(q, y) [y > q], monotone in p and q at every x), so exchanging
// a in S for b not in S with mu_b > mu_a, and w_a with w_b, raises or keeps every pair's cost:
// (b, c) costs C(mu_b, mu_c; w_a, w_c) >= C(mu_a, mu_c; w_a, w_c), (s, a) costs
// C(mu_s, mu_a; w_s, w_b) >= C(mu_s, mu_b; w_s, w_b), and (b, a) costs
// C(mu_b, mu_a; w_a, w_b) >= C(mu_a, mu_b; w_a, w_b).  Among equal means the first indices answer.
// T*_m is finite iff every pair's cost is positive at w > 0: iff mu_(m) + eps > mu_(m+1).
//
// Closed forms (tested): Gaussian, m arms at mu_1 and K - m at mu_2 < mu_1 + eps, D = mu_1 - mu_2 + eps:
//   T*_m = 2 sigma^2 (sqrt(m) + sqrt(K - m))^2/D^2, w_a = 1/(sqrt(m) (sqrt(m) + sqrt(K - m))) in S
// (by symmetry w is constant on each cluster; min_alpha m/alpha + (K - m)/(1 - alpha) =
// (sqrt(m) + sqrt(K - m))^2); m = 1 is the best-arm form.  Bernoulli, K = 2m, m arms at p and m at
// 1 - p (p > (1 - eps)/2): T*_m = m/kl(p, (1 - eps)/2), w uniform (mu -> 1 - mu with x -> 1 - eps - x
// exchanges the clusters).
//
// The program.  C_eps is concave and 1-homogeneous in w, so T_S = min sum_k w_k over the convex set
// {w >= 0 : C_eps(a, b; w) >= 1 for every pair}, solved by the logarithmic barrier method (Boyd &
// Vandenberghe 2004, section 11.3): Newton's method with backtracking on
// t sum_k w_k - sum_p log(C_p(w) - 1) - sum_k log w_k for increasing t, each pair's optimal
// alternative x_p giving the gradient (d(mu_a, x_p), d(mu_b, x_p + eps)) (envelope theorem) and the
// Hessian -(s_a, s_b)(s_a, s_b)^T/(w_a d''_a + w_b d''_b) (s the derivatives of the divergences in x
// at x_p; 0 where x_p is at an end of its range).  Every outer step yields a certified bracket:
//   upper: T_S <= sum_k w_k / min_p C_p(w) (w/sum w is a point of the simplex, attaining 1/upper);
//   lower: for any q on the pairs and any alternatives x_p, min_p C_p(w) <= sum_p q_p C_p(w) <=
//          sum_k w_k G_k with G_k = sum_{p containing k} q_p d(mu_k, x_p [+ eps]), so
//          1/T_S <= max_k G_k; with q_p proportional to the barrier's multipliers 1/(t (C_p - 1))
//          and x_p the pairs' alternatives at w, T_S >= sum_p q_p / max_k G_k.
// (Strong duality, by Sion's theorem on the jointly convex perspective form, makes the bracket
// close.)  The method stops when upper/lower - 1 <= tol = eps_machine^(2/3) (3.7e-11 in double,
// 2e-34 in cpp_bin_float_50), or once rounding stops the upper end's descent: the multipliers lose
// their accuracy first (C_p - 1 ~ 1/t), and a last least-squares solve for them on the active
// pairs at the best w polishes the lower end.  The bracket reached is returned in every case
// (t_star_lower <= T*_m <= t_star up to rounding).  Measured in double: t_star within 1e-12 of the
// best-arm and epsilon-good solvers at m = 1; brackets from 1e-14 to 5e-8 (K up to 100).
// Cost: O(m (K - m)) pair evaluations and one dense K x K Cholesky factorisation per Newton step,
// tens of Newton steps (Bernoulli: a root search per pair evaluation).

/// T*_m(mu), the proportions w (in the order of the means, summing to 1) at which the returned
/// t_star is attained (min_p C_p(w) = 1/t_star), the answer set (its m arms in increasing index
/// order), and the certified lower end t_star_lower <= T*_m <= t_star.
template <class Real>
struct top_m_characteristic_time_result : characteristic_time_result<Real> {
  std::vector<std::size_t> answer;
  Real t_star_lower = 0;
};

namespace detail {

/// One pair's cost at (w_a, w_b): C, its gradient (d(mu_a, x_p), d(mu_b, x_p + eps)) and Hessian.
template <class Real>
struct top_m_pair_cost {
  Real c, ga, gb, haa, hab, hbb;
};

/// Each pair's squared gap (D_ab/D_min)^2, D_ab = mu_a - mu_b + eps (the Gaussian programs' units).
template <class Mu, class Real>
std::vector<Real> relative_squared_gaps(const std::vector<Mu>& mu,
                                        const std::vector<std::pair<std::size_t, std::size_t>>& pairs,
                                        const Real& epsilon, const Real& d_min) {
  std::vector<Real> rel(pairs.size());
  for (std::size_t p = 0; p < pairs.size(); ++p) {
    const Real q = ((mu[pairs[p].first] - mu[pairs[p].second]) + epsilon) / d_min;
    rel[p] = q * q;
  }
  return rel;
}

/// The Gaussian pair (a, b) of the top-m program in relative units: C = d w_a w_b/u with
/// u = r_a w_b + r_b w_a (d the pair's squared gap over the reference gap's, r_a and r_b the arms'
/// variances over the reference variance), its gradient d (r_a w_b^2, r_b w_a^2)/u^2 and Hessian
/// 2 d r_a r_b/u^3 (-w_b^2, w_a w_b; w_a w_b, -w_a^2).  r_a = r_b = 1 is the one-sigma program's
/// d w_a w_b/(w_a + w_b), with the same roundings.
template <class Real>
top_m_pair_cost<Real> gaussian_top_m_pair(const Real& d, const Real& ra, const Real& rb, const Real& wa,
                                          const Real& wb) {
  const Real u = ra * wb + rb * wa;
  top_m_pair_cost<Real> c;
  c.c = d * wa * wb / u;
  c.ga = d * ra * (wb / u) * (wb / u);
  c.gb = d * rb * (wa / u) * (wa / u);
  const Real h = 2 * d * ra * rb / (u * u * u);
  c.haa = -h * wb * wb;
  c.hab = h * wa * wb;
  c.hbb = -h * wa * wa;
  return c;
}

/// The barrier method of the top-m section for `n` arms and the pairs `pairs` (a in S, b not in
/// S), `cost(p, w_a, w_b)` the pair's top_m_pair_cost.  `scale` > 0 divides every cost (so that
/// the program is solved with costs of order 1): every C_p(1, 1)/scale must be at least 1/2.  Returns T and w, and the lower end.
template <class Real, class Cost>
top_m_characteristic_time_result<Real> top_m_barrier(std::size_t n,
                                                     const std::vector<std::pair<std::size_t, std::size_t>>& pairs,
                                                     Cost cost_unscaled, const Real& scale) {
  using std::abs;
  using std::exp;
  using std::log;
  using std::sqrt;
  const Real inf = std::numeric_limits<Real>::infinity();
  const Real machine = std::numeric_limits<Real>::epsilon();
  const Real tol = exp(2 * log(machine) / 3);
  const std::size_t np = pairs.size();
  const auto cost = [&](std::size_t p, const Real& wa, const Real& wb) {
    auto c = cost_unscaled(p, wa, wb);
    c.c /= scale, c.ga /= scale, c.gb /= scale, c.haa /= scale, c.hab /= scale, c.hbb /= scale;
    return c;
  };
  std::vector<top_m_pair_cost<Real>> pc(np);
  const auto evaluate = [&](const std::vector<Real>& w) {
    for (std::size_t p = 0; p < np; ++p) pc[p] = cost(p, w[pairs[p].first], w[pairs[p].second]);
  };
  // The barrier at w for the costs in pc: +inf outside the domain.
  const auto barrier = [&](const Real& t, const std::vector<Real>& w, Real* magnitude) {
    Real f(0), mag(0);
    for (std::size_t k = 0; k < n; ++k) {
      if (!(w[k] > 0)) return inf;
      const Real l = log(w[k]);
      f += t * w[k] - l;
      mag += t * w[k] + abs(l);
    }
    for (std::size_t p = 0; p < np; ++p) {
      if (!(pc[p].c > 1)) return inf;
      const Real l = log(pc[p].c - 1);
      f -= l;
      mag += abs(l);
    }
    if (magnitude) *magnitude = mag;
    return f;
  };
  // Start: w = 4 (every C_p(1, 1) >= 1/2 after scaling, so C_p(4, 4) >= 2), t such that the
  // central path's gap (n + np)/t is the objective's value there.
  std::vector<Real> w(n, Real(4)), trial(n), grad(n), step(n), best_w;
  Real best_upper = inf, best_lower(0);
  Real t = Real(n + np) / (4 * Real(n));
  std::vector<Real> H(n * n), L(n * n);
  // The Cholesky solve of H step = -grad, with a diagonal shift if rounding makes H indefinite.
  const auto newton_step = [&]() {
    for (Real shift(0);; shift = shift == 0 ? Real(machine * 16) : Real(shift * 16)) {
      bool ok = true;
      for (std::size_t i = 0; i < n && ok; ++i)
        for (std::size_t j = 0; j <= i; ++j) {
          Real s = H[i * n + j] * (i == j ? 1 + shift : Real(1));
          for (std::size_t k = 0; k < j; ++k) s -= L[i * n + k] * L[j * n + k];
          if (i == j) {
            if (!(s > 0)) {
              ok = false;
              break;
            }
            L[i * n + i] = sqrt(s);
          } else {
            L[i * n + j] = s / L[j * n + j];
          }
        }
      if (!ok) {
        if (shift > 1) return false;
        continue;
      }
      for (std::size_t i = 0; i < n; ++i) {
        Real s = -grad[i];
        for (std::size_t k = 0; k < i; ++k) s -= L[i * n + k] * step[k];
        step[i] = s / L[i * n + i];
      }
      for (std::size_t i = n; i-- > 0;) {
        Real s = step[i];
        for (std::size_t k = i + 1; k < n; ++k) s -= L[k * n + i] * step[k];
        step[i] = s / L[i * n + i];
      }
      return true;
    }
  };
  // The lower end for multipliers q >= 0 on the pairs at the pairs' costs pc (file comment).
  std::vector<Real> G(n);
  const auto certificate = [&](const std::vector<Real>& q) {
    std::fill(G.begin(), G.end(), Real(0));
    Real sum_q(0);
    for (std::size_t p = 0; p < np; ++p)
      if (q[p] > 0) {
        sum_q += q[p];
        G[pairs[p].first] += q[p] * pc[p].ga;
        G[pairs[p].second] += q[p] * pc[p].gb;
      }
    const Real top = *std::max_element(G.begin(), G.end());
    return top > 0 ? Real(sum_q / top) : Real(0);
  };
  std::vector<Real> q(np);
  int stalled = 0;
  for (int outer = 0; outer < 200; ++outer) {
    // Centering: Newton's method with backtracking until the Newton decrement is below tol, or no
    // step makes progress (rounding).
    for (int it = 0; it < 60; ++it) {
      evaluate(w);
      for (std::size_t k = 0; k < n; ++k) grad[k] = t - 1 / w[k];
      std::fill(H.begin(), H.end(), Real(0));
      for (std::size_t k = 0; k < n; ++k) H[k * n + k] = 1 / (w[k] * w[k]);
      for (std::size_t p = 0; p < np; ++p) {
        const auto [a, b] = pairs[p];
        const auto& c = pc[p];
        const Real r = 1 / (c.c - 1);
        grad[a] -= c.ga * r;
        grad[b] -= c.gb * r;
        H[a * n + a] += c.ga * c.ga * r * r - c.haa * r;
        H[b * n + b] += c.gb * c.gb * r * r - c.hbb * r;
        const Real off = c.ga * c.gb * r * r - c.hab * r;
        H[a * n + b] += off;
        H[b * n + a] += off;
      }
      if (!newton_step()) break;
      Real slope(0);
      for (std::size_t k = 0; k < n; ++k) slope += grad[k] * step[k];
      if (!(slope < 0) || -slope / 2 <= tol) break;
      Real magnitude(0);
      const Real f0 = barrier(t, w, &magnitude);
      const Real slack = 64 * machine * magnitude;
      Real s(1);
      bool moved = false;
      for (int k = 0; k < 200; ++k, s /= 2) {
        for (std::size_t i = 0; i < n; ++i) trial[i] = w[i] + s * step[i];
        evaluate(trial);
        if (barrier(t, trial, nullptr) <= f0 + s * slope / 4 + slack) {
          moved = true;
          break;
        }
      }
      if (!moved) break;
      w.swap(trial);
    }
    // The bracket at w, with the barrier's multipliers q_p = 1/(t (C_p - 1)).
    evaluate(w);
    Real sum_w(0), min_c = inf;
    for (std::size_t k = 0; k < n; ++k) sum_w += w[k];
    for (std::size_t p = 0; p < np; ++p) {
      min_c = pc[p].c < min_c ? pc[p].c : min_c;
      q[p] = 1 / (t * (pc[p].c - 1));
    }
    const Real upper = sum_w / min_c, lower = certificate(q);
    int stalled_now = 1;
    if (upper < best_upper) {
      stalled_now = upper < best_upper * (1 - 4 * machine) ? 0 : 1;
      best_upper = upper;
      best_w = w;
    }
    if (lower > best_lower) best_lower = lower;
    if (best_upper <= best_lower * (1 + tol)) break;
    // The central point's w is within about (n + np)/t of the optimum, in the objective: past
    // tol, or once rounding stops the upper end's descent, the polish below finishes the lower
    // end (the multipliers 1/(t (C_p - 1)) lose their accuracy first, as C_p - 1 ~ 1/t).
    stalled = stalled_now ? stalled + 1 : 0;
    if (stalled >= 3 || Real(n + np) / t <= best_upper * tol / 16) break;
    t *= 8;
  }
  // Polish of the lower end at the best w: with the pairs' alternatives x_p there, the exact
  // multipliers solve sum_{p containing k} q_p d_k(x_p) = 1 on the arms of positive weight over the
  // active pairs; q = M^T (M M^T + rho I)^-1 1 (the least-squares solution of smallest norm, a
  // K x K system), its negative entries dropped and the system solved again.  Any q >= 0 is a
  // certificate, so the lower end is kept only where it improves.
  evaluate(best_w);
  if (!(best_upper <= best_lower * (1 + tol))) {
    Real min_c = inf, max_w(0);
    for (std::size_t p = 0; p < np; ++p) min_c = pc[p].c < min_c ? pc[p].c : min_c;
    for (const auto& x : best_w) max_w = x > max_w ? x : max_w;
    const Real gap = best_lower > 0 ? Real(best_upper / best_lower - 1) : Real(1);
    const Real band = 64 * (gap < Real(1e-3) ? gap : Real(1e-3));
    std::vector<char> active(np), row(n);
    for (std::size_t p = 0; p < np; ++p) active[p] = pc[p].c <= min_c * (1 + band);
    for (std::size_t k = 0; k < n; ++k) row[k] = best_w[k] > max_w * band;
    for (int round = 0; round < 8; ++round) {
      // M's entries: row k, column p: d_k(x_p) for k in pair p.
      const auto entry = [&](std::size_t k, std::size_t p) {
        return !active[p] || !row[k] ? Real(0)
               : pairs[p].first == k ? pc[p].ga
               : pairs[p].second == k ? pc[p].gb
                                      : Real(0);
      };
      std::fill(H.begin(), H.end(), Real(0));
      Real trace(0);
      for (std::size_t p = 0; p < np; ++p) {
        if (!active[p]) continue;
        const std::size_t a = pairs[p].first, b = pairs[p].second;
        const Real ea = entry(a, p), eb = entry(b, p);
        H[a * n + a] += ea * ea;
        H[b * n + b] += eb * eb;
        H[a * n + b] += ea * eb;
        H[b * n + a] += ea * eb;
        trace += ea * ea + eb * eb;
      }
      const Real rho = trace * machine;
      for (std::size_t k = 0; k < n; ++k) {
        H[k * n + k] += rho;
        grad[k] = row[k] ? Real(-1) : Real(0);  // newton_step solves H step = -grad
      }
      if (!newton_step()) break;
      bool negative = false;
      for (std::size_t p = 0; p < np; ++p) {
        q[p] = active[p] ? Real(entry(pairs[p].first, p) * step[pairs[p].first] +
                                entry(pairs[p].second, p) * step[pairs[p].second])
                         : Real(0);
        if (active[p] && !(q[p] > 0)) active[p] = 0, negative = true;
      }
      const Real lower = certificate(q);
      if (lower > best_lower) best_lower = lower;
      if (!negative) break;
    }
  }
  top_m_characteristic_time_result<Real> r;
  Real sum_w(0);
  for (const auto& x : best_w) sum_w += x;
  r.w_star.resize(n);
  for (std::size_t k = 0; k < n; ++k) r.w_star[k] = best_w[k] / sum_w;
  r.t_star = best_upper / scale;
  r.t_star_lower = (best_lower < best_upper ? best_lower : best_upper) / scale;
  return r;
}

/// The derivatives in q of the Bernoulli kl(p, q), given q and qbar = 1 - q (each to its own
/// precision): -p/q + (1 - p)/qbar and p/q^2 + (1 - p)/qbar^2 (0 log 0 = 0).
template <class Real>
Real bernoulli_kl_dq(const Real& p, const Real& q, const Real& qbar) {
  Real r(0);
  if (p > 0) r -= p / q;
  if (p < 1) r += (1 - p) / qbar;
  return r;
}
template <class Real>
Real bernoulli_kl_dq2(const Real& p, const Real& q, const Real& qbar) {
  Real r(0);
  if (p > 0) r += p / (q * q);
  if (p < 1) r += (1 - p) / (qbar * qbar);
  return r;
}

/// The Bernoulli pair (a, b) of the top-m program at (w_a, w_b): x_p in [max(0, mu_b - eps),
/// min(mu_a, 1 - eps)] minimising w_a kl(mu_a, x) + w_b kl(mu_b, x + eps) (a convex function of x:
/// the root of its increasing derivative, or an end where the derivative does not change sign).
/// The complement of x + eps is formed as (1 - eps) - x (exact 1 - eps for eps near 1).
template <class Real>
top_m_pair_cost<Real> bernoulli_top_m_pair(const Real& mu_a, const Real& mu_b, const Real& eps, const Real& wa,
                                           const Real& wb) {
  using boost::math::isfinite;
  const Real top = 1 - eps;
  const Real lo = mu_b - eps > 0 ? Real(mu_b - eps) : Real(0), hi = mu_a < top ? mu_a : top;
  const auto f = [&](const Real& x) {
    return Real(wa * bernoulli_kl_dq(mu_a, x, Real(1 - x)) + wb * bernoulli_kl_dq(mu_b, Real(x + eps), Real(top - x)));
  };
  Real x = lo;
  bool interior = false;
  if (hi > lo) {
    Real a = lo, b = hi, fa = f(a), fb = f(b);
    if (!(fa < 0)) {
      x = lo;
    } else if (!(fb > 0)) {
      x = hi;
    } else {
      // Infinite derivatives at the ends (a divergence at 0 or 1): bisect until both are finite.
      for (int k = 0; k < 4000 && !((isfinite)(fa) && (isfinite)(fb)); ++k) {
        const Real mid = a + (b - a) / 2;
        if (!(mid > a && mid < b)) break;
        const Real fm = f(mid);
        if (fm < 0) {
          a = mid;
          fa = fm;
        } else {
          b = mid;
          fb = fm;
        }
      }
      x = (isfinite)(fa) && (isfinite)(fb) && fa < 0 && fb >= 0 ? increasing_root<Real>(f, a, b, fa, fb)
                                                                  : Real(a + (b - a) / 2);
      interior = x > lo && x < hi;
    }
  }
  const Real y = x + eps, ybar = top - x;
  top_m_pair_cost<Real> c;
  c.ga = bernoulli_kl_complements(mu_a, Real(1 - mu_a), x, Real(1 - x), Real(mu_a - x));
  c.gb = bernoulli_kl_complements(mu_b, Real(1 - mu_b), y, ybar, Real((mu_b - eps) - x));
  c.c = wa * c.ga + wb * c.gb;
  c.haa = c.hab = c.hbb = Real(0);
  if (interior) {
    const Real sa = bernoulli_kl_dq(mu_a, x, Real(1 - x)), sb = bernoulli_kl_dq(mu_b, y, ybar);
    const Real Q = wa * bernoulli_kl_dq2(mu_a, x, Real(1 - x)) + wb * bernoulli_kl_dq2(mu_b, y, ybar);
    if (Q > 0 && (isfinite)(Q)) {
      c.haa = -sa * sa / Q;
      c.hab = -sa * sb / Q;
      c.hbb = -sb * sb / Q;
    }
  }
  return c;
}

/// The means of a top-m program (finite, at least two) and m in [1, K - 1], checked for `fn`;
/// returns the arms in the order of decreasing means (stable: equal means in index order).
/// At eps = 0 a tie between the m-th and (m+1)-th largest means is refused (T*_m = inf), naming
/// the (m+1)-th arm.
template <class Range>
std::pair<std::vector<range_value_t<Range>>, std::vector<std::size_t>> top_m_checked(const char* fn,
                                                                                   const Range& means,
                                                                                   std::size_t m,
                                                                                   bool eps_zero) {
  std::vector<range_value_t<Range>> mu;
  for (const auto& value : means) {
    const range_value_t<Range> x = value;
    if (!(boost::math::isfinite)(x)) {
      const std::string name = "means[" + std::to_string(mu.size()) + "]";
      raise_domain_error(fn, name.c_str(), format_value(x), "a finite real number");
    }
    mu.push_back(x);
  }
  if (mu.size() < 2)
    raise_domain_error(fn, "means", std::to_string(mu.size()) + " arm(s)",
                       "at least two arms (T*_m is defined for K >= 2)");
  if (!(m >= 1 && m < mu.size())) {
    std::string range("[1, K - 1] = [1, ");
    range += std::to_string(mu.size() - 1);
    range += ']';
    raise_domain_error(fn, "m", std::to_string(m), range);
  }
  std::vector<std::size_t> order(mu.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return mu[a] > mu[b]; });
  if (eps_zero && mu[order[m]] == mu[order[m - 1]]) {
    const std::string name = "means[" + std::to_string(order[m]) + "]";
    std::string value = format_value(mu[order[m]]);
    value += " (ties means[";
    value += std::to_string(order[m - 1]);
    value += "])";
    raise_domain_error(fn, name.c_str(), value,
                       "distinct m-th and (m+1)-th largest means at epsilon = 0 (T*_m is infinite on such a "
                       "tie; epsilon > 0 makes it finite)");
  }
  return {std::move(mu), std::move(order)};
}

/// The pairs (a in S, b not in S) of the top set S = order[0, m), and S in increasing index order.
inline std::pair<std::vector<std::pair<std::size_t, std::size_t>>, std::vector<std::size_t>> top_m_pairs(
    const std::vector<std::size_t>& order, std::size_t m) {
  std::vector<std::pair<std::size_t, std::size_t>> pairs;
  for (std::size_t i = 0; i < m; ++i)
    for (std::size_t j = m; j < order.size(); ++j) pairs.emplace_back(order[i], order[j]);
  std::vector<std::size_t> answer(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(m));
  std::sort(answer.begin(), answer.end());
  return {std::move(pairs), std::move(answer)};
}

}  // namespace detail

/// T*_m(mu), its proportions, answer set and certified lower end for Gaussian arms N(mu_a, sigma^2)
/// (docs/certified-glr/epsilon-topm.md section 4, "Top-m"; the top-m section above): the answer is
/// the top-m set of the means (optimal among the (eps, m)-good sets); t_star is attained by w_star
/// and t_star_lower <= T*_m <= t_star is certified (relative width eps_machine^(2/3) where rounding
/// allows; measured 1e-14 to 5e-8 in double).  epsilon >= 0 is additive (the
/// pairwise (eps, m)-good relaxation of the stopping rule TM).  Domain: at least two finite means;
/// 1 <= m <= K - 1; sigma > 0 finite; epsilon >= 0 finite; at epsilon = 0 distinct m-th and
/// (m+1)-th largest means (T*_m = inf on such a tie: refused naming the (m+1)-th arm's mean).
/// Instances whose squared gaps over 2 sigma^2 leave the positive normal reals are refused, naming
/// the means or epsilon, and a T*_m that overflows naming sigma.
template <class Range>
top_m_characteristic_time_result<detail::range_value_t<Range>> characteristic_time_top_m_gaussian(
    const Range& means, detail::range_value_t<Range> sigma, std::size_t m,
    detail::range_value_t<Range> epsilon = detail::range_value_t<Range>(0)) {
  using Real = detail::range_value_t<Range>;
  constexpr const char* fn = "lilucb::characteristic_time_top_m_gaussian";
  detail::check_gaussian_sigma(fn, sigma);
  detail::check_epsilon(fn, epsilon, nullptr);
  const auto checked = detail::top_m_checked(fn, means, m, epsilon == 0);
  const auto& mu = checked.first;
  const auto& order = checked.second;
  const std::size_t n = mu.size();
  // D_ab = mu_a - mu_b + eps, from D_min (the m-th against the (m+1)-th) to D_max (first against last).
  const Real d_min = (mu[order[m - 1]] - mu[order[m]]) + epsilon, d_max = (mu[order[0]] - mu[order[n - 1]]) + epsilon;
  const Real two_var = 2 * sigma * sigma;
  const Real dd_min = d_min * d_min / two_var, dd_max = d_max * d_max / two_var;
  const Real ratio = d_max / d_min;
  if (!((boost::math::isfinite)(dd_max) && (boost::math::isfinite)(Real(ratio * ratio)))) {
    const bool by_eps = !(boost::math::isfinite)(Real(epsilon * epsilon / two_var));
    detail::raise_domain_error(fn, by_eps ? "epsilon" : "means",
                               by_eps ? detail::format_value(epsilon)
                                      : "gaps " + detail::format_value(d_min) + " to " + detail::format_value(d_max) +
                                            " at sigma = " + detail::format_value(sigma),
                               "values whose every D_ab^2/(2 sigma^2), D_ab = mu_a - mu_b + eps, and (D_max/D_min)^2 "
                               "are finite");
  }
  if (!(dd_min >= (std::numeric_limits<Real>::min)()))
    detail::raise_domain_error(fn, epsilon > 0 ? "epsilon" : "means",
                               detail::format_value(epsilon > 0 ? epsilon : d_min),
                               "instances whose smallest D_ab^2/(2 sigma^2), D_ab = mu_a - mu_b + eps, is a positive "
                               "normal real (sigma = " + detail::format_value(sigma) + ")");
  const auto set = detail::top_m_pairs(order, m);
  const auto& pairs = set.first;
  // The costs in units of dd_min: (D_ab/D_min)^2 w_a w_b/(w_a + w_b).
  const std::vector<Real> rel = detail::relative_squared_gaps(mu, pairs, epsilon, d_min);
  const auto cost = [&](std::size_t p, const Real& wa, const Real& wb) {
    return detail::gaussian_top_m_pair<Real>(rel[p], Real(1), Real(1), wa, wb);
  };
  auto r = detail::top_m_barrier<Real>(n, pairs, cost, Real(1));
  r.t_star /= dd_min;
  r.t_star_lower /= dd_min;
  r.answer = set.second;
  if (!(boost::math::isfinite)(r.t_star))
    detail::raise_domain_error(fn, "sigma", detail::format_value(sigma),
                               "values whose T*_m (about 2 sigma^2 K/D_min^2 or less) is finite (here T*_m = " +
                                   detail::format_value(r.t_star) + ")");
  return r;
}

/// T*_m(mu), its proportions, answer set and certified lower end for Gaussian arms N(mu_a, sigma_a^2)
/// of KNOWN, possibly different standard deviations: the one-sigma function's program with the
/// pair cost D_ab^2 w_a w_b/(2 (sigma_a^2 w_b + sigma_b^2 w_a)), D_ab = mu_a - mu_b + eps (the
/// infimum over the common point of w_a (mu_a - x)^2/(2 sigma_a^2) + w_b (mu_b - x - eps)^2/(2
/// sigma_b^2)).  For a method (eps, m)-correct on Gaussian arms of UNKNOWN variances this is a
/// valid lower-bound characteristic time too (that model contains these known-variance laws),
/// below that model's own, which is not computed.  Equal sigmas give the one-sigma function's
/// value; m = 1 the best-arm characteristic_time_gaussian(means, sigmas) at eps = 0.  Domain: the
/// one-sigma function's, with one sigma per mean, each > 0 finite; instances whose costs leave the
/// positive normal reals are refused naming the means (or epsilon), a T*_m that overflows naming
/// sigmas.
template <class Range, class Real = detail::range_value_t<Range>>
top_m_characteristic_time_result<Real> characteristic_time_top_m_gaussian(const Range& means,
                                                                         const std::vector<Real>& sigmas, std::size_t m,
                                                                         Real epsilon = Real(0)) {
  constexpr const char* fn = "lilucb::characteristic_time_top_m_gaussian";
  detail::check_epsilon(fn, epsilon, nullptr);
  const auto checked = detail::top_m_checked(fn, means, m, epsilon == 0);
  const auto& mu = checked.first;
  const auto& order = checked.second;
  const std::size_t n = mu.size();
  if (sigmas.size() != n)
    detail::raise_domain_error(fn, "sigmas", std::to_string(sigmas.size()) + " values",
                               "one standard deviation per mean (" + std::to_string(n) + ")");
  for (const Real& s : sigmas) detail::check_gaussian_sigma(fn, s);
  // Units: costs of D_min^2/(2 s0^2), s0 the smallest sigma; r_a = (sigma_a/s0)^2 >= 1.
  const Real s0 = *std::min_element(sigmas.begin(), sigmas.end());
  std::vector<Real> r(n);
  for (std::size_t a = 0; a < n; ++a) r[a] = (sigmas[a] / s0) * (sigmas[a] / s0);
  const Real d_min = (mu[order[m - 1]] - mu[order[m]]) + epsilon, d_max = (mu[order[0]] - mu[order[n - 1]]) + epsilon;
  const Real dd_min = d_min * d_min / (2 * s0 * s0), ratio = d_max / d_min;
  const Real r_max = *std::max_element(r.begin(), r.end());
  if (!((boost::math::isfinite)(Real(ratio * ratio)) && (boost::math::isfinite)(r_max) &&
        dd_min >= (std::numeric_limits<Real>::min)() && (boost::math::isfinite)(dd_min))) {
    const bool by_eps = epsilon > 0 && !(boost::math::isfinite)(Real(epsilon * epsilon / (2 * s0 * s0)));
    detail::raise_domain_error(fn, by_eps ? "epsilon" : "means",
                               by_eps ? detail::format_value(epsilon)
                                      : "gaps " + detail::format_value(d_min) + " to " + detail::format_value(d_max) +
                                            " at sigmas from " + detail::format_value(s0),
                               "values whose D_min^2/(2 sigma_min^2) is a positive normal real and whose (D_max/D_min)^2 "
                               "and (sigma_max/sigma_min)^2 are finite, D_ab = mu_a - mu_b + eps");
  }
  const auto set = detail::top_m_pairs(order, m);
  const auto& pairs = set.first;
  const std::vector<Real> rel = detail::relative_squared_gaps(mu, pairs, epsilon, d_min);
  const auto cost = [&](std::size_t p, const Real& wa, const Real& wb) {
    return detail::gaussian_top_m_pair<Real>(rel[p], r[pairs[p].first], r[pairs[p].second], wa, wb);
  };
  Real scale = std::numeric_limits<Real>::infinity();
  for (std::size_t p = 0; p < pairs.size(); ++p) {
    const Real c = cost(p, Real(1), Real(1)).c;
    scale = c < scale ? c : scale;
  }
  if (!(scale >= (std::numeric_limits<Real>::min)() && (boost::math::isfinite)(scale)))
    detail::raise_domain_error(fn, "sigmas", "smallest pair cost " + detail::format_value(scale) + " at w = 1",
                               "standard deviations whose pair costs at uniform weights are positive normal reals");
  auto res = detail::top_m_barrier<Real>(n, pairs, cost, scale);
  res.t_star /= dd_min;
  res.t_star_lower /= dd_min;
  res.answer = set.second;
  if (!((boost::math::isfinite)(res.t_star) && res.t_star > 0))
    detail::raise_domain_error(fn, "sigmas", "T*_m = " + detail::format_value(res.t_star),
                               "values whose T*_m is finite");
  return res;
}

/// T*_m(mu), its proportions, answer set and certified lower end for Bernoulli arms (the Gaussian
/// function's contract with the Bernoulli KL divergence; the pair's alternative keeps both means
/// in [0, 1]).  Domain: at least two means in [0, 1]; 1 <= m <= K - 1; epsilon in [0, 1) finite;
/// at epsilon = 0 distinct m-th and (m+1)-th largest means.  An instance whose pair costs at
/// uniform weights underflow (near ties beyond the reals) is refused naming the means.
template <class Range>
top_m_characteristic_time_result<detail::range_value_t<Range>> characteristic_time_top_m_bernoulli(
    const Range& means, std::size_t m, detail::range_value_t<Range> epsilon = detail::range_value_t<Range>(0)) {
  using Real = detail::range_value_t<Range>;
  constexpr const char* fn = "lilucb::characteristic_time_top_m_bernoulli";
  detail::check_epsilon(fn, epsilon, "for Bernoulli arms (at eps >= 1 every set of m arms is (eps, m)-good)");
  const auto checked = detail::top_m_checked(fn, means, m, epsilon == 0);
  const auto& mu = checked.first;
  for (std::size_t a = 0; a < mu.size(); ++a)
    if (!(mu[a] >= 0 && mu[a] <= 1)) {
      const std::string name = "means[" + std::to_string(a) + "]";
      detail::raise_domain_error(fn, name.c_str(), detail::format_value(mu[a]), "[0, 1] for Bernoulli arms");
    }
  const auto set = detail::top_m_pairs(checked.second, m);
  const auto& pairs = set.first;
  const auto cost = [&](std::size_t p, const Real& wa, const Real& wb) {
    return detail::bernoulli_top_m_pair<Real>(mu[pairs[p].first], mu[pairs[p].second], epsilon, wa, wb);
  };
  Real scale = std::numeric_limits<Real>::infinity();
  for (std::size_t p = 0; p < pairs.size(); ++p) {
    const Real c = cost(p, Real(1), Real(1)).c;
    scale = c < scale ? c : scale;
  }
  if (!(scale >= (std::numeric_limits<Real>::min)() && (boost::math::isfinite)(scale)))
    detail::raise_domain_error(fn, "means", "smallest pair cost " + detail::format_value(scale) + " at w = 1",
                               "instances whose pair costs at uniform weights are positive normal reals");
  auto r = detail::top_m_barrier<Real>(mu.size(), pairs, cost, scale);
  r.answer = set.second;
  if (!((boost::math::isfinite)(r.t_star) && r.t_star > 0))
    detail::raise_domain_error(fn, "means", "T*_m = " + detail::format_value(r.t_star), "instances with a finite T*_m");
  return r;
}

/// The lower bound T*_m(mu) kl(delta, 1 - delta) of top-m identification, t_star = T*_m from
/// characteristic_time_top_m_* (docs/certified-glr/epsilon-topm.md section 4: the change of measure
/// of Garivier & Kaufmann 2016, Theorem 1, for delta-correct algorithms when the top set is unique,
/// epsilon = 0).  For epsilon > 0 and m >= 2 the pairwise T*_m is at least the characteristic time
/// of the (eps, m)-good alternative (top-m section above), and the product is not a proved bound.
/// Domain: t_star > 0 finite, delta in (0, 1/2].
template <class Real>
Real top_m_lower_bound(Real t_star, Real delta) {
  return detail::lower_bound_checked("lilucb::top_m_lower_bound", t_star, delta);
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
