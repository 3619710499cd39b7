// `lilucb study new|ask|tell|status|answer`: the ask-tell study (lilucb/bandit/identification.hpp)
// for scripts.  The state is one JSON file (--state); every subcommand holds an exclusive lock on
// FILE.lock while it reads and writes it, and writes it whole (a temporary file renamed), so
// concurrent scripts queue and an interruption leaves the old or the new state.  Bad input:
// exit 2 and the state unchanged (nothing is written unless every tell of the call is admitted).

#include "cli_support.hpp"

#include "lilucb/bandit/identification.hpp"
#include "lilucb/errors.hpp"
#include "lilucb_experiments/results.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

namespace lilucb::cli {

namespace {

namespace lb = lilucb::bandit;

/// An exclusive lock on STATE.lock, held for the object's lifetime (waits for another holder).
class state_lock {
 public:
  state_lock(const std::string& command, const std::string& state) {
    const std::string path = state + ".lock";
    fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd_ < 0) throw lilucb::io_error(command + " --state", path, std::strerror(errno));
    while (::flock(fd_, LOCK_EX) != 0) {
      if (errno == EINTR) continue;
      const int e = errno;
      ::close(fd_);
      throw lilucb::io_error(command + " --state", path, std::string("cannot be locked: ") + std::strerror(e));
    }
  }
  ~state_lock() { ::close(fd_); }
  state_lock(const state_lock&) = delete;
  state_lock& operator=(const state_lock&) = delete;

 private:
  int fd_ = -1;
};

std::string read_state_text(const std::string& command, const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw lilucb::io_error(command + " --state", path, "is a folder, not a state file");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw lilucb::io_error(command + " --state", path, std::string("cannot be read: ") + std::strerror(errno));
  std::ostringstream s;
  s << in.rdbuf();
  if (in.bad()) throw lilucb::io_error(command + " --state", path, "read failed");
  return s.str();
}

lb::identification load(const std::string& command, const std::string& path) {
  const std::string text = read_state_text(command, path);
  try {
    return lb::identification::from_json(text);
  } catch (const lilucb::domain_error& e) {
    throw lilucb::domain_error(command, "--state", path, std::string("a study state written by `lilucb study` (") + e.value() + ")");
  }
}

void save(const std::string& command, const std::string& path, const lb::identification& study) {
  try {
    experiments::write_file_atomically(path, study.to_json() + '\n');
  } catch (const lilucb::io_error& e) {
    throw lilucb::io_error(command + " --state", e.path(), e.reason());
  }
}

std::string arm_label(const lb::identification& s, std::size_t arm) {
  const auto& names = s.settings().names;
  return names.empty() ? std::to_string(arm) : std::to_string(arm) + " (" + names[arm] + ")";
}

/// An arm given as its index or, for a study with names, its name.
std::size_t parse_arm(const std::string& command, const std::string& option, const lb::identification& s,
                      const std::string& text) {
  const auto& names = s.settings().names;
  for (std::size_t i = 0; i < names.size(); ++i)
    if (names[i] == text) return i;
  const std::string range = "an arm index 0 to " + std::to_string(s.settings().arms - 1) +
                            (names.empty() ? std::string() : " or an arm's name");
  const std::uint64_t a = parse_count(option, text, range);
  if (a >= s.settings().arms) throw lilucb::domain_error(command, option, text, range);
  return static_cast<std::size_t>(a);
}

// ---- new ----

struct new_options {
  std::string state, arms, names, model = "gaussian", sigma, range, nu, method, seed = "0";
};

void run_new(const new_options& o) {
  const std::string cmd = "lilucb study new";
  lb::study_settings s;
  s.model = lb::parse_study_model(o.model);
  if (!o.names.empty()) {
    std::stringstream in(o.names);
    for (std::string n; std::getline(in, n, ',');) s.names.push_back(n);
    if (o.names.back() == ',') s.names.push_back("");
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
  if (s.model == lb::study_model::gaussian) {
    if (o.sigma.empty()) throw lilucb::domain_error(cmd, "--sigma", "(absent)", "the rewards' scale, > 0 (required with --model gaussian)");
    s.sigma = parse_real("--sigma", o.sigma, "(0, inf)");
  }
  if (s.model == lb::study_model::bounded) {
    if (o.range.empty()) throw lilucb::domain_error(cmd, "--range", "(absent)", "LO,HI (required with --model bounded)");
    const auto r = parse_real_list("--range", o.range);
    if (r.size() != 2) throw lilucb::domain_error(cmd, "--range", o.range, "two numbers LO,HI with LO < HI");
    s.lo = r[0];
    s.hi = r[1];
  }
  s.nu = parse_real("--nu", o.nu, "(0, 1)");
  s.method = o.method;
  s.seed = parse_count("--seed", o.seed, "an integer in [0, 2^64)");
  lb::identification study(s);  // checks every setting
  state_lock lock(cmd, o.state);
  std::error_code ec;
  if (std::filesystem::exists(o.state, ec))
    throw lilucb::domain_error(cmd, "--state", o.state, "a path where no file exists yet (a new study; remove the old state to start over)");
  save(cmd, o.state, study);
  std::cout << "study of " << s.arms << " arms (" << lb::to_string(s.model) << "), nu = " << text_number(s.nu)
            << ", method " << study.method() << ": " << o.state << '\n';
}

// ---- ask ----

struct ask_options {
  std::string state, count = "1";
  bool json = false;
};

void run_ask(const ask_options& o) {
  const std::string cmd = "lilucb study ask";
  const std::uint64_t m = parse_count("--count", o.count, "1 to 10^7");
  state_lock lock(cmd, o.state);
  auto study = load(cmd, o.state);
  if (study.done())
    throw lilucb::domain_error(cmd, "--state", o.state, "a study that has not stopped (this one has answered: see `lilucb study answer`)");
  const auto asks = study.ask(static_cast<std::size_t>(m));
  save(cmd, o.state, study);
  const auto& names = study.settings().names;
  if (o.json) {
    nlohmann::json a = nlohmann::json::array();
    for (const auto& q : asks) {
      nlohmann::json x{{"id", q.id}, {"arm", q.arm}};
      if (!names.empty()) x["name"] = names[q.arm];
      a.push_back(x);
    }
    print_json({{"asks", a}});
    return;
  }
  for (const auto& q : asks) std::cout << q.id << ' ' << q.arm << (names.empty() ? "" : " " + names[q.arm]) << '\n';
}

// ---- tell ----

struct tell_options {
  std::string state, arm, reward, id, csv;
};

struct one_tell {
  std::optional<std::uint64_t> id;
  std::string arm;
  double reward;
  std::string where;  // the option or the CSV line, for messages
};

std::vector<one_tell> read_tells(const tell_options& o) {
  const std::string cmd = "lilucb study tell";
  std::vector<one_tell> out;
  if (o.csv.empty()) {
    if (o.arm.empty() && o.id.empty()) throw lilucb::domain_error(cmd, "--arm", "(absent)", "--arm A --reward R [--id ID], or --csv FILE");
    if (o.reward.empty()) throw lilucb::domain_error(cmd, "--reward", "(absent)", "the reward of the pull (with --arm)");
    one_tell t;
    if (!o.id.empty()) t.id = parse_count("--id", o.id, "an id printed by `lilucb study ask`");
    t.arm = o.arm;
    t.reward = parse_real("--reward", o.reward, "a finite number in the study's range");
    t.where = "--reward";
    out.push_back(t);
    return out;
  }
  std::ifstream file;
  std::istream* in = &std::cin;
  if (o.csv != "-") {
    file.open(o.csv);
    if (!file) throw lilucb::io_error(cmd + " --csv", o.csv, std::string("cannot be read: ") + std::strerror(errno));
    in = &file;
  }
  std::size_t n = 0;
  for (std::string line; std::getline(*in, line);) {
    ++n;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.find_first_not_of(" \t") == std::string::npos) continue;
    if (n == 1 && line.rfind("id,", 0) == 0) continue;  // a header
    const std::string where = "--csv line " + std::to_string(n);
    std::vector<std::string> f;
    std::stringstream s(line);
    for (std::string x; std::getline(s, x, ',');) f.push_back(x);
    if (line.back() == ',') f.push_back("");
    if (f.size() != 3) throw lilucb::domain_error(cmd, where, line, "id,arm,reward (the id may be empty)");
    one_tell t;
    if (!f[0].empty()) t.id = parse_count(where + " id", f[0], "an id printed by `lilucb study ask`");
    t.arm = f[1];
    t.reward = parse_real(where + " reward", f[2], "a finite number in the study's range");
    t.where = where;
    out.push_back(t);
  }
  if (in->bad()) throw lilucb::io_error(cmd + " --csv", o.csv, "read failed");
  if (out.empty()) throw lilucb::domain_error(cmd, "--csv", o.csv, "at least one line id,arm,reward");
  return out;
}

void run_tell(const tell_options& o) {
  const std::string cmd = "lilucb study tell";
  if (!o.csv.empty() && (!o.arm.empty() || !o.reward.empty() || !o.id.empty()))
    throw lilucb::domain_error(cmd, "--csv", o.csv, "--csv alone (not with --arm, --reward or --id)");
  const auto tells = read_tells(o);
  state_lock lock(cmd, o.state);
  auto study = load(cmd, o.state);
  std::size_t counted = 0, repeated = 0;
  for (const auto& t : tells) {
    const bool from_csv = t.where != "--reward";
    const std::string arm_option = from_csv ? t.where + " arm" : "--arm";
    try {
      if (t.id) {
        const bool fresh = t.arm.empty() ? study.tell(*t.id, t.reward)
                                         : study.tell(*t.id, parse_arm(cmd, arm_option, study, t.arm), t.reward);
        ++(fresh ? counted : repeated);
      } else {
        if (t.arm.empty()) throw lilucb::domain_error(cmd, arm_option, "(absent)", "an arm (or an id)");
        study.tell_arm(parse_arm(cmd, arm_option, study, t.arm), t.reward);
        ++counted;
      }
    } catch (const lilucb::domain_error& e) {
      if (!from_csv || e.parameter().rfind("--", 0) == 0) throw;
      throw lilucb::domain_error(cmd, t.where, e.value(), e.parameter() + ": " + e.admissible());
    }
  }
  save(cmd, o.state, study);
  std::cout << counted << " reward" << (counted == 1 ? "" : "s") << " told";
  if (repeated) std::cout << "; " << repeated << " repeated id" << (repeated == 1 ? "" : "s") << " counted once before, ignored";
  std::cout << (study.done() ? "; the study has answered (lilucb study answer)" : "") << '\n';
}

// ---- status and answer ----

struct show_options {
  std::string state;
  bool json = false;
};

void run_status(const show_options& o) {
  const std::string cmd = "lilucb study status";
  state_lock lock(cmd, o.state);
  auto study = load(cmd, o.state);
  const auto st = study.status();
  const auto& set = study.settings();
  if (o.json) {
    nlohmann::json j{{"arms", set.arms},         {"model", lb::to_string(set.model)},
                     {"nu", set.nu},             {"method", study.method()},
                     {"pulls", st.pulls},        {"pending", st.pending},
                     {"means", st.means},        {"total_pulls", st.total_pulls},
                     {"total_pending", st.total_pending}, {"leader", st.leader},
                     {"done", st.done},          {"remaining_estimate", json_or_null(st.remaining_estimate)}};
    if (!set.names.empty()) j["names"] = set.names;
    print_json(j);
    return;
  }
  std::cout << "study: " << set.arms << " arms (" << lb::to_string(set.model) << "), nu = " << text_number(set.nu)
            << ", method " << study.method() << (st.done ? "; done" : "; running") << '\n'
            << "  arm  pulls  in flight  mean\n";
  for (std::size_t i = 0; i < set.arms; ++i)
    std::cout << "  " << arm_label(study, i) << "  " << st.pulls[i] << "  " << st.pending[i] << "  "
              << (st.pulls[i] ? text_number(st.means[i]) : std::string("-")) << (i == st.leader ? "  (leader)" : "") << '\n';
  std::cout << "total: " << st.total_pulls << " told, " << st.total_pending << " in flight";
  if (st.remaining_estimate) std::cout << "; about " << text_number(*st.remaining_estimate) << " more pulls by T*(mu_hat) log(1/nu)";
  std::cout << '\n';
}

void run_answer(const show_options& o) {
  const std::string cmd = "lilucb study answer";
  state_lock lock(cmd, o.state);
  auto study = load(cmd, o.state);
  const auto a = study.answer();
  const auto& names = study.settings().names;
  if (o.json) {
    nlohmann::json ev = nlohmann::json::array();
    for (const auto& e : a.evidence) ev.push_back({{"arm", e.arm}, {"statistic", e.statistic}, {"threshold", e.threshold}});
    nlohmann::json j{{"done", a.done}, {"best_arm", a.best_arm}, {"certified", a.certified},
                     {"certificate", a.certificate}, {"evidence", ev}};
    if (!names.empty()) j["best_name"] = names[a.best_arm];
    if (!a.evidence_note.empty()) j["evidence_note"] = a.evidence_note;
    print_json(j);
    return;
  }
  if (a.done)
    std::cout << "best arm: " << arm_label(study, a.best_arm) << (a.certified ? ", certified: " : ", NOT certified: ")
              << a.certificate << '\n';
  else
    std::cout << "not done: the leader is arm " << arm_label(study, a.best_arm) << " (no answer is certified before the stop)\n";
  for (const auto& e : a.evidence)
    std::cout << "  against arm " << arm_label(study, e.arm) << ": statistic " << text_number(e.statistic)
              << (e.statistic >= e.threshold ? " >= " : " < ") << "threshold " << text_number(e.threshold) << '\n';
  if (!a.evidence_note.empty()) std::cout << "  (" << a.evidence_note << ")\n";
}

}  // namespace

void add_study_command(CLI::App& app) {
  auto* sub = app.add_subcommand("study", "Identify the best arm of a real system, ask-tell: asks, rewards told in any "
                                          "order, a certified answer; the state is one file (--state)");
  sub->require_subcommand(1);
  const auto inf = std::numeric_limits<double>::infinity();

  auto n = std::make_shared<new_options>();
  auto* cn = sub->add_subcommand("new", "Start a study: write its state file");
  declare_option(cn->add_option("--state", n->state, "the state file to create (must not exist)")->required(), path_spec(value_kind::file_out));
  declare_option(cn->add_option("--arms", n->arms, "the number of arms K >= 1 (or give --names)"), count_spec(1, 100'000'000, "an integer in [1, 10^8]"));
  declare_option(cn->add_option("--names", n->names, "comma-separated distinct arm names (K = their number)"), text_spec("comma-separated distinct non-empty names"));
  declare_option(cn->add_option("--model", n->model, "the rewards: gaussian (default; needs --sigma), bernoulli (0 or 1), bounded (needs --range)"),
                 choice_spec({"gaussian", "bernoulli", "bounded"}).defaults_to(n->model));
  declare_option(cn->add_option("--sigma", n->sigma, "gaussian: the rewards' standard deviation (sub-Gaussian scale), > 0; no default: required with --model gaussian (the certificate rests on it, and a real system's scale is not the paper's)"),
                 real_spec(0, false, inf, false).when("--model", {"gaussian"}));
  declare_option(cn->add_option("--range", n->range, "bounded: LO,HI, every reward in [LO, HI]"),
                 real_list_spec().when("--model", {"bounded"}).feeding({"range", "lo", "hi"}));
  declare_option(cn->add_option("--nu", n->nu, "the target error probability, in (0, 1)")->required(), real_spec(0, false, 1, false));
  declare_option(cn->add_option("--method", n->method, "SAMPLING+STOPPING of `lilucb run --help` (default: the recommended certified " +
                                                           std::string(lb::recommended_bernoulli_method) + " for --model bernoulli, " +
                                                           std::string(lb::recommended_bounded_method) + " for --model bounded, " +
                                                           std::string(lb::recommended_method) + " otherwise)"),
                 text_spec("a combination of the registry").feeding({"combination", "sampling", "stopping", "threshold", "boundary", "method"}));
  declare_option(cn->add_option("--seed", n->seed, "the sampling rule's random seed (default 0)"), count_spec(0, std::numeric_limits<std::uint64_t>::max(), "an integer in [0, 2^64)"));
  cn->callback([n] { run_new(*n); });

  auto a = std::make_shared<ask_options>();
  auto* ca = sub->add_subcommand("ask", "Print the next arm(s) to pull, one line `ID ARM [NAME]` each");
  declare_option(ca->add_option("--state", a->state, "the study's state file")->required(), path_spec(value_kind::file_in));
  declare_option(ca->add_option("--count", a->count, "how many pulls to run in parallel (default 1)"), count_spec(1, 10'000'000, "an integer in [1, 10^7]"));
  declare_option(ca->add_flag("--json", a->json, "print {\"asks\": [{\"id\": ..., \"arm\": ...}, ...]}"), flag_spec());
  ca->callback([a] { run_ask(*a); });

  auto t = std::make_shared<tell_options>();
  auto* ct = sub->add_subcommand("tell", "Tell rewards: --arm A --reward R [--id ID], or lines id,arm,reward from --csv FILE (- for stdin); "
                                         "a repeated id is counted once");
  declare_option(ct->add_option("--state", t->state, "the study's state file")->required(), path_spec(value_kind::file_in));
  declare_option(ct->add_option("--arm", t->arm, "the arm pulled: its index 0..K-1 (names in --csv lines)"), count_spec(0, 99'999'999, "an arm index 0 to K-1").feeding({"arm"}));
  declare_option(ct->add_option("--reward", t->reward, "its reward (finite; 0 or 1 for bernoulli, in [LO, HI] for bounded)"),
                 real_spec(-inf, false, inf, false).feeding({"reward", "reward sum"}));
  declare_option(ct->add_option("--id", t->id, "the id `study ask` printed with the arm"), count_spec(0, std::numeric_limits<std::uint64_t>::max(), "an id printed by `lilucb study ask`").feeding({"id"}));
  declare_option(ct->add_option("--csv", t->csv, "a file of lines id,arm,reward (- for standard input)"), path_spec(value_kind::path));
  ct->callback([t] { run_tell(*t); });

  auto s = std::make_shared<show_options>();
  auto* cs = sub->add_subcommand("status", "Pulls, rewards in flight and means per arm, the leader, an estimate of the pulls left");
  declare_option(cs->add_option("--state", s->state, "the study's state file")->required(), path_spec(value_kind::file_in));
  declare_option(cs->add_flag("--json", s->json, "print one JSON object"), flag_spec());
  cs->callback([s] { run_status(*s); });

  auto w = std::make_shared<show_options>();
  auto* cw = sub->add_subcommand("answer", "The answer: the best arm, whether it is certified and by which statement, the evidence");
  declare_option(cw->add_option("--state", w->state, "the study's state file")->required(), path_spec(value_kind::file_in));
  declare_option(cw->add_flag("--json", w->json, "print one JSON object"), flag_spec());
  cw->callback([w] { run_answer(*w); });
}

}  // namespace lilucb::cli
