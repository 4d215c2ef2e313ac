#!/usr/bin/env bash
# The long checks: tests labelled "long" (deep perft, exhaustive mate proofs, the Dobutsu reachable-position
# count, about 15 minutes in all), on the Release build.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh release
ctest --test-dir build/release -L long --output-on-failure
