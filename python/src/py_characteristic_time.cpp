// Bindings of characteristic_time.hpp: T*(mu) and w*(mu) (Garivier & Kaufmann 2016, Lemma 3 and
// Theorem 5; for Gaussian arms of unknown variances characteristic_time_unknown_variance.hpp), the
// lower bound T* kl(delta, 1 - delta) (their Theorem 1), the Bernoulli KL divergence and the
// fixed-point predictor t = T* beta(t) of a GLR stopping time; T*_eps(mu), its proportions and
// answer for epsilon-good identification (additive or relative epsilon; its lower bound
// T*_eps kl(delta, 1 - delta) is bai_lower_bound's number).

#include "py_common.hpp"

#include "lilucb/bandit/defaults.hpp"
#include "lilucb/bandit/reward_model.hpp"
#include "lilucb/boundaries/glr_threshold.hpp"
#include "lilucb/theory/characteristic_time.hpp"
#include "lilucb/theory/instance.hpp"
#include "lilucb_experiments/sample_size.hpp"

#include <functional>

namespace lilucb::python {

void register_characteristic_time(py::module_& m) {
  using py::arg;

  m.def(
      "_characteristic_time",
      [](const array_like& means, double sigma, const std::string& model, const py::object& range,
         const py::object& concentration, const py::object& arm_sigmas, bool unknown_variance) {
        constexpr const char* fn = "lilucb.characteristic_time";
        const std::string sig = std::string(fn) + "()";
        bandit::arms_spec a;
        a.means = means_vector(fn, means);
        a.model = bandit::parse_reward_model(fn, "model", model);
        // arm_sigmas: each Gaussian arm's standard deviation, which T* then reads instead of sigma;
        // counted against means checked first (finite, a unique largest one).
        if (!arm_sigmas.is_none()) (void)lilucb::detail::best_arm_checked(fn, a.means);
        auto sigmas = arm_sigmas_arg(fn, arm_sigmas, model, a.means.size());
        // sigma is unused with Bernoulli and bounded arms and with arm_sigmas, but a NaN (or any
        // value outside its domain) is refused there too, never silently ignored.
        if ((a.model != bandit::reward_model::gaussian || sigmas) && !(sigma > 0 && std::isfinite(sigma)))
          throw lilucb::domain_error(fn, "sigma", number_text(sigma),
                                     "(0, inf) (unused with " + (sigmas ? std::string("arm_sigmas") : "model='" + model + "'") + ")");
        a.sigma = sigma;
        if (sigmas) a.sigmas = std::move(*sigmas);
        // unknown_variance: T* of Gaussian arms whose variances the method does not know (as
        // `lilucb hardness --sigma unknown --arm-sigmas`).
        if (unknown_variance) {
          if (a.model != bandit::reward_model::gaussian)
            throw lilucb::domain_error(fn, "unknown_variance", "True with model '" + model + "'", "False: model 'gaussian' only");
          a.model = bandit::reward_model::gaussian_unknown_variance;
        }
        bounded_arms_args(fn, sig, a, range, concentration, model);
        bandit::check_arms_spec(fn, a, arms_keywords());
        // With arm_sigmas the library's checks of each standard deviation (named sigma or sigmas)
        // are about arm_sigmas.
        const auto r = [&] {
          try {
            return experiments::plan_characteristic_time(a);
          } catch (const lilucb::domain_error& e) {
            if (a.sigmas.empty() || (e.parameter() != "sigma" && e.parameter() != "sigmas")) throw;
            throw lilucb::domain_error(fn, "arm_sigmas", e.value(), e.admissible());
          }
        }();
        py::dict d;
        d["t_star"] = r.t_star;
        d["w_star"] = to_numpy(r.w_star);
        return d;
      },
      arg("means"), arg("sigma") = lilucb::bandit::default_sigma, arg("model") = bandit::model_name(bandit::reward_model::gaussian), arg("range") = py::none(),
      arg("concentration") = py::none(), arg("arm_sigmas") = py::none(), arg("unknown_variance") = false);

  m.def(
      "_characteristic_time_epsilon",
      [](const array_like& means, double epsilon, double sigma, const std::string& model, bool relative) {
        constexpr const char* fn = "lilucb.characteristic_time_epsilon";
        const std::vector<double> mu = means_vector(fn, means);
        const bool gaussian = model == bandit::model_name(bandit::reward_model::gaussian);
        if (!gaussian && model != bandit::model_name(bandit::reward_model::bernoulli))
          throw lilucb::domain_error(fn, "model", "'" + model + "'", "{gaussian, bernoulli}");
        if (!gaussian && !(sigma > 0 && std::isfinite(sigma)))
          throw lilucb::domain_error(fn, "sigma", number_text(sigma), "(0, inf) (unused with model='bernoulli')");
        const auto shift = relative ? epsilon_shift::relative : epsilon_shift::additive;
        const auto r = gaussian ? characteristic_time_epsilon_gaussian(mu, sigma, epsilon, shift)
                                          : characteristic_time_epsilon_bernoulli(mu, epsilon, shift);
        py::dict d;
        d["t_star"] = r.t_star;
        d["w_star"] = to_numpy(r.w_star);
        d["answer"] = r.answer;
        return d;
      },
      arg("means"), arg("epsilon"), arg("sigma") = lilucb::bandit::default_sigma, arg("model") = bandit::model_name(bandit::reward_model::gaussian),
      arg("relative") = false);

  // +inf where q in {0, 1} and p != q is the divergence's value (documented), not an overflow.
  def_vectorized(m, "bernoulli_kl", [](double p, double q) { return bernoulli_kl(p, q); }, arg("p"), arg("q"),
        "Bernoulli KL divergence kl(p, q) = p log(p/q) + (1-p) log((1-p)/(1-q)), 0 log 0 = 0; +inf where\n"
        "q in {0, 1} and p != q.  Domain: p, q in [0, 1].  Broadcasts over arrays.")->infinite_results = true;

  def_vectorized(m, "kl_delta", [](double delta) { return kl_delta(delta); }, arg("delta"),
        "kl(delta, 1 - delta) = (1 - 2 delta) log((1 - delta)/delta), the factor of the lower bound on the\n"
        "expected sample complexity (Garivier & Kaufmann 2016, Theorem 1).  Domain: delta in (0, 1/2].\n"
        "Broadcasts over arrays.");

  def_vectorized(m, "bai_lower_bound", [](double t_star, double delta) { return bai_lower_bound(t_star, delta); }, arg("t_star"),
        arg("delta"),
        "T*(mu) kl(delta, 1 - delta): the lower bound on E[tau] of every delta-correct algorithm\n"
        "(Garivier & Kaufmann 2016, Theorem 1; `lilucb hardness` prints it as lower_bound).\n"
        "Domain: t_star > 0 finite, delta in (0, 1/2].  Broadcasts over arrays.");

  m.def(
      "fixed_point_stopping_time",
      [](double t_star, const str_or_function& beta, std::optional<double> delta, std::optional<double> K) {
        constexpr const char* fn = "lilucb.fixed_point_stopping_time";
        // The library's errors about the iterate t (it overflowed: T* beta(t) grows too fast) or
        // about C_G's argument x (log((K-1)/delta)/2 overflowed) name the arguments they come from.
        const auto naming_arguments = [&](const lilucb::domain_error& e) {
          for (const char* own : {"t_star", "beta", "delta", "K"})
            if (e.parameter() == own) throw e;
          std::string who = "t_star, beta", values = number_text(t_star) + ", " + py::repr(beta).cast<std::string>();
          if (delta) who += ", delta", values += ", " + number_text(*delta);
          if (K) who += ", K", values += ", " + number_text(*K);
          throw lilucb::domain_error(fn, who, values,
                                     "arguments at which " + e.parameter() + " is admissible: " + e.admissible() +
                                         " (here " + e.parameter() + " = " + e.value() + ")");
        };
        try {
          // delta and K, when given, are finite reals even where beta does not use them (a callable,
          // or 'heuristic' for K): a NaN is never silently ignored.
          if (delta && !std::isfinite(*delta))
            throw lilucb::domain_error(fn, "delta", number_text(*delta), "None or a real in (0, 1)");
          if (K && !std::isfinite(*K)) throw lilucb::domain_error(fn, "K", number_text(*K), "None or a real in [2, inf)");
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
          // A callable's threshold must be a finite real: NaN would end the search at once (a NaN
          // comparison is false), a string would not be a number.
          return fixed_point_stopping_time(t_star, [&beta](double t) {
            const py::object v = beta(t);
            if (!is_real_number(v))
              throw py::type_error(std::string(fn) + "(t_star, beta, delta=None, K=None): beta(t) must return a real number, got " +
                                   python_type_name(v) + " at t = " + number_text(t));
            const double x = PyFloat_AsDouble(v.ptr());
            if (PyErr_Occurred()) throw py::error_already_set();
            if (!std::isfinite(x))
              throw lilucb::domain_error(fn, "beta", "a callable returning " + number_text(x) + " at t = " + number_text(t),
                                         "a callable t -> finite real (the threshold)");
            return x;
          });
        } catch (const lilucb::domain_error& e) {
          naming_arguments(e);
          throw;
        }
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
