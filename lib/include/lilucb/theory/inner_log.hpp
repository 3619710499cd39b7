#pragma once
// Which inner logarithm the finite-LIL bound (Lemma `lem:lil`) uses, by name.  The bound itself
// is lilucb/theory/finite_lil.hpp; this header is what code that only names the choice (run options,
// configurations) includes.

#include "lilucb/errors.hpp"

#include <string_view>

namespace lilucb {

/// Which inner logarithm the bound uses.
enum class inner_log {
  lemma,  ///< log((1+eps) t): Lemma `lem:lil`, Figure `fig:lilucb`; needs delta < log(1+eps)/e
  plus2   ///< log((1+eps) t + 2): footnote `fnt:delta_foot`; any delta in (0,1)
};

/// "lemma" or "plus2".
inline const char* to_string(inner_log inner) noexcept {
  return inner == inner_log::lemma ? "lemma" : "plus2";
}

/// The inverse of to_string; throws lilucb::domain_error on any other text.
inline inner_log parse_inner_log(std::string_view text) {
  if (text == "lemma") return inner_log::lemma;
  if (text == "plus2") return inner_log::plus2;
  detail::raise_domain_error("lilucb::parse_inner_log", "inner", detail::quoted(text),
                             "{lemma, plus2}");
}

/// The constant c added inside the inner logarithm: 0 (lemma) or 2 (footnote).
template <class Real>
Real inner_log_offset(inner_log inner) {
  return inner == inner_log::lemma ? Real(0) : Real(2);
}

}  // namespace lilucb
