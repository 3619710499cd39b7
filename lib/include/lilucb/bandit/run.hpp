#pragma once
// What every algorithm takes and returns.

#include "lilucb/theory/inner_log.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace lilucb::bandit {

enum class run_status {
  stopped,          ///< the algorithm's stopping rule fired
  budget_exhausted  ///< the user's pull budget ran out first; best_arm is the current guess
};

inline const char* to_string(run_status s) {
  return s == run_status::stopped ? "stopped" : "budget_exhausted";
}

/// Options common to every algorithm.
struct run_options {
  double nu = 0.1;                        ///< the user's error probability, in (0,1)
  double sigma = 0;                       ///< sub-Gaussian scale of every width; 0: the arms' own scale
  inner_log inner = inner_log::plus2;     ///< inner logarithm of lil'UCB's width
  std::uint64_t max_pulls = 0;            ///< pull budget; 0: unlimited
  std::uint64_t seed = 0;                 ///< random seed
  std::uint64_t run = 0;                  ///< run index: stream `run` of `seed` (one stream per run)
  /// The arms' variances are unknown to the rules (Gaussian arms only): the run's reward model is
  /// gaussian_unknown_variance (rules.hpp), so only rules that read no sigma stop (paired-t,
  /// Proposition PT, the recommended one, and gu, Proposition GU, certified; heuristic-ev, the
  /// practice) and presets are refused; sampling rules use sigma (or the arms'
  /// largest standard deviation when sigma is 0) as a nominal scale only.
  bool unknown_variance = false;
};

/// Every parameter a run used (docs/bandit.md, "The parameters of a run").  A group is
/// set exactly when the run uses it; the member order is the printing order (named()).
/// Filled by run_algorithm (algorithms.hpp) and run_combination (compose.hpp); a runner called
/// directly stores what its caller passes ({} by default).
struct run_parameters {
  double nu = 0;                        ///< the user's error probability
  double sigma = 0;                     ///< the sub-Gaussian scale every width used
  std::optional<double> lilucb_nu;      ///< lilucb-ls: the share of nu given to Figure 1's rule
  std::optional<double> exp_gap_delta;  ///< exp-gap(-ls): Exponential-Gap's delta (printed "delta")
  std::optional<double> stopping_a;     ///< composed lilucb stopping: Figure 1's a (printed "a")
  struct ls_rule {                      ///< Section 5's LS stopping rule at a share of nu
    std::optional<double> nu;           ///< "ls_nu": run_algorithm's share (composed runs: nu itself, not printed)
    double eps = 0;                     ///< "ls_eps"
    double delta = 0;                   ///< "ls_delta" = ls_delta_for_share(share)
  };
  std::optional<ls_rule> ls;
  struct ls_crossing {                  ///< composed LS stopping with a stitched, mixture or calibrated boundary
    double share = 0;                   ///< "ls_crossing_share": one-sided crossing probability nu/(2K) per arm and sign
    std::optional<double> alpha;        ///< "ls_alpha": the calibrated boundary's stitching level
  };
  std::optional<ls_crossing> ls_boundary;
  std::optional<double> glr_delta;      ///< composed GLR stopping
  std::optional<double> mixture_rho;    ///< composed GLR mixture threshold with a fixed scale rho
  struct lil_index {                    ///< Figure fig:lilucb's index (lilucb*, composed lilucb sampling)
    double eps = 0;                     ///< "eps"
    double beta = 0;                    ///< "beta"
    std::optional<double> a;            ///< "a": run_algorithm only (composed: stopping_a)
    double delta = 0;                   ///< "delta"
    std::optional<double> inner_c;      ///< "inner_c", run_algorithm only: 0 = Figure 1's log((1+eps)T), 2 = footnote fnt:delta_foot
  };
  std::optional<lil_index> lilucb;
  std::optional<double> lucb_delta;     ///< composed LUCB1 / KL-LUCB sampling
  std::optional<double> epsilon;        ///< an epsilon-good target, additive (combination::target)
  std::optional<double> epsilon_relative;  ///< an epsilon-good target, relative
  std::optional<double> top;            ///< a top-m target: m (> 1)

  /// The (name, value) pairs, in member order: the one place that spells the names.
  std::vector<std::pair<std::string_view, double>> named() const {
    std::vector<std::pair<std::string_view, double>> v{{"nu", nu}, {"sigma", sigma}};
    auto put = [&v](std::string_view name, const std::optional<double>& x) {
      if (x) v.emplace_back(name, *x);
    };
    put("lilucb_nu", lilucb_nu);
    put("delta", exp_gap_delta);
    put("a", stopping_a);
    if (ls) {
      put("ls_nu", ls->nu);
      v.insert(v.end(), {{"ls_eps", ls->eps}, {"ls_delta", ls->delta}});
    }
    if (ls_boundary) {
      v.emplace_back("ls_crossing_share", ls_boundary->share);
      put("ls_alpha", ls_boundary->alpha);
    }
    put("glr_delta", glr_delta);
    put("mixture_rho", mixture_rho);
    if (lilucb) {
      v.insert(v.end(), {{"eps", lilucb->eps}, {"beta", lilucb->beta}});
      put("a", lilucb->a);
      v.emplace_back("delta", lilucb->delta);
      put("inner_c", lilucb->inner_c);
    }
    put("lucb_delta", lucb_delta);
    put("epsilon", epsilon);
    put("epsilon_relative", epsilon_relative);
    put("top", top);
    return v;
  }
};

/// What every algorithm returns.
struct run_result {
  std::string algorithm;                               ///< CLI identifier, e.g. "lilucb-ls"
  std::size_t best_arm = 0;                            ///< the chosen arm (0-based)
  std::vector<std::size_t> answer_set;                 ///< top-m questions: the m arms answered (increasing); else empty
  std::uint64_t pulls = 0;                             ///< total pulls
  std::vector<std::uint64_t> counts;                   ///< pulls per arm
  run_status status = run_status::stopped;
  std::string stopped_by;                              ///< which rule ended the run
  run_parameters parameters;                           ///< every parameter used
};

/// Observers see every pull (or batch of pulls of one arm) after the statistics are updated.
/// An observer type declares `static constexpr bool active`; with active == false the calls
/// are compiled out, so runs that do not observe pay nothing.
struct null_observer {
  static constexpr bool active = false;
  template <class Stats>
  void on_pulls(std::size_t, std::uint64_t, double, const Stats&) {}
};

}  // namespace lilucb::bandit
