#include "params_json.hpp"

#include "lilucb/finite_lil.hpp"
#include "lilucb/parameters.hpp"
#include "lilucb/repaired_theorem.hpp"
#include "lilucb/theorem.hpp"

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

nlohmann::json params_json(double nu, double eps, double beta, std::uint64_t n) {
  const auto cert = certified_setting(nu, eps, beta);
  const auto stated = stated_theorem_setting(nu, eps, beta);
  const auto& st = stated.setting;
  const double rdmax = repaired_delta_max(eps);
  const auto paper = paper_theory_setting(nu);
  const auto heur = heuristic_setting(nu, n);
  const double r = rho(eps);
  const double g = gamma(beta, eps);
  const double dmax = lil_delta_max(eps, inner_log::lemma);
  const double beta_star = optimal_beta<double>();
  const auto& c = cert.setting;
  nlohmann::json j = {
        {"nu", nu},
        {"eps", eps},
        {"beta", beta},
        {"n", n},
        {"rho", r},
        {"gamma", g},
        {"delta_max", dmax},
        {"optimal_beta", beta_star},
        {"repaired_delta_max", rdmax},
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
        {"heuristic", params_setting_json(heur)},
    };
    j["paper_theory"]["rho_delta"] = rho(paper.eps) * paper.delta;
    j["heuristic"]["n"] = n;
    j["heuristic"]["guarantee"] = false;
    j["heuristic"]["note"] = "eps = 0 is outside Theorem th:lilucb: no guarantee";
  return j;
}

}  // namespace lilucb::cli
