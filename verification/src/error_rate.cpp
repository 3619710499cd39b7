// The error-rate estimator and its one rule for budget hits (error_rate.hpp).

#include "lilucb_verification/error_rate.hpp"

#include "support.hpp"

#include "lilucb/bandit/arms.hpp"  // bandit::run_engine, bandit::normal_stream
#include "lilucb/bandit/arms_spec.hpp"
#include "lilucb/bandit/compose.hpp"
#include "lilucb/bandit/parallel.hpp"
#include "lilucb/bandit/scenarios.hpp"
#include "lilucb/clopper_pearson.hpp"
#include "lilucb/errors.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <numbers>
#include <numeric>
#include <sstream>

namespace lilucb::verification {

using namespace lilucb::verification::detail;
using lilucb::detail::format_value;
using lilucb::detail::raise_domain_error;

void check_configuration(const char* fn, const configuration& c) {
  if (c.arms != bandit::reward_model::gaussian && c.arms != bandit::reward_model::bernoulli)
    raise_domain_error(fn, "configuration.arms", bandit::model_name(c.arms), "{gaussian, bernoulli}");
  if (c.means.size() < 2)
    raise_domain_error(fn, "configuration.means.size()", std::to_string(c.means.size()), "[2, 2^32] arms");
  for (std::size_t i = 0; i < c.means.size(); ++i) {
    const double m = c.means[i];
    const std::string name = "configuration.means[" + std::to_string(i) + "]";
    if (!std::isfinite(m)) raise_domain_error(fn, name.c_str(), format_value(m), "a finite real number");
    if (c.arms == bandit::reward_model::bernoulli && !(m >= 0 && m <= 1))
      raise_domain_error(fn, name.c_str(), format_value(m), "[0, 1] for Bernoulli arms");
  }
  const double top = *std::max_element(c.means.begin(), c.means.end());
  if (std::count(c.means.begin(), c.means.end(), top) != 1)
    raise_domain_error(fn, "configuration.means", "largest mean " + format_value(top) + " shared by several arms",
                       "a unique best arm");
  if (c.arms == bandit::reward_model::gaussian && !(std::isfinite(c.sigma) && c.sigma > 0))
    raise_domain_error(fn, "configuration.sigma", format_value(c.sigma), "(0, inf)");
  check_nu(fn, "configuration.nu", c.nu);
}

std::size_t best_arm(const configuration& c) {
  return static_cast<std::size_t>(std::max_element(c.means.begin(), c.means.end()) - c.means.begin());
}

double min_gap(const configuration& c) {
  const std::size_t b = best_arm(c);
  double g = INFINITY;
  for (std::size_t i = 0; i < c.means.size(); ++i)
    if (i != b) g = std::min(g, c.means[b] - c.means[i]);
  return g;
}

std::string describe(const configuration& c) {
  std::ostringstream os;
  os << bandit::model_name(c.arms);
  if (c.arms == bandit::reward_model::gaussian) os << "(sigma=" << exact(c.sigma) << ")";
  os << " nu=" << exact(c.nu) << " means=[";
  for (std::size_t i = 0; i < c.means.size(); ++i) os << (i ? ", " : "") << exact(c.means[i]);
  os << "] (n=" << c.means.size() << ", best arm " << best_arm(c) << ", min gap " << fmt(min_gap(c), 6) << ")";
  return os.str();
}

namespace {
// The configuration's arms (Gaussian at sigma, or Bernoulli).
bandit::arms_spec arms_of(const configuration& c) {
  bandit::arms_spec a;
  a.model = c.arms;
  a.means = c.means;
  a.sigma = c.sigma;
  return a;
}
}  // namespace

run_function algorithm_runner(bandit::algorithm alg) {
  return [alg](const configuration& c, const bandit::run_options& o) {
    return bandit::visit_arms(arms_of(c), [&](const auto& arms) { return bandit::run_algorithm(alg, arms, o); });
  };
}

run_function combination_runner(const bandit::combination& combination) {
  return [combination](const configuration& c, const bandit::run_options& o) {
    return bandit::visit_arms(arms_of(c), [&](const auto& arms) { return bandit::run_combination(combination, arms, o).run; });
  };
}

std::string error_rate_estimate::summary() const {
  std::ostringstream os;
  os << stopped_wrong << "/" << runs << " runs stopped on a wrong arm (rate " << fmt(rate()) << "), "
     << budget_exhausted << " hit the budget " << budget << " (" << budget_exhausted_wrong
     << " with a wrong guess); one-sided Clopper-Pearson at level " << fmt(alpha)
     << ": P(wrong) >= " << fmt(lower) << ", P(wrong) <= " << fmt(upper) << "; mean pulls " << fmt(mean_pulls)
     << ", max pulls " << max_pulls;
  return os.str();
}

error_rate_estimate estimate_error_rate(const run_function& run, const configuration& c,
                                        const estimate_options& options) {
  constexpr const char* fn = "lilucb::verification::estimate_error_rate";
  if (!run) raise_domain_error(fn, "run", "empty", "a callable run function");
  check_configuration(fn, c);
  if (options.runs < 1) raise_domain_error(fn, "options.runs", "0", "[1, 2^40]");
  if (options.runs > (std::uint64_t{1} << 40))
    raise_domain_error(fn, "options.runs", std::to_string(options.runs), "[1, 2^40]");
  if (options.max_pulls < 1)
    raise_domain_error(fn, "options.max_pulls", "0", "[1, 2^64) (a budget is mandatory: a run need not stop)");
  check_alpha(fn, options.alpha);

  const std::size_t n = c.means.size();
  std::vector<run_outcome> out(options.runs);
  bandit::parallel_for(options.runs, options.threads, [&](std::size_t k) {
    bandit::run_options o;
    o.nu = c.nu;
    o.seed = options.seed;
    o.run = options.first_run + k;
    o.max_pulls = options.max_pulls;
    const bandit::run_result r = run(c, o);
    if (r.best_arm >= n || r.pulls > options.max_pulls) {
      const std::string name = "run " + std::to_string(o.run);
      raise_domain_error(fn, name.c_str(),
                         "best_arm " + std::to_string(r.best_arm) + ", pulls " + std::to_string(r.pulls),
                         "an arm in [0, " + std::to_string(n) + ") and at most max_pulls pulls");
    }
    out[k] = outcome_of(r);
  });
  return tally_error_rate(out, best_arm(c), c.nu, options.alpha, options.max_pulls);
}

run_outcome outcome_of(const bandit::run_result& r) {
  return {r.pulls, r.best_arm, r.status == bandit::run_status::budget_exhausted};
}

error_rate_estimate tally_error_rate(const std::vector<run_outcome>& runs, std::size_t best, double nu, double alpha,
                                     std::uint64_t budget) {
  constexpr const char* fn = "lilucb::verification::tally_error_rate";
  if (runs.empty()) raise_domain_error(fn, "runs.size()", "0", "[1, 2^40] runs");
  if (!(nu >= 0 && nu <= 1)) raise_domain_error(fn, "nu", format_value(nu), "[0, 1]");
  check_alpha(fn, alpha);
  error_rate_estimate e;
  e.runs = runs.size();
  e.budget = budget;
  e.alpha = alpha;
  e.nu = nu;
  double pulls = 0;
  for (const run_outcome& r : runs) {
    pulls += double(r.pulls);
    e.max_pulls = std::max(e.max_pulls, r.pulls);
    if (r.budget_exhausted) {
      ++e.budget_exhausted;
      e.budget_exhausted_wrong += r.answer != best;
    } else {
      e.stopped_wrong += r.answer != best;
    }
  }
  e.mean_pulls = pulls / double(e.runs);
  e.lower = clopper_pearson_lower(e.stopped_wrong, e.runs, e.alpha);
  e.upper = clopper_pearson_upper(e.stopped_wrong + e.budget_exhausted, e.runs, e.alpha);
  e.rejects = binomial_test_rejects(e.stopped_wrong, e.runs, nu, e.alpha);
  e.critical_count = binomial_critical_count(e.runs, nu, e.alpha);
  return e;
}


}  // namespace lilucb::verification
