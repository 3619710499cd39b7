#pragma once
// A small table model rendered as Markdown, CSV or LaTeX (booktabs).  Documentation tables
// in docs/generated/ are built as report_tables by code (generated_tables.hpp), never typed.

#include <string>
#include <string_view>
#include <vector>

namespace lilucb {

enum class table_format { markdown, csv, latex };

/// "markdown", "csv" or "latex"; throws lilucb::domain_error otherwise.
table_format parse_table_format(std::string_view text);

struct report_table {
  std::string title;                           ///< caption / section heading
  std::vector<std::string> header;             ///< column names (plain text, UTF-8)
  std::vector<std::string> latex_header;       ///< LaTeX column names, verbatim (empty: escape header)
  std::vector<std::vector<std::string>> rows;  ///< cells, one vector per row
  std::vector<std::string> notes;              ///< sentences printed under the table

  /// The table in the given format.  Markdown: heading, pipe table, notes.  CSV: RFC 4180,
  /// header row then data (title and notes omitted).  LaTeX: a booktabs tabular in a table
  /// environment with the title as caption.
  std::string render(table_format format) const;
};

/// printf-style "%.*g" with `digits` significant digits: the one way numbers enter tables.
std::string format_number(double x, int digits = 6);

}  // namespace lilucb
