"""Monte-Carlo checks of docs/certified-glr/epsilon-topm.md.

Runs R independent bandit runs in parallel (vectorised over runs). Pulls come in batches:
at step t the sampling rule picks one arm and pulls it b = max(1, floor(frac*t)) times, and
the stopping rules are checked after each batch. Both are legitimate choices of a sampling
rule and of the check times (Propositions G-eps, K-eps, TM hold for any sampling rule and any
stopping time; checking on a subset of steps is a stopping rule too), and the practice is
checked on the same schedule, so stopping times are comparable (each is at most frac later
than with a check at every pull).

Rules (each run carries all of them on the same sample path; each records its own stop):
  eps-good: 'pooled'  pooled eps statistic (G-eps / K-eps), threshold log(1/delta)
            'union'   unpooled shifted pair (answer, c), threshold log((K-1)/delta)
            'practice' GLR-eps at log((1+log t)/delta)
  top-m:    'union'   unpooled pair (a in S_hat, b not in S_hat), threshold log(m(K-m)/delta)
            'practice' GLR at log((1+log t)/delta)
The sampling rule does not look at the stopping rules, so one path serves all of them; a run
continues until every rule has stopped or the budget is reached.
"""
import numpy as np
from stats import gauss_eps_stat, gauss_glr_eps, bern_eps_stat, bern_glr_eps, H


class Bandit:
    def __init__(self, mu, model, sigma=1.0):
        self.mu = np.asarray(mu, float); self.K = len(mu); self.model = model; self.sigma = sigma

    def draw_sum(self, rng, arms, b):
        m = self.mu[arms]
        if self.model == 'gauss':
            return b * m + self.sigma * np.sqrt(b) * rng.standard_normal(arms.shape)
        return rng.binomial(b.astype(np.int64), m).astype(float)


def choose(rule, rng, N, S, mu_true, eps, m_top, t, leader=None):
    """Vectorised sampling rules; N, S: (R, K). Returns the arm per run."""
    R, K = N.shape
    mu = S / N
    rows = np.arange(R)
    if rule == 'uniform':
        return np.argmin(N, axis=1)
    if rule in ('ebtc', 'ebtc-sticky'):  # EB-TC_eps, beta = 1/2 (Jourdan, Degenne, Kaufmann 2023)
        B = np.argmax(mu, axis=1) if rule == 'ebtc' else leader
        cost = (mu[rows, B][:, None] - mu + eps) / np.sqrt(1.0 / N[rows, B][:, None] + 1.0 / N)
        cost[rows, B] = np.inf
        C = np.argmin(cost, axis=1)
        return np.where(rng.random(R) < 0.5, B, C)
    if rule == 'adv':        # knows the truth: freezes a* below its mean, feeds the wrong answer
        astar = int(np.argmax(mu_true))
        frozen = mu[:, astar] < mu_true[astar]
        mu_o = mu.copy(); mu_o[:, astar] = -np.inf
        lead_o = np.argmax(mu_o, axis=1)
        N_o = N.copy(); N_o[:, astar] = np.inf; N_o[rows, lead_o] = np.inf
        least = np.argmin(N_o, axis=1)
        least = np.where(np.isfinite(N_o[rows, least]), least, lead_o)
        other = np.where(rng.random(R) < 0.5, lead_o, least)
        return np.where(frozen, other, astar)
    if rule == 'lucb':       # LUCB (Kalyanakrishnan et al. 2012), confidence log((1+log t)/delta0)
        order = np.argsort(-mu, axis=1, kind='stable')
        top = order[:, :m_top]; rest = order[:, m_top:]
        beta = np.log((1 + np.log(t)) / 0.1)
        rad = np.sqrt(2 * beta / N)
        lcb = np.take_along_axis(mu - rad, top, 1); ucb = np.take_along_axis(mu + rad, rest, 1)
        h = top[rows, np.argmin(lcb, 1)]; l = rest[rows, np.argmax(ucb, 1)]
        return np.where(N[rows, h] <= N[rows, l], h, l)
    if rule == 'lucb-glr':   # LUCB's pair, chosen by the GLR: the (a in S_hat, b not in S_hat)
        order = np.argsort(-mu, axis=1, kind='stable')  # with the least evidence; pull its less-pulled arm
        top = order[:, :m_top]; rest = order[:, m_top:]
        A = np.repeat(top, K - m_top, axis=1); Bb = np.tile(rest, (1, m_top))
        ma = np.take_along_axis(mu, A, 1); mb = np.take_along_axis(mu, Bb, 1)
        na = np.take_along_axis(N, A, 1); nb = np.take_along_axis(N, Bb, 1)
        Z = (ma - mb) ** 2 / (1.0 / na + 1.0 / nb)
        j = np.argmin(Z, 1)
        a = A[rows, j]; b = Bb[rows, j]
        return np.where(N[rows, a] <= N[rows, b], a, b)
    if rule == 'adv-topm':   # freezes the m-th best arm below its mean, feeds the (m+1)-th
        order_true = np.argsort(-mu_true, kind='stable')
        am, am1 = order_true[m_top - 1], order_true[m_top]
        frozen = mu[:, am] < mu_true[am]
        N_o = N.copy(); N_o[:, am] = np.inf
        least = np.argmin(N_o, axis=1)
        other = np.where(rng.random(R) < 0.5, am1, least)
        return np.where(frozen, other, am)
    raise ValueError(rule)


def run_eps(bandit, eps, delta, sampling, R, seed, budget, frac=0.01, mode='add',
            rules=('pooled', 'sticky', 'union', 'practice')):
    rng = np.random.default_rng(seed)
    K = bandit.K; sigma = bandit.sigma
    rows = np.arange(R)
    N = np.zeros((R, K)); S = np.zeros((R, K))
    NV = np.zeros((R, K)); SV = np.zeros((R, K)); nVa = np.zeros((R, K, K))  # per c; per (c, arm)
    mu_true = bandit.mu; mustar = mu_true.max()
    good = mu_true >= (mustar - eps if mode == 'add' else (1 - eps) * mustar)
    # first round
    for a in range(K):
        S[:, a] = bandit.draw_sum(rng, np.full(R, a), np.ones(R)); N[:, a] = 1
    t = K
    stop = {r: np.full(R, -1.0) for r in rules}
    ans = {r: np.full(R, -1) for r in rules}
    eadd, emul = (eps, 0.0) if mode == 'add' else (0.0, eps)
    NV2 = np.zeros((R, K)); SV2 = np.zeros((R, K)); nVa2 = np.zeros((R, K, K))
    sticky = np.argmax(S / N, axis=1)
    eta = 0.5 * eps
    while t < budget:
        alive = np.zeros(R, bool)
        for r in rules:
            alive |= stop[r] < 0
        if not alive.any():
            break
        b = max(1, int(frac * t))
        mu = S / N
        order = np.argsort(-mu, axis=1, kind='stable')
        lead, runner = order[:, 0], order[:, 1]
        I = choose(sampling, rng, N, S, mu_true, eps, 1, t, leader=sticky)
        y = bandit.draw_sum(rng, I, np.full(R, float(b)))
        # pooled bookkeeping: pull of I goes to V_c iff I == L_{-c}
        cs = np.arange(K)[None, :]
        mask = ((I == lead)[:, None] & (cs != lead[:, None])) | ((I == runner)[:, None] & (cs == lead[:, None]))
        NV += b * mask; SV += y[:, None] * mask
        nVa[rows[:, None], cs, I[:, None]] += b * mask
        # sticky designation: D^c = sticky answer for c != answer, leader among others for c = answer
        mu_o = mu.copy(); mu_o[rows, sticky] = -np.inf
        lead_o = np.argmax(mu_o, axis=1)
        D = np.where(cs == sticky[:, None], lead_o[:, None], sticky[:, None])
        mask2 = D == I[:, None]
        NV2 += b * mask2; SV2 += y[:, None] * mask2
        nVa2[rows[:, None], cs, I[:, None]] += b * mask2
        N[rows, I] += b; S[rows, I] += y; t += b
        # ---- checks ----
        mu = S / N
        ihat = np.argmax(mu, axis=1)
        # sticky answer: kept unless the empirical leader is ahead of it by more than eta
        gapst = mu.max(axis=1) - mu[rows, sticky]
        thr_eta = eta if mode == 'add' else eta * np.maximum(mu.max(axis=1), 0)
        sticky = np.where(gapst > thr_eta, ihat, sticky)
        for r in rules:
            act = np.where(stop[r] < 0)[0]
            if act.size == 0:
                continue
            ih = (sticky if r == 'sticky' else ihat)[act]
            if r == 'practice':
                thr = np.log((1 + np.log(t)) / delta)
                if bandit.model == 'gauss':
                    Z = gauss_glr_eps(mu[act, ih][:, None] if mode == 'add' else mu[act, ih][:, None],
                                      N[act, ih][:, None], mu[act], N[act],
                                      eps if mode == 'add' else 0.0, sigma)
                    if mode == 'mul':   # GLR for mu_c >= mu_a / (1 - eps): shift by eps*mu_hat_a approx
                        Z = gauss_glr_eps(mu[act, ih][:, None], N[act, ih][:, None], mu[act], N[act],
                                          eps * np.maximum(mu[act, ih][:, None], 0), sigma)
                else:
                    kk = np.repeat(ih, K)
                    Z = bern_glr_eps(np.repeat(mu[act, ih], K), np.repeat(N[act, ih], K),
                                     mu[act].ravel(), N[act].ravel(), eps).reshape(-1, K)
                Z[np.arange(act.size), ih] = np.inf
                ok = Z.min(axis=1) >= thr
            else:
                thr = np.log(1 / delta) if r in ('pooled', 'sticky') else np.log((K - 1) / delta)
                # pairs (run, c) with c != ihat
                rr = np.repeat(act, K - 1)
                cc = np.array([[c for c in range(K) if c != i] for i in ih]).ravel()
                ii = np.repeat(ih, K - 1)
                if r == 'pooled':
                    sv, nv, na = SV[rr, cc], NV[rr, cc], nVa[rr, cc, ii]
                elif r == 'sticky':
                    sv, nv, na = SV2[rr, cc], NV2[rr, cc], nVa2[rr, cc, ii]
                else:
                    sv, nv, na = S[rr, ii], N[rr, ii], N[rr, ii]
                sc, nc = S[rr, cc], N[rr, cc]
                # screen: an upper bound (h at the weighted mean point) must reach thr
                if bandit.model == 'gauss':
                    coef = nv - emul * na
                    xv = (sv + eadd * na) / np.maximum(coef, 1e-300); xc = sc / nc
                    m0 = (coef * xv + nc * xc) / (coef + nc)
                    if mode == 'mul':
                        m0 = np.maximum(m0, 0.0)
                    up = H(sv + eadd * na - m0 * coef, nv, sigma) + H(m0 * nc - sc, nc, sigma)
                else:
                    xv = np.clip((sv + eadd * na) / np.maximum(nv, 1), 0, 1); xc = sc / nc
                    m0 = np.clip((nv * xv + nc * xc) / (nv + nc), eadd if mode == 'add' else 0.0, 1.0)
                    up = bern_eps_stat(sv, nv, na, sc, nc, eadd, emul, at=m0)  # h(m0) >= S_K
                cand = up >= thr
                okpair = np.zeros(rr.size, bool)
                # only runs whose every pair passes the screen
                runpass = cand.reshape(-1, K - 1).all(axis=1)
                sel = np.repeat(runpass, K - 1)
                if sel.any():
                    if bandit.model == 'gauss':
                        v = gauss_eps_stat(sv[sel], nv[sel], na[sel], sc[sel], nc[sel], eadd, emul,
                                           sigma, m_lower=(0.0 if mode == 'mul' else None))
                    else:
                        v = bern_eps_stat(sv[sel], nv[sel], na[sel], sc[sel], nc[sel], eadd, emul)
                    okpair[sel] = v >= thr
                ok = okpair.reshape(-1, K - 1).all(axis=1)
            idx = act[ok]
            stop[r][idx] = t; ans[r][idx] = (sticky if r == 'sticky' else ihat)[idx]
    out = {}
    for r in rules:
        stopped = stop[r] >= 0
        wrong = stopped & ~good[np.maximum(ans[r], 0)]
        out[r] = dict(stopped=int(stopped.sum()), wrong=int(wrong.sum()),
                      mean=float(stop[r][stopped].mean()) if stopped.any() else float('nan'),
                      median=float(np.median(stop[r][stopped])) if stopped.any() else float('nan'),
                      p99=float(np.quantile(stop[r][stopped], 0.99)) if stopped.any() else float('nan'))
    return out


def run_topm(bandit, m, delta, sampling, R, seed, budget, frac=0.01, rules=('union', 'practice')):
    rng = np.random.default_rng(seed)
    K = bandit.K; sigma = bandit.sigma
    rows = np.arange(R)
    N = np.zeros((R, K)); S = np.zeros((R, K))
    mu_true = bandit.mu
    Sstar = set(np.argsort(-mu_true, kind='stable')[:m].tolist())
    for a in range(K):
        S[:, a] = bandit.draw_sum(rng, np.full(R, a), np.ones(R)); N[:, a] = 1
    t = K
    stop = {r: np.full(R, -1.0) for r in rules}
    wrong = {r: np.zeros(R, bool) for r in rules}
    while t < budget:
        alive = np.zeros(R, bool)
        for r in rules:
            alive |= stop[r] < 0
        if not alive.any():
            break
        b = max(1, int(frac * t))
        I = choose(sampling, rng, N, S, mu_true, 0.0, m, t)
        y = bandit.draw_sum(rng, I, np.full(R, float(b)))
        N[rows, I] += b; S[rows, I] += y; t += b
        mu = S / N
        order = np.argsort(-mu, axis=1, kind='stable')
        top = order[:, :m]; rest = order[:, m:]
        for r in rules:
            act = np.where(stop[r] < 0)[0]
            if act.size == 0:
                continue
            A = np.repeat(top[act], K - m, axis=1).ravel()      # pairs (a, b)
            Bb = np.tile(rest[act], (1, m)).ravel()
            rr = np.repeat(act, m * (K - m))
            if r == 'practice':
                Z = gauss_glr_eps(mu[rr, A], N[rr, A], mu[rr, Bb], N[rr, Bb], 0.0, sigma)
                ok = (Z >= np.log((1 + np.log(t)) / delta)).reshape(-1, m * (K - m)).all(1)
            else:
                thr = np.log(m * (K - m) / delta)
                Z = gauss_glr_eps(mu[rr, A], N[rr, A], mu[rr, Bb], N[rr, Bb], 0.0, sigma)
                cand = (Z + 2 * np.log(2) >= thr).reshape(-1, m * (K - m)).all(1)
                sel = np.repeat(cand, m * (K - m))
                okp = np.zeros(rr.size, bool)
                if sel.any():
                    v = gauss_eps_stat(S[rr, A][sel], N[rr, A][sel], N[rr, A][sel],
                                       S[rr, Bb][sel], N[rr, Bb][sel], 0.0, 0.0, sigma)
                    okp[sel] = v >= thr
                ok = okp.reshape(-1, m * (K - m)).all(1)
            idx = act[ok]
            stop[r][idx] = t
            wrong[r][idx] = np.array([set(top[i].tolist()) != Sstar for i in idx], bool) if idx.size else []
    out = {}
    for r in rules:
        stopped = stop[r] >= 0
        out[r] = dict(stopped=int(stopped.sum()), wrong=int(wrong[r].sum()),
                      mean=float(stop[r][stopped].mean()) if stopped.any() else float('nan'),
                      median=float(np.median(stop[r][stopped])) if stopped.any() else float('nan'),
                      p99=float(np.quantile(stop[r][stopped], 0.99)) if stopped.any() else float('nan'))
    return out
