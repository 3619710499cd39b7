#pragma once
// RapidCheck generators for the theory tests.
//
// rc::gen::inRange is integer-only, so a bounded double is drawn as a 53-bit integer k and
// mapped onto the interval; every generator is wrapped in rc::gen::resize(rc::kNominalSize, ...)
// so the whole interval is used from the first case (RapidCheck otherwise starts small).
// Shrinking moves k towards its minimum, i.e. the value towards the interval's lower end.

#include <rapidcheck.h>

#include <cmath>
#include <cstdint>
#include <vector>

namespace lilucb_test::gen {

/// 2^53: the number of steps an interval is cut into (a double's mantissa).
inline constexpr std::uint64_t kSteps = std::uint64_t{1} << 53;

/// Moves x strictly inside (lo, hi) if rounding put it on or past an end.
inline double strictly_inside(double x, double lo, double hi) {
  if (!(x > lo)) x = std::nextafter(lo, hi);
  if (!(x < hi)) x = std::nextafter(hi, lo);
  return x;
}

/// u = k / 2^53 with k uniform in [1, 2^53): a uniform fraction in (0, 1).
inline rc::Gen<double> fraction() {
  return rc::gen::resize(
      rc::kNominalSize,
      rc::gen::map(rc::gen::inRange<std::uint64_t>(1, kSteps),
                   [](std::uint64_t k) { return std::ldexp(static_cast<double>(k), -53); }));
}

/// Uniform on the open interval (lo, hi).
inline rc::Gen<double> uniform_open(double lo, double hi) {
  return rc::gen::map(fraction(), [lo, hi](double u) {
    return strictly_inside(lo + (hi - lo) * u, lo, hi);
  });
}

/// Uniform on [lo, hi): k in [0, 2^53).
inline rc::Gen<double> uniform_closed_open(double lo, double hi) {
  return rc::gen::resize(
      rc::kNominalSize,
      rc::gen::map(rc::gen::inRange<std::uint64_t>(0, kSteps), [lo, hi](std::uint64_t k) {
        const double x = lo + (hi - lo) * std::ldexp(static_cast<double>(k), -53);
        return x < hi ? x : std::nextafter(hi, lo);
      }));
}

/// Log-uniform on the open interval (lo, hi), 0 < lo < hi: every decade equally likely.
inline rc::Gen<double> log_uniform(double lo, double hi) {
  return rc::gen::map(fraction(), [lo, hi](double u) {
    const double x = std::exp(std::log(lo) + (std::log(hi) - std::log(lo)) * u);
    return strictly_inside(x, lo, hi);
  });
}

/// A probability-like parameter in (0, hi): half the draws log-uniform on (1e-15 hi, hi)
/// (small values), half uniform on (0, hi) (values near hi).
inline rc::Gen<double> small_or_uniform(double hi) {
  return rc::gen::oneOf(log_uniform(1e-15 * hi, hi), uniform_open(0.0, hi));
}

/// An index in [0, n), e.g. which inner_log form.
inline rc::Gen<int> index(int n) {
  return rc::gen::resize(rc::kNominalSize, rc::gen::inRange(0, n));
}

/// A count in [lo, hi].
inline rc::Gen<std::uint64_t> count(std::uint64_t lo, std::uint64_t hi) {
  return rc::gen::resize(rc::kNominalSize, rc::gen::inRange<std::uint64_t>(lo, hi + 1));
}

/// A number of arms: half the draws in [1, 100], half in [1, 2^40].
inline rc::Gen<std::uint64_t> arms() {
  return rc::gen::oneOf(count(1, 100), count(1, std::uint64_t{1} << 40));
}

/// Means of a bandit instance: between 1 and max_arms values on the grid k / 2^20, |k| <= 2^20,
/// so that every mean lies in [-1, 1], and sums and differences of such values (and shifts by
/// another grid value) are exact in double.
inline rc::Gen<std::vector<double>> grid_means(std::size_t max_arms) {
  return rc::gen::resize(
      rc::kNominalSize,
      rc::gen::mapcat(rc::gen::inRange<std::size_t>(1, max_arms + 1), [](std::size_t n) {
        return rc::gen::container<std::vector<double>>(
            n, rc::gen::map(rc::gen::inRange<int>(-(1 << 20), (1 << 20) + 1),
                            [](int k) { return std::ldexp(static_cast<double>(k), -20); }));
      }));
}

/// Means in [0, 1] (the paper's setting), between 2 and max_arms of them, on the grid k / 2^40.
inline rc::Gen<std::vector<double>> unit_means(std::size_t max_arms) {
  return rc::gen::resize(
      rc::kNominalSize,
      rc::gen::mapcat(rc::gen::inRange<std::size_t>(2, max_arms + 1), [](std::size_t n) {
        return rc::gen::container<std::vector<double>>(
            n, rc::gen::map(rc::gen::inRange<std::uint64_t>(0, (std::uint64_t{1} << 40) + 1),
                            [](std::uint64_t k) { return std::ldexp(static_cast<double>(k), -40); }));
      }));
}

/// True when the largest value of `means` is attained exactly once.
inline bool unique_max(const std::vector<double>& means) {
  if (means.empty()) return false;
  double top = means[0];
  for (double m : means) top = m > top ? m : top;
  int hits = 0;
  for (double m : means) hits += (m == top);
  return hits == 1;
}

}  // namespace lilucb_test::gen
