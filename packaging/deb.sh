#!/usr/bin/env bash
# Builds the Debian package from the Release build (configured and built first when needed) and checks it:
# unpacked into a throwaway root (dpkg -x, no container and no root rights needed), its binary runs from
# another directory: --version, a perft, a USI session, and `serve` answering the board page and its API.
# Writes build/package/menagerie_<version>_amd64.deb. Usage: packaging/deb.sh [--no-check]
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
command -v dpkg-shlibdeps >/dev/null 2>&1 || {
  echo "deb: dpkg-shlibdeps is missing (apt-get install dpkg-dev)" >&2
  exit 1
}
[ -f build/release/CMakeCache.txt ] || cmake --preset release >&2
cmake --build build/release --target menagerie man_page -j "$(nproc 2>/dev/null || echo 2)" >&2
mkdir -p build/package
(cd build/package && cpack --config "$root/build/release/CPackConfig.cmake" -G DEB >&2)
deb="$(ls -t build/package/menagerie_*_*.deb | head -1)"
echo "deb: $deb ($(stat -c %s "$deb") bytes)" >&2
[ "${1:-}" = "--no-check" ] && exit 0

# The package, unpacked and run from elsewhere.
tmp="$(mktemp -d)"
trap 'kill "${server:-0}" 2>/dev/null || true; rm -rf "$tmp"' EXIT
dpkg-deb --info "$deb" | grep -E "Package|Version|Depends|Architecture" >&2
dpkg -x "$deb" "$tmp/root"
bin="$tmp/root/usr/bin/menagerie"
for f in usr/bin/menagerie usr/share/man/man6/menagerie.6.gz usr/share/doc/menagerie/README.md \
         usr/share/doc/menagerie/LICENSE usr/share/doc/menagerie/copyright; do
  [ -e "$tmp/root/$f" ] || { echo "deb: the package has no /$f" >&2; exit 1; }
done
zcat "$tmp/root/usr/share/man/man6/menagerie.6.gz" | grep -q '^\.TH MENAGERIE 6' || { echo "deb: bad man page" >&2; exit 1; }
mkdir -p "$tmp/elsewhere" "$tmp/home"
cd "$tmp/elsewhere"
export HOME="$tmp/home"
"$bin" --version
"$bin" perft --variant dobutsu --depth 5 | grep -q "Nodes searched: 8122" || { echo "deb: wrong perft" >&2; exit 1; }
printf 'usi\nposition startpos\ngo depth 4\nquit\n' | "$bin" | grep -q '^bestmove ' || { echo "deb: no bestmove" >&2; exit 1; }
"$bin" serve --port 0 > "$tmp/serve.out" 2>&1 &
server=$!
for _ in $(seq 50); do grep -q 'http://' "$tmp/serve.out" && break; sleep 0.1; done
url="$(grep -o 'http://[0-9.:]*/' "$tmp/serve.out" | head -1)"
[ -n "$url" ] || { echo "deb: serve printed no address" >&2; cat "$tmp/serve.out" >&2; exit 1; }
node -e "fetch(process.argv[1]).then(r => r.text()).then(t => process.exit(t.includes('<title>') ? 0 : 1))" "$url" ||
  { echo "deb: the served page did not load" >&2; exit 1; }
echo "deb: the package's menagerie runs from another directory: perft, USI and the served page" >&2
