"""Shared pieces: Beta quantile samples, the per-pull exponents of each statistic, grids."""
import numpy as np
from scipy import stats, optimize

def beta_nodes(mean, kappa=9.0, n=400000):
    """Quantile midpoints of Beta(kappa*mean, kappa*(1-mean)): E f(Y) ~ mean of f(nodes)."""
    u = (np.arange(n) + 0.5) / n
    return stats.beta.ppf(u, kappa * mean, kappa * (1 - mean))

def psiE(l):
    l = np.asarray(l, float)
    return -np.log1p(-l) - l

# ---- per-pull exponent of one side, x = signed deviation in the side's favour ----
# V side: x = Y - m (Y pooled, mean >= m ... evidence when mean > m); c side: x = m - Y.
# 'range' of x: V side x >= -m, c side x >= -(1-m).  lo = that floor (a positive number r: x >= -r).

def e_fan(x, lam):                       # PE: lam in [0, 0.9], Fan with psi_E(lam)
    return lam * x - psiE(lam) * x * x

def e_fan_scaled(x, beta, r):            # Fan applied to x/r >= -1
    z = x / r
    return beta * z - psiE(beta) * z * z

def e_exact(x, beta, r):                 # log(1 + beta x / r)
    return np.log1p(beta * x / r)

def c4(beta):
    b = np.asarray(beta, float)
    # sum_{n>=4} b^(n-4)/n = (-log(1-b) - b - b^2/2 - b^3/3)/b^4; series for small b
    out = np.where(b > 0.05, (-np.log1p(-np.where(b>0.05,b,0.5)) - b - b**2/2 - b**3/3) / np.where(b>0.05,b,1)**4,
                   sum(b**k / (k + 4) for k in range(0, 30)))
    return out

def c6(beta):
    b = np.asarray(beta, float)
    return np.where(b > 0.05,
                    (-np.log1p(-np.where(b>0.05,b,0.5)) - b - b**2/2 - b**3/3 - b**4/4 - b**5/5) / np.where(b>0.05,b,1)**6,
                    sum(b**k / (k + 6) for k in range(0, 40)))

def e_poly4(x, beta, r):                 # u - u^2/2 + u^3/3 - c4(beta) u^4, u = beta x/r >= -beta
    u = beta * x / r
    return u - u*u/2 + u**3/3 - c4(beta) * u**4

def e_poly6(x, beta, r):
    u = beta * x / r
    return u - u*u/2 + u**3/3 - u**4/4 + u**5/5 - c6(beta) * u**6

def hat_weights(y, B):
    """Hat-function coordinates of rewards y on the uniform knots j/B: (index j, weight on j, weight on j+1)."""
    y = np.asarray(y, float)
    s = np.minimum(np.floor(y * B), B - 1).astype(int)
    th = y * B - s
    return s, 1 - th, th

def e_hat(Y, m, beta, B, side):
    """Per-pull hat (chord) lower bound of log(1 + beta x / r), averaged over the nodes Y.
    side 'V': factor 1 - beta + beta y/m; side 'c': 1 - beta + beta (1-y)/(1-m)."""
    s, w0, w1 = hat_weights(Y, B)
    kn = np.arange(B + 1) / B
    if side == 'V':
        f = np.log(1 - beta + beta * kn / m)
    else:
        f = np.log(1 - beta + beta * (1 - kn) / (1 - m))
    return np.mean(w0 * f[s] + w1 * f[s + 1])

def best(fun, lo, hi):
    r = optimize.minimize_scalar(lambda b: -fun(b), bounds=(lo, hi), method='bounded', options={'xatol': 1e-9})
    return -r.fun, r.x
