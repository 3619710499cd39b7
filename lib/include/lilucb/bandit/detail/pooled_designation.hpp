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
#include "lilucb/errors.hpp"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace lilucb::bandit::stopping {

/// The pooled arm V_c's count and sum, and a bound on the rounding of the sum (pooled_rounding
/// below).  The pooled statistics increase with V_c's sum, so the rules evaluate them at
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
  /// The mean and the lowered mean: S / count unweighted, S_w / W1 weighted (0 when empty).
  double mean() const { return divide(sum); }
  double low_sum() const { return sum - rounding; }
  double low_mean() const { return divide(sum - rounding); }

 private:
  double divide(double s) const {
    if (w1 > 0) return s / w1;
    return count && w2 == 0 ? s / static_cast<double>(count) : 0.0;
  }
};

/// A bound on the rounding error of a pooled sum formed as fl(fl(g - p) + q) from three
/// compensated sums (arm_stats: Ogita, Rump and Oishi's Sum2, |computed - exact| <=
/// u |exact| + gamma_{n-1}^2 sum |x_i|, also under underflow) that received `inputs` inputs in all,
/// of absolute values summing to at most `abs_sum` (a plain double sum of them), plus `splits`
/// inputs that are each within 2^-1075 of an exact term (the low parts of split products).
/// The bound: 1e-15 (|g| + |p| + |q|) (three first-order roundings and two additions, 2.5 ulps,
/// with the slack for reading the magnitudes as computed, the lowering and a division) + 1.01
/// gamma_inputs^2 abs_sum (the three second-order terms; 1.01 covers the plain sum's own error) +
/// (splits + inputs + 4) 2^-1074 (the splits; a division by a count N <= inputs, or a square,
/// rounding in the subnormal range, 2^-1075 absolute, N 2^-1075 in the sum; and this expression's
/// own underflow).  So fl(fl(sum - bound) / N) is at most the exact sum / N and
/// fl(fl(sum + bound) / N) at least, for N <= inputs.  Domain: inputs < 2^45 (then gamma < 2^-8),
/// else a domain_error; abs_sum finite.  Proof: docs/certified-glr/numerics.md, "The pooled rule:
/// bookkeeping and decision", and its second reading.
inline double pooled_rounding(double g, double p, double q, double abs_sum, std::uint64_t inputs, std::uint64_t splits = 0) {
  if (inputs >= (std::uint64_t{1} << 45)) [[unlikely]]
    lilucb::detail::raise_domain_error("lilucb::bandit::stopping::pooled_rounding", "inputs of a pooled sum",
                                       std::to_string(inputs), "below 2^45 (the rounding bound's domain)");
  const double nu = static_cast<double>(inputs) * 0x1p-53;
  const double gamma = nu / (1 - nu);
  return 1e-15 * (std::fabs(g) + std::fabs(p) + std::fabs(q)) + 1.01 * (gamma * gamma) * abs_sum +
         static_cast<double>(splits + inputs + 4) * 0x1p-1074;
}

/// Plain sums of the absolute values of the inputs to a pool's compensated sums, one per slot
/// (the abs_sum of pooled_rounding).  Domain: each stays finite (else a domain_error, as
/// arm_stats' sums).
class abs_sums {
 public:
  explicit abs_sums(std::size_t n) : a_(n, 0.0) {}
  std::size_t size() const { return a_.size(); }
  double operator[](std::size_t j) const { return a_[j]; }
  void add(std::size_t j, double x) {
    const double t = a_[j] + std::fabs(x);
    if (!(t <= std::numeric_limits<double>::max())) [[unlikely]] overflow(t);
    a_[j] = t;
  }
  template <class Archive>
  void archive_state(Archive& ar) {
    ar(a_);
  }
  /// Loaded sums are finite and non-negative.
  bool state_is_valid() const {
    for (const double a : a_)
      if (!(a >= 0 && a <= std::numeric_limits<double>::max())) return false;
    return true;
  }

 private:
  [[noreturn, gnu::cold, gnu::noinline]] static void overflow(double t) {
    lilucb::detail::raise_domain_error("lilucb::bandit::stopping::pooled_designation", "sum of |rewards| of a pooled arm",
                                       lilucb::detail::format_value(t),
                                       "finite: the absolute rewards pooled into one arm must sum below DBL_MAX");
  }
  std::vector<double> a_;
};

/// The designation of the pooled arms V_c (file comment) for K arms.  Domain: K >= 1; observe()
/// after every pull, with the pull's arm i < K and the statistics already updated.
class pooled_designation {
 public:
  explicit pooled_designation(std::size_t K)
      : K_(K), pool_(1), led_(K), runner_(K), abs_pool_(1), abs_led_(K), abs_runner_(K), abs_arm_(K),
        means_(std::vector<double>(K, -std::numeric_limits<double>::infinity())), leader_(K), runner_up_(K) {}

  /// After arm i's pull (s.last_added() is its reward): the reward joins the pools the roles fixed
  /// after the previous step name, then the leader and runner-up move.
  void observe(std::size_t i, const arm_stats& s) {
    const double y = s.last_added();
    abs_arm_.add(i, y);
    if (leader_ < K_) {
      if (i == leader_) {
        pool_.add(0, y);
        led_.add(leader_, y);
        abs_pool_.add(0, y);
        abs_led_.add(leader_, y);
      } else if (i == runner_up_) {
        runner_.add(leader_, y);
        abs_runner_.add(leader_, y);
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
            pooled_rounding(g, p, q, abs_pool_[0] + abs_led_[c] + abs_runner_[c],
                            pool_.count(0) + led_.count(c) + runner_.count(c))};
  }

  /// A bound on the rounding of arm c's compensated sum s.sum(c) (pooled_rounding of one sum),
  /// for the rules to raise arm c's mean by it: (s.sum(c) + arm_rounding(c, s)) / s.count(c) is at
  /// least the exact mean.  Domain: c < K (unchecked); s the statistics this designation observes.
  double arm_rounding(std::size_t c, const arm_stats& s) const {
    return pooled_rounding(s.sum(c), 0, 0, abs_arm_[c], s.count(c));
  }
  /// Arm c's mean raised by arm_rounding (0 for an arm never pulled).
  double high_mean(std::size_t c, const arm_stats& s) const {
    return s.count(c) ? (s.sum(c) + arm_rounding(c, s)) / static_cast<double>(s.count(c)) : 0.0;
  }

  /// The empirical leader and runner-up among the pulled arms after the last observe, ties to the
  /// lowest index (K when undefined): the root of a max-heap of the means (unpulled arms at -inf)
  /// and the better of its children, the same order as a scan (tested against the scan).
  std::size_t leader() const { return leader_; }
  std::size_t runner_up() const { return runner_up_; }

   /// Every member that changes after construction, for a study's snapshot (detail/state_archive.hpp).
   template <class Archive>
   void archive_state(Archive& ar) {
     ar(pool_, led_, runner_, abs_pool_, abs_led_, abs_runner_, abs_arm_, means_, leader_, runner_up_);
   }
  /// A loaded state's leader and runner-up are arms or K (none), the leader the means' heap's
  /// root once an arm was observed, the runner-up never the leader (detail/state_archive.hpp).
  bool state_is_valid() const {
    if (leader_ > K_ || runner_up_ > K_ || means_.size() != K_) return false;
    if (abs_pool_.size() != 1 || abs_led_.size() != K_ || abs_runner_.size() != K_ || abs_arm_.size() != K_) return false;
    if (leader_ < K_ && leader_ != means_.top()) return false;
    return runner_up_ == K_ || runner_up_ != leader_;
  }

 private:
  std::size_t K_;
  arm_stats pool_, led_, runner_;  // G; P_c; Q_c
  abs_sums abs_pool_, abs_led_, abs_runner_;  // their inputs' absolute values
  abs_sums abs_arm_;  // each arm's rewards' absolute values
  bandit::detail::indexed_max_heap means_;  // the arms' empirical means (-inf: not pulled)
  std::size_t leader_, runner_up_;
};

/// The weighted pooled arms of Proposition U (docs/certified-glr/unpooling.md): the pooled pulls
/// of pooled_designation, each with a predictable weight in {0, 1/16, ..., 1} fixed by the rule
/// after the previous step, one weight for a pull of the leader (it enters V_c for every c other
/// than the leader) and one for a pull of the runner-up (it enters V_leader).  So V_c's weighted
/// sums are G - P_c + Q_c as in pooled_designation, with three sums per pool (W1, W2, S_w).
/// Exactness: the weights and their squares are multiples of 1/16 and 1/256, so W1 and W2 and
/// their differences are exact below 2^44 pulls; each product w y enters S_w as its two-term
/// split (w y = p + e, e = fma(w, y, -p): exact, or within 2^-1075 when w y is near the subnormal
/// range), two inputs of pooled_rounding, one of them a split (docs/certified-glr/unpooling.md,
/// "Certified numerics of U").
/// Domain: K >= 1; observe() BEFORE the designation's observe of the same pull (the roles are
/// those after the previous step), weights in [0, 1] multiples of 1/16.
class weighted_pools {
 public:
  explicit weighted_pools(std::size_t K)
      : K_(K), pool_(3), led_(3 * K), runner_(3 * K), abs_pool_(1), abs_led_(K), abs_runner_(K) {}

  /// Arm i was pulled with reward y; leader and runner are the designation's roles after the
  /// previous step (K: none), wl and wr the weights fixed then for a pull of each.
  void observe(std::size_t i, double y, std::size_t leader, std::size_t runner, double wl, double wr) {
    if (leader >= K_) return;
    if (i == leader) {
      add(pool_, abs_pool_, 0, wl, y);
      add(led_, abs_led_, leader, wl, y);
    } else if (i == runner) {
      add(runner_, abs_runner_, leader, wr, y);
    }
  }

  /// V_c's weighted sums (pooled_arm's comment), S_w's rounding bound as pooled_designation's.
  /// Domain: c < K (unchecked).
  pooled_arm pooled(std::size_t c) const {
    const std::size_t j = 3 * c;
    const double g = pool_.sum(2), p = led_.sum(j + 2), q = runner_.sum(j + 2);
    const std::uint64_t pulls = pool_.count(0) + led_.count(j) + runner_.count(j);
    return {pool_.count(0) - led_.count(j) + runner_.count(j), g - p + q,
            pooled_rounding(g, p, q, abs_pool_[0] + abs_led_[c] + abs_runner_[c], 2 * pulls, pulls),
            pool_.sum(0) - led_.sum(j) + runner_.sum(j), pool_.sum(1) - led_.sum(j + 1) + runner_.sum(j + 1)};
  }

  /// Every member that changes after construction, for a study's snapshot (detail/state_archive.hpp).
  template <class Archive>
  void archive_state(Archive& ar) {
    ar(pool_, led_, runner_, abs_pool_, abs_led_, abs_runner_);
  }
  /// A loaded state has three sums per pool and arm, one sum of absolute values per pool and arm
  /// (detail/state_archive.hpp).
  bool state_is_valid() const {
    return pool_.size() == 3 && led_.size() == 3 * K_ && runner_.size() == 3 * K_ && abs_pool_.size() == 1 &&
           abs_led_.size() == K_ && abs_runner_.size() == K_;
  }

 private:
  // One weighted pull of pool c into slots 3c (W1), 3c + 1 (W2), 3c + 2 (S_w); counts on slot 3c.
  static void add(arm_stats& a, abs_sums& abs, std::size_t c, double w, double y) {
    const std::size_t j = 3 * c;
    const double p = w * y, e = std::fma(w, y, -p);
    a.add_batch(j, 1, w);
    a.add_batch(j + 1, 0, w * w);
    a.add_batch(j + 2, 0, p);
    a.add_batch(j + 2, 0, e);
    abs.add(c, p);
    abs.add(c, e);
  }
  std::size_t K_;
  arm_stats pool_, led_, runner_;  // G; P_c; Q_c (slots 3c, 3c + 1, 3c + 2)
  abs_sums abs_pool_, abs_led_, abs_runner_;  // the absolute values of S_w's inputs
};

}  // namespace lilucb::bandit::stopping
