// `lilucb verify`: the claims table's JSON shape, formats, --only, --list, records and --check-against.
// Part of the test_cli executable; shared helpers in cli_test_support.hpp.

#include "cli_test_support.hpp"

// =========================================================================================
// `lilucb verify`: the claims table's JSON shape, --only, --list, and invalid options.

BOOST_AUTO_TEST_SUITE(verify_command)

BOOST_AUTO_TEST_CASE(json_is_a_list_of_claims_with_the_six_keys) {
  const auto r = run_cli({"verify", "--only", "paper-numbers", "--json"});
  BOOST_TEST_REQUIRE(r.status == 0, r.err);
  const auto j = nlohmann::json::parse(r.out);
  BOOST_TEST_REQUIRE(j.is_array());
  BOOST_TEST(j.size() >= 10u);
  const std::set<std::string> want = {"id", "claim", "source", "computed", "verdict", "evidence"};
  const std::set<std::string> verdicts = {"holds", "fails", "holds with caveat", "undecided"};
  for (const auto& c : j) {
    std::set<std::string> keys;
    for (auto it = c.begin(); it != c.end(); ++it) keys.insert(it.key());
    BOOST_TEST((keys == want));
    BOOST_TEST(c["id"].get<std::string>().rfind("paper-numbers.", 0) == 0u);
    BOOST_TEST(verdicts.count(c["verdict"].get<std::string>()) == 1u);
    BOOST_TEST(!c["evidence"].get<std::string>().empty());
  }
  // The paper's own lil'UCB setting does not carry the theorem's guarantee (findings F2).
  bool found = false;
  for (const auto& c : j)
    if (c["id"] == "paper-numbers.paper-setting") {
      found = true;
      BOOST_TEST(c["verdict"].get<std::string>() == "fails");
    }
  BOOST_TEST(found);
}

BOOST_AUTO_TEST_CASE(text_output_ends_with_the_verdict_count) {
  const auto r = run_cli({"verify", "--only", "paper-numbers"});
  BOOST_TEST_REQUIRE(r.status == 0, r.err);
  BOOST_TEST(contains(r.out, "[fails] paper-numbers.paper-setting"), r.out);
  BOOST_TEST(contains(r.out, " claims: "));
  const auto list = run_cli({"verify", "--list"});
  BOOST_TEST(list.status == 0);
  for (const char* name : {"paper-numbers", "inequalities", "coverage", "adversarial", "complexity", "reproduction"})
    BOOST_TEST(contains(list.out, name), name);
}

BOOST_AUTO_TEST_CASE(table_formats_carry_every_claim) {
  const auto j = run_cli({"verify", "--only", "paper-numbers", "--json"});
  BOOST_TEST_REQUIRE(j.status == 0, j.err);
  const auto claims = nlohmann::json::parse(j.out);
  const auto csv = run_cli({"verify", "--only", "paper-numbers", "--format", "csv"});
  BOOST_TEST_REQUIRE(csv.status == 0, csv.err);
  BOOST_TEST(csv.out.rfind("id,claim,source,computed,verdict,evidence\n", 0) == 0u, csv.out.substr(0, 80));
  const auto latex = run_cli({"verify", "--only", "paper-numbers", "--format", "latex"});
  BOOST_TEST_REQUIRE(latex.status == 0, latex.err);
  BOOST_TEST(contains(latex.out, "\\toprule"));
  const auto md = run_cli({"verify", "--only", "paper-numbers", "--format", "markdown"});
  BOOST_TEST_REQUIRE(md.status == 0, md.err);
  for (const auto& c : claims) {
    const std::string id = c["id"].get<std::string>();
    BOOST_TEST(contains(csv.out, id + ","), id);
    BOOST_TEST(contains(md.out, "| " + id + " |"), id);
  }
}

BOOST_AUTO_TEST_CASE(invalid_options_are_one_line_and_exit_2) {
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"verify", "--only", "paper-numbers", "--format", "html"},
           {"verify", "--only", "paper-numbers", "--format", "csv", "--json"},
           {"verify", "--only", "nonsense"},
           {"verify", "--quick", "--full"},
           {"verify", "--threads", "two"},
           {"verify", "--seed", "-1"}}) {
    const auto r = run_cli(args);
    check_one_line_error(r);
  }
  // A file that cannot be read or a record whose folder does not exist: exit 3 naming the path
  // and the reason, before any check runs.
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"verify", "--only", "paper-numbers", "--check-against", "/nonexistent/claims.json"},
           {"verify", "--only", "paper-numbers", "--record", "/nonexistent/dir/claims.json"}}) {
    const auto r = run_cli(args);
    BOOST_TEST(r.status == 3, r.err);
    BOOST_TEST(r.out == "");
    BOOST_TEST(count_char(r.err, '\n') == 1u, r.err);
    BOOST_TEST(contains(r.err, "/nonexistent/"), r.err);
    BOOST_TEST(contains(r.err, "No such file or directory"), r.err);
  }
  const auto r = run_cli({"verify", "--only", "nonsense"});
  BOOST_TEST(contains(r.err, "nonsense"));
  BOOST_TEST(contains(r.err, "paper-numbers"), "names the known checks: " << r.err);
}

BOOST_AUTO_TEST_CASE(a_record_round_trips_through_check_against) {
  temp_dir tmp;
  const auto record = (tmp.path / "claims.json").string();
  const auto w = run_cli({"verify", "--only", "paper-numbers", "--record", record});
  BOOST_TEST_REQUIRE(w.status == 0, w.err);
  const auto same = run_cli({"verify", "--only", "paper-numbers", "--check-against", record});
  BOOST_TEST(same.status == 0, same.err);
  BOOST_TEST(contains(same.out, " 0 differ"), same.out);
  // Tamper with an exact row: the comparison must catch it.
  auto j = nlohmann::json::parse(read_text(record));
  j["claims"][0]["computed"] = "tampered";
  std::ofstream(record, std::ios::binary | std::ios::trunc) << j.dump();
  const auto differs = run_cli({"verify", "--only", "paper-numbers", "--check-against", record});
  BOOST_TEST(differs.status == 1);  // a check that found differences
  BOOST_TEST(count_char(differs.err, '\n') == 1u, differs.err);
  BOOST_TEST(contains(differs.err, "1 claims differ"), differs.err);
  BOOST_TEST(contains(differs.out, "DIFFERS paper-numbers."), differs.out);
  // The record says what the check cost, for refreshing the references of --max-seconds.
  const auto costs = j.at("costs");
  BOOST_TEST(costs.at("probe_seconds").get<double>() > 0);
  BOOST_REQUIRE(costs.at("checks").size() == 1u);
  BOOST_TEST(costs["checks"][0].at("check").get<std::string>() == "paper-numbers");
}

BOOST_AUTO_TEST_CASE(max_seconds_refuses_a_run_estimated_longer_before_writing_anything) {
  temp_dir tmp;
  const auto record = (tmp.path / "claims.json").string();
  const auto r = run_cli({"verify", "--full", "--max-seconds", "1", "--record", record});
  BOOST_TEST(r.status == 2, r.err);
  BOOST_TEST(count_char(r.err, '\n') == 1u, r.err);
  BOOST_TEST(contains(r.err, "--max-seconds"), r.err);
  BOOST_TEST(contains(r.err, "would take about"), r.err);
  BOOST_TEST(r.out.empty(), r.out);
  BOOST_TEST(!std::filesystem::exists(record));
  for (const char* bad : {"0", "-1", "nan", "x"}) {
    const auto b = run_cli({"verify", "--only", "paper-numbers", "--max-seconds", bad});
    BOOST_TEST(b.status == 2, bad);
    BOOST_TEST(contains(b.err, "--max-seconds"), b.err);
  }
  // A generous limit runs as without one.
  const auto ok = run_cli({"verify", "--only", "paper-numbers", "--max-seconds", "3600"});
  BOOST_TEST(ok.status == 0, ok.err);
  BOOST_TEST(contains(ok.out, " claims: "), ok.out);
}

BOOST_AUTO_TEST_SUITE_END()
