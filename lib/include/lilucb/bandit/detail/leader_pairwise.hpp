#pragma once
// The one core of the GLR-type stopping rules (stopping/glr.hpp, stopping/glr_mixture.hpp): a
// pairwise statistic against the empirical leader.  With i_hat = argmax_a mu_hat_a (ties to the
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
// Cost: exact and incremental.  The minimum is kept in an indexed heap of -key (ties to the lowest
// index).  A pull of b != i_hat that leaves i_hat in place updates one key (O(log K), one
// statistic).  A pull of i_hat or a change of leader changes every key: instead of recomputing the
// K - 1 keys at once, the heap is marked stale, and the next stopping check first evaluates one
// witness pair (the heap's minimiser when it went stale; the previous leader if the witness has
// become the leader).  If the witness does not pass, the minimum does not either (min <= witness)
// and the answer "continue" is exact at O(1) cost; only when the witness passes are the K - 1 keys
// recomputed and the heap rebuilt (O(K)).  So the decision is the eager rule's, check for check
// (tested against a naive O(K) recomputation, tests/bandit/test_compose.cpp), and the O(K) work is
// done only while every pair the rule has looked at is above the threshold: in the runs measured
// (docs/benchmarks.md) near the stopping time only.

#include "lilucb/bandit/arm_stats.hpp"
#include "lilucb/bandit/detail/indexed_heap.hpp"

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
    if (leader != leader_ || i == leader_) {
      if (!stale_) {  // the heap's minimiser becomes the witness of the stale state
        witness_ = built_ ? heap_.top() : npos;
        stale_ = true;
      }
      if (leader != leader_) {
        previous_leader_ = leader_;
        leader_ = leader;
      }
    } else if (!stale_) {
      heap_.update(i, -key(s, i));
    }
  }

  /// Whether every pair (i_hat, b) passes (see the file comment); K <= 1 stops at once.
  bool should_stop(const arm_stats& s) {
    if (K_ < 2) return true;
    if (unsampled_ > 0) return false;
    if (stale_) {
      const std::size_t w = witness_ != leader_ ? witness_ : previous_leader_;
      if (w != npos && w != leader_ && !pair_.passes(key(s, w), s)) return false;  // min <= key(w)
      rebuild(s);
    }
    return pair_.passes(-heap_.top_key(), s);
  }

  std::size_t leader() const { return means_.top(); }

  /// min_{b != i_hat} key(i_hat, b) now (computes the keys if the heap is stale; tests).
  double min_key(const arm_stats& s) {
    if (K_ < 2) return std::numeric_limits<double>::infinity();
    if (stale_) rebuild(s);
    return -heap_.top_key();
  }

 private:
  static constexpr std::size_t npos = static_cast<std::size_t>(-1);

  double key(const arm_stats& s, std::size_t b) const {
    if (s.count(b) == 0 || s.count(leader_) == 0) return 0.0;
    return pair_.key(s, leader_, b);
  }
  void rebuild(const arm_stats& s) {
    std::vector<double> keys(K_);
    for (std::size_t b = 0; b < K_; ++b) keys[b] = b == leader_ ? -std::numeric_limits<double>::infinity() : -key(s, b);
    heap_ = indexed_max_heap(std::move(keys));
    built_ = true;
    stale_ = false;
  }

  Pair pair_;
  std::size_t K_;
  std::size_t unsampled_;
  indexed_max_heap means_;
  indexed_max_heap heap_;  // -key(i_hat, b); the leader's entry is -inf
  std::size_t leader_ = npos, previous_leader_ = npos, witness_ = npos;
  bool stale_ = true, built_ = false;
};

}  // namespace lilucb::bandit::detail
