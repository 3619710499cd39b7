#include "documents.hpp"

#include "lilucb/errors.hpp"
#include "lilucb/io/safe_file.hpp"
#include "lilucb_docs/generated_tables.hpp"
#include "lilucb_experiments/report.hpp"
#include "lilucb_verification/claims_record.hpp"

#include <nlohmann/json.hpp>


namespace lilucb::cli {

namespace {

std::optional<nlohmann::json> read_json(const std::filesystem::path& file) {
  const auto text = io::read_file_if_present(file, io::default_max_bytes, "lilucb docs");
  if (!text) return std::nullopt;
  try {
    return nlohmann::json::parse(*text);
  } catch (const nlohmann::json::exception& e) {
    throw lilucb::domain_error("lilucb docs", "data file", file.string(),
                               std::string("valid JSON (") + e.what() + ")");
  }
}

std::optional<std::string> claims_document(const std::filesystem::path& dir) {
  const auto file = dir / "claims.json";
  const auto j = read_json(file);
  if (!j) return std::nullopt;
  return verification::render_claims_markdown(verification::parse_claims_record(*j, file.string()));
}

/// docs/generated/reproduction.md: the data with the published claims that judge Section 5's statements.
std::optional<std::string> reproduction_document(const std::filesystem::path& dir) {
  std::vector<experiments::statement_claim> claims;
  const auto file = dir / "claims.json";
  if (const auto j = read_json(file))
    for (const auto& c : verification::parse_claims_record(*j, file.string()).claims)
      claims.push_back({c.id, c.claim, c.source, std::string(verification::to_string(c.verdict)), c.computed,
                        c.evidence});
  return experiments::render_reproduction_report(dir, claims);
}

/// A page of docs/generated declared by a config of experiments/modern/ (its "report" object).
struct modern_report_run {
  std::string page, description, title, command;
  std::string data;  ///< the run's summary.csv relative to docs/generated (from the command's --out)
};

/// The configs of experiments/modern/ with a "report" object, in file-name order; the configs are
/// compiled in (cli/CMakeLists.txt).  A malformed report object is a build's mistake and stops
/// `lilucb docs` with the config's name.
std::vector<modern_report_run> modern_report_runs() {
  struct config_text {
    const char* path;
    const char* text;
  };
  static const config_text configs[] = {
#include "modern_configs.inc"
  };
  std::vector<modern_report_run> runs;
  for (const auto& c : configs) {
    const auto j = nlohmann::json::parse(c.text);
    if (!j.contains("report")) continue;
    const auto& r = j.at("report");
    auto field = [&](const char* key) {
      if (!r.contains(key) || !r.at(key).is_string() || r.at(key).get<std::string>().empty())
        throw lilucb::domain_error("lilucb docs", std::string(c.path) + ": report." + key,
                                   r.contains(key) ? r.at(key).dump() : "absent", "a non-empty string");
      return r.at(key).get<std::string>();
    };
    modern_report_run run{field("page"), field("description"), field("title"), field("command"), ""};
    // The command names this config and the run folder, docs/reproduction/...; the page reads the
    // folder's summary.csv from docs/generated.
    const std::string config_option = std::string(" --config ") + c.path, out_option = " --out docs/";
    const auto out = run.command.find(out_option);
    if (run.command.find(config_option) == std::string::npos || out == std::string::npos ||
        run.command.find(' ', out + out_option.size()) != std::string::npos)
      throw lilucb::domain_error("lilucb docs", std::string(c.path) + ": report.command", run.command,
                                 "a command with --config " + std::string(c.path) +
                                     " that ends with --out docs/FOLDER");
    run.data = "../" + run.command.substr(out + out_option.size()) + "/summary.csv";
    runs.push_back(std::move(run));
  }
  return runs;
}

}  // namespace

const std::vector<document>& documents() {
  static const std::vector<document> all = [] {
    std::vector<document> d;
    for (const auto& t : generated_tables())
      d.push_back({t.file, t.description,
                   [&t](const std::filesystem::path&) -> std::optional<std::string> {
                     return render_generated_table(t, table_format::markdown);
                   },
                   ""});
    d.push_back({"claims.md", "the claims table of the published `lilucb verify --full` run",
                 claims_document, "claims.json"});
    d.push_back({"reproduction.md", "the paper reproduction's report (quick and paper presets, Section 5's statements)",
                 reproduction_document, experiments::reproduction_report_data});
    d.push_back({"modern.md", "the price of certification: `lilucb experiment modern --preset quick`'s report",
                 [](const std::filesystem::path& dir) { return experiments::render_modern_report(dir); },
                 experiments::modern_report_data});
    // Other runs of the modern experiment, rendered by the same report: each config of
    // experiments/modern/ with a "report" object declares its page (modern_report_runs).
    for (const auto& r : modern_report_runs())
      d.push_back({r.page, r.description,
                   [r](const std::filesystem::path& dir) {
                     return experiments::render_modern_report(dir, r.data.c_str(), r.title, r.command);
                   },
                   r.data});
    return d;
  }();
  return all;
}

}  // namespace lilucb::cli
