#pragma once
// GLR stopping for rewards in a known range certified by empirical-Bernstein betting against the
// leader's pooled pulls (Proposition PE, docs/certified-glr/pooled-eb.md).
//
// Rewards are rescaled to [0, 1] as y' = (y - lo)/(hi - lo) (lo = 0, hi = 1 for Bernoulli arms:
// y' = y).  The pooled arm V_c of Proposition P (detail/pooled_designation.hpp, fed the rescaled
// rewards) is paired with arm c; the pair's statistic is
//     S_E(V_c, c) = inf over m in [0, 1] of A(m) + B(m),
// a mixture of empirical-Bernstein bets per arm (detail/eb_mixture.hpp), whose exponent at a
// small bet lambda is about lambda N (mean - m) - lambda^2/2 sum (y - m)^2: the rewards' own
// spread, not the range's.  Stop at the first t (after every arm has been pulled once) with
//     S_E(V_c, c) >= log(1/delta)   for every c != i_hat,
// and answer i_hat, the empirical leader of the rescaled rewards.
//
// Certificate (Proposition PE): for rewards in [lo, hi] (known before the run), a unique best arm
// and ANY sampling rule, P(stop with a wrong answer) <= delta.  No sigma.
//
// Decision per pair, the challenger that failed last first: an O(1) upper bound of h at the pair's
// Gaussian guess (eb_mixture::h_upper_o1) fails most pairs early in a run; the blocker's sides at a
// tracked point, kept pull by pull (eb_mixture::track_side), fail it on most later pulls; otherwise
// eb_mixture::search's branch and bound from the guess decides.  Every fail rests on an upper bound
// of S_E, so the decisions are the search's.
// Domain: K >= 1, delta in (0, 1), lo < hi finite with hi - lo finite, a grid as
// eb_mixture::check_bet_grid admits; every reward in [lo, hi] (not checked per pull: the arms'
// model is checked where the rule is chosen); observe() after every single pull.
// Tests: tests/bandit/stopping/test_glr_pooled_eb.cpp.

#include "lilucb/bandit/arm_stats.hpp"
#include "lilucb/bandit/detail/eb_mixture.hpp"
#include "lilucb/bandit/detail/pooled_designation.hpp"
#include "lilucb/bandit/detail/tracked_pair.hpp"
#include "lilucb/bandit/rules.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace lilucb::bandit::stopping {

class glr_pooled_eb {
 public:
  /// K arms, delta, the rewards' range [lo, hi], the bets of each arm's prior.
  /// fast = false skips the O(1) and the tracked fail tests (tests compare the two: the same
  /// decisions).
  glr_pooled_eb(std::size_t K, double delta, double lo = 0, double hi = 1,
                eb_mixture::bet_grid grid = eb_mixture::make_default_bet_grid(), bool fast = true);

  static const char* name() { return "glr"; }
  static constexpr bool certified() { return true; }
  std::string certificate() const;
  double threshold() const { return threshold_; }

  /// After arm i's pull (stats already updated; s.last_added() is its reward, in [lo, hi]).
  void observe(std::size_t i, const arm_stats& s);
  bool should_stop(const arm_stats& s);
  std::size_t recommendation(const arm_stats& s) const;

  /// The certified lower bound of S_E(V_c, c) (-inf when V_c or c has no pull).  Domain: c < K.
  double statistic(std::size_t c) const;
  /// statistic(c) against log(1/delta) for every challenger c of the answer now.
  std::vector<challenger_evidence> evidence(const arm_stats& s) const;
  std::size_t leader() const { return pools_.leader(); }
  /// How many decisions the O(1) and the tracked fail tests made (for tests and benchmarks).
  std::uint64_t fast_fails() const { return o1_fails_ + tracked_fails_; }
  /// Of which the tracked test's.
  std::uint64_t tracked_fails() const { return tracked_fails_; }
  /// For tests: whether the last tracked bound is at least the bound started afresh from the
  /// tracked pair's current data at the same point (within 1e-9 relative); true when none is tracked.
  bool audit_tracked_bound() const;
  /// The pair (V_c, c) as the statistic reads it (rescaled sums and their rounding bounds).
  /// Domain: c < K.
  eb_mixture::pair_data pair(std::size_t c) const;

   /// Every member that changes after construction, for a study's snapshot (detail/state_archive.hpp).
   template <class Archive>
   void archive_state(Archive& ar) {
     ar(scaled_, squares_, pools_, pool_sq_, led_sq_, runner_sq_, blocker_, stale_, tracked_, o1_fails_, tracked_fails_, last_bound_, up_, down_, argmin_);
   }
  /// A loaded state's blocker and tracked pair are arms (K: no blocker) (detail/state_archive.hpp).
  bool state_is_valid() const { return blocker_ <= K_ && (!tracked_.seen() || tracked_.arm() < K_); }

 private:
  void check_index(std::size_t c) const;
  bool passes(std::size_t c);
  /// False when pair c cannot pass: h at its Gaussian guess, bounded in O(1), is below the threshold.
  bool may_pass(std::size_t c) const;
  /// True when pair c certainly fails at the tracked point (its sides kept pull by pull,
  /// eb_mixture::track_side); false when it may pass or is not tracked.
  bool fails_at_tracked_point(std::size_t c);
  void start_sides(std::size_t c, double m, ::lilucb::bandit::detail::tracked_log_sum& up,
                   ::lilucb::bandit::detail::tracked_log_sum& down) const;

  std::size_t K_;
  double delta_, threshold_, lo_, hi_, width_;
  eb_mixture::bet_grid grid_;
  arm_stats scaled_, squares_;        // per arm: the rescaled rewards' sums and sums of squares
  pooled_designation pools_;          // V_c's count and sum, from the rescaled rewards
  arm_stats pool_sq_, led_sq_, runner_sq_;  // V_c's sum of squares as G - P_c + Q_c (pooled_designation.hpp)
  std::size_t blocker_;
  // The tracked pair: arm c, the point, the total count and the pair's counts when last brought up
  // to date (stale_: the last test did not fail, so the point is moved at the next pull).
  bool fast_, stale_ = true;
  ::lilucb::bandit::detail::tracked_pair tracked_;
  mutable std::uint64_t o1_fails_ = 0;
  std::uint64_t tracked_fails_ = 0;
  double last_bound_ = 0;  // the bound of the last tracked test
  ::lilucb::bandit::detail::tracked_log_sum up_, down_;
  std::vector<double> argmin_;  // per arm c: where its last search saw its smallest upper bound (NaN: none)
};

}  // namespace lilucb::bandit::stopping
