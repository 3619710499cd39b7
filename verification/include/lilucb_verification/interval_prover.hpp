#pragma once
// A small branch-and-bound prover for inequalities over boxes in R^d, in interval arithmetic
// (Boost.Interval, outward rounding).  It knows nothing about the paper: the `inequalities`
// check (verification/src/inequalities.cpp) states the paper's inequalities with it, and
// tests/verification/test_verify_inequalities.cpp tests it on planted inequalities.
//
// Arithmetic.  `interval` is boost::numeric::interval<double> with
//   - outward_rounding (below): +, -, *, /, sqrt computed in round-to-nearest and moved outward
//     by exact error terms (TwoSum, FMA residuals), so the enclosures do not depend on FPU
//     rounding modes or on compiler flags such as -frounding-math; exp and log from the C
//     library widened by `transc_ulps` ulps on each side (the C library's exp and log are
//     accurate to under one ulp but not correctly rounded, so Boost's rounded_transc_std alone
//     would not be a proof);
//   - checking_base: infinite end points are allowed (a box may be unbounded, see below) and an
//     operation outside its domain (log of a negative interval, ...) gives an empty interval
//     (NaN end points), which the prover treats as "cannot decide".
// pow(x, y) for x > 0 is exp(y log x) (interval_pow below).
//
// A predicate is "f(x) <= 0" (strict = false) or "f(x) < 0" (strict = true), given by a
// callable f that maps a box to an interval enclosing f over the box.  On a box it is
//   certainly true   when upper(f(box)) <= 0 (< 0 when strict),
//   certainly false  when lower(f(box)) > 0 (>= 0 when strict).
// prove(hyp => concl) on a domain box:
//   - a box is discharged when the hypothesis is certainly false or the conclusion certainly
//     true on it;
//   - otherwise its midpoint is tried as a counterexample: the callables are evaluated on the
//     degenerate box [m, m] (still in interval arithmetic), and m is a counterexample only when
//     the hypothesis is certainly true and the conclusion certainly false there, so a reported
//     violation is certain, not a rounding artefact;
//   - otherwise the box is bisected along its widest coordinate, widths measured relative to
//     the domain's sides (a coordinate with an infinite end is split first, at a finite point:
//     [a, inf] at a + max(1, |a|));
//   - boxes are processed most-suspicious first: largest upper bound of min(concl, -hyp), the
//     amount by which a point could violate the implication (upper(concl) for an inequality);
//   - the search stops with `undecided` when `max_boxes` enclosures have been computed, when a
//     box cannot be split any more (`min_width`), or at `max_depth`; the result then reports
//     the number of boxes, the depth reached and the worst remaining box.
// prove(g <= 0) is the implication with an always-true hypothesis.
//
// Unbounded coordinates: a domain may have infinite end points.  The prover can only discharge
// a box with an infinite side if the enclosure over that side is finite-signed, e.g. for
// monotone expressions (a derivative whose enclosure over [a, inf] is positive proves
// monotonicity on the whole ray).  Callers state which transformation or monotonicity argument
// they use for an unbounded variable.

#include "lilucb/errors.hpp"

#include <boost/numeric/interval.hpp>

#include <array>
#include <cmath>
#include <cstddef>
#include <functional>
#include <limits>
#include <optional>
#include <ostream>
#include <queue>
#include <sstream>
#include <string>
#include <vector>

namespace lilucb::verification::prover {

/// Units in the last place by which exp and log results are widened on each side.
inline constexpr int transc_ulps = 4;

/// Rounding policy: every operation is computed in the default round-to-nearest mode and its
/// result moved outward using an exact error term, so no FPU rounding-mode switch is needed
/// (switching modes is fragile: without -frounding-math the compiler may fold or merge the
/// "down" and "up" computations).  +, -: TwoSum; *: the FMA residual x*y - p; /: the FMA
/// remainder x - q*y; sqrt: the FMA residual x - s*s.  A result moves one ulp outward only when
/// its error term says it is inexact in that direction, so exact results stay exact.  Near the
/// underflow range (where error terms are not exact) results move one ulp outward on both sides;
/// an overflow gives +-DBL_MAX on the inner side.  exp and log (C library, accurate to under one
/// ulp but not correctly rounded) are widened by transc_ulps ulps on each side.
struct outward_rounding : boost::numeric::interval_lib::rounded_arith_exact<double> {
  static constexpr double big = std::numeric_limits<double>::max();
  static constexpr double tiny = 0x1p-960;  // below this, error terms may be inexact

  static double prev(double y) { return std::nextafter(y, -std::numeric_limits<double>::infinity()); }
  static double next(double y) { return std::nextafter(y, std::numeric_limits<double>::infinity()); }
  static double widen_down(double y) {
    for (int i = 0; i < transc_ulps; ++i) y = prev(y);
    return y;
  }
  static double widen_up(double y) {
    for (int i = 0; i < transc_ulps; ++i) y = next(y);
    return y;
  }
  // r: the rounded result; err: the sign of (exact - r) when known; finite: operands finite.
  static double down(double r, double err, bool finite_operands) {
    if (std::isnan(r)) return r;
    if (std::isinf(r)) return (r > 0 && finite_operands) ? big : r;
    return err < 0 ? prev(r) : r;
  }
  static double up(double r, double err, bool finite_operands) {
    if (std::isnan(r)) return r;
    if (std::isinf(r)) return (r < 0 && finite_operands) ? -big : r;
    return err > 0 ? next(r) : r;
  }
  static bool finite(double x, double y) { return std::isfinite(x) && std::isfinite(y); }
  static double two_sum_err(double x, double y, double s) {
    const double bb = s - x;
    return (x - (s - bb)) + (y - bb);
  }
  static double mul_err(double x, double y, double p) {
    if (std::fabs(p) < tiny && x != 0.0 && y != 0.0) return std::numeric_limits<double>::quiet_NaN();
    return std::fma(x, y, -p);
  }
  static double div_err(double x, double y, double q) {
    if (x == 0.0) return 0.0;  // 0/y = 0 exactly
    if ((std::fabs(q) < tiny && x != 0.0) || std::fabs(x) < tiny) return std::numeric_limits<double>::quiet_NaN();
    const double r = std::fma(-q, y, x);  // x - q y exactly; exact quotient = q + r/y
    return y > 0 ? r : -r;
  }
  // NaN error term: unknown direction, move both ways (finite results only).
  static double down_any(double r, double err, bool f) { return std::isnan(err) && std::isfinite(r) ? prev(r) : down(r, err, f); }
  static double up_any(double r, double err, bool f) { return std::isnan(err) && std::isfinite(r) ? next(r) : up(r, err, f); }

  double add_down(double x, double y) {
    const double s = x + y;
    return down(s, std::isfinite(s) ? two_sum_err(x, y, s) : 0.0, finite(x, y));
  }
  double add_up(double x, double y) {
    const double s = x + y;
    return up(s, std::isfinite(s) ? two_sum_err(x, y, s) : 0.0, finite(x, y));
  }
  double sub_down(double x, double y) { return add_down(x, -y); }
  double sub_up(double x, double y) { return add_up(x, -y); }
  double mul_down(double x, double y) {
    const double p = x * y;
    return down_any(p, std::isfinite(p) ? mul_err(x, y, p) : 0.0, finite(x, y));
  }
  double mul_up(double x, double y) {
    const double p = x * y;
    return up_any(p, std::isfinite(p) ? mul_err(x, y, p) : 0.0, finite(x, y));
  }
  double div_down(double x, double y) {
    const double q = x / y;
    return down_any(q, std::isfinite(q) && finite(x, y) ? div_err(x, y, q) : 0.0, finite(x, y));
  }
  double div_up(double x, double y) {
    const double q = x / y;
    return up_any(q, std::isfinite(q) && finite(x, y) ? div_err(x, y, q) : 0.0, finite(x, y));
  }
  double sqrt_down(double x) {
    const double r = std::sqrt(x);
    if (!std::isfinite(r) || x == 0.0) return r;
    if (x < tiny) return prev(r) < 0 ? 0.0 : prev(r);
    return down(r, std::fma(-r, r, x), true);
  }
  double sqrt_up(double x) {
    const double r = std::sqrt(x);
    if (!std::isfinite(r) || x == 0.0) return r;
    if (x < tiny) return next(r);
    return up(r, std::fma(-r, r, x), true);
  }

  // exp(0) = 1 and log(1) = 0 are exact (C Annex F), and are kept exact so that bounds that
  // are tight at such points can be decided.
  double exp_down(double x) {
    if (x == 0.0) return 1.0;
    if (x == -std::numeric_limits<double>::infinity()) return 0.0;
    const double y = widen_down(std::exp(x));
    return y < 0.0 ? 0.0 : y;
  }
  double exp_up(double x) {
    if (x == 0.0) return 1.0;
    if (x == -std::numeric_limits<double>::infinity()) return 0.0;
    return widen_up(std::exp(x));
  }
  double log_down(double x) {
    if (x == 1.0) return 0.0;
    if (x == std::numeric_limits<double>::infinity()) return x;
    return widen_down(std::log(x));
  }
  double log_up(double x) {
    if (x == 1.0) return 0.0;
    if (x == std::numeric_limits<double>::infinity()) return x;
    return widen_up(std::log(x));
  }
};

using interval = boost::numeric::interval<
    double, boost::numeric::interval_lib::policies<boost::numeric::interval_lib::save_state_nothing<outward_rounding>,
                                                   boost::numeric::interval_lib::checking_base<double>>>;

template <std::size_t D>
using box = std::array<interval, D>;
template <std::size_t D>
using point = std::array<double, D>;

inline constexpr double inf = std::numeric_limits<double>::infinity();

/// True when x is empty or has a NaN end (the result of an operation outside its domain).
inline bool is_undefined(const interval& x) {
  return std::isnan(x.lower()) || std::isnan(x.upper()) || !(x.lower() <= x.upper());
}

/// x^y = exp(y log x) for x > 0 (an interval x reaching 0 or below gives an undefined result
/// unless y > 0 and x >= 0, where 0^y = 0 is used).
inline interval interval_pow(const interval& x, const interval& y) {
  if (is_undefined(x) || is_undefined(y)) return interval::empty();
  if (x.upper() <= 0.0) return interval::empty();
  if (x.lower() <= 0.0) {
    if (!(y.lower() > 0.0)) return interval::empty();
    // x^y is increasing in x on [0, upper]; the lower end is 0.
    const interval top = boost::numeric::exp(y * boost::numeric::log(interval(x.upper())));
    return interval(0.0, top.upper());
  }
  return boost::numeric::exp(y * boost::numeric::log(x));
}

/// log(1+x) for x > -1, as log of the interval 1 + x (outward rounded).
inline interval interval_log1p(const interval& x) { return boost::numeric::log(interval(1.0) + x); }

/// The predicate f(x) <= 0 (strict: f(x) < 0) of a callable on D-dimensional boxes.
template <std::size_t D>
struct predicate {
  std::function<interval(const box<D>&)> f;
  bool strict = false;

  bool certainly_true(const interval& v) const {
    if (is_undefined(v)) return false;
    return strict ? v.upper() < 0.0 : v.upper() <= 0.0;
  }
  bool certainly_false(const interval& v) const {
    if (is_undefined(v)) return false;
    return strict ? v.lower() >= 0.0 : v.lower() > 0.0;
  }
};

/// A predicate that holds everywhere (the hypothesis of a plain inequality).
template <std::size_t D>
predicate<D> always() {
  return predicate<D>{[](const box<D>&) { return interval(-inf); }, false};
}

enum class outcome { proved, counterexample, undecided };

/// "proved", "counterexample", "undecided".
inline const char* to_string(outcome o) {
  return o == outcome::proved ? "proved" : o == outcome::counterexample ? "counterexample" : "undecided";
}

inline std::ostream& operator<<(std::ostream& out, outcome o) { return out << to_string(o); }

struct budget {
  std::size_t max_boxes = 100000;  ///< enclosures computed (each box costs one) before `undecided`
  int max_depth = 200;             ///< bisections along one branch
  double min_width = 0.0;          ///< a box is not split along a side of this width or less
  /// Choose the side to split by its width relative to the domain's side (true) or by its
  /// absolute width (false: splits the large-scale variables first, which can reach a
  /// counterexample sooner when it lies in a thin slab of a large-scale variable).
  bool relative_widths = true;
};

template <std::size_t D>
struct result {
  outcome verdict = outcome::undecided;
  std::size_t boxes = 0;         ///< enclosures computed
  std::size_t discharged = 0;    ///< boxes discharged
  int depth = 0;                 ///< deepest bisection reached
  point<D> counterexample{};     ///< valid when verdict == counterexample
  interval hyp_at_counterexample{0.0};
  interval concl_at_counterexample{0.0};
  std::optional<box<D>> worst_box;  ///< when undecided: the remaining box with the largest upper bound
  interval worst_value{0.0};        ///< the conclusion's enclosure on worst_box
};

namespace detail {

template <std::size_t D>
struct node {
  box<D> b;
  interval concl;
  int depth;
  double key;  // upper(concl) (+inf when undefined): most suspicious first
};

template <std::size_t D>
struct node_order {
  bool operator()(const node<D>& a, const node<D>& b) const { return a.key < b.key; }
};

inline double split_point(const interval& x) {
  const double a = x.lower(), b = x.upper();
  if (std::isinf(a) && std::isinf(b)) return 0.0;
  if (std::isinf(b)) return a + std::max(1.0, std::fabs(a));
  if (std::isinf(a)) return b - std::max(1.0, std::fabs(b));
  return a + (b - a) / 2;
}

inline double side(const interval& x) {
  if (std::isinf(x.lower()) || std::isinf(x.upper())) return inf;
  return x.upper() - x.lower();
}

}  // namespace detail

/// Decides hyp(x) => concl(x) for every x in `domain` (see the file comment).
template <std::size_t D>
result<D> prove_implication(const predicate<D>& hyp, const predicate<D>& concl, const box<D>& domain,
                            const budget& limits = {}) {
  constexpr const char* fn = "lilucb::verification::prover::prove_implication";
  if (!hyp.f || !concl.f)
    lilucb::detail::raise_domain_error(fn, "hyp/concl", "an empty callable", "callables on boxes");
  for (std::size_t i = 0; i < D; ++i)
    if (is_undefined(domain[i]))
      lilucb::detail::raise_domain_error(fn, "domain", "a box with an empty side", "non-empty sides");
  if (limits.max_boxes == 0)
    lilucb::detail::raise_domain_error(fn, "max_boxes", "0", "[1, inf)");

  result<D> r;
  std::priority_queue<detail::node<D>, std::vector<detail::node<D>>, detail::node_order<D>> queue;

  auto push = [&](const box<D>& b, int depth) {
    ++r.boxes;
    r.depth = std::max(r.depth, depth);
    const interval h = hyp.f(b);
    if (hyp.certainly_false(h)) {
      ++r.discharged;
      return;
    }
    const interval c = concl.f(b);
    if (concl.certainly_true(c)) {
      ++r.discharged;
      return;
    }
    // Upper bound of the violation min(concl, -hyp) over the box: a counterexample needs both
    // positive.  (For a plain inequality -hyp = +inf, so the key is upper(concl).)
    const double key = is_undefined(c) || is_undefined(h) ? inf : std::min(c.upper(), -h.lower());
    queue.push(detail::node<D>{b, c, depth, key});
  };

  // Sides are compared relative to the domain's (so variables of different scales are split
  // in turn); an unbounded side of the domain counts with scale 1.
  std::array<double, D> scale{};
  for (std::size_t i = 0; i < D; ++i) {
    const double s = detail::side(domain[i]);
    scale[i] = limits.relative_widths && std::isfinite(s) && s > 0 ? s : 1.0;
  }
  push(domain, 0);
  while (!queue.empty()) {
    const detail::node<D> n = queue.top();
    // Counterexample at the midpoint (degenerate box, interval arithmetic).
    point<D> m{};
    box<D> mb{};
    std::size_t widest = 0;
    double widest_side = -1.0;
    for (std::size_t i = 0; i < D; ++i) {
      m[i] = detail::split_point(n.b[i]);
      mb[i] = interval(m[i]);
      const double s = detail::side(n.b[i]) / scale[i];
      if (s > widest_side) {
        widest_side = s;
        widest = i;
      }
    }
    const interval hm = hyp.f(mb);
    const interval cm = concl.f(mb);
    if (hyp.certainly_true(hm) && concl.certainly_false(cm)) {
      r.verdict = outcome::counterexample;
      r.counterexample = m;
      r.hyp_at_counterexample = hm;
      r.concl_at_counterexample = cm;
      return r;
    }
    const bool splittable = detail::side(n.b[widest]) > limits.min_width && n.depth < limits.max_depth &&
                            m[widest] > n.b[widest].lower() && m[widest] < n.b[widest].upper();
    if (r.boxes + 2 > limits.max_boxes || !splittable) {
      r.verdict = outcome::undecided;
      r.worst_box = n.b;
      r.worst_value = n.concl;
      return r;
    }
    queue.pop();
    box<D> lo = n.b, hi = n.b;
    lo[widest] = interval(n.b[widest].lower(), m[widest]);
    hi[widest] = interval(m[widest], n.b[widest].upper());
    push(lo, n.depth + 1);
    push(hi, n.depth + 1);
  }
  r.verdict = outcome::proved;
  return r;
}

/// Decides g(x) <= 0 (strict: g(x) < 0) for every x in `domain`.
template <std::size_t D>
result<D> prove(const predicate<D>& g, const box<D>& domain, const budget& limits = {}) {
  return prove_implication(always<D>(), g, domain, limits);
}

/// Shortest round-trip text of a double.
inline std::string text(double x) {
  std::ostringstream out;
  out.precision(17);
  out << x;
  return out.str();
}

/// "[lo, hi]" with 17 significant digits.
inline std::string text(const interval& x) { return "[" + text(x.lower()) + ", " + text(x.upper()) + "]"; }

/// "name1 in [..], name2 in [..]".
template <std::size_t D>
std::string text(const box<D>& b, const std::array<const char*, D>& names) {
  std::string s;
  for (std::size_t i = 0; i < D; ++i) s += (i ? ", " : "") + std::string(names[i]) + " in " + text(b[i]);
  return s;
}

/// "name1 = .., name2 = ..".
template <std::size_t D>
std::string text(const point<D>& p, const std::array<const char*, D>& names) {
  std::string s;
  for (std::size_t i = 0; i < D; ++i) s += (i ? ", " : "") + std::string(names[i]) + " = " + text(p[i]);
  return s;
}

/// One line on the search: outcome, boxes, depth, and the counterexample or worst box.
template <std::size_t D>
std::string summary(const result<D>& r, const std::array<const char*, D>& names) {
  std::string s = std::string(to_string(r.verdict)) + " after " + std::to_string(r.boxes) + " boxes (" +
                  std::to_string(r.discharged) + " discharged, depth " + std::to_string(r.depth) + ")";
  if (r.verdict == outcome::counterexample)
    s += "; counterexample at " + text(r.counterexample, names) + " where the conclusion's enclosure is " +
         text(r.concl_at_counterexample);
  if (r.verdict == outcome::undecided && r.worst_box)
    s += "; worst remaining box " + text(*r.worst_box, names) + " with enclosure " + text(r.worst_value);
  return s;
}

}  // namespace lilucb::verification::prover
