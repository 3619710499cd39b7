#pragma once
// What the error-rate tests at a large delta (1/2) share: their run count and the adversarial
// sampling rule that knows the best arm and starves it.

#include "lilucb/bandit/arm_stats.hpp"
#include "lilucb/bandit/run.hpp"
#include "lilucb/clopper_pearson.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace lilucb_stats {

/// Runs per cell: $LILUCB_LARGE_DELTA_RUNS, or 300 (the CI entries; the long entries set 3000).
inline std::size_t large_delta_runs() {
  const char* e = std::getenv("LILUCB_LARGE_DELTA_RUNS");
  return e ? std::size_t(std::strtoull(e, nullptr, 10)) : 300;
}

/// A sampling rule that knows the best arm and starves it: a fifth of the pulls go to a uniformly
/// random arm, the rest to the empirically best arm other than the best and the leader (so the
/// lead changes hands as often as the rewards allow); the leader when there is no such arm.
class starve_the_best {
 public:
  explicit starve_the_best(std::size_t best) : best_(best) {}
  static constexpr const char* name() { return "starve-the-best"; }
  template <class Session>
  std::size_t next(Session& s) {
    const std::size_t K = s.size();
    auto& e = s.rng().engine();
    if (e.uniform01() < 0.2) return std::min(K - 1, std::size_t(e.uniform01() * double(K)));
    const auto& st = s.stats();
    const std::size_t leader = st.empirical_best();
    std::size_t pick = K;
    for (std::size_t j = 0; j < K; ++j) {
      if (j == best_ || j == leader) continue;
      if (pick == K || st.mean(j) > st.mean(pick)) pick = j;
    }
    return pick == K ? leader : pick;
  }
  void observe(std::size_t, const lilucb::bandit::arm_stats&) {}

 private:
  std::size_t best_;
};

/// One cell's count of wrong answers among R runs, with its exact one-sided Clopper-Pearson bounds
/// at level alpha (set_bounds); rejected(nu) when the lower bound exceeds nu.
struct error_tally {
  std::string name;
  std::size_t runs = 0, stopped = 0, wrong = 0;
  double lower = 0, upper = 0;
  void set_bounds(double alpha) {
    lower = lilucb::clopper_pearson_lower(wrong, runs, alpha);
    upper = lilucb::clopper_pearson_upper(wrong, runs, alpha);
  }
  bool rejected(double nu) const { return lower > nu; }
  /// Counts R runs: runs = R, the stopped ones, and among them the answers that are not good
  /// (good[arm]); then the exact bounds at alpha.
  template <class Results>
  void count(const Results& results, const std::vector<bool>& good, double alpha) {
    runs = results.size();
    for (const auto& r : results) {
      if (r.status != lilucb::bandit::run_status::stopped) continue;
      ++stopped;
      wrong += !good[r.best_arm];
    }
    set_bounds(alpha);
  }
  std::string summary() const {
    std::ostringstream os;
    os << name << ": " << wrong << " wrong of " << stopped << " stopped (" << runs << " runs), lower bound " << lower
       << ", upper bound " << upper;
    return os.str();
  }
};

/// The adversary of epsilon-good and top-m questions: it knows which arms are good (may be in a
/// correct answer) and keeps them short of pulls: a fifth of the pulls uniform, the rest to the
/// empirically best arm that is not good (the empirical best when every arm is).
class starve_the_good {
 public:
  explicit starve_the_good(std::vector<bool> good) : good_(std::move(good)) {}
  static constexpr const char* name() { return "starve-the-good"; }
  template <class Session>
  std::size_t next(Session& s) {
    const std::size_t K = s.size();
    auto& e = s.rng().engine();
    if (e.uniform01() < 0.2) return std::min(K - 1, std::size_t(e.uniform01() * double(K)));
    const auto& st = s.stats();
    std::size_t pick = K;
    for (std::size_t j = 0; j < K; ++j)
      if (!good_[j] && (pick == K || st.mean(j) > st.mean(pick))) pick = j;
    return pick == K ? st.empirical_best() : pick;
  }
  void observe(std::size_t, const lilucb::bandit::arm_stats&) {}

 private:
  std::vector<bool> good_;
};

}  // namespace lilucb_stats
