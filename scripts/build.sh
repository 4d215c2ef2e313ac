#!/usr/bin/env bash
# Configures and builds one preset: release (default), sanitize or tsan. Output goes to stderr.
set -euo pipefail
cd "$(dirname "$0")/.."
preset="${1:-release}"
case "$preset" in
  release|sanitize|tsan) ;;
  *) echo "build: unknown preset '$preset' (release, sanitize or tsan)" >&2; exit 2 ;;
esac
jobs="$(nproc 2>/dev/null || echo 2)"
cmake --preset "$preset" >&2
cmake --build --preset "$preset" -j "$jobs" >&2
