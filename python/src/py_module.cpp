// The extension module lilucb._lilucb.  The package lilucb (python/lilucb/__init__.py) re-exports
// its public functions and wraps the dict-returning ones in typed dataclasses.

#include "py_common.hpp"

#include "lilucb/version.hpp"

namespace lilucb::python {

namespace {

// lilucb.DomainError (a ValueError): str(e) is the line the CLI prints after "lilucb: error: ";
// the attributes function, parameter, value and admissible hold its parts.  lilucb.FileError (an
// OSError): a lilucb::io_error, the CLI's exit status 3.
void register_domain_error(py::module_& m) {
  static py::exception<lilucb::domain_error> exc(m, "DomainError", PyExc_ValueError);
  exc.doc() =
      "Invalid input to a lilucb function (a ValueError).  str(e) is the one-line message the\n"
      "lilucb command prints after 'lilucb: error: ': function, parameter, value and admissible\n"
      "range, also available as the attributes function, parameter, value, admissible.";
  py::dict attributes;  // declared for the stub (python/tools/make_stub.py)
  for (const char* name : {"function", "parameter", "value", "admissible"}) attributes[name] = "str";
  exc.attr("__annotations__") = attributes;
  static py::exception<lilucb::io_error> file_exc(m, "FileError", PyExc_OSError);
  file_exc.doc() =
      "A file or folder that cannot be read or written (an OSError): one that is missing, of another\n"
      "kind (a FIFO, a device, a folder where a file belongs), not writable, or a full disk.  str(e)\n"
      "is the one-line message the lilucb command prints; path names the object, reason says why.";
  py::dict file_attributes;  // declared for the stub (python/tools/make_stub.py)
  for (const char* name : {"path", "reason"}) file_attributes[name] = "str";
  file_exc.attr("__annotations__") = file_attributes;
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const lilucb::domain_error& e) {
      py::object instance = py::reinterpret_borrow<py::object>(exc.ptr())(py::str(e.what()));
      instance.attr("function") = e.function();
      instance.attr("parameter") = e.parameter();
      instance.attr("value") = e.value();
      instance.attr("admissible") = e.admissible();
      PyErr_SetObject(exc.ptr(), instance.ptr());
    } catch (const lilucb::io_error& e) {
      // lilucb.FileError (an OSError): a file or folder that cannot be read or written; path is
      // the path, reason the rest of the message (OSError's filename stays None: set, it would
      // replace the message by "[Errno None] None: path").
      py::object instance = py::reinterpret_borrow<py::object>(file_exc.ptr())(py::str(e.what()));
      instance.attr("path") = e.path();
      instance.attr("reason") = e.reason();
      PyErr_SetObject(file_exc.ptr(), instance.ptr());
    } catch (const lilucb::interrupted&) {
      // A computation stopped by a process-wide interruption request (lilucb::request_interrupt).
      PyErr_SetNone(PyExc_KeyboardInterrupt);
    }
  });
}

}  // namespace

}  // namespace lilucb::python

PYBIND11_MODULE(_lilucb, m) {
  namespace lp = lilucb::python;
  m.doc() = "lilucb: fixed-confidence best-arm identification around lil'UCB (C++ core).";
  m.attr("__version__") = lilucb::version();
  lp::register_domain_error(m);
  lp::register_theory(m);
  lp::register_settings(m);
  lp::register_instance(m);
  lp::register_runs(m);
  lp::register_experiments(m);
  lp::register_boundaries(m);
  lp::register_characteristic_time(m);
  lp::register_identification(m);
}
