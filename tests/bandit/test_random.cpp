// Random streams (random.hpp).
//  - philox_engine(seed, stream) is Random123's Philox4x64-10 with key (seed, stream) and
//    counter = block number: the first block for key (0, 0) is the Random123 known-answer
//    vector; streams are reproducible and distinct (seed vs stream order matters).
//  - run_engine(seed, stream) is xoshiro256++ whose state is the first Philox block of key
//    (seed, stream): checked against the published recurrence written out here (itself checked
//    on the state {1, 2, 3, 4}, whose first output is rotl(1 + 4, 23) + 1 = 41943041).
//  - normal_stream's batched draws (blocks of 256) equal drawing one at a time from a fresh
//    boost::random::normal_distribution over an identical run_engine, across block boundaries;
//    drawing from engine() leaves the already-buffered normals untouched.

#include <boost/test/unit_test.hpp>
#include <rapidcheck/boost_test.h>

#include "bandit_support.hpp"

#include "lilucb/random.hpp"

#include <boost/random/normal_distribution.hpp>

#include <array>
#include <cmath>
#include <set>

// Every case of this file is in the suite random_engines (one executable holds the directory's files).
BOOST_AUTO_TEST_SUITE(random_engines)

using namespace lilucb_test;
using bandit::normal_stream;
using lilucb::random::philox_engine;
using bandit::run_engine;

namespace {

std::vector<std::uint64_t> words(philox_engine e, std::size_t count) {
  std::vector<std::uint64_t> v(count);
  for (auto& x : v) x = e();
  return v;
}

template <class Engine>
std::vector<std::uint64_t> draws(Engine e, std::size_t count) {
  std::vector<std::uint64_t> v(count);
  for (auto& x : v) x = e();
  return v;
}

/// xoshiro256++ (Blackman and Vigna, xoshiro256plusplus.c), written out independently.
struct xoshiro_reference {
  std::uint64_t s[4];
  static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  std::uint64_t next() {
    const std::uint64_t result = rotl(s[0] + s[3], 23) + s[0];
    const std::uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
  }
};

}  // namespace

// uniform01 of either engine: 53 random bits (the top 53 bits of the next word, scaled by
// 2^-53), inside [0, 1), mean 1/2; and the engine's declared range.
template <class Engine>
void check_uniform01() {
  Engine e(3, 4), f(3, 4);
  double lo = 1, hi = 0, sum = 0;
  constexpr int N = 100000;
  for (int k = 0; k < N; ++k) {
    const double u = e.uniform01();
    BOOST_REQUIRE(u == static_cast<double>(f() >> 11) * 0x1.0p-53);
    lo = std::min(lo, u);
    hi = std::max(hi, u);
    sum += u;
  }
  BOOST_TEST(lo >= 0.0);
  BOOST_TEST(hi < 1.0);
  BOOST_TEST(sum / N == 0.5, boost::test_tools::tolerance(0.01));
  BOOST_TEST(Engine::min() == 0u);
  BOOST_TEST(Engine::max() == ~0ULL);
}

BOOST_AUTO_TEST_SUITE(philox)

// Random123's kat_vectors: philox4x64 10, counter 0, key 0.
BOOST_AUTO_TEST_CASE(known_answer_vector) {
  philox_engine e(0, 0);
  BOOST_TEST(e() == 0x16554d9eca36314cULL);
  BOOST_TEST(e() == 0xdb20fe9d672d0fdcULL);
  BOOST_TEST(e() == 0xd7e772cee186176bULL);
  BOOST_TEST(e() == 0x7e68b68aec7ba23bULL);
}

// Block k is Philox4x64-10 of counter (k, 0, 0, 0) under key (seed, stream).
BOOST_AUTO_TEST_CASE(blocks_are_counter_mode) {
  for (auto [seed, stream] : {std::pair<std::uint64_t, std::uint64_t>{0, 0}, {1, 0}, {0, 1}, {~0ULL, 12345}}) {
    philox_engine e(seed, stream);
    for (std::uint64_t block = 0; block < 5; ++block) {
      r123::Philox4x64::ctr_type ctr = {{block, 0, 0, 0}};
      r123::Philox4x64::key_type key = {{seed, stream}};
      const auto expect = r123::Philox4x64()(ctr, key);
      for (int w = 0; w < 4; ++w) BOOST_TEST(e() == expect[w]);
    }
  }
}

BOOST_AUTO_TEST_CASE(streams_reproducible_and_distinct) {
  std::set<std::vector<std::uint64_t>> seen;
  for (std::uint64_t seed : {0u, 1u, 2u, 77u})
    for (std::uint64_t stream : {0u, 1u, 2u, 77u}) {
      const auto a = words(philox_engine(seed, stream), 64);
      const auto b = words(philox_engine(seed, stream), 64);
      BOOST_TEST(a == b, boost::test_tools::per_element());
      seen.insert(a);
    }
  BOOST_TEST(seen.size() == 16u);  // every (seed, stream) pair its own sequence; (1,2) != (2,1)
  // No overlap between the first 1000 words of neighbouring streams.
  const auto s0 = words(philox_engine(9, 0), 1000);
  const auto s1 = words(philox_engine(9, 1), 1000);
  std::set<std::uint64_t> w0(s0.begin(), s0.end());
  std::size_t shared = 0;
  for (auto x : s1) shared += w0.count(x);
  BOOST_TEST(shared == 0u);
  BOOST_TEST(w0.size() == 1000u);
}

BOOST_AUTO_TEST_CASE(uniform01_in_unit_interval) { check_uniform01<philox_engine>(); }

BOOST_AUTO_TEST_SUITE_END()

// ---------------------------------------------------------------------------------------------
BOOST_AUTO_TEST_SUITE(run_engines)

BOOST_AUTO_TEST_CASE(reference_recurrence_known_answer) {
  xoshiro_reference x{{1, 2, 3, 4}};
  BOOST_TEST(x.next() == 41943041u);  // rotl(1 + 4, 23) + 1 = 5 * 2^23 + 1
  // Second output by hand: the state after one step is {7, 0, 262146, 211106232532992}.
  BOOST_TEST(x.s[0] == 7u);
  BOOST_TEST(x.s[1] == 0u);
  BOOST_TEST(x.s[2] == 262146u);
  BOOST_TEST(x.s[3] == 211106232532992u);
}

BOOST_AUTO_TEST_CASE(seeded_by_the_first_philox_block) {
  for (auto [seed, stream] : {std::pair<std::uint64_t, std::uint64_t>{0, 0}, {1, 0}, {0, 1}, {~0ULL, 12345}}) {
    BOOST_TEST_CONTEXT("seed=" << seed << " stream=" << stream) {
      philox_engine p(seed, stream);
      xoshiro_reference x{{p(), p(), p(), p()}};
      run_engine e(seed, stream);
      for (int k = 0; k < 2000; ++k)
        if (e() != x.next()) BOOST_FAIL("word " << k);
    }
  }
}

BOOST_AUTO_TEST_CASE(streams_reproducible_and_distinct) {
  std::set<std::vector<std::uint64_t>> seen;
  for (std::uint64_t seed : {0u, 1u, 2u, 77u})
    for (std::uint64_t stream : {0u, 1u, 2u, 77u}) {
      const auto a = draws(run_engine(seed, stream), 64);
      BOOST_TEST(a == draws(run_engine(seed, stream), 64), boost::test_tools::per_element());
      seen.insert(a);
    }
  BOOST_TEST(seen.size() == 16u);
  const auto s0 = draws(run_engine(9, 0), 10000);
  const auto s1 = draws(run_engine(9, 1), 10000);
  std::set<std::uint64_t> w0(s0.begin(), s0.end());
  std::size_t shared = 0;
  for (auto x : s1) shared += w0.count(x);
  BOOST_TEST(shared == 0u);
  BOOST_TEST(w0.size() == 10000u);
}

BOOST_AUTO_TEST_CASE(uniform01_in_unit_interval) { check_uniform01<run_engine>(); }

BOOST_AUTO_TEST_SUITE_END()

// ---------------------------------------------------------------------------------------------
BOOST_AUTO_TEST_SUITE(normals)

BOOST_AUTO_TEST_CASE(batched_equals_one_at_a_time) {
  for (auto [seed, stream] : {std::pair<std::uint64_t, std::uint64_t>{0, 0}, {1, 2}, {2, 1}, {~0ULL, ~0ULL}}) {
    BOOST_TEST_CONTEXT("seed=" << seed << " stream=" << stream) {
      normal_stream batched(seed, stream);
      run_engine e(seed, stream);
      boost::random::normal_distribution<double> one(0.0, 1.0);
      run_engine e2(seed, stream);
      for (std::size_t k = 0; k < 5 * normal_stream::block_size + 3; ++k) {
        const double z = batched();
        boost::random::normal_distribution<double> fresh(0.0, 1.0);  // a fresh one per draw, too
        const double ref = one(e);
        const double ref2 = fresh(e2);
        if (!same_bits(z, ref) || !same_bits(z, ref2)) BOOST_FAIL("normal " << k << ": " << z << " vs " << ref);
      }
    }
  }
}

// The block's fast ziggurat step against Boost's normal_distribution drawn one at a time, over
// millions of draws: every branch of Boost's draw is met (the draws that take more than one engine
// word, i.e. the wedges and rejections, and the tail beyond table_x[1]), and every bit agrees.
BOOST_AUTO_TEST_CASE(fast_step_equals_boost_on_every_branch) {
  std::size_t slow = 0, tail = 0;
  for (auto [seed, stream] : {std::pair<std::uint64_t, std::uint64_t>{3, 0}, {20261204, 7}, {~0ULL, 1}}) {
    normal_stream s(seed, stream);
    run_engine e(seed, stream);
    boost::random::normal_distribution<double> nd(0.0, 1.0);
    for (std::size_t k = 0; k < 2000000; ++k) {
      run_engine one_word = e;
      one_word();
      const double ref = nd(e);
      const double z = s();
      if (!same_bits(z, ref)) BOOST_FAIL("seed " << seed << ", normal " << k << ": " << z << " vs " << ref);
      if (one_word() != run_engine(e)()) ++slow;  // Boost took more than one word
      if (std::fabs(ref) > boost::random::detail::normal_table<double>::table_x[1]) ++tail;
    }
  }
  BOOST_TEST(slow > 10000u);
  BOOST_TEST(tail > 100u);
}

// Drawing uniforms from engine() after a block is buffered leaves that block's normals as they
// were; the next block starts where the engine now stands.
BOOST_AUTO_TEST_CASE(engine_draws_do_not_disturb_buffered_normals) {
  normal_stream s(5, 6);
  run_engine ref_engine(5, 6);
  boost::random::normal_distribution<double> nd(0.0, 1.0);
  std::array<double, normal_stream::block_size> ref{};
  for (auto& z : ref) z = nd(ref_engine);
  BOOST_TEST(same_bits(s(), ref[0]));
  for (int k = 0; k < 10; ++k) BOOST_TEST(s.engine()() == ref_engine());  // engine continues past the block
  for (std::size_t k = 1; k < normal_stream::block_size; ++k) BOOST_TEST(same_bits(s(), ref[k]));
  BOOST_TEST(same_bits(s(), nd(ref_engine)));  // next block from the engine's current position
}

BOOST_AUTO_TEST_CASE(moments_are_standard_normal) {
  normal_stream s(11, 0);
  constexpr int N = 200000;
  double m1 = 0, m2 = 0;
  for (int k = 0; k < N; ++k) {
    const double z = s();
    m1 += z;
    m2 += z * z;
  }
  m1 /= N;
  m2 /= N;
  // 5 standard errors: sd(mean) = 1/sqrt(N) ~ 0.0022, sd(second moment) = sqrt(2/N) ~ 0.0032.
  BOOST_TEST(std::fabs(m1) < 0.012);
  BOOST_TEST(std::fabs(m2 - 1) < 0.016);
}

BOOST_AUTO_TEST_SUITE_END()

RC_BOOST_PROP(normal_stream_matches_boost_for_any_key, ()) {
  const auto seed = *rc::gen::arbitrary<std::uint64_t>();
  const auto stream = *rc::gen::arbitrary<std::uint64_t>();
  const auto count = *gen::count(1, 700);
  normal_stream s(seed, stream);
  run_engine e(seed, stream);
  boost::random::normal_distribution<double> nd(0.0, 1.0);
  for (std::uint64_t k = 0; k < count; ++k) RC_ASSERT(same_bits(s(), nd(e)));
}

BOOST_AUTO_TEST_SUITE_END()  // random_engines
