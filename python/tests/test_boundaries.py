"""Boundaries, crossing probabilities, calibration and the characteristic time from Python: the same
numbers as the lilucb command (bit for bit), numpy vectorisation equal to the scalar calls, and invalid
input raising DomainError with the CLI's message.  The crossing computations run at small horizons
only (milliseconds each); reference_values.cpp covers the closed-form functions at many inputs."""

import math
import threading
import time

import numpy as np
import pytest

import lilucb

from test_agreement import same

PREFIX = "lilucb: error: "

# (keyword arguments of the Python call, options of the CLI): one boundary of each family.
BOUNDARIES = [
    (dict(kind="lil", alpha=1e-3), ["--kind", "lil", "--alpha", "1e-3"]),
    (dict(kind="lil", alpha=0.2, eps=0.5, inner="plus2", sigma=0.5),
     ["--kind", "lil", "--alpha", "0.2", "--eps", "0.5", "--inner", "plus2", "--sigma", "0.5"]),
    (dict(kind="lil-plus2", alpha=0.05, eps=0.3), ["--kind", "lil-plus2", "--alpha", "0.05", "--eps", "0.3"]),
    (dict(kind="stitched", alpha=0.05), ["--kind", "stitched", "--alpha", "0.05"]),
    (dict(kind="stitched", alpha=0.01, eta=1.7, s=2.2, m=4.0, c=0.5, sigma=2.0),
     ["--kind", "stitched", "--alpha", "0.01", "--eta", "1.7", "--s", "2.2", "--m", "4", "--c", "0.5", "--sigma", "2"]),
    (dict(kind="mixture", alpha=0.05), ["--kind", "mixture", "--alpha", "0.05"]),
    (dict(kind="mixture-two-sided", alpha=0.1, v_opt=30.0, sigma=0.7),
     ["--kind", "mixture-two-sided", "--alpha", "0.1", "--v-opt", "30", "--sigma", "0.7"]),
    (dict(kind="linear", a=3.0, b=0.2), ["--kind", "linear", "--a", "3", "--b", "0.2"]),
    (dict(kind="constant", c=4.5), ["--kind", "constant", "--c", "4.5"]),
]


@pytest.mark.parametrize("kw,opts", BOUNDARIES)
@pytest.mark.parametrize("t", [1, 12.5, 1e6])
def test_boundary_agrees_with_cli(cli, kw, opts, t):
    j = cli("boundary", *opts, "--t", t)
    b = lilucb.boundary(t=t, **kw)
    assert isinstance(b, lilucb.Boundary) and "Boundary(kind=" in repr(b)
    d = b.to_dict()
    assert d.keys() == j.keys()
    for k in j:
        assert same(d[k], j[k]), (k, d[k], j[k])
    assert same(lilucb.boundary_radius(t=t, **kw), j["radius"])
    assert same(lilucb.boundary_width(t=t, **kw), j["width"])
    assert same(lilucb.stated_crossing_probability(**{k: v for k, v in kw.items()}), j["stated_crossing_probability"])


@pytest.mark.parametrize("kw,opts", BOUNDARIES)
def test_crossing_agrees_with_cli(cli, kw, opts):
    j = cli("crossing", *opts, "--horizon", 60, "--resolution", 2)
    r = lilucb.crossing_probability(horizon=60, resolution=2, **kw)
    assert isinstance(r, lilucb.Crossing)
    assert "probability_lower=" in repr(r) and "tail_bound=" in repr(r) and "method=" in repr(r)
    for k in j:
        assert same(getattr(r, k), j[k]), (k, getattr(r, k), j[k])
    assert 0 <= r.probability_lower <= r.estimate <= r.probability_upper <= 1
    assert r.resolution == 2 and r.horizon == 60
    if kw["kind"] == "constant":
        assert r.tail_bound is None
    # the tail bound is the family's, at T = horizon
    tb = lilucb.boundary_tail_bound(T=60, **kw)
    assert same(tb, r.tail_bound)


@pytest.mark.parametrize("kw,opts", [
    (dict(kind="stitched"), ["--kind", "stitched"]),
    (dict(kind="mixture", sigma=0.5), ["--kind", "mixture", "--sigma", "0.5"]),
    (dict(kind="lil", eps=0.5), ["--kind", "lil", "--eps", "0.5"]),
])
def test_calibrate_agrees_with_cli(cli, kw, opts):
    j = cli("calibrate", *opts, "--target", 0.05, "--horizon", 30, "--resolution", 1)
    r = lilucb.calibrate(target=0.05, horizon=30, resolution=1, **kw)
    assert isinstance(r, lilucb.Calibration)
    for k in ("alpha=", "alpha_ratio=", "width_ratio="):
        assert k in repr(r)
    for k in j:
        if k == "width_ratio":
            assert sorted(r.width_ratio) == sorted(float(t) for t in j[k])
            for t, v in j[k].items():
                assert same(r.width_ratio[float(t)], v), (t, r.width_ratio[float(t)], v)
        else:
            assert same(getattr(r, k), j[k]), (k, getattr(r, k), j[k])
    assert r.achieved <= 0.05 and r.evaluations >= 2
    assert same(r.stated_alpha, lilucb.stated_alpha_for(p=0.05, **kw))


def test_calibrate_lil_at_the_default_eps():
    # calibrate ignores alpha; the finite-LIL family's placeholder alpha lies in the lemma's delta range
    # (cli/boundary_options.cpp), so the default eps = 0.01 calibrates, from Python as from `lilucb calibrate`.
    r = lilucb.calibrate(kind="lil", target=0.05, horizon=10, resolution=1)
    assert same(r.stated_alpha, lilucb.lil_delta_for_failure_probability(eps=0.01, p=0.05, inner="lemma"))
    assert 0 < r.alpha and r.achieved <= 0.05


@pytest.mark.parametrize("means,arms,sigma", [
    ("0.5,0.45,0.1", "gaussian", 1), ("0.1,0.9,0.3,0.85", "gaussian", 0.5), ("0.9,0.1", "bernoulli", 1),
    ("0.6,0.5,0.5,0.5,0.0", "bernoulli", 1), ("0.6,0.5,0.45", "bounded", 1), ("3,2.5,1", "bounded", 1),
])
def test_characteristic_time_agrees_with_cli(cli, means, arms, sigma):
    # --sigma applies to Gaussian arms only (the CLI refuses it with --model bernoulli); bounded arms:
    # Beta laws on a range (here [0, 1] at the default concentration, or [0, 4] at concentration 4)
    extra = {"gaussian": ("--sigma", sigma), "bernoulli": (), "bounded": ("--range", "0,1")}[arms]
    kw = {"range": (0, 1)} if arms == "bounded" else {}
    if means == "3,2.5,1":
        extra, kw = ("--range", "0,4", "--concentration", 4), {"range": (0, 4), "concentration": 4.0}
    j = cli("hardness", "--means", means, "--model", arms, *extra)
    m = [float(x) for x in means.split(",")]
    ct = lilucb.characteristic_time(m, sigma=sigma, model=arms, **kw)
    assert isinstance(ct, lilucb.CharacteristicTime) and "t_star=" in repr(ct)
    assert same(ct.t_star, j["t_star"])
    assert [x.hex() for x in ct.w_star.tolist()] == [float(x).hex() for x in j["w_star"]]
    delta = j["lower_bound_delta"]
    assert same(lilucb.bai_lower_bound(t_star=ct.t_star, delta=delta), j["lower_bound"])
    # the CLI's predictor writes the heuristic threshold as log((1 + log t)/delta)
    got = lilucb.fixed_point_stopping_time(ct.t_star, beta=lambda t: math.log((1 + math.log(t)) / delta))
    assert same(got, j["fixed_point_heuristic_glr"])


@pytest.mark.parametrize("means,extra,kw", [
    # Gaussian arms of unknown variances: at their sigmas, or at sigma 0.5 each (the CLI's default)
    ("0.5,0.4,0.1", ("--sigma", "unknown", "--arm-sigmas", "0.3,1,0.5"),
     dict(arm_sigmas=[0.3, 1.0, 0.5], unknown_variance=True)),
    ("0.5,0.4,0.1", ("--sigma", "unknown"), dict(unknown_variance=True)),
    ("1,0.2,0.9,-3", ("--sigma", "unknown", "--arm-sigmas", "2,0.01,0.7,5"),
     dict(arm_sigmas=[2.0, 0.01, 0.7, 5.0], unknown_variance=True)),
    # different known variances
    ("0.5,0.4,0.1", ("--arm-sigmas", "0.3,1,0.5"), dict(arm_sigmas=[0.3, 1.0, 0.5])),
])
def test_characteristic_time_of_arm_sigmas_and_unknown_variances_agrees_with_cli(cli, means, extra, kw):
    j = cli("hardness", "--means", means, *extra)
    m = [float(x) for x in means.split(",")]
    ct = lilucb.characteristic_time(m, **kw)
    assert same(ct.t_star, j["t_star"])
    assert [x.hex() for x in ct.w_star.tolist()] == [float(x).hex() for x in j["w_star"]]
    assert same(lilucb.bai_lower_bound(t_star=ct.t_star, delta=j["lower_bound_delta"]), j["lower_bound"])
    assert j["unknown_variance"] is kw.get("unknown_variance", False)
    if kw.get("unknown_variance"):
        # the same arms with their variances known: the CLI prints their T*, at most the unknown one's
        known = lilucb.characteristic_time(m, arm_sigmas=kw.get("arm_sigmas"))
        assert same(known.t_star, j["t_star_known_variance"])
        assert [x.hex() for x in known.w_star.tolist()] == [float(x).hex() for x in j["w_star_known_variance"]]
        assert known.t_star <= ct.t_star
    else:
        assert j["t_star_known_variance"] is None


def test_characteristic_time_defaults_are_unchanged_by_arm_sigmas_and_unknown_variance():
    m = [0.5, 0.4, 0.1]
    base = lilucb.characteristic_time(m, sigma=0.7)
    for ct in (lilucb.characteristic_time(m, sigma=0.7, arm_sigmas=None, unknown_variance=False),
               lilucb.characteristic_time(m, arm_sigmas=[0.7] * 3)):
        assert ct.t_star == pytest.approx(base.t_star, rel=1e-13)
        assert np.allclose(ct.w_star, base.w_star, rtol=1e-12, atol=0)
    # unknown_variance at sigma each: the same as arm_sigmas = [sigma] * K, and at least the known T*
    uv = lilucb.characteristic_time(m, sigma=0.7, unknown_variance=True)
    assert same(uv.t_star, lilucb.characteristic_time(m, arm_sigmas=[0.7] * 3, unknown_variance=True).t_star)
    assert uv.t_star >= base.t_star


@pytest.mark.parametrize("kw,parameter", [
    (dict(arm_sigmas=[1.0, 2.0]), "arm_sigmas"),
    (dict(arm_sigmas=[1.0, 0.0, 2.0]), "arm_sigmas[1]"),
    (dict(arm_sigmas=[1.0, -1.0, 2.0], unknown_variance=True), "arm_sigmas[1]"),
    (dict(arm_sigmas=[1.0, math.nan, 2.0]), "arm_sigmas[1]"),
    (dict(arm_sigmas=[1.0, math.inf, 2.0], unknown_variance=True), "arm_sigmas[1]"),
    (dict(arm_sigmas=[1e-300, 1.0, 1.0], unknown_variance=True), "arm_sigmas"),
    (dict(model="bernoulli", arm_sigmas=[1.0, 1.0, 1.0]), "arm_sigmas"),
    (dict(model="bernoulli", unknown_variance=True), "unknown_variance"),
    (dict(model="bounded", range=(0, 1), unknown_variance=True), "unknown_variance"),
    (dict(sigma=math.nan, arm_sigmas=[1.0, 1.0, 1.0]), "sigma"),
    (dict(sigma=-1.0, unknown_variance=True), "sigma"),
])
def test_characteristic_time_refuses_bad_arm_sigmas_and_unknown_variance(kw, parameter):
    with pytest.raises(lilucb.DomainError) as e:
        lilucb.characteristic_time([0.5, 0.4, 0.1], **kw)
    assert e.value.parameter == parameter, str(e.value)
    assert parameter.split("[")[0] in str(e.value)


def test_characteristic_time_closed_forms():
    # two Gaussian arms: T* = 8 sigma^2/Delta^2, w* = (1/2, 1/2) (characteristic_time.hpp)
    ct = lilucb.characteristic_time([0.75, 0.25], sigma=0.5)
    assert ct.t_star == pytest.approx(8 * 0.25 / 0.25, rel=1e-14)
    assert np.allclose(ct.w_star, [0.5, 0.5], rtol=1e-14, atol=0)
    assert ct.w_star.sum() == pytest.approx(1, rel=1e-15)


T = np.array([1, 2, 7.5, 1e3, 1e6, 3.3e9])


@pytest.mark.parametrize("kw,alphas", [
    (dict(kind="lil"), np.array([1e-9, 1e-5, 1e-3])),
    (dict(kind="lil-plus2", eps=0.2), np.array([1e-9, 0.01, 0.5])),
    (dict(kind="stitched", sigma=0.5), np.array([1e-6, 0.05, 0.5])),
    (dict(kind="mixture"), np.array([1e-6, 0.05, 0.4])),
    (dict(kind="mixture-two-sided", v_opt=10.0), np.array([1e-6, 0.05, 0.9])),
])
def test_boundary_vectorised_equals_scalar(kw, alphas):
    got = lilucb.boundary_radius(t=T[:, None], alpha=alphas[None, :], **kw)
    assert got.shape == (T.size, alphas.size) and np.all(np.isfinite(got)) and np.all(got > 0)
    want = np.array([[lilucb.boundary_radius(t=float(t), alpha=float(a), **kw) for a in alphas] for t in T])
    assert np.array_equal(got, want)
    w = lilucb.boundary_width(t=T[:, None], alpha=alphas[None, :], **kw)
    assert np.array_equal(w, want / T[:, None])
    p = lilucb.stated_crossing_probability(alpha=alphas, **kw)
    want_p = [lilucb.stated_crossing_probability(alpha=float(a), **kw) for a in alphas]
    assert np.array_equal(p, np.array([np.nan if x is None else x for x in want_p]), equal_nan=True)
    tb = lilucb.boundary_tail_bound(T=T[:, None], alpha=alphas[None, :], **kw)
    want_tb = [[lilucb.boundary_tail_bound(T=float(t), alpha=float(a), **kw) for a in alphas] for t in T]
    assert np.array_equal(tb, np.array([[np.nan if x is None else x for x in r] for r in want_tb]), equal_nan=True)


def test_many_distinct_alphas():
    # more distinct alphas than the binding keeps built (64), in a broadcast grid and repeated
    alphas = np.concatenate([np.linspace(1e-4, 0.3, 100), [0.05, 0.05, 1e-4]])
    t = np.array([1, 10, 1e4])
    got = lilucb.boundary_radius(kind="mixture", t=t[:, None], alpha=alphas[None, :])
    want = np.array([[lilucb.boundary_radius(kind="mixture", t=float(x), alpha=float(a)) for a in alphas] for x in t])
    assert np.array_equal(got, want)


def test_one_million_times_is_one_call():
    t = np.arange(1, 10**6 + 1)
    start = time.perf_counter()
    u = lilucb.boundary_radius(kind="stitched", t=t, alpha=0.05, sigma=0.5)
    assert time.perf_counter() - start < 5  # measured ~0.3 s: one spec, no Python loop
    assert u.shape == t.shape and np.all(np.isfinite(u)) and np.all(np.diff(u) >= 0)
    assert isinstance(lilucb.boundary_radius(kind="linear", t=3), float)


@pytest.mark.parametrize("name,arrays", [
    ("stitched_radius", (np.array([0, 0.5, 10, 1e9])[:, None], np.array([1e-6, 0.05, 0.5])[None, :])),
    ("stitched_tail_probability", (np.array([0, 0.5, 10, 1e9])[:, None], np.array([1e-6, 0.05, 0.5])[None, :])),
    ("normal_mixture_rho", (np.array([1, 100, 1e6])[:, None], np.array([1e-6, 0.05, 0.4])[None, :])),
    ("normal_mixture_radius", (np.array([0, 1, 1e4])[:, None], np.array([1e-6, 0.05, 0.4])[None, :], 3.0)),
    ("normal_mixture_tail_probability", (np.array([0.5, 1, 1e4])[:, None], np.array([1e-6, 0.05, 0.4])[None, :], 3.0)),
    ("normal_mixture_log_supermartingale", (np.array([-3, 0, 2.5])[:, None], np.array([0, 1, 1e4])[None, :], 3.0)),
    ("linear_radius", (np.array([0, 1, 1e4]), 2.0, 0.5)),
    ("brownian_linear_crossing_probability", (np.array([0, 1, 4.0])[:, None], np.array([0.01, 0.5])[None, :], 1.0)),
    ("linear_tail_probability", (np.array([1, 30, 1e5])[:, None], 2.0, np.array([0.01, 0.5])[None, :], 1.0)),
    ("lil_tail_probability", (np.array([1, 7, 1e6, 1e300])[:, None], 0.01, np.array([1e-12, 1e-3])[None, :])),
    ("kk_g_gaussian", (np.array([0.51, 0.75, 0.99]),)),
    ("kk_calibration_gaussian", (np.array([0, 0.5, 40]),)),
    ("glr_threshold_gaussian", (np.array([1, 100, 1e7])[:, None], np.array([1e-9, 0.5])[None, :], 5.0)),
    ("glr_threshold_heuristic", (np.array([1, 100, 1e7])[:, None], np.array([1e-9, 0.5])[None, :])),
    ("bernoulli_kl", (np.array([0, 0.2, 1])[:, None], np.array([0.1, 0.5, 0.9])[None, :])),
    ("kl_delta", (np.array([1e-9, 0.1, 0.5]),)),
    ("bai_lower_bound", (np.array([1, 1e4]), np.array([1e-6, 0.25]))),
    ("repaired_delta_max", (np.array([0.001, 0.01, 0.9]),)),
    ("repaired_kappa", (1.0, np.array([1e-12, 1e-9, 1e-6]), 0.01)),
    ("repaired_a_min", (np.array([0.5, 1.66])[:, None], np.array([1e-12, 1e-9, 1e-6])[None, :], 0.01)),
    ("repaired_alpha", (0.01, np.array([1e-12, 1e-9, 1e-6]))),
    ("repaired_failure_bound", (0.01, np.array([1e-12, 1e-9, 1e-6]))),
    ("repaired_sample_factor", (1.0, np.array([1e-12, 1e-9, 1e-6]), 0.01)),
])
def test_vectorised_equals_scalar(name, arrays):
    f = getattr(lilucb, name)
    got = f(*arrays)
    b = np.broadcast(*[np.asarray(a, dtype=float) for a in arrays])
    want = np.empty(b.shape)
    for idx, args in zip(np.ndindex(*b.shape), b):
        v = f(*[float(a) for a in args])
        want[idx] = np.nan if v is None else v
    assert got.shape == want.shape
    assert np.array_equal(got, want, equal_nan=True)
    if name != "repaired_failure_bound":  # None/NaN there means "vacuous"
        assert not np.any(np.isnan(got)), name


def test_one_sided_mixture_sides_argument():
    two = lilucb.normal_mixture_radius(v=100.0, alpha=0.05, rho=3.0)
    one = lilucb.normal_mixture_radius(v=100.0, alpha=0.05, rho=3.0, sides="one-sided")
    assert one < two  # the one-sided mixture bounds one tail only
    with pytest.raises(lilucb.DomainError) as e:
        lilucb.normal_mixture_radius(v=100.0, alpha=0.05, rho=3.0, sides="both")
    assert e.value.parameter == "sides"


def test_fixed_point_thresholds():
    ct = lilucb.characteristic_time([0.5, 0.3, 0.2, 0.1], sigma=1.0)
    h = lilucb.fixed_point_stopping_time(ct.t_star, beta="heuristic", delta=0.01)
    assert h == lilucb.fixed_point_stopping_time(ct.t_star, beta=lambda t: lilucb.glr_threshold_heuristic(t, 0.01))
    assert h >= ct.t_star * lilucb.glr_threshold_heuristic(h, 0.01) * (1 - 1e-12)
    k = lilucb.fixed_point_stopping_time(ct.t_star, beta="kk21", delta=0.01, K=4)
    assert k > h  # the certified threshold is larger
    with pytest.raises(lilucb.DomainError, match="delta"):
        lilucb.fixed_point_stopping_time(ct.t_star, beta="heuristic")
    with pytest.raises(lilucb.DomainError, match="K"):
        lilucb.fixed_point_stopping_time(ct.t_star, beta="kk21", delta=0.01)
    with pytest.raises(lilucb.DomainError, match="beta"):
        lilucb.fixed_point_stopping_time(ct.t_star, beta="chernoff")
    with pytest.raises(lilucb.DomainError, match="t_star"):
        lilucb.fixed_point_stopping_time(-1.0, beta="heuristic", delta=0.1)


@pytest.mark.parametrize("call,cli_args", [
    (lambda: lilucb.boundary(kind="stitched", t=10), ["boundary", "--kind", "stitched", "--t", "10"]),
    (lambda: lilucb.boundary(kind="stiched", t=10, alpha=0.05), ["boundary", "--kind", "stiched", "--alpha", "0.05", "--t", "10"]),
    (lambda: lilucb.boundary(kind="stitched", t=10, alpha=2.0), ["boundary", "--kind", "stitched", "--alpha", "2", "--t", "10"]),
    (lambda: lilucb.boundary(kind="stitched", t=0.5, alpha=0.05), ["boundary", "--kind", "stitched", "--alpha", "0.05", "--t", "0.5"]),
    (lambda: lilucb.boundary(kind="stitched", t=10, alpha=0.05, m=0.0),
     ["boundary", "--kind", "stitched", "--alpha", "0.05", "--t", "10", "--m", "0"]),
    (lambda: lilucb.boundary(kind="stitched", t=10, alpha=0.05, eta=1.0),
     ["boundary", "--kind", "stitched", "--alpha", "0.05", "--t", "10", "--eta", "1"]),
    (lambda: lilucb.boundary(kind="mixture", t=10, alpha=0.05, v_opt=-1.0),
     ["boundary", "--kind", "mixture", "--alpha", "0.05", "--t", "10", "--v-opt", "-1"]),
    (lambda: lilucb.boundary(kind="mixture", t=10, alpha=0.7), ["boundary", "--kind", "mixture", "--alpha", "0.7", "--t", "10"]),
    (lambda: lilucb.boundary(kind="lil", t=10, alpha=0.05), ["boundary", "--kind", "lil", "--alpha", "0.05", "--t", "10"]),
    (lambda: lilucb.boundary(kind="lil", t=10, alpha=1e-3, inner="lemmas"),
     ["boundary", "--kind", "lil", "--alpha", "1e-3", "--t", "10", "--inner", "lemmas"]),
    (lambda: lilucb.boundary(kind="constant", t=10), ["boundary", "--kind", "constant", "--t", "10"]),
    (lambda: lilucb.boundary(kind="linear", t=10, b=-1.0), ["boundary", "--kind", "linear", "--t", "10", "--b", "-1"]),
    (lambda: lilucb.boundary(kind="stitched", t=10, alpha=0.05, sigma=math.nan),
     ["boundary", "--kind", "stitched", "--alpha", "0.05", "--t", "10", "--sigma", "nan"]),
    (lambda: lilucb.crossing_probability(kind="stitched", alpha=0.05, horizon=0),
     ["crossing", "--kind", "stitched", "--alpha", "0.05", "--horizon", "0"]),
    (lambda: lilucb.crossing_probability(kind="stitched", alpha=0.05, horizon=2.5),
     ["crossing", "--kind", "stitched", "--alpha", "0.05", "--horizon", "2.5"]),
    (lambda: lilucb.crossing_probability(kind="stitched", alpha=0.05, horizon=10**8),
     ["crossing", "--kind", "stitched", "--alpha", "0.05", "--horizon", "100000000"]),
    (lambda: lilucb.crossing_probability(kind="stitched", alpha=0.05, horizon=10, resolution=300),
     ["crossing", "--kind", "stitched", "--alpha", "0.05", "--horizon", "10", "--resolution", "300"]),
    (lambda: lilucb.crossing_probability(kind="mixture", horizon=10), ["crossing", "--kind", "mixture", "--horizon", "10"]),
    (lambda: lilucb.calibrate(kind="stitched", target=0.7), ["calibrate", "--kind", "stitched", "--target", "0.7"]),
    (lambda: lilucb.calibrate(kind="linear", target=0.05), ["calibrate", "--kind", "linear", "--target", "0.05"]),
    (lambda: lilucb.calibrate(kind="stitched", target=0.05, horizon=-1),
     ["calibrate", "--kind", "stitched", "--target", "0.05", "--horizon", "-1"]),
    (lambda: lilucb.calibrate(kind="stitched", target=0.05, resolution=65),
     ["calibrate", "--kind", "stitched", "--target", "0.05", "--resolution", "65"]),
    (lambda: lilucb.characteristic_time([0.5, 1.5], model="bernoulli"),
     ["hardness", "--means", "0.5,1.5", "--model", "bernoulli", "--nu", "0.1"]),
])
def test_same_message_as_cli(cli_error, same_refusal, call, cli_args):
    with pytest.raises(lilucb.DomainError) as e:
        call()
    line = cli_error(*cli_args)
    assert same_refusal(line, e.value, cli_args), (line, str(e.value))


def test_characteristic_time_needs_a_unique_best_arm():
    # (`lilucb hardness` checks the means with best_arm first, so its message names lilucb::best_arm)
    for arms in ("gaussian", "bernoulli"):
        with pytest.raises(lilucb.DomainError) as e:
            lilucb.characteristic_time([0.5, 0.5, 0.1], model=arms)
        assert e.value.parameter == "means[1]" and "ties means[0]" in str(e.value)
    with pytest.raises(lilucb.DomainError) as e:
        lilucb.characteristic_time([0.5], model="gaussian")
    assert e.value.parameter == "means"
    with pytest.raises(lilucb.DomainError) as e:
        lilucb.characteristic_time([0.5, 0.1], model="poisson")
    assert e.value.parameter == "model"


def test_bad_element_inside_an_array_raises_never_nan():
    with pytest.raises(lilucb.DomainError, match="t = 0.5"):
        lilucb.boundary_radius(kind="stitched", t=np.array([1.0, 0.5]), alpha=0.05)
    with pytest.raises(lilucb.DomainError, match="alpha = nan"):
        lilucb.boundary_radius(kind="stitched", t=10, alpha=np.array([0.05, np.nan]))
    with pytest.raises(lilucb.DomainError, match="alpha = 1.5"):
        lilucb.stated_crossing_probability(kind="mixture", alpha=[0.05, 1.5])
    with pytest.raises(lilucb.DomainError, match="p = 0.5"):
        lilucb.stated_alpha_for(kind="stitched", p=[0.05, 0.5])
    with pytest.raises(lilucb.DomainError, match="lambda = 1"):
        lilucb.kk_g_gaussian(lambda_=[0.75, 1.0])


def test_crossing_engine_agrees_with_monte_carlo():
    # 20000 paths of the stream (seed, i): the count is a binomial draw of the true crossing probability p.
    # The engine's bracket [lower, upper] must meet the exact two-sided Clopper-Pearson interval at level 1e-6.
    kw = dict(kind="stitched", alpha=0.3, horizon=40)
    mc = lilucb.crossing_monte_carlo(paths=20000, seed=7, **kw)
    assert mc == lilucb.crossing_monte_carlo(paths=20000, seed=7, **kw)  # deterministic
    assert mc.paths == 20000 and 0 < mc.crossed < mc.paths
    lo = lilucb.clopper_pearson_lower(mc.crossed, mc.paths, 0.5e-6)
    hi = lilucb.clopper_pearson_upper(mc.crossed, mc.paths, 0.5e-6)
    r = lilucb.crossing_probability(resolution=4, **kw)
    assert r.probability_lower <= hi and lo <= r.probability_upper, (lo, hi, r)


def test_crossing_releases_the_gil():
    ticks = []
    stop = threading.Event()

    def tick():
        while not stop.is_set():
            ticks.append(1)
            time.sleep(0.001)

    th = threading.Thread(target=tick)
    th.start()
    try:
        start = time.perf_counter()
        lilucb.crossing_probability(kind="stitched", alpha=0.05, horizon=30000, resolution=4)
        elapsed = time.perf_counter() - start
    finally:
        stop.set()
        th.join()
    # a call holding the GIL for `elapsed` seconds would leave the ticker ~1 tick; about 0.3 s of CPU
    assert elapsed > 0.05 and len(ticks) >= 10, (elapsed, len(ticks))


def test_a_family_argument_given_for_another_kind_is_refused_by_name():
    # None means "not given" (the family's default); any value for a family the argument does not
    # apply to is refused, as the CLI refuses the option (`lilucb boundary --kind lil --a 5`).
    for call, name in [
        (lambda: lilucb.boundary(kind="lil", t=10, alpha=1e-3, a=5.0), "a"),
        (lambda: lilucb.boundary(kind="stitched", t=10, alpha=0.05, inner="plus2"), "inner"),
        (lambda: lilucb.boundary(kind="mixture", t=10, alpha=0.05, eps=0.01), "eps"),
        (lambda: lilucb.boundary_radius("mixture", [10.0, 100.0], alpha=0.05, eta=2.0), "eta"),
        (lambda: lilucb.crossing_probability("linear", 10, b=0.1, v_opt=100.0), "v_opt"),
        (lambda: lilucb.calibrate("stitched", 0.05, horizon=10, a=1.0), "a"),
        (lambda: lilucb.boundary(kind="lil-plus2", t=10, alpha=0.05, inner="plus2"), "inner"),
        (lambda: lilucb.boundary(kind="linear", t=10, alpha=0.05), "alpha"),
        (lambda: lilucb.boundary_width("constant", [1.0, 2.0], alpha=[0.05, 0.1], c=3.0), "alpha"),
    ]:
        with pytest.raises(lilucb.DomainError) as e:
            call()
        assert e.value.parameter == name and "applies to" in str(e.value), str(e.value)
    # Given where it applies, the default value is the default.
    assert lilucb.boundary(kind="stitched", t=10, alpha=0.05, eta=2.0, s=1.4) == lilucb.boundary(
        kind="stitched", t=10, alpha=0.05)
    assert lilucb.boundary(kind="lil", t=10, alpha=1e-3, eps=0.01, inner="lemma") == lilucb.boundary(
        kind="lil", t=10, alpha=1e-3)


def test_characteristic_time_epsilon_closed_forms_and_domain():
    # K tied Gaussian arms: T*_eps = 2 sigma^2 (1 + sqrt(K - 1))^2 / eps^2, the answer's share
    # 1/(1 + sqrt(K - 1)); at eps = 0 with distinct means it is T*; the lower bound is T* kl(delta, 1 - delta).
    r = lilucb.characteristic_time_epsilon([0.5] * 4, 0.1, sigma=1.0)
    assert r.t_star == pytest.approx(2 * (1 + math.sqrt(3)) ** 2 / 0.01, rel=1e-12)
    assert r.w_star[r.answer] == pytest.approx(1 / (1 + math.sqrt(3)), rel=1e-12)
    assert r.w_star.sum() == pytest.approx(1.0)
    means = [0.5, 0.45, 0.3]
    assert lilucb.characteristic_time_epsilon(means, 0.0).t_star == pytest.approx(
        lilucb.characteristic_time(means).t_star, rel=1e-12)
    b = lilucb.characteristic_time_epsilon([0.5, 0.5, 0.49], 0.02, model="bernoulli")
    assert math.isfinite(b.t_star) and b.answer in (0, 1)
    with pytest.raises(lilucb.DomainError, match="epsilon"):
        lilucb.characteristic_time_epsilon(means, -0.1)
    with pytest.raises(lilucb.DomainError, match="means"):
        lilucb.characteristic_time_epsilon([0.5, -0.1], 0.1, relative=True)
