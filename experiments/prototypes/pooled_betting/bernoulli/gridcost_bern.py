"""Bet-choice cost (nats) of one side of a Bernoulli pair, as ../gridcost.py defines it: the side has N pulls with
empirical mean x; m is set so that its best-bet evidence N kl(x, m) equals E; cost = E - log sum_k w_k e^{a_k(m)}
(on {0, 1} data a_k is exact: no hat loss).  V side: m < x; c side: m > x.  Priors: PK's default grid, the
lambda band tband-12_0 (m-dependent bets), PB's capE and bb8 (fixed bets).  Output: results/gridcost_bern.txt"""
import numpy as np
from scipy.optimize import brentq
from scipy.special import logsumexp
import bsim

fams = [('PK default', bsim.Family('tilt', bsim.tilt_grid('default'))),
        ('PK tband-12_0', bsim.Family('tilt', bsim.tilt_grid('tband-12_0'))),
        ('PB capE', bsim.Family('beta', bsim.beta_grid('capE'))),
        ('PB bb8', bsim.Family('beta', bsim.beta_grid('bb8')))]
Ns = [100, 300, 1000, 3000, 10000, 30000, 100000, 300000]
for E in (4.0, 7.0):
    for x, side in ((0.5, 'V'), (0.45, 'c'), (0.3, 'V'), (0.21, 'c'), (0.05, 'V'), (0.04, 'c')):
        print('side %s, empirical mean %.2f, best-bet evidence E = %.0f nats; N = %s' % (side, x, E, Ns))
        ms = []
        for N in Ns:
            f = lambda m: N * bsim.kl(np.array(x), np.array(m)) - E
            m = brentq(f, 1e-9, x - 1e-12) if side == 'V' else brentq(f, x + 1e-12, 1 - 1e-9)
            ms.append(m)
        ms = np.array(ms)
        for name, fam in fams:
            a = fam.terms(ms, np.array(Ns, float), np.array(Ns, float) * x, side)
            cost = E - logsumexp(fam.logw + a, axis=1)
            print('   %-14s ' % name + '  '.join('%5.2f' % c for c in cost))
        lam = np.abs(np.log(x * (1 - ms) / (ms * (1 - x))))
        print('   %-14s ' % 'best lambda' + '  '.join('%5.3f' % c for c in lam))
        bet = (x - ms) / (1 - ms) if side == 'V' else (ms - x) / ms
        print('   %-14s ' % 'best beta' + '  '.join('%5.3f' % c for c in bet))
