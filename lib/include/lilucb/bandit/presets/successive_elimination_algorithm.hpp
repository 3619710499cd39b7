#pragma once
// Successive Elimination (Even-Dar, Mannor, Mansour 2002) as Section 5 runs it: sample every
// surviving arm once per round; after each round drop every surviving arm whose LS upper bound
// mu_hat_j + B(T_j) is below the LS lower bound mu_hat_i - B(T_i) of the empirically best
// survivor i; stop with one survivor.  "Its usual stopping condition and the LIL stopping
// criterion are one and the same" (Section 5).  O(1) amortised per pull (one O(|S|) pass per
// round of |S| pulls).

#include "lilucb/bandit/detail/ls_rule.hpp"
#include "lilucb/bandit/run.hpp"
#include "lilucb/bandit/detail/session.hpp"

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace lilucb::bandit {

namespace detail {
/// Highest empirical mean among `arms` (all pulled), ties to the lowest index.
inline std::size_t best_of(const std::vector<std::size_t>& arms, const arm_stats& st) {
  std::size_t best = arms.front();
  for (std::size_t a : arms) {
    const double m = st.mean(a), mb = st.mean(best);
    if (m > mb || (m == mb && a < best)) best = a;
  }
  return best;
}
}  // namespace detail

template <class Arms, class Observer = null_observer>
run_result run_successive_elimination(const Arms& arms, double sigma, double ls_eps, double ls_delta,
                                      const run_options& opts, Observer& observer,
                                      run_parameters params = {}) {
  const char* name = "successive-elimination";
  detail::session<Arms, Observer> s(arms, opts, observer);
  detail::ls_rule ls(arms.size(), ls_eps, ls_delta, sigma);  // validates; provides B(T)
  const auto& st = s.stats();
  std::vector<std::size_t> alive(arms.size());
  for (std::size_t i = 0; i < alive.size(); ++i) alive[i] = i;
  while (alive.size() > 1) {
    for (std::size_t a : alive) {
      if (!s.can_pull()) {
        // Best guess: the best survivor among those pulled at least once.
        std::vector<std::size_t> pulled;
        for (std::size_t b : alive)
          if (st.count(b)) pulled.push_back(b);
        const std::size_t guess = pulled.empty() ? alive.front() : detail::best_of(pulled, st);
        return s.finish(name, guess, run_status::budget_exhausted, "budget", params);
      }
      s.pull(a);
    }
    const std::size_t best = detail::best_of(alive, st);
    const double lower = st.mean(best) - ls.bound(st.count(best));
    std::vector<std::size_t> next;
    next.reserve(alive.size());
    for (std::size_t a : alive)
      if (a == best || !(st.mean(a) + ls.bound(st.count(a)) < lower)) next.push_back(a);
    alive.swap(next);
  }
  return s.finish(name, alive.front(), run_status::stopped, "elimination", params);
}

}  // namespace lilucb::bandit
