// lilucb/detail/sha256.hpp: the digest of the study's hash chain.
//   - the FIPS 180-4 examples: "abc", the empty message, the 448- and 896-bit messages, a million 'a';
//   - the same digest for every split of a message into two updates, and after digest() was read.
#include <boost/test/unit_test.hpp>

#include "lilucb/detail/sha256.hpp"

#include <string>

namespace ld = lilucb::detail;

BOOST_AUTO_TEST_CASE(fips_180_4_examples) {
  BOOST_TEST(ld::sha256_hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  BOOST_TEST(ld::sha256_hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  BOOST_TEST(ld::sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
             "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  BOOST_TEST(ld::sha256_hex("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu") ==
             "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1");
  ld::sha256 million;
  const std::string chunk(1000, 'a');
  for (int k = 0; k < 1000; ++k) million.update(chunk);
  BOOST_TEST(million.hex() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

BOOST_AUTO_TEST_CASE(every_split_gives_the_same_digest) {
  std::string message;
  for (int k = 0; k < 200; ++k) message.push_back(static_cast<char>('A' + (k * 7) % 57));
  for (std::size_t n = 0; n <= message.size(); n += 3) {
    const std::string whole = ld::sha256_hex(message.substr(0, n));
    for (std::size_t cut = 0; cut <= n; cut += 5) {
      ld::sha256 h;
      h.update(message.substr(0, cut));
      (void)h.hex();  // reading the digest does not disturb the state
      h.update(message.substr(cut, n - cut));
      BOOST_TEST(h.hex() == whole, "n = " << n << ", cut = " << cut);
    }
  }
}
