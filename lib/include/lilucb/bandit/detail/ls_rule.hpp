#pragma once
// The LIL stopping (LS) rule of Section 5, checked after every pull in O(1) with O(log n)
// upkeep.  With B(T) = lilucb::ls_bound(T, eps, delta, sigma, n) and i_hat the empirically
// best arm, the rule fires when
//     mu_hat_{i_hat} - B(T_{i_hat}) >= mu_hat_j + B(T_j)   for every j != i_hat,
// i.e. when i_hat's lower bound reaches the largest upper bound among the other arms.  Two
// indexed heaps keep argmax_j mu_hat_j and the two largest upper bounds; only the pulled arm's
// keys change.  An arm never pulled has upper bound +infinity, so the rule cannot fire before
// every arm has been sampled.
//
// Two exact shortcuts (the same decisions; tested against a scan after every update, past the
// width table included): the leader's upper bound is never read while it leads (the largest key
// of the others is the heap's top or, when the top is the leader, its second, whatever the
// leader's key), so it is stored when the arm stops leading; and the leader's lower bound is
// first compared with a value <= B(T) (count_cache::lower_bound): if fl(mean - that) is below the
// others' largest upper bound, so is fl(mean - B(T)) (rounding is monotone), and B(T) itself is
// needed only when that test does not settle it.  A lil'UCB + LS run then evaluates no width of
// its leader, whose count is past the width table for most of a long run.
//
// delta from a share p of nu: the stated failure probability (2+eps)/eps (delta/log(1+eps))^(1+eps)
// (Lemma `lem:lil`, union bound over the n arms and both signs, each at delta/(2n)) is set to p:
// delta = lilucb::ls_delta_for_failure_probability(eps, p).

#include "lilucb/bandit/arm_stats.hpp"
#include "lilucb/bandit/rules.hpp"
#include "lilucb/bandit/detail/confidence.hpp"
#include "lilucb/bandit/detail/indexed_heap.hpp"
#include "lilucb/theory/ls_bound.hpp"

#include <cstddef>
#include <cstdint>
#include <exception>
#include <limits>
#include <memory>
#include <vector>

namespace lilucb::bandit::detail {

/// The LS rule over any per-arm width B(T) (a function object, equality comparable, so that
/// thread_count_cache can share its table): the anytime boundaries of lilucb/boundaries plug in here.  The
/// rule is valid for any sampling rule when P(exists arm i, T: |mu_hat_i(T) - mu_i| > B(T)) is at
/// most the error probability wanted (docs/bandit.md, "Sampling x stopping").
template <class Width>
class basic_ls_rule {
 public:
  /// Domain: n >= 1 (the width's parameters are checked by its maker).
  basic_ls_rule(std::size_t n, const Width& width)
      : bound_(thread_count_cache(width)),
        means_(std::vector<double>(n, -std::numeric_limits<double>::infinity())),
        upper_(std::vector<double>(n, std::numeric_limits<double>::infinity())) {}

  /// The LS width B(T).
  double bound(std::uint64_t T) { return (*bound_)(T); }

  /// Records that arm i was pulled (its mean or count changed).  Contract: every change of an
  /// arm's statistics is followed by update() for that arm before the next satisfied() (the
  /// leader's upper bound is computed from its statistics when it stops leading).
  void update(std::size_t i, const arm_stats& s) {
    const double m = s.mean(i);
    means_.update(i, m);
    const std::size_t top = means_.top();
    if (stale_ != none && stale_ != top) {  // the arm whose upper bound was not stored no longer leads
      if (stale_ != i) upper_.update(stale_, s.mean(stale_) + (*bound_)(s.count(stale_)));
      stale_ = none;
    }
    if (i == top) stale_ = i;
    else upper_.update(i, m + (*bound_)(s.count(i)));
  }

  /// The empirically best arm (highest mean among pulled arms, ties to the lowest index).
  std::size_t leader() const { return means_.top(); }

  /// The leader's lower bound mean - B(N) (statistic) against every other arm's upper bound
  /// mean + B(N) (threshold): the condition holds when the statistic reaches every threshold.
  std::vector<challenger_evidence> evidence(const arm_stats& s) {
    std::vector<challenger_evidence> out;
    const std::size_t best = means_.top();
    const double lower = s.count(best) ? s.mean(best) - (*bound_)(s.count(best)) : -std::numeric_limits<double>::infinity();
    for (std::size_t b = 0; b < s.size(); ++b)
      if (b != best)
        out.push_back({b, lower, s.count(b) ? s.mean(b) + (*bound_)(s.count(b)) : std::numeric_limits<double>::infinity()});
    return out;
  }

  /// Whether the LS condition holds now.
  bool satisfied(const arm_stats& s) {
    if (means_.size() < 2) return true;
    const std::size_t best = means_.top();
    const std::uint64_t T = s.count(best);
    if (T == 0) return false;
    const std::size_t other = upper_.top() == best ? upper_.second() : upper_.top();
    const double upper = upper_.key(other), m = s.mean(best);
    if (m - bound_->lower_bound(T) < upper) return false;  // then m - B(T) < upper as well
    return m - (*bound_)(T) >= upper;
  }

 private:
  static constexpr std::size_t none = std::numeric_limits<std::size_t>::max();
  thread_cache_ref<Width> bound_;
  indexed_max_heap means_;
  indexed_max_heap upper_;   // every arm's mean + B(T), except stale_'s
  std::size_t stale_ = none;  // the leader when its upper bound is not stored in upper_
};

/// Section 5's width: ls_bound(T, eps, delta, sigma, n).
struct ls_width {
  double eps, delta, sigma;
  std::size_t n;
  double operator()(std::uint64_t T) const {
    return ls_bound(static_cast<double>(T), eps, delta, sigma, static_cast<std::uint64_t>(n));
  }
  bool operator==(const ls_width&) const = default;
  /// The same values, faster (count_cache's tables): ls_bound is lil_width's formula with the
  /// multiplier 2n inside the outer logarithm (ls_bound.hpp).
  lil_width_evaluator<ls_width> evaluator() const {
    bool ok = n >= 1;
    try {
      lilucb::detail::lil_arguments_ok<policies::throw_on_error>("", "T", 1.0, eps, delta, sigma, inner_log::plus2);
    } catch (const std::exception&) {
      ok = false;
    }
    return {*this, ok, eps, delta, sigma, inner_log::plus2, 2 * static_cast<double>(n), 1.0};
  }
};

class ls_rule : public basic_ls_rule<ls_width> {
 public:
  /// Domain: n >= 1, eps in [0,1), delta in (0,1), sigma > 0.
  ls_rule(std::size_t n, double eps, double delta, double sigma)
      : basic_ls_rule<ls_width>(n, checked(n, eps, delta, sigma)) {}

 private:
  static ls_width checked(std::size_t n, double eps, double delta, double sigma) {
    ls_bound(1.0, eps, delta, sigma, n);  // validates the parameters (throws on bad input)
    return ls_width{eps, delta, sigma, n};
  }
};

}  // namespace lilucb::bandit::detail
