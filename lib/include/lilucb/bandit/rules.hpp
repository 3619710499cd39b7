#pragma once
// The rule registry: every sampling rule, stopping rule, GLR threshold and LS per-arm boundary a
// combination can name (compose.hpp), declared once, each by one constexpr descriptor: its name,
// a one-line summary, whether it is certified and by which statement, the reward models it
// accepts, its cost class and its factory.  Parsing and printing names, is_certified, the
// domain check of a combination, run_combination's dispatch, the CLI's help, the experiment's
// method table, verification's adversarial list, Python's name tuples and the error-rate
// properties all read these tables; nothing else lists the rules.
//
// Adding a rule: its class (sampling/ or stopping/), one enumerator and one descriptor here,
// its factory in lib/src/rules.cpp, and its tests (docs/architecture.md, "Adding a rule").
//
// This header is light (no rule class): the factories return the type-erased any_sampling /
// any_stopping of any_rule.hpp and are compiled in the library.

#include "lilucb/bandit/target.hpp"
#include "lilucb/errors.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
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
                           weakest_pair, tas_d_every, tas_c_every, lucb_glr, tt_topm };
enum class stopping_rule { lilucb, ls, glr };
enum class glr_threshold { heuristic, kk21, mixture, one_sided, pooled, pooled_per_arm, pooled_kl, pooled_eb,
                            heuristic_ev, pooled_weighted, gu, paired_t };
namespace stopping {
/// The per-arm boundary of the LS rule: lil (Section 5's finite-LIL width) or one of the anytime
/// families of ls_boundary.hpp.
enum class ls_boundary { lil, stitched, mixture, calibrated };
}  // namespace stopping

/// The reward model of a run's arms, as the rules' domains name it: Gaussian arms
/// (gaussian_arms), Bernoulli arms (bernoulli_arms), any other arms whose rewards are
/// sigma-sub-Gaussian (a user's arm type), or rewards known to lie in a range [lo, hi], lo < hi
/// finite (bounded_arms; (hi - lo)/2-sub-Gaussian by Hoeffding's lemma, and rescaled to [0, 1] as
/// (y - lo)/(hi - lo) for the rules certified for rewards in [0, 1]).  A descriptor's `models` is
/// a bit set of these.  gaussian_unknown_variance: Gaussian arms whose standard deviations (possibly
/// different) the rules may not read (run_options::unknown_variance): no rule that reads sigma is
/// offered there (rule_models::any excludes it), sampling rules run at a nominal scale
/// (combination.hpp, admits), and PT, GU (certified) and heuristic-ev (the practice) stop.
enum class reward_model : unsigned { gaussian = 1u, bernoulli = 2u, sub_gaussian = 4u, bounded = 8u,
                                     gaussian_unknown_variance = 16u };
inline constexpr unsigned all_reward_models = 31u;
constexpr bool accepts(unsigned models, reward_model m) { return (models & static_cast<unsigned>(m)) != 0; }
inline constexpr const char* to_string(reward_model m) {
  return m == reward_model::gaussian    ? "Gaussian"
         : m == reward_model::bernoulli ? "Bernoulli"
         : m == reward_model::bounded   ? "bounded"
         : m == reward_model::gaussian_unknown_variance ? "Gaussian (unknown variance)"
                                        : "sub-Gaussian";
}

/// How much one pull of a rule costs, for deciding which runs belong to the long test mode:
/// cheap (O(K) or less per pull), costly (posterior resampling, KL solves, crossing
/// calibrations or mixture searches).
enum class rule_cost { cheap, costly };

/// What a factory knows of the run it builds a rule for.
struct rule_context {
  std::size_t arms = 0;          ///< K >= 1
  double sigma = 0;              ///< the sub-Gaussian scale of the widths and statistics, > 0
  double nu = 0;                 ///< the user's error probability, in (0, 1)
  reward_model model = reward_model::gaussian;
  stopping_rule stopping = stopping_rule::ls;  ///< the stopping rule the sampling rule runs with
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

/// A sampling rule: which arm to pull next.  No sampling rule carries a guarantee of its own;
/// the stopping rule certifies the answer whatever the sampling rule (docs/certified-glr/propositions.md).
struct sampling_descriptor {
  sampling_rule id;
  std::string_view name;
  std::string_view summary;
  unsigned models;                ///< reward models accepted
  std::string_view models_note;   ///< the admissible range, when not every model is accepted
  rule_cost cost;
  sampling_factory make;
  /// Its challenger uses the epsilon-shifted transportation cost of an epsilon-good target (EB-TCε,
  /// Jourdan, Degenne & Kaufmann 2023); the others sample as for the best arm (valid all the same:
  /// no sampling rule carries the guarantee).
  bool knows_epsilon = false;
  /// Its pair is a top-m question's (a in the empirical top m, b outside: sampling/top_m_pair.hpp);
  /// the others sample as for the best arm (valid all the same).
  bool knows_top_m = false;
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
  stopping_parameter takes;
  bool only_with_lilucb_sampling;  ///< lil'UCB's stopping rule only with lil'UCB's sampling rule
  bool certified;                  ///< (takes == none only) whether the rule carries a guarantee
  std::string_view statement;      ///< (takes == none only) the statement behind it
  stopping_factory make;           ///< (takes == none only)
};

/// A threshold of the GLR (Chernoff) stopping rule.
struct threshold_descriptor {
  glr_threshold id;
  std::string_view name;
  std::string_view summary;
  bool certified;
  std::string_view statement;     ///< the statement behind the guarantee, or why there is none
  unsigned models;
  std::string_view models_note;
  bool takes_rho;                 ///< accepts a fixed mixture scale (combination::rho)
  bool time_only;                 ///< beta depends on t alone (a fixed-point stopping-time prediction exists)
  rule_cost cost;
  stopping_factory make;
  bool sigma_premise;             ///< the statement assumes sigma-sub-Gaussian rewards at the run's sigma
  /// Answers epsilon-good targets (target.hpp): one-sided by Proposition Gε-M1
  /// (docs/certified-glr/epsilon-topm.md, section 7), heuristic as the field's practice.
  bool answers_epsilon = false;
  /// Answers top-m targets (target.hpp, top > 1): one-sided by Proposition TM-M1
  /// (docs/certified-glr/epsilon-topm.md, section 8), heuristic as the field's practice
  /// (stopping/glr_top_m.hpp).
  bool answers_top_m = false;
};

/// A per-arm boundary of the LS stopping rule.
struct boundary_descriptor {
  stopping::ls_boundary id;
  std::string_view name;
  std::string_view summary;
  bool certified;
  std::string_view statement;
  unsigned models;
  std::string_view models_note;
  rule_cost cost;
  stopping_factory make;
};

namespace rule_factories {
// Defined in lib/src/rules.cpp (each builds one rule class with the parameters run_combination
// documents, and records them in the run_parameters).
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
any_stopping glr_heuristic_ev(const rule_context&, run_parameters&);
any_stopping glr_pooled_weighted(const rule_context&, run_parameters&);
any_stopping glr_gu(const rule_context&, run_parameters&);
any_stopping glr_paired_t(const rule_context&, run_parameters&);
}  // namespace rule_factories

namespace rule_models {
/// Every model whose scale a rule may read (sigma, or the range): all but Gaussian arms of unknown
/// variance.
inline constexpr unsigned any = all_reward_models & ~static_cast<unsigned>(reward_model::gaussian_unknown_variance);
inline constexpr unsigned bernoulli = static_cast<unsigned>(reward_model::bernoulli);
inline constexpr unsigned gaussian = static_cast<unsigned>(reward_model::gaussian);
/// Rewards in a known range: Bernoulli arms, or bounded arms rescaled to [0, 1].
inline constexpr unsigned unit_interval = bernoulli | static_cast<unsigned>(reward_model::bounded);
/// Every model but Bernoulli arms (rules that estimate a variance apart from the mean).
inline constexpr unsigned not_bernoulli = all_reward_models & ~bernoulli;
/// Gaussian arms, their variances known or not (Propositions GU and PT need Gaussian rewards exactly).
inline constexpr unsigned gaussian_any_variance = gaussian | static_cast<unsigned>(reward_model::gaussian_unknown_variance);
}  // namespace rule_models

// ---------------------------------------------------------------------------------------------
// The tables (their order is the order of every listing: help, Python's tuples, messages).

inline constexpr std::array<sampling_descriptor, 16> sampling_rules{{
    {sampling_rule::uniform, "uniform", "round robin over the arms", rule_models::any, "", rule_cost::cheap,
     &rule_factories::uniform},
    {sampling_rule::lilucb, "lilucb", "lil'UCB's index (Figure fig:lilucb)", rule_models::any, "", rule_cost::cheap,
     &rule_factories::lilucb},
    {sampling_rule::lucb1, "lucb1", "LUCB1 (Kalyanakrishnan et al. 2012) at delta = nu", rule_models::any, "",
     rule_cost::cheap, &rule_factories::lucb1},
    {sampling_rule::tas_d, "tas-d", "Track-and-Stop with D-tracking (Garivier & Kaufmann 2016)", rule_models::any, "",
     rule_cost::cheap, &rule_factories::tas_d},
    {sampling_rule::tas_c, "tas-c", "Track-and-Stop with C-tracking (Garivier & Kaufmann 2016)", rule_models::any, "",
     rule_cost::cheap, &rule_factories::tas_c},
    {sampling_rule::ttts, "ttts", "Top-Two Thompson sampling (Russo 2016)", rule_models::any, "", rule_cost::costly,
     &rule_factories::ttts},
    {sampling_rule::t3c, "t3c", "Top-Two transportation cost (Shang et al. 2020)", rule_models::any, "",
     rule_cost::cheap, &rule_factories::t3c, true},
    {sampling_rule::eb_tci, "eb-tci", "Top-Two EB-TCI (Jourdan et al. 2022)", rule_models::any, "", rule_cost::cheap,
     &rule_factories::eb_tci, true},
    {sampling_rule::kl_lucb, "kl-lucb", "KL-LUCB (Kaufmann & Kalyanakrishnan 2013) at delta = nu",
     rule_models::bernoulli, "kl-lucb needs rewards in [0, 1]: Bernoulli arms", rule_cost::costly,
     &rule_factories::kl_lucb},
    {sampling_rule::t3c_ids, "t3c-ids", "T3C with information-directed selection of the leader's share",
     rule_models::any, "", rule_cost::costly, &rule_factories::t3c_ids, true},
    {sampling_rule::eb_tci_ids, "eb-tci-ids", "EB-TCI with information-directed selection of the leader's share",
     rule_models::any, "", rule_cost::costly, &rule_factories::eb_tci_ids, true},
    {sampling_rule::weakest_pair, "weakest-pair",
     "the challenger farthest from passing Proposition M1's statistic (this toolkit's)", rule_models::any, "",
     rule_cost::costly, &rule_factories::weakest_pair},
    {sampling_rule::tas_d_every, "tas-d-every",
     "Track-and-Stop with D-tracking, w* recomputed before every pull (the authors' schedule)", rule_models::any, "",
     rule_cost::costly, &rule_factories::tas_d_every},
    {sampling_rule::tas_c_every, "tas-c-every",
     "Track-and-Stop with C-tracking, w* recomputed before every pull (the authors' schedule)", rule_models::any, "",
     rule_cost::costly, &rule_factories::tas_c_every},
    {sampling_rule::lucb_glr, "lucb-glr",
     "top-m: the less-pulled arm of the (top-m arm, other arm) pair of least GLR evidence (LUCB's pair by the GLR)",
     rule_models::any, "", rule_cost::cheap, &rule_factories::lucb_glr, true, true},
    {sampling_rule::tt_topm, "tt-topm",
     "top-m, Top-Two style: that pair's arms with information-directed shares", rule_models::any, "",
     rule_cost::cheap, &rule_factories::tt_topm, true, true},
}};

inline constexpr std::array<stopping_descriptor, 3> stopping_rules{{
    {stopping_rule::lilucb, "lilucb", "lil'UCB's stopping rule (Figure fig:lilucb; with --sampling lilucb)",
     stopping_parameter::none, true, true,
     "Theorem R (docs/repaired-theorem.md) at certified_setting(nu, 0.01, 1)", &rule_factories::lilucb_stopping},
    {stopping_rule::ls, "ls", "per-arm boundaries and a union bound (Section 5's LS rule; see --boundary)",
     stopping_parameter::boundary, false, false, "", nullptr},
    {stopping_rule::glr, "glr", "the GLR (Chernoff) statistic against a threshold (see --threshold)",
     stopping_parameter::threshold, false, false, "", nullptr},
}};

inline constexpr std::array<threshold_descriptor, 12> glr_thresholds{{
    {glr_threshold::heuristic, "heuristic", "log((1 + log t)/nu), the field's practice", false,
     "none: the heuristic threshold log((1 + log t)/delta) has no proof", rule_models::any, "", false, true,
     rule_cost::cheap, &rule_factories::glr_heuristic, true, true, true},
    {glr_threshold::kk21, "kk21", "Kaufmann-Koolen's threshold (Gaussian arms)", true,
     "Kaufmann & Koolen 2021, Gaussian inequality", rule_models::gaussian,
     "kk21 only on Gaussian arms (Kaufmann-Koolen's Gaussian inequality); heuristic otherwise", false, true,
     rule_cost::cheap, &rule_factories::glr_kk21, true},
    {glr_threshold::mixture, "mixture", "a Gaussian-mixture martingale statistic", true,
     "Proposition M (docs/certified-glr/propositions.md)", rule_models::any, "", true, false, rule_cost::costly,
     &rule_factories::glr_mixture, true},
    {glr_threshold::one_sided, "one-sided", "the same with a half-normal mixture, stops earlier", true,
     "Proposition M1 (docs/certified-glr/propositions.md)", rule_models::any, "", false, false, rule_cost::costly,
     &rule_factories::glr_one_sided, true, true, true},
    {glr_threshold::pooled, "pooled",
     "the one-sided mixture against the leader's pooled pulls at log(1/nu), no union over the wrong answers", true,
     "Proposition P (docs/certified-glr/propositions.md)", rule_models::any, "", false, false, rule_cost::costly,
     &rule_factories::glr_pooled, true},
    {glr_threshold::pooled_per_arm, "pooled-per-arm", "the same with one mixture scale per arm", true,
     "Proposition P2 (docs/certified-glr/propositions.md)", rule_models::any, "", false, false, rule_cost::costly,
     &rule_factories::glr_pooled_per_arm, true},
    {glr_threshold::pooled_kl, "pooled-kl",
     "the pooled rule with Bernoulli tilts: rewards in [0, 1], no sigma, adapts to means near 0 or 1", true,
     "Proposition PK (docs/certified-glr/pooled-kl.md)", rule_models::unit_interval,
     "pooled-kl needs rewards in a known range: Bernoulli arms, or bounded arms (rescaled to [0, 1])", false, false,
     rule_cost::costly, &rule_factories::glr_pooled_kl, false},
    {glr_threshold::pooled_eb, "pooled-eb",
     "the pooled rule with empirical-Bernstein betting: rewards in a known range, no sigma, adapts to the variance",
     true, "Proposition PE (docs/certified-glr/pooled-eb.md)", rule_models::unit_interval,
     "pooled-eb needs rewards in a known range: Bernoulli arms, or bounded arms (rescaled to [0, 1])", false, false,
     rule_cost::costly, &rule_factories::glr_pooled_eb, false},
    {glr_threshold::heuristic_ev, "heuristic-ev",
     "the GLR with the arms' empirical variances (EV-GLR) at log((1 + log t)/nu): the practice for unknown variances",
     false, "none: the empirical-variance GLR with the heuristic threshold has no proof",
     rule_models::not_bernoulli,
     "heuristic-ev is for Gaussian, sub-Gaussian or bounded arms: on Bernoulli arms the variance is the mean's "
     "(use heuristic, whose KL statistic uses it)",
     false, true, rule_cost::cheap, &rule_factories::glr_heuristic_ev, false},
    {glr_threshold::pooled_weighted, "pooled-weighted",
     "pooled-per-arm with predictable weights that un-pool the pulls made while the leader barely led", true,
     "Proposition U (docs/certified-glr/unpooling.md)", rule_models::any, "", false, false, rule_cost::costly,
     &rule_factories::glr_pooled_weighted, true},
    {glr_threshold::gu, "gu",
     "Gaussian rewards of unknown, possibly different variances (--sigma unknown): the t-type GLR minus each arm's "
     "Student-t predictive regret, union over the wrong answers",
     true, "Proposition GU (docs/certified-glr/epsilon-topm.md, section 3)", rule_models::gaussian_any_variance,
     "gu needs Gaussian rewards exactly (a ratio of densities): Gaussian arms, variances known or not", false, false,
     rule_cost::costly, &rule_factories::glr_gu, false, true},
    {glr_threshold::paired_t, "paired-t",
     "Gaussian rewards of unknown, possibly different variances (--sigma unknown): a one-sided t-test Bayes factor "
     "on paired blocks of the two arms' rewards, union over block ratios and the wrong answers",
     true, "Proposition PT (docs/certified-glr/paired-t.md)", rule_models::gaussian_any_variance,
     "paired-t needs Gaussian rewards exactly (Gaussian blocks): Gaussian arms, variances known or not", false, false,
     rule_cost::costly, &rule_factories::glr_paired_t, false, true},
}};

inline constexpr std::array<boundary_descriptor, 4> ls_boundaries{{
    {stopping::ls_boundary::lil, "lil", "the finite-LIL bound (Section 5)", true,
     "Lemma lem:lil with a union bound over the arms", rule_models::any, "", rule_cost::cheap,
     &rule_factories::ls_lil},
    {stopping::ls_boundary::stitched, "stitched", "polynomial stitching (Howard et al. 2021, Theorem 1)", true,
     "Howard et al. 2021, Theorem 1, with a union bound over arms and signs", rule_models::any, "", rule_cost::cheap,
     &rule_factories::ls_stitched},
    {stopping::ls_boundary::mixture, "mixture", "the one-sided normal mixture (Howard et al. 2021, Section 3.2)", true,
     "Howard et al. 2021, Section 3.2, with a union bound over arms and signs", rule_models::any, "",
     rule_cost::costly, &rule_factories::ls_mixture},
    {stopping::ls_boundary::calibrated, "calibrated",
     "stitching calibrated by the crossing engine (Gaussian arms; one calibration per level nu/(2K), about 0.1 s)", true,
     "the crossing computation of docs/boundaries.md with a union bound over arms and signs", rule_models::gaussian,
     "calibrated only on Gaussian arms (its crossing probability is computed for Gaussian rewards); stitched or "
     "mixture otherwise",
     rule_cost::costly, &rule_factories::ls_calibrated},
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
