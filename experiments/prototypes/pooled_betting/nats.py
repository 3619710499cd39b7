"""(1) Nats per pull of each statistic at its best bet, one side, expected over the reward law."""
import numpy as np, sys
from common import *

cases = [  # (label, arm mean, m, side)
    ("mu1  V: Beta(4.5,4.5) vs m=0.475", 0.5, 0.475, 'V'),
    ("mu1  c: Beta(4.05,4.95) vs m=0.475", 0.45, 0.475, 'c'),
    ("low4 V: Beta(0.9,8.1) vs m=0.095", 0.10, 0.095, 'V'),
    ("low4 c: Beta(0.72,8.28) vs m=0.085", 0.08, 0.085, 'c'),
]
rows = []
for lab, mu, m, side in cases:
    Y = beta_nodes(mu)
    x = (Y - m) if side == 'V' else (m - Y)
    r = m if side == 'V' else 1 - m
    v = np.var(Y)
    res = {}
    res['Fan (PE), lam<=0.9'] = best(lambda l: np.mean(e_fan(x, l)), 0, 0.9)
    res['Fan scaled'] = best(lambda b: np.mean(e_fan_scaled(x, b, r)), 0, 0.999)
    res['poly4 scaled'] = best(lambda b: np.mean(e_poly4(x, b, r)), 0, 0.999)
    res['poly6 scaled'] = best(lambda b: np.mean(e_poly6(x, b, r)), 0, 0.999)
    for B in (16, 32, 64, 256):
        res['hat B=%d' % B] = best(lambda b: e_hat(Y, m, b, B, side), 0, 0.999)
    res['exact log(1+lam x)'] = best(lambda b: np.mean(e_exact(x, b, r)), 0, 0.9999)
    d = np.mean(x)
    res['EV practice (d^2/2v)'] = (d * d / (2 * v), float('nan'))
    print("\n" + lab + "   (v = %.5f, mean dev %.4f)" % (v, d))
    for k, (val, arg) in res.items():
        lam = arg / r if (k not in ('Fan (PE), lam<=0.9', 'EV practice (d^2/2v)')) else arg
        print("  %-24s %.5f nats/pull   best beta %.4f  (lambda %.3f)" % (k, val, arg, lam))
