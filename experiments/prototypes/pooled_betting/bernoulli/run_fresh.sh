#!/bin/sh
# Headline measurement on FRESH seeds 401-406 (the priors bb8 and tband-12_0 were chosen on seeds 301-306).
cd "$(dirname "$0")"
run() { inst=$1; d=$2; seed=$3; shift 3
  f=results/fresh_${inst}_${d}
  [ -s $f.json ] && return
  nice -n 15 /usr/bin/python3 bsim.py $inst $d 200 $seed "$@" --out $f.json > $f.txt 2> $f.err; }
R="practice glr-logdelta glr-pooled-logdelta pk pb-capE pb-bb8 pk-tband-12_0 pb-bb8-unpooled pk-tband-12_0-unpooled"
run gk-mu2 0.1 401 $R
run gk-mu2 0.01 402 $R
run gk-mu1 0.1 403 $R
run gk-mu1 0.01 404 $R
run lowrate5 0.1 405 $R
run lowrate5 0.01 406 $R
