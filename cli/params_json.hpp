#pragma once
// What `lilucb params` reports, computed in one place (params_values) and turned into JSON in one
// place (params_json): the CLI's text mode prints the same params_values, `--json` prints
// params_json, and the Python module's lilucb.params() returns params_json too
// (python/src/py_settings.cpp), so the three cannot drift apart.

#include "lilucb/theory/parameters.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>

namespace lilucb::cli {

/// Every setting `lilucb params` reports for nu, with the theorem's constants at (eps, beta).
struct params_values {
  double nu = 0, eps = 0, beta = 0;
  std::uint64_t n = 0;
  double rho = 0;                 ///< rho(eps), Theorem th:lilucb
  double gamma = 0;               ///< gamma(beta, eps), Theorem th:lilucb
  double delta_max = 0;           ///< log(1+eps)/e: Lemma lem:lil's delta range (inner log 'lemma')
  double optimal_beta = 0;        ///< the minimiser of (2+beta)^2 (1 + ((2+beta)/beta)^2)
  double repaired_delta_max = 0;  ///< Theorem R's delta range (docs/repaired-theorem.md)
  certified_result<double> certified;  ///< certified_setting (Theorem R)
  certified_result<double> stated;     ///< stated_theorem_setting (the paper's stated hypotheses)
  lilucb_setting<double> paper;        ///< paper_theory_setting (Section 5)
  lilucb_setting<double> heuristic;    ///< heuristic_setting (Section 5's lil'UCB Heuristic)
};

/// The settings for (nu, eps, beta, n).  Throws lilucb::domain_error for arguments outside the
/// library's domains.
params_values compute_params(double nu, double eps, double beta, std::uint64_t n);

/// The JSON object of `lilucb params --json` (certified first, then the stated theorem's, the
/// paper's and the heuristic's).
nlohmann::json params_json(const params_values& v);
/// params_json(compute_params(nu, eps, beta, n)).
nlohmann::json params_json(double nu, double eps, double beta, std::uint64_t n);

}  // namespace lilucb::cli
