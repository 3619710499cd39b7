"""Anytime boundaries as records (boundaries/; `lilucb boundary`, `crossing`, `calibrate`): one
boundary at one time, the crossing probability of a Gaussian walk (numerical bracket and Monte Carlo),
and the calibrated alpha.  The boundaries' broadcasting functions (boundary_radius, stitched_radius,
...) are the extension's own (lilucb._lilucb)."""

from __future__ import annotations

import dataclasses as _dc
from typing import Dict, Optional

from . import _lilucb
from ._common import _checked, _Record

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
    width_ratio: Dict[float, float]
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
