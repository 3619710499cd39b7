"""Every binding agrees with the C++ library to the last bit: values printed by a C++ helper
(reference_values.cpp) at a sample of inputs, and the JSON the lilucb command prints."""

import json
import math
import subprocess

import numpy as np
import pytest

import lilucb


def same(a, b):
    """Bit-for-bit equality of floats (None and ints compared as they are)."""
    if a is None or b is None:
        return a is None and b is None
    if isinstance(a, float) or isinstance(b, float):
        return float(a).hex() == float(b).hex()
    return a == b


def test_reference_helper_values_agree_bit_for_bit(reference_values):
    names = set()
    for row in reference_values:
        f = getattr(lilucb, row["f"])
        got = f(**row["args"])
        if "field" in row:  # a field of a result object
            got = getattr(got, row["field"])
        if isinstance(got, np.ndarray):
            assert got.dtype == np.float64 and [x.hex() for x in got.tolist()] == [float(x).hex() for x in row["value"]], (row, got)
            names.add(row["f"])
            continue
        if isinstance(got, (np.floating, np.integer)):
            got = got.item()
        assert same(got, row["value"]), (row, got)
        names.add(row["f"])
    # the sample covers every real-valued theory and instance binding
    assert names == {
        "lil_delta_max", "rho", "lil_bound", "lil_width", "lil_failure_probability", "lil_failure_probability_proof",
        "ls_failure_probability", "theorem_failure_bound", "lemma1_success_probability", "lemma2_success_probability",
        "ls_failure_probability_union", "ls_bound", "kappa", "a_min", "a_min_proof", "lil_delta_for_failure_probability",
        "ls_delta_for_failure_probability", "gamma", "a_min_denominator", "exploration_ratio", "leading_constant",
        "optimal_beta", "best_arm", "hardness_h1", "hardness_h3", "farrell_lower_bound", "lemma1_bound",
        "lemma1_bound_proof", "total_samples_bound",
        # boundaries/ (family.hpp and each family), characteristic_time.hpp, repaired_theorem.hpp
        "boundary_radius", "boundary_width", "stated_crossing_probability", "boundary_tail_bound", "stated_alpha_for",
        "stitched_radius", "stitched_tail_probability", "normal_mixture_rho", "normal_mixture_radius",
        "normal_mixture_log_supermartingale", "normal_mixture_tail_probability", "linear_radius",
        "brownian_linear_crossing_probability", "linear_tail_probability", "lil_tail_probability", "kk_g_gaussian",
        "kk_calibration_gaussian", "glr_threshold_heuristic", "glr_threshold_gaussian", "bernoulli_kl", "kl_delta",
        "bai_lower_bound", "characteristic_time", "fixed_point_stopping_time", "repaired_delta_max",
        "repaired_alpha", "repaired_failure_bound", "repaired_kappa", "repaired_a_min", "repaired_sample_factor",
        "clopper_pearson_lower", "clopper_pearson_upper", "binomial_critical_count"}, sorted(names)


def test_reference_values_agree_when_vectorised(reference_values):
    # lil_bound over the whole sample at once equals the per-input values
    rows = [r for r in reference_values if r["f"] == "lil_bound" and r["args"]["inner"] == "plus2"]
    cols = {k: np.array([r["args"][k] for r in rows]) for k in ("t", "eps", "delta", "sigma")}
    got = lilucb.lil_bound(**cols, inner="plus2")
    want = np.array([r["value"] for r in rows])
    assert got.shape == want.shape and np.array_equal(got, want)


@pytest.mark.parametrize("t,eps,delta,sigma,inner", [
    (1, 0.01, 1e-3, 1, "plus2"), (1000, 0.01, 1e-3, 0.5, "plus2"), (1e6, 0.5, 0.1, 2, "lemma"),
    (3, 0, 0.5, 1, "plus2"), (12345.678, 0.9, 1e-300, 0.25, "lemma"), (1e300, 0.3, 0.01, 1, "plus2"),
])
def test_bound_agrees_with_cli(cli, t, eps, delta, sigma, inner):
    j = cli("bound", "--t", t, "--eps", eps, "--delta", delta, "--sigma", sigma, "--inner", inner)
    assert same(lilucb.lil_bound(t=t, eps=eps, delta=delta, sigma=sigma, inner=inner), j["bound"])
    assert same(lilucb.lil_width(t=t, eps=eps, delta=delta, sigma=sigma, inner=inner), j["width"])
    if eps > 0:
        p = lilucb.lil_failure_probability(eps=eps, delta=delta, inner=inner)
        assert same(p if p < 1 else None, j["failure_probability"])


@pytest.mark.parametrize("nu,eps,beta,n", [(0.1, 0.01, 1, 10), (0.05, 0.1, 1.66, 1000), (1e-6, 0.5, 0.25, 1),
                                           (0.9, 0.01, 3, 7)])
def test_params_agree_with_cli(cli, nu, eps, beta, n):
    j = cli("params", "--nu", nu, "--eps", eps, "--beta", beta, "--n", n)
    p = lilucb.params(nu=nu, eps=eps, beta=beta, n=n)
    assert isinstance(p, lilucb.Params)
    d = p.to_dict()
    assert d.keys() == j.keys()
    for key in j:
        if isinstance(j[key], dict):
            # the CLI leaves out what does not apply; Python keeps the attribute as None
            assert {k for k, v in d[key].items() if v is not None} == j[key].keys(), key
            for k in j[key]:
                assert same(d[key][k], j[key][k]), (key, k, d[key][k], j[key][k])
        else:
            assert same(d[key], j[key]), (key, d[key], j[key])
    assert "Params(" in repr(p) and "certified=CertifiedParams(" in repr(p)


def test_settings_match_params():
    p = lilucb.params(nu=0.1)
    c = lilucb.certified_setting(nu=0.1, eps=0.01, beta=1.0)
    assert same(c.setting.delta, p.certified.delta) and same(c.setting.a, p.certified.a_min)
    assert c.setting.guarantees_nu and c.setting.theorem.satisfies_theorem
    t = lilucb.paper_theory_setting(nu=0.1)
    assert same(t.delta, p.paper_theory.delta) and t.theorem.satisfies_theorem == p.paper_theory.satisfies_theorem
    h = lilucb.heuristic_setting(nu=0.1, n=10)
    assert same(h.a, p.heuristic.a) and not h.guarantees_nu
    chk = lilucb.check_theorem(eps=0.01, beta=1.0, delta=c.setting.delta, a=c.setting.a)
    assert chk == c.setting.theorem


@pytest.mark.parametrize("means", ["0.5,0.45,0.1", "0.1,0.9,0.3,0.85", "1,0,0,0,0,0,0"])
def test_hardness_agrees_with_cli(cli, means):
    j = cli("hardness", "--means", means)
    m = [float(x) for x in means.split(",")]
    assert lilucb.best_arm(m) == j["best_arm"]
    assert [x.hex() for x in lilucb.gaps(m)] == [float(x).hex() for x in j["gaps"]]
    assert same(lilucb.hardness_h1(m), j["h1"]) and same(lilucb.hardness_h3(m), j["h3"])
    assert same(lilucb.lemma1_bound(m, eps=j["eps"], beta=j["beta"], delta=j["delta"]), j["lemma1_bound"])
    assert same(lilucb.lemma1_bound_proof(m, eps=j["eps"], beta=j["beta"], delta=j["delta"]), j["lemma1_bound_proof"])
    assert same(lilucb.total_samples_bound(j["lemma1_bound"], j["a"]), j["total_bound"])
    assert same(lilucb.farrell_lower_bound(m, delta=j["nu"]), j["farrell_lower_bound"])
    # the defaults agree: sigma for T*, and a (and delta) from the certified setting as `params` gives it
    assert j["sigma"] == lilucb.DEFAULT_SIGMA
    assert same(lilucb.characteristic_time(m).t_star, j["t_star"])
    c = lilucb.certified_setting(nu=j["nu"])
    assert same(c.setting.delta, j["delta"]) and same(c.setting.a, j["a"])


def test_defaults_are_the_librarys(cli_path):
    """One set of defaults: Python's signatures and the CLI's help take the library's constants."""
    import inspect
    assert lilucb.DEFAULT_SIGMA == 0.5 and lilucb.DEFAULT_MAX_PULLS == 10**9
    for f in (lilucb.run, lilucb.run_many):
        p = inspect.signature(f).parameters
        assert p["sigma"].default == lilucb.DEFAULT_SIGMA and p["max_pulls"].default == lilucb.DEFAULT_MAX_PULLS
    assert inspect.signature(lilucb.characteristic_time).parameters["sigma"].default == lilucb.DEFAULT_SIGMA
    for command in ("run", "hardness"):
        text = subprocess.run([cli_path, command, "--help"], check=True, capture_output=True, text=True).stdout
        assert "default 0.5" in text, command
    r = lilucb.run("lilucb", means=[0.5, 0.49999999], nu=0.1, max_pulls=1000)
    j = json.loads(subprocess.run([cli_path, "run", "--algorithm", "lilucb", "--means", "0.5,0.49999999", "--nu",
                                   "0.1", "--max-pulls", "1000", "--json"], check=True, capture_output=True,
                                  text=True).stdout)
    assert r.parameters["sigma"] == j["parameters"]["sigma"] == lilucb.DEFAULT_SIGMA


def test_scenarios():
    assert np.array_equal(lilucb.sparse_means(4), [0.5, 0, 0, 0])
    a = lilucb.alpha_means(10, 0.6)
    assert a.shape == (11,) and a[0] == 1.0 and same(a[3], 1.0 - math.pow(3 / 10, 0.6))
