// Combinations by name (lilucb/bandit/combination.hpp), read from the rule registry.

#include "lilucb/bandit/combination.hpp"

#include <cmath>

namespace lilucb::bandit {

std::string to_string(const combination& c) {
  std::string s = std::string(to_string(c.sampling)) + "+" + to_string(c.stopping);
  switch (describe(c.stopping).takes) {
    case stopping_parameter::threshold: s += std::string("-") + to_string(c.threshold); break;
    case stopping_parameter::boundary:
      if (c.boundary != stopping::ls_boundary::lil) s += std::string("-") + stopping::to_string(c.boundary);
      break;
    case stopping_parameter::none: break;
  }
  return s;
}

combination parse_combination(std::string_view label) {
  constexpr const char* fn = "lilucb::bandit::parse_combination";
  const auto bad = [&]() {
    ::lilucb::detail::raise_domain_error(fn, "combination", ::lilucb::detail::quoted(label),
                                       "SAMPLING+STOPPING with STOPPING one of " + rule_names(stopping_rules) +
                                           " (ls-BOUNDARY, glr-THRESHOLD; as `lilucb run` names them)");
  };
  const auto plus = label.find('+');
  if (plus == std::string_view::npos) bad();
  combination c;
  c.sampling = parse_sampling_rule(label.substr(0, plus));
  std::string_view stop = label.substr(plus + 1);
  for (const auto& d : stopping_rules) {
    if (stop == d.name && d.takes != stopping_parameter::threshold) {
      c.stopping = d.id;  // lilucb, or ls with the lil boundary (printed as plain "ls")
      return c;
    }
    if (d.takes == stopping_parameter::none || stop.substr(0, d.name.size()) != d.name ||
        stop.substr(d.name.size(), 1) != "-")
      continue;
    c.stopping = d.id;
    const std::string_view part = stop.substr(d.name.size() + 1);
    if (d.takes == stopping_parameter::threshold) {
      c.threshold = parse_glr_threshold(part);
      return c;
    }
    c.boundary = stopping::parse_ls_boundary(part);
    if (c.boundary == stopping::ls_boundary::lil) bad();  // to_string writes plain "ls" for it
    return c;
  }
  bad();
  return c;  // not reached
}

std::string canonical_combination_name(std::string_view label) {
  // The older spelling of the experiment's tables: "SAMPLING+ls-BOUNDARY:BOUNDARY".
  const auto colon = label.find(':');
  if (colon == std::string_view::npos) return std::string(label);
  const std::string_view name = label.substr(0, colon), boundary = label.substr(colon + 1);
  try {
    const combination c = parse_combination(name);
    if (c.stopping == stopping_rule::ls && boundary == stopping::to_string(c.boundary) &&
        c.boundary != stopping::ls_boundary::lil)
      return to_string(c);
  } catch (const lilucb::domain_error&) {
  }
  return std::string(label);
}

namespace {
unsigned recommendation::*question_of(const answer_target& target) {
  return target.top_m() ? &recommendation::top_m : target.best_arm() ? &recommendation::best_arm
                                                                     : &recommendation::epsilon_good;
}

/// The descriptor of `table` recommended for model m and the question, or nullptr (rules.hpp checks
/// that there is at most one).
template <class Table>
const typename Table::value_type* recommended_in(const Table& table, reward_model m, unsigned recommendation::*q) {
  for (const auto& d : table)
    if (accepts(d.recommended.*q, m)) return &d;
  return nullptr;
}

[[noreturn]] void no_recommendation(const char* fn, reward_model m, const answer_target& target) {
  lilucb::detail::raise_domain_error(fn, "model", to_string(m),
                                     std::string("a reward model with a certified rule for ") +
                                         (target.top_m() ? "top-m questions" : target.best_arm() ? "the best arm"
                                                                                                 : "epsilon-good questions") +
                                         " (the registry recommends none here)");
}
}  // namespace

glr_threshold recommended_threshold(reward_model m) {
  const auto* t = recommended_in(glr_thresholds, m, &recommendation::best_arm);
  if (!t) no_recommendation("lilucb::bandit::recommended_threshold", m, answer_target{});
  return t->id;
}

combination recommended_combination(reward_model m, const answer_target& target) {
  const auto q = question_of(target);
  const auto* s = recommended_in(sampling_rules, m, q);
  const auto* t = recommended_in(glr_thresholds, m, q);
  // A top-m question with an epsilon the model's top-m threshold does not answer (pooled-kl on
  // Bernoulli arms answers an additive one only, Proposition TM-K): the certified threshold
  // recommended for top-m questions on other models that answers it and takes this model.
  const auto answers_epsilon = [&](const threshold_descriptor& d) {
    return d.answers_epsilon && !(target.relative && d.additive_epsilon_only);
  };
  if (t && target.top_m() && target.epsilon != 0 && !answers_epsilon(*t)) {
    t = nullptr;
    for (const auto& d : glr_thresholds)
      if (d.certified && d.answers_top_m && answers_epsilon(d) && d.recommended.top_m != rule_models::none &&
          accepts(d.models, m)) {
        t = &d;
        break;
      }
  }
  if (!s || !t) no_recommendation("lilucb::bandit::recommended_combination", m, target);
  combination c;
  c.sampling = s->id;
  c.stopping = stopping_rule::glr;
  c.threshold = t->id;
  c.target = target;
  return c;
}

bool is_practice(const combination& c) {
  return c.stopping == stopping_rule::glr && describe(c.sampling).practice && describe(c.threshold).practice;
}

bool is_certified(const combination& c) {
  const auto& s = describe(c.stopping);
  switch (s.takes) {
    case stopping_parameter::threshold: return describe(c.threshold).certified;
    case stopping_parameter::boundary: return describe(c.boundary).certified;
    case stopping_parameter::none: return s.certified;
  }
  return false;
}

bool sigma_premise(const combination& c) {
  return describe(c.stopping).takes != stopping_parameter::threshold || describe(c.threshold).sigma_premise;
}

std::string_view certifying_statement(const combination& c) {
  const auto& s = describe(c.stopping);
  switch (s.takes) {
    case stopping_parameter::threshold: return describe(c.threshold).statement;
    case stopping_parameter::boundary: return describe(c.boundary).statement;
    case stopping_parameter::none: return s.statement;
  }
  return {};
}

namespace {
// The thresholds that answer epsilon-good targets (with top_m: top-m targets; with both, top-m
// targets with an epsilon; with relative, a relative epsilon), for messages: "one-sided, heuristic".
std::string answering_thresholds(bool top_m, bool epsilon = false, bool relative = false) {
  std::string out;
  for (const auto& t : glr_thresholds)
    if ((top_m && epsilon ? t.answers_top_m && t.answers_epsilon : top_m ? t.answers_top_m : t.answers_epsilon) &&
        !(relative && t.additive_epsilon_only)) {
      if (!out.empty()) out += ", ";
      out += t.name;
    }
  return out;
}

// "NAME on non-Gaussian arms" for a rule that accepts one model, "NAME on MODEL arms" otherwise.
std::string refused_on(std::string_view name, unsigned models, reward_model model) {
  for (auto m : {reward_model::gaussian, reward_model::bernoulli})
    if (models == static_cast<unsigned>(m)) return std::string(name) + " on non-" + to_string(m) + " arms";
  return std::string(name) + " on " + to_string(model) + " arms";
}

// What runs on Gaussian arms of unknown variance, for the refusals of the rules that read sigma.
constexpr const char* unknown_variance_note =
    "with an unknown variance, a rule that reads no sigma: stopping glr with threshold paired-t (certified, "
    "Proposition PT; the default) or gu (certified, Proposition GU), or heuristic-ev (the practice)";

// The first part of `c` that cannot run on arms of model `model` (admits' rule), or none.
enum class refused_part { none, stopping, sampling, boundary, threshold, rho, epsilon, top, unknown_variance };

refused_part first_refused_part(const combination& c, reward_model model) noexcept {
  const auto& stop = describe(c.stopping);
  if (stop.only_with_lilucb_sampling && c.sampling != sampling_rule::lilucb) return refused_part::stopping;
  // Gaussian arms of unknown variance: a stopping rule without a threshold or a boundary (lil'UCB's)
  // reads sigma; a sampling rule carries no guarantee and runs as on Gaussian arms, at a nominal scale.
  const bool unknown = model == reward_model::gaussian_unknown_variance;
  if (unknown && stop.takes == stopping_parameter::none) return refused_part::unknown_variance;
  if (!accepts(describe(c.sampling).models, unknown ? reward_model::gaussian : model)) return refused_part::sampling;
  if (stop.takes == stopping_parameter::boundary && !accepts(describe(c.boundary).models, model))
    return refused_part::boundary;
  if (stop.takes == stopping_parameter::threshold && !accepts(describe(c.threshold).models, model))
    return refused_part::threshold;
  const bool rho_taken = stop.takes == stopping_parameter::threshold && describe(c.threshold).takes_rho;
  if (!(c.rho >= 0) || !std::isfinite(c.rho) || (c.rho != 0 && !rho_taken)) return refused_part::rho;
  const answer_target& t = c.target;
  if (!(t.epsilon >= 0) || !std::isfinite(t.epsilon) || (t.relative && !(t.epsilon < 1))) return refused_part::epsilon;
  if (t.top < 1) return refused_part::top;
  const bool glr = stop.takes == stopping_parameter::threshold;
  if (t.top_m() && !(stop.answers_top_m || (glr && describe(c.threshold).answers_top_m))) return refused_part::top;
  if (t.epsilon != 0 && !(stop.answers_epsilon || (glr && describe(c.threshold).answers_epsilon)))
    return refused_part::epsilon;
  if (t.epsilon != 0 && t.relative && glr && describe(c.threshold).additive_epsilon_only) return refused_part::epsilon;
  return refused_part::none;
}
}  // namespace

bool admits(const combination& c, reward_model model) noexcept {
  return first_refused_part(c, model) == refused_part::none;
}

void check_combination(const char* fn, const combination& c, reward_model model) {
  switch (first_refused_part(c, model)) {
    case refused_part::none: return;
    case refused_part::stopping:
      ::lilucb::detail::raise_domain_error(fn, "stopping",
                                         std::string(describe(c.stopping).name) + " with sampling " +
                                             to_string(c.sampling),
                                         "lil'UCB's stopping rule only with lil'UCB's sampling rule");
    case refused_part::sampling: {
      const auto& samp = describe(c.sampling);
      ::lilucb::detail::raise_domain_error(fn, "sampling", refused_on(samp.name, samp.models, model),
                                         std::string(samp.models_note));
    }
    case refused_part::boundary: {
      const auto& b = describe(c.boundary);
      ::lilucb::detail::raise_domain_error(fn, "boundary", refused_on(b.name, b.models, model),
                                         model == reward_model::gaussian_unknown_variance ? unknown_variance_note
                                                                                          : std::string(b.models_note));
    }
    case refused_part::threshold: {
      const auto& t = describe(c.threshold);
      ::lilucb::detail::raise_domain_error(fn, "threshold", refused_on(t.name, t.models, model),
                                         model == reward_model::gaussian_unknown_variance ? unknown_variance_note
                                                                                          : std::string(t.models_note));
    }
    case refused_part::rho:
      ::lilucb::detail::raise_domain_error(fn, "rho", std::to_string(c.rho),
                                         "(0, inf) with stopping glr and threshold mixture; otherwise unset (0)");
    case refused_part::unknown_variance:
      ::lilucb::detail::raise_domain_error(fn, "stopping", std::string(describe(c.stopping).name) + " with an unknown variance",
                                         unknown_variance_note);
    case refused_part::epsilon:
      check_target(fn, c.target);
      ::lilucb::detail::raise_domain_error(
          fn, "epsilon", ::lilucb::detail::format_value(c.target.epsilon) + " with " + to_string(c),
          c.target.top_m() ? "0, or a top-m target with an epsilon with stopping ls, or glr and a threshold that answers "
                             "it: " + answering_thresholds(true, true, c.target.relative)
                           : "0 (best arm), or an epsilon-good target with stopping ls, or glr and a threshold that "
                             "answers it: " + answering_thresholds(false, true, c.target.relative));
    case refused_part::top:
      check_target(fn, c.target);
      ::lilucb::detail::raise_domain_error(
          fn, "top", std::to_string(c.target.top) + " with " + to_string(c),
          "1 (one arm), or a top-m target with stopping ls, or glr and a threshold that answers it: " +
              answering_thresholds(true));
  }
}

}  // namespace lilucb::bandit
