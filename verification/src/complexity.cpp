// The `complexity` check (docs/verification.md, "The checks"): the paper's sample- and
// time-complexity claims against measurement.  The statistics it uses (least squares, growth
// class, bound comparison) are complexity_fit.cpp.
//
//   complexity.farrell       Corollary thm:lim / Theorem thm:3 (Farrell): lil'UCB's median
//                            stopping time over Farrell's lower bound on two-arm Gaussian problems
//                            with gaps 0.5 ... 1e-3 stays bounded as the gap shrinks;
//   complexity.lemma1        Lemma lem:1's bound against measured suboptimal pull counts of runs
//                            with the parameters for which the lemma applies;
//   complexity.cost-o1       Section 5: O(1) amortised computation per step for the elimination
//                            and non-adaptive algorithms;
//   complexity.cost-logn     Section 5: O(log n) per step for the lil'UCB algorithms;
//   complexity.cost-ucb1     Section 5: O(n) per step for UCB1.
//
// Timing rows depend on the machine and the effort level; they are measured sequentially on one
// thread (std::chrono::steady_clock) and never asserted in tests.

#include "lilucb_verification/complexity.hpp"
#include "lilucb_verification/rubric.hpp"

#include "lilucb_verification/checks.hpp"

#include "lilucb/bandit/presets/algorithms.hpp"
#include "lilucb/bandit/arms.hpp"
#include "lilucb/bandit/parallel.hpp"
#include "lilucb/bandit/scenarios.hpp"
#include "lilucb/clopper_pearson.hpp"
#include "lilucb/errors.hpp"
#include "lilucb/theory/instance.hpp"
#include "lilucb/theory/parameters.hpp"
#include "lilucb/theory/theorem.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <iomanip>
#include <limits>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace lilucb::verification {

namespace {

using bandit::algorithm;

std::string digits_text(double x, int digits = 4) {
  std::ostringstream o;
  o << std::setprecision(digits) << x;
  return o.str();
}

// A distinct block of run indices per (part, item): stream (seed, block << 32 | k).
std::uint64_t run_block(std::uint64_t part, std::uint64_t item) { return (part << 48) | (item << 32); }

std::string machine_text() {
  const unsigned cores = std::thread::hardware_concurrency();
  return "Machine: " + std::to_string(cores) +
         " hardware threads, shared with other jobs (compilers, a niced experiment), so timings "
         "carry noise of tens of percent; wall time by std::chrono::steady_clock, one run at a "
         "time on one thread.";
}

// --- Farrell (Corollary thm:lim, Theorem thm:3) -----------------------------------------------

claim farrell_claim(const verify_options& o) {
  const bool full = o.level == effort::full;
  const double sigma = 0.5, nu = 0.1, top = 0.5;
  struct gap_plan { double gap; std::size_t runs; };
  const std::vector<gap_plan> plan =
      full ? std::vector<gap_plan>{{0.5, 200}, {0.1, 200}, {0.03, 100}, {0.01, 48}, {0.003, 16}, {0.001, 8}}
           : std::vector<gap_plan>{{0.5, 20}, {0.1, 20}, {0.03, 10}, {0.01, 4}};
  const std::vector<algorithm> algs{algorithm::lilucb, algorithm::lilucb_ls, algorithm::lilucb_heuristic};

  claim c;
  c.id = "complexity.farrell";
  c.claim =
      "Farrell's lower bound (2-4 delta) Delta^-2 log log Delta^-2 (unit-variance gap Delta/sigma) is "
      "matched by lil'UCB up to a bounded factor: median stopping time / bound stays bounded as the "
      "gap shrinks (two Gaussian arms, sigma = 1/2)";
  c.source = "Section 2, Corollary thm:lim and Theorem thm:3 (eq. eqn:thm:2); Section 3 (lil'UCB matches it)";

  std::ostringstream computed, evidence;
  bool all_bounded = true, any_budget = false, any_below_one = false;
  for (std::size_t ai = 0; ai < algs.size(); ++ai) {
    const algorithm alg = algs[ai];
    std::vector<double> xs, ratios;
    computed << (ai ? "; " : "") << bandit::to_string(alg) << ": ";
    for (std::size_t gi = 0; gi < plan.size(); ++gi) {
      const double gap = plan[gi].gap;
      const std::vector<double> means{top, top - gap};
      const bandit::gaussian_arms arms(means, sigma);
      // Farrell's theorem is for N(Delta, 1): the standardized means mu/sigma.
      const std::vector<double> unit{top / sigma, (top - gap) / sigma};
      const double bound = farrell_lower_bound(unit, nu);
      bandit::run_options ro;
      ro.nu = nu;
      ro.seed = o.seed;
      ro.run = run_block(1, ai * 16 + gi);
      // A budget far above the stopping times seen (lil'UCB's median is ~400 (sigma/Delta)^2).
      ro.max_pulls = static_cast<std::uint64_t>(1e4 * (sigma / gap) * (sigma / gap)) + 100000;
      const auto results = bandit::run_many(ro, plan[gi].runs, o.threads,
                                            [&](const bandit::run_options& r) { return bandit::run_algorithm(alg, arms, r); });
      std::vector<double> t;
      std::size_t capped = 0, wrong = 0;
      for (const auto& r : results) {
        t.push_back(static_cast<double>(r.pulls));
        if (r.status != bandit::run_status::stopped) ++capped;
        else if (r.best_arm != 0) ++wrong;
      }
      if (capped) any_budget = true;
      const double med = median(t);
      computed << (gi ? ", " : "") << "gap " << digits_text(gap) << ": ";
      if (bound > 0) {
        const double ratio = med / bound;
        computed << digits_text(ratio, 3);
        xs.push_back(std::log(1 / gap));
        ratios.push_back(ratio);
        if (ratio < 1) any_below_one = true;
      } else {
        computed << "n/a (bound 0)";
      }
      if (ai == 0)
        evidence << (gi ? "; " : "") << "gap " << digits_text(gap) << ": " << plan[gi].runs << " runs, Farrell bound "
                 << digits_text(bound, 4);
      if (capped || wrong)
        evidence << " [" << bandit::to_string(alg) << " gap " << digits_text(gap) << ": " << capped
                 << " runs hit the budget, " << wrong << " wrong answers]";
    }
    if (xs.size() >= 2) {
      const line_fit f = least_squares_line(xs, ratios);
      // "Bounded" on the measured range: the fitted trend against log(1/gap) does not increase
      // by more than the ratio's own level over the range (slope * range <= 0.5 * mean ratio is
      // far from unbounded growth; a ratio growing like log(1/gap) would double over the range).
      double mean_ratio = 0;
      for (double r : ratios) mean_ratio += r / static_cast<double>(ratios.size());
      const double range = xs.back() - xs.front();
      const double rise = f.slope * range / mean_ratio;
      computed << " (trend vs log(1/gap): slope " << digits_text(f.slope, 3) << ", relative rise over range "
               << digits_text(rise, 3) << ")";
      if (rise > 0.5) all_bounded = false;
    }
  }
  evidence << ". Median of the runs' total pulls (stopping times) over farrell_lower_bound(mu/sigma, "
              "delta = nu = 0.1); means {0.5, 0.5 - gap}, Gaussian sigma = 1/2, nu = 0.1, seed "
           << o.seed << ", run blocks (1 << 48 | item << 32) + k. The bound is asymptotic (limsup as "
              "gap -> 0) and for E[T]; at Delta/sigma >= e^-1/2 its log log is <= 0 and it is 0 "
              "(n/a). Trend: least-squares line of ratio on log(1/gap) over the gaps with a bound; "
              "'bounded' = rise over the range <= 0.5 of the mean ratio. A finite range of gaps cannot "
              "prove a limsup.";
  c.computed = computed.str();
  if (any_below_one) c.computed += "; some ratio < 1 (below Farrell's asymptotic bound)";
  c.verdict = all_bounded && !any_budget ? verdict_kind::holds
              : any_budget             ? verdict_kind::undecided
                                       : verdict_kind::fails;
  c.evidence = evidence.str();
  c.effort_independent = false;
  return c;
}

// --- Lemma lem:1 ------------------------------------------------------------------------------

claim lemma1_claim(const verify_options& o) {
  const bool full = o.level == effort::full;
  const double sigma = 0.5, nu = 0.1, eps = 0.01, beta = 1.0;
  const auto cert = certified_setting(nu, eps, beta);
  const double delta = cert.setting.delta;
  const double allowed = 2 * rho(eps) * delta;  // Lemma lem:1: probability at least 1 - 2 rho delta
  struct instance { std::string name; std::vector<double> means; std::size_t runs; };
  const std::vector<instance> inst{
      {"two arms {0.5, 0.25}", {0.5, 0.25}, full ? 2000u : 1000u},
      {"1-sparse n = 10, gap 1/2", bandit::sparse_means(10, 0.5), full ? 1000u : 400u},
      {"alpha = 0.6, n = 10", bandit::alpha_means(10, 0.6), full ? 400u : 200u}};

  claim c;
  c.id = "complexity.lemma1";
  c.claim =
      "With probability >= 1 - 2 rho delta, for all t: sum_{i != i*} T_i(t) <= n + 8 e gamma H1 log(1/delta) "
      "+ sum_{i != i*} gamma log(2 log(gamma (1+eps)/Delta_i^2))/Delta_i^2";
  c.source = "Section 4, Lemma lem:1";
  std::ostringstream computed, evidence;
  std::uint64_t total_runs = 0, total_exceed = 0;
  bool rejects = false;
  verdict_kind row = verdict_kind::holds;
  // The worst verdict: fails > undecided > holds with caveat > holds.
  auto worst = [](verdict_kind a, verdict_kind b) {
    auto rank = [](verdict_kind v) {
      return v == verdict_kind::fails ? 3 : v == verdict_kind::undecided ? 2 : v == verdict_kind::holds_with_caveat ? 1 : 0;
    };
    return rank(a) >= rank(b) ? a : b;
  };
  for (std::size_t k = 0; k < inst.size(); ++k) {
    const auto& in = inst[k];
    const bandit::gaussian_arms arms(in.means, sigma);
    // The lemma's U(t, omega) is for sigma = 1: with widths scaled by sigma the run is that of the
    // standardized problem mu/sigma.
    std::vector<double> unit;
    for (double m : in.means) unit.push_back(m / sigma);
    const double bound = lemma1_bound(unit, eps, beta, delta);
    const double bound_proof = lemma1_bound_proof(unit, eps, beta, delta);
    const std::size_t best = lilucb::best_arm(in.means);
    bandit::run_options ro;
    ro.nu = nu;
    ro.seed = o.seed;
    ro.run = run_block(2, k);
    ro.inner = inner_log::lemma;  // Figure fig:lilucb's log((1+eps) t), as the lemma analyses
    ro.max_pulls = static_cast<std::uint64_t>(std::ceil(40 * bound)) + 1000;
    const auto results = bandit::run_many(ro, in.runs, o.threads, [&](const bandit::run_options& r) {
      return bandit::run_algorithm(algorithm::lilucb_certified, arms, r);
    });
    std::vector<double> sub, sub_proof;
    std::size_t capped = 0;
    for (const auto& r : results) {
      double s = 0;
      for (std::size_t i = 0; i < r.counts.size(); ++i)
        if (i != best) s += static_cast<double>(r.counts[i]);
      sub.push_back(s);
      if (r.status != bandit::run_status::stopped) ++capped;
    }
    const auto cmp = compare_to_bound(sub, bound, allowed);
    const auto cmp_proof = compare_to_bound(sub, bound_proof, allowed);
    total_runs += cmp.runs;
    total_exceed += cmp.exceed;
    rejects = rejects || cmp.rejects;
    // Rubric R4 per instance: runs that hit the budget count as possible exceedances in U.
    row = worst(row, judge_rate(clopper_pearson_lower(cmp.exceed, cmp.runs, mc_alpha),
                                clopper_pearson_upper(std::min<std::uint64_t>(cmp.exceed + capped, cmp.runs), cmp.runs,
                                                      mc_alpha),
                                allowed));
    computed << (k ? "; " : "") << in.name << ": " << cmp.exceed << "/" << cmp.runs << " exceed (99% CP ["
             << digits_text(cmp.interval.low, 3) << ", " << digits_text(cmp.interval.high, 3) << "]), measured/bound median "
             << digits_text(cmp.median_ratio, 3) << ", max " << digits_text(cmp.max_ratio, 3) << " (bound " << digits_text(bound, 5)
             << "; proof's bound " << digits_text(bound_proof, 5) << ", max ratio " << digits_text(cmp_proof.max_ratio, 3) << ")";
    if (capped) evidence << "[" << in.name << ": " << capped << " runs hit the budget 40 x bound] ";
  }
  const auto all = clopper_pearson_interval(total_exceed, total_runs, 0.99);
  computed << "; allowed 2 rho delta = " << digits_text(allowed, 3) << "; pooled " << total_exceed << "/" << total_runs
           << " (99% CP [" << digits_text(all.low, 3) << ", " << digits_text(all.high, 3) << "])";
  evidence << "lilucb-certified (the theorem's parameters: eps = 0.01, beta = 1, delta = " << digits_text(delta, 6)
           << ", a = " << digits_text(cert.setting.a, 5) << ", certified for nu = 0.1), inner log as in Figure "
              "fig:lilucb (log((1+eps) t)), Gaussian arms sigma = 1/2; the lemma applied to the standardized "
              "means mu/sigma. sum_{i != i*} T_i(t) is non-decreasing in t, so its value at stopping is its "
              "maximum over the run (the lemma's 'for all t' up to the stopping time). Rubric R4 per instance (the row takes the worst): exact one-sided "
              "Clopper-Pearson test of P(exceed) <= 2 rho delta at alpha = 1e-6 per instance; seed "
           << o.seed << ", run blocks (2 << 48 | instance << 32) + k.";
  c.computed = computed.str();
  c.evidence = evidence.str();
  c.verdict = row;  // rubric R4, the worst instance (fails exactly when an instance's test rejects)
  c.effort_independent = false;
  return c;
}

// --- Per-step cost (Section 5) ----------------------------------------------------------------

// Gaussian arms whose batches are drawn one reward at a time, so every pull costs a draw (the
// library's gaussian_arms draw a batch of m rewards as one Gaussian, which would make batched
// algorithms look cheaper per pull than any bandit whose rewards arrive one by one).
class one_by_one_arms {
 public:
  one_by_one_arms(std::vector<double> means, double sigma) : arms_(std::move(means), sigma) {}
  std::size_t size() const { return arms_.size(); }
  const std::vector<double>& means() const { return arms_.means(); }
  double subgaussian_scale() const { return arms_.subgaussian_scale(); }
  double sample(std::size_t i, bandit::normal_stream& rng) const { return arms_.sample(i, rng); }
  double sample_sum(std::size_t i, std::uint64_t m, bandit::normal_stream& rng) const {
    double s = 0;
    for (std::uint64_t k = 0; k < m; ++k) s += arms_.sample(i, rng);
    return s;
  }

 private:
  bandit::gaussian_arms arms_;
};

struct timing_row {
  algorithm alg;
  std::vector<double> n;
  std::vector<double> ns_per_pull;
  std::vector<std::uint64_t> pulls;
  std::size_t stopped = 0;  // runs that ended by their stopping rule (before the budget)
};

timing_row time_algorithm(algorithm alg, const std::vector<std::uint64_t>& sizes, const verify_options& o,
                          std::uint64_t item) {
  const bool full = o.level == effort::full;
  const std::size_t reps = full ? 5 : 2;
  timing_row row{alg, {}, {}, {}, 0};
  for (std::size_t si = 0; si < sizes.size(); ++si) {
    const std::uint64_t n = sizes[si];
    const one_by_one_arms arms(bandit::sparse_means(n, 0.01), 0.5);
    bandit::run_options ro;
    ro.nu = 0.1;
    ro.seed = o.seed;
    // UCB1 costs ~n per pull: its budget keeps n * pulls fixed; the others see >= 10 pulls per arm.
    const double base = full ? 2e6 : 1e5;
    ro.max_pulls = alg == algorithm::ucb1_ls
                       ? static_cast<std::uint64_t>(std::max(3.0 * static_cast<double>(n), (full ? 4e8 : 2e7) / static_cast<double>(n)))
                       : static_cast<std::uint64_t>(std::max(10.0 * static_cast<double>(n), base));
    double best = std::numeric_limits<double>::infinity();
    std::uint64_t pulls = 0;
    for (std::size_t r = 0; r < reps; ++r) {
      ro.run = run_block(3, item * 16 + si) + r;
      const auto t0 = std::chrono::steady_clock::now();
      const auto res = bandit::run_algorithm(alg, arms, ro);
      const auto t1 = std::chrono::steady_clock::now();
      const double ns = std::chrono::duration<double, std::nano>(t1 - t0).count();
      if (res.status == bandit::run_status::stopped) ++row.stopped;
      const double per = ns / static_cast<double>(std::max<std::uint64_t>(res.pulls, 1));
      if (per < best) {
        best = per;
        pulls = res.pulls;
      }
    }
    row.n.push_back(static_cast<double>(n));
    row.ns_per_pull.push_back(best);
    row.pulls.push_back(pulls);
  }
  return row;
}

claim cost_claim(const std::string& id, const std::string& statement, cost_order stated,
                 const std::vector<timing_row>& rows, const verify_options& o, const std::string& note) {
  claim c;
  c.id = id;
  c.claim = statement;
  c.source =
      "Section 5 (Implementation and Simulations), the remark on computation per time step and its footnote";
  std::ostringstream computed, evidence;
  bool all_within = true, any_far = false;
  for (std::size_t k = 0; k < rows.size(); ++k) {
    const auto& r = rows[k];
    const cost_growth g = classify_cost_growth(r.n, r.ns_per_pull);
    computed << (k ? "; " : "") << bandit::to_string(r.alg) << ": ns/pull";
    for (std::size_t i = 0; i < r.n.size(); ++i)
      computed << (i ? ", " : " ") << digits_text(r.ns_per_pull[i], 3) << " @" << digits_text(r.n[i], 3);
    computed << "; exponent " << digits_text(g.exponent, 3) << ", fit a + b ln n: b = " << digits_text(g.log_slope, 3)
             << " ns; best fit " << to_string(g.best);
    if (static_cast<int>(g.best) > static_cast<int>(stated)) all_within = false;
    if (stated != cost_order::linear) {
      // cost / f(n) for the stated order f = 1 or ln n, largest n over smallest: a stated order
      // that holds for wall time keeps it near 1; more than 2 means wall time grows faster.
      auto f = [&](double n) { return stated == cost_order::constant ? 1.0 : std::log(n); };
      const double growth = (r.ns_per_pull.back() / f(r.n.back())) / (r.ns_per_pull.front() / f(r.n.front()));
      computed << "; ns/pull/" << (stated == cost_order::constant ? "1" : "ln n") << " at n = " << digits_text(r.n.back(), 3)
               << " over n = " << digits_text(r.n.front(), 3) << ": " << digits_text(growth, 3);
      if (growth > 2) all_within = false;
    }
    // An O(1) or O(log n) cost grows more slowly than n^0.5 over 10 ... 10^5; measured growth at
    // least that fast is far from the stated order, not a cache effect.
    if (stated != cost_order::linear && g.exponent >= 0.5) any_far = true;
    if (stated == cost_order::linear && g.best != cost_order::linear) all_within = false;
    if (r.stopped) evidence << "[" << bandit::to_string(r.alg) << ": " << r.stopped << " timed runs stopped before the budget] ";
  }
  evidence << "Fixed instance: 1-sparse means, gap 0.01, Gaussian sigma = 1/2, nu = 0.1; rewards drawn one at a "
              "time (batched algorithms draw every reward). Budget per run: max(10 n, "
           << (o.level == effort::full ? "2e6" : "1e5") << ") pulls (UCB1: max(3 n, "
           << (o.level == effort::full ? "4e8" : "2e7")
           << "/n)); cost = wall / pulls, the smallest of " << (o.level == effort::full ? 5 : 2)
           << " runs per n (seed " << o.seed
           << "). Exponent: slope of log(ns/pull) on log n; best fit: smallest residual in log space "
              "among cost = c, c ln n, c n. The paper's orders count operations; measured wall time "
              "also reflects caches. Verdict: fails if an O(1) or O(log n) cost grows like n^0.5 or "
              "faster; holds with caveat if the best fit is of higher order than stated or ns/pull "
              "divided by the stated order grows more than 2-fold from the smallest to the largest n "
              "(wall time outgrowing the operation count, e.g. when the working set leaves the caches; "
              "docs/benchmarks.md measures lil'UCB Heuristic up to 10^6 arms). "
           << machine_text() << " Timing rows depend on the machine and on the effort level." << note;
  c.computed = computed.str();
  c.evidence = evidence.str();
  if (stated == cost_order::linear)
    c.verdict = all_within ? verdict_kind::holds : verdict_kind::fails;
  else
    c.verdict = any_far ? verdict_kind::fails : all_within ? verdict_kind::holds : verdict_kind::holds_with_caveat;
  c.effort_independent = false;
  c.machine_dependent = true;  // ns per pull: wall-clock measurements
  return c;
}

}  // namespace

std::vector<claim> complexity_claims(const verify_options& options) {
  std::vector<claim> out;
  using clock = std::chrono::steady_clock;
  auto seconds = [](clock::time_point a, clock::time_point b) {
    return " Wall time of this row: " + digits_text(std::chrono::duration<double>(b - a).count(), 3) + " s.";
  };
  auto t0 = clock::now();
  out.push_back(farrell_claim(options));
  auto t1 = clock::now();
  out.back().evidence += seconds(t0, t1);
  out.push_back(lemma1_claim(options));
  auto t2 = clock::now();
  out.back().evidence += seconds(t1, t2);

  // Timing: sequential, one run at a time on this thread.
  const std::vector<std::uint64_t> big{10, 100, 1000, 10000, 100000};
  const std::vector<std::uint64_t> ucb{10, 100, 1000, 10000};
  std::vector<timing_row> o1, logn, lin;
  std::uint64_t item = 0;
  for (algorithm a : {algorithm::nonadaptive_ls, algorithm::successive_elimination, algorithm::exp_gap, algorithm::exp_gap_ls})
    o1.push_back(time_algorithm(a, big, options, item++));
  for (algorithm a : {algorithm::lilucb, algorithm::lilucb_ls, algorithm::lilucb_heuristic, algorithm::lilucb_certified})
    logn.push_back(time_algorithm(a, big, options, item++));
  lin.push_back(time_algorithm(algorithm::ucb1_ls, ucb, options, item++));
  const std::string timing_wall =
      " Wall time of the three timing rows together: " + digits_text(std::chrono::duration<double>(clock::now() - t2).count(), 3) + " s.";
  out.push_back(cost_claim("complexity.cost-o1",
                           "Nonadaptive + LS, Exponential-Gap Elimination (+LS) and Successive Elimination "
                           "need O(1) amortised computation per time step",
                           cost_order::constant, o1, options,
                           " Implementation note: this library checks the LS rule after every pull; for "
                           "Nonadaptive + LS in O(1) per pull and O(n) per cycle of n pulls "
                           "(round_robin_ls.hpp: within a cycle the arms have two counts), the same decisions "
                           "as the general rule's O(log n) heaps (ls_rule.hpp). Exponential-Gap (+LS) checks it "
                           "once per batch and sorts in Median Elimination once per round." + timing_wall));
  out.push_back(cost_claim("complexity.cost-logn",
                           "The lil'UCB algorithms need O(log n) computation per time step (ordered list of "
                           "upper confidence bounds)",
                           cost_order::logarithmic, logn, options, timing_wall));
  out.push_back(cost_claim("complexity.cost-ucb1", "UCB1 needs O(n) (Omega(n)) computation per time step",
                           cost_order::linear, lin, options, timing_wall));
  return out;
}

}  // namespace lilucb::verification
