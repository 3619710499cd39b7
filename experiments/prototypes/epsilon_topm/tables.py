"""Markdown tables of results.jsonl and gu_results.jsonl for docs/certified-glr/epsilon-topm.md."""
import json
from scipy.stats import beta

def cp(k, n):
    return 1.0 if k >= n else float(beta.ppf(0.975, k + 1, n - k))

def fmt(x):
    return '—' if x is None or x != x else f"{x:,.0f}".replace(',', ' ')

rows = [json.loads(l) for l in open('results.jsonl')]
print('| cell (means) | ε | δ | sampling | R | rule | stopped | wrong | P(wrong) ≤ | mean | median | 99th pct | mean / practice |')
print('|---|---:|---:|---|---:|---|---:|---:|---:|---:|---:|---:|---:|')
for r in rows:
    o = r['out']; pm = o['practice']['mean']
    mus = '(' + ', '.join(f"{m:g}" for m in r['mu']) + ')'
    name = f"{r['cell']} {r['model'][0].upper()} {mus}" + (f" m={r['m']}" if r['m'] else '') + (' ×' if r['mode'] == 'mul' else '')
    for k, v in o.items():
        ratio = v['mean'] / pm if (v['mean'] == v['mean'] and pm == pm and pm) else float('nan')
        print(f"| {name} | {r['eps']:g} | {r['delta']:g} | {r['sampling']} | {r['R']} | {k} | {v['stopped']} | {v['wrong']} | "
              f"{cp(v['wrong'], r['R']):.3f} | {fmt(v['mean'])} | {fmt(v['median'])} | {fmt(v['p99'])} | "
              f"{'—' if ratio != ratio else f'{ratio:.2f}'} |")
        name = ''
try:
    g = [json.loads(l) for l in open('gu_results.jsonl')]
except FileNotFoundError:
    g = []
if g:
    print()
    print('| cell (means; σ) | δ | sampling | R | rule | stopped | wrong | P(wrong) ≤ | mean | median | mean / practice |')
    print('|---|---:|---|---:|---|---:|---:|---:|---:|---:|---:|')
    for r in g:
        o = r['out']; pm = o['practice']['mean']
        name = f"{r['cell']} ({', '.join(f'{m:g}' for m in r['mu'])}; {', '.join(f'{m:g}' for m in r['sigma'])})"
        for k, v in o.items():
            ratio = v['mean'] / pm if v['mean'] and pm else None
            print(f"| {name} | {r['delta']:g} | {r['sampling']} | {r['R']} | {k} | {v['stopped']} | {v['wrong']} | "
                  f"{cp(v['wrong'], r['R']):.3f} | {fmt(v['mean'])} | {fmt(v['median'])} | {'—' if ratio is None else f'{ratio:.2f}'} |")
            name = ''
