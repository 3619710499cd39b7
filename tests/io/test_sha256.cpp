// lilucb/detail/sha256.hpp: the digest of the study's hash chain, with each engine this processor
// runs (the portable one always; the x86-64 SHA extensions where present: the test says which ran):
//   - the FIPS 180-4 examples: "abc", the empty message, the 448- and 896-bit messages, a million 'a';
//   - the same digest for every split of a message into two updates, and after digest() was read;
//   - the engines agree on 2000 random messages of 0 to 300 bytes, fed in random pieces;
//   - an engine the processor does not run is refused with a domain error.
#include <boost/test/unit_test.hpp>

#include "lilucb/detail/sha256.hpp"

#include "lilucb/errors.hpp"

#include <random>
#include <string>
#include <vector>

namespace ld = lilucb::detail;

namespace {
std::vector<ld::sha256_engine> engines() {
  std::vector<ld::sha256_engine> out{ld::sha256_engine::portable};
  if (ld::sha256_engine_available(ld::sha256_engine::x86_sha)) out.push_back(ld::sha256_engine::x86_sha);
  BOOST_TEST_MESSAGE("engines tested: " << out.size() << (out.size() == 2 ? " (portable, x86 SHA extensions)" : " (portable)"));
  return out;
}
const char* name(ld::sha256_engine e) { return e == ld::sha256_engine::portable ? "portable" : "x86_sha"; }
std::string hex(ld::sha256_engine e, const std::string& bytes) { return ld::sha256(e).update(bytes).hex(); }
}  // namespace

BOOST_AUTO_TEST_CASE(fips_180_4_examples) {
  BOOST_TEST(ld::sha256_hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  for (const auto e : engines()) {
    BOOST_TEST_CONTEXT("engine " << name(e)) {
      BOOST_TEST(hex(e, "abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
      BOOST_TEST(hex(e, "") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
      BOOST_TEST(hex(e, "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
                 "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
      BOOST_TEST(hex(e, "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu") ==
                 "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1");
      ld::sha256 million(e);
      const std::string chunk(1000, 'a');
      for (int k = 0; k < 1000; ++k) million.update(chunk);
      BOOST_TEST(million.hex() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
    }
  }
}

BOOST_AUTO_TEST_CASE(the_engines_agree_on_random_messages) {
  const auto es = engines();
  std::mt19937_64 gen(20261205);
  for (int r = 0; r < 2000; ++r) {
    std::string message(gen() % 301, '\0');
    for (char& ch : message) ch = static_cast<char>(gen() & 0xff);
    const std::string portable = hex(ld::sha256_engine::portable, message);
    for (const auto e : es) {
      ld::sha256 h(e);
      for (std::size_t at = 0; at < message.size();) {  // random pieces, whole blocks among them
        const std::size_t take = std::min<std::size_t>(message.size() - at, gen() % 140);
        h.update(std::string_view(message).substr(at, take));
        at += take;
      }
      BOOST_TEST(h.hex() == portable, "engine " << name(e) << ", message " << r << " of " << message.size() << " bytes");
    }
  }
}

BOOST_AUTO_TEST_CASE(an_engine_the_processor_lacks_is_refused) {
  if (ld::sha256_engine_available(ld::sha256_engine::x86_sha)) {
    BOOST_TEST_MESSAGE("this processor runs every engine: nothing to refuse");
    BOOST_TEST(ld::sha256(ld::sha256_engine::x86_sha).update("abc").hex() == ld::sha256_hex("abc"));
  } else {
    BOOST_CHECK_THROW((void)ld::sha256(ld::sha256_engine::x86_sha), lilucb::domain_error);
  }
}

BOOST_AUTO_TEST_CASE(every_split_gives_the_same_digest) {
  std::string message;
  for (int k = 0; k < 200; ++k) message.push_back(static_cast<char>('A' + (k * 7) % 57));
  const auto es = engines();
  for (std::size_t n = 0; n <= message.size(); n += 3) {
    const std::string whole = ld::sha256_hex(message.substr(0, n));
    for (std::size_t cut = 0; cut <= n; cut += 5)
      for (const auto e : es) {
        ld::sha256 h(e);
        h.update(message.substr(0, cut));
        (void)h.hex();  // reading the digest does not disturb the state
        h.update(message.substr(cut, n - cut));
        BOOST_TEST(h.hex() == whole, "n = " << n << ", cut = " << cut << ", engine " << name(e));
      }
  }
}
