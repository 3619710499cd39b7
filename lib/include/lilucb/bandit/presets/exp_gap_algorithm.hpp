#pragma once
// Exponential-Gap Elimination (Karnin, Koren, Somekh 2013), with Median Elimination (Even-Dar,
// Mannor, Mansour 2002) as its subroutine, optionally with the LS rule (Section 5).
//
// round r = 1, 2, ...:  eps_r = 2^-r / 4,  delta_r = delta / (50 r^3)
//   sample each surviving arm t_r = ceil(s (2/eps_r^2) ln(2/delta_r)) times (fresh samples)
//   i_r = MedianElimination(survivors, eps_r / 2, delta_r)
//   drop every arm whose round-r mean is below i_r's round-r mean - eps_r
// until one arm survives.  MedianElimination(S, eps, delta): eps_1 = eps/4, delta_1 = delta/2;
// repeat: sample every arm of S ceil(s (2/eps_l)^2 ln(3/delta_l)) times (fresh samples), keep
// the better half (ceil(|S|/2) arms by mean, ties to the lower index), eps_{l+1} = 3 eps_l / 4,
// delta_{l+1} = delta_l / 2, until one arm is left.  The constants assume sub-Gaussian scale
// 1/2; s = (2 sigma)^2 rescales them for scale sigma.
//
// Batches: the t_r (or ME) rewards of one arm are never looked at one by one, so each batch is
// drawn as one sum (Gaussian: N(m mu, m sigma^2); Bernoulli: Binomial(m, mu)), exact in
// distribution (arms.hpp).  With LS the rule is checked after each batch, i.e. at a subset of
// the times the per-pull rule would be: the LS guarantee is uniform over time, so this keeps it,
// at the price of stopping at most one batch later.  A batch is cut short by the pull budget.

#include "lilucb/bandit/detail/ls_rule.hpp"
#include "lilucb/bandit/run.hpp"
#include "lilucb/bandit/detail/session.hpp"
#include "lilucb/bandit/presets/successive_elimination_algorithm.hpp"
#include "lilucb/interrupt.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace lilucb::bandit {

namespace detail {

inline std::uint64_t sample_size(double x) {
  const double c = std::ceil(x);
  return c >= 9.0e18 ? std::uint64_t(9000000000000000000ULL) : static_cast<std::uint64_t>(c < 1 ? 1 : c);
}

template <class Arms, class Observer>
class exp_gap_runner {
 public:
  exp_gap_runner(const Arms& arms, double sigma, double delta, std::optional<double> ls_delta, double ls_eps,
                 const run_options& opts, Observer& observer)
      : s_(arms, opts, observer), scale_(4 * sigma * sigma), delta_(delta) {
    if (ls_delta) ls_.emplace(arms.size(), ls_eps, *ls_delta, sigma);
  }

  // Returns (best arm, status, stopped_by).
  std::tuple<std::size_t, run_status, std::string> run() {
    std::vector<std::size_t> alive(s_.size());
    for (std::size_t i = 0; i < alive.size(); ++i) alive[i] = i;
    std::vector<double> round_mean(s_.size());
    for (int r = 1; alive.size() > 1; ++r) {
      const double eps_r = std::ldexp(1.0, -r) / 4;
      const double delta_r = delta_ / (50.0 * r * r * r);
      const std::uint64_t t_r = sample_size(scale_ * (2 / (eps_r * eps_r)) * std::log(2 / delta_r));
      for (std::size_t a : alive) {
        const auto sum = batch(a, t_r);
        if (!sum) return end(alive);
        round_mean[a] = *sum / static_cast<double>(t_r);
      }
      const auto i_r = median_elimination(alive, eps_r / 2, delta_r);
      if (!i_r) return end(alive);
      const double threshold = round_mean[*i_r] - eps_r;
      std::vector<std::size_t> next;
      for (std::size_t a : alive)
        if (a == *i_r || !(round_mean[a] < threshold)) next.push_back(a);
      alive.swap(next);
    }
    return {alive.front(), run_status::stopped, "elimination"};
  }

  const detail::session<Arms, Observer>& state() const { return s_; }

 private:
  // m pulls of arm a as one sum; nullopt when the budget ran out or the LS rule fired.  Polls
  // for an interruption (interrupt.hpp): batches, not single pulls, pass through can_pull().
  std::optional<double> batch(std::size_t a, std::uint64_t m) {
    if (ended_) return std::nullopt;
    check_interrupt();
    const std::uint64_t take = std::min(m, s_.remaining());
    if (take == 0) {
      ended_ = true;
      return std::nullopt;
    }
    const double sum = s_.pull_batch(a, take);
    if (ls_) {
      ls_->update(a, s_.stats());
      if (s_.stats().total() >= s_.size() && ls_->satisfied(s_.stats())) {
        ended_ = true;
        ls_fired_ = true;
        return std::nullopt;
      }
    }
    if (take < m) {
      ended_ = true;
      return std::nullopt;
    }
    return sum;
  }

  std::optional<std::size_t> median_elimination(std::vector<std::size_t> set, double eps, double delta) {
    double eps_l = eps / 4, delta_l = delta / 2;
    std::vector<std::pair<double, std::size_t>> scored;
    while (set.size() > 1) {
      const std::uint64_t m = sample_size(scale_ * (2 / eps_l) * (2 / eps_l) * std::log(3 / delta_l));
      scored.clear();
      for (std::size_t a : set) {
        const auto sum = batch(a, m);
        if (!sum) return std::nullopt;
        scored.emplace_back(*sum / static_cast<double>(m), a);
      }
      std::sort(scored.begin(), scored.end(), [](const auto& x, const auto& y) {
        return x.first > y.first || (x.first == y.first && x.second < y.second);
      });
      set.clear();
      for (std::size_t k = 0; k < (scored.size() + 1) / 2; ++k) set.push_back(scored[k].second);
      eps_l = 3 * eps_l / 4;
      delta_l = delta_l / 2;
    }
    return set.front();
  }

  std::tuple<std::size_t, run_status, std::string> end(const std::vector<std::size_t>& alive) {
    if (ls_fired_) return {ls_->leader(), run_status::stopped, "ls"};
    std::vector<std::size_t> pulled;
    for (std::size_t b : alive)
      if (s_.stats().count(b)) pulled.push_back(b);
    return {pulled.empty() ? alive.front() : best_of(pulled, s_.stats()), run_status::budget_exhausted, "budget"};
  }

  detail::session<Arms, Observer> s_;
  double scale_;
  double delta_;
  std::optional<detail::ls_rule> ls_;
  bool ended_ = false;
  bool ls_fired_ = false;
};

}  // namespace detail

/// Exponential-Gap Elimination at confidence delta; with ls_delta, plus the LS rule.
/// Domain: delta in (0,1), sigma > 0.
template <class Arms, class Observer = null_observer>
run_result run_exp_gap(const Arms& arms, double sigma, double delta, std::optional<double> ls_delta, double ls_eps,
                       const run_options& opts, Observer& observer,
                       run_parameters params = {}) {
  constexpr const char* fn = "lilucb::bandit::run_exp_gap";
  check_open_interval(fn, "delta", delta, 0.0, 1.0);
  check_positive(fn, "sigma", sigma);
  detail::exp_gap_runner<Arms, Observer> runner(arms, sigma, delta, ls_delta, ls_eps, opts, observer);
  auto [best, status, by] = runner.run();
  return runner.state().finish(ls_delta ? "exp-gap-ls" : "exp-gap", best, status, by, std::move(params));
}

}  // namespace lilucb::bandit
