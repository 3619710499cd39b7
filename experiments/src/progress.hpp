#pragma once
// Progress of a long loop on stderr (private to the runner): on a terminal a bar with runs done,
// rate and ETA, redrawn every 250 ms; otherwise a plain line every 10 s and one at the end.

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <iomanip>
#include <iostream>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>

namespace lilucb::experiments::detail {

class progress_reporter {
 public:
  progress_reporter(std::string label, std::uint64_t total, bool enabled, std::ostream& out)
      : label_(std::move(label)), total_(total), enabled_(enabled && total > 0), out_(out),
        tty_(isatty(fileno(stderr)) && &out == &std::cerr), start_(clock::now()) {
    if (enabled_) thread_ = std::thread([this] { loop(); });
  }
  ~progress_reporter() { finish(); }
  void tick() { done_.fetch_add(1, std::memory_order_relaxed); }
  void finish() {
    if (!thread_.joinable()) return;
    {
      std::lock_guard<std::mutex> l(m_);
      stop_ = true;
    }
    cv_.notify_all();
    thread_.join();
    print(true);
  }

 private:
  using clock = std::chrono::steady_clock;
  void loop() {
    std::unique_lock<std::mutex> l(m_);
    const auto period = tty_ ? std::chrono::milliseconds(250) : std::chrono::milliseconds(10000);
    while (!cv_.wait_for(l, period, [this] { return stop_; })) print(false);
  }
  static std::string duration(double s) {
    if (!std::isfinite(s)) return "?";
    const auto t = static_cast<long>(s + 0.5);
    char buf[32];
    if (t >= 3600) std::snprintf(buf, sizeof buf, "%ldh%02ldm", t / 3600, t / 60 % 60);
    else std::snprintf(buf, sizeof buf, "%ldm%02lds", t / 60, t % 60);
    return buf;
  }
  void print(bool last) {
    const std::uint64_t d = done_.load();
    const double el = std::chrono::duration<double>(clock::now() - start_).count();
    const double rate = el > 0 ? static_cast<double>(d) / el : 0;
    const double eta = rate > 0 ? static_cast<double>(total_ - std::min(d, total_)) / rate : INFINITY;
    const double frac = static_cast<double>(d) / static_cast<double>(total_);
    std::ostringstream s;
    s << std::fixed << std::setprecision(1);
    if (tty_) {
      constexpr int width = 30;
      const int fill = static_cast<int>(frac * width);
      s << '\r' << label_ << " [" << std::string(fill, '#') << std::string(width - fill, '.') << "] " << d << '/'
        << total_ << " runs, " << rate << " runs/s, " << (last ? "elapsed " + duration(el) : "ETA " + duration(eta))
        << "   ";
      if (last) s << '\n';
    } else {
      s << label_ << ": " << d << '/' << total_ << " runs (" << 100 * frac << "%), " << rate << " runs/s, "
        << (last ? "elapsed " + duration(el) : "ETA " + duration(eta)) << '\n';
    }
    out_ << s.str() << std::flush;
  }

  std::string label_;
  std::uint64_t total_;
  bool enabled_;
  std::ostream& out_;
  bool tty_;
  clock::time_point start_;
  std::atomic<std::uint64_t> done_{0};
  std::mutex m_;
  std::condition_variable cv_;
  bool stop_ = false;
  std::thread thread_;
};

}  // namespace lilucb::experiments::detail
