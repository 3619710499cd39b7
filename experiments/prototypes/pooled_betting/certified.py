"""Certified evaluation of Proposition PH's pair statistic in double precision.

  - HatSums: per arm, the integer count c_j of rewards in cell [j/B, (j+1)/B) (the reward 1 in the last cell)
    and the compensated (Neumaier) sum T_j of theta = B*Y - j over them; the hat sums are
    H_j = (c_j - T_j) + T_{j-1}, with an error bound.
  - side_value(m, ...): a side's mixture A(m) (V) or B(m) (c) with a rigorous error bound eta.
  - certified_inf(...): a certified lower bound of inf_{0<m<1} h(m), by the five-point convexity certificate.

Run `python3 certified.py` for the checks against long double (80-bit) references.
"""
import numpy as np
from scipy.special import logsumexp

U = 2.0 ** -53


class Neumaier:
    """Compensated sums of nonnegative terms, vectorised over cells."""
    def __init__(self, n):
        self.s = np.zeros(n); self.c = np.zeros(n)

    def add(self, j, x):
        s = self.s[j]; t = s + x
        self.c[j] += np.where(abs(s) >= abs(x), (s - t) + x, (x - t) + s)
        self.s[j] = t

    def value(self):
        return self.s + self.c


class HatSums:
    """Hat sums on the uniform knots j/B (B a power of two).  theta = B*Y - j is exact in binary floating
    point (B*Y is an exact scaling; Y*B - j is exact by Sterbenz' lemma for j >= 1, trivially for j = 0)."""
    def __init__(self, B=32):
        assert B & (B - 1) == 0
        self.B = B; self.cnt = np.zeros(B, np.int64); self.T = Neumaier(B); self.n = 0

    def add(self, y):
        y = float(y)
        assert 0.0 <= y <= 1.0
        j = min(int(np.floor(y * self.B)), self.B - 1)
        th = y * self.B - j                      # exact
        self.cnt[j] += 1; self.T.add(j, th); self.n += 1

    def H(self):
        """(H, err): H_j = (c_j - T_j) + T_{j-1} on j = 0..B, and a bound on |H_computed - H_exact|."""
        T = self.T.value(); c = self.cnt.astype(float)
        H = np.zeros(self.B + 1)
        H[:-1] += c - T
        H[1:] += T
        # Neumaier: |T_computed - T_exact| <= 2u|T| + O(n u^2)|T|  (we use 4u|T| + n*u^2 terms below);
        # the subtraction c - T and the addition each add u times their result's magnitude.
        Tbound = 4 * U * T + 2 * self.n * U * U * (T + 1)
        err = np.zeros(self.B + 1)
        err[:-1] += Tbound + U * (c + T)
        err[1:] += Tbound
        err += 2 * U * np.abs(H)
        return H, err


def terms_table(m, bets, B, side):
    """F_kj = log(1 + beta_k z_j), z_j = y_j/m - 1 (V) or (1 - y_j)/(1 - m) - 1 (c), in double."""
    y = np.arange(B + 1) / B
    z = (y / m - 1.0) if side == 'V' else ((1.0 - y) / (1.0 - m) - 1.0)
    return np.log1p(bets[:, None] * z[None, :]), z


def side_value(m, H, Herr, bets, logw, side):
    """A side's value LSE_k(log w_k + sum_j H_j F_kj) and a bound eta on its error against the exact value at the
    exact hat sums.  Error budget (u = 2^-53):
      z_j: V: y_j/m - 1 (y_j = j/B exact; one division, one subtraction); c: (1 - y_j)/(1 - m) - 1 (1 - y_j exact;
           1 - m, the division, the subtraction): |dz| <= 3u(|z| + 1) in both cases (to first order in u);
      beta z: one more rounding, u beta |z|; so the argument of log1p is within 4u beta (|z| + 1) of beta z;
      log1p: the argument's error divided by 1 + beta z (mean value theorem; 1 + beta z >= 1 - beta > 0), plus
           the function's own error (< 1 ulp: 2u|F|).  beta(|z| + 1)/(1 + beta z) <= 1 for z >= 0 and
           <= 2 beta/(1 - beta) for -1 <= z < 0, so |dF_kj| <= c_k + 2u|F_kj| with c_k = u (8 beta_k/(1 - beta_k) + 4);
      sum_j H_j F_kj (B+1 products and additions): (B + 2)u sum_j H_j |F_kj|, plus sum_j Herr_j |F_kj|;
      the weights: the stored log w_k are the weights the proof uses (their exponentials sum to < 1);
      the log-sum of G values: (3.1 G + 7)u + u|LSE| (pooled-eb.md, 'A log-sum').
    The code uses twice the sum (for the O(u^2) terms and slack)."""
    B = H.size - 1
    F, z = terms_table(m, bets, B, side)
    a = F @ H
    absF = np.abs(F)
    ck = U * (8 * bets / (1 - bets) + 4)
    eta_k = (absF @ Herr) + (B + 2) * U * (absF @ H) + ck * H.sum() + 2 * U * (absF @ H)
    G = bets.size
    lse = logsumexp(logw + a)
    eta = 2 * (eta_k.max() + (3.1 * G + 7) * U + U * abs(lse))
    return lse, eta


def h_enclosure(m, P):
    HV, eV, Hc, ec, bets, logw = P
    A, ea = side_value(m, HV, eV, bets, logw, 'V')
    Bv, eb = side_value(m, Hc, ec, bets, logw, 'c')
    h = A + Bv
    e = ea + eb + 2 * U * abs(h)
    return h - e, h + e


def _deriv(m, P):
    HV, _, Hc, _, bets, logw = P
    out = 0.0
    for H, side in ((HV, 'V'), (Hc, 'c')):
        B = H.size - 1
        y = np.arange(B + 1) / B
        F, z = terms_table(m, bets, B, side)
        t = logw + F @ H
        p = np.exp(t - t.max()); p /= p.sum()
        if side == 'V':
            dz = -y / (m * m)
        else:
            dz = (1 - y) / (1 - m) ** 2
        D = (bets[:, None] * dz[None, :]) / (1 + bets[:, None] * z[None, :])
        out += p @ (D @ H)
    return out


def certified_inf(HV, eV, Hc, ec, bets, logw, eps_list=(1e-3, 1e-4, 1e-5, 1e-6, 1e-7)):
    """The best of the five-point certificates over several spacings (each is a valid lower bound)."""
    best, ms = -np.inf, None
    for e in eps_list:
        b, ms = certified_inf1(HV, eV, Hc, ec, bets, logw, e, ms)
        best = max(best, b)
    return best, ms


def certified_inf1(HV, eV, Hc, ec, bets, logw, eps_rel, ms=None):
    """Certified lower bound of inf over 0 < m < 1 of the exact h (convex).  Steps:
    1. locate the minimiser m* approximately (bisection on the computed h'; not part of the certificate);
    2. five points x_0 < ... < x_4 around m* (spacing eps) and enclosures [lo_i, hi_i] of h(x_i);
    3. convexity: a chord's extension lies below h outside the chord's interval, so with
         L_i(m) = line through (x_i, h(x_i)), (x_{i+1}, h(x_{i+1})):
         m <= x_0: h(m) >= L_0(m) >= h(x_0) if L_0's slope <= 0 (certified: hi_1 <= lo_0), else FAIL (return -inf);
         m >= x_4: symmetric (hi_3 <= lo_4);
         [x_i, x_{i+1}]: h >= max(L_{i-1} extended right, L_{i+1} extended left) (where they exist);
       each extension is monotone in the two values (coefficients of opposite signs), so the enclosure ends that
       make it smallest are used; a max of two lines on an interval is bounded below by its value at the ends and
       at the crossing.
    Returns (bound, m*)."""
    P = (HV, eV, Hc, ec, bets, logw)
    if ms is None:
        lo, hi = 1e-12, 1 - 1e-12
        for _ in range(60):
            mid = 0.5 * (lo + hi)
            if _deriv(mid, P) > 0:
                hi = mid
            else:
                lo = mid
        ms = 0.5 * (lo + hi)
    eps = max(eps_rel * min(ms, 1 - ms), 1e-15)
    xs = ms + eps * np.array([-2.0, -1.0, 0.0, 1.0, 2.0])
    if xs[0] <= 0 or xs[-1] >= 1:
        return -np.inf, ms
    enc = [h_enclosure(x, P) for x in xs]
    L = np.array([e[0] for e in enc]); Hh = np.array([e[1] for e in enc])
    if not (Hh[1] <= L[0] and Hh[3] <= L[4]):
        return -np.inf, ms
    bound = min(L[0], L[4])

    def ext_right(i, m):   # line through x_i, x_{i+1} at m >= x_{i+1}: uses lo at x_{i+1}, hi at x_i
        d = xs[i + 1] - xs[i]
        return L[i + 1] + (L[i + 1] - Hh[i]) * (m - xs[i + 1]) / d

    def ext_left(i, m):    # line through x_i, x_{i+1} at m <= x_i: uses lo at x_i, hi at x_{i+1}
        d = xs[i + 1] - xs[i]
        return L[i] + (L[i] - Hh[i + 1]) * (xs[i] - m) / d

    for i in range(4):
        a, b = xs[i], xs[i + 1]
        cands = []
        lines = []
        if i >= 1:
            lines.append(lambda m, i=i: ext_right(i - 1, m))
        if i + 1 <= 3:
            lines.append(lambda m, i=i: ext_left(i + 1, m))
        # lower bound of the max of the available lines on [a, b]
        if len(lines) == 1:
            v = min(lines[0](a), lines[0](b))
        else:
            f, g = lines
            v = min(max(f(a), g(a)), max(f(b), g(b)))
            # crossing point
            fa, fb, ga, gb = f(a), f(b), g(a), g(b)
            den = (fb - fa) - (gb - ga)
            if den != 0:
                s = (ga - fa) / den
                if 0 < s < 1:
                    v = min(v, fa + s * (fb - fa))
        bound = min(bound, v)
    # margin for the few operations above (a handful of ulps of the values involved)
    bound -= 16 * U * (1 + np.abs(L).max() + np.abs(Hh).max())
    return bound, ms


# ------------------------------------------------------------------ checks
def ld_side(m, H, bets, logw, side):
    """Reference in long double from the exact-as-possible hat sums (H given in long double)."""
    B = H.size - 1
    y = np.arange(B + 1, dtype=np.longdouble) / B
    m = np.longdouble(m)
    z = (y / m - 1) if side == 'V' else ((1 - y) / (1 - m) - 1)
    F = np.log1p(bets.astype(np.longdouble)[:, None] * z[None, :])
    a = (F * H[None, :]).sum(1) + logw.astype(np.longdouble)
    mx = a.max()
    return mx + np.log(np.exp(a - mx).sum())


if __name__ == '__main__':
    import sim
    rng = np.random.default_rng(5)
    bets, logw = sim.bet_grid('capE')
    worst = 0.0; nchk = 0
    for trial in range(60):
        # random arms: Beta laws, counts up to 2e5 (hat sums built reward by reward), tested at random m
        B = 32
        nv = int(rng.integers(1, 4000)) * (1 if trial % 3 else 50)
        nc = int(rng.integers(1, 4000))
        pv, pc = rng.uniform(0.02, 0.98, 2)
        yv = rng.beta(9 * pv, 9 * (1 - pv), nv); yc = rng.beta(9 * pc, 9 * (1 - pc), nc)
        if trial % 7 == 0:
            yv[: nv // 3] = 1.0; yc[: nc // 4] = 0.0       # mass on the ends
        hv, hc = HatSums(B), HatSums(B)
        for y in yv: hv.add(y)
        for y in yc: hc.add(y)
        HV, eV = hv.H(); Hc, ec = hc.H()
        # long-double hat sums
        def ldH(ys):
            ys = ys.astype(np.longdouble); j = np.minimum(np.floor(ys * B), B - 1).astype(int); th = ys * B - j
            H = np.zeros(B + 1, dtype=np.longdouble)
            np.add.at(H, j, 1 - th); np.add.at(H, j + 1, th)
            return H
        HVl, Hcl = ldH(yv), ldH(yc)
        for m in rng.uniform(1e-3, 1 - 1e-3, 5):
            for H, e, Hl, side in ((HV, eV, HVl, 'V'), (Hc, ec, Hcl, 'c')):
                v, eta = side_value(m, H, e, bets, logw, side)
                ref = ld_side(m, Hl, bets, logw, side)
                r = float(abs(np.longdouble(v) - ref)) / eta
                worst = max(worst, r); nchk += 1
        b, ms = certified_inf(HV, eV, Hc, ec, bets, logw)
        sb, _ = sim.hat_inf(HV[None, :], Hc[None, :], (bets, logw))
        # the certified bound must lie below the exact infimum (long-double h at the computed minimiser is an
        # upper bound of it) and close to it
        up = float(ld_side(ms, HVl, bets, logw, 'V') + ld_side(ms, Hcl, bets, logw, 'c'))
        assert b <= up, (b, up)
        if trial < 8 or b > -np.inf and up - b > 1e-6:
            print('trial %2d  N_V %6d N_c %5d  certified %.10f  h(m*) long double %.10f  gap %.2e  sim %.10f' % (
                trial, nv, nc, b, up, up - b, sb[0]))
    print('side values: worst |double - long double| / eta = %.3g over %d checks (must be < 1)' % (worst, nchk))

    # Lemma 2 and Lemma 3 on random data: the hat bound never exceeds the exact log-wealth, and h is convex in m
    viol = 0; cv = 0; nn = 0
    for trial in range(200):
        B = [1, 4, 32, 64][trial % 4]
        y = rng.beta(*rng.uniform(0.2, 5, 2), int(rng.integers(1, 300)))
        if trial % 5 == 0:
            y = np.r_[y, np.zeros(3), np.ones(2)]
        hs = HatSums(B)
        for v in y: hs.add(v)
        H, _ = hs.H()
        for m in rng.uniform(0.01, 0.99, 10):
            for side in ('V', 'c'):
                F, z = terms_table(m, bets, B, side)
                hatb = F @ H
                x = (y / m - 1) if side == 'V' else ((1 - y) / (1 - m) - 1)
                exact = np.log1p(bets[:, None] * x[None, :]).sum(1)
                viol += int(np.any(hatb > exact + 1e-9 * (1 + np.abs(exact))))
                nn += 1
        ms = np.linspace(0.02, 0.98, 97)
        hv = np.array([sim.hat_h(np.array([m]), H[None, :], H[None, :] * 0.5, (bets, logw))[0] for m in ms])
        cv += int(np.any(np.diff(hv, 2) < -1e-9 * (1 + np.abs(hv[1:-1]))))
    print('Lemma 2: hat bound above the exact log-wealth in %d of %d (data, m, side) checks (must be 0)' % (viol, nn))
    print('Lemma 3: a negative second difference of h on a 97-point grid in %d of 200 random pairs (must be 0)' % cv)
