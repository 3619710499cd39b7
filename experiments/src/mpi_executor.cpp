// run_experiment_mpi (mpi.hpp): the runs of an experiment handed out by rank 0 to ranks
// 1..P-1, one at a time, through MPI's C API.
//
// The messages (MPI_COMM_WORLD; rank 0 is the only rank that touches the output folder):
//   0 -> w  start  JSON {"config", "windows"}, once rank 0 has its plan, windows and the runs to do
//   0 -> w  abort  rank 0 refused the run before the start (its error is printed by rank 0)
//   w -> 0  ready  (empty) the worker asks for its first run
//   0 -> w  run    4 x uint64: indices of algorithm, scenario and n, and the repetition
//   w -> 0  row    the run's runs.csv line (read back by parse_run); it also asks for the next run
//   0 -> w  done   (empty) no run left: the worker returns
// Dynamic distribution: a worker is handed its next run when it returns a row, so fast and slow
// runs balance themselves.  Rank 0 records rows as they arrive (appended to runs.csv, as the
// thread pool does) and the run loop writes the final files from the typed rows in canonical
// order, so the files equal a single-process run's.

#include "lilucb_experiments/mpi.hpp"

#include "executor.hpp"

#include "lilucb/errors.hpp"

#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <iostream>
#include <stdexcept>
#include <thread>

namespace lilucb::experiments {

namespace {

constexpr const char* kMpiFn = "lilucb experiment";
enum tag : int { tag_start = 1, tag_abort, tag_ready, tag_run, tag_row, tag_done };
const char* const kResume =
    "; the job ends, and a rerun of the same command (with or without --mpi) resumes from the rows in runs.csv";

/// MPI_Init_thread (funneled: rank 0's pilot runs use threads that never call MPI) and
/// MPI_Finalize, unless the caller already initialised MPI.
class mpi_session {
 public:
  mpi_session() {
    int initialised = 0;
    MPI_Initialized(&initialised);
    if (!initialised) {
      int provided = 0;
      MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
      owner_ = true;
    }
    MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
    MPI_Comm_size(MPI_COMM_WORLD, &size_);
  }
  ~mpi_session() {
    int finalised = 0;
    MPI_Finalized(&finalised);
    if (owner_ && !finalised) MPI_Finalize();
  }
  mpi_session(const mpi_session&) = delete;
  mpi_session& operator=(const mpi_session&) = delete;
  int rank() const { return rank_; }
  int size() const { return size_; }

 private:
  bool owner_ = false;
  int rank_ = 0, size_ = 1;
};

/// Ends the whole job after one line on stderr (the CLI's form).
[[noreturn]] void abort_job(std::string what) {
  std::replace(what.begin(), what.end(), '\n', ' ');
  std::cerr << "lilucb: error: " << what << std::endl;
  MPI_Abort(MPI_COMM_WORLD, 1);
  std::abort();  // not reached: MPI_Abort does not return
}

/// Waits for a message from `source` with MPI_Iprobe: polling for up to 200 us (a reply to a
/// worker usually comes within that), then with a growing pause (50 us to 5 ms), since a
/// blocking MPI_Recv in Open MPI polls at full speed and would take a core from the computing
/// ranks while it waits through a long run.
MPI_Status wait_for(int source) {
  MPI_Status st;
  int flag = 0;
  const auto spin_until = std::chrono::steady_clock::now() + std::chrono::microseconds(200);
  do {
    MPI_Iprobe(source, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &st);
    if (flag) return st;
  } while (std::chrono::steady_clock::now() < spin_until);
  std::chrono::microseconds pause(50);
  for (;;) {
    MPI_Iprobe(source, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &st);
    if (flag) return st;
    std::this_thread::sleep_for(pause);
    pause = std::min<std::chrono::microseconds>(pause * 2, std::chrono::milliseconds(5));
  }
}

/// Receives the probed message as text.
std::string receive_text(const MPI_Status& probed) {
  int len = 0;
  MPI_Get_count(&probed, MPI_CHAR, &len);
  std::string s(static_cast<std::size_t>(len), '\0');
  MPI_Recv(s.data(), len, MPI_CHAR, probed.MPI_SOURCE, probed.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  return s;
}

void send_text(const std::string& s, int dest, int t) {
  MPI_Send(s.data(), static_cast<int>(s.size()), MPI_CHAR, dest, t, MPI_COMM_WORLD);
}

/// Rank 0's executor: hands out the runs to ranks 1..P-1 and records the rows they return.
class mpi_executor final : public run_executor {
 public:
  explicit mpi_executor(int size) : size_(size) {}
  bool started() const { return started_; }
  bool finished() const { return finished_; }

  void execute(const detail::experiment_plan& plan, const std::vector<detail::run_coords>& todo,
               const std::function<void(run_row)>& record) override {
    const auto kind = plan.config().kind;
    started_ = true;
    const std::string start =
        nlohmann::json{{"config", plan.config().to_json()}, {"windows", windows_json(plan.windows())}}.dump();
    for (int w = 1; w < size_; ++w) send_text(start, w, tag_start);
    std::vector<std::optional<std::uint64_t>> handed(static_cast<std::size_t>(size_));  // the run each rank computes
    std::size_t next = 0;
    int active = size_ - 1;
    while (active > 0) {
      const MPI_Status st = wait_for(MPI_ANY_SOURCE);
      const int w = st.MPI_SOURCE;
      const std::string text = receive_text(st);
      auto& mine = handed[static_cast<std::size_t>(w)];
      if (st.MPI_TAG == tag_row) {
        auto r = parse_run(text, kind);
        const auto x = r ? plan.locate(*r) : std::nullopt;
        if (!x || !mine || plan.index_of(*x) != *mine || r->seed != plan.seed_of(*x))
          throw std::runtime_error("rank " + std::to_string(w) + " returned a row that is not the run it was handed: " +
                                   text.substr(0, 120));
        mine.reset();
        record(std::move(*r));
      } else if (st.MPI_TAG != tag_ready || mine) {
        throw std::runtime_error("rank " + std::to_string(w) + " sent an unexpected message (tag " +
                                 std::to_string(st.MPI_TAG) + ")");
      }
      if (next < todo.size()) {
        const auto& x = todo[next++];
        const std::uint64_t msg[4] = {x.a, x.s, x.z, x.rep};
        mine = plan.index_of(x);
        MPI_Send(msg, 4, MPI_UINT64_T, w, tag_run, MPI_COMM_WORLD);
      } else {
        MPI_Send(nullptr, 0, MPI_CHAR, w, tag_done, MPI_COMM_WORLD);
        --active;
      }
    }
    finished_ = true;
  }

  nlohmann::json describe() const override { return {{"ranks", size_}, {"workers", size_ - 1}}; }

 private:
  int size_;
  bool started_ = false, finished_ = false;
};

/// Ranks 1..P-1: wait for the start (or an abort), then compute the runs rank 0 hands out.
void work(const experiment_config& c, int rank) {
  const MPI_Status first = wait_for(0);
  const std::string text = receive_text(first);
  if (first.MPI_TAG == tag_abort) return;
  try {
    if (first.MPI_TAG != tag_start) throw std::runtime_error("unexpected message (tag " + std::to_string(first.MPI_TAG) + ")");
    const auto start = nlohmann::json::parse(text);
    if (const auto mine = c.to_json(); start.at("config") != mine) {
      std::string diff;  // the keys whose values differ, with both values
      for (const auto& [key, theirs] : start.at("config").items())
        if (!mine.contains(key) || mine.at(key) != theirs)
          diff += (diff.empty() ? "" : "; ") + key + ": rank 0's " + theirs.dump().substr(0, 80) + ", this rank's " +
                  (mine.contains(key) ? mine.at(key).dump().substr(0, 80) : std::string("none"));
      throw lilucb::domain_error(kMpiFn, "--mpi", "rank " + std::to_string(rank),
                                 "ranks that read the same config (" + (diff.empty() ? std::string("keys differ") : diff) + ")");
    }
    detail::experiment_plan plan(c);
    if (c.kind == experiment_kind::anytime) {
      auto w = windows_from_json(start.at("windows"));
      if (!w) throw std::runtime_error("malformed windows from rank 0");
      plan.set_windows(std::move(*w));
    }
    send_text("", 0, tag_ready);
    for (;;) {
      const MPI_Status st = wait_for(0);
      if (st.MPI_TAG == tag_done) {
        MPI_Recv(nullptr, 0, MPI_CHAR, 0, tag_done, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        return;
      }
      if (st.MPI_TAG != tag_run) throw std::runtime_error("unexpected message (tag " + std::to_string(st.MPI_TAG) + ")");
      std::uint64_t msg[4];
      MPI_Recv(msg, 4, MPI_UINT64_T, 0, tag_run, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      const detail::run_coords x{msg[0], msg[1], msg[2], msg[3]};
      send_text(to_csv(detail::planned_run(plan, x), c.kind), 0, tag_row);
    }
  } catch (const std::exception& e) {
    abort_job(std::string(kMpiFn) + " --mpi: rank " + std::to_string(rank) + " failed: " + e.what() + kResume);
  }
}

}  // namespace

bool mpi_built() { return true; }

std::optional<run_report> run_experiment_mpi(const experiment_config& c, const std::string& out_dir, runner_options opts) {
  if (opts.shard_count > 1)
    throw lilucb::domain_error(kMpiFn, "--mpi", "with --shard " + std::to_string(opts.shard_index) + "/" + std::to_string(opts.shard_count),
                               "--mpi or --shard, not both (an MPI job runs the whole experiment; shards are separate jobs "
                               "combined by `lilucb experiment merge`)");
  c.validate();
  const mpi_session mpi;
  if (mpi.size() == 1) {
    (opts.log ? *opts.log : std::cerr) << "lilucb experiment: --mpi with one rank: the runs use this process's threads\n";
    return run_experiment(c, out_dir, opts);
  }
  if (mpi.rank() != 0) {
    work(c, mpi.rank());
    return std::nullopt;
  }
  mpi_executor exec(mpi.size());
  opts.executor = &exec;
  try {
    return run_experiment(c, out_dir, opts);
  } catch (const std::exception& e) {
    if (!exec.started())  // refused or failed before the runs: the workers end quietly
      for (int w = 1; w < mpi.size(); ++w) send_text(e.what(), w, tag_abort);
    else if (!exec.finished())  // the workers are waiting for runs: end the job
      abort_job(std::string(kMpiFn) + " --mpi: rank 0 failed: " + e.what() + kResume);
    throw;
  }
}

}  // namespace lilucb::experiments
