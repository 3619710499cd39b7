#pragma once
// Error policies, as in Boost.Math (boost/math/policies/error_handling.hpp): one formula, and the
// caller chooses what happens outside its domain.  A function that takes a policy documents its
// sentinel; every function defaults to throw_on_error.
//
//   lilucb::lil_width(t, eps, delta, sigma, inner)                                  throws
//   lilucb::lil_width(t, eps, delta, sigma, inner, lilucb::policies::return_sentinel{})  a value
//
// The engine is the caller that needs a value: it tabulates lil'UCB's width for every count,
// including counts and settings where the width is undefined (the heuristic's eps = 0, whose
// width at T = 1 with the lemma's inner log is log(log 1) = -inf), and there the width must be
// +infinity ("this arm is not yet known at all": it is pulled first), not an exception.

#include <type_traits>

namespace lilucb::policies {

/// The default: an argument outside the function's domain throws lilucb::domain_error naming the
/// function, the parameter, the value and the admissible range.
struct throw_on_error {};

/// Never throws: returns the function's documented sentinel wherever the throwing form would
/// throw or the value is undefined.  See each function's comment for its sentinel and for the
/// set on which it returns the formula's value.
struct return_sentinel {};

template <class Policy>
inline constexpr bool is_policy_v =
    std::is_same_v<Policy, throw_on_error> || std::is_same_v<Policy, return_sentinel>;

template <class Policy>
inline constexpr bool throws_v = std::is_same_v<Policy, throw_on_error>;

}  // namespace lilucb::policies
