"""Bernoulli cells for Proposition PB (pooled betting) against PK (pooled KL) and the practice.

One shared sampler (the prototype's T3C-IDS, sigma = 1/2, as in ../sim.py's `simulate`), Bernoulli rewards,
several stopping rules evaluated on the same sample paths after every pull (the sampler never looks at a rule).
The pair-check machinery (pairs in the order of the smallest EV statistic, first failing pair ends the check),
the bet grids and the B = 1 hat statistic are imported from ../sim.py; only the Bernoulli specialisations
(closed forms of the per-bet terms on {0, 1}, which ../sim.py's `side_terms` computes from hat sums) are new.

Usage: nice -n 15 /usr/bin/python3 bsim.py INSTANCE DELTA RUNS SEED RULES... [--tmax T] [--out F.json]
Rules:
  practice            Bernoulli KL-GLR (leader vs each c, own pulls) at log((1 + log t)/delta)   [not certified]
  glr-logdelta        the same statistic at log(1/delta)                                         [not certified]
  glr-pooled-logdelta the pooled pair's KL-GLR Z_KL(V_c, c) at log(1/delta): PB's and PK's statistic with
                      each side's best bet in hindsight (the oracle of pooled-betting.md section 7) [not certified]
  pk[-GRID][-unpooled] Proposition PK: tilts lambda_k, product prior, inf over m in [0, 1], log(1/delta)
                      (GRID: default = 0 and 2^(k/3), k = -24..6, weights 1/32, as make_default_tilt_grid;
                      tband-LO_HI: see tilt_grid).  On {0, 1} data PK with tilt lambda IS PB with the bet
                      beta(m) = m(e^lambda - 1)/(1 - m + m e^lambda) (identity_check.py), so 'pk-tband-..' is
                      also 'PB with an m-dependent prior'.  '-unpooled': leader's own pulls [not certified]
  pb-PRIOR[-unpooled] Proposition PB, range-scaled bets beta_k fixed (PRIOR: a sim.bet_grid name or one of
                      BERN_GRIDS below), inf over m in (0, 1), log(1/delta); '-unpooled': leader's own pulls
                      in place of V_c [not certified]
"""
import os, sys, json, time
import numpy as np
from scipy.special import logsumexp

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import sim  # noqa: E402  (the prototype: ../sim.py)

INSTANCES = {  # experiments/modern/bernoulli.json's Bernoulli instances (modern-bernoulli.md)
    'gk-mu1': [0.5, 0.45, 0.43, 0.4],
    'gk-mu2': [0.3, 0.21, 0.2, 0.19, 0.18],
    'lowrate5': [0.05, 0.04, 0.03, 0.02, 0.01],
}
SIGMA_SAMPLER = sim.SIGMA_SAMPLER  # 1/2


# ------------------------------------------------------------------ Bernoulli divergence
def kl(x, m):
    x = np.asarray(x, float); m = np.clip(np.asarray(m, float), 1e-300, 1 - 1e-16)
    xs = np.where(x > 0, x, 1.0); ys = np.where(x < 1, 1 - x, 1.0)
    return (np.where(x > 0, x * (np.log(xs) - np.log(m)), 0.0)
            + np.where(x < 1, (1 - x) * (np.log(ys) - np.log1p(-m)), 0.0))


def klp(x, m):
    return np.where(x > m, kl(x, m), 0.0)


def klm(x, m):
    return np.where(x < m, kl(x, m), 0.0)


# ------------------------------------------------------------------ priors
def tilt_grid(kind='default'):
    """PK's grids (tilts lambda >= 0, weights).  'default': 0 and 2^(k/3), k = -24..6, weights 1/32
    (make_default_tilt_grid).  'tbandLO_HI': 0 with mass 0.04, third-octave tilts 2^(k/3), k = LO..HI, mass 0.90,
    and the rest of the default range as a tail with mass 0.06."""
    if kind == 'default':
        lam = np.r_[0.0, 2.0 ** (np.arange(-24, 7) / 3)]
        w = np.full(32, 1 / 32)
    elif kind.startswith('tband'):
        lo, hi = [int(x) for x in kind[5:].split('_')]
        band = np.arange(lo, hi + 1); tail = np.r_[np.arange(-24, lo), np.arange(hi + 1, 7)]
        lam = np.r_[0.0, 2.0 ** (band / 3), 2.0 ** (tail / 3)]
        w = np.r_[0.04, np.full(band.size, 0.90 / band.size), np.full(tail.size, 0.06 / max(tail.size, 1))]
    else:
        raise ValueError(kind)
    assert abs(w.sum() - 1) < 1e-9
    return lam, np.log(w * (1 - 1e-12))


BERN_GRIDS = {
    # name: (top of the band, number of third-octave bets in the band, band mass, bet-0 mass); tail below the
    # band: 36 third-octave bets (12 octaves) with the rest of the mass.  No cap cluster (no Bernoulli side is
    # range-limited: beta -> 1 means an alternative at 0 or 1).
    'bb6': (0.64, 18, 0.90, 0.04),    # 6 octaves 0.64 .. 0.013
    'bb7': (0.64, 21, 0.90, 0.04),    # 7 octaves 0.64 .. 0.0064
    'bb8': (0.64, 24, 0.90, 0.04),    # 8 octaves 0.64 .. 0.0032
    'bb10': (0.64, 30, 0.90, 0.04),   # 10 octaves 0.64 .. 0.0008
}


def beta_grid(kind):
    if kind in BERN_GRIDS:
        top, nb, mb, m0 = BERN_GRIDS[kind]
        band = top * 2.0 ** (-np.arange(nb) / 3); tail = top * 2.0 ** (-np.arange(nb, nb + 36) / 3)
        b = np.r_[0.0, band, tail]
        w = np.r_[m0, np.full(nb, mb / nb), np.full(36, (1 - mb - m0) / 36)]
        assert abs(w.sum() - 1) < 1e-9 and b.max() < 1
        return b, np.log(w * (1 - 1e-12))
    return sim.bet_grid(kind)


# ------------------------------------------------------------------ per-bet terms on {0, 1} data
# PB, fixed bet beta: V side a(m) = (N - S) log(1 - beta) + S log(1 - beta + beta/m)   [= sim.side_terms with
# hat sums H = (N - S, S) on the knots {0, 1}: the hat bound is exact on {0, 1}];  c side
# b(m) = S log(1 - beta) + (N - S) log(1 - beta + beta/(1 - m)).
# PK, tilt lambda: V side lambda S - N log(1 - m + m e^lambda);  c side -lambda S - N log(1 - m + m e^-lambda).
class Family:
    def __init__(self, kind, grid):
        self.kind = kind
        self.x, self.logw = grid                      # bets beta_k or tilts lambda_k
        x = self.x
        if kind == 'beta':
            self.l0 = np.log1p(-x)                        # log(1 - beta)
        else:
            self.em1 = np.expm1(x); self.emm1 = np.expm1(-x)

    def terms(self, m, N, S, side):
        """(n,) m, N, S -> (n, G) per-bet log-wealth."""
        x = self.x[None, :]; m = m[:, None]; N = N[:, None]; S = S[:, None]
        if self.kind == 'beta':
            if side == 'V':
                return (N - S) * self.l0 + S * np.log1p(x * (1 / m - 1))
            return S * self.l0 + (N - S) * np.log1p(x * (1 / (1 - m) - 1))
        if side == 'V':
            return x * S - N * np.log1p(m * self.em1)
        return -x * S - N * np.log1p(m * self.emm1)

    def dterms(self, m, N, S, side):
        x = self.x[None, :]; m = m[:, None]; N = N[:, None]; S = S[:, None]
        if self.kind == 'beta':
            if side == 'V':
                return -S * x / (m * ((1 - x) * m + x))
            return (N - S) * x / ((1 - m) * ((1 - x) * (1 - m) + x))
        if side == 'V':
            return -N * self.em1 / (1 + m * self.em1)
        return -N * self.emm1 / (1 + m * self.emm1)

    def hd(self, m, NV, SV, Nc, Sc):
        """h and h' at m (the terms computed once)."""
        h = 0; d = 0
        for N, S, sd in ((NV, SV, 'V'), (Nc, Sc, 'c')):
            t = self.logw + self.terms(m, N, S, sd)
            tm = t.max(1, keepdims=True)
            p = np.exp(t - tm); s = p.sum(1, keepdims=True)
            h = h + (tm + np.log(s))[:, 0]
            d = d + (p * self.dterms(m, N, S, sd)).sum(1) / s[:, 0]
        return h, d

    def decide(self, NV, SV, Nc, Sc, thr, m0, iters=60):
        """Is inf_m h >= thr?  Bisection on h' from the bracket cut by m0, stopped for each pair as soon as the
        tangent lower bound (pooled-kl.md Lemma 2, 'Bracket') reaches thr (pass) or an evaluated value of h is
        below thr (fail).  Pairs still undecided after `iters` steps (within ~1e-12 of thr) are passed on the
        smaller end value, as sim.hat_inf does.  Returns (pass, an approximate minimiser)."""
        h0, d0 = self.hd(m0, NV, SV, Nc, Sc)
        res = np.zeros(NV.size, bool)
        go = h0 >= thr                    # S <= h(m0): most checks end here
        if not go.any():
            return res, m0
        if not go.all():
            sub, ms = self.decide(NV[go], SV[go], Nc[go], Sc[go], thr, m0[go], iters)
            res[go] = sub; m0 = m0.copy(); m0[go] = ms
            return res, m0
        n = NV.size
        e = 1e-12 if self.kind == 'beta' else 0.0
        l = np.full(n, e); r = np.full(n, 1 - e)
        hl, dl = self.hd(l, NV, SV, Nc, Sc); hr, dr = self.hd(r, NV, SV, Nc, Sc)
        right = d0 > 0
        r = np.where(right, m0, r); hr = np.where(right, h0, hr); dr = np.where(right, d0, dr)
        l = np.where(right, l, m0); hl = np.where(right, hl, h0); dl = np.where(right, dl, d0)
        ub = np.minimum(h0, np.minimum(hl, hr))
        res = np.zeros(n, bool); und = np.arange(n)
        for it in range(iters + 1):
            L, R_ = l[und], r[und]; HL, HR, DL, DR = hl[und], hr[und], dl[und], dr[und]
            den = DL - DR
            with np.errstate(divide='ignore', invalid='ignore'):
                mx = (HR - HL + DL * L - DR * R_) / den
                lowx = HL + DL * (mx - L)
            low = np.where(den < 0, np.minimum(lowx, np.minimum(HL, HR)), np.minimum(HL, HR))
            low = np.where((DL <= 0) & (DR >= 0), low, -np.inf)
            passed = low >= thr; failed = ub[und] < thr
            res[und[passed]] = True
            und = und[~(passed | failed)]
            if und.size == 0:
                break
            if it == iters:
                res[und] = ub[und] >= thr
                break
            mid = 0.5 * (l[und] + r[und])
            hm, dm = self.hd(mid, NV[und], SV[und], Nc[und], Sc[und])
            ub[und] = np.minimum(ub[und], hm)
            pos = dm > 0
            ri = und[pos]; li = und[~pos]
            r[ri] = mid[pos]; hr[ri] = hm[pos]; dr[ri] = dm[pos]
            l[li] = mid[~pos]; hl[li] = hm[~pos]; dl[li] = dm[~pos]
        return res, 0.5 * (l + r)

    def side(self, m, N, S, side):
        return logsumexp(self.logw + self.terms(m, N, S, side), axis=1)

    def h(self, m, NV, SV, Nc, Sc):
        return self.side(m, NV, SV, 'V') + self.side(m, Nc, Sc, 'c')

    def hprime(self, m, NV, SV, Nc, Sc):
        out = 0
        for N, S, sd in ((NV, SV, 'V'), (Nc, Sc, 'c')):
            t = self.logw + self.terms(m, N, S, sd)
            p = np.exp(t - t.max(1, keepdims=True)); p /= p.sum(1, keepdims=True)
            out = out + (p * self.dterms(m, N, S, sd)).sum(1)
        return out

    def inf(self, NV, SV, Nc, Sc, iters=50):
        """inf over m of the convex h: bisection on h' (as sim.hat_inf), value min(h(lo), h(hi)) (simulation)."""
        n = NV.size
        if self.kind == 'beta':
            lo = np.full(n, 1e-12); hi = np.full(n, 1 - 1e-12)
        else:
            lo = np.zeros(n); hi = np.ones(n)
        for _ in range(iters):
            mid = 0.5 * (lo + hi)
            pos = self.hprime(mid, NV, SV, Nc, Sc) > 0
            hi = np.where(pos, mid, hi); lo = np.where(pos, lo, mid)
        return np.minimum(self.h(lo, NV, SV, Nc, Sc), self.h(hi, NV, SV, Nc, Sc)), 0.5 * (lo + hi)

    def best(self, m, N, S, side):
        """Best bet in hindsight at m (the oracle), in this family's parameter: value N kl+- and the bet."""
        mu = S / np.maximum(N, 1)
        if side == 'V':
            val = N * klp(mu, m)
            q = np.maximum(mu, m)
            bet = (q - m) / (1 - m) if self.kind == 'beta' else np.log(q * (1 - m) / (m * (1 - q)))
        else:
            val = N * klm(mu, m)
            q = np.minimum(mu, m)
            bet = (m - q) / m if self.kind == 'beta' else np.log(m * (1 - q) / (q * (1 - m)))
        return val, bet


# ------------------------------------------------------------------ state and rules
class BState:
    def __init__(s, R, K):
        s.n = np.zeros((R, K)); s.S = np.zeros((R, K))
        s.NV = np.zeros((R, K)); s.SV = np.zeros((R, K))
        s.NVa = np.zeros((R, K, K))      # NVa[r, c, i]: pulls of arm i credited to V_c (diagnostics only)

    @property
    def Q(s):          # sum of Y^2 = sum of Y on {0, 1} (sim.PairRule.check orders the pairs with it)
        return s.S


def pooled_glr(NV, SV, Nc, Sc):
    """Z_KL(V, c) = inf_m [N_V kl+(mu_V, m) + N_c kl-(mu_c, m)] (closed form: m = pooled mean when mu_V > mu_c)."""
    muV = SV / np.maximum(NV, 1); muc = Sc / np.maximum(Nc, 1)
    m = (SV + Sc) / np.maximum(NV + Nc, 1)
    return np.where(muV > muc, NV * kl(muV, m) + Nc * kl(muc, m), 0.0)


class GLR(sim.Rule):
    """Leader's own pulls vs each c, Bernoulli KL-GLR.  heuristic: log((1 + log t)/delta); else log(1/delta)."""
    def __init__(self, delta, heuristic=True, name='practice'):
        super().__init__(name); self.delta = delta; self.heur = heuristic

    def check(self, st, idx, t, lead):
        thr = np.log((1 + np.log(t)) / self.delta) if self.heur else np.log(1 / self.delta)
        n = st.n[idx]; S = st.S[idx]; r = np.arange(idx.size)
        ok = np.ones(idx.size, bool)
        for c in range(n.shape[1]):
            z = pooled_glr(n[r, lead], S[r, lead], n[:, c], S[:, c])
            ok &= (lead == c) | (z > thr)
        return ok


class PooledGLR(sim.PairRule):
    """Z_KL(V_c, c) >= log(1/delta) for every c: the mixture statistics with the best bets in hindsight."""
    def pair_pass(self, st, ridx, c, lead, thr):
        return pooled_glr(st.NV[ridx, c], st.SV[ridx, c], st.n[ridx, c], st.S[ridx, c]) >= thr


class MixRule(sim.PairRule):
    """PK (family 'tilt') or PB (family 'beta') on Bernoulli rewards; pooled (certified) or unpooled (not)."""
    def __init__(self, name, delta, family, pooled=True):
        super().__init__(name, delta, pooled=pooled)
        self.fam = family; self.log = []
        self.mstar = None

    def data(self, st, ridx, c, lead):
        if self.pooled:
            return st.NV[ridx, c], st.SV[ridx, c]
        return st.n[ridx, lead], st.S[ridx, lead]

    def pair_pass(self, st, ridx, c, lead, thr):
        NV, SV = self.data(st, ridx, c, lead)
        Nc, Sc = st.n[ridx, c], st.S[ridx, c]
        # Lemma 4 of pooled-kl.md (and its PB analogue: each bet's term <= N kl+-): S <= Z_KL(V_c, c)
        res = pooled_glr(NV, SV, Nc, Sc) >= thr
        cand = np.nonzero(res)[0]
        if cand.size:
            if self.mstar is None:
                self.mstar = np.full(st.n.shape, np.nan)
            m0 = np.clip((SV[cand] + Sc[cand]) / np.maximum(NV[cand] + Nc[cand], 1), 1e-9, 1 - 1e-9)
            mm = self.mstar[ridx[cand], c[cand]]       # the pair's last minimiser, else the pooled mean
            mm = np.where(np.isnan(mm), m0, mm)
            ok, ms = self.fam.decide(NV[cand], SV[cand], Nc[cand], Sc[cand], thr, mm)
            res[cand] = ok
            self.mstar[ridx[cand], c[cand]] = ms
        return res

    def check(self, st, idx, t, lead):
        """A run can pass only if Z_KL(V_c, c) >= thr for every c != leader (the statistic is <= Z_KL): test that
        for all pairs at once, then run sim.PairRule.check on the survivors."""
        thr = np.log(1 / self.delta)
        r = np.arange(idx.size)
        if self.pooled:
            NV, SV = st.NV[idx], st.SV[idx]
        else:
            NV = np.repeat(st.n[idx, lead][:, None], st.n.shape[1], 1); SV = np.repeat(st.S[idx, lead][:, None], st.n.shape[1], 1)
        z = pooled_glr(NV, SV, st.n[idx], st.S[idx])
        z[r, lead] = np.inf
        pre = z.min(1) >= thr
        ok = np.zeros(idx.size, bool)
        if pre.any():
            ok[pre] = super().check(st, idx[pre], t, lead[pre])
        return ok

    def diag(self, st, hit, lead):
        """At the stop, every pair (c != leader): statistic, minimiser m*, each side's mixture value and its best
        bet in hindsight at m* (value and bet), counts."""
        K = st.n.shape[1]
        for c in range(K):
            sel = lead != c
            if not sel.any():
                continue
            rid = hit[sel]; cc = np.full(rid.size, c); l = lead[sel]
            NV, SV = self.data(st, rid, cc, l)
            Nc, Sc = st.n[rid, c], st.S[rid, c]
            val, ms = self.fam.inf(NV, SV, Nc, Sc)
            A = self.fam.side(ms, NV, SV, 'V'); Bc = self.fam.side(ms, Nc, Sc, 'c')
            oV, bV = self.fam.best(ms, NV, SV, 'V'); oc, bc = self.fam.best(ms, Nc, Sc, 'c')
            rec = np.stack([rid, cc, val, ms, A, Bc, oV, oc, bV, bc, NV, Nc, st.n[rid, l],
                            pooled_glr(NV, SV, Nc, Sc), SV / np.maximum(NV, 1), Sc / Nc,
                            st.NVa[rid, c, l], st.S[rid, l] / st.n[rid, l]], 1)
            self.log.extend(rec.tolist())


def make_rules(names, delta):
    out = []
    for nm in names:
        if nm == 'practice':
            out.append(GLR(delta, True, nm))
        elif nm == 'glr-logdelta':
            out.append(GLR(delta, False, nm))
        elif nm == 'glr-pooled-logdelta':
            out.append(PooledGLR(nm, delta))
        elif nm.startswith('pk'):
            unp = nm.endswith('-unpooled')
            grid = nm[3:len(nm) - 9 * unp] or 'default'
            out.append(MixRule(nm, delta, Family('tilt', tilt_grid(grid)), pooled=not unp))
        elif nm.startswith('pb-'):
            parts = nm.split('-')
            out.append(MixRule(nm, delta, Family('beta', beta_grid(parts[1])), pooled='unpooled' not in parts))
        else:
            raise ValueError(nm)
    return out


def simulate(means, delta, R, seed, rule_names, tmax=400000, verbose=True):
    """sim.simulate's loop with Bernoulli rewards (same T3C-IDS sampler, same pooled designation)."""
    means = np.asarray(means, float); K = means.size
    rng = np.random.default_rng(seed)
    st = BState(R, K)
    rules = make_rules(rule_names, delta)
    stop = {r.name: np.full(R, -1) for r in rules}
    ans = {r.name: np.full(R, -1) for r in rules}
    rows = np.arange(R)
    t0 = time.time()
    for t in range(1, tmax + 1):
        mu = st.S / np.maximum(st.n, 1)
        if t <= K:
            I = np.full(R, t - 1)
            g = rng.standard_normal((R, K)); u = rng.random(R)   # keep the stream's layout fixed
        else:
            th = mu + SIGMA_SAMPLER / np.sqrt(st.n) * rng.standard_normal((R, K))
            L = np.argmax(th, axis=1)
            d = np.maximum(mu[rows, L][:, None] - mu, 0)
            W = d * d / (2 * SIGMA_SAMPLER ** 2 * (1 / st.n[rows, L][:, None] + 1 / st.n))
            W[rows, L] = np.inf
            C = np.argmin(W, axis=1)
            nL = st.n[rows, L]; nC = st.n[rows, C]
            I = np.where(rng.random(R) < nC / (nL + nC), L, C)
        y = (rng.random(R) < means[I]).astype(float)
        if t > K:
            lead = np.argmax(mu, axis=1)
            mu2 = mu.copy(); mu2[rows, lead] = -np.inf
            runner = np.argmax(mu2, axis=1)
            credit = np.zeros((R, K), bool)
            isL = I == lead
            credit[isL] = True
            credit[rows[isL], lead[isL]] = False
            isR = (I == runner) & ~isL
            credit[rows[isR], lead[isR]] = True
            st.NV += credit; st.SV += credit * y[:, None]
            rr, cc = np.nonzero(credit)
            st.NVa[rr, cc, I[rr]] += 1
        st.n[rows, I] += 1; st.S[rows, I] += y
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
            if hit.size and hasattr(r, 'diag'):
                r.diag(st, hit, lead_now[hit])
        if alldone:
            break
        if verbose and t % 5000 == 0:
            print('t=%d  %.0fs  ' % (t, time.time() - t0) + '  '.join('%s:%d' % (k, (v < 0).sum()) for k, v in stop.items()),
                  file=sys.stderr, flush=True)
    best = int(np.argmax(means))
    out = {}
    for r in rules:
        s = stop[r.name]; done = s > 0
        out[r.name] = dict(mean=float(s[done].mean()) if done.any() else None,
                           se=float(s[done].std(ddof=1) / np.sqrt(done.sum())) if done.sum() > 1 else None,
                           median=float(np.median(s[done])) if done.any() else None,
                           censored=int((~done).sum()), wrong=int((ans[r.name][done] != best).sum()),
                           runs=R, stops=s.tolist(), answers=ans[r.name].tolist())
        if getattr(r, 'log', None):
            out[r.name]['diag'] = r.log
    return out


if __name__ == '__main__':
    args = sys.argv[1:]
    tmax = 400000; outf = None
    if '--tmax' in args:
        i = args.index('--tmax'); tmax = int(args[i + 1]); del args[i:i + 2]
    if '--out' in args:
        i = args.index('--out'); outf = args[i + 1]; del args[i:i + 2]
    inst, delta, R, seed = args[0], float(args[1]), int(args[2]), int(args[3])
    names = args[4:]
    means = INSTANCES[inst] if inst in INSTANCES else [float(x) for x in inst.split(',')]
    t0 = time.time(); c0 = time.process_time()
    res = simulate(means, delta, R, seed, names, tmax=tmax)
    el = time.time() - t0; cpu = time.process_time() - c0
    print('%s delta=%g runs=%d seed=%d  (%.0f s wall, %.0f s CPU)' % (inst, delta, R, seed, el, cpu))
    for k, v in res.items():
        print('  %-24s mean %8.1f +- %6.1f  median %7.0f  wrong %d/%d  censored %d' % (
            k, v['mean'] or -1, v['se'] or 0, v['median'] or -1, v['wrong'], v['runs'] - v['censored'], v['censored']))
    if outf:
        json.dump(dict(instance=inst, means=list(means), delta=delta, runs=R, seed=seed, seconds=el, cpu=cpu,
                       results=res), open(outf, 'w'))
