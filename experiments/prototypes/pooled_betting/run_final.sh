#!/bin/sh
# Headline measurement of the chosen prior (capE) on FRESH seeds (the prior was chosen on seeds 101-104).

run() { inst=$1; d=$2; seed=$3; tag=$4; shift 4
  f=results/final_$(echo $inst | sed 's/beta-//')_${d}_$tag
  [ -s $f.json ] && return
  ( time nice -n 10 /usr/bin/python3 sim.py $inst $d 200 $seed "$@" --out $f.json ) > $f.txt 2> $f.err; }
for cell in "beta-mu1 0.1 201" "beta-mu1 0.01 202" "beta-low4 0.1 203" "beta-low4 0.01 204"; do
  set -- $cell
  run $1 $2 $3 a practice PE ev-logdelta
  run $1 $2 $3 b hat32-capE hat32-capE-union hat32-capE-unpooled hat32-wide
  run $1 $2 $3 c oracle32
done
