#!/usr/bin/env bash
# Self-play of a new build against an old one, one match per game, to show that a change is not weaker: both
# binaries with the Dobutsu tablebase off (so that search plays every move), balanced random openings, colours
# alternated per opening, two games at a time, Move_Overhead 10 ms (the default 50 would leave a 50 ms move
# nothing to think with). Prints each game's result line (score, Elo with its interval).
# Usage: bench/ab-match.sh OLD_BINARY NEW_BINARY [GAMES (400)] [TC (movetime=50)] [GAME...]
#        GAME: dobutsu jungle torishogi shogi (default: all four). $SEED sets the openings' seed (15).
set -euo pipefail
if [ $# -lt 2 ]; then
  sed -n '2,6p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
fi
old="$1" new="$2" games="${3:-400}" tc="${4:-movetime=50}"
shift $(($# < 4 ? $# : 4))
variants=("$@")
[ ${#variants[@]} -gt 0 ] || variants=(dobutsu jungle torishogi shogi)
for v in "${variants[@]}"; do
  start=$(date +%s)
  echo "=== $v: $games games, $tc, new=$new old=$old"
  "$new" match --variant "$v" --each "option.TablebaseFile=none option.Move_Overhead=10" --engine "cmd=$new name=new" \
    --engine "cmd=$old name=old" --games "$games" --tc "$tc" --openings plies=4 balance=150 --concurrency 2 \
    --seed "${SEED:-15}" --no-live --quiet
  echo "(${v}: $(($(date +%s) - start)) s)"
done
