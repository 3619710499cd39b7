#pragma once
// LUCB-type sampling rules: in each round pull the empirically best arm h = argmax mu_hat_a and
// the most ambiguous other arm l = argmax_{a != h} U_a (the highest upper confidence bound).
//
// lucb1   Kalyanakrishnan, Tewari, Auer & Stone (2012), "PAC subset selection in stochastic
//         multi-armed bandits", ICML: U_a = mu_hat_a + sqrt(2 sigma^2 log(5 K t^4/(4 delta))/N_a)
//         (their beta(u, t) for sigma-sub-Gaussian rewards).
// kl_lucb Kaufmann & Kalyanakrishnan (2013), "Information complexity in bandit subset
//         selection", COLT: U_a = max{q >= mu_hat_a : N_a kl(mu_hat_a, q) <= beta(t)},
//         beta(t) = log(k1 K t^alpha/delta), alpha = 1.1, k1 = 405.5 (their Theorem 2), for
//         rewards in [0, 1] (Bernoulli arms).
//
// Deviation from the papers, stated: the exploration rate uses t rounded up to the next power of
// two (>= t: every U_a is at least the paper's, so the rules explore at least as much), so the
// confidence bounds of all arms change only when t crosses a power of two.  Then a pull changes
// one arm's bound (O(log K) in two indexed heaps) and the heaps are rebuilt at t = 2^k (O(K),
// amortised O(K/t)).  Each rule only samples here; the stopping rule is separate (compose.hpp).

#include "lilucb/bandit/arm_stats.hpp"
#include "lilucb/bandit/detail/indexed_heap.hpp"
#include "lilucb/errors.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

namespace lilucb::bandit::sampling {

/// max{q in [p, 1] : kl(p, q) <= level} for the Bernoulli divergence (the KL upper confidence
/// bound), by Newton's method from the right: kl(p, .) is convex and increasing on [p, 1), so from
/// a start above the root the iterates decrease monotonically to it.  Start: the smaller of
/// Pinsker's bound p + sqrt(level/2) and 1 - (1-p) exp(-(level - p log p)/(1-p)) (from
/// kl(p, q) >= p log p + (1-p) log((1-p)/(1-q))).  Stops when a step is below 1e-15 q.
/// Domain: p in [0, 1], level >= 0.
inline double kl_upper_bound(double p, double level) {
  if (p >= 1) return 1.0;
  // (1-p) log((1-p)/(1-q)) as (1-p) log1p((q-p)/(1-q)): accurate for q near p and small q.
  auto kl = [p](double q) { return (p > 0 ? p * std::log(p / q) : 0.0) + (1 - p) * std::log1p((q - p) / (1 - q)); };
  const double plogp = p > 0 ? p * std::log(p) : 0.0;
  // 1 - (1-p) e^-x = p - (1-p) expm1(-x), accurate for small x
  double q = std::min(p + std::sqrt(level / 2), p - (1 - p) * std::expm1(-(level - plogp) / (1 - p)));
  if (q >= 1) {
    q = std::nextafter(1.0, 0.0);
    if (kl(q) <= level) return 1.0;
  }
  for (int k = 0; k < 100; ++k) {
    const double f = kl(q) - level;
    if (f <= 0 || q <= p) break;
    const double step = f * q * (1 - q) / (q - p);
    q -= step;
    if (step <= 1e-15 * q) break;
  }
  return std::max(q, p);
}

enum class lucb_kind { lucb1, kl_lucb };

template <lucb_kind Kind>
class lucb {
 public:
  /// K arms, sub-Gaussian scale sigma (lucb1), delta in (0, 1).
  lucb(std::size_t K, double sigma, double delta) : K_(K), sigma_(sigma), delta_(delta) {
    constexpr const char* fn = "lilucb::bandit::sampling::lucb";
    check_positive(fn, "sigma", sigma);
    check_open_interval(fn, "delta", delta, 0.0, 1.0);
  }
  static constexpr const char* name() { return Kind == lucb_kind::lucb1 ? "lucb1" : "kl-lucb"; }

  template <class Session>
  std::size_t next(Session& s) {
    const arm_stats& st = s.stats();
    if (!built_ || st.total() + 1 > epoch_t_) build(st);
    if (pending_ != none) {
      const std::size_t i = pending_;
      pending_ = none;
      return i;
    }
    const std::size_t h = means_.top();
    pending_ = ucb_.top() == h ? ucb_.second() : ucb_.top();
    return h;
  }
  void observe(std::size_t i, const arm_stats& s) {
    if (!built_) return;
    means_.update(i, s.mean(i));
    ucb_.update(i, upper(s, i));
  }

 private:
  static constexpr std::size_t none = static_cast<std::size_t>(-1);

  double upper(const arm_stats& s, std::size_t i) const {
    const double n = static_cast<double>(s.count(i));
    if constexpr (Kind == lucb_kind::lucb1) return s.mean(i) + std::sqrt(level_ / n);
    else return kl_upper_bound(std::clamp(s.mean(i), 0.0, 1.0), level_ / n);
  }
  void build(const arm_stats& s) {
    if (!built_) epoch_t_ = 1;
    while (epoch_t_ < s.total() + 1) epoch_t_ *= 2;
    const double t = static_cast<double>(epoch_t_), K = static_cast<double>(K_);
    if constexpr (Kind == lucb_kind::lucb1)
      level_ = 2 * sigma_ * sigma_ * std::log(5 * K * t * t * t * t / (4 * delta_));
    else
      level_ = std::log(405.5 * K * std::pow(t, 1.1) / delta_);
    std::vector<double> m(K_), u(K_);
    for (std::size_t i = 0; i < K_; ++i) {
      m[i] = s.count(i) ? s.mean(i) : -std::numeric_limits<double>::infinity();
      u[i] = s.count(i) ? upper(s, i) : std::numeric_limits<double>::infinity();
    }
    means_ = detail::indexed_max_heap(std::move(m));
    ucb_ = detail::indexed_max_heap(std::move(u));
    built_ = true;
  }

  std::size_t K_;
  double sigma_, delta_, level_ = 0;
  std::uint64_t epoch_t_ = 1;
  bool built_ = false;
  std::size_t pending_ = none;
  detail::indexed_max_heap means_, ucb_;
};

using lucb1 = lucb<lucb_kind::lucb1>;
using kl_lucb = lucb<lucb_kind::kl_lucb>;

}  // namespace lilucb::bandit::sampling
