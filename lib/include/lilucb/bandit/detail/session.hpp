#pragma once
// The state of one run, shared by every algorithm: the arms, the run's random stream, the
// per-arm statistics, the pull budget and the observer.  Algorithms call pull()/pull_batch()
// and never touch the random stream directly, so "same seed, same run" holds by construction.
// can_pull() is also where a run polls for an interruption (interrupt.hpp), every poll_period()
// pulls: a run stopped from outside throws lilucb::interrupted.

#include "lilucb/bandit/arm_stats.hpp"
#include "lilucb/random.hpp"
#include "lilucb/bandit/run.hpp"
#include "lilucb/interrupt.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace lilucb::bandit::detail {

template <class Arms, class Observer = null_observer>
class session {
 public:
  session(const Arms& arms, const run_options& opts, Observer& observer)
      : arms_(arms), rng_(opts.seed, opts.run), stats_(arms.size()), observer_(observer),
        budget_(opts.max_pulls == 0 ? std::numeric_limits<std::uint64_t>::max() : opts.max_pulls),
        poll_period_(poll_period(arms.size())), poll_at_(std::min(budget_, poll_period_)) {}

  /// The most pulls between two polls for an interruption.
  static constexpr std::uint64_t kPollPulls = std::uint64_t{1} << 16;
  /// How many pulls apart a run on n arms polls: 2^22/n within [64, kPollPulls], so that rules
  /// whose pull costs O(n) still poll every few milliseconds.
  static constexpr std::uint64_t poll_period(std::size_t n) {
    return std::clamp<std::uint64_t>((std::uint64_t{1} << 22) / std::max<std::uint64_t>(n, 1), 64, kPollPulls);
  }

  const Arms& arms() const { return arms_; }
  std::size_t size() const { return arms_.size(); }
  const arm_stats& stats() const { return stats_; }
  random::normal_stream& rng() { return rng_; }

  /// True while the budget allows another pull.  Throws lilucb::interrupted when an interruption
  /// is pending at a poll (every kPollPulls pulls).
  bool can_pull() const { return stats_.total() < poll_at_ || poll(); }
  /// Pulls left in the budget.
  std::uint64_t remaining() const { return budget_ - stats_.total(); }

  /// Asks the memory system for arm i's parameters and statistics ahead of a pull of it: a hint
  /// that changes no result (arm sets without a prefetch() member are left alone).
  void prefetch(std::size_t i) const {
    if constexpr (requires { arms_.prefetch(i); }) arms_.prefetch(i);
    stats_.prefetch(i);
  }

  /// One pull of arm i; returns the reward.
  double pull(std::size_t i) {
    const double r = arms_.sample(i, rng_);
    stats_.add(i, r);
    if constexpr (Observer::active) observer_.on_pulls(i, 1, r, stats_);
    return r;
  }

  /// Pulls of arm i, one after another, each followed by keep(count, mean, total) (arm i's count
  /// and empirical mean and the total after that pull), until keep returns false or the run
  /// reaches its next poll for an interruption (then the caller's can_pull() polls).  The same
  /// draws and statistics as as many pull(i) calls; meanwhile arm i's statistics are held in
  /// registers (arm_stats::held_arm), so keep must not read stats().  Call it only after
  /// can_pull() returned true (at least one pull is then allowed) and without an active observer.
  template <class Keep>
  void pull_streak(std::size_t i, Keep keep) {
    static_assert(!Observer::active, "pull_streak reports no pulls: use pull() with an active observer");
    auto h = stats_.hold(i);
    for (std::uint64_t left = poll_at_ - h.total(); left > 0; --left) {
      h.add(arms_.sample(i, rng_));
      if (!keep(h.count(), h.mean(), h.total())) break;
    }
    stats_.put_back(i, h);
  }

  /// m pulls of arm i drawn as one sum (exact in distribution; see arms.hpp); returns the sum.
  double pull_batch(std::size_t i, std::uint64_t m) {
    const double s = m == 1 ? arms_.sample(i, rng_) : arms_.sample_sum(i, m, rng_);
    stats_.add_batch(i, m, s);
    if constexpr (Observer::active) observer_.on_pulls(i, m, s, stats_);
    return s;
  }

  run_result finish(std::string algorithm, std::size_t best, run_status status, std::string stopped_by,
                    run_parameters parameters) const {
    run_result r;
    r.algorithm = std::move(algorithm);
    r.best_arm = best;
    r.pulls = stats_.total();
    r.counts.resize(stats_.size());
    for (std::size_t i = 0; i < stats_.size(); ++i) r.counts[i] = stats_.count(i);
    r.status = status;
    r.stopped_by = std::move(stopped_by);
    r.parameters = std::move(parameters);
    return r;
  }

 private:
  // The slow path of can_pull(): at or past the poll point.
  bool poll() const {
    const std::uint64_t t = stats_.total();
    if (t >= budget_) return false;
    check_interrupt();
    poll_at_ = budget_ - t > poll_period_ ? t + poll_period_ : budget_;
    return true;
  }

  const Arms& arms_;
  random::normal_stream rng_;
  arm_stats stats_;
  Observer& observer_;
  std::uint64_t budget_;
  std::uint64_t poll_period_;
  mutable std::uint64_t poll_at_;  ///< can_pull() polls when the total reaches it (<= budget_)
};

}  // namespace lilucb::bandit::detail
