#pragma once
// Observers that experiments attach to a run (see null_observer in run.hpp for the protocol).
//
// empirical_best_recorder  records, at given pull counts, the empirically best arm (highest
//                          empirical mean; an unsampled arm never wins; ties to the lowest
//                          index).  A checkpoint c is recorded from the state after the first
//                          event that brings the total to >= c; for one-at-a-time pulls that is
//                          exactly the state after pull c.  Batched algorithms (exp-gap) jump
//                          over checkpoints inside a batch, which then see the batch's end.
// pull_log                 the sequence of pulled arms (tests of reproducibility).

#include "lilucb/bandit/arm_stats.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace lilucb::bandit {

class empirical_best_recorder {
 public:
  static constexpr bool active = true;

  /// checkpoints: increasing pull counts >= 1.
  explicit empirical_best_recorder(std::vector<std::uint64_t> checkpoints)
      : checkpoints_(std::move(checkpoints)), best_(checkpoints_.size(), kNotReached) {}

  void on_pulls(std::size_t, std::uint64_t, double, const arm_stats& s) {
    if (next_ == checkpoints_.size() || s.total() < checkpoints_[next_]) return;
    const std::size_t b = s.empirical_best();
    while (next_ < checkpoints_.size() && s.total() >= checkpoints_[next_]) best_[next_++] = b;
  }

  static constexpr std::size_t kNotReached = static_cast<std::size_t>(-1);
  const std::vector<std::uint64_t>& checkpoints() const { return checkpoints_; }
  /// best()[k]: the empirically best arm at checkpoints()[k]; kNotReached if the run ended first.
  const std::vector<std::size_t>& best() const { return best_; }

 private:
  std::vector<std::uint64_t> checkpoints_;
  std::vector<std::size_t> best_;
  std::size_t next_ = 0;
};

class pull_log {
 public:
  static constexpr bool active = true;
  void on_pulls(std::size_t arm, std::uint64_t m, double, const arm_stats&) {
    for (std::uint64_t k = 0; k < m; ++k) arms.push_back(arm);
  }
  std::vector<std::size_t> arms;
};

}  // namespace lilucb::bandit
