#!/usr/bin/env bash
# Lazy SMP scaling: each game's bench with 1 thread and with N threads (default 2), alternated, ROUNDS times
# (default 5); prints the medians of nodes/second and of the time to reach the bench depth, and their ratios
# (N threads over 1: speedup of nps, and time-to-depth of 1 thread over N threads).
#   bench/threads.sh [MENAGERIE] [ROUNDS] [THREADS] [GAMES...]
# Run on an otherwise idle machine: with 2 cores, the N-thread run needs both. DEPTH=N in the environment
# searches every game to N instead of its bench depth (for games whose bench takes only milliseconds).
set -euo pipefail
bin="${1:-build/release/menagerie}"
rounds="${2:-5}"
threads="${3:-2}"
shift $(( $# > 3 ? 3 : $# ))
games=("$@")
[ ${#games[@]} -gt 0 ] || games=(dobutsu jungle shogi torishogi chushogi daishogi taikyoku)
[ -x "$bin" ] || { echo "threads.sh: no engine at '$bin' (build it: scripts/build.sh release)" >&2; exit 2; }

median() { sort -n | awk '{a[NR]=$1} END {if (NR % 2) print a[(NR+1)/2]; else print (a[NR/2]+a[NR/2+1])/2}'; }

printf '%-9s %12s %12s %7s %10s %10s %7s\n' game "nps 1T" "nps ${threads}T" ratio "ms 1T" "ms ${threads}T" "ttd"
for game in "${games[@]}"; do
  declare -a nps1=() nps2=() ms1=() ms2=()
  for ((r = 0; r < rounds; r++)); do
    # Alternate which runs first, so that a drift of the machine's load falls on both.
    order=(1 "$threads")
    (( r % 2 )) && order=("$threads" 1)
    for t in "${order[@]}"; do
      out="$("$bin" bench --variant "$game" --threads "$t" ${DEPTH:+--depth "$DEPTH"} 2>/dev/null)"
      n="$(awk -F: '/^Nodes\/second/ {gsub(/ /, "", $2); print $2}' <<<"$out")"
      m="$(awk -F: '/^Total time/ {gsub(/ /, "", $2); print $2}' <<<"$out")"
      if [ "$t" = 1 ]; then nps1+=("$n"); ms1+=("$m"); else nps2+=("$n"); ms2+=("$m"); fi
    done
  done
  a="$(printf '%s\n' "${nps1[@]}" | median)"
  b="$(printf '%s\n' "${nps2[@]}" | median)"
  c="$(printf '%s\n' "${ms1[@]}" | median)"
  d="$(printf '%s\n' "${ms2[@]}" | median)"
  printf '%-9s %12.0f %12.0f %7.2f %10.0f %10.0f %7.2f\n' "$game" "$a" "$b" "$(echo "$b / $a" | bc -l)" "$c" "$d" \
    "$(echo "$c / $d" | bc -l)"
  unset nps1 nps2 ms1 ms2
done
