# Type stub of the lilucb package (C++ core lilucb._lilucb plus lilucb/__init__.py), so that
# editors complete names and arguments.  Real arguments typed ArrayLike broadcast over numpy
# arrays; such functions return a float for scalar arguments and an ndarray otherwise.
from dataclasses import dataclass
from typing import Any, Optional, Sequence, Tuple, Union, overload

import numpy as np
import numpy.typing as npt

ArrayLike = npt.ArrayLike
FloatOrArray = Union[float, npt.NDArray[np.float64]]
OptFloatOrArray = Union[Optional[float], npt.NDArray[np.float64]]

__version__: str
ALGORITHMS: Tuple[str, ...]

class DomainError(ValueError):
    function: str
    parameter: str
    value: str
    admissible: str

# ---- theory (finite_lil.hpp, ls_bound.hpp, theorem.hpp, clopper_pearson.hpp) ----
def parse_inner_log(inner: str) -> str: ...
def inner_log_offset(inner: str = "plus2") -> float: ...
def lil_delta_max(eps: ArrayLike, inner: str = "plus2") -> FloatOrArray: ...
def lil_bound(t: ArrayLike, eps: ArrayLike, delta: ArrayLike, sigma: ArrayLike = 1.0, inner: str = "plus2") -> FloatOrArray: ...
def lil_width(t: ArrayLike, eps: ArrayLike, delta: ArrayLike, sigma: ArrayLike = 1.0, inner: str = "plus2") -> FloatOrArray: ...
def lil_failure_probability(eps: ArrayLike, delta: ArrayLike, inner: str = "plus2") -> FloatOrArray: ...
def lil_delta_for_failure_probability(eps: ArrayLike, p: ArrayLike, inner: str = "plus2") -> FloatOrArray: ...
def lil_failure_probability_proof(eps: ArrayLike, delta: ArrayLike) -> FloatOrArray: ...
def ls_bound(t: ArrayLike, eps: ArrayLike, delta: ArrayLike, sigma: ArrayLike, n: ArrayLike) -> FloatOrArray: ...
def ls_failure_probability(eps: ArrayLike, delta: ArrayLike) -> FloatOrArray: ...
def ls_failure_probability_union(eps: ArrayLike, delta: ArrayLike, n: ArrayLike) -> FloatOrArray: ...
def ls_delta_for_failure_probability(eps: ArrayLike, p: ArrayLike) -> FloatOrArray: ...
def rho(eps: ArrayLike) -> FloatOrArray: ...
def gamma(beta: ArrayLike, eps: ArrayLike) -> FloatOrArray: ...
def exploration_ratio(beta: ArrayLike) -> FloatOrArray: ...
def kappa(beta: ArrayLike, delta: ArrayLike) -> FloatOrArray: ...
def a_min_denominator(delta: ArrayLike) -> FloatOrArray: ...
def a_min(beta: ArrayLike, delta: ArrayLike) -> OptFloatOrArray: ...
def a_min_proof(beta: ArrayLike, delta: ArrayLike, eps: ArrayLike) -> OptFloatOrArray: ...
def theorem_failure_bound(eps: ArrayLike, delta: ArrayLike) -> OptFloatOrArray: ...
def lemma1_success_probability(eps: ArrayLike, delta: ArrayLike) -> OptFloatOrArray: ...
def lemma2_success_probability(eps: ArrayLike, delta: ArrayLike) -> OptFloatOrArray: ...
def leading_constant(beta: ArrayLike) -> FloatOrArray: ...
def optimal_beta() -> float: ...
def clopper_pearson_lower(k: int, m: int, alpha: float) -> float: ...
def clopper_pearson_upper(k: int, m: int, alpha: float) -> float: ...

# ---- instance quantities and scenarios (instance.hpp, bandit/scenarios.hpp) ----
def best_arm(means: ArrayLike) -> int: ...
def gaps(means: ArrayLike) -> npt.NDArray[np.float64]: ...
def hardness_h1(means: ArrayLike) -> float: ...
def hardness_h3(means: ArrayLike) -> float: ...
def lemma1_bound(means: ArrayLike, eps: float, beta: float, delta: float) -> float: ...
def lemma1_bound_proof(means: ArrayLike, eps: float, beta: float, delta: float) -> float: ...
def total_samples_bound(suboptimal_pulls_bound: ArrayLike, a: ArrayLike) -> FloatOrArray: ...
def farrell_lower_bound(means: ArrayLike, delta: float) -> float: ...
def sparse_means(n: int, gap: float = 0.5) -> npt.NDArray[np.float64]: ...
def alpha_means(n: int, alpha: float) -> npt.NDArray[np.float64]: ...

# ---- settings (parameters.hpp) ----
class _Record:
    def to_dict(self) -> dict: ...

@dataclass(frozen=True)
class TheoremCheck(_Record):
    eps_in_range: bool
    beta_in_range: bool
    delta_in_range: bool
    delta_max: float
    a_min: Optional[float]
    a_sufficient: bool
    failure_bound: Optional[float]
    satisfies_theorem: bool

@dataclass(frozen=True)
class Setting(_Record):
    nu: float
    eps: float
    beta: float
    a: float
    delta: float
    theorem: TheoremCheck
    guarantees_nu: bool

@dataclass(frozen=True)
class CertifiedResult(_Record):
    setting: Setting
    delta_at_cap: bool
    iterations: int

@dataclass(frozen=True)
class CertifiedParams(_Record):
    eps: float
    beta: float
    delta: float
    a: float
    a_min: float
    kappa: float
    failure_bound: Optional[float]
    delta_opt: float
    delta_nu: Optional[float]
    limited_by: str
    stated_failure_bound: Optional[float]
    satisfies_theorem: bool
    satisfies_repaired_theorem: bool
    guarantees_nu: bool
    certificate: str

@dataclass(frozen=True)
class StatedTheoremParams(_Record):
    eps: float
    beta: float
    delta: float
    a: float
    a_min: float
    kappa: float
    failure_bound: Optional[float]
    delta_at_cap: bool
    satisfies_theorem: bool
    repaired_a_min: Optional[float]
    repaired_failure_bound: Optional[float]
    guarantees_nu: bool
    certificate: str

@dataclass(frozen=True)
class PaperTheoryParams(_Record):
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
    rho_delta: float

@dataclass(frozen=True)
class HeuristicParams(_Record):
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
    n: int
    guarantee: bool
    note: str

@dataclass(frozen=True)
class Params(_Record):
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

def params(nu: float, eps: float = 0.01, beta: float = 1.0, n: int = 10) -> Params: ...
def paper_theory_setting(nu: float) -> Setting: ...
def heuristic_setting(nu: float, n: int) -> Setting: ...
def certified_setting(nu: float, eps: float = 0.01, beta: float = 1.0) -> CertifiedResult: ...
def check_theorem(eps: float, beta: float, delta: float, a: float) -> TheoremCheck: ...

# ---- runs (bandit/) ----
@dataclass(frozen=True, eq=False)
class RunResult(_Record):
    algorithm: str
    parameters: dict
    n: int
    seed: int
    run: int
    best_arm: int
    true_best_arm: int
    correct: bool
    pulls: int
    counts: npt.NDArray[np.uint64]
    status: str
    stopped_by: str
    checkpoints: Optional[npt.NDArray[np.uint64]] = ...
    empirical_best: Optional[npt.NDArray[np.int64]] = ...

@dataclass(frozen=True, eq=False)
class RunManyResult(_Record):
    algorithm: str
    parameters: dict
    n: int
    seed: int
    first_run: int
    true_best_arm: int
    pulls: npt.NDArray[np.uint64]
    best_arm: npt.NDArray[np.int64]
    correct: npt.NDArray[np.bool_]
    stopped: npt.NDArray[np.bool_]
    counts: Optional[npt.NDArray[np.uint64]] = ...
    checkpoints: Optional[npt.NDArray[np.uint64]] = ...
    empirical_best: Optional[npt.NDArray[np.int64]] = ...
    @property
    def status(self) -> npt.NDArray[np.str_]: ...
    def __len__(self) -> int: ...

def run(algorithm: str, means: ArrayLike, nu: float, sigma: float = 0.5, seed: int = 1, arms: str = "gaussian",
        max_pulls: int = 0, inner: str = "plus2", run: int = 0, checkpoints: Optional[ArrayLike] = None) -> RunResult: ...
def run_many(algorithm: str, means: ArrayLike, nu: float, runs: int = 1000, threads: Optional[int] = None,
             sigma: float = 0.5, seed: int = 1, arms: str = "gaussian", max_pulls: int = 0, inner: str = "plus2",
             first_run: int = 0, checkpoints: Optional[ArrayLike] = None, keep_counts: bool = False) -> RunManyResult: ...

# ---- experiments and verification ----
@dataclass(frozen=True, eq=False)
class ExperimentResult:
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

def experiment(kind: str = "stopping-times", preset: str = "quick", config: Optional[dict] = None,
               out: Optional[str] = None, threads: int = 0, shard: Tuple[int, int] = (0, 1),
               progress: bool = False, plot: bool = False) -> ExperimentResult: ...
def verify(quick: bool = True, only: Optional[str] = None, seed: int = 20261126, threads: int = 0) -> list[dict]: ...
def verify_checks() -> list[Tuple[str, str]]: ...
