"""Invalid input raises lilucb.DomainError (a ValueError) with the CLI's one-line message:
str(e) is what `lilucb` prints after "lilucb: error: "."""

import math

import numpy as np
import pytest

import lilucb

PREFIX = "lilucb: error: "


def test_domain_error_is_value_error():
    assert issubclass(lilucb.DomainError, ValueError)
    with pytest.raises(ValueError):
        lilucb.rho(eps=2.0)


@pytest.mark.parametrize("call,cli_args", [
    (lambda: lilucb.lil_bound(t=0.5, eps=0.01, delta=1e-3), ["bound", "--t", "0.5", "--eps", "0.01", "--delta", "1e-3"]),
    (lambda: lilucb.lil_bound(t=10, eps=0.01, delta=0.5, inner="lemma"),
     ["bound", "--t", "10", "--eps", "0.01", "--delta", "0.5", "--inner", "lemma"]),
    (lambda: lilucb.lil_bound(t=10, eps=0.01, delta=1e-3, sigma=-1),
     ["bound", "--t", "10", "--eps", "0.01", "--delta", "1e-3", "--sigma", "-1"]),
    (lambda: lilucb.lil_bound(t=math.nan, eps=0.01, delta=1e-3), ["bound", "--t", "nan", "--eps", "0.01", "--delta", "1e-3"]),
    (lambda: lilucb.lil_bound(t=10, eps=0.01, delta=1e-3, inner="lemmas"),
     ["bound", "--t", "10", "--eps", "0.01", "--delta", "1e-3", "--inner", "lemmas"]),
    (lambda: lilucb.params(nu=1.5), ["params", "--nu", "1.5"]),
    (lambda: lilucb.params(nu=0.1, eps=math.inf), ["params", "--nu", "0.1", "--eps", "inf"]),
    (lambda: lilucb.params(nu=0.1, n=0), ["params", "--nu", "0.1", "--n", "0"]),
    (lambda: lilucb.best_arm([0.5, 0.5, 0.1]), ["hardness", "--means", "0.5,0.5,0.1"]),
    (lambda: lilucb.run("lilucb", means=[1.5, 0.1], nu=0.1, model="bernoulli"),
     ["run", "--algorithm", "lilucb", "--means", "1.5,0.1", "--nu", "0.1", "--model", "bernoulli"]),
    (lambda: lilucb.run("lilucb-fast", means=[0.5, 0.1], nu=0.1),
     ["run", "--algorithm", "lilucb-fast", "--means", "0.5,0.1", "--nu", "0.1"]),
    (lambda: lilucb.run("lilucb", means=[0.5, 0.1], nu=0),
     ["run", "--algorithm", "lilucb", "--means", "0.5,0.1", "--nu", "0"]),
    (lambda: lilucb.verify(only="no-such-check"), ["verify", "--only", "no-such-check"]),
])
def test_same_message_as_cli(cli_error, same_refusal, call, cli_args):
    with pytest.raises(lilucb.DomainError) as e:
        call()
    line = cli_error(*cli_args)
    assert same_refusal(line, e.value, cli_args), (line, str(e.value))
    assert "\n" not in str(e.value)


def test_attributes_name_the_parts():
    with pytest.raises(lilucb.DomainError) as e:
        lilucb.rho(eps=1.0)
    assert (e.value.function, e.value.parameter, e.value.value) == ("lilucb::rho", "eps", "1")
    assert e.value.admissible == "(0, 1)"


def test_bad_element_inside_an_array_raises_never_nan():
    with pytest.raises(lilucb.DomainError, match="t = 0.5"):
        lilucb.lil_bound(t=np.array([1.0, 10.0, 0.5]), eps=0.01, delta=1e-3)
    with pytest.raises(lilucb.DomainError, match="delta = nan"):
        lilucb.lil_bound(t=10, eps=0.01, delta=np.array([1e-3, np.nan]))


@pytest.mark.parametrize("n", [-1, 2.5, math.nan, 2.0**60])
def test_counts_must_be_whole_numbers(n):
    with pytest.raises(lilucb.DomainError, match="n = "):
        lilucb.ls_bound(t=10, eps=0.01, delta=1e-3, sigma=1, n=n)


@pytest.mark.parametrize("kwargs,parameter", [
    (dict(runs=0), "runs"), (dict(threads=-1), "threads"), (dict(threads=2000), "threads"),
    (dict(seed=-3), "seed"), (dict(max_pulls=1.5), "max_pulls"), (dict(model="poisson"), "model"),
    (dict(checkpoints=[10, 5]), "checkpoints[1]"), (dict(sigma=0), "sigma"), (dict(first_run=-1), "first_run"),
])
def test_run_many_arguments(kwargs, parameter):
    args = dict(algorithm="lilucb-heuristic", means=[0.5, 0.1], nu=0.1, runs=2)
    args.update(kwargs)
    with pytest.raises(lilucb.DomainError) as e:
        lilucb.run_many(**args)
    assert e.value.parameter == parameter


def test_each_function_names_itself():
    with pytest.raises(lilucb.DomainError) as e:
        lilucb.hardness_h1([0.5, 0.5, 0.1])
    assert str(e.value).startswith("lilucb::hardness_h1: means[1] = 0.5 (ties means[0]);")


def test_empty_and_non_finite_means():
    with pytest.raises(lilucb.DomainError, match="no arms"):
        lilucb.run("lilucb", means=[], nu=0.1)
    with pytest.raises(lilucb.DomainError, match=r"means\[1\] = inf"):
        lilucb.gaps([0.5, math.inf])


def test_binomial_helpers():
    k, m, level = 37, 1000, 0.99
    lo, hi = lilucb.clopper_pearson_interval(k=k, m=m, level=level)
    assert lo == lilucb.clopper_pearson_lower(k, m, (1 - level) / 2)
    assert hi == lilucb.clopper_pearson_upper(k, m, (1 - level) / 2)
    c = lilucb.binomial_critical_count(trials=m, p=0.02, alpha=1e-6)
    assert lilucb.binomial_test_rejects(c, m, nu=0.02, alpha=1e-6)
    assert not lilucb.binomial_test_rejects(c - 1, m, nu=0.02, alpha=1e-6)
    for call, parameter in [(lambda: lilucb.clopper_pearson_lower(k=-1, m=10, alpha=0.05), "k"),
                            (lambda: lilucb.clopper_pearson_upper(k=11, m=10, alpha=0.05), "k"),
                            (lambda: lilucb.clopper_pearson_interval(k=1, m=2.5, level=0.9), "m"),
                            (lambda: lilucb.clopper_pearson_interval(k=1, m=10, level=1.0), "level"),
                            (lambda: lilucb.binomial_test_rejects(k=1, m=10, nu=1.5, alpha=0.05), "nu"),
                            (lambda: lilucb.binomial_critical_count(trials=0, p=0.1, alpha=0.05), "trials"),
                            (lambda: lilucb.binomial_critical_count(trials=10, p=0.1, alpha=0.05, bound="x"), "bound")]:
        with pytest.raises(lilucb.DomainError) as e:
            call()
        assert e.value.parameter == parameter
