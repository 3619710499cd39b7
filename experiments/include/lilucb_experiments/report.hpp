#pragma once
// docs/generated/reproduction.md: the report of the paper reproduction (Section 5), rendered from the
// committed summaries of the runs (never from raw per-run data, never typed by hand):
//
//   docs/reproduction/<preset>/stopping-times/  manifest.json, summary.csv, stopping-times-*.png
//   docs/reproduction/<preset>/anytime/         manifest.json, windows.csv, anytime.csv,
//                                               stopping.csv, anytime.png
//
// for <preset> = quick and paper.  `lilucb docs --write|--check docs/generated` writes or checks
// it (cli/documents.cpp), so a hand edit or a stale rendering is caught by CI.
//
// The report holds, per preset: provenance (config, commit, machine, times), the stopping-time
// tables (median pulls and median / H1 per algorithm, scenario and n; error rates among stopped
// runs with exact Clopper–Pearson 95% intervals; censored counts), the anytime table (pulls from
// which P(î ≠ i*) stays at or below ν), the plots, and Section 5's statements one by one with
// the claims of `lilucb verify` that judge them (the report renders verdicts, it never judges:
// docs/verification.md; the data are read through reproduction_data.hpp).

#include <nlohmann/json_fwd.hpp>

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace lilucb::experiments {

/// One claim of the verification suite as the report renders it (the verdict as text).
struct statement_claim {
  std::string id, claim, source, verdict, computed, evidence;
};

/// The text of docs/generated/reproduction.md; `claims` are the published claims (those the report names
/// are rendered, a missing one is reported as missing).  `generated_dir` is docs/generated; the data are read
/// from `generated_dir / "../reproduction"`.  Returns nullopt when the quick preset's
/// stopping-time summary (`reproduction/quick/stopping-times/summary.csv`) does not exist;
/// other missing parts are reported as missing in the text.  Throws lilucb::domain_error
/// naming the file when a data file is malformed (wrong header, wrong field count, a number
/// that does not parse, a manifest that is not JSON).
std::optional<std::string> render_reproduction_report(const std::filesystem::path& generated_dir,
                                                       const std::vector<statement_claim>& claims);

/// The file (relative to docs/generated) whose absence makes render_reproduction_report
/// return nullopt.
inline constexpr const char* reproduction_report_data = "../reproduction/quick/stopping-times/summary.csv";

/// The provenance lines of a report section from an experiment's manifest: source commit,
/// toolkit version, machine, times, runs executed and resumed, status, notes (Markdown list
/// items, each ending in a newline).
std::string run_provenance(const nlohmann::json& manifest);

/// docs/generated/modern.md: the price of certification, rendered from the modern
/// experiment's committed results `generated_dir / modern_report_data` (summary.csv) with its
/// manifest.json and plots beside it: which certified combination is best on each instance and
/// delta, the ratio of its median stopping time to the lil'UCB Heuristic's, and per instance
/// every method's stopping times, E[tau]/(T* log(1/delta)), E[tau]/H1, the fixed-point
/// prediction and its error rate with the exact Clopper-Pearson 95% interval.  Returns nullopt
/// when the summary does not exist; throws lilucb::domain_error naming the file when a data file
/// is malformed.  The same report renders another run of the experiment: `data` (relative to
/// generated_dir), its title and the command that makes it.
std::optional<std::string> render_modern_report(const std::filesystem::path& generated_dir);
std::optional<std::string> render_modern_report(const std::filesystem::path& generated_dir, const char* data,
                                                const std::string& title, const std::string& command);

/// The file (relative to docs/generated) whose absence makes render_modern_report return nullopt.
inline constexpr const char* modern_report_data = "../reproduction/quick/modern/summary.csv";

// The other pages of the same report (docs/generated/modern-robustness.md, -large, -confirm, -xlarge,
// -bernoulli) are declared by the configs of their runs: the "report" object of
// experiments/modern/*.json (page, title, description, command), read by cli/documents.cpp.

}  // namespace lilucb::experiments
