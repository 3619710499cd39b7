"""lilucb.plan: the same plan as `lilucb plan --json`, the same for any thread count, and its
refusals naming the parameter."""

import pytest

import lilucb


def test_plan_agrees_with_cli(cli):
    j = cli("plan", "--means", "0.6,0.4,0.3", "--model", "bernoulli", "--nu", 0.1, "--runs", 12, "--seed", 4)
    p = lilucb.plan([0.6, 0.4, 0.3], nu=0.1, model="bernoulli", runs=12, seed=4)
    assert p == j
    assert [m["role"] for m in p["methods"]] == ["recommended", "practice"]
    assert p["methods"][0]["simulation"]["method"] == lilucb.RECOMMENDED_BERNOULLI_METHOD
    assert p["methods"][0]["simulation"]["certified"] is True
    assert p["methods"][1]["simulation"]["certified"] is False


def test_plan_bounded_and_requested_method_agree_with_cli(cli):
    j = cli("plan", "--means", "2,1.5,1", "--model", "bounded", "--range", "0,4", "--nu", 0.1, "--runs", 5,
            "--method", "tas-d+glr-pooled-eb")
    p = lilucb.plan([2, 1.5, 1], nu=0.1, model="bounded", range=(0, 4), runs=5, method="tas-d+glr-pooled-eb")
    assert p == j
    assert p["methods"][0]["role"] == "requested"


def test_plan_is_the_same_for_any_thread_count():
    kw = dict(means=[0.5, 0.3, 0.1], nu=0.1, runs=10, seed=9, sigma=0.5)
    a = lilucb.plan(threads=1, **kw)
    assert a == lilucb.plan(threads=2, **kw)
    assert a == lilucb.plan(threads=None, **kw)
    assert a["methods"][0]["simulation"]["mean"] != lilucb.plan(threads=1, **{**kw, "seed": 10})["methods"][0][
        "simulation"]["mean"]


def test_plan_reports_progress():
    seen = []
    lilucb.plan([0.5, 0.1], nu=0.1, runs=3, threads=1, progress=lambda d, t: seen.append((d, t)))
    assert seen and seen[-1] == (6, 6)


@pytest.mark.parametrize("kwargs,parameter", [
    (dict(means=[0.5], nu=0.1), "means"),
    (dict(means=[0.5, 0.5], nu=0.1), "means[1]"),
    (dict(means=[0.5, 0.4], nu=0.6), "nu"),
    (dict(means=[0.5, 0.4], nu=0.1, runs=0), "runs"),
    (dict(means=[0.5, 0.4], nu=0.1, model="bernoulli", sigma=1.0), "sigma"),
    (dict(means=[0.5, 0.4], nu=0.1, model="bounded"), "range"),
    (dict(means=[0.5, 0.4], nu=0.1, range=(0, 1)), "range"),
    (dict(means=[0.5, 0.4], nu=0.1, model="poisson"), "model"),
    (dict(means=[0.5, 0.4], nu=0.1, sigma=-1.0), "sigma"),
])
def test_plan_refusals_name_the_parameter(kwargs, parameter):
    with pytest.raises(lilucb.DomainError) as e:
        lilucb.plan(**{"runs": 2, **kwargs})
    assert e.value.parameter == parameter
