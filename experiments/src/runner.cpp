#include "lilucb_experiments/runner.hpp"

#include "lilucb_experiments/statistics.hpp"

#include "lilucb/bandit/algorithms.hpp"
#include "lilucb/bandit/arms.hpp"
#include "lilucb/bandit/observers.hpp"
#include "lilucb/bandit/parallel.hpp"
#include "lilucb/errors.hpp"
#include "lilucb/instance.hpp"
#include "lilucb/version.hpp"

#include <unistd.h>
#include <sys/utsname.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <sstream>
#include <thread>

namespace fs = std::filesystem;

namespace lilucb::experiments {

namespace {

constexpr const char* kFn = "lilucb experiment";

std::vector<std::string> split(const std::string& line, char sep = ',') {
  std::vector<std::string> out;
  std::string cur;
  for (char c : line) {
    if (c == sep) {
      out.push_back(cur);
      cur.clear();
    } else if (c != '\r') {
      cur += c;
    }
  }
  out.push_back(cur);
  return out;
}

bool parse_u64(const std::string& s, std::uint64_t& v) {
  if (s.empty() || s.find_first_not_of("0123456789") != std::string::npos) return false;
  try {
    v = std::stoull(s);
  } catch (...) {
    return false;
  }
  return true;
}

std::string num(double x) { return lilucb::detail::format_value(x); }

std::string now_iso() {
  const auto t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

std::string command_output(const std::string& cmd) {
  std::string out;
  if (FILE* p = popen(cmd.c_str(), "r")) {
    char buf[256];
    while (fgets(buf, sizeof buf, p)) out += buf;
    pclose(p);
  }
  while (!out.empty() && (out.back() == '\n' || out.back() == '\r')) out.pop_back();
  return out;
}

nlohmann::json machine_json(unsigned threads) {
  nlohmann::json m;
  utsname u{};
  if (uname(&u) == 0) {
    m["hostname"] = u.nodename;
    m["system"] = std::string(u.sysname) + " " + u.release;
    m["arch"] = u.machine;
  }
  m["hardware_threads"] = std::thread::hardware_concurrency();
  m["threads_used"] = threads;
  std::ifstream cpu("/proc/cpuinfo");
  for (std::string line; std::getline(cpu, line);)
    if (line.rfind("model name", 0) == 0) {
      m["cpu"] = line.substr(line.find(':') + 2);
      break;
    }
  return m;
}

#ifndef LILUCB_SOURCE_DIR
#define LILUCB_SOURCE_DIR "."
#endif

}  // namespace

std::string source_commit() {
  return command_output(std::string("git -C '") + LILUCB_SOURCE_DIR + "' rev-parse HEAD 2>/dev/null");
}

namespace {

// The commit the binary was built from, and whether the tree had uncommitted changes then; the
// tree's HEAD at run time too when it has moved on since the build.
nlohmann::json git_json() {
  nlohmann::json g;
  const std::string commit = build_commit();
  g["commit"] = commit.empty() ? nlohmann::json(nullptr) : nlohmann::json(commit);
  if (!commit.empty()) g["dirty"] = build_tree_dirty();
  const std::string head = source_commit();
  if (!head.empty() && head != commit) g["head_at_run"] = head;
  return g;
}

// ---- progress ---------------------------------------------------------------------------

class progress_reporter {
 public:
  progress_reporter(std::string label, std::uint64_t total, bool enabled, std::ostream& out)
      : label_(std::move(label)), total_(total), enabled_(enabled && total > 0), out_(out),
        tty_(isatty(fileno(stderr)) && &out == &std::cerr), start_(clock::now()) {
    if (enabled_) thread_ = std::thread([this] { loop(); });
  }
  ~progress_reporter() { finish(); }
  void tick() { done_.fetch_add(1, std::memory_order_relaxed); }
  void finish() {
    if (!thread_.joinable()) return;
    {
      std::lock_guard<std::mutex> l(m_);
      stop_ = true;
    }
    cv_.notify_all();
    thread_.join();
    print(true);
  }

 private:
  using clock = std::chrono::steady_clock;
  void loop() {
    std::unique_lock<std::mutex> l(m_);
    const auto period = tty_ ? std::chrono::milliseconds(250) : std::chrono::milliseconds(10000);
    while (!cv_.wait_for(l, period, [this] { return stop_; })) print(false);
  }
  static std::string duration(double s) {
    if (!std::isfinite(s)) return "?";
    const auto t = static_cast<long>(s + 0.5);
    char buf[32];
    if (t >= 3600) std::snprintf(buf, sizeof buf, "%ldh%02ldm", t / 3600, t / 60 % 60);
    else std::snprintf(buf, sizeof buf, "%ldm%02lds", t / 60, t % 60);
    return buf;
  }
  void print(bool last) {
    const std::uint64_t d = done_.load();
    const double el = std::chrono::duration<double>(clock::now() - start_).count();
    const double rate = el > 0 ? static_cast<double>(d) / el : 0;
    const double eta = rate > 0 ? static_cast<double>(total_ - std::min(d, total_)) / rate : INFINITY;
    const double frac = static_cast<double>(d) / static_cast<double>(total_);
    std::ostringstream s;
    s << std::fixed << std::setprecision(1);
    if (tty_) {
      constexpr int width = 30;
      const int fill = static_cast<int>(frac * width);
      s << '\r' << label_ << " [" << std::string(fill, '#') << std::string(width - fill, '.') << "] " << d << '/'
        << total_ << " runs, " << rate << " runs/s, " << (last ? "elapsed " + duration(el) : "ETA " + duration(eta))
        << "   ";
      if (last) s << '\n';
    } else {
      s << label_ << ": " << d << '/' << total_ << " runs (" << 100 * frac << "%), " << rate << " runs/s, "
        << (last ? "elapsed " + duration(el) : "ETA " + duration(eta)) << '\n';
    }
    out_ << s.str() << std::flush;
  }

  std::string label_;
  std::uint64_t total_;
  bool enabled_;
  std::ostream& out_;
  bool tty_;
  clock::time_point start_;
  std::atomic<std::uint64_t> done_{0};
  std::mutex m_;
  std::condition_variable cv_;
  bool stop_ = false;
  std::thread thread_;
};

// ---- runs ---------------------------------------------------------------------------------

struct task {
  std::size_t alg = 0, scen = 0, size = 0;
  std::uint64_t rep = 0;
};

std::string row_csv(const run_row& r, experiment_kind kind) {
  std::string s = r.algorithm + "," + r.scenario + "," + std::to_string(r.n) + "," + std::to_string(r.repetition) +
                  "," + std::to_string(r.seed) + "," + std::to_string(r.pulls) + "," + r.status + "," +
                  std::to_string(r.chosen_arm) + "," + (r.correct ? "1" : "0");
  if (kind == experiment_kind::anytime) s += "," + r.wrong_at;
  return s;
}

std::string key_of(const std::string& alg, const std::string& scen, std::uint64_t n, std::uint64_t rep) {
  return alg + "|" + scen + "|" + std::to_string(n) + "|" + std::to_string(rep);
}

nlohmann::json shard_json(const runner_options& o) {
  return o.shard_count > 1 ? nlohmann::json{{"index", o.shard_index}, {"count", o.shard_count}} : nlohmann::json(nullptr);
}

void check_manifest(const experiment_config& config, const runner_options& opts, const fs::path& dir) {
  const fs::path mf = dir / "manifest.json";
  if (!fs::exists(mf)) return;
  std::ifstream in(mf);
  nlohmann::json old;
  try {
    in >> old;
  } catch (const std::exception&) {
    return;  // an unreadable manifest (interrupted write) is rewritten
  }
  auto a = old.value("config", nlohmann::json::object());
  auto b = config.to_json();
  a.erase("preset");
  b.erase("preset");
  if (a != b)
    throw lilucb::domain_error(kFn, "--out", dir.string(),
                               "an empty folder or one holding the same experiment config (it holds " + a.dump() + ")");
  const auto old_shard = old.value("shard", nlohmann::json(nullptr));
  if (old_shard != shard_json(opts))
    throw lilucb::domain_error(kFn, "--shard", dir.string(),
                               "an empty folder or one holding the same shard (it holds " +
                                   (old_shard.is_null() ? std::string("the whole experiment") : old_shard.dump()) + ")");
}

void write_manifest(const fs::path& dir, const nlohmann::json& j) {
  const fs::path tmp = dir / "manifest.json.tmp";
  {
    std::ofstream out(tmp);
    out << j.dump(2) << '\n';
  }
  fs::rename(tmp, dir / "manifest.json");
}

// The output of a run at each checkpoint ('1': wrong).  A run that stopped before a checkpoint
// keeps reporting its answer there.
std::string wrong_string(const bandit::empirical_best_recorder& rec, std::size_t chosen, std::size_t truth) {
  std::string s(rec.best().size(), '0');
  for (std::size_t k = 0; k < s.size(); ++k) {
    const std::size_t b = rec.best()[k] == bandit::empirical_best_recorder::kNotReached ? chosen : rec.best()[k];
    s[k] = b == truth ? '0' : '1';
  }
  return s;
}

struct instance {
  std::vector<double> means;  ///< in the scenario's order; each run shuffles them
  double h1 = 0;
};

std::map<std::pair<std::size_t, std::size_t>, instance> make_instances(const experiment_config& c) {
  std::map<std::pair<std::size_t, std::size_t>, instance> m;
  for (std::size_t s = 0; s < c.scenarios.size(); ++s)
    for (std::size_t z = 0; z < c.sizes.size(); ++z) {
      instance in;
      in.means = scenario_means(c.scenarios[s], c.sizes[z], c.gap);
      in.h1 = lilucb::hardness_h1(in.means);
      m.emplace(std::make_pair(s, z), std::move(in));
    }
  return m;
}

run_row one_run(const experiment_config& c, const instance& in, bandit::algorithm alg, const std::string& tag,
                const scenario& sc, std::uint64_t n, std::uint64_t rep, std::uint64_t budget,
                const std::vector<std::uint64_t>* checkpoints) {
  run_row r;
  r.algorithm = bandit::to_string(alg);
  r.scenario = sc.label;
  r.n = n;
  r.repetition = rep;
  r.seed = run_seed(c.seed, r.algorithm + tag, sc.label, n, rep);
  bandit::run_options o;
  o.nu = c.nu;
  o.sigma = c.sigma;
  o.max_pulls = budget;
  o.seed = r.seed;
  o.run = 0;
  const bandit::gaussian_arms arms(shuffled_means(in.means, r.seed), c.sigma);
  const std::size_t truth = lilucb::best_arm(arms.means());
  bandit::run_result res;
  if (checkpoints) {
    bandit::empirical_best_recorder rec(*checkpoints);
    res = bandit::run_algorithm(alg, arms, o, rec);
    r.wrong_at = wrong_string(rec, res.best_arm, truth);
  } else {
    res = bandit::run_algorithm(alg, arms, o);
  }
  r.pulls = res.pulls;
  r.status = res.status == bandit::run_status::stopped ? "stopped" : "censored";
  r.chosen_arm = res.best_arm;
  r.correct = res.best_arm == truth;
  return r;
}

std::vector<std::string> skipped_notes(const experiment_config& c) {
  std::vector<std::string> notes;
  for (auto a : c.algorithms) {
    std::string ns;
    for (auto n : c.sizes)
      if (!c.runs(a, n)) ns += (ns.empty() ? "" : ", ") + std::to_string(n);
    if (!ns.empty())
      notes.push_back(std::string(bandit::to_string(a)) + " skipped at n = " + ns +
                      " (O(n) per pull; the paper did not run UCB1 at the largest sizes either; ucb1_max_n = " +
                      std::to_string(c.ucb1_max_n) + ")");
  }
  return notes;
}

double pilot_median(std::vector<double> pulls) { return quantile(std::move(pulls), 0.5); }

}  // namespace

// ---- CSV ------------------------------------------------------------------------------------

std::string runs_header(experiment_kind kind) {
  std::string h = "algorithm,scenario,n,repetition,seed,pulls,status,chosen_arm,correct";
  if (kind == experiment_kind::anytime) h += ",wrong_at";
  return h;
}

std::vector<run_row> read_runs(const std::string& path, experiment_kind kind) {
  std::vector<run_row> rows;
  std::ifstream in(path);
  if (!in) return rows;
  std::string line;
  if (!std::getline(in, line)) return rows;
  if (!line.empty() && line.back() == '\r') line.pop_back();
  if (line != runs_header(kind))
    throw lilucb::domain_error(kFn, "runs file", path, "a CSV with header " + runs_header(kind));
  const std::size_t fields = kind == experiment_kind::anytime ? 10 : 9;
  while (std::getline(in, line)) {
    const auto f = split(line);
    if (f.size() != fields) continue;
    run_row r;
    r.algorithm = f[0];
    r.scenario = f[1];
    if (!parse_u64(f[2], r.n) || !parse_u64(f[3], r.repetition) || !parse_u64(f[4], r.seed) ||
        !parse_u64(f[5], r.pulls) || !parse_u64(f[7], r.chosen_arm))
      continue;
    r.status = f[6];
    if (r.status != "stopped" && r.status != "censored") continue;
    if (f[8] != "0" && f[8] != "1") continue;
    r.correct = f[8] == "1";
    if (kind == experiment_kind::anytime) {
      r.wrong_at = f[9];
      if (r.wrong_at.empty() || r.wrong_at.find_first_not_of("01") != std::string::npos) continue;
    }
    rows.push_back(std::move(r));
  }
  return rows;
}

std::string summary_header() {
  return "algorithm,scenario,n,h1,runs,stopped,censored,mean_pulls,median_pulls,q1_pulls,q3_pulls,"
         "mean_over_h1,median_over_h1,errors,error_rate,error_ci_low,error_ci_high";
}

std::string to_csv(const stopping_summary& s) {
  return s.algorithm + "," + s.scenario + "," + std::to_string(s.n) + "," + num(s.h1) + "," + std::to_string(s.runs) +
         "," + std::to_string(s.stopped) + "," + std::to_string(s.censored) + "," + num(s.mean) + "," + num(s.median) +
         "," + num(s.q1) + "," + num(s.q3) + "," + num(s.mean / s.h1) + "," + num(s.median / s.h1) + "," +
         std::to_string(s.errors) + "," + num(s.error_rate) + "," + num(s.error_low) + "," + num(s.error_high);
}

std::vector<stopping_summary> summarize_stopping_times(const experiment_config& c, const std::vector<run_row>& rows) {
  std::map<std::string, std::vector<const run_row*>> groups;
  for (const auto& r : rows) groups[r.algorithm + "|" + r.scenario + "|" + std::to_string(r.n)].push_back(&r);
  std::vector<stopping_summary> out;
  for (auto a : c.algorithms)
    for (const auto& sc : c.scenarios)
      for (auto n : c.sizes) {
        const auto it = groups.find(std::string(bandit::to_string(a)) + "|" + sc.label + "|" + std::to_string(n));
        if (it == groups.end()) continue;
        stopping_summary s;
        s.algorithm = bandit::to_string(a);
        s.scenario = sc.label;
        s.n = n;
        s.h1 = lilucb::hardness_h1(scenario_means(sc, n, c.gap));
        std::vector<double> p;
        for (const auto* r : it->second) {
          p.push_back(static_cast<double>(r->pulls));
          if (r->status == "censored") {
            ++s.censored;
          } else {
            ++s.stopped;
            if (!r->correct) ++s.errors;
          }
        }
        s.runs = p.size();
        double sum = 0;
        for (double x : p) sum += x;
        s.mean = sum / static_cast<double>(p.size());
        s.median = quantile(p, 0.5);
        s.q1 = quantile(p, 0.25);
        s.q3 = quantile(p, 0.75);
        s.error_rate = s.stopped ? static_cast<double>(s.errors) / static_cast<double>(s.stopped) : 0.0;
        const auto ci = clopper_pearson(s.errors, s.stopped);
        s.error_low = ci.low;
        s.error_high = ci.high;
        out.push_back(s);
      }
  return out;
}

// ---- the runner -------------------------------------------------------------------------

run_report run_experiment(const experiment_config& c, const std::string& out_dir, const runner_options& opts) {
  c.validate();
  if (opts.shard_count < 1 || opts.shard_index >= opts.shard_count)
    throw lilucb::domain_error(kFn, "--shard", std::to_string(opts.shard_index) + "/" + std::to_string(opts.shard_count),
                               "I/K with 0 <= I < K");
  std::ostream& log = opts.log ? *opts.log : std::cerr;
  const unsigned threads = opts.threads ? opts.threads : std::max(1u, std::thread::hardware_concurrency());
  const fs::path dir(out_dir);
  fs::create_directories(dir);
  check_manifest(c, opts, dir);
  const auto wall0 = std::chrono::steady_clock::now();
  const std::string started = now_iso();

  run_report rep;
  rep.out_dir = out_dir;
  rep.notes = skipped_notes(c);
  for (const auto& note : rep.notes) log << "lilucb experiment: " << note << '\n';

  nlohmann::json manifest;
  manifest["experiment"] = to_string(c.kind);
  manifest["config"] = c.to_json();
  manifest["toolkit"] = {{"name", "lilucb"}, {"version", lilucb::version()}};
  manifest["git"] = git_json();
  manifest["machine"] = machine_json(threads);
  manifest["start_time"] = started;
  manifest["status"] = "running";
  manifest["notes"] = rep.notes;
  if (opts.shard_count > 1) manifest["shard"] = shard_json(opts);
  write_manifest(dir, manifest);

  const auto instances = make_instances(c);
  const bool anytime = c.kind == experiment_kind::anytime;

  // Anytime: the window of each (scenario, n), from windows.csv or from pilot runs.
  std::map<std::pair<std::size_t, std::size_t>, std::uint64_t> windows;
  std::map<std::pair<std::size_t, std::size_t>, std::vector<std::uint64_t>> checkpoints;
  if (anytime) {
    const fs::path wf = dir / "windows.csv";
    std::map<std::string, std::uint64_t> stored;
    {
      std::ifstream in(wf);
      std::string line;
      std::getline(in, line);
      while (std::getline(in, line)) {
        const auto f = split(line);
        std::uint64_t w = 0;
        if (f.size() >= 3 && parse_u64(f[2], w)) stored[f[0] + "|" + f[1]] = w;
      }
    }
    std::vector<std::pair<std::size_t, std::size_t>> need;
    for (std::size_t s = 0; s < c.scenarios.size(); ++s)
      for (std::size_t z = 0; z < c.sizes.size(); ++z) {
        const auto k = c.scenarios[s].label + "|" + std::to_string(c.sizes[z]);
        if (c.window) windows[{s, z}] = c.window;
        else if (stored.count(k)) windows[{s, z}] = stored[k];
        else need.push_back({s, z});
      }
    // Pilot runs: pilot_repetitions runs of every algorithm at the full budget.
    std::vector<task> pilot;
    for (auto [s, z] : need)
      for (std::size_t a = 0; a < c.algorithms.size(); ++a)
        if (c.runs(c.algorithms[a], c.sizes[z]) &&
            std::find(c.window_from.begin(), c.window_from.end(), c.algorithms[a]) != c.window_from.end())
          for (std::uint64_t r = 0; r < c.pilot_repetitions; ++r) pilot.push_back({a, s, z, r});
    std::vector<std::uint64_t> pilot_pulls(pilot.size());
    {
      progress_reporter bar("anytime pilot runs (window)", pilot.size(), opts.progress, log);
      bandit::parallel_for(pilot.size(), threads, [&](std::size_t k) {
        const auto& t = pilot[k];
        const auto& in = instances.at({t.scen, t.size});
        pilot_pulls[k] = one_run(c, in, c.algorithms[t.alg], "/pilot", c.scenarios[t.scen], c.sizes[t.size], t.rep,
                                 c.budget, nullptr)
                             .pulls;
        bar.tick();
      });
    }
    std::map<std::pair<std::size_t, std::size_t>, std::map<std::size_t, std::vector<double>>> by;
    for (std::size_t k = 0; k < pilot.size(); ++k)
      by[{pilot[k].scen, pilot[k].size}][pilot[k].alg].push_back(static_cast<double>(pilot_pulls[k]));
    for (auto [s, z] : need) {
      double slowest = 0;
      std::string who;
      for (auto& [a, v] : by[{s, z}]) {
        const double m = pilot_median(v);
        if (m > slowest) slowest = m, who = bandit::to_string(c.algorithms[a]);
      }
      // No pilot algorithm (window_from disjoint from algorithms): the budget.
      const double w = who.empty() ? static_cast<double>(c.budget) : std::ceil(c.window_factor * slowest);
      const double capped = std::min(static_cast<double>(c.budget), w);
      windows[{s, z}] = std::max<std::uint64_t>(2, static_cast<std::uint64_t>(capped));
      log << "lilucb experiment: anytime window for " << c.scenarios[s].label << ", n = " << c.sizes[z] << ": "
          << windows[{s, z}] << " pulls (" << num(c.window_factor) << " x pilot median of " << who << ")\n";
      stored[c.scenarios[s].label + "|" + std::to_string(c.sizes[z])] = windows[{s, z}];
    }
    {
      std::ofstream out(wf);
      out << "scenario,n,window\n";
      for (std::size_t s = 0; s < c.scenarios.size(); ++s)
        for (std::size_t z = 0; z < c.sizes.size(); ++z)
          out << c.scenarios[s].label << ',' << c.sizes[z] << ',' << windows[{s, z}] << '\n';
    }
    for (auto& [k, w] : windows)
      checkpoints[k] = log_checkpoints(w, c.checkpoints_per_decade,
                                       std::min<std::uint64_t>(w, instances.at(k).means.size()));
  }

  // Resumption: the runs already recorded.
  const fs::path runs_path = dir / "runs.csv";
  std::vector<run_row> done = read_runs(runs_path.string(), c.kind);
  std::map<std::string, bool> have;
  for (const auto& r : done) have[key_of(r.algorithm, r.scenario, r.n, r.repetition)] = true;

  std::vector<task> todo;
  std::uint64_t run_index = 0;  // position in the whole experiment's enumeration (sharding)
  for (std::size_t a = 0; a < c.algorithms.size(); ++a)
    for (std::size_t s = 0; s < c.scenarios.size(); ++s)
      for (std::size_t z = 0; z < c.sizes.size(); ++z) {
        if (!c.runs(c.algorithms[a], c.sizes[z])) continue;
        for (std::uint64_t r = 0; r < c.repetitions; ++r) {
          if (run_index++ % opts.shard_count != opts.shard_index) continue;
          ++rep.total;
          if (have.count(key_of(bandit::to_string(c.algorithms[a]), c.scenarios[s].label, c.sizes[z], r)))
            ++rep.resumed;
          else
            todo.push_back({a, s, z, r});
        }
      }
  if (rep.resumed) log << "lilucb experiment: resuming: " << rep.resumed << " of " << rep.total << " runs already in " << runs_path.string() << '\n';

  // Rewrite the file with its complete rows only (drops a line cut by an interruption).
  {
    std::ofstream out(runs_path, std::ios::trunc);
    out << runs_header(c.kind) << '\n';
    for (const auto& r : done) out << row_csv(r, c.kind) << '\n';
  }
  {
    std::ofstream out(runs_path, std::ios::app);
    std::mutex m;
    progress_reporter bar(std::string(to_string(c.kind)), todo.size(), opts.progress, log);
    bandit::parallel_for(todo.size(), threads, [&](std::size_t k) {
      const auto& t = todo[k];
      const auto& in = instances.at({t.scen, t.size});
      const std::uint64_t budget = anytime ? windows.at({t.scen, t.size}) : c.budget;
      const auto* cps = anytime ? &checkpoints.at({t.scen, t.size}) : nullptr;
      const run_row r =
          one_run(c, in, c.algorithms[t.alg], anytime ? "/anytime" : "", c.scenarios[t.scen], c.sizes[t.size], t.rep, budget, cps);
      const std::string line = row_csv(r, c.kind) + "\n";
      {
        std::lock_guard<std::mutex> l(m);
        out << line << std::flush;
      }
      bar.tick();
    });
  }
  rep.executed = todo.size();

  // Canonical order: the file is identical for any thread count.
  std::vector<run_row> rows = read_runs(runs_path.string(), c.kind);
  auto index_of = [&](const run_row& r) {
    std::size_t a = 0, s = 0, z = 0;
    while (a < c.algorithms.size() && r.algorithm != bandit::to_string(c.algorithms[a])) ++a;
    while (s < c.scenarios.size() && r.scenario != c.scenarios[s].label) ++s;
    while (z < c.sizes.size() && r.n != c.sizes[z]) ++z;
    return std::array<std::uint64_t, 4>{a, s, z, r.repetition};
  };
  std::stable_sort(rows.begin(), rows.end(), [&](const run_row& x, const run_row& y) { return index_of(x) < index_of(y); });
  {
    std::ofstream out(runs_path, std::ios::trunc);
    out << runs_header(c.kind) << '\n';
    for (const auto& r : rows) out << row_csv(r, c.kind) << '\n';
  }

  if (!anytime) {
    std::ofstream out(dir / "summary.csv");
    out << summary_header() << '\n';
    for (const auto& s : summarize_stopping_times(c, rows)) out << to_csv(s) << '\n';
  } else {
    std::ofstream curve(dir / "anytime.csv"), stop(dir / "stopping.csv");
    curve << "scenario,n,algorithm,pulls,runs,wrong,p_wrong,ci_low,ci_high\n";
    stop << "scenario,n,algorithm,window,runs,stopped,median_stopping_time\n";
    std::map<std::string, std::vector<const run_row*>> groups;
    for (const auto& r : rows) groups[r.algorithm + "|" + r.scenario + "|" + std::to_string(r.n)].push_back(&r);
    for (std::size_t s = 0; s < c.scenarios.size(); ++s)
      for (std::size_t z = 0; z < c.sizes.size(); ++z)
        for (auto a : c.algorithms) {
          const auto it = groups.find(std::string(bandit::to_string(a)) + "|" + c.scenarios[s].label + "|" +
                                      std::to_string(c.sizes[z]));
          if (it == groups.end()) continue;
          const auto& cps = checkpoints.at({s, z});
          const auto& g = it->second;
          std::uint64_t stopped = 0;
          std::vector<double> pulls;
          for (const auto* r : g) {
            pulls.push_back(static_cast<double>(r->pulls));
            if (r->status == "stopped") ++stopped;
          }
          for (std::size_t k = 0; k < cps.size(); ++k) {
            std::uint64_t wrong = 0, m = 0;
            for (const auto* r : g)
              if (k < r->wrong_at.size()) {
                ++m;
                wrong += r->wrong_at[k] == '1';
              }
            const auto ci = clopper_pearson(wrong, m);
            curve << c.scenarios[s].label << ',' << c.sizes[z] << ',' << bandit::to_string(a) << ',' << cps[k] << ','
                  << m << ',' << wrong << ',' << num(m ? static_cast<double>(wrong) / static_cast<double>(m) : 0.0)
                  << ',' << num(ci.low) << ',' << num(ci.high) << '\n';
          }
          // The median stopping time is known when more than half the runs stopped in the window.
          stop << c.scenarios[s].label << ',' << c.sizes[z] << ',' << bandit::to_string(a) << ','
               << windows.at({s, z}) << ',' << g.size() << ',' << stopped << ','
               << (2 * stopped > g.size() ? num(quantile(pulls, 0.5)) : std::string()) << '\n';
        }
  }

  rep.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall0).count();
  manifest["status"] = "complete";
  manifest["end_time"] = now_iso();
  manifest["wall_seconds"] = rep.wall_seconds;
  manifest["runs"] = {{"total", rep.total}, {"resumed", rep.resumed}, {"executed", rep.executed}};
  if (anytime) {
    nlohmann::json w = nlohmann::json::array();
    for (std::size_t s = 0; s < c.scenarios.size(); ++s)
      for (std::size_t z = 0; z < c.sizes.size(); ++z)
        w.push_back({{"scenario", c.scenarios[s].label}, {"n", c.sizes[z]}, {"window", windows.at({s, z})}});
    manifest["windows"] = w;
  }
  write_manifest(dir, manifest);
  return rep;
}

}  // namespace lilucb::experiments
