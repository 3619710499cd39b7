// stopping/glr_pooled.hpp with Proposition U's un-pooling weights (glr-pooled-weighted;
// docs/certified-glr/unpooling.md).  References are independent of the rule's bookkeeping:
//   - with every weight 1 (z0 = 0) the rule is Proposition P2's (without its tracked bound),
//     decision for decision and statistic for statistic, on the same pulls;
//   - the weighted sums W1, W2, S_w of every V_c after every pull against a replay of their
//     definition (each weight recomputed from the replay's own sums BEFORE the pull's reward,
//     the designations by an O(K) scan): W1 and W2 exact, S_w within its rounding bound;
//   - the statistic against inf_m [H(S_w - m W1, W2) + H(m N_c - S_c, N_c)] written out in long
//     double (golden-section search over m) on random weighted data: the certified lower bound is
//     at most the exact value, within 1e-7 of it, and the exact value is at most Z_eff + 2 log 2;
//   - the decision after every pull against "every c != leader has SU(V_c, c) >= log(1/delta)";
//   - the error rate at delta = 1/2 on tied near-best arms: an exact one-sided Clopper-Pearson
//     lower bound at level 1e-6 must not exceed delta (a correct rule fails with probability
//     <= 1e-6); a longer run of the same is labelled `long`.
#include <boost/test/unit_test.hpp>

#include "lilucb/bandit/arms.hpp"
#include "lilucb/bandit/compose.hpp"
#include "lilucb/random.hpp"
#include "lilucb/bandit/stopping/glr.hpp"
#include "lilucb/bandit/stopping/glr_pooled.hpp"
#include "lilucb/clopper_pearson.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace lb = lilucb::bandit;
namespace ls = lilucb::bandit::stopping;

namespace {

// A sampler that mixes the leader, the runner-up and uniform draws, so that the leader changes.
std::size_t weighted_next_arm(lb::normal_stream& rng, const ls::glr_pooled& rule, std::size_t K) {
  const double u = rng.engine().uniform01();
  if (u < 0.4 && rule.leader() < K) return rule.leader();
  if (u < 0.6 && rule.runner_up() < K) return rule.runner_up();
  return std::size_t(rng.engine()() % K);
}

// The replay of the definition: per arm counts and sums; per c the weighted sums of V_c.
struct weighted_replay {
  std::size_t K;
  double sigma, z0;
  std::vector<std::uint64_t> n;
  std::vector<double> sum;  // plain sums (the designations need only the order of the means)
  std::vector<long double> w1, w2, sw;
  weighted_replay(std::size_t k, double s, double z) : K(k), sigma(s), z0(z), n(k, 0), sum(k, 0), w1(k, 0), w2(k, 0), sw(k, 0) {}
  double mean(std::size_t j) const { return sum[j] / double(n[j]); }
  // The best pulled arm other than `a` and `b` (larger mean, then lower index); K when none.
  std::size_t best_except(std::size_t a, std::size_t b) const {
    std::size_t best = K;
    for (std::size_t j = 0; j < K; ++j)
      if (j != a && j != b && n[j] > 0 && (best == K || mean(j) > mean(best))) best = j;
    return best;
  }
  // The weight of a pull of d now: min(1, z/z0) floored to 1/16, z = min over pulled j outside the
  // leader and the runner-up of the plain Gaussian GLR of (d, j); 1 without such j.
  double weight(std::size_t d) const {
    const std::size_t L = best_except(K, K), L2 = best_except(L, K);
    double z = std::numeric_limits<double>::infinity();
    for (std::size_t j = 0; j < K; ++j) {
      if (j == L || j == L2 || n[j] == 0) continue;
      const double gap = mean(d) - mean(j);
      const double zz = gap > 0 ? gap * gap / (2 * sigma * sigma * (1 / double(n[d]) + 1 / double(n[j]))) : 0.0;
      z = std::min(z, zz);
    }
    if (z0 == 0 || z >= z0) return 1.0;
    return std::floor(16 * z / z0) / 16;
  }
  void pull(std::size_t i, double y, bool first_round) {
    if (!first_round)
      for (std::size_t c = 0; c < K; ++c)
        if (best_except(c, K) == i) {
          const long double w = weight(i);
          w1[c] += w;
          w2[c] += w * w;
          sw[c] += w * (long double)y;
        }
    ++n[i];
    sum[i] += y;
  }
};

// H(X, Q) = log sum_k w_k 2 (1 + Q/rho_k)^(-1/2) exp(F(X/(sigma sqrt(Q + rho_k)))) in long double.
long double half_ld(const ls::mixture_grid& g, long double sigma, long double X, long double Q) {
  long double best = -std::numeric_limits<long double>::infinity();
  std::vector<long double> t(g.rho.size());
  for (std::size_t k = 0; k < g.rho.size(); ++k) {
    const long double u = X / (sigma * std::sqrt(Q + g.rho[k]));
    const long double F = 0.5L * u * u + std::log(0.5L * std::erfc(-u / std::sqrt(2.0L)));
    t[k] = (long double)g.log_weight[k] + std::log(2.0L) - 0.5L * std::log1p(Q / g.rho[k]) + F;
    best = std::max(best, t[k]);
  }
  long double s = 0;
  for (long double v : t) s += std::exp(v - best);
  return best + std::log(s);
}

// inf_m [H(S_w - m W1, W2) + H(m N_c - S_c, N_c)] by golden section on [lo, hi] (convex in m).
long double su_exact(const ls::mixture_grid& g, long double sigma, long double w1, long double w2, long double sw,
                     long double nc, long double sc, long double lo, long double hi) {
  const auto f = [&](long double m) { return half_ld(g, sigma, sw - m * w1, w2) + half_ld(g, sigma, m * nc - sc, nc); };
  const long double r = (std::sqrt(5.0L) - 1) / 2;
  long double a = lo, b = hi, x1 = b - r * (b - a), x2 = a + r * (b - a), f1 = f(x1), f2 = f(x2);
  for (int it = 0; it < 200; ++it) {
    if (f1 < f2) {
      b = x2; x2 = x1; f2 = f1; x1 = b - r * (b - a); f1 = f(x1);
    } else {
      a = x1; x1 = x2; f1 = f2; x2 = a + r * (b - a); f2 = f(x2);
    }
  }
  return std::min(f1, f2);
}

// One rule fed pulls of Gaussian rewards (sigma 0.5) from weighted_next_arm, arms 0..K-1 first.
struct weighted_run {
  std::vector<double> means;
  ls::glr_pooled rule;
  lb::arm_stats st;
  lb::normal_stream rng;
  weighted_run(std::vector<double> m, double delta, std::uint64_t seed, ls::pooled_weighting w, bool fast = true)
      : means(std::move(m)),
        rule(means.size(), 0.5, delta, ls::make_per_arm_grid(), ls::pooled_prior::per_arm, fast, w),
        st(means.size()),
        rng(seed, 0) {}
  std::size_t next(int t) { return t < int(means.size()) ? std::size_t(t) : weighted_next_arm(rng, rule, means.size()); }
  double draw(std::size_t i) { return means[i] + 0.5 * rng(); }
  void feed(std::size_t i, double y) {
    st.add(i, y);
    rule.observe(i, st);
  }
};

const std::vector<std::vector<double>> weighted_instances{
    {0.5, 0.45, 0.3}, {0.5, 0.45, 0.43, 0.4, 0.1}, {0.2, 0.5, 0.45, 0.45, 0.3, 0.0}, {0.5, 0.5, 0.49, 0.3}};

}  // namespace

BOOST_AUTO_TEST_SUITE(glr_pooled_weighted)

// Every weight 1 (z0 = 0): P2 without its tracked bound, statistic for statistic (the same bits)
// and decision for decision; and P2 as shipped (with the tracked bound), decision for decision.
BOOST_AUTO_TEST_CASE(weights_one_is_p2_decision_for_decision) {
  std::size_t decisions = 0, stops = 0;
  for (std::size_t inst = 0; inst < weighted_instances.size(); ++inst)
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      const auto& mu = weighted_instances[inst];
      weighted_run u(mu, 0.05, seed, ls::make_unpooling_weights(0.0));
      ls::glr_pooled p2(mu.size(), 0.5, 0.05, ls::make_per_arm_grid(), ls::pooled_prior::per_arm, false);
      ls::glr_pooled p2fast(mu.size(), 0.5, 0.05, ls::make_per_arm_grid(), ls::pooled_prior::per_arm, true);
      for (int t = 0; t < 3000; ++t) {
        const std::size_t i = u.next(t);
        const double y = u.draw(i);
        u.feed(i, y);
        p2.observe(i, u.st);
        p2fast.observe(i, u.st);
        BOOST_TEST_CONTEXT("instance " << inst << ", seed " << seed << ", pull " << t) {
          BOOST_TEST(u.rule.leader_weight() == 1.0);
          const bool a = u.rule.should_stop(u.st), b = p2.should_stop(u.st), c = p2fast.should_stop(u.st);
          BOOST_TEST(a == b);
          BOOST_TEST(a == c);
          ++decisions;
          stops += a;
          if (t % 97 == 0)
            for (std::size_t k = 0; k < mu.size(); ++k) {
              const double su = u.rule.statistic(k, u.st), s2 = p2.statistic(k, u.st);
              BOOST_TEST((su == s2 || (std::isinf(su) && std::isinf(s2))));
            }
        }
      }
    }
  BOOST_TEST(stops > 100u);
  BOOST_TEST(decisions == 36000u);
}

// The weighted sums of every V_c after every pull against the replay of their definition.
BOOST_AUTO_TEST_CASE(weighted_sums_against_replay) {
  std::size_t fractional = 0;
  for (std::size_t inst = 0; inst < weighted_instances.size(); ++inst)
    for (std::uint64_t seed = 1; seed <= 2; ++seed) {
      const auto& mu = weighted_instances[inst];
      weighted_run u(mu, 0.05, seed, ls::make_unpooling_weights(2.0));
      weighted_replay ref(mu.size(), 0.5, 2.0);
      for (int t = 0; t < 2000; ++t) {
        const std::size_t i = u.next(t);
        const double y = u.draw(i);
        ref.pull(i, y, t < int(mu.size()));
        u.feed(i, y);
        const double wl = u.rule.leader_weight();
        fractional += wl > 0 && wl < 1;
        for (std::size_t c = 0; c < mu.size(); ++c) {
          const ls::pooled_arm v = u.rule.pooled(c);
          BOOST_TEST_CONTEXT("instance " << inst << ", seed " << seed << ", pull " << t << ", c " << c) {
            BOOST_TEST((long double)v.w1 == ref.w1[c]);
            BOOST_TEST((long double)v.w2 == ref.w2[c]);
            BOOST_TEST(std::fabs((long double)v.sum - ref.sw[c]) <= (long double)v.rounding + 1e-18L);
          }
        }
      }
    }
  BOOST_TEST(fractional > 100u);  // the weights are not all 1: the test sees weighting at work
}

// The statistic on random weighted data against the definition in long double.
BOOST_AUTO_TEST_CASE(statistic_against_long_double) {
  const double sigma = 0.5;
  const ls::mixture_grid g = ls::make_per_arm_grid();
  lb::normal_stream rng(41, 0);
  std::size_t tight = 0;
  for (int it = 0; it < 60; ++it) {
    // Draw the pooled pulls' weights and rewards, and arm c's pulls.
    const std::size_t nv = 2 + std::size_t(std::exp2(1 + 11 * rng.engine().uniform01()));
    const std::size_t nc = 1 + std::size_t(std::exp2(11 * rng.engine().uniform01()));
    const double mv = 0.5, mc = 0.5 - 0.3 * rng.engine().uniform01();
    long double w1 = 0, w2 = 0, sw = 0, sc = 0;
    for (std::size_t s = 0; s < nv; ++s) {
      const double w = std::floor(17 * rng.engine().uniform01()) / 16;
      const double y = mv + sigma * rng();
      w1 += w;
      w2 += (long double)w * w;
      sw += (long double)w * y;
    }
    for (std::size_t s = 0; s < nc; ++s) sc += mc + sigma * rng();
    if (w1 == 0) continue;
    const long double lo = std::min(sw / w1, sc / nc) - 5, hi = std::max(sw / w1, sc / nc) + 5;
    const long double want = su_exact(g, sigma, w1, w2, sw, nc, sc, lo, hi);
    const double got = ls::glr_pooled_weighted_statistic(sigma, g, double(w1), double(w2), double(sw), nc, double(sc / nc));
    const double d = double(sw / w1 - sc / nc);
    const double zeff = d > 0 ? d * d / (2 * sigma * sigma * (double(w2 / (w1 * w1)) + 1.0 / double(nc))) : 0.0;
    BOOST_TEST_CONTEXT("W1 " << double(w1) << ", W2 " << double(w2) << ", S_w " << double(sw) << ", N_c " << nc) {
      BOOST_TEST(got <= want + 1e-12L * (1 + std::fabs(want)));
      BOOST_TEST(got >= want - 1e-7L * (1 + std::fabs(want)));
      BOOST_TEST(want <= zeff + 2 * std::log(2.0L) + 1e-12L * (1 + zeff));
      tight += got > want - 3e-8L * (1 + std::fabs(want));  // the search's tolerance and margin, 2e-9 (1 + |S|) each
    }
  }
  BOOST_TEST(tight > 40u);
}

// The decision after every pull against the statistic of every challenger (away from the
// threshold by more than the search's margin).
BOOST_AUTO_TEST_CASE(decision_against_statistic) {
  std::size_t checked = 0, stops = 0;
  // Instances that stop within the pulls (wider gaps than weighted_instances).
  const std::vector<std::vector<double>> instances{
      {0.5, 0.2, 0.1}, {0.6, 0.35, 0.3, 0.1, 0.0}, {0.5, 0.3, 0.25, 0.25, 0.0, -0.2}, {0.3, 0.5, 0.25, 0.2}};
  for (std::size_t inst = 0; inst < instances.size(); ++inst) {
    weighted_run u(instances[inst], 0.05, 7 + inst, ls::make_unpooling_weights(2.0));
    weighted_run ref(instances[inst], 0.05, 7 + inst, ls::make_unpooling_weights(2.0));
    const double thr = u.rule.threshold();
    for (int t = 0; t < 3000; ++t) {
      const std::size_t i = u.next(t);
      const double y = u.draw(i);
      u.feed(i, y);
      ref.feed(i, y);
      const bool stop = u.rule.should_stop(u.st);
      const std::size_t L = ref.rule.leader();
      if (L >= instances[inst].size()) continue;
      bool all = true, near = false;
      for (std::size_t c = 0; c < instances[inst].size(); ++c) {
        if (c == L) continue;
        const double s = ref.rule.statistic(c, ref.st);
        all = all && s >= thr;
        near = near || std::fabs(s - thr) < 1e-7 * (1 + thr);
      }
      if (near) continue;
      BOOST_TEST(stop == all, "instance " << inst << ", pull " << t);
      ++checked;
      stops += stop;
    }
  }
  BOOST_TEST(checked > 11000u);
  BOOST_TEST(stops > 100u);
}

// The weights after every pull against the O(K) scan of their definition with the rule's own
// leader and runner-up and the same expression (ls::glr_statistic): the same doubles, on 60 arms
// whose counts spread over many values (the count groups' staircase, detail/count_groups.hpp).
BOOST_AUTO_TEST_CASE(weights_against_scan) {
  std::vector<double> mu(60);
  for (std::size_t a = 0; a < mu.size(); ++a) mu[a] = 0.5 - 0.4 * std::pow(double(a) / 59, 0.6);
  mu[7] = mu[3];  // tied means
  std::size_t fractional = 0, checked = 0;
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    weighted_run u(mu, 0.05, seed, ls::make_unpooling_weights(2.0));
    for (int t = 0; t < 6000; ++t) {
      const std::size_t i = u.next(t);
      u.feed(i, u.draw(i));
      const std::size_t K = mu.size(), L = u.rule.leader(), L2 = u.rule.runner_up();
      const auto weight = [&](std::size_t d) {
        if (d >= K) return 1.0;
        double z = std::numeric_limits<double>::infinity();
        for (std::size_t j = 0; j < K; ++j)
          if (j != L && j != L2 && u.st.count(j) > 0)
            z = std::min(z, ls::glr_statistic(ls::glr_model::gaussian, 0.5, u.st.count(d), u.st.mean(d), u.st.count(j),
                                              u.st.mean(j)));
        return z < 2.0 ? std::floor(16 * (z / 2.0)) / 16 : 1.0;
      };
      BOOST_TEST(u.rule.leader_weight() == weight(L), "seed " << seed << ", pull " << t);
      BOOST_TEST(u.rule.runner_up_weight() == weight(L2), "seed " << seed << ", pull " << t);
      fractional += u.rule.leader_weight() > 0 && u.rule.leader_weight() < 1;
      ++checked;
    }
  }
  BOOST_TEST(checked == 18000u);
  BOOST_TEST(fractional > 100u);
}

BOOST_AUTO_TEST_CASE(domain_and_certificate) {
  BOOST_CHECK_THROW(ls::glr_pooled(3, 0.5, 0.1, ls::make_per_arm_grid(), ls::pooled_prior::shared, true,
                                   ls::make_unpooling_weights()),
                    lilucb::domain_error);
  BOOST_CHECK_THROW(ls::glr_pooled(3, 0.5, 0.1, ls::make_per_arm_grid(), ls::pooled_prior::per_arm, true,
                                   ls::make_unpooling_weights(-1.0)),
                    lilucb::domain_error);
  const ls::glr_pooled r(3, 0.5, 0.1, ls::make_per_arm_grid(), ls::pooled_prior::per_arm, true,
                         ls::make_unpooling_weights());
  BOOST_TEST(r.certificate().find("Proposition U") != std::string::npos);
  const lb::combination c = lb::parse_combination("t3c-ids+glr-pooled-weighted");
  BOOST_TEST(lb::is_certified(c));
  BOOST_TEST(lb::to_string(c) == "t3c-ids+glr-pooled-weighted");
}

BOOST_AUTO_TEST_SUITE_END()

namespace {
// delta = 1/2 on K = 8 Gaussian arms (sigma 0.5): best 0.5, five arms tied at 0.4, two at 0.2 (the
// instance of tests/bandit_stats' large-delta tests): wrong answers of `runs` runs of t3c-ids and
// of uniform sampling with glr-pooled-weighted; the exact one-sided Clopper-Pearson lower bound at
// level 1e-6 must not exceed 1/2.
void weighted_error_rate_at_delta_half(std::uint64_t runs) {
  const std::vector<double> means{0.4, 0.2, 0.4, 0.5, 0.4, 0.2, 0.4, 0.4};
  const lb::gaussian_arms arms(means, 0.5);
  for (const char* name : {"t3c-ids+glr-pooled-weighted", "uniform+glr-pooled-weighted"}) {
    const lb::combination comb = lb::parse_combination(name);
    std::uint64_t wrong = 0;
    for (std::uint64_t r = 0; r < runs; ++r) {
      lb::run_options o;
      o.nu = 0.5;
      o.sigma = 0.5;
      o.seed = 20261202;
      o.run = r;
      o.max_pulls = 200000;
      const auto res = lb::run_combination(comb, arms, o).run;
      wrong += res.best_arm != 3;
    }
    const double lower = lilucb::clopper_pearson_lower(wrong, runs, 1e-6);
    BOOST_TEST_MESSAGE(name << ": " << wrong << " wrong of " << runs << ", lower bound " << lower);
    BOOST_TEST(lower <= 0.5, name << ": " << wrong << " wrong of " << runs);
  }
}
}  // namespace

BOOST_AUTO_TEST_SUITE(glr_pooled_weighted_error_rate)
BOOST_AUTO_TEST_CASE(at_delta_half) { weighted_error_rate_at_delta_half(200); }
BOOST_AUTO_TEST_CASE(at_delta_half_long, *boost::unit_test::label("long") * boost::unit_test::disabled()) {
  weighted_error_rate_at_delta_half(3000);
}
BOOST_AUTO_TEST_SUITE_END()
