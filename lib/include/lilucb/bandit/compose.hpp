#pragma once
// Any sampling rule x any stopping rule (issue 14).  A sampling rule and a stopping rule are
// types passed to one run function, run_composed; observers work as for every algorithm.
//
//   sampling rules (sampling/*.hpp): uniform, lilucb, lucb1, tas-d, tas-c, ttts, t3c, eb-tci, kl-lucb,
//                                    t3c-ids, eb-tci-ids (information-directed selection: top_two.hpp),
//                                    weakest-pair (this toolkit's: the challenger farthest from passing
//                                    Proposition M1's statistic; weakest_pair.hpp)
//   stopping rules (stopping/*.hpp): lilucb (Figure 1; only with lilucb sampling), ls (per-arm
//                                    boundaries, union bound; any sampling), glr (Chernoff, with a
//                                    threshold object; threshold mixture: stopping/glr_mixture.hpp,
//                                    certified by Proposition M of docs/certified-glr.md; threshold
//                                    one-sided: stopping/glr_one_sided.hpp, Proposition M1; threshold
//                                    pooled: stopping/glr_pooled.hpp, Proposition P, no union over
//                                    the wrong answers; threshold pooled-per-arm: the same with one
//                                    mixture scale per arm, Proposition P2)
//
// The loop: pull every arm once (arms 0..K-1, as Figure 1 and every rule here start), then
// repeat { if the stopping rule fires: answer its recommendation; if the budget is spent: answer
// the stopping rule's current recommendation (status budget_exhausted); pull the sampling rule's
// arm; tell both rules }.  Every run result says whether the combination is certified and by
// which statement (run_result::parameters holds the numbers; certified()/certificate() of the
// stopping rule the rest).  The nine algorithms of algorithms.hpp stay presets, unchanged; the
// combination lilucb x lilucb makes exactly run_lilucb's pulls (tested).
//
// Sampling rule concept: name(); template <class Session> std::size_t next(Session&) (may draw
// from the run's stream); void observe(arm, const arm_stats&) after every pull.
// Stopping rule concept: name(); observe(arm, stats); bool should_stop(stats);
// std::size_t recommendation(stats); bool certified(); certificate().

#include "lilucb/bandit/algorithms.hpp"
#include "lilucb/bandit/arms.hpp"
#include "lilucb/bandit/observers.hpp"
#include "lilucb/bandit/run.hpp"
#include "lilucb/bandit/sampling/lilucb.hpp"
#include "lilucb/bandit/sampling/lucb.hpp"
#include "lilucb/bandit/sampling/top_two.hpp"
#include "lilucb/bandit/sampling/track_and_stop.hpp"
#include "lilucb/bandit/sampling/uniform.hpp"
#include "lilucb/bandit/sampling/weakest_pair.hpp"
#include "lilucb/bandit/detail/session.hpp"
#include "lilucb/bandit/stopping/glr.hpp"
#include "lilucb/bandit/stopping/glr_mixture.hpp"
#include "lilucb/bandit/stopping/glr_one_sided.hpp"
#include "lilucb/bandit/stopping/glr_pooled.hpp"
#include "lilucb/bandit/stopping/kk21_threshold.hpp"
#include "lilucb/bandit/stopping/lilucb.hpp"
#include "lilucb/bandit/stopping/ls.hpp"
#include "lilucb/bandit/stopping/ls_boundary.hpp"
#include "lilucb/parameters.hpp"

#include <array>
#include <cmath>
#include <optional>
#include <type_traits>
#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace lilucb::bandit {

/// A composed run's result: the run and its certificate.
struct composed_result {
  run_result run;
  bool certified = false;
  std::string certificate;
};

/// Runs `sampling` with `stopping` on `arms` (see the file comment).  `name` and `params` are
/// recorded in the result.
template <class Sampling, class Stopping, class Arms, class Observer>
composed_result run_composed(const Arms& arms, Sampling& sampling, Stopping& stopping, const run_options& opts,
                             Observer& observer, std::string name = {},
                             run_parameters params = {}) {
  if (name.empty()) name = std::string(sampling.name()) + "+" + stopping.name();
  detail::session<Arms, Observer> s(arms, opts, observer);
  const auto& st = s.stats();
  const std::size_t K = arms.size();
  composed_result out;
  out.certified = stopping.certified();
  out.certificate = stopping.certificate();
  if (K == 1) {
    out.run = s.finish(name, 0, run_status::stopped, "single-arm", std::move(params));
    return out;
  }
  for (std::size_t i = 0; i < K; ++i) {
    if (!s.can_pull()) {
      out.run = s.finish(name, stopping.recommendation(st), run_status::budget_exhausted, "budget", std::move(params));
      return out;
    }
    s.pull(i);
    sampling.observe(i, st);
    stopping.observe(i, st);
  }
  while (true) {
    if (stopping.should_stop(st)) {
      out.run = s.finish(name, stopping.recommendation(st), run_status::stopped, stopping.name(), std::move(params));
      return out;
    }
    if (!s.can_pull()) {
      out.run = s.finish(name, stopping.recommendation(st), run_status::budget_exhausted, "budget", std::move(params));
      return out;
    }
    const std::size_t i = sampling.next(s);
    s.pull(i);
    sampling.observe(i, st);
    stopping.observe(i, st);
  }
}

template <class Sampling, class Stopping, class Arms>
composed_result run_composed(const Arms& arms, Sampling& sampling, Stopping& stopping, const run_options& opts) {
  null_observer none;
  return run_composed(arms, sampling, stopping, opts, none);
}

// ---------------------------------------------------------------------------------------------
// Rules by name (the CLI, experiments, tests): one configuration, one run function.

enum class sampling_rule { uniform, lilucb, lucb1, tas_d, tas_c, ttts, t3c, eb_tci, kl_lucb, t3c_ids, eb_tci_ids,
                                 weakest_pair };
enum class stopping_rule { lilucb, ls, glr };
enum class glr_threshold { heuristic, kk21, mixture, one_sided, pooled, pooled_per_arm };

inline constexpr std::array<sampling_rule, 12> all_sampling_rules{
    sampling_rule::uniform, sampling_rule::lilucb,  sampling_rule::lucb1,      sampling_rule::tas_d,
    sampling_rule::tas_c,   sampling_rule::ttts,    sampling_rule::t3c,        sampling_rule::eb_tci,
    sampling_rule::kl_lucb, sampling_rule::t3c_ids, sampling_rule::eb_tci_ids, sampling_rule::weakest_pair};
inline constexpr std::array<glr_threshold, 6> all_glr_thresholds{glr_threshold::heuristic, glr_threshold::kk21,
                                                                 glr_threshold::mixture,   glr_threshold::one_sided,
                                                                 glr_threshold::pooled,    glr_threshold::pooled_per_arm};
inline constexpr std::array<stopping_rule, 3> all_stopping_rules{stopping_rule::lilucb, stopping_rule::ls,
                                                                 stopping_rule::glr};

inline const char* to_string(sampling_rule r) {
  switch (r) {
    case sampling_rule::uniform: return "uniform";
    case sampling_rule::lilucb: return "lilucb";
    case sampling_rule::lucb1: return "lucb1";
    case sampling_rule::tas_d: return "tas-d";
    case sampling_rule::tas_c: return "tas-c";
    case sampling_rule::ttts: return "ttts";
    case sampling_rule::t3c: return "t3c";
    case sampling_rule::eb_tci: return "eb-tci";
    case sampling_rule::kl_lucb: return "kl-lucb";
    case sampling_rule::t3c_ids: return "t3c-ids";
    case sampling_rule::eb_tci_ids: return "eb-tci-ids";
    case sampling_rule::weakest_pair: return "weakest-pair";
  }
  return "?";
}
inline const char* to_string(stopping_rule r) {
  return r == stopping_rule::lilucb ? "lilucb" : r == stopping_rule::ls ? "ls" : "glr";
}
inline const char* to_string(glr_threshold t) {
  return t == glr_threshold::heuristic ? "heuristic"
         : t == glr_threshold::kk21    ? "kk21"
         : t == glr_threshold::mixture ? "mixture"
         : t == glr_threshold::pooled  ? "pooled"
         : t == glr_threshold::pooled_per_arm ? "pooled-per-arm"
                                       : "one-sided";
}

namespace detail {
template <class E, std::size_t N>
E parse_name(const char* fn, const char* param, std::string_view name, const std::array<E, N>& all) {
  std::string known;
  for (E e : all) {
    if (name == to_string(e)) return e;
    known += (known.empty() ? "" : ", ") + std::string(to_string(e));
  }
  lilucb::detail::raise_domain_error(fn, param, std::string(name), "{" + known + "}");
}
}  // namespace detail

inline sampling_rule parse_sampling_rule(std::string_view name) {
  return detail::parse_name("lilucb::bandit::parse_sampling_rule", "sampling", name, all_sampling_rules);
}
inline stopping_rule parse_stopping_rule(std::string_view name) {
  return detail::parse_name("lilucb::bandit::parse_stopping_rule", "stopping", name, all_stopping_rules);
}
inline glr_threshold parse_glr_threshold(std::string_view name) {
  return detail::parse_name("lilucb::bandit::parse_glr_threshold", "threshold", name,
                            all_glr_thresholds);
}

/// A combination by name, with the user's error probability nu (run_options::nu).
struct combination {
  sampling_rule sampling = sampling_rule::lilucb;
  stopping_rule stopping = stopping_rule::ls;
  glr_threshold threshold = glr_threshold::heuristic;  ///< GLR only
  std::string boundary = "lil";  ///< LS only: the per-arm boundary (lil, stitched, mixture, calibrated)
  double rho = 0;  ///< GLR mixture only: a fixed mixture scale rho > 0; 0 = the grid (default)
};

inline std::string to_string(const combination& c) {
  std::string s = std::string(to_string(c.sampling)) + "+" + to_string(c.stopping);
  if (c.stopping == stopping_rule::glr) s += std::string("-") + to_string(c.threshold);
  if (c.stopping == stopping_rule::ls && c.boundary != "lil") s += "-" + c.boundary;
  return s;
}

/// The inverse of to_string(combination): "SAMPLING+lilucb", "SAMPLING+ls", "SAMPLING+ls-BOUNDARY"
/// (stitched, mixture, calibrated) or "SAMPLING+glr-THRESHOLD" (the names `lilucb run` prints as
/// "algorithm" and docs/modern.md lists).  Whether the parts may be combined (lilucb stopping only
/// with lilucb sampling, ...) is run_combination's check.  Throws lilucb::domain_error naming
/// "combination" for any other text.
inline combination parse_combination(std::string_view label) {
  constexpr const char* fn = "lilucb::bandit::parse_combination";
  const auto bad = [&]() {
    lilucb::detail::raise_domain_error(fn, "combination", lilucb::detail::quoted(label),
                                       "SAMPLING+lilucb, SAMPLING+ls[-stitched|-mixture|-calibrated] or "
                                       "SAMPLING+glr-THRESHOLD (as `lilucb run` names them)");
  };
  const auto plus = label.find('+');
  if (plus == std::string_view::npos) bad();
  combination c;
  const std::string_view sampling = label.substr(0, plus), stopping = label.substr(plus + 1);
  c.sampling = parse_sampling_rule(sampling);
  if (stopping == "lilucb") {
    c.stopping = stopping_rule::lilucb;
  } else if (stopping == "ls") {
    c.stopping = stopping_rule::ls;
  } else if (stopping.substr(0, 3) == "ls-") {
    c.stopping = stopping_rule::ls;
    const auto b = stopping::parse_ls_boundary(stopping.substr(3));
    if (b == stopping::ls_boundary::lil) bad();  // to_string writes plain "ls" for it
    c.boundary = std::string(stopping.substr(3));
  } else if (stopping.substr(0, 4) == "glr-") {
    c.stopping = stopping_rule::glr;
    c.threshold = parse_glr_threshold(stopping.substr(4));
  } else {
    bad();
  }
  return c;
}

/// A method by name: one of the nine presets of algorithms.hpp, or a sampling x stopping combination.
using method = std::variant<algorithm, combination>;

/// The names `lilucb run --algorithm` and Python's lilucb.run accept: a preset's (parse_algorithm,
/// "lilucb-heuristic") or, when the name holds a '+', a combination's (parse_combination,
/// "t3c-ids+glr-pooled-per-arm").  Throws lilucb::domain_error naming the part it could not read.
inline method parse_method(std::string_view name) {
  if (name.find('+') != std::string_view::npos) return parse_combination(name);
  return parse_algorithm(name);
}

/// Whether the combination carries a guarantee at nu (without running it).
inline bool is_certified(const combination& c) {
  if (c.stopping == stopping_rule::ls) return true;
  if (c.stopping == stopping_rule::lilucb) return true;  // with certified_setting (run_combination)
  return c.threshold == glr_threshold::kk21 || c.threshold == glr_threshold::mixture ||
         c.threshold == glr_threshold::one_sided || c.threshold == glr_threshold::pooled ||
         c.threshold == glr_threshold::pooled_per_arm;
}

/// The stopping rules a by-name combination can hold.
using any_stopping = std::variant<stopping::lilucb, stopping::ls<detail::ls_width>, stopping::glr<stopping::heuristic_threshold>,
                                  stopping::ls<stopping::boundary_width>, stopping::glr<stopping::kk21_threshold>,
                                  stopping::glr_mixture, stopping::glr_one_sided, stopping::glr_pooled>;

/// any_stopping as one stopping-rule object (a switch per call; the rules' own types avoid it).
class stopping_by_name {
 public:
  explicit stopping_by_name(any_stopping r) : rule_(std::move(r)) {}
  const char* name() const { return std::visit([](const auto& r) { return r.name(); }, rule_); }
  void observe(std::size_t i, const arm_stats& s) { std::visit([&](auto& r) { r.observe(i, s); }, rule_); }
  bool should_stop(const arm_stats& s) { return std::visit([&](auto& r) { return r.should_stop(s); }, rule_); }
  std::size_t recommendation(const arm_stats& s) const {
    return std::visit([&](const auto& r) { return r.recommendation(s); }, rule_);
  }
  bool certified() const { return std::visit([](const auto& r) { return r.certified(); }, rule_); }
  std::string certificate() const { return std::visit([](const auto& r) { return std::string(r.certificate()); }, rule_); }

 private:
  any_stopping rule_;
};

/// Runs a combination by name for error probability opts.nu.  Widths and statistics use
/// opts.sigma, or the arms' own sub-Gaussian scale when opts.sigma == 0.  Parameters:
///   lilucb sampling with lilucb stopping: certified_setting(nu, 0.01, 1) (Theorem thm:main holds);
///   lilucb sampling with another stopping rule: Section 5's paper setting (eps 0.01, beta 1,
///     delta from nu), as the lilucb-ls preset samples: the sampling bonus must stay wider than the
///     stopping boundary, or the other arms stop being pulled before the boundaries separate (with
///     the heuristic setting's bonus, 1.5 x the lemma width at delta = nu/5, LS never fires);
///   lucb1, kl-lucb: delta = nu in their exploration rates;
///   ls: the per-arm boundary c.boundary: lil (the finite-LIL boundary at nu, eps 0.01), stitched,
///     mixture or calibrated (stopping/ls_boundary.hpp: one-sided crossing probability nu/(2K) per
///     arm and sign);  glr: the threshold at delta = nu (kk21: Kaufmann-Koolen, certified; mixture:
///     the grid of glr_mixture.hpp with the log-sum combination, which stops no later than the max
///     on every path, or the fixed scale c.rho > 0; sigma is the sub-Gaussian scale; certified by
///     Proposition M of docs/certified-glr.md; one-sided: the half-normal mixture of
///     glr_one_sided.hpp on the same grid, Proposition M1; pooled: the same mixture against the
///     leader's pooled pulls, glr_pooled.hpp, Proposition P; pooled-per-arm: one scale per arm
///     from make_per_arm_grid(), Proposition P2);
///   tas-d/-c, kl-lucb, glr on Bernoulli arms use the Bernoulli divergence.
/// Domain: nu in (0,1); sigma >= 0; lilucb stopping only with lilucb sampling; kl-lucb only on
/// arms with means in [0, 1] (bernoulli_arms); threshold kk21 and boundary calibrated only on
/// gaussian_arms (their certificates are for Gaussian rewards); rho in [0, inf), nonzero only with
/// threshold mixture.
template <class Arms, class Observer>
composed_result run_combination(const combination& c, const Arms& arms, const run_options& opts, Observer& observer) {
  constexpr const char* fn = "lilucb::bandit::run_combination";
  check_open_interval(fn, "nu", opts.nu, 0.0, 1.0);
  if (opts.sigma != 0) check_positive(fn, "sigma", opts.sigma);
  const double sigma = opts.sigma != 0 ? opts.sigma : arms.subgaussian_scale();
  const double nu = opts.nu;
  const std::size_t K = arms.size();
  constexpr bool bernoulli = std::is_same_v<Arms, bernoulli_arms>;
  if (c.stopping == stopping_rule::lilucb && c.sampling != sampling_rule::lilucb)
    lilucb::detail::raise_domain_error(fn, "stopping", "lilucb with sampling " + std::string(to_string(c.sampling)),
                                       "lil'UCB's stopping rule only with lil'UCB's sampling rule");
  if (c.sampling == sampling_rule::kl_lucb && !bernoulli)
    lilucb::detail::raise_domain_error(fn, "sampling", "kl-lucb on non-Bernoulli arms",
                                       "kl-lucb needs rewards in [0, 1]: Bernoulli arms");
  constexpr bool gaussian = std::is_same_v<Arms, gaussian_arms>;
  const stopping::ls_boundary ls_kind =
      c.stopping == stopping_rule::ls ? stopping::parse_ls_boundary(c.boundary) : stopping::ls_boundary::lil;
  if (ls_kind == stopping::ls_boundary::calibrated && !gaussian)
    lilucb::detail::raise_domain_error(fn, "boundary", "calibrated on non-Gaussian arms",
                                       "calibrated only on Gaussian arms (its crossing probability is computed for "
                                       "Gaussian rewards); stitched or mixture otherwise");
  if (c.stopping == stopping_rule::glr && c.threshold == glr_threshold::kk21 && !gaussian)
    lilucb::detail::raise_domain_error(fn, "threshold", "kk21 on non-Gaussian arms",
                                       "kk21 only on Gaussian arms (Kaufmann-Koolen's Gaussian inequality); "
                                       "heuristic otherwise");
  if (!(c.rho >= 0) || !std::isfinite(c.rho) ||
      (c.rho != 0 && !(c.stopping == stopping_rule::glr && c.threshold == glr_threshold::mixture)))
    lilucb::detail::raise_domain_error(fn, "rho", std::to_string(c.rho),
                                       "(0, inf) with stopping glr and threshold mixture; otherwise unset (0)");
  run_parameters p;
  p.nu = nu;
  p.sigma = sigma;
  const std::string name = to_string(c);

  lilucb_setting<double> lil_set = paper_theory_setting(nu);
  std::optional<stopping_by_name> stop;
  switch (c.stopping) {
    case stopping_rule::lilucb: {
      lil_set = certified_setting(nu, 0.01, 1.0).setting;
      stop.emplace(stopping::lilucb(lil_set.a, true,
                                    "Theorem R (docs/repaired-theorem.md, the repaired correctness part of Theorem "
                                    "th:lilucb) at certified_setting(nu, eps = 0.01, beta = 1): repaired failure "
                                    "bound <= nu, Figure 1's index"));
      p.stopping_a = lil_set.a;
      break;
    }
    case stopping_rule::ls: {
      if (ls_kind == stopping::ls_boundary::lil) {
        stop.emplace(stopping::finite_lil_ls(K, nu, sigma));
        p.ls = run_parameters::ls_rule{std::nullopt, ls_eps, ls_delta_for_share(nu)};  // the share is nu itself
      } else {
        stop.emplace(stopping::boundary_ls(K, nu, sigma, ls_kind));
        const double share = nu / (2.0 * static_cast<double>(K));
        p.ls_boundary = run_parameters::ls_crossing{share, std::nullopt};
        if (ls_kind == stopping::ls_boundary::calibrated)
          p.ls_boundary->alpha = stopping::calibrated_stitching(share, stopping::ls_calibration_defaults).alpha;
      }
      break;
    }
    case stopping_rule::glr: {
      if (c.threshold == glr_threshold::mixture) {
        // Proposition M (docs/certified-glr.md): the Gaussian-mixture GLR at delta = nu.
        stop.emplace(stopping::glr_mixture(K, sigma, nu,
                                           c.rho > 0 ? stopping::make_fixed_rho(c.rho)
                                                     : stopping::make_mixture_grid(40, stopping::mixture_combine::log_sum)));
        p.glr_delta = nu;
        if (c.rho > 0) p.mixture_rho = c.rho;
        break;
      }
      if (c.threshold == glr_threshold::one_sided) {
        // Proposition M1 (docs/certified-glr.md): the one-sided Gaussian-mixture GLR at delta = nu.
        stop.emplace(stopping::glr_one_sided(K, sigma, nu, stopping::make_mixture_grid(40)));
        p.glr_delta = nu;
        break;
      }
      if (c.threshold == glr_threshold::pooled) {
        // Proposition P (docs/certified-glr.md): the one-sided mixture against the leader's pooled
        // pulls, threshold log(1/nu), no union over the wrong answers.
        stop.emplace(stopping::glr_pooled(K, sigma, nu, stopping::make_mixture_grid(40)));
        p.glr_delta = nu;
        break;
      }
      if (c.threshold == glr_threshold::pooled_per_arm) {
        // Proposition P2 (docs/certified-glr.md): as P, with one mixture scale per arm.
        stop.emplace(stopping::glr_pooled(K, sigma, nu, stopping::make_per_arm_grid(), stopping::pooled_prior::per_arm));
        p.glr_delta = nu;
        break;
      }
      const auto model = bernoulli ? stopping::glr_model::bernoulli : stopping::glr_model::gaussian;
      if (c.threshold == glr_threshold::kk21)  // K = 1 answers at once; the threshold needs K >= 2
        stop.emplace(stopping::glr<stopping::kk21_threshold>(K, model, sigma,
                                                             stopping::make_kk21_threshold(nu, K < 2 ? 2 : K)));
      else
        stop.emplace(
            stopping::glr<stopping::heuristic_threshold>(K, model, sigma, stopping::make_heuristic_threshold(nu)));
      p.glr_delta = nu;
      break;
    }
  }
  auto go = [&](auto&& samp) {
    auto r = run_composed(arms, samp, *stop, opts, observer, name, std::move(p));
    return r;
  };
  switch (c.sampling) {
    case sampling_rule::uniform: return go(sampling::uniform{});
    case sampling_rule::lilucb:
      p.lilucb = run_parameters::lil_index{lil_set.eps, lil_set.beta, std::nullopt, lil_set.delta, std::nullopt};
      // With lil'UCB's own stopping rule the certificate (Theorem R) covers Figure 1's index,
      // log((1+eps) T): the lemma's inner log, as the lilucb-certified preset runs it.
      return go(sampling::lilucb(lil_set.eps, lil_set.beta, lil_set.delta, sigma,
                                 c.stopping == stopping_rule::lilucb ? inner_log::lemma : opts.inner));
    case sampling_rule::lucb1: p.lucb_delta = nu; return go(sampling::lucb1(K, sigma, nu));
    case sampling_rule::kl_lucb: p.lucb_delta = nu; return go(sampling::kl_lucb(K, sigma, nu));
    case sampling_rule::tas_d: return go(sampling::tas_d(K, bernoulli, sigma));
    case sampling_rule::tas_c: return go(sampling::tas_c(K, bernoulli, sigma));
    case sampling_rule::ttts: return go(sampling::ttts(K, sigma));
    case sampling_rule::t3c: return go(sampling::t3c(K, sigma));
    case sampling_rule::eb_tci: return go(sampling::eb_tci(K, sigma));
    case sampling_rule::t3c_ids: return go(sampling::t3c(K, sigma, sampling::top_two_selection::ids));
    case sampling_rule::eb_tci_ids: return go(sampling::eb_tci(K, sigma, sampling::top_two_selection::ids));
    // The challenger of Proposition M1's statistic on the default grid (weakest_pair.hpp).
    case sampling_rule::weakest_pair: return go(sampling::weakest_pair(K, sigma, stopping::make_mixture_grid(40)));
  }
  return {};
}

template <class Arms>
composed_result run_combination(const combination& c, const Arms& arms, const run_options& opts) {
  null_observer none;
  return run_combination(c, arms, opts, none);
}

// The common instantiations (Gaussian and Bernoulli arms, no observer) are compiled once, in the
// library (lib/src/combination_instances.cpp), instead of in every translation unit that runs a
// combination: each one instantiates every sampling x stopping pair.
#define LILUCB_BANDIT_COMBINATION_INSTANCES(EXTERN)                                                         \
  EXTERN template composed_result run_combination<gaussian_arms, null_observer>(                            \
      const combination&, const gaussian_arms&, const run_options&, null_observer&);                        \
  EXTERN template composed_result run_combination<bernoulli_arms, null_observer>(                           \
      const combination&, const bernoulli_arms&, const run_options&, null_observer&);                       \
  EXTERN template composed_result run_combination<gaussian_arms>(const combination&, const gaussian_arms&,   \
                                                                 const run_options&);                       \
  EXTERN template composed_result run_combination<bernoulli_arms>(const combination&, const bernoulli_arms&, \
                                                                  const run_options&);
LILUCB_BANDIT_COMBINATION_INSTANCES(extern)

}  // namespace lilucb::bandit
