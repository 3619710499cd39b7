#pragma once
// The theory module: every bound and constant of the paper as a function on reals, templated on
// the real type (double, cpp_bin_float_50, ...), with mixed argument types promoting as in
// Boost.Math and an error policy where a caller needs a value instead of an exception.
#include "lilucb/errors.hpp"       // lilucb::domain_error and the argument checks
#include "lilucb/policies.hpp"     // throw_on_error, return_sentinel
#include "lilucb/theory/finite_lil.hpp"   // Lemma lem:lil: lil_bound, lil_width, failure probabilities
#include "lilucb/theory/ls_bound.hpp"     // Section 5's LIL stopping rule: ls_bound and its delta
#include "lilucb/theory/theorem.hpp"      // Theorem th:lilucb: rho, gamma, kappa, a_min, failure bounds
#include "lilucb/theory/repaired_theorem.hpp"  // Theorem R (docs/repaired-theorem.md): what "certified" rests on
#include "lilucb/theory/instance.hpp"     // an instance's best arm, gaps, H1, H3, Lemma lem:1, Farrell
#include "lilucb/theory/parameters.hpp"   // the paper's, the heuristic's and certified settings
#include "lilucb/theory/characteristic_time.hpp"  // T*(mu), w*(mu), the lower bound T* kl(delta, 1-delta)
#include "lilucb/theory/characteristic_time_unknown_variance.hpp"  // T* of Gaussian arms of unknown variances
#include "lilucb/boundaries.hpp"   // time-uniform boundaries, exact crossing probabilities, calibration
