#include "lilucb_verification/checks.hpp"

#include "lilucb_verification/boundaries.hpp"

#include "lilucb/errors.hpp"

#include <sys/resource.h>

#include <chrono>
#include <iterator>

namespace lilucb::verification {

std::filesystem::path default_reproduction_dir() {
  return std::filesystem::path(LILUCB_SOURCE_DIR) / "docs" / "reproduction";
}

// The reference costs (checks.hpp): CPU seconds at --quick and --full, and the serial share, from
// `lilucb verify --quick|--full --threads 2 --record` on the reference machine (docs/verification.md,
// "Time limits"; reference_probe_seconds() in cost.cpp is the same machine's probe).
const std::vector<check>& checks() {
  static const std::vector<check> all = {
      {"paper-numbers", "the paper's numeric statements and parameter settings", paper_numbers_claims, 0.187, 0.226, 1.0},
      {"inequalities", "interval-arithmetic proofs of the inequalities the proofs use", inequalities_claims, 0.751, 0.767, 1.0},
      {"coverage", "Monte-Carlo coverage of the finite-LIL and LS bounds", coverage_claims, 5.06, 179.0, 0.25},
      {"adversarial", "searches for means that make the algorithms fail", adversarial_claims, 7.78, 142.5, 0.82},
      {"practice", "the GLR practice log((1 + log t)/delta) against an adaptive sampler; the certified rules against it",
       practice_claims, 7.50, 397.3, 0.26},
      {"complexity", "sample and time complexity against measurement", complexity_claims, 3.54, 108.2, 1.0},
      {"boundaries", "anytime boundaries: coverage, effective alpha, crossing engine vs Monte Carlo", boundaries_claims,
       0.096, 6.84, 1.0},
      {"reproduction", "Section 5's statements about its experiments, from the committed reproduction data",
       reproduction_claims, 0.011, 0.012, 1.0},
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

namespace {

double process_cpu_seconds() {
  rusage u{};
  ::getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         1e-6 * static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec);
}

}  // namespace

std::vector<const check*> select_checks(std::string_view only) {
  std::vector<const check*> selected;
  if (!only.empty()) {
    selected.push_back(&find_check(only));
  } else {
    for (const auto& c : checks()) selected.push_back(&c);
  }
  return selected;
}

std::vector<claim> run_checks(const verify_options& options, std::string_view only, std::vector<check_cost>* costs) {
  check_verify_time(options, only);
  std::vector<claim> out;
  for (const check* c : select_checks(only)) {
    const double cpu0 = process_cpu_seconds();
    const auto wall0 = std::chrono::steady_clock::now();
    auto part = c->run(options);
    if (costs)
      costs->push_back({c->name, std::chrono::duration<double>(std::chrono::steady_clock::now() - wall0).count(),
                        process_cpu_seconds() - cpu0});
    out.insert(out.end(), std::make_move_iterator(part.begin()), std::make_move_iterator(part.end()));
  }
  return out;
}

}  // namespace lilucb::verification
