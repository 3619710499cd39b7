#pragma once
// The characteristic time T*(mu, sigma) of best-arm identification for Gaussian arms of UNKNOWN
// variances (the model of Propositions GU and PT): Garivier & Kaufmann's program (2016, Theorem 5)
// with arm i's divergence to an alternative mean m minimized over the alternative's variance,
//     d_i(m) = inf over s > 0 of KL(N(mu_i, sigma_i^2) || N(m, s^2)) = (1/2) log(1 + (mu_i - m)^2/sigma_i^2)
// (the unknown-variance divergence of Jourdan, Degenne & Kaufmann 2023, "Dealing with unknown
// variances in best-arm identification"):
//     T*^-1 = sup over w in the simplex of min over a != 1 of inf over m in [mu_a, mu_1] of
//             [w_1 d_1(m) + w_a d_a(m)].
// No algorithm delta-correct on this model stops in fewer than T* kl(delta, 1 - delta) expected
// pulls (their Theorem 1's argument with this divergence).  T* is at least the known-variance one
// (characteristic_time_gaussian(means, sigmas)) because (1/2) log(1 + z^2) <= z^2/2, and equal to
// first order for small gaps against the sigmas.  The derivation and the solver:
// docs/bandit.md, "T* of Gaussian arms of unknown variances".
//
// Solver: for each challenger a and ratio x = w_a/w_1, g_a(x) = min over m of d_1(m) + x d_a(m);
// the stationarity condition is a cubic, solved in z = (mu_1 - m)/Delta_a and in w = 1 - z (each on
// [0, 3/4], so that a minimizer near either end keeps its relative precision), and its roots and the
// two ends are compared (d_i is not convex: the minimizer may jump from one local minimum to
// another as x grows).  g_a is increasing and concave in x, from 0 to d_1(mu_a); x_a(y) is the
// smallest x with g_a(x) >= y (past a jump g_a can be flat to a few ulps over a long stretch);
// 1/T* = max over y of y/(1 + sum x_a(y)), whose derivative has the sign of -F(y),
// F(y) = sum_a d_1(m_a)/d_a(m_a) - 1 (nondecreasing, with jumps): y* is where F changes sign (found
// by bisection, read at the end where F < 0), and w_1 = 1/(1 + sum x_a), w_a = x_a w_1,
// T* = (1 + sum x_a)/y*.  Accuracy: about 1e-11 relative, sigma/gap from 1e-12 to 1e12 (tested
// against brute force, two-arm mirror symmetry and the small-gap limit).  No exception but
// domain_error.
// Domain: at least two finite means with a unique largest one; one sigma per mean, each > 0 and
// finite; every gap over the sigmas finite (Delta_a/sigma_i <= 1e150).

#include "lilucb/theory/characteristic_time.hpp"

#include <span>
#include <utility>

namespace lilucb {

/// T* and w* of the file comment.  Domain: as stated there (domain_error naming means or sigmas).
characteristic_time_result<double> characteristic_time_gaussian_unknown_variance(std::span<const double> means,
                                                                                 std::span<const double> sigmas);

/// The pair's inner problem: min over m in [mu_a, mu_1] of d_1(m) + x d_a(m) for the best arm's
/// (mu_1, sigma_1), the challenger's (mu_a, sigma_a) and x >= 0; returns {d_1(m*), d_a(m*)} at a
/// global minimizer m*.  Domain: mu_1 > mu_a finite, sigmas > 0 finite, x >= 0 finite.
std::pair<double, double> unknown_variance_pair_minimum(double mu1, double sigma1, double mua, double sigmaa,
                                                        double x);

}  // namespace lilucb
