"""Writes the type stub of the compiled module lilucb._lilucb (python/lilucb/_lilucb.pyi) from the
module itself, so that nothing in it is kept in step by hand.

Every function's parameters, their kinds, defaults, types and its return type come from the
signature line pybind11 writes first in its ``__doc__``; the bindings name the public types there
(python/src/py_common.hpp: ``ArrayLike`` for a real that broadcasts or a sequence of reals, ``int``
for a whole number the binding reads as a double, ``FloatOrArray`` ...).  Constants are typed by
their values, the classes by their methods, DomainError by its ``__annotations__``.  The test
python/tests/test_typing.py reruns this script against the built module and compares with the
committed stub.

    PYTHONPATH=build/python python3 python/tools/make_stub.py > python/lilucb/_lilucb.pyi
"""

from __future__ import annotations

import inspect
import re
import sys

HEADER = '''\
# The type stub of the compiled module lilucb._lilucb, written by python/tools/make_stub.py from the module
# (pybind11's signature lines); do not edit: rerun the script (python/tests/test_typing.py compares).
# Real arguments typed ArrayLike broadcast over numpy arrays; a function returning FloatOrArray returns a
# float for scalar arguments and an ndarray otherwise (OptFloatOrArray: None, or NaN entries, where vacuous).
from typing import Any, Callable, Dict, List, Optional, Tuple, Union

import numpy as np
import numpy.typing as npt

ArrayLike = npt.ArrayLike
FloatOrArray = Union[float, npt.NDArray[np.float64]]
OptFloatOrArray = Union[Optional[float], npt.NDArray[np.float64]]
'''

# pybind11's spelling of a type -> the stub's (numpy's arrays as numpy.typing writes them).
_SPELLING = [
    (re.compile(r"numpy\.ndarray\[numpy\.(\w+)\]"), r"npt.NDArray[np.\1]"),
    (re.compile(r"\bobject\b"), "Any"),
    (re.compile(r"\blilucb\._lilucb\."), ""),
]


def _type(text: str) -> str:
    for pattern, repl in _SPELLING:
        text = pattern.sub(repl, text)
    return text


def _split_top(text: str) -> list:
    """text split at the commas outside brackets and quotes."""
    parts, depth, cur, quote = [], 0, "", None
    for ch in text:
        if quote:
            quote = None if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch in "[(":
            depth += 1
        elif ch in "])":
            depth -= 1
        if ch == "," and depth == 0 and not quote:
            parts.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        parts.append(cur.strip())
    return parts


def signature_line(f, name: str) -> str:
    """The first line of a pybind11 builtin's __doc__, ``name(a: T, b: T = 1.0) -> R``."""
    doc = (f.__doc__ or "").lstrip()
    first = doc.splitlines()[0] if doc else ""
    if not first.startswith(name + "(") or " -> " not in first:
        raise SystemExit(f"make_stub: {name}: no pybind11 signature line in __doc__ ({first!r}); "
                         "an overloaded or pure-Python function cannot be stubbed from it")
    return first


def stub_def(f, name: str, indent: str = "", drop_self: bool = False) -> str:
    """``def name(a: T, b: T = default) -> R: ...`` from the signature line."""
    first = signature_line(f, name)
    inside, returns = first[len(name) + 1:].rsplit(") -> ", 1)
    params = []
    for part in _split_top(inside):
        pname, colon, rest = part.partition(": ")
        if not colon:  # '*' (keyword-only follow) or '/'
            params.append(part)
            continue
        annotation, eq, default = rest.partition(" = ")
        params.append(f"{pname}: {_type(annotation)}" + (f" = {default}" if eq else ""))
    if drop_self and params and params[0].startswith("self:"):
        params[0] = "self"
    return f"{indent}def {name}({', '.join(params)}) -> {_type(returns)}: ..."


def value_type(value) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, (int, float, str)):
        return type(value).__name__
    if isinstance(value, tuple) and value and len({type(v) for v in value}) == 1:
        return f"Tuple[{value_type(value[0])}, ...]"
    raise SystemExit(f"make_stub: no type for the constant {value!r}")


def stub_class(cls, name: str) -> list:
    bases = ", ".join(b.__name__ for b in cls.__bases__ if b is not object and not b.__name__.startswith("pybind11"))
    out = [f"class {name}{'(' + bases + ')' if bases else ''}:"]
    for attr, annotation in getattr(cls, "__annotations__", {}).items():
        out.append(f"    {attr}: {annotation}")
    for attr, member in sorted(vars(cls).items()):
        if attr.startswith("__") and attr != "__init__":
            continue
        if isinstance(member, staticmethod):
            out += ["    @staticmethod", stub_def(member.__func__, attr, "    ")]
        elif callable(member) and (inspect.isroutine(member) or type(member).__name__ == "instancemethod"):
            out.append(stub_def(member, attr, "    ", drop_self=True))
    if len(out) == 1:
        out.append("    ...")
    return out


def make_stub(module) -> str:
    values, functions, classes = [], [], []
    for name in sorted(vars(module)):
        if name.startswith("__") and name != "__version__":
            continue
        obj = getattr(module, name)
        if inspect.isclass(obj):
            classes += [""] + stub_class(obj, name)
        elif callable(obj):
            functions.append(stub_def(obj, name))
        else:
            values.append(f"{name}: {value_type(obj)}")
    return HEADER + "\n" + "\n".join(values) + "\n" + "\n".join(classes) + "\n\n" + "\n".join(functions) + "\n"


if __name__ == "__main__":
    import lilucb._lilucb

    sys.stdout.write(make_stub(lilucb._lilucb))
