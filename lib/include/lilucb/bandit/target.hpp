#pragma once
// The question a run answers: the best arm, or an epsilon-good arm.
//
//   epsilon = 0:                 a best arm (mu_answer = mu*);
//   additive epsilon > 0:        an arm with mu_answer >= mu* - epsilon;
//   relative epsilon in (0, 1):  an arm with mu_answer >= (1 - epsilon) mu*, for means >= 0.
//
// The certified rule for epsilon > 0 is Proposition Gε-M1 (docs/certified-glr/epsilon-topm.md,
// section 7): Proposition M1's pair statistic with each challenger's data transformed, its mean
// replaced by challenger_mean(target, mean): mean - epsilon (additive) or (1 - epsilon) mean
// (relative), so that "the answer is not epsilon-good" becomes "the answer is below the transformed
// best arm", an ordinary wrong answer of M1.  The practice's GLR applies the same transform.

#include "lilucb/errors.hpp"

#include <cmath>
#include <cstddef>
#include <limits>
#include <span>
#include <string>

namespace lilucb::bandit {

struct answer_target {
  double epsilon = 0;     ///< >= 0, finite; relative: < 1
  bool relative = false;  ///< epsilon is a fraction of mu* (means >= 0)
  bool operator==(const answer_target&) const = default;
  /// Whether the question is best-arm identification (epsilon = 0).
  bool best_arm() const { return epsilon == 0; }
};

/// Throws lilucb::domain_error naming `fn` and "epsilon" unless epsilon is finite and >= 0, and
/// < 1 when relative.
inline void check_target(const char* fn, const answer_target& t) {
  if (t.relative) check_half_open_interval(fn, "epsilon", t.epsilon, 0.0, 1.0, "[0, 1) (relative)");
  else check_at_least(fn, "epsilon", t.epsilon, 0.0);
}

/// The smallest mean an epsilon-good arm may have: mu* - epsilon, or (1 - epsilon) mu*.
inline double good_threshold(const answer_target& t, double best_mean) {
  return t.relative ? (1 - t.epsilon) * best_mean : best_mean - t.epsilon;
}

/// Whether arm `arm` answers the question for the true means (the correctness a simulation counts).
/// An arm is epsilon-good when its mean is at least good_threshold(t, max mean); with epsilon = 0
/// any best arm is.  Domain: arm < means.size(), means finite.
inline bool is_good_answer(const answer_target& t, std::span<const double> means, std::size_t arm) {
  double best = -std::numeric_limits<double>::infinity();
  for (double m : means) best = m > best ? m : best;
  const double m = means[arm];
  return t.best_arm() ? m == best : m >= good_threshold(t, best);
}

/// The challenger's transformed mean, rounded UPWARDS: at least the exact value mean - epsilon
/// (additive) or (1 - epsilon) mean (relative) of the computed mean.  The pair statistics of the
/// GLR rules decrease with the challenger's mean, so a value computed here never overstates the
/// evidence (docs/certified-glr/epsilon-topm.md, section 7, "Numerics").  epsilon = 0: the mean.
inline double challenger_mean(const answer_target& t, double mean) {
  if (t.epsilon == 0) return mean;
  constexpr double inf = std::numeric_limits<double>::infinity();
  if (!t.relative) return std::nextafter(mean - t.epsilon, inf);  // one rounding: within one ulp
  // (1 - epsilon) mean: two roundings, each within a relative 2^-53; 2^-50 of the magnitude, plus
  // the smallest subnormal, covers both.
  const double v = (1 - t.epsilon) * mean;
  return v + (std::fabs(v) * 0x1p-50 + 0x1p-1074);
}

/// "best arm", "epsilon-good (epsilon = E)", "epsilon-good (epsilon = E, relative)": the question in words.
inline std::string to_string(const answer_target& t) {
  if (t.best_arm()) return "best arm";
  return "epsilon-good (epsilon = " + lilucb::detail::format_value(t.epsilon) + (t.relative ? ", relative)" : ")");
}

}  // namespace lilucb::bandit
