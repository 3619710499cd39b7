#pragma once
// Helpers shared by the binding sources: argument conversion with the library's error contract,
// and registration entry points of each area (one source file per area).

#include "lilucb/bandit/arms_spec.hpp"
#include "lilucb/bandit/reward_model.hpp"
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
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <tuple>
#include <type_traits>
#include <vector>

namespace lilucb::python {

namespace py = pybind11;

// ---- the public types in the signatures -----------------------------------------------------------
// pybind11 writes a function's signature first in its __doc__, naming each type by its C++ caster, and
// python/tools/make_stub.py writes the stub lilucb/_lilucb.pyi from those lines.  Where the C++ type
// says less than the public contract (an object the binding checks itself, a whole number read as a
// double), a binding takes or returns one of these, whose caster names the public type (the names
// ArrayLike, FloatOrArray and OptFloatOrArray are the stub's aliases).

namespace detail {
inline int any_object(PyObject*) { return 1; }
}  // namespace detail

/// Any object, named ArrayLike: a real or an array of reals, checked by real_array_arg or means_vector.
class array_like : public py::object {
 public:
  PYBIND11_OBJECT_DEFAULT(array_like, object, detail::any_object)
};
/// An argument of the same kind that may be None (alpha of the boundary functions): Optional[ArrayLike].
class optional_array_like : public py::object {
 public:
  PYBIND11_OBJECT_DEFAULT(optional_array_like, object, detail::any_object)
};
/// A vectorized result, named FloatOrArray: a float for scalar arguments, an ndarray otherwise.
class float_or_array : public py::object {
 public:
  PYBIND11_OBJECT_DEFAULT(float_or_array, object, detail::any_object)
};
/// As float_or_array, None (scalar call) or NaN (array entry) where the value is vacuous: OptFloatOrArray.
class opt_float_or_array : public py::object {
 public:
  PYBIND11_OBJECT_DEFAULT(opt_float_or_array, object, detail::any_object)
};
/// A threshold given by name or as a function of t: Union[str, Callable[[float], float]].
class str_or_function : public py::object {
 public:
  PYBIND11_OBJECT_DEFAULT(str_or_function, object, detail::any_object)
};
/// A whole number the binding reads as a double (so 2.5 reaches whole_number's DomainError rather than
/// pybind11's TypeError), named int.
struct whole {
  double value;
  operator double() const { return value; }
};

}  // namespace lilucb::python

namespace pybind11::detail {
template <>
struct handle_type_name<lilucb::python::array_like> {
  static constexpr auto name = const_name("ArrayLike");
};
template <>
struct handle_type_name<lilucb::python::optional_array_like> {
  static constexpr auto name = const_name("Optional[ArrayLike]");
};
template <>
struct handle_type_name<lilucb::python::float_or_array> {
  static constexpr auto name = const_name("FloatOrArray");
};
template <>
struct handle_type_name<lilucb::python::opt_float_or_array> {
  static constexpr auto name = const_name("OptFloatOrArray");
};
template <>
struct handle_type_name<lilucb::python::str_or_function> {
  static constexpr auto name = const_name("Union[str, Callable[[float], float]]");
};
template <>
struct type_caster<lilucb::python::whole> {
  PYBIND11_TYPE_CASTER(lilucb::python::whole, const_name("int"));
  bool load(handle src, bool convert) {
    make_caster<double> d;
    if (!d.load(src, convert)) return false;
    value.value = cast_op<double>(d);
    return true;
  }
  static handle cast(const lilucb::python::whole& x, return_value_policy, handle) { return PyFloat_FromDouble(x.value); }
};
}  // namespace pybind11::detail

namespace lilucb::python {

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

/// The Python type's name, for TypeError messages.
inline std::string python_type_name(const py::handle& x) {
  return py::str(py::type::handle_of(x).attr("__name__")).cast<std::string>();
}

/// Whether x is a real number as Python and numpy spell one: an int (bool included), a float, or
/// a numpy integer, floating or bool scalar.  Strings, complex numbers and None are not.
inline bool is_real_number(const py::handle& x) {
  if (PyFloat_Check(x.ptr()) || PyLong_Check(x.ptr())) return true;
  if (PyUnicode_Check(x.ptr()) || PyBytes_Check(x.ptr()) || PyComplex_Check(x.ptr()) || x.is_none()) return false;
  const py::module_ np = py::module_::import("numpy");
  return py::isinstance(x, np.attr("integer")) || py::isinstance(x, np.attr("floating")) ||
         py::isinstance(x, np.attr("bool_"));
}

/// A real argument that may be an array (it broadcasts, or it is a sequence of values), as float64
/// after checking its type: a real number (is_real_number), or a sequence or numpy array of them
/// (dtype bool, integer or floating; an object array whose every element is a real number).
/// Anything else raises TypeError naming `signature` (the public function) and `parameter`:
/// strings are not parsed ('0.5'), complex numbers never lose their imaginary part, None is not NaN,
/// datetimes are not day counts.
inline py::array_t<double, py::array::forcecast> real_array_arg(const std::string& signature, const char* parameter,
                                                                const py::handle& x) {
  const auto refuse = [&](const std::string& got) {
    return py::type_error(signature + ": " + parameter + " must be a real number or an array of real numbers, got " + got);
  };
  if (!is_real_number(x)) {
    if (PyUnicode_Check(x.ptr()) || PyBytes_Check(x.ptr()) || PyComplex_Check(x.ptr()) || x.is_none())
      throw refuse(python_type_name(x));
    const py::array a = py::array::ensure(x);
    if (!a) throw refuse(python_type_name(x));
    const char kind = a.dtype().kind();
    if (kind == 'O') {
      if (a.ndim() == 0) throw refuse(python_type_name(x));
      for (const py::handle e : a.attr("flat"))
        if (!is_real_number(e)) throw refuse("an array holding " + python_type_name(e));
    } else if (kind != 'b' && kind != 'i' && kind != 'u' && kind != 'f') {
      throw refuse("an array of dtype " + py::str(a.dtype()).cast<std::string>());
    }
  }
  auto r = py::array_t<double, py::array::forcecast>::ensure(x);
  if (!r) throw refuse(python_type_name(x));
  return r;
}

/// A 1-D real sequence argument (real_array_arg's checks, then its shape) as a contiguous float64
/// array; `what` says what the elements are in the TypeError ("real numbers", "pull counts").
inline py::array_t<double, py::array::forcecast | py::array::c_style> real_vector_arg(const std::string& signature,
                                                                                      const char* parameter,
                                                                                      const py::handle& x,
                                                                                      const char* what) {
  const auto a = real_array_arg(signature, parameter, x);
  if (a.ndim() != 1)
    throw py::type_error(signature + ": " + parameter + " must be a 1-D sequence of " + what + ", got " +
                         (a.ndim() == 0 ? python_type_name(x) : std::to_string(a.ndim()) + "-D array"));
  return py::array_t<double, py::array::forcecast | py::array::c_style>::ensure(a);
}

/// "(3,)", "(2, 1)": a numpy shape as numpy prints it.
inline std::string shape_text(const py::array& a) {
  std::string s = "(";
  for (py::ssize_t k = 0; k < a.ndim(); ++k) s += (k ? ", " : "") + std::to_string(a.shape(k));
  return s + (a.ndim() == 1 ? ",)" : ")");
}

/// Throws lilucb::domain_error(function, "a, b", "shapes (3,) and (2,)", ...) naming the first
/// array argument and the one whose shape does not broadcast with the arguments before it
/// (numpy's rules), instead of pybind11's RuntimeError from py::vectorize.
inline void check_broadcast(const std::string& function, const std::vector<std::pair<std::string, py::array>>& args) {
  std::vector<py::ssize_t> shape;  // the broadcast shape so far, last axis last
  const std::pair<std::string, py::array>* first = nullptr;
  for (const auto& arg : args) {
    const py::array& a = arg.second;
    if (a.ndim() == 0) continue;
    const std::size_t n = std::max<std::size_t>(shape.size(), static_cast<std::size_t>(a.ndim()));
    std::vector<py::ssize_t> merged(n);
    for (std::size_t k = 0; k < n; ++k) {  // k-th axis from the end
      const py::ssize_t x = k < shape.size() ? shape[shape.size() - 1 - k] : 1;
      const py::ssize_t y = k < static_cast<std::size_t>(a.ndim()) ? a.shape(a.ndim() - 1 - static_cast<py::ssize_t>(k)) : 1;
      if (x != y && x != 1 && y != 1)
        throw lilucb::domain_error(function, first->first + ", " + arg.first,
                                   "shapes " + shape_text(first->second) + " and " + shape_text(a),
                                   "arrays whose shapes broadcast together (numpy's rules)");
      merged[n - 1 - k] = x == 1 ? y : x;
    }
    shape = std::move(merged);
    if (!first) first = &arg;
  }
}

/// A list of means from any sequence or numpy array of reals (copied); TypeError naming
/// `function` (the public one, "lilucb.best_arm") for anything else, a 2-D array included.
std::vector<double> means_vector(const char* function, const py::object& means);

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

/// A vectorized result whose all-scalar value is NaN (the sentinel of nullopt) becomes None.
inline py::object none_if_nan(py::object r) {
  if (py::isinstance<py::float_>(r) && std::isnan(r.cast<double>())) return py::none();
  return r;
}

/// What def_vectorized knows of one function: its public names, for the errors it raises.
struct vectorized_info {
  std::string function;            // "lilucb.rho": DomainErrors raised by the binding
  std::string signature;           // "lilucb.rho(eps)": TypeErrors
  std::vector<std::string> names;  // the parameters, in order
  std::vector<bool> real;          // which of them are reals (arrays)
  /// The function documents infinite results (bernoulli_kl): +-inf is a value, not an overflow.
  bool infinite_results = false;
  /// A parameter name the library uses -> the public parameters it stands for (one: a pure
  /// rename, the library's message kept; several: the library refused a quantity computed from
  /// them).  A library parameter that is neither public nor here stands for all the reals.
  std::map<std::string, std::vector<std::string>> library_names;
};

namespace detail {

template <class T>
struct call_traits : call_traits<decltype(&T::operator())> {};
template <class C, class R, class... A>
struct call_traits<R (C::*)(A...) const> {
  using result = R;
  using args = std::tuple<std::decay_t<A>...>;
};

template <class T>
struct is_optional : std::false_type {};
template <class T>
struct is_optional<std::optional<T>> : std::true_type {};

/// What Python passes for a parameter of type T: any object for a real (checked by
/// real_array_arg), T itself otherwise (a str).
template <class T>
using python_arg_t = std::conditional_t<std::is_arithmetic_v<T>, array_like, T>;
template <class T>
using converted_arg_t = std::conditional_t<std::is_arithmetic_v<T>, py::array_t<double, py::array::forcecast>, T>;

template <class T>
std::string value_text(const T& x) {
  if constexpr (std::is_arithmetic_v<T>) return number_text(static_cast<double>(x));
  else return "'" + std::string(x) + "'";
}

inline std::string joined(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : ", ") + x;
  return s;
}

/// Rethrows a library error raised inside a vectorized function so that it names public
/// parameters: as it is when it names one, renamed for library_names, else (an intermediate
/// quantity) as the refusal of the reals it was computed from, with their values.
[[noreturn]] inline void rethrow_public(const vectorized_info& info, const lilucb::domain_error& e,
                                        const std::vector<std::string>& values) {
  for (const auto& n : info.names)  // a public name, or its spelling before Python's trailing _ (lambda_)
    if (n == e.parameter() || (n.size() > 1 && n.back() == '_' && n.compare(0, n.size() - 1, e.parameter()) == 0))
      throw e;
  std::vector<std::string> who;
  const auto it = info.library_names.find(e.parameter());
  if (it != info.library_names.end()) {
    who = it->second;
  } else {
    for (std::size_t k = 0; k < info.names.size(); ++k)
      if (info.real[k]) who.push_back(info.names[k]);
  }
  if (it != info.library_names.end() && who.size() == 1) throw lilucb::domain_error(e.function(), who[0], e.value(), e.admissible());
  std::vector<std::string> shown;
  for (const auto& w : who)
    for (std::size_t k = 0; k < info.names.size(); ++k)
      if (info.names[k] == w) shown.push_back(values[k]);
  throw lilucb::domain_error(e.function(), joined(who), joined(shown),
                             "arguments at which " + e.parameter() + " is admissible: " + e.admissible() + " (here " +
                                 e.parameter() + " = " + e.value() + ")");
}

template <class T>
converted_arg_t<T> convert_arg(const vectorized_info& info, std::size_t k, const python_arg_t<T>& a) {
  if constexpr (std::is_arithmetic_v<T>) return real_array_arg(info.signature, info.names[k].c_str(), a);
  else return a;
}

template <class R, class Func, class... A, std::size_t... I, class... Extra>
void def_vectorized_impl(py::module_& m, const char* name, const std::shared_ptr<const vectorized_info>& info, Func f,
                         std::tuple<A...>*, std::index_sequence<I...>, const Extra&... extra) {
  // One element: the library's value, its errors named by public parameters, and a non-finite
  // value from finite arguments (an overflow) refused rather than returned.
  auto element = [info, f](A... x) -> double {
    double r = 0;
    try {
      if constexpr (is_optional<R>::value) {
        const std::optional<double> o = f(x...);
        if (!o) return std::numeric_limits<double>::quiet_NaN();  // the documented sentinel
        r = *o;
      } else {
        r = f(x...);
      }
    } catch (const lilucb::domain_error& e) {
      rethrow_public(*info, e, {value_text(x)...});
    }
    if (!std::isfinite(r) && !(info->infinite_results && std::isinf(r))) {
      const std::vector<std::string> values{value_text(x)...};
      std::vector<std::string> who, shown;
      for (std::size_t k = 0; k < info->names.size(); ++k)
        if (info->real[k]) {
          who.push_back(info->names[k]);
          shown.push_back(values[k]);
        }
      throw lilucb::domain_error(info->function, joined(who), joined(shown),
                                 "arguments at which the result is a finite double (here it is " + number_text(r) + ")");
    }
    return r;
  };
  m.def(
      name,
      [info, vec = py::vectorize(std::move(element))](python_arg_t<A>... a) mutable
      -> std::conditional_t<is_optional<R>::value, opt_float_or_array, float_or_array> {
        std::tuple<converted_arg_t<A>...> c{convert_arg<A>(*info, I, a)...};
        std::vector<std::pair<std::string, py::array>> arrays;
        (
            [&] {
              if constexpr (std::is_arithmetic_v<A>) arrays.emplace_back(info->names[I], std::get<I>(c));
            }(),
            ...);
        check_broadcast(info->function, arrays);
        py::object r = std::apply(vec, c);
        if constexpr (is_optional<R>::value) return none_if_nan(r);
        return r;
      },
      extra...);
}

}  // namespace detail

/// m.def(name, f, args..., doc) for a C++ function of reals (and strings) that broadcasts over
/// numpy arrays (py::vectorize), with the module's error contract: each real argument is checked
/// by real_array_arg (TypeError naming the public signature for strings, complex numbers, None,
/// datetimes...), shapes that do not broadcast raise DomainError naming both arguments, library
/// errors name public parameters (rethrow_public), and a result that is not finite for finite
/// arguments (an overflow) raises DomainError naming the reals, never returns inf or NaN.  A
/// std::optional result is None (scalar call) or NaN (array entry) where it is nullopt.
/// Returns the function's info, whose infinite_results and library_names the caller may set.
template <class Func, class... Extra>
std::shared_ptr<vectorized_info> def_vectorized(py::module_& m, const char* name, Func f, const Extra&... extra) {
  using traits = detail::call_traits<Func>;
  using args = typename traits::args;
  auto info = std::make_shared<vectorized_info>();
  info->function = std::string("lilucb.") + name;
  std::string sig;
  const auto add = [&](const auto& e) {
    using E = std::decay_t<decltype(e)>;
    if constexpr (std::is_base_of_v<py::arg, E>) {
      sig += (sig.empty() ? "" : ", ") + std::string(e.name);
      info->names.emplace_back(e.name);
      if constexpr (std::is_same_v<E, py::arg_v>)
        if (e.value) sig += "=" + py::repr(e.value).template cast<std::string>();
    }
  };
  (add(extra), ...);
  info->signature = info->function + "(" + sig + ")";
  if (info->names.size() != std::tuple_size_v<args>)
    throw std::logic_error(std::string("def_vectorized(") + name + "): one py::arg per parameter");
  info->real = [] {
    std::vector<bool> r;
    std::apply([&](auto... x) { (r.push_back(std::is_arithmetic_v<decltype(x)>), ...); }, args{});
    return r;
  }();
  detail::def_vectorized_impl<typename traits::result>(m, name, std::shared_ptr<const vectorized_info>(info), std::move(f),
                                                       static_cast<args*>(nullptr),
                                                       std::make_index_sequence<std::tuple_size_v<args>>(), extra...);
  return info;
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

// A real number argument (bool refused, as the study's arguments): TypeError otherwise.
inline double run_real_arg(const std::string& sig, const char* parameter, const py::handle& x) {
  if (PyBool_Check(x.ptr()) || !is_real_number(x))
    throw py::type_error(sig + ": " + parameter + " must be a real number (int, float or a numpy scalar), got " +
                         python_type_name(x));
  const py::object f = py::reinterpret_steal<py::object>(PyNumber_Float(x.ptr()));
  if (!f) throw py::error_already_set();
  return PyFloat_AS_DOUBLE(f.ptr());
}

/// What the keywords of run, run_many, plan and characteristic_time call the fields of an arms
/// specification, for bandit::check_arms_spec's messages.
inline bandit::arms_spec_names arms_keywords() { return {"model", "means", "sigma", "arm_sigmas", "range", "concentration"}; }

/// The bounded arms' keywords of `fn` into `a` (whose model is set): range (None or a pair (lo, hi);
/// required) and concentration (None: bounded_arms' default), each refused when given for another
/// model (`model` as the caller typed it).  Their values are bandit::check_arms_spec's to check.
inline void bounded_arms_args(const char* fn, const std::string& sig, bandit::arms_spec& a, const py::object& range,
                              const py::object& concentration, const std::string& model) {
  const bool bounded = a.model == bandit::reward_model::bounded;
  if (!range.is_none()) {
    if (!(PyList_Check(range.ptr()) || PyTuple_Check(range.ptr())) || py::len(range) != 2)
      throw py::type_error(sig + ": range must be None or a pair (lo, hi), got " + python_type_name(range));
    const py::sequence rr = py::reinterpret_borrow<py::sequence>(range);
    const double lo = run_real_arg(sig, "range[0]", rr[0]), hi = run_real_arg(sig, "range[1]", rr[1]);
    if (!bounded)
      throw lilucb::domain_error(fn, "range", "(" + number_text(lo) + ", " + number_text(hi) + ")",
                                 "None: range applies to model 'bounded' only (model '" + model + "')");
    a.lo = lo;
    a.hi = hi;
  } else if (bounded) {
    throw lilucb::domain_error(fn, "range", "None", "(lo, hi) with lo < hi, both finite, required with model 'bounded'");
  }
  if (!concentration.is_none()) {
    const double k = run_real_arg(sig, "concentration", concentration);
    if (!bounded)
      throw lilucb::domain_error(fn, "concentration", number_text(k),
                                 "None: concentration applies to model 'bounded' only (model '" + model + "')");
    a.concentration = k;
  }
}

/// The Gaussian arms' standard deviations argument arm_sigmas of `fn` (None or one real per arm):
/// nullopt for None; refused when given for a model that is not Gaussian (naming arm_sigmas), when
/// not `arms_count` values (naming arm_sigmas) or a value is not in (0, inf) (naming arm_sigmas[k]).
inline std::optional<std::vector<double>> arm_sigmas_arg(const char* fn, const py::object& arm_sigmas,
                                                         const std::string& model, std::size_t arms_count) {
  if (arm_sigmas.is_none()) return std::nullopt;
  if (model != lilucb::bandit::model_name(lilucb::bandit::reward_model::gaussian))
    throw lilucb::domain_error(fn, "arm_sigmas", "given", "None: arm_sigmas applies to model 'gaussian' only (model '" + model + "')");
  const auto v = real_vector_arg(std::string(fn) + "()", "arm_sigmas", arm_sigmas, "standard deviations (or None)");
  if (static_cast<std::size_t>(v.size()) != arms_count)
    throw lilucb::domain_error(fn, "arm_sigmas", std::to_string(v.size()) + " values",
                               "one standard deviation per arm (" + std::to_string(arms_count) + ")");
  std::vector<double> out(arms_count);
  for (py::ssize_t k = 0; k < v.size(); ++k) {
    if (!(std::isfinite(v.data()[k]) && v.data()[k] > 0))
      throw lilucb::domain_error(fn, "arm_sigmas[" + std::to_string(k) + "]", number_text(v.data()[k]), "(0, inf)");
    out[static_cast<std::size_t>(k)] = v.data()[k];
  }
  return out;
}

}  // namespace lilucb::python
