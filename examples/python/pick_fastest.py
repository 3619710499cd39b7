#!/usr/bin/env python3
"""Which implementation of a task most often finishes under a latency bound on this machine?  A
certified answer from measurements, with the ask-tell study lilucb.Identification.

    PYTHONPATH=build/python python3 examples/python/pick_fastest.py [--max-pulls N] [--seed S]

The task: sort a list of random integers (a fresh list per run).  The arms: three real
implementations, Python's sorted() (Timsort in C), a heap sort with heapq, and an insertion sort in
pure Python.  The latency bound b is the median latency of a few warm-up runs of every arm, so that
the arms' rates of finishing within b differ.  Each pull runs one implementation once; its reward is
1 if it finished within b and 0 otherwise (model="bernoulli"), and the study (nu = 0.05) stops when
its stopping rule certifies the arm with the highest rate: P(wrong answer) <= nu.  The script then
prints the evidence (each arm's pulls and rate, each challenger's statistic against its threshold)
and the certificate.  With --max-pulls too small to stop, it prints where the study stands and says
that the answer is not certified yet (exit status 0 either way).

Why one pull at a time (ask, run, tell), never several timings in flight: the certificate needs the
order in which rewards arrive not to depend on their values (docs/live-study.md, Condition A and
Proposition L).  A latency is a delay: among runs in flight the fast ones finish first, so telling
them as they complete would tell the good rewards first, a value-dependent order that can push the
error rate to about 1 (docs/live-study.md, "A value-dependent arrival order").  Measured
synchronously, each reward is told before the next ask and the arrival order is the ask order.  A
run over the bound is told as a 0, never dropped.  The machine's load drifting during the study is
another matter (the arms' laws should not change while it runs): keep the machine otherwise quiet.
"""

import argparse
import heapq
import random
import statistics
import sys
import time

import lilucb


def timsort(xs):
    return sorted(xs)


def heap_sort(xs):
    h = list(xs)
    heapq.heapify(h)
    return [heapq.heappop(h) for _ in range(len(h))]


def insertion_sort(xs):
    out = list(xs)
    for i in range(1, len(out)):
        x = out[i]
        j = i - 1
        while j >= 0 and out[j] > x:
            out[j + 1] = out[j]
            j -= 1
        out[j + 1] = x
    return out


ARMS = {"sorted": timsort, "heapq": heap_sort, "insertion": insertion_sort}


def latency(f, data):
    """Seconds for one run of f on data (one synchronous measurement)."""
    start = time.perf_counter()
    f(data)
    return time.perf_counter() - start


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--max-pulls", type=int, default=1_000_000, help="pull budget (default 10^6)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the inputs and of the sampling rule (default 1)")
    ap.add_argument("--size", type=int, default=300, help="length of the lists sorted (default 300)")
    ap.add_argument("--warmup", type=int, default=15, help="warm-up runs per arm for the bound (default 15)")
    ap.add_argument("--nu", type=float, default=0.05, help="target error probability (default 0.05)")
    args = ap.parse_args()
    if args.max_pulls < 0 or args.size < 1 or args.warmup < 1:
        ap.error("--max-pulls must be >= 0, --size and --warmup >= 1")
    names = list(ARMS)
    try:
        study = lilucb.Identification(arms=names, model="bernoulli", nu=args.nu, seed=args.seed)
    except lilucb.DomainError as e:
        ap.error(str(e))
    inputs = random.Random(args.seed)

    def fresh_input():
        return [inputs.randrange(1_000_000) for _ in range(args.size)]

    sample = fresh_input()
    assert all(f(sample) == sorted(sample) for f in ARMS.values()), "an implementation is wrong"

    # The bound: the median latency of the warm-up runs of all arms (round robin, so that a drift
    # of the machine during the warm-up touches every arm alike).
    warm = [latency(ARMS[name], fresh_input()) for _ in range(args.warmup) for name in names]
    bound = statistics.median(warm)
    print(f"task: sort {args.size} random integers; arms: {', '.join(names)}")
    print(f"latency bound b = {bound * 1e6:.1f} us (median of {len(warm)} warm-up runs); "
          f"reward 1 when a run finishes within b")
    print(f"study: {study.method}, nu = {study.nu}, at most {args.max_pulls} pulls\n")
    successes = [0] * len(names)
    for _ in range(args.max_pulls):
        if study.done:
            break
        arm = study.ask()
        data = fresh_input()  # drawn before the run: the input does not depend on any reward
        reward = int(latency(ARMS[names[arm]], data) <= bound)
        successes[arm] += reward
        study.tell(arm, reward)  # told before the next ask: the arrival order is the ask order

    st = study.status()
    answer = study.answer()
    evidence = {e.arm: e for e in answer.evidence}
    print(f"{'arm':<10} {'pulls':>6} {'within b':>9} {'rate':>6}   statistic vs threshold")
    for i, name in enumerate(names):
        if i == answer.best_arm:
            versus = "(the answer)" if answer.done else "(the leader)"
        elif i in evidence:
            e = evidence[i]
            versus = f"{e.statistic:9.3f} {'>=' if e.statistic >= e.threshold else '<':>2} {e.threshold:.3f}"
        else:
            versus = "-"
        rate = f"{st.means[i]:.3f}" if st.pulls[i] else "-"
        print(f"{name:<10} {st.pulls[i]:>6} {successes[i]:>9} {rate:>6}   {versus}")
    if answer.evidence_note:
        print(f"({answer.evidence_note})")
    print()
    if answer.done:
        kind = "certified" if answer.certified else "not certified (a heuristic stopping rule)"
        print(f"answer: {answer.best_name}, {kind}, after {st.total_pulls} pulls")
        print(f"certificate: {answer.certificate}")
    else:
        more = ("" if st.remaining_estimate is None
                else f"; pulls still needed by T*(rates) log(1/nu), a rough guide: {st.remaining_estimate:.0f}")
        print(f"not certified yet: the budget of {args.max_pulls} pulls ended before the stopping rule fired "
              f"(leader so far: {names[st.leader]}{more}).  Rerun with a larger --max-pulls.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
