"""Experiments and verification from Python: the same files and claims as the lilucb command."""

import json
import subprocess

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
    assert set(rows[0]) >= {"algorithm", "scenario", "n", "runs", "median", "error_rate", "h1"}
    # summary.csv's numbers are the ones returned (CSV text is %.10g or so; compare as text -> float)
    header, *lines = (tmp_path / "cli" / "summary.csv").read_text().splitlines()
    cols = header.split(",")
    for row, line in zip(rows, lines):
        fields = dict(zip(cols, line.split(",")))
        assert (row["algorithm"], row["scenario"], str(row["n"]), str(row["runs"])) == \
            (fields["algorithm"], fields["scenario"], fields["n"], fields["runs"])
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
