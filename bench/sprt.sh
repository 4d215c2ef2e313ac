#!/usr/bin/env bash
# A sequential test (SPRT) of a new build against an old one in one game: self-play from balanced random
# openings (4 plies, colours swapped), two games at a time, both with the Dobutsu tablebase off and a 10 ms move
# overhead. Stops when the test decides; prints the score, Elo with its interval and the LLR. One line of the
# result goes in bench/strength-log.md.
# Usage: bench/sprt.sh OLD_BINARY NEW_BINARY [GAME (shogi)] [TC (movetime=50)] [ELO0 (0)] [ELO1 (5)] [MAX_GAMES (4000)]
#        ELO0=-5 ELO1=0 tests a simplification (not weaker); $SEED sets the openings' seed (15).
set -euo pipefail
if [ $# -lt 2 ]; then
  sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
fi
old="$1" new="$2" game="${3:-shogi}" tc="${4:-movetime=50}" elo0="${5:-0}" elo1="${6:-5}" max="${7:-4000}"
start=$(date +%s)
echo "=== $game: SPRT elo0=$elo0 elo1=$elo1 alpha=beta=0.05, $tc, at most $max games; new=$new old=$old"
"$new" match --variant "$game" --each "option.TablebaseFile=none option.Move_Overhead=10" \
  --engine "cmd=$new name=new" --engine "cmd=$old name=old" --games "$max" --tc "$tc" \
  --openings plies=4 balance=150 --concurrency 2 --seed "${SEED:-15}" \
  --sprt elo0="$elo0" elo1="$elo1" alpha=0.05 beta=0.05 --no-live --quiet
echo "($game: $(($(date +%s) - start)) s)"
