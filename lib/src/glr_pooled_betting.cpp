// Proposition PB's stopping rule (lilucb/bandit/stopping/glr_pooled_betting.hpp).

#include "lilucb/bandit/stopping/glr_pooled_betting.hpp"

#include "lilucb/bandit/detail/log_threshold.hpp"
#include "lilucb/errors.hpp"

#include <cmath>
#include <limits>
#include <utility>

namespace lilucb::bandit::stopping {

namespace {
constexpr std::size_t hat_cells = hat_mixture::cells;
}

glr_pooled_betting::glr_pooled_betting(std::size_t K, double delta, double lo, double hi, hat_mixture::bet_prior prior,
                                       bool fast)
    : K_(K), delta_(delta), lo_(lo), hi_(hi), width_(hi - lo), prior_(std::move(prior)), fast_(fast), scaled_(K),
      pools_(K), cells_(K * hat_cells), pool_cells_(hat_cells), led_cells_(K * hat_cells), runner_cells_(K * hat_cells),
      blocker_(K), table_arm_(K) {
  constexpr const char* fn = "lilucb::bandit::stopping::glr_pooled_betting";
  threshold_ = ::lilucb::bandit::detail::checked_pooled_threshold(fn, K, delta, lo, hi);
  hat_mixture::check_bet_prior(fn, prior_);
  argmin_.assign(K, std::numeric_limits<double>::quiet_NaN());
}

std::string glr_pooled_betting::certificate() const {
  std::string rewards = "rewards in [0, 1]";
  if (!(lo_ == 0 && width_ == 1)) {
    rewards = "rewards rescaled from [";
    rewards += ::lilucb::detail::format_value(lo_);
    rewards += ", ";
    rewards += ::lilucb::detail::format_value(hi_);
    rewards += "] to [0, 1]";
  }
  std::string out = "Proposition PB (docs/certified-glr/pooled-betting.md): GLR stopping against a mixture of "
                    "range-scaled bets per side, bounded below by hat sums on 33 knots (";
  out += rewards;
  out += "), arm c paired with the pooled pulls of the predictable leader among the other arms (";
  out += hat_mixture::describe(prior_);
  out += ", one prior per side, infimum over the best arm's mean), Ville's inequality at threshold log(1/delta), no "
         "union over the wrong answers; valid for any sampling rule, a unique best arm and rewards in the range: "
         "P(wrong answer) <= delta = ";
  out += ::lilucb::detail::format_value(delta_);
  return out;
}

void glr_pooled_betting::check_index(std::size_t c) const {
  if (c >= K_)
    ::lilucb::detail::raise_domain_error("lilucb::bandit::stopping::glr_pooled_betting", "c", std::to_string(c),
                                         "[0, K - 1] = [0, " + std::to_string(K_ - 1) + "]");
}

bool glr_pooled_betting::state_is_valid() const {
  if (blocker_ > K_ || argmin_.size() != K_ || scaled_.size() != K_ || cells_.size() != K_ * hat_cells ||
      pool_cells_.size() != hat_cells || led_cells_.size() != K_ * hat_cells || runner_cells_.size() != K_ * hat_cells ||
      !pools_.state_is_valid())
    return false;
  for (const double m : argmin_)
    if (!std::isnan(m) && !(m > 0 && m < 1)) return false;
  for (std::size_t c = 0; c < K_; ++c)  // P_c is part of G, cell by cell
    for (std::size_t j = 0; j < hat_cells; ++j)
      if (led_cells_.count(c * hat_cells + j) > pool_cells_.count(j)) return false;
  return true;
}

void glr_pooled_betting::observe(std::size_t i, const arm_stats& s) {
  // (y - lo)/(hi - lo) with rounding to nearest stays in [0, 1] for y in [lo, hi] (rounding is
  // monotone); the certificate concerns these values (pooled-eb.md, "Setting").
  const double y = lo_ == 0 && width_ == 1 ? s.last_added() : (s.last_added() - lo_) / width_;
  if (!(y >= 0 && y <= 1)) [[unlikely]]
    ::lilucb::detail::raise_domain_error("lilucb::bandit::stopping::glr_pooled_betting", "reward",
                                         ::lilucb::detail::format_value(s.last_added()),
                                         "[lo, hi] = [" + ::lilucb::detail::format_value(lo_) + ", " +
                                             ::lilucb::detail::format_value(hi_) + "]");
  scaled_.add(i, y);
  const hat_mixture::cell_of cell = hat_mixture::locate(y);
  cells_.add(i * hat_cells + cell.j, cell.theta);
  // The cells join V's pools under the roles fixed after the previous step, as pools_ does with
  // the rewards just below.
  const std::size_t L = pools_.leader();
  if (L < K_) {
    if (i == L) {
      pool_cells_.add(cell.j, cell.theta);
      led_cells_.add(L * hat_cells + cell.j, cell.theta);
    } else if (i == pools_.runner_up()) {
      runner_cells_.add(L * hat_cells + cell.j, cell.theta);
    }
  }
  pools_.observe(i, scaled_);
}

std::size_t glr_pooled_betting::recommendation(const arm_stats& s) const {
  return pools_.leader() < K_ ? pools_.leader() : s.empirical_best();
}

// The theta sums' rounding: the compensated sums' bounds of pooled_designation.hpp (pooled_rounding;
// theta >= 0, so the sum of absolute values is the sum, at most 1.01 times the computed one).
hat_mixture::hat_sums glr_pooled_betting::arm_hats(std::size_t c) const {
  std::array<double, hat_cells> count{}, theta{}, err{};
  for (std::size_t j = 0; j < hat_cells; ++j) {
    const std::size_t slot = c * hat_cells + j;
    const std::uint64_t n = cells_.count(slot);
    if (n == 0) continue;
    const double t = cells_.sum(slot);
    count[j] = static_cast<double>(n);
    theta[j] = t;
    err[j] = pooled_rounding(t, 0, 0, 1.01 * std::fabs(t), n);
  }
  return hat_mixture::from_cells(count, theta, err);
}

hat_mixture::hat_sums glr_pooled_betting::pooled_hats(std::size_t c) const {
  std::array<double, hat_cells> count{}, theta{}, err{};
  for (std::size_t j = 0; j < hat_cells; ++j) {
    const std::size_t slot = c * hat_cells + j;
    const std::uint64_t ng = pool_cells_.count(j), np = led_cells_.count(slot), nq = runner_cells_.count(slot);
    if (ng + nq == np) continue;  // no pooled pull in this cell (np <= ng: P_c is part of G)
    const double g = pool_cells_.sum(j), p = led_cells_.sum(slot), q = runner_cells_.sum(slot);
    count[j] = static_cast<double>(ng - np + nq);
    theta[j] = g - p + q;
    err[j] = pooled_rounding(g, p, q, 1.01 * (std::fabs(g) + std::fabs(p) + std::fabs(q)), ng + np + nq);
  }
  return hat_mixture::from_cells(count, theta, err);
}

hat_mixture::pair_hats glr_pooled_betting::pair(std::size_t c) const {
  check_index(c);
  return {pooled_hats(c), arm_hats(c), &prior_};
}

double glr_pooled_betting::start_point(std::size_t c, const hat_mixture::pair_hats& p) const {
  return std::isfinite(argmin_[c]) ? argmin_[c] : hat_mixture::guess(p);
}

double glr_pooled_betting::statistic(std::size_t c) const {
  const hat_mixture::pair_hats p = pair(c);
  if (p.v.n == 0 || p.c.n == 0) return -std::numeric_limits<double>::infinity();
  return hat_mixture::search(p, start_point(c, p), std::numeric_limits<double>::quiet_NaN()).lower;
}

std::vector<challenger_evidence> glr_pooled_betting::evidence(const arm_stats& s) const {
  std::vector<challenger_evidence> out;
  const std::size_t L = recommendation(s);
  for (std::size_t c = 0; c < K_; ++c)
    if (c != L) out.push_back({c, statistic(c), threshold_});
  return out;
}

bool glr_pooled_betting::passes(std::size_t c) {
  const hat_mixture::pair_hats p = pair(c);
  if (p.v.n == 0 || p.c.n == 0 || fails_at_tracked_point(c, p)) return false;
  const hat_mixture::search_result r = hat_mixture::search(p, start_point(c, p), threshold_);
  ++searches_;
  argmin_[c] = r.argmin;
  return r.lower >= threshold_;
}

// At the tracked point m (the pair's last search's minimiser, else the guess), the sides' upper
// bounds from tables of the terms at m: h(m) >= S_B >= the search's certified lower bound, so a
// fail here is a fail of the search too (the page, "Numerics of the library rule", N10).  The
// tables are rebuilt when the pair or its point changes.
bool glr_pooled_betting::fails_at_tracked_point(std::size_t c, const hat_mixture::pair_hats& p) {
  if (!fast_) return false;
  // The guess, once used, stays the pair's point until a search moves it (a point that moved with
  // every pull would rebuild the tables every pull).
  if (!std::isfinite(argmin_[c])) argmin_[c] = hat_mixture::guess(p);
  const double m = argmin_[c];
  if (table_arm_ != c || table_v_.empty() || table_v_.point() != m) {
    table_v_ = hat_mixture::side_table(prior_, m, true);
    table_c_ = hat_mixture::side_table(prior_, m, false);
    table_arm_ = c;
  }
  // The bounds without exponentials first; the log-sums only when those do not decide.
  const auto below = [&](double up) { return up + 0x1p-52 * std::fabs(up) < threshold_; };
  const hat_mixture::side_table::bounds bv = table_v_.upper_bounds(prior_, p.v);
  const hat_mixture::side_table::bounds bc = table_c_.upper_bounds(prior_, p.c);
  const bool fails = below(bv.loose + bc.loose) || below(bv.tight() + bc.tight());
  tracked_fails_ += fails;
  return fails;
}

bool glr_pooled_betting::should_stop(const arm_stats&) {
  if (K_ < 2) return true;
  const std::size_t leader = pools_.leader();
  if (leader >= K_) return false;
  if (blocker_ < K_ && blocker_ != leader && !passes(blocker_)) return false;
  for (std::size_t c = 0; c < K_; ++c)
    if (c != leader && c != blocker_ && !passes(c)) {
      blocker_ = c;
      return false;
    }
  return true;
}

}  // namespace lilucb::bandit::stopping
