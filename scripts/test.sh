#!/usr/bin/env bash
# Sets up, builds the Release and the sanitizer (ASan+UBSan) builds, and runs the whole test suite on both.
# Long checks (deep perft) are behind the CTest label "long": run them with scripts/long-checks.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --tests
jobs="$(nproc 2>/dev/null || echo 2)"
for preset in release sanitize; do
  echo "=== $preset build" >&2
  scripts/build.sh "$preset"
  echo "=== $preset tests"
  ctest --preset "$preset" -j "$jobs"
done
