#pragma once
// The algorithms of Section 5 by their identifiers: the enumeration, its names and which ones
// carry a guarantee.  Running them is lilucb/bandit/presets/algorithms.hpp; this header is what code that
// only names an algorithm (configurations, result files, tables) includes.

#include "lilucb/errors.hpp"

#include <array>
#include <string>
#include <string_view>

namespace lilucb::bandit {

enum class algorithm {
  lilucb,
  lilucb_ls,
  lilucb_heuristic,
  lilucb_certified,
  ucb1_ls,
  successive_elimination,
  exp_gap,
  exp_gap_ls,
  nonadaptive_ls
};

inline constexpr std::array<algorithm, 9> all_algorithms{
    algorithm::lilucb,  algorithm::lilucb_ls,  algorithm::lilucb_heuristic,
    algorithm::lilucb_certified, algorithm::ucb1_ls, algorithm::successive_elimination,
    algorithm::exp_gap, algorithm::exp_gap_ls, algorithm::nonadaptive_ls};

inline const char* to_string(algorithm a) {
  switch (a) {
    case algorithm::lilucb: return "lilucb";
    case algorithm::lilucb_ls: return "lilucb-ls";
    case algorithm::lilucb_heuristic: return "lilucb-heuristic";
    case algorithm::lilucb_certified: return "lilucb-certified";
    case algorithm::ucb1_ls: return "ucb1-ls";
    case algorithm::successive_elimination: return "successive-elimination";
    case algorithm::exp_gap: return "exp-gap";
    case algorithm::exp_gap_ls: return "exp-gap-ls";
    case algorithm::nonadaptive_ls: return "nonadaptive-ls";
  }
  return "?";
}

/// The algorithm called `name`; throws lilucb::domain_error listing the known names otherwise.
inline algorithm parse_algorithm(std::string_view name) {
  std::string known;
  for (algorithm a : all_algorithms) {
    if (name == to_string(a)) return a;
    known += (known.empty() ? "" : ", ") + std::string(to_string(a));
  }
  lilucb::detail::raise_domain_error("lilucb::bandit::parse_algorithm", "algorithm", std::string(name),
                                     "{" + known + "}");
}

/// False only for lilucb-heuristic, which Section 5 runs without a guarantee (the paper's claim;
/// whether the claim is certified is preset_certificate's question).
inline bool has_guarantee(algorithm a) { return a != algorithm::lilucb_heuristic; }

/// Whether a preset's answer is certified (a complete argument bounds P(wrong answer) by nu for
/// sigma-sub-Gaussian rewards, sigma the run's scale), and the statement it rests on or why there
/// is none (docs/bandit.md, "The presets' certificates").  A certified preset's premise also
/// needs the run's sigma to be at least the arms' sub-Gaussian scale: run_method checks that.
struct preset_certificate {
  bool certified;
  std::string_view statement;
};

inline preset_certificate certificate_of(algorithm a) {
  switch (a) {
    case algorithm::lilucb:
      return {false, "none: the paper's Theorem th:lilucb at Section 5's setting, whose proof of Lemma lem:2 has "
                     "gaps (docs/repaired-theorem.md); lilucb-certified is its certified form"};
    case algorithm::lilucb_ls:
      return {false, "none: either rule's stop is the answer, and Figure 1 at Section 5's setting is not "
                     "certified (the gaps of Theorem th:lilucb, docs/repaired-theorem.md)"};
    case algorithm::lilucb_heuristic:
      return {false, "none: the heuristic setting (eps = 0, beta = 1/2, a = 1 + 10/n) carries no guarantee"};
    case algorithm::lilucb_certified:
      return {true, "Theorem R (docs/repaired-theorem.md): P(stops on a suboptimal arm) <= nu; termination "
                    "not certified"};
    case algorithm::ucb1_ls:
    case algorithm::nonadaptive_ls:
      return {true, "the LS rule at nu: finite-LIL boundaries with a union bound over the arms, for any "
                    "sampling rule (docs/bandit.md)"};
    case algorithm::successive_elimination:
      return {true, "the LS rule at nu: on the event that every arm's mean stays inside its finite-LIL "
                    "bounds, the best arm is never dropped (docs/bandit.md)"};
    case algorithm::exp_gap:
      return {false, "none: Karnin, Koren & Somekh (2013)'s guarantee for Exponential-Gap Elimination is "
                     "cited, not re-derived here"};
    case algorithm::exp_gap_ls:
      return {false, "none: either rule's stop is the answer, and Exponential-Gap Elimination's guarantee "
                     "(Karnin, Koren & Somekh 2013) is cited, not re-derived here"};
  }
  return {false, "none"};
}

}  // namespace lilucb::bandit
