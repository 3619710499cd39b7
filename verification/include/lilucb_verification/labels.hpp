#pragma once
// Labels whose truth depends on what is proven, kept in one place so that a change of what is
// proven is a one-line change here (docs/verification.md, rubric R5).

namespace lilucb::verification {

/// What `lilucb-certified` (certified_setting: the largest delta whose stated failure bound is
/// <= nu, a = the stated a_min) rests on.  It meets Theorem th:lilucb's stated hypotheses; the
/// paper's proof does not establish the theorem there: the proof's condition on a uses rho delta
/// (F4, row inequalities.theorem-condition-a), eq. stupidinequality2 fails for s near 1 (F11) and
/// Lemma lem:2's last display fails for small rho delta (F10).
inline constexpr const char* certified_basis =
    "meets Theorem th:lilucb's stated hypotheses; the paper's proof does not establish the theorem at this setting "
    "(docs/findings.md F4, F10, F11)";

/// Whether a complete, machine-checked argument supports certified_setting's guarantee (rubric R5).
inline constexpr bool certified_argument_complete = false;

}  // namespace lilucb::verification
