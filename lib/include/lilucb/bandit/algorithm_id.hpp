#pragma once
// The algorithms of Section 5 by their identifiers: the enumeration, its names and which ones
// carry a guarantee.  Running them is lilucb/bandit/algorithms.hpp; this header is what code that
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

/// False only for lilucb-heuristic, which Section 5 runs without a guarantee.
inline bool has_guarantee(algorithm a) { return a != algorithm::lilucb_heuristic; }

}  // namespace lilucb::bandit
