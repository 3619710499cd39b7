"""lilucb: fixed-confidence best-arm identification around lil'UCB, from Python.

The numbers come from the C++ library (lib/include/lilucb/): every function here calls the same
code as the ``lilucb`` command, so results agree with it to the last bit.  Real arguments of
the theory functions broadcast over numpy arrays::

    import numpy as np, lilucb
    b = lilucb.lil_bound(t=np.arange(1, 10**6), eps=0.01, delta=1e-3, sigma=0.5)
    p = lilucb.params(nu=0.1)                    # the settings of `lilucb params --json`
    r = lilucb.run("lilucb-heuristic", means=lilucb.sparse_means(100), nu=0.1, seed=1)
    m = lilucb.run_many("lilucb-heuristic", means=lilucb.sparse_means(100), nu=0.1, runs=1000)

Invalid input raises :class:`DomainError` (a ``ValueError``) whose message is the CLI's one line;
a file or folder that cannot be read or written (an experiment's output folder that is a file, a
full disk) raises :class:`FileError` (an ``OSError``, the CLI's exit status 3).

The package's modules, by area: ``theory`` (settings for a target error probability, the theorems'
verdicts, the characteristic time), ``boundaries`` (boundaries, crossing probabilities, calibration),
``bandit`` (runs), ``study`` (the ask-tell Identification), ``experiments`` (experiments and
verification); the compiled core ``_lilucb`` holds the functions of reals and the constants.  Every
public name is re-exported here: ``lilucb.params``, ``lilucb.Identification``.
"""

from __future__ import annotations

import types as _types

from . import _lilucb
from ._lilucb import (  # noqa: F401  (re-exported)
    ALGORITHMS,
    DEFAULT_MAX_PULLS,
    DEFAULT_SIGMA,
    GLR_THRESHOLDS,
    LS_BOUNDARIES,
    RECOMMENDED_BERNOULLI_METHOD,
    RECOMMENDED_BOUNDED_METHOD,
    RECOMMENDED_METHOD,
    SAMPLING_RULES,
    STOPPING_RULES,
    DomainError,
    FileError,
    __version__,
    a_min,
    a_min_denominator,
    a_min_proof,
    alpha_means,
    bai_lower_bound,
    bernoulli_kl,
    best_arm,
    binomial_critical_count,
    binomial_test_rejects,
    boundary_radius,
    boundary_tail_bound,
    boundary_width,
    brownian_linear_crossing_probability,
    clopper_pearson_interval,
    clopper_pearson_lower,
    clopper_pearson_upper,
    exploration_ratio,
    farrell_lower_bound,
    fixed_point_stopping_time,
    gamma,
    gaps,
    glr_threshold_gaussian,
    glr_threshold_heuristic,
    hardness_h1,
    hardness_h3,
    inner_log_offset,
    kappa,
    kk_calibration_gaussian,
    kk_g_gaussian,
    kl_delta,
    leading_constant,
    lemma1_bound,
    lemma1_bound_proof,
    lemma1_success_probability,
    lemma2_success_probability,
    lil_bound,
    lil_delta_for_failure_probability,
    lil_delta_max,
    lil_failure_probability,
    lil_failure_probability_proof,
    lil_tail_probability,
    lil_width,
    linear_radius,
    linear_tail_probability,
    ls_bound,
    ls_delta_for_failure_probability,
    ls_failure_probability,
    ls_failure_probability_union,
    normal_mixture_log_supermartingale,
    normal_mixture_radius,
    normal_mixture_rho,
    normal_mixture_tail_probability,
    optimal_beta,
    parse_inner_log,
    repaired_a_min,
    repaired_alpha,
    repaired_delta_max,
    repaired_failure_bound,
    repaired_kappa,
    repaired_sample_factor,
    rho,
    sparse_means,
    stated_alpha_for,
    stated_crossing_probability,
    stitched_radius,
    stitched_tail_probability,
    theorem_failure_bound,
    total_samples_bound,
)

from .bandit import Rule, RunManyResult, RunResult, UncertifiedWarning, plan, rules, run, run_many
from .boundaries import (Boundary, Calibration, Crossing, CrossingCount, boundary, calibrate, crossing_monte_carlo,
                         crossing_probability)
from .experiments import Claims, ExperimentResult, experiment, verify, verify_checks
from .study import ChallengerEvidence, Identification, StudyAnswer, StudyStatus
from .theory import (
    CertifiedParams,
    CertifiedResult,
    CharacteristicTime,
    EpsilonCharacteristicTime,
    HeuristicParams,
    PaperTheoryParams,
    Params,
    RepairedCheck,
    Setting,
    StatedTheoremParams,
    TheoremCheck,
    certified_setting,
    characteristic_time,
    characteristic_time_epsilon,
    check_repaired_theorem,
    check_theorem,
    heuristic_setting,
    paper_theory_setting,
    params,
)

DomainError.__module__ = "lilucb"
FileError.__module__ = "lilucb"

# The public surface: every name imported above (the modules of the package are reached as lilucb.theory...).
__all__ = sorted(name for name, value in globals().items()
                 if not name.startswith("_") and not isinstance(value, _types.ModuleType) and name != "annotations")
