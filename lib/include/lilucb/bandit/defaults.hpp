#pragma once
// The defaults a user gets when giving nothing, shared by every interface: `lilucb run`, `lilucb
// hardness`, and Python's run, run_many and characteristic_time read them from here (a test checks
// the CLI's help and Python's signatures against them).

#include <cstdint>

namespace lilucb::bandit {

/// The rewards' standard deviation of a Gaussian instance (and the widths' sub-Gaussian scale):
/// Section 5's rewards have variance 1/4, so sigma = 1/2.  (The boundary functions of
/// lilucb/boundaries/ take a unit scale, sigma = 1, by default: they describe a standardised walk.)
inline constexpr double default_sigma = 0.5;

/// The pull budget of one run: a run that has not stopped after 10^9 pulls (seconds to a minute
/// here) ends as budget_exhausted, with the current guess, instead of running on in silence on a
/// near-tie.  0 asks for no budget.  (run_options::max_pulls itself defaults to 0: the library's
/// callers, e.g. the experiments, set their budgets explicitly.)
inline constexpr std::uint64_t default_max_pulls = 1'000'000'000;

}  // namespace lilucb::bandit
