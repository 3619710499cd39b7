// `lilucb study new|ask|tell|status|answer|verify`: the ask-tell study
// (lilucb/study/identification.hpp) for scripts.  The state is two files (docs/live-study.md,
// "The state file"): STATE (--state), the snapshot, and STATE.journal, the append-only journal of
// every event, with STATE.lock beside them (one writer at a time, and the history last written: a
// rollback is refused).  They are read and written by the library (read_study, study_lock,
// write_study: the same code as Python's Identification.load/save): each writing command appends
// one record (the commit) and rewrites the snapshot only when the journal has grown 64 KiB past it,
// so a command costs O(its events), not O(history); a state of version 1 or 2 (one JSON file with
// every event) is read as before and migrated by the next writing command.  new, ask and tell hold
// the lock, so concurrent scripts queue; status, answer and verify read without it, so they work in
// read-only folders and never wait for a writer.
//
// A failed command changes nothing: bad input is exit 2 before anything is written; ask and tell
// write their output first and commit the new state only once it was written whole (output that
// cannot be written: exit 3, the state unchanged); a call that created STATE.lock and fails
// removes it.

#include "arms_options.hpp"
#include "cli_support.hpp"

#include "lilucb/bandit/reward_model.hpp"
#include "lilucb/study/identification.hpp"
#include "lilucb/errors.hpp"
#include "lilucb/io/safe_file.hpp"
#include "lilucb_experiments/study_plan.hpp"


#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <limits>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace lilucb::cli {

namespace {

namespace lb = lilucb::bandit;
namespace fs = std::filesystem;

/// The largest CSV file read: 1 GiB (the state's files: lilucb::bandit::read_study's limits).
constexpr std::size_t max_study_bytes = std::size_t{1} << 30;

/// Runs `f` (a call on the state's files: lilucb::bandit::read_study, study_lock, write_study) with
/// its errors as the option that named the files: an io_error as "COMMAND --state" (with `note`
/// appended: what a failed commit means for the output already printed), a domain_error naming the
/// state as --state.
template <class F>
auto on_state(const std::string& command, F&& f, const std::string& note = "") -> decltype(f()) {
  try {
    return f();
  } catch (const lilucb::io_error& e) {
    throw lilucb::io_error(command + " --state", e.path(), e.reason() + note);
  } catch (const lilucb::domain_error& e) {
    if (e.parameter() != "state") throw;
    throw lilucb::domain_error(command, "--state", e.value(), e.admissible());
  }
}

/// Writes `text` to standard output and flushes it; throws io_error when it did not all arrive
/// (a full device, a closed pipe), so the caller commits nothing.
void emit(const std::string& command, const std::string& text) {
  std::cout << text;
  std::cout.flush();
  errno = 0;
  if (!std::cout || std::fflush(stdout) != 0) {
    const int e = errno;
    std::cout.clear();
    throw lilucb::io_error(command, "standard output",
                           std::string("cannot be written") + (e ? std::string(" (") + std::strerror(e) + ")" : "") +
                               "; the state was left unchanged");
  }
}

/// Commits the study's new events (lilucb::bandit::write_study); a snapshot that could not be
/// rewritten after the commit is a warning on stderr.
void save(const std::string& command, const std::string& path, lb::stored_study& l, lb::study_lock& lock,
          const std::string& void_note) {
  const std::string warning = on_state(command, [&] { return lb::write_study(path, l, lock, command); }, void_note);
  if (!warning.empty()) std::cerr << warning << '\n';
}

/// The lock on the state's files, for a writing command.
std::unique_ptr<lb::study_lock> lock_state(const std::string& command, const std::string& path) {
  return on_state(command, [&] { return std::make_unique<lb::study_lock>(path, command); });
}

/// The study at `path`, checked against the history last written.
lb::stored_study load(const std::string& command, const std::string& path, const std::optional<lb::study_history>& last_written,
                      bool full_replay = false) {
  return on_state(command, [&] { return lb::read_study(path, last_written, full_replay, command); });
}

std::string arm_label(const lb::identification& s, std::size_t arm) {
  const auto& names = s.settings().names;
  return names.empty() ? std::to_string(arm) : std::to_string(arm) + " (" + names[arm] + ")";
}

/// An arm given by its index (--arm, a CSV arm column).
std::size_t parse_arm_index(const std::string& command, const std::string& option, const lb::identification& s,
                            const std::string& text) {
  const std::string range = "an arm index 0 to " + std::to_string(s.settings().arms - 1);
  const std::uint64_t a = parse_count(option, text, range);
  if (a >= s.settings().arms) throw lilucb::domain_error(command, option, text, range);
  return static_cast<std::size_t>(a);
}

/// An arm given by its name (--name, a CSV name column).
std::size_t parse_arm_name(const std::string& command, const std::string& option, const lb::identification& s,
                           const std::string& text) {
  const auto& names = s.settings().names;
  for (std::size_t i = 0; i < names.size(); ++i)
    if (names[i] == text) return i;
  throw lilucb::domain_error(command, option, text,
                             names.empty() ? std::string("no name: this study's arms have none (give the index with --arm)")
                                           : "one of the study's arm names (given with --names)");
}

// ---- new ----

struct new_options {
  std::string state, arms, names, model = bandit::model_name(bandit::reward_model::gaussian), sigma, range, nu, method, seed = "1", epsilon, top;
  bool epsilon_relative = false;
};

void run_new(const new_options& o) {
  const std::string cmd = "lilucb study new";
  lb::study_settings s;
  s.model = lb::parse_reward_model(cmd.c_str(), "--model", o.model);
  if (!o.names.empty()) {
    std::stringstream in(o.names);
    for (std::string n; std::getline(in, n, ',');) s.names.push_back(n);
    if (o.names.back() == ',') s.names.push_back("");
    for (const auto& n : s.names)
      if (!lb::study_name_is_valid(n))
        throw lilucb::domain_error(cmd, "--names", o.names,
                                   "comma-separated distinct names, each 1 to 256 bytes of UTF-8 without control characters");
  }
  if (!o.arms.empty()) {
    s.arms = parse_count("--arms", o.arms, "an integer >= 1");
    if (!s.names.empty() && s.names.size() != s.arms)
      throw lilucb::domain_error(cmd, "--names", o.names, std::to_string(s.arms) + " names (one per arm of --arms)");
  } else if (!s.names.empty()) {
    s.arms = s.names.size();
  } else {
    throw lilucb::domain_error(cmd, "--arms", "(absent)", "the number of arms, or --names");
  }
  if (s.model == lb::reward_model::gaussian) {
    if (o.sigma.empty())
      throw lilucb::domain_error(cmd, "--sigma", "(absent)",
                                 "the rewards' scale, > 0, or unknown (required with --model gaussian)");
    if (o.sigma == "unknown") s.unknown_variance = true;
    else s.sigma = parse_real("--sigma", o.sigma, "[1e-130, 1e130] or unknown");
  }
  if (s.model == lb::reward_model::bounded) {
    if (o.range.empty()) throw lilucb::domain_error(cmd, "--range", "(absent)", "LO,HI (required with --model bounded)");
    const auto r = parse_real_list("--range", o.range);
    if (r.size() != 2) throw lilucb::domain_error(cmd, "--range", o.range, "two numbers LO,HI with LO < HI");
    s.lo = r[0];
    s.hi = r[1];
  }
  s.nu = parse_real("--nu", o.nu, "(0, 1)");
  if (!o.epsilon.empty()) {
    s.target.relative = o.epsilon_relative;
    s.target.epsilon = parse_real("--epsilon", o.epsilon, o.epsilon_relative ? "[0, 1) with --epsilon-relative" : "[0, inf)");
  } else if (o.epsilon_relative) {
    throw lilucb::domain_error(cmd, "--epsilon-relative", "given", "only with --epsilon E");
  }
  if (!o.top.empty()) s.target.top = parse_count("--top", o.top, "[1, K - 1] (K the number of arms)");
  s.method = o.method;
  s.seed = parse_count("--seed", o.seed, "an integer in [0, 2^64)");
  lb::identification study(s);  // checks every setting
  std::error_code ec;
  if (fs::symlink_status(o.state, ec).type() != fs::file_type::not_found)
    throw lilucb::domain_error(cmd, "--state", o.state, "a path where no file exists yet (a new study; remove the old state to start over)");
  const auto lock = lock_state(cmd, o.state);
  if (fs::symlink_status(o.state, ec).type() != fs::file_type::not_found)  // created while we waited for the lock
    throw lilucb::domain_error(cmd, "--state", o.state, "a path where no file exists yet (a new study; remove the old state to start over)");
  lb::stored_study l{std::move(study), true, 0};
  save(cmd, o.state, l, *lock, "");
  std::cout << "study of " << s.arms << " arms (" << lb::model_name(s.model) << (s.unknown_variance ? ", sigma unknown" : "")
            << "), nu = " << text_number(s.nu)
            << (s.target.best_arm() ? "" : ", question: " + lb::to_string(s.target)) << ", method " << l.study.method()
            << ": " << o.state << '\n';
}

// ---- ask ----

struct ask_options {
  std::string state, count = "1";
  bool json = false;
};

void run_ask(const ask_options& o) {
  const std::string cmd = "lilucb study ask";
  const std::uint64_t m = parse_count("--count", o.count, "1 to 10^7");
  const auto lock = lock_state(cmd, o.state);
  auto l = load(cmd, o.state, lock->record());
  auto& study = l.study;
  if (study.done())
    throw lilucb::domain_error(cmd, "--state", o.state, "a study that has not stopped (this one has answered: see `lilucb study answer`)");
  const auto asks = study.ask(static_cast<std::size_t>(m));
  const auto& names = study.settings().names;
  std::string out;
  if (o.json) {
    nlohmann::json a = nlohmann::json::array();
    for (const auto& q : asks) {
      nlohmann::json x{{"id", q.id}, {"arm", q.arm}};
      if (!names.empty()) x["name"] = names[q.arm];
      a.push_back(x);
    }
    out = nlohmann::json{{"asks", a}}.dump(2) + '\n';
  } else {
    out.reserve(asks.size() * 16);
    for (const auto& q : asks) {
      out += std::to_string(q.id);
      out += ' ';
      out += std::to_string(q.arm);
      if (!names.empty()) {
        out += ' ';
        out += names[q.arm];
      }
      out += '\n';
    }
  }
  emit(cmd, out);
  save(cmd, o.state, l, *lock, "; the asks printed above are void (not recorded): ask again");
}

// ---- tell ----

struct tell_options {
  std::string state, arm, name, reward, id, csv;
};

struct one_tell {
  std::optional<std::uint64_t> id;
  std::string arm;    // an index, or empty
  std::string name;   // a name, or empty
  double reward;
  std::string where;  // the option or the CSV line, for messages
};

std::vector<one_tell> read_tells(const tell_options& o, const std::string& cmd = "lilucb study tell") {
  std::vector<one_tell> out;
  if (o.csv.empty()) {
    if (o.arm.empty() && o.name.empty() && o.id.empty())
      throw lilucb::domain_error(cmd, "--arm", "(absent)", "--arm INDEX (or --name NAME) --reward R [--id ID], or --csv FILE");
    if (!o.arm.empty() && !o.name.empty())
      throw lilucb::domain_error(cmd, "--name", o.name, "--arm or --name, not both");
    if (o.reward.empty()) throw lilucb::domain_error(cmd, "--reward", "(absent)", "the reward of the pull (with --arm)");
    one_tell t;
    if (!o.id.empty()) t.id = parse_count("--id", o.id, "an id printed by `lilucb study ask`");
    t.arm = o.arm;
    t.name = o.name;
    t.reward = parse_real("--reward", o.reward, "a finite number in the study's range");
    t.where = "--reward";
    out.push_back(t);
    return out;
  }
  std::string text;
  if (o.csv == "-") {
    text = io::read_stdin(max_study_bytes, cmd);
  } else {
    std::error_code ec;
    if (fs::is_directory(o.csv, ec)) throw lilucb::domain_error(cmd, "--csv", o.csv, "a file, not a folder");
    try {
      text = io::read_file(o.csv, max_study_bytes, cmd);
    } catch (const lilucb::io_error& e) {
      throw lilucb::io_error(cmd + " --csv", e.path(), e.reason());
    }
  }
  std::stringstream in(text);
  std::size_t n = 0;
  bool by_name = false;
  for (std::string line; std::getline(in, line);) {
    ++n;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.find_first_not_of(" \t") == std::string::npos) continue;
    if (n == 1 && (line == "id,arm,reward" || line == "id,name,reward")) {  // a header: the second column's meaning
      by_name = line == "id,name,reward";
      continue;
    }
    const std::string where = "--csv line " + std::to_string(n);
    std::vector<std::string> f;
    std::stringstream s(line);
    for (std::string x; std::getline(s, x, ',');) f.push_back(x);
    if (line.back() == ',') f.push_back("");
    if (f.size() != 3)
      throw lilucb::domain_error(cmd, where, line, "id,arm,reward (the id may be empty; a header id,name,reward names the arms)");
    one_tell t;
    if (!f[0].empty()) t.id = parse_count(where + " id", f[0], "an id printed by `lilucb study ask`");
    (by_name ? t.name : t.arm) = f[1];
    t.reward = parse_real(where + " reward", f[2], "a finite number in the study's range");
    t.where = where;
    out.push_back(t);
  }
  if (out.empty()) throw lilucb::domain_error(cmd, "--csv", o.csv, "at least one line id,arm,reward");
  return out;
}

void run_tell(const tell_options& o) {
  const std::string cmd = "lilucb study tell";
  if (!o.csv.empty() && (!o.arm.empty() || !o.name.empty() || !o.reward.empty() || !o.id.empty()))
    throw lilucb::domain_error(cmd, "--csv", o.csv, "--csv alone (not with --arm, --name, --reward or --id)");
  const auto tells = read_tells(o);
  const auto lock = lock_state(cmd, o.state);
  auto l = load(cmd, o.state, lock->record());
  auto& study = l.study;
  std::size_t counted = 0, repeated = 0;
  for (const auto& t : tells) {
    const bool from_csv = t.where != "--reward";
    const std::string arm_option = from_csv ? t.where + (t.name.empty() ? " arm" : " name") : t.name.empty() ? "--arm" : "--name";
    try {
      std::optional<std::size_t> arm;
      if (!t.arm.empty()) arm = parse_arm_index(cmd, arm_option, study, t.arm);
      if (!t.name.empty()) arm = parse_arm_name(cmd, arm_option, study, t.name);
      if (t.id) {
        const bool fresh = arm ? study.tell(*t.id, *arm, t.reward) : study.tell(*t.id, t.reward);
        ++(fresh ? counted : repeated);
      } else {
        if (!arm) throw lilucb::domain_error(cmd, arm_option, "(absent)", "an arm (or an id)");
        study.tell_arm(*arm, t.reward);
        ++counted;
      }
    } catch (const lilucb::domain_error& e) {
      if (e.parameter().rfind("--", 0) == 0) throw;
      if (!from_csv) {  // the library's parameter, as the option that gave it
        const std::string option = e.parameter() == "arm" ? arm_option : e.parameter() == "id" ? "--id" : "--reward";
        throw lilucb::domain_error(cmd, option, e.value(), e.admissible());
      }
      throw lilucb::domain_error(cmd, t.where, e.value(), e.parameter() + ": " + e.admissible());
    }
  }
  std::string out = std::to_string(counted) + " reward" + (counted == 1 ? "" : "s") + " told";
  if (repeated) out += "; " + std::to_string(repeated) + " repeated id" + (repeated == 1 ? "" : "s") + " counted once before, ignored";
  out += study.done() ? "; the study has answered (lilucb study answer)\n" : "\n";
  emit(cmd, out);
  save(cmd, o.state, l, *lock, "; the rewards were NOT counted: tell them again");
}

// ---- expire ----

struct expire_options {
  std::string state, through, reward = "0", csv;
};

void run_expire(const expire_options& o) {
  const std::string cmd = "lilucb study expire";
  const std::uint64_t through = parse_count("--through", o.through, "an id printed by `lilucb study ask`");
  const double reward = parse_real("--reward", o.reward, "a finite number in the study's range");
  std::vector<one_tell> lines;
  if (!o.csv.empty()) {
    tell_options t;
    t.csv = o.csv;
    lines = read_tells(t, cmd);
  }
  const auto lock = lock_state(cmd, o.state);
  auto l = load(cmd, o.state, lock->record());
  auto& study = l.study;
  std::vector<lb::study_outcome> outcomes;
  for (const auto& t : lines) {
    if (!t.id) throw lilucb::domain_error(cmd, t.where + " id", "(empty)", "the id of the pull (expire tells by id)");
    lb::study_outcome x{*t.id, t.reward, std::nullopt};
    if (!t.arm.empty()) x.arm = parse_arm_index(cmd, t.where + " arm", study, t.arm);
    if (!t.name.empty()) x.arm = parse_arm_name(cmd, t.where + " name", study, t.name);
    outcomes.push_back(x);
  }
  std::size_t expired = 0;
  try {
    expired = study.expire(through, reward, outcomes);
  } catch (const lilucb::domain_error& e) {
    if (e.parameter() == "reward") throw lilucb::domain_error(cmd, "--reward", o.reward, e.admissible());
    if (e.parameter() == "outcomes") throw lilucb::domain_error(cmd, "--csv", o.csv, e.value() + ": " + e.admissible());
    throw lilucb::domain_error(cmd, "--through", o.through, e.admissible());  // the window's asks (told without ids)
  }
  std::string out = std::to_string(expired) + " pull" + (expired == 1 ? "" : "s") + " in flight with id <= " + o.through +
                    " closed in id order (" + std::to_string(outcomes.size()) + " outcome" +
                    (outcomes.size() == 1 ? "" : "s") + " from --csv, the rest told " +
                    ::lilucb::detail::format_value(reward) + ")";
  out += study.done() ? "; the study has answered (lilucb study answer)\n" : "\n";
  emit(cmd, out);
  save(cmd, o.state, l, *lock, "; nothing was closed: run it again");
}

// ---- status, answer and verify (read without the lock) ----

struct show_options {
  std::string state;
  bool json = false;
};

lb::identification read_only(const std::string& cmd, const std::string& state, bool full_replay = false) {
  const auto record = lb::peek_study_record(state);  // before the state: see peek_study_record
  return std::move(load(cmd, state, record, full_replay).study);
}

// The status's estimate of the pulls left, in words: what it is (the lower bound's leading term,
// so the certified rule takes more), its range, and where the simulated answer is.
std::string remaining_text(const lb::identification& study, const lb::study_status& st) {
  if (study.settings().unknown_variance && !st.remaining_estimate)
    return "more pulls: no estimate yet (an arm with fewer than two distinct rewards, leading means tied, or a "
           "question other than the best arm); lilucb study plan simulates the rest at the arms' means and sample "
           "standard deviations once every arm shows a spread\n";
  if (!st.remaining_estimate)
    return "more pulls: no estimate yet (an arm without a reward, or leading means tied); lilucb study plan "
           "simulates the rest once every arm has a reward\n";
  std::string out;
  const std::string at = study.settings().unknown_variance
                             ? "at the empirical means and sample standard deviations (T* of unknown variances)"
                             : "at the empirical means";
  if (*st.remaining_estimate == 0)
    out = "more pulls: T*(mu_hat) log(1/nu), the lower bound's leading order " + at +
          ", is already below the pulls told, yet the rule needs more evidence";
  else
    out = "more pulls: about " + text_number(std::round(*st.remaining_estimate)) +
          " (T*(mu_hat) log(1/nu) minus the pulls told: the lower bound's leading order " + at + ")";
  const auto end = [](const std::optional<double>& x, const char* none) {
    return x ? text_number(std::round(*x)) : std::string(none);
  };
  out += "; with the means moved by one standard error: " + end(st.remaining_low, "no lower end") + " to " +
         end(st.remaining_high, "no upper end (the means may tie or cross)") +
         "; certified rules take more: lilucb study plan simulates how many\n";
  return out;
}

void run_status(const show_options& o) {
  const std::string cmd = "lilucb study status";
  auto study = read_only(cmd, o.state);
  const auto st = study.status();
  const auto& set = study.settings();
  if (o.json) {
    nlohmann::json j{{"arms", set.arms},         {"model", lb::model_name(set.model)},
                     {"nu", set.nu},             {"method", study.method()},
                     {"pulls", st.pulls},        {"pending", st.pending},
                     {"means", st.means},        {"total_pulls", st.total_pulls},
                     {"total_pending", st.total_pending}, {"leader", st.leader},
                     {"done", st.done},          {"remaining_estimate", json_or_null(st.remaining_estimate)},
                     {"remaining_range", {json_or_null(st.remaining_low), json_or_null(st.remaining_high)}}};
    if (!set.names.empty()) j["names"] = set.names;
    j["sds"] = set.unknown_variance ? nlohmann::json(st.sds) : nlohmann::json(nullptr);
    if (set.unknown_variance) j["unknown_variance"] = true;
    print_json(j);
    return;
  }
  const bool sds = set.unknown_variance;
  std::cout << "study: " << set.arms << " arms (" << lb::model_name(set.model) << (sds ? ", sigma unknown" : "")
            << "), nu = " << text_number(set.nu) << ", method " << study.method() << (st.done ? "; done" : "; running") << '\n'
            << "  arm  pulls  in flight  mean" << (sds ? "  sd" : "") << '\n';
  for (std::size_t i = 0; i < set.arms; ++i)
    std::cout << "  " << arm_label(study, i) << "  " << st.pulls[i] << "  " << st.pending[i] << "  "
              << (st.pulls[i] ? text_number(st.means[i]) : std::string("-"))
              << (sds ? "  " + (st.pulls[i] >= 2 ? text_number(st.sds[i]) : std::string("-")) : std::string())
              << (i == st.leader ? "  (leader)" : "") << '\n';
  std::cout << "total: " << st.total_pulls << " told, " << st.total_pending << " in flight\n";
  if (!st.done) std::cout << remaining_text(study, st);
}

// ---- plan: the rest of the study simulated (read without the lock) ----

struct study_plan_options {
  std::string state, runs = "200", seed = "1", threads = "0", max_pulls = "1000000", concentration;
  bool json = false;
};

void run_study_plan(const study_plan_options& o) {
  const std::string cmd = "lilucb study plan";
  experiments::study_plan_request q;
  q.runs = parse_count("--runs", o.runs, "[1, 10^6]");
  q.seed = parse_count("--seed", o.seed, "[0, 2^64)");
  q.threads = static_cast<unsigned>(parse_count("--threads", o.threads, "[0, 1024] (0: all cores)"));
  q.max_pulls = parse_count("--max-pulls", o.max_pulls, "[1, 2^63]");
  if (q.max_pulls < 1 || q.max_pulls > (std::uint64_t{1} << 63))
    throw lilucb::domain_error(cmd, "--max-pulls", o.max_pulls, "[1, 2^63]");
  auto study = read_only(cmd, o.state);
  if (!o.concentration.empty()) {
    if (study.settings().model != lb::reward_model::bounded)
      throw lilucb::domain_error(cmd, "--concentration", o.concentration,
                                 "only for a bounded study (this one is " + std::string(lb::model_name(study.settings().model)) + ")");
    q.concentration = parse_real("--concentration", o.concentration, "(0, inf)");
    check_positive(cmd.c_str(), "--concentration", q.concentration);
  }
  // A progress line on stderr when it is a terminal: the continuations can take a while.
  count_progress progress(cmd, "continuations");
  q.progress = progress.callback();
  experiments::study_plan p;
  try {
    p = experiments::plan_study(study, q);
  } catch (const lilucb::domain_error& e) {
    progress.end();
    // The library's names are the CLI's options.
    const std::string param = e.parameter();
    if (param == "runs" || param == "max_pulls" || param == "concentration" || param == "threads")
      throw lilucb::domain_error(cmd, param == "max_pulls" ? "--max-pulls" : "--" + param, e.value(), e.admissible());
    if (param == "study") throw lilucb::domain_error(cmd, "--state", o.state + " (" + e.value() + ")", e.admissible());
    throw;
  }
  progress.end();
  if (!p.done && !p.remaining.certified)
    std::cerr << cmd << ": note: " << p.method << " is not certified (" << p.remaining.certificate
              << "); its answers carry no guarantee at nu\n";
  if (o.json) {
    print_json(experiments::to_json(p));
    return;
  }
  std::cout << experiments::study_plan_text(p);
}

void run_answer(const show_options& o) {
  const std::string cmd = "lilucb study answer";
  auto study = read_only(cmd, o.state);
  const auto a = study.answer();
  const auto h = study.history();
  const auto& names = study.settings().names;
  if (o.json) {
    nlohmann::json ev = nlohmann::json::array();
    for (const auto& e : a.evidence) ev.push_back({{"arm", e.arm}, {"statistic", e.statistic}, {"threshold", e.threshold}});
    // Before the stop there is no answer: the leader is reported under its own name, so a script
    // that forgets to read "done" finds no "best_arm" to act on.
    nlohmann::json j{{"done", a.done}, {"evidence", ev}, {"events", h.events}, {"digest", h.head}};
    const auto& target = study.settings().target;
    j["question"] = lb::to_string(target);
    if (target.epsilon != 0) j[target.relative ? "epsilon_relative" : "epsilon"] = target.epsilon;
    if (target.top_m()) j["top"] = target.top;
    if (a.done) {
      j["best_arm"] = a.best_arm;
      if (target.top_m()) {
        j["answer"] = a.answer_set;
        if (!names.empty()) {
          j["answer_names"] = nlohmann::json::array();
          for (std::size_t i : a.answer_set) j["answer_names"].push_back(names[i]);
        }
      }
      j["certified"] = a.certified;
      j["certificate"] = a.certificate;
      if (!names.empty()) j["best_name"] = names[a.best_arm];
    } else {
      j["leader"] = a.best_arm;
      if (target.top_m()) j["leading_set"] = a.answer_set;
      j["certified"] = false;
      if (!names.empty()) j["leader_name"] = names[a.best_arm];
    }
    if (!a.evidence_note.empty()) j["evidence_note"] = a.evidence_note;
    print_json(j);
    return;
  }
  const auto& target = study.settings().target;
  // A top-m answer: "{a, b, c}" by label.
  std::string set_text = "{";
  for (std::size_t k = 0; k < a.answer_set.size(); ++k) {
    if (k) set_text += ", ";
    set_text += arm_label(study, a.answer_set[k]);
  }
  set_text += "}";
  if (a.done && target.top_m())
    std::cout << lb::to_string(target) << " arms: " << set_text
              << (a.certified ? ", certified: " : ", NOT certified: ") << a.certificate << '\n';
  else if (a.done)
    std::cout << (target.best_arm() ? "best arm: " : lb::to_string(target) + " arm: ") << arm_label(study, a.best_arm)
              << (a.certified ? ", certified: " : ", NOT certified: ") << a.certificate << '\n';
  else if (target.top_m())
    std::cout << "not done: the leading set is " << set_text << " (no answer is certified before the stop)\n";
  else
    std::cout << "not done: the leader is arm " << arm_label(study, a.best_arm) << " (no answer is certified before the stop)\n";
  for (const auto& e : a.evidence)
    std::cout << "  against arm " << arm_label(study, e.arm) << ": statistic " << text_number(e.statistic)
              << (e.statistic >= e.threshold ? " >= " : " < ") << "threshold " << text_number(e.threshold) << '\n';
  if (!a.evidence_note.empty()) std::cout << "  (" << a.evidence_note << ")\n";
  std::cout << "history: " << h.events << " events, digest " << h.head
            << " (`lilucb study verify` recomputes it from the state)\n";
}

struct verify_options {
  std::string state, digest;
  bool json = false;
};

void run_verify(const verify_options& o) {
  const std::string cmd = "lilucb study verify";
  std::string digest = o.digest;
  for (char& c : digest) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (!o.digest.empty() && (digest.size() != 64 || digest.find_first_not_of("0123456789abcdef") != std::string::npos))
    throw lilucb::domain_error(cmd, "--digest", o.digest, "64 hexadecimal digits (as `lilucb study answer` prints them)");
  auto study = read_only(cmd, o.state, true);  // replays the whole journal: refuses an edited state
  const auto h = study.history();
  if (!digest.empty() && digest != h.head)
    throw check_failed("lilucb study verify: the state's history ends at digest " + h.head + ", not at " + digest +
                       " (the data differ from those the digest was published for)");
  if (o.json) {
    print_json({{"events", h.events}, {"digest", h.head}, {"settings_digest", h.settings}, {"done", study.done()},
                {"matches", o.digest.empty() ? nlohmann::json(nullptr) : nlohmann::json(true)}});
    return;
  }
  std::cout << "ok: " << h.events << " events replay to digest " << h.head << " (settings digest " << h.settings << ")"
            << (o.digest.empty() ? "" : "; matches the digest given") << '\n';
}

}  // namespace

void add_study_command(CLI::App& app) {
  auto* sub = app.add_subcommand("study", "Identify the best arm of a real system, ask-tell: asks, rewards told in any "
                                          "order, a certified answer; the state is one file (--state)");
  sub->require_subcommand(1);
  const auto inf = std::numeric_limits<double>::infinity();

  auto n = std::make_shared<new_options>();
  auto* cn = sub->add_subcommand("new", "Start a study: write its state file");
  const auto recommended = [](lb::reward_model m) { return lb::to_string(lb::recommended_combination(m)); };
  declare_option(cn->add_option("--state", n->state, "the state file to create (must not exist)")->required(), path_spec(value_kind::file_out));
  declare_option(cn->add_option("--arms", n->arms, "the number of arms K >= 1 (or give --names)"), count_spec(1, 100'000'000, "an integer in [1, 10^8]").defaults_to(no_default));
  declare_option(cn->add_option("--names", n->names, "comma-separated distinct arm names (K = their number; no control characters)"), text_spec("comma-separated distinct non-empty names"));
  declare_option(cn->add_option("--model", n->model, "the rewards: gaussian (default; needs --sigma), bernoulli (0 or 1), bounded (needs --range)"),
                 choice_spec(model_choice_names()).defaults_to(n->model));
  declare_option(cn->add_option("--sigma", n->sigma, "gaussian: the rewards' standard deviation (sub-Gaussian scale), in [1e-130, 1e130]; no default: required with --model gaussian (the certificate rests on it, and a real system's scale is not the paper's); unknown: Gaussian rewards whose standard deviations are unknown and may differ per arm (default method t3c-ids-matched+glr-paired-t, certified by Proposition PT; rewards |R| <= 1e75)"),
                 real_spec(0, false, inf, false).or_words({"unknown"}).when("--model", {bandit::model_name(bandit::reward_model::gaussian)}).defaults_to(no_default));
  declare_option(cn->add_option("--range", n->range, "bounded: LO,HI, every reward in [LO, HI]"),
                 real_list_spec().when("--model", {bandit::model_name(bandit::reward_model::bounded)}).defaults_to(no_default).feeding({"range", "lo", "hi"}));
  declare_option(cn->add_option("--nu", n->nu, "the target error probability, in (0, 1)")->required(), real_spec(0, false, 1, false));
  declare_option(cn->add_option("--method", n->method, "SAMPLING+STOPPING of `lilucb run --help` (default: the recommended certified " +
                                                           recommended(lb::reward_model::bernoulli) + " for --model bernoulli, " +
                                                           recommended(lb::reward_model::bounded) + " for --model bounded, " +
                                                           recommended(lb::reward_model::gaussian_unknown_variance) +
                                                           " with --sigma unknown, " + recommended(lb::reward_model::gaussian) + " otherwise)"),
                 text_spec("a combination of the registry").defaults_to("recommended").feeding({"combination", "sampling", "stopping", "threshold", "boundary", "method"}));
  declare_option(cn->add_option("--seed", n->seed, "the sampling rule's random seed (default 1)"), count_spec(0, std::numeric_limits<std::uint64_t>::max(), "an integer in [0, 2^64)").defaults_to(n->seed));
  declare_option(cn->add_option("--epsilon", n->epsilon,
                                "answer an epsilon-good arm (mean at least the best mean minus E) instead of the best arm: "
                                "the study then stops on tied arms; default method eb-tci-ids+glr-one-sided (Proposition Gε-M1)"),
                 real_spec(0, true, inf, false).defaults_to(no_default));
  declare_option(cn->add_option("--top", n->top,
                                "answer the M best arms (2 <= M <= K - 1; with --epsilon E, none left out more than E "
                                "above one answered): default method lucb-glr+glr-one-sided (Proposition TM-M1), "
                                "lucb-glr+glr-pooled-kl on bernoulli without a relative epsilon (Proposition TM-K)"),
                 count_spec(1, std::numeric_limits<std::uint64_t>::max(), "[1, K - 1] (K the number of arms)").defaults_to(no_default));
  declare_option(cn->add_flag("--epsilon-relative", n->epsilon_relative,
                              "with --epsilon E in [0, 1): at least (1 - E) times the best mean (bernoulli, or bounded with LO >= 0)"),
                 flag_spec());
  cn->callback([n] { run_new(*n); });

  auto a = std::make_shared<ask_options>();
  auto* ca = sub->add_subcommand("ask", "Print the next arm(s) to pull, one line `ID ARM [NAME]` each");
  declare_option(ca->add_option("--state", a->state, "the study's state file")->required(), path_spec(value_kind::file_in));
  declare_option(ca->add_option("--count", a->count, "how many pulls to run in parallel (default 1)"), count_spec(1, 10'000'000, "an integer in [1, 10^7]"));
  declare_option(ca->add_flag("--json", a->json, "print {\"asks\": [{\"id\": ..., \"arm\": ...}, ...]}"), flag_spec());
  ca->callback([a] { run_ask(*a); });

  auto t = std::make_shared<tell_options>();
  auto* ct = sub->add_subcommand("tell", "Tell rewards: --arm INDEX (or --name NAME) --reward R [--id ID], or lines id,arm,reward "
                                         "from --csv FILE (- for stdin; a header id,name,reward names the arms); a repeated id is counted once");
  declare_option(ct->add_option("--state", t->state, "the study's state file")->required(), path_spec(value_kind::file_in));
  declare_option(ct->add_option("--arm", t->arm, "the arm pulled, by its index 0..K-1 (always the index, even when the arms have names)"), count_spec(0, 99'999'999, "an arm index 0 to K-1").feeding({"arm"}));
  declare_option(ct->add_option("--name", t->name, "the arm pulled, by its name (a study created with --names)"), text_spec("an arm's name"));
  declare_option(ct->add_option("--reward", t->reward, "its reward (finite; 0 or 1 for bernoulli, in [LO, HI] for bounded, |R| <= 1e15 sigma for gaussian, |R| <= 1e75 with sigma unknown)"),
                 real_spec(-inf, false, inf, false).defaults_to(no_default).feeding({"reward", "reward sum"}));
  declare_option(ct->add_option("--id", t->id, "the id `study ask` printed with the arm"), count_spec(0, std::numeric_limits<std::uint64_t>::max(), "an id printed by `lilucb study ask`").feeding({"id"}));
  declare_option(ct->add_option("--csv", t->csv, "a file of lines id,arm,reward (- for standard input)"), path_spec(value_kind::path).defaults_to(no_default));
  ct->callback([t] { run_tell(*t); });

  auto e = std::make_shared<expire_options>();
  auto* ce = sub->add_subcommand("expire", "An attribution window's deadline: close every ask still in flight with id <= --through, "
                                           "in id order: its outcome from --csv, else --reward (default 0, not converted)");
  declare_option(ce->add_option("--state", e->state, "the study's state file")->required(), path_spec(value_kind::file_in));
  declare_option(ce->add_option("--through", e->through, "the last id whose deadline has passed (ids are in ask order)")->required(),
                 count_spec(0, std::numeric_limits<std::uint64_t>::max(), "an id printed by `lilucb study ask`").feeding({"id"}));
  declare_option(ce->add_option("--reward", e->reward, "the reward told for each pull without an outcome in --csv (default 0; in the study's range; bernoulli and bounded studies only: a gaussian study needs an outcome for every pull of the window)"),
                 real_spec(-inf, false, inf, false).defaults_to(e->reward).feeding({"reward", "reward sum"}));
  declare_option(ce->add_option("--csv", e->csv, "the outcomes received for pulls up to --through, lines id,arm,reward "
                                                 "(- for stdin), told in id order with the rest (never tell them before their deadline)"),
                 path_spec(value_kind::path).defaults_to(no_default));
  ce->callback([e] { run_expire(*e); });

  auto s = std::make_shared<show_options>();
  auto* cs = sub->add_subcommand("status", "Pulls, rewards in flight and means per arm, the leader, an estimate of the pulls left");
  declare_option(cs->add_option("--state", s->state, "the study's state file")->required(), path_spec(value_kind::file_in));
  declare_option(cs->add_flag("--json", s->json, "print one JSON object"), flag_spec());
  cs->callback([s] { run_status(*s); });

  auto pl = std::make_shared<study_plan_options>();
  auto* cp = sub->add_subcommand("plan", "How many more pulls? The study's own rules continued R times in simulation from its "
                                          "state, rewards drawn at the empirical means: the new asks' mean, median, 10-90% range");
  declare_option(cp->add_option("--state", pl->state, "the study's state file")->required(), path_spec(value_kind::file_in));
  declare_option(cp->add_option("--runs", pl->runs, "simulated continuations (default 200)"), count_spec(1, 1'000'000, "[1, 10^6]").defaults_to(pl->runs));
  declare_option(cp->add_option("--seed", pl->seed, "random seed of the rewards (default 1); continuation k uses stream k of it"),
                 count_spec(0, std::numeric_limits<std::uint64_t>::max(), "[0, 2^64)").defaults_to(pl->seed));
  declare_option(cp->add_option("--threads", pl->threads, "worker threads; 0 (default) = all cores; results do not depend on it"),
                 count_spec(0, 1024, "[0, 1024] (0: all cores)").defaults_to(pl->threads));
  declare_option(cp->add_option("--max-pulls", pl->max_pulls,
                                "new asks per continuation at most (default 10^6; one reaching it counts at it)"),
                 count_spec(1, std::uint64_t{1} << 63, "[1, 2^63]").defaults_to(pl->max_pulls));
  declare_option(cp->add_option("--concentration", pl->concentration,
                                "a bounded study: the Beta concentration of the simulated rewards, > 0 (default 9)"),
                 real_spec(0, false, std::numeric_limits<double>::infinity(), false).defaults_to(text_number(lb::bounded_arms::default_concentration)));
  declare_option(cp->add_flag("--json", pl->json, "print one JSON object (docs/planner.md lists its fields)"), flag_spec());
  cp->callback([pl] { run_study_plan(*pl); });

  auto w = std::make_shared<show_options>();
  auto* cw = sub->add_subcommand("answer", "The answer: the best arm, whether it is certified and by which statement, the evidence, "
                                           "the history's digest");
  declare_option(cw->add_option("--state", w->state, "the study's state file")->required(), path_spec(value_kind::file_in));
  declare_option(cw->add_flag("--json", w->json, "print one JSON object (before the stop: \"done\": false and the \"leader\", no \"best_arm\")"), flag_spec());
  cw->callback([w] { run_answer(*w); });

  auto v = std::make_shared<verify_options>();
  auto* cv = sub->add_subcommand("verify", "Replay a state's history and print its digest; with --digest, check it against a "
                                           "published one (exit 1 if it differs)");
  declare_option(cv->add_option("--state", v->state, "the study's state file")->required(), path_spec(value_kind::file_in));
  declare_option(cv->add_option("--digest", v->digest, "the digest `study answer` printed (64 hexadecimal digits)"), text_spec("64 hexadecimal digits"));
  declare_option(cv->add_flag("--json", v->json, "print one JSON object"), flag_spec());
  cv->callback([v] { run_verify(*v); });
}

}  // namespace lilucb::cli
