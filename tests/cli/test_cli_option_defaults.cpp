// The same option has the same default in every subcommand.  `lilucb --list-options-json` reports
// every subcommand's options with the default each declares (option_spec::defaults_to; "none"
// when the option has no default).  For every option name that several subcommands declare, this
// test fails when
//   - a declaration that takes a value and is not required states no default ("");
//   - two subcommands declare different defaults, unless the option is in the exceptions table
//     below with exactly the grouping of subcommands by default that the binary reports;
//   - an exception is stale: the option is no longer shared, its defaults agree, or its grouping
//     changed (a subcommand appeared, disappeared or moved).
// Flags are left out: an absent flag is off in every subcommand.  Each exception states why the
// option means something different in its groups; an exception is never "the two just differ".

#include "cli_harness.hpp"

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include <map>
#include <set>
#include <string>
#include <vector>

using namespace cli_harness;
using json = nlohmann::json;

namespace {

// Subcommands grouped by the default they declare for one option, and why the meaning differs.
struct exception {
  std::string option;
  std::vector<std::set<std::string>> groups;
  std::string reason;
};

const std::vector<exception>& exceptions() {
  static const std::vector<exception> e = {
      {"--a",
       {{"hardness"}, {"boundary", "crossing"}},
       "hardness: lil'UCB's stopping parameter a (default: the certified a for --nu); boundary|crossing: "
       "the intercept of --kind linear"},
      {"--arms",
       {{"hardness", "plan", "run"}, {"study new"}},
       "hardness|plan|run: the old name of --model, the reward model (gaussian, bernoulli, bounded), kept "
       "as an alias; study new: the number of arms (its reward model is --model too)"},
      {"--format",
       {{"table"}, {"verify"}},
       "table renders a generated table (markdown, csv, latex); verify prints the claims table, which has a "
       "text form besides those"},
      {"--inner",
       {{"bound", "run"}, {"boundary", "crossing", "calibrate"}},
       "bound and run: the inner log of the finite-LIL width, plus2 (footnote fnt:delta_foot) by default "
       "because it admits the whole domain (eps = 0 of lilucb-heuristic, any delta in (0,1)); "
       "boundary|crossing|calibrate: it only qualifies --kind lil, whose plus2 form is its own kind "
       "lil-plus2, so --kind lil means Lemma lem:lil's inner log"},
      {"--max-pulls",
       {{"plan", "run"}, {"study plan"}},
       "plan|run: a run's whole pull budget (10^9, 0 unlimited; the run ends as budget_exhausted); study plan: "
       "the cap on the new asks of each simulated continuation of a study (10^6, no unlimited), at which a "
       "continuation is counted"},
      {"--max-seconds",
       {{"experiment stopping-times", "experiment anytime", "experiment modern", "verify"}, {"crossing", "calibrate"}},
       "experiment and verify are batch runs whose length the user chose (--preset, --full): no limit unless "
       "asked; crossing and calibrate answer one query, whose cost a horizon can make days: refused past 600 s"},
      {"--n",
       {{"params"}, {"run"}},
       "params: the n of the heuristic's a = 1 + 10/n (default 10); run: the size of --scenario's instance, "
       "required with --scenario"},
      {"--reward",
       {{"study tell"}, {"study expire"}},
       "study tell: the reward observed (no default: given, or lines of --csv); study expire: the reward "
       "told for pulls whose deadline passed without an outcome (default 0)"},
      {"--runs",
       {{"run"}, {"plan", "study plan"}},
       "run runs once unless asked to repeat (--runs R summarises R runs); plan and study plan estimate a "
       "distribution, from 200 simulated runs by default"},
      {"--seed",
       {{"plan", "run", "study new", "study plan"}, {"verify"}},
       "verify's seed is the one the published claims record was made with (docs/generated/claims.json, "
       "compared by --check-against); the others seed one run, plan or study"},
      {"--sigma",
       {{"bound", "boundary", "crossing", "calibrate"}, {"hardness", "plan", "run"}, {"study new"}},
       "bound|boundary|crossing|calibrate state the theory's bounds at the unit scale sigma = 1; "
       "hardness|plan|run describe an instance of rewards, by default Section 5's (sigma = 1/2, "
       "lilucb/bandit/defaults.hpp); study new describes a real system, whose scale has no default "
       "(required with --model gaussian)"},
  };
  return e;
}

json option_tables() {
  const auto r = run_cli({"--list-options-json"});
  if (r.status != 0) throw std::runtime_error("lilucb --list-options-json: status " + std::to_string(r.status) + ": " + r.err);
  return json::parse(r.out);
}

std::string show_groups(const std::map<std::string, std::set<std::string>>& by_default) {
  std::string s;
  for (const auto& [d, commands] : by_default) {
    s += (s.empty() ? "" : "; ") + d + ":";
    for (const auto& c : commands) s += " " + c;
  }
  return s;
}

// The problems of one option table (empty: the defaults agree or are explained).
std::vector<std::string> problems(const json& tables, const std::vector<exception>& exceptions) {
  // option -> command -> its declaration
  std::map<std::string, std::map<std::string, json>> declared;
  for (const auto& c : tables.at("commands"))
    for (const auto& o : c.at("options")) {
      const std::string name = o.at("name");
      if (o.at("positional").get<bool>() || name.rfind("--", 0) != 0) continue;
      declared[name][c.at("command").get<std::string>()] = o;
    }
  std::vector<std::string> out;
  std::set<std::string> seen_exceptions;
  for (const auto& [name, by_command] : declared) {
    if (by_command.size() < 2) continue;
    std::map<std::string, std::set<std::string>> by_default;
    for (const auto& [command, o] : by_command) {
      if (!o.at("takes_value").get<bool>() || o.at("required").get<bool>()) continue;
      const std::string d = o.contains("default") && o.at("default").is_string() ? o.at("default").get<std::string>() : "";
      if (d.empty()) {
        out.push_back("lilucb " + command + " " + name + ": no declared default (declare it with defaults_to; \"none\" when absent means none)");
        continue;
      }
      by_default[d].insert(command);
    }
    const exception* ex = nullptr;
    for (const auto& e : exceptions)
      if (e.option == name) ex = &e;
    if (!ex) {
      if (by_default.size() > 1)
        out.push_back(name + ": different defaults (" + show_groups(by_default) +
                      "): make them the same, or add an exception stating why the meaning differs");
      continue;
    }
    seen_exceptions.insert(name);
    std::set<std::set<std::string>> actual, expected(ex->groups.begin(), ex->groups.end());
    for (const auto& [d, commands] : by_default) actual.insert(commands);
    if (by_default.size() < 2)
      out.push_back(name + ": stale exception: the defaults agree (" + show_groups(by_default) + ")");
    else if (actual != expected)
      out.push_back(name + ": the exception's grouping no longer matches the commands' defaults (" +
                    show_groups(by_default) + ")");
  }
  for (const auto& e : exceptions) {
    if (e.reason.empty()) out.push_back(e.option + ": an exception without a reason");
    if (!seen_exceptions.count(e.option) && !(declared.count(e.option) && declared.at(e.option).size() >= 2))
      out.push_back(e.option + ": stale exception: no longer declared by several subcommands");
  }
  return out;
}

}  // namespace

BOOST_AUTO_TEST_CASE(shared_options_declare_one_default) {
  const json t = option_tables();
  BOOST_TEST_REQUIRE(t.at("commands").size() >= 15u);
  for (const auto& p : problems(t, exceptions())) BOOST_ERROR(p);
}

// The checker itself: a missing default, a disagreement and a stale exception are each reported.
BOOST_AUTO_TEST_CASE(the_checker_reports_missing_different_and_stale) {
  const auto table = [](std::vector<std::pair<std::string, json>> options) {
    json commands = json::array();
    for (auto& [command, o] : options)
      commands.push_back({{"command", command}, {"options", json::array({o})}});
    return json{{"commands", commands}};
  };
  const auto option = [](std::string name, std::string d) {
    return json{{"name", name}, {"positional", false}, {"takes_value", true}, {"required", false}, {"default", d}};
  };
  const std::vector<exception> none, x_differs = {{"--x", {{"a"}, {"b"}}, "a reason"}};
  BOOST_TEST(problems(table({{"a", option("--x", "1")}, {"b", option("--x", "1")}}), none).empty());
  BOOST_TEST(problems(table({{"a", option("--x", "1")}, {"b", option("--x", "")}}), none).size() == 1u);
  BOOST_TEST(problems(table({{"a", option("--x", "1")}, {"b", option("--x", "0")}}), none).size() == 1u);
  BOOST_TEST(problems(table({{"a", option("--x", "1")}, {"b", option("--x", "0")}}), x_differs).empty());
  // Stale: the defaults agree, a third subcommand joined a group, the option is no longer shared.
  BOOST_TEST(problems(table({{"a", option("--x", "1")}, {"b", option("--x", "1")}}), x_differs).size() == 1u);
  BOOST_TEST(problems(table({{"a", option("--x", "1")}, {"b", option("--x", "0")}, {"c", option("--x", "0")}}), x_differs).size() == 1u);
  BOOST_TEST(problems(table({{"a", option("--x", "1")}}), x_differs).size() == 1u);
  // A flag has no default to declare.
  json f = option("--y", "");
  f["takes_value"] = false;
  BOOST_TEST(problems(table({{"a", f}, {"b", f}}), none).empty());
}
