#pragma once
// GLR stopping with the arms' empirical variances plugged in (the "EV-GLR" of Jourdan, Degenne &
// Kaufmann 2023, "Dealing with unknown variances in best-arm identification"): the Gaussian GLR of
// stopping/glr.hpp with each arm's variance replaced by its empirical variance,
//     Z_{a,b} = (mu_hat_a - mu_hat_b)^2 / (2 (v_a/N_a + v_b/N_b)),   v_i = (1/N_i) sum_s (Y_i,s - mu_hat_i)^2
// (the infimum over a common mean m of sum_{i in {a,b}} N_i (mu_hat_i - m)^2/(2 v_i)), 0 when
// mu_hat_a <= mu_hat_b or when either arm has fewer than two pulls, +inf when both variances are 0
// and mu_hat_a > mu_hat_b.  Stop when min_{b != i_hat} Z_{i_hat,b} > log((1 + log t)/delta) (the
// heuristic threshold of glr.hpp) and answer i_hat.
//
// NO guarantee: the plug-in variance and the heuristic threshold have no proof.  It is the field's
// practice for rewards whose variance is unknown (bounded rewards, Gaussian rewards of unknown
// scale), where glr.hpp's Gaussian statistic charges every arm the variance sigma^2 of the model.
// On Bernoulli arms the variance is a function of the mean and glr.hpp's KL statistic uses it; this
// rule would stop on two pulls whenever the leader showed two 1s and a challenger two 0s, so it does
// not accept them (rules.hpp).
//
// Variances by Welford's update per pull (one reward per observe).  Cost: that update, plus the
// leader/pair core of detail/leader_pairwise.hpp (one watched witness pair).  Domain: K >= 1,
// delta in (0, 1).  Tests: tests/bandit/stopping/test_glr_ev.cpp.

#include "lilucb/bandit/arm_stats.hpp"
#include "lilucb/bandit/detail/confidence.hpp"
#include "lilucb/bandit/detail/leader_pairwise.hpp"
#include "lilucb/bandit/detail/running_variance.hpp"
#include "lilucb/bandit/stopping/glr.hpp"
#include "lilucb/errors.hpp"

#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <vector>

namespace lilucb::bandit::stopping {

/// One arm's running variance (Welford): bandit/detail/running_variance.hpp.
using detail::running_variance;

/// Z_{a,b} of the file comment from the two arms' counts, means and empirical variances.
inline double glr_ev_statistic(std::uint64_t na, double ma, double va, std::uint64_t nb, double mb, double vb) {
  if (!(ma > mb) || na < 2 || nb < 2) return 0.0;
  const double d = ma - mb, w = va / static_cast<double>(na) + vb / static_cast<double>(nb);
  return w > 0 ? d * d / (2 * w) : std::numeric_limits<double>::infinity();
}

/// The pair statistic and threshold (detail/leader_pairwise.hpp's Pair policy).
struct glr_ev_pair {
  // The arms' running variances: updated by glr_ev::observe through the core's const access to
  // its policy (mutable, so that a copy of the rule copies them).
  mutable std::vector<running_variance> arms;
  detail::thread_cache_ref<heuristic_threshold> beta;
  double key(const arm_stats& s, std::size_t a, std::size_t b) const {
    const auto& v = arms;
    return glr_ev_statistic(s.count(a), s.mean(a), v[a].variance(), s.count(b), s.mean(b), v[b].variance());
  }
  bool passes(double z, const arm_stats& s) const { return z > (*beta)(s.total()); }
};

class glr_ev : public detail::pairwise_rule<glr_ev_pair> {
 public:
  /// K arms and delta (the heuristic threshold's).  Domain: K >= 1, delta in (0, 1).
  glr_ev(std::size_t K, double delta)
      : detail::pairwise_rule<glr_ev_pair>(
            check_arms(K), glr_ev_pair{std::vector<running_variance>(K),
                                       detail::thread_count_cache(make_heuristic_threshold(delta))}) {}

  static constexpr bool certified() { return false; }
  static std::string certificate() {
    return "none: the GLR with empirical variances plugged in (EV-GLR) against the heuristic threshold "
           "log((1 + log t)/delta) has no proof (error rates are reported, not tested)";
  }

  /// After arm i's pull (s already holds it; s.last_added() is its one reward).
  void observe(std::size_t i, const arm_stats& s) {
    pair().arms[i].add(s.last_added());
    detail::pairwise_rule<glr_ev_pair>::observe(i, s);
  }

  /// The empirical variance of arm i now.  Domain: i < K.
  double variance(std::size_t i) const {
    if (i >= pair().arms.size())
      ::lilucb::detail::raise_domain_error("lilucb::bandit::stopping::glr_ev::variance", "i", std::to_string(i),
                                           "[0, K - 1] = [0, " + std::to_string(pair().arms.size() - 1) + "]");
    return pair().arms[i].variance();
  }

  /// Z_{i_hat, b} against beta(t) for every challenger b of the leader now (0 while a pair's arm
  /// has fewer than two pulls).
  std::vector<challenger_evidence> evidence(const arm_stats& s) const {
    return this->challengers(s, (*pair().beta)(s.total()),
                             [&](std::size_t a, std::size_t b) { return pair().key(s, a, b); });
  }

 private:
  static std::size_t check_arms(std::size_t K) {
    if (K < 1) ::lilucb::detail::raise_domain_error("lilucb::bandit::stopping::glr_ev", "K", "0", "K >= 1");
    return K;
  }
};

}  // namespace lilucb::bandit::stopping
