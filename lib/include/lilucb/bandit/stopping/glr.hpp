#pragma once
// GLR (Chernoff) stopping: with i_hat the empirically best arm, stop when
//     min_{b != i_hat} Z_{i_hat, b}(t) > beta(t, delta)
// and answer i_hat (Garivier & Kaufmann 2016, "Optimal best arm identification with fixed
// confidence", Section 3; Kaufmann & Koolen 2021 for the thresholds).  The pairwise statistic:
//   Gaussian arms (known sigma):  Z_{a,b} = N_a N_b/(N_a + N_b) (mu_hat_a - mu_hat_b)^2/(2 sigma^2)
//   Bernoulli arms (KL form):     Z_{a,b} = N_a kl(mu_hat_a, m) + N_b kl(mu_hat_b, m),
//                                 m = (N_a mu_hat_a + N_b mu_hat_b)/(N_a + N_b)
// (0 when mu_hat_a <= mu_hat_b).
// For an epsilon-good target (bandit/target.hpp) Z_{a,b} is the GLR against the alternative
// "b beats a by the target": mu_b >= mu_a + epsilon (additive) or (1 - epsilon) mu_b >= mu_a
// (relative), glr_statistic_target below (the practice's statistic for that question: Garivier &
// Kaufmann 2021; Jourdan, Degenne & Kaufmann 2023).
//
// Thresholds are objects with beta(t), certified() and certificate(); this file has the heuristic
// log((1 + log t)/delta) used in most published experiments, which carries NO guarantee.  The
// Kaufmann-Koolen threshold (certified) comes from the anytime boundaries of lilucb/boundaries.
//
// Cost.  The decision min_b Z_{i_hat,b} > beta is taken exactly and lazily by the leader/pair core
// shared with glr_mixture.hpp (bandit/detail/leader_pairwise.hpp, which states the cost: one
// failing witness pair is watched; Z_{i_hat,b} changes only when arm b or i_hat is pulled or
// i_hat changes).  The threshold is tabulated by t
// (count_cache: identical values).

#include "lilucb/bandit/arm_stats.hpp"
#include "lilucb/bandit/rules.hpp"
#include "lilucb/bandit/detail/confidence.hpp"
#include "lilucb/bandit/detail/leader_pairwise.hpp"
#include "lilucb/bandit/target.hpp"
#include "lilucb/theory/divergence.hpp"
#include "lilucb/detail/golden_section.hpp"
#include "lilucb/errors.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <vector>

namespace lilucb::bandit::stopping {

/// The statistic's model.
enum class glr_model { gaussian, bernoulli };

/// The heuristic threshold beta(t, delta) = log((1 + log t)/delta) (e.g. Garivier & Kaufmann 2016,
/// Section 6; Jourdan et al. 2022): no guarantee.  Domain: delta in (0, 1).
struct heuristic_threshold {
  double delta;
  double operator()(std::uint64_t t) const { return std::log((1 + std::log(static_cast<double>(t))) / delta); }
  bool operator==(const heuristic_threshold&) const = default;
  static constexpr bool certified() { return false; }
  static std::string certificate() {
    return "none: the heuristic threshold log((1 + log t)/delta) carries no guarantee (error rates are reported, "
           "not tested)";
  }
  std::string label() const { return "heuristic"; }
};

inline heuristic_threshold make_heuristic_threshold(double delta) {
  check_open_interval("lilucb::bandit::stopping::make_heuristic_threshold", "delta", delta, 0.0, 1.0);
  return heuristic_threshold{delta};
}

/// Z_{a,b} for the model (see the file comment); 0 when mean_a <= mean_b.
inline double glr_statistic(glr_model model, double sigma, std::uint64_t na, double ma, std::uint64_t nb, double mb) {
  if (!(ma > mb)) return 0.0;
  const double Na = static_cast<double>(na), Nb = static_cast<double>(nb);
  if (model == glr_model::gaussian) {
    const double d = ma - mb;
    return Na * Nb / (Na + Nb) * d * d / (2 * sigma * sigma);
  }
  const double m = (Na * ma + Nb * mb) / (Na + Nb);
  return Na * ::lilucb::bernoulli_kl(ma, m) + Nb * ::lilucb::bernoulli_kl(mb, m);
}

/// Z_{a,b} for the target's question: inf over (x, y) with y >= x + epsilon (additive) or
/// (1 - epsilon) y >= x (relative) of N_a d(mu_hat_a, x) + N_b d(mu_hat_b, y), d the model's
/// divergence; 0 when (mu_hat_a, mu_hat_b) lies in that set; glr_statistic at epsilon = 0.
/// Gaussian: (mu_hat_a - mu_hat_b + epsilon)^2 / (2 sigma^2 (1/N_a + 1/N_b)), relative
/// (mu_hat_a - (1 - epsilon) mu_hat_b)^2 / (2 sigma^2 (1/N_a + (1 - epsilon)^2/N_b)).  Bernoulli:
/// the minimum over the line y = x + epsilon (y = x/(1 - epsilon)) of a convex function, found by
/// golden-section search to 1e-12 of the interval (the statistic of an uncertified rule: no bound
/// is claimed for its rounding).
inline double glr_statistic_target(glr_model model, double sigma, std::uint64_t na, double ma, std::uint64_t nb,
                                   double mb, const answer_target& t) {
  if (t.epsilon == 0) return glr_statistic(model, sigma, na, ma, nb, mb);
  const double e = t.epsilon, Na = static_cast<double>(na), Nb = static_cast<double>(nb);
  // a is not beaten by the target's margin iff ma > mb - e (additive), ma > (1 - e) mb (relative).
  const double gap = t.relative ? ma - (1 - e) * mb : ma - mb + e;
  if (!(gap > 0)) return 0.0;
  if (model == glr_model::gaussian) {
    const double c = t.relative ? (1 - e) * (1 - e) : 1.0;
    return gap * gap / (2 * sigma * sigma * (1 / Na + c / Nb));
  }
  // Bernoulli: x = a's alternative mean, y(x) = b's; x runs over the segment where y(x) is in
  // [mb, 1] and x in [0, ma]; the objective is convex in x (kl convex in its second argument,
  // y affine in x).
  const auto y_of = [&](double x) { return t.relative ? x / (1 - e) : x + e; };
  const auto f = [&](double x) { return Na * ::lilucb::bernoulli_kl(ma, x) + Nb * ::lilucb::bernoulli_kl(mb, y_of(x)); };
  const double hi_x = std::min(ma, 1 - e);                                   // y(x) <= 1
  const double lo_x = std::max(0.0, t.relative ? (1 - e) * mb : mb - e);      // y(x) >= mb
  if (!(lo_x < hi_x)) return f(std::max(0.0, std::min(lo_x, hi_x)));
  const auto p = ::lilucb::detail::golden_section(
      f, lo_x, hi_x, [&](int, double l, double r) { return r - l > 1e-12 * (1 + hi_x - lo_x); });
  return std::min({p.f1, p.f2, f(lo_x), f(hi_x)});
}

/// The pair statistic and threshold of glr (detail/leader_pairwise.hpp's Pair policy): Z_{a,b}
/// of the model, passing when Z > beta(t, delta).
template <class Threshold>
struct glr_pair {
  glr_model model;
  double sigma;
  detail::thread_cache_ref<Threshold> beta;
  answer_target target{};
  double key(const arm_stats& s, std::size_t a, std::size_t b) const {
    return glr_statistic_target(model, sigma, s.count(a), s.mean(a), s.count(b), s.mean(b), target);
  }
  bool passes(double z, const arm_stats& s) const { return z > (*beta)(s.total()); }
};

/// The rule: observe, should_stop, recommendation, name and min_statistic (the smallest
/// Z_{i_hat, b} now; tests) from detail::pairwise_rule.
template <class Threshold>
class glr : public detail::pairwise_rule<glr_pair<Threshold>> {
 public:
  /// K arms, the model, sigma (Gaussian model), the threshold and the question (bandit/target.hpp).
  /// Domain: K >= 1, sigma > 0, check_target.
  glr(std::size_t K, glr_model model, double sigma, const Threshold& threshold, answer_target target = {})
      : detail::pairwise_rule<glr_pair<Threshold>>(
            K, glr_pair<Threshold>{model, sigma, detail::thread_count_cache(threshold), target}) {
    check_positive("lilucb::bandit::stopping::glr", "sigma", sigma);
    check_target("lilucb::bandit::stopping::glr", target);
  }

  bool certified() const { return Threshold::certified(); }
  std::string certificate() const { return this->pair().beta->function().certificate(); }

  /// Z_{i_hat, b} against beta(t) for every challenger b of the leader i_hat now (0 while either
  /// arm has no pull).
  std::vector<challenger_evidence> evidence(const arm_stats& s) const {
    return this->challengers(s, (*this->pair().beta)(s.total()),
                             [&](std::size_t a, std::size_t b) { return this->pair().key(s, a, b); });
  }
};

}  // namespace lilucb::bandit::stopping
