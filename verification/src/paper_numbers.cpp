#include "lilucb_verification/checks.hpp"

namespace lilucb::verification {

std::vector<claim> paper_numbers_claims(const verify_options&) { return {}; }  // TODO(issue 5): in progress

}  // namespace lilucb::verification
