// compose.hpp: any sampling rule x any stopping rule.
//   - lilucb x lilucb makes exactly the pulls of run_lilucb / the lilucb-certified preset
//     (root heap and radix heap paths);
//   - every combination runs, answers a valid arm, stops on an easy instance, and is
//     reproducible (same seed, same pulls);
//   - the KL upper confidence bound against bisection;
//   - Track-and-Stop's schedule of w* recomputations;
//   - the certified combinations of the anytime boundaries run and state their certificates;
//   - whole runs against the runs recorded before the shared leader/pair core
//     (composed_reference.hpp, tests/reference/make_composed_reference.py);
//   - the Top-Two rules (TTTS, T3C, EB-TCI: kept keys, tournament tree, cached per-arm values)
//     against the papers' definitions written apart as plain O(K) loops (naive_top_two.hpp,
//     which states what it shares with the library: ties, the order of draws), pull for pull, on
//     instances with many exact ties (Bernoulli arms); their posterior sampler
//     (bandit/detail/gaussian_argmax.hpp) in law: the frequencies of the argmax and of the argmax
//     without one arm against quadrature, exact Clopper-Pearson bounds at 1e-6;
//   - domain errors (lilucb stopping without lilucb sampling, kl-lucb on Gaussian arms, kk21 and
//     calibrated on Bernoulli arms, unknown boundaries).
//   - combination and method names: parse_combination inverts to_string; parse_method.
// The stopping rules' own tests: tests/bandit/stopping/test_<rule>.cpp.
#include <boost/test/unit_test.hpp>

#include "bandit_support.hpp"
#include "composed_reference.hpp"
#include "naive_top_two.hpp"
#include "naive_weakest_pair.hpp"

#include "lilucb/bandit/compose.hpp"
#include "lilucb/bandit/scenarios.hpp"
#include "lilucb/characteristic_time.hpp"
#include "lilucb/bandit/detail/gaussian_argmax.hpp"
#include "lilucb/bandit/detail/random.hpp"
#include "lilucb/clopper_pearson.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <cstdint>
#include <string>
#include <vector>

namespace lb = lilucb::bandit;
namespace tt = boost::test_tools;
using lilucb_test::expect_domain_error;

namespace {

std::vector<lb::combination> every_combination() {
  std::vector<lb::combination> out;
  for (auto s : lb::all_sampling_rules) {
    if (s == lb::sampling_rule::lilucb) out.push_back({s, lb::stopping_rule::lilucb});
    out.push_back({s, lb::stopping_rule::ls});
    out.push_back({s, lb::stopping_rule::glr, lb::glr_threshold::heuristic});
  }
  return out;
}

/// One combination run twice with the same seed on an easy instance whose best arm is 1
/// (Gaussian arms of sigma 1/2 or Bernoulli arms); checks that both runs make the same pulls and
/// that the first stops on arm 1.  Returns the first run and its pull log.
struct run_twice_result {
  lb::composed_result run;
  lb::pull_log log;
  std::string what;  ///< the combination and the arm kind, for messages
};

run_twice_result run_twice_on_easy_instance(const lb::combination& c, bool bernoulli, std::uint64_t seed) {
  const std::vector<double> g{0.2, 0.9, 0.1, 0.0, 0.3};
  const std::vector<double> be{0.2, 0.8, 0.1, 0.05, 0.3};
  lb::run_options o;
  o.nu = 0.1;
  o.seed = seed;
  o.max_pulls = 2'000'000;  // far above what any rule needs here; a hang would show as budget_exhausted
  run_twice_result out;
  out.what = lb::to_string(c) + (bernoulli ? " bernoulli" : " gaussian");
  BOOST_TEST_MESSAGE(out.what);
  lb::pull_log again;
  if (bernoulli) {
    const lb::bernoulli_arms arms(be);
    out.run = lb::run_combination(c, arms, o, out.log);
    lb::run_combination(c, arms, o, again);
  } else {
    const lb::gaussian_arms arms(g, 0.5);
    out.run = lb::run_combination(c, arms, o, out.log);
    lb::run_combination(c, arms, o, again);
  }
  BOOST_TEST(out.log.arms == again.arms, out.what);
  BOOST_TEST(out.run.run.status == lb::run_status::stopped, out.what);
  BOOST_TEST(out.run.run.best_arm == 1u, out.what);
  return out;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(compose)

BOOST_AUTO_TEST_CASE(lilucb_lilucb_is_the_preset_pull_for_pull) {
  for (std::size_t n : {2, 7, 40, 1100}) {
    std::vector<double> means(n);
    for (std::size_t i = 0; i < n; ++i) means[i] = 0.6 - 0.5 * std::pow(double(i + 1) / double(n), 0.6);
    means[n / 3] = 0.9;
    const lb::gaussian_arms arms(means, 0.5);
    lb::run_options o;
    o.nu = 0.1;
    o.seed = 11 + n;
    o.max_pulls = 300000;
    lb::pull_log a, b;
    const auto preset = lb::run_algorithm(lb::algorithm::lilucb_certified, arms, o, a);
    const auto comp = lb::run_combination({lb::sampling_rule::lilucb, lb::stopping_rule::lilucb}, arms, o, b);
    BOOST_TEST(a.arms == b.arms, "n = " << n);
    BOOST_TEST(preset.best_arm == comp.run.best_arm);
    BOOST_TEST(preset.pulls == comp.run.pulls);
    BOOST_TEST(lb::to_string(preset.status) == lb::to_string(comp.run.status));
    BOOST_TEST(comp.certified);
  }
}

BOOST_AUTO_TEST_CASE(every_combination_runs_and_is_reproducible) {
  for (const auto& c : every_combination()) {
    for (bool bern : {false, true}) {
      if (c.sampling == lb::sampling_rule::kl_lucb && !bern) continue;
      const auto [r1, a, what] = run_twice_on_easy_instance(c, bern, 5);
      BOOST_TEST(r1.run.pulls == a.arms.size(), what);
      BOOST_TEST(r1.certified == lb::is_certified(c), what);
      BOOST_TEST(!r1.certificate.empty(), what);
      // The first K pulls are arms 0..K-1.
      for (std::size_t i = 0; i < 5; ++i) BOOST_TEST(a.arms[i] == i, what);
    }
  }
}

// A certificate checks its premise: statistics at a scale below the rewards' sub-Gaussian scale
// (Bernoulli arms with sigma < 1/2; Gaussian arms with sigma below the largest sigma_i) are
// labelled uncertified, saying why; at the scale they stay certified.  Every certified rule, on
// each reward model it accepts.
BOOST_AUTO_TEST_CASE(a_certificate_checks_its_sigma_premise) {
  for (const auto& c : every_combination()) {
    if (!lb::is_certified(c) || c.boundary == lb::stopping::ls_boundary::calibrated) continue;
    for (bool bern : {false, true}) {
      if (c.sampling == lb::sampling_rule::kl_lucb && !bern) continue;
      const auto model = bern ? lb::reward_model::bernoulli : lb::reward_model::gaussian;
      try {
        lb::check_combination("test", c, model);
      } catch (const lilucb::domain_error&) {
        continue;  // not admitted on this model (kk21 on Bernoulli arms)
      }
      const std::string what = lb::to_string(c) + (bern ? " on Bernoulli arms" : " on Gaussian arms");
      lb::run_options o;
      o.max_pulls = 200;
      o.nu = 0.1;
      const auto run = [&](double sigma) {
        o.sigma = sigma;
        return bern ? lb::run_combination(c, lb::bernoulli_arms({0.5, 0.4, 0.3}), o)
                    : lb::run_combination(c, lb::gaussian_arms({0.5, 0.4, 0.3}, std::vector<double>{0.5, 1.0, 0.25}), o);
      };
      const double scale = bern ? 0.5 : 1.0;
      const auto below = run(scale / 10);
      BOOST_TEST(!below.certified, what);
      BOOST_TEST(below.certificate.find("below the arms' sub-Gaussian scale") != std::string::npos, what);
      const auto at = run(scale);
      BOOST_TEST(at.certified, what);
    }
  }
}

BOOST_AUTO_TEST_CASE(budget_and_single_arm) {
  const lb::gaussian_arms arms({0.5, 0.5 - 1e-9, 0.1}, 0.5);
  lb::run_options o;
  o.max_pulls = 1000;
  for (const auto& c : every_combination()) {
    if (c.sampling == lb::sampling_rule::kl_lucb) continue;
    const auto r = lb::run_combination(c, arms, o);
    BOOST_TEST(r.run.status == lb::run_status::budget_exhausted, lb::to_string(c));
    BOOST_TEST(r.run.pulls == 1000u);
  }
  const lb::gaussian_arms one({0.5}, 0.5);
  const auto r = lb::run_combination({lb::sampling_rule::tas_d, lb::stopping_rule::glr}, one, o);
  BOOST_TEST(r.run.pulls == 0u);
  BOOST_TEST(r.run.best_arm == 0u);
}


namespace {
/// A stopping rule that never fires: runs go to their budget (the Top-Two comparison below).
struct never_stop {
  static constexpr const char* name() { return "never"; }
  void observe(std::size_t, const lb::arm_stats&) {}
  bool should_stop(const lb::arm_stats&) const { return false; }
  std::size_t recommendation(const lb::arm_stats&) const { return 0; }
  bool certified() const { return false; }
  const char* certificate() const { return ""; }
};

/// Two sampling rules make the same `pulls` pulls on `arms` from `seed` (a stopping rule that
/// never fires): the first different pull is reported.
template <class Fast, class Naive, class Arms>
void same_pulls(const Arms& arms, Fast& fast, Naive& naive, std::uint64_t seed, std::uint64_t pulls,
                const std::string& what) {
  lb::run_options o;
  o.nu = 0.1;
  o.seed = seed;
  o.max_pulls = pulls;
  never_stop s1, s2;
  lb::pull_log l1, l2;
  lb::run_composed(arms, fast, s1, o, l1);
  lb::run_composed(arms, naive, s2, o, l2);
  BOOST_REQUIRE_EQUAL(l1.arms.size(), pulls);
  BOOST_REQUIRE_EQUAL(l2.arms.size(), pulls);
  std::size_t first_diff = pulls;
  for (std::size_t t = 0; t < pulls; ++t)
    if (l1.arms[t] != l2.arms[t]) {
      first_diff = t;
      break;
    }
  BOOST_TEST(first_diff == pulls, what << " seed " << seed << ": first different pull " << first_diff);
}

template <class Fast, class Naive, class Arms>
void same_top_two_pulls(const Arms& arms, double sigma, std::uint64_t seed, std::uint64_t pulls, const std::string& what,
                        lb::sampling::top_two_selection sel) {
  Fast fast(arms.size(), sigma, sel);
  Naive naive(arms.size(), sigma, sel);
  same_pulls(arms, fast, naive, seed, pulls, what);
}

template <lb::sampling::top_two_kind Kind>
void top_two_matches_naive(const char* rule,
                           lb::sampling::top_two_selection sel = lb::sampling::top_two_selection::half) {
  using fast = lb::sampling::top_two<Kind>;
  using naive = lilucb_test::naive_top_two<Kind>;
  const std::vector<std::vector<double>> bern{{0.5, 0.5}, {0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5},
                                              {0.9, 0.5, 0.5, 0.1, 0.9, 0.3}, lb::alpha_means(39, 0.6)};
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    for (const auto& m : bern)
      same_top_two_pulls<fast, naive>(lb::bernoulli_arms(m), 0.5, seed, 3000,
                                      std::string(rule) + " bernoulli K = " + std::to_string(m.size()), sel);
    for (std::size_t n : {1, 9, 60, 299})
      same_top_two_pulls<fast, naive>(lb::gaussian_arms(lb::alpha_means(n, 0.6), 0.5), 0.5, seed, n > 100 ? 6000 : 3000,
                                      std::string(rule) + " gaussian alpha K = " + std::to_string(n + 1), sel);
  }
}
}  // namespace


namespace {
/// P(argmax_{b in S} theta_b = a) for independent theta_b ~ N(m_b, s_b^2), S = all arms but
/// `skip` (none if skip >= K): int phi(z) prod_{b in S, b != a} Phi((m_a + s_a z - m_b)/s_b) dz by
/// the trapezoid rule on [-12, 12] (a smooth integrand decaying like phi: error far below 1e-9).
double argmax_probability(const std::vector<double>& m, const std::vector<double>& s, std::size_t a,
                          std::size_t skip) {
  const int steps = 24000;
  const double lo = -12, h = 24.0 / steps;
  double sum = 0;
  for (int k = 0; k <= steps; ++k) {
    const double z = lo + h * k;
    double f = std::exp(-0.5 * z * z) / std::sqrt(2 * M_PI);
    for (std::size_t b = 0; b < m.size(); ++b)
      if (b != a && b != skip) f *= 0.5 * std::erfc(-((m[a] + s[a] * z - m[b]) / s[b]) / std::sqrt(2.0));
    sum += (k == 0 || k == steps ? 0.5 : 1.0) * f;
  }
  return sum * h;
}
}  // namespace

// The posterior sampler of TTTS and T3C draws the argmax, and the argmax without the avoided arm,
// with the law of the full draw of K normals (bandit/detail/gaussian_argmax.hpp).  The instance
// has near arms (drawn in full) and far arms that win only through the tail beyond the cut
// (arm 2: about 7e-4 of the draws; arm 6 is near only while the best drawn value is the avoided
// arm 0's), after the arms' values were first set in another order (the
// sorted order's updates).  Every count lies within the exact two-sided Clopper-Pearson bounds at
// 1e-6 per side.
BOOST_AUTO_TEST_CASE(posterior_argmax_has_the_gaussian_law) {
  const std::vector<double> m{3.2, 3.19, 0.0, 0.5, 1.0, -1.0, 3.1}, sd{0.01, 0.02, 1.0, 1.0, 1.0, 1.0, 0.034};
  const std::size_t K = m.size(), avoid = 0;
  lb::detail::gaussian_argmax g(K);
  for (std::size_t a = 0; a < K; ++a) g.set(K - 1 - a, 0.3 * static_cast<double>(a), 0.1 + 0.05 * static_cast<double>(a));
  for (std::size_t a = 0; a < K; ++a) g.set(a, m[a], sd[a]);
  lb::detail::normal_stream rng(7, 0);
  const std::uint64_t N = 1'000'000;
  std::vector<std::uint64_t> top(K + 1, 0), second(K + 1, 0);
  for (std::uint64_t t = 0; t < N; ++t) {
    const auto d = g.sample(rng, avoid);
    ++top[d.top];
    ++second[d.second];
  }
  BOOST_TEST(top[K] == 0u);
  BOOST_TEST(second[K] == 0u);
  BOOST_TEST(second[avoid] == 0u);
  auto within = [&](std::uint64_t k, double p, const std::string& what) {
    const std::uint64_t lo = lilucb::binomial_critical_count(N, p, 1e-6, lilucb::cp_bound::upper_reaches);
    const std::uint64_t hi = lilucb::binomial_critical_count(N, p, 1e-6, lilucb::cp_bound::lower_exceeds);
    BOOST_TEST((k >= lo && k < hi), what << ": count " << k << " of " << N << ", p " << p << ", accepted [" << lo
                                          << ", " << hi << ")");
  };
  double total = 0;
  for (std::size_t a = 0; a < K; ++a) {
    const double p = argmax_probability(m, sd, a, K);
    total += p;
    within(top[a], p, "argmax = " + std::to_string(a));
    if (a != avoid) within(second[a], argmax_probability(m, sd, a, avoid), "argmax without 0 = " + std::to_string(a));
  }
  BOOST_TEST(total == 1.0, tt::tolerance(1e-9));
  BOOST_TEST(top[2] > 0u, "the tail phase decides some draws");
  // Without an avoided arm (T3C's leader, TTTS's resamples but the last) the near phase ends
  // at the best value drawn: the argmax's law again.
  std::vector<std::uint64_t> alone(K + 1, 0);
  for (std::uint64_t t = 0; t < N; ++t) ++alone[g.sample(rng, K).top];
  BOOST_TEST(alone[K] == 0u);
  for (std::size_t a = 0; a < K; ++a)
    within(alone[a], argmax_probability(m, sd, a, K), "argmax (no arm avoided) = " + std::to_string(a));
  BOOST_TEST(alone[2] > 0u, "the tail phase decides some draws");
}

// TTTS's challenger (sampling::ttts_challenger: resamples, then the union scheme of Karp, Luby &
// Madras) has the law of the resampling loop with its cap: with p = P(argmax = L),
//     P(challenger = b) = (1 - p^99) P(argmax = b)/(1 - p) + p^99 P(argmax_{a != L} = b),
// every probability by quadrature.  Instances: (i) a leader far ahead (p about 0.98; every rate
// the bound phi(a), thinned; the cap decides about a quarter of the draws), with far arms that
// pass only through the tail phase; (ii) a close race with s = sum of the rates < 1 (exact rates
// Phi(-a), a below 1/2 and between 1/2 and 1: both truncated-normal samplers); (iii) s >= 1 with
// p about 0.95 (many narrow arms below a wide leader: the draws as written).  Every count
// lies within the exact two-sided Clopper-Pearson bounds at 1e-6 per side.
BOOST_AUTO_TEST_CASE(ttts_challenger_has_the_resampling_law) {
  struct instance {
    std::vector<double> m, sd;
    std::size_t L;
    std::uint64_t N;
  };
  std::vector<instance> cases;
  cases.push_back({{1.0, 0.93, 0.9, 0.2, -0.5, 0.0}, {0.02, 0.02, 0.03, 0.3, 0.5, 0.25}, 0, 300'000});
  cases.push_back({{0.5, 0.42, 0.47, 0.1, 0.0}, {0.1, 0.1, 0.1, 0.1, 0.2}, 0, 200'000});
  {
    instance c{{0.0}, {1.0}, 0, 20'000};
    for (int a = 0; a < 40; ++a) {  // P_b from Phi(-1.6) to Phi(-1.8): s about 1.8
      c.m.push_back(-1.6 - 0.005 * a);
      c.sd.push_back(0.01);
    }
    cases.push_back(c);
  }
  for (const auto& c : cases) {
    const std::size_t K = c.m.size();
    lb::detail::gaussian_argmax g(K);
    for (std::size_t a = 0; a < K; ++a) g.set(a, c.m[a], c.sd[a]);
    lb::detail::normal_stream rng(13, 0);
    std::vector<std::uint64_t> count(K + 1, 0);
    for (std::uint64_t t = 0; t < c.N; ++t) ++count[lb::sampling::ttts_challenger(g, rng, c.L)];
    BOOST_TEST(count[c.L] == 0u);
    BOOST_TEST(count[K] == 0u);
    const double p = argmax_probability(c.m, c.sd, c.L, K);
    const double cap = std::pow(p, lb::sampling::ttts_max_resamples - 1);
    double total = 0;
    for (std::size_t b = 0; b < K; ++b) {
      if (b == c.L) continue;
      const double q = (1 - cap) * argmax_probability(c.m, c.sd, b, K) / (1 - p) + cap * argmax_probability(c.m, c.sd, b, c.L);
      total += q;
      const std::uint64_t lo = lilucb::binomial_critical_count(c.N, q, 1e-6, lilucb::cp_bound::upper_reaches);
      const std::uint64_t hi = lilucb::binomial_critical_count(c.N, q, 1e-6, lilucb::cp_bound::lower_exceeds);
      BOOST_TEST((count[b] >= lo && count[b] < hi), "K " << K << " L " << c.L << " (p " << p << ", cap weight " << cap
                                                         << "): challenger " << b << " count " << count[b] << " of "
                                                         << c.N << ", law " << q << ", accepted [" << lo << ", " << hi << ")");
    }
    BOOST_TEST(total == 1.0, tt::tolerance(1e-8));
  }
}

// The Top-Two rules' kept keys, tournament tree and cached per-arm values make exactly the pulls
// of the definitions written as plain loops (naive_top_two.hpp), ties included (Bernoulli arms tie
// often).
BOOST_AUTO_TEST_CASE(top_two_rules_match_naive_pull_for_pull) {
  top_two_matches_naive<lb::sampling::top_two_kind::eb_tci>("eb-tci");
  top_two_matches_naive<lb::sampling::top_two_kind::t3c>("t3c");
  top_two_matches_naive<lb::sampling::top_two_kind::ttts>("ttts");
  top_two_matches_naive<lb::sampling::top_two_kind::eb_tci>("eb-tci-ids", lb::sampling::top_two_selection::ids);
  top_two_matches_naive<lb::sampling::top_two_kind::t3c>("t3c-ids", lb::sampling::top_two_selection::ids);
}

namespace {
/// The weakest-pair rule and its O(K) definition (naive_weakest_pair.hpp) make the same pulls:
/// `pulls` pulls with a stopping rule that never fires, then the run with the one-sided GLR
/// stopping (same stop, same answer).
template <class Arms>
void same_weakest_pair_pulls(const Arms& arms, double sigma, std::uint64_t seed, std::uint64_t pulls,
                             const std::string& what) {
  lb::sampling::weakest_pair fast(arms.size(), sigma);
  lilucb_test::naive_weakest_pair naive(sigma);
  same_pulls(arms, fast, naive, seed, pulls, what);
  BOOST_TEST(fast.exact_evaluations() > 0u);
}
}  // namespace

// The one-term lower bounds of weakest_pair.hpp ("levels 1 and 2") are below the statistic S1 of
// glr_one_sided_statistic on random pairs (counts 1..10^5, gaps of either sign, every scale), and
// Psi is below F (glr_one_sided.hpp) on a grid of u.  (How close they are is reported, not tested:
// the pull-for-pull test below counts the work they save.)
BOOST_AUTO_TEST_CASE(weakest_pair_bounds_are_bounds) {
  namespace wd = lb::sampling::weakest_pair_detail;
  const wd::psi_table t;
  for (double u = -200; u <= 200; u += 0.01) {
    double v, d;
    t.at(u, &v, &d);
    BOOST_TEST(v <= lb::one_sided_mixture::F(u).f + 1e-12 * (1 + std::fabs(v)), "u " << u);
  }
  const auto g = lb::stopping::make_mixture_grid();
  const double sigma = 0.5;
  std::mt19937_64 rng(11);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::size_t checked = 0, close = 0;
  for (int i = 0; i < 400; ++i) {
    const auto na = std::uint64_t(std::exp(unit(rng) * std::log(1e5))), nb = std::uint64_t(std::exp(unit(rng) * std::log(1e5)));
    const double ma = unit(rng), mb = ma - (unit(rng) * 1.2 - 0.2);
    const double s1 = lb::stopping::glr_one_sided_statistic(sigma, g, na, ma, nb, mb);
    double best = -std::numeric_limits<double>::infinity();
    for (std::size_t k = 0; k < g.rho.size(); ++k) {
      const double sa = double(na) / (sigma * std::sqrt(double(na) + g.rho[k]));
      const double sb = double(nb) / (sigma * std::sqrt(double(nb) + g.rho[k]));
      const double lb_k = g.log_weight[k] + 2 * std::log(2.0) - 0.5 * std::log1p(double(na) / g.rho[k]) -
                          0.5 * std::log1p(double(nb) / g.rho[k]) + wd::psi_pair_lower(t, sa, ma, sb, mb);
      BOOST_TEST(lb_k <= s1 + 1e-9 * (1 + std::fabs(s1)), "na " << na << " ma " << ma << " nb " << nb << " mb " << mb << " k " << k);
      best = std::max(best, lb_k);
      ++checked;
    }
    close += s1 - best < 2.5;
  }
  BOOST_TEST(checked == 400u * g.rho.size());
  BOOST_TEST_MESSAGE("weakest-pair one-term bounds within 2.5 nats of S1: " << close << " of 400 random pairs");
}

// Weakest-pair sampling (sampling/weakest_pair.hpp): its kept keys, lower bounds and lazy
// refinement make exactly the pulls of the O(K) pass over every S1_{L,b}, ties included (the
// Bernoulli instances tie often), at K = 3, 10 and 101; and with the one-sided GLR stopping the
// same stop.  The bounds do spare work: at K = 101 well under one exact statistic per pull, not K - 1.
BOOST_AUTO_TEST_CASE(weakest_pair_matches_naive_pull_for_pull) {
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    same_weakest_pair_pulls(lb::bernoulli_arms({0.5, 0.5, 0.5}), 0.5, seed, 1500, "bernoulli K = 3 tied");
    same_weakest_pair_pulls(lb::bernoulli_arms({0.9, 0.5, 0.5, 0.1, 0.9, 0.3, 0.5, 0.2, 0.9, 0.6}), 0.5, seed, 800,
                            "bernoulli K = 10");
    same_weakest_pair_pulls(lb::gaussian_arms({1.0, 0.8, 0.6}, 0.5), 0.5, seed, 1500, "gaussian K = 3");
    same_weakest_pair_pulls(lb::gaussian_arms(lb::alpha_means(9, 0.6), 0.5), 0.5, seed, 800, "gaussian alpha K = 10");
  }
  // (The O(K) pass costs about 3.5 ms per pull at K = 101: a few hundred pulls per seed.)
  for (std::uint64_t seed = 1; seed <= 2; ++seed)
    same_weakest_pair_pulls(lb::gaussian_arms(lb::alpha_means(100, 0.6), 0.5), 0.5, seed, 350, "gaussian alpha K = 101");
  // With the one-sided GLR stopping (Proposition M1): the same stopping time and answer.
  const lb::gaussian_arms arms(lb::alpha_means(9, 0.6), 0.5);
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    lb::run_options o;
    o.nu = 0.1;
    o.seed = seed;
    lb::sampling::weakest_pair fast(arms.size(), 0.5);
    lilucb_test::naive_weakest_pair naive(0.5);
    lb::stopping::glr_one_sided st1(arms.size(), 0.5, 0.1), st2(arms.size(), 0.5, 0.1);
    const auto r1 = lb::run_composed(arms, fast, st1, o), r2 = lb::run_composed(arms, naive, st2, o);
    BOOST_TEST(r1.run.status == lb::run_status::stopped);
    BOOST_TEST(r1.run.pulls == r2.run.pulls);
    BOOST_TEST(r1.run.best_arm == r2.run.best_arm);
    BOOST_TEST(r1.certified);
  }
  // Forced exploration: an arm far below the others (never the leader, its S1 never the smallest)
  // is still pulled whenever its count falls below sqrt(t/K); without it, it keeps its first pull.
  {
    const lb::gaussian_arms far({1.0, 0.98, -5.0}, 0.5);
    lb::run_options o;
    o.nu = 0.1;
    o.seed = 3;
    o.max_pulls = 20000;
    lb::sampling::weakest_pair fast(far.size(), 0.5);
    never_stop st;
    lb::pull_log log;
    lb::run_composed(far, fast, st, o, log);
    const auto n2 = std::count(log.arms.begin(), log.arms.end(), std::size_t{2});
    BOOST_TEST(double(n2) >= std::sqrt(double(o.max_pulls) / 3.0) - 1, n2);
    BOOST_TEST(double(n2) <= std::sqrt(double(o.max_pulls) / 3.0) + 2, n2);  // and only then
  }
  // Exact statistics per pull at K = 101 (the bounds' saving; K - 1 = 100 for the O(K) pass).
  {
    const lb::gaussian_arms big(lb::alpha_means(100, 0.6), 0.5);
    lb::run_options o;
    o.nu = 0.1;
    o.seed = 7;
    o.max_pulls = 3000;
    lb::sampling::weakest_pair fast(big.size(), 0.5);
    never_stop st;
    lb::run_composed(big, fast, st, o);
    const double per_pull = double(fast.exact_evaluations()) / double(o.max_pulls - big.size());
    const double n = double(o.max_pulls - big.size());
    BOOST_TEST_MESSAGE("weakest-pair K = 101: " << per_pull << " exact S1, " << double(fast.tangent_refinements()) / n
                                                << " tangent bounds, " << double(fast.level2_refinements()) / n
                                                << " level-2 bounds, " << double(fast.key_rebuilds()) / n
                                                << " key rebuilds per pull");
    BOOST_TEST(per_pull < 1.0);  // about 0.14 when this test was written
  }
  expect_domain_error([] { lb::sampling::weakest_pair(3, 0.0); }, "sigma");
  expect_domain_error([] { lb::sampling::weakest_pair(3, 0.5, lb::stopping::mixture_grid{}); }, "grid");
  BOOST_TEST(lb::to_string(lb::parse_sampling_rule("weakest-pair")) == std::string("weakest-pair"));
}

// Information-directed selection gives the best arm the share of the optimal proportions w*(mu)
// (Garivier & Kaufmann 2016; its balance w_best^2 = sum_b w_b^2 is IDS's fixed point, top_two.hpp),
// where beta = 1/2 gives it one half.  Eleven Gaussian arms, one gap of 0.1 to ten equal arms,
// sigma 1: w*_best = 1/(1 + sqrt 10) = 0.240 (lilucb/characteristic_time.hpp).  After 10^5 pulls
// (no stopping) the IDS rules' share of the best arm lies within 0.05 of it and the beta = 1/2
// rules' within 0.05 of 1/2, for each of three seeds.  (Deterministic for the fixed seeds; an IDS
// share that tracked anything else, e.g. the old 1/2 or h = N_L/(N_L + N_C), would fail.)
BOOST_AUTO_TEST_CASE(ids_gives_the_best_arm_its_optimal_share) {
  std::vector<double> means(11, 0.0);
  means[0] = 0.1;
  const lb::gaussian_arms arms(means, 1.0);
  const double w_best = lilucb::characteristic_time_gaussian(means, 1.0).w_star[0];
  BOOST_TEST(w_best == 1 / (1 + std::sqrt(10.0)), tt::tolerance(1e-9));
  const auto share = [&](auto rule, std::uint64_t seed) {
    lb::run_options o;
    o.nu = 0.1;
    o.seed = seed;
    o.max_pulls = 100000;
    never_stop stop;
    const auto r = lb::run_composed(arms, rule, stop, o);
    return double(r.run.counts[0]) / double(r.run.pulls);
  };
  using lb::sampling::top_two_selection;
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    BOOST_TEST(std::fabs(share(lb::sampling::t3c(11, 1.0, top_two_selection::ids), seed) - w_best) < 0.05);
    BOOST_TEST(std::fabs(share(lb::sampling::eb_tci(11, 1.0, top_two_selection::ids), seed) - w_best) < 0.05);
    BOOST_TEST(std::fabs(share(lb::sampling::t3c(11, 1.0), seed) - 0.5) < 0.05);
    BOOST_TEST(std::fabs(share(lb::sampling::eb_tci(11, 1.0), seed) - 0.5) < 0.05);
  }
  BOOST_CHECK_THROW(lb::sampling::ttts(11, 1.0, top_two_selection::ids), lilucb::domain_error);
}

// Whole runs (every sampling rule with GLR heuristic/kk21/mixture and LS, fixed seeds) make the
// stopping times, answers and pull counts recorded by the binary of commit 34fe0e9, before the
// shared leader/pair core and its lazy check: composed_reference.hpp (the t3c rows by the binary
// of commit 5f6cd05, the ttts rows by that of 316ae15: their posterior sampler, and TTTS's
// challenger, draw the same law from another stream).
// Rows of more than 20000 pulls (long TTTS runs) are skipped here to keep the test to about a second.
BOOST_AUTO_TEST_CASE(runs_match_recorded_reference) {
  const std::vector<std::vector<double>> means{lb::alpha_means(20, 0.6), lb::sparse_means(12, 0.5),
                                               {1, 0.8, 0.6, 0.4, 0.2}, {0.7, 0.5, 0.45, 0.3, 0.2, 0.1}};
  std::size_t checked = 0;
  for (const auto& row : lilucb_test::composed_reference()) {
    if (row.pulls > 20000) continue;
    lb::combination c{lb::parse_sampling_rule(row.sampling), lb::parse_stopping_rule(row.stopping)};
    if (c.stopping == lb::stopping_rule::glr) c.threshold = lb::parse_glr_threshold(row.threshold);
    lb::run_options o;
    o.nu = 0.1;
    o.seed = row.seed;
    o.max_pulls = 300000;
    o.sigma = row.instance == 2 ? 1.0 : 0.5;
    const auto r = row.instance == 3 ? lb::run_combination(c, lb::bernoulli_arms(means[3]), o)
                                     : lb::run_combination(c, lb::gaussian_arms(means[row.instance], o.sigma), o);
    const std::string what = lb::to_string(c) + " instance " + std::to_string(row.instance) + " seed " +
                             std::to_string(row.seed);
    BOOST_TEST((r.run.status == lb::run_status::stopped) == row.stopped, what);
    BOOST_TEST(r.run.pulls == row.pulls, what);
    BOOST_TEST(r.run.best_arm == row.best_arm, what);
    BOOST_TEST(r.run.counts == row.counts, what);
    ++checked;
  }
  BOOST_TEST(checked > 300u);
}

BOOST_AUTO_TEST_CASE(kl_upper_bound_matches_bisection) {
  for (double p : {0.0, 1e-6, 0.1, 0.5, 0.9, 0.999999, 1.0})
    for (double level : {0.0, 1e-8, 1e-3, 0.1, 1.0, 5.0, 40.0}) {
      const double q = lb::sampling::kl_upper_bound(p, level);
      // bisection on [p, 1] in long double, kl written with log1p (accurate near p and near 0)
      long double lo = p, hi = 1;
      auto kl = [p](long double q) {
        const long double P = p;
        return (P > 0 ? P * std::log(P / q) : 0.0L) + (1 - P) * std::log1p((q - P) / (1 - q));
      };
      for (int k = 0; k < 200; ++k) {
        const long double mid = (lo + hi) / 2;
        (mid < 1 && kl(mid) <= level ? lo : hi) = mid;
      }
      BOOST_TEST(q == double(lo), tt::tolerance(1e-9));
      BOOST_TEST(q >= p);
      BOOST_TEST(q <= 1.0);
    }
}

BOOST_AUTO_TEST_CASE(track_and_stop_schedule) {
  // w* recomputed after the initial round and then at t >= t_last + max(K, t_last/16).
  const std::size_t K = 4;
  const lb::gaussian_arms arms({0.5, 0.4, 0.3, 0.0}, 0.5);
  lb::run_options o;
  o.max_pulls = 100000;
  lb::sampling::tas_d samp(K, false, 0.5);
  lb::stopping::glr<lb::stopping::heuristic_threshold> stop(K, lb::stopping::glr_model::gaussian, 0.5, {1e-300});
  const auto r = lb::run_composed(arms, samp, stop, o);
  std::uint64_t t = K, n = 1;
  while (true) {
    const std::uint64_t next = t + std::max<std::uint64_t>(K, t / 16);
    if (next >= r.run.pulls) break;  // the last pull chosen is number pulls (t = pulls - 1)
    t = next;
    ++n;
  }
  BOOST_TEST(samp.updates() == n);
  // Tracking: every arm's share is near its w* at the end.
  const auto w = lilucb::characteristic_time_gaussian(std::vector<double>{0.5, 0.4, 0.3, 0.0}, 0.5).w_star;
  for (std::size_t a = 0; a < K; ++a)
    BOOST_TEST(double(r.run.counts[a]) / double(r.run.pulls) == w[a], tt::tolerance(0.1));
}

BOOST_AUTO_TEST_CASE(domain_errors) {
  const lb::gaussian_arms g({0.5, 0.1}, 0.5);
  const lb::bernoulli_arms b({0.5, 0.1});
  lb::run_options o;
  expect_domain_error([&] { lb::run_combination({lb::sampling_rule::uniform, lb::stopping_rule::lilucb}, g, o); },
                      "stopping");
  expect_domain_error([&] { lb::run_combination({lb::sampling_rule::kl_lucb, lb::stopping_rule::ls}, g, o); },
                      "sampling");
  expect_domain_error(
      [&] { lb::run_combination({lb::sampling_rule::tas_c, lb::stopping_rule::glr, lb::glr_threshold::kk21}, b, o); },
      "threshold");
  lb::combination c{lb::sampling_rule::uniform, lb::stopping_rule::ls};
  expect_domain_error([&] { (void)lb::stopping::parse_ls_boundary("stiched"); }, "boundary");
  c.boundary = lb::stopping::ls_boundary::calibrated;
  expect_domain_error([&] { lb::run_combination(c, b, o); }, "boundary");
  expect_domain_error([&] { lb::stopping::make_kk21_threshold(0.0, 3); }, "delta");
  expect_domain_error([&] { lb::stopping::make_kk21_threshold(0.1, 1); }, "K");
  expect_domain_error([&] { lb::stopping::boundary_ls(3, 0.1, 0.5, lb::stopping::ls_boundary::lil); }, "boundary");
  expect_domain_error([&] { lb::stopping::boundary_ls(3, 0.1, -1.0, lb::stopping::ls_boundary::stitched); }, "sigma");
  expect_domain_error([&] { lb::parse_sampling_rule("tas"); }, "sampling");
  expect_domain_error([&] { lb::parse_stopping_rule("chernoff"); }, "stopping");
  o.nu = 1.0;
  expect_domain_error([&] { lb::run_combination({lb::sampling_rule::uniform, lb::stopping_rule::ls}, g, o); }, "nu");
}

// ---------------------------------------------------------------------------------------------
// The anytime boundaries (lilucb/boundaries) in the stopping rules.


// Every new certified combination runs on Gaussian arms, answers the best arm on an easy instance,
// is reproducible and reports its certificate; stitched and mixture also on Bernoulli arms.
BOOST_AUTO_TEST_CASE(certified_boundary_combinations_run) {
  std::vector<lb::combination> combos;
  for (auto s : {lb::sampling_rule::uniform, lb::sampling_rule::lilucb, lb::sampling_rule::tas_d,
                 lb::sampling_rule::eb_tci}) {
    combos.push_back({s, lb::stopping_rule::glr, lb::glr_threshold::kk21});
    for (auto bd : {lb::stopping::ls_boundary::stitched, lb::stopping::ls_boundary::mixture}) {
      lb::combination c{s, lb::stopping_rule::ls};
      c.boundary = bd;
      combos.push_back(c);
    }
  }
  for (const auto& c : combos)
    for (bool bern : {false, true}) {
      if (bern && c.stopping == lb::stopping_rule::glr) continue;
      const auto [r1, a, what] = run_twice_on_easy_instance(c, bern, 9);
      BOOST_TEST(r1.certified, what);
      BOOST_TEST(lb::is_certified(c), what);
      BOOST_TEST(r1.certificate.find("nu") != std::string::npos, what);
    }
  lb::combination c{lb::sampling_rule::uniform, lb::stopping_rule::ls};
  c.boundary = lb::stopping::ls_boundary::mixture;
  BOOST_TEST(lb::to_string(c) == "uniform+ls-mixture");
  c.boundary = lb::stopping::ls_boundary::lil;
  BOOST_TEST(lb::to_string(c) == "uniform+ls");
}

BOOST_AUTO_TEST_SUITE_END()

// parse_combination is the inverse of to_string(combination) on every name it prints, and refuses
// anything else naming "combination" (or the part it could not read).
BOOST_AUTO_TEST_CASE(combination_names_round_trip) {
  std::size_t n = 0;
  for (auto s : lb::all_sampling_rules) {
    std::vector<lb::combination> cs;
    for (auto st : lb::all_stopping_rules) {
      lb::combination c;
      c.sampling = s;
      c.stopping = st;
      if (st == lb::stopping_rule::glr) {
        for (auto t : lb::all_glr_thresholds) {
          c.threshold = t;
          cs.push_back(c);
        }
      } else if (st == lb::stopping_rule::ls) {
        for (auto b : lb::all_ls_boundaries) {
          c.boundary = b;
          cs.push_back(c);
        }
      } else {
        cs.push_back(c);
      }
    }
    for (const auto& c : cs) {
      const std::string name = lb::to_string(c);
      const lb::combination back = lb::parse_combination(name);
      BOOST_TEST_CONTEXT(name) {
        BOOST_TEST(lb::to_string(back) == name);
        BOOST_TEST((back.sampling == c.sampling && back.stopping == c.stopping));
        if (c.stopping == lb::stopping_rule::glr) BOOST_TEST((back.threshold == c.threshold));
        if (c.stopping == lb::stopping_rule::ls) BOOST_TEST((back.boundary == c.boundary));
      }
      ++n;
    }
  }
  BOOST_TEST(n == lb::all_sampling_rules.size() * (1 + lb::all_ls_boundaries.size() + lb::all_glr_thresholds.size()));
  // The experiment tables' older spelling of LS boundaries is read from files as the one name;
  // a user's name has one spelling.
  BOOST_TEST(lb::canonical_combination_name("eb-tci+ls-stitched:stitched") == "eb-tci+ls-stitched");
  BOOST_TEST(lb::canonical_combination_name("tas-d+ls-calibrated:calibrated") == "tas-d+ls-calibrated");
  for (const char* other : {"lilucb-heuristic", "eb-tci+ls-stitched:mixture", "eb-tci+ls:lil", "t3c+glr-mixture:mixture"})
    BOOST_TEST(lb::canonical_combination_name(other) == other);
  expect_domain_error([&] { (void)lb::parse_combination("eb-tci+ls-stitched:stitched"); }, "boundary");
  BOOST_TEST(lb::to_string(lb::parse_combination("t3c-ids+glr-pooled-per-arm")) == "t3c-ids+glr-pooled-per-arm");
  for (const char* bad : {"t3c-ids", "t3c-ids+", "t3c-ids+glr", "t3c-ids+ls-lil", "t3c-ids+ls+ls"})
    expect_domain_error([&] { (void)lb::parse_combination(bad); }, "combination");
  for (const char* bad : {"t3c-idz+ls", "+ls"}) expect_domain_error([&] { (void)lb::parse_combination(bad); }, "sampling");
  for (const char* bad : {"t3c-ids+glr-pooled-per-armz", "t3c-ids+glr-"})
    expect_domain_error([&] { (void)lb::parse_combination(bad); }, "threshold");
  expect_domain_error([&] { (void)lb::parse_combination("t3c-ids+ls-stiched"); }, "boundary");
}

// parse_method: a preset's name gives the preset, a name with '+' the combination parse_combination
// reads, and an unknown name is refused naming the part it could not read.
BOOST_AUTO_TEST_CASE(method_names_are_presets_or_combinations) {
  for (auto a : lb::all_algorithms) {
    const lb::method m = lb::parse_method(lb::to_string(a));
    BOOST_TEST_REQUIRE(std::holds_alternative<lb::algorithm>(m));
    BOOST_TEST((std::get<lb::algorithm>(m) == a));
  }
  for (const char* name : {"t3c-ids+glr-pooled-per-arm", "lilucb+lilucb", "uniform+ls-stitched", "tas-d+glr-kk21"}) {
    const lb::method m = lb::parse_method(name);
    BOOST_TEST_REQUIRE(std::holds_alternative<lb::combination>(m));
    BOOST_TEST(lb::to_string(std::get<lb::combination>(m)) == name);
  }
  expect_domain_error([] { (void)lb::parse_method("lilucb-heuristik"); }, "algorithm");
  expect_domain_error([] { (void)lb::parse_method("t3c-ids+glr"); }, "combination");
  expect_domain_error([] { (void)lb::parse_method("t3c-idz+ls"); }, "sampling");
}
