"""Cells of docs/certified-glr/epsilon-topm.md, "Measured". Usage: nice python3 run_all.py [cell ...]"""
import sys, json, time
sys.path.insert(0, '.')
from scipy.stats import beta
from sim import Bandit, run_eps, run_topm

def cp_upper(k, n, conf=0.95):
    return 1.0 if k >= n else float(beta.ppf(1 - (1 - conf) / 2, k + 1, n - k))

G, B = 'gauss', 'bern'
CELLS = [
 # name, kind, mu, model, eps, mode, delta, sampling, R, seed, m
 ('g-tie4', 'eps', [0]*4, G, 0.1, 'add', 0.1, 'ebtc', 200, 11, None),
 ('g-tie4', 'eps', [0]*4, G, 0.1, 'add', 0.1, 'ebtc-sticky', 200, 12, None),
 ('g-tie4', 'eps', [0]*4, G, 0.1, 'add', 0.1, 'uniform', 200, 13, None),
 ('g-adv', 'eps', [0, -.12, -.12, -.12], G, 0.1, 'add', 0.5, 'ebtc', 500, 21, None),
 ('g-adv', 'eps', [0, -.12, -.12, -.12], G, 0.1, 'add', 0.5, 'uniform', 500, 22, None),
 ('g-adv', 'eps', [0, -.12, -.12, -.12], G, 0.1, 'add', 0.5, 'adv', 500, 23, None),
 ('g-adv', 'eps', [0, -.12, -.12, -.12], G, 0.1, 'add', 0.1, 'ebtc', 300, 24, None),
 ('g-reg6', 'eps', [0.5, 0.45, 0.3, 0.2, 0.1, 0.0], G, 0.1, 'add', 0.1, 'ebtc', 200, 31, None),
 ('g-tie10', 'eps', [0]*10, G, 0.1, 'add', 0.1, 'ebtc-sticky', 100, 41, None),
 ('g-mul-tie', 'eps', [1]*4, G, 0.1, 'mul', 0.1, 'ebtc-sticky', 100, 51, None),
 ('g-mul-adv', 'eps', [1, .88, .88, .88], G, 0.1, 'mul', 0.5, 'adv', 300, 52, None),
 ('b-issue', 'eps', [0.5, 0.49, 0.49, 0.49], B, 0.05, 'add', 0.1, 'ebtc', 200, 61, None),
 ('b-tie', 'eps', [0.3]*4, B, 0.05, 'add', 0.1, 'ebtc-sticky', 200, 62, None),
 ('b-adv', 'eps', [0.5, 0.44, 0.44, 0.44], B, 0.05, 'add', 0.5, 'ebtc', 300, 63, None),
 ('b-adv', 'eps', [0.5, 0.44, 0.44, 0.44], B, 0.05, 'add', 0.5, 'adv', 300, 64, None),
 ('b-adv', 'eps', [0.5, 0.44, 0.44, 0.44], B, 0.05, 'add', 0.5, 'uniform', 300, 65, None),
 ('t-reg', 'topm', [0.5, 0.4, 0.3, 0.2, 0.1], G, 0, None, 0.1, 'lucb-glr', 200, 71, 2),
 ('t-reg', 'topm', [0.5, 0.4, 0.3, 0.2, 0.1], G, 0, None, 0.1, 'uniform', 100, 72, 2),
 ('t-near', 'topm', [0.5, 0.4, 0.3, 0.3, 0.0], G, 0, None, 0.5, 'lucb-glr', 300, 73, 2),
 ('t-near', 'topm', [0.5, 0.4, 0.3, 0.3, 0.0], G, 0, None, 0.5, 'adv-topm', 300, 74, 2),
]
want = sys.argv[1:]
for (name, kind, mu, model, eps, mode, delta, samp, R, seed, m) in CELLS:
    if want and name not in want:
        continue
    t0 = time.time()
    bd = Bandit(mu, model)
    if kind == 'eps':
        out = run_eps(bd, eps, delta, samp, R, seed, 300000, mode=mode)
    else:
        out = run_topm(bd, m, delta, samp, R, seed, 300000)
    for r, o in out.items():
        o['cp_upper_err'] = cp_upper(o['wrong'], o['stopped']) if o['stopped'] else None
    rec = dict(cell=name, kind=kind, mu=mu, model=model, eps=eps, mode=mode, delta=delta,
               sampling=samp, R=R, seed=seed, m=m, out=out, seconds=round(time.time() - t0, 1))
    print(json.dumps(rec), flush=True)
