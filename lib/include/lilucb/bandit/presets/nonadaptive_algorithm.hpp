#pragma once
// Nonadaptive + LS (Section 5): draw a uniformly random permutation of the arms (Fisher-Yates
// on the run's stream) and cycle through it until the LS rule fires.  The rule is checked after
// every pull, not once per cycle, in O(1) per pull (detail/round_robin_ls.hpp: the same decisions
// as the LS rule's heaps).

#include "lilucb/bandit/detail/ls_rule.hpp"
#include "lilucb/bandit/detail/round_robin_ls.hpp"
#include "lilucb/bandit/run.hpp"
#include "lilucb/bandit/detail/session.hpp"

#include <cstddef>
#include <numeric>
#include <string>
#include <utility>
#include <vector>

namespace lilucb::bandit {

template <class Arms, class Observer = null_observer>
run_result run_nonadaptive_ls(const Arms& arms, double sigma, double ls_eps, double ls_delta,
                              const run_options& opts, Observer& observer,
                              run_parameters params = {}) {
  const char* name = "nonadaptive-ls";
  detail::session<Arms, Observer> s(arms, opts, observer);
  const std::size_t n = arms.size();
  ls_bound(1.0, ls_eps, ls_delta, sigma, n);  // validates the parameters (throws on bad input)
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), std::size_t{0});
  auto& eng = s.rng().engine();
  for (std::size_t i = n; i > 1; --i) {  // Fisher-Yates with an unbiased bounded draw
    const std::uint64_t bound = i, limit = std::uint64_t(-1) - std::uint64_t(-1) % bound;
    std::uint64_t x;
    do x = eng(); while (x >= limit);
    std::swap(order[i - 1], order[x % bound]);
  }
  detail::round_robin_ls<detail::ls_width> ls(order, detail::ls_width{ls_eps, ls_delta, sigma, n});
  const auto& st = s.stats();
  for (std::size_t k = 0;; k = (k + 1 == n ? 0 : k + 1)) {
    if (st.total() >= n) {  // every arm pulled: the rule is defined
      if (k == 0) ls.begin_cycle(st);
      if (ls.satisfied(k)) return s.finish(name, ls.leader(), run_status::stopped, "ls", params);
    }
    if (!s.can_pull()) return s.finish(name, st.empirical_best(), run_status::budget_exhausted, "budget", params);
    s.pull(order[k]);
    ls.pulled(k, st);
  }
}

}  // namespace lilucb::bandit
