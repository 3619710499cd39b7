// sampling/top_m_pair.hpp: lucb-glr and tt-topm.  The weakest pair against a brute-force search
// over every (a in the empirical top m, b outside) pair; the arm pulled (the less-pulled one, or
// the information-directed coin's); forced exploration; reproducible runs.  With empirical
// variances, pull for pull against the rule written from its definition (every reward kept).
#include <boost/test/unit_test.hpp>

#include "bandit_support.hpp"
#include "sampling_support.hpp"

#include "lilucb/bandit/compose.hpp"
#include "lilucb/bandit/sampling/top_m_pair.hpp"
#include "lilucb/bandit/stopping/glr_top_m.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

namespace lb = lilucb::bandit;
namespace ls = lilucb::bandit::stopping;
using lilucb_test::expect_domain_error;

namespace {

// The empirical-variance pair rule from its definition (sampling/top_m_pair.hpp's file comment):
// every reward kept, each arm's variance (sum of squared deviations + V)/(N + 1) recomputed from
// them in two passes, V the largest (sum of squared deviations)/N over the arms (1 while all are 0),
// every (top m, rest) pair's Z by brute force; with `blocks` Z' = (k/2) log(1 + 2Z/k),
// k = max(1, min(N_a, N_b)/4).
struct naive_variance_top_m {
  std::size_t K;
  double sigma;
  lb::answer_target tg;
  bool lucb;
  bool blocks;  // paired_blocks evidence
  std::vector<std::vector<double>> rewards = std::vector<std::vector<double>>(K);
  const char* name() const { return "naive"; }
  double sum_squares(std::size_t a) const {
    double m = 0, ss = 0;
    for (double y : rewards[a]) m += y;
    if (!rewards[a].empty()) m /= double(rewards[a].size());
    for (double y : rewards[a]) ss += (y - m) * (y - m);
    return ss;
  }
  double variance(std::size_t a) const {
    double v0 = 0;
    for (std::size_t b = 0; b < K; ++b)
      if (!rewards[b].empty()) v0 = std::max(v0, sum_squares(b) / double(rewards[b].size()));
    if (!(v0 > 0)) v0 = 1;
    return (sum_squares(a) + v0) / (double(rewards[a].size()) + 1);
  }
  template <class Session>
  std::size_t next(Session& s) {
    const lb::arm_stats& st = s.stats();
    std::size_t least = 0;
    for (std::size_t i = 1; i < K; ++i)
      if (st.count(i) < st.count(least)) least = i;
    if (double(st.count(least)) < std::sqrt(double(st.total()) / double(K))) return least;
    std::vector<std::size_t> order(K);
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) { return st.mean(x) > st.mean(y); });
    const double e = tg.epsilon, sc = tg.relative ? 1 - e : 1.0;
    double best = -1;
    std::size_t a = K, b = K;
    for (std::size_t x = 0; x < tg.top; ++x)
      for (std::size_t y = tg.top; y < K; ++y) {
        const std::size_t i = order[x], j = order[y];
        const double d = tg.relative ? st.mean(i) - sc * st.mean(j) : st.mean(i) - st.mean(j) + e;
        double z = d > 0 ? d * d / (2 * (variance(i) / double(st.count(i)) + sc * sc * variance(j) / double(st.count(j))))
                         : 0.0;
        if (blocks && d > 0) {  // the saturation matched to paired blocks
          const double k = std::max(1.0, double(std::min(st.count(i), st.count(j))) / 4);
          z = k / 2 * std::log1p(2 * z / k);
        }
        if (best < 0 || z < best || (z == best && std::pair{i, j} < std::pair{a, b})) {
          best = z;
          a = i;
          b = j;
        }
      }
    const double na = double(st.count(a)), nb = double(st.count(b)), va = variance(a), vb = variance(b);
    if (lucb) return nb / std::sqrt(vb) < na / std::sqrt(va) ? b : a;
    return s.rng().engine().uniform01() < (nb / vb) / (na / va + nb / vb) ? a : b;
  }
  void observe(std::size_t i, const lb::arm_stats& st) { rewards[i].push_back(st.last_added()); }
};

}  // namespace

BOOST_AUTO_TEST_SUITE(top_m_pair)

// The pair found is the brute force's: the least Z over the (top m, rest) pairs, for m = 1..K-1,
// with and without epsilon, on statistics grown by random pulls.
BOOST_AUTO_TEST_CASE(weakest_pair_is_the_brute_force_one) {
  const std::vector<double> means{0.5, 0.1, 0.45, 0.3, 0.0, 0.42};
  const std::size_t K = means.size();
  lb::arm_stats st(K);
  lb::normal_stream rng(9, 0);
  for (int t = 0; t < 600; ++t) {
    const std::size_t i = t < int(K) ? std::size_t(t) : std::size_t(rng.engine()() % K);
    st.add(i, means[i] + 0.5 * rng());
    if (t + 1 < int(K) || t % 7) continue;
    std::vector<std::size_t> order(K);
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return st.mean(a) > st.mean(b); });
    for (std::size_t m = 1; m < K; ++m)
      for (double eps : {0.0, 0.03}) {
        lb::answer_target tg;
        tg.top = m;
        tg.epsilon = eps;
        lb::sampling::top_m_pair rule(K, ls::glr_model::gaussian, 0.5, tg, lb::sampling::top_m_choice::less_pulled);
        double least = INFINITY;
        std::pair<std::size_t, std::size_t> want{K, K};
        for (std::size_t x = 0; x < m; ++x)
          for (std::size_t y = m; y < K; ++y) {
            const std::size_t a = order[x], b = order[y];
            const double z = ls::glr_statistic_target(ls::glr_model::gaussian, 0.5, st.count(a), st.mean(a), st.count(b),
                                                      st.mean(b), tg);
            if (z < least || (z == least && std::pair{a, b} < want)) {
              least = z;
              want = {a, b};
            }
          }
        BOOST_REQUIRE_MESSAGE(rule.weakest_pair(st) == want, "pull " << t << " m " << m << " eps " << eps);
      }
  }
}

// Runs answer the top set, are reproducible by seed and keep every arm above the forced-exploration
// floor sqrt(t/K); tt-topm's coin makes its runs differ from lucb-glr's.
BOOST_AUTO_TEST_CASE(runs_pull_the_pair_and_are_reproducible) {
  lb::combination c = lb::parse_combination("lucb-glr+glr-one-sided");
  c.target.top = 2;
  lb::run_options o;
  o.nu = 0.05;
  o.seed = 17;
  const lb::gaussian_arms arms({0.5, 0.45, 0.3, 0.1, 0.2}, 0.5);
  const auto a = lb::run_combination(c, arms, o), b = lb::run_combination(c, arms, o);
  BOOST_TEST(a.run.pulls == b.run.pulls);
  BOOST_TEST(a.run.counts == b.run.counts);
  BOOST_TEST(a.run.answer_set == (std::vector<std::size_t>{0, 1}));
  // Every arm at least the forced-exploration floor sqrt(t/K), less the last round's pull.
  for (auto k : a.run.counts) BOOST_TEST(double(k) >= std::sqrt(double(a.run.pulls) / 5) - 1);
  lb::combination d = lb::parse_combination("tt-topm+glr-one-sided");
  d.target.top = 2;
  const auto e = lb::run_combination(d, arms, o);
  BOOST_TEST(e.run.answer_set == (std::vector<std::size_t>{0, 1}));
  BOOST_TEST(e.run.pulls != a.run.pulls);
}

// The pull itself, from a hand-made state: arms 0 and 2 form the weakest pair of the top 2 of
// four, arm 2 has fewer pulls, so lucb-glr pulls it.
BOOST_AUTO_TEST_CASE(pulls_the_less_pulled_arm_of_the_pair) {
  lb::arm_stats st(4);
  for (int k = 0; k < 40; ++k) st.add(0, 0.6);
  for (int k = 0; k < 40; ++k) st.add(1, 0.9);
  for (int k = 0; k < 20; ++k) st.add(2, 0.55);
  for (int k = 0; k < 40; ++k) st.add(3, 0.0);
  lb::answer_target tg;
  tg.top = 2;
  lb::sampling::top_m_pair rule(4, ls::glr_model::gaussian, 0.5, tg, lb::sampling::top_m_choice::less_pulled);
  BOOST_TEST((rule.weakest_pair(st) == std::pair<std::size_t, std::size_t>{0, 2}));
}

// With empirical variances, and matched to paired blocks, both rules make the definition's pulls,
// pull for pull (additive and relative epsilon, m = 1, 2, 3; standard deviations a factor 20 apart).
BOOST_AUTO_TEST_CASE(empirical_variances_make_the_definitions_pulls) {
  const lb::gaussian_arms arms({0.5, 0.45, 0.44, 0.3, 0.1}, {0.1, 2.0, 0.5, 1.0, 0.25});
  for (bool blocks : {false, true})
    for (bool lucb : {true, false})
      for (std::size_t m : {1u, 2u, 3u})
        for (auto [eps, relative] : {std::pair{0.0, false}, std::pair{0.05, false}, std::pair{0.1, true}}) {
          lb::answer_target tg;
          tg.top = m;
          tg.epsilon = eps;
          tg.relative = relative;
          lb::sampling::top_m_pair fast(5, ls::glr_model::gaussian, 0.5, tg,
                                        lucb ? lb::sampling::top_m_choice::less_pulled
                                             : lb::sampling::top_m_choice::information_directed,
                                        blocks ? lb::sampling::top_m_evidence::paired_blocks
                                               : lb::sampling::top_m_evidence::empirical_variance);
          BOOST_TEST(fast.reads_variances());
          naive_variance_top_m naive{5, 0.5, tg, lucb, blocks};
          lilucb_test::same_pulls(arms, fast, naive, 31 + m, 3000,
                                  std::string(fast.name()) + (blocks ? " paired blocks" : "") + " m " + std::to_string(m) +
                                      " eps " + std::to_string(eps) + (relative ? " relative" : ""));
        }
}

// The arm pulled reads the variances: arm 0 (40 pulls, deviation 2) against arm 2 (20 pulls,
// deviation 0.1), the weakest pair of the top 2; with the pseudo-reward of the largest variance (4)
// arm 0 has 40/2 = 20 pulls per standard deviation and arm 2 about 20/0.45 = 45, so lucb-glr pulls
// arm 0; with the nominal sigma it pulls arm 2, the less pulled.  The estimates do not depend on
// the rewards' unit: rewards scaled by 1000 give the same pull.
BOOST_AUTO_TEST_CASE(pulls_the_arm_of_fewer_pulls_per_standard_deviation) {
  lb::arm_stats st(4);
  lb::answer_target tg;
  tg.top = 2;
  lb::sampling::top_m_pair ev(4, ls::glr_model::gaussian, 0.5, tg, lb::sampling::top_m_choice::less_pulled,
                              lb::sampling::top_m_evidence::empirical_variance);
  lb::sampling::top_m_pair nominal(4, ls::glr_model::gaussian, 0.5, tg, lb::sampling::top_m_choice::less_pulled);
  const auto add = [&](std::size_t i, double y) {
    st.add(i, y);
    ev.observe(i, st);
  };
  for (int k = 0; k < 40; ++k) add(0, 0.6 + (k % 2 ? 2.0 : -2.0));
  for (int k = 0; k < 40; ++k) add(1, 5.0 + (k % 2 ? 0.1 : -0.1));
  for (int k = 0; k < 20; ++k) add(2, 0.5 + (k % 2 ? 0.1 : -0.1));
  for (int k = 0; k < 40; ++k) add(3, -5.0 + (k % 2 ? 0.1 : -0.1));
  BOOST_TEST((ev.weakest_pair(st) == std::pair<std::size_t, std::size_t>{0, 2}));
  BOOST_TEST((nominal.weakest_pair(st) == std::pair<std::size_t, std::size_t>{0, 2}));
  lb::normal_stream rng(1, 0);
  struct session {
    lb::arm_stats& st;
    lb::normal_stream& r;
    const lb::arm_stats& stats() const { return st; }
    lb::normal_stream& rng() { return r; }
  } s{st, rng};
  BOOST_TEST(ev.next(s) == 0u);
  BOOST_TEST(nominal.next(s) == 2u);
  BOOST_TEST(ev.variance(0) == (40 * 4.0 + 4.0) / 41, boost::test_tools::tolerance(1e-12));
  BOOST_TEST(ev.variance(2) == (20 * 0.01 + 4.0) / 21, boost::test_tools::tolerance(1e-12));
  lb::arm_stats big(4);
  lb::sampling::top_m_pair scaled(4, ls::glr_model::gaussian, 0.5, tg, lb::sampling::top_m_choice::less_pulled,
                                  lb::sampling::top_m_evidence::empirical_variance);
  const auto add_big = [&](std::size_t i, double y) {
    big.add(i, 1000 * y);
    scaled.observe(i, big);
  };
  for (int k = 0; k < 40; ++k) add_big(0, 0.6 + (k % 2 ? 2.0 : -2.0));
  for (int k = 0; k < 40; ++k) add_big(1, 5.0 + (k % 2 ? 0.1 : -0.1));
  for (int k = 0; k < 20; ++k) add_big(2, 0.5 + (k % 2 ? 0.1 : -0.1));
  for (int k = 0; k < 40; ++k) add_big(3, -5.0 + (k % 2 ? 0.1 : -0.1));
  session sb{big, rng};
  BOOST_TEST(scaled.next(sb) == 0u);
  BOOST_TEST(scaled.variance(0) == 1e6 * ev.variance(0), boost::test_tools::tolerance(1e-9));
}

// The registry matches the sampler to the statistic on Gaussian arms of unknown variances:
// lucb-glr with the paired-t threshold makes the runs of the paired-blocks evidence composed by
// hand with Proposition TM-T's rule, and with heuristic-ev those of the empirical variances.
BOOST_AUTO_TEST_CASE(the_registry_matches_the_evidence_to_the_threshold) {
  const lb::gaussian_arms arms({1.0, 0.8, 0.6, 0.4, 0.2}, {0.5, 2.0, 1.0, 0.5, 1.0});
  lb::run_options o;
  o.nu = 0.1;
  o.seed = 5;
  o.unknown_variance = true;
  lb::answer_target tg;
  tg.top = 2;
  for (bool paired : {true, false}) {
    lb::combination c = lb::parse_combination(paired ? "lucb-glr+glr-paired-t" : "lucb-glr+glr-heuristic-ev");
    c.target = tg;
    const auto registry = lb::run_combination(c, arms, o);
    lb::sampling::top_m_pair s(5, ls::glr_model::gaussian, 1.0, tg, lb::sampling::top_m_choice::less_pulled,
                               paired ? lb::sampling::top_m_evidence::paired_blocks
                                      : lb::sampling::top_m_evidence::empirical_variance);
    auto stop = paired ? ls::glr_top_m::paired_t(5, o.nu, tg) : ls::glr_top_m::practice_empirical_variance(5, o.nu, tg);
    const auto hand = lb::run_composed(arms, s, stop, o);
    BOOST_TEST(registry.run.pulls == hand.run.pulls, (paired ? "paired-t" : "heuristic-ev"));
    BOOST_TEST(registry.run.counts == hand.run.counts);
    BOOST_TEST(registry.run.answer_set == hand.run.answer_set);
    if (paired) BOOST_TEST(registry.run.answer_set == (std::vector<std::size_t>{0, 1}));  // (TM-T's answer)
  }
}

BOOST_AUTO_TEST_CASE(domain_errors_name_the_parameter) {
  lb::answer_target tg;
  tg.top = 4;
  expect_domain_error(
      [&] { lb::sampling::top_m_pair(4, ls::glr_model::gaussian, 0.5, tg, lb::sampling::top_m_choice::less_pulled); },
      "top");
  tg.top = 2;
  expect_domain_error(
      [&] { lb::sampling::top_m_pair(4, ls::glr_model::gaussian, -1, tg, lb::sampling::top_m_choice::less_pulled); },
      "sigma");
}

BOOST_AUTO_TEST_SUITE_END()
