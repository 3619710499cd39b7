#pragma once
// Linear and constant boundaries u(t) = a + b t and u(t) = c.  They carry no anytime guarantee
// of their own; they exist so that the crossing engine (crossing.hpp) can be checked on cases
// with known answers.  For Gaussian rewards N(0, sigma^2) the walk S_t is Brownian motion
// sigma B observed at integer times, so every crossing of the walk is a crossing of the
// Brownian path, and for a, b >= 0 (the law of the maximum of Brownian motion with drift)
//   P(exists t >= 0 : sigma B_t >= a + b t) = exp(-2 a b / sigma^2)
// bounds the walk's crossing probability at every horizon.

#include "lilucb/errors.hpp"

#include <boost/math/distributions/normal.hpp>

#include <cmath>

namespace lilucb::boundaries {

/// a + b t.  Domain: t in [0, inf), a in [0, inf), b in [0, inf).
template <class Real>
Real linear_radius(Real t, Real a, Real b) {
  constexpr const char* fn = "lilucb::boundaries::linear_radius";
  check_at_least(fn, "t", t, Real(0));
  check_at_least(fn, "a", a, Real(0));
  check_at_least(fn, "b", b, Real(0));
  return a + b * t;
}

/// exp(-2ab/sigma^2): the probability that sigma B ever crosses a + b t (header comment), an
/// upper bound for the Gaussian walk.  Domain: a, b in [0, inf), sigma > 0.
template <class Real>
Real brownian_linear_crossing_probability(Real a, Real b, Real sigma) {
  using std::exp;
  constexpr const char* fn = "lilucb::boundaries::brownian_linear_crossing_probability";
  check_at_least(fn, "a", a, Real(0));
  check_at_least(fn, "b", b, Real(0));
  check_positive(fn, "sigma", sigma);
  return exp(Real(-2 * a * b / (sigma * sigma)));
}

/// An upper bound on P(exists t > T : S_t >= a + b t) for Gaussian rewards: conditioning on
/// x = sigma B_T, the Brownian path crosses after T with probability min(1, exp(-2b(m - x)/sigma^2)),
/// m = a + b T, so the bound is
///   Phi(-m/(sigma sqrt T)) + exp(2b(bT - m)/sigma^2) Phi((m - 2bT)/(sigma sqrt T)).
/// Domain: T in [1, inf), a in [0, inf), b in (0, inf), sigma > 0.
template <class Real>
Real linear_tail_probability(Real T, Real a, Real b, Real sigma) {
  using std::exp;
  using std::sqrt;
  constexpr const char* fn = "lilucb::boundaries::linear_tail_probability";
  check_at_least(fn, "T", T, Real(1));
  check_at_least(fn, "a", a, Real(0));
  check_positive(fn, "b", b);
  check_positive(fn, "sigma", sigma);
  const boost::math::normal_distribution<Real> n01;
  const Real m = a + b * T;
  const Real sd = sigma * sqrt(T);
  const Real s2 = sigma * sigma;
  const Real r = boost::math::cdf(boost::math::complement(n01, Real(m / sd))) +
                 exp(Real(2 * b * (b * T - m) / s2)) * boost::math::cdf(n01, Real((m - 2 * b * T) / sd));
  return r < 1 ? r : Real(1);
}

}  // namespace lilucb::boundaries
