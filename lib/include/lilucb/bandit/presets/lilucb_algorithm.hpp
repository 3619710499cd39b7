#pragma once
// lil'UCB, Figure `fig:lilucb`, optionally with the LIL stopping rule of Section 5.
//
// initialise: sample each arm once (T_i = 1, t = n)
// while T_i(t) < 1 + a sum_{j != i} T_j(t) for all i:
//     pull I_t = argmax_i mu_hat_i + (1+beta) ucb_width(T_i; eps, delta, sigma, inner)
// output argmax_i T_i(t)
//
// Cost per pull, O(log n) or less: only the pulled arm's index changes and it is always the
// maximum, so the indices live in an ordered structure whose top is the next arm and which
// only ever updates its top (the footnote of Section 5): a binary heap (root_heap.hpp, O(log n))
// below radix_heap_from arms, a radix heap (radix_root_heap.hpp, O(1) amortised) from there on
// (4-bit digits below radix16_until arms, 1-bit digits from there on).
// The while condition is monotone in T_i, so it holds for all i
// exactly when it holds for the most-pulled arm, tracked in O(1).  (1+beta) ucb_width(T) is
// tabulated by pull count (count_cache), filled by the same function, so results are
// bit-identical to computing it on every pull, and with the heap a pull that leaves the arm on
// top, shown by a lower bound of its bonus (count_cache::lower_bound), does not look the bonus
// up at all; both tricks can be switched off (tested).  The top arm's pulls while it stays on
// top run as one streak (session::pull_streak) with its statistics in registers, where no
// observer watches and no LS rule is updated (the same pulls: tested against pull-by-pull runs).

#include "lilucb/bandit/detail/confidence.hpp"
#include "lilucb/bandit/detail/radix_root_heap.hpp"
#include "lilucb/bandit/detail/root_heap.hpp"
#include "lilucb/bandit/detail/ls_rule.hpp"
#include "lilucb/bandit/run.hpp"
#include "lilucb/bandit/detail/session.hpp"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace lilucb::bandit {

struct lilucb_config {
  double eps = 0.01;
  double beta = 1;
  double a = 9;
  double delta = 0.001;
  inner_log inner = inner_log::plus2;
  double sigma = 0.5;                 ///< sub-Gaussian scale of the width
  std::optional<double> ls_delta;     ///< LS rule's delta (nullopt: no LS rule)
  double ls_eps = 0.01;               ///< LS rule's eps
  bool tabulate_width = true;         ///< speed trick 1 (results identical either way)
  bool use_heap = true;               ///< speed trick 2: a heap instead of an O(n) argmax scan
};

/// lil'UCB keeps its indices in a root_heap below this many arms and in a radix_root_heap from
/// here on.  Both give the pulls of a left-to-right argmax scan (tested across the switch);
/// the switch is for speed, measured with lil'UCB Heuristic on sparse and alpha 0.6
/// (docs/benchmarks.md): at 100 arms the binary heap is about 10% faster per pull, at 1000 arms
/// the radix heap is about 15% faster, and the gap widens with n.
inline constexpr std::size_t radix_heap_from = 1024;
/// From radix_heap_from arms to below this many, the radix heap reads its keys in 4-bit digits
/// (radix16_root_heap), from here on in bits (radix_root_heap): measured with lil'UCB Heuristic
/// (docs/benchmarks.md), 4-bit digits are 5-12% faster per pull from 2000 to 2.5 10^5 arms and
/// 1-bit digits about 15% faster at 10^6 (less memory: fewer buckets keep their capacity).
inline constexpr std::size_t radix16_until = std::size_t(1) << 19;

namespace detail {

/// After a pull of the top arm of `heap` that brought its mean to m and its count to T: its new
/// key is m + table(T), stored by update_top unless m + table.lower_bound(T) already exceeds the
/// next arm's key.  Then the arm stays on top and update_top would only store the key, which no
/// member reads (next_top_key), so the bonus at T is not looked up: fl(m + lower bound) > next
/// implies fl(m + bonus) > next (rounding is monotone), the same order either way.  Returns
/// whether the arm stayed on top with its key unstored.
template <class Heap, class Table>
bool update_top_unless_staying(Heap& heap, Table& table, double m, std::uint64_t T) {
  if (m + table.lower_bound(T) > heap.next_top_key()) return true;
  heap.update_top(m + table(T));
  return false;
}

/// Queue: root_heap, radix16_root_heap or radix_root_heap, or void for a left-to-right argmax
/// scan at every pull.
template <bool Tabulate, class Queue, class Arms, class Observer>
run_result run_lilucb_impl(const Arms& arms, const lilucb_config& c, const run_options& opts,
                           Observer& observer, std::string name,
                           run_parameters params) {
  detail::session<Arms, Observer> s(arms, opts, observer);
  const std::size_t n = arms.size();
  const detail::lilucb_bonus bonus_fn{1 + c.beta, c.eps, c.delta, c.sigma, c.inner};
  std::shared_ptr<detail::count_cache<detail::lilucb_bonus>> table;
  if constexpr (Tabulate) table = detail::thread_count_cache(bonus_fn);
  auto bonus = [&](std::uint64_t T) {
    if constexpr (Tabulate) return (*table)(T);
    else return bonus_fn(T);
  };
  std::optional<detail::ls_rule> ls;
  if (c.ls_delta) ls.emplace(n, c.ls_eps, *c.ls_delta, c.sigma);

  const auto& st = s.stats();
  for (std::size_t i = 0; i < n; ++i) {
    if (!s.can_pull()) return s.finish(name, st.most_pulled(), run_status::budget_exhausted, "budget", params);
    s.pull(i);
    if (ls) ls->update(i, st);
  }
  std::vector<double> index(n);
  for (std::size_t i = 0; i < n; ++i) index[i] = st.mean(i) + bonus(1);
  constexpr bool UseHeap = !std::is_void_v<Queue>;
  std::conditional_t<UseHeap, Queue, char> heap{};
  if constexpr (UseHeap) heap = Queue(index);

  const bool prefetch_state = n >= (std::size_t(1) << 15);
  std::uint64_t t_max = 1;      // max_i T_i
  std::size_t most_pulled = 0;  // argmax_i T_i, ties to the lowest index
  const double a = c.a;
  auto count_pull = [&](std::size_t i, std::uint64_t Ti) {
    if (Ti > t_max) {
      t_max = Ti;
      most_pulled = i;
    } else if (Ti == t_max && i < most_pulled) {
      most_pulled = i;
    }
  };
  // Figure 1's while condition T_max < 1 + a (t - T_max), for the most-pulled arm (hence for
  // all arms), as the sign of a d + (1 - T_max), d = t - T_max: one fused multiply-add rounds
  // once, so the sign is exact (1 - T_max is an exact integer below 2^53).
  auto holds = [&](std::uint64_t d, std::uint64_t T) {
    return std::fma(a, static_cast<double>(d), 1.0 - static_cast<double>(T)) > 0;
  };
  auto going_on = [&](std::uint64_t t) { return holds(t - t_max, t_max); };
  // The largest T_max for which the while condition holds with t - T_max = d, i.e. the largest
  // integer T with holds(d, T) (a decreasing function of T, with an exact sign), found from
  // fl(a d) and exact steps; 0 where that is not worth it (then going_on decides).
  auto last_going_on = [&](std::uint64_t d) -> std::uint64_t {
    const double x = a * static_cast<double>(d);
    if (!(x >= 1 && x < 0x1p50)) return 0;
    auto T = static_cast<std::uint64_t>(x);
    while (T > 1 && !holds(d, T)) --T;
    while (holds(d, T + 1)) ++T;
    return holds(d, T) ? T : 0;
  };
  // Streaks: while the top arm stays on top its pulls follow each other with the same checks,
  // so without the LS rule and an observer they run in session::pull_streak, the arm's
  // statistics in registers (the same pulls, decisions and checks in the same order).
  constexpr bool Streaks = UseHeap && Tabulate && !Observer::active;
  bool stayed = false;  // the last pull left its arm on top, its key unstored
  while (true) {
    if (!going_on(st.total())) return s.finish(name, most_pulled, run_status::stopped, "lilucb", params);
    if (ls && ls->satisfied(st)) return s.finish(name, ls->leader(), run_status::stopped, "ls", params);
    if (!s.can_pull()) return s.finish(name, most_pulled, run_status::budget_exhausted, "budget", params);

    std::size_t i;
    if constexpr (Streaks) {
      if (stayed && !ls) {
        // Pulls of the top arm i while it stays on top (the branch below, pull after pull), each
        // followed by the while condition, until it leaves the top, the condition fails or the
        // run reaches a poll; the loop's head then checks as after any pull.
        i = heap.top();
        const double next = heap.next_top_key();
        bool left = false;
        double m_left = 0;
        std::uint64_t T_left = 0;
        std::uint64_t d_known = std::numeric_limits<std::uint64_t>::max(), T_star = 0;  // no d yet
        s.pull_streak(i, [&](std::uint64_t Ti, double m, std::uint64_t t) {
          const std::uint64_t before = t_max;
          count_pull(i, Ti);
          if (!(m + table->lower_bound(Ti) > next)) {
            left = true;
            m_left = m;
            T_left = Ti;
            return false;
          }
          // The while condition held before this pull; with T_max unchanged it holds after it
          // (it grows with t).  Otherwise it is T_max <= T*(d), d = t - T_max, computed once per d.
          if (t_max == before) return true;
          const std::uint64_t d = t - t_max;
          if (d != d_known) {
            d_known = d;
            T_star = last_going_on(d);
          }
          return T_star == 0 ? going_on(t) : t_max <= T_star;
        });
        if (left) {
          heap.update_top(m_left + bonus(T_left));
          stayed = false;
        }
        continue;
      }
    }
    if constexpr (UseHeap) {
      i = heap.top();
      // The next pull's arm, fetched during this one (only where the arms' state has left the
      // caches: below that it would cost more than it saves).
      if (prefetch_state) s.prefetch(heap.next_top_candidate());
    } else {
      i = 0;
      for (std::size_t j = 1; j < n; ++j)
        if (index[j] > index[i]) i = j;
    }
    s.pull(i);
    const std::uint64_t Ti = st.count(i);
    if constexpr (UseHeap && Tabulate) {
      stayed = update_top_unless_staying(heap, *table, st.mean(i), Ti);
    } else {
      const double key = st.mean(i) + bonus(Ti);
      if constexpr (UseHeap) heap.update_top(key);
      else index[i] = key;
    }
    count_pull(i, Ti);
    if (ls) ls->update(i, st);
  }
}

}  // namespace detail

/// Runs lil'UCB with an explicit configuration.  `name` and `params` are recorded in the result.
/// Domain: at least one arm; eps in [0,1), delta in (0,1), sigma > 0, beta >= 0, a > 0;
/// LS: ls_eps in [0,1), ls_delta in (0,1).
template <class Arms, class Observer = null_observer>
run_result run_lilucb(const Arms& arms, const lilucb_config& c, const run_options& opts, Observer& observer,
                      std::string name = "lilucb",
                      run_parameters params = {}) {
  constexpr const char* fn = "lilucb::bandit::run_lilucb";
  detail::check_ucb_width_parameters(fn, c.eps, c.delta, c.sigma);
  check_at_least(fn, "beta", c.beta, 0.0);
  check_positive(fn, "a", c.a);
  const bool radix = arms.size() >= radix_heap_from;
  if (c.tabulate_width && c.use_heap && radix && arms.size() < radix16_until)
    return detail::run_lilucb_impl<true, detail::radix16_root_heap>(arms, c, opts, observer, std::move(name), std::move(params));
  if (c.tabulate_width && c.use_heap && radix)
    return detail::run_lilucb_impl<true, detail::radix_root_heap>(arms, c, opts, observer, std::move(name), std::move(params));
  if (c.tabulate_width && c.use_heap)
    return detail::run_lilucb_impl<true, detail::root_heap>(arms, c, opts, observer, std::move(name), std::move(params));
  if (c.tabulate_width)
    return detail::run_lilucb_impl<true, void>(arms, c, opts, observer, std::move(name), std::move(params));
  if (c.use_heap && radix)
    return detail::run_lilucb_impl<false, detail::radix_root_heap>(arms, c, opts, observer, std::move(name), std::move(params));
  if (c.use_heap)
    return detail::run_lilucb_impl<false, detail::root_heap>(arms, c, opts, observer, std::move(name), std::move(params));
  return detail::run_lilucb_impl<false, void>(arms, c, opts, observer, std::move(name), std::move(params));
}

}  // namespace lilucb::bandit
