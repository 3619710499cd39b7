// The `lilucb` command: thin parsing over the library.  Every subcommand prints readable
// text by default and exactly one JSON object with --json.  Every failure is one line on stderr
// and an exit status of its own (cli_support.hpp's exit_status):
//   0 success; 1 a check found differences (stale documents, claims that differ from a record);
//   2 invalid input (the line names the parameter, its value and the admissible range);
//   3 a file or folder could not be read or written (the line names the path and the reason);
//   4 an internal error.

#include "cli_support.hpp"

#include "lilucb/errors.hpp"
#include "lilucb/version.hpp"

#include <CLI/CLI.hpp>

#include <exception>
#include <filesystem>
#include <new>
#include <iostream>
#include <string>

namespace {

// CLI11 messages can span lines; the contract is one line on stderr.
std::string one_line(std::string s) {
  for (char& c : s)
    if (c == '\n' || c == '\r') c = ' ';
  while (!s.empty() && s.back() == ' ') s.pop_back();
  return s;
}

int fail(const std::string& message, int status = lilucb::cli::exit_invalid_input) {
  std::cerr << "lilucb: error: " << one_line(message) << '\n';
  return status;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"lilucb: fixed-confidence best-arm identification around lil'UCB "
               "(Jamieson, Malloy, Nowak, Bubeck)"};
  app.footer("Exit status: 0 success; 1 a check found differences (docs --check, verify --check-against); "
             "2 invalid input (one line on stderr naming the parameter, its value and the admissible range); "
             "3 a file or folder could not be read or written; 4 internal error.");
  app.set_version_flag("--version", std::string("lilucb ") + lilucb::version());
  app.require_subcommand(0, 1);  // "none" is reported below, after unknown arguments are
  lilucb::cli::add_params_command(app);
  lilucb::cli::add_bound_command(app);
  lilucb::cli::add_hardness_command(app);
  lilucb::cli::add_table_commands(app);
  lilucb::cli::add_run_command(app);
  lilucb::cli::add_experiment_command(app);
  lilucb::cli::add_verify_command(app);
  try {
    app.parse(argc, argv);
    if (app.get_subcommands().empty()) {
      std::string names;
      for (const auto* sub : app.get_subcommands({}))
        names += (names.empty() ? "" : ", ") + sub->get_name();
      return fail("a subcommand is required: one of " + names + " (see lilucb --help)");
    }
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    return fail(e.what());
  } catch (const lilucb::domain_error& e) {
    return fail(e.what());
  } catch (const lilucb::cli::check_failed& e) {
    return fail(e.what(), lilucb::cli::exit_check_failed);
  } catch (const lilucb::io_error& e) {
    return fail(e.what(), lilucb::cli::exit_io_failure);
  } catch (const std::filesystem::filesystem_error& e) {
    const std::string path = e.path1().empty() ? std::string("(no path)") : e.path1().string();
    return fail("cannot access " + path + ": " + e.code().message(), lilucb::cli::exit_io_failure);
  } catch (const std::bad_alloc&) {
    return fail("out of memory", lilucb::cli::exit_internal);
  } catch (const std::exception& e) {
    std::cerr << "lilucb: internal error: " << one_line(e.what()) << '\n';
    return lilucb::cli::exit_internal;
  }
  return 0;
}
