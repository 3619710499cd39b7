// The bodies of stopping by paired blocks for Gaussian rewards of unknown variance, Proposition PT
// (lilucb/bandit/stopping/glr_paired_t.hpp states the contract; the proof and the numerics:
// docs/certified-glr/paired-t.md).

#include "lilucb/bandit/stopping/glr_paired_t.hpp"

#include "lilucb/errors.hpp"

#include <boost/math/distributions/students_t.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

namespace lilucb::bandit::stopping {

namespace paired_t_impl {
constexpr double pt_inf = std::numeric_limits<double>::infinity();
/// Margin per unit of a log BF+'s terms' magnitudes (each term within a few ulps).
constexpr double term_margin = 1e-13;
/// Margin of log F_{t_k} (F in (1/2, 1]: Boost's CDF is far more accurate than this).
constexpr double cdf_margin = 1e-10;
/// log |G|.
const double log_grid = std::log(static_cast<double>(paired_t_g_count));

double grid_g(int i) { return std::ldexp(1.0, paired_t_g_min_exponent + paired_t_g_step * i); }

/// The three parts of log BF+(g) without the t CDF, and the CDF's argument.
struct bf_parts {
  double a, b, x;
};
bf_parts parts(double k, double mean, double v, double g) {
  const double Q = v + k * mean * mean, W = Q + g * k * v;
  return {0.5 * (k - 1) * std::log1p(k * g), 0.5 * k * std::log1p(g * k * v / Q), k * mean * std::sqrt(k * g / W)};
}

/// log F_{t_k}(x) for x > 0, as log1p of minus the upper tail.
double log_t_cdf(double k, double x) {
  const boost::math::students_t_distribution<double> t(k);
  return std::log1p(-boost::math::cdf(boost::math::complement(t, x)));
}
}  // namespace paired_t_impl

using namespace paired_t_impl;

void paired_t_blocks::add(double d) {
  ++k;
  const double delta = d - mean;
  mean += delta / static_cast<double>(k);
  m2 += delta * (d - mean);
}

double paired_t_log_bf(std::uint64_t k, double mean, double v, double g) {
  const double kk = static_cast<double>(k);
  const bf_parts p = parts(kk, mean, v, g);
  return std::numbers::ln2 + p.a - p.b + log_t_cdf(kk, p.x);
}

double paired_t_log_evalue(std::uint64_t k, double mean, double v, bool upper_only) {
  if (k < 1 || !(mean > 0) || !(v > 0) || !std::isfinite(mean) || !std::isfinite(v)) return -pt_inf;
  // The statistic does not depend on the units (D -> c D leaves it unchanged), but its evaluation
  // does: Q = V + k mean^2 may overflow, or a subnormal V carry only a few bits.  So the summaries
  // are rescaled by an exact power of 2 that puts V in [1, 4); a V below the normal range gives no
  // evidence (its bits are not its value), a rescaled mean below 2^-400 none either (no test could
  // pass), and one above 2^200 is lowered to 2^200: the value increases with S at fixed V, so that
  // is a lower bound.
  if (v < std::numeric_limits<double>::min()) return -pt_inf;
  int E = 0;
  (void)std::frexp(v, &E);  // v = f 2^E, f in [1/2, 1)
  const int sc = static_cast<int>(std::floor((2.0 - E) / 2.0));  // E + 2 sc is 1 or 2
  v = std::ldexp(v, 2 * sc);
  mean = std::ldexp(mean, sc);
  if (!(mean >= 0x1p-400)) return -pt_inf;
  if (mean > 0x1p200) mean = 0x1p200;
  const double kk = static_cast<double>(k);
  std::array<double, paired_t_g_count> terms{};
  for (int i = 0; i < paired_t_g_count; ++i) {
    const bf_parts p = parts(kk, mean, v, grid_g(i));
    if (upper_only) {
      terms[static_cast<std::size_t>(i)] = std::numbers::ln2 + p.a - p.b;
      continue;
    }
    const double f = log_t_cdf(kk, p.x);
    const double value = std::numbers::ln2 + p.a - p.b + f;
    const double margin =
        term_margin * (std::numbers::ln2 + std::fabs(p.a) + std::fabs(p.b) + std::fabs(f)) + cdf_margin;
    terms[static_cast<std::size_t>(i)] = value - margin;
  }
  const double m = *std::max_element(terms.begin(), terms.end());
  if (!std::isfinite(m)) return -pt_inf;
  double sum = 0;
  for (double t : terms) sum += std::exp(t - m);  // each in (0, 1], the largest 1: sum in [1, 8]
  const double r = m + std::log(sum) - log_grid;
  if (!(r == r)) return -pt_inf;  // not reached for the ranges above; never a NaN
  if (upper_only) return r + 1e-12 * (std::fabs(m) + 1);
  // exp, the sum and the logs each within a few ulps: 1e-14 of the magnitudes covers them.
  return std::nextafter(r - 1e-14 * (std::fabs(m) + std::log(sum) + log_grid), -pt_inf);
}

const std::array<paired_t_blocks, paired_t_ratios.size()>& glr_paired_t_pair::extended(std::size_t a,
                                                                                      std::size_t c) const {
  const std::uint64_t K = tapes.size();
  auto& st = blocks[static_cast<std::uint64_t>(a) * K + c];
  const std::vector<double>&A = tapes[a], &C = tapes[c];
  const double s = target.relative ? 1 - target.epsilon : 1.0, e = target.relative ? 0.0 : target.epsilon;
  for (std::size_t r = 0; r < paired_t_ratios.size(); ++r) {
    const std::size_t ra = paired_t_ratios[r].first, rc = paired_t_ratios[r].second;
    auto& b = st[r];
    while ((b.k + 1) * ra <= A.size() && (b.k + 1) * rc <= C.size()) {
      double sa = 0, sc = 0;
      for (std::size_t n = b.k * ra; n < (b.k + 1) * ra; ++n) sa += A[n];
      for (std::size_t n = b.k * rc; n < (b.k + 1) * rc; ++n) sc += C[n];
      b.add(sa / static_cast<double>(ra) - s * (sc / static_cast<double>(rc)) + e);
    }
  }
  return st;
}

double glr_paired_t_pair::statistic(std::size_t a, std::size_t c, double pass_at) const {
  const auto& st = extended(a, c);
  double best = -pt_inf, best_screen = -pt_inf;
  for (const auto& b : st) {
    const double screen = paired_t_log_evalue(b.k, b.mean, b.m2, true);
    if (screen < pass_at) {  // this ratio cannot pass: its upper bound is reported at most
      best_screen = std::max(best_screen, screen);
      continue;
    }
    best = std::max(best, paired_t_log_evalue(b.k, b.mean, b.m2));
    if (pass_at > -pt_inf && best >= pass_at) return best;  // the verdict is settled
  }
  return best >= best_screen ? best : best_screen;
}

double glr_paired_t_pair::key(const arm_stats&, std::size_t a, std::size_t b) const {
  const double lambda = statistic(a, b, threshold);
  return lambda > 0 ? lambda : 0.0;
}

glr_paired_t::glr_paired_t(std::size_t K, double delta, answer_target target)
    : pairwise_rule(K, [&] {
        constexpr const char* fn = "lilucb::bandit::stopping::glr_paired_t";
        if (K < 1) ::lilucb::detail::raise_domain_error(fn, "K", "0", "K >= 1");
        check_open_interval(fn, "delta", delta, 0.0, 1.0);
        check_target(fn, target);
        if (target.top_m())
          ::lilucb::detail::raise_domain_error(fn, "top", std::to_string(target.top),
                                               "1 (paired-t answers the best arm or an epsilon-good one)");
        // log((K - 1) J/delta), rounded upwards; 0 for K = 1, which stops at once.
        const double J = static_cast<double>(paired_t_ratios.size());
        const double t = K < 2 ? 0.0 : std::log(static_cast<double>(K - 1)) + std::log(J) - std::log(delta);
        glr_paired_t_pair p;
        p.tapes.resize(K);
        p.target = target;
        p.threshold = t * (1 + 0x1p-50);
        return p;
      }()) {}

std::string glr_paired_t::certificate() const {
  std::string s = "Proposition PT (docs/certified-glr/paired-t.md): for Gaussian rewards of unknown, possibly "
                  "different variances and any sampling rule, P(stop with ";
  s += target().best_arm() ? "a wrong answer" : "an answer that is not " + to_string(target());
  s += ") <= delta; Gaussian rewards exactly (heavy tails, skew and coarse rounding are not covered)";
  return s;
}

const std::vector<double>& glr_paired_t::tape(std::size_t i) const {
  if (i >= pair().tapes.size())
    ::lilucb::detail::raise_domain_error("lilucb::bandit::stopping::glr_paired_t::tape", "i", std::to_string(i),
                                         "[0, K - 1] = [0, " + std::to_string(pair().tapes.size() - 1) + "]");
  return pair().tapes[i];
}

double glr_paired_t::statistic(std::size_t a, std::size_t b) const {
  constexpr const char* fn = "lilucb::bandit::stopping::glr_paired_t::statistic";
  const std::size_t K = pair().tapes.size();
  const std::string range = "[0, K - 1] = [0, " + std::to_string(K - 1) + "], a != b";
  if (a >= K || a == b) ::lilucb::detail::raise_domain_error(fn, "a", std::to_string(a), range);
  if (b >= K) ::lilucb::detail::raise_domain_error(fn, "b", std::to_string(b), range);
  return pair().statistic(a, b, -pt_inf);
}

void glr_paired_t::observe(std::size_t i, const arm_stats& s) {
  constexpr const char* fn = "lilucb::bandit::stopping::glr_paired_t::observe";
  auto& tapes = pair().tapes;
  if (i >= tapes.size())
    ::lilucb::detail::raise_domain_error(fn, "i", std::to_string(i),
                                         "[0, K - 1] = [0, " + std::to_string(tapes.size() - 1) + "]");
  if (s.count(i) != tapes[i].size() + 1) {
    std::string range = "one pull per observe (the rule needs every reward: ";
    range += std::to_string(tapes[i].size() + 1);
    range += ")";
    ::lilucb::detail::raise_domain_error(fn, "count", std::to_string(s.count(i)), range);
  }
  tapes[i].push_back(s.last_added());
  pairwise_rule::observe(i, s);
}

std::vector<challenger_evidence> glr_paired_t::evidence(const arm_stats& s) const {
  return this->challengers(s, threshold(), [&](std::size_t a, std::size_t b) { return pair().statistic(a, b, -pt_inf); });
}

}  // namespace lilucb::bandit::stopping
