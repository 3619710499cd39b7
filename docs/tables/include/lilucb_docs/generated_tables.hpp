#pragma once
// The registry of documentation tables that the toolkit writes into docs/generated/.
// Each entry builds its tables from library code; `lilucb table NAME --format F` prints one,
// `lilucb docs --write DIR` writes every entry's Markdown file and `lilucb docs --check DIR`
// (run by ctest) fails when a committed file differs from a fresh regeneration.
// Later work adds its tables here.

#include "lilucb_docs/report_table.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace lilucb {

struct generated_table {
  std::string name;         ///< the name `lilucb table` takes
  std::string file;         ///< file name under docs/generated/
  std::string description;  ///< one line
  std::vector<report_table> (*build)();
};

/// Every registered table, in a fixed order.
const std::vector<generated_table>& generated_tables();

/// The entry called `name`; throws lilucb::domain_error naming the known ones otherwise.
const generated_table& find_generated_table(std::string_view name);

/// The entry rendered in `format`.  Markdown starts with a "generated, do not edit" comment
/// naming the command that regenerates it; CSV and LaTeX output separate several tables by a
/// blank line.
std::string render_generated_table(const generated_table& table, table_format format);

/// The tables behind docs/generated/params.md (exposed for tests).
std::vector<report_table> params_tables();

/// The tables behind docs/generated/boundaries.md (docs/tables/src/boundary_tables.cpp).
std::vector<report_table> boundaries_tables();

/// The tables behind docs/generated/rules.md: the rule registry (docs/tables/src/rule_tables.cpp).
std::vector<report_table> rules_tables();

}  // namespace lilucb
