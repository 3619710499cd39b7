#pragma once
// The JSON object of `lilucb params --json`, in one place: the CLI prints it and the Python
// module's lilucb.params() returns it (python/src/settings.cpp), so the two cannot drift apart.

#include <nlohmann/json.hpp>

#include <cstdint>

namespace lilucb::cli {

/// Every setting `lilucb params` reports for nu (certified first, then the stated theorem's,
/// the paper's and the heuristic's) with the theorem's constants at (eps, beta).  Throws
/// lilucb::domain_error for arguments outside the library's domains.
nlohmann::json params_json(double nu, double eps, double beta, std::uint64_t n);

}  // namespace lilucb::cli
