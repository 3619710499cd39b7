#pragma once
// Reward sources.  An arm set samples one reward of arm i from a run's random stream, or the
// sum of m rewards of arm i in one draw ("batch"; exact in distribution: a Gaussian sum is
// Gaussian, a Bernoulli sum binomial).  Algorithms are templates on the arm set, so a pull
// costs no virtual call; custom_arms lets a user plug in any sampler.  The arm set of a reward
// model (reward_model.hpp) names it as its static member `model`; an arm set without one is
// sub-Gaussian at its subgaussian_scale() (reward_model_of, compose.hpp).

#include "lilucb/bandit/detail/large_pages.hpp"
#include "lilucb/random.hpp"
#include "lilucb/bandit/reward_model.hpp"
#include "lilucb/errors.hpp"

#include <boost/random/binomial_distribution.hpp>
#include <boost/random/gamma_distribution.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace lilucb::bandit {

/// The two random sources of the arms interface, public because a user's arm set meets them:
/// every arm set's sample(i, normal_stream&) reads a run's stream, and a custom_arms sampler
/// draws from a run_engine.  Their implementation (Philox keys, xoshiro256++, batched ziggurat)
/// is the engine's (lilucb/random.hpp).
using run_engine = random::run_engine;
using normal_stream = random::normal_stream;

namespace detail {
inline void check_means(const char* fn, const std::vector<double>& means) {
  if (means.empty()) lilucb::detail::raise_domain_error(fn, "means", "[] (no arms)", "at least one arm");
  for (std::size_t i = 0; i < means.size(); ++i)
    if (!std::isfinite(means[i])) {
      const std::string name = "means[" + std::to_string(i) + "]";
      lilucb::detail::raise_domain_error(fn, name.c_str(), lilucb::detail::format_value(means[i]),
                                         "a finite real number");
    }
}
}  // namespace detail

/// Gaussian rewards N(mu_i, sigma_i^2).  Sub-Gaussian with scale sigma_i.
class gaussian_arms {
 public:
  static constexpr reward_model model = reward_model::gaussian;

  /// One sigma for every arm.  Domain: finite means (at least one), sigma > 0 finite.
  gaussian_arms(std::vector<double> means, double sigma)
      : gaussian_arms(means, std::vector<double>(means.size(), sigma)) {}

  /// One sigma per arm.  Domain: as above, sigmas.size() == means.size().
  gaussian_arms(std::vector<double> means, const std::vector<double>& sigmas) : means_(std::move(means)) {
    constexpr const char* fn = "lilucb::bandit::gaussian_arms";
    detail::check_means(fn, means_);
    if (sigmas.size() != means_.size())
      lilucb::detail::raise_domain_error(fn, "sigmas.size()", std::to_string(sigmas.size()),
                                         "equal to means.size() = " + std::to_string(means_.size()));
    for (double s : sigmas) check_positive(fn, "sigma", s);
    params_.resize(means_.size());
    for (std::size_t i = 0; i < means_.size(); ++i) params_[i] = {means_[i], sigmas[i]};
  }

  std::size_t size() const { return means_.size(); }
  const std::vector<double>& means() const { return means_; }
  /// The largest sigma_i: the scale a confidence width must use.
  double subgaussian_scale() const {
    double s = 0;
    for (const auto& p : params_) s = p.sigma > s ? p.sigma : s;
    return s;
  }
  double sample(std::size_t i, normal_stream& rng) const { return params_[i].mean + params_[i].sigma * rng(); }
  /// Asks the memory system for arm i's parameters ahead of a pull (no effect on results).
  void prefetch(std::size_t i) const { __builtin_prefetch(params_.data() + i); }
  /// Sum of m rewards as one Gaussian draw N(m mu_i, m sigma_i^2).
  double sample_sum(std::size_t i, std::uint64_t m, normal_stream& rng) const {
    const double md = static_cast<double>(m);
    return md * params_[i].mean + params_[i].sigma * std::sqrt(md) * rng();
  }

 private:
  std::vector<double> means_;  // for means(); the sampling reads params_
  // Mean and sigma of each arm side by side: one cache line (and, from 4 MB, huge pages) per
  // pull instead of two lines of two arrays, which matters at 10^6 arms.
  struct parameters {
    double mean, sigma;
  };
  std::vector<parameters, detail::large_page_allocator<parameters>> params_;
};

/// Bernoulli rewards in {0, 1} with P(1) = mu_i.  Sub-Gaussian with scale 1/2 (Hoeffding).
class bernoulli_arms {
 public:
  static constexpr reward_model model = reward_model::bernoulli;

  /// Domain: every mean in [0, 1].
  explicit bernoulli_arms(std::vector<double> means) : means_(std::move(means)) {
    constexpr const char* fn = "lilucb::bandit::bernoulli_arms";
    detail::check_means(fn, means_);
    for (std::size_t i = 0; i < means_.size(); ++i)
      if (!(means_[i] >= 0 && means_[i] <= 1)) {
        const std::string name = "means[" + std::to_string(i) + "]";
        lilucb::detail::raise_domain_error(fn, name.c_str(), lilucb::detail::format_value(means_[i]),
                                           "[0, 1] for Bernoulli arms");
      }
  }
  std::size_t size() const { return means_.size(); }
  const std::vector<double>& means() const { return means_; }
  double subgaussian_scale() const { return 0.5; }
  double sample(std::size_t i, normal_stream& rng) const {
    return rng.engine().uniform01() < means_[i] ? 1.0 : 0.0;
  }
  /// Sum of m rewards as one Binomial(m, mu_i) draw.
  double sample_sum(std::size_t i, std::uint64_t m, normal_stream& rng) const {
    // Boost's binomial_distribution needs a signed integer type.
    boost::random::binomial_distribution<std::int64_t, double> b(static_cast<std::int64_t>(m), means_[i]);
    return static_cast<double>(b(rng.engine()));
  }

 private:
  std::vector<double> means_;
};

/// Rewards in a known range [lo, hi]: arm i draws lo + (hi - lo) X with X ~ Beta(p_i kappa,
/// (1 - p_i) kappa), p_i = (mu_i - lo)/(hi - lo), so its mean is mu_i and its variance
/// (hi - lo)^2 p_i (1 - p_i)/(kappa + 1): kappa, the concentration, sets how far below the range's
/// bound (hi - lo)^2/4 the variance lies (the default 9: a tenth of the Bernoulli variance of the
/// same mean; kappa -> 0 tends to Bernoulli rewards on {lo, hi}, kappa -> inf to the constant
/// mu_i).  Sub-Gaussian with scale (hi - lo)/2 (Hoeffding's lemma).  X = G1/(G1 + G2) from two
/// Gamma draws (Boost.Random's gamma_distribution on the run's engine, as bernoulli_arms' binomial
/// draws), exact in law; if both Gamma draws underflow to 0 (shapes far below 1), X is the
/// Bernoulli(p_i) draw the law tends to.  A reward is clamped to [lo, hi] against the rounding of
/// lo + (hi - lo) X, so (y - lo)/(hi - lo) stays in [0, 1] in floating point.
class bounded_arms {
 public:
  static constexpr reward_model model = reward_model::bounded;
  static constexpr double default_concentration = 9;

  /// Domain: lo < hi, both finite, hi - lo finite, (hi - lo)/2 > 0 (no underflow), and the
  /// doubles near lo and hi resolve the range: max(|lo|, |hi|) 2^-52 <= 1e-9 (hi - lo), so that a
  /// draw lo + (hi - lo) x is not rounded to a coarse grid whose mean would differ from the stated
  /// one; every mean strictly inside (lo, hi); kappa > 0 finite.  Throws lilucb::domain_error
  /// naming the parameter, its value and the admissible range.
  bounded_arms(std::vector<double> means, double lo, double hi, double kappa = default_concentration)
      : means_(std::move(means)), lo_(lo), hi_(hi), kappa_(kappa) {
    constexpr const char* fn = "lilucb::bandit::bounded_arms";
    detail::check_means(fn, means_);
    check_finite(fn, "lo", lo);
    check_finite(fn, "hi", hi);
    if (!(lo < hi) || !std::isfinite(hi - lo) || !((hi - lo) / 2 > 0))
      lilucb::detail::raise_domain_error(fn, "hi", lilucb::detail::format_value(hi),
                                         "(lo, inf) = (" + lilucb::detail::format_value(lo) +
                                             ", inf) with hi - lo finite and (hi - lo)/2 > 0");
    if (!(std::max(std::fabs(lo), std::fabs(hi)) * 0x1p-52 <= 1e-9 * (hi - lo)))
      lilucb::detail::raise_domain_error(fn, "hi", lilucb::detail::format_value(hi),
                                         "a range [lo, hi] = [" + lilucb::detail::format_value(lo) + ", hi] with "
                                             "max(|lo|, |hi|) 2^-52 <= 1e-9 (hi - lo): wide enough for doubles to "
                                             "resolve it");
    check_finite(fn, "kappa", kappa);
    check_positive(fn, "kappa", kappa);
    width_ = hi - lo;
    for (std::size_t i = 0; i < means_.size(); ++i) {
      if (!(means_[i] > lo && means_[i] < hi)) {
        const std::string name = "means[" + std::to_string(i) + "]";
        lilucb::detail::raise_domain_error(fn, name.c_str(), lilucb::detail::format_value(means_[i]),
                                           "(lo, hi) = (" + lilucb::detail::format_value(lo) + ", " +
                                               lilucb::detail::format_value(hi) + ") for bounded arms");
      }
      const double p = std::clamp((means_[i] - lo) / width_, 0.0, 1.0);
      params_.push_back({p, p * kappa, (1 - p) * kappa});
    }
  }
  std::size_t size() const { return means_.size(); }
  const std::vector<double>& means() const { return means_; }
  double lo() const { return lo_; }
  double hi() const { return hi_; }
  double concentration() const { return kappa_; }
  double subgaussian_scale() const { return width_ / 2; }
  double sample(std::size_t i, normal_stream& rng) const {
    const auto& q = params_[i];
    auto& e = rng.engine();
    const double g1 = boost::random::gamma_distribution<double>(q.a)(e);
    const double g2 = boost::random::gamma_distribution<double>(q.b)(e);
    const double x = g1 + g2 > 0 ? g1 / (g1 + g2) : (e.uniform01() < q.p ? 1.0 : 0.0);
    return std::clamp(lo_ + width_ * x, lo_, hi_);
  }
  /// Sum of m rewards: m draws.
  double sample_sum(std::size_t i, std::uint64_t m, normal_stream& rng) const {
    double s = 0;
    for (std::uint64_t k = 0; k < m; ++k) s += sample(i, rng);
    return s;
  }

 private:
  struct parameters {
    double p, a, b;  // (mu - lo)/(hi - lo) and the Beta shapes p kappa, (1 - p) kappa
  };
  std::vector<double> means_;
  double lo_, hi_, kappa_, width_ = 0;
  std::vector<parameters> params_;
};

/// A user's own reward source: `sampler(arm, engine)` returns one reward of `arm`.
/// `means` are the true means (used only to report correctness) and `scale` the rewards'
/// sub-Gaussian scale (used by every confidence width).
class custom_arms {
 public:
  using sampler_type = std::function<double(std::size_t arm, run_engine& engine)>;

  custom_arms(std::vector<double> means, double scale, sampler_type sampler)
      : means_(std::move(means)), scale_(scale), sampler_(std::move(sampler)) {
    constexpr const char* fn = "lilucb::bandit::custom_arms";
    detail::check_means(fn, means_);
    check_positive(fn, "scale", scale_);
    if (!sampler_) lilucb::detail::raise_domain_error(fn, "sampler", "empty", "a callable sampler");
  }
  std::size_t size() const { return means_.size(); }
  const std::vector<double>& means() const { return means_; }
  double subgaussian_scale() const { return scale_; }
  /// Domain: the sampler returns finite rewards (an infinite or NaN reward would make every
  /// empirical mean and index after it meaningless); otherwise a domain_error naming "reward".
  double sample(std::size_t i, normal_stream& rng) const { return draw(i, rng); }
  double sample_sum(std::size_t i, std::uint64_t m, normal_stream& rng) const {
    double s = 0;
    for (std::uint64_t k = 0; k < m; ++k) s += draw(i, rng);
    return s;
  }

 private:
  double draw(std::size_t i, normal_stream& rng) const {
    const double r = sampler_(i, rng.engine());
    check_finite("lilucb::bandit::custom_arms::sample", "reward", r);
    return r;
  }

  std::vector<double> means_;
  double scale_;
  sampler_type sampler_;
};

}  // namespace lilucb::bandit
