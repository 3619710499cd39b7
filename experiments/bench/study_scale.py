#!/usr/bin/env python3
"""The cost of one `lilucb study` command on a long history (docs/benchmarks.md, "The ask-tell
study: cost per ask and tell, save and load").

For each history length N: a study of 3 Gaussian arms reaches N events through the CLI, either
as N asks in flight (`ask --count N`: the largest state of asks in flight) or as N/2 asks all
told (`ask --count N/2`, then one `tell --csv` of them).  Then each of ask, tell, status, answer
and verify runs `--repeat` times under /usr/bin/time -v; the median wall time and the largest
peak RSS are printed as a Markdown table.

    python3 experiments/bench/study_scale.py --lilucb build/bin/lilucb --events 100000,1000000,10000000
"""
import argparse
import os
import random
import re
import statistics
import subprocess
import tempfile
import time


def timed(cmd, stdin=None):
    """Wall seconds (measured around the process, /usr/bin/time included) and peak RSS (MB, from
    /usr/bin/time -v) of one command."""
    t0 = time.perf_counter()
    p = subprocess.run(["/usr/bin/time", "-v"] + cmd, input=stdin, capture_output=True, text=True)
    seconds = time.perf_counter() - t0
    if p.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed: {p.stderr[-2000:]}")
    rss = re.search(r"Maximum resident set size \(kbytes\): (\d+)", p.stderr)
    return seconds, int(rss.group(1)) / 1024, p.stdout


def measure(lilucb, state, repeat, rng):
    rows = {}
    def run(name, cmd, stdin=None):
        times, peak = [], 0.0
        for _ in range(repeat):
            s, m, out = timed(cmd(), stdin() if stdin else None)
            times.append(s)
            peak = max(peak, m)
        rows[name] = (statistics.median(times), peak)
    base = [lilucb, "study"]
    asked = []  # (id, arm) of the asks made here, told back one per tell below
    times, peak = [], 0.0
    for _ in range(repeat):
        s, m, out = timed(base + ["ask", "--state", state])
        asked.append(out.split()[:2])
        times.append(s)
        peak = max(peak, m)
    rows["ask"] = (statistics.median(times), peak)
    run("tell", lambda: base + ["tell", "--state", state, "--id", asked[0][0], "--arm", asked.pop(0)[1],
                                "--reward", f"{rng.gauss(0, 1):.6f}"])
    run("status", lambda: base + ["status", "--state", state])
    run("answer", lambda: base + ["answer", "--state", state])
    s, m, _ = timed(base + ["verify", "--state", state])
    rows["verify"] = (s, m)
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--lilucb", default="build/bin/lilucb")
    ap.add_argument("--events", default="100000,1000000,10000000")
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    rng = random.Random(1)
    print("| events | history | command | median wall (ms) | peak RSS (MB) |")
    print("|---:|---|---|---:|---:|")
    for n in [int(x) for x in args.events.split(",")]:
        for shape in ("asks in flight", "asked and told"):
            with tempfile.TemporaryDirectory() as d:
                state = os.path.join(d, "s")
                subprocess.run([args.lilucb, "study", "new", "--state", state, "--arms", "3", "--sigma", "1",
                                "--nu", "1e-9"], check=True, capture_output=True)
                if shape == "asks in flight":
                    s, m, _ = timed([args.lilucb, "study", "ask", "--state", state, "--count", str(n)])
                    print(f"| {n} | {shape} | build: ask --count {n} | {s * 1000:.0f} | {m:.0f} |")
                else:
                    s, m, out = timed([args.lilucb, "study", "ask", "--state", state, "--count", str(n // 2)])
                    # Equal means: the study never stops, so every command has work to do.
                    csv = "id,arm,reward\n" + "".join(
                        f"{i},{a},{rng.gauss(0, 1):.6f}\n" for i, a in (l.split()[:2] for l in out.splitlines()))
                    s2, m2, _ = timed([args.lilucb, "study", "tell", "--state", state, "--csv", "-"], csv)
                    print(f"| {n} | {shape} | build: ask --count {n // 2}, tell --csv of them | {(s + s2) * 1000:.0f} | {max(m, m2):.0f} |")
                for name, (s, m) in measure(args.lilucb, state, args.repeat, rng).items():
                    print(f"| {n} | {shape} | {name} | {s * 1000:.1f} | {m:.0f} |", flush=True)


if __name__ == "__main__":
    main()
