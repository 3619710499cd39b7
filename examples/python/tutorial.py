# %% [markdown]
# # Best-arm identification with `lilucb`: certified vs heuristic stopping
#
# A tutorial in cells: open it in VS Code or Jupyter (Jupytext reads the `# %%` markers) and run
# the cells top to bottom, or run it as a script:
#
#     PYTHONPATH=build/python python3 examples/python/tutorial.py
#
# We take two problems, a handful of Gaussian arms and a low-rate Bernoulli A/B test, and ask
# which arm has the largest mean with error probability at most `NU`.  For each we
#
# 1. compute the characteristic time T*: how hard the instance is, and the lower bound on the
#    pulls any method with error at most `NU` needs on average;
# 2. simulate many runs of the recommended **certified** method and of the field's
#    **uncertified** practice (the same sampling rule, stopping at the heuristic threshold
#    log((1 + log t)/delta));
# 3. tabulate the runs (a pandas DataFrame when pandas is installed);
# 4. plot the distributions of the stopping times;
# 5. compare pulls and error rates.
#
# Settings from the environment: `LILUCB_TUTORIAL_RUNS` (runs per method, default 200) and
# `LILUCB_TUTORIAL_OUT` (folder for the figure, default the current directory).

# %%
# Imports and settings.  The seeds are fixed, so every number printed below is reproducible
# (the results do not depend on the number of threads either).
import os

import matplotlib
import matplotlib.pyplot as plt
import numpy as np

import lilucb

try:
    import pandas as pd
except ImportError:  # the tutorial works without pandas; it only prints plainer tables
    pd = None

RUNS = int(os.environ.get("LILUCB_TUTORIAL_RUNS", 200))  # runs per (instance, method)
OUT_DIR = os.environ.get("LILUCB_TUTORIAL_OUT", ".")  # where the figure goes
NU = 0.05  # target error probability: P(wrong answer) <= NU
SEED = 2024  # run k of a call uses random stream k of this seed
MAX_PULLS = 10_000_000  # pull budget per run (a run that reaches it ends without an answer)

print(f"lilucb {lilucb.__version__}, {RUNS} runs per method, nu = {NU}, pandas: {pd is not None}")

# %% [markdown]
# ## 1. The instances and their characteristic time
#
# Each instance is its arms' means plus the reward model.  The recommended certified methods are
# `lilucb.RECOMMENDED_METHOD` (`t3c-ids+glr-pooled-weighted`, for Gaussian or sigma-sub-Gaussian
# rewards) and `lilucb.RECOMMENDED_BERNOULLI_METHOD` (`t3c-ids+glr-pooled-kl`, for rewards in
# [0, 1]).  A method is named "SAMPLING+STOPPING"; the uncertified reference keeps the sampling
# rule `t3c-ids` and uses the GLR stopping rule with the `heuristic` threshold.

# %%
# Two instances: five Gaussian arms (standard deviation sigma = 0.5) and an A/B test of two
# conversion rates, 3.5 % (control) and 5 % (variant).  For Bernoulli arms, sigma = 0.5 is the
# sub-Gaussian scale of rewards in [0, 1]; the sampling rule uses it, the certificate of
# pooled-kl does not.
INSTANCES = {
    "gaussian": dict(means=np.array([0.5, 0.4, 0.35, 0.3, 0.2]), model="gaussian", sigma=0.5,
                     certified=lilucb.RECOMMENDED_METHOD),
    "bernoulli A/B": dict(means=np.array([0.035, 0.05]), model="bernoulli", sigma=0.5,
                          certified=lilucb.RECOMMENDED_BERNOULLI_METHOD),
}
assert "heuristic" in lilucb.GLR_THRESHOLDS and "t3c-ids" in lilucb.SAMPLING_RULES
HEURISTIC = "t3c-ids+glr-heuristic"

# %%
# The characteristic time T* and the optimal proportions w* of pulls per arm
# (Garivier & Kaufmann 2016).  Any method whose error is at most NU needs on average at least
# T* kl(NU, 1 - NU) pulls; the "fixed-point" prediction is roughly where a GLR rule with the
# heuristic threshold stops when it samples in the proportions w*.
for name, instance in INSTANCES.items():
    ct = lilucb.characteristic_time(instance["means"], sigma=instance["sigma"], model=instance["model"])
    instance["lower_bound"] = lilucb.bai_lower_bound(ct.t_star, NU)
    prediction = lilucb.fixed_point_stopping_time(ct.t_star, "heuristic", delta=NU)
    print(f"{name}: means {instance['means']}, best arm {lilucb.best_arm(instance['means'])}")
    print(f"  T* = {ct.t_star:.1f}, w* = {np.round(ct.w_star, 3)}")
    print(f"  lower bound T* kl(nu, 1-nu) = {instance['lower_bound']:.0f} pulls, "
          f"fixed-point prediction (heuristic threshold) = {prediction:.0f} pulls")

# %% [markdown]
# ## 2. Many runs: certified and heuristic
#
# `lilucb.run_many` runs independent simulations on C++ threads and returns a `RunManyResult`:
# numpy arrays `pulls`, `best_arm`, `correct`, `stopped` (one entry per run), and for a
# sampling x stopping combination `certified` (True or False) and `certificate` (the statement
# the guarantee rests on).

# %%
# One call per (instance, method); each result is kept in `results[(instance, method)]`.
def simulate(instance_name, method):
    instance = INSTANCES[instance_name]
    return lilucb.run_many(method, means=instance["means"], nu=NU, runs=RUNS, sigma=instance["sigma"],
                           model=instance["model"], seed=SEED, max_pulls=MAX_PULLS)


results = {}
for name, instance in INSTANCES.items():
    for method in (instance["certified"], HEURISTIC):
        results[(name, method)] = simulate(name, method)
        result = results[(name, method)]
        print(f"{name:14s} {method:28s} certified={result.certified!s:5s} "
              f"certificate: {result.certificate.split(':')[0]}")

# %% [markdown]
# ### Progress
#
# Long simulations can report progress: `progress=True` shows a tqdm bar when tqdm is installed,
# else a line on stderr every 10 %; any callable `progress(done, total)` is called instead (from
# the calling thread, at most every 50 ms, and once at the end).

# %%
# progress=True (a bar, or lines on stderr), then a callable that records what it is told.
lilucb.run_many(HEURISTIC, means=INSTANCES["gaussian"]["means"], nu=NU, runs=RUNS, seed=SEED, progress=True)

reports = []
lilucb.run_many(HEURISTIC, means=INSTANCES["gaussian"]["means"], nu=NU, runs=RUNS, seed=SEED,
                progress=lambda done, total: reports.append((done, total)))
print(f"the callable was last told {reports[-1][0]} of {reports[-1][1]} runs done")

# %% [markdown]
# ## 3. The runs as a table
#
# `result.to_frame()` is a pandas DataFrame with one row per run (run, pulls, best_arm, correct,
# stopped, status) when pandas is importable; `result.rows()` is the same as a list of dicts and
# `result.to_json()` the whole result as JSON.

# %%
# All runs in one table, with the instance and the method as columns.
if pd is not None:
    runs_table = pd.concat([result.to_frame().assign(instance=name, method=method)
                            for (name, method), result in results.items()], ignore_index=True)
    print(runs_table.head().to_string())
    print(runs_table.groupby(["instance", "method"])["pulls"].agg(["count", "mean", "median", "max"]).to_string())
else:
    first = results[("gaussian", INSTANCES["gaussian"]["certified"])]
    for row in first.rows()[:3]:
        print(row)

# %% [markdown]
# ## 4. Stopping times and error rates
#
# A wrong answer is a run that stopped on an arm other than the best one.  With `RUNS` runs the
# error rate is an estimate: `lilucb.clopper_pearson_interval(k, m, level)` gives its exact 95 %
# Clopper-Pearson interval.

# %%
# One summary per (instance, method): pulls, wrong answers, runs that reached the budget.
def summarize(result):
    wrong = int(np.count_nonzero(result.stopped & ~result.correct))
    low, high = lilucb.clopper_pearson_interval(wrong, len(result), 0.95)
    return dict(mean_pulls=float(np.mean(result.pulls)), median_pulls=float(np.median(result.pulls)),
                wrong=wrong, error_rate=wrong / len(result), error_low=low, error_high=high,
                not_stopped=int(np.count_nonzero(~result.stopped)))


summaries = {key: summarize(result) for key, result in results.items()}
if pd is not None:
    print(pd.DataFrame([dict(instance=name, method=method, **summary)
                        for (name, method), summary in summaries.items()]).round(4).to_string(index=False))

# %%
# ECDF of the stopping times, certified vs heuristic, one panel per instance; the dotted line is
# the lower bound T* kl(nu, 1-nu).  The figure goes to OUT_DIR/tutorial_stopping_times.png.
fig, axes = plt.subplots(1, len(INSTANCES), figsize=(11, 4))
for ax, (name, instance) in zip(axes, INSTANCES.items()):
    for method in (instance["certified"], HEURISTIC):
        pulls = np.sort(results[(name, method)].pulls)
        summary = summaries[(name, method)]
        label = (f"{method}: error {summary['wrong']}/{RUNS}, "
                 f"95% CI [{summary['error_low']:.3f}, {summary['error_high']:.3f}]")
        ax.step(pulls, np.arange(1, len(pulls) + 1) / len(pulls), where="post", label=label)
    ax.axvline(instance["lower_bound"], color="gray", linestyle=":", label="lower bound T* kl(nu, 1-nu)")
    ax.set_xscale("log")
    ax.set_xlabel("pulls until the answer")
    ax.set_ylabel("fraction of runs stopped")
    ax.set_title(f"{name}, nu = {NU}, {RUNS} runs")
    ax.legend(fontsize=7, loc="upper left")
fig.tight_layout()
os.makedirs(OUT_DIR, exist_ok=True)
figure_path = os.path.join(OUT_DIR, "tutorial_stopping_times.png")
fig.savefig(figure_path, dpi=120)
print(f"figure: {figure_path}")
# Show the figure only on an interactive backend (a window, or a notebook's inline output);
# under a file-only backend such as Agg (MPLBACKEND=Agg), plt.show() would only warn.
if matplotlib.get_backend().lower() not in {"agg", "pdf", "ps", "svg", "pgf", "cairo", "template"}:
    plt.show()
else:
    plt.close(fig)

# %% [markdown]
# ## 5. Comparison
#
# **Certified** means that the stopping rule comes with a proof that P(wrong answer) <= nu, for
# any sampling rule and any instance with a unique best arm (for the Gaussian method: rewards
# sigma-sub-Gaussian with the sigma given; for the Bernoulli one: rewards in [0, 1]); the
# `certificate` printed above names the proposition (docs/certified-glr/propositions.md).  The heuristic
# threshold has no such proof: its error rate is only measured, here on `RUNS` runs.

# %%
# Pulls and error rates side by side, and what certification costs in pulls.
for name, instance in INSTANCES.items():
    certified = summaries[(name, instance["certified"])]
    heuristic = summaries[(name, HEURISTIC)]
    print(f"{name} (lower bound {instance['lower_bound']:.0f} pulls):")
    for method, summary in ((instance["certified"], certified), (HEURISTIC, heuristic)):
        print(f"  {method:28s} mean {summary['mean_pulls']:8.0f}  median {summary['median_pulls']:8.0f}  "
              f"error {summary['wrong']}/{RUNS} = {summary['error_rate']:.3f} "
              f"(95% CI [{summary['error_low']:.3f}, {summary['error_high']:.3f}])"
              + (f"  {summary['not_stopped']} runs hit the budget" if summary["not_stopped"] else ""))
    print(f"  certified / heuristic: mean {certified['mean_pulls'] / heuristic['mean_pulls']:.2f}x, "
          f"median {certified['median_pulls'] / heuristic['median_pulls']:.2f}x")
print(f"Certified: P(wrong answer) <= nu = {NU} is proved for the certified methods; "
      f"the heuristic's error rate is measured, not guaranteed.")
