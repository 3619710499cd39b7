#pragma once
// The pooled arms of the pooled stopping rules (Propositions P, P2 and PK, docs/certified-glr/propositions.md
// and docs/certified-glr/pooled-kl.md): for each arm c, V_c collects the rewards of every pull,
// after the first, of the arm that was then the empirical leader among the arms other than c,
//     V_c = { Y_t : I_t = L_{-c}(t - 1) },
// L_{-c}(t - 1) = the empirically best arm other than c after step t - 1 (among the arms pulled
// at least once; ties to the lowest index).  The designation is made before the reward is seen,
// so it is predictable; if c = a*, every pull in V_c is of an arm other than a*.
//
// Bookkeeping: three sums, G (every pull of the leader of the time), P_c (pulls of c while c led)
// and Q_c (pulls of the runner-up while c led), give V_c = G - P_c + Q_c in O(1) per pull
// besides the leader's upkeep (O(log K)); docs/certified-glr/numerics.md, "The pooled rule:
// bookkeeping and decision".  Tests: tests/bandit/stopping/test_glr_pooled.cpp.

#include "lilucb/bandit/arm_stats.hpp"
#include "lilucb/bandit/detail/indexed_heap.hpp"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

namespace lilucb::bandit::stopping {

/// The pooled arm V_c's count and sum, and a bound on the rounding of the sum: it is formed as
/// G - P_c + Q_c from three compensated sums, so its error scales with their magnitudes, not with
/// its own (about 2.5 ulps of |G| + |P_c| + |Q_c| from the three roundings and two additions, the
/// compensated sums' second-order terms far below; `rounding` is 1e-15 times that sum, about 4.5
/// ulps).  The pooled statistics increase with V_c's sum, so the rules evaluate them at
/// low_sum() / low_mean(): a lower bound.
///
/// Under Proposition U's weights (weighted_pools below) the same struct carries the weighted
/// sums: count is the number of pooled pulls, w1 = W1 = sum of the weights, w2 = W2 = sum of their
/// squares, sum = S_w = sum of weight x reward, and the means are S_w / W1; W1 and W2 are exact
/// (docs/certified-glr/unpooling.md, "Certified numerics of U").  Unweighted, w1 = w2 = 0 (unused).
struct pooled_arm {
  std::uint64_t count = 0;
  double sum = 0;
  double rounding = 0;
  double w1 = 0, w2 = 0;
  double mean() const { return count ? sum / static_cast<double>(count) : 0.0; }
  double low_sum() const { return sum - rounding; }
  double low_mean() const { return count ? (sum - rounding) / static_cast<double>(count) : 0.0; }
};

/// The designation of the pooled arms V_c (file comment) for K arms.  Domain: K >= 1; observe()
/// after every pull, with the pull's arm i < K and the statistics already updated.
class pooled_designation {
 public:
  explicit pooled_designation(std::size_t K)
      : K_(K), pool_(1), led_(K), runner_(K),
        means_(std::vector<double>(K, -std::numeric_limits<double>::infinity())), leader_(K), runner_up_(K) {}

  /// After arm i's pull (s.last_added() is its reward): the reward joins the pools the roles fixed
  /// after the previous step name, then the leader and runner-up move.
  void observe(std::size_t i, const arm_stats& s) {
    if (leader_ < K_) {
      const double y = s.last_added();
      if (i == leader_) {
        pool_.add(0, y);
        led_.add(leader_, y);
      } else if (i == runner_up_) {
        runner_.add(leader_, y);
      }
    }
    means_.update(i, s.count(i) ? s.mean(i) : -std::numeric_limits<double>::infinity());
    leader_ = means_.top();
    runner_up_ = K_;
    if (K_ >= 2) {
      const std::size_t r = means_.second();
      if (s.count(r) > 0) runner_up_ = r;
    }
  }

  /// V_c.  Domain: c < K (unchecked; the rules check it).
  pooled_arm pooled(std::size_t c) const {
    const double g = pool_.sum(0), p = led_.sum(c), q = runner_.sum(c);
    return {pool_.count(0) - led_.count(c) + runner_.count(c), g - p + q,
            1e-15 * (std::fabs(g) + std::fabs(p) + std::fabs(q))};
  }

  /// The empirical leader and runner-up among the pulled arms after the last observe, ties to the
  /// lowest index (K when undefined): the root of a max-heap of the means (unpulled arms at -inf)
  /// and the better of its children, the same order as a scan (tested against the scan).
  std::size_t leader() const { return leader_; }
  std::size_t runner_up() const { return runner_up_; }

   /// Every member that changes after construction, for a study's snapshot (detail/state_archive.hpp).
   template <class Archive>
   void archive_state(Archive& ar) {
     ar(pool_, led_, runner_, means_, leader_, runner_up_);
   }
  /// A loaded state's leader and runner-up are arms or K (none), the leader the means' heap's
  /// root once an arm was observed, the runner-up never the leader (detail/state_archive.hpp).
  bool state_is_valid() const {
    if (leader_ > K_ || runner_up_ > K_ || means_.size() != K_) return false;
    if (leader_ < K_ && leader_ != means_.top()) return false;
    return runner_up_ == K_ || runner_up_ != leader_;
  }

 private:
  std::size_t K_;
  arm_stats pool_, led_, runner_;  // G; P_c; Q_c
  bandit::detail::indexed_max_heap means_;  // the arms' empirical means (-inf: not pulled)
  std::size_t leader_, runner_up_;
};

/// The weighted pooled arms of Proposition U (docs/certified-glr/unpooling.md): the pooled pulls
/// of pooled_designation, each with a predictable weight in {0, 1/16, ..., 1} fixed by the rule
/// after the previous step, one weight for a pull of the leader (it enters V_c for every c other
/// than the leader) and one for a pull of the runner-up (it enters V_leader).  So V_c's weighted
/// sums are G - P_c + Q_c as in pooled_designation, with three sums per pool (W1, W2, S_w).
/// Exactness: the weights and their squares are multiples of 1/16 and 1/256, so W1 and W2 and
/// their differences are exact below 2^44 pulls; each product w y enters S_w as its exact
/// two-term split (w y = p + e, e = fma(w, y, -p)), so S_w's rounding is pooled_arm's bound for
/// unweighted sums (docs/certified-glr/unpooling.md, "Certified numerics of U").
/// Domain: K >= 1; observe() BEFORE the designation's observe of the same pull (the roles are
/// those after the previous step), weights in [0, 1] multiples of 1/16.
class weighted_pools {
 public:
  explicit weighted_pools(std::size_t K) : K_(K), pool_(3), led_(3 * K), runner_(3 * K) {}

  /// Arm i was pulled with reward y; leader and runner are the designation's roles after the
  /// previous step (K: none), wl and wr the weights fixed then for a pull of each.
  void observe(std::size_t i, double y, std::size_t leader, std::size_t runner, double wl, double wr) {
    if (leader >= K_) return;
    if (i == leader) {
      add(pool_, 0, wl, y);
      add(led_, 3 * leader, wl, y);
    } else if (i == runner) {
      add(runner_, 3 * leader, wr, y);
    }
  }

  /// V_c's weighted sums (pooled_arm's comment), S_w's rounding bound as pooled_designation's.
  /// Domain: c < K (unchecked).
  pooled_arm pooled(std::size_t c) const {
    const std::size_t j = 3 * c;
    const double g = pool_.sum(2), p = led_.sum(j + 2), q = runner_.sum(j + 2);
    return {pool_.count(0) - led_.count(j) + runner_.count(j), g - p + q,
            1e-15 * (std::fabs(g) + std::fabs(p) + std::fabs(q)), pool_.sum(0) - led_.sum(j) + runner_.sum(j),
            pool_.sum(1) - led_.sum(j + 1) + runner_.sum(j + 1)};
  }

  /// Every member that changes after construction, for a study's snapshot (detail/state_archive.hpp).
  template <class Archive>
  void archive_state(Archive& ar) {
    ar(pool_, led_, runner_);
  }
  /// A loaded state has three sums per pool and arm (detail/state_archive.hpp).
  bool state_is_valid() const { return pool_.size() == 3 && led_.size() == 3 * K_ && runner_.size() == 3 * K_; }

 private:
  // One weighted pull into slots j (W1), j + 1 (W2), j + 2 (S_w); counts on slot j.
  static void add(arm_stats& a, std::size_t j, double w, double y) {
    const double p = w * y;
    a.add_batch(j, 1, w);
    a.add_batch(j + 1, 0, w * w);
    a.add_batch(j + 2, 0, p);
    a.add_batch(j + 2, 0, std::fma(w, y, -p));
  }
  std::size_t K_;
  arm_stats pool_, led_, runner_;  // G; P_c; Q_c (slots 3c, 3c + 1, 3c + 2)
};

}  // namespace lilucb::bandit::stopping
