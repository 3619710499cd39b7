#pragma once
// `lilucb experiment modern`: the price of certification.  Which methods
// (sampling x stopping combinations of lilucb/bandit/compose.hpp, and preset algorithms as
// uncertified references), on which instances, at which error probabilities delta.
//
// The experiment runs on the reproduction's runner (runner.hpp: seeds, resumption, shards,
// atomic files, refusals): its three axes are (method, instance, delta) where the paper's
// experiments have (algorithm, scenario, n).  This header holds what only this experiment
// needs: the method table, the instances, and the quantities of its summary
// (characteristic time T*, lower bound T* kl(delta, 1 - delta), fixed-point prediction).

#include "lilucb/bandit/presets/algorithm_id.hpp"
#include "lilucb/bandit/combination.hpp"
#include "lilucb/bandit/target.hpp"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace lilucb::experiments {

/// One row of the method table: a method by its one name (bandit::parse_method: a preset
/// algorithm's identifier, or a combination's name as bandit::to_string(combination) gives it).
struct method_row {
  const char* name;
  /// Why the presets leave the method out (a config may still name it), or nullptr.
  const char* not_in_presets = nullptr;
  /// Why the full preset leaves it out (the quick preset runs it), or nullptr.
  const char* not_in_full = nullptr;
};

/// TTTS with LS stopping stays out of the presets (measured at commit ceadbbd on the 2-core
/// development machine; TTTS itself now costs under 1 us per pull, docs/benchmarks.md).
inline constexpr const char* ttts_ls_cost =
    "with LS stopping TTTS starves the non-leading arms, so their per-arm boundaries do not separate: ttts+ls did "
    "not stop within 2e6 pulls on linear5 at delta = 0.01";

/// TTTS with the mixture GLR statistic stays out of the presets (measured at 605140b, 10 runs
/// per cell of the quick preset).
inline constexpr const char* ttts_mixture_cost =
    "with the mixture GLR statistic TTTS stops far later than the other sampling rules: median 152332 pulls on "
    "linear5 at delta = 0.01 (t3c+glr-mixture: about 2000) and 1342684 at delta = 0.001 with one run censored at "
    "1e7 pulls; it alone made 646M of the 782M pulls of that run";

/// The calibrated LS boundary's reason to stay out of the presets: its cost when the published
/// runs were made (the grid engine's calibration; the Nystrom engine's takes about 0.06 s of CPU,
/// docs/boundaries.md "Calibration").
inline constexpr const char* calibrated_cost =
    "the calibrated boundary computes an exact crossing calibration for each new per-arm level nu/(2K): 10 s on a "
    "quiet core to 2 min under load, per (instance, delta), when these runs were made; about 0.06 s since the "
    "Nystrom crossing engine, so a rerun of the presets could include it";

/// Weakest-pair sampling stays out of the full preset (measured on branch w14, docs/bandit.md):
/// its cost per pull grows with K much faster than the other rules'.
inline constexpr const char* weakest_pair_full_cost =
    "weakest-pair costs about 21 us per pull at K = 10, 67 us at K = 100 and 0.9 ms at K = 1000 (docs/bandit.md): "
    "the full preset's n = 1000 instances alone would take days of CPU";

/// A rule for rewards in [0, 1] stays out of the presets, whose instances are Gaussian.
inline constexpr const char* bernoulli_only =
    "Bernoulli arms only (rewards in [0, 1]): the presets' instances are Gaussian; experiments/modern/bernoulli.json "
    "runs it";

/// Track-and-Stop with the authors' every-round schedule stays out of the presets: it is the
/// reference for the lazy default's cost (experiments/modern/tas_schedule.json runs it).
inline constexpr const char* every_round_reference =
    "the every-round w* schedule is the reference for the lazy default's cost (one w* solve per pull); "
    "experiments/modern/tas_schedule.json runs it";

/// Track-and-Stop with C-tracking and the heuristic threshold: the lazy C-tracking row of the same
/// comparison (the presets' Track-and-Stop practice is D-tracking).
inline constexpr const char* tas_c_reference =
    "the presets' Track-and-Stop practice is D-tracking; experiments/modern/tas_schedule.json compares C-tracking's "
    "schedules";

/// A rule for rewards in a known range (Proposition PE).
inline constexpr const char* known_range_only =
    "Bernoulli or bounded arms only (rewards in a known range): the presets' instances are Gaussian; "
    "experiments/modern/bernoulli.json runs it";

/// The empirical-variance GLR (the practice for rewards of unknown variance) stays out of the
/// presets, whose Gaussian instances have a known sigma.
inline constexpr const char* unknown_variance_reference =
    "the practice for rewards of unknown variance: the presets' Gaussian instances have a known sigma; "
    "experiments/modern/bounded.json runs it";
/// Propositions PT and GU (stopping/glr_paired_t.hpp, stopping/glr_unknown_variance.hpp) are for
/// Gaussian rewards of unknown variance: they stay out of the presets, whose Gaussian instances have a known sigma.
inline constexpr const char* unknown_variance_certified =
    "certified for Gaussian rewards of unknown variance: the presets' Gaussian instances have a known sigma";

/// T3C-IDS matched to its stopping statistic (sampling/top_two.hpp, top_two_model) differs from
/// t3c-ids only on Bernoulli and bounded arms and where the variance is unknown.
inline constexpr const char* matched_sampler =
    "t3c-ids matched to its stopping statistic: with the presets' Gaussian instances and sigma rules it is t3c-ids; "
    "experiments/modern/bernoulli.json, bounded.json and unknown_variance.json run it";

/// The top-m samplers answer the presets' best-arm question too, but their pair is a top-m
/// question's (experiments/modern/topm.json runs them).
inline constexpr const char* top_m_sampler =
    "a top-m sampler (sampling/top_m_pair.hpp): the presets ask for the best arm; experiments/modern/topm.json "
    "runs it";

/// The top-m rule on Bernoulli tilts (Proposition TM-K) answers top-m questions on rewards in a
/// known range (experiments/modern/topm_bernoulli.json runs it).
inline constexpr const char* top_m_known_range =
    "a top-m rule for rewards in a known range (Proposition TM-K): the presets ask for the best arm on Gaussian arms; "
    "experiments/modern/topm_bernoulli.json runs it";

/// The top-m rules for Gaussian rewards of unknown variance: Proposition TM-T (paired-t per top-m
/// pair) and the practice with empirical variances (experiments/modern/topm_unknown_variance.json
/// runs them).
inline constexpr const char* top_m_unknown_variance =
    "a top-m rule for Gaussian rewards of unknown variance (Proposition TM-T, or the practice with empirical "
    "variances): the presets ask for the best arm with a known sigma; experiments/modern/topm_unknown_variance.json "
    "runs it";

/// EB-TC-IDS with Proposition PK's tilts: the epsilon-good comparison on Bernoulli arms runs it
/// (Proposition Kε-U).
inline constexpr const char* epsilon_known_range =
    "EB-TCε sampling with Bernoulli tilts, for epsilon-good answers on rewards in a known range (Proposition Kε-U): "
    "experiments/modern/epsilon_bernoulli.json runs it";

/// The methods of the experiment, one line each (the presets run every one of them; a config
/// may choose a subset by label).  KL-LUCB is left out (the Bernoulli instances' methods are the
/// certified rules and the practice).
inline constexpr std::array method_table{
    // Certified: lil'UCB's Figure-1 rule at the certified setting (Theorem R).
    method_row{"lilucb+lilucb"},
    // Certified: every sampling rule with LS stopping (per-arm boundaries, union bound) and the
    // finite-LIL boundary.
    method_row{"uniform+ls"},
    method_row{"lilucb+ls"},
    method_row{"lucb1+ls"},
    method_row{"tas-d+ls"},
    method_row{"tas-c+ls"},
    method_row{"ttts+ls", ttts_ls_cost},
    method_row{"t3c+ls"},
    method_row{"eb-tci+ls"},
    // Certified: LS stopping with the tighter per-arm boundaries (stopping/ls_boundary.hpp; one-sided
    // alpha = nu/(2K) per arm and sign).  The calibrated boundary computes a crossing calibration for
    // every new nu/(2K) (10 s to minutes each), so the presets leave it out.
    method_row{"eb-tci+ls-stitched"},
    method_row{"tas-d+ls-mixture"},
    method_row{"t3c+ls-mixture"},
    method_row{"eb-tci+ls-mixture"},
    method_row{"tas-d+ls-calibrated", calibrated_cost},
    // Certified: GLR stopping with the Kaufmann-Koolen threshold (Gaussian arms) and with the
    // mixture-martingale statistic of Proposition M (docs/certified-glr/propositions.md).
    method_row{"tas-d+glr-kk21"},
    method_row{"t3c+glr-kk21"},
    method_row{"eb-tci+glr-kk21"},
    method_row{"lilucb+glr-mixture"},
    method_row{"lucb1+glr-mixture"},
    method_row{"tas-d+glr-mixture"},
    method_row{"ttts+glr-mixture", ttts_mixture_cost},
    method_row{"t3c+glr-mixture"},
    method_row{"eb-tci+glr-mixture"},
    // The same with information-directed selection of the leader's share (sampling/top_two.hpp).
    method_row{"t3c-ids+glr-mixture"},
    method_row{"eb-tci-ids+glr-mixture"},
    // The one-sided mixture of Proposition M1 (stopping/glr_one_sided.hpp).
    method_row{"tas-d+glr-one-sided"},
    method_row{"t3c+glr-one-sided"},
    method_row{"t3c-ids+glr-one-sided"},
    method_row{"eb-tci-ids+glr-one-sided"},
    // This toolkit's weakest-pair challenger (sampling/weakest_pair.hpp): the pair farthest from
    // passing Proposition M1's statistic, with the IDS coin of t3c-ids.
    method_row{"weakest-pair+glr-one-sided", nullptr, weakest_pair_full_cost},
    // The leader's pooled arm of Proposition P (stopping/glr_pooled.hpp): the one-sided mixture
    // against the pooled pulls of the predictable leader, threshold log(1/delta), no union over the
    // wrong answers.
    method_row{"t3c-ids+glr-pooled"},
    method_row{"eb-tci-ids+glr-pooled"},
    method_row{"weakest-pair+glr-pooled", nullptr, weakest_pair_full_cost},
    // Proposition P2: the same with one mixture scale per arm (make_per_arm_grid()).
    method_row{"t3c-ids+glr-pooled-per-arm"},
    method_row{"weakest-pair+glr-pooled-per-arm", nullptr, weakest_pair_full_cost},
    // Proposition PK (stopping/glr_pooled_kl.hpp): the pooled rule with Bernoulli tilts, for rewards
    // in [0, 1]; Bernoulli instances only (experiments/modern/bernoulli.json).
    method_row{"t3c-ids+glr-pooled-kl", bernoulli_only},
    method_row{"tas-d+glr-pooled-kl", bernoulli_only},
    method_row{"eb-tci-ids+glr-pooled-kl", epsilon_known_range},
    // Proposition PE (stopping/glr_pooled_eb.hpp): the pooled rule with empirical-Bernstein bets,
    // for rewards in a known range; the Bernoulli and bounded instances (experiments/modern/bernoulli.json).
    method_row{"t3c-ids+glr-pooled-eb", known_range_only},
    // Proposition PB (stopping/glr_pooled_betting.hpp): the pooled rule with range-scaled betting
    // bounded by hat sums, for rewards in a known range.
    method_row{"t3c-ids+glr-pooled-betting", known_range_only},
    // Proposition U (stopping/glr_pooled.hpp, weighted mode): P2 with un-pooling weights.
    method_row{"t3c-ids+glr-pooled-weighted"},
    // Uncertified references: the lil'UCB Heuristic preset (the report's baseline) and GLR
    // stopping with the heuristic threshold log((1 + log t)/delta).
    method_row{"lilucb-heuristic"},
    method_row{"uniform+glr-heuristic"},
    method_row{"tas-d+glr-heuristic"},
    method_row{"tas-c+glr-heuristic", tas_c_reference},
    // Track-and-Stop with w* recomputed before every pull (the authors' schedule), against which
    // the lazy default's cost in pulls is measured.
    method_row{"tas-d-every+glr-heuristic", every_round_reference},
    method_row{"tas-c-every+glr-heuristic", every_round_reference},
    method_row{"ttts+glr-heuristic"},
    method_row{"t3c+glr-heuristic"},
    method_row{"eb-tci+glr-heuristic"},
    method_row{"t3c-ids+glr-heuristic"},
    method_row{"eb-tci-ids+glr-heuristic"},
    // GLR with the arms' empirical variances (stopping/glr_ev.hpp) at the heuristic threshold: the
    // practice where the variance is unknown (experiments/modern/bounded.json).
    method_row{"tas-d+glr-heuristic-ev", unknown_variance_reference},
    method_row{"tas-d-every+glr-heuristic-ev", unknown_variance_reference},
    method_row{"t3c-ids+glr-heuristic-ev", unknown_variance_reference},
    // T3C-IDS matched to its stopping statistic (the Bernoulli divergence, the arms' empirical
    // variances, capped betting rates) with the practice's thresholds and the certified rules for
    // rewards in a known range.
    method_row{"t3c-ids-matched+glr-heuristic", matched_sampler},
    method_row{"t3c-ids-matched+glr-heuristic-ev", matched_sampler},
    method_row{"t3c-ids-matched+glr-pooled-kl", matched_sampler},
    method_row{"t3c-ids-matched+glr-pooled-betting", matched_sampler},
    // Top-m questions (config key "top"): Proposition TM-M1 (one-sided, certified) and the practice
    // (heuristic), each with LUCB-GLR and Top-Two sampling of the pair of least evidence.
    method_row{"lucb-glr+glr-one-sided", top_m_sampler},
    method_row{"tt-topm+glr-one-sided", top_m_sampler},
    method_row{"lucb-glr+glr-heuristic", top_m_sampler},
    method_row{"tt-topm+glr-heuristic", top_m_sampler},
    // Proposition TM-K: the top-m pairs on Bernoulli tilts (rewards in a known range).
    method_row{"lucb-glr+glr-pooled-kl", top_m_known_range},
    method_row{"tt-topm+glr-pooled-kl", top_m_known_range},
    // Proposition TM-T and the practice with empirical variances: top-m pairs on Gaussian arms of
    // unknown variances.
    method_row{"lucb-glr+glr-paired-t", top_m_unknown_variance},
    method_row{"tt-topm+glr-paired-t", top_m_unknown_variance},
    method_row{"lucb-glr+glr-heuristic-ev", top_m_unknown_variance},
    method_row{"tt-topm+glr-heuristic-ev", top_m_unknown_variance},
    // Propositions PT and GU: certified for Gaussian rewards of unknown, possibly different variances.
    method_row{"t3c-ids+glr-paired-t", unknown_variance_certified},
    method_row{"t3c-ids-matched+glr-paired-t", unknown_variance_certified},
    method_row{"t3c-ids+glr-gu", unknown_variance_certified},
};

/// The baseline of the report's ratios: the lil'UCB Heuristic preset.
inline constexpr const char* modern_baseline = "lilucb-heuristic";

/// A method of the experiment: a preset algorithm or a combination, with its label (the
/// preset's identifier, or the combination's one name, bandit::to_string(combination), e.g.
/// "eb-tci+ls", "tas-d+glr-heuristic", "eb-tci+ls-stitched").
struct modern_method {
  std::string label;
  /// The key of the method's run seeds: the label, except for LS boundaries other than lil, whose
  /// runs were seeded (and published) under the experiment's older label "LABEL:BOUNDARY"
  /// (e.g. "eb-tci+ls-stitched:stitched"), kept so that every published run is made again.
  std::string seed_key;
  std::optional<bandit::algorithm> preset;
  bandit::combination combination;  ///< combinations only
  std::string not_in_presets;       ///< the table's reason, or empty
  std::string not_in_full;          ///< the table's reason to leave it out of the full preset, or empty
  /// Whether the method carries a guarantee at delta (presets: lilucb-heuristic and
  /// lilucb-ls ... as bandit::algorithm's certification; combinations: bandit::is_certified).
  bool certified() const;
};

/// The method of a table row; throws lilucb::domain_error when the row does not name a preset or
/// a combination that check_combination accepts on Gaussian arms (naming `parameter` for a preset
/// other than the reference, and the part otherwise: "sampling", "threshold", "combination", ...).
modern_method method_of(const method_row& row, const std::string& parameter = "methods");
/// Every method of method_table, in its order.
std::vector<modern_method> all_modern_methods();
/// The methods preset `preset` ("quick" or "full") runs: method_table's rows without a
/// not_in_presets reason (and, for "full", without a not_in_full reason).
std::vector<modern_method> preset_methods(const std::string& preset);
/// Why preset `preset` leaves method m out, or "" when it runs it.
std::string preset_omission(const modern_method& m, const std::string& preset);
/// The method labelled `label` (one of all_modern_methods()); throws lilucb::domain_error
/// naming `parameter` and listing the labels otherwise.
modern_method parse_method(const std::string& parameter, const std::string& label);
/// Every method label, ", "-separated (messages).
std::string method_labels();

/// An instance: Gaussian arms with means `means` and standard deviation `sigma`, or Bernoulli arms.
///   "linear5"      mu = (1, 0.8, 0.6, 0.4, 0.2), sigma = 1           (five equally spaced means)
///   "onegap4"      mu = (0.5, 0, 0, 0), sigma = 0.5                  (one gap, three tied arms)
///   "SCENARIO-nN"  Section 5's scenario (sparse, alphaA) at n = N, sigma = the config's sigma,
///                  the sparse scenario's gap the config's gap, e.g. "sparse-n10", "alpha0.3-n100".
///   "gk-mu1"       Bernoulli mu = (0.5, 0.45, 0.43, 0.4)             (Garivier & Kaufmann 2016, Section 6)
///   "gk-mu2"       Bernoulli mu = (0.3, 0.21, 0.2, 0.19, 0.18)       (the same)
///   "lowrate5"     Bernoulli mu = (0.05, 0.04, 0.03, 0.02, 0.01)     (conversion rates of 1-5%)
///   "beta-mu1"     bounded in [0, 1]: Beta laws of concentration bounded_arms::default_concentration
///                  (9) with gk-mu1's means (0.5, 0.45, 0.43, 0.4)
///   "beta-low4"    the same laws with means (0.1, 0.08, 0.07, 0.05)   (variances 0.005 to 0.009)
/// Gaussian arms of unknown, different standard deviations (model gaussian_unknown_variance: the
/// rules may not read them; runs set run_options::unknown_variance):
///   "uv-linear5"   linear5's means with sigmas (0.5, 2, 1, 0.5, 1)
///   "uv-spread4"   mu = (0.5, 0.3, 0.25, 0), sigmas (0.25, 1, 0.5, 2)  (the noisiest arm the worst)
struct modern_instance {
  std::string label;
  std::vector<double> means;  ///< in the instance's order; each run shuffles them
  double sigma = 1;           ///< Gaussian: the rewards' standard deviation; Bernoulli, bounded in [0, 1]: 1/2 (their scale)
  std::vector<double> sigmas;  ///< gaussian_unknown_variance: one per arm, shuffled with the means (sigma: their largest)
  bandit::reward_model model = bandit::reward_model::gaussian;
};

/// The instance labelled `label`; `sigma` and `gap` are the config's (Section 5's scenarios
/// only).  Throws lilucb::domain_error naming `parameter` for another label (N in [2, 2^32)).
modern_instance parse_instance(const std::string& parameter, const std::string& label, double sigma, double gap);

/// The fixed-point prediction t = T* beta(t, delta) of the method's stopping time
/// (characteristic_time.hpp, fixed_point_stopping_time; Garivier & Kaufmann 2016, Section 3)
/// for GLR stopping with a threshold beta(t) of the time only (heuristic, kk21 with K arms); nullopt
/// for other stopping rules and for the mixture threshold, whose statistic depends on the counts.
std::optional<double> predicted_stopping_time(const modern_method& m, double t_star, double delta, std::size_t arms);

/// The hardness H1 = sum over the other arms of gap^-2 for the question: the best arm's
/// (lilucb::hardness_h1, a unique best arm), or with every gap mu* - mu_i raised by the target's
/// slack (epsilon, or epsilon mu* when relative) for an epsilon-good question, which keeps it
/// finite on ties (sum over the arms other than the first best one).  Domain: as hardness_h1, or
/// an epsilon-good target with a positive slack.
double question_h1(const std::vector<double>& means, const bandit::answer_target& target);

}  // namespace lilucb::experiments
