"""Hostile input generated from the module itself (the Python side of tests/cli/test_cli_hostile_generated.cpp).

Every public callable of ``lilucb.__all__`` (functions, and the public classes' constructors and
methods that take user values) is found by enumeration; its parameters' names and defaults come
from the callable itself (``inspect.signature``, or for pybind11 builtins, which have none, the
signature line pybind11 writes as the first line of ``__doc__``), their types from the public
contract: the annotations of the Python callables, and for the builtins the stub
``lilucb/_lilucb.pyi`` generated from their signature lines (it says ``int`` where the C++ binding
reads a whole number as a double, ``ArrayLike`` where it takes an object); the two must name the
same parameters.

For every parameter and every value class of its type, one case: a valid base call of the
callable (the table BASE below: data about callables, not about parameters) with that one
argument replaced.  The verdict needs no per-case expectation:
  - a result: every float in it (recursively through dataclasses, dicts, tuples, lists and numpy
    arrays) is finite, or an infinity or None the callable documents (DOCUMENTED_NONFINITE; None
    and, for the ``OptFloatOrArray`` functions, NaN array entries whose scalar call gives None);
    and nothing was truncated: an int parameter given 2.5 or 2**70, a complex number, a string
    where a number belongs, None where None is not allowed, an array of strings, objects holding
    strings, complex numbers or datetimes, an empty or 2-D sequence where a 1-D one of values
    belongs, or arrays whose shapes do not broadcast must never give a result; a broadcast
    argument given a 2-D or empty array gives a result of the broadcast shape;
  - lilucb.DomainError naming the parameter (its ``parameter`` attribute is the public name, an
    element ``name[k]``, a list ``a, b`` holding it, or the CLI's spelling ``--name`` for the
    boundary functions, which report the options of `lilucb boundary` by design);
  - TypeError whose message names the public callable (``name(``) and no private name
    (``_run``, ``_lilucb``, ``_impl`` or any private function of lilucb._lilucb);
  - for a path parameter (annotated FileToRead, FileToWrite or FolderToWrite), lilucb.FileError
    (an OSError) naming the path given, on one line;
  - never another exception type.
A path parameter's classes are the file-kind matrix of docs/files.md (FIFO, socket, device node,
folder, dangling symlink, symlink loop, a user's regular file, a hard link, a symlink to a file or
folder, a path below a file or in a missing folder, a user's `x.tmp` beside the target), each made
in the case's own working folder; whatever the verdict, every object a case made keeps its kind,
and a regular file its bytes.
A callable without a base call, a parameter whose type has no value classes, or types that name
other parameters than the callable fails the test, so a new public function cannot be forgotten.
docs/reliability.md ("Generated hostile input") states the number of generated cases; the test
checks that number.
"""

from __future__ import annotations

import ast
import dataclasses
import inspect
import keyword
import math
import os
import re
import socket
import stat
import tempfile

import numpy as np
import pytest

import lilucb
import signatures

STUB = os.path.join(os.path.dirname(lilucb.__file__), "_lilucb.pyi")
DOC = os.path.join(os.path.dirname(__file__), "..", "..", "docs", "reliability.md")

NAN, INF = math.nan, math.inf

# ---- valid base calls (data about callables) ----------------------------------------------------
# Each entry: a list of keyword dicts (every parameter is replaced in each of them; several where
# parameters apply to different settings, one per boundary family), or for a method a function
# returning (bound method, kwargs) on a fresh receiver.  Cheap on purpose: tiny horizons, few
# pulls, runs=2, one thread.

LIL = dict(kind="lil", t=10.0, alpha=1e-3, sigma=1.0, eps=0.01, inner="lemma")
STITCHED = dict(kind="stitched", t=10.0, alpha=0.05, eta=2.0, s=1.4, m=1.0, c=0.0)
MIXTURE = dict(kind="mixture", t=10.0, alpha=0.05, v_opt=100.0)
LINEAR = dict(kind="linear", t=10.0, a=1.0, b=0.1)
BOUNDARY_BASES = [LIL, STITCHED, MIXTURE, LINEAR]
MEANS = [0.5, 0.1]
EXPERIMENT_CONFIG = {"algorithms": ["lilucb-heuristic"], "scenarios": ["sparse"], "sizes": [2], "repetitions": 1,
                     "budget": 1000}


def _without_t(bases, new=None):
    out = []
    for b in bases:
        b = {k: v for k, v in b.items() if k != "t"}
        if new:
            b.update(new)
        out.append(b)
    return out


def _study(**kw):
    base = dict(arms=2, model="gaussian", nu=0.1, sigma=1.0)
    base.update(kw)
    return lilucb.Identification(**base)


def _saved_study():
    """A study's files in the case's working folder (load's base path)."""
    _study().save("study.json")
    return "study.json"


def _tell_base():
    s = _study()
    ident, arm = s.ask_ids()
    return s.tell, dict(arm=arm, reward=0.5, id=ident)


def _tell_many_base():
    s = _study()
    asks = s.ask_ids(2)
    return s.tell_many, dict(ids=[i for i, _ in asks], arms=[a for _, a in asks], rewards=[0.5, 0.25])


def _expire_base():
    s = _study(model="bounded", sigma=None, range=(0.0, 1.0))  # (a Gaussian study's window needs every outcome)
    asks = s.ask_ids(2)
    return s.expire, dict(through=asks[-1][0], reward=0.5)


def _plan_base():
    s = _study()
    for ident, arm in s.ask_ids(2):
        s.tell(arm, 0.5 * arm, id=ident)
    return s.plan, dict(runs=2, seed=1, threads=1, max_pulls=100, concentration=None, progress=False)


def _summary_base():
    r = lilucb.run_many("lilucb-heuristic", means=[1.0, 0.0], nu=0.1, runs=2, threads=1, max_pulls=10000)
    return r.summary, dict(level=0.95)


BASE = {
    # theory
    "parse_inner_log": [dict(inner="lemma")],
    "inner_log_offset": [dict(inner="plus2")],
    "lil_delta_max": [dict(eps=0.01, inner="plus2")],
    "lil_bound": [dict(t=10.0, eps=0.01, delta=1e-3, sigma=1.0, inner="plus2")],
    "lil_width": [dict(t=10.0, eps=0.01, delta=1e-3, sigma=1.0, inner="plus2")],
    "lil_failure_probability": [dict(eps=0.01, delta=1e-3, inner="plus2")],
    "lil_delta_for_failure_probability": [dict(eps=0.01, p=0.05, inner="plus2")],
    "lil_failure_probability_proof": [dict(eps=0.01, delta=1e-3)],
    "ls_bound": [dict(t=10.0, eps=0.01, delta=1e-3, sigma=0.5, n=10)],
    "ls_failure_probability": [dict(eps=0.01, delta=1e-3)],
    "ls_failure_probability_union": [dict(eps=0.01, delta=1e-3, n=10)],
    "ls_delta_for_failure_probability": [dict(eps=0.01, p=0.05)],
    "rho": [dict(eps=0.01)],
    "gamma": [dict(beta=1.0, eps=0.01)],
    "exploration_ratio": [dict(beta=1.0)],
    "kappa": [dict(beta=1.0, delta=1e-3)],
    "a_min_denominator": [dict(delta=1e-3)],
    "a_min": [dict(beta=1.0, delta=1e-3)],
    "a_min_proof": [dict(beta=1.0, delta=1e-5, eps=0.01)],
    "theorem_failure_bound": [dict(eps=0.01, delta=1e-5)],
    "lemma1_success_probability": [dict(eps=0.01, delta=1e-5)],
    "lemma2_success_probability": [dict(eps=0.01, delta=1e-5)],
    "leading_constant": [dict(beta=1.0)],
    "optimal_beta": [dict()],
    "clopper_pearson_lower": [dict(k=3, m=10, alpha=0.05)],
    "clopper_pearson_upper": [dict(k=3, m=10, alpha=0.05)],
    "clopper_pearson_interval": [dict(k=3, m=10, level=0.95)],
    "binomial_test_rejects": [dict(k=3, m=10, nu=0.1, alpha=0.05)],
    "binomial_critical_count": [dict(trials=10, p=0.1, alpha=0.05, bound="lower_exceeds")],
    "repaired_delta_max": [dict(eps=0.01)],
    "repaired_kappa": [dict(beta=1.0, delta=1e-6, eps=0.01)],
    "repaired_a_min": [dict(beta=1.0, delta=1e-6, eps=0.01)],
    "repaired_alpha": [dict(eps=0.01, delta=1e-6)],
    "repaired_failure_bound": [dict(eps=0.01, delta=1e-6)],
    "repaired_sample_factor": [dict(beta=1.0, delta=1e-6, eps=0.01)],
    # instances and scenarios
    "best_arm": [dict(means=MEANS)],
    "gaps": [dict(means=MEANS)],
    "hardness_h1": [dict(means=MEANS)],
    "hardness_h3": [dict(means=MEANS)],
    "lemma1_bound": [dict(means=MEANS, eps=0.01, beta=1.0, delta=1e-3)],
    "lemma1_bound_proof": [dict(means=MEANS, eps=0.01, beta=1.0, delta=1e-3)],
    "total_samples_bound": [dict(suboptimal_pulls_bound=100.0, a=9.0)],
    "farrell_lower_bound": [dict(means=MEANS, delta=0.1)],
    "sparse_means": [dict(n=3, gap=0.5)],
    "alpha_means": [dict(n=3, alpha=0.3)],
    # settings
    "params": [dict(nu=0.1, eps=0.01, beta=1.0, n=10)],
    "paper_theory_setting": [dict(nu=0.1)],
    "heuristic_setting": [dict(nu=0.1, n=10)],
    "certified_setting": [dict(nu=0.1, eps=0.01, beta=1.0)],
    "check_theorem": [dict(eps=0.01, beta=1.0, delta=1e-5, a=9.0)],
    "check_repaired_theorem": [dict(eps=0.01, beta=1.0, delta=1e-5, a=9.0)],
    # boundaries
    "boundary_radius": BOUNDARY_BASES,
    "boundary_width": BOUNDARY_BASES,
    "boundary_tail_bound": [{("T" if k == "t" else k): v for k, v in b.items()} for b in BOUNDARY_BASES],
    "stated_crossing_probability": _without_t(BOUNDARY_BASES),
    "stated_alpha_for": _without_t([{k: v for k, v in b.items() if k != "alpha"} for b in BOUNDARY_BASES[:3]],
                                   dict(p=0.05)),
    "boundary": BOUNDARY_BASES,
    "crossing_probability": _without_t(BOUNDARY_BASES, dict(horizon=10, resolution=1)),
    "crossing_monte_carlo": _without_t(BOUNDARY_BASES, dict(horizon=10, paths=10, seed=1)),
    "calibrate": _without_t([{k: v for k, v in b.items() if k != "alpha"} for b in BOUNDARY_BASES[:3]],
                            dict(target=0.05, horizon=10, resolution=1)),
    "stitched_radius": [dict(v=10.0, alpha=0.05, eta=2.0, s=1.4, m=1.0, c=0.0)],
    "stitched_tail_probability": [dict(v_from=10.0, alpha=0.05, eta=2.0, s=1.4, m=1.0)],
    "normal_mixture_rho": [dict(v_opt=100.0, alpha_opt=0.05, sides="two-sided")],
    "normal_mixture_log_supermartingale": [dict(s=1.0, v=10.0, rho=1.0, sides="two-sided")],
    "normal_mixture_radius": [dict(v=10.0, alpha=0.05, rho=1.0, sides="two-sided")],
    "normal_mixture_tail_probability": [dict(v_T=10.0, alpha=0.05, rho=1.0, sides="two-sided")],
    "linear_radius": [dict(t=10.0, a=1.0, b=0.1)],
    "brownian_linear_crossing_probability": [dict(a=1.0, b=0.1, sigma=1.0)],
    "linear_tail_probability": [dict(T=10.0, a=1.0, b=0.1, sigma=1.0)],
    "lil_tail_probability": [dict(T=10.0, eps=0.01, delta=1e-3)],
    "kk_g_gaussian": [dict(lambda_=0.75)],
    "kk_calibration_gaussian": [dict(x=1.0)],
    "glr_threshold_gaussian": [dict(t=10.0, delta=0.05, K=3.0)],
    "glr_threshold_heuristic": [dict(t=10.0, delta=0.05)],
    # characteristic time
    "characteristic_time": [dict(means=MEANS, sigma=0.5, model="gaussian", range=None, concentration=None),
                            dict(means=[0.6, 0.5, 0.45], sigma=0.5, model="bounded", range=(0, 1), concentration=4.0),
                            dict(means=[0.6, 0.4, 0.3], sigma=0.5, model="gaussian", arm_sigmas=[0.2, 1.0, 0.5],
                                 unknown_variance=True)],
    "characteristic_time_epsilon": [dict(means=MEANS, epsilon=0.1, sigma=0.5, model="gaussian", relative=False)],
    "bernoulli_kl": [dict(p=0.3, q=0.5)],
    "kl_delta": [dict(delta=0.05)],
    "bai_lower_bound": [dict(t_star=10.0, delta=0.05)],
    "fixed_point_stopping_time": [dict(t_star=10.0, beta="heuristic", delta=0.05),
                                  dict(t_star=10.0, beta="kk21", delta=0.05, K=3.0)],
    # runs
    "run": [dict(algorithm="lilucb-heuristic", means=MEANS, nu=0.1, sigma=0.5, seed=1, model="gaussian",
                 max_pulls=1000, inner="plus2", run=0, checkpoints=[10, 100]),
            dict(algorithm="t3c-ids+glr-pooled-eb", means=[0.6, 0.4, 0.3], nu=0.1, model="bounded", max_pulls=1000,
                 range=(0.0, 1.0), concentration=9.0),
            dict(algorithm="t3c-ids+glr-gu", means=[0.6, 0.4, 0.3], nu=0.1, max_pulls=1000, unknown_variance=True,
                 arm_sigmas=[0.2, 1.0, 0.5])],
    "run_many": [dict(algorithm="lilucb-heuristic", means=MEANS, nu=0.1, runs=2, threads=1, sigma=0.5, seed=1,
                      model="gaussian", max_pulls=1000, inner="plus2", first_run=0, checkpoints=[10, 100],
                      keep_counts=False, progress=False),
                 dict(algorithm="t3c-ids+glr-pooled-eb", means=[0.6, 0.4, 0.3], nu=0.1, runs=2, threads=1,
                      model="bounded", max_pulls=1000, range=(0.0, 1.0), concentration=9.0),
                 dict(algorithm="t3c-ids+glr-gu", means=[0.6, 0.4, 0.3], nu=0.1, runs=2, threads=1, max_pulls=1000,
                      unknown_variance=True, arm_sigmas=[0.2, 1.0, 0.5])],
    "RunManyResult.summary": _summary_base,
    "plan": [dict(means=MEANS, nu=0.1, model="gaussian", sigma=0.5, runs=2, seed=1, threads=1, max_pulls=1000,
                  method="t3c-ids+glr-pooled-per-arm", progress=False),
             dict(means=[0.6, 0.4, 0.3], nu=0.1, model="bounded", runs=2, threads=1, max_pulls=1000, range=(0.0, 1.0),
                  concentration=9.0)],
    # the ask-tell study
    "Identification": [dict(arms=2, model="gaussian", nu=0.1, sigma=1.0, method=lilucb.RECOMMENDED_METHOD, seed=0),
                       dict(arms=2, model="bounded", nu=0.1, range=(0.0, 1.0)),
                       dict(arms=2, model="gaussian", nu=0.1, sigma=1.0, names=["a", "b"]),
                       dict(arms=2, model="gaussian", nu=0.1, unknown_variance=True)],
    "Identification.from_json": lambda: (lilucb.Identification.from_json, dict(text=_study().to_json())),
    "Identification.load": lambda: (lilucb.Identification.load, dict(path=_saved_study(), last_written=None)),
    "Identification.save": lambda: (_study().save, dict(path="saved.json")),
    "Identification.ask": lambda: (_study().ask, dict(m=2)),
    "Identification.ask_ids": lambda: (_study().ask_ids, dict(m=2)),
    "Identification.tell": _tell_base,
    "Identification.tell_many": _tell_many_base,
    "Identification.expire": _expire_base,
    "Identification.plan": _plan_base,
    # experiments and verification (out: relative to the case's own temporary working folder)
    "experiment": [dict(kind="stopping-times", preset="quick", config=EXPERIMENT_CONFIG, out="out", threads=1,
                        shard=(0, 1), progress=False, plot=False)],
    "verify": [dict(quick=True, only="paper-numbers", seed=20261126, threads=1)],
    "verify_checks": [dict()],
    "rules": [dict()],
}

# Infinities a callable documents (its docstring says where): allowed in its results.
DOCUMENTED_NONFINITE = {
    "bernoulli_kl": "+inf where q in {0, 1} and p != q",
}

PRIVATE = ("_run", "_lilucb", "_impl")


# ---- the public callables and their parameters --------------------------------------------------

_NO_DEFAULT = object()


def runtime_parameters(f, name):
    """[(name, default or _NO_DEFAULT)] of a public callable (signatures.py), without self and cls."""
    return [(n, _NO_DEFAULT if d is signatures.NO_DEFAULT else d)
            for n, _, d in signatures.runtime_parameters(f, name) if n not in ("self", "cls")]


def stub_types():
    """{callable name: ({parameter: annotation text}, return annotation text)}: the annotations of
    the Python callables (as written: the modules use ``from __future__ import annotations``), and
    for the builtins the stub _lilucb.pyi generated from their signature lines."""
    out = {}
    for node in ast.parse(open(STUB).read()).body:
        if isinstance(node, ast.FunctionDef) and not node.name.startswith("_"):
            args = node.args.posonlyargs + node.args.args + node.args.kwonlyargs
            out[node.name] = ({a.arg: ast.unparse(a.annotation) for a in args}, ast.unparse(node.returns))
    for name, f in public_callables().items():
        if inspect.isbuiltin(f):
            continue
        sig = inspect.signature(f)
        ann = {p.name: p.annotation for p in sig.parameters.values() if p.name not in ("self", "cls")}
        if any(not isinstance(a, str) for a in ann.values()) or not isinstance(sig.return_annotation, str):
            raise AssertionError(f"{name}: an annotation missing or not a string: {sig}")
        out[name] = (ann, sig.return_annotation)
    return out


def public_callables():
    """{public name: the callable} for every function of __all__ and every public class's
    constructor and methods taking user values.  Not enumerated: constants, the exception
    DomainError, and the dataclasses' generated constructors (the records the module returns;
    their fields are results, not input); properties (no arguments)."""
    out = {}
    for name in lilucb.__all__:
        obj = getattr(lilucb, name)
        if inspect.isclass(obj):
            if issubclass(obj, BaseException):
                continue
            for attr, member in vars(obj).items():
                if attr.startswith("_") and attr != "__init__":
                    continue
                if attr == "__init__" and dataclasses.is_dataclass(obj):
                    continue
                f = member.__func__ if isinstance(member, (classmethod, staticmethod)) else member
                if not inspect.isfunction(f):
                    continue
                key = name if attr == "__init__" else f"{name}.{attr}"
                if runtime_parameters(f, key):
                    out[key] = f
        elif callable(obj):
            out[name] = obj
    return out


# ---- value classes per parameter type -----------------------------------------------------------

class Kind:
    def __init__(self, kind, optional=False, broadcast=False):
        self.kind, self.optional, self.broadcast = kind, optional, broadcast


def kind_of(annotation, returns):
    """The value-class family of an annotation; unknown annotations fail the test."""
    a = annotation.replace(" ", "")
    optional = False
    m = re.fullmatch(r"Optional\[(.*)\]", a) or re.fullmatch(r"Union\[None,(.*)\]", a)
    if m:
        optional, a = True, m.group(1)
    if a.startswith("Literal["):
        a = "str"
    table = {
        "float": "real", "Real": "real", "int": "int", "Whole": "int", "str": "str", "bool": "bool",
        "ArrayLike": "array", "dict": "dict", "Tuple[int,int]": "int_pair", "Tuple[Real,Real]": "real_pair",
        "Sequence[str]": "names", "Union[Whole,Sequence[str]]": "arms", "Union[str,bytes]": "json",
        "Union[str,Callable[[float],float]]": "threshold", "Union[bool,Callable[[int,int],None]]": "progress",
        "FileToRead": "file_read", "FileToWrite": "file_write", "FolderToWrite": "folder_write",
    }
    assert a in table, f"no value classes for the annotation {annotation!r}"
    kind = table[a]
    # An ArrayLike broadcasts where the callable returns FloatOrArray (numpy semantics); elsewhere
    # (means, checkpoints) it is one 1-D sequence of values.
    broadcast = kind == "array" and returns in ("FloatOrArray", "OptFloatOrArray")
    return Kind("broadcast" if broadcast else ("sequence" if kind == "array" else kind), optional, broadcast)


class C:
    """One value class: its label, the value (or a function of the base value), and what a result
    means: 'raise' (must refuse), 'either' (a result is allowed, checked finite), 'shape' (a
    result of the broadcast shape is allowed)."""

    def __init__(self, label, value, expect="either"):
        self.label, self.value, self.expect = label, value, expect


def number_classes(integer):
    """The classes of a number.  nan and inf must be refused or give a finite result (a function that
    documents an infinite value is listed in DOCUMENTED_NONFINITE); -1, 0, 5e-324 and 1e308 may lie in
    the domain.  True is Python's int 1 (bool subclasses int; numpy converts it so): a result is
    allowed, as is a TypeError (lilucb.Identification refuses bool by design)."""
    cs = [C("nan", NAN), C("inf", INF), C("-inf", -INF), C("-1", -1), C("0", 0), C("5e-324", 5e-324),
          C("1e308", 1e308), C("complex", complex(0.5, 1.0), "raise"), C("a string", "0.5", "raise"),
          C("True", True)]
    if integer:
        # silent truncation must not happen: 2.5 is not 2, 2**70 is no 64-bit count
        cs += [C("2.5", 2.5, "raise"), C("2**70", 2**70, "raise")]
    return cs


def _elements(base, value):
    """base (a sequence) with its first element replaced."""
    b = list(base)
    return [value] + b[1:]


def array_classes(kind):
    """Classes of an array-like parameter.  `base` is the base value (a scalar for broadcast
    parameters, a sequence otherwise)."""
    seq = kind == "sequence"

    def as_list(b):
        return list(b) if seq else [b]

    raise_or_shape = "raise" if seq else "shape"
    return [
        C("empty", lambda b: [], raise_or_shape),
        C("[nan]", lambda b: _elements(as_list(b), NAN)),
        C("[inf]", lambda b: _elements(as_list(b), INF)),
        C("2-D", lambda b: [as_list(b), as_list(b)], raise_or_shape),
        C("object dtype holding strings", lambda b: np.array([str(x) for x in as_list(b)], dtype=object), "raise"),
        C("str dtype", lambda b: np.array([str(x) for x in as_list(b)]), "raise"),
        C("complex dtype", lambda b: np.array(as_list(b), dtype=complex) + 1j, "raise"),
        C("datetime64 dtype", lambda b: np.array([int(x) for x in as_list(b)], dtype="datetime64[D]"), "raise"),
    ] + ([C("a number, not a sequence", lambda b: b[0], "raise"),
          C("a string", lambda b: ",".join(map(str, b)), "raise")] if seq else
         [C(c.label, c.value, c.expect) for c in number_classes(False)])


# A str may be admissible as any text (experiment's out: a folder " " is a folder).
STR_CLASSES = [C("empty", ""), C("blank", " "), C("unknown name", "no-such-name"), C("a number", 5, "raise")]
BOOL_CLASSES = [C("a string", "no", "raise"), C("2", 2, "raise"), C("nan", NAN, "raise")]
DICT_CLASSES = [C("a list", [], "raise"), C("a string", "{}", "raise"), C("unknown key", {"no_such_key": 1}, "raise"),
                C("nan value", {"repetitions": NAN}, "raise"), C("2.5 for a count", {"repetitions": 2.5}, "raise"),
                C("negative count", {"repetitions": -1}, "raise")]
NAMES_CLASSES = [C("empty", [], "raise"), C("duplicate", ["a", "a"], "raise"), C("empty name", ["a", ""], "raise"),
                 C("not strings", [1, 2], "raise"), C("a string", "ab", "raise"), C("one name", ["a"], "raise")]
JSON_CLASSES = [C("empty", "", "raise"), C("blank", " ", "raise"), C("not JSON", "no-such-name", "raise"),
                C("a number", 5, "raise"), C("{}", "{}", "raise"), C("[]", "[]", "raise"),
                C("truncated", lambda b: b[:len(b) // 2], "raise"), C("bytes", lambda b: b.encode())]
THRESHOLD_CALLABLES = [C("a callable giving nan", lambda b: (lambda t: NAN), "raise"),
                       C("a callable giving inf", lambda b: (lambda t: INF), "raise"),
                       C("a callable giving a string", lambda b: (lambda t: "1"), "raise")]
PROGRESS_CLASSES = [C("a string", "yes", "raise"), C("2", 2, "raise"), C("nan", NAN, "raise")]


# ---- paths: the file-kind matrix (docs/files.md) --------------------------------------------------
# Each class makes its object in the case's own working folder (the value is a function, called
# there) and records what it made; after the call every recorded object still has its kind, and a
# regular file its bytes (a user's file, its `x.tmp` neighbour, a link's target, a device node).

class _Skip(Exception):
    """A class that cannot be made here (a device node needs root): the case passes untried."""


_MADE = []  # (path, kind, bytes or None) of the current case's objects


def _kind(path):
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return "missing"
    for test, name in ((stat.S_ISLNK, "symlink"), (stat.S_ISFIFO, "fifo"), (stat.S_ISSOCK, "socket"),
                       (stat.S_ISCHR, "device"), (stat.S_ISDIR, "folder"), (stat.S_ISREG, "regular")):
        if test(st.st_mode):
            return name
    return "other"


def _record(*paths):
    for p in paths:
        k = _kind(p)
        _MADE.append((p, k, open(p, "rb").read() if k == "regular" else None))


def _made_unchanged():
    """'' when every recorded object kept its kind (and a regular file its bytes), else what changed."""
    for p, k, data in _MADE:
        now = _kind(p)
        if now != k:
            return f"{p!r} was a {k}, is now a {now}"
        if data is not None and open(p, "rb").read() != data:
            return f"{p!r}: a {k} whose bytes changed"
    return ""


def _user_file(name):
    with open(name, "w") as f:
        f.write("the user's own data\n")
    _record(name)
    return name


def _node(kind):
    """The name 'x' of a new object of `kind` in the working folder."""
    if kind == "fifo":
        os.mkfifo("x")
    elif kind == "socket":
        with socket.socket(socket.AF_UNIX) as sock:
            sock.bind("x")
    elif kind == "device":
        if os.geteuid() != 0:
            raise _Skip("a device node needs root")
        os.mknod("x", 0o600 | stat.S_IFCHR, os.makedev(1, 3))  # a node like /dev/null, made here
    elif kind == "folder":
        os.mkdir("x")
    elif kind == "dangling":
        os.symlink("nowhere", "x")
    elif kind == "loop":
        os.symlink("y", "x")
        os.symlink("x", "y")
        _record("y")
    elif kind == "regular":
        return _user_file("x")
    elif kind == "hard link":
        _user_file("f")
        os.link("f", "x")
    elif kind == "symlink to a file":
        _user_file("f")
        os.symlink("f", "x")
    elif kind == "symlink to a folder":
        os.mkdir("d")
        os.symlink("d", "x")
    _record("x")
    return "x"


def _path_class(label, make, expect):
    return C(label, lambda b: make(), expect)


def _below_a_file():
    _user_file("f")
    return os.path.join("f", "x")


def _beside_a_tmp():
    _user_file("x.tmp")
    return "x"


_SPECIAL = ["fifo", "socket", "device", "folder", "dangling", "loop"]
FILE_READ_CLASSES = ([_path_class(k, lambda k=k: _node(k), "raise") for k in _SPECIAL + ["regular"]] +
                     [_path_class("below a file", _below_a_file, "raise"),
                      _path_class("missing folder", lambda: os.path.join("no-such-folder", "x"), "raise")])
FILE_WRITE_CLASSES = ([_path_class(k, lambda k=k: _node(k), "raise")
                       for k in _SPECIAL + ["regular", "hard link", "symlink to a file"]] +
                      [_path_class("below a file", _below_a_file, "raise"),
                       _path_class("missing folder", lambda: os.path.join("no-such-folder", "x"), "raise"),
                       _path_class("a user's x.tmp beside it", _beside_a_tmp, "either")])
FOLDER_WRITE_CLASSES = ([_path_class(k, lambda k=k: _node(k), "raise")
                         for k in ["fifo", "socket", "device", "dangling", "loop", "regular"]] +
                        [_path_class("below a file", _below_a_file, "raise"),
                         _path_class("symlink to a folder", lambda: _node("symlink to a folder"), "either")])


def pair_classes(element_integer):
    out = [C("not a pair", 5, "raise"), C("one element", lambda b: tuple(b)[:1], "raise"),
           C("three elements", lambda b: tuple(b) + (tuple(b)[-1],), "raise")]
    for k in range(2):
        for c in number_classes(element_integer):
            def value(b, c=c, k=k):
                t = list(b)
                t[k] = c.value
                return tuple(t)
            out.append(C(f"[{k}] {c.label}", value, c.expect))
    return out


def classes_of(kind):
    k = kind.kind
    if k in ("real", "int"):
        cs = number_classes(k == "int")
    elif k in ("broadcast", "sequence"):
        cs = array_classes(k)
    elif k == "str":
        cs = list(STR_CLASSES)
    elif k == "bool":
        cs = list(BOOL_CLASSES)
    elif k == "dict":
        cs = list(DICT_CLASSES)
    elif k == "int_pair":
        cs = pair_classes(True)
    elif k == "real_pair":
        cs = pair_classes(False)
    elif k == "names":
        cs = list(NAMES_CLASSES)
    elif k == "arms":
        cs = number_classes(True) + [c for c in NAMES_CLASSES if c.label != "one name"]
    elif k == "json":
        cs = list(JSON_CLASSES)
    elif k == "threshold":
        cs = list(STR_CLASSES) + THRESHOLD_CALLABLES
    elif k == "progress":
        cs = list(PROGRESS_CLASSES)
    elif k == "file_read":
        cs = list(STR_CLASSES) + FILE_READ_CLASSES
    elif k == "file_write":
        cs = list(STR_CLASSES) + FILE_WRITE_CLASSES
    elif k == "folder_write":
        cs = list(STR_CLASSES) + FOLDER_WRITE_CLASSES
    else:  # pragma: no cover - kind_of refuses unknown annotations first
        raise AssertionError(k)
    if not kind.optional:
        cs.append(C("None", None, "raise"))
    return cs


# ---- the cases ----------------------------------------------------------------------------------

class Case:
    def __init__(self, name, base_index, parameter, kind, cls, mismatch_with=None):
        self.name, self.base_index, self.parameter, self.kind, self.cls = name, base_index, parameter, kind, cls
        self.mismatch_with = mismatch_with

    def __repr__(self):
        extra = f" against {self.mismatch_with}" if self.mismatch_with else ""
        return f"{self.name}[base {self.base_index}]({self.parameter} = {self.cls.label}{extra})"


def generate():
    """(cases, problems): every case of every public callable; problems fail the test."""
    stubs = stub_types()
    cases, problems = [], []
    callables = public_callables()
    for stale in sorted(set(BASE) - set(callables)):
        problems.append(f"BASE names {stale}, which is not a public callable")
    for name, f in sorted(callables.items()):
        params = runtime_parameters(f, name)
        if name not in stubs:
            problems.append(f"{name}: no types (a builtin not in {STUB})")
            continue
        ann, returns = stubs[name]
        if [p for p, _ in params] != list(ann):
            problems.append(f"{name}: the typed parameters {list(ann)} differ from the callable's {params}")
            continue
        if name not in BASE:
            problems.append(f"{name}: no base call in BASE (a new public callable needs one)")
            continue
        bases = BASE[name]
        base_list = bases if isinstance(bases, list) else [None]  # a method: one base, built per case
        kinds = {}
        for p, _ in params:
            try:
                kinds[p] = kind_of(ann[p], returns)
            except AssertionError as e:
                problems.append(f"{name}({p}): {e}")
        for p, _ in params:
            if p not in kinds:
                continue
            # every parameter in every base call, also where it does not apply (a for kind lil): an
            # unused argument must not let a NaN pass silently either
            for index, base in enumerate(base_list):
                for cls in classes_of(kinds[p]):
                    cases.append(Case(name, index, p, kinds[p], cls))
                # mismatched broadcast shapes: this parameter of length 3 against another of length 2
                if kinds[p].broadcast:
                    present = set(base or ())
                    others = [q for q, _ in params if q != p and q in kinds and kinds[q].broadcast and q in present]
                    if others:
                        cases.append(Case(name, index, p, kinds[p], C("mismatched broadcast shapes", None, "raise"),
                                          mismatch_with=others[0]))
        if not any(c.name == name for c in cases) and params:
            problems.append(f"{name}: no case generated")
    return cases, problems


CASES, PROBLEMS = generate()
CALLABLES = public_callables()
_PRIVATE_FUNCTIONS = sorted(n for n in dir(lilucb._lilucb) if n.startswith("_") and not n.startswith("__"))


def _setup(case):
    """(callable, kwargs) of the case's base call."""
    bases = BASE[case.name]
    if not isinstance(bases, list):
        return bases()
    return _bound(case.name, CALLABLES[case.name]), dict(bases[case.base_index])


def _bound(name, f):
    """A public callable as users call it: a function, or the class for its constructor."""
    return getattr(lilucb, name) if "." not in name else f


def call_base(name, index=0):
    bases = BASE[name]
    if not isinstance(bases, list):
        f, kw = bases()
        return f(**kw)
    return _bound(name, CALLABLES[name])(**bases[index])


_STUBS = stub_types()


def nonfinite(x, path="result"):
    """The paths of non-finite floats in x (recursively)."""
    out = []
    if isinstance(x, (bool, int, str, bytes, type(None))):
        return out
    if isinstance(x, (float, np.floating)):
        return [] if math.isfinite(x) else [f"{path} = {x}"]
    if isinstance(x, np.ndarray):
        if x.dtype.kind in "fc":
            bad = ~np.isfinite(x)
            return [f"{path}[{tuple(int(i) for i in idx)}] = {x[tuple(idx)]}" for idx in np.argwhere(bad)]
        if x.dtype.kind == "O":
            return [e for i, v in enumerate(x.ravel()) for e in nonfinite(v, f"{path}.flat[{i}]")]
        return out
    if dataclasses.is_dataclass(x):
        return [e for f in dataclasses.fields(x) for e in nonfinite(getattr(x, f.name), f"{path}.{f.name}")]
    if isinstance(x, dict):
        return [e for k, v in x.items() for e in nonfinite(v, f"{path}[{k!r}]")] + \
               [e for k in x if isinstance(k, float) for e in nonfinite(k, f"{path} key")]
    if isinstance(x, (list, tuple)):
        return [e for i, v in enumerate(x) for e in nonfinite(v, f"{path}[{i}]")]
    if isinstance(x, lilucb.Identification):
        return nonfinite(x.status(), f"{path}.status()")
    if hasattr(x, "to_dict") or hasattr(x, "__dict__"):
        return []
    return out


# Names a callable documents for a parameter's refusals (its docstring says so): from_json's text is
# "the state" ("DomainError naming state when the text is not such a state"), and a field of it.
DOCUMENTED_NAMES = {
    ("Identification.from_json", "text"): ("state", "nu"),
}


def _names_parameter(case, e):
    """Whether the DomainError names the case's parameter."""
    parameter = case.parameter
    names = [n.strip() for n in str(getattr(e, "parameter", "")).split(",")]
    for n in names:
        # the boundary functions report `lilucb boundary`'s options (--alpha, --v-opt) by design
        n = n[2:].replace("-", "_") if n.startswith("--") else n
        if n == parameter or n.startswith(parameter + "[") or n.startswith(parameter + ": "):
            return True  # the parameter, one of its elements (means[0], shard[1]) or keys (config: sizes)
        if keyword.iskeyword(n) and parameter == n + "_":
            return True  # Python's spelling of a keyword (lambda_); the docstring says the error names lambda
        if n in DOCUMENTED_NAMES.get((case.name, parameter), ()):
            return True
    # A joint overflow: the result (or an intermediate sum) would pass the largest double, for no
    # single argument's sake.  The library reports it on the argument whose admissible range it can
    # state at the others' values (boundaries/family.hpp: "name t (the caller's parameter) with its
    # admissible range"; total_samples_bound: a's range "at this B"), so s = 1e308 may be refused as
    # "t = 10; admissible: [1, 1.63]": accepted when the named parameter is one of the call's own
    # and the message says it is that overflow bound.
    text = str(e)
    own = set(CASE_KINDS.get(case.name, {}))
    if any(n in own for n in names) and ("overflow" in text or "must be a double" in text):
        return True
    # A joint condition reported on another parameter whose range depends on this one: alpha's range
    # (0, log(1+eps)/e) at eps = 5e-324, k <= m at m = True.  The message must state this parameter:
    # as a whole word for names of two letters or more, as "m = 1" or "--m 1" for one-letter names
    # (a lone "s" or "a" would match any English text).
    if len(parameter) > 1:
        return re.search(r"(?<![\w-])(--)?" + re.escape(parameter) + r"(?![\w-])", text) is not None
    return re.search(r"(?<![\w-])(--" + parameter + " |" + parameter + " = )", text) is not None


def _base_value(case, kw):
    """The parameter's valid value the value classes start from: in this base call, else in another
    base call of the callable (range=(0.0, 1.0) where the gaussian base has none), else its default."""
    if kw.get(case.parameter) is not None:
        return kw[case.parameter]
    bases = BASE[case.name]
    for b in bases if isinstance(bases, list) else ():
        if b.get(case.parameter) is not None:
            return b[case.parameter]
    return dict(runtime_parameters(CALLABLES[case.name], case.name))[case.parameter]


def judge(case):
    """'' when the case behaves, else what went wrong.  Runs in a temporary working folder of its
    own (experiment writes its output folder there)."""
    old = os.getcwd()
    with tempfile.TemporaryDirectory(prefix="lilucb-hostile-") as workdir:
        os.chdir(workdir)
        try:
            return _judge(case)
        finally:
            os.chdir(old)


def _judge(case):
    _MADE.clear()
    try:
        verdict = _judge_call(case)
    except _Skip:
        return ""
    return verdict or _made_unchanged()


def _judge_call(case):
    f, kw = _setup(case)
    base_value = _base_value(case, kw)
    if case.mismatch_with is not None:
        kw[case.parameter] = np.full(3, base_value)
        kw[case.mismatch_with] = np.full(2, kw[case.mismatch_with])
    else:
        value = case.cls.value
        kw[case.parameter] = value(base_value) if callable(value) else value
    try:
        result = f(**kw)
    except lilucb.FileError as e:
        # a path that cannot be read or written: only for a path parameter, naming the path given
        # (or a path within it), on one line
        if case.kind.kind not in ("file_read", "file_write", "folder_write"):
            return f"FileError for {case.parameter}, which is no path: {e}"
        given = os.fspath(kw[case.parameter])
        if not str(e.path).startswith(given):
            return f"FileError naming {e.path!r}, not the path given {given!r}: {e}"
        if "\n" in str(e):
            return f"FileError of more than one line: {e!r}"
        return ""
    except lilucb.DomainError as e:
        if not _names_parameter(case, e):
            return f"DomainError naming {getattr(e, 'parameter', None)!r}, not {case.parameter!r}: {e}"
        if "\n" in str(e):
            return f"DomainError of more than one line: {e!r}"
        return ""
    except TypeError as e:
        text = str(e)
        public = case.name  # "lil_bound", "Identification", "Identification.tell", ...
        if public + "(" not in text:
            return f"TypeError not naming {public}(: {text!r}"
        # whole names only: "first_run" is a public parameter, "_run(" a private function
        bad = [p for p in PRIVATE + tuple(n + "(" for n in _PRIVATE_FUNCTIONS)
               if re.search(r"(?<!\w)" + re.escape(p), text)]
        if bad:
            return f"TypeError naming private {bad}: {text!r}"
        return ""
    except Exception as e:  # noqa: BLE001 - any other type is the failure being tested for
        return f"{type(e).__name__}: {e}"
    if case.cls.expect == "raise":
        return f"accepted: returned {result!r:.200}"
    if case.cls.expect == "shape":
        v = kw[case.parameter]
        want = np.broadcast(*[np.asarray(a, dtype=float) for k, a in kw.items()
                              if CASE_KINDS[case.name].get(k) and CASE_KINDS[case.name][k].broadcast
                              and a is not None]).shape
        if not isinstance(result, np.ndarray) or result.shape != want:
            return f"{case.parameter} = {v!r}: result {result!r:.200} is not of the broadcast shape {want}"
    bad = nonfinite(result)
    if bad and case.name in DOCUMENTED_NONFINITE:
        bad = [b for b in bad if b.endswith("nan")]
    if bad and _STUBS[case.name][1] == "OptFloatOrArray" and isinstance(result, np.ndarray):
        bad = [b for b in bad if not b.endswith("= nan")] or _sentinel_check(case, f, kw, result)
    if bad:
        return "non-finite result: " + "; ".join(bad[:4])
    return ""


def _sentinel_check(case, f, kw, result):
    """NaN entries of an OptFloatOrArray result must be the documented sentinel: the scalar call
    at that entry returns None."""
    arrays = {k: v for k, v in kw.items() if CASE_KINDS[case.name].get(k) and CASE_KINDS[case.name][k].broadcast
              and v is not None}
    b = dict(zip(arrays, np.broadcast_arrays(*[np.asarray(v, dtype=float) for v in arrays.values()])))
    out = []
    for idx in np.argwhere(np.isnan(result)):
        idx = tuple(idx)
        scalar = dict(kw, **{k: float(v[idx]) for k, v in b.items()})
        if f(**scalar) is not None:
            out.append(f"result[{idx}] = nan where the scalar call is not None")
    return out


def _kinds(name):
    ann, returns = _STUBS[name]
    out = {}
    for p, a in ann.items():
        try:
            out[p] = kind_of(a, returns)
        except AssertionError:
            pass
    return out


CASE_KINDS = {name: _kinds(name) for name in CALLABLES if name in _STUBS}


# ---- the tests ----------------------------------------------------------------------------------

def test_every_public_callable_has_a_base_call_and_cases():
    assert not PROBLEMS, "\n".join(PROBLEMS)
    assert len(CALLABLES) >= 90
    assert {"Identification", "Identification.tell", "Identification.ask", "run", "run_many"} <= set(CALLABLES)


def test_docs_state_the_number_of_cases():
    stated = f"**{len(CASES)} generated Python cases**"
    assert stated in open(DOC).read(), f"{DOC} must state {stated} (the generator makes that many)"


@pytest.mark.parametrize("name", sorted(CALLABLES))
def test_hostile_values_are_refused_by_name(name):
    bases = BASE.get(name)
    assert bases is not None, f"{name}: no base call"
    # every base call is valid, and its result finite
    old = os.getcwd()
    with tempfile.TemporaryDirectory(prefix="lilucb-hostile-") as workdir:
        os.chdir(workdir)
        try:
            for i in range(len(bases) if isinstance(bases, list) else 1):
                r = call_base(name, i)
                bad = nonfinite(r)
                assert not bad or name in DOCUMENTED_NONFINITE, (name, i, bad)
        finally:
            os.chdir(old)
    failures = []
    for case in (c for c in CASES if c.name == name):
        verdict = judge(case)
        if verdict:
            failures.append(f"{case!r}: {verdict}")
    assert not failures, f"{len(failures)} failing cases:\n" + "\n".join(failures)
