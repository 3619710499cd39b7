// The bodies of GLR stopping for Gaussian rewards of unknown variance, Proposition GU
// (lilucb/bandit/stopping/glr_unknown_variance.hpp states the contract; the certified sup and its
// proof: docs/certified-glr/epsilon-topm.md, section 3, "As implemented").

#include "lilucb/bandit/stopping/glr_unknown_variance.hpp"

#include <boost/math/special_functions/gamma.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <numbers>
#include <string>
#include <vector>

namespace lilucb::bandit::stopping {

namespace {
constexpr double inf = std::numeric_limits<double>::infinity();
constexpr double log_2pie = 2.837877066409345483560659472811235279722794947275566825634;  // log(2 pi e)
/// The rounding margin of one evaluated value of a profile term (relative to n + |value|; the
/// evaluation's error is below 10 units of 2^-53 of that: "As implemented", Numerics).
constexpr double value_margin = 1e-13;
/// The margin of L per unit of its terms' magnitudes (each term within ~10 ulps, the compensated
/// sum within 2 ulps of the sum of magnitudes).
constexpr double sum_margin = 2e-14;

double up(double x) { return std::nextafter(x, inf); }
double dn(double x) { return std::nextafter(x, -inf); }
/// k m rounded upwards (exactly: the product's rounding error by fma).
double mul_up(double k, double m) {
  const double x = k * m;
  return std::fma(k, m, -x) > 0 ? up(x) : x;
}

/// The sup problem: H(m) = fa(m) + fc(m) >= l+_a(g(m)) + l-_c(m) for every m in the domain, with
/// fa nondecreasing and fc nonincreasing, smooth with |fa''| <= k^2 na/(va + da^2), |fc''| <= nc/(vc + dc^2).
struct sup_problem {
  double na, ya, va, nc, yc, vc;
  bool relative;
  double A;  ///< additive: ya + epsilon rounded downwards (fa's kink: A - m = 0)
  double k;  ///< relative: 1 - epsilon rounded upwards (fa's kink: k m = ya)

  /// The answer's distance below its kink, (ybar_a - g(m)) as computed (relative error <= 2^-53).
  double da(double m) const { return relative ? ya - mul_up(k, m) : A - m; }
  /// A lower bound of da over [x, y] (da is nonincreasing in m), clamped at 0.
  double da_low(double y) const {
    const double d = dn(relative ? ya - mul_up(k, y) : A - y);
    return d > 0 ? d : 0.0;
  }
  double fa(double m) const {
    const double d = std::max(da(m), 0.0);
    return -0.5 * na * (log_2pie + std::log(va + d * d));
  }
  double fc(double m) const {
    const double d = std::max(m - yc, 0.0);
    return -0.5 * nc * (log_2pie + std::log(vc + d * d));
  }
  /// |H''| <= curvature(x, y) on [x, y] (|v - d^2|/(v + d^2)^2 <= 1/(v + d^2), decreasing in d >= 0).
  double curvature(double x, double y) const {
    const double a = da_low(y), c = std::max(dn(x - yc), 0.0);
    const double kk = relative ? k * k : 1.0;
    return (kk * na / (va + a * a) + nc / (vc + c * c)) * (1 + 1e-12);
  }
};

struct point {
  double m, fa, fc, e;  // e: the rounding margin of fa + fc
  double upper() const { return fa + fc + e; }
  double lower() const { return fa + fc - e; }
};

struct interval {
  double U;  // an upper bound of H on [x.m, y.m]
  point x, y;
  bool operator<(const interval& o) const { return U < o.U; }
};

point evaluate(const sup_problem& P, double m) {
  const double fa = P.fa(m), fc = P.fc(m);
  // Inside the range guard of gu_sup_upper v + d^2 is finite and normal, so the values are finite.
  const double e = value_margin * (P.na + P.nc + std::fabs(fa) + std::fabs(fc));
  return {m, fa, fc, std::isfinite(e) ? e : 0.0};
}

interval bound(const sup_problem& P, const point& x, const point& y) {
  // The monotone bound: fa(m) <= fa(y), fc(m) <= fc(x) on [x, y].
  const double U2 = x.fc + y.fa + x.e + y.e;
  // The interpolation bound: a function with |f''| <= M on [x, y] is at most the larger end
  // value plus M (y - x)^2/8.
  double U1 = inf;
  if (std::isfinite(x.upper()) && std::isfinite(y.upper())) {
    const double w = y.m - x.m;
    U1 = std::max(x.upper(), y.upper()) + P.curvature(x.m, y.m) * (w * w / 8) * (1 + 1e-12);
    if (std::isnan(U1)) U1 = inf;
  }
  return {std::min(U1, U2), x, y};
}
}  // namespace

double gu_profile(double n, double ybar, double v, double x, bool upper) {
  if (n == 0) return 0.0;
  const double d = std::max(upper ? ybar - x : x - ybar, 0.0);
  const double b = v + d * d;
  if (b == 0) return inf;
  return -0.5 * n * (log_2pie + std::log(b));
}

double gu_sup_upper(double na, double ya, double va, double nc, double yc, double vc, const answer_target& target,
                    double pass_at, double fail_above) {
  constexpr const char* fn = "lilucb::bandit::stopping::gu_sup_upper";
  check_target(fn, target);
  check_at_least(fn, "na", na, 1.0);
  check_at_least(fn, "nc", nc, 1.0);
  check_finite(fn, "ya", ya);
  check_finite(fn, "yc", yc);
  check_at_least(fn, "va", va, 0.0);
  check_at_least(fn, "vc", vc, 0.0);
  // A v of 0: that arm's term is +inf at its kink, where the other is finite or +inf.
  if (va == 0 || vc == 0) return inf;
  // The range guard: outside it v + d^2 could overflow or leave the normal range, where the
  // evaluated terms are not bounds; such a pair's sup is taken as +inf (it never passes).
  constexpr double v_lo = 1e-150, v_hi = 1e150, y_hi = 1e75;
  if (!(va >= v_lo && va <= v_hi && vc >= v_lo && vc <= v_hi && std::fabs(ya) <= y_hi && std::fabs(yc) <= y_hi))
    return inf;
  sup_problem P{na, ya, va, nc, yc, vc, target.relative && target.epsilon > 0, ya, 1.0};
  double lo_domain = -inf, a_lo = ya, a_hi = ya;
  if (P.relative) {
    lo_domain = 0;  // the relative question (epsilon > 0) has means >= 0: m ranges over [0, inf)
    // k = 1 - epsilon rounded upwards (Fast2Sum: 1 >= epsilon, the error (1 - k) - epsilon exact).
    const double k0 = 1 - target.epsilon;
    P.k = (1 - k0) - target.epsilon > 0 ? up(k0) : k0;
    const double r = ya / P.k;
    a_lo = dn(r);
    a_hi = up(r);
  } else if (target.epsilon > 0) {
    P.A = dn(ya + target.epsilon);
    a_lo = a_hi = P.A;
  }
  if (!(std::fabs(a_lo) <= y_hi && std::fabs(a_hi) <= y_hi)) return inf;  // the guard, for the kink
  // The sup over the domain is the sup over [p, q]: beyond q both kinks are passed (fa at its
  // maximum, fc nonincreasing), below p neither is (fc at its maximum, fa nondecreasing).
  double p = std::max(std::min(yc, a_lo), lo_domain), q = std::max(std::max(yc, a_hi), lo_domain);
  if (p > q) p = q;
  // The screen: the Gaussian-weighted point (the sup's location for Gaussian profiles).
  const double wa = (P.relative ? P.k * P.k : 1.0) * na / va, wc = nc / vc;
  double m0 = (wa * (a_lo + a_hi) / 2 + wc * yc) / (wa + wc);
  if (!(m0 >= p)) m0 = p;
  if (!(m0 <= q)) m0 = q;
  double best = evaluate(P, m0).lower();
  if (best > fail_above) return inf;  // the sup is larger: the caller fails (an upper bound is not needed)
  if (p == q) return evaluate(P, p).upper();

  constexpr int initial = 16;
  std::vector<interval> heap;
  heap.reserve(4 * initial);
  point prev = evaluate(P, p);
  best = std::max(best, prev.lower());
  for (int j = 1; j <= initial; ++j) {
    const double m = j == initial ? q : p + (q - p) * (static_cast<double>(j) / initial);
    const point cur = evaluate(P, m);
    best = std::max(best, cur.lower());
    heap.push_back(bound(P, prev, cur));
    prev = cur;
  }
  std::make_heap(heap.begin(), heap.end());
  for (int evaluations = initial + 2; evaluations < 4000; ++evaluations) {
    const interval& top = heap.front();
    const double tol = 1e-7 + 1e-12 * std::fabs(best);
    if (top.U <= pass_at || best > fail_above || top.U - best <= tol) break;
    const double mid = top.x.m + (top.y.m - top.x.m) / 2;
    if (!(mid > top.x.m && mid < top.y.m)) break;  // adjacent doubles: the bound cannot improve
    const point x = top.x, y = top.y, z = evaluate(P, mid);
    best = std::max(best, z.lower());
    std::pop_heap(heap.begin(), heap.end());
    heap.back() = bound(P, x, z);
    std::push_heap(heap.begin(), heap.end());
    heap.push_back(bound(P, z, y));
    std::push_heap(heap.begin(), heap.end());
  }
  return heap.front().U;
}

namespace {
/// -log(Gamma((nu + 1)/2) / Gamma(nu/2)) at nu = N - 1 (without the cancellation of two lgammas).
double minus_log_gamma_ratio_direct(double nu) { return -std::log(boost::math::tgamma_delta_ratio(nu / 2, 0.5)); }

/// The same value for the count N, from a per-thread table of the counts met so far (each entry
/// computed once per thread by the same expression: identical bits, no locking) for 2 <= N < 2^20
/// (8 MB at most per thread), directly otherwise.  The ratio costs about a microsecond in long
/// double; an arm's count grows by one per pull, so a run adds at most one entry per pull (a count
/// more than 4096 past the table, as a loaded state may hold, is computed directly).
double minus_log_gamma_ratio(std::uint64_t N) {
  constexpr std::uint64_t cap = std::uint64_t{1} << 20;
  thread_local std::vector<double> table;
  if (N < 2 || N >= cap || N > table.size() + 4096) return minus_log_gamma_ratio_direct(static_cast<double>(N) - 1);
  if (N >= table.size()) {
    std::uint64_t n = table.size() > 2 ? table.size() : 2;
    table.resize(N + 1, 0.0);
    for (; n <= N; ++n) table[n] = minus_log_gamma_ratio_direct(static_cast<double>(n) - 1);
  }
  return table[N];
}
}  // namespace

double gu_arm::log_predictive(double y, double* magnitude) const {
  const double N = static_cast<double>(n_all), nu = N - 1;
  const double s2 = (m2_all > 0 ? m2_all : 0.0) / nu;
  double scale2 = s2 * (1 + 1 / N);
  if (!(scale2 >= gu_variance_floor)) scale2 = gu_variance_floor;
  const double z = y - mean_all;
  const double c = minus_log_gamma_ratio(n_all);
  const double a = 0.5 * std::log(nu * std::numbers::pi), b = 0.5 * std::log(scale2);
  const double e = 0.5 * (nu + 1) * std::log1p(z * z / scale2 / nu);
  if (magnitude) *magnitude = std::fabs(c) + std::fabs(a) + std::fabs(b) + std::fabs(e);
  return c - a - b - e;
}

void gu_arm::add(double y) {
  if (n_all >= gu_burn_in) {
    double mag = 0;
    const double t = log_predictive(y, &mag);
    if (!(t > -inf)) {
      L_minus_inf = true;
    } else {
      const double s = L + t;  // Neumaier: L + t == s + its error exactly
      L_comp += std::fabs(L) >= std::fabs(t) ? (L - s) + t : (t - s) + L;
      L = s;
      L_magnitude += mag;
    }
    ++n;
    const double d = y - mean;
    mean += d / static_cast<double>(n);
    m2 += d * (y - mean);
  }
  ++n_all;
  const double d = y - mean_all;
  mean_all += d / static_cast<double>(n_all);
  m2_all += d * (y - mean_all);
}

double gu_arm::L_lower() const {
  if (L_minus_inf) return -inf;
  return dn((L + L_comp) - sum_margin * L_magnitude);
}

namespace {
/// Lambda's certified lower bound from the sup's upper bound: (La + Lc) - sup rounded downwards.
double lambda_from(double La, double Lc, double sup) { return dn(dn(La + Lc) - sup); }
}  // namespace

double gu_statistic(const gu_arm& a, const gu_arm& c, const answer_target& target) {
  if (a.n < 2 || c.n < 2) return -inf;
  const double La = a.L_lower(), Lc = c.L_lower();
  if (!(La > -inf) || !(Lc > -inf)) return -inf;
  return lambda_from(La, Lc,
                     gu_sup_upper(static_cast<double>(a.n), a.mean, a.v(), static_cast<double>(c.n), c.mean, c.v(), target));
}

double glr_unknown_variance_pair::key(const arm_stats&, std::size_t a, std::size_t b) const {
  const gu_arm &A = arms[a], &C = arms[b];
  if (A.n < 2 || C.n < 2) return 0.0;
  const double La = A.L_lower(), Lc = C.L_lower();
  if (!(La > -inf) || !(Lc > -inf)) return 0.0;
  // Passing needs sup <= La + Lc - threshold: the search stops as soon as that is settled.
  const double budget = (La + Lc) - threshold;
  const double sup = gu_sup_upper(static_cast<double>(A.n), A.mean, A.v(), static_cast<double>(C.n), C.mean, C.v(),
                                  target, budget, budget);
  const double lambda = lambda_from(La, Lc, sup);
  return lambda > 0 ? lambda : 0.0;
}

glr_unknown_variance::glr_unknown_variance(std::size_t K, double delta, answer_target target)
    : pairwise_rule(K, [&] {
        constexpr const char* fn = "lilucb::bandit::stopping::glr_unknown_variance";
        if (K < 1) ::lilucb::detail::raise_domain_error(fn, "K", "0", "K >= 1");
        check_open_interval(fn, "delta", delta, 0.0, 1.0);
        check_target(fn, target);
        // log((K - 1)/delta), rounded upwards (two logs and a sum of nonnegative terms, each within
        // one ulp); 0 for K = 1, which stops at once.
        const double t = K < 2 ? 0.0 : std::log(static_cast<double>(K - 1)) - std::log(delta);
        return glr_unknown_variance_pair{std::vector<gu_arm>(K), target, t * (1 + 0x1p-50)};
      }()) {}

std::string glr_unknown_variance::certificate() const {
  std::string s = "Proposition GU (docs/certified-glr/epsilon-topm.md, section 3): for Gaussian rewards of unknown, "
                  "possibly different variances and any sampling rule, P(stop with ";
  s += target().best_arm() ? "a wrong answer" : "an answer that is not " + to_string(target());
  s += ") <= delta; Gaussian rewards exactly (heavy tails and skew are not covered)";
  return s;
}

const gu_arm& glr_unknown_variance::arm(std::size_t i) const {
  if (i >= pair().arms.size())
    ::lilucb::detail::raise_domain_error("lilucb::bandit::stopping::glr_unknown_variance::arm", "i", std::to_string(i),
                                         "[0, K - 1] = [0, " + std::to_string(pair().arms.size() - 1) + "]");
  return pair().arms[i];
}

void glr_unknown_variance::observe(std::size_t i, const arm_stats& s) {
  constexpr const char* fn = "lilucb::bandit::stopping::glr_unknown_variance::observe";
  auto& arms = pair().arms;
  if (i >= arms.size())
    ::lilucb::detail::raise_domain_error(fn, "i", std::to_string(i),
                                         "[0, K - 1] = [0, " + std::to_string(arms.size() - 1) + "]");
  if (s.count(i) != arms[i].n_all + 1) {
    std::string range = "one pull per observe (the rule needs every reward: ";
    range += std::to_string(arms[i].n_all + 1);
    range += ")";
    ::lilucb::detail::raise_domain_error(fn, "count", std::to_string(s.count(i)), range);
  }
  arms[i].add(s.last_added());
  pairwise_rule::observe(i, s);
}

std::vector<challenger_evidence> glr_unknown_variance::evidence(const arm_stats& s) const {
  return this->challengers(s, threshold(), [&](std::size_t a, std::size_t b) {
    return gu_statistic(pair().arms[a], pair().arms[b], target());
  });
}

}  // namespace lilucb::bandit::stopping
