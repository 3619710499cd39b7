#pragma once
// The Top-Two sampling rules (TTTS, T3C, EB-TCI) exactly as lib/include/lilucb/bandit/sampling/
// top_two.hpp implemented them at commit 90f376c, before the incremental challenger and
// empirical-best structures: one O(K) pass per decision, every empirical
// mean read from arm_stats.  Tests compare the library's rules with this one pull for pull.
// The posterior samples of TTTS and T3C come from the library's sampler (gaussian_argmax.hpp,
// tested in law separately) since its change of the stream; before, they drew K normals in index
// order (the law test's full draw in tests/bandit/test_compose.cpp).  TTTS's challenger likewise
// comes from the library's sampling::ttts_challenger (tested in law separately).
// Information-directed selection (t3c-ids, eb-tci-ids) is written here from its definition in
// top_two.hpp's file comment, in the same O(K) style: the challenger, then the leader's share
// h = N_C/(N_L + N_C) (a coin for T3C, the tracked sum of the shares of the rounds led for EB-TCI).

#include "lilucb/bandit/arm_stats.hpp"
#include "lilucb/bandit/detail/gaussian_argmax.hpp"
#include "lilucb/bandit/sampling/top_two.hpp"
#include "lilucb/errors.hpp"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

namespace lilucb_test {

using lilucb::check_positive;
using lilucb::bandit::arm_stats;
using lilucb::bandit::sampling::top_two_kind;
using lilucb::bandit::sampling::top_two_selection;
using lilucb::bandit::sampling::ttts_max_resamples;

template <top_two_kind Kind>
class naive_top_two {
 public:
  naive_top_two(std::size_t K, double sigma, top_two_selection sel = top_two_selection::half)
      : K_(K), sigma_(sigma), ids_(sel == top_two_selection::ids), log_n_(K, 0.0),
        scale_(K, std::numeric_limits<double>::infinity()), leads_(K, 0), lead_pulls_(K, 0), target_(K, 0.0) {
    check_positive("lilucb::bandit::sampling::top_two", "sigma", sigma);
  }
  static constexpr const char* name() {
    return Kind == top_two_kind::ttts ? "ttts" : Kind == top_two_kind::t3c ? "t3c" : "eb-tci";
  }

  template <class Session>
  std::size_t next(Session& s) {
    const arm_stats& st = s.stats();
    if constexpr (Kind == top_two_kind::eb_tci) {
      const std::size_t B = empirical_best(st);
      if (ids_) {
        const std::size_t C = challenger_tci(st, B);
        target_[B] += share(st, B, C);
        if (static_cast<double>(lead_pulls_[B]) <= target_[B]) {
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
      return challenger_tci(st, B);
    } else {
      const std::size_t L = posterior_.sample(s.rng(), K_).top;
      if (ids_) {
        const std::size_t C = challenger_tc(st, L);
        return s.rng().engine().uniform01() < share(st, L, C) ? L : C;
      }
      if (s.rng().engine().uniform01() < 0.5) return L;
      if constexpr (Kind == top_two_kind::t3c) return challenger_tc(st, L);
      return lilucb::bandit::sampling::ttts_challenger(posterior_, s.rng(), L);
    }
  }
  void observe(std::size_t i, const arm_stats& s) {
    const double n = static_cast<double>(s.count(i));
    if constexpr (Kind == top_two_kind::eb_tci) log_n_[i] = std::log(n);
    else {
      scale_[i] = sigma_ / std::sqrt(n);
      posterior_.set(i, s.mean(i), scale_[i]);
    }
  }

 private:
  /// IDS's leader share for Gaussian transportation costs: N_C/(N_L + N_C).
  static double share(const arm_stats& st, std::size_t L, std::size_t C) {
    const double nl = static_cast<double>(st.count(L)), nc = static_cast<double>(st.count(C));
    return nc / (nl + nc);
  }
  static std::size_t empirical_best(const arm_stats& st) {
    std::size_t b = 0;
    for (std::size_t a = 1; a < st.size(); ++a)
      if (st.mean(a) > st.mean(b)) b = a;
    return b;
  }
  double cost(const arm_stats& st, std::size_t a, std::size_t b) const {
    const double d = st.mean(a) - st.mean(b);
    if (!(d > 0)) return 0.0;
    const double na = static_cast<double>(st.count(a)), nb = static_cast<double>(st.count(b));
    return d * d * na * nb / ((na + nb) * 2 * sigma_ * sigma_);
  }
  std::size_t challenger_tc(const arm_stats& st, std::size_t L) const {
    std::size_t c = L == 0 ? 1 : 0;
    double best = std::numeric_limits<double>::infinity();
    for (std::size_t b = 0; b < K_; ++b) {
      if (b == L) continue;
      const double w = cost(st, L, b);
      if (w < best) {
        best = w;
        c = b;
      }
    }
    return c;
  }
  std::size_t challenger_tci(const arm_stats& st, std::size_t B) const {
    std::size_t c = B == 0 ? 1 : 0;
    double best = std::numeric_limits<double>::infinity();
    for (std::size_t b = 0; b < K_; ++b) {
      if (b == B) continue;
      const double w = cost(st, B, b) + log_n_[b];
      if (w < best) {
        best = w;
        c = b;
      }
    }
    return c;
  }
  std::size_t K_;
  double sigma_;
  bool ids_;
  std::vector<double> log_n_;  // eb_tci: log N_a
  std::vector<double> scale_;  // ttts, t3c: the posterior's standard deviation sigma/sqrt(N_a)
  std::vector<std::uint64_t> leads_, lead_pulls_;
  std::vector<double> target_;  // ids, eb_tci: the summed shares of the rounds each arm led
  lilucb::bandit::detail::gaussian_argmax posterior_{K_};
};

}  // namespace lilucb_test
