#!/usr/bin/env python3
"""Independent reference values for the lilucb theory tests.

Every formula below is transcribed from the paper (the paper's LaTeX source, LilUCB.tex:
Lemma lem:lil and its footnote fnt:delta_foot, Lemmas lem:1 and lem:2, Theorem th:lilucb,
Section 3's H1/H3, Section 2's Farrell bound, Section 5's LS rule and parameter settings),
never from the C++ code, and evaluated with mpmath at 50 significant digits.  Inverse
problems (the delta for a failure probability, the certified delta, the optimal beta) are
solved numerically with mpmath.findroot / polyroots rather than with closed forms.

Every input is a Python float, so it is exactly the IEEE double that the C++ test passes;
mpmath evaluates at that exact double.  Outputs are printed with 30 significant digits as
double literals and, in the *50 fields, with 45 digits as strings for the cpp_bin_float_50
instantiation.

Usage:
    python3 make_reference.py > reference_values.hpp      regenerate the header
    python3 make_reference.py --check reference_values.hpp exit 1 if the header is stale
"""

import sys

import mpmath
from mpmath import mp, mpf

mp.dps = 50
DIGITS = 30  # significant digits printed

E = mpmath.e


def X(x):
    """An exact double as an mpf."""
    return mpf(float(x))


def lit(x):
    """A C++ double literal with DIGITS significant digits."""
    x = mpf(x)
    if x == 0:
        return "0.0"
    return mpmath.nstr(x, DIGITS, min_fixed=1, max_fixed=0).replace("e+", "e")


def slit(x):
    """A decimal string (for cpp_bin_float_50) with 45 significant digits."""
    return '"' + mpmath.nstr(mpf(x), 45, min_fixed=1, max_fixed=0).replace("e+", "e") + '"'


def flt(x):
    """An input double, printed so that it reads back as the same double."""
    return repr(float(x))


# ---- Lemma lem:lil and footnote fnt:delta_foot ---------------------------------------------

def lil_bound(t, eps, delta, sigma, c):
    """(1+sqrt(eps)) sqrt(2 sigma^2 (1+eps) t log(log((1+eps) t + c)/delta)); c = 0 or 2."""
    t, eps, delta, sigma = X(t), X(eps), X(delta), X(sigma)
    return (1 + mpmath.sqrt(eps)) * mpmath.sqrt(
        2 * sigma**2 * (1 + eps) * t * mpmath.log(mpmath.log((1 + eps) * t + c) / delta))


def lil_failure(eps, delta):
    """(2+eps)/eps (delta/log(1+eps))^(1+eps): the probability stated in Lemma lem:lil."""
    eps, delta = X(eps), X(delta)
    return (2 + eps) / eps * (delta / mpmath.log(1 + eps)) ** (1 + eps)


def lil_failure_proof(eps, delta):
    """The proof's terms, summed: Step 1 sum_{k>=1} (delta/(k log(1+eps)))^(1+eps),
    Step 2 sum_{k>=1} (delta/((k+1) log(1+eps)))^(1+eps), and t = 1 by Chernoff:
    P(S_1 > (1+sqrt(eps)) psi((1+eps))) <= (delta/log(1+eps))^((1+sqrt(eps))^2 (1+eps))."""
    eps, delta = X(eps), X(delta)
    x = delta / mpmath.log(1 + eps)
    s = 1 + eps
    step1 = mpmath.zeta(s) * x**s
    step2 = (mpmath.zeta(s) - 1) * x**s
    chernoff = x ** ((1 + mpmath.sqrt(eps)) ** 2 * (1 + eps))
    return step1 + step2 + chernoff


def solve_increasing(f, target, lo, hi):
    """The root of f(x) = target for f increasing on (lo, hi), by bisection to ~1e-45 then
    findroot (secant) polishing; checked."""
    lo, hi = mpf(lo), mpf(hi)
    for _ in range(200):
        mid = (lo + hi) / 2
        if f(mid) < target:
            lo = mid
        else:
            hi = mid
    root = mpmath.findroot(lambda d: f(d) - target, (lo, hi), solver="anderson")
    assert abs(f(root) - target) <= mpf(10) ** -40 * abs(target), (root, f(root), target)
    return root


# ---- Theorem th:lilucb, Lemmas lem:1 and lem:2 ---------------------------------------------

def rho(eps):
    eps = X(eps)
    return (2 + eps) / eps * (1 / mpmath.log(1 + eps)) ** (1 + eps)


def gamma(beta, eps):
    beta, eps = X(beta), X(eps)
    return 2 * (2 + beta) ** 2 * (1 + mpmath.sqrt(eps)) ** 2 * (1 + eps)


def kappa(beta, delta):
    beta, delta = X(beta), X(delta)
    c = ((2 + beta) / beta) ** 2
    return c * (1 + mpmath.log(2 * mpmath.log(c / delta)) / mpmath.log(1 / delta))


def a_min_den(d):
    d = mpf(d)
    return 1 - d - mpmath.sqrt(mpmath.sqrt(d) * mpmath.log(1 / d))


def a_min(beta, delta):
    """The condition on a in Theorem th:lilucb / Lemma lem:2 (None: the denominator is <= 0)."""
    den = a_min_den(X(delta))
    return None if den <= 0 else kappa(beta, delta) / den


def a_min_proof(beta, delta, eps):
    """Lemma lem:2's last display: the denominator at delta' = rho delta."""
    d = rho(eps) * X(delta)
    if d >= 1:
        return None
    den = a_min_den(d)
    return None if den <= 0 else kappa(beta, delta) / den


def theorem_failure(eps, delta):
    """sqrt(rho delta) + 4 rho delta/(1 - rho delta); None when vacuous (rho delta >= 1 or >= 1)."""
    x = rho(eps) * X(delta)
    if x >= 1:
        return None
    b = mpmath.sqrt(x) + 4 * x / (1 - x)
    return None if b >= 1 else b


def lemma2_success(eps, delta):
    x = rho(eps) * X(delta)
    if x >= 1:
        return None
    p = 1 - mpmath.sqrt(x) - 2 * x / (1 - x)
    return None if p <= 0 else p


def lemma1_success(eps, delta):
    p = 1 - 2 * rho(eps) * X(delta)
    return None if p <= 0 else p


def certified_delta(nu, eps):
    """The delta in (0, log(1+eps)/e) with sqrt(rho delta) + 4 rho delta/(1 - rho delta) = nu."""
    r = rho(eps)
    f = lambda d: mpmath.sqrt(r * d) + 4 * r * d / (1 - r * d)
    cap = mpmath.log(1 + X(eps)) / E
    hi = min(cap, 1 / r) * (1 - mpf(10) ** -30)
    assert f(hi) > X(nu)
    return solve_increasing(f, X(nu), 0, hi)


# ---- Theorem R (docs/repaired-theorem.md): the repaired Lemma lem:2 --------------------------
#
# Transcribed from docs/repaired-theorem.md, not from the C++ code.  The upper-event sum is
# summed term by term over m (the C++ code uses its closed form); the binomial sum is the
# document's block bound sum_K q^K (C(K/alpha + 1, K+1) - C(max(K, (K-1)/alpha), K+1)) with
# mpmath's generalised binomial, summed until the terms are below 1e-70 of the total.

X_STAR = None


def x_star():
    """The root of 1 - x - sqrt(sqrt(x) log(1/x)) in (0.1, 0.2)."""
    global X_STAR
    if X_STAR is None:
        X_STAR = mpmath.findroot(a_min_den, (mpf("0.1"), mpf("0.2")), solver="anderson")
    return X_STAR


def repaired_delta_max(eps):
    return min(mpmath.log(1 + X(eps)) / E, x_star() / rho(eps))


def repaired_a_min(beta, delta, eps):
    beta, delta, eps = X(beta), mpf(delta), X(eps)
    c = ((2 + beta) / beta) ** 2
    D = mpmath.log(1 / delta)
    D1 = mpmath.log(mpmath.log(1 + eps) / delta)
    k = c * (D + mpmath.log(2 * mpmath.log(c / delta))) / D1
    return k / a_min_den(rho(eps) * delta), k


def lil_proof_mp(eps, delta):
    """lil_failure_probability_proof at an mpf delta."""
    eps = X(eps)
    x = delta / mpmath.log(1 + eps)
    s = 1 + eps
    return (2 * mpmath.zeta(s) - 1) * x**s + x ** ((1 + mpmath.sqrt(eps)) ** 2 * (1 + eps))


def repaired_failure(eps, delta):
    eps, delta = X(eps), mpf(delta)
    upper = mpf(0)
    m = 1
    while True:
        t = lil_proof_mp(eps, delta**m)
        upper += t
        if t < upper * mpf(10) ** -70:
            break
        m += 1
    q = lil_proof_mp(eps, delta)
    d = rho(eps) * delta
    alpha = d + mpmath.sqrt(mpmath.sqrt(d) * mpmath.log(1 / d))
    binsum = mpf(0)
    K = 1
    while True:
        hi = K / alpha + 1
        lo = max(mpf(K), (K - 1) / alpha)
        t = q**K * (mpmath.binomial(hi, K + 1) - mpmath.binomial(lo, K + 1))
        binsum += t
        if K > 2 and t < (upper + binsum) * mpf(10) ** -70:
            break
        K += 1
    total = upper + binsum
    return None if total >= 1 else total


def repaired_delta_nu(nu, eps):
    """The delta with repaired_failure = nu (bisection on log delta), or None when the bound
    stays below nu up to the end of the repaired range."""
    top = repaired_delta_max(eps) * (1 - mpf(10) ** -6)
    f = lambda u: (repaired_failure(eps, mpmath.exp(u)) or mpf(1))
    hi = mpmath.log(top)
    if f(hi) <= X(nu):
        return None
    lo = hi - 1
    while f(lo) > X(nu):
        lo -= 1
    for _ in range(200):
        mid = (lo + hi) / 2
        if f(mid) > X(nu):
            hi = mid
        else:
            lo = mid
    return mpmath.exp(lo)


# ---- Section 3 (H1, H3), Lemma lem:1's bound, Section 2 (Farrell) --------------------------

def gaps(means):
    m = [X(v) for v in means]
    top = max(m)
    assert sum(1 for v in m if v == top) == 1
    return [top - v for v in m], m.index(top)


def h1(means):
    g, b = gaps(means)
    return sum(1 / d**2 for i, d in enumerate(g) if i != b)


def h3(means):
    """sum log(log(c/Delta^2))/Delta^2 with c = e; a gap > 1 contributes 0 (clipped at 1)."""
    g, b = gaps(means)
    return sum(mpmath.log(mpmath.log(E / min(d**2, 1))) / d**2 for i, d in enumerate(g) if i != b)


def lemma1_bound(means, eps, beta, delta):
    """n + 8 e gamma H1 log(1/delta) + sum gamma log(2 log(gamma (1+eps)/Delta^2))/Delta^2."""
    g, b = gaps(means)
    gm = gamma(beta, eps)
    e1 = X(eps)
    total = len(means) + 8 * E * gm * h1(means) * mpmath.log(1 / X(delta))
    for i, d in enumerate(g):
        if i != b:
            total += gm * mpmath.log(2 * mpmath.log(gm * (1 + e1) / d**2)) / d**2
    return total


def lemma1_bound_proof(means, eps, beta, delta):
    """sum (8 e gamma log(1/delta)/Delta^2 + tau_i + 1),
    tau_i = gamma/Delta^2 log(2 log(gamma (1+eps)/Delta^2)/delta)."""
    g, b = gaps(means)
    gm = gamma(beta, eps)
    e1, dl = X(eps), X(delta)
    total = mpf(0)
    for i, d in enumerate(g):
        if i != b:
            tau = gm / d**2 * mpmath.log(2 * mpmath.log(gm * (1 + e1) / d**2) / dl)
            total += 8 * E * gm * mpmath.log(1 / dl) / d**2 + tau + 1
    return total


def farrell(means, delta):
    """(2 - 4 delta) sum Delta^-2 log log Delta^-2 over the terms with Delta^-2 > e."""
    g, b = gaps(means)
    s = mpf(0)
    for i, d in enumerate(g):
        if i != b and 1 / d**2 > E:
            s += mpmath.log(mpmath.log(1 / d**2)) / d**2
    return (2 - 4 * X(delta)) * s


# ---- Section 5 -------------------------------------------------------------------------------

def ls_bound(T, eps, delta, sigma, n):
    T, eps, delta, sigma = X(T), X(eps), X(delta), X(sigma)
    return (1 + mpmath.sqrt(eps)) * mpmath.sqrt(
        2 * sigma**2 * (1 + eps) * mpmath.log(2 * n * mpmath.log((1 + eps) * T + 2) / delta) / T)


def ls_union(eps, delta, n):
    """2n events, each Lemma lem:lil at delta/(2n)."""
    eps, delta = X(eps), X(delta)
    return 2 * n * (2 + eps) / eps * (delta / (2 * n * mpmath.log(1 + eps))) ** (1 + eps)


def paper_delta(nu):
    """Section 5: delta = (nu eps/(5(2+eps)))^(1/(1+eps)) with eps = 0.01 (the real 1/100)."""
    eps = mpf(1) / 100
    return (X(nu) * eps / (5 * (2 + eps))) ** (1 / (1 + eps))


def leading_constant(beta):
    beta = mpf(beta)
    return (2 + beta) ** 2 * (1 + ((2 + beta) / beta) ** 2)


# ---- output -----------------------------------------------------------------------------------

def opt(v):
    """An optional value: the literal, or NaN meaning 'nullopt' (vacuous or infeasible)."""
    return "kNone" if v is None else lit(v)


def emit():
    out = []
    w = out.append
    w("#pragma once")
    w("// GENERATED by tests/reference/make_reference.py (mpmath, 50 significant digits); do not")
    w("// edit.  Regenerate: python3 tests/reference/make_reference.py > tests/reference/reference_values.hpp")
    w("// Every value is computed from the paper's formulas, independently of the C++ code, at the")
    w("// exact double inputs listed next to it.  kNone marks std::nullopt (vacuous / infeasible).")
    w("")
    w("#include <limits>")
    w("")
    w("namespace lilucb_reference {")
    w("")
    w("inline constexpr double kNone = std::numeric_limits<double>::quiet_NaN();")
    w("")

    # lil_bound / lil_width, both inner forms.  inner: 0 lemma (c = 0), 1 plus2 (c = 2).
    lil_cases = [
        (1, 0.01, 0.001, 1, 0), (10, 0.01, 1e-6, 0.5, 0), (1000, 0.1, 0.01, 1, 0),
        (1e6, 0.5, 0.1, 2, 0), (37, 0.9, 1e-10, 0.25, 0), (1, 0.5, 0.14, 1, 0),
        (1, 0.0, 0.5, 1, 1), (1, 0.01, 0.9, 1, 1), (100, 0.1, 0.05, 0.5, 1),
        (1e9, 0.5, 1e-8, 1, 1), (2.5, 0.99, 0.999, 3, 1), (1e15, 0.25, 0.3, 0.5, 1),
    ]
    w("// Lemma lem:lil: (1+sqrt(eps)) sqrt(2 sigma^2 (1+eps) t log(log((1+eps) t + c)/delta)),")
    w("// inner 0: c = 0 (lemma), 1: c = 2 (footnote fnt:delta_foot).  width = bound / t.")
    w("struct lil_bound_case { double t, eps, delta, sigma; int inner; double bound, width; const char* bound50; };")
    w("inline constexpr lil_bound_case lil_bound_cases[] = {")
    for t, eps, delta, sigma, inner in lil_cases:
        b = lil_bound(t, eps, delta, sigma, 0 if inner == 0 else 2)
        w(f"    {{{flt(t)}, {flt(eps)}, {flt(delta)}, {flt(sigma)}, {inner}, {lit(b)}, {lit(b / X(t))},")
        w(f"     {slit(b)}}},")
    w("};")
    w("")

    w("// log(1+eps)/e: the end of Lemma lem:lil's delta range.")
    w("struct lil_delta_max_case { double eps, value; };")
    w("inline constexpr lil_delta_max_case lil_delta_max_cases[] = {")
    for eps in (0.01, 0.5, 0.999):
        w(f"    {{{flt(eps)}, {lit(mpmath.log(1 + X(eps)) / E)}}},")
    w("};")
    w("")

    fp_cases = [(0.01, 0.001, 0), (0.1, 0.01, 0), (0.5, 0.1, 0), (0.9, 1e-5, 0),
                (0.01, 0.5, 1), (0.5, 0.9, 1), (0.001, 1e-12, 0)]
    w("// Lemma lem:lil's failure probability (2+eps)/eps (delta/log(1+eps))^(1+eps).")
    w("struct lil_failure_case { double eps, delta; int inner; double value; const char* value50; };")
    w("inline constexpr lil_failure_case lil_failure_cases[] = {")
    for eps, delta, inner in fp_cases:
        v = lil_failure(eps, delta)
        w(f"    {{{flt(eps)}, {flt(delta)}, {inner}, {lit(v)}, {slit(v)}}},")
    w("};")
    w("")

    inv_cases = [(0.01, 0.05, 0), (0.5, 0.3, 0), (0.9, 0.1, 0), (0.1, 0.9, 1), (0.3, 1e-9, 1)]
    w("// The delta whose failure probability is p (findroot on the formula above).")
    w("struct lil_delta_for_p_case { double eps, p; int inner; double delta; };")
    w("inline constexpr lil_delta_for_p_case lil_delta_for_p_cases[] = {")
    for eps, p, inner in inv_cases:
        hi = 1 if inner == 1 else mpmath.log(1 + X(eps)) / E
        d = solve_increasing(lambda dd: (2 + X(eps)) / X(eps) * (dd / mpmath.log(1 + X(eps))) ** (1 + X(eps)),
                             X(p), 0, hi)
        w(f"    {{{flt(eps)}, {flt(p)}, {inner}, {lit(d)}}},")
    w("};")
    w("")

    proof_cases = [(0.01, 0.001), (0.1, 1e-4), (0.5, 0.1), (0.9, 0.2), (0.25, 1e-20)]
    # Cross-check mpmath's zeta with a direct sum at one point (Euler-Maclaurin via nsum).
    e_chk = mpf(0.5)
    direct = mpmath.nsum(lambda k: k ** (-(1 + e_chk)), [1, mpmath.inf], method="euler-maclaurin")
    assert abs(direct - mpmath.zeta(1 + e_chk)) < mpf(10) ** -25
    w("// What Lemma lem:lil's proof establishes: (2 zeta(1+eps) - 1) x^(1+eps) + x^((1+sqrt(eps))^2 (1+eps)),")
    w("// x = delta/log(1+eps) (Step 1 + Step 2 + the t = 1 Chernoff term).")
    w("struct lil_failure_proof_case { double eps, delta, value; const char* value50; };")
    w("inline constexpr lil_failure_proof_case lil_failure_proof_cases[] = {")
    for eps, delta in proof_cases:
        v = lil_failure_proof(eps, delta)
        w(f"    {{{flt(eps)}, {flt(delta)}, {lit(v)}, {slit(v)}}},")
    w("};")
    w("")

    ls_cases = [(1, 0.01, 0.05, 0.5, 10), (1000, 0.0, 0.1, 1, 2), (1e5, 0.5, 1e-3, 0.25, 1000),
                (3.5, 0.99, 0.999, 2, 1)]
    w("// Section 5's B_{i,T} = (1+sqrt(eps)) sqrt(2 sigma^2 (1+eps) log(2n log((1+eps) T + 2)/delta)/T).")
    w("struct ls_bound_case { double T, eps, delta, sigma; unsigned long long n; double value; const char* value50; };")
    w("inline constexpr ls_bound_case ls_bound_cases[] = {")
    for T, eps, delta, sigma, n in ls_cases:
        v = ls_bound(T, eps, delta, sigma, n)
        w(f"    {{{flt(T)}, {flt(eps)}, {flt(delta)}, {flt(sigma)}, {n}ULL, {lit(v)}, {slit(v)}}},")
    w("};")
    w("")

    lsu_cases = [(0.01, 0.05, 10), (0.5, 0.9, 1), (0.1, 0.1, 1000000)]
    w("// Section 5's stated failure probability and the 2n-event union bound behind it.")
    w("struct ls_failure_case { double eps, delta; unsigned long long n; double stated, union_sum; };")
    w("inline constexpr ls_failure_case ls_failure_cases[] = {")
    for eps, delta, n in lsu_cases:
        w(f"    {{{flt(eps)}, {flt(delta)}, {n}ULL, {lit(lil_failure(eps, delta))}, {lit(ls_union(eps, delta, n))}}},")
    w("};")
    w("")

    w("// rho(eps) = (2+eps)/eps (1/log(1+eps))^(1+eps).")
    w("struct rho_case { double eps, value; const char* value50; };")
    w("inline constexpr rho_case rho_cases[] = {")
    for eps in (0.01, 0.1, 0.5, 0.9, 1e-6):
        w(f"    {{{flt(eps)}, {lit(rho(eps))}, {slit(rho(eps))}}},")
    w("};")
    w("")

    w("// gamma(beta, eps) = 2 (2+beta)^2 (1+sqrt(eps))^2 (1+eps) (Lemma lem:1).")
    w("struct gamma_case { double beta, eps, value; const char* value50; };")
    w("inline constexpr gamma_case gamma_cases[] = {")
    for beta, eps in ((1, 0.01), (0.5, 0.5), (1.66, 0.1), (10, 0.9)):
        w(f"    {{{flt(beta)}, {flt(eps)}, {lit(gamma(beta, eps))}, {slit(gamma(beta, eps))}}},")
    w("};")
    w("")

    ka_cases = [(1, 1e-4), (0.5, 0.01), (2, 1e-10), (1, 0.5), (1.66, 0.1), (3, 0.14)]
    w("// kappa (Lemma lem:2, Step 2), the theorem's denominator 1 - d - sqrt(sqrt(d) log(1/d)) and")
    w("// a_min = kappa / denominator (kNone: denominator <= 0, infeasible).")
    w("struct a_min_case { double beta, delta, kappa, denominator, a_min; const char* kappa50; };")
    w("inline constexpr a_min_case a_min_cases[] = {")
    for beta, delta in ka_cases:
        w(f"    {{{flt(beta)}, {flt(delta)}, {lit(kappa(beta, delta))}, {lit(a_min_den(X(delta)))}, {opt(a_min(beta, delta))},")
        w(f"     {slit(kappa(beta, delta))}}},")
    w("};")
    w("")

    amp_cases = [(1, 1e-6, 0.5), (1, 1e-3, 0.01), (2, 1e-8, 0.1), (0.5, 1e-4, 0.9)]
    w("// a_min as Lemma lem:2's proof derives it: denominator at delta' = rho delta.")
    w("struct a_min_proof_case { double beta, delta, eps, value; };")
    w("inline constexpr a_min_proof_case a_min_proof_cases[] = {")
    for beta, delta, eps in amp_cases:
        w(f"    {{{flt(beta)}, {flt(delta)}, {flt(eps)}, {opt(a_min_proof(beta, delta, eps))}}},")
    w("};")
    w("")

    th_cases = [(0.01, 1e-6), (0.5, 1e-4), (0.1, 1e-3), (0.01, 1e-3), (0.9, 1e-2), (0.2, 1e-12)]
    w("// Theorem th:lilucb's failure bound sqrt(rho d) + 4 rho d/(1 - rho d), Lemma lem:2's success")
    w("// probability 1 - sqrt(rho d) - 2 rho d/(1 - rho d) and Lemma lem:1's 1 - 2 rho d.")
    w("struct theorem_case { double eps, delta, failure_bound, lemma2_success, lemma1_success; };")
    w("inline constexpr theorem_case theorem_cases[] = {")
    for eps, delta in th_cases:
        w(f"    {{{flt(eps)}, {flt(delta)}, {opt(theorem_failure(eps, delta))}, "
          f"{opt(lemma2_success(eps, delta))}, {opt(lemma1_success(eps, delta))}}},")
    w("};")
    w("")

    # Certified settings over the params table's grid (and the issue's nu = 0.1, eps = 0.01, beta = 1).
    w("// The stated-theorem delta (stated_theorem_setting): the root of sqrt(rho d) + 4 rho d/(1 - rho d) = nu (bisection +")
    w("// mpmath.findroot), and a_min(beta, delta) there.  Grid of docs/generated/params.md.")
    w("struct certified_case { double nu, eps, beta, delta, a; const char* delta50; };")
    w("inline constexpr certified_case certified_cases[] = {")
    for nu in (0.1, 0.05, 0.01, 0.001):
        for eps in (0.01, 0.1, 0.5):
            d = certified_delta(nu, eps)
            for beta in (0.5, 1.0, 1.66, 2.0):
                den = a_min_den(d)
                a = kappa_at(beta, d) / den
                w(f"    {{{flt(nu)}, {flt(eps)}, {flt(beta)}, {lit(d)}, {lit(a)}, {slit(d)}}},")
    w("};")
    w("")

    # Theorem R.
    w("// Theorem R (docs/repaired-theorem.md): repaired_failure_bound, repaired_a_min, repaired_kappa;")
    w("// kNone = vacuous.")
    w("struct repaired_case { double eps, beta, delta, failure_bound, a_min, kappa; const char* failure50; };")
    w("inline constexpr repaired_case repaired_cases[] = {")
    for eps, beta, delta in ((0.01, 1.0, 1e-10), (0.01, 1.0, 1e-7), (0.01, 1.0, 2e-6), (0.1, 0.5, 1e-8),
                             (0.1, 1.66, 1e-5), (0.5, 2.0, 1e-6), (0.5, 1.0, 1e-3), (0.9, 1.0, 1e-12),
                             (0.001, 1.0, 1e-30), (0.01, 1.0, 1e-200)):
        f = repaired_failure(eps, delta)
        am, k = repaired_a_min(beta, X(delta), eps)
        w(f"    {{{flt(eps)}, {flt(beta)}, {flt(delta)}, {opt(f)}, {lit(am)}, {lit(k)}, "
          f"{slit(f) if f is not None else 'nullptr'}}},")
    w("};")
    w("")
    w("// repaired_delta_max(eps) = min(log(1+eps)/e, x*/rho(eps)).")
    w("struct repaired_delta_max_case { double eps, value; };")
    w("inline constexpr repaired_delta_max_case repaired_delta_max_cases[] = {")
    for eps in (0.001, 0.01, 0.1, 0.5, 0.9):
        w(f"    {{{flt(eps)}, {lit(repaired_delta_max(eps))}}},")
    w("};")
    w("")
    w("// The largest delta whose repaired bound is <= nu (kNone: none below the range's end).")
    w("struct repaired_delta_nu_case { double nu, eps, delta_nu; };")
    w("inline constexpr repaired_delta_nu_case repaired_delta_nu_cases[] = {")
    for nu, eps in ((0.1, 0.01), (0.01, 0.01), (1e-6, 0.01), (0.1, 0.1), (0.1, 0.5)):
        w(f"    {{{flt(nu)}, {flt(eps)}, {opt(repaired_delta_nu(nu, eps))}}},")
    w("};")
    w("")

    # Section 5's paper setting.
    w("// Section 5's lil'UCB setting: eps = 1/100, beta = 1, a = 9, delta = (nu eps/(5(2+eps)))^(1/(1+eps)).")
    w("// delta_max = log(1+eps)/e, a_min = a_min(1, delta), rho_delta = rho(eps) delta.")
    w("struct paper_setting_case { double nu, delta, delta_max, a_min, rho_delta, failure_bound; };")
    w("inline constexpr paper_setting_case paper_setting_cases[] = {")
    for nu in (0.1, 0.05, 0.01, 0.001):
        eps = mpf(1) / 100
        d = paper_delta(nu)
        dmax = mpmath.log(1 + eps) / E
        r = (2 + eps) / eps * (1 / mpmath.log(1 + eps)) ** (1 + eps)
        c = mpf(9)
        kap = c * (1 + mpmath.log(2 * mpmath.log(c / d)) / mpmath.log(1 / d))
        am = kap / a_min_den(d)
        x = r * d
        fb = None
        if x < 1:
            b = mpmath.sqrt(x) + 4 * x / (1 - x)
            fb = None if b >= 1 else b
        w(f"    {{{flt(nu)}, {lit(d)}, {lit(dmax)}, {lit(am)}, {lit(x)}, {opt(fb)}}},")
    w("};")
    w("")

    # Instances.
    instances = [
        ("A", [0.8, 0.6, 0.5, 0.1], 0.01, 1.0, 0.05, 0.1),
        ("B", [0.3, 0.95, 0.9, 0.0, -1.5], 0.1, 1.66, 1e-3, 0.25),
        ("C", [0.25, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0], 0.5, 0.5, 0.01, 0.01),
    ]
    w("// Small instances: H1, H3 (c = e), Lemma lem:1's bound as stated and as proved, Farrell's bound.")
    w("struct instance_case { const char* name; double means[8]; int n; double eps, beta, delta,")
    w("                       farrell_delta, h1, h3, lemma1, lemma1_proof, farrell;")
    w("                       const char* h3_50; const char* lemma1_50; const char* lemma1_proof50; };")
    w("inline constexpr instance_case instance_cases[] = {")
    for name, means, eps, beta, delta, fdelta in instances:
        padded = means + [0.0] * (8 - len(means))
        ms = ", ".join(flt(v) for v in padded)
        w(f"    {{\"{name}\", {{{ms}}}, {len(means)}, {flt(eps)}, {flt(beta)}, {flt(delta)}, {flt(fdelta)},")
        w(f"     {lit(h1(means))}, {lit(h3(means))}, {lit(lemma1_bound(means, eps, beta, delta))},")
        w(f"     {lit(lemma1_bound_proof(means, eps, beta, delta))}, {lit(farrell(means, fdelta))},")
        w(f"     {slit(h3(means))},")
        w(f"     {slit(lemma1_bound(means, eps, beta, delta))},")
        w(f"     {slit(lemma1_bound_proof(means, eps, beta, delta))}}},")
    w("};")
    w("")

    # The optimal beta: real root of beta^3 + beta^2 - 2 beta - 4 = 0 (d/dbeta of the leading
    # constant (2+beta)^2 (1 + ((2+beta)/beta)^2) = 0), found with polyroots and confirmed as
    # the minimiser of the leading constant by findroot on its derivative.
    roots = mpmath.polyroots([1, 1, -2, -4], maxsteps=200, extraprec=200)
    real = [r.real for r in roots if abs(r.imag) < mpf(10) ** -40]
    assert len(real) == 1
    beta_star = real[0]
    dstar = mpmath.findroot(lambda b: mpmath.diff(leading_constant, b), mpf(1.6))
    assert abs(dstar - beta_star) < mpf(10) ** -40
    w("// The minimiser of (2+beta)^2 (1 + ((2+beta)/beta)^2): the real root of beta^3 + beta^2 - 2 beta - 4,")
    w("// its minimum value, and the second derivative there (for Brent's accuracy bound).")
    w(f"inline constexpr double optimal_beta = {lit(beta_star)};")
    w(f"inline constexpr const char* optimal_beta50 = {slit(beta_star)};")
    w(f"inline constexpr double leading_constant_min = {lit(leading_constant(beta_star))};")
    w(f"inline constexpr double leading_constant_second_derivative = "
      f"{lit(mpmath.diff(leading_constant, beta_star, 2))};")
    w("")
    w("}  // namespace lilucb_reference")
    return "\n".join(out) + "\n"


def kappa_at(beta, d):
    """kappa at an mpf delta (the certified delta is not a double)."""
    beta = X(beta)
    c = ((2 + beta) / beta) ** 2
    return c * (1 + mpmath.log(2 * mpmath.log(c / d)) / mpmath.log(1 / d))


def main():
    text = emit()
    if len(sys.argv) == 3 and sys.argv[1] == "--check":
        with open(sys.argv[2], encoding="utf-8") as f:
            if f.read() != text:
                sys.stderr.write(f"{sys.argv[2]} differs from a fresh run of {sys.argv[0]}; regenerate it.\n")
                return 1
        return 0
    if len(sys.argv) != 1:
        sys.stderr.write(__doc__)
        return 2
    sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
