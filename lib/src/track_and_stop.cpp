// The optimal proportions Track-and-Stop tracks (lilucb/bandit/sampling/track_and_stop.hpp states
// the contract): w*(mu_hat) of the characteristic time (lilucb/theory/characteristic_time.hpp).

#include "lilucb/bandit/sampling/track_and_stop.hpp"

#include "lilucb/theory/characteristic_time.hpp"

#include <algorithm>
#include <vector>

namespace lilucb::bandit::sampling {

std::vector<double> optimal_weights_or_uniform(const std::vector<double>& mu, bool bernoulli, double sigma) {
  const std::size_t K = mu.size();
  const double top = *std::max_element(mu.begin(), mu.end());
  if (std::count(mu.begin(), mu.end(), top) == 1) {
    try {
      return bernoulli ? characteristic_time_bernoulli(mu).w_star : characteristic_time_gaussian(mu, sigma).w_star;
    } catch (const ::lilucb::domain_error&) {
    }
  }
  return std::vector<double>(K, 1.0 / static_cast<double>(K));
}

}  // namespace lilucb::bandit::sampling
