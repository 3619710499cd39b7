#!/usr/bin/env bash
# experiments/cluster/shards.sbatch and merge.sbatch run outside SLURM with the array's variables
# set by hand: the modern experiment on a tiny config in 2 shards, merged, gives the single-process
# run's runs.csv and summary.csv byte for byte (the scripts are otherwise only run on a cluster).
# Usage: cluster_scripts.sh LILUCB_BINARY SOURCE_DIR
set -euo pipefail
bin=$1
src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat > "$tmp/cfg.json" <<'JSON'
{"methods": ["lilucb-heuristic", "eb-tci+ls", "t3c-ids+glr-pooled-per-arm"], "instances": ["onegap4"],
 "deltas": [0.1, 0.01], "repetitions": 3, "seed": 3}
JSON
cd "$src"
for i in 0 1; do
  LILUCB=$bin EXPERIMENT=modern PRESET=quick CONFIG=$tmp/cfg.json OUT=$tmp/shards \
    SLURM_ARRAY_TASK_ID=$i SLURM_ARRAY_TASK_COUNT=2 SLURM_CPUS_PER_TASK=1 bash experiments/cluster/shards.sbatch
done
LILUCB=$bin OUT=$tmp/shards MERGED=$tmp/merged bash experiments/cluster/merge.sbatch > /dev/null
"$bin" experiment modern --preset quick --config "$tmp/cfg.json" --out "$tmp/whole" --threads 2 --no-plot --quiet
for f in runs.csv summary.csv; do
  cmp "$tmp/merged/$f" "$tmp/whole/$f" || { echo "FAIL: $f of the merged shards differs from the single-process run"; exit 1; }
done
rows=$(($(wc -l < "$tmp/whole/runs.csv") - 1))
[[ $rows == 18 ]] || { echo "FAIL: $rows runs, expected 3 methods x 2 deltas x 3 repetitions = 18"; exit 1; }
ls "$tmp/merged"/*.png > /dev/null || { echo "FAIL: merge.sbatch drew no plot"; exit 1; }
echo "ok: 2 shards of the modern experiment merged by the cluster scripts = the single-process run ($rows runs)"
