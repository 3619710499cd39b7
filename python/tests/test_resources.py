"""Bounded resources: a plan that cannot fit in memory, or a computation estimated to take longer
than its limit, is refused with DomainError naming the argument, before anything is allocated or
computed (lilucb/resources.hpp, lilucb/boundaries/crossing_time.hpp)."""

import pytest

import lilucb


def refused(call, parameter, *words):
    with pytest.raises(lilucb.DomainError) as e:
        call()
    assert e.value.parameter == parameter, str(e.value)
    for w in words:
        assert w in str(e.value), (w, str(e.value))


def test_scenario_means_that_cannot_fit_are_refused():
    # 2^32 means are 34 GB in C++ and as many in numpy: more than any machine this runs on has.
    refused(lambda: lilucb.sparse_means(2**32), "n", "fits in memory", "GB available")
    refused(lambda: lilucb.alpha_means(2**32 - 1, 0.3), "n", "4294967296 means")


def test_run_many_results_that_cannot_fit_are_refused_before_allocating():
    means = lilucb.sparse_means(10)
    # 2^53 runs' results: runs * (row) overflows nothing because it is estimated in double first.
    refused(lambda: lilucb.run_many("lilucb-heuristic", means, 0.1, runs=2**53), "runs", "runs' results")
    # keep_counts: runs x arms counts of 8 bytes.
    big = lilucb.sparse_means(10**6)
    refused(lambda: lilucb.run_many("lilucb-heuristic", big, 0.1, runs=10**6, keep_counts=True), "keep_counts",
            "with their counts on 1000000 arms")


def test_experiment_plan_that_cannot_fit_is_refused_before_writing(tmp_path):
    out = tmp_path / "out"
    refused(lambda: lilucb.experiment("stopping-times", config={"sizes": [10**9, 2 * 10**9]}, out=str(out)),
            "sizes", "the plan's instances")
    assert not out.exists()


def test_long_crossing_computations_are_refused_with_their_estimate():
    refused(lambda: lilucb.crossing_probability("stitched", 10**7, alpha=0.05, resolution=256), "horizon",
            "max_seconds = 600 s", "its first")
    refused(lambda: lilucb.calibrate("mixture", 0.05, horizon=10**6, resolution=64, max_seconds=60), "horizon",
            "max_seconds = 60 s")
    refused(lambda: lilucb.crossing_probability("stitched", 10, alpha=0.05, max_seconds=0.0), "max_seconds")
    # Within the limit the answer is the same as without one (the estimate only times the first steps).
    a = lilucb.crossing_probability("stitched", 2000, alpha=0.05)
    b = lilucb.crossing_probability("stitched", 2000, alpha=0.05, max_seconds=1e9)
    assert a == b


def test_long_monte_carlo_counts_are_refused_with_their_estimate():
    refused(lambda: lilucb.crossing_monte_carlo("stitched", 10**6, alpha=0.05, paths=10**9), "paths",
            "paths = 1000000000", "max_seconds = 600 s", "its first")
    refused(lambda: lilucb.crossing_monte_carlo("stitched", 10, alpha=0.05, max_seconds=-1.0), "max_seconds")
    # The timed first paths change nothing: the count is that of the same paths without a limit.
    assert lilucb.crossing_monte_carlo("stitched", 100, alpha=0.05, paths=5000) == lilucb.crossing_monte_carlo(
        "stitched", 100, alpha=0.05, paths=5000, max_seconds=1e9)


def test_too_many_threads_are_named_when_one_run_at_a_time_would_fit(tmp_path):
    # 1000 runs at once on 1000 threads: 64 MiB of tables each may not fit, one at a time would.
    means = lilucb.sparse_means(10)
    refused(lambda: lilucb.run_many("lilucb-heuristic", means, 0.1, runs=1000, threads=1024), "threads",
            "1000 parallel runs")
    refused(lambda: lilucb.experiment("stopping-times", threads=1024, out=str(tmp_path / "x")), "threads",
            "parallel runs")
    assert not (tmp_path / "x").exists()
