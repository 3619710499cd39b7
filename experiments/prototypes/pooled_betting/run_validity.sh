#!/bin/sh
# Validity at delta = 1/2 (500 runs per cell) and the direct supermartingale check; after the final cells.
while pgrep -f "run_final.sh" >/dev/null; do sleep 30; done
s=11
for cv in "A-t3c 12000" "A-uniform 12000" "A-starve 6000" "B-t3c 12000" "B-starve 6000" "C-t3c 12000"; do
  set -- $cv; s=$((s+1))
  [ -s results/validity_$1.json ] && continue
  ( time nice -n 10 /usr/bin/python3 validity.py $1 500 $s $2 ) > results/validity_$1.txt 2> results/validity_$1.err
done
for cv in "A starve" "A t3c-ids" "B starve" "mu1 t3c-ids" "low4 uniform"; do
  set -- $cv
  f=results/mart_$1_$2.txt
  [ -s $f ] && continue
  ( time nice -n 10 /usr/bin/python3 validity_mart.py $1 $2 4000 5000 7 capE ) > $f 2>&1
done
