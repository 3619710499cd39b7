// Fuzzes the claims-record reader (JSON text -> lilucb::verification::parse_claims_record), as
// `lilucb verify --check-against FILE` reads it.  Promises checked: the reader accepts or throws
// lilucb::domain_error (never another exception, never a crash); an accepted record keeps every
// number as written (no silent truncation, a finite non-negative wall time), writes back
// (to_json) to JSON that reads back as the same record, agrees with itself under
// compare_with_published, and renders as markdown.
#include "fuzz_common.hpp"
#include "fuzz_json.hpp"

#include "lilucb_verification/claims_record.hpp"

#include "lilucb/errors.hpp"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace lilucb::verification;
  const auto parsed = lilucb_fuzz::json_of(data, size);
  if (!parsed) return 0;
  const nlohmann::json& j = *parsed;
  claims_record r;
  try {
    r = parse_claims_record(j, "fuzz.json");
  } catch (const lilucb::domain_error&) {
    return 0;
  }
  lilucb_fuzz::require(std::isfinite(r.wall_seconds) && r.wall_seconds >= 0, "a finite non-negative wall time");
  lilucb_fuzz::require(j.at("threads").get<std::uint64_t>() == r.threads, "threads read as written");
  lilucb_fuzz::require(j.at("seed").get<std::uint64_t>() == r.seed, "seed read as written");
  lilucb_fuzz::require(j.at("claims").size() == r.claims.size(), "every claim read");
  const nlohmann::json back = to_json(r);
  const claims_record again = parse_claims_record(nlohmann::json::parse(back.dump()), "again.json");
  lilucb_fuzz::require(to_json(again) == back, "a record writes back to itself");
  lilucb_fuzz::require(compare_with_published(r.claims, r, true).empty(), "a record agrees with itself");
  (void)render_claims_markdown(r);
  return 0;
}
