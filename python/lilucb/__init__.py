"""lilucb: fixed-confidence best-arm identification around lil'UCB, from Python.

The numbers come from the C++ library (lib/include/lilucb/): every function here calls the same
code as the ``lilucb`` command, so results agree with it to the last bit.  Real arguments of
the theory functions broadcast over numpy arrays::

    import numpy as np, lilucb
    b = lilucb.lil_bound(t=np.arange(1, 10**6), eps=0.01, delta=1e-3, sigma=0.5)
    p = lilucb.params(nu=0.1)                    # the settings of `lilucb params --json`
    r = lilucb.run("lilucb-heuristic", means=lilucb.sparse_means(100), nu=0.1, seed=1)
    m = lilucb.run_many("lilucb-heuristic", means=lilucb.sparse_means(100), nu=0.1, runs=1000)

Invalid input raises :class:`DomainError` (a ``ValueError``) whose message is the CLI's one line.
"""

from __future__ import annotations

import csv as _csv
import dataclasses as _dc
import functools as _functools
import inspect as _inspect
import json as _json
import math as _math
import numbers as _numbers
import os as _os
from typing import Any, Optional, Tuple

import numpy as _np

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

DomainError.__module__ = "lilucb"


def _domain_error(function: str, parameter: str, value: str, admissible: str) -> DomainError:
    """A DomainError raised here, shaped as the core's: the message and the four attributes."""
    e = DomainError(f"{function}: {parameter} = {value}; admissible: {admissible}")
    e.function, e.parameter, e.value, e.admissible = function, parameter, value, admissible
    return e


def _is_real(x: Any) -> bool:
    """A real number as Python and numpy spell one: int (bool too), float, a numpy integer or floating
    scalar, a 0-d array of such; not a str, complex, None."""
    if isinstance(x, (str, bytes)):
        return False
    if isinstance(x, _numbers.Real):
        return True
    return isinstance(x, _np.ndarray) and x.ndim == 0 and x.dtype.kind in "biuf"


# The type each annotation of the wrappers below admits (Optional[...]: also None), and its words.
_ADMITS = {
    "float": (_is_real, "a real number (int, float or a numpy scalar)"),
    "int": (_is_real, "a whole number (int, or a real holding one)"),
    "str": (lambda x: isinstance(x, str), "a str"),
    "bool": (lambda x: isinstance(x, (bool, _np.bool_)), "a bool"),
    "dict": (lambda x: isinstance(x, dict), "a dict"),
}


def _public_signature(f: Any) -> str:
    """'lilucb.params(nu, eps=0.01, beta=1.0, n=10)': how a message names a public function."""
    shown = ", ".join(p.name if p.default is p.empty else f"{p.name}={p.default!r}"
                      for p in _inspect.signature(f).parameters.values() if p.name != "self")
    return f"lilucb.{f.__qualname__}({shown})"


def _checked(f: Any) -> Any:
    """f with the types of its arguments checked against its annotations before it calls the C++ core:
    a wrong type (a str or complex number for a real, a number for a str...) raises TypeError naming
    the public signature, never the private function f calls (``_params()``: incompatible function
    arguments).  Values (ranges, whole numbers, NaN) are the core's to check: DomainError.  Arguments
    annotated Any are checked by f or the core."""
    sig = _inspect.signature(f)
    public = _public_signature(f)
    checks = {}
    for p in sig.parameters.values():
        ann = p.annotation if isinstance(p.annotation, str) else ""
        optional = ann.startswith("Optional[")
        base = ann[len("Optional["):-1] if optional else ann
        if base in _ADMITS:
            checks[p.name] = (optional,) + _ADMITS[base]

    @_functools.wraps(f)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            bound = sig.bind(*args, **kwargs)
        except TypeError as e:
            raise TypeError(f"{public}: {e}") from None
        for name, value in bound.arguments.items():
            check = checks.get(name)
            if check is None or (value is None and check[0]):
                continue
            if not check[1](value):
                raise TypeError(f"{public}: {name} must be {check[2]}{' or None' if check[0] else ''}, "
                                f"got {type(value).__name__}")
        return f(*args, **kwargs)

    wrapper._public = public  # type: ignore[attr-defined]
    return wrapper


class _Record:
    """Mixin: ``to_dict()`` gives the nested plain-dict form (what ``--json`` prints)."""

    def to_dict(self) -> dict:
        return _dc.asdict(self)  # type: ignore[call-overload]


# ---- settings (parameters.hpp, theorem.hpp) ---------------------------------------------------


@_dc.dataclass(frozen=True)
class TheoremCheck(_Record):
    """Which hypotheses of Theorem th:lilucb a setting meets (lilucb::theorem_check)."""

    eps_in_range: bool
    beta_in_range: bool
    delta_in_range: bool
    delta_max: float
    a_min: Optional[float]
    a_sufficient: bool
    failure_bound: Optional[float]
    satisfies_theorem: bool


@_dc.dataclass(frozen=True)
class Setting(_Record):
    """A full lil'UCB setting (lilucb::lilucb_setting) and what the theorem says about it."""

    nu: float
    eps: float
    beta: float
    a: float
    delta: float
    theorem: TheoremCheck
    guarantees_nu: bool


@_dc.dataclass(frozen=True)
class CertifiedResult(_Record):
    """certified_setting's result: the setting, whether delta sits at its cap, solver iterations."""

    setting: Setting
    delta_at_cap: bool
    iterations: int


# The four settings of ``lilucb params --json`` share leading fields; each group is declared once, in a
# base whose fields come first (dataclass inheritance keeps the order, so the constructors, repr,
# to_dict and equality of the public classes are those of the flat field lists).


@_dc.dataclass(frozen=True)
class _SolvedParams(_Record):
    """The fields leading a setting whose delta is solved for nu (certified, stated_theorem): eps, beta, the
    solved delta, the exploration a, the a_min of its theorem, kappa and the failure bound."""

    eps: float
    beta: float
    delta: float
    a: float
    a_min: float
    kappa: float
    failure_bound: Optional[float]


@_dc.dataclass(frozen=True)
class _Section5Params(_Record):
    """The fields leading one of Section 5's fixed settings (paper_theory, heuristic): the setting and what
    the stated theorem and Theorem R say about it."""

    eps: float
    beta: float
    a: float
    delta: float
    a_min: Optional[float]
    failure_bound: Optional[float]
    delta_in_range: bool
    a_sufficient: bool
    satisfies_theorem: bool
    repaired_a_min: Optional[float]
    repaired_failure_bound: Optional[float]
    satisfies_repaired_theorem: bool
    guarantees_nu: bool


@_dc.dataclass(frozen=True)
class CertifiedParams(_SolvedParams):
    """The certified setting (Theorem R, docs/repaired-theorem.md) as ``lilucb params --json`` reports it."""

    delta_opt: float
    delta_nu: Optional[float]
    limited_by: str
    stated_failure_bound: Optional[float]
    satisfies_theorem: bool
    satisfies_repaired_theorem: bool
    guarantees_nu: bool
    certificate: str


@_dc.dataclass(frozen=True)
class StatedTheoremParams(_SolvedParams):
    """The setting that meets the paper's stated hypotheses (the paper's proof does not establish it)."""

    delta_at_cap: bool
    satisfies_theorem: bool
    repaired_a_min: Optional[float]
    repaired_failure_bound: Optional[float]
    guarantees_nu: bool
    certificate: str


@_dc.dataclass(frozen=True)
class PaperTheoryParams(_Section5Params):
    """Section 5's lil'UCB setting as ``lilucb params --json`` reports it."""

    rho_delta: float


@_dc.dataclass(frozen=True)
class HeuristicParams(_Section5Params):
    """Section 5's lil'UCB Heuristic as ``lilucb params --json`` reports it (no guarantee)."""

    n: int
    guarantee: bool
    note: str


@_dc.dataclass(frozen=True)
class Params(_Record):
    """The three settings for a target error probability nu: the fields of ``lilucb params --json``."""

    nu: float
    eps: float
    beta: float
    n: int
    rho: float
    gamma: float
    delta_max: float
    optimal_beta: float
    repaired_delta_max: float
    certified: CertifiedParams
    stated_theorem: StatedTheoremParams
    paper_theory: PaperTheoryParams
    heuristic: HeuristicParams


def _setting(d: dict) -> Setting:
    d = dict(d)
    d["theorem"] = TheoremCheck(**d["theorem"])
    return Setting(**d)


@_checked
def params(nu: float, eps: float = 0.01, beta: float = 1.0, n: int = 10) -> Params:
    """lil'UCB parameters for target error probability nu, as ``lilucb params --json``.

    certified: rests on Theorem R (docs/repaired-theorem.md): delta = min(the largest delta whose
    repaired failure bound is <= nu, the delta minimising the sample-bound factor), a = repaired a_min;
    stated_theorem: the largest delta whose stated failure bound sqrt(rho delta) + 4 rho delta/(1 - rho delta)
    is <= nu and a = a_min(beta, delta): meets the paper's stated hypotheses, which its proof does not establish;
    paper_theory: Section 5's eps = 0.01, beta = 1, a = 9, delta = (nu eps/(5(2+eps)))^(1/(1+eps));
    heuristic: Section 5's eps = 0, beta = 1/2, a = 1 + 10/n, delta = nu/5 (no guarantee).
    Domain: nu in (0,1), eps in (0,1), beta > 0, n a whole number >= 1.
    """
    d = _lilucb._params(nu, eps, beta, n)
    return Params(
        **{k: v for k, v in d.items() if k not in ("certified", "stated_theorem", "paper_theory", "heuristic")},
        certified=CertifiedParams(**d["certified"]),
        stated_theorem=StatedTheoremParams(**d["stated_theorem"]),
        paper_theory=PaperTheoryParams(**d["paper_theory"]),
        heuristic=HeuristicParams(**d["heuristic"]),
    )


@_checked
def paper_theory_setting(nu: float) -> Setting:
    """Section 5's lil'UCB setting: eps = 0.01, beta = 1, a = 9, delta = (nu eps/(5(2+eps)))^(1/(1+eps)),
    with the theorem's verdict on it.  Domain: nu in (0,1)."""
    return _setting(_lilucb._paper_theory_setting(nu))


@_checked
def heuristic_setting(nu: float, n: int) -> Setting:
    """Section 5's lil'UCB Heuristic: eps = 0, beta = 1/2, a = 1 + 10/n, delta = nu/5 (no guarantee).
    Domain: nu in (0,1), n a whole number >= 1."""
    return _setting(_lilucb._heuristic_setting(nu, n))


@_checked
def certified_setting(nu: float, eps: float = 0.01, beta: float = 1.0) -> CertifiedResult:
    """The largest delta in (0, log(1+eps)/e) whose failure bound sqrt(rho delta) + 4 rho delta/(1 - rho delta)
    is <= nu (TOMS 748 to full double precision), with a = a_min(beta, delta).
    Domain: nu in (0,1), eps in (0,1), beta > 0."""
    d = _lilucb._certified_setting(nu, eps, beta)
    return CertifiedResult(setting=_setting(d["setting"]), delta_at_cap=d["delta_at_cap"], iterations=d["iterations"])


@_checked
def check_theorem(eps: float, beta: float, delta: float, a: float) -> TheoremCheck:
    """Which hypotheses of Theorem th:lilucb the setting (eps, beta, delta, a) meets and its failure
    bound; never raises for out-of-range values, only for non-finite ones."""
    return TheoremCheck(**_lilucb._check_theorem(eps, beta, delta, a))


@_dc.dataclass(frozen=True)
class RepairedCheck(_Record):
    """Which hypotheses of Theorem R a setting meets (lilucb::check_repaired_theorem); ``holds``: all of them."""

    eps_in_range: bool
    beta_in_range: bool
    delta_in_range: bool
    delta_max: float
    a_min: Optional[float]
    a_sufficient: bool
    failure_bound: Optional[float]
    holds: bool


@_checked
def check_repaired_theorem(eps: float, beta: float, delta: float, a: float) -> RepairedCheck:
    """Which hypotheses of Theorem R (docs/repaired-theorem.md) the setting (eps, beta, delta, a) meets, its
    repaired a_min and failure bound (lilucb::check_repaired_theorem); never raises for out-of-range values,
    only for non-finite ones."""
    return RepairedCheck(**_lilucb._check_repaired_theorem(eps, beta, delta, a))



# ---- boundaries, crossing probabilities, calibration (boundaries/) ------------------------------

# The boundary's keyword arguments, named and defaulted as the options of `lilucb boundary`
# (None: the option not given; the CLI's boundary_spec_from applies its defaults and checks).
_BOUNDARY_DOC = """kind: lil, lil-plus2, stitched, mixture, mixture-two-sided, linear or constant; alpha: the crossing
    probability in (0,1) (the delta of Lemma lem:lil for lil and lil-plus2; required by every family but linear and
    constant); sigma > 0: the sub-Gaussian scale of one reward (default 1: the theory's unit scale, the bounds being
    stated for sigma-sub-Gaussian rewards; as the CLI); lil: eps in (0,1) (None: 0.01), inner 'lemma'
    (None) or 'plus2'; stitched: eta > 1 (None: 2), s > 1 (None: 1.4), m > 0 (None: sigma^2), c >= 0 (None: 0);
    mixtures: v_opt > 0 (None: 100 sigma^2); linear: a >= 0 (None: 1), b >= 0 (None: 0.1); constant: c >= 0
    (required).  Invalid input raises DomainError with the CLI's message; a family's argument given (not None)
    for another kind raises DomainError naming it, as the CLI refuses the option."""


@_dc.dataclass(frozen=True)
class Boundary(_Record):
    """One boundary at time t: the fields of ``lilucb boundary --json``."""

    kind: str
    t: float
    sigma: float
    alpha: Optional[float]
    stated_crossing_probability: Optional[float]
    radius: float
    width: float


@_checked
def boundary(kind: str, t: float, alpha: Optional[float] = None, sigma: float = 1.0,
             eps: Optional[float] = None, inner: Optional[str] = None, eta: Optional[float] = None,
             s: Optional[float] = None, m: Optional[float] = None, c: Optional[float] = None,
             v_opt: Optional[float] = None, a: Optional[float] = None, b: Optional[float] = None) -> Boundary:
    """An anytime boundary's radius u(t) on S_t, its width u(t)/t and its stated crossing probability at one
    time t, as ``lilucb boundary --json``.  Domain: t >= 1 and the boundary's (below).  For grids of t or alpha use :func:`boundary_radius`,
    :func:`boundary_width` and :func:`stated_crossing_probability`, which broadcast over arrays.

    """
    return Boundary(**_lilucb._boundary(kind, t, alpha, sigma, eps, inner, eta, s, m, c, v_opt, a, b))


boundary.__doc__ = (boundary.__doc__ or "") + "    " + _BOUNDARY_DOC + "\n"


@_dc.dataclass(frozen=True)
class Crossing(_Record):
    """A crossing probability P(exists t <= horizon : S_t >= u(t)) for Gaussian rewards N(0, sigma^2): the fields
    of ``lilucb crossing --json`` (probability_lower, probability_upper, estimate, tail_bound: a proven bound on
    crossing after the horizon, None where none is proven; method: how the numbers were obtained) plus the
    coarser discretisation's estimate, the finer one's bound on the mass it dropped and the resolution q (the
    finer discretisation's node spacing is min(sigma/2, 2 sigma/q), the coarser one's 1.25 times that)."""

    kind: str
    alpha: Optional[float]
    sigma: float
    horizon: int
    probability_lower: float
    probability_upper: float
    estimate: float
    coarse_estimate: float
    dropped: float
    tail_bound: Optional[float]
    resolution: int
    method: str


@_checked
def crossing_probability(kind: str, horizon: int, alpha: Optional[float] = None, sigma: float = 1.0,
                         eps: Optional[float] = None, inner: Optional[str] = None, eta: Optional[float] = None, s: Optional[float] = None,
                         m: Optional[float] = None, c: Optional[float] = None, v_opt: Optional[float] = None,
                         a: Optional[float] = None, b: Optional[float] = None, resolution: int = 4,
                         max_seconds: float = 600.0) -> Crossing:
    """P(exists t <= horizon : S_t >= u(t)) for a walk of Gaussian rewards N(0, sigma^2), as ``lilucb crossing``
    (lilucb::boundaries::crossing_probability, crossing.hpp): a Nystrom method on nodes aligned with the
    boundary, with Euler-Maclaurin end corrections, run at two different discretisations (node spacing
    min(sigma/2, 2 sigma/q) and 1.25 times that, q = resolution), reported as the finer value +- their difference
    plus a rounding allowance (a measured bracket, not a proof; about 1e-11 wide at 10^4) plus the dropped mass,
    and the family's proven tail bound beyond the horizon, so, if the measured bracket holds,
    probability_lower <= P(ever cross) <= probability_upper + tail_bound.  Domain: horizon in [1, 10^7], resolution in [1, 256] (the CLI's ranges).
    Cost grows linearly with the horizon (about 1 s of CPU at 10^5, q = 4) and with q (about linearly up to
    q = 64, 10 times from 64 to 256); runs in C++ with the GIL
    released.  Past a horizon of 1024 the time is estimated first by timing the first steps, and a computation
    estimated to take longer than max_seconds (> 0, default 600) is refused with DomainError naming horizon.

    """
    return Crossing(**_lilucb._crossing_probability(kind, horizon, alpha, sigma, eps, inner, eta, s, m, c, v_opt,
                                                     a, b, resolution, max_seconds))


crossing_probability.__doc__ = (crossing_probability.__doc__ or "") + "    " + _BOUNDARY_DOC + "\n"


@_dc.dataclass(frozen=True)
class CrossingCount(_Record):
    """Monte-Carlo crossing count: paths that crossed u(t) for some t <= horizon, out of paths."""

    crossed: int
    paths: int


@_checked
def crossing_monte_carlo(kind: str, horizon: int, alpha: Optional[float] = None, sigma: float = 1.0,
                         eps: Optional[float] = None, inner: Optional[str] = None, eta: Optional[float] = None, s: Optional[float] = None,
                         m: Optional[float] = None, c: Optional[float] = None, v_opt: Optional[float] = None,
                         a: Optional[float] = None, b: Optional[float] = None, paths: int = 10000, seed: int = 1,
                         max_seconds: float = 600.0) -> CrossingCount:
    """Simulates `paths` walks of N(0, sigma^2) rewards up to `horizon` and counts those that reach the
    boundary (lilucb::boundaries::crossing_monte_carlo, the independent check of the crossing engine): path i
    draws the normal stream (seed, i), so the count depends on nothing else.  Domain: horizon in [1, 10^7],
    paths >= 1, seed >= 0 (whole numbers).  Runs in C++ with the GIL released.  The first 1, 4, 16, ... paths
    are timed first (until 0.2 s) and a count estimated to take longer than max_seconds (> 0, default 600) is
    refused with DomainError naming paths.

    """
    return CrossingCount(**_lilucb._crossing_monte_carlo(kind, horizon, alpha, sigma, eps, inner, eta, s, m, c,
                                                         v_opt, a, b, paths, seed, max_seconds))


crossing_monte_carlo.__doc__ = (crossing_monte_carlo.__doc__ or "") + "    " + _BOUNDARY_DOC + "\n"


@_dc.dataclass(frozen=True)
class Calibration(_Record):
    """A calibrated boundary: the fields of ``lilucb calibrate --json`` (width_ratio keyed by the time t as a
    float rather than its text) plus the number of crossing computations run.  alpha: the calibrated alpha,
    whose certified crossing probability (engine upper bracket + proven tail) is ``achieved`` <= target;
    stated_alpha: the alpha whose stated probability is the target, with its certified probability
    effective_probability_at_stated_alpha; width_ratio[t] = u_calibrated(t)/u_stated(t)."""

    kind: str
    sigma: float
    target: float
    horizon: int
    stated_alpha: float
    effective_probability_at_stated_alpha: float
    alpha: float
    alpha_ratio: float
    achieved: float
    width_ratio: dict
    evaluations: int


@_checked
def calibrate(kind: str, target: float, sigma: float = 1.0, eps: Optional[float] = None, inner: Optional[str] = None,
              eta: Optional[float] = None, s: Optional[float] = None, m: Optional[float] = None, c: Optional[float] = None,
              v_opt: Optional[float] = None, a: Optional[float] = None, b: Optional[float] = None, horizon: int = 10000,
              resolution: int = 4, max_seconds: float = 600.0) -> Calibration:
    """The alpha at which a family's certified crossing probability for Gaussian rewards equals `target`, as
    ``lilucb calibrate`` (lilucb::boundaries::calibrate, calibration.hpp): the root in log alpha of
    upper(alpha; horizon) + tail(alpha; horizon) = target (TOMS 748), upper the crossing engine's upper bracket
    and tail the family's proven bound beyond the horizon.  Domain: a family indexed by alpha, target in
    (0, 1/2), horizon in [1, 10^6], resolution in [1, 64] (the CLI's ranges).  Each evaluation is a crossing
    computation to the horizon (seconds at 10^4); runs in C++ with the GIL released.  Past a horizon of 1024
    the time is estimated first (about 10 crossing computations, one timed on its first steps), and a
    calibration estimated to take longer than max_seconds (> 0, default 600) is refused with DomainError naming
    horizon.

    """
    return Calibration(**_lilucb._calibrate(kind, target, sigma, eps, inner, eta, s, m, c, v_opt, a, b, horizon,
                                            resolution, max_seconds))


calibrate.__doc__ = (calibrate.__doc__ or "") + "    " + _BOUNDARY_DOC + "\n"


# ---- characteristic time (characteristic_time.hpp) ----------------------------------------------


@_dc.dataclass(frozen=True, eq=False)
class CharacteristicTime(_Record):
    """T*(mu) and the optimal proportions w*(mu) (in the order of the means, summing to 1)."""

    t_star: float
    w_star: _np.ndarray


@_checked
def characteristic_time(means: Any, sigma: float = _lilucb.DEFAULT_SIGMA, arms: str = "gaussian") -> CharacteristicTime:
    """The characteristic time of fixed-confidence best-arm identification (Garivier & Kaufmann 2016, Lemma 3 and
    Theorem 5): T*(mu)^-1 = sup_w min_{a != 1} (w_1 + w_a) I_{w_1/(w_1+w_a)}(mu_1, mu_a), with the Gaussian
    divergence (mu - mu')^2/(2 sigma^2) (arms='gaussian') or the Bernoulli KL divergence (arms='bernoulli',
    sigma unused), and w* its maximiser; as ``lilucb hardness --arms A --sigma S`` prints t_star and w_star.
    sigma defaults to 0.5, the scale of the paper's Section 5 experiments (rewards of variance 1/4), as the CLI.
    Domain: at least two finite means with a unique largest one; sigma > 0; Bernoulli means in [0, 1].
    """
    return CharacteristicTime(**_lilucb._characteristic_time(means, sigma, arms))


# ---- runs (bandit/) -----------------------------------------------------------------------------


@_dc.dataclass(frozen=True, eq=False)
class RunResult(_Record):
    """One run: the fields of ``lilucb run --json`` (counts as a numpy array), plus the stream index
    ``run`` and, with checkpoints, the empirically best arm at each (-1: the run ended first).
    ``certified`` and ``certificate`` (the statement its guarantee rests on, or why there is none), as
    the CLI prints them, for a preset (docs/bandit.md, "The presets' certificates") as for a
    combination ("SAMPLING+STOPPING")."""

    algorithm: str
    parameters: dict
    n: int
    seed: int
    run: int
    best_arm: int
    true_best_arm: int
    correct: bool
    pulls: int
    counts: _np.ndarray
    status: str
    stopped_by: str
    checkpoints: Optional[_np.ndarray] = None
    empirical_best: Optional[_np.ndarray] = None
    certified: Optional[bool] = None
    certificate: Optional[str] = None


@_dc.dataclass(frozen=True, eq=False)
class RunManyResult(_Record):
    """Many runs, one entry per run k (stream first_run + k of seed): pulls, chosen arm, whether it is
    the best arm, whether the stopping rule fired (False: the pull budget ran out), and optionally the
    pulls per arm (runs x n) and the empirically best arm per checkpoint (runs x checkpoints, -1: not
    reached)."""

    algorithm: str
    parameters: dict
    n: int
    seed: int
    first_run: int
    true_best_arm: int
    pulls: _np.ndarray
    best_arm: _np.ndarray
    correct: _np.ndarray
    stopped: _np.ndarray
    counts: Optional[_np.ndarray] = None
    checkpoints: Optional[_np.ndarray] = None
    empirical_best: Optional[_np.ndarray] = None
    certified: Optional[bool] = None
    certificate: Optional[str] = None

    @property
    def status(self) -> _np.ndarray:
        """'stopped' or 'budget_exhausted' per run (as RunResult.status)."""
        return _np.where(self.stopped, "stopped", "budget_exhausted")

    def __len__(self) -> int:
        return int(self.pulls.shape[0])

    def rows(self) -> list:
        """One dict per run: run (its stream), pulls, best_arm, correct, stopped, status, then
        count_i per arm (with keep_counts) and best_at_c per checkpoint c (with checkpoints)."""
        out = []
        for k in range(len(self)):
            r = {"run": self.first_run + k, "pulls": int(self.pulls[k]), "best_arm": int(self.best_arm[k]),
                 "correct": bool(self.correct[k]), "stopped": bool(self.stopped[k]),
                 "status": "stopped" if self.stopped[k] else "budget_exhausted"}
            if self.counts is not None:
                r.update({f"count_{i}": int(c) for i, c in enumerate(self.counts[k])})
            if self.checkpoints is not None and self.empirical_best is not None:
                r.update({f"best_at_{int(c)}": int(b) for c, b in zip(self.checkpoints, self.empirical_best[k])})
            out.append(r)
        return out

    def to_frame(self) -> Any:
        """:meth:`rows` as a pandas DataFrame when pandas is importable, the list of dicts otherwise."""
        return _table(self.rows())

    @property
    def wrong(self) -> _np.ndarray:
        """Per run: the stopping rule fired on an arm that is not the best (a run that reached its
        budget is not counted as wrong: it gave no answer)."""
        return self.stopped & ~self.correct

    @_checked
    def summary(self, level: float = 0.95) -> dict:
        """The runs in one dict, as the experiments' summary.csv reports a cell: algorithm, runs,
        stopped, censored (budget reached), errors (wrong answers among the stopped runs),
        error_rate over the stopped runs with its exact Clopper-Pearson interval at `level`
        (error_ci_low, error_ci_high; None without a stopped run), mean_pulls and median_pulls over
        all runs (censored runs at their budget), certified."""
        if not 0 < level < 1:  # checked even when no run stopped (then level is not used)
            raise _domain_error("lilucb.RunManyResult.summary", "level", repr(level), "(0, 1)")
        stopped = int(self.stopped.sum())
        errors = int(self.wrong.sum())
        low = high = rate = None
        if stopped:
            low, high = _lilucb.clopper_pearson_interval(errors, stopped, level)
            rate = errors / stopped
        return {"algorithm": self.algorithm, "runs": len(self), "stopped": stopped, "censored": len(self) - stopped,
                "errors": errors, "error_rate": rate, "error_ci_low": low, "error_ci_high": high,
                "mean_pulls": float(self.pulls.mean()), "median_pulls": float(_np.median(self.pulls)),
                "certified": self.certified}

    def to_json(self) -> str:
        """The whole result as one JSON object (arrays as lists, counts as integers)."""
        def plain(v: Any) -> Any:
            return v.tolist() if isinstance(v, _np.ndarray) else v
        return _json.dumps({f.name: plain(getattr(self, f.name)) for f in _dc.fields(self)})


@_checked
def run(
    algorithm: str,
    means: Any,
    nu: float,
    sigma: float = _lilucb.DEFAULT_SIGMA,
    seed: int = 1,
    arms: str = "gaussian",
    max_pulls: int = _lilucb.DEFAULT_MAX_PULLS,
    inner: str = "plus2",
    run: int = 0,
    checkpoints: Any = None,
    range: Optional[tuple] = None,
    concentration: Optional[float] = None,
) -> RunResult:
    """One run of `algorithm` on arms with the given means, as ``lilucb run``.

    algorithm: a preset (one of lilucb.ALGORITHMS) or a sampling x stopping combination named as
    ``lilucb run --sampling S --stopping R`` prints it: "S+lilucb", "S+ls", "S+ls-B" (B stitched,
    mixture or calibrated) or "S+glr-T" (S one of lilucb.SAMPLING_RULES, T one of
    lilucb.GLR_THRESHOLDS), e.g. "t3c-ids+glr-pooled-per-arm"; a combination's result carries
    ``certified`` and ``certificate``.

    sigma: the Gaussian rewards' standard deviation and the widths' sub-Gaussian scale (default 0.5: the
    scale of the paper's Section 5 experiments, rewards of variance 1/4; as the CLI); arms: 'gaussian', 'bernoulli' or
    'bounded' (Beta rewards in range = (lo, hi), required with it: lo + (hi - lo) X, X ~ Beta(p k, (1 - p) k),
    p = (mean - lo)/(hi - lo), k = concentration, default 9; the means strictly inside the range; the sigma rules are
    certified there only for sigma >= (hi - lo)/2, pooled-kl and pooled-eb read the rewards rescaled to [0, 1]; as
    ``lilucb run --arms bounded --range LO,HI --concentration K``); max_pulls: pull budget (default 10^9, as the CLI: the run then
    ends as 'budget_exhausted'; 0: unlimited); inner: lil'UCB's
    inner logarithm ('plus2' or 'lemma'); seed and run: the run draws stream `run` of `seed` (the CLI
    uses run 0).  checkpoints: increasing pull counts at which to record the empirically best arm.
    The means need a unique largest value.
    """
    d = _lilucb._run(algorithm, means, nu, sigma, seed, run, arms, max_pulls, inner, checkpoints, range, concentration)
    return RunResult(**d)


@_checked
def run_many(
    algorithm: str,
    means: Any,
    nu: float,
    runs: int = 1000,
    threads: Optional[int] = None,
    sigma: float = _lilucb.DEFAULT_SIGMA,
    seed: int = 1,
    arms: str = "gaussian",
    max_pulls: int = _lilucb.DEFAULT_MAX_PULLS,
    inner: str = "plus2",
    first_run: int = 0,
    checkpoints: Any = None,
    keep_counts: bool = False,
    progress: Any = False,
    range: Optional[tuple] = None,
    concentration: Optional[float] = None,
) -> RunManyResult:
    """`runs` independent runs on C++ threads with the GIL released (threads: None or 0 for all cores).

    Run k draws stream first_run + k of `seed`, so entry k equals ``run(..., seed=seed, run=first_run + k)``
    for any thread count.  progress: False or None (none), True (a tqdm bar when tqdm is importable, else
    lines on sys.stderr) or a callable progress(done, total).  Ctrl-C stops the runs (KeyboardInterrupt).
    Other arguments as in :func:`run`.
    """
    d = _with_progress(lambda cb: _lilucb._run_many(algorithm, means, nu, sigma, seed, runs, threads, first_run, arms,
                                                    max_pulls, inner, checkpoints, keep_counts, cb, range,
                                                    concentration), progress, "run_many",
                       run_many._public)
    return RunManyResult(**d)


# ---- the ask-tell study of a real system (bandit/identification.hpp) ----------------------------


def _finite_or_none(x: Any) -> Any:
    """x with every non-finite float replaced by None, as ``--json`` prints it (nlohmann's null)."""
    if isinstance(x, float):
        return x if x == x and abs(x) != float("inf") else None
    if isinstance(x, dict):
        return {k: _finite_or_none(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_finite_or_none(v) for v in x]
    return x


class _JsonRecord(_Record):
    """Mixin: ``to_dict()`` as ``lilucb study ... --json`` prints it: a non-finite number is None."""

    def to_dict(self) -> dict:
        return _finite_or_none(_dc.asdict(self))  # type: ignore[call-overload]


@_dc.dataclass(frozen=True)
class ChallengerEvidence(_JsonRecord):
    """One challenger's evidence in a GLR-type stopping rule: the statistic of the pair (answer, arm)
    against its threshold; the rule stops when every challenger's statistic reaches its threshold."""

    arm: int
    statistic: float
    threshold: float


@_dc.dataclass(frozen=True)
class StudyAnswer(_JsonRecord):
    """A study's answer (lilucb::bandit::study_answer).  best_arm: the answer when done, the current
    leader before; best_name: its name (None without names); certified: done with a certified rule;
    certificate: the statement behind the answer (or why there is none); evidence: each challenger's
    statistic against its threshold at the stop (now, before it); evidence_note: why there is none
    (a rule that reports its decision only, or an arm without a reward yet).  ``to_dict()`` gives
    plain Python types as ``lilucb study answer --json`` prints them: a non-finite statistic (-inf
    while a challenger has no evidence yet) is None there, so ``json.dumps`` writes strict JSON."""

    best_arm: int
    best_name: Optional[str]
    done: bool
    certified: bool
    certificate: str
    evidence: list
    evidence_note: str


@_dc.dataclass(frozen=True)
class StudyStatus(_JsonRecord):
    """Where a study stands (lilucb::bandit::study_status): rewards told and asks in flight per arm,
    empirical means (0 for an arm without a reward), their totals, the stopping rule's leader, whether
    it has stopped, and remaining_estimate: T*(mu_hat) log(1/nu) - total_pulls (at least 0), None while
    an arm has no reward or the leading means tie (a rough guide, not a bound).  ``to_dict()``: plain
    Python types, as ``lilucb study status --json`` prints them."""

    pulls: list
    pending: list
    means: list
    total_pulls: int
    total_pending: int
    leader: int
    done: bool
    remaining_estimate: Optional[float]


class Identification:
    """Best-arm identification of a real system, ask-tell (lilucb::bandit::identification).

    Ask which arm to pull, pull it in the world, tell the reward; in any order, in batches, possibly
    long after the ask.  The study stops with the stopping rule's certified answer::

        s = lilucb.Identification(arms=["a", "b", "c"], model="bernoulli", nu=0.05)
        while not s.done:
            arm = s.ask()
            s.tell(arm, measure(arm))           # 0 or 1 for bernoulli
        print(s.answer())

    arms: K >= 1, or a list of K distinct names; model: 'gaussian' (rewards N(mu, sigma^2), or
    sigma-sub-Gaussian for the rules not restricted to Gaussian arms; sigma > 0 required), 'bernoulli'
    (each reward 0 or 1) or 'bounded' (rewards in range=(lo, hi); pooled-kl and pooled-eb read them
    rescaled to [0, 1], the sigma rules run with sigma = (hi - lo)/2, Hoeffding's lemma);
    nu in (0, 1): the target error probability; method: a sampling x stopping combination
    "SAMPLING+STOPPING" of the registry whose stopping rule is ls or glr (None: RECOMMENDED_BERNOULLI_METHOD,
    't3c-ids+glr-pooled-kl', for model 'bernoulli', RECOMMENDED_BOUNDED_METHOD, 't3c-ids+glr-pooled-eb', for
    model 'bounded', RECOMMENDED_METHOD, 't3c-ids+glr-pooled-per-arm', otherwise); seed: the sampling rule's random stream; names: the arms' names
    when arms is K.  A bad value raises DomainError naming the argument, a wrong type TypeError.

    The certificate (P(wrong answer) <= nu; docs/live-study.md, Proposition L) holds when the order in
    which rewards arrive never looks at the values of rewards not yet told (Condition A): measure a
    latency synchronously (ask, measure, tell), tell parallel pulls in ask order, tell a timeout as a
    reward (0) rather than dropping it.  A refused call changes nothing.  ``to_json()`` /
    ``from_json()`` (and pickle) save and load the study at any point, pulls in flight included; the
    loaded study continues exactly as the uninterrupted one.  ``load(path)`` / ``save(path)`` read and
    write the files of ``lilucb study`` (snapshot and journal), with the CLI's checks.
    """

    __slots__ = ("_study",)

    def __init__(self, arms: Any, model: str, nu: float, *, sigma: Optional[float] = None,
                 range: Optional[tuple] = None, method: Optional[str] = None, seed: int = 0,
                 names: Optional[list] = None) -> None:
        self._study = _lilucb._Identification(arms, model, nu, sigma, range, method, seed, names)

    @classmethod
    def from_json(cls, text: str, last_written: Optional[dict] = None) -> "Identification":
        """The study saved by :meth:`to_json`, its events replayed through fresh rules (so it continues
        as the saved one would have).  DomainError naming state, and saying what differs, when the text
        is not such a state (a field of the wrong type, a repeated or unknown key, an unknown version),
        its settings do not match the digest its hash chain starts from, or its events do not replay to
        the chain's head and the statistics (an edited state).  With last_written (the :meth:`history`
        of the last state saved): also when the text is older (fewer events: loading an older state
        after later rewards were seen voids the certificate) or its history differs."""
        study = cls.__new__(cls)
        study._study = _lilucb._Identification.from_json(text, last_written)
        return study

    @classmethod
    def load(cls, path: Any, last_written: Optional[dict] = None) -> "Identification":
        """The study kept in the files `lilucb study --state PATH` writes (PATH, the snapshot, and
        PATH.journal; docs/live-study.md, "The state file"), read with every check the CLI makes: the
        snapshot's digest and check, its statistics, its link to the journal, the journal's records
        after it replayed (a torn last record ignored), and the history against last_written or,
        without it, the one PATH.lock records (a rollback refused).  A version 2 JSON state file is
        read too.  DomainError naming path, saying what differs, when the files are not such a state
        or cannot be read.  Continue it with :meth:`ask` and :meth:`tell`, then :meth:`save`."""
        study = cls.__new__(cls)
        study._study = _lilucb._Identification.load(_os.fspath(path) if isinstance(path, _os.PathLike) else path,
                                                    last_written)
        return study

    def save(self, path: Any = None) -> None:
        """Commits the events since :meth:`load` (or the last save) to the study's files as `lilucb
        study tell` does, under PATH.lock: a record appended to PATH.journal and fsync'ed, the snapshot
        rewritten as the journal grows (a version 2 state is migrated).  A study made here (or by
        from_json) is saved to a path where no file exists yet, which the CLI then continues; one
        loaded or saved before goes back to its own files (path None, or the same path), refused
        when another writer changed them since.  DomainError naming path otherwise; nothing is
        written then.  A study kept in files has no :meth:`to_json` (its events are in the journal)."""
        self._study.save(_os.fspath(path) if isinstance(path, _os.PathLike) else path)

    def history(self) -> dict:
        """Where the history stands: {'events': n, 'digest': head of the SHA-256 hash chain,
        'settings_digest': its origin}.  Publish the digest with an answer: ``lilucb study verify
        --digest`` (or from_json with last_written) checks data against it."""
        return self._study.history()

    def tell_many(self, ids: Any, arms: Any, rewards: Any) -> int:
        """Rewards of asked pulls: ids (from :meth:`ask_ids`), their arms and rewards, as three
        one-dimensional sequences or numpy arrays of one length, told in that order.  Every reward is
        checked before any is counted (a refused call changes nothing); returns the number counted
        (an id told before is counted once)."""
        return self._study.tell_many(ids, arms, rewards)

    def to_json(self) -> str:
        """The versioned JSON state: the settings, every ask and tell in order, each arm's statistics."""
        return self._study.to_json()

    def __reduce__(self) -> tuple:
        return (type(self).from_json, (self.to_json(),))

    def ask(self, m: Optional[int] = None) -> Any:
        """The next arm to pull (an int), or with m, a list of m arms for pulls run in parallel (the
        pulls in flight are counted, so the batch spreads).  Domain: m in [1, 10^7]; DomainError once
        the study is done."""
        return self._study.ask(m)

    def ask_ids(self, m: Optional[int] = None) -> Any:
        """As :meth:`ask`, with each pull's id: a tuple (id, arm), or with m a list of them.  Tell the
        reward with ``tell(arm, reward, id=id)``: a retried tell of the same id is counted once."""
        return self._study.ask_ids(m)

    def tell(self, arm: Optional[int] = None, reward: Optional[float] = None, id: Optional[int] = None, *,
             name: Optional[str] = None) -> bool:
        """The reward of a pull of `arm` (always its index 0..K-1, even when the arms have names), or
        of the arm called `name` (``tell(reward=r, name="b")``; a study made with names), never both.
        With id (from :meth:`ask_ids`): that ask's reward; returns False, changing nothing, when the
        id was told before, True otherwise.  Without id: the arm's oldest ask not yet told, or, when
        none is in flight, a pull the caller chose; returns True.  Domain: arm in [0, K-1] and, with
        id, the arm asked with it; name one of the study's names; id asked; reward a finite real
        (int, float or numpy scalar; not bool), 0 or 1 for bernoulli, in range for bounded."""
        fn = "lilucb.Identification.tell"
        if name is not None:
            if arm is not None:
                raise _domain_error(fn, "name", repr(name), "arm or name, not both")
            names = self.names
            if not isinstance(name, str) or names is None or name not in names:
                raise _domain_error(fn, "name", repr(name),
                                  "one of the study's arm names" if names else "no name: this study's arms have none (give arm=INDEX)")
            arm = names.index(name)
        elif arm is None:
            raise _domain_error(fn, "arm", "None", "an arm index 0 to K-1 (or name=NAME)")
        return self._study.tell(arm, reward, id)

    @property
    def done(self) -> bool:
        """Whether the stopping rule has fired (the answer is final)."""
        return self._study.done()

    def answer(self) -> StudyAnswer:
        """The answer with its certificate and evidence (the final one once done, the leader before)."""
        d = self._study.answer()
        d["evidence"] = [ChallengerEvidence(**e) for e in d["evidence"]]
        return StudyAnswer(**d)

    def status(self) -> StudyStatus:
        """Pulls told and in flight per arm, means, leader, and a rough estimate of the pulls remaining."""
        return StudyStatus(**self._study.status())

    @property
    def method(self) -> str:
        """The combination the study runs, as the registry prints it."""
        return self._study.method()

    @property
    def arms(self) -> int:
        """K, the number of arms."""
        return self._study.settings()["arms"]

    @property
    def names(self) -> Optional[Tuple[str, ...]]:
        """The arms' names, or None."""
        return self._study.settings()["names"]

    @property
    def model(self) -> str:
        """'gaussian', 'bernoulli' or 'bounded'."""
        return self._study.settings()["model"]

    @property
    def nu(self) -> float:
        """The target error probability."""
        return self._study.settings()["nu"]

    @property
    def sigma(self) -> Optional[float]:
        """The Gaussian model's sigma (None for the other models)."""
        return self._study.settings()["sigma"]

    @property
    def range(self) -> Optional[Tuple[float, float]]:
        """The bounded model's (lo, hi) (None for the other models)."""
        return self._study.settings()["range"]

    @property
    def seed(self) -> int:
        """The seed of the sampling rule's random stream."""
        return self._study.settings()["seed"]

    def __repr__(self) -> str:
        s = self._study.settings()
        st = self._study.status()
        arms = list(s["names"]) if s["names"] is not None else s["arms"]
        extra = "".join(f", {k}={s[k]!r}" for k in ("sigma", "range") if s[k] is not None)
        return (f"lilucb.Identification(arms={arms!r}, model={s['model']!r}, nu={s['nu']!r}{extra}, "
                f"method={s['method']!r}, seed={s['seed']!r}) <{st['total_pulls']} told, "
                f"{st['total_pending']} in flight, {'done' if st['done'] else 'running'}>")


# ---- experiments and verification --------------------------------------------------------------


def _table(rows: list) -> Any:
    """A pandas DataFrame when pandas is importable, the list of dicts otherwise."""
    try:
        import pandas  # type: ignore[import]
    except ImportError:
        return rows
    return pandas.DataFrame(rows)


def _csv_value(text: str) -> Any:
    """A CSV field as the runner wrote it: '' is None, whole numbers int, other numbers float."""
    if text == "":
        return None
    try:
        return int(text)
    except ValueError:
        pass
    try:
        return float(text)
    except ValueError:
        return text


def _read_csv(path: str) -> list:
    """A CSV file written by the C++ runner as a list of dicts keyed by its own column names."""
    with open(path, newline="") as f:
        return [{k: _csv_value(v) for k, v in r.items()} for r in _csv.DictReader(f)]


@_dc.dataclass(frozen=True, eq=False)
class ExperimentResult:
    """An experiment run into ``out_dir``: how many runs it held, resumed and executed, its config,
    the plots written, ``summary``: the rows of the experiment's summary file with its column
    names (summary.csv for stopping-times and modern, anytime.csv for anytime), as a pandas DataFrame
    when pandas is importable, else a list of dicts, and ``log``: the runner's messages (notes,
    resumption, anytime windows; what ``lilucb experiment`` prints on stderr besides progress)."""

    kind: str
    out_dir: str
    total: int
    resumed: int
    executed: int
    wall_seconds: float
    notes: list
    plots: list
    config: dict
    summary: Any
    log: str = ""


def _progress_callback(progress: Any, label: str, public: str) -> Any:
    """None (no progress), a callable progress(done, total) as given, or for True a tqdm bar when
    tqdm is importable, else a line on sys.stderr (shown in a notebook cell) every 10 %."""
    if progress is None or progress is False:
        return None
    if callable(progress):
        return progress
    if progress is not True:
        raise TypeError(f"{public}: progress must be a bool, None or a callable progress(done, total), "
                        f"got {type(progress).__name__}")
    try:
        from tqdm.auto import tqdm  # type: ignore[import]
    except ImportError:
        import sys

        shown = [-1]

        def line(done: int, total: int) -> None:
            tenth = 10 * done // total
            if tenth != shown[0]:
                shown[0] = tenth
                print(f"{label}: {done}/{total} runs", file=sys.stderr, flush=True)

        return line
    return _TqdmProgress(tqdm, label)


class _TqdmProgress:
    """progress(done, total) drawing a tqdm bar, opened at the first call; close() ends it (also
    when the call stops early: Ctrl-C or an error)."""

    def __init__(self, tqdm: Any, label: str) -> None:
        self._tqdm, self._label, self._bar = tqdm, label, None

    def __call__(self, done: int, total: int) -> None:
        if self._bar is None:
            self._bar = self._tqdm(total=total, desc=self._label, unit="run")
        self._bar.update(done - self._bar.n)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()


def _with_progress(call: Any, progress: Any, label: str, public: str) -> Any:
    """call(callback) with the progress callback of `progress` (_progress_callback), closed after."""
    callback = _progress_callback(progress, label, public)
    try:
        return call(callback)
    finally:
        close = getattr(callback, "close", None)
        if close is not None and not callable(progress):
            close()


@_checked
def experiment(
    kind: str = "stopping-times",
    preset: str = "quick",
    config: Optional[dict] = None,
    out: Optional[str] = None,
    threads: int = 0,
    shard: tuple = (0, 1),
    progress: Any = False,
    plot: bool = False,
    max_seconds: Optional[float] = None,
) -> ExperimentResult:
    """Runs an experiment, as ``lilucb experiment KIND --preset P [--config F]``.

    kind: 'stopping-times', 'anytime' (Section 5 of the paper) or 'modern' (the modern methods
    against lil'UCB, certified and not); preset: 'quick' or 'paper' ('quick' or 'full' for modern);
    config: a dict with the keys of a config file (docs/reproduction-method.md) overriding the preset;
    out: the output folder (default reproduction-<preset>/<kind>; rerunning into it resumes);
    threads: 0 for all cores (results do not depend on it); shard: (I, K) runs only the runs whose
    index is I mod K; progress: False or None (none), True (a tqdm bar when tqdm is importable, else
    lines on sys.stderr) or a callable progress(done, total); plot: also draw the gnuplot figures;
    max_seconds: None (no limit) or a limit in seconds: the runs are first estimated (one timed run per
    cell) and an experiment estimated to take longer is refused (ValueError naming max_seconds, with the
    estimate) before anything is written.  Runs in C++ with the GIL released; Ctrl-C stops it (KeyboardInterrupt) with the finished runs kept in
    out, so a rerun resumes.
    """
    if out is None:
        out = _os.path.join("reproduction-" + preset, kind)
    cfg = "" if config is None else _json.dumps(config)
    if not isinstance(shard, (tuple, list)) or len(shard) != 2:
        raise TypeError(f"{experiment._public}: shard must be a pair (I, K) of whole numbers, got {type(shard).__name__}"
                        + ("" if not isinstance(shard, (tuple, list)) else f" of length {len(shard)}"))
    for position, x in enumerate(shard):
        if not _is_real(x):
            raise TypeError(f"{experiment._public}: shard[{position}] must be a whole number, got {type(x).__name__}")
    i, k = shard
    if max_seconds is not None and not _is_real(max_seconds):
        raise TypeError(f"{experiment._public}: max_seconds must be a number or None, got {type(max_seconds).__name__}")
    limit = _math.inf if max_seconds is None else max_seconds
    d = _with_progress(lambda cb: _lilucb._experiment(kind, preset, cfg, out, threads, i, k, cb, plot, limit), progress,
                       kind, experiment._public)
    rows = _read_csv(_os.path.join(out, "anytime.csv" if kind == "anytime" else "summary.csv"))
    return ExperimentResult(kind=kind, out_dir=d["out_dir"], total=d["total"], resumed=d["resumed"],
                            executed=d["executed"], wall_seconds=d["wall_seconds"], notes=list(d["notes"]),
                            plots=list(d["plots"]), config=d["config"], summary=_table(rows), log=d["log"])


@_checked
def verify(quick: bool = True, only: Optional[str] = None, seed: int = 20261126, threads: int = 0) -> list:
    """Checks the paper's claims, as ``lilucb verify --quick|--full [--only NAME] --json``: a list of
    dicts with the keys id, claim, source, computed, verdict, evidence.  ``verify_checks()`` lists the
    names `only` takes.  Runs in C++ with the GIL released; results do not depend on `threads`."""
    return _json.loads(_lilucb._verify(quick, only, seed, threads))


@_checked
def verify_checks() -> list:
    """(name, description) of every verification check, in the claims table's order."""
    return [tuple(c) for c in _lilucb._verify_checks()]


__all__ = sorted(name for name, value in globals().items()
                 if not name.startswith("_") and name not in ("Any", "Optional", "Tuple", "annotations"))
