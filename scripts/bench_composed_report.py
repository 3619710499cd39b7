#!/usr/bin/env python3
"""Renders lilucb_bench_composed's JSON as the "Sampling x stopping" section of docs/benchmarks.md.

usage: bench_composed_report.py BENCH.json COMMIT  (markdown on stdout)
Targets (issue 14): every rule <= 60 ns/pull at K = 10 and <= 2000 ns/pull at K = 1000.
"""
import json
import sys


def main():
    data = json.load(open(sys.argv[1]))
    commit = sys.argv[2]
    rows = {}
    for b in data["benchmarks"]:
        name = b["name"].split("/")
        combo = name[0][3:]
        K = int(name[1].split(":")[1])
        rows.setdefault(combo, {})[K] = (b["ns_per_pull"], b["pulls_per_run"], b["capped_runs"])
    out = []
    out.append("## Sampling x stopping (issue 14): ns per pull")
    out.append("")
    out.append("Measured by `build/bin/lilucb_bench_composed` at %s on %s (%s CPUs, %s MHz); Gaussian arms "
               "(kl-lucb: Bernoulli) of the alpha 0.6 scenario with K arms, sigma 1/2, nu 0.1, runs capped at "
               "200000 pulls. Targets: <= 60 ns/pull at K = 10, <= 2000 ns/pull at K = 1000; growth = "
               "ns/pull at K = 1000 over K = 10." % (commit, data["context"].get("host_name", "?"),
                                                     data["context"].get("num_cpus", "?"),
                                                     data["context"].get("mhz_per_cpu", "?")))
    out.append("")
    out.append("| combination | K = 10 | K = 100 | K = 1000 | growth | K = 10 target | K = 1000 target |")
    out.append("|---|---:|---:|---:|---:|---|---|")
    for combo, r in rows.items():
        def cell(K):
            return "%.1f" % r[K][0] if K in r else "-"
        g = "%.1fx" % (r[1000][0] / r[10][0]) if 10 in r and 1000 in r else "-"
        t10 = ("met" if r[10][0] <= 60 else "MISSED") if 10 in r else "-"
        t1000 = ("met" if r[1000][0] <= 2000 else "MISSED") if 1000 in r else "-"
        out.append("| %s | %s | %s | %s | %s | %s | %s |" % (combo, cell(10), cell(100), cell(1000), g, t10, t1000))
    print("\n".join(out))


if __name__ == "__main__":
    main()
