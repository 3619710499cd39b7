#pragma once
// The state of a rule (or of any engine object) as bytes, and back: what an ask-tell study's
// snapshot holds so that a study loaded from it continues exactly as the uninterrupted one
// (identification.hpp; the format: docs/live-study.md, "The state file").
//
// A class opts in with one member template listing every member that can change after
// construction, in a fixed order:
//     template <class Archive> void archive_state(Archive& ar) { ar(mean_, n_, posterior_); }
// The same list serves both directions: a saving archive appends each member's bytes, a loading
// archive overwrites each member from them.  Members: arithmetic values and enums (their bytes,
// native byte order), C arrays and std::array of those, std::vector of those, and objects that
// have archive_state themselves (nested).  A class without archive_state cannot be saved
// (has_archive_state is false) and its study is replayed from its events instead.
//
// Loading checks what the bytes can say about themselves: each vector's length is the length
// its member already has (the object is constructed from the same settings first) or, for a
// member constructed empty, at most max_length, and never more elements than bytes left (nothing
// larger than the input is allocated); a bool is the byte 0 or 1; the bytes end exactly where the
// last member ends.
// A refused load throws lilucb::domain_error naming "state".  The values themselves are checked
// against the class's invariants where the class says how, by a member
//     bool state_is_valid() const;          or          bool state_is_valid(std::size_t arms) const;
// (the second for a class that does not know the run's arm count itself: the loading archive
// carries it).  It holds when every index the other members read without a check is within its
// table and every saved order is an order of its arms; it is called after each object with
// archive_state is loaded (a member, or a rule saved through any_rule), and a state for which it
// is false is refused.  So a snapshot an editor resealed with other tables (its digest and check
// recomputed) loads into objects that read only within their tables, or is refused; whether its
// values are the ones the events make is what `study verify`'s replay checks (docs/live-study.md).

#include "lilucb/errors.hpp"

#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace lilucb::bandit::detail {

class state_archive;

template <class T>
concept has_archive_state = requires(T& t, state_archive& a) { t.archive_state(a); };

class state_archive {
 public:
  /// A saving archive (appends to its bytes).
  state_archive() = default;
  /// A loading archive over `bytes`; vectors constructed empty may take at most max_length
  /// elements; `arms` is the run's arm count (what state_is_valid(arms) is given).
  state_archive(std::string_view bytes, std::size_t max_length, std::size_t arms)
      : loading_(true), in_(bytes), max_length_(max_length), arms_(arms) {}

  bool loading() const { return loading_; }
  const std::string& bytes() const { return out_; }
  /// Loading: whether every byte was read.
  bool at_end() const { return in_.empty(); }

  template <class... T>
  void operator()(T&... members) {
    (one(members), ...);
  }

 private:
  [[noreturn]] static void bad(const std::string& what) {
    ::lilucb::detail::raise_domain_error("lilucb::bandit::detail::state_archive", "state", what,
                                         "the bytes a study's snapshot was saved with");
  }
  void raw(void* p, std::size_t n) {
    if (!loading_) {
      out_.append(static_cast<const char*>(p), n);
      return;
    }
    if (in_.size() < n) bad("a snapshot that ends early");
    std::memcpy(p, in_.data(), n);
    in_.remove_prefix(n);
  }
  template <class T>
  void one(T& v) {
    if constexpr (std::is_same_v<T, bool>) {  // one byte, 0 or 1 (another value is no bool)
      unsigned char b = v ? 1 : 0;
      raw(&b, 1);
      if (b > 1) bad("a flag of value " + std::to_string(b));
      v = b != 0;
    } else if constexpr (std::is_arithmetic_v<T> || std::is_enum_v<T>) {
      raw(&v, sizeof v);
    } else if constexpr (std::is_array_v<T>) {
      for (auto& x : v) one(x);
    } else if constexpr (requires { typename T::value_type; v.size(); v.resize(0); }) {  // a vector
      std::uint64_t n = v.size();
      const std::uint64_t had = n;
      raw(&n, sizeof n);
      if (loading_) {
        if (had != 0 && n != had) bad("a member of " + std::to_string(n) + " elements where " + std::to_string(had) + " belong");
        if (had == 0 && n > max_length_) bad("a member of " + std::to_string(n) + " elements (at most " + std::to_string(max_length_) + ")");
        // Each element takes at least one byte (its own bytes, for arithmetic elements): a length
        // beyond what is left is refused before anything of that size is allocated.
        constexpr std::size_t least = std::is_arithmetic_v<typename T::value_type> ? sizeof(typename T::value_type) : 1;
        if (n > in_.size() / least) bad("a member of " + std::to_string(n) + " elements in " + std::to_string(in_.size()) + " bytes");
        if constexpr (sizeof(typename T::value_type) == 1 && std::is_arithmetic_v<typename T::value_type>) {
          // Bytes (a study's window of asks: megabytes) are copied once, without zeroing first.
          const auto* first = reinterpret_cast<const typename T::value_type*>(in_.data());
          v.assign(first, first + n);
          in_.remove_prefix(static_cast<std::size_t>(n));
          return;
        }
        v.resize(static_cast<std::size_t>(n));
      }
      if constexpr (std::is_arithmetic_v<typename T::value_type>) {
        if (n) raw(v.data(), static_cast<std::size_t>(n) * sizeof(typename T::value_type));
      } else {
        for (auto& x : v) one(x);
      }
    } else if constexpr (requires { std::tuple_size<T>::value; }) {  // std::array
      for (auto& x : v) one(x);
    } else {
      static_assert(has_archive_state<T>, "a member with no archive_state");
      v.archive_state(*this);
      if (loading_ && !valid(v)) bad("a state its class cannot have (an index or an order out of its tables)");
    }
  }

  template <class T>
  bool valid(const T& v) const {
    if constexpr (requires { { v.state_is_valid() } -> std::convertible_to<bool>; }) return v.state_is_valid();
    else if constexpr (requires { { v.state_is_valid(std::size_t{}) } -> std::convertible_to<bool>; }) return v.state_is_valid(arms_);
    else return true;
  }

  bool loading_ = false;
  std::string out_;
  std::string_view in_;
  std::size_t max_length_ = 0;
  std::size_t arms_ = 0;
};

}  // namespace lilucb::bandit::detail
