// The planner (lilucb_experiments/sample_size.hpp): the summary's statistics against a direct
// computation, runs by index whatever the thread count, T* and the lower bound against the
// library's functions, the lower bound below the certified method's measured mean, and the
// certified method's error count tested against nu with an exact Clopper-Pearson bound.
// The command end to end: tests/cli/test_cli_plan.cpp.

#include <boost/test/unit_test.hpp>

#include "lilucb_experiments/sample_size.hpp"

#include "lilucb/bandit/compose.hpp"
#include "lilucb/theory/characteristic_time.hpp"
#include "lilucb/theory/characteristic_time_unknown_variance.hpp"
#include "lilucb/clopper_pearson.hpp"
#include "lilucb/errors.hpp"
#include "lilucb/resources.hpp"

#include <boost/math/distributions/students_t.hpp>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <limits>
#include <numeric>
#include <string>
#include <variant>

namespace tt = boost::test_tools;
using namespace lilucb::experiments;
namespace lb = lilucb::bandit;

namespace {

lb::composed_result fake_run(std::uint64_t pulls, std::size_t best, bool stopped) {
  lb::composed_result r;
  r.run.algorithm.assign(1, 'm');
  r.run.pulls = pulls;
  r.run.best_arm = best;
  r.run.status = stopped ? lb::run_status::stopped : lb::run_status::budget_exhausted;
  r.certified = true;
  r.certificate.assign(1, 'c');
  return r;
}

// P(Bin(m, p) <= k) summed from the definition (m small).
double binomial_cdf(int m, double p, int k) {
  double s = 0;
  for (int i = 0; i <= k; ++i)
    s += std::exp(std::lgamma(m + 1.0) - std::lgamma(i + 1.0) - std::lgamma(m - i + 1.0)) * std::pow(p, i) *
         std::pow(1 - p, m - i);
  return s;
}

lb::arms_spec gaussian(std::vector<double> means, double sigma) {
  lb::arms_spec a;
  a.means = std::move(means);
  a.sigma = sigma;
  return a;
}

lb::arms_spec bernoulli(std::vector<double> means) {
  lb::arms_spec a;
  a.means = std::move(means);
  a.model = lb::reward_model::bernoulli;
  return a;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(planner)

// 20 runs with known pulls: every statistic recomputed from its definition.
BOOST_AUTO_TEST_CASE(summary_against_a_direct_computation) {
  const std::vector<std::uint64_t> pulls{130, 70, 90, 400, 55, 61, 80, 75, 300, 120,
                                         99, 101, 77, 66, 88, 250, 140, 95, 60, 1000};
  std::vector<lb::composed_result> runs;
  for (std::size_t k = 0; k < pulls.size(); ++k)
    runs.push_back(fake_run(pulls[k], k % 7 == 3 ? 1 : 0, k != 19));  // errors at k = 3, 10, 17; run 19 censored
  const auto s = summarize_runs(runs, 0, 0.95);
  BOOST_TEST(s.runs == 20u);
  BOOST_TEST(s.stopped == 19u);
  BOOST_TEST(s.censored == 1u);
  BOOST_TEST(s.errors == 3u);
  BOOST_TEST((s.pulls == pulls));
  const double m = 20;
  double sum = 0;
  for (auto p : pulls) sum += static_cast<double>(p);
  const double mean = sum / m;
  BOOST_TEST(s.mean == mean, tt::tolerance(1e-14));
  double ss = 0;
  for (auto p : pulls) ss += (static_cast<double>(p) - mean) * (static_cast<double>(p) - mean);
  const double half = boost::math::quantile(boost::math::students_t(m - 1), 0.975) * std::sqrt(ss / (m - 1) / m);
  BOOST_TEST_REQUIRE((s.mean_low && s.mean_high));
  BOOST_TEST(*s.mean_low == mean - half, tt::tolerance(1e-12));
  BOOST_TEST(*s.mean_high == mean + half, tt::tolerance(1e-12));
  std::vector<double> x(pulls.begin(), pulls.end());
  std::sort(x.begin(), x.end());
  // Type 7: h = 19 p; the median averages x_(9) and x_(10) (0-based), q10 at h = 1.9, q90 at h = 17.1.
  BOOST_TEST(s.median == (x[9] + x[10]) / 2, tt::tolerance(1e-14));
  BOOST_TEST(s.q10 == x[1] + 0.9 * (x[2] - x[1]), tt::tolerance(1e-12));
  BOOST_TEST(s.q90 == x[17] + 0.1 * (x[18] - x[17]), tt::tolerance(1e-12));
  // The median's interval: the largest j with 2 P(Bin(20, 1/2) <= j - 1) <= 0.05 is j = 6
  // (2 P(B <= 5) = 0.0414, 2 P(B <= 6) = 0.1153), so [x_(6), x_(15)] 1-based.
  BOOST_TEST(2 * binomial_cdf(20, 0.5, 5) <= 0.05);
  BOOST_TEST(2 * binomial_cdf(20, 0.5, 6) > 0.05);
  BOOST_TEST_REQUIRE((s.median_low && s.median_high));
  BOOST_TEST(*s.median_low == x[5]);
  BOOST_TEST(*s.median_high == x[14]);
  // The error rate's interval: its ends solve P_low(K >= 3) = 0.025 and P_high(K <= 3) = 0.025.
  BOOST_TEST_REQUIRE((s.error_rate && s.error_low && s.error_high));
  BOOST_TEST(*s.error_rate == 3.0 / 19, tt::tolerance(1e-14));
  BOOST_TEST(1 - binomial_cdf(19, *s.error_low, 2) == 0.025, tt::tolerance(1e-8));
  BOOST_TEST(binomial_cdf(19, *s.error_high, 3) == 0.025, tt::tolerance(1e-8));
}

BOOST_AUTO_TEST_CASE(small_samples_have_no_interval_they_cannot_support) {
  const auto one = summarize_runs({fake_run(10, 0, true)}, 0);
  BOOST_TEST(!one.mean_low);
  BOOST_TEST(!one.median_low);
  BOOST_TEST(one.median == 10.0);
  const auto none_stopped = summarize_runs({fake_run(10, 0, false), fake_run(12, 0, false)}, 0);
  BOOST_TEST(!none_stopped.error_rate);
  BOOST_TEST(none_stopped.censored == 2u);
  BOOST_CHECK_THROW(summarize_runs({}, 0), lilucb::domain_error);
  BOOST_CHECK_THROW(summarize_runs({fake_run(1, 0, true)}, 0, 1.0), lilucb::domain_error);
}

// Run k is stream k of the seed, on whichever thread: one thread and two give the same plan, and
// run k equals a direct library run with run index k.
BOOST_AUTO_TEST_CASE(runs_are_the_same_for_any_thread_count) {
  plan_request q;
  q.arms = gaussian({0.5, 0.3, 0.1}, 0.5);
  q.nu = 0.1;
  q.runs = 12;
  q.seed = 42;
  q.threads = 1;
  const auto p1 = plan_sample_size(q);
  q.threads = 2;
  const auto p2 = plan_sample_size(q);
  BOOST_TEST_REQUIRE(p1.methods.size() == 2u);
  BOOST_TEST_REQUIRE(p2.methods.size() == 2u);
  for (std::size_t i = 0; i < 2; ++i) {
    BOOST_TEST((p1.methods[i].simulation.pulls == p2.methods[i].simulation.pulls));
    BOOST_TEST(to_json(p1.methods[i].simulation).dump() == to_json(p2.methods[i].simulation).dump());
  }
  BOOST_TEST(p1.methods[0].role == "recommended");
  BOOST_TEST(p1.methods[0].simulation.certified);
  BOOST_TEST(p1.methods[1].role == "practice");
  BOOST_TEST(!p1.methods[1].simulation.certified);
  lb::run_options o;
  o.nu = 0.1;
  o.sigma = 0.5;
  o.seed = 42;
  o.max_pulls = q.max_pulls;
  for (std::uint64_t k : {0u, 5u, 11u}) {
    o.run = k;
    const auto r = lb::run_method(lb::recommended_combination(lb::reward_model::gaussian),
                                  lb::gaussian_arms({0.5, 0.3, 0.1}, 0.5), o);
    BOOST_TEST(p1.methods[0].simulation.pulls[k] == r.run.pulls);
  }
  // A different seed gives different runs.
  q.seed = 43;
  BOOST_TEST((plan_sample_size(q).methods[0].simulation.pulls != p1.methods[0].simulation.pulls));
}

BOOST_AUTO_TEST_CASE(t_star_lower_bound_and_prediction_come_from_the_library) {
  plan_request q;
  q.arms = bernoulli({0.3, 0.2, 0.1});
  q.nu = 0.05;
  q.runs = 3;
  const auto p = plan_sample_size(q);
  const auto ct = lilucb::characteristic_time_bernoulli(std::vector<double>{0.3, 0.2, 0.1});
  BOOST_TEST(p.t_star == ct.t_star);
  BOOST_TEST(p.lower_bound == ct.t_star * lilucb::kl_delta(0.05), tt::tolerance(1e-14));
  BOOST_TEST(p.best_arm == 0u);
  BOOST_TEST(p.methods[0].simulation.method == lb::to_string(lb::recommended_combination(lb::reward_model::bernoulli)));
  // The certified pooled threshold depends on the counts: no fixed point, and a note says so.
  BOOST_TEST(!p.methods[0].predicted);
  BOOST_TEST(!p.methods[0].prediction_note.empty());
  // The practice's heuristic threshold log((1 + log t)/nu) at the next integer t: t = T* beta(t).
  BOOST_TEST_REQUIRE(p.methods[1].predicted.has_value());
  const double t = *p.methods[1].predicted;
  BOOST_TEST(t == p.t_star * std::log((1 + std::log(std::ceil(t))) / 0.05), tt::tolerance(1e-9));
  // Near-tied means: T* is too large for a fixed point below 2^64 pulls; the plan says so and still
  // simulates (here within a small budget, which every run of the certified method reaches).
  plan_request tie;
  tie.arms = gaussian({0.5, 0.4999999999}, 0.5);
  tie.nu = 0.1;
  tie.runs = 2;
  tie.max_pulls = 1000;
  const auto pt = plan_sample_size(tie);
  BOOST_TEST(!pt.methods[1].predicted);
  BOOST_TEST(pt.methods[1].prediction_note.find("no solution below 2^64 pulls") != std::string::npos, pt.methods[1].prediction_note);
  BOOST_TEST(pt.methods[0].simulation.censored == 2u);
  BOOST_TEST(pt.methods[0].simulation.mean == 1000.0);
  // Bounded arms on [lo, hi]: T* of the Beta arms of the rescaled means.
  plan_request b;
  b.arms.model = lb::reward_model::bounded;
  b.arms.means = {2.0, 1.5};
  b.arms.lo = 0;
  b.arms.hi = 4;
  b.nu = 0.1;
  b.runs = 2;
  const auto pb = plan_sample_size(b);
  BOOST_TEST(pb.t_star == lilucb::characteristic_time_beta(std::vector<double>{0.5, 0.375}, 9.0).t_star, tt::tolerance(1e-14));
  BOOST_TEST(pb.methods[1].simulation.method == "t3c-ids-matched+glr-heuristic-ev");  // the recommended sampler
}

// Gaussian arms of their own standard deviations: T* reads the sigmas (known, or unknown to the
// method: the unknown-variance divergence), and a plan of unknown variances runs the recommended
// certified method for them with the rules reading no sigma (run k = a direct run on stream k).
BOOST_AUTO_TEST_CASE(arm_sigmas_and_unknown_variances) {
  const std::vector<double> means{0.5, 0.4, 0.1}, sigmas{0.3, 1, 0.5};
  lb::arms_spec a = gaussian(means, 0.5);
  a.sigmas = sigmas;
  BOOST_TEST(plan_characteristic_time(a).t_star == lilucb::characteristic_time_gaussian(means, sigmas).t_star);
  BOOST_TEST(arms_text(a) == "Gaussian arms of sigmas 0.3, 1, 0.5");
  a.model = lb::reward_model::gaussian_unknown_variance;
  const auto uv = lilucb::characteristic_time_gaussian_unknown_variance(means, sigmas);
  BOOST_TEST(plan_characteristic_time(a).t_star == uv.t_star);
  BOOST_TEST((plan_characteristic_time(a).w_star == uv.w_star));
  BOOST_TEST(arms_text(a) == "Gaussian arms of sigmas 0.3, 1, 0.5, unknown to the method");
  // no sigmas: sigma for every arm
  lb::arms_spec each = gaussian(means, 0.7);
  each.model = lb::reward_model::gaussian_unknown_variance;
  BOOST_TEST(plan_characteristic_time(each).t_star ==
             lilucb::characteristic_time_gaussian_unknown_variance(means, std::vector<double>(3, 0.7)).t_star);
  BOOST_TEST(arms_text(each) == "Gaussian arms of sigma 0.7, unknown to the method");
  BOOST_TEST(arms_text(gaussian(means, 0.7)) == "Gaussian arms of sigma 0.7");

  plan_request q;
  q.arms = a;
  q.nu = 0.1;
  q.runs = 6;
  q.seed = 9;
  q.threads = 1;
  const auto p = plan_sample_size(q);
  BOOST_TEST(p.t_star == uv.t_star);
  BOOST_TEST(p.lower_bound == lilucb::bai_lower_bound(uv.t_star, 0.1));
  BOOST_TEST_REQUIRE(p.methods.size() == 2u);
  const auto certified = lb::recommended_combination(lb::reward_model::gaussian_unknown_variance);
  BOOST_TEST(p.methods[0].simulation.method == lb::to_string(certified));
  BOOST_TEST(p.methods[0].simulation.certified);
  BOOST_TEST(p.methods[1].simulation.method == lb::to_string(practice_combination(lb::reward_model::gaussian_unknown_variance)));
  BOOST_TEST(!p.methods[1].simulation.certified);
  lb::run_options o;
  o.nu = 0.1;
  o.sigma = 0;
  o.unknown_variance = true;
  o.seed = 9;
  o.max_pulls = q.max_pulls;
  for (std::uint64_t k : {0u, 4u}) {
    o.run = k;
    BOOST_TEST(p.methods[0].simulation.pulls[k] == lb::run_method(certified, lb::gaussian_arms(means, sigmas), o).run.pulls);
  }
  // A preset reads sigma: refused for arms of unknown variances, naming the method.
  q.method = "lilucb-heuristic";
  try {
    plan_sample_size(q);
    BOOST_TEST(false, "a preset was planned on arms of unknown variances");
  } catch (const lilucb::domain_error& e) {
    BOOST_TEST(e.parameter() == "method", e.what());
  }
  // One sigma per arm.
  lb::arms_spec bad = a;
  bad.sigmas = {1, 2};
  BOOST_CHECK_THROW(plan_characteristic_time(bad), lilucb::domain_error);
}

BOOST_AUTO_TEST_CASE(invalid_requests_name_the_parameter) {
  const auto refuses = [](plan_request q, const std::string& parameter) {
    try {
      plan_sample_size(q);
    } catch (const lilucb::domain_error& e) {
      BOOST_TEST(e.parameter() == parameter, e.what());
      return;
    }
    BOOST_TEST(false, "no domain_error for " << parameter);
  };
  plan_request q;
  q.arms = gaussian({0.5, 0.4}, 0.5);
  q.runs = 1;
  auto bad = q;
  bad.arms.means = {0.5};
  refuses(bad, "means");
  bad = q;
  bad.nu = 0.6;
  refuses(bad, "nu");
  bad.nu = 0;
  refuses(bad, "nu");
  bad = q;
  bad.runs = 0;
  refuses(bad, "runs");
  bad = q;
  bad.arms.means = {0.5, 0.5};
  refuses(bad, "means[1]");
  bad = q;
  bad.arms.sigma = -1;
  refuses(bad, "sigma");
  bad = q;
  bad.arms = bernoulli({0.5, 1.5});
  refuses(bad, "means[1]");
  bad = q;
  bad.method = "no-such-method";
  refuses(bad, "method");
  bad.method = "t3c-ids+glr-pooled-kl";  // rewards in [0, 1] only
  refuses(bad, "method");
  bad = q;
  bad.nu = 4.9e-324;  // 1/nu is not finite
  refuses(bad, "nu");
}

// Where /proc/meminfo can be read (Linux), the available memory is read from it: positive and at
// most MemTotal (a cgroup limit only lowers it).
BOOST_AUTO_TEST_CASE(available_memory_is_read_where_proc_meminfo_is) {
  std::ifstream info("/proc/meminfo");
  double total_kb = 0;
  for (std::string key; info >> key;) {
    if (key == "MemTotal:") {
      info >> total_kb;
      break;
    }
    info.ignore(std::numeric_limits<std::streamsize>::max(), '\n');
  }
  if (!(total_kb > 0)) return;  // not Linux, or no MemTotal: nothing to compare with
  const auto have = lilucb::available_memory_bytes();
  BOOST_TEST_REQUIRE(have.has_value());
  BOOST_TEST(*have > 0);
  BOOST_TEST(*have <= total_kb * 1024);
}

// Results that cannot fit are refused before anything is allocated or run, naming runs.
BOOST_AUTO_TEST_CASE(runs_that_cannot_fit_are_refused_first) {
  if (!lilucb::available_memory_bytes()) return;  // no limit can be read here: nothing is checked
  lb::arms_spec a = gaussian(std::vector<double>(1'000'000, 0.0), 0.5);
  a.means[0] = 1;
  lb::run_options o;
  o.nu = 0.1;
  try {
    repeat_runs(lb::recommended_combination(lb::reward_model::gaussian), a, o, 1'000'000, 1);
    BOOST_TEST(false, "10^6 runs' counts on 10^6 arms were not refused");
  } catch (const lilucb::domain_error& e) {
    BOOST_TEST(e.parameter() == "runs", e.what());
  }
}

// The lower bound T* kl(nu, 1 - nu) holds for every nu-correct method in expectation: on a few
// instances it is below the certified method's measured mean (fixed seeds: deterministic), and
// the certified method's error count passes the exact one-sided test of "error probability <= nu"
// at level 1e-6 (a failure is a real excess of errors, at most once in a million by chance).
BOOST_AUTO_TEST_CASE(lower_bound_below_the_certified_mean_and_errors_within_nu) {
  struct instance {
    lb::arms_spec arms;
    double nu;
  };
  lb::arms_spec bounded;
  bounded.model = lb::reward_model::bounded;
  bounded.means = {0.6, 0.3, 0.2};
  const std::vector<instance> instances{
      {gaussian({0.5, 0.4, 0.1}, 0.5), 0.1},
      {gaussian({1, 0.5, 0.4, 0.3}, 1), 0.2},
      {bernoulli({0.6, 0.4, 0.3}), 0.1},
      {bounded, 0.1},
  };
  for (const auto& c : instances) {
    plan_request q;
    q.arms = c.arms;
    q.nu = c.nu;
    q.runs = 60;
    q.seed = 7;
    const auto p = plan_sample_size(q);
    const auto& s = p.methods[0].simulation;
    BOOST_TEST_MESSAGE(s.method << " on " << c.arms.means.size() << " arms: lower bound " << p.lower_bound << ", mean "
                                << s.mean << ", errors " << s.errors << " of " << s.stopped);
    BOOST_TEST(s.certified);
    BOOST_TEST(s.stopped == s.runs);
    BOOST_TEST(p.lower_bound <= s.mean, s.method << ": lower bound " << p.lower_bound << " > mean " << s.mean);
    BOOST_TEST(!lilucb::binomial_test_rejects(s.errors, s.stopped, c.nu, 1e-6),
               s.method << ": " << s.errors << " errors in " << s.stopped << " runs at nu = " << c.nu);
  }
}

BOOST_AUTO_TEST_SUITE_END()
