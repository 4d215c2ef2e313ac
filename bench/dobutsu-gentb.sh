#!/usr/bin/env bash
# The complete Dobutsu table against clausecker/dobutsu's `gentb` in the same run: each builds its table of
# every position with 2 threads, alternated ROUNDS times (default 3) so that a noisy machine treats both alike.
# Prints each run (wall seconds, peak resident memory, file size), then the medians and the ratios ours / gentb,
# and the time our engine takes to load its table (a USI session that loads it, less one that does not).
# gentb is built outside the repository from its public sources (`make gentb`); it covers every legal position.
# Usage: bench/dobutsu-gentb.sh GENTB_BINARY [MENAGERIE_BINARY (build/release/menagerie)] [ROUNDS] [WORK_DIR]
set -euo pipefail
if [ $# -lt 1 ] || [ "$1" = --help ]; then
  sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
fi
gentb="$1" ours="${2:-build/release/menagerie}" rounds="${3:-3}" dir="${4:-$(mktemp -d)}"
for b in "$gentb" "$ours"; do
  [ -x "$b" ] || { echo "$0: $b is not an executable" >&2; exit 2; }
done
mkdir -p "$dir"
# "seconds kilobytes" of a command, from GNU time.
measure() { /usr/bin/time -f "%e %M" -o "$dir/time.txt" "$@" > "$dir/out.txt" 2> "$dir/err.txt" && cat "$dir/time.txt"; }
ours_t=() ours_m=() gentb_t=() gentb_m=()
for r in $(seq 1 "$rounds"); do
  read -r t m < <(measure "$gentb" -j 2 "$dir/gentb.tb")
  gentb_t+=("$t") gentb_m+=("$m")
  echo "round $r: gentb -j 2      $t s, $((m / 1024)) MiB, file $(stat -c %s "$dir/gentb.tb") bytes"
  read -r t m < <(measure "$ours" solve dobutsu --threads 2 --out "$dir/ours.mtb")
  ours_t+=("$t") ours_m+=("$m")
  echo "round $r: menagerie solve $t s, $((m / 1024)) MiB, file $(stat -c %s "$dir/ours.mtb") bytes"
done
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
mt_o=$(median "${ours_t[@]}") mt_g=$(median "${gentb_t[@]}") mm_o=$(median "${ours_m[@]}") mm_g=$(median "${gentb_m[@]}")
echo "median time:   ours $mt_o s, gentb $mt_g s, ratio $(awk -v a="$mt_o" -v b="$mt_g" 'BEGIN { printf "%.2f", a / b }')"
echo "median memory: ours $((${mm_o%.*} / 1024)) MiB, gentb $((${mm_g%.*} / 1024)) MiB (peak resident)"
echo "files:         ours $(stat -c %s "$dir/ours.mtb") bytes, gentb $(stat -c %s "$dir/gentb.tb") bytes"
# Load time: a session that loads the table and answers isready, less one without a table (medians of 5).
session() {
  printf 'usi\nsetoption name UCI_Variant value dobutsu\nsetoption name TablebaseFile value %s\nisready\nquit\n' "$1" |
    /usr/bin/time -f "%e" -o "$dir/time.txt" "$ours" > /dev/null && cat "$dir/time.txt"
}
with=() without=()
for r in 1 2 3 4 5; do
  with+=("$(session "$dir/ours.mtb")")
  without+=("$(session none)")
done
echo "load time:     $(awk -v a="$(median "${with[@]}")" -v b="$(median "${without[@]}")" 'BEGIN { printf "%.2f", a - b }') s (median of 5, the file in the page cache)"
