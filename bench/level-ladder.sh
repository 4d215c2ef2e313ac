#!/usr/bin/env bash
# Plays each playing-level preset against the one below it and prints the scores.
# Usage: bench/level-ladder.sh VARIANT [GAMES] [MOVETIME_MS] [OPENING_PLIES] [BINARY]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
variant="${1:?usage: level-ladder.sh VARIANT [GAMES] [MOVETIME_MS] [OPENING_PLIES] [BINARY]}"
games="${2:-100}"
movetime="${3:-100}"
openings="${4:-2}"
bin="${5:-$here/../build/release/menagerie}"
presets=(beginner easy normal hard expert master)
for ((i = 1; i < ${#presets[@]}; i++)); do
  upper="${presets[$i]}" lower="${presets[$((i - 1))]}"
  "$bin" selfplay --variant "$variant" --a "$upper" --b "$lower" --games "$games" --movetime "$movetime" \
    --openings "$openings" --seed "$i" --concurrency 2 --quiet
done
