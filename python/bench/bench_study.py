"""Cost of lilucb.Identification per ask and tell from Python, against the same study driven in C++.

    PYTHONPATH=build/python python3 python/bench/bench_study.py [--arms 10] [--pulls 20000]

One ask and one tell at a time (Gaussian arms with the alpha 0.6 means, sigma 1/2, nu = 0.1, the
rewards drawn by numpy), stopping at the study's answer or after --pulls pulls; prints microseconds
per ask+tell for each method, best of 5 repetitions (process CPU time).  The C++ figure for the same
loop is build/bin/lilucb_bench_study's `study` row (docs/benchmarks.md).
"""
import argparse
import time

import numpy as np

import lilucb


def one_study(method, means, pulls, seed):
    rng = np.random.default_rng(seed)
    s = lilucb.Identification(len(means), "gaussian", 0.1, sigma=0.5, method=method, seed=seed)
    n = 0
    while not s.done and n < pulls:
        arm = s.ask()
        s.tell(arm, means[arm] + 0.5 * rng.standard_normal())
        n += 1
    return n


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--arms", type=int, default=10)
    p.add_argument("--pulls", type=int, default=20000)
    a = p.parse_args()
    means = lilucb.alpha_means(a.arms - 1, 0.6)
    print("| method | K | pulls per study | us per ask+tell (Python) |")
    print("|---|---:|---:|---:|")
    for method in (lilucb.RECOMMENDED_METHOD, "tas-d+glr-heuristic", "lilucb+ls"):
        best = float("inf")
        for rep in range(5):
            t0 = time.process_time()
            total = sum(one_study(method, means, a.pulls, seed) for seed in range(1, 6))
            best = min(best, (time.process_time() - t0) / total * 1e6)
        print(f"| {method} | {a.arms} | {total / 5:.0f} | {best:.2f} |")


if __name__ == "__main__":
    main()
