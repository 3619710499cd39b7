set encoding utf8
set datafile separator whitespace
set terminal pngcairo enhanced font 'DejaVu Sans,11' size 900,650
set output "docs/reproduction/quick/modern-unknown-variance/modern-uv-spread4.png"
set multiplot title "uv-spread4 (K = 4, T* = 123.1): median stopping time of 1000 runs against log(1/δ)\nbars: 95% CI of the median (exact, order statistics; censored runs at the budget)\nsolid: certified, dashed: uncertified" noenhanced font ',11'
reset
set lmargin at screen 0.0866667
set rmargin at screen 0.975556
set bmargin at screen 0.218462
set tmargin at screen 0.833846
set logscale y
set yrange [135.22684462746074:34177.6]
set format y '10^{%L}'
set grid xtics ytics mytics lc rgb '#dddddd'
set xlabel 'log(1/δ), δ: target error probability'
set ylabel 'stopping time (total pulls)'
set title "" font ',11'
set offsets graph 0.05, graph 0.05, 0, 0
set key at screen 0.5, screen 0.129231 center top vertical maxrows 4 noenhanced spacing 1.0 width 1 font ',10'
set bars 2
plot "docs/reproduction/quick/modern-unknown-variance/plot-data/modern-uv-spread4.dat" index 4 using 1:2:3:4 with yerrorlines lc rgb '#009E73' lw 2 dt 2 pt 5 ps 1.1 title "tas-d+glr-heuristic-ev", \
     "docs/reproduction/quick/modern-unknown-variance/plot-data/modern-uv-spread4.dat" index 3 using 1:2:3:4 with yerrorlines lc rgb '#CC79A7' lw 2 dt 2 pt 9 ps 1.1 title "t3c-ids+glr-heuristic-ev", \
     "docs/reproduction/quick/modern-unknown-variance/plot-data/modern-uv-spread4.dat" index 5 using 1:2:3:4 with yerrorlines lc rgb '#E69F00' lw 2 dt 2 pt 11 ps 1.1 title "tas-d-every+glr-heuristic-ev", \
     "docs/reproduction/quick/modern-unknown-variance/plot-data/modern-uv-spread4.dat" index 1 using 1:2:3:4 with yerrorlines lc rgb '#56B4E9' lw 2 dt 1 pt 13 ps 1.1 title "t3c-ids+glr-paired-t", \
     "docs/reproduction/quick/modern-unknown-variance/plot-data/modern-uv-spread4.dat" index 2 using 1:2:3:4 with yerrorlines lc rgb '#B8A800' lw 2 dt 1 pt 4 ps 1.1 title "t3c-ids+glr-gu", \
     "docs/reproduction/quick/modern-unknown-variance/plot-data/modern-uv-spread4.dat" index 0 using 1:2:3:4 with yerrorlines lc rgb '#0072B2' lw 3.5 dt 1 pt 7 ps 1.3 title "recommended: t3c-ids-matched+glr-paired-t", \
     "docs/reproduction/quick/modern-unknown-variance/plot-data/modern-uv-spread4.dat" index 6 using 1:2:3:4 with yerrorlines lc rgb '#D55E00' lw 2.5 dt 2 pt 5 ps 1.3 title "practice: t3c-ids-matched+glr-heuristic-ev", \
     "docs/reproduction/quick/modern-unknown-variance/plot-data/modern-uv-spread4.dat" index 7 using 1:2 with lines lc rgb '#000000' lw 2.5 dt 2 title 'lower bound T* kl(δ, 1−δ)'
unset multiplot
unset output
set terminal svg enhanced font 'DejaVu Sans,11' size 900,650 background '#ffffff'
set output "docs/reproduction/quick/modern-unknown-variance/modern-uv-spread4.svg"
set multiplot title "uv-spread4 (K = 4, T* = 123.1): median stopping time of 1000 runs against log(1/δ)\nbars: 95% CI of the median (exact, order statistics; censored runs at the budget)\nsolid: certified, dashed: uncertified" noenhanced font ',11'
reset
set lmargin at screen 0.0866667
set rmargin at screen 0.975556
set bmargin at screen 0.218462
set tmargin at screen 0.833846
set logscale y
set yrange [135.22684462746074:34177.6]
set format y '10^{%L}'
set grid xtics ytics mytics lc rgb '#dddddd'
set xlabel 'log(1/δ), δ: target error probability'
set ylabel 'stopping time (total pulls)'
set title "" font ',11'
set offsets graph 0.05, graph 0.05, 0, 0
set key at screen 0.5, screen 0.129231 center top vertical maxrows 4 noenhanced spacing 1.0 width 1 font ',10'
set bars 2
plot "docs/reproduction/quick/modern-unknown-variance/plot-data/modern-uv-spread4.dat" index 4 using 1:2:3:4 with yerrorlines lc rgb '#009E73' lw 2 dt 2 pt 5 ps 1.1 title "tas-d+glr-heuristic-ev", \
     "docs/reproduction/quick/modern-unknown-variance/plot-data/modern-uv-spread4.dat" index 3 using 1:2:3:4 with yerrorlines lc rgb '#CC79A7' lw 2 dt 2 pt 9 ps 1.1 title "t3c-ids+glr-heuristic-ev", \
     "docs/reproduction/quick/modern-unknown-variance/plot-data/modern-uv-spread4.dat" index 5 using 1:2:3:4 with yerrorlines lc rgb '#E69F00' lw 2 dt 2 pt 11 ps 1.1 title "tas-d-every+glr-heuristic-ev", \
     "docs/reproduction/quick/modern-unknown-variance/plot-data/modern-uv-spread4.dat" index 1 using 1:2:3:4 with yerrorlines lc rgb '#56B4E9' lw 2 dt 1 pt 13 ps 1.1 title "t3c-ids+glr-paired-t", \
     "docs/reproduction/quick/modern-unknown-variance/plot-data/modern-uv-spread4.dat" index 2 using 1:2:3:4 with yerrorlines lc rgb '#B8A800' lw 2 dt 1 pt 4 ps 1.1 title "t3c-ids+glr-gu", \
     "docs/reproduction/quick/modern-unknown-variance/plot-data/modern-uv-spread4.dat" index 0 using 1:2:3:4 with yerrorlines lc rgb '#0072B2' lw 3.5 dt 1 pt 7 ps 1.3 title "recommended: t3c-ids-matched+glr-paired-t", \
     "docs/reproduction/quick/modern-unknown-variance/plot-data/modern-uv-spread4.dat" index 6 using 1:2:3:4 with yerrorlines lc rgb '#D55E00' lw 2.5 dt 2 pt 5 ps 1.3 title "practice: t3c-ids-matched+glr-heuristic-ev", \
     "docs/reproduction/quick/modern-unknown-variance/plot-data/modern-uv-spread4.dat" index 7 using 1:2 with lines lc rgb '#000000' lw 2.5 dt 2 title 'lower bound T* kl(δ, 1−δ)'
unset multiplot
unset output
