// `lilucb verify [--quick|--full] [--only NAME] [--json | --format text|markdown|csv|latex]
//                [--seed S] [--threads N] [--max-seconds S] [--record FILE] [--check-against FILE]`:
// runs the verification checks (verification/) and prints the claims table (text by
// default; --format renders the same six columns as a Markdown, CSV or LaTeX booktabs table).
// The exit status is 0 whatever the verdicts are: a claim of the paper that fails is a finding,
// not an error of the tool.  Bad options: one line on stderr, exit 2.

#include "cli_support.hpp"

#include "lilucb/bandit/parallel.hpp"
#include "lilucb/errors.hpp"
#include "lilucb/io/safe_file.hpp"
#include "lilucb/version.hpp"
#include "lilucb_verification/checks.hpp"
#include "lilucb_verification/claims_record.hpp"
#include "lilucb_experiments/runner.hpp"

#include <chrono>
#include <filesystem>
#include <iostream>
#include <limits>
#include <memory>
#include <optional>

namespace lilucb::cli {

namespace {

struct verify_cli_options {
  bool quick = false, full = false, json = false, list = false;
  std::string only, seed = "20261126", threads = "0", record, check_against, format = "text", reproduction_data,
      max_seconds;
  CLI::Option *only_opt = nullptr, *record_opt = nullptr, *check_opt = nullptr, *reproduction_opt = nullptr;
};

void print_text(const std::vector<verification::claim>& claims) {
  std::size_t counts[4] = {0, 0, 0, 0};
  for (const auto& c : claims) {
    ++counts[static_cast<int>(c.verdict)];
    std::cout << '[' << verification::to_string(c.verdict) << "] " << c.id << "\n"
              << "  claim:    " << c.claim << "\n"
              << "  source:   " << c.source << "\n"
              << "  computed: " << c.computed << "\n"
              << "  evidence: " << c.evidence << "\n\n";
  }
  using verification::verdict_kind;
  std::cout << claims.size() << " claims: " << counts[static_cast<int>(verdict_kind::holds)] << " hold, "
            << counts[static_cast<int>(verdict_kind::holds_with_caveat)] << " hold with caveat, "
            << counts[static_cast<int>(verdict_kind::fails)] << " fail, "
            << counts[static_cast<int>(verdict_kind::undecided)] << " undecided\n";
}

void run_verify(const verify_cli_options& o) {
  for (const auto* opt : {o.only_opt, o.record_opt, o.check_opt, o.reproduction_opt}) reject_empty("lilucb verify", opt);
  if (o.list) {
    for (const auto& c : verification::checks()) std::cout << c.name << '\t' << c.description << '\n';
    return;
  }
  if (o.quick && o.full)
    throw lilucb::domain_error("lilucb verify", "--quick --full", "both", "at most one of --quick, --full");
  std::optional<table_format> format;  // nullopt: text
  if (o.format != "text") {
    if (o.format != "markdown" && o.format != "csv" && o.format != "latex")
      throw lilucb::domain_error("lilucb verify", "--format", o.format, "{text, markdown, csv, latex}");
    format = parse_table_format(o.format);
  }
  if (format && o.json)
    throw lilucb::domain_error("lilucb verify", "--format", o.format, "text (the default) when --json is given");
  verification::verify_options vo;
  vo.level = o.full ? verification::effort::full : verification::effort::quick;
  vo.seed = parse_count("--seed", o.seed, "[0, 2^64)");
  const auto threads = parse_count("--threads", o.threads, "[0, 1024] (0: all cores)");
  if (threads > 1024) throw lilucb::domain_error("lilucb verify", "--threads", o.threads, "[0, 1024] (0: all cores)");
  vo.threads = static_cast<unsigned>(threads);
  if (!o.reproduction_data.empty()) vo.reproduction_dir = o.reproduction_data;
  vo.max_seconds_name = "--max-seconds";
  vo.caller = "lilucb verify";
  if (!o.max_seconds.empty()) {
    vo.max_seconds = parse_real("--max-seconds", o.max_seconds, "(0, inf]");
    if (!(vo.max_seconds > 0)) throw lilucb::domain_error("lilucb verify", "--max-seconds", o.max_seconds, "(0, inf]");
  }
  if (!o.only.empty()) verification::find_check(o.only);  // validate before any work
  // The record is written whole after the run (a temporary file renamed), never over the
  // published record it is compared with.
  if (!o.record.empty() && !o.check_against.empty()) {
    std::error_code ec;
    const bool same = std::filesystem::equivalent(o.record, o.check_against, ec) ||
                      std::filesystem::weakly_canonical(o.record, ec) == std::filesystem::weakly_canonical(o.check_against, ec);
    if (same)
      throw lilucb::domain_error("lilucb verify", "--record", o.record,
                                 "a file other than --check-against (the record compared with is never overwritten)");
  }
  // The published record is read and parsed before any work starts.
  std::optional<verification::claims_record> published;
  if (!o.check_against.empty()) {
    const std::string text = io::read_file(o.check_against, io::default_max_bytes, "lilucb verify --check-against");
    nlohmann::json j;
    try {
      j = nlohmann::json::parse(text);
    } catch (const nlohmann::json::exception& e) {
      throw lilucb::domain_error("lilucb verify", "--check-against", o.check_against,
                                 std::string("a claims record in JSON (") + e.what() + ")");
    }
    try {
      published = verification::parse_claims_record(j, o.check_against);
    } catch (const lilucb::domain_error& e) {
      throw lilucb::domain_error("lilucb verify", "--check-against", o.check_against,
                                 "a claims record as written by `lilucb verify --record` (its " + e.parameter() + " " +
                                     e.value() + ")");
    }
  }

  // run_checks refuses a run estimated above --max-seconds before any check starts (nothing is
  // written before it returns).
  std::vector<verification::check_cost> costs;
  const double probe = o.record.empty() ? 0.0 : verification::machine_probe_seconds();
  const auto start = std::chrono::steady_clock::now();
  const auto claims = verification::run_checks(vo, o.only, &costs);
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  if (!o.record.empty()) {
    verification::claims_record r;
    r.effort = o.full ? "full" : "quick";
    r.seed = vo.seed;
    r.version = lilucb::version();
    r.commit = experiments::build_commit();
    r.wall_seconds = wall;
    r.threads = bandit::thread_count(vo.threads);
    r.claims = claims;
    r.costs = costs;
    r.probe_seconds = probe;
    io::write_file_atomically(o.record, verification::to_json(r).dump(2) + '\n', "lilucb verify --record");
  }
  if (published) {
    // Compare with a published record (docs/generated/claims.json): see compare_with_published.
    const auto diff = verification::compare_with_published(claims, *published, o.only.empty() && o.full);
    for (const auto& d : diff) std::cout << "DIFFERS " << d << '\n';
    std::size_t fixed = 0;
    for (const auto& c : claims) fixed += c.effort_independent;
    std::cout << claims.size() << " claims compared with " << o.check_against << " (" << fixed
              << " effort-independent, compared field by field): " << diff.size() << " differ\n";
    if (!diff.empty())
      throw check_failed("lilucb verify --check-against " + o.check_against + ": " + std::to_string(diff.size()) +
                         " claims differ from the record (regenerate with lilucb verify --full --record)");
    return;
  }
  if (o.json) {
    std::cout << verification::to_json(claims).dump(2) << '\n';
  } else if (format) {
    std::cout << verification::claims_table(claims).render(*format);
  } else {
    print_text(claims);
  }
}

}  // namespace

void add_verify_command(CLI::App& app) {
  auto o = std::make_shared<verify_cli_options>();
  auto* sub = app.add_subcommand("verify", "Check the paper's claims: proofs, Monte Carlo, searches (claims table)");
  std::vector<std::string> check_names;
  for (const auto& c : verification::checks()) check_names.push_back(c.name);
  declare_option(sub->add_flag("--quick", o->quick, "CI-sized budgets (default)"), flag_spec());
  declare_option(sub->add_flag("--full", o->full, "the budgets of the published table docs/generated/claims.md"), flag_spec());
  o->only_opt = declare_option(sub->add_option("--only", o->only, "run one check (see --list)"), choice_spec(check_names));
  declare_option(sub->add_flag("--list", o->list, "list the checks"), flag_spec());
  declare_option(sub->add_flag("--json", o->json, "print a JSON list of {id, claim, source, computed, verdict, evidence}"), flag_spec());
  declare_option(sub->add_option("--format", o->format, "text (default), markdown, csv or latex (booktabs): the claims table"),
                 choice_spec({"text", "markdown", "csv", "latex"}).defaults_to(o->format));
  declare_option(sub->add_option("--seed", o->seed, "seed of every Monte-Carlo check (default 20261126)"),
                 count_spec(0, std::numeric_limits<std::uint64_t>::max(), "[0, 2^64)").defaults_to(o->seed));
  declare_option(sub->add_option("--threads", o->threads, "worker threads; 0 (default) = all cores; results do not depend on it"),
                 count_spec(0, 1024, "[0, 1024] (0: all cores)").defaults_to(o->threads));
  declare_option(sub->add_option("--max-seconds", o->max_seconds,
                                 "refuse, before any check starts, a run estimated to take longer (reference costs per check, scaled by a timed probe of this machine; default: no limit)"),
                 real_spec(0, false, std::numeric_limits<double>::infinity(), true).defaults_to(no_default));
  o->reproduction_opt = sub->add_option("--reproduction-data", o->reproduction_data,
                  "the committed reproduction data the `reproduction` check judges (default: docs/reproduction of the source tree)");
  declare_option(o->reproduction_opt, path_spec(value_kind::folder_in));
  o->record_opt = declare_option(sub->add_option("--record", o->record, "also write the run's record (claims + how they were made) as JSON"),
                                 path_spec(value_kind::file_out));
  o->check_opt = sub->add_option("--check-against", o->check_against,
                                 "compare the run with a published record (docs/generated/claims.json); exit 1 if they disagree");
  declare_option(o->check_opt, path_spec(value_kind::file_in));
  sub->callback([o] { run_verify(*o); });
}

}  // namespace lilucb::cli
