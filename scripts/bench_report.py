"""Turns lilucb_bench's JSON output into docs/benchmarks-table.md: ns per pull per algorithm,
scenario and n, the lil'UCB Heuristic's scaling in n, and the issue's speed targets checked
against the measurement (the verdicts are computed here, never written by hand).

    python3 scripts/bench_report.py bench.json COMMIT > docs/benchmarks-table.md
"""
import json
import os
import math
import sys

# The targets for lil'UCB Heuristic (ns per pull).
TARGET_AT_1E4 = {"alpha0.6": 20.0, "sparse": 50.0}


def fmt(ns):
    """Three significant digits; batched algorithms cost far below 1 ns per pull."""
    return f"{ns:.1f}" if ns >= 1 else f"{ns:.3g}"


def main(path, commit):
    data = json.load(open(path))
    ctx = data["context"]
    rows = {}
    scaling = {}
    for b in data["benchmarks"]:
        if b.get("run_type") == "aggregate":
            continue
        name = b["name"].split("/min_time")[0]
        parts = name.split("/")
        # The counter is an inverted rate of pulls * 1e-9 per second: nanoseconds per pull.
        ns = b["ns_per_pull"]
        n = int(parts[2].split(":")[1])
        if parts[0] == "BM_lilucb_heuristic_scaling":
            scaling[(parts[1], n)] = (ns, b["pulls_per_run"], b["capped_runs"])
        else:
            rows[(parts[0][3:], parts[1], n)] = (ns, b["pulls_per_run"], b["capped_runs"])

    out = ["# Benchmarks: ns per pull", "",
           f"Measured {ctx['date']} on {ctx['host_name']} ({ctx['num_cpus']} CPUs at "
           f"{ctx['mhz_per_cpu']} MHz) at commit {commit} by `bash scripts/bench` (Google Benchmark, "
           "`experiments/bench/bench_algorithms.cpp`; this file is written by "
           "`scripts/bench_report.py`). Each iteration is one whole run (Gaussian arms, sigma = 1/2, "
           "nu = 0.1); ns per pull is CPU time divided by pulls. Runs are capped by a pull budget "
           "(UCB1: about 2e9/n pulls, others 2e7); a capped run still measures cost per pull. Other "
           "load on the machine moves figures by up to 30%, more at 10^6 arms, where the cost is "
           "memory latency and bandwidth shared with the other tenants of the host. A measurement, "
           "not a generated table: CI does not compare it.", ""]

    # The targets, decided from the scaling benchmarks (one algorithm, longer minimum time).
    out += ["## The issue's targets (lil'UCB Heuristic)", ""]
    for scen, limit in TARGET_AT_1E4.items():
        v = scaling.get((scen, 10000))
        if v is None:
            out.append(f"- {scen}, n = 10^4: not measured in this run.")
            continue
        verdict = "met" if v[0] <= limit else "NOT met"
        out.append(f"- {scen}, n = 10^4: {fmt(v[0])} ns/pull, target at most {limit:g}: **{verdict}**.")
    for scen in sorted({s for s, _ in scaling}):
        base = scaling.get((scen, 10))
        if base is None:
            continue
        worst = None
        for (s, n), (ns, _, _) in sorted(scaling.items()):
            if s != scen or n == 10:
                continue
            growth, allowed = ns / base[0], math.log(n) / math.log(10)
            if worst is None or growth / allowed > worst[0]:
                worst = (growth / allowed, n, growth, allowed)
        if worst is None:
            continue
        verdict = "met" if worst[0] <= 1 else "NOT met"
        out.append(f"- {scen}, growth from n = 10: cost(n)/cost(10) against ln n/ln 10, worst at "
                   f"n = {worst[1]}: {worst[2]:.2f} against {worst[3]:.2f}: **{verdict}** "
                   f"(1 = exactly logarithmic growth; table below).")
    out.append("")

    ns_values = sorted({k[2] for k in rows})
    for scen in ["sparse", "alpha0.3", "alpha0.6"]:
        if not any(k[1] == scen for k in rows):
            continue
        out += [f"## {scen}", "", "| algorithm | " + " | ".join(f"n = {n}" for n in ns_values) + " |",
                "|---|" + "---|" * len(ns_values)]
        for alg in sorted({k[0] for k in rows}):
            cells = []
            for n in ns_values:
                v = rows.get((alg, scen, n))
                cells.append("" if v is None else fmt(v[0]) + (" (capped)" if v[2] else ""))
            out.append(f"| {alg} | " + " | ".join(cells) + " |")
        out.append("")
    out += ["Exponential-Gap Elimination (+LS) samples an arm in batches drawn as one Gaussian sum "
            "(exact in distribution, `docs/bandit.md`), so its pulls cost far below a nanosecond "
            "each; its time goes to the Median Elimination rounds.", ""]

    out += ["## lil'UCB Heuristic: cost against n", "",
            "| scenario | n | ns/pull | ns/pull / ln n | cost(n)/cost(10) | ln n/ln 10 | pulls per run |",
            "|---|---|---|---|---|---|---|"]
    for (scen, n), (ns, pulls, capped) in sorted(scaling.items()):
        base = scaling.get((scen, 10))
        growth = f"{ns / base[0]:.2f}" if base else ""
        out.append(f"| {scen} | {n} | {fmt(ns)} | {ns / math.log(n):.2f} | {growth} | "
                   f"{math.log(n) / math.log(10):.2f} | {pulls:.4g}" + (" (capped)" if capped else "") + " |")
    out += ["", "How lil'UCB stays near-flat up to 10^6 arms: from 1024 arms on its indices live in a "
            "radix heap (lib/include/lilucb/bandit/detail/radix_root_heap.hpp, O(1) amortised per pull), "
            "whose buckets are read and written front to back, instead of a binary heap whose "
            "sift-downs (about 20 levels at 10^6 arms, the pulled arm sinking to the last levels in "
            "lil'UCB's exploration phase) wait for a chain of dependent cache misses. What remains "
            "at 10^6 arms is largely the random access to the pulled arm's statistics (prefetched one "
            "pull ahead) and the radix heap itself (docs/bandit.md has a profile). The pulls are the "
            "same as a left-to-right argmax scan's, pull for pull (tests/bandit/test_fast_paths.cpp); "
            "docs/bandit.md explains the structure."]
    # The Python bindings' overhead section, measured separately by python/bench/bench_run_many.py.
    python_section = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "docs", "benchmarks-python.md")
    if os.path.exists(python_section):
        out += ["", open(python_section).read().rstrip("\n")]
    print("\n".join(out))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else "unknown")
