// The Kaufmann-Koolen threshold's values (lilucb/bandit/stopping/kk21_threshold.hpp states the
// contract; the formula is lilucb/boundaries/glr_threshold.hpp's).

#include "lilucb/bandit/stopping/kk21_threshold.hpp"

#include "lilucb/boundaries/glr_threshold.hpp"

#include <cstddef>
#include <cstdint>

namespace lilucb::bandit::stopping {

double kk21_threshold::operator()(std::uint64_t t) const {
  return constant + boundaries::glr_threshold_gaussian_time_term(static_cast<double>(t));
}

kk21_threshold make_kk21_threshold(double delta, std::size_t K) {
  constexpr const char* fn = "lilucb::bandit::stopping::make_kk21_threshold";
  check_open_interval(fn, "delta", delta, 0.0, 1.0);
  check_at_least(fn, "K", static_cast<double>(K), 2.0);
  const double k = static_cast<double>(K);
  return kk21_threshold{delta, k, boundaries::glr_threshold_gaussian_constant(delta, k)};
}

}  // namespace lilucb::bandit::stopping
