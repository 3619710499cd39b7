#!/usr/bin/env python3
"""One panel of the paper's Figure 2 (fig:stoppingTimes): stopping times of the algorithms on
Section 5's 1-sparse scenario (n arms, one of mean 1/2, the others 0, Gaussian rewards with
sigma = 1/2, so H1 = 4n) against n, from lilucb.run_many.

    PYTHONPATH=build/python python3 examples/python/figure2_panel.py [--out DIR] [--runs R]

Each point is the median number of pulls over R runs (bars: quartiles), divided by H1 as in the
paper's discussion.  The arms are shuffled (one fixed permutation per n): the algorithms visit arms
in index order at the start, and the scenario puts the best arm first (docs/reproduction-method.md).
A run that reaches the pull budget counts at the budget (a lower bound; marked with x).
The full reproduction, with every panel, is `lilucb experiment stopping-times --preset paper`.
"""

import argparse
import os
import time

import matplotlib
import matplotlib.pyplot as plt
import numpy as np

import lilucb

ALGORITHMS = ["lilucb-heuristic", "lilucb-ls", "ucb1-ls", "successive-elimination", "nonadaptive-ls", "lilucb"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=".", help="folder for figure2_sparse.png (default: here)")
    ap.add_argument("--runs", type=int, default=20, help="runs per (algorithm, n) (default 20)")
    ap.add_argument("--sizes", default="10,30,100,300", help="comma-separated n (default 10,30,100,300)")
    ap.add_argument("--budget", type=int, default=3_000_000, help="pull budget per run (default 3e6)")
    ap.add_argument("--threads", type=int, default=0, help="C++ threads (default 0: all cores)")
    args = ap.parse_args()
    sizes = [int(x) for x in args.sizes.split(",")]
    start = time.perf_counter()

    fig, ax = plt.subplots(figsize=(7.5, 4))
    for algorithm in ALGORITHMS:
        med, lo, hi, censored = [], [], [], []
        for n in sizes:
            means = lilucb.sparse_means(n, gap=0.5)
            means = np.random.default_rng(n).permutation(means)
            h1 = lilucb.hardness_h1(means)
            r = lilucb.run_many(algorithm, means=means, nu=0.1, sigma=0.5, runs=args.runs, seed=2014,
                                max_pulls=args.budget, threads=args.threads)
            q1, q2, q3 = np.percentile(r.pulls.astype(float) / h1, [25, 50, 75])
            med.append(q2), lo.append(q2 - q1), hi.append(q3 - q2)
            censored.append(not r.stopped.all())
            assert r.correct[r.stopped].all() or algorithm == "lilucb-heuristic", (algorithm, n)
        line = ax.errorbar(sizes, med, yerr=[lo, hi], marker="o", capsize=3, label=algorithm)
        cx = [n for n, c in zip(sizes, censored) if c]
        cy = [m for m, c in zip(med, censored) if c]
        ax.plot(cx, cy, "x", color=line[0].get_color(), markersize=10)
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("number of arms n")
    ax.set_ylabel("stopping time / H1")
    ax.set_title("1-sparse, H1 = 4n (Figure 2, left panel)")
    ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.02, 1))
    fig.tight_layout()
    os.makedirs(args.out, exist_ok=True)
    path = os.path.join(args.out, "figure2_sparse.png")
    fig.savefig(path, dpi=120)
    print(f"wrote {path} ({time.perf_counter() - start:.1f} s, matplotlib backend {matplotlib.get_backend()})")


if __name__ == "__main__":
    main()
