#!/usr/bin/env python3
"""Renders lilucb_bench_composed's JSON as the "Sampling x stopping" section of docs/benchmarks-table.md.

usage: bench_composed_report.py BENCH.json COMMIT [--before BEFORE.json BEFORE_COMMIT] [--note TEXT]
  (markdown on stdout)
--before adds the same benchmarks measured at another commit (before a change), column by column.
--note adds a paragraph after the header (e.g. the machine's load and the settings used).
Targets: every rule <= 60 ns/pull at K = 10 and <= 2000 ns/pull at K = 1000.
"""
import argparse
import json


def load(path):
    data = json.load(open(path))
    rows, arms = {}, {}
    for b in data["benchmarks"]:
        name = b["name"].split("/")
        combo = name[0][3:]
        K = int(name[1].split(":")[1])
        rows.setdefault(combo, {})[K] = (b["ns_per_pull"], b["pulls_per_run"], b["capped_runs"])
        if b.get("label"):
            arms[combo] = b["label"]
    return data, rows, arms


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("bench")
    ap.add_argument("commit")
    ap.add_argument("--before", nargs=2, metavar=("BEFORE_JSON", "BEFORE_COMMIT"))
    ap.add_argument("--note", default="")
    a = ap.parse_args()
    data, rows, arms = load(a.bench)
    before = load(a.before[0])[1] if a.before else None
    out = []
    out.append("## Sampling x stopping: ns per pull")
    out.append("")
    out.append("Measured by `build/bin/lilucb_bench_composed` at %s on %s (%s CPUs, %s MHz); the arms of the "
               "alpha 0.6 scenario with K arms (Gaussian where the registry admits the combination, Bernoulli "
               "otherwise: the arms column), sigma 1/2, nu 0.1, runs capped at "
               "200000 pulls unless the note says otherwise. Targets: <= 60 ns/pull at K = 10, <= 2000 ns/pull at "
               "K = 1000; growth = ns/pull at K = 1000 over K = 10." % (
                   a.commit, data["context"].get("host_name", "?"), data["context"].get("num_cpus", "?"),
                   data["context"].get("mhz_per_cpu", "?")))
    if before:
        out[-1] += (" Before: the same benchmarks at %s, with the same settings and binary options." % a.before[1])
    if a.note:
        out.append("")
        out.append(a.note)
    out.append("")
    Ks = (10, 100, 1000)

    def cell(r, K):
        return "%.1f" % r[K][0] if r and K in r else "-"

    if before:
        out.append("| combination | arms | before K = 10 | before K = 100 | before K = 1000 | K = 10 | K = 100 "
                   "| K = 1000 | growth | K = 10 target | K = 1000 target |")
        out.append("|---|---|---:|---:|---:|---:|---:|---:|---:|---|---|")
    else:
        out.append("| combination | arms | K = 10 | K = 100 | K = 1000 | growth | K = 10 target | K = 1000 target |")
        out.append("|---|---|---:|---:|---:|---:|---|---|")
    for combo, r in rows.items():
        g = "%.1fx" % (r[1000][0] / r[10][0]) if 10 in r and 1000 in r else "-"
        t10 = ("met" if r[10][0] <= 60 else "MISSED") if 10 in r else "-"
        t1000 = ("met" if r[1000][0] <= 2000 else "MISSED") if 1000 in r else "-"
        cells = [cell(r, K) for K in Ks]
        if before:
            cells = [cell(before.get(combo), K) for K in Ks] + cells
        out.append("| %s | %s | %s | %s | %s | %s |" % (combo, arms.get(combo, "-"), " | ".join(cells), g, t10, t1000))
    print("\n".join(out))


if __name__ == "__main__":
    main()
