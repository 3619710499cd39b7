#pragma once
// The arms options shared by `lilucb plan` and `lilucb hardness` (one place: both commands name,
// declare and check them the same way): --means, --model gaussian|bernoulli|bounded (old name
// --arms, which `lilucb study new` spells the number of arms), --sigma S or
// unknown (gaussian), --arm-sigmas S1,...,SK (gaussian), --range LO,HI (bounded, required) and
// --concentration K (bounded).  `lilucb run`, whose instance has other sources, declares and
// reads --arm-sigmas and --sigma unknown with the same functions.

#include "lilucb/bandit/arms_spec.hpp"
#include "lilucb/bandit/reward_model.hpp"

#include <CLI/CLI.hpp>

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace lilucb::cli {

struct arms_cli_options {
  std::string means, model = bandit::model_name(bandit::reward_model::gaussian), sigma, range, concentration, arm_sigmas;
  CLI::Option *range_opt = nullptr, *concentration_opt = nullptr, *sigma_opt = nullptr, *arm_sigmas_opt = nullptr;
};

/// Declares the six options (and --arms, the old name of --model) on `sub`, `sigma_help` the text of --sigma (the command's use of it),
/// `arm_sigmas_use` appended to the help of --arm-sigmas (declare_arm_sigmas_option).
void declare_arms_options(CLI::App& sub, arms_cli_options& o, const std::string& sigma_help,
                          const std::string& arm_sigmas_use);

/// Declares --arm-sigmas on `sub` into `value`: the Gaussian arms' standard deviations, one per arm
/// (applies with --model gaussian; default --sigma for every arm, 0.5 with --sigma unknown), the
/// help ending with `use` (what the command does with them).  Its value reaches the library's
/// sigma and sigmas (errors naming them name the option).
CLI::Option* declare_arm_sigmas_option(CLI::App& sub, std::string& value, const std::string& use);

/// --sigma unknown: whether `sigma` is the word "unknown" (Gaussian arms whose standard deviations
/// the method may not read).  Throws lilucb::domain_error naming `command` and --sigma when it is
/// and `model` is not "gaussian".
bool parse_unknown_variance(const std::string& command, const std::string& sigma, const std::string& model);

/// --arm-sigmas S1,...,SK: one standard deviation per arm (`arms` of them), each in (0, inf).
/// Throws lilucb::domain_error naming `command` and --arm-sigmas otherwise.
std::vector<double> parse_arm_sigmas(const std::string& command, const std::string& text, std::size_t arms);

/// Declares --model on `sub` into `value` (gaussian, bernoulli or bounded; `help` describes the
/// models as the command uses them) and --arms as its old name; returns --model.
CLI::Option* declare_model_option(CLI::App& sub, std::string& value, const std::string& help);

/// The names of the reward models a user chooses by name (reward_model.hpp: chosen_by_name), for
/// the choice of --model (run, plan, hardness, study new).
std::vector<std::string> model_choice_names();

/// What the arms options call each field of an arms specification, for bandit::check_arms_spec's
/// messages: --model, `means_option` (--means, or where `lilucb run`'s instance came from), --sigma,
/// --arm-sigmas, --range, --concentration.
bandit::arms_spec_names arms_option_names(const std::string& means_option);

/// --range LO,HI as two numbers (their range is bandit::check_arms_spec's to check).  Throws
/// lilucb::domain_error naming `command` and --range otherwise.
std::pair<double, double> parse_range(const std::string& command, const std::string& text);

/// The arms the options give, checked by bandit::check_arms_spec (naming the options): the means;
/// for gaussian, sigma (default bandit::default_sigma; the model gaussian_unknown_variance for
/// --sigma unknown) and the sigmas of --arm-sigmas when given; for bounded, --range (required)
/// and --concentration (default bandit::bounded_arms::default_concentration).  The arm sets'
/// constructors and T* check the rest later.  Throws lilucb::domain_error naming `command` and
/// the option.
bandit::arms_spec parse_arms_options(const std::string& command, const arms_cli_options& o);

}  // namespace lilucb::cli
