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
// lil_width_evaluator  factor * lil_width at pull counts for fixed parameters, by the operations
//            of lil_evaluate in their order with the parts that do not depend on T computed
//            once: bit-identical to the function object it stands for (tested), about half the
//            cost (docs/reproduction-method.md).
// count_cache  a table f(T) for T = 1, 2, ... whose entries are computed on first request, one
//            count at a time, by the same function (or its evaluator), so a cached value is
//            bit-identical to calling the function (tested); past the table, counts are
//            computed on request and kept in a small direct-mapped cache.  lower_bound(T)
//            answers a value <= f(T) from the entry at the next multiple of 64 (f decreasing
//            there, certified by the evaluator; past the table, from a sparse table of those
//            multiples up to 2^28 or 64 times the limit), so a caller that only needs to
//            compare f(T) with something can skip most entries (lil'UCB: whether the pulled arm
//            stays on top), and can take a short table (F::table_limit).
// thread_count_cache  a per-thread pool of such tables keyed by the function's parameters, so
//            consecutive runs of one configuration on a thread share one table.

#include "lilucb/bandit/detail/large_pages.hpp"
#include "lilucb/errors.hpp"
#include "lilucb/theory/finite_lil.hpp"

#include <boost/math/special_functions/log1p.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <utility>
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

/// factor * lil_width(T, eps, delta / k, sigma, inner) at pull counts T >= 1, i.e. lil_evaluate
/// (finite_lil.hpp) with the multiplier k inside the outer logarithm (1 for ucb_width, 2n for
/// ls_bound) times a factor ((1+beta) for lil'UCB's bonus), for the function object F that computes
/// exactly that through the library.  The ordinary path performs lil_evaluate's floating-point
/// operations in lil_evaluate's order, with (1+sqrt(eps)) sigma, 2 (1+eps) and, for the lemma's
/// inner log, log1p(eps + 0/T) = log1p(eps) computed once, so its value is F's bit for bit
/// (test_count_cache).  Everything else -- parameters F would refuse or answer with its sentinel
/// (params_ok false), an infinite product or ratio inside the logarithm, an outer logarithm that
/// is not positive, a value that is not finite -- is answered by calling F itself, so F's
/// sentinels and errors are kept as they are.
template <class F>
class lil_width_evaluator {
 public:
  lil_width_evaluator(const F& f, bool params_ok, double eps, double delta, double sigma, inner_log inner, double k,
                      double factor)
      : f_(f), direct_(!params_ok), plus_(inner != inner_log::lemma), eps_(eps), delta_(delta), k_(k), factor_(factor),
        offset_(inner_log_offset<double>(inner)), a_((1 + std::sqrt(eps)) * sigma), b_(2 * (1 + eps)),
        log1p_eps_(boost::math::log1p(eps + 0.0)) {}

  double operator()(std::uint64_t T) const {
    if (direct_) return f_(T);
    const double t = static_cast<double>(T);
    const double inner_value = std::log(t) + (plus_ ? boost::math::log1p(eps_ + offset_ / t) : log1p_eps_);
    const double r = k_ * inner_value / delta_;  // (k * inner_value) / delta, as lil_log_term
    const double log_term = std::log(r);
    const double v = factor_ * (a_ * std::sqrt(b_ * log_term / t));
    if (!(log_term > 0) || !std::isfinite(r) || !std::isfinite(v)) [[unlikely]]
      return f_(T);
    return v;
  }

  /// A count T0 >= 1 such that for all T0 <= T <= U (counts) the values satisfy
  ///   (*this)(T) >= (*this)(U) * (1 - 2^-40),
  /// or 0 when none is certified (parameters F answers with its sentinel or refuses).  Why: the
  /// exact function is factor a sqrt(b L(T)/T) with L = log(k g(T)/delta), g = log((1+eps) T + c);
  /// d/dT (L/T) has the sign of T L' - L, and T L' <= 1/g, so it decreases wherever L g > 1;
  /// L and g increase with T, so L(T0) g(T0) >= 2 gives that on [T0, inf).  With L >= 1/16 the
  /// computed value (log, log1p, log, sqrt and six roundings, each within a few ulps) is within
  /// relative 2^-46 of the exact one, which the 2^-40 margin covers with room to spare.  T0 is
  /// the smallest power of two (up to 2^40) passing both checks, with the checks' margins far
  /// above their rounding.
  std::uint64_t decreasing_from() const {
    if (direct_) return 0;
    for (std::uint64_t T = 1; T <= (std::uint64_t(1) << 40); T *= 2) {
      const double t = static_cast<double>(T);
      const double g = std::log(t) + (plus_ ? boost::math::log1p(eps_ + offset_ / t) : log1p_eps_);
      const double log_term = std::log(k_ * g / delta_);
      if (std::isfinite(log_term) && log_term >= 1.0 / 16 && log_term * g >= 2 &&
          (*this)(T) < std::numeric_limits<double>::max() / 2)
        return T;
    }
    return 0;
  }

 private:
  F f_;
  bool direct_, plus_;
  double eps_, delta_, k_, factor_, offset_, a_, b_, log1p_eps_;
};

/// The function object count_cache evaluates for f: f.evaluator() when f has one (an equivalent,
/// faster evaluation), else f itself.
template <class F>
auto table_evaluator(const F& f) {
  if constexpr (requires { f.evaluator(); }) return f.evaluator();
  else return f;
}

/// f(T) for T >= 1, tabulated for T < limit: each entry computed on its first request (a NaN
/// entry is computed again at every request; the table grows in blocks of `block` counts).
/// Larger T are computed on request and kept in a direct-mapped cache of `recent` slots (slot
/// T mod recent), which serves a count walking up one pull at a time and repeated requests.
/// The default limit is F::table_limit where F declares one (functions read mostly through
/// lower_bound need a short table only: its pages are the cost of a cold run), else 2^22.
template <class F>
class count_cache {
 public:
  static constexpr std::uint64_t block = 512, recent = 1024;
  /// lower_bound(T) reads the entry at the next multiple of `stride`.
  static constexpr std::uint64_t stride = 64;
  /// The sparse table of multiples of `stride` reaches at least this count.
  static constexpr std::uint64_t sparse_reach = std::uint64_t(1) << 28;

  static constexpr std::uint64_t default_limit() {
    if constexpr (requires { F::table_limit; }) return F::table_limit;
    else return std::uint64_t(1) << 22;
  }

  explicit count_cache(F f, std::uint64_t limit = default_limit())
      : f_(std::move(f)), eval_(table_evaluator(f_)), limit_(limit) {
    if constexpr (requires { eval_.decreasing_from(); }) decreasing_from_ = eval_.decreasing_from();
    table_.reserve(1024);
    table_.push_back(0.0);  // T = 0 unused
  }
  double operator()(std::uint64_t T) {
    if (T < table_.size()) [[likely]] {
      const double v = table_[T];
      if (v == v) [[likely]] return v;
    }
    return slow(T);
  }
  /// A value <= f(T) (T >= 1): f(T) itself where it is at hand (computed already, below the
  /// certified range, a multiple of `stride` (from the sparse table past the limit), past 64
  /// times the limit), else f(U) (1 - 2^-40)
  /// rounded, U the next multiple of `stride` at or above T, which is <= f(T) by
  /// lil_width_evaluator::decreasing_from (f(U) from the table below the limit, from the sparse
  /// table of multiples of `stride` above it).  Functions without that certificate get f(T).
  double lower_bound(std::uint64_t T) {
    if (T < table_.size()) [[likely]] {
      const double v = table_[T];
      if (v == v) return v;
    }
    // Past the table, an entry of the sparse table already computed: lower_bound_slow's answer
    // without a call (a caller's loop keeps its registers).
    if (T >= limit_ && decreasing_from_ != 0 && T >= decreasing_from_) {
      const std::uint64_t U = (T + stride - 1) / stride * stride, i = (U - limit_) / stride;
      if (U < sparse_limit() && i < sparse_.size()) {
        const double v = sparse_[i];
        if (v == v) return U == T ? v : v * (1 - 0x1p-40);  // sparse(T) is f(T) itself
      }
    }
    return lower_bound_slow(T);
  }
  const F& function() const { return f_; }

 private:
  [[gnu::noinline]] double lower_bound_slow(std::uint64_t T) {
    const std::uint64_t U = (T + stride - 1) / stride * stride;
    if (decreasing_from_ == 0 || T < decreasing_from_ || U >= sparse_limit()) return (*this)(T);
    if (U < limit_) return U == T ? (*this)(T) : (*this)(U) * (1 - 0x1p-40);
    return U == T ? sparse(T) : sparse(U) * (1 - 0x1p-40);
  }

  [[gnu::noinline]] double slow(std::uint64_t T) {
    if (T < limit_) {
      if (T >= table_.size()) {
        const std::uint64_t size = std::min(limit_, (T / block + 1) * block);
        // Past 2^16 entries the table takes its whole limit's address space at once (memory is
        // touched as entries are), on huge pages: no copies as it grows, few page faults.
        if (size > table_.capacity() && size > (std::uint64_t(1) << 16)) table_.reserve(limit_);
        table_.resize(size, std::numeric_limits<double>::quiet_NaN());
      }
      return table_[T] = eval_(T);
    }
    auto& e = recent_[T % recent];  // T >= 1, so an empty slot (T = 0) never matches
    if (e.T != T) {
      e.value = eval_(T);
      e.T = T;
    }
    return e.value;
  }

  std::uint64_t sparse_limit() const { return std::max(limit_ * stride, sparse_reach); }
  // f(U) for U a multiple of `stride` in [limit, sparse_limit()), computed on first request (the
  // same evaluator, so the same value as operator()(U)); grows in blocks like the table.
  double sparse(std::uint64_t U) {
    const std::uint64_t i = (U - limit_) / stride;
    if (i >= sparse_.size()) sparse_.resize((i / block + 1) * block, std::numeric_limits<double>::quiet_NaN());
    double& v = sparse_[i];
    if (!(v == v)) v = eval_(U);
    return v;
  }

  F f_;
  decltype(table_evaluator(std::declval<const F&>())) eval_;
  std::uint64_t limit_;
  std::vector<double> sparse_;
  std::uint64_t decreasing_from_ = 0;  // 0: lower_bound answers f(T)
  std::vector<double, large_page_allocator<double>> table_;
  struct recent_entry {
    std::uint64_t T = 0;  // 0: empty
    double value = 0;
  };
  std::array<recent_entry, recent> recent_{};
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

/// A rule's handle on a table of thread_count_cache.  A copy takes the copying thread's table for
/// the same function (the same values: the table caches f), so rules copied on different threads
/// (the forks of a study, simulated in parallel) never share a table; a move keeps it.
template <class F>
class thread_cache_ref {
 public:
  thread_cache_ref() = default;
  thread_cache_ref(std::shared_ptr<count_cache<F>> p) : p_(std::move(p)) {}  // NOLINT: from thread_count_cache
  thread_cache_ref(const thread_cache_ref& o) : p_(o.p_ ? thread_count_cache(o.p_->function()) : nullptr) {}
  thread_cache_ref& operator=(const thread_cache_ref& o) {
    if (this != &o) p_ = o.p_ ? thread_count_cache(o.p_->function()) : nullptr;
    return *this;
  }
  thread_cache_ref(thread_cache_ref&&) noexcept = default;
  thread_cache_ref& operator=(thread_cache_ref&&) noexcept = default;
  count_cache<F>* operator->() const { return p_.get(); }
  count_cache<F>& operator*() const { return *p_; }
  /// Whether two handles use one table (tests).
  bool shares_table_with(const thread_cache_ref& o) const { return p_ == o.p_; }

 private:
  std::shared_ptr<count_cache<F>> p_;
};

/// (1+beta) ucb_width(T, ...): lil'UCB's exploration bonus as a comparable function object.
struct lilucb_bonus {
  /// count_cache's table length for it: lil'UCB reads the bonus past 2^16 counts mostly through
  /// count_cache::lower_bound, and exactly only where the pulled arm may leave the top (a few
  /// thousand counts in a run of millions of pulls), so a longer table would cost a cold run
  /// the zeroing of pages it barely reads (docs/benchmarks.md, cold runs).
  static constexpr std::uint64_t table_limit = std::uint64_t(1) << 16;
  double one_plus_beta, eps, delta, sigma;
  inner_log inner;
  double operator()(std::uint64_t T) const { return one_plus_beta * ucb_width(T, eps, delta, sigma, inner); }
  bool operator==(const lilucb_bonus&) const = default;
  /// The same values, faster (count_cache's tables).
  lil_width_evaluator<lilucb_bonus> evaluator() const {
    const bool ok = lilucb::detail::lil_arguments_ok<policies::return_sentinel>("", "T", 1.0, eps, delta, sigma, inner);
    return {*this, ok, eps, delta, sigma, inner, 1.0, one_plus_beta};
  }
};

}  // namespace lilucb::bandit::detail
