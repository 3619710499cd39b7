// The Nystrom crossing engine (lilucb/boundaries/crossing_nystrom.hpp: the method and its error
// statement; docs/boundaries.md: the measurements).

#include "lilucb/boundaries/crossing_nystrom.hpp"

#include "lilucb/errors.hpp"
#include "lilucb/interrupt.hpp"

#include <boost/math/special_functions/bernoulli.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace lilucb::boundaries {

namespace {

constexpr const char* fn_name = "lilucb::boundaries::crossing_probability_nystrom";
constexpr double inv_sqrt_2pi = 0.39894228040143267794;
constexpr double inv_sqrt2 = 0.70710678118654752440;

double npdf(double z) { return inv_sqrt_2pi * std::exp(-0.5 * z * z); }
// P(Z >= z), to about 2 units of 2^-52 relative for z up to 37: the rounding of the argument
// z / sqrt 2 (which erfc would amplify by about z^2) is carried by a first-order correction.
double nsf(double z) {
  constexpr double inv_sqrt2_low = -4.8336466567264567e-17;  // 1/sqrt 2 - inv_sqrt2
  constexpr double two_over_sqrt_pi = 1.1283791670955126;
  const double a = z * inv_sqrt2;
  const double da = std::fma(z, inv_sqrt2, -a) + z * inv_sqrt2_low;
  return 0.5 * (std::erfc(a) - da * two_over_sqrt_pi * std::exp(-a * a));
}
double ncdf(double z) { return nsf(-z); }  // P(Z <= z)

// He_0(z), ..., He_n(z), the probabilists' Hermite polynomials: d^n/dz^n phi(z) = (-1)^n He_n(z) phi(z).
void hermite(double z, int n, double* he) {
  he[0] = 1;
  if (n >= 1) he[1] = z;
  for (int k = 1; k < n; ++k) he[k + 1] = z * he[k] - k * he[k - 1];
}

// out[k] = sum_{m < L} ker[m] src[k + m] for k < n: the Toeplitz product of every step, as a
// multiply-add over contiguous doubles, sixteen outputs at a time held in registers.  Every
// output is summed in the order m = 0, 1, ..., L - 1 with separate multiplications and
// additions, so the AVX2 clone (chosen at run time where the CPU has it) and the SSE2 one give
// the same bits.
typedef double v4d __attribute__((vector_size(32)));
typedef double v4d_unaligned __attribute__((vector_size(32), aligned(8), may_alias));
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && !defined(__SANITIZE_ADDRESS__) && \
    !defined(__SANITIZE_THREAD__)  // an ifunc resolver runs before the sanitizer runtime is up
__attribute__((target_clones("avx2", "default")))
#endif
void correlate(const double* src, const double* ker, std::size_t L, double* out, std::size_t n) {
  std::size_t k = 0;
  for (; k + 16 <= n; k += 16) {
    v4d a0 = {0, 0, 0, 0}, a1 = a0, a2 = a0, a3 = a0;
    const double* s = src + k;
    for (std::size_t m = 0; m < L; ++m) {
      const v4d c = {ker[m], ker[m], ker[m], ker[m]};
      const double* p = s + m;
      a0 += c * *reinterpret_cast<const v4d_unaligned*>(p);
      a1 += c * *reinterpret_cast<const v4d_unaligned*>(p + 4);
      a2 += c * *reinterpret_cast<const v4d_unaligned*>(p + 8);
      a3 += c * *reinterpret_cast<const v4d_unaligned*>(p + 12);
    }
    *reinterpret_cast<v4d_unaligned*>(out + k) = a0;
    *reinterpret_cast<v4d_unaligned*>(out + k + 4) = a1;
    *reinterpret_cast<v4d_unaligned*>(out + k + 8) = a2;
    *reinterpret_cast<v4d_unaligned*>(out + k + 12) = a3;
  }
  for (; k < n; ++k) {
    double acc = 0;
    for (std::size_t m = 0; m < L; ++m) acc += ker[m] * src[k + m];
    out[k] = acc;
  }
}

// sum_i w[i] x[i], four partial sums.
double dot(const double* w, const double* x, std::size_t n) {
  double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  std::size_t i = 0;
  for (; i + 4 <= n; i += 4) {
    s0 += w[i] * x[i];
    s1 += w[i + 1] * x[i + 1];
    s2 += w[i + 2] * x[i + 2];
    s3 += w[i + 3] * x[i + 3];
  }
  for (; i < n; ++i) s0 += w[i] * x[i];
  return (s0 + s1) + (s2 + s3);
}

double sum(const double* x, std::size_t n) {
  double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  std::size_t i = 0;
  for (; i + 4 <= n; i += 4) {
    s0 += x[i];
    s1 += x[i + 1];
    s2 += x[i + 2];
    s3 += x[i + 3];
  }
  for (; i < n; ++i) s0 += x[i];
  return (s0 + s1) + (s2 + s3);
}

// Hermite recurrence on arrays: (P, Q) = (He_{n-1}, He_n) at z[i] -> (He_n, He_{n+1}).
void hermite_next(const double* z, double* P, double* Q, std::size_t cnt, int n) {
  for (std::size_t i = 0; i < cnt; ++i) {
    const double q = z[i] * Q[i] - n * P[i];
    P[i] = Q[i];
    Q[i] = q;
  }
}

long floor_long(double x) { return static_cast<long>(std::floor(x)); }
long ceil_long(double x) { return static_cast<long>(std::ceil(x)); }

class engine {
 public:
  engine(const std::vector<double>& radius, double sigma, const nystrom_options& o)
      : h_(o.step),
        R_(o.reach_sds),
        W_(o.window_sds),
        K_(static_cast<int>(o.correction_terms)),
        bulk_(o.coarse_bulk),
        k0_(o.coarse_base_steps),
        T_(radius.size() - 1) {
    U_.assign(T_ + 1, 0.0);
    capped_.assign(T_ + 1, 0);
    for (std::size_t t = 1; t <= T_; ++t) {
      const double u = radius[t];
      if (std::isnan(u))
        ::lilucb::detail::raise_domain_error(fn_name, "radius", "nan at t = " + std::to_string(t), "real numbers");
      const double sd = std::sqrt(double(t));
      const double cap = W_ * sd;
      double U = u / sigma;
      // Above the cap: the walk is there with probability below Phibar(W); what crosses the
      // cap is dropped, never crossed.  Far below every node: everything above crosses exactly
      // (Phibar rounds to 1), so the boundary is raised to a finite value with the same effect.
      if (!(U <= cap)) {
        U = cap;
        capped_[t] = 1;
      }
      const double low = -W_ * sd - 2 * R_ - 20;
      if (U < low) {
        U = low;
        ++raised_steps_;
      }
      U_[t] = U;
    }
    beta_.assign(static_cast<std::size_t>(K_) + 1, 0.0);
    for (int m = 1; m <= K_; ++m)
      beta_[m] = boost::math::bernoulli_b2n<double>(m) / std::tgamma(2.0 * m + 1) * std::pow(h_, 2 * m);
    const int nb = 2 * K_ + 1;
    binom_.assign(static_cast<std::size_t>(nb * nb), 0.0);
    for (int n = 0; n < nb; ++n) {
      binom_[n * nb] = 1;
      for (int k = 1; k <= n; ++k)
        binom_[n * nb + k] = binom_[(n - 1) * nb + k - 1] + (k < n ? binom_[(n - 1) * nb + k] : 0.0);
    }
    D_.assign(static_cast<std::size_t>(2 * K_) + 1, 0.0);
    Dn_ = D_;
    e_ = D_;
    he_.assign(static_cast<std::size_t>(4 * K_) + 4, 0.0);
    // The sampled kernel's two tails beyond R sd: each is a Riemann sum of a decreasing function,
    // at most h phi(R) + Phibar(R).
    jump_loss_ = 2 * (nsf(R_) + h_ * npdf(R_));
    taps_f_ = 2 * R_ / h_ + 1;
  }

  nystrom_crossing run(const std::vector<std::uint64_t>& checkpoints) {
    nystrom_crossing out;
    std::size_t next = 0;
    auto record = [&](std::uint64_t t) {
      while (next < checkpoints.size() && checkpoints[next] == t) {
        out.at_checkpoints.push_back(crossed_);
        ++next;
      }
    };
    // A step whose boundary was raised to `low` (constructor): mass more than R sd below the
    // previous boundary may miss a crossing it should count, at most Phi(-W) per such step.
    dropped_ += double(raised_steps_) * ncdf(-W_);
    start();
    record(1);
    std::uint64_t next_check = 32;
    for (std::uint64_t t = 2; t <= T_; ++t) {
      check_interrupt();  // interrupt.hpp: one poll per time step
      if (!empty_) {
        const double Ln = bulk_active_ ? Lf_ : std::min(-W_ * std::sqrt(double(t)), U_[t] - R_);
        const double c = fine_step(U_[t], Ln);
        if (capped_[t])
          dropped_ += std::max(c, 0.0);
        else
          crossed_ += c;
        if (t < T_) {
          if (bulk_active_ ? t == tc_ + lev_.k : (bulk_ && t >= next_check)) {
            sync(t);
            if (!bulk_active_) next_check = t + std::max<std::uint64_t>(8, t / 16);
          }
        }
      }
      record(t);
    }
    while (next < checkpoints.size()) {
      out.at_checkpoints.push_back(crossed_);
      ++next;
    }
    out.probability = crossed_;
    out.dropped = dropped_;
    out.bulk_updates = bulk_updates_;
    return out;
  }

 private:
  struct level {
    std::uint64_t k = 0;
    long M = 0;  // lattice spacing H = M h
    double H = 0, sd = 0;
  };
  struct plan {
    bool bulk = false;
    level lv;
    double cc = 0, w = 0, Lf = 0, Umin = 0;  // chi(x) = Phi((x - cc)/w); fine nodes down to Lf
    long ilo = 0, ihi = -1;                  // lattice nodes i H, i in [ilo, ihi]
    double cost = 0;
  };

  // t = 1: f_1 = phi exactly, its derivatives at U_1 exactly.
  void start() {
    const double U = U_[1];
    const double L = std::min(-W_, U - R_);
    Ut_ = U;
    N_ = static_cast<std::size_t>(floor_long((U - L) / h_)) + 1;
    v_.resize(N_);
    for (std::size_t j = 0; j < N_; ++j) v_[j] = npdf(U - double(j) * h_);
    if (K_ > 0) {
      hermite(U, 2 * K_ - 1, he_.data());
      const double p = npdf(U);
      for (int i = 0; i < 2 * K_; ++i) D_[i] = (i % 2 ? -1.0 : 1.0) * he_[i] * p;
    }
    (capped_[1] ? dropped_ : crossed_) += nsf(U);
    dropped_ += ncdf(L);
  }

  // One step of the near part: from (Ut_, N_, v_, D_) at t-1 to the boundary Un at t, nodes down
  // to Ln.  Returns the step's crossing probability; adds what it drops to dropped_; keeps the
  // step's sources (abuf_, e_, Uprev_, Nprev_) for evaluating the new density off its nodes.
  double fine_step(double Un, double Ln) {
    const double h = h_, R = R_, dl = Un - Ut_;
    const long N = static_cast<long>(N_);
    const long Nn = std::max(1L, floor_long((Un - Ln) / h) + 1);
    const int nd = 2 * K_;
    // Euler–Maclaurin coefficients: the correction is sum_n e_n d^n/dx^n kernel(x) at x = Ut_.
    std::fill(e_.begin(), e_.end(), 0.0);
    for (int m = 1; m <= K_; ++m) {
      const double* b = binom_.data() + (2 * m - 1) * (nd + 1);
      const double* d = D_.data() + 2 * m - 1;
      for (int n = 0; n < 2 * m; ++n) e_[n] -= beta_[m] * b[n] * d[-n];
    }
    // Kernel offsets: target k, source j differ by dl + (j - k) h; n = j - k in [nlo, nhi].
    const double nlo_d = std::ceil((-R - dl) / h), nhi_d = std::floor((R - dl) / h);
    long n1 = 0, n2 = -1;
    if (nlo_d <= double(N - 1) && nhi_d >= double(-(Nn - 1))) {
      n1 = std::max(static_cast<long>(nlo_d), -(Nn - 1));
      n2 = std::min(static_cast<long>(nhi_d), N - 1);
    }
    const long front = n1 <= n2 ? std::max(0L, -n1) : 0;
    const long back = std::max(N, n1 <= n2 ? Nn + n2 : 0L);
    abuf_.assign(static_cast<std::size_t>(front + back), 0.0);
    aoff_ = front;
    double* a = abuf_.data() + front;
    for (long j = 0; j < N; ++j) a[j] = h * v_[static_cast<std::size_t>(j)];
    a[0] *= 0.5;
    const double mass = (nd > 0 ? e_[0] : 0.0) + sum(a, static_cast<std::size_t>(N));
    dropped_ += jump_loss_ * std::max(0.0, mass);
    vn_.assign(static_cast<std::size_t>(Nn), 0.0);
    // phi(dl + n h), n in [n1, n2]: the kernel, and the Gaussian factor of the end terms at the
    // targets (n = -k) and of the new derivatives (n = j), which fall in the same range.
    if (n1 <= n2) {
      const std::size_t L = static_cast<std::size_t>(n2 - n1 + 1);
      ker_.resize(L);
      for (std::size_t m = 0; m < L; ++m) ker_[m] = npdf(dl + double(n1 + long(m)) * h);
      correlate(a + n1, ker_.data(), L, vn_.data(), static_cast<std::size_t>(Nn));
    }
    const auto phi_at = [&](long n) { return ker_[static_cast<std::size_t>(n - n1)]; };  // phi(dl + n h)
    if (nd > 0) {
      // The end terms at the targets y_k with |y_k - Ut_| <= R: sum_n e_n He_n(z) phi(z), z = y_k - Ut_.
      const long k0 = std::max(0L, ceil_long((dl - R) / h)), k1 = std::min(Nn - 1, floor_long((dl + R) / h));
      if (k0 <= k1) {
        const std::size_t cnt = static_cast<std::size_t>(k1 - k0 + 1);
        zs_.resize(cnt);
        P_.assign(cnt, 0.0);
        Q_.assign(cnt, 1.0);
        S_.assign(cnt, 0.0);
        for (std::size_t i = 0; i < cnt; ++i) zs_[i] = dl - double(k0 + long(i)) * h;
        for (int n = 0; n < nd; ++n) {
          const double en = e_[n];
          for (std::size_t i = 0; i < cnt; ++i) S_[i] += en * Q_[i];
          if (n + 1 < nd) hermite_next(zs_.data(), P_.data(), Q_.data(), cnt, n);
        }
        for (std::size_t i = 0; i < cnt; ++i) vn_[static_cast<std::size_t>(k0) + i] += S_[i] * phi_at(-(k0 + long(i)));
      }
    }
    // The step's crossing probability: sum_j a_j Phibar(dl + j h) (sources more than R below the
    // new boundary are left out: their share is in the kernel-cut term), plus the end terms.
    double c = 0;
    {
      const long j1 = std::min(N - 1, floor_long((R - dl) / h));
      for (long j = 0; j <= j1; ++j) {
        const double z = dl + double(j) * h;
        c += z < -10 ? a[j] : a[j] * nsf(z);
      }
      if (nd > 0) c += end_terms_step(dl, false);
    }
    // Mass below the new nodes: sum_j a_j Phi(Ln - x_j), x_j = Ut_ - j h.
    {
      const double z0 = Ln - Ut_;
      double below = 0;
      for (long j = std::max(0L, ceil_long((-R - z0) / h)); j < N; ++j) {
        const double z = z0 + double(j) * h;
        below += z > 10 ? a[j] : a[j] * ncdf(z);
      }
      if (nd > 0) below += end_terms_step(z0, true);
      dropped_ += std::max(0.0, below);
    }
    // Derivatives of the new density at Un.
    std::fill(Dn_.begin(), Dn_.end(), 0.0);
    if (nd > 0) {
      const long j0 = std::max(0L, ceil_long((-R - dl) / h)), j1 = std::min(N - 1, floor_long((R - dl) / h));
      if (j0 <= j1) {
        const std::size_t cnt = static_cast<std::size_t>(j1 - j0 + 1);
        zs_.resize(cnt);
        S_.resize(cnt);
        P_.assign(cnt, 0.0);
        Q_.assign(cnt, 1.0);
        for (std::size_t i = 0; i < cnt; ++i) {
          zs_[i] = dl + double(j0 + long(i)) * h;
          S_[i] = a[j0 + long(i)] * phi_at(j0 + long(i));
        }
        for (int n = 0; n < nd; ++n) {
          Dn_[n] = dot(S_.data(), Q_.data(), cnt);
          if (n + 1 < nd) hermite_next(zs_.data(), P_.data(), Q_.data(), cnt, n);
        }
      }
      if (std::abs(dl) <= R) {
        hermite(dl, 2 * nd - 2, he_.data());
        const double p = npdf(dl);
        for (int n = 0; n < nd; ++n) {
          const double en = e_[n] * p;
          for (int i = 0; i < nd; ++i) Dn_[i] += en * he_[n + i];
        }
      }
      for (int i = 1; i < nd; i += 2) Dn_[i] = -Dn_[i];
    }
    Uprev_ = Ut_;
    Nprev_ = N_;
    Ut_ = Un;
    N_ = static_cast<std::size_t>(Nn);
    v_.swap(vn_);
    D_.swap(Dn_);
    if (mass == 0 && !bulk_active_) {
      bool all_zero = true;
      for (double x : v_) all_zero = all_zero && x == 0;
      empty_ = all_zero;
    }
    return c;
  }

  // The end terms sum_n e_n d^n/dx^n K(x) at x = Ut_ for K(x) = Phibar(Ut_ + z - x) (above = false:
  // the mass above Ut_ + z) or Phi(Ut_ + z - x) (true: the mass below Ut_ + z).
  double end_terms_step(double z, bool below) {
    const int nd = 2 * K_;
    if (z < -40) return below ? 0.0 : e_[0];
    if (z > 40) return below ? e_[0] : 0.0;
    hermite(z, nd, he_.data());
    double s = 0;
    for (int n = 1; n < nd; ++n) s += e_[n] * he_[n - 1];
    const double p = npdf(z);
    // d/dx Phibar(y - x) = phi(y - x); d/dx Phi(y - x) = -phi(y - x); d^n/dx^n phi(y - x) = He_n phi.
    return below ? e_[0] * ncdf(z) - s * p : e_[0] * nsf(z) + s * p;
  }

  // ---- the bulk ----

  level level_of(std::uint64_t k) const {
    level lv;
    lv.k = k;
    lv.sd = std::sqrt(double(k));
    lv.M = std::max(1L, static_cast<long>(std::lround(lv.sd / (2 * h_))));
    lv.H = double(lv.M) * h_;
    return lv;
  }

  plan plan_for(const level& lv, std::uint64_t t) const {
    plan p;
    p.lv = lv;
    // The bulk stays R sd(k) + its transition below the boundary of the next k steps (which it
    // must not reach), of now (f_t is cut there), and of the last k steps (a recent cut leaves
    // features of width sqrt(t - s) < sqrt(k), too fine for the bulk's lattice; older cuts are
    // smooth on the lattice's scale).
    const std::uint64_t b = t > lv.k ? t - lv.k : 1, e = std::min<std::uint64_t>(t + lv.k, T_);
    double Umin = U_[t], Umax = U_[t];
    for (std::uint64_t s = b; s <= e; ++s) {
      Umin = std::min(Umin, U_[s]);
      if (s > t) Umax = std::max(Umax, U_[s]);
    }
    const double R = R_, H = lv.H, sd = lv.sd;
    p.Umin = Umin;
    p.w = 1.5 * H;
    p.cc = Umin - R * sd - R * p.w;
    p.Lf = p.cc - R * p.w - R * sd;
    const double floor_t = -W_ * std::sqrt(double(t));
    const double top = p.cc + R * p.w;
    p.ilo = ceil_long(floor_t / H);
    p.ihi = floor_long(top / H);
    if (!(p.Lf > floor_t + 2 * R * sd) || p.ihi < p.ilo) {
      p.cost = std::numeric_limits<double>::infinity();
      return p;
    }
    p.bulk = true;
    const double floor_e = -W_ * std::sqrt(double(t + lv.k));
    const double nf = (Umax - p.Lf) / h_ + 1;
    const double taps_c = 2 * R * sd / H + 1;
    const double nc = (top - floor_e) / H + taps_c;
    const double sync = ((top + R * sd - p.Lf) / h_) * taps_c + ((Umax + R - p.Lf) / H) * taps_f_ +
                        40 * (2 * R * p.w / h_ + 2 * R * p.w / H + taps_c);
    p.cost = nf * taps_f_ + (nc * taps_c + sync) / double(lv.k);
    return p;
  }

  double cost_without_bulk(std::uint64_t t) const {
    const double floor_t = std::min(-W_ * std::sqrt(double(t)), U_[t] - R_);
    return ((U_[t] - floor_t) / h_ + 1) * taps_f_;
  }

  // At time t (after the near part's step): advance the bulk (if any) to t, choose the next
  // level (or none) and split the density again.
  void sync(std::uint64_t t) {
    plan best;
    best.cost = cost_without_bulk(t);
    auto consider = [&](std::uint64_t k) {
      if (k < 2 || k > T_) return;
      const plan p = plan_for(level_of(k), t);
      if (p.bulk && p.cost < best.cost) best = p;
    };
    if (bulk_active_) {
      if (lev_.k >= 4 * k0_) consider(lev_.k / 4);
      consider(lev_.k);
      consider(lev_.k * 4);
    } else {
      for (std::uint64_t k = k0_; k <= std::max<std::uint64_t>(t / 4, 1); k *= 4) consider(k);
    }
    if (!bulk_active_ && !best.bulk) return;

    const double U = Ut_, h = h_, floor_t = -W_ * std::sqrt(double(t));
    // The new near part's nodes x_j = U - j h, j < Nn.
    const double Lf = best.bulk ? best.Lf : std::min(floor_t, U - R_);
    const long Nn = std::max(1L, floor_long((U - Lf) / h) + 1);
    vn_.assign(static_cast<std::size_t>(Nn), 0.0);
    for (long j = 0; j < Nn && j < static_cast<long>(N_); ++j)
      vn_[static_cast<std::size_t>(j)] = v_[static_cast<std::size_t>(j)];
    // lat_: the density at the new lattice nodes (the bulk's part, then the near part's).
    if (best.bulk) lat_.assign(static_cast<std::size_t>(best.ihi - best.ilo + 1), 0.0);
    if (bulk_active_) {
      ++bulk_updates_;
      bulk_to_fine(Nn);
      if (best.bulk) bulk_to_lattice(best);
      // The bulk's mass cut by its kernel and landing below the floor.
      double mass = 0, below = 0;
      const double H = lev_.H, sd = lev_.sd;
      for (std::size_t i = 0; i < c_.size(); ++i) {
        const double m = H * c_[i];
        mass += m;
        const double z = (floor_t - double(ic0_ + long(i)) * H) / sd;
        if (z > -R_) below += z > 10 ? m : m * ncdf(z);
      }
      dropped_ += 2 * (nsf(R_) + (H / sd) * npdf(R_)) * mass + below;  // the k-step kernel's sampled tails
    }
    if (best.bulk) fine_to_lattice(best);
    // Split: the near part keeps chi f on its nodes, the bulk (1 - chi) f on its lattice.
    if (best.bulk) {
      for (long j = 0; j < Nn; ++j) {
        const double z = (U - double(j) * h - best.cc) / best.w;
        if (z > R_) continue;  // no lattice node there: the near part keeps all of it
        vn_[static_cast<std::size_t>(j)] *= z <= -R_ - 2 ? 0.0 : ncdf(z);
      }
      // The bulk's probability of reaching the boundary in its k steps (reflection principle).
      double reach = 0;
      const level& lv = best.lv;
      for (std::size_t i = 0; i < lat_.size(); ++i) {
        const double z_i = double(best.ilo + long(i)) * lv.H;
        const double z = (z_i - best.cc) / best.w;
        if (z >= R_ + 2)
          lat_[i] = 0;
        else if (z > -R_ - 2)
          lat_[i] *= nsf(z);
        const double d = (best.Umin - z_i) / lv.sd;
        reach += lv.H * lat_[i] * 2 * nsf(d);
      }
      dropped_ += reach;
      c_.swap(lat_);
      ic0_ = best.ilo;
      lev_ = lv;
      tc_ = t;
      Lf_ = best.Lf;
      bulk_active_ = true;
    } else {
      bulk_active_ = false;
      c_.clear();
    }
    v_.swap(vn_);
    N_ = static_cast<std::size_t>(Nn);
  }

  // Adds the bulk's k-step propagation to the new near nodes vn_[j] (x_j = Ut_ - j h):
  // C_t(x) = sum_i H c_i phi_sd(x - i H), and x_j - i H = Ut_ - (j + i M) h.
  void bulk_to_fine(long Nn) {
    const double U = Ut_, h = h_, H = lev_.H, sd = lev_.sd;
    const long M = lev_.M;
    const long s_lo = ceil_long((U - R_ * sd) / h), s_hi = floor_long((U + R_ * sd) / h);
    if (s_hi < s_lo) return;
    psi_.resize(static_cast<std::size_t>(s_hi - s_lo + 1));
    for (long s = s_lo; s <= s_hi; ++s)
      psi_[static_cast<std::size_t>(s - s_lo)] = H * npdf((U - double(s) * h) / sd) / sd;
    // psi_r[m] = psi[r + m M]: for x_j with (j - s_lo) = r (mod M), the sum runs over contiguous
    // entries of c_ and psi_r.
    const long len = s_hi - s_lo + 1, per = (len + M - 1) / M;
    psir_.assign(static_cast<std::size_t>(M * per), 0.0);
    for (long s = 0; s < len; ++s)
      psir_[static_cast<std::size_t>((s % M) * per + s / M)] = psi_[static_cast<std::size_t>(s)];
    const long nc = static_cast<long>(c_.size());
    for (long j = 0; j < Nn; ++j) {
      // i with s = j + i M in [s_lo, s_hi] and i in [ic0_, ic0_ + nc)
      const long i0 = std::max(ic0_, ceil_div(s_lo - j, M)), i1 = std::min(ic0_ + nc - 1, floor_div(s_hi - j, M));
      if (i0 > i1) continue;
      const long s0 = j + i0 * M - s_lo;  // psi index of i0
      vn_[static_cast<std::size_t>(j)] +=
          dot(c_.data() + (i0 - ic0_), psir_.data() + (s0 % M) * per + s0 / M, static_cast<std::size_t>(i1 - i0 + 1));
    }
  }

  // The bulk's k-step propagation at the new lattice nodes, into lat_ (same lattice: one
  // Toeplitz product; another lattice: direct sums).
  void bulk_to_lattice(const plan& p) {
    const long n = p.ihi - p.ilo + 1;
    const double H = lev_.H, sd = lev_.sd;
    const long nc = static_cast<long>(c_.size());
    if (p.lv.M == lev_.M) {
      const long Dk = floor_long(R_ * sd / H);
      const std::size_t L = static_cast<std::size_t>(2 * Dk + 1);
      ker_.resize(L);
      for (long m = 0; m <= 2 * Dk; ++m) ker_[static_cast<std::size_t>(m)] = H * npdf(double(m - Dk) * H / sd) / sd;
      // out[k] (node p.ilo + k) = sum_m ker[m] c[p.ilo + k - Dk + m - ic0_]
      const long first = p.ilo - Dk - ic0_;  // source index of (k = 0, m = 0)
      const long front = std::max(0L, -first);
      const long back = std::max(nc, first + n + long(L));
      cbuf_.assign(static_cast<std::size_t>(front + back), 0.0);
      for (long i = 0; i < nc; ++i) cbuf_[static_cast<std::size_t>(front + i)] = c_[static_cast<std::size_t>(i)];
      correlate(cbuf_.data() + front + first, ker_.data(), L, lat_.data(), static_cast<std::size_t>(n));
    } else {
      for (long k = 0; k < n; ++k) {
        const double z = double(p.ilo + k) * p.lv.H;
        const long i0 = std::max(ic0_, ceil_long((z - R_ * sd) / H)),
                   i1 = std::min(ic0_ + nc - 1, floor_long((z + R_ * sd) / H));
        double sum = 0;
        for (long i = i0; i <= i1; ++i) sum += c_[static_cast<std::size_t>(i - ic0_)] * npdf((z - double(i) * H) / sd);
        lat_[static_cast<std::size_t>(k)] = H * sum / sd;
      }
    }
  }

  // The near part's density at time t at the new lattice nodes, added to lat_: F_t(z) = sum_j
  // a_j phi(z - x_j) + end terms, x_j = Uprev_ - j h, and z - x_j = (i M + j) h - Uprev_ for z = i M h.
  void fine_to_lattice(const plan& p) {
    const long n = p.ihi - p.ilo + 1;
    const double h = h_, Up = Uprev_;
    const long M = p.lv.M, Np = static_cast<long>(Nprev_);
    const long s_lo = ceil_long((Up - R_) / h), s_hi = floor_long((Up + R_) / h);
    psi_.resize(static_cast<std::size_t>(std::max(0L, s_hi - s_lo + 1)));
    for (long s = s_lo; s <= s_hi; ++s) psi_[static_cast<std::size_t>(s - s_lo)] = npdf(double(s) * h - Up);
    const double* a = abuf_.data() + aoff_;
    const int nd = 2 * K_;
    for (long k = 0; k < n; ++k) {
      const long i = p.ilo + k;
      const long j0 = std::max(0L, s_lo - i * M), j1 = std::min(Np - 1, s_hi - i * M);
      double sum =
          j0 <= j1 ? dot(a + j0, psi_.data() + (i * M + j0 - s_lo), static_cast<std::size_t>(j1 - j0 + 1)) : 0.0;
      const double z = double(i) * p.lv.H - Up;
      if (nd > 0 && std::abs(z) <= R_) {
        hermite(z, nd - 1, he_.data());
        double s = 0;
        for (int m = 0; m < nd; ++m) s += e_[m] * he_[m];
        sum += s * npdf(z);
      }
      lat_[static_cast<std::size_t>(k)] += sum;
    }
  }

  static long floor_div(long a, long b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }
  static long ceil_div(long a, long b) { return -floor_div(-a, b); }

  const double h_, R_, W_;
  const int K_;
  const bool bulk_;
  const std::uint64_t k0_;
  const std::size_t T_;
  std::vector<double> U_;
  std::vector<char> capped_;
  std::vector<double> beta_, binom_;
  double jump_loss_ = 0, taps_f_ = 0;
  // near part at the current time
  double Ut_ = 0;
  std::size_t N_ = 0;
  std::vector<double> v_, vn_, D_, Dn_;
  // the last step's sources
  double Uprev_ = 0;
  std::size_t Nprev_ = 0;
  std::vector<double> abuf_, e_;
  long aoff_ = 0;
  // bulk
  bool bulk_active_ = false;
  level lev_;
  long ic0_ = 0;
  std::vector<double> c_;
  std::uint64_t tc_ = 0;
  double Lf_ = 0;
  std::uint64_t bulk_updates_ = 0;
  // results and scratch
  double crossed_ = 0, dropped_ = 0;
  std::uint64_t raised_steps_ = 0;
  bool empty_ = false;
  std::vector<double> he_, ker_, psi_, psir_, lat_, cbuf_, zs_, P_, Q_, S_;
};

}  // namespace

nystrom_crossing crossing_probability_nystrom(const std::vector<double>& radius, double sigma, const nystrom_options& o,
                                              const std::vector<std::uint64_t>& checkpoints) {
  check_positive(fn_name, "sigma", sigma);
  check_finite(fn_name, "sigma", sigma);
  if (radius.size() < 2) ::lilucb::detail::raise_domain_error(fn_name, "radius", "size < 2", "u(1), ..., u(T), T >= 1");
  if (!(o.step > 0 && o.step <= 2))
    ::lilucb::detail::raise_domain_error(fn_name, "step", ::lilucb::detail::format_value(o.step), "(0, 2]");
  if (o.correction_terms > 20)
    ::lilucb::detail::raise_domain_error(fn_name, "correction_terms", std::to_string(o.correction_terms), "[0, 20]");
  if (!(o.reach_sds >= 4 && o.reach_sds <= 30))
    ::lilucb::detail::raise_domain_error(fn_name, "reach_sds", ::lilucb::detail::format_value(o.reach_sds), "[4, 30]");
  if (!(o.window_sds >= 4 && o.window_sds <= 30))
    ::lilucb::detail::raise_domain_error(fn_name, "window_sds", ::lilucb::detail::format_value(o.window_sds), "[4, 30]");
  if (o.coarse_base_steps < 2 || o.coarse_base_steps > 64)
    ::lilucb::detail::raise_domain_error(fn_name, "coarse_base_steps", std::to_string(o.coarse_base_steps), "[2, 64]");
  const std::uint64_t T = radius.size() - 1;
  for (std::size_t i = 0; i < checkpoints.size(); ++i)
    if (checkpoints[i] < 1 || checkpoints[i] > T || (i > 0 && checkpoints[i] < checkpoints[i - 1]))
      ::lilucb::detail::raise_domain_error(fn_name, "checkpoints", std::to_string(checkpoints[i]),
                                         "sorted values in [1, T]");
  engine e(radius, sigma, o);
  return e.run(checkpoints);
}

}  // namespace lilucb::boundaries
