#pragma once
// The arms options shared by `lilucb plan` and `lilucb hardness` (one place: both commands name,
// declare and check them the same way): --means, --arms gaussian|bernoulli|bounded, --sigma
// (gaussian), --range LO,HI (bounded, required) and --concentration K (bounded).

#include "lilucb_experiments/sample_size.hpp"

#include <CLI/CLI.hpp>

#include <string>

namespace lilucb::cli {

struct arms_cli_options {
  std::string means, arms = "gaussian", sigma, range, concentration;
  CLI::Option *range_opt = nullptr, *concentration_opt = nullptr, *sigma_opt = nullptr;
};

/// Declares the five options on `sub`, `sigma_help` the text of --sigma (the command's use of it).
void declare_arms_options(CLI::App& sub, arms_cli_options& o, const std::string& sigma_help);

/// The arms the options give (the arms' constructors check the rest later): the means; sigma
/// (default bandit::default_sigma) for gaussian; --range required and the means strictly inside it
/// for bounded, the concentration default bandit::bounded_arms::default_concentration.  Throws
/// lilucb::domain_error naming `command` and the option.
experiments::plan_arms parse_arms_options(const std::string& command, const arms_cli_options& o);

}  // namespace lilucb::cli
