#!/usr/bin/env python3
"""50-digit references for lib/include/lilucb/theory/characteristic_time.hpp.

Independent derivation with mpmath at 80 digits: plain bisection (not the C++ code's toms748)
on the program of Garivier & Kaufmann (2016), Theorem 5, with the Gaussian or Bernoulli
divergence written out here.  Prints C++ rows for tests/theory/test_characteristic_time.cpp.
"""
import mpmath as mp

mp.mp.dps = 80


def kl_bern(p, q):
    r = mp.mpf(0)
    if p > 0 and q == 0:
        return mp.inf
    if p > 0:
        r += p * mp.log(p / q)
    if p < 1:
        r += (1 - p) * mp.log((1 - p) / (1 - q))
    return r


def bisect(f, lo, hi, iters=300):
    for _ in range(iters):
        mid = (lo + hi) / 2
        if f(mid) < 0:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def program(mu, d):
    b = max(range(len(mu)), key=lambda i: mu[i])
    others = [a for a in range(len(mu)) if a != b]

    def x_of(a, y):
        g = lambda x: d(mu[b], (mu[b] + x * mu[a]) / (1 + x)) + x * d(mu[a], (mu[b] + x * mu[a]) / (1 + x)) - y
        hi = mp.mpf(1)
        while g(hi) < 0:
            hi *= 2
        return bisect(g, mp.mpf(0), hi)

    def F(y):
        s = mp.mpf(0)
        for a in others:
            x = x_of(a, y)
            m = (mu[b] + x * mu[a]) / (1 + x)
            s += d(mu[b], m) / d(mu[a], m)
        return s - 1

    dmin = min(d(mu[b], mu[a]) for a in others)
    if dmin == mp.inf:
        hi = mp.mpf(1)
        while F(hi) < 0:
            hi *= 2
    else:
        hi = dmin * (1 - mp.mpf(2) ** -40)
    y = bisect(F, mp.mpf(0), hi, 280)
    xs = {a: x_of(a, y) for a in others}
    sx = sum(xs.values())
    w = [1 / (1 + sx) if a == b else xs[a] / (1 + sx) for a in range(len(mu))]
    return (1 + sx) / y, w


def main(only=None):
    cases = [
        ("gaussian", ["1", "0.8", "0.6", "0.4", "0.2"], "1"),
        ("gaussian", ["0.5", "0", "0", "0"], "0.5"),
        ("gaussian", ["0.25", "0.3", "0.125", "-0.5"], "0.75"),
        ("bernoulli", ["0.5", "0.45", "0.4375", "0.375"], None),
        ("bernoulli", ["0.125", "0.875", "0.5"], None),
        ("bernoulli", ["0.75", "0", "0.5"], None),
    ]
    for kind, means, sigma in cases[only:] if only is not None else cases:
        mu = [mp.mpf(m) for m in means]
        if kind == "gaussian":
            s = mp.mpf(sigma)
            d = lambda p, q, s=s: (p - q) ** 2 / (2 * s * s)
        else:
            d = kl_bern
        t, w = program(mu, d)
        ws = ", ".join('"%s"' % mp.nstr(x, 50) for x in w)
        print('  {%s, {%s}, %s, "%s", {%s}},' % (
            "true" if kind == "gaussian" else "false", ", ".join('"%s"' % m for m in means), sigma or "0", mp.nstr(t, 50), ws))


if __name__ == "__main__":
    import sys
    main(int(sys.argv[1]) if len(sys.argv) > 1 else None)
