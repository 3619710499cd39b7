#pragma once
// Confidence widths used by the algorithms, and an exact per-count cache.
//
// ucb_width  Figure `fig:lilucb`'s width with the rewards' sub-Gaussian scale sigma:
//              (1+sqrt(eps)) sigma sqrt(2 (1+eps) log(log((1+eps) T + c)/delta) / T),
//            c = 0 (inner_log::lemma, Figure 1 exactly) or 2 (footnote `fnt:delta_foot`).
//            It is lilucb::lil_width under policies::return_sentinel: it takes any eps in
//            [0,1) and delta in (0,1) (the heuristic's settings are outside the lemma) and
//            returns +infinity wherever the expression is undefined or its outer logarithm is
//            not positive (e.g. T = 1 with eps = 0 and the lemma's inner log).
// count_cache  a table f(T) for T = 1, 2, ... filled on demand by the same function, so a
//            cached value is bit-identical to calling the function (tested).
// thread_count_cache  a per-thread pool of such tables keyed by the function's parameters, so
//            consecutive runs of one configuration on a thread share one table.

#include "lilucb/errors.hpp"
#include "lilucb/finite_lil.hpp"

#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <vector>

namespace lilucb::bandit::detail {

/// lilucb::lil_width(T, eps, delta, sigma, inner, policies::return_sentinel{}) at a pull count.
inline double ucb_width(std::uint64_t T, double eps, double delta, double sigma, inner_log inner) {
  return lil_width(static_cast<double>(T), eps, delta, sigma, inner, policies::return_sentinel{});
}

/// Checks the parameters of ucb_width, throwing on failure: eps in [0,1), delta in (0,1), sigma > 0
/// (the footnote form's domain, which the sentinel policy evaluates for either inner log).
inline void check_ucb_width_parameters(const char* fn, double eps, double delta, double sigma) {
  lilucb::detail::lil_arguments_ok<policies::throw_on_error>(fn, "T", 1.0, eps, delta, sigma, inner_log::plus2);
}

/// f(T) for T >= 1, tabulated for T < limit on first use; larger T are computed directly.
template <class F>
class count_cache {
 public:
  explicit count_cache(F f, std::uint64_t limit = std::uint64_t(1) << 22) : f_(std::move(f)), limit_(limit) {
    table_.reserve(1024);
    table_.push_back(0.0);  // T = 0 unused
  }
  double operator()(std::uint64_t T) {
    if (T < table_.size()) [[likely]]
      return table_[T];
    return slow(T);
  }
  const F& function() const { return f_; }

 private:
  [[gnu::noinline]] double slow(std::uint64_t T) {
    if (T >= limit_) return f_(T);
    while (table_.size() <= T) table_.push_back(f_(table_.size()));
    return table_[T];
  }

  F f_;
  std::uint64_t limit_;
  std::vector<double> table_;
};

/// The calling thread's table for f (F must be equality comparable: equal functions give equal
/// values).  Up to four tables per function type are kept per thread; the shared_ptr keeps a
/// table alive for its user even if it is evicted meanwhile.
template <class F>
std::shared_ptr<count_cache<F>> thread_count_cache(const F& f) {
  thread_local std::vector<std::shared_ptr<count_cache<F>>> pool;
  for (const auto& c : pool)
    if (c->function() == f) return c;
  if (pool.size() == 4) pool.erase(pool.begin());
  pool.push_back(std::make_shared<count_cache<F>>(f));
  return pool.back();
}

/// (1+beta) ucb_width(T, ...): lil'UCB's exploration bonus as a comparable function object.
struct lilucb_bonus {
  double one_plus_beta, eps, delta, sigma;
  inner_log inner;
  double operator()(std::uint64_t T) const { return one_plus_beta * ucb_width(T, eps, delta, sigma, inner); }
  bool operator==(const lilucb_bonus&) const = default;
};

}  // namespace lilucb::bandit::detail
