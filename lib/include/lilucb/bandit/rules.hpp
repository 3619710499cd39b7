#pragma once
// The rule registry: every sampling rule, stopping rule, GLR threshold and LS per-arm boundary a
// combination can name (compose.hpp), declared once, each by one constexpr descriptor with
// designated initializers: its name, a one-line summary, the parameters it is built with, whether
// it is certified and by which statement, the reward models it accepts, the questions it answers,
// its cost class, whether it is the field's practice, where it is the recommendation, beta(t) of a
// threshold of t alone, whether studies admit it, and its factory.  Parsing and printing names,
// is_certified, is_practice, admits and check_combination, recommended_combination,
// run_combination's dispatch, the study's admission and default, the CLI's help, the experiment's
// practice and predictions, verification's adversarial list, Python's name tuples and records,
// the benchmarks, the error-rate properties and docs/generated/rules.md all read these tables.
//
// Adding a rule: its class (sampling/ or stopping/), one enumerator, one descriptor and one
// factory declaration here, the factory in lib/src/rules.cpp, and its tests
// (docs/architecture.md, "Adding a rule").
//
// This header is light (no rule class): the factories return the type-erased any_sampling /
// any_stopping of any_rule.hpp and are compiled in the library.

#include "lilucb/bandit/reward_model.hpp"
#include "lilucb/bandit/target.hpp"
#include "lilucb/errors.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

namespace lilucb {
enum class inner_log;
}

namespace lilucb::bandit {

struct run_parameters;
class any_sampling;
class any_stopping;

enum class sampling_rule { uniform, lilucb, lucb1, tas_d, tas_c, ttts, t3c, eb_tci, kl_lucb, t3c_ids, eb_tci_ids,
                           weakest_pair, tas_d_every, tas_c_every, lucb_glr, tt_topm, t3c_ids_matched };
enum class stopping_rule { lilucb, ls, glr };
enum class glr_threshold { heuristic, kk21, mixture, one_sided, pooled, pooled_per_arm, pooled_kl, pooled_eb,
                            heuristic_ev, pooled_weighted, gu, paired_t, pooled_betting };
namespace stopping {
/// The per-arm boundary of the LS rule: lil (Section 5's finite-LIL width) or one of the anytime
/// families of ls_boundary.hpp.
enum class ls_boundary { lil, stitched, mixture, calibrated };
}  // namespace stopping

/// How much one pull of a rule costs, for deciding which runs belong to the long test mode:
/// cheap (O(K) or less per pull), costly (posterior resampling, KL solves, crossing
/// calibrations or mixture searches).
enum class rule_cost { cheap, costly };

namespace rule_models {
/// Every model whose scale a rule may read (sigma, or the range): all but Gaussian arms of unknown
/// variance.
inline constexpr unsigned any = all_reward_models & ~static_cast<unsigned>(reward_model::gaussian_unknown_variance);
inline constexpr unsigned none = 0u;
inline constexpr unsigned bernoulli = static_cast<unsigned>(reward_model::bernoulli);
inline constexpr unsigned gaussian = static_cast<unsigned>(reward_model::gaussian);
inline constexpr unsigned sub_gaussian = static_cast<unsigned>(reward_model::sub_gaussian);
inline constexpr unsigned bounded = static_cast<unsigned>(reward_model::bounded);
inline constexpr unsigned unknown_variance = static_cast<unsigned>(reward_model::gaussian_unknown_variance);
/// Rewards in a known range: Bernoulli arms, or bounded arms rescaled to [0, 1].
inline constexpr unsigned unit_interval = bernoulli | bounded;
/// Every model but Bernoulli arms (rules that estimate a variance apart from the mean).
inline constexpr unsigned not_bernoulli = all_reward_models & ~bernoulli;
/// Gaussian arms, their variances known or not (Propositions GU and PT need Gaussian rewards exactly).
inline constexpr unsigned gaussian_any_variance = gaussian | unknown_variance;
}  // namespace rule_models

/// The models (bit sets of reward_model) on which a rule is the toolkit's recommendation, per
/// question (target.hpp): the best arm, an epsilon-good arm, the top m arms.  For each model and
/// question at most one sampling rule and one threshold are recommended, and a sampling rule is
/// recommended exactly where a threshold is (checked at compile time below);
/// recommended_combination (combination.hpp) reads them.
struct recommendation {
  unsigned best_arm = rule_models::none;
  unsigned epsilon_good = rule_models::none;
  unsigned top_m = rule_models::none;
};

/// What a factory knows of the run it builds a rule for.
struct rule_context {
  std::size_t arms = 0;          ///< K >= 1
  double sigma = 0;              ///< the sub-Gaussian scale of the widths and statistics, > 0
  double nu = 0;                 ///< the user's error probability, in (0, 1)
  reward_model model = reward_model::gaussian;
  stopping_rule stopping = stopping_rule::ls;  ///< the stopping rule the sampling rule runs with
  glr_threshold threshold = glr_threshold::heuristic;  ///< its threshold, when it is glr
  double rho = 0;                ///< GLR mixture: a fixed scale > 0, or 0 for the grid
  inner_log inner{};             ///< lil'UCB's inner log (sampling rule lilucb with a stopping rule other than lilucb)
  /// The rewards' range (model bounded; [0, 1] otherwise): the rules certified for rewards in
  /// [0, 1] (pooled-kl, pooled-eb) are fed (y - lo)/(hi - lo).  lo < hi, both finite.
  double lo = 0, hi = 1;
  /// The question (target.hpp): the rules that answer epsilon-good questions read it.
  answer_target target{};
};

/// One challenger's evidence in a GLR-type stopping rule: the statistic of the pair (answer, arm)
/// against its threshold; the rule stops when every challenger's statistic passes.
struct challenger_evidence {
  std::size_t arm;
  double statistic;
  double threshold;
};

using sampling_factory = any_sampling (*)(const rule_context&, run_parameters&);
using stopping_factory = any_stopping (*)(const rule_context&, run_parameters&);
/// A threshold that is a function of t alone: beta(t) at error probability delta in (0, 1) for
/// K >= 2 arms (what the GLR rule compares its statistic with after t pulls).
using beta_factory = std::function<double(std::uint64_t)> (*)(double delta, std::size_t arms);

/// A sampling rule: which arm to pull next.  No sampling rule carries a guarantee of its own;
/// the stopping rule certifies the answer whatever the sampling rule (docs/certified-glr/propositions.md).
struct sampling_descriptor {
  sampling_rule id;
  std::string_view name;
  std::string_view summary;
  /// What its factory builds it with (the parameters run_combination sets; compose.hpp).
  std::string_view parameters = "";
  unsigned models = rule_models::any;  ///< reward models accepted
  std::string_view models_note = "";   ///< the admissible range, when not every model is accepted
  rule_cost cost = rule_cost::cheap;
  sampling_factory make = nullptr;
  /// Its challenger uses the epsilon-shifted transportation cost of an epsilon-good target (EB-TCε,
  /// Jourdan, Degenne & Kaufmann 2023); the others sample as for the best arm (valid all the same:
  /// no sampling rule carries the guarantee).
  bool knows_epsilon = false;
  /// Its pair is a top-m question's (a in the empirical top m, b outside: sampling/top_m_pair.hpp);
  /// the others sample as for the best arm (valid all the same).
  bool knows_top_m = false;
  /// The field's practice samples with it (Track-and-Stop and Top-Two families, and their top-m
  /// pair rules): with a practice threshold it makes a practice combination (is_practice).
  bool practice = false;
  recommendation recommended{};
};

/// What a stopping rule takes beside its name.
enum class stopping_parameter { none, threshold, boundary };

/// A stopping rule: when to stop and which arm to answer.  lilucb's factory is its own; ls and
/// glr are completed by a boundary or a threshold, whose descriptors carry the factory and the
/// certificate.
struct stopping_descriptor {
  stopping_rule id;
  std::string_view name;
  std::string_view summary;
  stopping_parameter takes = stopping_parameter::none;
  bool only_with_lilucb_sampling = false;  ///< lil'UCB's stopping rule only with lil'UCB's sampling rule
  bool certified = false;                  ///< (takes == none only) whether the rule carries a guarantee
  std::string_view statement = "";         ///< (takes == none only) the statement behind it
  stopping_factory make = nullptr;         ///< (takes == none only)
  /// Whether an ask-tell study may stop with it (Proposition L, docs/live-study.md); when not,
  /// `studies_note` says why.
  bool in_studies = true;
  std::string_view studies_note = "";
  /// Whether the rule itself answers epsilon-good and top-m questions whatever completes it (ls:
  /// every boundary); glr's answers are its threshold's (threshold_descriptor).
  bool answers_epsilon = false;
  bool answers_top_m = false;
};

/// A threshold of the GLR (Chernoff) stopping rule.
struct threshold_descriptor {
  glr_threshold id;
  std::string_view name;
  std::string_view summary;
  std::string_view parameters = "";  ///< what its factory builds it with
  bool certified = false;
  std::string_view statement = "";   ///< the statement behind the guarantee, or why there is none
  unsigned models = rule_models::any;
  std::string_view models_note = "";
  bool takes_rho = false;            ///< accepts a fixed mixture scale (combination::rho)
  /// beta(t) when the threshold depends on t alone (a fixed-point stopping-time prediction
  /// exists); nullptr for the statistics whose threshold depends on the counts.
  beta_factory beta = nullptr;
  rule_cost cost = rule_cost::cheap;
  stopping_factory make = nullptr;
  bool sigma_premise = false;        ///< the statement assumes sigma-sub-Gaussian rewards at the run's sigma
  /// Answers epsilon-good targets (target.hpp): one-sided by Proposition Gε-M1
  /// (docs/certified-glr/epsilon-topm.md, section 7), heuristic as the field's practice.
  bool answers_epsilon = false;
  /// Answers an epsilon in additive form only (pooled-kl: Kε-U and TM-K shift the answered arm's
  /// point exactly, docs/certified-glr/epsilon-topm.md, section 9).
  bool additive_epsilon_only = false;
  /// Answers top-m targets (target.hpp, top > 1): one-sided by Proposition TM-M1
  /// (docs/certified-glr/epsilon-topm.md, section 8), pooled-kl by Proposition TM-K (section 9),
  /// heuristic as the field's practice (stopping/glr_top_m.hpp).
  bool answers_top_m = false;
  /// The field's practice: log((1 + log t)/delta) with a practice sampling rule (is_practice).
  bool practice = false;
  recommendation recommended{};
};

/// A per-arm boundary of the LS stopping rule.
struct boundary_descriptor {
  stopping::ls_boundary id;
  std::string_view name;
  std::string_view summary;
  bool certified = false;
  std::string_view statement = "";
  unsigned models = rule_models::any;
  std::string_view models_note = "";
  rule_cost cost = rule_cost::cheap;
  stopping_factory make = nullptr;
};

namespace rule_factories {
// Defined in lib/src/rules.cpp (each builds one rule class with the parameters its descriptor
// states, and records them in the run_parameters).
any_sampling uniform(const rule_context&, run_parameters&);
any_sampling lilucb(const rule_context&, run_parameters&);
any_sampling lucb1(const rule_context&, run_parameters&);
any_sampling tas_d(const rule_context&, run_parameters&);
any_sampling tas_c(const rule_context&, run_parameters&);
any_sampling tas_d_every(const rule_context&, run_parameters&);
any_sampling tas_c_every(const rule_context&, run_parameters&);
any_sampling ttts(const rule_context&, run_parameters&);
any_sampling t3c(const rule_context&, run_parameters&);
any_sampling eb_tci(const rule_context&, run_parameters&);
any_sampling kl_lucb(const rule_context&, run_parameters&);
any_sampling t3c_ids(const rule_context&, run_parameters&);
any_sampling t3c_ids_matched(const rule_context&, run_parameters&);
any_sampling eb_tci_ids(const rule_context&, run_parameters&);
any_sampling weakest_pair(const rule_context&, run_parameters&);
any_sampling lucb_glr(const rule_context&, run_parameters&);
any_sampling tt_topm(const rule_context&, run_parameters&);
any_stopping lilucb_stopping(const rule_context&, run_parameters&);
any_stopping ls_lil(const rule_context&, run_parameters&);
any_stopping ls_stitched(const rule_context&, run_parameters&);
any_stopping ls_mixture(const rule_context&, run_parameters&);
any_stopping ls_calibrated(const rule_context&, run_parameters&);
any_stopping glr_heuristic(const rule_context&, run_parameters&);
any_stopping glr_kk21(const rule_context&, run_parameters&);
any_stopping glr_mixture(const rule_context&, run_parameters&);
any_stopping glr_one_sided(const rule_context&, run_parameters&);
any_stopping glr_pooled(const rule_context&, run_parameters&);
any_stopping glr_pooled_per_arm(const rule_context&, run_parameters&);
any_stopping glr_pooled_kl(const rule_context&, run_parameters&);
any_stopping glr_pooled_eb(const rule_context&, run_parameters&);
any_stopping glr_pooled_betting(const rule_context&, run_parameters&);
any_stopping glr_heuristic_ev(const rule_context&, run_parameters&);
any_stopping glr_pooled_weighted(const rule_context&, run_parameters&);
any_stopping glr_gu(const rule_context&, run_parameters&);
any_stopping glr_paired_t(const rule_context&, run_parameters&);
/// beta(t) of the heuristic threshold log((1 + log t)/delta) and of Kaufmann-Koolen's (K >= 2).
std::function<double(std::uint64_t)> heuristic_beta(double delta, std::size_t arms);
std::function<double(std::uint64_t)> kk21_beta(double delta, std::size_t arms);
}  // namespace rule_factories

// ---------------------------------------------------------------------------------------------
// The tables (their order is the order of every listing: help, Python's tuples, messages).

namespace detail {
/// The parameters every Top-Two rule with a transportation-cost challenger is built with.
inline constexpr std::string_view top_two_parameters =
    "the Gaussian costs and posterior at the run's sigma on every arm (sigma = 1/2 on Bernoulli arms; "
    "t3c-ids-matched reads the stopping statistic's); the leader's share 1/2, or information-directed with -ids; an "
    "epsilon-good target's shifted challenger cost (EB-TCε)";
inline constexpr std::string_view tas_parameters =
    "w* of the empirical means at the run's sigma (the Bernoulli divergence on Bernoulli arms); D-tracking's forced "
    "exploration below sqrt(t) - K/2, C-tracking's projection onto w_a >= 1/(2 sqrt(K^2 + t))";
}  // namespace detail

inline constexpr std::array<sampling_descriptor, 17> sampling_rules{{
    {.id = sampling_rule::uniform, .name = "uniform", .summary = "round robin over the arms",
     .parameters = "none", .make = &rule_factories::uniform},
    {.id = sampling_rule::lilucb, .name = "lilucb", .summary = "lil'UCB's index (Figure fig:lilucb)",
     .parameters = "with lil'UCB's stopping rule certified_setting(nu, 0.01, 1) and the lemma's inner log (Theorem R "
                   "holds); with another stopping rule Section 5's paper setting (eps 0.01, beta 1, delta from nu) "
                   "and --inner: the sampling bonus must stay wider than the stopping boundary, or the other arms "
                   "stop being pulled before the boundaries separate",
     .make = &rule_factories::lilucb},
    {.id = sampling_rule::lucb1, .name = "lucb1", .summary = "LUCB1 (Kalyanakrishnan et al. 2012) at delta = nu",
     .parameters = "delta = nu in its exploration rate, the run's sigma", .make = &rule_factories::lucb1},
    {.id = sampling_rule::tas_d, .name = "tas-d", .summary = "Track-and-Stop with D-tracking (Garivier & Kaufmann 2016)",
     .parameters = detail::tas_parameters, .make = &rule_factories::tas_d, .practice = true},
    {.id = sampling_rule::tas_c, .name = "tas-c", .summary = "Track-and-Stop with C-tracking (Garivier & Kaufmann 2016)",
     .parameters = detail::tas_parameters, .make = &rule_factories::tas_c, .practice = true},
    {.id = sampling_rule::ttts, .name = "ttts", .summary = "Top-Two Thompson sampling (Russo 2016)",
     .parameters = "a Gaussian posterior at the run's sigma, the leader's share 1/2", .cost = rule_cost::costly,
     .make = &rule_factories::ttts, .practice = true},
    {.id = sampling_rule::t3c, .name = "t3c", .summary = "Top-Two transportation cost (Shang et al. 2020)",
     .parameters = detail::top_two_parameters, .make = &rule_factories::t3c, .knows_epsilon = true, .practice = true},
    {.id = sampling_rule::eb_tci, .name = "eb-tci", .summary = "Top-Two EB-TCI (Jourdan et al. 2022)",
     .parameters = detail::top_two_parameters, .make = &rule_factories::eb_tci, .knows_epsilon = true,
     .practice = true},
    {.id = sampling_rule::kl_lucb, .name = "kl-lucb", .summary = "KL-LUCB (Kaufmann & Kalyanakrishnan 2013) at delta = nu",
     .parameters = "delta = nu in its exploration rate", .models = rule_models::bernoulli,
     .models_note = "kl-lucb needs rewards in [0, 1]: Bernoulli arms", .cost = rule_cost::costly,
     .make = &rule_factories::kl_lucb},
    {.id = sampling_rule::t3c_ids, .name = "t3c-ids",
     .summary = "T3C with information-directed selection of the leader's share",
     .parameters = detail::top_two_parameters, .cost = rule_cost::costly, .make = &rule_factories::t3c_ids,
     .knows_epsilon = true, .practice = true,
     .recommended = {.best_arm = all_reward_models & ~rule_models::bounded & ~rule_models::unknown_variance}},
    {.id = sampling_rule::eb_tci_ids, .name = "eb-tci-ids",
     .summary = "EB-TCI with information-directed selection of the leader's share",
     .parameters = detail::top_two_parameters, .cost = rule_cost::costly, .make = &rule_factories::eb_tci_ids,
     .knows_epsilon = true, .practice = true, .recommended = {.epsilon_good = rule_models::any}},
    {.id = sampling_rule::weakest_pair, .name = "weakest-pair",
     .summary = "the challenger farthest from passing Proposition M1's statistic (this toolkit's)",
     .parameters = "Proposition M1's statistic on the default grid of 40 scales at the run's sigma",
     .cost = rule_cost::costly, .make = &rule_factories::weakest_pair},
    {.id = sampling_rule::tas_d_every, .name = "tas-d-every",
     .summary = "Track-and-Stop with D-tracking, w* recomputed before every pull (the authors' schedule)",
     .parameters = detail::tas_parameters, .cost = rule_cost::costly, .make = &rule_factories::tas_d_every,
     .practice = true},
    {.id = sampling_rule::tas_c_every, .name = "tas-c-every",
     .summary = "Track-and-Stop with C-tracking, w* recomputed before every pull (the authors' schedule)",
     .parameters = detail::tas_parameters, .cost = rule_cost::costly, .make = &rule_factories::tas_c_every,
     .practice = true},
    {.id = sampling_rule::lucb_glr, .name = "lucb-glr",
     .summary = "top-m: the less-pulled arm of the (top-m arm, other arm) pair of least GLR evidence (LUCB's pair by "
                "the GLR)",
     .parameters = "the GLR of the run's model at its sigma (with --sigma unknown the arms' empirical variances, "
                   "matched to paired-t's blocks with that threshold: sampling/top_m_pair.hpp); a best-arm "
                   "question's pair when top = 1",
     .make = &rule_factories::lucb_glr, .knows_epsilon = true, .knows_top_m = true, .practice = true,
     .recommended = {.top_m = all_reward_models}},
    {.id = sampling_rule::tt_topm, .name = "tt-topm",
     .summary = "top-m, Top-Two style: that pair's arms with information-directed shares",
     .parameters = "the GLR of the run's model at its sigma (with --sigma unknown the arms' empirical variances, "
                   "matched to paired-t's blocks with that threshold: sampling/top_m_pair.hpp); a best-arm "
                   "question's pair when top = 1",
     .make = &rule_factories::tt_topm, .knows_epsilon = true, .knows_top_m = true, .practice = true},
    {.id = sampling_rule::t3c_ids_matched, .name = "t3c-ids-matched",
     .summary = "T3C-IDS matched to its stopping statistic: the Bernoulli divergence on Bernoulli arms, the arms' "
                "empirical variances for the variance-aware statistics (heuristic-ev, pooled-eb, paired-t), capped betting rates "
                "for pooled-betting (as t3c-ids with the other rules)",
     .parameters = "the transportation cost, IDS share and posterior of the stopping statistic's evidence "
                   "(sampling/top_two.hpp, top_two_model; matched_model in lib/src/rules.cpp); the run's sigma, or one "
                   "pseudo-reward of deviation sigma ((hi - lo)/2 on bounded arms) for the variances; an "
                   "epsilon-good target's shifted challenger cost (EB-TCε)",
     .cost = rule_cost::costly, .make = &rule_factories::t3c_ids_matched, .knows_epsilon = true, .practice = true,
     .recommended = {.best_arm = rule_models::bounded | rule_models::unknown_variance,
                     .epsilon_good = rule_models::unknown_variance}},
}};

inline constexpr std::array<stopping_descriptor, 3> stopping_rules{{
    {.id = stopping_rule::lilucb, .name = "lilucb",
     .summary = "lil'UCB's stopping rule (Figure fig:lilucb; with --sampling lilucb)",
     .takes = stopping_parameter::none, .only_with_lilucb_sampling = true, .certified = true,
     .statement = "Theorem R (docs/repaired-theorem.md) at certified_setting(nu, 0.01, 1)",
     .make = &rule_factories::lilucb_stopping, .in_studies = false,
     .studies_note = "lil'UCB's stopping rule is certified only with lil'UCB's own sequential sampling "
                     "(docs/live-study.md)"},
    {.id = stopping_rule::ls, .name = "ls",
     .summary = "per-arm boundaries and a union bound (Section 5's LS rule; see --boundary); with --epsilon or --top "
                "the answered arms' lower boundaries against the others' upper ones (lil'UCB's own extension)",
     .takes = stopping_parameter::boundary, .answers_epsilon = true, .answers_top_m = true},
    {.id = stopping_rule::glr, .name = "glr",
     .summary = "the GLR (Chernoff) statistic against a threshold (see --threshold)",
     .takes = stopping_parameter::threshold},
}};

inline constexpr std::array<threshold_descriptor, 13> glr_thresholds{{
    {.id = glr_threshold::heuristic, .name = "heuristic", .summary = "log((1 + log t)/nu), the field's practice",
     .parameters = "delta = nu; the model's GLR (Gaussian at the run's sigma, Bernoulli KL on Bernoulli arms)",
     .statement = "none: the heuristic threshold log((1 + log t)/delta) has no proof",
     .beta = &rule_factories::heuristic_beta, .make = &rule_factories::glr_heuristic, .sigma_premise = true,
     .answers_epsilon = true, .answers_top_m = true, .practice = true},
    {.id = glr_threshold::kk21, .name = "kk21", .summary = "Kaufmann-Koolen's threshold (Gaussian arms)",
     .parameters = "delta = nu, K arms", .certified = true, .statement = "Kaufmann & Koolen 2021, Gaussian inequality",
     .models = rule_models::gaussian,
     .models_note = "kk21 only on Gaussian arms (Kaufmann-Koolen's Gaussian inequality); heuristic otherwise",
     .beta = &rule_factories::kk21_beta, .make = &rule_factories::glr_kk21, .sigma_premise = true},
    {.id = glr_threshold::mixture, .name = "mixture", .summary = "a Gaussian-mixture martingale statistic",
     .parameters = "delta = nu; the grid of 40 scales of glr_mixture.hpp with the log-sum combination (no later than "
                   "the max on every path), or the fixed scale --rho",
     .certified = true, .statement = "Proposition M (docs/certified-glr/propositions.md)", .takes_rho = true,
     .cost = rule_cost::costly, .make = &rule_factories::glr_mixture, .sigma_premise = true},
    {.id = glr_threshold::one_sided, .name = "one-sided", .summary = "the same with a half-normal mixture, stops earlier",
     .parameters = "delta = nu; the half-normal mixture of glr_one_sided.hpp on the grid of 40 scales; for an "
                   "additive epsilon banded up to 4 sigma^2/epsilon^2 (Gε-M1); for a top-m question TM-M1 over the "
                   "top-m pairs on the joint prior of make_joint_mixture_grid() (question_grid)",
     .certified = true, .statement = "Proposition M1 (docs/certified-glr/propositions.md)", .cost = rule_cost::costly,
     .make = &rule_factories::glr_one_sided, .sigma_premise = true, .answers_epsilon = true, .answers_top_m = true,
     .recommended = {.epsilon_good = rule_models::any, .top_m = rule_models::any & ~rule_models::bernoulli}},
    {.id = glr_threshold::pooled, .name = "pooled",
     .summary = "the one-sided mixture against the leader's pooled pulls at log(1/nu), no union over the wrong answers",
     .parameters = "delta = nu; the grid of 40 scales, one prior for both sides (glr_pooled.hpp)", .certified = true,
     .statement = "Proposition P (docs/certified-glr/propositions.md)", .cost = rule_cost::costly,
     .make = &rule_factories::glr_pooled, .sigma_premise = true},
    {.id = glr_threshold::pooled_per_arm, .name = "pooled-per-arm", .summary = "the same with one mixture scale per arm",
     .parameters = "delta = nu; one scale per side from make_per_arm_grid()", .certified = true,
     .statement = "Proposition P2 (docs/certified-glr/propositions.md)", .cost = rule_cost::costly,
     .make = &rule_factories::glr_pooled_per_arm, .sigma_premise = true},
    {.id = glr_threshold::pooled_kl, .name = "pooled-kl",
     .summary = "the pooled rule with Bernoulli tilts: rewards in [0, 1], no sigma, adapts to means near 0 or 1 "
                "(the same tilts per pair with a union for top-m and additive epsilon questions)",
     .parameters = "delta = nu; the default tilt grid (31 tilts and 0), bounded rewards read as (y - lo)/(hi - lo); "
                   "for a top-m question TM-K: the same tilts on every top-m pair, a union over the m(K - m) pairs; "
                   "for an additive epsilon Kε-U (the pairs of the answer, a union over K - 1) or TM-K shifted, on "
                   "the tilts from epsilon/2 (make_epsilon_tilt_grid)",
     .certified = true, .statement = "Proposition PK (docs/certified-glr/pooled-kl.md); epsilon-good: Proposition Kε-U, "
                                     "top-m: Proposition TM-K (docs/certified-glr/epsilon-topm.md, section 9)",
     .models = rule_models::unit_interval,
     .models_note = "pooled-kl needs rewards in a known range: Bernoulli arms, or bounded arms (rescaled to [0, 1])",
     .cost = rule_cost::costly, .make = &rule_factories::glr_pooled_kl, .answers_epsilon = true,
     .additive_epsilon_only = true, .answers_top_m = true,
     .recommended = {.best_arm = rule_models::bernoulli, .top_m = rule_models::bernoulli}},
    {.id = glr_threshold::pooled_eb, .name = "pooled-eb",
     .summary = "the pooled rule with empirical-Bernstein betting: rewards in a known range, no sigma, adapts to the "
                "variance",
     .parameters = "delta = nu; the default bet grid (24 bets and 0), bounded rewards read as (y - lo)/(hi - lo)",
     .certified = true, .statement = "Proposition PE (docs/certified-glr/pooled-eb.md)",
     .models = rule_models::unit_interval,
     .models_note = "pooled-eb needs rewards in a known range: Bernoulli arms, or bounded arms (rescaled to [0, 1])",
     .cost = rule_cost::costly, .make = &rule_factories::glr_pooled_eb},
    {.id = glr_threshold::heuristic_ev, .name = "heuristic-ev",
     .summary = "the GLR with the arms' empirical variances (EV-GLR) at log((1 + log t)/nu): the practice for unknown "
                "variances",
     .parameters = "delta = nu; the rewards as they are (no sigma, no range); for a top-m question the same "
                   "statistic on every top-m pair",
     .statement = "none: the empirical-variance GLR with the heuristic threshold has no proof",
     .models = rule_models::not_bernoulli,
     .models_note = "heuristic-ev is for Gaussian, sub-Gaussian or bounded arms: on Bernoulli arms the variance is the "
                    "mean's (use heuristic, whose KL statistic uses it)",
     .beta = &rule_factories::heuristic_beta, .make = &rule_factories::glr_heuristic_ev, .answers_top_m = true,
     .practice = true},
    {.id = glr_threshold::pooled_weighted, .name = "pooled-weighted",
     .summary = "pooled-per-arm with predictable weights that un-pool the pulls made while the leader barely led",
     .parameters = "delta = nu; make_per_arm_grid() and the weights of make_unpooling_weights()", .certified = true,
     .statement = "Proposition U (docs/certified-glr/unpooling.md)", .cost = rule_cost::costly,
     .make = &rule_factories::glr_pooled_weighted, .sigma_premise = true,
     .recommended = {.best_arm = rule_models::gaussian | rule_models::sub_gaussian}},
    {.id = glr_threshold::gu, .name = "gu",
     .summary = "Gaussian rewards of unknown, possibly different variances (--sigma unknown): the t-type GLR minus each "
                "arm's Student-t predictive regret, union over the wrong answers",
     .parameters = "delta = nu, threshold log((K - 1)/nu); reads no sigma", .certified = true,
     .statement = "Proposition GU (docs/certified-glr/epsilon-topm.md, section 3)",
     .models = rule_models::gaussian_any_variance,
     .models_note = "gu needs Gaussian rewards exactly (a ratio of densities): Gaussian arms, variances known or not",
     .cost = rule_cost::costly, .make = &rule_factories::glr_gu, .answers_epsilon = true},
    {.id = glr_threshold::paired_t, .name = "paired-t",
     .summary = "Gaussian rewards of unknown, possibly different variances (--sigma unknown): a one-sided t-test Bayes "
                "factor on paired blocks of the two arms' rewards, union over block ratios and the wrong answers (for "
                "top-m questions over the top-m pairs)",
     .parameters = "delta = nu; 9 block ratios, 1:16 to 16:1 a factor 2 apart, and 11 scales, threshold "
                   "log((K - 1) 9/nu); for a top-m question TM-T: the same statistic on every top-m pair, threshold "
                   "log(m(K - m) 9/nu); reads no sigma",
     .certified = true, .statement = "Proposition PT (docs/certified-glr/paired-t.md); top-m: Proposition TM-T (the "
                                     "same page)",
     .models = rule_models::gaussian_any_variance,
     .models_note = "paired-t needs Gaussian rewards exactly (Gaussian blocks): Gaussian arms, variances known or not",
     .cost = rule_cost::costly, .make = &rule_factories::glr_paired_t, .answers_epsilon = true, .answers_top_m = true,
     .recommended = {.best_arm = rule_models::unknown_variance,
                     .epsilon_good = rule_models::unknown_variance,
                     .top_m = rule_models::unknown_variance}},
    {.id = glr_threshold::pooled_betting, .name = "pooled-betting",
     .summary = "the pooled rule with range-scaled betting bounded by hat sums: rewards in a known range, no sigma, "
                "adapts to the rewards' law",
     .parameters = "delta = nu; the default prior (55 range-scaled bets and 0), bounded rewards read as (y - lo)/(hi - lo)",
     .certified = true, .statement = "Proposition PB (docs/certified-glr/pooled-betting.md)",
     .models = rule_models::unit_interval,
     .models_note = "pooled-betting needs rewards in a known range: Bernoulli arms, or bounded arms (rescaled to [0, 1])",
     .cost = rule_cost::costly, .make = &rule_factories::glr_pooled_betting,
     .recommended = {.best_arm = rule_models::bounded}},
}};

inline constexpr std::array<boundary_descriptor, 4> ls_boundaries{{
    {.id = stopping::ls_boundary::lil, .name = "lil", .summary = "the finite-LIL bound (Section 5)", .certified = true,
     .statement = "Lemma lem:lil with a union bound over the arms", .make = &rule_factories::ls_lil},
    {.id = stopping::ls_boundary::stitched, .name = "stitched",
     .summary = "polynomial stitching (Howard et al. 2021, Theorem 1)", .certified = true,
     .statement = "Howard et al. 2021, Theorem 1, with a union bound over arms and signs",
     .make = &rule_factories::ls_stitched},
    {.id = stopping::ls_boundary::mixture, .name = "mixture",
     .summary = "the one-sided normal mixture (Howard et al. 2021, Section 3.2)", .certified = true,
     .statement = "Howard et al. 2021, Section 3.2, with a union bound over arms and signs",
     .cost = rule_cost::costly, .make = &rule_factories::ls_mixture},
    {.id = stopping::ls_boundary::calibrated, .name = "calibrated",
     .summary = "stitching calibrated by the crossing engine (Gaussian arms; one calibration per level nu/(2K), about "
                "0.1 s)",
     .certified = true,
     .statement = "the crossing computation of docs/boundaries.md with a union bound over arms and signs",
     .models = rule_models::gaussian,
     .models_note = "calibrated only on Gaussian arms (its crossing probability is computed for Gaussian rewards); "
                    "stitched or mixture otherwise",
     .cost = rule_cost::costly, .make = &rule_factories::ls_calibrated},
}};

// ---------------------------------------------------------------------------------------------
// Look-ups.  Each table holds every enumerator once, in enumerator order (checked at compile time
// below), so a look-up is an index.

const sampling_descriptor& describe(sampling_rule r);
const stopping_descriptor& describe(stopping_rule r);
const threshold_descriptor& describe(glr_threshold t);
const boundary_descriptor& describe(stopping::ls_boundary b);

namespace detail {
template <class Table>
constexpr bool in_enumerator_order(const Table& t) {
  for (std::size_t i = 0; i < t.size(); ++i)
    if (static_cast<std::size_t>(t[i].id) != i) return false;
  return true;
}
}  // namespace detail
static_assert(detail::in_enumerator_order(sampling_rules) && detail::in_enumerator_order(stopping_rules) &&
                  detail::in_enumerator_order(glr_thresholds) && detail::in_enumerator_order(ls_boundaries),
              "each rule table lists every enumerator once, in enumerator order");

namespace detail {
/// For every model and question: at most one recommended sampling rule and one threshold, and a
/// sampling rule exactly where a threshold is.
constexpr bool recommendations_are_consistent() {
  constexpr unsigned recommendation::*questions[] = {&recommendation::best_arm, &recommendation::epsilon_good,
                                                     &recommendation::top_m};
  for (unsigned bit = 1; bit <= all_reward_models; bit <<= 1)
    for (auto q : questions) {
      int samplers = 0, thresholds = 0;
      for (const auto& d : sampling_rules) samplers += (d.recommended.*q & bit) != 0;
      for (const auto& d : glr_thresholds) thresholds += (d.recommended.*q & bit) != 0;
      if (samplers > 1 || thresholds > 1 || samplers != thresholds) return false;
    }
  return true;
}
}  // namespace detail
static_assert(detail::recommendations_are_consistent(),
              "one recommended sampling rule and threshold per reward model and question, or neither");

namespace detail {
template <class D, std::size_t N>
constexpr auto ids_of(const std::array<D, N>& table) {
  std::array<decltype(D::id), N> out{};
  for (std::size_t i = 0; i < N; ++i) out[i] = table[i].id;
  return out;
}
}  // namespace detail

/// Every enumerator of each table, in table order.
inline constexpr auto all_sampling_rules = detail::ids_of(sampling_rules);
inline constexpr auto all_stopping_rules = detail::ids_of(stopping_rules);
inline constexpr auto all_glr_thresholds = detail::ids_of(glr_thresholds);
inline constexpr auto all_ls_boundaries = detail::ids_of(ls_boundaries);

inline const sampling_descriptor& describe(sampling_rule r) { return sampling_rules[static_cast<std::size_t>(r)]; }
inline const stopping_descriptor& describe(stopping_rule r) { return stopping_rules[static_cast<std::size_t>(r)]; }
inline const threshold_descriptor& describe(glr_threshold t) { return glr_thresholds[static_cast<std::size_t>(t)]; }
inline const boundary_descriptor& describe(stopping::ls_boundary b) {
  return ls_boundaries[static_cast<std::size_t>(b)];
}

inline const char* to_string(sampling_rule r) { return describe(r).name.data(); }
inline const char* to_string(stopping_rule r) { return describe(r).name.data(); }
inline const char* to_string(glr_threshold t) { return describe(t).name.data(); }
namespace stopping {
inline const char* to_string(ls_boundary b) { return describe(b).name.data(); }
}  // namespace stopping

/// The names of a table, ", "-separated, in table order (help texts, messages).
template <class Table>
std::string rule_names(const Table& table) {
  std::string s;
  for (const auto& d : table) s += (s.empty() ? "" : ", ") + std::string(d.name);
  return s;
}

namespace detail {
template <class Table>
auto parse_rule(const Table& table, const char* fn, const char* param, std::string_view name, bool quote) {
  for (const auto& d : table)
    if (name == d.name) return d.id;
  // Appended, not "{" + string&&: GCC 12 warns falsely (-Wrestrict) on that operator+ when inlined.
  std::string names(1, '{');
  names.append(rule_names(table)).push_back('}');
  lilucb::detail::raise_domain_error(fn, param, quote ? lilucb::detail::quoted(name) : std::string(name), names);
}
}  // namespace detail

/// The rule called `name`; throws lilucb::domain_error naming the parameter and listing the names.
inline sampling_rule parse_sampling_rule(std::string_view name) {
  return detail::parse_rule(sampling_rules, "lilucb::bandit::parse_sampling_rule", "sampling", name, false);
}
inline stopping_rule parse_stopping_rule(std::string_view name) {
  return detail::parse_rule(stopping_rules, "lilucb::bandit::parse_stopping_rule", "stopping", name, false);
}
inline glr_threshold parse_glr_threshold(std::string_view name) {
  return detail::parse_rule(glr_thresholds, "lilucb::bandit::parse_glr_threshold", "threshold", name, false);
}
namespace stopping {
inline ls_boundary parse_ls_boundary(std::string_view name) {
  return bandit::detail::parse_rule(ls_boundaries, "lilucb::bandit::stopping::parse_ls_boundary", "boundary", name, true);
}
}  // namespace stopping

}  // namespace lilucb::bandit
