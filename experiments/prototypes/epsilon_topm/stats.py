"""Statistics of docs/certified-glr/epsilon-topm.md (prototype, numpy/scipy).

Vectorised over a batch of pairs. The infima over the nuisance mean m are taken by
golden-section search on a convex function; the value returned is the function at the
final point, i.e. an UPPER bound of the infimum up to the search's tolerance (the library's
certified numerics return lower bounds; for an error-rate test an upper bound is the
conservative side: it can only make the prototype stop earlier and err more often).
"""
import numpy as np
from scipy.special import erfcx, log_ndtr, logsumexp

SQ2 = np.sqrt(2.0)
GOLD = (np.sqrt(5.0) - 1.0) / 2.0


def F(u):
    """F(u) = u^2/2 + log Phi(u), stable on both sides."""
    u = np.asarray(u, dtype=float)
    out = np.empty_like(u)
    neg = u < 0
    out[neg] = np.log(erfcx(-u[neg] / SQ2) / 2.0)
    pos = ~neg
    out[pos] = 0.5 * u[pos] ** 2 + log_ndtr(u[pos])
    return out


# ---- P2's per-arm grid (make_per_arm_grid): rho_k = 2^k, k = -4..40 ----
_k = np.arange(-4, 41)
RHO = 2.0 ** _k
W = np.where((_k >= -4) & (_k <= 16), 0.9 / 21, 0.0) + np.where(
    _k >= 0, 0.1 / np.maximum((_k + 1.0) * (_k + 2.0), 1.0), 0.0)
LOGW = np.log(W)


def H(X, Q, sigma=1.0):
    """One-sided half of P2: log sum_k w_k 2 (1+Q/rho_k)^(-1/2) exp(F(X/(sigma sqrt(Q+rho_k)))).
    X, Q arrays of the same shape (Q >= 0)."""
    X = np.asarray(X, float)[..., None]
    Q = np.asarray(Q, float)[..., None]
    u = X / (sigma * np.sqrt(Q + RHO))
    terms = LOGW + np.log(2.0) - 0.5 * np.log1p(Q / RHO) + F(u)
    return logsumexp(terms, axis=-1)


def golden_min(fun, lo, hi, iters=60):
    """Vectorised golden-section search of a convex function on [lo, hi]; returns (value, argmin)."""
    a = np.array(lo, float); b = np.array(hi, float)
    for _ in range(iters):
        c = b - GOLD * (b - a); d = a + GOLD * (b - a)
        left = fun(c) < fun(d)          # minimiser in [a, d]
        b = np.where(left, d, b); a = np.where(left, a, c)
    x = 0.5 * (a + b)
    vals = np.stack([fun(x), fun(np.array(lo, float)), fun(np.array(hi, float))])
    xs = np.stack([x, lo, hi])
    i = np.argmin(vals, axis=0)
    j = np.arange(vals.shape[1])
    return vals[i, j], xs[i, j]


def gauss_eps_stat(SV, NV, n_ans, Sc, Nc, eps_add=0.0, eps_mul=0.0, sigma=1.0, m_lower=None):
    """inf_m [ H(SV + eps_add*n_ans - m*(NV - eps_mul*n_ans), NV) + H(m*Nc - Sc, Nc) ]
    (Proposition G-eps; eps_add=eps_mul=0 is P2's S2; n_ans = NV is the unpooled pair).
    m_lower: lower end of the domain (0 for the multiplicative form)."""
    SV, NV, n_ans, Sc, Nc = (np.atleast_1d(np.asarray(v, float)) for v in (SV, NV, n_ans, Sc, Nc))
    coef = NV - eps_mul * n_ans
    bonus = eps_add * n_ans

    def h(m):
        return H(SV + bonus - m * coef, NV, sigma) + H(m * Nc - Sc, Nc, sigma)

    xV = np.where(coef > 0, (SV + bonus) / np.maximum(coef, 1e-300), 0.0)
    xc = Sc / Nc
    width = 8.0 * sigma / np.sqrt(np.minimum(NV, Nc).clip(1)) + np.abs(xV - xc)
    lo = np.minimum(xV, xc) - width
    hi = np.maximum(xV, xc) + width
    if m_lower is not None:
        lo = np.maximum(lo, m_lower)
        hi = np.maximum(hi, lo + 1e-12)
    v, _ = golden_min(h, lo, hi)
    return v


def gauss_glr_eps(mu_a, N_a, mu_c, N_c, eps, sigma=1.0):
    """Practice: (mu_a + eps - mu_c)_+^2 / (2 sigma^2 (1/N_a + 1/N_c))."""
    d = np.maximum(mu_a + eps - mu_c, 0.0)
    return d * d / (2 * sigma ** 2 * (1.0 / N_a + 1.0 / N_c))


# ---- PK's default tilt grid: mass at zero + 2^(k/3), k = -24..6, each 1/32 ----
LAM = np.concatenate([[0.0], 2.0 ** (np.arange(-24, 7) / 3.0)])
LOGWB = np.full(LAM.shape, np.log(1.0 / 32))


def psi(m, lam):
    """log(1 - m + m e^lam), m in [0,1]."""
    return np.log1p(m * np.expm1(lam))


def bern_eps_stat(SV, NV, n_ans, Sc, Nc, eps_add=0.0, eps_mul=0.0, at=None):
    """Proposition K-eps: inf over m in [m0, 1] of A(m) + B(m),
    A(m) = LSE_k(log w_k + lam_k SV - n_ans psi_{g(m)}(lam_k) - (NV - n_ans) psi_m(lam_k)),
    B(m) = LSE_j(log w_j - lam_j Sc - Nc psi_m(-lam_j)),  g(m) = (1 - eps_mul) m - eps_add."""
    SV, NV, n_ans, Sc, Nc = (np.asarray(v, float)[:, None] for v in (SV, NV, n_ans, Sc, Nc))

    def h(m):
        m = m[:, None]
        g = np.clip((1 - eps_mul) * m - eps_add, 0.0, 1.0)
        A = logsumexp(LOGWB + LAM * SV - n_ans * psi(g, LAM) - (NV - n_ans) * psi(m, LAM), axis=1)
        B = logsumexp(LOGWB - LAM * Sc - Nc * psi(m, -LAM), axis=1)
        return A + B

    if at is not None:
        return h(np.asarray(at, float))
    n = SV.shape[0]
    m0 = eps_add if eps_mul == 0 else 0.0
    lo = np.full(n, m0); hi = np.ones(n)
    v, _ = golden_min(h, lo, hi, iters=50)
    return v


def kl(x, y):
    x = np.clip(x, 1e-15, 1 - 1e-15); y = np.clip(y, 1e-15, 1 - 1e-15)
    return x * np.log(x / y) + (1 - x) * np.log((1 - x) / (1 - y))


def bern_glr_eps(mu_a, N_a, mu_c, N_c, eps):
    """Practice: inf over x_c >= x_a + eps of N_a kl(mu_a, x_a) + N_c kl(mu_c, x_c) (0 if feasible)."""
    mu_a, N_a, mu_c, N_c = (np.atleast_1d(np.asarray(v, float)) for v in (mu_a, N_a, mu_c, N_c))
    active = mu_a + eps > mu_c
    lo = np.maximum(0.0, mu_c - eps); hi = np.minimum(mu_a, 1 - eps)
    hi = np.maximum(hi, lo)
    f = lambda x: N_a * kl(mu_a, x) + N_c * kl(mu_c, x + eps)
    v, _ = golden_min(f, lo, hi, iters=50)
    return np.where(active, v, 0.0)
