#pragma once
// Many independent runs on several threads.  Run k uses stream k of the seed (run_options::run
// = first_run + k), whatever thread executes it, and results are stored by k, so the output is
// identical for any thread count (tested for 1 and 2 threads).

#include "lilucb/bandit/run.hpp"
#include "lilucb/interrupt.hpp"

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace lilucb::bandit {

/// The threads a request for `requested` threads runs on: `requested`, or all hardware threads
/// (at least 1) when it is 0.
inline unsigned thread_count(unsigned requested) {
  return requested ? requested : std::max(1u, std::thread::hardware_concurrency());
}

/// Calls body(k) for k in [0, count) on `threads` threads (0: all hardware threads), dynamic
/// scheduling.  The first exception thrown by a body is rethrown after all threads stop.  Polls
/// for an interruption (interrupt.hpp; the caller's stop token holds on every thread) before each
/// body: lilucb::interrupted ends the loop so.
inline void parallel_for(std::size_t count, unsigned threads, const std::function<void(std::size_t)>& body) {
  threads = static_cast<unsigned>(std::min<std::size_t>(thread_count(threads), std::max<std::size_t>(count, 1)));
  std::atomic<std::size_t> next{0};
  std::exception_ptr error;
  std::mutex error_mutex;
  const std::atomic<bool>* token = current_stop_token();  // the caller's, on every thread
  auto worker = [&] {
    const scoped_stop_token stop(token);
    for (std::size_t k; (k = next.fetch_add(1)) < count;) {
      try {
        check_interrupt();
        body(k);
      } catch (...) {
        std::lock_guard<std::mutex> lock(error_mutex);
        if (!error) error = std::current_exception();
        next = count;
      }
    }
  };
  if (threads == 1) {
    worker();
  } else {
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < threads; ++t) pool.emplace_back(worker);
    for (auto& t : pool) t.join();
  }
  if (error) std::rethrow_exception(error);
}

/// `count` runs of `run_one(options)` with options.run = opts.run + k; results in run order.
template <class RunOne>
std::vector<run_result> run_many(const run_options& opts, std::size_t count, unsigned threads, RunOne run_one) {
  std::vector<run_result> results(count);
  parallel_for(count, threads, [&](std::size_t k) {
    run_options o = opts;
    o.run = opts.run + k;
    results[k] = run_one(o);
  });
  return results;
}

}  // namespace lilucb::bandit
