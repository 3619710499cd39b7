#pragma once

namespace lilucb {
/// The toolkit's version string ("major.minor.patch"), as set in the top-level CMakeLists.txt.
const char* version() noexcept;
}  // namespace lilucb
