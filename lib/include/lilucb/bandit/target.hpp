#pragma once
// The question a run answers: the best arm, an epsilon-good arm, or the top m arms.
//
//   epsilon = 0:                 a best arm (mu_answer = mu*);
//   additive epsilon > 0:        an arm with mu_answer >= mu* - epsilon;
//   relative epsilon in (0, 1):  an arm with mu_answer >= (1 - epsilon) mu*, for means >= 0;
//   top = m > 1:                 a set S of m arms with mu_a >= T(mu_b) for every a in S and b
//                                outside, T the epsilon map above (x - epsilon, or (1 - epsilon) x):
//                                epsilon = 0, a top-m set (no arm left out beats an arm answered);
//                                it implies that every a in S has mu_a >= T(mu_(m)), mu_(m) the
//                                m-th largest mean (the (epsilon, m)-good sets of Kalyanakrishnan et
//                                al. 2012, a weaker property).
//
// The certified rule for epsilon > 0 is Proposition Gε-M1 (docs/certified-glr/epsilon-topm.md,
// section 7): Proposition M1's pair statistic with each challenger's data transformed, its mean
// replaced by challenger_mean(target, mean): mean - epsilon (additive) or (1 - epsilon) mean
// (relative), so that "the answer is not epsilon-good" becomes "the answer is below the transformed
// best arm", an ordinary wrong answer of M1.  The practice's GLR applies the same transform.
// The certified rule for top = m > 1 is Proposition TM-M1 (the same section's sequel, section 8):
// M1's pair statistic for every pair (a in the answer, b outside), b's mean transformed, at the
// union threshold log(m (K - m)/delta); on rewards in [0, 1] also Proposition TM-K (section 9:
// Proposition PK's Bernoulli tilts for every such pair, an additive epsilon by an exact shift;
// with one arm and an epsilon, Proposition Kε-U).

#include "lilucb/errors.hpp"

#include <cmath>
#include <algorithm>
#include <cstddef>
#include <limits>
#include <span>
#include <string>
#include <vector>

namespace lilucb::bandit {

struct answer_target {
  double epsilon = 0;     ///< >= 0, finite; relative: < 1
  bool relative = false;  ///< epsilon is a fraction of mu* (means >= 0)
  std::size_t top = 1;    ///< m >= 1: the answer is a set of m arms (m = 1: one arm)
  bool operator==(const answer_target&) const = default;
  /// Whether the question is best-arm identification (epsilon = 0, one arm).
  bool best_arm() const { return epsilon == 0 && top == 1; }
  /// Whether the answer is a set of top > 1 arms (the top-m question).
  bool top_m() const { return top > 1; }
};

/// Throws lilucb::domain_error naming `fn` and "epsilon" unless epsilon is finite and >= 0, and
/// < 1 when relative; naming "top" unless top >= 1.
inline void check_target(const char* fn, const answer_target& t) {
  if (t.relative) check_half_open_interval(fn, "epsilon", t.epsilon, 0.0, 1.0, "[0, 1) (relative)");
  else check_at_least(fn, "epsilon", t.epsilon, 0.0);
  if (t.top < 1) lilucb::detail::raise_domain_error(fn, "top", "0", "an integer >= 1 (the number of arms answered)");
}

/// Throws lilucb::domain_error naming `fn` and "top" unless top <= K - 1 when top > 1 (a top-m
/// question needs an arm outside the answer).
inline void check_target_arms(const char* fn, const answer_target& t, std::size_t K) {
  if (t.top > 1 && t.top >= K) {
    std::string range = "1..";
    range += std::to_string(K > 1 ? K - 1 : 1);
    range += " (at most K - 1 for K = ";
    range += std::to_string(K);
    range += " arms)";
    lilucb::detail::raise_domain_error(fn, "top", std::to_string(t.top), range);
  }
}

/// The smallest mean an epsilon-good arm may have: mu* - epsilon, or (1 - epsilon) mu*.
inline double good_threshold(const answer_target& t, double best_mean) {
  return t.relative ? (1 - t.epsilon) * best_mean : best_mean - t.epsilon;
}

/// Whether arm `arm` answers a one-arm question (top = 1) for the true means (the correctness a
/// simulation counts).  An arm is epsilon-good when its mean is at least good_threshold(t, max
/// mean); with epsilon = 0 any best arm is.  Domain: arm < means.size(), means finite.
inline bool is_good_answer(const answer_target& t, std::span<const double> means, std::size_t arm) {
  double best = -std::numeric_limits<double>::infinity();
  for (double m : means) best = m > best ? m : best;
  const double m = means[arm];
  return t.epsilon == 0 ? m == best : m >= good_threshold(t, best);
}

/// Whether `answer` answers the question for the true means: top = 1, one arm answering
/// is_good_answer; top = m > 1, m distinct arms with mu_a >= good_threshold(t, mu_b) for every a
/// answered and b left out (epsilon = 0: a top-m set; ties at the m-th place allow several).
/// Domain: every arm < means.size(), means finite, t.top <= means.size().
inline bool is_good_answer_set(const answer_target& t, std::span<const double> means,
                               std::span<const std::size_t> answer) {
  if (answer.size() != t.top) return false;
  std::vector<std::size_t> arms(answer.begin(), answer.end());
  std::sort(arms.begin(), arms.end());
  if (std::adjacent_find(arms.begin(), arms.end()) != arms.end()) return false;
  if (t.top == 1) return is_good_answer(t, means, arms[0]);
  // min over the answer against T(max over the rest): T is nondecreasing.
  double in = std::numeric_limits<double>::infinity(), out = -std::numeric_limits<double>::infinity();
  for (std::size_t i = 0, k = 0; i < means.size(); ++i) {
    const bool answered = k < arms.size() && arms[k] == i;
    k += answered;
    if (answered) in = std::min(in, means[i]);
    else out = std::max(out, means[i]);
  }
  return in >= (t.epsilon == 0 ? out : good_threshold(t, out));
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

/// "best arm", "epsilon-good (epsilon = E)", "epsilon-good (epsilon = E, relative)", "top 3",
/// "top 3 (epsilon = E)": the question in words.
inline std::string to_string(const answer_target& t) {
  if (t.best_arm()) return "best arm";
  std::string out = t.top_m() ? "top " + std::to_string(t.top) : std::string("epsilon-good");
  if (t.epsilon == 0) return out;
  out += " (epsilon = ";
  out += lilucb::detail::format_value(t.epsilon);
  out += t.relative ? ", relative)" : ")";
  return out;
}

}  // namespace lilucb::bandit
