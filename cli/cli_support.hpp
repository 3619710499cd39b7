#pragma once
// Shared by the `lilucb` subcommands: strict number parsing, JSON helpers, and the
// subcommand registration functions.

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace lilucb::cli {

/// The exit statuses of `lilucb` (documented in README.md and `lilucb --help`):
enum exit_status : int {
  exit_ok = 0,
  exit_check_failed = 1,   ///< a check found a difference: stale documents, claims that differ
  exit_invalid_input = 2,  ///< an invalid option or value (one line naming it on stderr)
  exit_io_failure = 3,     ///< a file or folder could not be read or written
  exit_internal = 4,       ///< an internal error (a bug: please report it)
};

/// Thrown by a subcommand whose check found differences (`docs --check`, `verify
/// --check-against`): the CLI prints the message on one line and exits with exit_check_failed.
class check_failed : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Parses the whole of `text` as a real number (decimal or scientific; "nan"/"inf" are
/// parsed and left to the library's domain checks).  Throws lilucb::domain_error naming the
/// option, the text and `admissible` when it is not a number.
double parse_real(const std::string& option, const std::string& text, const std::string& admissible);

/// Parses a non-negative integer: decimal digits, or decimal scientific notation whose value is
/// whole ("1e5", "2.5e3"; shifted exactly, never rounded through a double).  No sign, no hex.
std::uint64_t parse_count(const std::string& option, const std::string& text, const std::string& admissible);

/// Comma-separated reals, e.g. "0.5,0.4,0.1".
std::vector<double> parse_real_list(const std::string& option, const std::string& text);

/// Throws lilucb::domain_error naming the option when it was given with an empty value: an
/// empty value never silently means "the default".
void reject_empty(const char* command, const CLI::Option* option);

/// Memory one run on `arms` arms needs at the most, in bytes (measured peak: ~150 B per arm at
/// 10^6 arms with the radix heap, docs/bandit.md), plus a fixed 64 MiB.
std::uint64_t run_memory_bytes(std::uint64_t arms);

/// Throws lilucb::domain_error naming `option` when `parallel` runs on `arms` arms need more
/// memory than the machine has available (MemAvailable in /proc/meminfo; no check where that
/// cannot be read), saying how much they need.
void check_memory(const char* command, const char* option, std::uint64_t arms, std::uint64_t parallel);

/// A JSON number, or null for an absent value.
nlohmann::json json_or_null(const std::optional<double>& x);

/// "%.10g" for human-readable output.
std::string text_number(double x);

/// Prints exactly one JSON object (pretty, 2-space indent) and a newline on stdout.
void print_json(const nlohmann::json& j);

void add_params_command(CLI::App& app);
void add_bound_command(CLI::App& app);
void add_hardness_command(CLI::App& app);
void add_table_commands(CLI::App& app);
void add_run_command(CLI::App& app);
void add_experiment_command(CLI::App& app);
void add_verify_command(CLI::App& app);
void add_boundary_command(CLI::App& app);
void add_crossing_command(CLI::App& app);
void add_calibrate_command(CLI::App& app);

}  // namespace lilucb::cli
