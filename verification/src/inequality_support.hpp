#pragma once
// Private helpers of the `inequalities` check, shared by its two files: inequalities.cpp (the
// inequalities the paper's proofs use) and inequalities_repaired.cpp (the steps of the repaired
// proof, docs/repaired-theorem.md).  The prover itself is lilucb_verification/interval_prover.hpp.

#include "lilucb_verification/checks.hpp"
#include "lilucb_verification/interval_prover.hpp"

#include "lilucb_docs/report_table.hpp"

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace lilucb::verification::inequality {

using prover::inf;
using prover::interval;
namespace bn = boost::numeric;

inline std::string num(double x, int digits = 6) { return format_number(x, digits); }

inline claim make(std::string id, std::string text, std::string source, std::string computed, verdict_kind v,
                  std::string evidence) {
  return claim{"inequalities." + std::move(id), std::move(text), std::move(source), std::move(computed), v,
               std::move(evidence), true};
}

inline const interval one(1.0);
inline const interval two(2.0);
inline interval e_const() { return bn::exp(one); }
inline interval lg(const interval& x) { return bn::log(x); }
inline interval ex(const interval& x) { return bn::exp(x); }
inline interval sq(const interval& x) { return bn::sqrt(x); }

/// delta = theta log(1+eps)/e: maps theta in (0,1) onto Lemma lem:lil's range
/// delta in (0, log(1+eps)/e).
inline interval delta_of(const interval& eps, const interval& theta) {
  return theta * prover::interval_log1p(eps) / e_const();
}

inline prover::budget budget_of(std::size_t boxes) {
  prover::budget b;
  b.max_boxes = boxes;
  return b;
}

template <std::size_t D>
verdict_kind verdict_of(const prover::result<D>& r) {
  switch (r.verdict) {
    case prover::outcome::proved: return verdict_kind::holds;
    case prover::outcome::counterexample: return verdict_kind::fails;
    default: return verdict_kind::undecided;
  }
}

/// An enclosure of B0 = 1 + log(1/log 2): every B = log(1/omega) and D = log(1/delta) on the
/// theorem's range exceeds it, since delta < log(1+eps)/e < log(2)/e.
inline interval b0_enclosure() { return one + lg(one / lg(two)); }

/// -(dq/dB) < 0 with S = A + B, i.e. dq/dB = 2 - (1 + 1/S)/(B + log 2S) > 0, on a box of (A, B):
/// the B-monotonicity step of both eq. stupidinequality (q = A + 2B - log(B + log(2(A+B)))) and
/// its repaired form (the same q minus 1), which share this derivative.
inline prover::predicate<2> q_increasing_in_b() {
  return {[](const prover::box<2>& x) {
            const interval S = x[0] + x[1];
            return -(two - (one + one / S) / (x[1] + lg(two * S)));
          },
          true};
}

/// The rows of the repaired proof (inequalities_repaired.cpp), in the record's order.
std::vector<claim> repaired_inequality_claims();

}  // namespace lilucb::verification::inequality
