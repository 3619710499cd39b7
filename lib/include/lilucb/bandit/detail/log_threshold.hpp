#pragma once
// The threshold log(1/delta) of the pooled rules (Propositions PK and PE), rounded up: a computed
// value that a certified lower bound of the statistic reaches proves that the exact statistic
// reaches the exact log(1/delta).  Proof of the margin: docs/certified-glr/pooled-kl.md ("The
// threshold, rounded up").

#include "lilucb/errors.hpp"

#include <cmath>
#include <cstddef>

namespace lilucb::bandit::detail {

/// An upper bound of log(1/delta) for delta in (0, 1): -log(delta) (within 1 ulp of the exact
/// value with a correctly rounded or faithful log) plus 1e-15 (1 + |.|), more than 4 ulps.
inline double log_one_over_upper(double delta) {
  const double t = -std::log(delta);
  return t + 1e-15 * (1 + std::fabs(t));
}

/// The arguments a pooled rule for rewards in a known range takes, checked (K >= 1, delta in
/// (0, 1), lo < hi finite with hi - lo finite; lilucb::domain_error naming `fn` otherwise), and
/// its threshold: log_one_over_upper(delta).
inline double checked_pooled_threshold(const char* fn, std::size_t K, double delta, double lo, double hi) {
  check_at_least(fn, "K", double(K), 1.0);
  check_open_interval(fn, "delta", delta, 0.0, 1.0);
  check_finite(fn, "lo", lo);
  check_finite(fn, "hi", hi);
  if (!(lo < hi) || !std::isfinite(hi - lo))
    ::lilucb::detail::raise_domain_error(fn, "hi", ::lilucb::detail::format_value(hi),
                                         "(lo, inf) = (" + ::lilucb::detail::format_value(lo) +
                                             ", inf) with hi - lo finite");
  return log_one_over_upper(delta);
}

}  // namespace lilucb::bandit::detail
