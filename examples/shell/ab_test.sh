#!/usr/bin/env bash
# An A/B/n test through the command line: three page variants, each visit converts or not
# (Bernoulli rewards), visits run in batches, and the script is stopped halfway and restarted:
# everything it needs is in the state file.  The study stops with a certified answer at
# nu = 0.05 (docs/live-study.md: certified when the order in which outcomes are told does not
# depend on the outcomes; here every batch is told whole, in ask order).
#
# Usage: ab_test.sh [LILUCB] [WORKDIR]   (defaults: lilucb on PATH, a temporary folder)
# The conversions are simulated with bash's $RANDOM (seeded): replace `visit` by your system.
set -euo pipefail
lilucb="${1:-lilucb}"
work="${2:-$(mktemp -d)}"
state="$work/ab.json"
rm -f "$state" "$state.lock"
RANDOM=2026

rates=(0.10 0.20 0.35)  # the true conversion rates, unknown to the study
visit() {               # one visit of variant $1: prints 1 (converted) or 0
  awk -v r="$RANDOM" -v p="${rates[$1]}" 'BEGIN { print (r / 32768 < p) ? 1 : 0 }'
}

"$lilucb" study new --state "$state" --names control,green-button,short-form --model bernoulli --nu 0.05 --seed 1

# One batch: ask for 30 visits, run them, tell the outcomes as CSV lines id,arm,reward.
batch() {
  "$lilucb" study ask --state "$state" --count 30 |
    while read -r id arm name; do echo "$id,$arm,$(visit "$arm")"; done > "$work/batch.csv"
  "$lilucb" study tell --state "$state" --csv "$work/batch.csv" > /dev/null
}
done_yet() { "$lilucb" study answer --state "$state" --json | grep -q '"done": true'; }

# The first half of the test, then the process ends (a deploy, a crash, a reboot) ...
for _ in 1 2 3 4 5; do done_yet || batch; done
echo "-- after 5 batches:"
"$lilucb" study status --state "$state"
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
