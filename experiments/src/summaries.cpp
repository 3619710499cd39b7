// The aggregations of the runs (summaries.hpp).

#include "lilucb_experiments/summaries.hpp"

#include "lilucb_experiments/statistics.hpp"

#include "lilucb/bandit/arms.hpp"
#include "lilucb/theory/characteristic_time.hpp"
#include "lilucb/theory/characteristic_time_unknown_variance.hpp"
#include "lilucb/errors.hpp"
#include "lilucb/theory/instance.hpp"

#include <algorithm>
#include <limits>
#include <map>
#include <string>
#include <tuple>

namespace lilucb::experiments {

namespace {

using cell_key = std::tuple<bandit::algorithm, std::string, std::uint64_t>;

std::map<cell_key, std::vector<const run_row*>> by_cell(const std::vector<run_row>& rows) {
  std::map<cell_key, std::vector<const run_row*>> groups;
  for (const auto& r : rows) groups[{r.algorithm, r.scenario, r.n}].push_back(&r);
  return groups;
}

}  // namespace

namespace {
/// Mean, median with its distribution-free 95% interval, quartiles of the pulls (censored runs at
/// their budget), stopped/censored/error counts and the error rate with its Clopper-Pearson 95%
/// interval: the one aggregation of a cell.
template <class Summary>
void aggregate(Summary& s, const std::vector<const run_row*>& runs) {
  std::vector<double> p;
  for (const auto* r : runs) {
    p.push_back(static_cast<double>(r->pulls));
    if (r->status == run_status::budget_exhausted) {
      ++s.censored;
    } else {
      ++s.stopped;
      if (!r->correct) ++s.errors;
    }
  }
  s.runs = p.size();
  double sum = 0;
  for (double x : p) sum += x;
  s.mean = sum / static_cast<double>(p.size());
  s.median = quantile(p, 0.5);
  s.q1 = quantile(p, 0.25);
  s.q3 = quantile(p, 0.75);
  if (const auto ci = median_interval(p)) {
    s.median_low = ci->low;
    s.median_high = ci->high;
  }
  s.error_rate = s.stopped ? static_cast<double>(s.errors) / static_cast<double>(s.stopped) : 0.0;
  const auto ci = clopper_pearson(s.errors, s.stopped);
  s.error_low = ci.low;
  s.error_high = ci.high;
}
}  // namespace

std::vector<stopping_summary> summarize_stopping_times(const experiment_config& c, const std::vector<run_row>& rows) {
  const auto groups = by_cell(rows);
  std::vector<stopping_summary> out;
  for (auto a : c.algorithms)
    for (const auto& sc : c.scenarios)
      for (auto n : c.sizes) {
        const auto it = groups.find({a, sc.label, n});
        if (it == groups.end()) continue;
        stopping_summary s;
        s.algorithm = bandit::to_string(a);
        s.scenario = sc.label;
        s.n = n;
        s.h1 = lilucb::hardness_h1(scenario_means(sc, n, c.gap));
        aggregate(s, it->second);
        out.push_back(s);
      }
  return out;
}


std::vector<modern_summary> summarize_modern(const experiment_config& c, const std::vector<run_row>& rows) {
  std::map<std::tuple<std::string, std::string, double>, std::vector<const run_row*>> groups;
  for (const auto& r : rows) groups[{r.method, r.scenario, r.delta}].push_back(&r);
  std::vector<modern_summary> out;
  for (const auto& m : c.methods)
    for (std::size_t i = 0; i < c.instances.size(); ++i) {
      const auto in = instance_of(c, i);
      // Bounded instances are Beta arms in [0, 1] (plan.cpp): T* of that family.  An epsilon-good
      // question: T*_eps (Gaussian or Bernoulli instances; validate() refuses the others).
      const bool eps = !c.target.best_arm();
      const auto shift = c.target.relative ? lilucb::epsilon_shift::relative : lilucb::epsilon_shift::additive;
      // A top-m question: T*_m (Gaussian or Bernoulli instances; additive epsilon; instances of
      // unknown variances: T*_m of their laws with the variances known, a lower bound below that
      // model's own, which is not computed).
      const double t_star =
          c.target.top_m()
              ? (in.model == bandit::reward_model::bernoulli
                     ? lilucb::characteristic_time_top_m_bernoulli(in.means, c.target.top, c.target.epsilon).t_star
                 : in.model == bandit::reward_model::gaussian_unknown_variance
                     ? lilucb::characteristic_time_top_m_gaussian(in.means, in.sigmas, c.target.top, c.target.epsilon)
                           .t_star
                     : lilucb::characteristic_time_top_m_gaussian(in.means, in.sigma, c.target.top, c.target.epsilon)
                           .t_star)
          : eps ? (in.model == bandit::reward_model::bernoulli
                     ? lilucb::characteristic_time_epsilon_bernoulli(in.means, c.target.epsilon, shift).t_star
                     : lilucb::characteristic_time_epsilon_gaussian(in.means, in.sigma, c.target.epsilon, shift).t_star)
          : in.model == bandit::reward_model::bernoulli ? lilucb::characteristic_time_bernoulli(in.means).t_star
          : in.model == bandit::reward_model::bounded
              ? lilucb::characteristic_time_beta(in.means, bandit::bounded_arms::default_concentration).t_star
          : in.model == bandit::reward_model::gaussian_unknown_variance
              ? lilucb::characteristic_time_gaussian_unknown_variance(in.means, in.sigmas).t_star
              : lilucb::characteristic_time_gaussian(in.means, in.sigma).t_star;
      for (double delta : c.deltas) {
        const auto it = groups.find({m.label, in.label, delta});
        if (it == groups.end()) continue;
        modern_summary s;
        s.method = m.label;
        s.instance = in.label;
        s.delta = delta;
        s.certified = m.certified();
        s.arms = in.means.size();
        // An epsilon-good question: H1 of the gaps raised by the slack (question_h1).
        s.h1 = question_h1(in.means, c.target);
        s.t_star = t_star;
        s.lower_bound = c.target.top_m() ? lilucb::top_m_lower_bound(t_star, delta)
                        : eps            ? lilucb::epsilon_good_lower_bound(t_star, delta)
                                         : lilucb::bai_lower_bound(t_star, delta);
        s.predicted = predicted_stopping_time(m, t_star, delta, in.means.size());
        aggregate(s, it->second);
        out.push_back(std::move(s));
      }
    }
  return out;
}

std::uint64_t arms_of(const scenario& s, std::uint64_t n) { return s.sparse ? n : n + 1; }

std::vector<std::uint64_t> anytime_checkpoints(const experiment_config& c, const scenario& s, std::uint64_t n,
                                               std::uint64_t window) {
  return log_checkpoints(window, c.checkpoints_per_decade, std::min<std::uint64_t>(window, arms_of(s, n)));
}

anytime_summary summarize_anytime(const experiment_config& c, const std::vector<run_row>& rows,
                                  const std::vector<window_row>& windows) {
  const auto groups = by_cell(rows);
  anytime_summary out;
  for (const auto& sc : c.scenarios)
    for (auto n : c.sizes) {
      const auto w = std::find_if(windows.begin(), windows.end(),
                                  [&](const window_row& x) { return x.scenario == sc.label && x.n == n; });
      if (w == windows.end())
        throw lilucb::domain_error("lilucb::experiments::summarize_anytime", "windows", sc.label + ", n = " + std::to_string(n),
                                   "one window per (scenario, n) of the config");
      const auto cps = anytime_checkpoints(c, sc, n, w->window);
      for (auto a : c.algorithms) {
        const auto it = groups.find({a, sc.label, n});
        if (it == groups.end()) continue;
        const auto& g = it->second;
        std::uint64_t stopped = 0;
        std::vector<double> pulls;
        for (const auto* r : g) {
          pulls.push_back(static_cast<double>(r->pulls));
          if (r->status == run_status::stopped) ++stopped;
        }
        for (std::size_t k = 0; k < cps.size(); ++k) {
          anytime_point p;
          p.scenario = sc.label;
          p.n = n;
          p.algorithm = bandit::to_string(a);
          p.pulls = cps[k];
          for (const auto* r : g)
            if (k < r->wrong_at.size()) {
              ++p.runs;
              p.wrong += r->wrong_at[k] == '1';
            }
          p.p_wrong = p.runs ? static_cast<double>(p.wrong) / static_cast<double>(p.runs) : 0.0;
          const auto ci = clopper_pearson(p.wrong, p.runs);
          p.low = ci.low;
          p.high = ci.high;
          out.curve.push_back(std::move(p));
        }
        stopping_mark m;
        m.scenario = sc.label;
        m.n = n;
        m.algorithm = bandit::to_string(a);
        m.window = w->window;
        m.runs = g.size();
        m.stopped = stopped;
        if (2 * stopped > g.size()) m.median = quantile(pulls, 0.5);
        out.marks.push_back(std::move(m));
      }
    }
  return out;
}

}  // namespace lilucb::experiments
