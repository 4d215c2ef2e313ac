#!/usr/bin/env bash
# Shogi perft and search speed against YaneuraOu in the same run: perft from the start to depth 6 (547,581,517)
# and from the matsuri position to depth 4 (516,925,165), then a 5-second search from each (one thread, 64 MB
# hash); the two engines alternated ROUNDS times (default 5) so that a noisy machine treats both alike. Prints
# each run, then the medians: perft milliseconds with the ratio ours / YaneuraOu's, and search nodes/second
# and depth with the ratio ours / YaneuraOu's. The searches differ (YaneuraOu's material build evaluates
# material only), so nodes/second compares the cost of a node, not strength.
# YaneuraOu is built outside the repository from its public sources, for example (material build, AVX2):
#   make -C source normal YANEURAOU_EDITION=YANEURAOU_ENGINE_MATERIAL COMPILER=g++ TARGET_CPU=AVX2
# Both count every legal move (YaneuraOu's `go perft` generates LEGAL_ALL, unpromoted moves included).
# Usage: bench/yaneuraou-perft.sh YANEURAOU_BINARY [MENAGERIE_BINARY] [ROUNDS]
set -euo pipefail
if [ $# -lt 1 ] || [ "$1" = --help ]; then
  echo "usage: $0 YANEURAOU_BINARY [MENAGERIE_BINARY (default build/release/menagerie)] [ROUNDS (default 5)]" >&2
  exit 2
fi
yo="$1" ours="${2:-build/release/menagerie}" rounds="${3:-5}"
for b in "$yo" "$ours"; do
  [ -x "$b" ] || { echo "$0: $b is not an executable" >&2; exit 2; }
done
start="lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
matsuri="l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
# YaneuraOu answers `go perft N` with the leaf count and "Elapsed Time = T [ms]"; it reads the whole script
# before the perft starts, so `quit` waits for the count to be printed.
yo_perft() {
  printf 'position sfen %s\ngo perft %s\nquit\n' "$1" "$2" | "$yo" 2>/dev/null |
    awk '/Nodes searched/ { n = $NF } /Elapsed Time/ { t = $4 } END { print n, t }'
}
ours_perft() {
  "$ours" perft --variant shogi --depth "$2" --sfen "$1" |
    awk '/^Nodes searched/ || /^Total/ { n = $NF } /Time \(ms\)/ { t = $4 } END { print n, t }'
}
# The last `info` line of a 5-second search: nodes/second and depth.
search_speed() {
  printf 'usi\nsetoption name %s value 64\nsetoption name Threads value 1\nisready\nposition sfen %s\ngo movetime 5000\n' \
    "$2" "$3" | { cat; sleep 6; echo quit; } | "$1" 2>/dev/null |
    awk '/^info .* nps / { for (i = 1; i < NF; ++i) { if ($i == "nps") n = $(i + 1); if ($i == "depth") d = $(i + 1) } }
         END { print n, d }'
}
for ((r = 1; r <= rounds; r++)); do
  for spec in "start" "matsuri"; do
    sfen="$start"; [ "$spec" = matsuri ] && sfen="$matsuri"
    for engine in menagerie yaneuraou; do
      if [ "$engine" = menagerie ]; then read -r nps d < <(search_speed "$ours" USI_Hash "$sfen")
      else read -r nps d < <(search_speed "$yo" USI_Hash "$sfen"); fi
      echo "round $r: $engine search $spec 5 s: $nps nodes/s, depth $d" >&2
      echo "$engine search-$spec $nps $d" >> "$log"
    done
  done
  for spec in "start 6" "matsuri 4"; do
    set -- $spec
    sfen="$start"; [ "$1" = matsuri ] && sfen="$matsuri"
    for engine in menagerie yaneuraou; do
      if [ "$engine" = menagerie ]; then read -r n ms < <(ours_perft "$sfen" "$2")
      else read -r n ms < <(yo_perft "$sfen" "$2"); fi
      echo "round $r: $engine perft $1 $2 = $n in $ms ms" >&2
      echo "$engine $1-$2 $n $ms" >> "$log"
    done
  done
done
median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
echo "medians of $rounds rounds: position leaves menagerie-ms yaneuraou-ms ratio"
for key in start-6 matsuri-4; do
  counts=$(awk -v k="$key" '$2 == k { print $3 }' "$log" | sort -u | tr '\n' ' ')
  [ "$(wc -w <<< "$counts")" = 1 ] || echo "$key: the engines disagree on the count: $counts" >&2
  mo=$(awk -v k="$key" '$1 == "menagerie" && $2 == k { print $4 }' "$log" | median)
  my=$(awk -v k="$key" '$1 == "yaneuraou" && $2 == k { print $4 }' "$log" | median)
  echo "$key ${counts% } $mo $my $(awk -v a="$mo" -v b="$my" 'BEGIN { printf "%.2f", a / b }')"
done
echo "medians of $rounds rounds: search nodes/s-menagerie nodes/s-yaneuraou ratio depth-menagerie depth-yaneuraou"
for key in search-start search-matsuri; do
  med() { awk -v k="$key" -v e="$1" -v c="$2" '$1 == e && $2 == k { print $c }' "$log" | median; }
  no=$(med menagerie 3) ny=$(med yaneuraou 3)
  echo "$key $no $ny $(awk -v a="$no" -v b="$ny" 'BEGIN { printf "%.2f", a / b }') $(med menagerie 4) $(med yaneuraou 4)"
done
