// Documentation tables: report_table::render (Markdown, CSV, LaTeX/booktabs), format_number,
// parse_table_format, the generated-table registry and params_tables().
//
// Expected renderings are written out by hand; the params table's numbers are checked against
// tests/reference/reference_values.hpp (make_reference.py, mpmath).
#include <boost/test/unit_test.hpp>

#include "domain_table.hpp"
#include "reference_values.hpp"

#include "lilucb_docs/generated_tables.hpp"
#include "lilucb_docs/report_table.hpp"

#include <cmath>
#include <cstdlib>
#include <stdexcept>
#include <string>

// Every case of this file is in the suite tables (one executable holds the directory's files).
BOOST_AUTO_TEST_SUITE(tables)

namespace tt = boost::test_tools;
namespace ref = lilucb_reference;
using lilucb::report_table;
using lilucb::table_format;
using namespace lilucb_test;

namespace {

report_table small_table() {
  report_table t;
  t.title = "Small";
  t.header = {"a", "b"};
  t.rows = {{"1", "2.5"}, {"x", ""}};
  t.notes = {"first note.", "second note."};
  return t;
}

double parse(const std::string& cell) {
  char* end = nullptr;
  const double x = std::strtod(cell.c_str(), &end);
  BOOST_TEST((end != cell.c_str() && *end == '\0'), "cell '" << cell << "' is a number");
  return x;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
BOOST_AUTO_TEST_SUITE(render)

BOOST_AUTO_TEST_CASE(markdown) {
  BOOST_TEST(small_table().render(table_format::markdown) ==
             "## Small\n"
             "\n"
             "| a | b |\n"
             "|---|---|\n"
             "| 1 | 2.5 |\n"
             "| x |  |\n"
             "\n"
             "- first note.\n"
             "- second note.\n");
  // Without notes nothing follows the table; a '|' inside a cell is escaped.
  report_table t;
  t.title = "Pipes";
  t.header = {"p|q"};
  t.rows = {{"a|b"}};
  BOOST_TEST(t.render(table_format::markdown) == "## Pipes\n\n| p\\|q |\n|---|\n| a\\|b |\n");
}

BOOST_AUTO_TEST_CASE(csv) {
  // Title and notes are omitted.
  BOOST_TEST(small_table().render(table_format::csv) == "a,b\n1,2.5\nx,\n");
  // RFC 4180 quoting: fields with a comma, a double quote or a line break are quoted, and a
  // double quote inside is doubled.
  report_table t;
  t.title = "ignored";
  t.header = {"plain", "with, comma", "say \"hi\""};
  t.rows = {{"1,5", "\"", "line\nbreak"}, {"x", "y", "z"}};
  BOOST_TEST(t.render(table_format::csv) ==
             "plain,\"with, comma\",\"say \"\"hi\"\"\"\n"
             "\"1,5\",\"\"\"\",\"line\nbreak\"\n"
             "x,y,z\n");
}

BOOST_AUTO_TEST_CASE(latex) {
  BOOST_TEST(small_table().render(table_format::latex) ==
             "% requires \\usepackage{booktabs}\n"
             "\\begin{table}[ht]\n"
             "\\centering\n"
             "\\caption{Small}\n"
             "\\begin{tabular}{rr}\n"
             "\\toprule\n"
             "a & b \\\\\n"
             "\\midrule\n"
             "1 & 2.5 \\\\\n"
             "x &  \\\\\n"
             "\\bottomrule\n"
             "\\end{tabular}\n"
             "\\end{table}\n");
}

// LaTeX's special characters are escaped in the caption, the plain header and every cell;
// latex_header is used verbatim.
BOOST_AUTO_TEST_CASE(latex_escaping) {
  report_table t;
  t.title = "50% & more_";
  t.header = {"a_b", "c#"};
  t.rows = {{"x_1 & y", "$5"}, {"~^\\", "#{}%"}};
  BOOST_TEST(t.render(table_format::latex) ==
             "% requires \\usepackage{booktabs}\n"
             "\\begin{table}[ht]\n"
             "\\centering\n"
             "\\caption{50\\% \\& more\\_}\n"
             "\\begin{tabular}{rr}\n"
             "\\toprule\n"
             "a\\_b & c\\# \\\\\n"
             "\\midrule\n"
             "x\\_1 \\& y & \\$5 \\\\\n"
             "\\textasciitilde{}\\textasciicircum{}\\textbackslash{} & \\#\\{\\}\\% \\\\\n"
             "\\bottomrule\n"
             "\\end{tabular}\n"
             "\\end{table}\n");
  t.latex_header = {"$\\nu_1$", "$\\beta$"};
  const std::string out = t.render(table_format::latex);
  BOOST_TEST(out.find("\\toprule\n$\\nu_1$ & $\\beta$ \\\\\n\\midrule\n") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(ragged_tables_are_rejected) {
  auto t = small_table();
  t.rows.push_back({"only one"});
  for (auto f : {table_format::markdown, table_format::csv, table_format::latex})
    BOOST_CHECK_THROW(t.render(f), std::logic_error);
  auto u = small_table();
  u.latex_header = {"$a$"};
  BOOST_CHECK_THROW(u.render(table_format::latex), std::logic_error);
}

BOOST_AUTO_TEST_SUITE_END()

// ---------------------------------------------------------------------------------------------
BOOST_AUTO_TEST_SUITE(formats)

BOOST_AUTO_TEST_CASE(parse) {
  BOOST_TEST((lilucb::parse_table_format("markdown") == table_format::markdown));
  BOOST_TEST((lilucb::parse_table_format("csv") == table_format::csv));
  BOOST_TEST((lilucb::parse_table_format("latex") == table_format::latex));
  for (const char* junk : {"", "Markdown", "CSV", "md", "tex", "csv ", " latex", "json", "latex\n"}) {
    BOOST_TEST_CONTEXT("'" << junk << "'") {
      BOOST_CHECK_EXCEPTION(lilucb::parse_table_format(junk), lilucb::domain_error,
                            (names_parameter{"lilucb::parse_table_format", "format"}));
    }
  }
}

BOOST_AUTO_TEST_CASE(format_number) {
  BOOST_TEST(lilucb::format_number(0.1) == "0.1");
  BOOST_TEST(lilucb::format_number(0.0) == "0");
  BOOST_TEST(lilucb::format_number(-2.5) == "-2.5");
  BOOST_TEST(lilucb::format_number(123456.0) == "123456");
  BOOST_TEST(lilucb::format_number(1234567.0) == "1.23457e+06");
  BOOST_TEST(lilucb::format_number(1e-5) == "1e-05");
  BOOST_TEST(lilucb::format_number(1.0 / 3, 3) == "0.333");
  BOOST_TEST(lilucb::format_number(2.764486329908863e-07, 10) == "2.76448633e-07");
  BOOST_TEST(lilucb::format_number(0.09999999999999999) == "0.1");
  BOOST_TEST(lilucb::format_number(std::nan("")) == "nan");
  BOOST_TEST(lilucb::format_number(-kInf) == "-inf");
}

BOOST_AUTO_TEST_SUITE_END()

// ---------------------------------------------------------------------------------------------
BOOST_AUTO_TEST_SUITE(generated)

// docs/generated/params.md: 4 nu x 3 eps x 4 beta = 48 rows.  The stated-theorem columns are
// checked against mpmath (ref::certified_cases, the stated theorem's setting); the certified
// columns (Theorem R) against lilucb::certified_setting, whose values test_repaired_theorem checks
// against 50-digit references: here the table's rendering of them.
BOOST_AUTO_TEST_CASE(params_table) {
  const auto tables = lilucb::params_tables();
  BOOST_TEST_REQUIRE(tables.size() == 1u);
  const auto& t = tables[0];
  BOOST_TEST(t.header.size() == 11u);
  BOOST_TEST(t.latex_header.size() == 11u);
  BOOST_TEST_REQUIRE(t.rows.size() == 48u);
  BOOST_TEST_REQUIRE(std::size(ref::certified_cases) == 48u);
  const char* nus[] = {"0.1", "0.05", "0.01", "0.001"};
  const char* epss[] = {"0.01", "0.1", "0.5"};
  const char* betas[] = {"0.5", "1", "1.66", "2"};
  for (std::size_t i = 0; i < 48; ++i) {
    const auto& row = t.rows[i];
    const auto& c = ref::certified_cases[i];  // the script walks the same nu x eps x beta order
    BOOST_TEST_CONTEXT("row " << i) {
      BOOST_TEST_REQUIRE(row.size() == 11u);
      BOOST_TEST(row[0] == nus[i / 12]);
      BOOST_TEST(row[1] == epss[(i / 4) % 3]);
      BOOST_TEST(row[2] == betas[i % 4]);
      BOOST_TEST(parse(row[0]) == c.nu);
      BOOST_TEST(parse(row[1]) == c.eps);
      BOOST_TEST(parse(row[2]) == c.beta);
      // Certified (Theorem R): 10 and 8 significant digits of the library's setting.
      const auto cert = lilucb::certified_setting(c.nu, c.eps, c.beta);
      BOOST_TEST(parse(row[3]) == cert.setting.delta, tt::tolerance(5.1e-10));
      BOOST_TEST(parse(row[4]) == cert.setting.a, tt::tolerance(5.1e-8));
      BOOST_TEST(parse(row[5]) <= c.nu * (1 + 5e-6));  // the repaired failure bound is at most nu
      // The stated theorem's setting: 10 and 8 significant digits of mpmath's.
      BOOST_TEST(parse(row[7]) == c.delta, tt::tolerance(5.1e-10));
      BOOST_TEST(parse(row[8]) == c.a, tt::tolerance(5.1e-8));
      // Section 5's setting never meets the stated theorem (a = 9 < a_min for every nu: mpmath).
      BOOST_TEST(row[10] == "no");
    }
  }
  for (const auto& p : ref::paper_setting_cases) BOOST_TEST(p.a_min > 9.0);
}

BOOST_AUTO_TEST_CASE(paper_setting_table) {
  const auto& g = lilucb::find_generated_table("paper-setting");
  const auto tables = g.build();
  BOOST_TEST_REQUIRE(tables.size() == 1u);
  const auto& t = tables[0];
  BOOST_TEST_REQUIRE(t.rows.size() == 8u);  // paper and heuristic for each of 4 nus
  BOOST_TEST_REQUIRE(t.header.size() == 12u);
  for (std::size_t k = 0; k < 4; ++k) {
    const auto& paper = t.rows[2 * k];
    const auto& heur = t.rows[2 * k + 1];
    const auto& c = ref::paper_setting_cases[k];
    BOOST_TEST_CONTEXT("nu=" << c.nu) {
      BOOST_TEST(parse(paper[0]) == c.nu);
      BOOST_TEST(parse(paper[5]) == c.delta, tt::tolerance(5.1e-6));
      BOOST_TEST(paper[6] == "yes");  // delta < log(1+eps)/e
      BOOST_TEST(parse(paper[7]) == c.a_min, tt::tolerance(5.1e-6));
      BOOST_TEST(parse(paper[8]) == c.rho_delta, tt::tolerance(5.1e-6));
      BOOST_TEST(paper[9] == (std::isnan(c.failure_bound) ? std::string("vacuous")
                                                          : lilucb::format_number(c.failure_bound)));
      BOOST_TEST(paper[10] == "no");
      BOOST_TEST(paper[11] == "no");
      BOOST_TEST(heur[2] == "0");     // eps = 0
      BOOST_TEST(heur[4] == "2");     // a = 1 + 10/10
      BOOST_TEST(heur[10] == "no");
      BOOST_TEST(heur[11] == "no");
    }
  }
}

BOOST_AUTO_TEST_CASE(registry) {
  const auto& all = lilucb::generated_tables();
  BOOST_TEST_REQUIRE(all.size() >= 2u);
  BOOST_TEST(lilucb::find_generated_table("params").file == "params.md");
  BOOST_TEST(lilucb::find_generated_table("paper-setting").file == "paper-setting.md");
  for (const auto& g : all) {
    BOOST_TEST_CONTEXT(g.name) {
      BOOST_TEST(&lilucb::find_generated_table(g.name) == &g);
      BOOST_TEST(!g.description.empty());
      BOOST_TEST(g.file.size() > 3u);
      BOOST_TEST(g.file.substr(g.file.size() - 3) == ".md");
    }
  }
  for (const char* junk : {"", "Params", "param", "params ", "nope"}) {
    BOOST_TEST_CONTEXT("'" << junk << "'") {
      BOOST_CHECK_EXCEPTION(lilucb::find_generated_table(junk), lilucb::domain_error,
                            (names_parameter{"lilucb::find_generated_table", "table"}));
    }
  }
}

// Markdown output carries the do-not-edit comment naming its command; CSV and LaTeX do not.
BOOST_AUTO_TEST_CASE(render_generated) {
  const auto& g = lilucb::find_generated_table("params");
  const std::string md = lilucb::render_generated_table(g, table_format::markdown);
  const std::string head = "<!-- Generated by `lilucb table params --format markdown`";
  BOOST_TEST(md.compare(0, head.size(), head) == 0);
  BOOST_TEST(md.find("do not edit") != std::string::npos);
  const std::string body = lilucb::params_tables()[0].render(table_format::markdown);
  BOOST_TEST(md.size() > body.size());
  BOOST_TEST(md.compare(md.size() - body.size(), body.size(), body) == 0);
  const std::string csv = lilucb::render_generated_table(g, table_format::csv);
  BOOST_TEST(csv == lilucb::params_tables()[0].render(table_format::csv));
  BOOST_TEST(csv.find("<!--") == std::string::npos);
  const std::string tex = lilucb::render_generated_table(g, table_format::latex);
  BOOST_TEST(tex.find("\\toprule") != std::string::npos);
  BOOST_TEST(tex.find("\\bottomrule") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE_END()  // tables
