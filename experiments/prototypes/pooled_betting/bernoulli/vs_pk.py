"""Mean stops of the PB variants relative to PK on the same paths (fresh seeds), paired s.e.  -> results/vs_pk.txt"""
import json
import numpy as np
cells = [('gk-mu1', '0.1'), ('gk-mu1', '0.01'), ('gk-mu2', '0.1'), ('gk-mu2', '0.01'), ('lowrate5', '0.1'), ('lowrate5', '0.01')]
print('| rule / PK | ' + ' | '.join('%s, δ = %s' % c for c in cells) + ' |')
print('|---|' + '---|' * len(cells))
for k in ('pb-capE', 'pb-bb8', 'pk-tband-12_0'):
    row = []
    for inst, d in cells:
        R = json.load(open('results/fresh_%s_%s.json' % (inst, d)))['results']
        x = np.array(R[k]['stops'], float); y = np.array(R['pk']['stops'], float)
        r = x.mean() / y.mean(); se = np.std(x - r * y, ddof=1) / np.sqrt(x.size) / y.mean()
        row.append('%.2f ± %.2f' % (r, se))
    print('| %s | ' % k + ' | '.join(row) + ' |')
