"""Checks of the Bernoulli specialisation (results/identity.txt):
(1) bsim.Family('beta') terms == ../sim.py's side_terms with hat sums H = (N - S, S) on the knots {0, 1} (B = 1),
    and == the same on 32 knots (H_0 = N - S, H_32 = S): the hat bound is exact on {0, 1} for every B;
(2) PK's term at tilt lambda == PB's term at the m-dependent bet beta(m) = m(e^l - 1)/(1 - m + m e^l) (V side)
    and (1 - m)(1 - e^-l)/(1 - m + m e^-l) (c side): on Bernoulli data PK is PB with bets that move with m;
(3) Family.inf (bisection) against a fine grid minimum of h."""
import numpy as np
import bsim, sim

rng = np.random.default_rng(1)
n = 2000
N = rng.integers(1, 20000, n).astype(float); S = np.floor(rng.random(n) * (N + 1)); m = rng.random(n) * 0.998 + 0.001
fam = bsim.Family('beta', sim.bet_grid('capE'))
bets = fam.x
for B in (1, 32):
    H = np.zeros((n, B + 1)); H[:, 0] = N - S; H[:, B] = S
    for side in ('V', 'c'):
        a = fam.terms(m, N, S, side); b = sim.side_terms(m, H, bets, side)
        print('(1) B=%2d side %s: max |bsim - sim.side_terms| / (1 + |term|) = %.2e' % (B, side, np.max(np.abs(a - b) / (1 + np.abs(b)))))
lam = 2.0 ** (np.arange(-24, 7) / 3)
pk = bsim.Family('tilt', (lam, np.zeros(lam.size)))
tV = pk.terms(m, N, S, 'V'); tc = pk.terms(m, N, S, 'c')
em = np.exp(lam)[None, :]; mm = m[:, None]
bV = mm * (em - 1) / (1 - mm + mm * em)
bc = (1 - mm) * (1 - 1 / em) / (1 - mm + mm / em)
pV = (N - S)[:, None] * np.log1p(-bV) + S[:, None] * np.log1p(bV * (1 / mm - 1))
pc = S[:, None] * np.log1p(-bc) + (N - S)[:, None] * np.log1p(bc * (1 / (1 - mm) - 1))
print('(2) PK tilt vs PB matched bet: max rel. diff V %.2e, c %.2e' % (np.max(np.abs(tV - pV) / (1 + np.abs(tV))), np.max(np.abs(tc - pc) / (1 + np.abs(tc)))))
# (3)
k = 300
NV = rng.integers(10, 20000, k).astype(float); muV = rng.random(k) * 0.6 + 0.02
Nc = rng.integers(10, 20000, k).astype(float); muc = muV * (0.5 + 0.5 * rng.random(k))
SV = np.round(NV * muV); Sc = np.round(Nc * muc)
grid = np.linspace(1e-6, 1 - 1e-6, 20001)
for name, f in (('PB capE', fam), ('PK default', bsim.Family('tilt', bsim.tilt_grid('default')))):
    v, ms = f.inf(NV, SV, Nc, Sc)
    gmin = np.array([f.h(grid, np.full(grid.size, NV[i]), np.full(grid.size, SV[i]), np.full(grid.size, Nc[i]), np.full(grid.size, Sc[i])).min() for i in range(40)])
    print('(3) %s: inf by bisection minus grid minimum (40 pairs): max %.2e (<= 0 expected up to the grid), min %.2e' % (name, (v[:40] - gmin).max(), (v[:40] - gmin).min()))
