#pragma once
// An upper bound of a log-sum-exp log sum_k exp(x_k) whose exponents grow, reward by reward, by
// a quadratic in the reward y:  x_k += a_k y + b_k + c_k y^2.  The pooled rules' pair sides at a
// fixed m are of this form (Proposition PK: a_k = +-lambda_k, b_k = -psi_m(+-lambda_k), c_k = 0;
// Proposition PE: the empirical-Bernstein bet's lambda (y - m) - psi (y - m)^2), so a side can
// be brought up to date in O(G) multiplications instead of G exponentials and logarithms.
//
// Terms are kept as e^{x_k - offset} (offset: the largest exponent at the reset) with pending
// increments p_k (the sums of a_k y + b_k + c_k y^2 since the terms were last multiplied by e^{p_k});
// since sum_k t_k e^{p_k} <= (sum_k t_k) e^{max_k p_k}, the bound needs no exponential until the
// pending increments are applied.  Guarantee: upper() >= log sum_k
// e^{x_k} for the exact exponents, provided reset() was given exponents within eta of them and
// every add() the exact reward: every term carries a relative error of at most rel (to first
// order; healthy() requires rel <= 1e-6, where (1 + rel)-products stay within 1.01 rel), and
// upper() adds the sum's, the logarithm's and the offset's rounding.  A term is never let below
// 2^-1000 (raising a term keeps the bound an upper bound; an underflow to 0 would not).  The
// argument: docs/certified-glr/pooled-kl.md, "Deciding a pull in O(G) multiplications".
//
// Domain: 1 to 128 finite exponents, eta >= 0; finite coefficients; rewards y in [0, 1].

#include <cstddef>
#include <vector>

namespace lilucb::bandit::detail {

class tracked_log_sum {
 public:
  /// Starts from the exponents x (each within eta of the exact one) and the increments' coefficients.
  void reset(const std::vector<double>& x, double eta, const std::vector<double>& a, const std::vector<double>& b,
             const std::vector<double>& c);
  /// One more reward y in [0, 1]: O(G) additions (the increments wait, and are applied to the
  /// terms, G exponentials, once one exceeds 64 in magnitude or upper() is asked).
  void add(double y);
  /// An upper bound of log sum_k exp(x_k) now, in O(1): the bound at the last time the terms were
  /// brought up to date plus the largest pending increment.
  double cheap_upper() const;
  /// The same bound with the pending increments applied (G exponentials if any are pending).
  double upper();
  /// False once the carried error exceeds 1e-6 or the largest term leaves [2^-900, 2^900]: reset then.
  bool healthy() const;

   /// Every member that changes after construction, for a study's snapshot (detail/state_archive.hpp).
   template <class Archive>
   void archive_state(Archive& ar) {
     ar(offset_, rel_, step_, log_sum_, max_pending_, has_pending_, healthy_terms_, term_, pending_, a_, b_, c_, one_);
   }
  /// A loaded state has as many terms, pending increments and coefficients, at most 128
  /// (detail/state_archive.hpp).
  bool state_is_valid() const {
    const std::size_t g = term_.size();
    return g <= 128 && pending_.size() == g && a_.size() == g && b_.size() == g && c_.size() == g && one_.size() == g;
  }

 private:
  void settle();
  double offset_ = 0, rel_ = 0, step_ = 0, log_sum_ = 0, max_pending_ = 0;
  bool has_pending_ = false, healthy_terms_ = false;
  std::vector<double> term_, pending_, a_, b_, c_, one_;
};

/// Whether a pair's two sides sum to certainly less than thr: their O(1) bounds first, then the
/// bounds with the increments applied; *bound receives the last sum compared (rounded up).
bool pair_below(tracked_log_sum& a, tracked_log_sum& b, double thr, double* bound);

}  // namespace lilucb::bandit::detail
