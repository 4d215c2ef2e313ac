#!/usr/bin/env bash
# Runs ShogiHome's own conformance test of its WebAssembly engine ABI (src/tests/engines/conformance.spec.ts
# of sunfish-shogi/shogihome) on our shogi engine, the way an engine is added to ShogiHome: the engine's folder
# (build/wasm/shogihome/menagerie, from scripts/wasm.sh) copied to its public/engines/ and named in its catalog
# (BUILTIN_ENGINE_DIRS). The test then checks every engine there, ShogiHome's own "basic" one too.
#
# Only what that test needs is installed from npm (vitest, tsshogi, encoding-japanese), into the work folder;
# the rest of ShogiHome (Electron, Vue) is not built. Nothing is written outside WORK.
#
#   scripts/shogihome-conformance.sh SHOGIHOME_SOURCE [WORK (build/shogihome-conformance)]
# SHOGIHOME_SOURCE: a checkout of sunfish-shogi/shogihome, or its git directory (read at HEAD).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
  echo "usage: scripts/shogihome-conformance.sh SHOGIHOME_SOURCE [WORK]" >&2
  exit 2
fi
source_dir="$1"
work="${2:-build/shogihome-conformance}"
engine=build/wasm/shogihome/menagerie
[ -f "$engine/engine.json" ] || { echo "no engine at $engine: run scripts/wasm.sh first" >&2; exit 2; }
command -v npm >/dev/null || { echo "npm is needed (apt-get install npm)" >&2; exit 2; }

rm -rf "$work"
mkdir -p "$work/shogihome" "$work/modules"
if [ -f "$source_dir/package.json" ]; then
  cp -r "$source_dir/." "$work/shogihome/"
elif git --git-dir "$source_dir" rev-parse --verify -q HEAD >/dev/null; then
  git --git-dir "$source_dir" archive HEAD | tar -x -C "$work/shogihome"
else
  echo "$source_dir is neither a ShogiHome checkout nor its git directory" >&2
  exit 2
fi
spec="$work/shogihome/src/tests/engines/conformance.spec.ts"
catalog="$work/shogihome/src/renderer/wasm-engine/catalog.ts"
[ -f "$spec" ] && [ -f "$catalog" ] || { echo "$source_dir has no WebAssembly engine conformance test" >&2; exit 2; }

echo "shogihome-conformance: installing vitest, tsshogi and encoding-japanese (npm)" >&2
(cd "$work/modules" && echo '{ "name": "shogihome-conformance", "private": true }' > package.json &&
  npm install --no-audit --no-fund --loglevel=error vitest@^4 tsshogi@^2 encoding-japanese >&2)
mkdir -p "$work/shogihome/node_modules"
cp -r "$work/modules/node_modules/." "$work/shogihome/node_modules/"

cp -r "$engine" "$work/shogihome/public/engines/menagerie"
grep -q '^export const BUILTIN_ENGINE_DIRS = \[' "$catalog" || { echo "$catalog: no BUILTIN_ENGINE_DIRS" >&2; exit 1; }
sed -i 's/^export const BUILTIN_ENGINE_DIRS = \[/export const BUILTIN_ENGINE_DIRS = ["menagerie", /' "$catalog"

# ShogiHome's own alias ("@" for src/) and the spec alone, in Node.
cat > "$work/shogihome/conformance.config.mjs" <<'EOF'
import { resolve } from 'node:path';
export default {
  resolve: { alias: [{ find: '@', replacement: resolve(import.meta.dirname, 'src') }] },
  test: { globals: true, environment: 'node', include: ['src/tests/engines/conformance.spec.ts'] },
};
EOF
cd "$work/shogihome"
npx vitest run --config conformance.config.mjs --reporter verbose
