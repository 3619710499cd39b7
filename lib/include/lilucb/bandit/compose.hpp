#pragma once
// Any sampling rule x any stopping rule.  A sampling rule and a stopping rule are types passed to
// one run function, run_composed; observers work as for every algorithm.  The rules a combination
// can name are the registry's (rules.hpp: names, certificates, reward models, factories);
// run_combination runs one by name.
//
// The loop: pull every arm once (arms 0..K-1, as Figure 1 and every rule here start), then
// repeat { if the stopping rule fires: answer its recommendation; if the budget is spent: answer
// the stopping rule's current recommendation (status budget_exhausted); pull the sampling rule's
// arm; tell both rules }.  Every run result says whether the combination is certified and by
// which statement (run_result::parameters holds the numbers; certified()/certificate() of the
// stopping rule the rest).  The nine algorithms of algorithms.hpp stay presets, unchanged; the
// combination lilucb x lilucb makes exactly run_lilucb's pulls (tested).
//
// Sampling rule concept: name(); template <class Session> std::size_t next(Session&) (may draw
// from the run's stream); void observe(arm, const arm_stats&) after every pull.
// Stopping rule concept: name(); observe(arm, stats); bool should_stop(stats);
// std::size_t recommendation(stats); bool certified(); certificate().

#include "lilucb/bandit/presets/algorithms.hpp"
#include "lilucb/bandit/any_rule.hpp"
#include "lilucb/bandit/arms.hpp"
#include "lilucb/bandit/combination.hpp"
#include "lilucb/bandit/detail/session.hpp"
#include "lilucb/bandit/observers.hpp"
#include "lilucb/bandit/rules.hpp"
#include "lilucb/bandit/run.hpp"

#include <cstddef>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>

namespace lilucb::bandit {

/// A composed run's result: the run and its certificate.
struct composed_result {
  run_result run;
  bool certified = false;
  std::string certificate;
};

/// Runs `sampling` with `stopping` on `arms` (see the file comment).  `name` and `params` are
/// recorded in the result.
template <class Sampling, class Stopping, class Arms, class Observer>
composed_result run_composed(const Arms& arms, Sampling& sampling, Stopping& stopping, const run_options& opts,
                             Observer& observer, std::string name = {},
                             run_parameters params = {}) {
  if (name.empty()) name = std::string(sampling.name()) + "+" + stopping.name();
  detail::session<Arms, Observer> s(arms, opts, observer);
  const auto& st = s.stats();
  const std::size_t K = arms.size();
  composed_result out;
  out.certified = stopping.certified();
  out.certificate = stopping.certificate();
  // The answer: the stopping rule's arm, and its set for a top-m rule (recommended_set, when it
  // holds more than one arm: a rule of that family asked for one arm answers the arm).
  const auto finish = [&](run_status status, const char* by) {
    out.run = s.finish(name, stopping.recommendation(st), status, by, std::move(params));
    if constexpr (requires { stopping.recommended_set(st); }) {
      auto set = stopping.recommended_set(st);
      if (set.size() > 1) out.run.answer_set = std::move(set);
    }
    return std::move(out);
  };
  if (K == 1) {
    out.run = s.finish(name, 0, run_status::stopped, "single-arm", std::move(params));
    return out;
  }
  for (std::size_t i = 0; i < K; ++i) {
    if (!s.can_pull()) {
      return finish(run_status::budget_exhausted, "budget");
    }
    s.pull(i);
    sampling.observe(i, st);
    stopping.observe(i, st);
  }
  while (true) {
    if (stopping.should_stop(st)) {
      return finish(run_status::stopped, stopping.name());
    }
    if (!s.can_pull()) {
      return finish(run_status::budget_exhausted, "budget");
    }
    const std::size_t i = sampling.next(s);
    s.pull(i);
    sampling.observe(i, st);
    stopping.observe(i, st);
  }
}

template <class Sampling, class Stopping, class Arms>
composed_result run_composed(const Arms& arms, Sampling& sampling, Stopping& stopping, const run_options& opts) {
  null_observer none;
  return run_composed(arms, sampling, stopping, opts, none);
}

// ---------------------------------------------------------------------------------------------
// Rules by name: the registry (rules.hpp), a combination's name (combination.hpp), and the rule
// objects its factories build (any_rule.hpp).

/// A method by name: one of the nine presets of algorithms.hpp, or a sampling x stopping combination.
using method = std::variant<algorithm, combination>;

/// The names `lilucb run --algorithm` and Python's lilucb.run accept: a preset's (parse_algorithm,
/// "lilucb-heuristic") or, when the name holds a '+', a combination's (parse_combination,
/// "t3c-ids+glr-pooled-per-arm").  Throws lilucb::domain_error naming the part it could not read.
inline method parse_method(std::string_view name) {
  if (name.find('+') != std::string_view::npos) return parse_combination(name);
  return parse_algorithm(name);
}

/// The reward model of an arms type (the registry's descriptors name the models they accept): its
/// static member `model` (arms.hpp), or sub_gaussian for an arm set without one (custom_arms, a
/// user's own).
template <class Arms>
constexpr reward_model reward_model_of() {
  if constexpr (requires { Arms::model; }) return Arms::model;
  else return reward_model::sub_gaussian;
}

namespace detail {
/// A certificate's premise: the statistics' scale `sigma` is at least the rewards' sub-Gaussian
/// scale `scale`.  When it fails, a certified result becomes uncertified, its certificate saying why.
inline void check_sigma_premise(composed_result& out, double sigma, double scale) {
  if (!out.certified || !(sigma < scale)) return;
  out.certified = false;
  out.certificate = "none: sigma = " + lilucb::detail::format_value(sigma) + " is below the arms' sub-Gaussian scale " +
                    lilucb::detail::format_value(scale) + ", so the premise of the certificate fails (" +
                    out.certificate + ")";
}
/// A relative epsilon-good target needs means >= 0 (docs/certified-glr/epsilon-topm.md, section 7):
/// refuses arms with a negative mean (Bernoulli arms never have one).  An arm type without means()
/// (a user's) is the caller's to check.
template <class Arms>
void check_nonnegative_means(const char* fn, const Arms& arms) {
  if constexpr (!requires { arms.means(); }) return;
  else {
  const auto& means = arms.means();
  for (std::size_t i = 0; i < means.size(); ++i)
    if (!(means[i] >= 0))
      ::lilucb::detail::raise_domain_error(fn, "means", "arm " + std::to_string(i) + " of mean " +
                                                            ::lilucb::detail::format_value(means[i]),
                                         "every mean >= 0 with a relative epsilon (mu >= (1 - epsilon) mu*)");
  }
}
}  // namespace detail

/// Runs a combination by name for error probability opts.nu.  Widths and statistics use
/// opts.sigma, or the arms' own sub-Gaussian scale when opts.sigma == 0.  Each rule is built by its
/// registry factory (lib/src/rules.cpp) with the parameters its descriptor states (rules.hpp,
/// `parameters`; `lilucb run --help` and docs/generated/rules.md print them); tas-d/-c, kl-lucb and
/// glr on Bernoulli arms use the Bernoulli divergence.
/// An epsilon-good target (c.target, target.hpp) is answered by the thresholds whose descriptors
/// say `answers_epsilon` (e.g. one-sided: Proposition Gε-M1) and known to the sampling rules that
/// say `knows_epsilon` (EB-TCε's challenger); a relative one needs every arm's mean >= 0.  A top-m
/// target (top = m, 1 < m < K) is answered by the thresholds that say `answers_top_m` (one-sided:
/// Proposition TM-M1; pooled-kl: Proposition TM-K; stopping/glr_top_m.hpp) and known to those that
/// say `knows_top_m`; the
/// result's answer_set holds the m arms.
/// Certificate premise: a certified rule's statement needs sigma >= the arms' sub-Gaussian scale
/// (arms.subgaussian_scale(): 1/2 for Bernoulli arms, the largest sigma_i for Gaussian arms,
/// (hi - lo)/2 for bounded arms, Hoeffding's lemma); with a smaller opts.sigma the run is labelled
/// uncertified, its certificate saying why.  The rules for rewards in [0, 1] (pooled-kl,
/// pooled-eb) take no sigma and read a bounded arm's reward y as (y - lo)/(hi - lo).
/// opts.unknown_variance (Gaussian arms only): the model is gaussian_unknown_variance, where only
/// the rules that read no sigma stop (paired-t: Proposition PT and gu: Proposition GU, certified;
/// heuristic-ev: the practice).
/// Domain: nu in (0,1); sigma >= 0; a combination that admits(c, reward_model_of<Arms>()) admits
/// (combination.hpp; check_combination names the part it refuses).
template <class Arms, class Observer>
composed_result run_combination(const combination& c, const Arms& arms, const run_options& opts, Observer& observer) {
  constexpr const char* fn = "lilucb::bandit::run_combination";
  check_open_interval(fn, "nu", opts.nu, 0.0, 1.0);
  if (opts.sigma != 0) check_positive(fn, "sigma", opts.sigma);
  reward_model model = reward_model_of<Arms>();
  if (opts.unknown_variance) {
    if (model != reward_model::gaussian)
      ::lilucb::detail::raise_domain_error(fn, "unknown_variance", std::string("true with ") + to_string(model) + " arms",
                                           "false unless the arms are Gaussian (gaussian_arms)");
    model = reward_model::gaussian_unknown_variance;
  }
  check_combination(fn, c, model);
  rule_context ctx;
  ctx.arms = arms.size();
  ctx.sigma = opts.sigma != 0 ? opts.sigma : arms.subgaussian_scale();
  ctx.nu = opts.nu;
  ctx.model = model;
  ctx.stopping = c.stopping;
  ctx.threshold = c.threshold;
  ctx.rho = c.rho;
  ctx.inner = opts.inner;
  ctx.target = c.target;
  if constexpr (std::is_same_v<Arms, bounded_arms>) {
    ctx.lo = arms.lo();
    ctx.hi = arms.hi();
  }
  check_target_arms(fn, c.target, arms.size());
  if (c.target.relative && c.target.epsilon != 0) detail::check_nonnegative_means(fn, arms);
  run_parameters p;
  p.nu = ctx.nu;
  p.sigma = ctx.sigma;
  if (c.target.epsilon != 0) (c.target.relative ? p.epsilon_relative : p.epsilon) = c.target.epsilon;
  if (c.target.top_m()) p.top = static_cast<double>(c.target.top);
  const auto& stop_rule = describe(c.stopping);
  const stopping_factory make_stopping = stop_rule.takes == stopping_parameter::threshold ? describe(c.threshold).make
                                         : stop_rule.takes == stopping_parameter::boundary ? describe(c.boundary).make
                                                                                           : stop_rule.make;
  any_stopping stop = make_stopping(ctx, p);
  any_sampling samp = describe(c.sampling).make(ctx, p);
  composed_result out = std::visit(
      [&](auto& rule) { return run_composed(arms, rule, stop, opts, observer, to_string(c), std::move(p)); },
      samp.get());
  if (sigma_premise(c)) detail::check_sigma_premise(out, ctx.sigma, arms.subgaussian_scale());
  return out;
}

template <class Arms>
composed_result run_combination(const combination& c, const Arms& arms, const run_options& opts) {
  null_observer none;
  return run_combination(c, arms, opts, none);
}

/// Runs a method: a preset (run_algorithm) with its certificate (certificate_of), or a combination
/// (run_combination).  Either way a certified result needs the run's sigma (opts.sigma, or the
/// arms' own scale when 0) to be at least the arms' sub-Gaussian scale (detail::check_sigma_premise:
/// every preset's statement is about sigma-sub-Gaussian rewards).  Domain: as the function it calls.
template <class Arms, class Observer>
composed_result run_method(const method& m, const Arms& arms, const run_options& opts, Observer& observer) {
  if (const auto* c = std::get_if<combination>(&m)) return run_combination(*c, arms, opts, observer);
  const algorithm a = std::get<algorithm>(m);
  if (opts.unknown_variance)
    ::lilucb::detail::raise_domain_error("lilucb::bandit::run_method", "unknown_variance",
                                         std::string("true with the preset ") + to_string(a),
                                         "false with a preset (each reads sigma); with an unknown variance a combination "
                                         "with glr-paired-t or glr-gu (certified) or glr-heuristic-ev");
  composed_result out;
  out.run = run_algorithm(a, arms, opts, observer);
  const preset_certificate pc = certificate_of(a);
  out.certified = pc.certified;
  out.certificate = std::string(pc.statement);
  const double scale = arms.subgaussian_scale();
  detail::check_sigma_premise(out, opts.sigma != 0 ? opts.sigma : scale, scale);
  return out;
}

template <class Arms>
composed_result run_method(const method& m, const Arms& arms, const run_options& opts) {
  null_observer none;
  return run_method(m, arms, opts, none);
}

// The common instantiations (Gaussian, Bernoulli and bounded arms, no observer) are compiled once, in the
// library (lib/src/combination_instances.cpp), instead of in every translation unit that runs a
// combination: each one instantiates every sampling x stopping pair.
#define LILUCB_BANDIT_COMBINATION_INSTANCES(EXTERN)                                                         \
  EXTERN template composed_result run_combination<gaussian_arms, null_observer>(                            \
      const combination&, const gaussian_arms&, const run_options&, null_observer&);                        \
  EXTERN template composed_result run_combination<bernoulli_arms, null_observer>(                           \
      const combination&, const bernoulli_arms&, const run_options&, null_observer&);                       \
  EXTERN template composed_result run_combination<gaussian_arms>(const combination&, const gaussian_arms&,   \
                                                                 const run_options&);                       \
  EXTERN template composed_result run_combination<bernoulli_arms>(const combination&, const bernoulli_arms&, \
                                                                  const run_options&);                      \
  EXTERN template composed_result run_combination<bounded_arms, null_observer>(                             \
      const combination&, const bounded_arms&, const run_options&, null_observer&);                         \
  EXTERN template composed_result run_combination<bounded_arms>(const combination&, const bounded_arms&,     \
                                                                const run_options&);
LILUCB_BANDIT_COMBINATION_INSTANCES(extern)

}  // namespace lilucb::bandit
