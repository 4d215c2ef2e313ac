#!/usr/bin/env bash
# Taikyoku's figures in one run (Release build): perft from the start to depth 3 with its times (median of
# RUNS), the legal moves generated per second at the start's children (perft 2: 509 positions, each generated
# whole), the engine's resident memory with a 256 MB hash after a search, and the depth a 10 s search reaches
# from the start and from the bench's middle game.
#   bench/taikyoku-report.sh [BINARY] [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
bin="${1:-build/release/menagerie}"
runs="${2:-3}"
median() { sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }

for depth in 1 2 3; do
  times=()
  for ((i = 0; i < runs; ++i)); do
    out="$("$bin" perft --variant taikyoku --depth "$depth")"
    times+=("$(sed -n 's/^Time (ms) *: //p' <<<"$out")")
  done
  nodes="$(sed -n 's/^Nodes searched: //p' <<<"$out")"
  ms="$(printf '%s\n' "${times[@]}" | median)"
  echo "perft $depth: $nodes in $ms ms (median of $runs)$( [ "$ms" -gt 0 ] && echo ", $((nodes / ms / 1000)) M leaves/s")"
done

middle="$(sed -n '/kMiddleGame =/,/;/p' engine/taikyoku/bench.hpp | grep -o '"[^"]*"' | tr -d '"' | tr -d '\n')"
search() {  # search POSITION_COMMAND -> the last info line of a 10 s search
  { echo 'setoption name USI_Variant value taikyoku'; echo 'setoption name USI_Hash value 256'; echo isready
    echo "$1"; echo 'go movetime 10000'; sleep 11; echo quit; } | "$bin" | grep '^info depth' | tail -1 | cut -c1-120
}
echo "start, 10 s: $(search 'position startpos')"
echo "middle game, 10 s: $(search "position sfen $middle")"
rss="$({ { echo 'setoption name USI_Variant value taikyoku'; echo 'setoption name USI_Hash value 256'; echo isready
          echo 'position startpos'; echo 'go movetime 5000'; sleep 6; echo quit; } | /usr/bin/time -f '%M' "$bin" >/dev/null; } 2>&1 | tail -1)"
echo "resident memory with a 256 MB hash after a 5 s search: $((rss / 1024)) MB"
