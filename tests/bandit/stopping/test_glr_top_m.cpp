// stopping/glr_top_m.hpp: top-m GLR stopping (Proposition TM-M1, docs/certified-glr/epsilon-topm.md,
// section 8, Proposition TM-K, section 9, Proposition TM-T, docs/certified-glr/paired-t.md, and the
// practices).  Its lazy decision against a naive
// evaluation at every pull (the empirical top set by a sort, every pair's statistic), with and
// without epsilon; m = 1 against glr_one_sided; the certificate; domain errors.
#include <boost/test/unit_test.hpp>

#include "bandit_support.hpp"
#include "naive_top_set.hpp"

#include "lilucb/bandit/compose.hpp"
#include "lilucb/bandit/detail/bernoulli_mixture.hpp"
#include "lilucb/bandit/stopping/glr_ev.hpp"
#include "lilucb/bandit/stopping/glr_one_sided.hpp"
#include "lilucb/bandit/stopping/glr_paired_t.hpp"
#include "lilucb/bandit/stopping/glr_top_m.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <numeric>
#include <vector>

namespace lb = lilucb::bandit;
namespace ls = lilucb::bandit::stopping;
using lilucb_test::expect_domain_error;

namespace {

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
    const auto top = ties ? rule.recommended_set(st) : lilucb_test::naive_top(st, m);
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

// Proposition TM-T: Lambda(a, b) computed here from the rewards (block differences of every ratio,
// their mean and sum of squared deviations, paired_t_log_evalue, the best ratio; a ratio's upper
// bound where that is below the threshold) against log(m (K - m) J/delta), at every pull; Gaussian arms of standard deviations far apart, with no
// epsilon, an additive and a relative one (means >= 0).
BOOST_AUTO_TEST_CASE(paired_t_decision_matches_the_naive_one) {
  const std::vector<double> means{2.0, 0.6, 1.6, 1.2, 0.0, 0.8}, sds{0.2, 2.0, 0.5, 1.0, 0.3, 1.5};
  const double J = double(ls::paired_t_ratios.size());
  for (std::size_t m : {2u, 3u})
    for (const lb::answer_target& q : {lb::answer_target{0.0, false}, lb::answer_target{0.1, false},
                                       lb::answer_target{0.1, true}}) {
      lb::answer_target t = q;
      t.top = m;
      auto rule = ls::glr_top_m::paired_t(means.size(), 0.05, t);
      const double thr = std::log(double(m * (means.size() - m)) * J / 0.05);
      BOOST_TEST(rule.threshold(1) >= thr);
      BOOST_TEST(rule.threshold(1) <= thr * (1 + 1e-14));
      BOOST_TEST(rule.certified());
      BOOST_TEST(rule.certificate().find("Proposition TM-T") != std::string::npos, rule.certificate());
      BOOST_TEST(rule.certificate().find("the " + std::to_string(ls::paired_t_ratios.size()) + " ratios") !=
                     std::string::npos,
                 rule.certificate());
      std::vector<std::vector<double>> tapes(means.size());
      std::map<std::array<std::size_t, 3>, ls::paired_t_blocks> blocks;  // (a, b, ratio) -> block summary
      const double s = t.relative ? 1 - t.epsilon : 1.0, e = t.relative ? 0.0 : t.epsilon;
      const auto [go, stop] = check_against_naive(
          rule, means.size(), m, m == 2 ? 1500 : 3200, false,  // past the first stops (about 730 and 2100 pulls)
          [&](std::size_t i, lb::normal_stream& r) {
            tapes[i].push_back(means[i] + sds[i] * r());
            return tapes[i].back();
          },
          [&](const lb::arm_stats&, std::size_t a, std::size_t b) {
            double best = -INFINITY;
            for (std::size_t r = 0; r < ls::paired_t_ratios.size(); ++r) {
              const auto [ra, rb] = ls::paired_t_ratios[r];
              const std::size_t k = std::min(tapes[a].size() / ra, tapes[b].size() / rb);
              // The pair's blocks so far, extended by those completed since (each block read once).
              ls::paired_t_blocks& d = blocks[{a, b, r}];
              for (std::size_t j = d.k; j < k; ++j) {
                double sa = 0, sb = 0;
                for (std::size_t n = j * ra; n < (j + 1) * ra; ++n) sa += tapes[a][n];
                for (std::size_t n = j * rb; n < (j + 1) * rb; ++n) sb += tapes[b][n];
                d.add(sa / double(ra) - s * (sb / double(rb)) + e);
              }
              // A ratio whose upper bound (every t CDF set to 1) is below the threshold cannot pass:
              // its upper bound stands for it (the decision is the same, and the t CDFs are costly).
              const double upper = ls::paired_t_log_evalue(d.k, d.mean, d.m2, true);
              best = std::max(best, upper < rule.threshold(1) ? upper : ls::paired_t_log_evalue(d.k, d.mean, d.m2));
            }
            return best;
          },
          [&](double v, std::uint64_t) { return v >= rule.threshold(1); });
      BOOST_TEST(go > 0u);
      BOOST_TEST_MESSAGE("m " << m << " " << lb::to_string(t) << ": " << go << " continue, " << stop << " stop");
      BOOST_TEST(stop > 0u, "m " << m << " " << lb::to_string(t));
      // Its evidence: every arm left out, against the threshold, its weakest pair's statistic.
      lb::arm_stats st(means.size());
      auto fresh = ls::glr_top_m::paired_t(means.size(), 0.05, t);
      lb::normal_stream r(3, 0);
      for (int n = 0; n < 600; ++n) {
        const std::size_t i = std::size_t(n) % means.size();
        st.add(i, means[i] + sds[i] * r());
        fresh.observe(i, st);
      }
      const auto ev = fresh.evidence(st);
      BOOST_TEST(ev.size() == means.size() - m);
      for (const auto& c : ev) {
        double least = INFINITY;
        for (std::size_t a : fresh.recommended_set(st)) least = std::min(least, fresh.statistic(st, a, c.arm));
        BOOST_TEST(c.statistic == least);
        BOOST_TEST(c.threshold == fresh.threshold(1));
      }
    }
}

// m = 1: TM-T is Proposition PT with the empirical best arm as the answer: the same decision as
// glr_paired_t at every pull (best arm, additive and relative epsilon).
BOOST_AUTO_TEST_CASE(paired_t_with_one_arm_is_glr_paired_t) {
  const std::vector<double> means{1.0, 0.7, 0.9, 0.4}, sds{0.3, 2.0, 0.5, 1.0};
  for (const lb::answer_target& t : {lb::answer_target{}, lb::answer_target{0.1, false}, lb::answer_target{0.1, true}}) {
    auto top = ls::glr_top_m::paired_t(means.size(), 0.1, t);
    ls::glr_paired_t one(means.size(), 0.1, t);
    // log((K - 1) J/delta), each rounded upwards its own way.
    BOOST_TEST(std::fabs(top.threshold(1) - one.threshold()) <= 1e-14 * one.threshold());
    lb::arm_stats st(means.size());
    lb::normal_stream rng(11, 0);
    std::size_t stops = 0;
    for (int n = 0; n < 6000; ++n) {
      const std::size_t i = n < 4 ? std::size_t(n) : std::size_t(rng.engine()() % means.size());
      st.add(i, means[i] + sds[i] * rng());
      top.observe(i, st);
      one.observe(i, st);
      const bool a = top.should_stop(st), b = one.should_stop(st);
      BOOST_REQUIRE_MESSAGE(a == b, "pull " << n << " " << lb::to_string(t) << ": top-m " << a << ", paired-t " << b);
      if (a) {
        ++stops;
        BOOST_REQUIRE(top.recommendation(st) == one.recommendation(st));
      }
    }
    BOOST_TEST(stops > 0u, lb::to_string(t));
  }
}

// The practice for unknown variances: the EV-GLR at b's transformed mean (its variance scaled by
// the square of the relative factor) against log((1 + log t)/delta).
BOOST_AUTO_TEST_CASE(empirical_variance_practice_matches_the_naive_one) {
  const std::vector<double> means{1.6, 1.0, 1.5, 1.3, 0.9, 1.2}, sds{0.2, 2.0, 0.5, 1.0, 0.3, 1.5};
  for (const lb::answer_target& q : {lb::answer_target{0.0, false}, lb::answer_target{0.1, false},
                                     lb::answer_target{0.1, true}}) {
    lb::answer_target t = q;
    t.top = 2;
    auto rule = ls::glr_top_m::practice_empirical_variance(means.size(), 0.1, t);
    BOOST_TEST(!rule.certified());
    BOOST_TEST(rule.certificate().find("empirical variances") != std::string::npos, rule.certificate());
    std::vector<lb::detail::running_variance> v(means.size());
    const double slope = t.relative ? 1 - t.epsilon : 1.0;
    const auto [go, stop] = check_against_naive(
        rule, means.size(), 2, 5000, false,
        [&](std::size_t i, lb::normal_stream& r) {
          const double y = means[i] + sds[i] * r();
          v[i].add(y);
          return y;
        },
        [&](const lb::arm_stats& st, std::size_t a, std::size_t b) {
          return ls::glr_ev_statistic(st.count(a), st.mean(a), v[a].variance(), st.count(b),
                                      lb::challenger_mean(t, st.mean(b)), slope * slope * v[b].variance());
        },
        [&](double z, std::uint64_t n) { return z > std::log((1 + std::log(double(n))) / 0.1); });
    BOOST_TEST(go > 0u);
    BOOST_TEST(stop > 0u, lb::to_string(t));
  }
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
    BOOST_TEST(listed.find("paired-t") != std::string::npos, what);  // TM-T answers both
    BOOST_TEST(listed.find("gu") == std::string::npos, what);         // GU answers no top-m question
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
  expect_domain_error([&] { ls::glr_top_m::paired_t(5, 1.0, t); }, "delta");
  expect_domain_error([&] { ls::glr_top_m::paired_t(1, 0.1, t); }, "K");
  expect_domain_error([&] { ls::glr_top_m::practice_empirical_variance(5, 0.0, t); }, "delta");
  {  // the paired-block form reads every reward: one pull per observe
    auto pt = ls::glr_top_m::paired_t(5, 0.1, t);
    lb::arm_stats st(5);
    st.add(0, 1.0);
    st.add(0, 2.0);
    expect_domain_error([&] { pt.observe(0, st); }, "count");
  }
  {
    auto ev = ls::glr_top_m::practice_empirical_variance(5, 0.1, t);
    lb::arm_stats st(5);
    st.add(1, 1.0);
    st.add(1, 2.0);
    expect_domain_error([&] { ev.observe(1, st); }, "count");
  }
  lb::answer_target six = t;
  six.top = 5;
  expect_domain_error([&] { ls::glr_top_m::paired_t(5, 0.1, six); }, "top");
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
