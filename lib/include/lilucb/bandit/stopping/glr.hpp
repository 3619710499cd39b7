#pragma once
// GLR (Chernoff) stopping: with i_hat the empirically best arm, stop when
//     min_{b != i_hat} Z_{i_hat, b}(t) > beta(t, delta)
// and answer i_hat (Garivier & Kaufmann 2016, "Optimal best arm identification with fixed
// confidence", Section 3; Kaufmann & Koolen 2021 for the thresholds).  The pairwise statistic:
//   Gaussian arms (known sigma):  Z_{a,b} = N_a N_b/(N_a + N_b) (mu_hat_a - mu_hat_b)^2/(2 sigma^2)
//   Bernoulli arms (KL form):     Z_{a,b} = N_a kl(mu_hat_a, m) + N_b kl(mu_hat_b, m),
//                                 m = (N_a mu_hat_a + N_b mu_hat_b)/(N_a + N_b)
// (0 when mu_hat_a <= mu_hat_b).
//
// Thresholds are objects with beta(t), certified() and certificate(); this file has the heuristic
// log((1 + log t)/delta) used in most published experiments, which carries NO guarantee.  The
// Kaufmann-Koolen threshold (certified) comes from the boundaries of issue 13.
//
// Cost.  The minimum over b is kept exactly and incrementally: Z_{i_hat,b} changes only when arm b
// or i_hat is pulled or i_hat changes.  A pull of b != i_hat that leaves i_hat in place updates one
// key of an indexed heap (O(log K), one statistic); a pull of i_hat or a change of leader
// recomputes the K - 1 statistics (O(K)).  Under optimal sampling i_hat gets a fraction
// w*_best of the pulls (1/(1 + sqrt(K-1)) for equal gaps), so the amortised cost is
// O(log K + w*_best K).  The threshold is tabulated by t (count_cache: identical values).

#include "lilucb/bandit/arm_stats.hpp"
#include "lilucb/bandit/detail/confidence.hpp"
#include "lilucb/bandit/detail/indexed_heap.hpp"
#include "lilucb/characteristic_time.hpp"
#include "lilucb/errors.hpp"

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

template <class Threshold>
class glr {
 public:
  /// K arms, the model, sigma (Gaussian model) and the threshold.  Domain: K >= 1, sigma > 0.
  glr(std::size_t K, glr_model model, double sigma, const Threshold& threshold)
      : model_(model), sigma_(sigma), beta_(detail::thread_count_cache(threshold)),
        means_(std::vector<double>(K, -std::numeric_limits<double>::infinity())),
        neg_z_(std::vector<double>(K, -std::numeric_limits<double>::infinity())) {
    check_positive("lilucb::bandit::stopping::glr", "sigma", sigma);
  }

  static constexpr const char* name() { return "glr"; }

  void observe(std::size_t i, const arm_stats& s) {
    means_.update(i, s.mean(i));
    const std::size_t leader = means_.top();
    if (leader != leader_ || i == leader) {
      leader_ = leader;
      rebuild(s);
    } else {
      neg_z_.update(i, key(s, i));
    }
  }

  bool should_stop(const arm_stats& s) {
    if (neg_z_.size() < 2) return true;
    if (s.count(neg_z_.top()) == 0) return false;  // some arm unsampled
    // top of the max-heap of -Z: the smallest Z over b != leader (the leader's key is -inf).
    const double zmin = -neg_z_.top_key();
    return zmin > (*beta_)(s.total());
  }
  std::size_t recommendation(const arm_stats&) const { return means_.top(); }
  bool certified() const { return Threshold::certified(); }
  std::string certificate() const { return beta_->function().certificate(); }
  /// The smallest Z_{i_hat, b} now (tests).
  double min_statistic() const { return -neg_z_.top_key(); }

 private:
  double key(const arm_stats& s, std::size_t b) const {
    if (s.count(b) == 0) return -0.0;  // unsampled: Z = 0, never stop
    return -glr_statistic(model_, sigma_, s.count(leader_), s.mean(leader_), s.count(b), s.mean(b));
  }
  void rebuild(const arm_stats& s) {
    const std::size_t K = s.size();
    std::vector<double> keys(K);
    for (std::size_t b = 0; b < K; ++b)
      keys[b] = b == leader_ ? -std::numeric_limits<double>::infinity() : key(s, b);
    neg_z_ = detail::indexed_max_heap(std::move(keys));
  }

  glr_model model_;
  double sigma_;
  std::shared_ptr<detail::count_cache<Threshold>> beta_;
  detail::indexed_max_heap means_;
  detail::indexed_max_heap neg_z_;
  std::size_t leader_ = static_cast<std::size_t>(-1);
};

}  // namespace lilucb::bandit::stopping
