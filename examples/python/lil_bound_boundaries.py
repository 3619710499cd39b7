#!/usr/bin/env python3
"""The finite-LIL bound of Lemma lem:lil against other boundaries for a sum of sub-Gaussian
increments, with simulated random walks (sigma = 1/2, delta = 0.001).

    PYTHONPATH=build/python python3 examples/python/lil_bound_boundaries.py [--out DIR]

Curves, divided by sqrt(t) so that they are comparable over six decades:
  * lilucb.lil_bound, inner='lemma' (log((1+eps) t)) and 'plus2' (footnote fnt:delta_foot), eps = 0.01;
  * lilucb.ls_bound(t, ...) * t: the LS rule's boundary for n = 1 and n = 1000 arms (Section 5);
  * lilucb.boundary_radius for the polynomial stitching boundary (Howard et al. 2021, Theorem 1) and the
    one-sided normal mixture (their Section 3.2), both at crossing probability alpha = delta;
  * a union bound over time, sqrt(2 sigma^2 t log(t (t+1)/delta)) (failure <= delta summed over t);
  * the fixed-time Chernoff bound sqrt(2 sigma^2 t log(1/delta)), which holds at one t only;
  * the law of the iterated logarithm's envelope sqrt(2 sigma^2 t log log t), the asymptotic rate.
The last three are numpy formulas of this example, for comparison only (the library has no such
boundary); the lilucb curves are the library's (the whole grid in one call each).  The printout adds
each lilucb boundary's crossing probability for Gaussian walks up to t = 200 (lilucb.crossing_probability).
"""

import argparse
import os

import matplotlib.pyplot as plt
import numpy as np

import lilucb


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=".", help="folder for lil_bound_boundaries.png (default: here)")
    ap.add_argument("--walks", type=int, default=20, help="simulated random walks (default 20)")
    args = ap.parse_args()
    sigma, delta, eps = 0.5, 1e-3, 0.01
    t = np.unique(np.logspace(0, 6, 400).astype(np.int64)).astype(float)

    curves = {
        "finite LIL, lemma (Lemma lem:lil)": lilucb.lil_bound(t, eps, delta, sigma, inner="lemma"),
        "finite LIL, plus2 (fnt:delta_foot)": lilucb.lil_bound(t, eps, delta, sigma, inner="plus2"),
        "LS rule, n = 1": lilucb.ls_bound(t, eps, delta, sigma, 1) * t,
        "LS rule, n = 1000": lilucb.ls_bound(t, eps, delta, sigma, 1000) * t,
        "stitched (Howard et al. Thm 1)": lilucb.boundary_radius("stitched", t, alpha=delta, sigma=sigma),
        "normal mixture, one-sided": lilucb.boundary_radius("mixture", t, alpha=delta, sigma=sigma),
        "union bound over t": np.sqrt(2 * sigma**2 * t * np.log(t * (t + 1) / delta)),
        "fixed-t Chernoff (one t only)": np.sqrt(2 * sigma**2 * t * np.log(1 / delta)),
    }
    fig, ax = plt.subplots(figsize=(6.5, 4.2))
    rng = np.random.default_rng(15)
    idx = t.astype(np.int64) - 1
    walks = np.array([np.cumsum(rng.normal(0.0, sigma, size=int(t[-1])))[idx] for _ in range(args.walks)])
    for w in walks:
        ax.plot(t, w / np.sqrt(t), color="0.8", linewidth=0.6)
    for label, y in curves.items():
        style = "--" if "Chernoff" in label or "union" in label else "-"
        ax.plot(t, y / np.sqrt(t), style, label=label)
    big = t[t > 3]
    ax.plot(big, np.sqrt(2 * sigma**2 * np.log(np.log(big))), ":", color="k", label="LIL envelope sqrt(2 s^2 log log t)")
    ax.set_xscale("log")
    ax.set_xlabel("t (samples)")
    ax.set_ylabel("boundary / sqrt(t)")
    ax.set_title(f"Boundaries for S_t, sigma = {sigma}, delta = {delta}")
    ax.legend(fontsize=7, loc="upper left")
    fig.tight_layout()
    os.makedirs(args.out, exist_ok=True)
    path = os.path.join(args.out, "lil_bound_boundaries.png")
    fig.savefig(path, dpi=120)
    # How many simulated walks cross the finite-LIL bound somewhere on the grid.  Lemma lem:lil's
    # stated failure probability at eps = 0.01, delta = 0.001 is >= 1 (vacuous): the bound is
    # conservative in practice, not guaranteed at these parameters.
    crossed = (walks > curves["finite LIL, plus2 (fnt:delta_foot)"]).any(axis=1).sum()
    p = lilucb.lil_failure_probability(eps, delta)
    print(f"wrote {path}; walks crossing the plus2 finite-LIL bound: {crossed} of {args.walks} "
          f"(stated failure probability {p:.3g}{', vacuous' if p >= 1 else ''})")
    # The crossing engine (crossing.hpp) up to t = 200, with each family's proven tail beyond it.
    for kind, kw in [("lil-plus2", dict(eps=eps)), ("stitched", {}), ("mixture", {})]:
        r = lilucb.crossing_probability(kind, horizon=200, alpha=delta, sigma=sigma, resolution=2, **kw)
        tail = "none proven" if r.tail_bound is None else f"{r.tail_bound:.3g}"
        stated = lilucb.stated_crossing_probability(kind, alpha=delta, sigma=sigma, **kw)
        print(f"  {kind}: P(cross by t = 200) in [{r.probability_lower:.3g}, {r.probability_upper:.3g}], "
              f"after: <= {tail}; stated: {'vacuous' if stated is None else f'{stated:.3g}'}")


if __name__ == "__main__":
    main()
