#include "lilucb_docs/report_table.hpp"

#include "lilucb/errors.hpp"

#include <cstdio>
#include <sstream>
#include <stdexcept>

namespace lilucb {

table_format parse_table_format(std::string_view text) {
  if (text == "markdown") return table_format::markdown;
  if (text == "csv") return table_format::csv;
  if (text == "latex") return table_format::latex;
  detail::raise_domain_error("lilucb::parse_table_format", "format", detail::quoted(text),
                             "{markdown, csv, latex}");
}

std::string format_number(double x, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*g", digits, x);
  return buf;
}

namespace {

std::string csv_cell(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

std::string latex_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&': case '%': case '$': case '#': case '_': case '{': case '}':
        out += '\\';
        out += c;
        break;
      case '~': out += "\\textasciitilde{}"; break;
      case '^': out += "\\textasciicircum{}"; break;
      case '\\': out += "\\textbackslash{}"; break;
      default: out += c;
    }
  }
  return out;
}

std::string markdown_cell(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '|') out += '\\';
    out += c;
  }
  return out;
}

void check_shape(const report_table& t) {
  if (!t.latex_header.empty() && t.latex_header.size() != t.header.size())
    throw std::logic_error("report_table '" + t.title + "': latex_header and header differ in size");
  for (const auto& row : t.rows)
    if (row.size() != t.header.size())
      throw std::logic_error("report_table '" + t.title + "': a row has " +
                             std::to_string(row.size()) + " cells, the header " +
                             std::to_string(t.header.size()));
}

}  // namespace

std::string report_table::render(table_format format) const {
  check_shape(*this);
  std::ostringstream out;
  switch (format) {
    case table_format::markdown: {
      out << "## " << title << "\n\n|";
      for (const auto& h : header) out << ' ' << markdown_cell(h) << " |";
      out << "\n|";
      for (std::size_t i = 0; i < header.size(); ++i) out << "---|";
      out << '\n';
      for (const auto& row : rows) {
        out << '|';
        for (const auto& c : row) out << ' ' << markdown_cell(c) << " |";
        out << '\n';
      }
      if (!notes.empty()) {
        out << '\n';
        for (const auto& n : notes) out << "- " << n << '\n';
      }
      break;
    }
    case table_format::csv: {
      for (std::size_t i = 0; i < header.size(); ++i)
        out << (i ? "," : "") << csv_cell(header[i]);
      out << '\n';
      for (const auto& row : rows) {
        for (std::size_t i = 0; i < row.size(); ++i) out << (i ? "," : "") << csv_cell(row[i]);
        out << '\n';
      }
      break;
    }
    case table_format::latex: {
      out << "% requires \\usepackage{booktabs}\n\\begin{table}[ht]\n\\centering\n\\caption{"
          << latex_escape(title) << "}\n\\begin{tabular}{" << std::string(header.size(), 'r')
          << "}\n\\toprule\n";
      for (std::size_t i = 0; i < header.size(); ++i)
        out << (i ? " & " : "")
            << (latex_header.empty() ? latex_escape(header[i]) : latex_header[i]);
      out << " \\\\\n\\midrule\n";
      for (const auto& row : rows) {
        for (std::size_t i = 0; i < row.size(); ++i) out << (i ? " & " : "") << latex_escape(row[i]);
        out << " \\\\\n";
      }
      out << "\\bottomrule\n\\end{tabular}\n\\end{table}\n";
      break;
    }
  }
  return out.str();
}

}  // namespace lilucb
