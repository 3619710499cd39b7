#pragma once
// Which part of a pooled pair (V_c, c) the pulls since the last look changed: the bookkeeping the
// pooled rules' fail tests at a tracked point share (stopping/glr_pooled_kl.hpp, glr_pooled_eb.hpp;
// glr_pooled.hpp's bound depends on the endpoints only and needs none of it).  A bound kept pull by
// pull may add one pull of V_c or of c; anything else (another pair, another point, more than one
// pull since the last look, both counts or a count moving by more than one) means starting again.

#include <cstddef>
#include <cstdint>

namespace lilucb::bandit::detail {

class tracked_pair {
 public:
  enum class change { restart, none, pooled, arm };
  /// Compares pair c at point m, with the run's total count and the pair's counts (V_c's, c's),
  /// against the last look, and records them.  Domain: any values (a first look is a restart).
  change look(std::size_t c, double m, std::uint64_t total, std::uint64_t nv, std::uint64_t nc) {
    change r = change::restart;
    if (seen_ && c == c_ && m == m_ && total == total_ + 1) {
      const std::uint64_t dv = nv - nv_, dc = nc - nc_;
      r = dv == 1 && dc == 0 ? change::pooled : dc == 1 && dv == 0 ? change::arm
                                               : dv == 0 && dc == 0 ? change::none
                                                                    : change::restart;
    }
    seen_ = true;
    c_ = c;
    m_ = m;
    total_ = total;
    nv_ = nv;
    nc_ = nc;
    return r;
  }
  std::size_t arm() const { return c_; }
  double point() const { return m_; }
  bool seen() const { return seen_; }

   /// Every member that changes after construction, for a study's snapshot (detail/state_archive.hpp).
   template <class Archive>
   void archive_state(Archive& ar) {
     ar(seen_, c_, m_, total_, nv_, nc_);
   }

 private:
  bool seen_ = false;
  std::size_t c_ = 0;
  double m_ = 0;
  std::uint64_t total_ = 0, nv_ = 0, nc_ = 0;
};

}  // namespace lilucb::bandit::detail
