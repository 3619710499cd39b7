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
#include <cmath>
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

BOOST_AUTO_TEST_SUITE_END()  // identification
