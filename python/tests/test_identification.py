"""The ask-tell study from Python (lilucb.Identification, study/identification.hpp): loops driven by
a Python reward function reach a certified answer (Gaussian, Bernoulli, bounded rewards); batches told
out of order; to_json/from_json and pickle mid-way continue exactly as the uninterrupted study; a
repeated id is counted once; load/save read and write the CLI's snapshot and journal with its checks;
every bad argument raises DomainError (naming it) or TypeError (naming the signature), and a refused
call changes nothing."""

import copy
import json
import math
import os
import re
import pickle
import random
import subprocess

import numpy as np
import pytest

import lilucb


def gaussian_world(means, sigma, seed):
    rng = np.random.default_rng(seed)
    return lambda arm: float(rng.normal(means[arm], sigma))


def bernoulli_world(rates, seed):
    rng = np.random.default_rng(seed)
    return lambda arm: int(rng.random() < rates[arm])


def run_sequentially(study, pull, cap=100_000):
    for _ in range(cap):
        if study.done:
            break
        arm = study.ask()
        assert study.tell(arm, pull(arm)) is True
    return study


def check_certified(study, best):
    a = study.answer()
    assert a.done and study.done
    assert a.best_arm == best
    assert a.certified is True
    assert a.certificate
    assert [e.arm for e in a.evidence] == [i for i in range(study.arms) if i != best]
    for e in a.evidence:
        assert isinstance(e, lilucb.ChallengerEvidence)
        assert e.statistic >= e.threshold > 0
    assert a.evidence_note == ""
    return a


def test_gaussian_loop_reaches_a_certified_answer():
    means = [1.0, 0.4, 0.3, 0.0]
    s = lilucb.Identification(arms=["w", "x", "y", "z"], model="gaussian", nu=0.05, sigma=1.0, seed=3)
    assert s.method == lilucb.RECOMMENDED_METHOD == "t3c-ids+glr-pooled-weighted"
    assert lilucb.Identification(arms=2, model="bernoulli", nu=0.05).method == lilucb.RECOMMENDED_BERNOULLI_METHOD
    assert lilucb.RECOMMENDED_BERNOULLI_METHOD == "t3c-ids+glr-pooled-kl"
    assert lilucb.Identification(arms=2, model="bounded", range=(0, 10), nu=0.05).method == \
        lilucb.RECOMMENDED_BOUNDED_METHOD == "t3c-ids-matched+glr-pooled-betting"
    assert (s.arms, s.names, s.model, s.nu, s.sigma, s.range, s.seed) == (4, ("w", "x", "y", "z"), "gaussian", 0.05,
                                                                          1.0, None, 3)
    run_sequentially(s, gaussian_world(means, 1.0, 1))
    a = check_certified(s, 0)
    assert a.best_name == "w"
    st = s.status()
    assert st.done and st.leader == 0 and st.total_pending == 0 and st.pending == [0, 0, 0, 0]
    assert sum(st.pulls) == st.total_pulls and all(isinstance(n, int) and n >= 1 for n in st.pulls)
    assert st.means[0] == max(st.means)
    assert st.remaining_estimate is not None and st.remaining_estimate >= 0
    # The answer is final: later tells are recorded, the answer does not move.
    s.tell(3, 50.0)
    assert s.answer() == a
    # Plain Python types throughout.
    d = a.to_dict()
    assert json.loads(json.dumps(d, allow_nan=False)) == d
    assert d["evidence"][0].keys() == {"arm", "statistic", "threshold"}
    sd = st.to_dict()
    assert json.loads(json.dumps(sd, allow_nan=False)) == sd
    with pytest.raises(lilucb.DomainError) as e:
        s.ask()
    assert e.value.parameter == "study"


def test_bernoulli_loop():
    rates = [0.9, 0.5, 0.4]
    s = lilucb.Identification(3, "bernoulli", 0.05, seed=2)
    assert s.names is None and s.sigma is None
    rng = np.random.default_rng(4)
    for _ in range(100_000):
        if s.done:
            break
        arm = s.ask()
        s.tell(arm, np.int64(rng.random() < rates[arm]))  # numpy integer rewards
    a = check_certified(s, 0)
    assert a.best_name is None
    assert json.dumps(s.answer().to_dict())


def test_bounded_loop():
    # Latencies in [0, 10] ms, say: the reward is 10 - latency, so the best arm is the fastest.
    rng = np.random.default_rng(8)
    centre = [2.0, 5.0, 6.0]
    s = lilucb.Identification(arms=3, model="bounded", nu=0.05, range=(0, 10), seed=5,
                              names=["fast", "mid", "slow"])
    assert s.range == (0.0, 10.0)
    run_sequentially(s, lambda arm: 10 - float(np.clip(rng.normal(centre[arm], 1.5), 0, 10)))
    assert check_certified(s, 0).best_name == "fast"


def test_unknown_variance_loop_reaches_a_gu_certificate_and_plans_at_the_sample_sds():
    # Latencies in ms, say, of very different spreads: the reward is minus the latency.
    rng = np.random.default_rng(12)
    centre, spread = [20.0, 26.0, 40.0], [2.0, 8.0, 1.0]
    s = lilucb.Identification(arms=3, model="gaussian", nu=0.05, unknown_variance=True, seed=2)
    assert s.unknown_variance is True and s.sigma is None
    assert s.method == "t3c-ids-matched+glr-paired-t"
    assert "unknown_variance=True" in repr(s)
    pull = lambda arm: -float(rng.normal(centre[arm], spread[arm]))
    told = [[], [], []]
    for _ in range(30):
        arm = s.ask()
        r = pull(arm)
        told[arm].append(r)
        s.tell(arm, r)
    st = s.status()
    # T* of unknown variances at the sample sds once every arm shows a spread (30 rewards told).
    assert st.remaining_estimate is not None and st.remaining_estimate >= 0
    assert st.remaining_range[0] <= st.remaining_estimate
    assert st.sds == pytest.approx([float(np.std(x, ddof=1)) if len(x) >= 2 else 0.0 for x in told], rel=1e-9)
    plan = s.plan(runs=10, threads=1)
    assert plan["arms"]["unknown_variance"] is True
    assert plan["arms"]["sigmas"] == pytest.approx(st.sds, rel=1e-15)
    assert plan["remaining"]["certified"] is True
    # The state keeps the flag through JSON and pickle.
    assert lilucb.Identification.from_json(s.to_json()).unknown_variance is True
    assert pickle.loads(pickle.dumps(s)).status().sds == st.sds
    run_sequentially(s, pull)
    assert "Proposition PT" in check_certified(s, 0).certificate
    # Refusals by name: a sigma with unknown_variance, unknown_variance for another model, a sigma rule.
    with pytest.raises(lilucb.DomainError, match="sigma"):
        lilucb.Identification(3, "gaussian", 0.1, sigma=1.0, unknown_variance=True)
    with pytest.raises(lilucb.DomainError, match="unknown_variance"):
        lilucb.Identification(3, "bernoulli", 0.1, unknown_variance=True)
    with pytest.raises(lilucb.DomainError, match="threshold = pooled-per-arm .*reads no sigma"):
        lilucb.Identification(3, "gaussian", 0.1, unknown_variance=True, method="t3c-ids+glr-pooled-per-arm")
    with pytest.raises(TypeError, match="unknown_variance"):
        lilucb.Identification(3, "gaussian", 0.1, unknown_variance=1)


def test_the_ls_rule_reports_its_bounds_as_evidence():
    # LS: the leader's lower bound (statistic) against each challenger's upper bound (threshold).
    s = lilucb.Identification(2, "gaussian", 0.1, sigma=0.5, method="uniform+ls")
    assert s.method == "uniform+ls"
    run_sequentially(s, gaussian_world([1.0, 0.0], 0.5, 3))
    a = s.answer()
    assert a.done and a.certified and a.best_arm == 0
    assert a.evidence_note == ""
    assert [e.arm for e in a.evidence] == [1]
    assert a.evidence[0].statistic >= a.evidence[0].threshold


def test_before_every_arm_has_a_reward():
    s = lilucb.Identification(3, "gaussian", 0.1, sigma=1)
    assert s.ask(3) == [0, 1, 2]  # the first round goes round robin
    st = s.status()
    assert st.pending == [1, 1, 1] and st.total_pending == 3 and st.remaining_estimate is None
    a = s.answer()
    assert not a.done and not a.certified and a.evidence == [] and a.evidence_note


def test_one_arm_is_answered_at_once():
    s = lilucb.Identification(["only"], "bernoulli", 0.1)
    assert s.done and s.answer().best_name == "only" and s.answer().best_arm == 0
    with pytest.raises(lilucb.DomainError):
        s.ask()


def test_batches_told_out_of_order():
    means = [0.0, 0.2, 1.0, 0.3, 0.1]
    pull = gaussian_world(means, 1.0, 11)
    s = lilucb.Identification(5, "gaussian", 0.05, sigma=1.0, seed=9)
    order = random.Random(5)
    flying = []
    for _ in range(10_000):
        if s.done:
            break
        batch = s.ask_ids(order.randint(1, 8))
        assert all(isinstance(i, int) and isinstance(a, int) for i, a in batch)
        flying += batch
        order.shuffle(flying)
        told, flying = flying[:len(flying) // 2 + 1], flying[len(flying) // 2 + 1:]
        for pull_id, arm in told:
            assert s.tell(arm, pull(arm), id=pull_id) is True
    check_certified(s, 2)
    # Pulls still in flight at the stop may be told for the record; the answer stays.
    for pull_id, arm in flying:
        assert s.tell(arm, pull(arm), id=pull_id) is True
    assert s.status().total_pending == 0 and s.answer().best_arm == 2


def test_ask_forms():
    s = lilucb.Identification(3, "gaussian", 0.1, sigma=1)
    assert isinstance(s.ask(), int)
    one = s.ask_ids()
    assert isinstance(one, tuple) and one == (1, 1)
    assert s.ask(np.int64(2)) == [2, 0]
    assert s.ask_ids(2) == [(4, 1), (5, 2)]
    assert s.status().pending == [2, 2, 2]
    # tell without an id: the arm's oldest ask in flight (id 0 for arm 0)
    assert s.tell(0, 0.5) is True
    assert s.tell(0, 0.7, id=0) is False  # id 0 was that ask: told already
    # Asked pulls are told with ids or without, not both: an id of an ask in flight is refused now
    # (it could be the pull an id-less tell already counted).
    with pytest.raises(lilucb.DomainError) as e:
        s.tell(0, 0.25, id=3)
    assert e.value.parameter == "id"
    assert s.tell(np.int64(0), np.float32(0.25)) is True  # id 3, the oldest ask of arm 0
    assert s.status().pending == [0, 2, 2]
    t = lilucb.Identification(3, "gaussian", 0.1, sigma=1)
    t.ask_ids(4)
    assert t.tell(np.int64(0), np.float32(0.25), id=np.uint64(3)) is True
    with pytest.raises(lilucb.DomainError) as e:
        t.tell(0, 0.5)  # arm 0 has ask 0 in flight, and this study's tells name their ids
    assert e.value.parameter == "id"
    assert t.status().pending == [1, 1, 1]


def drive(study, pull, order, rounds):
    """Batches of 1..6 asks, half the pulls in flight told per round in a shuffled order; returns
    every (id, arm) asked, in order, and the pulls left in flight."""
    asked, flying = [], []
    for _ in range(rounds):
        if study.done:
            break
        batch = study.ask_ids(order.randint(1, 6))
        asked += batch
        flying += batch
        order.shuffle(flying)
        k = len(flying) // 2 + 1
        for pull_id, arm in flying[:k]:
            study.tell(arm, pull(arm), id=pull_id)
        flying = flying[k:]
    return asked, flying


def continue_until_done(study, pull, order, flying):
    asked = []
    for _ in range(100_000):
        if study.done:
            break
        batch = study.ask_ids(order.randint(1, 6))
        asked += batch
        flying = flying + batch
        order.shuffle(flying)
        k = len(flying) // 2 + 1
        for pull_id, arm in flying[:k]:
            study.tell(arm, pull(arm), id=pull_id)
        flying = flying[k:]
    return asked


@pytest.mark.parametrize("method", [None, "tas-d+glr-kk21", "ttts+ls-stitched"])
@pytest.mark.parametrize("reload", ["json", "pickle", "deepcopy"])
def test_a_reloaded_study_continues_identically(method, reload):
    means = [1.0, 0.5, 0.4, 0.3, 0.2, 0.1]
    a = lilucb.Identification(6, "gaussian", 0.1, sigma=1.0, method=method, seed=5)
    rng = np.random.default_rng(1)
    pull_a = lambda arm: float(rng.normal(means[arm], 1.0))  # noqa: E731
    order = random.Random(9)
    _, flying = drive(a, pull_a, order, rounds=12)
    assert not a.done and flying  # saved with pulls in flight
    saved = a.to_json()
    if reload == "json":
        b = lilucb.Identification.from_json(saved)
    elif reload == "pickle":
        b = pickle.loads(pickle.dumps(a))
    else:
        b = copy.deepcopy(a)
    assert type(b) is lilucb.Identification and b is not a
    assert b.to_json() == saved and b.method == a.method and b.status() == a.status()
    # The same world and the same scheduler from here on, for both.
    rng_b = np.random.default_rng()
    rng_b.bit_generator.state = rng.bit_generator.state
    pull_b = lambda arm: float(rng_b.normal(means[arm], 1.0))  # noqa: E731
    order_b = random.Random()
    order_b.setstate(order.getstate())
    asked_a = continue_until_done(a, pull_a, order, list(flying))
    asked_b = continue_until_done(b, pull_b, order_b, list(flying))
    assert a.done and b.done
    assert asked_a == asked_b
    assert a.answer() == b.answer() and a.answer().best_arm == 0
    assert a.to_json() == b.to_json()


def test_the_loaded_tell_checks_the_arm_of_ids_asked_before_the_save():
    s = lilucb.Identification(3, "gaussian", 0.1, sigma=1)
    asks = s.ask_ids(3)
    t = lilucb.Identification.from_json(s.to_json())
    with pytest.raises(lilucb.DomainError) as e:
        t.tell(1, 0.5, id=asks[0][0])
    assert e.value.parameter == "arm"
    assert t.tell(asks[0][1], 0.5, id=asks[0][0]) is True


def test_a_repeated_id_is_counted_once():
    s = lilucb.Identification(2, "bernoulli", 0.1)
    (i, arm), = s.ask_ids(1)
    assert s.tell(arm, 1, id=i) is True
    before = s.to_json()
    assert s.tell(arm, 0, id=i) is False
    assert s.to_json() == before and s.status().pulls == [1, 0]


# ---- refusals ------------------------------------------------------------------------------------

GOOD = dict(arms=3, model="gaussian", nu=0.1, sigma=1.0)


@pytest.mark.parametrize("change,parameter", [
    (dict(arms=0), "arms"), (dict(arms=-2), "arms"), (dict(arms=2.5), "arms"), (dict(arms=[]), "arms"),
    (dict(arms=["a", "a"]), "arms[1]"), (dict(arms=["a", ""]), "arms[1]"),
    (dict(names=["a", "b"]), "names"), (dict(names=["a", "b", "a"]), "names[2]"),
    (dict(arms=["a", "b"], names=["c", "d"]), "names"),
    (dict(model="poisson"), "model"),
    (dict(nu=0), "nu"), (dict(nu=1), "nu"), (dict(nu=math.nan), "nu"), (dict(nu=np.float64(-0.5)), "nu"),
    (dict(sigma=None), "sigma"), (dict(sigma=0), "sigma"), (dict(sigma=-1), "sigma"), (dict(sigma=math.inf), "sigma"),
    (dict(sigma=math.nan), "sigma"),
    (dict(model="bernoulli"), "sigma"),  # sigma applies to model gaussian only
    (dict(model="bounded", range=(0, 1)), "sigma"),
    (dict(range=(0, 1)), "range"),  # range applies to model bounded only
    (dict(model="bounded", sigma=None), "range"),
    (dict(model="bounded", sigma=None, range=(1, 1)), "range"),
    (dict(model="bounded", sigma=None, range=(0, math.inf)), "range"),
    (dict(model="bounded", sigma=None, range=(math.nan, 1)), "range"),
    (dict(model="bounded", sigma=None, range=(-1e308, 1e308)), "range"),
    (dict(method=""), "method"), (dict(method="lilucb"), "method"), (dict(method="lilucb+lilucb"), "method"),
    (dict(method="t3c-idz+ls"), "sampling"), (dict(method="kl-lucb+ls"), "sampling"),
    (dict(seed=-1), "seed"), (dict(seed=2**64), "seed"), (dict(seed=0.5), "seed"),
])
def test_bad_settings_raise_domain_error_naming_the_argument(change, parameter):
    kwargs = dict(GOOD)
    kwargs.update(change)
    with pytest.raises(lilucb.DomainError) as e:
        lilucb.Identification(**kwargs)
    assert e.value.parameter == parameter, str(e.value)
    assert str(e.value).startswith(e.value.function + ": " + parameter + " = ")


def test_sigma_and_range_name_their_model():
    with pytest.raises(lilucb.DomainError, match="applies to model gaussian only"):
        lilucb.Identification(3, "bernoulli", 0.1, sigma=0.5)
    with pytest.raises(lilucb.DomainError, match="applies to model bounded only"):
        lilucb.Identification(3, "bernoulli", 0.1, range=(0, 1))


@pytest.mark.parametrize("change,parameter", [
    (dict(arms=True), "arms"), (dict(arms="abc"), "arms"), (dict(arms=None), "arms"), (dict(arms=[1, 2]), "arms[0]"),
    (dict(arms={"a", "b"}), "arms"), (dict(model=1), "model"), (dict(nu=True), "nu"), (dict(nu="0.1"), "nu"),
    (dict(nu=0.1 + 0j), "nu"), (dict(nu=None), "nu"), (dict(nu=np.bool_(True)), "nu"), (dict(sigma="1"), "sigma"),
    (dict(sigma=np.array([1.0])), "sigma"), (dict(method=3), "method"), (dict(seed=True), "seed"),
    (dict(seed="1"), "seed"), (dict(names="abc"), "names"), (dict(names=[1, 2, 3]), "names[0]"),
    (dict(model="bounded", sigma=None, range=1), "range"), (dict(model="bounded", sigma=None, range=(0, 1, 2)), "range"),
    (dict(model="bounded", sigma=None, range=(0, "1")), "range[1]"),
])
def test_wrong_types_raise_type_error_naming_the_signature(change, parameter):
    kwargs = dict(GOOD)
    kwargs.update(change)
    with pytest.raises(TypeError) as e:
        lilucb.Identification(**kwargs)
    assert str(e.value).startswith("lilucb.Identification(arms, model, nu, *, sigma=None, range=None, method=None, "
                                   "seed=1, names=None, epsilon=0.0, epsilon_relative=False, top=1, "
                                   "unknown_variance=False): " + parameter + " must be "), str(e.value)


def test_missing_or_positional_arguments():
    with pytest.raises(TypeError):
        lilucb.Identification(3, "gaussian")  # nu missing
    with pytest.raises(TypeError):
        lilucb.Identification(3, "gaussian", 0.1, 1.0)  # sigma is keyword-only


@pytest.fixture
def study_in_flight():
    s = lilucb.Identification(["a", "b", "c"], "bounded", 0.1, range=(0, 2), seed=1)
    asks = s.ask_ids(4)  # arms 0, 1, 2, 0
    s.tell(asks[1][1], 1.5, id=asks[1][0])
    return s, asks


@pytest.mark.parametrize("call,error,parameter", [
    (lambda s, a: s.tell(0, math.nan, id=a[0][0]), lilucb.DomainError, "reward"),
    (lambda s, a: s.tell(0, math.inf), lilucb.DomainError, "reward"),
    (lambda s, a: s.tell(0, -math.inf), lilucb.DomainError, "reward"),
    (lambda s, a: s.tell(0, 2.5, id=a[0][0]), lilucb.DomainError, "reward"),  # outside range (0, 2)
    (lambda s, a: s.tell(0, -0.1), lilucb.DomainError, "reward"),
    (lambda s, a: s.tell(0, 10**400), lilucb.DomainError, "reward"),
    (lambda s, a: s.tell(2, 0.5, id=a[1][0]), lilucb.DomainError, "arm"),  # id 1 asked arm 1, told already
    (lambda s, a: s.tell(1, 0.5, id=a[0][0]), lilucb.DomainError, "arm"),  # id 0 asked arm 0
    (lambda s, a: s.tell(3, 0.5), lilucb.DomainError, "arm"),
    (lambda s, a: s.tell(-1, 0.5), lilucb.DomainError, "arm"),
    (lambda s, a: s.tell(0.5, 0.5), lilucb.DomainError, "arm"),
    (lambda s, a: s.tell(0, 0.5, id=4), lilucb.DomainError, "id"),  # never asked
    (lambda s, a: s.tell(0, 0.5, id=-1), lilucb.DomainError, "id"),
    (lambda s, a: s.tell(0, 0.5, id=2**70), lilucb.DomainError, "id"),
    (lambda s, a: s.tell(0, True), TypeError, "reward"),
    (lambda s, a: s.tell(0, np.bool_(False)), TypeError, "reward"),
    (lambda s, a: s.tell(0, "1"), TypeError, "reward"),
    (lambda s, a: s.tell(0, 1 + 0j), TypeError, "reward"),
    (lambda s, a: s.tell(0, np.complex128(1)), TypeError, "reward"),
    (lambda s, a: s.tell(0, None), TypeError, "reward"),
    (lambda s, a: s.tell(0, [1.0]), TypeError, "reward"),
    (lambda s, a: s.tell(True, 1.0), TypeError, "arm"),
    (lambda s, a: s.tell("a", 1.0), TypeError, "arm"),
    (lambda s, a: s.tell(0, 1.0, id="0"), TypeError, "id"),
    (lambda s, a: s.tell(0, 1.0, id=False), TypeError, "id"),
    (lambda s, a: s.ask(0), lilucb.DomainError, "m"),
    (lambda s, a: s.ask(-3), lilucb.DomainError, "m"),
    (lambda s, a: s.ask(1.5), lilucb.DomainError, "m"),
    (lambda s, a: s.ask(10**7 + 1), lilucb.DomainError, "m"),
    (lambda s, a: s.ask_ids(0), lilucb.DomainError, "m"),
    (lambda s, a: s.ask(True), TypeError, "m"),
    (lambda s, a: s.ask("2"), TypeError, "m"),
])
def test_a_refused_call_changes_nothing(study_in_flight, call, error, parameter):
    s, asks = study_in_flight
    before = s.to_json()
    with pytest.raises(error) as e:
        call(s, asks)
    if error is lilucb.DomainError:
        assert e.value.parameter == parameter, str(e.value)
    else:
        assert f"): {parameter} must be " in str(e.value), str(e.value)
        assert str(e.value).startswith("lilucb.Identification.")
    assert s.to_json() == before
    # and the study goes on: the refused pulls can still be told
    assert s.tell(asks[0][1], 1.0, id=asks[0][0]) is True


def test_the_library_message_is_kept():
    s = lilucb.Identification(2, "bernoulli", 0.1)
    s.ask()
    with pytest.raises(lilucb.DomainError) as e:
        s.tell(0, 0.5)
    assert (e.value.function, e.value.parameter, e.value.value) == ("lilucb::bandit::identification::tell", "reward",
                                                                      "0.5")
    assert str(e.value) == "lilucb::bandit::identification::tell: reward = 0.5; admissible: 0 or 1 (Bernoulli rewards)"
    with pytest.raises(ValueError):  # DomainError is a ValueError
        s.tell(0, math.nan)


def test_bad_states_are_refused():
    s = lilucb.Identification(2, "gaussian", 0.1, sigma=1)
    for _ in range(4):
        arm = s.ask()
        s.tell(arm, 0.25 * arm)
    good = s.to_json()
    state = json.loads(good)
    ev = state["events"]
    edited = dict(state, events=dict(ev, rewards=[r + 1 for r in ev["rewards"]]))
    truncated = dict(state, events={k: v[:-1] for k, v in ev.items()})  # the last tell gone
    for text in ["", "not json", "{}", "[]", json.dumps(dict(state, version=99)), json.dumps(edited),
                 json.dumps(dict(state, nu=2)), json.dumps(truncated)]:
        with pytest.raises(lilucb.DomainError) as e:
            lilucb.Identification.from_json(text)
        assert e.value.parameter in ("state", "nu"), (text, str(e.value))
    with pytest.raises(TypeError, match=r"from_json\(text, last_written=None\): text must be "):
        lilucb.Identification.from_json(None)
    assert lilucb.Identification.from_json(good.encode()).to_json() == good


def test_repr_and_documented_members():
    s = lilucb.Identification(["a", "b"], "bounded", 0.1, range=(0, 1), seed=4)
    r = repr(s)
    assert r.startswith("lilucb.Identification(arms=['a', 'b'], model='bounded', nu=0.1, range=(0.0, 1.0), ")
    assert "0 told, 0 in flight, running" in r
    # Every public method and property of the class says what it does (their annotations: test_typing.py).
    members = [name for name in vars(lilucb.Identification) if not name.startswith("_")]
    assert {"ask", "ask_ids", "tell", "tell_many", "answer", "status", "done", "save", "load"} <= set(members)
    for name in members:
        member = vars(lilucb.Identification)[name]
        f = member.fget if isinstance(member, property) else getattr(member, "__func__", member)
        assert f.__doc__, name


def test_the_example_of_docs_python_md_runs(capsys):
    doc = os.path.join(os.path.dirname(__file__), "..", "..", "docs", "python.md")
    text = open(doc).read()
    section = text[text.index("## Identifying the best arm of a real system (ask-tell)"):]
    code = re.search(r"```python[^\n]*\n(.*?)```", section, re.S).group(1)
    exec(compile(code, doc, "exec"), {})
    assert capsys.readouterr().out.startswith("v2 True [77, 74, 15]\n")


def test_the_state_is_the_cli_state_file(cli_path, tmp_path):
    # `lilucb study` keeps a snapshot and a journal of the same history (its digest is Python's), and
    # reads the JSON state Python writes (migrating it at its next write).
    state = tmp_path / "study.json"

    def study(*args):
        return subprocess.run([cli_path, "study", *map(str, args)], check=True, capture_output=True, text=True).stdout

    study("new", "--state", state, "--names", "a,b,c", "--model", "bernoulli", "--nu", 0.1, "--seed", 4)
    asks = [(a["id"], a["arm"]) for a in json.loads(study("ask", "--state", state, "--count", 4, "--json"))["asks"]]
    study("tell", "--state", state, "--id", asks[2][0], "--arm", asks[2][1], "--reward", 1)
    py = lilucb.Identification(["a", "b", "c"], "bernoulli", 0.1, seed=4)
    assert py.ask_ids(4) == asks
    assert py.tell(asks[2][1], 1, id=asks[2][0])
    verified = json.loads(study("verify", "--state", state, "--json"))
    assert verified["digest"] == py.history()["digest"]
    cli_status = json.loads(study("status", "--state", state, "--json"))
    assert {k: cli_status[k] for k in py.status().to_dict()} == py.status().to_dict()
    # Python goes on, the command reads its state and goes on from there.
    for pull_id, arm in asks[:2]:
        assert py.tell(arm, 0, id=pull_id)
    state.write_text(py.to_json())
    nxt = json.loads(study("ask", "--state", state, "--json"))["asks"][0]
    assert (nxt["id"], nxt["arm"]) == py.ask_ids()
    answer = json.loads(study("answer", "--state", state, "--json"))
    mine = py.answer().to_dict()
    assert any(e.statistic == -math.inf for e in py.answer().evidence)  # None in both JSON forms
    # The command adds the history; before the stop it reports the leader under its own name.
    assert answer.pop("digest") == py.history()["digest"]
    assert answer.pop("events") == py.history()["events"]
    assert not answer["done"] and "best_arm" not in answer and "certificate" not in answer
    assert answer.pop("leader") == mine["best_arm"]
    assert answer.pop("leader_name") == mine["best_name"]
    assert answer.pop("question") == "best arm" and py.epsilon == 0  # the study's question
    assert answer == {k: v for k, v in mine.items()
                      if k in ("done", "certified", "evidence", "evidence_note") and (v not in (None, "") or k == "evidence")}
    assert json.loads(json.dumps(mine, allow_nan=False)) == mine


def test_history_and_rollbacks():
    s = lilucb.Identification(3, "gaussian", 0.1, sigma=1.0, seed=2)
    h0 = s.history()
    assert h0["events"] == 0 and h0["digest"] == h0["settings_digest"] and len(h0["digest"]) == 64
    for pull_id, arm in s.ask_ids(6):
        s.tell(arm, 0.1 * arm, id=pull_id)
    older, written = s.to_json(), s.history()
    assert written["events"] == 12 and written["digest"] != h0["digest"]
    assert lilucb.Identification.from_json(older, last_written=written).history() == written
    s.tell(0, 0.3)  # a pull with no ask in flight
    with pytest.raises(lilucb.DomainError, match="an older state") as e:
        lilucb.Identification.from_json(older, last_written=s.history())
    assert e.value.parameter == "state"
    with pytest.raises(lilucb.DomainError) as e:
        lilucb.Identification.from_json(older, last_written={"events": 1})
    assert e.value.parameter == "last_written"
    # An edited setting is refused, saying so.
    edited = json.loads(older)
    edited["seed"] = 3
    with pytest.raises(lilucb.DomainError, match="edited setting"):
        lilucb.Identification.from_json(json.dumps(edited))


def test_tell_many_with_numpy_arrays():
    a = lilucb.Identification(4, "gaussian", 0.1, sigma=1.0, seed=5)
    b = lilucb.Identification(4, "gaussian", 0.1, sigma=1.0, seed=5)
    asks = a.ask_ids(20)
    assert b.ask_ids(20) == asks
    ids = np.array([i for i, _ in asks][::-1], dtype=np.uint64)
    arms = np.array([arm for _, arm in asks][::-1], dtype=np.int64)
    rewards = np.linspace(0.0, 1.0, len(asks))
    for i, arm, r in zip(ids, arms, rewards):
        a.tell(int(arm), float(r), id=int(i))
    before = b.to_json()
    bad = rewards.copy()
    bad[7] = np.nan
    with pytest.raises(lilucb.DomainError) as e:
        b.tell_many(ids, arms, bad)
    assert e.value.parameter == "rewards[7]"
    with pytest.raises(lilucb.DomainError) as e:
        b.tell_many(ids.astype(float), arms, rewards)
    assert e.value.parameter == "ids"
    assert b.to_json() == before  # a refused batch changes nothing
    assert b.tell_many(ids, arms, rewards) == 20
    assert b.to_json() == a.to_json()
    assert b.tell_many(ids[:3], arms[:3], rewards[:3]) == 0  # told before: counted once


def test_expire_is_tell_of_zero_for_the_asks_in_flight_up_to_an_id():
    a = lilucb.Identification(3, "bernoulli", 0.05, seed=3)
    b = lilucb.Identification(3, "bernoulli", 0.05, seed=3)
    asks = a.ask_ids(6)
    assert b.ask_ids(6) == asks
    a.tell(asks[1][1], 1, id=asks[1][0])
    b.tell(asks[1][1], 1, id=asks[1][0])
    assert a.expire(asks[3][0]) == 3
    for k in (0, 2, 3):
        b.tell(asks[k][1], 0, id=asks[k][0])
    assert a.history() == b.history()
    assert not a.tell(asks[2][1], 1, id=asks[2][0])  # a late conversion: a retry, ignored
    before = a.to_json()
    with pytest.raises(lilucb.DomainError) as e:
        a.expire(asks[5][0], reward=0.5)
    assert e.value.parameter == "reward"
    with pytest.raises(lilucb.DomainError) as e:
        a.expire(-1)
    assert e.value.parameter == "through"
    assert a.to_json() == before
    with pytest.raises(lilucb.DomainError) as e:
        a.expire(asks[4][0], outcomes={asks[5][0]: 1})  # an outcome past the window
    assert e.value.parameter == "outcomes"
    with pytest.raises(TypeError):
        a.expire(asks[5][0], outcomes=[(asks[5][0], 1)])
    assert a.to_json() == before
    # The window's outcomes told in id order with the rest: as the tells one by one.
    assert a.expire(10**6, outcomes={asks[5][0]: 1}) == 2 and a.status().total_pending == 0
    b.tell(asks[4][1], 0, id=asks[4][0])
    b.tell(asks[5][1], 1, id=asks[5][0])
    b.tell(asks[2][1], 1, id=asks[2][0])  # a retry in a as well: ignored in both
    assert a.history() == b.history()


def test_a_state_that_is_not_unicode_text_is_refused_by_name():
    with pytest.raises(lilucb.DomainError) as e:
        lilucb.Identification.from_json("\ud800")
    assert e.value.parameter == "state"
    for names in (["a\nb", "c"], ["a,b", "c"], ["\x7f", "c"]):
        with pytest.raises(lilucb.DomainError) as e:
            lilucb.Identification(names, "bernoulli", 0.1)
        assert e.value.parameter == "names"


def test_tell_takes_an_arm_index_or_a_name_keyword_never_a_name_as_arm():
    s = lilucb.Identification(["1", "0"], model="bernoulli", nu=0.1)
    assert s.tell(0, 1) is True          # index 0: the arm named "1"
    assert s.tell(reward=0, name="0") is True  # the arm named "0": index 1
    assert s.status().pulls == [1, 1]
    with pytest.raises(lilucb.DomainError, match="name"):
        s.tell(0, 1, name="0")           # both
    with pytest.raises(lilucb.DomainError, match="name"):
        s.tell(reward=1, name="2")       # no such name
    with pytest.raises((TypeError, lilucb.DomainError)):
        s.tell("0", 1)                   # a name where the index goes
    assert s.status().pulls == [1, 1]
    unnamed = lilucb.Identification(2, model="bernoulli", nu=0.1)
    with pytest.raises(lilucb.DomainError, match="no name"):
        unnamed.tell(reward=1, name="a")


def test_tell_many_takes_numpy_arrays_whole():
    s = lilucb.Identification(3, "gaussian", 0.01, sigma=1.0, seed=2)
    asks = s.ask_ids(3000)
    ids = np.array([a[0] for a in asks], dtype=np.uint64)
    arms = np.array([a[1] for a in asks], dtype=np.int64)
    rewards = np.where(arms == 0, 0.5, 0.0) + np.linspace(-0.1, 0.1, len(asks))
    assert s.tell_many(ids, arms, rewards) == len(asks) or s.done
    assert s.tell_many(ids[:10], arms[:10], rewards[:10]) == 0  # told before: counted once


def test_load_and_save_share_the_cli_state_files(cli_path, tmp_path):
    # Identification.load reads the snapshot and journal `lilucb study` writes (the library's reader,
    # its checks), save commits to them as the CLI does, and each side goes on from the other's state.
    state = tmp_path / "study.json"

    def study(*args, check=True):
        return subprocess.run([cli_path, "study", *map(str, args)], check=check, capture_output=True, text=True)

    study("new", "--state", state, "--arms", 3, "--sigma", 1, "--nu", 0.1, "--seed", 6)
    asks = [(a["id"], a["arm"]) for a in json.loads(study("ask", "--state", state, "--count", 5, "--json").stdout)["asks"]]
    study("tell", "--state", state, "--id", asks[0][0], "--reward", 0.5)
    twin = lilucb.Identification(3, "gaussian", 0.1, sigma=1.0, seed=6)
    assert twin.ask_ids(5) == asks
    assert twin.tell(asks[0][1], 0.5, id=asks[0][0])

    py = lilucb.Identification.load(state)
    assert py.history() == twin.history()
    assert py.status() == twin.status()
    for pull_id, arm in asks[1:3]:
        assert py.tell(arm, 0.25, id=pull_id) and twin.tell(arm, 0.25, id=pull_id)
    assert py.ask_ids(2) == twin.ask_ids(2)
    py.save()  # back to its own files
    verified = json.loads(study("verify", "--state", state, "--json").stdout)
    assert verified["digest"] == twin.history()["digest"]
    # The CLI goes on from Python's commit; a retried tell is counted once either way.
    study("tell", "--state", state, "--id", asks[3][0], "--reward", 0.75)
    assert twin.tell(asks[3][1], 0.75, id=asks[3][0])
    again = lilucb.Identification.load(str(state))
    assert not again.tell(asks[3][1], 0.75, id=asks[3][0])
    assert again.history() == twin.history()
    # The first object's files changed behind it (the CLI's tell): its save is refused, nothing written.
    assert py.tell(asks[4][1], 0.1, id=asks[4][0])
    before = (state.read_bytes(), (tmp_path / "study.json.journal").read_bytes())
    with pytest.raises(lilucb.DomainError, match="another writer") as e:
        py.save(state)
    assert e.value.parameter == "path"
    assert (state.read_bytes(), (tmp_path / "study.json.journal").read_bytes()) == before
    # A study made here is saved to new files, which the CLI continues and verifies.
    fresh = lilucb.Identification(3, "gaussian", 0.1, sigma=1.0, seed=6)
    for pull_id, arm in fresh.ask_ids(4):
        fresh.tell(arm, 0.1 * arm, id=pull_id)
    new_state = tmp_path / "fresh.json"
    fresh.save(new_state)
    assert json.loads(study("verify", "--state", new_state, "--json").stdout)["digest"] == fresh.history()["digest"]
    nxt = json.loads(study("ask", "--state", new_state, "--json").stdout)["asks"][0]
    assert (nxt["id"], nxt["arm"]) == fresh.ask_ids()
    # A version 2 JSON state file loads, and save migrates it to a snapshot and journal.
    old = tmp_path / "old.json"
    old.write_text(twin.to_json())
    migrated = lilucb.Identification.load(old)
    assert migrated.history() == twin.history()
    migrated.save()
    assert old.read_bytes().startswith(b"lilucb-study snapshot 4\n")
    assert json.loads(study("verify", "--state", old, "--json").stdout)["digest"] == twin.history()["digest"]


def test_load_and_save_refuse_what_the_cli_refuses(tmp_path):
    state = tmp_path / "s.json"
    s = lilucb.Identification(2, "gaussian", 0.1, sigma=1.0)
    for pull_id, arm in s.ask_ids(4):
        s.tell(arm, 0.5, id=pull_id)
    s.save(state)
    good = state.read_bytes()
    journal = tmp_path / "s.json.journal"

    def refused(says):
        with pytest.raises(lilucb.DomainError, match=says) as e:
            lilucb.Identification.load(state)
        assert e.value.parameter == "path"
        assert "\n" not in str(e.value)

    state.write_bytes(good.replace(b'"pulls":[', b'"pulls":[9', 1))
    refused("digest")
    state.write_bytes(good)
    text = journal.read_bytes()
    journal.write_bytes(text[:-10] + (b"1111" if text[-10:-6] == b"0000" else b"0000") + text[-6:])
    refused("does not end at the snapshot")
    journal.write_bytes(text + b'{"from":8,"prev"')  # a torn last record: ignored
    assert lilucb.Identification.load(state).history() == s.history()
    journal.unlink()
    refused("missing")
    journal.write_bytes(text)
    # A rollback: the lock records a longer history than the files hold.
    s.tell(0, 0.5)
    s.save()
    longer = journal.read_bytes()
    journal.write_bytes(text)
    refused("an older state")
    journal.write_bytes(longer)
    with pytest.raises(lilucb.DomainError) as e:
        lilucb.Identification.load(tmp_path / "absent.json")
    assert e.value.parameter == "path"
    with pytest.raises(TypeError, match=re.escape("lilucb.Identification.load(")):
        lilucb.Identification.load(3)
    # A study kept in files is saved to them only; a new study only where no file exists.
    other = lilucb.Identification(2, "gaussian", 0.1, sigma=1.0)
    with pytest.raises(lilucb.DomainError, match="no file exists yet") as e:
        other.save(state)
    assert e.value.parameter == "path"
    with pytest.raises(lilucb.DomainError) as e:
        other.save()
    assert e.value.parameter == "path"
    with pytest.raises(lilucb.DomainError, match="the files this study"):
        s.save(tmp_path / "elsewhere.json")
    with pytest.raises(lilucb.DomainError, match="opened from a snapshot"):
        lilucb.Identification.load(state).to_json()  # its events are in the journal


def test_plan_simulates_the_rest_as_the_cli_does(tmp_path, cli):
    s = lilucb.Identification(3, "bernoulli", 0.05, seed=4)
    rng = random.Random(3)
    for _ in range(90):
        arm = s.ask()
        s.tell(arm, 1 if rng.random() < (0.5, 0.35, 0.2)[arm] else 0)
    s.ask(3)  # three asks in flight
    before = s.to_json()
    p = s.plan(runs=25, seed=2, threads=1)
    assert s.to_json() == before  # a plan changes nothing
    assert p["told"] == 90 and p["in_flight"] == 3 and p["done"] is False
    assert p["remaining"]["runs"] == 25 and p["remaining"]["stopped"] == 25  # each within the 10^6 budget
    assert p["total"]["mean"] == pytest.approx(93 + p["remaining"]["mean"], rel=1e-12)
    # the same continuations for any thread count, and the CLI's on the saved study
    assert s.plan(runs=25, seed=2, threads=2) == p
    path = tmp_path / "s.json"
    s.save(path)
    assert cli("study", "plan", "--state", path, "--runs", 25, "--seed", 2) == p
    st = s.status()
    low, high = st.remaining_range
    if st.remaining_estimate is not None:
        assert low <= st.remaining_estimate and (high is None or high >= st.remaining_estimate)
    with pytest.raises(lilucb.DomainError, match="concentration"):
        s.plan(runs=2, concentration=4.0)
    with pytest.raises(lilucb.DomainError, match="self"):
        lilucb.Identification(2, "bernoulli", 0.1).plan(runs=2)
