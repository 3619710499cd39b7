// `lilucb study`: the ask-tell study through the binary.
//   - new / ask / tell / status / answer end to end to a certified answer, with batches, rewards
//     told out of order through --csv, a repeated id counted once, names for arms;
//   - the state file against the library: a study driven through the command line and the same
//     study driven through identification directly write the same state;
//   - bad input: exit 2, one line naming the option, and the state file byte for byte unchanged
//     (a bad CSV line after good ones included); an existing state is not overwritten;
//   - concurrent tells from several processes (the lock): every reward counted exactly once;
//   - the examples/shell/ab_test.sh example runs to a certified answer.
#include "cli_harness.hpp"
#include "../text_files.hpp"

#include "lilucb/study/identification.hpp"
#include "lilucb_experiments/study_plan.hpp"

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

using namespace cli_harness;
using json = nlohmann::json;
namespace lb = lilucb::bandit;
using test_files::read_text;

namespace {


cli_result ok(const std::vector<std::string>& args) {
  const auto r = run_cli(args);
  BOOST_TEST_REQUIRE(r.status == 0, show(args) << " -> " << r.status << ": " << r.err);
  return r;
}

/// The reward of a pull of arm `arm`: a fixed deterministic sequence per arm.
double reward_of(std::size_t arm, std::uint64_t id) {
  const double means[] = {1.0, 0.2, 0.0};
  return means[arm] + ((id * 7919u) % 13 == 0 ? 0.25 : -0.02 * static_cast<double>(id % 5));
}

/// One round of a study through the binary: ask `count` pulls (--json) and tell them all through
/// --csv, the reward of pull `id` of arm `arm` being reward(arm, id) (17 digits).
template <class Reward>
void ask_and_tell(temp_dir& dir, const std::string& state, int count, Reward reward) {
  const auto a = json::parse(ok({"study", "ask", "--state", state, "--count", std::to_string(count), "--json"}).out);
  std::string csv = "id,arm,reward\n";
  for (const auto& x : a["asks"]) {
    const std::uint64_t id = x["id"];
    const std::size_t arm = x["arm"];
    std::ostringstream line;
    line.precision(17);
    line << id << ',' << arm << ',' << reward(arm, id) << '\n';
    csv += line.str();
  }
  ok({"study", "tell", "--state", state, "--csv", dir.file("batch.csv", csv)});
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_study_through_the_command_line_writes_the_librarys_state) {
  temp_dir dir;
  const std::string state = (dir.path / "s.json").string();
  ok({"study", "new", "--state", state, "--arms", "3", "--model", "gaussian", "--sigma", "0.5", "--nu", "0.05", "--seed", "4"});
  lb::study_settings set;
  set.arms = 3;
  set.sigma = 0.5;
  set.nu = 0.05;
  set.seed = 4;
  lb::identification lib(set);
  for (int round = 0; round < 2000; ++round) {
    const auto a = json::parse(ok({"study", "ask", "--state", state, "--count", "4", "--json"}).out);
    const auto b = lib.ask(4);
    BOOST_REQUIRE_EQUAL(a["asks"].size(), 4u);
    // Tell in reverse order through --csv, and the library likewise.
    std::string csv = "id,arm,reward\n";
    for (std::size_t k = 4; k-- > 0;) {
      const std::uint64_t id = a["asks"][k]["id"];
      const std::size_t arm = a["asks"][k]["arm"];
      BOOST_REQUIRE_EQUAL(id, b[k].id);
      BOOST_REQUIRE_EQUAL(arm, b[k].arm);
      std::ostringstream line;
      line.precision(17);
      line << id << ',' << arm << ',' << reward_of(arm, id) << '\n';
      csv += line.str();
      lib.tell(b[k].id, reward_of(arm, id));
    }
    const std::string file = dir.file("batch.csv", csv);
    ok({"study", "tell", "--state", state, "--csv", file});
    if (lib.done()) break;
  }
  BOOST_TEST(lib.done());
  const auto verified = json::parse(ok({"study", "verify", "--state", state, "--json"}).out);
  BOOST_TEST(verified["digest"] == lib.history().head);  // the library's history, event for event
  BOOST_TEST(verified["events"] == lib.history().events);
  const auto ans = json::parse(ok({"study", "answer", "--state", state, "--json"}).out);
  BOOST_TEST(ans["done"] == true);
  BOOST_TEST(ans["certified"] == true);
  BOOST_TEST(ans["best_arm"] == 0);
  BOOST_TEST(ans["certificate"].get<std::string>().find("Proposition P2") != std::string::npos);
  BOOST_TEST(ans["evidence"].size() == 2u);
  const auto st = json::parse(ok({"study", "status", "--state", state, "--json"}).out);
  BOOST_TEST(st["total_pulls"] == lib.status().total_pulls);
  BOOST_TEST(st["pulls"].size() == 3u);
  // The text forms.
  BOOST_TEST(contains(ok({"study", "answer", "--state", state}).out, "best arm: 0, certified: "));
  BOOST_TEST(contains(ok({"study", "status", "--state", state}).out, "(leader)"));
  // Done: no more asks.
  const auto r = run_cli({"study", "ask", "--state", state});
  check_one_line_error(r);
  BOOST_TEST(contains(r.err, "--state"));
}

BOOST_AUTO_TEST_CASE(names_ids_and_a_repeated_tell) {
  temp_dir dir;
  const std::string state = (dir.path / "s.json").string();
  ok({"study", "new", "--state", state, "--names", "a,b", "--model", "bernoulli", "--nu", "0.1"});
  const std::string out = ok({"study", "ask", "--state", state, "--count", "3"}).out;
  BOOST_TEST(out == "0 0 a\n1 1 b\n2 0 a\n");
  ok({"study", "tell", "--state", state, "--arm", "1", "--reward", "1", "--id", "1"});
  const std::string before = read_text(state) + read_text(state + ".journal");
  // Names in --csv under a header id,name,reward.
  const auto again = ok({"study", "tell", "--state", state, "--csv", dir.file("again.csv", "id,name,reward\n1,b,1\n")});
  BOOST_TEST(contains(again.out, "1 repeated id counted once before, ignored"));
  BOOST_TEST(read_text(state) + read_text(state + ".journal") == before);
  // This study's tells name their ids: a reward of an arm with asks in flight and no id is refused
  // (it could be a pull told again under its id), and the state is unchanged.
  const auto mixed = run_cli({"study", "tell", "--state", state, "--arm", "0", "--reward", "0"});
  check_one_line_error(mixed);
  BOOST_TEST(contains(mixed.err, "--id"), mixed.err);
  BOOST_TEST(read_text(state) + read_text(state + ".journal") == before);
  ok({"study", "tell", "--state", state, "--name", "a", "--id", "0", "--reward", "0"});  // arm a by its name
  const auto st = json::parse(ok({"study", "status", "--state", state, "--json"}).out);
  BOOST_TEST(st["pulls"] == json::array({1, 1}));
  BOOST_TEST(st["pending"] == json::array({1, 0}));
  BOOST_TEST(st["names"] == json::array({"a", "b"}));
}

BOOST_AUTO_TEST_CASE(bad_input_leaves_the_state_unchanged) {
  temp_dir dir;
  const std::string state = (dir.path / "s.json").string();
  ok({"study", "new", "--state", state, "--arms", "2", "--model", "bounded", "--range", "0,10", "--nu", "0.1"});
  ok({"study", "ask", "--state", state, "--count", "2"});
  const std::string before = read_text(state) + read_text(state + ".journal");
  const auto refused = [&](const std::vector<std::string>& args, const std::string& names) {
    const auto r = run_cli(args);
    BOOST_TEST_CONTEXT(show(args)) {
      check_one_line_error(r);
      BOOST_TEST(contains(r.err, names), r.err);
      BOOST_TEST(read_text(state) + read_text(state + ".journal") == before);
    }
  };
  refused({"study", "tell", "--state", state, "--arm", "0", "--reward", "11"}, "--reward");
  refused({"study", "tell", "--state", state, "--arm", "0", "--reward", "nan"}, "--reward");
  refused({"study", "tell", "--state", state, "--arm", "2", "--reward", "1"}, "--arm");
  refused({"study", "tell", "--state", state, "--arm", "1", "--reward", "1", "--id", "0"}, "--arm");
  refused({"study", "tell", "--state", state, "--reward", "1", "--id", "9"}, "--id");
  refused({"study", "tell", "--state", state, "--arm", "0"}, "--reward");
  refused({"study", "tell", "--state", state, "--csv", dir.file("bad.csv", "0,0,1\n1,1,12\n")}, "--csv line 2");
  refused({"study", "tell", "--state", state, "--csv", dir.file("bad2.csv", "0,0,1\n1,1\n")}, "--csv line 2");
  refused({"study", "tell", "--state", state, "--csv", dir.file("bad3.csv", "0,0,1\n"), "--arm", "0"}, "--csv");
  refused({"study", "ask", "--state", state, "--count", "0"}, "--count");
  refused({"study", "new", "--state", state, "--arms", "2", "--model", "bernoulli", "--nu", "0.1"}, "--state");
  refused({"study", "new", "--state", (dir.path / "t.json").string(), "--arms", "2", "--nu", "0.1"}, "--sigma");
  refused({"study", "new", "--state", (dir.path / "t.json").string(), "--arms", "2", "--sigma", "1", "--nu", "0.1",
           "--method", "lilucb+lilucb"}, "--method");
  refused({"study", "new", "--state", (dir.path / "t.json").string(), "--arms", "2", "--model", "bernoulli",
           "--sigma", "1", "--nu", "0.1"}, "--sigma");
  refused({"study", "new", "--state", (dir.path / "t.json").string(), "--arms", "3", "--names", "x,y", "--sigma", "1",
           "--nu", "0.1"}, "--names");
  BOOST_TEST(!std::filesystem::exists(dir.path / "t.json"));
  // A state that is not one: exit 2 naming --state; a missing one: exit 3.
  const std::string junk = dir.file("junk.json", "{\"format\": \"something else\"}");
  const auto r = run_cli({"study", "status", "--state", junk});
  check_one_line_error(r);
  BOOST_TEST(contains(r.err, "--state"));
  BOOST_TEST(run_cli({"study", "status", "--state", (dir.path / "missing.json").string()}).status == 3);
}

BOOST_AUTO_TEST_CASE(concurrent_tells_are_each_counted_once) {
  temp_dir dir;
  const std::string state = (dir.path / "s.json").string();
  ok({"study", "new", "--state", state, "--arms", "4", "--sigma", "1", "--nu", "0.01"});
  ok({"study", "ask", "--state", state, "--count", "40"});
  // Four processes tell ten asks each at the same time, every one twice.
  std::vector<pid_t> kids;
  for (int p = 0; p < 4; ++p) {
    const pid_t pid = ::fork();
    BOOST_REQUIRE(pid >= 0);
    if (pid == 0) {
      int bad = 0;
      for (int rep = 0; rep < 2; ++rep)
        for (int k = 0; k < 10; ++k) {
          const int id = p * 10 + k;
          bad += run_cli({"study", "tell", "--state", state, "--id", std::to_string(id), "--reward", "0.5"}).status != 0;
        }
      ::_exit(bad);
    }
    kids.push_back(pid);
  }
  for (pid_t pid : kids) {
    int status = 0;
    ::waitpid(pid, &status, 0);
    BOOST_TEST((WIFEXITED(status) && WEXITSTATUS(status) == 0));
  }
  const auto st = json::parse(ok({"study", "status", "--state", state, "--json"}).out);
  BOOST_TEST(st["total_pulls"] == 40);
  BOOST_TEST(st["total_pending"] == 0);
}

// `study expire --through ID`: an attribution window's deadline, 0 told for every ask in flight up
// to ID; a late conversion is a retry; a bad --reward or id is one line, exit 2, state unchanged.
BOOST_AUTO_TEST_CASE(expire_tells_zero_for_the_asks_in_flight_up_to_an_id) {
  temp_dir dir;
  const std::string state = (dir.path / "ab.json").string();
  ok({"study", "new", "--state", state, "--names", "a,b,c", "--model", "bernoulli", "--nu", "0.05", "--seed", "3"});
  ok({"study", "ask", "--state", state, "--count", "6"});  // ids 0..5
  ok({"study", "tell", "--state", state, "--id", "1", "--arm", "1", "--reward", "1"});
  const auto e = ok({"study", "expire", "--state", state, "--through", "3"});
  BOOST_TEST(e.out == "3 pulls in flight with id <= 3 closed in id order (0 outcomes from --csv, the rest told 0)\n", e.out);
  const auto st = json::parse(ok({"study", "status", "--state", state, "--json"}).out);
  BOOST_TEST(st["total_pending"] == 2);
  BOOST_TEST(st["total_pulls"] == 4);
  const auto late = ok({"study", "tell", "--state", state, "--id", "2", "--arm", "2", "--reward", "1"});
  BOOST_TEST(contains(late.out, "1 repeated id counted once before, ignored"), late.out);
  const std::string before = read_text(state);
  for (const auto& bad : std::vector<std::vector<std::string>>{
           {"study", "expire", "--state", state, "--through", "5", "--reward", "0.5"},
           {"study", "expire", "--state", state, "--through", "x"},
           {"study", "expire", "--state", state}}) {
    const auto r = run_cli(bad);
    BOOST_TEST(r.status == 2, show(bad) << ": " << r.err);
    BOOST_TEST(count_char(r.err, '\n') == 1u, r.err);
  }
  BOOST_TEST(contains(run_cli({"study", "expire", "--state", state, "--through", "5", "--reward", "0.5"}).err, "--reward"));
  BOOST_TEST(read_text(state) == before);
  // The window's outcomes from --csv, told in id order with the rest; one past the window refused.
  const std::string csv = (dir.path / "conv.csv").string();
  std::ofstream(csv) << "id,arm,reward\n5,2,1\n";
  const std::string late_csv = (dir.path / "late.csv").string();
  std::ofstream(late_csv) << "id,arm,reward\n5,2,1\n";
  const auto past = run_cli({"study", "expire", "--state", state, "--through", "4", "--csv", late_csv});
  BOOST_TEST(past.status == 2, past.err);
  BOOST_TEST(contains(past.err, "--csv"), past.err);
  BOOST_TEST(read_text(state) == before);
  const auto rest = ok({"study", "expire", "--state", state, "--through", "99", "--csv", csv});
  BOOST_TEST(rest.out == "2 pulls in flight with id <= 99 closed in id order (1 outcome from --csv, the rest told 0)\n", rest.out);
  const auto after = json::parse(ok({"study", "status", "--state", state, "--json"}).out);
  BOOST_TEST(after["total_pending"] == 0);
  ok({"study", "verify", "--state", state});
}

BOOST_AUTO_TEST_CASE(the_ab_test_example_reaches_a_certified_answer) {
  temp_dir dir;
  const char* env = std::getenv("LILUCB_CLI");
  const std::string cli = env && *env ? env : LILUCB_CLI_PATH;
  const auto r = run_program("/bin/bash", {LILUCB_EXAMPLES_DIR "/shell/ab_test.sh", cli, dir.path.string()});
  BOOST_TEST(r.status == 0, r.err);
  BOOST_TEST(contains(r.out, "best arm: 2 (short-form), certified: "), r.out);
  BOOST_TEST(contains(r.out, "30 repeated ids counted once before, ignored"), r.out);
  // Reproducible: a second run (a new process, new subshells) prints the same batches and answer.
  temp_dir again;
  const auto r2 = run_program("/bin/bash", {LILUCB_EXAMPLES_DIR "/shell/ab_test.sh", cli, again.path.string()});
  BOOST_TEST(r2.status == 0, r2.err);
  auto without_paths = [](std::string text, const std::string& folder) {
    for (std::size_t at; (at = text.find(folder)) != std::string::npos;) text.erase(at, folder.size());
    return text;
  };
  BOOST_TEST(without_paths(r2.out, again.path.string()) == without_paths(r.out, dir.path.string()));
  // A tool that is not there: one line naming it and what to do, exit 2.
  const auto missing = run_program("/bin/bash", {LILUCB_EXAMPLES_DIR "/shell/ab_test.sh", (dir.path / "no-tool").string(),
                                                 dir.path.string()});
  BOOST_TEST(missing.status == 2, missing.err);
  BOOST_TEST(contains(missing.err, "no lilucb tool at"), missing.err);
}

// A top-m study (--top): asked and told through the command line to a certified set, printed as a
// set (text and JSON, with names), the state keeping "top".
BOOST_AUTO_TEST_CASE(a_top_m_study_answers_a_set) {
  temp_dir dir;
  const std::string state = (dir.path / "t.json").string();
  ok({"study", "new", "--state", state, "--names", "a,b,c", "--model", "gaussian", "--sigma", "0.5", "--nu", "0.05",
      "--top", "2", "--seed", "2"});
  BOOST_TEST(contains(read_text(state), "\"top\":2"));
  for (int round = 0; round < 5000; ++round) {
    ask_and_tell(dir, state, 8, reward_of);
    if (json::parse(ok({"study", "answer", "--state", state, "--json"}).out)["done"] == true) break;
  }
  const auto ans = json::parse(ok({"study", "answer", "--state", state, "--json"}).out);
  BOOST_TEST(ans["done"] == true);
  BOOST_TEST(ans["certified"] == true);
  BOOST_TEST(ans["top"] == 2);
  BOOST_TEST(ans["answer"] == json::array({0, 1}));
  BOOST_TEST(ans["answer_names"] == json::array({"a", "b"}));
  BOOST_TEST(ans["certificate"].get<std::string>().find("Proposition TM-M1") != std::string::npos);
  BOOST_TEST(contains(ok({"study", "answer", "--state", state}).out, "top 2 arms: {0 (a), 1 (b)}, certified: "));
  const auto r = run_cli({"study", "new", "--state", (dir.path / "u.json").string(), "--arms", "3", "--sigma", "0.5",
                          "--nu", "0.05", "--top", "3"});
  check_one_line_error(r);
  BOOST_TEST(contains(r.err, "top"));
}

// `study plan`: the library's plan_study on the state read from its files (the same numbers as
// the library on the same study), the state unchanged; the status's estimate with its range;
// refusals named by the CLI's options.
BOOST_AUTO_TEST_CASE(plan_continues_the_study_in_simulation) {
  temp_dir dir;
  const std::string state = (dir.path / "s.json").string();
  ok({"study", "new", "--state", state, "--arms", "3", "--model", "bernoulli", "--nu", "0.05", "--seed", "4"});
  // Before every arm has a reward: refused, naming --state.
  const auto early = run_cli({"study", "plan", "--state", state});
  check_one_line_error(early);
  BOOST_TEST(contains(early.err, "--state"), early.err);
  std::string csv = "id,arm,reward\n";
  const auto asks = json::parse(ok({"study", "ask", "--state", state, "--count", "60", "--json"}).out)["asks"];
  for (std::size_t k = 0; k < 57; ++k) {  // the last 3 stay in flight
    const std::size_t arm = asks[k]["arm"];
    csv += std::to_string(k) + "," + std::to_string(arm) + "," + (((k * 7 + arm) % 5) < (arm == 0 ? 3u : 1u) ? "1" : "0") + "\n";
  }
  ok({"study", "tell", "--state", state, "--csv", dir.file("t.csv", csv)});
  const std::string before = read_text(state) + read_text(state + ".journal");
  const auto j = json::parse(ok({"study", "plan", "--state", state, "--runs", "20", "--seed", "3", "--json"}).out);
  BOOST_TEST(read_text(state) + read_text(state + ".journal") == before);  // a plan writes nothing
  BOOST_TEST(j["told"] == 57);
  BOOST_TEST(j["in_flight"] == 3);
  BOOST_TEST(j["done"] == false);
  // The library on the same study gives the same continuations.
  auto lib = lb::read_study(state, std::nullopt, false, "test").study;
  lilucb::experiments::study_plan_request q;
  q.runs = 20;
  q.seed = 3;
  const auto p = lilucb::experiments::plan_study(lib, q);
  BOOST_TEST(j["remaining"]["runs"] == 20);
  BOOST_TEST(j["remaining"]["mean"].get<double>() == p.remaining.mean);
  BOOST_TEST(j["total"]["mean"].get<double>() == p.total_mean);
  BOOST_TEST(j["arms"]["means"].get<std::vector<double>>() == p.arms.means);
  const auto text = ok({"study", "plan", "--state", state, "--runs", "20", "--seed", "3"}).out;
  BOOST_TEST(contains(text, "20 continuations of the study's own rules"), text);
  BOOST_TEST(contains(text, "total pulls the study would reach"), text);
  // The status's estimate and its range, and the text that says what the estimate is.
  const auto st = json::parse(ok({"study", "status", "--state", state, "--json"}).out);
  BOOST_TEST(st["remaining_range"].size() == 2u);
  if (st["remaining_estimate"].is_number()) {
    BOOST_TEST(st["remaining_range"][0].get<double>() <= st["remaining_estimate"].get<double>());
    if (st["remaining_range"][1].is_number())
      BOOST_TEST(st["remaining_range"][1].get<double>() >= st["remaining_estimate"].get<double>());
  }
  BOOST_TEST(contains(ok({"study", "status", "--state", state}).out, "lilucb study plan simulates"));
  // Refusals: --concentration for a study that is not bounded; --runs 0.
  for (const std::vector<std::string>& bad :
       {std::vector<std::string>{"study", "plan", "--state", state, "--concentration", "4"},
        std::vector<std::string>{"study", "plan", "--state", state, "--runs", "0"}}) {
    const auto r = run_cli(bad);
    check_one_line_error(r);
    BOOST_TEST(contains(r.err, bad[4]), r.err);
  }
}

// `study new --sigma unknown`: Gaussian rewards of unknown, possibly different standard deviations.
// The default method is t3c-ids-matched+glr-paired-t (Proposition PT); the state carries the flag and no sigma;
// status prints each arm's sample standard deviation and, instead of a T* estimate, sends to plan;
// plan draws at those deviations; the study reaches a certified answer naming PT; a method that
// reads sigma, --sigma unknown with --model bernoulli and a reward beyond 1e75 are refused by name.
BOOST_AUTO_TEST_CASE(a_study_of_unknown_variance) {
  temp_dir dir;
  const std::string state = (dir.path / "u.json").string();
  const auto made = ok({"study", "new", "--state", state, "--names", "a,b,c", "--sigma", "unknown", "--nu", "0.05"});
  BOOST_TEST(contains(made.out, "(gaussian, sigma unknown)"), made.out);
  BOOST_TEST(contains(made.out, "method t3c-ids-matched+glr-paired-t"), made.out);
  BOOST_TEST(contains(read_text(state), "\"unknown_variance\":true"));
  BOOST_TEST(!contains(read_text(state), "\"sigma\""));
  // Rewards of very different spreads: arm a around 10 (sd about 1), b around 7 (sd about 4), c around 0.
  const auto reward = [](std::size_t arm, std::uint64_t id) {
    const double means[] = {10.0, 7.0, 0.0}, spreads[] = {1.0, 4.0, 0.5};
    const double u = static_cast<double>((id * 2654435761u + arm * 97u) % 1000) / 999.0 - 0.5;  // in [-0.5, 0.5]
    return means[arm] + 3.4 * spreads[arm] * u;
  };
  bool planned = false;
  for (int round = 0; round < 2000; ++round) {
    ask_and_tell(dir, state, 6, reward);
    if (!planned) {
      const auto st = json::parse(ok({"study", "status", "--state", state, "--json"}).out);
      BOOST_TEST(st["unknown_variance"] == true);
      BOOST_TEST(st["sds"].size() == 3u);
      bool spreads = true;
      for (const auto& sd : st["sds"]) spreads = spreads && sd.get<double>() > 0;
      BOOST_TEST(st["remaining_estimate"].is_number() == spreads);  // T* of unknown variances at the sds
      const auto text = ok({"study", "status", "--state", state}).out;
      BOOST_TEST(contains(text, "mean  sd"), text);
      BOOST_TEST(contains(text, spreads ? "T* of unknown variances" : "no estimate yet"), text);
      const auto p = json::parse(ok({"study", "plan", "--state", state, "--runs", "10", "--json"}).out);
      BOOST_TEST(p["arms"]["unknown_variance"] == true);
      BOOST_TEST(p["arms"]["sigmas"].get<std::vector<double>>() == st["sds"].get<std::vector<double>>());
      BOOST_TEST(contains(ok({"study", "plan", "--state", state, "--runs", "10"}).out, "Gaussian at the sample standard deviations"));
      planned = true;
    }
    if (json::parse(ok({"study", "answer", "--state", state, "--json"}).out)["done"] == true) break;
  }
  const auto ans = json::parse(ok({"study", "answer", "--state", state, "--json"}).out);
  BOOST_TEST(ans["done"] == true);
  BOOST_TEST(ans["certified"] == true);
  BOOST_TEST(ans["best_arm"] == 0);
  BOOST_TEST(ans["certificate"].get<std::string>().find("Proposition PT") != std::string::npos);
  // Refusals.
  const std::string other = (dir.path / "v.json").string();
  const auto sigma_rule = run_cli({"study", "new", "--state", other, "--arms", "2", "--sigma", "unknown", "--nu", "0.05",
                                   "--method", "t3c-ids+glr-pooled-per-arm"});
  check_one_line_error(sigma_rule);
  BOOST_TEST(contains(sigma_rule.err, "--method"), sigma_rule.err);
  const auto bern = run_cli({"study", "new", "--state", other, "--arms", "2", "--model", "bernoulli", "--sigma", "unknown",
                             "--nu", "0.05"});
  check_one_line_error(bern);
  BOOST_TEST(contains(bern.err, "--sigma"), bern.err);
  ok({"study", "new", "--state", other, "--arms", "2", "--sigma", "unknown", "--nu", "0.05"});
  const auto big = run_cli({"study", "tell", "--state", other, "--arm", "0", "--reward", "2e75"});
  check_one_line_error(big);
  BOOST_TEST(contains(big.err, "--reward"), big.err);
}
