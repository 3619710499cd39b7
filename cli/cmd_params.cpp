// `lilucb params`: recommended lil'UCB parameters for a target error probability nu.

#include "cli_support.hpp"
#include "params_json.hpp"

#include "lilucb/theory/parameters.hpp"

#include <iostream>
#include <memory>

namespace lilucb::cli {

namespace {

struct params_options {
  std::string nu, eps = "0.01", beta = "1", n = "10";
  bool json = false;
};

std::string optional_text(const std::optional<double>& x, const char* empty) {
  return x ? text_number(*x) : std::string(empty);
}

void run_params(const params_options& o) {
  const double nu = parse_real("--nu", o.nu, "(0, 1)");
  const double eps = parse_real("--eps", o.eps, "(0, 1)");
  const double beta = parse_real("--beta", o.beta, "(0, inf)");
  const std::uint64_t n = parse_count("--n", o.n, "[1, 2^64)");
  const params_values v = compute_params(nu, eps, beta, n);  // params_json.cpp: the one computation
  if (o.json) {  // the object the Python module returns too
    print_json(params_json(v));
    return;
  }
  const auto& cert = v.certified;
  const auto& c = cert.setting;
  const auto& st = v.stated.setting;
  const auto& paper = v.paper;
  const auto& heur = v.heuristic;

  std::cout << "lil'UCB parameters for target error probability nu = " << text_number(nu) << "\n\n"
            << "The constants of lil'UCB's theorem [Theorem th:lilucb] at eps = " << text_number(eps)
            << ", beta = " << text_number(beta) << ":\n"
            << "  rho(eps)          = " << text_number(v.rho) << "\n"
            << "  gamma(beta, eps)  = " << text_number(v.gamma) << "\n"
            << "  delta range       = (0, log(1+eps)/e) = (0, " << text_number(v.delta_max) << ")\n"
            << "  optimal beta      = " << text_number(v.optimal_beta)
            << "  (minimises (2+beta)^2 (1 + ((2+beta)/beta)^2); paper: ~1.66)\n\n"
            << "certified (use this; rests on the repaired theorem, docs/repaired-theorem.md):\n"
            << "  eps = " << text_number(c.eps) << ", beta = " << text_number(c.beta)
            << ", delta = " << text_number(c.delta) << ", a = repaired a_min = " << text_number(c.a) << "\n"
            << "  repaired failure bound = " << optional_text(c.repaired.failure_bound, "vacuous")
            << " <= nu: P(lil'UCB ever stops on a suboptimal arm)\n"
            << "  delta is " << (cert.limited_by_nu ? "the largest with repaired bound <= nu"
                                                     : "the sample-bound optimum (1 + a_min) log(1/delta)")
            << "; largest delta with repaired bound <= nu: "
            << optional_text(cert.delta_nu, "none below the range's end")
            << "; repaired delta range (0, " << text_number(v.repaired_delta_max) << ")\n"
            << "  not certified: that it stops, and its sample bound [Lemma lem:1]\n\n"
            << "stated_theorem (meets the paper's stated hypotheses; the paper's proof does not establish it):\n"
            << "  eps = " << text_number(st.eps) << ", beta = " << text_number(st.beta)
            << ", delta = " << text_number(st.delta) << ", a = a_min = " << text_number(st.a) << "\n"
            << "  stated failure bound sqrt(rho delta) + 4 rho delta/(1 - rho delta) = "
            << optional_text(st.theorem.failure_bound, "vacuous") << " <= nu; repaired theorem needs a >= "
            << optional_text(st.repaired.a_min, "undefined") << ": guarantees 1 - nu: "
            << (st.guarantees_nu() ? "yes" : "no") << "\n\n"
            << "paper_theory (Section 5: eps = 0.01, beta = 1, a = 9, "
               "delta = (nu eps/(5(2+eps)))^(1/(1+eps))):\n"
            << "  delta = " << text_number(paper.delta) << ", a = " << text_number(paper.a)
            << ", a_min = " << optional_text(paper.theorem.a_min, "infeasible")
            << ", rho delta = " << text_number(rho(paper.eps) * paper.delta) << "\n"
            << "  failure bound = " << optional_text(paper.theorem.failure_bound, "vacuous")
            << "; meets the stated theorem's hypotheses: "
            << (paper.theorem.satisfies_theorem() ? "yes" : "no")
            << "; guarantees 1 - nu: " << (paper.guarantees_nu() ? "yes" : "no") << "\n\n"
            << "heuristic (Section 5's lil'UCB Heuristic, n = " << n << "):\n"
            << "  eps = 0, beta = 0.5, a = 1 + 10/n = " << text_number(heur.a)
            << ", delta = nu/5 = " << text_number(heur.delta) << "\n"
            << "  no guarantee: eps = 0 is outside the theorem\n";
}

}  // namespace

void add_params_command(CLI::App& app) {
  auto o = std::make_shared<params_options>();
  auto* sub = app.add_subcommand("params", "Recommended lil'UCB parameters for a target error probability nu");
  declare_option(sub->add_option("--nu", o->nu, "target error probability, in (0,1)")->required(), real_spec(0, false, 1, false));
  declare_option(sub->add_option("--eps", o->eps, "eps for the certified setting, in (0,1) (default 0.01)"), real_spec(0, false, 1, false).defaults_to(o->eps));
  declare_option(sub->add_option("--beta", o->beta, "beta for the certified setting, > 0 (default 1)"), real_spec(0, false, std::numeric_limits<double>::infinity(), false).defaults_to(o->beta));
  declare_option(sub->add_option("--n", o->n, "number of arms, for the heuristic's a = 1 + 10/n (default 10)"), count_spec(1, std::numeric_limits<std::uint64_t>::max(), "[1, 2^64)").defaults_to(o->n));
  declare_option(sub->add_flag("--json", o->json, "print one JSON object"), flag_spec());
  sub->callback([o] { run_params(*o); });
}

}  // namespace lilucb::cli
