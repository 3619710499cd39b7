"""Turns lilucb_bench's JSON output into docs/benchmarks.md: ns per pull per algorithm,
scenario and n, and the lil'UCB Heuristic's scaling in n."""
import json
import math
import sys


def main(path):
    data = json.load(open(path))
    ctx = data["context"]
    rows = {}
    scaling = {}
    for b in data["benchmarks"]:
        name = b["name"].split("/min_time")[0]
        parts = name.split("/")
        ns = b["ns_per_pull"] * 1e9 if b["ns_per_pull"] < 1e-3 else b["ns_per_pull"]
        n = int(parts[2].split(":")[1])
        if parts[0] == "BM_lilucb_heuristic_scaling":
            scaling[(parts[1], n)] = (ns, b["pulls_per_run"], b["capped_runs"])
        else:
            rows[(parts[0][3:], parts[1], n)] = (ns, b["pulls_per_run"], b["capped_runs"])
    out = ["# Benchmarks: ns per pull", "",
           f"Measured {ctx['date']} on {ctx['host_name']} ({ctx['num_cpus']} CPUs at "
           f"{ctx['mhz_per_cpu']} MHz, build type {ctx.get('library_build_type', '?')}) by "
           "`bash scripts/bench` (Google Benchmark, `experiments/bench/bench_algorithms.cpp`). "
           "Each iteration is one whole run (Gaussian arms, sigma = 1/2, nu = 0.1); ns per pull is "
           "CPU time divided by pulls. Runs are capped by a pull budget (UCB1: about 2e9/n pulls, "
           "others 2e7); a capped run still measures cost per pull. Other load on the machine moves "
           "figures by up to 30%.", ""]
    ns_values = sorted({k[2] for k in rows})
    for scen in ["sparse", "alpha0.3", "alpha0.6"]:
        out += [f"## {scen}", "", "| algorithm | " + " | ".join(f"n = {n}" for n in ns_values) + " |",
                "|---|" + "---|" * len(ns_values)]
        for alg in sorted({k[0] for k in rows}):
            cells = []
            for n in ns_values:
                v = rows.get((alg, scen, n))
                cells.append("" if v is None else f"{v[0]:.1f}" + (" (capped)" if v[2] else ""))
            out.append(f"| {alg} | " + " | ".join(cells) + " |")
        out.append("")
    out += ["## lil'UCB Heuristic: cost against n", "",
            "| scenario | n | ns/pull | ns/pull / log2(n) | pulls per run |", "|---|---|---|---|---|"]
    for (scen, n), (ns, pulls, capped) in sorted(scaling.items()):
        out.append(f"| {scen} | {n} | {ns:.1f} | {ns / math.log2(n):.2f} | {pulls:.4g}"
                   + (" (capped)" if capped else "") + " |")
    print("\n".join(out))


if __name__ == "__main__":
    main(sys.argv[1])
