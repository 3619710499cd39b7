#pragma once
// A sampling x stopping combination by name (the registry's rules, rules.hpp): its one printed
// name, its parsing, whether it is certified, and the check that its parts may run together on a
// reward model.  Running it is compose.hpp's run_combination.

#include "lilucb/bandit/rules.hpp"

#include <array>
#include <cstddef>
#include <string>
#include <string_view>

namespace lilucb::bandit {

/// A combination by name, with the user's error probability nu (run_options::nu).
struct combination {
  sampling_rule sampling = sampling_rule::lilucb;
  stopping_rule stopping = stopping_rule::ls;
  glr_threshold threshold = glr_threshold::pooled_per_arm;    ///< GLR only; certified by default (Proposition P2)
  stopping::ls_boundary boundary = stopping::ls_boundary::lil;  ///< LS only: the per-arm boundary
  double rho = 0;  ///< GLR mixture only: a fixed mixture scale rho > 0; 0 = the grid (default)
  /// The question (target.hpp): the best arm by default; an epsilon-good target needs GLR stopping
  /// with a threshold that answers it (threshold_descriptor::answers_epsilon).
  answer_target target{};
};

/// The combination's one name: "SAMPLING+lilucb", "SAMPLING+ls", "SAMPLING+ls-BOUNDARY" (a
/// boundary other than lil) or "SAMPLING+glr-THRESHOLD".  A fixed mixture scale is not part of
/// the name (run_parameters records it).
std::string to_string(const combination& c);

/// The inverse of to_string(combination).  Whether the parts may be combined is
/// check_combination's.  Throws lilucb::domain_error naming "combination", or the part it could
/// not read.
combination parse_combination(std::string_view label);

/// The one name of a label read from an experiment's files: "SAMPLING+ls-BOUNDARY:BOUNDARY", the
/// spelling the experiment's tables used for LS boundaries before (committed results carry it),
/// becomes "SAMPLING+ls-BOUNDARY"; any other text is returned unchanged.
std::string canonical_combination_name(std::string_view label);

/// Whether the combination carries a guarantee at nu (without running it): the certified flag of
/// its stopping rule's descriptor, or of its threshold's or boundary's.
bool is_certified(const combination& c);

/// Whether the combination's guarantee assumes sigma-sub-Gaussian rewards at the run's sigma (every
/// certified rule but a threshold whose descriptor says otherwise, e.g. pooled-kl: rewards in [0, 1]).
bool sigma_premise(const combination& c);

/// Whether the combination is the field's practice: GLR stopping at a practice threshold
/// (log((1 + log t)/delta), with the model's statistic or the empirical variances) with a practice
/// sampling rule (Track-and-Stop, Top-Two, their top-m pair rules): the descriptors' `practice`.
bool is_practice(const combination& c);

/// The statement behind the combination's guarantee (or why there is none), from the registry.
std::string_view certifying_statement(const combination& c);

/// The recommended certified threshold for GLR stopping on rewards of model `m` (best-arm
/// question): the threshold whose descriptor's `recommended.best_arm` holds m (rules.hpp).  Today
/// pooled-weighted (Proposition U, docs/certified-glr/unpooling.md) for Gaussian and sub-Gaussian
/// rewards, pooled-kl (Proposition PK) for Bernoulli ones, pooled-eb (Proposition PE: earlier than
/// pooled-kl on the Beta instances with close arms) for bounded ones, paired-t (Proposition PT) for
/// Gaussian rewards of unknown variance; docs/certified-glr/results.md has the measurements behind
/// each choice.  `lilucb run --stopping glr` without --threshold uses it.  Domain: every model has one.
glr_threshold recommended_threshold(reward_model m);

/// The recommended certified method on rewards of model `m` for the question `target`: the
/// sampling rule and the GLR threshold whose descriptors recommend themselves for (m, question)
/// (rules.hpp, `recommended`; docs/generated/rules.md lists them).  Today T3C-IDS with
/// recommended_threshold(m) for the best arm; T3C-IDS with its epsilon-shifted challenger and the
/// one-sided threshold (Proposition Gε-M1) for an epsilon-good arm, paired-t for Gaussian rewards of
/// unknown variance; LUCB-GLR sampling and the one-sided threshold over the top-m pairs
/// (Proposition TM-M1) for the top m arms, on Bernoulli arms the pooled-kl threshold over them
/// (Proposition TM-K).  Throws lilucb::domain_error naming "model" where the
/// registry recommends nothing (top-m questions on Gaussian rewards of unknown variance).
combination recommended_combination(reward_model m, const answer_target& target = {});

/// Whether a combination's parts can run together on arms of reward model `model`; it cannot when
/// lil'UCB's stopping rule runs without lil'UCB's sampling rule, a rule's descriptor does not
/// accept the model, or the fixed mixture scale rho is not finite and >= 0, or nonzero with another
/// threshold than mixture, or the target is outside check_target's domain or epsilon-good (top-m)
/// with a stopping rule that does not answer it.  The one rule of admission: check_combination refuses exactly what this
/// refuses.  Never throws.
bool admits(const combination& c, reward_model model) noexcept;

/// Refuses a combination that admits(c, model) refuses.  Throws lilucb::domain_error naming `fn`,
/// the part refused (stopping, sampling, boundary, threshold, rho or epsilon) and its admissible range.
void check_combination(const char* fn, const combination& c, reward_model model);

namespace detail {
constexpr std::size_t parameter_count(const stopping_descriptor& d) {
  return d.takes == stopping_parameter::threshold  ? glr_thresholds.size()
         : d.takes == stopping_parameter::boundary ? ls_boundaries.size()
                                                   : 1;
}

constexpr auto every_combination() {
  constexpr std::size_t per_sampling = [] {
    std::size_t n = 0;
    for (const auto& d : stopping_rules) n += parameter_count(d);
    return n;
  }();
  std::array<combination, sampling_rules.size() * per_sampling> out{};
  std::size_t i = 0;
  for (const auto& s : sampling_rules)
    for (const auto& st : stopping_rules)
      for (std::size_t p = 0; p < parameter_count(st); ++p) {
        combination& c = out[i++];
        c.sampling = s.id;
        c.stopping = st.id;
        if (st.takes == stopping_parameter::threshold) c.threshold = glr_thresholds[p].id;
        if (st.takes == stopping_parameter::boundary) c.boundary = ls_boundaries[p].id;
      }
  return out;
}
}  // namespace detail

/// Every combination the registry's tables name, in table order: each sampling rule with each
/// stopping rule, completed by each of its thresholds or boundaries (rho unset, so one name each).
/// Some run on no reward model (lil'UCB's stopping rule with another sampling rule): admits says
/// which run on which.
inline constexpr auto all_combinations = detail::every_combination();

}  // namespace lilucb::bandit
