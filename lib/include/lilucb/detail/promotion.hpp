#pragma once
// The result type of a function on reals called with mixed argument types, as in Boost.Math:
// integers count as double, the widest floating type wins, a multiprecision type beats the
// built-in ones (boost::math::tools::promote_args; Boost 1.74 has no promote_args_t yet).

#include <boost/math/tools/promotion.hpp>

namespace lilucb::detail {

template <class... T>
using promote_t = typename boost::math::tools::promote_args<T...>::type;

}  // namespace lilucb::detail
