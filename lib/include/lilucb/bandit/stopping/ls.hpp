#pragma once
// LS-style stopping (Section 5's LIL stopping rule, generalised to any per-arm boundary): stop
// when the empirically best arm's lower boundary reaches every other arm's upper boundary,
//     mu_hat_{i_hat} - B(T_{i_hat}) >= max_{j != i_hat} mu_hat_j + B(T_j),
// and answer i_hat.  O(log K) per pull (basic_ls_rule: two indexed heaps).
//
// Certificate, valid for ANY sampling rule: each arm's rewards form one i.i.d. sequence whatever
// the sampling (the k-th reward of arm i is the k-th draw of its own sequence), so if
// P(exists T: |mu_hat_i(T) - mu_i| > B(T)) <= p_i for each arm and sum_i p_i <= nu, then with
// probability >= 1 - nu every arm stays within its boundary at every count; on that event the
// rule can only stop with i_hat the true best arm (its lower boundary is below its mean, which
// is then above every other arm's upper boundary, hence above that arm's mean).  For the
// finite-LIL width (Lemma `lem:lil`) at delta = ls_delta_for_failure_probability(eps, nu) the
// sum of the two-sided, per-arm crossing bounds is exactly nu (ls_bound.hpp).  Other boundaries
// (the anytime boundaries of lilucb/boundaries: stitched, mixture, calibrated) plug in as the Width type.

#include "lilucb/bandit/detail/ls_rule.hpp"

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace lilucb::bandit::stopping {

template <class Width = detail::ls_width>
class ls {
 public:
  /// K arms; width: B(T) with per-arm two-sided crossing probabilities summing to the error
  /// probability stated in `certificate`.
  ls(std::size_t K, const Width& width, std::string certificate)
      : rule_(K, width), certificate_(std::move(certificate)) {}

  static constexpr const char* name() { return "ls"; }
  void observe(std::size_t i, const arm_stats& s) { rule_.update(i, s); }
  bool should_stop(const arm_stats& s) { return rule_.satisfied(s); }
  std::size_t recommendation(const arm_stats&) const { return rule_.leader(); }
  bool certified() const { return true; }
  const std::string& certificate() const { return certificate_; }
  /// The leader's lower bound against every other arm's upper bound (detail::basic_ls_rule).
  std::vector<challenger_evidence> evidence(const arm_stats& s) { return rule_.evidence(s); }

 private:
  detail::basic_ls_rule<Width> rule_;
  std::string certificate_;
};

/// The LS rule with Section 5's finite-LIL width at error probability nu (eps = 0.01).
/// Domain: K >= 1, nu in (0, 1), sigma > 0.
inline ls<detail::ls_width> finite_lil_ls(std::size_t K, double nu, double sigma, double eps = 0.01) {
  const double delta = ls_delta_for_failure_probability(eps, nu);
  detail::ls_rule check(K, eps, delta, sigma);  // validates (throws on bad input)
  (void)check;
  return ls<detail::ls_width>(K, detail::ls_width{eps, delta, sigma, K},
                      "LS rule with the finite-LIL boundary (Lemma lem:lil, eps = " + std::to_string(eps) +
                          ") at delta/(2K) per arm and sign: union bound over arms, valid for any sampling rule; "
                          "P(wrong answer) <= nu");
}

}  // namespace lilucb::bandit::stopping
