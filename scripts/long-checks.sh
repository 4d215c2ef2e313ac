#!/usr/bin/env bash
# The long checks: tests labelled "long" (deep perft and the like), on the Release build.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh release
ctest --test-dir build/release -L long --output-on-failure
