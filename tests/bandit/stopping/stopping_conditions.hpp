#pragma once
// The stopping conditions of lil'UCB (Figure `fig:lilucb`) and of the LS rule (Section 5),
// evaluated after every pull independently of the library (exact integer arithmetic for
// Figure 1; lilucb::ls_bound for LS): shared by test_lilucb.cpp and test_ls.cpp.

#include "bandit_support.hpp"

#include "lilucb/theory/ls_bound.hpp"

#include <cmath>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <vector>

namespace lilucb_test {

using u128 = unsigned __int128;

/// a = M / 2^K exactly (a > 0 dyadic with K >= 0).
struct dyadic {
  std::uint64_t M;
  int K;
};

inline dyadic to_dyadic(double a) {
  int e = 0;
  const double f = std::frexp(a, &e);  // a = f 2^e, f in [0.5, 1)
  dyadic d{static_cast<std::uint64_t>(std::ldexp(f, 53)), 53 - e};
  while (d.K > 0 && d.M % 2 == 0) {
    d.M /= 2;
    --d.K;
  }
  BOOST_TEST_REQUIRE(d.K >= 0);
  BOOST_TEST_REQUIRE(d.K <= 64);
  BOOST_TEST_REQUIRE(std::ldexp(static_cast<double>(d.M), -d.K) == a);
  return d;
}

/// Figure 1's while condition for every arm, exactly: T_i < 1 + a sum_{j != i} T_j for all i.
inline bool figure1_condition(const std::vector<std::uint64_t>& T, const dyadic& a) {
  std::uint64_t t = 0;
  for (auto x : T) t += x;
  const u128 one = u128(1) << a.K;
  if (t >= (std::uint64_t(1) << 40)) throw std::logic_error("figure1_condition: counts too large for 128 bits");
  for (auto Ti : T)
    if (!(u128(Ti) * one < one + u128(a.M) * u128(t - Ti))) return false;
  return true;
}

/// The LS condition, written out from Section 5 with lilucb::ls_bound: the leader (highest
/// empirical mean among pulled arms, ties to the lowest index) has lower bound >= every other
/// arm's upper bound; an unpulled arm's upper bound is +infinity.
struct ls_params {
  double eps, delta, sigma;
};

inline bool ls_condition(const bandit::arm_stats& s, const ls_params& p) {
  const std::size_t n = s.size();
  std::optional<std::size_t> leader;
  for (std::size_t i = 0; i < n; ++i)
    if (s.count(i) && (!leader || s.mean(i) > s.mean(*leader))) leader = i;
  if (!leader) return false;
  auto B = [&](std::size_t i) { return lilucb::ls_bound(static_cast<double>(s.count(i)), p.eps, p.delta, p.sigma, n); };
  const double lower = s.mean(*leader) - B(*leader);
  for (std::size_t j = 0; j < n; ++j) {
    if (j == *leader) continue;
    if (s.count(j) == 0) return false;
    if (!(lower >= s.mean(j) + B(j))) return false;
  }
  return true;
}

/// After every pull: Figure 1's condition (if a is given) and the LS condition (if LS is given),
/// each evaluated independently of the library.
struct condition_monitor {
  static constexpr bool active = true;
  std::optional<dyadic> a;
  std::optional<ls_params> ls;
  std::vector<char> fig1_holds, ls_holds;
  std::vector<std::uint64_t> last_counts;
  std::optional<bandit::arm_stats> last_stats;
  bool only_single_pulls = true;

  void on_pulls(std::size_t, std::uint64_t m, double, const bandit::arm_stats& s) {
    only_single_pulls = only_single_pulls && m == 1;
    last_counts.resize(s.size());
    for (std::size_t i = 0; i < s.size(); ++i) last_counts[i] = s.count(i);
    if (a) fig1_holds.push_back(figure1_condition(last_counts, *a));
    if (ls) ls_holds.push_back(ls_condition(s, *ls));
    last_stats = s;
  }
};

/// The checks of Figure 1's rule on one observed run with n >= 2 arms and no budget hit:
/// the condition held after every pull from the end of the initialisation up to the one
/// before the last (the run went on), and after the last pull it fails exactly when the
/// run was stopped by Figure 1's rule; the output is then argmax_i T_i (ties to the lowest).
inline void check_figure1_run(const bandit::run_result& r, const condition_monitor& m, std::size_t n) {
  BOOST_TEST_REQUIRE(m.only_single_pulls);
  BOOST_TEST_REQUIRE(m.fig1_holds.size() == r.pulls);
  BOOST_TEST_REQUIRE(r.pulls >= n);
  std::uint64_t first_failure = 0;  // the first pull k in [n, pulls) after which the condition failed
  for (std::uint64_t k = n; k < r.pulls && !first_failure; ++k)
    if (!m.fig1_holds[k - 1]) first_failure = k;
  BOOST_TEST(first_failure == 0u, "Figure 1's condition failed after pull " << first_failure
                                      << " but the run went on to " << r.pulls);
  const bool holds_at_end = m.fig1_holds[r.pulls - 1];
  BOOST_TEST(holds_at_end == (r.stopped_by != "lilucb"), "stopped_by=" << r.stopped_by);
  if (r.stopped_by == "lilucb") {
    BOOST_TEST(r.status == bandit::run_status::stopped);
    BOOST_TEST(r.best_arm == argmax_count(r.counts));
  }
}

}  // namespace lilucb_test
