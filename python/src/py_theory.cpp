// Bindings of the theory headers: finite_lil.hpp, ls_bound.hpp, theorem.hpp, repaired_theorem.hpp,
// clopper_pearson.hpp.
// Every real argument broadcasts over numpy arrays (def_vectorized, py_common.hpp, over py::vectorize;
// a wrong type raises TypeError, an overflow DomainError): all-scalar calls return a
// float, any array argument gives an array of the broadcast shape, computed by the same double
// code as the scalar call.  Functions whose C++ result is std::optional return None for a scalar
// call and NaN at the affected entries of an array (the documented sentinel: "vacuous" or
// "infeasible"); invalid input always raises lilucb.DomainError, never NaN.

#include "py_common.hpp"

#include "lilucb/clopper_pearson.hpp"
#include "lilucb/theory/finite_lil.hpp"
#include "lilucb/theory/ls_bound.hpp"
#include "lilucb/theory/repaired_theorem.hpp"
#include "lilucb/theory/theorem.hpp"

#include <limits>

namespace lilucb::python {

namespace {

// A count argument given as a real (so it broadcasts): checked here, then passed to the library,
// which reports 0 itself.
inline std::uint64_t count_arg(const char* fn, double n) {
  return whole_number(fn, "n", n, 0, "a whole number in [1, 2^53]");
}

}  // namespace

void register_theory(py::module_& m) {
  using py::arg;

  m.def("parse_inner_log", [](const std::string& inner) { return std::string(to_string(parse_inner_log(inner))); },
        arg("inner"),
        "The inner logarithm's name, checked: 'lemma' (log((1+eps) t), Lemma lem:lil) or 'plus2'\n"
        "(log((1+eps) t + 2), footnote fnt:delta_foot).  Anything else raises DomainError.");

  m.def("inner_log_offset", [](const std::string& inner) { return inner_log_offset<double>(parse_inner_log(inner)); },
        arg("inner") = "plus2",
        "The constant c inside the inner logarithm log((1+eps) t + c): 0 for 'lemma', 2 for 'plus2'.");

  def_vectorized(m, "lil_delta_max", [](double eps, std::string inner) { return lil_delta_max(eps, parse_inner_log(inner)); },
        arg("eps"), arg("inner") = "plus2",
        "Upper end (exclusive) of the admissible delta range: log(1+eps)/e for inner='lemma'\n"
        "(Lemma lem:lil, Theorem th:lilucb), 1 for inner='plus2' (footnote fnt:delta_foot).\n"
        "Domain: eps in (0,1) for 'lemma', [0,1) for 'plus2'.  Broadcasts over arrays.");

  def_vectorized(m, "lil_bound", [](double t, double eps, double delta, double sigma, std::string inner) {
          return lil_bound(t, eps, delta, sigma, parse_inner_log(inner));
        },
        arg("t"), arg("eps"), arg("delta"), arg("sigma") = 1.0, arg("inner") = "plus2",
        "The right-hand side of Lemma lem:lil (finite LIL):\n"
        "    (1+sqrt(eps)) sqrt(2 sigma^2 (1+eps) t log(log((1+eps) t + c)/delta)),\n"
        "c = 0 (inner='lemma') or 2 (inner='plus2', footnote fnt:delta_foot; the default, as the CLI).\n"
        "Domain: t >= 1, sigma > 0; 'lemma': eps in (0,1), delta in (0, log(1+eps)/e);\n"
        "'plus2': eps in [0,1), delta in (0,1).  Broadcasts over arrays (t, eps, delta, sigma):\n"
        "lil_bound(t=np.arange(1, 10**6), eps=0.01, delta=1e-3, sigma=0.5) is one call.\n"
        "C++: lilucb::lil_bound (lib/include/lilucb/theory/finite_lil.hpp).");

  def_vectorized(m, "lil_width", [](double t, double eps, double delta, double sigma, std::string inner) {
          return lil_width(t, eps, delta, sigma, parse_inner_log(inner));
        },
        arg("t"), arg("eps"), arg("delta"), arg("sigma") = 1.0, arg("inner") = "plus2",
        "The per-sample width of Lemma lem:lil, lil_bound(t, ...)/t: the deviation bound of an\n"
        "empirical mean of t samples.  Domain (as lil_bound): t >= 1, sigma > 0; 'lemma': eps in (0,1),\n"
        "delta in (0, log(1+eps)/e); 'plus2': eps in [0,1), delta in (0,1).  Broadcasts over arrays.");

  def_vectorized(m, "lil_failure_probability", [](double eps, double delta, std::string inner) {
          return lil_failure_probability(eps, delta, parse_inner_log(inner));
        },
        arg("eps"), arg("delta"), arg("inner") = "plus2",
        "Lemma lem:lil's stated failure probability (2+eps)/eps (delta/log(1+eps))^(1+eps);\n"
        "values >= 1 are vacuous.  Domain: eps in (0,1); delta in (0, log(1+eps)/e) ('lemma') or\n"
        "(0,1) ('plus2').  Broadcasts over arrays.");

  def_vectorized(m, "lil_delta_for_failure_probability", [](double eps, double p, std::string inner) {
          return lil_delta_for_failure_probability(eps, p, parse_inner_log(inner));
        },
        arg("eps"), arg("p"), arg("inner") = "plus2",
        "The inverse of lil_failure_probability in delta: delta = log(1+eps) (p eps/(2+eps))^(1/(1+eps)).\n"
        "Domain: eps in (0,1); p in (0, min(1, (2+eps)/eps e^-(1+eps))) ('lemma') or (0,1) ('plus2').");

  def_vectorized(m, "lil_failure_probability_proof", [](double eps, double delta) { return lil_failure_probability_proof(eps, delta); },
        arg("eps"), arg("delta"),
        "What the proof of Lemma lem:lil sums: (2 zeta(1+eps) - 1) x^(1+eps) + x^((1+sqrt(eps))^2 (1+eps)),\n"
        "x = delta/log(1+eps) (docs/findings.md).  Domain: eps in (0,1), delta in (0, log(1+eps)/e).");

  // lilucb::ls_bound calls its time T (Section 5); the Python argument is t.
  def_vectorized(m, "ls_bound", [](double t, double eps, double delta, double sigma, double n) {
          return ls_bound(t, eps, delta, sigma, count_arg("lilucb::ls_bound", n));
        },
        arg("t"), arg("eps"), arg("delta"), arg("sigma"), arg("n"),
        "B_{i,T} of Section 5's LIL stopping rule:\n"
        "    (1+sqrt(eps)) sqrt(2 sigma^2 (1+eps) log(2n log((1+eps) T + 2)/delta) / T), T = t.\n"
        "Domain: t >= 1; eps in [0,1); delta in (0,1); sigma > 0; n a whole number >= 1.\n"
        "Broadcasts over arrays (n too).")->library_names = {{"T", {"t"}}};

  def_vectorized(m, "ls_failure_probability", [](double eps, double delta) { return ls_failure_probability(eps, delta); },
        arg("eps"), arg("delta"),
        "The LS rule's failure probability as Section 5 states it, (2+eps)/eps (delta/log(1+eps))^(1+eps).\n"
        "Domain: eps in (0,1), delta in (0,1).");

  def_vectorized(m, "ls_failure_probability_union", [](double eps, double delta, double n) {
          return ls_failure_probability_union(eps, delta, count_arg("lilucb::ls_failure_probability_union", n));
        },
        arg("eps"), arg("delta"), arg("n"),
        "The union bound behind the LS rule: (2n)^(-eps) ls_failure_probability(eps, delta).\n"
        "Domain: eps in (0,1), delta in (0,1), n a whole number >= 1.");

  def_vectorized(m, "ls_delta_for_failure_probability", [](double eps, double p) { return ls_delta_for_failure_probability(eps, p); },
        arg("eps"), arg("p"),
        "The delta at which the LS rule's stated failure probability equals p.  Domain: eps, p in (0,1).");

  def_vectorized(m, "rho", [](double eps) { return rho(eps); }, arg("eps"),
        "rho(eps) = (2+eps)/eps (1/log(1+eps))^(1+eps) (Lemmas lem:1, lem:2, Theorem th:lilucb).\n"
        "Domain: eps in (0,1).");

  def_vectorized(m, "gamma", [](double beta, double eps) { return gamma(beta, eps); }, arg("beta"), arg("eps"),
        "gamma(beta, eps) = 2 (2+beta)^2 (1+sqrt(eps))^2 (1+eps) (Lemma lem:1).\n"
        "Domain: beta > 0, eps in (0,1).");

  def_vectorized(m, "exploration_ratio", [](double beta) { return exploration_ratio(beta); }, arg("beta"),
        "((2+beta)/beta)^2: the paper's recommended a and the leading factor of kappa and a_min.\n"
        "Domain: beta > 0.");

  def_vectorized(m, "kappa", [](double beta, double delta) { return kappa(beta, delta); }, arg("beta"),
        arg("delta"),
        "kappa(beta, delta) = ((2+beta)/beta)^2 (1 + log(2 log(((2+beta)/beta)^2/delta))/log(1/delta))\n"
        "(proof of Lemma lem:2, Step 2).  Domain: beta > 0, delta in (0,1).");

  def_vectorized(m, "a_min_denominator", [](double delta) { return a_min_denominator(delta); }, arg("delta"),
        "1 - delta - sqrt(sqrt(delta) log(1/delta)), the denominator of a_min.  Domain: delta in (0,1).");

  def_vectorized(m, "a_min", [](double beta, double delta) { return a_min(beta, delta); },
        arg("beta"), arg("delta"),
        "Theorem th:lilucb's lower bound on a: kappa(beta, delta)/(1 - delta - sqrt(sqrt(delta) log(1/delta))).\n"
        "None (scalar call) or NaN (array entry) where the denominator is <= 0: infeasible.\n"
        "Domain: beta > 0, delta in (0,1).");

  def_vectorized(m, "a_min_proof", [](double beta, double delta, double eps) { return a_min_proof(beta, delta, eps); },
        arg("beta"), arg("delta"), arg("eps"),
        "The condition on a as Lemma lem:2's proof derives it (denominator at rho delta instead of delta;\n"
        "docs/findings.md).  None/NaN: infeasible.  Domain: beta > 0, delta in (0,1), eps in (0,1).");

  def_vectorized(m, "theorem_failure_bound", [](double eps, double delta) { return theorem_failure_bound(eps, delta); },
        arg("eps"), arg("delta"),
        "Theorem th:lilucb's failure bound sqrt(rho delta) + 4 rho delta/(1 - rho delta); None/NaN when\n"
        "vacuous (rho delta >= 1 or the bound >= 1).  Domain: eps in (0,1), delta in (0,1).");

  def_vectorized(m, "lemma2_success_probability", [](double eps, double delta) { return lemma2_success_probability(eps, delta); },
        arg("eps"), arg("delta"),
        "Lemma lem:2's success probability 1 - sqrt(rho delta) - 2 rho delta/(1 - rho delta); None/NaN\n"
        "when vacuous.  Domain: eps in (0,1), delta in (0,1).");

  def_vectorized(m, "lemma1_success_probability", [](double eps, double delta) { return lemma1_success_probability(eps, delta); },
        arg("eps"), arg("delta"),
        "Lemma lem:1's success probability 1 - 2 rho delta; None/NaN when <= 0.\n"
        "Domain: eps in (0,1), delta in (0,1).");

  // ---- Theorem R (repaired_theorem.hpp, docs/repaired-theorem.md) ----
  def_vectorized(m, "repaired_delta_max", [](double eps) { return repaired_delta_max(eps); }, arg("eps"),
        "Upper end (exclusive) of Theorem R's delta range: min(log(1+eps)/e, x*/rho(eps)), x* in (0.1, 0.2) the\n"
        "root of a_min_denominator (Lemma lem:lil and the repaired condition on a).  Domain: eps in (0,1).\n"
        "Broadcasts over arrays.");
  def_vectorized(m, "repaired_kappa", [](double beta, double delta, double eps) { return repaired_kappa(beta, delta, eps); },
        arg("beta"), arg("delta"), arg("eps"),
        "kappa of the repaired Lemma R2: ((2+beta)/beta)^2 (log(1/delta) + log(2 log(((2+beta)/beta)^2/delta)))\n"
        "/ log(log(1+eps)/delta) (docs/repaired-theorem.md, R1).  Domain: beta > 0, eps in (0,1),\n"
        "delta in (0, repaired_delta_max(eps)).  Broadcasts over arrays.");
  def_vectorized(m, "repaired_a_min", [](double beta, double delta, double eps) { return repaired_a_min(beta, delta, eps); },
        arg("beta"), arg("delta"), arg("eps"),
        "Theorem R's condition on a: repaired_kappa(beta, delta, eps)/(1 - d - sqrt(sqrt(d) log(1/d))),\n"
        "d = rho(eps) delta.  Domain as repaired_kappa.  Broadcasts over arrays.");
  def_vectorized(m, "repaired_alpha", [](double eps, double delta) { return repaired_alpha(eps, delta); },
        arg("eps"), arg("delta"),
        "The alpha of Lemma lem:2's Step 2 as the proof chooses it: d + sqrt(sqrt(d) log(1/d)), d = rho(eps) delta.\n"
        "Domain: eps in (0,1), delta in (0, repaired_delta_max(eps)).  Broadcasts over arrays.");
  def_vectorized(m, "repaired_failure_bound", [](double eps, double delta) { return repaired_failure_bound(eps, delta); },
        arg("eps"), arg("delta"),
        "Theorem R's failure bound sum_m p(delta^m) + sum_m C(m, K_m) q^K_m, p = lil_failure_probability_proof,\n"
        "q = p(delta), K_m = ceil(repaired_alpha m), evaluated as an upper bound (repaired_theorem.hpp).\n"
        "None (scalar call) or NaN (array entry) when vacuous.  Domain: eps in (0,1),\n"
        "delta in (0, repaired_delta_max(eps)).  Broadcasts over arrays.");
  def_vectorized(m, "repaired_sample_factor", [](double beta, double delta, double eps) { return repaired_sample_factor(beta, delta, eps); },
        arg("beta"), arg("delta"), arg("eps"),
        "(1 + repaired_a_min(beta, delta, eps)) log(1/delta): the delta-dependent factor of the sample bound\n"
        "2 + (1+a) B at a = repaired_a_min (docs/theory.md).  Domain as repaired_a_min.  Broadcasts.");

  // Counts come as Python numbers and are checked here (a whole number, named), so that a negative
  // or fractional count raises DomainError rather than pybind11's TypeError.
  const auto count = [](const char* fn, const char* name, double x, double lo) {
    return whole_number(fn, name, x, lo, lo > 0 ? "a whole number in [1, 2^53]" : "a whole number in [0, 2^53]");
  };
  m.def("clopper_pearson_lower",
        [count](whole k, whole m, double alpha) {
          constexpr const char* fn = "lilucb::clopper_pearson_lower";
          return clopper_pearson_lower(count(fn, "k", k, 0), count(fn, "m", m, 0), alpha);
        },
        arg("k"), arg("m"), arg("alpha"),
        "One-sided lower Clopper-Pearson bound at level alpha from k events in m trials (exact):\n"
        "the alpha quantile of Beta(k, m-k+1) (0 for k = 0).  Domain: m >= 1, k <= m, alpha in (0,1).");
  m.def("clopper_pearson_upper",
        [count](whole k, whole m, double alpha) {
          constexpr const char* fn = "lilucb::clopper_pearson_upper";
          return clopper_pearson_upper(count(fn, "k", k, 0), count(fn, "m", m, 0), alpha);
        },
        arg("k"), arg("m"), arg("alpha"),
        "One-sided upper Clopper-Pearson bound at level alpha from k events in m trials (exact):\n"
        "the 1-alpha quantile of Beta(k+1, m-k) (1 for k = m).  Domain: m >= 1, k <= m, alpha in (0,1).");
  m.def("clopper_pearson_interval",
        [count](whole k, whole m, double level) {
          constexpr const char* fn = "lilucb::clopper_pearson_interval";
          const auto r = clopper_pearson_interval(count(fn, "k", k, 0), count(fn, "m", m, 0), level);
          return std::make_pair(r.low, r.high);
        },
        arg("k"), arg("m"), arg("level"),
        "Two-sided Clopper-Pearson interval (low, high) of confidence `level`: the one-sided bounds at\n"
        "alpha = (1 - level)/2.  Domain: m >= 1, k <= m, level in (0,1).");
  m.def("binomial_test_rejects",
        [count](whole k, whole m, double nu, double alpha) {
          constexpr const char* fn = "lilucb::binomial_test_rejects";
          return binomial_test_rejects(count(fn, "k", k, 0), count(fn, "m", m, 0), nu, alpha);
        },
        arg("k"), arg("m"), arg("nu"), arg("alpha"),
        "The exact one-sided test of H0: p <= nu at level alpha from k events in m trials: True (reject)\n"
        "when clopper_pearson_lower(k, m, alpha) > nu.  Domain: m >= 1, k <= m, nu in [0,1], alpha in (0,1).");
  m.def("binomial_critical_count",
        [count](whole trials, double p, double alpha, const std::string& bound) {
          constexpr const char* fn = "lilucb::binomial_critical_count";
          cp_bound b;
          if (bound == "lower_exceeds") b = cp_bound::lower_exceeds;
          else if (bound == "upper_reaches") b = cp_bound::upper_reaches;
          else throw lilucb::domain_error(fn, "bound", "'" + bound + "'", "{lower_exceeds, upper_reaches}");
          return binomial_critical_count(count(fn, "trials", trials, 0), p, alpha, b);
        },
        arg("trials"), arg("p"), arg("alpha"), arg("bound") = "lower_exceeds",
        "The critical count of the exact one-sided Clopper-Pearson bounds: the smallest k in [0, trials]\n"
        "with clopper_pearson_lower(k, trials, alpha) > p (bound='lower_exceeds': from it on,\n"
        "binomial_test_rejects rejects H0: P <= p) or clopper_pearson_upper(k, trials, alpha) >= p\n"
        "(bound='upper_reaches'); trials + 1 when no k does.  The one bisection every Monte-Carlo verdict\n"
        "of the toolkit uses.  Domain: trials >= 1, p in [0,1], alpha in (0,1).");
}

}  // namespace lilucb::python
