#pragma once
// lil'UCB's stopping rule (Figure `fig:lilucb`): stop when T_i >= 1 + a sum_{j != i} T_j for some
// arm i, and answer the most-pulled arm.  Jamieson, Malloy, Nowak & Bubeck (2014), "lil' UCB: An
// Optimal Exploration Algorithm for Multi-Armed Bandits", COLT.  Its guarantee (Theorem
// `thm:main`) holds only together with lil'UCB's own sampling rule at the same (eps, beta, delta)
// and a >= a_min(beta, delta): compose.hpp allows it with sampling::lilucb only.
//
// The condition is monotone in T_i, so it holds for some arm exactly when it holds for the
// most-pulled arm, tracked in O(1) per pull; the test is the sign of one fused multiply-add, as in
// run_lilucb (bit-identical decisions, tested).

#include "lilucb/bandit/arm_stats.hpp"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>

namespace lilucb::bandit::stopping {

class lilucb {
 public:
  /// a > 0; `certified` and `certificate` say whether (a, and the sampling rule's parameters)
  /// meet Theorem thm:main at the user's nu, and by which statement.
  lilucb(double a, bool certified, std::string certificate)
      : a_(a), certified_(certified), certificate_(std::move(certificate)) {}

  static constexpr const char* name() { return "lilucb"; }
  void observe(std::size_t i, const arm_stats& s) {
    const std::uint64_t Ti = s.count(i);
    if (Ti > t_max_) {
      t_max_ = Ti;
      most_pulled_ = i;
    } else if (Ti == t_max_ && i < most_pulled_) {
      most_pulled_ = i;
    }
  }
  bool should_stop(const arm_stats& s) const {
    const std::uint64_t t = s.total();
    return !(std::fma(a_, static_cast<double>(t - t_max_), 1.0 - static_cast<double>(t_max_)) > 0);
  }
  std::size_t recommendation(const arm_stats&) const { return most_pulled_; }
  bool certified() const { return certified_; }
  const std::string& certificate() const { return certificate_; }

 private:
  double a_;
  bool certified_;
  std::string certificate_;
  std::uint64_t t_max_ = 0;
  std::size_t most_pulled_ = 0;
};

}  // namespace lilucb::bandit::stopping
