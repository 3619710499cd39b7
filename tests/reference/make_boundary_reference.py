#!/usr/bin/env python3
"""Independent reference values for the boundary tests (tests/boundaries/).

Every formula is transcribed from its source, never from the C++ code, and evaluated with
mpmath at 50 significant digits:
  - polynomial stitching: Howard, Ramdas, McAuliffe, Sekhon (2021), Theorem 1, eq. (10), as the
    largest root u of u = k1 sqrt(v' l) + k2 c l / ... solved here as the quadratic
    (u - k2 c l)^2 = k1^2 v' l  (mpmath.findroot on the quadratic, not the closed form);
  - normal mixtures: the mixture integrals themselves, M(s, v) = int exp(l s - l^2 v/2) F(dl)
    with F = N(0, 1/rho) (two-sided) or its half-normal restriction (one-sided), integrated by
    mpmath.quad, and the radius found by mpmath.findroot on M(u, v) = 1/alpha;
  - Kaufmann & Koolen's C_G: minimised by mpmath.findroot on the derivative (mpmath.diff);
  - the Brownian bounds by mpmath.quad of the Gaussian law of B_T.
Inputs are Python floats, i.e. the exact doubles the C++ tests pass.

Usage:
    python3 make_boundary_reference.py > boundary_reference_values.hpp
    python3 make_boundary_reference.py --check boundary_reference_values.hpp
"""

import sys

import mpmath
from mpmath import mp, mpf

mp.dps = 50


def X(x):
    return mpf(float(x))


def lit(x):
    x = mpf(x)
    if x == 0:
        return "0.0"
    return mpmath.nstr(x, 30, min_fixed=1, max_fixed=0).replace("e+", "e")


def slit(x):
    return '"' + mpmath.nstr(mpf(x), 45, min_fixed=1, max_fixed=0).replace("e+", "e") + '"'


def flt(x):
    return repr(float(x))


# ---- polynomial stitching -------------------------------------------------------------------
def stitched(v, alpha, eta, s, m, c):
    v, alpha, eta, s, m, c = map(X, (v, alpha, eta, s, m, c))
    vp = max(v, m)
    ell = s * mpmath.log(mpmath.log(eta * vp / m)) + mpmath.log(mpmath.zeta(s) / (alpha * mpmath.log(eta) ** s))
    k1 = (eta ** mpf(0.25) + eta ** mpf(-0.25)) / mpmath.sqrt(2)
    k2 = (mpmath.sqrt(eta) + 1) / 2
    # Theorem 1: S_t >= k1 sqrt(V l) + k2 c l is crossed with probability <= alpha; the radius
    # in V' = max(V, m) form used by confseq solves (u - k2 c l)^2 = k1^2 v' l + (k2 c l)^2 ... we
    # solve the quadratic u^2 - 2 k2 c l u - k1^2 v' l = 0 for its positive root numerically.
    f = lambda u: u * u - 2 * k2 * c * ell * u - k1 * k1 * vp * ell
    guess = k1 * mpmath.sqrt(vp * ell) + 2 * k2 * c * ell + 1
    return mpmath.findroot(f, guess)


# ---- normal mixtures ------------------------------------------------------------------------
def rho_for(v_opt, alpha_opt, two_sided):
    v_opt, a = X(v_opt), X(alpha_opt)
    if not two_sided:
        a = 2 * a
    l = mpmath.log(1 / a)
    return v_opt / (2 * l + mpmath.log(1 + 2 * l))


def mixture_M(s, v, rho, two_sided):
    """int exp(l s - l^2 v/2) dF(l), F = N(0, 1/rho), or 2 N(0, 1/rho) on l > 0."""
    dens = lambda l: mpmath.sqrt(rho / (2 * mpmath.pi)) * mpmath.exp(-rho * l * l / 2)
    g = lambda l: mpmath.exp(l * s - l * l * v / 2) * dens(l)
    if two_sided:
        return mpmath.quad(g, [-mpmath.inf, 0, mpmath.inf])
    return 2 * mpmath.quad(g, [0, mpmath.inf])


def mixture_radius(v, alpha, rho, two_sided):
    v, alpha, rho = X(v), X(alpha), mpf(rho)
    f = lambda u: mpmath.log(mixture_M(u, v, rho, two_sided)) - mpmath.log(1 / alpha)
    # bracket by doubling, then the Anderson-Bjorck solver on the bracket
    lo, hi = mpf(0), mpmath.sqrt(v + rho)
    while f(hi) < 0:
        lo, hi = hi, 2 * hi
    return mpmath.findroot(f, (lo, hi), solver="anderson")


def mixture_tail(vT, alpha, rho, two_sided):
    """E[min(1, alpha M(S_T, v_T))], S_T ~ N(0, v_T), by quadrature over S_T."""
    vT, alpha, rho = X(vT), X(alpha), mpf(rho)
    u = mixture_radius(vT, alpha, rho, two_sided)
    sd = mpmath.sqrt(vT)
    pdf = lambda x: mpmath.npdf(x, 0, sd)
    # M in closed form here (the radius above came from the integral form): the two agree,
    # which the radius rows already check through the root.
    def M(x):
        if two_sided:
            return mpmath.sqrt(rho / (vT + rho)) * mpmath.exp(x * x / (2 * (vT + rho)))
        return (mpmath.sqrt(4 * rho / (vT + rho)) * mpmath.exp(x * x / (2 * (vT + rho)))
                * mpmath.ncdf(x / mpmath.sqrt(vT + rho)))
    inside = lambda x: alpha * M(x) * pdf(x)
    if two_sided:
        mid = mpmath.quad(inside, [-u, 0, u])
        return mid + 2 * mpmath.ncdf(-u / sd)
    return mpmath.quad(inside, [-mpmath.inf, 0, u]) + mpmath.ncdf(-u / sd)


# ---- Kaufmann & Koolen ----------------------------------------------------------------------
def g_G(l):
    return 2 * l - 2 * l * mpmath.log(4 * l) + mpmath.log(mpmath.zeta(2 * l)) - mpmath.log(1 - l) / 2


def C_G(x):
    x = X(x)
    h = lambda l: (g_G(l) + x) / l
    # the minimiser: a zero of h'; start from the best point of a coarse scan
    grid = [mpf(1) / 2 + mpf(k) / 2000 for k in range(1, 1000)]
    l0 = min(grid, key=h)
    # h'(l) = (g'(l) l - g(l) - x)/l^2 with g'(l) = -2 log(4l) + 2 zeta'(2l)/zeta(2l) + 1/(2(1-l))
    dg = lambda l: -2 * mpmath.log(4 * l) + 2 * mpmath.zeta(2 * l, 1, 1) / mpmath.zeta(2 * l) + 1 / (2 * (1 - l))
    dh = lambda l: dg(l) * l - g_G(l) - x
    lstar = mpmath.findroot(dh, (l0 - mpf(1) / 2000, min(l0 + mpf(1) / 2000, 1 - mpf(10) ** -30)), solver="anderson")
    return h(lstar)


def glr(t, delta, K):
    t, delta, K = X(t), X(delta), X(K)
    return 2 * C_G(mpmath.log((K - 1) / delta) / 2) + 4 * mpmath.log(4 + mpmath.log(t / 2))


def glr_heuristic(t, delta):
    t, delta = X(t), X(delta)
    return mpmath.log((1 + mpmath.log(t)) / delta)


# ---- linear boundaries ----------------------------------------------------------------------
def linear_tail(T, a, b, sigma):
    """int min(1, exp(-2 b (m - x)/sigma^2)) dN(0, sigma^2 T)(x), m = a + b T."""
    T, a, b, sigma = map(X, (T, a, b, sigma))
    m = a + b * T
    sd = sigma * mpmath.sqrt(T)
    f = lambda x: mpmath.exp(-2 * b * (m - x) / sigma ** 2) * mpmath.npdf(x, 0, sd)
    return mpmath.quad(f, [-mpmath.inf, 0, m]) + (1 - mpmath.ncdf(m / sd))


def emit(out, name, rows, header, fmt):
    out.append(f"// {header}")
    out.append(f"inline constexpr std::array<{name}_row, {len(rows)}> {name}{{{{")
    for r in rows:
        out.append("    {" + ", ".join(fmt(r)) + "},")
    out.append("}};")
    out.append("")


def main():
    out = ["// Generated by tests/reference/make_boundary_reference.py (mpmath, 50 digits): do not edit.",
           "#pragma once", "#include <array>", "", "namespace lilucb_boundary_reference {", ""]

    out.append("struct stitched_row { double v, alpha, eta, s, m, c, radius; const char* radius50; };")
    rows = []
    for (v, alpha, eta, s, m, c) in [(1.0, 0.05, 2.0, 1.4, 1.0, 0.0), (10.0, 0.05, 2.0, 1.4, 1.0, 0.0),
                                     (1e3, 0.01, 2.0, 1.4, 1.0, 0.0), (1e5, 0.001, 2.0, 1.4, 1.0, 0.0),
                                     (1e9, 1e-6, 2.0, 1.4, 1.0, 0.0), (0.5, 0.1, 2.0, 1.4, 1.0, 0.0),
                                     (50.0, 0.05, 1.5, 2.0, 4.0, 0.0), (1e4, 0.05, 2.0, 1.4, 1.0, 0.5),
                                     (3e2, 0.2, 3.0, 1.1, 0.25, 2.0)]:
        r = stitched(v, alpha, eta, s, m, c)
        rows.append((v, alpha, eta, s, m, c, r))
    emit(out, "stitched", rows, "Howard et al. (2021) Theorem 1, eq. (10)",
         lambda r: [flt(x) for x in r[:6]] + [lit(r[6]), slit(r[6])])

    out.append("struct mixture_row { double v, alpha, v_opt, alpha_opt; bool two_sided; double rho, radius; const char* radius50; };")
    rows = []
    for (v, alpha, v_opt, alpha_opt, two) in [(1.0, 0.05, 100.0, 0.05, True), (100.0, 0.05, 100.0, 0.05, True),
                                              (1e5, 0.001, 100.0, 0.001, True), (10.0, 0.01, 1e3, 0.05, True),
                                              (1.0, 0.05, 100.0, 0.05, False), (100.0, 0.05, 100.0, 0.05, False),
                                              (1e5, 0.001, 100.0, 0.001, False), (10.0, 0.01, 1e3, 0.05, False),
                                              (1e8, 1e-6, 1e4, 1e-6, False)]:
        rho = rho_for(v_opt, alpha_opt, two)
        r = mixture_radius(v, alpha, rho, two)
        rows.append((v, alpha, v_opt, alpha_opt, two, rho, r))
    emit(out, "mixture", rows, "normal mixtures: the mixture integral solved for M(u, v) = 1/alpha",
         lambda r: [flt(x) for x in r[:4]] + ["true" if r[4] else "false", lit(r[5]), lit(r[6]), slit(r[6])])

    out.append("struct mixture_tail_row { double vT, alpha, v_opt; bool two_sided; double tail; };")
    rows = []
    for (vT, alpha, v_opt, two) in [(100.0, 0.05, 100.0, True), (1e4, 0.01, 100.0, True),
                                    (100.0, 0.05, 100.0, False), (1e4, 0.01, 100.0, False)]:
        rho = rho_for(v_opt, alpha, two)
        rows.append((vT, alpha, v_opt, two, mixture_tail(vT, alpha, rho, two)))
    emit(out, "mixture_tail", rows, "E[min(1, alpha M(S_T, v_T))] by quadrature over S_T",
         lambda r: [flt(x) for x in r[:3]] + ["true" if r[3] else "false", lit(r[4])])

    out.append("struct calibration_gaussian_row { double x, value; const char* value50; };")
    rows = [(x, C_G(x)) for x in [0.0, 0.5, 1.0, 3.0, 10.0, 100.0]]
    emit(out, "calibration_gaussian", rows, "Kaufmann & Koolen C_G(x), minimiser from mpmath.findroot on the derivative",
         lambda r: [flt(r[0]), lit(r[1]), slit(r[1])])

    out.append("struct glr_row { double t, delta, K, value, heuristic; };")
    rows = [(t, d, K, glr(t, d, K), glr_heuristic(t, d)) for (t, d, K) in
            [(1.0, 0.1, 2.0), (10.0, 0.05, 2.0), (1e3, 0.01, 10.0), (1e6, 1e-6, 100.0)]]
    emit(out, "glr", rows, "beta(t, delta) = 2 C_G(log((K-1)/delta)/2) + 4 log(4 + log(t/2)); log((1+log t)/delta)",
         lambda r: [flt(x) for x in r[:3]] + [lit(r[3]), lit(r[4])])

    out.append("struct linear_tail_row { double T, a, b, sigma, tail, brownian; };")
    rows = [(T, a, b, s, linear_tail(T, a, b, s), mpmath.exp(-2 * X(a) * X(b) / X(s) ** 2)) for (T, a, b, s) in
            [(1.0, 2.0, 0.2, 1.0), (100.0, 2.0, 0.2, 1.0), (1e4, 1.0, 0.05, 2.0), (10.0, 0.0, 0.5, 1.0)]]
    emit(out, "linear_tail", rows, "Brownian linear boundary: tail after T by quadrature; exp(-2ab/sigma^2)",
         lambda r: [flt(x) for x in r[:4]] + [lit(r[4]), lit(r[5])])

    out.append("}  // namespace lilucb_boundary_reference")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    text = main()
    if len(sys.argv) == 3 and sys.argv[1] == "--check":
        with open(sys.argv[2]) as f:
            if f.read() != text:
                sys.stderr.write("boundary_reference_values.hpp is stale: regenerate it\n")
                sys.exit(1)
        sys.exit(0)
    sys.stdout.write(text)
