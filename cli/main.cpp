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

#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
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
  // A write past the file-size limit fails with EFBIG and is reported (exit 3) instead of the
  // process dying silently of SIGXFSZ.
  std::signal(SIGXFSZ, SIG_IGN);
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
  lilucb::cli::add_plan_command(app);
  lilucb::cli::add_table_commands(app);
  lilucb::cli::add_run_command(app);
  lilucb::cli::add_experiment_command(app);
  lilucb::cli::add_verify_command(app);
  lilucb::cli::add_boundary_command(app);
  lilucb::cli::add_crossing_command(app);
  lilucb::cli::add_calibrate_command(app);
  lilucb::cli::add_study_command(app);
  // Hidden from --help: the option tables as JSON, read by the generated hostile-input test.
  app.add_flag_callback("--list-options-json", [&app] {
       std::cout << lilucb::cli::options_json(app).dump(1) << '\n';
       throw CLI::Success();
     })->group("");
  // Every given option is checked against its declaration before any subcommand runs.
  app.parse_complete_callback([&app] { lilucb::cli::check_parsed_options(app); });
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
  } catch (const CLI::Success& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    // CLI11 names a flag given a value without its dashes: name it as typed.
    const std::string what = e.what(), override_text = " was given a disallowed flag override";
    if (what.size() > override_text.size() &&
        what.compare(what.size() - override_text.size(), override_text.size(), override_text) == 0) {
      const std::string name = what.substr(0, what.size() - override_text.size());
      return fail("--" + name + ": a flag takes no value (--" + name + "=... given)");
    }
    return fail(what);
  } catch (const lilucb::domain_error& e) {
    // A library check names its own parameter (sigma, v_opt): name the option as typed too.
    const std::string typed = lilucb::cli::option_for_parameter(app, e.parameter());
    return fail(typed.empty() ? std::string(e.what()) : typed + ": " + e.what());
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
  // Output that did not reach its destination (a full device, a file-size limit) is a failure.
  std::cout.flush();
  errno = 0;
  if (std::fflush(stdout) != 0 || !std::cout) {
    int e = errno;
    // The write that failed may have been an earlier one (its errno is gone): the output is
    // lost already, so one more byte finds the reason (ENOSPC, EFBIG, ...).
    if (e == 0 && ::write(STDOUT_FILENO, "\n", 1) < 0) e = errno;
    return fail(std::string("standard output: cannot be written") + (e ? std::string(" (") + std::strerror(e) + ")" : ""),
                lilucb::cli::exit_io_failure);
  }
  return 0;
}
