// identification.hpp: the ask-tell study.
//   - asked one at a time, told before the next ask, with rewards drawn from the study's own
//     stream, a study makes run_combination's pulls (every sampling rule; certified and heuristic
//     stopping rules; Gaussian and Bernoulli arms);
//   - to_json/from_json at any point (batches in flight included) continues exactly as the
//     uninterrupted study: same asks, same answer; an edited state is refused;
//   - a tell repeated with the same id is counted once; a refused call changes nothing;
//   - ask(m) counts the pulls in flight: deterministic rules spread a batch;
//   - rewards told late and out of order;
//   - the domain of every argument;
//   - snapshot and journal (docs/live-study.md, "The state file"): a study reopened from its
//     snapshot and journal after every command makes the uninterrupted study's asks, for rules
//     with a saved state and without; tampering with the header, the binary state or a record is
//     refused saying what differs; a torn last record is ignored and cut by the next record; a
//     version-2 state migrates; a retried tell naming another arm is refused while its ask is in
//     flight or among the last 65,536 asks, and ignored (false) before that.
#include <boost/test/unit_test.hpp>

#include "bandit_support.hpp"

#include "lilucb/bandit/compose.hpp"
#include "lilucb/study/identification.hpp"
#include "lilucb/theory/characteristic_time_unknown_variance.hpp"

#include "../study_snapshot.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <optional>
#include <random>
#include <set>
#include <string_view>
#include <string>
#include <utility>
#include <vector>

// Every case of this file is in the suite identification (one executable holds the directory's files).
BOOST_AUTO_TEST_SUITE(identification)

namespace lb = lilucb::bandit;

namespace {

lb::study_settings gaussian_study(std::size_t K, const std::string& method, double sigma = 0.5, std::uint64_t seed = 7) {
  lb::study_settings s;
  s.arms = K;
  s.model = lb::reward_model::gaussian;
  s.sigma = sigma;
  s.nu = 0.1;
  s.method = method;
  s.seed = seed;
  return s;
}

/// Drives a study one ask, one tell at a time with rewards drawn from its own stream, as a run.
template <class Arms>
std::vector<std::uint64_t> drive_sequentially(lb::identification& study, const Arms& arms, std::uint64_t cap) {
  std::vector<std::uint64_t> counts(arms.size(), 0);
  for (std::uint64_t t = 0; t < cap && !study.done(); ++t) {
    const auto a = study.ask();
    ++counts[a.arm];
    BOOST_REQUIRE(study.tell(a.id, arms.sample(a.arm, study.random_stream())));
  }
  return counts;
}

/// A reward source independent of the study: Gaussian means with sd sigma.
struct world {
  std::vector<double> means;
  double sigma;
  std::mt19937_64 gen;
  double pull(std::size_t arm) { return std::normal_distribution<double>(means[arm], sigma)(gen); }
};

}  // namespace

BOOST_AUTO_TEST_CASE(a_sequential_study_makes_run_combinations_pulls) {
  const lb::gaussian_arms arms(std::vector<double>{1.0, 0.7, 0.6, 0.5, 0.2}, 0.5);
  std::vector<std::string> stoppings = {"glr-pooled-per-arm", "glr-heuristic", "ls-stitched", "glr-one-sided"};
  for (const auto& d : lb::sampling_rules) {
    if (d.id == lb::sampling_rule::kl_lucb) continue;  // Bernoulli arms only: below
    for (const auto& stop : stoppings) {
      const std::string name = std::string(d.name) + "+" + stop;
      BOOST_TEST_CONTEXT(name) {
        lb::identification study(gaussian_study(arms.size(), name, 0.5, 11));
        const auto counts = drive_sequentially(study, arms, 2'000'000);
        lb::run_options opts;
        opts.nu = 0.1;
        opts.sigma = 0.5;
        opts.seed = 11;
        const auto run = lb::run_combination(lb::parse_combination(name), arms, opts);
        BOOST_TEST(study.done());
        BOOST_TEST(counts == run.run.counts, boost::test_tools::per_element());
        BOOST_TEST(study.answer().best_arm == run.run.best_arm);
        BOOST_TEST(study.answer().certified == run.certified);
      }
    }
  }
  // A study on Bernoulli or bounded arms (settings s, its method and seed) against run_combination on
  // the same arms with the study's sigma; returns whether the study's answer is certified.
  const auto same_as_a_run = [](lb::study_settings s, const auto& arms, double sigma) {
    bool certified = false;
    BOOST_TEST_CONTEXT(s.method) {
      lb::identification study(s);
      const auto counts = drive_sequentially(study, arms, 2'000'000);
      lb::run_options opts;
      opts.nu = s.nu;
      opts.sigma = sigma;
      opts.seed = s.seed;
      const auto run = lb::run_combination(lb::parse_combination(s.method), arms, opts);
      BOOST_TEST(study.done());
      BOOST_TEST(counts == run.run.counts, boost::test_tools::per_element());
      BOOST_TEST(study.answer().best_arm == run.run.best_arm);
      BOOST_TEST(study.answer().certified == run.certified);
      certified = study.answer().certified;
    }
    return certified;
  };
  lb::study_settings s;
  s.nu = 0.1;
  s.arms = 3;
  s.model = lb::reward_model::bernoulli;
  s.seed = 3;
  const lb::bernoulli_arms coins(std::vector<double>{0.6, 0.4, 0.35});
  for (const char* name : {"kl-lucb+glr-heuristic", "tas-d+glr-pooled-per-arm", "t3c-ids+glr-pooled", "t3c-ids+glr-pooled-kl",
                           "t3c-ids-matched+glr-pooled-kl", "t3c-ids-matched+glr-heuristic"}) {
    s.method = name;
    same_as_a_run(s, coins, 0.5);
  }
  // Bounded rewards: the rules for a known range read them rescaled from [lo, hi], the sigma rules
  // run with sigma = (hi - lo)/2, as run_combination on bounded_arms does; every one is certified.
  // The matched sampler's variance models read the told rewards (observe_reward), not the view's.
  s.model = lb::reward_model::bounded;
  s.lo = 2;
  s.hi = 10;
  s.seed = 5;
  const lb::bounded_arms scores(std::vector<double>{7.0, 5.0, 4.5}, 2, 10, 4);
  for (const char* name : {"t3c-ids+glr-pooled-betting", "t3c-ids+glr-pooled-eb", "t3c-ids+glr-pooled-kl", "tas-d+glr-pooled-per-arm",
                           "lucb1+ls", "t3c-ids-matched+glr-pooled-betting", "t3c-ids-matched+glr-pooled-eb",
                           "t3c-ids-matched+glr-pooled-kl"}) {
    s.method = name;
    BOOST_TEST(same_as_a_run(s, scores, 4.0), name);
  }
}

// An epsilon-good study: its default method is the recommended epsilon-good combination, it makes
// run_combination's pulls with the same target, it stops on exact ties with a certificate naming
// Proposition Gε-M1, its state keeps the target through to_json/from_json (and a best-arm study's
// settings text has no epsilon key); a relative epsilon is refused for Gaussian studies and
// bounded ones with lo < 0, a method that does not answer the question is refused.
BOOST_AUTO_TEST_CASE(an_epsilon_good_study_stops_on_ties_and_keeps_its_question) {
  auto s = gaussian_study(4, "", 0.5, 3);
  s.target = {0.1, false};
  lb::identification study(s);
  BOOST_TEST(study.method() == "eb-tci-ids+glr-one-sided");
  const lb::gaussian_arms arms({0.3, 0.3, 0.3, 0.3}, 0.5);
  drive_sequentially(study, arms, 1'000'000);
  BOOST_REQUIRE(study.done());
  const auto ans = study.answer();
  BOOST_TEST(ans.certified);
  BOOST_TEST(ans.certificate.find("Proposition Gε-M1") != std::string::npos, ans.certificate);
  BOOST_TEST(study.status().remaining_estimate.has_value());  // T*_eps is finite on the tie
  lb::combination c = lb::recommended_combination(lb::reward_model::gaussian, s.target);
  lb::run_options o;
  o.nu = s.nu;
  o.sigma = s.sigma;
  o.seed = s.seed;
  const auto run = lb::run_combination(c, arms, o);
  BOOST_TEST(run.run.pulls == study.status().total_pulls);
  BOOST_TEST(run.run.best_arm == ans.best_arm);
  lb::identification told(s);  // told from a world apart (a study that drew from random_stream is not saved)
  world w{{0.3, 0.3, 0.3, 0.3}, 0.5, std::mt19937_64(2)};
  for (int k = 0; k < 50; ++k) {
    const auto a = told.ask();
    told.tell(a.id, w.pull(a.arm));
  }
  const std::string saved = told.to_json();
  BOOST_TEST(saved.find("\"epsilon\":0.1") != std::string::npos);
  const auto loaded = lb::identification::from_json(saved);
  BOOST_TEST((loaded.settings().target == s.target), lb::to_string(loaded.settings().target));
  BOOST_TEST(loaded.to_json() == saved);
  BOOST_TEST(lb::identification(gaussian_study(3, "")).to_json().find("epsilon") == std::string::npos);
  // An ask that the rule does not make again is refused, and the message names the two causes: an
  // edited state, or a toolkit whose rule for the method differs (docs/live-study.md).
  nlohmann::json edited = nlohmann::json::parse(saved);
  auto& arms_of = edited["events"]["arms"];
  const auto& kinds = edited["events"]["kinds"];
  const std::string kind_text = kinds.is_string() ? kinds.get<std::string>() : std::string();
  const std::size_t first_ask = kind_text.find('a');
  BOOST_REQUIRE(first_ask != std::string::npos);
  arms_of[first_ask] = (arms_of[first_ask].get<std::size_t>() + 1) % 4;
  try {
    (void)lb::identification::from_json(edited.dump());
    BOOST_FAIL("an edited ask was loaded");
  } catch (const std::domain_error& e) {
    const std::string what = e.what();
    BOOST_TEST(what.find("does not replay") != std::string::npos, what);
    BOOST_TEST(what.find("A rule that changes between toolkit versions") != std::string::npos, what);
  }
  auto rel = gaussian_study(3, "");
  rel.target = {0.1, true};
  lilucb_test::expect_domain_error([&] { lb::identification x(rel); }, "epsilon");
  rel.model = lb::reward_model::bounded;
  rel.lo = -1;
  rel.hi = 1;
  lilucb_test::expect_domain_error([&] { lb::identification x(rel); }, "epsilon");
  rel.lo = 0;
  BOOST_CHECK_NO_THROW(lb::identification x(rel));
  auto wrong = gaussian_study(3, "t3c-ids+glr-pooled-per-arm");
  wrong.target = {0.1, false};
  lilucb_test::expect_domain_error([&] { lb::identification x(wrong); }, "epsilon");
}

// A top-m study: its default method is lucb-glr+glr-one-sided, it makes run_combination's pulls and
// answers the same set, with a certificate naming Proposition TM-M1 and a remaining estimate
// (T*_m); its state keeps "top" through to_json/from_json (and no "epsilon" key when epsilon is 0);
// top >= K and a method that does not answer top-m questions are refused.
BOOST_AUTO_TEST_CASE(a_top_m_study_answers_a_set_and_keeps_its_question) {
  auto s = gaussian_study(5, "", 0.5, 3);
  s.target.top = 2;
  lb::identification study(s);
  BOOST_TEST(study.method() == "lucb-glr+glr-one-sided");
  const std::vector<double> means{0.5, 0.1, 0.45, 0.2, 0.3};
  const lb::gaussian_arms arms(means, 0.5);
  drive_sequentially(study, arms, 1'000'000);
  BOOST_REQUIRE(study.done());
  const auto ans = study.answer();
  BOOST_TEST(ans.certified);
  BOOST_TEST(ans.certificate.find("Proposition TM-M1") != std::string::npos, ans.certificate);
  BOOST_TEST(ans.answer_set == (std::vector<std::size_t>{0, 2}));
  lb::combination c = lb::recommended_combination(lb::reward_model::gaussian, s.target);
  lb::run_options o;
  o.nu = s.nu;
  o.sigma = s.sigma;
  o.seed = s.seed;
  const auto run = lb::run_combination(c, arms, o);
  BOOST_TEST(run.run.pulls == study.status().total_pulls);
  BOOST_TEST(run.run.answer_set == ans.answer_set);
  lb::identification told(s);
  world w{means, 0.5, std::mt19937_64(2)};
  for (int k = 0; k < 40; ++k) {
    const auto a = told.ask();
    told.tell(a.id, w.pull(a.arm));
  }
  BOOST_TEST(told.status().remaining_estimate.has_value());  // T*_m: the means are apart
  const std::string saved = told.to_json();
  BOOST_TEST(saved.find("\"top\":2") != std::string::npos);
  BOOST_TEST(saved.find("epsilon") == std::string::npos);
  const auto loaded = lb::identification::from_json(saved);
  BOOST_TEST((loaded.settings().target == s.target), lb::to_string(loaded.settings().target));
  BOOST_TEST(loaded.to_json() == saved);
  // lil'UCB's LS rule asked the set question: the same set, the run's pulls.
  auto with_ls = s;
  with_ls.method = "lucb-glr+ls";
  lb::identification ls_study(with_ls);
  drive_sequentially(ls_study, arms, 1'000'000);
  BOOST_REQUIRE(ls_study.done());
  const auto ls_answer = ls_study.answer();
  BOOST_TEST(ls_answer.certified);
  BOOST_TEST(ls_answer.certificate.find("top 2") != std::string::npos, ls_answer.certificate);
  BOOST_TEST(ls_answer.answer_set == (std::vector<std::size_t>{0, 2}));
  BOOST_TEST(ls_answer.evidence.size() == 3u);
  lb::combination lsc = lb::parse_combination("lucb-glr+ls");
  lsc.target = s.target;
  BOOST_TEST(lb::run_combination(lsc, arms, o).run.pulls == ls_study.status().total_pulls);
  auto big = gaussian_study(3, "");
  big.target.top = 3;
  lilucb_test::expect_domain_error([&] { lb::identification x(big); }, "top");
  auto wrong = gaussian_study(4, "t3c-ids+glr-pooled-per-arm");
  wrong.target.top = 2;
  lilucb_test::expect_domain_error([&] { lb::identification x(wrong); }, "top");
}

BOOST_AUTO_TEST_CASE(a_loaded_study_continues_as_the_uninterrupted_one) {
  for (const std::string& method : {lb::to_string(lb::recommended_combination(lb::reward_model::gaussian)), std::string("lilucb+ls"),
                                   std::string("tas-d+glr-kk21"), std::string("ttts+glr-mixture")}) {
    BOOST_TEST_CONTEXT(method) {
      lb::identification a(gaussian_study(6, method, 1.0, 5));
      world wa{{1.0, 0.5, 0.4, 0.3, 0.2, 0.1}, 1.0, std::mt19937_64(1)};
      std::vector<lb::study_ask> flying;
      std::mt19937_64 order(9);
      // Batches of 1 to 7 asks, told in a shuffled order, some left in flight at the save.
      for (int round = 0; round < 40 && !a.done(); ++round) {
        auto batch = a.ask(1 + order() % 7);
        flying.insert(flying.end(), batch.begin(), batch.end());
        std::shuffle(flying.begin(), flying.end(), order);
        const std::size_t told = flying.size() / 2 + 1;
        for (std::size_t k = 0; k < told; ++k) a.tell(flying[k].id, wa.pull(flying[k].arm));
        flying.erase(flying.begin(), flying.begin() + static_cast<std::ptrdiff_t>(told));
      }
      const std::string saved = a.to_json();
      lb::identification b = lb::identification::from_json(saved);
      BOOST_TEST(b.to_json() == saved);
      world wb = wa;
      std::mt19937_64 order_b = order;
      auto flying_b = flying;
      // Continue both the same way to the end.
      for (int round = 0; round < 100000 && !a.done(); ++round) {
        const auto x = a.ask(1 + order() % 7), y = b.ask(1 + order_b() % 7);
        BOOST_REQUIRE_EQUAL(x.size(), y.size());
        for (std::size_t k = 0; k < x.size(); ++k) {
          BOOST_REQUIRE_EQUAL(x[k].arm, y[k].arm);
          BOOST_REQUIRE_EQUAL(x[k].id, y[k].id);
        }
        flying.insert(flying.end(), x.begin(), x.end());
        flying_b.insert(flying_b.end(), y.begin(), y.end());
        std::shuffle(flying.begin(), flying.end(), order);
        std::shuffle(flying_b.begin(), flying_b.end(), order_b);
        const std::size_t told = flying.size() / 2 + 1;
        for (std::size_t k = 0; k < told; ++k) {
          a.tell(flying[k].id, wa.pull(flying[k].arm));
          b.tell(flying_b[k].id, wb.pull(flying_b[k].arm));
        }
        flying.erase(flying.begin(), flying.begin() + static_cast<std::ptrdiff_t>(told));
        flying_b.erase(flying_b.begin(), flying_b.begin() + static_cast<std::ptrdiff_t>(told));
        BOOST_REQUIRE_EQUAL(a.done(), b.done());
      }
      BOOST_TEST(a.done());
      BOOST_TEST(a.answer().best_arm == b.answer().best_arm);
      BOOST_TEST(a.to_json() == b.to_json());
      BOOST_TEST(a.status().pulls == b.status().pulls, boost::test_tools::per_element());
    }
  }
}

BOOST_AUTO_TEST_CASE(an_edited_or_foreign_state_is_refused) {
  lb::identification a(gaussian_study(3, ""));
  world w{{1.0, 0.0, 0.0}, 0.5, std::mt19937_64(2)};
  for (int k = 0; k < 12; ++k) {
    const auto q = a.ask();
    a.tell(q.id, w.pull(q.arm));
  }
  const std::string s = a.to_json();
  BOOST_CHECK_NO_THROW(lb::identification::from_json(s));
  const auto refused = [](const std::string& text) {
    try {
      lb::identification::from_json(text);
    } catch (const lilucb::domain_error& e) {
      return e.parameter() == "state" || e.parameter() == "nu" || e.parameter() == "arms";
    }
    return false;
  };
  BOOST_TEST(refused(""));
  BOOST_TEST(refused("{}"));
  BOOST_TEST(refused("[1, 2]"));
  BOOST_TEST(refused(s.substr(0, s.size() / 2)));
  std::string v3 = s;
  v3.replace(v3.find("\"version\":2"), 11, "\"version\":3");
  BOOST_TEST(refused(v3));
  std::string seed = s;  // another seed replays to other asks
  seed.replace(seed.find("\"seed\":7"), 8, "\"seed\":8");
  BOOST_TEST(refused(seed));
  std::string nu = s;
  nu.replace(nu.find("\"nu\":0.1"), 8, "\"nu\":1.5");
  BOOST_TEST(refused(nu));
  // An edited reward: the replay's statistics differ from the saved ones.
  const auto pos = s.find("\"rewards\":[") + 11;
  const auto comma = s.find(',', pos);
  std::string edited = s;
  edited.replace(pos, comma - pos, "12.5");
  BOOST_TEST(refused(edited));
  // A count that is not an unsigned integer (found by fuzz_study_state: 1e105 was converted to
  // uint64, undefined behaviour), or no list, is refused by name.
  const auto counts = s.find("\"pulls\":[") + 9;
  for (const char* bad : {"1e105", "-1", "2.5", "\"4\""}) {
    std::string c = s;
    c.replace(counts, s.find(',', counts) - counts, bad);
    BOOST_TEST(refused(c), bad);
  }
  std::string not_list = s;
  not_list.replace(counts - 1, s.find(']', counts) - counts + 2, "7");
  BOOST_TEST(refused(not_list));
}

BOOST_AUTO_TEST_CASE(a_repeated_tell_counts_once_and_a_refused_call_changes_nothing) {
  lb::identification a(gaussian_study(4, "", 0.5));
  const auto q = a.ask(3);
  BOOST_TEST(a.tell(q[1].id, 0.3));
  const std::string before = a.to_json();
  BOOST_TEST(!a.tell(q[1].id, 0.3));
  BOOST_TEST(!a.tell(q[1].id, 99.0));
  BOOST_TEST(a.to_json() == before);
  const auto rejects = [&](auto call, const char* parameter) {
    try {
      call();
    } catch (const lilucb::domain_error& e) {
      return std::string(e.parameter()) == parameter && a.to_json() == before;
    }
    return false;
  };
  BOOST_TEST(rejects([&] { a.tell(q[0].id, std::nan("")); }, "reward"));
  BOOST_TEST(rejects([&] { a.tell(q[0].id, HUGE_VAL); }, "reward"));
  BOOST_TEST(rejects([&] { a.tell(77, 0.1); }, "id"));
  BOOST_TEST(rejects([&] { a.tell_arm(4, 0.1); }, "arm"));
  BOOST_TEST(rejects([&] { a.ask(0); }, "count"));
  // A reward that would leave the doubles in the statistics (|reward| > 1e15 sigma) is refused and
  // leaves the study as it was; the largest accepted one is counted.
  BOOST_TEST(rejects([&] { a.tell(q[0].id, 1e308); }, "reward"));
  BOOST_TEST(rejects([&] { a.tell(q[0].id, -5.000001e14); }, "reward"));
  BOOST_TEST(a.tell(q[0].id, 5e14));
  BOOST_TEST(a.status().total_pulls == 2u);

  lb::study_settings coins;
  coins.arms = 2;
  coins.model = lb::reward_model::bernoulli;
  coins.nu = 0.05;
  lb::identification b(coins);
  // The study's defaults are the registry's recommendation (the defaults of `lilucb run` too).
  BOOST_TEST(b.method() == "t3c-ids+glr-pooled-kl");  // the Bernoulli default
  BOOST_TEST(b.method() == lb::to_string(lb::recommended_combination(lb::reward_model::bernoulli)));
  const auto r = b.ask();
  const std::string b_before = b.to_json();
  for (double bad : {0.5, -1.0, 2.0}) {
    BOOST_CHECK_THROW(b.tell(r.id, bad), lilucb::domain_error);
    BOOST_TEST(b.to_json() == b_before);
  }
  BOOST_TEST(b.tell(r.id, 1.0));

  lb::study_settings bounded;
  bounded.arms = 2;
  bounded.model = lb::reward_model::bounded;
  bounded.lo = -1;
  bounded.hi = 3;
  bounded.nu = 0.05;
  lb::identification c(bounded);
  BOOST_TEST(c.method() == "t3c-ids-matched+glr-pooled-betting");  // the bounded default
  const auto t = c.ask();
  BOOST_CHECK_THROW(c.tell(t.id, 3.5), lilucb::domain_error);
  BOOST_TEST(c.tell(t.id, 3.0));
}

BOOST_AUTO_TEST_CASE(a_batch_counts_the_pulls_in_flight) {
  // Deterministic rules return the same arm while their state is unchanged: only the view of
  // the pulls in flight can spread a batch.
  for (const char* method : {"lilucb+ls", "lucb1+glr-pooled", "tas-d+glr-pooled-per-arm", "tas-c+glr-kk21",
                                   "uniform+glr-mixture"}) {
    BOOST_TEST_CONTEXT(method) {
      lb::identification a(gaussian_study(5, method, 1.0));
      world w{{1.0, 0.8, 0.6, 0.4, 0.2}, 1.0, std::mt19937_64(4)};
      for (const auto& q : a.ask(5)) a.tell(q.id, w.pull(q.arm));  // the first round
      const auto batch = a.ask(40);
      std::set<std::size_t> distinct;
      for (const auto& q : batch) distinct.insert(q.arm);
      BOOST_TEST(distinct.size() >= 3u);
      BOOST_TEST(a.status().total_pending == 40u);
    }
  }
}

BOOST_AUTO_TEST_CASE(rewards_told_late_and_out_of_order_reach_a_certified_answer) {
  lb::identification a(gaussian_study(4, "", 0.5, 21));
  world w{{1.0, 0.5, 0.4, 0.3}, 0.5, std::mt19937_64(8)};
  std::vector<lb::study_ask> flying;
  std::mt19937_64 order(3);
  while (!a.done()) {
    for (const auto& q : a.ask(16)) flying.push_back(q);
    std::reverse(flying.begin(), flying.end());  // the newest first
    for (std::size_t k = 0; k < 12 && !flying.empty(); ++k) {
      a.tell(flying.back().id, w.pull(flying.back().arm));
      flying.pop_back();
    }
  }
  const auto ans = a.answer();
  BOOST_TEST(ans.done);
  BOOST_TEST(ans.certified);
  BOOST_TEST(ans.best_arm == 0u);
  BOOST_TEST(ans.certificate.find("Proposition P2") != std::string::npos);
  BOOST_TEST(ans.evidence.size() == 3u);
  for (const auto& e : ans.evidence) {
    BOOST_TEST(e.arm != 0u);
    BOOST_TEST(e.statistic >= e.threshold);
  }
  BOOST_CHECK_THROW(a.ask(), lilucb::domain_error);
  // Rewards of pulls still in flight are recorded after the stop; the answer stays.
  const auto total = a.status().total_pulls;
  if (!flying.empty()) {
    BOOST_TEST(a.tell(flying.back().id, 0.0));
    BOOST_TEST(a.status().total_pulls == total + 1);
  }
  BOOST_TEST(a.answer().best_arm == 0u);
}

BOOST_AUTO_TEST_CASE(every_certified_rule_reports_its_evidence_at_the_stop) {
  // GLR rules: each challenger's statistic against the threshold; LS: the leader's lower bound
  // against each challenger's upper bound.  At the stop every challenger passes.
  for (const char* method : {"tas-d+glr-kk21", "tas-d+glr-mixture", "tas-d+glr-one-sided", "tas-d+glr-pooled",
                             "tas-d+glr-pooled-per-arm", "tas-d+ls", "tas-d+ls-stitched", "tas-d+ls-mixture",
                             "tas-d+glr-heuristic"}) {
    BOOST_TEST_CONTEXT(method) {
      lb::identification a(gaussian_study(4, method, 0.5, 2));
      world w{{1.0, 0.4, 0.3, 0.2}, 0.5, std::mt19937_64(6)};
      const auto before = a.answer();
      BOOST_TEST(before.evidence.empty());
      BOOST_TEST(!before.evidence_note.empty());
      for (int t = 0; t < 100000 && !a.done(); ++t) {
        const auto q = a.ask();
        a.tell(q.id, w.pull(q.arm));
      }
      const auto ans = a.answer();
      BOOST_TEST(ans.done);
      BOOST_TEST(ans.evidence_note.empty());
      BOOST_TEST(ans.evidence.size() == 3u);
      for (const auto& e : ans.evidence) {
        BOOST_TEST(e.arm != ans.best_arm);
        BOOST_TEST(e.statistic >= e.threshold);
      }
    }
  }
}

// Top-m and epsilon-good studies (glr_top_m: TM-M1, TM-K, and Kε-U for one arm): every arm left
// out of the answer has its weakest pair's statistic against the threshold; at the stop each
// passes (within the decision's resolution, glr_top_m.hpp).
BOOST_AUTO_TEST_CASE(top_m_and_epsilon_rules_report_their_evidence) {
  struct question {
    const char* method;
    lb::reward_model model;
    std::size_t top;
    double epsilon;
  };
  for (const question q : {question{"lucb-glr+glr-one-sided", lb::reward_model::gaussian, 2, 0.0},
                           question{"lucb-glr+glr-pooled-kl", lb::reward_model::bernoulli, 2, 0.0},
                           question{"eb-tci-ids+glr-pooled-kl", lb::reward_model::bernoulli, 1, 0.05}}) {
    BOOST_TEST_CONTEXT(q.method << " top " << q.top << " epsilon " << q.epsilon) {
      lb::study_settings st = gaussian_study(4, q.method, 0.5, 2);
      st.model = q.model;
      st.target.top = q.top;
      st.target.epsilon = q.epsilon;
      lb::identification a(st);
      const std::vector<double> means{0.8, 0.2, 0.7, 0.1};
      std::mt19937_64 rng(9);
      std::normal_distribution<double> noise(0.0, 0.5);
      std::uniform_real_distribution<double> u(0.0, 1.0);
      for (int t = 0; t < 200000 && !a.done(); ++t) {
        const auto ask = a.ask();
        const double y = q.model == lb::reward_model::bernoulli ? (u(rng) < means[ask.arm] ? 1.0 : 0.0)
                                                                : means[ask.arm] + noise(rng);
        a.tell(ask.id, y);
      }
      const auto ans = a.answer();
      BOOST_TEST(ans.done);
      BOOST_TEST(ans.evidence_note.empty());
      BOOST_TEST(ans.evidence.size() == 4u - q.top);
      for (const auto& e : ans.evidence) {
        BOOST_TEST(e.arm != ans.best_arm);
        BOOST_TEST(e.statistic >= e.threshold - 1e-8 * (1 + e.threshold));
      }
      if (q.top > 1) BOOST_TEST(ans.answer_set == (std::vector<std::size_t>{0, 2}));
      else BOOST_TEST(ans.answer_set.empty());
    }
  }
}

BOOST_AUTO_TEST_CASE(status_reports_counts_means_and_the_remaining_estimate) {
  lb::identification a(gaussian_study(3, "", 0.5));
  BOOST_TEST(!a.status().remaining_estimate.has_value());
  std::vector<double> r = {1.0, 0.0, 0.25};
  for (const auto& q : a.ask(6)) a.tell(q.id, r[q.arm]);  // two first rounds: arms 0, 1, 2, 0, 1, 2
  const auto st = a.status();
  BOOST_TEST(st.pulls == (std::vector<std::uint64_t>{2, 2, 2}), boost::test_tools::per_element());
  BOOST_TEST(st.means == (std::vector<double>{1.0, 0.0, 0.25}), boost::test_tools::per_element());
  BOOST_TEST(st.leader == 0u);
  BOOST_TEST(st.total_pulls == 6u);
  // T*((1, 0, 0.25), sigma 1/2) log(1/0.1) - 6, from characteristic_time_gaussian.
  const double t_star = lilucb::characteristic_time_gaussian(std::vector<double>{1.0, 0.0, 0.25}, 0.5).t_star;
  BOOST_REQUIRE(st.remaining_estimate.has_value());
  BOOST_TEST(*st.remaining_estimate == std::max(0.0, t_star * std::log(10.0) - 6), boost::test_tools::tolerance(1e-12));
}

// A study of unknown variance (Gaussian rewards whose standard deviations the rules may not read):
// its default method is t3c-ids-matched+glr-paired-t, certified by Proposition PT (GU is the other certified
// rule there); asked one at a time it makes
// run_combination's pulls with run_options::unknown_variance at the study's nominal sampling scale
// (arms of standard deviations 0.2, 2 and 0.5); status() gives each arm's sample standard deviation
// (two passes over the rewards told) and no T* estimate; the state keeps the flag without a sigma
// and a loaded study continues as the uninterrupted one; a sigma rule, a sigma, a non-Gaussian
// model and a reward beyond 1e75 are refused by name.
BOOST_AUTO_TEST_CASE(a_study_of_unknown_variance_runs_gu_and_reports_spreads) {
  lb::study_settings s;
  s.arms = 3;
  s.model = lb::reward_model::gaussian;
  s.unknown_variance = true;
  s.nu = 0.1;
  s.seed = 9;
  const lb::gaussian_arms arms(std::vector<double>{1.0, 0.2, 0.0}, std::vector<double>{0.2, 2.0, 0.5});
  for (const char* method : {"", "t3c-ids+glr-gu", "tas-d+glr-heuristic-ev"}) {
    BOOST_TEST_CONTEXT(method) {
      s.method = method;
      lb::identification study(s);
      const std::string name = *method ? method : "t3c-ids-matched+glr-paired-t";
      const bool practice = name == "tas-d+glr-heuristic-ev";
      BOOST_TEST(study.method() == name);
      BOOST_TEST(study.rule_certified() == !practice);
      std::vector<std::vector<double>> told(3);
      std::uint64_t t = 0;
      for (; t < 2'000'000 && !study.done(); ++t) {
        const auto a = study.ask();
        const double r = arms.sample(a.arm, study.random_stream());
        told[a.arm].push_back(r);
        BOOST_REQUIRE(study.tell(a.id, r));
      }
      lb::run_options opts;
      opts.nu = s.nu;
      opts.sigma = lb::unknown_variance_sampling_sigma;
      opts.unknown_variance = true;
      opts.seed = s.seed;
      const auto run = lb::run_combination(lb::parse_combination(name), arms, opts);
      BOOST_TEST(study.done());
      const auto st = study.status();
      BOOST_TEST(st.pulls == run.run.counts, boost::test_tools::per_element());
      BOOST_TEST(study.answer().best_arm == run.run.best_arm);
      BOOST_TEST(study.answer().best_arm == 0u);
      BOOST_TEST(study.answer().certified == run.certified);
      if (!practice)
        BOOST_TEST(study.answer().certificate.find(*method ? "Proposition GU" : "Proposition PT") != std::string::npos);
      BOOST_REQUIRE(st.sds.size() == 3u);
      // The estimate: T* of unknown variances at the means and sample sds, times log(1/nu), minus
      // the pulls told; its range around it.
      BOOST_REQUIRE(st.remaining_estimate.has_value());
      const double t_star = lilucb::characteristic_time_gaussian_unknown_variance(st.means, st.sds).t_star;
      BOOST_TEST(*st.remaining_estimate == std::max(0.0, t_star * std::log(1 / s.nu) - static_cast<double>(st.total_pulls)),
                 boost::test_tools::tolerance(1e-12));
      BOOST_REQUIRE(st.remaining_low.has_value());
      BOOST_TEST(*st.remaining_low <= *st.remaining_estimate);
      if (st.remaining_high) BOOST_TEST(*st.remaining_high >= *st.remaining_estimate);
      for (std::size_t i = 0; i < 3; ++i) {
        const auto& x = told[i];
        double mean = 0, ss = 0;
        for (double v : x) mean += v;
        mean /= static_cast<double>(x.size());
        for (double v : x) ss += (v - mean) * (v - mean);
        BOOST_TEST(st.sds[i] == std::sqrt(ss / static_cast<double>(x.size() - 1)), boost::test_tools::tolerance(1e-9));
      }
    }
  }
  // The state: the flag, no sigma; a loaded study continues as the uninterrupted one.
  s.method.clear();
  lb::identification a(s);
  lb::normal_stream gen(4, 0);
  for (int k = 0; k < 40; ++k) {
    const auto q = a.ask();
    a.tell(q.id, arms.sample(q.arm, gen));
  }
  const auto j = nlohmann::json::parse(a.to_json());
  BOOST_TEST(j.dump().find("\"unknown_variance\":true") != std::string::npos);
  BOOST_TEST(j.dump().find("\"sigma\"") == std::string::npos);
  auto b = lb::identification::from_json(a.to_json());
  BOOST_TEST(b.settings().unknown_variance);
  BOOST_TEST(b.status().sds == a.status().sds, boost::test_tools::per_element());
  for (int k = 0; k < 200 && !a.done(); ++k) {
    const auto x = a.ask(), y = b.ask();
    BOOST_REQUIRE_EQUAL(x.arm, y.arm);
    const double r = arms.sample(x.arm, gen);
    a.tell(x.id, r);
    b.tell(y.id, r);
  }
  BOOST_TEST(b.history().head == a.history().head);
  // The state's flag is checked: with a sigma beside it, false, or in a bernoulli study, refused.
  const std::string text = a.to_json();
  for (const auto& [from, to] : std::vector<std::pair<std::string, std::string>>{
           {"\"unknown_variance\":true", "\"unknown_variance\":true,\"sigma\":1.0"},
           {"\"unknown_variance\":true", "\"unknown_variance\":false"},
           {"\"model\":\"gaussian\"", "\"model\":\"bernoulli\""}}) {
    std::string edited = text;
    const auto at = edited.find(from);
    BOOST_REQUIRE(at != std::string::npos);
    edited.replace(at, from.size(), to);
    try {
      (void)lb::identification::from_json(edited);
      BOOST_ERROR("an edited flag accepted: " + to);
    } catch (const lilucb::domain_error& e) {
      BOOST_TEST(std::string(e.what()).find("unknown_variance") != std::string::npos, e.what());
    }
  }
  // expire: a fixed reward is not a Gaussian draw; with every outcome given it closes the window.
  lb::identification w(s);
  const auto asks = w.ask(3);
  const std::string w_before = w.to_json();
  try {
    (void)w.expire(asks[2].id);
    BOOST_ERROR("expire with default rewards accepted in a study of unknown variance");
  } catch (const lilucb::domain_error& e) {
    BOOST_TEST(e.parameter() == "outcomes");
  }
  BOOST_TEST(w.to_json() == w_before);
  std::vector<lb::study_outcome> got;
  for (const auto& q : asks) got.push_back({q.id, 0.25 * static_cast<double>(q.id), q.arm});
  BOOST_TEST(w.expire(asks[2].id, 0.0, got) == 3u);
  // A top-m question: Proposition TM-T by default (lucb-glr+glr-paired-t), the same pulls and set
  // as the run of that combination, with evidence for every arm left out; the practice answers too.
  auto top = s;
  top.arms = 4;
  top.target.top = 2;
  const lb::gaussian_arms four(std::vector<double>{1.0, 0.0, 0.8, -0.5}, std::vector<double>{0.2, 2.0, 0.5, 1.0});
  for (const char* method : {"", "lucb-glr+glr-heuristic-ev"}) {
    BOOST_TEST_CONTEXT(method) {
      top.method = method;
      lb::identification study(top);
      const std::string name = *method ? method : "lucb-glr+glr-paired-t";
      BOOST_TEST(study.method() == name);
      BOOST_TEST(study.rule_certified() == !*method);
      drive_sequentially(study, four, 2'000'000);
      BOOST_REQUIRE(study.done());
      const auto ans = study.answer();
      BOOST_TEST(ans.answer_set == (std::vector<std::size_t>{0, 2}));
      if (!*method) BOOST_TEST(ans.certificate.find("Proposition TM-T") != std::string::npos, ans.certificate);
      BOOST_TEST(ans.evidence.size() == 2u);  // arms 1 and 3, each against its weakest pair
      for (const auto& e : ans.evidence) BOOST_TEST(e.statistic >= e.threshold);
      lb::combination c = lb::parse_combination(name);
      c.target = top.target;
      lb::run_options o;
      o.nu = top.nu;
      o.sigma = lb::unknown_variance_sampling_sigma;
      o.unknown_variance = true;
      o.seed = top.seed;
      const auto run = lb::run_combination(c, four, o);
      BOOST_TEST(run.run.pulls == study.status().total_pulls);
      BOOST_TEST(run.run.answer_set == ans.answer_set);
    }
  }
  // A known-sigma study reports no spreads.
  BOOST_TEST(lb::identification(gaussian_study(3, "")).status().sds.empty());
  // Refusals, by name.
  const auto refused = [](lb::study_settings bad, const std::string& parameter) {
    try {
      lb::identification x(bad);
      BOOST_ERROR("accepted; expected a refusal naming " + parameter);
    } catch (const lilucb::domain_error& e) {
      BOOST_TEST(e.parameter() == parameter);
    }
  };
  auto bad = s;
  bad.sigma = 0.5;
  refused(bad, "sigma");
  bad = s;
  bad.method = "t3c-ids+glr-pooled-per-arm";  // its threshold reads sigma
  refused(bad, "threshold");
  bad = s;
  bad.model = lb::reward_model::bernoulli;
  refused(bad, "unknown_variance");
  lb::identification c(s);
  const auto q = c.ask();
  BOOST_CHECK_THROW(c.tell(q.id, 2e75), lilucb::domain_error);
  BOOST_TEST(c.tell(q.id, -1e75));
  // The model's own name (reward_model::gaussian_unknown_variance) is the same study: the same
  // settings read back, the same state text and the same asks.
  auto named = s;
  named.model = lb::reward_model::gaussian_unknown_variance;
  named.unknown_variance = false;
  lb::identification d(named), e(s);
  BOOST_TEST((d.settings().model == lb::reward_model::gaussian));
  BOOST_TEST(d.settings().unknown_variance);
  BOOST_TEST(d.method() == "t3c-ids-matched+glr-paired-t");
  lb::normal_stream rewards(5, 0);
  for (int k = 0; k < 60; ++k) {
    const auto x = d.ask(), y = e.ask();
    BOOST_REQUIRE_EQUAL(x.arm, y.arm);
    const double r = arms.sample(x.arm, rewards);
    d.tell(x.id, r);
    e.tell(y.id, r);
  }
  BOOST_TEST(d.to_json() == e.to_json());
  named.target.top = 2;  // by the model's name too: Proposition TM-T
  BOOST_TEST(lb::identification(named).method() == "lucb-glr+glr-paired-t");
  named.target.top = 3;  // m = K
  refused(named, "top");
}

BOOST_AUTO_TEST_CASE(one_arm_is_answered_at_once) {
  lb::identification a(gaussian_study(1, ""));
  BOOST_TEST(a.done());
  BOOST_TEST(a.answer().best_arm == 0u);
  BOOST_CHECK_THROW(a.ask(), lilucb::domain_error);
}

BOOST_AUTO_TEST_CASE(settings_outside_their_domain_are_refused_by_name) {
  const auto refused = [](lb::study_settings s, const char* parameter) {
    try {
      lb::identification a(std::move(s));
    } catch (const lilucb::domain_error& e) {
      return std::string(e.parameter()) == parameter;
    }
    return false;
  };
  auto s = gaussian_study(3, "");
  s.arms = 0;
  BOOST_TEST(refused(s, "arms"));
  s = gaussian_study(3, "");
  s.nu = 1;
  BOOST_TEST(refused(s, "nu"));
  s.nu = std::nan("");
  BOOST_TEST(refused(s, "nu"));
  s = gaussian_study(3, "", 0);
  BOOST_TEST(refused(s, "sigma"));
  s = gaussian_study(3, "", HUGE_VAL);
  BOOST_TEST(refused(s, "sigma"));
  s = gaussian_study(3, "");
  s.names = {"a", "b"};
  BOOST_TEST(refused(s, "names"));
  s.names = {"a", "b", "a"};
  BOOST_TEST(refused(s, "names"));
  s.names = {"a", "", "c"};
  BOOST_TEST(refused(s, "names"));
  s = gaussian_study(3, "lilucb-heuristic");
  BOOST_TEST(refused(s, "method"));
  s = gaussian_study(3, "lilucb+lilucb");
  BOOST_TEST(refused(s, "method"));
  s = gaussian_study(3, "t3c+glr-nonsense");
  BOOST_TEST(refused(s, "threshold"));
  s = gaussian_study(3, "kl-lucb+glr-pooled");  // kl-lucb needs Bernoulli arms
  BOOST_TEST(refused(s, "sampling"));
  s = gaussian_study(3, "");
  s.model = lb::reward_model::bounded;
  s.lo = 2;
  s.hi = 1;
  BOOST_TEST(refused(s, "range"));
  s.model = lb::reward_model::bernoulli;
  s.method = "t3c+glr-kk21";  // kk21 is for Gaussian arms
  BOOST_TEST(refused(s, "threshold"));
  BOOST_CHECK_THROW(lb::parse_reward_model("test", "model", "poisson"), lilucb::domain_error);
}

// The history: the head digest moves with every event and survives save/load; from_json with the
// last history written refuses an older state, another study's settings and a different history.
BOOST_AUTO_TEST_CASE(the_history_chain_and_rollbacks) {
  lb::identification a(gaussian_study(3, "", 1.0));
  std::set<std::string> heads{a.history().head};
  BOOST_TEST(a.history().events == 0u);
  BOOST_TEST(a.history().head == a.history().settings);  // the chain starts at the settings' digest
  for (const auto& q : a.ask(4)) {
    a.tell(q.id, 0.25 * static_cast<double>(q.arm));
    heads.insert(a.history().head);
  }
  BOOST_TEST(a.history().events == 8u);
  BOOST_TEST(heads.size() == 5u);  // a new head after every tell (the asks' heads are not collected)
  const std::string older = a.to_json();
  const auto written = a.history();
  const auto loaded = lb::identification::from_json(older, written);
  BOOST_TEST(loaded.history().head == written.head);
  BOOST_TEST(loaded.history().settings == written.settings);
  a.tell_arm(0, 0.5);  // a pull with no ask in flight
  const auto later = a.history();
  const auto refused_with = [&](const std::string& text, const lb::study_history& h, const std::string& says) {
    try {
      lb::identification::from_json(text, h);
    } catch (const lilucb::domain_error& e) {
      return e.parameter() == "state" && std::string(e.value()).find(says) != std::string::npos;
    }
    return false;
  };
  BOOST_TEST(refused_with(older, later, "an older state"));
  auto other = written;
  other.head[0] = other.head[0] == 'a' ? 'b' : 'a';
  BOOST_TEST(refused_with(older, other, "differs from the one written before"));
  auto another_study = written;
  another_study.settings = lb::identification(gaussian_study(3, "", 2.0)).history().settings;
  BOOST_TEST(refused_with(older, another_study, "settings"));
  BOOST_CHECK_NO_THROW(lb::identification::from_json(a.to_json(), written));  // a longer history that extends it
}

// A version-1 state (no chain) still loads and continues as the study that wrote it.
BOOST_AUTO_TEST_CASE(a_version_1_state_loads) {
  lb::identification a(gaussian_study(3, "", 1.0));
  for (const auto& q : a.ask(5)) a.tell(q.id, 0.1 * static_cast<double>(q.id));
  std::string v1 = a.to_json();
  const auto chain = v1.find(",\"chain\":");
  const auto end = v1.find('}', chain);
  v1.erase(chain, end + 1 - chain);
  v1.replace(v1.find("\"version\":2"), 11, "\"version\":1");
  auto b = lb::identification::from_json(v1);
  BOOST_TEST(b.history().head == a.history().head);
  BOOST_TEST(b.ask().arm == a.ask().arm);
}

// tell_many is the tells one by one, and a refused batch changes nothing.
BOOST_AUTO_TEST_CASE(tell_many_is_tell_in_order) {
  lb::identification a(gaussian_study(4, "", 1.0)), b(gaussian_study(4, "", 1.0));
  const auto qa = a.ask(12);
  b.ask(12);
  std::vector<std::uint64_t> ids;
  std::vector<std::size_t> arms;
  std::vector<double> rewards;
  for (std::size_t k = 12; k-- > 0;) {  // told in reverse, one id twice
    ids.push_back(qa[k].id);
    arms.push_back(qa[k].arm);
    rewards.push_back(0.1 * static_cast<double>(k));
  }
  ids.push_back(qa[3].id);
  arms.push_back(qa[3].arm);
  rewards.push_back(7.0);
  std::size_t counted = 0;
  for (std::size_t k = 0; k < ids.size(); ++k) counted += a.tell(ids[k], arms[k], rewards[k]);
  const std::string before = b.to_json();
  auto bad = rewards;
  bad[5] = std::nan("");
  BOOST_CHECK_THROW(b.tell_many(ids, arms, bad), lilucb::domain_error);
  auto wrong_arm = arms;
  wrong_arm[2] = (wrong_arm[2] + 1) % 4;
  BOOST_CHECK_THROW(b.tell_many(ids, wrong_arm, rewards), lilucb::domain_error);
  BOOST_TEST(b.to_json() == before);
  BOOST_TEST(b.tell_many(ids, arms, rewards) == counted);
  BOOST_TEST(counted == 12u);
  BOOST_TEST(b.to_json() == a.to_json());
}

// Tells with ids and tells of an arm's oldest ask never mix for asked pulls: one pull is never
// counted twice.  A pull with no ask in flight is always taken.
BOOST_AUTO_TEST_CASE(ids_and_id_less_tells_do_not_mix) {
  lb::identification a(gaussian_study(2, "", 1.0));
  const auto q = a.ask(4);  // arms 0, 1, 0, 1
  BOOST_TEST(a.tell(q[0].id, 0.1));
  const std::string before = a.to_json();
  BOOST_CHECK_THROW(a.tell_arm(q[2].arm, 0.2), lilucb::domain_error);  // arm 0 has ask 2 in flight
  BOOST_TEST(a.to_json() == before);
  lb::identification b(gaussian_study(2, "", 1.0));
  const auto r = b.ask(4);
  b.tell_arm(0, 0.1);  // counted for ask 0, the oldest of arm 0
  const std::string b_before = b.to_json();
  BOOST_CHECK_THROW(b.tell(r[2].id, 0.2), lilucb::domain_error);  // ask 2 is in flight
  BOOST_TEST(!b.tell(r[0].id, 0.2));                                 // ask 0 was counted: ignored
  BOOST_TEST(b.to_json() == b_before);
  b.tell_arm(0, 0.2);
  b.tell_arm(1, 0.3);
  b.tell_arm(1, 0.4);
  b.tell_arm(1, 0.5);  // no ask of arm 1 in flight: a pull the user chose
  BOOST_TEST(b.status().total_pulls == 5u);
  auto c = lb::identification::from_json(b.to_json());  // the 'u' events replay
  BOOST_TEST(c.history().head == b.history().head);
}

// Rewards and scales that would leave the doubles are refused; names that would break the line
// protocol are refused.
BOOST_AUTO_TEST_CASE(the_numeric_domain_and_names) {
  auto s = gaussian_study(2, "", 1.0);
  for (double sigma : {4.9e-324, 1e-131, 1e131, 1e308}) {
    s.sigma = sigma;
    BOOST_CHECK_THROW(lb::identification{s}, lilucb::domain_error);
  }
  s.sigma = 2.0;
  lb::identification a(s);
  BOOST_CHECK_THROW(a.tell_arm(0, 2.1e15), lilucb::domain_error);
  BOOST_CHECK_NO_THROW(a.tell_arm(0, 2e15));
  for (const char* name : {"a\nb", "a,b", "", "\x7f", "\xc3\x28", "\xed\xa0\x80", "\xc2\x85"}) {
    auto n = gaussian_study(2, "", 1.0);
    n.names = {name, "z"};
    BOOST_CHECK_THROW(lb::identification{n}, lilucb::domain_error);
  }
  auto ok = gaussian_study(2, "", 1.0);
  ok.names = {"caf\xc3\xa9", "\xe2\x82\xac 1"};
  BOOST_CHECK_NO_THROW(lb::identification{ok});
}

// ---- snapshot and journal --------------------------------------------------------------------

namespace {

/// A study's two files as `lilucb study` keeps them (cmd_study.cpp's save and load, written from
/// docs/live-study.md): the snapshot, the journal, and the journal bytes the snapshot covers.
struct study_files {
  std::string snapshot, journal;
  std::uint64_t covered = 0;
  std::uint64_t compaction = 2000;  // small, so that a test rewrites the snapshot often

  explicit study_files(lb::identification& fresh) : snapshot(fresh.snapshot(0)) {}
  /// The study as a command loads it: the snapshot and the journal from its needed_from byte.
  lb::identification load(bool full_replay = false) const {
    const auto link = lb::identification::snapshot_link(snapshot);
    const std::uint64_t from = full_replay ? 0 : link.needed_from;
    return lb::identification::open(snapshot, std::string_view(journal).substr(from), from, std::nullopt, full_replay);
  }
  /// Commits a loaded study's new events: its record appended at journal_end() (a torn tail cut),
  /// and a new snapshot once the journal has grown by `compaction` bytes since the last.
  void commit(lb::identification& study) {
    const std::string record = study.take_journal_record();
    if (record.empty()) return;
    journal.resize(study.journal_end());
    journal += record;
    if (journal.size() - covered >= compaction) {
      snapshot = study.snapshot(journal.size());
      covered = journal.size();
    }
  }
};

lb::study_settings study_of(lb::reward_model model, const std::string& method, bool unknown_variance = false) {
  lb::study_settings s;
  s.arms = 4;
  s.model = model;
  s.sigma = unknown_variance ? 0.0 : 1.0;
  s.unknown_variance = unknown_variance;
  s.lo = -2;
  s.hi = 2;
  s.nu = 0.05;
  s.method = method;
  s.seed = 17;
  return s;
}

/// A reward of the world where arm i has mean 1 - 0.6 i (Bernoulli: rate 0.8 - 0.2 i; bounded:
/// clamped to the study's range [-2, 2]), drawn from gen.
double reward_of(lb::reward_model model, std::size_t arm, std::mt19937_64& gen) {
  const double mean = 1.0 - 0.6 * static_cast<double>(arm);
  switch (model) {
    case lb::reward_model::bernoulli: return std::bernoulli_distribution(0.8 - 0.2 * static_cast<double>(arm))(gen) ? 1.0 : 0.0;
    case lb::reward_model::bounded: return std::clamp(std::normal_distribution<double>(mean, 1.0)(gen), -2.0, 2.0);
    default: break;  // gaussian
  }
  return std::normal_distribution<double>(mean, 1.0)(gen);
}

using test_study::snapshot_split;

/// Whether call() throws lilucb::domain_error naming "state" with a message containing `says`.
bool refused_saying(const std::function<void()>& call, const std::string& says) {
  try {
    call();
  } catch (const lilucb::domain_error& e) {
    BOOST_TEST_MESSAGE(e.what());
    return e.parameter() == "state" && std::string(e.value()).find(says) != std::string::npos;
  }
  return false;
}

}  // namespace

// An attribution window's deadline: expire(through, r) is tell(id, r) for every ask in flight with
// id <= through, in id order; a later tell of an expired id is a retry; a refused call changes nothing.
BOOST_AUTO_TEST_CASE(expire_tells_the_asks_in_flight_up_to_an_id_in_order) {
  auto bern = study_of(lb::reward_model::bernoulli, "");
  lb::identification a(bern), b(bern);
  const auto q = a.ask(8);
  b.ask(8);
  BOOST_TEST(a.tell(q[1].id, 1.0));
  BOOST_TEST(b.tell(q[1].id, 1.0));
  BOOST_TEST(a.expire(q[4].id) == 4u);  // ids 0, 2, 3, 4
  for (std::size_t k : {0u, 2u, 3u, 4u}) BOOST_TEST(b.tell(q[k].id, 0.0));
  BOOST_TEST(a.history().head == b.history().head);
  BOOST_TEST(a.status().total_pending == 3u);
  BOOST_TEST(!a.tell(q[2].id, 1.0));  // a conversion after its deadline: a retry, ignored
  BOOST_TEST(a.expire(q[4].id) == 0u);  // nothing left in flight up to that id
  // Out of the model's range: refused, nothing changed.
  const std::string before = a.to_json();
  BOOST_CHECK_THROW(a.expire(q[7].id, 0.5), lilucb::domain_error);
  BOOST_CHECK_THROW(a.expire(q[7].id, std::nan("")), lilucb::domain_error);
  BOOST_TEST(a.to_json() == before);
  BOOST_TEST(a.expire(std::numeric_limits<std::uint64_t>::max(), 1.0) == 3u);  // every ask left
  BOOST_TEST(a.status().total_pending == 0u);
  // A study whose asked pulls were told without ids: refused before anything is counted.
  lb::identification c(bern);
  c.ask(4);
  c.tell_arm(0, 1.0);
  const std::string c_before = c.to_json();
  BOOST_CHECK_THROW(c.expire(3), lilucb::domain_error);
  BOOST_TEST(c.to_json() == c_before);
  // The events are ordinary tells: a reload replays them.
  auto d = lb::identification::from_json(a.to_json());
  BOOST_TEST(d.history().head == a.history().head);
  // Outcomes received for the window are told in id order with the rest: the same history as the
  // tells one by one in id order.
  lb::identification e(bern), f(bern);
  const auto r = e.ask(8);
  f.ask(8);
  const std::vector<lb::study_outcome> got = {{r[5].id, 1.0, r[5].arm}, {r[2].id, 1.0, std::nullopt}};
  BOOST_TEST(e.expire(r[5].id, 0.0, got) == 6u);
  for (std::size_t k = 0; k <= 5; ++k) BOOST_TEST(f.tell(r[k].id, k == 2 || k == 5 ? 1.0 : 0.0));
  BOOST_TEST(e.history().head == f.history().head);
  // Refused before anything is counted: an outcome past the window, of a closed pull, twice, of
  // another arm, out of range.
  const std::string e_before = e.to_json();
  const std::vector<std::vector<lb::study_outcome>> bad = {
      {{r[7].id, 1.0, std::nullopt}},
      {{r[2].id, 1.0, std::nullopt}},
      {{r[6].id, 1.0, std::nullopt}, {r[6].id, 0.0, std::nullopt}},
      {{r[6].id, 1.0, (r[6].arm + 1) % 4}},
      {{r[6].id, 0.5, std::nullopt}}};
  for (const auto& b : bad) BOOST_CHECK_THROW(e.expire(r[6].id, 0.0, b), lilucb::domain_error);
  BOOST_TEST(e.to_json() == e_before);
}

// A study loaded from its files before every command (as `lilucb study` runs) makes the asks of
// the study that never stopped, pull for pull, and reaches its history and answer; so does the
// whole journal replayed from the settings (verify).  For rules with a saved state (the snapshot
// holds them: only the journal's tail is replayed) and without (the whole journal is).
BOOST_AUTO_TEST_CASE(a_study_reopened_from_its_snapshot_and_journal_continues_as_the_uninterrupted_one) {
  struct method_case {
    lb::reward_model model;
    const char* method;
    bool holds_rules;
    bool unknown_variance = false;
  };
  const method_case cases[] = {
      {lb::reward_model::gaussian, "t3c-ids+glr-pooled-per-arm", true},
      {lb::reward_model::gaussian, "ttts+glr-pooled", true},
      {lb::reward_model::gaussian, "eb-tci+glr-pooled-per-arm", true},
      {lb::reward_model::gaussian, "uniform+glr-pooled-per-arm", true},
      {lb::reward_model::bernoulli, "t3c-ids+glr-pooled-kl", true},
      {lb::reward_model::bounded, "t3c-ids+glr-pooled-eb", true},
      {lb::reward_model::bounded, "t3c-ids+glr-pooled-betting", true},
      {lb::reward_model::bounded, "t3c-ids-matched+glr-pooled-betting", true},
      {lb::reward_model::bernoulli, "t3c-ids-matched+glr-pooled-kl", true},
      {lb::reward_model::gaussian, "tas-d+glr-kk21", false},
      {lb::reward_model::gaussian, "lucb1+ls", false},
      {lb::reward_model::gaussian, "t3c-ids+glr-gu", false, true},
      {lb::reward_model::gaussian, "t3c-ids+glr-paired-t", false, true},
      {lb::reward_model::gaussian, "t3c-ids-matched+glr-paired-t", false, true},
      {lb::reward_model::gaussian, "lucb-glr+glr-paired-t", false, true},
      {lb::reward_model::gaussian, "tas-d+glr-heuristic-ev", false, true},
  };
  for (const auto& c : cases) {
    BOOST_TEST_CONTEXT(c.method) {
      lb::identification uninterrupted(study_of(c.model, c.method, c.unknown_variance));
      lb::identification fresh(study_of(c.model, c.method, c.unknown_variance));
      BOOST_TEST(fresh.snapshot_holds_rules() == c.holds_rules);
      study_files files(fresh);
      std::mt19937_64 gen(3), order(5);
      std::vector<lb::study_ask> flying;
      std::uint64_t snapshots = 0;
      for (int command = 0; command < 5000 && !uninterrupted.done(); ++command) {
        auto study = files.load();
        BOOST_REQUIRE(study.history().head == uninterrupted.history().head);
        if (flying.size() < 12 && order() % 2 == 0) {
          const std::size_t m = 1 + order() % 6;
          const auto x = uninterrupted.ask(m), y = study.ask(m);
          for (std::size_t k = 0; k < m; ++k) {
            BOOST_REQUIRE_EQUAL(x[k].id, y[k].id);
            BOOST_REQUIRE_EQUAL(x[k].arm, y[k].arm);
          }
          flying.insert(flying.end(), x.begin(), x.end());
        } else if (!flying.empty()) {
          std::shuffle(flying.begin(), flying.end(), order);
          const std::size_t told = 1 + order() % flying.size();
          for (std::size_t k = 0; k < told; ++k) {
            const double r = reward_of(c.model, flying[k].arm, gen);
            BOOST_REQUIRE_EQUAL(uninterrupted.tell(flying[k].id, flying[k].arm, r), study.tell(flying[k].id, flying[k].arm, r));
          }
          // A retried tell (the command's last reward told again) counts once.
          BOOST_TEST(!study.tell(flying[told - 1].id, flying[told - 1].arm, 0.0));
          flying.erase(flying.begin(), flying.begin() + static_cast<std::ptrdiff_t>(told));
        }
        const std::string before = files.snapshot;
        files.commit(study);
        snapshots += files.snapshot != before;
        BOOST_REQUIRE_EQUAL(study.done(), uninterrupted.done());
      }
      BOOST_TEST(uninterrupted.done());
      BOOST_TEST(snapshots >= 2u);  // compacted along the way
      const auto last = files.load(), replayed = files.load(true);
      BOOST_TEST(last.history().head == uninterrupted.history().head);
      BOOST_TEST(last.history().events == uninterrupted.history().events);
      BOOST_TEST(replayed.history().head == uninterrupted.history().head);
      auto a = uninterrupted.answer(), b = files.load().answer();
      BOOST_TEST(a.done == b.done);
      BOOST_TEST(a.best_arm == b.best_arm);
      BOOST_TEST(a.certified == b.certified);
      BOOST_TEST(a.evidence.size() == b.evidence.size());
      for (std::size_t k = 0; k < std::min(a.evidence.size(), b.evidence.size()); ++k) {
        BOOST_TEST(a.evidence[k].arm == b.evidence[k].arm);
        BOOST_TEST(a.evidence[k].statistic == b.evidence[k].statistic);
      }
      BOOST_TEST(files.load().status().pulls == uninterrupted.status().pulls, boost::test_tools::per_element());
      // The state reached through the files is the uninterrupted study's, byte for byte.
      uninterrupted.take_journal_record();
      BOOST_TEST((files.load().snapshot(files.journal.size()) == uninterrupted.snapshot(files.journal.size())));
    }
  }
}

// answer() and status() change nothing a snapshot holds: a study asked for its answer after every
// command writes the snapshot a replay of its events reaches (verify compares them byte for byte).
BOOST_AUTO_TEST_CASE(answer_and_status_leave_the_snapshot_as_the_replay_makes_it) {
  for (const char* method : {"t3c-ids+glr-pooled-per-arm", "ttts+glr-pooled", "uniform+glr-pooled-per-arm"}) {
    BOOST_TEST_CONTEXT(method) {
      lb::identification watched(study_of(lb::reward_model::gaussian, method)), quiet(study_of(lb::reward_model::gaussian, method));
      std::mt19937_64 gen(8);
      for (int round = 0; round < 60 && !quiet.done(); ++round) {
        const auto q = quiet.ask(3);
        watched.ask(3);
        for (const auto& x : q) {
          const double r = reward_of(lb::reward_model::gaussian, x.arm, gen);
          quiet.tell(x.id, r);
          watched.tell(x.id, r);
          watched.answer();
          watched.status();
        }
      }
      const std::string record = quiet.take_journal_record();
      BOOST_TEST(watched.take_journal_record() == record);
      BOOST_TEST((watched.snapshot(record.size()) == quiet.snapshot(record.size())));
      study_files files(quiet);
      files.snapshot = watched.snapshot(record.size());
      files.journal = record;
      BOOST_CHECK_NO_THROW(files.load(true));  // verify's comparison with the replay
    }
  }
}

// Each kind of damage or edit is refused, saying what differs (the messages name the part).
BOOST_AUTO_TEST_CASE(a_tampered_snapshot_or_journal_is_refused_saying_what_differs) {
  lb::identification fresh(study_of(lb::reward_model::gaussian, ""));
  study_files files(fresh);
  files.compaction = 600;
  std::mt19937_64 gen(1);
  for (int command = 0; command < 12; ++command) {
    auto study = files.load();
    for (const auto& q : study.ask(3)) study.tell(q.id, q.arm, reward_of(lb::reward_model::gaussian, q.arm, gen));
    files.commit(study);
  }
  auto last = files.load();
  last.ask(2);  // a tail after the snapshot, with asks in flight
  files.commit(last);
  BOOST_REQUIRE(files.covered > 0);
  BOOST_REQUIRE(files.covered < files.journal.size());
  const study_files good = files;
  const auto head = good.load().history().head;
  const auto open_with = [&](const std::string& snapshot, const std::string& journal, bool full_replay = false) {
    return [=] {
      study_files f = good;
      f.snapshot = snapshot;
      f.journal = journal;
      f.load(full_replay);
    };
  };
  BOOST_TEST(refused_saying(open_with("", good.journal), "not a study snapshot"));
  BOOST_TEST(refused_saying([&] { lb::identification::snapshot_link("{\"format\":\"lilucb-study\"}"); }, "not a study snapshot"));
  BOOST_TEST(refused_saying(open_with(good.snapshot.substr(0, 40), good.journal), "header"));

  // The header: an edited field without the digest; edited statistics with the digest recomputed.
  {
    std::string t = good.snapshot;
    t.replace(t.find("\"pulls\":[") + 9, 1, "9");
    BOOST_TEST(refused_saying(open_with(t, good.journal), "does not match its digest"));
    snapshot_split s(good.snapshot);
    s.header["statistics"]["pulls"][0] = s.header["statistics"]["pulls"][0].get<std::uint64_t>() + 1;
    BOOST_TEST(refused_saying(open_with(s.resealed(), good.journal), "statistics"));
    snapshot_split n(good.snapshot);
    n.header["seed"] = 18;
    BOOST_TEST(refused_saying(open_with(n.resealed(), good.journal), "an edited setting"));
    snapshot_split e(good.snapshot);
    e.header["chain"]["events"] = e.header["chain"]["events"].get<std::uint64_t>() - 1;
    BOOST_TEST(refused_saying(open_with(e.resealed(), good.journal), "does not end at the snapshot's event"));
    snapshot_split k(good.snapshot);
    k.header["extra"] = 1;
    BOOST_TEST(refused_saying(open_with(k.resealed(), good.journal), "a key \"extra\""));
  }
  // The binary state: a flipped byte, a cut one, one byte more; a consistent edit (sum of arm 0,
  // in the state and the header, resealed) loads, and verify's replay refuses it.
  {
    snapshot_split s(good.snapshot);
    std::string flipped = good.snapshot;
    flipped[flipped.size() - 5] ^= 0x10;
    BOOST_TEST(refused_saying(open_with(flipped, good.journal), "does not match its check"));
    BOOST_TEST(refused_saying(open_with(good.snapshot.substr(0, good.snapshot.size() - 3), good.journal), "bytes where its header says"));
    BOOST_TEST(refused_saying(open_with(good.snapshot + "x", good.journal), "bytes where its header says"));
    snapshot_split longer(good.snapshot);
    longer.state += "x";
    BOOST_TEST(refused_saying(open_with(longer.resealed(), good.journal), "bytes after its end"));
    snapshot_split shorter(good.snapshot);
    shorter.state.pop_back();
    BOOST_TEST(refused_saying(open_with(shorter.resealed(), good.journal), "does not load"));
    // arm_stats is first: its length (8 bytes), each arm's count, sum and compensation (8 each),
    // the total count (8).  Arm 0 told once more, in the state and in the header.
    const auto add_one = [&](std::size_t offset) {
      std::uint64_t n;
      std::memcpy(&n, s.state.data() + offset, 8);
      ++n;
      std::memcpy(s.state.data() + offset, &n, 8);
    };
    add_one(8);
    add_one(8 + 24 * 4);
    s.header["statistics"]["pulls"][0] = s.header["statistics"]["pulls"][0].get<std::uint64_t>() + 1;
    const std::string consistent = s.resealed();
    BOOST_CHECK_NO_THROW(open_with(consistent, good.journal)());  // trusted (docs/live-study.md)
    // The study's own fields, resealed: they end the state (before the study stops) with the first
    // round's next arm, the arms without a reward, the arm whose ask the sampling rule has not yet
    // observed (8 bytes each), then the flags done, told with ids, told without (1 byte each).
    const auto edited_tail = [&](std::size_t from_end, std::uint64_t value, std::size_t width) {
      snapshot_split e(good.snapshot);
      std::memcpy(e.state.data() + e.state.size() - from_end, &value, width);
      return e.resealed();
    };
    BOOST_TEST(refused_saying(open_with(edited_tail(3, 2, 1), good.journal), "a flag of value 2"));
    BOOST_TEST(refused_saying(open_with(edited_tail(11, 77, 8), good.journal), "asks do not fit together"));
    BOOST_TEST(refused_saying(open_with(edited_tail(19, 3, 8), good.journal), "first round"));
    BOOST_TEST(refused_saying(open_with(edited_tail(27, 9, 8), good.journal), "first round"));
    BOOST_TEST(refused_saying(open_with(consistent, good.journal, true), "differ from its state"));
  }
  // The journal: a reward edited in the tail, a record dropped or repeated, the record ending at
  // the snapshot edited, the journal cut below the snapshot, a complete line that is not a record.
  {
    const std::string tail = good.journal.substr(good.covered);
    const std::string before = good.journal.substr(0, good.covered);
    std::vector<std::string> lines;
    for (std::size_t k = 0; k < before.size();) {
      const auto nl = before.find('\n', k);
      lines.push_back(before.substr(k, nl + 1 - k));
      k = nl + 1;
    }
    BOOST_REQUIRE(lines.size() >= 3u);
    std::string edited_tail = tail;
    edited_tail.replace(edited_tail.find("\"arms\":[") + 8, 1, edited_tail[edited_tail.find("\"arms\":[") + 8] == '0' ? "1" : "0");
    BOOST_TEST(refused_saying(open_with(good.snapshot, before + edited_tail), "journal record at byte " + std::to_string(good.covered)));
    BOOST_TEST(refused_saying(open_with(good.snapshot, good.journal + tail), "a record dropped, repeated or edited"));
    std::string relinked = good.journal;
    relinked.replace(good.covered - 10, 4, relinked.substr(good.covered - 10, 4) == "0000" ? "1111" : "0000");
    BOOST_TEST(refused_saying(open_with(good.snapshot, relinked), "does not end at the snapshot's event"));
    BOOST_TEST(refused_saying(open_with(good.snapshot, before.substr(0, before.size() - 1)), "journal records dropped"));
    BOOST_TEST(refused_saying(open_with(good.snapshot, good.journal + "garbage\n"), "journal record at byte"));
    // verify replays from the first record: an edited old record is caught there, not by a load.
    std::string old = before;
    const auto r = old.find("\"rewards\":[") + 11;
    old.replace(r, 1, old[r] == '1' ? "2" : "1");
    BOOST_CHECK_NO_THROW(open_with(good.snapshot, old + tail)());
    BOOST_TEST(refused_saying(open_with(good.snapshot, old + tail, true), "journal record at byte 0"));
    std::string dropped;
    for (std::size_t k = 0; k < lines.size(); ++k)
      if (k != 1) dropped += lines[k];
    BOOST_TEST(refused_saying(open_with(good.snapshot, dropped + tail, true), "journal record"));
  }
  // The rollback check of the history last written (STATE.lock's record).
  {
    auto written = good.load().history();
    written.events += 1;
    BOOST_TEST(refused_saying(
        [&] { lb::identification::open(good.snapshot, good.journal, 0, written); }, "an older state"));
    written = good.load().history();
    written.head[0] = written.head[0] == 'a' ? 'b' : 'a';
    BOOST_TEST(refused_saying(
        [&] { lb::identification::open(good.snapshot, good.journal, 0, written); }, "differs from the one written before"));
  }
  BOOST_TEST(good.load().history().head == head);  // nothing above changed the files
}

// Every one-byte edit of a saved state, resealed (its check and digest recomputed, as an editor
// who knows the format can), is refused or loads into a study that asks, takes rewards and
// answers, never failing otherwise than by lilucb::domain_error: the rules check their saved indices and orders (state_is_valid:
// bandit/detail/state_archive.hpp), so an edited table cannot make them read out of bounds (the
// sanitizer pass runs this test under AddressSanitizer).  For each rule with a saved state; each
// rule refuses some edits as a state it cannot have.
// The window of asks in flight is checked on load word by word (whole words of 64 asks in flight
// counted in tallies): an arm edited inside a whole word, to another arm or past K, is refused.
BOOST_AUTO_TEST_CASE(an_arm_edited_inside_a_whole_word_of_asks_in_flight_is_refused) {
  lb::identification study(study_of(lb::reward_model::gaussian, "t3c-ids+glr-pooled-per-arm"));
  const auto asks = study.ask(640);  // ten whole words of asks in flight
  std::string arms;
  for (const auto& q : asks) arms.push_back(static_cast<char>(q.arm));
  const std::string journal = study.take_journal_record();
  const std::string good = study.snapshot(journal.size());
  const snapshot_split base(good);
  const std::size_t at = base.state.find(arms);
  BOOST_REQUIRE(at != std::string::npos);
  BOOST_REQUIRE(base.state.find(arms, at + 1) == std::string::npos);
  auto open_edit = [&](std::size_t offset, char arm) {
    snapshot_split e = base;
    e.state[at + offset] = arm;
    const std::string text = e.resealed();
    const std::uint64_t from = lb::identification::snapshot_link(text).needed_from;
    return lb::identification::open(text, std::string_view(journal).substr(from), from, std::nullopt, false);
  };
  BOOST_TEST(open_edit(0, arms[0]).status().total_pending == 640u);  // unedited: opens, every ask counted
  for (const std::size_t offset : {std::size_t{64 * 5 + 7}, std::size_t{64 * 9 + 63}}) {
    const char other = static_cast<char>((arms[offset] + 1) % 4);
    BOOST_CHECK_THROW(open_edit(offset, other), lilucb::domain_error);    // the counts per arm differ
    BOOST_CHECK_THROW(open_edit(offset, char{9}), lilucb::domain_error);  // an arm past K
  }
}

BOOST_AUTO_TEST_CASE(every_resealed_one_byte_edit_of_a_saved_state_is_refused_or_runs) {
  const std::pair<lb::reward_model, const char*> methods[] = {
      {lb::reward_model::gaussian, "t3c-ids+glr-pooled-per-arm"}, {lb::reward_model::gaussian, "ttts+glr-pooled"},
      {lb::reward_model::gaussian, "eb-tci+glr-pooled-per-arm"},  {lb::reward_model::gaussian, "uniform+glr-pooled-per-arm"},
      {lb::reward_model::bernoulli, "t3c-ids+glr-pooled-kl"},     {lb::reward_model::bounded, "t3c-ids+glr-pooled-eb"},
      {lb::reward_model::bounded, "t3c-ids+glr-pooled-betting"},  {lb::reward_model::bounded, "t3c-ids-matched+glr-pooled-betting"},
  };
  for (const auto& [model, method] : methods) {
    BOOST_TEST_CONTEXT(method) {
      lb::identification study(study_of(model, method));
      std::mt19937_64 gen(11);
      for (int round = 0; round < 10 && !study.done(); ++round)
        for (const auto& q : study.ask(3)) study.tell(q.id, q.arm, reward_of(model, q.arm, gen));
      BOOST_REQUIRE(!study.done());
      study.ask(2);  // asks in flight
      const std::string journal = study.take_journal_record();
      const std::string good = study.snapshot(journal.size());
      BOOST_REQUIRE(study.snapshot_holds_rules());
      const snapshot_split base(good);
      std::size_t refused = 0, invalid = 0, ran = 0, ran_to_a_refusal = 0;
      for (std::size_t at = 0; at < base.state.size(); ++at) {
        for (const unsigned char flip : {0x01, 0xff}) {
          snapshot_split e = base;
          e.state[at] = static_cast<char>(static_cast<unsigned char>(e.state[at]) ^ flip);
          const std::string text = e.resealed();
          std::optional<lb::identification> opened;
          try {
            const std::uint64_t from = lb::identification::snapshot_link(text).needed_from;
            opened.emplace(lb::identification::open(text, std::string_view(journal).substr(from), from, std::nullopt, false));
          } catch (const lilucb::domain_error& err) {
            ++refused;
            invalid += std::string(err.value()).find("cannot have") != std::string::npos;
            continue;
          }
          // A loaded state runs: asks, tells and answers, each refusing what its state does not
          // allow (an edited flag may say the study's rewards came without ids) as it documents.
          std::mt19937_64 rewards(at);
          try {
            for (int round = 0; round < 3 && !opened->done(); ++round)
              for (const auto& q : opened->ask(4)) opened->tell(q.id, q.arm, reward_of(model, q.arm, rewards));
            opened->answer();
            ++ran;
          } catch (const lilucb::domain_error&) {
            ++ran_to_a_refusal;
          }
        }
      }
      BOOST_TEST_MESSAGE(method << ": " << base.state.size() << " bytes; " << refused << " edits refused (" << invalid
                                << " as states the rules cannot have), " << ran << " ran, " << ran_to_a_refusal
                                << " ran to a documented refusal");
      BOOST_TEST(invalid > 0u);
      BOOST_TEST(refused + ran + ran_to_a_refusal == 2 * base.state.size());
    }
  }
}

// A kill during an append leaves a last line without its '\n': ignored by a load (the study is
// the one before the command), and cut by the next record (journal_end()).
BOOST_AUTO_TEST_CASE(a_torn_last_record_is_ignored_and_cut) {
  lb::identification fresh(study_of(lb::reward_model::gaussian, ""));
  study_files files(fresh);
  for (int command = 0; command < 4; ++command) {
    auto study = files.load();
    for (const auto& q : study.ask(2)) study.tell(q.id, 0.1 * static_cast<double>(q.arm));
    files.commit(study);
  }
  const study_files good = files;
  auto next = good.load();
  const auto q = next.ask();
  next.tell(q.id, 0.5);
  const std::string record = next.take_journal_record();
  for (const std::size_t cut : {std::size_t{1}, record.size() / 2, record.size() - 1}) {
    BOOST_TEST_CONTEXT("a record cut to " << cut << " of " << record.size() << " bytes") {
      files = good;
      files.journal = good.journal + record.substr(0, cut);
      auto study = files.load();
      BOOST_TEST(study.history().head == good.load().history().head);
      BOOST_TEST(study.journal_end() == good.journal.size());
      BOOST_TEST(files.load(true).history().head == good.load().history().head);
      const auto again = study.ask();  // the retried command
      BOOST_TEST(again.id == q.id);
      BOOST_TEST(again.arm == q.arm);
      BOOST_TEST(study.tell(again.id, 0.5));
      files.commit(study);
      BOOST_TEST(files.journal == good.journal + record);
      BOOST_TEST(files.load().history().head == next.history().head);
    }
  }
}

// A version-2 state (one JSON text) migrates as `lilucb study` does it: its events as one
// journal record, then a snapshot covering it; the study opened from them is the study itself.
BOOST_AUTO_TEST_CASE(a_version_2_state_migrates_to_a_snapshot_and_journal) {
  for (const char* method : {"t3c-ids+glr-pooled-per-arm", "tas-d+glr-kk21"}) {
    BOOST_TEST_CONTEXT(method) {
      lb::identification a(study_of(lb::reward_model::gaussian, method));
      std::mt19937_64 gen(4);
      const auto q = a.ask(9);
      for (std::size_t k = 0; k < 6; ++k) a.tell(q[k].id, reward_of(lb::reward_model::gaussian, q[k].arm, gen));
      auto loaded = lb::identification::from_json(a.to_json());
      const std::string record = loaded.take_journal_record();
      BOOST_TEST(std::count(record.begin(), record.end(), '\n') == 1);
      study_files files(loaded);
      files.snapshot = loaded.snapshot(record.size());
      files.journal = record;
      files.covered = record.size();
      BOOST_TEST(lb::identification::is_snapshot(files.snapshot));
      BOOST_TEST(!lb::identification::is_snapshot(a.to_json()));
      auto opened = files.load();
      BOOST_TEST(opened.history().head == a.history().head);
      BOOST_TEST(opened.history().events == a.history().events);
      BOOST_TEST(files.load(true).history().head == a.history().head);
      BOOST_CHECK_THROW(opened.to_json(), lilucb::domain_error);  // its events are in the journal
      for (std::size_t k = 6; k < 9; ++k) {
        const double r = reward_of(lb::reward_model::gaussian, q[k].arm, gen);
        BOOST_TEST(a.tell(q[k].id, r) == opened.tell(q[k].id, r));
      }
      for (int k = 0; k < 20 && !a.done(); ++k) {
        const auto x = a.ask(), y = opened.ask();
        BOOST_REQUIRE_EQUAL(x.arm, y.arm);
        const double r = reward_of(lb::reward_model::gaussian, x.arm, gen);
        a.tell(x.id, r);
        opened.tell(y.id, r);
      }
      BOOST_TEST(opened.history().head == a.history().head);
    }
  }
}

// tell(id, arm, reward) with the wrong arm: refused while the ask is in flight or among the last
// 65,536 asks, whether the study was made or opened from a snapshot; an older told ask returns
// false (not counted, as any retry).
BOOST_AUTO_TEST_CASE(a_retry_naming_another_arm_is_refused_within_the_recent_asks) {
  auto s = study_of(lb::reward_model::gaussian, "uniform+glr-pooled-per-arm");
  s.arms = 3;
  lb::identification a(s);
  const std::size_t n = 70000;
  const auto q = a.ask(n);
  std::vector<std::uint64_t> ids;
  std::vector<std::size_t> arms;
  for (const auto& x : q) {
    ids.push_back(x.id);
    arms.push_back(x.arm);
  }
  const std::vector<double> zeros(n, 0.0);  // equal means: the study never stops
  BOOST_TEST(a.tell_many(std::span(ids).first(n - 1), std::span(arms).first(n - 1), std::span(zeros).first(n - 1)) == n - 1);
  const auto wrong = [&](std::uint64_t id) { return (q[id].arm + 1) % 3; };
  const std::uint64_t recent = n - 65536;  // the oldest of the last 65,536 asks
  const std::string record = a.take_journal_record();
  study_files files(a);
  files.snapshot = a.snapshot(record.size());
  files.journal = record;
  files.covered = record.size();
  const auto check = [&](lb::identification& b) {
    BOOST_TEST(!b.tell(0, wrong(0), 0.0));  // long ago: a retry, not counted
    BOOST_TEST(!b.tell(recent - 1, wrong(recent - 1), 0.0));
    BOOST_CHECK_THROW(b.tell(recent, wrong(recent), 0.0), lilucb::domain_error);
    BOOST_CHECK_THROW(b.tell(n - 1, wrong(n - 1), 0.0), lilucb::domain_error);  // in flight
    BOOST_TEST(!b.tell(recent, q[recent].arm, 0.0));                            // the right arm: once
    BOOST_TEST(b.status().total_pulls == n - 1);
  };
  BOOST_TEST_CONTEXT("made") { check(a); }
  auto b = files.load();
  BOOST_TEST_CONTEXT("opened") { check(b); }
}

BOOST_AUTO_TEST_SUITE_END()  // identification
