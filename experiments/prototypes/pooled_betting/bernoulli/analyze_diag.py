"""At each mixture rule's stop: the binding pair (smallest statistic) and where its nats go (pooled-betting.md
section 7's definitions): bet-choice cost per side = that side's best bet in hindsight at the minimiser m*
minus its mixture value at m*; pooled share N_V/N_leader.  Usage: python3 analyze_diag.py results/fresh_*.json"""
import json, sys
import numpy as np
from bsim import pooled_glr as zk
# columns: run, c, S, m*, A, B, oracle V, oracle c, bet V*, bet c*, N_V, N_c, N_leader, Z_KL(V,c), muV, muc
#          [, leader's pulls in V, leader's mean]  (runs made after the pooling columns were added)
q = lambda v: '%.3g [%.3g, %.3g]' % (np.median(v), np.quantile(v, 0.1), np.quantile(v, 0.9))
for f in sys.argv[1:]:
    d = json.load(open(f))
    for name, res in d['results'].items():
        if 'diag' not in res:
            continue
        a = np.array(res['diag'])
        rows = [a[a[:, 0] == r][np.argmin(a[a[:, 0] == r][:, 2])] for r in np.unique(a[:, 0])]
        b = np.array(rows)
        par = 'lambda' if name.startswith('pk') else 'beta'
        print('%s delta %g  %s: binding pair at the stop, %d runs (median [10%%, 90%%])' % (d['instance'], d['delta'], name, len(b)))
        print('  statistic S / Z_KL(V,c) at the stop   ', q(b[:, 2]), '/', q(b[:, 13]))
        print('  bet-choice cost V side / c side / sum ', q(b[:, 6] - b[:, 4]), '/', q(b[:, 7] - b[:, 5]), '/', q(b[:, 6] + b[:, 7] - b[:, 4] - b[:, 5]))
        print('  best %-6s V / c at m*             ' % par, q(b[:, 8]), '/', q(b[:, 9]))
        print('  m* / muV / muc                        ', q(b[:, 3]), '/', q(b[:, 14]), '/', q(b[:, 15]))
        print('  N_V / N_leader / N_c                  ', q(b[:, 10]), '/', q(b[:, 12]), '/', q(b[:, 11]))
        print('  pooled share N_V/N_leader             ', q(b[:, 10] / b[:, 12]))
        if b.shape[1] > 16:
            print('  leader\'s pulls held by V / V\'s pulls from other arms', q(b[:, 16] / b[:, 12]), '/', q(1 - b[:, 16] / b[:, 10]))
            print('  mean of V minus the leader\'s mean      ', q(b[:, 14] - b[:, 17]), ' (leader mean %s)' % q(b[:, 17]))
            # the same pair with the leader's own pulls in place of V (same m-search): how much the pooling costs now
            print('  Z_KL(leader, c) - Z_KL(V, c)          ', q(zk(b[:, 12], b[:, 17] * b[:, 12], b[:, 11], b[:, 15] * b[:, 11]) - b[:, 13]))
