#include "arms_options.hpp"

#include "cli_support.hpp"

#include "lilucb/bandit/arms.hpp"
#include "lilucb/bandit/defaults.hpp"
#include "lilucb/errors.hpp"

#include <cmath>
#include <limits>

namespace lilucb::cli {

void declare_arms_options(CLI::App& sub, arms_cli_options& o, const std::string& sigma_help) {
  constexpr double inf = std::numeric_limits<double>::infinity();
  declare_option(sub.add_option("--means", o.means, "comma-separated means with a unique largest one")->required(),
                 real_list_spec());
  declare_option(sub.add_option("--arms", o.arms,
                                "gaussian (default), bernoulli, or bounded (Beta rewards in --range, as `lilucb run`)"),
                 choice_spec({"gaussian", "bernoulli", "bounded"}).defaults_to(o.arms));
  o.sigma_opt = declare_option(sub.add_option("--sigma", o.sigma, sigma_help),
                               real_spec(0, false, inf, false).when("--arms", {"gaussian"}).defaults_to(text_number(bandit::default_sigma)));
  o.range_opt = declare_option(
      sub.add_option("--range", o.range, "--arms bounded (required): LO,HI, the rewards' range; the means lie strictly inside"),
      real_list_spec().when("--arms", {"bounded"}).defaults_to(no_default));
  o.concentration_opt = declare_option(
      sub.add_option("--concentration", o.concentration, "--arms bounded: the Beta concentration K > 0 (default 9)"),
      real_spec(0, false, inf, false).when("--arms", {"bounded"}).defaults_to(text_number(bandit::bounded_arms::default_concentration)));
}

experiments::plan_arms parse_arms_options(const std::string& command, const arms_cli_options& o) {
  experiments::plan_arms a;
  a.means = parse_real_list("--means", o.means);
  if (o.arms == "gaussian") {
    a.model = bandit::reward_model::gaussian;
    a.sigma = o.sigma.empty() ? bandit::default_sigma : parse_real("--sigma", o.sigma, "(0, inf)");
    check_positive(command.c_str(), "--sigma", a.sigma);
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
