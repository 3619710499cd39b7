"""Runs of the bandit engine (bandit/; `lilucb run`): one run of a preset or a sampling x stopping
combination, and many independent runs on C++ threads, with their records."""

from __future__ import annotations

import dataclasses as _dc
import json as _json
import warnings as _warnings
from typing import Any, Callable, Dict, List, Optional, Tuple, Union

import numpy as _np
import numpy.typing as _npt

from . import _lilucb
from ._common import ArrayLike, Real, _checked, _domain_error, _model_or_old_name, _naming_old_name, _Record, _table, _with_progress

class UncertifiedWarning(UserWarning):
    """An answer without a guarantee at nu: a method that is not certified (a preset without a
    certificate, a combination with the heuristic threshold: the field's practice) ran.  The text is
    the CLI's note on stderr.  Silence it with ``warnings.simplefilter("ignore", lilucb.UncertifiedWarning)``."""


def _note_uncertified(public: str, method: str, certificate: Optional[str], stacklevel: int = 4) -> None:
    """The CLI's stderr note as a warning, attributed to the user's call (stacklevel 4: through the
    public function and its _checked wrapper; 3 for a method without the wrapper)."""
    _warnings.warn(UncertifiedWarning(f"{public}: note: {method} is not certified ({certificate}); its answers carry no "
                                      "guarantee at nu"), stacklevel=stacklevel)


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
    counts: _npt.NDArray[_np.int64]
    status: str
    stopped_by: str
    checkpoints: Optional[_npt.NDArray[_np.uint64]] = None
    empirical_best: Optional[_npt.NDArray[_np.int64]] = None
    certified: Optional[bool] = None
    certificate: Optional[str] = None
    answer: Optional[List[int]] = None


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
    pulls: _npt.NDArray[_np.int64]
    best_arm: _npt.NDArray[_np.int64]
    correct: _npt.NDArray[_np.bool_]
    stopped: _npt.NDArray[_np.bool_]
    counts: Optional[_npt.NDArray[_np.int64]] = None
    answers: Optional[_npt.NDArray[_np.int64]] = None
    checkpoints: Optional[_npt.NDArray[_np.uint64]] = None
    empirical_best: Optional[_npt.NDArray[_np.int64]] = None
    certified: Optional[bool] = None
    certificate: Optional[str] = None

    @property
    def status(self) -> _npt.NDArray[_np.str_]:
        """'stopped' or 'budget_exhausted' per run (as RunResult.status)."""
        return _np.where(self.stopped, "stopped", "budget_exhausted")

    def __len__(self) -> int:
        return int(self.pulls.shape[0])

    def rows(self) -> List[Dict[str, Any]]:
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
    def wrong(self) -> _npt.NDArray[_np.bool_]:
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


@_dc.dataclass(frozen=True, eq=False)
class Rule(_Record):
    """One descriptor of the rule registry (lilucb/bandit/rules.hpp; docs/generated/rules.md): a
    sampling rule (kind 'sampling'), stopping rule ('stopping'), GLR threshold ('threshold') or LS
    boundary ('boundary'). ``models`` are the reward models it accepts (gaussian, sub_gaussian,
    bernoulli, bounded, gaussian_unknown_variance); ``certified``/``statement`` what its guarantee rests
    on (None for sampling rules, which carry none, and for ls and glr, certified by their boundary or
    threshold); ``epsilon_good``/``top_m`` whether a threshold or a stopping rule itself answers (ls:
    with every boundary; glr: as its threshold, so False) or a sampling rule knows those questions; ``practice`` whether it is the field's practice; ``recommended`` the models on which it
    is the recommendation, per question (best_arm, epsilon_good, top_m); ``time_only`` whether a
    threshold is a function of t alone; ``in_studies`` whether a study may stop with a stopping rule.
    Fields that do not apply to a kind are None."""

    kind: str
    name: str
    summary: str
    parameters: Optional[str] = None
    certified: Optional[bool] = None
    statement: Optional[str] = None
    models: Optional[Tuple[str, ...]] = None
    cost: Optional[str] = None
    epsilon_good: Optional[bool] = None
    top_m: Optional[bool] = None
    practice: Optional[bool] = None
    recommended: Optional[Dict[str, Tuple[str, ...]]] = None
    time_only: Optional[bool] = None
    takes: Optional[str] = None
    in_studies: Optional[bool] = None


def rules() -> Tuple[Rule, ...]:
    """Every rule of the registry as a record, in its order (sampling rules, stopping rules, GLR
    thresholds, LS boundaries): the names of SAMPLING_RULES, STOPPING_RULES, GLR_THRESHOLDS and
    LS_BOUNDARIES with what each descriptor says; ``lilucb table rules`` prints the same registry."""
    return tuple(Rule(**d) for d in _lilucb._rules())


@_checked
def run(
    algorithm: str,
    means: ArrayLike,
    nu: float,
    sigma: float = _lilucb.DEFAULT_SIGMA,
    seed: int = 1,
    model: str = "gaussian",
    max_pulls: int = _lilucb.DEFAULT_MAX_PULLS,
    inner: str = "plus2",
    run: int = 0,
    checkpoints: Optional[ArrayLike] = None,
    range: Optional[Tuple[Real, Real]] = None,
    concentration: Optional[float] = None,
    epsilon: float = 0.0,
    epsilon_relative: bool = False,
    top: int = 1,
    unknown_variance: bool = False,
    arm_sigmas: Optional[ArrayLike] = None,
    *,
    arms: Optional[str] = None,
) -> RunResult:
    """One run of `algorithm` on arms with the given means, as ``lilucb run``.

    algorithm: a preset (one of lilucb.ALGORITHMS) or a sampling x stopping combination named as
    ``lilucb run --sampling S --stopping R`` prints it: "S+lilucb", "S+ls", "S+ls-B" (B stitched,
    mixture or calibrated) or "S+glr-T" (S one of lilucb.SAMPLING_RULES, T one of
    lilucb.GLR_THRESHOLDS), e.g. "t3c-ids+glr-pooled-per-arm"; a combination's result carries
    ``certified`` and ``certificate``.

    sigma: the Gaussian rewards' standard deviation and the widths' sub-Gaussian scale (default 0.5: the
    scale of the paper's Section 5 experiments, rewards of variance 1/4; as the CLI); model: 'gaussian', 'bernoulli' or
    'bounded' (Beta rewards in range = (lo, hi), required with it: lo + (hi - lo) X, X ~ Beta(p k, (1 - p) k),
    p = (mean - lo)/(hi - lo), k = concentration, default 9; the means strictly inside the range; the sigma rules are
    certified there only for sigma >= (hi - lo)/2, pooled-kl and pooled-eb read the rewards rescaled to [0, 1]; as
    ``lilucb run --model bounded --range LO,HI --concentration K``; ``arms`` is model's old name, still accepted with a
    DeprecationWarning); max_pulls: pull budget (default 10^9, as the CLI: the run then
    ends as 'budget_exhausted'; 0: unlimited); inner: lil'UCB's
    inner logarithm ('plus2' or 'lemma'); seed and run: the run draws stream `run` of `seed` (the CLI
    uses run 0).  checkpoints: increasing pull counts at which to record the empirically best arm.
    The means need a unique largest value, unless the question is epsilon-good: epsilon > 0 asks for an arm whose
    mean is at least the best mean minus epsilon (epsilon_relative: at least (1 - epsilon) times it, means >= 0),
    of a combination ("t3c-ids+glr-one-sided" is certified for it, Proposition Gε-M1, and on Bernoulli arms with an
    additive epsilon "...+glr-pooled-kl", Proposition Kε-U; "...+glr-heuristic" is the practice); ``correct`` then
    means epsilon-good (as ``lilucb run --epsilon E``).
    top > 1 asks for the `top` best arms (1 < top < n; with epsilon, `top` arms each at least the top-th best mean minus
    epsilon) of a combination ("lucb-glr+glr-one-sided" is certified for it, Proposition TM-M1, and on Bernoulli
    arms (an additive epsilon only) "lucb-glr+glr-pooled-kl", Proposition TM-K; "...+glr-heuristic" is
    the practice): ``answer`` holds the arms answered (increasing) and ``correct`` says whether they are such a set
    (as ``lilucb run --top M``).
    unknown_variance=True (model 'gaussian'): the rules may not read sigma, so only "...+glr-paired-t" and "...+glr-gu"
    (certified for Gaussian rewards of unknown, possibly different variances, Propositions PT and GU; with top > 1
    paired-t only, Proposition TM-T) and "...+glr-heuristic-ev" (the practice) stop;
    arm_sigmas gives each simulated arm's standard deviation (default: sigma for every arm), with or without it (as
    ``lilucb run --sigma unknown --arm-sigmas``).
    """
    model = _model_or_old_name(globals()["run"]._public, model, arms)
    with _naming_old_name(arms):
        d = _lilucb._run(algorithm, means, nu, sigma, seed, run, model, max_pulls, inner, checkpoints, range,
                         concentration, epsilon, epsilon_relative, top, unknown_variance, arm_sigmas)
    if d.get("certified") is False:
        _note_uncertified("lilucb.run", d["algorithm"], d.get("certificate"))
    return RunResult(**d)


@_checked
def run_many(
    algorithm: str,
    means: ArrayLike,
    nu: float,
    runs: int = 1000,
    threads: Optional[int] = None,
    sigma: float = _lilucb.DEFAULT_SIGMA,
    seed: int = 1,
    model: str = "gaussian",
    max_pulls: int = _lilucb.DEFAULT_MAX_PULLS,
    inner: str = "plus2",
    first_run: int = 0,
    checkpoints: Optional[ArrayLike] = None,
    keep_counts: bool = False,
    progress: Optional[Union[bool, Callable[[int, int], None]]] = False,
    range: Optional[Tuple[Real, Real]] = None,
    concentration: Optional[float] = None,
    epsilon: float = 0.0,
    epsilon_relative: bool = False,
    top: int = 1,
    unknown_variance: bool = False,
    arm_sigmas: Optional[ArrayLike] = None,
    *,
    arms: Optional[str] = None,
) -> RunManyResult:
    """`runs` independent runs on C++ threads with the GIL released (threads: None or 0 for all cores).

    Run k draws stream first_run + k of `seed`, so entry k equals ``run(..., seed=seed, run=first_run + k)``
    for any thread count.  progress: False or None (none), True (a tqdm bar when tqdm is importable, else
    lines on sys.stderr) or a callable progress(done, total).  Ctrl-C stops the runs (KeyboardInterrupt).
    Other arguments as in :func:`run`; with top > 1, ``answers`` holds each run's answer set (runs x top).
    """
    model = _model_or_old_name(run_many._public, model, arms)
    with _naming_old_name(arms):
        d = _with_progress(lambda cb: _lilucb._run_many(algorithm, means, nu, sigma, seed, runs, threads, first_run,
                                                        model, max_pulls, inner, checkpoints, keep_counts, cb, range,
                                                        concentration, epsilon, epsilon_relative, top,
                                                        unknown_variance, arm_sigmas), progress,
                           "run_many", run_many._public)
    if d.get("certified") is False:
        _note_uncertified("lilucb.run_many", d["algorithm"], d.get("certificate"))
    return RunManyResult(**d)


@_checked
def plan(
    means: ArrayLike,
    nu: float,
    model: str = "gaussian",
    sigma: Optional[float] = None,
    runs: int = 200,
    seed: int = 1,
    threads: Optional[int] = None,
    max_pulls: int = _lilucb.DEFAULT_MAX_PULLS,
    method: Optional[str] = None,
    range: Optional[Tuple[Real, Real]] = None,
    concentration: Optional[float] = None,
    progress: Optional[Union[bool, Callable[[int, int], None]]] = False,
    *,
    arms: Optional[str] = None,
) -> Dict[str, Any]:
    """How many samples will I need?  The plan of ``lilucb plan --json``, as a dict.

    For arms with the given means (a unique largest one) and error probability nu in (0, 1/2]: the
    characteristic time ``t_star``, the lower bound ``lower_bound`` = T* kl(nu, 1 - nu) on the expected
    pulls of every method that errs with probability <= nu, and in ``methods`` the recommended certified
    method (or `method`: a preset or a combination's name) and the field's uncertified practice, each
    with ``predicted`` (the fixed point t = T* beta(t, nu), or None when its threshold depends on the
    counts) and ``simulation``: `runs` runs (run k on stream k of `seed`, the same for any thread count)
    summarised: mean with its Student-t interval ``mean_ci``, median with its exact order-statistic
    interval ``median_ci``, ``q10``/``q90``, ``errors`` with the exact Clopper-Pearson ``error_ci``, all at
    ``level`` 0.95.  docs/planner.md lists every field.

    model: 'gaussian' (sigma: the rewards' standard deviation, default 0.5 as ``lilucb run``), 'bernoulli',
    or 'bounded' (Beta rewards in range = (lo, hi), required; concentration default 9); ``arms`` is its old
    name, still accepted with a DeprecationWarning.  threads: None or
    0 for all cores.  max_pulls: the pull budget of each run (a run reaching it counts at it; 0: unlimited).
    progress: False or None, True (a bar or lines on stderr) or a callable progress(done, total).
    Ctrl-C stops the runs (KeyboardInterrupt).
    """
    model = _model_or_old_name(plan._public, model, arms)
    with _naming_old_name(arms):
        text = _with_progress(lambda cb: _lilucb._plan(means, nu, model, sigma, runs, seed, threads, max_pulls, method,
                                                       range, concentration, cb), progress, "plan", plan._public)
    p = _json.loads(text)
    for m in p["methods"]:
        if not m["simulation"]["certified"]:
            _note_uncertified("lilucb.plan", m["simulation"]["method"], m["simulation"]["certificate"])
    return p
