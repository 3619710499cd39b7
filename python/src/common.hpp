#pragma once
// Helpers shared by the binding sources: argument conversion with the library's error contract,
// and registration entry points of each area (one source file per area).

#include "lilucb/errors.hpp"
#include "lilucb/interrupt.hpp"

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <atomic>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <functional>
#include <future>
#include <limits>
#include <optional>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

namespace lilucb::python {

namespace py = pybind11;

/// Shortest text that reads back as the same double (as the library's messages write values).
inline std::string number_text(double x) {
  if (std::isnan(x)) return "nan";
  if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
  char buf[64];
  const auto r = std::to_chars(buf, buf + sizeof buf, x);
  return std::string(buf, r.ptr);
}

/// A count (number of arms, seed, ...) passed from Python as a real or an integer: a whole
/// number in [lo, 2^53] (every such number is exact in a double).  Throws lilucb::domain_error
/// naming `function` and `parameter` otherwise.
inline std::uint64_t whole_number(const char* function, const char* parameter, double x, double lo,
                                  const char* admissible) {
  if (!(x >= lo && x <= 9007199254740992.0 && std::floor(x) == x))
    throw lilucb::domain_error(function, parameter, number_text(x), admissible);
  return static_cast<std::uint64_t>(x);
}

/// A list of means from any sequence or numpy array of reals (copied).
std::vector<double> means_vector(const py::object& means);

/// A 1-D numpy array owning a copy of `v`.
template <class T>
py::array_t<T> to_numpy(const std::vector<T>& v) {
  py::array_t<T> a(static_cast<py::ssize_t>(v.size()));
  std::copy(v.begin(), v.end(), a.mutable_data());
  return a;
}

/// None for nullopt, the value otherwise.
inline py::object optional_value(const std::optional<double>& x) {
  return x ? py::object(py::float_(*x)) : py::object(py::none());
}

/// A real argument that broadcasts (numpy arrays or Python numbers, converted to float64).
using real_array = py::array_t<double, py::array::forcecast>;

/// A vectorized result whose all-scalar value is NaN (the sentinel of nullopt) becomes None.
inline py::object none_if_nan(py::object r) {
  if (py::isinstance<py::float_>(r) && std::isnan(r.cast<double>())) return py::none();
  return r;
}

namespace detail {
template <class>
using real_array_for = real_array;
}  // namespace detail

/// The Python function of a C++ function on reals whose result is std::optional<double> (pass a
/// captureless lambda with `+`): every argument broadcasts (py::vectorize), an array result holds
/// NaN where the C++ result is nullopt, and an all-scalar call returns None there.
template <class... Reals>
auto vectorize_optional(std::optional<double> (*f)(Reals...)) {
  const auto or_nan = [f](Reals... x) {
    const std::optional<double> r = f(x...);
    return r ? *r : std::numeric_limits<double>::quiet_NaN();
  };
  return [or_nan](detail::real_array_for<Reals>... a) -> py::object {
    return none_if_nan(py::vectorize(or_nan)(a...));
  };
}

/// A long call's progress for Python: the C++ work stores done and total from any thread, and
/// poll() (run by interruptible() with the GIL held) calls progress(done, total) when done moved.
/// `progress` is None (no reports: poll() is empty) or a callable; anything else raises TypeError
/// naming `function`.
class progress_report {
 public:
  progress_report(const char* function, py::object progress, std::uint64_t total = 0)
      : progress_(std::move(progress)), total_(total) {
    if (!progress_.is_none() && !PyCallable_Check(progress_.ptr()))
      throw py::type_error(std::string(function) + "(): progress: expected None or a callable progress(done, total)");
  }
  void set(std::uint64_t done, std::uint64_t total) noexcept {
    total_.store(total);
    done_.store(done);
  }
  void add_one() noexcept { done_.fetch_add(1); }
  std::function<void()> poll() {
    if (progress_.is_none()) return {};
    return [this] {
      const std::uint64_t d = done_.load(), t = total_.load();
      if (d != reported_ && t > 0) progress_(d, t);
      reported_ = d;
    };
  }

 private:
  py::object progress_;
  std::atomic<std::uint64_t> done_{0}, total_;
  std::uint64_t reported_ = std::numeric_limits<std::uint64_t>::max();
};

/// Runs `work` (C++ only: it must not touch Python objects) on a worker thread with the GIL
/// released and a stop token of its own (lilucb/interrupt.hpp), while the calling thread wakes
/// every 50 ms, takes the GIL, checks for Ctrl-C and calls `poll` (progress callbacks; may
/// raise).  On Ctrl-C or an exception from `poll` the token is set (only this call's loops
/// stop), the worker is joined and the Python exception (KeyboardInterrupt) is raised: a long
/// call returns within the poll period plus the time to the library's next poll.  Otherwise
/// returns work()'s value or rethrows its exception, after a last `poll` (the final progress).
/// Outside the main thread Python reports no signals and only `poll` can stop the call.
template <class Work>
auto interruptible(Work work, const std::function<void()>& poll = {}) -> decltype(work()) {
  using result = decltype(work());
  std::atomic<bool> stop{false};
  std::packaged_task<result()> task([&stop, &work] {
    const scoped_stop_token token(&stop);
    return work();
  });
  std::future<result> done = task.get_future();
  bool stopped = false;
  {
    py::gil_scoped_release release;
    std::thread worker(std::move(task));
    try {
      while (done.wait_for(std::chrono::milliseconds(50)) != std::future_status::ready) {
        py::gil_scoped_acquire acquire;
        stopped = PyErr_CheckSignals() != 0;
        if (!stopped && poll) {
          try {
            poll();
          } catch (py::error_already_set& e) {
            e.restore();
            stopped = true;
          }
        }
        if (stopped) break;
      }
    } catch (...) {  // anything else leaving the loop: stop and join before it propagates
      stop = true;
      worker.join();
      throw;
    }
    if (stopped) stop = true;
    worker.join();
  }
  if (stopped) throw py::error_already_set();  // the KeyboardInterrupt (or poll's exception) pending
  if constexpr (std::is_void_v<result>) {
    done.get();
    if (poll) poll();
  } else {
    result r = done.get();
    if (poll) poll();
    return r;
  }
}

void register_theory(py::module_& m);
void register_settings(py::module_& m);
void register_instance(py::module_& m);
void register_runs(py::module_& m);
void register_experiments(py::module_& m);
void register_boundaries(py::module_& m);
void register_characteristic_time(py::module_& m);
void register_identification(py::module_& m);

}  // namespace lilucb::python
