#pragma once
// SHA-256 (FIPS 180-4), for the study's hash chain: a digest that a published answer can be
// checked against.  Not a secret-keyed MAC: it detects changes to a history whose head digest is
// known, not an editor who recomputes the whole chain.
//
// Tested against the FIPS 180-4 examples ("abc", the empty message, the 448- and 896-bit
// messages, a million 'a') and against one-shot hashing for every split of a message.

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace lilucb::detail {

class sha256 {
 public:
  sha256();
  /// Appends bytes to the message.
  sha256& update(std::string_view bytes);
  /// The digest of the message so far (the object can go on being updated).
  std::array<std::uint8_t, 32> digest() const;
  /// The digest as 64 lower-case hexadecimal digits.
  std::string hex() const;

 private:
  void block(const std::uint8_t* p);
  std::array<std::uint32_t, 8> h_;
  std::array<std::uint8_t, 64> buf_{};
  std::size_t used_ = 0;
  std::uint64_t length_ = 0;  // bytes
};

/// The hexadecimal SHA-256 digest of `bytes`.
std::string sha256_hex(std::string_view bytes);

}  // namespace lilucb::detail
