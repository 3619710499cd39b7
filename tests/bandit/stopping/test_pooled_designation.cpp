// detail/pooled_designation.hpp: the rounding bounds of the pooled sums V_c (unweighted and with
// Proposition U's weights) and of each arm's own sum are bounds, checked in exact arithmetic.
// The reference is independent of the rules' sums: every input is added to an exact expansion
// (Shewchuk's non-overlapping partials, whose largest partial carries the sign of the exact sum),
// and a computed bound is compared with the exact sum by the sign of their exact difference.
//   - the second reading's two counterexamples (docs/certified-glr/unpooling.md, "N2"): heavy
//     cancellation in a compensated sum, and subnormal rewards at weight 1/16;
//   - random reward streams mixing magnitudes from 2^-1074 to 2^60 with cancellation, after every
//     pull and for every c: low_mean() * count <= exact sum of V_c <= sum + rounding, and
//     s.sum(c) - arm_rounding <= exact sum of arm c <= high_mean(c) * count;
//   - the same for the weighted sums, with weights j/16 (16 S_w compared, an exact scaling).
#include <boost/test/unit_test.hpp>

#include "lilucb/bandit/arm_stats.hpp"
#include "lilucb/bandit/detail/pooled_designation.hpp"

#include <cmath>
#include <cstdint>
#include <random>
#include <utility>
#include <vector>

namespace lb = lilucb::bandit;
namespace ls = lilucb::bandit::stopping;

namespace {

// An exact sum of doubles (Shewchuk's grow-expansion: non-overlapping partials of increasing
// magnitude; exact while no partial overflows).
class exact_sum {
 public:
  void add(double x) {
    std::size_t i = 0;
    for (double y : partials_) {
      if (std::fabs(x) < std::fabs(y)) std::swap(x, y);
      const double hi = x + y, lo = y - (hi - x);
      if (lo != 0) partials_[i++] = lo;
      x = hi;
    }
    partials_.resize(i);
    partials_.push_back(x);
  }
  // a * b exactly (both parts are multiples of 2^-1074 when a and b are doubles and a is an integer
  // or b's last bit is at least 2^-1074: always, for the products of this file).
  void add_product(double a, double b) {
    const double p = a * b;
    add(p);
    add(std::fma(a, b, -p));
  }
  // The sign of the exact sum: the sign of its largest nonzero partial.
  int sign() const {
    for (auto it = partials_.rbegin(); it != partials_.rend(); ++it)
      if (*it != 0) return *it > 0 ? 1 : -1;
    return 0;
  }
  // The sign of (exact sum - a * b).
  int sign_minus_product(double a, double b) const {
    exact_sum d = *this;
    d.add_product(-a, b);
    return d.sign();
  }

 private:
  std::vector<double> partials_;
};

// One pull of arm i with reward y, observed by the designation; `exact` gets y for every c whose
// V_c the pull enters (the roles fixed after the previous step), `arm_exact` for arm i.
void pull(lb::arm_stats& s, ls::pooled_designation& d, std::vector<exact_sum>& exact, std::vector<exact_sum>& arm_exact,
          std::size_t i, double y) {
  const std::size_t K = s.size(), L = d.leader(), L2 = d.runner_up();
  for (std::size_t c = 0; c < K; ++c)
    if (L < K && ((i == L && c != L) || (i == L2 && c == L))) exact[c].add(y);
  arm_exact[i].add(y);
  s.add(i, y);
  d.observe(i, s);
}

// Every bound of the designation against the exact sums: V_c's lowered mean times its count at
// most the exact sum, its sum plus rounding at least; arm c's sum minus its rounding at most, its
// raised mean times its count at least.
void check_bounds(const lb::arm_stats& s, const ls::pooled_designation& d, const std::vector<exact_sum>& exact,
                  const std::vector<exact_sum>& arm_exact) {
  for (std::size_t c = 0; c < s.size(); ++c) {
    const ls::pooled_arm v = d.pooled(c);
    if (v.count > 0) {
      BOOST_TEST(exact[c].sign_minus_product(v.low_mean(), double(v.count)) >= 0);
      BOOST_TEST(exact[c].sign_minus_product(v.sum + v.rounding, 1.0) <= 0);
    }
    if (s.count(c) > 0) {
      BOOST_TEST(arm_exact[c].sign_minus_product(s.sum(c) - d.arm_rounding(c, s), 1.0) >= 0);
      BOOST_TEST(arm_exact[c].sign_minus_product(d.high_mean(c, s), double(s.count(c))) <= 0);
    }
  }
}

// A reward of random sign and magnitude 2^k (1 + f), k in [-1074, 60], half of them near 1 so
// that sums cancel.
double wild_reward(std::mt19937_64& g) {
  std::uniform_real_distribution<double> f(0.0, 1.0);
  std::uniform_int_distribution<int> k(-1074, 60), kind(0, 5);
  const double sign = (g() & 1) ? 1.0 : -1.0;
  switch (kind(g)) {
    case 0: return sign * std::ldexp(1.0 + f(g), k(g));
    case 1: return sign * std::ldexp(1.0, -1074 + int(g() % 60));  // subnormal
    case 2: return sign * std::ldexp(1.0, -int(g() % 120));         // powers of two that cancel
    default: return sign * (1.0 + std::ldexp(f(g), -int(g() % 80)));
  }
}

}  // namespace

BOOST_AUTO_TEST_SUITE(pooled_designation_rounding)

// K = 3: arms 1 and 2 rewarded -10, then arm 0 (now the leader) rewarded 0, -2^-57, -2^-111, -1,
// 1, 2^-57: V_1 is the leader's pool G, whose exact sum is -2^-111 while the compensated sum
// computes 0; before the bound's second-order term its lowered sum was 0, above the exact one.
BOOST_AUTO_TEST_CASE(cancellation_in_the_compensated_sum_is_bounded) {
  lb::arm_stats s(3);
  ls::pooled_designation d(3);
  std::vector<exact_sum> exact(3), arm_exact(3);
  pull(s, d, exact, arm_exact, 1, -10);
  pull(s, d, exact, arm_exact, 2, -10);
  pull(s, d, exact, arm_exact, 0, 0);
  BOOST_TEST(d.leader() == 0u);
  for (const double y : {-0x1p-57, -0x1p-111, -1.0, 1.0, 0x1p-57}) pull(s, d, exact, arm_exact, 0, y);
  const ls::pooled_arm v = d.pooled(1);
  BOOST_TEST(v.count == 5u);
  BOOST_TEST(v.sum == 0.0);  // the computed sum misses -2^-111
  BOOST_TEST(exact[1].sign() == -1);
  BOOST_TEST(v.rounding > 0x1p-111);
  check_bounds(s, d, exact, arm_exact);
  // Arm 0's own sum is the same stream: its raised mean is above the exact one, and the mirrored
  // stream (exact +2^-111, computed 0) needs the arm's rounding term.
  lb::arm_stats m(2);
  ls::pooled_designation dm(2);
  std::vector<exact_sum> em(2), am(2);
  for (const double y : {0x1p-57, 0x1p-111, 1.0, -1.0, -0x1p-57}) pull(m, dm, em, am, 0, y);
  BOOST_TEST(m.sum(0) == 0.0);
  BOOST_TEST(am[0].sign() == 1);
  check_bounds(m, dm, em, am);
}

// 1000 pooled pulls of reward -2^-1074 at weight 1/16: each product's low part rounds (the exact
// product is below the subnormal grid), the computed S_w is 0 and the exact one -1000 2^-1078.
BOOST_AUTO_TEST_CASE(subnormal_products_at_small_weights_are_bounded) {
  ls::weighted_pools w(2);
  exact_sum exact16;  // 16 S_w of V_1
  w.observe(0, 1.0, 2, 2, 1.0, 1.0);  // no leader yet: nothing pooled
  for (int k = 0; k < 1000; ++k) {
    w.observe(0, -0x1p-1074, 0, 1, 1.0 / 16, 1.0);  // arm 0 leads: its pull enters V_1
    exact16.add_product(1.0, -0x1p-1074);
  }
  const ls::pooled_arm v = w.pooled(1);
  BOOST_TEST(v.count == 1000u);
  BOOST_TEST(v.w1 == 1000.0 / 16);
  BOOST_TEST(v.sum == 0.0);
  BOOST_TEST(exact16.sign() == -1);
  BOOST_TEST(exact16.sign_minus_product(16.0, v.low_sum()) >= 0);
  BOOST_TEST(exact16.sign_minus_product(16.0, v.sum + v.rounding) <= 0);
}

// The second reading's counterexample to the bound's first version (absolute term 4 2^-1074): K = 3,
// first round 0, -1, -1, then 11 pulls of arm 0, one rewarded -2^-1074 and ten 0 (V_2 = G): the
// lowered mean fl((s - bound)/11) rounded to -0 in the subnormal range, above the exact mean; and
// the mirror for an arm's raised mean.  The absolute term now grows with the inputs.
BOOST_AUTO_TEST_CASE(subnormal_means_are_bounded_after_the_division) {
  lb::arm_stats s(3);
  ls::pooled_designation d(3);
  std::vector<exact_sum> exact(3), arm_exact(3);
  pull(s, d, exact, arm_exact, 0, 0);
  pull(s, d, exact, arm_exact, 1, -1);
  pull(s, d, exact, arm_exact, 2, -1);
  pull(s, d, exact, arm_exact, 0, -0x1p-1074);
  for (int k = 0; k < 10; ++k) pull(s, d, exact, arm_exact, 0, 0);
  BOOST_TEST(d.pooled(2).count == 11u);
  BOOST_TEST(d.pooled(2).low_mean() < 0);
  check_bounds(s, d, exact, arm_exact);
  lb::arm_stats m(2);
  ls::pooled_designation dm(2);
  std::vector<exact_sum> em(2), am(2);
  pull(m, dm, em, am, 1, 0x1p-1074);
  for (int k = 0; k < 10; ++k) pull(m, dm, em, am, 1, 0);
  BOOST_TEST(dm.high_mean(1, m) > 0);
  check_bounds(m, dm, em, am);
}

BOOST_AUTO_TEST_CASE(random_streams_with_cancellation_and_subnormals) {
  std::mt19937_64 g(20261202);
  for (int run = 0; run < 60; ++run) {
    const std::size_t K = 2 + run % 4;
    lb::arm_stats s(K);
    ls::pooled_designation d(K);
    std::vector<exact_sum> exact(K), arm_exact(K);
    for (int t = 0; t < 300; ++t) {
      const std::size_t i = (t < int(K)) ? std::size_t(t) : std::size_t(g() % K);
      pull(s, d, exact, arm_exact, i, wild_reward(g));
      if (t % 7 == 0 || t > 290) check_bounds(s, d, exact, arm_exact);
    }
  }
}

BOOST_AUTO_TEST_CASE(random_weighted_streams_with_cancellation_and_subnormals) {
  std::mt19937_64 g(7);
  for (int run = 0; run < 60; ++run) {
    const std::size_t K = 2 + run % 4;
    lb::arm_stats s(K);
    ls::pooled_designation d(K);
    ls::weighted_pools w(K);
    std::vector<exact_sum> exact16(K);  // 16 S_w of each V_c
    for (int t = 0; t < 300; ++t) {
      const std::size_t i = (t < int(K)) ? std::size_t(t) : std::size_t(g() % K);
      const double y = wild_reward(g);
      const double jl = double(g() % 17), jr = double(g() % 17);
      const std::size_t L = d.leader(), L2 = d.runner_up();
      for (std::size_t c = 0; c < K; ++c) {
        if (L >= K) break;
        if (i == L && c != L) exact16[c].add_product(jl, y);
        if (i == L2 && c == L) exact16[c].add_product(jr, y);
      }
      w.observe(i, y, L, L2, jl / 16, jr / 16);
      s.add(i, y);
      d.observe(i, s);
      if (t % 7 != 0 && t <= 290) continue;
      for (std::size_t c = 0; c < K; ++c) {
        const ls::pooled_arm v = w.pooled(c);
        BOOST_TEST(exact16[c].sign_minus_product(16.0, v.low_sum()) >= 0);
        BOOST_TEST(exact16[c].sign_minus_product(16.0, v.sum + v.rounding) <= 0);
        if (v.w1 > 0) BOOST_TEST(exact16[c].sign_minus_product(16.0 * v.w1, v.low_mean()) >= 0);  // 16 W1: an integer
      }
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()
