#pragma once
// UCB1 + LS (Section 5; Auer, Cesa-Bianchi, Fischer 2002): after sampling each arm once,
// pull argmax_i mu_hat_i + 2 sigma sqrt(2 log(t)/T_i(t)), t the total number of pulls so far,
// until the LS rule fires.  The paper writes the bonus sqrt(2 log(t)/T_i) for rewards in [0,1],
// i.e. sub-Gaussian scale 1/2; the factor 2 sigma makes it scale with sigma and equals the
// paper's form at the experiments' sigma = 1/2.  The index depends on t, so every arm's index
// changes at every pull: Section 5's O(n) scan per pull (ties to the lowest index), whose answer
// an exact lazy argmax gives in about O(log n) (detail/slope_argmax.hpp).

#include "lilucb/bandit/detail/ls_rule.hpp"
#include "lilucb/bandit/run.hpp"
#include "lilucb/bandit/detail/session.hpp"
#include "lilucb/bandit/detail/slope_argmax.hpp"

#include <cmath>
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace lilucb::bandit {

template <class Arms, class Observer = null_observer>
run_result run_ucb1_ls(const Arms& arms, double sigma, double ls_eps, double ls_delta, const run_options& opts,
                       Observer& observer, run_parameters params = {}) {
  const char* name = "ucb1-ls";
  check_positive("lilucb::bandit::run_ucb1_ls", "sigma", sigma);
  detail::session<Arms, Observer> s(arms, opts, observer);
  const std::size_t n = arms.size();
  detail::ls_rule ls(n, ls_eps, ls_delta, sigma);
  const auto& st = s.stats();
  for (std::size_t i = 0; i < n; ++i) {
    if (!s.can_pull()) return s.finish(name, st.empirical_best(), run_status::budget_exhausted, "budget", params);
    s.pull(i);
    ls.update(i, st);
  }
  // sqrt(1/T_i) per arm, refreshed only for the pulled arm; the index is mean_i + c sqrt(1/T_i)
  // with the common factor c = 2 sigma sqrt(2 log t).  slope_argmax finds the argmax of a
  // left-to-right scan over these indices (ties to the lowest index) bit for bit, without
  // scanning all n arms at every pull (detail/slope_argmax.hpp).
  std::vector<double> mean(n), inv_sqrt_count(n, 1.0);
  for (std::size_t i = 0; i < n; ++i) mean[i] = st.mean(i);
  detail::slope_argmax argmax(std::move(mean), std::move(inv_sqrt_count));
  while (true) {
    if (ls.satisfied(st)) return s.finish(name, ls.leader(), run_status::stopped, "ls", params);
    if (!s.can_pull()) return s.finish(name, ls.leader(), run_status::budget_exhausted, "budget", params);
    const double c = 2 * sigma * std::sqrt(2 * std::log(static_cast<double>(st.total())));
    const std::size_t best = argmax.argmax(c);
    s.pull(best);
    argmax.set(best, st.mean(best), 1.0 / std::sqrt(static_cast<double>(st.count(best))), c);
    ls.update(best, st);
  }
}

}  // namespace lilucb::bandit
