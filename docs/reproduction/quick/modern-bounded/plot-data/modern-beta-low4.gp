set encoding utf8
set datafile separator whitespace
set terminal pngcairo enhanced font 'DejaVu Sans,11' size 1100,800
set output "/tmp/mbd/modern-beta-low4.png"
set logscale y
set format y '10^{%L}'
set grid xtics ytics mytics lc rgb '#dddddd'
set xlabel 'log(1/δ)'
set ylabel 'stopping time (total pulls): median, bars: quartiles'
set title "beta-low4 (K = 4, T* = 117.5)\nsolid: certified, dashed: uncertified; in colour: the recommended method and the fastest at the smallest δ" noenhanced
set key outside right top noenhanced spacing 1.1 width 1 font ',10'
set offsets graph 0.05, graph 0.05, 0, 0
set bars 2
plot "/tmp/mbd/plot-data/modern-beta-low4.dat" index 0 using 1:2 with lines lc rgb '#c8c8c8' lw 1 dt 2 title "other methods (1)", \
     "/tmp/mbd/plot-data/modern-beta-low4.dat" index 1 using 1:2:3:4 with yerrorlines lc rgb '#0072B2' lw 2 dt 2 pt 5 ps 1.1 title "tas-d-every+glr-heuristic", \
     "/tmp/mbd/plot-data/modern-beta-low4.dat" index 2 using 1:2:3:4 with yerrorlines lc rgb '#D55E00' lw 2 dt 2 pt 7 ps 1.1 title "t3c-ids+glr-heuristic", \
     "/tmp/mbd/plot-data/modern-beta-low4.dat" index 3 using 1:2:3:4 with yerrorlines lc rgb '#009E73' lw 2 dt 2 pt 9 ps 1.1 title "tas-d+glr-heuristic-ev", \
     "/tmp/mbd/plot-data/modern-beta-low4.dat" index 4 using 1:2:3:4 with yerrorlines lc rgb '#CC79A7' lw 2 dt 2 pt 11 ps 1.1 title "tas-d-every+glr-heuristic-ev", \
     "/tmp/mbd/plot-data/modern-beta-low4.dat" index 5 using 1:2:3:4 with yerrorlines lc rgb '#E69F00' lw 2 dt 2 pt 5 ps 1.1 title "t3c-ids+glr-heuristic-ev", \
     "/tmp/mbd/plot-data/modern-beta-low4.dat" index 6 using 1:2:3:4 with yerrorlines lc rgb '#56B4E9' lw 2 dt 1 pt 7 ps 1.1 title "t3c-ids+glr-pooled-eb", \
     "/tmp/mbd/plot-data/modern-beta-low4.dat" index 7 using 1:2:3:4 with yerrorlines lc rgb '#B8A800' lw 2 dt 1 pt 9 ps 1.1 title "t3c-ids+glr-pooled-kl", \
     "/tmp/mbd/plot-data/modern-beta-low4.dat" index 8 using 1:2:3:4 with yerrorlines lc rgb '#000000' lw 2 dt 1 pt 11 ps 1.1 title "t3c-ids+glr-pooled-per-arm", \
     "/tmp/mbd/plot-data/modern-beta-low4.dat" index 9 using 1:2 with lines lc rgb '#000000' lw 3 title 'lower bound T* kl(δ, 1−δ)'
unset output
set terminal svg enhanced font 'DejaVu Sans,11' size 1100,800 background '#ffffff'
set output "/tmp/mbd/modern-beta-low4.svg"
set logscale y
set format y '10^{%L}'
set grid xtics ytics mytics lc rgb '#dddddd'
set xlabel 'log(1/δ)'
set ylabel 'stopping time (total pulls): median, bars: quartiles'
set title "beta-low4 (K = 4, T* = 117.5)\nsolid: certified, dashed: uncertified; in colour: the recommended method and the fastest at the smallest δ" noenhanced
set key outside right top noenhanced spacing 1.1 width 1 font ',10'
set offsets graph 0.05, graph 0.05, 0, 0
set bars 2
plot "/tmp/mbd/plot-data/modern-beta-low4.dat" index 0 using 1:2 with lines lc rgb '#c8c8c8' lw 1 dt 2 title "other methods (1)", \
     "/tmp/mbd/plot-data/modern-beta-low4.dat" index 1 using 1:2:3:4 with yerrorlines lc rgb '#0072B2' lw 2 dt 2 pt 5 ps 1.1 title "tas-d-every+glr-heuristic", \
     "/tmp/mbd/plot-data/modern-beta-low4.dat" index 2 using 1:2:3:4 with yerrorlines lc rgb '#D55E00' lw 2 dt 2 pt 7 ps 1.1 title "t3c-ids+glr-heuristic", \
     "/tmp/mbd/plot-data/modern-beta-low4.dat" index 3 using 1:2:3:4 with yerrorlines lc rgb '#009E73' lw 2 dt 2 pt 9 ps 1.1 title "tas-d+glr-heuristic-ev", \
     "/tmp/mbd/plot-data/modern-beta-low4.dat" index 4 using 1:2:3:4 with yerrorlines lc rgb '#CC79A7' lw 2 dt 2 pt 11 ps 1.1 title "tas-d-every+glr-heuristic-ev", \
     "/tmp/mbd/plot-data/modern-beta-low4.dat" index 5 using 1:2:3:4 with yerrorlines lc rgb '#E69F00' lw 2 dt 2 pt 5 ps 1.1 title "t3c-ids+glr-heuristic-ev", \
     "/tmp/mbd/plot-data/modern-beta-low4.dat" index 6 using 1:2:3:4 with yerrorlines lc rgb '#56B4E9' lw 2 dt 1 pt 7 ps 1.1 title "t3c-ids+glr-pooled-eb", \
     "/tmp/mbd/plot-data/modern-beta-low4.dat" index 7 using 1:2:3:4 with yerrorlines lc rgb '#B8A800' lw 2 dt 1 pt 9 ps 1.1 title "t3c-ids+glr-pooled-kl", \
     "/tmp/mbd/plot-data/modern-beta-low4.dat" index 8 using 1:2:3:4 with yerrorlines lc rgb '#000000' lw 2 dt 1 pt 11 ps 1.1 title "t3c-ids+glr-pooled-per-arm", \
     "/tmp/mbd/plot-data/modern-beta-low4.dat" index 9 using 1:2 with lines lc rgb '#000000' lw 3 title 'lower bound T* kl(δ, 1−δ)'
unset output
