"""The package's surface: every public name is in the type stub with the same parameter names,
and every public function has a docstring (theory functions: formula and domain)."""

import ast
import inspect
import os
import re

import lilucb

STUB = os.path.join(os.path.dirname(lilucb.__file__), "__init__.pyi")


def stub_definitions():
    tree = ast.parse(open(STUB).read())
    out = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            out[node.name] = [a.arg for a in node.args.args]
        elif isinstance(node, ast.ClassDef):
            out[node.name] = None
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            out[node.target.id] = None
    return out


def parameter_names(f):
    try:
        return list(inspect.signature(f).parameters)
    except (TypeError, ValueError):
        # pybind11 functions: the first docstring line is "name(a: type, b: type = default) -> type"
        first = f.__doc__.splitlines()[0]
        inside = first[first.index("(") + 1:first.rindex(")")]
        return re.findall(r"(?:^|, )(\w+):", inside)


def test_every_public_name_is_in_the_stub_with_its_parameters():
    stub = stub_definitions()
    public = [n for n in lilucb.__all__ if n != "annotations"]
    missing = sorted(set(public) - set(stub))
    assert not missing, missing
    for name in public:
        obj = getattr(lilucb, name)
        if callable(obj) and not inspect.isclass(obj):
            assert parameter_names(obj) == stub[name], name


def test_every_public_function_has_a_docstring():
    for name in lilucb.__all__:
        obj = getattr(lilucb, name)
        if callable(obj):
            assert obj.__doc__ and len(obj.__doc__.strip()) > 20, name


def test_help_states_formula_and_domain():
    doc = lilucb.lil_bound.__doc__
    assert "(1+sqrt(eps)) sqrt(2 sigma^2 (1+eps) t log(log((1+eps) t + c)/delta))" in doc
    assert "Domain: t >= 1" in doc and "Lemma lem:lil" in doc
    for name in ("lil_width", "lil_failure_probability", "ls_bound", "rho", "gamma", "kappa", "a_min",
                 "theorem_failure_bound", "lemma1_bound", "farrell_lower_bound", "params", "certified_setting",
                 "boundary", "boundary_radius", "boundary_tail_bound", "crossing_probability", "calibrate",
                 "characteristic_time", "stitched_radius", "normal_mixture_radius", "glr_threshold_gaussian",
                 "kl_delta", "bai_lower_bound", "repaired_a_min", "repaired_failure_bound"):
        assert "Domain" in getattr(lilucb, name).__doc__, name
