"""Why the power-sum (degree-4) variant with range-scaled bets fails as a GLR statistic: on a typical pair its
h(m) falls to about 2 log w_0 as m -> 0 (the quartic lower bound of log(1+u) -> -infinity for u = beta(Y/m - 1)
large), so its infimum over (0, 1) never reaches log(1/delta).  The hat statistic on the same data does not fall."""
import numpy as np
import sim
rng = np.random.default_rng(1)
yV = rng.beta(4.5, 4.5, 400); yc = rng.beta(0.45 * 9, 0.55 * 9, 200)
PV = np.array([[np.sum(yV ** i) for i in range(5)]]); Pc = np.array([[np.sum(yc ** i) for i in range(5)]])
def hats(y, B=32):
    j = np.minimum(np.floor(y * B), B - 1).astype(int); th = y * B - j
    H = np.zeros(B + 1); np.add.at(H, j, 1 - th); np.add.at(H, j + 1, th); return H[None, :]
HV, Hc = hats(yV), hats(yc)
g = sim.bet_grid('capE')
print('pair: 400 pulls of Beta(4.5,4.5) (V) against 200 of Beta(4.05,4.95) (c); prior capE, 2 log w_0 = %.2f' % (2 * g[1][0]))
print('%10s %12s %12s' % ('m', 'poly4 h(m)', 'hat32 h(m)'))
for m in (0.5, 0.475, 0.3, 0.1, 0.01, 1e-3, 1e-4, 1e-5, 1e-7):
    mm = np.array([m])
    print('%10.3g %12.3f %12.3f' % (m, sim.poly_h(mm, PV, Pc, g)[0], sim.hat_h(mm, HV, Hc, g)[0]))
print('hat32 infimum (convex, bisection): %.3f' % sim.hat_inf(HV, Hc, g)[0][0])
