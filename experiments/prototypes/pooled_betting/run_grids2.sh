#!/bin/sh
while pgrep -f "run_grids.sh" >/dev/null; do sleep 20; done
for cell in "beta-mu1 0.1 101" "beta-low4 0.1 103" "beta-mu1 0.01 102" "beta-low4 0.01 104"; do
  set -- $cell
  f=results/$(echo $1 | sed 's/beta-//')_$2_g2
  [ -s $f.json ] && continue
  ( time nice -n 10 /usr/bin/python3 sim.py $1 $2 200 $3 hat32-capD hat32-capE --out $f.json ) > $f.txt 2> $f.err
done
