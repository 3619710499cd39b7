#pragma once
// What every algorithm takes and returns.

#include "lilucb/finite_lil.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace lilucb::bandit {

enum class run_status {
  stopped,          ///< the algorithm's stopping rule fired
  budget_exhausted  ///< the user's pull budget ran out first; best_arm is the current guess
};

inline const char* to_string(run_status s) {
  return s == run_status::stopped ? "stopped" : "budget_exhausted";
}

/// Options common to every algorithm.
struct run_options {
  double nu = 0.1;                        ///< the user's error probability, in (0,1)
  double sigma = 0;                       ///< sub-Gaussian scale of every width; 0: the arms' own scale
  inner_log inner = inner_log::plus2;     ///< inner logarithm of lil'UCB's width
  std::uint64_t max_pulls = 0;            ///< pull budget; 0: unlimited
  std::uint64_t seed = 0;                 ///< random seed
  std::uint64_t run = 0;                  ///< run index: stream `run` of `seed` (one stream per run)
};

/// What every algorithm returns.
struct run_result {
  std::string algorithm;                               ///< CLI identifier, e.g. "lilucb-ls"
  std::size_t best_arm = 0;                            ///< the chosen arm (0-based)
  std::uint64_t pulls = 0;                             ///< total pulls
  std::vector<std::uint64_t> counts;                   ///< pulls per arm
  run_status status = run_status::stopped;
  std::string stopped_by;                              ///< which rule ended the run
  std::vector<std::pair<std::string, double>> parameters;  ///< every parameter used, in order
};

/// Observers see every pull (or batch of pulls of one arm) after the statistics are updated.
/// An observer type declares `static constexpr bool active`; with active == false the calls
/// are compiled out, so runs that do not observe pay nothing.
struct null_observer {
  static constexpr bool active = false;
  template <class Stats>
  void on_pulls(std::size_t, std::uint64_t, double, const Stats&) {}
};

}  // namespace lilucb::bandit
