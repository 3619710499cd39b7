#pragma once
// The aggregations of runs.csv into the summary files (docs/reproduction-method.md, "Files"):
// summary.csv for stopping-times, anytime.csv and stopping.csv for anytime.  Pure functions of
// the typed rows; the runner and `experiment merge` call them on rows in the config's order.

#include "lilucb_experiments/config.hpp"
#include "lilucb_experiments/results.hpp"

#include <cstdint>
#include <vector>

namespace lilucb::experiments {

/// The summary of `rows` per (algorithm, scenario, n) in the config's order.  Pull statistics
/// include censored runs at their budget (so they are lower bounds when censored > 0); the
/// error rate counts the stopped runs that chose a wrong arm.
std::vector<stopping_summary> summarize_stopping_times(const experiment_config& config,
                                                       const std::vector<run_row>& rows);

/// The summary of the modern experiment per (method, instance, delta) in the config's order
/// (the price of certification, docs/generated/modern.md): pull statistics as summarize_stopping_times (censored runs at their
/// budget), T* and the lower bound T* kl(delta, 1 - delta) (characteristic_time.hpp), the
/// fixed-point prediction for GLR stopping (predicted_stopping_time), error rates among stopped
/// runs with exact Clopper-Pearson 95% intervals, and whether the method is certified.
std::vector<modern_summary> summarize_modern(const experiment_config& config, const std::vector<run_row>& rows);

/// The number of arms of scenario `s` at size n: n (sparse) or n + 1 (alpha).
std::uint64_t arms_of(const scenario& s, std::uint64_t n);

/// The anytime checkpoints of a cell with window `window`: log_checkpoints from the number of
/// arms (or the window, if smaller) to the window.
std::vector<std::uint64_t> anytime_checkpoints(const experiment_config& config, const scenario& s, std::uint64_t n,
                                               std::uint64_t window);

struct anytime_summary {
  std::vector<anytime_point> curve;   ///< anytime.csv
  std::vector<stopping_mark> marks;   ///< stopping.csv
};

/// Per (scenario, n, algorithm) in the config's order: P(î ≠ i*) at every checkpoint with its
/// Clopper–Pearson 95% interval, and the median stopping time inside the window (known when more
/// than half the runs stopped).  `windows` holds one window per (scenario, n) of the config.
anytime_summary summarize_anytime(const experiment_config& config, const std::vector<run_row>& rows,
                                  const std::vector<window_row>& windows);

}  // namespace lilucb::experiments
