#!/usr/bin/env bash
# Builds the WebAssembly engine with Debian's emscripten (installed through apt-get when missing; nothing else
# is downloaded) into build/wasm/:
#   menagerie.js, menagerie-engine.js, menagerie-engine.wasm   the engine under Node: node build/wasm/menagerie.js
#   site/         the board page with the engine in a Web Worker, for any static file server (one thread)
#   shogihome/menagerie/   the engine for ShogiHome's web version (engine.json and the module; its
#                 WebAssembly engine ABI, shogihome-wasm-engine/1): copy the folder to its public/engines/
# Usage: scripts/wasm.sh [--clean]. Progress goes to stderr.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
out="$root/build/wasm"
[ "${1:-}" = "--clean" ] && rm -rf "$out"
if ! command -v emcmake >/dev/null 2>&1; then
  echo "wasm: installing Debian's emscripten" >&2
  if [ "$(id -u)" -eq 0 ]; then apt-get update >&2 && apt-get install -y emscripten >&2
  else sudo apt-get update >&2 && sudo apt-get install -y emscripten >&2; fi
fi
# Debian's emcc runs its JavaScript tools with the machine's node, which finds Debian's modules (acorn) only
# through NODE_PATH.
export NODE_PATH="${NODE_PATH:+$NODE_PATH:}/usr/share/nodejs"
jobs="$(nproc 2>/dev/null || echo 2)"
emcmake cmake -S "$root" -B "$out/cmake" -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF >&2
cmake --build "$out/cmake" --target menagerie-engine -j "$jobs" >&2

# The Node front: an ES module beside the engine's module.
cp "$out/cmake/menagerie-engine.js" "$out/cmake/menagerie-engine.wasm" "$out/"
cp "$root/protocol/wasm/node.mjs" "$out/menagerie.js"
chmod +x "$out/menagerie.js"
printf '{ "type": "module", "private": true }\n' > "$out/package.json"

# The usi answer, for the manifests: the engine's name, author and options as it declares them.
usi="$(printf 'usi\nquit\n' | node "$out/menagerie.js")"
echo "$usi" | grep -q '^usiok$' || { echo "wasm: the Node engine did not answer usi" >&2; exit 1; }

# The static site: the page's files, the worker and the module.
rm -rf "$out/site"
mkdir -p "$out/site"
cp -r "$root/protocol/web/page/." "$out/site/"
cp "$out/menagerie-engine.js" "$out/menagerie-engine.wasm" "$out/site/"
# The page's transport: the engine in a worker, not menagerie serve's WebSocket (protocol/web/page/transport.js).
sed -i 's|<meta name="menagerie-engine" content="server">|<meta name="menagerie-engine" content="worker">|' "$out/site/index.html"
grep -q 'content="worker"' "$out/site/index.html" || { echo "wasm: could not set the page's transport" >&2; exit 1; }

# ShogiHome's engine folder: the module and its manifest (protocol/wasm/manifest.mjs, from the usi answer).
rm -rf "$out/shogihome"
mkdir -p "$out/shogihome/menagerie"
cp "$out/menagerie-engine.js" "$out/menagerie-engine.wasm" "$out/shogihome/menagerie/"
echo "$usi" | node "$root/protocol/wasm/manifest.mjs" > "$out/shogihome/menagerie/engine.json"

for f in menagerie-engine.wasm menagerie-engine.js; do
  printf 'wasm: %-24s %8d bytes, %8d gzipped\n' "$f" "$(stat -c %s "$out/$f")" "$(gzip -9c "$out/$f" | wc -c)" >&2
done
echo "wasm: built $out (node $out/menagerie.js; serve $out/site)" >&2
