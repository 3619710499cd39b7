#pragma once
// An exact lazy argmax over indices that all move with one common factor:
//     index_j(c) = mean_j + c * slope_j,   slope_j in [0, 1], c >= 0,
// as UCB1's mean_j + 2 sigma sqrt(2 log t) / sqrt(T_j) (ucb1_algorithm.hpp; c = 2 sigma
// sqrt(2 log t), slope_j = 1/sqrt(T_j)).  Every index changes at every pull (through t), so a
// heap keyed by the indices would need all n keys updated per pull; the naive answer is an O(n)
// scan per pull (Section 5).  Here the bounds on how far the indices can move let most of the
// scan be skipped, with the scan's exact answer.
//
// A tournament tree over the arms stores at each internal node v an upper bound valid at every
// factor, refreshed at c_v:
//     max_{j under v} index_j(c) <= key_v + max(0, c - c_v) * slope_v,
// slope_v = max_{j under v} slope_j (an index grows at most at its slope as c grows, and does not
// grow as c falls).  argmax(c) searches branch and bound, larger bound first: a subtree is
// entered only when its bound, plus a margin covering the rounding of the bounds, reaches the
// best index found so far; every node it enters is refreshed at c, tightening its bound.  When c
// is nondecreasing (UCB1: t grows) the bounds stay tight and a search visits a few root-to-leaf
// paths; in any order of c the answer is exact, only slower.
//
// Exactness: the candidates' indices are computed by the expression of the naive scan,
// mean_j + c * slope_j, and compared as the scan compares them (larger first, ties to the lowest
// j), so argmax(c) equals the left-to-right scan's answer bit for bit (tested pull for pull in
// tests/bandit/test_fast_paths.cpp, and run_ucb1_ls against a copy of the scanning loop).  The
// margin: a node's bound is the leaf's computed index carried through at most 64 levels of
// "key + (c - c_v) * slope", each rounding to within 3 ulps of numbers of magnitude at most
// S + 2c (S = max |mean_j| ever set, slopes <= 1); the leaf index itself within 2 ulps of
// S + c.  So every computed index under v is at most the computed bound plus
// 200 * 2^-53 * (S + 2c), and the margin 2^-44 (1 + S + 2c) = 512 * 2^-53 (1 + S + 2c) covers it.

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstddef>
#include <limits>
#include <vector>

namespace lilucb::bandit::detail {

class slope_argmax {
 public:
  /// Arms 0..n-1 with the given means and slopes (finite means, slopes in [0, 1]); n >= 1.
  slope_argmax(std::vector<double> mean, std::vector<double> slope)
      : n_(mean.size()), p_(std::max<std::size_t>(2, std::bit_ceil(mean.size()))), mean_(std::move(mean)),
        slope_(std::move(slope)) {
    mean_.resize(p_, -inf);  // padding leaves: index -inf, never a candidate
    slope_.resize(p_, 0.0);
    key_.assign(p_, -inf);
    cref_.assign(p_, 0.0);
    nslope_.assign(p_, 0.0);
    for (std::size_t j = 0; j < n_; ++j) scale_ = std::max(scale_, std::fabs(mean_[j]));
    for (std::size_t v = p_; v-- > 1;) refresh(v, 0.0);
  }

  std::size_t size() const { return n_; }

  /// Sets arm j's mean and slope; the bounds on its path are refreshed at c.
  void set(std::size_t j, double mean, double slope, double c) {
    mean_[j] = mean;
    slope_[j] = slope;
    scale_ = std::max(scale_, std::fabs(mean));
    for (std::size_t v = (p_ + j) / 2; v >= 1; v /= 2) refresh(v, c);
  }

  /// argmax_j mean_j + c * slope_j, ties to the lowest j: the naive scan's answer.  c >= 0.
  std::size_t argmax(double c) {
    margin_ = 0x1p-44 * (1 + scale_ + 2 * c);
    best_ = -inf;
    best_j_ = n_;
    visit(1, c);
    return best_j_;
  }

 private:
  static constexpr double inf = std::numeric_limits<double>::infinity();

  // Node v's bound at c: a leaf's exact index, an internal node's stored bound moved to c.
  double bound(std::size_t v, double c) const {
    if (v >= p_) return mean_[v - p_] + c * slope_[v - p_];
    return key_[v] + std::max(0.0, c - cref_[v]) * nslope_[v];
  }
  double child_slope(std::size_t v) const { return v >= p_ ? slope_[v - p_] : nslope_[v]; }

  void refresh(std::size_t v, double c) {
    key_[v] = std::max(bound(2 * v, c), bound(2 * v + 1, c));
    cref_[v] = c;
    nslope_[v] = std::max(child_slope(2 * v), child_slope(2 * v + 1));
  }

  // Whether a subtree with this bound may hold an arm at least as good as the best so far
  // (-inf: padding only).
  bool worth(double b) const { return b > -inf && b + margin_ >= best_; }

  // Searches node v (its bound worth it), refreshing it at c; returns its new bound at c.
  double visit(std::size_t v, double c) {
    if (v >= p_) {
      const std::size_t j = v - p_;
      const double idx = mean_[j] + c * slope_[j];
      if (idx > best_ || (idx == best_ && j < best_j_)) {
        best_ = idx;
        best_j_ = j;
      }
      return idx;
    }
    const std::size_t l = 2 * v, r = l + 1;
    double bl = bound(l, c), br = bound(r, c);
    if (br > bl) {
      if (worth(br)) br = visit(r, c);
      if (worth(bl)) bl = visit(l, c);
    } else {
      if (worth(bl)) bl = visit(l, c);
      if (worth(br)) br = visit(r, c);
    }
    key_[v] = std::max(bl, br);
    cref_[v] = c;
    return key_[v];
  }

  std::size_t n_, p_;
  std::vector<double> mean_, slope_;         // leaves 0..p_-1 (arms, then padding)
  std::vector<double> key_, cref_, nslope_;  // internal nodes 1..p_-1 (children 2v, 2v+1)
  double scale_ = 0;                         // max |mean_j| ever set
  double margin_ = 0, best_ = -inf;
  std::size_t best_j_ = 0;
};

}  // namespace lilucb::bandit::detail
