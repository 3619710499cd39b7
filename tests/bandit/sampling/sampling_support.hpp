#pragma once
// Shared by the sampling rules' tests (tests/bandit/sampling): a stopping rule that never fires
// and the pull-for-pull comparison of two sampling rules.

#include "lilucb/bandit/compose.hpp"

#include <boost/test/unit_test.hpp>

#include <cstddef>
#include <cstdint>
#include <string>

namespace lilucb_test {

namespace lb = lilucb::bandit;

/// A stopping rule that never fires: runs go to their budget (the pull-for-pull comparisons).
struct never_stop {
  static constexpr const char* name() { return "never"; }
  void observe(std::size_t, const lb::arm_stats&) {}
  bool should_stop(const lb::arm_stats&) const { return false; }
  std::size_t recommendation(const lb::arm_stats&) const { return 0; }
  bool certified() const { return false; }
  const char* certificate() const { return ""; }
};

/// Two sampling rules make the same `pulls` pulls on `arms` from `seed` (a stopping rule that
/// never fires): the first different pull is reported.
template <class Fast, class Naive, class Arms>
void same_pulls(const Arms& arms, Fast& fast, Naive& naive, std::uint64_t seed, std::uint64_t pulls,
                const std::string& what) {
  lb::run_options o;
  o.nu = 0.1;
  o.seed = seed;
  o.max_pulls = pulls;
  never_stop s1, s2;
  lb::pull_log l1, l2;
  lb::run_composed(arms, fast, s1, o, l1);
  lb::run_composed(arms, naive, s2, o, l2);
  BOOST_REQUIRE_EQUAL(l1.arms.size(), pulls);
  BOOST_REQUIRE_EQUAL(l2.arms.size(), pulls);
  std::size_t first_diff = pulls;
  for (std::size_t t = 0; t < pulls; ++t)
    if (l1.arms[t] != l2.arms[t]) {
      first_diff = t;
      break;
    }
  BOOST_TEST(first_diff == pulls, what << " seed " << seed << ": first different pull " << first_diff);
}

}  // namespace lilucb_test
