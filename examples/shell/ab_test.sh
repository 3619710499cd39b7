#!/usr/bin/env bash
# An A/B/n test through the command line: three page variants, each visit converts or not
# (Bernoulli rewards), visits run in batches, and the script is stopped halfway and restarted:
# everything it needs is in the state file.  The study stops with a certified answer at
# nu = 0.05 (docs/live-study.md: certified when the order in which outcomes are told does not
# depend on the outcomes; here every batch is told whole, in ask order).
#
# Usage: ab_test.sh [LILUCB] [WORKDIR]
#   LILUCB   the tool (default: lilucb on PATH, else build/bin/lilucb of this source tree)
#   WORKDIR  where the state goes (default: a new temporary folder)
# Reproducible: a visit's outcome is a function of the seed and the visit's id alone (not of
# which process or subshell simulates it), so every run prints the same batches and answer.
# Replace `visits` by your system.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
if [ -n "${1:-}" ]; then
  lilucb="$1"
  case "$lilucb" in */*) ;; *) lilucb="$(command -v "$lilucb" || echo "$lilucb")" ;; esac  # a bare name: from PATH
elif command -v lilucb >/dev/null; then
  lilucb="$(command -v lilucb)"
else
  lilucb="$here/../../build/bin/lilucb"
fi
if [ ! -x "$lilucb" ]; then
  echo "ab_test.sh: no lilucb tool at $lilucb: build it (bash scripts/run) or pass its path as the first argument" >&2
  exit 2
fi
work="${2:-$(mktemp -d)}"
state="$work/ab.json"
rm -f "$state" "$state.journal" "$state.lock"

# Simulated visits: reads "id arm name" lines (study ask's output) and prints "id,arm,outcome",
# variant i converting with probability rates[i]: the outcome of visit `id` is decided by the
# (id + 1)-th draw of awk's generator seeded with 2026, so it does not depend on the order or the
# process (ids arrive in increasing order; a smaller one restarts the stream).
visits() {
  awk -v rates="0.10 0.20 0.35" 'BEGIN { split(rates, p, " "); srand(2026); n = 0 }
    { if ($1 < n) { srand(2026); n = 0 }
      while (n <= $1) { u = rand(); n++ }
      print $1 "," $2 "," (u < p[$2 + 1] ? 1 : 0) }'
}

"$lilucb" study new --state "$state" --names control,green-button,short-form --model bernoulli --nu 0.05 --seed 1

# One batch: ask for 30 visits, run them, tell the outcomes as CSV lines id,arm,reward.
batch() {
  "$lilucb" study ask --state "$state" --count 30 | visits > "$work/batch.csv"
  "$lilucb" study tell --state "$state" --csv "$work/batch.csv" > /dev/null
}
done_yet() { "$lilucb" study answer --state "$state" --json | grep -q '"done": true'; }

# The first half of the test, then the process ends (a deploy, a crash, a reboot) ...
for _ in 1 2 3 4 5; do done_yet || batch; done
echo "-- after 5 batches:"
"$lilucb" study status --state "$state"
# How many more visits? The study continued 200 times in simulation from where it stands.
"$lilucb" study plan --state "$state" --runs 200 --threads 1 | grep -E "mean pulls|10-90%|would reach"
# ... a retried upload of the last batch is counted once ...
"$lilucb" study tell --state "$state" --csv "$work/batch.csv"
# ... and a new process carries on from the state file alone.
rounds=5
while ! done_yet; do
  batch
  rounds=$((rounds + 1))
  if [ "$rounds" -gt 400 ]; then echo "no answer after 400 batches" >&2; exit 1; fi
done
echo "-- answer after $rounds batches:"
"$lilucb" study answer --state "$state"
"$lilucb" study status --state "$state"
