#!/usr/bin/env bash
# Prints the folder-level include edges of the sources ("protocol/web -> protocol/core  12": twelve #include
# lines from protocol/web name a file of protocol/core), and with --check fails (status 1) on an edge that runs
# the wrong way. Includes run one way: engine <- eval <- search <- protocol/core (the session, the catalogue,
# options) <- the fronts (protocol/loop, protocol/match, protocol/web, each on its own: no front includes
# another) <- protocol/cli (the command line, which starts them all). tests/, fuzz/ and bench/ may include
# anything. A folder is its top-level name, or its first two levels under protocol/.
set -euo pipefail
cd "$(dirname "$0")/.."
check=0
[ "${1:-}" = "--check" ] && check=1

unit() {
  case "$1" in
    protocol/*/*) echo "$1" | cut -d/ -f1-2 ;;
    *) echo "${1%%/*}" ;;
  esac
}
# The layer of a folder; folders of one layer above 0 may not include each other.
layer() {
  case "$1" in
    engine) echo 0 ;; eval) echo 1 ;; search) echo 2 ;; protocol/core) echo 3 ;;
    protocol/loop | protocol/match | protocol/web) echo 4 ;; protocol/cli) echo 5 ;;
    *) echo 9 ;;
  esac
}

edges="$(
  find engine eval search protocol bench fuzz tests -name node_modules -prune -o \( -name '*.cpp' -o -name '*.hpp' \) -print |
    sort | while read -r file; do
      from="$(unit "$file")"
      grep -oE '^[[:space:]]*#[[:space:]]*include[[:space:]]+"[^"]+/[^"]+"' "$file" | sed -E 's/.*"([^"]+)".*/\1/' |
        while read -r target; do
          [ -e "$target" ] || continue  # generated files and files outside the tree
          to="$(unit "$target")"
          [ "$from" = "$to" ] || echo "$from -> $to"
        done
    done | sort | uniq -c | awk '{ printf "%-16s -> %-16s %5d\n", $2, $4, $1 }'
)"
echo "$edges"

bad=0
while read -r from _ to count; do
  [ -n "$from" ] || continue
  lf="$(layer "$from")"
  lt="$(layer "$to")"
  [ "$lf" = 9 ] && continue
  if [ "$lt" -gt "$lf" ] || { [ "$lt" = "$lf" ] && [ "$lf" != 0 ]; }; then
    echo "include-edges: $from must not include $to ($count lines)" >&2
    bad=1
  fi
done <<< "$edges"
if [ "$check" = 1 ] && [ "$bad" = 1 ]; then exit 1; fi
exit 0
