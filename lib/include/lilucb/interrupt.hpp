#pragma once
// Stopping a long computation from outside.  The library's long loops poll interrupt_requested()
// (a run's session every few thousand pulls, at most 65 536, fewer with many arms; the experiment
// runner and parallel_for before every run; the crossing-probability recursion every time step
// and its boundary precomputation every 4096 steps; the Monte-Carlo crossing count every path).
//
// Two kinds of request:
//  - process-wide, request_interrupt() / clear_interrupt(): every long loop of the process stops
//    (for a C++ program's SIGINT handler: the operations are lock-free atomics, async-signal-safe);
//  - per call, a stop token installed with scoped_stop_token on the thread that calls into the
//    library: only the loops of that call stop (parallel_for and the crossing engine pass the
//    token on to the threads they start).  The Python module gives every long call its own token,
//    so Ctrl-C or a failing progress callback stops that call and no other.
// Contract: while a request is pending, every poll throws lilucb::interrupted.  Whatever the loop
// had finished stays valid (an experiment's runs.csv keeps the runs recorded, so a rerun resumes;
// the run in progress is discarded).  Without a request, results are unchanged bit for bit.

#include <atomic>
#include <stdexcept>

namespace lilucb {

/// Thrown by a long computation that stopped because an interruption was requested.
class interrupted : public std::runtime_error {
 public:
  interrupted() : std::runtime_error("lilucb: interrupted") {}
};

/// Asks every long computation of the process to stop at its next poll.
void request_interrupt() noexcept;
/// Withdraws the process-wide request.
void clear_interrupt() noexcept;
/// True while the process-wide request or the calling thread's stop token is set.
bool interrupt_requested() noexcept;
/// The poll of a long loop: throws lilucb::interrupted while interrupt_requested().
inline void check_interrupt() {
  if (interrupt_requested()) throw interrupted();
}

/// The calling thread's stop token (nullptr: none).  Code that starts threads for a computation
/// passes it on with scoped_stop_token.
const std::atomic<bool>* current_stop_token() noexcept;

/// While alive, the calling thread's polls also see `token` (nullptr: none); restores the previous
/// token on destruction.  `token` must outlive the guard.
class scoped_stop_token {
 public:
  explicit scoped_stop_token(const std::atomic<bool>* token) noexcept;
  ~scoped_stop_token();
  scoped_stop_token(const scoped_stop_token&) = delete;
  scoped_stop_token& operator=(const scoped_stop_token&) = delete;

 private:
  const std::atomic<bool>* previous_;
};

}  // namespace lilucb
