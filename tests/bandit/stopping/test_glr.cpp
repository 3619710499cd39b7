// stopping/glr.hpp: the GLR stopping rule with the heuristic and kk21 thresholds.
//   - the incremental GLR minimum statistic against the obvious O(K) recomputation;
//   - the GLR rules' lazy stopping check (bandit/detail/leader_pairwise.hpp) against the naive
//     O(K) decision at every pull (the heuristic and kk21 thresholds, and glr_mixture, which
//     shares the leader/pair core).
// (Moved from test_compose.cpp; whole runs of the composed rules stay there.)
#include <boost/test/unit_test.hpp>

#include "bandit_support.hpp"

#include "lilucb/bandit/compose.hpp"
#include "lilucb/random.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

namespace lb = lilucb::bandit;

BOOST_AUTO_TEST_SUITE(glr)

// The incremental GLR minimum equals the obvious O(K) recomputation after every pull.
BOOST_AUTO_TEST_CASE(glr_minimum_matches_naive) {
  for (bool bern : {false, true}) {
    const std::size_t K = 9;
    std::vector<double> means{0.3, 0.5, 0.45, 0.5 - 1e-3, 0.1, 0.2, 0.48, 0.0, 0.3};
    const auto model = bern ? lb::stopping::glr_model::bernoulli : lb::stopping::glr_model::gaussian;
    lb::stopping::glr<lb::stopping::heuristic_threshold> rule(K, model, 0.5, {1e-12});
    lb::arm_stats st(K);
    lb::normal_stream rng(3, 0);
    for (int t = 0; t < 20000; ++t) {
      const std::size_t i = t < int(K) ? std::size_t(t) : std::size_t(rng.engine()() % K);
      const double r = bern ? (rng.engine().uniform01() < means[i] ? 1.0 : 0.0) : means[i] + 0.5 * rng();
      st.add(i, r);
      rule.observe(i, st);
      if (t + 1 < int(K)) continue;
      const std::size_t lead = st.empirical_best();
      double zmin = INFINITY;
      for (std::size_t b = 0; b < K; ++b)
        if (b != lead)
          zmin = std::min(zmin, lb::stopping::glr_statistic(model, 0.5, st.count(lead), st.mean(lead), st.count(b),
                                                            st.mean(b)));
      BOOST_REQUIRE_MESSAGE(rule.min_statistic(st) == zmin, "pull " << t << ": " << rule.min_statistic(st) << " vs " << zmin);
      BOOST_REQUIRE(rule.recommendation(st) == lead);
    }
  }
}

// The lazy check of the shared leader/pair core (bandit/detail/leader_pairwise.hpp) decides as the
// naive rule at every pull: min over b != i_hat of the pair statistic, recomputed from scratch.
// The pulls favour the leader (half of them, as a top-two rule does), so the heap goes stale often
// and the witness shortcut decides most checks; min_statistic (which refreshes the heap) is not
// called, so the lazy path is the one tested.  Both outcomes occur (counted).
BOOST_AUTO_TEST_CASE(glr_lazy_decision_matches_naive) {
  const std::size_t K = 9;
  for (const std::vector<double>& means : {std::vector<double>{0.3, 0.5, 0.45, 0.5 - 1e-3, 0.1, 0.2, 0.48, 0.0, 0.3},
                                           std::vector<double>{0.3, 0.9, 0.45, 0.6, 0.1, 0.2, 0.48, 0.0, 0.3}})
    for (int rule_kind = 0; rule_kind < 4; ++rule_kind) {
      const bool bern = rule_kind == 1;
      const auto model = bern ? lb::stopping::glr_model::bernoulli : lb::stopping::glr_model::gaussian;
      const auto heur = lb::stopping::make_heuristic_threshold(0.05);
      const auto kk = lb::stopping::make_kk21_threshold(0.05, K);
      lb::stopping::glr<lb::stopping::heuristic_threshold> g_heur(K, model, 0.5, heur);
      lb::stopping::glr<lb::stopping::kk21_threshold> g_kk(K, model, 0.5, kk);
      lb::stopping::glr_mixture g_mix(K, 0.5, 0.05, lb::stopping::make_mixture_grid(40, lb::stopping::mixture_combine::log_sum));
      lb::arm_stats st(K);
      lb::normal_stream rng(11, 0);
      std::size_t decided[2] = {0, 0};
      for (int t = 0; t < 6000; ++t) {
        std::size_t i = t < int(K) ? std::size_t(t) : std::size_t(rng.engine()() % K);
        if (t >= int(K) && rng.engine().uniform01() < 0.5) i = st.empirical_best();
        const double r = bern ? (rng.engine().uniform01() < means[i] ? 1.0 : 0.0) : means[i] + 0.5 * rng();
        st.add(i, r);
        bool got = false;
        if (rule_kind <= 1) { g_heur.observe(i, st); got = g_heur.should_stop(st); }
        if (rule_kind == 2) { g_kk.observe(i, st); got = g_kk.should_stop(st); }
        if (rule_kind == 3) { g_mix.observe(i, st); got = g_mix.should_stop(st); }
        const std::size_t lead = st.empirical_best();
        bool want = t + 1 >= int(K);
        if (want) {
          double zmin = INFINITY;
          for (std::size_t b = 0; b < K; ++b) {
            if (b == lead) continue;
            const double z = rule_kind == 3 ? lb::stopping::glr_mixture_statistic(0.5, g_mix.grid(), st.count(lead), st.mean(lead),
                                                                                  st.count(b), st.mean(b))
                                            : lb::stopping::glr_statistic(model, 0.5, st.count(lead), st.mean(lead),
                                                                          st.count(b), st.mean(b));
            zmin = std::min(zmin, z);
          }
          want = rule_kind == 3 ? zmin >= g_mix.threshold() : zmin > (rule_kind == 2 ? kk(st.total()) : heur(st.total()));
        }
        BOOST_REQUIRE_MESSAGE(got == want, "rule " << rule_kind << " pull " << t << ": lazy " << got << " naive " << want);
        ++decided[want];
      }
      BOOST_TEST(decided[0] > 0u);
      if (means[1] == 0.9) BOOST_TEST(decided[1] > 0u, "rule " << rule_kind << " reaches the stop");
    }
}

BOOST_AUTO_TEST_SUITE_END()
