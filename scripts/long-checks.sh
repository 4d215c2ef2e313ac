#!/usr/bin/env bash
# The long checks: tests labelled "long" (deep perft, exhaustive mate proofs, the Dobutsu solutions of the
# published set and of every position with their tables and perfect play; a few minutes in all, 700 MB), on
# the Release build.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh release
ctest --test-dir build/release -L long --output-on-failure
