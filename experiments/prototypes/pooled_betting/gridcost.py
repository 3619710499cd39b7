"""Cost (nats) of choosing the bet by the mixture, one side, with the expected exponent N*e(bet; m):
m is set so that the side's best-bet evidence N*max_b e(b; m) equals E nats, and the cost is
E - log sum_k w_k exp(N e(b_k; m)).  PE: Fan's exponent on its grid (bets lambda <= 0.9, best over lambda < 1);
PB: the hat (B = 32) exponent with range-scaled bets on the capE, band12 and wide grids (best over beta < 1)."""
import numpy as np
from scipy.special import logsumexp
from scipy.optimize import brentq
from common import *
import sim

def run(mu, side, E, Ns, n=100000):
    Y = beta_nodes(mu, n=n)
    pe_l, pe_psi, pe_w = sim.pe_grid()
    def e_pe(l, m):
        x = (Y - m) if side == 'V' else (m - Y)
        return np.mean(l * x - (-np.log1p(-l) - l) * x * x)
    def e_ph(b, m):
        return e_hat(Y, m, b, 32, side)
    out = {}
    for name, ef, bets, logw in (('PE (Fan, its grid)', e_pe, pe_l, pe_w),
                                 ('PB capE', e_ph, *sim.bet_grid('capE')),
                                 ('PB band12', e_ph, *sim.bet_grid('band12')),
                                 ('PB wide', e_ph, *sim.bet_grid('wide'))):
        row = []
        for N in Ns:
            def g(m):
                return N * best(lambda b: ef(b, m), 0, 0.9999)[0] - E
            # m on the side where the arm gives evidence: below the mean for V, above for c
            if side == 'V':
                m = brentq(g, 1e-3, mu - 1e-9)
            else:
                m = brentq(g, mu + 1e-9, 1 - 1e-3)
            e = np.array([ef(b, m) for b in bets])
            row.append(E - logsumexp(logw + N * e))
        out[name] = row
    return out

Ns = (100, 300, 1000, 10000, 100000)
for mu, side in ((0.5, 'V'), (0.45, 'c'), (0.1, 'V'), (0.08, 'c')):
    for E in (3.0, 6.0):
        res = run(mu, side, E, Ns)
        print('arm mean %.2f, side %s, evidence %.0f nats at the best bet; N = %s' % (mu, side, E, Ns))
        for k, v in res.items():
            print('   %-20s ' % k + '  '.join('%5.2f' % x for x in v))
