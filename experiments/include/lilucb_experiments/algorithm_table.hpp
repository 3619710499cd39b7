#pragma once
// One place per algorithm for the reproduction: its paper name (legends, the report) and its
// plot style.  The identifier ("lilucb-ls", ...) is the library's (bandit::to_string); this
// table adds what only the reproduction needs.  Its rows are in bandit::all_algorithms' order
// (checked at compile time).

#include "lilucb/bandit/presets/algorithm_id.hpp"

#include <array>
#include <cstddef>
#include <string>

namespace lilucb::experiments {

/// A line style of the plots: colour (Okabe & Ito's colour-blind-safe palette, plus a dark
/// yellow), gnuplot dash type and point type.
struct plot_style {
  const char* colour;
  int dash, point;
};

struct algorithm_info {
  bandit::algorithm algorithm;
  const char* paper_name;  ///< the paper's name, for legends ("lil'UCB + LS", ...)
  plot_style style;
};

inline constexpr std::array<algorithm_info, 9> algorithm_table{{
    {bandit::algorithm::lilucb, "lil'UCB", {"#56B4E9", 2, 6}},
    {bandit::algorithm::lilucb_ls, "lil'UCB + LS", {"#0072B2", 1, 7}},
    {bandit::algorithm::lilucb_heuristic, "lil'UCB Heuristic", {"#D55E00", 1, 5}},
    {bandit::algorithm::lilucb_certified, "lil'UCB (certified δ, a)", {"#CC79A7", 4, 12}},
    {bandit::algorithm::ucb1_ls, "UCB1 + LS", {"#009E73", 1, 9}},
    {bandit::algorithm::successive_elimination, "Successive Elimination", {"#E69F00", 1, 13}},
    {bandit::algorithm::exp_gap, "Exponential-Gap Elimination", {"#999999", 3, 4}},
    {bandit::algorithm::exp_gap_ls, "Exponential-Gap Elimination + LS", {"#000000", 5, 8}},
    {bandit::algorithm::nonadaptive_ls, "Nonadaptive + LS", {"#B8A800", 1, 2}},
}};

namespace detail {
constexpr bool table_matches_library() {
  if (algorithm_table.size() != bandit::all_algorithms.size()) return false;
  for (std::size_t i = 0; i < algorithm_table.size(); ++i)
    if (algorithm_table[i].algorithm != bandit::all_algorithms[i]) return false;
  return true;
}
static_assert(table_matches_library(), "algorithm_table: one row per bandit::all_algorithms entry, same order");
}  // namespace detail

/// The row of `a`.
inline const algorithm_info& info_of(bandit::algorithm a) {
  for (const auto& row : algorithm_table)
    if (row.algorithm == a) return row;
  return algorithm_table[0];  // unreachable: the table covers the enum (static_assert above)
}

/// The paper's name of an algorithm, for legends ("lil'UCB + LS", "UCB1 + LS", ...).
inline std::string paper_name(bandit::algorithm a) { return info_of(a).paper_name; }

/// `names` joined by ", " (the one "list the known names" helper of messages).
template <class Range, class Name>
std::string list_names(const Range& names, Name name_of) {
  std::string s;
  for (const auto& x : names) s += (s.empty() ? "" : ", ") + std::string(name_of(x));
  return s;
}

/// "lilucb, lilucb-ls, ..." : every algorithm identifier.
inline std::string algorithm_identifiers() {
  return list_names(bandit::all_algorithms, [](bandit::algorithm a) { return bandit::to_string(a); });
}

}  // namespace lilucb::experiments
