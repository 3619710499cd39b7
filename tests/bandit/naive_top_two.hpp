#pragma once
// The Top-Two sampling rules written from the papers' definitions, as plain loops over the arms,
// for comparison with lib/include/lilucb/bandit/sampling/top_two.hpp pull for pull
// (tests/bandit/sampling/test_top_two.cpp).  Nothing here follows the library's code: every quantity is
// recomputed at each decision from the run's arm_stats (counts N_a, empirical means mu_a).
//
// Definitions (sigma: the arms' scale; W the Gaussian transportation cost, the GLR statistic):
//   W(a, b) = (mu_a - mu_b)_+^2 / (2 sigma^2 (1/N_a + 1/N_b))
//   ttts    Russo (2016): leader L = argmax of one draw theta_a ~ N(mu_a, sigma^2/N_a) (the
//           posterior of a flat prior); with probability 1/2 pull L, else the challenger:
//           argmax of posterior draws repeated until it differs from L (capped).
//   t3c     Shang et al. (2020): leader as ttts; challenger C = argmin_{b != L} W(L, b); with
//           probability 1/2 pull L, else C.
//   eb-tci  Jourdan et al. (2022): leader B = argmax_a mu_a (the empirical best); challenger
//           C = argmin_{b != B} W(B, b) + log N_b; tracking: L_B += 1 (the rounds led by B), then
//           pull B if N^B_B <= L_B / 2 (N^B_B: the pulls of B made as leader, counted here), else C.
//   -ids    You et al. (2023), information-directed selection: the leader's share is
//           h = N_C/(N_L + N_C) (Gaussian costs) instead of 1/2: t3c-ids pulls L with probability
//           h; eb-tci-ids tracks the sum of h over the rounds led by B (Jourdan, Degenne &
//           Kaufmann 2023): pull B if N^B_B <= that sum.
//
// The reference's contract beyond these definitions (what a pull-for-pull comparison also needs):
//   - ties in an argmax or argmin go to the lowest index (an argmin with no finite value: the
//     first arm other than the leader);
//   - randomness, from the run's stream, in this order per decision: ttts and t3c draw the leader
//     with the library's posterior sampler (bandit/detail/gaussian_argmax.hpp: exact in law, tested
//     in law separately; it draws fewer normals than K); t3c-ids then computes the challenger and
//     draws one uniform u, pulling L if u < h; ttts and t3c draw one uniform u and pull L if
//     u < 1/2, else t3c's challenger (no draw) or ttts's resampled challenger, drawn by the
//     library's sampling::ttts_challenger (its union scheme, tested in law separately);
//   - the posterior sampler holds N(mu_a, sigma^2/N_a) for every arm at each draw (every arm has
//     been pulled once before the first decision: run_composed's start);
//   - eb-tci and eb-tci-ids draw nothing.

#include "lilucb/bandit/arm_stats.hpp"
#include "lilucb/bandit/target.hpp"
#include "lilucb/bandit/detail/gaussian_argmax.hpp"
#include "lilucb/bandit/sampling/top_two.hpp"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace lilucb_test {

using lilucb::bandit::arm_stats;
using lilucb::bandit::sampling::top_two_kind;
using lilucb::bandit::sampling::top_two_selection;

template <top_two_kind Kind>
class naive_top_two {
 public:
  naive_top_two(std::size_t K, double sigma, top_two_selection selection = top_two_selection::half,
                lilucb::bandit::answer_target target = {})
      : sigma_(sigma), ids_(selection == top_two_selection::ids), posterior_(K), led_(K, 0.0), pulled_as_leader_(K, 0),
        target_(target) {}
  static constexpr const char* name() { return "naive top-two"; }

  template <class Session>
  std::size_t next(Session& s) {
    const arm_stats& st = s.stats();
    const std::size_t K = st.size();
    if constexpr (Kind == top_two_kind::eb_tci) {
      std::size_t B = 0;
      for (std::size_t a = 1; a < K; ++a)
        if (st.mean(a) > st.mean(B)) B = a;
      const std::size_t C = argmin_cost(st, B, true);
      led_[B] += ids_ ? leader_share(st, B, C) : 0.5;
      if (static_cast<double>(pulled_as_leader_[B]) <= led_[B]) {
        ++pulled_as_leader_[B];
        return B;
      }
      return C;
    } else {
      for (std::size_t a = 0; a < K; ++a)
        posterior_.set(a, st.mean(a), sigma_ / std::sqrt(static_cast<double>(st.count(a))));
      const std::size_t L = posterior_.sample(s.rng(), K).top;
      if constexpr (Kind == top_two_kind::t3c) {
        if (ids_) {
          const std::size_t C = argmin_cost(st, L, false);
          return s.rng().engine().uniform01() < leader_share(st, L, C) ? L : C;
        }
        return s.rng().engine().uniform01() < 0.5 ? L : argmin_cost(st, L, false);
      } else {
        if (s.rng().engine().uniform01() < 0.5) return L;
        return lilucb::bandit::sampling::ttts_challenger(posterior_, s.rng(), L);
      }
    }
  }
  void observe(std::size_t, const arm_stats&) {}

 private:
  /// W(a, b) as defined above (0 when mu_a <= mu_b); for an epsilon-good target EB-TCε's cost
  /// (mu_a - mu_b + eps)_+^2/(2 sigma^2 (1/N_a + 1/N_b)), relative
  /// (mu_a - (1 - eps) mu_b)_+^2/(2 sigma^2 (1/N_a + (1 - eps)^2/N_b)).
  double cost(const arm_stats& st, std::size_t a, std::size_t b) const {
    const double e = target_.epsilon, c = target_.relative ? (1 - e) * (1 - e) : 1.0;
    const double d = target_.relative ? st.mean(a) - (1 - e) * st.mean(b) : st.mean(a) - st.mean(b) + e;
    if (!(d > 0)) return 0.0;
    const double na = static_cast<double>(st.count(a)), nb = static_cast<double>(st.count(b));
    return d * d / (2 * sigma_ * sigma_ * (1 / na + c / nb));
  }
  /// argmin_{b != L} W(L, b) (+ log N_b with `improved`), lowest index on ties.
  std::size_t argmin_cost(const arm_stats& st, std::size_t L, bool improved) const {
    std::size_t best = L == 0 ? 1 : 0;
    double best_value = HUGE_VAL;
    for (std::size_t b = 0; b < st.size(); ++b) {
      if (b == L) continue;
      const double v = cost(st, L, b) + (improved ? std::log(static_cast<double>(st.count(b))) : 0.0);
      if (v < best_value) {
        best_value = v;
        best = b;
      }
    }
    return best;
  }
  /// IDS's leader share for Gaussian costs: N_C/(N_L + N_C).
  static double leader_share(const arm_stats& st, std::size_t L, std::size_t C) {
    const double nl = static_cast<double>(st.count(L)), nc = static_cast<double>(st.count(C));
    return nc / (nl + nc);
  }

  double sigma_;
  bool ids_;
  lilucb::bandit::detail::gaussian_argmax posterior_;  // ttts, t3c: the posterior sampler
  std::vector<double> led_;                        // eb-tci: the summed shares (1/2 or h) of the rounds led
  std::vector<std::uint64_t> pulled_as_leader_;    // eb-tci: N^B_B
  lilucb::bandit::answer_target target_;
};

}  // namespace lilucb_test
