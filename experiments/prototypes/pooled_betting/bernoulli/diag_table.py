"""Markdown tables for pooled-betting-bernoulli.md from results/fresh_*.json and results/pooling_*.json:
(A) bet-choice cost per side at each rule's stop (binding pair, medians), (B) the pooling cost.
Usage: python3 diag_table.py > results/diag_tables.txt"""
import json, os
import numpy as np
from bsim import pooled_glr as zk
cells = [('gk-mu1', '0.1'), ('gk-mu1', '0.01'), ('gk-mu2', '0.1'), ('gk-mu2', '0.01'), ('lowrate5', '0.1'), ('lowrate5', '0.01')]

def binding(res):
    a = np.array(res['diag'])
    return np.array([a[a[:, 0] == r][np.argmin(a[a[:, 0] == r][:, 2])] for r in np.unique(a[:, 0])])

def load(prefix, inst, d):
    f = 'results/%s_%s_%s.json' % (prefix, inst, d)
    return json.load(open(f))['results'] if os.path.exists(f) else None

med = lambda v: np.median(v)
print('(A) Bet-choice cost at the stop (nats; binding pair; median over runs): V side + c side = sum; best bets at m* (median, V / c)')
print()
rules = ['pk', 'pb-capE', 'pb-bb8', 'pk-tband-12_0']
print('| cell | ' + ' | '.join(rules) + ' |')
print('|---|' + '---|' * len(rules))
for inst, d in cells:
    R = load('fresh', inst, d); row = []
    for k in rules:
        b = binding(R[k])
        cv, cc = b[:, 6] - b[:, 4], b[:, 7] - b[:, 5]
        par = 'λ' if k.startswith('pk') else 'β'
        row.append('%.2f + %.2f = %.2f (%s %.3g / %.3g)' % (med(cv), med(cc), med(cv + cc), par, med(b[:, 8]), med(b[:, 9])))
    print('| %s, δ = %s | ' % (inst, d) + ' | '.join(row) + ' |')
print()
print('(B) Pooling.  Time: mean stops pooled / unpooled (same paths; paired s.e.).  At the pooled rule\'s stop (binding pair,')
print('median [10%, 90%]): share of V_c\'s pulls from arms other than the leader; Z_KL(leader, c) - Z_KL(V_c, c), the')
print('evidence (nats) the pooled side lacks against the leader\'s own pulls.')
print()
print('| cell | bb8: pooled/unpooled | tband-12_0: pooled/unpooled | oracle: Z_KL pooled / unpooled at log(1/δ) | tband-12_0 at its stop: V\'s pulls from other arms | Z_KL(leader, c) − Z_KL(V_c, c) |')
print('|---|---|---|---|---|---|')
for inst, d in cells:
    R = load('fresh', inst, d)
    P = load('pooling', inst, d) or R
    out = []
    for a, b in (('pb-bb8', 'pb-bb8-unpooled'), ('pk-tband-12_0', 'pk-tband-12_0-unpooled'), ('glr-pooled-logdelta', 'glr-logdelta')):
        x = np.array(R[a]['stops'], float); y = np.array(R[b]['stops'], float)
        r = x.mean() / y.mean(); se = np.std(x - r * y, ddof=1) / np.sqrt(x.size) / y.mean()
        out.append('%.2f ± %.2f' % (r, se))
    bb = binding(P['pk-tband-12_0'])
    if bb.shape[1] > 16:
        foreign = 1 - bb[:, 16] / bb[:, 10]
        dz = zk(bb[:, 12], bb[:, 17] * bb[:, 12], bb[:, 11], bb[:, 15] * bb[:, 11]) - bb[:, 13]
        q = lambda v: '%.3g [%.3g, %.3g]' % (np.median(v), np.quantile(v, 0.1), np.quantile(v, 0.9))
        out += [q(foreign), q(dz)]
    else:
        out += ['—', '—']
    print('| %s, δ = %s | ' % (inst, d) + ' | '.join(out) + ' |')
