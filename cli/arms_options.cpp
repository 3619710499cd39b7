#include "arms_options.hpp"

#include "cli_support.hpp"

#include "lilucb/bandit/arms.hpp"
#include "lilucb/bandit/defaults.hpp"
#include "lilucb/errors.hpp"

#include <cmath>
#include <limits>

namespace lilucb::cli {

void declare_arms_options(CLI::App& sub, arms_cli_options& o, const std::string& sigma_help,
                          const std::string& arm_sigmas_use) {
  constexpr double inf = std::numeric_limits<double>::infinity();
  declare_option(sub.add_option("--means", o.means, "comma-separated means with a unique largest one")->required(),
                 real_list_spec());
  declare_option(sub.add_option("--arms", o.arms,
                                "gaussian (default), bernoulli, or bounded (Beta rewards in --range, as `lilucb run`)"),
                 choice_spec({"gaussian", "bernoulli", "bounded"}).defaults_to(o.arms));
  o.sigma_opt = declare_option(sub.add_option("--sigma", o.sigma, sigma_help),
                               real_spec(0, false, inf, false)
                                   .or_words({"unknown"})
                                   .when("--arms", {"gaussian"})
                                   .defaults_to(text_number(bandit::default_sigma)));
  o.arm_sigmas_opt = declare_arm_sigmas_option(sub, o.arm_sigmas, arm_sigmas_use);
  o.range_opt = declare_option(
      sub.add_option("--range", o.range, "--arms bounded (required): LO,HI, the rewards' range; the means lie strictly inside"),
      real_list_spec().when("--arms", {"bounded"}).defaults_to(no_default));
  o.concentration_opt = declare_option(
      sub.add_option("--concentration", o.concentration, "--arms bounded: the Beta concentration K > 0 (default 9)"),
      real_spec(0, false, inf, false).when("--arms", {"bounded"}).defaults_to(text_number(bandit::bounded_arms::default_concentration)));
}

CLI::Option* declare_arm_sigmas_option(CLI::App& sub, std::string& value, const std::string& use) {
  std::string help = "--arms gaussian: the arms' standard deviations S1,...,SK, one per arm, each > 0 (default: --sigma "
                     "for every arm, ";
  help += text_number(bandit::default_sigma);
  help += " with --sigma unknown); ";
  help += use;
  return declare_option(sub.add_option("--arm-sigmas", value, help),
                        real_list_spec()
                            .when("--arms", {"gaussian"})
                            .defaults_to("--sigma for every arm")
                            .feeding({"sigma", "sigmas"}));
}

bool parse_unknown_variance(const std::string& command, const std::string& sigma, const std::string& arms) {
  if (sigma != "unknown") return false;
  if (arms != "gaussian")
    throw lilucb::domain_error(command, "--sigma", sigma,
                               "a real in (0, inf) with --arms " + arms + " (unknown only with --arms gaussian)");
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

experiments::plan_arms parse_arms_options(const std::string& command, const arms_cli_options& o) {
  experiments::plan_arms a;
  a.means = parse_real_list("--means", o.means);
  if (o.arms == "gaussian") {
    const bool unknown = parse_unknown_variance(command, o.sigma, o.arms);
    a.model = unknown ? bandit::reward_model::gaussian_unknown_variance : bandit::reward_model::gaussian;
    a.sigma = o.sigma.empty() || unknown ? bandit::default_sigma : parse_real("--sigma", o.sigma, "(0, inf) or unknown");
    check_positive(command.c_str(), "--sigma", a.sigma);
    if (o.arm_sigmas_opt && o.arm_sigmas_opt->count() > 0) a.sigmas = parse_arm_sigmas(command, o.arm_sigmas, a.means.size());
  } else if (o.arms == "bernoulli") {
    a.model = bandit::reward_model::bernoulli;
  } else if (o.arms == "bounded") {
    a.model = bandit::reward_model::bounded;
    if (o.range_opt->count() == 0)
      throw lilucb::domain_error(command, "--range", "(missing)", "LO,HI with LO < HI finite, with --arms bounded");
    const auto r = parse_real_list("--range", o.range);
    if (r.size() != 2 || !(r[0] < r[1]) || !std::isfinite(r[1] - r[0]) || !((r[1] - r[0]) / 2 > 0))
      throw lilucb::domain_error(command, "--range", o.range, "LO,HI with LO < HI, both finite, HI - LO finite and (HI - LO)/2 > 0");
    a.lo = r[0];
    a.hi = r[1];
    a.concentration = o.concentration_opt->count() > 0 ? parse_real("--concentration", o.concentration, "(0, inf)")
                                                        : bandit::bounded_arms::default_concentration;
    for (std::size_t i = 0; i < a.means.size(); ++i)
      if (!(a.means[i] > a.lo && a.means[i] < a.hi))
        throw lilucb::domain_error(command, "--means[" + std::to_string(i) + "]", text_number(a.means[i]),
                                   "means strictly inside --range (" + text_number(a.lo) + ", " + text_number(a.hi) + ")");
  } else {
    throw lilucb::domain_error(command, "--arms", o.arms, "{gaussian, bernoulli, bounded}");
  }
  return a;
}

}  // namespace lilucb::cli
