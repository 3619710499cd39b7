#pragma once
// Track-and-Stop's sampling rules (Garivier & Kaufmann 2016, "Optimal best arm identification
// with fixed confidence", COLT, Section 3.1), tracking the optimal proportions w*(mu_hat) of
// characteristic_time.hpp:
//   D-tracking  if some arm has N_a < sqrt(t) - K/2 (forced exploration), pull argmin N_a;
//               otherwise pull argmax_a t w*_a(mu_hat) - N_a;
//   C-tracking  pull argmax_a sum_{s <= t} w^eps_a(s) - N_a, with w^eps(s) = eps_s + (1 - K eps_s) w*(mu_hat(s)),
//               eps_s = 1/(2 sqrt(K^2 + s)) (the paper projects w* onto {w : w_a >= eps_s} in L-inf;
//               this convex mixture lies in the same set and is the variant used here).
// Ties to the lowest index.  When mu_hat has no unique best arm (or w* cannot be computed at
// mu_hat, e.g. a gap whose square underflows), w = uniform.
//
// Schedule (w_schedule; stated, benchmarked):
//   lazy (the default)  w*(mu_hat) is recomputed after the initial round (t = K) and then at the
//                       first t >= t_last + max(K, t_last/16): at most ~16 log(t/K) + t/K solves.
//                       Between recomputations the rule tracks the last w*.  A pull costs one O(K)
//                       pass without logarithms.
//   every_round         w*(mu_hat) is recomputed before every pull from t = K on, as in the
//                       authors' algorithm: one solve per pull.
// A solve is O(K) root-finding steps (Gaussian: ~20 evaluations of an O(K) sum without
// logarithms; Bernoulli: a nested root finding per arm).  What the lazy schedule costs in pulls
// is measured in docs/bandit.md.  Gaussian model: the means and sigma of the arms' width scale;
// Bernoulli model: the Bernoulli divergence.

#include "lilucb/bandit/arm_stats.hpp"
#include "lilucb/errors.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

namespace lilucb::bandit::sampling {

enum class tracking { d_tracking, c_tracking };
/// When w*(mu_hat) is recomputed (see above).
enum class w_schedule { lazy, every_round };

/// w*(mu) for the model, or uniform where it is undefined (no unique best arm, degenerate gaps).
std::vector<double> optimal_weights_or_uniform(const std::vector<double>& mu, bool bernoulli, double sigma);

template <tracking Tracking>
class track_and_stop {
 public:
  /// K arms; bernoulli: the divergence of w*; sigma: the Gaussian model's standard deviation;
  /// schedule: when w* is recomputed.
  track_and_stop(std::size_t K, bool bernoulli, double sigma, w_schedule schedule = w_schedule::lazy)
      : K_(K), bernoulli_(bernoulli), sigma_(sigma), schedule_(schedule), w_(K, 1.0 / static_cast<double>(K)),
        cum_(K, 0.0), mu_(K), n_(K, 0.0), score_(K, 0.0) {
    check_positive("lilucb::bandit::sampling::track_and_stop", "sigma", sigma);
  }
  const char* name() const {
    if (schedule_ == w_schedule::every_round) return Tracking == tracking::d_tracking ? "tas-d-every" : "tas-c-every";
    return Tracking == tracking::d_tracking ? "tas-d" : "tas-c";
  }

  template <class Session>
  std::size_t next(Session& s) {
    const arm_stats& st = s.stats();
    const std::uint64_t t = st.total();
    if (t >= next_update_) {
      for (std::size_t a = 0; a < K_; ++a) mu_[a] = st.mean(a);
      w_ = optimal_weights_or_uniform(mu_, bernoulli_, sigma_);
      ++updates_;
      next_update_ = schedule_ == w_schedule::every_round ? t + 1 : t + std::max<std::uint64_t>(K_, t / 16);
    }
    const double tn = static_cast<double>(t + 1);  // the pull being chosen is number t + 1
    // One pass of branch-free maxima (scores kept), then the first index attaining them: the
    // argmax (argmin) with ties to the lowest index, as the left-to-right scan with strict
    // comparisons.  The counts N_a are kept as doubles by observe() (exact below 2^53).
    const double* n = n_.data();
    double* score = score_.data();
    double top = -std::numeric_limits<double>::infinity();
    if constexpr (Tracking == tracking::d_tracking) {
      const double forced = std::sqrt(tn) - static_cast<double>(K_) / 2;
      const double* w = w_.data();
      double least_n = std::numeric_limits<double>::infinity();
      for (std::size_t a = 0; a < K_; ++a) {
        score[a] = tn * w[a] - n[a];
        top = score[a] > top ? score[a] : top;
        least_n = n[a] < least_n ? n[a] : least_n;
      }
      if (least_n < forced) return first_equal(n, least_n);
    } else {
      const double Kd = static_cast<double>(K_);
      const double eps = 0.5 / std::sqrt(Kd * Kd + tn);
      const double scale = 1 - Kd * eps;
      const double* w = w_.data();
      double* cum = cum_.data();
      for (std::size_t a = 0; a < K_; ++a) {
        cum[a] += eps + scale * w[a];
        score[a] = cum[a] - n[a];
        top = score[a] > top ? score[a] : top;
      }
    }
    return first_equal(score, top);
  }
  /// Keeps N_a (as a double) for the pass of next().
  void observe(std::size_t i, const arm_stats& s) { n_[i] = static_cast<double>(s.count(i)); }
  /// How many times w*(mu_hat) was computed (the schedule; tests and benchmarks).
  std::uint64_t updates() const { return updates_; }

 private:
  /// The first a with v[a] == x; 0 if there is none (every score NaN: the scan's default).
  std::size_t first_equal(const double* v, double x) const {
    for (std::size_t a = 0; a < K_; ++a)
      if (v[a] == x) return a;
    return 0;
  }
  std::size_t K_;
  bool bernoulli_;
  double sigma_;
  w_schedule schedule_;
  std::vector<double> w_, cum_, mu_, n_, score_;
  std::uint64_t next_update_ = 0, updates_ = 0;
};

using tas_d = track_and_stop<tracking::d_tracking>;
using tas_c = track_and_stop<tracking::c_tracking>;

}  // namespace lilucb::bandit::sampling
