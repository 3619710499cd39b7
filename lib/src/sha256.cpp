// SHA-256 (FIPS 180-4, section 6.2): lilucb/detail/sha256.hpp.

#include "lilucb/detail/sha256.hpp"

#include "lilucb/errors.hpp"

#include <algorithm>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define LILUCB_SHA256_X86 1
#include <cpuid.h>
#include <immintrin.h>
#else
#define LILUCB_SHA256_X86 0
#endif

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

void compress_portable(std::uint32_t* hs, const std::uint8_t* p) {
  std::array<std::uint32_t, 64> w;
  for (int t = 0; t < 16; ++t)
    w[t] = std::uint32_t(p[4 * t]) << 24 | std::uint32_t(p[4 * t + 1]) << 16 | std::uint32_t(p[4 * t + 2]) << 8 |
           std::uint32_t(p[4 * t + 3]);
  for (int t = 16; t < 64; ++t) {
    const std::uint32_t s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >> 3);
    const std::uint32_t s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >> 10);
    w[t] = w[t - 16] + s0 + w[t - 7] + s1;
  }
  std::uint32_t a = hs[0], b = hs[1], c = hs[2], d = hs[3], e = hs[4], f = hs[5], g = hs[6], h = hs[7];
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
  hs[0] += a;
  hs[1] += b;
  hs[2] += c;
  hs[3] += d;
  hs[4] += e;
  hs[5] += f;
  hs[6] += g;
  hs[7] += h;
}

#if LILUCB_SHA256_X86
// The SHA extensions hold the state as two vectors, (A, B, E, F) and (C, D, G, H), and run two
// rounds per sha256rnds2 from four message words plus constants; sha256msg1 and sha256msg2 compute
// the message schedule four words at a time (W_t = sigma1(W_{t-2}) + W_{t-7} + sigma0(W_{t-15}) + W_{t-16}).
__attribute__((target("sha,sse4.1,ssse3"))) void compress_x86_sha(std::uint32_t* hs, const std::uint8_t* p) {
  const __m128i byte_swap = _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);
  const __m128i dcba = _mm_shuffle_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(hs)), 0xB1);   // C D A B
  const __m128i efgh = _mm_shuffle_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(hs + 4)), 0x1B);  // E F G H
  __m128i abef = _mm_alignr_epi8(dcba, efgh, 8);
  __m128i cdgh = _mm_blend_epi16(efgh, dcba, 0xF0);
  const __m128i abef_in = abef, cdgh_in = cdgh;
  __m128i w[4];
  for (int g = 0; g < 16; ++g) {  // rounds 4g .. 4g + 3
    if (g < 4) {
      w[g] = _mm_shuffle_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * g)), byte_swap);
    } else {
      const __m128i w7 = _mm_alignr_epi8(w[(g - 1) & 3], w[(g - 2) & 3], 4);  // W_{t-7}
      const __m128i partial = _mm_add_epi32(_mm_sha256msg1_epu32(w[g & 3], w[(g - 3) & 3]), w7);
      w[g & 3] = _mm_sha256msg2_epu32(partial, w[(g - 1) & 3]);
    }
    __m128i k = _mm_add_epi32(w[g & 3], _mm_loadu_si128(reinterpret_cast<const __m128i*>(round_constants.data() + 4 * g)));
    cdgh = _mm_sha256rnds2_epu32(cdgh, abef, k);
    k = _mm_shuffle_epi32(k, 0x0E);
    abef = _mm_sha256rnds2_epu32(abef, cdgh, k);
  }
  abef = _mm_add_epi32(abef, abef_in);
  cdgh = _mm_add_epi32(cdgh, cdgh_in);
  const __m128i feba = _mm_shuffle_epi32(abef, 0x1B);
  const __m128i dchg = _mm_shuffle_epi32(cdgh, 0xB1);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(hs), _mm_blend_epi16(feba, dchg, 0xF0));     // A B C D
  _mm_storeu_si128(reinterpret_cast<__m128i*>(hs + 4), _mm_alignr_epi8(dchg, feba, 8));  // E F G H
}

bool x86_sha_available() {
  unsigned a = 0, b = 0, c = 0, d = 0;
  if (!__get_cpuid(1, &a, &b, &c, &d)) return false;
  const bool ssse3 = (c >> 9) & 1, sse41 = (c >> 19) & 1;
  if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return false;
  return ssse3 && sse41 && ((b >> 29) & 1);
}
#endif

}  // namespace

bool sha256_engine_available(sha256_engine e) {
  switch (e) {
    case sha256_engine::portable: return true;
    case sha256_engine::x86_sha:
#if LILUCB_SHA256_X86
    {
      static const bool available = x86_sha_available();
      return available;
    }
#else
      return false;
#endif
  }
  return false;
}

namespace {
sha256_engine fastest_engine() {
  return sha256_engine_available(sha256_engine::x86_sha) ? sha256_engine::x86_sha : sha256_engine::portable;
}
}  // namespace

sha256::sha256() : sha256(fastest_engine()) {}

sha256::sha256(sha256_engine e)
    : h_{0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19} {
  if (!sha256_engine_available(e))
    raise_domain_error("lilucb::detail::sha256", "engine", e == sha256_engine::x86_sha ? "x86_sha" : "portable",
                       "an engine this processor runs (sha256_engine_available)");
  compress_ = compress_portable;
#if LILUCB_SHA256_X86
  if (e == sha256_engine::x86_sha) compress_ = compress_x86_sha;
#endif
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
