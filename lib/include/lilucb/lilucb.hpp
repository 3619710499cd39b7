#pragma once
// Everything public in lilucb: the theory module, the bandit module, the Clopper-Pearson helpers,
// interrupting a long computation, the safe file layer, and the version.
#include "lilucb/bandit.hpp"
#include "lilucb/clopper_pearson.hpp"
#include "lilucb/interrupt.hpp"
#include "lilucb/random.hpp"
#include "lilucb/io/safe_file.hpp"
#include "lilucb/resources.hpp"
#include "lilucb/theory.hpp"
#include "lilucb/version.hpp"
