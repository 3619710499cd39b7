// The registry's factories (lilucb/bandit/rules.hpp): each builds one rule with the parameters
// run_combination documents (compose.hpp) and records them in the run's run_parameters.

#include "lilucb/bandit/presets/algorithms.hpp"
#include "lilucb/bandit/any_rule.hpp"
#include "lilucb/bandit/run.hpp"
#include "lilucb/bandit/stopping/glr_ev.hpp"
#include "lilucb/bandit/stopping/glr_pooled_betting.hpp"
#include "lilucb/bandit/stopping/glr_pooled_eb.hpp"
#include "lilucb/bandit/stopping/glr_pooled_kl.hpp"
#include "lilucb/bandit/stopping/glr_top_m.hpp"
#include "lilucb/bandit/stopping/glr_paired_t.hpp"
#include "lilucb/bandit/stopping/glr_unknown_variance.hpp"
#include "lilucb/bandit/rules.hpp"
#include "lilucb/theory/ls_bound.hpp"
#include "lilucb/theory/parameters.hpp"

namespace lilucb::bandit::rule_factories {

namespace {
bool bernoulli(const rule_context& c) { return c.model == reward_model::bernoulli; }

/// lil'UCB's setting: certified_setting(nu, 0.01, 1) with lil'UCB's own stopping rule (Theorem R
/// holds), Section 5's paper setting otherwise (the sampling bonus must stay wider than another
/// stopping rule's boundary, or the other arms stop being pulled before the boundaries separate).
lilucb_setting<double> lil_setting(const rule_context& c) {
  return c.stopping == stopping_rule::lilucb ? certified_setting(c.nu, 0.01, 1.0).setting : paper_theory_setting(c.nu);
}

any_stopping ls_with(const rule_context& c, run_parameters& p, stopping::ls_boundary kind) {
  const double share = c.nu / (2.0 * static_cast<double>(c.arms));
  p.ls_boundary = run_parameters::ls_crossing{share, std::nullopt};
  auto rule = stopping::boundary_ls(c.arms, c.nu, c.sigma, kind, stopping::ls_calibration_defaults, c.target);
  if (kind == stopping::ls_boundary::calibrated)
    p.ls_boundary->alpha = stopping::calibrated_stitching(share, stopping::ls_calibration_defaults).alpha;
  return rule;
}


/// t3c-ids-matched's model (sampling/top_two.hpp, top_two_model): the costs of the evidence its
/// stopping statistic collects.  Bernoulli arms: the Bernoulli divergence (the KL GLR, PK, and PB,
/// whose bets on {0, 1} rewards are PK's likelihood ratios).  Bounded arms: capped betting rates for
/// pooled-betting, the divergence of the rescaled means for pooled-kl, the empirical variances for
/// the variance-aware statistics (heuristic-ev, pooled-eb); Gaussian arms of unknown variance: the
/// empirical variances with a pseudo-reward of the arms' largest (unknown_variance: no unit read once an arm has two distinct rewards)
/// for heuristic-ev and paired-t (PT's blocks at a ratio near sqrt(v_a/v_c) collect about the
/// Gaussian rate of the arms' variances), the nominal Gaussian costs for gu.
/// Otherwise (the sigma rules, which charge every arm sigma) the Gaussian costs.
sampling::top_two_model matched_model(const rule_context& c) {
  using m = sampling::top_two_model;
  const bool glr = c.stopping == stopping_rule::glr;
  switch (c.model) {
    case reward_model::bernoulli: return m::bernoulli;
    case reward_model::gaussian_unknown_variance:
      return glr && (c.threshold == glr_threshold::heuristic_ev || c.threshold == glr_threshold::paired_t)
                 ? m::unknown_variance
                 : m::gaussian;
    case reward_model::bounded:
      if (glr && c.threshold == glr_threshold::pooled_betting) return m::capped_betting;
      if (glr && c.threshold == glr_threshold::pooled_kl) return m::bernoulli;
      if (glr && (c.threshold == glr_threshold::heuristic_ev || c.threshold == glr_threshold::pooled_eb))
        return m::empirical_variance;
      return m::gaussian;
    default: return m::gaussian;
  }
}

stopping::glr_model glr_model_of(const rule_context& c) {
  return bernoulli(c) ? stopping::glr_model::bernoulli : stopping::glr_model::gaussian;
}
}  // namespace

any_sampling uniform(const rule_context&, run_parameters&) { return sampling::uniform{}; }

any_sampling lilucb(const rule_context& c, run_parameters& p) {
  const auto s = lil_setting(c);
  p.lilucb = run_parameters::lil_index{s.eps, s.beta, std::nullopt, s.delta, std::nullopt};
  // With lil'UCB's own stopping rule the certificate (Theorem R) covers Figure 1's index,
  // log((1+eps) T): the lemma's inner log, as the lilucb-certified preset runs it.
  return sampling::lilucb(s.eps, s.beta, s.delta, c.sigma,
                          c.stopping == stopping_rule::lilucb ? inner_log::lemma : c.inner);
}

any_sampling lucb1(const rule_context& c, run_parameters& p) {
  p.lucb_delta = c.nu;
  return sampling::lucb1(c.arms, c.sigma, c.nu);
}
any_sampling kl_lucb(const rule_context& c, run_parameters& p) {
  p.lucb_delta = c.nu;
  return sampling::kl_lucb(c.arms, c.sigma, c.nu);
}
any_sampling tas_d(const rule_context& c, run_parameters&) { return sampling::tas_d(c.arms, bernoulli(c), c.sigma); }
any_sampling tas_c(const rule_context& c, run_parameters&) { return sampling::tas_c(c.arms, bernoulli(c), c.sigma); }
any_sampling tas_d_every(const rule_context& c, run_parameters&) {
  return sampling::tas_d(c.arms, bernoulli(c), c.sigma, sampling::w_schedule::every_round);
}
any_sampling tas_c_every(const rule_context& c, run_parameters&) {
  return sampling::tas_c(c.arms, bernoulli(c), c.sigma, sampling::w_schedule::every_round);
}
any_sampling ttts(const rule_context& c, run_parameters&) { return sampling::ttts(c.arms, c.sigma); }
// The Top-Two rules with a transportation-cost challenger know the target (EB-TCε's shifted cost).
any_sampling t3c(const rule_context& c, run_parameters&) {
  return sampling::t3c(c.arms, c.sigma, sampling::top_two_selection::half, c.target);
}
any_sampling eb_tci(const rule_context& c, run_parameters&) {
  return sampling::eb_tci(c.arms, c.sigma, sampling::top_two_selection::half, c.target);
}
any_sampling t3c_ids(const rule_context& c, run_parameters&) {
  return sampling::t3c(c.arms, c.sigma, sampling::top_two_selection::ids, c.target);
}
any_sampling eb_tci_ids(const rule_context& c, run_parameters&) {
  return sampling::eb_tci(c.arms, c.sigma, sampling::top_two_selection::ids, c.target);
}
// T3C-IDS matched to its stopping statistic (matched_model).
any_sampling t3c_ids_matched(const rule_context& c, run_parameters&) {
  return sampling::t3c(c.arms, c.sigma, sampling::top_two_selection::ids, c.target, matched_model(c), c.lo, c.hi);
}
// The challenger of Proposition M1's statistic on the default grid (weakest_pair.hpp).
any_sampling weakest_pair(const rule_context& c, run_parameters&) {
  return sampling::weakest_pair(c.arms, c.sigma, stopping::make_mixture_grid(40));
}

// The top-m pair rules (top_m_pair.hpp); with a one-arm question they sample as best-arm rules.
// Rewards of unknown variance: the arms' empirical variances (no unit read), with the paired-t
// threshold matched to its blocks.
any_sampling top_m(const rule_context& c, sampling::top_m_choice choice) {
  using e = sampling::top_m_evidence;
  const e evidence = c.model != reward_model::gaussian_unknown_variance ? e::model
                     : c.stopping == stopping_rule::glr && c.threshold == glr_threshold::paired_t ? e::paired_blocks
                                                                                                   : e::empirical_variance;
  return sampling::top_m_pair(c.arms, glr_model_of(c), c.sigma, c.target, choice, evidence);
}
any_sampling lucb_glr(const rule_context& c, run_parameters&) { return top_m(c, sampling::top_m_choice::less_pulled); }
any_sampling tt_topm(const rule_context& c, run_parameters&) {
  return top_m(c, sampling::top_m_choice::information_directed);
}

any_stopping lilucb_stopping(const rule_context& c, run_parameters& p) {
  const auto s = lil_setting(c);
  p.stopping_a = s.a;
  return stopping::lilucb(s.a, true,
                          "Theorem R (docs/repaired-theorem.md, the repaired correctness part of lil'UCB's theorem "
                          "[Theorem th:lilucb]) at certified_setting(nu, eps = 0.01, beta = 1): repaired failure "
                          "bound <= nu, Figure 1's index");
}

any_stopping ls_lil(const rule_context& c, run_parameters& p) {
  p.ls = run_parameters::ls_rule{std::nullopt, ls_eps, ls_delta_for_share(c.nu)};  // the share is nu itself
  return stopping::finite_lil_ls(c.arms, c.nu, c.sigma, ls_eps, c.target);
}
any_stopping ls_stitched(const rule_context& c, run_parameters& p) { return ls_with(c, p, stopping::ls_boundary::stitched); }
any_stopping ls_mixture(const rule_context& c, run_parameters& p) { return ls_with(c, p, stopping::ls_boundary::mixture); }
any_stopping ls_calibrated(const rule_context& c, run_parameters& p) {
  return ls_with(c, p, stopping::ls_boundary::calibrated);
}

any_stopping glr_heuristic(const rule_context& c, run_parameters& p) {
  p.glr_delta = c.nu;
  if (c.target.top_m()) return stopping::glr_top_m::practice(c.arms, glr_model_of(c), c.sigma, c.nu, c.target);
  return stopping::glr<stopping::heuristic_threshold>(c.arms, glr_model_of(c), c.sigma,
                                                      stopping::make_heuristic_threshold(c.nu), c.target);
}
std::function<double(std::uint64_t)> heuristic_beta(double delta, std::size_t) {
  return stopping::make_heuristic_threshold(delta);
}
std::function<double(std::uint64_t)> kk21_beta(double delta, std::size_t arms) {
  return stopping::make_kk21_threshold(delta, arms);
}

any_stopping glr_kk21(const rule_context& c, run_parameters& p) {
  p.glr_delta = c.nu;
  // K = 1 answers at once; the threshold needs K >= 2.
  return stopping::glr<stopping::kk21_threshold>(c.arms, glr_model_of(c), c.sigma,
                                                 stopping::make_kk21_threshold(c.nu, c.arms < 2 ? 2 : c.arms));
}
// Proposition M (docs/certified-glr/propositions.md): the Gaussian-mixture GLR at delta = nu, on the grid
// with the log-sum combination, or at the fixed scale rho.
any_stopping glr_mixture(const rule_context& c, run_parameters& p) {
  p.glr_delta = c.nu;
  if (c.rho > 0) p.mixture_rho = c.rho;
  return stopping::glr_mixture(c.arms, c.sigma, c.nu,
                               c.rho > 0 ? stopping::make_fixed_rho(c.rho)
                                         : stopping::make_mixture_grid(40, stopping::mixture_combine::log_sum));
}
// Proposition M1: the one-sided Gaussian-mixture GLR at delta = nu (Gε-M1 for an epsilon-good
// target; TM-M1 over the top-m pairs for a top-m one), on the question's prior (question_grid).
any_stopping glr_one_sided(const rule_context& c, run_parameters& p) {
  p.glr_delta = c.nu;
  const stopping::mixture_grid g = stopping::question_grid(c.sigma, c.target);
  if (c.target.top_m()) return stopping::glr_top_m(c.arms, c.sigma, c.nu, c.target, g);
  return stopping::glr_one_sided(c.arms, c.sigma, c.nu, g, c.target);
}
// Proposition P: the one-sided mixture against the leader's pooled pulls, threshold log(1/nu).
any_stopping glr_pooled(const rule_context& c, run_parameters& p) {
  p.glr_delta = c.nu;
  return stopping::glr_pooled(c.arms, c.sigma, c.nu, stopping::make_mixture_grid(40));
}
// Proposition P2: as P, with one mixture scale per arm.
any_stopping glr_pooled_per_arm(const rule_context& c, run_parameters& p) {
  p.glr_delta = c.nu;
  return stopping::glr_pooled(c.arms, c.sigma, c.nu, stopping::make_per_arm_grid(), stopping::pooled_prior::per_arm);
}
// Proposition U: as P2, with the un-pooling weights of make_unpooling_weights().
any_stopping glr_pooled_weighted(const rule_context& c, run_parameters& p) {
  p.glr_delta = c.nu;
  return stopping::glr_pooled(c.arms, c.sigma, c.nu, stopping::make_per_arm_grid(), stopping::pooled_prior::per_arm,
                              true, stopping::make_unpooling_weights());
}

// Proposition PK: the pooled rule with Bernoulli tilts (rewards in [0, 1]; bounded arms' rewards
// rescaled from [lo, hi]), threshold log(1/nu); for a top-m question TM-K, the same tilts on every
// top-m pair with a union over them, and for an additive epsilon the same with the answered arm's
// point shifted (m = 1: Kε-U), on the tilts fitted to epsilon.
any_stopping glr_pooled_kl(const rule_context& c, run_parameters& p) {
  p.glr_delta = c.nu;
  // (One arm: PK's rule answers it at once; the pair rules need two.)
  if ((c.target.top_m() || c.target.epsilon != 0) && c.arms >= 2) {
    // An additive epsilon: the prior fitted to it (make_epsilon_tilt_grid; a relative one is refused).
    const bool shifted = c.target.epsilon > 0 && !c.target.relative && c.target.epsilon < c.hi - c.lo;
    return stopping::glr_top_m::bernoulli_tilts(
        c.arms, c.nu, c.target,
        shifted ? bernoulli_mixture::make_epsilon_tilt_grid(c.target.epsilon / (c.hi - c.lo))
                : bernoulli_mixture::make_default_tilt_grid(),
        c.lo, c.hi);
  }
  if (c.model == reward_model::bounded)
    return stopping::glr_pooled_kl(c.arms, c.nu, bernoulli_mixture::make_default_tilt_grid(), c.lo, c.hi);
  return stopping::glr_pooled_kl(c.arms, c.nu);
}

// Proposition PE: the pooled rule with empirical-Bernstein bets (rewards rescaled from [lo, hi] to
// [0, 1]; [0, 1] for Bernoulli arms), threshold log(1/nu).
any_stopping glr_pooled_eb(const rule_context& c, run_parameters& p) {
  p.glr_delta = c.nu;
  if (c.model == reward_model::bounded) return stopping::glr_pooled_eb(c.arms, c.nu, c.lo, c.hi);
  return stopping::glr_pooled_eb(c.arms, c.nu);
}

any_stopping glr_pooled_betting(const rule_context& c, run_parameters& p) {
  p.glr_delta = c.nu;
  if (c.model == reward_model::bounded) return stopping::glr_pooled_betting(c.arms, c.nu, c.lo, c.hi);
  return stopping::glr_pooled_betting(c.arms, c.nu);
}

// The empirical-variance GLR (no guarantee) at the heuristic threshold with delta = nu; it reads
// the rewards as they are (no sigma, no range).
any_stopping glr_heuristic_ev(const rule_context& c, run_parameters& p) {
  p.glr_delta = c.nu;
  if (c.target.top_m()) return stopping::glr_top_m::practice_empirical_variance(c.arms, c.nu, c.target);
  return stopping::glr_ev(c.arms, c.nu);
}

// Proposition GU: Gaussian rewards of unknown variances, threshold log((K - 1)/nu); reads no sigma.
any_stopping glr_gu(const rule_context& c, run_parameters& p) {
  p.glr_delta = c.nu;
  return stopping::glr_unknown_variance(c.arms, c.nu, c.target);
}

// Proposition PT: paired blocks for Gaussian rewards of unknown variances, threshold
// log((K - 1) J/nu); a top-m question: Proposition TM-T, threshold log(m (K - m) J/nu); reads no sigma.
any_stopping glr_paired_t(const rule_context& c, run_parameters& p) {
  p.glr_delta = c.nu;
  if (c.target.top_m()) return stopping::glr_top_m::paired_t(c.arms, c.nu, c.target);
  return stopping::glr_paired_t(c.arms, c.nu, c.target);
}

}  // namespace lilucb::bandit::rule_factories
