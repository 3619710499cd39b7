#pragma once
// Anytime boundaries beyond the paper's finite LIL: polynomial stitching, normal
// mixtures, the Gaussian GLR thresholds, linear and constant boundaries, one run-time family
// interface, exact crossing probabilities for Gaussian walks, and calibration.
// docs/boundaries.md describes each function, its domain, its tests and its references.

#include "lilucb/boundaries/calibration.hpp"
#include "lilucb/boundaries/crossing.hpp"
#include "lilucb/boundaries/crossing_time.hpp"
#include "lilucb/boundaries/crossing_nystrom.hpp"
#include "lilucb/boundaries/family.hpp"
#include "lilucb/boundaries/glr_threshold.hpp"
#include "lilucb/boundaries/lil_tail.hpp"
#include "lilucb/boundaries/monte_carlo.hpp"
#include "lilucb/boundaries/linear.hpp"
#include "lilucb/boundaries/normal_mixture.hpp"
#include "lilucb/boundaries/stitching.hpp"
