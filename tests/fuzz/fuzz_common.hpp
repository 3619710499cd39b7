#pragma once
// Shared by the fuzz targets: a broken promise is a crash libFuzzer records (with the input).

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace lilucb_fuzz {

[[noreturn]] inline void broken(const char* what) {
  std::fprintf(stderr, "fuzz: broken promise: %s\n", what);
  std::abort();
}

inline void require(bool ok, const char* what) {
  if (!ok) broken(what);
}

}  // namespace lilucb_fuzz
