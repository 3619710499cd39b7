#pragma once
// A study snapshot's parts, and the snapshot resealed as an editor who knows the format writes it:
// the binary state's length and check and the header's digest recomputed from the format's
// definition (docs/live-study.md, "The state file"), for tests and the fuzzer to reach the
// readers behind those checks.

#include "lilucb/detail/sha256.hpp"

#include <nlohmann/json.hpp>

#include <bit>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>

namespace test_study {

/// The snapshot's three parts: its first line, its JSON header, its binary state.  Throws
/// nlohmann::json::exception when the second line is not JSON.
struct snapshot_split {
  std::string magic;
  nlohmann::json header;
  std::string state;
  explicit snapshot_split(const std::string& text) {
    const auto first = text.find('\n') + 1, second = text.find('\n', first);
    magic = text.substr(0, first);
    header = nlohmann::json::parse(text.substr(first, second == std::string::npos ? std::string::npos : second - first));
    state = second == std::string::npos ? std::string() : text.substr(second + 1);
  }
  /// The text with the binary state's length and check and the header's digest recomputed (an
  /// object header only: another header is written back as it is).
  std::string resealed() {
    if (header.is_object()) {
      if (header.contains("state") && header["state"].is_object()) {
        header["state"]["bytes"] = state.size();
        header["state"]["check"] = check_of(state);
      }
      header.erase("digest");
      header["digest"] = lilucb::detail::sha256().update("lilucb-study snapshot\n").update(header.dump()).hex();
    }
    return text();
  }
  std::string text() const { return magic + header.dump() + "\n" + state; }

  /// The binary state's 64-bit check, from the format's definition.
  static std::string check_of(std::string_view state) {
    std::uint64_t h = 0x9e3779b97f4a7c15ull ^ state.size();
    std::size_t k = 0;
    for (; k + 8 <= state.size(); k += 8) {
      std::uint64_t w;
      std::memcpy(&w, state.data() + k, 8);
      h = (std::rotl(h, 29) ^ w) * 0xbf58476d1ce4e5b9ull;
    }
    for (; k < state.size(); ++k) h = (std::rotl(h, 29) ^ static_cast<unsigned char>(state[k])) * 0x94d049bb133111ebull;
    h ^= h >> 31;
    char check[17];
    std::snprintf(check, sizeof check, "%016llx", static_cast<unsigned long long>(h));
    return check;
  }
};

}  // namespace test_study
