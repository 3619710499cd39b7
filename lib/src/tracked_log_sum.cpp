// An upper bound of a log-sum-exp kept up to date reward by reward
// (lilucb/bandit/detail/tracked_log_sum.hpp; the argument: docs/certified-glr/pooled-kl.md).

#include "lilucb/bandit/detail/tracked_log_sum.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace lilucb::bandit::detail {

namespace {
/// The smallest term (a normal number: its products with a factor stay representable or are raised again).
constexpr double floor_term = 0x1p-1000;
/// The largest pending increment before the terms are brought up to date.
constexpr double max_pending = 64;
}  // namespace

// At the reset each term e^{x_k - offset} is within e^{eta + u |x_k - offset| + u} - 1 <= 1.72 (eta +
// 1.2e-16 |x_k - offset|) + 2.3e-16 of its exact value (e^z - 1 <= 1.72 z for z <= 1); the offset's
// own rounding does not count, since offset + log sum e^{x_k - offset} = log sum e^{x_k} for any
// offset.
void tracked_log_sum::reset(const std::vector<double>& x, double eta, const std::vector<double>& a,
                            const std::vector<double>& b, const std::vector<double>& c) {
  const std::size_t G = x.size();
  a_ = a;
  b_ = b;
  c_ = c;
  term_.resize(G);
  one_.resize(G);
  pending_.assign(G, 0.0);
  double best = -std::numeric_limits<double>::infinity(), step = 0;
  for (std::size_t k = 0; k < G; ++k) {
    best = std::max(best, x[k]);
    one_[k] = a[k] + b[k] + c[k];
    step = std::max(step, 1e-15 * (1 + std::fabs(a[k]) + std::fabs(b[k]) + std::fabs(c[k])));
  }
  offset_ = best;
  double spread = 0;
  for (std::size_t k = 0; k < G; ++k) {
    const double z = x[k] - best;
    term_[k] = std::max(std::exp(z), floor_term);
    spread = std::max(spread, std::fabs(z));
  }
  rel_ = 1.72 * (eta + 1.2e-16 * spread) + 2.3e-16;
  step_ = step;
  has_pending_ = false;
  max_pending_ = 0;
  settle();
}

// A reward adds a y + b + c y^2 to each pending increment: its argument within 3 ulps of |a| + |b| +
// |c| and the addition within an ulp of the increment's magnitude (at most max_pending + the
// argument): 1e-15 (1 + |a| + |b| + |c|) + 2.3e-16 (max_pending + 1 + |a| + |b| + |c|) per reward.
void tracked_log_sum::add(double y) {
  const std::size_t G = term_.size();
  double top = -std::numeric_limits<double>::infinity(), mag = 0;
  const auto move = [&](std::size_t k, double by) {
    const double p = pending_[k] += by;
    top = std::max(top, p);
    mag = std::max(mag, std::fabs(p));
  };
  if (y == 0) {
    for (std::size_t k = 0; k < G; ++k) move(k, b_[k]);
  } else if (y == 1) {
    for (std::size_t k = 0; k < G; ++k) move(k, one_[k]);
  } else {
    const double y2 = y * y;
    for (std::size_t k = 0; k < G; ++k) move(k, a_[k] * y + b_[k] + c_[k] * y2);
  }
  has_pending_ = true;
  max_pending_ = top;
  rel_ += step_ * 1.3 + 2.3e-16 * (max_pending + 1);
  if (mag > max_pending) settle();
}

// Each term times e^{pending}: the exponential within an ulp of itself plus the ulp of its argument's
// magnitude, the product within an ulp.
void tracked_log_sum::settle() {
  const std::size_t G = term_.size();
  double mag = 0;
  if (has_pending_) {
    for (std::size_t k = 0; k < G; ++k) {
      mag = std::max(mag, std::fabs(pending_[k]));
      term_[k] = std::max(term_[k] * std::exp(pending_[k]), floor_term);
      pending_[k] = 0;
    }
    rel_ += 2.3e-16 * (2 + mag);
  }
  has_pending_ = false;
  max_pending_ = 0;
  double sum = 0, top = 0;
  for (double t : term_) {
    sum += t;
    top = std::max(top, t);
  }
  log_sum_ = std::log(sum);
  healthy_terms_ = top >= 0x1p-900 && top <= 0x1p900;
}

// At the last settle: the sum of G positive terms within G ulps, the logarithm and the offset's
// addition each within an ulp of their magnitude.  Since then: sum_k t_k e^{p_k} <= (sum_k t_k)
// e^{max_k p_k}, each t_k e^{p_k} within rel of its exact value.
double tracked_log_sum::cheap_upper() const {
  return offset_ + log_sum_ + max_pending_ + 1.01 * (rel_ + 1.2e-16 * static_cast<double>(term_.size())) +
         2.3e-16 * (std::fabs(offset_) + std::fabs(log_sum_) + std::fabs(max_pending_)) + 1e-300;
}

double tracked_log_sum::upper() {
  if (has_pending_) settle();
  return cheap_upper();
}

bool tracked_log_sum::healthy() const { return rel_ <= 1e-6 && !term_.empty() && healthy_terms_; }

bool pair_below(tracked_log_sum& a, tracked_log_sum& b, double thr, double* bound) {
  const auto sum = [](double x, double y) { return x + y + 2.3e-16 * (std::fabs(x) + std::fabs(y)); };
  *bound = sum(a.cheap_upper(), b.cheap_upper());
  if (*bound < thr) return true;
  *bound = sum(a.upper(), b.upper());
  return *bound < thr;
}

}  // namespace lilucb::bandit::detail
