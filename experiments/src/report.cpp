// docs/generated/reproduction.md rendered from the committed summaries of the reproduction runs and the
// published claims record (report.hpp).  Markdown only: the data come from
// reproduction_data.hpp, the verdicts from the verification suite's claims; nothing is judged here.

#include "lilucb_experiments/report.hpp"

#include "lilucb_experiments/reproduction_data.hpp"

#include "lilucb_experiments/config.hpp"
#include "lilucb_experiments/runner.hpp"
#include "lilucb_experiments/statistics.hpp"

#include "lilucb/errors.hpp"

#include <boost/math/special_functions/zeta.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>
#include <vector>

namespace fs = std::filesystem;

namespace lilucb::experiments {

namespace {

// ---- sections -----------------------------------------------------------------------------

std::string provenance(const experiment_data& d) {
  const auto& m = d.manifest;
  std::ostringstream o;
  const auto& c = m.at("config");
  auto get = [&](const nlohmann::json& j, const char* k) {
    if (!j.contains(k)) return std::string("—");
    return j.at(k).is_string() ? j.at(k).get<std::string>() : j.at(k).dump();
  };
  o << "- config: sizes " << get(c, "sizes") << ", " << get(c, "repetitions") << " repetitions, ν = " << get(c, "nu")
    << ", σ = " << get(c, "sigma") << ", sparse gap " << get(c, "gap") << ", budget " << get(c, "budget")
    << " pulls, seed " << get(c, "seed") << ", UCB1 + LS up to n = " << get(c, "ucb1_max_n");
  if (c.contains("window_factor"))
    o << ", window " << get(c, "window_factor") << " × the slowest pilot median (" << get(c, "pilot_repetitions")
      << " pilot runs per algorithm, Exponential-Gap excluded), " << get(c, "checkpoints_per_decade")
      << " checkpoints per decade";
  o << "; preset `" << c.value("preset", std::string("?")) << "`\n" << run_provenance(m);
  return o.str();
}

}  // namespace

std::string run_provenance(const nlohmann::json& m) {
  std::ostringstream o;
  auto get = [&](const nlohmann::json& j, const char* k) {
    if (!j.contains(k)) return std::string("—");
    return j.at(k).is_string() ? j.at(k).get<std::string>() : j.at(k).dump();
  };
  std::string commit = "—";
  if (m.contains("git") && m["git"].contains("commit") && m["git"]["commit"].is_string())
    commit = m["git"]["commit"].get<std::string>().substr(0, 7) +
             (m["git"].value("dirty", false) ? " (working tree had uncommitted changes)" : "");
  o << "- source tree at run time: " << commit << "; toolkit " << (m.contains("toolkit") ? get(m["toolkit"], "version") : "—")
    << "\n";
  if (m.contains("machine")) {
    const auto& h = m["machine"];
    o << "- machine: " << h.value("cpu", std::string("?")) << ", " << get(h, "hardware_threads") << " hardware threads, "
      << get(h, "threads_used") << " used; " << h.value("system", std::string("")) << "\n";
  }
  o << "- started " << m.value("start_time", std::string("?")) << ", ended " << m.value("end_time", std::string("?"))
    << ", wall time of the last invocation " << (m.contains("wall_seconds") ? fmt(m["wall_seconds"].get<double>()) : "—")
    << " s";
  if (m.contains("runs"))
    o << " (" << get(m["runs"], "executed") << " runs executed, " << get(m["runs"], "resumed") << " resumed from an interrupted invocation)";
  o << "; status " << m.value("status", std::string("?")) << "\n";
  if (m.contains("notes"))
    for (const auto& n : m["notes"]) o << "- note: " << n.get<std::string>() << "\n";
  return o.str();
}

namespace {

// The head of a table with one row per algorithm and one column per number of arms.
std::string sizes_head(const std::vector<std::uint64_t>& sizes) {
  std::string h = "| algorithm |";
  for (auto n : sizes) h += " n = " + std::to_string(n) + " |";
  h += "\n|---|";
  for (std::size_t k = 0; k < sizes.size(); ++k) h += "---|";
  return h + "\n";
}

std::string stopping_section(const preset_data& p, const std::string& rel) {
  const auto& d = p.st;
  std::ostringstream o;
  o << "### Stopping times (`fig:stoppingTimes`)\n\n" << provenance(d) << "\n";
  o << "Median pulls to stop, and in parentheses the median divided by H₁. A value marked ≥ is a lower "
       "bound: so many runs hit the pull budget (censored) that the median is the budget.\n\n";
  for (const auto& sc : d.scenarios) {
    o << "**" << sc << "**\n\n" << sizes_head(d.sizes);
    for (const auto& a : d.algorithms) {
      o << "| " << pname(a) << " |";
      for (auto n : d.sizes) {
        const auto* s = find_summary(d, a, sc, n);
        if (!s) {
          o << " not run |";
          continue;
        }
        const auto m = median_of(*s);
        o << " " << text(m, false) << " (" << (m.kind == bounded::lower ? "≥" : "") << fmt_ratio(s->median / s->h1) << ") |";
      }
      o << "\n";
    }
    o << "| *H₁* |";
    for (auto n : d.sizes) {
      const stopping_summary* any = nullptr;
      for (const auto& a : d.algorithms)
        if (!any) any = find_summary(d, a, sc, n);
      o << " " << (any ? fmt(any->h1) : std::string("—")) << " |";
    }
    o << "\n\nWrong answers among the runs that stopped, with the exact Clopper–Pearson 95% interval of the "
         "error rate; c = runs censored at the budget (kept, not counted as errors).\n\n"
      << sizes_head(d.sizes);
    for (const auto& a : d.algorithms) {
      o << "| " << pname(a) << " |";
      for (auto n : d.sizes) {
        const auto* s = find_summary(d, a, sc, n);
        if (!s) {
          o << " not run |";
          continue;
        }
        if (s->stopped == 0) o << " none stopped";
        else o << " " << s->errors << "/" << s->stopped << " [" << fmt(s->error_low) << ", " << fmt(s->error_high) << "]";
        if (s->censored) o << ", c = " << s->censored;
        o << " |";
      }
      o << "\n";
    }
    o << "\n";
    const fs::path png = d.dir / ("stopping-times-" + sc + ".png");
    if (fs::exists(png))
      o << "![stopping times, " << sc << "](" << rel << "/stopping-times/stopping-times-" << sc << ".png)\n\n";
  }
  return o.str();
}

std::string anytime_section(const preset_data& p, const std::string& rel) {
  const auto& d = p.any;
  std::ostringstream o;
  o << "### Anytime error (`fig:anyTimePlot`)\n\n" << provenance(d) << "\n";
  o << "Pulls from which the estimated P(î ≠ i*) stays at or below ν = " << fmt(d.nu)
    << " up to the window (≥ window: the curve ends above ν), and in parentheses the median stopping "
       "time inside the window (the figure's arrow; — when half the runs or more did not stop in it).\n\n";
  for (const auto& sc : d.scenarios) {
    o << "**" << sc << "**\n\n" << sizes_head(d.sizes);
    for (const auto& a : d.algorithms) {
      o << "| " << pname(a) << " |";
      for (auto n : d.sizes) {
        const auto t = pulls_to_nu(d, a, sc, n);
        if (t.kind == bounded::unknown) {
          o << " not run |";
          continue;
        }
        const auto m = d.marks.find(key(a, sc, n));
        o << " " << text(t, false) << " ("
          << (m != d.marks.end() && m->second.median ? fmt(*m->second.median) : std::string("—")) << ") |";
      }
      o << "\n";
    }
    o << "| *window* |";
    for (auto n : d.sizes) {
      const auto w = d.windows.find(sc + "|" + std::to_string(n));
      o << " " << (w == d.windows.end() ? std::string("—") : fmt(static_cast<double>(w->second))) << " |";
    }
    o << "\n\n";
  }
  if (fs::exists(d.dir / "anytime.png"))
    o << "![anytime error, rows n, columns the scenarios](" << rel << "/anytime/anytime.png)\n\n";
  return o.str();
}

// ---- Section 5's statements: the claims of `lilucb verify`, rendered -----------------------

struct statement_ref {
  std::string label, quote;
  std::vector<std::string> ids;  // the claims that judge it
};

const std::vector<statement_ref>& statement_refs() {
  static const std::vector<statement_ref> all = {
      {"S1", "Exponential-Gap Elimination (+LS) appears to barely perform better than uniform sampling with the LIL stopping criterion.", {"reproduction.s1-expgap-vs-nonadaptive"}},
      {"S2", "It should not come as a great surprise that successive elimination performs so well [...] (\"neck-and-neck with the UCB algorithms\").", {"reproduction.s2-se-neck-and-neck"}},
      {"S3", "The lil'UCB+LS and UCB1+LS algorithms seem to behave comparably and lead the pack of algorithms with theoretical [guarantees].", {"reproduction.s3-ls-lead"}},
      {"S4", "The LIL stopping criterion seems to have a large impact on performance of the regular lil'UCB algorithm.", {"reproduction.s4-ls-impact"}},
      {"S5", "[...] but it had no impact on the lil'UCB Heuristic variant (not plotted).", {"reproduction.s5-heuristic-ls"}},
      {"S6", "Over the course of all of our tens of thousands of experiments, the [lil'UCB Heuristic] never failed to terminate with the best arm.", {"adversarial.heuristic-paper"}},
      {"S7", "1-sparse: H₁ = 4n; α = 0.3: H₁ ≈ 3/2 n; α = 0.6: H₁ ≈ 6 n^1.2.", {"paper-numbers.h1-sparse", "paper-numbers.h1-alpha0.3", "paper-numbers.h1-alpha0.6"}},
      {"A1", "Again we see essentially no difference between nonadaptive sampling and the exponential-gap procedure.", {"reproduction.a1-expgap-anytime"}},
      {"A2", "The UCB algorithms are collecting sufficient information to output the best arm at least twice as fast as successive elimination.", {"reproduction.a2-ucb-twice-as-fast"}},
      {"A3", "This tells us that the stopping conditions for the UCB algorithms are still too conservative in practice.", {"reproduction.a3-stopping-conservative"}},
      {"A4", "[The] lil'UCB Heuristic algorithm [...] appears to perform very strongly across all metrics.", {"reproduction.a4-heuristic-strong"}},
  };
  return all;
}

const statement_claim* find_claim(const std::vector<statement_claim>& claims, const std::string& id) {
  for (const auto& c : claims)
    if (c.id == id) return &c;
  return nullptr;
}

/// The heuristic's runs in the committed data (S6's data; the verdict is the claim's).
std::string heuristic_runs(const preset_data& p) {
  std::uint64_t stopped = 0, errors = 0, censored = 0;
  for (const auto& [k, s] : p.st.summary)
    if (s.algorithm == "lilucb-heuristic") stopped += s.stopped, errors += s.errors, censored += s.censored;
  if (!p.st.present) return "";
  return p.name + " preset: " + std::to_string(errors) + " wrong answers among " + std::to_string(stopped) +
         " stopped runs of the heuristic, " + std::to_string(censored) + " censored at the budget";
}

std::string claims_section(const std::vector<preset_data>& presets, const std::vector<statement_claim>& claims) {
  std::ostringstream o;
  o << "## Section 5's statements, one by one\n\n"
       "Each statement is judged once, by `lilucb verify` under the rubric of "
       "[verification.md](../verification.md), and rendered here from the published claims record "
       "(`docs/generated/claims.json`); this report does not judge.  The `reproduction.*` claims are judged on the "
       "committed paper-preset data above (a cell is a (scenario, n)); ratios marked ≥ or ≤ are bounds (a "
       "censored median or a curve that never reaches ν in its window), ? means both sides are.  \"P(wrong) ≤ ν\" is "
       "the first checkpoint from which the estimated P(î ≠ i*) stays at or below ν; checkpoints are 10 per decade, "
       "so these pull counts have a resolution of a factor 10^0.1 ≈ 1.26.\n\n";
  o << "| | statement | judged by | verdict |\n|---|---|---|---|\n";
  for (const auto& s : statement_refs()) {
    std::string ids, verdicts;
    for (const auto& id : s.ids) {
      const auto* c = find_claim(claims, id);
      ids += (ids.empty() ? "" : ", ") + ("`" + id + "`");
      verdicts += (verdicts.empty() ? "" : ", ") + (c ? "**" + c->verdict + "**" : std::string("not in the record"));
    }
    o << "| " << s.label << " | " << s.quote << " | " << ids << " | " << verdicts << " |\n";
  }
  o << "\n";
  for (const auto& s : statement_refs()) {
    o << "### " << s.label << ". " << s.quote << "\n\n";
    for (const auto& id : s.ids) {
      const auto* c = find_claim(claims, id);
      if (!c) {
        o << "- `" << id << "`: not in the claims record (run `lilucb verify --full --record "
             "docs/generated/claims.json`).\n";
        continue;
      }
      o << "- `" << id << "` (" << c->source << "): **" << c->verdict << "** — " << c->computed << "\n";
      o << "  - " << c->evidence << "\n";
    }
    if (s.label == "S6")
      for (const auto& p : presets) {
        const auto t = heuristic_runs(p);
        if (!t.empty()) o << "- data, " << t << ".\n";
      }
    o << "\n";
  }
  return o.str();
}

}  // namespace


std::optional<std::string> render_reproduction_report(const fs::path& generated_dir,
                                                       const std::vector<statement_claim>& claims) {
  const fs::path root = generated_dir / ".." / "reproduction";
  if (!fs::exists(generated_dir / reproduction_report_data)) return std::nullopt;
  std::vector<preset_data> presets;
  for (const char* name : {"quick", "paper"}) presets.push_back(read_preset(root, name));
  std::ostringstream o;
  o << "# Reproduction of Section 5\n\n"
       "<!-- Generated by `lilucb docs --write docs/generated` from docs/reproduction/ (experiments/src/report.cpp; verdicts from docs/generated/claims.json); "
       "do not edit: `lilucb docs --check docs/generated` fails on any difference. -->\n\n"
       "The paper's experiments (Section 5, figures `fig:stoppingTimes` and `fig:anyTimePlot`) run by "
       "`lilucb experiment` (method: [reproduction-method.md](../reproduction-method.md)).  Everything below is "
       "rendered from the committed summaries in `docs/reproduction/<preset>/` (manifest, summary CSVs and "
       "plots; the raw per-run CSVs are not committed and are rebuilt by rerunning the command with the "
       "manifest's config and seed).  The quick preset is what `bash scripts/run` produces; the paper preset "
       "is one full run.\n\n";
  for (const auto& p : presets) {
    o << "## " << (p.name == "quick" ? "Quick" : "Paper") << " preset\n\n";
    const std::string rel = "../reproduction/" + p.name;
    if (p.st.present) o << stopping_section(p, rel);
    else o << "### Stopping times\n\nNo committed run (`docs/reproduction/" << p.name << "/stopping-times/`).\n\n";
    if (p.any.present) o << anytime_section(p, rel);
    else o << "### Anytime error\n\nNo committed run (`docs/reproduction/" << p.name << "/anytime/`).\n\n";
  }
  o << claims_section(presets, claims);
  return o.str();
}

}  // namespace lilucb::experiments
