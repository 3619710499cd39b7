#!/bin/sh
# The pooled rules again on the fresh seeds (the same sample paths, as the sampler never looks at a rule), for the
# pooled side's composition at the stop (diag columns 16-17, added after the first five fresh cells had run).
cd "$(dirname "$0")"
run() { inst=$1; d=$2; seed=$3; shift 3
  f=results/pooling_${inst}_${d}
  [ -s $f.json ] && return
  nice -n 15 /usr/bin/python3 bsim.py $inst $d 200 $seed "$@" --out $f.json > $f.txt 2> $f.err; }
R="pk pb-bb8 pk-tband-12_0"
run gk-mu2 0.1 401 $R
run gk-mu2 0.01 402 $R
run gk-mu1 0.1 403 $R
run gk-mu1 0.01 404 $R
run lowrate5 0.1 405 $R
