// The precompiled header of every test executable: the heavy headers most tests include
// (Boost.Test, RapidCheck, Boost.Multiprecision, the library).  Parsing them is about half of a
// test file's compile time, and every test is compiled twice in CI (Release and sanitizers).
// Tests still include what they use; this header only makes it cheap.
#pragma once

#include <boost/test/unit_test.hpp>
#include <rapidcheck.h>
#include <rapidcheck/boost_test.h>

#include <boost/math/special_functions/beta.hpp>
#include <boost/multiprecision/cpp_bin_float.hpp>

#include "lilucb/lilucb.hpp"
#include "lilucb/bandit/presets/algorithms.hpp"
#include "lilucb/bandit/parallel.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>
