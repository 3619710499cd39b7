"""The parameters of a public callable as Python reports them: ``inspect.signature``, or for a
pybind11 builtin (which has none) the signature line first in its ``__doc__``.  Shared by the typing
check (test_typing.py: the generated stub against this independent reading) and the hostile-input
harness (test_hostile.py)."""

from __future__ import annotations

import ast
import inspect

P = inspect.Parameter
NO_DEFAULT = "<no default>"


def split_top(text):
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


def runtime_parameters(f, name):
    """[(name, kind, default)] of a callable: inspect.signature, or for a pybind11 builtin the
    signature line ``name(a: T, b: T = default, *, c: T = default) -> R`` first in its __doc__
    (the defaults pybind11 prints with repr(); one that is not a literal is kept as its text)."""
    try:
        sig = inspect.signature(f)
    except (TypeError, ValueError):
        pass
    else:
        return [(p.name, p.kind, NO_DEFAULT if p.default is P.empty else p.default) for p in sig.parameters.values()]
    doc = (getattr(f, "__doc__", None) or "").lstrip()
    first = doc.splitlines()[0] if doc else ""
    short = name.split(".")[-1]
    assert first.startswith(short + "("), f"{name}: no inspect.signature and no signature line in __doc__: {first!r}"
    inside = first[len(short) + 1:first.rindex(")")]
    out, kind = [], P.POSITIONAL_OR_KEYWORD
    parts = split_top(inside)
    if "/" in parts:
        kind = P.POSITIONAL_ONLY
    for part in parts:
        if part == "/":
            kind = P.POSITIONAL_OR_KEYWORD
            continue
        if part == "*":
            kind = P.KEYWORD_ONLY
            continue
        pname, _, rest = part.partition(":")
        _, eq, default = rest.partition(" = ")
        pname = pname.strip()
        if pname.startswith("**"):
            out.append((pname[2:], P.VAR_KEYWORD, NO_DEFAULT))
        elif pname.startswith("*"):
            out.append((pname[1:], P.VAR_POSITIONAL, NO_DEFAULT))
            kind = P.KEYWORD_ONLY
        else:
            try:
                value = ast.literal_eval(default.strip()) if eq else NO_DEFAULT
            except (ValueError, SyntaxError):
                value = default.strip()
            out.append((pname, kind, value))
    return out
