// The `reproduction` check: Section 5's qualitative statements about its experiments, judged
// once, from the committed reproduction data (docs/reproduction/paper/, read through
// lilucb_experiments/reproduction_data.hpp), by rubric R6 (rubric.hpp).  docs/generated/reproduction.md
// renders these claims next to the data; it does not judge.  Statements judged elsewhere: the
// hardness forms (paper-numbers.h1-*) and "the heuristic never failed" (adversarial.heuristic-paper).

#include "lilucb_verification/checks.hpp"
#include "lilucb_verification/rubric.hpp"

#include "lilucb_experiments/reproduction_data.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace lilucb::verification {

namespace {

using namespace lilucb::experiments;

template <class T>
bool has(const std::vector<T>& v, const T& x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}


struct verdict {
  verdict_kind word = verdict_kind::undecided;
  std::string summary;
  std::vector<std::pair<std::string, std::string>> cells;  // "scenario, n = N" -> deciding numbers
};

std::string cell_name(const std::string& sc, std::uint64_t n) { return sc + ", n = " + std::to_string(n); }

verdict expgap_vs_nonadaptive_stop(const preset_data& p) {
  verdict v;
  const auto& d = p.st;
  if (!d.present) return v;
  std::size_t cells = 0, barely = 0, slower = 0, decided = 0;
  double worst = 0;
  for (const auto& sc : d.scenarios)
    for (auto n : d.sizes) {
      const auto na = median_pulls(d, "nonadaptive-ls", sc, n);
      const auto r = ratio(median_pulls(d, "exp-gap-ls", sc, n), na);
      const auto r0 = ratio(median_pulls(d, "exp-gap", sc, n), na);
      if (r.kind == bounded::unknown && r0.kind == bounded::unknown) continue;
      ++cells;
      const auto ge1 = at_least(r, 1), ge_half = at_least(r, 0.5);
      if (ge1) ++decided;
      if (ge1 && *ge1) ++slower, worst = std::max(worst, r.v);
      if (ge1 && !*ge1 && ge_half && *ge_half) ++barely;
      v.cells.push_back({cell_name(sc, n), "Exp-Gap + LS / Nonadaptive + LS " + text(r) + "; Exp-Gap / Nonadaptive + LS " + text(r0)});
    }
  if (!cells) return v;
  // Weaker reading: Exp-Gap + LS is nowhere more than 2x faster than nonadaptive sampling.
  v.word = judge_cells(barely, decided, cells, barely + slower == cells);
  v.summary = "Exp-Gap + LS's median stopping time is within [0.5, 1) of Nonadaptive + LS's in " + std::to_string(barely) +
              " of " + std::to_string(cells) + " cells and at least as large in " + std::to_string(slower) +
              (slower ? " (up to " + experiments::fmt(worst) + "×)" : std::string()) +
              "; where it is larger, Exponential-Gap does not beat nonadaptive sampling at all (the paper's conclusion, "
              "that median elimination's constants make it impractical, holds a fortiori)";
  return v;
}

bounded best_ucb_ls(const experiment_data& d, const std::string& sc, std::uint64_t n) {
  const auto a = median_pulls(d, "lilucb-ls", sc, n), b = median_pulls(d, "ucb1-ls", sc, n);
  if (b.kind == bounded::unknown) return a;
  if (a.kind == bounded::unknown) return b;
  return a.v <= b.v ? a : b;
}

verdict se_neck_and_neck(const preset_data& p) {
  verdict v;
  const auto& d = p.st;
  if (!d.present) return v;
  std::size_t cells = 0, within = 0, decided = 0;
  for (const auto& sc : d.scenarios)
    for (auto n : d.sizes) {
      const auto r = ratio(median_pulls(d, "successive-elimination", sc, n), best_ucb_ls(d, sc, n));
      if (r.kind == bounded::unknown) continue;
      ++cells;
      const auto lo = at_least(r, 0.5), hi = at_least(r, 2.0000001);
      if (lo && hi) ++decided;
      if (lo && *lo && hi && !*hi) ++within;
      v.cells.push_back({cell_name(sc, n), "Successive Elimination / min(lil'UCB + LS, UCB1 + LS) " + text(r)});
    }
  v.word = judge_cells(within, decided, cells);
  v.summary = "median stopping time of Successive Elimination within a factor 2 of the faster of lil'UCB + LS and "
              "UCB1 + LS in " + std::to_string(within) + " of " + std::to_string(cells) + " cells";
  return v;
}

verdict ls_algorithms_lead(const preset_data& p) {
  verdict v;
  const auto& d = p.st;
  if (!d.present) return v;
  std::size_t cells = 0, lead = 0, comparable = 0, pairs = 0, agree = 0;
  for (const auto& sc : d.scenarios)
    for (auto n : d.sizes) {
      std::string leader;
      double best = INFINITY;
      for (const auto& a : d.algorithms) {
        if (a == "lilucb-heuristic") continue;  // no guarantee (Section 5)
        const auto m = median_pulls(d, a, sc, n);
        if (m.kind == bounded::exact && m.v < best) best = m.v, leader = a;
      }
      if (leader.empty()) continue;
      ++cells;
      const bool ok = leader == "lilucb-ls" || leader == "ucb1-ls";
      lead += ok;
      const auto r = ratio(median_pulls(d, "ucb1-ls", sc, n), median_pulls(d, "lilucb-ls", sc, n));
      std::string t = "fastest with a guarantee: " + pname(leader);
      if (!ok) t += " (lil'UCB + LS " + experiments::fmt(median_pulls(d, "lilucb-ls", sc, n).v / best) + "× its median)";
      bool cell_agrees = ok;
      if (r.kind != bounded::unknown) {
        ++pairs;
        const auto lo = at_least(r, 0.5), hi = at_least(r, 2.0000001);
        const bool comp = lo && *lo && hi && !*hi;
        comparable += comp;
        cell_agrees = cell_agrees && comp;
        t += "; UCB1 + LS / lil'UCB + LS " + text(r);
      }
      agree += cell_agrees;
      v.cells.push_back({cell_name(sc, n), t});
    }
  if (!cells) return v;
  // Weaker reading: they lead the pack (comparably or not) in every cell.
  v.word = judge_cells(agree, cells, cells, lead == cells);
  v.summary = "lil'UCB + LS or UCB1 + LS has the smallest median stopping time among the algorithms with guarantees in " +
              std::to_string(lead) + " of " + std::to_string(cells) + " cells; UCB1 + LS within a factor 2 of lil'UCB + LS in " +
              std::to_string(comparable) + " of " + std::to_string(pairs) + " cells where both ran";
  return v;
}

verdict ls_impact_on_lilucb(const preset_data& p) {
  verdict v;
  const auto& d = p.st;
  if (!d.present) return v;
  std::size_t cells = 0, twice = 0, faster = 0;
  double lo = INFINITY, hi = 0;
  for (const auto& sc : d.scenarios)
    for (auto n : d.sizes) {
      const auto r = ratio(median_pulls(d, "lilucb", sc, n), median_pulls(d, "lilucb-ls", sc, n));
      if (r.kind == bounded::unknown) continue;
      ++cells;
      const auto g2 = at_least(r, 2), g1 = at_least(r, 1.0000001);
      twice += g2 && *g2;
      faster += g1 && *g1;
      lo = std::min(lo, r.v), hi = std::max(hi, r.v);
      v.cells.push_back({cell_name(sc, n), "lil'UCB / lil'UCB + LS " + text(r)});
    }
  if (!cells) return v;
  // Weaker reading: LS shortens lil'UCB's stopping time in every cell.
  v.word = judge_cells(twice, cells, cells, faster == cells);
  v.summary = "LS shortens lil'UCB's median stopping time by a factor " + experiments::fmt(lo) + " to " + experiments::fmt(hi) + "; at least 2× in " +
              std::to_string(twice) + " of " + std::to_string(cells) + " cells";
  return v;
}

verdict heuristic_ls(const preset_data&) {
  verdict v;
  v.summary = "not run: the toolkit has no lil'UCB Heuristic + LS variant (the paper does not plot it either)";
  return v;
}

verdict expgap_vs_nonadaptive_anytime(const preset_data& p) {
  verdict v;
  const auto& d = p.any;
  if (!d.present) return v;
  std::size_t cells = 0, same = 0, decided = 0;
  for (const auto& sc : d.scenarios)
    for (auto n : d.sizes) {
      const auto na = pulls_to_nu(d, "nonadaptive-ls", sc, n);
      const auto r0 = ratio(pulls_to_nu(d, "exp-gap", sc, n), na);
      const auto r1 = ratio(pulls_to_nu(d, "exp-gap-ls", sc, n), na);
      if (r0.kind == bounded::unknown && r1.kind == bounded::unknown) continue;
      ++cells;
      auto within = [](const bounded& r) -> std::optional<bool> {
        const auto lo = at_least(r, 0.5), hi = at_least(r, 2.0000001);
        if (!lo || !hi) return std::nullopt;
        return *lo && !*hi;
      };
      const auto w0 = within(r0), w1 = within(r1);
      if (w0 || w1) ++decided;
      if ((!w0 || *w0) && (!w1 || *w1) && (w0 || w1)) ++same;
      v.cells.push_back({cell_name(sc, n), "pulls to P(wrong) ≤ ν: Exp-Gap / Nonadaptive + LS " + text(r0) +
                                               "; Exp-Gap + LS / Nonadaptive + LS " + text(r1) +
                                               " (Nonadaptive + LS: " + text(na, false) + " pulls)"});
    }
  v.word = judge_cells(same, decided, cells);
  v.summary = "Exponential-Gap (+LS) reaches P(î ≠ i*) ≤ ν within a factor 2 of Nonadaptive + LS in " +
              std::to_string(same) + " of " + std::to_string(cells) + " cells (? or ≥: a curve that never reaches ν " +
              "inside the window)";
  return v;
}

verdict ucb_twice_as_fast(const preset_data& p) {
  verdict v;
  const auto& d = p.any;
  if (!d.present) return v;
  const std::vector<std::string> ucb = {"lilucb", "lilucb-ls", "lilucb-heuristic", "ucb1-ls"};
  std::size_t cells = 0, all2 = 0, best2 = 0;
  for (const auto& sc : d.scenarios)
    for (auto n : d.sizes) {
      const auto se = pulls_to_nu(d, "successive-elimination", sc, n);
      if (se.kind == bounded::unknown) continue;
      bool every = true, any = false, some = false;
      std::string t = "Successive Elimination / X:";
      for (const auto& a : ucb) {
        const auto r = ratio(se, pulls_to_nu(d, a, sc, n));
        if (r.kind == bounded::unknown && pulls_to_nu(d, a, sc, n).kind == bounded::unknown) continue;
        some = true;
        // Pull counts to P(wrong) <= nu lie on the checkpoint grid 10^(k/10): the grid's ratio
        // nearest to 2 is 10^0.3 = 1.995, so "at least twice" is "at least 3 grid steps".
        const auto g = at_least(r, 1.99);
        every = every && g && *g;
        any = any || (g && *g);
        t += std::string(t.back() == ':' ? " " : ", ") + pname(a) + " " + text(r);
      }
      if (!some) continue;
      ++cells;
      all2 += every;
      best2 += any;
      t += " (Successive Elimination: " + text(se, false) + " pulls)";
      v.cells.push_back({cell_name(sc, n), t});
    }
  if (!cells) return v;
  // Weaker reading: the best UCB algorithm is at least twice as fast in every cell.
  v.word = judge_cells(all2, cells, cells, best2 == cells);
  v.summary = "every UCB algorithm reaches P(î ≠ i*) ≤ ν at least twice as fast as Successive Elimination in " +
              std::to_string(all2) + " of " + std::to_string(cells) + " cells; the best UCB algorithm does in " +
              std::to_string(best2) + " of " + std::to_string(cells);
  return v;
}

verdict ucb_stopping_conservative(const preset_data& p) {
  verdict v;
  if (!p.any.present || !p.st.present) return v;
  std::size_t cells = 0, twice = 0, later = 0;
  for (const auto& sc : p.any.scenarios)
    for (auto n : p.any.sizes) {
      std::string t;
      bool every2 = true, every1 = true, some = false;
      for (const std::string a : {"lilucb-ls", "ucb1-ls"}) {
        const auto r = ratio(median_pulls(p.st, a, sc, n), pulls_to_nu(p.any, a, sc, n));
        if (r.kind == bounded::unknown) continue;
        some = true;
        const auto g2 = at_least(r, 2), g1 = at_least(r, 1.0000001);
        every2 = every2 && g2 && *g2;
        every1 = every1 && g1 && *g1;
        t += (t.empty() ? "" : "; ") + pname(a) + " " + text(r);
      }
      if (!some) continue;
      ++cells;
      twice += every2;
      later += every1;
      v.cells.push_back({cell_name(sc, n), "median stopping time / pulls to P(wrong) ≤ ν: " + t});
    }
  if (!cells) return v;
  // Weaker reading: they stop later than the error reaches nu in every cell.
  v.word = judge_cells(twice, cells, cells, later == cells);
  v.summary = "lil'UCB + LS and UCB1 + LS stop at least twice as late as their empirically best arm reaches error ν in " +
              std::to_string(twice) + " of " + std::to_string(cells) + " cells, later at all in " + std::to_string(later) +
              " (stopping medians from this preset's stopping-time runs)";
  return v;
}

verdict heuristic_strong(const preset_data& p) {
  verdict v;
  if (!p.st.present) return v;
  std::size_t cells = 0, first_stop = 0, near_any = 0, any_cells = 0, agree = 0;
  for (const auto& sc : p.st.scenarios)
    for (auto n : p.st.sizes) {
      const auto h = median_pulls(p.st, "lilucb-heuristic", sc, n);
      if (h.kind != bounded::exact) continue;
      ++cells;
      std::string fastest = "lilucb-heuristic";
      double best = h.v;
      for (const auto& a : p.st.algorithms) {
        const auto m = median_pulls(p.st, a, sc, n);
        if (m.kind == bounded::exact && m.v < best) best = m.v, fastest = a;
      }
      first_stop += fastest == "lilucb-heuristic";
      bool cell_agrees = fastest == "lilucb-heuristic";
      std::string t = "stops first: " + pname(fastest) + (fastest != "lilucb-heuristic" ? " (heuristic " + experiments::fmt(h.v / best) + "× its median)" : "");
      if (p.any.present && has(p.any.sizes, n) && has(p.any.scenarios, sc)) {
        const auto th = pulls_to_nu(p.any, "lilucb-heuristic", sc, n);
        double bt = INFINITY;
        for (const auto& a : p.any.algorithms) {
          const auto m = pulls_to_nu(p.any, a, sc, n);
          if (m.kind == bounded::exact) bt = std::min(bt, m.v);
        }
        if (th.kind != bounded::unknown && std::isfinite(bt)) {
          ++any_cells;
          const auto r = ratio(th, bounded{bt, bounded::exact});
          const auto g = at_least(r, 2.0000001);
          near_any += g && !*g;
          cell_agrees = cell_agrees && g && !*g;
          t += "; pulls to P(wrong) ≤ ν: " + text(r) + "× the best algorithm's";
        }
      }
      agree += cell_agrees;
      v.cells.push_back({cell_name(sc, n), t});
    }
  if (!cells) return v;
  // Weaker reading: it stops first in every cell.
  v.word = judge_cells(agree, cells, cells, first_stop == cells);
  v.summary = "the heuristic has the smallest median stopping time in " + std::to_string(first_stop) + " of " +
              std::to_string(cells) + " cells, and reaches P(î ≠ i*) ≤ ν within a factor 2 of the best algorithm in " +
              std::to_string(near_any) + " of " + std::to_string(any_cells) + " anytime cells";
  return v;
}


struct statement {
  std::string id, label, quote, source, rule;
  verdict (*decide)(const preset_data&);
};

// Rubric R6: every rule below reads "a cell agrees when ...; holds when every cell agrees, with
// caveat when at least half do or every cell agrees with the weaker reading; fails otherwise".
const std::vector<statement>& statements() {
  static const std::vector<statement> all = {
      {"s1-expgap-vs-nonadaptive", "S1",
       "Exponential-Gap Elimination (+LS) appears to barely perform better than uniform sampling with the LIL stopping criterion.",
       "Section 5, stopping times (fig:stoppingTimes)",
       "a cell agrees when Exp-Gap + LS's median stopping time over Nonadaptive + LS's is in [0.5, 1); weaker reading: the ratio is at least 0.5 (Exp-Gap is nowhere much better)",
       expgap_vs_nonadaptive_stop},
      {"s2-se-neck-and-neck", "S2",
       "It should not come as a great surprise that successive elimination performs so well [...] (fig:anyTimePlot paragraph: \"successive elimination appears neck-and-neck with the UCB algorithms\").",
       "Section 5, stopping times",
       "a cell agrees when Successive Elimination's median over the smaller of lil'UCB + LS's and UCB1 + LS's is in [0.5, 2]",
       se_neck_and_neck},
      {"s3-ls-lead", "S3",
       "The lil'UCB+LS and UCB1+LS algorithms seem to behave comparably and lead the pack of algorithms with theoretical [guarantees].",
       "Section 5, stopping times",
       "a cell agrees when lil'UCB + LS or UCB1 + LS has the smallest median among the algorithms with guarantees (all but the heuristic) and UCB1 + LS's median is within a factor 2 of lil'UCB + LS's (where both ran); weaker reading: they lead (comparably or not)",
       ls_algorithms_lead},
      {"s4-ls-impact", "S4",
       "The LIL stopping criterion seems to have a large impact on performance of the regular lil'UCB algorithm.",
       "Section 5, stopping times",
       "a cell agrees when lil'UCB's median over lil'UCB + LS's is at least 2; weaker reading: above 1",
       ls_impact_on_lilucb},
      {"s5-heuristic-ls", "S5", "[...] but it had no impact on the lil'UCB Heuristic variant (not plotted).",
       "Section 5, stopping times", "would need a heuristic + LS variant", heuristic_ls},
      {"a1-expgap-anytime", "A1",
       "Again we see essentially no difference between nonadaptive sampling and the exponential-gap procedure.",
       "Section 5, anytime (fig:anyTimePlot)",
       "a cell agrees when the pulls until P(î ≠ i*) stays ≤ ν of Exp-Gap (+LS) over Nonadaptive + LS's are in [0.5, 2] (every decided ratio).  Caveat on the method: our Exponential-Gap samples each arm's batch in one go, arm after arm (docs/reproduction-method.md), so its curve stays near (n−1)/n until the best arm's first batch; the paper does not say in which order its implementation sampled within a round, and one interleaving the arms would look like nonadaptive sampling early on",
       expgap_vs_nonadaptive_anytime},
      {"a2-ucb-twice-as-fast", "A2",
       "The UCB algorithms are collecting sufficient information to output the best arm at least twice as fast as successive elimination.",
       "Section 5, anytime (fig:anyTimePlot)",
       "a cell agrees when Successive Elimination's pulls until P(î ≠ i*) stays ≤ ν over each UCB algorithm's (lil'UCB, lil'UCB + LS, Heuristic, UCB1 + LS) is at least 2 (on the checkpoint grid: at least 10^0.3 ≈ 1.995, printed 2); weaker reading: the best UCB algorithm's is",
       ucb_twice_as_fast},
      {"a3-stopping-conservative", "A3",
       "This tells us that the stopping conditions for the UCB algorithms are still too conservative in practice.",
       "Section 5, anytime (fig:anyTimePlot)",
       "a cell agrees when the median stopping time over the pulls until P(î ≠ i*) stays ≤ ν is at least 2 for lil'UCB + LS and UCB1 + LS; weaker reading: above 1",
       ucb_stopping_conservative},
      {"a4-heuristic-strong", "A4",
       "[The] lil'UCB Heuristic algorithm [...] appears to perform very strongly across all metrics.",
       "Section 5, anytime (fig:anyTimePlot)",
       "a cell agrees when the heuristic has the smallest median stopping time and (where the anytime run has the cell) reaches P(î ≠ i*) ≤ ν within a factor 2 of the best algorithm; weaker reading: it stops first",
       heuristic_strong},
  };
  return all;
}

/// The preset that judges (the paper's sizes).
constexpr const char* kJudgingPreset = "paper";

}  // namespace

std::vector<claim> reproduction_claims(const verify_options& options) {
  const preset_data p = read_preset(options.reproduction_dir, kJudgingPreset);
  // The commit each experiment's runs were made with (the anytime run may be a merge of shards
  // made with another build than the stopping-time runs).
  std::string commit;
  const std::pair<const experiment_data*, const char*> parts[] = {{&p.st, "stopping times"}, {&p.any, "anytime"}};
  for (const auto& [d, name] : parts)
    if (d->present && d->manifest.contains("git") && d->manifest["git"].contains("commit") &&
        d->manifest["git"]["commit"].is_string()) {
      const std::string reps = d->manifest.contains("config") && d->manifest["config"].contains("repetitions")
                                   ? ", " + d->manifest["config"]["repetitions"].dump() + " repetitions"
                                   : std::string();
      commit += (commit.empty() ? "" : "; ") + std::string(name) + ": runs of commit " +
                d->manifest["git"]["commit"].get<std::string>().substr(0, 7) + reps;
    }
  if (commit.empty()) commit = "no committed data";
  std::vector<claim> out;
  for (const auto& s : statements()) {
    const verdict v = s.decide(p);
    claim c;
    c.id = "reproduction." + s.id;
    c.claim = s.label + ". " + s.quote;
    c.source = s.source;
    c.computed = v.summary.empty() ? std::string("no decision: ") + (p.st.present || p.any.present ? "no cell decides" : "no committed data")
                                   : v.summary;
    c.verdict = v.word;
    std::string cells;
    for (const auto& [name, numbers] : v.cells) cells += (cells.empty() ? "" : "; ") + name + ": " + numbers;
    c.evidence = "Rubric R6 on the committed " + std::string(kJudgingPreset) + "-preset data (docs/reproduction/" +
                 kJudgingPreset + "/, " + commit + "); a cell is a (scenario, n). Rule: " + s.rule +
                 ". Ratios marked >= or <= are bounds (a censored median, or a curve that never reaches nu in its "
                 "window); ? means both sides are. Cells: " + (cells.empty() ? std::string("none") : cells) + ".";
    c.effort_independent = true;
    out.push_back(std::move(c));
  }
  return out;
}

}  // namespace lilucb::verification
