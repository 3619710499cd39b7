#pragma once
// Shared by the `lilucb` subcommands: strict number parsing, JSON helpers, and the
// subcommand registration functions.

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
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

/// What an option's value is.  Every option of every subcommand declares one (declare_option);
/// check_parsed_options checks each given value against it before any subcommand runs, and
/// `lilucb --list-options-json` reports it, so the generated hostile-input test
/// (tests/cli/test_cli_hostile_generated.cpp) knows which values are admissible.
enum class value_kind {
  flag,        ///< no value
  count,       ///< a whole number in [count_lo, count_hi] (parse_count)
  real,        ///< a finite real number in the interval lo..hi (parse_real)
  real_list,   ///< comma-separated finite reals (parse_real_list)
  choice,      ///< one of `choices`
  text,        ///< free text the subcommand checks itself (e.g. I/K); never empty
  file_in,     ///< a file to read: it exists (else exit 3, naming the reason) and is not a folder
  folder_in,   ///< a folder to read: it exists (else exit 3) and is a folder
  file_out,    ///< a file to write: its folder exists (else exit 3), it is not a folder
  folder_out,  ///< a folder to write (created if absent)
  path,        ///< a file or folder whose role depends on other options (the subcommand checks it)
};

const char* to_string(value_kind k) noexcept;

/// The declared admissible values of one option.
struct option_spec {
  value_kind kind = value_kind::text;
  double lo = -std::numeric_limits<double>::infinity(), hi = std::numeric_limits<double>::infinity();
  bool lo_closed = false, hi_closed = false;                                     ///< real
  std::uint64_t count_lo = 0, count_hi = std::numeric_limits<std::uint64_t>::max();  ///< count
  std::string range;                 ///< the admissible values as a message states them
  std::vector<std::string> choices;  ///< choice
  std::vector<std::string> words;    ///< real: words admitted besides the numbers (`--sigma unknown`)
  bool repeatable = false;           ///< a list positional (several values are one list)
  /// The option applies only when `applies_option` has one of `applies_values` (its default when
  /// absent: that option's spec's default_value; no default: it does not apply).
  std::string applies_option;
  std::vector<std::string> applies_values;
  /// The value the subcommand uses when the option is absent, as the user would type it, or a short
  /// description of what it substitutes (`reproduction-<preset>/<experiment>`, `sigma^2`); no_default
  /// when an absent option means none (no file, no limit, required with another option).  "" is
  /// undeclared: tests/cli/test_cli_option_defaults.cpp refuses it for an option several subcommands
  /// share, and checks that they declare the same default.
  std::string default_value;
  /// Library parameters this option's value reaches besides its own name (`--alpha` is the
  /// `delta` of the finite-LIL family): a library error naming one is attributed to the option.
  std::vector<std::string> feeds;
  /// The option this one is the old name of (declare_old_name): it sets the same value and applies
  /// where that option applies.  Empty for every other option.
  std::string old_name_of;

  /// Fluent setters for a declaration.
  option_spec when(std::string option, std::vector<std::string> values) const;
  option_spec defaults_to(std::string value) const;
  /// A real option that also admits these words (its range says so).
  option_spec or_words(std::vector<std::string> w) const;
  option_spec many() const;
  option_spec feeding(std::vector<std::string> parameters) const;
};

/// The default_value of an option whose absence means none.
inline constexpr const char* no_default = "none";

option_spec flag_spec();
option_spec count_spec(std::uint64_t lo, std::uint64_t hi, std::string range);
/// A real in the interval with the given ends ("[lo, hi)" etc. is derived for messages).
option_spec real_spec(double lo, bool lo_closed, double hi, bool hi_closed);
option_spec real_list_spec();
option_spec choice_spec(std::vector<std::string> choices);
option_spec text_spec(std::string range);
option_spec path_spec(value_kind kind);

/// Records `spec` for `option` (an option of a subcommand); returns `option`.
CLI::Option* declare_option(CLI::Option* option, option_spec spec);

/// Declares `old_name` on `sub` as the old spelling of `current` (declared already): it writes
/// `storage` (the variable `current` writes), is listed by --help under "Old names", admits the values `current`
/// admits, and check_parsed_options reads it as `current` (for the options that apply only with
/// some of its values), refuses the two together, and notes on stderr that the name is old.
CLI::Option* declare_old_name(CLI::App& sub, const std::string& old_name, CLI::Option* current, std::string& storage);

/// The declared spec of `option`, or nullptr.
const option_spec* declared_spec(const CLI::Option* option);

/// Checks every option given to the subcommands being run, in this order: given at most once
/// (unless repeatable; an option and its old name count together), not empty, applicable
/// (applies_option, read through its old name when that was given), then its value against its
/// spec.  An old name given prints one note on stderr naming the current one.  Throws lilucb::domain_error naming the option as typed (exit 2), or lilucb::io_error
/// naming the option and the path with the system's reason (exit 3).  Run before any
/// subcommand's callback.
void check_parsed_options(const CLI::App& app);

/// Every subcommand's options and their specs as one JSON object (`lilucb --list-options-json`).
nlohmann::json options_json(const CLI::App& app);

/// When a library error names a parameter that options given to the running subcommand stand for
/// (`sigma` for `--sigma`, `v_opt` for `--v-opt`, or a parameter an option declares it feeds),
/// those options as the user typed them ("--alpha, --eps"); otherwise "".
std::string option_for_parameter(const CLI::App& app, const std::string& parameter);

/// Throws lilucb::domain_error naming `option` when `parallel` runs on `arms` arms need more
/// memory than the machine has available (lilucb::check_memory, resources.hpp), saying how much
/// they need.
void check_memory(const char* command, const char* option, std::uint64_t arms, std::uint64_t parallel);

/// A JSON number, or null for an absent value.
nlohmann::json json_or_null(const std::optional<double>& x);

/// "%.10g" for human-readable output.
std::string text_number(double x);

/// Prints exactly one JSON object (pretty, 2-space indent) and a newline on stdout.
void print_json(const nlohmann::json& j);

/// A progress line of a command that repeats work (runs, continuations) on stderr, rewritten in
/// place, when stderr is a terminal: "COMMAND: D of T UNIT; Ctrl-C stops it".  The line is ended
/// (a newline) by end() or the destructor, whichever comes first, if one was written.
class count_progress {
 public:
  count_progress(std::string command, std::string unit);
  ~count_progress() { end(); }
  count_progress(const count_progress&) = delete;
  count_progress& operator=(const count_progress&) = delete;
  /// The callback(done, total) that writes the line; empty when stderr is not a terminal.
  std::function<void(std::size_t, std::size_t)> callback();
  void end();

 private:
  std::string command_, unit_;
  bool printed_ = false;
};

void add_params_command(CLI::App& app);
void add_bound_command(CLI::App& app);
void add_hardness_command(CLI::App& app);
void add_plan_command(CLI::App& app);
void add_table_commands(CLI::App& app);
void add_run_command(CLI::App& app);
void add_experiment_command(CLI::App& app);
void add_verify_command(CLI::App& app);
void add_boundary_command(CLI::App& app);
void add_crossing_command(CLI::App& app);
void add_calibrate_command(CLI::App& app);
void add_study_command(CLI::App& app);

}  // namespace lilucb::cli
