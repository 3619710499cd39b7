#pragma once
// GLR stopping for rewards in a known range certified by range-scaled betting against the leader's
// pooled pulls (Proposition PB, docs/certified-glr/pooled-betting.md).
//
// Rewards are rescaled to [0, 1] as y' = (y - lo)/(hi - lo) (lo = 0, hi = 1 for Bernoulli arms).
// The pooled arm V_c of Proposition P (detail/pooled_designation.hpp, from the rescaled rewards)
// is paired with arm c; each side is kept as hat sums on 33 knots (detail/hat_mixture.hpp), and
// the pair's statistic is
//     S_B(V_c, c) = inf over m in (0, 1) of A(m) + B(m),
// a mixture over range-scaled bets per side of the betting wealth, bounded below for every m at
// once by the hat sums: per pull about the exact betting rate (98-99% of it), which adapts to the
// rewards' own law, not only their variance.  Stop at the first t (after every arm has been
// pulled once) with
//     a certified lower bound of S_B(V_c, c) >= log(1/delta)   for every c != i_hat,
// and answer i_hat, the empirical leader of the rescaled rewards.
//
// Certificate (Proposition PB): for rewards in [lo, hi] (known before the run), a unique best arm
// and ANY sampling rule, P(stop with a wrong answer) <= delta.  No sigma.
//
// Decision per pair, the challenger that failed last first: an upper bound of h at the pair's
// tracked point (its last search's minimiser, else hat_mixture::guess), from a table of the terms
// at that point (hat_mixture::side_table: no logarithm per pull), fails most pulls; otherwise
// hat_mixture::search decides.  Every fail rests on a certified upper bound of h at a point, so
// of S_B: a fail there is a fail of the search.  (A rule without the test searches on more pulls,
// so its later searches may start from other points; the two can then differ only where S_B lies
// within the certificate's loss, about 1e-7 nats, of the threshold.)
// Domain: K >= 1, delta in (0, 1), lo < hi finite with hi - lo finite, a prior as
// hat_mixture::check_bet_prior admits; every reward in [lo, hi] (a rescaled reward outside [0, 1]
// throws: the proposition's premise); observe() after every single pull.
// Memory: 3 x 32 compensated sums per arm.
// Tests: tests/bandit/stopping/test_glr_pooled_betting.cpp.

#include "lilucb/bandit/arm_stats.hpp"
#include "lilucb/bandit/detail/hat_mixture.hpp"
#include "lilucb/bandit/detail/pooled_designation.hpp"
#include "lilucb/bandit/rules.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace lilucb::bandit::stopping {

class glr_pooled_betting {
 public:
  /// K arms, delta, the rewards' range [lo, hi], the bets of each side's prior.  fast = false
  /// skips the fail test at the tracked point (tests compare the two: the same decisions).
  glr_pooled_betting(std::size_t K, double delta, double lo = 0, double hi = 1,
                     hat_mixture::bet_prior prior = hat_mixture::make_default_bet_prior(), bool fast = true);

  static const char* name() { return "glr"; }
  static constexpr bool certified() { return true; }
  std::string certificate() const;
  double threshold() const { return threshold_; }

  /// After arm i's pull (stats already updated; s.last_added() is its reward, in [lo, hi]).
  void observe(std::size_t i, const arm_stats& s);
  bool should_stop(const arm_stats& s);
  std::size_t recommendation(const arm_stats& s) const;

  /// The certified lower bound of S_B(V_c, c) (-inf when V_c or c has no pull).  Domain: c < K.
  double statistic(std::size_t c) const;
  /// statistic(c) against log(1/delta) for every challenger c of the answer now.
  std::vector<challenger_evidence> evidence(const arm_stats& s) const;
  std::size_t leader() const { return pools_.leader(); }
  /// The pair (V_c, c) as the statistic reads it (hat sums and their rounding bounds).
  /// Domain: c < K.
  hat_mixture::pair_hats pair(std::size_t c) const;
  /// How many decisions the tracked fail test made, and how many searches ran (for tests and
  /// benchmarks).
  std::uint64_t fast_fails() const { return tracked_fails_; }
  std::uint64_t searches() const { return searches_; }

  /// Every member that changes after construction, for a study's snapshot (detail/state_archive.hpp).
  template <class Archive>
  void archive_state(Archive& ar) {
    ar(scaled_, pools_, cells_, pool_cells_, led_cells_, runner_cells_, blocker_, argmin_, tracked_fails_, searches_);
  }
  /// A loaded state's blocker is an arm or K (none), its tracked points in (0, 1) or NaN (none), its
  /// sums sized for K arms, each cell's P_c count at most G's (detail/state_archive.hpp).
  bool state_is_valid() const;

 private:
  void check_index(std::size_t c) const;
  hat_mixture::hat_sums arm_hats(std::size_t c) const;
  hat_mixture::hat_sums pooled_hats(std::size_t c) const;
  /// Where pair c is looked at first: its last search's minimiser, else the guess.
  double start_point(std::size_t c, const hat_mixture::pair_hats& p) const;
  /// Whether pair c passes: the fail test at its tracked point, then the search.
  bool passes(std::size_t c);
  /// True when pair c (its hat sums p, both sides pulled) certainly fails at its tracked point;
  /// false when it may pass.
  bool fails_at_tracked_point(std::size_t c, const hat_mixture::pair_hats& p);

  std::size_t K_;
  double delta_, threshold_, lo_, hi_, width_;
  hat_mixture::bet_prior prior_;
  bool fast_;
  arm_stats scaled_;                 // per arm: the rescaled rewards' sums (the designation's means)
  pooled_designation pools_;         // the leader and the runner-up
  arm_stats cells_;                  // per arm and cell (slot 32 i + j): the count and the sum of theta
  arm_stats pool_cells_;             // G: per cell, the pulls of the leader of the time
  arm_stats led_cells_, runner_cells_;  // P_c and Q_c per cell (V_c = G - P_c + Q_c, pooled_designation.hpp)
  std::size_t blocker_;
  std::vector<double> argmin_;  // per arm c: where its last search saw its smallest upper bound (NaN: none)
  std::uint64_t tracked_fails_ = 0, searches_ = 0;
  // The tables of the tracked point (not archived: rebuilt from argmin_ when needed).
  std::size_t table_arm_;
  hat_mixture::side_table table_v_, table_c_;
};

}  // namespace lilucb::bandit::stopping
