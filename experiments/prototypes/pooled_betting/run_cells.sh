#!/bin/sh
# The four cells of the stopping-time study (200 runs each).  The sampler's random draws do not depend on the
# stopping rules, so the rules of one cell may run in separate processes with the same seed: the sample paths
# are the same (each process stays under ~10 CPU minutes).  mu1 cells ran as one process.
run() { # instance delta seed tag rules...
  inst=$1; d=$2; seed=$3; tag=$4; shift 4
  f=results/$(echo $inst | sed 's/beta-//')_${d}_$tag
  [ -s $f.json ] && return
  ( time nice -n 10 /usr/bin/python3 sim.py $inst $d 200 $seed "$@" --out $f.json ) > $f.txt 2> $f.err
}
for cell in "beta-low4 0.1 103" "beta-low4 0.01 104"; do
  set -- $cell
  run $1 $2 $3 a practice PE ev-logdelta
  run $1 $2 $3 b hat32-band12 hat32-wide hat64-band12 hat32-band9 hat32-band15
  run $1 $2 $3 c hat32-band12-union hat32-band12-unpooled oracle32
done
