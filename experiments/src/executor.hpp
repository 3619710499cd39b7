#pragma once
// How the run loop executes the runs still to do (runner.cpp): the thread pool of this process
// (the default), or the ranks of an MPI job (mpi_executor.cpp).  Whatever executes them, the
// run loop records each finished run the same way (appended to runs.csv as it arrives) and
// writes the final files from the typed rows in canonical order, so the files do not depend on
// the executor.

#include "runner_detail.hpp"

#include <nlohmann/json.hpp>

#include <functional>
#include <vector>

namespace lilucb::experiments {

class run_executor {
 public:
  virtual ~run_executor() = default;
  /// Computes every run of `todo` (runs of `plan`, whose windows are set) and calls
  /// `record(row)` once per run, one call at a time, in any order.  An exception ends the
  /// execution; rows recorded before it stay recorded.
  virtual void execute(const detail::experiment_plan& plan, const std::vector<detail::run_coords>& todo,
                       const std::function<void(run_row)>& record) = 0;
  /// What the manifest records about the executor (key "mpi"), or null.
  virtual nlohmann::json describe() const { return nullptr; }
};

}  // namespace lilucb::experiments
