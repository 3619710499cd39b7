"""The theory's settings and quantities that come as records: lil'UCB's parameters for a target error
probability (``lilucb params``; parameters.hpp), the theorems' verdicts on a setting (theorem.hpp,
repaired_theorem.hpp), and the characteristic time T*(mu) (characteristic_time.hpp).  The theory's
formulas of reals (lil_bound, rho, a_min, ...) are the extension's own functions (lilucb._lilucb)."""

from __future__ import annotations

import dataclasses as _dc
from typing import Any, Optional, Tuple

import numpy as _np
import numpy.typing as _npt

from . import _lilucb
from ._common import ArrayLike, Real, _checked, _model_or_old_name, _naming_old_name, _Record

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
    """The three settings for a target error probability nu: the fields of ``lilucb params --json``.
    A quantity a setting does not have (a failure bound where the theorem's conditions fail, a minimal
    a where none exists) is None here and left out of the CLI's JSON."""

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

    def section(cls: Any, fields: dict) -> Any:
        # The JSON leaves out what does not apply; the record keeps the attribute, as None.
        return cls(**{f.name: fields.get(f.name) for f in _dc.fields(cls)})

    return Params(
        **{k: v for k, v in d.items() if k not in ("certified", "stated_theorem", "paper_theory", "heuristic")},
        certified=section(CertifiedParams, d["certified"]),
        stated_theorem=section(StatedTheoremParams, d["stated_theorem"]),
        paper_theory=section(PaperTheoryParams, d["paper_theory"]),
        heuristic=section(HeuristicParams, d["heuristic"]),
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


# ---- characteristic time (characteristic_time.hpp) ----------------------------------------------


@_dc.dataclass(frozen=True, eq=False)
class CharacteristicTime(_Record):
    """T*(mu) and the optimal proportions w*(mu) (in the order of the means, summing to 1)."""

    t_star: float
    w_star: _npt.NDArray[_np.float64]


@_checked
def characteristic_time(means: ArrayLike, sigma: float = _lilucb.DEFAULT_SIGMA, model: str = "gaussian",
                        range: Optional[Tuple[Real, Real]] = None, concentration: Optional[float] = None, *,
                        arm_sigmas: Optional[ArrayLike] = None, unknown_variance: bool = False,
                        arms: Optional[str] = None) -> CharacteristicTime:
    """The characteristic time of fixed-confidence best-arm identification (Garivier & Kaufmann 2016, Lemma 3 and
    Theorem 5): T*(mu)^-1 = sup_w min_{a != 1} (w_1 + w_a) I_{w_1/(w_1+w_a)}(mu_1, mu_a), with the Gaussian
    divergence (mu - mu')^2/(2 sigma^2) (model='gaussian'), the Bernoulli KL divergence (model='bernoulli',
    sigma unused), or for model='bounded' the divergence of Beta laws of `concentration` (default 9) on
    range = (lo, hi) (required; the lower bound then holds for every method correct on that family, so for
    one certified for every law in the range), and w* its maximiser; as ``lilucb hardness --model M --sigma S``
    (``--range LO,HI --concentration K``) prints t_star and w_star.
    sigma defaults to 0.5, the scale of the paper's Section 5 experiments (rewards of variance 1/4), as the CLI.
    arm_sigmas (model='gaussian'): one standard deviation per arm, read instead of sigma (Gaussian arms of
    different known variances, divergence (mu_a - mu')^2/(2 sigma_a^2); as ``lilucb hardness --arm-sigmas``).
    unknown_variance=True (model='gaussian'): T* and w* of Gaussian arms whose variances the method does not
    know, at the arms' standard deviations arm_sigmas (default sigma for every arm), with the divergence
    (1/2) log(1 + (mu_a - mu')^2/sigma_a^2) (Jourdan, Degenne & Kaufmann 2023; docs/bandit.md, "T* of Gaussian
    arms of unknown variances"): at least the known-variance T*; bai_lower_bound(t_star, delta) then bounds the
    expected pulls of every method correct for Gaussian arms of unknown variances; as ``lilucb hardness
    --sigma unknown --arm-sigmas S1,...,SK`` prints t_star and w_star.
    Domain: at least two finite means with a unique largest one; sigma > 0 (checked also where unused);
    Bernoulli means in [0, 1]; bounded means strictly inside the range, concentration > 0; arm_sigmas one per
    mean, each > 0 finite; arm_sigmas and unknown_variance=True with model='gaussian' only.
    arms: the old name of model, still accepted with a DeprecationWarning.
    """
    model = _model_or_old_name(characteristic_time._public, model, arms)
    with _naming_old_name(arms):
        return CharacteristicTime(**_lilucb._characteristic_time(means, sigma, model, range, concentration, arm_sigmas,
                                                                 unknown_variance))


@_dc.dataclass(frozen=True, eq=False)
class EpsilonCharacteristicTime(_Record):
    """T*_eps(mu), the optimal proportions w* of the answer that attains it, and that answer."""

    t_star: float
    w_star: _npt.NDArray[_np.float64]
    answer: int


@_checked
def characteristic_time_epsilon(means: ArrayLike, epsilon: float, sigma: float = _lilucb.DEFAULT_SIGMA,
                                model: str = "gaussian", relative: bool = False, *,
                                arms: Optional[str] = None) -> EpsilonCharacteristicTime:
    """The characteristic time of epsilon-good identification (Garivier & Kaufmann 2021; Jourdan, Degenne &
    Kaufmann 2023): T*_eps(mu)^-1 = max over epsilon-good answers i of max_w min_{j != i} C_eps(i, j; w), the cost
    of the alternative "j beats i by the target" (mu_j >= mu_i + eps, or (1 - eps) mu_j >= mu_i with
    relative=True), Gaussian (model='gaussian', sigma) or Bernoulli (model='bernoulli'; arms is its old name); finite on ties.  Every
    delta-correct epsilon-good method that returns one fixed arm needs E[tau] >= T*_eps kl(delta, 1 - delta)
    (bai_lower_bound(t_star, delta)), and asymptotically every one (Degenne & Koolen 2019).
    Domain: at least two finite means (a unique largest one at epsilon = 0); epsilon >= 0 finite, < 1 with
    relative=True or Bernoulli arms; relative needs means >= 0, not all 0; sigma > 0; Bernoulli means in [0, 1].
    """
    model = _model_or_old_name(characteristic_time_epsilon._public, model, arms)
    with _naming_old_name(arms):
        return EpsilonCharacteristicTime(**_lilucb._characteristic_time_epsilon(means, epsilon, sigma, model, relative))
