// The `inequalities` check, the repaired proof (docs/repaired-theorem.md, Theorem R): interval
// proofs of the steps that replace the paper's (R1) eq. stupidinequality2, Lemma lem:2's Step 2
// aggregation, (R2) the binomial tail and (R3) the condition on a.  The rows join the paper's
// (inequalities.cpp) in the same check; helpers: inequality_support.hpp.

#include "inequality_support.hpp"

#include "lilucb/theory/repaired_theorem.hpp"
#include "lilucb/theory/theorem.hpp"

#include <array>
#include <cmath>
#include <string>
#include <vector>

namespace lilucb::verification::inequality {

namespace {

// (R1) eq. stupidinequality2, repaired: for eps in (0,1), delta in (0, log(1+eps)/e),
// omega in (0, delta], c in (0,1], s, t >= 1,
//   (1/t) log(log((1+eps)t)/omega) >= (c/s) log(log((1+eps)s)/delta)
//     => t <= (s/c) (log(1/omega) + log(2 log(1/(c omega)))) / log(log(1+eps)/delta).
// Reduction (docs/repaired-theorem.md, R1): with y = c t/s >= 1, A = log(1/c) >= 0, B = log(1/omega),
// D1 = log(log(1+eps)/delta) >= 1, the hypothesis gives y D1 <= B + log(1 + A + log y); h(y) =
// y D1 - B - log(1 + A + log y) is increasing on y >= 1 [(b)], and h(Y*) > 0 at Y* = (B + log(2(A+B)))/D1
// because log Y* <= log(B + log(2(A+B))) < A + 2B - 1 [(a)].
claim stupid_inequality_2_repaired() {
  const interval b0 = b0_enclosure();
  const prover::box<2> ray{interval(0.0, inf), interval(b0.lower(), inf)};
  const std::array<const char*, 2> names{"A", "B"};
  const auto b = budget_of(10000);
  // (a) q(A,B) = A + 2B - 1 - log(B + log(2(A+B))) > 0: increasing in A and B, positive at the corner.
  const prover::predicate<2> neg_dq_da{[](const prover::box<2>& x) {
                                         const interval S = x[0] + x[1];
                                         return -(one - (one / S) / (x[1] + lg(two * S)));
                                       },
                                       true};
  const prover::predicate<2> neg_dq_db = q_increasing_in_b();
  const prover::predicate<2> neg_q{[](const prover::box<2>& x) {
                                     return -(x[0] + two * x[1] - one - lg(x[1] + lg(two * (x[0] + x[1]))));
                                   },
                                   true};
  const auto rqa = prover::prove(neg_dq_da, ray, b);
  const auto rqb = prover::prove(neg_dq_db, ray, b);
  const auto rq = prover::prove(neg_q, prover::box<2>{interval(0.0), b0}, b);
  // (b) h'(y) = D1 - 1/(y (1 + A + log y)) >= 1 - 1/(y (1 + A + log y)) >= 0 on y >= 1, A >= 0.
  const std::array<const char*, 2> ynames{"y", "A"};
  const prover::predicate<2> neg_h{[](const prover::box<2>& x) {
                                     return -(one - one / (x[0] * (one + x[1] + lg(x[0]))));
                                   },
                                   false};
  const auto rh = prover::prove(neg_h, prover::box<2>{interval(1.0, inf), interval(0.0, inf)}, b);
  // (c) cross-check in the original variables on the domain where the paper's form fails
  // (row stupid-2): t, s in [1, 1000], eps, theta in [0.001, 0.999], omega = delta, c = 1/9.
  const interval c = one / interval(9.0);
  const std::array<const char*, 4> onames{"t", "s", "eps", "theta"};
  const prover::predicate<4> hyp{[c](const prover::box<4>& x) {
                                   const interval l1 = prover::interval_log1p(x[2]);
                                   const interval delta = delta_of(x[2], x[3]);
                                   return c / x[1] * lg((lg(x[1]) + l1) / delta) - lg((lg(x[0]) + l1) / delta) / x[0];
                                 },
                                 false};
  const prover::predicate<4> concl{[c](const prover::box<4>& x) {
                                     const interval l1 = prover::interval_log1p(x[2]);
                                     const interval delta = delta_of(x[2], x[3]);
                                     return x[0] - x[1] / c * (lg(one / delta) + lg(two * lg(one / (c * delta)))) /
                                                       lg(l1 / delta);
                                   },
                                   false};
  auto bx = budget_of(100000);
  bx.relative_widths = false;
  const auto ro = prover::prove_implication(
      hyp, concl,
      prover::box<4>{interval(1.0, 1000.0), interval(1.0, 1000.0), interval(0.001, 0.999), interval(0.001, 0.999)},
      bx);
  const bool all = rqa.verdict == prover::outcome::proved && rqb.verdict == prover::outcome::proved &&
                   rq.verdict == prover::outcome::proved && rh.verdict == prover::outcome::proved;
  const bool cex = ro.verdict == prover::outcome::counterexample;
  return make("stupid-2-repaired",
              "Repaired eq. (stupidinequality2) (docs/repaired-theorem.md, R1): for t, s >= 1, c in (0,1], "
              "omega <= delta < log(1+eps)/e, (1/t) log(log((1+eps)t)/omega) >= (c/s) log(log((1+eps)s)/delta) implies "
              "t <= (s/c) (log(1/omega) + log(2 log(1/(c omega))))/log(log(1+eps)/delta)",
              "Repaired Lemma lem:2, Step 1 (replaces eq. stupidinequality2, which fails near s = 1)",
              std::string("reduction: ") + (all ? "proved" : "undecided") +
                  (cex ? "; COUNTEREXAMPLE in the original variables" : "; no counterexample in the original variables"),
              cex ? verdict_kind::fails : all ? verdict_kind::holds : verdict_kind::undecided,
              "Reduction (pencil step in docs/repaired-theorem.md): y = c t/s, A = log(1/c) in [0, inf), B = log(1/omega) "
              "in [B0, inf), B0 = 1 + log(1/log 2), D1 = log(log(1+eps)/delta) >= 1; the hypothesis gives y D1 <= B + "
              "log(1 + A + log y) for y >= 1. Checked: (a) q = A + 2B - 1 - log(B + log(2(A+B))) > 0, increasing in A [" +
                  prover::summary(rqa, names) + "] and in B [" + prover::summary(rqb, names) +
                  "] on the unbounded box, positive at the corner (0, B0) [" + prover::summary(rq, names) +
                  "]; (b) 1 - 1/(y(1 + A + log y)) >= 0 on [1, inf) x [0, inf) [" + prover::summary(rh, ynames) +
                  "]. Cross-check (counterexample search) in the original variables over the box on which the paper's "
                  "form has a certain counterexample (row stupid-2: t, s in [1,1000], eps, theta in [0.001, 0.999], "
                  "delta = theta log(1+eps)/e, omega = delta, c = 1/9): " + prover::summary(ro, onames) + ".");
}

// Lemma lem:2 Step 2 with omega = delta^m (m = i - 1): the per-pair bound divided by m is at most the
// m = 1 value, i.e. log(2(A + m D)) <= m log(2(A + D)) for m >= 1, A >= 0, D >= B0.  The derivative in m
// is D/(A + mD) - log(2(A+D)) <= 1/m - log(2(A+D)) <= 1 - log(2(A+D)) < 0, and equality holds at m = 1.
claim lemma2_kappa_aggregation() {
  const interval b0 = b0_enclosure();
  const std::array<const char*, 2> names{"A", "D"};
  const prover::predicate<2> g{[](const prover::box<2>& x) { return one - lg(two * (x[0] + x[1])); }, true};
  const auto r = prover::prove(g, prover::box<2>{interval(0.0, inf), interval(b0.lower(), inf)}, budget_of(1000));
  const std::array<const char*, 3> names3{"m", "A", "D"};
  const prover::predicate<3> direct{[](const prover::box<3>& x) {
                                      return lg(two * (x[1] + x[0] * x[2])) - x[0] * lg(two * (x[1] + x[2]));
                                    },
                                    true};
  const auto rd = prover::prove(direct, prover::box<3>{interval(2.0, 1e4), interval(0.0, 20.0), interval(b0.lower(), 700.0)},
                                budget_of(50000));
  const bool cex = rd.verdict == prover::outcome::counterexample;
  return make("lemma2-kappa-repaired",
              "Repaired Lemma lem:2, Step 2: with omega = delta^(i-1), the pairwise factor divided by i-1 is at most "
              "kappa's: log(2(A + mD)) <= m log(2(A + D)) for m = i-1 >= 1, A = log(((2+beta)/beta)^2), D = log(1/delta)",
              "Lemma lem:2, proof, Step 2 (first display; the step is implicit in the paper)",
              std::string(prover::to_string(r.verdict)) + (cex ? "; COUNTEREXAMPLE on the bounded box" : ""),
              cex ? verdict_kind::fails : r.verdict == prover::outcome::proved ? verdict_kind::holds : verdict_kind::undecided,
              "Monotonicity in m: d/dm = D/(A + mD) - log(2(A+D)) <= 1/m - log(2(A+D)), and 1 - log(2(A+D)) < 0 on "
              "[0, inf) x [B0, inf): " + prover::summary(r, names) +
                  "; equality at m = 1. Cross-check of the inequality itself (strict for m >= 2) on m in [2, 1e4], A in "
                  "[0, 20], D in [B0, 700]: " + prover::summary(rd, names3) + ".");
}

// (R2) The binomial tail: P(at least K of m independent events fail, each with probability <= q)
// <= C(m, K) q^K (union over K-subsets), and for the tail of the sum C(m,K) <= m^K/K! <= (e m/K)^K,
// from K! >= (K/e)^K, whose induction step is (1 + 1/K)^K <= e, i.e. log(1+x) <= x for x = 1/K in (0,1]
// (d/dx (log(1+x) - x) = 1/(1+x) - 1 <= 0 and equality at x = 0).  The row also compares the
// repaired Lemma lem:2 probability with the paper's last display.
claim lemma2_binomial_tail() {
  const std::array<const char*, 1> names{"x"};
  const prover::predicate<1> g{[](const prover::box<1>& x) { return one / (one + x[0]) - one; }, false};
  const auto r = prover::prove(g, prover::box<1>{interval(0.0, 1.0)}, budget_of(1000));
  std::string cmp;
  const double eps = 0.01;
  const double dmax = lilucb::repaired_delta_max(eps);
  for (double d : {1e-12, 1e-10, 1e-8, 1e-7, 1e-6}) {
    if (!(d < dmax)) continue;
    const double dp = lilucb::rho(eps) * d;
    const auto f = lilucb::repaired_failure_bound(eps, d);
    cmp += (cmp.empty() ? "" : "; ") + std::string("delta = ") + num(d, 2) + ": repaired " +
           (f ? num(*f, 4) : std::string("vacuous")) + " vs paper's sqrt(d') + 2d'/(1-d') = " +
           num(std::sqrt(dp) + 2 * dp / (1 - dp), 4);
  }
  return make("lemma2-binomial-repaired",
              "Repaired Lemma lem:2, last display (R2): P(at least alpha(i-1) of the i-1 better arms' events E_j(delta) "
              "fail) <= C(i-1, K) q^K, K = ceil(alpha(i-1)), q = lil_failure_probability_proof(eps, delta); the tail "
              "of the sum uses C(m,K) <= (e m/K)^K",
              "Lemma lem:2, proof, Step 2 (replaces the last display, false for delta' < 0.00864: lemma2-final-sum)",
              std::string("(1+1/K)^K <= e: ") + prover::to_string(r.verdict) + "; at eps = 0.01: " + cmp,
              r.verdict == prover::outcome::proved ? verdict_kind::holds : verdict_kind::undecided,
              "Union over K-subsets with independence across arms gives C(m,K) q^K (no Hoeffding step). The tail bound "
              "rests on K! >= (K/e)^K, by induction from (1 + 1/K)^K <= e, i.e. log(1+x) <= x on x = 1/K in (0, 1]: "
              "derivative 1/(1+x) - 1 <= 0 proved on [0,1] [" +
                  prover::summary(r, names) +
                  "], equality at 0. The sum over all n is evaluated by lilucb::repaired_failure_bound (closed form for "
                  "the upper events, blocks of equal K plus a geometric tail for the binomial terms; every step an upper "
                  "bound); tested against 50-digit references from tests/reference/make_reference.py.");
}

// (R3) The repaired condition on a is defined on the repaired range: its denominator
// 1 - x - sqrt(sqrt(x) log(1/x)), x = rho delta, is positive for x < x*.
claim repaired_condition_a() {
  const double xs = lilucb::detail::repaired_x_star<double>();
  const std::array<const char*, 1> names{"x"};
  const prover::predicate<1> neg_den{[](const prover::box<1>& x) {
                                       return -(one - x[0] - sq(sq(x[0]) * lg(one / x[0])));
                                     },
                                     true};
  const double top = xs * (1 - 1e-9);
  const auto r = prover::prove(neg_den, prover::box<1>{interval(1e-300, top)}, budget_of(20000));
  const interval at_top = -neg_den.f(prover::box<1>{interval(xs * (1 + 1e-9))});
  return make("theorem-condition-a-repaired",
              "Repaired condition on a (R3): a >= repaired_kappa/(1 - rho delta - sqrt(sqrt(rho delta) log(1/(rho delta)))) "
              "with a positive denominator on the repaired range rho delta < x* = " + num(xs, 10),
              "Theorem th:lilucb / Lemma lem:2 condition on a, with delta' = rho delta as the proof uses it (F4)",
              std::string(prover::to_string(r.verdict)) + " on [1e-300, x*(1 - 1e-9)]; at x*(1 + 1e-9) the denominator is " +
                  prover::text(at_top),
              r.verdict == prover::outcome::proved ? verdict_kind::holds : verdict_kind::undecided,
              "Denominator > 0 proved on [1e-300, x*(1 - 1e-9)]: " + prover::summary(r, names) +
                  "; below 1e-300 it is larger (sqrt(x) log(1/x) increases on (0, e^-2)). x* is the root found by "
                  "lilucb::detail::repaired_x_star (TOMS 748); repaired_delta_max(eps) = min(log(1+eps)/e, x*/rho(eps)).");
}

}  // namespace

std::vector<claim> repaired_inequality_claims() {
  return {stupid_inequality_2_repaired(), lemma2_kappa_aggregation(), lemma2_binomial_tail(), repaired_condition_a()};
}

}  // namespace lilucb::verification::inequality
