#pragma once
// The rubric: the one place that maps measured quantities to a verdict (docs/verification.md,
// "The rubric").  Every row of `lilucb verify` takes its verdict from one of these functions, so
// the same kind of evidence gets the same verdict in every check.
//
//   R1 proof         an inequality or step, machine-checked by the interval prover: holds when
//                    proved on the stated domain; holds with caveat when proved only on a smaller
//                    domain that contains every point where the paper uses it; fails on a
//                    counterexample in the domain of use; undecided otherwise.
//   R2 form          a stated constant, asymptotic form or approximation "X ~ f": judged on the
//                    limit ratio X/f (in the limit the statement is about) with the tolerance
//                    form_tolerance: fails when the limit is outside it; holds when the ratio is
//                    inside it over the whole range the paper uses as well; holds with caveat
//                    when only the limit is.  A statement whose paper gives two readings of a
//                    parameter is judged under each; it holds with caveat when it holds under one
//                    of them only (the row names which).
//   R3 correction    "the statement is what its proof establishes": with r the largest ratio of
//                    the proof's quantity to the stated one at the points of use, holds when
//                    r <= 1, holds with caveat when r <= 1 + form_tolerance (a gap that changes
//                    the stated number by at most the tolerance), fails otherwise.
//   R4 rate          a probability bound P <= p0 from independent runs, with L and U the exact
//                    one-sided Clopper–Pearson bounds of P at level mc_alpha (U counting every
//                    run whose outcome the simulation left open, e.g. budget hits) and t >= 0 a
//                    bound on what the simulation does not cover (a horizon's tail): fails when
//                    L > p0; holds when U + t <= p0 (the runs show the bound); holds with caveat
//                    when U <= p0 < U + t; undecided otherwise (consistent, not shown).
//   R5 setting       a parameter setting "guarantees error <= nu": holds only when a complete,
//                    machine-checked argument supports it at that setting; holds with caveat
//                    when it meets the hypotheses of a statement whose proof has a gap that is
//                    not shown to matter at the setting; fails when it misses a hypothesis, or
//                    when a gap is shown to matter there (the proof's own condition fails).
//   R6 experiment    a qualitative statement about Section 5's experiments, decided per cell
//                    (scenario, n) from the committed reproduction data: holds when every cell
//                    agrees, holds with caveat when at least half the cells agree (or every cell
//                    agrees with a weaker reading named by the row), fails otherwise; undecided
//                    when no cell decides.
//   R7 finding       a measurement about something the paper does not claim (e.g. the
//                    heuristic's worst error rate): not a verdict on the paper.  The row states
//                    what the paper does say and holds when the measurement is consistent with
//                    it; it is undecided when the measurement shows nothing.

#include "lilucb_verification/claim.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>

namespace lilucb::verification {

/// R2 and R3: a stated number or form is right when its ratio to the computed one is within 10%.
inline constexpr double form_tolerance = 0.10;
/// R4: the level of every exact one-sided Monte-Carlo test.
inline constexpr double mc_alpha = 1e-6;

/// R1.  `proved_on_domain`: proved on the stated domain; `proved_where_used`: proved on a smaller
/// domain containing every point of use; `counterexample`: a certain counterexample where used.
verdict_kind judge_proof(bool proved_on_domain, bool proved_where_used, bool counterexample);

/// R2.  `limit_ratio`: the ratio in the statement's limit; `range_lo`, `range_hi`: the ratio's
/// extremes over the range the paper uses.  Domain: finite ratios (else lilucb::domain_error).
verdict_kind judge_form(double limit_ratio, double range_lo, double range_hi);

/// R3.  `worst_ratio`: the largest proof/stated ratio at the points of use (> 0).
verdict_kind judge_correction(double worst_ratio);

/// R4.  `lower`, `upper`: the exact one-sided bounds of the probability at level mc_alpha;
/// `p0` the claimed bound; `uncovered` >= 0 what the simulation does not cover.  Domain:
/// 0 <= lower <= upper <= 1, p0 finite >= 0 (else lilucb::domain_error).
verdict_kind judge_rate(double lower, double upper, double p0, double uncovered = 0);

/// R5.  `meets_hypotheses`: the statement's hypotheses hold at the setting; `argument_complete`:
/// every step the guarantee uses is machine-checked there; `gap_matters`: a step is shown to fail
/// at the setting.
verdict_kind judge_setting(bool meets_hypotheses, bool argument_complete, bool gap_matters);

/// R6.  `agree` cells of `cells` agree, `decided` of them are decided; `weaker_everywhere`: every
/// cell agrees with the weaker reading the row names.
verdict_kind judge_cells(std::size_t agree, std::size_t decided, std::size_t cells, bool weaker_everywhere = false);

/// R7.  `consistent`: the measurement agrees with what the paper says; `shows_something`: the
/// measurement found what it looked for (e.g. a failure with a positive lower bound).
verdict_kind judge_finding(bool consistent, bool shows_something);

}  // namespace lilucb::verification
