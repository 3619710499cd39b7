// SHA-256 (FIPS 180-4, section 6.2): lilucb/detail/sha256.hpp.

#include "lilucb/detail/sha256.hpp"

#include <algorithm>

namespace lilucb::detail {

namespace {

constexpr std::array<std::uint32_t, 64> round_constants = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

constexpr std::uint32_t rotr(std::uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }

}  // namespace

sha256::sha256()
    : h_{0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19} {}

void sha256::block(const std::uint8_t* p) {
  std::array<std::uint32_t, 64> w;
  for (int t = 0; t < 16; ++t)
    w[t] = std::uint32_t(p[4 * t]) << 24 | std::uint32_t(p[4 * t + 1]) << 16 | std::uint32_t(p[4 * t + 2]) << 8 |
           std::uint32_t(p[4 * t + 3]);
  for (int t = 16; t < 64; ++t) {
    const std::uint32_t s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >> 3);
    const std::uint32_t s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >> 10);
    w[t] = w[t - 16] + s0 + w[t - 7] + s1;
  }
  std::uint32_t a = h_[0], b = h_[1], c = h_[2], d = h_[3], e = h_[4], f = h_[5], g = h_[6], h = h_[7];
  for (int t = 0; t < 64; ++t) {
    const std::uint32_t t1 = h + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + round_constants[t] + w[t];
    const std::uint32_t t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
    h = g;
    g = f;
    f = e;
    e = d + t1;
    d = c;
    c = b;
    b = a;
    a = t1 + t2;
  }
  h_[0] += a;
  h_[1] += b;
  h_[2] += c;
  h_[3] += d;
  h_[4] += e;
  h_[5] += f;
  h_[6] += g;
  h_[7] += h;
}

sha256& sha256::update(std::string_view bytes) {
  length_ += bytes.size();
  const auto* p = reinterpret_cast<const std::uint8_t*>(bytes.data());
  std::size_t n = bytes.size();
  while (n > 0) {
    if (used_ == 0 && n >= 64) {  // whole blocks straight from the input
      block(p);
      p += 64;
      n -= 64;
      continue;
    }
    const std::size_t take = std::min<std::size_t>(64 - used_, n);
    std::copy(p, p + take, buf_.begin() + static_cast<std::ptrdiff_t>(used_));
    used_ += take;
    p += take;
    n -= take;
    if (used_ == 64) {
      block(buf_.data());
      used_ = 0;
    }
  }
  return *this;
}

std::array<std::uint8_t, 32> sha256::digest() const {
  sha256 s = *this;  // padding finishes a copy: this object can go on being updated
  const std::uint64_t bits = length_ * 8;
  s.buf_[s.used_++] = 0x80;
  if (s.used_ > 56) {
    while (s.used_ < 64) s.buf_[s.used_++] = 0;
    s.block(s.buf_.data());
    s.used_ = 0;
  }
  while (s.used_ < 56) s.buf_[s.used_++] = 0;
  for (int k = 7; k >= 0; --k) s.buf_[s.used_++] = static_cast<std::uint8_t>(bits >> (8 * k));
  s.block(s.buf_.data());
  std::array<std::uint8_t, 32> out;
  for (int i = 0; i < 8; ++i)
    for (int k = 0; k < 4; ++k) out[4 * i + k] = static_cast<std::uint8_t>(s.h_[i] >> (24 - 8 * k));
  return out;
}

std::string sha256::hex() const {
  static constexpr char digits[] = "0123456789abcdef";
  std::string out;
  out.reserve(64);
  for (const std::uint8_t b : digest()) {
    out.push_back(digits[b >> 4]);
    out.push_back(digits[b & 15]);
  }
  return out;
}

std::string sha256_hex(std::string_view bytes) { return sha256().update(bytes).hex(); }

}  // namespace lilucb::detail
