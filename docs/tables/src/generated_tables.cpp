#include "lilucb_docs/generated_tables.hpp"

#include "lilucb/errors.hpp"
#include "lilucb/theory/finite_lil.hpp"
#include "lilucb/theory/parameters.hpp"
#include "lilucb/theory/repaired_theorem.hpp"
#include "lilucb/theory/theorem.hpp"

#include <array>

namespace lilucb {

namespace {

constexpr std::array<double, 4> kNuGrid{0.1, 0.05, 0.01, 0.001};
constexpr std::array<double, 3> kEpsGrid{0.01, 0.1, 0.5};
constexpr std::array<double, 4> kBetaGrid{0.5, 1.0, 1.66, 2.0};

std::string yes_no(bool b) { return b ? "yes" : "no"; }

template <class Opt>
std::string optional_number(const Opt& x, const char* when_empty) {
  return x ? format_number(*x) : std::string(when_empty);
}

report_table certified_grid() {
  report_table t;
  t.title = "Certified lil'UCB parameters (Theorem R, docs/repaired-theorem.md), and the stated theorem's";
  t.header = {"ν", "ε", "β", "certified δ", "a = repaired a_min", "repaired failure bound", "δ limited by",
              "stated-theorem δ", "stated a_min", "repaired a_min at stated δ", "paper setting meets stated theorem"};
  t.latex_header = {"$\\nu$", "$\\varepsilon$", "$\\beta$", "certified $\\delta$", "$a$ (repaired)",
                    "repaired bound", "limited by", "stated $\\delta$", "stated $a_{\\min}$",
                    "repaired $a_{\\min}$ at stated $\\delta$", "paper ok"};
  for (double nu : kNuGrid) {
    const bool paper_ok = paper_theory_setting(nu).theorem.satisfies_theorem();
    for (double eps : kEpsGrid)
      for (double beta : kBetaGrid) {
        const auto c = certified_setting(nu, eps, beta);
        const auto& s = c.setting;
        const auto st = stated_theorem_setting(nu, eps, beta).setting;
        t.rows.push_back({format_number(nu), format_number(eps), format_number(beta),
                          format_number(s.delta, 10), format_number(s.a, 8),
                          optional_number(s.repaired.failure_bound, "vacuous"),
                          c.limited_by_nu ? "ν" : "sample bound", format_number(st.delta, 10),
                          format_number(st.a, 8),
                          st.repaired.a_min ? format_number(*st.repaired.a_min, 8)
                                            : std::string("outside repaired range"),
                          yes_no(paper_ok)});
      }
  }
  t.notes = {
      "certified δ = min(δ_ν, δ_opt): δ_ν the largest δ whose repaired failure bound (Theorem R) is ≤ ν, "
      "δ_opt the minimiser of (1 + repaired a_min)·log(1/δ) (past it a larger δ worsens the sample bound); "
      "'δ limited by' says which one binds. a = repaired a_min = κ·log(1/δ)/log(log(1+ε)/δ) / "
      "(1 − ρδ − √(√(ρδ)·log(1/(ρδ)))).",
      "The certificate: P(lil'UCB ever stops on a suboptimal arm) ≤ repaired failure bound. Termination and the "
      "sample bound (Lemma lem:1) are not certified.",
      "stated-theorem δ: the largest δ with the stated √(ρδ) + 4ρδ/(1−ρδ) ≤ ν and a = stated a_min: meets the "
      "paper's stated hypotheses; the paper's proof does not establish it (its a is below the repaired a_min).",
      "paper setting: ε = 0.01, β = 1, a = 9, δ = (νε/(5(2+ε)))^(1/(1+ε)) (Section 5); "
      "'meets stated theorem' means δ < log(1+ε)/e and a ≥ a_min(β, δ).",
      "Regenerate: lilucb table params --format markdown|csv|latex."};
  return t;
}

report_table paper_setting_table() {
  report_table t;
  t.title = "Section 5's settings against Theorem th:lilucb";
  t.header = {"ν", "setting", "ε", "β", "a", "δ", "δ < log(1+ε)/e", "a_min(β, δ)", "ρδ",
              "failure bound", "meets stated theorem", "guarantee ≤ ν (repaired theorem)"};
  t.latex_header = {"$\\nu$", "setting", "$\\varepsilon$", "$\\beta$", "$a$", "$\\delta$",
                    "$\\delta$ in range", "$a_{\\min}$", "$\\rho\\delta$", "failure bound",
                    "meets theorem", "guarantee $\\le\\nu$"};
  for (double nu : kNuGrid) {
    const auto p = paper_theory_setting(nu);
    t.rows.push_back({format_number(nu), "lil'UCB (paper)", format_number(p.eps),
                      format_number(p.beta), format_number(p.a), format_number(p.delta),
                      yes_no(p.theorem.delta_in_range),
                      optional_number(p.theorem.a_min, "infeasible"),
                      format_number(rho(p.eps) * p.delta),
                      optional_number(p.theorem.failure_bound, "vacuous"),
                      yes_no(p.theorem.satisfies_theorem()), yes_no(p.guarantees_nu())});
    const auto h = heuristic_setting(nu, 10);
    t.rows.push_back({format_number(nu), "lil'UCB Heuristic (n = 10)", format_number(h.eps),
                      format_number(h.beta), format_number(h.a), format_number(h.delta),
                      yes_no(h.theorem.delta_in_range),
                      optional_number(h.theorem.a_min, "infeasible"), "undefined (ε = 0)",
                      optional_number(h.theorem.failure_bound, "none"),
                      yes_no(h.theorem.satisfies_theorem()), yes_no(h.guarantees_nu())});
  }
  t.notes = {
      "ρ = (2+ε)/ε·(1/log(1+ε))^(1+ε); failure bound √(ρδ) + 4ρδ/(1−ρδ), 'vacuous' when ρδ ≥ 1 "
      "or the bound is ≥ 1.",
      "The heuristic's ε = 0 is outside the theorem (and Lemma lem:lil, which needs ε ∈ (0,1)): "
      "it carries no guarantee, as Section 5 says.",
      "Regenerate: lilucb table paper-setting --format markdown|csv|latex."};
  return t;
}

report_table lil_constant_table() {
  report_table t;
  t.title = "Lemma lem:lil: the stated failure probability against the proof's own sum";
  t.header = {"ε", "δ / (log(1+ε)/e)", "δ", "stated (2+ε)/ε·x^(1+ε)",
              "proof: (2ζ(1+ε)−1)·x^(1+ε) + x^((1+√ε)²(1+ε))", "proof ≤ stated"};
  t.latex_header = {"$\\varepsilon$", "$\\delta/\\delta_{\\max}$", "$\\delta$", "stated",
                    "proof", "proof $\\le$ stated"};
  for (double eps : {0.0001, 0.001, 0.01, 0.1, 0.5, 0.9})
    for (double frac : {0.001, 0.1, 0.5, 0.999}) {
      const double delta = frac * lil_delta_max(eps, inner_log::lemma);
      const double stated = lil_failure_probability(eps, delta, inner_log::lemma);
      const double proof = lil_failure_probability_proof(eps, delta);
      t.rows.push_back({format_number(eps), format_number(frac), format_number(delta),
                        format_number(stated), format_number(proof), yes_no(proof <= stated)});
    }
  t.notes = {
      "x = δ/log(1+ε). Steps 1 and 2 of the proof sum to (2ζ(1+ε) − 1)·x^(1+ε) (Step 2's k = 0 block "
      "is empty because u_1 = 2); t = 1 is covered by neither step and adds x^((1+√ε)²(1+ε)) by "
      "Chernoff's bound. 'no' means the proof as written does not deliver the stated constant "
      "there (docs/findings.md, F1).",
      "Regenerate: lilucb table lil-constant --format markdown|csv|latex."};
  return t;
}

std::vector<report_table> build_params() { return {certified_grid()}; }
std::vector<report_table> build_paper_setting() { return {paper_setting_table()}; }
std::vector<report_table> build_lil_constant() { return {lil_constant_table()}; }

}  // namespace

std::vector<report_table> params_tables() { return build_params(); }

const std::vector<generated_table>& generated_tables() {
  static const std::vector<generated_table> tables = {
      {"params", "params.md",
       "certified delta and a_min over nu x eps x beta; whether the paper's setting meets the theorem",
       &build_params},
      {"paper-setting", "paper-setting.md",
       "Section 5's lil'UCB and heuristic settings checked against the theorem's hypotheses",
       &build_paper_setting},
      {"lil-constant", "lil-constant.md",
       "Lemma lem:lil's stated failure probability against the sum its proof establishes",
       &build_lil_constant},
      {"boundaries", "boundaries.md",
       "anytime boundaries (finite LIL, stitching, mixtures, GLR thresholds): widths and crossing probabilities",
       &boundaries_tables},
      {"rules", "rules.md",
       "the rule registry: the recommended method per reward model and question, every rule and what it is built with",
       &rules_tables},
  };
  return tables;
}

const generated_table& find_generated_table(std::string_view name) {
  std::string known;
  for (const auto& t : generated_tables()) {
    if (t.name == name) return t;
    known += (known.empty() ? "" : ", ") + t.name;
  }
  detail::raise_domain_error("lilucb::find_generated_table", "table", std::string(name),
                             "{" + known + "}");
}

std::string render_generated_table(const generated_table& table, table_format format) {
  std::string out;
  if (format == table_format::markdown)
    out = "<!-- Generated by `lilucb table " + table.name +
          " --format markdown`; do not edit. CI regenerates it and fails on any difference. -->\n\n";
  const auto parts = table.build();
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (i) out += '\n';
    out += parts[i].render(format);
  }
  return out;
}

}  // namespace lilucb
