// `lilucb table NAME` and `lilucb docs --check|--write DIR`: documentation tables from code.

#include "cli_support.hpp"

#include "lilucb/errors.hpp"
#include "lilucb/io/safe_file.hpp"
#include "documents.hpp"

#include "lilucb_docs/generated_tables.hpp"

#include <filesystem>
#include <iostream>
#include <memory>

namespace lilucb::cli {

namespace {

struct table_options {
  std::string name, format = "markdown";
  bool list = false;
};

struct docs_options {
  std::string dir;
  bool check = false, write = false;
};

void run_table(const table_options& o) {
  if (o.list) {
    for (const auto& t : generated_tables()) std::cout << t.name << "\t" << t.description << '\n';
    return;
  }
  if (o.name.empty())
    throw lilucb::domain_error("lilucb table", "NAME", "(missing)", "a table name (see --list)");
  const auto format = parse_table_format(o.format);
  std::cout << render_generated_table(find_generated_table(o.name), format);
}

void run_docs(const docs_options& o) {
  if (o.check == o.write)
    throw lilucb::domain_error("lilucb docs", "mode", o.check ? "--check --write" : "(none)",
                               "exactly one of --check, --write");
  const std::filesystem::path dir(o.dir);
  if (o.dir.empty()) throw lilucb::domain_error("lilucb docs", "DIR", "''", "a folder name");
  if (o.check && !std::filesystem::is_directory(dir))
    throw lilucb::domain_error("lilucb docs --check", "DIR", o.dir, "an existing folder of generated documents");
  int stale = 0;
  for (const auto& doc : documents()) {
    const auto path = dir / doc.path;
    const auto rendered = doc.render(dir);
    if (!rendered) {
      // Without its data a recorded document cannot be rendered: --write skips it, and --check
      // agrees with --write (skipped) unless a rendering exists that nothing can reproduce.
      const bool orphan = o.check && std::filesystem::exists(path);
      std::cout << (orphan ? "STALE   " : "skipped ") << path.string() << "  (its data file "
                << (dir / doc.data).string() << " does not exist)\n";
      stale += orphan;
      continue;
    }
    const std::string& fresh = *rendered;
    if (o.write) {  // each document written whole: a temporary file renamed
      std::error_code ec;
      std::filesystem::create_directories(path.parent_path(), ec);
      if (ec) throw lilucb::io_error("lilucb docs --write", path.parent_path().string(), ec.message());
      io::write_file_atomically(path, fresh, "lilucb docs --write");
      std::cout << "wrote " << path.string() << '\n';
      continue;
    }
    const auto committed = io::read_file_if_present(path, io::default_max_bytes, "lilucb docs --check");
    if (!committed) {
      std::cout << "MISSING " << path.string() << '\n';
      ++stale;
    } else if (*committed != fresh) {
      std::cout << "STALE   " << path.string() << "  (regenerate: lilucb docs --write " << o.dir << ")\n";
      ++stale;
    } else {
      std::cout << "ok      " << path.string() << '\n';
    }
  }
  if (stale)
    throw check_failed("lilucb docs --check: " + std::to_string(stale) + " generated document(s) in " + o.dir +
                       " differ from a fresh regeneration or are missing (regenerate: lilucb docs --write " + o.dir +
                       ")");
}

}  // namespace

void add_table_commands(CLI::App& app) {
  auto t = std::make_shared<table_options>();
  auto* table = app.add_subcommand("table", "Print a documentation table generated from code");
  std::vector<std::string> names;
  for (const auto& g : generated_tables()) names.push_back(g.name);
  declare_option(table->add_option("NAME", t->name, "table name (see --list)"), choice_spec(names));
  declare_option(table->add_option("--format", t->format, "markdown (default), csv or latex (booktabs)"),
                 choice_spec({"markdown", "csv", "latex"}).defaults_to(t->format));
  declare_option(table->add_flag("--list", t->list, "list the tables"), flag_spec());
  table->callback([t] { run_table(*t); });

  auto d = std::make_shared<docs_options>();
  auto* docs = app.add_subcommand("docs", "Write or check every generated table in a docs folder");
  declare_option(docs->add_option("DIR", d->dir, "folder, normally docs/generated")->required(), path_spec(value_kind::path));
  declare_option(docs->add_flag("--check", d->check, "fail (exit 1) when a committed table differs from a fresh one or is missing"),
                 flag_spec());
  declare_option(docs->add_flag("--write", d->write, "(re)write every table"), flag_spec());
  docs->callback([d] { run_docs(*d); });
}

}  // namespace lilucb::cli
