"""Overhead of the one-sided pair statistic (Proposition M1) under priors over the mixture scales.

For a pair (a, b) with counts N_a, N_b, the overhead is the plain GLR statistic Z at which the
statistic reaches the threshold log((K - 1)/delta), less the threshold (nats; sigma = 1, the overhead
does not depend on sigma).  Priors: M1's default grid (rho = 2^k, w_k = 1/((k+1)(k+2)), k = 0..40);
the banded grid (0.9 flat on 2^-4..2^16, P2's make_per_arm_grid) as M1's common scale; the same grid
as a product of one scale per arm (P2's prior); and mixtures of the common-scale and the product
families (a joint prior over the pair's scales: alpha w_k on (rho_k, rho_k) plus (1 - alpha) w_j w_k
on (rho_j, rho_k), total <= 1).  Infima by bounded scalar search (scipy), not certified: a
measurement, not a rule.  Usage: python3 prior_overhead.py  (docs/certified-glr/epsilon-topm.md,
section 7, "The next step, measured on pairs"; the half-and-half prior is section 8's TM-M1 prior).
"""
import numpy as np
from scipy.optimize import brentq, minimize_scalar
from scipy.special import log_ndtr, logsumexp


def F(u):
    return u * u / 2 + log_ndtr(u)


def grid_default(kmax=40):
    k = np.arange(0, kmax + 1)
    return 2.0 ** k, -np.log((k + 1.0) * (k + 2.0))


def grid_banded(lo, hi, mass, kmax=40):
    k = np.arange(min(lo, 0), kmax + 1)
    flat = np.where((k >= lo) & (k <= hi), mass / (hi - lo + 1), 0.0)
    tail = np.where(k >= 0, (1 - mass) / ((k + 1.0) * (k + 2.0)), 0.0)
    return 2.0 ** k, np.log(flat + tail)


def statistic(na, ma, nb, mb, shared, product, alpha):
    """inf over m of log(alpha * shared family + (1 - alpha) * product family)."""
    rs, ls = shared
    rp, lp = product

    def h(m):
        parts = []
        if alpha > 0:
            ua = na * (ma - m) / np.sqrt(na + rs)
            ub = nb * (m - mb) / np.sqrt(nb + rs)
            parts.append(np.log(alpha) + logsumexp(ls + 2 * np.log(2) - 0.5 * np.log1p(na / rs)
                                                   - 0.5 * np.log1p(nb / rs) + F(ua) + F(ub)))
        if alpha < 1:
            ua = na * (ma - m) / np.sqrt(na + rp)
            ub = nb * (m - mb) / np.sqrt(nb + rp)
            A = logsumexp(lp + np.log(2) - 0.5 * np.log1p(na / rp) + F(ua))
            B = logsumexp(lp + np.log(2) - 0.5 * np.log1p(nb / rp) + F(ub))
            parts.append(np.log(1 - alpha) + A + B)
        return logsumexp(parts)

    return minimize_scalar(h, bounds=(mb - 1, ma + 1), method='bounded', options={'xatol': 1e-10}).fun


def overhead(na, nb, threshold, *prior):
    d = brentq(lambda g: statistic(na, g, nb, 0.0, *prior) - threshold, 1e-6, 50.0, xtol=1e-12)
    return d * d / (2 * (1 / na + 1 / nb)) - threshold


def main():
    D, B = grid_default(), grid_banded(-4, 16, 0.9)
    priors = {'M1 default': (D, D, 1.0), 'M1 banded': (B, B, 1.0), 'product banded (P2)': (B, B, 0.0),
              'half and half': (B, B, 0.5), '3/4 common, 1/4 product': (B, B, 0.75)}
    print('| delta | N_a | N_b | ' + ' | '.join(priors) + ' |')
    for delta in (0.1, 0.01):
        threshold = np.log(3 / delta)  # K = 4
        for na, nb in ((10, 10), (30, 30), (300, 300), (1500, 1500), (30000, 30000), (3000, 1000), (3000, 300),
                       (3000, 30)):
            row = [f'{overhead(na, nb, threshold, *p):.2f}' for p in priors.values()]
            print(f'| {delta} | {na} | {nb} | ' + ' | '.join(row) + ' |', flush=True)


if __name__ == '__main__':
    main()
