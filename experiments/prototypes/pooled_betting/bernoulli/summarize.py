"""Tables from results/PREFIX_*.json: mean pulls +- s.e., ratio to the practice on the same paths (paired
delta-method s.e.: sqrt(var(X - r P)/n)/mean(P)), wrong answers; the geometric mean and the worst cell of the
ratios.  Usage: python3 summarize.py PREFIX   (fit or fresh)"""
import json, glob, sys
import numpy as np
prefix = sys.argv[1] if len(sys.argv) > 1 else 'fresh'
cells = [('gk-mu1', '0.1'), ('gk-mu1', '0.01'), ('gk-mu2', '0.1'), ('gk-mu2', '0.01'), ('lowrate5', '0.1'), ('lowrate5', '0.01')]
data = {}
for inst, d in cells:
    for f in sorted(glob.glob('results/%s_%s_%s*.json' % (prefix, inst, d))):
        r = json.load(open(f))
        if str(r['delta']) != d:
            continue
        for k, v in r['results'].items():
            data.setdefault(k, {})[(inst, d)] = np.array(v['stops'], float), np.array(v['answers']), r['means']
cells = [c for c in cells if any(c in v for v in data.values())]
P = data['practice']
print('| rule | ' + ' | '.join('%s, δ = %s' % c for c in cells) + ' | geo. mean | worst |')
print('|---|' + '---|' * (len(cells) + 2))
for k, per in data.items():
    row = []; rs = []
    for c in cells:
        if c not in per:
            row.append('—'); continue
        x, a, means = per[c]; p = P[c][0]
        done = x > 0
        wrong = int((a[done] != int(np.argmax(means))).sum())
        cens = int((~done).sum())
        xm = x[done].mean(); se = x[done].std(ddof=1) / np.sqrt(done.sum())
        s = '%.0f ± %.0f' % (xm, se)
        if k != 'practice' and done.all():
            r = x.mean() / p.mean(); rs.append(r)
            rse = np.std(x - r * p, ddof=1) / np.sqrt(x.size) / p.mean()
            s += (' (**%.2f** ± %.2f)' if rse >= 0.005 else ' (**%.2f** ± %.3f)') % (r, rse)
        s += ', %d wrong' % wrong
        if cens:
            s += ', %d censored' % cens
        row.append(s)
    tail = ['%.2f' % np.exp(np.mean(np.log(rs))), '%.2f' % max(rs)] if len(rs) == len(cells) else ['—', '—']
    print('| %s | ' % k + ' | '.join(row) + ' | ' + ' | '.join(tail) + ' |')
