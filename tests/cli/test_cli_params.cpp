// `lilucb params`: JSON and text against the library (certified, stated-theorem, paper and heuristic settings).
// Part of the test_cli executable; shared helpers in cli_test_support.hpp.

#include "cli_test_support.hpp"

// =========================================================================================
// 1. lilucb params --json
// =========================================================================================

namespace {
struct params_case {
  std::string nu, eps, beta, n;  // empty: option not passed (defaults 0.01, 1, 10)
  bool paper_vacuous;            // expected independently: is paper_theory.failure_bound left out?
};

const std::vector<params_case> params_cases = {
    {"0.1", "", "", "", true},          // the paper's headline nu: its setting is vacuous
    {"0.05", "0.1", "1.66", "3", true},
    {"0.001", "", "", "", false},       // small nu: rho delta < 1, a real failure bound
    {"0.01", "0.5", "0.5", "100", true},   // paper: rho delta ~ 0.23, bound > 1
    {"0.999999", "0.9", "7", "1", true},
};
}  // namespace

namespace {
// `params --json` prints only the fields that apply: one that applies is a number equal to
// `expected`; one that does not is left out, never null.
void check_applies(const json& j, const std::string& ptr, const std::optional<double>& expected) {
  if (expected) {
    check_number(j, ptr, *expected);
    return;
  }
  const json::json_pointer p(ptr);
  BOOST_TEST(!j.contains(p), ptr << " should be left out, is " << (j.contains(p) ? j.at(p).dump() : ""));
}
}  // namespace

BOOST_AUTO_TEST_SUITE(params_command)

BOOST_AUTO_TEST_CASE(json_agrees_with_library) {
  for (const auto& c : params_cases) {
    std::vector<std::string> args = {"params", "--nu", c.nu};
    if (!c.eps.empty()) args.insert(args.end(), {"--eps", c.eps});
    if (!c.beta.empty()) args.insert(args.end(), {"--beta", c.beta});
    if (!c.n.empty()) args.insert(args.end(), {"--n", c.n});
    args.push_back("--json");
    BOOST_TEST_CONTEXT(show(args)) {
      const double nu = std::stod(c.nu);
      const double eps = std::stod(c.eps.empty() ? "0.01" : c.eps);
      const double beta = std::stod(c.beta.empty() ? "1" : c.beta);
      const std::uint64_t n = std::stoull(c.n.empty() ? "10" : c.n);

      const auto cert = lilucb::certified_setting(nu, eps, beta);
      const auto paper = lilucb::paper_theory_setting(nu);
      const auto heur = lilucb::heuristic_setting(nu, n);
      // The case table's expectation is independent of the CLI: it pins the library too.
      BOOST_TEST(!paper.theorem.failure_bound.has_value() == c.paper_vacuous);

      const json j = expect_json(args);
      if (j.is_null()) continue;
      check_number(j, "/nu", nu);
      check_number(j, "/eps", eps);
      check_number(j, "/beta", beta);
      check_integer(j, "/n", n);
      check_number(j, "/rho", lilucb::rho(eps));
      check_number(j, "/gamma", lilucb::gamma(beta, eps));
      check_number(j, "/delta_max", lilucb::lil_delta_max(eps, lilucb::inner_log::lemma));
      check_number(j, "/optimal_beta", lilucb::optimal_beta<double>());

      check_number(j, "/certified/eps", eps);
      check_number(j, "/certified/beta", beta);
      check_number(j, "/certified/delta", cert.setting.delta);
      check_number(j, "/certified/a_min", cert.setting.a);
      check_applies(j, "/certified/failure_bound", cert.setting.repaired.failure_bound);
      check_bool(j, "/certified/satisfies_repaired_theorem", cert.setting.repaired.holds());
      // What "certified" promises: Theorem R's hypotheses hold and its bound is <= nu.
      check_bool(j, "/certified/satisfies_repaired_theorem", true);
      check_bool(j, "/certified/guarantees_nu", true);
      const auto stated = lilucb::stated_theorem_setting(nu, eps, beta);
      check_number(j, "/stated_theorem/delta", stated.setting.delta);
      check_number(j, "/stated_theorem/a_min", stated.setting.a);
      check_applies(j, "/stated_theorem/failure_bound", stated.setting.theorem.failure_bound);
      check_bool(j, "/stated_theorem/delta_at_cap", stated.delta_at_cap);
      check_bool(j, "/stated_theorem/satisfies_theorem", true);
      check_bool(j, "/stated_theorem/guarantees_nu", stated.setting.guarantees_nu());
      if (const auto fb = at(j, "/certified/failure_bound"); fb && fb->is_number())
        BOOST_TEST(fb->get<double>() <= nu);
      else
        BOOST_TEST(false, "certified.failure_bound should be a number <= nu");

      check_number(j, "/paper_theory/delta", paper.delta);
      check_number(j, "/paper_theory/a", paper.a);
      check_number(j, "/paper_theory/a", 9.0);  // Section 5: a = ((2+1)/1)^2
      check_number(j, "/paper_theory/eps", 0.01);
      check_number(j, "/paper_theory/beta", 1.0);
      check_applies(j, "/paper_theory/a_min", paper.theorem.a_min);
      check_applies(j, "/paper_theory/failure_bound", paper.theorem.failure_bound);
      BOOST_TEST(!j.contains(json::json_pointer("/paper_theory/failure_bound")) == c.paper_vacuous);
      check_bool(j, "/paper_theory/satisfies_theorem", paper.theorem.satisfies_theorem());
      check_bool(j, "/paper_theory/guarantees_nu", paper.guarantees_nu());

      check_number(j, "/heuristic/delta", heur.delta);
      check_number(j, "/heuristic/delta", nu / 5);
      check_number(j, "/heuristic/a", heur.a);
      check_number(j, "/heuristic/a", 1 + 10.0 / static_cast<double>(n));
      check_number(j, "/heuristic/eps", 0.0);
      check_number(j, "/heuristic/beta", 0.5);
      check_applies(j, "/heuristic/failure_bound", std::nullopt);
      check_bool(j, "/heuristic/satisfies_theorem", false);
      check_bool(j, "/heuristic/guarantee", false);
    }
  }
}

BOOST_AUTO_TEST_CASE(paper_setting_is_vacuous_at_nu_0_1) {
  const json j = expect_json({"params", "--nu", "0.1", "--json"});
  if (j.is_null()) return;
  BOOST_TEST(!j.contains(json::json_pointer("/paper_theory/failure_bound")));  // left out: it does not apply
  check_bool(j, "/paper_theory/satisfies_theorem", false);
  check_bool(j, "/paper_theory/guarantees_nu", false);
}

BOOST_AUTO_TEST_CASE(text_mode_prints_the_key_numbers) {
  const auto r = run_cli({"params", "--nu", "0.1"});
  BOOST_TEST(r.status == 0);
  BOOST_TEST(r.err == "");
  BOOST_TEST(!r.out.empty());
  BOOST_TEST(r.out.front() != '{');
  const auto cert = lilucb::certified_setting(0.1, 0.01, 1.0);
  const auto paper = lilucb::paper_theory_setting(0.1);
  const auto heur = lilucb::heuristic_setting(0.1, 10);
  for (const std::string& s :
       {text_number(lilucb::rho(0.01)), text_number(lilucb::gamma(1.0, 0.01)),
        text_number(cert.setting.delta), text_number(cert.setting.a),
        text_number(lilucb::stated_theorem_setting(0.1, 0.01, 1.0).setting.a), std::string("stated_theorem"),
        text_number(paper.delta), text_number(*paper.theorem.a_min), text_number(heur.a),
        text_number(heur.delta), text_number(lilucb::optimal_beta<double>()),
        std::string("vacuous")})
    BOOST_TEST(contains(r.out, s), "text output lacks " << s << ":\n" << r.out);
}

BOOST_AUTO_TEST_SUITE_END()
