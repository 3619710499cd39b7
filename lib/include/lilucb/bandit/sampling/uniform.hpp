#pragma once
// Uniform sampling: round robin over the arms, 0, 1, ..., K-1, 0, 1, ... (the non-adaptive
// baseline; e.g. Even-Dar, Mannor & Mansour 2006).  O(1) per pull.

#include "lilucb/bandit/arm_stats.hpp"

#include <cstddef>

namespace lilucb::bandit::sampling {

class uniform {
 public:
  static constexpr const char* name() { return "uniform"; }
  template <class Session>
  std::size_t next(Session& s) {
    const std::size_t i = next_;
    next_ = next_ + 1 == s.size() ? 0 : next_ + 1;
    return i;
  }
  void observe(std::size_t, const arm_stats&) {}
  /// Every member that changes after construction, for a study's snapshot (detail/state_archive.hpp).
  template <class Archive>
  void archive_state(Archive& ar) {
    ar(next_);
  }
  /// A loaded state's next arm is one of the run's `arms` (detail/state_archive.hpp).
  bool state_is_valid(std::size_t arms) const { return next_ < arms; }

 private:
  std::size_t next_ = 0;
};

}  // namespace lilucb::bandit::sampling
