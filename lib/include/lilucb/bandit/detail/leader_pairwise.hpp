#pragma once
// The one core of the GLR-type stopping rules (stopping/glr.hpp, stopping/glr_mixture.hpp,
// stopping/glr_one_sided.hpp, stopping/glr_unknown_variance.hpp, stopping/glr_paired_t.hpp, ...):
// a pairwise statistic against the empirical leader.  With i_hat = argmax_a mu_hat_a (ties to the
// lowest index) the rule stops when every pair (i_hat, b), b != i_hat, clears a threshold:
//     min_{b != i_hat} key(i_hat, b) passes the threshold at t
// (Garivier & Kaufmann 2016, Section 3: "stop when min_b Z_{i_hat,b}(t) > beta(t, delta)").
//
// The Pair policy supplies the statistic and the threshold:
//   double key(const arm_stats& s, std::size_t a, std::size_t b) const
//       the pair's decision key, >= 0, for counts N_a, N_b >= 1 (Z_{a,b} for glr.hpp; a key on the
//       same side of the threshold as S_{a,b} for glr_mixture.hpp);
//   bool passes(double key, const arm_stats& s)
//       whether a pair with this key clears the threshold at t = s.total() (must be false at key 0:
//       every threshold here is positive).
// A pair with an unsampled arm has key 0: the rule never stops while an arm is unsampled.
//
// Cost: exact and lazy.  Only one pair is watched: a witness b whose pair (i_hat, b) was found
// failing.  Its key depends only on the observations of i_hat and b, so while neither arm is
// pulled and the leader stays in place it still fails, the minimum over b fails with it, and the
// answer "continue" is exact at no cost: a pull of any other arm touches no key (one O(log K)
// update of the leader's heap).  A pull of the leader or of the witness, or a change of leader,
// makes the next check re-evaluate the witness pair (one key; the previous leader is tried when
// the witness has become the leader); when it passes, the other pairs found failing at the last
// full evaluation are tried in turn (smallest key first), and only when none of them fails any
// more are the K - 1 keys evaluated, the smallest failing one becoming the new witness (the
// others the next candidates); the rule stops when none fails.  So the decision is the
// eager rule's, check for check (tested against a naive O(K) recomputation,
// tests/bandit/stopping/test_glr.cpp): the answer "continue" always rests on a pair evaluated now,
// "stop" on all K - 1.  The O(K) work is done only when every candidate has passed: in the runs
// measured (docs/benchmarks.md) near the stopping time only.
//
// pairwise_rule<Pair> (below) is the stopping-rule interface the three rules share (observe,
// should_stop, recommendation, min_statistic, name), forwarded to this core; each rule adds its
// constructor, certified() and certificate().

#include "lilucb/bandit/arm_stats.hpp"
#include "lilucb/bandit/rules.hpp"
#include "lilucb/bandit/detail/indexed_heap.hpp"

#include <algorithm>
#include <cstddef>
#include <limits>
#include <utility>
#include <vector>

namespace lilucb::bandit::detail {

template <class Pair>
class leader_pairwise {
 public:
  leader_pairwise(std::size_t K, Pair pair)
      : pair_(std::move(pair)), K_(K), unsampled_(K),
        means_(std::vector<double>(K, -std::numeric_limits<double>::infinity())) {}

  Pair& pair() { return pair_; }
  const Pair& pair() const { return pair_; }

  /// After every pull of arm i (s already holds it).
  void observe(std::size_t i, const arm_stats& s) {
    if (s.count(i) == 1) --unsampled_;
    means_.update(i, s.mean(i));
    const std::size_t leader = means_.top();
    if (leader != leader_) {
      previous_leader_ = leader_;
      leader_ = leader;
      watching_ = false;
    } else if (i == leader_ || i == witness_) {
      watching_ = false;
    }
  }

  /// Whether every pair (i_hat, b) passes (see the file comment); K <= 1 stops at once.
  bool should_stop(const arm_stats& s) {
    if (K_ < 2) return true;
    if (unsampled_ > 0) return false;
    if (watching_) return false;  // the witness pair is unchanged and fails: min <= its key
    const std::size_t w = witness_ != leader_ ? witness_ : previous_leader_;
    if (w != npos && w != leader_ && !pair_.passes(key(s, w), s)) {
      witness_ = w;
      watching_ = true;
      return false;
    }
    // The witness passes (or there is none): the pairs that failed at the last full evaluation,
    // smallest key first, are tried as witnesses (each evaluated now); when none fails any more,
    // every key, the smallest (ties to the lowest index) the new witness if it fails, the other
    // failing ones the next candidates.  So the end phase, where pairs pass one after another,
    // costs one key per passing witness, not K - 1.
    while (!candidates_.empty()) {
      const std::size_t b = candidates_.back();
      candidates_.pop_back();
      if (b != leader_ && !pair_.passes(key(s, b), s)) {
        witness_ = b;
        watching_ = true;
        return false;
      }
    }
    std::size_t arg = npos;
    const double m = scan(s, arg, &candidates_);
    if (pair_.passes(m, s)) return true;
    witness_ = arg;
    watching_ = true;
    return false;
  }

  std::size_t leader() const { return means_.top(); }

  /// min_{b != i_hat} key(i_hat, b) now (evaluates the K - 1 keys; tests).
  double min_key(const arm_stats& s) {
    if (K_ < 2) return std::numeric_limits<double>::infinity();
    std::size_t arg = npos;
    return scan(s, arg);
  }

 private:
  static constexpr std::size_t npos = static_cast<std::size_t>(-1);

  double key(const arm_stats& s, std::size_t b) const {
    if (s.count(b) == 0 || s.count(leader_) == 0) return 0.0;
    return pair_.key(s, leader_, b);
  }
  /// The smallest key and its arm; with `failing`, the other failing arms, largest key first.
  double scan(const arm_stats& s, std::size_t& arg, std::vector<std::size_t>* failing = nullptr) {
    double m = std::numeric_limits<double>::infinity();
    if (failing) fails_.clear();
    for (std::size_t b = 0; b < K_; ++b) {
      if (b == leader_) continue;
      const double k = key(s, b);
      if (arg == npos || k < m) {
        m = k;
        arg = b;
      }
      if (failing && !pair_.passes(k, s)) fails_.push_back({k, b});
    }
    if (failing) {
      std::sort(fails_.begin(), fails_.end(), [](const auto& x, const auto& y) {
        return x.first > y.first || (x.first == y.first && x.second > y.second);
      });
      failing->clear();
      for (const auto& f : fails_)
        if (f.second != arg) failing->push_back(f.second);
    }
    return m;
  }

  Pair pair_;
  std::size_t K_;
  std::size_t unsampled_;
  indexed_max_heap means_;
  std::size_t leader_ = npos, previous_leader_ = npos, witness_ = npos;
  bool watching_ = false;  // the pair (leader_, witness_) fails and neither arm has been pulled since
  std::vector<std::size_t> candidates_;               // next witnesses to try (failed when last evaluated)
  std::vector<std::pair<double, std::size_t>> fails_;  // scratch of scan()
};

/// The stopping-rule members common to the GLR-type rules, forwarded to their leader_pairwise core
/// (see the file comment); the rule derives from it and supplies its Pair.
template <class Pair>
class pairwise_rule {
 public:
  static constexpr const char* name() { return "glr"; }
  /// After every pull of arm i (s already holds it).
  void observe(std::size_t i, const arm_stats& s) { core_.observe(i, s); }
  /// Whether min_{b != i_hat} key(i_hat, b) passes now (exact; see the file comment).
  bool should_stop(const arm_stats& s) { return core_.should_stop(s); }
  /// The empirical leader i_hat.
  std::size_t recommendation(const arm_stats&) const { return core_.leader(); }
  /// The smallest key min_{b != i_hat} key(i_hat, b) now (evaluates the K - 1 keys; tests).
  double min_statistic(const arm_stats& s) { return core_.min_key(s); }

 protected:
  pairwise_rule(std::size_t K, Pair pair) : core_(K, std::move(pair)) {}
  const Pair& pair() const { return core_.pair(); }
  /// Every challenger b of the leader now, with statistic(leader, b) against `threshold` (0 while
  /// either arm has no pull): what each rule's evidence(stats) reports.
  template <class Statistic>
  std::vector<challenger_evidence> challengers(const arm_stats& s, double threshold, Statistic statistic) const {
    std::vector<challenger_evidence> out;
    const std::size_t L = core_.leader();
    for (std::size_t b = 0; b < s.size(); ++b)
      if (b != L) out.push_back({b, s.count(b) && s.count(L) ? statistic(L, b) : 0.0, threshold});
    return out;
  }

 private:
  leader_pairwise<Pair> core_;
};

}  // namespace lilucb::bandit::detail
