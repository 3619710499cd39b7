// GLR stopping for top-m questions (lilucb/bandit/stopping/glr_top_m.hpp).

#include "lilucb/bandit/stopping/glr_top_m.hpp"

#include "lilucb/bandit/detail/log_threshold.hpp"
#include "lilucb/bandit/stopping/glr_one_sided.hpp"
#include "lilucb/errors.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

namespace lilucb::bandit::stopping {

namespace {
constexpr double top_m_inf = std::numeric_limits<double>::infinity();

// log(m (K - m)/delta), raised to cover the roundings of the quotient (a relative 2^-53 of it:
// 2^-53 nats of its log) and of the log (a relative 2^-53): never below the exact value.
double union_threshold(std::size_t K, std::size_t m, double delta) {
  const double v = std::log(double(m) * double(K - m) / delta);
  return v + (std::fabs(v) * 0x1p-51 + 0x1p-51);
}
}  // namespace

glr_top_m::glr_top_m(std::size_t K, double sigma, double delta, answer_target target, mixture_grid grid)
    : glr_top_m(K, true, glr_model::gaussian, sigma, delta, target, std::move(grid)) {}

glr_top_m glr_top_m::practice(std::size_t K, glr_model model, double sigma, double delta, answer_target target) {
  return glr_top_m(K, false, model, sigma, delta, target, make_mixture_grid(0));
}

glr_top_m::glr_top_m(std::size_t K, bool certified, glr_model model, double sigma, double delta,
                     answer_target target, mixture_grid grid)
    : K_(K), m_(target.top), certified_(certified), model_(model), sigma_(sigma), delta_(delta),
      target_(target), grid_(std::move(grid)) {
  constexpr const char* fn = "lilucb::bandit::stopping::glr_top_m";
  check_at_least(fn, "K", double(K), 2.0);
  check_target(fn, target);
  check_target_arms(fn, target, K);
  if (certified) {
    mixture_detail::check_mixture_rule(fn, K, sigma, delta, grid_);
    fixed_threshold_ = union_threshold(K, m_, delta);
    key_ = glr_one_sided_pair::make(K, sigma, grid_, target, fixed_threshold_);
  } else {
    check_positive(fn, "sigma", sigma);
    check_open_interval(fn, "delta", delta, 0.0, 1.0);
  }
  set_ = detail::top_set(K, m_);
}

glr_top_m glr_top_m::bernoulli_tilts(std::size_t K, double delta, answer_target target,
                                     bernoulli_mixture::tilt_grid grid, double lo, double hi) {
  constexpr const char* fn = "lilucb::bandit::stopping::glr_top_m::bernoulli_tilts";
  ::lilucb::bandit::detail::checked_pooled_threshold(fn, K, delta, lo, hi);
  check_target(fn, target);
  // An additive epsilon in [0, 1) units of the range: a's point is shifted by it, rounded down to a
  // multiple of 2^-30 (exact shifts, bernoulli_mixture::pair_data); the quotient is taken one ulp
  // low when rescaled, so the shift never exceeds the exact epsilon/(hi - lo).
  const double width = hi - lo;
  const double unit_eps = width == 1 && lo == 0 ? target.epsilon
                                                : std::nextafter(target.epsilon / width, 0.0);
  if (target.epsilon != 0 && target.relative)
    ::lilucb::detail::raise_domain_error(fn, "epsilon", "relative " + ::lilucb::detail::format_value(target.epsilon),
                                         "an additive epsilon: the Bernoulli-tilt rule shifts the answered arm's point "
                                         "(the one-sided threshold answers a relative epsilon)");
  if (!(target.epsilon / width < 1))
    ::lilucb::detail::raise_domain_error(fn, "epsilon", ::lilucb::detail::format_value(target.epsilon),
                                         "[0, hi - lo) = [0, " + ::lilucb::detail::format_value(width) +
                                             "): an epsilon of the whole range makes every answer good");
  bernoulli_mixture::check_tilt_grid(fn, grid);
  glr_top_m r(K, false, glr_model::bernoulli, 0.5, delta, target, make_mixture_grid(0));
  r.certified_ = true;
  r.tilts_ = true;
  r.tilt_grid_ = std::move(grid);
  r.fixed_threshold_ = union_threshold(K, r.m_, delta);
  r.lo_ = lo;
  r.hi_ = hi;
  r.width_ = hi - lo;
  r.rescaled_ = !(lo == 0 && hi == 1);
  if (r.rescaled_) r.scaled_ = arm_stats(K);
  r.abs_ = abs_sums(K);
  r.shift_ = target.epsilon == 0 ? 0.0 : bernoulli_mixture::shift_of(std::max(unit_eps, 0.0));
  return r;
}

glr_top_m glr_top_m::paired_t(std::size_t K, double delta, answer_target target) {
  constexpr const char* fn = "lilucb::bandit::stopping::glr_top_m::paired_t";
  check_at_least(fn, "K", double(K), 2.0);
  check_open_interval(fn, "delta", delta, 0.0, 1.0);
  check_target(fn, target);
  glr_top_m r(K, false, glr_model::gaussian, 1.0, delta, target, make_mixture_grid(0));
  r.certified_ = true;
  // log(m (K - m) J/delta): the product of integers is exact, the quotient and the log are each
  // within a relative 2^-53; 2^-50 of the value plus 2^-50 covers both.
  const double v = std::log(double(r.m_) * double(K - r.m_) * double(paired_t_ratios.size()) / delta);
  r.fixed_threshold_ = v + (std::fabs(v) * 0x1p-50 + 0x1p-50);
  glr_paired_t_pair p;
  p.tapes.resize(K);
  p.target = target;
  p.threshold = r.fixed_threshold_;
  r.paired_ = std::move(p);
  return r;
}

glr_top_m glr_top_m::practice_empirical_variance(std::size_t K, double delta, answer_target target) {
  glr_top_m r = practice(K, glr_model::gaussian, 1.0, delta, target);
  r.ev_.resize(K);
  return r;
}

void glr_top_m::observe(std::size_t i, const arm_stats& s) {
  if (paired_ || !ev_.empty()) {
    // Both forms read every reward: one pull per observe.
    const std::uint64_t read = paired_ ? paired_->tapes[i].size() : ev_[i].n;
    if (s.count(i) != read + 1)
      ::lilucb::detail::raise_domain_error("lilucb::bandit::stopping::glr_top_m::observe", "count",
                                           std::to_string(s.count(i)),
                                           "one pull per observe (the rule reads every reward: " +
                                               std::to_string(read + 1) + ")");
    if (paired_) paired_->tapes[i].push_back(s.last_added());
    else ev_[i].add(s.last_added());
  }
  if (tilts_) {
    const double y = rescaled_ ? (s.last_added() - lo_) / width_ : s.last_added();
    if (rescaled_) scaled_.add(i, y);
    abs_.add(i, y);
  }
  if (set_.update(i, view(s).mean(i), s.count(i) == 1) || i == wa_ || i == wb_) watching_ = false;
}

double glr_top_m::threshold(std::uint64_t t) const {
  if (certified_) return fixed_threshold_;
  return std::log((1 + std::log(static_cast<double>(t))) / delta_);
}

bool glr_top_m::passes(double v, std::uint64_t t) const {
  return certified_ ? v >= fixed_threshold_ : v > threshold(t);
}

// Arm i's sum is within this of the exact sum of the rewards it read (pooled_rounding with one
// slot: the compensated sum of arm_stats).
double glr_top_m::rounding(const arm_stats& v, std::size_t i) const {
  return pooled_rounding(v.sum(i), 0, 0, abs_[i], v.count(i));
}

// S_K increases with a's sum and decreases with b's (bernoulli_mixture.hpp): a's lowered, b's raised.
bernoulli_mixture::pair_data glr_top_m::kl_pair(const arm_stats& v, std::size_t a, std::size_t b) const {
  return {double(v.count(a)), v.sum(a) - rounding(v, a), double(v.count(b)), v.sum(b) + rounding(v, b), &tilt_grid_,
          shift_};
}

namespace {
// The search's start: the count-weighted mean of a's mean raised by the shift and b's, in [shift, 1].
double start_point(const bernoulli_mixture::pair_data& p) {
  return std::clamp((p.sv + p.shift * p.nv + p.sc) / (p.nv + p.nc), p.shift, 1.0);
}
}  // namespace

// A failing pair's value is below the threshold, a passing pair's a certified lower bound of S_K.
// Without a shift, first the pair's Bernoulli GLR at a's highest and b's lowest possible means (an upper bound of
// S_K: Lemma 4 of docs/certified-glr/pooled-kl.md, the weights summing to at most 1; the means
// clamped to [0, 1]), raised by 1e-6 (1 + z) for the GLR's own rounding (the divergences' cancellation
// puts z about 2e-9 nats below the exact GLR at 1e7 pulls and 2e-6 at 1e10; a fail only delays the
// stop); then the search.
double glr_top_m::kl_decision(const arm_stats& v, std::size_t a, std::size_t b) const {
  if (shift_ == 0) {
    const double ma = std::clamp((v.sum(a) + rounding(v, a)) / double(v.count(a)), 0.0, 1.0);
    const double mb = std::clamp((v.sum(b) - rounding(v, b)) / double(v.count(b)), 0.0, 1.0);
    const double z = glr_statistic(glr_model::bernoulli, 0.5, v.count(a), ma, v.count(b), mb);
    const double z_high = z + 1e-6 * (1 + std::fabs(z));
    if (z_high < fixed_threshold_) return z_high;
  }
  const bernoulli_mixture::pair_data p = kl_pair(v, a, b);
  return bernoulli_mixture::search(p, start_point(p), fixed_threshold_).lower;
}

double glr_top_m::statistic(const arm_stats& s, std::size_t a, std::size_t b) const {
  if (s.count(a) == 0 || s.count(b) == 0) return 0.0;
  if (tilts_) {
    const bernoulli_mixture::pair_data p = kl_pair(view(s), a, b);
    return bernoulli_mixture::search(p, start_point(p), std::numeric_limits<double>::quiet_NaN()).lower;
  }
  if (paired_) return paired_->statistic(a, b, -top_m_inf);
  if (certified_)
    return glr_one_sided_statistic(sigma_, grid_, s.count(a), s.mean(a), s.count(b), challenger_mean(target_, s.mean(b)));
  if (!ev_.empty()) {
    // b seen through T: mean T(mu_hat_b), variance scaled by the square of T's slope.
    const double slope = target_.relative ? 1 - target_.epsilon : 1.0;
    return glr_ev_statistic(s.count(a), s.mean(a), ev_[a].variance(), s.count(b), challenger_mean(target_, s.mean(b)),
                            slope * slope * ev_[b].variance());
  }
  return glr_statistic_target(model_, sigma_, s.count(a), s.mean(a), s.count(b), s.mean(b), target_);
}

double glr_top_m::decision_value(const arm_stats& s, std::size_t a, std::size_t b) {
  if (tilts_) return kl_decision(view(s), a, b);
  if (paired_) return paired_->statistic(a, b, fixed_threshold_);
  return certified_ ? key_->key(s, a, b) : statistic(s, a, b);
}

bool glr_top_m::should_stop(const arm_stats& s) {
  if (set_.unsampled() > 0 || watching_) return false;
  const std::uint64_t t = s.total();
  if (set_.contains(wa_) && !set_.contains(wb_) && !passes(decision_value(s, wa_, wb_), t)) {
    watching_ = true;
    return false;
  }
  double least = top_m_inf;
  bool failing = false;
  for (std::size_t a = 0; a < K_; ++a) {
    if (!set_.contains(a)) continue;
    for (std::size_t b = 0; b < K_; ++b) {
      if (set_.contains(b)) continue;
      const double v = decision_value(s, a, b);
      if (!passes(v, t) && (!failing || v < least)) {
        failing = true;
        least = v;
        wa_ = a;
        wb_ = b;
      }
    }
  }
  watching_ = failing;
  return !failing;
}

double glr_top_m::min_statistic(const arm_stats& s) const {
  double least = top_m_inf;
  for (std::size_t a = 0; a < K_; ++a)
    for (std::size_t b = 0; b < K_; ++b)
      if (set_.contains(a) && !set_.contains(b)) least = std::min(least, statistic(s, a, b));
  return least;
}

std::vector<challenger_evidence> glr_top_m::evidence(const arm_stats& s) const {
  std::vector<challenger_evidence> out;
  if (set_.unsampled() > 0) return out;
  const double thr = threshold(s.total());
  for (std::size_t b = 0; b < K_; ++b) {
    if (set_.contains(b)) continue;
    double least = top_m_inf;
    for (std::size_t a = 0; a < K_; ++a)
      if (set_.contains(a)) least = std::min(least, statistic(s, a, b));
    out.push_back({b, least, thr});
  }
  return out;
}

std::size_t glr_top_m::recommendation(const arm_stats&) const { return set_.best(); }

std::vector<std::size_t> glr_top_m::recommended_set(const arm_stats&) const { return set_.members(); }

std::string glr_top_m::certificate() const {
  if (!certified_)
    return ev_.empty() ? "none: the heuristic threshold log((1 + log t)/delta) carries no guarantee (the practice's top-m GLR)"
                       : "none: the GLR with empirical variances plugged in (EV-GLR) for every pair (a in the answer, b "
                         "outside) against the heuristic threshold log((1 + log t)/delta) has no proof (the practice's "
                         "top-m rule for unknown variances)";
  if (paired_)
    return "Proposition TM-T (docs/certified-glr/paired-t.md, \"Top-m: Proposition TM-T\"): Proposition PT's one-sided "
           "t-test Bayes factor on paired blocks for every pair (a in the answer, b outside) (block ratios 1:16 to 16:1 "
           "a factor 2 apart, 11 scales), Ville's inequality and a union over the m (K - m) pairs and the " +
           std::to_string(paired_t_ratios.size()) + " ratios; valid for any "
           "sampling rule and Gaussian rewards of unknown, possibly different variances" +
           std::string(target_.relative ? " (means >= 0)" : "") + ": P(the answer is not " +
           (m_ > 1 ? "a set of the " : target_.best_arm() ? "a " : "") + to_string(target_) +
           ") <= delta = " + ::lilucb::detail::format_value(delta_) +
           "; Gaussian rewards exactly (heavy tails, skew and coarse rounding are not covered)";
  if (tilts_)
    return std::string(m_ == 1 ? "Proposition Kε-U (docs/certified-glr/epsilon-topm.md, sections 1 and 9)"
                               : "Proposition TM-K (docs/certified-glr/epsilon-topm.md, section 9)") +
           ": Proposition PK's mixture of one-sided Bernoulli tilts for every pair (a in the answer, b outside) (" +
           bernoulli_mixture::describe(tilt_grid_) + ", one prior per arm, infimum over the common mean" +
           (shift_ > 0 ? ", a's point lowered by s = " + ::lilucb::detail::format_value(shift_) +
                             (rescaled_ ? " of the range" : "") + " (epsilon rounded down to a multiple of 2^-30)"
                       : std::string()) +
           "), Ville's inequality and a union over the m (K - m) pairs; valid for any sampling rule and rewards in " +
           (rescaled_ ? "[" + ::lilucb::detail::format_value(lo_) + ", " + ::lilucb::detail::format_value(hi_) +
                            "] (read as (y - lo)/(hi - lo) in [0, 1])"
                      : std::string("[0, 1]")) +
           (m_ == 1 ? ": P(the answer is not " : ": P(the answer is not a set of the ") + to_string(target_) +
           ") <= delta = " + ::lilucb::detail::format_value(delta_);
  std::string out = "Proposition TM-M1 (docs/certified-glr/epsilon-topm.md, section 8): Proposition M1's one-sided (half-normal) "
                    "Gaussian mixture for every pair (a in the answer, b outside) (";
  out += describe_grid(grid_);
  out += target_.epsilon == 0 ? ")"
                              : target_.relative ? ", b's mean scaled by 1 - epsilon)" : ", b's mean lowered by epsilon)";
  out += ", Ville's inequality and a union over the m (K - m) pairs; valid for any sampling rule and sigma-sub-Gaussian rewards (sigma = ";
  out += std::to_string(sigma_);
  out += target_.relative ? ", means >= 0" : "";
  out += "): P(the answer is not a set of the ";
  out += to_string(target_);
  out += ") <= delta = ";
  out += std::to_string(delta_);
  return out;
}

}  // namespace lilucb::bandit::stopping
