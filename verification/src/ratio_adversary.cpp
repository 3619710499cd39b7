// The ratio-steering adversary and its runner (ratio_adversary.hpp).

#include "lilucb_verification/ratio_adversary.hpp"

#include "lilucb/bandit/any_rule.hpp"
#include "lilucb/bandit/arms.hpp"
#include "lilucb/bandit/compose.hpp"
#include "lilucb/errors.hpp"

#include <cmath>

namespace lilucb::verification {

using lilucb::detail::format_value;
using lilucb::detail::raise_domain_error;

ratio_steering_sampler::ratio_steering_sampler(const std::vector<double>& means, double sigma) {
  constexpr const char* fn = "lilucb::verification::ratio_steering_sampler";
  if (means.size() != 2) raise_domain_error(fn, "means.size()", std::to_string(means.size()), "2 arms");
  if (!(std::isfinite(means[0]) && std::isfinite(means[1]) && means[0] != means[1]))
    raise_domain_error(fn, "means", format_value(means[0]) + ", " + format_value(means[1]),
                       "two distinct finite means");
  if (!(std::isfinite(sigma) && sigma > 0)) raise_domain_error(fn, "sigma", format_value(sigma), "(0, inf)");
  best_ = means[0] > means[1] ? 0 : 1;
  other_ = 1 - best_;
  mu_[0] = means[0];
  mu_[1] = means[1];
  sigma_ = sigma;
}

void ratio_steering_sampler::observe(std::size_t, const bandit::arm_stats& s) {
  for (std::size_t i = 0; i < 2; ++i) {
    n_[i] = static_cast<double>(s.count(i));
    u_[i] = n_[i] > 0 ? std::sqrt(n_[i]) * (s.mean(i) - mu_[i]) / sigma_ : 0.0;
  }
}

std::size_t ratio_steering_sampler::choose() const {
  const double ub = u_[best_], uo = u_[other_];
  const bool b_wrong = ub < 0, o_wrong = uo > 0;  // each deviation favours the wrong answer
  if (b_wrong && o_wrong) return n_[best_] < (uo * uo) / (ub * ub) * n_[other_] ? best_ : other_;
  if (b_wrong) return other_;
  if (o_wrong) return best_;
  return n_[best_] <= n_[other_] ? best_ : other_;
}

std::string stopping_name(const bandit::combination& c) {
  const std::string name = bandit::to_string(c);
  return name.substr(name.find('+') + 1);
}

run_function ratio_adversary_runner(const bandit::combination& stopping) {
  constexpr const char* fn = "lilucb::verification::ratio_adversary_runner";
  bandit::combination comb = stopping;
  comb.sampling = bandit::sampling_rule::uniform;  // any sampling rule but lil'UCB's: the check below
  if (comb.stopping == bandit::stopping_rule::lilucb)
    raise_domain_error(fn, "stopping", "lilucb", "a stopping rule that runs with any sampling rule (glr or ls)");
  bandit::check_combination(fn, comb, bandit::reward_model::gaussian);
  return [comb](const configuration& c, const bandit::run_options& o) {
    constexpr const char* run_fn = "lilucb::verification::ratio_adversary_runner (run)";
    if (c.arms != bandit::reward_model::gaussian || c.means.size() != 2)
      raise_domain_error(run_fn, "configuration", describe(c), "two Gaussian arms");
    const bandit::gaussian_arms arms(c.means, c.sigma);
    bandit::rule_context ctx;
    ctx.arms = 2;
    ctx.sigma = c.sigma;
    ctx.nu = o.nu;
    ctx.model = bandit::reward_model::gaussian;
    ctx.stopping = comb.stopping;
    ctx.rho = comb.rho;
    ctx.inner = o.inner;
    bandit::run_parameters p;
    p.nu = ctx.nu;
    p.sigma = ctx.sigma;
    const auto& rule = bandit::describe(comb.stopping);
    const bandit::stopping_factory make = rule.takes == bandit::stopping_parameter::threshold
                                              ? bandit::describe(comb.threshold).make
                                              : bandit::describe(comb.boundary).make;
    bandit::any_stopping stop = make(ctx, p);
    ratio_steering_sampler sampler(c.means, c.sigma);
    bandit::run_options opts = o;
    opts.sigma = c.sigma;
    return bandit::run_composed(arms, sampler, stop, opts).run;
  };
}

}  // namespace lilucb::verification
