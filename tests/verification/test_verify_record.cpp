// The claims table as data (verification/src/claims_record.cpp): JSON keys, round trip through
// a record, rejection of malformed records, and the Markdown rendering.

#include "lilucb_verification/checks.hpp"
#include "lilucb_verification/claims_record.hpp"

#include "lilucb/errors.hpp"

#include <boost/test/unit_test.hpp>

#include <limits>
#include <set>

namespace v = lilucb::verification;

namespace {

std::vector<v::claim> sample_claims() {
  v::claim a{"demo.one", "x <= 1 on [0, 1]", "Lemma lem:lil", "max 1", v::verdict_kind::holds, "proved on [0,1]", true};
  v::claim b{"demo.two", "a | b", "Section 5", "3 of 10", v::verdict_kind::holds_with_caveat, "n = 10, 99% CP", false};
  v::claim c{"demo.three", "y", "Theorem th:lilucb", "-", v::verdict_kind::fails, "counterexample at y = 2", true};
  v::claim d{"demo.four", "z", "eq:foo", "?", v::verdict_kind::undecided, "budget 10 boxes", false, true};
  return {a, b, c, d};
}

}  // namespace

BOOST_AUTO_TEST_SUITE(claims_record)

BOOST_AUTO_TEST_CASE(verdict_names_round_trip_and_reject_others) {
  for (auto x : {v::verdict_kind::holds, v::verdict_kind::fails, v::verdict_kind::holds_with_caveat, v::verdict_kind::undecided})
    BOOST_TEST(static_cast<int>(v::parse_verdict(v::to_string(x))) == static_cast<int>(x));
  BOOST_TEST(v::to_string(v::verdict_kind::holds_with_caveat) == "holds with caveat");
  BOOST_CHECK_THROW(v::parse_verdict("true"), lilucb::domain_error);
}

BOOST_AUTO_TEST_CASE(json_list_has_exactly_the_six_keys) {
  const auto j = v::to_json(sample_claims());
  BOOST_REQUIRE(j.is_array());
  BOOST_TEST(j.size() == 4u);
  const std::set<std::string> want = {"id", "claim", "source", "computed", "verdict", "evidence"};
  for (const auto& o : j) {
    std::set<std::string> keys;
    for (auto it = o.begin(); it != o.end(); ++it) keys.insert(it.key());
    BOOST_TEST((keys == want));
  }
  BOOST_TEST(j[1]["verdict"].get<std::string>() == "holds with caveat");
}

BOOST_AUTO_TEST_CASE(record_round_trips) {
  v::claims_record r{"full", 42, "0.1.0", "abc", 12.5, 2, sample_claims(), {}, 0};
  const auto back = v::parse_claims_record(v::to_json(r), "test");
  BOOST_TEST(back.effort == "full");
  BOOST_TEST(back.seed == 42u);
  BOOST_TEST(back.threads == 2u);
  BOOST_TEST(back.wall_seconds == 12.5);
  BOOST_REQUIRE(back.claims.size() == r.claims.size());
  for (std::size_t i = 0; i < r.claims.size(); ++i) {
    BOOST_TEST(back.claims[i].id == r.claims[i].id);
    BOOST_TEST(back.claims[i].evidence == r.claims[i].evidence);
    BOOST_TEST(static_cast<int>(back.claims[i].verdict) == static_cast<int>(r.claims[i].verdict));
    BOOST_TEST(back.claims[i].effort_independent == r.claims[i].effort_independent);
    BOOST_TEST(back.claims[i].machine_dependent == r.claims[i].machine_dependent);
  }
}

BOOST_AUTO_TEST_CASE(malformed_records_are_rejected_naming_the_key) {
  v::claims_record r{"full", 42, "0.1.0", "", 1, 1, sample_claims(), {}, 0};
  const auto good = v::to_json(r);
  auto expect_error = [](const nlohmann::json& j, const std::string& key) {
    try {
      v::parse_claims_record(j, "x.json");
      BOOST_ERROR("accepted a record with a bad " << key);
    } catch (const lilucb::domain_error& e) {
      BOOST_TEST(std::string(e.what()).find(key) != std::string::npos, e.what());
    }
  };
  for (const char* key : {"effort", "seed", "version", "commit", "wall_seconds", "threads", "claims"}) {
    auto j = good;
    j.erase(key);
    expect_error(j, key);
  }
  auto j = good;
  j["effort"] = "medium";
  expect_error(j, "effort");
  j = good;
  j["claims"][0].erase("evidence");
  expect_error(j, "evidence");
  j = good;
  j["claims"][1].erase("machine_dependent");
  expect_error(j, "machine_dependent");
  j = good;
  j["claims"][2]["verdict"] = "maybe";
  expect_error(j, "verdict");
  expect_error(nlohmann::json::array(), "record");
  // Found by fuzz_claims_record: numbers kept as written or refused, ids unique.
  j = good;
  j["claims"][1]["id"] = j["claims"][0]["id"];
  expect_error(j, "appears twice");
  j = good;
  j["threads"] = std::uint64_t{1} << 32;  // would wrap to 0 as unsigned
  expect_error(j, "threads");
  j = good;
  j["wall_seconds"] = -1.0;
  expect_error(j, "wall_seconds");
}

BOOST_AUTO_TEST_CASE(markdown_counts_verdicts_and_lists_every_claim) {
  v::claims_record r{"full", 7, "0.1.0", "0123456789abcdef", 3, 2, sample_claims(), {}, 0};
  const auto md = v::render_claims_markdown(r);
  BOOST_TEST(md.find("do not edit") != std::string::npos);
  BOOST_TEST(md.find("1 holds, 1 holds with caveat, 1 fails, 1 undecided (4 claims)") != std::string::npos, md);
  BOOST_TEST(md.find("commit 0123456789ab)") != std::string::npos);
  for (const auto& c : r.claims) {
    BOOST_TEST(md.find("| " + c.id + " |") != std::string::npos, c.id);  // summary row
    BOOST_TEST(md.find("### " + c.id + "\n") != std::string::npos, c.id);  // full entry
    BOOST_TEST(md.find("- **Evidence:** " + c.evidence + "\n") != std::string::npos, c.id);
    BOOST_TEST(md.find("- **Computed:** " + c.computed + "\n") != std::string::npos, c.id);
  }
  BOOST_TEST(md.find("a \\| b") != std::string::npos, "pipes in cells are escaped");
}

BOOST_AUTO_TEST_CASE(registry_names_are_unique_and_unknown_names_rejected) {
  std::set<std::string> names;
  for (const auto& c : v::checks()) BOOST_TEST(names.insert(c.name).second, c.name);
  BOOST_TEST(names.count("inequalities") == 1u);
  BOOST_CHECK_THROW(v::find_check("nonsense"), lilucb::domain_error);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(published_record_comparison)

namespace {
v::claims_record published() { return {"full", 7, "0.1.0", "", 3, 2, sample_claims(), {}, 0}; }
}  // namespace

BOOST_AUTO_TEST_CASE(identical_runs_agree) {
  BOOST_TEST(v::compare_with_published(sample_claims(), published(), true).empty());
}

BOOST_AUTO_TEST_CASE(an_effort_independent_row_must_match_field_by_field) {
  auto fresh = sample_claims();
  fresh[0].computed = "max 1.0000001";
  const auto d = v::compare_with_published(fresh, published(), true);
  BOOST_REQUIRE(d.size() == 1u);
  BOOST_TEST(d[0].find("demo.one: computed differs") == 0u, d[0]);
}

BOOST_AUTO_TEST_CASE(other_rows_must_keep_the_verdict_or_be_undecided) {
  auto fresh = sample_claims();
  fresh[1].computed = "4 of 10";  // effort-dependent: numbers may differ
  BOOST_TEST(v::compare_with_published(fresh, published(), true).empty());
  fresh[1].verdict = v::verdict_kind::undecided;  // a smaller budget may decide less
  BOOST_TEST(v::compare_with_published(fresh, published(), true).empty());
  fresh[1].verdict = v::verdict_kind::fails;  // but never differently
  BOOST_TEST(v::compare_with_published(fresh, published(), true).size() == 1u);
}

BOOST_AUTO_TEST_CASE(a_machine_dependent_row_only_needs_to_be_present) {
  auto pub = published();
  pub.claims[3].machine_dependent = true;  // demo.four: a timing row
  pub.claims[3].verdict = v::verdict_kind::holds;
  auto fresh = sample_claims();
  fresh[3].machine_dependent = true;
  fresh[3].verdict = v::verdict_kind::fails;  // another machine, another verdict
  BOOST_TEST(v::compare_with_published(fresh, pub, true).empty());
  fresh[1].verdict = v::verdict_kind::fails;  // but an ordinary row still may not change
  BOOST_TEST(v::compare_with_published(fresh, pub, true).size() == 1u);
}

BOOST_AUTO_TEST_CASE(missing_and_unknown_claims_are_reported) {
  auto fresh = sample_claims();
  fresh.pop_back();
  BOOST_TEST(v::compare_with_published(fresh, published(), false).empty());
  BOOST_TEST(v::compare_with_published(fresh, published(), true).size() == 1u);
  fresh.push_back({"demo.new", "c", "s", "x", v::verdict_kind::holds, "e", true});
  const auto d = v::compare_with_published(fresh, published(), false);
  BOOST_REQUIRE(d.size() == 1u);
  BOOST_TEST(d[0].find("not in the published record") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()

// The run's cost: what --record writes per check, and the estimate behind --max-seconds
// (verification/src/cost.cpp).  No timing is asserted: only the model's arithmetic, that every
// check has its references, and that a refusal comes before any check runs.
BOOST_AUTO_TEST_SUITE(verify_cost)

BOOST_AUTO_TEST_CASE(costs_round_trip_through_a_record_and_malformed_costs_are_rejected) {
  v::claims_record r{"quick", 7, "0.1.0", "", 3.5, 2, sample_claims(), {}, 0};
  r.costs = {{"paper-numbers", 0.25, 0.5}, {"coverage", 2.0, 3.75}};
  r.probe_seconds = 0.0625;
  const auto j = v::to_json(r);
  const auto back = v::parse_claims_record(j, "test");
  BOOST_TEST(back.probe_seconds == 0.0625);
  BOOST_REQUIRE(back.costs.size() == 2u);
  BOOST_TEST(back.costs[1].name == "coverage");
  BOOST_TEST(back.costs[1].wall_seconds == 2.0);
  BOOST_TEST(back.costs[1].cpu_seconds == 3.75);
  // A record without costs (the older ones) still reads, with none.
  auto old = j;
  old.erase("costs");
  BOOST_TEST(v::parse_claims_record(old, "test").costs.empty());
  for (const char* bad : {"probe_seconds", "checks"}) {
    auto k = j;
    k["costs"][bad] = -1;
    BOOST_CHECK_THROW(v::parse_claims_record(k, "x.json"), lilucb::domain_error);
  }
  auto k = j;
  k["costs"]["checks"][0]["cpu_seconds"] = "1";
  BOOST_CHECK_THROW(v::parse_claims_record(k, "x.json"), lilucb::domain_error);
}

BOOST_AUTO_TEST_CASE(every_check_has_reference_costs_and_full_costs_more_than_quick) {
  for (const auto& c : v::checks()) {
    BOOST_TEST(c.reference_cpu_quick > 0, c.name);
    BOOST_TEST(c.reference_cpu_full >= c.reference_cpu_quick, c.name);
    BOOST_TEST((c.serial_fraction >= 0 && c.serial_fraction <= 1), c.name);
  }
  BOOST_TEST(v::reference_probe_seconds() > 0);
}

BOOST_AUTO_TEST_CASE(the_estimate_is_the_references_scaled_by_one_machine_factor_over_the_threads) {
  v::verify_options o;
  o.threads = 2;
  o.level = v::effort::full;
  const auto all = v::estimate_verify(o);
  BOOST_REQUIRE(all.per_check.size() == v::checks().size());
  BOOST_TEST(all.threads == 2u);
  BOOST_TEST(all.machine_factor > 0);
  double sum = 0;
  for (std::size_t i = 0; i < all.per_check.size(); ++i) {
    const auto& c = v::checks()[i];
    BOOST_TEST(all.per_check[i].name == c.name);
    // One factor for every check of one estimate: the ratio of estimate to reference is common.
    BOOST_TEST(all.per_check[i].cpu_seconds / c.reference_cpu_full == all.machine_factor,
               boost::test_tools::tolerance(1e-12));
    // Amdahl at two threads: the serial share whole, the rest halved.
    BOOST_TEST(all.per_check[i].wall_seconds ==
                   all.per_check[i].cpu_seconds * (c.serial_fraction + (1 - c.serial_fraction) / 2),
               boost::test_tools::tolerance(1e-12));
    sum += all.per_check[i].wall_seconds;
  }
  BOOST_TEST(all.seconds == sum, boost::test_tools::tolerance(1e-12));
  const auto one = v::estimate_verify(o, "coverage");
  BOOST_REQUIRE(one.per_check.size() == 1u);
  BOOST_TEST(one.per_check[0].name == "coverage");
  BOOST_CHECK_THROW(v::estimate_verify(o, "no-such-check"), lilucb::domain_error);
}

BOOST_AUTO_TEST_CASE(a_run_over_its_limit_is_refused_before_any_check_runs) {
  v::verify_options o;
  o.level = v::effort::full;
  o.max_seconds = 1e-3;  // below any check's estimate on any machine this code targets
  o.max_seconds_name = "--max-seconds";
  std::vector<v::check_cost> costs;
  try {
    v::run_checks(o, {}, &costs);
    BOOST_ERROR("a full run was not refused at a limit of 1 ms");
  } catch (const lilucb::domain_error& e) {
    BOOST_TEST(e.parameter() == "--max-seconds");
    BOOST_TEST(e.admissible().find("would take about") != std::string::npos, e.admissible());
    BOOST_TEST(e.admissible().find("the longest check") != std::string::npos, e.admissible());
  }
  BOOST_TEST(costs.empty());  // nothing ran
  for (double bad : {0.0, -1.0, std::numeric_limits<double>::quiet_NaN()}) {
    o.max_seconds = bad;
    BOOST_CHECK_THROW(v::run_checks(o, "paper-numbers", &costs), lilucb::domain_error);
  }
  // Within its limit a run goes ahead, and reports what each check cost.
  o.level = v::effort::quick;
  o.max_seconds = std::numeric_limits<double>::infinity();
  const auto claims = v::run_checks(o, "paper-numbers", &costs);
  BOOST_TEST(!claims.empty());
  BOOST_REQUIRE(costs.size() == 1u);
  BOOST_TEST(costs[0].name == "paper-numbers");
  BOOST_TEST(costs[0].wall_seconds >= 0);
  BOOST_TEST(costs[0].cpu_seconds >= 0);
}

BOOST_AUTO_TEST_SUITE_END()
