#pragma once
// SHA-256 (FIPS 180-4), for the study's hash chain: a digest that a published answer can be
// checked against.  Not a secret-keyed MAC: it detects changes to a history whose head digest is
// known, not an editor who recomputes the whole chain.
//
// Two engines compute the same compression function: portable code, and the SHA extensions of
// x86-64 processors (chosen when the processor has them).  Each is tested against the FIPS 180-4
// examples ("abc", the empty message, the 448- and 896-bit messages, a million 'a') and against
// one-shot hashing for every split of a message; the two against each other on random messages.

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace lilucb::detail {

/// The code that runs SHA-256's compression function.
enum class sha256_engine {
  portable,  ///< plain C++ (FIPS 180-4, section 6.2.2)
  x86_sha    ///< the x86-64 SHA extensions (SHA-NI, with SSSE3 and SSE4.1)
};

/// Whether this processor runs `e`.
bool sha256_engine_available(sha256_engine e);

class sha256 {
 public:
  /// The fastest engine this processor runs.
  sha256();
  /// The given engine.  Throws lilucb::domain_error naming "engine" when the processor does not run it.
  explicit sha256(sha256_engine e);
  /// Appends bytes to the message.
  sha256& update(std::string_view bytes);
  /// The digest of the message so far (the object can go on being updated).
  std::array<std::uint8_t, 32> digest() const;
  /// The digest as 64 lower-case hexadecimal digits.
  std::string hex() const;

 private:
  using compress_fn = void (*)(std::uint32_t* h, const std::uint8_t* block);
  void block(const std::uint8_t* p) { compress_(h_.data(), p); }
  compress_fn compress_;
  std::array<std::uint32_t, 8> h_;
  std::array<std::uint8_t, 64> buf_{};
  std::size_t used_ = 0;
  std::uint64_t length_ = 0;  // bytes
};

/// The hexadecimal SHA-256 digest of `bytes`.
std::string sha256_hex(std::string_view bytes);

}  // namespace lilucb::detail
