// The plan of a live study (lilucb_experiments/study_plan.hpp) and what it stands on: a fork of a
// study continues exactly as the study (asks, arms, statistics), leaves it unchanged and is never
// saved; the asks in flight in id order; continuation k is the documented loop on stream k of the
// seed, whatever the thread count; the status's estimate range brackets the estimate; refusals
// name their parameter.  The command end to end: tests/cli/test_cli_study.cpp.

#include <boost/test/unit_test.hpp>

#include "lilucb_experiments/study_plan.hpp"

#include "lilucb/bandit/arms.hpp"
#include "lilucb/random.hpp"
#include "lilucb/study/identification.hpp"
#include "lilucb/theory/characteristic_time.hpp"
#include "lilucb/errors.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

using namespace lilucb::experiments;
namespace lb = lilucb::bandit;

namespace {

// A reward that depends on the id and the arm only (0 or 1; arm 0 the best).
double reward_of(std::uint64_t id, std::size_t arm) {
  const std::uint64_t h = (id + 1) * 0x9E3779B97F4A7C15ull ^ (arm + 7) * 0xBF58476D1CE4E5B9ull;
  const double u = static_cast<double>(h >> 11) * 0x1.0p-53;
  const double p[] = {0.6, 0.45, 0.3};
  return u < p[arm] ? 1.0 : 0.0;
}

lb::identification bernoulli_study(std::uint64_t seed) {
  lb::study_settings s;
  s.arms = 3;
  s.model = lb::reward_model::bernoulli;
  s.nu = 0.05;
  s.seed = seed;
  return lb::identification(s);
}

// `told` asks told with ids, then `flying` asks left in flight.
void drive(lb::identification& s, int told, int flying) {
  for (int k = 0; k < told && !s.done(); ++k) {
    const auto a = s.ask();
    s.tell(a.id, reward_of(a.id, a.arm));
  }
  if (!s.done() && flying > 0) s.ask(static_cast<std::size_t>(flying));
}

// The plan of `s` by `q` on one thread and on two: the same continuations (checked); returns the
// first.
study_plan plan_on_one_and_two_threads(const lb::identification& s, study_plan_request q) {
  q.threads = 1;
  auto one = plan_study(s, q);
  q.threads = 2;
  BOOST_TEST(one.remaining.pulls == plan_study(s, q).remaining.pulls);
  return one;
}

template <class F>
void expect_refusal(F f, const std::string& parameter) {
  try {
    f();
  } catch (const lilucb::domain_error& e) {
    BOOST_TEST(e.parameter() == parameter);
    return;
  }
  BOOST_FAIL("no lilucb::domain_error naming " + parameter);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(study_fork)

BOOST_AUTO_TEST_CASE(a_fork_continues_exactly_as_the_study) {
  auto s = bernoulli_study(3);
  drive(s, 120, 4);
  auto f = s.fork();
  // Both tell the asks in flight, then ask and tell the same: the same arms and ids, pull for pull.
  for (const auto& a : s.in_flight()) {
    s.tell(a.id, reward_of(a.id, a.arm));
    f.tell(a.id, reward_of(a.id, a.arm));
  }
  int steps = 0;
  while (!s.done() && steps < 100000) {
    const auto a = s.ask(), b = f.ask();
    BOOST_REQUIRE(a.id == b.id);
    BOOST_REQUIRE(a.arm == b.arm);
    s.tell(a.id, reward_of(a.id, a.arm));
    f.tell(b.id, reward_of(b.id, b.arm));
    BOOST_REQUIRE(s.done() == f.done());
    ++steps;
  }
  BOOST_TEST(s.done());
  BOOST_TEST(s.status().pulls == f.status().pulls);
  BOOST_TEST(s.answer().best_arm == f.answer().best_arm);
}

BOOST_AUTO_TEST_CASE(a_fork_leaves_the_study_unchanged_and_is_never_saved) {
  auto s = bernoulli_study(5);
  drive(s, 60, 3);
  const auto before = s.to_json();
  const auto head = s.history().head;
  auto f = s.fork();
  for (const auto& a : f.in_flight()) f.tell(a.id, 1.0);
  for (int k = 0; k < 50 && !f.done(); ++k) {
    const auto a = f.ask();
    f.tell(a.id, 0.0);
  }
  BOOST_TEST(s.to_json() == before);
  BOOST_TEST(s.history().head == head);
  BOOST_TEST(f.history().head == head);  // a fork records no history
  expect_refusal([&] { (void)f.to_json(); }, "study");
  expect_refusal([&] { (void)f.snapshot(0); }, "study");
  expect_refusal([&] { (void)f.take_journal_record(); }, "study");
}

BOOST_AUTO_TEST_CASE(in_flight_lists_the_asks_not_told_in_id_order) {
  auto s = bernoulli_study(7);
  const auto asks = s.ask(10);
  for (std::size_t k = 0; k < asks.size(); k += 3) s.tell(asks[k].id, 1.0);  // ids 0, 3, 6, 9 told
  const auto left = s.in_flight();
  std::vector<std::uint64_t> ids;
  for (const auto& a : left) {
    ids.push_back(a.id);
    BOOST_TEST(a.arm == asks[a.id].arm);
  }
  BOOST_TEST(ids == (std::vector<std::uint64_t>{1, 2, 4, 5, 7, 8}));
}

BOOST_AUTO_TEST_CASE(a_fork_of_a_study_told_by_arm_tells_its_asks_by_id) {
  auto s = bernoulli_study(9);
  for (int k = 0; k < 30; ++k) s.tell_arm(s.ask().arm, 1.0);
  s.ask(2);
  auto f = s.fork();
  for (const auto& a : f.in_flight()) BOOST_TEST(f.tell(a.id, 0.0));
  BOOST_TEST(f.status().total_pending == 0u);
  // The study itself still refuses an id (its tells named none).
  expect_refusal([&] { s.tell(s.in_flight().front().id, 0.0); }, "id");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(study_plan_of_a_study)

BOOST_AUTO_TEST_CASE(continuation_k_is_the_documented_loop_on_stream_k_for_any_thread_count) {
  auto s = bernoulli_study(11);
  drive(s, 40, 5);
  BOOST_REQUIRE(!s.done());
  study_plan_request q;
  q.runs = 12;
  q.seed = 4;
  const auto one = plan_on_one_and_two_threads(s, q);
  BOOST_TEST(one.remaining.runs == 12u);
  BOOST_TEST(one.told == 40u);
  BOOST_TEST(one.in_flight == 5u);
  const auto st = s.status();
  BOOST_TEST(one.arms.means == st.means);
  // Continuation 3 by hand: a fork, stream 3 of the seed, the asks in flight first.
  const lb::bernoulli_arms arms(st.means);
  auto f = s.fork();
  lilucb::random::normal_stream rng(4, 3);
  for (const auto& a : f.in_flight()) f.tell(a.id, arms.sample(a.arm, rng));
  std::uint64_t asked = 0;
  while (!f.done() && asked < q.max_pulls) {
    const auto a = f.ask();
    ++asked;
    f.tell(a.id, arms.sample(a.arm, rng));
  }
  BOOST_TEST(one.remaining.pulls[3] == asked);
  // The totals: told + in flight + new asks.
  double sum = 0;
  for (auto n : one.remaining.pulls) sum += static_cast<double>(n + 45);
  BOOST_TEST(one.total_mean == sum / 12, boost::test_tools::tolerance(1e-12));
  BOOST_TEST(one.remaining.certified);
  // The study itself is unchanged by its plan.
  BOOST_TEST(s.status().pulls == st.pulls);
  BOOST_TEST(s.status().total_pending == 5u);
}

BOOST_AUTO_TEST_CASE(a_stopped_study_has_nothing_left) {
  auto s = bernoulli_study(13);
  drive(s, 1'000'000, 0);
  BOOST_REQUIRE(s.done());
  const auto p = plan_study(s, {});
  BOOST_TEST(p.done);
  BOOST_TEST(p.remaining.runs == 0u);
  BOOST_TEST(to_json(p)["remaining"].is_null());
}

BOOST_AUTO_TEST_CASE(refusals_name_their_parameter) {
  auto s = bernoulli_study(15);
  expect_refusal([&] { (void)plan_study(s, {}); }, "study");  // no reward told yet
  drive(s, 10, 0);
  study_plan_request q;
  q.runs = 0;
  expect_refusal([&] { (void)plan_study(s, q); }, "runs");
  q.runs = 1;
  q.max_pulls = 0;
  expect_refusal([&] { (void)plan_study(s, q); }, "max_pulls");
}

BOOST_AUTO_TEST_CASE(a_censored_continuation_counts_at_its_budget) {
  auto s = bernoulli_study(17);
  drive(s, 9, 0);
  study_plan_request q;
  q.runs = 3;
  q.max_pulls = 5;
  const auto p = plan_study(s, q);
  // 9 rewards and 5 more cannot reach a certificate at nu = 0.05: every continuation is censored,
  // counts at its budget, and the rule's certificate is still reported.
  BOOST_TEST(p.remaining.censored == 3u);
  for (auto n : p.remaining.pulls) BOOST_TEST(n == 5u);
  BOOST_TEST(p.remaining.certified);
  BOOST_TEST(p.remaining.certificate.find("Proposition PK") != std::string::npos);
}

// A study of unknown variance: continuation k draws each arm from N(mean, sd^2) at the study's
// sample standard deviation (an arm without a spread at the largest of the others'), the same on
// any thread count; the plan reports those sds; a study whose rewards show no spread is refused.
BOOST_AUTO_TEST_CASE(a_study_of_unknown_variance_plans_at_its_sample_standard_deviations) {
  lb::study_settings set;
  set.arms = 3;
  set.model = lb::reward_model::gaussian;
  set.unknown_variance = true;
  set.nu = 0.1;
  set.seed = 2;
  lb::identification s(set);
  // Arm 0 of spread (rewards 1 and 2), arm 1 of spread (0 and 1), arm 2 one reward (no spread yet).
  const std::pair<std::size_t, double> rewards[] = {{0, 1.0}, {1, 0.0}, {2, 0.3}, {0, 2.0}, {1, 1.0}};
  for (const auto& [arm, r] : rewards) s.tell_arm(arm, r);
  const auto st = s.status();
  BOOST_REQUIRE(st.sds.size() == 3u);
  BOOST_TEST(st.sds[0] == std::sqrt(0.5), boost::test_tools::tolerance(1e-12));
  BOOST_TEST(st.sds[1] == std::sqrt(0.5), boost::test_tools::tolerance(1e-12));
  BOOST_TEST(st.sds[2] == 0.0);
  study_plan_request q;
  q.runs = 6;
  q.seed = 8;
  const auto p = plan_on_one_and_two_threads(s, q);
  BOOST_TEST((p.arms.model == lb::reward_model::gaussian_unknown_variance));
  BOOST_REQUIRE(p.arms.sigmas.size() == 3u);
  BOOST_TEST(p.arms.sigmas[0] == st.sds[0]);
  BOOST_TEST(p.arms.sigmas[2] == st.sds[0]);  // no spread yet: the largest of the others'
  BOOST_TEST(p.remaining.certified);
  BOOST_TEST(p.remaining.certificate.find("Proposition PT") != std::string::npos);
  BOOST_TEST(to_json(p)["arms"]["unknown_variance"] == true);
  // Continuation 5 by hand: a fork, stream 5, N(mean, sigmas) arms.
  const lb::gaussian_arms arms(st.means, p.arms.sigmas);
  auto f = s.fork();
  lilucb::random::normal_stream rng(8, 5);
  std::uint64_t asked = 0;
  while (!f.done() && asked < q.max_pulls) {
    const auto a = f.ask();
    ++asked;
    f.tell(a.id, arms.sample(a.arm, rng));
  }
  BOOST_TEST(p.remaining.pulls[5] == asked);
  // Equal rewards everywhere: nothing to draw from.
  lb::identification flat(set);
  for (std::size_t k = 0; k < 6; ++k) flat.tell_arm(k % 3, 1.0);
  expect_refusal([&] { (void)plan_study(flat, {}); }, "study");
}

// Rules that keep per-thread tables (lil'UCB's bonus, the LS boundary, GLR at a threshold of t):
// their forks on two threads give the continuations of one thread (a shared table would race).
BOOST_AUTO_TEST_CASE(forks_of_rules_with_thread_tables_plan_alike_on_any_thread_count) {
  for (const char* method : {"lilucb+ls", "t3c+glr-heuristic", "t3c-ids+glr-kk21"}) {
    BOOST_TEST_CONTEXT(method) {
      lb::study_settings st;
      st.arms = 3;
      st.model = lb::reward_model::gaussian;
      st.sigma = 0.5;
      st.nu = 0.1;
      st.seed = 2;
      st.method = method;
      lb::identification s(st);
      for (int k = 0; k < 30; ++k) {
        const auto a = s.ask();
        s.tell(a.id, 0.5 * (1.0 - static_cast<double>(a.arm)) + 0.25 * reward_of(a.id, 0));
      }
      study_plan_request q;
      q.runs = 8;
      q.seed = 5;
      q.max_pulls = 200000;
      BOOST_TEST(plan_on_one_and_two_threads(s, q).remaining.stopped == 8u);
    }
  }
}

// The range as documented, recomputed from the means and counts with the library's T*: Gaussian
// arms, the answered arm moved up and the other down by sigma/sqrt(n) (low), the other way (high);
// no high end when the narrowed means cross.
BOOST_AUTO_TEST_CASE(the_status_range_is_the_estimate_at_means_moved_by_one_standard_error) {
  struct cell {
    double m0, m1;
    int n;
    bool crosses;
  };
  for (const cell c : {cell{0.9, 0.1, 10, false}, cell{0.5, 0.45, 10, true}, cell{0.7, 0.3, 40, false}}) {
    BOOST_TEST_CONTEXT(c.m0 << " " << c.m1 << " n = " << c.n) {
      lb::study_settings st;
      st.arms = 2;
      st.model = lb::reward_model::gaussian;
      st.sigma = 1;
      st.nu = 0.05;
      lb::identification s(st);
      for (int k = 0; k < c.n; ++k) {
        s.tell_arm(0, c.m0);
        s.tell_arm(1, c.m1);
      }
      const auto status = s.status();
      BOOST_REQUIRE(status.remaining_estimate.has_value());
      const double se = 1 / std::sqrt(static_cast<double>(c.n)), told = 2.0 * c.n, log_nu = std::log(1 / 0.05);
      const auto rest = [&](double a, double b) {
        return std::max(0.0, lilucb::characteristic_time_gaussian(std::vector<double>{a, b}, 1.0).t_star * log_nu - told);
      };
      const double est = rest(c.m0, c.m1);
      BOOST_TEST(*status.remaining_estimate == est, boost::test_tools::tolerance(1e-12));
      BOOST_REQUIRE(status.remaining_low.has_value());
      BOOST_TEST(*status.remaining_low == std::min(est, rest(c.m0 + se, c.m1 - se)), boost::test_tools::tolerance(1e-12));
      BOOST_TEST(status.remaining_high.has_value() == !c.crosses);
      if (!c.crosses)
        BOOST_TEST(*status.remaining_high == std::max(est, rest(c.m0 - se, c.m1 + se)), boost::test_tools::tolerance(1e-12));
    }
  }
}

BOOST_AUTO_TEST_CASE(the_status_range_brackets_its_estimate) {
  for (std::uint64_t seed : {21, 22, 23}) {
    auto s = bernoulli_study(seed);
    for (int told : {6, 30, 90}) {
      drive(s, told, 0);
      if (s.done()) break;
      const auto st = s.status();
      if (!st.remaining_estimate) {
        BOOST_TEST(!st.remaining_low);
        BOOST_TEST(!st.remaining_high);
        continue;
      }
      BOOST_REQUIRE(st.remaining_low.has_value());
      BOOST_TEST(*st.remaining_low <= *st.remaining_estimate);
      if (st.remaining_high) BOOST_TEST(*st.remaining_high >= *st.remaining_estimate);
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()
