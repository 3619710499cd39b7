#pragma once
// Golden-section search for a minimum of a function on an interval: the one loop the toolkit's
// uncertified minimisations share (the practice's epsilon-shifted Bernoulli GLR statistic,
// bandit/stopping/glr.hpp; the capped-betting transportation cost of Top-Two's sampler,
// bandit/sampling/top_two.hpp).  Guarantee: for f unimodal on [lo, hi] the bracket holds a minimiser
// and shrinks by the golden ratio at each step; nothing is claimed for other f (no certified
// quantity rests on it: the certified rules' searches are their own, with proven bounds).

namespace lilucb::detail {

/// The two inner points of the last bracket and their values.
struct golden_points {
  double x1, f1, x2, f2;
};

/// Golden-section steps on [lo, hi] (lo <= hi) while keep_going(step, l, r) holds, tested before
/// each step with the step's index from 0 and the current bracket [l, r]; f is evaluated once per
/// step (plus two at the start).
template <class F, class Keep>
golden_points golden_section(F&& f, double lo, double hi, Keep&& keep_going) {
  const double g = 0.6180339887498949;  // (sqrt 5 - 1)/2
  double l = lo, r = hi;
  double x1 = r - g * (r - l), x2 = l + g * (r - l), f1 = f(x1), f2 = f(x2);
  for (int step = 0; keep_going(step, l, r); ++step) {
    if (f1 <= f2) {
      r = x2, x2 = x1, f2 = f1, x1 = r - g * (r - l), f1 = f(x1);
    } else {
      l = x1, x1 = x2, f1 = f2, x2 = l + g * (r - l), f2 = f(x2);
    }
  }
  return {x1, f1, x2, f2};
}

}  // namespace lilucb::detail
