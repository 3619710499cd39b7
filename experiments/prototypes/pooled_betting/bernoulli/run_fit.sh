#!/bin/sh
# Prior fit (seed set 1: seeds 301-306, 100 runs per cell): the practice, PK and the candidate priors.
cd "$(dirname "$0")"
run() { inst=$1; d=$2; seed=$3; shift 3
  f=results/fit_${inst}_${d}
  [ -s $f.json ] && return
  nice -n 15 /usr/bin/python3 bsim.py $inst $d 100 $seed "$@" --out $f.json > $f.txt 2> $f.err; }
R="practice pk pk-tband-9_0 pk-tband-12_0 pk-tband-15_3 pb-capE pb-bb6 pb-bb7 pb-bb8 pb-bb10"
run gk-mu2 0.1 301 $R
run gk-mu2 0.01 302 $R
run gk-mu1 0.1 303 $R
run gk-mu1 0.01 304 $R
run lowrate5 0.1 305 $R
run lowrate5 0.01 306 $R
