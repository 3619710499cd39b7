#pragma once
// The boundary options shared by `lilucb boundary`, `lilucb crossing` and `lilucb calibrate`
// (one place: the three commands name and check them the same way).

#include "lilucb/boundaries/family.hpp"

#include <CLI/CLI.hpp>

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

}  // namespace lilucb::cli
