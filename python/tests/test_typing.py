"""The package's types, with nothing kept in step by hand.

The Python modules carry their annotations on the functions and classes themselves; the compiled
module lilucb._lilucb is described by the stub lilucb/_lilucb.pyi, which python/tools/make_stub.py
writes from the module.  This test checks:
  - the committed stub is what make_stub.py writes from the built module, byte for byte (every name,
    parameter, kind, default and type of the compiled functions; the constants; the classes);
  - make_stub.py reads the signature lines as signatures.py does (names, kinds, defaults), and the
    public compiled functions name public types (no ``Any``: a binding taking a py::object names
    what it takes, python/src/py_common.hpp);
  - every public name of lilucb (``__all__``) is declared where a type checker reads it: a class or
    function of the package's Python modules, or a name of the stub;
  - every public callable written in Python (functions, the public classes' methods, properties and
    overloads, the dataclasses' fields) annotates every parameter and its result, and the
    annotations resolve (typing.get_type_hints);
  - ``__all__`` is the public surface: every public attribute except the package's modules, and
    every public name of the compiled module;
  - the package beside the built module holds every file of the source package
    (python/CMakeLists.txt lists them).
"""

from __future__ import annotations

import ast
import dataclasses
import difflib
import inspect
import os
import sys
import types
import typing

import pytest

import lilucb
from signatures import NO_DEFAULT, runtime_parameters

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE_PACKAGE = os.path.join(HERE, "..", "lilucb")
STUB = os.path.join(SOURCE_PACKAGE, "_lilucb.pyi")
sys.path.insert(0, os.path.join(HERE, "..", "tools"))
import make_stub  # noqa: E402

P = inspect.Parameter


def _stub_text():
    with open(STUB) as f:
        return f.read()


def _stub_functions():
    """{name: ast.FunctionDef} of the stub's top level."""
    return {n.name: n for n in ast.parse(_stub_text()).body if isinstance(n, ast.FunctionDef)}


# ---- the generated stub ---------------------------------------------------------------------------

def test_the_stub_is_generated_from_the_module():
    written = make_stub.make_stub(lilucb._lilucb)
    committed = _stub_text()
    diff = "".join(difflib.unified_diff(committed.splitlines(True), written.splitlines(True),
                                        "python/lilucb/_lilucb.pyi (committed)", "make_stub.py's output"))
    assert written == committed, ("the stub differs from the module; rerun\n  PYTHONPATH=build/python "
                                  "python3 python/tools/make_stub.py > python/lilucb/_lilucb.pyi\n" + diff)


def _stub_parameters(node):
    """[(name, kind, default)] of a stub def, as signatures.runtime_parameters lists them."""
    a = node.args
    positional = a.posonlyargs + a.args
    defaults = [None] * (len(positional) - len(a.defaults)) + list(a.defaults)
    out = [(x.arg, P.POSITIONAL_ONLY if i < len(a.posonlyargs) else P.POSITIONAL_OR_KEYWORD,
            NO_DEFAULT if d is None else ast.literal_eval(d)) for i, (x, d) in enumerate(zip(positional, defaults))]
    out += [(x.arg, P.KEYWORD_ONLY, NO_DEFAULT if d is None else ast.literal_eval(d))
            for x, d in zip(a.kwonlyargs, a.kw_defaults)]
    return out


def test_the_stub_reads_the_signatures_as_python_does():
    """The stub's parameters are those signatures.py reads from each builtin (an independent parse of
    the same lines), defaults of the same type and value; the public functions name no Any."""
    stub = _stub_functions()
    builtins = {n: f for n, f in vars(lilucb._lilucb).items() if inspect.isbuiltin(f)}
    assert set(stub) == set(builtins), set(stub) ^ set(builtins)
    problems = []
    for name, f in sorted(builtins.items()):
        declared, runtime = _stub_parameters(stub[name]), runtime_parameters(f, name)
        if [(n, k) for n, k, _ in declared] != [(n, k) for n, k, _ in runtime] or any(
                type(a) is not type(b) or a != b for (_, _, a), (_, _, b) in zip(declared, runtime)):
            problems.append(f"{name}: the stub says {declared}, the module {runtime}")
        if not name.startswith("_"):
            node = stub[name]
            texts = [ast.unparse(x.annotation) for x in node.args.args + node.args.kwonlyargs]
            texts.append(ast.unparse(node.returns))
            if any("Any" in t for t in texts):
                problems.append(f"{name}: a type the binding does not name ({texts}); see py_common.hpp's named types")
    assert not problems, "\n".join(problems)


def test_make_stub_on_signature_lines():
    """The generator on lines pybind11 writes: keyword-only markers, nested types, defaults, arrays."""
    def f():
        pass

    f.__doc__ = "f(a: float, b: Optional[ArrayLike] = None, *, c: str = 'x') -> numpy.ndarray[numpy.float64]\n\nDoc."
    assert make_stub.stub_def(f, "f") == ("def f(a: float, b: Optional[ArrayLike] = None, *, c: str = 'x') "
                                          "-> npt.NDArray[np.float64]: ...")
    f.__doc__ = "g(self: lilucb._lilucb._Identification, m: object) -> Dict[str, List[int]]\n"
    assert make_stub.stub_def(f, "g", "    ", drop_self=True) == "    def g(self, m: Any) -> Dict[str, List[int]]: ..."
    f.__doc__ = "Overloaded function.\n\n1. f(a: int) -> int\n"
    with pytest.raises(SystemExit, match="no pybind11 signature line"):
        make_stub.stub_def(f, "f")
    assert make_stub.value_type(("a", "b")) == "Tuple[str, ...]" and make_stub.value_type(0.5) == "float"
    with pytest.raises(SystemExit, match="no type for the constant"):
        make_stub.value_type(("a", 1))


def test_every_public_name_is_declared():
    stub_names = set()
    for node in ast.parse(_stub_text()).body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            stub_names.add(node.name)
        elif isinstance(node, ast.AnnAssign):
            stub_names.add(node.target.id)
    problems = []
    for name in lilucb.__all__:
        obj = getattr(lilucb, name)
        module = getattr(obj, "__module__", None) if (inspect.isclass(obj) or inspect.isfunction(obj)) else None
        in_python = module is not None and module.startswith("lilucb.") and module != "lilucb._lilucb"
        if in_python == (name in stub_names):
            problems.append(f"{name}: {'declared twice' if in_python else 'declared nowhere'} "
                            f"(module {module}, in the stub: {name in stub_names})")
    assert not problems, "\n".join(problems)


# ---- the annotations of the Python modules -----------------------------------------------------------

def _written_in_python(f):
    """Whether f (a function) was written in one of the package's modules (not generated by dataclass)."""
    f = inspect.unwrap(f)
    path = getattr(getattr(f, "__code__", None), "co_filename", "")
    return os.path.dirname(os.path.abspath(path)) == os.path.dirname(os.path.abspath(lilucb.__file__))


def unannotated(f, where):
    """What f (a function, possibly wrapped) leaves unannotated or whose annotation does not resolve."""
    problems = []
    sig = inspect.signature(f)
    for p in sig.parameters.values():
        if p.name not in ("self", "cls") and p.annotation is P.empty:
            problems.append(f"{where}: parameter {p.name} has no annotation")
    if sig.return_annotation is P.empty:
        problems.append(f"{where}: no return annotation")
    try:
        typing.get_type_hints(f)
    except Exception as e:  # noqa: BLE001 - NameError, SyntaxError, TypeError: the annotation is wrong
        problems.append(f"{where}: an annotation does not resolve: {type(e).__name__}: {e}")
    return problems


def annotation_problems(module, names):
    """Every missing or unresolvable annotation among the public names of module (functions, and the
    classes' own methods, overloads, properties and dataclass fields)."""
    problems = []
    for name in names:
        obj = getattr(module, name)
        if inspect.isfunction(obj):
            problems += unannotated(obj, name)
        elif inspect.isclass(obj) and not issubclass(obj, BaseException):
            try:
                typing.get_type_hints(obj)
            except Exception as e:  # noqa: BLE001
                problems.append(f"{name}: a field's annotation does not resolve: {type(e).__name__}: {e}")
            if dataclasses.is_dataclass(obj):
                hinted = set(obj.__annotations__)
                problems += [f"{name}.{fld.name}: no annotation" for fld in dataclasses.fields(obj)
                             if fld.name not in hinted and not any(fld.name in getattr(b, "__annotations__", {})
                                                                   for b in obj.__mro__)]
            for attr, member in vars(obj).items():
                f = member.fget if isinstance(member, property) else getattr(member, "__func__", member)
                if not inspect.isfunction(f) or not _written_in_python(f):
                    continue
                problems += unannotated(f, f"{name}.{attr}")
                for i, overload in enumerate(typing.get_overloads(f)):
                    problems += unannotated(overload, f"{name}.{attr} (overload {i})")
    return problems


def test_every_public_python_callable_is_annotated():
    python = [n for n in lilucb.__all__
              if (inspect.isclass(getattr(lilucb, n)) or inspect.isfunction(getattr(lilucb, n)))
              and getattr(lilucb, n).__module__ != "lilucb._lilucb"]
    assert len(python) > 30, python
    problems = annotation_problems(lilucb, python)
    assert not problems, "\n".join(problems)


def test_the_annotation_check_reports_each_fault(monkeypatch):
    """The check on a tiny module: each sort of fault reported, naming what it found."""
    module = types.ModuleType("lilucb_small")
    monkeypatch.setitem(sys.modules, "lilucb_small", module)  # where dataclass and get_type_hints look
    source = '''
from __future__ import annotations
import dataclasses
from typing import Optional, overload

def good(a: int, b: Optional[str] = None) -> float: ...
def no_param(a, b: int) -> int: ...
def no_return(a: int): ...
def bad_name(a: Optinal[int]) -> int: ...

@dataclasses.dataclass(frozen=True)
class R:
    x: int
    y: Nope
    def m(self, k=2) -> int: ...
    @property
    def p(self): ...

class S:
    @overload
    def ask(self, m: None = None) -> int: ...
    @overload
    def ask(self, m) -> list: ...
    def ask(self, m: Optional[int] = None) -> object: ...
'''
    path = os.path.join(os.path.dirname(os.path.abspath(lilucb.__file__)), "<small>")
    exec(compile(source, path, "exec"), module.__dict__)
    names = ["good", "no_param", "no_return", "bad_name", "R", "S"]
    problems = annotation_problems(module, names)
    for expected in ["no_param: parameter a has no annotation", "no_return: no return annotation",
                     "bad_name: an annotation does not resolve", "R: a field's annotation does not resolve",
                     "R.m: parameter k has no annotation", "R.p: no return annotation",
                     "S.ask (overload 1): parameter m has no annotation"]:
        assert any(p.startswith(expected) for p in problems), (expected, problems)
    assert not [p for p in problems if p.startswith("good")], problems


def test_the_surface_keeps_its_forms():
    """Forms a type checker reads from the code itself: keyword-only arguments, overloads, properties,
    classmethods, frozen dataclasses (their bases keep the field order)."""
    init = runtime_parameters(lilucb.Identification.__init__, "__init__")
    assert ("sigma", P.KEYWORD_ONLY, None) in init
    assert len(typing.get_overloads(lilucb.Identification.ask)) == 2
    assert len(typing.get_overloads(lilucb.Identification.ask_ids)) == 2
    assert isinstance(vars(lilucb.Identification)["done"], property)
    assert isinstance(vars(lilucb.Identification)["from_json"], classmethod)
    params = lilucb.CertifiedParams.__dataclass_params__
    assert params.frozen and params.eq
    assert not lilucb.CharacteristicTime.__dataclass_params__.eq
    assert [f.name for f in dataclasses.fields(lilucb.CertifiedParams)][:7] == [
        "eps", "beta", "delta", "a", "a_min", "kappa", "failure_bound"]
    assert runtime_parameters(lilucb.lil_bound, "lil_bound")[:3] == [
        ("t", P.POSITIONAL_OR_KEYWORD, NO_DEFAULT), ("eps", P.POSITIONAL_OR_KEYWORD, NO_DEFAULT),
        ("delta", P.POSITIONAL_OR_KEYWORD, NO_DEFAULT)]
    compiled = [n for n in lilucb.__all__ if inspect.isbuiltin(getattr(lilucb, n))]
    assert len(compiled) > 50, compiled


# ---- the public surface and the package's files ---------------------------------------------------

def test_all_is_every_public_attribute():
    """__all__ is the public surface: every public attribute of the package except its modules, and
    every public name of the compiled module."""
    extra = {n for n in dir(lilucb) if not n.startswith("_") and n not in lilucb.__all__
             and not isinstance(getattr(lilucb, n), types.ModuleType)}
    assert extra <= {"annotations"}, sorted(extra)
    exported = {n for n in dir(lilucb._lilucb) if not n.startswith("_")}
    assert exported <= set(lilucb.__all__), sorted(exported - set(lilucb.__all__))
    assert not {n for n in lilucb.__all__ if isinstance(getattr(lilucb, n), types.ModuleType)}


def test_the_built_package_holds_every_source_file():
    source = {f for f in os.listdir(SOURCE_PACKAGE) if f.endswith((".py", ".pyi", ".typed"))}
    built = set(os.listdir(os.path.dirname(lilucb.__file__)))
    assert {"__init__.py", "_lilucb.pyi", "py.typed"} <= source
    assert source <= built, f"not beside the module (python/CMakeLists.txt's list): {sorted(source - built)}"
