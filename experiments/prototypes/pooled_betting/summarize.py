"""Tables of the stopping-time study from results/*.json: mean pulls (+- s.e.), wrong answers, ratio to the practice."""
import json, glob, sys
import numpy as np
prefix = sys.argv[1] if len(sys.argv) > 1 else 'final_'
cells = [('mu1', '0.1'), ('mu1', '0.01'), ('low4', '0.1'), ('low4', '0.01')]
table = {}
for inst, d in cells:
    for f in sorted(glob.glob('results/%s%s_%s*.json' % (prefix, inst, d))):
        if f.endswith('.json') and ('_%s.' % d in f or '_%s_' % d in f):
            r = json.load(open(f))
            for k, v in r['results'].items():
                table.setdefault(k, {})[(inst, d)] = v
names = list(table)
print('| rule | ' + ' | '.join('beta-%s, delta %s' % c for c in cells) + ' |')
print('|---|' + '---|' * len(cells))
for k in names:
    row = []
    for c in cells:
        v = table[k].get(c)
        p = table.get('practice-ev', {}).get(c)
        if v is None:
            row.append('—'); continue
        s = '%.0f ± %.0f' % (v['mean'], v['se'])
        if p and k != 'practice-ev':
            r = v['mean'] / p['mean']
            s += ' (**%.2f** ± %.2f)' % (r, r * np.hypot(v['se'] / v['mean'], p['se'] / p['mean']))
        s += ', %d wrong' % v['wrong']
        if v['censored']:
            s += ', %d censored' % v['censored']
        row.append(s)
    print('| %s | ' % k + ' | '.join(row) + ' |')

# the two seed sets pooled (seeds 101-104 chose the prior; 201-204 are fresh), for the rules run on both
if prefix == 'final_':
    print()
    print('Both seed sets (400 runs per cell; seeds 101-104 were used to choose the prior):')
    for k_new, k_old in (('practice-ev', 'practice-ev'), ('PE', 'PE'), ('hat32-capE', 'hat32-capE'), ('hat32-wide', 'hat32-wide')):
        row = []
        for inst, d in cells:
            vals = []
            for f in glob.glob('results/%s_%s*.json' % (inst, d)) + glob.glob('results/final_%s_%s_*.json' % (inst, d)):
                r = json.load(open(f))['results']
                if k_old in r:
                    vals.append(np.array(r[k_old]['stops'], float))
            x = np.concatenate(vals) if vals else None
            row.append(x)
        table2 = row
        print('  %-12s ' % k_new + '  '.join('%s %s: %.0f ± %.0f (n=%d)' % (inst, d, x.mean(), x.std(ddof=1) / np.sqrt(x.size), x.size)
                                            for (inst, d), x in zip(cells, row) if x is not None))
