"""Characteristic times of docs/certified-glr/epsilon-topm.md, section 4 (prototype).

T*_eps(mu)^{-1} = max over eps-good i of max_w min_{j != i} C_eps(i, j; w),
   C_eps(i, j; w) = inf_x [ w_i d(mu_i, x) + w_j d(mu_j, x + eps) ]   (0 if mu_j >= mu_i + eps)
   Gaussian: C = (mu_i - mu_j + eps)_+^2 / (2 sigma^2 (1/w_i + 1/w_j)).
T*_m(mu)^{-1} = max_w min_{a in S*, b not in S*} C_0(a, b; w).
Each inner max over the simplex is a concave maximisation (a minimum of concave functions of w);
solved here by SLSQP on the epigraph, started from uniform weights.
"""
import numpy as np
from scipy.optimize import minimize, minimize_scalar


def kl(x, y):
    x = min(max(x, 1e-15), 1 - 1e-15); y = min(max(y, 1e-15), 1 - 1e-15)
    return x * np.log(x / y) + (1 - x) * np.log((1 - x) / (1 - y))


def cost(model, mi, mj, wi, wj, eps, sigma=1.0):
    if mi + eps <= mj:
        return 0.0
    if model == 'gauss':
        return (mi - mj + eps) ** 2 / (2 * sigma ** 2 * (1 / wi + 1 / wj))
    lo, hi = max(0.0, mj - eps), min(mi, 1 - eps)
    if hi <= lo:
        return wi * kl(mi, hi) + wj * kl(mj, hi + eps)
    r = minimize_scalar(lambda x: wi * kl(mi, x) + wj * kl(mj, x + eps), bounds=(lo, hi),
                        method='bounded', options={'xatol': 1e-12})
    return r.fun


def maxmin(pairs, K, model, mu, eps):
    def neg(v):
        return -v[-1]
    cons = [{'type': 'eq', 'fun': lambda v: v[:K].sum() - 1}]
    for (i, j) in pairs:
        cons.append({'type': 'ineq', 'fun': lambda v, i=i, j=j:
                     cost(model, mu[i], mu[j], max(v[i], 1e-12), max(v[j], 1e-12), eps) - v[-1]})
    x0 = np.concatenate([np.full(K, 1.0 / K), [0.0]])
    r = minimize(neg, x0, constraints=cons, bounds=[(1e-9, 1)] * K + [(0, None)],
                 method='SLSQP', options={'maxiter': 500, 'ftol': 1e-14})
    return r.x[-1], r.x[:K]


def tstar_eps(mu, eps, model='gauss', mode='add'):
    mu = np.asarray(mu, float); K = len(mu); ms = mu.max()
    best = (0.0, None, None)
    for i in range(K):
        if mu[i] < (ms - eps if mode == 'add' else (1 - eps) * ms):
            continue
        if mode == 'add':
            v, w = maxmin([(i, j) for j in range(K) if j != i], K, model, mu, eps)
        else:  # multiplicative, Gaussian: alternative mu_j >= mu_i/(1-eps), a shift eps*mu_j.
            # Alternative {lambda: (1-eps) lambda_j > lambda_i}; Gaussian cost in closed form:
            # inf over (1-eps) y_j >= y_i of w_i (mu_i-y_i)^2 + w_j (mu_j-y_j)^2, / (2 sigma^2)
            def c(i_, j_, wi, wj):
                a = 1 - eps
                g = mu[i_] - a * mu[j_]
                return 0.0 if g <= 0 else g * g / (2 * (1 / wi + a * a / wj))
            cons = [{'type': 'eq', 'fun': lambda v: v[:K].sum() - 1}]
            for j in range(K):
                if j != i:
                    cons.append({'type': 'ineq', 'fun': lambda v, j=j: c(i, j, max(v[i], 1e-12), max(v[j], 1e-12)) - v[-1]})
            r = minimize(lambda v: -v[-1], np.concatenate([np.full(K, 1.0 / K), [0.0]]), constraints=cons,
                         bounds=[(1e-9, 1)] * K + [(0, None)], method='SLSQP', options={'maxiter': 500, 'ftol': 1e-14})
            v, w = r.x[-1], r.x[:K]
        if v > best[0]:
            best = (v, i, w)
    return (1.0 / best[0] if best[0] > 0 else np.inf), best[1], best[2]


def tstar_topm(mu, m, model='gauss'):
    mu = np.asarray(mu, float); K = len(mu)
    order = np.argsort(-mu, kind='stable'); top = order[:m]; rest = order[m:]
    v, w = maxmin([(a, b) for a in top for b in rest], K, model, mu, 0.0)
    return (1.0 / v if v > 0 else np.inf), w


if __name__ == '__main__':
    rows = [
        ('g-tie4', lambda: tstar_eps([0] * 4, 0.1)),
        ('g-adv', lambda: tstar_eps([0, -.12, -.12, -.12], 0.1)),
        ('g-reg6', lambda: tstar_eps([0.5, 0.45, 0.3, 0.2, 0.1, 0.0], 0.1)),
        ('g-tie10', lambda: tstar_eps([0] * 10, 0.1)),
        ('g-mul-tie', lambda: tstar_eps([1] * 4, 0.1, mode='mul')),
        ('g-mul-adv', lambda: tstar_eps([1, .88, .88, .88], 0.1, mode='mul')),
        ('b-issue', lambda: tstar_eps([0.5, 0.49, 0.49, 0.49], 0.05, 'bern')),
        ('b-tie', lambda: tstar_eps([0.3] * 4, 0.05, 'bern')),
        ('b-adv', lambda: tstar_eps([0.5, 0.44, 0.44, 0.44], 0.05, 'bern')),
        ('t-reg', lambda: tstar_topm([0.5, 0.4, 0.3, 0.2, 0.1], 2)),
        ('t-near', lambda: tstar_topm([0.5, 0.4, 0.3, 0.3, 0.0], 2)),
    ]
    for name, f in rows:
        res = f()
        T = res[0]
        w = res[-1]
        print(f"{name:10s} T* = {T:10.2f}   T* log(1/0.1) = {T*np.log(10):9.1f}   "
              f"T* kl(0.1,0.9) = {T*0.8*np.log(9):9.1f}   w = {np.round(w, 3)}")
