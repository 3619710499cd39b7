// Bindings of parameters.hpp and theorem.hpp's check_theorem: each returns a dict that
// lilucb/__init__.py turns into a typed dataclass (Params, Setting, TheoremCheck, ...).  The
// fields of _params are those of `lilucb params --json`, computed by the same library calls.

#include "py_common.hpp"
#include "params_json.hpp"

#include "lilucb/theory/finite_lil.hpp"
#include "lilucb/theory/parameters.hpp"
#include "lilucb/theory/repaired_theorem.hpp"
#include "lilucb/theory/theorem.hpp"

namespace lilucb::python {

namespace {

py::dict theorem_dict(const theorem_check<double>& t) {
  py::dict d;
  d["eps_in_range"] = t.eps_in_range;
  d["beta_in_range"] = t.beta_in_range;
  d["delta_in_range"] = t.delta_in_range;
  d["delta_max"] = t.delta_max;
  d["a_min"] = optional_value(t.a_min);
  d["a_sufficient"] = t.a_sufficient;
  d["failure_bound"] = optional_value(t.failure_bound);
  d["satisfies_theorem"] = t.satisfies_theorem();
  return d;
}

py::dict setting_dict(const lilucb_setting<double>& s) {
  py::dict d;
  d["nu"] = s.nu;
  d["eps"] = s.eps;
  d["beta"] = s.beta;
  d["a"] = s.a;
  d["delta"] = s.delta;
  d["theorem"] = theorem_dict(s.theorem);
  d["guarantees_nu"] = s.guarantees_nu();
  return d;
}

/// A verdict whose numbers overflowed (a_min at beta = 5e-324 is kappa/denominator = inf) is
/// refused, naming the arguments, rather than returned with an infinity.
py::dict finite_verdict(const char* fn, py::dict d, double eps, double beta, double delta, double a) {
  for (const auto item : d) {
    if (!py::isinstance<py::float_>(item.second)) continue;
    const double x = item.second.cast<double>();
    if (!std::isfinite(x))
      throw lilucb::domain_error(fn, "eps, beta, delta, a",
                                 number_text(eps) + ", " + number_text(beta) + ", " + number_text(delta) + ", " + number_text(a),
                                 "arguments at which " + item.first.cast<std::string>() + " is a finite double (here it is " +
                                     number_text(x) + ")");
  }
  return d;
}

std::uint64_t arms_count(const char* fn, double n) { return whole_number(fn, "n", n, 0, "a whole number in [1, 2^53]"); }

}  // namespace

void register_settings(py::module_& m) {
  using py::arg;

  m.def("_params",
        [](double nu, double eps, double beta, double n_real) {
          const std::uint64_t n = arms_count("lilucb::heuristic_setting", n_real);
          // The very object `lilucb params --json` prints (cli/params_json.cpp), as a dict.
          return py::module_::import("json").attr("loads")(lilucb::cli::params_json(nu, eps, beta, n).dump());
        },
        arg("nu"), arg("eps"), arg("beta"), arg("n"));

  m.def("_paper_theory_setting", [](double nu) { return setting_dict(paper_theory_setting(nu)); }, arg("nu"));
  m.def("_heuristic_setting",
        [](double nu, double n) { return setting_dict(heuristic_setting(nu, arms_count("lilucb::heuristic_setting", n))); },
        arg("nu"), arg("n"));
  m.def("_certified_setting",
        [](double nu, double eps, double beta) {
          const auto r = certified_setting(nu, eps, beta);
          py::dict d;
          d["setting"] = setting_dict(r.setting);
          d["delta_at_cap"] = r.delta_at_cap;
          d["iterations"] = static_cast<std::uint64_t>(r.iterations);
          return d;
        },
        arg("nu"), arg("eps"), arg("beta"));
  m.def("_check_theorem",
        [](double eps, double beta, double delta, double a) {
          return finite_verdict("lilucb.check_theorem", theorem_dict(check_theorem(eps, beta, delta, a)), eps, beta, delta, a);
        },
        arg("eps"), arg("beta"), arg("delta"), arg("a"));

  m.def("_check_repaired_theorem",
        [](double eps, double beta, double delta, double a) {
          const auto r = check_repaired_theorem(eps, beta, delta, a);
          py::dict d;
          d["eps_in_range"] = r.eps_in_range;
          d["beta_in_range"] = r.beta_in_range;
          d["delta_in_range"] = r.delta_in_range;
          d["delta_max"] = r.delta_max;
          d["a_min"] = optional_value(r.a_min);
          d["a_sufficient"] = r.a_sufficient;
          d["failure_bound"] = optional_value(r.failure_bound);
          d["holds"] = r.holds();
          return finite_verdict("lilucb.check_repaired_theorem", d, eps, beta, delta, a);
        },
        arg("eps"), arg("beta"), arg("delta"), arg("a"));

  def_vectorized(m, "leading_constant", [](double beta) { return leading_constant(beta); }, arg("beta"),
        "The theorem's leading constant as a function of beta (end of Section sec:analysis):\n"
        "(2+beta)^2 (1 + ((2+beta)/beta)^2).  Domain: beta > 0.  Broadcasts over arrays.");
  m.def("optimal_beta", [] { return optimal_beta<double>(); },
        "The beta minimising leading_constant (Brent on [0.1, 10]; the paper says ~1.66).");
}

}  // namespace lilucb::python
