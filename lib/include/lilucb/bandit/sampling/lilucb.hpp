#pragma once
// lil'UCB's sampling rule (Figure `fig:lilucb`; Jamieson, Malloy, Nowak & Bubeck 2014, COLT):
// pull argmax_i mu_hat_i + (1+beta) ucb_width(T_i; eps, delta, sigma, inner), ties to the lowest
// index, after one pull of every arm.  The same structures as run_lilucb (root_heap below
// radix_heap_from arms, radix16_root_heap below radix16_until, radix_root_heap from there on;
// the bonus tabulated by count, read through its lower bound where that decides), so with
// stopping::lilucb it makes exactly run_lilucb's pulls (tested pull for pull).  O(log K) per pull
// (O(1) amortised from radix_heap_from arms).

#include "lilucb/bandit/arm_stats.hpp"
#include "lilucb/bandit/detail/confidence.hpp"
#include "lilucb/bandit/presets/lilucb_algorithm.hpp"
#include "lilucb/bandit/detail/radix_root_heap.hpp"
#include "lilucb/bandit/detail/root_heap.hpp"

#include <cstddef>
#include <memory>
#include <vector>

namespace lilucb::bandit::sampling {

class lilucb {
 public:
  /// Domain: eps in [0,1), delta in (0,1), sigma > 0, beta >= 0.
  lilucb(double eps, double beta, double delta, double sigma, inner_log inner)
      : bonus_(detail::thread_count_cache(detail::lilucb_bonus{1 + beta, eps, delta, sigma, inner})) {
    constexpr const char* fn = "lilucb::bandit::sampling::lilucb";
    detail::check_ucb_width_parameters(fn, eps, delta, sigma);
    check_at_least(fn, "beta", beta, 0.0);
  }
  static constexpr const char* name() { return "lilucb"; }

  template <class Session>
  std::size_t next(Session& s) {
    if (!built_) build(s.stats());
    switch (queue_) {
      case queue::binary: return heap_.top();
      case queue::radix16: return radix16_heap_.top();
      default: return radix_heap_.top();
    }
  }
  void observe(std::size_t i, const arm_stats& s) {
    if (!built_) return;  // the initial round
    const double m = s.mean(i);
    const std::uint64_t T = s.count(i);
    switch (queue_) {
      case queue::binary: detail::update_top_unless_staying(heap_, *bonus_, m, T); break;
      case queue::radix16: detail::update_top_unless_staying(radix16_heap_, *bonus_, m, T); break;
      default: detail::update_top_unless_staying(radix_heap_, *bonus_, m, T);
    }
  }
  /// Arm i's statistics changed although it is not the arm next() returned last (the ask-tell
  /// study, identification.hpp): the heaps update only their top, so the index is rebuilt from the
  /// statistics at the next next() (O(K)).
  void revise(std::size_t, const arm_stats&) { built_ = false; }

 private:
  void build(const arm_stats& s) {
    std::vector<double> index(s.size());
    for (std::size_t i = 0; i < s.size(); ++i) index[i] = s.mean(i) + (*bonus_)(s.count(i));
    queue_ = s.size() < radix_heap_from ? queue::binary : s.size() < radix16_until ? queue::radix16 : queue::radix;
    switch (queue_) {
      case queue::binary: heap_ = detail::root_heap(index); break;
      case queue::radix16: radix16_heap_ = detail::radix16_root_heap(index); break;
      default: radix_heap_ = detail::radix_root_heap(index);
    }
    built_ = true;
  }

  enum class queue { binary, radix16, radix };
  detail::thread_cache_ref<detail::lilucb_bonus> bonus_;
  detail::root_heap heap_;
  detail::radix16_root_heap radix16_heap_;
  detail::radix_root_heap radix_heap_;
  queue queue_ = queue::binary;
  bool built_ = false;
};

}  // namespace lilucb::bandit::sampling
