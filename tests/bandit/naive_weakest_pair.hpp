#pragma once
// The weakest-pair sampling rule (lib/include/lilucb/bandit/sampling/weakest_pair.hpp) written
// from its definition, one O(K) pass per pull: forced exploration (the first arm with the fewest
// pulls if that count is below sqrt(t/K) after t pulls); else leader L = arm_stats::empirical_best(); challenger
// C = argmin_{b != L} S1_{L,b} by a left-to-right scan with `if (v < weakest)` from +inf (ties to
// the lowest index; the first arm other than L if no value is below +inf), S1 from
// stopping::glr_one_sided_statistic; L with probability N_C/(N_L + N_C) from the run's stream.
// Tests compare the library's rule with this one pull for pull.

#include "lilucb/bandit/arm_stats.hpp"
#include "lilucb/bandit/stopping/glr_mixture.hpp"
#include "lilucb/bandit/stopping/glr_one_sided.hpp"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <utility>

namespace lilucb_test {

class naive_weakest_pair {
 public:
  naive_weakest_pair(double sigma, lilucb::bandit::stopping::mixture_grid grid = lilucb::bandit::stopping::make_mixture_grid())
      : sigma_(sigma), grid_(std::move(grid)) {}
  const char* name() const { return "naive-weakest-pair"; }
  void observe(std::size_t, const lilucb::bandit::arm_stats&) {}
  template <class Session>
  std::size_t next(Session& session) {
    const lilucb::bandit::arm_stats& s = session.stats();
    const std::size_t K = s.size();
    std::size_t least = 0;  // forced exploration: the first arm with the fewest pulls
    for (std::size_t a = 1; a < K; ++a)
      if (s.count(a) < s.count(least)) least = a;
    if (double(s.count(least)) < std::sqrt(double(s.total()) / double(K))) return least;
    const std::size_t L = s.empirical_best();
    std::size_t C = L == 0 ? 1 : 0;
    double weakest = std::numeric_limits<double>::infinity();
    for (std::size_t b = 0; b < K; ++b) {
      if (b == L) continue;
      const double v =
          lilucb::bandit::stopping::glr_one_sided_statistic(sigma_, grid_, s.count(L), s.mean(L), s.count(b), s.mean(b));
      if (v < weakest) {
        weakest = v;
        C = b;
      }
    }
    const double h = double(s.count(C)) / double(s.count(L) + s.count(C));
    return session.rng().engine().uniform01() < h ? L : C;
  }

 private:
  double sigma_;
  lilucb::bandit::stopping::mixture_grid grid_;
};

}  // namespace lilucb_test
