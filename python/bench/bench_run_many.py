#!/usr/bin/env python3
"""Python overhead of lilucb.run_many: the same runs timed from Python and from C++.

    PYTHONPATH=build/python python3 python/bench/bench_run_many.py build/bin/lilucb_python_bench [--write docs/benchmarks-python.md]

For each case, the C++ side is the Google Benchmark program bench_run_many.cpp (CPU time per
pull); the Python side calls lilucb.run_many(..., threads=1) on the same means, seed and runs and
measures process CPU time (time.process_time) per pull, best of several repetitions (as Google
Benchmark's repetitions, the minimum is the least disturbed by other load).  Both sides run
exactly the same pulls (checked: the pull totals must agree).  Overhead = Python / C++ - 1.
"""

import argparse
import datetime
import json
import os
import platform
import subprocess
import sys
import time

import lilucb

CASES = [  # (benchmark name, algorithm, means, runs); must match bench_run_many.cpp
    ("lilucb_heuristic_alpha0_6_n1000", "lilucb-heuristic", lilucb.alpha_means(1000, 0.6), 64),
    ("lilucb_ls_sparse_n3000", "lilucb-ls", lilucb.sparse_means(3000), 64),
    ("successive_elimination_sparse_n1000", "successive-elimination", lilucb.sparse_means(1000), 64),
]


def cpp_result(bench, name):
    """One Google Benchmark measurement of case `name`: (ns per pull, pulls per run)."""
    out = subprocess.run([bench, "--benchmark_format=json", f"--benchmark_filter=^run_many_cpp/{name}/"],
                         check=True, capture_output=True, text=True)
    (b,) = [b for b in json.loads(out.stdout)["benchmarks"] if b.get("run_type") == "iteration"]
    return b["ns_per_pull"], b["pulls_per_run"]


def python_result(algorithm, means, runs):
    """One timing of lilucb.run_many from Python: (ns per pull of process CPU time, pulls per run)."""
    t0 = time.process_time()
    r = lilucb.run_many(algorithm, means=means, nu=0.1, sigma=0.5, runs=runs, threads=1, seed=1)
    dt = time.process_time() - t0
    pulls = int(r.pulls.sum())
    return dt * 1e9 / pulls, pulls / runs


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("bench", help="path of lilucb_python_bench")
    ap.add_argument("--repetitions", type=int, default=5)
    ap.add_argument("--write", help="write the Markdown section to this file")
    args = ap.parse_args()
    rows = []
    for name, algorithm, means, runs in CASES:
        # C++ and Python alternate, so that load on the machine hits both sides alike; the minimum
        # of each side is its least disturbed measurement.
        cpp, py = [], []
        for _ in range(args.repetitions):
            cpp.append(cpp_result(args.bench, name))
            py.append(python_result(algorithm, means, runs))
        (cpp_ns, cpp_pulls), (py_ns, py_pulls) = min(cpp), min(py)
        assert abs(py_pulls - cpp_pulls) < 1e-6 * cpp_pulls, (name, py_pulls, cpp_pulls)
        rows.append((name, algorithm, len(means), runs, py_pulls, cpp_ns, py_ns, py_ns / cpp_ns - 1))
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                            cwd=os.path.dirname(os.path.abspath(__file__))).stdout.strip() or "unknown"
    lines = [
        "## Python bindings: lilucb.run_many against the same runs from C++",
        "",
        f"Measured {datetime.datetime.now(datetime.timezone.utc).isoformat(timespec='seconds')} on "
        f"{platform.node()} ({os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f} at the end: other "
        f"work shares the machine, so single figures move by a few percent either way) at commit {commit} by "
        "`PYTHONPATH=build/python python3 python/bench/bench_run_many.py build/bin/lilucb_python_bench "
        "--write docs/benchmarks-python.md` (C++: Google Benchmark, python/bench/bench_run_many.cpp; Python: "
        "process CPU time of run_many(threads=1); the two alternate, best of "
        f"{args.repetitions} repetitions each; the same pulls on both sides). Target: at most 5% overhead "
        "per pull for runs of 10^5 pulls or more.",
        "",
        "| algorithm | instance | runs | pulls per run | C++ ns/pull | Python ns/pull | overhead |",
        "|---|---|---|---|---|---|---|",
    ]
    for name, algorithm, n, runs, pulls, cpp_ns, py_ns, over in rows:
        inst = ("alpha0.6" if "alpha" in name else "sparse") + ", n = " + str(n)
        lines.append(f"| {algorithm} | {inst} | {runs} | {pulls:.4g} | {cpp_ns:.2f} | {py_ns:.2f} | {100 * over:+.1f}% |")
    text = "\n".join(lines) + "\n"
    print(text)
    if args.write:
        with open(args.write, "w") as f:
            f.write(text)
    worst = max(r[-1] for r in rows)
    print(f"worst overhead {100 * worst:+.1f}% (target <= +5%)", file=sys.stderr)


if __name__ == "__main__":
    main()
