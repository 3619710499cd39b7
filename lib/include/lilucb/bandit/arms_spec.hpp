#pragma once
// The arms of a simulated instance as data: the reward model and the parameters its arm set is
// built from, with one check (check_arms_spec) and one factory (visit_arms).  `lilucb run`,
// `lilucb plan`, `lilucb hardness`, the study's planner, Python's run, run_many, plan and
// characteristic_time, the experiment plans, the benchmarks and the adversarial search build their
// arms through it.

#include "lilucb/bandit/arms.hpp"
#include "lilucb/bandit/defaults.hpp"
#include "lilucb/bandit/reward_model.hpp"

#include <string>
#include <utility>
#include <vector>

namespace lilucb::bandit {

struct arms_spec {
  /// gaussian, gaussian_unknown_variance (Gaussian arms whose standard deviations the method may
  /// not read; drawn as gaussian), bernoulli or bounded: the models chosen by name, and
  /// gaussian_unknown_variance (reward_model.hpp).
  reward_model model = reward_model::gaussian;
  std::vector<double> means;
  /// Gaussian arms: the rewards' standard deviation (the run's sigma for Gaussian arms).
  double sigma = default_sigma;
  /// Gaussian arms: one standard deviation per arm (empty: sigma for every arm).  A
  /// gaussian_unknown_variance run needs run_options::unknown_variance.
  std::vector<double> sigmas;
  /// Bounded arms: the rewards' range [lo, hi].
  double lo = 0, hi = 1;
  /// Bounded arms: the Beta concentration (bounded_arms).
  double concentration = bounded_arms::default_concentration;
};

/// What a caller calls each field of an arms_spec, for the messages of check_arms_spec: the
/// library's names by default; the CLI's options (`--model`, `--range`, ...) or Python's keywords.
struct arms_spec_names {
  std::string model = "model", means = "means", sigma = "sigma", sigmas = "sigmas", range = "range",
              concentration = "concentration";
};

/// The one check of an arms specification, before any arm is made.  Domain: a model with an arm
/// set (gaussian, gaussian_unknown_variance, bernoulli, bounded); Gaussian: sigma in (0, inf) and
/// sigmas empty or one in (0, inf) per mean; bounded: lo < hi, both finite, hi - lo finite and
/// (hi - lo)/2 > 0, the concentration in (0, inf) and every mean strictly inside (lo, hi).
/// Throws lilucb::domain_error naming `function`, the field as `names` calls it (a mean as
/// names.means + "[i]"), its value and the admissible range.  The arm sets' constructors check the
/// rest (finite means, Bernoulli means in [0, 1], a range wide enough for doubles).
void check_arms_spec(const char* function, const arms_spec& a, const arms_spec_names& names = {});

/// The one factory: calls body(arms) with the arm set of `a` (gaussian_arms, at sigmas or sigma
/// for every arm, for gaussian and gaussian_unknown_variance; bernoulli_arms; bounded_arms) and
/// returns what body returns.  The arm sets' constructors check their domains; a model without an
/// arm set throws lilucb::domain_error naming "model".
template <class Body>
decltype(auto) visit_arms(const arms_spec& a, Body&& body) {
  switch (a.model) {
    case reward_model::gaussian:
    case reward_model::gaussian_unknown_variance:
      return a.sigmas.empty() ? body(gaussian_arms(a.means, a.sigma)) : body(gaussian_arms(a.means, a.sigmas));
    case reward_model::bernoulli: return body(bernoulli_arms(a.means));
    case reward_model::bounded: return body(bounded_arms(a.means, a.lo, a.hi, a.concentration));
    case reward_model::sub_gaussian: break;
  }
  lilucb::detail::raise_domain_error("lilucb::bandit::visit_arms", "model", model_name(a.model), model_choices());
}

}  // namespace lilucb::bandit
