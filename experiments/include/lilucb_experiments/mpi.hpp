#pragma once
// `lilucb experiment ... --mpi`: the runner distributed over the ranks of an MPI job
// (docs/reproduction-method.md, "MPI").  Rank 0 does everything run_experiment does with the
// output folder (lock, manifest, windows, resumption, runs.csv, final files) and hands out the
// runs one at a time; ranks 1..P-1 build the same plan from the same config, receive the
// windows from rank 0, and compute the runs they are handed, asking for the next one when they
// finish one.  The files are those of a single-process run, byte for byte (manifest.json aside:
// its "machine", times, "runs" and the added "mpi" describe this job).

#include "lilucb_experiments/config.hpp"
#include "lilucb_experiments/runner.hpp"

#include <optional>
#include <string>

namespace lilucb::experiments {

/// Whether this build has MPI (CMake option LILUCB_MPI).
bool mpi_built();

/// Runs the experiment of `config` into `out_dir` over the ranks of MPI_COMM_WORLD (the
/// process initialises and finalises MPI).  Returns the report on rank 0 and nullopt on the
/// other ranks.  With one rank it is run_experiment on this process's threads.
///
/// Refused with lilucb::domain_error naming --mpi: a build without MPI; sharding
/// (opts.shard_count > 1: choose --mpi or --shard); ranks whose configs differ.  Rank 0's
/// refusals are those of run_experiment (the other ranks then end quietly).  A failure while the
/// runs are distributed (a rank that dies or throws, a file rank 0 cannot write) ends the whole
/// job with MPI_Abort after one line on stderr; runs.csv keeps every row recorded until then,
/// and a rerun of the same command, with or without --mpi, resumes.
std::optional<run_report> run_experiment_mpi(const experiment_config& config, const std::string& out_dir,
                                             runner_options opts);

}  // namespace lilucb::experiments
