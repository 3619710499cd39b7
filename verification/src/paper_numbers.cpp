// The `paper-numbers` check: the paper's numeric statements and parameter settings, computed
// exactly from the library (no simulation).  Every row is the same in --quick and --full.
//
// Rows: the hardness H1 of Section 5's three scenario families against the stated forms; the
// optimal beta; the intro's heuristic t ~ 2 Delta^-2 log log Delta^-2; the recommended
// a = ((2+beta)/beta)^2 against the theorem's condition; Section 5's lil'UCB and heuristic
// settings against Theorem th:lilucb; the toolkit's certified (corrected) setting; and the
// findings of docs/findings.md that are matters of computation (F1, F3, F4).  Verdicts follow the
// rubric (rubric.hpp): R2 for the stated forms, R3 for "the statement is what the proof
// establishes", R5 for the settings.

#include "lilucb_verification/checks.hpp"
#include "lilucb_verification/labels.hpp"
#include "lilucb_verification/rubric.hpp"

#include "lilucb/bandit/scenarios.hpp"
#include "lilucb/theory/finite_lil.hpp"
#include "lilucb/theory/instance.hpp"
#include "lilucb/theory/parameters.hpp"
#include "lilucb_docs/report_table.hpp"
#include "lilucb/theory/theorem.hpp"

#include <boost/math/special_functions/zeta.hpp>

#include <algorithm>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

namespace lilucb::verification {

namespace {

std::string paper_number(double x, int digits = 4) { return format_number(x, digits); }

claim paper_claim(std::string id, std::string text, std::string source, std::string computed,
           verdict_kind v, std::string evidence) {
  return claim{"paper-numbers." + std::move(id), std::move(text), std::move(source), std::move(computed),
               v, std::move(evidence), true};
}

// ---- Section 5: hardness of the scenarios -------------------------------------------------

constexpr int max_decade = 6;  // n = 10 ... 10^6

struct ratio_span {
  std::string per_n;  // "n=10: r, n=100: r, ..."
  double lo = INFINITY, hi = -INFINITY;
  double lo_paper = INFINITY, hi_paper = -INFINITY;  // over the paper's sizes 10 ... 10^4
};

ratio_span ratios(const std::function<double(std::uint64_t)>& h1, const std::function<double(double)>& stated) {
  ratio_span r;
  std::uint64_t n = 1;
  for (int k = 1; k <= max_decade; ++k) {
    n *= 10;
    const double q = h1(n) / stated(static_cast<double>(n));
    r.per_n += (k > 1 ? ", " : "") + std::string("n=1e") + std::to_string(k) + ": " + paper_number(q);
    r.lo = std::min(r.lo, q);
    r.hi = std::max(r.hi, q);
    if (k <= 4) {
      r.lo_paper = std::min(r.lo_paper, q);
      r.hi_paper = std::max(r.hi_paper, q);
    }
  }
  return r;
}

claim sparse_hardness() {
  // Section 5's text: "mu_1 = 1/4 and mu_i = 0 ... resulting in a hardness of H1 = 4n"; the
  // caption of fig:anyTimePlot gives mu_1 = 0.5 (fig:stoppingTimes's caption gives no mean; the
  // subcaptions of both figures repeat H1 = 4n).  H1 = sum over suboptimal arms of Delta_i^-2 =
  // (n-1)/gap^2, so H1/(4n) -> 1/(4 gap^2).  Rubric R2 under each of the paper's two readings.
  const auto quarter = ratios([](std::uint64_t n) { return hardness_h1(bandit::sparse_means(n, 0.25)); },
                              [](double n) { return 4 * n; });
  const auto half = ratios([](std::uint64_t n) { return hardness_h1(bandit::sparse_means(n, 0.5)); },
                           [](double n) { return 4 * n; });
  const verdict_kind text = judge_form(1 / (4 * 0.25 * 0.25), quarter.lo_paper, quarter.hi_paper);
  const verdict_kind caption = judge_form(1 / (4 * 0.5 * 0.5), half.lo_paper, half.hi_paper);
  const bool one = text == verdict_kind::fails ? caption != verdict_kind::fails : caption == verdict_kind::fails;
  const verdict_kind v = one ? verdict_kind::holds_with_caveat
                             : (text == verdict_kind::fails ? verdict_kind::fails : std::max(text, caption));
  return paper_claim("h1-sparse", "The 1-sparse scenario (mu_1 = 1/4, mu_i = 0 otherwise) has hardness H1 = 4n",
              "Section 5 (text: mu_1 = 1/4; the caption of fig:anyTimePlot: mu_1 = 0.5; the subcaptions of both "
              "figures: H1 = 4n)",
              "H1/(4n) with mu_1 = 1/4: " + quarter.per_n + " (limit 4); with mu_1 = 1/2: " + half.per_n + " (limit 1)",
              v,
              "H1 = (n-1)/mu_1^2 computed exactly by hardness_h1 for n = 10 ... 10^6. Rubric R2, under each of the "
              "paper's readings: with the text's mu_1 = 1/4 the limit ratio H1/(4n) is 4 (" +
                  std::string(to_string(text)) + "); with mu_1 = 0.5, given by the caption of fig:anyTimePlot only "
                  "(fig:stoppingTimes's caption gives no mean), it is 1 and the ratio is " + paper_number(half.lo_paper) +
                  " ... " + paper_number(half.hi_paper) + " over n = 10 ... 10^4 (" + std::string(to_string(caption)) +
                  "). It holds under one reading only; lilucb uses mu_1 = 1/2 by default (docs/findings.md F7).");
}

// alpha scenario: n+1 arms, mu_0 = 1, mu_i = 1 - (i/n)^alpha, so Delta_i = (i/n)^alpha and
// H1 = n^(2 alpha) sum_{i<=n} i^(-2 alpha).  Euler-Maclaurin: sum_{i<=n} i^-s =
// zeta(s) + n^(1-s)/(1-s) + n^-s/2 + O(n^(-s-1)), s != 1, so H1/n -> 1/(1-2 alpha) for
// alpha < 1/2 and H1/n^(2 alpha) -> zeta(2 alpha) for alpha > 1/2.
double alpha_h1_expansion(std::uint64_t n, double alpha) {
  const double s = 2 * alpha, nn = static_cast<double>(n);
  return std::pow(nn, s) * (boost::math::zeta(s) + std::pow(nn, 1 - s) / (1 - s) + std::pow(nn, -s) / 2);
}

double expansion_agreement(double alpha) {
  double worst = 0;
  for (std::uint64_t n : {1000ull, 1000000ull}) {
    const double exact = hardness_h1(bandit::alpha_means(n, alpha));
    worst = std::max(worst, std::abs(alpha_h1_expansion(n, alpha) / exact - 1));
  }
  return worst;
}

claim alpha_hardness(double alpha, double constant, double exponent, const std::string& stated_text) {
  const auto r = ratios([alpha](std::uint64_t n) { return hardness_h1(bandit::alpha_means(n, alpha)); },
                        [=](double n) { return constant * std::pow(n, exponent); });
  const double s = 2 * alpha;
  // The limit of H1 / (constant n^exponent) as n -> infinity.
  const double limit = (s < 1 ? 1 / (1 - s) : boost::math::zeta(s)) / constant;
  const verdict_kind v = judge_form(limit, r.lo_paper, r.hi_paper);  // rubric R2
  const std::string a = paper_number(alpha, 2);
  return paper_claim("h1-alpha" + a,
              "The alpha = " + a + " scenario (n+1 arms, mu_0 = 1, mu_i = 1 - (i/n)^alpha) has hardness H1 ~ " +
                  stated_text,
              "Section 5 (text and captions of fig:stoppingTimes, fig:anyTimePlot)",
              "H1/(" + stated_text + "): " + r.per_n + "; limit n -> inf: " + paper_number(limit),
              v,
              "H1 summed exactly (hardness_h1) for n = 10 ... 10^6. Asymptotically H1 = n^(2a) (zeta(2a) + "
              "n^(1-2a)/(1-2a) + n^(-2a)/2 + ...) (Euler-Maclaurin; agrees with the exact sums at n = 10^3, "
              "10^6 to a relative " + paper_number(expansion_agreement(alpha), 2) + "), so H1/(" + stated_text +
                  ") -> " + paper_number(limit) + ". Rubric R2: the limit within 10% of 1 (else fails); then holds if the "
                  "ratio stays within 10% of 1 over the paper's sizes n = 10 ... 10^4 (observed " + paper_number(r.lo_paper) +
                  " ... " + paper_number(r.hi_paper) + "), else holds with caveat. The paper gives one reading of this "
                  "scenario.");
}

// ---- Section 3: the optimal beta ----------------------------------------------------------

claim optimal_beta_claim() {
  const double b = optimal_beta<double>();
  // Independent derivation: d/db of (2+b)^2 (1 + (2+b)^2/b^2) vanishes where b^3 + b^2 - 2b - 4 = 0
  // (docs/theory.md); bisect the cubic, which is increasing on [1, 2] and changes sign there.
  auto cubic = [](double x) { return ((x + 1) * x - 2) * x - 4; };
  double lo = 1, hi = 2;
  for (int i = 0; i < 200 && hi - lo > 0; ++i) {
    const double mid = lo + (hi - lo) / 2;
    if (mid == lo || mid == hi) break;
    (cubic(mid) < 0 ? lo : hi) = mid;
  }
  const double root = lo;
  const bool rounds = std::abs(b - 1.66) < 0.005;
  const bool agree = std::abs(b - root) < 1e-6;
  return paper_claim("optimal-beta",
              "With c_a = 1 the optimal exploration constant is beta ~ 1.66 (it minimises (2+beta)^2 (1 + ((2+beta)/beta)^2))",
              "Section 3 (after Theorem th:lilucb) and end of Section sec:analysis",
              "Brent minimiser of leading_constant: " + paper_number(b, 8) + "; real root of b^3 + b^2 - 2b - 4: " +
                  paper_number(root, 10) + "; leading constant there " + paper_number(leading_constant(b), 6) +
                  " vs " + paper_number(leading_constant(1.0), 6) + " at beta = 1",
              rounds && agree ? verdict_kind::holds : verdict_kind::fails,
              "Two independent computations (Boost.Math Brent on [0.1, 10]; bisection of the derivative's "
              "cubic on [1, 2]) agree to " + paper_number(std::abs(b - root), 2) + "; both round to 1.66.");
}

// ---- Section 1: the intuition t ~ 2 Delta^-2 log log Delta^-2 -----------------------------

claim intro_crossing_time() {
  // t Delta = sqrt(2 t log log t)  <=>  t = 2 log log t / Delta^2: the largest solution is the
  // limit of the fixed-point iteration started far above it (the map is a contraction there).
  std::string per;
  double first = 0, last = 0;
  const double gaps[] = {1e-1, 1e-2, 1e-3, 1e-6, 1e-12};
  for (double d : gaps) {
    const double d2 = 1 / (d * d);
    double t = 1e6 * d2;
    for (int i = 0; i < 200; ++i) t = 2 * std::log(std::log(t)) * d2;
    const double q = t / (2 * d2 * std::log(std::log(d2)));
    per += (per.empty() ? "" : ", ") + std::string("Delta=") + paper_number(d, 2) + ": " + paper_number(q);
    if (d == gaps[0]) first = q;
    last = q;
  }
  return paper_claim("intro-crossing-time",
              "The drift t Delta crosses sqrt(2 t log log t) at t ~ 2 Delta^-2 log log Delta^-2",
              "Section 1 (Introduction)",
              "t*/(2 Delta^-2 log log Delta^-2): " + per,
              // Rubric R2 on the limit Delta -> 0 (the statement is asymptotic; the paper uses no range).
              std::abs(last - 1) < std::abs(first - 1) ? judge_form(last, last, last) : verdict_kind::fails,
              "t* = the largest root of t = 2 log log t/Delta^2 (fixed-point iteration from 10^6/Delta^2, "
              "200 steps). The ratio tends to 1 as Delta -> 0 (log log t* = log log Delta^-2 + "
              "O(log log log Delta^-2 / log Delta^-2)), slowly: it is an order-of-magnitude statement.");
}

// ---- Section 3: the recommended a = ((2+beta)/beta)^2 -------------------------------------

claim recommended_a() {
  // Section 3 suggests "beta = 1 and a = ((beta+2)/beta)^2", and the end of Section sec:analysis
  // calls it "the approximation c_a = 1" of a = c_a ((2+beta)/beta)^2.  Of what: the theorem's
  // a_min = kappa/(1 - delta - sqrt(sqrt(delta) log(1/delta))), kappa = c (1 + log(2 log(c/delta))/
  // log(1/delta)), c = ((2+beta)/beta)^2, so a_min/c -> 1 as delta -> 0 (log log(1/delta)/log(1/delta)
  // -> 0, the denominator -> 1): c is a_min's limit for small delta.  For delta < log(1+eps)/e < 1/e:
  // c/delta > e, so the numerator exceeds 1 and the denominator is below 1: a_min > c at every
  // admissible delta.  Rubric R2: judged on the limit ratio, with the range the admissible delta.
  double lo = INFINITY, hi = 0;
  std::string where_lo, where_hi;
  std::size_t points = 0, infeasible = 0;
  for (double beta : {0.5, 1.0, 1.66, 2.0, 5.0})
    for (double eps : {0.01, 0.1, 0.5, 0.99}) {
      const double cap = lil_delta_max(eps, inner_log::lemma);
      for (int k = 1; k <= 400; ++k) {
        const double delta = cap * std::pow(10.0, -12.0 * (k - 1) / 399.0) * (1 - 1e-12);
        ++points;
        const auto am = a_min(beta, delta);
        if (!am) {
          ++infeasible;
          continue;
        }
        const double q = *am / exploration_ratio(beta);
        const std::string at = "beta = " + paper_number(beta, 3) + ", eps = " + paper_number(eps, 2) + ", delta = " + paper_number(delta, 3);
        if (q < lo) lo = q, where_lo = at;
        if (q > hi) hi = q, where_hi = at;
      }
    }
  // The approach to the limit at beta = 1.
  std::string approach;
  double last = 0;
  for (double delta : {1e-6, 1e-12, 1e-30, 1e-100, 1e-300}) {
    const auto am = a_min(1.0, delta);
    last = am ? *am / exploration_ratio(1.0) : INFINITY;
    approach += (approach.empty() ? "" : ", ") + std::string("delta = ") + paper_number(delta, 1) + ": " + paper_number(last, 5);
  }
  return paper_claim("recommended-a",
              "The suggested a = ((beta+2)/beta)^2 (the 'c_a = 1 approximation') approximates the theorem's "
              "threshold a_min on a",
              "Section 3 (after Theorem th:lilucb) and the end of Section sec:analysis; Section 5 uses a = 9 for beta = 1",
              "a_min/((2+beta)/beta)^2 over the grid: " + paper_number(lo, 6) + " (at " + where_lo + ") to " + paper_number(hi, 6) +
                  " (at " + where_hi + "); " + std::to_string(infeasible) + " of " + std::to_string(points) +
                  " grid points have no feasible a; at beta = 1: " + approach + "; limit delta -> 0: 1",
              judge_form(1.0, lo, hi),
              "((2+beta)/beta)^2 is the limit of a_min as delta -> 0 (kappa's log factor and the denominator tend "
              "to 1, slowly: like log log(1/delta)/log(1/delta)). Analytically a_min > ((2+beta)/beta)^2 at every "
              "admissible delta (numerator > 1 since c/delta > e; denominator < 1), so a = ((2+beta)/beta)^2 itself "
              "never meets the theorem's condition: the ratio stays at least " + paper_number(lo, 4) + " on the grid. Rubric "
              "R2: limit ratio 1 (holds as an approximation), outside 10% over the admissible range (caveat). Grid: "
              "beta in {0.5, 1, 1.66, 2, 5}, eps in {0.01, 0.1, 0.5, 0.99}, 400 log-spaced delta from 1e-12 cap to "
              "the cap log(1+eps)/e; a_min from lilucb::a_min (stated form).");
}

// ---- Section 5: the paper's lil'UCB setting and the heuristic -----------------------------

std::string setting_text(const lilucb_setting<double>& s) {
  std::string t = "nu = " + paper_number(s.nu, 3) + ": delta = " + paper_number(s.delta, 4) + " (cap " +
                  paper_number(s.theorem.delta_max, 4) + "), a = " + paper_number(s.a, 4) + ", a_min = " +
                  (s.theorem.a_min ? paper_number(*s.theorem.a_min, 4) : std::string("infeasible")) +
                  ", rho delta = " + paper_number(rho(s.eps) * s.delta, 4) + ", failure bound " +
                  (s.theorem.failure_bound ? paper_number(*s.theorem.failure_bound, 4) : std::string("vacuous"));
  return t;
}

claim paper_setting() {
  std::string per, vacuous, too_weak;
  bool any_meets = false, any_guarantee = false, a_always_small = true;
  for (double nu : {0.1, 0.05, 0.01, 0.001}) {
    const auto s = paper_theory_setting(nu);
    per += (per.empty() ? "" : "; ") + setting_text(s);
    any_meets = any_meets || s.theorem.satisfies_theorem();
    any_guarantee = any_guarantee || s.guarantees_nu();
    a_always_small = a_always_small && !s.theorem.a_sufficient;
    auto& list = s.theorem.failure_bound ? too_weak : vacuous;
    if (!s.guarantees_nu()) list += (list.empty() ? "" : ", ") + paper_number(nu, 3);
  }
  const auto p = paper_theory_setting(0.1);
  const double per_event = lil_failure_probability(p.eps, p.delta, inner_log::lemma);
  return paper_claim("paper-setting",
              "Section 5's lil'UCB setting (eps = 0.01, beta = 1, a = 9, delta = (nu eps/(5(2+eps)))^(1/(1+eps))) "
              "meets Theorem th:lilucb and finds the best arm with probability >= 1 - nu",
              "Section 5 (list of algorithms), Theorem th:lilucb",
              per,
              judge_setting(any_meets && any_guarantee, certified_argument_complete, false),  // rubric R5
              "check_theorem on the exact setting: a = 9 " + std::string(a_always_small ? "<" : "is not always <") +
                  " a_min at every nu listed; the theorem's bound sqrt(rho delta) + 4 rho delta/(1 - rho delta) is "
                  "vacuous (>= 1) at nu in {" + vacuous + "} and exceeds nu at nu in {" + too_weak + "}. Read as 'nu/5 per failure "
              "event through Lemma lem:lil', the formula misses a factor log(1+eps): at nu = 0.1 Lemma lem:lil's "
              "failure probability at this delta is " + paper_number(per_event, 4) + " = " + paper_number(per_event / (0.1 / 5), 4) +
                  " x nu/5 (docs/findings.md F2). The certified setting is the corrected variant.");
}

claim heuristic_setting_claim() {
  std::string per;
  bool any = false;
  for (std::uint64_t n : {10ull, 10000ull}) {
    const auto s = heuristic_setting(0.1, n);
    any = any || s.theorem.satisfies_theorem();
    per += (per.empty() ? "" : "; ") + std::string("n = ") + std::to_string(n) + ": eps in (0,1)? " +
           (s.theorem.eps_in_range ? "yes" : "no") + ", a = " + paper_number(s.a, 4) + " vs a_min(beta = 1/2, delta = " +
           paper_number(s.delta, 3) + ") = " + (s.theorem.a_min ? paper_number(*s.theorem.a_min, 4) : std::string("infeasible"));
  }
  return paper_claim("heuristic-setting",
              "The heuristic setting (eps = 0, beta = 1/2, a = 1 + 10/n, delta = nu/5) does not satisfy the theorem's conditions",
              "Section 5 (lil'UCB Heuristic)", per, any ? verdict_kind::fails : verdict_kind::holds,
              "check_theorem at nu = 0.1: eps = 0 is outside the theorem's range and a is far below a_min; the paper "
              "says so itself. Its error rate is measured by the adversarial check.");
}

claim certified_claim() {
  std::string per;
  bool all = true, gap = false;
  for (double nu : {0.1, 0.01, 0.001}) {
    const auto c = certified_setting(nu, 0.01, 1.0);
    const auto p = paper_theory_setting(nu);
    all = all && c.setting.guarantees_nu();
    // The proof's own condition on a (Lemma lem:2, Step 2, with rho delta; F4): a gap shown to
    // matter at this setting when a is below it.
    const auto proof = a_min_proof(c.setting.beta, c.setting.delta, c.setting.eps);
    const bool below = !proof || c.setting.a < *proof;
    gap = gap || below;
    per += (per.empty() ? "" : "; ") + std::string("nu = ") + paper_number(nu, 3) + ": delta = " + paper_number(c.setting.delta, 4) +
           " (" + paper_number(p.delta / c.setting.delta, 4) + "x smaller than Section 5's), a = repaired a_min = " +
           paper_number(c.setting.a, 4) + ", repaired failure bound " +
           (c.setting.repaired.failure_bound ? paper_number(*c.setting.repaired.failure_bound, 6) : std::string("vacuous"));
  }
  return paper_claim("certified-setting",
              "For eps = 0.01, beta = 1 there are delta and a for which a proven statement (Theorem R, the repaired "
              "correctness part of Theorem th:lilucb, docs/repaired-theorem.md) bounds the error probability by nu",
              "Theorem th:lilucb; docs/repaired-theorem.md", per, judge_setting(all, certified_argument_complete, gap),
              "certified_setting: delta = min(largest delta with repaired_failure_bound <= nu, the minimiser of "
              "(1 + repaired a_min) log(1/delta)), a = repaired_a_min(beta, delta, eps); check_repaired_theorem confirms "
              "every hypothesis. Certifies P(stops on a suboptimal arm) <= nu; termination is not certified. It is what "
              "`lilucb-certified` runs.");
}

// ---- findings that are computations -------------------------------------------------------

claim lil_constant() {
  // F1: the proof's exact sum (Steps 1-2 plus the uncovered t = 1) against the stated constant.
  std::size_t points = 0, exceed = 0;
  double worst = 0;
  std::string where;
  for (double eps : {1e-3, 3e-3, 0.01, 0.03, 0.1, 0.3, 0.5, 0.9}) {
    const double cap = lil_delta_max(eps, inner_log::lemma);
    for (int k = 0; k < 200; ++k) {
      const double delta = cap * std::pow(10.0, -8.0 * k / 199.0) * (1 - 1e-12);
      ++points;
      const double q = lil_failure_probability_proof(eps, delta) / lil_failure_probability(eps, delta, inner_log::lemma);
      if (q > 1) ++exceed;
      if (q > worst) {
        worst = q;
        where = "eps = " + paper_number(eps, 3) + ", delta = " + paper_number(delta, 4);
      }
    }
  }
  return paper_claim("lil-constant",
              "Lemma lem:lil's proof establishes the stated failure probability (2+eps)/eps (delta/log(1+eps))^(1+eps)",
              "Lemma lem:lil (proof, Steps 1-3)",
              "proof's sum / stated > 1 at " + std::to_string(exceed) + " of " + std::to_string(points) +
                  " grid points; largest ratio " + paper_number(worst, 6) + " at " + where,
              judge_correction(worst),  // rubric R3
              "Rubric R3 on the largest proof/stated ratio. lil_failure_probability_proof = (2 zeta(1+eps) - 1) x^(1+eps) + x^((1+sqrt eps)^2 (1+eps)), "
              "x = delta/log(1+eps), adding the time t = 1 that the proof's steps do not cover (Chernoff); "
              "zeta from Boost.Math. Grid: eps in {0.001 ... 0.9} (8 values) x 200 log-spaced delta over 8 decades "
              "below the cap log(1+eps)/e (docs/findings.md F1; table docs/generated/lil-constant.md).");
}

claim lemma1_statement() {
  // F3: the statement drops gamma H1 log(1/delta) from the proof's bound.
  std::string per;
  double worst = 1;
  for (double gap : {0.5, 0.1, 0.01}) {
    const std::vector<double> means = {gap, 0.0, 0.0, 0.0};
    const auto s = certified_setting(0.1, 0.01, 1.0).setting;
    const double stated = lemma1_bound(means, s.eps, s.beta, s.delta);
    const double proof = lemma1_bound_proof(means, s.eps, s.beta, s.delta);
    worst = std::max(worst, proof / stated);
    per += (per.empty() ? "" : "; ") + std::string("gap ") + paper_number(gap, 2) + ": stated " + paper_number(stated, 5) +
           ", proof " + paper_number(proof, 5) + " (x" + paper_number(proof / stated, 4) + ")";
  }
  return paper_claim("lemma1-statement",
              "Lemma lem:1's stated bound on the suboptimal pulls is what its proof establishes",
              "Lemma lem:1 (statement vs the last display of its proof, tau_i)",
              "4 arms, one best with the gap shown, certified setting for nu = 0.1: " + per,
              judge_correction(worst),  // rubric R3
              "Rubric R3 on the largest proof/stated ratio " + paper_number(worst, 4) + ". "
              "lemma1_bound (statement) vs lemma1_bound_proof (sum of 8 e gamma log(1/delta)/Delta_i^2 + tau_i + 1 "
              "with the whole tau_i): the statement is smaller by gamma H1 log(1/delta) - 1, i.e. its H1 log(1/delta) "
              "coefficient should be (8e + 1) gamma (docs/findings.md F3). Measured pull counts are compared with both "
              "in the complexity check.");
}

claim a_condition() {
  // F4: the condition on a uses delta where the proof of Lemma lem:2 has rho delta.  The same
  // statement's implication is proved false by the interval prover (inequalities.theorem-condition-a);
  // this row gives the size of the correction at the settings a user gets (rubric R3).
  std::string per;
  double worst = 1;
  for (double nu : {0.1, 0.01, 0.001}) {
    const auto s = certified_setting(nu, 0.01, 1.0).setting;
    const auto stated = a_min(s.beta, s.delta);
    const auto proof = a_min_proof(s.beta, s.delta, s.eps);
    if (stated && proof) worst = std::max(worst, *proof / *stated);
    if (stated && !proof) worst = INFINITY;
    per += (per.empty() ? "" : "; ") + std::string("nu = ") + paper_number(nu, 3) + " (delta = " + paper_number(s.delta, 3) +
           "): stated a_min " + (stated ? paper_number(*stated, 5) : std::string("infeasible")) + ", proof's " +
           (proof ? paper_number(*proof, 5) : std::string("infeasible")) +
           (stated && proof ? " (x" + paper_number(*proof / *stated, 4) + ")" : std::string());
  }
  return paper_claim("a-condition",
              "The theorem's condition on a (with 1 - delta - sqrt(sqrt(delta) log(1/delta)) in the denominator) is "
              "what Lemma lem:2's proof needs",
              "Theorem th:lilucb, Lemma lem:2 (Step 2 of its proof uses delta' = rho delta)",
              per, std::isfinite(worst) ? judge_correction(worst) : verdict_kind::fails,
              "a_min (stated) vs a_min_proof = kappa/(1 - rho delta - sqrt(sqrt(rho delta) log(1/(rho delta)))) at the "
              "certified delta for eps = 0.01, beta = 1 and nu = 0.1, 0.01, 0.001 (docs/findings.md F4). Rubric R3: the "
              "proof needs a threshold up to " + paper_number(worst, 4) + " times the stated one, beyond the 10% tolerance. "
              "The same fact, as an implication, is row inequalities.theorem-condition-a (a certain counterexample).");
}

}  // namespace

std::vector<claim> paper_numbers_claims(const verify_options&) {
  return {sparse_hardness(),
          alpha_hardness(0.3, 1.5, 1.0, "3/2 n"),
          alpha_hardness(0.6, 6.0, 1.2, "6 n^1.2"),
          optimal_beta_claim(),
          intro_crossing_time(),
          recommended_a(),
          paper_setting(),
          heuristic_setting_claim(),
          certified_claim(),
          lil_constant(),
          lemma1_statement(),
          a_condition()};
}

}  // namespace lilucb::verification
