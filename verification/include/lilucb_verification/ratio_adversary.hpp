#pragma once
// The ratio-steering adversary of the `practice` check (docs/verification.md, "The practice
// against an adaptive sampler"): a sampling rule that knows the two arms' means and steers their
// pull counts so that the Gaussian GLR statistic of the wrong answer is as large as the noise
// allows.  It is an adversary, not a product sampling rule: certified stopping rules must stay
// delta-correct against it (their certificates hold under any sampling rule), the field's
// practice, GLR at log((1 + log t)/delta), does not.
//
// Two arms, best b (mean mu_b) and other o (mu_o < mu_b), rewards with standard deviation sigma,
// counts N_i and standardized deviations u_i = sqrt(N_i) (mu_hat_i - mu_i)/sigma.  The GLR
// statistic of the wrong answer, Z = N_b N_o/(N_b + N_o) (mu_hat_o - mu_hat_b)^2/(2 sigma^2) when
// mu_hat_o > mu_hat_b, is at the gap's limit 0
//     Z = (sqrt(w) u_o - sqrt(1 - w) u_b)^2/2,   w = N_b/(N_b + N_o),
// at most (u_b^2 + u_o^2)/2 (Cauchy-Schwarz), with equality when N_b/N_o = (u_o/u_b)^2.  The rule:
//   u_b < 0 < u_o (both deviations favour the wrong answer): pull b while N_b/N_o < (u_o/u_b)^2,
//                 else o (the ratio is steered to the maximiser);
//   exactly one favours it: pull the other arm (its deviation is drawn again while the
//                 favourable one is kept);
//   neither: the arm with fewer pulls (ties: b).
// Deterministic given the rewards (no draw of its own).

#include "lilucb_verification/error_rate.hpp"

#include "lilucb/bandit/arm_stats.hpp"
#include "lilucb/bandit/combination.hpp"

#include <cmath>
#include <cstddef>
#include <string>
#include <vector>

namespace lilucb::verification {

/// The sampling rule of the file comment (the sampling-rule concept of bandit/compose.hpp).
class ratio_steering_sampler {
 public:
  /// Two arms' true means (distinct) and the rewards' standard deviation sigma > 0; throws
  /// lilucb::domain_error otherwise.
  ratio_steering_sampler(const std::vector<double>& means, double sigma);

  static constexpr const char* name() { return "ratio-adversary"; }
  template <class Session>
  std::size_t next(Session&) const {
    return choose();
  }
  void observe(std::size_t, const bandit::arm_stats& s);

  /// The arm the rule pulls next, from the statistics last observed.
  std::size_t choose() const;

 private:
  std::size_t best_ = 0, other_ = 1;
  double mu_[2] = {0, 0};
  double sigma_ = 1;
  double n_[2] = {0, 0};  ///< counts, indexed by arm
  double u_[2] = {0, 0};  ///< standardized deviations, indexed by arm
};

/// The stopping rule of `stopping` (a combination whose sampling part is ignored) against the
/// ratio-steering sampler, on two Gaussian arms built from the configuration (statistics at the
/// configuration's sigma).  Domain: the combination's stopping rule admits Gaussian arms and any
/// sampling rule (not lil'UCB's own, which runs only with lil'UCB's sampling); each call, a
/// configuration of two Gaussian arms; otherwise lilucb::domain_error.
run_function ratio_adversary_runner(const bandit::combination& stopping);

/// The stopping part of a combination's name: "glr-heuristic", "ls-stitched", "ls".
std::string stopping_name(const bandit::combination& c);

}  // namespace lilucb::verification
