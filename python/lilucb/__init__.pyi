# Type stub of the lilucb package (C++ core lilucb._lilucb plus lilucb/__init__.py), so that
# editors complete names and arguments.  Real arguments typed ArrayLike broadcast over numpy
# arrays; such functions return a float for scalar arguments and an ndarray otherwise.
from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Literal, Optional, Sequence, Tuple, Union, overload

import numpy as np
import numpy.typing as npt

ArrayLike = npt.ArrayLike
FloatOrArray = Union[float, npt.NDArray[np.float64]]
OptFloatOrArray = Union[Optional[float], npt.NDArray[np.float64]]

__version__: str
ALGORITHMS: Tuple[str, ...]
DEFAULT_SIGMA: float
DEFAULT_MAX_PULLS: int
SAMPLING_RULES: Tuple[str, ...]
STOPPING_RULES: Tuple[str, ...]
GLR_THRESHOLDS: Tuple[str, ...]
LS_BOUNDARIES: Tuple[str, ...]
RECOMMENDED_METHOD: str
RECOMMENDED_BERNOULLI_METHOD: str
RECOMMENDED_BOUNDED_METHOD: str

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
def clopper_pearson_interval(k: int, m: int, level: float) -> Tuple[float, float]: ...
def binomial_test_rejects(k: int, m: int, nu: float, alpha: float) -> bool: ...
def binomial_critical_count(trials: int, p: float, alpha: float, bound: str = "lower_exceeds") -> int: ...

# ---- Theorem R (repaired_theorem.hpp) ----
def repaired_delta_max(eps: ArrayLike) -> FloatOrArray: ...
def repaired_kappa(beta: ArrayLike, delta: ArrayLike, eps: ArrayLike) -> FloatOrArray: ...
def repaired_a_min(beta: ArrayLike, delta: ArrayLike, eps: ArrayLike) -> FloatOrArray: ...
def repaired_alpha(eps: ArrayLike, delta: ArrayLike) -> FloatOrArray: ...
def repaired_failure_bound(eps: ArrayLike, delta: ArrayLike) -> OptFloatOrArray: ...
def repaired_sample_factor(beta: ArrayLike, delta: ArrayLike, eps: ArrayLike) -> FloatOrArray: ...

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
class _SolvedParams(_Record):
    eps: float
    beta: float
    delta: float
    a: float
    a_min: float
    kappa: float
    failure_bound: Optional[float]

@dataclass(frozen=True)
class _Section5Params(_Record):
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

@dataclass(frozen=True)
class CertifiedParams(_SolvedParams):
    delta_opt: float
    delta_nu: Optional[float]
    limited_by: str
    stated_failure_bound: Optional[float]
    satisfies_theorem: bool
    satisfies_repaired_theorem: bool
    guarantees_nu: bool
    certificate: str

@dataclass(frozen=True)
class StatedTheoremParams(_SolvedParams):
    delta_at_cap: bool
    satisfies_theorem: bool
    repaired_a_min: Optional[float]
    repaired_failure_bound: Optional[float]
    guarantees_nu: bool
    certificate: str

@dataclass(frozen=True)
class PaperTheoryParams(_Section5Params):
    rho_delta: float

@dataclass(frozen=True)
class HeuristicParams(_Section5Params):
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

@dataclass(frozen=True)
class RepairedCheck(_Record):
    eps_in_range: bool
    beta_in_range: bool
    delta_in_range: bool
    delta_max: float
    a_min: Optional[float]
    a_sufficient: bool
    failure_bound: Optional[float]
    holds: bool

def check_repaired_theorem(eps: float, beta: float, delta: float, a: float) -> RepairedCheck: ...

# ---- boundaries, crossing probabilities, calibration (boundaries/) ----
# The boundary keyword arguments are those of `lilucb boundary` (None: the option not given).
def boundary_radius(kind: str, t: ArrayLike, alpha: Optional[ArrayLike] = None, sigma: float = 1.0, eps: Optional[float] = None,
                    inner: Optional[str] = None, eta: Optional[float] = None, s: Optional[float] = None, m: Optional[float] = None,
                    c: Optional[float] = None, v_opt: Optional[float] = None, a: Optional[float] = None,
                    b: Optional[float] = None) -> FloatOrArray: ...
def boundary_width(kind: str, t: ArrayLike, alpha: Optional[ArrayLike] = None, sigma: float = 1.0, eps: Optional[float] = None,
                   inner: Optional[str] = None, eta: Optional[float] = None, s: Optional[float] = None, m: Optional[float] = None,
                   c: Optional[float] = None, v_opt: Optional[float] = None, a: Optional[float] = None,
                   b: Optional[float] = None) -> FloatOrArray: ...
def stated_crossing_probability(kind: str, alpha: Optional[ArrayLike] = None, sigma: float = 1.0, eps: Optional[float] = None,
                                inner: Optional[str] = None, eta: Optional[float] = None, s: Optional[float] = None, m: Optional[float] = None,
                                c: Optional[float] = None, v_opt: Optional[float] = None, a: Optional[float] = None,
                                b: Optional[float] = None) -> OptFloatOrArray: ...
def boundary_tail_bound(kind: str, T: ArrayLike, alpha: Optional[ArrayLike] = None, sigma: float = 1.0,
                        eps: Optional[float] = None, inner: Optional[str] = None, eta: Optional[float] = None, s: Optional[float] = None,
                        m: Optional[float] = None, c: Optional[float] = None, v_opt: Optional[float] = None,
                        a: Optional[float] = None, b: Optional[float] = None) -> OptFloatOrArray: ...
def stated_alpha_for(kind: str, p: ArrayLike, sigma: float = 1.0, eps: Optional[float] = None, inner: Optional[str] = None,
                     eta: Optional[float] = None, s: Optional[float] = None, m: Optional[float] = None, c: Optional[float] = None,
                     v_opt: Optional[float] = None, a: Optional[float] = None, b: Optional[float] = None) -> FloatOrArray: ...

@dataclass(frozen=True)
class Boundary(_Record):
    kind: str
    t: float
    sigma: float
    alpha: Optional[float]
    stated_crossing_probability: Optional[float]
    radius: float
    width: float

def boundary(kind: str, t: float, alpha: Optional[float] = None, sigma: float = 1.0, eps: Optional[float] = None,
             inner: Optional[str] = None, eta: Optional[float] = None, s: Optional[float] = None, m: Optional[float] = None,
             c: Optional[float] = None, v_opt: Optional[float] = None, a: Optional[float] = None, b: Optional[float] = None) -> Boundary: ...

@dataclass(frozen=True)
class Crossing(_Record):
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

def crossing_probability(kind: str, horizon: int, alpha: Optional[float] = None, sigma: float = 1.0,
                         eps: Optional[float] = None, inner: Optional[str] = None, eta: Optional[float] = None, s: Optional[float] = None,
                         m: Optional[float] = None, c: Optional[float] = None, v_opt: Optional[float] = None,
                         a: Optional[float] = None, b: Optional[float] = None, resolution: int = 4,
                         max_seconds: float = 600.0) -> Crossing: ...

@dataclass(frozen=True)
class CrossingCount(_Record):
    crossed: int
    paths: int

def crossing_monte_carlo(kind: str, horizon: int, alpha: Optional[float] = None, sigma: float = 1.0,
                         eps: Optional[float] = None, inner: Optional[str] = None, eta: Optional[float] = None, s: Optional[float] = None,
                         m: Optional[float] = None, c: Optional[float] = None, v_opt: Optional[float] = None,
                         a: Optional[float] = None, b: Optional[float] = None, paths: int = 10000, seed: int = 1,
                         max_seconds: float = 600.0) -> CrossingCount: ...

@dataclass(frozen=True)
class Calibration(_Record):
    kind: str
    sigma: float
    target: float
    horizon: int
    stated_alpha: float
    effective_probability_at_stated_alpha: float
    alpha: float
    alpha_ratio: float
    achieved: float
    width_ratio: dict[float, float]
    evaluations: int

def calibrate(kind: str, target: float, sigma: float = 1.0, eps: Optional[float] = None, inner: Optional[str] = None,
              eta: Optional[float] = None, s: Optional[float] = None, m: Optional[float] = None, c: Optional[float] = None,
              v_opt: Optional[float] = None, a: Optional[float] = None, b: Optional[float] = None, horizon: int = 10000,
              resolution: int = 4, max_seconds: float = 600.0) -> Calibration: ...

# each family's own functions (stitching.hpp, normal_mixture.hpp, linear.hpp, lil_tail.hpp, glr_threshold.hpp)
def stitched_radius(v: ArrayLike, alpha: ArrayLike, eta: ArrayLike = 2.0, s: ArrayLike = 1.4, m: ArrayLike = 1.0,
                    c: ArrayLike = 0.0) -> FloatOrArray: ...
def stitched_tail_probability(v_from: ArrayLike, alpha: ArrayLike, eta: ArrayLike = 2.0, s: ArrayLike = 1.4,
                              m: ArrayLike = 1.0) -> FloatOrArray: ...
def normal_mixture_rho(v_opt: ArrayLike, alpha_opt: ArrayLike, sides: str = "two-sided") -> FloatOrArray: ...
def normal_mixture_log_supermartingale(s: ArrayLike, v: ArrayLike, rho: ArrayLike,
                                       sides: str = "two-sided") -> FloatOrArray: ...
def normal_mixture_radius(v: ArrayLike, alpha: ArrayLike, rho: ArrayLike, sides: str = "two-sided") -> FloatOrArray: ...
def normal_mixture_tail_probability(v_T: ArrayLike, alpha: ArrayLike, rho: ArrayLike,
                                    sides: str = "two-sided") -> FloatOrArray: ...
def linear_radius(t: ArrayLike, a: ArrayLike, b: ArrayLike) -> FloatOrArray: ...
def brownian_linear_crossing_probability(a: ArrayLike, b: ArrayLike, sigma: ArrayLike) -> FloatOrArray: ...
def linear_tail_probability(T: ArrayLike, a: ArrayLike, b: ArrayLike, sigma: ArrayLike) -> FloatOrArray: ...
def lil_tail_probability(T: ArrayLike, eps: ArrayLike, delta: ArrayLike) -> FloatOrArray: ...
def kk_g_gaussian(lambda_: ArrayLike) -> FloatOrArray: ...
def kk_calibration_gaussian(x: ArrayLike) -> FloatOrArray: ...
def glr_threshold_gaussian(t: ArrayLike, delta: ArrayLike, K: ArrayLike) -> FloatOrArray: ...
def glr_threshold_heuristic(t: ArrayLike, delta: ArrayLike) -> FloatOrArray: ...

# ---- characteristic time (characteristic_time.hpp) ----
@dataclass(frozen=True, eq=False)
class CharacteristicTime(_Record):
    t_star: float
    w_star: npt.NDArray[np.float64]

def characteristic_time(means: ArrayLike, sigma: float = 0.5, arms: str = "gaussian") -> CharacteristicTime: ...
def bernoulli_kl(p: ArrayLike, q: ArrayLike) -> FloatOrArray: ...
def kl_delta(delta: ArrayLike) -> FloatOrArray: ...
def bai_lower_bound(t_star: ArrayLike, delta: ArrayLike) -> FloatOrArray: ...
def fixed_point_stopping_time(t_star: float, beta: Union[str, Callable[[float], float]],
                              delta: Optional[float] = None, K: Optional[float] = None) -> float: ...

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
    counts: npt.NDArray[np.int64]
    status: str
    stopped_by: str
    checkpoints: Optional[npt.NDArray[np.uint64]] = None
    empirical_best: Optional[npt.NDArray[np.int64]] = None
    certified: Optional[bool] = None
    certificate: Optional[str] = None

@dataclass(frozen=True, eq=False)
class RunManyResult(_Record):
    algorithm: str
    parameters: dict
    n: int
    seed: int
    first_run: int
    true_best_arm: int
    pulls: npt.NDArray[np.int64]
    best_arm: npt.NDArray[np.int64]
    correct: npt.NDArray[np.bool_]
    stopped: npt.NDArray[np.bool_]
    counts: Optional[npt.NDArray[np.int64]] = None
    checkpoints: Optional[npt.NDArray[np.uint64]] = None
    empirical_best: Optional[npt.NDArray[np.int64]] = None
    certified: Optional[bool] = None
    certificate: Optional[str] = None
    @property
    def status(self) -> npt.NDArray[np.str_]: ...
    def __len__(self) -> int: ...
    def rows(self) -> List[Dict[str, Any]]: ...
    def to_frame(self) -> Any: ...
    @property
    def wrong(self) -> npt.NDArray[np.bool_]: ...
    def summary(self, level: float = 0.95) -> dict: ...
    def to_json(self) -> str: ...

def run(algorithm: str, means: ArrayLike, nu: float, sigma: float = 0.5, seed: int = 1, arms: str = "gaussian",
        max_pulls: int = 1000000000, inner: str = "plus2", run: int = 0, checkpoints: Optional[ArrayLike] = None,
        range: Optional[Tuple[Real, Real]] = None, concentration: Optional[Real] = None) -> RunResult: ...
def run_many(algorithm: str, means: ArrayLike, nu: float, runs: int = 1000, threads: Optional[int] = None,
             sigma: float = 0.5, seed: int = 1, arms: str = "gaussian", max_pulls: int = 1000000000, inner: str = "plus2",
             first_run: int = 0, checkpoints: Optional[ArrayLike] = None, keep_counts: bool = False,
             progress: Optional[Union[bool, Callable[[int, int], None]]] = False, range: Optional[Tuple[Real, Real]] = None,
             concentration: Optional[Real] = None) -> RunManyResult: ...

# ---- the ask-tell study of a real system (bandit/identification.hpp) ----
@dataclass(frozen=True)
class ChallengerEvidence(_Record):
    arm: int
    statistic: float
    threshold: float

@dataclass(frozen=True)
class StudyAnswer(_Record):
    best_arm: int
    best_name: Optional[str]
    done: bool
    certified: bool
    certificate: str
    evidence: List[ChallengerEvidence]
    evidence_note: str

@dataclass(frozen=True)
class StudyStatus(_Record):
    pulls: List[int]
    pending: List[int]
    means: List[float]
    total_pulls: int
    total_pending: int
    leader: int
    done: bool
    remaining_estimate: Optional[float]

Real = Union[int, float, np.integer, np.floating]
Whole = Union[int, np.integer]

class Identification:
    def __init__(self, arms: Union[Whole, Sequence[str]], model: Literal["gaussian", "bernoulli", "bounded"],
                 nu: Real, *, sigma: Optional[Real] = None, range: Optional[Tuple[Real, Real]] = None,
                 method: Optional[str] = None, seed: Whole = 0, names: Optional[Sequence[str]] = None) -> None: ...
    @classmethod
    def from_json(cls, text: Union[str, bytes], last_written: Optional[dict] = None) -> Identification: ...
    @classmethod
    def load(cls, path: str, last_written: Optional[dict] = None) -> Identification: ...
    def save(self, path: Optional[str] = None) -> None: ...
    def history(self) -> dict: ...
    def tell_many(self, ids: ArrayLike, arms: ArrayLike, rewards: ArrayLike) -> int: ...
    def to_json(self) -> str: ...
    @overload
    def ask(self, m: None = None) -> int: ...
    @overload
    def ask(self, m: Whole) -> List[int]: ...
    @overload
    def ask_ids(self, m: None = None) -> Tuple[int, int]: ...
    @overload
    def ask_ids(self, m: Whole) -> List[Tuple[int, int]]: ...
    def tell(self, arm: Optional[Whole] = None, reward: Optional[Real] = None, id: Optional[Whole] = None, *,
             name: Optional[str] = None) -> bool: ...
    @property
    def done(self) -> bool: ...
    def answer(self) -> StudyAnswer: ...
    def status(self) -> StudyStatus: ...
    @property
    def method(self) -> str: ...
    @property
    def arms(self) -> int: ...
    @property
    def names(self) -> Optional[Tuple[str, ...]]: ...
    @property
    def model(self) -> str: ...
    @property
    def nu(self) -> float: ...
    @property
    def sigma(self) -> Optional[float]: ...
    @property
    def range(self) -> Optional[Tuple[float, float]]: ...
    @property
    def seed(self) -> int: ...

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
    log: str = ""

def experiment(kind: str = "stopping-times", preset: str = "quick", config: Optional[dict] = None,
               out: Optional[str] = None, threads: int = 0, shard: Tuple[int, int] = (0, 1),
               progress: Optional[Union[bool, Callable[[int, int], None]]] = False, plot: bool = False,
               max_seconds: Optional[float] = None) -> ExperimentResult: ...
def verify(quick: bool = True, only: Optional[str] = None, seed: int = 20261126, threads: int = 0) -> list[dict]: ...
def verify_checks() -> list[Tuple[str, str]]: ...
