#!/usr/bin/env bash
# The strength reports of the match runner, one command per report (each prints its own result):
#   handicap   Dobutsu, depth 4 against depth 8
#   dobutsu    Dobutsu, a round robin of the six Skill_Level presets (0, 4, 8, 12, 16, 20)
#   table      Dobutsu, the tablebase engine against search (needs the table: menagerie solve dobutsu; $TABLE
#              names the file when it is not in the default place)
#   jungle     Jungle, a round robin of the six presets
#   fsf        Dobutsu against Fairy-Stockfish 11.1 through USI and through XBoard (its Dobutsu rules are
#              older than ours, so this checks the runner's two protocols, not strength)
# Usage: bench/strength-reports.sh REPORT... [BINARY in $MENAGERIE]; games and times are fixed here so that
# the figures in the README can be reproduced. Runs two games at a time.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
bin="${MENAGERIE:-$here/../build/release/menagerie}"
presets=(0 4 8 12 16 20)
ladder() {  # ladder VARIANT GAMES_PER_PAIR MOVETIME
  local args=()
  for level in "${presets[@]}"; do args+=(--engine "name=level$level option.Skill_Level=$level"); done
  "$bin" match --variant "$1" --each "cmd=$bin option.TablebaseFile=none" "${args[@]}" --games "$2" \
    --tc "movetime=$3" --concurrency 2 --seed 11 --quiet
}
for report in "$@"; do
  echo "=== $report"
  case "$report" in
    handicap)
      "$bin" match --variant dobutsu --each "cmd=$bin option.TablebaseFile=none" --engine "name=depth4 tc=depth=4" \
        --engine "name=depth8 tc=depth=8" --games 200 --concurrency 2 --seed 5 --quiet ;;
    dobutsu) ladder dobutsu 20 50 ;;
    jungle) ladder jungle 10 50 ;;
    table)
      "$bin" match --variant dobutsu --engine "cmd=$bin name=table option.TablebaseFile=${TABLE:-auto}" \
        --engine "cmd=$bin name=search option.TablebaseFile=none" --games 100 --tc movetime=100 \
        --concurrency 2 --seed 7 --quiet ;;
    fsf)
      fsf="$(command -v fairy-stockfish || echo /usr/games/fairy-stockfish)"
      for proto in usi xboard; do
        "$bin" match --variant dobutsu --engine "cmd=$bin name=menagerie option.TablebaseFile=none" \
          --engine "cmd=$fsf name=fsf-$proto proto=$proto" --games 20 --tc depth=6 --concurrency 2 --seed 3 --quiet
      done ;;
    *) echo "unknown report '$report' (handicap, dobutsu, table, jungle, fsf)" >&2; exit 2 ;;
  esac
done
