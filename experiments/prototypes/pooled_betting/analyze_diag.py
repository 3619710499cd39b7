"""At the new rule's stop (hat32-band12): for the binding pair (smallest statistic), the nats of each part."""
import json, sys, glob
import numpy as np
for f in sys.argv[1:]:
    d = json.load(open(f))
    res = d['results']
    for name in [k for k in res if k.startswith('hat')]:
        if name not in res or 'diag' not in res[name]:
            continue
        a = np.array(res[name]['diag'])
        # columns: run, c, val, m*, A, B, oracleV, oraclec, betaV*, betac*, N_V, N_c, N_leader, Z_EV
        runs = np.unique(a[:, 0])
        rows = []
        for r in runs:
            x = a[a[:, 0] == r]
            rows.append(x[np.argmin(x[:, 2])])
        b = np.array(rows)
        cost = (b[:, 6] + b[:, 7]) - (b[:, 4] + b[:, 5])
        print('%s (delta %g) %s: binding pair at the stop, %d runs (medians [10%%, 90%%])' % (d['instance'], d['delta'], name, len(b)))
        q = lambda v: '%.3g [%.3g, %.3g]' % (np.median(v), np.quantile(v, 0.1), np.quantile(v, 0.9))
        print('  statistic S                    ', q(b[:, 2]))
        print('  oracle (best bets, same m*)     ', q(b[:, 6] + b[:, 7]))
        print('  bet-choice cost, V side         ', q(b[:, 6] - b[:, 4]))
        print('  bet-choice cost, c side         ', q(b[:, 7] - b[:, 5]))
        print('  best beta V / c                 ', q(b[:, 8]), '/', q(b[:, 9]))
        print('  N_V / N_leader / N_c            ', q(b[:, 10]), '/', q(b[:, 12]), '/', q(b[:, 11]))
        print('  pooled share N_V/N_leader       ', q(b[:, 10] / b[:, 12]))
        print('  EV statistic Z(leader, c)       ', q(b[:, 13]))
