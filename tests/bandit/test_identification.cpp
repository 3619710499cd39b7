// identification.hpp: the ask-tell study.
//   - asked one at a time, told before the next ask, with rewards drawn from the study's own
//     stream, a study makes run_combination's pulls (every sampling rule; certified and heuristic
//     stopping rules; Gaussian and Bernoulli arms);
//   - to_json/from_json at any point (batches in flight included) continues exactly as the
//     uninterrupted study: same asks, same answer; an edited state is refused;
//   - a tell repeated with the same id is counted once; a refused call changes nothing;
//   - ask(m) counts the pulls in flight: deterministic rules spread a batch;
//   - rewards told late and out of order;
//   - the domain of every argument.
#include <boost/test/unit_test.hpp>

#include "lilucb/bandit/compose.hpp"
#include "lilucb/bandit/identification.hpp"

#include <algorithm>
#include <random>
#include <set>
#include <string>
#include <vector>

// Every case of this file is in the suite identification (one executable holds the directory's files).
BOOST_AUTO_TEST_SUITE(identification)

namespace lb = lilucb::bandit;

namespace {

lb::study_settings gaussian_study(std::size_t K, const std::string& method, double sigma = 0.5, std::uint64_t seed = 7) {
  lb::study_settings s;
  s.arms = K;
  s.model = lb::study_model::gaussian;
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
  s.model = lb::study_model::bernoulli;
  s.seed = 3;
  const lb::bernoulli_arms coins(std::vector<double>{0.6, 0.4, 0.35});
  for (const char* name : {"kl-lucb+glr-heuristic", "tas-d+glr-pooled-per-arm", "t3c-ids+glr-pooled", "t3c-ids+glr-pooled-kl"}) {
    s.method = name;
    same_as_a_run(s, coins, 0.5);
  }
  // Bounded rewards: the rules for a known range read them rescaled from [lo, hi], the sigma rules
  // run with sigma = (hi - lo)/2, as run_combination on bounded_arms does; every one is certified.
  s.model = lb::study_model::bounded;
  s.lo = 2;
  s.hi = 10;
  s.seed = 5;
  const lb::bounded_arms scores(std::vector<double>{7.0, 5.0, 4.5}, 2, 10, 4);
  for (const char* name : {"t3c-ids+glr-pooled-eb", "t3c-ids+glr-pooled-kl", "tas-d+glr-pooled-per-arm", "lucb1+ls"}) {
    s.method = name;
    BOOST_TEST(same_as_a_run(s, scores, 4.0), name);
  }
}

BOOST_AUTO_TEST_CASE(a_loaded_study_continues_as_the_uninterrupted_one) {
  for (const std::string& method : {std::string(lb::recommended_method), std::string("lilucb+ls"),
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
  std::string v2 = s;
  v2.replace(v2.find("\"version\":1"), 11, "\"version\":2");
  BOOST_TEST(refused(v2));
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
  // A reward whose arm's sum would pass DBL_MAX (arm_stats refuses it) leaves the study as it was.
  BOOST_TEST(a.tell(q[0].id, 1e308));
  const std::string before_sum = a.to_json();
  try {
    a.tell_arm(q[0].arm, 1e308);
    BOOST_TEST(false);
  } catch (const lilucb::domain_error& e) {
    BOOST_TEST(e.parameter() == "reward sum");
  }
  BOOST_TEST(a.to_json() == before_sum);
  BOOST_TEST(a.status().total_pulls == 2u);

  lb::study_settings coins;
  coins.arms = 2;
  coins.model = lb::study_model::bernoulli;
  coins.nu = 0.05;
  lb::identification b(coins);
  BOOST_TEST(b.method() == std::string(lb::recommended_bernoulli_method));  // the Bernoulli default
  // The study's defaults are the registry's recommendation (the defaults of `lilucb run` too).
  BOOST_TEST(lb::recommended_bernoulli_method == lb::to_string(lb::recommended_combination(lb::reward_model::bernoulli)));
  BOOST_TEST(lb::recommended_method == lb::to_string(lb::recommended_combination(lb::reward_model::gaussian)));
  BOOST_TEST(lb::recommended_bounded_method == lb::to_string(lb::recommended_combination(lb::reward_model::bounded)));
  const auto r = b.ask();
  const std::string b_before = b.to_json();
  for (double bad : {0.5, -1.0, 2.0}) {
    BOOST_CHECK_THROW(b.tell(r.id, bad), lilucb::domain_error);
    BOOST_TEST(b.to_json() == b_before);
  }
  BOOST_TEST(b.tell(r.id, 1.0));

  lb::study_settings bounded;
  bounded.arms = 2;
  bounded.model = lb::study_model::bounded;
  bounded.lo = -1;
  bounded.hi = 3;
  bounded.nu = 0.05;
  lb::identification c(bounded);
  BOOST_TEST(c.method() == std::string(lb::recommended_bounded_method));  // the bounded default
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
  s.model = lb::study_model::bounded;
  s.lo = 2;
  s.hi = 1;
  BOOST_TEST(refused(s, "range"));
  s.model = lb::study_model::bernoulli;
  s.method = "t3c+glr-kk21";  // kk21 is for Gaussian arms
  BOOST_TEST(refused(s, "threshold"));
  BOOST_CHECK_THROW(lb::parse_study_model("poisson"), lilucb::domain_error);
}

BOOST_AUTO_TEST_SUITE_END()  // identification
