"""The type stub lilucb/__init__.pyi against the module it describes.

The stub is written by hand (it repeats the signatures of lilucb/__init__.py and of the compiled
lilucb._lilucb), so this test compares the two, in both directions:
  - names: every public name of ``lilucb`` (``lilucb.__all__``, which holds the names re-exported
    from ``_lilucb``) is declared by the stub, and every name the stub declares exists in the
    module, as the same sort of thing (class, function, or value);
  - signatures: for every function, every public method of a class (and ``__init__`` where the
    class defines one) and every dunder the stub declares, the parameters agree in name, order,
    kind (positional-only, positional-or-keyword, ``*args``, keyword-only, ``**kwargs``) and
    default.  Pure-Python callables are read with inspect.signature (through functools.wraps);
    pybind11 builtins have none, and are read from the signature line pybind11 writes first in
    their ``__doc__``;
  - classes: methods, properties and classmethods are of the same kind; a dataclass's fields agree
    in name, order and default, and its decorator arguments (frozen, eq) agree; the bases the stub
    names that the module defines agree.

The stub's contract that makes this comparison exact:
  - a default in the stub is a literal (``None``, a number, a string, a tuple of such) equal to
    the runtime default; ``...`` is refused (it states no value);
  - an @overload states a subset of the call forms: each overload names the runtime parameters
    in order with their kinds, and a default it states equals the runtime's (it may leave one out);
  - ``import x`` / ``from m import x`` in the stub do not re-export (PEP 484); only ``as x`` does;
  - a top-level ``Name = <type expression>`` is a type alias for annotations only, listed in
    STUB_ONLY_ALIASES: it must not exist at runtime (a type checker accepts ``lilucb.Alias`` in
    annotations; using it as a runtime value fails, which is the known cost of public alias names).
"""

from __future__ import annotations

import ast
import builtins
import dataclasses
import inspect
import os
import types

import lilucb
from signatures import NO_DEFAULT, runtime_parameters

STUB = os.path.join(os.path.dirname(lilucb.__file__), "__init__.pyi")

# Type aliases the stub defines for its annotations; they are not attributes of the module.
STUB_ONLY_ALIASES = {"ArrayLike", "FloatOrArray", "OptFloatOrArray", "Real", "Whole"}

P = inspect.Parameter


# ---- the stub's declarations ----------------------------------------------------------------------

def _literal(node, where, problems):
    """The value of a default in the stub; a non-literal (``...``, a call) is a problem."""
    try:
        value = ast.literal_eval(node)
    except ValueError:
        problems.append(f"{where}: the stub's default {ast.unparse(node)} is not a literal")
        return NO_DEFAULT
    if value is Ellipsis:
        problems.append(f"{where}: the stub's default is ..., which states no value")
        return NO_DEFAULT
    return value


def _stub_parameters(node, where, problems):
    """[(name, kind, default)] of a stub def, in the order inspect.signature lists them."""
    a = node.args
    out = []
    positional = a.posonlyargs + a.args
    defaults = [None] * (len(positional) - len(a.defaults)) + list(a.defaults)
    for i, (arg, d) in enumerate(zip(positional, defaults)):
        kind = P.POSITIONAL_ONLY if i < len(a.posonlyargs) else P.POSITIONAL_OR_KEYWORD
        out.append((arg.arg, kind, NO_DEFAULT if d is None else _literal(d, f"{where}({arg.arg})", problems)))
    if a.vararg is not None:
        out.append((a.vararg.arg, P.VAR_POSITIONAL, NO_DEFAULT))
    for arg, d in zip(a.kwonlyargs, a.kw_defaults):
        out.append((arg.arg, P.KEYWORD_ONLY, NO_DEFAULT if d is None else _literal(d, f"{where}({arg.arg})", problems)))
    if a.kwarg is not None:
        out.append((a.kwarg.arg, P.VAR_KEYWORD, NO_DEFAULT))
    return out


def _decorator_names(node):
    return {ast.unparse(d.func if isinstance(d, ast.Call) else d) for d in node.decorator_list}


def _dataclass_options(node):
    """None when the stub class is not a @dataclass, else its keyword arguments (literals)."""
    for d in node.decorator_list:
        name = ast.unparse(d.func if isinstance(d, ast.Call) else d)
        if name in ("dataclass", "dataclasses.dataclass"):
            return {k.arg: ast.literal_eval(k.value) for k in d.keywords} if isinstance(d, ast.Call) else {}
    return None


def parse_stub(source):
    """{name: declaration} of the stub's top level, and the problems found in the stub itself.

    A declaration is a dict with "sort" one of value, alias, function, class; functions carry
    "signatures" (one per def, overloads included) and "overload"; classes carry "bases",
    "dataclass" (None or its options), "fields" [(name, default)], "members" {name: declaration
    with "sort" method, property or classmethod}."""
    problems = []
    out = {}
    for node in ast.parse(source).body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                if alias.asname is not None and alias.asname == alias.name:  # the explicit re-export form
                    out[alias.asname] = {"sort": "value"}
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            out[node.target.id] = {"sort": "value"}
        elif isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    out[target.id] = {"sort": "alias"}
        elif isinstance(node, ast.FunctionDef):
            decl = out.setdefault(node.name, {"sort": "function", "signatures": [], "overload": False})
            decl["overload"] |= "overload" in _decorator_names(node)
            decl["signatures"].append(_stub_parameters(node, node.name, problems))
        elif isinstance(node, ast.ClassDef):
            fields, members = [], {}
            for sub in node.body:
                if isinstance(sub, ast.AnnAssign) and isinstance(sub.target, ast.Name):
                    default = NO_DEFAULT if sub.value is None else _literal(
                        sub.value, f"{node.name}.{sub.target.id}", problems)
                    fields.append((sub.target.id, default))
                elif isinstance(sub, ast.FunctionDef):
                    decorators = _decorator_names(sub)
                    sort = ("property" if "property" in decorators else
                            "classmethod" if "classmethod" in decorators else
                            "staticmethod" if "staticmethod" in decorators else "method")
                    m = members.setdefault(sub.name, {"sort": sort, "signatures": [], "overload": False})
                    m["overload"] |= "overload" in decorators
                    if sort != "property":
                        m["signatures"].append(_stub_parameters(sub, f"{node.name}.{sub.name}", problems))
            out[node.name] = {"sort": "class", "bases": [ast.unparse(b) for b in node.bases],
                              "dataclass": _dataclass_options(node), "fields": fields, "members": members}
    return out, problems


# ---- the module's side ----------------------------------------------------------------------------

def _same_default(a, b):
    """The same default: the same type and value (1 and 1.0 differ: the stub writes what the module has)."""
    if a is NO_DEFAULT or b is NO_DEFAULT:
        return a is b
    return type(a) is type(b) and a == b


def _fmt(params):
    out = []
    for n, k, d in params:
        star = {P.VAR_POSITIONAL: "*", P.VAR_KEYWORD: "**"}.get(k, "")
        tag = {P.POSITIONAL_ONLY: "/", P.KEYWORD_ONLY: "kw"}.get(k, "")
        out.append(f"{star}{n}{'[' + tag + ']' if tag else ''}{'' if d is NO_DEFAULT else '=' + repr(d)}")
    return "(" + ", ".join(out) + ")"


def compare_signature(where, stub_params, runtime_params, overload):
    """Problems between one stub def and the runtime callable (see the module docstring)."""
    if [(n, k) for n, k, _ in stub_params] != [(n, k) for n, k, _ in runtime_params]:
        return [f"{where}: the stub says {_fmt(stub_params)}, the module {_fmt(runtime_params)}"]
    problems = []
    for (n, _, sd), (_, _, rd) in zip(stub_params, runtime_params):
        if overload and sd is NO_DEFAULT:
            continue
        if not _same_default(sd, rd):
            problems.append(f"{where}: parameter {n}: the stub's default is "
                            f"{'none' if sd is NO_DEFAULT else repr(sd)}, the module's "
                            f"{'none' if rd is NO_DEFAULT else repr(rd)}")
    return problems


def _compare_callable(where, decl, f):
    runtime = runtime_parameters(f, where)
    problems = []
    for sig in decl["signatures"]:
        problems += compare_signature(where, sig, runtime, decl["overload"])
    return problems


def _runtime_sort(obj):
    if inspect.isclass(obj):
        return "class"
    if callable(obj):
        return "function"
    return "value"


def _own_public_members(cls, module):
    """{name: member} a class of the module defines (its own or inherited from a class of the module),
    public names and dunders; not fields of a dataclass, not what object or builtins provide."""
    fields = {f.name for f in dataclasses.fields(cls)} if dataclasses.is_dataclass(cls) else set()
    out = {}
    for klass in reversed(cls.__mro__):
        if klass.__module__.split(".")[0] != module.__name__:
            continue
        for attr, member in vars(klass).items():
            if attr in fields or (attr.startswith("_") and not (attr.startswith("__") and attr.endswith("__"))):
                continue
            out[attr] = member
    return out


def _member_sort(member):
    if isinstance(member, property):
        return "property"
    if isinstance(member, classmethod):
        return "classmethod"
    if isinstance(member, staticmethod):
        return "staticmethod"
    return "method"


def _stub_class_members(stub, name, seen=()):
    """The stub class's members with those of its bases the stub defines (base first)."""
    decl = stub[name]
    out = {}
    for base in decl["bases"]:
        if base in stub and stub[base]["sort"] == "class" and base not in seen:
            out.update(_stub_class_members(stub, base, seen + (name,)))
    out.update(decl["members"])
    return out


def _stub_class_fields(stub, name):
    """The stub dataclass's fields, those of its dataclass bases first (dataclass inheritance)."""
    decl = stub[name]
    out = []
    for base in decl["bases"]:
        if base in stub and stub[base]["sort"] == "class" and stub[base]["dataclass"] is not None:
            out += _stub_class_fields(stub, base)
    names = [n for n, _ in out]
    for n, default in decl["fields"]:
        if n in names:  # a field redeclared keeps its place, with the new default
            out[names.index(n)] = (n, default)
        else:
            out.append((n, default))
    return out


def _compare_class(name, decl, cls, stub, module):
    problems = []
    is_dc = dataclasses.is_dataclass(cls)
    if (decl["dataclass"] is not None) != is_dc:
        problems.append(f"{name}: dataclass in the {'stub' if decl['dataclass'] is not None else 'module'} only")
    if is_dc and decl["dataclass"] is not None:
        params = cls.__dataclass_params__
        for option, default in (("frozen", False), ("eq", True), ("order", False)):
            if decl["dataclass"].get(option, default) != getattr(params, option):
                problems.append(f"{name}: @dataclass {option}={decl['dataclass'].get(option, default)} in the stub, "
                                f"{getattr(params, option)} in the module")
        runtime_fields = [(f.name, NO_DEFAULT if f.default is dataclasses.MISSING else f.default)
                          for f in dataclasses.fields(cls)]
        stub_fields = _stub_class_fields(stub, name)
        if [n for n, _ in stub_fields] != [n for n, _ in runtime_fields]:
            problems.append(f"{name}: the stub's fields {[n for n, _ in stub_fields]}, "
                            f"the module's {[n for n, _ in runtime_fields]}")
        else:
            for (n, sd), (_, rd) in zip(stub_fields, runtime_fields):
                if not _same_default(sd, rd):
                    problems.append(f"{name}.{n}: the stub's default {sd!r}, the module's {rd!r}")
    # the bases the stub names: the module's classes (private ones too) or builtins (ValueError)
    for base in decl["bases"]:
        target = getattr(module, base, None) or getattr(builtins, base, None)
        if not (inspect.isclass(target) and issubclass(cls, target)):
            problems.append(f"{name}: the stub names the base {base}, which the module's class does not have")
    runtime_members = _own_public_members(cls, module)
    stub_members = _stub_class_members(stub, name)
    runtime_checked = {m for m in runtime_members if not m.startswith("__") or m == "__init__"}
    if is_dc:
        runtime_checked.discard("__init__")  # generated from the fields, compared above
    if issubclass(cls, BaseException):
        runtime_checked.discard("__init__")
    for m in sorted(runtime_checked - set(stub_members)):
        problems.append(f"{name}.{m}: in the module, not in the stub")
    for m, mdecl in sorted(stub_members.items()):
        where = f"{name}.{m}"
        if m not in runtime_members:
            problems.append(f"{where}: in the stub, not in the module")
            continue
        member = runtime_members[m]
        if mdecl["sort"] != _member_sort(member):
            problems.append(f"{where}: a {mdecl['sort']} in the stub, a {_member_sort(member)} in the module")
            continue
        if mdecl["sort"] == "property":
            continue
        f = member.__func__ if isinstance(member, (classmethod, staticmethod)) else member
        problems += _compare_callable(where, mdecl, f)
    return problems


def check(stub_source, module):
    """Every disagreement between the stub text and the module, as one line each."""
    stub, problems = parse_stub(stub_source)
    public = set(module.__all__)
    for name in sorted(public - {n for n, d in stub.items() if d["sort"] != "alias"}):
        problems.append(f"{name}: public in the module, not declared by the stub")
    for name, decl in sorted(stub.items()):
        if name.startswith("_"):
            continue  # private helpers of the stub (a shared base such as _Record)
        if decl["sort"] == "alias":
            if name not in STUB_ONLY_ALIASES:
                problems.append(f"{name}: the stub assigns it (a type alias?), not listed in STUB_ONLY_ALIASES")
            elif hasattr(module, name):
                problems.append(f"{name}: a stub-only alias, yet the module has it")
            continue
        if name not in public:
            problems.append(f"{name}: declared by the stub, not public in the module")
            continue
        obj = getattr(module, name)
        if decl["sort"] != _runtime_sort(obj):
            problems.append(f"{name}: a {decl['sort']} in the stub, a {_runtime_sort(obj)} in the module")
        elif decl["sort"] == "function":
            problems += _compare_callable(name, decl, obj)
        elif decl["sort"] == "class":
            problems += _compare_class(name, decl, obj, stub, module)
    return problems


# ---- the tests --------------------------------------------------------------------------------------

def _stub_text():
    with open(STUB) as f:
        return f.read()


def test_stub_agrees_with_the_module():
    problems = check(_stub_text(), lilucb)
    assert not problems, "\n".join(problems)


def test_all_is_every_public_attribute():
    """__all__ is the public surface: every public attribute of the module is in it except the
    modules and typing names __init__.py imports for itself."""
    extra = {n for n in dir(lilucb) if not n.startswith("_") and n not in lilucb.__all__
             and not isinstance(getattr(lilucb, n), types.ModuleType)}
    assert extra <= {"Any", "Optional", "Tuple", "annotations"}, sorted(extra)
    exported = {n for n in dir(lilucb._lilucb) if not n.startswith("_")}
    assert exported <= set(lilucb.__all__), sorted(exported - set(lilucb.__all__))


def test_the_checker_covers_the_surface():
    """The comparison has something to compare: pybind11 builtins, wrapped Python functions,
    dataclasses, methods, overloads and properties all reach it."""
    stub, problems = parse_stub(_stub_text())
    assert not problems, problems
    assert runtime_parameters(lilucb.lil_bound, "lil_bound")[:3] == [
        ("t", P.POSITIONAL_OR_KEYWORD, NO_DEFAULT), ("eps", P.POSITIONAL_OR_KEYWORD, NO_DEFAULT),
        ("delta", P.POSITIONAL_OR_KEYWORD, NO_DEFAULT)]
    assert ("sigma", P.POSITIONAL_OR_KEYWORD, 1.0) in runtime_parameters(lilucb.lil_bound, "lil_bound")
    assert ("sigma", P.KEYWORD_ONLY, None) in runtime_parameters(lilucb.Identification.__init__, "__init__")
    assert stub["Identification"]["members"]["ask"]["overload"]
    assert stub["Identification"]["members"]["done"]["sort"] == "property"
    assert stub["Identification"]["members"]["from_json"]["sort"] == "classmethod"
    assert stub["CertifiedParams"]["dataclass"] == {"frozen": True}
    compiled = [n for n in lilucb.__all__ if inspect.isbuiltin(getattr(lilucb, n))]
    assert len(compiled) > 50, compiled


# Deliberately wrong stubs: each edit of the real stub must be reported, naming what it broke.
PLANTED = [
    # (old text, new text, a string the report must contain)
    ("def rho(eps: ArrayLike)", "def rho(epsilon: ArrayLike)", "rho:"),                         # a renamed parameter
    ("def gamma(beta: ArrayLike, eps: ArrayLike)", "def gamma(eps: ArrayLike, beta: ArrayLike)", "gamma:"),  # order
    ('def inner_log_offset(inner: str = "plus2")', 'def inner_log_offset(inner: str = "lemma")',
     "inner_log_offset: parameter inner"),                                                        # a default
    ("sigma: ArrayLike = 1.0, inner: str = \"plus2\") -> FloatOrArray: ...\ndef lil_width",
     "sigma: ArrayLike = 2.0, inner: str = \"plus2\") -> FloatOrArray: ...\ndef lil_width",
     "lil_bound: parameter sigma"),                                                               # a float default
    ("def params(nu: float, eps: float = 0.01,", "def params(nu: float, *, eps: float = 0.01,", "params:"),  # a kind
    ("def optimal_beta() -> float: ...\n", "", "optimal_beta: public in the module"),            # a missing name
    ("def optimal_beta() -> float: ...\n", "def optimal_beta() -> float: ...\ndef no_such() -> None: ...\n",
     "no_such: declared by the stub"),                                                            # an extra name
    ("    nu: Real, *, sigma: Optional[Real] = None,", "    nu: Real, sigma: Optional[Real] = None,",
     "Identification.__init__:"),                                                                 # keyword-only lost
    ("    def summary(self, level: float = 0.95)", "    def summary(self, level: float = 0.9)",
     "RunManyResult.summary: parameter level"),                                                   # a method's default
    ("    def to_json(self) -> str: ...\n\ndef run(", "\ndef run(",
     "RunManyResult.to_json: in the module"),                                                     # a missing method
    ("    def ask(self, m: Whole) -> List[int]: ...", "    def ask(self, k: Whole) -> List[int]: ...",
     "Identification.ask:"),                                                                      # an overload
    ("    @property\n    def done(self)", "    def done(self)", "Identification.done: a method in the stub"),
    ("    certificate: str\n\n@dataclass(frozen=True)\nclass StatedTheoremParams",
     "    certificate: str\n    extra: int\n\n@dataclass(frozen=True)\nclass StatedTheoremParams",
     "CertifiedParams: the stub's fields"),                                                       # a dataclass field
    ("@dataclass(frozen=True, eq=False)\nclass CharacteristicTime", "@dataclass(frozen=True)\nclass CharacteristicTime",
     "CharacteristicTime: @dataclass eq"),
    ("    log: str = \"\"", "    log: str = \"x\"", "ExperimentResult.log"),                      # a field's default
    ("RECOMMENDED_METHOD: str\n", "RECOMMENDED_METHOD: str\nExtraAlias = int\n", "ExtraAlias"),  # an unlisted alias
    ("def parse_inner_log(inner: str)", "def parse_inner_log(inner: str = ...)", "parse_inner_log(inner)"),
]


def test_planted_mismatches_are_reported():
    text = _stub_text()
    assert not check(text, lilucb)
    for old, new, expected in PLANTED:
        assert text.count(old) == 1, f"the planted edit no longer applies: {old!r}"
        problems = check(text.replace(old, new), lilucb)
        assert any(expected in p for p in problems), (old, new, problems)


def test_a_small_wrong_stub():
    """A stub written from scratch for a tiny module: each sort of disagreement, reported."""
    module = types.ModuleType("lilucb_small")

    def f(a, b=1.0, *, c="x"):
        pass

    @dataclasses.dataclass(frozen=True)
    class R:
        x: int
        y: float = 0.5

        def m(self, k=2):
            pass

    R.__module__ = "lilucb_small"
    module.f, module.R, module.N = f, R, 3
    module.__all__ = ["N", "R", "f"]
    right = ("from dataclasses import dataclass\nN: int\n"
             "def f(a: int, b: float = 1.0, *, c: str = 'x') -> None: ...\n"
             "@dataclass(frozen=True)\nclass R:\n    x: int\n    y: float = 0.5\n"
             "    def m(self, k: int = 2) -> None: ...\n")
    assert check(right, module) == []
    wrong = {
        "def f(a: int, b: float = 1.0, c: str = 'x')": "f:",
        "def f(a: int, b: float = 1, *": "f: parameter b",
        "    y: float = 0.5\n": "R: the stub's fields",
        "k: int = 2": "R.m: parameter k",
        "N: int\n": "N: public in the module",
        "@dataclass(frozen=True)\n": "R: dataclass in the module only",
    }
    replacements = {
        "def f(a: int, b: float = 1.0, c: str = 'x')": ("def f(a: int, b: float = 1.0, *, c: str = 'x')", None),
        "def f(a: int, b: float = 1, *": ("def f(a: int, b: float = 1.0, *", None),
        "    y: float = 0.5\n": ("    y: float = 0.5\n", ""),
        "k: int = 2": ("k: int = 2", "k: int = 3"),
        "N: int\n": ("N: int\n", ""),
        "@dataclass(frozen=True)\n": ("@dataclass(frozen=True)\n", ""),
    }
    for key, expected in wrong.items():
        old, new = replacements[key]
        bad = right.replace(old, key if new is None else new)
        assert bad != right, key
        problems = check(bad, module)
        assert any(expected in p for p in problems), (key, problems)
