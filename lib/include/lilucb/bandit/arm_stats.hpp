#pragma once
// Per-arm pull counts and reward sums.
//
// Counts are 64-bit.  Sums are compensated (Neumaier's improvement of Kahan's summation),
// computed with Knuth's branch-free TwoSum: t = s + x exactly splits into t and a rounding error
// e, and the errors are accumulated separately.  The error of a sum of T rewards stays a few
// ulps of the sum of |rewards|, independent of T, so an empirical mean stays accurate to
// ~1e-15 relative after 10^10 pulls (tested), where a plain double sum drifts by up to T ulps.

#include "lilucb/bandit/detail/large_pages.hpp"
#include "lilucb/errors.hpp"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

namespace lilucb::bandit {

class arm_stats {
 public:
  explicit arm_stats(std::size_t n) : arms_(n) {}

  std::size_t size() const { return arms_.size(); }
  std::uint64_t count(std::size_t i) const { return arms_[i].count; }
  std::uint64_t total() const { return total_; }
  /// The empirical mean of arm i; 0 for an arm never pulled.
  double mean(std::size_t i) const {
    const auto& a = arms_[i];
    return a.count ? (a.sum + a.comp) / static_cast<double>(a.count) : 0.0;
  }
  /// The compensated sum of arm i's rewards.
  double sum(std::size_t i) const { return arms_[i].sum + arms_[i].comp; }
  /// The reward sum of the last add_batch (the last reward, after add): exact, for rules that
  /// pool rewards across arms (stopping/glr_pooled.hpp).  0 before the first add.
  double last_added() const { return last_; }

  void add(std::size_t i, double reward) { add_batch(i, 1, reward); }
  /// Asks the memory system for arm i's statistics ahead of an update (no effect on results).
  /// An arm's 24 bytes may straddle two cache lines: both are asked for.
  void prefetch(std::size_t i) const {
    const char* p = reinterpret_cast<const char*>(arms_.data() + i);
    __builtin_prefetch(p, 1);
    __builtin_prefetch(p + sizeof(arm) - 1, 1);
  }

  /// m pulls of arm i whose rewards sum to reward_sum.  Domain: the arm's running sum stays
  /// finite (finite rewards can still overflow, e.g. means near DBL_MAX: the empirical mean and
  /// every index built on it would be infinite or NaN, so this is a domain_error instead).
  void add_batch(std::size_t i, std::uint64_t m, double reward_sum) {
    auto& a = arms_[i];
    compensated_add(a.sum, a.comp, reward_sum);
    a.count += m;
    total_ += m;
    last_ = reward_sum;
  }

  /// Arm i's statistics and the totals taken out of the table for a run of pulls of arm i alone
  /// (session::pull_streak), so that they stay in registers: add(r) does what add(i, r) does to
  /// them, and put_back(i, ...) stores the result.  Between hold(i) and put_back, the table's arm
  /// i, total() and last_added() are stale and must not be read.
  class held_arm {
   public:
    std::uint64_t count() const { return count_; }
    std::uint64_t total() const { return total_; }
    double mean() const { return (sum_ + comp_) / static_cast<double>(count_); }  // as arm_stats::mean
    void add(double reward) {  // as add_batch(i, 1, reward)
      compensated_add(sum_, comp_, reward);
      ++count_;
      ++total_;
      last_ = reward;
    }

   private:
    friend class arm_stats;
    std::uint64_t count_, total_;
    double sum_, comp_, last_;
  };
  held_arm hold(std::size_t i) const {
    held_arm h;
    h.count_ = arms_[i].count;
    h.sum_ = arms_[i].sum;
    h.comp_ = arms_[i].comp;
    h.total_ = total_;
    h.last_ = last_;
    return h;
  }
  void put_back(std::size_t i, const held_arm& h) {
    arms_[i] = arm{h.count_, h.sum_, h.comp_};
    total_ = h.total_;
    last_ = h.last_;
  }

  /// Sets arm i's count and reward sum, the other arms unchanged (the sampling rule's view of an
  /// ask-tell study, where pulls in flight are counted: identification.hpp).  Domain: sum finite.
  void assign(std::size_t i, std::uint64_t count, double sum) {
    total_ = total_ - arms_[i].count + count;
    arms_[i] = arm{count, sum, 0.0};
  }

  /// The most-pulled arm; ties go to the lowest index.
  std::size_t most_pulled() const {
    std::size_t best = 0;
    for (std::size_t i = 1; i < arms_.size(); ++i)
      if (arms_[i].count > arms_[best].count) best = i;
    return best;
  }

  /// The empirically best arm: highest empirical mean among pulled arms (an unsampled arm
  /// never wins), ties to the lowest index; arm 0 when nothing has been pulled.
  std::size_t empirical_best() const {
    std::size_t best = arms_.size();
    double best_mean = -std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < arms_.size(); ++i) {
      if (!arms_[i].count) continue;
      const double m = mean(i);
      if (best == arms_.size() || m > best_mean) {
        best = i;
        best_mean = m;
      }
    }
    return best == arms_.size() ? 0 : best;
  }

   /// Every member that changes after construction, for a study's snapshot (detail/state_archive.hpp).
   template <class Archive>
   void archive_state(Archive& ar) {
     ar(arms_, total_, last_);
   }

 private:
  // sum + comp += x: TwoSum splits sum + x into t + e exactly; t becomes the sum, e joins the
  // accumulated errors.  A sum that leaves the doubles is a domain_error (add_batch).
  static void compensated_add(double& sum, double& comp, double x) {
    const double t = sum + x;
    if (!(std::fabs(t) <= std::numeric_limits<double>::max())) [[unlikely]] overflow(t);
    const double z = t - sum;
    const double e = (sum - (t - z)) + (x - z);
    comp += e;
    sum = t;
  }
  // Out of line and cold, so that the per-pull check above stays one compare and a branch.
  [[noreturn, gnu::cold, gnu::noinline]] static void overflow(double t) {
    lilucb::detail::raise_domain_error("lilucb::bandit::arm_stats::add", "reward sum", lilucb::detail::format_value(t),
                                       "finite: the sum of one arm's rewards must stay below DBL_MAX in magnitude");
  }

  struct arm {
    std::uint64_t count = 0;
    double sum = 0;
    double comp = 0;  // accumulated rounding errors of the running sum
    template <class Archive>
    void archive_state(Archive& ar) {
      ar(count, sum, comp);
    }
  };
  std::vector<arm, detail::large_page_allocator<arm>> arms_;
  std::uint64_t total_ = 0;
  double last_ = 0;
};

}  // namespace lilucb::bandit
