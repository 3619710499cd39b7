// `lilucb study`: a state a user can trust (docs/live-study.md, "The state file").
//   - a failed command changes nothing: output that cannot be written (ask, tell > /dev/full) leaves
//     the state byte for byte, a refused call leaves no lock or temporary file, the readers (status,
//     answer, verify) take no lock and create nothing;
//   - tampering: each setting edited, fields of the wrong type, repeated and unknown keys, versions,
//     dropped and rewritten events (with the statistics recomputed): refused, saying what differs;
//   - the history: `answer` prints the head digest, `verify --digest` checks it (exit 1 when it
//     differs), a rollback to an older state is refused;
//   - the state as a symlink (its target updated, the link kept) and as a hard link (refused);
//   - arms by index (--arm) and by name (--name) with names that look like indices;
//   - numeric extremes: sigma and rewards that would leave the doubles are refused, and the
//     statistics of accepted extremes are finite;
//   - the snapshot and its journal: an edited journal record, a dropped one, a journal cut below
//     the snapshot, an edited snapshot: refused saying what differs; a torn last record is
//     ignored and cut by the next writer; the snapshot is rewritten as the journal grows
//     (compaction) and verify replays the whole journal through it; a version 2 state is read
//     and migrated by the next write;
//   - kill -9 at each point of a commit (the binary's fault hook, LILUCB_TEST_FAULT: before and after
//     the journal's append, around the snapshot's rewrite and a version-2 state's migration): the
//     state is the old one or the new one, never a third, verify accepts it, and the retried command
//     counts each reward once.
#include "cli_harness.hpp"
#include "../text_files.hpp"

#include "lilucb/study/identification.hpp"

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <cmath>
#include <csignal>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

using namespace cli_harness;
using json = nlohmann::json;
using test_files::read_text;

namespace {

void write_text(const fs::path& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

cli_result ok(const std::vector<std::string>& args) {
  const auto r = run_cli(args);
  BOOST_TEST_REQUIRE(r.status == 0, show(args) << " -> " << r.status << ": " << r.err);
  return r;
}

/// The names of the files in `dir`, sorted.
std::vector<std::string> listing(const fs::path& dir) {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(dir)) out.push_back(e.path().filename().string());
  std::sort(out.begin(), out.end());
  return out;
}

/// A Gaussian study of three arms with six asks, four of them told (ids 0-3), in `dir`/s.json.
std::string running_study(const temp_dir& dir) {
  const std::string state = (dir.path / "s.json").string();
  ok({"study", "new", "--state", state, "--arms", "3", "--sigma", "1", "--nu", "0.1", "--seed", "3"});
  ok({"study", "ask", "--state", state, "--count", "6"});
  for (int id = 0; id < 4; ++id)
    ok({"study", "tell", "--state", state, "--id", std::to_string(id), "--reward", std::to_string(0.1 * id)});
  return state;
}

/// The state's two files as one text (snapshot, then journal), for "unchanged" checks.
std::string both(const std::string& state) {
  const fs::path journal = state + ".journal";
  return read_text(state) + '\0' + (fs::exists(journal) ? read_text(journal) : std::string());
}

/// running_study's state as a whole JSON state of version 2 (the library's to_json), and the
/// library study that wrote it.
lilucb::bandit::identification running_study_library() {
  lilucb::bandit::study_settings s;
  s.arms = 3;
  s.sigma = 1;
  s.nu = 0.1;
  s.seed = 3;
  lilucb::bandit::identification lib(s);
  lib.ask(6);
  for (int id = 0; id < 4; ++id) lib.tell(static_cast<std::uint64_t>(id), std::stod(std::to_string(0.1 * id)));
  return lib;
}

/// Runs args through /bin/sh with stdout sent to /dev/full.
cli_result to_full_device(const std::vector<std::string>& args) {
  const char* env = std::getenv("LILUCB_CLI");
  std::string cmd = std::string("exec '") + (env && *env ? env : LILUCB_CLI_PATH) + "'";
  for (const auto& a : args) cmd += " '" + a + "'";
  cmd += " > /dev/full";
  return run_program("/bin/sh", {"-c", cmd});
}

}  // namespace

BOOST_AUTO_TEST_CASE(output_that_cannot_be_written_commits_nothing) {
  temp_dir dir;
  const std::string state = running_study(dir);
  const std::string before = both(state);
  const auto files = listing(dir.path);
  // ask > /dev/full: exit 3, and the asks nobody saw are not in the state.
  const auto a = to_full_device({"study", "ask", "--state", state, "--count", "5"});
  BOOST_TEST(a.status == 3, a.err);
  BOOST_TEST(contains(a.err, "state was left unchanged"), a.err);
  BOOST_TEST(both(state) == before);
  // tell > /dev/full: not counted, so the retried tell counts once.
  const auto t = to_full_device({"study", "tell", "--state", state, "--id", "4", "--reward", "0.5"});
  BOOST_TEST(t.status == 3, t.err);
  BOOST_TEST(both(state) == before);
  BOOST_TEST(listing(dir.path) == files);  // no temporary file left
  const auto again = ok({"study", "tell", "--state", state, "--id", "4", "--reward", "0.5"});
  BOOST_TEST(again.out == "1 reward told\n");
}

BOOST_AUTO_TEST_CASE(refusals_and_readers_leave_no_lock_or_temporary_file) {
  temp_dir dir;
  const std::string state = running_study(dir);
  fs::remove(state + ".lock");  // as after a copy of the state alone
  const auto files = listing(dir.path);
  const std::string before = both(state);
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"study", "tell", "--state", state, "--id", "4", "--reward", "nan"},
           {"study", "tell", "--state", state, "--id", "99", "--reward", "0"},
           {"study", "tell", "--state", state, "--arm", "7", "--reward", "0"},
           {"study", "ask", "--state", state, "--count", "0"},
           {"study", "new", "--state", state, "--arms", "2", "--sigma", "1", "--nu", "0.1"},
           {"study", "status", "--state", state},
           {"study", "answer", "--state", state, "--json"},
           {"study", "verify", "--state", state}}) {
    BOOST_TEST_CONTEXT(show(args)) {
      run_cli(args);
      BOOST_TEST(listing(dir.path) == files);
      BOOST_TEST(both(state) == before);
    }
  }
  // A study refused at `new` leaves nothing either.
  const auto r = run_cli({"study", "new", "--state", (dir.path / "t.json").string(), "--arms", "2", "--sigma", "0", "--nu", "0.1"});
  BOOST_TEST(r.status == 2);
  BOOST_TEST(listing(dir.path) == files);
}

BOOST_AUTO_TEST_CASE(the_readers_work_in_a_read_only_folder) {
  if (::geteuid() == 0) {
    // As root the permission bits do not stop a write: what is checked is that the readers never
    // open the lock for writing (no lock created above); the bits themselves need an ordinary user.
    BOOST_TEST_MESSAGE("run as root: the read-only folder case is covered by the no-lock check");
    BOOST_TEST(true);
    return;
  }
  temp_dir dir;
  const std::string state = running_study(dir);
  fs::permissions(dir.path, fs::perms::owner_read | fs::perms::owner_exec);
  const auto s = run_cli({"study", "status", "--state", state});
  const auto a = run_cli({"study", "answer", "--state", state});
  fs::permissions(dir.path, fs::perms::owner_all);
  BOOST_TEST(s.status == 0, s.err);
  BOOST_TEST(a.status == 0, a.err);
}

BOOST_AUTO_TEST_CASE(edited_states_are_refused_saying_what_differs) {
  temp_dir dir;
  const std::string good = running_study_library().to_json() + "\n";  // a whole state (version 2)
  const json j = json::parse(good);
  const auto refused = [&](const std::string& what, const std::string& text, const std::string& says) {
    BOOST_TEST_CONTEXT(what) {
      const std::string path = dir.file("edited.json", text);
      const auto r = run_cli({"study", "status", "--state", path});
      check_one_line_error(r);
      BOOST_TEST(contains(r.err, "--state"), r.err);
      BOOST_TEST(contains(r.err, says), r.err);
    }
  };
  const auto edited = [&](const std::function<void(json&)>& edit) {
    json e = j;
    edit(e);
    return e.dump();
  };
  // Each setting.
  refused("nu", edited([](json& e) { e["nu"] = 0.2; }), "edited setting");
  refused("seed", edited([](json& e) { e["seed"] = 4; }), "edited setting");
  refused("sigma", edited([](json& e) { e["sigma"] = 2.0; }), "edited setting");
  refused("method", edited([](json& e) { e["method"] = "t3c+glr-pooled-per-arm"; }), "edited setting");
  refused("names", edited([](json& e) { e["names"] = {"x", "y", "z"}; }), "edited setting");
  refused("model", edited([](json& e) { e["model"] = "bernoulli"; e.erase("sigma"); }), "");
  // Field types and values.
  refused("version 1.9", edited([](json& e) { e["version"] = 1.9; }), "version");
  refused("version 3", edited([](json& e) { e["version"] = 3; }), "unknown");
  refused("arms 3.5", edited([](json& e) { e["arms"] = 3.5; }), "arms");
  refused("arms 3.0", edited([](json& e) { e["arms"] = 3.0; }), "unsigned integer");
  refused("arms -3", edited([](json& e) { e["arms"] = -3; }), "arms");
  refused("arms 4294967295", edited([](json& e) { e["arms"] = 4294967295ull; }), "");
  refused("seed -1", edited([](json& e) { e["seed"] = -1; }), "seed");
  refused("seed 1e30", edited([](json& e) { e["seed"] = 1e30; }), "seed");
  refused("a fractional id", edited([](json& e) { e["events"]["ids"][1] = 1.5; }), "event 1 id");
  refused("an unknown key", edited([](json& e) { e["extra"] = 1; }), "extra");
  refused("a repeated key", good.substr(0, good.size() - 2) + ",\"nu\":0.1}\n", "repeated key");
  refused("a name with a newline", edited([](json& e) { e["names"] = {"a\nb", "c", "d"}; }), "names");
  // Events: the last tell dropped (statistics recomputed), a reward rewritten (statistics recomputed).
  refused("a dropped tell", edited([](json& e) {
            auto& ev = e["events"];
            const std::string kinds = ev["kinds"];
            ev["kinds"] = kinds.substr(0, kinds.size() - 1);
            ev["ids"].erase(ev["ids"].size() - 1);
            ev["arms"].erase(ev["arms"].size() - 1);
            const double r = ev["rewards"].back();
            ev["rewards"].erase(ev["rewards"].size() - 1);
            e["statistics"]["pulls"][0] = e["statistics"]["pulls"][0].get<int>() - 1;
            e["statistics"]["sums"][0] = e["statistics"]["sums"][0].get<double>() - r;
            e["chain"]["events"] = e["chain"]["events"].get<int>() - 1;
          }),
          "");
  refused("a rewritten reward", edited([](json& e) {
            auto& ev = e["events"];
            const double r = ev["rewards"][3];
            ev["rewards"][3] = r + 5;
            e["statistics"]["sums"][0] = e["statistics"]["sums"][0].get<double>() + 5;
          }),
          "hash chain");
  // The untouched state still loads.
  write_text(dir.path / "same.json", good);
  ok({"study", "status", "--state", (dir.path / "same.json").string()});
}

BOOST_AUTO_TEST_CASE(the_history_digest_checks_published_answers_and_rollbacks) {
  temp_dir dir;
  const std::string state = running_study(dir);
  const auto answer = json::parse(ok({"study", "answer", "--state", state, "--json"}).out);
  const std::string digest = answer["digest"];
  BOOST_TEST(digest.size() == 64u);
  BOOST_TEST(answer["events"] == 10);
  // Before the stop there is no answer to act on: the leader has its own name.
  BOOST_TEST(answer["done"] == false);
  BOOST_TEST(!answer.contains("best_arm"));
  BOOST_TEST(answer.contains("leader"));
  BOOST_TEST(contains(ok({"study", "answer", "--state", state}).out, digest));
  BOOST_TEST(contains(ok({"study", "verify", "--state", state, "--digest", digest}).out, "matches"));
  const std::string old = read_text(state), old_journal = read_text(state + ".journal");
  ok({"study", "tell", "--state", state, "--id", "4", "--reward", "0.7"});
  // The data moved on: the published digest no longer matches (exit 1).
  const auto moved = run_cli({"study", "verify", "--state", state, "--digest", digest});
  BOOST_TEST(moved.status == 1, moved.err);
  // A rollback to the older state is refused by every command, readers included.
  write_text(state, old);
  write_text(state + ".journal", old_journal);
  for (const char* sub : {"status", "ask", "verify"}) {
    const auto r = run_cli({"study", sub, "--state", state});
    BOOST_TEST(r.status == 2, sub << ": " << r.err);
    BOOST_TEST(contains(r.err, "an older state"), r.err);
    BOOST_TEST(contains(r.err, "voids the certificate"), r.err);
  }
  BOOST_TEST(read_text(state) == old);
}

BOOST_AUTO_TEST_CASE(a_symlinked_state_stays_a_link_and_a_hard_linked_one_is_refused) {
  temp_dir dir;
  const std::string state = running_study(dir);
  const fs::path link = dir.path / "link.json";
  fs::create_symlink("s.json", link);
  ok({"study", "tell", "--state", link.string(), "--id", "4", "--reward", "0.5"});
  BOOST_TEST(fs::is_symlink(link));
  BOOST_TEST(json::parse(ok({"study", "status", "--state", state, "--json"}).out)["pulls"][1] == 2);  // the target has the tell
  BOOST_TEST(!fs::exists(dir.path / "link.json.journal"));                 // one journal: the target's
  BOOST_TEST(!fs::exists(dir.path / "link.json.lock"));                    // one lock: the target's
  const fs::path hard = dir.path / "hard.json";
  fs::create_hard_link(state, hard);
  const std::string before = both(state);
  const auto r = run_cli({"study", "tell", "--state", hard.string(), "--id", "5", "--reward", "0.5"});
  BOOST_TEST(r.status == 3, r.err);
  BOOST_TEST(contains(r.err, "hard link"), r.err);
  BOOST_TEST(both(state) == before);
  BOOST_TEST(read_text(hard) == read_text(state));
  ok({"study", "status", "--state", hard.string()});  // reading a hard-linked state is fine
}

BOOST_AUTO_TEST_CASE(arms_by_index_and_by_name) {
  temp_dir dir;
  const std::string state = (dir.path / "s.json").string();
  ok({"study", "new", "--state", state, "--names", "1,0", "--model", "bernoulli", "--nu", "0.1"});
  ok({"study", "tell", "--state", state, "--arm", "0", "--reward", "1"});   // index 0: the arm named "1"
  ok({"study", "tell", "--state", state, "--name", "0", "--reward", "0"});  // the arm named "0": index 1
  const auto st = json::parse(ok({"study", "status", "--state", state, "--json"}).out);
  BOOST_TEST(st["pulls"] == json::array({1, 1}));
  BOOST_TEST(st["means"] == json::array({1.0, 0.0}));
  const auto r = run_cli({"study", "tell", "--state", state, "--name", "2", "--reward", "1"});
  check_one_line_error(r);
  BOOST_TEST(contains(r.err, "--name"), r.err);
  // Names that would break the `ID ARM NAME` lines are refused.
  const auto n = run_cli({"study", "new", "--state", (dir.path / "t.json").string(), "--names", "a\nb,c", "--model",
                          "bernoulli", "--nu", "0.1"});
  check_one_line_error(n);
  BOOST_TEST(contains(n.err, "--names"), n.err);
}

BOOST_AUTO_TEST_CASE(numeric_extremes_are_refused_or_finite) {
  temp_dir dir;
  const std::string state = (dir.path / "s.json").string();
  for (const char* sigma : {"4.9e-324", "1e-131", "1e308", "1e131"}) {
    const auto r = run_cli({"study", "new", "--state", state, "--arms", "2", "--sigma", sigma, "--nu", "0.1"});
    BOOST_TEST(r.status == 2, sigma << ": " << r.err);
    BOOST_TEST(contains(r.err, "--sigma"), r.err);
  }
  const auto range = run_cli({"study", "new", "--state", state, "--arms", "2", "--model", "bounded", "--range", "0,1e-300", "--nu", "0.1"});
  BOOST_TEST(range.status == 2, range.err);
  const auto big = run_cli({"study", "new", "--state", state, "--arms", "100000000", "--sigma", "1", "--nu", "0.1"});
  BOOST_TEST(big.status == 2, big.err);  // the memory estimate, before any allocation
  BOOST_TEST(contains(big.err, "--arms"), big.err);
  BOOST_TEST(!fs::exists(state));
  ok({"study", "new", "--state", state, "--arms", "2", "--sigma", "1", "--nu", "0.1"});
  const auto huge = run_cli({"study", "tell", "--state", state, "--arm", "0", "--reward", "1e160"});
  BOOST_TEST(huge.status == 2, huge.err);
  BOOST_TEST(contains(huge.err, "--reward"), huge.err);
  // The largest accepted rewards, far apart: the statistics stay finite and the leader is right.
  for (int k = 0; k < 3; ++k) {
    ok({"study", "tell", "--state", state, "--arm", "0", "--reward", "1e15"});
    ok({"study", "tell", "--state", state, "--arm", "1", "--reward", "-1e15"});
  }
  const auto a = json::parse(ok({"study", "answer", "--state", state, "--json"}).out);
  BOOST_TEST(a["done"] == true);
  BOOST_TEST(a["best_arm"] == 0);
  for (const auto& e : a["evidence"]) {
    BOOST_TEST(e["statistic"].is_number());
    BOOST_TEST(std::isfinite(e["statistic"].get<double>()));
  }
}

BOOST_AUTO_TEST_CASE(state_and_csv_of_the_wrong_kind) {
  temp_dir dir;
  const std::string state = running_study(dir);
  const fs::path fifo = dir.path / "fifo";
  BOOST_REQUIRE(::mkfifo(fifo.c_str(), 0644) == 0);
  for (const auto& args : std::vector<std::vector<std::string>>{{"study", "status", "--state", fifo.string()},
                                                                {"study", "ask", "--state", fifo.string()},
                                                                {"study", "tell", "--state", state, "--csv", fifo.string()}}) {
    const auto r = run_cli(args);  // returns: nothing blocks on a FIFO without a writer
    BOOST_TEST(r.status == 3, show(args) << ": " << r.err);
  }
  const auto folder = run_cli({"study", "tell", "--state", state, "--csv", dir.path.string()});
  BOOST_TEST(folder.status == 2, folder.err);
  BOOST_TEST(contains(folder.err, "--csv"), folder.err);
}

BOOST_AUTO_TEST_CASE(journal_records_edited_dropped_or_cut_are_refused) {
  temp_dir dir;
  const std::string state = running_study(dir);
  const std::string journal = state + ".journal";
  const std::string snap = read_text(state), good = read_text(journal);
  std::vector<std::string> lines;
  {
    std::istringstream in(good);
    for (std::string l; std::getline(in, l);) lines.push_back(l + "\n");
  }
  BOOST_REQUIRE(lines.size() == 5u);  // one record per command: the ask, four tells
  const auto join = [&](std::size_t skip) {
    std::string t;
    for (std::size_t k = 0; k < lines.size(); ++k)
      if (k != skip) t += lines[k];
    return t;
  };
  const auto refused = [&](const std::string& what, const std::string& journal_text, const std::string& snapshot_text,
                           const std::string& says, bool keep_lock = true) {
    BOOST_TEST_CONTEXT(what) {
      write_text(journal, journal_text);
      write_text(state, snapshot_text);
      if (!keep_lock) fs::remove(state + ".lock");
      for (const char* sub : {"status", "verify"}) {
        const auto r = run_cli({"study", sub, "--state", state});
        check_one_line_error(r);
        BOOST_TEST(contains(r.err, says), sub << ": " << r.err);
      }
    }
  };
  // A reward rewritten in the last record; a middle record dropped; the last one dropped (a
  // rollback, caught by STATE.lock; without the lock the shorter history is all there is).
  std::string edited = lines[4];
  edited.replace(edited.find("\"rewards\":[") + 11, 3, "0.9");
  refused("an edited reward", join(99).substr(0, good.size() - lines[4].size()) + edited, snap, "hash chain");
  refused("a dropped record", join(2), snap, "a record dropped");
  refused("the last record dropped", join(4), snap, "an older state");
  write_text(journal, good);
  ok({"study", "status", "--state", state});
  // The snapshot's header edited (its digest no longer matches), and the journal cut below it.
  std::string header_edit = snap;
  header_edit.replace(header_edit.find("\"pulls\":[") + 9, 1, "7");
  refused("edited snapshot statistics", good, header_edit, "digest");
  // A snapshot that covers part of its journal (a migrated state's): the journal cut below it,
  // or its covered record edited, is refused.
  const std::string old = dir.file("old.json", running_study_library().to_json() + "\n");
  ok({"study", "tell", "--state", old, "--id", "4", "--reward", "0.5"});
  const std::string migrated = read_text(old), record = read_text(old + ".journal");
  write_text(old + ".journal", record.substr(0, record.size() / 2));
  const auto cut = run_cli({"study", "status", "--state", old});
  check_one_line_error(cut);
  BOOST_TEST(contains(cut.err, "journal records dropped"), cut.err);
  std::string other = record;
  other.replace(other.size() - 10, 4, "0000");
  write_text(old + ".journal", other);
  const auto relinked = run_cli({"study", "status", "--state", old});
  check_one_line_error(relinked);
  BOOST_TEST(contains(relinked.err, "does not end at the snapshot's event"), relinked.err);
  const auto replayed = run_cli({"study", "verify", "--state", old});
  check_one_line_error(replayed);
  write_text(old + ".journal", record);
  BOOST_TEST(contains(ok({"study", "verify", "--state", old}).out, "11 events"));
  (void)migrated;
}

BOOST_AUTO_TEST_CASE(a_torn_last_record_is_ignored_and_cut_by_the_next_writer) {
  temp_dir dir;
  const std::string state = running_study(dir);
  const std::string journal = state + ".journal";
  const auto before = json::parse(ok({"study", "answer", "--state", state, "--json"}).out);
  const std::string good = read_text(journal);
  write_text(journal, good + "{\"from\":10,\"prev\":\"");  // a kill -9 during an append
  const auto torn = json::parse(ok({"study", "answer", "--state", state, "--json"}).out);
  BOOST_TEST(torn["digest"] == before["digest"]);
  BOOST_TEST(contains(ok({"study", "verify", "--state", state}).out, "10 events"));
  ok({"study", "tell", "--state", state, "--id", "4", "--reward", "0.5"});
  const std::string after = read_text(journal);
  BOOST_TEST(after.substr(0, good.size()) == good);
  BOOST_TEST(after.back() == '\n');
  BOOST_TEST(after.find("{\"from\":10,\"prev\":\"{") == std::string::npos);
  BOOST_TEST(contains(ok({"study", "verify", "--state", state}).out, "11 events"));
  // A complete line that is not a record is an edit, not a tear.
  write_text(journal, after + "garbage\n");
  const auto r = run_cli({"study", "status", "--state", state});
  check_one_line_error(r);
  BOOST_TEST(contains(r.err, "journal record at byte"), r.err);
}

BOOST_AUTO_TEST_CASE(the_snapshot_is_rewritten_as_the_journal_grows_and_verify_replays_through_it) {
  temp_dir dir;
  const std::string state = (dir.path / "s.json").string();
  ok({"study", "new", "--state", state, "--arms", "3", "--sigma", "1", "--nu", "0.001", "--seed", "5"});
  lilucb::bandit::study_settings s;
  s.arms = 3;
  s.sigma = 1;
  s.nu = 0.001;
  s.seed = 5;
  lilucb::bandit::identification lib(s);
  std::uint64_t snapshots = 0;
  std::string last = read_text(state);
  for (int round = 0; round < 30 && !lib.done(); ++round) {  // about 10 kB of journal a round
    const auto a = json::parse(ok({"study", "ask", "--state", state, "--count", "400", "--json"}).out);
    const auto b = lib.ask(400);
    std::string csv = "id,arm,reward\n";
    for (std::size_t k = 0; k < b.size(); ++k) {
      BOOST_REQUIRE_EQUAL(a["asks"][k]["arm"].get<std::size_t>(), b[k].arm);
      const double reward = 0.01 * static_cast<double>(b[k].id % 7);  // equal means: no stop
      std::ostringstream line;
      line.precision(17);
      line << b[k].id << ',' << b[k].arm << ',' << reward << '\n';
      csv += line.str();
      lib.tell(b[k].id, reward);
    }
    ok({"study", "tell", "--state", state, "--csv", dir.file("b.csv", csv)});
    const std::string now = read_text(state);
    if (now != last) ++snapshots;
    last = now;
  }
  BOOST_TEST(snapshots >= 3u);  // compacted along the way
  BOOST_TEST(fs::file_size(state) < 20000u);
  const auto v = json::parse(ok({"study", "verify", "--state", state, "--json"}).out);
  BOOST_TEST(v["digest"] == lib.history().head);
  BOOST_TEST(v["events"] == lib.history().events);
  const auto st = json::parse(ok({"study", "status", "--state", state, "--json"}).out);
  BOOST_TEST(st["total_pulls"] == lib.status().total_pulls);
  BOOST_TEST(st["done"] == lib.done());
}

BOOST_AUTO_TEST_CASE(a_version_2_state_is_read_and_migrated_by_the_next_write) {
  temp_dir dir;
  auto lib = running_study_library();
  const std::string state = dir.file("old.json", lib.to_json() + "\n");
  const auto before = json::parse(ok({"study", "answer", "--state", state, "--json"}).out);
  BOOST_TEST(before["digest"] == lib.history().head);
  BOOST_TEST(!fs::exists(state + ".journal"));  // a reader migrates nothing
  ok({"study", "tell", "--state", state, "--id", "4", "--reward", "0.5"});
  lib.tell(4, 0.5);
  BOOST_TEST(read_text(state).rfind("lilucb-study snapshot 4\n", 0) == 0u);
  BOOST_TEST(fs::exists(state + ".journal"));
  const auto v = json::parse(ok({"study", "verify", "--state", state, "--json"}).out);
  BOOST_TEST(v["digest"] == lib.history().head);
  BOOST_TEST(v["events"] == 11);
  // The migrated study goes on as the library's.
  const auto a = json::parse(ok({"study", "ask", "--state", state, "--json"}).out);
  BOOST_TEST(a["asks"][0]["arm"] == lib.ask().arm);
}

// A version 3 snapshot (tests/cli/data/study-v3: t3c-ids+glr-pooled-per-arm, 200 rewards told,
// its binary state written before the pooled rules kept their sums of absolute values) is read by
// replaying its journal: the same status and digest as when it was written, readers change no
// byte, and the next write makes it version 4, which later loads resume from.
BOOST_AUTO_TEST_CASE(a_version_3_snapshot_is_replayed_and_rewritten_by_the_next_write) {
  temp_dir dir;
  const fs::path fixture = LILUCB_STUDY_V3;
  const std::string state = (dir.path / "g.lus").string();
  fs::copy_file(fixture / "g.lus", state);
  fs::copy_file(fixture / "g.lus.journal", state + ".journal");
  BOOST_TEST(read_text(state).rfind("lilucb-study snapshot 3\n", 0) == 0u);
  const std::string before = both(state);
  BOOST_TEST(ok({"study", "status", "--state", state}).out == read_text(fixture / "status.txt"));
  const std::string head = "a0f1cde4f73dc5470e2df4eb1c9802129bcd166df4a6317f43ec81401df5e0a2";
  BOOST_TEST(json::parse(ok({"study", "answer", "--state", state, "--json"}).out)["digest"] == head);
  BOOST_TEST(json::parse(ok({"study", "verify", "--state", state, "--json"}).out)["digest"] == head);
  BOOST_TEST(both(state) == before);  // readers write nothing
  const auto a = json::parse(ok({"study", "ask", "--state", state, "--json"}).out);
  BOOST_TEST(read_text(state).rfind("lilucb-study snapshot 4\n", 0) == 0u);
  ok({"study", "tell", "--state", state, "--id", std::to_string(a["asks"][0]["id"].get<std::uint64_t>()), "--reward", "0.25"});
  const auto v = json::parse(ok({"study", "verify", "--state", state, "--json"}).out);
  BOOST_TEST(v["events"] == 402);
  // The version 4 snapshot resumes to what the whole journal replays to.
  BOOST_TEST(json::parse(ok({"study", "answer", "--state", state, "--json"}).out)["digest"] == v["digest"]);
  const auto status = ok({"study", "status", "--state", state, "--json"}).out;
  BOOST_TEST(json::parse(status)["total_pulls"] == 201);
}

// ---- kill -9 at each point of a commit ---------------------------------------------------------
// The binary's fault hook (lib/src/safe_file.cpp, LILUCB_TEST_FAULT=<file name>:<stage>:<k>:kill)
// sends it SIGKILL the k-th time it reaches <stage> for that file: appending (the journal cut to its
// reader's length, the record not yet written), appended (written and fsync'ed, STATE.lock not yet
// updated); created, written, renamed around an atomic rewrite (the snapshot, a migration's
// journal).

namespace {

/// lilucb with `args` under LILUCB_TEST_FAULT=`fault`.
cli_result run_faulted(const std::string& fault, const std::vector<std::string>& args) {
  const char* env = std::getenv("LILUCB_CLI");
  std::vector<std::string> all{"LILUCB_TEST_FAULT=" + fault, env && *env ? env : LILUCB_CLI_PATH};
  all.insert(all.end(), args.begin(), args.end());
  return run_program("/usr/bin/env", all);
}

json status_of(const std::string& state) { return json::parse(ok({"study", "status", "--state", state, "--json"}).out); }

}  // namespace

BOOST_AUTO_TEST_CASE(kill_9_around_the_journal_append_leaves_the_old_or_new_state_and_a_retry_counts_once) {
  auto lib = running_study_library();
  lib.tell(4, 0.5);
  const std::string head_after = lib.history().head;
  for (const char* stage : {"appending", "appended"}) {
    BOOST_TEST_CONTEXT(stage) {
      temp_dir dir;
      const std::string state = running_study(dir);
      const std::string before = both(state);
      const std::vector<std::string> tell{"study", "tell", "--state", state, "--id", "4", "--reward", "0.5"};
      const auto killed = run_faulted("s.json.journal:" + std::string(stage) + ":1:kill", tell);
      BOOST_TEST(killed.signaled);
      BOOST_TEST(killed.status == 128 + SIGKILL);
      const bool committed = std::string(stage) == "appended";
      BOOST_TEST((both(state) == before) == !committed);  // the old state, byte for byte, or the new one
      BOOST_TEST(status_of(state)["total_pulls"] == (committed ? 5 : 4));
      ok({"study", "verify", "--state", state});
      // The script retries the tell: counted now, or recognised as counted before.
      const auto retry = ok(tell);
      BOOST_TEST(contains(retry.out, committed ? "0 rewards told; 1 repeated id" : "1 reward told"), retry.out);
      BOOST_TEST(status_of(state)["total_pulls"] == 5);
      const auto v = json::parse(ok({"study", "verify", "--state", state, "--json"}).out);
      BOOST_TEST(v["digest"] == head_after);
      BOOST_TEST(listing(dir.path) == (std::vector<std::string>{"s.json", "s.json.journal", "s.json.lock"}));
    }
  }
  // An ask killed before its record: its asks were never made, and the next ask makes the same
  // ones; killed after it, they stand (in flight), and the next ask makes new ones.
  for (const char* stage : {"appending", "appended"}) {
    BOOST_TEST_CONTEXT("ask, " << stage) {
      temp_dir dir;
      const std::string state = running_study(dir);
      const std::vector<std::string> ask{"study", "ask", "--state", state, "--count", "3", "--json"};
      const auto killed = run_faulted("s.json.journal:" + std::string(stage) + ":1:kill", ask);
      BOOST_TEST(killed.signaled);
      const bool committed = std::string(stage) == "appended";
      BOOST_TEST(status_of(state)["total_pending"] == (committed ? 5 : 2));
      const auto again = json::parse(ok(ask).out);
      BOOST_TEST(again["asks"][0]["id"] == (committed ? 9 : 6));
      BOOST_TEST(status_of(state)["total_pending"] == (committed ? 8 : 5));
      ok({"study", "verify", "--state", state});
    }
  }
}

BOOST_AUTO_TEST_CASE(kill_9_around_the_snapshot_rewrite_and_a_migration_leaves_the_old_or_new_state) {
  // A command whose record takes the journal 64 KiB past the snapshot rewrites the snapshot after
  // the append (the commit): killed at any point of that rewrite, the events stand in the journal.
  for (const char* stage : {"created", "written", "renamed"}) {
    BOOST_TEST_CONTEXT("compaction, " << stage) {
      temp_dir dir;
      const std::string state = running_study(dir);
      const std::string snapshot = read_text(state);
      const std::vector<std::string> ask{"study", "ask", "--state", state, "--count", "30000"};
      const auto killed = run_faulted("s.json:" + std::string(stage) + ":1:kill", ask);
      BOOST_TEST(killed.signaled);
      BOOST_TEST(fs::file_size(state + ".journal") > 65536u);
      BOOST_TEST((read_text(state) == snapshot) == (std::string(stage) != "renamed"));
      BOOST_TEST(status_of(state)["total_pending"] == 30002);
      ok({"study", "verify", "--state", state});
      ok({"study", "tell", "--state", state, "--id", "4", "--reward", "0.5"});  // the next writer goes on
      BOOST_TEST(status_of(state)["total_pulls"] == 5);
      ok({"study", "verify", "--state", state});
    }
  }
  // A version-2 state's migration: the journal written whole, then the snapshot renamed over the
  // old state (the commit).  Killed before the rename, the old state stands (a journal left
  // behind is replaced by the retry); after it, the new one.  The retried tell counts once.
  auto lib = running_study_library();
  const std::string v2 = lib.to_json() + "\n";
  lib.tell(4, 0.5);
  struct point {
    const char* fault;
    bool committed;
  };
  for (const point& p : {point{"s.json.journal:created:1:kill", false}, point{"s.json.journal:renamed:1:kill", false},
                         point{"s.json:written:1:kill", false}, point{"s.json:renamed:1:kill", true}}) {
    BOOST_TEST_CONTEXT("migration, " << p.fault) {
      temp_dir dir;
      const std::string state = dir.file("s.json", v2);
      const std::vector<std::string> tell{"study", "tell", "--state", state, "--id", "4", "--reward", "0.5"};
      const auto killed = run_faulted(p.fault, tell);
      BOOST_TEST(killed.signaled);
      BOOST_TEST((read_text(state) == v2) == !p.committed);
      BOOST_TEST(status_of(state)["total_pulls"] == (p.committed ? 5 : 4));
      ok({"study", "verify", "--state", state});
      ok(tell);
      BOOST_TEST(status_of(state)["total_pulls"] == 5);
      const auto v = json::parse(ok({"study", "verify", "--state", state, "--json"}).out);
      BOOST_TEST(v["digest"] == lib.history().head);
      BOOST_TEST(read_text(state).rfind("lilucb-study snapshot 4\n", 0) == 0u);
    }
  }
}
