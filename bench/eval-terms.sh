#!/usr/bin/env bash
# Measures each evaluation term of a game by self-play: the default weights against the same engine with
# that one term set to 0, at a fixed depth. A positive Elo means the term helps.
# Usage: bench/eval-terms.sh VARIANT [GAMES] [DEPTH] [OPENING_PLIES] [BINARY]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
variant="${1:?usage: eval-terms.sh VARIANT [GAMES] [DEPTH] [OPENING_PLIES] [BINARY]}"
games="${2:-100}"
depth="${3:-6}"
openings="${4:-4}"
bin="${5:-$here/../build/release/menagerie}"
terms="$("$bin" selfplay --variant "$variant" --terms)"
IFS=',' read -ra items <<<"$terms"
for item in "${items[@]}"; do
  term="${item%%=*}"
  "$bin" selfplay --variant "$variant" --a name=default --b "name=no_$term,eval.$term=0" --games "$games" \
    --depth "$depth" --openings "$openings" --seed 7 --concurrency 2 --quiet
done
