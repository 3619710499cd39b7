#pragma once
// Labels whose truth depends on what is proven, kept in one place so that a change of what is
// proven is a one-line change here (docs/verification.md, rubric R5).

namespace lilucb::verification {

/// What `lilucb-certified` (certified_setting) rests on: Theorem R, the repaired correctness part
/// of Theorem th:lilucb (docs/repaired-theorem.md), whose every changed inequality is proved by
/// the interval prover (rows inequalities.*-repaired) and whose failure bound uses the finite-LIL
/// lemma's proven failure probability (with the t = 1 term, F1).  It bounds P(wrong answer) by nu;
/// the paper's sample bound (Lemma lem:1's sub-exponential step) is not re-proved.  The paper's
/// stated-theorem setting (stated_theorem_setting) meets the stated hypotheses only (F4, F10, F11).
inline constexpr const char* certified_basis =
    "rests on Theorem R (docs/repaired-theorem.md): P(wrong) <= nu is proven and machine-checked; the sample "
    "bound is not re-proved";

/// Whether a complete, machine-checked argument supports certified_setting's guarantee (rubric R5).
inline constexpr bool certified_argument_complete = true;

}  // namespace lilucb::verification
