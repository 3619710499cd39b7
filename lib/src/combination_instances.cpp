// The instantiations of run_combination declared `extern template` in
// lilucb/bandit/compose.hpp, compiled once here.
#include "lilucb/bandit/compose.hpp"

namespace lilucb::bandit {
LILUCB_BANDIT_COMBINATION_INSTANCES()
}  // namespace lilucb::bandit
