// Proposition PE's stopping rule (lilucb/bandit/stopping/glr_pooled_eb.hpp).

#include "lilucb/bandit/stopping/glr_pooled_eb.hpp"

#include "lilucb/bandit/detail/log_threshold.hpp"
#include "lilucb/errors.hpp"

#include <cmath>
#include <limits>
#include <utility>

namespace lilucb::bandit::stopping {

glr_pooled_eb::glr_pooled_eb(std::size_t K, double delta, double lo, double hi, eb_mixture::bet_grid grid,
                             bool fast)
    : K_(K), delta_(delta), lo_(lo), hi_(hi), width_(hi - lo), grid_(std::move(grid)), scaled_(K), squares_(K), pools_(K),
      pool_sq_(1), led_sq_(K), runner_sq_(K), blocker_(K), fast_(fast) {
  constexpr const char* fn = "lilucb::bandit::stopping::glr_pooled_eb";
  threshold_ = ::lilucb::bandit::detail::checked_pooled_threshold(fn, K, delta, lo, hi);
  eb_mixture::check_bet_grid(fn, grid_);
  argmin_.assign(K, std::numeric_limits<double>::quiet_NaN());
}

std::string glr_pooled_eb::certificate() const {
  const std::string rewards =
      lo_ == 0 && width_ == 1 ? std::string("rewards in [0, 1]")
                              : "rewards rescaled from [" + ::lilucb::detail::format_value(lo_) + ", " +
                                    ::lilucb::detail::format_value(hi_) + "] to [0, 1]";
  return "Proposition PE (docs/certified-glr/pooled-eb.md): GLR stopping against a mixture of one-sided "
         "empirical-Bernstein bets per arm c (" + rewards + "), paired with the pooled pulls of the predictable "
         "leader among the other arms (" + eb_mixture::describe(grid_) +
         ", one prior per arm, infimum over the best arm's mean), Ville's inequality at threshold log(1/delta), no "
         "union over the wrong answers; valid for any sampling rule, a unique best arm and rewards in the range: "
         "P(wrong answer) <= delta = " + ::lilucb::detail::format_value(delta_);
}

void glr_pooled_eb::check_index(std::size_t c) const {
  if (c >= K_)
    ::lilucb::detail::raise_domain_error("lilucb::bandit::stopping::glr_pooled_eb", "c", std::to_string(c),
                                         "[0, K - 1] = [0, " + std::to_string(K_ - 1) + "]");
}

void glr_pooled_eb::observe(std::size_t i, const arm_stats& s) {
  // (y - lo)/(hi - lo) with rounding to nearest stays in [0, 1] for y in [lo, hi] (rounding is
  // monotone); the certificate concerns these values (pooled-eb.md, "Setting").
  const double y = lo_ == 0 && width_ == 1 ? s.last_added() : (s.last_added() - lo_) / width_;
  const double y2 = y * y;
  scaled_.add(i, y);
  squares_.add(i, y2);
  // The squares join V's pools under the roles fixed after the previous step, as pools_ does
  // with the rewards just below.
  const std::size_t L = pools_.leader();
  if (L < K_) {
    if (i == L) {
      pool_sq_.add(0, y2);
      led_sq_.add(L, y2);
    } else if (i == pools_.runner_up()) {
      runner_sq_.add(L, y2);
    }
  }
  pools_.observe(i, scaled_);
}

std::size_t glr_pooled_eb::recommendation(const arm_stats& s) const {
  return pools_.leader() < K_ ? pools_.leader() : s.empirical_best();
}

// The sums' rounding (pooled-eb.md, "Numerics"): the compensated sums' bounds of
// pooled_designation.hpp (pooled_rounding; the squares are non-negative, so the sum of their
// absolute values is their sum, at most 1.01 times the computed one), and each square y*y rounded
// once (relative 2^-53 of the sum of squares).
eb_mixture::pair_data glr_pooled_eb::pair(std::size_t c) const {
  check_index(c);
  const pooled_arm v = pools_.pooled(c);
  const double g = pool_sq_.sum(0), p = led_sq_.sum(c), q = runner_sq_.sum(c);
  const double qv = g - p + q;
  const double sc = scaled_.sum(c), qc = squares_.sum(c);
  const double rv = pooled_rounding(g, p, q, 1.01 * (std::fabs(g) + std::fabs(p) + std::fabs(q)),
                                    pool_sq_.count(0) + led_sq_.count(c) + runner_sq_.count(c));
  const double rc = pooled_rounding(qc, 0, 0, 1.01 * std::fabs(qc), squares_.count(c));
  return {{double(v.count), v.sum, qv, v.rounding, rv + 2e-15 * std::fabs(qv)},
          {double(scaled_.count(c)), sc, qc, pools_.arm_rounding(c, scaled_), rc + 2e-15 * std::fabs(qc)},
          &grid_};
}

double glr_pooled_eb::statistic(std::size_t c) const {
  const eb_mixture::pair_data p = pair(c);
  if (p.v.n == 0 || p.c.n == 0) return -std::numeric_limits<double>::infinity();
  return eb_mixture::search(p, eb_mixture::gaussian_guess(p), std::numeric_limits<double>::quiet_NaN()).lower;
}

std::vector<challenger_evidence> glr_pooled_eb::evidence(const arm_stats& s) const {
  std::vector<challenger_evidence> out;
  const std::size_t L = recommendation(s);
  for (std::size_t c = 0; c < K_; ++c)
    if (c != L) out.push_back({c, statistic(c), threshold_});
  return out;
}

bool glr_pooled_eb::passes(std::size_t c) {
  const eb_mixture::pair_data p = pair(c);
  if (p.v.n == 0 || p.c.n == 0) return false;
  const eb_mixture::search_result r = eb_mixture::search(p, eb_mixture::gaussian_guess(p), threshold_);
  argmin_[c] = r.argmin;
  return r.lower >= threshold_;
}

// The blocker fails on most pulls; its sides at a fixed point m_t, kept pull by pull, bound h(m_t)
// >= S_E from above at the exact sums in O(G) multiplications (one exponential per bet for a
// reward other than 0 and 1), so a fail here is a fail of the search's certified lower bound too:
// no decision changes (pooled-eb.md, "Deciding a pull in O(G) operations").  The point is where
// the pair's last search saw its smallest upper bound (its Gaussian guess before any search); the
// sides are brought up to date when the pair or the point changes, when anything but one pull of
// V_c or c has changed, or after a test that did not fail.
bool glr_pooled_eb::fails_at_tracked_point(std::size_t c) {
  if (!fast_) return false;
  const pooled_arm v = pools_.pooled(c);
  const std::uint64_t total = scaled_.total(), nc = scaled_.count(c);
  if (v.count == 0 || nc == 0) return false;
  // The point: the last search's, else the one tracked (its Gaussian guess when it started), else the
  // Gaussian guess now.
  const double m = std::isfinite(argmin_[c])                              ? argmin_[c]
                   : !stale_ && tracked_.seen() && tracked_.arm() == c ? tracked_.point()
                                                                          : eb_mixture::gaussian_guess(pair(c));
  using change = ::lilucb::bandit::detail::tracked_pair::change;
  const change ch = tracked_.look(c, m, total, v.count, nc);
  if (ch == change::pooled) up_.add(scaled_.last_added());
  if (ch == change::arm) down_.add(scaled_.last_added());
  if (stale_ || ch == change::restart || !up_.healthy() || !down_.healthy()) start_sides(c, m, up_, down_);
  stale_ = true;
  if (!up_.healthy() || !down_.healthy()) return false;
  const bool fails = ::lilucb::bandit::detail::pair_below(up_, down_, threshold_, &last_bound_);
  stale_ = !fails;
  tracked_fails_ += fails;
  return fails;
}

// The pair's sides at m from its data now (their terms' bounds cover the sums' rounding).
void glr_pooled_eb::start_sides(std::size_t c, double m, ::lilucb::bandit::detail::tracked_log_sum& up,
                                ::lilucb::bandit::detail::tracked_log_sum& down) const {
  const eb_mixture::pair_data p = pair(c);
  up = eb_mixture::track_side(grid_, p.v, m, true);
  down = eb_mixture::track_side(grid_, p.c, m, false);
}

bool glr_pooled_eb::audit_tracked_bound() const {
  if (!tracked_.seen()) return true;
  ::lilucb::bandit::detail::tracked_log_sum up, down;
  start_sides(tracked_.arm(), tracked_.point(), up, down);
  const double fresh = up.upper() + down.upper();
  return last_bound_ >= fresh - 1e-9 * (1 + std::fabs(fresh));
}

bool glr_pooled_eb::may_pass(std::size_t c) const {
  if (!fast_) return true;
  const eb_mixture::pair_data p = pair(c);
  if (p.v.n == 0 || p.c.n == 0) return false;
  const bool may = eb_mixture::h_upper_o1(p, eb_mixture::gaussian_guess(p)) >= threshold_;
  o1_fails_ += !may;
  return may;
}

bool glr_pooled_eb::should_stop(const arm_stats&) {
  if (K_ < 2) return true;
  const std::size_t leader = pools_.leader();
  if (leader >= K_) return false;
  if (blocker_ < K_ && blocker_ != leader &&
      (!may_pass(blocker_) || fails_at_tracked_point(blocker_) || !passes(blocker_)))
    return false;
  for (std::size_t c = 0; c < K_; ++c)  // the O(1) bound of every pair first
    if (c != leader && c != blocker_ && !may_pass(c)) {
      blocker_ = c;
      return false;
    }
  for (std::size_t c = 0; c < K_; ++c)
    if (c != leader && c != blocker_ && !passes(c)) {
      blocker_ = c;
      return false;
    }
  return true;
}

}  // namespace lilucb::bandit::stopping
