// The `lilucb` command: thin parsing over the library.  Every subcommand prints readable
// text by default and exactly one JSON object with --json.  Invalid input gives one line on
// stderr naming the parameter, its value and the admissible range, and exit status 2.

#include "cli_support.hpp"

#include "lilucb_experiments/results.hpp"

#include "lilucb/errors.hpp"
#include "lilucb/version.hpp"

#include <CLI/CLI.hpp>

#include <exception>
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

int fail(const std::string& message) {
  std::cerr << "lilucb: error: " << one_line(message) << '\n';
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"lilucb: fixed-confidence best-arm identification around lil'UCB "
               "(Jamieson, Malloy, Nowak, Bubeck)"};
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
  } catch (const lilucb::experiments::io_error& e) {  // a file could not be written: status 1
    std::cerr << "lilucb: error: " << one_line(e.what()) << '\n';
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "lilucb: internal error: " << one_line(e.what()) << '\n';
    return 1;
  }
  return 0;
}
