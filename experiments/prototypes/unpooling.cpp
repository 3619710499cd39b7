// experiments/prototypes/unpooling.cpp -- a MEASUREMENT, not a product rule.
//
// Prototype of the candidate stopping statistics of docs/certified-glr/unpooling.md (draft: not
// yet certified; needs a second reading).  Nothing here is used by the library or by `lilucb`.
// On the SAME T3C-IDS sample paths as the practice (GLR with the uncertified threshold
// log((1 + log t)/delta)), Gaussian rewards with sigma known, it runs:
//   P2   Proposition P2 as shipped, re-implemented from propositions.md (per-arm grid)
//   U    Proposition U: P2 with predictable un-pooling weights omega_s = min(1, z_s/z0)
//   D    Proposition D: the one-dimensional pair statistic, ratio weights capped by the credit,
//        the nuisance through the lower confidence sequence of Lemma L (share d2 of delta)
//   DU   D with its weights multiplied by omega_s
//   DM   Proposition DM: (P2 + D)/2;   DMU: (U + DU)/2
//   PC   P2's mixture on the pooled side, predictable plug-in tilts on arm c's pulls
//   PV   predictable plug-in tilts on the pooled side, P2's mixture on arm c
// and, in mode `bern`, Proposition PK (pooled-kl.md, default tilt grid) against UK (quantised
// weights) on Bernoulli paths.
//
// Build and run (outside the CMake build; single-threaded, keep it under `nice`):
//   g++ -O2 -std=c++17 -o /tmp/unpooling experiments/prototypes/unpooling.cpp
//   /tmp/unpooling table DELTA                      overhead of P2, D ideal, DM ideal on fixed pairs
//   /tmp/unpooling paths MEANS SIGMA DELTA RUNS SEED [z0 [d2_share [eta]]]
//        e.g. paths "1,0.7,0.65,0.3,0" 1 0.01 100 11      one row per run, a summary at the end
//   /tmp/unpooling adv ADVERSARY DELTA RUNS SEED [t_max]
//        ADVERSARY: ratio (K = 2, verification/src/ratio_adversary.cpp's sampler), ratio3 (K = 3,
//        the same on the pair (a*, designation) plus designation games), dilute, starve, t3c
//        (K = 5, near-tied means), uniform (K = 5, round robin); prints wrong answers and the
//        Clopper-Pearson upper end.  With UNPOOLING_CROSS=1 it counts instead the runs in which the
//        statistic of the pair (V_a*, a*) reaches its threshold at any step (Ville's event itself,
//        which the propositions bound by delta; a far more frequent event than a wrong stop)
//   /tmp/unpooling bern MEANS DELTA RUNS SEED [z0]   PK against UK, Bernoulli rewards
// Environment: UNPOOLING_WEIGHT=cdep|top2|third selects U's weight (see omega_weight; top2 is
// the library's form, without its flooring to 1/16); UNPOOLING_RULES=U,DM,... restricts the rules
// (paths: the practice and P2 always run); UNPOOLING_DEBUG=1 prints every pair at the practice's stop (stderr); PC_N0 shrinks PC's
// tilts by N_c/(N_c + PC_N0).
// Outputs of the runs quoted in the doc: experiments/prototypes/unpooling-data/ (its README).
//
// Numerics are a prototype's: the infimum over m is a golden-section search (an upper bound of the
// infimum, within ~1e-10 nats), F for u < -8 uses an asymptotic series, sums are plain doubles.
// Every weight and tilt is computed from the state BEFORE the reward it multiplies (update()):
// that is what the propositions need, and what the adversarial mode checks.

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <limits>
#include <random>
#include <string>
#include <vector>

namespace {

constexpr double inf = std::numeric_limits<double>::infinity();
constexpr double LOG2 = 0.69314718055994530942;
double shrink_n0() { static const double v = std::getenv("PC_N0") ? std::atof(std::getenv("PC_N0")) : 0.0; return v; }

// F(u) = u^2/2 + log Phi(u) (propositions.md, M1).
double F(double u) {
  if (u > -8) return 0.5 * u * u + std::log(0.5 * std::erfc(-u / std::sqrt(2.0)));
  const double x = 1.0 / (u * u);
  // Phi(u) = phi(u)/|u| (1 - x + 3x^2 - 15x^3 + 105 x^4 ...), u -> -inf
  return -0.5 * std::log(2 * M_PI) - std::log(-u) + std::log(1 - x + 3 * x * x - 15 * x * x * x + 105 * x * x * x * x);
}

struct grid {
  std::vector<double> rho, logw;
};
// make_per_arm_grid(): rho_k = 2^k, k = -4..40; 0.9/21 on k = -4..16, + 0.1/((k+1)(k+2)) for k >= 0.
grid per_arm_grid() {
  grid g;
  for (int k = -4; k <= 40; ++k) {
    double w = 0;
    if (k <= 16) w += 0.9 / 21;
    if (k >= 0) w += 0.1 / ((k + 1.0) * (k + 2.0));
    g.rho.push_back(std::ldexp(1.0, k));
    g.logw.push_back(std::log(w));
  }
  return g;
}
const grid G = per_arm_grid();

double logsumexp(const double* v, std::size_t n) {
  double mx = -inf;
  for (std::size_t i = 0; i < n; ++i) mx = std::max(mx, v[i]);
  if (mx == -inf) return -inf;
  double s = 0;
  for (std::size_t i = 0; i < n; ++i) s += std::exp(v[i] - mx);
  return mx + std::log(s);
}

// One half of P2 (one-sided half-normal mixture over the grid): the log of
// sum_k w_k 2 (1 + Q/rho_k)^(-1/2) exp(F(X/(sigma sqrt(Q + rho_k)))), the mixture of
// exp(lambda X - lambda^2 sigma^2 Q/2) over lambda >= 0.  Q = 0: log sum_k w_k.
double half(double X, double Q, double sigma) {
  double v[64];
  const std::size_t n = G.rho.size();
  for (std::size_t k = 0; k < n; ++k) {
    if (Q <= 0) { v[k] = G.logw[k]; continue; }
    v[k] = G.logw[k] + LOG2 - 0.5 * std::log1p(Q / G.rho[k]) + F(X / (sigma * std::sqrt(Q + G.rho[k])));
  }
  return logsumexp(v, n);
}

// inf over m >= m_lo of a convex function h, bracket found from [lo, hi] (golden section).
template <class H>
double convex_inf(H h, double lo, double hi, double m_lo = -inf) {
  for (int i = 0; i < 60 && h(lo - 1e-6 * (1 + std::fabs(lo))) < h(lo); ++i) lo -= (hi - lo);
  for (int i = 0; i < 60 && h(hi + 1e-6 * (1 + std::fabs(hi))) < h(hi); ++i) hi += (hi - lo);
  const double gr = 0.5 * (std::sqrt(5.0) - 1);
  double a = lo, b = hi, c = b - gr * (b - a), d = a + gr * (b - a), fc = h(c), fd = h(d);
  for (int it = 0; it < 90 && b - a > 1e-12 * (1 + std::fabs(a)); ++it) {
    if (fc < fd) { b = d; d = c; fd = fc; c = b - gr * (b - a); fc = h(c); }
    else { a = c; c = d; fc = fd; d = a + gr * (b - a); fd = h(d); }
  }
  double m = fc < fd ? c : d, v = std::min(fc, fd);
  if (m < m_lo) v = h(m_lo);
  return v;
}

// S2 with a weighted pooled side: inf over m >= m_lo of half(Sw - m W1, W2) + half(m Nc - Sc, Nc).
// Returns the infimum and the minimiser through *arg.
double s2(double W1, double W2, double Sw, double Nc, double Sc, double sigma, double m_lo = -inf, double* arg = nullptr) {
  auto h = [&](double m) { return half(Sw - m * W1, W2, sigma) + half(m * Nc - Sc, Nc, sigma); };
  const double mv = W1 > 0 ? Sw / W1 : 0, mc = Nc > 0 ? Sc / Nc : 0;
  double lo = std::min(mv, mc) - 3 * sigma - 1, hi = std::max(mv, mc) + 3 * sigma + 1;
  // widen until convex h is bracketed (h' <= 0 at lo, >= 0 at hi)
  for (int i = 0; i < 60 && h(lo - 1e-6) < h(lo); ++i) lo -= (hi - lo);
  for (int i = 0; i < 60 && h(hi + 1e-6) < h(hi); ++i) hi += (hi - lo);
  const double gr = 0.5 * (std::sqrt(5.0) - 1);
  double a = lo, b = hi, c = b - gr * (b - a), d = a + gr * (b - a), fc = h(c), fd = h(d);
  for (int it = 0; it < 90 && b - a > 1e-12 * (1 + std::fabs(a)); ++it) {
    if (fc < fd) { b = d; d = c; fd = fc; c = b - gr * (b - a); fc = h(c); }
    else { a = c; c = d; fc = fd; d = a + gr * (b - a); fd = h(d); }
  }
  double m = fc < fd ? c : d, v = std::min(fc, fd);
  if (m < m_lo) { m = m_lo; v = h(m_lo); }
  if (arg) *arg = m;
  return v;
}

// Screen: S2 <= 2 log 2 + Z_eff (the plain GLR of the weighted pooled side against c).
double s2_screen(double W1, double W2, double Sw, double Nc, double Sc, double sigma) {
  if (W1 <= 0 || Nc <= 0) return 2 * LOG2;
  const double a = W1 * W1 / W2, d = Sw / W1 - Sc / Nc;
  return 2 * LOG2 + (d > 0 ? d * d / (2 * sigma * sigma * (1 / a + 1 / Nc)) : 0);
}

// Time-uniform lower confidence bound of mu* from the pooled pulls (N, S) at level d2 (Lemma L of
// unpooling.md): the least m with sum_k w_k 2 (1+N/rho_k)^(-1/2) exp(F(N(mean - m)/(sigma sqrt(N+rho_k)))) < 1/d2.
double lcb(double N, double S, double sigma, double d2) {
  if (N <= 0) return -inf;
  const double mean = S / N, target = std::log(1 / d2);
  auto g = [&](double m) { return half(N * (mean - m), N, sigma); };  // decreasing in m
  double lo = mean - 1, hi = mean;                                       // g(hi) = half(0) < target
  double step = sigma * std::sqrt(1.0 / N);
  lo = mean - step;
  while (g(lo) < target) { step *= 2; lo = mean - step; }
  for (int it = 0; it < 60; ++it) {
    const double mid = 0.5 * (lo + hi);
    (g(mid) >= target ? lo : hi) = mid;
  }
  return lo;  // g(lo) >= target: every m <= lo is excluded; mu* >= lo on the event
}

double glr(double n1, double m1, double n2, double m2, double sigma) {
  const double d = m1 - m2;
  return d > 0 ? d * d / (2 * sigma * sigma * (1 / n1 + 1 / n2)) : 0;
}

// ---------------------------------------------------------------------------------------------
// Per-challenger bookkeeping: every quantity is updated with weights fixed BEFORE the reward is seen.
struct pooled {
  // P2 (unweighted pooled arm)
  double NV = 0, SV = 0;
  // U: un-pooled (weights omega_s)
  double W1 = 0, W2 = 0, Sw = 0;
  // D: the one-dimensional pair statistic, V side tilts a_s (credit-capped), c side tilts 1
  double A = 0, A2 = 0, Sa = 0;
  // D with the un-pooling weights folded in (a_s = omega_s * ...)
  double Au = 0, A2u = 0, Sau = 0;
  // PC: arm c's pulls with predictable plug-in tilts -lc_s (lc_s >= 0): sums of lc, lc*y, lc^2
  double Lc = 0, SYc = 0, Qc = 0;
  // PV: the pooled pulls with predictable plug-in tilts lv_s >= 0
  double LV = 0, SYV = 0, QV = 0;
};

struct rules_config {
  double delta = 0.01, sigma = 1;
  double d2_share = 0.05;   // share of delta spent on the lcb of mu* (Propositions D, DM)
  double z0 = 2.0;          // un-pooling: omega = min(1, z/z0), z = the designation's GLR lead
  double eta = 0.0;         // D's schedule: a_s = min(credit, r + eta (credit - r)), r = N_c/N_V
};

// The statistics of every rule for one challenger c, at the current state.
struct stats_c {
  double p2, u, d, du, dm, dmu, pc, pv, pcu;
};

enum rule_id { R_PRACTICE, R_P2, R_U, R_D, R_DU, R_DM, R_DMU, R_PC, R_PV, R_PCU, R_COUNT };
const char* rule_name[R_COUNT] = {"practice", "P2", "U", "D", "DU", "DM", "DMU", "PC", "PV", "PCU"};

struct state {
  std::size_t K;
  double sigma;
  std::vector<double> N, S;  // per arm
  std::vector<pooled> P;     // per challenger c
  long t = 0;
  double mean(std::size_t i) const { return S[i] / N[i]; }
  std::size_t leader() const {
    std::size_t b = 0;
    for (std::size_t i = 1; i < K; ++i)
      if (N[i] > 0 && (N[b] == 0 || mean(i) > mean(b))) b = i;
    return b;
  }
  std::size_t leader_except(std::size_t c) const {
    std::size_t b = K;
    for (std::size_t i = 0; i < K; ++i)
      if (i != c && N[i] > 0 && (b == K || mean(i) > mean(b))) b = i;
    return b;
  }
};

// Predictable weights for the pull of arm `arm` at step t, for challenger c (computed from the
// state after step t - 1).  omega: the designation's lead over the other arms (not c) in GLR units.
// UNPOOLING_WEIGHT selects the weight's form (all predictable):
//   cdep  (default) z = min over j not in {c, D} of Z(D, j): depends on c;
//   top2  z = min over j not in {L, L2} of Z(D, j), L and L2 the leader and runner-up: one weight
//         per step and designation for every c (the library's glr-pooled-weighted);
//   third z = Z(D, L3), L3 the third arm by mean (O(1) with a top-3 order).
int weight_mode() {
  static const int v = [] {
    const char* e = std::getenv("UNPOOLING_WEIGHT");
    if (!e || !std::strcmp(e, "cdep")) return 0;
    if (!std::strcmp(e, "top2")) return 1;
    if (!std::strcmp(e, "third")) return 2;
    std::fprintf(stderr, "UNPOOLING_WEIGHT: cdep, top2 or third\n");
    std::exit(2);
  }();
  return v;
}
double omega_weight(const state& s, std::size_t c, std::size_t D, double z0) {
  double z = inf;
  const int mode = weight_mode();
  if (mode == 0) {
    for (std::size_t j = 0; j < s.K; ++j)
      if (j != c && j != D && s.N[j] > 0) z = std::min(z, glr(s.N[D], s.mean(D), s.N[j], s.mean(j), s.sigma));
  } else {
    const std::size_t L = s.leader(), L2 = s.leader_except(L);
    std::size_t L3 = s.K;
    for (std::size_t j = 0; j < s.K; ++j)
      if (j != L && j != L2 && s.N[j] > 0 && (L3 == s.K || s.mean(j) > s.mean(L3))) L3 = j;
    for (std::size_t j = 0; j < s.K; ++j)
      if (j != L && j != L2 && s.N[j] > 0 && (mode == 1 || j == L3))
        z = std::min(z, glr(s.N[D], s.mean(D), s.N[j], s.mean(j), s.sigma));
  }
  if (z == inf) return 1.0;
  return std::min(1.0, z / z0);
}

// Update the bookkeeping for the pull of arm i with reward y at step t (t counts from 1).
void update(state& s, std::size_t i, double y, const rules_config& cfg) {
  s.t += 1;
  if (s.t > (long)s.K) {
    for (std::size_t c = 0; c < s.K; ++c) {
      if (c == i) continue;
      const std::size_t D = s.leader_except(c);
      if (D != i) continue;
      pooled& p = s.P[c];
      // every weight below is a function of the state before the reward y
      const double om = omega_weight(s, c, D, cfg.z0);
      const double Nc = s.N[c];
      const double ratio = p.NV > 0 ? Nc / p.NV : 1.0;
      const double cr = Nc - p.A, cru = Nc - p.Au;  // credits (>= 0)
      const double a = std::max(0.0, std::min(cr, ratio + cfg.eta * std::max(0.0, cr - ratio)));
      const double au = std::max(0.0, std::min(cru, om * (ratio + cfg.eta * std::max(0.0, cru - ratio))));
      // PV: tilt (mu_hat_V - m_hat)^+/sigma^2, m_hat the count-weighted mean of V and c (before y)
      double lv = 0;
      if (p.NV > 0 && Nc > 0) {
        const double mV = p.SV / p.NV, mc = s.S[c] / Nc, mh = (p.NV * mV + Nc * mc) / (p.NV + Nc);
        lv = std::max(0.0, mV - mh) / (s.sigma * s.sigma);
      }
      p.NV += 1; p.SV += y;
      p.W1 += om; p.W2 += om * om; p.Sw += om * y;
      p.A += a; p.A2 += a * a; p.Sa += a * y;
      p.Au += au; p.A2u += au * au; p.Sau += au * y;
      p.LV += lv; p.SYV += lv * y; p.QV += lv * lv;
    }
  }
  {  // PC: the pull of arm i as challenger i: tilt -(m_hat - mu_hat_i)^+/sigma^2, m_hat as above
    pooled& p = s.P[i];
    double lc = 0;
    if (p.NV > 0 && s.N[i] > 0) {
      const double mV = p.SV / p.NV, mc = s.S[i] / s.N[i], mh = (p.NV * mV + s.N[i] * mc) / (p.NV + s.N[i]);
      lc = std::max(0.0, mh - mc) / (s.sigma * s.sigma) * s.N[i] / (s.N[i] + shrink_n0());
    }
    p.Lc += lc; p.SYc += lc * y; p.Qc += lc * lc;
  }
  s.N[i] += 1; s.S[i] += y;
}

// The one-dimensional statistic (Proposition D): half(X_lower, Q) with X_lower = Sa - Sc + L (Nc - A).
double d_stat(double A, double A2, double Sa, double Nc, double Sc, double L, double sigma) {
  if (Nc <= 0) return -inf;
  const double X = Sa - Sc + (Nc - A > 0 ? L * (Nc - A) : 0.0);
  if (Nc - A > 0 && L == -inf) return -inf;
  return half(X, A2 + Nc, sigma);
}

double mixlog(double a, double b) {  // log(e^a/2 + e^b/2)
  const double mx = std::max(a, b);
  if (mx == -inf) return -inf;
  return mx + std::log(0.5 * std::exp(a - mx) + 0.5 * std::exp(b - mx));
}

// All the statistics for challenger c.  want[r] says which are needed.
stats_c compute(const state& s, std::size_t c, const rules_config& cfg, const bool* want) {
  const pooled& p = s.P[c];
  const double sg = s.sigma, Nc = s.N[c], Sc = s.S[c];
  stats_c r{-inf, -inf, -inf, -inf, -inf, -inf, -inf, -inf, -inf};
  const double d2 = cfg.delta * cfg.d2_share;
  const bool needL = want[R_D] || want[R_DU] || want[R_DM] || want[R_DMU];
  const double L = needL ? lcb(p.NV, p.SV, sg, d2) : -inf;
  if (want[R_P2]) r.p2 = s2(p.NV, p.NV, p.SV, Nc, Sc, sg);
  if (want[R_U]) r.u = s2(p.W1, p.W2, p.Sw, Nc, Sc, sg);
  if (want[R_D] || want[R_DM]) r.d = d_stat(p.A, p.A2, p.Sa, Nc, Sc, L, sg);
  if (want[R_DU] || want[R_DMU]) r.du = d_stat(p.Au, p.A2u, p.Sau, Nc, Sc, L, sg);
  // the P2 branch of the mixtures takes its infimum over m >= L only (mu* >= L on the lcb's event)
  if (want[R_DM]) r.dm = mixlog(s2(p.NV, p.NV, p.SV, Nc, Sc, sg, L), r.d);
  if (want[R_DMU]) r.dmu = mixlog(s2(p.W1, p.W2, p.Sw, Nc, Sc, sg, L), r.du);
  const double mV = p.NV > 0 ? p.SV / p.NV : 0, mc = Nc > 0 ? Sc / Nc : 0;
  const double lo = std::min(mV, mc) - 3 * sg - 1, hi = std::max(mV, mc) + 3 * sg + 1;
  if (want[R_PC])
    r.pc = convex_inf([&](double m) { return half(p.SV - m * p.NV, p.NV, sg) + m * p.Lc - p.SYc - sg * sg * p.Qc / 2; }, lo, hi);
  if (want[R_PCU])
    r.pcu = convex_inf([&](double m) { return half(p.Sw - m * p.W1, p.W2, sg) + m * p.Lc - p.SYc - sg * sg * p.Qc / 2; }, lo, hi);
  if (want[R_PV])
    r.pv = convex_inf([&](double m) { return p.SYV - m * p.LV - sg * sg * p.QV / 2 + half(m * Nc - Sc, Nc, sg); }, lo, hi);
  return r;
}

double threshold(int rule, const rules_config& cfg, long t) {
  switch (rule) {
    case R_PRACTICE: return std::log((1 + std::log((double)t)) / cfg.delta);
    case R_P2: case R_U: case R_PC: case R_PV: case R_PCU: return std::log(1 / cfg.delta);
    default: return std::log(1 / (cfg.delta * (1 - cfg.d2_share)));
  }
}

double pick(const stats_c& x, int rule) {
  switch (rule) {
    case R_P2: return x.p2;
    case R_U: return x.u;
    case R_D: return x.d;
    case R_DU: return x.du;
    case R_DM: return x.dm;
    case R_DMU: return x.dmu;
    case R_PC: return x.pc;
    case R_PV: return x.pv;
    default: return x.pcu;
  }
}

// Cheap upper bound of a rule's statistic for challenger c (screen).
double screen(const state& s, std::size_t c, int rule) {
  const pooled& p = s.P[c];
  const double sg = s.sigma, Nc = s.N[c], Sc = s.S[c];
  const double zp = s2_screen(p.NV, p.NV, p.SV, Nc, Sc, sg);
  const double zu = s2_screen(p.W1, p.W2, p.Sw, Nc, Sc, sg);
  // D <= log 2 + X^2/(2 sigma^2 Q), X <= Sa - Sc + mean_V-ish: bound X by using L <= mean of V
  auto dscr = [&](double A, double A2, double Sa) {
    if (Nc <= 0) return -inf;
    const double L = p.NV > 0 ? p.SV / p.NV : 0;  // L <= mu_hat_V always
    const double X = Sa - Sc + (Nc - A > 0 ? L * (Nc - A) : 0.0);
    const double Q = A2 + Nc;
    return LOG2 + (X > 0 ? X * X / (2 * sg * sg * Q) : 0.0);
  };
  switch (rule) {
    case R_P2: return zp;
    case R_U: return zu;
    case R_D: return dscr(p.A, p.A2, p.Sa);
    case R_DU: return dscr(p.Au, p.A2u, p.Sau);
    case R_DM: return std::max(zp, dscr(p.A, p.A2, p.Sa));
    case R_DMU: return std::max(zu, dscr(p.Au, p.A2u, p.Sau));
    default: {
      // PC, PCU, PV: the value at one m (the count-weighted mean) is an upper bound of the infimum;
      // the mixture half is bounded by log 2 + its quadratic.
      if (p.NV <= 0 || Nc <= 0) return inf;
      const double mV = p.SV / p.NV, mc = Sc / Nc, mh = (p.NV * mV + Nc * mc) / (p.NV + Nc);
      auto hb = [&](double X, double Q) { return Q > 0 ? LOG2 + (X > 0 ? X * X / (2 * sg * sg * Q) : 0.0) : 0.0; };
      if (rule == R_PC) return hb(p.SV - mh * p.NV, p.NV) + mh * p.Lc - p.SYc - sg * sg * p.Qc / 2;
      if (rule == R_PCU) {
        const double mw = p.W1 > 0 ? p.Sw / p.W1 : 0, a = p.W1 > 0 ? p.W1 * p.W1 / p.W2 : 0;
        const double m2 = (a * mw + Nc * mc) / (a + Nc);
        return std::min(hb(p.Sw - mh * p.W1, p.W2) + mh * p.Lc - p.SYc - sg * sg * p.Qc / 2,
                        hb(p.Sw - m2 * p.W1, p.W2) + m2 * p.Lc - p.SYc - sg * sg * p.Qc / 2);
      }
      return p.SYV - mh * p.LV - sg * sg * p.QV / 2 + hb(mh * Nc - Sc, Nc);
    }
  }
}

// Does rule `rule` stop now (answer = the empirical leader)?
bool stops(const state& s, int rule, const rules_config& cfg) {
  const std::size_t L = s.leader();
  const double thr = threshold(rule, cfg, s.t);
  if (rule == R_PRACTICE) {
    for (std::size_t b = 0; b < s.K; ++b)
      if (b != L && glr(s.N[L], s.mean(L), s.N[b], s.mean(b), s.sigma) < thr) return false;
    return true;
  }
  std::vector<std::pair<double, std::size_t>> order;
  for (std::size_t c = 0; c < s.K; ++c) {
    if (c == L) continue;
    const double sc = screen(s, c, rule);
    if (sc < thr) return false;
    order.push_back({sc, c});
  }
  std::sort(order.begin(), order.end());
  bool want[R_COUNT] = {};
  want[rule] = true;
  for (auto& o : order)
    if (pick(compute(s, o.second, cfg, want), rule) < thr) return false;
  return true;
}

// min over c != leader of (statistic - threshold): the margin, in nats.
double margin(const state& s, int rule, const rules_config& cfg) {
  const std::size_t L = s.leader();
  const double thr = threshold(rule, cfg, s.t);
  double m = inf;
  bool want[R_COUNT] = {};
  want[rule] = true;
  for (std::size_t c = 0; c < s.K; ++c) {
    if (c == L) continue;
    const double v = rule == R_PRACTICE ? glr(s.N[L], s.mean(L), s.N[c], s.mean(c), s.sigma)
                                        : pick(compute(s, c, cfg, want), rule);
    m = std::min(m, v - thr);
  }
  return m;
}

// ---------------------------------------------------------------------------------------------
// Samplers
struct rng_t {
  std::mt19937_64 e;
  std::normal_distribution<double> n{0, 1};
  std::uniform_real_distribution<double> u{0, 1};
  explicit rng_t(unsigned long long seed) : e(seed) {}
  double normal() { return n(e); }
  double unif() { return u(e); }
};

// T3C-IDS (top_two.hpp): leader = argmax of a posterior draw N(mu_hat, sigma^2/N); challenger =
// argmin_b W(L, b); pull L with probability N_C/(N_L + N_C).
std::size_t t3c_ids(const state& s, rng_t& r) {
  if (s.t < (long)s.K) return s.t;
  std::size_t L = 0;
  double best = -inf;
  for (std::size_t i = 0; i < s.K; ++i) {
    const double th = s.mean(i) + s.sigma / std::sqrt(s.N[i]) * r.normal();
    if (th > best) { best = th; L = i; }
  }
  std::size_t C = s.K;
  double w = inf;
  for (std::size_t b = 0; b < s.K; ++b) {
    if (b == L) continue;
    const double k = glr(s.N[L], s.mean(L), s.N[b], s.mean(b), s.sigma);
    if (k < w) { w = k; C = b; }
  }
  return r.unif() < s.N[C] / (s.N[L] + s.N[C]) ? L : C;
}

std::size_t g_cross_arm = static_cast<std::size_t>(-1);  // mode `cross`: the best arm

struct sim_result {
  long stop[R_COUNT];
  std::size_t answer[R_COUNT];
  double marg[R_COUNT];  // margins at the practice's stop
  double marg_pure;      // diagnostic (NOT a certificate): P2 with V = every pull of the answer
  long prac_t;
};

// Run one path with sampler `samp` until every rule in `active` stopped (or t_max).
template <class Sampler>
sim_result run_path(const std::vector<double>& mu, const rules_config& cfg, unsigned long long seed, Sampler samp,
                    const bool* active, long t_max, bool margins) {
  state s;
  s.K = mu.size();
  s.sigma = cfg.sigma;
  s.N.assign(s.K, 0);
  s.S.assign(s.K, 0);
  s.P.assign(s.K, pooled{});
  rng_t r(seed);
  rng_t rew(seed * 7919 + 13);
  sim_result res;
  for (int q = 0; q < R_COUNT; ++q) { res.stop[q] = -1; res.answer[q] = s.K; res.marg[q] = NAN; }
  int left = 0;
  for (int q = 0; q < R_COUNT; ++q) left += active[q];
  while (left > 0 && s.t < t_max) {
    const std::size_t i = samp(s, r);
    const double y = mu[i] + cfg.sigma * rew.normal();
    update(s, i, y, cfg);
    if (s.t < (long)s.K) continue;
    if (g_cross_arm < s.K) {
      // Ville's event itself: the statistic of the pair (V_{a*}, a*) at or above its threshold at
      // any step (whether or not the rule would stop then); recorded as stop time, answer = K.
      const std::size_t c = g_cross_arm;
      for (int q = 1; q < R_COUNT; ++q) {
        if (!active[q] || res.stop[q] >= 0) continue;
        const double thr = threshold(q, cfg, s.t);
        if (screen(s, c, q) < thr) continue;
        bool w[R_COUNT] = {};
        w[q] = true;
        if (pick(compute(s, c, cfg, w), q) >= thr) { res.stop[q] = s.t; res.answer[q] = s.K; --left; }
      }
      continue;
    }
    for (int q = 0; q < R_COUNT; ++q) {
      if (!active[q] || res.stop[q] >= 0) continue;
      if (stops(s, q, cfg)) {
        if (std::getenv("UNPOOLING_CHECK") && q == R_PV) {  // the statistic must be <= the exponent at mu*
          const std::size_t best = std::max_element(mu.begin(), mu.end()) - mu.begin();
          const pooled& p = s.P[best];
          const double m = mu[best];
          const double hv = p.SYV - m * p.LV - s.sigma * s.sigma * p.QV / 2 + half(m * s.N[best] - s.S[best], s.N[best], s.sigma);
          bool w[R_COUNT] = {};
          w[R_PV] = true;
          const double st = compute(s, best, cfg, w).pv;
          std::fprintf(stderr, "t %ld leader %zu PV(a*) %.4f h(mu*) %.4f LV %.3f SYV %.3f QV %.3f NV %.0f Nc %.0f mc %.4f\n", s.t, s.leader(), st, hv, p.LV, p.SYV, p.QV, p.NV, s.N[best], s.mean(best));
        }
        res.stop[q] = s.t;
        res.answer[q] = s.leader();
        --left;
        if (q == R_PRACTICE && margins) {
          for (int k = 0; k < R_COUNT; ++k) res.marg[k] = margin(s, k, cfg);
          res.marg_pure = inf;
          for (std::size_t c = 0; c < s.K; ++c) {
            const std::size_t L = s.leader();
            if (c == L) continue;
            res.marg_pure = std::min(res.marg_pure, s2(s.N[L], s.N[L], s.S[L], s.N[c], s.S[c], s.sigma) - std::log(1 / cfg.delta));
          }
          if (std::getenv("UNPOOLING_DEBUG")) {
            bool w[R_COUNT];
            for (int k = 0; k < R_COUNT; ++k) w[k] = true;
            for (std::size_t c = 0; c < s.K; ++c) {
              if (c == s.leader()) continue;
              const pooled& p = s.P[c];
              const stats_c x = compute(s, c, cfg, w);
              std::fprintf(stderr, "t %ld c %zu NV %.0f Nc %.0f muV %.3f muc %.3f | W1 %.1f W2 %.1f muW %.3f | A %.1f A2 %.1f muA %.3f L %.3f | P2 %.2f U %.2f D %.2f DU %.2f | ideal(not valid) %.2f Zpool %.2f ZD %.2f\n",
                           s.t, c, p.NV, s.N[c], p.SV / p.NV, s.mean(c), p.W1, p.W2, p.Sw / p.W1, p.A, p.A2, p.Sa / p.A,
                           lcb(p.NV, p.SV, s.sigma, cfg.delta * cfg.d2_share), x.p2, x.u, x.d, x.du,
                           half(s.N[c] / p.NV * p.SV - s.S[c], s.N[c] * s.N[c] / p.NV + s.N[c], s.sigma),
                           glr(p.NV, p.SV / p.NV, s.N[c], s.mean(c), s.sigma),
                           [&] { const double L = lcb(p.NV, p.SV, s.sigma, cfg.delta * cfg.d2_share);
                                 const double X = p.Sa - s.S[c] + L * (s.N[c] - p.A);
                                 return X > 0 ? X * X / (2 * (p.A2 + s.N[c])) : 0.0; }());
            }
          }
        }
      }
    }
  }
  return res;
}

// Clopper-Pearson upper bound (one-sided 97.5%, i.e. the upper end of the 95% two-sided interval).
double beta_cdf_upper(int k, int n) {
  if (k >= n) return 1;
  // find p with P(Bin(n,p) <= k) = 0.025 by bisection
  auto cdf = [&](double p) {
    double s = 0, lt = n * std::log1p(-p);  // log term for j = 0
    for (int j = 0; j <= k; ++j) {
      if (j > 0) lt += std::log((double)(n - j + 1) / j) + std::log(p) - std::log1p(-p);
      s += std::exp(lt);
    }
    return s;
  };
  double lo = 0, hi = 1;
  for (int it = 0; it < 100; ++it) {
    const double mid = 0.5 * (lo + hi);
    (cdf(mid) > 0.025 ? lo : hi) = mid;
  }
  return hi;
}

std::vector<double> parse_means(const char* s) {
  std::vector<double> v;
  std::string str(s);
  std::size_t pos = 0;
  while (pos <= str.size()) {
    const std::size_t e = str.find(',', pos);
    v.push_back(std::atof(str.substr(pos, e == std::string::npos ? std::string::npos : e - pos).c_str()));
    if (e == std::string::npos) break;
    pos = e + 1;
  }
  return v;
}

}  // namespace


// ---------------------------------------------------------------------------------------------
// Bernoulli: Proposition PK (pooled-kl.md, default tilt grid) against UK (quantised weights).
namespace bern {

struct tilt_grid_t {
  std::vector<double> lam, logw;
};
// make_default_tilt_grid(): a mass at zero and lambda = 2^(k/3), k = -24..6, weights 1/32 each.
tilt_grid_t default_grid() {
  tilt_grid_t g;
  g.lam.push_back(0);
  g.logw.push_back(std::log(1.0 / 32));
  for (int k = -24; k <= 6; ++k) { g.lam.push_back(std::pow(2.0, k / 3.0)); g.logw.push_back(std::log(1.0 / 32)); }
  return g;
}
const tilt_grid_t TG = default_grid();
constexpr int NQ = 4;
const double OMEGA[NQ] = {0.0, 0.25, 0.5, 1.0};  // the weight classes of UK

double psi(double m, double l) { return std::log1p(m * std::expm1(l)); }
double kl(double x, double m) {
  auto t = [](double a, double b) { return a > 0 ? a * std::log(a / b) : 0.0; };
  if (m <= 0) return x > 0 ? inf : 0;
  if (m >= 1) return x < 1 ? inf : 0;
  return t(x, m) + t(1 - x, 1 - m);
}
// pooled side: classes (n_q, S_q) with weights OMEGA[q]; c side (Nc, Sc)
double hval(const double* n, const double* S, double Nc, double Sc, double m) {
  double v[64], u[64];
  const std::size_t G = TG.lam.size();
  for (std::size_t k = 0; k < G; ++k) {
    double g = TG.logw[k];
    for (int q = 0; q < NQ; ++q)
      if (n[q] > 0) g += TG.lam[k] * OMEGA[q] * S[q] - n[q] * psi(m, TG.lam[k] * OMEGA[q]);
    v[k] = g;
    u[k] = TG.logw[k] - TG.lam[k] * Sc - Nc * psi(m, -TG.lam[k]);
  }
  return logsumexp(v, G) + logsumexp(u, G);
}
double stat(const double* n, const double* S, double Nc, double Sc) {
  double a = 0, b = 1;
  const double gr = 0.5 * (std::sqrt(5.0) - 1);
  double c = b - gr * (b - a), d = a + gr * (b - a), fc = hval(n, S, Nc, Sc, c), fd = hval(n, S, Nc, Sc, d);
  for (int it = 0; it < 70; ++it) {
    if (fc < fd) { b = d; d = c; fd = fc; c = b - gr * (b - a); fc = hval(n, S, Nc, Sc, c); }
    else { a = c; c = d; fc = fd; d = a + gr * (b - a); fd = hval(n, S, Nc, Sc, d); }
  }
  return std::min({fc, fd, hval(n, S, Nc, Sc, 0.0), hval(n, S, Nc, Sc, 1.0)});
}
// upper bound (Lemma 4 of pooled-kl.md): sum_q n_q kl+(mean_q, m) + Nc kl-(mean_c, m) at one m
double screen(const double* n, const double* S, double Nc, double Sc) {
  double N = 0, T = 0;
  for (int q = 0; q < NQ; ++q) if (OMEGA[q] > 0) { N += n[q]; T += S[q]; }
  if (N <= 0 || Nc <= 0) return inf;
  const double m = (T + Sc) / (N + Nc);
  double z = 0;
  for (int q = 0; q < NQ; ++q)
    if (OMEGA[q] > 0 && n[q] > 0 && S[q] / n[q] > m) z += n[q] * kl(S[q] / n[q], m);
  if (Sc / Nc < m) z += Nc * kl(Sc / Nc, m);
  return z;
}

struct pooled_b {
  double NV = 0, SV = 0;                  // PK
  double n[NQ] = {}, S[NQ] = {};          // UK
};

int run(const std::vector<double>& mu, double delta, int runs, unsigned long long seed, double z0) {
  const std::size_t K = mu.size();
  const std::size_t best = std::max_element(mu.begin(), mu.end()) - mu.begin();
  const double sigma = 0.5;  // the sampler's width scale for rewards in [0, 1] (top_two.hpp)
  std::printf("run\tstop_practice\tstop_PK\tstop_UK\tmarg_practice\tmarg_PK\tmarg_UK\twrong\n");
  double sumP = 0, sumK = 0, sumU = 0, dn = 0, dn2 = 0, dp = 0, dp2 = 0, dk = 0;
  int wrong = 0;
  for (int r = 0; r < runs; ++r) {
    rng_t rg(seed * 1000003ULL + r), rw(seed * 7919ULL * 1000003ULL + r + 17);
    std::vector<double> N(K, 0), S(K, 0);
    std::vector<pooled_b> P(K);
    long t = 0, stop[3] = {-1, -1, -1};
    std::size_t ans[3] = {K, K, K};
    double marg[3] = {NAN, NAN, NAN};
    auto mean = [&](std::size_t i) { return S[i] / N[i]; };
    auto leader_except = [&](std::size_t c) {
      std::size_t b = K;
      for (std::size_t i = 0; i < K; ++i) if (i != c && N[i] > 0 && (b == K || mean(i) > mean(b))) b = i;
      return b;
    };
    auto leader = [&] { return leader_except(K); };
    auto zkl = [&](std::size_t a, std::size_t b) {  // the Bernoulli GLR of a over b
      if (mean(a) <= mean(b)) return 0.0;
      const double m = (S[a] + S[b]) / (N[a] + N[b]);
      return N[a] * kl(mean(a), m) + N[b] * kl(mean(b), m);
    };
    auto statK = [&](std::size_t c, bool weighted) {
      const pooled_b& p = P[c];
      if (weighted) return stat(p.n, p.S, N[c], S[c]);
      double n1[NQ] = {0, 0, 0, p.NV}, s1[NQ] = {0, 0, 0, p.SV};
      return stat(n1, s1, N[c], S[c]);
    };
    auto screenK = [&](std::size_t c, bool weighted) {
      const pooled_b& p = P[c];
      if (weighted) return screen(p.n, p.S, N[c], S[c]);
      double n1[NQ] = {0, 0, 0, p.NV}, s1[NQ] = {0, 0, 0, p.SV};
      return screen(n1, s1, N[c], S[c]);
    };
    auto stops_rule = [&](int q) {
      const std::size_t L = leader();
      if (q == 0) {
        const double thr = std::log((1 + std::log((double)t)) / delta);
        for (std::size_t b = 0; b < K; ++b) if (b != L && zkl(L, b) < thr) return false;
        return true;
      }
      const double thr = std::log(1 / delta);
      for (std::size_t c = 0; c < K; ++c) if (c != L && screenK(c, q == 2) < thr) return false;
      for (std::size_t c = 0; c < K; ++c) if (c != L && statK(c, q == 2) < thr) return false;
      return true;
    };
    auto margin_rule = [&](int q) {
      const std::size_t L = leader();
      double m = inf;
      for (std::size_t c = 0; c < K; ++c) {
        if (c == L) continue;
        const double v = q == 0 ? zkl(L, c) - std::log((1 + std::log((double)t)) / delta)
                                : statK(c, q == 2) - std::log(1 / delta);
        m = std::min(m, v);
      }
      return m;
    };
    while ((stop[0] < 0 || stop[1] < 0 || stop[2] < 0) && t < 3000000) {
      // T3C-IDS
      std::size_t i;
      if (t < (long)K) i = t;
      else {
        std::size_t Lp = 0;
        double bt = -inf;
        for (std::size_t j = 0; j < K; ++j) {
          const double th = mean(j) + sigma / std::sqrt(N[j]) * rg.normal();
          if (th > bt) { bt = th; Lp = j; }
        }
        std::size_t C = K;
        double w = inf;
        for (std::size_t b = 0; b < K; ++b) {
          if (b == Lp) continue;
          const double k = glr(N[Lp], mean(Lp), N[b], mean(b), sigma);
          if (k < w) { w = k; C = b; }
        }
        i = rg.unif() < N[C] / (N[Lp] + N[C]) ? Lp : C;
      }
      const double y = rw.unif() < mu[i] ? 1.0 : 0.0;
      t += 1;
      if (t > (long)K) {
        for (std::size_t c = 0; c < K; ++c) {
          if (c == i || leader_except(c) != i) continue;
          // UK's weight class, from the state before y: the designation's lead (Gaussian GLR at
          // sigma = 1/2) over the other arms, min(1, z/z0), floored to a class
          double z = inf;
          for (std::size_t j = 0; j < K; ++j)
            if (j != c && j != i && N[j] > 0) z = std::min(z, glr(N[i], mean(i), N[j], mean(j), sigma));
          const double om = z == inf ? 1.0 : std::min(1.0, z / z0);
          int q = NQ - 1;
          while (q > 0 && OMEGA[q] > om) --q;
          P[c].NV += 1; P[c].SV += y;
          P[c].n[q] += 1; P[c].S[q] += y;
        }
      }
      N[i] += 1; S[i] += y;
      if (t < (long)K) continue;
      for (int q = 0; q < 3; ++q) {
        if (stop[q] >= 0) continue;
        if (stops_rule(q)) {
          stop[q] = t; ans[q] = leader();
          if (q == 0) for (int k = 0; k < 3; ++k) marg[k] = margin_rule(k);
        }
      }
    }
    int w = (ans[0] != best) + (ans[1] != best) + (ans[2] != best);
    wrong += (ans[1] != best) + (ans[2] != best);
    std::printf("%d\t%ld\t%ld\t%ld\t%.3f\t%.3f\t%.3f\t%d\n", r, stop[0], stop[1], stop[2], marg[0], marg[1], marg[2], w);
    std::fflush(stdout);
    sumP += stop[0]; sumK += stop[1]; sumU += stop[2];
    const double x = marg[2] - marg[1];
    dn += x; dn2 += x * x;
    dp += marg[0] - marg[2]; dp2 += (marg[0] - marg[2]) * (marg[0] - marg[2]);
    dk += marg[0] - marg[1];
  }
  const double n = runs;
  dn /= n; dp /= n; dk /= n;
  std::printf("# bernoulli instance, delta %g runs %d seed %llu z0 %g (T3C-IDS, sampler sigma 1/2)\n", delta, runs, seed, z0);
  std::printf("# mean stops: practice %.1f PK %.1f UK %.1f; PK/practice %.3f UK/practice %.3f UK/PK %.3f\n", sumP / n, sumK / n,
              sumU / n, sumK / sumP, sumU / sumP, sumU / sumK);
  std::printf("# nats at the practice's stop: UK vs PK %+.3f (%.3f); PK short of practice %.3f; UK short of practice %.3f (%.3f); wrong (PK+UK) %d\n",
              dn, std::sqrt(std::max(0.0, dn2 / n - dn * dn) / n), dk, dp, std::sqrt(std::max(0.0, dp2 / n - dp * dp) / n), wrong);
  return 0;
}

}  // namespace bern

int main(int argc, char** argv) {
  if (argc < 2) { std::fprintf(stderr, "see the header of unpooling.cpp\n"); return 2; }
  const std::string mode = argv[1];
  if (mode == "paths" && argc >= 7) {
    const auto mu = parse_means(argv[2]);
    rules_config cfg;
    cfg.sigma = std::atof(argv[3]);
    cfg.delta = std::atof(argv[4]);
    const int runs = std::atoi(argv[5]);
    const unsigned long long seed = std::strtoull(argv[6], nullptr, 10);
    if (argc >= 8) cfg.z0 = std::atof(argv[7]);
    if (argc >= 9) cfg.d2_share = std::atof(argv[8]);
    if (argc >= 10) cfg.eta = std::atof(argv[9]);
    bool active[R_COUNT];
    for (int q = 0; q < R_COUNT; ++q) active[q] = true;
    if (const char* only = std::getenv("UNPOOLING_RULES")) {  // the practice and P2 always run
      const std::string list = std::string(",") + only + ",";
      for (int q = 0; q < R_COUNT; ++q)
        active[q] = q <= R_P2 || list.find(std::string(",") + rule_name[q] + ",") != std::string::npos;
    }
    std::size_t best = std::max_element(mu.begin(), mu.end()) - mu.begin();
    std::printf("run");
    for (int q = 0; q < R_COUNT; ++q) std::printf("\tstop_%s", rule_name[q]);
    for (int q = 0; q < R_COUNT; ++q) std::printf("\tmarg_%s", rule_name[q]);
    std::printf("\twrong\n");
    std::vector<sim_result> all;
    for (int r = 0; r < runs; ++r) {
      auto res = run_path(mu, cfg, seed * 1000003ULL + r, t3c_ids, active, 2000000, true);
      int wrong = 0;
      for (int q = 0; q < R_COUNT; ++q) wrong += res.answer[q] != best;
      std::printf("%d", r);
      for (int q = 0; q < R_COUNT; ++q) std::printf("\t%ld", res.stop[q]);
      for (int q = 0; q < R_COUNT; ++q) std::printf("\t%.3f", res.marg[q]);
      std::printf("\t%d\n", wrong);
      std::fflush(stdout);
      all.push_back(res);
    }
    // summary
    std::printf("# instance %s sigma %g delta %g runs %d seed %llu z0 %g d2_share %g\n", argv[2], cfg.sigma, cfg.delta,
                runs, seed, cfg.z0, cfg.d2_share);
    {
      double dn = 0, dn2 = 0;
      for (auto& a : all) { const double x = a.marg_pure - a.marg[R_P2]; dn += x; dn2 += x * x; }
      const double n = all.size();
      dn /= n;
      std::printf("# diagnostic (not a certificate): P2 on the answer's own pulls, nats vs P2 at the practice's stop: %+.3f (%.3f)\n",
                  dn, std::sqrt(std::max(0.0, dn2 / n - dn * dn) / n));
    }
    std::printf("# rule\tmean_stop\tmedian_stop\tratio_of_means_to_practice\tratio_of_means_to_P2\tmean_nats_vs_P2_at_practice_stop(+-se)\tmean_nats_short_of_practice(+-se)\twrong\n");
    auto meanstop = [&](int q) { double s = 0; for (auto& a : all) s += a.stop[q]; return s / all.size(); };
    for (int q = 0; q < R_COUNT; ++q) {
      if (!active[q]) continue;
      std::vector<long> st;
      int wrong = 0;
      for (auto& a : all) { st.push_back(a.stop[q]); wrong += a.answer[q] != best; }
      std::sort(st.begin(), st.end());
      double dn = 0, dn2 = 0, dp = 0, dp2 = 0;
      for (auto& a : all) {
        const double x = a.marg[q] - a.marg[R_P2];
        dn += x; dn2 += x * x;
        const double y = a.marg[R_PRACTICE] - a.marg[q];
        dp += y; dp2 += y * y;
      }
      const double n = all.size();
      dn /= n; dp /= n;
      const double sen = std::sqrt(std::max(0.0, dn2 / n - dn * dn) / n), sep = std::sqrt(std::max(0.0, dp2 / n - dp * dp) / n);
      std::printf("# %s\t%.1f\t%ld\t%.3f\t%.3f\t%+.3f (%.3f)\t%.3f (%.3f)\t%d\n", rule_name[q], meanstop(q), st[st.size() / 2],
                  meanstop(q) / meanstop(R_PRACTICE), meanstop(q) / meanstop(R_P2), dn, sen, dp, sep, wrong);
    }
    return 0;
  }
  if (mode == "adv" && argc >= 6) {
    // Adversarial samplers against the certified rules.  Errors are counted per rule.
    const std::string which = argv[2];
    rules_config cfg;
    cfg.delta = std::atof(argv[3]);
    const int runs = std::atoi(argv[4]);
    const unsigned long long seed = std::strtoull(argv[5], nullptr, 10);
    const long t_max = argc >= 7 ? std::atol(argv[6]) : 5000;
    std::vector<double> mu;
    std::function<std::size_t(const state&, rng_t&)> samp;
    if (which == "ratio") {
      // verification/src/ratio_adversary.cpp's sampler (K = 2, knows the means): pulls the arm whose
      // deviation favours the wrong answer, steering the ratio.
      mu = {0.0, 0.01};  // arm 1 is the best; arm 0 the wrong answer
      samp = [mu](const state& s, rng_t&) -> std::size_t {
        if (s.t < 2) return s.t;
        const std::size_t best = 1, other = 0;
        const double ub = std::sqrt(s.N[best]) * (s.mean(best) - mu[best]);
        const double uo = std::sqrt(s.N[other]) * (s.mean(other) - mu[other]);
        const bool bw = ub < 0, ow = uo > 0;
        if (bw && ow) return s.N[best] < (uo * uo) / (ub * ub) * s.N[other] ? best : other;
        if (bw) return other;
        if (ow) return best;
        return s.N[best] <= s.N[other] ? best : other;
      };
    } else if (which == "starve") {
      // five arms, the best (arm 0) starved: pulled only when its empirical mean is above the
      // others' leader (so its mean stays underestimated); the others uniformly.  Near-tied means.
      mu = {0.01, 0.0, 0.0, 0.0, 0.0};
      samp = [](const state& s, rng_t& r) -> std::size_t {
        if (s.t < (long)s.K) return s.t;
        const std::size_t Lo = s.leader_except(0);
        if (s.mean(0) > s.mean(Lo)) return 0;
        return 1 + (std::size_t)(r.unif() * (s.K - 1));
      };
    } else if (which == "dilute") {
      // five arms, best 0; the sampler pulls the designated leader-among-others only while it is
      // ahead by a small margin (so V_0 gets the lucky pulls), else the best arm when it is
      // below its mean, else uniform.  Tries to inflate V_{a*} and deflate a*.
      mu = {0.01, 0.0, 0.0, 0.0, 0.0};
      samp = [mu](const state& s, rng_t& r) -> std::size_t {
        if (s.t < (long)s.K) return s.t;
        const std::size_t D = s.leader_except(0);
        const double devD = s.mean(D) - mu[D], dev0 = s.mean(0) - mu[0];
        if (devD > 0 && r.unif() < 0.7) return D;
        if (dev0 < 0 && r.unif() < 0.5) return 0;
        return (std::size_t)(r.unif() * s.K);
      };
    } else if (which == "ratio3") {
      // K = 3, best arm 0: the ratio adversary on the pair (0, D), D = the designation of V_0
      // (the leader among arms 1, 2), and a pull of the other arm whenever its mean is above its
      // true mean (so that it may take the designation while lucky: dilution games).
      mu = {0.01, 0.0, 0.0};
      samp = [mu](const state& s, rng_t&) -> std::size_t {
        if (s.t < (long)s.K) return s.t;
        const std::size_t best = 0, D = s.leader_except(0), E = D == 1 ? 2 : 1;
        auto u = [&](std::size_t i) { return std::sqrt(s.N[i]) * (s.mean(i) - mu[i]); };
        if (u(E) > 0 && s.N[E] < s.N[D]) return E;
        const double ub = u(best), uo = u(D);
        const bool bw = ub < 0, ow = uo > 0;
        if (bw && ow) return s.N[best] < (uo * uo) / (ub * ub) * s.N[D] ? best : D;
        if (bw) return D;
        if (ow) return best;
        return s.N[best] <= s.N[D] ? best : D;
      };
    } else if (which == "uniform") {
      mu = {0.01, 0.0, 0.0, 0.0, 0.0};
      samp = [](const state& s, rng_t&) -> std::size_t { return (std::size_t)(s.t % (long)s.K); };
    } else if (which == "t3c") {
      mu = {0.01, 0.0, 0.0, 0.0, 0.0};
      samp = t3c_ids;
    } else { std::fprintf(stderr, "adversary: ratio, ratio3, starve, dilute, t3c\n"); return 2; }
    const std::size_t best = std::max_element(mu.begin(), mu.end()) - mu.begin();
    bool active[R_COUNT];
    for (int q = 0; q < R_COUNT; ++q) active[q] = q != R_PRACTICE;
    if (const char* only = std::getenv("UNPOOLING_RULES")) {  // e.g. UNPOOLING_RULES=P2,DM
      const std::string list = std::string(",") + only + ",";
      for (int q = 0; q < R_COUNT; ++q) active[q] = list.find(std::string(",") + rule_name[q] + ",") != std::string::npos;
    }
    const bool cross = std::getenv("UNPOOLING_CROSS") != nullptr;
    if (cross) g_cross_arm = best;
    int stopped[R_COUNT] = {}, wrong[R_COUNT] = {};
    for (int r = 0; r < runs; ++r) {
      auto res = run_path(mu, cfg, seed * 1000003ULL + r, samp, active, t_max, false);
      for (int q = 1; q < R_COUNT; ++q) {
        stopped[q] += res.stop[q] >= 0;
        wrong[q] += res.stop[q] >= 0 && res.answer[q] != best;
      }
    }
    std::printf("# adversary %s delta %g runs %d seed %llu t_max %ld%s\n# rule\tstopped\twrong\tCP95_upper\n", which.c_str(),
                cfg.delta, runs, seed, t_max,
                cross ? " CROSSINGS: 'wrong' counts runs where the pair (V_a*, a*) reached its threshold at some step" : "");
    for (int q = 1; q < R_COUNT; ++q)
      if (active[q]) std::printf("%s\t%d\t%d\t%.4f\n", rule_name[q], stopped[q], wrong[q], beta_cdf_upper(wrong[q], runs));
    return 0;
  }
  if (mode == "bern" && argc >= 6) {  // bern MEANS DELTA RUNS SEED [z0]
    return bern::run(parse_means(argv[2]), std::atof(argv[3]), std::atoi(argv[4]), std::strtoull(argv[5], nullptr, 10),
                     argc >= 7 ? std::atof(argv[6]) : 2.0);
  }
  if (mode == "table" && argc >= 3) {
    // Overhead on a fixed pair: pure data at the means (mu_hat exact), counts NV, Nc, D's weights
    // uniform with ratio Nc/NV (the ideal schedule), P2 and D with its lcb; the plain GLR Z at which
    // each statistic reaches its threshold, minus the threshold.
    rules_config cfg;
    cfg.delta = std::atof(argv[2]);
    const double sg = 1;
    const double pairs[][2] = {{300, 300}, {3000, 3000}, {3000, 1000}, {3000, 300}, {3000, 100}, {3000, 30}, {30000, 300}, {10000, 10000}, {100000, 100000}};
    std::printf("NV\tNc\tP2\tD_ideal\tDM_ideal\n");
    for (auto& pr : pairs) {
      const double NV = pr[0], Nc = pr[1];
      auto reach = [&](std::function<double(double)> stat, double thr) {
        // gap d with stat(d) = thr, return Z(d) - thr
        double lo = 0, hi = 1;
        while (stat(hi) < thr) hi *= 2;
        for (int it = 0; it < 60; ++it) { const double mid = 0.5 * (lo + hi); (stat(mid) >= thr ? hi : lo) = mid; }
        return glr(NV, hi, Nc, 0, sg) - thr;
      };
      const double thr = std::log(1 / cfg.delta), thrD = std::log(1 / (cfg.delta * (1 - cfg.d2_share)));
      auto p2 = [&](double d) { return s2(NV, NV, NV * d, Nc, 0, sg); };
      const double r = Nc / NV;
      auto dst = [&](double d) {
        const double L = lcb(NV, NV * d, sg, cfg.delta * cfg.d2_share);
        const double A = r * NV;  // = Nc: no residual
        return half(A * d - 0, r * r * NV + Nc, sg) + 0 * L;
      };
      auto dm = [&](double d) { return mixlog(s2(NV, NV, NV * d, Nc, 0, sg), dst(d)); };
      std::printf("%g\t%g\t%.2f\t%.2f\t%.2f\n", NV, Nc, reach(p2, thr), reach(dst, thrD), reach(dm, thrD));
    }
    return 0;
  }
  std::fprintf(stderr, "see the header of unpooling.cpp\n");
  return 2;
}
