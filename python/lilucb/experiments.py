"""Experiments and verification (experiments/, verification/; `lilucb experiment`, `lilucb verify`):
Section 5's reproduction and the modern comparison run into a folder, and the checks of the paper's
claims."""

from __future__ import annotations

import csv as _csv
import dataclasses as _dc
import json as _json
import math as _math
import os as _os
from typing import Any, Callable, Dict, List, Optional, Tuple, Union

from . import _lilucb
from ._common import FolderToWrite, _checked, _is_real, _table, _with_progress

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


@_checked
def experiment(
    kind: str = "stopping-times",
    preset: str = "quick",
    config: Optional[dict] = None,
    out: Optional[FolderToWrite] = None,
    threads: int = 0,
    shard: Tuple[int, int] = (0, 1),
    progress: Optional[Union[bool, Callable[[int, int], None]]] = False,
    plot: bool = False,
    max_seconds: Optional[float] = None,
) -> ExperimentResult:
    """Runs an experiment, as ``lilucb experiment KIND --preset P [--config F]``.

    kind: 'stopping-times', 'anytime' (Section 5 of the paper) or 'modern' (the modern methods
    against lil'UCB, certified and not); preset: 'quick' or 'paper' ('quick' or 'full' for modern);
    config: a dict with the keys of a config file (docs/reproduction-method.md) overriding the preset;
    out: the output folder (default reproduction-<preset>/<kind>; rerunning into it resumes; a path
    that is not a folder and cannot be made one raises FileError, an OSError);
    threads: 0 for all cores (results do not depend on it); shard: (I, K) runs only the runs whose
    index is I mod K; progress: False or None (none), True (a tqdm bar when tqdm is importable, else
    lines on sys.stderr) or a callable progress(done, total); plot: also draw the gnuplot figures;
    max_seconds: None (no limit) or a limit in seconds: the runs are first estimated (one timed run per
    cell) and an experiment estimated to take longer is refused (ValueError naming max_seconds, with the
    estimate) before anything is written.  Runs in C++ with the GIL released; Ctrl-C stops it (KeyboardInterrupt) with the finished runs kept in
    out, so a rerun resumes.
    """
    out = _os.path.join("reproduction-" + preset, kind) if out is None else _os.fspath(out)
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


class Claims(list):  # type: ignore[type-arg]
    """The claims of a :func:`verify` run: a list of dicts with the keys id, claim, source,
    computed, verdict, evidence (equal to the list ``lilucb verify --json`` prints)."""

    def to_frame(self) -> Any:
        """The claims as a pandas DataFrame (one row per claim; columns id, claim, source,
        computed, verdict, evidence) when pandas is importable, the list of dicts otherwise."""
        order = ("id", "claim", "source", "computed", "verdict", "evidence")
        return _table([{k: c[k] for k in order} for c in self])


@_checked
def verify(quick: bool = True, only: Optional[str] = None, seed: int = 20261126, threads: int = 0,
           max_seconds: Optional[float] = None) -> Claims:
    """Checks the paper's claims, as ``lilucb verify --quick|--full [--only NAME] --json``: a list of
    dicts with the keys id, claim, source, computed, verdict, evidence (a :class:`Claims`, whose
    ``to_frame()`` is a DataFrame).  ``verify_checks()`` lists the names `only` takes.  max_seconds: None (no limit) or a limit in seconds: a run estimated to take
    longer (each check's reference cost scaled by a timed probe of this machine) is refused
    (ValueError naming max_seconds, with the estimate) before any check starts.  Runs in C++ with
    the GIL released; results do not depend on `threads`."""
    if max_seconds is not None and not _is_real(max_seconds):
        raise TypeError(f"{verify._public}: max_seconds must be a number or None, got {type(max_seconds).__name__}")
    limit = _math.inf if max_seconds is None else max_seconds
    return Claims(_json.loads(_lilucb._verify(quick, only, seed, threads, limit)))


@_checked
def verify_checks() -> List[Tuple[str, str]]:
    """(name, description) of every verification check, in the claims table's order."""
    return [tuple(c) for c in _lilucb._verify_checks()]
