#pragma once
// GLR stopping for rewards in [0, 1] certified by Bernoulli tilts against the leader's pooled
// pulls (Proposition PK, docs/certified-glr/pooled-kl.md).
//
// The pooled arm V_c of Proposition P (detail/pooled_designation.hpp) is paired with arm c; the
// pair's statistic is S_K(V_c, c) = inf over m in [0, 1] of A(m) + B(m), a mixture of Bernoulli
// tilts per arm (detail/bernoulli_mixture.hpp), where Proposition P2's pair uses Gaussian ones.
// Stop at the first t (after every arm has been pulled once) with
//     S_K(V_c, c) >= log(1/delta)   for every c != i_hat,
// and answer i_hat, the empirical leader.
//
// Certificate (Proposition PK): for rewards in [0, 1] (Bernoulli arms, or bounded rewards in a
// range [lo, hi] given to the constructor, which the rule rescales to [0, 1]), a unique best arm and ANY sampling rule, P(stop with a wrong answer) <=
// delta.  No sigma: the Bernoulli log-moment function bounds every reward in [0, 1], so the
// statistic adapts to means near 0 or 1 (a Bernoulli(0.05) arm's variance is 0.0475, where the
// sub-Gaussian statistics assume 1/4).
//
// Decision per pair: the pair's Bernoulli GLR (an upper bound of S_K, Lemma 4 of the proposition's page)
// rules most failing pairs out in O(1); the blocker's sides at its last minimiser, kept pull by pull
// (bernoulli_mixture::track_side), fail it on most later pulls; otherwise the search of
// bernoulli_mixture::search from the pair's last minimiser passes the pair on a certified lower
// bound or fails it on an upper bound.  Domain: K >= 1, delta in (0, 1), a grid as bernoulli_mixture::check_tilt_grid admits;
// rewards in [0, 1] (not checked per pull: the arms' model is checked where the rule is chosen).
// Tests: tests/bandit/stopping/test_glr_pooled_kl.cpp.

#include "lilucb/bandit/arm_stats.hpp"
#include "lilucb/bandit/detail/bernoulli_mixture.hpp"
#include "lilucb/bandit/detail/pooled_designation.hpp"
#include "lilucb/bandit/detail/tracked_pair.hpp"
#include "lilucb/bandit/rules.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace lilucb::bandit::stopping {

class glr_pooled_kl {
 public:
  /// K arms, delta, the tilts of each arm's prior, the rewards' range [lo, hi] (bounded arms: the
  /// rule reads (y - lo)/(hi - lo), in [0, 1]; the default [0, 1] reads the rewards as they are).
  /// Domain: lo < hi, both finite, hi - lo finite.
  /// fast = false skips the O(G)-multiplication fail test (tests compare the two: the same pulls).
  glr_pooled_kl(std::size_t K, double delta,
                bernoulli_mixture::tilt_grid grid = bernoulli_mixture::make_default_tilt_grid(), double lo = 0,
                double hi = 1, bool fast = true);

  static const char* name() { return "glr"; }
  static constexpr bool certified() { return true; }
  std::string certificate() const;
  double threshold() const { return threshold_; }

  /// After arm i's pull (stats already updated; s.last_added() is its reward, in [lo, hi]; one pull).
  void observe(std::size_t i, const arm_stats& s) {
    if (!rescaled_) return pools_.observe(i, s);
    scaled_.add(i, (s.last_added() - lo_) / width_);
    pools_.observe(i, scaled_);
  }
  bool should_stop(const arm_stats& s);
  std::size_t recommendation(const arm_stats& s) const;

  /// V_c (detail/pooled_designation.hpp).  Domain: c < K.
  pooled_arm pooled(std::size_t c) const;
  /// The certified lower bound of S_K(V_c, c) (-inf when V_c or c has no pull).  Domain: c < K.
  double statistic(std::size_t c, const arm_stats& s) const;
  /// statistic(c) against log(1/delta) for every challenger c of the answer now.
  std::vector<challenger_evidence> evidence(const arm_stats& s) const;
  std::size_t leader() const { return pools_.leader(); }
  /// How many decisions the tracked fail test made (for tests and benchmarks).
  std::uint64_t fast_fails() const { return fast_fails_; }
  /// For tests: whether the last tracked bound is at least the bound started afresh from the
  /// tracked pair's current data at the same point (within 1e-9 relative); true when none is tracked.
  bool audit_tracked_bound(const arm_stats& s) const;

   /// Every member that changes after construction, for a study's snapshot (detail/state_archive.hpp).
   template <class Archive>
   void archive_state(Archive& ar) {
     ar(pools_, blocker_, argmin_, scaled_, tracked_, fast_fails_, last_bound_, up_, down_);
   }
  /// A loaded state's blocker and tracked pair are arms (K: no blocker), its rescaled statistics
  /// have K arms exactly when it rescales (detail/state_archive.hpp).
  bool state_is_valid() const {
    return blocker_ <= K_ && (!tracked_.seen() || tracked_.arm() < K_) && scaled_.size() == (rescaled_ ? K_ : 0);
  }

 private:
  void check_index(std::size_t c) const;
  bernoulli_mixture::pair_data pair_of(std::size_t c, const arm_stats& s) const;
  bool may_pass(std::size_t c, const arm_stats& s) const;
  bool passes_beyond_bound(std::size_t c, const arm_stats& s);
  /// True when the blocker c certainly fails at its last minimiser, from the pair's sides kept
  /// pull by pull (bernoulli_mixture::track_side); false when it may pass or is not tracked.
  bool fails_at_tracked_point(std::size_t c, const arm_stats& s);
  void start_sides(std::size_t c, const arm_stats& s, double m, ::lilucb::bandit::detail::tracked_log_sum& up,
                   ::lilucb::bandit::detail::tracked_log_sum& down) const;
  /// The statistics the rule reads: the run's, or on a range other than [0, 1] the rescaled ones.
  const arm_stats& view(const arm_stats& s) const { return rescaled_ ? scaled_ : s; }

  std::size_t K_;
  double delta_, threshold_;
  bernoulli_mixture::tilt_grid grid_;
  pooled_designation pools_;
  std::size_t blocker_;
  std::vector<double> argmin_;  // per arm c: the point of smallest h of its last search (NaN: none yet)
  double lo_, hi_, width_;
  bool rescaled_;
  arm_stats scaled_;  // the rescaled rewards' counts and sums (K arms when rescaled_, else none)
  // The tracked pair and the sides of V_c and of c at its point.
  bool fast_;
  ::lilucb::bandit::detail::tracked_pair tracked_;
  std::uint64_t fast_fails_ = 0;
  double last_bound_ = 0;  // the bound of the last tracked test
  ::lilucb::bandit::detail::tracked_log_sum up_, down_;
};

}  // namespace lilucb::bandit::stopping
