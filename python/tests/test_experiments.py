"""Experiments and verification from Python: the same files and claims as the lilucb command."""

import json
import os
import signal
import subprocess
import threading
import time

import numpy as np
import pytest

import lilucb

CONFIG = {"algorithms": ["lilucb-heuristic", "successive-elimination", "lilucb-ls"], "scenarios": ["sparse", "alpha0.6"],
          "sizes": [5, 20], "repetitions": 6, "seed": 3, "budget": 1000000}


def _rows(result):
    s = result.summary
    return s.to_dict("records") if hasattr(s, "to_dict") else s


def test_stopping_times_same_files_as_cli(tmp_path, cli_path):
    py = lilucb.experiment("stopping-times", config=CONFIG, out=str(tmp_path / "py"), threads=2)
    cfg = tmp_path / "config.json"
    cfg.write_text(json.dumps(CONFIG))
    subprocess.run([cli_path, "experiment", "stopping-times", "--config", str(cfg), "--out", str(tmp_path / "cli"),
                    "--threads", "1", "--no-plot", "--quiet"], check=True, capture_output=True)
    for name in ("runs.csv", "summary.csv"):
        assert (tmp_path / "py" / name).read_bytes() == (tmp_path / "cli" / name).read_bytes(), name
    rows = _rows(py)
    assert py.total == py.executed == 3 * 2 * 2 * 6 and py.resumed == 0
    assert len(rows) == 3 * 2 * 2
    # summary.csv's rows with its own column names, every field the value written
    header, *lines = (tmp_path / "cli" / "summary.csv").read_text().splitlines()
    cols = header.split(",")
    assert list(rows[0]) == cols
    for row, line in zip(rows, lines):
        for col, text in zip(cols, line.split(",")):
            value = row[col]
            assert (value is None and text == "") or str(value) == text or float(text) == value, (col, text, value)
    # resuming into the same folder runs nothing again
    again = lilucb.experiment("stopping-times", config=CONFIG, out=str(tmp_path / "py"), threads=1)
    assert again.executed == 0 and again.resumed == again.total
    assert _rows(again) == rows


def test_anytime_summary(tmp_path):
    cfg = {"algorithms": ["lilucb-heuristic", "nonadaptive-ls"], "scenarios": ["sparse"], "sizes": [10],
           "repetitions": 8, "window": 3000, "seed": 1}
    r = lilucb.experiment("anytime", config=cfg, out=str(tmp_path / "a"), threads=2)
    rows = _rows(r)
    assert rows and {"scenario", "n", "algorithm", "pulls", "runs", "wrong", "p_wrong", "ci_low", "ci_high"} == set(rows[0])
    assert all(x["runs"] == 8 and 0 <= x["ci_low"] <= x["p_wrong"] == x["wrong"] / 8 <= x["ci_high"] <= 1 for x in rows)


def test_modern_runs_and_returns_summary_csv(tmp_path):
    cfg = {"methods": ["t3c-ids+glr-pooled-per-arm", "lilucb-heuristic"], "instances": ["linear5"],
           "deltas": [0.1], "repetitions": 3}
    r = lilucb.experiment("modern", config=cfg, out=str(tmp_path / "m"), threads=2)
    rows = _rows(r)
    header = (tmp_path / "m" / "summary.csv").read_text().splitlines()[0].split(",")
    assert r.kind == "modern" and r.total == r.executed == 2 * 3 and len(rows) == 2
    assert list(rows[0]) == header
    assert {x["method"] for x in rows} == {"t3c-ids+glr-pooled-per-arm", "lilucb-heuristic"}
    assert all(x["runs"] == 3 and x["errors"] <= x["runs"] for x in rows)
    assert {x["method"]: x["certified"] for x in rows} == {"t3c-ids+glr-pooled-per-arm": 1, "lilucb-heuristic": 0}


def test_progress_goes_to_the_callback(tmp_path, capfd):
    seen = []
    cfg = {"algorithms": ["lilucb-heuristic"], "scenarios": ["sparse"], "sizes": [10], "repetitions": 7, "seed": 1}
    lilucb.experiment("stopping-times", config=cfg, out=str(tmp_path / "p"), threads=2,
                      progress=lambda done, total: seen.append((done, total)))
    # the last call reports every run done; done never decreases; nothing on file descriptor 2
    assert seen and seen[-1] == (7, 7) and all(a[0] <= b[0] for a, b in zip(seen, seen[1:]))
    assert capfd.readouterr().err == ""
    # The runner's messages come back in `log`, not on file descriptor 2.
    again = lilucb.experiment("stopping-times", config=cfg, out=str(tmp_path / "p"), threads=2)
    assert "resuming" in again.log and capfd.readouterr().err == ""
    many = []
    lilucb.run_many("lilucb-heuristic", [1, 0.5], nu=0.1, runs=5, progress=lambda d, t: many.append((d, t)))
    assert many[-1] == (5, 5)
    with pytest.raises(TypeError):
        lilucb.run_many("lilucb-heuristic", [1, 0.5], nu=0.1, runs=5, progress="yes")


def _interrupt_after(seconds):
    """Sends SIGINT to this process after `seconds` (as Ctrl-C would)."""
    timer = threading.Timer(seconds, lambda: os.kill(os.getpid(), signal.SIGINT))
    timer.start()
    return timer


@pytest.mark.parametrize("call", ["run", "run_composed", "run_many", "experiment", "crossing"])
def test_ctrl_c_stops_a_long_call(call, tmp_path):
    # Each call below runs for minutes uninterrupted; SIGINT after 0.3 s must end it with
    # KeyboardInterrupt, long before (the bound is generous: the poll period is 50 ms and the
    # library polls every 65 536 pulls, every run and every time step).
    long_calls = {
        "run": lambda: lilucb.run("lilucb-heuristic", [0.5, 0.49999], nu=0.1, max_pulls=0),
        "run_composed": lambda: lilucb.run("t3c-ids+glr-pooled-per-arm", [0.5, 0.49999], nu=0.1, max_pulls=0),
        "run_many": lambda: lilucb.run_many("lilucb-heuristic", np.linspace(1, 0, 1000), nu=0.01, runs=10**6),
        "experiment": lambda: lilucb.experiment("stopping-times", preset="paper", out=str(tmp_path / "x"), threads=2),
        "crossing": lambda: lilucb.crossing_probability("constant", horizon=10**7, c=1e6, resolution=64,
                                                      max_seconds=1e9),
    }
    # Python's own SIGINT handler (a process started with SIGINT ignored would not have it), and
    # the timer started inside pytest.raises, so a late signal cannot escape the test.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = None
    start = time.monotonic()
    try:
        with pytest.raises(KeyboardInterrupt):
            timer = _interrupt_after(0.3)
            long_calls[call]()
    finally:
        if timer is not None:
            timer.cancel()
        signal.signal(signal.SIGINT, previous)
    assert time.monotonic() - start < 20
    # the library runs normally afterwards (the interruption was withdrawn)
    assert lilucb.run("lilucb-heuristic", [1, 0], nu=0.1).correct


def test_max_seconds_refuses_before_writing(tmp_path):
    # Estimated first (one timed run per cell): over the limit, refused with the estimate, nothing written.
    with pytest.raises(lilucb.DomainError) as e:
        lilucb.experiment("stopping-times", config=CONFIG, out=str(tmp_path / "st"), max_seconds=1e-7)
    assert e.value.parameter == "max_seconds" and "timing one run of each cell already took" in str(e.value)
    assert not (tmp_path / "st").exists()
    r = lilucb.experiment("stopping-times", config=CONFIG, out=str(tmp_path / "st"), max_seconds=600)
    assert r.executed == r.total == 3 * 2 * 2 * 6
    for bad in (0, -1.0, float("nan")):
        with pytest.raises(lilucb.DomainError) as e:
            lilucb.experiment("stopping-times", config=CONFIG, out=str(tmp_path / "x"), max_seconds=bad)
        assert e.value.parameter == "max_seconds"
    with pytest.raises(TypeError):
        lilucb.experiment("stopping-times", config=CONFIG, out=str(tmp_path / "x"), max_seconds="60")


def test_bad_experiment_arguments():
    with pytest.raises(lilucb.DomainError) as e:
        lilucb.experiment("stopping", out="unused")
    assert e.value.parameter == "kind"
    with pytest.raises(lilucb.DomainError):
        lilucb.experiment(config={"repetitions": -1}, out="unused")


def test_verify_same_claims_as_cli(cli):
    names = [n for n, _ in lilucb.verify_checks()]
    assert "paper-numbers" in names
    claims = lilucb.verify(quick=True, only="paper-numbers")
    assert claims and all(set(c) == {"id", "claim", "source", "computed", "verdict", "evidence"} for c in claims)
    out = cli("verify", "--quick", "--only", "paper-numbers")
    assert claims == out
    frame = claims.to_frame()
    try:
        import pandas  # noqa: F401
    except ImportError:
        assert frame == out
    else:
        assert list(frame["id"]) == [c["id"] for c in out] and list(frame.columns)[:2] == ["id", "claim"]


def test_verify_max_seconds_refuses_a_run_estimated_longer_before_any_check(cli):
    with pytest.raises(ValueError) as e:
        lilucb.verify(quick=False, max_seconds=1)
    assert e.value.parameter == "max_seconds" and "would take about" in str(e.value)
    for bad in (0, -1, float("nan")):
        with pytest.raises(ValueError):
            lilucb.verify(only="paper-numbers", max_seconds=bad)
    with pytest.raises(TypeError):
        lilucb.verify(only="paper-numbers", max_seconds="10")
    assert lilucb.verify(only="paper-numbers", max_seconds=3600) == cli("verify", "--quick", "--only", "paper-numbers")
