"""Direct check of Step 1-2 of the proof: the mixture wealth M_t at the true mu* of the pair (V_{a*}, a*), exact
(per-pull products, not the hat bound), under several samplers.  Ville: P(sup_t M_t >= x) <= 1/x, and E[M_t] <= 1.
Usage: nice -n 10 /usr/bin/python3 validity_mart.py INSTANCE SAMPLER RUNS T SEED GRID"""
import sys
import numpy as np
from scipy.special import logsumexp
from scipy import stats
import sim

INST = {'A': ([0.6, 0.375, 0.6, 0.625, 0.6, 0.375, 0.6, 0.6], 3),
        'B': ([0.09, 0.03, 0.09, 0.1, 0.09, 0.03, 0.09, 0.09], 3),
        'mu1': ([0.5, 0.45, 0.43, 0.4], 0), 'low4': ([0.1, 0.08, 0.07, 0.05], 0)}

inst, smp, R, T, seed, grid = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), sys.argv[6]
means, best = INST[inst]
means = np.array(means); K = means.size; mus = means[best]
bets, logw = sim.bet_grid(grid)
rng = np.random.default_rng(seed)
n = np.zeros((R, K)); S = np.zeros((R, K))
LV = np.zeros((R, bets.size)); Lc = np.zeros((R, bets.size))     # per-bet log-wealth of each side at mu*
rows = np.arange(R)
logM_max = np.full(R, -np.inf)
checkpoints = {100: None, 1000: None, T: None}
a_par = 9 * means; b_par = 9 * (1 - means)
for t in range(1, T + 1):
    mu = S / np.maximum(n, 1)
    if t <= K:
        I = np.full(R, t - 1)
    elif smp == 'uniform':
        I = np.full(R, (t - 1) % K)
    elif smp == 'starve':
        lead0 = np.argmax(mu, 1); mu3 = mu.copy(); mu3[:, best] = -np.inf; mu3[rows, lead0] = -np.inf
        I = np.where(rng.random(R) < 0.2, rng.integers(0, K, R), np.argmax(mu3, 1))
    else:  # t3c-ids
        th = mu + 0.5 / np.sqrt(n) * rng.standard_normal((R, K)); L = np.argmax(th, 1)
        d = np.maximum(mu[rows, L][:, None] - mu, 0); W = d * d / (0.5 * (1 / n[rows, L][:, None] + 1 / n))
        W[rows, L] = np.inf; C = np.argmin(W, 1)
        I = np.where(rng.random(R) < n[rows, C] / (n[rows, L] + n[rows, C]), L, C)
    y = np.clip(rng.beta(a_par[I], b_par[I]), 0, 1)
    if t > K:
        # the designated arm of V_{a*}: the empirical leader among the arms other than a*
        mu2 = mu.copy(); mu2[:, best] = -np.inf; D = np.argmax(mu2, 1)
        v = I == D
        LV[v] += np.log1p(bets[None, :] * (y[v][:, None] / mus - 1))
    c = I == best
    Lc[c] += np.log1p(bets[None, :] * ((1 - y[c][:, None]) / (1 - mus) - 1))
    n[rows, I] += 1; S[rows, I] += y
    logM = logsumexp(logw + LV, 1) + logsumexp(logw + Lc, 1)
    logM_max = np.maximum(logM_max, logM)
    if t in checkpoints:
        checkpoints[t] = np.exp(logM)
print('instance %s, sampler %s, grid %s: %d runs, %d pulls, seed %d' % (inst, smp, grid, R, T, seed))
for t, M in checkpoints.items():
    print('  E[M_t] at t = %6d: %.4f +- %.4f (should be <= 1)' % (t, M.mean(), M.std(ddof=1) / np.sqrt(R)))
for x in (2, 4, 10, 20):
    k = int((logM_max >= np.log(x)).sum())
    hi = stats.beta.ppf(0.975, k + 1, R - k) if k < R else 1
    print('  P(sup_t M_t >= %2d) = %.4f  (%d/%d, CP95 upper %.4f)  Ville bound %.4f' % (x, k / R, k, R, hi, 1 / x))
