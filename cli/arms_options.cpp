#include "arms_options.hpp"

#include "cli_support.hpp"

#include "lilucb/bandit/arms.hpp"
#include "lilucb/bandit/arms_spec.hpp"
#include "lilucb/bandit/reward_model.hpp"
#include "lilucb/bandit/defaults.hpp"
#include "lilucb/errors.hpp"

#include <cmath>
#include <limits>
#include <tuple>

namespace lilucb::cli {

void declare_arms_options(CLI::App& sub, arms_cli_options& o, const std::string& sigma_help,
                          const std::string& arm_sigmas_use) {
  constexpr double inf = std::numeric_limits<double>::infinity();
  declare_option(sub.add_option("--means", o.means, "comma-separated means with a unique largest one")->required(),
                 real_list_spec());
  declare_model_option(sub, o.model, "gaussian (default), bernoulli, or bounded (Beta rewards in --range, as `lilucb run`)");
  o.sigma_opt = declare_option(sub.add_option("--sigma", o.sigma, sigma_help),
                               real_spec(0, false, inf, false)
                                   .or_words({"unknown"})
                                   .when("--model", {bandit::model_name(bandit::reward_model::gaussian)})
                                   .defaults_to(text_number(bandit::default_sigma)));
  o.arm_sigmas_opt = declare_arm_sigmas_option(sub, o.arm_sigmas, arm_sigmas_use);
  o.range_opt = declare_option(
      sub.add_option("--range", o.range, "--model bounded (required): LO,HI, the rewards' range; the means lie strictly inside"),
      real_list_spec().when("--model", {bandit::model_name(bandit::reward_model::bounded)}).defaults_to(no_default));
  o.concentration_opt = declare_option(
      sub.add_option("--concentration", o.concentration, "--model bounded: the Beta concentration K > 0 (default 9)"),
      real_spec(0, false, inf, false).when("--model", {bandit::model_name(bandit::reward_model::bounded)}).defaults_to(text_number(bandit::bounded_arms::default_concentration)));
}

CLI::Option* declare_arm_sigmas_option(CLI::App& sub, std::string& value, const std::string& use) {
  std::string help = "--model gaussian: the arms' standard deviations S1,...,SK, one per arm, each > 0 (default: --sigma "
                     "for every arm, ";
  help += text_number(bandit::default_sigma);
  help += " with --sigma unknown); ";
  help += use;
  return declare_option(sub.add_option("--arm-sigmas", value, help),
                        real_list_spec()
                            .when("--model", {bandit::model_name(bandit::reward_model::gaussian)})
                            .defaults_to("--sigma for every arm")
                            .feeding({"sigma", "sigmas"}));
}

bool parse_unknown_variance(const std::string& command, const std::string& sigma, const std::string& model) {
  if (sigma != "unknown") return false;
  if (model != bandit::model_name(bandit::reward_model::gaussian)) {
    std::string admissible = "a real in (0, inf) with --model ";
    admissible += model;
    admissible += " (unknown only with --model gaussian)";
    throw lilucb::domain_error(command, "--sigma", sigma, admissible);
  }
  return true;
}

std::vector<double> parse_arm_sigmas(const std::string& command, const std::string& text, std::size_t arms) {
  auto s = parse_real_list("--arm-sigmas", text);
  if (s.size() != arms)
    throw lilucb::domain_error(command, "--arm-sigmas", text, "one standard deviation per arm (" + std::to_string(arms) + ")");
  for (double x : s)
    if (!(x > 0) || !std::isfinite(x)) throw lilucb::domain_error(command, "--arm-sigmas", text, "standard deviations in (0, inf)");
  return s;
}

CLI::Option* declare_model_option(CLI::App& sub, std::string& value, const std::string& help) {
  CLI::Option* model = declare_option(sub.add_option("--model", value, help),
                                      choice_spec(model_choice_names()).defaults_to(value));
  declare_old_name(sub, "--arms", model, value);
  return model;
}

std::vector<std::string> model_choice_names() {
  std::vector<std::string> names;
  for (const auto& d : bandit::reward_models)
    if (d.chosen_by_name) names.emplace_back(d.name);
  return names;
}

bandit::arms_spec_names arms_option_names(const std::string& means_option) {
  return {"--model", means_option, "--sigma", "--arm-sigmas", "--range", "--concentration"};
}

std::pair<double, double> parse_range(const std::string& command, const std::string& text) {
  const auto r = parse_real_list("--range", text);
  if (r.size() != 2) throw lilucb::domain_error(command, "--range", text, "two numbers LO,HI with LO < HI, both finite");
  return {r[0], r[1]};
}

bandit::arms_spec parse_arms_options(const std::string& command, const arms_cli_options& o) {
  bandit::arms_spec a;
  a.means = parse_real_list("--means", o.means);
  a.model = bandit::parse_reward_model(command.c_str(), "--model", o.model);
  if (a.model == bandit::reward_model::gaussian) {
    if (parse_unknown_variance(command, o.sigma, o.model)) a.model = bandit::reward_model::gaussian_unknown_variance;
    else if (!o.sigma.empty()) a.sigma = parse_real("--sigma", o.sigma, "(0, inf) or unknown");
    if (o.arm_sigmas_opt && o.arm_sigmas_opt->count() > 0) a.sigmas = parse_arm_sigmas(command, o.arm_sigmas, a.means.size());
  } else if (a.model == bandit::reward_model::bounded) {
    if (o.range_opt->count() == 0)
      throw lilucb::domain_error(command, "--range", "(missing)", "LO,HI with LO < HI finite, with --model bounded");
    std::tie(a.lo, a.hi) = parse_range(command, o.range);
    if (o.concentration_opt->count() > 0) a.concentration = parse_real("--concentration", o.concentration, "(0, inf)");
  }
  bandit::check_arms_spec(command.c_str(), a, arms_option_names("--means"));
  return a;
}

}  // namespace lilucb::cli
