// Prints library values at a sample of inputs, one JSON object per line:
//   {"f": "<python name>", "args": {<keyword arguments>}, "value": <number, null or [numbers]>}
// test_agreement.py calls lilucb.<f>(**args) and requires the same double, bit for bit.  Numbers
// are printed with 17 significant digits, which read back as the same double.

#include "lilucb/finite_lil.hpp"
#include "lilucb/instance.hpp"
#include "lilucb/ls_bound.hpp"
#include "lilucb/parameters.hpp"
#include "lilucb/theorem.hpp"

#include <cstdio>
#include <optional>
#include <string>
#include <vector>

namespace {

std::string num(double x) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", x);
  return buf;
}
std::string num(const std::optional<double>& x) { return x ? num(*x) : "null"; }
std::string num(std::size_t x) { return std::to_string(x); }

struct args {
  std::string text;
  args& add(const char* k, double v) { return raw(k, num(v)); }
  args& add(const char* k, const char* v) { return raw(k, std::string("\"") + v + "\""); }
  args& add(const char* k, const std::vector<double>& v) {
    std::string s = "[";
    for (std::size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + num(v[i]);
    return raw(k, s + "]");
  }
  args& raw(const char* k, const std::string& v) {
    text += (text.empty() ? "" : ", ") + std::string("\"") + k + "\": " + v;
    return *this;
  }
};

template <class V>
void emit(const char* f, const args& a, const V& value) {
  std::printf("{\"f\": \"%s\", \"args\": {%s}, \"value\": %s}\n", f, a.text.c_str(), num(value).c_str());
}

}  // namespace

int main() {
  using namespace lilucb;
  const double ts[] = {1, 2, 3, 10, 1000, 123456.5, 1e9, 1e300};
  const double epss[] = {0.001, 0.01, 0.1, 0.5, 0.9};
  const double sigmas[] = {0.25, 0.5, 1, 3};
  const double betas[] = {0.5, 1, 1.66, 4};
  const std::uint64_t ns[] = {1, 2, 10, 1000, 1000000};
  for (const double eps : epss) {
    const double dmax = lil_delta_max(eps, inner_log::lemma);
    const double deltas[] = {1e-12, 1e-6, 1e-3, dmax / 2, dmax * 0.999};
    emit("lil_delta_max", args().add("eps", eps).add("inner", "lemma"), dmax);
    emit("rho", args().add("eps", eps), rho(eps));
    for (const double delta : deltas) {
      const bool in_lemma_range = delta < dmax;
      for (const char* inner : {"lemma", "plus2"}) {
        const auto il = parse_inner_log(inner);
        if (il == inner_log::lemma && !in_lemma_range) continue;
        for (const double t : ts)
          for (const double s : sigmas) {
            emit("lil_bound", args().add("t", t).add("eps", eps).add("delta", delta).add("sigma", s).add("inner", inner),
                 lil_bound(t, eps, delta, s, il));
            emit("lil_width", args().add("t", t).add("eps", eps).add("delta", delta).add("sigma", s).add("inner", inner),
                 lil_width(t, eps, delta, s, il));
          }
        emit("lil_failure_probability", args().add("eps", eps).add("delta", delta).add("inner", inner),
             lil_failure_probability(eps, delta, il));
      }
      if (in_lemma_range)
        emit("lil_failure_probability_proof", args().add("eps", eps).add("delta", delta),
             lil_failure_probability_proof(eps, delta));
      emit("ls_failure_probability", args().add("eps", eps).add("delta", delta), ls_failure_probability(eps, delta));
      emit("theorem_failure_bound", args().add("eps", eps).add("delta", delta), theorem_failure_bound(eps, delta));
      emit("lemma1_success_probability", args().add("eps", eps).add("delta", delta),
           lemma1_success_probability(eps, delta));
      emit("lemma2_success_probability", args().add("eps", eps).add("delta", delta),
           lemma2_success_probability(eps, delta));
      for (const std::uint64_t n : ns) {
        const double nd = static_cast<double>(n);
        emit("ls_failure_probability_union", args().add("eps", eps).add("delta", delta).add("n", nd),
             ls_failure_probability_union(eps, delta, n));
        for (const double t : ts)
          emit("ls_bound", args().add("t", t).add("eps", eps).add("delta", delta).add("sigma", 0.5).add("n", nd),
               ls_bound(t, eps, delta, 0.5, n));
      }
      for (const double beta : betas) {
        emit("kappa", args().add("beta", beta).add("delta", delta), kappa(beta, delta));
        emit("a_min", args().add("beta", beta).add("delta", delta), a_min(beta, delta));
        emit("a_min_proof", args().add("beta", beta).add("delta", delta).add("eps", eps), a_min_proof(beta, delta, eps));
      }
    }
    for (const double p : {1e-9, 1e-3, 0.05, 0.3}) {
      emit("lil_delta_for_failure_probability", args().add("eps", eps).add("p", p).add("inner", "plus2"),
           lil_delta_for_failure_probability(eps, p, inner_log::plus2));
      emit("ls_delta_for_failure_probability", args().add("eps", eps).add("p", p),
           ls_delta_for_failure_probability(eps, p));
    }
    for (const double beta : betas) emit("gamma", args().add("beta", beta).add("eps", eps), gamma(beta, eps));
  }
  for (const double delta : {1e-9, 1e-3, 0.1, 0.5, 0.9}) emit("a_min_denominator", args().add("delta", delta), a_min_denominator(delta));
  for (const double beta : betas) {
    emit("exploration_ratio", args().add("beta", beta), exploration_ratio(beta));
    emit("leading_constant", args().add("beta", beta), leading_constant(beta));
  }
  emit("optimal_beta", args(), optimal_beta<double>());
  const std::vector<std::vector<double>> instances = {
      {0.5, 0.45, 0.1}, {0.1, 0.9, 0.3, 0.85}, {1.0, 0.0, 0.0, 0.0, 0.0}, {0.9, 0.899}, {0.3, 0.2, 0.1, 0.0, -0.5}};
  for (const auto& m : instances) {
    emit("best_arm", args().add("means", m), best_arm(m));
    emit("hardness_h1", args().add("means", m), hardness_h1(m));
    emit("hardness_h3", args().add("means", m), hardness_h3(m));
    for (const double delta : {1e-6, 0.01, 0.3}) {
      emit("farrell_lower_bound", args().add("means", m).add("delta", delta), farrell_lower_bound(m, delta));
      for (const double eps : {0.01, 0.5})
        for (const double beta : {1.0, 1.66}) {
          emit("lemma1_bound", args().add("means", m).add("eps", eps).add("beta", beta).add("delta", delta),
               lemma1_bound(m, eps, beta, delta));
          emit("lemma1_bound_proof", args().add("means", m).add("eps", eps).add("beta", beta).add("delta", delta),
               lemma1_bound_proof(m, eps, beta, delta));
        }
    }
  }
  for (const double b : {0.0, 1.5, 1e6})
    for (const double a : {1.01, 9.0, 1234.5})
      emit("total_samples_bound", args().add("suboptimal_pulls_bound", b).add("a", a), total_samples_bound(b, a));
  return 0;
}
