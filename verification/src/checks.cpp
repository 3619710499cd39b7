#include "lilucb_verification/checks.hpp"

#include "lilucb_verification/boundaries.hpp"

#include "lilucb/errors.hpp"

namespace lilucb::verification {

std::filesystem::path default_reproduction_dir() {
  return std::filesystem::path(LILUCB_SOURCE_DIR) / "docs" / "reproduction";
}

const std::vector<check>& checks() {
  static const std::vector<check> all = {
      {"paper-numbers", "the paper's numeric statements and parameter settings", paper_numbers_claims},
      {"inequalities", "interval-arithmetic proofs of the inequalities the proofs use", inequalities_claims},
      {"coverage", "Monte-Carlo coverage of the finite-LIL and LS bounds", coverage_claims},
      {"adversarial", "searches for means that make the algorithms fail", adversarial_claims},
      {"practice", "the GLR practice log((1 + log t)/delta) against an adaptive sampler; the certified rules against it",
       practice_claims},
      {"complexity", "sample and time complexity against measurement", complexity_claims},
      {"boundaries", "anytime boundaries: coverage, effective alpha, crossing engine vs Monte Carlo", boundaries_claims},
      {"reproduction", "Section 5's statements about its experiments, from the committed reproduction data",
       reproduction_claims},
  };
  return all;
}

const check& find_check(std::string_view name) {
  std::string names;
  for (const auto& c : checks()) {
    if (c.name == name) return c;
    names += (names.empty() ? "" : ", ") + c.name;
  }
  throw lilucb::domain_error("lilucb::verification::find_check", "NAME", std::string(name), "{" + names + "}");
}

std::vector<claim> run_checks(const verify_options& options, std::string_view only) {
  std::vector<claim> out;
  if (!only.empty()) return find_check(only).run(options);
  for (const auto& c : checks()) {
    auto part = c.run(options);
    out.insert(out.end(), part.begin(), part.end());
  }
  return out;
}

}  // namespace lilucb::verification
