#pragma once
// The threshold log(1/delta) of the pooled rules (Propositions PK and PE), rounded up: a computed
// value that a certified lower bound of the statistic reaches proves that the exact statistic
// reaches the exact log(1/delta).  Proof of the margin: docs/certified-glr/pooled-kl.md ("The
// threshold, rounded up").

#include <cmath>

namespace lilucb::bandit::detail {

/// An upper bound of log(1/delta) for delta in (0, 1): -log(delta) (within 1 ulp of the exact
/// value with a correctly rounded or faithful log) plus 1e-15 (1 + |.|), more than 4 ulps.
inline double log_one_over_upper(double delta) {
  const double t = -std::log(delta);
  return t + 1e-15 * (1 + std::fabs(t));
}

}  // namespace lilucb::bandit::detail
