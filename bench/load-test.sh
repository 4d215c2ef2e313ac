#!/usr/bin/env bash
# Time under load: fast games two at a time on a two-core machine, our engine against itself and against
# Fairy-Stockfish 11.1 (Debian), under byoyomi 100 ms and under 1 s + 100 ms increment, with no grace: a reply
# later than its allowance loses on time (--margin 0). For each match: the result, each engine's time line
# (replies, slowest reply, least margin under the allowance) and, from the game records, the games lost on
# time and the illegal moves.
# Usage: bench/load-test.sh [GAMES per match (250)] [VARIANT (shogi)] [MATCH...]
#        MATCH: self-byoyomi self-increment fsf-byoyomi fsf-increment (default: all four; four times 250 games
#        is the 1,000-game test). $MENAGERIE names the binary, $FSF Fairy-Stockfish, $RECORDS keeps the games,
#        $THREADS (default 1) the search threads of every engine (two games of 2-thread engines on 2 cores: the
#        thinking side's threads outnumber the cores).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
case "${1:-}" in -h | --help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;; esac
bin="${MENAGERIE:-$here/../build/release/menagerie}"
fsf="${FSF:-$(command -v fairy-stockfish || echo /usr/games/fairy-stockfish)}"
games="${1:-250}" variant="${2:-shogi}"
threads="${THREADS:-1}"
case "$threads" in '' | *[!0-9]* | 0) echo "THREADS must be a number of threads, 1 or more" >&2; exit 2 ;; esac
shift $(($# < 2 ? $# : 2))
matches=("$@")
[ ${#matches[@]} -gt 0 ] || matches=(self-byoyomi self-increment fsf-byoyomi fsf-increment)
records="${RECORDS:-$(mktemp -d)}"
mkdir -p "$records"
for m in "${matches[@]}"; do
  case "$m" in
    *-byoyomi) tc=time=0,byoyomi=100 ;;
    *-increment) tc=time=1000,inc=100 ;;
    *) echo "unknown match '$m'" >&2; exit 2 ;;
  esac
  case "$m" in
    self-*) other="cmd=$bin name=menagerie-b option.Threads=$threads" ;;
    # Fairy-Stockfish 11.1 reads USI's btime as the clock of the side it calls white (its issue 269, fixed
    # after 11.1), so under a clock it plays through XBoard, where each engine is told its own time.
    fsf-byoyomi) other="cmd=$fsf name=fairy-stockfish option.Threads=$threads" ;;
    fsf-increment) other="cmd=$fsf name=fairy-stockfish proto=xboard option.Threads=$threads" ;;
    *) echo "unknown match '$m'" >&2; exit 2 ;;
  esac
  file="$records/$m.games"
  rm -f "$file"
  start=$(date +%s)
  echo "=== $m: $games games of $variant, $tc, $threads thread(s) each, two at a time, no grace"
  "$bin" match --variant "$variant" --engine "cmd=$bin name=menagerie option.Threads=$threads" --engine "$other" --games "$games" \
    --tc "$tc" --margin 0 --resign moves=3 score=1500 --concurrency 2 --seed 21 --record "$file" --no-live --quiet
  echo "games lost on time: $(grep -cE '^\[Reason ".*: (time forfeit|no move)' "$file" || true)," \
    "illegal moves: $(grep -cE '^\[Reason ".*illegal move' "$file" || true)," \
    "other engine faults: $(grep -E '^\[Reason "[^"]*: ' "$file" | grep -vcE 'resigned|declared|adjudicated|time forfeit|no move|illegal' || true)" \
    "($(($(date +%s) - start)) s; games in $file)"
done
