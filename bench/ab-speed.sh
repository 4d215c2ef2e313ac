#!/usr/bin/env bash
# Speed of two builds of the engine, alternated so that a noisy machine treats both alike: perft (shogi 6,
# tori 6, Dobutsu 10, Jungle 7) and bench nodes/second, ROUNDS rounds (default 5), then the medians.
# Usage: bench/ab-speed.sh OLD_BINARY NEW_BINARY [ROUNDS]
set -euo pipefail
if [ $# -lt 2 ]; then
  echo "usage: $0 OLD_BINARY NEW_BINARY [ROUNDS]" >&2
  exit 2
fi
old="$1" new="$2" rounds="${3:-5}"
log="$(mktemp)"
for ((r = 1; r <= rounds; r++)); do
  for tag in old new; do
    bin="$old"; [ "$tag" = new ] && bin="$new"
    for spec in "shogi 6" "torishogi 6" "dobutsu 10" "jungle 7"; do
      set -- $spec
      ms=$("$bin" perft --variant "$1" --depth "$2" | awk '/Time \(ms\)/ {print $4}')
      echo "$tag perft-$1-$2-ms $ms" | tee -a "$log" >&2
    done
    # bench prints one block per game, in the registry's order, then the total.
    "$bin" bench 2>/dev/null | awk -v tag="$tag" '
      /^Position 1\// { split($0, w, /[()]/); games[++n] = w[2] }
      /Nodes\/second/ { ++k; print tag " bench-nps-" (k <= n ? games[k] : "total") " " $3 }' | tee -a "$log" >&2
  done
done
median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
echo "median of $rounds rounds: measure old new new/old"
for key in $(awk '{ print $2 }' "$log" | sort -u); do
  mo=$(awk -v k="$key" '$1 == "old" && $2 == k { print $3 }' "$log" | median)
  mn=$(awk -v k="$key" '$1 == "new" && $2 == k { print $3 }' "$log" | median)
  echo "$key $mo $mn $(awk -v a="$mo" -v b="$mn" 'BEGIN { printf "%.3f", b / a }')"
done
rm -f "$log"
