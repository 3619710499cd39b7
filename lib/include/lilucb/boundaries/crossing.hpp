#pragma once
// Crossing probabilities of Gaussian random walks: p(T) = P(exists t <= T : S_t >= u(t)) for
// S_t = X_1 + ... + X_t, X_i i.i.d. N(0, sigma^2), and any boundary u.
//
// crossing_probability(spec, T, q), the one `lilucb crossing`, calibration and the Python
// module use, runs two different discretisations of the Nystrom engine of crossing_nystrom.hpp
// (boundary-aligned nodes, Euler–Maclaurin end corrections, a coarse bulk far below the
// boundary): the estimate with step h = min(sigma/2, 2 sigma/q) and 12 end terms, the other with
// step 1.25 h and 8 end terms and another bulk schedule, whose error is larger by orders of
// magnitude in every measured case.  The two share the code, the truncations and the node
// layout, so their difference cannot see an error common to both: those are the truncations,
// bounded by `dropped`.  It reports
//   [estimate - spread, estimate + spread + dropped],  spread = |estimate - other| + 16 T 2^-52 estimate
// (16 T 2^-52 estimate: an allowance for rounding, 16 units of 2^-52 per step relative to the
// estimate; Phibar is computed to about 2 units with its argument's rounding compensated; the
// scaling U = u/sigma rounds the boundary by half a unit, exact when sigma is a power of two,
// a perturbation of the boundary's input of the size of its own rounding, not counted) plus the
// family's proven tail bound beyond T, so IF the measured bracket holds, lower <= P(ever cross)
// <= upper + tail.  Error statement: the end terms make each step's rule of order 2K + 2 in h
// (an asymptotic expansion: at h = sigma more terms stop helping, hence h <= sigma/2) and the
// dropped terms are proven bounds; the bracket itself is MEASURED (the difference of the two
// discretisations), not proved.  The tests check the estimate against independent methods:
// nested Gauss–Kronrod quadrature (T = 2, 3, to 2e-13) and Richardson extrapolation of the plain
// trapezoid rule (T = 10 to 10^4, q = 4, to 1e-8); the bracket's width itself is only measured.
// Cost at q = 4: about 0.1 s of CPU at T = 1e4 and 1 s at T = 1e5 for the pair (growing about
// like q up to q = 64, faster beyond); docs/boundaries.md has the numbers.
//
// A second, independent engine, the grid engine: crossing_probability_on_grid (one resolution)
// and crossing_probability_two_grids (the pair q, 2q and its bracket), kept as a reference.  It
// keeps a killed density on a two-level grid:
//
// Method (a killed density on a two-level grid).  Positions are measured on the lattice of
// spacing h = sigma/q (q = `resolution` cells per sigma).  At each time the state is the mass
// of the walk in cells [a h, b h) that has not crossed yet, assumed spread uniformly inside
// each cell.  Cells are fine (width h) in a band of `band_sigmas` sigma below the boundary,
// where the killing happens, and coarse (width W h, W a power of two growing like sqrt t so
// that a coarse cell stays below sd(S_t)/`coarse_per_sd`) further down, where the density is
// smooth on the scale sigma sqrt t.  One step moves the mass of cell [a, b) into cell [c, d)
// with the exact probability, for x uniform in [a, b),
//   P(x + X in [c, d)) = (q/(b-a)) [G(d-a) - G(d-b) - G(c-a) + G(c-b)],  G(k) = Gi(k/q),
// where Gi(z) = z Phi(z) + phi(z) is the integral of Phi; the mass above the boundary (the
// crossing probability of the step) and below the grid are the same integrals with one end at
// the boundary or at the bottom.  The fine-to-fine transitions are one convolution kernel.
// The only approximations are the uniform spread inside a cell (second order in the cell
// width where the density is smooth), the grid's bottom at -`window_sds` sd(S_t) and jumps
// longer than `reach_sigmas` sigma, whose mass is bounded and returned as `dropped`.
//
// Its error statement (an estimate with a measured convergence order, NOT a rigorous bracket):
// crossing_probability_two_grids runs resolutions q and 2q and reports the fine value with the
// bracket [p_2q - |p_2q - p_q|, p_2q + |p_2q - p_q| + dropped]; the order of convergence is
// about 2 in h (the bracket is about three times wider than the error of p_2q, about 1e-3
// wide).  A boundary more than window_sds sd(S_t) above 0 is capped there (what passes the cap
// is dropped, not crossed).  Cost: O(coarse cells x their reach + fine band x kernel width) per
// step, independent of t once the coarse cells grow: about 10 s of CPU for T = 1e5 for the pair
// q = 4, 8.

#include "lilucb/boundaries/crossing_nystrom.hpp"
#include "lilucb/boundaries/family.hpp"
#include "lilucb/errors.hpp"
#include "lilucb/interrupt.hpp"

#include <boost/math/special_functions/erf.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <future>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace lilucb::boundaries {

struct crossing_grid_options {
  unsigned resolution = 8;     ///< fine cells per sigma (h = sigma / resolution); >= 1
  double band_sigmas = 12;     ///< width of the fine band below the boundary, in sigma
  double coarse_per_sd = 8;    ///< coarse cells per sd(S_t) = sigma sqrt t (at least)
  double window_sds = 10;      ///< bottom of the grid at -window_sds sigma sqrt t
  double reach_sigmas = 9;     ///< jumps longer than this (in sigma) are dropped and counted
};

/// One resolution's result.
struct grid_crossing {
  double probability = 0;                 ///< P(exists t <= T : S_t >= u(t)) on this grid
  double dropped = 0;                     ///< mass removed (bottom, long jumps): bounds its effect
  std::vector<double> at_checkpoints;     ///< the probability at each requested checkpoint
};

namespace detail {

inline double std_normal_cdf(double z) { return 0.5 * std::erfc(-z * 0.70710678118654752440); }
inline double std_normal_pdf(double z) { return 0.39894228040143267794 * std::exp(-0.5 * z * z); }
// Gi(z) = z Phi(z) + phi(z), the integral of Phi from -inf to z; Gi(z) = z + Gi(-z).
inline double gi(double z) {
  if (z > 0) return z + gi(-z);
  return z * std_normal_cdf(z) + std_normal_pdf(z);
}

// A cell [a, b) of the lattice.  Fine cells (b = a + 1) hold their mass spread uniformly.
// Coarse cells also carry the mean and variance of their mass (s1, s2: first and second
// moments about the cell's centre while a step accumulates; mean and var after it), and are
// moved as a Gaussian of that mean and variance: spreading a coarse cell uniformly at every
// step would add (width)^2/6 of variance per step, far more than sigma^2.
struct cell {
  std::int64_t a, b;  // lattice edges [a, b); the top cell's true upper edge is `top`
  double mass;
  double s1 = 0, s2 = 0;  // coarse cells: accumulated mass x offset, mass x offset^2
  double mean = 0, var = 0;  // coarse cells: offset of the mean from the centre, variance
  bool coarse() const { return b - a > 1; }
  double centre() const { return 0.5 * double(a + b); }
};

class grid_walk {
 public:
  explicit grid_walk(const crossing_grid_options& o) : o_(o), q_(o.resolution) {
    kmax_ = static_cast<std::int64_t>(40) * q_;
    g_.resize(static_cast<std::size_t>(kmax_) + 1);
    for (std::int64_t k = 0; k <= kmax_; ++k) g_[static_cast<std::size_t>(k)] = gi(-double(k) / q_);
    const std::int64_t reach = static_cast<std::int64_t>(std::ceil(o.reach_sigmas * q_));
    kernel_.resize(static_cast<std::size_t>(2 * reach + 1));
    for (std::int64_t k = -reach; k <= reach; ++k)
      kernel_[static_cast<std::size_t>(k + reach)] = q_ * (G(k + 1) - 2 * G(k) + G(k - 1));
    reach_ = reach;
    jump_loss_ = 2 * std_normal_cdf(-o.reach_sigmas);
  }

  // G(k/q) for an integer k, from the table (Gi(-z) < 1e-300 beyond 40 sigma).
  double G(std::int64_t k) const {
    const std::int64_t m = k < 0 ? -k : k;
    const double tail = m > kmax_ ? 0.0 : g_[static_cast<std::size_t>(m)];
    return k > 0 ? double(k) / q_ + tail : tail;
  }
  // Mass fraction from a source uniform in [a, b) into [c, d) (lattice edges).
  double transfer(std::int64_t a, std::int64_t b, std::int64_t c, std::int64_t d) const {
    const std::int64_t lin = std::max<std::int64_t>(d - a, 0) - std::max<std::int64_t>(d - b, 0) -
                             std::max<std::int64_t>(c - a, 0) + std::max<std::int64_t>(c - b, 0);
    const auto tail = [&](std::int64_t k) {
      const std::int64_t m = k < 0 ? -k : k;
      return m > kmax_ ? 0.0 : g_[static_cast<std::size_t>(m)];
    };
    const double g = tail(d - a) - tail(d - b) - tail(c - a) + tail(c - b);
    return (double(lin) + q_ * g) / double(b - a);
  }
  // P(x + X >= U) for x uniform in [a, b): (q/(b-a)) [Gi((b-U)/q) - Gi((a-U)/q)].
  double above(double a, double b, double U) const {
    return q_ / (b - a) * (gi((b - U) / q_) - gi((a - U) / q_));
  }

  template <class Radius>
  grid_crossing run(Radius&& radius, double sigma, std::uint64_t horizon,
                    const std::vector<std::uint64_t>& checkpoints) {
    grid_crossing out;
    std::size_t next_checkpoint = 0;
    double crossed = 0, dropped = 0;
    auto record = [&](std::uint64_t t) {
      while (next_checkpoint < checkpoints.size() && checkpoints[next_checkpoint] == t) {
        out.at_checkpoints.push_back(crossed);
        ++next_checkpoint;
      }
    };
    // t = 1 from the point mass at 0.
    bool capped = false;
    double U = scaled_radius(radius, std::uint64_t{1}, sigma, capped);
    build_targets(1, U);
    crossed = U < double(bottom_) ? 1.0 : std_normal_cdf(-U / q_);
    if (capped) std::swap(crossed, dropped);  // the mass above the cap is dropped, not crossed
    if (!(U < double(bottom_))) {
      dropped += std_normal_cdf(double(bottom_) / q_);
      for (std::size_t j = 0; j < targets_.size(); ++j) {
        cell& c = targets_[j];
        bin_gaussian(0.0, q_, 1.0, c, c.b > top_cell_ ? U : double(c.b));
      }
      finalize();
      top_ = U;
    } else {
      targets_.clear();
    }
    cells_.swap(targets_);
    record(1);
    for (std::uint64_t t = 2; t <= horizon && !cells_.empty(); ++t) {
      check_interrupt();  // interrupt.hpp: one poll per time step
      const double U1 = scaled_radius(radius, t, sigma, capped);
      double total = 0;
      for (const auto& c : cells_) total += c.mass;
      dropped += total * jump_loss_;
      if (U1 < double(static_cast<std::int64_t>(std::floor(-o_.window_sds * q_ * std::sqrt(double(t)))))) {
        crossed += total;  // the boundary fell below the whole grid
        cells_.clear();
        record(t);
        break;
      }
      build_targets(t, U1);
      step(U1, capped ? dropped : crossed, dropped);
      cells_.swap(targets_);
      top_ = U1;
      record(t);
    }
    while (next_checkpoint < checkpoints.size()) {
      out.at_checkpoints.push_back(crossed);
      ++next_checkpoint;
    }
    out.probability = crossed;
    out.dropped = dropped;
    return out;
  }

 private:
  // u(t) in lattice units, capped at window_sds sd(S_t) above 0, as the grid's bottom is
  // window_sds sd(S_t) below: a boundary further up (a huge linear slope or constant, a tiny
  // sigma, an inf from u q / sigma) would make the grid span it, and the walk is there with
  // probability below Phi(-window_sds) (7.6e-24 at 10).  What passes the cap is counted as
  // dropped (the upper end), never as crossed.
  template <class Radius>
  double scaled_radius(Radius& radius, std::uint64_t t, double sigma, bool& capped) const {
    const double u = radius(t);
    if (std::isnan(u))
      lilucb::detail::raise_domain_error("lilucb::boundaries::crossing_probability_on_grid", "radius",
                                         "nan at t = " + std::to_string(t), "real numbers");
    const double cap = o_.window_sds * q_ * std::sqrt(double(t));
    const double U = u * q_ / sigma;
    capped = !(U <= cap);
    return capped ? cap : U;
  }

  void build_targets(std::uint64_t t, double U) {
    targets_.clear();
    const double sd = q_ * std::sqrt(double(t));  // sd(S_t) in lattice units
    std::int64_t W = 1;
    while (double(2 * W) <= sd / o_.coarse_per_sd) W *= 2;
    auto floor_div = [](std::int64_t x, std::int64_t w) { return x >= 0 ? x / w : -((-x + w - 1) / w); };
    top_cell_ = static_cast<std::int64_t>(std::floor(U));
    const std::int64_t band = static_cast<std::int64_t>(std::ceil(o_.band_sigmas * q_));
    std::int64_t bottom = floor_div(static_cast<std::int64_t>(std::floor(-o_.window_sds * sd)), W) * W;
    std::int64_t f0 = floor_div(top_cell_ - band, W) * W;
    if (f0 < bottom) f0 = bottom;
    if (bottom > top_cell_) bottom = f0 = top_cell_;
    bottom_ = bottom;
    for (std::int64_t a = bottom; a < f0; a += W) targets_.push_back({a, a + W, 0.0});
    for (std::int64_t a = f0; a <= top_cell_; ++a) targets_.push_back({a, a + 1, 0.0});
    if (double(top_cell_) == U) targets_.pop_back();  // empty top cell [U, U)
  }

  // Standard normal P(alpha <= Z < beta), accurate in both tails.
  static double normal_interval(double alpha, double beta) {
    if (alpha >= 0) return std_normal_cdf(-alpha) - std_normal_cdf(-beta);
    if (beta <= 0) return std_normal_cdf(beta) - std_normal_cdf(alpha);
    return 1 - std_normal_cdf(-beta) - std_normal_cdf(alpha);
  }

  // Adds mass x P(N(mu, sd^2) in [c.a, hi)) to c, and for a coarse cell its moments.
  static void bin_gaussian(double mu, double sd, double mass, cell& c, double hi) {
    const double al = (double(c.a) - mu) / sd, be = (hi - mu) / sd;
    const double p = normal_interval(al, be);
    if (!(p > 0)) return;
    const double m = mass * p;
    c.mass += m;
    if (!c.coarse()) return;
    const double pa = std_normal_pdf(al), pb = std_normal_pdf(be);
    const double m1 = (pa - pb) / p;                     // E[Z | in]
    const double m2 = 1 + (al * pa - be * pb) / p;       // E[Z^2 | in]
    const double dlt = mu - c.centre();
    c.s1 += m * (dlt + sd * m1);
    c.s2 += m * (dlt * dlt + 2 * dlt * sd * m1 + sd * sd * m2);
  }

  // bin_gaussian with the edge values given: z = standardised edges, t = Phi(-|z|), pdf = phi(z).
  static void add_gaussian_moments(double mu, double sd, double mass, cell& c, double al, double be, double t_al,
                                   double t_be, double pa, double pb) {
    // normal_interval(al, be) from the tails t (the same operations, so the same number).
    const double p = al >= 0 ? t_al - t_be : (be <= 0 ? t_be - t_al : 1 - t_be - t_al);
    if (!(p > 0)) return;
    const double m = mass * p;
    c.mass += m;
    const double m1 = (pa - pb) / p;
    const double m2 = 1 + (al * pa - be * pb) / p;
    const double dlt = mu - c.centre();
    c.s1 += m * (dlt + sd * m1);
    c.s2 += m * (dlt * dlt + 2 * dlt * sd * m1 + sd * sd * m2);
  }

  void finalize() {
    for (auto& d : targets_) {
      if (!d.coarse() || !(d.mass > 0)) continue;
      d.mean = d.s1 / d.mass;
      d.var = std::max(0.0, d.s2 / d.mass - d.mean * d.mean);
      d.s1 = d.s2 = 0;
    }
  }

  // Moves cells_ (time t-1, top cell's upper edge top_) into targets_ (time t, boundary U).
  void step(double U, double& crossed, double& dropped) {
    const std::size_t nt = targets_.size();
    const bool has_top_target = nt > 0 && targets_.back().b > U;  // partial top target [a, U)
    const double far = 39.0 * q_;  // Gi(-39) < 1e-300: nothing crosses from further below
    auto first_target = [&](double x) {  // first target with b > x
      return static_cast<std::size_t>(
          std::partition_point(targets_.begin(), targets_.end(), [x](const cell& c) { return double(c.b) <= x; }) -
          targets_.begin());
    };
    // The fine targets' masses accumulate in one contiguous array (copied back at the end), so
    // that the fine-to-fine move is a plain multiply-add over consecutive cells; every target
    // receives the same additions in the same order as before.
    const std::size_t jf = static_cast<std::size_t>(
        std::partition_point(targets_.begin(), targets_.end(), [](const cell& c) { return c.coarse(); }) -
        targets_.begin());
    const std::int64_t fa0 = jf < nt ? targets_[jf].a : 0;  // fine target j starts at fa0 + (j - jf)
    fine_mass_.assign(nt - jf, 0.0);
    double* const fm = fine_mass_.data() - jf;  // fm[j] for j >= jf
    for (std::size_t i = 0; i < cells_.size(); ++i) {
      const cell& s = cells_[i];
      if (!(s.mass > 0)) continue;
      const bool src_top = i + 1 == cells_.size() && double(s.b) > top_;
      const double sa = double(s.a), sb = src_top ? top_ : double(s.b);
      if (!(sb > sa)) continue;
      if (s.coarse()) {
        // A Gaussian of the cell's mean and variance, convolved with N(0, q^2).
        const double mu = s.centre() + s.mean, sd = std::sqrt(s.var + q_ * q_);
        if ((U - mu) / sd < 39) crossed += s.mass * std_normal_cdf((mu - U) / sd);
        if ((mu - double(bottom_)) / sd < 39) dropped += s.mass * std_normal_cdf((double(bottom_) - mu) / sd);
        const double r = o_.reach_sigmas * sd;
        // Every target edge is evaluated once and shared by the two targets it separates:
        // t(z) = Phi(-|z|) (one erfc) always, phi(z) (one exp) where a coarse target needs its
        // moments.  The masses are formed exactly as normal_interval and the fine-target
        // difference below form them, so the result is the same number as evaluating each
        // target on its own (each edge used to be evaluated twice).
        std::size_t j = first_target(mu - r);
        if (j >= nt || !(double(targets_[j].a) < mu + r)) continue;
        double z_lo = (double(targets_[j].a) - mu) / sd;
        double t_lo = std_normal_cdf(-std::abs(z_lo));
        double pdf_lo = targets_[j].coarse() ? std_normal_pdf(z_lo) : 0.0;
        for (; j < nt && double(targets_[j].a) < mu + r; ++j) {
          cell& d = targets_[j];
          const double hi = has_top_target && j + 1 == nt ? U : double(d.b);
          const double z_hi = (hi - mu) / sd;
          const double t_hi = std_normal_cdf(-std::abs(z_hi));
          if (d.coarse()) {
            const double pdf_hi = std_normal_pdf(z_hi);
            add_gaussian_moments(mu, sd, s.mass, d, z_lo, z_hi, t_lo, t_hi, pdf_lo, pdf_hi);
            pdf_lo = pdf_hi;
          } else {
            // c(z) = Phi(z) for z <= 0 and Phi(z) - 1 = -Phi(-z) for z > 0: no cancellation in
            // either tail; a difference across z = 0 adds the 1 back.
            const double c_hi = z_hi > 0 ? -t_hi : t_hi, c_lo = z_lo > 0 ? -t_lo : t_lo;
            const double p = c_hi - c_lo + (z_hi > 0 && z_lo <= 0 ? 1.0 : 0.0);
            if (p > 0) fm[j] += s.mass * p;
            if (j + 1 < nt && targets_[j + 1].coarse()) pdf_lo = std_normal_pdf(z_hi);
          }
          t_lo = t_hi;
          z_lo = z_hi;
        }
        continue;
      }
      const double up = U - sb < far ? above(sa, sb, U) : 0.0;
      crossed += s.mass * up;
      if (s.a - reach_ < bottom_)
        dropped += s.mass * q_ / (sb - sa) * (gi((double(bottom_) - sa) / q_) - gi((double(bottom_) - sb) / q_));
      std::size_t j = first_target(sa - double(reach_));
      if (src_top) {
        // Real upper edge: F(e) = Gi((e-sa)/q) - Gi((e-sb)/q) at each target edge, shared by
        // neighbouring targets; the fraction into [c, d) is q/(sb-sa) (F(d) - F(c)).
        const double scale = q_ / (sb - sa);
        auto F = [&](double e) { return gi((e - sa) / q_) - gi((e - sb) / q_); };
        double Fc = j < nt ? F(double(targets_[j].a)) : 0.0;
        for (; j < nt; ++j) {
          cell& d = targets_[j];
          if (d.a >= s.b + reach_) break;
          const bool dst_top = has_top_target && j + 1 == nt;
          const double Fd = F(dst_top ? U : double(d.b));
          const double f = scale * (Fd - Fc);
          Fc = Fd;
          if (d.coarse()) {
            add_fine_to_coarse(0.5 * (sa + sb), (sb - sa) * (sb - sa) / 12, s.mass * f, d);
          } else {
            fm[j] += s.mass * f;
          }
        }
        continue;
      }
      const std::int64_t lim = s.b + reach_;  // targets with a >= lim are out of reach
      for (; j < jf && targets_[j].a < lim; ++j) {
        // Depends only on the offset d.a - s.a and the width: computed once per width.
        const fine_to_coarse_entry& e = fine_to_coarse(targets_[j].a - s.a, targets_[j].b - targets_[j].a);
        add_moments(e, s.mass * e.fraction, targets_[j]);
      }
      if (j < jf || lim <= fa0) continue;
      const std::size_t jend = static_cast<std::uint64_t>(lim - fa0) < nt - jf
                                   ? jf + static_cast<std::size_t>(lim - fa0) : nt;
      const bool top_in = has_top_target && jend == nt;
      const std::size_t jv = top_in ? nt - 1 : jend;
      const double* const ker = kernel_.data() + (fa0 - s.a + reach_) - static_cast<std::int64_t>(jf);
      const double m = s.mass;
      for (std::size_t jj = j; jj < jv; ++jj) fm[jj] += m * ker[jj];  // kernel_[d.a - s.a + reach]
      if (top_in && j < nt) {
        // [c, U) = [c, inf) minus [U, inf): the lattice part from the table, the rest is `up`.
        const cell& d = targets_[nt - 1];
        fm[nt - 1] += s.mass * ((q_ / double(s.b - s.a)) * (G(s.b - d.a) - G(s.a - d.a)) - up);
      }
    }
    for (std::size_t j = jf; j < nt; ++j) targets_[j].mass = fm[j];
    for (auto& d : targets_)
      if (d.mass < 0) d.mass = 0;  // rounding in far tails (|error| < 1e-30)
    finalize();
  }

  // A fine source (uniform, centre c, variance v) into a coarse target: the mass m is exact
  // (computed by the caller); its moments are those of the Gaussian N(c, v + q^2) restricted
  // to the target (the uniform-plus-Gaussian law differs from it by O(h^4) in its moments).
  void add_fine_to_coarse(double c, double v, double m, cell& d) const {
    if (!(m > 0)) return;
    const double sd = std::sqrt(v + q_ * q_);
    cell tmp{d.a, d.b, 0.0};
    bin_gaussian(c, sd, 1.0, tmp, double(d.b));
    d.mass += m;
    if (tmp.mass > 0) {
      d.s1 += m * tmp.s1 / tmp.mass;
      d.s2 += m * tmp.s2 / tmp.mass;
    } else {
      d.s2 += m * (double(d.b - d.a) * double(d.b - d.a) / 4);
      d.s1 += m * 0.5 * double(d.b - d.a) * (c > d.centre() ? 1 : -1);
    }
  }

  // A regular fine source [s, s+1) into a coarse target [s+k, s+k+W): the fraction that lands
  // there and the target's moments, as add_fine_to_coarse(s + 0.5, 1/12, .) computes them.
  struct fine_to_coarse_entry {
    bool set = false;
    double fraction = 0;
    cell tmp{0, 0, 0.0};  // bin_gaussian of the source's Gaussian into the target
  };
  const fine_to_coarse_entry& fine_to_coarse(std::int64_t k, std::int64_t W) {
    if (W != f2c_width_) {
      f2c_width_ = W;
      f2c_.assign(static_cast<std::size_t>(2 * reach_ + W + 3), fine_to_coarse_entry{});
    }
    fine_to_coarse_entry& e = f2c_[static_cast<std::size_t>(k + reach_ + W + 1)];
    if (!e.set) {
      e.set = true;
      e.fraction = transfer(0, 1, k, k + W);
      e.tmp = cell{k, k + W, 0.0};
      bin_gaussian(0.5, std::sqrt(1.0 / 12 + q_ * q_), 1.0, e.tmp, double(k + W));
    }
    return e;
  }
  // add_fine_to_coarse with the source's moments from the table (same operations).
  static void add_moments(const fine_to_coarse_entry& e, double m, cell& d) {
    if (!(m > 0)) return;
    d.mass += m;
    if (e.tmp.mass > 0) {
      d.s1 += m * e.tmp.s1 / e.tmp.mass;
      d.s2 += m * e.tmp.s2 / e.tmp.mass;
    } else {
      d.s2 += m * (double(d.b - d.a) * double(d.b - d.a) / 4);
      d.s1 += m * 0.5 * double(d.b - d.a) * (0.5 > double(e.tmp.a) + 0.5 * double(e.tmp.b - e.tmp.a) ? 1 : -1);
    }
  }

  crossing_grid_options o_;
  double q_;
  std::int64_t kmax_ = 0, reach_ = 0, bottom_ = 0, top_cell_ = 0;
  double top_ = 0, jump_loss_ = 0;
  std::vector<double> g_, kernel_;
  std::vector<cell> cells_, targets_;
  std::vector<fine_to_coarse_entry> f2c_;
  std::vector<double> fine_mass_;
  std::int64_t f2c_width_ = 0;
};

inline void check_grid_options(const char* fn, const crossing_grid_options& o) {
  if (o.resolution < 1 || o.resolution > 4096)
    lilucb::detail::raise_domain_error(fn, "resolution", std::to_string(o.resolution), "[1, 4096]");
  check_at_least(fn, "band_sigmas", o.band_sigmas, 1.0);
  check_at_least(fn, "coarse_per_sd", o.coarse_per_sd, 1.0);
  check_at_least(fn, "window_sds", o.window_sds, 1.0);
  check_at_least(fn, "reach_sigmas", o.reach_sigmas, 1.0);
}

}  // namespace detail

/// p(t) = P(exists s <= t : S_s >= radius(s)) on one grid, at t = horizon and at each of the
/// sorted `checkpoints` (all <= horizon).  radius: callable std::uint64_t t -> double u(t).
/// Domain: sigma > 0, horizon >= 1, options as check_grid_options.
template <class Radius>
grid_crossing crossing_probability_on_grid(Radius&& radius, double sigma, std::uint64_t horizon,
                                           const crossing_grid_options& options = {},
                                           std::vector<std::uint64_t> checkpoints = {}) {
  constexpr const char* fn = "lilucb::boundaries::crossing_probability_on_grid";
  check_positive(fn, "sigma", sigma);
  if (horizon < 1) lilucb::detail::raise_domain_error(fn, "horizon", "0", "[1, 2^64)");
  detail::check_grid_options(fn, options);
  for (std::size_t i = 0; i < checkpoints.size(); ++i)
    if (checkpoints[i] < 1 || checkpoints[i] > horizon || (i > 0 && checkpoints[i] < checkpoints[i - 1]))
      lilucb::detail::raise_domain_error(fn, "checkpoints", std::to_string(checkpoints[i]),
                                         "sorted values in [1, horizon]");
  detail::grid_walk walk(options);
  return walk.run(radius, sigma, horizon, checkpoints);
}

/// The result `lilucb crossing` prints.
struct crossing_result {
  double probability_lower = 0;   ///< estimate - spread, clamped to [0, 1] (spread: see the header comment)
  double probability_upper = 1;   ///< estimate + spread + dropped, clamped to [0, 1]
  double estimate = 0;            ///< p(T) by the finer discretisation
  double coarse_estimate = 0;     ///< p(T) by the other, coarser one
                                  ///< (spread = |estimate - coarse_estimate| + 16 T 2^-52 estimate)
  double dropped = 0;             ///< the finer discretisation's bound on the mass it removed
  std::optional<double> tail_bound;  ///< proven bound on P(exists t > T : S_t >= u(t)), if any
  std::uint64_t horizon = 0;
  unsigned resolution = 0;        ///< q: the finer run's step is h = min(sigma/2, 2 sigma/q), the other's 1.25 h
  std::string method;             ///< one line: how the numbers were obtained
};

namespace detail {
// u(1..T) of a spec (u[0] unused), with the interrupt poll of the precomputation.
inline std::vector<double> radii_for_crossing(const boundary_spec& spec, std::uint64_t horizon) {
  std::vector<double> u(static_cast<std::size_t>(horizon) + 1);
  for (std::uint64_t t = 1; t <= horizon; ++t) {
    if (t % 4096 == 0) check_interrupt();  // interrupt.hpp
    u[t] = boundary_radius(spec, double(t));
  }
  return u;
}
inline void check_crossing_arguments(const char* fn, const boundary_spec& spec, std::uint64_t horizon,
                                     unsigned resolution) {
  check_boundary_spec(spec);
  if (horizon < 1) lilucb::detail::raise_domain_error(fn, "horizon", "0", "[1, 2^64)");
  if (resolution < 1 || resolution > 2048)
    lilucb::detail::raise_domain_error(fn, "resolution", std::to_string(resolution), "[1, 2048]");
}
// Runs two independent discretisations, the coarse one on a second thread (the result is the same
// as running them one after the other; an exception travels through get()); it polls the caller's
// stop token (interrupt.hpp) as this thread does.  Returns {fine(), coarse()}.
template <class Fine, class Coarse>
auto run_discretisation_pair(Fine&& fine, Coarse&& coarse) {
  auto coarse_run = std::async(std::launch::async, [&, token = current_stop_token()] {
    const scoped_stop_token stop(token);
    return coarse();
  });
  auto fine_result = fine();
  return std::make_pair(std::move(fine_result), coarse_run.get());
}
// The reported result of a pair: estimate +- spread, dropped added on the upper side, clamped to
// [0, 1], plus the family's tail bound beyond the horizon.
inline crossing_result bracketed_crossing(const boundary_spec& spec, std::uint64_t horizon, unsigned resolution,
                                          double estimate, double coarse_estimate, double spread, double dropped,
                                          std::string method) {
  crossing_result r;
  r.estimate = estimate;
  r.coarse_estimate = coarse_estimate;
  r.dropped = dropped;
  r.probability_lower = std::clamp(estimate - spread, 0.0, 1.0);
  r.probability_upper = std::clamp(estimate + spread + dropped, 0.0, 1.0);
  r.tail_bound = boundary_tail_bound(spec, double(horizon));
  r.horizon = horizon;
  r.resolution = resolution;
  r.method = std::move(method);
  return r;
}
}  // namespace detail

/// Crossing probability of a boundary for Gaussian rewards N(0, sigma^2), sigma = spec.sigma,
/// up to `horizon`, by the two Nystrom discretisations of the header comment (step h =
/// min(sigma/2, 2 sigma/q) and 1.25 h), with their measured bracket, plus the family's tail bound
/// beyond the horizon.  Domain: a spec passing check_boundary_spec, horizon >= 1, resolution q in
/// [1, 2048] (q <= 4 all mean h = sigma/2; above, the cost grows about like q up to q = 64 and
/// like q^1.7 from 64 to 256, docs/boundaries.md; q = 4 agrees with
/// q = 8 to about 1e-14 in every measured case).
inline crossing_result crossing_probability(const boundary_spec& spec, std::uint64_t horizon,
                                            unsigned resolution = 4) {
  constexpr const char* fn = "lilucb::boundaries::crossing_probability";
  detail::check_crossing_arguments(fn, spec, horizon, resolution);
  // The boundary is evaluated once per t and shared by both discretisations.
  const std::vector<double> u = detail::radii_for_crossing(spec, horizon);
  nystrom_options fine, coarse;
  fine.step = std::min(0.5, 2.0 / resolution);
  fine.correction_terms = 12;
  fine.coarse_base_steps = 4;
  coarse.step = 1.25 * fine.step;
  coarse.correction_terms = 8;
  coarse.coarse_base_steps = 9;
  const auto [pf, pc] = detail::run_discretisation_pair(
      [&] { return crossing_probability_nystrom(u, spec.sigma, fine); },
      [&] { return crossing_probability_nystrom(u, spec.sigma, coarse); });
  const double spread =
      std::abs(pf.probability - pc.probability) + 16 * double(horizon) * 0x1p-52 * std::max(pf.probability, 0.0);
  const auto step_text = [](double h) {
    std::ostringstream o;
    o << h;
    return o.str();
  };
  return detail::bracketed_crossing(
      spec, horizon, resolution, pf.probability, pc.probability, spread, pf.dropped,
      "Nystrom method on boundary-aligned nodes with Euler-Maclaurin end corrections (step " + step_text(fine.step) +
          " sigma, 12 terms; coarse lattice far below the boundary), estimate +- (|difference to step " +
          step_text(coarse.step) +
          " sigma, 8 terms| + 16 T 2^-52 estimate) (a measured bracket, not a proof); tail beyond the horizon from "
          "the family's proof");
}

/// The grid engine's pair: crossing_probability_on_grid at resolutions q and 2q (cells of
/// sigma/q and sigma/2q), reported as p_2q with the bracket [p_2q - |p_2q - p_q|, p_2q +
/// |p_2q - p_q| + dropped] (about 1e-3 wide; the header comment's second part), plus the
/// family's tail bound.  Kept as an independent reference.  Domain: as crossing_probability.
inline crossing_result crossing_probability_two_grids(const boundary_spec& spec, std::uint64_t horizon,
                                                      unsigned resolution = 8) {
  constexpr const char* fn = "lilucb::boundaries::crossing_probability_two_grids";
  detail::check_crossing_arguments(fn, spec, horizon, resolution);
  const std::vector<double> u = detail::radii_for_crossing(spec, horizon);
  auto radius = [&u](std::uint64_t t) { return u[t]; };
  crossing_grid_options coarse, fine;
  coarse.resolution = resolution;
  fine.resolution = 2 * resolution;
  const auto [pf, pc] = detail::run_discretisation_pair(
      [&] { return crossing_probability_on_grid(radius, spec.sigma, horizon, fine); },
      [&] { return crossing_probability_on_grid(radius, spec.sigma, horizon, coarse); });
  return detail::bracketed_crossing(
      spec, horizon, resolution, pf.probability, pc.probability, std::abs(pf.probability - pc.probability),
      pf.dropped,
      "killed density on a two-level grid (sigma/" + std::to_string(2 * resolution) +
          " fine cells), estimate +- |difference to sigma/" + std::to_string(resolution) +
          "| (measured convergence, not a rigorous bracket); tail beyond the horizon from the family's proof");
}

}  // namespace lilucb::boundaries
