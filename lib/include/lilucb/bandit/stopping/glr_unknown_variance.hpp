#pragma once
// GLR stopping for Gaussian rewards of UNKNOWN, possibly different variances: Proposition GU
// (docs/certified-glr/epsilon-topm.md, section 3; "As implemented" there), the pair form with a
// union over the wrong answers.
//
// Per arm i: the first gu_burn_in = 3 pulls are burn-in; the later ("included") pulls have count
// n_i, mean ybar_i and mean squared deviation v_i = M2_i/n_i (Welford), and
//     L_i = sum over included pulls s of log q_s(Y_s),
// q_s the Student-t posterior predictive of the arm's pulls before s under the Jeffreys prior,
// t_{N-1}(mean, s^2 (1 + 1/N)) with N >= 3 the arm's pulls so far (burn-in included), mean and
// s^2 = M2/(N - 1) theirs, its variance floored at gu_variance_floor = 1e-300 (so that every
// history, equal rewards included, gives a density).  With the profile log-likelihoods
//     l+_i(x) = -(n_i/2) log(2 pi e (v_i + (ybar_i - x)_+^2)),   l-_i(x) = -(n_i/2) log(2 pi e (v_i + (x - ybar_i)_+^2)),
// the statistic of the answer a and a challenger c under the question's shift g (bandit/target.hpp:
// g(m) = m - epsilon, or (1 - epsilon) m on m >= 0) is
//     Lambda(a, c) = L_a + L_c - sup over m of [ l+_a(g(m)) + l-_c(m) ].
// Stop when Lambda(i_hat, c) >= log((K - 1)/delta) for every c != i_hat and answer i_hat, the
// empirical leader of all pulls (burn-in included; ties to the lowest index).
//
// Guarantee (Proposition GU): for Gaussian rewards N(mu_i, sigma_i^2), the sigma_i unknown and
// possibly different, and ANY sampling rule, P(stop with an answer that is not g-good) <= delta
// (g-good: the best arm for epsilon = 0, any best arm on ties; mu >= mu* - epsilon; or
// mu >= (1 - epsilon) mu* for means >= 0).  It assumes Gaussian rewards exactly (a ratio of
// densities): heavy tails and skew are not covered.
//
// Numerics (the value compared is never above the true Lambda of the stored count/mean/M2):
// the sup is a certified UPPER bound (gu_sup_upper: branch and bound on a grid, each interval
// bounded by the interpolation bound max(F(x), F(y)) + M (y - x)^2/8 with a local bound M of |F''|,
// and by the monotone bound l+_a(g(y)) + l-_c(x); every evaluated value raised by its rounding
// margin; +inf outside a range guard); L_i is a compensated sum lowered by a margin of 2e-14 times the sum of its terms'
// magnitudes.  Not bounded: the rounding of the Welford count/mean/M2 themselves (as for the
// other pair rules' means, epsilon-topm.md Open 8).
//
// Cost per pull: one predictive log-density (a log, a log1p, one gamma ratio) and two Welford
// updates, O(1); the decision is leader_pairwise's (one watched pair; a key is evaluated after a
// pull of the leader or of the watched challenger), each key a screen at the Gaussian-weighted
// point (one evaluation) and, only near the threshold, the branch and bound (tens of
// evaluations).  One reward per observe (a batch of pulls is refused: domain_error).
// Domain: K >= 1, delta in (0, 1), an answer_target (epsilon >= 0 finite, relative < 1).
// Tests: tests/bandit/stopping/test_glr_unknown_variance.cpp and
// tests/bandit_stats/test_unknown_variance_error_rates.cpp.

#include "lilucb/bandit/arm_stats.hpp"
#include "lilucb/bandit/detail/leader_pairwise.hpp"
#include "lilucb/bandit/target.hpp"
#include "lilucb/errors.hpp"

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace lilucb::bandit::stopping {

/// The burn-in b0 of Proposition GU: each arm's first 3 pulls only feed the predictive.
inline constexpr std::uint64_t gu_burn_in = 3;
/// The floor of the predictive's variance s^2 (1 + 1/N).
inline constexpr double gu_variance_floor = 1e-300;

/// One arm's state for Proposition GU: every pull's Welford summary (the predictive), the
/// included pulls' one, and the log predictive sum L.
struct gu_arm {
  std::uint64_t n_all = 0;
  double mean_all = 0, m2_all = 0;
  std::uint64_t n = 0;  ///< included pulls
  double mean = 0, m2 = 0;
  double L = 0, L_comp = 0;  ///< Neumaier sum of the included pulls' log q_s(Y_s)
  double L_magnitude = 0;    ///< sum of bounds of the terms' magnitudes (the rounding margin)
  bool L_minus_inf = false;  ///< a term was -inf (a reward far outside a degenerate predictive)

  /// log q(y) for the next pull: the Student-t predictive of the pulls so far.  Domain: n_all >= 2.
  double log_predictive(double y, double* magnitude = nullptr) const;
  /// Adds one reward (its predictive term when the burn-in is over).
  void add(double y);
  /// L lowered by its rounding margin (-inf after a -inf term).
  double L_lower() const;
  /// The included pulls' mean squared deviation v = M2/n (0 when n = 0).
  double v() const { return n ? (m2 > 0 ? m2 : 0.0) / static_cast<double>(n) : 0.0; }
};

/// A certified UPPER bound of sup over m of [ l+_a(g(m)) + l-_c(m) ] (the file comment), for
/// counts na, nc >= 1, finite means and v's >= 0 (+inf when a v is 0: one term is then unbounded;
/// +inf outside the range guard, v's in [1e-150, 1e150] and means and the answer's kink of
/// magnitude <= 1e75, where v + d^2 stays finite and normal: such a pair never passes; the
/// relative shift restricts m to [0, inf) only for epsilon > 0),
/// refined until it is within about 1e-7 + 1e-12 |value| nats of the sup; or sooner, as soon as the
/// bound is <= pass_at (the caller's pass) or a value above fail_above was seen (the sup is then
/// larger: the caller fails).  Domain: as stated; target checked (check_target).
double gu_sup_upper(double na, double ya, double va, double nc, double yc, double vc, const answer_target& target,
                    double pass_at = -std::numeric_limits<double>::infinity(),
                    double fail_above = std::numeric_limits<double>::infinity());

/// l+_i(x) (upper = true) or l-_i(x) of the file comment, in double (tests, references).
double gu_profile(double n, double ybar, double v, double x, bool upper);

/// Lambda(a, c) of the file comment: a certified lower bound, -inf when undefined (an arm with
/// fewer than 2 included pulls, a v of 0, a -inf term).
double gu_statistic(const gu_arm& a, const gu_arm& c, const answer_target& target);

/// The pair key and threshold (detail/leader_pairwise.hpp's Pair policy).
struct glr_unknown_variance_pair {
  // Updated by glr_unknown_variance::observe through the core's const access to its policy.
  mutable std::vector<gu_arm> arms;
  answer_target target;
  double threshold;
  /// A certified lower bound of Lambda(a, b) (clamped at 0), computed only as far as the verdict
  /// against the threshold needs.
  double key(const arm_stats& s, std::size_t a, std::size_t b) const;
  bool passes(double key, const arm_stats&) const { return key >= threshold; }
};

/// The rule: observe, should_stop, recommendation, name and min_statistic from
/// detail::pairwise_rule.
class glr_unknown_variance : public bandit::detail::pairwise_rule<glr_unknown_variance_pair> {
 public:
  /// K arms, delta, the question.  Domain: K >= 1, delta in (0, 1), target valid.
  glr_unknown_variance(std::size_t K, double delta, answer_target target = {});

  static constexpr bool certified() { return true; }
  std::string certificate() const;
  const answer_target& target() const { return pair().target; }
  double threshold() const { return pair().threshold; }
  /// Arm i's state.  Domain: i < K.
  const gu_arm& arm(std::size_t i) const;

  /// After arm i's pull (s already holds it; s.last_added() is its one reward).  Domain: one
  /// reward per observe (s.count(i) is one more than at the last observe of i).
  void observe(std::size_t i, const arm_stats& s);

  /// Lambda(i_hat, b) (gu_statistic) against the threshold for every challenger b of the leader.
  std::vector<challenger_evidence> evidence(const arm_stats& s) const;
};

}  // namespace lilucb::bandit::stopping
