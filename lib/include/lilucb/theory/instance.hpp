#pragma once
// Quantities of a bandit instance (a vector of means with a unique best arm):
// gaps, the hardnesses H1 and H3 (Section 3), Lemma `lem:1`'s bound on the suboptimal
// pulls, a bound on lil'UCB's total number of samples at stopping (docs/theory.md derives
// it), and Farrell's asymptotic lower bound (Corollary `thm:lim`, Theorem `thm:3`).
//
// Every function takes any range of reals (std::vector, std::array, Eigen vectors, ...).

#include "lilucb/detail/promotion.hpp"
#include "lilucb/errors.hpp"
#include "lilucb/theory/finite_lil.hpp"
#include "lilucb/theory/theorem.hpp"

#include <boost/math/constants/constants.hpp>
#include <boost/math/special_functions/fpclassify.hpp>

#include <cmath>
#include <cstddef>
#include <iterator>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

namespace lilucb {

namespace detail {
// The element type of a range of means (the real type of the instance functions).
template <class Range>
using range_value_t = promote_t<std::remove_cvref_t<decltype(*std::begin(std::declval<const Range&>()))>>;

// best_arm, with errors naming the public function `fn` that was called.
template <class Range>
std::size_t best_arm_checked(const char* fn, const Range& means) {
  using Real = range_value_t<Range>;
  std::size_t n = 0, best = 0;
  Real best_value{};
  for (const auto& m : means) {
    if (!(boost::math::isfinite)(m)) {
      const std::string name = "means[" + std::to_string(n) + "]";
      detail::raise_domain_error(fn, name.c_str(), detail::format_value(m), "a finite real number");
    }
    if (n == 0 || m > best_value) {
      best_value = m;
      best = n;
    }
    ++n;
  }
  if (n == 0) detail::raise_domain_error(fn, "means", "[] (no arms)", "at least one arm");
  std::size_t i = 0;
  for (const auto& m : means) {
    if (i != best && m == best_value) {
      const std::string name = "means[" + std::to_string(i) + "]";
      detail::raise_domain_error(
          fn, name.c_str(), detail::format_value(m) + " (ties means[" + std::to_string(best) + "])",
          "a unique largest mean: the best arm must be unique");
    }
    ++i;
  }
  return best;
}
}  // namespace detail

/// The index of the unique largest mean.  Throws lilucb::domain_error when `means` is
/// empty, holds a non-finite value, or its largest value is attained more than once.
template <class Range>
std::size_t best_arm(const Range& means) {
  return detail::best_arm_checked("lilucb::best_arm", means);
}

namespace detail {
// Every gap mu_best - mu_i of finite means is a real number, but it exceeds the largest Real when
// the means are more than max_real apart (1e308 and -1e308): such an arm is refused, not given
// an infinite gap.
template <class Range>
std::vector<range_value_t<Range>> gaps_checked(const char* fn, const Range& means) {
  using Real = range_value_t<Range>;
  const std::size_t b = best_arm_checked(fn, means);
  std::vector<range_value_t<Range>> m(std::begin(means), std::end(means));
  const auto top = m[b];
  for (std::size_t i = 0; i < m.size(); ++i) {
    const Real d = top - m[i];
    if (!(boost::math::isfinite)(d)) {
      const std::string name = "means[" + std::to_string(i) + "]";
      raise_domain_error(fn, name.c_str(), format_value(m[i]),
                         "[means[" + std::to_string(b) + "] - max_real, means[" + std::to_string(b) +
                             "]): its gap to the best mean overflows");
    }
    m[i] = d;
  }
  return m;
}

// The Delta^-2 sums (H1, H3, Lemma lem:1's bounds, Farrell's bound) are reported only as finite
// reals, and H1 (a denominator in the experiments' mean_over_h1) only as a positive normal one.
// Sum Delta_i^-2 of the suboptimal arms is finite iff no gap is so small that its term
// overflows (Delta^-2 <= max_real needs Delta >= 1/sqrt(max_real) = 7.5e-155 in double, and the
// terms' sum must stay <= max_real); it is a positive normal Real iff some gap is at most
// 1/sqrt(min_normal) (6.7e153 in double: then its term Delta^-2 >= min_normal; a larger gap's
// term is subnormal or rounds to 0).  A result outside these ranges names the instance.
template <class Real>
void check_instance_sum(const char* fn, const char* what, const Real& value, bool need_normal) {
  using std::sqrt;
  if ((boost::math::isfinite)(value) && (!need_normal || value >= std::numeric_limits<Real>::min())) return;
  const Real lo = 1 / sqrt(std::numeric_limits<Real>::max());
  const Real hi = 1 / sqrt(std::numeric_limits<Real>::min());
  raise_domain_error(fn, "means", std::string("an instance whose ") + what + " = " + format_value(value),
                     std::string("gaps whose ") + what +
                         (need_normal ? " is a positive normal real" : " is a finite real") +
                         ": sum Delta_i^-2 <= max_real (each gap >= 1/sqrt(max_real) = " + format_bound(lo) +
                         " keeps its own term finite)" +
                         (need_normal ? " and some gap <= 1/sqrt(min_normal) = " + format_bound(hi) +
                                            " (a larger gap's term underflows)"
                                      : std::string()));
}

// H1 of the gaps d (best arm b), refused under the name of the public function fn called.
template <class Real>
Real h1_of_gaps(const char* fn, const std::vector<Real>& d, std::size_t b) {
  Real h{0};
  for (std::size_t i = 0; i < d.size(); ++i)
    if (i != b) h += 1 / (d[i] * d[i]);
  if (d.size() > 1) check_instance_sum(fn, "H1", h, true);
  return h;
}
}  // namespace detail

/// Gaps Delta_i = mu_{i*} - mu_i (0 for the best arm), in the order of `means`.
template <class Range>
std::vector<detail::range_value_t<Range>> gaps(const Range& means) {
  return detail::gaps_checked("lilucb::gaps", means);
}

/// H1 = sum_{i != i*} Delta_i^-2 (Section 3).  Refused (domain_error naming means) when it is not
/// a positive normal real: a gap below 1/sqrt(max_real) overflows it, gaps all above
/// 1/sqrt(min_normal) underflow it (detail::check_instance_sum).  One arm: H1 = 0.
template <class Range>
detail::range_value_t<Range> hardness_h1(const Range& means) {
  constexpr const char* fn = "lilucb::hardness_h1";
  const std::size_t b = detail::best_arm_checked(fn, means);
  const auto d = detail::gaps_checked(fn, means);
  return detail::h1_of_gaps(fn, d, b);
}

/// H3 = sum_{i != i*} log(log(c/Delta_i^2))/Delta_i^2 (Section 3) with the constant c = e,
/// the smallest c for which log log(c/Delta^2) >= 0 on every gap in (0,1].  Means outside
/// [0,1] can give gaps > 1; there we use log log(e/min(Delta^2, 1)) = 0, i.e. such an arm
/// adds nothing (the paper's means lie in [0,1]).
template <class Range>
detail::range_value_t<Range> hardness_h3(const Range& means) {
  using Real = detail::range_value_t<Range>;
  using std::log;
  constexpr const char* fn = "lilucb::hardness_h3";
  const std::size_t b = detail::best_arm_checked(fn, means);
  const auto d = detail::gaps_checked(fn, means);
  const Real e = boost::math::constants::e<Real>();
  Real h{0};
  for (std::size_t i = 0; i < d.size(); ++i) {
    if (i == b) continue;
    const Real d2 = d[i] * d[i];
    const Real clipped = d2 < 1 ? d2 : Real(1);
    h += log(Real(log(Real(e / clipped)))) / d2;
  }
  detail::check_instance_sum(fn, "H3", h, false);
  return h;
}

namespace detail {
template <class Range>
void check_lemma1_args(const char* fn, const range_value_t<Range>& eps,
                       const range_value_t<Range>& beta, const range_value_t<Range>& delta) {
  using Real = range_value_t<Range>;
  check_open_interval(fn, "eps", eps, Real(0), Real(1));
  check_positive(fn, "beta", beta);
  check_open_interval(fn, "delta", delta, Real(0), Real(1));
}

// log(2 log(gamma (1+eps)/Delta^2)), defined when Delta^2 < gamma (1+eps).
template <class Real>
Real lemma1_loglog(const char* fn, std::size_t i, const Real& d2, const Real& g, const Real& eps) {
  using std::log;
  const Real c = g * (1 + eps);
  if (!(d2 < c)) {
    const std::string name = "gap[" + std::to_string(i) + "]^2";
    raise_domain_error(fn, name.c_str(), format_value(d2),
                       "(0, gamma (1+eps)) = (0, " + format_bound(c) +
                           "): Lemma lem:1's log(2 log(gamma (1+eps)/Delta^2)) is undefined");
  }
  return log(Real(2 * log(Real(c / d2))));
}
}  // namespace detail

/// Lemma `lem:1`'s bound as stated: with probability at least 1 - 2 rho delta, for all t,
///   sum_{i != i*} T_i(t) <= n + 8 e gamma H1 log(1/delta)
///                           + sum_{i != i*} gamma log(2 log(gamma (1+eps)/Delta_i^2))/Delta_i^2.
/// Domain: eps in (0,1), beta > 0, delta in (0,1), every Delta_i^2 < gamma (1+eps).
template <class Range>
detail::range_value_t<Range> lemma1_bound(const Range& means, detail::range_value_t<Range> eps,
                                  detail::range_value_t<Range> beta, detail::range_value_t<Range> delta) {
  using Real = detail::range_value_t<Range>;
  using std::log;
  constexpr const char* fn = "lilucb::lemma1_bound";
  detail::check_lemma1_args<Range>(fn, eps, beta, delta);
  const std::size_t b = detail::best_arm_checked(fn, means);
  const auto d = detail::gaps_checked(fn, means);
  const Real g = gamma(beta, eps);
  const Real e = boost::math::constants::e<Real>();
  Real sum = Real(d.size()) + 8 * e * g * detail::h1_of_gaps(fn, d, b) * -log(delta);
  for (std::size_t i = 0; i < d.size(); ++i) {
    if (i == b) continue;
    const Real d2 = d[i] * d[i];
    sum += g * detail::lemma1_loglog(fn, i, d2, g, eps) / d2;
  }
  detail::check_instance_sum(fn, "Lemma lem:1's bound", sum, false);
  return sum;
}

/// Lemma `lem:1`'s bound as its proof derives it (last display of the proof):
///   sum_{i != i*} (8 e gamma log(1/delta)/Delta_i^2 + tau_i + 1),
///   tau_i = gamma/Delta_i^2 log(2 log(gamma (1+eps)/Delta_i^2)/delta).
/// It exceeds the stated form by gamma H1 log(1/delta) - 1: the statement drops the
/// log(1/delta) part of tau_i (docs/findings.md).  Same domain as lemma1_bound.
template <class Range>
detail::range_value_t<Range> lemma1_bound_proof(const Range& means, detail::range_value_t<Range> eps,
                                        detail::range_value_t<Range> beta, detail::range_value_t<Range> delta) {
  using Real = detail::range_value_t<Range>;
  using std::log;
  constexpr const char* fn = "lilucb::lemma1_bound_proof";
  detail::check_lemma1_args<Range>(fn, eps, beta, delta);
  const std::size_t b = detail::best_arm_checked(fn, means);
  const auto d = detail::gaps_checked(fn, means);
  const Real g = gamma(beta, eps);
  const Real e = boost::math::constants::e<Real>();
  const Real log_inv_delta = -log(delta);
  Real sum{0};
  for (std::size_t i = 0; i < d.size(); ++i) {
    if (i == b) continue;
    const Real d2 = d[i] * d[i];
    const Real tau = g / d2 * (detail::lemma1_loglog(fn, i, d2, g, eps) + log_inv_delta);
    sum += 8 * e * g * log_inv_delta / d2 + tau + 1;
  }
  detail::check_instance_sum(fn, "Lemma lem:1's bound", sum, false);
  return sum;
}

/// A bound on lil'UCB's total number of samples at stopping, from a bound B on
/// sum_{i != i*} T_i(t) that holds for all t and the stopping rule of Figure `fig:lilucb`:
///   total < 2 + (1 + a) B                                   (derivation: docs/theory.md).
/// It holds on the event of Lemma `lem:2` (only the best arm can meet the stopping
/// condition) intersected with the event behind B.  Domain: B >= 0, a > 0.
template <class T1, class T2>
detail::promote_t<T1, T2> total_samples_bound(T1 suboptimal_pulls_bound_in, T2 a_in) {
  using Real = detail::promote_t<T1, T2>;
  const Real suboptimal_pulls_bound(suboptimal_pulls_bound_in), a(a_in);
  constexpr const char* fn = "lilucb::total_samples_bound";
  check_at_least(fn, "suboptimal_pulls_bound", suboptimal_pulls_bound, Real(0));
  check_positive(fn, "a", a);
  const Real total = 2 + (1 + a) * suboptimal_pulls_bound;
  if (!(boost::math::isfinite)(total)) {
    // 2 + (1 + a) B <= max_real iff a <= (max_real - 2)/B - 1: the range of a at this B.  When even
    // a -> 0 overflows (B itself within 2 of max_real), B is what is out of range.
    const Real a_max = (std::numeric_limits<Real>::max() - 2) / suboptimal_pulls_bound - 1;
    if (a_max > 0)
      detail::raise_domain_error(fn, "a", detail::format_value(a),
                                 "(0, (max_real - 2)/B - 1] = (0, " + detail::format_bound(a_max) +
                                     "] at this B (past it 2 + (1 + a) B overflows)");
    detail::raise_domain_error(fn, "suboptimal_pulls_bound", detail::format_value(suboptimal_pulls_bound),
                               "[0, max_real - 2) (2 + (1 + a) B overflows)");
  }
  return total;
}

/// Farrell's asymptotic lower bound as Section 2 states it for n arms:
///   (2 - 4 delta) sum_{i != i*} Delta_i^-2 log log Delta_i^-2.
/// It is a statement about Delta -> 0; a term whose log log Delta^-2 is undefined or
/// negative (Delta >= e^-1/2) contributes 0.  Domain: delta in (0, 1/2).
template <class Range>
detail::range_value_t<Range> farrell_lower_bound(const Range& means, detail::range_value_t<Range> delta) {
  using Real = detail::range_value_t<Range>;
  using std::log;
  constexpr const char* fn = "lilucb::farrell_lower_bound";
  check_open_interval(fn, "delta", delta, Real(0), Real(0.5));
  const std::size_t b = detail::best_arm_checked(fn, means);
  const auto d = detail::gaps_checked(fn, means);
  const Real e = boost::math::constants::e<Real>();
  Real sum{0};
  for (std::size_t i = 0; i < d.size(); ++i) {
    if (i == b) continue;
    const Real inv = 1 / (d[i] * d[i]);
    if (inv > e) sum += inv * log(Real(log(inv)));
  }
  const Real bound = (2 - 4 * delta) * sum;
  detail::check_instance_sum(fn, "Farrell's bound", bound, false);
  return bound;
}

}  // namespace lilucb
