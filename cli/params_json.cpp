#include "params_json.hpp"

#include "lilucb/theory/finite_lil.hpp"
#include "lilucb/theory/parameters.hpp"
#include "lilucb/theory/repaired_theorem.hpp"
#include "lilucb/theory/theorem.hpp"

#include <iterator>
#include <optional>

namespace lilucb::cli {

namespace {

nlohmann::json optional_json(const std::optional<double>& x) {
  return x ? nlohmann::json(*x) : nlohmann::json(nullptr);
}

nlohmann::json params_setting_json(const lilucb_setting<double>& s) {
  return {{"eps", s.eps},
          {"beta", s.beta},
          {"a", s.a},
          {"delta", s.delta},
          {"a_min", optional_json(s.theorem.a_min)},
          {"failure_bound", optional_json(s.theorem.failure_bound)},
          {"delta_in_range", s.theorem.delta_in_range},
          {"a_sufficient", s.theorem.a_sufficient},
          {"satisfies_theorem", s.theorem.satisfies_theorem()},
          {"repaired_a_min", optional_json(s.repaired.a_min)},
          {"repaired_failure_bound", optional_json(s.repaired.failure_bound)},
          {"satisfies_repaired_theorem", s.repaired.holds()},
          {"guarantees_nu", s.guarantees_nu()}};
}

}  // namespace

params_values compute_params(double nu, double eps, double beta, std::uint64_t n) {
  // The order of the calls is the order of the domain checks: nu, then eps, then beta, then n.
  params_values v{.nu = nu,
                  .eps = eps,
                  .beta = beta,
                  .n = n,
                  .certified = certified_setting(nu, eps, beta),
                  .stated = stated_theorem_setting(nu, eps, beta),
                  .paper = paper_theory_setting(nu),
                  .heuristic = heuristic_setting(nu, n)};
  v.repaired_delta_max = repaired_delta_max(eps);
  v.rho = rho(eps);
  v.gamma = gamma(beta, eps);
  v.delta_max = lil_delta_max(eps, inner_log::lemma);
  v.optimal_beta = optimal_beta<double>();
  return v;
}

nlohmann::json params_json(double nu, double eps, double beta, std::uint64_t n) {
  return params_json(compute_params(nu, eps, beta, n));
}

nlohmann::json params_json(const params_values& v) {
  const auto& cert = v.certified;
  const auto& c = cert.setting;
  const auto& stated = v.stated;
  const auto& st = stated.setting;
  const auto& paper = v.paper;
  nlohmann::json j = {
      {"nu", v.nu},
      {"eps", v.eps},
      {"beta", v.beta},
      {"n", v.n},
      {"rho", v.rho},
      {"gamma", v.gamma},
      {"delta_max", v.delta_max},
      {"optimal_beta", v.optimal_beta},
      {"repaired_delta_max", v.repaired_delta_max},
      {"certified",
       {{"eps", c.eps},
        {"beta", c.beta},
        {"delta", c.delta},
        {"a", c.a},
        {"a_min", c.a},
        {"kappa", repaired_kappa(c.beta, c.delta, c.eps)},
        {"failure_bound", optional_json(c.repaired.failure_bound)},
        {"delta_opt", cert.delta_opt},
        {"delta_nu", optional_json(cert.delta_nu)},
        {"limited_by", cert.limited_by_nu ? "nu" : "sample_bound"},
        {"stated_failure_bound", optional_json(c.theorem.failure_bound)},
        {"satisfies_theorem", c.theorem.satisfies_theorem()},
        {"satisfies_repaired_theorem", c.repaired.holds()},
        {"guarantees_nu", c.guarantees_nu()},
        {"certificate", cert.certificate}}},
      {"stated_theorem",
       {{"eps", st.eps},
        {"beta", st.beta},
        {"delta", st.delta},
        {"a", st.a},
        {"a_min", st.a},
        {"kappa", kappa(st.beta, st.delta)},
        {"failure_bound", optional_json(st.theorem.failure_bound)},
        {"delta_at_cap", stated.delta_at_cap},
        {"satisfies_theorem", st.theorem.satisfies_theorem()},
        {"repaired_a_min", optional_json(st.repaired.a_min)},
        {"repaired_failure_bound", optional_json(st.repaired.failure_bound)},
        {"guarantees_nu", st.guarantees_nu()},
        {"certificate", stated.certificate}}},
      {"paper_theory", params_setting_json(paper)},
      {"heuristic", params_setting_json(v.heuristic)},
  };
  j["paper_theory"]["rho_delta"] = rho(paper.eps) * paper.delta;
  j["heuristic"]["n"] = v.n;
  j["heuristic"]["guarantee"] = false;
  j["heuristic"]["note"] = "eps = 0 is outside lil'UCB's theorem [Theorem th:lilucb]: no guarantee";
  // Only the fields that apply: a quantity a setting does not have (a failure bound where the
  // theorem's conditions fail, a minimal a where none exists) is left out rather than null.
  for (auto& [key, section] : j.items())
    if (section.is_object())
      for (auto it = section.begin(); it != section.end();) it = it->is_null() ? section.erase(it) : std::next(it);
  return j;
}

}  // namespace lilucb::cli
