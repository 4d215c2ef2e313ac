#!/usr/bin/env bash
# Times how long the engine takes to report the forced win in each position of bench/dobutsu-mates.txt,
# with `go movetime 2000` (the limit the engine must meet). Prints one line per position and a summary.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
bin="${1:-$here/../build/release/menagerie}"
limit_ms="${2:-2000}"
found=0 total=0 worst=0
while IFS= read -r sfen; do
  case "$sfen" in ''|'#'*) continue ;; esac
  total=$((total + 1))
  line="$(printf 'position sfen %s\ngo movetime %s\n' "$sfen" "$limit_ms" | "$bin" | grep -m1 ' score mate [0-9]' || true)"
  if [ -n "$line" ]; then
    found=$((found + 1))
    mate="$(sed -E 's/.* score mate ([0-9]+).*/\1/' <<<"$line")"
    ms="$(sed -E 's/.* time ([0-9]+).*/\1/' <<<"$line")"
    [ "$ms" -gt "$worst" ] && worst="$ms"
    printf '%-28s mate %-3s after %5s ms\n' "$sfen" "$mate" "$ms"
  else
    printf '%-28s no mate reported within %s ms\n' "$sfen" "$limit_ms"
  fi
done < "$here/dobutsu-mates.txt"
echo "found $found of $total forced wins within ${limit_ms} ms; slowest first report: ${worst} ms"
[ "$found" -eq "$total" ]
