// Binding of the ask-tell study (study/identification.hpp): the class _lilucb._Identification,
// which lilucb/__init__.py wraps as lilucb.Identification (docstrings, typed answer and status).
//
// Every argument arrives as a Python object and is checked here: a wrong type raises TypeError
// naming the public signature; a bad value raises lilucb.DomainError naming the public argument
// ("lilucb.Identification..." for the checks made here, the library's own message for the rest).
// bool, complex and strings are never taken for numbers; NaN and infinities never pass.  A refused
// call changes nothing (the library's contract, and the checks here come before any change).
//
// Python's tell(arm, reward, id) checks that arm is the arm asked with id, in flight or among the
// last 65,536 asks (the library's tell(id, arm, reward)).
//
// load(path) and save(path) read and write the files of `lilucb study` (snapshot, journal, lock)
// through the library's read_study, study_lock and write_study: the CLI's checks and commits.

#include "py_common.hpp"

#include "lilucb/study/identification.hpp"
#include "lilucb_experiments/study_plan.hpp"

#include <pybind11/numpy.h>

#include <cmath>
#include <filesystem>
#include <optional>
#include <unordered_set>

namespace lilucb::python {

// A namespace of its own: the sources are one unity translation unit.
namespace study_binding {
namespace {

constexpr const char* sig_init =
    "lilucb.Identification(arms, model, nu, *, sigma=None, range=None, method=None, seed=1, names=None, "
    "epsilon=0.0, epsilon_relative=False, top=1, unknown_variance=False)";
constexpr const char* sig_ask = "lilucb.Identification.ask(m=None)";
constexpr const char* sig_ask_ids = "lilucb.Identification.ask_ids(m=None)";
constexpr const char* sig_tell = "lilucb.Identification.tell(arm, reward, id=None)";
constexpr const char* sig_from_json = "lilucb.Identification.from_json(text, last_written=None)";
constexpr const char* sig_load = "lilucb.Identification.load(path, last_written=None)";
constexpr const char* sig_save = "lilucb.Identification.save(path=None)";
constexpr const char* fn_load = "lilucb.Identification.load";
constexpr const char* fn_save = "lilucb.Identification.save";
constexpr const char* sig_tell_many = "lilucb.Identification.tell_many(ids, arms, rewards)";
constexpr const char* sig_plan =
    "lilucb.Identification.plan(runs=200, seed=1, threads=None, max_pulls=1000000, concentration=None, progress=False)";
constexpr const char* sig_expire = "lilucb.Identification.expire(through, reward=0, outcomes=None)";
constexpr const char* fn_init = "lilucb.Identification";
constexpr const char* fn_tell = "lilucb.Identification.tell";
constexpr std::size_t max_batch = 10'000'000;  // the library's limit on ask(m)

/// The Python type's name, for TypeError messages.
std::string type_name(const py::handle& x) { return py::str(py::type::handle_of(x).attr("__name__")); }

[[noreturn]] void wrong_type(const char* signature, const char* parameter, const char* expected, const py::handle& x) {
  throw py::type_error(std::string(signature) + ": " + parameter + " must be " + expected + ", got " + type_name(x));
}

/// float(x) for a number that is not a Python float (numpy floating scalars: float32, longdouble...).
double float_of(const py::handle& x) {
  const py::object f = py::reinterpret_steal<py::object>(PyNumber_Float(x.ptr()));
  if (!f) throw py::error_already_set();
  return PyFloat_AS_DOUBLE(f.ptr());
}

bool is_numpy(const py::handle& x, const char* type) {
  // Only reached for objects that are not Python ints or floats: numpy scalars and the rest.
  const py::module_ np = py::module_::import("numpy");
  return py::isinstance(x, np.attr(type));
}

/// A real number from a Python int or float or a numpy integer or floating scalar; bool, complex,
/// strings and everything else raise TypeError.  The value is not checked (NaN passes through, for
/// the library to refuse with its message).  An int too large for a double gives +-inf.
double real_arg(const char* signature, const char* parameter, const py::handle& x) {
  constexpr const char* expected = "a real number (int, float or a numpy scalar)";
  if (PyBool_Check(x.ptr())) wrong_type(signature, parameter, expected, x);
  if (PyFloat_Check(x.ptr())) return PyFloat_AS_DOUBLE(x.ptr());
  const bool integer = PyLong_Check(x.ptr()) || is_numpy(x, "integer");
  if (!integer && !is_numpy(x, "floating")) wrong_type(signature, parameter, expected, x);
  if (integer) {
    const py::int_ i = py::reinterpret_steal<py::int_>(PyNumber_Index(x.ptr()));
    if (!i) throw py::error_already_set();
    const double d = PyLong_AsDouble(i.ptr());
    if (d == -1.0 && PyErr_Occurred()) {  // beyond the doubles: an infinite value
      PyErr_Clear();
      return PyObject_RichCompareBool(i.ptr(), py::int_(0).ptr(), Py_LT) ? -HUGE_VAL : HUGE_VAL;
    }
    return d;
  }
  return float_of(x);  // numpy floating (float32, longdouble...)
}

/// A whole number in [lo, hi] from a Python int or a numpy integer, or from a real that is a whole
/// number (as the module's other counts: 3.0 is 3, 2.5 is refused); bool and other types raise
/// TypeError, a value outside [lo, hi] raises DomainError(fn, parameter, ..., admissible).
std::uint64_t whole_arg(const char* signature, const char* fn, const char* parameter, const py::handle& x,
                        std::uint64_t lo, std::uint64_t hi, const std::string& admissible) {
  constexpr const char* expected = "an int (or a numpy integer)";
  if (PyBool_Check(x.ptr())) wrong_type(signature, parameter, expected, x);
  if (PyLong_Check(x.ptr()) || is_numpy(x, "integer")) {
    const py::int_ i = py::reinterpret_steal<py::int_>(PyNumber_Index(x.ptr()));
    if (!i) throw py::error_already_set();
    const std::string text = py::str(i.ptr()).cast<std::string>();
    if (PyObject_RichCompareBool(i.ptr(), py::int_(0).ptr(), Py_LT)) throw lilucb::domain_error(fn, parameter, text, admissible);
    const unsigned long long v = PyLong_AsUnsignedLongLong(i.ptr());
    if (PyErr_Occurred()) {  // beyond 2^64 - 1
      PyErr_Clear();
      throw lilucb::domain_error(fn, parameter, text, admissible);
    }
    if (v < lo || v > hi) throw lilucb::domain_error(fn, parameter, text, admissible);
    return v;
  }
  if (PyFloat_Check(x.ptr()) || is_numpy(x, "floating")) {
    const double d = float_of(x);
    if (!(std::floor(d) == d && d >= static_cast<double>(lo) && d <= static_cast<double>(hi) && d <= 9007199254740992.0))
      throw lilucb::domain_error(fn, parameter, number_text(d), admissible);
    return static_cast<std::uint64_t>(d);
  }
  wrong_type(signature, parameter, expected, x);
}

/// A list of names (str), checked distinct and non-empty, refused as `parameter`.
std::vector<std::string> names_arg(const char* parameter, const py::handle& x) {
  std::vector<std::string> names;
  const py::sequence seq = py::reinterpret_borrow<py::sequence>(x);
  std::unordered_set<std::string> seen;
  for (std::size_t k = 0; k < seq.size(); ++k) {
    const py::object item = seq[k];
    if (!py::isinstance<py::str>(item)) {
      const std::string what = std::string(parameter) + "[" + std::to_string(k) + "]";
      wrong_type(sig_init, what.c_str(), "a str (an arm's name)", item);
    }
    std::string n = item.cast<std::string>();
    if (n.empty() || !seen.insert(n).second) {
      const std::string what = std::string(parameter) + "[" + std::to_string(k) + "]";
      throw lilucb::domain_error(fn_init, what, lilucb::detail::quoted(n), "distinct non-empty names");
    }
    names.push_back(std::move(n));
  }
  return names;
}

bool is_list_or_tuple(const py::handle& x) { return PyList_Check(x.ptr()) || PyTuple_Check(x.ptr()); }

bandit::study_settings settings_from(const py::object& arms, const py::object& model, const py::object& nu,
                                 const py::object& sigma, const py::object& range, const py::object& method,
                                 const py::object& seed, const py::object& names, const py::object& epsilon,
                                 const py::object& epsilon_relative, const py::object& top,
                                 const py::object& unknown_variance) {
  bandit::study_settings s;
  // arms: K, or the names (then K = len(names)).
  if (is_list_or_tuple(arms)) {
    if (!names.is_none())
      throw lilucb::domain_error(fn_init, "names", py::repr(names), "None when arms is a list of names (the names are the arms)");
    s.names = names_arg("arms", arms);
    if (s.names.empty()) throw lilucb::domain_error(fn_init, "arms", "[]", "K >= 1, or a list of K >= 1 distinct names");
    s.arms = s.names.size();
  } else {
    if (PyBool_Check(arms.ptr()) ||
        !(PyLong_Check(arms.ptr()) || PyFloat_Check(arms.ptr()) || is_numpy(arms, "integer") || is_numpy(arms, "floating")))
      wrong_type(sig_init, "arms", "an int K or a list of names", arms);
    s.arms = whole_arg(sig_init, fn_init, "arms", arms, 1, std::numeric_limits<std::uint64_t>::max(),
                       "K >= 1, or a list of K >= 1 distinct names");
    if (!names.is_none()) {
      if (!is_list_or_tuple(names)) wrong_type(sig_init, "names", "None or a list of str", names);
      s.names = names_arg("names", names);
      if (s.names.size() != s.arms)
        throw lilucb::domain_error(fn_init, "names", std::to_string(s.names.size()) + " names",
                                   "None, or one name per arm (" + std::to_string(s.arms) + ")");
    }
  }
  if (!py::isinstance<py::str>(model)) wrong_type(sig_init, "model", "a str ('gaussian', 'bernoulli' or 'bounded')", model);
  s.model = bandit::parse_reward_model(fn_init, "model", model.cast<std::string>());
  s.nu = real_arg(sig_init, "nu", nu);
  // unknown_variance: Gaussian rewards of unknown standard deviations (then no sigma).
  if (!PyBool_Check(unknown_variance.ptr())) wrong_type(sig_init, "unknown_variance", "a bool", unknown_variance);
  s.unknown_variance = unknown_variance.cast<bool>();
  if (s.unknown_variance && s.model != bandit::reward_model::gaussian)
    throw lilucb::domain_error(fn_init, "unknown_variance", "True with model " + std::string(bandit::model_name(s.model)),
                               "False: unknown_variance applies to model gaussian only");
  // sigma: the Gaussian model's scale, and only its.
  if (s.unknown_variance) {
    if (!sigma.is_none()) {
      const double v = real_arg(sig_init, "sigma", sigma);
      throw lilucb::domain_error(fn_init, "sigma", number_text(v), "None with unknown_variance=True");
    }
  } else if (s.model == bandit::reward_model::gaussian) {
    if (sigma.is_none())
      throw lilucb::domain_error(fn_init, "sigma", "None", "(0, inf), required with model gaussian (or unknown_variance=True)");
    s.sigma = real_arg(sig_init, "sigma", sigma);
  } else if (!sigma.is_none()) {
    const double v = real_arg(sig_init, "sigma", sigma);
    throw lilucb::domain_error(fn_init, "sigma", number_text(v),
                               std::string("None: sigma applies to model gaussian only (model ") + bandit::model_name(s.model) + ")");
  }
  // range: the bounded model's [lo, hi], and only its.
  if (!range.is_none()) {
    if (!is_list_or_tuple(range) || py::len(range) != 2) wrong_type(sig_init, "range", "None or a pair (lo, hi)", range);
    const py::sequence r = py::reinterpret_borrow<py::sequence>(range);
    const double lo = real_arg(sig_init, "range[0]", r[0]), hi = real_arg(sig_init, "range[1]", r[1]);
    const std::string text = "(" + number_text(lo) + ", " + number_text(hi) + ")";
    if (s.model != bandit::reward_model::bounded)
      throw lilucb::domain_error(fn_init, "range", text,
                                 std::string("None: range applies to model bounded only (model ") + bandit::model_name(s.model) + ")");
    // (hi - lo)/2 is the rewards' sub-Gaussian scale: it must be a positive double, not 0 by
    // underflow (range = (0, 5e-324)), which the stopping rule would refuse as its sigma.
    if (!(std::isfinite(lo) && std::isfinite(hi) && lo < hi && std::isfinite(hi - lo) && (hi - lo) / 2 > 0))
      throw lilucb::domain_error(fn_init, "range", text, "(lo, hi) with lo < hi, both finite, (hi - lo)/2 > 0");
    s.lo = lo;
    s.hi = hi;
  } else if (s.model == bandit::reward_model::bounded) {
    throw lilucb::domain_error(fn_init, "range", "None", "(lo, hi) with lo < hi, both finite, required with model bounded");
  }
  if (!method.is_none()) {
    if (!py::isinstance<py::str>(method)) wrong_type(sig_init, "method", "None or a str 'SAMPLING+STOPPING'", method);
    s.method = method.cast<std::string>();
    if (s.method.empty())
      throw lilucb::domain_error(fn_init, "method", "''", "None (the recommended method) or a combination SAMPLING+STOPPING");
  }
  s.seed = whole_arg(sig_init, fn_init, "seed", seed, 0, std::numeric_limits<std::uint64_t>::max(),
                     "a whole number in [0, 2^64 - 1]");
  // The question: epsilon (a real >= 0; 0 = the best arm) and epsilon_relative (a bool).
  s.target.epsilon = real_arg(sig_init, "epsilon", epsilon);
  if (!PyBool_Check(epsilon_relative.ptr())) wrong_type(sig_init, "epsilon_relative", "a bool", epsilon_relative);
  s.target.relative = epsilon_relative.cast<bool>();
  // top: a whole number >= 1 (1 = one arm; m > 1 the top m arms).
  s.target.top = whole_arg(sig_init, fn_init, "top", top, 1, std::numeric_limits<std::uint64_t>::max(),
                           "a whole number in [1, K - 1] (1: one arm)");
  return s;
}

/// The study and the arm of every ask (index: the id).
class study {
 public:
  study(const py::object& arms, const py::object& model, const py::object& nu, const py::object& sigma,
        const py::object& range, const py::object& method, const py::object& seed, const py::object& names,
        const py::object& epsilon, const py::object& epsilon_relative, const py::object& top,
        const py::object& unknown_variance)
      : s_(settings_from(arms, model, nu, sigma, range, method, seed, names, epsilon, epsilon_relative, top,
                         unknown_variance)) {}

  static study load(const py::object& text, const py::object& last_written) {
    if (!py::isinstance<py::str>(text) && !py::isinstance<py::bytes>(text))
      wrong_type(sig_from_json, "text", "a str (the text of to_json())", text);
    std::string t;
    if (py::isinstance<py::str>(text)) {
      // A str that is not valid Unicode text (a lone surrogate) has no UTF-8 form: not a state.
      Py_ssize_t size = 0;
      const char* utf8 = PyUnicode_AsUTF8AndSize(text.ptr(), &size);
      if (!utf8) {
        PyErr_Clear();
        throw lilucb::domain_error("lilucb.Identification.from_json", "state", "a str that is not valid Unicode text",
                                   "the JSON state written by to_json()");
      }
      t.assign(utf8, static_cast<std::size_t>(size));
    } else {
      t = text.cast<std::string>();
    }
    const auto last = history_arg(sig_from_json, "lilucb.Identification.from_json", last_written);
    return study(bandit::identification::from_json(t, last));  // checks the state, replaying its events
  }

  /// Identification.load(path, last_written): the study kept in the files `lilucb study` writes,
  /// read by the library's read_study (every check of a load), against last_written or, without it,
  /// the history STATE.lock records (as the CLI's readers).
  static study load_files(const py::object& path, const py::object& last_written) {
    const std::string p = path_arg(sig_load, fn_load, path);
    auto last = history_arg(sig_load, fn_load, last_written);
    if (!last) last = bandit::peek_study_record(p);
    auto stored = on_files(fn_load, p, [&] { return bandit::read_study(p, last, false, fn_load); });
    study out(std::move(stored.study));
    out.whole_state_ = stored.whole_state;
    out.covered_ = stored.covered;
    out.path_ = p;
    out.written_ = out.s_.history();
    return out;
  }

  /// Identification.save(path): the study's events since it was loaded or last saved, committed to
  /// its files by the library's write_study under STATE.lock (as `lilucb study tell` commits them).
  /// A study not yet kept in files goes to a path where no file exists; one loaded or saved before
  /// goes back to its own files, refused when another writer changed them since.
  void save_files(const py::object& path) {
    if (path.is_none() && path_.empty())
      throw lilucb::domain_error(fn_save, "path", "None", "a path (this study was neither loaded from files nor saved to them)");
    const std::string p = path.is_none() ? path_ : path_arg(sig_save, fn_save, path);
    std::error_code ec;
    const bool own = !path_.empty() && std::filesystem::equivalent(p, path_, ec);
    if (!path_.empty() && !own)
      throw lilucb::domain_error(fn_save, "path", p, "the files this study was loaded from or saved to (" + path_ +
                                                         "): a study kept in files is saved there (copy the files to move it)");
    const auto absent = [&] { return std::filesystem::symlink_status(p, ec).type() == std::filesystem::file_type::not_found; };
    if (!own && !absent()) throw lilucb::domain_error(fn_save, "path", p, "a path where no file exists yet (a new study's files)");
    on_files(fn_save, p, [&] {
      bandit::study_lock lock(p, fn_save);
      if (own) {
        const auto record = lock.record();
        if (record && written_ && (record->events != written_->events || record->head != written_->head))
          throw lilucb::domain_error(fn_save, "path", p, "the files as this study read or last wrote them (another writer "
                                                         "changed them since: load the study again)");
      } else if (!absent()) {
        throw lilucb::domain_error(fn_save, "path", p, "a path where no file exists yet (a new study's files)");
      }
      bandit::stored_study stored{std::move(s_), own ? whole_state_ : true, own ? covered_ : 0};
      try {
        bandit::write_study(p, stored, lock, fn_save);
      } catch (...) {
        s_ = std::move(stored.study);  // unchanged: write_study commits nothing when it throws
        throw;
      }
      s_ = std::move(stored.study);
      whole_state_ = stored.whole_state;
      covered_ = stored.covered;
      path_ = p;
      written_ = s_.history();
      return 0;
    });
  }

  py::dict history() const {
    const auto h = s_.history();
    py::dict d;
    d["events"] = h.events;
    d["digest"] = h.head;
    d["settings_digest"] = h.settings;
    return d;
  }

  /// Rewards of asked pulls, one per id, in the order given; all checked before any is counted, so a
  /// refused call changes nothing.  Returns the number counted (ids told before are not).
  std::size_t tell_many(const py::object& ids_obj, const py::object& arms_obj, const py::object& rewards_obj) {
    constexpr const char* fn = "lilucb.Identification.tell_many";
    py::array_t<std::uint64_t, py::array::c_style | py::array::forcecast> ids;
    py::array_t<std::int64_t, py::array::c_style | py::array::forcecast> arms;
    py::array_t<double, py::array::c_style | py::array::forcecast> rewards;
    const auto as_array = [&](auto& out, const py::object& x, const char* name, const char* kind) {
      if (py::isinstance<py::str>(x) || py::isinstance<py::bytes>(x)) wrong_type(sig_tell_many, name, kind, x);
      try {
        out = std::remove_reference_t<decltype(out)>::ensure(x);
      } catch (const py::error_already_set&) {
        out = {};
      }
      if (!out || out.ndim() != 1) wrong_type(sig_tell_many, name, kind, x);
    };
    as_array(ids, ids_obj, "ids", "a one-dimensional sequence of whole numbers (ids from ask_ids())");
    as_array(arms, arms_obj, "arms", "a one-dimensional sequence of arm indices");
    as_array(rewards, rewards_obj, "rewards", "a one-dimensional sequence of real numbers");
    // A cast would truncate floats to integers, or read dates or bools as numbers: ids and arms must
    // come as integers, rewards as real numbers.
    for (const auto* x : {&ids_obj, &arms_obj, &rewards_obj}) {
      const py::array a = py::array::ensure(*x);
      const char kind = a ? a.dtype().kind() : '?';
      const bool whole = kind == 'i' || kind == 'u';
      if (x == &rewards_obj ? !(whole || kind == 'f') : !whole)
        throw lilucb::domain_error(fn, x == &ids_obj ? "ids" : x == &arms_obj ? "arms" : "rewards",
                                   "an array of dtype " + (a ? py::str(a.dtype()).cast<std::string>() : std::string("?")),
                                   x == &rewards_obj ? "real numbers (a float or integer array, or a list of numbers)"
                                                     : "whole numbers (an integer array or a list of ints)");
    }
    const std::size_t n = static_cast<std::size_t>(ids.size());
    if (n == 0) throw lilucb::domain_error(fn, "ids", "[]", "at least one id (one per reward told)");
    if (static_cast<std::size_t>(arms.size()) != n || static_cast<std::size_t>(rewards.size()) != n)
      throw lilucb::domain_error(fn, "arms", std::to_string(arms.size()) + " arms and " + std::to_string(rewards.size()) + " rewards",
                                 std::to_string(n) + " of each (one per id)");
    std::vector<std::size_t> arm_index(n);
    for (std::size_t k = 0; k < n; ++k) {
      const std::int64_t a = arms.data()[k];
      arm_index[k] = a < 0 ? std::numeric_limits<std::size_t>::max() : static_cast<std::size_t>(a);
    }
    try {
      return s_.tell_many({ids.data(), n}, arm_index, {rewards.data(), n});
    } catch (const lilucb::domain_error& e) {
      throw lilucb::domain_error(fn, e.parameter(), e.value(), e.admissible());
    }
  }

  py::object ask(const py::object& m) {
    if (m.is_none()) {
      return py::int_(s_.ask().arm);
    }
    py::list out;
    for (const auto& a : ask_batch(sig_ask, "lilucb.Identification.ask", m)) out.append(a.arm);
    return out;
  }

  py::object ask_ids(const py::object& m) {
    if (m.is_none()) {
      const auto a = s_.ask();
      return py::make_tuple(a.id, a.arm);
    }
    py::list out;
    for (const auto& a : ask_batch(sig_ask_ids, "lilucb.Identification.ask_ids", m)) out.append(py::make_tuple(a.id, a.arm));
    return out;
  }

  bool tell(const py::object& arm_obj, const py::object& reward_obj, const py::object& id_obj) {
    const std::size_t K = s_.settings().arms;
    const std::size_t arm = whole_arg(sig_tell, fn_tell, "arm", arm_obj, 0, K - 1, "0 to " + std::to_string(K - 1));
    const double reward = real_arg(sig_tell, "reward", reward_obj);
    if (id_obj.is_none()) {
      s_.tell_arm(arm, reward);
      return true;
    }
    const std::uint64_t id = whole_arg(sig_tell, fn_tell, "id", id_obj, 0, std::numeric_limits<std::uint64_t>::max(),
                                       "an id returned by ask_ids()");
    return s_.tell(id, arm, reward);  // refuses another arm than the ask's, an id never asked, a bad reward
  }

  /// Identification.expire(through, reward=0, outcomes=None): the library's expire, its errors
  /// named as here (outcomes: a dict id -> reward).
  std::size_t expire(const py::object& through_obj, const py::object& reward_obj, const py::object& outcomes_obj) {
    constexpr const char* fn = "lilucb.Identification.expire";
    const std::uint64_t through = whole_arg(sig_expire, fn, "through", through_obj, 0, std::numeric_limits<std::uint64_t>::max(),
                                            "an id returned by ask_ids()");
    const double reward = real_arg(sig_expire, "reward", reward_obj);
    std::vector<bandit::study_outcome> outcomes;
    if (!outcomes_obj.is_none()) {
      if (!py::isinstance<py::dict>(outcomes_obj)) wrong_type(sig_expire, "outcomes", "a dict id -> reward or None", outcomes_obj);
      for (const auto& [k, v] : py::reinterpret_borrow<py::dict>(outcomes_obj)) {
        const std::uint64_t id = whole_arg(sig_expire, fn, "outcomes", py::reinterpret_borrow<py::object>(k), 0,
                                           std::numeric_limits<std::uint64_t>::max(), "ids returned by ask_ids() as keys");
        outcomes.push_back({id, real_arg(sig_expire, "outcomes", v), std::nullopt});
      }
    }
    try {
      return s_.expire(through, reward, outcomes);
    } catch (const lilucb::domain_error& e) {
      if (e.parameter() == "reward" || e.parameter() == "outcomes")
        throw lilucb::domain_error(fn, e.parameter(), e.value(), e.admissible());
      throw lilucb::domain_error(fn, "through", number_text(py::cast<double>(through_obj)), e.admissible());
    }
  }

  bool done() const { return s_.done(); }

  py::dict answer() {
    const auto a = s_.answer();
    py::dict d;
    d["best_arm"] = a.best_arm;
    d["best_name"] = name_of(a.best_arm);
    d["answer"] = a.answer_set.empty() ? py::object(py::none()) : py::object(py::tuple(py::cast(a.answer_set)));
    d["done"] = a.done;
    d["certified"] = a.certified;
    d["certificate"] = a.certificate;
    py::list evidence;
    for (const auto& e : a.evidence) {
      py::dict x;
      x["arm"] = e.arm;
      x["statistic"] = e.statistic;
      x["threshold"] = e.threshold;
      evidence.append(x);
    }
    d["evidence"] = evidence;
    d["evidence_note"] = a.evidence_note;
    return d;
  }

  py::dict status() {
    const auto st = s_.status();
    py::dict d;
    d["pulls"] = st.pulls;
    d["pending"] = st.pending;
    d["means"] = st.means;
    d["total_pulls"] = st.total_pulls;
    d["total_pending"] = st.total_pending;
    d["leader"] = st.leader;
    d["done"] = st.done;
    d["remaining_estimate"] = optional_value(st.remaining_estimate);
    d["remaining_range"] = py::list(py::make_tuple(optional_value(st.remaining_low), optional_value(st.remaining_high)));
    d["sds"] = st.sds.empty() ? py::object(py::none()) : py::object(py::cast(st.sds));
    return d;
  }

  /// Identification.plan: the library's plan_study (lilucb_experiments/study_plan.hpp), its JSON
  /// as text (the one writer of its fields; the Python side parses it).
  std::string plan(const py::object& runs_obj, const py::object& seed_obj, const py::object& threads_obj,
                   const py::object& max_pulls_obj, const py::object& concentration, const py::object& progress) {
    constexpr const char* fn = "lilucb.Identification.plan";
    experiments::study_plan_request q;
    q.runs = whole_arg(sig_plan, fn, "runs", runs_obj, 1, 1'000'000, "a whole number in [1, 10^6]");
    q.seed = whole_arg(sig_plan, fn, "seed", seed_obj, 0, std::numeric_limits<std::uint64_t>::max(), "a whole number in [0, 2^64)");
    q.max_pulls = whole_arg(sig_plan, fn, "max_pulls", max_pulls_obj, 1, std::uint64_t{1} << 63, "a whole number in [1, 2^63]");
    if (!threads_obj.is_none())
      q.threads = static_cast<unsigned>(
          whole_arg(sig_plan, fn, "threads", threads_obj, 0, 1024, "None or a whole number in [0, 1024] (0: all cores)"));
    if (!concentration.is_none()) {
      const double k = real_arg(sig_plan, "concentration", concentration);
      if (s_.settings().model != bandit::reward_model::bounded)
        throw lilucb::domain_error(fn, "concentration", number_text(k),
                                   std::string("None: concentration applies to a 'bounded' study only (this one is '") +
                                       bandit::model_name(s_.settings().model) + "')");
      if (!(std::isfinite(k) && k > 0)) throw lilucb::domain_error(fn, "concentration", number_text(k), "(0, inf)");
      q.concentration = k;
    }
    progress_report report(fn, progress);
    q.progress = [&report](std::size_t done, std::size_t total) { report.set(done, total); };
    experiments::study_plan p;
    try {
      // Forked here, with the GIL held: the workers then read the fork, never the live study.
      const auto now = s_.fork();
      interruptible([&] { p = experiments::plan_study(now, q); }, report.poll());
    } catch (const lilucb::domain_error& e) {
      // The library's names are Python's arguments; "study" is the object itself.
      throw lilucb::domain_error(fn, e.parameter() == "study" ? "self" : e.parameter(), e.value(), e.admissible());
    }
    return experiments::to_json(p).dump();
  }

  std::string to_json() const { return s_.to_json(); }
  std::string method() const { return s_.method(); }

  py::dict settings() const {
    const auto& s = s_.settings();
    py::dict d;
    d["arms"] = s.arms;
    d["names"] = s.names.empty() ? py::object(py::none()) : py::object(py::tuple(py::cast(s.names)));
    d["model"] = bandit::model_name(s.model);
    d["nu"] = s.nu;
    d["sigma"] = s.model == bandit::reward_model::gaussian && !s.unknown_variance ? py::object(py::float_(s.sigma))
                                                                                 : py::object(py::none());
    d["unknown_variance"] = s.unknown_variance;
    d["range"] = s.model == bandit::reward_model::bounded ? py::object(py::make_tuple(s.lo, s.hi)) : py::object(py::none());
    d["method"] = s.method;
    d["seed"] = s.seed;
    d["epsilon"] = s.target.epsilon;
    d["epsilon_relative"] = s.target.relative;
    d["top"] = s.target.top;
    return d;
  }

 private:
  explicit study(bandit::identification s) : s_(std::move(s)) {}

  std::vector<bandit::study_ask> ask_batch(const char* signature, const char* fn, const py::object& m) {
    const std::size_t n = whole_arg(signature, fn, "m", m, 1, max_batch, "None or 1 to " + std::to_string(max_batch));
    return s_.ask(n);
  }

  py::object name_of(std::size_t arm) const {
    const auto& names = s_.settings().names;
    return names.empty() ? py::object(py::none()) : py::object(py::str(names[arm]));
  }

  /// The last_written argument: None, or the dict history() returned.
  static std::optional<bandit::study_history> history_arg(const char* signature, const char* fn, const py::object& last_written) {
    if (last_written.is_none()) return std::nullopt;
    if (!py::isinstance<py::dict>(last_written)) wrong_type(signature, "last_written", "None or the dict history() returned", last_written);
    const auto d = last_written.cast<py::dict>();
    if (!d.contains("events") || !d.contains("digest") || !d.contains("settings_digest"))
      throw lilucb::domain_error(fn, "last_written", py::str(last_written).cast<std::string>(),
                                 "the dict history() returned: events, digest, settings_digest");
    return bandit::study_history{whole_arg(signature, fn, "last_written['events']", d["events"], 0,
                                           std::numeric_limits<std::uint64_t>::max(), "a whole number"),
                                 py::str(d["digest"]).cast<std::string>(), py::str(d["settings_digest"]).cast<std::string>()};
  }

  /// A path: a str (os.fspath'ed by the Python wrapper) of valid Unicode without NUL.
  static std::string path_arg(const char* signature, const char* fn, const py::object& path) {
    if (!py::isinstance<py::str>(path)) wrong_type(signature, "path", "a str or os.PathLike (the study's state file)", path);
    Py_ssize_t size = 0;
    const char* utf8 = PyUnicode_AsUTF8AndSize(path.ptr(), &size);
    if (!utf8) {
      PyErr_Clear();
      throw lilucb::domain_error(fn, "path", "a str that is not valid Unicode text", "a file path");
    }
    std::string p(utf8, static_cast<std::size_t>(size));
    if (p.empty() || p.find('\0') != std::string::npos) throw lilucb::domain_error(fn, "path", ::lilucb::detail::quoted(p), "a file path (not empty, no NUL)");
    return p;
  }

  /// f() with the files' errors as DomainError naming path: an io_error (missing, unreadable, of the
  /// wrong kind, locked out), and the state's own refusals (a state that is not one, or differs).
  template <class F>
  static auto on_files(const char* fn, const std::string& path, F&& f) -> decltype(f()) {
    try {
      return f();
    } catch (const lilucb::io_error& e) {
      throw lilucb::domain_error(fn, "path", e.path(), std::string("a file that can be read and written; this path ") + e.reason());
    } catch (const lilucb::domain_error& e) {
      if (e.parameter() != "state") throw;
      throw lilucb::domain_error(fn, "path", path, e.admissible());
    }
  }

  bandit::identification s_;
  bool whole_state_ = true;                    // not yet kept in files, or read from a whole JSON state
  std::uint64_t covered_ = 0;                  // the journal bytes its files' snapshot covers
  std::string path_;                           // the files it was loaded from or saved to ("" none)
  std::optional<bandit::study_history> written_;  // its history when last read from or written to them
};

}  // namespace
}  // namespace study_binding

void register_identification(py::module_& m) {
  using py::arg;
  using study_binding::study;
  py::class_<study>(m, "_Identification",
                    "The ask-tell study (lilucb::bandit::identification); use lilucb.Identification.")
      .def(py::init<const py::object&, const py::object&, const py::object&, const py::object&, const py::object&,
                    const py::object&, const py::object&, const py::object&, const py::object&, const py::object&,
                    const py::object&, const py::object&>(),
           arg("arms"), arg("model"), arg("nu"), arg("sigma"), arg("range"), arg("method"), arg("seed"), arg("names"),
           arg("epsilon"), arg("epsilon_relative"), arg("top"), arg("unknown_variance"))
      .def_static("from_json", &study::load, arg("text"), arg("last_written"))
      .def_static("load", &study::load_files, arg("path"), arg("last_written"))
      .def("save", &study::save_files, arg("path"))
      .def("history", &study::history)
      .def("tell_many", &study::tell_many, arg("ids"), arg("arms"), arg("rewards"))
      .def("ask", &study::ask, arg("m"))
      .def("ask_ids", &study::ask_ids, arg("m"))
      .def("tell", &study::tell, arg("arm"), arg("reward"), arg("id"))
      .def("expire", &study::expire, arg("through"), arg("reward"), arg("outcomes"))
      .def("done", &study::done)
      .def("answer", &study::answer)
      .def("status", &study::status)
      .def("plan", &study::plan, arg("runs"), arg("seed"), arg("threads"), arg("max_pulls"), arg("concentration"),
           arg("progress"))
      .def("to_json", &study::to_json)
      .def("method", &study::method)
      .def("settings", &study::settings);
  // A best-arm study's default method per model, from the registry (recommended_combination).
  m.attr("RECOMMENDED_METHOD") = bandit::to_string(bandit::recommended_combination(bandit::reward_model::gaussian));
  m.attr("RECOMMENDED_BERNOULLI_METHOD") =
      bandit::to_string(bandit::recommended_combination(bandit::reward_model::bernoulli));
  m.attr("RECOMMENDED_BOUNDED_METHOD") = bandit::to_string(bandit::recommended_combination(bandit::reward_model::bounded));
}

}  // namespace lilucb::python
