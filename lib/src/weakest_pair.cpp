// The bodies of weakest-pair sampling (lilucb/bandit/sampling/weakest_pair.hpp states the
// contract; the bounds' proofs are in docs/certified-glr/numerics.md, "Weakest-pair sampling").

#include "lilucb/bandit/sampling/weakest_pair.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace lilucb::bandit::sampling {

namespace weakest_pair_detail {

psi_table::psi_table() {
  for (int i = 0; i < T; ++i) {
    const auto v = one_sided_mixture::F(u0[i]);
    f0[i] = v.f;
    d0[i] = v.df;
  }
}

double psi_pair_lower(const psi_table& t, double sa, double ma, double sb, double mb) {
  const auto f = [&](double m, double* g) {
    double va, da, vb, db;
    t.at(sa * (ma - m), &va, &da);
    t.at(sb * (m - mb), &vb, &db);
    *g = -sa * da + sb * db;
    return va + vb;
  };
  const double scale = std::max(std::fabs(ma - mb), 1e-3 / std::min(sa, sb));
  double l = std::min(ma, mb), r = std::max(ma, mb);
  if (!(r > l)) {
    l -= scale;
    r += scale;
  }
  double gl, gr;
  double fl = f(l, &gl), fr = f(r, &gr);
  for (double step = scale; gl > 0 && std::isfinite(l); step *= 2) {
    r = l;
    fr = fl;
    gr = gl;
    l -= step;
    fl = f(l, &gl);
  }
  for (double step = scale; gr < 0 && std::isfinite(r); step *= 2) {
    l = r;
    fl = fr;
    gl = gr;
    r += step;
    fr = f(r, &gr);
  }
  if (!std::isfinite(fl) || !std::isfinite(fr) || !(gl <= 0) || !(gr >= 0))
    return -std::numeric_limits<double>::infinity();
  for (int it = 0; it < 30; ++it) {
    const double bound = std::max(fl + gl * (r - l), fr - gr * (r - l));
    if (std::min(fl, fr) - bound <= 0.05) break;
    // The root of the slopes' secant, kept away from the ends; bisection every third step.
    double m = (it % 3 == 2 || !(gr > gl)) ? 0.5 * (l + r) : l - gl * (r - l) / (gr - gl);
    const double w = r - l;
    m = std::clamp(m, l + 1e-3 * w, r - 1e-3 * w);
    if (!(m > l && m < r)) break;
    double gm;
    const double fm = f(m, &gm);
    if (gm <= 0) {
      l = m;
      fl = fm;
      gl = gm;
    } else {
      r = m;
      fr = fm;
      gr = gm;
    }
  }
  return std::max(fl + gl * (r - l), fr - gr * (r - l));
}

}  // namespace weakest_pair_detail

weakest_pair::weakest_pair(std::size_t K, double sigma, stopping::mixture_grid grid)
    : K_(K), sigma_(sigma), grid_(std::move(grid)), G_(grid_.rho.size()), mean_(K + 1, 0.0), n_(K, 0),
      keys_(K, 0.0), level_(K, stale), at_(K, 0.0),
      has_at_(K, 0), upper_(K, inf), pen_(K * G_, 0.0), slope_(K * G_, 0.0), stamp_(K * G_, 0), at_min_(K) {
  constexpr const char* fn = "lilucb::bandit::sampling::weakest_pair";
  check_at_least(fn, "K", double(K), 1.0);
  check_positive(fn, "sigma", sigma);
  if (G_ == 0 || G_ > 64 || G_ != grid_.log_weight.size())
    ::lilucb::detail::raise_domain_error(fn, "grid", std::to_string(G_) + " scales",
                                         "1 to 64 scales with one weight each");
  for (std::size_t k = 0; k < G_; ++k) {
    check_positive(fn, "grid rho", grid_.rho[k]);
    if (!std::isfinite(grid_.rho[k]) || !std::isfinite(grid_.log_weight[k]))
      ::lilucb::detail::raise_domain_error(fn, "grid", "rho " + std::to_string(grid_.rho[k]) + ", log-weight " +
                                                           std::to_string(grid_.log_weight[k]),
                                           "finite scales and log-weights");
  }
  sorted_ = std::is_sorted(grid_.rho.begin(), grid_.rho.end());
  mean_[K] = -inf;  // the padding arm of the means' tournament: never wins
  leaves_ = std::bit_ceil(K < 1 ? std::size_t{1} : K);
  best_.assign(2 * leaves_, K);
  for (std::size_t a = 0; a < K; ++a) best_[leaves_ + a] = a;
  for (std::size_t v = leaves_ - 1; v >= 1; --v) best_[v] = best_winner(best_[2 * v], best_[2 * v + 1]);
  weak_.assign(2 * leaves_, K);
}

double weakest_pair::term_bound(std::size_t L, std::size_t b, std::size_t k) {
  entry(L, k);
  entry(b, k);
  const std::size_t l = L * G_ + k, r = b * G_ + k;
  return grid_.log_weight[k] + 2 * 0.69314718055994530942 - pen_[l] - pen_[r] +
         weakest_pair_detail::psi_pair_lower(psi_, slope_[l], mean_[L], slope_[r], mean_[b]);
}

void weakest_pair::set_bound1(std::size_t L, std::size_t b) {
  keys_[b] = as_key(term_bound(L, b, scale_index(L, b)));
  level_[b] = bound1;
}

one_sided_mixture::pair_data weakest_pair::pair(std::size_t L, std::size_t b) {
  const double two_log_2 = 2 * std::log(2.0);
  for (std::size_t k = 0; k < G_; ++k) {
    entry(L, k);
    entry(b, k);
    sa_[k] = slope_[L * G_ + k];
    sb_[k] = slope_[b * G_ + k];
    cc_[k] = grid_.log_weight[k] + two_log_2 - pen_[L * G_ + k] - pen_[b * G_ + k];
  }
  return {mean_[L], mean_[b], sigma_, sa_, sb_, cc_, G_};
}

bool weakest_pair::tangent_bound(std::size_t L, std::size_t b, double* bound) {
  namespace od = one_sided_mixture;
  const od::pair_data p = pair(L, b);
  const double gap = std::fabs(mean_[L] - mean_[b]);
  const double eps = 1e-2 * gap + 1e-9 * sigma_;
  const double nl = double(n_[L]), nb = double(n_[b]);
  const double m0 = has_at_[b] ? at_[b] : (nl * mean_[L] + nb * mean_[b]) / (nl + nb);
  double l = m0 - eps, r = m0 + eps;
  od::h_and_slope hl = od::h_at(p, l), hr = od::h_at(p, r);
  for (int grow = 0; grow < 3 && (hl.dh > 0 || hr.dh < 0); ++grow) {
    const double w = 4 * (r - l);
    if (hl.dh > 0) {
      r = l;
      hr = hl;
      l -= w;
      hl = od::h_at(p, l);
    } else {
      l = r;
      hl = hr;
      r += w;
      hr = od::h_at(p, r);
    }
  }
  if (!(hl.dh <= 0 && hr.dh >= 0) || !std::isfinite(hl.h) || !std::isfinite(hr.h)) return false;
  if (!std::isfinite(hl.dh) || !std::isfinite(hr.dh)) return false;
  *bound = std::max(hl.h + hl.dh * (r - l), hr.h - hr.dh * (r - l));
  const double up = std::min(hl.h, hr.h);  // h at a point: >= S1
  upper_[b] = up + 1e-7 * (1 + std::fabs(up));
  at_[b] = hl.h <= hr.h ? l : r;
  has_at_[b] = 1;
  return std::isfinite(*bound);
}

void weakest_pair::refine(std::size_t L, std::size_t b) {
  if (level_[b] == bound1) {
    std::size_t lo = 0, hi = G_;
    if (sorted_) {
      const std::size_t j = scale_index(L, b);
      lo = j >= 4 ? j - 4 : 0;
      hi = std::min(G_, j + 5);
    }
    double best = -inf;
    for (std::size_t k = lo; k < hi; ++k) best = std::max(best, term_bound(L, b, k));
    keys_[b] = std::max(keys_[b], as_key(best));
    level_[b] = bound2;
    ++level2_count_;
  } else if (level_[b] == bound2) {
    double t = 0;
    upper_[b] = inf;
    if (tangent_bound(L, b, &t)) keys_[b] = std::max(keys_[b], as_key(t));
    level_[b] = tangent;
    ++tangent_count_;
  } else {
    // glr_one_sided_statistic(sigma, grid, N_L, mu_hat_L, N_b, mu_hat_b), with its minimiser kept.
    double m = 0;
    const double v = one_sided_mixture::infimum_lower_bound(pair(L, b), &m);
    ++exact_count_;
    if (std::isfinite(m)) {
      at_[b] = m;
      has_at_[b] = 1;
    }
    // NaN is never the O(K) pass's minimum; as +inf it is chosen only when every value is +inf
    // or NaN, and then at the lowest index other than L: the pass's default.
    keys_[b] = std::isnan(v) ? inf : v;
    level_[b] = exact;
  }
  weak_update(b);
}

std::size_t weakest_pair::challenger(std::size_t L) {
  if (L != keys_leader_ || leader_pulled_) {
    keys_leader_ = L;
    leader_pulled_ = false;
    ++rebuild_count_;
    changed_.clear();
    for (std::size_t k = 0; k < G_; ++k) entry(L, k);
    for (std::size_t b = 0; b < K_; ++b)
      if (b != L) set_bound1(L, b);
    level_[L] = stale;
    for (std::size_t a = 0; a < K_; ++a) weak_[leaves_ + a] = a;
    for (std::size_t v = leaves_ - 1; v >= 1; --v) weak_[v] = weak_winner(weak_[2 * v], weak_[2 * v + 1]);
  } else {
    for (const std::size_t b : changed_) {
      set_bound1(L, b);
      weak_update(b);
    }
    changed_.clear();
  }
  for (;;) {
    const std::size_t b = weak_[1];
    if (level_[b] == exact) return b;
    if (level_[b] == tangent && upper_[b] < inf) {
      // b is the strict argmin if an upper bound of its value is below every other key.
      const double kb = keys_[b];
      keys_[b] = inf;
      weak_update(b);
      const std::size_t c = weak_[1];
      keys_[b] = kb;
      weak_update(b);
      if (c == b || upper_[b] < keys_[c]) return b;
      if (level_[c] != exact) {
        refine(L, c);
        continue;
      }
    }
    refine(L, b);
  }
}

}  // namespace lilucb::bandit::sampling
