"""numpy broadcasting equals the scalar calls, element by element, bit for bit."""

import numpy as np
import pytest

import lilucb

T = np.array([1, 2, 7.5, 1e3, 1e6, 3.3e9])
EPS = np.array([0.01, 0.1, 0.5])
DELTA = np.array([1e-9, 1e-5, 1e-3])  # inside (0, log(1+eps)/e) for every EPS


def scalar_loop(f, *arrays, **fixed):
    b = np.broadcast(*arrays)
    out = np.empty(b.shape)
    for idx, args in zip(np.ndindex(*b.shape), b):
        v = f(*[float(a) for a in args], **fixed)
        out[idx] = np.nan if v is None else v
    return out


@pytest.mark.parametrize("inner", ["lemma", "plus2"])
def test_lil_bound_grid(inner):
    t, eps, delta = np.meshgrid(T, EPS, DELTA, indexing="ij")
    got = lilucb.lil_bound(t, eps, delta, 0.5, inner=inner)
    assert got.shape == t.shape
    assert np.array_equal(got, scalar_loop(lilucb.lil_bound, t, eps, delta, 0.5, inner=inner))


def test_issue_example_is_one_call():
    t = np.arange(1, 10**6)
    b = lilucb.lil_bound(t=t, eps=0.01, delta=1e-3, sigma=0.5)
    assert b.shape == t.shape and b.dtype == np.float64
    idx = [0, 1, 999, 123456, 10**6 - 2]
    assert [b[i] for i in idx] == [lilucb.lil_bound(t=float(t[i]), eps=0.01, delta=1e-3, sigma=0.5) for i in idx]
    assert isinstance(lilucb.lil_bound(t=10, eps=0.01, delta=1e-3), float)


@pytest.mark.parametrize("name,arrays", [
    ("lil_width", (T[:, None], 0.1, DELTA[None, :], 2.0)),
    ("lil_failure_probability", (EPS[:, None], DELTA[None, :])),
    ("lil_delta_for_failure_probability", (EPS[:, None], np.array([1e-6, 0.01, 0.5])[None, :])),
    ("lil_failure_probability_proof", (EPS[:, None], DELTA[None, :])),
    ("ls_bound", (T[:, None], 0.01, 1e-3, 0.5, np.array([1, 2, 1000])[None, :])),
    ("ls_failure_probability", (EPS[:, None], DELTA[None, :])),
    ("ls_failure_probability_union", (EPS[:, None], 1e-3, np.array([1, 10, 10**6])[None, :])),
    ("ls_delta_for_failure_probability", (EPS, 0.05)),
    ("rho", (EPS,)),
    ("gamma", (np.array([0.5, 1, 1.66])[:, None], EPS[None, :])),
    ("exploration_ratio", (np.array([0.5, 1, 1.66]),)),
    ("kappa", (np.array([0.5, 1, 1.66])[:, None], DELTA[None, :])),
    ("a_min_denominator", (np.array([1e-9, 0.1, 0.5, 0.9]),)),
    ("a_min", (1.0, np.array([1e-9, 0.1, 0.5, 0.9]))),
    ("a_min_proof", (1.0, np.array([1e-9, 1e-3, 0.1]), 0.01)),
    ("theorem_failure_bound", (EPS[:, None], DELTA[None, :])),
    ("lemma1_success_probability", (EPS[:, None], DELTA[None, :])),
    ("lemma2_success_probability", (EPS[:, None], DELTA[None, :])),
    ("leading_constant", (np.array([0.5, 1.66, 10]),)),
    ("total_samples_bound", (np.array([0, 1.5, 1e6]), np.array([1.01, 9.0, 100.0]))),
])
def test_vectorised_equals_scalar(name, arrays):
    f = getattr(lilucb, name)
    got = f(*arrays)
    want = scalar_loop(f, *[np.asarray(a, dtype=float) for a in arrays])
    assert got.shape == want.shape
    assert np.array_equal(got, want, equal_nan=True)


def test_optional_results_none_for_scalars_nan_in_arrays():
    assert lilucb.a_min(beta=1.0, delta=0.9) is None          # infeasible: denominator <= 0
    assert lilucb.theorem_failure_bound(eps=0.01, delta=0.5) is None  # vacuous
    arr = lilucb.a_min(beta=1.0, delta=[1e-6, 0.9])
    assert np.isfinite(arr[0]) and np.isnan(arr[1])


def test_lists_broadcast_like_arrays():
    assert np.array_equal(lilucb.rho([0.01, 0.5]), lilucb.rho(np.array([0.01, 0.5])))
