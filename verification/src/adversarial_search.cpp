// The `adversarial` check's search (adversarial.hpp): structured families, random restarts and
// local moves, each candidate screened, the worst confirmed on fresh streams.

#include "lilucb_verification/adversarial.hpp"

#include "support.hpp"

#include "lilucb/bandit/arms.hpp"
#include "lilucb/bandit/parallel.hpp"
#include "lilucb/bandit/arms.hpp"  // bandit::run_engine, bandit::normal_stream
#include "lilucb/bandit/scenarios.hpp"
#include "lilucb/errors.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <numeric>
#include <sstream>

namespace lilucb::verification {

using namespace lilucb::verification::detail;
using lilucb::detail::format_value;
using lilucb::detail::raise_domain_error;

// ---------------------------------------------------------------------------------------------
// The search

namespace {

void check_search_options(const char* fn, const search_options& o) {
  if (o.nus.empty()) raise_domain_error(fn, "options.nus", "{} (empty)", "at least one nu in (0, 1)");
  for (double nu : o.nus) check_nu(fn, "options.nus[i]", nu);
  if (o.arm_types.empty()) raise_domain_error(fn, "options.arm_types", "{} (empty)", "at least one arm type");
  if (o.max_arms < 2 || o.max_arms > 100000)
    raise_domain_error(fn, "options.max_arms", std::to_string(o.max_arms), "[2, 100000]");
  if (!(o.min_gap > 0 && o.min_gap < 0.25))
    raise_domain_error(fn, "options.min_gap", format_value(o.min_gap), "(0, 0.25)");
  if (!(std::isfinite(o.sigma) && o.sigma > 0)) raise_domain_error(fn, "options.sigma", format_value(o.sigma), "(0, inf)");
  if (o.screen_runs < 1 || o.screen_runs > kScreenStride)
    raise_domain_error(fn, "options.screen_runs", std::to_string(o.screen_runs), "[1, 2^20]");
  if (o.confirm_runs < 1 || o.confirm_runs > kScreenBase)
    raise_domain_error(fn, "options.confirm_runs", std::to_string(o.confirm_runs), "[1, 2^40]");
  if (o.max_pulls < 1) raise_domain_error(fn, "options.max_pulls", "0", "[1, 2^64)");
  if (!(o.max_exhausted_fraction >= 0 && o.max_exhausted_fraction <= 1))
    raise_domain_error(fn, "options.max_exhausted_fraction", format_value(o.max_exhausted_fraction), "[0, 1]");
  if (o.restarts > 100000) raise_domain_error(fn, "options.restarts", std::to_string(o.restarts), "[0, 100000]");
  if (o.rounds > 10000) raise_domain_error(fn, "options.rounds", std::to_string(o.rounds), "[0, 10000]");
  if (o.moves_per_round > 10000)
    raise_domain_error(fn, "options.moves_per_round", std::to_string(o.moves_per_round), "[0, 10000]");
  check_alpha(fn, o.alpha);
}

/// Gaussian families live in [0, 1] too, so the same means serve both arm types.
configuration make_configuration(std::vector<double> means, bandit::reward_model t, const search_options& o, double nu, std::string label) {
  configuration c;
  c.means = std::move(means);
  c.arms = t;
  c.sigma = o.sigma;
  c.nu = nu;
  c.label = std::move(label);
  if (t == bandit::reward_model::bernoulli && c.label.rfind("bernoulli", 0) != 0) c.label += " (bernoulli)";
  return c;
}

/// Restores the search's invariants after a move: every other arm at least min_gap below the
/// best (unique best), Bernoulli means in [0, 1] (the best at least min_gap above 0).
void repair(configuration& c, double g) {
  std::size_t b = best_arm(c);
  if (c.arms == bandit::reward_model::bernoulli) {
    c.means[b] = std::clamp(c.means[b], g, 1.0);
  }
  for (std::size_t i = 0; i < c.means.size(); ++i) {
    if (i == b) continue;
    c.means[i] = std::min(c.means[i], c.means[b] - g);
    if (c.arms == bandit::reward_model::bernoulli) c.means[i] = std::max(c.means[i], 0.0);
  }
}

/// A standard normal from a run_engine (Box-Muller; only used to shape candidates).
double normal(bandit::run_engine& e) {
  const double u1 = 1.0 - e.uniform01(), u2 = e.uniform01();
  return std::sqrt(-2 * std::log(u1)) * std::cos(2 * std::numbers::pi * u2);
}

std::size_t below(bandit::run_engine& e, std::size_t k) {
  return static_cast<std::size_t>(e.uniform01() * double(k)) % k;
}

configuration random_configuration(bandit::run_engine& e, const search_options& o) {
  const std::size_t n = 2 + below(e, o.max_arms - 1);
  const bandit::reward_model t = o.arm_types[below(e, o.arm_types.size())];
  const double nu = o.nus[below(e, o.nus.size())];
  const double g = o.min_gap;
  // Best mean anywhere in [4g, 1]; the others g .. 4g below, one of them exactly at g.
  const double top = 4 * g + (1 - 4 * g) * e.uniform01();
  std::vector<double> m(n);
  for (double& x : m) x = top - g * (1 + 3 * e.uniform01());
  const std::size_t b = below(e, n);
  m[b] = top;
  m[(b + 1 + below(e, n - 1)) % n] = top - g;
  configuration c = make_configuration(std::move(m), t, o, nu, "random restart");
  repair(c, g);
  return c;
}

/// One local move of `c` (kind chosen at random): shrink every gap towards min_gap, perturb the
/// other means, hide the best at the last index, add a near-tie of the runner-up, move the whole
/// instance towards 0 or 1 (Bernoulli variance), or draw nu and the arm type anew.
configuration move(const configuration& from, bandit::run_engine& e, const search_options& o) {
  configuration c = from;
  const double g = o.min_gap;
  std::size_t b = best_arm(c);
  const unsigned kind = static_cast<unsigned>(below(e, 6));
  std::string what;
  switch (kind) {
    case 0: {  // shrink the gaps: towards the resolution limit min_gap
      const double f = 0.5 + 0.4 * e.uniform01();
      for (std::size_t i = 0; i < c.means.size(); ++i)
        if (i != b) c.means[i] = c.means[b] - std::max(g, f * (c.means[b] - c.means[i]));
      what = "shrink";
      break;
    }
    case 1: {  // perturb the other arms by ~ g
      for (std::size_t i = 0; i < c.means.size(); ++i)
        if (i != b) c.means[i] += g * normal(e);
      what = "perturb";
      break;
    }
    case 2: {  // hide the best arm at the last index (or rotate the arms if it is there already)
      if (b + 1 != c.means.size()) std::swap(c.means[b], c.means.back());
      else std::rotate(c.means.begin(), c.means.begin() + 1, c.means.end());
      what = "move best";
      break;
    }
    case 3: {  // a near-tie: a copy of the runner-up (or, at max_arms, replace the worst arm)
      std::size_t r = b == 0 ? 1 : 0;
      for (std::size_t i = 0; i < c.means.size(); ++i)
        if (i != b && c.means[i] > c.means[r]) r = i;
      const double tie = c.means[r] - 1e-3 * g * e.uniform01();
      if (c.means.size() < o.max_arms) c.means.insert(c.means.begin() + static_cast<long>(below(e, c.means.size())), tie);
      else c.means[static_cast<std::size_t>(std::min_element(c.means.begin(), c.means.end()) - c.means.begin())] = tie;
      what = "add near-tie";
      break;
    }
    case 4: {  // shift the instance towards 0 or 1
      const double lo = *std::min_element(c.means.begin(), c.means.end());
      const double shift = e.uniform01() < 0.5 ? -lo * e.uniform01() : (1 - c.means[b]) * e.uniform01();
      for (double& x : c.means) x += shift;
      what = "shift";
      break;
    }
    default: {  // another nu or another arm type
      c.nu = o.nus[below(e, o.nus.size())];
      c.arms = o.arm_types[below(e, o.arm_types.size())];
      what = std::string("nu/type");
      break;
    }
  }
  repair(c, g);
  c.label = from.label + " > " + what;
  if (c.label.size() > 160) c.label = "..." + c.label.substr(c.label.size() - 157);
  return c;
}

}  // namespace

std::vector<configuration> structured_families(const search_options& o) {
  check_search_options("lilucb::verification::structured_families", o);
  const double g = o.min_gap;
  const std::size_t n = o.max_arms;
  std::vector<configuration> out;
  const bool gauss = std::count(o.arm_types.begin(), o.arm_types.end(), bandit::reward_model::gaussian) > 0;
  const bool bern = std::count(o.arm_types.begin(), o.arm_types.end(), bandit::reward_model::bernoulli) > 0;
  for (double nu : o.nus) {
    auto both = [&](const std::vector<double>& m, const std::string& label) {
      if (gauss) out.push_back(make_configuration(m, bandit::reward_model::gaussian, o, nu, label));
      if (bern) out.push_back(make_configuration(m, bandit::reward_model::bernoulli, o, nu, label));
    };
    for (double f : {1.0, 2.0, 4.0}) {
      both({0.5 + f * g / 2, 0.5 - f * g / 2}, "two-arm gap " + fmt(f * g) + ", best first");
      both({0.5 - f * g / 2, 0.5 + f * g / 2}, "two-arm gap " + fmt(f * g) + ", best last");
    }
    {  // the best g above n-1 near-ties spread within g/10, best last
      std::vector<double> m(n);
      for (std::size_t i = 0; i + 1 < n; ++i) m[i] = 0.5 - g - 0.1 * g * double(i) / double(std::max<std::size_t>(n - 2, 1));
      m[n - 1] = 0.5;
      both(m, "near-ties n=" + std::to_string(n));
    }
    {  // 1-sparse, the best last
      std::vector<double> m(n, 0.5);
      m[n - 1] = 0.5 + g;
      both(m, "1-sparse n=" + std::to_string(n));
    }
    for (double alpha : {0.3, 0.6}) {  // alpha-like (Section 5) with its smallest gap set to g
      std::vector<double> a = bandit::alpha_means(n - 1, alpha);  // n arms, a[0] = 1 best
      const double scale = g / (a[0] - a[1]);
      std::vector<double> m(n);
      for (std::size_t i = 0; i < n; ++i) m[i] = std::max(0.0, 1.0 - scale * (a[0] - a[n - 1 - i]));
      both(m, "alpha=" + fmt(alpha) + " n=" + std::to_string(n));
    }
    if (bern) {  // Bernoulli extremes: tiny variance near 0 and 1, the largest at 1/2
      out.push_back(make_configuration({0.0, g}, bandit::reward_model::bernoulli, o, nu, "bernoulli near 0"));
      out.push_back(make_configuration({1.0 - g, 1.0}, bandit::reward_model::bernoulli, o, nu, "bernoulli near 1"));
      std::vector<double> m(n, 0.0);
      m[n - 1] = g;
      out.push_back(make_configuration(m, bandit::reward_model::bernoulli, o, nu, "bernoulli 1-sparse near 0 n=" + std::to_string(n)));
      std::vector<double> hi(n, 0.5);
      hi[0] = 1.0 - g;  // one low-variance arm near 1 ... and the best hidden among mid arms
      for (std::size_t i = 1; i + 1 < n; ++i) hi[i] = 0.5;
      hi[n - 1] = 1.0;
      out.push_back(make_configuration(hi, bandit::reward_model::bernoulli, o, nu, "bernoulli best 1 vs 1-g n=" + std::to_string(n)));
    }
  }
  for (auto& c : out) repair(c, g);
  return out;
}

search_result search_worst(const run_function& run, const search_options& o) {
  constexpr const char* fn = "lilucb::verification::search_worst";
  if (!run) raise_domain_error(fn, "run", "empty", "a callable run function");
  check_search_options(fn, o);
  search_result res;

  auto screen = [&](configuration c) {
    if (res.candidates.size() >= kMaxCandidates)
      raise_domain_error(fn, "candidates", std::to_string(res.candidates.size()), "below 2^21");
    estimate_options eo;
    eo.runs = o.screen_runs;
    eo.max_pulls = o.max_pulls;
    eo.seed = o.seed;
    eo.first_run = kScreenBase + res.candidates.size() * kScreenStride;
    eo.threads = o.threads;
    eo.alpha = o.alpha;
    screened s;
    s.screen = estimate_error_rate(run, c, eo);
    s.config = std::move(c);
    s.feasible = double(s.screen.budget_exhausted) <= o.max_exhausted_fraction * double(s.screen.runs);
    s.score = s.screen.rate() / (o.absolute_score ? 1.0 : s.config.nu);
    res.total_runs += s.screen.runs;
    res.total_pulls += s.screen.mean_pulls * double(s.screen.runs);
    res.candidates.push_back(std::move(s));
  };
  // Ranking: feasible first, then score, then mean pulls (harder instances first), then order.
  auto ranked = [&] {
    std::vector<std::size_t> idx(res.candidates.size());
    std::iota(idx.begin(), idx.end(), 0);
    std::stable_sort(idx.begin(), idx.end(), [&](std::size_t a, std::size_t b) {
      const screened &x = res.candidates[a], &y = res.candidates[b];
      if (x.feasible != y.feasible) return x.feasible;
      if (x.score != y.score) return x.score > y.score;
      return x.screen.mean_pulls > y.screen.mean_pulls;
    });
    return idx;
  };

  for (auto& c : structured_families(o)) screen(std::move(c));
  std::uint64_t stream = kMoveBase;
  for (std::uint64_t r = 0; r < o.restarts; ++r) {
    bandit::run_engine e(o.seed, stream++);
    screen(random_configuration(e, o));
  }
  for (std::uint64_t round = 0; round < o.rounds; ++round) {
    const std::vector<std::size_t> top = ranked();
    const std::size_t parents = std::min<std::size_t>(3, top.size());
    for (std::uint64_t m = 0; m < o.moves_per_round; ++m) {
      bandit::run_engine e(o.seed, stream++);
      // Half the moves from the current worst, the rest from the next two.
      const std::size_t p = m % 2 == 0 ? 0 : 1 + below(e, std::max<std::size_t>(parents, 2) - 1);
      screen(move(res.candidates[top[std::min(p, top.size() - 1)]].config, e, o));
    }
  }
  res.worst = ranked().front();
  estimate_options eo;
  eo.runs = o.confirm_runs;
  eo.max_pulls = o.max_pulls;
  eo.seed = o.seed;
  eo.first_run = 0;  // disjoint from the screening streams (>= 2^40)
  eo.threads = o.threads;
  eo.alpha = o.alpha;
  res.confirmation = estimate_error_rate(run, res.candidates[res.worst].config, eo);
  res.total_runs += res.confirmation.runs;
  res.total_pulls += res.confirmation.mean_pulls * double(res.confirmation.runs);
  return res;
}

}  // namespace lilucb::verification
