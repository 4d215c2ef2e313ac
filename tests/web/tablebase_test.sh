#!/usr/bin/env bash
# Long check (label "long"): the browser board with the complete Dobutsu tablebase. Solves every position
# with our own solver (about 30 s and 250 MB on 2 cores) unless TABLE names a table already made, then runs the
# browser test on Dobutsu with it: every move's value listed and shown on the destinations.
#   tests/web/tablebase_test.sh BINARY [TABLE]
set -euo pipefail
bin="$1"
table="${2:-}"
here="$(cd "$(dirname "$0")" && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
if [ -z "$table" ]; then
  table="$tmp/dobutsu.mtb"
  "$bin" solve dobutsu --out "$table" --threads 2 >&2
fi
node "$here/browser_test.mjs" "$bin" --games dobutsu --tablebase "$table"
