#pragma once
// Everything public in lilucb.
#include "lilucb/errors.hpp"
#include "lilucb/finite_lil.hpp"
#include "lilucb/instance.hpp"
#include "lilucb/ls_bound.hpp"
#include "lilucb/parameters.hpp"
#include "lilucb/repaired_theorem.hpp"
#include "lilucb/theorem.hpp"
#include "lilucb/version.hpp"
