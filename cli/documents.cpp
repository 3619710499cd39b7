#include "documents.hpp"

#include "lilucb/errors.hpp"
#include "lilucb_docs/generated_tables.hpp"
#include "lilucb_experiments/report.hpp"
#include "lilucb_verification/claims_record.hpp"

#include <nlohmann/json.hpp>

#include <fstream>

namespace lilucb::cli {

namespace {

std::optional<nlohmann::json> read_json(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return std::nullopt;
  try {
    return nlohmann::json::parse(in);
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
    // Other runs of the modern experiment, rendered by the same report.
    auto modern_run = [&d](const char* file, const char* description, const char* data, std::string title,
                           std::string command) {
      d.push_back({file, description,
                   [data, title, command](const std::filesystem::path& dir) {
                     return experiments::render_modern_report(dir, data, title, command);
                   },
                   data});
    };
    modern_run("modern-robustness.md",
               "the price of certification on 100 streams per cell for a few methods (experiments/modern/robustness.json)",
               experiments::modern_robustness_data,
               "The price of certification on more streams: 100 runs per cell, seed 2",
               "lilucb experiment modern --preset quick --config experiments/modern/robustness.json "
               "--out docs/reproduction/quick/modern-robustness");
    modern_run("modern-large.md",
               "the price of certification at n = 1000 for the Heuristic and one certified method "
               "(experiments/modern/large.json)",
               experiments::modern_large_data,
               "The price of certification at n = 1000: 100 runs per cell, seed 3",
               "lilucb experiment modern --preset quick --config experiments/modern/large.json "
               "--out docs/reproduction/quick/modern-large");
    modern_run("modern-confirm.md",
               "a confirmation run: the certified method chosen in advance against the Heuristic on fresh streams, "
               "1000 runs per cell (experiments/modern/confirm.json)",
               experiments::modern_confirm_data,
               "Confirmation on fresh streams: one certified method chosen in advance, 1000 runs per cell, "
               "seed 5",
               "lilucb experiment modern --preset quick --config experiments/modern/confirm.json "
               "--out docs/reproduction/quick/modern-confirm");
    modern_run("modern-xlarge.md",
               "the price of certification at n = 10^4 for the Heuristic and one certified method "
               "(experiments/modern/xlarge.json)",
               experiments::modern_xlarge_data,
               "The price of certification at n = 10^4: 100 runs per cell, seed 4",
               "lilucb experiment modern --preset quick --config experiments/modern/xlarge.json "
               "--out docs/reproduction/quick/modern-xlarge");
    modern_run("modern-bernoulli.md",
               "the certified rules for rewards in [0, 1] against the field's practice on Bernoulli arms "
               "(experiments/modern/bernoulli.json)",
               experiments::modern_bernoulli_data,
               "Certified on Bernoulli arms against the field's practice: 1000 runs per cell, seed 6",
               "lilucb experiment modern --config experiments/modern/bernoulli.json "
               "--out docs/reproduction/quick/modern-bernoulli");
    return d;
  }();
  return all;
}

}  // namespace lilucb::cli
