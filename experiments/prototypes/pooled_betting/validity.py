"""Validity at delta = 1/2: wrong answers of the new rule (and planted failures) on instances with arms tied
just below the best, under T3C-IDS, round robin and an adversarial sampler; and two exactly tied best arms.
Usage: nice -n 10 /usr/bin/python3 validity.py CELL RUNS SEED TMAX   (CELL in A-t3c, A-uniform, A-starve, B-t3c, B-starve, C-t3c)"""
import sys, json, time
import numpy as np
from scipy import stats
import sim

CELLS = {
    'A': ([0.6, 0.375, 0.6, 0.625, 0.6, 0.375, 0.6, 0.6], 3),      # PE's test instance 'Beta on [-2, 6]' rescaled
    'B': ([0.09, 0.03, 0.09, 0.1, 0.09, 0.03, 0.09, 0.09], 3),      # low means
    'C': ([0.5, 0.5, 0.45, 0.4], 0),                                # two exactly tied best arms
}
SAMPLERS = {'t3c': 't3c-ids', 'uniform': 'uniform', 'starve': 'starve'}
RULES = ['hat32-capE', 'hat32-capE-minus2', 'hat32-capE-minus8']

def cp(k, n, alpha=0.05):
    lo = stats.beta.ppf(alpha / 2, k, n - k + 1) if k > 0 else 0.0
    hi = stats.beta.ppf(1 - alpha / 2, k + 1, n - k) if k < n else 1.0
    lo6 = stats.beta.ppf(1e-6, k, n - k + 1) if k > 0 else 0.0
    return lo, hi, lo6

if __name__ == '__main__':
    cell, R, seed, tmax = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    inst, smp = cell.split('-')
    means, best = CELLS[inst]
    t0 = time.time()
    res = sim.simulate(means, 0.5, R, seed, RULES, tmax=tmax, sampler=SAMPLERS[smp], best=best, diag=False)
    print('cell %s: means %s best %d, delta 0.5, %d runs, budget %d pulls, seed %d (%.0f s)' % (cell, means, best, R, tmax, seed, time.time() - t0))
    out = {}
    for k, v in res.items():
        stops = np.array(v['stops'])
        nst = int((stops > 0).sum()); w = v['wrong']
        lo, hi, lo6 = cp(w, R)
        line = '  %-22s stopped %4d/%d  wrong %4d  P(stop & wrong) in [%.4f, %.4f] (95%% CP)  1e-6 lower bound %.4f  %s' % (
            k, nst, R, w, lo, hi, lo6, 'REJECTS delta' if lo6 > 0.5 else 'consistent with <= delta')
        print(line)
        if inst == 'C':   # the second best arm's claim: P(stop and answer != 1) <= delta as well
            a = np.array(v['answers']); w1 = int(((a >= 0) & (a != 1)).sum()); lo1, hi1, lo61 = cp(w1, R)
            print('  %-22s   answers other than arm 1: %d  CP95 [%.4f, %.4f]  1e-6 lower %.4f' % ('', w1, lo1, hi1, lo61))
        out[k] = dict(stopped=nst, wrong=w, runs=R, cp95=[lo, hi], lower1e6=lo6, mean_stop=v['mean'])
    json.dump(dict(cell=cell, means=means, best=best, runs=R, seed=seed, tmax=tmax, results=out),
              open('results/validity_%s.json' % cell, 'w'))
