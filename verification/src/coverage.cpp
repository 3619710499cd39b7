// The `coverage` check's engine (lilucb_verification/coverage.hpp): the crossing simulation of
// random walks against families of boundaries, the tail bound beyond the horizon, and the
// assessment of one rate against its claimed bound (rubric R4).  The claims are in
// coverage_claims.cpp.

#include "lilucb_verification/coverage.hpp"

#include "lilucb/bandit/parallel.hpp"
#include "lilucb/bandit/arms.hpp"
#include "lilucb/clopper_pearson.hpp"
#include "lilucb_verification/rubric.hpp"
#include "lilucb/errors.hpp"
#include "lilucb/theory/finite_lil.hpp"
#include "lilucb/theory/ls_bound.hpp"
#include "lilucb_docs/report_table.hpp"
#include "lilucb_verification/checks.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace lilucb::verification {

const char* to_string(increment_kind kind) noexcept {
  switch (kind) {
    case increment_kind::gaussian: return "gaussian";
    case increment_kind::rademacher: return "rademacher";
    case increment_kind::uniform: return "uniform";
    case increment_kind::bernoulli: return "bernoulli";
  }
  return "?";
}

double bernoulli_optimal_scale(double p) {
  check_open_interval("lilucb::verification::bernoulli_optimal_scale", "p", p, 0.0, 1.0);
  if (p == 0.5) return 0.5;
  // Kearns and Saul (1998): s(p)^2 = (1-2p) / (2 log((1-p)/p)); continuous at p = 1/2.
  return std::sqrt((1 - 2 * p) / (2 * std::log((1 - p) / p)));
}

namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

void check_deltas(const char* fn, const std::vector<double>& deltas, const std::vector<double>& offset) {
  const double g_min = offset.empty() ? 0.0 : *std::min_element(offset.begin(), offset.end());
  for (double d : deltas) {
    check_positive(fn, "delta", d);
    // b(t; delta) needs g(t) + log(1/delta) > 0 for every t.
    if (!(g_min + std::log(1 / d) > 0))
      lilucb::detail::raise_domain_error(fn, "delta", lilucb::detail::format_value(d),
                                 "(0, exp(min_t g(t))) = (0, " + detail::format_bound(std::exp(g_min)) + ")");
  }
}

}  // namespace

boundary_family lil_boundary_family(std::uint64_t horizon, double eps, double sigma, inner_log inner,
                                    crossing_sides sides, std::vector<double> deltas, double log_shift) {
  constexpr const char* fn = "lilucb::verification::lil_boundary_family";
  if (horizon < 1 || horizon >= (std::uint64_t{1} << 32))
    lilucb::detail::raise_domain_error(fn, "horizon", std::to_string(horizon), "[1, 2^32)");
  if (inner == inner_log::lemma) {
    check_open_interval(fn, "eps", eps, 0.0, 1.0);
  } else {
    check_half_open_interval(fn, "eps", eps, 0.0, 1.0);
  }
  check_positive(fn, "sigma", sigma);
  check_at_least(fn, "log_shift", log_shift, 0.0);
  boundary_family f;
  f.name = std::string(to_string(inner)) + (sides == crossing_sides::upper ? " upper" : " two-sided");
  f.sides = sides;
  f.inv_scale_sq.resize(horizon);
  f.offset.resize(horizon);
  // Lemma `lem:lil`: b(t) = (1+sqrt(eps)) sqrt(2 sigma^2 (1+eps) t log(log((1+eps)t + c)/delta)),
  // so a(t)^2 = (1+sqrt(eps))^2 2 sigma^2 (1+eps) t and g(t) = log log((1+eps)t + c).
  const double k = (1 + std::sqrt(eps)) * (1 + std::sqrt(eps)) * 2 * sigma * sigma * (1 + eps);
  const double c = inner_log_offset<double>(inner);
  for (std::uint64_t t = 1; t <= horizon; ++t) {
    const double td = static_cast<double>(t);
    f.inv_scale_sq[t - 1] = 1 / (k * td);
    f.offset[t - 1] = std::log(std::log(td) + std::log1p(eps + c / td)) + log_shift;
  }
  check_deltas(fn, deltas, f.offset);
  f.deltas = std::move(deltas);
  return f;
}

boundary_family fixed_boundary_family(const std::vector<double>& boundary, crossing_sides sides) {
  constexpr const char* fn = "lilucb::verification::fixed_boundary_family";
  if (boundary.empty() || boundary.size() >= (std::size_t{1} << 32))
    lilucb::detail::raise_domain_error(fn, "boundary.size()", std::to_string(boundary.size()), "[1, 2^32)");
  boundary_family f;
  f.name = "fixed";
  f.sides = sides;
  for (double b : boundary) {
    check_positive(fn, "boundary[t]", b);
    f.inv_scale_sq.push_back(1 / (b * b));
  }
  // (*) with a = b, g = 1 at delta = 1 gives b(t) sqrt(1) = b(t): S^2/b^2 - 1 > 0 iff |S| > b.
  f.offset.assign(boundary.size(), 1.0);
  f.deltas = {1.0};
  return f;
}

namespace {

// One walk's record against every family: the running maximum of S_t^2/a(t)^2 - g(t) per
// family and, per family delta, the first t at which it exceeds log(1/delta).
struct walk_tables {
  std::size_t families = 0;
  std::uint64_t horizon = 0;
  std::vector<double> row;           // per t: (inv_scale_sq, offset) per family, interleaved
  std::vector<unsigned char> both;   // per family: two-sided
  std::vector<std::size_t> level_begin;  // per family: first index into levels
  std::vector<double> levels;        // log(1/delta), per family, ascending within a family
  std::vector<std::size_t> level_slot;   // slot of each sorted level in the family's delta order
};

walk_tables make_tables(const std::vector<boundary_family>& families) {
  walk_tables w;
  w.families = families.size();
  w.horizon = families.front().offset.size();
  w.row.resize(w.horizon * 2 * w.families);
  for (std::size_t f = 0; f < w.families; ++f) {
    for (std::uint64_t t = 0; t < w.horizon; ++t) {
      w.row[(t * w.families + f) * 2] = families[f].inv_scale_sq[t];
      w.row[(t * w.families + f) * 2 + 1] = families[f].offset[t];
    }
    w.both.push_back(families[f].sides == crossing_sides::both);
    w.level_begin.push_back(w.levels.size());
    std::vector<std::pair<double, std::size_t>> sorted;
    for (std::size_t j = 0; j < families[f].deltas.size(); ++j)
      sorted.emplace_back(std::log(1 / families[f].deltas[j]), j);
    std::sort(sorted.begin(), sorted.end());
    for (const auto& [level, slot] : sorted) {
      w.levels.push_back(level);
      w.level_slot.push_back(w.level_begin.back() + slot);
    }
  }
  w.level_begin.push_back(w.levels.size());
  return w;
}

// Runs one walk; `draw()` returns the next increment.  best[f] receives the family's critical
// value, first[slot] the first crossing time (0: none by the horizon) of each family delta.
template <class Draw>
void run_walk(const walk_tables& w, Draw&& draw, double* best, std::uint32_t* first) {
  const std::size_t F = w.families;
  for (std::size_t f = 0; f < F; ++f) best[f] = -kInfinity;
  for (std::size_t j = 0; j < w.levels.size(); ++j) first[j] = 0;
  double s = 0;
  const double* row = w.row.data();
  for (std::uint64_t t = 1; t <= w.horizon; ++t, row += 2 * F) {
    s += draw();
    if (s == 0) continue;  // |S_t| = 0 never exceeds a positive boundary
    const bool positive = s > 0;
    const double s2 = s * s;
    for (std::size_t f = 0; f < F; ++f) {
      if (!positive && !w.both[f]) continue;
      const double v = s2 * row[2 * f] - row[2 * f + 1];
      if (v > best[f]) {
        best[f] = v;
        for (std::size_t j = w.level_begin[f]; j < w.level_begin[f + 1] && w.levels[j] < v; ++j) {
          const std::size_t slot = w.level_slot[j];
          if (first[slot] == 0) first[slot] = static_cast<std::uint32_t>(t);
        }
      }
    }
  }
}

void check_increments(const char* fn, const increment_distribution& inc) {
  check_positive(fn, "increments.sigma", inc.sigma);
  if (inc.kind == increment_kind::bernoulli) check_open_interval(fn, "increments.p", inc.p, 0.0, 1.0);
  const int k = static_cast<int>(inc.kind);
  if (k < 0 || k > 3) lilucb::detail::raise_domain_error(fn, "increments.kind", std::to_string(k), "{gaussian, rademacher, uniform, bernoulli}");
}

}  // namespace

crossing_simulation simulate_crossings(const increment_distribution& increments,
                                       const std::vector<boundary_family>& families,
                                       std::uint64_t walks, std::uint64_t seed, unsigned threads) {
  constexpr const char* fn = "lilucb::verification::simulate_crossings";
  check_increments(fn, increments);
  if (walks < 1) lilucb::detail::raise_domain_error(fn, "walks", "0", "[1, 2^64)");
  if (families.empty()) lilucb::detail::raise_domain_error(fn, "families.size()", "0", "[1, inf)");
  const std::size_t horizon = families.front().offset.size();
  if (horizon < 1 || horizon >= (std::size_t{1} << 32))
    lilucb::detail::raise_domain_error(fn, "horizon", std::to_string(horizon), "[1, 2^32)");
  for (const auto& f : families) {
    if (f.offset.size() != horizon || f.inv_scale_sq.size() != horizon)
      lilucb::detail::raise_domain_error(fn, "family table size", std::to_string(f.offset.size()) + ", " +
                                 std::to_string(f.inv_scale_sq.size()), "the common horizon " + std::to_string(horizon));
    for (double x : f.inv_scale_sq) check_positive(fn, "inv_scale_sq[t]", x);
    for (double x : f.offset) check_finite(fn, "offset[t]", x);
    check_deltas(fn, f.deltas, f.offset);
  }
  const walk_tables tables = make_tables(families);
  const std::size_t F = families.size(), J = std::max<std::size_t>(tables.levels.size(), 1);
  std::vector<double> best(walks * F);
  std::vector<std::uint32_t> first(walks * J);
  const double sigma = increments.sigma;
  bandit::parallel_for(walks, threads, [&](std::size_t w) {
    double* b = best.data() + w * F;
    std::uint32_t* fi = first.data() + w * J;
    switch (increments.kind) {
      case increment_kind::gaussian: {
        bandit::normal_stream normal(seed, w);
        run_walk(tables, [&] { return sigma * normal(); }, b, fi);
        break;
      }
      case increment_kind::rademacher: {
        bandit::run_engine engine(seed, w);
        std::uint64_t word = 0;
        int bits = 0;
        run_walk(tables, [&] {
          if (bits == 0) { word = engine(); bits = 64; }
          const double x = (word & 1) ? sigma : -sigma;
          word >>= 1;
          --bits;
          return x;
        }, b, fi);
        break;
      }
      case increment_kind::uniform: {
        bandit::run_engine engine(seed, w);
        const double half_width = sigma * std::sqrt(3.0);
        run_walk(tables, [&] { return half_width * (2 * engine.uniform01() - 1); }, b, fi);
        break;
      }
      case increment_kind::bernoulli: {
        bandit::run_engine engine(seed, w);
        const double p = increments.p, scale = sigma / bernoulli_optimal_scale(p);
        const double up = (1 - p) * scale, down = -p * scale;
        run_walk(tables, [&] { return engine.uniform01() < p ? up : down; }, b, fi);
        break;
      }
    }
  });
  crossing_simulation out;
  out.increments = increments;
  out.walks = walks;
  out.horizon = horizon;
  out.seed = seed;
  const std::size_t decades = static_cast<std::size_t>(std::floor(std::log10(static_cast<double>(horizon)))) + 1;
  for (std::size_t f = 0; f < F; ++f) {
    family_crossings fc;
    fc.critical.resize(walks);
    for (std::uint64_t w = 0; w < walks; ++w) fc.critical[w] = best[w * F + f];
    std::sort(fc.critical.begin(), fc.critical.end());
    const std::size_t nd = families[f].deltas.size();
    fc.crossings.assign(nd, 0);
    fc.first_crossing_by_decade.assign(nd, std::vector<std::uint64_t>(decades, 0));
    fc.first_crossing_time_sum.assign(nd, 0.0);
    for (std::size_t j = 0; j < nd; ++j) {
      const std::size_t slot = tables.level_begin[f] + j;
      for (std::uint64_t w = 0; w < walks; ++w) {
        const std::uint32_t t = first[w * J + slot];
        if (t == 0) continue;
        ++fc.crossings[j];
        std::size_t d = 0;
        for (std::uint64_t p = 10; p <= t; p *= 10) ++d;
        ++fc.first_crossing_by_decade[j][d];
        fc.first_crossing_time_sum[j] += t;
      }
    }
    out.families.push_back(std::move(fc));
  }
  return out;
}

std::uint64_t crossings_at(const family_crossings& result, double delta) {
  check_positive("lilucb::verification::crossings_at", "delta", delta);
  const double level = std::log(1 / delta);
  // critical is sorted ascending: count the entries > level.
  return static_cast<std::uint64_t>(result.critical.end() -
                                    std::upper_bound(result.critical.begin(), result.critical.end(), level));
}

double delta_reaching_count(const family_crossings& result, std::uint64_t k) {
  const std::uint64_t m = result.critical.size();
  if (k < 1 || k > m)
    lilucb::detail::raise_domain_error("lilucb::verification::delta_reaching_count", "k", std::to_string(k),
                               "[1, walks = " + std::to_string(m) + "]");
  const double c = result.critical[m - k];
  return c == -kInfinity ? kInfinity : std::exp(-c);
}

double lil_tail_bound_after(std::uint64_t T, double eps, double delta, inner_log inner) {
  constexpr const char* fn = "lilucb::verification::lil_tail_bound_after";
  if (T < 2) lilucb::detail::raise_domain_error(fn, "T", std::to_string(T), "[2, 2^52)");
  if (T >= (std::uint64_t{1} << 52)) lilucb::detail::raise_domain_error(fn, "T", std::to_string(T), "[2, 2^52)");
  check_open_interval(fn, "eps", eps, 0.0, 1.0);
  if (inner == inner_log::lemma) {
    check_open_interval(fn, "delta", delta, 0.0, std::log1p(eps) / std::exp(1.0), "(0, log(1+eps)/e)");
  } else {
    check_open_interval(fn, "delta", delta, 0.0, 1.0);
  }
  const double c = inner_log_offset<double>(inner), s = 1 + eps;
  // u_{k+1} = ceil((1+eps) u_k) = u_k + ceil(eps u_k), the ceiling made exact with fma: the sign
  // of eps*u - q is exact in fma.
  auto next = [eps](std::uint64_t u) {
    const double ud = static_cast<double>(u);
    double q = std::ceil(eps * ud);
    if (std::fma(eps, ud, -q) > 0) q += 1;
    while (q > 0 && std::fma(eps, ud, -(q - 1)) <= 0) q -= 1;
    return u + static_cast<std::uint64_t>(q);
  };
  auto L = [c](std::uint64_t u) { return std::log(static_cast<double>(u) + c); };
  std::uint64_t u = 1, u_next = next(1);
  std::uint64_t k = 0;
  while (k < 1 || u_next <= T) {  // K = min{k >= 1 : u_{k+1} > T}
    u = u_next;
    u_next = next(u);
    ++k;
  }
  constexpr std::uint64_t limit = std::uint64_t{1} << 52;
  double sum = 0;
  for (; u_next < limit; ++k, u = u_next, u_next = next(u)) {
    sum += std::pow(delta / L(u), s);  // Step 1: Chernoff at u_k
    const std::uint64_t m = u_next - u - 1;
    if (m > 0)  // Step 2: Hoeffding's maximal inequality over the m steps of block k
      sum += std::exp(-eps * static_cast<double>(u_next) / static_cast<double>(m) * std::log(L(u_next) / delta));
  }
  // k > what was summed: the proof's own bounds (log u_k >= k log(1+eps)), each term at most
  // (delta/(k log(1+eps)))^s, two per k; sum_{j >= k} j^-s <= k^-s + k^(1-s)/(s-1).
  const double x = delta / std::log1p(eps), kd = static_cast<double>(k);
  sum += 2 * std::pow(x, s) * (std::pow(kd, -s) + std::pow(kd, 1 - s) / eps);
  return sum;
}

coverage_assessment assess_coverage(std::uint64_t crossings, std::uint64_t walks, double claimed,
                                    double tail_bound, double alpha) {
  constexpr const char* fn = "lilucb::verification::assess_coverage";
  if (walks < 1) lilucb::detail::raise_domain_error(fn, "walks", "0", "[1, 2^64)");
  if (crossings > walks)
    lilucb::detail::raise_domain_error(fn, "crossings", std::to_string(crossings), "[0, walks = " + std::to_string(walks) + "]");
  if (!(claimed >= 0 && std::isfinite(claimed))) lilucb::detail::raise_domain_error(fn, "claimed", lilucb::detail::format_value(claimed), "[0, inf)");
  if (!(tail_bound >= 0)) lilucb::detail::raise_domain_error(fn, "tail_bound", lilucb::detail::format_value(tail_bound), "[0, inf]");
  check_open_interval(fn, "alpha", alpha, 0.0, 1.0);
  coverage_assessment a;
  a.crossings = crossings;
  a.walks = walks;
  a.claimed = claimed;
  a.tail_bound = tail_bound;
  a.alpha = alpha;
  a.rate_low = clopper_pearson_lower(crossings, walks, alpha);
  a.rate_high = clopper_pearson_upper(crossings, walks, alpha);
  a.ratio_low = claimed / a.rate_high;
  a.ratio_high = a.rate_low > 0 ? claimed / a.rate_low : kInfinity;
  a.verdict = judge_rate(a.rate_low, a.rate_high, claimed, tail_bound);  // rubric R4
  return a;
}

}  // namespace lilucb::verification
