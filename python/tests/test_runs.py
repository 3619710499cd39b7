"""Runs from Python: the same run as `lilucb run --json`, run_many identical to the runs one by
one and for 1 and 2 threads, and the GIL released while run_many works."""

import json
import random
import threading
import time

import numpy as np

import pytest

import lilucb


@pytest.mark.parametrize("algorithm", list(lilucb.ALGORITHMS))
def test_run_agrees_with_cli(cli, algorithm):
    means = [0.5, 0.42, 0.3, 0.1, 0.0]
    j = cli("run", "--algorithm", algorithm, "--means", ",".join(map(str, means)), "--nu", 0.1, "--seed", 7,
            "--max-pulls", 2_000_000)
    r = lilucb.run(algorithm=algorithm, means=np.array(means), nu=0.1, seed=7, max_pulls=2_000_000)
    for key in ("algorithm", "n", "seed", "best_arm", "true_best_arm", "correct", "pulls", "status", "stopped_by"):
        assert getattr(r, key) == j[key], key
    assert r.counts.tolist() == j["counts"] and r.counts.dtype == np.int64
    assert r.parameters.keys() == j["parameters"].keys()
    for k, v in j["parameters"].items():
        assert (r.parameters[k].hex() if isinstance(v, float) else r.parameters[k]) == \
            (float(v).hex() if isinstance(v, float) else v), k


# Sampling x stopping combinations by the name `lilucb run` prints (certified and not, each stopping
# rule and several thresholds and boundaries), against the CLI's --sampling/--stopping run.
@pytest.mark.parametrize("name,args", [
    ("t3c-ids+glr-pooled-per-arm", ["--sampling", "t3c-ids", "--stopping", "glr", "--threshold", "pooled-per-arm"]),
    ("t3c+glr-one-sided", ["--sampling", "t3c", "--stopping", "glr", "--threshold", "one-sided"]),
    ("tas-d+glr-heuristic", ["--sampling", "tas-d", "--stopping", "glr", "--threshold", "heuristic"]),
    ("eb-tci+ls-stitched", ["--sampling", "eb-tci", "--stopping", "ls", "--boundary", "stitched"]),
    ("uniform+ls", ["--sampling", "uniform", "--stopping", "ls"]),
    ("lilucb+lilucb", ["--sampling", "lilucb", "--stopping", "lilucb"]),
])
def test_combination_run_agrees_with_cli(cli, name, args):
    means = [0.5, 0.42, 0.3, 0.1, 0.0]
    j = cli("run", *args, "--means", ",".join(map(str, means)), "--nu", 0.1, "--seed", 7, "--max-pulls", 2_000_000)
    r = lilucb.run(name, means=means, nu=0.1, seed=7, max_pulls=2_000_000)
    assert j["algorithm"] == name
    for key in ("algorithm", "n", "seed", "best_arm", "true_best_arm", "correct", "pulls", "status", "stopped_by",
                "certified", "certificate"):
        assert getattr(r, key) == j[key], key
    assert r.counts.tolist() == j["counts"]
    many = lilucb.run_many(name, means=means, nu=0.1, seed=7, runs=3, threads=2, max_pulls=2_000_000)
    assert many.certified == j["certified"] and many.certificate == j["certificate"]
    assert many.pulls[0] == r.pulls  # run 0 of seed 7 is the CLI's run
    for k in (1, 2):
        assert many.pulls[k] == lilucb.run(name, means=means, nu=0.1, seed=7, run=k, max_pulls=2_000_000).pulls


def test_combination_names():
    assert "t3c-ids" in lilucb.SAMPLING_RULES and "pooled-per-arm" in lilucb.GLR_THRESHOLDS
    # A preset carries its certificate as a combination does (docs/bandit.md, "The presets' certificates").
    assert lilucb.run("lilucb-heuristic", [0.5, 0.0], nu=0.1).certified is False
    assert lilucb.run("lilucb-certified", [0.5, 0.0], nu=0.1).certified is True
    low = lilucb.run("lilucb-certified", [0.6, 0.4], nu=0.1, model="bernoulli", sigma=0.1, max_pulls=100000)
    assert low.certified is False and "below the arms' sub-Gaussian scale 0.5" in low.certificate
    assert lilucb.run("uniform+glr-heuristic", [0.5, 0.0], nu=0.1).certified is False
    for bad, parameter in (("t3c-ids+glr", "combination"), ("t3c-idz+ls", "sampling"),
                           ("t3c-ids+glr-pooledd", "threshold"), ("t3c+lilucb", "stopping")):
        with pytest.raises(lilucb.DomainError) as e:
            lilucb.run(bad, [0.5, 0.0], nu=0.1)
        assert e.value.parameter == parameter, bad


def test_the_registry_as_records():
    # lilucb.rules(): one record per descriptor, in the name tuples' order, with what each says.
    rules = lilucb.rules()
    by_kind = {k: tuple(r.name for r in rules if r.kind == k) for k in ("sampling", "stopping", "threshold", "boundary")}
    assert by_kind["sampling"] == lilucb.SAMPLING_RULES and by_kind["stopping"] == lilucb.STOPPING_RULES
    assert by_kind["threshold"] == lilucb.GLR_THRESHOLDS and by_kind["boundary"] == lilucb.LS_BOUNDARIES
    named = {(r.kind, r.name): r for r in rules}
    pk = named[("threshold", "pooled-kl")]
    assert pk.certified is True and "Proposition PK" in pk.statement and pk.models == ("bernoulli", "bounded")
    assert pk.recommended["best_arm"] == ("bernoulli",) and pk.time_only is False and pk.practice is False
    heuristic = named[("threshold", "heuristic")]
    assert heuristic.certified is False and heuristic.practice is True and heuristic.time_only is True
    assert named[("sampling", "tas-d")].practice is True and named[("sampling", "uniform")].practice is False
    assert named[("sampling", "t3c-ids")].certified is None
    assert named[("stopping", "lilucb")].in_studies is False and named[("stopping", "glr")].in_studies is True
    assert named[("stopping", "ls")].top_m is True and named[("stopping", "ls")].epsilon_good is True
    assert named[("stopping", "lilucb")].top_m is False
    # The recommendation the records state is the one runs and studies use.
    for model, constant in (("gaussian", lilucb.RECOMMENDED_METHOD), ("bernoulli", lilucb.RECOMMENDED_BERNOULLI_METHOD),
                            ("bounded", lilucb.RECOMMENDED_BOUNDED_METHOD)):
        sampler = [r.name for r in rules if r.kind == "sampling" and model in r.recommended["best_arm"]]
        threshold = [r.name for r in rules if r.kind == "threshold" and model in r.recommended["best_arm"]]
        assert [f"{s}+glr-{t}" for s in sampler for t in threshold] == [constant]
    assert rules[0].to_dict()["name"] == lilucb.SAMPLING_RULES[0]


def test_every_rule_of_the_registry_runs_by_name():
    # The tuples are the rule registry's; each rule runs from Python by its combination name.
    assert lilucb.STOPPING_RULES == ("lilucb", "ls", "glr")
    assert lilucb.LS_BOUNDARIES[0] == "lil"
    means = [0.5, 0.0, 0.0]
    for s in lilucb.SAMPLING_RULES:
        arms = "bernoulli" if s == "kl-lucb" else "gaussian"
        r = lilucb.run(f"{s}+ls", means, nu=0.1, model=arms, max_pulls=20_000)
        assert r.algorithm == f"{s}+ls" and r.certified is True
    thresholds = {r.name: r for r in lilucb.rules() if r.kind == "threshold"}
    for t in lilucb.GLR_THRESHOLDS:
        # Gaussian arms where the registry accepts them, else Bernoulli ones (rewards in [0, 1]).
        arms = "gaussian" if "gaussian" in thresholds[t].models else "bernoulli"
        r = lilucb.run(f"uniform+glr-{t}", means, nu=0.1, model=arms, max_pulls=20_000)
        assert r.algorithm == f"uniform+glr-{t}" and r.certified == thresholds[t].certified
    assert not thresholds["heuristic"].certified and thresholds["pooled-betting"].certified
    for b in lilucb.LS_BOUNDARIES[1:]:  # calibrated: one crossing calibration, about 0.06 s
        r = lilucb.run(f"uniform+ls-{b}", means, nu=0.1, max_pulls=20_000)
        assert r.algorithm == f"uniform+ls-{b}" and r.certified is True


LIL = ["eps", "beta", "a", "delta", "inner_c"]
LS = ["ls_nu", "ls_eps", "ls_delta"]


@pytest.mark.parametrize("algorithm,names", [
    ("lilucb", ["nu", "sigma"] + LIL),
    ("lilucb-ls", ["nu", "sigma", "lilucb_nu"] + LS + LIL),
    ("ucb1-ls", ["nu", "sigma"] + LS),
    ("exp-gap", ["nu", "sigma", "delta"]),
    ("exp-gap-ls", ["nu", "sigma", "delta"] + LS),
])
def test_parameters_keep_the_documented_order(algorithm, names):
    """The parameters dict follows run_parameters::named() (docs/bandit.md, "The parameters of a
    run"), then "inner", "model" and "arms" (its old name); one arm gives nu and sigma only."""
    r = lilucb.run(algorithm, means=[0.5, 0.0, 0.2], nu=0.1, seed=1, max_pulls=100)
    assert list(r.parameters) == names + ["inner", "model", "arms"]
    one = lilucb.run(algorithm, means=[0.5], nu=0.1, seed=1)
    assert list(one.parameters) == ["nu", "sigma", "inner", "model", "arms"]


def test_bernoulli_run_agrees_with_cli(cli):
    j = cli("run", "--algorithm", "lilucb-heuristic", "--scenario", "alpha", "--n", 20, "--alpha", 0.6, "--nu", 0.05,
            "--model", "bernoulli", "--seed", 3, "--inner", "lemma")
    r = lilucb.run("lilucb-heuristic", means=lilucb.alpha_means(20, 0.6), nu=0.05, model="bernoulli", seed=3,
                   inner="lemma")
    assert (r.pulls, r.best_arm, r.counts.tolist()) == (j["pulls"], j["best_arm"], j["counts"])


def test_bounded_run_agrees_with_cli(cli):
    """model='bounded' with range and concentration: the run of ``lilucb run --model bounded --range``,
    pooled-kl and pooled-eb certified on it, a sigma rule only at sigma >= (hi - lo)/2."""
    for t in ("pooled-eb", "pooled-kl", "pooled-per-arm"):
        j = cli("run", "--sampling", "t3c-ids", "--stopping", "glr", "--threshold", t, "--means", "3,2.6,1", "--model",
                "bounded", "--range", "0,4", "--concentration", 4, "--nu", 0.1, "--seed", 3)
        r = lilucb.run(f"t3c-ids+glr-{t}", means=[3, 2.6, 1], nu=0.1, seed=3, model="bounded", range=(0, 4),
                       concentration=4)
        assert (r.pulls, r.best_arm, r.counts.tolist(), r.certified) == (j["pulls"], j["best_arm"], j["counts"],
                                                                         j["certified"])
        assert r.parameters["model"] == "bounded" == r.parameters["arms"] and list(r.parameters["range"]) == [0.0, 4.0]
        assert r.parameters["concentration"] == 4.0
        assert r.certified == (t != "pooled-per-arm")  # sigma 0.5 < (4 - 0)/2
    assert lilucb.run("t3c-ids+glr-pooled-per-arm", means=[3, 2.6, 1], nu=0.1, sigma=2, model="bounded",
                      range=(0, 4)).certified
    m = lilucb.run_many("t3c-ids+glr-pooled-eb", means=[0.9, 0.5], nu=0.1, runs=4, threads=2, model="bounded",
                        range=(-1, 1))
    for k in range(4):
        r = lilucb.run("t3c-ids+glr-pooled-eb", means=[0.9, 0.5], nu=0.1, run=k, model="bounded", range=(-1, 1))
        assert (m.pulls[k], m.best_arm[k]) == (r.pulls, r.best_arm)
    assert m.certified


@pytest.mark.parametrize("kwargs,parameter", [
    (dict(model="bounded"), "range"),
    (dict(model="bounded", range=(1, 0)), "range"),
    (dict(model="bounded", range=(0, float("inf"))), "range"),
    (dict(range=(0, 1)), "range"),
    (dict(concentration=2.0), "concentration"),
    (dict(model="bounded", range=(0, 1), concentration=0), "concentration"),
    (dict(model="bounded", range=(0, 0.5)), "means[0]"),
])
def test_bounded_arguments_are_checked(kwargs, parameter):
    with pytest.raises(lilucb.DomainError) as e:
        lilucb.run("t3c-ids+glr-pooled-eb", [0.6, 0.4], nu=0.1, **kwargs)
    assert e.value.parameter == parameter
    with pytest.raises(TypeError):
        lilucb.run("t3c-ids+glr-pooled-eb", [0.6, 0.4], nu=0.1, model="bounded", range="0,1")


MEANS = lilucb.sparse_means(30)


@pytest.mark.parametrize("algorithm", ["lilucb-heuristic", "lilucb-ls", "exp-gap", "successive-elimination"])
def test_run_many_equals_runs_one_by_one(algorithm):
    m = lilucb.run_many(algorithm, means=MEANS, nu=0.1, runs=12, threads=2, seed=11, first_run=5, keep_counts=True,
                        max_pulls=500_000)
    assert len(m) == 12
    for k in range(12):
        r = lilucb.run(algorithm, means=MEANS, nu=0.1, seed=11, run=5 + k, max_pulls=500_000)
        assert (m.pulls[k], m.best_arm[k], m.correct[k]) == (r.pulls, r.best_arm, r.correct)
        assert m.status[k] == r.status
        assert np.array_equal(m.counts[k], r.counts)
    assert m.parameters == lilucb.run(algorithm, means=MEANS, nu=0.1, seed=11, max_pulls=500_000).parameters


def test_run_many_deterministic_for_1_and_2_threads():
    kw = dict(algorithm="lilucb-heuristic", means=lilucb.alpha_means(50, 0.3), nu=0.1, runs=40, seed=5,
              checkpoints=np.unique(np.logspace(1, 5, 20).astype(np.uint64)), keep_counts=True)
    a = lilucb.run_many(threads=1, **kw)
    b = lilucb.run_many(threads=2, **kw)
    c = lilucb.run_many(threads=None, **kw)
    for x in (b, c):
        for f in ("pulls", "best_arm", "correct", "stopped", "counts", "empirical_best"):
            assert np.array_equal(getattr(a, f), getattr(x, f)), f
    # a different seed gives different runs (the test can fail)
    d = lilucb.run_many(threads=2, **{**kw, "seed": 6})
    assert not np.array_equal(a.pulls, d.pulls)


def test_run_many_tables_for_notebooks():
    m = lilucb.run_many("lilucb", means=MEANS, nu=0.1, runs=4, seed=3, max_pulls=1000, keep_counts=True,
                        checkpoints=[10, 100, 5000], first_run=2)
    # signed counts: a difference stays a difference
    assert m.pulls.dtype == np.int64 and m.counts.dtype == np.int64
    assert (m.pulls - 10**6 < 0).all()
    rows = m.rows()
    assert [r["run"] for r in rows] == [2, 3, 4, 5]
    for k, r in enumerate(rows):
        assert r["pulls"] == m.pulls[k] and r["best_arm"] == m.best_arm[k] and r["status"] == m.status[k]
        assert [r[f"count_{i}"] for i in range(len(MEANS))] == m.counts[k].tolist()
        assert (r["best_at_10"], r["best_at_100"], r["best_at_5000"]) == tuple(m.empirical_best[k].tolist())
        assert r["best_at_5000"] == -1  # the budget ends first
    frame = m.to_frame()
    try:
        import pandas  # noqa: F401
        assert frame.shape == (4, len(rows[0])) and frame["pulls"].tolist() == m.pulls.tolist()
    except ImportError:
        assert frame == rows
    j = json.loads(m.to_json())
    assert j["pulls"] == m.pulls.tolist() and j["counts"] == m.counts.tolist() and j["algorithm"] == m.algorithm


def test_run_many_summary_counts_wrong_answers_among_stopped_runs():
    # The uncertified heuristic at nu = 0.4 on a close pair errs often; a budget censors some runs.
    m = lilucb.run_many("lilucb-heuristic", means=[0.5, 0.45], nu=0.4, runs=300, seed=5, max_pulls=400)
    s = m.summary(level=0.99)
    stopped, wrong = int(m.stopped.sum()), int((m.stopped & ~m.correct).sum())
    assert 0 < stopped < 300 and wrong > 0  # the instance exercises both cases
    assert (m.wrong == (m.stopped & ~m.correct)).all()
    assert (s["runs"], s["stopped"], s["censored"], s["errors"]) == (300, stopped, 300 - stopped, wrong)
    assert s["error_rate"] == wrong / stopped
    assert (s["error_ci_low"], s["error_ci_high"]) == lilucb.clopper_pearson_interval(wrong, stopped, 0.99)
    assert s["mean_pulls"] == m.pulls.mean() and s["median_pulls"] == float(np.median(m.pulls))
    assert s["algorithm"] == "lilucb-heuristic" and s["certified"] is False
    json.dumps(s)  # plain Python values


def test_budget_and_checkpoints():
    r = lilucb.run("lilucb", means=MEANS, nu=0.1, seed=1, max_pulls=1000, checkpoints=[1, 30, 500, 1000, 5000])
    assert r.status == "budget_exhausted" and r.pulls == 1000
    assert r.empirical_best.tolist()[-1] == -1  # checkpoint 5000 is never reached
    assert all(0 <= b < len(MEANS) for b in r.empirical_best[:-1])
    m = lilucb.run_many("lilucb", means=MEANS, nu=0.1, runs=3, max_pulls=1000, checkpoints=[1, 30, 500, 1000, 5000])
    assert not m.stopped.any() and (m.status == "budget_exhausted").all()
    assert m.empirical_best.shape == (3, 5)
    assert np.array_equal(m.empirical_best[0], r.empirical_best)


def longest_pause_of_main_thread(call):
    """Runs call() in a thread while this thread ticks every millisecond; returns (call's duration,
    the longest stretch inside it without a tick).  A call holding the GIL blocks the ticks for its
    whole length; a call that releases it leaves pauses of a few milliseconds."""
    span = {}

    def work():
        span["start"] = time.perf_counter()
        call()
        span["end"] = time.perf_counter()

    ticks = []
    t = threading.Thread(target=work)
    t.start()
    while t.is_alive():
        ticks.append(time.perf_counter())
        time.sleep(0.001)
    t.join()
    points = [span["start"], *[x for x in ticks if span["start"] < x < span["end"]], span["end"]]
    return span["end"] - span["start"], max(b - a for a, b in zip(points, points[1:]))


def test_gil_is_released_during_run_many():
    # The call must last long enough for the main thread's pauses to be measured: on a fast or
    # idle machine 250 runs can take under 0.2 s, so the run count grows until the call is long
    # enough (a precondition of the measurement, not a timing assertion on run_many).
    runs = 250
    while True:
        kw = dict(algorithm="lilucb-ls", means=lilucb.sparse_means(100), nu=0.1, runs=runs, threads=1, seed=2)
        duration, pause = longest_pause_of_main_thread(lambda: lilucb.run_many(**kw))
        if duration > 0.2 or runs >= 64000:
            break
        runs *= 4
    assert duration > 0.2, f"run_many took only {duration:.3f} s with {runs} runs: the test needs a longer call"
    assert pause < 0.25 * duration, (pause, duration)
    # Control: a vectorised theory call holds the GIL, and the measurement sees it.
    t = np.arange(1, 2 * 10**6, dtype=float)
    duration, pause = longest_pause_of_main_thread(lambda: lilucb.lil_bound(t=t, eps=0.01, delta=1e-3))
    assert pause > 0.5 * duration, (pause, duration)


def test_epsilon_good_runs_stop_on_ties_and_count_good_answers():
    # An epsilon-good question (Proposition Gε-M1): exact ties for the best mean are allowed, the
    # run stops with a certified answer, and "correct" means epsilon-good; run_many's runs are
    # run's runs; a preset cannot answer it; the CLI's run is the same run.
    means = [0.5, 0.5, 0.45, 0.1]
    r = lilucb.run("t3c-ids+glr-one-sided", means, 0.1, sigma=0.5, seed=4, epsilon=0.1)
    assert r.status == "stopped" and r.certified and "Gε-M1" in r.certificate
    assert r.correct == (r.best_arm in (0, 1, 2))
    assert r.parameters["epsilon"] == 0.1
    many = lilucb.run_many("t3c-ids+glr-one-sided", means, 0.1, runs=5, threads=2, sigma=0.5, seed=4, epsilon=0.1)
    assert int(many.pulls[0]) == r.pulls and int(many.best_arm[0]) == r.best_arm
    assert bool(many.correct[0]) == r.correct
    rel = lilucb.run("t3c-ids+glr-heuristic", [0.5, 0.5, 0.3], 0.1, model="bernoulli", epsilon=0.1, epsilon_relative=True)
    assert not rel.certified and rel.parameters["epsilon_relative"] == 0.1
    with pytest.raises(lilucb.DomainError, match="epsilon"):
        lilucb.run("lilucb-heuristic", means, 0.1, epsilon=0.1)
    with pytest.raises(lilucb.DomainError, match="epsilon"):
        lilucb.run("t3c-ids+glr-one-sided", means, 0.1, epsilon=-0.1)
    s = lilucb.Identification(3, "bernoulli", 0.1, epsilon=0.05)
    assert s.method == "eb-tci-ids+glr-one-sided" and s.epsilon == 0.05 and not s.epsilon_relative
    with pytest.raises(lilucb.DomainError, match="epsilon"):
        lilucb.Identification(3, "gaussian", 0.1, sigma=1.0, epsilon=0.1, epsilon_relative=True)


def test_top_m_runs_answer_sets():
    # A top-m question (Proposition TM-M1): the answer is a set, "correct" judges the set, run_many's
    # answers are run's; a preset cannot answer it, nor a threshold that does not; top >= K is refused;
    # the study keeps the question and answers the set.
    means = [0.5, 0.1, 0.45, 0.2, 0.3]
    r = lilucb.run("lucb-glr+glr-one-sided", means, 0.1, sigma=0.5, seed=4, top=2)
    assert r.status == "stopped" and r.certified and "TM-M1" in r.certificate
    assert r.answer == [0, 2] and r.correct and r.parameters["top"] == 2
    assert r.best_arm in r.answer
    many = lilucb.run_many("lucb-glr+glr-one-sided", means, 0.1, runs=4, threads=2, sigma=0.5, seed=4, top=2)
    assert many.answers.shape == (4, 2) and list(many.answers[0]) == r.answer
    assert int(many.pulls[0]) == r.pulls and bool(many.correct[0]) == r.correct
    assert lilucb.run("t3c+glr-one-sided", means, 0.1, seed=4).answer is None
    practice = lilucb.run("tt-topm+glr-heuristic", means, 0.1, seed=4, top=3)
    assert not practice.certified and len(practice.answer) == 3
    with pytest.raises(lilucb.DomainError, match="top"):
        lilucb.run("lilucb-heuristic", means, 0.1, top=2)
    with pytest.raises(lilucb.DomainError, match="top"):
        lilucb.run("lucb-glr+glr-pooled", means, 0.1, top=2)
    with pytest.raises(lilucb.DomainError, match="top"):
        lilucb.run("lucb-glr+glr-one-sided", means, 0.1, top=5)
    with pytest.raises(lilucb.DomainError, match="top"):
        lilucb.run("lucb-glr+glr-one-sided", means, 0.1, top=1.5)
    s = lilucb.Identification(5, "gaussian", 0.1, sigma=0.5, top=2, seed=1)
    assert s.method == "lucb-glr+glr-one-sided" and s.top == 2
    rng = random.Random(3)
    while not s.done:
        pull_id, arm = s.ask_ids()
        s.tell(arm, rng.gauss(means[arm], 0.5), id=pull_id)
    a = s.answer()
    assert a.done and a.certified and a.answer == (0, 2) and a.best_arm == 0
    assert lilucb.Identification.from_json(s.to_json()).top == 2


def test_bernoulli_tilts_answer_top_m_and_epsilon_questions():
    # On Bernoulli arms pooled-kl answers a top-m question by Proposition TM-K (the study's default
    # there) and an additive epsilon by Kε-U (one arm: no set); a relative epsilon is refused by name.
    low = [0.1, 0.08, 0.05, 0.04, 0.02]
    r = lilucb.run("lucb-glr+glr-pooled-kl", low, 0.1, model="bernoulli", seed=2, top=2)
    assert r.status == "stopped" and r.certified and "TM-K" in r.certificate and r.correct
    e = lilucb.run("eb-tci-ids+glr-pooled-kl", [0.2, 0.2, 0.12, 0.05], 0.1, model="bernoulli", seed=2, epsilon=0.05)
    assert e.status == "stopped" and "Kε-U" in e.certificate and e.answer is None and e.best_arm in (0, 1)
    with pytest.raises(lilucb.DomainError, match="epsilon"):
        lilucb.run("eb-tci-ids+glr-pooled-kl", [0.2, 0.1], 0.1, model="bernoulli", epsilon=0.05, epsilon_relative=True)
    s = lilucb.Identification(5, "bernoulli", 0.1, top=2, seed=1)
    assert s.method == "lucb-glr+glr-pooled-kl"
    rng = random.Random(5)
    while not s.done:
        pull_id, arm = s.ask_ids()
        s.tell(arm, 1.0 if rng.random() < low[arm] else 0.0, id=pull_id)
    a = s.answer()
    assert a.done and a.certified and a.answer == (0, 1) and "TM-K" in a.certificate
    with pytest.raises(lilucb.DomainError, match="top"):
        lilucb.Identification(3, "gaussian", 0.1, sigma=0.5, top=3)


def test_unknown_variance_runs(cli):
    # Gaussian rewards of unknown, different variances (Propositions PT and GU): only paired-t, gu
    # (certified) and heuristic-ev (the practice) stop; a known-sigma rule is refused; the same run as
    # the CLI's.
    means, sds = [0.0, -0.5, -0.6], [0.2, 2.0, 0.5]
    r = lilucb.run("t3c-ids+glr-gu", means, 0.1, seed=3, unknown_variance=True, arm_sigmas=sds)
    assert r.status == "stopped" and r.certified and "Proposition GU" in r.certificate
    assert r.best_arm == 0 and r.correct
    pt = lilucb.run("t3c-ids-matched+glr-paired-t", means, 0.1, seed=3, unknown_variance=True, arm_sigmas=sds)
    assert pt.status == "stopped" and pt.certified and "Proposition PT" in pt.certificate
    assert pt.best_arm == 0 and pt.correct and pt.pulls < r.pulls
    many = lilucb.run_many("t3c-ids+glr-gu", means, 0.1, runs=3, threads=2, seed=3, unknown_variance=True, arm_sigmas=sds)
    assert int(many.pulls[0]) == r.pulls
    practice = lilucb.run("t3c-ids+glr-heuristic-ev", means, 0.1, seed=3, unknown_variance=True, arm_sigmas=sds)
    assert not practice.certified
    with pytest.raises(lilucb.DomainError, match="unknown_variance|threshold"):
        lilucb.run("t3c-ids+glr-pooled-weighted", means, 0.1, unknown_variance=True)
    with pytest.raises(lilucb.DomainError, match="arm_sigmas"):
        lilucb.run("t3c-ids+glr-gu", means, 0.1, unknown_variance=True, arm_sigmas=[1.0, 2.0])
    with pytest.raises(lilucb.DomainError, match="arm_sigmas"):
        lilucb.run("t3c-ids+glr-gu", means, 0.1, unknown_variance=True, arm_sigmas=[1.0, -2.0, 1.0])
    with pytest.raises(lilucb.DomainError, match="unknown_variance"):
        lilucb.run("t3c-ids+glr-heuristic-ev", [0.5, 0.4], 0.1, model="bernoulli", unknown_variance=True)
    c = cli("run", "--means", "0,-0.5,-0.6", "--sigma", "unknown", "--arm-sigmas", "0.2,2,0.5", "--nu", "0.1",
            "--seed", "3", "--sampling", "t3c-ids", "--stopping", "glr", "--threshold", "gu")
    assert c["pulls"] == r.pulls and c["best_arm"] == r.best_arm
    d = cli("run", "--means", "0,-0.5,-0.6", "--sigma", "unknown", "--arm-sigmas", "0.2,2,0.5", "--nu", "0.1",
            "--seed", "3")  # the default with --sigma unknown: t3c-ids-matched+glr-paired-t
    assert d["pulls"] == pt.pulls and d["best_arm"] == pt.best_arm


def test_unknown_variance_top_m_runs_tm_t(cli):
    # The m best of Gaussian arms of unknown, different variances: Proposition TM-T (paired-t per top-m
    # pair) is the default, the practice with empirical variances answers too, gu answers no top-m
    # question; a study asks TM-T by default; the same run as the CLI's.
    means, sds = [1.0, 0.8, 0.6, 0.4, 0.2], [0.5, 2.0, 1.0, 0.5, 1.0]
    r = lilucb.run("lucb-glr+glr-paired-t", means, 0.05, seed=3, top=2, unknown_variance=True, arm_sigmas=sds)
    assert r.status == "stopped" and r.certified and "Proposition TM-T" in r.certificate
    assert r.answer == [0, 1] and r.correct
    with pytest.warns(lilucb.UncertifiedWarning, match="not certified"):
        ev = lilucb.run("lucb-glr+glr-heuristic-ev", means, 0.05, seed=3, top=2, unknown_variance=True, arm_sigmas=sds)
    assert not ev.certified and len(ev.answer) == 2
    with pytest.raises(lilucb.DomainError, match="top"):
        lilucb.run("t3c-ids+glr-gu", means, 0.05, top=2, unknown_variance=True, arm_sigmas=sds)
    c = cli("run", "--means", "1,0.8,0.6,0.4,0.2", "--sigma", "unknown", "--arm-sigmas", "0.5,2,1,0.5,1", "--nu", "0.05",
            "--seed", "3", "--top", "2")  # the default with --sigma unknown --top 2: lucb-glr+glr-paired-t
    assert c["pulls"] == r.pulls
    s = lilucb.Identification(arms=3, model="gaussian", nu=0.1, unknown_variance=True, top=2, seed=2)
    assert s.method == "lucb-glr+glr-paired-t"


def test_ls_answers_top_m_and_epsilon_good_questions(cli):
    # lil'UCB's LS rule asked the set question (any boundary): certified, the set correct, the CLI's run.
    means = [1.0, 0.2, 0.8, 0.5, 0.0]
    r = lilucb.run("lucb-glr+ls", means, 0.1, sigma=0.5, seed=3, top=2)
    assert r.status == "stopped" and r.certified and "top 2" in r.certificate
    assert r.answer == [0, 2] and r.correct
    e = lilucb.run("uniform+ls-stitched", means, 0.1, sigma=0.5, seed=3, epsilon=0.25)
    assert e.status == "stopped" and e.certified and e.best_arm in (0, 2) and e.answer is None
    c = cli("run", "--means", "1,0.2,0.8,0.5,0", "--nu", "0.1", "--seed", "3", "--top", "2",
            "--sampling", "lucb-glr", "--stopping", "ls")
    assert c["pulls"] == r.pulls


def test_an_uncertified_method_says_so_as_the_cli_does(cli):
    import warnings
    with pytest.warns(lilucb.UncertifiedWarning, match=r"lilucb.run: note: lilucb-heuristic is not certified"):
        r = lilucb.run("lilucb-heuristic", means=[1.0, 0.0], nu=0.1, seed=3)
    assert r.certified is False
    with pytest.warns(lilucb.UncertifiedWarning, match=r"lilucb.run_many: note: .*glr-heuristic is not certified"):
        lilucb.run_many("t3c-ids+glr-heuristic", means=[1.0, 0.0], nu=0.1, runs=3, threads=1)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a certified method runs without a note
        assert lilucb.run("t3c-ids+glr-pooled-weighted", means=[1.0, 0.0], nu=0.1, seed=3).certified is True


def test_arms_is_the_old_name_of_model():
    """arms= is model='s old name in run, run_many, plan and characteristic_time: the same result, a
    DeprecationWarning saying so, and a TypeError beside a model other than the default."""
    means = [0.7, 0.5, 0.2]
    new = lilucb.run("t3c-ids+glr-heuristic", means, 0.1, seed=3, model="bernoulli")
    with pytest.warns(DeprecationWarning, match=r"arms= is the old name of model="):
        old = lilucb.run("t3c-ids+glr-heuristic", means, 0.1, seed=3, arms="bernoulli")
    assert (old.pulls, old.counts.tolist(), old.best_arm, old.parameters) == \
        (new.pulls, new.counts.tolist(), new.best_arm, new.parameters)
    assert new.parameters["model"] == "bernoulli"
    with pytest.warns(DeprecationWarning):
        many = lilucb.run_many("t3c-ids+glr-heuristic", means, 0.1, runs=4, threads=1, seed=3, arms="bernoulli")
    assert many.pulls.tolist() == lilucb.run_many("t3c-ids+glr-heuristic", means, 0.1, runs=4, threads=1, seed=3,
                                                  model="bernoulli").pulls.tolist()
    with pytest.warns(DeprecationWarning):
        t_old = lilucb.characteristic_time(means, arms="bernoulli")
    assert t_old.t_star == lilucb.characteristic_time(means, model="bernoulli").t_star
    with pytest.warns(DeprecationWarning):
        p_old = lilucb.plan(means, 0.1, arms="bernoulli", runs=2, threads=1)
    assert p_old["arms"]["model"] == "bernoulli"
    with pytest.raises(TypeError, match="give model only"):
        lilucb.run("t3c-ids+glr-heuristic", means, 0.1, model="bounded", arms="bernoulli")
    with pytest.raises(TypeError, match="must be a str"):
        lilucb.plan(means, 0.1, arms=3)
