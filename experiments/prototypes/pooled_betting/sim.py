"""Stopping-time simulation: one shared sampler (T3C-IDS as in lilucb's top_two.hpp, sigma = 1/2),
several stopping rules evaluated on the same sample paths (the sampler never looks at the rules).

Usage: nice -n 10 /usr/bin/python3 sim.py INSTANCE DELTA RUNS SEED [rules...] [--tmax T] [--out F]
INSTANCE in {beta-mu1, beta-low4} or comma-separated means; rules: see make_rules.
"""
import sys, json, time
import numpy as np
from scipy.special import logsumexp

INSTANCES = {
    'beta-mu1': [0.5, 0.45, 0.43, 0.4],
    'beta-low4': [0.1, 0.08, 0.07, 0.05],
}
KAPPA = 9.0
SIGMA_SAMPLER = 0.5
BFINE = 64                      # hat sums kept on the knots j/64; coarser knots derived exactly
KN = np.arange(BFINE + 1) / BFINE


def coarsen_matrix(B):
    """Hat sums on knots j/B (B | 64) from hat sums on knots j/64: coarse hat_i = sum_j fine_hat_j * hat_i(j/64)."""
    f = BFINE // B
    M = np.zeros((BFINE + 1, B + 1))
    for j in range(BFINE + 1):
        i, r = divmod(j, f)
        if r == 0:
            M[j, i] = 1.0
        else:
            M[j, i] = 1 - r / f
            M[j, i + 1] = r / f
    return M


# ---------------------------------------------------------------- grids
def pe_grid():
    lam = np.r_[0.0, 0.9 * 2.0 ** (-np.arange(24) / 3)]
    psi = np.where(lam > 0, -np.log1p(-lam) - lam, 0.0)
    logw = np.full(25, -np.log(25.0))
    return lam, psi, logw


def bet_grid(kind):
    """Range-scaled bets beta (V side: lambda = beta/m; c side: lambda = beta/(1-m)) and log-weights.
    Every grid holds the bet 0.  Bets 0.98 * 2^(-k/3), k = 0, 1, ... (third-octave spacing).
      'wide'      : 0 and k = 0..39 (0.98 down to 1.0e-4), equal weights 1/41.
      'bandN'     : 0 with mass 0.05; k = 0..N-1 (the band) with mass 0.85 shared equally;
                    k = N..N+35 (12 more octaves) with mass 0.10 shared equally.
    Weights are multiplied by 1 - 1e-12 (their sum stays below 1 in floating point)."""
    top = 0.98
    if kind == 'wide':
        b = np.r_[0.0, top * 2.0 ** (-np.arange(40) / 3)]
        w = np.full(b.size, 1.0 / b.size)
    elif kind.startswith('band'):
        N = int(kind[4:])
        b = np.r_[0.0, top * 2.0 ** (-np.arange(N + 36) / 3)]
        w = np.r_[0.05, np.full(N, 0.85 / N), np.full(36, 0.10 / 36)]
    elif kind.startswith('cap'):
        # a cluster of bets near the range's cap (the side whose best bet is range-limited), a band below it, a tail
        #   capA: cap {0.995, 0.98, 0.95, 0.9} mass 0.20; band 0.8*2^(-k/3), k=0..14 (0.8..0.031) mass 0.66;
        #         tail k=15..50 mass 0.10; bet 0 mass 0.04
        #   capB: cap {0.995, 0.97, 0.93} mass 0.15; band 0.85*2^(-k/3), k=0..17 (0.85..0.017) mass 0.71; tail 0.10; 0: 0.04
        if kind == 'capA':
            cap = [0.995, 0.98, 0.95, 0.9]; mc = 0.20; top2 = 0.8; nb = 15; mb = 0.66
        elif kind == 'capB':
            cap = [0.995, 0.97, 0.93]; mc = 0.15; top2 = 0.85; nb = 18; mb = 0.71
        elif kind == 'capC':   # capA with a 4-octave band
            cap = [0.995, 0.98, 0.95, 0.9]; mc = 0.20; top2 = 0.8; nb = 12; mb = 0.66
        elif kind == 'capD':   # heavier cap, 4.33-octave band
            cap = [0.995, 0.98, 0.95, 0.9]; mc = 0.30; top2 = 0.8; nb = 13; mb = 0.56
        elif kind == 'capE':   # heavier cap, 5-octave band
            cap = [0.995, 0.98, 0.95, 0.9]; mc = 0.30; top2 = 0.8; nb = 15; mb = 0.56
        band = top2 * 2.0 ** (-np.arange(nb) / 3); tail = top2 * 2.0 ** (-np.arange(nb, nb + 36) / 3)
        b = np.r_[0.0, cap, band, tail]
        w = np.r_[0.04, np.full(len(cap), mc / len(cap)), np.full(nb, mb / nb), np.full(36, 0.10 / 36)]
    elif kind == 'logit':
        # bets equally spaced in logit(beta) from logit(0.01) to logit(0.995), step 0.25, mass 0.85;
        # below 0.01: third-octave tail 0.01*2^(-k/3), k=1..36, mass 0.10; bet 0 mass 0.05
        x = np.arange(np.log(0.995 / 0.005), np.log(0.01 / 0.99), -0.25)
        band = 1 / (1 + np.exp(-x)); tail = 0.01 * 2.0 ** (-np.arange(1, 37) / 3)
        b = np.r_[0.0, band, tail]
        w = np.r_[0.05, np.full(band.size, 0.85 / band.size), np.full(36, 0.10 / 36)]
    else:
        raise ValueError(kind)
    assert abs(w.sum() - 1) < 1e-9 and b.max() < 1
    w = w * (1 - 1e-12)
    return b, np.log(w)


# ---------------------------------------------------------------- statistics of one pair
def pe_h(m, NV, SV, QV, Nc, Sc, Qc, grid):
    lam, psi, logw = grid
    m = m[..., None]
    gV = lam * (SV[..., None] - NV[..., None] * m) - psi * (QV[..., None] - 2 * m * SV[..., None] + NV[..., None] * m * m)
    gc = lam * (Nc[..., None] * m - Sc[..., None]) - psi * (Qc[..., None] - 2 * m * Sc[..., None] + Nc[..., None] * m * m)
    return logsumexp(logw + gV, axis=-1) + logsumexp(logw + gc, axis=-1)


def pe_inf(NV, SV, QV, Nc, Sc, Qc, grid, ngrid=201, iters=40):
    """inf over m in [0,1] of PE's h: a grid of 201 points, then golden section around the grid minimum
    (h is not convex in general; for the simulation only -- the toolkit certifies by branch and bound)."""
    n = NV.size
    ms = np.linspace(0, 1, ngrid)
    H = pe_h(np.broadcast_to(ms, (n, ngrid)), *[x[:, None] for x in (NV, SV, QV, Nc, Sc, Qc)], grid)
    i = np.argmin(H, axis=1)
    a = ms[np.maximum(i - 1, 0)]; b = ms[np.minimum(i + 1, ngrid - 1)]
    best = H[np.arange(n), i]
    g = (np.sqrt(5) - 1) / 2
    x1 = b - g * (b - a); x2 = a + g * (b - a)
    f1 = pe_h(x1, NV, SV, QV, Nc, Sc, Qc, grid); f2 = pe_h(x2, NV, SV, QV, Nc, Sc, Qc, grid)
    for _ in range(iters):
        left = f1 < f2
        b = np.where(left, x2, b); a = np.where(left, a, x1)
        nx1 = b - g * (b - a); nx2 = a + g * (b - a)
        x2n = np.where(left, x1, nx2); x1n = np.where(left, nx1, x2)
        f2n = np.where(left, f1, np.nan); f1n = np.where(left, np.nan, f2)
        # evaluate the new points
        newx = np.where(left, x1n, x2n)
        fn = pe_h(newx, NV, SV, QV, Nc, Sc, Qc, grid)
        f1 = np.where(left, fn, f1n); f2 = np.where(left, f2n, fn)
        x1, x2 = x1n, x2n
    return np.minimum(best, np.minimum(f1, f2)), np.where(f1 < f2, x1, x2)


def side_terms(m, H, bets, side):
    """Per-bet hat lower bounds of a side's log-wealth at m: sum_j H_j log(1 - b + b y_j/m) (V) or
    sum_j H_j log(1 - b + b (1 - y_j)/(1 - m)) (c).  m: (n,), H: (n, B+1) -> (n, G)."""
    B = H.shape[-1] - 1
    y = np.arange(B + 1) / B
    if side == 'V':
        z = y[None, :] / m[:, None] - 1.0            # (n, B+1), >= -1
    else:
        z = (1 - y[None, :]) / (1 - m[:, None]) - 1.0
    T = np.log1p(bets[None, :, None] * z[:, None, :])   # (n, G, B+1)
    return np.einsum('ngj,nj->ng', T, H)


def side_deriv(m, H, bets, side):
    """d/dm of the per-bet terms: V: -sum H_j b y_j/(m((1-b)m + b y_j)); c: mirror image."""
    B = H.shape[-1] - 1
    y = np.arange(B + 1) / B
    b = bets[None, :, None]
    if side == 'V':
        mm = m[:, None, None]; yy = y[None, None, :]
        D = -b * yy / (mm * ((1 - b) * mm + b * yy))
    else:
        mm = 1 - m[:, None, None]; yy = 1 - y[None, None, :]
        D = b * yy / (mm * ((1 - b) * mm + b * yy))
    return np.einsum('ngj,nj->ng', D, H)


def hat_h(m, HV, Hc, grid):
    bets, logw = grid
    return logsumexp(logw + side_terms(m, HV, bets, 'V'), axis=1) + logsumexp(logw + side_terms(m, Hc, bets, 'c'), axis=1)


def hat_hprime(m, HV, Hc, grid):
    bets, logw = grid
    tV = logw + side_terms(m, HV, bets, 'V'); tc = logw + side_terms(m, Hc, bets, 'c')
    pV = np.exp(tV - tV.max(1, keepdims=True)); pV /= pV.sum(1, keepdims=True)
    pc = np.exp(tc - tc.max(1, keepdims=True)); pc /= pc.sum(1, keepdims=True)
    return (pV * side_deriv(m, HV, bets, 'V')).sum(1) + (pc * side_deriv(m, Hc, bets, 'c')).sum(1)


def hat_inf(HV, Hc, grid, iters=48):
    """inf over m in (0,1) of the convex h: bisection on h' (h' is nondecreasing), then
    the tangent lower bound at the final bracket [l, r]: inf h >= max(h(l) + h'(l)(r-l), h(r) - h'(r)(r-l)) -- here
    the bracket is ~1e-14 wide and the value min(h(l), h(r)) is used (simulation)."""
    n = HV.shape[0]
    lo = np.full(n, 1e-9); hi = np.full(n, 1 - 1e-9)
    for _ in range(iters):
        mid = 0.5 * (lo + hi)
        d = hat_hprime(mid, HV, Hc, grid)
        pos = d > 0
        hi = np.where(pos, mid, hi); lo = np.where(pos, lo, mid)
    return np.minimum(hat_h(lo, HV, Hc, grid), hat_h(hi, HV, Hc, grid)), 0.5 * (lo + hi)


def oracle_side(m, H, side, iters=26):
    """sup over beta in [0,1) of the per-bet hat term (concave in beta): bisection on the derivative."""
    B = H.shape[-1] - 1
    y = np.arange(B + 1) / B
    z = (y[None, :] / m[:, None] - 1.0) if side == 'V' else ((1 - y[None, :]) / (1 - m[:, None]) - 1.0)
    lo = np.zeros(m.size); hi = np.full(m.size, 1 - 1e-9)
    d0 = (H * z).sum(1)
    for _ in range(iters):
        mid = 0.5 * (lo + hi)
        d = (H * z / (1 + mid[:, None] * z)).sum(1)
        pos = d > 0
        lo = np.where(pos, mid, lo); hi = np.where(pos, hi, mid)
    b = np.where(d0 > 0, lo, 0.0)
    return (H * np.log1p(b[:, None] * z)).sum(1), b


# ---------------------------------------------------------------- the simulation
class State:
    def __init__(s, R, K):
        s.n = np.zeros((R, K)); s.S = np.zeros((R, K)); s.Q = np.zeros((R, K))
        s.H = np.zeros((R, K, BFINE + 1))
        s.NV = np.zeros((R, K)); s.SV = np.zeros((R, K)); s.QV = np.zeros((R, K))
        s.HV = np.zeros((R, K, BFINE + 1))
        s.P = np.zeros((R, K, 5)); s.PV = np.zeros((R, K, 5))     # power sums sum Y^i, i = 0..4


def ev_stat(na, ma, va, nb, mb, vb):
    d = ma - mb
    w = va / np.maximum(na, 1) + vb / np.maximum(nb, 1)
    with np.errstate(divide='ignore', invalid='ignore'):
        z = np.where(w > 0, d * d / (2 * w), np.inf)
    return np.where((d > 0) & (na >= 2) & (nb >= 2), z, 0.0)


class Rule:
    """A stopping rule: check(st, idx, t, lead) -> bool array (pass) for runs idx."""
    def __init__(self, name):
        self.name = name


class Practice(Rule):
    def __init__(self, delta, heuristic=True, name='practice-ev'):
        super().__init__(name); self.delta = delta; self.heur = heuristic

    def check(self, st, idx, t, lead):
        n = st.n[idx]; mu = st.S[idx] / n; v = np.maximum(st.Q[idx] / n - mu * mu, 0)
        thr = np.log((1 + np.log(t)) / self.delta) if self.heur else np.log(1 / self.delta)
        ok = np.ones(idx.size, bool)
        r = np.arange(idx.size)
        for c in range(n.shape[1]):
            mask = lead != c
            z = ev_stat(n[r, lead], mu[r, lead], v[r, lead], n[:, c], mu[:, c], v[:, c])
            ok &= ~mask | (z > thr)
        return ok


class PairRule(Rule):
    """A pooled (or pairwise) rule: every c != leader must pass.  Pairs are checked in the order of the
    smallest EV statistic first; a run fails at its first failing pair (exact verdict)."""
    def __init__(self, name, delta, pooled=True, union=False):
        super().__init__(name); self.pooled = pooled
        self.delta = delta; self.union = union; self.offset = 0.0   # offset: planted failures only

    def pair_data(self, st, ridx, c, lead):
        if self.pooled:
            return (st.NV[ridx, c], st.SV[ridx, c], st.QV[ridx, c], st.HV[ridx, c])
        return (st.n[ridx, lead], st.S[ridx, lead], st.Q[ridx, lead], st.H[ridx, lead])

    def check(self, st, idx, t, lead):
        K = st.n.shape[1]
        thr = (np.log((K - 1) / self.delta) if self.union else np.log(1 / self.delta)) - self.offset
        n = st.n[idx]; mu = st.S[idx] / n; v = np.maximum(st.Q[idx] / n - mu * mu, 0)
        r = np.arange(idx.size)
        z = np.stack([ev_stat(n[r, lead], mu[r, lead], v[r, lead], n[:, c], mu[:, c], v[:, c]) for c in range(K)], 1)
        z[r, lead] = np.inf
        order = np.argsort(z, axis=1, kind='stable')
        ok = np.ones(idx.size, bool)
        for k in range(K - 1):
            alive = np.nonzero(ok)[0]
            if alive.size == 0:
                break
            c = order[alive, k]
            ridx = idx[alive]
            passed = self.pair_pass(st, ridx, c, lead[alive], thr)
            ok[alive] = passed
        return ok


class PE(PairRule):
    def __init__(self, delta, **kw):
        super().__init__(kw.pop('name', 'PE'), delta, **kw); self.grid = pe_grid()

    def pair_pass(self, st, ridx, c, lead, thr):
        NV, SV, QV, _ = self.pair_data(st, ridx, c, lead)
        Nc, Sc, Qc = st.n[ridx, c], st.S[ridx, c], st.Q[ridx, c]
        # upper bound at the Gaussian guess (count-weighted mean)
        m0 = np.clip((SV + Sc) / np.maximum(NV + Nc, 1), 0, 1)
        up = np.minimum(pe_h(m0, NV, SV, QV, Nc, Sc, Qc, self.grid),
                        pe_h(memo_points(self, ridx, c, m0), NV, SV, QV, Nc, Sc, Qc, self.grid))
        res = up >= thr
        cand = np.nonzero(res)[0]
        if cand.size:
            val, ms = pe_inf(NV[cand], SV[cand], QV[cand], Nc[cand], Sc[cand], Qc[cand], self.grid)
            res[cand] = val >= thr
            if not hasattr(self, 'mstar'):
                self.mstar = np.full((st.n.shape[0], st.n.shape[1]), np.nan)
            self.mstar[ridx[cand], c[cand]] = ms
        return res


def memo_points(rule, ridx, c, m0):
    if not hasattr(rule, 'mstar'):
        return m0
    mm = rule.mstar[ridx, c]
    return np.where(np.isnan(mm), m0, mm)


class HatRule(PairRule):
    """The new statistic: range-scaled bets, hat (chord) lower bound on knots j/B, convex infimum over m."""
    def __init__(self, delta, B=32, grid='window', **kw):
        super().__init__(kw.pop('name', 'hat%d-%s' % (B, grid)), delta, **kw)
        self.M = coarsen_matrix(B); self.grid = bet_grid(grid); self.B = B
        self.log = []           # diagnostics at the stop

    def pair_pass(self, st, ridx, c, lead, thr):
        NV, SV, QV, HVf = self.pair_data(st, ridx, c, lead)
        HV = HVf @ self.M; Hc = st.H[ridx, c] @ self.M
        Nc, Sc, Qc = st.n[ridx, c], st.S[ridx, c], st.Q[ridx, c]
        muV = SV / np.maximum(NV, 1); muc = Sc / Nc
        vV = np.maximum(QV / np.maximum(NV, 1) - muV ** 2, 1e-6); vc = np.maximum(Qc / Nc - muc ** 2, 1e-6)
        m0 = np.clip((NV * muV / vV + Nc * muc / vc) / (NV / vV + Nc / vc), 1e-6, 1 - 1e-6)
        up = np.minimum(hat_h(m0, HV, Hc, self.grid), hat_h(memo_points(self, ridx, c, m0), HV, Hc, self.grid))
        res = up >= thr
        cand = np.nonzero(res)[0]
        if cand.size:
            val, ms = hat_inf(HV[cand], Hc[cand], self.grid)
            res[cand] = val >= thr
            if not hasattr(self, 'mstar'):
                self.mstar = np.full((st.n.shape[0], st.n.shape[1]), np.nan)
            self.mstar[ridx[cand], c[cand]] = ms
        return res

    def diag(self, st, hit, lead):
        """At the stop: for the binding pair (smallest statistic), the minimiser m*, each side's mixture value
        and best bet in hindsight there, the counts, and the EV statistic of (leader, c)."""
        K = st.n.shape[1]
        best = None
        for c in range(K):
            sel = lead != c
            if not sel.any():
                continue
            rid = hit[sel]; cc = np.full(rid.size, c)
            NV, SV, QV, HVf = self.pair_data(st, rid, cc, lead[sel])
            HV = HVf @ self.M; Hc = st.H[rid, c] @ self.M
            val, ms = hat_inf(HV, Hc, self.grid)
            bets, logw = self.grid
            A = logsumexp(logw + side_terms(ms, HV, bets, 'V'), axis=1)
            Bc = logsumexp(logw + side_terms(ms, Hc, bets, 'c'), axis=1)
            oV, bV = oracle_side(ms, HV, 'V'); oc, bc = oracle_side(ms, Hc, 'c')
            n = st.n[rid]; mu = st.S[rid] / n; v = np.maximum(st.Q[rid] / n - mu * mu, 0)
            l = lead[sel]; r = np.arange(rid.size)
            z = ev_stat(n[r, l], mu[r, l], v[r, l], n[:, c], mu[:, c], v[:, c])
            rec = np.stack([rid, np.full(rid.size, c), val, ms, A, Bc, oV, oc, bV, bc, NV, st.n[rid, c], n[r, l], z], 1)
            for row in rec:
                self.log.append(row)
        return


def c4(b):
    b = np.asarray(b, float)
    big = b > 0.05
    bb = np.where(big, b, 0.5)
    return np.where(big, (-np.log1p(-bb) - bb - bb ** 2 / 2 - bb ** 3 / 3) / bb ** 4,
                    sum(b ** k / (k + 4) for k in range(30)))


def poly_side(m, P, bets, side):
    """sum_s p4(beta (X_s r - 1)) with p4(u) = u - u^2/2 + u^3/3 - c4(beta) u^4 <= log(1+u) for u >= -beta;
    V: X = Y, r = 1/m; c: X = 1 - Y, r = 1/(1 - m).  From the power sums P_i = sum Y^i, i <= 4."""
    if side == 'c':   # power sums of 1 - Y
        P0, P1, P2, P3, P4 = [P[:, i] for i in range(5)]
        P = np.stack([P0, P0 - P1, P0 - 2 * P1 + P2, P0 - 3 * P1 + 3 * P2 - P3, P0 - 4 * P1 + 6 * P2 - 4 * P3 + P4], 1)
        r = 1 / (1 - m)
    else:
        r = 1 / m
    # moments of (X r - 1): M_k = sum_i C(k,i) r^i (-1)^(k-i) P_i
    from math import comb
    M = [sum(comb(k, i) * r ** i * (-1) ** (k - i) * P[:, i] for i in range(k + 1)) for k in range(1, 5)]
    b = bets[None, :]
    return (b * M[0][:, None] - b ** 2 * M[1][:, None] / 2 + b ** 3 * M[2][:, None] / 3 - c4(bets)[None, :] * b ** 4 * M[3][:, None])


def poly_h(m, PV, Pc, grid):
    bets, logw = grid
    return logsumexp(logw + poly_side(m, PV, bets, 'V'), axis=1) + logsumexp(logw + poly_side(m, Pc, bets, 'c'), axis=1)


class PolyRule(PairRule):
    """Range-scaled bets with the degree-4 lower bound of log(1+u) (power sums up to 4).  The infimum over m is
    taken numerically (grid of 200 points in (0,1) + golden section): NOT certified here (h need not be convex)."""
    def __init__(self, delta, grid='band12', **kw):
        super().__init__(kw.pop('name', 'poly4-%s' % grid), delta, **kw); self.grid = bet_grid(grid)

    def pair_pass(self, st, ridx, c, lead, thr):
        PV = st.PV[ridx, c] if self.pooled else st.P[ridx, lead]
        Pc = st.P[ridx, c]
        NV, Nc = PV[:, 0], Pc[:, 0]
        muV = PV[:, 1] / np.maximum(NV, 1); muc = Pc[:, 1] / Nc
        vV = np.maximum(PV[:, 2] / np.maximum(NV, 1) - muV ** 2, 1e-6); vc = np.maximum(Pc[:, 2] / Nc - muc ** 2, 1e-6)
        m0 = np.clip((NV * muV / vV + Nc * muc / vc) / (NV / vV + Nc / vc), 1e-6, 1 - 1e-6)
        res = np.minimum(poly_h(m0, PV, Pc, self.grid), poly_h(memo_points(self, ridx, c, m0), PV, Pc, self.grid)) >= thr
        cand = np.nonzero(res)[0]
        if cand.size:
            pv, pc = PV[cand], Pc[cand]; n = cand.size
            ms = np.linspace(0.0025, 0.9975, 200)
            Hm = np.stack([poly_h(np.full(n, x), pv, pc, self.grid) for x in ms], 1)
            i = np.argmin(Hm, 1)
            a = ms[np.maximum(i - 1, 0)]; b = ms[np.minimum(i + 1, 199)]
            a = np.where(i == 0, 1e-6, a); b = np.where(i == 199, 1 - 1e-6, b)
            g = (np.sqrt(5) - 1) / 2
            x1 = b - g * (b - a); x2 = a + g * (b - a); f1 = poly_h(x1, pv, pc, self.grid); f2 = poly_h(x2, pv, pc, self.grid)
            for _ in range(36):
                left = f1 < f2
                b = np.where(left, x2, b); a = np.where(left, a, x1)
                x1n = np.where(left, b - g * (b - a), x2); x2n = np.where(left, x1, a + g * (b - a))
                fn = poly_h(np.where(left, x1n, x2n), pv, pc, self.grid)
                f1, f2 = np.where(left, fn, f2), np.where(left, f1, fn)
                x1, x2 = x1n, x2n
            val = np.minimum(np.minimum(f1, f2), Hm[np.arange(n), i])
            res[cand] = val >= thr
            if not hasattr(self, 'mstar'):
                self.mstar = np.full((st.n.shape[0], st.n.shape[1]), np.nan)
            self.mstar[ridx[cand], c[cand]] = np.where(f1 < f2, x1, x2)
        return res


class OracleHat(PairRule):
    """Diagnostic (NOT certified): the hat statistic with each side's best bet in hindsight (no mixture cost)."""
    def __init__(self, delta, B=32, **kw):
        super().__init__(kw.pop('name', 'oracle-hat%d' % B), delta, **kw); self.M = coarsen_matrix(B)

    def h(self, m, HV, Hc):
        return oracle_side(m, HV, 'V')[0] + oracle_side(m, Hc, 'c')[0]

    def pair_pass(self, st, ridx, c, lead, thr):
        NV, SV, QV, HVf = self.pair_data(st, ridx, c, lead)
        HV = HVf @ self.M; Hc = st.H[ridx, c] @ self.M
        Nc, Sc, Qc = st.n[ridx, c], st.S[ridx, c], st.Q[ridx, c]
        muV = SV / np.maximum(NV, 1); muc = Sc / Nc
        vV = np.maximum(QV / np.maximum(NV, 1) - muV ** 2, 1e-6); vc = np.maximum(Qc / Nc - muc ** 2, 1e-6)
        m0 = np.clip((NV * muV / vV + Nc * muc / vc) / (NV / vV + Nc / vc), 1e-6, 1 - 1e-6)
        res = np.minimum(self.h(m0, HV, Hc), self.h(memo_points(self, ridx, c, m0), HV, Hc)) >= thr
        cand = np.nonzero(res)[0]
        if cand.size:
            # golden section on (0,1): sup of convex functions of m is convex
            a = np.full(cand.size, 1e-9); b = np.full(cand.size, 1 - 1e-9); g = (np.sqrt(5) - 1) / 2
            hv, hc = HV[cand], Hc[cand]
            x1 = b - g * (b - a); x2 = a + g * (b - a); f1 = self.h(x1, hv, hc); f2 = self.h(x2, hv, hc)
            for _ in range(36):
                left = f1 < f2
                b = np.where(left, x2, b); a = np.where(left, a, x1)
                x1n = np.where(left, b - g * (b - a), x2); x2n = np.where(left, x1, a + g * (b - a))
                newx = np.where(left, x1n, x2n); fn = self.h(newx, hv, hc)
                f1, f2 = np.where(left, fn, f2), np.where(left, f1, fn)
                x1, x2 = x1n, x2n
            res[cand] = np.minimum(f1, f2) >= thr
            if not hasattr(self, 'mstar'):
                self.mstar = np.full((st.n.shape[0], st.n.shape[1]), np.nan)
            self.mstar[ridx[cand], c[cand]] = 0.5 * (x1 + x2)
        return res


def make_rules(names, delta):
    out = []
    for nm in names:
        if nm == 'practice':
            out.append(Practice(delta))
        elif nm == 'ev-logdelta':
            out.append(Practice(delta, heuristic=False, name='ev-at-log1/delta'))
        elif nm == 'PE':
            out.append(PE(delta))
        elif nm.startswith('hat'):          # hatB-grid[-unpooled|-union][-minusX]
            parts = nm.split('-')
            B = int(parts[0][3:]); grid = parts[1]
            pooled = 'unpooled' not in parts and 'union' not in parts
            rule = HatRule(delta, B=B, grid=grid, pooled=pooled, union='union' in parts, name=nm)
            for p in parts:
                if p.startswith('minus'):
                    rule.offset = float(p[5:])
            out.append(rule)
        elif nm.startswith('poly4'):
            parts = nm.split('-')
            out.append(PolyRule(delta, grid=parts[1], pooled='unpooled' not in parts, name=nm))
        elif nm.startswith('oracle'):
            parts = nm.split('-')
            B = int(parts[0][6:])
            out.append(OracleHat(delta, B=B, pooled='unpooled' not in parts, name=nm))
        else:
            raise ValueError(nm)
    return out


def simulate(means, delta, R, seed, rule_names, tmax=60000, verbose=True, sampler='t3c-ids', best=None, diag=True):
    means = np.asarray(means, float); K = means.size
    rng = np.random.default_rng(seed)
    st = State(R, K)
    rules = make_rules(rule_names, delta)
    stop = {r.name: np.full(R, -1) for r in rules}
    ans = {r.name: np.full(R, -1) for r in rules}
    a_par = KAPPA * means; b_par = KAPPA * (1 - means)
    rows = np.arange(R)
    t0 = time.time()
    for t in range(1, tmax + 1):
        mu = st.S / np.maximum(st.n, 1)
        if t <= K:
            I = np.full(R, t - 1)
        elif sampler == 'uniform':
            I = np.full(R, (t - 1) % K)
        elif sampler == 'starve':
            # knows the best arm: a fifth of the pulls to a random arm, the rest to the empirically best arm
            # other than the best and the leader (it switches the lead as often as the rewards allow)
            lead0 = np.argmax(mu, axis=1)
            mu3 = mu.copy(); mu3[:, best] = -np.inf; mu3[rows, lead0] = -np.inf
            I = np.where(rng.random(R) < 0.2, rng.integers(0, K, R), np.argmax(mu3, axis=1))
        else:
            # T3C-IDS: leader = argmax of N(mu_i, sigma^2/N_i) draws; challenger = argmin Gaussian cost; coin
            th = mu + SIGMA_SAMPLER / np.sqrt(st.n) * rng.standard_normal((R, K))
            L = np.argmax(th, axis=1)
            d = np.maximum(mu[rows, L][:, None] - mu, 0)
            W = d * d / (2 * SIGMA_SAMPLER ** 2 * (1 / st.n[rows, L][:, None] + 1 / st.n))
            W[rows, L] = np.inf
            C = np.argmin(W, axis=1)
            nL = st.n[rows, L]; nC = st.n[rows, C]
            I = np.where(rng.random(R) < nC / (nL + nC), L, C)
        if t > K:
            # pooled designation (before the reward): leader among others
            lead = np.argmax(mu, axis=1)
            mu2 = mu.copy(); mu2[rows, lead] = -np.inf
            runner = np.argmax(mu2, axis=1)
        y = rng.beta(a_par[I], b_par[I])
        y = np.minimum(np.maximum(y, 0.0), 1.0)
        # hat coordinates on j/64
        j = np.minimum(np.floor(y * BFINE), BFINE - 1).astype(int)
        th1 = y * BFINE - j; th0 = 1 - th1
        if t > K:
            # credit V_c for every c whose designated arm was pulled
            credit = np.zeros((R, K), bool)
            isL = I == lead
            credit[isL] = True
            credit[rows[isL], lead[isL]] = False
            isR = (I == runner) & ~isL
            credit[rows[isR], lead[isR]] = True
            st.NV += credit; st.SV += credit * y[:, None]; st.QV += credit * (y * y)[:, None]
            rr, cc = np.nonzero(credit)
            st.HV[rr, cc, j[rr]] += th0[rr]; st.HV[rr, cc, j[rr] + 1] += th1[rr]
            st.PV[rr, cc] += y[rr][:, None] ** np.arange(5)
        st.n[rows, I] += 1; st.S[rows, I] += y; st.Q[rows, I] += y * y
        st.H[rows, I, j] += th0; st.H[rows, I, j + 1] += th1
        st.P[rows, I] += y[:, None] ** np.arange(5)
        if t < K:
            continue
        mu = st.S / st.n
        lead_now = np.argmax(mu, axis=1)
        alldone = True
        for r in rules:
            act = np.nonzero(stop[r.name] < 0)[0]
            if act.size == 0:
                continue
            alldone = False
            ok = r.check(st, act, t, lead_now[act])
            hit = act[ok]
            stop[r.name][hit] = t; ans[r.name][hit] = lead_now[hit]
            if diag and hit.size and hasattr(r, 'diag'):
                r.diag(st, hit, lead_now[hit])
        if alldone:
            break
        if verbose and t % 1000 == 0:
            print('t=%d  %.0fs  ' % (t, time.time() - t0) + '  '.join('%s:%d' % (k, (v < 0).sum()) for k, v in stop.items()),
                  file=sys.stderr, flush=True)
    if best is None:
        best = int(np.argmax(means))
    out = {}
    for r in rules:
        s = stop[r.name]; done = s > 0
        out[r.name] = dict(mean=float(s[done].mean()) if done.any() else None,
                           se=float(s[done].std(ddof=1) / np.sqrt(done.sum())) if done.sum() > 1 else None,
                           median=float(np.median(s[done])) if done.any() else None,
                           censored=int((~done).sum()), wrong=int((ans[r.name][done] != best).sum()),
                           runs=R, stops=s.tolist(), answers=ans[r.name].tolist())
        if hasattr(r, 'log'):
            out[r.name]['diag'] = np.array(r.log).tolist()
    return out


if __name__ == '__main__':
    args = sys.argv[1:]
    tmax = 60000; outf = None
    if '--tmax' in args:
        i = args.index('--tmax'); tmax = int(args[i + 1]); del args[i:i + 2]
    if '--out' in args:
        i = args.index('--out'); outf = args[i + 1]; del args[i:i + 2]
    inst, delta, R, seed = args[0], float(args[1]), int(args[2]), int(args[3])
    names = args[4:] or ['practice', 'PE', 'hat32-band12']
    means = INSTANCES[inst] if inst in INSTANCES else [float(x) for x in inst.split(',')]
    t0 = time.time()
    res = simulate(means, delta, R, seed, names, tmax=tmax)
    el = time.time() - t0
    print('%s delta=%g runs=%d seed=%d  (%.0f s)' % (inst, delta, R, seed, el))
    for k, v in res.items():
        print('  %-22s mean %8.1f +- %6.1f  median %7.0f  wrong %d/%d  censored %d' % (
            k, v['mean'] or -1, v['se'] or 0, v['median'] or -1, v['wrong'], v['runs'] - v['censored'], v['censored']))
    if outf:
        json.dump(dict(instance=inst, delta=delta, runs=R, seed=seed, seconds=el, results=res), open(outf, 'w'))
