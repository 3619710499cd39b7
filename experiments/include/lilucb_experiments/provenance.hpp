#pragma once
// Provenance for manifests and claims records: the commit the binary was built from, the
// machine, the time.

#include <nlohmann/json_fwd.hpp>

#include <string>

namespace lilucb::experiments {

/// The git commit the running binary was built from (recorded at build time by
/// experiments/cmake/build_commit.cmake), or "" when the source was not a git checkout.
std::string build_commit();
/// Whether tracked files differed from build_commit() when the binary was built.
bool build_tree_dirty();

/// The git commit the source tree is at now (`git rev-parse HEAD` in it, at run time), or "".
/// Manifests record it beside build_commit() when the two differ (a binary older than its tree).
std::string source_commit();

/// The manifest's "git": {"commit", "dirty", and "head_at_run" when the tree has moved on}.
nlohmann::json git_json();
/// The manifest's "machine": host, kernel, arch, CPU, hardware threads, `threads` used.
nlohmann::json machine_json(unsigned threads);
/// The time now, UTC, as 2026-11-26T12:00:00Z.
std::string now_iso();

}  // namespace lilucb::experiments
