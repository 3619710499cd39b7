#pragma once
// The boundary options shared by `lilucb boundary`, `lilucb crossing` and `lilucb calibrate`
// (one place: the three commands name and check them the same way).

#include "lilucb/boundaries/crossing_time.hpp"
#include "lilucb/boundaries/family.hpp"

#include <CLI/CLI.hpp>

#include <ostream>
#include <string>

namespace lilucb::cli {

struct boundary_cli_options {
  std::string kind, alpha, sigma = "1", eps = "0.01", inner = "lemma", eta = "2", s = "1.4", m, c,
      v_opt, a = "1", b = "0.1";
};

/// Adds --kind, --alpha (unless with_alpha is false), --sigma and every family's parameters;
/// without alpha (calibrate) only the families indexed by alpha and their parameters.
void add_boundary_options(CLI::App* sub, boundary_cli_options& o, bool with_alpha);

/// The spec the options describe; throws lilucb::domain_error naming the offending option
/// (including a missing --alpha for a family indexed by alpha when alpha_required).
boundaries::boundary_spec boundary_spec_from(const boundary_cli_options& o, bool alpha_required);

/// The names a caller gives the arguments of a crossing or calibration computation (the CLI's
/// options or Python's keyword arguments), for check_computing_time's messages.
struct computing_argument_names {
  const char* horizon = "--horizon";
  const char* resolution = "--resolution";
  const char* max_seconds = "--max-seconds";
};

/// Refuses a computation whose estimate exceeds max_seconds: throws lilucb::domain_error naming
/// the horizon, with the estimate, what it was timed on and the limit.  An estimate above 10 s
/// that is within the limit is announced on `note` (when not null) before the work starts.
void check_computing_time(const std::string& command, const boundaries::computing_time& estimate,
                          std::uint64_t horizon, unsigned resolution, double max_seconds,
                          const computing_argument_names& names, std::ostream* note);

}  // namespace lilucb::cli
