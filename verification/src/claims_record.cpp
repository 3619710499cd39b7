#include "lilucb_verification/claims_record.hpp"

#include "lilucb/errors.hpp"

#include <array>
#include <cmath>
#include <limits>
#include <set>
#include <tuple>
#include <sstream>

namespace lilucb::verification {

namespace {

constexpr std::array<verdict_kind, 4> all_verdicts = {verdict_kind::holds, verdict_kind::holds_with_caveat,
                                                 verdict_kind::fails, verdict_kind::undecided};

nlohmann::json claim_json(const claim& c) {
  return {{"id", c.id},           {"claim", c.claim},                    {"source", c.source},
          {"computed", c.computed}, {"verdict", std::string(to_string(c.verdict))},
          {"evidence", c.evidence}};
}

[[noreturn]] void malformed(const std::string& source, const std::string& key, const std::string& what) {
  throw lilucb::domain_error("lilucb::verification::parse_claims_record", key, what,
                             "a claims record as written by `lilucb verify --record` (" + source + ")");
}

std::string string_at(const nlohmann::json& j, const char* key, const std::string& source) {
  if (!j.is_object() || !j.contains(key) || !j.at(key).is_string())
    malformed(source, key, "(missing or not a string)");
  return j.at(key).get<std::string>();
}

}  // namespace

std::string_view to_string(verdict_kind v) {
  switch (v) {
    case verdict_kind::holds: return "holds";
    case verdict_kind::fails: return "fails";
    case verdict_kind::holds_with_caveat: return "holds with caveat";
    case verdict_kind::undecided: return "undecided";
  }
  return "undecided";
}

verdict_kind parse_verdict(std::string_view text) {
  for (auto v : all_verdicts)
    if (to_string(v) == text) return v;
  throw lilucb::domain_error("lilucb::verification::parse_verdict", "verdict", std::string(text),
                             "{holds, fails, holds with caveat, undecided}");
}

nlohmann::json to_json(const std::vector<claim>& claims) {
  auto j = nlohmann::json::array();
  for (const auto& c : claims) j.push_back(claim_json(c));
  return j;
}

nlohmann::json to_json(const claims_record& r) {
  nlohmann::json j;
  j["effort"] = r.effort;
  j["seed"] = r.seed;
  j["version"] = r.version;
  j["commit"] = r.commit;
  j["wall_seconds"] = r.wall_seconds;
  j["threads"] = r.threads;
  j["claims"] = nlohmann::json::array();
  for (const auto& c : r.claims) {
    auto cj = claim_json(c);
    cj["effort_independent"] = c.effort_independent;
    cj["machine_dependent"] = c.machine_dependent;
    j["claims"].push_back(cj);
  }
  if (r.probe_seconds > 0) {
    auto costs = nlohmann::json::array();
    for (const auto& c : r.costs)
      costs.push_back({{"check", c.name}, {"wall_seconds", c.wall_seconds}, {"cpu_seconds", c.cpu_seconds}});
    j["costs"] = {{"probe_seconds", r.probe_seconds}, {"checks", costs}};
  }
  return j;
}

claims_record parse_claims_record(const nlohmann::json& j, const std::string& source) {
  if (!j.is_object()) malformed(source, "(record)", "not a JSON object");
  claims_record r;
  r.effort = string_at(j, "effort", source);
  if (r.effort != "quick" && r.effort != "full") malformed(source, "effort", r.effort);
  r.version = string_at(j, "version", source);
  r.commit = string_at(j, "commit", source);
  if (!j.contains("seed") || !j["seed"].is_number_unsigned()) malformed(source, "seed", "(missing)");
  r.seed = j["seed"].get<std::uint64_t>();
  if (!j.contains("wall_seconds") || !j["wall_seconds"].is_number()) malformed(source, "wall_seconds", "(missing)");
  r.wall_seconds = j["wall_seconds"].get<double>();
  if (!(std::isfinite(r.wall_seconds) && r.wall_seconds >= 0))
    malformed(source, "wall_seconds", j["wall_seconds"].dump() + " (a finite number of seconds >= 0)");
  if (!j.contains("threads") || !j["threads"].is_number_unsigned()) malformed(source, "threads", "(missing)");
  if (j["threads"].get<std::uint64_t>() > std::numeric_limits<unsigned>::max())
    malformed(source, "threads", j["threads"].dump() + " (too large)");
  r.threads = j["threads"].get<unsigned>();
  if (!j.contains("claims") || !j["claims"].is_array()) malformed(source, "claims", "(missing or not a list)");
  std::set<std::string> ids;
  for (const auto& cj : j["claims"]) {
    claim c;
    c.id = string_at(cj, "id", source);
    c.claim = string_at(cj, "claim", source);
    c.source = string_at(cj, "source", source);
    c.computed = string_at(cj, "computed", source);
    c.verdict = parse_verdict(string_at(cj, "verdict", source));
    c.evidence = string_at(cj, "evidence", source);
    if (!cj.contains("effort_independent") || !cj["effort_independent"].is_boolean())
      malformed(source, "effort_independent", c.id);
    c.effort_independent = cj["effort_independent"].get<bool>();
    if (!cj.contains("machine_dependent") || !cj["machine_dependent"].is_boolean())
      malformed(source, "machine_dependent", c.id);
    c.machine_dependent = cj["machine_dependent"].get<bool>();
    // Ids are the comparison's keys: two rows of one id would make it ambiguous.
    if (!ids.insert(c.id).second) malformed(source, "id", c.id + " (appears twice; ids are unique)");
    r.claims.push_back(std::move(c));
  }
  if (j.contains("costs")) {
    const auto& cj = j["costs"];
    auto seconds_at = [&](const nlohmann::json& o, const char* key) {
      if (!o.is_object() || !o.contains(key) || !o[key].is_number() || !std::isfinite(o[key].get<double>()) ||
          o[key].get<double>() < 0)
        malformed(source, std::string("costs.") + key, "(missing, or not a finite number of seconds >= 0)");
      return o[key].get<double>();
    };
    r.probe_seconds = seconds_at(cj, "probe_seconds");
    if (!cj.contains("checks") || !cj["checks"].is_array()) malformed(source, "costs.checks", "(missing or not a list)");
    for (const auto& c : cj["checks"])
      r.costs.push_back({string_at(c, "check", source), seconds_at(c, "wall_seconds"), seconds_at(c, "cpu_seconds")});
  }
  return r;
}

std::vector<std::string> compare_with_published(const std::vector<claim>& fresh, const claims_record& published,
                                                bool require_all) {
  std::vector<std::string> out;
  auto find = [](const std::vector<claim>& list, const std::string& id) -> const claim* {
    for (const auto& c : list)
      if (c.id == id) return &c;
    return nullptr;
  };
  for (const auto& f : fresh) {
    const claim* p = find(published.claims, f.id);
    if (!p) {
      out.push_back(f.id + ": not in the published record");
      continue;
    }
    if (f.effort_independent) {
      for (auto [name, a, b] : {std::tuple{"claim", &f.claim, &p->claim}, std::tuple{"source", &f.source, &p->source},
                                std::tuple{"computed", &f.computed, &p->computed},
                                std::tuple{"evidence", &f.evidence, &p->evidence}})
        if (*a != *b) out.push_back(f.id + ": " + name + " differs: fresh \"" + *a + "\", published \"" + *b + "\"");
      if (f.verdict != p->verdict || !p->effort_independent)
        out.push_back(f.id + ": verdict " + std::string(to_string(f.verdict)) + " (fresh) vs " +
                      std::string(to_string(p->verdict)) + " (published)" +
                      (p->effort_independent ? "" : "; published row not marked effort-independent"));
    } else if (f.machine_dependent || p->machine_dependent) {
      // Wall-clock rows: the verdict may move with the machine; only the row's presence counts.
    } else if (f.verdict != p->verdict && f.verdict != verdict_kind::undecided) {
      out.push_back(f.id + ": verdict " + std::string(to_string(f.verdict)) + " (fresh) vs " +
                    std::string(to_string(p->verdict)) + " (published)");
    }
  }
  if (require_all)
    for (const auto& p : published.claims)
      if (!find(fresh, p.id)) out.push_back(p.id + ": published but not produced by the fresh run");
  return out;
}

report_table claims_table(const std::vector<claim>& claims) {
  report_table t;
  t.title = "Claims of the paper, checked";
  t.header = {"id", "claim", "source", "computed", "verdict", "evidence"};
  for (const auto& c : claims)
    t.rows.push_back({c.id, c.claim, c.source, c.computed, std::string(to_string(c.verdict)), c.evidence});
  return t;
}

std::string render_claims_markdown(const claims_record& r) {
  std::ostringstream s;
  s << "<!-- generated by `lilucb docs --write docs/generated` from claims.json, the record of\n"
       "     `lilucb verify --"
    << r.effort << " --seed " << r.seed << " --record docs/generated/claims.json`; do not edit -->\n\n";
  s << "# Claims of the paper, checked by `lilucb verify`\n\n";
  s << "Run: `lilucb verify --" << r.effort << "`, seed " << r.seed << ", lilucb " << r.version;
  if (!r.commit.empty()) s << " (commit " << r.commit.substr(0, 12) << ")";
  s << ", " << format_number(r.wall_seconds, 4) << " s wall on " << r.threads
    << " threads (results do not depend on the thread count).\n\n";
  s << "Verdicts:";
  bool first = true;
  for (auto v : all_verdicts) {
    std::size_t k = 0;
    for (const auto& c : r.claims) k += c.verdict == v;
    s << (first ? " " : ", ") << k << " " << to_string(v);
    first = false;
  }
  s << " (" << r.claims.size() << " claims).\n\n";
  // A summary table, then every claim in full: the computed numbers and the evidence are too
  // long for table cells.
  report_table t;
  t.title = "Summary";
  t.header = {"id", "claim", "source", "verdict"};
  for (const auto& c : r.claims) t.rows.push_back({c.id, c.claim, c.source, std::string(to_string(c.verdict))});
  s << t.render(table_format::markdown) << "\n## The claims in full\n";
  for (const auto& c : r.claims) {
    s << "\n### " << c.id << "\n\n"
      << "- **Claim:** " << c.claim << "\n"
      << "- **Source:** " << c.source << "\n"
      << "- **Verdict:** " << to_string(c.verdict) << "\n"
      << "- **Computed:** " << c.computed << "\n"
      << "- **Evidence:** " << c.evidence << "\n";
  }
  return s.str();
}

}  // namespace lilucb::verification
