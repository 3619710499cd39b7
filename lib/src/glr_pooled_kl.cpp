// Proposition PK's stopping rule (lilucb/bandit/stopping/glr_pooled_kl.hpp).

#include "lilucb/bandit/stopping/glr_pooled_kl.hpp"

#include "lilucb/bandit/stopping/glr.hpp"
#include "lilucb/bandit/detail/log_threshold.hpp"
#include "lilucb/errors.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

namespace lilucb::bandit::stopping {

glr_pooled_kl::glr_pooled_kl(std::size_t K, double delta, bernoulli_mixture::tilt_grid grid, double lo, double hi,
                             bool fast)
    : K_(K), delta_(delta), grid_(std::move(grid)), pools_(K), blocker_(K), lo_(lo), hi_(hi), width_(hi - lo),
      rescaled_(!(lo == 0 && hi == 1)), scaled_(lo == 0 && hi == 1 ? 0 : K), fast_(fast) {
  constexpr const char* fn = "lilucb::bandit::stopping::glr_pooled_kl";
  threshold_ = ::lilucb::bandit::detail::checked_pooled_threshold(fn, K, delta, lo, hi);
  bernoulli_mixture::check_tilt_grid(fn, grid_);
  argmin_.assign(K, std::numeric_limits<double>::quiet_NaN());
}

std::string glr_pooled_kl::certificate() const {
  return "Proposition PK (docs/certified-glr/pooled-kl.md): GLR stopping against a mixture of one-sided "
         "Bernoulli tilts per arm c, paired with the pooled pulls of the predictable leader among the other "
         "arms (" + bernoulli_mixture::describe(grid_) +
         ", one prior per arm, infimum over the best arm's mean), Ville's inequality at threshold log(1/delta), no "
         "union over the wrong answers; valid for any sampling rule, a unique best arm and rewards in " +
         (rescaled_ ? "[" + ::lilucb::detail::format_value(lo_) + ", " + ::lilucb::detail::format_value(hi_) +
                          "] (read as (y - lo)/(hi - lo) in [0, 1])"
                    : std::string("[0, 1]")) +
         ": P(wrong answer) <= delta = " + ::lilucb::detail::format_value(delta_);
}

void glr_pooled_kl::check_index(std::size_t c) const {
  if (c >= K_)
    ::lilucb::detail::raise_domain_error("lilucb::bandit::stopping::glr_pooled_kl", "c", std::to_string(c),
                                         "[0, K - 1] = [0, " + std::to_string(K_ - 1) + "]");
}

pooled_arm glr_pooled_kl::pooled(std::size_t c) const {
  check_index(c);
  return pools_.pooled(c);
}

std::size_t glr_pooled_kl::recommendation(const arm_stats& s) const {
  return pools_.leader() < K_ ? pools_.leader() : s.empirical_best();
}

// The sums enter monotonically (bernoulli_mixture.hpp): V's lowered, c's raised by their rounding
// bounds (pooled_designation's pooled_rounding and arm_rounding).
bernoulli_mixture::pair_data glr_pooled_kl::pair_of(std::size_t c, const arm_stats& s) const {
  const pooled_arm v = pools_.pooled(c);
  return {double(v.count), v.low_sum(), double(s.count(c)), s.sum(c) + pools_.arm_rounding(c, s), &grid_};
}

double glr_pooled_kl::statistic(std::size_t c, const arm_stats& s) const {
  check_index(c);
  const bernoulli_mixture::pair_data p = pair_of(c, view(s));
  if (p.nv == 0 || p.nc == 0) return -std::numeric_limits<double>::infinity();
  const double m0 = std::clamp((p.sv + p.sc) / (p.nv + p.nc), 0.0, 1.0);
  return bernoulli_mixture::search(p, m0, std::numeric_limits<double>::quiet_NaN()).lower;
}

std::vector<challenger_evidence> glr_pooled_kl::evidence(const arm_stats& s) const {
  std::vector<challenger_evidence> out;
  const std::size_t L = recommendation(s);
  for (std::size_t c = 0; c < K_; ++c)
    if (c != L) out.push_back({c, statistic(c, s), threshold_});
  return out;
}

// S_K <= the pair's Bernoulli GLR at V's highest possible sum (Lemma 4 of the proposition's page; the
// weights sum to at most 1): false when the pair cannot pass.  The means are clamped to [0, 1]
// (a rounding bound can step outside); the GLR's own rounding is covered by the relative slack.
bool glr_pooled_kl::may_pass(std::size_t c, const arm_stats& run_stats) const {
  const arm_stats& s = view(run_stats);
  const pooled_arm v = pools_.pooled(c);
  if (v.count == 0 || s.count(c) == 0) return false;
  const double mv = std::clamp((v.sum + v.rounding) / double(v.count), 0.0, 1.0);
  const double mc = std::clamp((s.sum(c) - pools_.arm_rounding(c, s)) / double(s.count(c)), 0.0, 1.0);
  const double z = glr_statistic(glr_model::bernoulli, 0.5, v.count, mv, s.count(c), mc);
  return z * (1 + 1e-12) + 1e-12 >= threshold_;
}

bool glr_pooled_kl::passes_beyond_bound(std::size_t c, const arm_stats& s) {
  const bernoulli_mixture::pair_data p = pair_of(c, view(s));
  const double m0 = std::isfinite(argmin_[c]) ? argmin_[c] : std::clamp((p.sv + p.sc) / (p.nv + p.nc), 0.0, 1.0);
  const bernoulli_mixture::search_result r = bernoulli_mixture::search(p, m0, threshold_);
  argmin_[c] = r.argmin;
  return r.lower >= threshold_;
}

// The search fails the blocker at its last minimiser m0 on the upper bound h(m0) most of the time
// between its GLR passing the threshold and S_K doing so; the sides at m0 kept pull by pull give an
// upper bound of h(m0) at the pair's exact sums in O(G) multiplications (track_side), and h is
// nondecreasing in S_V and nonincreasing in S_c, so it bounds h at the sums the search reads (V's lowered,
// c's raised) too: a fail here is a fail of the search (docs/certified-glr/pooled-kl.md, "Deciding
// a pull in O(G) multiplications").  Brought up to date from V_c's highest and c's lowest possible
// sums when the pair, its point or anything but one pull of V_c or c has changed.
bool glr_pooled_kl::fails_at_tracked_point(std::size_t c, const arm_stats& run_stats) {
  const double m0 = argmin_[c];
  if (!fast_ || !std::isfinite(m0)) return false;
  const arm_stats& s = view(run_stats);
  const pooled_arm v = pools_.pooled(c);
  const std::uint64_t total = s.total(), nc = s.count(c);
  using change = ::lilucb::bandit::detail::tracked_pair::change;
  const change ch = tracked_.look(c, m0, total, v.count, nc);
  if (ch == change::pooled) up_.add(s.last_added());
  if (ch == change::arm) down_.add(s.last_added());
  if (ch == change::restart || !up_.healthy() || !down_.healthy()) start_sides(c, s, m0, up_, down_);
  if (!up_.healthy() || !down_.healthy()) return false;
  const bool fails = ::lilucb::bandit::detail::pair_below(up_, down_, threshold_, &last_bound_);
  fast_fails_ += fails;
  return fails;
}

// The pair's sides at m from V_c's highest and c's lowest possible sums (s: the rule's view).
void glr_pooled_kl::start_sides(std::size_t c, const arm_stats& s, double m, ::lilucb::bandit::detail::tracked_log_sum& up,
                                ::lilucb::bandit::detail::tracked_log_sum& down) const {
  const pooled_arm v = pools_.pooled(c);
  up = bernoulli_mixture::track_side(grid_, double(v.count), v.sum + v.rounding, m, true);
  down = bernoulli_mixture::track_side(grid_, double(s.count(c)), s.sum(c) - pools_.arm_rounding(c, s), m, false);
}

bool glr_pooled_kl::audit_tracked_bound(const arm_stats& run_stats) const {
  if (!tracked_.seen()) return true;
  ::lilucb::bandit::detail::tracked_log_sum up, down;
  start_sides(tracked_.arm(), view(run_stats), tracked_.point(), up, down);
  const double fresh = up.upper() + down.upper();
  return last_bound_ >= fresh - 1e-9 * (1 + std::fabs(fresh));
}

bool glr_pooled_kl::should_stop(const arm_stats& s) {
  if (K_ < 2) return true;
  const std::size_t leader = pools_.leader();
  if (leader >= K_) return false;
  if (blocker_ < K_ && blocker_ != leader &&
      !(may_pass(blocker_, s) && !fails_at_tracked_point(blocker_, s) && passes_beyond_bound(blocker_, s)))
    return false;
  for (std::size_t c = 0; c < K_; ++c)  // the O(1) bound of every pair first
    if (c != leader && c != blocker_ && !may_pass(c, s)) {
      blocker_ = c;
      return false;
    }
  for (std::size_t c = 0; c < K_; ++c)
    if (c != leader && c != blocker_ && !passes_beyond_bound(c, s)) {
      blocker_ = c;
      return false;
    }
  return true;
}

}  // namespace lilucb::bandit::stopping
