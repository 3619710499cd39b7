#pragma once
// The empirical top set computed naively, shared by the top-m stopping rules' tests
// (test_glr_top_m.cpp, test_ls_questions.cpp): the reference their heap-kept sets are checked
// against at every pull.

#include "lilucb/bandit/arm_stats.hpp"

#include <algorithm>
#include <cstddef>
#include <numeric>
#include <vector>

namespace lilucb_test {

/// The m arms of largest mean by a sort (means distinct: continuous rewards), in increasing order.
inline std::vector<std::size_t> naive_top(const lilucb::bandit::arm_stats& st, std::size_t m) {
  std::vector<std::size_t> order(st.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return st.mean(a) > st.mean(b); });
  order.resize(m);
  std::sort(order.begin(), order.end());
  return order;
}

}  // namespace lilucb_test
