// The `boundaries` check: see lilucb_verification/boundaries.hpp.

#include "lilucb_verification/boundaries.hpp"

#include "lilucb/boundaries.hpp"
#include "lilucb/clopper_pearson.hpp"
#include "lilucb_docs/report_table.hpp"

#include <algorithm>
#include <sstream>
#include <string>

namespace lilucb::verification {

namespace {

constexpr double kLevel = 1e-6;  // one-sided Clopper–Pearson level of every verdict

struct case_t {
  const char* id;
  const char* source;
  boundaries::boundary_spec spec;
};

std::string number(double x) { return format_number(x, 4); }

}  // namespace

std::vector<claim> boundaries_claims(const verify_options& options) {
  using boundaries::boundary_kind;
  const bool full = options.level == effort::full;
  const std::uint64_t horizon = full ? 1000 : 200;
  const std::uint64_t paths = full ? 400000 : 20000;
  // A stated probability large enough that Monte Carlo sees crossings by T.
  const double alpha = 0.2;
  std::vector<case_t> cases;
  auto add = [&](const char* id, const char* source, boundary_kind k) {
    boundaries::boundary_spec s;
    s.kind = k;
    s.alpha = alpha;
    if (k == boundary_kind::lil_plus2) {
      s.eps = 0.5;
      s.alpha = lil_delta_for_failure_probability(0.5, alpha, inner_log::plus2);
    }
    cases.push_back({id, source, s});
  };
  add("stitched", "Howard et al. (2021) Theorem 1, eq. (10)", boundary_kind::stitched);
  add("mixture", "Howard et al. (2021) one-sided normal mixture (confseq OneSidedNormalMixture)", boundary_kind::mixture);
  add("mixture-two-sided", "Howard et al. (2021) Proposition 5 / eq. (14)", boundary_kind::mixture_two_sided);
  add("lil-plus2", "Lemma lem:lil with footnote fnt:delta_foot (eps = 0.5)", boundary_kind::lil_plus2);

  std::vector<claim> out;
  std::uint64_t stream_base = 0;
  for (const auto& c : cases) {
    const double stated = *boundaries::stated_crossing_probability(c.spec);
    const auto radii = boundaries::boundary_radii(c.spec, horizon);
    const auto mc = boundaries::crossing_monte_carlo(radii, c.spec.sigma, paths, options.seed + stream_base);
    stream_base += 1000003;
    const double lo = clopper_pearson_lower(mc.crossed, mc.paths, kLevel);
    const double hi = clopper_pearson_upper(mc.crossed, mc.paths, kLevel);
    const auto r = boundaries::crossing_probability(c.spec, horizon, 4);
    std::ostringstream mc_text;
    mc_text << mc.crossed << " of " << mc.paths << " Gaussian walks (sigma = 1, seed " << options.seed
            << ") crossed by T = " << horizon << "; exact one-sided Clopper-Pearson bounds at level 1e-6: ["
            << number(lo) << ", " << number(hi) << "]";

    claim cov;
    cov.id = std::string("boundaries.") + c.id + ".coverage";
    cov.claim = "P(exists t : S_t >= u(t)) <= " + number(stated) + " (the " + c.id + " boundary's stated crossing probability)";
    cov.source = c.source;
    cov.computed = "P(cross by T) in [" + number(lo) + ", " + number(hi) + "]";
    cov.verdict = lo > stated ? verdict_kind::fails : verdict_kind::holds;
    cov.evidence = mc_text.str() + (lo > stated ? ": the lower bound exceeds the claim" : ": consistent with the claim");
    out.push_back(cov);

    claim eff;
    eff.id = std::string("boundaries.") + c.id + ".effective-alpha";
    eff.claim = "the " + std::string(c.id) + " boundary's true crossing probability for Gaussian rewards is at most its stated " + number(stated);
    eff.source = c.source;
    std::ostringstream e;
    if (r.tail_bound) {
      const double total = std::min(1.0, r.probability_upper + *r.tail_bound);
      e << "crossing engine to T = " << horizon << ": [" << number(r.probability_lower) << ", " << number(r.probability_upper)
        << "], proven tail after T <= " << number(*r.tail_bound) << "; certified total " << number(total)
        << " = " << number(total / stated) << " x stated";
      eff.computed = e.str();
      eff.verdict = total <= stated ? verdict_kind::holds
                                    : (r.probability_lower > stated ? verdict_kind::fails : verdict_kind::undecided);
    } else {
      e << "crossing engine to T = " << horizon << ": [" << number(r.probability_lower) << ", "
        << number(r.probability_upper) << "]; no tail bound is proven after T";
      eff.computed = e.str();
      eff.verdict = r.probability_lower > stated ? verdict_kind::fails : verdict_kind::undecided;
    }
    eff.evidence = r.method;
    eff.effort_independent = false;
    out.push_back(eff);

    claim eng;
    eng.id = std::string("boundaries.") + c.id + ".engine-vs-monte-carlo";
    eng.claim = "the crossing engine's P(cross by T) lies in the Monte-Carlo interval";
    eng.source = "docs/boundaries.md (crossing engine)";
    eng.computed = "engine [" + number(r.probability_lower) + ", " + number(r.probability_upper) + "], Monte Carlo [" + number(lo) +
                   ", " + number(hi) + "]";
    eng.verdict = (r.probability_upper >= lo && r.probability_lower <= hi) ? verdict_kind::holds : verdict_kind::fails;
    eng.evidence = mc_text.str();
    out.push_back(eng);
  }
  return out;
}

}  // namespace lilucb::verification
