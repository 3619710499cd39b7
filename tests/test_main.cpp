// The one main() of every test executable (Boost.Test, dynamic library): compiled once and
// linked into each test, so that test files can share a precompiled header (test_pch.hpp).
// Test files need no BOOST_TEST_MODULE.
#define BOOST_TEST_MODULE lilucb
#include <boost/test/unit_test.hpp>
