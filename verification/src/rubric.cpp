// The rubric's functions (rubric.hpp; docs/verification.md, "The rubric").

#include "lilucb_verification/rubric.hpp"

#include "lilucb/errors.hpp"

#include <cmath>

namespace lilucb::verification {

namespace {

void check_ratio(const char* fn, const char* name, double x) {
  if (!std::isfinite(x))
    lilucb::detail::raise_domain_error(fn, name, lilucb::detail::format_value(x), "a finite real number");
}

bool within(double ratio) { return std::abs(ratio - 1) <= form_tolerance; }

}  // namespace

verdict_kind judge_proof(bool proved_on_domain, bool proved_where_used, bool counterexample) {
  if (proved_on_domain) return verdict_kind::holds;
  if (counterexample) return verdict_kind::fails;
  if (proved_where_used) return verdict_kind::holds_with_caveat;
  return verdict_kind::undecided;
}

verdict_kind judge_form(double limit_ratio, double range_lo, double range_hi) {
  constexpr const char* fn = "lilucb::verification::judge_form";
  check_ratio(fn, "limit_ratio", limit_ratio);
  check_ratio(fn, "range_lo", range_lo);
  check_ratio(fn, "range_hi", range_hi);
  if (!within(limit_ratio)) return verdict_kind::fails;
  return within(range_lo) && within(range_hi) ? verdict_kind::holds : verdict_kind::holds_with_caveat;
}

verdict_kind judge_correction(double worst_ratio) {
  constexpr const char* fn = "lilucb::verification::judge_correction";
  check_ratio(fn, "worst_ratio", worst_ratio);
  if (!(worst_ratio > 0))
    lilucb::detail::raise_domain_error(fn, "worst_ratio", lilucb::detail::format_value(worst_ratio), "(0, inf)");
  if (worst_ratio <= 1) return verdict_kind::holds;
  return worst_ratio <= 1 + form_tolerance ? verdict_kind::holds_with_caveat : verdict_kind::fails;
}

verdict_kind judge_rate(double lower, double upper, double p0, double uncovered) {
  constexpr const char* fn = "lilucb::verification::judge_rate";
  if (!(lower >= 0 && lower <= upper && upper <= 1))
    lilucb::detail::raise_domain_error(fn, "lower, upper",
                                       lilucb::detail::format_value(lower) + ", " + lilucb::detail::format_value(upper),
                                       "0 <= lower <= upper <= 1");
  if (!(p0 >= 0 && std::isfinite(p0))) lilucb::detail::raise_domain_error(fn, "p0", lilucb::detail::format_value(p0), "[0, inf)");
  if (!(uncovered >= 0))
    lilucb::detail::raise_domain_error(fn, "uncovered", lilucb::detail::format_value(uncovered), "[0, inf]");
  if (lower > p0) return verdict_kind::fails;
  if (upper + uncovered <= p0) return verdict_kind::holds;
  if (upper <= p0) return verdict_kind::holds_with_caveat;
  return verdict_kind::undecided;
}

verdict_kind judge_setting(bool meets_hypotheses, bool argument_complete, bool gap_matters) {
  if (!meets_hypotheses || gap_matters) return verdict_kind::fails;
  return argument_complete ? verdict_kind::holds : verdict_kind::holds_with_caveat;
}

verdict_kind judge_cells(std::size_t agree, std::size_t decided, std::size_t cells, bool weaker_everywhere) {
  if (cells == 0 || decided == 0) return verdict_kind::undecided;
  if (agree == cells) return verdict_kind::holds;
  if (weaker_everywhere || 2 * agree >= cells) return verdict_kind::holds_with_caveat;
  return verdict_kind::fails;
}

verdict_kind judge_finding(bool consistent, bool shows_something) {
  if (!shows_something) return verdict_kind::undecided;
  return consistent ? verdict_kind::holds : verdict_kind::fails;
}

}  // namespace lilucb::verification
