// docs/generated/rules.md: the rule registry (lilucb/bandit/rules.hpp) as tables: the method
// recommended per reward model and question, then every sampling rule, stopping rule, GLR
// threshold and LS boundary with what its descriptor says.  Nothing here is typed by hand.

#include "lilucb_docs/generated_tables.hpp"

#include "lilucb/bandit/combination.hpp"
#include "lilucb/bandit/rules.hpp"
#include "lilucb/errors.hpp"

#include <string>
#include <vector>

namespace lilucb {

namespace {
namespace lb = bandit;

std::string models_text(unsigned models) {
  if (models == lb::rule_models::any) return "every model of known scale";
  std::string s;
  for (const auto& d : lb::reward_models)
    if (lb::accepts(models, d.id)) s.append(s.empty() ? "" : ", ").append(d.title);
  return s.empty() ? "none" : s;
}

std::string yes_no(bool b) { return b ? "yes" : "no"; }
std::string cost_text(lb::rule_cost c) { return c == lb::rule_cost::cheap ? "cheap" : "costly"; }
std::string code(std::string_view name) {
  std::string s(1, '`');  // appended, not "`" + std::string&&: GCC 12 warns falsely (-Wrestrict) there
  s.append(name).push_back('`');
  return s;
}

std::string certificate_text(bool certified, std::string_view statement) {
  std::string s(certified ? "certified: " : "uncertified (");
  s.append(statement);
  if (!certified) s.push_back(')');
  return s;
}

/// The recommended method for (model, question), or why there is none.
std::string recommended_text(lb::reward_model m, const lb::answer_target& t) {
  try {
    return code(lb::to_string(lb::recommended_combination(m, t)));
  } catch (const lilucb::domain_error&) {
    return "none certified";
  }
}

report_table recommendation_table() {
  report_table t;
  t.title = "Which method: the recommended certified method per reward model and question";
  t.header = {"reward model", "the best arm", "an epsilon-good arm (--epsilon)", "the top m arms (--top)"};
  for (const auto& d : lb::reward_models)
    t.rows.push_back({d.title, recommended_text(d.id, {}), recommended_text(d.id, {0.1, false}),
                      recommended_text(d.id, {0, false, 2})});
  t.notes = {"What `lilucb run`, `lilucb study new` and Python's `run`/`Identification` use when no method is "
             "given: the sampling rule and the GLR threshold whose descriptors recommend themselves for the model "
             "and question (lilucb/bandit/rules.hpp, `recommended`; combination.hpp, recommended_combination).",
             "The measurements behind each choice: docs/certified-glr/results.md and the reports of docs/generated "
             "(modern-*.md)."};
  return t;
}

report_table sampling_table() {
  report_table t;
  t.title = "Sampling rules (--sampling)";
  t.header = {"name", "what it does", "built with", "models", "epsilon-good", "top-m", "the practice's", "cost"};
  for (const auto& d : lb::sampling_rules)
    t.rows.push_back({code(d.name), std::string(d.summary), std::string(d.parameters),
                      models_text(d.models), d.knows_epsilon ? "knows the target" : "samples as for the best arm",
                      d.knows_top_m ? "knows the target" : "samples as for the best arm", yes_no(d.practice),
                      cost_text(d.cost)});
  t.notes = {"No sampling rule carries a guarantee: the stopping rule certifies the answer whatever the sampling "
             "rule (docs/certified-glr/propositions.md). A sampling rule that does not know an epsilon-good or top-m "
             "target is still valid with it, only slower."};
  return t;
}

report_table stopping_table() {
  report_table t;
  t.title = "Stopping rules (--stopping)";
  t.header = {"name", "what it does", "completed by", "certificate", "in studies"};
  for (const auto& d : lb::stopping_rules)
    t.rows.push_back({code(d.name), std::string(d.summary),
                      d.takes == lb::stopping_parameter::threshold ? "a threshold (--threshold)"
                      : d.takes == lb::stopping_parameter::boundary ? "a boundary (--boundary)"
                                                                   : "nothing",
                      d.takes == lb::stopping_parameter::none ? certificate_text(d.certified, d.statement)
                                                              : "its threshold's or boundary's",
                      d.in_studies ? std::string("yes") : std::string("no: ").append(d.studies_note)});
  return t;
}

report_table threshold_table() {
  report_table t;
  t.title = "GLR thresholds (--stopping glr --threshold)";
  t.header = {"name", "what it does", "built with", "certificate", "models", "questions", "beta of t alone",
              "the practice's", "cost"};
  for (const auto& d : lb::glr_thresholds) {
    std::string questions = "best arm";
    if (d.answers_epsilon) questions += d.additive_epsilon_only ? ", epsilon-good (additive)" : ", epsilon-good";
    if (d.answers_top_m) questions += ", top-m";
    t.rows.push_back({code(d.name), std::string(d.summary), std::string(d.parameters),
                      certificate_text(d.certified, d.statement), models_text(d.models), questions,
                      yes_no(d.beta != nullptr), yes_no(d.practice), cost_text(d.cost)});
  }
  t.notes = {"*beta of t alone*: the threshold is a function of the pull count t only, so the stopping time has a "
             "fixed-point prediction t = T* beta(t) (`lilucb plan`); the others depend on the counts."};
  return t;
}

report_table boundary_table() {
  report_table t;
  t.title = "LS boundaries (--stopping ls --boundary)";
  t.header = {"name", "what it is", "certificate", "models", "cost"};
  for (const auto& d : lb::ls_boundaries)
    t.rows.push_back({code(d.name), std::string(d.summary), certificate_text(d.certified, d.statement),
                      models_text(d.models), cost_text(d.cost)});
  return t;
}

}  // namespace

std::vector<report_table> rules_tables() {
  return {recommendation_table(), sampling_table(), stopping_table(), threshold_table(), boundary_table()};
}

}  // namespace lilucb
