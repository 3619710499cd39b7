// run_experiment_mpi in a build without MPI (LILUCB_MPI=OFF or MPI not found): --mpi is refused.

#include "lilucb_experiments/mpi.hpp"

#include "lilucb/errors.hpp"

namespace lilucb::experiments {

bool mpi_built() { return false; }

std::optional<run_report> run_experiment_mpi(const experiment_config&, const std::string&, runner_options) {
  throw lilucb::domain_error("lilucb experiment", "--mpi", "(flag)",
                             "a lilucb built with MPI (this one was built without it: install Open MPI, "
                             "libopenmpi-dev, and configure with -DLILUCB_MPI=ON)");
}

}  // namespace lilucb::experiments
