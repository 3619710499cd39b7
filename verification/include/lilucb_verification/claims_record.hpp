#pragma once
// The claims table as data: JSON in and out, and its rendering as a report_table.
//
// `lilucb verify --json` prints to_json(claims): a list of objects with exactly the keys id,
// claim, source, computed, verdict, evidence.  `lilucb verify --record FILE` writes a
// claims_record (the list plus how it was made); docs/generated/claims.json is the record of
// the published `--full` run, and docs/generated/claims.md is rendered from it.

#include "lilucb_verification/claim.hpp"
#include "lilucb_verification/cost.hpp"

#include "lilucb_docs/report_table.hpp"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace lilucb::verification {

struct claims_record {
  std::string effort;       ///< "quick" or "full"
  std::uint64_t seed = 0;
  std::string version;      ///< lilucb::version() of the run
  std::string commit;       ///< git commit of the source tree, empty if unknown
  double wall_seconds = 0;  ///< wall time of the whole run
  unsigned threads = 0;     ///< worker threads used (results do not depend on it)
  std::vector<claim> claims;
  /// What each check cost and the machine probe's seconds (cost.hpp), from which the checks'
  /// reference costs are refreshed; a record without them (older ones) has probe_seconds 0.
  std::vector<check_cost> costs;
  double probe_seconds = 0;
};

/// {"id", "claim", "source", "computed", "verdict", "evidence"} per claim.
nlohmann::json to_json(const std::vector<claim>& claims);

/// The record; each claim also carries "effort_independent".
nlohmann::json to_json(const claims_record& record);

/// Reads a record written by to_json(claims_record); throws lilucb::domain_error naming
/// `source` and the offending key on anything malformed.
claims_record parse_claims_record(const nlohmann::json& j, const std::string& source);

/// Differences between a fresh run and a published record, one sentence each (empty: they
/// agree).  Rules: every fresh claim must be in the record (same id, same order of ids is not
/// required); a fresh claim marked effort_independent must equal the published row in every
/// field; a machine-dependent claim (wall-clock timing) must only be present; any other fresh
/// claim must have the published verdict, or be `undecided` (a smaller budget may decide less,
/// never differently).  Published claims that the fresh run did not
/// produce are reported only when `require_all` is true (a run with --only produces a subset).
std::vector<std::string> compare_with_published(const std::vector<claim>& fresh, const claims_record& published,
                                                bool require_all);

/// One row per claim: id, claim, source, computed, verdict, evidence.
report_table claims_table(const std::vector<claim>& claims);

/// docs/generated/claims.md: a header saying how the record was made, a verdict count, and
/// the claims table.
std::string render_claims_markdown(const claims_record& record);

}  // namespace lilucb::verification
