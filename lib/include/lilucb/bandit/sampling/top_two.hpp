#pragma once
// Top-two sampling rules: choose a leader and a challenger, pull the leader with probability (or
// tracked proportion) beta = 1/2, the challenger otherwise; or, with information-directed
// selection (top_two_selection::ids; the rules t3c-ids and eb-tci-ids of compose.hpp), with the
// proportion h = N_C/(N_L + N_C) for leader L and challenger C:
//   You, Qin, Wang & Yang (2023), "Information-directed selection for top-two algorithms", ICML:
//   IDS picks the leader with probability N_L d(mu_L, m)/(N_L d(mu_L, m) + N_C d(mu_C, m)), m the
//   count-weighted mean of the pair, d the divergence; for Gaussian arms (d = squared distance /
//   2 sigma^2) this is N_C/(N_L + N_C).  At a fixed point of the sampling proportions w it forces
//   the balance w_best^2 = sum_{b != best} w_b^2 of the optimal proportions w*(mu) (Garivier &
//   Kaufmann 2016; lilucb/theory/characteristic_time.hpp), whereas beta = 1/2 forces w_best = 1/2:
//   with K - 1 equal gaps, T*_{1/2}/T* = 2K/(1 + sqrt(K - 1))^2 (1.67 at K = 101).
//   For eb-tci-ids the proportion is tracked as beta is (Jourdan, Degenne & Kaufmann 2023,
//   "Non-asymptotic analysis of a UCB-based top two algorithm", NeurIPS: one tracking per leader,
//   its target the sum of the IDS proportions of the rounds it led); for t3c-ids it is the coin's
//   probability.  TTTS has no IDS variant here: its challenger exists only when the coin asks
//   for it (resampling), and drawing it every round would multiply TTTS's cost.
//
// ttts    Russo (2016), "Simple Bayesian algorithms for best arm identification", COLT / Oper. Res.
//         2020: leader = argmax of one posterior sample theta; challenger = argmax of posterior
//         samples drawn again until it differs from the leader.  Randomised choice (coin, 1/2).
// t3c     Shang, de Heide, Menard, Kaufmann & Valko (2020), "Fixed-confidence guarantees for
//         Bayesian best-arm identification", AISTATS: leader as TTTS; challenger =
//         argmin_{b != leader} W(leader, b).  Randomised choice (coin, 1/2).
// eb_tci  Jourdan, Degenne, Baudry, de Heide & Kaufmann (2022), "Top two algorithms revisited",
//         NeurIPS: leader = the empirical best arm B; challenger = argmin_{b != B} W(B, b) + log N_b
//         (transportation cost improved); choice by tracking: pull B when N^B_B <= beta L_B, where
//         L_B counts the rounds with leader B and N^B_B the pulls of B made as leader.
//
// The arms' model (top_two_model) sets the transportation cost W, IDS's share and the posterior:
//   gaussian            W(a, b) = (mu_hat_a - mu_hat_b)_+^2/(2 sigma^2 (1/N_a + 1/N_b)), the Gaussian
//                       transportation cost (the GLR statistic) at the arms' width scale sigma; the
//                       posterior N(mu_hat_a, sigma^2/N_a) (flat prior); IDS's share N_C/(N_L + N_C).
//   bernoulli           the papers' Bernoulli form: W(a, b) = inf over the alternative of
//                       N_a kl(mu_hat_a, x_a) + N_b kl(mu_hat_b, x_b) (bernoulli_transport below; at
//                       eps = 0 the count-weighted mean is the minimiser); IDS's share
//                       N_L kl(mu_hat_L, x_L)/(N_L kl(mu_hat_L, x_L) + N_C kl(mu_hat_C, x_C)) at that
//                       minimiser (N_C/(N_L + N_C) where the means lie on the boundary, both terms
//                       then 0); the posterior the normal law with the mean and variance of
//                       Beta(1 + S_a, 1 + N_a - S_a) (uniform prior; S_a the arm's sum), an
//                       approximation of TTTS's Beta posterior that keeps the exact argmax draw.
//   empirical_variance  rewards of unknown variance in a known range (bounded arms): the Gaussian
//                       forms with arm a's variance v_a = (M2_a + sigma^2)/(N_a + 1) in place of
//                       sigma^2 (M2_a its sum of squared deviations; one pseudo-reward of the largest
//                       variance sigma^2 = ((hi - lo)/2)^2 keeps v_a > 0):
//                       W(a, b) = d_+^2/(2 (v_a/N_a + s^2 v_b/N_b)) (s = 1 - eps at a relative target, else
//                       1), IDS's share (N_C/v_C)/(N_L/v_L + N_C/v_C)
//                       (at a relative target without the challenger's factor (1 - eps)^2, as the
//                       Gaussian share N_C/(N_L + N_C)), the posterior N(mu_hat_a, v_a/N_a).  In a study
//                       the rewards reach v_a through observe_reward (take_rewards_apart).
//   unknown_variance    Gaussian rewards of unknown, possibly different variances: empirical_variance's
//                       forms with the pseudo-reward's variance the largest empirical variance among
//                       the arms, v_a = (M2_a + V)/(N_a + 1), V = max over b of M2_b/N_b (1 while every
//                       M2_b is 0), in place of sigma^2, which is not read: the costs and shares do not
//                       depend on the rewards' unit once some M2_b > 0 (every v_a scales with it);
//                       before, T3C's leader is drawn from N(mu_hat_a, 1/(2 N_a)), in the rewards'
//                       unit.  (An additive epsilon is in the rewards' unit.)  Cost: O(K) per reward
//                       for V, and when V changes every key and posterior is refreshed (O(K)).
//                       This can be several times slower per pull than empirical_variance at large
//                       K (the arm of the largest variance is often the leader).
//   capped_betting      rewards in a known range, stopped by betting (Proposition PB): the evidence a bet
//                       can collect per pull, not the Gaussian rate.  On rewards rescaled to [0, 1], a
//                       side of mean mu, variance v, tested against m collects about
//                       psi(d, v, r) = lambda d - lambda^2 v/2, lambda = min(d/v, 1/r), d = |mu - m|,
//                       whose cap 1/r (r = m on the side above m, 1 - m below) is the largest bet that
//                       keeps the wealth non-negative (docs/certified-glr/pooled-betting.md, section 1);
//                       W(a, b) = min over the boundary of N_a psi_a + N_b psi_b (capped_transport
//                       below), IDS's share N_L psi_L/W, the posterior as empirical_variance's.
// The Bernoulli and capped models read means and variances rescaled to [0, 1] by (y - lo)/(hi - lo)
// (the identity on Bernoulli arms), the target's boundary with them.
// No sampling rule carries the guarantee (the stopping rule certifies the answer whatever the
// sampling), so the model chooses where the pulls go, never whether an answer is correct.
// Ties to the lowest index.  Randomness comes from the run's stream (reproducible).
//
// Epsilon-good targets (bandit/target.hpp; t3c and eb_tci, with or without IDS): the challenger
// minimises the epsilon-shifted cost of EB-TCε (Jourdan, Degenne & Kaufmann 2023, "An epsilon-best-
// arm identification algorithm for fixed-confidence and beyond"): W_eps(a, b) =
// (mu_hat_a - mu_hat_b + eps)_+^2/(2 sigma^2 (1/N_a + 1/N_b)), and for a relative eps
// (mu_hat_a - (1 - eps) mu_hat_b)_+^2/(2 sigma^2 (1/N_a + (1 - eps)^2/N_b)), the Gaussian cost of
// the alternative "b beats a by the target" (docs/certified-glr/epsilon-topm.md, section 4); the
// other models' costs of the same alternative x_a <= s x_b - e (s = 1, e = eps additive; s = 1 - eps,
// e = 0 relative).  The leader is unchanged.  At epsilon = 0 the expressions are the best arm's,
// bit for bit.
//
// Cost per pull: O(log K) for the leader and the challenger's argmin kept incrementally, O(K) only
// when the leader changes or is pulled (and per reward with the unknown_variance model); the argmax of a posterior sample (ttts, t3c) drawn by
// bandit/detail/gaussian_argmax.hpp, exact in law.  Guarantee: every shortcut makes exactly the
// pulls of the obvious O(K) passes, bit for bit and with the same ties (tested pull for pull in
// tests/bandit/sampling/test_top_two.cpp against tests/bandit/naive_top_two.hpp); the posterior draws of
// ttts and t3c, and ttts's resampling (K <= ttts_direct_max_arms = 64: ttts_challenger's union
// scheme, the same law as the loop with its cap ttts_max_resamples = 100), are exact in law, not
// in stream.  The shortcuts, why each gives the pass's pulls, and how the streams changed with
// them: docs/bandit.md, "Top-two sampling: cost per pull".

#include "lilucb/bandit/arm_stats.hpp"
#include "lilucb/bandit/detail/gaussian_argmax.hpp"
#include "lilucb/bandit/detail/running_variance.hpp"
#include "lilucb/bandit/target.hpp"
#include "lilucb/detail/golden_section.hpp"
#include "lilucb/theory/divergence.hpp"
#include "lilucb/errors.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

namespace lilucb::bandit::sampling {

enum class top_two_kind { ttts, t3c, eb_tci };

/// The share of the leader: the fixed beta = 1/2, or information-directed selection (file comment).
enum class top_two_selection { half, ids };

inline constexpr int ttts_max_resamples = 100;
/// The direct scheme is used up to this many arms (it computes K - 1 normal probabilities).
inline constexpr std::size_t ttts_direct_max_arms = 64;

/// The arms' model for Top-Two's costs, IDS share and posterior (file comment).
enum class top_two_model { gaussian, bernoulli, empirical_variance, capped_betting, unknown_variance };

/// The two terms of a pair's transportation cost: the answer's side a and the challenger's side b
/// (IDS's share is a_term over their sum).
struct transport_terms {
  double a_term, b_term;
};

/// The Bernoulli transportation of a pair: the point of the boundary x_a = s x_b - e nearest in
/// divergence to the empirical means, found by bisection on the derivative of the convex
///     f(x) = N_a kl(m_a, s x - e) + N_b kl(m_b, x)   over x in [0, 1] with s x - e in [0, 1]
/// (the count-weighted mean at s = 1, e = 0, computed in closed form).  terms = (N_a kl(m_a, x_a),
/// N_b kl(m_b, x_b)) at the minimiser; their sum is W when m_a > s m_b - e (else W = 0: the means are
/// already in the alternative).  Domain: m in [0, 1], N > 0, s in (0, 1], e real; where no boundary
/// point lies in [0, 1] (an additive eps of at least the range: every arm is then eps-good) both terms
/// are +inf.  Accurate to the bisection's last interval (the sampling rule's choice only; no
/// guarantee rests on it).  W is the practice's epsilon-shifted Bernoulli GLR statistic
/// (stopping/glr.hpp, glr_statistic_target), which keeps its own golden-section search so that
/// published stopping times stay as they are; this one also returns the two terms (IDS's share).
inline transport_terms bernoulli_transport(double ma, double na, double mb, double nb, double s, double e) {
  double xb;
  if (s == 1 && e == 0) {
    xb = (na * ma + nb * mb) / (na + nb);
  } else {
    // f'(x) = N_a s kl'(m_a, s x - e) + N_b kl'(m_b, x), kl'(p, q) = (q - p)/(q (1 - q)).
    const auto dkl = [](double p, double q) {
      if (p == 0) return 1 / (1 - q);
      if (p == 1) return -1 / q;
      return (q - p) / (q * (1 - q));
    };
    double lo = std::max(0.0, e / s), hi = std::min(1.0, (1 + e) / s);
    if (!(lo < hi)) return {std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity()};
    while (true) {
      const double mid = 0.5 * (lo + hi);
      if (!(mid > lo && mid < hi)) break;
      const double q = std::min(1.0, std::max(0.0, s * mid - e));
      const double g = na * s * dkl(ma, q) + nb * dkl(mb, mid);
      if (g > 0) hi = mid;
      else lo = mid;
    }
    xb = 0.5 * (lo + hi);
  }
  const double xa = s == 1 && e == 0 ? xb : std::min(1.0, std::max(0.0, s * xb - e));
  // kl's rounding clamped at 0: the keys' shortcuts rely on keys >= 0.
  return {na * std::max(::lilucb::bernoulli_kl(ma, xa), 0.0), nb * std::max(::lilucb::bernoulli_kl(mb, xb), 0.0)};
}

/// The capped betting rate of one side (file comment): lambda d - lambda^2 v/2 at
/// lambda = min(d/v, 1/r), d >= 0, v > 0; no cap where r <= 0 (every bet keeps the wealth positive).
inline double capped_rate(double d, double v, double r) {
  const double lambda = r > 0 ? std::min(d / v, 1 / r) : d / v;
  return lambda * d - 0.5 * lambda * lambda * v;
}

/// The capped_betting model's transportation of a pair on [0, 1]-rescaled means and variances:
/// the minimum over the boundary point x (x_a = s x - e) between the two means of
///     N_a capped_rate(m_a - x_a, v_a, x_a) + N_b capped_rate(x - m_b, v_b, 1 - x),
/// by golden-section search (the objective is not shown convex; a sampling rule's choice only, no
/// guarantee rests on it); the terms at the point found.  Domain: m_a > s m_b - e (the means outside
/// the alternative), N > 0, v > 0, s in (0, 1], e real.
inline transport_terms capped_transport(double ma, double na, double va, double mb, double nb, double vb, double s,
                                      double e) {
  const auto terms = [&](double x) {
    const double xa = s * x - e;
    return transport_terms{na * capped_rate(std::max(ma - xa, 0.0), va, xa),
                           nb * capped_rate(std::max(x - mb, 0.0), vb, 1 - x)};
  };
  const auto f = [&](double x) {
    const auto t = terms(x);
    return t.a_term + t.b_term;
  };
  const auto p = ::lilucb::detail::golden_section(f, mb, (ma + e) / s, [](int step, double, double) { return step < 80; });
  return terms(p.f1 <= p.f2 ? p.x1 : p.x2);
}

/// TTTS's challenger for leader L (Russo 2016, with the cap ttts_max_resamples): the law of
///     for k = 1..99: draw theta from the posterior; if argmax theta != L, answer it;
///     else (the cap) answer argmax_{a != L} theta of a 100th draw,
/// i.e. with p = P(argmax = L), (1 - p^99) Law(argmax | argmax != L) + p^99 Law(argmax_{a != L}).
/// With K <= ttts_direct_max_arms and every posterior proper, each draw's outcome is simulated
/// without drawing the K posterior values, by the union scheme of Karp, Luby & Madras (1989, J. Algorithms 10, "Monte-
/// Carlo approximation algorithms for enumeration problems", Section 2): argmax != L is the union
/// of the events E_b = {theta_b > theta_L}, b != L, with P(E_b) = P_b = Phi((m_b - m_L)/sqrt(s_b^2
/// + s_L^2)) and s = sum_b P_b.  When s < 1, one draw is simulated by: with probability s, a
/// proposal (otherwise the draw has argmax = L): b with probability P_b/s, theta drawn given E_b
/// (theta_b - theta_L from its normal law truncated to (0, inf), theta_L given that difference,
/// the other arms unconditionally: gaussian_argmax::exceed), accepted with probability 1/N,
/// N = the number of events E_a that hold.  Then P(accepted) = s E[1/N | proposal] =
/// P(argmax != L), and an accepted theta has the law of theta given argmax != L, whose argmax
/// (over a != L: the arms above theta_L) is the answer: the draw's outcome has exactly its law.
/// Where P_b = Phi(-a) with a >= 1, the proposal's rate is the upper bound phi(a) (with e^{-x}
/// bounded by 1/sum_{i<=6} x^i/i!: no exponential, no square root) and the event is thinned to
/// its probability by the exact rejection step in the code (Karp-Luby-Madras with rates above
/// the P_b: the same law, s being the sum of the rates).
/// The draws without a proposal are skipped in one step (their number is geometric with
/// parameter s).  Otherwise (s >= 1, more arms, an improper posterior) the draws are made as
/// written.  Exact in law (tested against quadrature, tests/bandit/sampling/test_top_two.cpp); the stream
/// differs from the draws as written.
/// sum_{i <= 6} x^i/i! <= e^x for x >= 0 (the Taylor series of e^x has non-negative terms).
inline double ttts_exp_series(double x) {
  return 1 + x * (1 + x * (1.0 / 2 + x * (1.0 / 6 + x * (1.0 / 24 + x * (1.0 / 120 + x * (1.0 / 720))))));
}

template <class NormalStream>
std::size_t ttts_challenger(const bandit::detail::gaussian_argmax& post, NormalStream& rng, std::size_t L) {
  const std::size_t K = post.size();
  int left = ttts_max_resamples - 1;
  if (K <= ttts_direct_max_arms) {
    double P[ttts_direct_max_arms], A[ttts_direct_max_arms];
    bool bound[ttts_direct_max_arms];
    double s = 0;
    const double mL = post.mean(L), sL = post.scale(L);
    bool proper = std::isfinite(mL) && std::isfinite(sL) && sL > 0;
    for (std::size_t b = 0; b < K && proper; ++b) {
      if (b == L) {
        P[b] = 0;
        continue;
      }
      const double sb = post.scale(b);
      proper = std::isfinite(post.mean(b)) && std::isfinite(sb) && sb > 0;
      // P_b = Phi(-a), a = (m_L - m_b)/sqrt(s_L^2 + s_b^2); for a >= 1 the rate is the bound
      // phi(a) >= phi(a)/a >= Phi(-a), with e^{-a^2/2} <= 1/series(a^2/2) (no square root, no
      // exponential); A[b] = a^2/2 then (marked by P >= 0 and the flag), else A[b] = a.
      const double diff = mL - post.mean(b), v = sL * sL + sb * sb;
      if (diff > 0 && diff * diff >= v) {
        A[b] = 0.5 * diff * diff / v;
        P[b] = 0.3989422804014327 / ttts_exp_series(A[b]);
        bound[b] = true;
      } else {
        A[b] = diff / std::sqrt(v);
        P[b] = 0.5 * std::erfc(A[b] / std::sqrt(2.0));
        bound[b] = false;
      }
      s += P[b];
    }
    if (proper && s < 1) {
      auto& engine = rng.engine();
      const double log_no_proposal = std::log1p(-s);
      while (left > 0 && s > 0) {
        const double g = std::floor(std::log(1.0 - engine.uniform01()) / log_no_proposal);
        if (!(g < static_cast<double>(left))) break;
        left -= static_cast<int>(g) + 1;
        // b with probability P_b/s (the last arm with P_b > 0 if rounding runs past the end).
        double w = engine.uniform01() * s;
        std::size_t b = K;
        for (std::size_t c = 0; c < K; ++c) {
          if (P[c] <= 0) continue;
          b = c;
          if (w < P[c]) break;
          w -= P[c];
        }
        const double mb = post.mean(b), sb = post.scale(b), v = sL * sL + sb * sb, sd = std::sqrt(v);
        double z;  // (theta_b - theta_L - mu)/sd given theta_b > theta_L, i.e. Z given Z > a
        if (bound[b]) {
          // The rate here is P_b = 1/(sqrt(2 pi) series(x)) >= phi(a), x = a^2/2, a >= 1:
          // z = a + Exp(1)/a has density a e^{-a(z-a)}, and phi(z) <= phi(a) e^{-a(z-a)} for
          // z >= a; accepting z with probability phi(z)/(P_b a e^{-a(z-a)}) =
          // e^{-(z-a)^2/2} e^{-x} series(x)/a <= 1 makes the event of rate P_b happen with
          // probability Phi(-a)/P_b, with z of the law of Z given Z > a.  A rejection is a draw
          // with argmax = L.
          const double x = A[b], a = std::sqrt(2 * x);
          z = a - std::log(1.0 - engine.uniform01()) / a;
          if (!(engine.uniform01() * a < std::exp(-0.5 * (z - a) * (z - a) - x) * ttts_exp_series(x))) continue;
        } else {
          z = bandit::detail::gaussian_argmax::normal_above(rng, A[b]);
        }
        const double mu = mb - mL;
        const double D = mu + sd * z;
        const double thL = mL - (sL * sL / v) * (D - mu) + (sL * sb / sd) * rng();
        std::size_t best = b;
        double best_v = thL + D;
        const std::size_t others = post.exceed(rng, L, b, thL, best, best_v);
        if (others == 0 || engine.uniform01() * static_cast<double>(others + 1) < 1.0) return best;
      }
      left = 0;
    }
  }
  for (; left > 0; --left) {  // the draws as written (K > ttts_direct_max_arms, s >= 1, improper)
    const std::size_t c = post.sample(rng, K).top;
    if (c != L) return c;
  }
  // The cap: the 100th draw's best arm other than L.
  const auto d = post.sample(rng, L);
  if (d.top != L) return d.top;
  return d.second == K ? (L == 0 ? 1 : 0) : d.second;
}

template <top_two_kind Kind>
class top_two {
  static constexpr bool keyed = Kind != top_two_kind::ttts;  // a transportation-cost challenger
  static constexpr double inf = std::numeric_limits<double>::infinity();

 public:
  /// K arms, sigma, the leader's share, the question (target.hpp; ttts: the best arm only), the
  /// arms' model and the rewards' range [lo, hi] (file comment; bernoulli reads no sigma, the
  /// variance models read it as one pseudo-reward's deviation, (hi - lo)/2 for bounded rewards; the
  /// range rescales the bernoulli and capped_betting models' means, [0, 1] for Bernoulli arms).
  /// Domain: sigma > 0, check_target; ttts with half selection and the best arm; lo < hi finite.
  top_two(std::size_t K, double sigma, top_two_selection selection = top_two_selection::half, answer_target target = {},
          top_two_model model = top_two_model::gaussian, double lo = 0, double hi = 1)
      : K_(K), sigma_(sigma), selection_(selection), model_(model), lo_(lo), range_(hi - lo), mean_(K + 1, 0.0),
        n_(K, 0.0), log_n_(K, 0.0), spread_(reads_variances(model) ? K : 0), leads_(K, 0),
        lead_pulls_(K, 0), posterior_(Kind == top_two_kind::eb_tci ? 0 : K), target_(target),
        scale_(target.relative ? (1 - target.epsilon) : 1.0) {
    check_positive("lilucb::bandit::sampling::top_two", "sigma", sigma);
    check_target("lilucb::bandit::sampling::top_two", target);
    if (!(lo < hi) || !std::isfinite(hi - lo))
      ::lilucb::detail::raise_domain_error("lilucb::bandit::sampling::top_two", "range",
                                         "[" + ::lilucb::detail::format_value(lo) + ", " +
                                             ::lilucb::detail::format_value(hi) + "]",
                                         "lo < hi, both finite");
    if (Kind == top_two_kind::ttts && target.epsilon != 0)
      ::lilucb::detail::raise_domain_error("lilucb::bandit::sampling::top_two", "epsilon",
                                         ::lilucb::detail::format_value(target.epsilon) + " with ttts",
                                         "0 (TTTS's challenger is a posterior draw: it has no epsilon form here)");
    if (Kind == top_two_kind::ttts && selection == top_two_selection::ids)
      ::lilucb::detail::raise_domain_error("lilucb::bandit::sampling::top_two", "selection", "ids with ttts",
                                         "half (TTTS has no IDS variant: see top_two.hpp)");
    if (Kind == top_two_kind::eb_tci && selection == top_two_selection::ids) lead_target_.assign(K, 0.0);
    mean_[K] = -inf;  // the tournament's padding arm: never wins
    if constexpr (keyed) {
      keys_.assign(K, 0.0);
      dirty_flag_.assign(K, 0);
      dirty_.reserve(dirty_cap());
    }
    if constexpr (Kind == top_two_kind::eb_tci) {
      leaves_ = std::bit_ceil(K < 1 ? std::size_t{1} : K);
      tree_.assign(2 * leaves_, K);
      for (std::size_t a = 0; a < K; ++a) tree_[leaves_ + a] = a;
      for (std::size_t v = leaves_ - 1; v >= 1; --v) tree_[v] = winner(tree_[2 * v], tree_[2 * v + 1]);
    }
  }
  const char* name() const {
    if (selection_ == top_two_selection::ids) return Kind == top_two_kind::t3c ? "t3c-ids" : "eb-tci-ids";
    return Kind == top_two_kind::ttts ? "ttts" : Kind == top_two_kind::t3c ? "t3c" : "eb-tci";
  }

  template <class Session>
  std::size_t next(Session& s) {
    if constexpr (Kind == top_two_kind::eb_tci) {
      const std::size_t B = tree_[1];  // the empirical best (tournament root)
      if (selection_ == top_two_selection::ids) {
        // Tracking of the summed IDS proportions of the rounds led by B (file comment).
        const std::size_t C = challenger(B);
        lead_target_[B] += leader_share(B, C);
        if (static_cast<double>(lead_pulls_[B]) <= lead_target_[B]) {
          ++lead_pulls_[B];
          return B;
        }
        return C;
      }
      ++leads_[B];
      if (static_cast<double>(lead_pulls_[B]) <= 0.5 * static_cast<double>(leads_[B])) {
        ++lead_pulls_[B];
        return B;
      }
      return challenger(B);
    } else {
      const std::size_t L = posterior_.sample(s.rng(), K_).top;
      if constexpr (Kind == top_two_kind::t3c) {
        if (selection_ == top_two_selection::ids) {
          // The challenger first (no draw), then the coin of probability h = N_C/(N_L + N_C).
          const std::size_t C = challenger(L);
          return s.rng().engine().uniform01() < leader_share(L, C) ? L : C;
        }
      }
      if (s.rng().engine().uniform01() < 0.5) return L;
      if constexpr (Kind == top_two_kind::t3c) return challenger(L);
      return ttts_challenger(posterior_, s.rng(), L);
    }
  }
  /// Arm i was pulled once (s.last_added() its reward, read by the variance models unless the
  /// rewards are told apart).
  void observe(std::size_t i, const arm_stats& s) {
    const double n = static_cast<double>(s.count(i));
    mean_[i] = s.mean(i);
    n_[i] = n;
    if (reads_variances(model_) && !rewards_apart_) observe_reward(i, s.last_added());
    if constexpr (Kind == top_two_kind::eb_tci) {
      log_n_[i] = std::log(n);
      for (std::size_t v = (leaves_ + i) >> 1; v >= 1; v >>= 1) tree_[v] = winner(tree_[2 * v], tree_[2 * v + 1]);
    } else if (model_ == top_two_model::gaussian) {
      posterior_.set(i, mean_[i], sigma_ / std::sqrt(n));  // N(mu_hat_i, sigma^2/N_i)
    } else if (model_ == top_two_model::bernoulli) {
      // The mean and variance of Beta(1 + S_i, 1 + N_i - S_i), S_i the sum of the rescaled rewards,
      // mapped back to the rewards' range (the identity on Bernoulli arms).
      const double m = ((s.sum(i) - n * lo_) / range_ + 1) / (n + 2);
      posterior_.set(i, lo_ + range_ * m, range_ * std::sqrt(m * (1 - m) / (n + 3)));
    } else {
      posterior_.set(i, mean_[i], std::sqrt(variance(i) / n));  // N(mu_hat_i, v_i/N_i)
    }
    if constexpr (keyed) {
      if (!dirty_flag_[i] && !dirty_overflow_) {
        if (dirty_.size() == dirty_cap()) {
          dirty_overflow_ = true;
        } else {
          dirty_flag_[i] = 1;
          dirty_.push_back(i);
        }
      }
    }
  }

  /// A study's statistics (its view: pulls in flight counted at their arm's mean, no last reward)
  /// carry no rewards: from now on the variance models read each reward from observe_reward alone,
  /// and N in the posterior N(mu_hat, v/N) is the view's count.  Call before the first observe.
  void take_rewards_apart() { rewards_apart_ = true; }
  /// Arm i's reward y, for the variance models (added to its running variance over the rewards
  /// told: variance()); else nothing.
  void observe_reward(std::size_t i, double y) {
    if (!reads_variances(model_)) return;
    spread_[i].add(y);
    if (model_ != top_two_model::unknown_variance) return;
    const double v = detail::largest_variance(spread_);
    if (v == pool_) return;
    pool_ = v;  // every v_a changed: the keys and the posteriors of the arms pulled so far
    if constexpr (keyed) dirty_overflow_ = true;
    if constexpr (Kind != top_two_kind::eb_tci)
      for (std::size_t a = 0; a < K_; ++a)
        if (n_[a] > 0) posterior_.set(a, mean_[a], std::sqrt(variance(a) / n_[a]));
  }

   /// Every member that changes after construction, for a study's snapshot (detail/state_archive.hpp).
   template <class Archive>
   void archive_state(Archive& ar) {
     ar(mean_, n_, log_n_, leads_, lead_pulls_, lead_target_, posterior_, tree_, keys_, dirty_flag_, dirty_, dirty_overflow_, keys_leader_, c_);
     if (reads_variances(model_)) ar(spread_);
     if (model_ == top_two_model::unknown_variance) ar(pool_);
   }
  /// A loaded state's indices are arms: the tournament's nodes hold arms or the padding K and
  /// each node the winner of its children, the changed arms are at most dirty_cap() distinct arms
  /// flagged as such, the keys' leader is an arm (or none) and the challenger an arm (the
  /// variance models' running variances check themselves: detail/running_variance.hpp, a finite
  /// mean and M2 >= 0, so v_a >= sigma^2/(n_a + 1) > 0, or V/(n_a + 1) > 0 with unknown_variance,
  /// whose V is only checked to be positive and finite; detail/state_archive.hpp).  O(K).
  bool state_is_valid() const {
    if (model_ == top_two_model::unknown_variance && !(pool_ > 0 && pool_ < inf)) return false;
    if constexpr (Kind == top_two_kind::eb_tci) {
      if (tree_.size() != 2 * leaves_) return false;
      for (const std::size_t a : tree_)
        if (a > K_) return false;
      for (std::size_t a = 0; a < leaves_; ++a)
        if (tree_[leaves_ + a] != (a < K_ ? a : K_)) return false;
      for (std::size_t v = 1; v < leaves_; ++v)
        if (tree_[v] != winner(tree_[2 * v], tree_[2 * v + 1])) return false;
    }
    if constexpr (keyed) {
      if (dirty_.size() > dirty_cap()) return false;
      std::size_t flagged = 0;
      for (const std::uint8_t f : dirty_flag_) {
        if (f > 1) return false;
        flagged += f;
      }
      for (const std::size_t i : dirty_)
        if (i >= K_ || !dirty_flag_[i]) return false;
      if (flagged != dirty_.size()) return false;
      if (keys_leader_ != static_cast<std::size_t>(-1) && keys_leader_ >= K_) return false;
      if (c_ >= K_ && K_ > 0) return false;
    }
    return true;
  }

 private:
  std::size_t dirty_cap() const { return K_ / 8 + 1; }
  /// Arm a's v_a = (M2_a + sigma^2)/(n_a + 1) over the n_a rewards told (one pseudo-reward of
  /// deviation sigma: file comment) in the variance models; 0, unread, in the others.
  double variance(std::size_t a) const {
    if (!reads_variances(model_)) return 0.0;
    return spread_[a].with_pseudo_reward(model_ == top_two_model::unknown_variance ? pool_ : sigma_ * sigma_);
  }
  static constexpr bool reads_variances(top_two_model m) {
    return m == top_two_model::empirical_variance || m == top_two_model::capped_betting ||
           m == top_two_model::unknown_variance;
  }
  /// The bernoulli and capped_betting models' coordinates: a mean rescaled to [0, 1], and the
  /// target's boundary x_a = scale_ x_b - boundary_e() in them (file comment).
  double unit(double m) const { return (m - lo_) / range_; }
  double boundary_e() const { return ((target_.relative ? 0.0 : target_.epsilon) + (1 - scale_) * lo_) / range_; }
  transport_terms capped(double mL, double nL, double vL, std::size_t b) const {
    return capped_transport(unit(mL), nL, vL / (range_ * range_), unit(mean_[b]), n_[b], variance(b) / (range_ * range_),
                                scale_, boundary_e());
  }
  /// IDS's share of leader L against challenger C (file comment): the probability (t3c-ids) or
  /// the tracked proportion (eb-tci-ids) of pulling L.
  double leader_share(std::size_t L, std::size_t C) const {
    if (model_ == top_two_model::capped_betting && gap(mean_[L], mean_[C]) > 0) {
      const auto t = capped(mean_[L], n_[L], variance(L), C);
      const double sum = t.a_term + t.b_term;
      if (sum > 0 && sum < inf) return t.a_term / sum;
    }
    if (reads_variances(model_)) {  // (and the capped model where its terms vanish)
      const double pL = n_[L] / variance(L), pC = n_[C] / variance(C);
      return pC / (pL + pC);
    }
    if (model_ == top_two_model::bernoulli) {
      const double mL = unit(mean_[L]), mC = unit(mean_[C]), e = boundary_e();
      if (mL != scale_ * mC - e) {  // on the boundary both terms vanish: the Gaussian share
        const auto t = bernoulli_transport(mL, n_[L], mC, n_[C], scale_, e);
        const double sum = t.a_term + t.b_term;
        if (sum > 0 && sum < inf) return t.a_term / sum;
      }
    }
    return n_[C] / (n_[L] + n_[C]);
  }
  /// The tournament's winner of two arms l < r: r only if its mean is strictly larger.
  std::size_t winner(std::size_t l, std::size_t r) const { return mean_[r] > mean_[l] ? r : l; }

  /// How far leader mean mL is from being beaten by arm mean mb in the target's sense (key 0 unless
  /// > 0): mL - mb at epsilon = 0, mL - mb + eps (additive), mL - (1 - eps) mb (relative).
  double gap(double mL, double mb) const {
    if (target_.epsilon == 0) return mL - mb;
    return target_.relative ? mL - scale_ * mb : mL - mb + target_.epsilon;
  }
  /// The challenger's key of arm b for leader L (mean mL, count nL, variance vL of the
  /// empirical_variance model): W(L, b) (+ log N_b for eb_tci), the expression of the O(K) pass,
  /// operation for operation (d > 0 selects the cost; 0 otherwise).
  double key(double mL, double nL, double vL, std::size_t b) const {
    const double d = gap(mL, mean_[b]);
    const double nb = n_[b];
    double w;
    if (model_ == top_two_model::gaussian) {
      w = target_.relative ? d * d * nL * nb / ((scale_ * scale_ * nL + nb) * 2 * sigma_ * sigma_)
                           : d * d * nL * nb / ((nL + nb) * 2 * sigma_ * sigma_);
    } else if (model_ == top_two_model::empirical_variance || model_ == top_two_model::unknown_variance) {
      w = d * d / (2 * (vL / nL + scale_ * scale_ * variance(b) / nb));
    } else {
      w = 0;
      if (d > 0) {
        const auto t = model_ == top_two_model::bernoulli
                           ? bernoulli_transport(unit(mL), nL, unit(mean_[b]), nb, scale_, boundary_e())
                           : capped(mL, nL, vL, b);
        w = t.a_term + t.b_term;
      }
    }
    const double c = d > 0 ? w : 0.0;
    if constexpr (Kind == top_two_kind::eb_tci) return c + log_n_[b];
    else return c;
  }
  /// All keys for leader L (the leader's own key is NaN: never the minimum, never equal to it).
  void recompute_keys(std::size_t L) {
    const double mL = mean_[L], nL = n_[L], vL = variance(L);
    double* k = keys_.data();
    for (std::size_t b = 0; b < K_; ++b) k[b] = key(mL, nL, vL, b);
    k[L] = std::numeric_limits<double>::quiet_NaN();
  }
  /// The first index of the smallest key (NaN keys never count); the first arm other than L if
  /// no key is below +inf, exactly as the scan `if (w < best)` from best = +inf with that default.
  std::size_t argmin_keys(std::size_t L) const {
    const double* k = keys_.data();
    double m0 = inf, m1 = inf, m2 = inf, m3 = inf;  // k < m ? k : m: NaN keys are skipped
    std::size_t b = 0;
    for (; b + 4 <= K_; b += 4) {
      m0 = k[b] < m0 ? k[b] : m0;
      m1 = k[b + 1] < m1 ? k[b + 1] : m1;
      m2 = k[b + 2] < m2 ? k[b + 2] : m2;
      m3 = k[b + 3] < m3 ? k[b + 3] : m3;
    }
    for (; b < K_; ++b) m0 = k[b] < m0 ? k[b] : m0;
    m0 = m1 < m0 ? m1 : m0;
    m0 = m2 < m0 ? m2 : m0;
    m0 = m3 < m0 ? m3 : m0;
    if (m0 < inf)
      for (b = 0; b < K_; ++b)
        if (k[b] == m0) return b;
    return L == 0 ? 1 : 0;  // every key +inf or NaN: the scan's default
  }
  /// t3c: the first arm b != L whose key W(L, b) is 0, or K_ if there is none.  Every key is
  /// >= 0 or NaN (W is a quotient of non-negative factors; 0 exactly when gap(mu_hat_L, mu_hat_b) <= 0, and
  /// the leader's own key is never the minimum), so when an arm of key 0 exists it is the argmin
  /// of the O(K) pass with its ties to the lowest index.  The first b0 != L with
  /// !(gap(mu_hat_L, mu_hat_b) > 0) (key 0.0 by the selection in key()) is found without divisions;
  /// the arms before it have d > 0, and their keys are computed (the expression of key(): one of
  /// them may still be 0 by underflow or N_b = 0), so b0 is answered only when none is.
  std::size_t first_zero_key(std::size_t L) const {
    const double mL = mean_[L], nL = n_[L], vL = variance(L);
    const double* m = mean_.data();
    std::size_t b0 = 0;
    while (b0 < K_ && (b0 == L || gap(mL, m[b0]) > 0)) ++b0;
    if (b0 == K_) return K_;
    for (std::size_t b = 0; b < b0; ++b)
      if (b != L && key(mL, nL, vL, b) == 0) return b;
    return b0;
  }
  /// argmin_{b != L} key(L, b), ties to the lowest index, from the kept keys (docs/bandit.md, "Top-two sampling: cost per pull").
  std::size_t challenger(std::size_t L) {
    const bool kept = L == keys_leader_ && !dirty_overflow_ && !dirty_flag_[L] && keys_[c_] < inf;
    if constexpr (Kind == top_two_kind::t3c) {
      // A leader that is not the empirical best: its challenger is found without the keys.  The
      // kept leader itself (pulled since) is usually the empirical best: straight to the full pass.
      if (!kept && L != keys_leader_) {
        const std::size_t z = first_zero_key(L);
        if (z < K_) return z;  // keys_ (for keys_leader_) and the arms pulled since stay as they are
      }
    }
    if (!kept) {
      recompute_keys(L);
      c_ = argmin_keys(L);
      keys_leader_ = L;
    } else if (!dirty_.empty()) {
      const double mL = mean_[L], nL = n_[L], vL = variance(L);
      const std::size_t old = c_;
      const double old_key = keys_[old];
      bool rescan = false;
      for (const std::size_t i : dirty_) {
        keys_[i] = key(mL, nL, vL, i);
        if (i == old && !(keys_[i] <= old_key)) rescan = true;
      }
      if (rescan) {
        c_ = argmin_keys(L);
      } else {
        // The old challenger still beats every unchanged arm (its key did not grow, and an
        // unchanged arm of equal key has a larger index); only the changed arms can replace it.
        for (const std::size_t i : dirty_)
          if (keys_[i] < keys_[c_] || (keys_[i] == keys_[c_] && i < c_)) c_ = i;
      }
    }
    clear_dirty();
    return c_;
  }
  void clear_dirty() {
    if (dirty_overflow_) {
      std::fill(dirty_flag_.begin(), dirty_flag_.end(), 0);
      dirty_overflow_ = false;
    } else {
      for (const std::size_t i : dirty_) dirty_flag_[i] = 0;
    }
    dirty_.clear();
  }
  std::size_t K_;
  double sigma_;
  top_two_selection selection_;
  top_two_model model_;
  double lo_, range_;  // the rewards' range [lo_, lo_ + range_] (bernoulli and capped_betting models)
  std::vector<double> mean_;   // mean_[a] == arm_stats::mean(a); mean_[K] = -inf (tournament padding)
  std::vector<double> n_;      // N_a as a double
  std::vector<double> log_n_;  // eb_tci: log N_a
  std::vector<detail::running_variance> spread_;  // the variance models: the rewards told, per arm
  double pool_ = 1;  // unknown_variance: the pseudo-reward's variance V (file comment)
  bool rewards_apart_ = false;       // a study: rewards come through observe_reward only
  std::vector<std::uint64_t> leads_, lead_pulls_;
  std::vector<double> lead_target_;  // eb-tci-ids: per leader, the sum of its rounds' IDS proportions
  detail::gaussian_argmax posterior_;  // ttts, t3c: the posterior N(mu_hat_a, sigma^2/N_a)
  // eb_tci: the tournament tree over mean_ (node v's children 2v, 2v + 1; leaves_ + a is arm a).
  std::size_t leaves_ = 0;
  std::vector<std::size_t> tree_;
  // t3c, eb_tci: the challenger's keys for leader keys_leader_, the arms pulled since they were
  // computed (dirty_, at most dirty_cap(); beyond it dirty_overflow_), and their argmin c_.
  std::vector<double> keys_;
  std::vector<std::uint8_t> dirty_flag_;
  std::vector<std::size_t> dirty_;
  bool dirty_overflow_ = false;
  std::size_t keys_leader_ = static_cast<std::size_t>(-1);
  std::size_t c_ = 0;
  answer_target target_;
  double scale_;  // 1 - eps (relative target), else 1
};

using ttts = top_two<top_two_kind::ttts>;
using t3c = top_two<top_two_kind::t3c>;
using eb_tci = top_two<top_two_kind::eb_tci>;

}  // namespace lilucb::bandit::sampling
