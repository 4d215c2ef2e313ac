#!/bin/bash
# Public shogi game records read by Menagerie and by tsshogi (ShogiHome's record library), compared: the game
# records that come with Debian's sources of GPS Shogi (gpsshogi 0.7.0: World Computer Shogi Championship,
# Computer Olympiad, GPW and Floodgate-style CSA records with analysis comments) and of OpenShogiLib (libosl:
# a Shift-JIS KI2). The sources are fetched with apt-get (a deb-src entry of its own, in a temporary folder;
# no root needed) unless DIR already holds records.
#
#   scripts/public-records.sh [BINARY] [DIR]     (defaults: build/release/menagerie, /tmp/menagerie-public-records)
# Prints how many records both read to the same moves (and end), and each record Menagerie refuses, with the
# line and the reason; fails when the two read a record to different moves.
set -euo pipefail
cd "$(dirname "$0")/.."
binary="${1:-build/release/menagerie}"
dir="${2:-/tmp/menagerie-public-records}"
if [ ! -x "$binary" ]; then echo "no binary at $binary (build first)" >&2; exit 2; fi
if [ ! -d tests/web/node_modules/tsshogi ]; then echo "tsshogi is missing: (cd tests/web && npm ci)" >&2; exit 2; fi
mkdir -p "$dir"
if ! find "$dir" -name '*.csa' -print -quit | grep -q .; then
  work="$dir/apt"
  mkdir -p "$work/lists/partial"
  codename="$(. /etc/os-release && echo "${VERSION_CODENAME:-bookworm}")"
  printf 'Types: deb-src\nURIs: http://deb.debian.org/debian\nSuites: %s\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
    "$codename" > "$work/src.sources"
  apt_opts=(-o "Dir::Etc::SourceList=$work/src.sources" -o Dir::Etc::SourceParts=/dev/null -o "Dir::State::Lists=$work/lists"
            -o "Dir::Cache=$work/cache" -o Debug::NoLocking=1)
  mkdir -p "$work/cache/archives/partial"
  echo "fetching the gpsshogi and libosl sources from Debian ..." >&2
  apt-get "${apt_opts[@]}" update >/dev/null
  # Only the upstream tarballs are needed (the Debian parts may be missing from the mirror).
  (cd "$work" && apt-get "${apt_opts[@]}" source --download-only gpsshogi libosl >/dev/null 2>&1) || true
  ls "$work"/gpsshogi_*.orig.tar.gz "$work"/libosl_*.orig.tar.gz >/dev/null
  for t in "$work"/*.orig.tar.gz; do
    tar xzf "$t" -C "$dir" --wildcards '*.csa' '*.ki2' '*.kif' 2>/dev/null || true
  done
fi
node tests/records/tsshogi_test.mjs "$binary" --dir "$dir"
