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
//           h = N_L d(mu_L, x_L)/(N_L d(mu_L, x_L) + N_C d(mu_C, x_C)), (x_L, x_C) the pair's point of
//           the alternative's boundary nearest in divergence d (N_C/(N_L + N_C) for Gaussian costs)
//           instead of 1/2: t3c-ids pulls L with probability h; eb-tci-ids tracks the sum of h over
//           the rounds led by B (Jourdan, Degenne & Kaufmann 2023): pull B if N^B_B <= that sum.
// The reward models (top_two_model):
//   bernoulli           d = kl, the Bernoulli divergence: W(a, b) = min over the boundary x_a = s x_b - e
//                       (s = 1, e = eps additive; s = 1 - eps, e = 0 relative) of N_a kl(mu_a, x_a) +
//                       N_b kl(mu_b, x_b) (at eps = 0 the count-weighted mean; else bisection on x_b);
//                       IDS's share N_C/(N_L + N_C) where the means lie on the boundary; the posterior
//                       the normal law with the moments of Beta(1 + S_a, 1 + N_a - S_a).
//   empirical_variance  the Gaussian forms with v_a = (sum of (y - mu_a)^2 + sigma^2)/(N_a + 1) per arm,
//                       from the arm's rewards kept here (two passes).
//   unknown_variance    the same with sigma^2 replaced by V = the largest of the arms' (sum of
//                       (y - mu_b)^2)/N_b (1 while all are 0), recomputed at every decision.
//   capped_betting      empirical_variance's posterior; W and the share from the library's
//                       capped_transport (its minimisation is tested against a grid apart) on the means
//                       and variances rescaled to [0, 1] from the range [lo, hi] given here, and the
//                       boundary x_a = s x_b - e mapped there; empirical_variance's share where the means
//                       are in the alternative.
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
//     been pulled once before the first decision: run_composed's start); in the Bernoulli model the
//     Beta moments m = (S_a + 1)/(N_a + 2), sqrt(m (1 - m)/(N_a + 3)), written as the library writes
//     them (the draw's order of the arms reads their last bits);
//   - eb-tci and eb-tci-ids draw nothing.

#include "lilucb/bandit/arm_stats.hpp"
#include "lilucb/bandit/target.hpp"
#include "lilucb/bandit/detail/gaussian_argmax.hpp"
#include "lilucb/bandit/sampling/top_two.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace lilucb_test {

using lilucb::bandit::arm_stats;
using lilucb::bandit::sampling::top_two_kind;
using lilucb::bandit::sampling::top_two_selection;

using lilucb::bandit::sampling::top_two_model;

template <top_two_kind Kind>
class naive_top_two {
 public:
  naive_top_two(std::size_t K, double sigma, top_two_selection selection = top_two_selection::half,
                lilucb::bandit::answer_target target = {}, top_two_model model = top_two_model::gaussian,
                double lo = 0, double hi = 1)
      : sigma_(sigma), ids_(selection == top_two_selection::ids), posterior_(K), led_(K, 0.0), pulled_as_leader_(K, 0),
        target_(target), model_(model), rewards_(K), lo_(lo), hi_(hi) {}
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
      for (std::size_t a = 0; a < K; ++a) {
        const double n = static_cast<double>(st.count(a));
        if (model_ == top_two_model::gaussian) {
          posterior_.set(a, st.mean(a), sigma_ / std::sqrt(n));
        } else if (model_ == top_two_model::bernoulli) {
          // The moments of Beta(1 + S, 1 + N - S), in the library's expressions (shared contract below).
          const double m = (st.sum(a) + 1) / (n + 2);
          posterior_.set(a, m, std::sqrt(m * (1 - m) / (n + 3)));
        } else {  // the variance models
          posterior_.set(a, st.mean(a), std::sqrt(variance(a) / n));
        }
      }
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
  void observe(std::size_t i, const arm_stats& st) { rewards_[i].push_back(st.last_added()); }

 private:
  /// s and e of the alternative's boundary x_a = s x_b - e (header comment).
  double s_() const { return target_.relative ? 1 - target_.epsilon : 1.0; }
  double e_() const { return target_.relative ? 0.0 : target_.epsilon; }
  /// Arm a's sum of squared deviations, two passes.
  double sum_squares(std::size_t a) const {
    const auto& y = rewards_[a];
    double m = 0, m2 = 0;
    for (double v : y) m += v;
    m /= static_cast<double>(y.size());
    for (double v : y) m2 += (v - m) * (v - m);
    return m2;
  }
  /// The variance models: v_a from arm a's rewards (header comment).
  double variance(std::size_t a) const {
    double v0 = sigma_ * sigma_;
    if (model_ == top_two_model::unknown_variance) {
      v0 = 0;
      for (std::size_t b = 0; b < rewards_.size(); ++b)
        if (!rewards_[b].empty()) v0 = std::max(v0, sum_squares(b) / static_cast<double>(rewards_[b].size()));
      if (!(v0 > 0)) v0 = 1;
    }
    return (sum_squares(a) + v0) / (static_cast<double>(rewards_[a].size()) + 1);
  }
  static double kl(double p, double q) {
    return std::max(0.0, (p > 0 ? p * std::log(p / q) : 0.0) + (p < 1 ? (1 - p) * std::log((1 - p) / (1 - q)) : 0.0));
  }
  /// capped_betting: the library's transport on [0, 1]: means (m - lo)/(hi - lo), variances over
  /// (hi - lo)^2, and the raw boundary lo + R x_a = s (lo + R x_b) - e as x_a = s x_b - (e + (1 - s) lo)/R.
  lilucb::bandit::sampling::transport_terms capped(const arm_stats& st, std::size_t a, std::size_t b) const {
    const double R = hi_ - lo_;
    return lilucb::bandit::sampling::capped_transport(
        (st.mean(a) - lo_) / R, static_cast<double>(st.count(a)), variance(a) / (R * R), (st.mean(b) - lo_) / R,
        static_cast<double>(st.count(b)), variance(b) / (R * R), s_(), (e_() + (1 - s_()) * lo_) / R);
  }
  /// bernoulli: the two terms N_a kl(mu_a, x_a), N_b kl(mu_b, x_b) at the boundary's point nearest
  /// in divergence: at eps = 0 the count-weighted mean (the Bernoulli GLR's minimiser); otherwise
  /// the root of the convex objective's derivative in x_b over [0, 1] with s x_b - e in [0, 1], by
  /// bisection on its sign (a search on the objective's values would place it only to about the
  /// square root of the rounding, and the shares' comparisons read the terms' digits).
  std::pair<double, double> kl_terms(double ma, double na, double mb, double nb) const {
    const double s = s_(), e = e_();
    if (s == 1 && e == 0) {
      const double m = (na * ma + nb * mb) / (na + nb);
      return {na * kl(ma, m), nb * kl(mb, m)};
    }
    const auto xa = [&](double x) { return std::min(1.0, std::max(0.0, s * x - e)); };
    // d/dq kl(p, q) = (q - p)/(q (1 - q)), with its limits 1/(1 - q) at p = 0 and -1/q at p = 1.
    const auto slope = [](double p, double q) { return p == 0 ? 1 / (1 - q) : p == 1 ? -1 / q : (q - p) / (q * (1 - q)); };
    double lo = std::max(0.0, e / s), hi = std::min(1.0, (1 + e) / s);
    while (true) {
      const double x = 0.5 * (lo + hi);
      if (x <= lo || x >= hi) break;
      (na * s * slope(ma, xa(x)) + nb * slope(mb, x) > 0 ? hi : lo) = x;
    }
    const double x = 0.5 * (lo + hi);
    return {na * kl(ma, xa(x)), nb * kl(mb, x)};
  }
  /// W(a, b) as defined above (0 when mu_a <= mu_b); for an epsilon-good target EB-TCε's cost
  /// (mu_a - mu_b + eps)_+^2/(2 sigma^2 (1/N_a + 1/N_b)), relative
  /// (mu_a - (1 - eps) mu_b)_+^2/(2 sigma^2 (1/N_a + (1 - eps)^2/N_b)).
  double cost(const arm_stats& st, std::size_t a, std::size_t b) const {
    const double e = target_.epsilon, c = target_.relative ? (1 - e) * (1 - e) : 1.0;
    const double d = target_.relative ? st.mean(a) - (1 - e) * st.mean(b) : st.mean(a) - st.mean(b) + e;
    if (!(d > 0)) return 0.0;
    const double na = static_cast<double>(st.count(a)), nb = static_cast<double>(st.count(b));
    if (model_ == top_two_model::bernoulli) {
      const auto [ta, tb] = kl_terms(st.mean(a), na, st.mean(b), nb);
      return ta + tb;
    }
    if (model_ == top_two_model::empirical_variance || model_ == top_two_model::unknown_variance)
      return d * d / (2 * (variance(a) / na + c * variance(b) / nb));
    if (model_ == top_two_model::capped_betting) {
      const auto t = capped(st, a, b);
      return t.a_term + t.b_term;
    }
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
  /// IDS's leader share (header comment); N_C/(N_L + N_C) where both divergences vanish.
  double leader_share(const arm_stats& st, std::size_t L, std::size_t C) const {
    const double nl = static_cast<double>(st.count(L)), nc = static_cast<double>(st.count(C));
    if (model_ == top_two_model::capped_betting && st.mean(L) > s_() * st.mean(C) - e_()) {
      const auto t = capped(st, L, C);
      if (t.a_term + t.b_term > 0) return t.a_term / (t.a_term + t.b_term);
    }
    if (model_ == top_two_model::empirical_variance || model_ == top_two_model::capped_betting ||
        model_ == top_two_model::unknown_variance) {
      const double pl = nl / variance(L), pc = nc / variance(C);
      return pc / (pl + pc);
    }
    if (model_ == top_two_model::bernoulli) {
      const double ml = st.mean(L), mc = st.mean(C);
      if (ml != s_() * mc - e_()) {  // off the boundary (on it both terms vanish)
        const auto [tl, tc] = kl_terms(ml, nl, mc, nc);
        if (tl + tc > 0) return tl / (tl + tc);
      }
    }
    return nc / (nl + nc);
  }

  double sigma_;
  bool ids_;
  lilucb::bandit::detail::gaussian_argmax posterior_;  // ttts, t3c: the posterior sampler
  std::vector<double> led_;                        // eb-tci: the summed shares (1/2 or h) of the rounds led
  std::vector<std::uint64_t> pulled_as_leader_;    // eb-tci: N^B_B
  lilucb::bandit::answer_target target_;
  top_two_model model_;
  std::vector<std::vector<double>> rewards_;  // every reward told, per arm
  double lo_, hi_;                            // capped_betting: the rewards' range
};

}  // namespace lilucb_test
