#include "lilucb/interrupt.hpp"

namespace lilucb {

namespace {
std::atomic<bool> process_request{false};
static_assert(std::atomic<bool>::is_always_lock_free);  // async-signal-safe store
thread_local const std::atomic<bool>* thread_token = nullptr;
}  // namespace

void request_interrupt() noexcept { process_request.store(true, std::memory_order_relaxed); }
void clear_interrupt() noexcept { process_request.store(false, std::memory_order_relaxed); }

bool interrupt_requested() noexcept {
  return process_request.load(std::memory_order_relaxed) ||
         (thread_token != nullptr && thread_token->load(std::memory_order_relaxed));
}

const std::atomic<bool>* current_stop_token() noexcept { return thread_token; }

scoped_stop_token::scoped_stop_token(const std::atomic<bool>* token) noexcept : previous_(thread_token) {
  thread_token = token;
}
scoped_stop_token::~scoped_stop_token() { thread_token = previous_; }

}  // namespace lilucb
