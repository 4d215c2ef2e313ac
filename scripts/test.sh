#!/usr/bin/env bash
# Sets up, builds the Release and the sanitizer (ASan+UBSan) builds, and runs the whole test suite on both;
# then the ThreadSanitizer build (the engine and the test binary only) and, on it, the tests of threads, the
# search, the session and the web server (the tsan test preset names them).
# Long checks (deep perft) are behind the CTest label "long": run them with scripts/long-checks.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --tests
jobs="$(nproc 2>/dev/null || echo 2)"
for preset in release sanitize tsan; do
  echo "=== $preset build" >&2
  scripts/build.sh "$preset"
  echo "=== $preset tests"
  ctest --preset "$preset" -j "$jobs"
done
