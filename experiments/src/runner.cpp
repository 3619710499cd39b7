// The run loop of the reproduction (runner.hpp): check the folder, plan, resume, run, write.

#include "lilucb_experiments/runner.hpp"

#include "executor.hpp"
#include "progress.hpp"
#include "runner_detail.hpp"

#include "lilucb/bandit/parallel.hpp"
#include "lilucb/errors.hpp"
#include "lilucb/io/safe_file.hpp"
#include "lilucb/version.hpp"

#include <chrono>
#include <iostream>
#include <mutex>

namespace fs = std::filesystem;

namespace lilucb::experiments {

namespace {

constexpr const char* kRunnerFn = "lilucb experiment";

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

[[noreturn]] void refuse(const fs::path& dir, const std::string& why) {
  throw lilucb::domain_error(kRunnerFn, "--out", dir.string(), "an empty folder or one holding this experiment's results (" + why + ")");
}

/// Checks the manifest of a folder about to be resumed against this run.  Returns "" when it
/// matches, or why there is no valid manifest ("no manifest.json", "manifest.json is ...").
std::string check_manifest(const experiment_config& c, const runner_options& opts, const fs::path& dir) {
  std::string invalid;
  const auto old = read_manifest(dir, &invalid);
  if (!old) return invalid.empty() ? std::string("no manifest.json") : "manifest.json is " + invalid;
  if ((*old)["experiment"] != to_string(c.kind))
    refuse(dir, "it holds a " + (*old)["experiment"].get<std::string>() + " experiment");
  auto a = canonical_config_json((*old)["config"]), b = c.to_json();
  a.erase("preset");
  b.erase("preset");
  if (a != b) refuse(dir, "it holds another config: " + a.dump());
  const auto old_shard = old->value("shard", nlohmann::json(nullptr));
  if (old_shard != detail::shard_json(opts.shard_index, opts.shard_count))
    throw lilucb::domain_error(kRunnerFn, "--shard", dir.string(),
                               "an empty folder or one holding the same shard (it holds " +
                                   (old_shard.is_null() ? std::string("the whole experiment") : old_shard.dump()) + ")");
  if (c.kind == experiment_kind::anytime && old->contains("windows")) {
    const auto recorded = windows_from_json((*old)["windows"]);
    if (!recorded) refuse(dir, "manifest.json's windows are malformed");
    if (read_windows(dir / "windows.csv") != *recorded)
      refuse(dir, "windows.csv differs from the windows manifest.json records: edited or removed");
  }
  return "";
}

/// The default executor: a parallel_for over the runs on this process's threads.
class thread_executor final : public run_executor {
 public:
  explicit thread_executor(unsigned threads) : threads_(threads) {}
  void execute(const detail::experiment_plan& plan, const std::vector<detail::run_coords>& todo,
               const std::function<void(run_row)>& record) override {
    std::mutex m;
    bandit::parallel_for(todo.size(), threads_, [&](std::size_t k) {
      run_row r = detail::planned_run(plan, todo[k]);
      std::lock_guard<std::mutex> l(m);
      record(std::move(r));
    });
  }

 private:
  unsigned threads_;
};

}  // namespace

run_report run_experiment(const experiment_config& c, const std::string& out_dir, const runner_options& opts) {
  c.validate();
  if (opts.shard_count < 1 || opts.shard_index >= opts.shard_count)
    throw lilucb::domain_error(kRunnerFn, "--shard", std::to_string(opts.shard_index) + "/" + std::to_string(opts.shard_count),
                               "I/K with 0 <= I < K");
  check_plan_memory(c, opts, kRunnerFn);
  check_plan_time(c, opts, out_dir, kRunnerFn, opts.max_seconds_name);
  std::ostream& log = opts.log ? *opts.log : std::cerr;
  const unsigned threads = bandit::thread_count(opts.threads);
  const fs::path dir(out_dir);
  detail::make_folder(dir, opts.out_name);
  const detail::folder_lock lock(dir);
  const fs::path runs_path = dir / "runs.csv";
  const std::string no_manifest = check_manifest(c, opts, dir);
  runs_file recorded = read_runs_file(runs_path, c.kind);
  if (!no_manifest.empty() && !recorded.rows.empty())
    refuse(dir, "it holds result rows in runs.csv but " + no_manifest + ", so their config is unknown");

  const auto wall0 = std::chrono::steady_clock::now();
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
  manifest["start_time"] = now_iso();
  manifest["status"] = "running";
  manifest["notes"] = rep.notes;
  if (opts.shard_count > 1) manifest["shard"] = detail::shard_json(opts.shard_index, opts.shard_count);
  if (opts.executor)
    if (auto d = opts.executor->describe(); !d.is_null()) manifest["mpi"] = std::move(d);
  write_manifest(dir, manifest);

  detail::experiment_plan plan(c);
  const bool anytime = c.kind == experiment_kind::anytime;
  if (anytime) {
    plan.set_windows(detail::anytime_windows(plan, dir, threads, opts.progress, log));
    manifest["windows"] = windows_json(plan.windows());
    write_manifest(dir, manifest);
  }

  // Resumption: the rows already recorded, each checked against the plan; the file rewritten
  // whole with them (a cut last line dropped), never truncated in place.
  std::vector<run_row> rows = std::move(recorded.rows);
  const auto have = detail::check_rows(plan, rows, opts.shard_index, opts.shard_count, "--out", runs_path.string());
  std::vector<bool> done(plan.total(), false);
  for (auto i : have) done[i] = true;
  // Appended to next: a fresh mode, writable whatever the old file's.
  io::write_file_atomically(runs_path, csv_text(runs_header(c.kind), rows, c.kind), "lilucb experiment",
                            io::file_mode::fresh);

  std::vector<detail::run_coords> todo;
  plan.for_each_run([&](std::uint64_t i, const detail::run_coords& x) {
    if (i % opts.shard_count != opts.shard_index) return;
    ++rep.total;
    if (done[i]) ++rep.resumed;
    else todo.push_back(x);
  });
  if (rep.resumed)
    log << "lilucb experiment: resuming: " << rep.resumed << " of " << rep.total << " runs already in "
        << runs_path.string() << '\n';

  {
    detail::appender out(runs_path);
    detail::progress_reporter bar(std::string(to_string(c.kind)), todo.size(), opts.progress, log);
    thread_executor pool(threads);
    run_executor& exec = opts.executor ? *opts.executor : pool;
    std::uint64_t done_now = 0;
    exec.execute(plan, todo, [&](run_row r) {
      out.append(to_csv(r, c.kind) + "\n");
      rows.push_back(std::move(r));
      bar.tick();
      if (opts.on_run_done) opts.on_run_done(++done_now, todo.size());
    });
    out.sync();
  }
  rep.executed = todo.size();

  // The final files, from the typed rows in canonical order (identical for any thread count).
  detail::sort_canonical(plan, rows);
  detail::write_results(plan, dir, rows);

  rep.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall0).count();
  manifest["status"] = "complete";
  manifest["end_time"] = now_iso();
  manifest["wall_seconds"] = rep.wall_seconds;
  manifest["runs"] = {{"total", rep.total}, {"resumed", rep.resumed}, {"executed", rep.executed}};
  write_manifest(dir, manifest);
  return rep;
}

}  // namespace lilucb::experiments
