#pragma once
// The bandit module: arm sets, the algorithms of Section 5 and run_algorithm, the combinations of
// a sampling rule and a stopping rule (run_combination), observers of the pulls, and many seeded
// runs on several threads.  Engine internals (heaps, the width table,
// the session, the random streams' implementation) live in lilucb/bandit/detail/.
#include "lilucb/bandit/arms.hpp"         // gaussian_arms, bernoulli_arms, bounded_arms, custom_arms
#include "lilucb/bandit/reward_model.hpp" // the reward models: their enum, names and table
#include "lilucb/bandit/arms_spec.hpp"    // arms as data: arms_spec, its check and its factory visit_arms
#include "lilucb/bandit/scenarios.hpp"    // Section 5's sparse and alpha instances, read_means
#include "lilucb/bandit/run.hpp"          // run_options, run_result, run_status
#include "lilucb/bandit/arm_stats.hpp"    // the per-arm counts and means an observer sees
#include "lilucb/bandit/observers.hpp"    // observers of every pull
#include "lilucb/bandit/presets/algorithms.hpp"   // the algorithm enum and run_algorithm
#include "lilucb/bandit/parallel.hpp"     // run_many, parallel_for
#include "lilucb/bandit/compose.hpp"      // sampling x stopping: parse_combination, run_combination
