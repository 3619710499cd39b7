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
// Every function is a template on the real type (double or cpp_bin_float_50) and checks its
// domain: finite means with a unique largest one; sigma > 0; Bernoulli means in [0, 1]; Beta
// means in (0, 1), kappa > 0.

#include "lilucb/divergence.hpp"
#include "lilucb/errors.hpp"
#include "lilucb/instance.hpp"

#include <boost/math/special_functions/digamma.hpp>
#include <boost/math/special_functions/fpclassify.hpp>
#include <boost/math/special_functions/gamma.hpp>
#include <boost/math/special_functions/log1p.hpp>
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
/// |u| and |v| are below 1/4; elsewhere it is bernoulli_kl(p, q).  Domain: p, q in [0, 1].
template <class Real>
Real bernoulli_kl_accurate(Real p, Real q, Real delta) {
  using std::abs;
  if (p == q || delta == 0 || !(q > 0 && q < 1) || !(p >= 0 && p <= 1)) return bernoulli_kl(p, q);
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

/// Root of a nondecreasing f on [lo, hi] with f(lo) < 0 <= f(hi), where f may be +inf (or NaN,
/// where a divergence rounds to 0) near hi: the bracket is halved until f is finite at its top,
/// then increasing_root; hi itself if f is nowhere finite above the root in floating point.
template <class Real, class F>
Real increasing_root_below_infinity(F f, Real lo, Real hi, Real flo, Real fhi) {
  for (int k = 0; !(boost::math::isfinite)(fhi) && k < 4000; ++k) {
    const Real mid = lo + (hi - lo) / 2;
    if (!(mid > lo && mid < hi)) break;
    const Real fm = f(mid);
    if (fm < 0) {
      lo = mid;
      flo = fm;
    } else {
      hi = mid;
      fhi = fm;
    }
  }
  return (boost::math::isfinite)(fhi) ? increasing_root<Real>(f, lo, hi, flo, fhi) : hi;
}

/// The Gaussian program of the file comment, for pair costs d_a/(1/w_best + c/w_a) (c = 1 for
/// best-arm identification; c = (1 - eps)^2 for the relative epsilon-good program):
/// x_a = c y/(d_a - y) in closed form, y* by root finding on F(y) = sum_a x_a^2/c - 1 in
/// (0, d_min/(1 + sqrt c)] (the closest arm alone gives F = 0 there), then w and T*.
template <class Real>
characteristic_time_result<Real> gaussian_proportions(std::size_t best, const std::vector<Real>& dgap,
                                                      const Real& c = Real(1)) {
  using std::sqrt;
  const std::size_t n = dgap.size();
  auto x_of = [&](std::size_t a, const Real& y) -> Real { return c * y / (dgap[a] - y); };
  auto F = [&](const Real& y) -> Real {
    Real s(0);
    for (std::size_t a = 0; a < n; ++a) {
      if (a == best) continue;
      const Real x = x_of(a, y);
      s += x * x / c;
    }
    return s - 1;
  };
  Real dmin = std::numeric_limits<Real>::infinity();
  for (std::size_t a = 0; a < n; ++a)
    if (a != best && dgap[a] < dmin) dmin = dgap[a];
  const Real lo(0), flo(-1), hi = dmin / (1 + sqrt(c));  // F(hi) >= 0 (above)
  const Real y = increasing_root<Real>(F, lo, hi, flo, F(hi));
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
  // F = inf where d(mu_a, m) rounds to 0.
  const Real x = increasing_root_below_infinity<Real>(F, lo, hi, flo, fhi);
  const Real y = g(b, x);
  if (!(y > 0 && (boost::math::isfinite)(y))) fail("y* = " + format_value(y));
  characteristic_time_result<Real> r;
  r.w_star.assign(n, Real(0));
  Real sum_x(0);
  for (std::size_t a = 0; a < n; ++a)
    if (a != best) {
      r.w_star[a] = x_of(a, x, y);
      sum_x += r.w_star[a];
    }
  const Real w1 = 1 / (1 + sum_x);
  for (std::size_t a = 0; a < n; ++a) r.w_star[a] = a == best ? w1 : Real(r.w_star[a] * w1);
  r.t_star = (1 + sum_x) / y;
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
