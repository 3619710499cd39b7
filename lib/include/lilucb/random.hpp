#pragma once
// Random numbers for runs: stream k of a seed is the same sequence whatever thread draws it, so
// a run is reproducible from (seed, run index) alone.  A support header (it uses no other part of
// lilucb): the bandit engine's runs and the boundaries' Monte-Carlo checks draw from it.
//
// philox_engine      Random123's counter-based Philox4x64-10 as a UniformRandomBitGenerator
//                    over 64-bit words; key = (seed, stream), counter = block number.
// run_engine         the generator a run draws from: xoshiro256++ (Blackman and Vigna), whose
//                    256-bit state is the first Philox4x64-10 block of key (seed, stream).
//                    Philox makes streams of different (seed, stream) keys independent; the
//                    xoshiro recurrence then costs a handful of instructions per word, where a
//                    Philox block costs ~150 (measured with cachegrind: the hot loop of
//                    lil'UCB pulls is dominated by random numbers otherwise).
// normal_stream      standard normals from Boost.Random's ziggurat normal_distribution over a
//                    run_engine, produced in blocks of 256 ("batched Gaussian sampling").
//                    Batching only changes when numbers are computed, never which: the k-th
//                    normal is the same as drawing them one at a time (tested); the block takes
//                    the ziggurat's one-word step itself (refill), with the same bits.

#include <Random123/philox.h>

#include <boost/random/binomial_distribution.hpp>
#include <boost/random/normal_distribution.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>

namespace lilucb::random {

/// The top 53 bits of a random word as a double in [0, 1).
inline double unit_interval(std::uint64_t word) { return static_cast<double>(word >> 11) * 0x1.0p-53; }

class philox_engine {
 public:
  using result_type = std::uint64_t;
  static constexpr result_type min() { return 0; }
  static constexpr result_type max() { return std::numeric_limits<result_type>::max(); }

  philox_engine(std::uint64_t seed, std::uint64_t stream) {
    key_[0] = seed;
    key_[1] = stream;
    ctr_[0] = ctr_[1] = ctr_[2] = ctr_[3] = 0;
  }

  result_type operator()() {
    if (next_ == 4) refill();
    return block_[next_++];
  }

  /// A uniform double in [0, 1) with 53 random bits.
  double uniform01() { return unit_interval((*this)()); }

 private:
  void refill() {
    block_ = r123::Philox4x64()(ctr_, key_);
    ++ctr_[0];
    next_ = 0;
  }
  r123::Philox4x64::ctr_type ctr_;
  r123::Philox4x64::key_type key_;
  r123::Philox4x64::ctr_type block_{};
  unsigned next_ = 4;
};

/// xoshiro256++ seeded from Philox4x64-10(key = (seed, stream), counter = 0).
class run_engine {
 public:
  using result_type = std::uint64_t;
  static constexpr result_type min() { return 0; }
  static constexpr result_type max() { return std::numeric_limits<result_type>::max(); }

  run_engine(std::uint64_t seed, std::uint64_t stream) {
    philox_engine p(seed, stream);
    for (auto& w : s_) w = p();
    if ((s_[0] | s_[1] | s_[2] | s_[3]) == 0) s_[0] = 1;  // the one forbidden state
  }

  result_type operator()() {
    const std::uint64_t result = rotl(s_[0] + s_[3], 23) + s_[0];
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  /// A uniform double in [0, 1) with 53 random bits.
  double uniform01() { return unit_interval((*this)()); }

   /// Every member that changes after construction, for a study's snapshot (detail/state_archive.hpp).
   template <class Archive>
   void archive_state(Archive& ar) {
     ar(s_);
   }

 private:
  static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  std::uint64_t s_[4];
};

/// Standard normal draws in blocks; see the file comment.
class normal_stream {
 public:
  static constexpr std::size_t block_size = 256;

  normal_stream(std::uint64_t seed, std::uint64_t stream) : engine_(seed, stream) {}

  double operator()() {
    if (next_ == block_size) refill();
    return buffer_[next_++];
  }

  /// The underlying engine, for draws of other kinds (permutations, uniforms) that share the
  /// run's stream.  Using it does not disturb already-buffered normals.
  run_engine& engine() { return engine_; }

   /// Every member that changes after construction, for a study's snapshot (detail/state_archive.hpp).
   template <class Archive>
   void archive_state(Archive& ar) {
     ar(engine_, buffer_, next_);
   }
  /// A loaded state's position is within its block (state_archive.hpp).
  bool state_is_valid() const { return next_ <= block_size; }

 private:
  // normal_(engine_) 256 times, faster: Boost's ziggurat first draws one 64-bit word u, takes the
  // layer and sign from its low 8 bits and r = ((u without bit 11) >> 8) 2^-56, and returns
  // x = r table_x[i] (signed) when x < table_x[i + 1] (about 99% of draws).  That step is done
  // here with Boost's own table and the same operations in the same order; otherwise the engine
  // is put back to before u and normal_ draws from there, as it would have.  The same bits as
  // normal_ alone (tested over every branch, tails included).
  void refill() {
    using table = boost::random::detail::normal_table<double>;
    run_engine e = engine_;
    for (auto& z : buffer_) {
      const run_engine before = e;
      const std::uint64_t u = e();
      const int bucket = static_cast<int>(u & 0xFF);
      const int i = bucket >> 1;
      const double r = static_cast<double>((u & ~(std::uint64_t(1) << 11)) >> 8) * 0x1p-56;
      const double x = r * table::table_x[i];
      if (x < table::table_x[i + 1]) [[likely]] {
        z = x * static_cast<double>((bucket & 1) * 2 - 1) * normal_.sigma() + normal_.mean();
      } else {
        e = before;
        z = normal_(e);
      }
    }
    engine_ = e;
    next_ = 0;
  }
  run_engine engine_;
  boost::random::normal_distribution<double> normal_{0.0, 1.0};
  std::array<double, block_size> buffer_{};
  std::size_t next_ = block_size;
};

}  // namespace lilucb::random
