// Hostile input generated from the command's own option tables.  `lilucb --list-options-json`
// (hidden from --help) reports every subcommand's options with the kind and range each declares
// (cli/cli_support.hpp, declare_option); this test builds, for every option and every value
// class, a command line from a valid base command line of its subcommand, runs the real binary,
// and judges the outcome from the declaration alone:
//   - a value the declaration does not admit: exit 2 (3 for a file or folder to read that does
//     not exist, naming the path), nothing on stdout, exactly one printable line on stderr that
//     names the option as the user typed it, and no file written in the case's folder (the
//     working directory and every output path of the case);
//   - a value the declaration admits: exit 0 with no inf or nan on stdout, or a clean refusal
//     (exit 2, or 3 for paths) naming the option; never exit 4, a signal or a crash.
// Classes: empty, blank, nan, inf, -inf, negative, zero, subnormal, 1e308, hex, trailing garbage,
// the option given twice, the option given where it does not apply (from its declared
// `applies` condition; the line also names the option it conflicts with), and for paths: missing,
// a dangling symlink, a symlink loop, a path below a regular file, a folder where a file belongs
// (a file where a folder belongs), and the file-kind matrix of docs/files.md: a FIFO, a socket and
// a character device (a node made in the case's folder when the suite runs as root; the case is
// skipped otherwise) for every path option, and for every file to write a hard-linked target and a
// symlink to a regular file (written through, the link kept).  Every case runs under an alarm (a
// reader that blocks on a FIFO fails instead of hanging the suite), and every case's folder holds
// a user's own x.tmp beside the default output x, which no command may touch.
// An option without a declared kind, a subcommand without a base command line, or an option for
// which no case is generated fails the test: a new option is covered the day it is added.
// The number of generated cases is stated in docs/reliability.md; the test checks that number.

#include "cli_harness.hpp"
#include "../text_files.hpp"

#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <unistd.h>

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

using namespace cli_harness;
using json = nlohmann::json;

namespace {

// One argument of a base command line: an option with its value, a flag, or a positional value
// (`name` is then the positional's declared name).
struct arg {
  std::string name, value;
  bool flag = false;
};
using base_line = std::vector<arg>;

arg opt(std::string name, std::string value) { return {std::move(name), std::move(value), false}; }
arg flag(std::string name) { return {std::move(name), "", true}; }
arg pos(std::string name, std::string value) { return {std::move(name), std::move(value), false}; }

// Valid command lines of each subcommand, quick to run ({fix}: the shared fixtures, {tmp}: the
// case's own folder, which is also its working directory; runs carry a pull budget so that an
// admissible instance with no gap ends).  This is data about the subcommands,
// not about their options: for an option the harness takes the first base that holds it, else the
// first in which it applies.
const std::map<std::string, std::vector<base_line>>& bases() {
  static const std::map<std::string, std::vector<base_line>> b = {
      {"params", {{opt("--nu", "0.1")}}},
      {"bound", {{opt("--t", "1000"), opt("--eps", "0.01"), opt("--delta", "0.001")}}},
      {"hardness", {{opt("--means", "0.5,0.45,0.1")}, {opt("--means", "0.5,0.45,0.1"), opt("--model", "bernoulli")},
                    {opt("--means", "0.5,0.45,0.1"), opt("--model", "bounded"), opt("--range", "0,1")}}},
      {"plan",
       {{opt("--means", "0.5,0.45,0.1"), opt("--nu", "0.1"), opt("--runs", "2"), opt("--threads", "1"), opt("--max-pulls", "100000")},
        {opt("--means", "0.5,0.45,0.1"), opt("--model", "bernoulli"), opt("--nu", "0.1"), opt("--runs", "2"), opt("--max-pulls", "100000")},
        {opt("--means", "0.5,0.45,0.1"), opt("--model", "bounded"), opt("--range", "0,1"), opt("--concentration", "9"),
         opt("--nu", "0.1"), opt("--runs", "2"), opt("--max-pulls", "100000")}}},
      {"table", {{pos("NAME", "params")}}},
      {"docs", {{pos("DIR", "{tmp}/generated"), flag("--write")}}},
      {"run",
       {{opt("--algorithm", "lilucb-heuristic"), opt("--scenario", "sparse"), opt("--n", "10"), opt("--nu", "0.1"), opt("--max-pulls", "1000000")},
        {opt("--algorithm", "lilucb-heuristic"), opt("--scenario", "alpha"), opt("--n", "10"), opt("--alpha", "0.6"),
         opt("--nu", "0.1"), opt("--max-pulls", "1000000")},
        {opt("--algorithm", "lilucb-heuristic"), opt("--means", "0.5,0.4,0.1"), opt("--nu", "0.1"), opt("--max-pulls", "1000000")},
        {opt("--algorithm", "lilucb-heuristic"), opt("--means-file", "{fix}/means.txt"), opt("--nu", "0.1"), opt("--max-pulls", "1000000")},
        {opt("--sampling", "tas-d"), opt("--stopping", "ls"), opt("--boundary", "lil"), opt("--scenario", "sparse"),
         opt("--n", "10"), opt("--nu", "0.1"), opt("--max-pulls", "1000000")},
        {opt("--sampling", "tas-d"), opt("--stopping", "glr"), opt("--threshold", "mixture"), opt("--rho", "1"),
         opt("--scenario", "sparse"), opt("--n", "10"), opt("--nu", "0.1"), opt("--max-pulls", "1000000")},
        {opt("--means", "0.5,0.4,0.1"), opt("--model", "bounded"), opt("--range", "0,1"), opt("--concentration", "9"),
         opt("--nu", "0.1"), opt("--max-pulls", "1000000")}}},
      {"experiment stopping-times",
       {{opt("--config", "{fix}/st.json"), opt("--out", "{tmp}/out"), flag("--no-plot"), flag("--quiet")}}},
      {"experiment anytime",
       {{opt("--config", "{fix}/any.json"), opt("--out", "{tmp}/out"), flag("--no-plot"), flag("--quiet")}}},
      {"experiment modern",
       {{opt("--config", "{fix}/modern.json"), opt("--out", "{tmp}/out"), flag("--no-plot"), flag("--quiet")}}},
      {"experiment merge", {{pos("OUT", "{tmp}/merged"), pos("SHARD_DIR", "{fix}/s0"), pos("SHARD_DIR", "{fix}/s1")}}},
      {"experiment plot", {{pos("DIR", "{fix}/s0")}}},
      {"verify", {{opt("--only", "paper-numbers")}}},
      {"boundary",
       {{opt("--kind", "lil"), opt("--alpha", "0.001"), opt("--t", "100")},
        {opt("--kind", "stitched"), opt("--alpha", "0.05"), opt("--t", "100")},
        {opt("--kind", "mixture"), opt("--alpha", "0.05"), opt("--t", "100")},
        {opt("--kind", "linear"), opt("--t", "100")},
        {opt("--kind", "constant"), opt("--c", "3"), opt("--t", "100")}}},
      {"crossing",
       {{opt("--kind", "lil"), opt("--alpha", "0.001"), opt("--horizon", "100")},
        {opt("--kind", "stitched"), opt("--alpha", "0.05"), opt("--horizon", "100")},
        {opt("--kind", "mixture"), opt("--alpha", "0.05"), opt("--horizon", "100")},
        {opt("--kind", "linear"), opt("--horizon", "100")},
        {opt("--kind", "constant"), opt("--c", "3"), opt("--horizon", "100")}}},
      {"study new",
       {{opt("--state", "{tmp}/s.json"), opt("--arms", "3"), opt("--sigma", "1"), opt("--nu", "0.1")},
        {opt("--state", "{tmp}/s.json"), opt("--arms", "3"), opt("--names", "a,b,c"), opt("--model", "bernoulli"),
         opt("--nu", "0.1"), opt("--method", "t3c+glr-pooled"), opt("--seed", "2")},
        {opt("--state", "{tmp}/s.json"), opt("--arms", "2"), opt("--model", "bounded"), opt("--range", "0,1"),
         opt("--nu", "0.1")}}},
      {"study ask", {{opt("--state", "{fix}/study.json"), opt("--count", "2"), flag("--json")}}},
      {"study tell",
       {{opt("--state", "{fix}/study-arms.json"), opt("--arm", "0"), opt("--reward", "0.5")},
        {opt("--state", "{fix}/study.json"), opt("--arm", "0"), opt("--reward", "0.5"), opt("--id", "0")},
        {opt("--state", "{fix}/study.json"), opt("--csv", "{fix}/tells.csv")}}},
      {"study expire", {{opt("--state", "{fix}/study-bounded.json"), opt("--through", "0"), opt("--reward", "0.5")}}},
      {"study status", {{opt("--state", "{fix}/study.json"), flag("--json")}}},
      {"study plan", {{opt("--state", "{fix}/study-told.json"), opt("--runs", "2"), opt("--max-pulls", "100"), flag("--json")}}},
      {"study answer", {{opt("--state", "{fix}/study.json"), flag("--json")}}},
      {"study verify", {{opt("--state", "{fix}/study.json"), flag("--json")}}},
      {"calibrate",
       {{opt("--kind", "lil"), opt("--target", "0.05"), opt("--horizon", "10")},
        {opt("--kind", "stitched"), opt("--target", "0.05"), opt("--horizon", "10")},
        {opt("--kind", "mixture"), opt("--target", "0.05"), opt("--horizon", "10")}}},
  };
  return b;
}

// The value classes every option that takes a value is fed.
const std::vector<std::pair<std::string, std::string>>& value_classes() {
  static const std::vector<std::pair<std::string, std::string>> v = {
      {"empty", ""},         {"blank", " "},          {"nan", "nan"},        {"inf", "inf"},
      {"-inf", "-inf"},      {"negative", "-1"},      {"zero", "0"},         {"subnormal", "4.9e-324"},
      {"1e308", "1e308"},    {"hex", "0x10"},         {"garbage", "1x"}};
  return v;
}

enum class verdict { refuse2, refuse3, admissible };

struct gen_case {
  std::string command, option, cls;
  base_line line;
  verdict expect = verdict::refuse2;
  std::vector<std::string> names;  ///< strings the refusal line must hold
  bool path_value = false;         ///< the value is a path (it may appear on stdout)
  std::string value;
};

std::string replace_all(std::string s, const std::string& from, const std::string& to) {
  for (std::size_t p = s.find(from); p != std::string::npos; p = s.find(from, p + to.size())) s.replace(p, from.size(), to);
  return s;
}

std::vector<std::string> words(const std::string& command) {
  std::vector<std::string> w;
  std::istringstream in(command);
  for (std::string s; in >> s;) w.push_back(s);
  return w;
}

bool holds(const base_line& line, const std::string& name) {
  return std::any_of(line.begin(), line.end(), [&](const arg& a) { return a.name == name; });
}

// The value `line` gives an option, or its declared default ("" when neither, or "none").
std::string chosen(const base_line& line, const json& options, const std::string& name) {
  for (const auto& a : line)
    if (a.name == name) return a.value;
  for (const auto& o : options)
    if (o.at("name") == name && o.contains("default") && o.at("default") != "none") return o.at("default").get<std::string>();
  return "";
}

bool applies(const json& o, const base_line& line, const json& options) {
  if (!o.contains("applies")) return true;
  const auto& values = o.at("applies").at("values");
  const std::string v = chosen(line, options, o.at("applies").at("option").get<std::string>());
  return std::find(values.begin(), values.end(), v) != values.end();
}

// A value the option's declaration admits (for the "twice" and "does not apply" cases, whose
// refusal does not depend on the value).
std::string sample_value(const json& o) {
  const std::string kind = o.at("kind");
  if (kind == "count") {
    const auto lo = std::max<std::uint64_t>(o.at("count_lo").get<std::uint64_t>(), 1);
    return std::to_string(std::min(lo, o.at("count_hi").get<std::uint64_t>()));
  }
  if (kind == "real") {
    const bool lo_finite = !o.at("lo").is_null(), hi_finite = !o.at("hi").is_null();
    double x = 1;
    if (lo_finite && hi_finite) x = (o.at("lo").get<double>() + o.at("hi").get<double>()) / 2;
    else if (lo_finite) x = o.at("lo").get<double>() + 1;
    else if (hi_finite) x = o.at("hi").get<double>() - 1;
    std::ostringstream s;
    s << x;
    return s.str();
  }
  if (kind == "real_list") return "0.5,0.4";
  if (kind == "choice") return o.at("choices").at(0).get<std::string>();
  if (kind == "file_in") return "{fix}/means.txt";
  if (kind == "folder_in") return "{fix}/s0";
  return "{tmp}/x";
}

bool in_interval(const json& o, double x) {
  const bool above = o.at("lo").is_null() || (o.at("lo_closed").get<bool>() ? x >= o.at("lo").get<double>()
                                                                             : x > o.at("lo").get<double>());
  const bool below = o.at("hi").is_null() || (o.at("hi_closed").get<bool>() ? x <= o.at("hi").get<double>()
                                                                             : x < o.at("hi").get<double>());
  return above && below;
}

// What the declaration says about one value class.
verdict judge(const json& o, const std::string& cls, const std::string& value) {
  const std::string kind = o.at("kind");
  if (cls == "empty" || cls == "blank") return verdict::refuse2;
  const bool number = cls == "negative" || cls == "zero" || cls == "subnormal" || cls == "1e308";
  if (kind == "count")
    return cls == "zero" && o.at("count_lo").get<std::uint64_t>() == 0 ? verdict::admissible : verdict::refuse2;
  if (kind == "real") return number && in_interval(o, std::strtod(value.c_str(), nullptr)) ? verdict::admissible : verdict::refuse2;
  if (kind == "real_list") return number ? verdict::admissible : verdict::refuse2;
  if (kind == "choice") {
    const auto& c = o.at("choices");
    return std::find(c.begin(), c.end(), value) != c.end() ? verdict::admissible : verdict::refuse2;
  }
  if (kind == "file_in" || kind == "folder_in") return verdict::refuse3;  // no such file in the case's folder
  if (kind == "file_out" || kind == "folder_out" || kind == "path") return verdict::admissible;
  return verdict::refuse2;  // text: checked by the subcommand; none of the classes is valid
}

// Builds the command line: the base with the option's value replaced (or the option added).
base_line with_value(base_line line, const json& o, const std::string& value) {
  const std::string name = o.at("name");
  for (auto& a : line)
    if (a.name == name) {
      a.value = value;
      return line;
    }
  line.push_back(o.at("positional").get<bool>() ? pos(name, value) : opt(name, value));
  return line;
}

std::vector<std::string> render(const std::string& command, const base_line& line, const std::string& tmp,
                                const std::string& fix) {
  std::vector<std::string> args = words(command);
  for (const auto& a : line) {
    const bool positional = a.name.rfind("-", 0) != 0;
    if (!positional) args.push_back(a.name);
    if (!a.flag) args.push_back(replace_all(replace_all(a.value, "{tmp}", tmp), "{fix}", fix));
  }
  return args;
}

// The path-problem classes of a path option: name, value, verdict.  The special objects (FIFO,
// socket, device) are made by per_case_files; a file to read or write refuses them with exit 3
// before anything is opened for writing (a reader never blocks), a folder to read with exit 2 (not
// a folder), a folder to write with exit 3 (it cannot hold results).
std::vector<std::tuple<std::string, std::string, verdict>> path_classes(const std::string& kind) {
  if (kind == "file_in")
    return {{"missing file", "{tmp}/missing", verdict::refuse3},
            {"dangling symlink", "{tmp}/dangling", verdict::refuse3},
            {"symlink loop", "{tmp}/loop", verdict::refuse3},
            {"below a regular file", "{tmp}/a-file/x", verdict::refuse3},
            {"a folder", "{tmp}/folder", verdict::refuse2},
            {"a FIFO", "{tmp}/fifo", verdict::refuse3},
            {"a socket", "{tmp}/socket", verdict::refuse3},
            {"a character device", "{tmp}/device", verdict::refuse3}};
  if (kind == "folder_in")
    return {{"missing folder", "{tmp}/missing", verdict::refuse3},
            {"dangling symlink", "{tmp}/dangling", verdict::refuse3},
            {"symlink loop", "{tmp}/loop", verdict::refuse3},
            {"a regular file", "{tmp}/a-file", verdict::refuse2},
            {"a FIFO", "{tmp}/fifo", verdict::refuse2},
            {"a socket", "{tmp}/socket", verdict::refuse2},
            {"a character device", "{tmp}/device", verdict::refuse2}};
  if (kind == "file_out")
    return {{"in a missing folder", "{tmp}/missing/x", verdict::refuse3},
            {"below a regular file", "{tmp}/a-file/x", verdict::refuse3},
            {"a folder", "{tmp}/folder", verdict::refuse2},
            {"a dangling symlink", "{tmp}/dangling", verdict::refuse3},
            {"a hard-linked file", "{tmp}/hard-link", verdict::refuse3},
            {"a FIFO", "{tmp}/fifo", verdict::refuse3},
            {"a socket", "{tmp}/socket", verdict::refuse3},
            {"a character device", "{tmp}/device", verdict::refuse3},
            {"a symlink to a regular file", "{tmp}/link-to-b", verdict::admissible}};
  if (kind == "folder_out")
    return {{"a regular file", "{tmp}/a-file", verdict::refuse3},
            {"a FIFO", "{tmp}/fifo", verdict::refuse3},
            {"a socket", "{tmp}/socket", verdict::refuse3},
            {"a character device", "{tmp}/device", verdict::refuse3}};
  return {};
}

struct generated {
  std::vector<gen_case> cases;
  std::vector<std::string> problems;  ///< coverage failures
};

generated generate(const json& tables) {
  generated g;
  for (const auto& c : tables.at("commands")) {
    const std::string command = c.at("command");
    if (c.at("has_subcommands").get<bool>()) continue;
    const auto b = bases().find(command);
    if (b == bases().end()) {
      g.problems.push_back("no base command line for `lilucb " + command + "`");
      continue;
    }
    const json& options = c.at("options");
    for (const auto& o : options) {
      const std::string name = o.at("name");
      if (o.at("kind").is_null()) {
        g.problems.push_back("`lilucb " + command + " " + name + "` declares no kind (cli/cli_support.hpp, declare_option)");
        continue;
      }
      const std::string kind = o.at("kind");
      const bool positional = o.at("positional").get<bool>();
      // The base: the first holding the option, else the first in which it applies.
      const base_line* base = nullptr;
      for (const auto& l : b->second)
        if (holds(l, name)) { base = &l; break; }
      if (!base)
        for (const auto& l : b->second)
          if (applies(o, l, options)) { base = &l; break; }
      const std::size_t before = g.cases.size();
      const auto add = [&](std::string cls, base_line line, verdict v, std::string value, std::vector<std::string> names) {
        gen_case k;
        k.command = command;
        k.option = name;
        k.cls = std::move(cls);
        k.line = std::move(line);
        k.expect = v;
        k.names = std::move(names);
        k.path_value = kind == "file_in" || kind == "folder_in" || kind == "file_out" || kind == "folder_out" ||
                       kind == "path";
        k.value = std::move(value);
        g.cases.push_back(std::move(k));
      };
      if (base && o.at("takes_value").get<bool>()) {
        for (const auto& [cls, value] : value_classes()) {
          // A positional value starting with '-' is read as an option by any parser: a user
          // passes such a name after `--`; the class is not a value of the positional.
          if (positional && !value.empty() && value[0] == '-') continue;
          add(cls, with_value(*base, o, value), judge(o, cls, value), value, {name});
        }
        for (const auto& [cls, value, v] : path_classes(kind))
          add(cls, with_value(*base, o, value), v, value,
              {name, replace_all(value, "{tmp}/", "")});
      }
      if (base && !positional) {  // given twice
        base_line twice = with_value(*base, o, o.at("takes_value").get<bool>() ? sample_value(o) : "");
        if (!o.at("takes_value").get<bool>()) {
          twice.erase(std::remove_if(twice.begin(), twice.end(), [&](const arg& a) { return a.name == name; }),
                      twice.end());
          twice.push_back(flag(name));
          twice.push_back(flag(name));
        } else {
          for (const auto& a : twice)
            if (a.name == name) { twice.push_back(a); break; }
        }
        add("twice", twice, verdict::refuse2, "", {name});
        if (!o.at("takes_value").get<bool>()) {  // a flag given a value (`--json=false`)
          base_line valued = *base;
          valued.erase(std::remove_if(valued.begin(), valued.end(), [&](const arg& a) { return a.name == name; }),
                       valued.end());
          valued.push_back(flag(name + "=false"));
          add("flag with a value", valued, verdict::refuse2, "", {name});
        }
      }
      if (o.contains("applies")) {  // given where it does not apply
        const std::string mode = o.at("applies").at("option");
        bool found = false;
        for (const auto& l : b->second)
          if (!applies(o, l, options)) {
            base_line line = l;
            if (o.at("takes_value").get<bool>()) line = with_value(line, o, sample_value(o));
            else line.push_back(flag(name));
            add("does not apply", line, verdict::refuse2, "", {name, mode});
            found = true;
            break;
          }
        if (!found) g.problems.push_back("no base of `lilucb " + command + "` where " + name + " does not apply");
      }
      if (!base) g.problems.push_back("no base of `lilucb " + command + "` in which " + name + " applies");
      if (g.cases.size() == before) g.problems.push_back("no case generated for `lilucb " + command + " " + name + "`");
    }
  }
  return g;
}

// True when `s` prints a value inf, infinity or nan (any case, with or without a sign): the word
// standing where a number stands, after '=', ':', ',', '(' or '[' or at the start of a line
// (prose such as "limit n -> inf" is not a printed value).
bool has_non_finite(const std::string& s) {
  auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  std::string lower(s);
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (const std::string w : {"inf", "infinity", "nan"})
    for (std::size_t p = lower.find(w); p != std::string::npos; p = lower.find(w, p + 1)) {
      const bool left = p == 0 || !word(lower[p - 1]);
      const bool right = p + w.size() == lower.size() || !word(lower[p + w.size()]);
      if (!left || !right) continue;
      std::size_t q = p;
      if (q > 0 && (lower[q - 1] == '-' || lower[q - 1] == '+')) --q;
      while (q > 0 && lower[q - 1] == ' ') --q;
      if (q == 0 || std::string("=:,([\n").find(lower[q - 1]) != std::string::npos) return true;
    }
  return false;
}

// Every path below `dir` (symlinks not followed): what a case wrote.
std::set<std::string> listing(const fs::path& dir) {
  std::set<std::string> s;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec))
    s.insert(it->path().lexically_relative(dir).string());
  return s;
}

// The shared fixtures: a means file, tiny configs, two complete shards of one modern run.
struct fixtures {
  temp_dir dir;
  fixtures() {
    dir.file("means.txt", "0.5\n0.4\n0.1\n");
    dir.file("st.json", R"({"algorithms": ["lilucb-heuristic"], "scenarios": ["sparse"], "sizes": [5],
                           "repetitions": 1, "budget": 20000, "seed": 1})");
    dir.file("any.json", R"({"algorithms": ["lilucb-heuristic"], "scenarios": ["sparse"], "sizes": [4],
                            "repetitions": 2, "budget": 20000, "pilot_repetitions": 1, "window_factor": 2,
                            "window_from": ["lilucb-heuristic"], "checkpoints_per_decade": 2, "seed": 5})");
    dir.file("modern.json", R"({"methods": ["lilucb-heuristic"], "instances": ["sparse-n5"], "deltas": [0.1],
                               "repetitions": 2, "budget": 100000, "seed": 3})");
    // Two studies with asks in flight (ids 0..5, arms 0, 1, 2, 0, 1, 2): one told with ids (and a
    // CSV of tells), one told by arm without ids (a study is told one way or the other).
    for (const char* name : {"study.json", "study-arms.json"}) {
      const std::string study = (dir.path / name).string();
      for (const std::vector<std::string>& args :
           {std::vector<std::string>{"study", "new", "--state", study, "--arms", "3", "--sigma", "1", "--nu", "0.1"},
            std::vector<std::string>{"study", "ask", "--state", study, "--count", "6"}}) {
        const auto r = run_cli(args);
        if (r.status != 0) throw std::runtime_error("study fixture failed: " + r.err);
      }
    }
    dir.file("tells.csv", "1,1,0.25\n2,2,0.5\n");
    // A bounded study with asks in flight (study expire's base line: its default reward is a
    // value of the range; a Gaussian study's window needs every outcome).
    {
      const std::string study = (dir.path / "study-bounded.json").string();
      for (const std::vector<std::string>& args :
           {std::vector<std::string>{"study", "new", "--state", study, "--arms", "3", "--model", "bounded", "--range", "0,1",
                                     "--nu", "0.1"},
            std::vector<std::string>{"study", "ask", "--state", study, "--count", "6"}}) {
        const auto r = run_cli(args);
        if (r.status != 0) throw std::runtime_error("study fixture failed: " + r.err);
      }
    }
    // A study whose every arm has a reward (study plan's base line): ids 0..2 told, 3..5 in flight.
    {
      const std::string study = (dir.path / "study-told.json").string();
      for (const std::vector<std::string>& args :
           {std::vector<std::string>{"study", "new", "--state", study, "--arms", "3", "--sigma", "1", "--nu", "0.1"},
            std::vector<std::string>{"study", "ask", "--state", study, "--count", "6"},
            std::vector<std::string>{"study", "tell", "--state", study, "--csv", (dir.path / "tells0.csv").string()}}) {
        if (args[1] == "tell") dir.file("tells0.csv", "0,0,0.5\n1,1,0.25\n2,2,0\n");
        const auto r = run_cli(args);
        if (r.status != 0) throw std::runtime_error("study fixture failed: " + r.err);
      }
    }
    for (const char* shard : {"0/2", "1/2"}) {
      const std::string out = (dir.path / (std::string("s") + shard[0])).string();
      const auto r = run_cli({"experiment", "modern", "--config", (dir.path / "modern.json").string(), "--shard", shard,
                              "--out", out, "--no-plot", "--quiet"});
      if (r.status != 0) throw std::runtime_error("shard fixture failed: " + r.err);
    }
  }
};

// The user's own file beside the default output path {tmp}/x: no command may touch it.
constexpr const char* kUsersTemp = "x.tmp";
constexpr const char* kUsersTempText = "the user's own file\n";

// Each case's folder: the objects its path classes name.  Returns whether the character device
// could be made (only as root: a node with /dev/null's numbers, in the case's own folder).
bool per_case_files(const fs::path& tmp) {
  std::ofstream(tmp / "a-file") << "x";
  std::ofstream(tmp / "b-file") << "y";
  std::ofstream(tmp / "hard-link-origin") << "z";
  fs::create_hard_link(tmp / "hard-link-origin", tmp / "hard-link");
  fs::create_symlink(tmp / "b-file", tmp / "link-to-b");
  std::ofstream(tmp / kUsersTemp) << kUsersTempText;
  fs::create_directories(tmp / "folder");
  fs::create_symlink(tmp / "nowhere", tmp / "dangling");
  fs::create_symlink(tmp / "loop", tmp / "loop");
  if (::mkfifo((tmp / "fifo").c_str(), 0644) != 0) throw std::runtime_error("mkfifo failed");
  {
    const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
    sockaddr_un a{};
    a.sun_family = AF_UNIX;
    const std::string path = (tmp / "socket").string();
    if (fd < 0 || path.size() >= sizeof a.sun_path) throw std::runtime_error("socket failed (path " + path + ")");
    std::memcpy(a.sun_path, path.c_str(), path.size() + 1);
    const bool bound = ::bind(fd, reinterpret_cast<const sockaddr*>(&a), sizeof a) == 0;
    ::close(fd);
    if (!bound) throw std::runtime_error("bind failed (path " + path + ")");
  }
  return ::geteuid() == 0 && ::mknod((tmp / "device").c_str(), S_IFCHR | 0644, ::makedev(1, 3)) == 0;
}

// The type of a path itself (not following a symlink), for the objects a refusal must leave as they were.
char object_type(const fs::path& p) {
  struct stat st {};
  if (::lstat(p.c_str(), &st) != 0) return '-';
  return S_ISFIFO(st.st_mode) ? 'p' : S_ISSOCK(st.st_mode) ? 's' : S_ISCHR(st.st_mode) ? 'c' : S_ISLNK(st.st_mode) ? 'l'
         : S_ISDIR(st.st_mode) ? 'd' : 'f';
}

json option_tables() {
  const auto r = run_cli({"--list-options-json"});
  if (r.status != 0) throw std::runtime_error("lilucb --list-options-json: status " + std::to_string(r.status) + ": " + r.err);
  return json::parse(r.out);
}

}  // namespace

BOOST_AUTO_TEST_CASE(the_option_tables_are_listed_and_hidden) {
  const json t = option_tables();
  BOOST_TEST(t.at("commands").size() >= 15u);
  const auto help = run_cli({"--help"});
  BOOST_TEST(!contains(help.out, "list-options-json"), help.out);
}

BOOST_AUTO_TEST_CASE(every_option_and_value_class_is_judged_by_its_declaration) {
  const generated g = generate(option_tables());
  for (const auto& p : g.problems) BOOST_ERROR(p);
  BOOST_TEST_REQUIRE(g.problems.empty());
  BOOST_TEST_MESSAGE(g.cases.size() << " generated cases");
  // docs/reliability.md states the number of generated cases.
  {
    std::ifstream in(LILUCB_RELIABILITY_DOC);
    std::ostringstream doc;
    doc << in.rdbuf();
    const std::string stated = "**" + std::to_string(g.cases.size()) + " generated cases**";
    BOOST_TEST(contains(doc.str(), stated),
               LILUCB_RELIABILITY_DOC << " must state " << stated << " (the harness generates that many)");
  }
  fixtures fix;
  std::map<std::string, int> counts;
  std::vector<std::pair<double, std::string>> slowest;
  std::size_t skipped = 0;
  for (const auto& k : g.cases) {
    temp_dir tmp;
    const bool device = per_case_files(tmp.path);
    if (k.cls == "a character device" && !device) {  // not root: no device node can be made
      ++skipped;
      continue;
    }
    const auto before = listing(tmp.path);
    std::map<std::string, char> types;
    for (const char* o : {"fifo", "socket", "device", "link-to-b", "dangling", "hard-link"}) types[o] = object_type(tmp.path / o);
    const auto args = render(k.command, k.line, tmp.path.string(), fix.dir.path.string());
    const std::string value = replace_all(replace_all(k.value, "{tmp}", tmp.path.string()), "{fix}", fix.dir.path.string());
    BOOST_TEST_CONTEXT(k.option << " (" << k.cls << "): " << show(args)) {
      const auto t0 = std::chrono::steady_clock::now();
      const char* env = std::getenv("LILUCB_CLI");
      const auto r = run_program(env && *env ? env : LILUCB_CLI_PATH, args, tmp.path.string(), 120);
      // No command changes the kind of an object it was given, or touches the user's own x.tmp.
      for (const auto& [o, t] : types) BOOST_TEST(object_type(tmp.path / o) == t, o << " changed kind");
      BOOST_TEST(test_files::read_text(tmp.path / kUsersTemp) == kUsersTempText, "the user's own x.tmp was touched");
      slowest.emplace_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), show(args));
      ++counts[k.cls];
      BOOST_TEST(!r.signaled, "killed by a signal: " << r.err);
      BOOST_TEST(r.status != 4, "internal error: " << r.err);
      const bool refused = r.status != 0;
      if (k.expect != verdict::admissible) {
        BOOST_TEST(r.status == (k.expect == verdict::refuse3 ? 3 : 2), "status " << r.status << ", stderr: " << r.err);
        BOOST_TEST(listing(tmp.path) == before, "a refusal wrote a file");
      } else {
        BOOST_TEST((r.status == 0 || r.status == 2 || (k.path_value && r.status == 3)),
                   "status " << r.status << ", stderr: " << r.err);
      }
      if (refused) {
        BOOST_TEST(r.out == "", "stdout: " << r.out);
        BOOST_TEST(count_char(r.err, '\n') == 1u, "stderr: " << r.err);
        BOOST_TEST(printable_line(r.err), "stderr is not one printable line: " << r.err);
        BOOST_TEST(r.err.rfind("lilucb: error: ", 0) == 0u, "stderr: " << r.err);
        for (const auto& n : k.names)
          BOOST_TEST(contains(r.err, n), "the line does not name " << n << ": " << r.err);
      } else {
        const std::string out = k.path_value && !value.empty() ? replace_all(r.out, value, "") : r.out;
        BOOST_TEST(!has_non_finite(out), "stdout holds inf or nan: " << r.out);
      }
    }
  }
  for (const auto& [cls, n] : counts) BOOST_TEST_MESSAGE(cls << ": " << n << " cases");
  if (skipped) BOOST_TEST_MESSAGE(skipped << " character-device cases skipped (not root: no device node can be made)");
  std::sort(slowest.rbegin(), slowest.rend());
  for (std::size_t i = 0; i < std::min<std::size_t>(8, slowest.size()); ++i)
    BOOST_TEST_MESSAGE("slowest: " << slowest[i].first << " s: " << slowest[i].second);
}
