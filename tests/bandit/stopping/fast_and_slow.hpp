#pragma once
// The fail steps that the pooled rules take before their searches (P2's, PK's and PE's tracked
// bounds, PE's O(1) bound) change no decision: one harness for test_glr_pooled.cpp,
// test_glr_pooled_kl.cpp and test_glr_pooled_eb.cpp.  A rule built with the steps (fast) and one
// built without (slow) see the same pulls; should_stop is asked after every pull and after every
// third (a tracked pair must then start again); the two decisions must agree every time, and at
// every fail of the tracked step the rule's audit (its bound kept pull by pull against the bound
// started afresh) must hold.

#include <boost/test/unit_test.hpp>

#include "lilucb/bandit/arm_stats.hpp"

#include <cstddef>
#include <cstdint>
#include <random>
#include <vector>

namespace lilucb_test {

struct fast_and_slow_totals {
  int stops = 0;
  std::uint64_t decisions = 0, fast_fails = 0, tracked_fails = 0;
};

/// For each instance (arm means), sampling policy (0: the rule's leader or a uniform arm, by a fair
/// coin; 1: the empirical best or a uniform arm; 2: a uniform arm; the first `policies` of them)
/// and stride (1, 3): up to `pulls` pulls, rewards draw(mean, rng); make(K, fast) builds the rule.
/// tracked(rule) counts the tracked step's fails, audit(rule, stats) checks its bound.
template <class Make, class Draw, class Tracked, class Audit>
fast_and_slow_totals compare_fast_and_slow(const std::vector<std::vector<double>>& instances, int policies, int pulls,
                                           std::uint64_t seed, Make make, Draw draw, Tracked tracked, Audit audit) {
  fast_and_slow_totals out;
  std::mt19937_64 rng(seed);
  std::bernoulli_distribution coin(0.5);
  for (int stride : {1, 3})
    for (const auto& means : instances)
      for (int policy = 0; policy < policies; ++policy) {
        const std::size_t K = means.size();
        auto fast = make(K, true);
        auto slow = make(K, false);
        lilucb::bandit::arm_stats st(K);
        for (int t = 0; t < pulls; ++t) {
          std::size_t i = std::size_t(t) % K;
          if (t >= int(K)) {
            if (policy == 0) i = coin(rng) ? fast.leader() : std::size_t(rng() % K);
            if (policy == 1) i = coin(rng) ? st.empirical_best() : std::size_t(rng() % K);
            if (policy == 2) i = std::size_t(rng() % K);
          }
          st.add(i, draw(means[i], rng));
          fast.observe(i, st);
          slow.observe(i, st);
          if (t % stride != 0) continue;
          const std::uint64_t before = tracked(fast);
          const bool a = fast.should_stop(st), b = slow.should_stop(st);
          ++out.decisions;
          BOOST_REQUIRE_MESSAGE(a == b, "t = " << t << " stride " << stride << " policy " << policy);
          if (tracked(fast) > before) BOOST_REQUIRE_MESSAGE(audit(fast, st), "audit at t = " << t);
          if (a) {
            ++out.stops;
            break;
          }
        }
        out.fast_fails += fast.fast_fails();
        out.tracked_fails += tracked(fast);
        BOOST_TEST(slow.fast_fails() == 0u);
      }
  return out;
}

/// A reward in [lo, hi] around a mean in [0, 1] (the mean of four uniforms, spread 0.6, clamped):
/// continuous rewards for the rules' rescaling.
inline double spread_reward(double mean, double lo, double hi, std::mt19937_64& rng) {
  double u = 0;
  for (int j = 0; j < 4; ++j) u += std::uniform_real_distribution<double>(0.0, 1.0)(rng);
  const double x = mean + (u / 4 - 0.5) * 0.6;
  return lo + (hi - lo) * (x < 0 ? 0.0 : x > 1 ? 1.0 : x);
}

}  // namespace lilucb_test
