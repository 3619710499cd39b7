#pragma once
// The Bernoulli Kullback-Leibler divergence, the d(p, q) of Bernoulli arms in the characteristic
// time (characteristic_time.hpp) and in the GLR statistic (bandit/stopping/glr.hpp).  A header of
// its own so that a rule needing d alone does not include the characteristic time's solver.

#include "lilucb/errors.hpp"

#include <cmath>
#include <limits>

namespace lilucb {

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

}  // namespace lilucb
