// stopping/glr_top_m.hpp: top-m GLR stopping (Proposition TM-M1, docs/certified-glr/epsilon-topm.md,
// section 8, Proposition TM-K, section 9, and the practice).  Its lazy decision against a naive
// evaluation at every pull (the empirical top set by a sort, every pair's statistic), with and
// without epsilon; m = 1 against glr_one_sided; the certificate; domain errors.
#include <boost/test/unit_test.hpp>

#include "bandit_support.hpp"

#include "lilucb/bandit/compose.hpp"
#include "lilucb/bandit/detail/bernoulli_mixture.hpp"
#include "lilucb/bandit/stopping/glr_one_sided.hpp"
#include "lilucb/bandit/stopping/glr_top_m.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

namespace lb = lilucb::bandit;
namespace ls = lilucb::bandit::stopping;
using lilucb_test::expect_domain_error;

namespace {

// The empirical top m by a sort (means distinct here: continuous rewards), increasing.
std::vector<std::size_t> naive_top(const lb::arm_stats& st, std::size_t m) {
  std::vector<std::size_t> order(st.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return st.mean(a) > st.mean(b); });
  order.resize(m);
  std::sort(order.begin(), order.end());
  return order;
}

// Runs `rule` on rewards draw(i, rng) with a random sampler for `pulls` pulls, comparing at every
// pull with the naive decision: min over (a in top, b outside) of statistic(a, b) against the
// threshold.  The top set: a sort's (distinct means), or with `ties` the rule's own, checked to be
// an empirical top set (no mean left out above a mean answered).  Returns the count of (continue,
// stop) decisions checked.
template <class Draw, class Statistic, class Passes>
std::pair<std::size_t, std::size_t> check_against_naive(ls::glr_top_m& rule, std::size_t K, std::size_t m, int pulls,
                                                        bool ties, Draw draw, Statistic statistic, Passes passes) {
  lb::arm_stats st(K);
  lb::normal_stream rng(7, 0);
  std::size_t decided[2] = {0, 0};
  for (int t = 0; t < pulls; ++t) {
    const std::size_t i = t < int(K) ? std::size_t(t) : std::size_t(rng.engine()() % K);
    st.add(i, draw(i, rng));
    rule.observe(i, st);
    const bool got = rule.should_stop(st);
    if (t + 1 < int(K)) {
      BOOST_REQUIRE(!got);
      continue;
    }
    const auto top = ties ? rule.recommended_set(st) : naive_top(st, m);
    BOOST_REQUIRE(top.size() == m);
    if (ties) {
      double in = INFINITY, out = -INFINITY;
      for (std::size_t b = 0; b < K; ++b) {
        if (std::binary_search(top.begin(), top.end(), b)) in = std::min(in, st.mean(b));
        else out = std::max(out, st.mean(b));
      }
      BOOST_REQUIRE_MESSAGE(in >= out, "pull " << t << ": not an empirical top set");
    } else {
      BOOST_REQUIRE(rule.recommended_set(st) == top);
    }
    double least = INFINITY;
    for (std::size_t a : top)
      for (std::size_t b = 0; b < K; ++b)
        if (!std::binary_search(top.begin(), top.end(), b)) least = std::min(least, statistic(st, a, b));
    const bool want = passes(least, st.total());
    BOOST_REQUIRE_MESSAGE(got == want, "pull " << t << ": lazy " << got << ", least statistic " << least);
    BOOST_REQUIRE(std::binary_search(top.begin(), top.end(), rule.recommendation(st)));
    ++decided[want];
  }
  return {decided[0], decided[1]};
}

}  // namespace

BOOST_AUTO_TEST_SUITE(glr_top_m)

// The certified rule: S1 at b's transformed mean against log(m (K - m)/delta), at every pull, on
// the default grid and on the joint prior.
BOOST_AUTO_TEST_CASE(certified_decision_matches_the_naive_one) {
  const std::vector<double> means{0.6, 0.1, 0.45, 0.3, -0.1, 0.0, 0.15};
  // M1's default grid and the joint prior the registry gives a top-m question (question_grid).
  for (const ls::mixture_grid& g : {ls::make_mixture_grid(40), ls::make_joint_mixture_grid()})
  for (std::size_t m : {2u, 3u})
    for (double eps : {0.0, 0.05}) {
      lb::answer_target t;
      t.top = m;
      t.epsilon = eps;
      ls::glr_top_m rule(means.size(), 0.5, 0.05, t, g);
      const double thr = std::log(double(m * (means.size() - m)) / 0.05);
      BOOST_TEST(rule.threshold(1) >= thr);
      BOOST_TEST(rule.threshold(1) <= thr * (1 + 1e-15));
      BOOST_TEST(rule.certified());
      const auto [go, stop] = check_against_naive(
          rule, means.size(), m, 8000, false, [&](std::size_t i, lb::normal_stream& r) { return means[i] + 0.5 * r(); },
          [&](const lb::arm_stats& st, std::size_t a, std::size_t b) {
            return ls::glr_one_sided_statistic(0.5, g, st.count(a), st.mean(a), st.count(b),
                                               lb::challenger_mean(t, st.mean(b)));
          },
          [&](double v, std::uint64_t) { return v >= rule.threshold(1); });
      BOOST_TEST(go > 0u);
      BOOST_TEST(stop > 0u, "m " << m << " eps " << eps);
    }
}

// The practice: the model's GLR statistic for the target against log((1 + log t)/delta).
BOOST_AUTO_TEST_CASE(practice_decision_matches_the_naive_one) {
  const std::vector<double> means{0.5, 0.1, 0.45, 0.3, 0.0, 0.25};
  lb::answer_target t;
  t.top = 2;
  auto rule = ls::glr_top_m::practice(means.size(), ls::glr_model::gaussian, 0.5, 0.1, t);
  BOOST_TEST(!rule.certified());
  BOOST_TEST(rule.certificate().rfind("none:", 0) == 0u);
  const auto [go, stop] = check_against_naive(
      rule, means.size(), 2, 5000, false, [&](std::size_t i, lb::normal_stream& r) { return means[i] + 0.5 * r(); },
      [&](const lb::arm_stats& st, std::size_t a, std::size_t b) {
        return ls::glr_statistic_target(ls::glr_model::gaussian, 0.5, st.count(a), st.mean(a), st.count(b), st.mean(b), t);
      },
      [&](double v, std::uint64_t n) { return v > std::log((1 + std::log(double(n))) / 0.1); });
  BOOST_TEST(go > 0u);
  BOOST_TEST(stop > 0u);
}

// Bernoulli rewards with exact ties in the data (and in the means, at the m-th place): the rule's
// own set is an empirical top set at every pull and its decision the naive one on that set; with
// epsilon it stops.
BOOST_AUTO_TEST_CASE(exact_ties_bernoulli) {
  const std::vector<double> means{0.6, 0.5, 0.5, 0.3, 0.2};
  lb::answer_target t;
  t.top = 2;
  t.epsilon = 0.1;
  const auto g = ls::make_mixture_grid(40);
  ls::glr_top_m rule(means.size(), 0.5, 0.1, t, g);
  const auto [go, stop] = check_against_naive(
      rule, means.size(), 2, 6000, true,
      [&](std::size_t i, lb::normal_stream& r) { return r.engine().uniform01() < means[i] ? 1.0 : 0.0; },
      [&](const lb::arm_stats& st, std::size_t a, std::size_t b) {
        return ls::glr_one_sided_statistic(0.5, g, st.count(a), st.mean(a), st.count(b), lb::challenger_mean(t, st.mean(b)));
      },
      [&](double v, std::uint64_t) { return v >= rule.threshold(1); });
  BOOST_TEST(go > 0u);
  BOOST_TEST(stop > 0u);
}

// With m = 1 the rule is Proposition M1's (Gε-M1's with epsilon): the same decision at every pull.
BOOST_AUTO_TEST_CASE(one_arm_is_glr_one_sided) {
  const std::vector<double> means{0.3, 0.5, 0.35, 0.1, 0.2};
  for (double eps : {0.0, 0.04}) {
    lb::answer_target t;
    t.epsilon = eps;
    ls::glr_top_m top(means.size(), 0.5, 0.05, t, ls::make_mixture_grid(40));
    ls::glr_one_sided one(means.size(), 0.5, 0.05, ls::make_mixture_grid(40), t);
    lb::arm_stats st(means.size());
    lb::normal_stream rng(3, 0);
    std::size_t stops = 0;
    for (int n = 0; n < 20000; ++n) {
      const std::size_t i = n < 5 ? std::size_t(n) : std::size_t(rng.engine()() % means.size());
      st.add(i, means[i] + 0.5 * rng());
      top.observe(i, st);
      one.observe(i, st);
      const bool a = top.should_stop(st), b = one.should_stop(st);
      BOOST_REQUIRE_MESSAGE(a == b, "pull " << n << " eps " << eps);
      if (a) {
        BOOST_REQUIRE(top.recommendation(st) == one.recommendation(st));
        ++stops;
      }
    }
    BOOST_TEST(stops > 0u);
  }
}

// A run of the combination answers a set: run_result::answer_set holds m arms, the best of which
// is best_arm; the certificate names Proposition TM-M1 and the union over m (K - m) pairs.
BOOST_AUTO_TEST_CASE(combination_answers_a_set) {
  lb::combination c = lb::parse_combination("lucb-glr+glr-one-sided");
  c.target.top = 3;
  lb::run_options o;
  o.nu = 0.05;
  o.seed = 5;
  const auto r = lb::run_combination(c, lb::gaussian_arms({0.9, 0.1, 0.7, 0.5, 0.2, 0.8}, 0.5), o);
  BOOST_TEST(r.certified);
  BOOST_TEST(r.certificate.find("Proposition TM-M1") != std::string::npos, r.certificate);
  BOOST_TEST(r.certificate.find("m (K - m) pairs") != std::string::npos, r.certificate);
  BOOST_TEST(r.run.answer_set == (std::vector<std::size_t>{0, 2, 5}));
  BOOST_TEST(r.run.best_arm == 0u);
  BOOST_TEST(r.run.parameters.top.value() == 3.0);
  // Without a top-m question, no set.
  lb::combination one = lb::parse_combination("t3c+glr-one-sided");
  BOOST_TEST(lb::run_combination(one, lb::gaussian_arms({0.9, 0.1}, 0.5), o).run.answer_set.empty());
}

// Proposition TM-K (and Kε-U, m = 1 with an epsilon): at every pull the rule's set is an empirical
// top set (Bernoulli rewards tie) and its decision is the naive one, min over the set's pairs (a in,
// b out) of PK's pair statistic (a in the pooled arm's place; with an additive epsilon, a's point
// lowered by the shift bernoulli_mixture::shift_of gives epsilon/(hi - lo) taken one ulp low) against
// log(m (K - m)/delta), except within 1e-9 (1 + threshold) of the threshold, where two certified
// lower bounds of the same statistic may fall on either side (counted, and rare).  Rewards in
// [0, 1] as they are, and rewards in [2, 5] that the rule reads as (y - 2)/3.
BOOST_AUTO_TEST_CASE(bernoulli_tilts_decision_matches_the_naive_one) {
  const std::vector<double> means{0.75, 0.1, 0.45, 0.3, 0.05, 0.6, 0.2};
  const std::size_t K = means.size();
  const auto g = lb::bernoulli_mixture::make_default_tilt_grid();
  struct question {
    std::size_t m;
    double eps;  // in [0, 1] units
  };
  for (bool ranged : {false, true})
    for (const question q : {question{2, 0.0}, question{3, 0.0}, question{1, 0.05}, question{2, 0.05}}) {
      const std::size_t m = q.m;
      lb::answer_target t;
      t.top = m;
      const double lo = ranged ? 2.0 : 0.0, hi = ranged ? 5.0 : 1.0;
      t.epsilon = q.eps * (hi - lo);
      const double shift =
          q.eps == 0 ? 0.0 : lb::bernoulli_mixture::shift_of(ranged ? std::nextafter(t.epsilon / 3.0, 0.0) : t.epsilon);
      auto rule = ls::glr_top_m::bernoulli_tilts(K, 0.05, t, g, lo, hi);
      const double thr = std::log(double(m * (K - m)) / 0.05);
      BOOST_TEST(rule.certified());
      BOOST_TEST(rule.threshold(1) >= thr);
      BOOST_TEST(rule.threshold(1) <= thr * (1 + 1e-15));
      BOOST_TEST(rule.certificate().find(m == 1 ? "Proposition Kε-U" : "Proposition TM-K") != std::string::npos,
                 rule.certificate());
      lb::arm_stats st(K), unit(K);  // the rewards, and as the rule reads them
      lb::normal_stream rng(11, m + 10 * ranged + (q.eps > 0 ? 100 : 0));
      std::size_t decided[2] = {0, 0}, ambiguous = 0;
      for (int n = 0; n < 10000; ++n) {
        const std::size_t i = n < int(K) ? std::size_t(n) : std::size_t(rng.engine()() % K);
        // Bernoulli rewards, or in [2, 5] a reward whose [0, 1] image has mean means[i] (a two-point
        // law on {0.2, 1} mixed with a uniform draw: not Bernoulli).
        double u;
        if (!ranged) {
          u = rng.engine().uniform01() < means[i] ? 1.0 : 0.0;
        } else {
          const double v = rng.engine().uniform01();
          u = v < 0.5 ? 2 * means[i] * rng.engine().uniform01() : (rng.engine().uniform01() < means[i] ? 1.0 : 0.0);
        }
        st.add(i, lo + (hi - lo) * u);
        unit.add(i, (st.last_added() - lo) / (hi - lo));
        rule.observe(i, st);
        const bool got = rule.should_stop(st);
        if (n + 1 < int(K)) {
          BOOST_REQUIRE(!got);
          continue;
        }
        const auto top = rule.recommended_set(st);
        BOOST_REQUIRE(top.size() == m);
        double in = INFINITY, out = -INFINITY, least = INFINITY;
        for (std::size_t b = 0; b < K; ++b) {
          if (std::binary_search(top.begin(), top.end(), b)) in = std::min(in, unit.mean(b));
          else out = std::max(out, unit.mean(b));
        }
        BOOST_REQUIRE_MESSAGE(in >= out, "pull " << n << ": not an empirical top set");
        for (std::size_t a : top)
          for (std::size_t b = 0; b < K; ++b)
            if (!std::binary_search(top.begin(), top.end(), b)) {
              const lb::bernoulli_mixture::pair_data p{double(unit.count(a)), unit.sum(a), double(unit.count(b)),
                                                       unit.sum(b), &g, shift};
              least = std::min(least, lb::bernoulli_mixture::search(p, shift, std::nan("")).lower);
            }
        if (std::fabs(least - rule.threshold(1)) <= 1e-9 * (1 + rule.threshold(1))) {
          ++ambiguous;
          continue;
        }
        const bool want = least >= rule.threshold(1);
        BOOST_REQUIRE_MESSAGE(got == want, "pull " << n << ": lazy " << got << ", least statistic " << least);
        ++decided[want];
      }
      BOOST_TEST(decided[0] > 0u);
      BOOST_TEST(decided[1] > 0u, "m " << m << " eps " << q.eps << " ranged " << ranged);
      BOOST_TEST(ambiguous <= 2u);
    }
}

// Through the registry: pooled-kl answers a top-m question on Bernoulli arms by TM-K (the default
// tilt grid) and on bounded arms on their range (the certificate names it); an additive epsilon
// shifts the answered arms' point (Kε-U for one arm), a relative one is refused by name.
BOOST_AUTO_TEST_CASE(pooled_kl_answers_top_m_by_tm_k) {
  lb::combination c = lb::parse_combination("tt-topm+glr-pooled-kl");
  c.target.top = 2;
  lb::run_options o;
  o.nu = 0.05;
  o.seed = 5;
  const auto r = lb::run_combination(c, lb::bernoulli_arms({0.05, 0.02, 0.1, 0.01, 0.08}), o);
  BOOST_TEST(r.certified);
  BOOST_TEST(r.certificate.find("Proposition TM-K") != std::string::npos, r.certificate);
  BOOST_TEST(r.certificate.find("m (K - m) pairs") != std::string::npos, r.certificate);
  BOOST_TEST(r.run.answer_set == (std::vector<std::size_t>{2, 4}));
  // Bounded arms on [2, 5]: the rule reads (y - 2)/3 and says so.
  const auto rb = lb::run_combination(c, lb::bounded_arms({4.1, 2.3, 3.5, 2.2, 4.4}, 2.0, 5.0), o);
  BOOST_TEST(rb.certificate.find("Proposition TM-K") != std::string::npos, rb.certificate);
  BOOST_TEST(rb.certificate.find("[2, 5]") != std::string::npos, rb.certificate);
  BOOST_TEST(rb.run.answer_set == (std::vector<std::size_t>{0, 4}));
  // An additive epsilon shifts the answered arms' point (TM-K; Kε-U for one arm); a relative one is
  // refused by name, and the message lists only thresholds that answer both questions.
  c.target.epsilon = 0.01;
  const auto re = lb::run_combination(c, lb::bernoulli_arms({0.05, 0.02, 0.1, 0.01, 0.08}), o);
  BOOST_TEST((re.run.status == lb::run_status::stopped && re.certified));
  BOOST_TEST(re.certificate.find("lowered by s = 0.00999") != std::string::npos, re.certificate);
  const std::vector<double> low{0.05, 0.02, 0.1, 0.01, 0.08};
  BOOST_TEST(lb::is_good_answer_set(c.target, low, re.run.answer_set));
  lb::combination one = lb::parse_combination("eb-tci-ids+glr-pooled-kl");
  one.target.epsilon = 0.01;
  const auto r1 = lb::run_combination(one, lb::bernoulli_arms({0.05, 0.02, 0.1, 0.01, 0.095}), o);
  BOOST_TEST((r1.run.status == lb::run_status::stopped && r1.certified));
  BOOST_TEST(r1.certificate.find("Proposition Kε-U") != std::string::npos, r1.certificate);
  // One arm with an epsilon: PK's rule answers it at once (the pair rules need two arms).
  const auto solo = lb::run_combination(one, lb::bernoulli_arms({0.3}), o);
  BOOST_TEST((solo.run.status == lb::run_status::stopped && solo.run.best_arm == 0u));
  BOOST_TEST(r1.run.answer_set.empty());  // one arm: no set
  BOOST_TEST((r1.run.best_arm == 2u || r1.run.best_arm == 4u));
  c.target.relative = true;
  expect_domain_error([&] { lb::check_combination("test", c, lb::reward_model::bernoulli); }, "epsilon");
  try {
    lb::check_combination("test", c, lb::reward_model::bernoulli);
  } catch (const std::exception& e) {
    const std::string what = e.what(), listed = what.substr(what.find("answers it:"));
    BOOST_TEST(listed.find("one-sided") != std::string::npos, what);
    BOOST_TEST(listed.find("pooled-kl") == std::string::npos, what);
    BOOST_TEST(listed.find("paired-t") == std::string::npos, what);
  }
}

BOOST_AUTO_TEST_CASE(domain_errors_name_the_parameter) {
  lb::answer_target t;
  t.top = 0;
  expect_domain_error([&] { ls::glr_top_m(5, 0.5, 0.1, t); }, "top");
  t.top = 5;
  expect_domain_error([&] { ls::glr_top_m(5, 0.5, 0.1, t); }, "top");
  t.top = 2;
  expect_domain_error([&] { ls::glr_top_m(5, 0.0, 0.1, t); }, "sigma");
  expect_domain_error([&] { ls::glr_top_m(5, 0.5, 1.0, t); }, "delta");
  expect_domain_error([&] { ls::glr_top_m(1, 0.5, 0.1, t); }, "K");
  expect_domain_error([&] { ls::glr_top_m::bernoulli_tilts(5, 0.0, t); }, "delta");
  expect_domain_error([&] { ls::glr_top_m::bernoulli_tilts(5, 0.1, t, lb::bernoulli_mixture::make_default_tilt_grid(), 1, 1); },
                      "hi");
  lb::answer_target e = t;
  e.epsilon = 0.05;
  e.relative = true;
  expect_domain_error([&] { ls::glr_top_m::bernoulli_tilts(5, 0.1, e); }, "epsilon");
  e.relative = false;
  e.epsilon = 1.0;
  expect_domain_error([&] { ls::glr_top_m::bernoulli_tilts(5, 0.1, e); }, "epsilon");
  e.epsilon = 2.5;  // on [2, 5]: epsilon/(hi - lo) = 5/6 is admitted, 3 is not
  BOOST_CHECK_NO_THROW(ls::glr_top_m::bernoulli_tilts(5, 0.1, e, lb::bernoulli_mixture::make_default_tilt_grid(), 2, 5));
  e.epsilon = 3.0;
  expect_domain_error([&] { ls::glr_top_m::bernoulli_tilts(5, 0.1, e, lb::bernoulli_mixture::make_default_tilt_grid(), 2, 5); },
                      "epsilon");
  // Thresholds that do not answer top-m questions are refused by name, as are arms too few.
  lb::combination c = lb::parse_combination("lucb-glr+glr-pooled");
  c.target.top = 2;
  expect_domain_error([&] { lb::check_combination("test", c, lb::reward_model::gaussian); }, "top");
  c = lb::parse_combination("lucb-glr+glr-one-sided");
  c.target.top = 3;
  lb::run_options o;
  o.nu = 0.1;
  expect_domain_error([&] { lb::run_combination(c, lb::gaussian_arms({0.1, 0.2, 0.3}, 0.5), o); }, "top");
}

BOOST_AUTO_TEST_SUITE_END()
