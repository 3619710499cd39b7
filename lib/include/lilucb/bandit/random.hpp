#pragma once
// Counter-based random numbers (Random123's Philox4x64-10): stream k of a seed is the same
// sequence whatever thread draws it, so a run is reproducible from (seed, run index) alone.
//
// philox_engine      a UniformRandomBitGenerator over 64-bit words; key = (seed, stream),
//                    counter = block number, four words per block.
// normal_stream      standard normals from Boost.Random's ziggurat normal_distribution over a
//                    philox_engine, produced in blocks of 256 ("batched Gaussian sampling").
//                    Batching only changes when numbers are computed, never which: the k-th
//                    normal is the same as drawing them one at a time (tested).

#include <Random123/philox.h>

#include <boost/random/binomial_distribution.hpp>
#include <boost/random/normal_distribution.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>

namespace lilucb::bandit {

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
  double uniform01() { return static_cast<double>((*this)() >> 11) * 0x1.0p-53; }

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
  philox_engine& engine() { return engine_; }

 private:
  void refill() {
    for (auto& z : buffer_) z = normal_(engine_);
    next_ = 0;
  }
  philox_engine engine_;
  boost::random::normal_distribution<double> normal_{0.0, 1.0};
  std::array<double, block_size> buffer_{};
  std::size_t next_ = block_size;
};

}  // namespace lilucb::bandit
