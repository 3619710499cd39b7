#pragma once
// The `boundaries` check: for each anytime boundary of lilucb/boundaries, Monte-Carlo
// coverage at its stated crossing probability (exact Clopper–Pearson bounds at level 1e-6),
// its effective crossing probability from the crossing engine plus the proven tail (how
// conservative the stated value is), and the engine's result inside the Monte-Carlo interval.

#include "lilucb_verification/claim.hpp"

#include <vector>

namespace lilucb::verification {

std::vector<claim> boundaries_claims(const verify_options& options);

}  // namespace lilucb::verification
