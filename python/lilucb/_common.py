"""Helpers the package's modules share: the DomainError raised from Python, the argument type check
of the public wrappers (``_checked``), the records' ``to_dict``, tables, progress reports, and the
type aliases of the annotations."""

from __future__ import annotations

import contextlib as _contextlib
import dataclasses as _dc
import functools as _functools
import inspect as _inspect
import numbers as _numbers
import os as _os
import warnings as _warnings
from typing import Any, Optional, Union

import numpy as _np
import numpy.typing as _npt

from ._lilucb import DomainError

# The annotations' aliases (PEP 484 type aliases; the extension's stub _lilucb.pyi uses the same).
# ArrayLike: a real or any array of reals (a sequence, a numpy array); Real, Whole: a number, a whole one.
ArrayLike = _npt.ArrayLike
Real = Union[int, float, _np.integer, _np.floating]
Whole = Union[int, _np.integer]
# Paths, by what the call does with them (the hostile tests give each role its file-kind cases).
FileToRead = Union[str, _os.PathLike]
FileToWrite = Union[str, _os.PathLike]
FolderToWrite = Union[str, _os.PathLike]


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
    "FileToRead": (lambda x: isinstance(x, (str, _os.PathLike)), "a path (a str or os.PathLike)"),
    "FileToWrite": (lambda x: isinstance(x, (str, _os.PathLike)), "a path (a str or os.PathLike)"),
    "FolderToWrite": (lambda x: isinstance(x, (str, _os.PathLike)), "a path (a str or os.PathLike)"),
}


def _model_or_old_name(public: str, model: str, arms: Optional[str]) -> str:
    """The reward model a call asks for: `model`, or `arms`, its old name, with a DeprecationWarning saying
    so (TypeError when both name a model: model other than its default 'gaussian' beside arms)."""
    if arms is None:
        return model
    if not isinstance(arms, str):
        raise TypeError(f"{public}: arms (the old name of model) must be a str, got {type(arms).__name__}")
    if model != "gaussian":
        raise TypeError(f"{public}: give model only (arms is its old name), got model={model!r} and arms={arms!r}")
    _warnings.warn(f"{public}: arms= is the old name of model=; it still works", DeprecationWarning, stacklevel=4)
    return arms


@_contextlib.contextmanager
def _naming_old_name(arms: Optional[str]) -> Any:
    """Runs the call's body; when the model came as `arms` (its old name), a DomainError the core raises
    about `model` names `arms`, the keyword the caller typed."""
    try:
        yield
    except DomainError as e:
        if arms is None or e.parameter != "model":
            raise
        raise _domain_error(e.function, "arms", e.value, e.admissible) from None


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


def _table(rows: list) -> Any:
    """A pandas DataFrame when pandas is importable, the list of dicts otherwise."""
    try:
        import pandas  # type: ignore[import]
    except ImportError:
        return rows
    return pandas.DataFrame(rows)


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
