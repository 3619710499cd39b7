#pragma once
// The reward models: what a run's or a study's rewards are, declared once.  The rule registry's
// domains (rules.hpp: a descriptor's `models` is a bit set of these), the arms specification and
// its factory (arms_spec.hpp), the study's settings (identification.hpp), the CLI's --model and
// Python's model names all read this table.
//
// Adding a reward model: one enumerator and one row here, its arm set class (arms.hpp), one case of
// visit_arms (arms_spec.hpp) and of check_arms_spec (lib/src/arms_spec.cpp), and its recommended
// certified method in rules.hpp's descriptors (docs/architecture.md, "Adding a reward model").

#include <array>
#include <string>
#include <string_view>

namespace lilucb::bandit {

/// The reward model of a run's arms, as the rules' domains name it: Gaussian arms
/// (gaussian_arms), Bernoulli arms (bernoulli_arms), any other arms whose rewards are
/// sigma-sub-Gaussian (a user's arm type), or rewards known to lie in a range [lo, hi], lo < hi
/// finite (bounded_arms; (hi - lo)/2-sub-Gaussian by Hoeffding's lemma, and rescaled to [0, 1] as
/// (y - lo)/(hi - lo) for the rules certified for rewards in [0, 1]).  A rule descriptor's `models`
/// is a bit set of these.  gaussian_unknown_variance: Gaussian arms whose standard deviations
/// (possibly different) the rules may not read (run_options::unknown_variance): no rule that reads
/// sigma is offered there (rule_models::any excludes it), sampling rules run at a nominal scale
/// (combination.hpp, admits), and PT, GU (certified) and heuristic-ev (the practice) stop.
enum class reward_model : unsigned { gaussian = 1u, bernoulli = 2u, sub_gaussian = 4u, bounded = 8u,
                                     gaussian_unknown_variance = 16u };

/// One reward model's names.
struct reward_model_descriptor {
  reward_model id;
  /// Its name as a user types it and files store it: `--model`, Python's `model=` (and `arms=`),
  /// a study's state, `--json`'s "arms"; and the keys of Python's rule records.
  const char* name;
  /// Its name in prose and tables ("Gaussian", docs/generated/rules.md).
  const char* title;
  /// Whether a user chooses it by name (`--model NAME`): the models with an arm set of their own.
  /// gaussian_unknown_variance is chosen as gaussian with sigma unknown; sub_gaussian is a user's
  /// own arm type.
  bool chosen_by_name;
};

/// The rows in the order records and lists print them (Python's lilucb.rules()).
inline constexpr std::array<reward_model_descriptor, 5> reward_models{{
    {reward_model::gaussian, "gaussian", "Gaussian", true},
    {reward_model::sub_gaussian, "sub_gaussian", "sub-Gaussian", false},
    {reward_model::bernoulli, "bernoulli", "Bernoulli", true},
    {reward_model::bounded, "bounded", "bounded", true},
    {reward_model::gaussian_unknown_variance, "gaussian_unknown_variance", "Gaussian (unknown variance)", false},
}};

/// The bit set of every reward model.
inline constexpr unsigned all_reward_models = [] {
  unsigned s = 0;
  for (const auto& d : reward_models) s |= static_cast<unsigned>(d.id);
  return s;
}();

/// Whether the bit set `models` holds m.
constexpr bool accepts(unsigned models, reward_model m) { return (models & static_cast<unsigned>(m)) != 0; }

constexpr const reward_model_descriptor& describe(reward_model m) {
  for (const auto& d : reward_models)
    if (d.id == m) return d;
  return reward_models[0];  // unreachable: every enumerator has a row (checked below)
}

/// The title: "Gaussian", "Bernoulli", "sub-Gaussian", "bounded", "Gaussian (unknown variance)".
constexpr const char* to_string(reward_model m) { return describe(m).title; }

/// The name as typed: "gaussian", "bernoulli", "sub_gaussian", "bounded", "gaussian_unknown_variance".
constexpr const char* model_name(reward_model m) { return describe(m).name; }

/// "{gaussian, bernoulli, bounded}": the names a user may choose (chosen_by_name), for messages.
std::string model_choices();

/// The model a user names (one chosen_by_name).  Throws lilucb::domain_error naming `function`,
/// `parameter`, the text and model_choices() otherwise.
reward_model parse_reward_model(const char* function, const char* parameter, std::string_view name);

namespace detail {
constexpr bool reward_model_table_is_complete() {
  unsigned seen = 0;
  for (const auto& d : reward_models) {
    const unsigned bit = static_cast<unsigned>(d.id);
    if (bit == 0 || (bit & (bit - 1)) != 0 || (seen & bit) != 0) return false;  // one bit each, once
    seen |= bit;
  }
  return seen == (1u << reward_models.size()) - 1;  // the enumerators are the first bits, one row each
}
static_assert(reward_model_table_is_complete(), "each reward_model enumerator is one bit with exactly one row");
}  // namespace detail

}  // namespace lilucb::bandit
