// Bindings of characteristic_time.hpp: T*(mu) and w*(mu) (Garivier & Kaufmann 2016, Lemma 3 and
// Theorem 5), the lower bound T* kl(delta, 1 - delta) (their Theorem 1), the Bernoulli KL
// divergence and the fixed-point predictor t = T* beta(t) of a GLR stopping time.

#include "common.hpp"

#include "lilucb/bandit/defaults.hpp"
#include "lilucb/boundaries/glr_threshold.hpp"
#include "lilucb/characteristic_time.hpp"

#include <functional>

namespace lilucb::python {

void register_characteristic_time(py::module_& m) {
  using py::arg;

  m.def(
      "_characteristic_time",
      [](const py::object& means, double sigma, const std::string& arms) {
        constexpr const char* fn = "lilucb.characteristic_time";
        const std::vector<double> mu = means_vector(means);
        if (arms != "gaussian" && arms != "bernoulli")
          throw lilucb::domain_error(fn, "arms", "'" + arms + "'", "{gaussian, bernoulli}");
        const auto r = arms == "gaussian" ? characteristic_time_gaussian(mu, sigma) : characteristic_time_bernoulli(mu);
        py::dict d;
        d["t_star"] = r.t_star;
        d["w_star"] = to_numpy(r.w_star);
        return d;
      },
      arg("means"), arg("sigma") = lilucb::bandit::default_sigma, arg("arms") = "gaussian");

  m.def("bernoulli_kl", py::vectorize([](double p, double q) { return bernoulli_kl(p, q); }), arg("p"), arg("q"),
        "Bernoulli KL divergence kl(p, q) = p log(p/q) + (1-p) log((1-p)/(1-q)), 0 log 0 = 0; +inf where\n"
        "q in {0, 1} and p != q.  Domain: p, q in [0, 1].  Broadcasts over arrays.");

  m.def("kl_delta", py::vectorize([](double delta) { return kl_delta(delta); }), arg("delta"),
        "kl(delta, 1 - delta) = (1 - 2 delta) log((1 - delta)/delta), the factor of the lower bound on the\n"
        "expected sample complexity (Garivier & Kaufmann 2016, Theorem 1).  Domain: delta in (0, 1/2].\n"
        "Broadcasts over arrays.");

  m.def("bai_lower_bound",
        py::vectorize([](double t_star, double delta) { return bai_lower_bound(t_star, delta); }), arg("t_star"),
        arg("delta"),
        "T*(mu) kl(delta, 1 - delta): the lower bound on E[tau] of every delta-correct algorithm\n"
        "(Garivier & Kaufmann 2016, Theorem 1; `lilucb hardness` prints it as lower_bound).\n"
        "Domain: t_star > 0 finite, delta in (0, 1/2].  Broadcasts over arrays.");

  m.def(
      "fixed_point_stopping_time",
      [](double t_star, const py::object& beta, std::optional<double> delta, std::optional<double> K) {
        constexpr const char* fn = "lilucb.fixed_point_stopping_time";
        if (py::isinstance<py::str>(beta)) {
          const std::string name = beta.cast<std::string>();
          if (name != "heuristic" && name != "kk21")
            throw lilucb::domain_error(fn, "beta", "'" + name + "'", "{heuristic, kk21} or a callable t -> float");
          if (!delta) throw lilucb::domain_error(fn, "delta", "None", "(0, 1), required with beta='" + name + "'");
          const double d = *delta;
          if (name == "heuristic")
            return fixed_point_stopping_time(t_star, [d](double t) { return boundaries::glr_threshold_heuristic(t, d); });
          if (!K) throw lilucb::domain_error(fn, "K", "None", "[2, inf), required with beta='kk21'");
          const double k = *K;
          // C_G is evaluated once, not at every t (glr_threshold_gaussian's first term does not depend on t).
          (void)boundaries::glr_threshold_gaussian(1.0, d, k);  // checks delta and K
          return fixed_point_stopping_time(t_star, [d, k](double t) { return boundaries::glr_threshold_gaussian(t, d, k); });
        }
        if (!PyCallable_Check(beta.ptr()))
          throw lilucb::domain_error(fn, "beta", py::repr(beta).cast<std::string>(), "{heuristic, kk21} or a callable t -> float");
        return fixed_point_stopping_time(t_star, [&beta](double t) { return beta(t).cast<double>(); });
      },
      arg("t_star"), arg("beta"), arg("delta") = py::none(), arg("K") = py::none(),
      "The fixed-point prediction of a GLR-type stopping time: the smallest t >= 1 with t >= T* beta(t)\n"
      "(an asymptotic prediction, Garivier & Kaufmann 2016 Section 3; lilucb::fixed_point_stopping_time).\n"
      "beta: a callable t -> threshold (finite, growing slower than t), or 'heuristic' for\n"
      "glr_threshold_heuristic(t, delta) = log((1 + log t)/delta), or 'kk21' for\n"
      "glr_threshold_gaussian(t, delta, K).  Domain: t_star > 0 finite; delta in (0,1) and K >= 2 as the\n"
      "threshold needs.  Returns 1 when 1 >= T* beta(1).");
}

}  // namespace lilucb::python
