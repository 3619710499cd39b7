#pragma once
// UCB1 + LS (Section 5; Auer, Cesa-Bianchi, Fischer 2002): after sampling each arm once,
// pull argmax_i mu_hat_i + 2 sigma sqrt(2 log(t)/T_i(t)), t the total number of pulls so far,
// until the LS rule fires.  The paper writes the bonus sqrt(2 log(t)/T_i) for rewards in [0,1],
// i.e. sub-Gaussian scale 1/2; the factor 2 sigma makes it scale with sigma and equals the
// paper's form at the experiments' sigma = 1/2.  The index depends on t, so every arm's index
// changes at every pull: one O(n) scan per pull (as Section 5 says), ties to the lowest index.

#include "lilucb/bandit/detail/ls_rule.hpp"
#include "lilucb/bandit/run.hpp"
#include "lilucb/bandit/detail/session.hpp"

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
  // sqrt(1/T_i) per arm, refreshed only for the pulled arm; the scan multiplies by the common
  // factor 2 sigma sqrt(2 log t).
  std::vector<double> mean(n), inv_sqrt_count(n);
  for (std::size_t i = 0; i < n; ++i) {
    mean[i] = st.mean(i);
    inv_sqrt_count[i] = 1.0;
  }
  while (true) {
    if (ls.satisfied(st)) return s.finish(name, ls.leader(), run_status::stopped, "ls", params);
    if (!s.can_pull()) return s.finish(name, ls.leader(), run_status::budget_exhausted, "budget", params);
    const double c = 2 * sigma * std::sqrt(2 * std::log(static_cast<double>(st.total())));
    std::size_t best = 0;
    double best_index = mean[0] + c * inv_sqrt_count[0];
    for (std::size_t j = 1; j < n; ++j) {
      const double idx = mean[j] + c * inv_sqrt_count[j];
      if (idx > best_index) {
        best_index = idx;
        best = j;
      }
    }
    s.pull(best);
    mean[best] = st.mean(best);
    inv_sqrt_count[best] = 1.0 / std::sqrt(static_cast<double>(st.count(best)));
    ls.update(best, st);
  }
}

}  // namespace lilucb::bandit
