#pragma once
// Shared helpers of the bandit mechanics tests (tests/bandit): an observer that records every
// event, a runner that dispatches algorithm x arm kind, field-by-field comparison of run
// results, and RapidCheck generators for instances.

#include "lilucb/bandit/presets/algorithms.hpp"
#include "lilucb/bandit/arm_stats.hpp"
#include "lilucb/bandit/arms.hpp"
#include "lilucb/bandit/observers.hpp"
#include "lilucb/bandit/run.hpp"
#include "lilucb/errors.hpp"

#include <boost/test/unit_test.hpp>
#include <rapidcheck.h>

#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <ostream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace lilucb_test {

namespace bandit = lilucb::bandit;

/// One observer event: m pulls of `arm` whose rewards sum to `reward`.
struct pull_event {
  std::size_t arm;
  std::uint64_t m;
  double reward;
  bool operator==(const pull_event& o) const {
    // Bitwise on the reward: "identical" means the same double, not merely equal.
    return arm == o.arm && m == o.m && std::bit_cast<std::uint64_t>(reward) == std::bit_cast<std::uint64_t>(o.reward);
  }
};

/// Records every event (arm, m, reward) and the expanded pull sequence.
struct event_log {
  static constexpr bool active = true;
  std::vector<pull_event> events;
  bandit::pull_log pulls;  // observers.hpp's pull log, fed the same events
  void on_pulls(std::size_t arm, std::uint64_t m, double reward, const bandit::arm_stats& s) {
    events.push_back({arm, m, reward});
    pulls.on_pulls(arm, m, reward, s);
  }
};

enum class arm_kind { gaussian, bernoulli };

/// Runs `alg` on Gaussian arms (sigma 1/2) or Bernoulli arms with the given means.
template <class Observer>
bandit::run_result run_on(bandit::algorithm alg, arm_kind kind, const std::vector<double>& means,
                          const bandit::run_options& opts, Observer& obs) {
  if (kind == arm_kind::gaussian) return bandit::run_algorithm(alg, bandit::gaussian_arms(means, 0.5), opts, obs);
  return bandit::run_algorithm(alg, bandit::bernoulli_arms(means), opts, obs);
}

inline bandit::run_result run_on(bandit::algorithm alg, arm_kind kind, const std::vector<double>& means,
                                 const bandit::run_options& opts) {
  bandit::null_observer none;
  return run_on(alg, kind, means, opts, none);
}

inline bool same_bits(double x, double y) { return std::bit_cast<std::uint64_t>(x) == std::bit_cast<std::uint64_t>(y); }

/// Every field of two results, parameters compared bitwise through named() (every group that is
/// set, in order); an empty string when equal, else a description of the differences.
inline std::string result_difference(const bandit::run_result& x, const bandit::run_result& y) {
  std::ostringstream d;
  if (x.algorithm != y.algorithm) d << "algorithm " << x.algorithm << " vs " << y.algorithm << "; ";
  if (x.best_arm != y.best_arm) d << "best_arm " << x.best_arm << " vs " << y.best_arm << "; ";
  if (x.pulls != y.pulls) d << "pulls " << x.pulls << " vs " << y.pulls << "; ";
  if (x.counts != y.counts) d << "counts differ; ";
  if (x.status != y.status) d << "status differs; ";
  if (x.stopped_by != y.stopped_by) d << "stopped_by " << x.stopped_by << " vs " << y.stopped_by << "; ";
  const auto xp = x.parameters.named(), yp = y.parameters.named();
  if (xp.size() != yp.size()) {
    d << "parameter count " << xp.size() << " vs " << yp.size() << "; ";
  } else {
    for (std::size_t k = 0; k < xp.size(); ++k)
      if (xp[k].first != yp[k].first || !same_bits(xp[k].second, yp[k].second))
        d << "parameter " << k << " (" << xp[k].first << ") differs; ";
  }
  return d.str();
}

/// The arm with the most pulls, ties to the lowest index (written independently of arm_stats).
inline std::size_t argmax_count(const std::vector<std::uint64_t>& counts) {
  std::size_t best = 0;
  for (std::size_t i = 0; i < counts.size(); ++i)
    if (counts[i] > counts[best]) best = i;
  return best;
}

/// The value of an optional parameter group or field of run_parameters (`r.parameters.ls`,
/// `lil.a`); fails and ends the test case if the run did not record it.
template <class T>
const T& recorded(const std::optional<T>& x, const char* what) {
  BOOST_TEST_REQUIRE(x.has_value(), what << " not recorded");
  return *x;
}

/// The names of named(), in order.
inline std::vector<std::string> parameter_names(const bandit::run_parameters& p) {
  std::vector<std::string> v;
  for (const auto& [k, _] : p.named()) v.emplace_back(k);
  return v;
}

/// f() throws lilucb::domain_error whose parameter() is `parameter`.
inline void expect_domain_error(const std::function<void()>& f, const std::string& parameter) {
  try {
    f();
    BOOST_TEST(false, "no exception; expected one naming " << parameter);
  } catch (const lilucb::domain_error& e) {
    BOOST_TEST(e.parameter() == parameter, e.what());
  }
}

/// The four lil'UCB identifiers (Figure 1 is their procedure) plus ucb1-ls: the algorithms that
/// start by sampling every arm once, in index order.
inline const std::vector<bandit::algorithm>& sample_each_once_first() {
  static const std::vector<bandit::algorithm> v{bandit::algorithm::lilucb, bandit::algorithm::lilucb_ls,
                                                bandit::algorithm::lilucb_heuristic,
                                                bandit::algorithm::lilucb_certified, bandit::algorithm::ucb1_ls};
  return v;
}

inline bool is_lilucb_family(bandit::algorithm a) {
  return a == bandit::algorithm::lilucb || a == bandit::algorithm::lilucb_ls ||
         a == bandit::algorithm::lilucb_heuristic || a == bandit::algorithm::lilucb_certified;
}

namespace gen {

/// A count in [lo, hi], the whole range used from the first case.
inline rc::Gen<std::uint64_t> count(std::uint64_t lo, std::uint64_t hi) {
  return rc::gen::resize(rc::kNominalSize, rc::gen::inRange<std::uint64_t>(lo, hi + 1));
}

/// One of the given values.
template <class T>
rc::Gen<T> one_of(std::vector<T> values) {
  return rc::gen::resize(rc::kNominalSize, rc::gen::elementOf(std::move(values)));
}

/// n means in [0, 1]: half the time on the coarse grid k/4 (many exact ties, including ties
/// for the best mean), half the time on the grid k/2^20.
inline rc::Gen<std::vector<double>> unit_means(std::size_t n) {
  return rc::gen::resize(
      rc::kNominalSize,
      rc::gen::mapcat(rc::gen::inRange(0, 2), [n](int fine) {
        const int steps = fine ? (1 << 20) : 4;
        return rc::gen::container<std::vector<double>>(
            n, rc::gen::map(rc::gen::inRange(0, steps + 1),
                            [steps](int k) { return static_cast<double>(k) / steps; }));
      }));
}

}  // namespace gen

}  // namespace lilucb_test

namespace lilucb::bandit {
inline std::ostream& operator<<(std::ostream& os, run_status s) { return os << to_string(s); }
inline std::ostream& operator<<(std::ostream& os, algorithm a) { return os << to_string(a); }
}  // namespace lilucb::bandit
