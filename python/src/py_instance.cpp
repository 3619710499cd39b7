// Bindings of instance.hpp (gaps, hardness, Lemma lem:1's bound, Farrell's lower bound) and of
// the scenarios of Section 5 (bandit/scenarios.hpp).  Means come as any sequence or numpy array.

#include "py_common.hpp"

#include "lilucb/bandit/scenarios.hpp"
#include "lilucb/theory/instance.hpp"
#include "lilucb/resources.hpp"

namespace lilucb::python {

std::vector<double> means_vector(const char* function, const py::object& means) {
  const auto c = real_vector_arg(std::string(function) + "()", "means", means, "real numbers");
  return std::vector<double>(c.data(), c.data() + c.size());
}

namespace {

/// A scenario's means, built in C++ and copied into numpy: twice 8 bytes per arm, checked before
/// either is allocated.
void check_means_memory(const char* fn, const char* parameter, double n, double arms) {
  lilucb::check_memory(fn, parameter, number_text(n), 16 * arms, number_text(arms) + " means");
}

}  // namespace

void register_instance(py::module_& m) {
  using py::arg;

  m.def("best_arm", [](const array_like& means) { return best_arm(means_vector("lilucb.best_arm", means)); }, arg("means"),
        "The index (0-based) of the unique largest mean.  DomainError when means is empty, holds a\n"
        "non-finite value, or its largest value is attained more than once.");
  m.def("gaps", [](const array_like& means) { return to_numpy(gaps(means_vector("lilucb.gaps", means))); }, arg("means"),
        "Gaps Delta_i = mu_{i*} - mu_i (0 for the best arm), in the order of means, as an array.");
  m.def("hardness_h1", [](const array_like& means) { return hardness_h1(means_vector("lilucb.hardness_h1", means)); }, arg("means"),
        "H1 = sum_{i != i*} Delta_i^-2 (Section 3).");
  m.def("hardness_h3", [](const array_like& means) { return hardness_h3(means_vector("lilucb.hardness_h3", means)); }, arg("means"),
        "H3 = sum_{i != i*} log(log(e/Delta_i^2))/Delta_i^2 (Section 3, c = e; gaps > 1 add nothing).");
  m.def("lemma1_bound",
        [](const array_like& means, double eps, double beta, double delta) {
          return lemma1_bound(means_vector("lilucb.lemma1_bound", means), eps, beta, delta);
        },
        arg("means"), arg("eps"), arg("beta"), arg("delta"),
        "Lemma lem:1's bound on the suboptimal pulls as stated:\n"
        "    n + 8 e gamma H1 log(1/delta) + sum_{i != i*} gamma log(2 log(gamma (1+eps)/Delta_i^2))/Delta_i^2.\n"
        "Domain: eps in (0,1), beta > 0, delta in (0,1), every Delta_i^2 < gamma (1+eps).");
  m.def("lemma1_bound_proof",
        [](const array_like& means, double eps, double beta, double delta) {
          return lemma1_bound_proof(means_vector("lilucb.lemma1_bound_proof", means), eps, beta, delta);
        },
        arg("means"), arg("eps"), arg("beta"), arg("delta"),
        "Lemma lem:1's bound as its proof derives it: sum_{i != i*} (8 e gamma log(1/delta)/Delta_i^2 + tau_i + 1),\n"
        "tau_i = gamma/Delta_i^2 log(2 log(gamma (1+eps)/Delta_i^2)/delta) (docs/findings.md).\n"
        "Domain: eps in (0,1), beta > 0, delta in (0,1), every Delta_i^2 < gamma (1+eps).");
  def_vectorized(m, "total_samples_bound", [](double suboptimal_pulls_bound, double a) { return total_samples_bound(suboptimal_pulls_bound, a); },
        arg("suboptimal_pulls_bound"), arg("a"),
        "A bound on lil'UCB's total samples at stopping from a bound B on the suboptimal pulls:\n"
        "2 + (1 + a) B (docs/theory.md).  Domain: B >= 0, a > 0.  Broadcasts over arrays.");
  m.def("farrell_lower_bound",
        [](const array_like& means, double delta) { return farrell_lower_bound(means_vector("lilucb.farrell_lower_bound", means), delta); },
        arg("means"), arg("delta"),
        "Farrell's asymptotic lower bound (Section 2): (2 - 4 delta) sum_{i != i*} Delta_i^-2 log log Delta_i^-2\n"
        "(terms with Delta >= e^-1/2 add 0).  Domain: delta in (0, 1/2).");

  m.def("sparse_means",
        [](whole n, double gap) {
          const auto arms = whole_number("lilucb::bandit::sparse_means", "n", n, 0, "a whole number in [1, 2^32]");
          check_means_memory("lilucb.sparse_means", "n", n, n);
          return to_numpy(bandit::sparse_means(arms, gap));
        },
        arg("n"), arg("gap") = 0.5,
        "Section 5's 1-sparse scenario: n arms, means[0] = gap (the best arm), all others 0.\n"
        "Domain: n in [1, 2^32], gap > 0 (default 1/2, the figures' value; docs/findings.md F7).");
  m.def("alpha_means",
        [](whole n, double alpha) {
          const auto arms = whole_number("lilucb::bandit::alpha_means", "n", n, 0, "a whole number in [1, 2^32)");
          check_means_memory("lilucb.alpha_means", "n", n, n + 1);
          return to_numpy(bandit::alpha_means(arms, alpha));
        },
        arg("n"), arg("alpha"),
        "Section 5's alpha scenario: n + 1 arms, means[0] = 1, means[i] = 1 - (i/n)^alpha.\n"
        "Domain: n in [1, 2^32), alpha > 0 (paper: 0.3, 0.6).");
}

}  // namespace lilucb::python
