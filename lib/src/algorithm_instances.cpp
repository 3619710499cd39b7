// The instantiations of run_algorithm declared `extern template` in
// lilucb/bandit/presets/algorithms.hpp, compiled once here.
#include "lilucb/bandit/presets/algorithms.hpp"

namespace lilucb::bandit {
LILUCB_BANDIT_RUN_INSTANCES()
}  // namespace lilucb::bandit
