#!/usr/bin/env bash
# A game's evaluation weights from one command: self-play games of this engine (two node limits, so that the
# two games of an opening differ; random 10-ply openings), then `menagerie tune` over them, which writes
# eval/<game>/tuned.inc. Rebuild afterwards, and keep the weights only if `bench/sprt.sh` says they gain.
# Usage: bench/tune.sh [GAMES (6000)] [SEED (1001)]
#   $VARIANT    shogi (the default) or torishogi, the games whose evaluation is tunable
#   $MENAGERIE  the binary; $WORK: where the games go
# About 40 minutes for 6,000 shogi games on two cores (tori shogi: about 8), then a minute of fitting.
# With $LABEL (a search, for example LABEL="go depth 7"), one position in three of those games is first scored
# by Fairy-Stockfish with that search (bench/label-games.sh; for tori shogi $REFERENCE must name a current
# Fairy-Stockfish, as Debian's 11.1 has no torishogi) and the weights are fitted to those scores blended half
# and half with the results, to_move kept (shogi's first round: 2,985 games of 665c5a9, seed 1001,
# LABEL="go depth 7"; about 28 minutes more for the labels). With $GAMES_FILE, an existing selfplay listing is
# used instead of new games.
# With $PREVIOUS (earlier rounds' "GAMES_FILE:SCORES_FILE" pairs, space-separated), the fit takes those
# labelled games too: a second round (new games of the fitted build, labelled, fitted with the first round's).
# Shogi's second round was such: 2,985 games of 665c5a9 (seed 1001) and 3,000 of 20c381d, which played with the
# first round's weights (seed 1035), 203,944 scores; the third (the weights in the repository) added 2,446
# games of e709e30 (seeds 1036, 1037).
# Labelled games are kept in bench/tune-data (xz-compressed; its README lists them) for the rounds to come.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
bin="${MENAGERIE:-$here/../build/release/menagerie}"
games="${1:-6000}" seed="${2:-1001}"
variant="${VARIANT:-shogi}"
case "$variant" in
  shogi) dir=shogi ;;
  torishogi) dir=tori ;;
  *) echo "VARIANT must be shogi or torishogi (the games whose evaluation is tunable)" >&2; exit 2 ;;
esac
work="${WORK:-$here/../build/tune}"
mkdir -p "$work"
file="${GAMES_FILE:-$work/$variant-games-$seed.txt}"
if [ -z "${GAMES_FILE:-}" ]; then
  echo "=== $games self-play games into $file"
  "$bin" selfplay --variant "$variant" --games "$games" --a nodes=4000,name=a --b nodes=4600,name=b --openings 10 \
    --concurrency 2 --seed "$seed" --max-plies 320 > "$file"
  tail -2 "$file"
fi
if [ -n "${LABEL:-}" ]; then
  echo "=== scoring one position in three with Fairy-Stockfish ($LABEL)"
  VARIANT="$variant" "$here/label-games.sh" "$file" "$file.scores" 3 "$LABEL" 2
  echo "=== fitting to the scores"
  previous=()
  for pair in ${PREVIOUS:-}; do previous+=(--games "${pair%%:*}" --scores "${pair#*:}"); done
  "$bin" tune --variant "$variant" "${previous[@]}" --games "$file" --scores "$file.scores" --lambda 0.5 --keep to_move \
    --out "$here/../eval/$dir/tuned.inc"
else
  echo "=== fitting"
  "$bin" tune --variant "$variant" --games "$file" --out "$here/../eval/$dir/tuned.inc" --epochs 400 --regularisation 1e-9
fi
