#pragma once
// Stopping a long computation from outside: a process-wide request flag that the library's long
// loops poll (a run's session every 65 536 pulls, the crossing-probability recursion every time
// step, the Monte-Carlo crossing count every path, the experiment runner before every run).
//
// Contract: after request_interrupt(), every long loop of the library that is running or starts
// throws lilucb::interrupted at its next poll, until clear_interrupt().  Whatever the loop had
// finished stays valid (an experiment's runs.csv keeps the runs recorded, so a rerun resumes).
// Polling is a relaxed atomic load: it costs nothing measurable next to a pull.  The Python
// module sets the flag on Ctrl-C; a C++ caller may set it from a signal handler (the operations
// are lock-free atomics, async-signal-safe).

#include <atomic>
#include <stdexcept>

namespace lilucb {

/// Thrown by a long computation that stopped because request_interrupt() was called.
class interrupted : public std::runtime_error {
 public:
  interrupted() : std::runtime_error("lilucb: interrupted") {}
};

namespace detail {
inline std::atomic<bool> interrupt_flag{false};
static_assert(std::atomic<bool>::is_always_lock_free);
}  // namespace detail

/// Asks every long computation of the library to stop at its next poll.
inline void request_interrupt() noexcept { detail::interrupt_flag.store(true, std::memory_order_relaxed); }
/// Withdraws the request: computations run to their end again.
inline void clear_interrupt() noexcept { detail::interrupt_flag.store(false, std::memory_order_relaxed); }
/// True while a request is pending.
inline bool interrupt_requested() noexcept { return detail::interrupt_flag.load(std::memory_order_relaxed); }
/// The poll of a long loop: throws lilucb::interrupted while a request is pending.
inline void check_interrupt() {
  if (interrupt_requested()) throw interrupted();
}

}  // namespace lilucb
