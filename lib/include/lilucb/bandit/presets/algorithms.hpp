#pragma once
// The algorithms of Section 5 by their identifiers, each mapping the user's error
// probability nu to its internal parameters exactly as Section 5 says:
//
//   lilucb                  Figure 1; eps = 0.01, beta = 1, a = 9, delta = (nu eps/(5(2+eps)))^(1/(1+eps))
//   lilucb-ls               as lilucb with nu/2, plus the LS rule with the other nu/2
//   lilucb-heuristic        eps = 0, beta = 1/2, a = 1 + 10/n, delta = nu/5 (no guarantee)
//   lilucb-certified        certified_setting(nu, 0.01, 1) with Figure 1's inner log (lemma, whatever --inner says):
//                           Theorem R (docs/repaired-theorem.md) bounds P(stops on a suboptimal arm) by nu;
//                           termination not certified
//   ucb1-ls                 UCB1 with the LS rule at nu
//   successive-elimination  LS-based elimination at nu
//   exp-gap                 Exponential-Gap Elimination at delta = nu
//   exp-gap-ls              exp-gap at nu/2 plus the LS rule at nu/2
//   nonadaptive-ls          round robin over a random permutation, LS rule at nu
//
// Every LS rule uses eps = 0.01 and the delta whose stated failure probability
// (2+eps)/eps (delta/log(1+eps))^(1+eps) equals its share of nu (ls_delta_for_failure_probability;
// docs/bandit.md).  With one arm every algorithm answers at once, with no pull.

#include "lilucb/bandit/presets/algorithm_id.hpp"
#include "lilucb/bandit/arms.hpp"
#include "lilucb/bandit/presets/exp_gap_algorithm.hpp"
#include "lilucb/bandit/presets/lilucb_algorithm.hpp"
#include "lilucb/bandit/presets/nonadaptive_algorithm.hpp"
#include "lilucb/bandit/observers.hpp"
#include "lilucb/bandit/presets/successive_elimination_algorithm.hpp"
#include "lilucb/bandit/presets/ucb1_algorithm.hpp"
#include "lilucb/theory/ls_bound.hpp"
#include "lilucb/theory/parameters.hpp"

#include <array>
#include <string>
#include <string_view>

namespace lilucb::bandit {

/// The eps every LS rule uses.
inline constexpr double ls_eps = 0.01;

/// The LS rule's delta for a share p of the error probability (see the file comment).
inline double ls_delta_for_share(double p) { return lilucb::ls_delta_for_failure_probability(ls_eps, p); }

/// Runs algorithm `alg` on `arms` for error probability opts.nu.  Widths use opts.sigma, or the
/// arms' own sub-Gaussian scale when opts.sigma == 0.
template <class Arms, class Observer>
run_result run_algorithm(algorithm alg, const Arms& arms, const run_options& opts, Observer& observer) {
  constexpr const char* fn = "lilucb::bandit::run_algorithm";
  check_open_interval(fn, "nu", opts.nu, 0.0, 1.0);
  if (opts.sigma != 0) check_positive(fn, "sigma", opts.sigma);
  const double sigma = opts.sigma != 0 ? opts.sigma : arms.subgaussian_scale();
  const double nu = opts.nu;
  const std::size_t n = arms.size();
  const double inner_c = opts.inner == inner_log::lemma ? 0.0 : 2.0;
  run_parameters p;
  p.nu = nu;
  p.sigma = sigma;

  if (n == 1) {
    detail::session<Arms, Observer> s(arms, opts, observer);
    return s.finish(to_string(alg), 0, run_status::stopped, "single-arm", p);
  }
  auto lil = [&](const lilucb_setting<double>& set, std::optional<double> ls_delta,
                 std::optional<inner_log> inner = std::nullopt) {
    lilucb_config c;
    c.eps = set.eps;
    c.beta = set.beta;
    c.a = set.a;
    c.delta = set.delta;
    c.inner = inner ? *inner : opts.inner;
    c.sigma = sigma;
    c.ls_delta = ls_delta;
    c.ls_eps = ls_eps;
    p.lilucb = run_parameters::lil_index{c.eps, c.beta, c.a, c.delta,
                                         inner ? inner_log_offset<double>(*inner) : inner_c};
    return run_lilucb(arms, c, opts, observer, to_string(alg), p);
  };
  auto ls_params = [&](double share) {
    const double d = ls_delta_for_share(share);
    p.ls = run_parameters::ls_rule{share, ls_eps, d};
    return d;
  };
  switch (alg) {
    case algorithm::lilucb:
      return lil(paper_theory_setting(nu), std::nullopt);
    case algorithm::lilucb_ls: {
      p.lilucb_nu = nu / 2;
      const double d = ls_params(nu / 2);
      return lil(paper_theory_setting(nu / 2), d);
    }
    case algorithm::lilucb_heuristic:
      return lil(heuristic_setting(nu, n), std::nullopt);
    case algorithm::lilucb_certified:
      // Theorem R covers Figure 1's index, log((1+eps) T): always the lemma's inner log.
      return lil(certified_setting(nu, 0.01, 1.0).setting, std::nullopt, inner_log::lemma);
    case algorithm::ucb1_ls: {
      const double d = ls_params(nu);
      return run_ucb1_ls(arms, sigma, ls_eps, d, opts, observer, p);
    }
    case algorithm::successive_elimination: {
      const double d = ls_params(nu);
      return run_successive_elimination(arms, sigma, ls_eps, d, opts, observer, p);
    }
    case algorithm::exp_gap:
      p.exp_gap_delta = nu;
      return run_exp_gap(arms, sigma, nu, std::nullopt, ls_eps, opts, observer, p);
    case algorithm::exp_gap_ls: {
      p.exp_gap_delta = nu / 2;
      const double d = ls_params(nu / 2);
      return run_exp_gap(arms, sigma, nu / 2, d, ls_eps, opts, observer, p);
    }
    case algorithm::nonadaptive_ls: {
      const double d = ls_params(nu);
      return run_nonadaptive_ls(arms, sigma, ls_eps, d, opts, observer, p);
    }
  }
  return {};
}

/// run_algorithm without an observer.
template <class Arms>
run_result run_algorithm(algorithm alg, const Arms& arms, const run_options& opts) {
  null_observer none;
  return run_algorithm(alg, arms, opts, none);
}

// The common instantiations are compiled once, in the library (lib/src/algorithm_instances.cpp),
// instead of in every translation unit that runs an algorithm: Gaussian and Bernoulli arms, with
// no observer, the pull log and the empirically-best recorder; bounded arms with no observer;
// custom arms with no observer.
#define LILUCB_BANDIT_RUN_INSTANCES(EXTERN)                                                          \
  EXTERN template run_result run_algorithm<gaussian_arms>(algorithm, const gaussian_arms&, const run_options&); \
  EXTERN template run_result run_algorithm<bernoulli_arms>(algorithm, const bernoulli_arms&, const run_options&); \
  EXTERN template run_result run_algorithm<gaussian_arms, null_observer>(algorithm, const gaussian_arms&,       \
                                                                         const run_options&, null_observer&);  \
  EXTERN template run_result run_algorithm<bernoulli_arms, null_observer>(algorithm, const bernoulli_arms&,     \
                                                                          const run_options&, null_observer&); \
  EXTERN template run_result run_algorithm<bounded_arms, null_observer>(algorithm, const bounded_arms&,         \
                                                                        const run_options&, null_observer&);   \
  EXTERN template run_result run_algorithm<gaussian_arms, pull_log>(algorithm, const gaussian_arms&,            \
                                                                    const run_options&, pull_log&);            \
  EXTERN template run_result run_algorithm<bernoulli_arms, pull_log>(algorithm, const bernoulli_arms&,          \
                                                                     const run_options&, pull_log&);           \
  EXTERN template run_result run_algorithm<gaussian_arms, empirical_best_recorder>(                            \
      algorithm, const gaussian_arms&, const run_options&, empirical_best_recorder&);                          \
  EXTERN template run_result run_algorithm<bernoulli_arms, empirical_best_recorder>(                           \
      algorithm, const bernoulli_arms&, const run_options&, empirical_best_recorder&);                         \
  EXTERN template run_result run_algorithm<custom_arms>(algorithm, const custom_arms&, const run_options&);     \
  EXTERN template run_result run_algorithm<custom_arms, null_observer>(algorithm, const custom_arms&,           \
                                                                       const run_options&, null_observer&);
LILUCB_BANDIT_RUN_INSTANCES(extern)

}  // namespace lilucb::bandit
