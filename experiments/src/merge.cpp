// `lilucb experiment merge OUT SHARD_DIR...`: shard folders combined into the folder a
// single-process run of the whole experiment writes (runner.hpp; docs/reproduction-method.md,
// "Shards").

#include "lilucb_experiments/runner.hpp"

#include "runner_detail.hpp"

#include "lilucb/errors.hpp"

#include <algorithm>
#include <chrono>
#include <map>

namespace fs = std::filesystem;

namespace lilucb::experiments {

namespace {

constexpr const char* kMergeFn = "lilucb experiment merge";

[[noreturn]] void refuse_shard(const std::string& dir, const std::string& why) {
  throw lilucb::domain_error(kMergeFn, "SHARD_DIR", dir, "complete shard folders of one experiment (" + why + ")");
}

struct shard {
  std::string dir;
  nlohmann::json manifest;
  std::uint64_t index = 0, count = 1;
};

std::string text_of(const nlohmann::json& j) { return j.is_string() ? j.get<std::string>() : j.dump(); }

}  // namespace

run_report merge_experiment(const std::string& out_dir, const std::vector<std::string>& shard_dirs) {
  const auto wall0 = std::chrono::steady_clock::now();
  if (shard_dirs.empty()) throw lilucb::domain_error(kMergeFn, "SHARD_DIR", "(none)", "at least one shard folder");
  std::vector<shard> shards;
  for (const auto& d : shard_dirs) {
    std::string invalid;
    const auto m = read_manifest(d, &invalid);
    if (!m) refuse_shard(d, invalid.empty() ? "it has no manifest.json" : "its manifest.json is " + invalid);
    if (m->value("status", std::string()) != "complete") refuse_shard(d, "it is not complete (manifest status)");
    shard s{d, *m, 0, 1};
    if (const auto sh = m->value("shard", nlohmann::json(nullptr)); !sh.is_null()) {
      if (!sh.is_object() || !sh.contains("index") || !sh.contains("count") || !sh["index"].is_number_unsigned() ||
          !sh["count"].is_number_unsigned())
        refuse_shard(d, "its manifest's shard is malformed");
      s.index = sh["index"].get<std::uint64_t>();
      s.count = sh["count"].get<std::uint64_t>();
      if (s.count < 1 || s.index >= s.count)
        refuse_shard(d, "its manifest's shard " + std::to_string(s.index) + "/" + std::to_string(s.count) +
                            " is not an index I/K with 0 <= I < K");
    }
    shards.push_back(std::move(s));
  }
  const auto& first = shards.front();
  auto field = [](const nlohmann::json& m, const char* a, const char* b = nullptr) {
    if (!m.contains(a)) return nlohmann::json(nullptr);
    if (!b) return m[a];
    return m[a].is_object() && m[a].contains(b) ? m[a][b] : nlohmann::json(nullptr);
  };
  for (const auto& s : shards) {
    auto differs = [&](const char* what, const nlohmann::json& x, const nlohmann::json& y) {
      if (x != y)
        refuse_shard(s.dir, std::string("its ") + what + " " + text_of(x).substr(0, 200) + " differs from " + first.dir +
                                "'s " + text_of(y).substr(0, 200));
    };
    differs("experiment", field(s.manifest, "experiment"), field(first.manifest, "experiment"));
    differs("seed", field(s.manifest, "config", "seed"), field(first.manifest, "config", "seed"));
    differs("config", field(s.manifest, "config"), field(first.manifest, "config"));
    differs("toolkit version", field(s.manifest, "toolkit", "version"), field(first.manifest, "toolkit", "version"));
    differs("build commit", field(s.manifest, "git", "commit"), field(first.manifest, "git", "commit"));
    if (s.count != first.count)
      refuse_shard(s.dir, "it is shard " + std::to_string(s.index) + "/" + std::to_string(s.count) + ", " + first.dir +
                              " is one of " + std::to_string(first.count));
  }
  const std::uint64_t K = first.count;
  std::map<std::uint64_t, const shard*> by_index;
  for (const auto& s : shards)
    if (!by_index.emplace(s.index, &s).second)
      refuse_shard(s.dir, "overlapping shares: shard " + std::to_string(s.index) + "/" + std::to_string(K) +
                              " is also " + by_index[s.index]->dir);
  if (by_index.size() != K) {
    std::string missing;
    for (std::uint64_t i = 0; i < K && missing.size() < 200; ++i)
      if (!by_index.count(i)) missing += (missing.empty() ? "" : ", ") + std::to_string(i);
    refuse_shard(first.dir, "missing shares of " + std::to_string(K) + ": " + missing);
  }

  const auto config = config_from_json(first.manifest["config"], first.dir + "/manifest.json: config");
  detail::experiment_plan plan(config);
  const bool anytime = config.kind == experiment_kind::anytime;
  if (anytime) {
    std::vector<window_row> windows;
    for (const auto& s : shards) {
      const auto recorded = windows_from_json(field(s.manifest, "windows"));
      const auto file = read_windows(fs::path(s.dir) / "windows.csv");
      if (!recorded || file != *recorded) refuse_shard(s.dir, "its windows.csv differs from the windows its manifest records");
      if (&s == &first) windows = file;
      else if (file != windows) refuse_shard(s.dir, "its windows differ from " + first.dir + "'s");
    }
    std::size_t k = 0;
    for (const auto& sc : config.scenarios)
      for (auto n : config.sizes) {
        if (k >= windows.size() || windows[k].scenario != sc.label || windows[k].n != n)
          refuse_shard(first.dir, "its windows.csv does not list the config's (scenario, n) in order");
        ++k;
      }
    if (k != windows.size()) refuse_shard(first.dir, "its windows.csv lists cells the config does not have");
    plan.set_windows(windows);
  }

  run_report rep;
  rep.out_dir = out_dir;
  std::vector<run_row> rows;
  nlohmann::json from = nlohmann::json::array();
  std::string start, end;
  double wall = 0;
  for (const auto& s : shards) {
    const fs::path runs = fs::path(s.dir) / "runs.csv";
    auto file = read_runs_file(runs, config.kind);
    if (!file.exists) refuse_shard(s.dir, "it has no readable runs.csv");
    std::error_code size_error;
    if (fs::file_size(runs, size_error) == 0 || size_error)
      refuse_shard(s.dir, "its runs.csv is empty (a complete shard's runs.csv holds at least its header)");
    if (file.cut_last_line) refuse_shard(s.dir, "its runs.csv ends in a cut line");
    detail::check_rows(plan, file.rows, s.index, K, "SHARD_DIR", runs.string());
    std::uint64_t share = 0;
    plan.for_each_run([&](std::uint64_t i, const detail::run_coords&) { share += i % K == s.index; });
    if (file.rows.size() != share)
      refuse_shard(s.dir, "its runs.csv holds " + std::to_string(file.rows.size()) + " of its share's " +
                              std::to_string(share) + " runs");
    rep.total += share;
    if (const auto r = field(s.manifest, "runs"); r.is_object()) {
      rep.resumed += r.value("resumed", std::uint64_t{0});
      rep.executed += r.value("executed", std::uint64_t{0});
    }
    const auto st = s.manifest.value("start_time", std::string()), en = s.manifest.value("end_time", std::string());
    if (!st.empty() && (start.empty() || st < start)) start = st;
    if (en > end) end = en;
    wall += s.manifest.value("wall_seconds", 0.0);
    from.push_back({{"dir", s.dir},
                    {"shard", detail::shard_json(s.index, K)},
                    {"machine", field(s.manifest, "machine")},
                    {"start_time", field(s.manifest, "start_time")},
                    {"end_time", field(s.manifest, "end_time")},
                    {"wall_seconds", field(s.manifest, "wall_seconds")},
                    {"runs", field(s.manifest, "runs")}});
    for (auto& r : file.rows) rows.push_back(std::move(r));
  }
  rep.notes = first.manifest.value("notes", std::vector<std::string>{});

  const fs::path out(out_dir);
  detail::make_folder(out, "OUT");
  const detail::folder_lock lock(out);
  for (const char* f : {"manifest.json", "runs.csv", "summary.csv", "anytime.csv", "stopping.csv", "windows.csv"})
    if (fs::exists(out / f))
      throw lilucb::domain_error(kMergeFn, "OUT", out_dir, std::string("a folder without results (it holds ") + f + ")");
  detail::sort_canonical(plan, rows);
  detail::write_results(plan, out, rows);

  nlohmann::json m;
  m["experiment"] = to_string(config.kind);
  m["config"] = first.manifest["config"];
  m["toolkit"] = first.manifest["toolkit"];
  m["git"] = first.manifest["git"];
  m["machine"] = first.manifest.value("machine", nlohmann::json(nullptr));
  m["start_time"] = start;
  m["end_time"] = end;
  m["wall_seconds"] = wall;  // the shards' wall times, summed
  m["status"] = "complete";
  m["notes"] = rep.notes;
  m["runs"] = {{"total", rep.total}, {"resumed", rep.resumed}, {"executed", rep.executed}};
  m["merged_from"] = from;
  if (anytime) m["windows"] = windows_json(plan.windows());
  write_manifest(out, m);
  rep.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall0).count();
  return rep;
}

}  // namespace lilucb::experiments
